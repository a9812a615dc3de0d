"""Deal structure templates against textbook formulas, symbolically and over 1,000 seeds."""

from finsynth.world.rounding import round_half_up
from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/mergers_and_acquisitions/deal_structure/"


def test_exchange_ratio_for_an_all_stock_offer() -> None:
    template_id = TOPIC + "exchange_ratio_for_an_all_stock_offer"
    assert_symbolically_equal(
        template_id,
        lambda target_price, premium, acquirer_price: target_price * (1 + premium) / acquirer_price,
    )

    def plausible(givens, record):
        assert 0.1 - 1e-4 <= record["answer_value"] <= 3 + 1e-4
        # Paying a premium means the shares received are worth more than the target's price.
        assert record["answer_value"] * givens["acquirer_price"] > givens["target_price"]

    # The question sets the offer price to the nearest cent before the ratio is taken.
    assert_matches_reference(
        template_id,
        lambda g: round_half_up(g["target_price"] * (1 + g["premium"]), 2) / g["acquirer_price"],
        invariants=plausible,
    )


def test_target_holders_stake_after_a_share_exchange() -> None:
    template_id = TOPIC + "target_holders_stake_after_a_share_exchange"

    def reference(exchange_ratio, target_shares, acquirer_shares):
        issued = exchange_ratio * target_shares
        return issued / (acquirer_shares + issued)

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        assert 0 < record["answer_value"] < 1

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_premium_of_a_cash_and_stock_offer() -> None:
    template_id = TOPIC + "premium_of_a_cash_and_stock_offer"
    assert_symbolically_equal(
        template_id,
        lambda cash_per_share, exchange_ratio, acquirer_price, target_price: (
            (cash_per_share + exchange_ratio * acquirer_price - target_price) / target_price
        ),
    )

    def plausible(givens, record):
        assert 0.05 - 1e-4 <= record["answer_value"] <= 0.8 + 1e-4

    # The question values the stock part per share to the nearest cent.
    assert_matches_reference(
        template_id,
        lambda g: (
            (g["cash_per_share"] + round_half_up(g["exchange_ratio"] * g["acquirer_price"], 2))
            / g["target_price"]
            - 1
        ),
        invariants=plausible,
    )


def test_expected_present_value_of_a_deal_with_an_earnout() -> None:
    template_id = TOPIC + "expected_present_value_of_a_deal_with_an_earnout"

    def reference(upfront_cash, earnout_payment, earnout_probability, discount_rate, earnout_years):
        return upfront_cash + earnout_probability * earnout_payment / (1 + discount_rate) ** earnout_years

    assert_symbolically_equal(template_id, reference)

    def plausible(givens, record):
        # Worth more than the upfront cash, less than paying the full earnout today.
        upfront = givens["upfront_cash"]
        assert upfront < record["answer_value"] < upfront + givens["earnout_payment"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible)


def test_eps_accretion_or_dilution_in_a_forecast_year() -> None:
    template_id = TOPIC + "eps_accretion_or_dilution_in_a_forecast_year"

    def closed_form(acquirer_eps, acquirer_shares, acquirer_growth, target_eps, target_shares, **more):
        year = more["forecast_year"]
        standalone = acquirer_eps * (1 + acquirer_growth) ** year
        earnings = (
            standalone * acquirer_shares + target_eps * target_shares * (1 + more["target_growth"]) ** year
        )
        earnings += more["pretax_synergies"] * (1 - more["tax_rate"])
        new_shares = more["offer_price"] * target_shares / more["acquirer_price"]
        return earnings / (acquirer_shares + new_shares) / standalone - 1

    def reference(g):
        shares = g["acquirer_shares"] + round_half_up(
            g["offer_price"] * g["target_shares"] / g["acquirer_price"], 0
        )
        standalone = g["acquirer_eps"] * (1 + g["acquirer_growth"]) ** g["forecast_year"]
        target_income = g["target_eps"] * g["target_shares"] * (1 + g["target_growth"]) ** g["forecast_year"]
        earnings = (
            standalone * g["acquirer_shares"] + target_income + g["pretax_synergies"] * (1 - g["tax_rate"])
        )
        return earnings / shares / standalone - 1

    def plausible(givens, record):
        assert -0.3 <= record["answer_value"] <= 0.5
        # With no synergies and equal growth, the deal is accretive exactly when the acquirer's P/E
        # exceeds the P/E it pays, whatever the year.
        if givens["pretax_synergies"] == 0 and givens["acquirer_growth"] == givens["target_growth"]:
            acquirer_pe = givens["acquirer_price"] / givens["acquirer_eps"]
            paid_pe = givens["offer_price"] / givens["target_eps"]
            accretive = record["answer_value"] >= -1e-4
            assert accretive == (acquirer_pe >= paid_pe) or abs(acquirer_pe - paid_pe) < 0.05

    # The symbolic proof uses the unrounded share count; the question rounds it to whole shares.
    assert_symbolically_equal(template_id, closed_form)
    assert_matches_reference(template_id, reference, invariants=plausible)
    # A target growing faster than the acquirer makes the same deal more accretive in later years.
    faster = [
        record["answer_value"]
        for givens, record in draws(template_id)
        if givens["target_growth"] > givens["acquirer_growth"] + 0.03
    ]
    slower = [
        record["answer_value"]
        for givens, record in draws(template_id)
        if givens["target_growth"] < givens["acquirer_growth"] - 0.03
    ]
    assert faster and slower and sum(faster) / len(faster) > sum(slower) / len(slower)
