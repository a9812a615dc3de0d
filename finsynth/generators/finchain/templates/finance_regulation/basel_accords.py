"""Basel accords: bank capital ratios against risk-weighted assets, the leverage ratio, and the LCR.

Basel III requires Common Equity Tier 1 (CET1), Tier 1 and total capital to be at least stated
shares of risk-weighted assets (RWA), plus a capital conservation buffer; Tier 1 capital as a share
of the total exposure measure (leverage ratio); and high-quality liquid assets (HQLA) covering
30 days of net cash outflows (liquidity coverage ratio). Every regulatory parameter a problem
uses is stated in its question.
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


@template(difficulty="basic")
def cet1_ratio_against_minimum_plus_buffer() -> Template:
    """CET1 ratio = CET1 capital / RWA, compliant when at least the minimum plus the conservation buffer.

    Bands:
        cet1_ratio: 3% to 16%
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
        leverage_ratio: 1% to 12%
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
            "tier1_capital / (on_balance_sheet_exposures + derivative_exposures) >= 0.02",
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


_LEVEL2_AFTER_HAIRCUTS = "level2a_assets * (1 - level2a_haircut) + level2b_assets * (1 - level2b_haircut)"
_NET_OUTFLOWS = "cash_outflows - min(cash_inflows, inflow_cap * cash_outflows)"
_DRAWN_LCR = f"(level1_assets + {_LEVEL2_AFTER_HAIRCUTS}) / ({_NET_OUTFLOWS})"
"""Constraint helpers: keep the drawn LCR near 100% so both labels occur."""


@template(difficulty="advanced")
def liquidity_coverage_ratio_test() -> Template:
    """Liquidity coverage ratio LCR = HQLA / (outflows − min(inflows, cap × outflows)), tested against 100%.

    HQLA = Level 1 + Level 2A × (1 − 2A haircut) + Level 2B × (1 − 2B haircut).

    Bands:
        liquidity_coverage_ratio: 60% to 200%
    """
    return Template(
        givens=[
            company("bank"),
            money("level1_assets", 500_000_000, 40_000_000_000, step=10_000_000),
            money("level2a_assets", 0, 10_000_000_000, step=10_000_000),
            rate("level2a_haircut", 15, 15),
            money("level2b_assets", 0, 3_000_000_000, step=10_000_000),
            rate("level2b_haircut", 50, 50),
            money("cash_outflows", 1_000_000_000, 50_000_000_000, step=10_000_000),
            money("cash_inflows", 100_000_000, 50_000_000_000, step=10_000_000),
            rate("inflow_cap", 75, 75),
            rate("lcr_minimum", 100, 100),
        ],
        constraints=[
            "cash_inflows <= cash_outflows",
            "cash_inflows >= 0.1 * cash_outflows",
            # The Level 2 composition caps (40% of HQLA, 15% for Level 2B) never bind.
            f"{_LEVEL2_AFTER_HAIRCUTS} <= 2 * level1_assets / 3",
            f"level2b_assets * (1 - level2b_haircut) <= 0.15 * (level1_assets + {_LEVEL2_AFTER_HAIRCUTS})",
            f"{_DRAWN_LCR} >= 0.6",
            f"{_DRAWN_LCR} <= 1.6",
        ],
        question=(
            "{bank} holds {level1_assets} of Level 1 assets, {level2a_assets} of Level 2A assets, and "
            "{level2b_assets} of Level 2B assets. Level 2A assets take a {level2a_haircut} haircut and Level "
            "2B assets a {level2b_haircut} haircut; the composition caps on Level 2 assets do not bind. Over "
            "a 30-day stress period it expects total cash outflows of {cash_outflows} and total cash inflows "
            "of {cash_inflows}, with recognized inflows capped at {inflow_cap} of outflows. Compute the "
            "liquidity coverage ratio as a percentage to two decimal places, then classify the bank as "
            "'compliant' if it is at least {lcr_minimum}, otherwise 'not compliant'."
        ),
        steps=[
            step(
                "level2a_after_haircut",
                "level2a_assets * (1 - level2a_haircut)",
                "Level 2A after its haircut",
            ),
            step(
                "level2b_after_haircut",
                "level2b_assets * (1 - level2b_haircut)",
                "Level 2B after its haircut",
            ),
            step(
                "hqla",
                "level1_assets + level2a_after_haircut + level2b_after_haircut",
                "Stock of high-quality liquid assets",
            ),
            step(
                "recognized_inflows",
                "min(cash_inflows, inflow_cap * cash_outflows)",
                "Inflows recognized after the cap",
            ),
            step("net_cash_outflows", "cash_outflows - recognized_inflows", "Net cash outflows over 30 days"),
            step(
                "liquidity_coverage_ratio",
                "hqla / net_cash_outflows",
                "Liquidity coverage ratio",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [("liquidity_coverage_ratio >= lcr_minimum", "compliant")], otherwise="not compliant"
        ),
    )
