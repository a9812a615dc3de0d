"""Compound interest templates against textbook formulas, symbolically and over 1,000 seeds."""

import math

import pytest
import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/investment_analysis/compound_interest/"


def test_future_value_of_a_single_deposit() -> None:
    template_id = TOPIC + "future_value_of_a_single_deposit"
    assert_symbolically_equal(
        template_id, lambda principal, annual_rate, years: principal * (1 + annual_rate) ** years
    )

    def grows(givens, record):
        assert record["answer_value"] >= givens["principal"]

    assert_matches_reference(
        template_id, lambda g: g["principal"] * (1 + g["annual_rate"]) ** g["years"], invariants=grows
    )


def test_interest_earned_with_periodic_compounding() -> None:
    template_id = TOPIC + "interest_earned_with_periodic_compounding"
    assert_symbolically_equal(
        template_id,
        lambda principal, annual_rate, periods_per_year, years: (
            principal * (1 + annual_rate / periods_per_year) ** (periods_per_year * years) - principal
        ),
    )

    def positive(givens, record):
        assert record["answer_value"] > 0
        assert givens["periods_per_year"] in (1, 2, 4, 12)

    assert_matches_reference(
        template_id,
        lambda g: (
            g["principal"]
            * ((1 + g["annual_rate"] / g["periods_per_year"]) ** (g["periods_per_year"] * g["years"]) - 1)
        ),
        invariants=positive,
    )


def test_years_to_reach_a_savings_goal() -> None:
    template_id = TOPIC + "years_to_reach_a_savings_goal"
    assert_symbolically_equal(
        template_id,
        lambda goal, principal, annual_rate: sympy.log(goal / principal) / sympy.log(1 + annual_rate),
    )

    def plausible(givens, record):
        assert 0 < record["answer_value"] <= 50.01
        # Growing the principal for the answer's years reaches the goal (to display precision).
        reached = givens["principal"] * (1 + givens["annual_rate"]) ** record["answer_value"]
        assert reached == pytest.approx(givens["goal"], rel=2e-3)

    assert_matches_reference(
        template_id,
        lambda g: math.log(g["goal"] / g["principal"]) / math.log(1 + g["annual_rate"]),
        relative=1e-3,
        invariants=plausible,
    )


def test_continuous_versus_monthly_compounding() -> None:
    template_id = TOPIC + "continuous_versus_monthly_compounding"
    assert_symbolically_equal(
        template_id,
        lambda principal, annual_rate, years: (
            principal * sympy.exp(annual_rate * years) - principal * (1 + annual_rate / 12) ** (12 * years)
        ),
    )

    def continuous_pays_more(givens, record):
        assert record["answer_value"] >= 0

    assert_matches_reference(
        template_id,
        # Both balances at full precision: the question asks only for the difference to the cent.
        lambda g: (
            g["principal"] * math.exp(g["annual_rate"] * g["years"])
            - g["principal"] * (1 + g["annual_rate"] / 12) ** (12 * g["years"])
        ),
        invariants=continuous_pays_more,
    )


def test_deposit_plus_annual_contributions_against_a_goal() -> None:
    template_id = TOPIC + "deposit_plus_annual_contributions_against_a_goal"

    def reference(initial_deposit, yearly_contribution, annual_rate, years, goal):
        growth = (1 + annual_rate) ** years
        return initial_deposit * growth + yearly_contribution * (growth - 1) / annual_rate - goal

    assert_symbolically_equal(template_id, reference)
    assert_matches_reference(template_id, lambda g: reference(**g))
