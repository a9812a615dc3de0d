"""Saving and retirement planning: growing regular contributions and drawing income from savings.

Covers the future value of monthly contributions, the nest egg a withdrawal rate implies, the
monthly saving a goal requires, employer 401(k) matches, and the income a retirement balance
can pay out over a fixed number of years.
"""

from finsynth.generators.finchain.dsl import Template, count, money, numeric, person, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def todays_dollars_value_of_monthly_contributions() -> Template:
    """Future value of monthly deposits in today's dollars: FV / (1 + π)^t.

    FV = PMT · ((1 + r/12)^(12·t) − 1) / (r/12), deflated by t years of inflation π.

    Bands:
        account_balance / (monthly_contribution * number_of_deposits): 1 to 25
        real_balance / account_balance: 20% to 95%

    Relations:
        inflation_rate: 1.5% to 4% [us_consumer_price_inflation]
    """
    return Template(
        givens=[
            person("saver"),
            money("monthly_contribution", 50, 3_000, step=10),
            rate("annual_rate", 1, 12, step=0.05),
            rate("inflation_rate", 1.5, 4, step=0.1, decimals=1),
            count("years", 5, 40, unit=Unit.YEARS),
        ],
        question=(
            "{saver} deposits {monthly_contribution} into a retirement account at the end of every month for "
            "{years}. The account earns {annual_rate} a year, compounded monthly, and prices rise "
            "{inflation_rate} a year. What will the account be worth right after the last deposit, in "
            "today's dollars? Round to the nearest cent."
        ),
        steps=[
            step(
                "number_of_deposits", "12 * years", "Number of monthly deposits", unit=Unit.MONTHS, decimals=0
            ),
            step(
                "account_balance",
                "monthly_contribution * ((1 + annual_rate / 12) ** number_of_deposits - 1)"
                " / (annual_rate / 12)",
                "Future value of the deposits",
            ),
            step(
                "price_level",
                "(1 + inflation_rate) ** years",
                "Growth of prices over the years",
                unit=Unit.NONE,
                decimals=6,
            ),
            step("real_balance", "account_balance / price_level", "Balance in today's dollars"),
        ],
        answer=numeric("real_balance"),
    )


@template(difficulty="basic")
def nest_egg_needed_under_a_withdrawal_rate() -> Template:
    """Withdrawal-rate rule: nest egg = (desired income − Social Security) / withdrawal rate.

    Bands:
        nest_egg: 100,000 to 6,700,000
        income_gap / desired_income: 10% to 100%

    Relations:
        withdrawal_rate: 3% to 5% [safe_withdrawal_rate]
        social_security: 0 to 45,000 [social_security_annual_benefit]
    """
    return Template(
        givens=[
            person("retiree"),
            money("desired_income", 30_000, 200_000, step=500),
            money("social_security", 0, 45_000, step=100),
            rate("withdrawal_rate", 3, 5, step=0.05),
        ],
        constraints=["desired_income >= social_security + 5000"],
        question=(
            "{retiree} wants {desired_income} a year of income in retirement and expects {social_security} a "
            "year from Social Security. The rest will come from savings, withdrawn at a rate of "
            "{withdrawal_rate} of the starting balance each year. How large must the savings be at "
            "retirement? Round to the nearest cent."
        ),
        steps=[
            step("income_gap", "desired_income - social_security", "Income savings must provide"),
            step("nest_egg", "income_gap / withdrawal_rate", "Savings needed at retirement"),
        ],
        answer=numeric("nest_egg"),
    )


