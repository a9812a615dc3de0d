"""Leverage ratio templates against textbook definitions, symbolically and over 1,000 seeds."""

from collections import Counter

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal, draws

TOPIC = "finchain/financial_ratios/leverage_ratios/"


def test_debt_to_equity_ratio() -> None:
    template_id = TOPIC + "debt_to_equity_ratio"

    def debt_to_equity(short_term_debt, long_term_debt, shareholders_equity):
        return (short_term_debt + long_term_debt) / shareholders_equity

    assert_symbolically_equal(template_id, debt_to_equity)

    def sane(givens, record):
        assert givens["shareholders_equity"] > 0
        assert 0 < record["answer_value"] <= 5.005

    assert_matches_reference(template_id, lambda g: debt_to_equity(**g), invariants=sane)


def test_times_interest_earned() -> None:
    template_id = TOPIC + "times_interest_earned"

    def coverage(revenue, operating_costs, interest_expense):
        return (revenue - operating_costs) / interest_expense

    assert_symbolically_equal(template_id, coverage)

    def sane(givens, record):
        assert givens["operating_costs"] < givens["revenue"]
        assert 0.8 - 0.005 <= record["answer_value"] <= 30.005

    assert_matches_reference(template_id, lambda g: coverage(**g), invariants=sane)


def test_debt_to_capital_after_a_debt_funded_buyback() -> None:
    template_id = TOPIC + "debt_to_capital_after_a_debt_funded_buyback"

    def debt_to_capital(total_debt, shareholders_equity, buyback_amount):
        # Borrowing to buy back shares swaps equity for debt; total capital is unchanged.
        return (total_debt + buyback_amount) / (total_debt + shareholders_equity)

    assert_symbolically_equal(template_id, debt_to_capital)

    def sane(givens, record):
        assert givens["shareholders_equity"] - givens["buyback_amount"] > 0  # equity stays positive
        before = givens["total_debt"] / (givens["total_debt"] + givens["shareholders_equity"])
        assert before < record["answer_value"] < 1

    assert_matches_reference(template_id, lambda g: debt_to_capital(**g), invariants=sane)


def test_net_debt_to_ebitda_covenant_check() -> None:
    template_id = TOPIC + "net_debt_to_ebitda_covenant_check"
    # A categorical answer, checked label by label.

    def reference(g):
        ratio = round((g["total_debt"] - g["cash"]) / (g["ebit"] + g["depreciation_and_amortization"]), 2)
        return "within covenant" if ratio <= g["covenant_limit"] else "covenant breach"

    def sane(givens, record):
        assert givens["cash"] < givens["total_debt"]
        assert 0 <= record["steps"][-1]["value"] <= 8

    assert_matches_reference(template_id, reference, invariants=sane)
    labels = Counter(record["answer_label"] for _, record in draws(template_id))
    assert all(labels[label] >= 50 for label in ("within covenant", "covenant breach")), labels


def test_eps_change_from_financial_leverage() -> None:
    template_id = TOPIC + "eps_change_from_financial_leverage"

    def eps_growth(sales, variable_cost_ratio, fixed_costs, debt, interest_rate, ebit_growth):
        ebit = sales * (1 - variable_cost_ratio) - fixed_costs
        return ebit / (ebit - debt * interest_rate) * ebit_growth

    assert_symbolically_equal(template_id, eps_growth)

    def sane(givens, record):
        growth = record["answer_value"]
        # Debt magnifies EPS growth (DFL ≥ 1), at most fivefold under the coverage constraint.
        assert givens["ebit_growth"] - 5e-5 <= growth <= 5 * givens["ebit_growth"] + 5e-5
        # Direct check: EPS is proportional to EBIT − interest when taxes and shares are fixed.
        ebit = givens["sales"] * (1 - givens["variable_cost_ratio"]) - givens["fixed_costs"]
        interest = givens["debt"] * givens["interest_rate"]
        direct = (ebit * (1 + givens["ebit_growth"]) - interest) / (ebit - interest) - 1
        assert abs(direct - growth) < 1e-4

    assert_matches_reference(template_id, lambda g: eps_growth(**g), invariants=sane)
