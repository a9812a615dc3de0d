"""Option pricing templates against closed forms computed here with math.erf, and over 1,000 seeds."""

import math

import sympy

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_markets/option_pricing/"

# In the symbolic proofs N(·) stays an opaque function: the check proves that the steps compose to the
# textbook expression in N(d1) and N(d2); the numeric checks evaluate N with math.erf.
N = sympy.Function("normal_cdf")


def normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def d1_d2(g):
    years = g["months"] / 12
    spread = g["volatility"] * math.sqrt(years)
    d1 = (
        math.log(g["stock_price"] / g["strike"]) + (g["risk_free_rate"] + g["volatility"] ** 2 / 2) * years
    ) / spread
    return d1, d1 - spread


def black_scholes(g):
    """Return the Black-Scholes (call, put), each from its own closed form."""
    d1, d2 = d1_d2(g)
    present_strike = g["strike"] * math.exp(-g["risk_free_rate"] * g["months"] / 12)
    call = g["stock_price"] * normal_cdf(d1) - present_strike * normal_cdf(d2)
    put = present_strike * normal_cdf(-d2) - g["stock_price"] * normal_cdf(-d1)
    return call, put


def symbolic_d1(stock_price, strike, volatility, risk_free_rate, months):
    years = months / 12
    return (sympy.log(stock_price / strike) + (risk_free_rate + volatility**2 / 2) * years) / (
        volatility * sympy.sqrt(years)
    )


def within_no_arbitrage_bounds(givens, call, put):
    present_strike = givens["strike"] * math.exp(-givens["risk_free_rate"] * givens["months"] / 12)
    assert max(0.0, givens["stock_price"] - present_strike) - 0.01 <= call <= givens["stock_price"] + 0.01
    assert max(0.0, present_strike - givens["stock_price"]) - 0.01 <= put <= present_strike + 0.01


def test_put_price_from_put_call_parity() -> None:
    template_id = TOPIC + "put_price_from_put_call_parity"
    assert_symbolically_equal(
        template_id,
        lambda call_price, stock_price, strike, risk_free_rate, months: (
            call_price - stock_price + strike * sympy.exp(-risk_free_rate * months / 12)
        ),
    )

    def bounds(givens, record):
        within_no_arbitrage_bounds(givens, givens["call_price"], record["answer_value"])
        assert record["answer_value"] > 0

    assert_matches_reference(
        template_id,
        # Parity rearranged: a call plus the present value of the strike equals a put plus the stock.
        lambda g: (
            g["call_price"]
            + g["strike"] / math.exp(g["risk_free_rate"] * g["months"] / 12)
            - g["stock_price"]
        ),
        invariants=bounds,
    )


def test_time_value_of_a_call_option() -> None:
    template_id = TOPIC + "time_value_of_a_call_option"

    def reference(g):
        exercise_now = g["stock_price"] - g["strike"]
        return g["premium"] - (exercise_now if exercise_now > 0 else 0.0)

    def sane(givens, record):
        # The constraints keep the premium above intrinsic value: time value is positive. The call is in
        # the money, so the time value is below the premium (the question never states its answer).
        assert 0.05 - 1e-9 <= record["answer_value"] < givens["premium"]

    assert_matches_reference(template_id, reference, invariants=sane)


def test_one_step_binomial_call_price() -> None:
    # The payoffs use max(·, 0), which sympy cannot compose into one expression; the reference
    # replicates the call with a hedge portfolio instead (delta shares plus borrowing).
    template_id = TOPIC + "one_step_binomial_call_price"

    def replication(g):
        up_price = g["stock_price"] * (1 + g["up_move"])
        down_price = g["stock_price"] * (1 - g["down_move"])
        up_payoff, down_payoff = max(up_price - g["strike"], 0.0), max(down_price - g["strike"], 0.0)
        delta = (up_payoff - down_payoff) / (up_price - down_price)
        borrowing = (delta * down_price - down_payoff) / (1 + g["period_rate"])
        return delta * g["stock_price"] - borrowing

    paid_after_a_fall = []

    def bounds(givens, record):
        paid_after_a_fall.append(givens["stock_price"] * (1 - givens["down_move"]) > givens["strike"])
        assert 0 < record["answer_value"] < givens["stock_price"]
        assert (
            record["answer_value"]
            >= givens["stock_price"] - givens["strike"] / (1 + givens["period_rate"]) - 0.01
        )

    assert_matches_reference(template_id, replication, invariants=bounds)
    # The down payoff is zero in most draws, not all: the step that computes it is not a constant.
    assert 0 < sum(paid_after_a_fall) < 0.5 * len(paid_after_a_fall)


def test_black_scholes_call_price() -> None:
    template_id = TOPIC + "black_scholes_call_price"

    def closed_form(stock_price, strike, volatility, risk_free_rate, months):
        d1 = symbolic_d1(stock_price, strike, volatility, risk_free_rate, months)
        d2 = d1 - volatility * sympy.sqrt(months / 12)
        return stock_price * N(d1) - strike * sympy.exp(-risk_free_rate * months / 12) * N(d2)

    assert_symbolically_equal(template_id, closed_form)

    def bounds(givens, record):
        within_no_arbitrage_bounds(givens, record["answer_value"], black_scholes(givens)[1])

    assert_matches_reference(template_id, lambda g: black_scholes(g)[0], invariants=bounds)


def test_black_scholes_delta_hedge_of_written_calls() -> None:
    template_id = TOPIC + "black_scholes_delta_hedge_of_written_calls"

    def closed_form(stock_price, strike, volatility, risk_free_rate, months, contracts):
        return (
            contracts
            * 100
            * N(symbolic_d1(stock_price, strike, volatility, risk_free_rate, months))
            * (stock_price)
        )

    assert_symbolically_equal(template_id, closed_form)

    def bounds(givens, record):
        # A call's delta is between 0 and 1: the hedge buys at most every share the calls are on.
        assert 0 < record["answer_value"] <= givens["contracts"] * 100 * givens["stock_price"] + 0.01

    def reference(g):
        d1, _ = d1_d2(g)
        return g["contracts"] * 100 * normal_cdf(d1) * g["stock_price"]

    assert_matches_reference(template_id, reference, invariants=bounds)
