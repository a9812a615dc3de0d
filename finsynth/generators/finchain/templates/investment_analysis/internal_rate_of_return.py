"""Internal rate of return: the discount rate at which a project's cash flows have zero net present value.

Covers a two-period IRR solved in closed form, IRRs of longer conventional projects found
numerically (``irr`` over flows at periods 0, 1, 2, ...), the accept/reject rule against a
hurdle rate, and the modified IRR that separates financing and reinvestment rates.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    money,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def two_year_project_irr_by_the_quadratic_formula() -> Template:
    """Two-period IRR from the quadratic formula: 1 + IRR = (C₁ + √(C₁² + 4·I·C₂)) / (2·I).

    It is the positive root x = 1 + r of I·x² − C₁·x − C₂ = 0, i.e. of −I + C₁/(1 + r) + C₂/(1 + r)² = 0.

    Bands:
        project_irr: 0% to 75%

    Relations:
        year_2_cash_flow / year_1_cash_flow: 0.5 to 2 [annual_revenue_growth]
    """
    return Template(
        givens=[
            company("firm"),
            money("investment", 20_000, 500_000, step=100),
            money("year_1_cash_flow", 5_000, 500_000, step=100),
            money("year_2_cash_flow", 5_000, 500_000, step=100),
        ],
        constraints=[
            "0.5 * year_1_cash_flow <= year_2_cash_flow <= 2 * year_1_cash_flow",
            "year_1_cash_flow + year_2_cash_flow >= 1.05 * investment",
            "year_1_cash_flow + year_2_cash_flow <= 1.8 * investment",
        ],
        question=(
            "{firm} can invest {investment} today in a project that returns {year_1_cash_flow} at the end of "
            "year 1 and {year_2_cash_flow} at the end of year 2. Find the project's internal rate of return "
            "by solving the quadratic equation for the growth factor 1 + IRR. Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step(
                "discriminant",
                "year_1_cash_flow ** 2 + 4 * investment * year_2_cash_flow",
                "Discriminant of I·x² − C₁·x − C₂ = 0",
                unit=Unit.NONE,
            ),
            step(
                "growth_factor",
                "(year_1_cash_flow + sqrt(discriminant)) / (2 * investment)",
                "Positive root x = 1 + IRR",
                unit=Unit.NONE,
                decimals=6,
            ),
            step("project_irr", "growth_factor - 1", "Internal rate of return", unit=Unit.PERCENT),
        ],
        answer=numeric("project_irr"),
    )


@template(difficulty="basic")
def irr_of_level_annual_savings() -> Template:
    """IRR of an outlay and five equal savings: solve −(price + installation) + Σₜ₌₁⁵ S/(1 + r)ᵗ = 0.

    Bands:
        project_irr: 0% to 45%

    Relations:
        (machine_price + installation_cost) / annual_savings: 2 to 4.6 [equipment_payback_period]
    """
    return Template(
        givens=[
            company("manufacturer"),
            money("machine_price", 10_000, 800_000, step=500),
            money("installation_cost", 500, 50_000, step=100),
            money("annual_savings", 2_500, 500_000, step=100),
        ],
        constraints=[
            "installation_cost <= 0.2 * machine_price",
            "5 * annual_savings >= 1.1 * (machine_price + installation_cost)",
            "5 * annual_savings <= 2.5 * (machine_price + installation_cost)",
        ],
        question=(
            "{manufacturer} can buy a machine for {machine_price} plus {installation_cost} to install it. "
            "The machine saves {annual_savings} in operating costs at the end of each of the next five years "
            "and is worth nothing afterwards. What is the internal rate of return of buying the machine? "
            "Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("total_outlay", "machine_price + installation_cost", "Cash paid today"),
            step(
                "project_irr",
                "irr([-total_outlay, annual_savings, annual_savings, annual_savings, annual_savings, "
                "annual_savings])",
                "Rate that sets the NPV of the outlay and five savings to zero",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("project_irr"),
    )


@template(difficulty="intermediate")
def irr_with_salvage_and_working_capital_recovery() -> Template:
    """Capital-budgeting IRR: the rate r that solves Σ CFₜ/(1 + r)ᵗ = 0.

    CF₀ = −(equipment + working capital), CF₁..CF₃ = OCF, CF₄ = OCF + salvage·(1 − t) + working capital.

    Bands:
        project_irr: -5% to 50%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("equipment_cost", 50_000, 2_000_000, step=1_000),
            money("working_capital", 5_000, 400_000, step=500),
            money("operating_cash_flow", 10_000, 1_500_000, step=500),
            money("salvage_value", 0, 400_000, step=500),
            rate("tax_rate", 15, 35, step=0.5),
        ],
        constraints=[
            "working_capital <= 0.25 * equipment_cost",
            "salvage_value <= 0.25 * equipment_cost",
            "4 * operating_cash_flow >= 0.9 * (equipment_cost + working_capital)",
            "4 * operating_cash_flow <= 2.2 * (equipment_cost + working_capital)",
        ],
        question=(
            "{firm} is evaluating a four-year project. It needs equipment costing {equipment_cost} and "
            "{working_capital} of net working capital at the start. The project produces an after-tax "
            "operating cash flow of {operating_cash_flow} at the end of each of years 1 through 4. At the "
            "end of year 4 the working capital is recovered in full and the equipment, fully depreciated by "
            "then, is sold for {salvage_value}; the whole sale price is taxed at {tax_rate}. What is the "
            "project's internal rate of return? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("initial_outlay", "equipment_cost + working_capital", "Cash invested at the start"),
            step("after_tax_salvage", "salvage_value * (1 - tax_rate)", "Salvage value after tax"),
            step(
                "final_year_cash_flow",
                "operating_cash_flow + after_tax_salvage + working_capital",
                "Year 4 cash flow",
            ),
            step(
                "project_irr",
                "irr([-initial_outlay, operating_cash_flow, operating_cash_flow, operating_cash_flow, "
                "final_year_cash_flow])",
                "Rate that sets the project's NPV to zero",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("project_irr"),
    )


@template(difficulty="intermediate")
def accept_or_reject_by_irr_against_a_hurdle_rate() -> Template:
    """IRR decision rule: accept when IRR ≥ hurdle rate, with CFₜ = units soldₜ · unit contribution margin.

    Bands:
        project_irr: -5% to 80%

    Relations:
        hurdle_rate: 6% to 20% [corporate_hurdle_rate]
        units_year_2 / units_year_1: 0.5 to 2 [annual_revenue_growth]
        units_year_3 / units_year_2: 0.5 to 2 [annual_revenue_growth]
    """
    return Template(
        givens=[
            company("firm"),
            money("investment", 50_000, 1_000_000, step=500),
            money("unit_margin", 5, 150, step=0.25),
            count("units_year_1", 500, 20_000, unit=Unit.UNITS),
            count("units_year_2", 500, 20_000, unit=Unit.UNITS),
            count("units_year_3", 500, 20_000, unit=Unit.UNITS),
            rate("hurdle_rate", 6, 20, step=0.25),
        ],
        constraints=[
            "0.5 * units_year_1 <= units_year_2 <= 2 * units_year_1",
            "0.5 * units_year_2 <= units_year_3 <= 2 * units_year_2",
            "unit_margin * (units_year_1 + units_year_2 + units_year_3) >= 0.95 * investment",
            "unit_margin * (units_year_1 + units_year_2 + units_year_3) <= 2 * investment",
            # Keep the IRR at least 0.1 percentage point away from the hurdle so the decision is clear-cut.
            "abs(irr([-investment, unit_margin * units_year_1, unit_margin * units_year_2, "
            "unit_margin * units_year_3]) - hurdle_rate) >= 0.001",
        ],
        question=(
            "{firm} is considering a product line that costs {investment} to launch. It expects to sell "
            "{units_year_1} in year 1, {units_year_2} in year 2 and {units_year_3} in year 3, each at a "
            "contribution margin of {unit_margin} per unit, with the cash arriving at the end of each year "
            "and nothing after year 3. The company's hurdle rate is {hurdle_rate}. Using the IRR rule, "
            "answer 'accept' if the internal rate of return is at least the hurdle rate, otherwise 'reject'."
        ),
        steps=[
            step("year_1_cash_flow", "units_year_1 * unit_margin", "Year 1 cash flow"),
            step("year_2_cash_flow", "units_year_2 * unit_margin", "Year 2 cash flow"),
            step("year_3_cash_flow", "units_year_3 * unit_margin", "Year 3 cash flow"),
            step(
                "project_irr",
                "irr([-investment, year_1_cash_flow, year_2_cash_flow, year_3_cash_flow])",
                "Rate that sets the NPV to zero",
                unit=Unit.PERCENT,
            ),
        ],
        answer=categorical([("project_irr >= hurdle_rate", "accept")], otherwise="reject"),
    )


@template(difficulty="advanced")
def modified_irr_with_a_mid_life_overhaul() -> Template:
    """MIRR = (FV of inflows at the reinvestment rate / PV of outflows at the finance rate)^(1/n) − 1.

    With level inflows C, FV = C·((1 + r)ⁿ − 1)/r; with an overhaul O in year k, PV = I + O/(1 + f)ᵏ.

    Bands:
        mirr: 0% to 40%

    Relations:
        finance_rate: 3% to 10% [corporate_borrowing_rate]
        reinvestment_rate: 3% to 12% [long_run_portfolio_return]
        (investment + overhaul_cost) / annual_inflow: 1.3 to 9.1 [equipment_payback_period]
    """
    return Template(
        givens=[
            company("operator"),
            money("investment", 50_000, 2_000_000, step=1_000),
            money("annual_inflow", 10_000, 1_000_000, step=500),
            count("life", 4, 10, unit=Unit.YEARS),
            money("overhaul_cost", 5_000, 600_000, step=500),
            count("overhaul_year", 2, 9),
            rate("finance_rate", 3, 10, step=0.05),
            rate("reinvestment_rate", 3, 12, step=0.05),
        ],
        constraints=[
            "overhaul_year <= life - 1",
            "overhaul_cost <= 0.3 * investment",
            "annual_inflow * life >= 1.1 * (investment + overhaul_cost)",
            "annual_inflow * life <= 3 * (investment + overhaul_cost)",
        ],
        question=(
            "{operator} buys a fleet of vehicles for {investment}. The fleet brings in {annual_inflow} at "
            "the end of every year for {life}, but needs an overhaul costing {overhaul_cost} at the end of "
            "year {overhaul_year}. Treat the overhaul as a separate outflow discounted to today at the "
            "finance rate of {finance_rate}, and compound every operating inflow (including the one in the "
            "overhaul year) to the end of the fleet's life at the reinvestment rate of {reinvestment_rate}. "
            "What is the project's modified internal rate of return (MIRR)? Give the answer as a percentage "
            "to two decimal places."
        ),
        steps=[
            step(
                "overhaul_present_value",
                "overhaul_cost / (1 + finance_rate) ** overhaul_year",
                "Overhaul discounted at the finance rate",
            ),
            step("pv_of_outflows", "investment + overhaul_present_value", "Present value of all outflows"),
            step(
                "fv_of_inflows",
                "annual_inflow * ((1 + reinvestment_rate) ** life - 1) / reinvestment_rate",
                "Inflows compounded to the end of the life",
            ),
            step(
                "mirr_factor",
                "(fv_of_inflows / pv_of_outflows) ** (1 / life)",
                "Annual growth factor from the outflows to the terminal value",
                unit=Unit.NONE,
                decimals=6,
            ),
            step("mirr", "mirr_factor - 1", "Modified internal rate of return", unit=Unit.PERCENT),
        ],
        answer=numeric("mirr"),
    )
