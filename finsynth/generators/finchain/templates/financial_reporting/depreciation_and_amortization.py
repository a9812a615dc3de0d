"""Depreciation and amortization: spreading an asset's cost, less salvage, over its useful life.

The templates cover straight-line (with monthly proration in the first year), units of
production, declining balance, and sum-of-years'-digits, and the gain or loss when an asset
depreciated by declining balance is sold.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    company,
    count,
    derived,
    money,
    numeric,
    option,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

START_MONTHS = {
    "January": 12,
    "February": 11,
    "March": 10,
    "April": 9,
    "May": 8,
    "June": 7,
    "July": 6,
    "August": 5,
    "September": 4,
    "October": 3,
    "November": 2,
    "December": 1,
}
"""Month an asset enters service (on its first day) → months of service in a calendar fiscal year."""

DECLINING_BALANCE_METHODS = {"double-declining-balance (200%)": 2, "150%-declining-balance": 1.5}
"""Declining-balance method → multiple of the straight-line rate."""


DECLINING_BOOK_VALUE = "cost * (1 - method / useful_life) ** years_held"
"""Book value after ``years_held`` years of declining-balance depreciation, over the givens."""


@template(difficulty="basic")
def straight_line_first_year_with_monthly_proration() -> Template:
    """Straight-line depreciation prorated by month: D = (cost − salvage) / life × months in service / 12.

    Bands:
        first_year_depreciation / cost: 0% to 34%

    Relations:
        salvage / cost: 0% to 30% [salvage_value_to_cost]
    """
    return Template(
        givens=[
            company("firm"),
            money("cost", 5_000, 500_000, step=100),
            money("salvage", 0, 60_000, step=100),
            count("useful_life", 3, 20, unit=Unit.YEARS),
            option("start_month", START_MONTHS),
        ],
        constraints=["salvage <= 0.3 * cost"],
        question=(
            "{firm} buys a machine for {cost} and places it in service on the first day of {start_month}. "
            "The machine has an estimated salvage value of {salvage} and a useful life of {useful_life}. The "
            "company uses straight-line depreciation, prorated by whole months, and its fiscal year ends on "
            "December 31. What depreciation expense does it record for the first fiscal year? Round to the "
            "nearest cent."
        ),
        steps=[
            step(
                "annual_depreciation",
                "(cost - salvage) / useful_life",
                "Full-year straight-line depreciation",
            ),
            step(
                "first_year_depreciation",
                "annual_depreciation * start_month / 12",
                "Depreciation for the months in service in the first year",
            ),
        ],
        answer=numeric("first_year_depreciation"),
    )


@template(difficulty="basic")
def units_of_production_expense_for_a_year() -> Template:
    """Units-of-production depreciation: D = (cost − salvage) / total units × units this year.

    Bands:
        units_this_year / lifetime_units: 0% to 30%

    Relations:
        salvage / cost: 0% to 30% [salvage_value_to_cost]
    """
    return Template(
        givens=[
            company("firm"),
            money("cost", 20_000, 2_000_000, step=500),
            money("salvage", 0, 200_000, step=500),
            count("lifetime_units", 10_000, 500_000, unit=Unit.UNITS),
            count("units_this_year", 1_000, 150_000, unit=Unit.UNITS),
        ],
        constraints=[
            "units_this_year <= 0.3 * lifetime_units",
            "salvage <= 0.3 * cost",
            "units_this_year <= 0.4 * lifetime_units",
        ],
        question=(
            "{firm} bought a stamping press for {cost}. It expects the press to produce {lifetime_units} "
            "over its life and to be worth {salvage} as salvage at the end. This year the press produced "
            "{units_this_year}. Using the units-of-production method, what is this year's depreciation "
            "expense? Round to the nearest cent."
        ),
        steps=[
            step(
                "rate_per_unit",
                "(cost - salvage) / lifetime_units",
                "Depreciation per unit produced",
                decimals=6,
            ),
            step(
                "depreciation_expense",
                "rate_per_unit * units_this_year",
                "Depreciation for this year's output",
            ),
        ],
        answer=numeric("depreciation_expense"),
    )


@template(difficulty="intermediate")
def declining_balance_expense_in_a_given_year() -> Template:
    """Declining balance, no switch: rate = multiple / n, D_k = cost · (1 − rate)^(k − 1) · rate.

    Bands:
        depreciation_expense / cost: 0% to 50%
        opening_book_value / cost: 5% to 100%

    Relations:
        salvage / cost: 0% to 30% [salvage_value_to_cost]
    """
    return Template(
        givens=[
            company("firm"),
            money("cost", 10_000, 1_000_000, step=100),
            money("salvage", 0, 50_000, step=100),
            count("useful_life", 4, 12, unit=Unit.YEARS),
            option("method", DECLINING_BALANCE_METHODS),
            count("year", 2, 8),
        ],
        constraints=[
            "year <= useful_life - 1",
            "cost * (1 - method / useful_life) ** year >= salvage",
            "salvage <= 0.3 * cost",
        ],
        question=(
            "{firm} depreciates equipment that cost {cost}, with a salvage value of {salvage} and a useful "
            "life of {useful_life}, by the {method} method. It does not switch to straight-line, and "
            "depreciation never takes book value below salvage. What is the depreciation expense in year "
            "{year}? Round to the nearest cent."
        ),
        steps=[
            step(
                "declining_rate",
                "method / useful_life",
                "Declining-balance rate (multiple of the straight-line rate)",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "opening_book_value",
                "cost * (1 - declining_rate) ** (year - 1)",
                "Book value at the start of the year",
            ),
            step("depreciation_expense", "opening_book_value * declining_rate", "Depreciation for the year"),
        ],
        answer=numeric("depreciation_expense"),
    )


@template(difficulty="intermediate")
def sum_of_years_digits_expense_in_a_given_year() -> Template:
    """Sum-of-years'-digits depreciation: D_k = (cost − salvage) · (n − k + 1) / (n(n + 1)/2).

    Bands:
        depreciation_expense / depreciable_base: 0% to 50%

    Relations:
        cost: 30,000 to 300,000 [delivery_truck_price]
        useful_life: 3 to 12 [delivery_truck_useful_life]
    """
    return Template(
        givens=[
            company("firm"),
            money("cost", 30_000, 300_000, step=100),
            money("salvage", 0, 90_000, step=100),
            count("useful_life", 3, 12, unit=Unit.YEARS),
            count("year", 1, 15),
        ],
        constraints=["salvage <= 0.3 * cost", "year <= useful_life"],
        question=(
            "{firm} buys a delivery truck for {cost} with an expected salvage value of {salvage} and a "
            "useful life of {useful_life}. Using the sum-of-years'-digits method, what is the depreciation "
            "expense for year {year}? Round to the nearest cent."
        ),
        steps=[
            step("depreciable_base", "cost - salvage", "Depreciable base"),
            step(
                "sum_of_digits",
                "useful_life * (useful_life + 1) / 2",
                "Sum of the years' digits",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "depreciation_expense",
                "depreciable_base * (useful_life - year + 1) / sum_of_digits",
                "Depreciation for the year (remaining life over the sum of digits, unrounded)",
            ),
        ],
        answer=numeric("depreciation_expense"),
    )


@template(difficulty="advanced")
def gain_or_loss_on_sale_after_declining_balance_depreciation() -> Template:
    """Gain on disposal = proceeds − book value after k years of declining balance, no switch.

    Book value after k years = cost · (1 − m / n)ᵏ, with m the multiple of the straight-line rate.

    Bands:
        sale_price / book_value: 55% to 145%
        book_value / cost: 5% to 90%

    Relations:
        salvage / cost: 0% to 10% [salvage_value_to_cost]
    """
    return Template(
        givens=[
            company("firm"),
            money("cost", 20_000, 1_500_000, step=500),
            money("salvage", 0, 100_000, step=500),
            count("useful_life", 4, 15, unit=Unit.YEARS),
            option("method", DECLINING_BALANCE_METHODS),
            count("years_held", 1, 10, unit=Unit.YEARS),
            # Used equipment sells near its book value (not shown: it sets the sale price).
            rate("price_to_book", 60, 140, step=1, decimals=0),
            derived("sale_price", f"round(price_to_book * {DECLINING_BOOK_VALUE} / 100) * 100"),
        ],
        constraints=[
            "years_held <= useful_life - 1",
            "salvage <= 0.1 * cost",
            # The declining balance never reaches salvage while the asset is held, so no floor applies.
            f"{DECLINING_BOOK_VALUE} >= salvage",
            f"{DECLINING_BOOK_VALUE} >= 0.05 * cost",
        ],
        question=(
            "{firm} bought production equipment for {cost}, with a useful life of {useful_life} and a "
            "salvage value of {salvage}, and depreciated it by the {method} method, with no switch to "
            "straight-line (book value stayed above salvage throughout). After exactly {years_held} of use "
            "it sells the equipment for {sale_price}. What gain does it report on the sale? (A negative "
            "answer means a loss.) Round to the nearest cent."
        ),
        steps=[
            step(
                "declining_rate",
                "method / useful_life",
                "Declining-balance rate (multiple of the straight-line rate)",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "remaining_fraction",
                "(1 - declining_rate) ** years_held",
                "Share of cost left after the years held",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step("book_value", "cost * remaining_fraction", "Book value at the sale"),
            step("gain_on_sale", "sale_price - book_value", "Gain (loss if negative) on the sale"),
        ],
        answer=numeric("gain_on_sale"),
    )
