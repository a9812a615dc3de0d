"""Stock market analysis: returns, valuation and market mechanics for common stocks.

Covers holding-period returns, the expected return implied by a dividend forecast and a price
target against the CAPM required return, the divisor of a price-weighted index after a stock
split, and the margin-call price of a leveraged purchase.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    derived,
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

ALPHA_BAND = 0.01
"""Expected return above or below the required return beyond which a stock counts as mispriced."""

IMPLIED_GROWTH = "required_return - next_dividend / share_price"
"""The Gordon growth rate a price implies, written over the givens, for the draw constraints."""

SPLITS = {"2-for-1": 2, "3-for-1": 3, "3-for-2": 1.5, "4-for-1": 4}
"""Split ratios: new shares per old share."""


@template(difficulty="basic")
def holding_period_return_with_dividends() -> Template:
    """Holding-period return: HPR = (P_1 − P_0 + D) / P_0.

    Bands:
        holding_period_return: -40% to 60%

    Relations:
        dividends / purchase_price: 0% to 8% [dividend_yield]
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
def dividend_growth_implied_by_a_stock_price() -> Template:
    """Growth the market prices in, from the Gordon model solved for g: g = r − D_1 / P.

    P = D_1 / (r − g), so the required return is the dividend yield on next year's dividend plus g.

    Bands:
        implied_growth: 1% to 7%

    Relations:
        next_dividend / share_price: 0.5% to 10% [dividend_yield]
    """
    return Template(
        givens=[
            company("issuer"),
            money("share_price", 20, 150, step=0.01),
            money("next_dividend", 0.2, 8, step=0.01),
            rate("required_return", 6, 15, step=0.1, decimals=1),
        ],
        constraints=[
            f"{IMPLIED_GROWTH} >= 0.01",
            f"{IMPLIED_GROWTH} <= 0.07",
            "next_dividend / share_price >= 0.005",
            "next_dividend / share_price <= 0.1",
        ],
        question=(
            "{issuer} stock trades at {share_price}, and analysts expect next year's dividend to be "
            "{next_dividend} per share. Investors require a return of {required_return}. If the price is the "
            "value of dividends growing at a constant rate forever (the Gordon growth model), what growth "
            "rate does the price imply? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "forward_dividend_yield",
                "next_dividend / share_price",
                "Dividend yield on next year's dividend",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "implied_growth",
                "required_return - forward_dividend_yield",
                "Growth: the required return less the dividend yield",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("implied_growth"),
    )


@template(difficulty="intermediate")
def price_weighted_index_divisor_after_a_split() -> Template:
    """Divisor of a price-weighted index after a split.

    I = Σ P_i / d; after the split the new divisor d' = Σ P_i' / I keeps the index level unchanged.

    Bands:
        new_divisor / divisor: 20% to 100%

    Relations:
        first_price / split: 20 to 150 [price_after_a_stock_split]
    """
    return Template(
        givens=[
            money("first_price", 40, 400, step=0.01),
            money("second_price", 20, 300, step=0.01),
            money("third_price", 20, 300, step=0.01),
            number("divisor", 0.5, 3, step=0.0001, decimals=4),
            option("split", SPLITS),
        ],
        # A company splits a high-priced share back into the range most shares trade in.
        constraints=["20 <= first_price / split <= 150"],
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

    Relations:
        initial_margin >= 0.5 and maintenance_margin >= 0.25 and maintenance_margin < initial_margin
            [margin_requirements]
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
def expected_return_from_a_price_target_against_capm() -> Template:
    """Expected return as the IRR of buying at P₀, collecting D₁…D₃ and selling at a target P₃, against CAPM.

    P₀ = Σₜ₌₁³ D₀(1 + g)ᵗ / (1 + r)ᵗ + P₃ / (1 + r)³ solved for r; alpha = r − (r_f + β(r_m − r_f)),
    classified against a ±1-point band.

    Bands:
        expected_return: 0% to 25%
        required_return: 4% to 16%
        current_dividend / market_price: 0% to 6%

    Relations:
        market_return - risk_free_rate: 2% to 9% [equity_risk_premium]
        risk_free_rate: 1% to 5% [us_treasury_yield]
        beta: 0.5 to 2 [stock_beta]
        current_dividend / market_price: 0% to 10% [dividend_yield]
    """
    return Template(
        givens=[
            company("issuer"),
            money("market_price", 10, 250, step=0.01),
            money("current_dividend", 0.2, 6, step=0.01),
            rate("growth_rate", 1, 8, step=0.1, decimals=1),
            # The analyst's yearly price appreciation to the target (not shown: it shapes the target).
            rate("price_appreciation", 0, 16, step=0.1, decimals=1),
            derived("target_price", "market_price * (1 + price_appreciation) ** 3"),
            rate("risk_free_rate", 1, 5, step=0.05),
            number("beta", 0.5, 2, step=0.01, decimals=2),
            rate("market_return", 7, 12, step=0.1, decimals=1),
        ],
        constraints=[
            "risk_free_rate + 0.02 <= market_return <= risk_free_rate + 0.09",
            "current_dividend <= 0.06 * market_price",
            "risk_free_rate + beta * (market_return - risk_free_rate) <= 0.16",
        ],
        question=(
            "{issuer} trades at {market_price} and has just paid a dividend of {current_dividend}, which "
            "analysts expect to grow at {growth_rate} a year. Their price target for the end of year 3, just "
            "after the third dividend is paid, is {target_price}. The stock's beta is {beta}, the risk-free "
            "rate is {risk_free_rate} and the expected market return is {market_return}. Find the expected "
            "return of buying now, collecting three annual dividends and selling at the target (the annual "
            "rate that discounts those cash flows to today's price), and compare it with the CAPM required "
            "return. Classify the stock as 'undervalued' if the expected return exceeds the required return "
            "by more than one percentage point, 'overvalued' if it falls short by more than one percentage "
            "point, and 'fairly valued' otherwise."
        ),
        steps=[
            step(
                "required_return",
                "risk_free_rate + beta * (market_return - risk_free_rate)",
                "CAPM required return",
                unit=Unit.PERCENT,
            ),
            step("first_dividend", "current_dividend * (1 + growth_rate)", "Dividend in year 1"),
            step("second_dividend", "first_dividend * (1 + growth_rate)", "Dividend in year 2"),
            step("third_dividend", "second_dividend * (1 + growth_rate)", "Dividend in year 3"),
            step(
                "expected_return",
                "irr([-market_price, first_dividend, second_dividend, third_dividend + target_price])",
                "Rate that equates the price with the dividends and the target",
                unit=Unit.PERCENT,
            ),
            step(
                "alpha",
                "expected_return - required_return",
                "Expected return above the required return",
                unit=Unit.PERCENT,
            ),
        ],
        answer=categorical(
            [
                (f"alpha > {ALPHA_BAND}", "undervalued"),
                (f"alpha < -{ALPHA_BAND}", "overvalued"),
            ],
            otherwise="fairly valued",
        ),
    )
