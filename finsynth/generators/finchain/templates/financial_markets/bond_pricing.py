"""Bond pricing: the price of a bond as the present value of its coupons and face value, and the yield.

Price = Σ C / (1 + y)^t + F / (1 + y)^n. Semiannual bonds pay 2n coupons of C/2 discounted at
y/2 per half-year. The yield to maturity is the rate that sets that present value equal to the
price; the bond-equivalent yield doubles the semiannual rate.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    company,
    count,
    derived,
    money,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BASIS_POINTS_PER_UNIT = 10_000
"""One basis point is 0.01% (a yield of 1 is 10,000 basis points)."""


def buyer_cash_flows(price: str, coupon: str, periods: int) -> str:
    """Return the buyer's cash flows as a formula list: price paid, coupons, the last with the face value.

    The list has a fixed length because the formula grammar has no variable-length lists; the
    maturity is stated in the question.
    """
    return "[" + ", ".join([f"-{price}"] + [coupon] * (periods - 1) + [f"{coupon} + face_value"]) + "]"


ANNUAL_PERIODS = 5
"""Coupon periods of the five-year annual-pay bond in the yield-to-maturity template."""

SEMIANNUAL_PERIODS = 8
"""Coupon periods of the four-year semiannual bond in the spread template (2 × 4 half-years)."""

ANNUAL_YIELD_FROM_GIVENS = (
    "irr(" + buyer_cash_flows("face_value * price_quote", "face_value * coupon_rate", ANNUAL_PERIODS) + ")"
)
"""The annual yield to maturity written over the givens, for the draw constraints."""

YIELD_FLOOR = "market_yield >= 0.01"
"""Market yields stay at or above 1%, the lowest a company borrowed at (investment grade in 2021)."""

SEMIANNUAL_YIELD_FROM_GIVENS = (
    "irr("
    + buyer_cash_flows("face_value * price_quote", "face_value * coupon_rate / 2", SEMIANNUAL_PERIODS)
    + ")"
)
"""The semiannual yield written over the givens, for the draw constraints."""

ZERO_YIELD_FROM_GIVENS = "2 * ((1 / price_quote) ** (1 / (2 * years)) - 1)"
"""A zero-coupon bond's bond-equivalent yield written over the givens, for the draw constraints."""


