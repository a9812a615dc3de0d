"""Green bonds: bonds whose proceeds fund eligible environmental projects.

The templates cover impact reporting (avoided emissions attributed to a holder), allocation
reporting of use of proceeds, pricing a green bond off its conventional twin, measuring the greenium
against an interpolated conventional curve, and whether the greenium pays for the extra costs of
issuing green.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def investor_share_of_avoided_emissions() -> Template:
    """Pro-rata impact attribution: avoided emissions × share financed by the bond × holding / issue size.

    Bands:
        holding / issue_size: 0% to 10%

    Relations:
        issue_size * financed_share / project_avoided_emissions:
            300 to 4,000 [wind_cost_per_annual_ton_avoided]
    """
    return Template(
        givens=[
            company("issuer"),
            person("investor"),
            number("project_avoided_emissions", 10_000, 1_000_000, step=100, decimals=0, unit=Unit.TONS),
            rate("financed_share", 20, 100, step=1),
            money("issue_size", 100_000_000, 2_000_000_000, step=5_000_000),
            money("holding", 1_000_000, 50_000_000, step=250_000),
        ],
        constraints=[
            "issue_size * financed_share >= 300 * project_avoided_emissions",
            "issue_size * financed_share <= 4000 * project_avoided_emissions",
            "holding <= 0.1 * issue_size",
            "holding <= 0.2 * issue_size",
        ],
        question=(
            "{issuer}'s green bond of {issue_size} finances {financed_share} of a wind portfolio that avoids "
            "{project_avoided_emissions} of CO2-equivalent a year. {investor} holds {holding} of the bond. "
            "Attributing impact in proportion to financing, how many tons of avoided emissions a year can "
            "{investor} report? Give the answer in metric tons to two decimal places."
        ),
        steps=[
            step(
                "bond_avoided_emissions",
                "project_avoided_emissions * financed_share",
                "Avoided emissions attributed to the bond",
                unit=Unit.TONS,
                decimals=2,
            ),
            step(
                "investor_avoided_emissions",
                "bond_avoided_emissions * holding / issue_size",
                "Avoided emissions attributed to the holding",
                unit=Unit.TONS,
                decimals=2,
            ),
        ],
        answer=numeric("investor_avoided_emissions"),
    )


@template(difficulty="basic")
def share_of_green_bond_proceeds_allocated() -> Template:
    """Allocated share = Σ allocations / net proceeds, with net proceeds = issue size × (1 − issuance costs).

    This is the allocation figure of a green bond's use-of-proceeds report.

    Bands:
        allocated_share: 5% to 100%

    Relations:
        issuance_costs: 0.3% to 1.5% [bond_issuance_cost]
    """
    return Template(
        givens=[
            company("issuer"),
            money("issue_size", 100_000_000, 1_500_000_000, step=5_000_000),
            rate("issuance_costs", 0.3, 1.5, step=0.05),
            money("renewables_allocation", 1_000_000, 600_000_000, step=500_000),
            money("buildings_allocation", 1_000_000, 400_000_000, step=500_000),
            money("transport_allocation", 1_000_000, 300_000_000, step=500_000),
        ],
        constraints=[
            "renewables_allocation + buildings_allocation + transport_allocation"
            " <= issue_size * (1 - issuance_costs)",
        ],
        question=(
            "{issuer} issued a green bond of {issue_size}; underwriting and other issuance costs took "
            "{issuance_costs} of it. By the reporting date it had allocated {renewables_allocation} to "
            "renewable energy, {buildings_allocation} to green buildings and {transport_allocation} to clean "
            "transport. What share of the net proceeds has been allocated? Give the answer as a percentage "
            "to two decimal places."
        ),
        steps=[
            step("net_proceeds", "issue_size * (1 - issuance_costs)", "Proceeds after issuance costs"),
            step(
                "total_allocated",
                "renewables_allocation + buildings_allocation + transport_allocation",
                "Proceeds allocated to eligible projects",
            ),
            step(
                "allocated_share",
                "total_allocated / net_proceeds",
                "Share of net proceeds allocated",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("allocated_share"),
    )


@template(difficulty="intermediate")
def price_of_a_green_bond_from_its_conventional_twin() -> Template:
    """Semiannual bond price P = (C/2) · [1 − (1 + y/2)^−2n] / (y/2) + F · (1 + y/2)^−2n.

    The green bond's yield is its conventional twin's yield less the greenium.

    Bands:
        price / face_value: 60% to 150%
        conventional_yield - coupon_rate: -2.01% to 2.01%

    Relations:
        conventional_yield: 1% to 12% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("issuer"),
            money("face_value", 1_000, 5_000, step=1_000),
            rate("coupon_rate", 1, 7, step=0.125, decimals=3),
            count("years", 2, 30, unit=Unit.YEARS),
            # The twin trades near its coupon: its yield is the coupon rate give or take 2 points.
            rate("yield_gap", -2, 2, step=0.01),
            derived("conventional_yield", "coupon_rate + yield_gap", unit=Unit.PERCENT),
            number("greenium_bp", 1, 20, step=0.5, decimals=1, unit=Unit.BASIS_POINTS),
        ],
        constraints=[
            "conventional_yield >= 0.01",
        ],
        question=(
            "{issuer} issues a green bond with a face value of {face_value}, a coupon rate of {coupon_rate} "
            "paid semiannually, and {years} to maturity. Its conventional twin, with the same coupon and "
            "maturity, yields {conventional_yield} (annual yield, compounded semiannually), and green bonds "
            "of this issuer trade at a greenium of {greenium_bp} below the twin's yield. What is the green "
            "bond's price? Round to the nearest cent."
        ),
        steps=[
            step(
                "green_yield",
                "conventional_yield - greenium_bp / 10000",
                "Green bond's annual yield",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step("periodic_yield", "green_yield / 2", "Yield per half-year", unit=Unit.NONE, decimals=8),
            step(
                "discount_factor",
                "(1 + periodic_yield) ** (-2 * years)",
                "Discount factor for the final payment",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "coupons_value",
                "face_value * coupon_rate / 2 * (1 - discount_factor) / periodic_yield",
                "Present value of the coupons",
            ),
            step(
                "price", "coupons_value + face_value * discount_factor", "Price: coupons plus discounted face"
            ),
        ],
        answer=numeric("price"),
    )