@template(difficulty="intermediate")
def monthly_saving_needed_for_a_goal() -> Template:
    """Sinking-fund payment: PMT = (G − S · (1 + i)^n) · i / ((1 + i)^n − 1), with i = r/12 and n = 12 · t.

    Bands:
        grown_savings / goal: 0% to 100%

    Relations:
        annual_rate: 1% to 10% [long_run_portfolio_return]
    """
    return Template(
        givens=[
            person("saver"),
            money("goal", 50_000, 2_000_000, step=1_000),
            money("current_savings", 0, 200_000, step=500),
            rate("annual_rate", 1, 10, step=0.05),
            count("years", 5, 40, unit=Unit.YEARS),
        ],
        constraints=["current_savings * (1 + annual_rate / 12) ** (12 * years) <= 0.9 * goal"],
        question=(
            "{saver} wants {goal} saved in {years}. {saver} already has {current_savings} in an account "
            "earning {annual_rate} a year, compounded monthly, and will add the same amount at the end of "
            "every month. How much must each monthly deposit be? Round to the nearest cent."
        ),
        steps=[
            step("number_of_months", "12 * years", "Months until the goal", unit=Unit.MONTHS, decimals=0),
            step(
                "growth_factor",
                "(1 + annual_rate / 12) ** number_of_months",
                "Growth of one dollar over the period",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("grown_savings", "current_savings * growth_factor", "Current savings at the goal date"),
            step("amount_from_deposits", "goal - grown_savings", "Amount the deposits must build"),
            step(
                "monthly_deposit",
                "amount_from_deposits * (annual_rate / 12) / (growth_factor - 1)",
                "Monthly deposit needed",
            ),
        ],
        answer=numeric("monthly_deposit"),
    )


@template(difficulty="intermediate")
def employer_match_value_at_retirement() -> Template:
    """401(k) with a capped match: C = S · c + S · m · min(c, cap); FV = C · ((1 + r)^n − 1) / r.

    Bands:
        employer_match / salary: 0% to 6%

    Relations:
        employee_contribution <= 23000 [elective_deferral_limit]
        match_rate >= 0.25 and match_rate <= 1
            and match_cap >= 0.03 and match_cap <= 0.06 [employer_401k_match]
        annual_return: 3% to 9% [long_run_portfolio_return]
    """
    return Template(
        givens=[
            person("employee"),
            money("salary", 30_000, 250_000, step=500),
            rate("contribution_rate", 1, 15, step=0.5, decimals=1),
            rate("match_rate", 25, 100, step=25, decimals=0),
            rate("match_cap", 3, 6, step=1, decimals=0),
            rate("annual_return", 3, 9, step=0.05),
            count("years", 5, 40, unit=Unit.YEARS),
        ],
        constraints=["salary * contribution_rate <= 23000"],
        question=(
            "{employee} earns {salary} a year and contributes {contribution_rate} of salary to a 401(k). The "
            "employer adds {match_rate} of the employee's contributions, but only on contributions up to "
            "{match_cap} of salary. Both contributions go in once a year at the end of the year, salary does "
            "not change, and the account earns {annual_return} a year, compounded annually. What will the "
            "account be worth after {years}? Round to the nearest cent."
        ),
        steps=[
            step("employee_contribution", "salary * contribution_rate", "Employee's yearly contribution"),
            step(
                "employer_match",
                "salary * match_rate * min(contribution_rate, match_cap)",
                "Employer's yearly match (capped)",
            ),
            step("yearly_deposit", "employee_contribution + employer_match", "Total deposited each year"),
            step(
                "account_value",
                "yearly_deposit * ((1 + annual_return) ** years - 1) / annual_return",
                "Future value of the yearly deposits",
            ),
        ],
        answer=numeric("account_value"),
    )


@template(difficulty="advanced")
def sustainable_monthly_retirement_income() -> Template:
    """Accumulation then payout: W = B · i₂ / (1 − (1 + i₂)^−(12·R)), with B = S · g + PMT · (g − 1) / i₁.

    Here g = (1 + i₁)^(12·T) is the growth over T years of saving at i₁ = r₁/12 a month, and the balance B
    is paid out monthly over R years at i₂ = r₂/12.

    Bands:
        balance_at_retirement: 100,000 to 30,000,000

    Relations:
        growth_rate: 3% to 10% [long_run_portfolio_return]
        retirement_rate <= growth_rate [retirement_glide_path]
    """
    return Template(
        givens=[
            person("saver"),
            money("current_savings", 0, 500_000, step=500),
            money("monthly_contribution", 100, 4_000, step=25),
            count("years_to_retirement", 5, 40, unit=Unit.YEARS),
            rate("growth_rate", 3, 10, step=0.05),
            rate("retirement_rate", 2, 6, step=0.05),
            count("years_in_retirement", 15, 35, unit=Unit.YEARS),
        ],
        constraints=["retirement_rate <= growth_rate"],
        question=(
            "{saver} has {current_savings} saved for retirement and will add {monthly_contribution} at the "
            "end of every month for the {years_to_retirement} until retiring. Until then the savings earn "
            "{growth_rate} a year, compounded monthly. At retirement {saver} moves the whole balance into a "
            "safer portfolio earning {retirement_rate} a year, compounded monthly, and withdraws the same "
            "amount at the end of every month so that the money runs out after {years_in_retirement}. How "
            "much can {saver} withdraw each month? Round to the nearest cent."
        ),
        steps=[
            step(
                "accumulation_factor",
                "(1 + growth_rate / 12) ** (12 * years_to_retirement)",
                "Growth of one dollar until retirement",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("grown_savings", "current_savings * accumulation_factor", "Current savings at retirement"),
            step(
                "grown_contributions",
                "monthly_contribution * (accumulation_factor - 1) / (growth_rate / 12)",
                "Future value of the monthly contributions",
            ),
            step("balance_at_retirement", "grown_savings + grown_contributions", "Balance at retirement"),
            step(
                "monthly_income",
                "balance_at_retirement * (retirement_rate / 12)"
                " / (1 - (1 + retirement_rate / 12) ** -(12 * years_in_retirement))",
                "Level monthly withdrawal that exhausts the balance",
            ),
        ],
        answer=numeric("monthly_income"),
    )
