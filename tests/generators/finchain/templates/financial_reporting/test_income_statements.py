"""Income statement templates against textbook definitions, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import (
    assert_matches_reference,
    assert_symbolically_equal,
    exact,
    rounded_exactly,
)

TOPIC = "finchain/financial_reporting/income_statements/"


def test_gross_profit_margin() -> None:
    template_id = TOPIC + "gross_profit_margin"
    assert_symbolically_equal(
        template_id, lambda revenue, cost_of_goods_sold: 1 - cost_of_goods_sold / revenue
    )

    def sane(givens, record):
        assert 0.05 - 1e-9 <= record["answer_value"] <= 0.8 + 1e-9

    assert_matches_reference(
        template_id, lambda g: 1 - g["cost_of_goods_sold"] / g["revenue"], invariants=sane
    )


def test_operating_income_from_expense_lines() -> None:
    template_id = TOPIC + "operating_income_from_expense_lines"

    def reference(revenue, cost_of_goods_sold, selling_general_admin, research_and_development, depreciation):
        operating_expenses = selling_general_admin + research_and_development + depreciation
        return revenue - cost_of_goods_sold - operating_expenses

    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        assert record["answer_value"] < givens["revenue"] - givens["cost_of_goods_sold"]
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    assert sum(signs) / len(signs) >= 0.05


def test_ebitda_margin_rebuilt_from_net_income() -> None:
    template_id = TOPIC + "ebitda_margin_rebuilt_from_net_income"

    def reference(revenue, net_income, income_tax_expense, interest_expense, depreciation, amortization):
        return (net_income + income_tax_expense + interest_expense + depreciation + amortization) / revenue

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0 < record["answer_value"] <= 0.6 + 1e-9
        assert record["answer_value"] >= givens["net_income"] / givens["revenue"] - 1e-4

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_gross_profit_with_periodic_inventory() -> None:
    template_id = TOPIC + "gross_profit_with_periodic_inventory"

    def reference(net_sales, beginning_inventory, purchases, freight_in, ending_inventory):
        cost_of_goods_sold = beginning_inventory + purchases + freight_in - ending_inventory
        return net_sales - cost_of_goods_sold

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0.05 * givens["net_sales"] - 0.01 <= record["answer_value"] <= 0.7 * givens["net_sales"] + 0.01

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_compound_annual_eps_growth_from_a_multi_step_income_statement() -> None:
    template_id = TOPIC + "compound_annual_eps_growth_from_a_multi_step_income_statement"

    def reported_eps(g):
        pretax = (
            g["gross_sales"]
            - g["sales_returns"]
            - g["cost_of_goods_sold"]
            - g["operating_expenses"]
            - g["interest_expense"]
        )
        return float(
            rounded_exactly(
                exact((pretax * (1 - g["tax_rate"]) - g["preferred_dividends"]) / g["weighted_shares"]), 2
            )
        )

    def reference(g):
        return (reported_eps(g) / g["earlier_eps"]) ** (1 / g["years"]) - 1

    def growth_has_the_sign_of_the_change(givens, record):
        change = reported_eps(givens) - givens["earlier_eps"]
        assert (record["answer_value"] > 0) == (change > 0) or abs(record["answer_value"]) < 1e-4

    assert_matches_reference(template_id, reference, invariants=growth_has_the_sign_of_the_change)
