"""Cash flow statement templates against the indirect-method identities, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_reporting/cash_flow_statements/"


def test_operating_cash_flow_from_reported_changes() -> None:
    template_id = TOPIC + "operating_cash_flow_from_reported_changes"

    def reference(net_income, depreciation, receivables_increase, inventory_increase, payables_increase):
        # Asset increases use cash (subtracted); a payables increase is a source (added).
        return net_income + depreciation - receivables_increase - inventory_increase + payables_increase

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        # Cash flow never exceeds income plus add-backs plus the payables source.
        ceiling = givens["net_income"] + givens["depreciation"] + givens["payables_increase"]
        assert record["answer_value"] <= ceiling

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_net_cash_from_investing_activities() -> None:
    template_id = TOPIC + "net_cash_from_investing_activities"

    def reference(capital_expenditures, equipment_sale_proceeds, securities_purchased, securities_sold):
        return -capital_expenditures + equipment_sale_proceeds - securities_purchased + securities_sold

    assert_symbolically_equal(template_id, reference)

    def capex_is_an_outflow(givens, record):
        inflows = givens["equipment_sale_proceeds"] + givens["securities_sold"]
        assert record["answer_value"] <= inflows - givens["capital_expenditures"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=capex_is_an_outflow)


def test_operating_cash_flow_from_comparative_balances() -> None:
    template_id = TOPIC + "operating_cash_flow_from_comparative_balances"

    def reference(
        net_income,
        depreciation,
        gain_on_sale,
        receivables_begin,
        receivables_end,
        inventory_begin,
        inventory_end,
        payables_begin,
        payables_end,
    ):
        working_capital_begin = receivables_begin + inventory_begin - payables_begin
        working_capital_end = receivables_end + inventory_end - payables_end
        return net_income + depreciation - gain_on_sale - (working_capital_end - working_capital_begin)

    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        assert givens["gain_on_sale"] >= 0
        signs.append(givens["receivables_end"] > givens["receivables_begin"])

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    # Receivables both rise and fall across draws, so both signs of the adjustment are exercised.
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_capital_expenditure_from_ppe_rollforward() -> None:
    template_id = TOPIC + "capital_expenditure_from_ppe_rollforward"

    def reference(ppe_begin, ppe_end, depreciation, book_value_sold, sale_proceeds):
        capex = ppe_end - (ppe_begin - depreciation - book_value_sold)
        return sale_proceeds - capex

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        capex = givens["sale_proceeds"] - record["answer_value"]
        assert capex > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_present_value_of_growing_free_cash_flow_from_the_indirect_method() -> None:
    template_id = TOPIC + "present_value_of_growing_free_cash_flow_from_the_indirect_method"

    def free_cash_flow(g):
        operating = (
            g["net_income"]
            + g["depreciation"]
            + g["loss_on_sale"]
            - g["receivables_increase"]
            - g["inventory_increase"]
            + g["payables_increase"]
        )
        return operating - g["capital_expenditures"]

    def reference(g):
        growth, rate, years = g["growth_rate"], g["discount_rate"], g["years"]
        first = free_cash_flow(g) * (1 + growth)
        if abs(rate - growth) < 1e-12:
            return years * first / (1 + rate)
        return first / (rate - growth) * (1 - ((1 + growth) / (1 + rate)) ** years)

    def less_than_the_undiscounted_flows(givens, record):
        undiscounted = sum(
            free_cash_flow(givens) * (1 + givens["growth_rate"]) ** t for t in range(1, givens["years"] + 1)
        )
        assert 0 < record["answer_value"] < undiscounted

    assert_matches_reference(template_id, reference, invariants=less_than_the_undiscounted_flows)
