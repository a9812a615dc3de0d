"""Leverage ratio templates against textbook definitions, symbolically and over 1,000 seeds."""

from collections import Counter

import sympy

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


def test_years_of_ebitda_growth_to_meet_a_leverage_covenant() -> None:
    template_id = TOPIC + "years_of_ebitda_growth_to_meet_a_leverage_covenant"

    def reference(
        sales,
        variable_cost_ratio,
        fixed_costs,
        depreciation_and_amortization,
        debt,
        covenant_limit,
        ebitda_growth,
    ):
        ebitda = sales * (1 - variable_cost_ratio) - fixed_costs + depreciation_and_amortization
        return sympy.log(debt / (covenant_limit * ebitda)) / sympy.log(1 + ebitda_growth)

    assert_symbolically_equal(template_id, reference)

    def growth_reaches_the_cap(givens, record):
        ebitda = (
            givens["sales"] * (1 - givens["variable_cost_ratio"])
            - givens["fixed_costs"]
            + givens["depreciation_and_amortization"]
        )
        grown = ebitda * (1 + givens["ebitda_growth"]) ** record["answer_value"]
        # After the answer's years of growth, debt to EBITDA sits at the cap (to the answer's rounding).
        assert abs(givens["debt"] / grown - givens["covenant_limit"]) <= 0.001 * givens["covenant_limit"]
        assert givens["debt"] / ebitda > givens["covenant_limit"]

    assert_matches_reference(
        template_id,
        lambda g: float(reference(**g)),
        invariants=growth_reaches_the_cap,
    )
