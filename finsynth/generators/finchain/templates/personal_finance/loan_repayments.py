"""Loan repayments: level payments on amortizing loans and what happens to them over time.

Covers the monthly payment, how a payment splits between interest and principal, total interest,
the balance still owed part-way through, and how much sooner extra payments retire a loan.
"""

from finsynth.generators.finchain.dsl import Template, count, derived, money, numeric, person, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

LEVEL_PAYMENT = "principal * (annual_rate / 12) / (1 - (1 + annual_rate / 12) ** -(12 * years))"
"""Monthly payment that retires ``principal`` over ``years`` at ``annual_rate`` compounded monthly."""


@template(difficulty="basic")
def monthly_payment_on_an_amortizing_loan() -> Template:
    """Level payment of an amortizing loan: PMT = P · i / (1 − (1 + i)^−n), i = r/12, n = 12 · years.

    Bands:
        monthly_payment * number_of_payments / principal: 1 to 3.8

    Relations:
        (years <= 7 and principal <= 100000)
            or (years >= 8 and principal >= 50000 and annual_rate <= 0.087) [household_loan_by_kind]
    """
    return Template(
        givens=[
            person("borrower"),
            money("principal", 5_000, 750_000, step=100),
            rate("annual_rate", 2, 12, step=0.05),
            count("years", 2, 30, unit=Unit.YEARS),
        ],
        constraints=[
            "(years <= 7 and principal <= 100000)"
            " or (years >= 8 and principal >= 50000 and annual_rate <= 0.087)"
        ],
        question=(
            "{borrower} borrows {principal} at a fixed annual rate of {annual_rate}, compounded monthly, and "
            "repays the loan in equal payments at the end of each month over {years}. What is the monthly "
            "payment? Round to the nearest cent."
        ),
        steps=[
            step(
                "number_of_payments", "12 * years", "Number of monthly payments", unit=Unit.MONTHS, decimals=0
            ),
            step(
                "monthly_payment",
                "principal * (annual_rate / 12) / (1 - (1 + annual_rate / 12) ** -number_of_payments)",
                "Level monthly payment",
            ),
        ],
        answer=numeric("monthly_payment"),
    )


@template(difficulty="basic")
def principal_repaid_by_the_first_payment() -> Template:
    """First payment split: interest = P · r/12, principal repaid = PMT − interest.

    Bands:
        first_principal_repaid / monthly_payment: 5% to 95%

    Relations:
        annual_rate: 2.5% to 8.5% [mortgage_rate]
        years >= 8 and years <= 30 [mortgage_term]
    """
    return Template(
        givens=[
            person("borrower"),
            money("principal", 20_000, 900_000, step=500),
            rate("annual_rate", 2.5, 8.5, step=0.05),
            count("years", 8, 30, unit=Unit.YEARS),
            derived("monthly_payment", LEVEL_PAYMENT),
        ],
        question=(
            "{borrower} takes out a mortgage of {principal} over {years} at {annual_rate} a year, compounded "
            "monthly. The monthly payment, made at the end of each month, is {monthly_payment}, and the "
            "lender rounds each month's interest charge to the nearest cent. How much of the first payment "
            "goes to reducing the principal? Round to the nearest cent."
        ),
        steps=[
            step(
                "first_month_interest",
                "principal * annual_rate / 12",
                "Interest for the first month, to the cent",
                rounded_before_use=True,
            ),
            step(
                "first_principal_repaid",
                "monthly_payment - first_month_interest",
                "Part of the first payment that repays principal",
            ),
        ],
        answer=numeric("first_principal_repaid"),
    )


@template(difficulty="intermediate")
def total_interest_on_a_car_loan() -> Template:
    """Lifetime interest on a loan: n · PMT − P, with PMT = P · i / (1 − (1 + i)^−n) rounded to the cent.

    Bands:
        down_payment / car_price: 0% to 50%
        total_interest / amount_financed: 0% to 60%

    Relations:
        annual_rate: 1.9% to 14% [auto_loan_rate]
        amount_financed / car_price: 50% to 100% [auto_loan_to_value]
        car_price: 15,000 to 95,000 [new_vehicle_price]
    """
    return Template(
        givens=[
            person("buyer"),
            money("car_price", 15_000, 95_000, step=50),
            money("down_payment", 0, 40_000, step=50),
            rate("annual_rate", 1.9, 14, step=0.05),
            count("years", 2, 7, unit=Unit.YEARS),
        ],
        constraints=["down_payment <= 0.5 * car_price"],
        question=(
            "{buyer} buys a car for {car_price}, pays {down_payment} down and finances the rest at "
            "{annual_rate} a year, compounded monthly, with equal end-of-month payments over {years}. The "
            "lender rounds the monthly payment to the nearest cent. How much interest will {buyer} pay over "
            "the life of the loan? Round to the nearest cent."
        ),
        steps=[
            step("amount_financed", "car_price - down_payment", "Amount borrowed"),
            step(
                "number_of_payments", "12 * years", "Number of monthly payments", unit=Unit.MONTHS, decimals=0
            ),
            step(
                "monthly_payment",
                "amount_financed * (annual_rate / 12) / (1 - (1 + annual_rate / 12) ** -number_of_payments)",
                "Level monthly payment, rounded to the cent",
                rounded_before_use=True,
            ),
            step(
                "total_interest",
                "monthly_payment * number_of_payments - amount_financed",
                "Total paid less the amount borrowed",
            ),
        ],
        answer=numeric("total_interest"),
    )


