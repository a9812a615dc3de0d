"""Carbon credit templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

from finsynth.world.rounding import round_half_up
from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/sustainable_finance/carbon_credits/"


def test_cost_of_buying_allowances_to_cover_a_shortfall() -> None:
    template_id = TOPIC + "cost_of_buying_allowances_to_cover_a_shortfall"

    def reference(verified_emissions, allowances_held, allowance_price):
        return (verified_emissions - allowances_held) * allowance_price

    assert_symbolically_equal(template_id, reference)

    def covers_a_real_shortfall(givens, record):
        assert givens["allowances_held"] < givens["verified_emissions"]
        assert 0 < record["answer_value"] <= givens["verified_emissions"] * givens["allowance_price"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=covers_a_real_shortfall)


def test_carbon_cost_avoided_by_an_efficiency_retrofit() -> None:
    template_id = TOPIC + "carbon_cost_avoided_by_an_efficiency_retrofit"

    def reference(baseline_emissions, reduction, carbon_price):
        return baseline_emissions * reduction * carbon_price

    assert_symbolically_equal(template_id, reference)

    def a_saving(givens, record):
        assert 0 < givens["reduction"] < 1
        assert 0 < record["answer_value"] < givens["baseline_emissions"] * givens["carbon_price"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=a_saving)


def test_marginal_abatement_cost_of_a_project() -> None:
    template_id = TOPIC + "marginal_abatement_cost_of_a_project"

    def reference(
        capital_cost, discount_rate, project_life, annual_operating_cost, annual_energy_savings, tons_abated
    ):
        annual_capital = capital_cost * discount_rate / (1 - (1 + discount_rate) ** -project_life)
        return (annual_capital + annual_operating_cost - annual_energy_savings) / tons_abated

    assert_symbolically_equal(template_id, reference)
    signs = []

    def capital_charge_at_least_straight_line(givens, record):
        # The yearly capital charge is never below straight-line capital cost / life.
        floor = (
            givens["capital_cost"] / givens["project_life"]
            + givens["annual_operating_cost"]
            - givens["annual_energy_savings"]
        ) / givens["tons_abated"]
        assert record["answer_value"] >= floor - 0.01
        signs.append(record["answer_value"] < 0)

    assert_matches_reference(
        template_id, lambda g: reference(**g), invariants=capital_charge_at_least_straight_line
    )
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_offsets_or_in_house_abatement() -> None:
    # A categorical choice: the numeric reference decides the label from the two total costs.
    template_id = TOPIC + "offsets_or_in_house_abatement"

    def reference(g):
        offsets = g["tons_to_cut"] * g["offset_price"] * (1 + g["broker_fee"])
        in_house = g["fixed_abatement_cost"] + g["tons_to_cut"] * g["variable_abatement_cost"]
        return "buy offsets" if offsets < in_house else "abate in house"

    def choices_named(givens, record):
        assert record["choices"] == ["buy offsets", "abate in house"]
        assert 0 < givens["broker_fee"] < 1

    assert_matches_reference(template_id, reference, invariants=choices_named)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert min(labels[label] for label in ("buy offsets", "abate in house")) >= 50, labels


def test_hedging_allowance_purchases_with_a_forward() -> None:
    template_id = TOPIC + "hedging_allowance_purchases_with_a_forward"

    def closed_form(
        expected_emissions, free_allocation, spot_price, financing_rate, months_to_delivery, spot_at_delivery
    ):
        forward = spot_price * (1 + financing_rate) ** (months_to_delivery / 12)
        return (expected_emissions - free_allocation) * (spot_at_delivery - forward)

    assert_symbolically_equal(template_id, closed_form)

    def reference(g):
        # The question says the forward is quoted to the nearest cent.
        forward = round_half_up(
            g["spot_price"] * (1 + g["financing_rate"]) ** (g["months_to_delivery"] / 12), 2
        )
        return (g["expected_emissions"] - g["free_allocation"]) * (g["spot_at_delivery"] - forward)

    signs = []

    def forward_above_spot(givens, record):
        forward = record["steps"][1]["value"]
        assert forward >= givens["spot_price"]
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, reference, invariants=forward_above_spot)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95
