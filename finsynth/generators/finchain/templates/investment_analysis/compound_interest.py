"""Compound interest: growth of money when interest earns interest."""

from finsynth.generators.finchain.dsl import Template, count, money, numeric, option, person, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

COMPOUNDING = {"annually": 1, "semiannually": 2, "quarterly": 4, "monthly": 12}


PLANNED_BALANCE = (
    "initial_deposit * (1 + annual_rate) ** years"
    " + yearly_contribution * ((1 + annual_rate) ** years - 1) / annual_rate"
)
"""The balance the deposit and contributions reach, over the givens."""


@template(difficulty="basic")
def future_value_of_a_single_deposit() -> Template:
    """Future value with annual compounding: FV = P · (1 + r)^n.

    Bands:
        growth_factor: 1 to 13

    Relations:
        annual_rate: 0.5% to 6.5% [savings_deposit_rate]
    """
    return Template(
        givens=[
            person("saver"),
            money("principal", 1_000, 100_000, step=50),
            rate("annual_rate", 0.5, 6.5, step=0.05),
            count("years", 2, 40, unit=Unit.YEARS),
        ],
        question=(
            "{saver} deposits {principal} in a savings account that pays {annual_rate} a year, "
            "compounded annually. With no withdrawals, what is the balance after {years}? "
            "Round to the nearest cent."
        ),
        steps=[
            step(
                "growth_factor",
                "(1 + annual_rate) ** years",
                "Growth of one dollar",
                unit=Unit.NONE,
                decimals=6,
            ),
            step("balance", "principal * growth_factor", "Balance after the holding period"),
        ],
        answer=numeric("balance"),
    )


@template(difficulty="basic")
def interest_earned_with_periodic_compounding() -> Template:
    """Compound interest with m periods a year: I = P · (1 + r/m)^(m·t) − P.

    Bands:
        balance / principal: 1 to 20

    Relations:
        annual_rate: 0.5% to 10% [long_run_portfolio_return]
    """
    return Template(
        givens=[
            person("saver"),
            money("principal", 500, 250_000, step=25),
            rate("annual_rate", 0.5, 10, step=0.05),
            option("periods_per_year", COMPOUNDING),
            count("years", 1, 30, unit=Unit.YEARS),
        ],
        question=(
            "{saver} invests {principal} at a nominal annual rate of {annual_rate}, compounded "
            "{periods_per_year}, for {years}. How much interest does the investment earn? "
            "Round to the nearest cent."
        ),
        steps=[
            step(
                "periodic_rate",
                "annual_rate / periods_per_year",
                "Rate per period",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "balance",
                "principal * (1 + periodic_rate) ** (periods_per_year * years)",
                "Balance at the end",
            ),
            step("interest_earned", "balance - principal", "Interest earned"),
        ],
        answer=numeric("interest_earned"),
    )


@template(difficulty="intermediate")
def years_to_reach_a_savings_goal() -> Template:
    """Time to grow a sum to a goal under annual compounding: n = ln(FV / PV) / ln(1 + r).

    Bands:
        years_needed: 2 to 50

    Relations:
        annual_rate: 1% to 12% [long_run_portfolio_return]
    """
    return Template(
        givens=[
            person("saver"),
            money("principal", 1_000, 50_000, step=100),
            money("goal", 1_500, 400_000, step=500),
            rate("annual_rate", 1, 12, step=0.05),
        ],
        constraints=["goal >= 1.2 * principal", "log(goal / principal) / log(1 + annual_rate) <= 50"],
        question=(
            "{saver} has {principal} invested at {annual_rate} a year, compounded annually, and wants "
            "the balance to reach {goal}. How many years will that take? Give the answer in years "
            "to two decimal places."
        ),
        steps=[
            step("growth_needed", "goal / principal", "Growth multiple needed", unit=Unit.NONE, decimals=6),
            step(
                "log_growth_needed",
                "log(growth_needed)",
                "Natural log of the multiple",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "log_growth_per_year",
                "log(1 + annual_rate)",
                "Natural log of one year's growth",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "years_needed",
                "log_growth_needed / log_growth_per_year",
                "Years needed",
                unit=Unit.YEARS,
                decimals=2,
            ),
        ],
        answer=numeric("years_needed"),
    )


@template(difficulty="intermediate")
def continuous_versus_monthly_compounding() -> Template:
    """Continuous compounding FV = P · e^(r·t) against monthly FV = P · (1 + r/12)^(12·t).

    Bands:
        continuous_balance / principal: 1 to 40
        extra_from_continuous / monthly_balance: 0% to 2%

    Relations:
        annual_rate: 1% to 12% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            person("investor"),
            money("principal", 1_000, 500_000, step=100),
            rate("annual_rate", 1, 12, step=0.05),
            count("years", 1, 30, unit=Unit.YEARS),
        ],
        question=(
            "{investor} can invest {principal} for {years} at a nominal annual rate of {annual_rate}, "
            "either compounded continuously or compounded monthly. How much more does continuous "
            "compounding pay at the end? Round to the nearest cent."
        ),
        steps=[
            step(
                "continuous_balance",
                "principal * exp(annual_rate * years)",
                "Balance with continuous compounding",
            ),
            step(
                "monthly_balance",
                "principal * (1 + annual_rate / 12) ** (12 * years)",
                "Balance with monthly compounding",
            ),
            step(
                "extra_from_continuous",
                "continuous_balance - monthly_balance",
                "Extra from continuous compounding",
            ),
        ],
        answer=numeric("extra_from_continuous"),
    )


@template(difficulty="advanced")
def deposit_plus_annual_contributions_against_a_goal() -> Template:
    """Lump sum plus ordinary annuity against a goal: FV = P(1 + r)^n + PMT · ((1 + r)^n − 1) / r.

    The answer is the surplus FV − goal (negative for a shortfall).

    Bands:
        balance / goal: 50% to 200%

    Relations:
        annual_rate: 1% to 10% [long_run_portfolio_return]
        yearly_contribution: 500 to 25,000 [retirement_contribution_limit]
    """
    return Template(
        givens=[
            person("saver"),
            money("initial_deposit", 1_000, 100_000, step=100),
            money("yearly_contribution", 500, 25_000, step=50),
            rate("annual_rate", 1, 10, step=0.05),
            count("years", 5, 40, unit=Unit.YEARS),
            money("goal", 50_000, 2_000_000, step=1_000),
        ],
        constraints=[
            # The goal is within reach of the plan: the balance is half to twice the goal.
            f"0.5 * goal <= {PLANNED_BALANCE} <= 2 * goal",
        ],
        question=(
            "{saver} opens a retirement account with {initial_deposit} and adds {yearly_contribution} "
            "at the end of every year. The account earns {annual_rate} a year, compounded annually. "
            "After {years}, by how much does the balance exceed the goal of {goal}? "
            "(A negative answer means a shortfall.) Round to the nearest cent."
        ),
        steps=[
            step(
                "growth_factor",
                "(1 + annual_rate) ** years",
                "Growth of one dollar",
                unit=Unit.NONE,
                decimals=6,
            ),
            step("deposit_value", "initial_deposit * growth_factor", "Future value of the initial deposit"),
            step(
                "annuity_factor",
                "(growth_factor - 1) / annual_rate",
                "Future value of 1 dollar a year",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "contributions_value",
                "yearly_contribution * annuity_factor",
                "Future value of the contributions",
            ),
            step("balance", "deposit_value + contributions_value", "Total balance"),
            step("surplus", "balance - goal", "Surplus over the goal"),
        ],
        answer=numeric("surplus"),
    )