@template(difficulty="intermediate")
def balance_owed_after_some_payments() -> Template:
    """Outstanding balance after k payments: B_k = P · (1 + i)^k − PMT · ((1 + i)^k − 1) / i, i = r/12.

    Bands:
        remaining_balance / principal: 0% to 100%

    Relations:
        annual_rate: 2.5% to 8.5% [mortgage_rate]
        years >= 8 and years <= 30 [mortgage_term]
    """
    return Template(
        givens=[
            person("borrower"),
            money("principal", 50_000, 900_000, step=1_000),
            rate("annual_rate", 2.5, 8.5, step=0.05),
            count("years", 10, 30, unit=Unit.YEARS),
            derived("monthly_payment", LEVEL_PAYMENT),
            count("payments_made", 6, 300, unit=Unit.MONTHS),
        ],
        constraints=["payments_made < 12 * years"],
        question=(
            "{borrower} has a mortgage of {principal} over {years} at {annual_rate} a year, compounded "
            "monthly, with end-of-month payments of {monthly_payment}. After making the payments for "
            "{payments_made}, how much principal is still owed? Round to the nearest cent."
        ),
        steps=[
            step(
                "growth_factor",
                "(1 + annual_rate / 12) ** payments_made",
                "Growth of one dollar over the payments made",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "grown_principal",
                "principal * growth_factor",
                "Original balance carried forward with interest",
            ),
            step(
                "value_of_payments",
                "monthly_payment * (growth_factor - 1) / (annual_rate / 12)",
                "Payments made, carried forward with interest",
            ),
            step("remaining_balance", "grown_principal - value_of_payments", "Balance still owed"),
        ],
        answer=numeric("remaining_balance"),
    )


@template(difficulty="advanced")
def months_saved_by_paying_extra_each_month() -> Template:
    """Payments needed to retire a loan, n = −ln(1 − P · i / PMT) / ln(1 + i), with and without extra.

    The months saved are n at the scheduled payment minus n at the scheduled payment plus the extra.

    Bands:
        extra_payment / monthly_payment: 0% to 50%

    Relations:
        annual_rate: 2.5% to 8.5% [mortgage_rate]
        years >= 8 and years <= 30 [mortgage_term]
    """
    return Template(
        givens=[
            person("borrower"),
            money("principal", 50_000, 800_000, step=1_000),
            rate("annual_rate", 2.5, 8.5, step=0.05),
            count("years", 10, 30, unit=Unit.YEARS),
            derived("monthly_payment", LEVEL_PAYMENT),
            money("extra_payment", 25, 2_000, step=25),
        ],
        constraints=[
            "extra_payment <= 0.5 * monthly_payment",
        ],
        question=(
            "{borrower} owes {principal} on a mortgage over {years} at {annual_rate} a year, compounded "
            "monthly, with end-of-month payments of {monthly_payment}. If {borrower} adds {extra_payment} to "
            "every monthly payment from the start, how many fewer months will it take to pay off the loan? "
            "Treat the number of payments as a continuous quantity and give the answer in months to two "
            "decimal places."
        ),
        steps=[
            step(
                "new_payment", "monthly_payment + extra_payment", "Monthly payment including the extra amount"
            ),
            step(
                "months_at_scheduled_payment",
                "-log(1 - principal * (annual_rate / 12) / monthly_payment) / log(1 + annual_rate / 12)",
                "Payments needed at the scheduled payment",
                unit=Unit.MONTHS,
                decimals=4,
            ),
            step(
                "months_with_extra",
                "-log(1 - principal * (annual_rate / 12) / new_payment) / log(1 + annual_rate / 12)",
                "Payments needed with the extra amount",
                unit=Unit.MONTHS,
                decimals=4,
            ),
            step(
                "months_saved",
                "months_at_scheduled_payment - months_with_extra",
                "Months saved",
                unit=Unit.MONTHS,
                decimals=2,
            ),
        ],
        answer=numeric("months_saved"),
    )
