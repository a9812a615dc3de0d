"""Green bond templates against textbook formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/sustainable_finance/green_bonds/"


def test_investor_share_of_avoided_emissions() -> None:
    template_id = TOPIC + "investor_share_of_avoided_emissions"

    def reference(project_avoided_emissions, financed_share, holding, issue_size):
        return project_avoided_emissions * financed_share * holding / issue_size

    assert_symbolically_equal(template_id, reference)

    def a_slice_of_the_project(givens, record):
        assert 0 < record["answer_value"] <= 0.2 * givens["project_avoided_emissions"] + 0.005
        assert record["answer_unit"] == "tons"

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=a_slice_of_the_project)


def test_share_of_green_bond_proceeds_allocated() -> None:
    template_id = TOPIC + "share_of_green_bond_proceeds_allocated"

    def reference(
        renewables_allocation, buildings_allocation, transport_allocation, issue_size, issuance_costs
    ):
        allocated = renewables_allocation + buildings_allocation + transport_allocation
        return allocated / (issue_size * (1 - issuance_costs))

    assert_symbolically_equal(template_id, reference)

    def a_share(givens, record):
        assert 0 < record["answer_value"] <= 1 + 5e-5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=a_share)


def test_price_of_a_green_bond_from_its_conventional_twin() -> None:
    template_id = TOPIC + "price_of_a_green_bond_from_its_conventional_twin"

    def reference(face_value, coupon_rate, years, conventional_yield, greenium_bp):
        half_yield = (conventional_yield - greenium_bp / 10000) / 2
        discount = (1 + half_yield) ** (-2 * years)
        return face_value * coupon_rate / 2 * (1 - discount) / half_yield + face_value * discount

    assert_symbolically_equal(template_id, reference)

    def premium_iff_coupon_above_yield(givens, record):
        green_yield = givens["conventional_yield"] - givens["greenium_bp"] / 10000
        if givens["coupon_rate"] > green_yield:
            assert record["answer_value"] > givens["face_value"]
        elif givens["coupon_rate"] < green_yield:
            assert record["answer_value"] < givens["face_value"]
        # A green bond priced at a greenium is worth more than its conventional twin.
        twin_half = givens["conventional_yield"] / 2
        twin_discount = (1 + twin_half) ** (-2 * givens["years"])
        twin_price = givens["face_value"] * (
            givens["coupon_rate"] / 2 * (1 - twin_discount) / twin_half + twin_discount
        )
        assert record["answer_value"] > twin_price

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=premium_iff_coupon_above_yield)


def test_greenium_against_an_interpolated_conventional_curve() -> None:
    template_id = TOPIC + "greenium_against_an_interpolated_conventional_curve"

    def reference(short_yield, long_yield, short_maturity, long_maturity, green_maturity, green_yield):
        weight = (green_maturity - short_maturity) / (long_maturity - short_maturity)
        twin = (1 - weight) * short_yield + weight * long_yield
        return (twin - green_yield) * 10000

    assert_symbolically_equal(template_id, reference)

    def twin_between_the_bracketing_yields(givens, record):
        twin = record["steps"][1]["value"]
        low = min(givens["short_yield"], givens["long_yield"])
        high = max(givens["short_yield"], givens["long_yield"])
        assert low - 1e-8 <= twin <= high + 1e-8
        # Priced at -5..25 bp; the green yield is quoted to 0.001% (0.1 bp), so up to 0.05 bp more.
        assert -5.06 <= record["answer_value"] <= 25.06

    assert_matches_reference(
        template_id, lambda g: reference(**g), invariants=twin_between_the_bracketing_yields
    )


def test_net_present_benefit_of_issuing_green() -> None:
    template_id = TOPIC + "net_present_benefit_of_issuing_green"

    def reference(issue_size, greenium_bp, annual_reporting_cost, conventional_yield, years, upfront_costs):
        annuity = (1 - (1 + conventional_yield) ** -years) / conventional_yield
        return (issue_size * greenium_bp / 10000 - annual_reporting_cost) * annuity - upfront_costs

    assert_symbolically_equal(template_id, reference)
    signs = []

    def below_undiscounted_saving(givens, record):
        undiscounted = givens["issue_size"] * givens["greenium_bp"] / 10000 * givens["years"]
        assert record["answer_value"] < undiscounted
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=below_undiscounted_saving)
    # The benefit the question names is positive for most draws, but not all.
    assert 0.05 <= 1 - sum(signs) / len(signs) <= 0.5
