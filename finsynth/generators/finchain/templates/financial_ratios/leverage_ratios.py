"""Leverage ratios: how much a company relies on debt and how safely it carries it.

Covers debt-to-equity, interest coverage, debt-to-capital after a debt-funded buyback, a net debt
to EBITDA covenant test, and how many years of EBITDA growth bring leverage down to a covenant cap.
Equity is always positive, so no ratio is taken over negative equity.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    derived,
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

    Relations:
        (short_term_debt + long_term_debt) / shareholders_equity: 0 to 5 [debt_to_equity]
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

    Relations:
        (revenue - operating_costs) / revenue: 3% to 40% [operating_margin]
        (revenue - operating_costs) / interest_expense: 0.8 to 30 [interest_coverage]
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

    Relations:
        (total_debt + buyback_amount) / (shareholders_equity - buyback_amount): 0 to 8 [debt_to_equity]
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

    Relations:
        (total_debt - cash) / (ebit + depreciation_and_amortization): 0 to 8 [net_debt_to_ebitda]
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
def years_of_ebitda_growth_to_meet_a_leverage_covenant() -> Template:
    """Years for EBITDA growth alone to bring debt / EBITDA down to a covenant cap, debt held fixed.

    EBITDA = sales · (1 − v) − fixed costs + D&A; n = ln(D / (cap · EBITDA)) / ln(1 + g).

    Bands:
        debt / ebitda: 2.5 to 9
        ebit / sales: 4% to 30%
        years_to_covenant: 0.5 to 25

    Relations:
        debt / (sales * (1 - variable_cost_ratio) - fixed_costs + depreciation_and_amortization): 2.5 to 9.1
            [net_debt_to_ebitda]
        (sales * (1 - variable_cost_ratio) - fixed_costs) / sales: 5% to 30% [operating_margin]
    """
    return Template(
        givens=[
            company("firm"),
            money("sales", 20_000_000, 500_000_000, step=100_000),
            rate("variable_cost_ratio", 30, 70, step=1, decimals=0),
            money("fixed_costs", 2_000_000, 250_000_000, step=100_000),
            money("depreciation_and_amortization", 400_000, 40_000_000, step=10_000),
            number("covenant_limit", 2.5, 4.5, step=0.25, unit=Unit.TIMES),
            # Debt as a multiple of the covenant cap (not shown: it sizes the debt to the EBITDA).
            number("leverage_over_cap", 1.15, 2, step=0.01),
            derived(
                "debt",
                "leverage_over_cap * covenant_limit"
                " * (sales * (1 - variable_cost_ratio) - fixed_costs + depreciation_and_amortization)",
                decimals=0,
            ),
            rate("ebitda_growth", 3, 15, step=0.5, decimals=1),
        ],
        constraints=[
            "0.05 * sales <= sales * (1 - variable_cost_ratio) - fixed_costs <= 0.3 * sales",
            "0.02 * sales <= depreciation_and_amortization <= 0.08 * sales",
        ],
        question=(
            "{firm} has sales of {sales}, variable costs equal to {variable_cost_ratio} of sales, fixed "
            "operating costs (including depreciation and amortization) of {fixed_costs}, and depreciation "
            "and amortization of {depreciation_and_amortization}. It carries {debt} of debt, and its lenders "
            "cap debt to EBITDA at {covenant_limit}. If EBITDA grows at {ebitda_growth} a year, compounded, "
            "and the debt stays the same, how many years will it take for debt to EBITDA to fall to the cap? "
            "Give the answer in years to two decimal places."
        ),
        steps=[
            step("ebit", "sales * (1 - variable_cost_ratio) - fixed_costs", "Operating income (EBIT)"),
            step("ebitda", "ebit + depreciation_and_amortization", "EBITDA"),
            step("required_ebitda", "debt / covenant_limit", "EBITDA at which leverage equals the cap"),
            step(
                "growth_needed",
                "required_ebitda / ebitda",
                "Growth multiple EBITDA needs",
                unit=Unit.TIMES,
                decimals=4,
            ),
            step(
                "years_to_covenant",
                "log(growth_needed) / log(1 + ebitda_growth)",
                "Years of compounded growth to reach that multiple",
                unit=Unit.YEARS,
            ),
        ],
        answer=numeric("years_to_covenant"),
    )