@template(difficulty="basic")
def price_of_an_annual_coupon_bond() -> Template:
    """Bond price with annual coupons.

    P = Σ_{t=1..n} C / (1 + y)^t + F / (1 + y)^n, with C = F × coupon rate.

    Bands:
        price / face_value: 60% to 150%
        market_yield - coupon_rate: -2% to 2%

    Relations:
        market_yield: 1% to 12% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("issuer"),
            money("face_value", 1_000, 100_000, step=1_000, decimals=0),
            rate("coupon_rate", 1, 10, step=0.25),
            rate("yield_gap", -2, 1.75, step=0.01),
            derived("market_yield", "coupon_rate + yield_gap", unit=Unit.PERCENT),
            count("years", 2, 30, unit=Unit.YEARS),
        ],
        constraints=[YIELD_FLOOR],
        question=(
            "{issuer} has a bond outstanding with a face value of {face_value} and a coupon rate of "
            "{coupon_rate}, paid once a year. It matures in {years}, with the next coupon due in exactly one "
            "year. If the market yield on comparable bonds is {market_yield} a year, what is the bond's "
            "price? Round to the nearest cent."
        ),
        steps=[
            step("annual_coupon", "face_value * coupon_rate", "Annual coupon payment"),
            step(
                "price",
                "sum(annual_coupon / (1 + market_yield) ** year for year in range(1, years + 1))"
                " + face_value / (1 + market_yield) ** years",
                "Present value of the coupons and the face value",
            ),
        ],
        answer=numeric("price"),
    )


@template(difficulty="basic")
def yield_of_a_zero_coupon_bond_from_its_price() -> Template:
    """Zero-coupon bond-equivalent yield from its price: y = 2 · ((F / P)^(1 / 2n) − 1).

    Zero yields are quoted compounded semiannually, as coupon bonds' are.

    Bands:
        bond_equivalent_yield: 1% to 9%

    Relations:
        bond_equivalent_yield: 1% to 9% [corporate_borrowing_rate]
        years: 1 to 30 [corporate_bond_maturity]
    """
    return Template(
        givens=[
            company("issuer"),
            money("face_value", 1_000, 100_000, step=1_000, decimals=0),
            rate("price_quote", 15, 99.5, step=0.01),
            count("years", 1, 30, unit=Unit.YEARS),
        ],
        constraints=[
            f"{ZERO_YIELD_FROM_GIVENS} >= 0.01",
            f"{ZERO_YIELD_FROM_GIVENS} <= 0.09",
        ],
        question=(
            "A zero-coupon bond of {issuer} with a face value of {face_value} matures in {years} and is "
            "quoted at {price_quote} of face value. What is its yield to maturity as a bond-equivalent "
            "yield (an annual rate compounded semiannually)? Give the answer as a percentage to two "
            "decimal places."
        ),
        steps=[
            step("price", "face_value * price_quote", "Price paid for the bond"),
            step(
                "semiannual_yield",
                "(face_value / price) ** (1 / (2 * years)) - 1",
                "Yield per half-year that grows the price to the face value over 2n half-years",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "bond_equivalent_yield",
                "2 * semiannual_yield",
                "Bond-equivalent yield: twice the semiannual yield",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("bond_equivalent_yield"),
    )


@template(difficulty="intermediate")
def price_of_a_semiannual_coupon_bond() -> Template:
    """Semiannual bond price: P = (C/2) · (1 − (1 + y/2)^(−2n)) / (y/2) + F / (1 + y/2)^(2n).

    Bands:
        price / face_value: 60% to 150%
        market_yield - coupon_rate: -2% to 2%

    Relations:
        market_yield: 1% to 12% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("issuer"),
            money("face_value", 1_000, 100_000, step=1_000, decimals=0),
            rate("coupon_rate", 1, 10, step=0.25),
            rate("yield_gap", -2, 2, step=0.01),
            derived("market_yield", "coupon_rate + yield_gap", unit=Unit.PERCENT),
            count("years", 2, 30, unit=Unit.YEARS),
        ],
        constraints=[YIELD_FLOOR],
        question=(
            "{issuer} has a bond with a face value of {face_value} that pays a coupon rate of {coupon_rate} "
            "a year in two equal semiannual installments and matures in {years}; the next coupon is due in "
            "six months. If comparable bonds yield {market_yield} a year (a bond-equivalent yield, "
            "compounded semiannually), what is the bond's price? Round to the nearest cent."
        ),
        steps=[
            step("semiannual_coupon", "face_value * coupon_rate / 2", "Coupon paid every six months"),
            step("half_year_yield", "market_yield / 2", "Yield per half-year", unit=Unit.NONE, decimals=8),
            step(
                "coupons_value",
                "semiannual_coupon * (1 - (1 + half_year_yield) ** (-2 * years)) / half_year_yield",
                "Present value of the 2n coupons (annuity)",
            ),
            step(
                "face_value_today",
                "face_value / (1 + half_year_yield) ** (2 * years)",
                "Present value of the face value",
            ),
            step("price", "coupons_value + face_value_today", "Bond price"),
        ],
        answer=numeric("price"),
    )


