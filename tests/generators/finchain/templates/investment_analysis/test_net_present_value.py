"""Net present value templates against textbook formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/investment_analysis/net_present_value/"


def annuity_factor(rate, years):
    return (1 - (1 + rate) ** -years) / rate


def test_npv_of_uneven_cash_flows() -> None:
    template_id = TOPIC + "npv_of_uneven_cash_flows"

    # The cash flows are a sequence of varying length, which sympy cannot take as a symbol:
    # numeric reference only, discounting each flow separately.
    def reference(g):
        return (
            sum(flow / (1 + g["discount_rate"]) ** year for year, flow in enumerate(g["cash_flows"], 1))
            - g["investment"]
        )

    signs = []

    def sane(givens, record):
        assert 3 <= len(givens["cash_flows"]) <= 6
        assert all(flow > 0 for flow in givens["cash_flows"])
        # Discounting can only shrink the undiscounted surplus.
        assert record["answer_value"] <= sum(givens["cash_flows"]) - givens["investment"] + 0.01
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, reference, invariants=sane)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_npv_of_level_cash_flows_after_a_construction_period() -> None:
    template_id = TOPIC + "npv_of_level_cash_flows_after_a_construction_period"

    def reference(investment, annual_cash_flow, construction_years, years, discount_rate):
        annuity = annual_cash_flow * (1 - (1 + discount_rate) ** -years) / discount_rate
        return annuity / (1 + discount_rate) ** construction_years - investment

    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        assert 0.03 <= givens["discount_rate"] <= 0.14
        # Summing the discounted payments one by one, from the first year after construction, gives
        # the same value as the deferred annuity formula.
        start = givens["construction_years"]
        summed = sum(
            givens["annual_cash_flow"] / (1 + givens["discount_rate"]) ** year
            for year in range(start + 1, start + givens["years"] + 1)
        )
        assert abs(summed - givens["investment"] - record["answer_value"]) <= 0.02
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_npv_of_growing_cash_flows_with_salvage() -> None:
    template_id = TOPIC + "npv_of_growing_cash_flows_with_salvage"

    def reference(investment, first_year_cash_flow, growth_rate, years, salvage_value, discount_rate):
        growing_annuity = (
            first_year_cash_flow
            / (discount_rate - growth_rate)
            * (1 - ((1 + growth_rate) / (1 + discount_rate)) ** years)
        )
        return growing_annuity + salvage_value / (1 + discount_rate) ** years - investment

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert givens["discount_rate"] > givens["growth_rate"] > 0
        # The closed form equals discounting each growing cash flow year by year.
        rate, growth = givens["discount_rate"], givens["growth_rate"]
        summed = sum(
            givens["first_year_cash_flow"] * (1 + growth) ** (year - 1) / (1 + rate) ** year
            for year in range(1, givens["years"] + 1)
        )
        summed += givens["salvage_value"] / (1 + rate) ** givens["years"]
        assert abs(summed - givens["investment"] - record["answer_value"]) <= 0.02

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_npv_with_a_depreciation_tax_shield() -> None:
    template_id = TOPIC + "npv_with_a_depreciation_tax_shield"

    def reference(equipment_cost, life, annual_revenue, annual_cash_costs, tax_rate, discount_rate):
        operating = (annual_revenue - annual_cash_costs) * (1 - tax_rate) + tax_rate * equipment_cost / life
        return operating * (1 - (1 + discount_rate) ** -life) / discount_rate - equipment_cost

    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        assert 0.15 <= givens["tax_rate"] <= 0.35
        assert givens["annual_revenue"] > givens["annual_cash_costs"] > 0
        # The tax shield adds exactly t·D per year to the NPV computed without depreciation.
        without_shield = (givens["annual_revenue"] - givens["annual_cash_costs"]) * (1 - givens["tax_rate"])
        no_shield_npv = (
            without_shield * annuity_factor(givens["discount_rate"], givens["life"])
            - givens["equipment_cost"]
        )
        assert record["answer_value"] > no_shield_npv
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_choose_between_machines_by_equivalent_annual_annuity() -> None:
    template_id = TOPIC + "choose_between_machines_by_equivalent_annual_annuity"

    # Categorical answer: no symbolic form. EAA = cash flow − cost / annuity factor, from the givens.
    def eaa(cost, cash_flow, life, rate):
        npv = cash_flow * annuity_factor(rate, life) - cost
        return npv / annuity_factor(rate, life)

    def reference(g):
        rate = g["discount_rate"]
        a = eaa(g["cost_a"], g["cash_flow_a"], g["life_a"], rate)
        b = eaa(g["cost_b"], g["cash_flow_b"], g["life_b"], rate)
        return "machine A" if a > b else "machine B"

    labels = []

    def sane(givens, record):
        assert givens["life_b"] > givens["life_a"] >= 2
        steps = {step["name"]: step["value"] for step in record["steps"]}
        # Each EAA, paid for one life, has the same present value as that life's NPV.
        for machine in ("a", "b"):
            factor = annuity_factor(givens["discount_rate"], givens[f"life_{machine}"])
            assert abs(steps[f"eaa_{machine}"] * factor - steps[f"npv_{machine}"]) <= 0.01 * factor
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    for label in ("machine A", "machine B"):
        assert labels.count(label) >= 0.05 * len(labels), (label, labels.count(label))
