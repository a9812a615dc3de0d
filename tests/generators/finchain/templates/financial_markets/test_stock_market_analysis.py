"""Stock market analysis templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

from scipy.optimize import brentq

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/financial_markets/stock_market_analysis/"


def test_holding_period_return_with_dividends() -> None:
    template_id = TOPIC + "holding_period_return_with_dividends"

    def reference(purchase_price, sale_price, dividends):
        # Capital gain yield plus dividend yield.
        return (sale_price - purchase_price) / purchase_price + dividends / purchase_price

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert -0.4 - 1e-4 <= record["answer_value"] <= 0.58 + 1e-4
        if givens["sale_price"] >= givens["purchase_price"]:
            assert record["answer_value"] >= 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_dividend_growth_implied_by_a_stock_price() -> None:
    template_id = TOPIC + "dividend_growth_implied_by_a_stock_price"

    def reference(share_price, next_dividend, required_return):
        return required_return - next_dividend / share_price

    assert_symbolically_equal(template_id, reference)

    def prices_back(givens, record):
        # The Gordon value at the implied growth is the stated price (to the growth's rounding).
        growth, required = record["answer_value"], givens["required_return"]
        assert 0.01 - 5e-5 <= growth <= 0.07 + 5e-5
        value = givens["next_dividend"] / (required - growth)
        assert abs(value - givens["share_price"]) <= givens["share_price"] * 0.02

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=prices_back)


def test_price_weighted_index_divisor_after_a_split() -> None:
    template_id = TOPIC + "price_weighted_index_divisor_after_a_split"

    def reference(first_price, second_price, third_price, divisor, split):
        # Scale the old divisor by how much the price sum shrank.
        before = first_price + second_price + third_price
        after = first_price / split + second_price + third_price
        return divisor * after / before

    assert_symbolically_equal(template_id, reference)

    def index_unchanged(givens, record):
        assert 0 < record["answer_value"] < givens["divisor"]
        before = (givens["first_price"] + givens["second_price"] + givens["third_price"]) / givens["divisor"]
        after = (
            givens["first_price"] / givens["split"] + givens["second_price"] + givens["third_price"]
        ) / record["answer_value"]
        assert abs(after - before) <= 1e-4 * before

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=index_unchanged)


def test_margin_call_price_of_a_leveraged_purchase() -> None:
    template_id = TOPIC + "margin_call_price_of_a_leveraged_purchase"

    def reference(purchase_price, initial_margin, maintenance_margin, shares=1):
        # Per share: equity (P − loan per share) / P equals the maintenance margin at the call price.
        return purchase_price * (1 - initial_margin) / (1 - maintenance_margin)

    assert_symbolically_equal(template_id, reference)

    def at_maintenance(givens, record):
        price = record["answer_value"]
        assert 0 < price < givens["purchase_price"]
        loan = givens["shares"] * givens["purchase_price"] * (1 - givens["initial_margin"])
        equity_share = (givens["shares"] * price - loan) / (givens["shares"] * price)
        assert abs(equity_share - givens["maintenance_margin"]) < 1e-3

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=at_maintenance)


def test_expected_return_from_a_price_target_against_capm() -> None:
    # Categorical answer found by root finding: the reference solves for the expected return with
    # Brent's method on the present value of the dividends and the target, then applies the stated rule.
    template_id = TOPIC + "expected_return_from_a_price_target_against_capm"

    def expected_return(g):
        dividends = [g["current_dividend"] * (1 + g["growth_rate"]) ** year for year in (1, 2, 3)]

        def present_value_less_price(rate):
            value = sum(dividend / (1 + rate) ** year for year, dividend in enumerate(dividends, 1))
            return value + g["target_price"] / (1 + rate) ** 3 - g["market_price"]

        return brentq(present_value_less_price, -0.5, 1.0, xtol=1e-14)

    def reference(g):
        required = g["risk_free_rate"] + g["beta"] * (g["market_return"] - g["risk_free_rate"])
        alpha = expected_return(g) - required
        if alpha > 0.01:
            return "undervalued"
        return "overvalued" if alpha < -0.01 else "fairly valued"

    def plausible(givens, record):
        assert record["choices"] == ["undervalued", "overvalued", "fairly valued"]
        assert givens["target_price"] >= givens["market_price"] * 0.99
        assert 0 <= expected_return(givens) <= 0.25

    assert_matches_reference(template_id, reference, invariants=plausible)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert all(labels[label] >= 50 for label in ("undervalued", "overvalued", "fairly valued")), labels
