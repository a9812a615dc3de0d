"""Personal investment templates against textbook return formulas, symbolically and over 1,000 seeds."""

import math
from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/personal_finance/personal_investment/"


def test_shares_held_after_dividend_reinvestment() -> None:
    template_id = TOPIC + "shares_held_after_dividend_reinvestment"

    def shares_after(shares, dividend_per_share, reinvestment_price):
        return shares * (1 + dividend_per_share / reinvestment_price)

    assert_symbolically_equal(template_id, shares_after)

    def sane(givens, record):
        # The dividend yield at the reinvestment price is 0.2%-3%, so the holding grows by that much.
        assert givens["shares"] * 1.002 - 5e-5 <= record["answer_value"] <= givens["shares"] * 1.03 + 5e-5

    assert_matches_reference(template_id, lambda g: shares_after(**g), invariants=sane)


def test_average_cost_per_share_with_dollar_cost_averaging() -> None:
    template_id = TOPIC + "average_cost_per_share_with_dollar_cost_averaging"
    # The prices are a sequence of varying length, so there is no fixed closed form for sympy to compare;
    # the reference computes the harmonic mean directly on every draw.

    def reference(g):
        shares = math.fsum(g["monthly_amount"] / price for price in g["prices"])
        return g["monthly_amount"] * len(g["prices"]) / shares

    def sane(givens, record):
        prices = givens["prices"]
        average = record["answer_value"]
        # Dollar-cost averaging buys at the harmonic mean: no higher than the plain average price.
        assert min(prices) - 0.005 <= average <= sum(prices) / len(prices) + 0.005

    assert_matches_reference(template_id, reference, invariants=sane)


def test_municipal_versus_taxable_bond_choice() -> None:
    template_id = TOPIC + "municipal_versus_taxable_bond_choice"
    # A categorical answer, checked label by label.

    def reference(g):
        combined = g["federal_rate"] + g["state_rate"]
        tax_equivalent = round(g["muni_yield"] / (1 - combined), 4)  # stated: percent to two decimals
        return "municipal" if round(tax_equivalent - g["taxable_yield"], 4) > 0 else "corporate"

    def sane(givens, record):
        assert givens["muni_yield"] < givens["taxable_yield"]
        combined = givens["federal_rate"] + givens["state_rate"]
        assert 0.10 <= combined <= 0.47
        # The after-tax comparison gives the same choice as the tax-equivalent one (away from ties).
        after_tax_corporate = givens["taxable_yield"] * (1 - combined)
        if abs(after_tax_corporate - givens["muni_yield"]) > 0.0002:
            expected = "municipal" if givens["muni_yield"] > after_tax_corporate else "corporate"
            assert record["answer_label"] == expected

    assert_matches_reference(template_id, reference, invariants=sane)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert all(labels[label] >= 50 for label in ("municipal", "corporate")), labels


def test_real_after_tax_value_of_an_investment() -> None:
    template_id = TOPIC + "real_after_tax_value_of_an_investment"

    def real_value(amount, nominal_return, tax_rate, inflation_rate, years):
        return amount * ((1 + nominal_return * (1 - tax_rate)) / (1 + inflation_rate)) ** years

    assert_symbolically_equal(template_id, real_value)

    def sane(givens, record):
        value = record["answer_value"]
        nominal = (
            givens["amount"] * (1 + givens["nominal_return"] * (1 - givens["tax_rate"])) ** givens["years"]
        )
        # Inflation erodes the nominal after-tax value; the result stays positive.
        assert 0 < value < nominal

    assert_matches_reference(template_id, lambda g: real_value(**g), invariants=sane)


def test_rebalancing_trade_after_years_of_drift() -> None:
    template_id = TOPIC + "rebalancing_trade_after_years_of_drift"

    def stock_to_sell(portfolio_value, stock_weight, stock_return, bond_return, years):
        stocks = portfolio_value * stock_weight * (1 + stock_return) ** years
        bonds = portfolio_value * (1 - stock_weight) * (1 + bond_return) ** years
        return stocks - stock_weight * (stocks + bonds)

    assert_symbolically_equal(template_id, stock_to_sell)

    def sane(givens, record):
        trade = record["answer_value"]
        # Stock is sold exactly when stocks outperformed bonds.
        if abs(givens["stock_return"] - givens["bond_return"]) > 1e-9:
            assert (trade > 0) == (givens["stock_return"] > givens["bond_return"])
        # The longer the drift, the larger the trade: one year of the same returns needs less.
        one_year = stock_to_sell(
            givens["portfolio_value"],
            givens["stock_weight"],
            givens["stock_return"],
            givens["bond_return"],
            1,
        )
        assert abs(trade) >= abs(one_year) - 0.01

    assert_matches_reference(template_id, lambda g: stock_to_sell(**g), invariants=sane)
