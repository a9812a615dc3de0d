"""Post-merger integration: the costs, risks and early results of combining two companies.

After closing, the buyer spends on integration, tries to keep key people and customers, and
tracks how fast savings arrive against the budget; these templates quantify those trade-offs.
"""

from finsynth.generators.finchain.dsl import (
    Step,
    Template,
    categorical,
    company,
    count,
    money,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BUDGET_TOLERANCE = 0.10
"""Deviation from the integration budget, either way, still treated as on budget."""


def dollars(name: str, formula: str, description: str) -> Step:
    """Return a step rounded to whole dollars (integration amounts here are stated to the dollar)."""
    return step(name, formula, description, decimals=0)


@template(difficulty="basic")
def gross_profit_lost_to_customer_attrition() -> Template:
    """Revenue dis-synergy from customer attrition.

    Lost gross profit = revenue × attrition rate × gross margin.

    Bands:
        lost_gross_profit / target_revenue: 0% to 18%

    Relations:
        1 - gross_margin: 30% to 80% [cost_of_goods_sold_to_revenue]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("target_revenue", 20_000_000, 2_000_000_000, step=1_000_000, decimals=0),
            rate("attrition_rate", 2, 25, step=0.5, decimals=1),
            rate("gross_margin", 20, 70, step=0.5, decimals=1),
        ],
        question=(
            "After {acquirer} closes its acquisition of {target}, customers worried about the change in "
            "ownership take away {attrition_rate} of {target}'s {target_revenue} of annual revenue. "
            "{target} earns a gross margin of {gross_margin}. How much annual gross profit is lost? Round "
            "to the nearest dollar."
        ),
        steps=[
            dollars("lost_revenue", "target_revenue * attrition_rate", "Revenue lost to attrition"),
            dollars("lost_gross_profit", "lost_revenue * gross_margin", "Gross profit lost"),
        ],
        answer=numeric("lost_gross_profit"),
    )


@template(difficulty="basic")
def payback_period_of_integration_costs() -> Template:
    """Undiscounted payback period of integration spending.

    Payback years = one-time integration cost / (annual gross savings − new recurring costs).

    Bands:
        payback_years: 0.3 to 10

    Relations:
        integration_cost / gross_savings: 50% to 300% [integration_cost_to_run_rate_synergies]
    """
    return Template(
        givens=[
            company("acquirer"),
            money("integration_cost", 5_000_000, 500_000_000, step=1_000_000, decimals=0),
            money("gross_savings", 2_000_000, 300_000_000, step=500_000, decimals=0),
            money("new_recurring_costs", 0, 100_000_000, step=250_000, decimals=0),
        ],
        constraints=[
            "new_recurring_costs <= 0.6 * gross_savings",
            "0.5 * gross_savings <= integration_cost <= 3 * gross_savings",
            "integration_cost / (gross_savings - new_recurring_costs) >= 0.3",
            "integration_cost / (gross_savings - new_recurring_costs) <= 10",
        ],
        question=(
            "{acquirer} spends {integration_cost} once to merge two companies' systems and offices. The "
            "merger removes {gross_savings} of costs a year but adds {new_recurring_costs} a year of new "
            "recurring costs. Ignoring the time value of money, how many years does it take for the net "
            "savings to repay the integration cost? Give the answer in years to two decimal places."
        ),
        steps=[
            dollars("net_annual_savings", "gross_savings - new_recurring_costs", "Net savings per year"),
            step(
                "payback_years",
                "integration_cost / net_annual_savings",
                "Payback period",
                unit=Unit.YEARS,
                decimals=2,
            ),
        ],
        answer=numeric("payback_years"),
    )


@template(difficulty="intermediate")
def net_benefit_of_a_key_employee_retention_plan() -> Template:
    """Retention-plan economics.

    Net benefit = N · (turnover without − turnover with) · replacement cost − N · salary · bonus rate.

    Bands:
        departures_avoided / key_employees: 1% to 42%

    Relations:
        replacement_cost_rate: 50% to 200% [employee_replacement_cost]
    """
    return Template(
        givens=[
            company("acquirer"),
            count("key_employees", 20, 400),
            money("average_salary", 80_000, 300_000, step=1_000, decimals=0),
            rate("turnover_without_plan", 15, 45, step=1, decimals=0),
            rate("turnover_with_plan", 3, 14, step=1, decimals=0),
            rate("replacement_cost_rate", 50, 200, step=5, decimals=0),
            rate("bonus_rate", 10, 50, step=5, decimals=0),
        ],
        question=(
            "After an acquisition, {acquirer} identifies {key_employees} key employees earning "
            "{average_salary} a year on average. Without a retention plan it expects "
            "{turnover_without_plan} of them to leave in the first year; with a plan paying each of them a "
            "bonus of {bonus_rate} of salary, it expects {turnover_with_plan} to leave. Replacing someone "
            "costs {replacement_cost_rate} of salary. What is the plan's expected net benefit in the first "
            "year? (A negative answer means the plan costs more than it saves.) Round to the nearest dollar."
        ),
        steps=[
            step(
                "departures_avoided",
                "key_employees * (turnover_without_plan - turnover_with_plan)",
                "Expected departures avoided",
                unit=Unit.NONE,
                decimals=2,
            ),
            dollars(
                "replacement_cost", "average_salary * replacement_cost_rate", "Cost of replacing one person"
            ),
            dollars(
                "replacement_savings", "departures_avoided * replacement_cost", "Replacement costs avoided"
            ),
            dollars("plan_cost", "key_employees * average_salary * bonus_rate", "Retention bonuses paid"),
            dollars("net_benefit", "replacement_savings - plan_cost", "Net benefit of the plan"),
        ],
        answer=numeric("net_benefit"),
    )


@template(difficulty="intermediate")
def integration_budget_status() -> Template:
    """Budget variance: variance % = (actual − budget) / budget, classified against a ± tolerance band.

    Bands:
        variance_share: -25% to 35%

    Relations:
        actual_spend / (systems_budget + facilities_budget + severance_budget): 75% to 135%
            [project_cost_to_budget]
    """
    return Template(
        givens=[
            company("acquirer"),
            money("systems_budget", 1_000_000, 40_000_000, step=50_000, decimals=0),
            money("facilities_budget", 500_000, 20_000_000, step=50_000, decimals=0),
            money("severance_budget", 1_000_000, 30_000_000, step=50_000, decimals=0),
            money("actual_spend", 3_000_000, 110_000_000, step=50_000, decimals=0),
        ],
        constraints=[
            "actual_spend >= 0.75 * (systems_budget + facilities_budget + severance_budget)",
            "actual_spend <= 1.35 * (systems_budget + facilities_budget + severance_budget)",
        ],
        question=(
            "{acquirer}'s integration budget allows {systems_budget} for systems, {facilities_budget} for "
            "facilities and {severance_budget} for severance. Actual integration spending came to "
            "{actual_spend}. Computing the variance from budget as a percentage of the budget to two decimal "
            "places, classify the integration as 'over budget' if spending is more than 10.00% above budget, "
            "'under budget' if it is more than 10.00% below, and 'on budget' otherwise."
        ),
        steps=[
            dollars("total_budget", "systems_budget + facilities_budget + severance_budget", "Total budget"),
            dollars("variance", "actual_spend - total_budget", "Spending above (+) or below (−) budget"),
            step(
                "variance_share",
                "variance / total_budget",
                "Variance as a share of budget",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [
                (f"variance_share > {BUDGET_TOLERANCE}", "over budget"),
                (f"variance_share < -{BUDGET_TOLERANCE}", "under budget"),
            ],
            otherwise="on budget",
        ),
    )


@template(difficulty="advanced")
def discounted_payback_of_integration_costs() -> Template:
    """Years of level after-tax integration benefits B whose present value repays the cost C today.

    B = (run-rate savings − revenue × attrition × gross margin) × (1 − t); solving C = B (1 − (1 + r)^−n) / r
    gives n = −ln(1 − C · r / B) / ln(1 + r).

    Bands:
        after_tax_benefit / target_revenue: 0.2% to 12%
        integration_costs / after_tax_benefit: 0.5 to 3
        payback_years: 0.5 to 5

    Relations:
        tax_rate: 21% to 28% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("target_revenue", 50_000_000, 3_000_000_000, step=1_000_000, decimals=0),
            rate("attrition_rate", 1, 12, step=0.5, decimals=1),
            rate("gross_margin", 20, 70, step=0.5, decimals=1),
            money("run_rate_savings", 5_000_000, 400_000_000, step=1_000_000, decimals=0),
            money("integration_costs", 2_000_000, 600_000_000, step=1_000_000, decimals=0),
            rate("tax_rate", 21, 28, step=0.5, decimals=1),
            rate("discount_rate", 7, 14, step=0.25),
        ],
        constraints=[
            "run_rate_savings <= 0.15 * target_revenue",
            "run_rate_savings >= 1.3 * target_revenue * attrition_rate * gross_margin",
            # Integration typically costs one half to three times a year's net benefit.
            "integration_costs >= 0.5 * (run_rate_savings - target_revenue * attrition_rate * gross_margin)"
            " * (1 - tax_rate)",
            "integration_costs <= 3 * (run_rate_savings - target_revenue * attrition_rate * gross_margin)"
            " * (1 - tax_rate)",
        ],
        question=(
            "{acquirer} spends {integration_costs} today to integrate {target}. From the end of the first "
            "year it saves {run_rate_savings} of costs a year, but customer attrition takes away "
            "{attrition_rate} of {target}'s {target_revenue} of annual revenue at a gross margin of "
            "{gross_margin}. The net benefit is taxed at {tax_rate} and arrives as a level amount at each "
            "year end. Discounting at {discount_rate}, how many years of net benefits have a present value "
            "equal to the integration costs (the discounted payback period, solving the annuity formula for "
            "the number of years, fractions allowed)? Give the answer in years to two decimal places."
        ),
        steps=[
            dollars(
                "lost_gross_profit",
                "target_revenue * attrition_rate * gross_margin",
                "Gross profit lost to attrition each year",
            ),
            dollars("pretax_benefit", "run_rate_savings - lost_gross_profit", "Net benefit before tax"),
            dollars("after_tax_benefit", "pretax_benefit * (1 - tax_rate)", "Net benefit after tax"),
            step(
                "cost_coverage",
                "integration_costs * discount_rate / after_tax_benefit",
                "Cost as a share of the benefits' perpetuity value",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "payback_years",
                "-log(1 - cost_coverage) / log(1 + discount_rate)",
                "Years of benefits that repay the cost",
                unit=Unit.YEARS,
                decimals=2,
            ),
        ],
        answer=numeric("payback_years"),
    )
