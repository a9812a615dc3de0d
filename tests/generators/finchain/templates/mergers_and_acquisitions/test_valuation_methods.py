"""Valuation methods templates against textbook formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/mergers_and_acquisitions/valuation_methods/"


def test_equity_value_from_harmonic_mean_peer_price_earnings_ratio() -> None:
    template_id = TOPIC + "equity_value_from_harmonic_mean_peer_price_earnings_ratio"

    def reference(first_peer_pe, second_peer_pe, third_peer_pe, net_income):
        return 3 * net_income / (1 / first_peer_pe + 1 / second_peer_pe + 1 / third_peer_pe)

    assert_symbolically_equal(template_id, reference)

    def within_peer_range(givens, record):
        multiples = [givens["first_peer_pe"], givens["second_peer_pe"], givens["third_peer_pe"]]
        implied_pe = record["answer_value"] / givens["net_income"]
        # A harmonic mean lies between the smallest multiple and the arithmetic mean.
        assert min(multiples) - 1e-6 <= implied_pe <= sum(multiples) / 3 + 1e-6

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=within_peer_range)


def test_present_value_of_a_gordon_growth_terminal_value() -> None:
    template_id = TOPIC + "present_value_of_a_gordon_growth_terminal_value"

    def reference(final_year_fcf, growth_rate, wacc, forecast_years):
        return final_year_fcf * (1 + growth_rate) / (wacc - growth_rate) / (1 + wacc) ** forecast_years

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert givens["wacc"] > givens["growth_rate"] > 0
        # A growing perpetuity is worth more than a flat one, and less than the undiscounted horizon value.
        flat = givens["final_year_fcf"] / givens["wacc"] / (1 + givens["wacc"]) ** givens["forecast_years"]
        assert flat < record["answer_value"] < givens["final_year_fcf"] * 1.04 / 0.03

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_share_price_implied_by_precedent_transactions() -> None:
    template_id = TOPIC + "share_price_implied_by_precedent_transactions"

    def reference(
        first_deal_multiple, second_deal_multiple, third_deal_multiple, revenue, debt, cash, **shares
    ):
        average = (first_deal_multiple + second_deal_multiple + third_deal_multiple) / 3
        return (average * revenue - debt + cash) / shares["shares_outstanding"]

    assert_symbolically_equal(template_id, reference)

    def positive_equity(givens, record):
        assert record["answer_value"] > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=positive_equity)


def test_enterprise_value_from_a_five_year_dcf() -> None:
    # The steps sum over a drawn sequence, which sympy cannot compose; the numeric reference below
    # discounts each year explicitly and uses the Gordon formula for the terminal value.
    template_id = TOPIC + "enterprise_value_from_a_five_year_dcf"

    def reference(g):
        flows, wacc, growth = g["forecast_fcf"], g["wacc"], g["growth_rate"]
        explicit = sum(flow / (1 + wacc) ** year for year, flow in enumerate(flows, start=1))
        terminal = flows[-1] * (1 + growth) / (wacc - growth)
        return explicit + terminal / (1 + wacc) ** len(flows)

    def plausible(givens, record):
        assert len(givens["forecast_fcf"]) == 5
        assert record["answer_value"] > sum(givens["forecast_fcf"]) / (1 + givens["wacc"]) ** 5

    assert_matches_reference(template_id, reference, invariants=plausible)


def test_value_per_share_from_a_two_stage_dcf() -> None:
    # The high-growth phase is a sum over a drawn number of years, which sympy cannot compose; the
    # numeric reference builds the cash flows year by year and discounts them.
    template_id = TOPIC + "value_per_share_from_a_two_stage_dcf"

    def reference(g):
        wacc, years = g["wacc"], g["high_growth_years"]
        flows = [g["current_fcf"] * (1 + g["high_growth_rate"]) ** year for year in range(1, years + 1)]
        explicit = sum(flow / (1 + wacc) ** year for year, flow in enumerate(flows, start=1))
        terminal = flows[-1] * (1 + g["stable_growth_rate"]) / (wacc - g["stable_growth_rate"])
        enterprise = explicit + terminal / (1 + wacc) ** years
        return (enterprise - g["net_debt"]) / g["shares_outstanding"]

    def plausible(givens, record):
        assert givens["wacc"] > givens["stable_growth_rate"]
        assert record["answer_value"] > 0

    assert_matches_reference(template_id, reference, invariants=plausible)
