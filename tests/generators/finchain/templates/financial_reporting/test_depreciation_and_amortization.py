"""Depreciation and amortization templates against textbook formulas, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_reporting/depreciation_and_amortization/"


def test_straight_line_first_year_with_monthly_proration() -> None:
    template_id = TOPIC + "straight_line_first_year_with_monthly_proration"
    assert_symbolically_equal(
        template_id,
        lambda cost, salvage, useful_life, start_month: (cost - salvage) / useful_life * start_month / 12,
    )

    def sane(givens, record):
        months = givens["start_month"]
        assert 1 <= months <= 12
        full_year = (givens["cost"] - givens["salvage"]) / givens["useful_life"]
        assert 0 < record["answer_value"] <= full_year + 0.005

    assert_matches_reference(
        template_id,
        lambda g: (g["cost"] - g["salvage"]) / g["useful_life"] * g["start_month"] / 12,
        invariants=sane,
    )


def test_units_of_production_expense_for_a_year() -> None:
    template_id = TOPIC + "units_of_production_expense_for_a_year"
    assert_symbolically_equal(
        template_id,
        lambda cost, salvage, lifetime_units, units_this_year: (
            (cost - salvage) * units_this_year / lifetime_units
        ),
    )

    def sane(givens, record):
        assert 0 < record["answer_value"] <= 0.4 * (givens["cost"] - givens["salvage"]) + 0.01

    assert_matches_reference(
        template_id,
        lambda g: (g["cost"] - g["salvage"]) / g["lifetime_units"] * g["units_this_year"],
        invariants=sane,
    )


def test_declining_balance_expense_in_a_given_year() -> None:
    template_id = TOPIC + "declining_balance_expense_in_a_given_year"

    def reference(cost, method, useful_life, year):
        rate = method / useful_life
        return cost * (1 - rate) ** (year - 1) * rate

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert givens["method"] in (1.5, 2)
        # No switch is needed to respect salvage: book value after this year stays at or above it.
        rate = givens["method"] / givens["useful_life"]
        assert givens["cost"] * (1 - rate) ** givens["year"] >= givens["salvage"]
        assert 0 < record["answer_value"] < givens["cost"] * rate

    assert_matches_reference(
        template_id, lambda g: reference(g["cost"], g["method"], g["useful_life"], g["year"]), invariants=sane
    )


def test_sum_of_years_digits_expense_in_a_given_year() -> None:
    template_id = TOPIC + "sum_of_years_digits_expense_in_a_given_year"

    def reference(cost, salvage, useful_life, year):
        return (cost - salvage) * (useful_life - year + 1) / (useful_life * (useful_life + 1) / 2)

    assert_symbolically_equal(template_id, reference)

    def sane(givens, record):
        assert 1 <= givens["year"] <= givens["useful_life"]
        assert 0 < record["answer_value"] <= givens["cost"] - givens["salvage"]

    def by_schedule(g):
        # The year's fraction is its remaining life over the sum of the digits, never rounded.
        digits = list(range(g["useful_life"], 0, -1))
        return (g["cost"] - g["salvage"]) * digits[g["year"] - 1] / sum(digits)

    assert_matches_reference(template_id, by_schedule, invariants=sane)


def test_gain_or_loss_on_sale_after_declining_balance_depreciation() -> None:
    template_id = TOPIC + "gain_or_loss_on_sale_after_declining_balance_depreciation"

    def reference(sale_price, cost, method, useful_life, years_held):
        return sale_price - cost * (1 - method / useful_life) ** years_held

    assert_symbolically_equal(template_id, reference)

    def book_value_above_salvage(givens, record):
        book_value = givens["sale_price"] - record["answer_value"]
        assert givens["salvage"] - 0.01 <= book_value <= givens["cost"]

    assert_matches_reference(
        template_id,
        lambda g: reference(g["sale_price"], g["cost"], g["method"], g["useful_life"], g["years_held"]),
        invariants=book_value_above_salvage,
    )
