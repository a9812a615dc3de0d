"""Budgeting: splitting take-home pay, tracking spending against income, and planning savings.

Covers percentage-based budgets, monthly surpluses from itemized spending, emergency reserves,
lenders' debt-to-income tests, and how long a budget's surplus, saved at interest, takes to reach a goal.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    count,
    derived,
    money,
    numeric,
    option,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

DTI_LIMITS = {"36%": 0.36, "43%": 0.43}
"""Common back-end debt-to-income ceilings used by U.S. mortgage lenders."""


@template(difficulty="basic")
def monthly_savings_under_a_percentage_budget() -> Template:
    """Percentage budget: savings = (annual take-home / 12) · (1 − needs share − wants share).

    Bands:
        savings_share: 5% to 45%

    Relations:
        1 - needs_share - wants_share: 5% to 35% [household_saving_share]
    """
    return Template(
        givens=[
            person("earner"),
            money("annual_take_home", 30_000, 250_000, step=100),
            rate("needs_share", 40, 60, step=1, decimals=0),
            rate("wants_share", 15, 35, step=1, decimals=0),
        ],
        constraints=["needs_share + wants_share >= 0.65"],
        question=(
            "{earner} takes home {annual_take_home} a year after taxes and budgets each month's take-home "
            "pay as {needs_share} for needs and {wants_share} for wants, saving whatever is left. How much "
            "does {earner} save each month? Round to the nearest cent."
        ),
        steps=[
            step("monthly_take_home", "annual_take_home / 12", "Monthly take-home pay"),
            step(
                "savings_share",
                "1 - needs_share - wants_share",
                "Share of pay left for savings",
                unit=Unit.PERCENT,
                decimals=0,
            ),
            step("monthly_savings", "monthly_take_home * savings_share", "Amount saved each month"),
        ],
        answer=numeric("monthly_savings"),
    )


@template(difficulty="basic")
def monthly_surplus_from_itemized_expenses() -> Template:
    """Monthly budget balance: surplus = take-home income − Σ expenses (negative means a deficit).

    Bands:
        total_expenses / monthly_income: 50% to 115%

    Relations:
        total_expenses / monthly_income: 50% to 115% [household_spending_to_income]
    """
    return Template(
        givens=[
            person("household_head"),
            money("monthly_income", 2_500, 15_000, step=25),
            series("expenses", money("expense", 50, 3_000, step=5), length=(4, 8)),
        ],
        # A month's spending stays near what the household takes home: from half to 115% of it.
        constraints=[
            "0.5 * monthly_income <= sum(expenses) <= 1.15 * monthly_income",
            # The surplus is not one of the expense items the question lists.
            "min(abs(monthly_income - sum(expenses) - expense) for expense in expenses) >= 0.01",
        ],
        question=(
            "{household_head} takes home {monthly_income} a month. This month's expenses, item by item, were "
            "{expenses}. How much is left over at the end of the month? Give a negative number if spending "
            "exceeded income. Round to the nearest cent."
        ),
        steps=[
            step("total_expenses", "sum(expenses)", "Total spending for the month"),
            step("monthly_surplus", "monthly_income - total_expenses", "Income left after spending"),
        ],
        answer=numeric("monthly_surplus"),
    )


@template(difficulty="intermediate")
def months_to_fund_an_emergency_reserve() -> Template:
    """Emergency fund: months = ⌈(cover months · essential expenses − savings) / (income − spending)⌉.

    Bands:
        months_needed: 1 to 36
        monthly_saving / monthly_take_home: 1% to 50%

    Relations:
        monthly_spending / monthly_take_home: 50% to 100% [household_spending_to_income]
        months_of_cover: 3 to 6 [emergency_fund_months]
    """
    return Template(
        givens=[
            person("saver"),
            money("monthly_take_home", 3_000, 12_000, step=50),
            money("monthly_spending", 2_000, 11_000, step=50),
            money("essential_expenses", 1_500, 8_000, step=50),
            count("months_of_cover", 3, 6, unit=Unit.MONTHS),
            money("current_savings", 0, 20_000, step=100),
        ],
        constraints=[
            "monthly_take_home - monthly_spending >= 200",
            "monthly_spending >= 0.5 * monthly_take_home",
            "essential_expenses <= monthly_spending",
            "months_of_cover * essential_expenses >= current_savings + 500",
            "(months_of_cover * essential_expenses - current_savings)"
            " / (monthly_take_home - monthly_spending) <= 36",
            # The answer is not the number of months of cover the question states.
            "ceil((months_of_cover * essential_expenses - current_savings)"
            " / (monthly_take_home - monthly_spending)) != months_of_cover",
        ],
        question=(
            "{saver} takes home {monthly_take_home} a month and spends {monthly_spending}, of which "
            "{essential_expenses} is essential (housing, food, insurance, transport). {saver} wants an "
            "emergency reserve equal to {months_of_cover} of essential expenses and already has "
            "{current_savings} set aside. Saving the whole monthly surplus, how many months will it take to "
            "complete the reserve? Count a partial month as a full month."
        ),
        steps=[
            step("target_reserve", "months_of_cover * essential_expenses", "Size of the reserve"),
            step("amount_still_needed", "target_reserve - current_savings", "Amount still to save"),
            step("monthly_saving", "monthly_take_home - monthly_spending", "Surplus saved each month"),
            step(
                "months_needed",
                "ceil(amount_still_needed / monthly_saving)",
                "Whole months of saving",
                unit=Unit.MONTHS,
                decimals=0,
            ),
        ],
        answer=numeric("months_needed"),
    )


@template(difficulty="intermediate")
def debt_to_income_ratio_check() -> Template:
    """Back-end debt-to-income ratio: DTI = monthly debt payments / (gross annual income / 12).

    Bands:
        debt_to_income: 15% to 60%
        housing_payment / (gross_annual_income / 12): 14% to 36%

    Relations:
        housing_payment / gross_monthly_income: 14.9% to 35.1% [housing_cost_to_income]
        dti_limit == 0.36 or dti_limit == 0.43 [debt_to_income_limit]
    """
    return Template(
        givens=[
            person("applicant"),
            money("gross_annual_income", 36_000, 240_000, step=500),
            # Lenders see housing costs of about 15–35% of gross income; the payment follows the income.
            rate("housing_share", 15, 35, step=0.5),
            derived("housing_payment", "gross_annual_income / 12 * housing_share", decimals=0),
            money("car_payment", 0, 1_200, step=10),
            money("student_loan_payment", 0, 900, step=10),
            money("card_minimum", 25, 600, step=5),
            option("dti_limit", DTI_LIMITS),
        ],
        constraints=[
            "(housing_payment + car_payment + student_loan_payment + card_minimum)"
            " / (gross_annual_income / 12) <= 0.6"
        ],
        question=(
            "{applicant} earns {gross_annual_income} a year before taxes and applies for a mortgage whose "
            "monthly payment, with taxes and insurance, would be {housing_payment}. Other monthly debt "
            "payments are {car_payment} on a car loan, {student_loan_payment} on student loans and a "
            "{card_minimum} credit-card minimum. The lender approves only if the back-end debt-to-income "
            "ratio (all monthly debt payments divided by gross monthly income) is at most {dti_limit}. "
            "Compute the ratio as a percentage to two decimal places, then classify the application as "
            "'qualifies' if the ratio is at most the limit, otherwise 'does not qualify'."
        ),
        steps=[
            step("gross_monthly_income", "gross_annual_income / 12", "Gross monthly income"),
            step(
                "monthly_debt_payments",
                "housing_payment + car_payment + student_loan_payment + card_minimum",
                "Total monthly debt payments",
            ),
            step(
                "debt_to_income",
                "monthly_debt_payments / gross_monthly_income",
                "Back-end debt-to-income ratio",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical([("debt_to_income <= dti_limit", "qualifies")], otherwise="does not qualify"),
    )


@template(difficulty="advanced")
def months_to_a_savings_goal_from_the_monthly_surplus() -> Template:
    """Months of end-of-month deposits of the budget surplus D to reach a goal G at monthly rate i.

    D = take-home − fixed − variable costs; the balance after n deposits is D((1 + i)^n − 1) / i, so
    n = ⌈ln(1 + G · i / D) / ln(1 + i)⌉.

    Bands:
        monthly_surplus / monthly_take_home: 5% to 40%
        months_needed: 4 to 60

    Relations:
        monthly_spending / monthly_take_home: 60% to 95% [household_spending_to_income]
        annual_rate: 2% to 5.5% [savings_account_yield]
    """
    return Template(
        givens=[
            person("saver"),
            money("monthly_take_home", 3_000, 15_000, step=50),
            money("fixed_costs", 800, 6_000, step=25),
            money("variable_costs", 800, 7_000, step=25),
            money("savings_goal", 3_000, 80_000, step=500),
            rate("annual_rate", 2, 5.5, step=0.05),
        ],
        constraints=[
            "0.6 * monthly_take_home <= fixed_costs + variable_costs <= 0.95 * monthly_take_home",
            "savings_goal >= 4 * (monthly_take_home - fixed_costs - variable_costs)",
            "savings_goal <= 60 * (monthly_take_home - fixed_costs - variable_costs)",
        ],
        question=(
            "{saver} takes home {monthly_take_home} a month and spends {fixed_costs} on fixed costs (rent, "
            "insurance, subscriptions) and {variable_costs} on variable costs (food, fuel, leisure). At the "
            "end of each month {saver} deposits the whole surplus in a savings account that pays "
            "{annual_rate} a year, compounded monthly, starting from an empty account. How many monthly "
            "deposits does it take for the balance to reach {savings_goal}? Count a partial month as a full "
            "month."
        ),
        steps=[
            step("monthly_spending", "fixed_costs + variable_costs", "Spending each month"),
            step("monthly_surplus", "monthly_take_home - monthly_spending", "Surplus deposited each month"),
            step(
                "monthly_rate", "annual_rate / 12", "Interest rate per month", unit=Unit.PERCENT, decimals=4
            ),
            step(
                "months_exact",
                "log(1 + savings_goal * monthly_rate / monthly_surplus) / log(1 + monthly_rate)",
                "Months of deposits whose future value equals the goal",
                unit=Unit.MONTHS,
                decimals=2,
            ),
            step(
                "months_needed",
                "ceil(months_exact)",
                "Whole months of deposits",
                unit=Unit.MONTHS,
                decimals=0,
            ),
        ],
        answer=numeric("months_needed"),
    )
