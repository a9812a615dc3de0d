"""Social impact investing: capital placed for measurable social outcomes as well as a financial return.

The templates cover the return cost of an impact allocation, the social return on investment (SROI)
ratio used in impact reports, pay-for-success (social impact bond) economics, and the first-loss
structures of blended finance.
"""

from finsynth.generators.finchain.dsl import Template, company, count, money, numeric, person, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def blended_return_with_an_impact_allocation() -> Template:
    """Weighted portfolio return: R_p = w · R_impact + (1 − w) · R_market.

    Bands:
        portfolio_return: 2% to 12%

    Relations:
        market_return: 4% to 10% [long_run_portfolio_return]
        impact_return <= market_return [concessionary_impact_return]
    """
    return Template(
        givens=[
            person("investor"),
            rate("impact_weight", 5, 40, step=0.5),
            rate("impact_return", 0, 6, step=0.05),
            rate("market_return", 4, 10, step=0.05),
        ],
        constraints=[
            "impact_return <= market_return",
        ],
        question=(
            "{investor} places {impact_weight} of a portfolio in impact investments expected to return "
            "{impact_return} a year and the rest in a diversified market portfolio expected to return "
            "{market_return} a year. What is the expected annual return of the whole portfolio? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "impact_contribution",
                "impact_weight * impact_return",
                "Return contributed by the impact sleeve",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "market_contribution",
                "(1 - impact_weight) * market_return",
                "Return contributed by the market sleeve",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "portfolio_return",
                "impact_contribution + market_contribution",
                "Expected portfolio return",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("portfolio_return"),
    )


@template(difficulty="basic")
def social_return_on_investment_ratio() -> Template:
    """Undiscounted SROI ratio = (number of outcomes × value per outcome) / amount invested.

    Bands:
        sroi_ratio: 0.5 to 15

    Relations:
        sroi_ratio: 0.5 to 15 [sroi_ratio]
    """
    return Template(
        givens=[
            company("fund"),
            money("investment", 100_000, 5_000_000, step=5_000),
            count("placements", 50, 5_000),
            money("value_per_placement", 500, 50_000, step=50),
        ],
        constraints=[
            "placements * value_per_placement >= 0.5 * investment",
            "placements * value_per_placement <= 15 * investment",
        ],
        question=(
            "{fund} invests {investment} in a job-training program that places {placements} people in steady "
            "jobs. Public agencies value each placement at {value_per_placement} in avoided benefit payments "
            "and added tax revenue. What is the program's social return on investment, the social value "
            "created per dollar invested? Give the ratio to two decimal places."
        ),
        steps=[
            step("social_value", "placements * value_per_placement", "Total social value created"),
            step(
                "sroi_ratio",
                "social_value / investment",
                "Social value per dollar invested",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("sroi_ratio"),
    )


@template(difficulty="intermediate")
def discounted_sroi_with_deadweight_and_attribution() -> Template:
    """Discounted SROI = PV(net impact) / investment.

    Net annual impact = gross outcome value × (1 − deadweight) × (1 − attribution); the present value uses
    the annuity factor (1 − (1 + r)^−n) / r.

    Bands:
        sroi_ratio: 0.3 to 8

    Relations:
        discount_rate: 2% to 8% [social_discount_rate]
        sroi_ratio: 0.3 to 65 [sroi_ratio]
    """
    return Template(
        givens=[
            company("charity"),
            money("investment", 200_000, 5_000_000, step=10_000),
            money("gross_outcome_value", 50_000, 2_000_000, step=5_000),
            rate("deadweight", 5, 50, step=1),
            rate("attribution", 5, 40, step=1),
            rate("discount_rate", 2, 8, step=0.1),
            count("years", 3, 10, unit=Unit.YEARS),
        ],
        constraints=[
            "gross_outcome_value * (1 - deadweight) * (1 - attribution)"
            " * (1 - (1 + discount_rate) ** -years) / discount_rate >= 0.3 * investment",
            "gross_outcome_value * years >= 0.5 * investment",
            "gross_outcome_value * years <= 12 * investment",
        ],
        question=(
            "{charity} spends {investment} on a youth mentoring program. Its evaluation values the outcomes "
            "at {gross_outcome_value} a year for {years}, received at each year's end. It estimates that "
            "{deadweight} of the outcomes would have happened anyway (deadweight) and that {attribution} of "
            "what remains is due to other organizations (attribution). Discounting at {discount_rate} a "
            "year, what is the program's social return on investment (present value of the net impact per "
            "dollar invested)? Give the ratio to two decimal places."
        ),
        steps=[
            step(
                "net_annual_impact",
                "gross_outcome_value * (1 - deadweight) * (1 - attribution)",
                "Yearly impact after deadweight and attribution",
            ),
            step(
                "annuity_factor",
                "(1 - (1 + discount_rate) ** -years) / discount_rate",
                "Present value of 1 dollar a year",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "impact_present_value",
                "net_annual_impact * annuity_factor",
                "Present value of the net impact",
            ),
            step(
                "sroi_ratio",
                "impact_present_value / investment",
                "Present value of impact per dollar invested",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("sroi_ratio"),
    )


@template(difficulty="intermediate")
def expected_return_on_a_social_impact_bond() -> Template:
    """Social impact bond: E = p · I(1 + s) + (1 − p) · I · ρ, annualized as (E / I)^(1/n) − 1.

    Bands:
        annualized_return: -15% to 20%

    Relations:
        (1 + success_premium) ** (1 / years) - 1: 2% to 20% [social_impact_bond_success_return]
    """
    return Template(
        givens=[
            person("investor"),
            money("investment", 1_000_000, 20_000_000, step=50_000),
            rate("success_premium", 15, 80, step=0.5),
            rate("success_probability", 50, 95, step=1),
            rate("recovery_rate", 0, 60, step=1),
            count("years", 3, 7, unit=Unit.YEARS),
        ],
        constraints=[
            "(1 + success_premium) ** (1 / years) >= 1.02",
            "(1 + success_premium) ** (1 / years) <= 1.2",
        ],
        question=(
            "{investor} funds a social impact bond with {investment}. If the program meets its reoffending "
            "target, the city repays the capital plus a success payment of {success_premium} of it at the "
            "end of {years}; if it misses, the city returns only {recovery_rate} of the capital then. "
            "{investor} puts the chance of success at {success_probability}. What annual return does the "
            "expected payoff represent? (A negative answer means an expected loss.) Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step("success_payoff", "investment * (1 + success_premium)", "Payoff if the target is met"),
            step("failure_payoff", "investment * recovery_rate", "Payoff if the target is missed"),
            step(
                "expected_payoff",
                "success_probability * success_payoff + (1 - success_probability) * failure_payoff",
                "Probability-weighted payoff",
            ),
            step(
                "annualized_return",
                "(expected_payoff / investment) ** (1 / years) - 1",
                "Annual return on the expected payoff",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("annualized_return"),
    )


@template(difficulty="advanced")
def probability_of_a_senior_loss_in_a_first_loss_blended_fund() -> Template:
    """Chance that credit losses break through a first-loss tranche and the senior's interest.

    With first-loss share f and portfolio yield y (both per dollar of fund), the senior tranche's return
    (S · y − max(L − f, 0)) / S with S = 1 − f is negative exactly when the loss rate L exceeds
    f + (1 − f) · y; with L ~ N(μ, σ), P = 1 − N((f + (1 − f) · y − μ) / σ).

    Bands:
        breakeven_loss_rate: 8% to 35%
        senior_loss_probability: 0.04% to 16%

    Relations:
        first_loss_share: 5% to 25% [first_loss_share]
        expected_loss_rate < portfolio_yield [loan_yield_covers_expected_loss]
    """
    breakeven = "first_loss_share + (1 - first_loss_share) * portfolio_yield"
    return Template(
        givens=[
            company("foundation"),
            rate("first_loss_share", 5, 25, step=0.5),
            rate("portfolio_yield", 4, 12, step=0.05),
            rate("expected_loss_rate", 1, 8, step=0.1, decimals=1),
            rate("loss_volatility", 1, 6, step=0.1, decimals=1),
        ],
        constraints=[
            "expected_loss_rate < portfolio_yield",
            # Severe but not unheard of: between one and about 3.4 standard deviations of cover.
            f"{breakeven} >= expected_loss_rate + loss_volatility",
            f"{breakeven} <= expected_loss_rate + 3.35 * loss_volatility",
        ],
        question=(
            "A blended-finance fund lends to small businesses in emerging markets. {foundation} supplies "
            "{first_loss_share} of the capital as a first-loss tranche that absorbs credit losses before "
            "anyone else; commercial investors supply the rest as the senior tranche. This year the loans "
            "earn interest equal to {portfolio_yield} of the fund, shared in proportion to capital, and "
            "losses beyond the first-loss tranche fall on the senior tranche. The year's credit losses, as "
            "a share of the fund, are modelled as normally distributed with a mean of {expected_loss_rate} "
            "and a standard deviation of {loss_volatility}. What is the probability that the senior "
            "tranche's return for the year is negative? Give the answer as a percentage to two decimal "
            "places."
        ),
        steps=[
            step(
                "senior_share",
                "1 - first_loss_share",
                "Senior capital per dollar of fund",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "senior_interest",
                "senior_share * portfolio_yield",
                "Senior tranche's interest per dollar of fund",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "breakeven_loss_rate",
                "first_loss_share + senior_interest",
                "Loss rate that uses up the first-loss tranche and the senior's interest",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "standardized_cover",
                "(breakeven_loss_rate - expected_loss_rate) / loss_volatility",
                "Standard deviations of cover above the expected loss",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "senior_loss_probability",
                "1 - normal_cdf(standardized_cover)",
                "Probability the loss rate exceeds the breakeven",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("senior_loss_probability"),
    )
