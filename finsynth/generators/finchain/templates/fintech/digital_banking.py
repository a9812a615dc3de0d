"""Digital banking: the profitability and customer economics of branchless banks.

The templates cover net interest margin, the cost-to-income ratio, the payback period of customer
acquisition cost, customer lifetime value against acquisition cost, and how a rise in the policy
rate moves net interest margin through asset and deposit betas while deposits run off.
"""

from finsynth.generators.finchain.dsl import Template, company, count, money, number, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

NET_INTEREST_FROM_GIVENS = "loans * loan_yield + reserves * policy_rate - deposits * deposit_rate"
"""Net interest income before a rate change, over the givens."""


@template(difficulty="basic")
def net_interest_margin_from_the_income_statement() -> Template:
    """NIM = (interest income − interest expense) / average earning assets, average = (begin + end) / 2.

    Bands:
        net_interest_margin: 1% to 7%

    Relations:
        earning_assets_end / earning_assets_begin: 50% to 200% [balance_sheet_item_over_a_year]
    """
    return Template(
        givens=[
            company("bank"),
            money("interest_income", 5_000_000, 500_000_000, step=100_000),
            money("interest_expense", 1_000_000, 300_000_000, step=100_000),
            money("earning_assets_begin", 100_000_000, 10_000_000_000, step=10_000_000),
            money("earning_assets_end", 100_000_000, 10_000_000_000, step=10_000_000),
        ],
        constraints=[
            "interest_expense < interest_income",
            "earning_assets_end >= 0.8 * earning_assets_begin",
            "earning_assets_end <= 1.5 * earning_assets_begin",
            "interest_income - interest_expense >= 0.01 * (earning_assets_begin + earning_assets_end) / 2",
            "interest_income - interest_expense <= 0.07 * (earning_assets_begin + earning_assets_end) / 2",
        ],
        question=(
            "{bank}, a digital bank, earned {interest_income} of interest income and paid {interest_expense} "
            "of interest expense this year. Its earning assets were {earning_assets_begin} at the start of "
            "the year and {earning_assets_end} at the end. Using the average of the two, what is its net "
            "interest margin? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("net_interest_income", "interest_income - interest_expense", "Net interest income"),
            step(
                "average_earning_assets",
                "(earning_assets_begin + earning_assets_end) / 2",
                "Average earning assets",
            ),
            step(
                "net_interest_margin",
                "net_interest_income / average_earning_assets",
                "Net interest margin",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("net_interest_margin"),
    )


@template(difficulty="basic")
def cost_to_income_ratio() -> Template:
    """Cost-to-income ratio = operating expenses / (net interest income + non-interest income).

    Bands:
        cost_to_income: 25% to 120%

    Relations:
        operating_expenses / (net_interest_income + fee_income): 25% to 120% [bank_cost_to_income_ratio]
        fee_income / (net_interest_income + fee_income): 5% to 60% [bank_noninterest_income_share]
    """
    return Template(
        givens=[
            company("bank"),
            money("net_interest_income", 10_000_000, 800_000_000, step=100_000),
            money("fee_income", 1_000_000, 300_000_000, step=100_000),
            money("operating_expenses", 5_000_000, 900_000_000, step=100_000),
        ],
        constraints=[
            "operating_expenses >= 0.25 * (net_interest_income + fee_income)",
            "operating_expenses <= 1.2 * (net_interest_income + fee_income)",
            # Fee income is 5–60% of revenue, as at real banks (about a third in aggregate).
            "0.05 * (net_interest_income + fee_income) <= fee_income",
            "fee_income <= 0.6 * (net_interest_income + fee_income)",
        ],
        question=(
            "{bank}, an app-only bank, reports net interest income of {net_interest_income}, fee and "
            "interchange income of {fee_income}, and operating expenses of {operating_expenses} for the "
            "year. What is its cost-to-income ratio? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("operating_income", "net_interest_income + fee_income", "Total operating income"),
            step(
                "cost_to_income",
                "operating_expenses / operating_income",
                "Operating expenses per dollar of income",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("cost_to_income"),
    )


@template(difficulty="intermediate")
def payback_period_of_customer_acquisition_cost() -> Template:
    """CAC payback (months) = customer acquisition cost / monthly contribution per customer.

    Contribution = balance × deposit spread / 12 + card spend × interchange rate − servicing cost.

    Bands:
        payback_months: 0.3 to 60

    Relations:
        interchange_rate: 0.5% to 1.8% [card_interchange_rate]
    """
    return Template(
        givens=[
            company("bank"),
            money("acquisition_cost", 20, 400, step=1),
            money("average_balance", 200, 20_000, step=50),
            rate("deposit_spread", 1, 4, step=0.05),
            money("monthly_card_spend", 100, 3_000, step=10),
            rate("interchange_rate", 0.5, 1.8, step=0.05),
            money("servicing_cost", 1, 8, step=0.25),
        ],
        constraints=[
            "average_balance * deposit_spread / 12 + monthly_card_spend * interchange_rate"
            " - servicing_cost >= 3",
            "acquisition_cost / (average_balance * deposit_spread / 12"
            " + monthly_card_spend * interchange_rate - servicing_cost) <= 60",
        ],
        question=(
            "{bank}, a neobank, spends {acquisition_cost} to acquire each customer. The average customer "
            "keeps {average_balance} on deposit, which the bank lends out at a net spread of "
            "{deposit_spread} a year, and spends {monthly_card_spend} a month on the debit card, earning the "
            "bank interchange of {interchange_rate}. Serving a customer costs {servicing_cost} a month. How "
            "many months does it take to recover the acquisition cost? Give the answer in months to two "
            "decimal places."
        ),
        steps=[
            step(
                "deposit_revenue",
                "average_balance * deposit_spread / 12",
                "Monthly spread revenue on deposits",
                decimals=4,
            ),
            step(
                "interchange_revenue",
                "monthly_card_spend * interchange_rate",
                "Monthly interchange revenue",
                decimals=4,
            ),
            step(
                "monthly_contribution",
                "deposit_revenue + interchange_revenue - servicing_cost",
                "Monthly contribution per customer",
                decimals=4,
            ),
            step(
                "payback_months",
                "acquisition_cost / monthly_contribution",
                "Months to recover the acquisition cost",
                unit=Unit.MONTHS,
                decimals=2,
            ),
        ],
        answer=numeric("payback_months"),
    )


@template(difficulty="intermediate")
def customer_lifetime_value_to_acquisition_cost() -> Template:
    """CLV = m · r / (1 + d − r) for yearly margin m, retention r and discount rate d; ratio = CLV / CAC.

    Bands:
        ltv_to_cac: 0.5 to 12

    Relations:
        (annual_revenue - annual_cost) * retention_rate / (1 + discount_rate - retention_rate) /
            acquisition_cost: 0.5 to 12 [lifetime_value_to_acquisition_cost]
    """
    return Template(
        givens=[
            company("bank"),
            money("annual_revenue", 50, 1_000, step=1),
            money("annual_cost", 10, 400, step=1),
            rate("retention_rate", 60, 95, step=0.5),
            rate("discount_rate", 5, 15, step=0.5),
            money("acquisition_cost", 20, 500, step=1),
        ],
        constraints=[
            "annual_cost <= annual_revenue - 10",
            # Keep the lifetime value between half and twelve times the acquisition cost.
            "(annual_revenue - annual_cost) * retention_rate / (1 + discount_rate - retention_rate)"
            " >= 0.5 * acquisition_cost",
            "(annual_revenue - annual_cost) * retention_rate / (1 + discount_rate - retention_rate)"
            " <= 12 * acquisition_cost",
        ],
        question=(
            "A customer of {bank}, a digital bank, brings in {annual_revenue} of revenue and costs "
            "{annual_cost} to serve each year. Each year a customer stays with probability {retention_rate}, "
            "and a customer who stays through a year yields that year's margin at its end. Acquiring a "
            "customer costs {acquisition_cost}, and the bank discounts at {discount_rate} a year. What is "
            "the ratio of customer lifetime value to acquisition cost? Give the ratio to two decimal places."
        ),
        steps=[
            step("annual_margin", "annual_revenue - annual_cost", "Yearly margin per customer"),
            step(
                "lifetime_value",
                "annual_margin * retention_rate / (1 + discount_rate - retention_rate)",
                "Customer lifetime value",
            ),
            step(
                "ltv_to_cac",
                "lifetime_value / acquisition_cost",
                "Lifetime value per dollar of acquisition cost",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("ltv_to_cac"),
    )


@template(difficulty="advanced")
def net_interest_margin_after_a_rate_rise_and_deposit_runoff() -> Template:
    """NIM after a policy-rate rise Δ while deposits run off monthly and wholesale borrowing replaces them.

    Deposits left after m months = D · (1 − q)^m; the runoff is refinanced at the new policy rate plus a
    spread. Loans reprice by β_L · Δ, reserves earn the policy rate, deposit rates rise by β_D · Δ.

    Bands:
        new_net_interest_margin: 0.3% to 9%
        remaining_deposits / deposits: 60% to 100%
        deposits / earning_assets: 85% to 95%

    Relations:
        deposits / earning_assets: 85% to 95% [deposit_funding_of_earning_assets]
    """
    return Template(
        givens=[
            company("bank"),
            money("loans", 500_000_000, 20_000_000_000, step=10_000_000),
            rate("loan_yield", 4, 12, step=0.05),
            money("reserves", 50_000_000, 5_000_000_000, step=10_000_000),
            rate("policy_rate", 1, 5, step=0.25),
            money("deposits", 400_000_000, 24_000_000_000, step=10_000_000),
            rate("deposit_rate", 0.1, 4, step=0.05),
            number("rate_rise_bp", 25, 300, step=25, decimals=0, unit=Unit.BASIS_POINTS),
            rate("loan_beta", 20, 100, step=5, decimals=0),
            rate("deposit_beta", 10, 90, step=5, decimals=0),
            rate("monthly_runoff", 0.5, 4, step=0.1, decimals=1),
            count("months", 3, 12, unit=Unit.MONTHS),
            rate("wholesale_spread", 0.2, 1.5, step=0.05),
        ],
        constraints=[
            # Equity and other zero-cost funds carry 5–15% of earning assets, as at real banks.
            "0.85 * (loans + reserves) <= deposits <= 0.95 * (loans + reserves)",
            # Net interest margins before the rise are 1–6%, as at real banks.
            f"0.01 * (loans + reserves) <= {NET_INTEREST_FROM_GIVENS} <= 0.06 * (loans + reserves)",
            "loan_yield >= policy_rate + 0.01",
            "deposit_rate <= policy_rate",
            "(1 - monthly_runoff) ** months >= 0.6",
        ],
        question=(
            "{bank}, a digital bank, holds {loans} of loans yielding {loan_yield} and {reserves} of reserves"
            " at the Federal Reserve, which earn the policy rate of {policy_rate}; both are earning assets. "
            "It funds them with {deposits} of deposits costing {deposit_rate}. The Fed raises its policy "
            "rate by {rate_rise_bp}. Loan yields rise by {loan_beta} of the increase, reserves earn the new "
            "policy rate, and deposit rates rise by {deposit_beta} of it. Over the next {months}, deposits "
            "run off at {monthly_runoff} of the remaining balance each month, and the bank replaces every "
            "dollar lost with wholesale borrowing at the new policy rate plus {wholesale_spread}. Holding "
            "loans and reserves fixed, what is the bank's annualized net interest margin at the end of that "
            "period? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("earning_assets", "loans + reserves", "Earning assets"),
            step(
                "remaining_deposits",
                "deposits * (1 - monthly_runoff) ** months",
                "Deposits left after the monthly runoff",
            ),
            step(
                "wholesale_funding", "deposits - remaining_deposits", "Runoff replaced by wholesale borrowing"
            ),
            step(
                "interest_income",
                "loans * (loan_yield + loan_beta * rate_rise_bp / 10000)"
                " + reserves * (policy_rate + rate_rise_bp / 10000)",
                "Annual interest income at the new rates",
            ),
            step(
                "interest_expense",
                "remaining_deposits * (deposit_rate + deposit_beta * rate_rise_bp / 10000)"
                " + wholesale_funding * (policy_rate + rate_rise_bp / 10000 + wholesale_spread)",
                "Annual interest expense on deposits and wholesale borrowing",
            ),
            step(
                "new_net_interest_margin",
                "(interest_income - interest_expense) / earning_assets",
                "Net interest margin after the rise and the runoff",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("new_net_interest_margin"),
    )
