"""Net present value: discounted future cash flows minus what a project costs today.

Covers uneven and level cash flows, growing cash flows, after-tax cash flows with a
depreciation tax shield, and ranking projects of unequal lives by equivalent annual annuity.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def npv_of_uneven_cash_flows() -> Template:
    """Net present value of year-end cash flows: NPV = Σₜ CFₜ/(1 + r)ᵗ − initial investment.

    Bands:
        pv_of_cash_flows / investment: 0.25 to 2.5

    Relations:
        discount_rate: 4% to 15% [corporate_hurdle_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("investment", 20_000, 2_000_000, step=1_000),
            series("cash_flows", money("cash_flow", 5_000, 400_000, step=500), length=(3, 6)),
            rate("discount_rate", 4, 15, step=0.25),
        ],
        constraints=["sum(cash_flows) >= 0.8 * investment", "sum(cash_flows) <= 1.8 * investment"],
        question=(
            "{firm} can spend {investment} today on a project expected to produce cash flows of {cash_flows} "
            "at the ends of years 1, 2, 3 and so on, in that order. At a discount rate of {discount_rate}, "
            "what is the project's net present value? Round to the nearest cent (negative if the project "
            "destroys value)."
        ),
        steps=[
            step(
                "pv_of_cash_flows",
                "sum(cash_flow / (1 + discount_rate) ** year for year, cash_flow in enumerate(cash_flows, "
                "1))",
                "Present value of the future cash flows",
            ),
            step("npv", "pv_of_cash_flows - investment", "Net present value"),
        ],
        answer=numeric("npv"),
    )


@template(difficulty="basic")
def npv_of_level_cash_flows_after_a_construction_period() -> Template:
    """NPV of a deferred level annuity: NPV = C · (1 − (1 + r)⁻ⁿ)/r / (1 + r)^d − investment.

    The payments start at the end of the first year after d years of construction, so the
    annuity's value one period before its first payment is discounted d more years.

    Bands:
        pv_of_cash_flows / investment: 0.15 to 2.5

    Relations:
        discount_rate: 4% to 14% [corporate_hurdle_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("investment", 10_000, 3_000_000, step=500),
            money("annual_cash_flow", 2_000, 800_000, step=100),
            count("construction_years", 1, 3, unit=Unit.YEARS),
            count("years", 3, 25, unit=Unit.YEARS),
            rate("discount_rate", 4, 14, step=0.05),
        ],
        constraints=[
            "annual_cash_flow * years >= 0.9 * investment",
            "annual_cash_flow * years <= 2.5 * investment",
        ],
        question=(
            "{firm} can build a facility for {investment}, paid up front. Construction takes "
            "{construction_years}, during which the facility earns nothing; from then on it pays "
            "{annual_cash_flow} at the end of each year for {years}. If the firm's required return is "
            "{discount_rate}, what is the project's net present value? Round to the nearest cent "
            "(negative if it is not worth taking)."
        ),
        steps=[
            step(
                "annuity_factor",
                "(1 - (1 + discount_rate) ** (-years)) / discount_rate",
                "Present value of 1 dollar a year",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "value_when_built",
                "annual_cash_flow * annuity_factor",
                "Value of the payments when construction ends",
            ),
            step(
                "pv_of_cash_flows",
                "value_when_built / (1 + discount_rate) ** construction_years",
                "Value today, discounted over the construction years",
            ),
            step("npv", "pv_of_cash_flows - investment", "Net present value"),
        ],
        answer=numeric("npv"),
    )


@template(difficulty="intermediate")
def npv_of_growing_cash_flows_with_salvage() -> Template:
    """NPV with a growing annuity and a salvage value.

    PV = C₁ · (1 − ((1 + g)/(1 + r))ⁿ) / (r − g) + S/(1 + r)ⁿ, and NPV = PV − investment.

    Bands:
        pv_of_inflows / investment: 0.25 to 2.5

    Relations:
        discount_rate: 6% to 15% [corporate_hurdle_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("investment", 50_000, 5_000_000, step=1_000),
            money("first_year_cash_flow", 5_000, 800_000, step=500),
            rate("growth_rate", 1, 6, step=0.1),
            count("years", 4, 20, unit=Unit.YEARS),
            money("salvage_value", 0, 500_000, step=500),
            rate("discount_rate", 6, 15, step=0.1),
        ],
        constraints=[
            "discount_rate >= growth_rate + 0.02",
            "salvage_value <= 0.2 * investment",
            "first_year_cash_flow * years >= 0.7 * investment",
            "first_year_cash_flow * years <= 2 * investment",
        ],
        question=(
            "{firm} opens a new store for {investment} and will run it for {years}. The store generates "
            "{first_year_cash_flow} at the end of its first year, and each later year-end cash flow is "
            "{growth_rate} larger than the one before. When the store closes at the end of its last year, "
            "its fittings are sold for {salvage_value}. At a discount rate of {discount_rate}, what is the "
            "store's net present value? Round to the nearest cent (negative if it destroys value)."
        ),
        steps=[
            step(
                "pv_of_operating_cash_flows",
                # Computed in one step: rounding the growth/discount ratio before raising it to the n-th
                # power and dividing by (r − g) would magnify the rounding error to dollars.
                "first_year_cash_flow * (1 - ((1 + growth_rate) / (1 + discount_rate)) ** years)"
                " / (discount_rate - growth_rate)",
                "Present value of the growing cash flows",
            ),
            step(
                "pv_of_salvage",
                "salvage_value / (1 + discount_rate) ** years",
                "Present value of the salvage value",
            ),
            step(
                "pv_of_inflows", "pv_of_operating_cash_flows + pv_of_salvage", "Present value of all inflows"
            ),
            step("npv", "pv_of_inflows - investment", "Net present value"),
        ],
        answer=numeric("npv"),
    )


