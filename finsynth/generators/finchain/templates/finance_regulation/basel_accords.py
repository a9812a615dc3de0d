"""Basel accords: bank capital ratios against risk-weighted assets, the leverage ratio, and IRB capital.

Basel III requires Common Equity Tier 1 (CET1), Tier 1 and total capital to be at least stated
shares of risk-weighted assets (RWA), plus a capital conservation buffer; Tier 1 capital as a share
of the total exposure measure (leverage ratio). Under the internal ratings-based (IRB) approach
a bank computes the capital for a portfolio from its probability of default and loss given
default with the Basel (Vasicek one-factor) formula. Every regulatory parameter a problem uses
is stated in its question.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    money,
    numeric,
    option,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

CREDIT_CONVERSION_FACTORS = {"10%": 0.1, "20%": 0.2, "40%": 0.4, "50%": 0.5, "100%": 1.0}
"""Credit conversion factors for off-balance-sheet commitments in the leverage exposure measure."""

RWA_PER_UNIT_OF_CAPITAL = 12.5
"""Risk-weighted assets per dollar of capital requirement (the reciprocal of the 8% minimum)."""


@template(difficulty="basic")
def cet1_ratio_against_minimum_plus_buffer() -> Template:
    """CET1 ratio = CET1 capital / RWA, compliant when at least the minimum plus the conservation buffer.

    Bands:
        cet1_ratio: 3% to 16%

    Relations:
        cet1_capital / risk_weighted_assets: 3% to 25% [cet1_ratio]
    """
    return Template(
        givens=[
            company("bank"),
            money("cet1_capital", 50_000_000, 4_000_000_000, step=1_000_000),
            money("risk_weighted_assets", 1_000_000_000, 40_000_000_000, step=10_000_000),
            rate("cet1_minimum", 4.5, 4.5),
            rate("conservation_buffer", 2.5, 2.5),
        ],
        constraints=[
            "cet1_capital / risk_weighted_assets >= 0.04",
            "cet1_capital / risk_weighted_assets <= 0.11",
        ],
        question=(
            "{bank} holds Common Equity Tier 1 capital of {cet1_capital} against risk-weighted assets of "
            "{risk_weighted_assets}. Its regulator requires a CET1 minimum of {cet1_minimum} plus a capital "
            "conservation buffer of {conservation_buffer}. Compute the CET1 ratio as a percentage to two "
            "decimal places, then classify the bank as 'compliant' if the ratio is at least the minimum plus "
            "the buffer, otherwise 'not compliant'."
        ),
        steps=[
            step(
                "cet1_ratio",
                "cet1_capital / risk_weighted_assets",
                "CET1 ratio",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "required_ratio",
                "cet1_minimum + conservation_buffer",
                "Required CET1 ratio including the buffer",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=categorical([("cet1_ratio >= required_ratio", "compliant")], otherwise="not compliant"),
    )


@template(difficulty="basic")
def leverage_ratio_with_off_balance_sheet_exposures() -> Template:
    """Basel III leverage ratio = Tier 1 capital / (on-balance-sheet + derivatives + CCF × commitments).

    Bands:
        leverage_ratio: 2% to 12%

    Relations:
        leverage_ratio: 2% to 12% [bank_leverage_ratio]
        conversion_factor: 10% to 100% [credit_conversion_factor]
    """
    return Template(
        givens=[
            company("bank"),
            money("tier1_capital", 100_000_000, 12_000_000_000, step=1_000_000),
            money("on_balance_sheet_exposures", 5_000_000_000, 200_000_000_000, step=100_000_000),
            money("derivative_exposures", 0, 20_000_000_000, step=10_000_000),
            money("undrawn_commitments", 0, 40_000_000_000, step=10_000_000),
            option("conversion_factor", CREDIT_CONVERSION_FACTORS),
        ],
        constraints=[
            "tier1_capital / (on_balance_sheet_exposures + derivative_exposures"
            " + undrawn_commitments * conversion_factor) >= 0.02",
            "tier1_capital / on_balance_sheet_exposures <= 0.12",
        ],
        question=(
            "{bank} has Tier 1 capital of {tier1_capital}. Its leverage exposure measure includes "
            "{on_balance_sheet_exposures} of on-balance-sheet exposures, {derivative_exposures} of "
            "derivative exposures, and {undrawn_commitments} of undrawn commitments that carry a credit "
            "conversion factor of {conversion_factor}. What is the bank's Basel III leverage ratio? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "total_exposure",
                "on_balance_sheet_exposures + derivative_exposures + undrawn_commitments * conversion_factor",
                "Total leverage exposure measure",
            ),
            step(
                "leverage_ratio",
                "tier1_capital / total_exposure",
                "Leverage ratio",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("leverage_ratio"),
    )


@template(difficulty="intermediate")
def total_capital_ratio_from_risk_weighted_assets() -> Template:
    """Total capital ratio = (Tier 1 + Tier 2) / Σ exposure × risk weight (standardized approach).

    Bands:
        total_capital_ratio: 4% to 22%

    Relations:
        total_capital_ratio: 5% to 20% [total_capital_ratio]
        tier2_capital <= tier1_capital [tier2_capital_limit]
    """
    return Template(
        givens=[
            company("bank"),
            money("treasury_holdings", 0, 20_000_000_000, step=10_000_000),
            rate("treasury_weight", 0, 0),
            money("bank_claims", 0, 8_000_000_000, step=10_000_000),
            rate("bank_weight", 20, 20),
            money("residential_mortgages", 500_000_000, 30_000_000_000, step=10_000_000),
            rate("mortgage_weight", 50, 50),
            money("corporate_loans", 500_000_000, 40_000_000_000, step=10_000_000),
            rate("corporate_weight", 100, 100),
            money("tier1_capital", 50_000_000, 6_000_000_000, step=1_000_000),
            money("tier2_capital", 0, 2_000_000_000, step=1_000_000),
        ],
        constraints=[
            "tier2_capital <= tier1_capital",
            "(tier1_capital + tier2_capital) / (0.2 * bank_claims + 0.5 * residential_mortgages"
            " + corporate_loans) >= 0.05",
            "(tier1_capital + tier2_capital) / (0.2 * bank_claims + 0.5 * residential_mortgages"
            " + corporate_loans) <= 0.2",
        ],
        question=(
            "Under the standardized approach, {bank} assigns risk weights of {treasury_weight} to its "
            "{treasury_holdings} of U.S. Treasury securities, {bank_weight} to {bank_claims} of claims on "
            "other banks, {mortgage_weight} to {residential_mortgages} of residential mortgages, and "
            "{corporate_weight} to {corporate_loans} of corporate loans. It holds Tier 1 capital of "
            "{tier1_capital} and Tier 2 capital of {tier2_capital}. What is its total capital ratio? Give "
            "the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "risk_weighted_assets",
                "treasury_holdings * treasury_weight + bank_claims * bank_weight"
                " + residential_mortgages * mortgage_weight + corporate_loans * corporate_weight",
                "Risk-weighted assets",
            ),
            step("total_capital", "tier1_capital + tier2_capital", "Total regulatory capital"),
            step(
                "total_capital_ratio",
                "total_capital / risk_weighted_assets",
                "Total capital ratio",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("total_capital_ratio"),
    )


@template(difficulty="intermediate")
def cet1_after_deductions_against_the_buffer() -> Template:
    """CET1 ratio after deductions, tested against the minimum and the minimum plus the buffer.

    CET1 = common stock + retained earnings + AOCI − goodwill − other intangibles; ratio = CET1 / RWA.

    Bands:
        cet1_ratio: 3% to 16%
        (goodwill + other_intangibles) / common_equity: 0% to 40%

    Relations:
        (goodwill + other_intangibles) / common_equity: 0% to 40% [bank_intangibles_to_equity]
        cet1_capital / risk_weighted_assets: 3% to 11% [cet1_ratio]
    """
    return Template(
        givens=[
            company("bank"),
            money("common_stock_and_surplus", 100_000_000, 3_000_000_000, step=1_000_000),
            money("retained_earnings", 50_000_000, 3_000_000_000, step=1_000_000),
            money("accumulated_oci", 0, 300_000_000, step=1_000_000),
            money("goodwill", 0, 800_000_000, step=1_000_000),
            money("other_intangibles", 0, 300_000_000, step=1_000_000),
            money("risk_weighted_assets", 2_000_000_000, 60_000_000_000, step=10_000_000),
            rate("cet1_minimum", 4.5, 4.5),
            rate("conservation_buffer", 2.5, 2.5),
        ],
        constraints=[
            "goodwill + other_intangibles"
            " <= 0.4 * (common_stock_and_surplus + retained_earnings + accumulated_oci)",
            "(common_stock_and_surplus + retained_earnings + accumulated_oci - goodwill - other_intangibles)"
            " / risk_weighted_assets >= 0.03",
            "(common_stock_and_surplus + retained_earnings + accumulated_oci - goodwill - other_intangibles)"
            " / risk_weighted_assets <= 0.11",
        ],
        question=(
            "{bank} reports common stock and surplus of {common_stock_and_surplus}, retained earnings of "
            "{retained_earnings}, and accumulated other comprehensive income of {accumulated_oci}. It "
            "carries goodwill of {goodwill} and other intangible assets of {other_intangibles}, both "
            "deducted in full from CET1 capital. Risk-weighted assets are {risk_weighted_assets}. The CET1 "
            "minimum is {cet1_minimum} and the capital conservation buffer is {conservation_buffer}. Compute "
            "the CET1 ratio as a percentage to two decimal places and classify the bank: 'meets buffer' if "
            "the ratio is at least the minimum plus the buffer, 'buffer breached' if it is at least the "
            "minimum but below that, and 'below minimum' otherwise."
        ),
        steps=[
            step(
                "common_equity",
                "common_stock_and_surplus + retained_earnings + accumulated_oci",
                "Common equity before deductions",
            ),
            step(
                "cet1_capital",
                "common_equity - goodwill - other_intangibles",
                "CET1 capital after deductions",
            ),
            step(
                "cet1_ratio",
                "cet1_capital / risk_weighted_assets",
                "CET1 ratio",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "buffer_requirement",
                "cet1_minimum + conservation_buffer",
                "Minimum plus conservation buffer",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=categorical(
            [
                ("cet1_ratio >= buffer_requirement", "meets buffer"),
                ("cet1_ratio >= cet1_minimum", "buffer breached"),
            ],
            otherwise="below minimum",
        ),
    )


@template(difficulty="advanced")
def irb_risk_weighted_assets_of_a_residential_mortgage_portfolio() -> Template:
    """Basel IRB risk-weighted assets of residential mortgages (asset correlation R = 15%).

    K = LGD · [N((G(PD) + √R · G(0.999)) / √(1 − R)) − PD], RWA = 12.5 · K · EAD, with N the
    standard normal distribution and G its inverse.

    Bands:
        risk_weighted_assets / exposure_at_default: 3% to 160%
        conditional_default_rate / probability_of_default: 3 to 20

    Relations:
        loss_given_default: 10% to 45% [loss_given_default]
    """
    return Template(
        givens=[
            company("bank"),
            money("exposure_at_default", 50_000_000, 2_000_000_000, step=1_000_000),
            rate("probability_of_default", 0.2, 5, step=0.05),
            rate("loss_given_default", 10, 45, step=0.5),
            rate("asset_correlation", 15, 15),
            rate("confidence_level", 99.9, 99.9, step=0.1, decimals=1),
        ],
        question=(
            "{bank} uses the advanced internal ratings-based (IRB) approach for a residential mortgage "
            "portfolio with an exposure at default of {exposure_at_default}, a one-year probability of "
            "default of {probability_of_default} and a loss given default of {loss_given_default}. Basel "
            "sets the asset correlation for residential mortgages at {asset_correlation} and the "
            "confidence level at {confidence_level}. The capital requirement per dollar of exposure is "
            "LGD × [N((G(PD) + √R × G(confidence)) / √(1 − R)) − PD], where N is the standard normal "
            "distribution, G its inverse and R the asset correlation, and risk-weighted assets are "
            f"{RWA_PER_UNIT_OF_CAPITAL} times the capital requirement. What are the portfolio's "
            "risk-weighted assets? Round to the nearest cent."
        ),
        steps=[
            step(
                "default_threshold",
                "normal_quantile(probability_of_default)",
                "Standard normal quantile of the probability of default",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "stress_quantile",
                "normal_quantile(confidence_level)",
                "Standard normal quantile of the confidence level",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "conditional_default_rate",
                "normal_cdf((default_threshold + sqrt(asset_correlation) * stress_quantile)"
                " / sqrt(1 - asset_correlation))",
                "Default rate in the stressed (99.9th percentile) year",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "capital_requirement",
                "loss_given_default * (conditional_default_rate - probability_of_default)",
                "Capital requirement per dollar of exposure (unexpected loss)",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "risk_weighted_assets",
                f"{RWA_PER_UNIT_OF_CAPITAL} * capital_requirement * exposure_at_default",
                "Risk-weighted assets",
            ),
        ],
        answer=numeric("risk_weighted_assets"),
    )
