"""Earnings per share templates against textbook formulas, symbolically and over 1,000 seeds."""

import math

import pytest

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/corporate_finance/earnings_per_share/"
MONTHS_IN_YEAR = 12


def months_from_first_of_month(month: int) -> int:
    """Months from the first day of ``month`` (1 = January) through December 31."""
    return len(range(month, MONTHS_IN_YEAR + 1))


def test_basic_eps_after_preferred_dividends() -> None:
    template_id = TOPIC + "basic_eps_after_preferred_dividends"

    def reference(net_income, preferred_shares, preferred_dividend_per_share, weighted_common_shares):
        return (net_income - preferred_shares * preferred_dividend_per_share) / weighted_common_shares

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        # Preferred dividends come out first, so basic EPS is below net income per common share.
        assert 0 < record["answer_value"] <= givens["net_income"] / givens["weighted_common_shares"] + 0.005

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_eps_with_shares_issued_during_the_year() -> None:
    template_id = TOPIC + "eps_with_shares_issued_during_the_year"

    def reference(net_income, beginning_shares, new_shares, issue_month):
        return net_income / (beginning_shares + new_shares * (13 - issue_month) / 12)

    assert_symbolically_equal(template_id, reference)

    def numeric(g):
        months = months_from_first_of_month(g["issue_month"])
        return g["net_income"] / (g["beginning_shares"] + g["new_shares"] * months / MONTHS_IN_YEAR)

    def sane(givens, record):
        assert 2 <= givens["issue_month"] <= 12
        # EPS lies between net income over the year-end shares and over the beginning shares.
        assert (
            givens["net_income"] / (givens["beginning_shares"] + givens["new_shares"]) - 0.005
            <= record["answer_value"]
        )
        assert record["answer_value"] <= givens["net_income"] / givens["beginning_shares"] + 0.005

    assert_matches_reference(template_id, numeric, invariants=sane)


def test_eps_restated_for_a_stock_split() -> None:
    template_id = TOPIC + "eps_restated_for_a_stock_split"

    def reference(net_income, beginning_shares, new_shares, issue_month, split_ratio):
        return net_income / ((beginning_shares + new_shares * (13 - issue_month) / 12) * split_ratio)

    assert_symbolically_equal(template_id, reference)

    def numeric(g):
        # Weight post-split share counts month by month: every month before the split is restated too.
        monthly = []
        for month in range(1, MONTHS_IN_YEAR + 1):
            shares = g["beginning_shares"] + (g["new_shares"] if month >= g["issue_month"] else 0)
            monthly.append(shares * g["split_ratio"])
        return g["net_income"] / (sum(monthly) / MONTHS_IN_YEAR)

    def sane(givens, record):
        assert givens["split_month"] > givens["issue_month"]
        assert givens["split_ratio"] in (1.25, 1.5, 2, 3)
        # The answer does not depend on the split month: the unsplit EPS divided by the ratio.
        unsplit = givens["net_income"] / (
            givens["beginning_shares"]
            + givens["new_shares"] * months_from_first_of_month(givens["issue_month"]) / 12
        )
        assert abs(record["answer_value"] - unsplit / givens["split_ratio"]) <= 0.0051

    assert_matches_reference(template_id, numeric, invariants=sane)


def test_diluted_eps_with_convertible_bonds() -> None:
    template_id = TOPIC + "diluted_eps_with_convertible_bonds"

    def reference(
        net_income, weighted_common_shares, convertible_face_value, coupon_rate, conversion_shares, tax_rate
    ):
        saved_interest = convertible_face_value * coupon_rate * (1 - tax_rate)
        return (net_income + saved_interest) / (weighted_common_shares + conversion_shares)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        # The conversion is dilutive: diluted EPS does not exceed basic EPS.
        basic = givens["net_income"] / givens["weighted_common_shares"]
        assert 0 < record["answer_value"] <= basic + 0.005

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_compound_growth_of_diluted_eps_by_the_treasury_stock_method() -> None:
    template_id = TOPIC + "compound_growth_of_diluted_eps_by_the_treasury_stock_method"

    def diluted_eps(g):
        incremental = g["options_outstanding"] * (1 - g["exercise_price"] / g["average_share_price"])
        return (g["net_income"] - g["preferred_dividends"]) / (g["weighted_common_shares"] + incremental)

    def reference(g):
        return math.exp(math.log(diluted_eps(g) / g["past_diluted_eps"]) / g["years"]) - 1

    def sane(givens, record):
        assert givens["exercise_price"] < givens["average_share_price"]
        # Compounding the past EPS at the answer for the stated years gives back this year's EPS.
        grown = givens["past_diluted_eps"] * (1 + record["answer_value"]) ** givens["years"]
        assert grown == pytest.approx(diluted_eps(givens), rel=1e-3)
        # Dilution only lowers EPS, so growth is below what basic EPS would show.
        basic = (givens["net_income"] - givens["preferred_dividends"]) / givens["weighted_common_shares"]
        basic_growth = (basic / givens["past_diluted_eps"]) ** (1 / givens["years"]) - 1
        assert record["answer_value"] <= basic_growth + 5e-5

    assert_matches_reference(template_id, reference, invariants=sane)
