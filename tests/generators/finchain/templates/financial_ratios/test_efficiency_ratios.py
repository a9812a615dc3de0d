"""Efficiency ratio templates against textbook definitions, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_ratios/efficiency_ratios/"
DAYS_PER_YEAR = 365


def test_days_of_inventory_on_hand() -> None:
    template_id = TOPIC + "days_of_inventory_on_hand"

    def days(cost_of_goods_sold, beginning_inventory, ending_inventory):
        return DAYS_PER_YEAR * (beginning_inventory + ending_inventory) / 2 / cost_of_goods_sold

    assert_symbolically_equal(template_id, days)

    def sane(givens, record):
        # Turnover between 2 and 30 times a year means roughly 12 to 183 days.
        assert DAYS_PER_YEAR / 30 - 0.05 <= record["answer_value"] <= DAYS_PER_YEAR / 2 + 0.05

    assert_matches_reference(template_id, lambda g: days(**g), invariants=sane)


def test_total_asset_turnover() -> None:
    template_id = TOPIC + "total_asset_turnover"

    def turnover(revenue, beginning_total_assets, ending_total_assets):
        return revenue / ((beginning_total_assets + ending_total_assets) / 2)

    assert_symbolically_equal(template_id, turnover)

    def sane(givens, record):
        assert 0.2 - 0.005 <= record["answer_value"] <= 4.005

    assert_matches_reference(template_id, lambda g: turnover(**g), invariants=sane)


def test_cash_conversion_cycle() -> None:
    template_id = TOPIC + "cash_conversion_cycle"

    def cycle(revenue, cost_of_goods_sold, receivables, inventory, payables):
        inventory_days = DAYS_PER_YEAR * inventory / cost_of_goods_sold
        sales_days = DAYS_PER_YEAR * receivables / revenue
        payables_days = DAYS_PER_YEAR * payables / cost_of_goods_sold
        return inventory_days + sales_days - payables_days

    assert_symbolically_equal(template_id, cycle)

    def sane(givens, record):
        # Bounded by the component ranges: 10 + 10 − 90 up to 150 + 90 − 10 days.
        assert -70.05 <= record["answer_value"] <= 230.05
        assert givens["cost_of_goods_sold"] < givens["revenue"]

    def reference(g):
        # The question has each day count stated to two decimals before they are combined.
        inventory_days = round(DAYS_PER_YEAR * g["inventory"] / g["cost_of_goods_sold"], 2)
        sales_days = round(DAYS_PER_YEAR * g["receivables"] / g["revenue"], 2)
        payables_days = round(DAYS_PER_YEAR * g["payables"] / g["cost_of_goods_sold"], 2)
        return inventory_days + sales_days - payables_days

    assert_matches_reference(template_id, reference, invariants=sane)


def test_collection_period_on_credit_sales() -> None:
    template_id = TOPIC + "collection_period_on_credit_sales"

    def period(net_sales, credit_share, beginning_receivables, ending_receivables):
        return DAYS_PER_YEAR * (beginning_receivables + ending_receivables) / 2 / (net_sales * credit_share)

    assert_symbolically_equal(template_id, period)

    def sane(givens, record):
        assert 0.4 <= givens["credit_share"] <= 1
        assert 12 - 0.05 <= record["answer_value"] <= 120.05

    assert_matches_reference(template_id, lambda g: period(**g), invariants=sane)


def test_effective_annual_cost_of_trade_credit_at_the_payables_period() -> None:
    template_id = TOPIC + "effective_annual_cost_of_trade_credit_at_the_payables_period"

    def reference(g):
        days_of_credit = DAYS_PER_YEAR * g["accounts_payable"] / g["purchases"] - g["discount_days"]
        return (1 / (1 - g["discount_rate"])) ** (DAYS_PER_YEAR / days_of_credit) - 1

    def above_the_simple_rate(givens, record):
        days_of_credit = (
            DAYS_PER_YEAR * givens["accounts_payable"] / givens["purchases"] - givens["discount_days"]
        )
        simple = givens["discount_rate"] / (1 - givens["discount_rate"]) * DAYS_PER_YEAR / days_of_credit
        # Compounding the cost of each period of credit always costs more than the simple annual rate.
        assert simple - 1e-4 <= record["answer_value"] < 2

    assert_matches_reference(template_id, reference, invariants=above_the_simple_rate)
