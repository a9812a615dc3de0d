"""Return on investment templates against textbook formulas, symbolically and over 1,000 seeds."""

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/investment_analysis/return_on_investment/"
SHARES = sympy.Symbol("shares", positive=True)


def test_roi_on_a_purchase_and_resale() -> None:
    template_id = TOPIC + "roi_on_a_purchase_and_resale"

    def reference(purchase_price, sale_price):
        return (sale_price - purchase_price) / purchase_price

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        # The constraints keep the sale between half and three times the cost.
        assert -0.5 - 1e-9 <= record["answer_value"] <= 2 + 1e-9
        assert (record["answer_value"] >= 0) == (givens["sale_price"] >= givens["purchase_price"])

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_roi_of_a_marketing_campaign() -> None:
    template_id = TOPIC + "roi_of_a_marketing_campaign"

    def reference(campaign_cost, incremental_revenue, gross_margin):
        return (incremental_revenue * gross_margin - campaign_cost) / campaign_cost

    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        assert 0.2 <= givens["gross_margin"] <= 0.7
        assert -0.5 - 1e-9 <= record["answer_value"] <= 3 + 1e-9
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    # The campaign both pays off and loses money across draws.
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_annualized_roi_of_a_stock_with_dividends() -> None:
    template_id = TOPIC + "annualized_roi_of_a_stock_with_dividends"

    # The share count cancels out of the composed answer, so sympy gets its own symbol for it.
    def reference(buy_price, sell_price, dividends_per_share, years, shares=SHARES):
        ending = shares * (sell_price + dividends_per_share)
        return (ending / (shares * buy_price)) ** (1 / years) - 1

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        annual = record["answer_value"]
        assert -0.25 <= annual <= 1.0
        # Compounding the annual return over the holding period recovers the total multiple.
        multiple = (givens["sell_price"] + givens["dividends_per_share"]) / givens["buy_price"]
        assert abs((1 + annual) ** givens["years"] - multiple) <= 1e-3 * multiple * givens["years"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_equity_roi_on_a_leveraged_property() -> None:
    template_id = TOPIC + "equity_roi_on_a_leveraged_property"

    def reference(purchase_price, down_payment_rate, loan_rate, net_rental_income, sale_price):
        down_payment = purchase_price * down_payment_rate
        interest = (purchase_price - down_payment) * loan_rate
        return (sale_price + net_rental_income - purchase_price - interest) / down_payment

    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        assert 0.1 <= givens["down_payment_rate"] <= 0.5
        assert 0.03 <= givens["loan_rate"] <= 0.09
        # Leverage magnifies the unlevered return in both directions.
        unlevered = (givens["sale_price"] + givens["net_rental_income"]) / givens["purchase_price"] - 1
        if unlevered > givens["loan_rate"]:
            assert record["answer_value"] >= unlevered - 1e-4
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_after_tax_annualized_roi_with_commissions() -> None:
    template_id = TOPIC + "after_tax_annualized_roi_with_commissions"

    def reference(shares, buy_price, sell_price, commission, tax_rate, years):
        basis = shares * buy_price + commission
        proceeds = shares * sell_price - commission
        after_tax = proceeds - tax_rate * (proceeds - basis)
        return (after_tax / basis) ** (1 / years) - 1

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0.1 <= givens["tax_rate"] <= 0.25
        # A taxed gain still leaves a positive return, below the pre-tax annual return.
        pre_tax = (givens["sell_price"] / givens["buy_price"]) ** (1 / givens["years"]) - 1
        assert 0 < record["answer_value"] < pre_tax

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
