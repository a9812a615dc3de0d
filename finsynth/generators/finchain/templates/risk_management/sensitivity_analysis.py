"""Sensitivity analysis: how much an output (profit, net income, NPV) moves when one input changes.

The templates vary one input at a time around a base case: an interest-rate rise, a price
change, a drop in cash flows, or the value at which an input turns a project's NPV to zero.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    money,
    number,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BASIS_POINTS_PER_UNIT = 10_000
"""A rate of 1 (100%) is 10,000 basis points."""


def _annuity_factor(periodic_rate: str) -> str:
    """Present value of 1 dollar a year for ``years`` years: (1 − (1 + r)^−n) / r."""
    return f"(1 - (1 + {periodic_rate}) ** -years) / {periodic_rate}"


@template(difficulty="basic")
def net_income_impact_of_a_floating_rate_rise() -> Template:
    """After-tax earnings sensitivity to rates: ΔNI = −D · Δr · (1 − t) for floating-rate debt D.

    Bands:
        net_income_drop / floating_debt: 0% to 3%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("borrower"),
            money("floating_debt", 1_000_000, 500_000_000, step=100_000),
            number("rate_increase", 25, 300, step=5, decimals=0, unit=Unit.BASIS_POINTS),
            rate("tax_rate", 15, 35, step=1, decimals=0),
        ],
        question=(
            "{borrower} has {floating_debt} of floating-rate debt. If the benchmark rate rises by "
            "{rate_increase} for a full year, by how much does net income fall, given a tax rate of "
            "{tax_rate} on the company's profits? Round to the nearest cent."
        ),
        steps=[
            step(
                "extra_interest",
                f"floating_debt * rate_increase / {BASIS_POINTS_PER_UNIT}",
                "Extra interest expense for the year",
            ),
            step(
                "net_income_drop",
                "extra_interest * (1 - tax_rate)",
                "Fall in net income after the tax shield",
            ),
        ],
        answer=numeric("net_income_drop"),
    )