@template(difficulty="intermediate")
def greenium_against_an_interpolated_conventional_curve() -> Template:
    """Greenium (bp) = (y* − y_green) × 10,000 against a synthetic conventional twin.

    The twin's yield is interpolated linearly in maturity: y* = y₁ + (y₂ − y₁) · (m − m₁) / (m₂ − m₁).

    Bands:
        greenium_bp: -6 to 26

    Relations:
        greenium_bp / 10000: -0.05% to 0.25% [greenium]
        curve_slope: -0.15% to 0.4% [yield_curve_slope_per_year]
        short_yield: 3% to 5.5% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("issuer"),
            count("short_maturity", 2, 15, unit=Unit.YEARS),
            rate("short_yield", 3, 5.5, step=0.005, decimals=3),
            # Sampling helpers (not shown): the curve's span and tilt, where the green bond sits on
            # it, and the greenium it is priced at, so every draw is a plausible market.
            count("maturity_gap", 2, 12),
            rate("yield_change", -1.5, 1.5, step=0.005, decimals=3),
            number("green_position", 0.01, 0.99, step=0.01),
            number("priced_greenium_bp", -4.5, 24.5, step=0.5),
            derived("long_maturity", "short_maturity + maturity_gap", unit=Unit.YEARS, decimals=0),
            derived("long_yield", "short_yield + yield_change", unit=Unit.PERCENT, decimals=3),
            derived(
                "green_maturity",
                "short_maturity + max(1, min(maturity_gap - 1, round(maturity_gap * green_position)))",
                unit=Unit.YEARS,
                decimals=0,
            ),
            derived(
                "green_yield",
                "short_yield + (long_yield - short_yield) * (green_maturity - short_maturity)"
                " / (long_maturity - short_maturity) - priced_greenium_bp / 10000",
                unit=Unit.PERCENT,
                decimals=3,
            ),
        ],
        constraints=[
            "yield_change >= -0.00149 * maturity_gap",
            "yield_change <= 0.00399 * maturity_gap",
        ],
        question=(
            "{issuer}'s conventional bonds maturing in {short_maturity} yield {short_yield} and those "
            "maturing in {long_maturity} yield {long_yield}. Its new green bond matures in {green_maturity} "
            "and yields {green_yield}. Interpolating the conventional curve linearly in maturity to build a "
            "synthetic twin, what is the greenium (the twin's yield minus the green yield) in basis points? "
            "(A negative answer means the green bond yields more.) Round to two decimal places."
        ),
        steps=[
            step(
                "curve_slope",
                "(long_yield - short_yield) / (long_maturity - short_maturity)",
                "Yield change per year of maturity",
                unit=Unit.NONE,
                decimals=10,
            ),
            step(
                "twin_yield",
                "short_yield + curve_slope * (green_maturity - short_maturity)",
                "Interpolated conventional yield",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "greenium_bp",
                "(twin_yield - green_yield) * 10000",
                "Greenium in basis points",
                unit=Unit.BASIS_POINTS,
                decimals=2,
            ),
        ],
        answer=numeric("greenium_bp"),
    )


@template(difficulty="advanced")
def net_present_benefit_of_issuing_green() -> Template:
    """Net benefit = (issue × greenium − yearly reporting cost) · (1 − (1 + y)^−n) / y − upfront costs.

    The coupon saving from the greenium, net of allocation and impact reporting, is discounted at the
    conventional yield and compared with the one-off framework and second-party-opinion costs.

    Bands:
        coupon_saving / issue_size: 0.01% to 0.15%

    Relations:
        conventional_yield: 2% to 7% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("issuer"),
            money("issue_size", 100_000_000, 2_000_000_000, step=5_000_000),
            number("greenium_bp", 1, 15, step=0.5, decimals=1, unit=Unit.BASIS_POINTS),
            money("upfront_costs", 50_000, 1_000_000, step=5_000),
            money("annual_reporting_cost", 20_000, 300_000, step=1_000),
            rate("conventional_yield", 2, 7, step=0.05),
            count("years", 3, 20, unit=Unit.YEARS),
        ],
        question=(
            "{issuer} can issue a bond of {issue_size} maturing in {years} either as a conventional bond "
            "yielding {conventional_yield} or as a green bond yielding {greenium_bp} less; either way it "
            "pays coupons annually. Going green costs {upfront_costs} up front for the framework and "
            "second-party opinion, plus {annual_reporting_cost} at the end of each year for allocation and "
            "impact reporting. Discounting at the conventional yield, what is the net present benefit of "
            "issuing green? (A negative answer means the greenium does not cover the costs.) Round to the "
            "nearest cent."
        ),
        steps=[
            step(
                "coupon_saving", "issue_size * greenium_bp / 10000", "Yearly coupon saving from the greenium"
            ),
            step(
                "net_annual_saving",
                "coupon_saving - annual_reporting_cost",
                "Yearly saving after reporting costs",
            ),
            step(
                "savings_present_value",
                "net_annual_saving * (1 - (1 + conventional_yield) ** -years) / conventional_yield",
                "Present value of the yearly savings",
            ),
            step(
                "net_benefit", "savings_present_value - upfront_costs", "Net present benefit of issuing green"
            ),
        ],
        answer=numeric("net_benefit"),
    )
