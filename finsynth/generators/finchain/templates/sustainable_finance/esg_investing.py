"""ESG investing: building and measuring portfolios with environmental, social and governance data.

The templates cover value-weighted portfolio ESG scores, composite ratings from pillar scores, the
TCFD weighted average carbon intensity, the return cost of tilting toward ESG leaders, and the
PCAF carbon footprint of a portfolio.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
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
def portfolio_esg_score_after_divesting_the_laggard() -> Template:
    """Value-weighted ESG score after an exclusion: sell holding 3, buy holding 1 with the proceeds.

    Score after = ((V₁ + V₃) · S₁ + V₂ · S₂) / (V₁ + V₂ + V₃): the trade keeps the portfolio's value.

    Bands:
        portfolio_score_after: 10 to 95

    Relations:
        min(first_score, second_score, third_score): 10 to 95 [esg_score]
        max(first_score, second_score, third_score): 10 to 95 [esg_score]
    """
    return Template(
        givens=[
            company("fund"),
            company("first_company"),
            money("first_value", 50_000, 5_000_000, step=1_000),
            number("first_score", 10, 95, step=0.1, decimals=1),
            company("second_company"),
            money("second_value", 50_000, 5_000_000, step=1_000),
            number("second_score", 10, 95, step=0.1, decimals=1),
            company("third_company"),
            money("third_value", 50_000, 5_000_000, step=1_000),
            number("third_score", 10, 95, step=0.1, decimals=1),
        ],
        # The divested holding is the clear laggard.
        constraints=["third_score + 5 <= first_score", "third_score + 5 <= second_score"],
        question=(
            "{fund} holds three stocks: {first_value} of {first_company} (ESG score {first_score} out of "
            "100), {second_value} of {second_company} (score {second_score}) and {third_value} of "
            "{third_company} (score {third_score}). Its exclusion policy makes it sell all of "
            "{third_company}, the laggard, and put the proceeds into {first_company} at the same prices. "
            "What is the portfolio's value-weighted ESG score after the trade? Round to two decimal places."
        ),
        steps=[
            step("total_value", "first_value + second_value + third_value", "Portfolio value, unchanged"),
            step("first_value_after", "first_value + third_value", "Holding in the first company after"),
            step(
                "value_times_score_after",
                "first_value_after * first_score + second_value * second_score",
                "Sum of value times score after the trade",
                unit=Unit.NONE,
                decimals=2,
            ),
            step(
                "portfolio_score_after",
                "value_times_score_after / total_value",
                "Value-weighted ESG score after the trade",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("portfolio_score_after"),
    )


@template(difficulty="basic")
def composite_esg_rating_from_pillar_scores() -> Template:
    """Composite score = w_E · E + w_S · S + w_G · G (weights sum to one), mapped to a rating band.

    Bands:
        composite_score: 10 to 95

    Relations:
        min(environmental_weight, social_weight, governance_weight) >= 0.1
            and max(environmental_weight, social_weight, governance_weight) <= 0.6 [esg_pillar_weights]
        min(environmental_score, social_score, governance_score): 10 to 95 [esg_score]
        max(environmental_score, social_score, governance_score): 10 to 95 [esg_score]
    """
    return Template(
        givens=[
            company("issuer"),
            rate("environmental_weight", 20, 50, step=5, decimals=0),
            rate("social_weight", 20, 40, step=5, decimals=0),
            derived(
                "governance_weight", "1 - environmental_weight - social_weight", unit=Unit.PERCENT, decimals=0
            ),
            number("environmental_score", 10, 95, step=0.5, decimals=1),
            number("social_score", 10, 95, step=0.5, decimals=1),
            number("governance_score", 10, 95, step=0.5, decimals=1),
        ],
        constraints=["governance_weight >= 0.15"],
        question=(
            "A rating agency scores {issuer} {environmental_score} on environmental, {social_score} on "
            "social and {governance_score} on governance issues (each out of 100), and weights the pillars "
            "{environmental_weight}, {social_weight} and {governance_weight}. Rate the company 'leader' if "
            "its weighted composite score is at least 65, 'average' if it is at least 45, and 'laggard' "
            "otherwise."
        ),
        steps=[
            step(
                "composite_score",
                "environmental_weight * environmental_score + social_weight * social_score"
                " + governance_weight * governance_score",
                "Weighted composite ESG score",
                unit=Unit.NONE,
                decimals=3,
            ),
        ],
        answer=categorical(
            [("composite_score >= 65", "leader"), ("composite_score >= 45", "average")],
            otherwise="laggard",
        ),
    )


@template(difficulty="intermediate")
def weighted_average_carbon_intensity() -> Template:
    """TCFD weighted average carbon intensity: WACI = Σ wᵢ · (emissionsᵢ / revenueᵢ in $ millions).

    Emissions are each company's Scope 1 and 2 emissions; wᵢ are portfolio weights.

    Bands:
        waci: 5 to 1,500

    Relations:
        max(first_intensity, second_intensity, third_intensity): 0 to 2,500 [scope_1_2_intensity_per_revenue]
    """
    return Template(
        givens=[
            company("fund"),
            company("first_company"),
            rate("first_weight", 10, 60, step=1, decimals=0),
            number("first_emissions", 1_000, 5_000_000, step=500, decimals=0, unit=Unit.TONS),
            number("first_revenue_millions", 50, 50_000, step=0.5, decimals=1),
            company("second_company"),
            rate("second_weight", 10, 60, step=1, decimals=0),
            number("second_emissions", 1_000, 5_000_000, step=500, decimals=0, unit=Unit.TONS),
            number("second_revenue_millions", 50, 50_000, step=0.5, decimals=1),
            derived("third_weight", "1 - first_weight - second_weight", unit=Unit.PERCENT, decimals=0),
            company("third_company"),
            number("third_emissions", 1_000, 5_000_000, step=500, decimals=0, unit=Unit.TONS),
            number("third_revenue_millions", 50, 50_000, step=0.5, decimals=1),
        ],
        constraints=[
            "third_weight >= 0.1",
            # Keep each company's intensity inside the range seen in listed equities.
            "first_emissions <= 2500 * first_revenue_millions",
            "second_emissions <= 2500 * second_revenue_millions",
            "third_emissions <= 2500 * third_revenue_millions",
        ],
        question=(
            "{fund} reports the weighted average carbon intensity of its portfolio. It holds {first_company} "
            "at a weight of {first_weight} (Scope 1 and 2 emissions {first_emissions}, revenue "
            "${first_revenue_millions} million), {second_company} at {second_weight} ({second_emissions}, "
            "${second_revenue_millions} million) and {third_company} at {third_weight} ({third_emissions}, "
            "${third_revenue_millions} million). What is the portfolio's weighted average carbon intensity, "
            "in metric tons of CO2-equivalent per $1 million of revenue? Round to two decimal places."
        ),
        steps=[
            step(
                "first_intensity",
                "first_emissions / first_revenue_millions",
                "First company's tons per $1 million of revenue",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "second_intensity",
                "second_emissions / second_revenue_millions",
                "Second company's tons per $1 million of revenue",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "third_intensity",
                "third_emissions / third_revenue_millions",
                "Third company's tons per $1 million of revenue",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "waci",
                "first_weight * first_intensity + second_weight * second_intensity"
                " + third_weight * third_intensity",
                "Weighted average carbon intensity",
                unit=Unit.TONS,
                decimals=2,
            ),
        ],
        answer=numeric("waci"),
    )


@template(difficulty="intermediate")
def return_cost_of_meeting_an_esg_score_target() -> Template:
    """Return given up for a target ESG score: cost = (R_c − R) × 10,000 bp.

    The two-fund mix that hits the target has w = (S* − S_c) / (S_e − S_c) in the leaders fund, and
    expected return R = w · R_e + (1 − w) · R_c.

    Bands:
        return_given_up: -150 to 150

    Relations:
        leader_return - conventional_return: -1.5% to 1.5% [esg_leader_return_difference]
        leader_score: 60 to 90 [esg_score]
    """
    return Template(
        givens=[
            person("investor"),
            number("leader_score", 60, 90, step=0.5, decimals=1),
            rate("leader_return", 4, 10, step=0.05),
            number("conventional_score", 30, 55, step=0.5, decimals=1),
            rate("conventional_return", 5, 11, step=0.05),
            number("target_score", 35, 85, step=0.5, decimals=1),
        ],
        constraints=[
            "target_score > conventional_score",
            "target_score < leader_score",
            "abs(conventional_return - leader_return) <= 0.015",
        ],
        question=(
            "{investor} splits money between an ESG leaders fund (portfolio ESG score {leader_score}, "
            "expected return {leader_return}) and a conventional index fund (score {conventional_score}, "
            "expected return {conventional_return}). Scores mix in proportion to the weights. To reach a "
            "portfolio score of exactly {target_score}, how much expected return does the mix give up "
            "relative to holding only the conventional fund? Give the answer in basis points to two decimal "
            "places (a negative answer means the mix earns more)."
        ),
        steps=[
            step(
                "leader_weight",
                "(target_score - conventional_score) / (leader_score - conventional_score)",
                "Weight in the ESG leaders fund",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "mix_return",
                "leader_weight * leader_return + (1 - leader_weight) * conventional_return",
                "Expected return of the mix",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "return_given_up",
                "(conventional_return - mix_return) * 10000",
                "Expected return given up",
                unit=Unit.BASIS_POINTS,
                decimals=2,
            ),
        ],
        answer=numeric("return_given_up"),
    )


@template(difficulty="advanced")
def portfolio_carbon_footprint_per_million_invested() -> Template:
    """Years for a carbon footprint to reach a target: n = ln(target / footprint) / ln(1 − annual cut).

    Footprint = financed emissions / $ millions invested (PCAF), with financed emissions
    Σ (investmentᵢ / EVICᵢ) · emissionsᵢ: each company's emissions attributed by the investor's
    share of its enterprise value including cash.

    Bands:
        carbon_footprint: 5 to 800
        years_to_target: 0 to 40

    Relations:
        max(first_emissions / first_evic_millions, second_emissions / second_evic_millions,
            third_emissions / third_evic_millions): 0 to 1,000 [emissions_per_million_of_evic]
    """
    return Template(
        givens=[
            company("fund"),
            company("first_company"),
            number("first_investment_millions", 1, 50, step=0.1, decimals=1),
            number("first_evic_millions", 500, 80_000, step=10, decimals=0),
            number("first_emissions", 10_000, 5_000_000, step=1_000, decimals=0, unit=Unit.TONS),
            company("second_company"),
            number("second_investment_millions", 1, 50, step=0.1, decimals=1),
            number("second_evic_millions", 500, 80_000, step=10, decimals=0),
            number("second_emissions", 10_000, 5_000_000, step=1_000, decimals=0, unit=Unit.TONS),
            company("third_company"),
            number("third_investment_millions", 1, 50, step=0.1, decimals=1),
            number("third_evic_millions", 500, 80_000, step=10, decimals=0),
            number("third_emissions", 10_000, 5_000_000, step=1_000, decimals=0, unit=Unit.TONS),
            rate("annual_cut", 4, 12, step=0.5, decimals=1),
            number("target_footprint", 1, 400, step=0.5, decimals=1, unit=Unit.TONS),
        ],
        constraints=[
            # Keep each company's emissions per $1 million of EVIC inside the range seen in listed equities.
            "first_emissions <= 1000 * first_evic_millions",
            "second_emissions <= 1000 * second_evic_millions",
            "third_emissions <= 1000 * third_evic_millions",
            # The target lies 20%-80% below today's footprint, so the path takes a few years to decades.
            "0.2 <= target_footprint * (first_investment_millions + second_investment_millions"
            " + third_investment_millions)"
            " / (first_investment_millions / first_evic_millions * first_emissions"
            " + second_investment_millions / second_evic_millions * second_emissions"
            " + third_investment_millions / third_evic_millions * third_emissions) <= 0.8",
        ],
        question=(
            "{fund} measures its financed emissions with the PCAF method, attributing each company's Scope 1 "
            "and 2 emissions by the fund's share of its enterprise value including cash (EVIC). It holds "
            "${first_investment_millions} million of {first_company} (EVIC ${first_evic_millions} million, "
            "emissions {first_emissions}), ${second_investment_millions} million of {second_company} (EVIC "
            "${second_evic_millions} million, {second_emissions}) and ${third_investment_millions} million "
            "of {third_company} (EVIC ${third_evic_millions} million, {third_emissions}). Its carbon "
            "footprint is measured in metric tons of CO2-equivalent per $1 million invested. If the fund "
            "cuts the footprint by {annual_cut} a year, compounding, how many years will it take to reach "
            "{target_footprint} per $1 million? Treat the number of years as continuous and give it to two "
            "decimal places."
        ),
        steps=[
            step(
                "first_financed",
                "first_investment_millions / first_evic_millions * first_emissions",
                "Emissions financed in the first company",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "second_financed",
                "second_investment_millions / second_evic_millions * second_emissions",
                "Emissions financed in the second company",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "third_financed",
                "third_investment_millions / third_evic_millions * third_emissions",
                "Emissions financed in the third company",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "total_financed",
                "first_financed + second_financed + third_financed",
                "Total financed emissions",
                unit=Unit.TONS,
                decimals=4,
            ),
            step(
                "carbon_footprint",
                "total_financed / (first_investment_millions + second_investment_millions"
                " + third_investment_millions)",
                "Financed emissions per $1 million invested",
                unit=Unit.TONS,
                decimals=2,
            ),
            step(
                "years_to_target",
                "log(target_footprint / carbon_footprint) / log(1 - annual_cut)",
                "Years of compounding cuts to reach the target",
                unit=Unit.YEARS,
                decimals=2,
            ),
        ],
        answer=numeric("years_to_target"),
    )
