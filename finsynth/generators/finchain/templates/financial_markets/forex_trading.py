"""Forex trading: converting, hedging and speculating with currency quotes.

A quote such as EUR/USD 1.0850 prices one euro in dollars. These templates cover the cost of the
bid-ask spread, cross rates, forward rates from covered interest parity, leveraged spot trades,
and covered interest arbitrage against a mispriced multi-year forward.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    count,
    derived,
    money,
    number,
    numeric,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

PIPS_PER_UNIT = 10_000
"""A pip is 0.0001 of the quote currency for four-decimal pairs such as EUR/USD."""

MONEY_MARKET_DAYS = 360
"""Dollar and euro money-market rates accrue on an actual/360 day count."""


@template(difficulty="basic")
def round_trip_cost_of_the_bid_ask_spread() -> Template:
    """Spread cost: euros bought = USD / ask; dollars back = euros × bid; cost = USD − dollars back.

    Bands:
        round_trip_cost / dollars: 0% to 0.5%

    Relations:
        bid: 1.05 to 1.2 [euro_in_dollars]
    """
    return Template(
        givens=[
            person("traveler"),
            money("dollars", 1_000, 500_000, step=100),
            number("bid", 1.05, 1.2, step=0.0001, decimals=4),
            count("spread_pips", 2, 40),
            derived("ask", f"bid + spread_pips / {PIPS_PER_UNIT}", unit=Unit.NONE, decimals=4),
        ],
        question=(
            "{traveler} converts {dollars} into euros with a dealer quoting EUR/USD at {bid} bid and {ask} "
            "ask (a spread of {spread_pips} pips), and later converts all the euros back to dollars at the "
            "same quote. Each conversion is paid to the cent. How much does the round trip cost? Round to "
            "the nearest cent."
        ),
        steps=[
            step("euros", "dollars / ask", "Euros bought at the ask", unit=Unit.EUR, rounded_before_use=True),
            step("dollars_back", "euros * bid", "Dollars received at the bid", rounded_before_use=True),
            step("round_trip_cost", "dollars - dollars_back", "Cost of the round trip"),
        ],
        answer=numeric("round_trip_cost"),
    )


@template(difficulty="basic")
def yen_from_euros_through_a_cross_rate() -> Template:
    """Cross rate through the dollar: EUR/JPY = EUR/USD × USD/JPY; yen = euros × EUR/JPY.

    Bands:
        eur_jpy: 140 to 195

    Relations:
        eur_usd: 1.05 to 1.2 [euro_in_dollars]
        usd_jpy: 135 to 160 [dollar_in_yen]
    """
    return Template(
        givens=[
            person("exporter"),
            number("euros", 5_000, 2_000_000, step=50, decimals=2, unit=Unit.EUR),
            number("eur_usd", 1.05, 1.2, step=0.0001, decimals=4),
            number("usd_jpy", 135, 160, step=0.01, decimals=2),
        ],
        question=(
            "{exporter} needs to turn {euros} into Japanese yen. The bank quotes EUR/USD at {eur_usd} and "
            "USD/JPY at {usd_jpy}, and converts through the implied EUR/JPY cross rate (computed to four "
            "decimal places). How many yen does {exporter} receive? Round to the nearest yen."
        ),
        steps=[
            step(
                "eur_jpy",
                "eur_usd * usd_jpy",
                "Implied EUR/JPY cross rate",
                unit=Unit.NONE,
                decimals=4,
                rounded_before_use=True,
            ),
            step("yen", "euros * eur_jpy", "Yen received", unit=Unit.JPY, decimals=0),
        ],
        answer=numeric("yen"),
    )


@template(difficulty="intermediate")
def forward_points_from_covered_interest_parity() -> Template:
    """Forward rate by covered interest parity.

    F = S · (1 + i_USD · d/360) / (1 + i_EUR · d/360); forward points = (F − S) × 10,000.

    Bands:
        forward / spot - 1: -5% to 6%
        forward_points: -600 to 600

    Relations:
        spot: 1.05 to 1.2 [euro_in_dollars]
        usd_rate - eur_rate: -2% to 5.5% [usd_minus_eur_short_rate]
    """
    return Template(
        givens=[
            person("treasurer"),
            number("spot", 1.05, 1.2, step=0.0001, decimals=4),
            rate("usd_rate", 0.5, 6, step=0.05),
            rate("eur_rate", 0, 5, step=0.05),
            count("days", 30, 360, unit=Unit.DAYS),
        ],
        # Dollar rates have been 2% below to 5.5% above euro rates since 2000.
        constraints=["-0.02 <= usd_rate - eur_rate <= 0.055"],
        question=(
            "{treasurer} wants to hedge a euro receivable due in {days}. EUR/USD spot is {spot}, the dollar "
            "interest rate is {usd_rate} and the euro interest rate is {eur_rate}, both simple annual rates "
            "on an actual/360 basis. Using covered interest parity, what are the forward points (forward "
            "minus spot, in pips)? A negative answer means the euro trades at a forward discount. Give the "
            "answer to two decimal places."
        ),
        steps=[
            step(
                "usd_growth",
                f"1 + usd_rate * days / {MONEY_MARKET_DAYS}",
                "Dollar growth over the period",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "eur_growth",
                f"1 + eur_rate * days / {MONEY_MARKET_DAYS}",
                "Euro growth over the period",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("forward", "spot * usd_growth / eur_growth", "Forward rate", unit=Unit.NONE, decimals=8),
            step(
                "forward_points",
                f"(forward - spot) * {PIPS_PER_UNIT}",
                "Forward points in pips",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("forward_points"),
    )


@template(difficulty="intermediate")
def return_on_margin_of_a_leveraged_currency_trade() -> Template:
    """Return on margin of a leveraged spot trade.

    Profit = notional × (exit − entry); return on margin = profit / (notional × entry × margin requirement).

    Bands:
        return_on_margin: -150% to 150%
        exit_rate / entry_rate: 97.5% to 102.5%

    Relations:
        entry_rate: 1.2 to 1.35 [pound_in_dollars]
        exit_rate: 1.18 to 1.37 [pound_in_dollars]
    """
    return Template(
        givens=[
            person("trader"),
            number("pounds", 10_000, 1_000_000, step=10_000, decimals=0, unit=Unit.GBP),
            number("entry_rate", 1.2, 1.35, step=0.0001, decimals=4),
            number("exit_rate", 1.18, 1.37, step=0.0001, decimals=4),
            rate("margin_requirement", 2, 10, step=0.5, decimals=1),
        ],
        constraints=["abs(exit_rate - entry_rate) <= 0.03", "exit_rate != entry_rate"],
        question=(
            "{trader} buys {pounds} against the dollar at a GBP/USD rate of {entry_rate}, posting margin of "
            "{margin_requirement} of the position's dollar value at entry. The position is closed at "
            "{exit_rate}. What is the return on the margin posted? (A negative answer means a loss.) Give "
            "the answer as a percentage to two decimal places."
        ),
        steps=[
            step("profit", "pounds * (exit_rate - entry_rate)", "Profit in dollars"),
            step("margin", "pounds * entry_rate * margin_requirement", "Margin posted"),
            step("return_on_margin", "profit / margin", "Return on margin", unit=Unit.PERCENT, decimals=2),
        ],
        answer=numeric("return_on_margin"),
    )


@template(difficulty="advanced")
def covered_interest_arbitrage_profit_over_several_years() -> Template:
    """Covered interest arbitrage over T years with annual compounding: borrow dollars, lend euros.

    Profit = A / S · (1 + i_EUR)^T · F − A · (1 + i_USD)^T; parity would price the forward at
    F = S · ((1 + i_USD) / (1 + i_EUR))^T, so a forward quoted above it leaves a riskless profit.

    Bands:
        forward_rate / spot_rate: 80% to 125%
        arbitrage_profit / dollars: 0.1% to 1.5%

    Relations:
        spot_rate: 1.05 to 1.2 [euro_in_dollars]
        dollar_rate - euro_rate: -2% to 3% [usd_minus_eur_short_rate]
    """
    return Template(
        givens=[
            person("trader"),
            money("dollars", 1_000_000, 50_000_000, step=10_000),
            number("spot_rate", 1.05, 1.2, step=0.0001, decimals=4),
            rate("dollar_rate", 1, 6, step=0.05),
            rate("euro_rate", 0.5, 5, step=0.05),
            count("years", 2, 5, unit=Unit.YEARS),
            # How far the dealer's forward sits above the parity forward (not shown: it shapes the quote).
            rate("forward_mispricing", 0.2, 1, step=0.01),
            derived(
                "forward_rate",
                "spot_rate * ((1 + dollar_rate) / (1 + euro_rate)) ** years * (1 + forward_mispricing)",
                unit=Unit.NONE,
                decimals=4,
            ),
        ],
        # Dollar rates 2% below to 3% above euro rates (since 2000 they have ranged -2% to 5.5%).
        constraints=["-0.02 <= dollar_rate - euro_rate <= 0.03"],
        question=(
            "{trader} can borrow {dollars} for {years} at {dollar_rate} a year and lend euros for the same "
            "term at {euro_rate} a year, both compounded annually with interest paid at maturity. EUR/USD "
            "spot is {spot_rate} and a dealer quotes an outright forward of {forward_rate} for delivery in "
            "{years}. The trader borrows the dollars, converts them to euros at spot, lends the euros, and "
            "sells the euros due at maturity forward for dollars today. What is the covered interest "
            "arbitrage profit at maturity, after repaying the dollar loan? Round to the nearest cent."
        ),
        steps=[
            step("euros_lent", "dollars / spot_rate", "Euros bought at spot and lent", unit=Unit.EUR),
            step(
                "euros_at_maturity",
                "euros_lent * (1 + euro_rate) ** years",
                "Euro deposit with interest at maturity",
                unit=Unit.EUR,
            ),
            step("dollars_received", "euros_at_maturity * forward_rate", "Dollars from the forward sale"),
            step("loan_repayment", "dollars * (1 + dollar_rate) ** years", "Dollar loan with interest"),
            step("arbitrage_profit", "dollars_received - loan_repayment", "Profit locked in at maturity"),
        ],
        answer=numeric("arbitrage_profit"),
    )
