"""Social impact investing templates against textbook formulas, symbolically and over 1,000 seeds."""

from statistics import NormalDist

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/sustainable_finance/social_impact_investing/"


def test_blended_return_with_an_impact_allocation() -> None:
    template_id = TOPIC + "blended_return_with_an_impact_allocation"

    def reference(impact_weight, impact_return, market_return):
        return impact_weight * impact_return + (1 - impact_weight) * market_return

    assert_symbolically_equal(template_id, reference)

    def between_the_sleeves(givens, record):
        low = min(givens["impact_return"], givens["market_return"])
        high = max(givens["impact_return"], givens["market_return"])
        assert low - 5e-5 <= record["answer_value"] <= high + 5e-5
        assert 0.05 <= givens["impact_weight"] <= 0.40

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=between_the_sleeves)


def test_social_return_on_investment_ratio() -> None:
    template_id = TOPIC + "social_return_on_investment_ratio"

    def reference(placements, value_per_placement, investment):
        return placements * value_per_placement / investment

    assert_symbolically_equal(template_id, reference)

    def positive(givens, record):
        assert record["answer_value"] >= 0
        assert record["answer_unit"] == "times"

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=positive)


def test_discounted_sroi_with_deadweight_and_attribution() -> None:
    template_id = TOPIC + "discounted_sroi_with_deadweight_and_attribution"

    def reference(investment, gross_outcome_value, deadweight, attribution, discount_rate, years):
        net = gross_outcome_value * (1 - deadweight) * (1 - attribution)
        return net * (1 - (1 + discount_rate) ** -years) / discount_rate / investment

    assert_symbolically_equal(template_id, reference)

    def below_undiscounted(givens, record):
        gross_ratio = givens["gross_outcome_value"] * givens["years"] / givens["investment"]
        assert 0 <= record["answer_value"] <= gross_ratio + 0.005

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=below_undiscounted)


def test_expected_return_on_a_social_impact_bond() -> None:
    template_id = TOPIC + "expected_return_on_a_social_impact_bond"

    def reference(investment, success_premium, success_probability, recovery_rate, years):
        expected = (
            success_probability * investment * (1 + success_premium)
            + (1 - success_probability) * investment * recovery_rate
        )
        return (expected / investment) ** (1 / years) - 1

    assert_symbolically_equal(template_id, reference)

    def bounded_by_the_outcomes(givens, record):
        assert 0 <= givens["success_probability"] <= 1
        best = (1 + givens["success_premium"]) ** (1 / givens["years"]) - 1
        worst = givens["recovery_rate"] ** (1 / givens["years"]) - 1
        assert worst - 5e-5 <= record["answer_value"] <= best + 5e-5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=bounded_by_the_outcomes)


def test_probability_of_a_senior_loss_in_a_first_loss_blended_fund() -> None:
    template_id = TOPIC + "probability_of_a_senior_loss_in_a_first_loss_blended_fund"
    losses = NormalDist()

    def reference(g):
        f, y = g["first_loss_share"], g["portfolio_yield"]
        # P(senior return < 0) = P(L > f + (1 − f) · y) for L ~ N(μ, σ).
        return 1 - NormalDist(g["expected_loss_rate"], g["loss_volatility"]).cdf(f + (1 - f) * y)

    def sane(givens, record):
        probability = record["answer_value"]
        assert 0 < probability < 0.2
        # Check the event directly, from the waterfall rather than the template's steps: the loss rate
        # exceeded with the answer's probability (± its rounding) brackets the senior's breakeven.
        f, y = givens["first_loss_share"], givens["portfolio_yield"]

        def senior_return_at(exceedance):
            loss = givens["expected_loss_rate"] + givens["loss_volatility"] * losses.inv_cdf(1 - exceedance)
            return ((1 - f) * y - max(loss - f, 0)) / (1 - f)

        assert senior_return_at(max(probability - 0.00005, 1e-12)) <= 1e-12
        assert senior_return_at(probability + 0.00005) >= -1e-12

    assert_matches_reference(template_id, reference, invariants=sane)
