"""WACC templates against textbook formulas, symbolically and over 1,000 seeds.

The bond-yield templates have no closed form (a five- or ten-period yield), so their references
solve price = PV(coupons + face) with the bisection below, written independently of ``irr``.
"""

from collections.abc import Sequence

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/corporate_finance/weighted_average_cost_of_capital/"
BOND_YEARS = 5


def present_value(rate: float, payments: Sequence[float]) -> float:
    return sum(payment / (1 + rate) ** year for year, payment in enumerate(payments, 1))


def bond_yield(price: float, payments: Sequence[float]) -> float:
    """Yield r with price = PV(payments at r); the PV falls as r rises, so bisection finds the root."""
    low, high = -0.5, 1.0
    assert present_value(low, payments) > price > present_value(high, payments)
    for _ in range(200):
        middle = (low + high) / 2
        if present_value(middle, payments) > price:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def between(value: float, *bounds: float) -> bool:
    return min(bounds) - 1e-4 <= value <= max(bounds) + 1e-4


def test_wacc_from_market_values() -> None:
    template_id = TOPIC + "wacc_from_market_values"

    def reference(equity_value, debt_value, cost_of_equity, cost_of_debt, tax_rate):
        total = equity_value + debt_value
        return equity_value / total * cost_of_equity + debt_value / total * cost_of_debt * (1 - tax_rate)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        # WACC is a weighted average, so it lies between the after-tax cost of debt and the cost of equity.
        after_tax_debt = givens["cost_of_debt"] * (1 - givens["tax_rate"])
        assert between(record["answer_value"], after_tax_debt, givens["cost_of_equity"])

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_cost_of_equity_by_the_dividend_growth_model() -> None:
    template_id = TOPIC + "cost_of_equity_by_the_dividend_growth_model"

    def reference(current_dividend, share_price, growth_rate):
        return current_dividend * (1 + growth_rate) / share_price + growth_rate

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        cost = record["answer_value"]
        assert givens["growth_rate"] < cost < 0.2
        # Plugging the cost of equity back into the Gordon model recovers the share price.
        next_dividend = givens["current_dividend"] * (1 + givens["growth_rate"])
        implied_price = next_dividend / (cost - givens["growth_rate"])
        assert abs(implied_price - givens["share_price"]) <= 0.01 * givens["share_price"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_wacc_with_preferred_stock() -> None:
    template_id = TOPIC + "wacc_with_preferred_stock"

    def reference(
        equity_value,
        preferred_value,
        debt_value,
        cost_of_equity,
        preferred_dividend,
        preferred_price,
        cost_of_debt,
        tax_rate,
    ):
        total = equity_value + preferred_value + debt_value
        return (
            equity_value / total * cost_of_equity
            + preferred_value / total * preferred_dividend / preferred_price
            + debt_value / total * cost_of_debt * (1 - tax_rate)
        )

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        costs = [
            givens["cost_of_equity"],
            givens["preferred_dividend"] / givens["preferred_price"],
            givens["cost_of_debt"] * (1 - givens["tax_rate"]),
        ]
        assert between(record["answer_value"], min(costs), max(costs))

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_after_tax_cost_of_debt_from_a_bond_price() -> None:
    template_id = TOPIC + "after_tax_cost_of_debt_from_a_bond_price"

    def payments(g):
        coupon = g["face_value"] * g["coupon_rate"]
        return [coupon] * (BOND_YEARS - 1) + [coupon + g["face_value"]]

    def reference(g):
        pre_tax = bond_yield(g["bond_price"] * (1 - g["flotation_cost"]), payments(g))
        return pre_tax * (1 - g["tax_rate"])

    def sane(givens, record):
        after_tax = record["answer_value"]
        assert 0 < after_tax < 0.15
        pre_tax = after_tax / (1 - givens["tax_rate"])
        net_proceeds = givens["bond_price"] * (1 - givens["flotation_cost"])
        # A bond sold below face yields more than its coupon rate, above face less.
        if net_proceeds < givens["face_value"]:
            assert pre_tax >= givens["coupon_rate"] - 1e-4
        else:
            assert pre_tax <= givens["coupon_rate"] + 1e-4

    assert_matches_reference(template_id, reference, invariants=sane)


def test_wacc_with_the_cost_of_debt_from_the_bond_price() -> None:
    template_id = TOPIC + "wacc_with_the_cost_of_debt_from_the_bond_price"

    def pre_tax_cost_of_debt(g):
        coupon = 1_000 * g["coupon_rate"]
        return bond_yield(g["bond_price"], [coupon] * 9 + [coupon + 1_000])

    def reference(g):
        equity = g["shares_outstanding"] * g["share_price"]
        debt = g["bonds_outstanding"] * g["bond_price"]
        cost_of_equity = g["risk_free_rate"] + g["beta"] * g["market_risk_premium"]
        cost_of_debt = pre_tax_cost_of_debt(g) * (1 - g["tax_rate"])
        return (equity * cost_of_equity + debt * cost_of_debt) / (equity + debt)

    def sane(givens, record):
        cost_of_equity = givens["risk_free_rate"] + givens["beta"] * givens["market_risk_premium"]
        yield_to_maturity = pre_tax_cost_of_debt(givens)
        assert between(record["answer_value"], yield_to_maturity * (1 - givens["tax_rate"]), cost_of_equity)
        # A bond quoted below par yields more than its coupon, above par less.
        if abs(givens["bond_price"] - 1_000) > 0.5:
            assert (yield_to_maturity > givens["coupon_rate"]) == (givens["bond_price"] < 1_000)

    assert_matches_reference(template_id, reference, invariants=sane)