@template(difficulty="intermediate")
def npv_with_a_depreciation_tax_shield() -> Template:
    """NPV of after-tax cash flows: NPV = OCF · (1 − (1 + r)⁻ⁿ)/r − cost, with no salvage value.

    OCF = (revenue − cash costs)·(1 − t) + t·D, with straight-line depreciation D = cost / life.

    Bands:
        pv_of_cash_flows / equipment_cost: 0.25 to 2.5

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("equipment_cost", 50_000, 3_000_000, step=1_000),
            count("life", 3, 12, unit=Unit.YEARS),
            money("annual_revenue", 20_000, 3_000_000, step=500),
            money("annual_cash_costs", 5_000, 2_500_000, step=500),
            rate("tax_rate", 15, 35, step=0.5),
            rate("discount_rate", 5, 14, step=0.05),
        ],
        constraints=[
            "annual_cash_costs <= 0.8 * annual_revenue",
            "(annual_revenue - annual_cash_costs) * life >= 1.1 * equipment_cost",
            "(annual_revenue - annual_cash_costs) * life <= 2.8 * equipment_cost",
        ],
        question=(
            "{firm} considers buying equipment for {equipment_cost}. It will be depreciated straight-line to "
            "zero over a life of {life} and will have no salvage value. Each year of that life it adds "
            "{annual_revenue} of revenue and {annual_cash_costs} of cash operating costs, all at year end. "
            "The tax rate is {tax_rate} and the required return is {discount_rate}. Counting the "
            "depreciation tax shield, what is the net present value of the purchase? Round to the nearest "
            "cent (negative if it destroys value)."
        ),
        steps=[
            step("annual_depreciation", "equipment_cost / life", "Straight-line depreciation per year"),
            step(
                "operating_cash_flow",
                "(annual_revenue - annual_cash_costs) * (1 - tax_rate) + annual_depreciation * tax_rate",
                "After-tax operating cash flow, including the depreciation tax shield",
            ),
            step(
                "annuity_factor",
                "(1 - (1 + discount_rate) ** (-life)) / discount_rate",
                "Present value of 1 dollar a year over the life",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "pv_of_cash_flows", "operating_cash_flow * annuity_factor", "Present value of the cash flows"
            ),
            step("npv", "pv_of_cash_flows - equipment_cost", "Net present value"),
        ],
        answer=numeric("npv"),
    )


@template(difficulty="advanced")
def choose_between_machines_by_equivalent_annual_annuity() -> Template:
    """Equivalent annual annuity: EAA = NPV / ((1 − (1 + r)⁻ⁿ)/r), with NPV = C · (1 − (1 + r)⁻ⁿ)/r − cost.

    Of two mutually exclusive, repeatable projects with different lives, take the higher EAA.

    Bands:
        cash_flow_a * life_a / cost_a: 1.1 to 2.3
        cost_b / cost_a: 0.45 to 2.55

    Relations:
        discount_rate: 5% to 14% [corporate_hurdle_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("cost_a", 20_000, 1_000_000, step=500),
            count("life_a", 2, 8, unit=Unit.YEARS),
            # Sampling helpers (not shown): undiscounted payback multiples, B's size and extra life.
            number("payback_multiple_a", 1.2, 2.2, step=0.01),
            number("cost_ratio_b", 0.5, 2.5, step=0.01),
            count("extra_life_b", 1, 7),
            number("payback_multiple_b", 1.2, 2.2, step=0.01),
            derived("cash_flow_a", "round(cost_a * payback_multiple_a / life_a / 100) * 100"),
            derived("cost_b", "round(cost_a * cost_ratio_b / 500) * 500"),
            derived("life_b", "life_a + extra_life_b", unit=Unit.YEARS, decimals=0),
            derived("cash_flow_b", "round(cost_b * payback_multiple_b / life_b / 100) * 100"),
            rate("discount_rate", 5, 14, step=0.05),
        ],
        constraints=[
            # Keep the two EAAs at least $10 apart so the choice does not hinge on rounding.
            "abs((cash_flow_a - cost_a * discount_rate / (1 - (1 + discount_rate) ** (-life_a)))"
            " - (cash_flow_b - cost_b * discount_rate / (1 - (1 + discount_rate) ** (-life_b)))) >= 10",
        ],
        question=(
            "{firm} must choose one of two machines and will replace it with an identical one whenever it "
            "wears out. Machine A costs {cost_a}, produces {cash_flow_a} of net cash flow at the end of each "
            "year and lasts {life_a}. Machine B costs {cost_b}, produces {cash_flow_b} a year and lasts "
            "{life_b}. The discount rate is {discount_rate}. Compute each machine's net present value over "
            "one life and convert it to an equivalent annual annuity. Answer 'machine A' if machine A's "
            "equivalent annual annuity is higher, otherwise 'machine B'."
        ),
        steps=[
            step(
                "annuity_factor_a",
                "(1 - (1 + discount_rate) ** (-life_a)) / discount_rate",
                "Annuity factor over machine A's life",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("npv_a", "cash_flow_a * annuity_factor_a - cost_a", "NPV of machine A over one life"),
            step("eaa_a", "npv_a / annuity_factor_a", "Equivalent annual annuity of machine A"),
            step(
                "annuity_factor_b",
                "(1 - (1 + discount_rate) ** (-life_b)) / discount_rate",
                "Annuity factor over machine B's life",
                unit=Unit.NONE,
                decimals=8,
            ),
            step("npv_b", "cash_flow_b * annuity_factor_b - cost_b", "NPV of machine B over one life"),
            step("eaa_b", "npv_b / annuity_factor_b", "Equivalent annual annuity of machine B"),
        ],
        answer=categorical([("eaa_a > eaa_b", "machine A")], otherwise="machine B"),
    )
