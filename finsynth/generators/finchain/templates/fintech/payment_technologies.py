"""Payment technologies: the economics of card, ACH and payment-facilitator processing.

The templates cover interchange-plus pricing of a card sale, the effective rate of flat-rate
processing, choosing between pricing plans, moving business payments from card to ACH, and the
net revenue a payment facilitator keeps, after pass-through costs and fraud, on growing volume.
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


@template(difficulty="basic")
def merchant_fee_under_interchange_plus_pricing() -> Template:
    """Interchange-plus fee = amount × (interchange + network assessment + processor markup) + fixed fee.

    Bands:
        processing_fee / sale_amount: 1.3% to 10%

    Relations:
        interchange_rate: 1.15% to 2.65% [card_interchange_rate]
    """
    return Template(
        givens=[
            company("merchant"),
            money("sale_amount", 5, 2_000, step=0.01),
            rate("interchange_rate", 1.15, 2.65, step=0.01),
            rate("assessment_rate", 0.1, 0.16, step=0.01),
            rate("markup_rate", 0.1, 0.5, step=0.01),
            money("fixed_fee", 0.05, 0.35, step=0.01),
        ],
        question=(
            "{merchant} accepts a {sale_amount} credit card sale on interchange-plus pricing. Interchange is "
            "{interchange_rate} of the sale, the card network's assessment is {assessment_rate}, the "
            "processor's markup is {markup_rate}, and fixed per-transaction fees total {fixed_fee}. What is "
            "the total processing fee on the sale? Round to the nearest cent."
        ),
        steps=[
            step(
                "percentage_rate",
                "interchange_rate + assessment_rate + markup_rate",
                "Combined percentage fee",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step("processing_fee", "sale_amount * percentage_rate + fixed_fee", "Total fee on the sale"),
        ],
        answer=numeric("processing_fee"),
    )


@template(difficulty="basic")
def effective_rate_of_flat_rate_processing() -> Template:
    """Effective rate = (volume × percentage fee + transactions × fixed fee) / volume.

    Bands:
        monthly_volume / transactions: 10 to 500
        effective_rate: 2.3% to 8.5%

    Relations:
        monthly_volume / transactions: 10 to 500 [card_payment_average_ticket]
        percentage_fee: 2.29% to 3.49% [merchant_card_processing_rate]
    """
    return Template(
        givens=[
            company("merchant"),
            money("monthly_volume", 5_000, 2_000_000, step=100),
            count("transactions", 100, 50_000),
            rate("percentage_fee", 2.29, 3.49, step=0.01),
            money("fixed_fee", 0.05, 0.49, step=0.01),
        ],
        constraints=[
            "10 * transactions <= monthly_volume <= 500 * transactions",
            "monthly_volume >= 10 * transactions",
            "monthly_volume <= 500 * transactions",
        ],
        question=(
            "{merchant} processed {transactions} card payments totaling {monthly_volume} last month on a "
            "flat-rate plan charging {percentage_fee} plus {fixed_fee} per transaction. What was its "
            "effective processing rate (total fees as a share of volume)? Give the answer as a percentage to "
            "two decimal places."
        ),
        steps=[
            step(
                "total_fees",
                "monthly_volume * percentage_fee + transactions * fixed_fee",
                "Fees for the month",
            ),
            step(
                "effective_rate",
                "total_fees / monthly_volume",
                "Fees as a share of volume",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("effective_rate"),
    )


@template(difficulty="intermediate")
def flat_rate_or_interchange_plus() -> Template:
    """Pricing-plan choice: flat = V · r_flat + N · f_flat against interchange-plus.

    Interchange-plus costs V · (interchange + markup) + N · f_ic + M, with M the monthly account fee.

    Bands:
        monthly_volume / transactions: 10 to 500

    Relations:
        average_interchange: 1.5% to 2.6% [card_interchange_rate]
    """
    return Template(
        givens=[
            company("merchant"),
            money("monthly_volume", 10_000, 1_000_000, step=500),
            count("transactions", 200, 40_000),
            rate("flat_rate", 2.6, 3.1, step=0.01),
            money("flat_fixed_fee", 0.1, 0.3, step=0.01),
            rate("average_interchange", 1.5, 2.6, step=0.01),
            rate("markup_rate", 0.2, 0.9, step=0.01),
            money("ic_plus_fixed_fee", 0.1, 0.4, step=0.01),
            money("monthly_account_fee", 5, 50, step=1),
        ],
        constraints=[
            "10 * transactions <= monthly_volume <= 500 * transactions",
            "monthly_volume >= 8 * transactions",
            "monthly_volume <= 400 * transactions",
        ],
        question=(
            "{merchant} processes {transactions} card payments worth {monthly_volume} a month. A flat-rate "
            "plan charges {flat_rate} plus {flat_fixed_fee} per transaction. An interchange-plus plan passes "
            "through interchange averaging {average_interchange}, adds a markup of {markup_rate} and "
            "{ic_plus_fixed_fee} per transaction, and charges a monthly account fee of "
            "{monthly_account_fee}. Answer 'interchange-plus' if that plan costs strictly less per month, "
            "otherwise 'flat rate'."
        ),
        steps=[
            step(
                "flat_rate_cost",
                "monthly_volume * flat_rate + transactions * flat_fixed_fee",
                "Monthly cost of the flat-rate plan",
            ),
            step(
                "ic_plus_cost",
                "monthly_volume * (average_interchange + markup_rate) + transactions * ic_plus_fixed_fee"
                " + monthly_account_fee",
                "Monthly cost of the interchange-plus plan",
            ),
            step(
                "ic_plus_saving",
                "flat_rate_cost - ic_plus_cost",
                "Monthly saving from interchange-plus",
            ),
        ],
        answer=categorical([("ic_plus_saving > 0", "interchange-plus")], otherwise="flat rate"),
    )


@template(difficulty="intermediate")
def annual_savings_from_shifting_payments_to_ach() -> Template:
    """Card-to-ACH saving = card fees avoided (s · V · r_card) − ACH fees (s · N · f_ACH).

    s is the share of payments, by number and by value, moved from card to ACH.

    Bands:
        card_volume / card_payments: 20 to 5,000
        annual_saving / shifted_volume: 0% to 3.5%

    Relations:
        card_volume / card_payments: 100 to 5,000 [card_payment_average_ticket]
        card_rate: 2% to 3.5% [merchant_card_processing_rate]
    """
    return Template(
        givens=[
            company("supplier"),
            money("card_volume", 500_000, 50_000_000, step=10_000),
            count("card_payments", 1_000, 200_000),
            rate("card_rate", 2, 3.5, step=0.01),
            rate("shift_share", 10, 80, step=1),
            money("ach_fee", 0.2, 1.5, step=0.01),
        ],
        constraints=[
            "20 * card_payments <= card_volume <= 5000 * card_payments",
            "card_volume >= 100 * card_payments",
            "card_volume <= 10000 * card_payments",
        ],
        question=(
            "{supplier} collects {card_volume} a year from business customers in {card_payments} card "
            "payments, paying {card_rate} of volume in card fees. It expects to move {shift_share} of those "
            "payments (by number and by value) to ACH transfers, which cost {ach_fee} each. How much will it "
            "save a year in payment costs? Round to the nearest cent."
        ),
        steps=[
            step("shifted_volume", "card_volume * shift_share", "Volume moved to ACH"),
            step(
                "shifted_payments",
                "card_payments * shift_share",
                "Payments moved to ACH",
                unit=Unit.NONE,
                decimals=2,
            ),
            step("card_fees_avoided", "shifted_volume * card_rate", "Card fees no longer paid"),
            step("ach_fees", "shifted_payments * ach_fee", "Fees on the ACH transfers"),
            step("annual_saving", "card_fees_avoided - ach_fees", "Yearly saving"),
        ],
        answer=numeric("annual_saving"),
    )


@template(difficulty="advanced")
def payment_facilitator_net_revenue_over_months_of_volume_growth() -> Template:
    """Net revenue over n months of compounding volume growth at a payment facilitator's net take rate.

    Net take rate = merchant rate + fixed fee / average ticket − interchange − assessments − fraud
    losses; revenue = take rate × Σₘ₌₁ⁿ V · (1 + g)ᵐ.

    Bands:
        net_take_rate: 0.2% to 2%
        projected_volume / monthly_volume: 6 to 40

    Relations:
        interchange_rate: 1.5% to 2.2% [card_interchange_rate]
    """
    return Template(
        givens=[
            company("facilitator"),
            money("monthly_volume", 1_000_000, 500_000_000, step=50_000),
            money("average_ticket", 15, 300, step=0.5),
            rate("merchant_rate", 2.5, 3.2, step=0.01),
            money("merchant_fixed_fee", 0.1, 0.3, step=0.01),
            rate("interchange_rate", 1.5, 2.2, step=0.01),
            rate("assessment_rate", 0.11, 0.16, step=0.01),
            number("fraud_loss_bp", 2, 20, step=0.5, decimals=1, unit=Unit.BASIS_POINTS),
            rate("monthly_growth", 0.5, 5, step=0.1, decimals=1),
            count("months", 6, 18, unit=Unit.MONTHS),
        ],
        constraints=[
            "merchant_rate + merchant_fixed_fee / average_ticket - interchange_rate - assessment_rate"
            " - fraud_loss_bp / 10000 >= 0.002",
            # Net take rates of payment facilitators stay under about 2% of volume.
            "merchant_rate + merchant_fixed_fee / average_ticket - interchange_rate - assessment_rate"
            " - fraud_loss_bp / 10000 <= 0.018",
        ],
        question=(
            "{facilitator}, a payment facilitator, processed {monthly_volume} of card payments this month, "
            "with an average ticket of {average_ticket}. It charges merchants {merchant_rate} plus "
            "{merchant_fixed_fee} per transaction, passes on interchange of {interchange_rate} of volume and "
            "network assessments of {assessment_rate}, and absorbs fraud and chargeback losses equal to "
            "{fraud_loss_bp} of volume. Volume is expected to grow {monthly_growth} a month, compounded, "
            "with the same average ticket. What net revenue (fees less interchange, assessments and fraud "
            "losses) will it earn over the next {months}, starting with next month? Round to the nearest "
            "cent."
        ),
        steps=[
            step(
                "fixed_fee_rate",
                "merchant_fixed_fee / average_ticket",
                "Per-transaction fee as a share of the average ticket",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "gross_take_rate",
                "merchant_rate + fixed_fee_rate",
                "Fees charged per dollar of volume",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "net_take_rate",
                "gross_take_rate - interchange_rate - assessment_rate - fraud_loss_bp / 10000",
                "Net revenue per dollar of volume",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "projected_volume",
                "sum(monthly_volume * (1 + monthly_growth) ** month for month in range(1, months + 1))",
                "Volume over the coming months, growing each month",
            ),
            step("net_revenue", "projected_volume * net_take_rate", "Net revenue over the period"),
        ],
        answer=numeric("net_revenue"),
    )
