"""Basel accord templates against the Basel III ratio definitions, over 1,000 seeds."""

from collections import Counter
from statistics import NormalDist

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/finance_regulation/basel_accords/"


def percent_to_two_decimals(fraction: float) -> float:
    """A ratio as the question asks for it: a percentage to two decimal places, as a fraction."""
    return round(fraction, 4)


def assert_label_mix(labels: list[str], expected: set[str]) -> None:
    counts = Counter(labels)
    assert set(counts) == expected, counts
    for label in expected:
        assert counts[label] >= 0.05 * len(labels), counts


def test_cet1_ratio_against_minimum_plus_buffer() -> None:
    # Categorical answer: no closed form to prove; the numeric reference below restates the rule.
    template_id = TOPIC + "cet1_ratio_against_minimum_plus_buffer"
    labels = []

    def reference(g):
        ratio = percent_to_two_decimals(g["cet1_capital"] / g["risk_weighted_assets"])
        return "compliant" if ratio >= 0.045 + 0.025 - 1e-12 else "not compliant"

    def sane(givens, record):
        assert givens["cet1_minimum"] == 0.045 and givens["conservation_buffer"] == 0.025
        assert 0.04 <= givens["cet1_capital"] / givens["risk_weighted_assets"] <= 0.11
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"compliant", "not compliant"})


def test_leverage_ratio_with_off_balance_sheet_exposures() -> None:
    template_id = TOPIC + "leverage_ratio_with_off_balance_sheet_exposures"

    def reference(
        tier1_capital,
        on_balance_sheet_exposures,
        derivative_exposures,
        undrawn_commitments,
        conversion_factor,
    ):
        exposure = on_balance_sheet_exposures + derivative_exposures + conversion_factor * undrawn_commitments
        return tier1_capital / exposure

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert givens["conversion_factor"] in (0.1, 0.2, 0.4, 0.5, 1.0)
        assert 0 < record["answer_value"] <= 0.12 + 1e-9

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_total_capital_ratio_from_risk_weighted_assets() -> None:
    template_id = TOPIC + "total_capital_ratio_from_risk_weighted_assets"

    def reference(
        treasury_holdings,
        treasury_weight,
        bank_claims,
        bank_weight,
        residential_mortgages,
        mortgage_weight,
        corporate_loans,
        corporate_weight,
        tier1_capital,
        tier2_capital,
    ):
        risk_weighted = (
            treasury_holdings * treasury_weight
            + bank_claims * bank_weight
            + residential_mortgages * mortgage_weight
            + corporate_loans * corporate_weight
        )
        return (tier1_capital + tier2_capital) / risk_weighted

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        weights = (givens["treasury_weight"], givens["bank_weight"], givens["mortgage_weight"])
        assert weights == (0.0, 0.2, 0.5) and givens["corporate_weight"] == 1.0
        assert 0.05 - 1e-9 <= record["answer_value"] <= 0.2 + 1e-9

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)


def test_cet1_after_deductions_against_the_buffer() -> None:
    # Categorical answer: checked against the stated three-way rule rather than symbolically.
    template_id = TOPIC + "cet1_after_deductions_against_the_buffer"
    labels = []

    def reference(g):
        cet1 = (
            g["common_stock_and_surplus"]
            + g["retained_earnings"]
            + g["accumulated_oci"]
            - g["goodwill"]
            - g["other_intangibles"]
        )
        ratio = percent_to_two_decimals(cet1 / g["risk_weighted_assets"])
        if ratio >= 0.07 - 1e-12:
            return "meets buffer"
        if ratio >= 0.045 - 1e-12:
            return "buffer breached"
        return "below minimum"

    def sane(givens, record):
        assert givens["cet1_minimum"] == 0.045 and givens["conservation_buffer"] == 0.025
        labels.append(record["answer_label"])

    assert_matches_reference(template_id, reference, invariants=sane)
    assert_label_mix(labels, {"meets buffer", "buffer breached", "below minimum"})


def test_irb_risk_weighted_assets_of_a_residential_mortgage_portfolio() -> None:
    template_id = TOPIC + "irb_risk_weighted_assets_of_a_residential_mortgage_portfolio"
    normal = NormalDist()

    def risk_weight(g):
        # Loss rate in the 1-in-1,000 year, less the expected loss, per 8% of minimum capital.
        rho = g["asset_correlation"]
        stressed = normal.cdf(
            (normal.inv_cdf(g["probability_of_default"]) + rho**0.5 * normal.inv_cdf(0.999))
            / (1 - rho) ** 0.5
        )
        return g["loss_given_default"] * (stressed - g["probability_of_default"]) / 0.08

    def reference(g):
        return risk_weight(g) * g["exposure_at_default"]

    weights = []

    def sane(givens, record):
        assert (givens["asset_correlation"], givens["confidence_level"]) == (0.15, 0.999)
        weights.append(record["answer_value"] / givens["exposure_at_default"])
        # A riskier borrower pool never needs less capital.
        riskier = {**givens, "probability_of_default": givens["probability_of_default"] + 0.001}
        assert risk_weight(riskier) > risk_weight(givens)

    assert_matches_reference(template_id, reference, invariants=sane)
    # Mortgage risk weights run from a few percent (prime) to above 100% (subprime).
    assert min(weights) < 0.15 and max(weights) > 0.9
