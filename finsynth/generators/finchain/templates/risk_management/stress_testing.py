"""Stress testing: losses and capital under severe but plausible shocks.

A stress test applies a named shock (a market crash, a jump in interest rates, a wave of
defaults) to today's positions and asks what is lost and how much capital is left; a reverse
stress test asks how large a shock would exhaust the capital above the regulatory minimum, and
how likely a shock that large is.
"""

from finsynth.generators.finchain.dsl import Template, company, money, number, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BASIS_POINTS_PER_UNIT = 10_000
"""A rate of 1 (100%) is 10,000 basis points."""


@template(difficulty="basic")
def equity_loss_under_a_market_crash() -> Template:
    """Single-factor equity stress: loss = V · β · |ΔM| for a market decline ΔM.

    Bands:
        portfolio_decline: 5% to 81%

    Relations:
        beta: 0.5 to 1.8 [stock_beta]
    """
    return Template(
        givens=[
            company("fund"),
            money("portfolio_value", 1_000_000, 500_000_000, step=100_000),
            number("beta", 0.5, 1.8, step=0.01),
            rate("market_decline", 10, 45, step=0.5, decimals=1),
        ],
        question=(
            "{fund} holds an equity portfolio worth {portfolio_value} with a beta of {beta} to the market. "
            "The stress scenario is a {market_decline} fall in the market index. Using beta to translate "
            "the market move into the portfolio's move, what loss does the scenario imply? Round to the "
            "nearest cent."
        ),
        steps=[
            step(
                "portfolio_decline",
                "beta * market_decline",
                "Fall in the portfolio's value",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step("stress_loss", "portfolio_value * portfolio_decline", "Loss in the scenario"),
        ],
        answer=numeric("stress_loss"),
    )


@template(difficulty="basic")
def extra_credit_loss_from_stressed_default_rates() -> Template:
    """Credit stress on EL = EAD · PD · LGD: the stress adds EAD · LGD · (PD_stress − PD_base).

    Bands:
        extra_loss / loan_exposure: 0% to 8%

    Relations:
        loss_given_default: 20% to 70% [loss_given_default]
    """
    return Template(
        givens=[
            company("bank"),
            money("loan_exposure", 10_000_000, 5_000_000_000, step=1_000_000),
            rate("baseline_default_rate", 0.5, 3, step=0.1, decimals=1),
            rate("stressed_default_rate", 3.5, 12, step=0.1, decimals=1),
            rate("loss_given_default", 20, 70, step=1, decimals=0),
        ],
        question=(
            "{bank} has {loan_exposure} of loans outstanding. The one-year default rate is "
            "{baseline_default_rate} in the baseline and {stressed_default_rate} in the adverse scenario, "
            "and the bank loses {loss_given_default} of the exposure on a defaulted loan. How much larger "
            "is the expected credit loss in the adverse scenario than in the baseline? Round to the nearest "
            "cent."
        ),
        steps=[
            step(
                "baseline_loss",
                "loan_exposure * baseline_default_rate * loss_given_default",
                "Expected loss in the baseline",
            ),
            step(
                "stressed_loss",
                "loan_exposure * stressed_default_rate * loss_given_default",
                "Expected loss in the adverse scenario",
            ),
            step("extra_loss", "stressed_loss - baseline_loss", "Extra loss from the stress"),
        ],
        answer=numeric("extra_loss"),
    )


@template(difficulty="intermediate")
def bond_loss_with_duration_and_convexity() -> Template:
    """Second-order price change for a parallel rate shock: ΔP / P ≈ −D_mod · Δy + ½ · C · Δy².

    Bands:
        convexity / modified_duration ** 2: 0.5 to 4
        stress_loss / bond_value: 0% to 50%

    Relations:
        convexity / modified_duration ** 2: 1 to 1.7 [bond_convexity_over_duration_squared]
    """
    return Template(
        givens=[
            company("insurer"),
            money("bond_value", 5_000_000, 500_000_000, step=100_000),
            number("modified_duration", 2, 15, step=0.1, decimals=1),
            number("convexity", 4, 250, step=0.1, decimals=1),
            number("rate_shock", 50, 400, step=25, decimals=0, unit=Unit.BASIS_POINTS),
        ],
        # An option-free bond's convexity is at least D_mod² and, for zero coupons, about D_mod² + D_mod.
        constraints=[
            "0.5 * modified_duration ** 2 <= convexity <= 1.5 * modified_duration ** 2 + 10",
            "convexity >= modified_duration ** 2",
            "convexity <= 1.2 * modified_duration ** 2 + modified_duration",
        ],
        question=(
            "{insurer} holds a bond portfolio worth {bond_value} with a modified duration of "
            "{modified_duration} and a convexity of {convexity}. The stress scenario shifts all yields up "
            "by {rate_shock}. Using the duration-convexity approximation, what loss does the portfolio "
            "suffer? Round to the nearest cent."
        ),
        steps=[
            step(
                "yield_change",
                f"rate_shock / {BASIS_POINTS_PER_UNIT}",
                "Yield change as a decimal",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "duration_effect",
                "-modified_duration * yield_change",
                "First-order (duration) price change",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "convexity_effect",
                "0.5 * convexity * yield_change ** 2",
                "Second-order (convexity) price change",
                unit=Unit.PERCENT,
                decimals=6,
            ),
            step(
                "stress_loss",
                "-(duration_effect + convexity_effect) * bond_value",
                "Loss on the portfolio",
            ),
        ],
        answer=numeric("stress_loss"),
    )


@template(difficulty="intermediate")
def post_stress_cet1_ratio() -> Template:
    """Post-stress CET1 ratio = (CET1 − EAD · PD · LGD − E · ΔE) / RWA, with RWA held constant.

    Bands:
        stressed_ratio: 1% to 16%

    Relations:
        loss_given_default: 20% to 60% [loss_given_default]
        cet1_capital / risk_weighted_assets: 3% to 25% [cet1_ratio]
    """
    return Template(
        givens=[
            company("bank"),
            money("cet1_capital", 500_000_000, 20_000_000_000, step=10_000_000),
            money("risk_weighted_assets", 5_000_000_000, 200_000_000_000, step=100_000_000),
            money("loan_book", 3_000_000_000, 150_000_000_000, step=100_000_000),
            rate("stressed_default_rate", 2, 10, step=0.1, decimals=1),
            rate("loss_given_default", 20, 60, step=1, decimals=0),
            money("equity_holdings", 100_000_000, 10_000_000_000, step=10_000_000),
            rate("equity_shock", 20, 50, step=1, decimals=0),
        ],
        constraints=[
            "cet1_capital >= 0.08 * risk_weighted_assets",
            "cet1_capital <= 0.16 * risk_weighted_assets",
            "loan_book <= risk_weighted_assets",
            "equity_holdings <= 0.1 * risk_weighted_assets",
            "cet1_capital > loan_book * stressed_default_rate * loss_given_default"
            " + equity_holdings * equity_shock",
        ],
        question=(
            "{bank} has CET1 capital of {cet1_capital} and risk-weighted assets of {risk_weighted_assets}. "
            "In the supervisory stress scenario {stressed_default_rate} of its {loan_book} loan book "
            "defaults with a loss given default of {loss_given_default}, and its {equity_holdings} of "
            "equity holdings fall by {equity_shock}. All losses come straight out of CET1 capital and "
            "risk-weighted assets do not change. What is the bank's CET1 ratio after the stress? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "credit_loss",
                "loan_book * stressed_default_rate * loss_given_default",
                "Credit losses in the scenario",
            ),
            step("market_loss", "equity_holdings * equity_shock", "Loss on equity holdings"),
            step(
                "stressed_capital",
                "cet1_capital - credit_loss - market_loss",
                "CET1 capital after the losses",
            ),
            step(
                "stressed_ratio",
                "stressed_capital / risk_weighted_assets",
                "CET1 ratio after the stress",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("stressed_ratio"),
    )


@template(difficulty="advanced")
def probability_of_staying_above_the_minimum_under_the_vasicek_model() -> Template:
    """Reverse stress test read through the one-factor (Vasicek) default model.

    Breaking default rate d* = (CET1 + PPNR − k · RWA) / (L · LGD); under the Basel one-factor model the
    horizon default rate DR satisfies P(DR ≤ d*) = N((√(1 − ρ) N⁻¹(d*) − N⁻¹(PD)) / √ρ).

    Bands:
        breaking_default_rate: 4% to 50%
        survival_probability: 50% to 99.99%

    Relations:
        loss_given_default: 20% to 60% [loss_given_default]
        cet1_capital / risk_weighted_assets: 3% to 25% [cet1_ratio]
    """
    breaking_rate = (
        "(cet1_capital + pre_provision_profit - minimum_ratio * risk_weighted_assets)"
        " / (loan_book * loss_given_default)"
    )
    threshold_score = (
        f"(sqrt(1 - asset_correlation) * normal_quantile({breaking_rate})"
        " - normal_quantile(average_default_probability)) / sqrt(asset_correlation)"
    )
    return Template(
        givens=[
            company("bank"),
            money("cet1_capital", 500_000_000, 20_000_000_000, step=10_000_000),
            money("risk_weighted_assets", 5_000_000_000, 200_000_000_000, step=100_000_000),
            rate("minimum_ratio", 4.5, 8, step=0.5, decimals=1),
            money("pre_provision_profit", 50_000_000, 5_000_000_000, step=5_000_000),
            money("loan_book", 3_000_000_000, 150_000_000_000, step=100_000_000),
            rate("loss_given_default", 20, 60, step=1, decimals=0),
            rate("average_default_probability", 0.5, 4, step=0.05),
            rate("asset_correlation", 12, 24, step=1, decimals=0),
        ],
        constraints=[
            "cet1_capital >= (minimum_ratio + 0.02) * risk_weighted_assets",
            "cet1_capital <= 0.16 * risk_weighted_assets",
            "pre_provision_profit <= 0.03 * risk_weighted_assets",
            "loan_book >= 0.4 * risk_weighted_assets",
            "loan_book <= 1.2 * risk_weighted_assets",
            f"{breaking_rate} <= 0.5",
            # The breaking scenario is severe but not beyond the tables: between the median and 1 in 10,000.
            f"{breaking_rate} >= 2 * average_default_probability",
            f"{threshold_score} <= 3.7",
        ],
        question=(
            "{bank} has CET1 capital of {cet1_capital}, risk-weighted assets of {risk_weighted_assets} and "
            "a minimum CET1 ratio of {minimum_ratio}. Over the stress horizon it expects pre-provision "
            "profit of {pre_provision_profit}, which absorbs losses before capital does. Its loan book is "
            "{loan_book} with a loss given default of {loss_given_default}, holding risk-weighted assets "
            "constant and ignoring taxes. The book's default rate over the horizon follows the Basel "
            "one-factor (Vasicek) model with an average default probability of {average_default_probability} "
            "and an asset correlation of {asset_correlation}. What is the probability that the default "
            "rate stays at or below the rate that would bring the CET1 ratio exactly down to the minimum? "
            "Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "required_capital",
                "minimum_ratio * risk_weighted_assets",
                "CET1 capital the minimum requires",
            ),
            step(
                "loss_capacity",
                "cet1_capital + pre_provision_profit - required_capital",
                "Losses the bank can absorb before breaching",
            ),
            step("loss_if_all_default", "loan_book * loss_given_default", "Loss if every loan defaulted"),
            step(
                "breaking_default_rate",
                "loss_capacity / loss_if_all_default",
                "Default rate that exhausts the capacity",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "threshold_score",
                "(sqrt(1 - asset_correlation) * normal_quantile(breaking_default_rate)"
                " - normal_quantile(average_default_probability)) / sqrt(asset_correlation)",
                "Systematic-factor level at which defaults reach the breaking rate",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "survival_probability",
                "normal_cdf(threshold_score)",
                "Probability the default rate stays at or below the breaking rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("survival_probability"),
    )
