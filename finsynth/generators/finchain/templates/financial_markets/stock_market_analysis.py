"""Stock market analysis: returns, valuation and market mechanics for common stocks.

Covers holding-period returns, dividend discount (Gordon growth) valuation with a CAPM required
return, the divisor of a price-weighted index after a stock split, and the margin-call price of
a leveraged purchase.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    money,
    number,
    numeric,
    option,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

VALUATION_BAND = 0.10
"""Upside beyond which (either way) a stock counts as mispriced rather than fairly valued."""

SPLITS = {"2-for-1": 2, "3-for-1": 3, "3-for-2": 1.5, "4-for-1": 4}
"""Split ratios: new shares per old share."""


@template(difficulty="basic")
def holding_period_return_with_dividends() -> Template:
    """Holding-period return: HPR = (P_1 − P_0 + D) / P_0.

    Bands:
        holding_period_return: -40% to 60%
    """
    return Template(
        givens=[
            person("investor"),
            company("issuer"),
            money("purchase_price", 10, 300, step=0.01),
            money("sale_price", 5, 450, step=0.01),
            money("dividends", 0, 12, step=0.01),
        ],
        constraints=[
            "sale_price >= 0.6 * purchase_price",
            "sale_price <= 1.5 * purchase_price",
            "dividends <= 0.08 * purchase_price",
        ],
        question=(
            "{investor} bought {issuer} shares at {purchase_price} each, collected {dividends} per share in "
            "dividends, and sold them at {sale_price}. What was the holding-period return? (A negative "
            "answer means a loss.) Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("gain_per_share", "sale_price - purchase_price + dividends", "Price change plus dividends"),
            step(
                "holding_period_return",
                "gain_per_share / purchase_price",
                "Return on the purchase price",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("holding_period_return"),
    )


@template(difficulty="basic")
def gordon_growth_value_of_a_stock() -> Template:
    """Gordon growth model: P_0 = D_0 · (1 + g) / (r − g).

    Bands:
        intrinsic_value / next_dividend: 7 to 50
    """
    return Template(
        givens=[
            company("issuer"),
            money("current_dividend", 0.2, 8, step=0.01),
            rate("growth_rate", 1, 7, step=0.1, decimals=1),
            rate("required_return", 6, 15, step=0.1, decimals=1),
        ],
        constraints=["required_return - growth_rate >= 0.02"],
        question=(
            "{issuer} has just paid a dividend of {current_dividend} per share. Dividends are expected to "
            "grow at {growth_rate} a year forever, and investors require a return of {required_return}. What "
            "is the stock's intrinsic value per share? Round to the nearest cent."
        ),
        steps=[
            step("next_dividend", "current_dividend * (1 + growth_rate)", "Next year's dividend", decimals=4),
            step(
                "intrinsic_value",
                "next_dividend / (required_return - growth_rate)",
                "Value of the growing dividends",
            ),
        ],
        answer=numeric("intrinsic_value"),
    )


@template(difficulty="intermediate")
def price_weighted_index_divisor_after_a_split() -> Template:
    """Divisor of a price-weighted index after a split.

    I = Σ P_i / d; after the split the new divisor d' = Σ P_i' / I keeps the index level unchanged.

    Bands:
        new_divisor / divisor: 20% to 100%
    """
    return Template(
        givens=[
            money("first_price", 40, 400, step=0.01),
            money("second_price", 20, 300, step=0.01),
            money("third_price", 20, 300, step=0.01),
            number("divisor", 0.5, 3, step=0.0001, decimals=4),
            option("split", SPLITS),
        ],
        question=(
            "A price-weighted index holds three stocks priced at {first_price}, {second_price} and "
            "{third_price}, and its divisor is {divisor}. The first stock then splits {split}. Computing the "
            "index level to four decimal places, what new divisor (to six decimal places) keeps the index "
            "level unchanged?"
        ),
        steps=[
            step(
                "index_level",
                "(first_price + second_price + third_price) / divisor",
                "Index level before the split",
                unit=Unit.NONE,
                decimals=4,
                rounded_before_use=True,
            ),
            step(
                "prices_after_split",
                "first_price / split + second_price + third_price",
                "Sum of prices after the split",
                decimals=4,
            ),
            step(
                "new_divisor",
                "prices_after_split / index_level",
                "Divisor that keeps the index level",
                unit=Unit.NONE,
                decimals=6,
            ),
        ],
        answer=numeric("new_divisor"),
    )


@template(difficulty="intermediate")
def margin_call_price_of_a_leveraged_purchase() -> Template:
    """Margin call price of a stock bought on margin.

    P* = loan / (shares × (1 − maintenance margin)), with loan = cost × (1 − initial margin).

    Bands:
        margin_call_price / purchase_price: 25% to 85%
    """
    return Template(
        givens=[
            person("investor"),
            company("issuer"),
            count("shares", 100, 20_000, unit=Unit.SHARES),
            money("purchase_price", 10, 400, step=0.01),
            rate("initial_margin", 50, 80, step=5, decimals=0),
            rate("maintenance_margin", 25, 40, step=5, decimals=0),
        ],
        question=(
            "{investor} buys {shares} of {issuer} at {purchase_price} on margin, putting up {initial_margin} "
            "of the cost and borrowing the rest from the broker. The maintenance margin is "
            "{maintenance_margin}. Ignoring interest on the loan, below what share price will {investor} "
            "receive a margin call? Round to the nearest cent."
        ),
        steps=[
            step("purchase_cost", "shares * purchase_price", "Cost of the shares"),
            step("loan", "purchase_cost * (1 - initial_margin)", "Amount borrowed"),
            step(
                "margin_call_price",
                "loan / (shares * (1 - maintenance_margin))",
                "Price at which equity falls to the maintenance margin",
            ),
        ],
        answer=numeric("margin_call_price"),
    )


@template(difficulty="advanced")
def dividend_discount_valuation_verdict_with_capm() -> Template:
    """Dividend discount valuation verdict with a CAPM required return.

    r = r_f + β(r_m − r_f); V = D_0(1 + g) / (r − g); upside = V / P − 1, classified against a ±10% band.

    Bands:
        intrinsic_value / market_price: 60% to 160%
        required_return: 4% to 16%
    """
    return Template(
        givens=[
            company("issuer"),
            rate("risk_free_rate", 1, 5, step=0.05),
            number("beta", 0.5, 2, step=0.01, decimals=2),
            rate("market_return", 7, 12, step=0.1, decimals=1),
            money("current_dividend", 0.5, 6, step=0.01),
            rate("growth_rate", 1, 6, step=0.1, decimals=1),
            money("market_price", 10, 250, step=0.01),
        ],
        constraints=[
            "current_dividend <= 0.08 * market_price",
            "risk_free_rate + beta * (market_return - risk_free_rate) - growth_rate >= 0.02",
            "market_price * (risk_free_rate + beta * (market_return - risk_free_rate) - growth_rate)"
            " >= 0.65 * current_dividend * (1 + growth_rate)",
            "market_price * (risk_free_rate + beta * (market_return - risk_free_rate) - growth_rate)"
            " <= 1.5 * current_dividend * (1 + growth_rate)",
        ],
        question=(
            "{issuer} trades at {market_price} and has just paid a dividend of {current_dividend}, which is "
            "expected to grow at {growth_rate} a year forever. Its beta is {beta}, the risk-free rate is "
            "{risk_free_rate} and the expected market return is {market_return}. Find the CAPM required "
            "return as a percentage to two decimal places, next year's dividend and the Gordon growth value "
            "to the nearest cent, and the upside (value over price, minus one) as a percentage to two "
            "decimal places. Classify the stock as 'undervalued' if the upside is above 10.00%, 'overvalued' "
            "if it is below -10.00%, and 'fairly valued' otherwise."
        ),
        steps=[
            step(
                "required_return",
                "risk_free_rate + beta * (market_return - risk_free_rate)",
                "CAPM required return",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "next_dividend",
                "current_dividend * (1 + growth_rate)",
                "Next year's dividend",
                rounded_before_use=True,
            ),
            step(
                "intrinsic_value",
                "next_dividend / (required_return - growth_rate)",
                "Gordon growth value",
                rounded_before_use=True,
            ),
            step(
                "upside",
                "intrinsic_value / market_price - 1",
                "Upside to intrinsic value",
                unit=Unit.PERCENT,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [
                (f"upside > {VALUATION_BAND}", "undervalued"),
                (f"upside < -{VALUATION_BAND}", "overvalued"),
            ],
            otherwise="fairly valued",
        ),
    )
