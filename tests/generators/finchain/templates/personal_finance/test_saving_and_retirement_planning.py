"""Saving and retirement templates against textbook annuity formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/personal_finance/saving_and_retirement_planning/"


def annuity_future_value(payment, periodic_rate, periods):
    return payment * ((1 + periodic_rate) ** periods - 1) / periodic_rate


def test_todays_dollars_value_of_monthly_contributions() -> None:
    template_id = TOPIC + "todays_dollars_value_of_monthly_contributions"

    def balance(monthly_contribution, annual_rate, inflation_rate, years):
        nominal = annuity_future_value(monthly_contribution, annual_rate / 12, 12 * years)
        return nominal / (1 + inflation_rate) ** years

    assert_symbolically_equal(template_id, balance)

    def sane(givens, record):
        deposited = givens["monthly_contribution"] * 12 * givens["years"]
        # The nominal balance exceeds the deposits, yet no deposit grows for longer than the full term;
        # deflating by inflation over the term gives the answer.
        full_term_growth = (1 + givens["annual_rate"] / 12) ** (12 * givens["years"])
        price_level = (1 + givens["inflation_rate"]) ** givens["years"]
        assert deposited / price_level < record["answer_value"] < deposited * full_term_growth / price_level

    assert_matches_reference(template_id, lambda g: balance(**g), invariants=sane)


def test_nest_egg_needed_under_a_withdrawal_rate() -> None:
    template_id = TOPIC + "nest_egg_needed_under_a_withdrawal_rate"

    def nest_egg(desired_income, social_security, withdrawal_rate):
        return (desired_income - social_security) / withdrawal_rate

    assert_symbolically_equal(template_id, nest_egg)

    def sane(givens, record):
        gap = givens["desired_income"] - givens["social_security"]
        assert 0.03 <= givens["withdrawal_rate"] <= 0.05
        assert 20 * gap - 0.01 <= record["answer_value"] <= 34 * gap

    assert_matches_reference(template_id, lambda g: nest_egg(**g), invariants=sane)


def test_monthly_saving_needed_for_a_goal() -> None:
    template_id = TOPIC + "monthly_saving_needed_for_a_goal"

    def deposit(goal, current_savings, annual_rate, years):
        monthly_rate = annual_rate / 12
        growth = (1 + monthly_rate) ** (12 * years)
        return (goal - current_savings * growth) * monthly_rate / (growth - 1)

    assert_symbolically_equal(template_id, deposit)

    def sane(givens, record):
        payment = record["answer_value"]
        assert payment > 0
        # Depositing the answer reaches the goal (to the cent rounding of the payment).
        monthly_rate = givens["annual_rate"] / 12
        months = 12 * givens["years"]
        reached = givens["current_savings"] * (1 + monthly_rate) ** months + annuity_future_value(
            payment, monthly_rate, months
        )
        assert abs(reached - givens["goal"]) <= 0.006 * months * (1 + monthly_rate) ** months

    assert_matches_reference(template_id, lambda g: deposit(**g), invariants=sane)


def test_employer_match_value_at_retirement() -> None:
    template_id = TOPIC + "employer_match_value_at_retirement"
    # The match is capped with min(), a piecewise function the symbolic harness does not compose;
    # the numeric reference checks both sides of the cap on every draw.

    def reference(g):
        matched = min(g["contribution_rate"], g["match_cap"])
        yearly = g["salary"] * g["contribution_rate"] + g["salary"] * g["match_rate"] * matched
        return annuity_future_value(yearly, g["annual_return"], g["years"])

    capped = {True: 0, False: 0}

    def sane(givens, record):
        capped[givens["contribution_rate"] > givens["match_cap"]] += 1
        own = annuity_future_value(
            givens["salary"] * givens["contribution_rate"], givens["annual_return"], givens["years"]
        )
        # The match adds between a quarter of a percent of salary and the full employee amount.
        assert own < record["answer_value"] <= 2 * own + 0.01

    assert_matches_reference(template_id, reference, invariants=sane)
    assert min(capped.values()) >= 50, capped


def test_sustainable_monthly_retirement_income() -> None:
    template_id = TOPIC + "sustainable_monthly_retirement_income"

    def income(
        current_savings,
        monthly_contribution,
        years_to_retirement,
        growth_rate,
        retirement_rate,
        years_in_retirement,
    ):
        saving_rate = growth_rate / 12
        growth = (1 + saving_rate) ** (12 * years_to_retirement)
        balance = current_savings * growth + annuity_future_value(
            monthly_contribution, saving_rate, 12 * years_to_retirement
        )
        payout_rate = retirement_rate / 12
        return balance * payout_rate / (1 - (1 + payout_rate) ** (-12 * years_in_retirement))

    assert_symbolically_equal(template_id, income)

    def sane(givens, record):
        withdrawal = record["answer_value"]
        assert withdrawal > 0
        # Over the retirement, total withdrawals exceed the contributions made.
        contributed = (
            givens["current_savings"] + givens["monthly_contribution"] * 12 * givens["years_to_retirement"]
        )
        assert withdrawal * 12 * givens["years_in_retirement"] > contributed

    assert_matches_reference(template_id, lambda g: income(**g), invariants=sane)
