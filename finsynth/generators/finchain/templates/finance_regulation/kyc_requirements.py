"""Know-your-customer (KYC) requirements: beneficial ownership, customer risk rating, and refresh work.

Under the U.S. customer due diligence (CDD) rule a bank identifies every individual who owns,
directly or indirectly, 25% or more of a legal-entity customer; indirect stakes multiply along
the ownership chain. Customers get a risk rating from weighted risk factors, and higher-risk
customers have their KYC files refreshed more often.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    option,
    person,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

PEP_STATUS = {"is": 1, "is not": 0}
"""Whether the customer is a politically exposed person → 1 or 0 in the score."""


@template(difficulty="basic")
def indirect_ownership_through_a_holding_company() -> Template:
    """Effective ownership = direct stake + stake in the holding company × holding company's stake.

    Bands:
        direct_stake + holding_company_stake: 5% to 100%
        effective_ownership: 0% to 100%

    Relations:
        direct_stake + holding_company_stake <= 1
            and stake_in_holding_company <= 1 [beneficial_ownership_threshold]
    """
    return Template(
        givens=[
            person("owner"),
            company("customer"),
            rate("direct_stake", 0, 30, step=0.5),
            rate("stake_in_holding_company", 5, 100, step=0.5),
            rate("holding_company_stake", 5, 80, step=0.5),
        ],
        constraints=[
            "direct_stake + holding_company_stake <= 1",
            "direct_stake + holding_company_stake <= 1",
        ],
        question=(
            "{owner} owns {direct_stake} of {customer} directly and {stake_in_holding_company} of a holding "
            "company that in turn owns {holding_company_stake} of {customer}. For customer due diligence, "
            "what is {owner}'s total effective ownership of {customer}? Give the answer as a percentage to "
            "two decimal places."
        ),
        steps=[
            step(
                "indirect_stake",
                "stake_in_holding_company * holding_company_stake",
                "Stake held through the holding company",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "effective_ownership",
                "direct_stake + indirect_stake",
                "Total effective ownership",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("effective_ownership"),
    )


@template(difficulty="basic")
def onboarding_approval_rate_with_manual_review() -> Template:
    """Approval rate = (auto-verified + manual pass rate × (applications − auto-verified)) / applications.

    Bands:
        approval_rate: 30% to 100%

    Relations:
        auto_verified / applications: 20% to 90% [automated_identity_verification_rate]
    """
    return Template(
        givens=[
            company("bank"),
            count("applications", 500, 100_000),
            count("auto_verified", 100, 90_000),
            rate("manual_pass_rate", 20, 95, step=0.5),
        ],
        constraints=["auto_verified <= 0.9 * applications", "auto_verified >= 0.2 * applications"],
        question=(
            "{bank} received {applications} account applications last month. Its electronic identity checks "
            "verified {auto_verified} of them automatically; the rest went to manual document review, which "
            "approved {manual_pass_rate} of them. What share of all applications was approved? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "manual_reviews",
                "applications - auto_verified",
                "Applications sent to manual review",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "manually_approved",
                "manual_reviews * manual_pass_rate",
                "Applications approved on manual review",
                unit=Unit.NONE,
                decimals=2,
            ),
            step(
                "approval_rate",
                "(auto_verified + manually_approved) / applications",
                "Overall approval rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("approval_rate"),
    )


@template(difficulty="intermediate")
def customer_risk_rating_from_weighted_factors() -> Template:
    """Risk score = Σ weight × factor score + PEP add-on, banded into low / medium / high risk.

    Bands:
        risk_score: 1 to 6.5

    Relations:
        min(geography_weight, product_weight, business_weight) >= 0.2 [customer_risk_rating_factors]
    """
    return Template(
        givens=[
            company("customer"),
            count("geography_score", 1, 5),
            count("product_score", 1, 5),
            count("business_score", 1, 5),
            rate("geography_weight", 20, 50, step=5),
            rate("product_weight", 20, 40, step=5),
            derived("business_weight", "1 - geography_weight - product_weight", unit=Unit.PERCENT),
            option("pep_status", PEP_STATUS),
            number("pep_add_on", 0.5, 1.5, step=0.25),
            number("high_cutoff", 3.5, 3.5),
            number("medium_cutoff", 2.5, 2.5),
        ],
        constraints=["business_weight >= 0.2"],
        question=(
            "A bank rates {customer}'s money-laundering risk on three factors scored 1 (low) to 5 (high): "
            "geography {geography_score}, products used {product_score}, and line of business "
            "{business_score}, weighted {geography_weight}, {product_weight} and {business_weight}. The "
            "customer's controlling owner {pep_status} a politically exposed person; a PEP adds {pep_add_on} "
            "points to the weighted score. Compute the score to two decimal places and rate the customer "
            "'high risk' if it is at least {high_cutoff}, 'medium risk' if it is at least {medium_cutoff}, "
            "and 'low risk' otherwise."
        ),
        steps=[
            step(
                "weighted_score",
                "geography_weight * geography_score + product_weight * product_score"
                " + business_weight * business_score",
                "Weighted factor score",
                unit=Unit.NONE,
                decimals=2,
            ),
            step(
                "pep_points",
                "pep_add_on * pep_status",
                "PEP add-on (zero if not a PEP)",
                unit=Unit.NONE,
                decimals=2,
            ),
            step(
                "risk_score",
                "weighted_score + pep_points",
                "Final risk score",
                unit=Unit.NONE,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [("risk_score >= high_cutoff", "high risk"), ("risk_score >= medium_cutoff", "medium risk")],
            otherwise="low risk",
        ),
    )


@template(difficulty="intermediate")
def beneficial_owners_to_identify() -> Template:
    """CDD ownership prong: count individuals whose direct + indirect (chained) stake is at least 25%.

    Bands:
        first_direct + second_direct + holding_company_stake: 10% to 100%
        first_share_of_holding + second_share_of_holding: 10% to 100%

    Relations:
        ownership_threshold == 0.25 and first_direct + second_direct + holding_company_stake <= 1
            and first_share_of_holding + second_share_of_holding <= 1 [beneficial_ownership_threshold]
    """
    return Template(
        givens=[
            person("first_owner"),
            person("second_owner"),
            company("customer"),
            rate("first_direct", 0, 30, step=0.5),
            rate("second_direct", 0, 30, step=0.5),
            rate("holding_company_stake", 10, 70, step=0.5),
            rate("first_share_of_holding", 5, 95, step=0.5),
            rate("second_share_of_holding", 5, 95, step=0.5),
            rate("ownership_threshold", 25, 25),
        ],
        constraints=[
            "first_direct + second_direct + holding_company_stake <= 1",
            "first_share_of_holding + second_share_of_holding <= 1",
            "first_direct + second_direct + holding_company_stake <= 1",
            "first_share_of_holding + second_share_of_holding <= 1",
        ],
        question=(
            "{customer} is opening an account. {first_owner} owns {first_direct} of it directly and "
            "{second_owner} owns {second_direct} directly. A holding company owns another "
            "{holding_company_stake} of {customer}, and {first_owner} and {second_owner} own "
            "{first_share_of_holding} and {second_share_of_holding} of that holding company. The bank must "
            "identify every individual whose direct plus indirect ownership, computed as a percentage to two "
            "decimal places, is at least {ownership_threshold}. How many of the two must it identify under "
            "the ownership prong?"
        ),
        steps=[
            step(
                "first_effective_stake",
                "first_direct + first_share_of_holding * holding_company_stake",
                "First owner's effective stake",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "second_effective_stake",
                "second_direct + second_share_of_holding * holding_company_stake",
                "Second owner's effective stake",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
            step(
                "owners_to_identify",
                "(1 if first_effective_stake >= ownership_threshold else 0)"
                " + (1 if second_effective_stake >= ownership_threshold else 0)",
                "Owners at or above the threshold",
                unit=Unit.NONE,
                decimals=0,
            ),
        ],
        answer=numeric("owners_to_identify"),
    )


@template(difficulty="advanced")
def annual_cost_of_risk_based_kyc_refresh() -> Template:
    """Present value of KYC refresh costs per customer: a growing annuity of the yearly cost.

    Yearly cost per customer c = Σ_tiers (customers / cycle × review hours × hourly cost) / customers;
    PV = c · (1 − ((1 + g) / (1 + r))^N) / (r − g) for wage growth g, discount rate r, N years.

    Bands:
        cost_per_customer: 4 to 750

    Relations:
        high_cycle < medium_cycle and medium_cycle < low_cycle [kyc_review_cycle_by_risk]
        hourly_cost: 40 to 150 [compliance_staff_hourly_cost]
        wage_growth: 1% to 4% [us_wage_growth]
    """
    return Template(
        givens=[
            company("bank"),
            count("high_risk_customers", 200, 20_000),
            count("medium_risk_customers", 1_000, 80_000),
            count("low_risk_customers", 5_000, 400_000),
            count("high_cycle", 1, 2, unit=Unit.YEARS),
            count("medium_cycle", 2, 3, unit=Unit.YEARS),
            count("low_cycle", 4, 6, unit=Unit.YEARS),
            number("high_review_hours", 4, 12, step=0.5),
            number("medium_review_hours", 1.5, 4, step=0.25),
            number("low_review_hours", 0.25, 1.5, step=0.25),
            money("hourly_cost", 40, 150, step=0.5),
            rate("wage_growth", 1, 4, step=0.25),
            rate("discount_rate", 5, 10, step=0.25),
            count("years", 3, 10, unit=Unit.YEARS),
        ],
        constraints=["high_cycle < medium_cycle"],
        question=(
            "{bank} refreshes the KYC file of each high-risk customer every {high_cycle}, each medium-risk "
            "customer every {medium_cycle}, and each low-risk customer every {low_cycle}, spreading the "
            "reviews evenly over the years. It has {high_risk_customers} high-risk, {medium_risk_customers} "
            "medium-risk and {low_risk_customers} low-risk customers. A review takes {high_review_hours}, "
            "{medium_review_hours} and {low_review_hours} hours for the three tiers, and staff time costs "
            "{hourly_cost} an hour this year, rising by {wage_growth} a year. Paying each year's refresh "
            "cost at the year's end and discounting at {discount_rate}, what is the present value of the "
            "next {years} of refresh costs per customer? Round to the nearest cent."
        ),
        steps=[
            step(
                "high_tier_cost",
                "high_risk_customers / high_cycle * high_review_hours * hourly_cost",
                "Annual cost of high-risk refreshes",
            ),
            step(
                "medium_tier_cost",
                "medium_risk_customers / medium_cycle * medium_review_hours * hourly_cost",
                "Annual cost of medium-risk refreshes",
            ),
            step(
                "low_tier_cost",
                "low_risk_customers / low_cycle * low_review_hours * hourly_cost",
                "Annual cost of low-risk refreshes",
            ),
            step(
                "total_refresh_cost", "high_tier_cost + medium_tier_cost + low_tier_cost", "Total annual cost"
            ),
            step(
                "cost_per_customer",
                "total_refresh_cost / (high_risk_customers + medium_risk_customers + low_risk_customers)",
                "Refresh cost per customer in the first year",
            ),
            step(
                "growing_annuity_factor",
                "(1 - ((1 + wage_growth) / (1 + discount_rate)) ** years) / (discount_rate - wage_growth)",
                "Present value of 1 a year growing at the wage growth rate",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "present_value_per_customer",
                "cost_per_customer * growing_annuity_factor",
                "Present value of the refresh costs per customer",
            ),
        ],
        answer=numeric("present_value_per_customer"),
    )
