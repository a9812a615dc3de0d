"""Loan repayment templates against textbook amortization formulas, symbolically and over 1,000 seeds."""

import math

import pytest
import sympy

from finsynth.world.rounding import round_half_up
from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/personal_finance/loan_repayments/"


def level_payment(principal, annual_rate, months):
    """Textbook annuity payment, written independently of the template."""
    monthly_rate = annual_rate / 12
    return principal * monthly_rate / (1 - (1 + monthly_rate) ** (-months))


def test_monthly_payment_on_an_amortizing_loan() -> None:
    template_id = TOPIC + "monthly_payment_on_an_amortizing_loan"
    assert_symbolically_equal(
        template_id, lambda principal, annual_rate, years: level_payment(principal, annual_rate, 12 * years)
    )

    def sane(givens, record):
        payment = record["answer_value"]
        months = 12 * givens["years"]
        # The payment covers at least the first month's interest and an even share of principal.
        assert payment > givens["principal"] * givens["annual_rate"] / 12
        assert payment >= givens["principal"] / months
        assert payment * months >= givens["principal"]

    assert_matches_reference(
        template_id,
        lambda g: level_payment(g["principal"], g["annual_rate"], 12 * g["years"]),
        invariants=sane,
    )


def test_principal_repaid_by_the_first_payment() -> None:
    template_id = TOPIC + "principal_repaid_by_the_first_payment"
    assert_symbolically_equal(
        template_id,
        lambda principal, annual_rate, monthly_payment: monthly_payment - principal * annual_rate / 12,
    )

    def sane(givens, record):
        # The stated payment is the level payment, and it repays some principal from the first month.
        assert givens["monthly_payment"] == pytest.approx(
            level_payment(givens["principal"], givens["annual_rate"], 12 * givens["years"]), abs=0.006
        )
        assert 0 < record["answer_value"] < givens["monthly_payment"]

    assert_matches_reference(
        template_id,
        # The question says the month's interest is rounded to the cent.
        lambda g: g["monthly_payment"] - round_half_up(g["principal"] * g["annual_rate"] / 12, 2),
        invariants=sane,
    )


def test_total_interest_on_a_car_loan() -> None:
    template_id = TOPIC + "total_interest_on_a_car_loan"
    # The question says the payment is rounded to the cent, which sympy cannot express; the composed
    # steps are checked against the unrounded formula instead.
    assert_symbolically_equal(
        template_id,
        lambda car_price, down_payment, annual_rate, years: (
            12 * years * level_payment(car_price - down_payment, annual_rate, 12 * years)
            - (car_price - down_payment)
        ),
    )

    def reference(g):
        financed = g["car_price"] - g["down_payment"]
        months = 12 * g["years"]
        payment = round_half_up(
            level_payment(financed, g["annual_rate"], months), 2
        )  # stated: rounded to the cent
        return payment * months - financed

    def sane(givens, record):
        financed = givens["car_price"] - givens["down_payment"]
        interest = record["answer_value"]
        # Positive, and below simple interest on the full amount for the whole term.
        assert 0 < interest < financed * givens["annual_rate"] * givens["years"]

    assert_matches_reference(template_id, reference, invariants=sane)


def test_balance_owed_after_some_payments() -> None:
    template_id = TOPIC + "balance_owed_after_some_payments"

    def balance(principal, annual_rate, monthly_payment, payments_made):
        monthly_rate = annual_rate / 12
        grown = (1 + monthly_rate) ** payments_made
        return principal * grown - monthly_payment * (grown - 1) / monthly_rate

    assert_symbolically_equal(template_id, balance)

    def prospective(g):
        # Cross-check: present value of the payments still to come (equal up to the cent-rounded payment).
        monthly_rate = g["annual_rate"] / 12
        remaining = 12 * g["years"] - g["payments_made"]
        return g["monthly_payment"] * (1 - (1 + monthly_rate) ** -remaining) / monthly_rate

    def sane(givens, record):
        owed = record["answer_value"]
        assert 0 < owed < givens["principal"]
        assert owed == pytest.approx(prospective(givens), abs=0.006 * 12 * givens["years"] * 3)

    assert_matches_reference(
        template_id,
        lambda g: balance(g["principal"], g["annual_rate"], g["monthly_payment"], g["payments_made"]),
        invariants=sane,
    )


def test_months_saved_by_paying_extra_each_month() -> None:
    template_id = TOPIC + "months_saved_by_paying_extra_each_month"

    def months(principal, annual_rate, payment, log=sympy.log):
        monthly_rate = annual_rate / 12
        return -log(1 - principal * monthly_rate / payment) / log(1 + monthly_rate)

    def symbolic(principal, annual_rate, monthly_payment, extra_payment):
        return months(principal, annual_rate, monthly_payment) - months(
            principal, annual_rate, monthly_payment + extra_payment
        )

    assert_symbolically_equal(template_id, symbolic)

    def reference(g):
        return months(g["principal"], g["annual_rate"], g["monthly_payment"], math.log) - months(
            g["principal"], g["annual_rate"], g["monthly_payment"] + g["extra_payment"], math.log
        )

    def sane(givens, record):
        saved = record["answer_value"]
        scheduled = months(givens["principal"], givens["annual_rate"], givens["monthly_payment"], math.log)
        # The scheduled payment retires the loan in its stated term (up to cent rounding of the payment).
        assert scheduled == pytest.approx(12 * givens["years"], abs=0.05)
        assert 0 < saved < 12 * givens["years"]

    assert_matches_reference(template_id, reference, invariants=sane)