@template(difficulty="intermediate")
def yield_to_maturity_of_a_five_year_annual_bond() -> Template:
    """Yield to maturity of an annual-pay bond.

    y solves P = Σ_{t=1..5} C / (1 + y)^t + F / (1 + y)^5; it is the IRR of the buyer's cash flows.

    Bands:
        yield_to_maturity: 1% to 15%
        yield_to_maturity - coupon_rate: -5% to 5%

    Relations:
        yield_to_maturity: 1% to 15% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("issuer"),
            money("face_value", 1_000, 100_000, step=1_000, decimals=0),
            rate("coupon_rate", 1, 10, step=0.25),
            rate("price_quote", 80, 120, step=0.01),
        ],
        constraints=[
            f"{ANNUAL_YIELD_FROM_GIVENS} >= 0.01",
            f"{ANNUAL_YIELD_FROM_GIVENS} <= 0.15",
            f"abs({ANNUAL_YIELD_FROM_GIVENS} - coupon_rate) <= 0.05",
        ],
        question=(
            "{issuer} has a bond with a face value of {face_value} that pays a coupon rate of {coupon_rate} "
            "once a year and matures in exactly five years, with the next coupon due in one year. It is "
            "quoted at {price_quote} of face value. What is its yield to maturity (an annual rate)? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step("price", "face_value * price_quote", "Price paid for the bond"),
            step("annual_coupon", "face_value * coupon_rate", "Annual coupon payment"),
            step(
                "yield_to_maturity",
                "irr(" + buyer_cash_flows("price", "annual_coupon", ANNUAL_PERIODS) + ")",
                "Rate that discounts the coupons and face value to the price",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("yield_to_maturity"),
    )


@template(difficulty="advanced")
def credit_spread_from_a_semiannual_yield_to_maturity() -> Template:
    """Spread over Treasuries: BEY = 2 × the semiannual IRR of a semiannual bond's flows; spread = BEY − y_T.

    The semiannual rate i solves P = Σ_{t=1..2n} (C/2) / (1 + i)^t + F / (1 + i)^(2n).

    Bands:
        spread: 25 to 600
        bond_equivalent_yield: 1% to 12%

    Relations:
        treasury_yield: 1% to 5% [us_treasury_yield]
    """
    return Template(
        givens=[
            company("issuer"),
            money("face_value", 1_000, 100_000, step=1_000, decimals=0),
            rate("coupon_rate", 2, 9, step=0.25),
            rate("price_quote", 85, 115, step=0.01),
            rate("treasury_yield", 1, 5, step=0.01),
        ],
        constraints=[
            f"2 * {SEMIANNUAL_YIELD_FROM_GIVENS} - treasury_yield >= 0.0025",
            f"2 * {SEMIANNUAL_YIELD_FROM_GIVENS} - treasury_yield <= 0.06",
        ],
        question=(
            "{issuer} has a bond with a face value of {face_value} that pays a coupon rate of {coupon_rate} "
            "a year in semiannual installments and matures in exactly four years, with the next coupon due "
            "in six months. It is quoted at {price_quote} of face value. A four-year Treasury yields "
            "{treasury_yield} (bond-equivalent). Find the semiannual yield to maturity (to eight decimal "
            "places), double it to a bond-equivalent yield stated as a percentage to three decimal places, "
            "and report the bond's spread over the Treasury in basis points to one decimal place."
        ),
        steps=[
            step("price", "face_value * price_quote", "Price paid for the bond"),
            step("semiannual_coupon", "face_value * coupon_rate / 2", "Coupon paid every six months"),
            step(
                "semiannual_yield",
                "irr(" + buyer_cash_flows("price", "semiannual_coupon", SEMIANNUAL_PERIODS) + ")",
                "Rate per half-year that discounts the flows to the price",
                unit=Unit.NONE,
                decimals=8,
                rounded_before_use=True,
            ),
            step(
                "bond_equivalent_yield",
                "2 * semiannual_yield",
                "Annualized (bond-equivalent) yield",
                unit=Unit.PERCENT,
                decimals=3,
                rounded_before_use=True,
            ),
            step(
                "spread",
                f"(bond_equivalent_yield - treasury_yield) * {BASIS_POINTS_PER_UNIT}",
                "Spread over the Treasury",
                unit=Unit.BASIS_POINTS,
                decimals=1,
            ),
        ],
        answer=numeric("spread"),
    )
