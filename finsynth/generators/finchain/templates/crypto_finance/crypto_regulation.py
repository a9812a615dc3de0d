"""Crypto regulation: U.S. tax treatment and reporting of digital-asset disposals and income.

The IRS treats digital assets as property: selling or exchanging them realizes a capital gain
or loss (amount realized minus adjusted basis, with fees folded into both), holding period
decides short- versus long-term rates, and rewards such as staking income are ordinary income
at fair market value when received.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    count,
    derived,
    money,
    number,
    numeric,
    option,
    person,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

MISC_REPORTING_THRESHOLD = 600
"""Dollar amount of other income at which a payer files Form 1099-MISC."""

CAPITAL_LOSS_LIMIT = 3_000
"""Net capital loss a (single or joint) filer may deduct against ordinary income each year."""

LONG_TERM_DAYS = 365
"""Assets held more than this many days (more than one year) give long-term gains."""


ORDINARY_BRACKETS = {
    "10%": 0.10,
    "12%": 0.12,
    "22%": 0.22,
    "24%": 0.24,
    "32%": 0.32,
    "35%": 0.35,
    "37%": 0.37,
}
"""U.S. federal ordinary income brackets, which tax short-term gains."""

BRACKET_TOP = (
    "(23_850 if short_term_rate == 0.1 else 96_950 if short_term_rate == 0.12"
    " else 206_700 if short_term_rate == 0.22 else 394_600 if short_term_rate == 0.24"
    " else 501_050 if short_term_rate == 0.32 else 751_600 if short_term_rate == 0.35 else 10 ** 9)"
)
"""Top of each ordinary bracket for joint filers in 2025 (IRS Rev. Proc. 2024-40); 37% has none."""


@template(difficulty="basic")
def capital_gain_on_a_bitcoin_sale() -> Template:
    """Capital gain on a disposal: gain = (Q · P_sell − selling fee) − (Q · P_buy + buying fee).

    Bands:
        sale_price / purchase_price: 25% to 800%
        (buying_fee + selling_fee) / cost_basis: 0% to 2%

    Relations:
        purchase_price: 15,000 to 70,000 [bitcoin_price]
        sale_price: 20,000 to 110,000 [bitcoin_price]
    """
    return Template(
        givens=[
            person("trader"),
            number("bitcoin_sold", 0.05, 5, step=0.01, unit=Unit.BTC),
            money("purchase_price", 15_000, 70_000, step=50),
            money("buying_fee", 5, 400, step=0.25),
            money("sale_price", 20_000, 110_000, step=50),
            money("selling_fee", 5, 400, step=0.25),
        ],
        constraints=[
            "buying_fee + selling_fee <= 0.02 * bitcoin_sold * purchase_price",
        ],
        question=(
            "{trader} bought {bitcoin_sold} at {purchase_price} per bitcoin, paying an exchange fee "
            "of {buying_fee}, and later sold all of it at {sale_price} per bitcoin, paying a fee of "
            "{selling_fee}. "
            "For U.S. tax purposes, fees are added to the cost basis and subtracted from the sale proceeds. "
            "What is the capital gain on the sale? (A negative answer is a capital loss.) "
            "Round to the nearest cent."
        ),
        steps=[
            step(
                "cost_basis",
                "bitcoin_sold * purchase_price + buying_fee",
                "Cost basis including the buying fee",
            ),
            step(
                "amount_realized",
                "bitcoin_sold * sale_price - selling_fee",
                "Amount realized net of the selling fee",
            ),
            step("capital_gain", "amount_realized - cost_basis", "Capital gain (loss if negative)"),
        ],
        answer=numeric("capital_gain"),
    )


@template(difficulty="basic")
def staking_income_against_a_reporting_threshold() -> Template:
    """Staking income at fair market value when received, I = Σ q_i · P_i, against a reporting threshold.

    The income is compared with the Form 1099-MISC filing threshold of $600.

    Bands:
        staking_income: 20 to 2,000
        second_price / first_price: 25% to 400%

    Relations:
        first_price: 1,200 to 4,500 [ether_price]
        second_price: 1,200 to 4,500 [ether_price]
    """
    return Template(
        givens=[
            person("staker"),
            number("first_reward", 0.01, 0.2, step=0.0001, decimals=4, unit=Unit.ETH),
            money("first_price", 1_200, 4_500, step=0.5),
            number("second_reward", 0.01, 0.2, step=0.0001, decimals=4, unit=Unit.ETH),
            money("second_price", 1_200, 4_500, step=0.5),
        ],
        question=(
            "{staker} received two staking payouts this year: {first_reward} when ether traded at "
            "{first_price} and {second_reward} when it traded at {second_price}. Each payout is ordinary "
            "income at its fair market value on the day it is received. The staking platform files a "
            "Form 1099-MISC for any customer whose staking income for the year is at least "
            f"${MISC_REPORTING_THRESHOLD:,}. Classify the account as 'form filed' if the threshold is met, "
            "otherwise 'no form filed'."
        ),
        steps=[
            step("first_income", "first_reward * first_price", "Income from the first payout"),
            step("second_income", "second_reward * second_price", "Income from the second payout"),
            step("staking_income", "first_income + second_income", "Staking income for the year"),
        ],
        answer=categorical(
            [(f"staking_income >= {MISC_REPORTING_THRESHOLD}", "form filed")], otherwise="no form filed"
        ),
    )


@template(difficulty="intermediate")
def fifo_gain_on_a_partial_sale_across_two_lots() -> Template:
    """First-in, first-out basis: gain = Q · P_sell − [q₁ · P₁ + (Q − q₁) · P₂].

    The sale uses all of the first lot and part of the second.

    Bands:
        sale_price / first_price: 40% to 600%
        second_price / first_price: 60% to 500%

    Relations:
        first_price: 800 to 2,500 [ether_price]
        second_price: 1,500 to 4,000 [ether_price]
        sale_price: 1,200 to 4,800 [ether_price]
    """
    return Template(
        givens=[
            person("investor"),
            number("first_lot", 1, 20, step=0.01, unit=Unit.ETH),
            money("first_price", 800, 2_500, step=5),
            number("second_lot", 1, 20, step=0.01, unit=Unit.ETH),
            money("second_price", 1_500, 4_000, step=5),
            number("ether_sold", 1.5, 38, step=0.01, unit=Unit.ETH),
            money("sale_price", 1_200, 4_800, step=5),
        ],
        constraints=["ether_sold > first_lot", "ether_sold < first_lot + second_lot"],
        question=(
            "{investor} bought {first_lot} at {first_price} each and later {second_lot} at "
            "{second_price} each. "
            "{investor} then sold {ether_sold} at {sale_price} each and identifies the coins sold first-in, "
            "first-out. What is the capital gain on the sale? (A negative answer is a capital loss.) "
            "Round to the nearest cent."
        ),
        steps=[
            step(
                "sold_from_second_lot",
                "ether_sold - first_lot",
                "Ether taken from the second lot",
                unit=Unit.ETH,
            ),
            step(
                "cost_basis",
                "first_lot * first_price + sold_from_second_lot * second_price",
                "FIFO cost basis of the ether sold",
            ),
            step("proceeds", "ether_sold * sale_price", "Sale proceeds"),
            step("capital_gain", "proceeds - cost_basis", "Capital gain (loss if negative)"),
        ],
        answer=numeric("capital_gain"),
    )


@template(difficulty="intermediate")
def capital_loss_deduction_and_carryforward() -> Template:
    """Capital loss limit: deduction = min(losses − gains, $3,000); carryforward = net loss − deduction.

    Bands:
        deductible_loss: 0 to 3,000
        bitcoin_sale_price / bitcoin_basis: 20% to 100%

    Relations:
        bitcoin_basis: 30,000 to 70,000 [bitcoin_price]
        ether_basis: 800 to 3,000 [ether_price]
        ether_basis: 800 to 3,000 [ether_price]
        ether_sale_price: 1,000 to 4,000 [ether_price]
        bitcoin_basis: 30,000 to 70,000 [bitcoin_price]
        bitcoin_sale_price: 15,000 to 60,000 [bitcoin_price]
    """
    return Template(
        givens=[
            person("taxpayer"),
            number("ether_sold", 1, 30, step=0.01, unit=Unit.ETH),
            money("ether_basis", 800, 3_000, step=5),
            money("ether_sale_price", 1_000, 4_000, step=5),
            number("bitcoin_sold", 0.1, 3, step=0.01, unit=Unit.BTC),
            money("bitcoin_basis", 30_000, 70_000, step=50),
            money("bitcoin_sale_price", 15_000, 60_000, step=50),
        ],
        constraints=[
            "ether_sale_price > ether_basis",
            "bitcoin_sale_price < bitcoin_basis",
            "bitcoin_sold * (bitcoin_basis - bitcoin_sale_price)"
            " > ether_sold * (ether_sale_price - ether_basis)",
        ],
        question=(
            "During the year {taxpayer} sold {ether_sold} that cost {ether_basis} each for "
            "{ether_sale_price} each, and {bitcoin_sold} that cost {bitcoin_basis} each for "
            "{bitcoin_sale_price} each. {taxpayer} had no other capital transactions. Up to "
            f"${CAPITAL_LOSS_LIMIT:,} of a net capital loss may be deducted from ordinary income this year "
            "and the rest carries forward to later years. How much of the loss carries forward? "
            "Round to the nearest cent."
        ),
        steps=[
            step("ether_gain", "ether_sold * (ether_sale_price - ether_basis)", "Gain on the ether"),
            step(
                "bitcoin_loss", "bitcoin_sold * (bitcoin_basis - bitcoin_sale_price)", "Loss on the bitcoin"
            ),
            step("net_capital_loss", "bitcoin_loss - ether_gain", "Net capital loss for the year"),
            step(
                "deductible_loss",
                f"min(net_capital_loss, {CAPITAL_LOSS_LIMIT})",
                "Loss deducted from ordinary income this year",
            ),
            step("loss_carryforward", "net_capital_loss - deductible_loss", "Loss carried forward"),
        ],
        answer=numeric("loss_carryforward"),
    )


@template(difficulty="advanced")
def annualized_after_tax_return_on_a_bitcoin_lot() -> Template:
    """Annualized after-tax return: (after-tax proceeds / cost)^(365 / days held) − 1.

    The gain is taxed at the long-term rate if the lot was held more than a year, otherwise at the
    short-term (ordinary) rate.

    Bands:
        annualized_after_tax_return: 0% to 150%
        sale_price / purchase_price: 101% to 1,000%

    Relations:
        capital_gain <= (23_850 if short_term_rate == 0.1 else 96_950 if short_term_rate == 0.12
            else 206_700 if short_term_rate == 0.22 else 394_600 if short_term_rate == 0.24
            else 501_050 if short_term_rate == 0.32 else 751_600 if short_term_rate == 0.35
            else capital_gain) [gain_within_its_bracket]
        long_term_rate == (0 if short_term_rate <= 0.12 else 0.15 if short_term_rate <= 0.35 else 0.2)
            [capital_gains_rate_by_bracket]
        purchase_price: 10,000 to 60,000 [bitcoin_price]
        sale_price: 20,000 to 100,000 [bitcoin_price]
    """
    return Template(
        givens=[
            person("holder"),
            number("bitcoin_sold", 0.1, 4, step=0.01, unit=Unit.BTC),
            money("purchase_price", 10_000, 60_000, step=50),
            count("days_held", 120, 1_500, unit=Unit.DAYS),
            money("sale_price", 20_000, 100_000, step=50),
            # Federal rates from the real schedules: the ordinary bracket sets the long-term rate.
            option("short_term_rate", ORDINARY_BRACKETS),
            derived(
                "long_term_rate",
                "0 if short_term_rate <= 0.12 else (0.15 if short_term_rate <= 0.35 else 0.2)",
                unit=Unit.PERCENT,
                decimals=0,
            ),
        ],
        constraints=[
            "sale_price >= 1.01 * purchase_price",
            # The gain is taxed at one rate, so it fits under that bracket's top.
            f"bitcoin_sold * (sale_price - purchase_price) <= {BRACKET_TOP}",
            # A pre-tax gain of at most 150% a year, compounded.
            "(sale_price / purchase_price) ** (365 / days_held) <= 2.5",
        ],
        question=(
            "{holder} bought {bitcoin_sold} at {purchase_price} per bitcoin and sold it {days_held} later at "
            f"{{sale_price}} per bitcoin. Gains on assets held more than one year ({LONG_TERM_DAYS} days) "
            "are taxed at {long_term_rate}; gains on assets held one year or less are taxed at "
            "{short_term_rate}. Treating the tax as paid out of the sale proceeds, what was {holder}'s "
            f"after-tax return, annualized with compounding over {LONG_TERM_DAYS}-day years? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step("capital_gain", "bitcoin_sold * (sale_price - purchase_price)", "Capital gain on the sale"),
            step(
                "tax_rate",
                f"long_term_rate if days_held > {LONG_TERM_DAYS} else short_term_rate",
                "Tax rate for the holding period",
                unit=Unit.PERCENT,
            ),
            step("tax", "capital_gain * tax_rate", "Tax on the gain"),
            step("after_tax_proceeds", "bitcoin_sold * sale_price - tax", "Proceeds kept after tax"),
            step(
                "annualized_after_tax_return",
                "(after_tax_proceeds / (bitcoin_sold * purchase_price))"
                f" ** ({LONG_TERM_DAYS} / days_held) - 1",
                "After-tax return, compounded per year held",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("annualized_after_tax_return"),
    )
