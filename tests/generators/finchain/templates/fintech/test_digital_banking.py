"""Digital banking templates against textbook formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/fintech/digital_banking/"


def test_net_interest_margin_from_the_income_statement() -> None:
    template_id = TOPIC + "net_interest_margin_from_the_income_statement"

    def reference(interest_income, interest_expense, earning_assets_begin, earning_assets_end):
        return 2 * (interest_income - interest_expense) / (earning_assets_begin + earning_assets_end)

    assert_symbolically_equal(template_id, reference)

    def plausible_margin(givens, record):
        assert 0.01 - 5e-5 <= record["answer_value"] <= 0.07 + 5e-5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible_margin)


def test_cost_to_income_ratio() -> None:
    template_id = TOPIC + "cost_to_income_ratio"

    def reference(operating_expenses, net_interest_income, fee_income):
        return operating_expenses / (net_interest_income + fee_income)

    assert_symbolically_equal(template_id, reference)

    def plausible_ratio(givens, record):
        assert 0.25 - 5e-5 <= record["answer_value"] <= 1.2 + 5e-5

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=plausible_ratio)


def test_payback_period_of_customer_acquisition_cost() -> None:
    template_id = TOPIC + "payback_period_of_customer_acquisition_cost"

    def reference(
        acquisition_cost,
        average_balance,
        deposit_spread,
        monthly_card_spend,
        interchange_rate,
        servicing_cost,
    ):
        contribution = (
            average_balance * deposit_spread / 12 + monthly_card_spend * interchange_rate - servicing_cost
        )
        return acquisition_cost / contribution

    assert_symbolically_equal(template_id, reference)

    def positive_payback(givens, record):
        assert 0 < record["answer_value"] <= 60.01
        assert record["answer_unit"] == "months"

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=positive_payback)


def test_customer_lifetime_value_to_acquisition_cost() -> None:
    template_id = TOPIC + "customer_lifetime_value_to_acquisition_cost"

    def reference(annual_revenue, annual_cost, retention_rate, discount_rate, acquisition_cost):
        margin = annual_revenue - annual_cost
        return margin * retention_rate / (1 + discount_rate - retention_rate) / acquisition_cost

    assert_symbolically_equal(template_id, reference)

    def matches_the_discounted_series(givens, record):
        # The closed form equals the sum of m · r^t / (1 + d)^t over the customer's possible years.
        margin = givens["annual_revenue"] - givens["annual_cost"]
        ratio = givens["retention_rate"] / (1 + givens["discount_rate"])
        series = sum(margin * ratio**t for t in range(1, 2_000))
        assert abs(series / givens["acquisition_cost"] - record["answer_value"]) <= 0.006 + 1e-4 * abs(series)
        assert 0 < givens["retention_rate"] < 1

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=matches_the_discounted_series)


def test_net_interest_margin_after_a_rate_rise_and_deposit_runoff() -> None:
    template_id = TOPIC + "net_interest_margin_after_a_rate_rise_and_deposit_runoff"

    def reference(
        loans,
        loan_yield,
        reserves,
        policy_rate,
        deposits,
        deposit_rate,
        rate_rise_bp,
        loan_beta,
        deposit_beta,
        monthly_runoff,
        months,
        wholesale_spread,
    ):
        rise = rate_rise_bp / 10000
        kept = deposits * (1 - monthly_runoff) ** months
        income = loans * (loan_yield + loan_beta * rise) + reserves * (policy_rate + rise)
        expense = kept * (deposit_rate + deposit_beta * rise) + (deposits - kept) * (
            policy_rate + rise + wholesale_spread
        )
        return (income - expense) / (loans + reserves)

    assert_symbolically_equal(template_id, reference)

    def runoff_costs_margin(givens, record):
        # Replacing deposits with dearer wholesale funding leaves the margin below the no-runoff one.
        without_runoff = reference(**{**givens, "monthly_runoff": 0})
        assert record["answer_value"] <= without_runoff + 5e-5
        assert 0.003 <= record["answer_value"] <= 0.09

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=runoff_costs_margin)
