"""Capital structure templates against textbook formulas, symbolically and over 1,000 seeds."""

from statistics import NormalDist

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/corporate_finance/capital_structure/"


def test_debt_to_equity_ratio_from_the_balance_sheet() -> None:
    template_id = TOPIC + "debt_to_equity_ratio_from_the_balance_sheet"

    def reference(total_assets, total_liabilities):
        return total_liabilities / (total_assets - total_liabilities)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        # Equity is positive, so the ratio is positive; liabilities of 10%–85% of assets bound it.
        assert givens["total_assets"] > givens["total_liabilities"] > 0
        assert 0.1 / 0.9 - 0.005 <= record["answer_value"] <= 0.85 / 0.15 + 0.005

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_levered_beta_by_the_hamada_equation() -> None:
    template_id = TOPIC + "levered_beta_by_the_hamada_equation"

    def reference(unlevered_beta, debt_value, equity_value, tax_rate):
        return unlevered_beta * (1 + (1 - tax_rate) * debt_value / equity_value)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 0.15 <= givens["tax_rate"] <= 0.35
        # Debt only adds risk to equity, and at most (1 + 1.5) times the asset beta here.
        assert (
            givens["unlevered_beta"] - 0.005
            <= record["answer_value"]
            <= 2.5 * givens["unlevered_beta"] + 0.005
        )

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_equity_value_under_mm_proposition_i_with_taxes() -> None:
    template_id = TOPIC + "equity_value_under_mm_proposition_i_with_taxes"

    def reference(ebit, tax_rate, unlevered_cost_of_capital, debt_value):
        return ebit * (1 - tax_rate) / unlevered_cost_of_capital + tax_rate * debt_value - debt_value

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        unlevered = givens["ebit"] * (1 - givens["tax_rate"]) / givens["unlevered_cost_of_capital"]
        # Equity stays positive and falls by only (1 − t) of each dollar of debt issued.
        assert record["answer_value"] > 0
        expected_drop = (1 - givens["tax_rate"]) * givens["debt_value"]
        assert abs((unlevered - record["answer_value"]) - expected_drop) <= 0.02

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_cost_of_equity_under_mm_proposition_ii_with_taxes() -> None:
    template_id = TOPIC + "cost_of_equity_under_mm_proposition_ii_with_taxes"

    def reference(unlevered_cost_of_capital, cost_of_debt, debt_value, equity_value, tax_rate):
        spread = unlevered_cost_of_capital - cost_of_debt
        return unlevered_cost_of_capital + spread * (1 - tax_rate) * debt_value / equity_value

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert givens["unlevered_cost_of_capital"] > givens["cost_of_debt"] > 0
        assert givens["unlevered_cost_of_capital"] - 1e-4 <= record["answer_value"] < 0.4
        # The implied WACC (with the tax shield) is below the unlevered cost of capital.
        debt, equity = givens["debt_value"], givens["equity_value"]
        wacc = (
            equity * record["answer_value"] + debt * givens["cost_of_debt"] * (1 - givens["tax_rate"])
        ) / (debt + equity)
        assert wacc <= givens["unlevered_cost_of_capital"] + 1e-4

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_probability_of_missing_a_target_return_on_equity_after_a_recapitalization() -> None:
    template_id = TOPIC + "probability_of_missing_a_target_return_on_equity_after_a_recapitalization"

    def reference(g):
        # Return on equity is itself normal: a linear function of normally distributed EBIT.
        equity = g["total_assets"] - g["new_debt"]
        after_tax = 1 - g["tax_rate"]
        mean = (g["expected_ebit"] - g["interest_rate"] * g["new_debt"]) * after_tax / equity
        spread = g["ebit_standard_deviation"] * after_tax / equity
        return NormalDist(mean, spread).cdf(g["target_return_on_equity"])

    below_half = []

    def sane(givens, record):
        assert 0.01 - 1e-4 <= record["answer_value"] <= 0.99 + 1e-4
        # Missing is more likely than not exactly when the expected ROE is below the target.
        equity = givens["total_assets"] - givens["new_debt"]
        expected_roe = (
            (givens["expected_ebit"] - givens["interest_rate"] * givens["new_debt"])
            * (1 - givens["tax_rate"])
            / equity
        )
        if abs(expected_roe - givens["target_return_on_equity"]) > 1e-3:
            assert (record["answer_value"] > 0.5) == (expected_roe < givens["target_return_on_equity"])
        below_half.append(record["answer_value"] < 0.5)

    assert_matches_reference(template_id, reference, invariants=sane)
    # The draws include targets the firm is likely and unlikely to reach.
    assert 0.05 <= sum(below_half) / len(below_half) <= 0.95