@template(difficulty="basic")
def degree_of_operating_leverage() -> Template:
    """Degree of operating leverage: DOL = Q · (P − v) / (Q · (P − v) − F) = contribution / EBIT.

    Bands:
        operating_leverage: 1 to 11

    Relations:
        (units_sold * (unit_price - unit_variable_cost) - fixed_costs) / (units_sold * unit_price):
            2% to 60% [operating_margin]
    """
    return Template(
        givens=[
            company("firm"),
            number("units_sold", 10_000, 500_000, step=100, decimals=0, unit=Unit.UNITS),
            money("unit_price", 10, 400, step=0.5),
            money("unit_variable_cost", 4, 300, step=0.25),
            money("fixed_costs", 50_000, 20_000_000, step=5_000),
        ],
        constraints=[
            "units_sold * (unit_price - unit_variable_cost) - fixed_costs <= 0.6 * units_sold * unit_price",
            "unit_price >= 1.15 * unit_variable_cost",
            "units_sold * (unit_price - unit_variable_cost) >= 1.1 * fixed_costs",
        ],
        question=(
            "{firm} sells {units_sold} at {unit_price} each. The variable cost is {unit_variable_cost} per "
            "unit and fixed operating costs are {fixed_costs}. What is the company's degree of operating "
            "leverage at this level of sales? Give the answer as a multiple to two decimal places."
        ),
        steps=[
            step(
                "contribution_margin",
                "units_sold * (unit_price - unit_variable_cost)",
                "Total contribution margin",
            ),
            step("operating_income", "contribution_margin - fixed_costs", "Operating income (EBIT)"),
            step(
                "operating_leverage",
                "contribution_margin / operating_income",
                "Degree of operating leverage",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("operating_leverage"),
    )


@template(difficulty="intermediate")
def switching_value_of_annual_cash_flow() -> Template:
    """Break-even (switching) cash flow CF* = I / ((1 − (1 + r)^−n) / r) and the cushion 1 − CF* / CF.

    Bands:
        cash_flow_cushion: 0% to 60%

    Relations:
        discount_rate: 4% to 16% [corporate_hurdle_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("initial_investment", 200_000, 30_000_000, step=5_000),
            money("annual_cash_flow", 50_000, 8_000_000, step=1_000),
            count("years", 3, 20, unit=Unit.YEARS),
            rate("discount_rate", 4, 16, step=0.1, decimals=1),
        ],
        constraints=[
            f"annual_cash_flow * {_annuity_factor('discount_rate')} >= 1.03 * initial_investment",
            f"annual_cash_flow * {_annuity_factor('discount_rate')} <= 2.5 * initial_investment",
        ],
        question=(
            "{firm} expects a project costing {initial_investment} today to return {annual_cash_flow} at "
            "the end of each of the next {years}, discounted at {discount_rate}. By what percentage can the "
            "annual cash flow fall short of the forecast before the project's NPV drops to zero? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "annuity_factor",
                _annuity_factor("discount_rate"),
                "Present value of 1 dollar a year",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "breakeven_cash_flow",
                "initial_investment / annuity_factor",
                "Annual cash flow that gives NPV = 0",
            ),
            step(
                "cash_flow_cushion",
                "1 - breakeven_cash_flow / annual_cash_flow",
                "Fall in cash flow the project can absorb",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("cash_flow_cushion"),
    )


@template(difficulty="intermediate")
def price_elasticity_of_operating_profit() -> Template:
    """Profit sensitivity to price with volume fixed: (ΔEBIT / EBIT) / (ΔP / P) = P · Q / EBIT.

    Bands:
        profit_elasticity: 1 to 25

    Relations:
        (units_sold * (unit_price - unit_variable_cost) - fixed_costs) / (units_sold * unit_price):
            5% to 60% [operating_margin]
    """
    return Template(
        givens=[
            company("firm"),
            number("units_sold", 5_000, 400_000, step=100, decimals=0, unit=Unit.UNITS),
            money("unit_price", 10, 400, step=0.5),
            money("unit_variable_cost", 4, 300, step=0.25),
            money("fixed_costs", 50_000, 20_000_000, step=5_000),
            rate("price_change", 1, 15, step=0.5, decimals=1),
        ],
        constraints=[
            "units_sold * (unit_price - unit_variable_cost) - fixed_costs <= 0.6 * units_sold * unit_price",
            "units_sold * (unit_price - unit_variable_cost) - fixed_costs >= 0.05 * units_sold * unit_price",
            "unit_price >= 1.15 * unit_variable_cost",
            "units_sold * (unit_price - unit_variable_cost) >= 1.1 * fixed_costs",
        ],
        question=(
            "{firm} sells {units_sold} a year at {unit_price} each, with a variable cost of "
            "{unit_variable_cost} per unit and fixed costs of {fixed_costs}. If it raises the price by "
            "{price_change} and volume does not change, what is the percentage change in operating profit "
            "divided by the percentage change in price? Compute the profit change as a percentage to four "
            "decimal places, then give the ratio to two decimal places."
        ),
        steps=[
            step(
                "base_profit",
                "units_sold * (unit_price - unit_variable_cost) - fixed_costs",
                "Operating profit at the current price",
            ),
            step(
                "new_profit",
                "units_sold * (unit_price * (1 + price_change) - unit_variable_cost) - fixed_costs",
                "Operating profit at the higher price",
            ),
            step(
                "profit_change",
                "(new_profit - base_profit) / base_profit",
                "Percentage change in operating profit",
                unit=Unit.PERCENT,
                decimals=4,
                rounded_before_use=True,
            ),
            step(
                "profit_elasticity",
                "profit_change / price_change",
                "Profit change per unit of price change",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("profit_elasticity"),
    )


@template(difficulty="advanced")
def tornado_ranking_of_two_npv_drivers() -> Template:
    """One-at-a-time (tornado) sensitivity of NPV = CF · (1 − (1 + r)^−n) / r − I.

    The NPV swing from cutting CF by a fraction s is compared with the swing from raising r by Δr.

    Bands:
        base_npv / initial_investment: 0 to 2

    Relations:
        discount_rate: 4% to 14% [corporate_hurdle_rate]
    """
    stressed_rate = f"(discount_rate + rate_increase / {BASIS_POINTS_PER_UNIT})"
    return Template(
        givens=[
            company("firm"),
            money("initial_investment", 200_000, 30_000_000, step=5_000),
            money("annual_cash_flow", 50_000, 8_000_000, step=1_000),
            count("years", 3, 25, unit=Unit.YEARS),
            rate("discount_rate", 4, 14, step=0.1, decimals=1),
            rate("cash_flow_shortfall", 5, 25, step=0.5, decimals=1),
            number("rate_increase", 50, 500, step=25, decimals=0, unit=Unit.BASIS_POINTS),
        ],
        constraints=[
            # The project is worth at most three times its cost (NPV at most twice the investment).
            "annual_cash_flow * (1 - (1 + discount_rate) ** -years) / discount_rate"
            " <= 3 * initial_investment",
            f"annual_cash_flow * {_annuity_factor('discount_rate')} >= 1.03 * initial_investment",
        ],
        question=(
            "{firm} evaluates a project that costs {initial_investment} and returns {annual_cash_flow} at "
            "the end of each of the next {years}, discounted at {discount_rate}. For a tornado chart the "
            "analyst changes one input at a time: the annual cash flow falls by {cash_flow_shortfall}, or "
            "the discount rate rises by {rate_increase}. Answer 'annual cash flow' if the cash-flow "
            "shortfall lowers the NPV by more than the rate increase does, otherwise answer 'discount "
            "rate'."
        ),
        steps=[
            step(
                "base_factor",
                _annuity_factor("discount_rate"),
                "Annuity factor at the base discount rate",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("base_npv", "annual_cash_flow * base_factor - initial_investment", "Base-case NPV"),
            step(
                "low_cash_flow_npv",
                "annual_cash_flow * (1 - cash_flow_shortfall) * base_factor - initial_investment",
                "NPV with the lower cash flow",
            ),
            step(
                "high_rate_factor",
                _annuity_factor(stressed_rate),
                "Annuity factor at the higher discount rate",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "high_rate_npv",
                "annual_cash_flow * high_rate_factor - initial_investment",
                "NPV at the higher rate",
            ),
            step("cash_flow_swing", "base_npv - low_cash_flow_npv", "NPV lost to the cash-flow shortfall"),
            step("rate_swing", "base_npv - high_rate_npv", "NPV lost to the rate increase"),
        ],
        answer=categorical([("cash_flow_swing > rate_swing", "annual cash flow")], otherwise="discount rate"),
    )
