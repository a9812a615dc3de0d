"""Value at risk templates against textbook formulas, symbolically and over 1,000 seeds.

The z-score is written symbolically as the same undefined function ``normal_quantile`` the
template uses; its values are checked separately against published table values, sympy's
exact form √2 · erfinv(2c − 1) and :class:`statistics.NormalDist`.
"""

import math
from collections.abc import Mapping
from statistics import NormalDist
from typing import Any

import pytest
import sympy

from finsynth.generators.finchain.formula import parse_formula
from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/risk_management/value_at_risk/"
STANDARD_NORMAL = NormalDist()
KNOWN_Z_SCORES = {0.90: 1.2816, 0.95: 1.6449, 0.975: 1.9600, 0.99: 2.3263, 0.995: 2.5758}
normal_quantile = sympy.Function("normal_quantile")


def z(confidence: float) -> float:
    return STANDARD_NORMAL.inv_cdf(confidence)


def step_value(record: Mapping[str, Any], name: str) -> float:
    return next(item["value"] for item in record["steps"] if item["name"] == name)


def check_z_score(givens: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    """The z-score step is the normal quantile, never a linear stand-in such as 1 + (100 − c)/100."""
    confidence = givens["confidence"]
    assert 0.9 <= confidence < 1
    z_score = step_value(record, "z_score")
    assert z_score == pytest.approx(z(confidence), abs=5e-7)
    if confidence in KNOWN_Z_SCORES:
        assert round(z_score, 4) == KNOWN_Z_SCORES[confidence]


@pytest.mark.parametrize("confidence", sorted(KNOWN_Z_SCORES))
def test_normal_quantile_matches_tables_sympy_and_statistics(confidence: float) -> None:
    engine = float(parse_formula(f"normal_quantile({confidence})").evaluate({}))
    exact = sympy.sqrt(2) * sympy.erfinv(2 * sympy.Rational(str(confidence)) - 1)
    assert round(engine, 4) == KNOWN_Z_SCORES[confidence]
    assert engine == pytest.approx(float(exact.evalf(30)), abs=1e-12)
    assert engine == pytest.approx(z(confidence), abs=1e-15)


def test_one_day_parametric_var() -> None:
    template_id = TOPIC + "one_day_parametric_var"
    assert_symbolically_equal(
        template_id,
        lambda confidence, daily_volatility, portfolio_value: (
            normal_quantile(confidence) * daily_volatility * portfolio_value
        ),
    )

    def sane(givens, record):
        check_z_score(givens, record)
        assert 0.005 <= givens["daily_volatility"] <= 0.04
        # A one-day loss at 90–99.5% confidence lies between 1.28σ and 2.58σ of the position.
        assert 1.28 * givens["daily_volatility"] * givens["portfolio_value"] <= record["answer_value"]
        assert record["answer_value"] <= 2.58 * givens["daily_volatility"] * givens["portfolio_value"]

    assert_matches_reference(
        template_id,
        lambda g: z(g["confidence"]) * g["daily_volatility"] * g["portfolio_value"],
        invariants=sane,
    )


def test_var_rescaled_to_another_confidence_and_horizon() -> None:
    template_id = TOPIC + "var_rescaled_to_another_confidence_and_horizon"
    assert_symbolically_equal(
        template_id,
        lambda reported_var, reported_confidence, target_confidence, horizon_days: (
            reported_var
            * normal_quantile(target_confidence)
            / normal_quantile(reported_confidence)
            * sympy.sqrt(horizon_days)
        ),
    )

    def grows_with_confidence_and_horizon(givens, record):
        # A higher confidence level and a longer horizon both raise the VaR above the reported one.
        assert record["answer_value"] > givens["reported_var"] * math.sqrt(givens["horizon_days"])

    assert_matches_reference(
        template_id,
        lambda g: (
            g["reported_var"]
            * z(g["target_confidence"])
            / z(g["reported_confidence"])
            * math.sqrt(g["horizon_days"])
        ),
        invariants=grows_with_confidence_and_horizon,
    )


def test_var_with_expected_return_from_annual_figures() -> None:
    template_id = TOPIC + "var_with_expected_return_from_annual_figures"

    def reference(
        confidence,
        annual_return,
        annual_volatility,
        horizon_days,
        trading_days,
        portfolio_value,
        sqrt=sympy.sqrt,
    ):
        fraction_of_year = horizon_days / trading_days
        return (
            normal_quantile(confidence) * annual_volatility * sqrt(fraction_of_year)
            - annual_return * fraction_of_year
        ) * portfolio_value

    assert_symbolically_equal(template_id, reference)

    def drift_lowers_var(givens, record):
        check_z_score(givens, record)
        assert givens["trading_days"] == 252
        assert record["answer_value"] > 0
        zero_mean_var = (
            z(givens["confidence"])
            * givens["annual_volatility"]
            * math.sqrt(givens["horizon_days"] / 252)
            * givens["portfolio_value"]
        )
        assert record["answer_value"] < zero_mean_var

    assert_matches_reference(
        template_id,
        lambda g: (
            (
                z(g["confidence"]) * g["annual_volatility"] * math.sqrt(g["horizon_days"] / g["trading_days"])
                - g["annual_return"] * g["horizon_days"] / g["trading_days"]
            )
            * g["portfolio_value"]
        ),
        invariants=drift_lowers_var,
    )


def test_diversification_benefit_of_two_positions() -> None:
    template_id = TOPIC + "diversification_benefit_of_two_positions"

    def stand_alone(confidence, volatility, position):
        return normal_quantile(confidence) * volatility * position

    def reference(
        confidence, equity_volatility, equity_position, bond_volatility, bond_position, correlation
    ):
        # Variance-covariance aggregation of the two position VaRs.
        var_1 = stand_alone(confidence, equity_volatility, equity_position)
        var_2 = stand_alone(confidence, bond_volatility, bond_position)
        return var_1 + var_2 - sympy.sqrt(var_1**2 + var_2**2 + 2 * correlation * var_1 * var_2)

    assert_symbolically_equal(template_id, reference)

    def benefit_is_positive(givens, record):
        check_z_score(givens, record)
        assert -1 <= givens["correlation"] < 1
        assert record["answer_value"] > 0
        assert step_value(record, "portfolio_var") <= step_value(record, "equity_var") + step_value(
            record, "bond_var"
        )

    def numeric_reference(g):
        # Portfolio volatility in dollars from the weights' covariance matrix, then z times it.
        dollar_variance = (
            (g["equity_volatility"] * g["equity_position"]) ** 2
            + (g["bond_volatility"] * g["bond_position"]) ** 2
            + 2
            * g["correlation"]
            * g["equity_volatility"]
            * g["equity_position"]
            * g["bond_volatility"]
            * g["bond_position"]
        )
        z_score = z(g["confidence"])
        stand_alone_sum = z_score * (
            g["equity_volatility"] * g["equity_position"] + g["bond_volatility"] * g["bond_position"]
        )
        return stand_alone_sum - z_score * math.sqrt(dollar_variance)

    assert_matches_reference(template_id, numeric_reference, invariants=benefit_is_positive)


def test_expected_shortfall_beyond_var() -> None:
    template_id = TOPIC + "expected_shortfall_beyond_var"

    def reference(confidence, daily_volatility, horizon_days, portfolio_value):
        z_score = normal_quantile(confidence)
        dollar_volatility = daily_volatility * sympy.sqrt(horizon_days) * portfolio_value
        # The template writes π as its float value; use the same float so the identity is exact.
        density = sympy.exp(-(z_score**2) / 2) / sympy.sqrt(2 * sympy.Float(repr(math.pi)))
        return dollar_volatility * density / (1 - confidence) - z_score * dollar_volatility

    assert_symbolically_equal(template_id, reference)

    def shortfall_exceeds_var(givens, record):
        check_z_score(givens, record)
        assert record["answer_value"] > 0
        assert step_value(record, "expected_shortfall") > step_value(record, "value_at_risk")
        assert 0 < step_value(record, "density_at_z") < 1 / math.sqrt(2 * math.pi)

    def numeric_reference(g):
        confidence = g["confidence"]
        sigma = g["daily_volatility"] * math.sqrt(g["horizon_days"]) * g["portfolio_value"]
        z_score = z(confidence)
        return sigma * STANDARD_NORMAL.pdf(z_score) / (1 - confidence) - z_score * sigma

    assert_matches_reference(template_id, numeric_reference, invariants=shortfall_exceeds_var)
