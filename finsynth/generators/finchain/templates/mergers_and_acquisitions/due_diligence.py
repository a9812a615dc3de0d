"""Due diligence: the buyer's checks on a target's earnings, working capital, liabilities and customers.

The numbers a buyer's diligence team recomputes before signing: earnings normalized for one-off
items, the working-capital true-up against the agreed peg, expected costs of contingent
liabilities, customer concentration, and the equity price that results.
"""

from finsynth.generators.finchain.dsl import (
    Step,
    Template,
    categorical,
    company,
    count,
    money,
    number,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

LARGEST_CUSTOMER_LIMIT = 0.10
"""Share of revenue above which a single customer is a concentration risk (a common diligence screen)."""

TOP_THREE_LIMIT = 0.25
"""Share of revenue above which the three largest customers together are a concentration risk."""


def dollars(name: str, formula: str, description: str) -> Step:
    """Return a step rounded to whole dollars (deal amounts here are stated to the dollar)."""
    return step(name, formula, description, decimals=0)


@template(difficulty="basic")
def normalized_ebitda_after_quality_of_earnings_adjustments() -> Template:
    """Quality-of-earnings normalization of EBITDA.

    Adjusted EBITDA = reported EBITDA + non-recurring expenses − non-recurring gains.

    Bands:
        adjusted_ebitda / reported_ebitda: 80% to 120%

    Relations:
        (reported_ebitda + one_time_legal_costs + excess_owner_compensation - gain_on_asset_sale) /
            reported_ebitda: 80% to 120% [quality_of_earnings_adjustment]
    """
    return Template(
        givens=[
            company("target"),
            money("reported_ebitda", 2_000_000, 60_000_000, step=10_000, decimals=0),
            money("one_time_legal_costs", 50_000, 2_000_000, step=5_000, decimals=0),
            money("excess_owner_compensation", 25_000, 800_000, step=5_000, decimals=0),
            money("gain_on_asset_sale", 20_000, 3_000_000, step=5_000, decimals=0),
        ],
        constraints=[
            "one_time_legal_costs + excess_owner_compensation <= 0.2 * reported_ebitda",
            "gain_on_asset_sale <= 0.2 * reported_ebitda",
        ],
        question=(
            "During due diligence on {target}, the buyer's accountants review reported EBITDA of "
            "{reported_ebitda}. It was reduced by {one_time_legal_costs} of one-time litigation costs and by "
            "{excess_owner_compensation} of owner compensation above a market salary, both of which end at "
            "closing, and it was increased by a one-time {gain_on_asset_sale} gain on the sale of a "
            "building. What is the normalized (adjusted) EBITDA? Round to the nearest dollar."
        ),
        steps=[
            dollars(
                "add_backs",
                "one_time_legal_costs + excess_owner_compensation",
                "Non-recurring expenses added back",
            ),
            dollars(
                "adjusted_ebitda",
                "reported_ebitda + add_backs - gain_on_asset_sale",
                "Normalized EBITDA without one-off items",
            ),
        ],
        answer=numeric("adjusted_ebitda"),
    )


@template(difficulty="basic")
def working_capital_adjustment_to_the_purchase_price() -> Template:
    """Net working capital true-up of the purchase price.

    NWC = receivables + inventory − payables; adjusted price = headline price + (closing NWC − NWC peg).

    Bands:
        closing_nwc / nwc_peg: 70% to 130%

    Relations:
        (receivables + inventory - payables) / nwc_peg: 75% to 125% [balance_sheet_item_over_a_year]
    """
    return Template(
        givens=[
            company("target"),
            money("headline_price", 20_000_000, 500_000_000, step=100_000, decimals=0),
            money("receivables", 2_000_000, 20_000_000, step=10_000, decimals=0),
            money("inventory", 2_000_000, 20_000_000, step=10_000, decimals=0),
            money("payables", 1_000_000, 15_000_000, step=10_000, decimals=0),
            money("nwc_peg", 5_000_000, 30_000_000, step=10_000, decimals=0),
        ],
        constraints=[
            "0.7 * nwc_peg <= receivables + inventory - payables <= 1.3 * nwc_peg",
            "abs(receivables + inventory - payables - nwc_peg) <= 0.25 * nwc_peg",
            "nwc_peg <= 0.3 * headline_price",
            # Some adjustment: otherwise the answer is the stated headline price.
            "receivables + inventory - payables != nwc_peg",
        ],
        question=(
            "A buyer agrees to acquire {target} for a headline price of {headline_price}, adjusted "
            "dollar for dollar by how far the net working capital delivered at closing differs from a "
            "peg of {nwc_peg}. At closing the target has {receivables} of receivables, {inventory} of "
            "inventory and {payables} of payables (cash and debt are excluded). What is the adjusted "
            "purchase price? Round to the nearest dollar."
        ),
        steps=[
            dollars("closing_nwc", "receivables + inventory - payables", "Closing net working capital"),
            dollars("nwc_adjustment", "closing_nwc - nwc_peg", "Closing NWC less the peg"),
            dollars("adjusted_price", "headline_price + nwc_adjustment", "Adjusted purchase price"),
        ],
        answer=numeric("adjusted_price"),
    )


@template(difficulty="intermediate")
def valuation_net_of_expected_contingent_liabilities() -> Template:
    """Valuation net of the expected cost of contingent liabilities.

    E[L] = Σ p_i · L_i plus certain exposures; adjusted value = standalone value − E[L].

    Bands:
        expected_liabilities / standalone_value: 0% to 25%

    Relations:
        (lawsuit_claim * lawsuit_probability + remediation_cost * remediation_probability + tax_assessment)
            / standalone_value: 0% to 25% [known_liabilities_share_of_deal_value]
    """
    return Template(
        givens=[
            company("target"),
            money("standalone_value", 20_000_000, 800_000_000, step=100_000, decimals=0),
            money("lawsuit_claim", 500_000, 30_000_000, step=50_000, decimals=0),
            rate("lawsuit_probability", 5, 80, step=1, decimals=0),
            money("remediation_cost", 200_000, 15_000_000, step=50_000, decimals=0),
            rate("remediation_probability", 5, 90, step=1, decimals=0),
            money("tax_assessment", 100_000, 5_000_000, step=10_000, decimals=0),
        ],
        constraints=[
            # Expected liabilities are at most a quarter of the value.
            "lawsuit_claim * lawsuit_probability + remediation_cost * remediation_probability"
            " + tax_assessment <= 0.25 * standalone_value",
            "lawsuit_claim + remediation_cost + tax_assessment <= 0.5 * standalone_value",
        ],
        question=(
            "Diligence on {target}, valued at {standalone_value} before any findings, uncovers three "
            "exposures: a lawsuit claiming {lawsuit_claim} that counsel gives a {lawsuit_probability} "
            "chance of losing, site contamination that will cost {remediation_cost} to clean up with "
            "probability {remediation_probability}, and a {tax_assessment} tax assessment that is certain to "
            "be paid. Deducting the expected cost of all three, what is the adjusted valuation? Round to the "
            "nearest dollar."
        ),
        steps=[
            dollars("expected_lawsuit_loss", "lawsuit_claim * lawsuit_probability", "Expected lawsuit cost"),
            dollars(
                "expected_remediation",
                "remediation_cost * remediation_probability",
                "Expected clean-up cost",
            ),
            dollars(
                "expected_liabilities",
                "expected_lawsuit_loss + expected_remediation + tax_assessment",
                "Total expected contingent liabilities",
            ),
            dollars("adjusted_value", "standalone_value - expected_liabilities", "Value after findings"),
        ],
        answer=numeric("adjusted_value"),
    )


@template(difficulty="intermediate")
def customer_concentration_screen() -> Template:
    """Screen of revenue concentration in the largest customers.

    share_i = revenue_i / total revenue; flagged when the largest or the top-three share exceeds its limit.

    Bands:
        top_three_share: 2% to 60%

    Relations:
        (largest_customer + second_customer + third_customer) / total_revenue: 0% to 60%
            [customer_concentration]
    """
    return Template(
        givens=[
            company("target"),
            money("total_revenue", 50_000_000, 400_000_000, step=100_000, decimals=0),
            money("largest_customer", 2_000_000, 50_000_000, step=10_000, decimals=0),
            money("second_customer", 1_000_000, 40_000_000, step=10_000, decimals=0),
            money("third_customer", 500_000, 30_000_000, step=10_000, decimals=0),
        ],
        constraints=[
            "largest_customer >= second_customer",
            "second_customer >= third_customer",
            "largest_customer + second_customer + third_customer <= 0.6 * total_revenue",
        ],
        question=(
            "{target} reports annual revenue of {total_revenue}. Its three largest customers bought "
            "{largest_customer}, {second_customer} and {third_customer}. The buyer's diligence screen "
            "computes each share of revenue as a percentage to two decimal places and rates the target "
            "'high concentration' if the largest customer's share is above 10.00% or the three customers' "
            "combined share is above 25.00%; otherwise it rates it 'acceptable'. Which rating applies?"
        ),
        steps=[
            step(
                "largest_share",
                "largest_customer / total_revenue",
                "Largest customer's share of revenue",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
            dollars(
                "top_three_revenue",
                "largest_customer + second_customer + third_customer",
                "Revenue from the three largest customers",
            ),
            step(
                "top_three_share",
                "top_three_revenue / total_revenue",
                "Top-three share of revenue",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [
                (f"largest_share > {LARGEST_CUSTOMER_LIMIT}", "high concentration"),
                (f"top_three_share > {TOP_THREE_LIMIT}", "high concentration"),
            ],
            otherwise="acceptable",
        ),
    )


@template(difficulty="advanced")
def equity_purchase_price_net_of_a_settlement_paid_in_installments() -> Template:
    """Enterprise-to-equity bridge with a debt-like item found in diligence.

    EV = multiple × normalized EBITDA; settlement PV = Σ_{t=1..n} A / (1 + r)^t; equity price = EV − (debt −
    cash) − settlement PV.

    Bands:
        net_debt / adjusted_ebitda: -2 to 6
        settlement_value / enterprise_value: 0% to 15%
        equity_price / enterprise_value: 20% to 130%

    Relations:
        ev_multiple: 5 to 14 [ev_to_ebitda]
        (debt - cash) / reported_ebitda: -2 to 6 [net_debt_to_ebitda]
        (reported_ebitda + nonrecurring_expenses - nonrecurring_gains) / reported_ebitda: 80% to 120%
            [quality_of_earnings_adjustment]
    """
    return Template(
        givens=[
            company("target"),
            money("reported_ebitda", 5_000_000, 80_000_000, step=10_000, decimals=0),
            money("nonrecurring_expenses", 100_000, 5_000_000, step=5_000, decimals=0),
            money("nonrecurring_gains", 50_000, 4_000_000, step=5_000, decimals=0),
            number("ev_multiple", 5, 14, step=0.1, decimals=1, unit=Unit.TIMES),
            money("debt", 1_000_000, 250_000_000, step=100_000, decimals=0),
            money("cash", 500_000, 60_000_000, step=50_000, decimals=0),
            money("settlement_installment", 100_000, 8_000_000, step=10_000, decimals=0),
            count("installment_years", 3, 10, unit=Unit.YEARS),
            rate("discount_rate", 5, 10, step=0.25),
        ],
        constraints=[
            "nonrecurring_expenses + nonrecurring_gains <= 0.2 * reported_ebitda",
            "debt <= 6 * reported_ebitda",
            "cash <= 2 * reported_ebitda",
            "settlement_installment * installment_years <= 0.6 * reported_ebitda",
            "ev_multiple * (reported_ebitda + nonrecurring_expenses - nonrecurring_gains) - debt + cash"
            " - settlement_installment * installment_years >= 0.25 * ev_multiple * reported_ebitda",
        ],
        question=(
            "A buyer values {target} at {ev_multiple} normalized EBITDA. Reported EBITDA of "
            "{reported_ebitda} is stated after deducting {nonrecurring_expenses} of non-recurring expenses "
            "and includes {nonrecurring_gains} of non-recurring gains. At closing the target has {debt} of "
            "debt and {cash} of cash. Diligence also finds a lawsuit the target has settled for "
            "{settlement_installment} a year, paid at the end of each of the next {installment_years}; the "
            "buyer treats it as debt-like and deducts its present value at {discount_rate} a year. What "
            "equity purchase price does the buyer pay? Round to the nearest dollar."
        ),
        steps=[
            dollars(
                "adjusted_ebitda",
                "reported_ebitda + nonrecurring_expenses - nonrecurring_gains",
                "Normalized EBITDA",
            ),
            dollars("enterprise_value", "ev_multiple * adjusted_ebitda", "Enterprise value"),
            dollars("net_debt", "debt - cash", "Net debt"),
            dollars(
                "settlement_value",
                "sum(settlement_installment / (1 + discount_rate) ** year"
                " for year in range(1, installment_years + 1))",
                "Present value of the settlement installments",
            ),
            dollars(
                "equity_price",
                "enterprise_value - net_debt - settlement_value",
                "Equity purchase price",
            ),
        ],
        answer=numeric("equity_price"),
    )
