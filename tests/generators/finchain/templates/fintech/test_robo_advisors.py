"""Robo-advisor templates against textbook formulas, symbolically and over 1,000 seeds."""

from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/fintech/robo_advisors/"


def test_annual_fee_under_a_tiered_schedule() -> None:
    # The schedule is piecewise (min/max), so no single closed form applies; the numeric reference
    # covers balances on both sides of the breakpoint.
    template_id = TOPIC + "annual_fee_under_a_tiered_schedule"

    def reference(g):
        if g["balance"] <= g["breakpoint"]:
            return g["balance"] * g["first_tier_rate"]
        return (
            g["breakpoint"] * g["first_tier_rate"] + (g["balance"] - g["breakpoint"]) * g["upper_tier_rate"]
        )

    above = []

    def between_the_flat_rates(givens, record):
        low = givens["balance"] * givens["upper_tier_rate"]
        high = givens["balance"] * givens["first_tier_rate"]
        # Half a cent either way (a tie rounds up), with float slack.
        assert low - 0.005 - 1e-9 <= record["answer_value"] <= high + 0.005 + 1e-9
        above.append(givens["balance"] > givens["breakpoint"])

    assert_matches_reference(template_id, reference, invariants=between_the_flat_rates)
    assert 0.05 <= sum(above) / len(above) <= 0.95


def test_rebalancing_trade_back_to_target_weights() -> None:
    template_id = TOPIC + "rebalancing_trade_back_to_target_weights"

    def reference(stock_value, bond_value, target_stock_weight):
        return (1 - target_stock_weight) * stock_value - target_stock_weight * bond_value

    assert_symbolically_equal(template_id, reference)
    sells = []

    def trade_restores_the_target(givens, record):
        total = givens["stock_value"] + givens["bond_value"]
        after = givens["stock_value"] - record["answer_value"]
        assert abs(after / total - givens["target_stock_weight"]) < 1e-6
        sells.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=trade_restores_the_target)
    assert 0.05 <= sum(sells) / len(sells) <= 0.95


def test_fee_drag_on_terminal_wealth() -> None:
    template_id = TOPIC + "fee_drag_on_terminal_wealth"

    def reference(gross_return, advisory_fee, fund_expense_ratio, years, initial_investment=1):
        return 1 - ((1 + gross_return - advisory_fee - fund_expense_ratio) / (1 + gross_return)) ** years

    # The principal cancels: the drag depends only on the rates and the horizon.
    assert_symbolically_equal(template_id, lambda initial_investment, **g: reference(**g))

    def grows_with_the_fee(givens, record):
        fee = givens["advisory_fee"] + givens["fund_expense_ratio"]
        assert 0 < record["answer_value"] < 1
        # Never more than n · f / (1 + r) (Bernoulli's inequality), and at least the one-year drag.
        assert record["answer_value"] <= givens["years"] * fee / (1 + givens["gross_return"]) + 5e-5
        assert record["answer_value"] >= fee / (1 + givens["gross_return"]) - 5e-5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=grows_with_the_fee)


def test_threshold_rebalancing_check() -> None:
    # A categorical decision: the numeric reference computes the drifted weight and compares it with the band.
    template_id = TOPIC + "threshold_rebalancing_check"

    def reference(g):
        stocks = g["target_stock_weight"] * (1 + g["stock_return"])
        bonds = (1 - g["target_stock_weight"]) * (1 + g["bond_return"])
        drift = abs(stocks / (stocks + bonds) - g["target_stock_weight"])
        return "rebalance" if drift > g["band"] else "hold"

    def weight_moves_toward_the_winner(givens, record):
        weight = record["steps"][2]["value"]
        if givens["stock_return"] > givens["bond_return"]:
            assert weight >= givens["target_stock_weight"]
        elif givens["stock_return"] < givens["bond_return"]:
            assert weight <= givens["target_stock_weight"]

    assert_matches_reference(template_id, reference, invariants=weight_moves_toward_the_winner)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert min(labels[label] for label in ("rebalance", "hold")) >= 50, labels


def test_after_tax_value_of_tax_loss_harvesting() -> None:
    template_id = TOPIC + "after_tax_value_of_tax_loss_harvesting"

    def reference(
        cost_basis, market_value, ordinary_tax_rate, long_term_gains_rate, discount_rate, years_until_sale
    ):
        loss = cost_basis - market_value
        return (
            loss * ordinary_tax_rate - loss * long_term_gains_rate / (1 + discount_rate) ** years_until_sale
        )

    assert_symbolically_equal(template_id, reference)

    def rate_arbitrage_and_deferral_both_help(givens, record):
        # Ordinary rates are at least the long-term rate here, so harvesting always pays.
        assert givens["ordinary_tax_rate"] >= givens["long_term_gains_rate"]
        loss = givens["cost_basis"] - givens["market_value"]
        assert 0 < record["answer_value"] <= loss * givens["ordinary_tax_rate"]

    assert_matches_reference(
        template_id,
        lambda g: reference(**{k: v for k, v in g.items() if k != "decline"}),
        invariants=rate_arbitrage_and_deferral_both_help,
    )
