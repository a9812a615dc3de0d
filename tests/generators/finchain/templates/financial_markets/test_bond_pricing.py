"""Bond pricing templates against textbook formulas, symbolically and over 1,000 seeds.

Yields are checked with a Newton root finder written here, independent of the template's irr().
"""

import pytest

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_markets/bond_pricing/"


def present_value(rate, coupon, face, periods):
    """Price at a periodic rate: each coupon and the face value discounted one by one."""
    coupons = sum(coupon / (1 + rate) ** period for period in range(1, periods + 1))
    return coupons + face / (1 + rate) ** periods


def newton_yield(price, coupon, face, periods):
    """Solve present_value(rate) = price by Newton's method with a numerical derivative."""
    rate = coupon / face if coupon > 0 else 0.05
    for _ in range(100):
        error = present_value(rate, coupon, face, periods) - price
        slope = (
            present_value(rate + 1e-7, coupon, face, periods)
            - present_value(rate - 1e-7, coupon, face, periods)
        ) / 2e-7
        step = error / slope
        rate -= step
        if abs(step) < 1e-14:
            break
    assert abs(present_value(rate, coupon, face, periods) - price) < 1e-6 * price
    return rate


def test_price_of_an_annual_coupon_bond() -> None:
    # The steps sum over a drawn number of years, which sympy cannot compose; the reference uses the
    # closed-form annuity instead of the template's term-by-term sum.
    template_id = TOPIC + "price_of_an_annual_coupon_bond"

    def reference(g):
        coupon, y, n, face = (
            g["face_value"] * g["coupon_rate"],
            g["market_yield"],
            g["years"],
            g["face_value"],
        )
        return coupon * (1 - (1 + y) ** -n) / y + face * (1 + y) ** -n

    def premium_or_discount(givens, record):
        # A bond trades above par exactly when its coupon rate exceeds the market yield.
        gap = record["answer_value"] - givens["face_value"]
        if givens["coupon_rate"] > givens["market_yield"]:
            assert gap > 0
        elif givens["coupon_rate"] < givens["market_yield"]:
            assert gap < 0

    assert_matches_reference(template_id, reference, invariants=premium_or_discount)


def test_yield_of_a_zero_coupon_bond_from_its_price() -> None:
    template_id = TOPIC + "yield_of_a_zero_coupon_bond_from_its_price"

    def reference(price_quote, years):  # the face value cancels: F / (F · quote)
        return 2 * ((1 / price_quote) ** (1 / (2 * years)) - 1)

    assert_symbolically_equal(template_id, reference)

    def prices_back(givens, record):
        # Discounting the face value at the answer gives back the quoted price (to the yield's rounding).
        price = givens["face_value"] * givens["price_quote"]
        back = givens["face_value"] / (1 + record["answer_value"] / 2) ** (2 * givens["years"])
        assert abs(back - price) <= price * givens["years"] * 1e-4

    assert_matches_reference(
        template_id, lambda g: reference(g["price_quote"], g["years"]), invariants=prices_back
    )


def test_price_of_a_semiannual_coupon_bond() -> None:
    template_id = TOPIC + "price_of_a_semiannual_coupon_bond"

    def closed_form(face_value, coupon_rate, market_yield, years):
        half_year = market_yield / 2
        discount = (1 + half_year) ** (-2 * years)
        return face_value * coupon_rate / 2 * (1 - discount) / half_year + face_value * discount

    assert_symbolically_equal(template_id, closed_form)

    def premium_or_discount(givens, record):
        gap = record["answer_value"] - givens["face_value"]
        if givens["coupon_rate"] > givens["market_yield"]:
            assert gap > 0
        elif givens["coupon_rate"] < givens["market_yield"]:
            assert gap < 0

    # Numeric reference: 2n coupons of C/2, each discounted at y/2 per half-year.
    assert_matches_reference(
        template_id,
        lambda g: present_value(
            g["market_yield"] / 2, g["face_value"] * g["coupon_rate"] / 2, g["face_value"], 2 * g["years"]
        ),
        invariants=premium_or_discount,
    )


def test_yield_to_maturity_of_a_five_year_annual_bond() -> None:
    # The yield is a root of a polynomial, not a closed form; it is checked numerically with Newton's method.
    template_id = TOPIC + "yield_to_maturity_of_a_five_year_annual_bond"

    def reference(g):
        face = g["face_value"]
        return newton_yield(face * g["price_quote"], face * g["coupon_rate"], face, 5)

    def prices_back(givens, record):
        face = givens["face_value"]
        price = face * givens["price_quote"]
        # Discounting at the reported yield recovers the price (to the yield's display precision).
        recovered = present_value(record["answer_value"], face * givens["coupon_rate"], face, 5)
        assert recovered == pytest.approx(price, rel=5e-4)
        # Premium bonds yield less than their coupon, discount bonds more.
        if givens["price_quote"] > 1:
            assert record["answer_value"] <= givens["coupon_rate"] + 5e-5
        elif givens["price_quote"] < 1:
            assert record["answer_value"] >= givens["coupon_rate"] - 5e-5

    assert_matches_reference(template_id, reference, invariants=prices_back)


def test_credit_spread_from_a_semiannual_yield_to_maturity() -> None:
    # The semiannual yield is a polynomial root; the reference solves it with Newton's method.
    template_id = TOPIC + "credit_spread_from_a_semiannual_yield_to_maturity"

    def reference(g):
        face = g["face_value"]
        half_year = newton_yield(face * g["price_quote"], face * g["coupon_rate"] / 2, face, 8)
        return (2 * half_year - g["treasury_yield"]) * 10_000

    def plausible(givens, record):
        assert 25 - 0.05 <= record["answer_value"] <= 600 + 0.05
        # The bond-equivalent yield implied by the answer reprices the bond.
        bey = givens["treasury_yield"] + record["answer_value"] / 10_000
        face = givens["face_value"]
        recovered = present_value(bey / 2, face * givens["coupon_rate"] / 2, face, 8)
        assert recovered == pytest.approx(face * givens["price_quote"], rel=1e-4)

    assert_matches_reference(template_id, reference, invariants=plausible)
