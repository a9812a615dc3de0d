"""Sustainability reporting: greenhouse-gas figures a company discloses under the GHG Protocol.

The templates cover emissions intensity, market-based Scope 2 accounting with renewable energy
certificates, progress against a reduction target, the yearly cut a target requires, and a
spend-based Scope 3 estimate feeding the years an intensity target is still away at the pace so far.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    derived,
    number,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def emissions_intensity_per_million_of_revenue() -> Template:
    """Emissions intensity = (Scope 1 + Scope 2 emissions) / revenue in millions of dollars.

    Bands:
        emissions_intensity: 2 to 6,000

    Relations:
        emissions_intensity: 0 to 2,500 [scope_1_2_intensity_per_revenue]
    """
    return Template(
        givens=[
            company("reporter"),
            number("scope_1_emissions", 1_000, 800_000, step=50, decimals=0, unit=Unit.TONS),
            number("scope_2_emissions", 500, 400_000, step=50, decimals=0, unit=Unit.TONS),
            number("revenue_millions", 50, 20_000, step=0.5, decimals=1),
        ],
        constraints=[
            "scope_1_emissions + scope_2_emissions <= 2500 * revenue_millions",
        ],
        question=(
            "In its sustainability report, {reporter} discloses Scope 1 emissions of {scope_1_emissions} and "
            "Scope 2 emissions of {scope_2_emissions} of CO2-equivalent, on revenue of ${revenue_millions} "
            "million. What is its Scope 1 and 2 emissions intensity, in metric tons of CO2-equivalent per $1 "
            "million of revenue? Round to two decimal places."
        ),
        steps=[
            step(
                "operational_emissions",
                "scope_1_emissions + scope_2_emissions",
                "Scope 1 and 2 emissions",
                unit=Unit.TONS,
                decimals=0,
            ),
            step(
                "emissions_intensity",
                "operational_emissions / revenue_millions",
                "Tons per $1 million of revenue",
                unit=Unit.TONS,
                decimals=2,
            ),
        ],
        answer=numeric("emissions_intensity"),
    )


@template(difficulty="basic")
def market_based_scope_2_emissions() -> Template:
    """Market-based Scope 2 = (electricity bought − electricity covered by RECs) × residual-mix factor.

    Bands:
        market_based_scope_2 / electricity_mwh: 0 to 0.9

    Relations:
        residual_mix_factor: 0.2 to 0.9 [residual_mix_emission_factor]
    """
    return Template(
        givens=[
            company("reporter"),
            number("electricity_mwh", 1_000, 500_000, step=100, decimals=0),
            number("certificates_mwh", 0, 450_000, step=100, decimals=0),
            number("residual_mix_factor", 0.2, 0.9, step=0.001, decimals=3),
        ],
        constraints=["certificates_mwh < electricity_mwh"],
        question=(
            "{reporter} bought {electricity_mwh} MWh of grid electricity last year and retired renewable "
            "energy certificates covering {certificates_mwh} MWh of it. The residual-mix emission factor for "
            "uncovered electricity is {residual_mix_factor} metric tons of CO2-equivalent per MWh. What are "
            "its market-based Scope 2 emissions? Give the answer in metric tons to two decimal places."
        ),
        steps=[
            step(
                "uncovered_mwh",
                "electricity_mwh - certificates_mwh",
                "Electricity not covered by certificates (MWh)",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "market_based_scope_2",
                "uncovered_mwh * residual_mix_factor",
                "Market-based Scope 2 emissions",
                unit=Unit.TONS,
                decimals=2,
            ),
        ],
        answer=numeric("market_based_scope_2"),
    )


@template(difficulty="intermediate")
def on_track_against_a_linear_reduction_target() -> Template:
    """Linear target pathway: E_t = E_base − (E_base − E_target) · t / T, with E_target = E_base · (1 − cut).

    The company is on track when its current emissions are at or below the pathway.

    Bands:
        current_emissions / base_emissions: 50% to 110%

    Relations:
        target_cut / target_horizon: 0% to 7.5% [corporate_emissions_cut_per_year]
    """
    return Template(
        givens=[
            company("reporter"),
            number("base_emissions", 10_000, 2_000_000, step=100, decimals=0, unit=Unit.TONS),
            rate("target_cut", 20, 60, step=1),
            count("target_horizon", 8, 15, unit=Unit.YEARS),
            count("years_elapsed", 1, 7, unit=Unit.YEARS),
            number("current_emissions", 5_000, 2_100_000, step=100, decimals=0, unit=Unit.TONS),
        ],
        constraints=[
            "0.5 * base_emissions <= current_emissions <= 1.1 * base_emissions",
            "current_emissions >= 0.5 * base_emissions",
            "current_emissions <= 1.05 * base_emissions",
            # Keep instances away from an exact tie with the pathway.
            "abs(current_emissions - base_emissions * (1 - target_cut * years_elapsed / target_horizon))"
            " >= 1",
        ],
        question=(
            "{reporter} emitted {base_emissions} of CO2-equivalent in its base year and has committed to cut "
            "emissions by {target_cut} over {target_horizon}, reducing by the same tonnage each year. "
            "{years_elapsed} after the base year it emits {current_emissions}. Answer 'on track' if current "
            "emissions are at or below the straight-line pathway for this year, otherwise 'off track'."
        ),
        steps=[
            step(
                "target_emissions",
                "base_emissions * (1 - target_cut)",
                "Emissions allowed in the target year",
                unit=Unit.TONS,
                decimals=2,
            ),
            step(
                "pathway_emissions",
                "base_emissions - (base_emissions - target_emissions) * years_elapsed / target_horizon",
                "Emissions on the straight-line pathway this year",
                unit=Unit.TONS,
                decimals=2,
            ),
            step(
                "gap_to_pathway",
                "current_emissions - pathway_emissions",
                "Current emissions above the pathway",
                unit=Unit.TONS,
                decimals=2,
            ),
        ],
        answer=categorical([("gap_to_pathway <= 0", "on track")], otherwise="off track"),
    )


@template(difficulty="intermediate")
def annual_reduction_rate_to_meet_a_target() -> Template:
    """Compound yearly cut needed: g = 1 − (E_target / E_now)^(1/n), with E_target = E_base · (1 − cut).

    Bands:
        required_annual_cut: 0% to 35%

    Relations:
        required_annual_cut: 0% to 15% [corporate_emissions_cut_per_year]
    """
    return Template(
        givens=[
            company("reporter"),
            number("base_emissions", 10_000, 2_000_000, step=100, decimals=0, unit=Unit.TONS),
            rate("target_cut", 20, 70, step=1),
            number("current_emissions", 5_000, 2_400_000, step=100, decimals=0, unit=Unit.TONS),
            count("years_to_target", 3, 15, unit=Unit.YEARS),
        ],
        constraints=[
            "1 - (base_emissions * (1 - target_cut) / current_emissions) ** (1 / years_to_target) <= 0.15",
            "current_emissions >= 1.05 * base_emissions * (1 - target_cut)",
            "current_emissions <= 1.2 * base_emissions",
        ],
        question=(
            "{reporter}'s base-year emissions were {base_emissions} of CO2-equivalent, and it has a target "
            "to cut them by {target_cut}. It emits {current_emissions} today and has {years_to_target} left "
            "to reach the target. By what percentage must it reduce emissions each year, compounding, to "
            "land exactly on the target? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "target_emissions",
                "base_emissions * (1 - target_cut)",
                "Emissions allowed in the target year",
                unit=Unit.TONS,
                decimals=2,
            ),
            step(
                "remaining_fraction",
                "target_emissions / current_emissions",
                "Target as a fraction of today's emissions",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "required_annual_cut",
                "1 - remaining_fraction ** (1 / years_to_target)",
                "Yearly compound reduction needed",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("required_annual_cut"),
    )


@template(difficulty="advanced")
def years_to_an_intensity_target_at_the_pace_since_the_base_year() -> Template:
    """Years left to an intensity target at the compound rate achieved since the base year.

    Intensity I = (S1 + S2 + S3) / revenue ($ millions), with Scope 3 = spend ($ millions) × emission
    factor per $1 million (the GHG Protocol's spend-based method for purchased goods and services).
    Achieved rate g = (I / I_base)^(1/k) − 1 over k years; target T = I_base (1 − cut);
    years left n = ln(T / I) / ln(1 + g).

    Bands:
        annual_intensity_change: -16% to -0.4%
        emissions_intensity / base_year_intensity: 40% to 98%
        years_to_target: 0.1 to 30

    Relations:
        0 - annual_intensity_change: 0.5% to 15% [corporate_emissions_cut_per_year]
        spend_emission_factor: 100 to 600 [spend_based_emission_factor]
        purchased_spend_millions / revenue_millions: 10% to 80% [cost_of_goods_sold_to_revenue]
    """
    intensity = (
        "(scope_1_emissions + scope_2_emissions + purchased_spend_millions * spend_emission_factor)"
        " / revenue_millions"
    )
    return Template(
        givens=[
            company("reporter"),
            number("scope_1_emissions", 5_000, 500_000, step=50, decimals=0, unit=Unit.TONS),
            number("scope_2_emissions", 2_000, 300_000, step=50, decimals=0, unit=Unit.TONS),
            number("purchased_spend_millions", 20, 2_000, step=0.5, decimals=1),
            number("spend_emission_factor", 100, 600, step=1, decimals=0, unit=Unit.TONS),
            number("revenue_millions", 100, 10_000, step=0.5, decimals=1),
            count("years_since_base", 2, 8, unit=Unit.YEARS),
            # Sampling helper (not shown): today's intensity as a fraction of the base year's, so the
            # base-year figure is drawn in proportion to today's.
            number("share_of_base_intensity", 0.45, 0.97, step=0.01),
            derived(
                "base_year_intensity",
                f"({intensity}) / share_of_base_intensity",
                unit=Unit.TONS,
                decimals=2,
            ),
            rate("target_cut", 30, 60, step=5, decimals=0),
        ],
        constraints=[
            "purchased_spend_millions >= 0.1 * revenue_millions",
            "purchased_spend_millions <= 0.8 * revenue_millions",
            # Achieved pace between 0.5% and 15% a year, today's intensity still above the target, and
            # the target within 28 years at that pace.
            "share_of_base_intensity ** (1 / years_since_base) >= 0.85",
            "share_of_base_intensity ** (1 / years_since_base) <= 0.995",
            "share_of_base_intensity >= 1.02 * (1 - target_cut)",
            "log((1 - target_cut) / share_of_base_intensity)"
            " >= 28 * log(share_of_base_intensity) / years_since_base",
        ],
        question=(
            "{reporter} reports Scope 1 emissions of {scope_1_emissions} and Scope 2 emissions of "
            "{scope_2_emissions} of CO2-equivalent. It estimates Scope 3 emissions from purchased goods and "
            "services with the spend-based method: it spent ${purchased_spend_millions} million with "
            "suppliers, and the emission factor is {spend_emission_factor} of CO2-equivalent per $1 million "
            "of spend. Revenue was ${revenue_millions} million. In its base year, {years_since_base} ago, "
            "its Scope 1, 2 and 3 intensity was {base_year_intensity} per $1 million of revenue, and it has "
            "a target to cut that intensity by {target_cut}. If the intensity keeps falling at the compound "
            "annual rate achieved since the base year, how many more years will it take to reach the "
            "target? Give the answer in years to two decimal places (fractions of a year allowed)."
        ),
        steps=[
            step(
                "scope_3_emissions",
                "purchased_spend_millions * spend_emission_factor",
                "Spend-based Scope 3 emissions",
                unit=Unit.TONS,
                decimals=2,
            ),
            step(
                "total_emissions",
                "scope_1_emissions + scope_2_emissions + scope_3_emissions",
                "Scope 1, 2 and 3 emissions",
                unit=Unit.TONS,
                decimals=2,
            ),
            step(
                "emissions_intensity",
                "total_emissions / revenue_millions",
                "Tons per $1 million of revenue",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "annual_intensity_change",
                "(emissions_intensity / base_year_intensity) ** (1 / years_since_base) - 1",
                "Compound annual change in intensity since the base year",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "target_intensity",
                "base_year_intensity * (1 - target_cut)",
                "Intensity the target allows",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "years_to_target",
                "log(target_intensity / emissions_intensity) / log(1 + annual_intensity_change)",
                "Years left at the achieved pace",
                unit=Unit.YEARS,
                decimals=2,
            ),
        ],
        answer=numeric("years_to_target"),
    )
