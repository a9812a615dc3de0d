"""Forex trading templates against textbook formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_markets/forex_trading/"


def test_round_trip_cost_of_the_bid_ask_spread() -> None:
    template_id = TOPIC + "round_trip_cost_of_the_bid_ask_spread"
    assert_symbolically_equal(template_id, lambda dollars, ask, bid: dollars * (1 - bid / ask))

    def plausible(givens, record):
        assert givens["ask"] > givens["bid"]
        # The cost is the spread as a share of the ask, give or take the cent rounding of each leg.
        spread_share = (givens["ask"] - givens["bid"]) / givens["ask"]
        assert abs(record["answer_value"] - givens["dollars"] * spread_share) <= 0.02
        assert record["answer_value"] > 0

    # The question pays each conversion to the cent, so the euro amount is rounded before converting back.
    assert_matches_reference(
        template_id,
        lambda g: g["dollars"] - round(g["dollars"] / g["ask"], 2) * g["bid"],
        invariants=plausible,
    )


def test_yen_from_euros_through_a_cross_rate() -> None:
    template_id = TOPIC + "yen_from_euros_through_a_cross_rate"
    assert_symbolically_equal(template_id, lambda euros, eur_usd, usd_jpy: euros * eur_usd * usd_jpy)

    def plausible(givens, record):
        assert 135 * 1.05 * givens["euros"] - 1 <= record["answer_value"] <= 160 * 1.2 * givens["euros"] + 1

    # Going through dollars explicitly: euros -> dollars -> yen, without rounding the cross rate.
    assert_matches_reference(
        template_id, lambda g: (g["euros"] * g["eur_usd"]) * g["usd_jpy"], invariants=plausible
    )


def test_forward_points_from_covered_interest_parity() -> None:
    template_id = TOPIC + "forward_points_from_covered_interest_parity"

    def reference(spot, usd_rate, eur_rate, days):
        forward = spot * (1 + usd_rate * days / 360) / (1 + eur_rate * days / 360)
        return (forward - spot) * 10_000

    assert_symbolically_equal(template_id, reference)

    def parity_sign(givens, record):
        # The higher-yielding currency trades at a forward discount.
        if givens["usd_rate"] > givens["eur_rate"]:
            assert record["answer_value"] >= 0
        elif givens["usd_rate"] < givens["eur_rate"]:
            assert record["answer_value"] <= 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=parity_sign)


def test_return_on_margin_of_a_leveraged_currency_trade() -> None:
    template_id = TOPIC + "return_on_margin_of_a_leveraged_currency_trade"

    def reference(entry_rate, exit_rate, margin_requirement, pounds=1):
        # The notional cancels: the return on margin does not depend on the position size.
        return (exit_rate / entry_rate - 1) / margin_requirement

    assert_symbolically_equal(template_id, reference)

    def leverage(givens, record):
        # Leverage multiplies the rate's percentage move by 1 / margin, with the same sign.
        move = givens["exit_rate"] / givens["entry_rate"] - 1
        assert (record["answer_value"] > 0) == (move > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=leverage)


def test_covered_interest_arbitrage_profit_over_several_years() -> None:
    template_id = TOPIC + "covered_interest_arbitrage_profit_over_several_years"

    def reference(dollars, spot_rate, euro_rate, forward_rate, dollar_rate, years):
        return (
            dollars / spot_rate * (1 + euro_rate) ** years * forward_rate
            - dollars * (1 + dollar_rate) ** years
        )

    assert_symbolically_equal(template_id, reference)

    def a_riskless_profit_from_a_rich_forward(givens, record):
        parity = (
            givens["spot_rate"] * ((1 + givens["dollar_rate"]) / (1 + givens["euro_rate"])) ** givens["years"]
        )
        # The forward is quoted above parity, so selling euros forward earns more than the loan costs.
        assert givens["forward_rate"] > parity
        assert 0 < record["answer_value"] < 0.02 * givens["dollars"]

    assert_matches_reference(
        template_id, lambda g: reference(**g), invariants=a_riskless_profit_from_a_rich_forward
    )
