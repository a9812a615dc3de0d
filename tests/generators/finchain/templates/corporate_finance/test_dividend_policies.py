"""Dividend policy templates against textbook formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/corporate_finance/dividend_policies/"


def test_dividend_payout_ratio() -> None:
    template_id = TOPIC + "dividend_payout_ratio"

    def reference(net_income, dividend_per_share, shares_outstanding):
        return dividend_per_share * shares_outstanding / net_income

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert givens["net_income"] > 0
        assert 0.1 - 1e-4 <= record["answer_value"] <= 0.9 + 1e-4

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_dividend_yield_from_a_quarterly_dividend() -> None:
    template_id = TOPIC + "dividend_yield_from_a_quarterly_dividend"

    def reference(quarterly_dividend, share_price):
        return 4 * quarterly_dividend / share_price

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert givens["share_price"] > 0
        assert 0.005 - 1e-4 <= record["answer_value"] <= 0.1 + 1e-4

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_dividend_per_share_under_a_residual_policy() -> None:
    template_id = TOPIC + "dividend_per_share_under_a_residual_policy"

    def reference(net_income, capital_budget, target_equity_ratio, shares_outstanding):
        return (net_income - capital_budget * target_equity_ratio) / shares_outstanding

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0.4 <= givens["target_equity_ratio"] <= 0.8
        # The dividend is positive and never more than the earnings per share.
        eps = givens["net_income"] / givens["shares_outstanding"]
        assert 0 < record["answer_value"] <= eps + 0.005

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_sustainable_growth_rate_from_retention() -> None:
    template_id = TOPIC + "sustainable_growth_rate_from_retention"

    def reference(net_income, total_dividends, shareholders_equity):
        return net_income / shareholders_equity * (1 - total_dividends / net_income)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        # Equivalently, retained earnings as a share of equity.
        retained = givens["net_income"] - givens["total_dividends"]
        assert abs(record["answer_value"] - retained / givens["shareholders_equity"]) <= 1e-4
        assert 0 < record["answer_value"] < 0.3

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_two_stage_dividend_discount_value_per_share() -> None:
    template_id = TOPIC + "two_stage_dividend_discount_value_per_share"

    def numeric(g):
        # Discount a long, explicit dividend stream instead of using the Gordon formula for the tail.
        rate, dividend, total = g["required_return"], g["current_dividends"], 0.0
        for year in range(1, 3_001):
            dividend *= 1 + (
                g["high_growth_rate"] if year <= g["high_growth_years"] else g["stable_growth_rate"]
            )
            total += dividend / (1 + rate) ** year
        return total / g["shares_outstanding"]

    horizons = set()

    def sane(givens, record):
        assert givens["required_return"] > givens["stable_growth_rate"] > 0
        # Faster early growth can only add value over a single-stage model at the stable rate.
        per_share_dividend = givens["current_dividends"] / givens["shares_outstanding"]
        single_stage = (
            per_share_dividend
            * (1 + givens["stable_growth_rate"])
            / (givens["required_return"] - givens["stable_growth_rate"])
        )
        assert record["answer_value"] >= single_stage - 0.01
        horizons.add(givens["high_growth_years"])

    assert_matches_reference(template_id, numeric, invariants=sane)
    # The high-growth stage takes every length from two to seven years.
    assert horizons == set(range(2, 8))
