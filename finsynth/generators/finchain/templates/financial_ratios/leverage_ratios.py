"""Leverage ratios: how much a company relies on debt and how safely it carries it.

Covers debt-to-equity, interest coverage, debt-to-capital after a debt-funded buyback, a net debt
to EBITDA covenant test, and the degree of financial leverage's effect on earnings per share.
Equity is always positive, so no ratio is taken over negative equity.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    money,
    number,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def debt_to_equity_ratio() -> Template:
    """Debt-to-equity = (short-term debt + long-term debt) / shareholders' equity.

    Bands:
        debt_to_equity: 0 to 5
    """
    return Template(
        givens=[
            company("firm"),
            money("short_term_debt", 0, 5_000_000, step=1_000),
            money("long_term_debt", 100_000, 50_000_000, step=1_000),
            money("shareholders_equity", 500_000, 60_000_000, step=1_000),
        ],
        constraints=["(short_term_debt + long_term_debt) / shareholders_equity <= 5"],
        question=(
            "{firm} has {short_term_debt} of short-term borrowings and {long_term_debt} of long-term debt. "
            "Shareholders' equity is {shareholders_equity}. What is its debt-to-equity ratio, counting only "
            "interest-bearing debt? Give the answer to two decimal places."
        ),
        steps=[
            step("total_debt", "short_term_debt + long_term_debt", "Interest-bearing debt"),
            step(
                "debt_to_equity",
                "total_debt / shareholders_equity",
                "Debt per dollar of equity",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("debt_to_equity"),
    )


@template(difficulty="basic")
def times_interest_earned() -> Template:
    """Times interest earned = EBIT / interest expense, with EBIT = revenue − operating costs.

    Bands:
        interest_coverage: 0.5 to 30
    """
    return Template(
        givens=[
            company("firm"),
            money("revenue", 1_000_000, 100_000_000, step=10_000),
            money("operating_costs", 500_000, 95_000_000, step=10_000),
            money("interest_expense", 10_000, 5_000_000, step=1_000),
        ],
        constraints=[
            "0.6 * revenue <= operating_costs <= 0.97 * revenue",
            "0.8 <= (revenue - operating_costs) / interest_expense <= 30",
        ],
        question=(
            "{firm} had revenue of {revenue} and operating costs of {operating_costs} (everything except "
            "interest and taxes). Its interest expense was {interest_expense}. What is its times interest "
            "earned ratio? Give the answer to two decimal places."
        ),
        steps=[
            step("ebit", "revenue - operating_costs", "Earnings before interest and taxes"),
            step(
                "interest_coverage",
                "ebit / interest_expense",
                "Times interest is covered by EBIT",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("interest_coverage"),
    )


@template(difficulty="intermediate")
def debt_to_capital_after_a_debt_funded_buyback() -> Template:
    """Debt-to-capital after a buyback funded by debt: (D + B) / ((D + B) + (E − B)).

    Bands:
        debt_to_capital_after: 0% to 90%
    """
    return Template(
        givens=[
            company("firm"),
            money("total_debt", 0, 40_000_000, step=10_000),
            money("shareholders_equity", 5_000_000, 80_000_000, step=10_000),
            money("buyback_amount", 1_000_000, 30_000_000, step=10_000),
        ],
        constraints=["buyback_amount <= 0.6 * shareholders_equity"],
        question=(
            "{firm} has {total_debt} of debt and {shareholders_equity} of shareholders' equity (book "
            "values). It borrows {buyback_amount} and spends all of it repurchasing its own shares, which "
            "reduces equity by the same amount. What is its debt-to-capital ratio after the buyback? Give "
            "the answer as a percentage to two decimal places."
        ),
        steps=[
            step("debt_after", "total_debt + buyback_amount", "Debt after the new borrowing"),
            step("equity_after", "shareholders_equity - buyback_amount", "Equity after the repurchase"),
            step("capital_after", "debt_after + equity_after", "Total capital after the buyback"),
            step(
                "debt_to_capital_after",
                "debt_after / capital_after",
                "Debt share of total capital",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("debt_to_capital_after"),
    )


@template(difficulty="intermediate")
def net_debt_to_ebitda_covenant_check() -> Template:
    """Net leverage = (total debt − cash) / (EBIT + depreciation and amortization), against a covenant cap.

    Bands:
        net_debt_to_ebitda: 0 to 8
    """
    return Template(
        givens=[
            company("firm"),
            money("ebit", 1_000_000, 50_000_000, step=10_000),
            money("depreciation_and_amortization", 100_000, 15_000_000, step=10_000),
            money("total_debt", 1_000_000, 200_000_000, step=100_000),
            money("cash", 0, 30_000_000, step=10_000),
            number("covenant_limit", 2.5, 4.5, step=0.25, unit=Unit.TIMES),
        ],
        constraints=[
            "cash < total_debt",
            "(total_debt - cash) / (ebit + depreciation_and_amortization) <= 8",
        ],
        question=(
            "{firm} reported EBIT of {ebit} after {depreciation_and_amortization} of depreciation and "
            "amortization. It has {total_debt} of debt and {cash} of cash. Its credit agreement caps net "
            "debt to EBITDA at {covenant_limit}. Compute the ratio to two decimal places, then classify the "
            "company as 'within covenant' if it is at most the cap, otherwise 'covenant breach'."
        ),
        steps=[
            step("ebitda", "ebit + depreciation_and_amortization", "EBITDA"),
            step("net_debt", "total_debt - cash", "Debt less cash"),
            step(
                "net_debt_to_ebitda",
                "net_debt / ebitda",
                "Net debt per dollar of EBITDA",
                unit=Unit.TIMES,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [("net_debt_to_ebitda <= covenant_limit", "within covenant")], otherwise="covenant breach"
        ),
    )


@template(difficulty="advanced")
def eps_change_from_financial_leverage() -> Template:
    """Degree of financial leverage DFL = EBIT / (EBIT − interest); %ΔEPS = DFL · %ΔEBIT.

    Bands:
        financial_leverage: 1 to 5
        eps_growth: 5% to 150%
    """
    return Template(
        givens=[
            company("firm"),
            money("sales", 5_000_000, 200_000_000, step=10_000),
            rate("variable_cost_ratio", 30, 70, step=1, decimals=0),
            money("fixed_costs", 500_000, 40_000_000, step=10_000),
            money("debt", 0, 100_000_000, step=100_000),
            rate("interest_rate", 3, 10, step=0.05),
            rate("ebit_growth", 5, 30, step=1, decimals=0),
        ],
        constraints=[
            "sales * (1 - variable_cost_ratio) - fixed_costs >= 0.05 * sales",
            "sales * (1 - variable_cost_ratio) - fixed_costs >= 1.25 * debt * interest_rate",
        ],
        question=(
            "{firm} has sales of {sales}, variable costs equal to {variable_cost_ratio} of sales and fixed "
            "operating costs of {fixed_costs}. It has {debt} of debt at an interest rate of {interest_rate} "
            "and no preferred stock. If EBIT rises by {ebit_growth}, by what percentage will earnings per "
            "share rise, using the degree of financial leverage at the current EBIT (the share count and tax "
            "rate do not change)? Keep the degree of financial leverage to four decimal places and give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "ebit",
                "sales * (1 - variable_cost_ratio) - fixed_costs",
                "Earnings before interest and taxes",
            ),
            step("interest_expense", "debt * interest_rate", "Annual interest"),
            step(
                "financial_leverage",
                "ebit / (ebit - interest_expense)",
                "Degree of financial leverage",
                unit=Unit.TIMES,
                decimals=4,
                rounded_before_use=True,
            ),
            step(
                "eps_growth",
                "financial_leverage * ebit_growth",
                "Percentage change in EPS",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("eps_growth"),
    )
