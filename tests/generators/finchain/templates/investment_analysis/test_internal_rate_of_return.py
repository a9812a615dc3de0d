"""Internal rate of return templates against textbook formulas and an independent root finder.

Templates that call ``irr`` have no closed form, so they are checked numerically only: the
reference solves NPV(r) = 0 with the bisection below, written independently of the
library's ``irr``.
"""

from collections.abc import Sequence

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/investment_analysis/internal_rate_of_return/"


def npv(rate: float, flows: Sequence[float]) -> float:
    return sum(flow * (1 + rate) ** -period for period, flow in enumerate(flows))


def bisect_irr(flows: Sequence[float], low: float = -0.9, high: float = 10.0) -> float:
    """Root of NPV(r) on [low, high] for an outlay followed by inflows (NPV falls as r rises)."""
    assert npv(low, flows) > 0 > npv(high, flows)
    for _ in range(200):
        middle = (low + high) / 2
        if npv(middle, flows) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def assert_npv_vanishes(rate: float, flows: Sequence[float]) -> None:
    """NPV at the rounded IRR is within what half a basis point of rate error can explain."""
    slope = sum(period * abs(flow) for period, flow in enumerate(flows))
    assert abs(npv(rate, flows)) <= 1e-4 * slope


def test_two_year_project_irr_by_the_quadratic_formula() -> None:
    template_id = TOPIC + "two_year_project_irr_by_the_quadratic_formula"
    assert_symbolically_equal(
        template_id,
        lambda investment, year_1_cash_flow, year_2_cash_flow: (
            (year_1_cash_flow + sympy.sqrt(year_1_cash_flow**2 + 4 * investment * year_2_cash_flow))
            / (2 * investment)
            - 1
        ),
    )

    def flows(g):
        return [-g["investment"], g["year_1_cash_flow"], g["year_2_cash_flow"]]

    def sane(givens, record):
        # The inflows exceed the outlay by 5% to 80%, so the IRR is positive and below 80%.
        assert 0 < record["answer_value"] < 0.8
        assert_npv_vanishes(record["answer_value"], flows(givens))

    assert_matches_reference(template_id, lambda g: bisect_irr(flows(g)), invariants=sane)


def test_irr_of_level_annual_savings() -> None:
    template_id = TOPIC + "irr_of_level_annual_savings"

    # IRR has no closed form for five periods: numeric reference only.
    def flows(g):
        return [-(g["machine_price"] + g["installation_cost"])] + [g["annual_savings"]] * 5

    def sane(givens, record):
        assert givens["annual_savings"] > 0
        assert 0 < record["answer_value"] < 0.5
        assert_npv_vanishes(record["answer_value"], flows(givens))

    assert_matches_reference(template_id, lambda g: bisect_irr(flows(g)), invariants=sane)


def test_irr_with_salvage_and_working_capital_recovery() -> None:
    template_id = TOPIC + "irr_with_salvage_and_working_capital_recovery"

    # Four-period IRR has no closed form: numeric reference only.
    def flows(g):
        operating = g["operating_cash_flow"]
        final = operating + g["salvage_value"] * (1 - g["tax_rate"]) + g["working_capital"]
        return [-(g["equipment_cost"] + g["working_capital"]), operating, operating, operating, final]

    def sane(givens, record):
        assert 0.15 <= givens["tax_rate"] <= 0.35
        assert -0.1 < record["answer_value"] < 0.6
        assert_npv_vanishes(record["answer_value"], flows(givens))
        # Recovering working capital and salvage can only raise the IRR above the bare operating flows'.
        bare = [-(givens["equipment_cost"] + givens["working_capital"])] + [givens["operating_cash_flow"]] * 4
        assert record["answer_value"] >= bisect_irr(bare) - 1e-4

    assert_matches_reference(template_id, lambda g: bisect_irr(flows(g)), invariants=sane)


def test_accept_or_reject_by_irr_against_a_hurdle_rate() -> None:
    template_id = TOPIC + "accept_or_reject_by_irr_against_a_hurdle_rate"

    # Categorical answer: no symbolic form; the decision is recomputed from an independent IRR.
    def flows(g):
        units = [g["units_year_1"], g["units_year_2"], g["units_year_3"]]
        return [-g["investment"]] + [count * g["unit_margin"] for count in units]

    labels = []

    def sane(givens, record):
        assert 0.06 <= givens["hurdle_rate"] <= 0.2
        # The IRR rule agrees with the NPV rule at the hurdle rate for a conventional project.
        assert (npv(givens["hurdle_rate"], flows(givens)) >= 0) == (record["answer_label"] == "accept")
        labels.append(record["answer_label"])

    assert_matches_reference(
        template_id,
        lambda g: "accept" if bisect_irr(flows(g)) >= g["hurdle_rate"] else "reject",
        invariants=sane,
    )
    for label in ("accept", "reject"):
        assert labels.count(label) >= 0.05 * len(labels), (label, labels.count(label))


def test_modified_irr_with_a_mid_life_overhaul() -> None:
    template_id = TOPIC + "modified_irr_with_a_mid_life_overhaul"

    def reference(
        investment, annual_inflow, life, overhaul_cost, overhaul_year, finance_rate, reinvestment_rate
    ):
        present_outflows = investment + overhaul_cost / (1 + finance_rate) ** overhaul_year
        terminal_inflows = annual_inflow * ((1 + reinvestment_rate) ** life - 1) / reinvestment_rate
        return (terminal_inflows / present_outflows) ** (1 / life) - 1

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 1 <= givens["overhaul_year"] < givens["life"]
        mirr = record["answer_value"]
        assert -0.1 < mirr < 0.6
        # Compounding the outflows' present value at the MIRR reaches the inflows' terminal value,
        # summed year by year here rather than with the annuity formula.
        terminal = sum(
            givens["annual_inflow"] * (1 + givens["reinvestment_rate"]) ** (givens["life"] - year)
            for year in range(1, givens["life"] + 1)
        )
        outflows = (
            givens["investment"]
            + givens["overhaul_cost"] / (1 + givens["finance_rate"]) ** givens["overhaul_year"]
        )
        assert abs(outflows * (1 + mirr) ** givens["life"] - terminal) <= 1e-3 * terminal

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
