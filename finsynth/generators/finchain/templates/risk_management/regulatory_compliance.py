"""Regulatory compliance: Basel III capital, leverage and liquidity ratios against their minimums.

A bank must hold enough CET1, Tier 1 and total capital against its risk-weighted assets, enough
Tier 1 capital against its total (unweighted) exposure, and enough high-quality liquid assets
to survive 30 days of stressed outflows; falling into the capital conservation buffer limits
what it may pay out, and so how fast retained earnings rebuild the buffer.
"""

from finsynth.generators.finchain.dsl import Template, company, money, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

PAYOUT_BY_BUFFER_QUARTILE = (0, 0.2, 0.4, 0.6)
"""Basel III: the share of earnings a bank may distribute when its CET1 ratio lies in the first,
second, third or fourth quartile of the conservation buffer (above the buffer: no limit)."""

FULL_PAYOUT = 1


def _payout_schedule() -> str:
    """The payout limit as a formula of the buffer headroom (quartile bounds inclusive at the top)."""
    first, second, third, fourth = PAYOUT_BY_BUFFER_QUARTILE
    return (
        f"{first} if buffer_headroom <= conservation_buffer / 4 else "
        f"({second} if buffer_headroom <= conservation_buffer / 2 else "
        f"({third} if buffer_headroom <= 3 * conservation_buffer / 4 else "
        f"({fourth} if buffer_headroom <= conservation_buffer else {FULL_PAYOUT})))"
    )


