"""Valuation methods: what a target is worth by comparables, precedent deals and discounted cash flow.

Relative valuation applies multiples of similar companies or past transactions to the target's
earnings or revenue; intrinsic valuation discounts forecast free cash flows and a terminal value
at the weighted average cost of capital, then bridges from enterprise value to equity per share.
"""

from finsynth.generators.finchain.dsl import (
    Step,
    Template,
    company,
    count,
    money,
    number,
    numeric,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


def dollars(name: str, formula: str, description: str) -> Step:
    """Return a step rounded to whole dollars (company values here are stated to the dollar)."""
    return step(name, formula, description, decimals=0)


def multiple(name: str, formula: str, description: str) -> Step:
    """Return a valuation multiple kept to four decimals so applying it does not lose precision."""
    return step(name, formula, description, unit=Unit.TIMES, decimals=4)


PRECEDENT_EQUITY_VALUE = (
    "(first_deal_multiple + second_deal_multiple + third_deal_multiple) / 3 * revenue - debt + cash"
)
"""Equity value implied by the average precedent multiple, over the givens."""


@template(difficulty="basic")
def equity_value_from_harmonic_mean_peer_price_earnings_ratio() -> Template:
    """Comparable companies by the harmonic mean P/E: equity value = 3 / Σ (1 / P/E_i) × net income.

    The harmonic mean averages the peers' earnings yields, so one peer at a high multiple does
    not pull the valuation up as the arithmetic mean would.

    Bands:
        harmonic_mean_pe: 8 to 35

    Relations:
        first_peer_pe: 8 to 35 [price_to_earnings]
        second_peer_pe: 8 to 35 [price_to_earnings]
        third_peer_pe: 8 to 35 [price_to_earnings]
    """
    return Template(
        givens=[
            company("target"),
            number("first_peer_pe", 8, 35, step=0.1, decimals=1, unit=Unit.TIMES),
            number("second_peer_pe", 8, 35, step=0.1, decimals=1, unit=Unit.TIMES),
            number("third_peer_pe", 8, 35, step=0.1, decimals=1, unit=Unit.TIMES),
            money("net_income", 5_000_000, 900_000_000, step=100_000, decimals=0),
        ],
        question=(
            "Three listed peers of {target} trade at price-to-earnings ratios of {first_peer_pe}, "
            "{second_peer_pe} and {third_peer_pe}. {target} earned {net_income} last year. Applying the "
            "harmonic mean of the three peer multiples (the reciprocal of their average earnings yield), "
            "what is the implied equity value of {target}? Round to the nearest dollar."
        ),
        steps=[
            step(
                "average_earnings_yield",
                "(1 / first_peer_pe + 1 / second_peer_pe + 1 / third_peer_pe) / 3",
                "Average peer earnings yield (E/P)",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            multiple("harmonic_mean_pe", "1 / average_earnings_yield", "Harmonic mean peer P/E"),
            dollars("implied_equity_value", "harmonic_mean_pe * net_income", "Implied equity value"),
        ],
        answer=numeric("implied_equity_value"),
    )


@template(difficulty="basic")
def present_value_of_a_gordon_growth_terminal_value() -> Template:
    """Gordon growth terminal value, TV_n = FCF_n · (1 + g) / (WACC − g), discounted by (1 + WACC)^n.

    Bands:
        terminal_value / next_year_fcf: 7 to 75

    Relations:
        wacc: 6% to 14% [weighted_average_cost_of_capital]
        growth_rate: 0.5% to 4% [perpetual_growth_rate]
    """
    return Template(
        givens=[
            company("target"),
            money("final_year_fcf", 1_000_000, 500_000_000, step=100_000, decimals=0),
            rate("growth_rate", 0.5, 4, step=0.1, decimals=1),
            rate("wacc", 6, 14, step=0.1, decimals=1),
            count("forecast_years", 3, 10, unit=Unit.YEARS),
        ],
        constraints=["wacc - growth_rate >= 0.03"],
        question=(
            "An analyst's forecast for {target} runs for {forecast_years} and ends with free cash flow of "
            "{final_year_fcf} in the final year. After that, cash flow is expected to grow at {growth_rate} "
            "a year forever, and the weighted average cost of capital is {wacc}. What is the present value "
            "today of the terminal value at the end of the forecast? Round to the nearest dollar."
        ),
        steps=[
            dollars(
                "next_year_fcf",
                "final_year_fcf * (1 + growth_rate)",
                "Free cash flow one year after the forecast",
            ),
            dollars(
                "terminal_value", "next_year_fcf / (wacc - growth_rate)", "Terminal value at the horizon"
            ),
            dollars(
                "terminal_value_today",
                "terminal_value / (1 + wacc) ** forecast_years",
                "Terminal value today",
            ),
        ],
        answer=numeric("terminal_value_today"),
    )


@template(difficulty="intermediate")
def share_price_implied_by_precedent_transactions() -> Template:
    """Precedent-transactions valuation per share.

    EV = mean deal EV/revenue × revenue; value per share = (EV − debt + cash) / shares.

    Bands:
        value_per_share: 5 to 300

    Relations:
        (first_deal_multiple + second_deal_multiple + third_deal_multiple) / 3: 0.8 to 6 [ev_to_revenue]
    """
    return Template(
        givens=[
            company("target"),
            number("first_deal_multiple", 0.8, 6, step=0.05, decimals=2, unit=Unit.TIMES),
            number("second_deal_multiple", 0.8, 6, step=0.05, decimals=2, unit=Unit.TIMES),
            number("third_deal_multiple", 0.8, 6, step=0.05, decimals=2, unit=Unit.TIMES),
            money("revenue", 50_000_000, 5_000_000_000, step=1_000_000, decimals=0),
            money("debt", 0, 2_000_000_000, step=1_000_000, decimals=0),
            money("cash", 1_000_000, 800_000_000, step=1_000_000, decimals=0),
            number("shares_outstanding", 5_000_000, 500_000_000, step=100_000, decimals=0, unit=Unit.SHARES),
        ],
        constraints=[
            # The implied price is $5–300 a share.
            f"5 * shares_outstanding <= {PRECEDENT_EQUITY_VALUE} <= 300 * shares_outstanding",
            "debt - cash <= revenue * (first_deal_multiple + second_deal_multiple + third_deal_multiple) / 6",
            "revenue >= 2 * shares_outstanding",
            "revenue <= 200 * shares_outstanding",
        ],
        question=(
            "Three recent acquisitions of companies like {target} were priced at {first_deal_multiple}, "
            "{second_deal_multiple} and {third_deal_multiple} enterprise value to revenue. {target} has "
            "revenue of {revenue}, debt of {debt}, cash of {cash} and {shares_outstanding} outstanding. "
            "Applying the average deal multiple, what value per share does this method imply? Round to the "
            "nearest cent."
        ),
        steps=[
            multiple(
                "average_multiple",
                "(first_deal_multiple + second_deal_multiple + third_deal_multiple) / 3",
                "Average EV/revenue of the precedent deals",
            ),
            dollars("enterprise_value", "average_multiple * revenue", "Implied enterprise value"),
            dollars("equity_value", "enterprise_value - debt + cash", "Implied equity value"),
            step("value_per_share", "equity_value / shares_outstanding", "Implied value per share"),
        ],
        answer=numeric("value_per_share"),
    )


@template(difficulty="intermediate")
def enterprise_value_from_a_five_year_dcf() -> Template:
    """Discounted cash flow with a Gordon growth terminal value.

    EV = Σ_{t=1..5} FCF_t / (1 + WACC)^t + FCF_5 · (1 + g) / ((WACC − g)(1 + WACC)^5).

    Bands:
        terminal_value_today / enterprise_value: 20% to 95%

    Relations:
        wacc: 6% to 14% [weighted_average_cost_of_capital]
        growth_rate: 0.5% to 4% [perpetual_growth_rate]
    """
    return Template(
        givens=[
            company("target"),
            series(
                "forecast_fcf",
                money("fcf", 5_000_000, 300_000_000, step=100_000, decimals=0),
                length=5,
            ),
            rate("wacc", 6, 14, step=0.1, decimals=1),
            rate("growth_rate", 0.5, 4, step=0.1, decimals=1),
        ],
        constraints=["max(forecast_fcf) <= 2.5 * min(forecast_fcf)", "wacc - growth_rate >= 0.03"],
        question=(
            "A five-year forecast of {target}'s free cash flows is {forecast_fcf} (years 1 to 5, received "
            "at each year end). After year 5, free cash flow grows at {growth_rate} a year forever. At a "
            "weighted average cost of capital of {wacc}, what is {target}'s enterprise value today? Round "
            "to the nearest dollar."
        ),
        steps=[
            dollars(
                "forecast_value",
                "sum(fcf / (1 + wacc) ** year for year, fcf in enumerate(forecast_fcf, 1))",
                "Present value of the five forecast years",
            ),
            dollars(
                "terminal_value",
                "forecast_fcf[4] * (1 + growth_rate) / (wacc - growth_rate)",
                "Terminal value at the end of year 5",
            ),
            dollars(
                "terminal_value_today",
                "terminal_value / (1 + wacc) ** 5",
                "Terminal value discounted to today",
            ),
            dollars("enterprise_value", "forecast_value + terminal_value_today", "Enterprise value"),
        ],
        answer=numeric("enterprise_value"),
    )


@template(difficulty="advanced")
def value_per_share_from_a_two_stage_dcf() -> Template:
    """Two-stage DCF per share.

    EV = Σ_{t=1..n} FCF_0 (1 + g₁)^t / (1 + WACC)^t + FCF_0 (1 + g₁)^n (1 + g₂) / ((WACC − g₂)(1 + WACC)^n);
    value per share = (EV − net debt) / shares.

    Bands:
        value_per_share: 2 to 350

    Relations:
        wacc: 7% to 13% [weighted_average_cost_of_capital]
        stable_growth_rate: 1% to 3.5% [perpetual_growth_rate]
    """
    return Template(
        givens=[
            company("target"),
            money("current_fcf", 5_000_000, 500_000_000, step=100_000, decimals=0),
            rate("high_growth_rate", 5, 20, step=0.5, decimals=1),
            count("high_growth_years", 3, 8, unit=Unit.YEARS),
            rate("stable_growth_rate", 1, 3.5, step=0.1, decimals=1),
            rate("wacc", 7, 13, step=0.1, decimals=1),
            money("net_debt", 0, 1_500_000_000, step=1_000_000, decimals=0),
            number("shares_outstanding", 20_000_000, 800_000_000, step=100_000, decimals=0, unit=Unit.SHARES),
        ],
        constraints=[
            "wacc - stable_growth_rate >= 0.04",
            "net_debt <= 4 * current_fcf",
            "current_fcf >= 0.5 * shares_outstanding",
            "current_fcf <= 8 * shares_outstanding",
        ],
        question=(
            "{target} generated free cash flow of {current_fcf} this year. Analysts expect it to grow at "
            "{high_growth_rate} a year for the next {high_growth_years}, and at {stable_growth_rate} a year "
            "forever after that. The weighted average cost of capital is {wacc}, net debt is {net_debt}, and "
            "{shares_outstanding} are outstanding. What is the DCF value per share? Round to the nearest "
            "cent."
        ),
        steps=[
            dollars(
                "growth_phase_value",
                "sum(current_fcf * (1 + high_growth_rate) ** year / (1 + wacc) ** year"
                " for year in range(1, high_growth_years + 1))",
                "Present value of the high-growth years",
            ),
            dollars(
                "first_stable_fcf",
                "current_fcf * (1 + high_growth_rate) ** high_growth_years * (1 + stable_growth_rate)",
                "Free cash flow in the first stable year",
            ),
            dollars(
                "terminal_value",
                "first_stable_fcf / (wacc - stable_growth_rate)",
                "Terminal value at the end of the high-growth phase",
            ),
            dollars(
                "terminal_value_today",
                "terminal_value / (1 + wacc) ** high_growth_years",
                "Terminal value discounted to today",
            ),
            dollars("enterprise_value", "growth_phase_value + terminal_value_today", "Enterprise value"),
            dollars("equity_value", "enterprise_value - net_debt", "Equity value"),
            step("value_per_share", "equity_value / shares_outstanding", "Value per share"),
        ],
        answer=numeric("value_per_share"),
    )