@template(difficulty="basic")
def cet1_capital_surplus_over_the_combined_requirement() -> Template:
    """CET1 surplus = CET1 − (minimum + conservation buffer + G-SIB surcharge) × RWA (negative: shortfall).

    Bands:
        cet1_capital / risk_weighted_assets: 5% to 18%

    Relations:
        cet1_capital / risk_weighted_assets: 3% to 25% [cet1_ratio]
    """
    return Template(
        givens=[
            company("bank"),
            money("cet1_capital", 200_000_000, 30_000_000_000, step=10_000_000),
            money("risk_weighted_assets", 5_000_000_000, 300_000_000_000, step=100_000_000),
            rate("minimum_ratio", 4.5, 4.5, step=0.5, decimals=1),
            rate("conservation_buffer", 2.5, 2.5, step=0.5, decimals=1),
            rate("gsib_surcharge", 0, 3.5, step=0.5, decimals=1),
        ],
        constraints=[
            "0.05 * risk_weighted_assets <= cet1_capital <= 0.18 * risk_weighted_assets",
            "cet1_capital >= 0.05 * risk_weighted_assets",
            "cet1_capital <= 0.14 * risk_weighted_assets",
        ],
        question=(
            "{bank} reports CET1 capital of {cet1_capital} and risk-weighted assets of "
            "{risk_weighted_assets}. Its CET1 requirement is the {minimum_ratio} minimum plus the "
            "{conservation_buffer} capital conservation buffer plus a G-SIB surcharge of {gsib_surcharge}. "
            "How much CET1 capital does it hold above the total requirement? (A negative answer is a "
            "shortfall the bank must raise.) Round to the nearest cent."
        ),
        steps=[
            step(
                "required_ratio",
                "minimum_ratio + conservation_buffer + gsib_surcharge",
                "Total CET1 requirement",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step("required_capital", "required_ratio * risk_weighted_assets", "CET1 capital required"),
            step("capital_surplus", "cet1_capital - required_capital", "Surplus over the requirement"),
        ],
        answer=numeric("capital_surplus"),
    )


@template(difficulty="basic")
def liquidity_coverage_ratio() -> Template:
    """LCR = HQLA / (outflows − min(inflows, cap · outflows)) over a 30-day stress period.

    Bands:
        coverage_ratio: 50% to 300%

    Relations:
        coverage_ratio: 50% to 300% [liquidity_coverage_ratio]
    """
    net_outflows = "(stressed_outflows - min(stressed_inflows, inflow_cap * stressed_outflows))"
    return Template(
        givens=[
            company("bank"),
            money("liquid_assets", 500_000_000, 60_000_000_000, step=10_000_000),
            money("stressed_outflows", 1_000_000_000, 60_000_000_000, step=10_000_000),
            money("stressed_inflows", 100_000_000, 50_000_000_000, step=10_000_000),
            rate("inflow_cap", 75, 75, step=5, decimals=0),
        ],
        constraints=[
            "stressed_inflows <= stressed_outflows",
            f"liquid_assets >= 0.5 * {net_outflows}",
            f"liquid_assets <= 3 * {net_outflows}",
        ],
        question=(
            "{bank} holds {liquid_assets} of high-quality liquid assets. Over a 30-day stress period it "
            "expects cash outflows of {stressed_outflows} and cash inflows of {stressed_inflows}; inflows "
            "count only up to {inflow_cap} of outflows. What is the bank's liquidity coverage ratio? Give "
            "the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "counted_inflows",
                "min(stressed_inflows, inflow_cap * stressed_outflows)",
                "Inflows after the cap",
            ),
            step("net_outflows", "stressed_outflows - counted_inflows", "Net cash outflows over 30 days"),
            step(
                "coverage_ratio",
                "liquid_assets / net_outflows",
                "Liquidity coverage ratio",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("coverage_ratio"),
    )


@template(difficulty="intermediate")
def total_capital_surplus_over_the_requirement_with_the_buffer() -> Template:
    """Capital surplus = (CET1 + AT1 + T2) − (8% + 2.5%) · Σ w_i · EAD_i under standardized risk weights.

    A negative surplus is the capital the bank must raise (or risk it must shed) to meet the total
    capital minimum plus the capital conservation buffer.

    Bands:
        total_capital / risk_weighted_assets: 6% to 20%

    Relations:
        total_capital / risk_weighted_assets: 6% to 20% [total_capital_ratio]
        cet1_capital / risk_weighted_assets: 3% to 20% [cet1_ratio]
    """
    risk_weighted_assets = (
        "mortgage_loans * mortgage_weight + retail_loans * retail_weight + corporate_loans * corporate_weight"
    )
    return Template(
        givens=[
            company("bank"),
            money("mortgage_loans", 1_000_000_000, 80_000_000_000, step=10_000_000),
            money("retail_loans", 500_000_000, 40_000_000_000, step=10_000_000),
            money("corporate_loans", 1_000_000_000, 90_000_000_000, step=10_000_000),
            rate("mortgage_weight", 35, 35, step=5, decimals=0),
            rate("retail_weight", 75, 75, step=5, decimals=0),
            rate("corporate_weight", 100, 100, step=5, decimals=0),
            money("cet1_capital", 200_000_000, 20_000_000_000, step=10_000_000),
            money("additional_tier1", 0, 3_000_000_000, step=10_000_000),
            money("tier2_capital", 0, 5_000_000_000, step=10_000_000),
            rate("minimum_total_ratio", 8, 8, step=1, decimals=1),
            rate("conservation_buffer", 2.5, 2.5, step=0.5, decimals=1),
        ],
        constraints=[
            f"cet1_capital + additional_tier1 + tier2_capital >= 0.06 * ({risk_weighted_assets})",
            f"cet1_capital + additional_tier1 + tier2_capital <= 0.2 * ({risk_weighted_assets})",
            "additional_tier1 + tier2_capital <= cet1_capital",
        ],
        question=(
            "{bank} has {mortgage_loans} of residential mortgages, {retail_loans} of retail loans and "
            "{corporate_loans} of unrated corporate loans, with standardized risk weights of "
            "{mortgage_weight}, {retail_weight} and {corporate_weight}. Its capital is {cet1_capital} of "
            "CET1, {additional_tier1} of Additional Tier 1 and {tier2_capital} of Tier 2. The total capital "
            "minimum is {minimum_total_ratio} of risk-weighted assets, plus a capital conservation buffer "
            "of {conservation_buffer}. By how much does its total capital exceed that requirement (a "
            "negative number if it falls short)? Round to the nearest cent."
        ),
        steps=[
            step(
                "risk_weighted_assets",
                risk_weighted_assets,
                "Risk-weighted assets",
            ),
            step(
                "total_capital",
                "cet1_capital + additional_tier1 + tier2_capital",
                "Total regulatory capital",
            ),
            step(
                "required_capital",
                "(minimum_total_ratio + conservation_buffer) * risk_weighted_assets",
                "Capital the minimum and the buffer require",
            ),
            step("capital_surplus", "total_capital - required_capital", "Surplus over the requirement"),
        ],
        answer=numeric("capital_surplus"),
    )


@template(difficulty="intermediate")
def leverage_ratio_surplus() -> Template:
    """Leverage ratio requirement: surplus = (CET1 + AT1) − k · (on-balance exposure + CCF · off-balance).

    Bands:
        tier1_capital / exposure_measure: 2% to 10%

    Relations:
        tier1_capital / exposure_measure: 2% to 8% [tier1_leverage_ratio]
    """
    return Template(
        givens=[
            company("bank"),
            money("cet1_capital", 200_000_000, 20_000_000_000, step=10_000_000),
            money("additional_tier1", 0, 3_000_000_000, step=10_000_000),
            money("on_balance_exposure", 10_000_000_000, 500_000_000_000, step=100_000_000),
            money("off_balance_commitments", 1_000_000_000, 100_000_000_000, step=100_000_000),
            rate("conversion_factor", 10, 50, step=5, decimals=0),
            rate("minimum_leverage", 3, 5, step=0.5, decimals=1),
        ],
        constraints=[
            # Tier 1 capital is 2–10% of the leverage exposure, as at real banks.
            "0.02 * (on_balance_exposure + conversion_factor * off_balance_commitments)"
            " <= cet1_capital + additional_tier1"
            " <= 0.1 * (on_balance_exposure + conversion_factor * off_balance_commitments)",
            "cet1_capital + additional_tier1 >= 0.02 * (on_balance_exposure + off_balance_commitments)",
            "cet1_capital + additional_tier1 <= 0.08 * on_balance_exposure",
            "additional_tier1 <= 0.5 * cet1_capital",
        ],
        question=(
            "{bank} has CET1 capital of {cet1_capital} and Additional Tier 1 capital of {additional_tier1}. "
            "Its on-balance-sheet exposures total {on_balance_exposure}, and it has "
            "{off_balance_commitments} of off-balance-sheet commitments, which count at a credit conversion "
            "factor of {conversion_factor}. The minimum leverage ratio is {minimum_leverage}. By how much "
            "does its Tier 1 capital exceed the amount the leverage requirement calls for? (A negative "
            "answer is a shortfall.) Round to the nearest cent."
        ),
        steps=[
            step("tier1_capital", "cet1_capital + additional_tier1", "Tier 1 capital"),
            step(
                "exposure_measure",
                "on_balance_exposure + conversion_factor * off_balance_commitments",
                "Leverage exposure measure",
            ),
            step("required_tier1", "minimum_leverage * exposure_measure", "Tier 1 capital required"),
            step("tier1_surplus", "tier1_capital - required_tier1", "Surplus over the requirement"),
        ],
        answer=numeric("tier1_surplus"),
    )


@template(difficulty="advanced")
def years_to_rebuild_the_conservation_buffer_at_the_permitted_payout() -> Template:
    """Rebuilding the CET1 ratio inside the conservation buffer from retained earnings.

    CET1 ratio c = (common equity − deductions) / RWA; its buffer quartile fixes the payout limit p (0%, 20%,
    40% or 60%). Capital grows by ROE · (1 − p) a year and RWA by g, so the ratio grows by
    (1 + ROE (1 − p)) / (1 + g) a year, and reaching minimum + buffer takes
    n = ln((minimum + buffer) / c) / ln((1 + ROE (1 − p)) / (1 + g)) years.

    Bands:
        cet1_ratio: 4.5% to 7%
        years_to_rebuild: 0 to 10

    Relations:
        cet1_ratio: 4.5% to 7% [cet1_ratio]
        return_on_cet1: 8% to 18% [bank_return_on_equity]
    """
    cet1_ratio = "(common_equity - regulatory_deductions) / risk_weighted_assets"
    boundaries = [f"{quarter} * conservation_buffer / 4" for quarter in (1, 2, 3, 4)]
    # Slowest growth the rule allows: the largest payout (60%) retains 40% of earnings.
    slowest_growth = "(1 + return_on_cet1 * 0.4) / (1 + rwa_growth)"
    return Template(
        givens=[
            company("bank"),
            money("common_equity", 1_000_000_000, 30_000_000_000, step=10_000_000),
            money("regulatory_deductions", 50_000_000, 3_000_000_000, step=10_000_000),
            money("risk_weighted_assets", 10_000_000_000, 300_000_000_000, step=100_000_000),
            rate("minimum_ratio", 4.5, 4.5, step=0.5, decimals=1),
            rate("conservation_buffer", 2.5, 2.5, step=0.5, decimals=1),
            rate("return_on_cet1", 8, 18, step=0.5, decimals=1),
            rate("rwa_growth", 0, 4, step=0.5, decimals=1),
        ],
        constraints=[
            "regulatory_deductions <= 0.2 * common_equity",
            f"{cet1_ratio} >= minimum_ratio + 0.0002",
            f"{cet1_ratio} <= minimum_ratio + conservation_buffer - 0.001",
            f"{slowest_growth} >= 1.005",
            f"log((minimum_ratio + conservation_buffer) / ({cet1_ratio})) <= 10 * log({slowest_growth})",
            # Keep the ratio clear of the quartile bounds, so the payout limit is not a knife-edge call.
            *(f"abs({cet1_ratio} - minimum_ratio - {bound}) >= 0.0001" for bound in boundaries),
        ],
        question=(
            "{bank} has common equity of {common_equity}, of which {regulatory_deductions} (goodwill and "
            "other intangibles) must be deducted to obtain CET1 capital, and risk-weighted assets of "
            "{risk_weighted_assets}. The CET1 minimum is {minimum_ratio} with a capital conservation buffer "
            "of {conservation_buffer} on top. If the CET1 ratio exceeds the minimum by no more than a "
            "quarter of the buffer the bank may pay out 0% of earnings; by more than one quarter up to one "
            "half, 20%; by more than one half up to three quarters, 40%; by more than three quarters up to "
            "the full buffer, 60%; above the buffer, 100%. The bank earns {return_on_cet1} a year on its "
            "CET1 capital, pays out the most its current position allows and keeps that payout ratio, and "
            "its risk-weighted assets grow {rwa_growth} a year. Compounding annually, how many years will it "
            "take for the CET1 ratio to reach the top of the buffer (the minimum plus the full buffer)? Give "
            "the answer in years to two decimal places (fractions of a year allowed)."
        ),
        steps=[
            step("cet1_capital", "common_equity - regulatory_deductions", "CET1 capital after deductions"),
            step(
                "cet1_ratio",
                "cet1_capital / risk_weighted_assets",
                "CET1 ratio",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "buffer_headroom",
                "cet1_ratio - minimum_ratio",
                "CET1 ratio above the minimum",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "payout_limit",
                _payout_schedule(),
                "Share of earnings that may be paid out",
                unit=Unit.PERCENT,
                decimals=0,
            ),
            step(
                "ratio_growth",
                "(1 + return_on_cet1 * (1 - payout_limit)) / (1 + rwa_growth)",
                "Yearly growth factor of the CET1 ratio",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "years_to_rebuild",
                "log((minimum_ratio + conservation_buffer) / cet1_ratio) / log(ratio_growth)",
                "Years for the ratio to reach the top of the buffer",
                unit=Unit.YEARS,
                decimals=2,
            ),
        ],
        answer=numeric("years_to_rebuild"),
    )
