"""Synergies and cost savings: the extra value a combination creates and how much of it a buyer can pay away.

Cost synergies (duplicate costs removed) and revenue synergies (cross-selling) are valued as
after-tax cash flows, discounted as perpetuities or over a phase-in period, and compared with
the premium and integration costs the buyer pays to get them.
"""

from finsynth.generators.finchain.dsl import (
    Step,
    Template,
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


def dollars(name: str, formula: str, description: str) -> Step:
    """Return a step rounded to whole dollars (synergy amounts here are stated to the dollar)."""
    return step(name, formula, description, decimals=0)


@template(difficulty="basic")
def value_of_perpetual_cost_synergies() -> Template:
    """Value of a level perpetuity of after-tax savings: V = S · (1 − t) / r.

    Bands:
        synergy_value / annual_savings: 5 to 12

    Relations:
        tax_rate: 21% to 28% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("acquirer"),
            money("annual_savings", 1_000_000, 300_000_000, step=500_000, decimals=0),
            rate("tax_rate", 21, 28, step=0.5, decimals=1),
            rate("discount_rate", 7, 14, step=0.25),
        ],
        question=(
            "{acquirer} expects a merger to remove {annual_savings} of duplicate pre-tax costs every year, "
            "starting next year and lasting indefinitely. The savings are taxed at {tax_rate} and the "
            "appropriate discount rate is {discount_rate}. What is the present value of the cost synergies? "
            "Round to the nearest dollar."
        ),
        steps=[
            dollars("after_tax_savings", "annual_savings * (1 - tax_rate)", "Savings after tax"),
            dollars("synergy_value", "after_tax_savings / discount_rate", "Value of the perpetual savings"),
        ],
        answer=numeric("synergy_value"),
    )


@template(difficulty="basic")
def profit_from_cross_selling_revenue_synergies() -> Template:
    """Revenue synergy from cross-selling.

    Added profit = customers × take-up rate × revenue per customer × contribution margin.

    Bands:
        added_profit / target_customers: 0 to 12,000

    Relations:
        1 - contribution_margin: 40% to 85% [cost_of_goods_sold_to_revenue]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            count("target_customers", 2_000, 200_000),
            rate("take_up_rate", 2, 30, step=0.5, decimals=1),
            money("revenue_per_customer", 200, 20_000, step=50, decimals=0),
            rate("contribution_margin", 15, 60, step=1, decimals=0),
        ],
        question=(
            "{acquirer} plans to sell its products to {target}'s {target_customers} customers. It expects "
            "{take_up_rate} of them to buy (rounded to a whole number of customers), each spending "
            "{revenue_per_customer} a year, at a contribution margin of {contribution_margin}. How much "
            "annual profit does the cross-selling add? Round to the nearest dollar."
        ),
        steps=[
            step(
                "new_buyers",
                "target_customers * take_up_rate",
                "Customers expected to buy",
                unit=Unit.NONE,
                decimals=0,
                rounded_before_use=True,
            ),
            dollars("added_revenue", "new_buyers * revenue_per_customer", "Revenue added"),
            dollars("added_profit", "added_revenue * contribution_margin", "Contribution added"),
        ],
        answer=numeric("added_profit"),
    )


@template(difficulty="intermediate")
def maximum_price_per_share_justified_by_synergies() -> Template:
    """Walk-away price: max price = standalone price + (S(1 − t) / (r − g) − integration costs) / shares.

    Bands:
        maximum_price / target_price: 100% to 400%

    Relations:
        tax_rate: 21% to 28% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("target_price", 10, 150, step=0.01),
            number("target_shares", 10_000_000, 500_000_000, step=100_000, decimals=0, unit=Unit.SHARES),
            money("annual_synergies", 5_000_000, 500_000_000, step=1_000_000, decimals=0),
            rate("tax_rate", 21, 28, step=0.5, decimals=1),
            rate("synergy_growth", 0, 3, step=0.5, decimals=1),
            rate("discount_rate", 8, 14, step=0.25),
            money("integration_costs", 5_000_000, 500_000_000, step=1_000_000, decimals=0),
        ],
        constraints=[
            "0.03 * target_price * target_shares <= annual_synergies <= 0.3 * target_price * target_shares",
            "annual_synergies * (1 - tax_rate) / (discount_rate - synergy_growth) - integration_costs"
            " >= 0.05 * target_price * target_shares",
            "annual_synergies * (1 - tax_rate) / (discount_rate - synergy_growth) - integration_costs"
            " <= target_price * target_shares",
        ],
        question=(
            "{target} has {target_shares} outstanding, trading at {target_price}, a price that reflects its "
            "standalone value. {acquirer} expects the combination to produce {annual_synergies} of pre-tax "
            "synergies next year, growing at {synergy_growth} a year forever, taxed at {tax_rate} and "
            "discounted at {discount_rate}. Integration will cost {integration_costs} up front. What is the "
            "most {acquirer} can pay per {target} share without destroying value for its own shareholders? "
            "Round to the nearest cent."
        ),
        steps=[
            dollars(
                "after_tax_synergies", "annual_synergies * (1 - tax_rate)", "Next year's after-tax synergies"
            ),
            dollars(
                "synergy_value",
                "after_tax_synergies / (discount_rate - synergy_growth)",
                "Value of the growing synergies",
            ),
            dollars(
                "net_synergy_value",
                "synergy_value - integration_costs",
                "Synergy value after integration costs",
            ),
            step(
                "maximum_price", "target_price + net_synergy_value / target_shares", "Highest price per share"
            ),
        ],
        answer=numeric("maximum_price"),
    )


@template(difficulty="intermediate")
def net_present_value_of_phased_in_cost_synergies() -> Template:
    """NPV of phased-in savings over three years: NPV = Σ_{t=1..3} R · s_t / (1 + r)^t − integration cost.

    Bands:
        integration_cost / run_rate_savings: 50% to 250%

    Relations:
        integration_cost / run_rate_savings: 80% to 250% [integration_cost_to_run_rate_synergies]
        discount_rate: 7% to 14% [weighted_average_cost_of_capital]
    """
    return Template(
        givens=[
            company("acquirer"),
            money("run_rate_savings", 5_000_000, 300_000_000, step=500_000, decimals=0),
            rate("first_year_share", 20, 50, step=5, decimals=0),
            rate("second_year_share", 55, 90, step=5, decimals=0),
            rate("discount_rate", 7, 14, step=0.25),
            money("integration_cost", 5_000_000, 500_000_000, step=1_000_000, decimals=0),
        ],
        constraints=[
            "0.5 * run_rate_savings <= integration_cost <= 2.5 * run_rate_savings",
            "integration_cost <= 2.5 * run_rate_savings",
            "integration_cost >= 0.8 * run_rate_savings",
        ],
        question=(
            "{acquirer} targets cost synergies with a run rate of {run_rate_savings} a year. It expects "
            "to achieve {first_year_share} of the run rate in year 1, {second_year_share} in year 2 and the "
            "full run rate in year 3, with savings arriving at each year end. Integration costs "
            "{integration_cost} today. Counting only these three years and discounting at {discount_rate}, "
            "what is the net present value of the synergy program? (A negative answer means it does not pay "
            "back within the three years.) Round to the nearest dollar."
        ),
        steps=[
            dollars("first_year_savings", "run_rate_savings * first_year_share", "Savings in year 1"),
            dollars("second_year_savings", "run_rate_savings * second_year_share", "Savings in year 2"),
            dollars(
                "savings_value",
                "first_year_savings / (1 + discount_rate) + second_year_savings / (1 + discount_rate) ** 2"
                " + run_rate_savings / (1 + discount_rate) ** 3",
                "Present value of three years of savings",
            ),
            dollars("program_npv", "savings_value - integration_cost", "Net present value"),
        ],
        answer=numeric("program_npv"),
    )


@template(difficulty="advanced")
def acquirer_net_present_value_of_synergies_over_a_finite_horizon() -> Template:
    """Acquirer's NPV of a deal whose synergies last n years.

    NPV = Σ_{t=1..n} S₁ (1 + g)^(t−1) / (1 + r)^t − premium × P × N − integration costs, with
    S₁ = (C + R · m)(1 − t).

    Bands:
        pretax_synergies / (target_price * target_shares): 3% to 30%
        premium_paid / synergy_value: 10% to 300%

    Relations:
        tax_rate: 21% to 28% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("cost_synergies", 5_000_000, 300_000_000, step=1_000_000, decimals=0),
            money("revenue_synergies", 10_000_000, 800_000_000, step=1_000_000, decimals=0),
            rate("synergy_margin", 10, 40, step=1, decimals=0),
            rate("tax_rate", 21, 28, step=0.5, decimals=1),
            rate("synergy_growth", 0, 4, step=0.5, decimals=1),
            count("synergy_years", 5, 12, unit=Unit.YEARS),
            rate("discount_rate", 8, 14, step=0.25),
            money("target_price", 10, 150, step=0.01),
            number("target_shares", 10_000_000, 500_000_000, step=100_000, decimals=0, unit=Unit.SHARES),
            rate("premium", 15, 50, step=1, decimals=0),
            money("integration_costs", 5_000_000, 400_000_000, step=1_000_000, decimals=0),
        ],
        constraints=[
            "0.03 * target_price * target_shares <= cost_synergies + revenue_synergies * synergy_margin",
            "cost_synergies + revenue_synergies * synergy_margin <= 0.3 * target_price * target_shares",
            # The premium is in proportion to what the synergies are worth over the horizon.
            "target_price * target_shares * premium <= 3 * (cost_synergies + revenue_synergies"
            " * synergy_margin) * (1 - tax_rate) * synergy_years / (1 + discount_rate) ** synergy_years",
            "target_price * target_shares * premium >= 0.2 * (cost_synergies + revenue_synergies"
            " * synergy_margin) * (1 - tax_rate) * synergy_years / (1 + discount_rate)",
            "integration_costs <= 2 * (cost_synergies + revenue_synergies * synergy_margin)",
        ],
        question=(
            "{acquirer} will pay a premium of {premium} over {target}'s {target_price} share price for all "
            "{target_shares}. It expects {cost_synergies} of annual cost savings plus {revenue_synergies} of "
            "extra annual revenue earning a {synergy_margin} margin, both starting at the end of next year "
            "and growing at {synergy_growth} a year, but it counts them only for {synergy_years}, after "
            "which competitors are expected to erode them. Synergies are taxed at {tax_rate} and discounted "
            "at {discount_rate}, and integration costs {integration_costs} up front. What is the net present "
            "value of the deal to {acquirer}'s shareholders? (A negative answer means value is destroyed.) "
            "Round to the nearest dollar."
        ),
        steps=[
            dollars(
                "pretax_synergies",
                "cost_synergies + revenue_synergies * synergy_margin",
                "Pre-tax synergies in year 1",
            ),
            dollars(
                "after_tax_synergies", "pretax_synergies * (1 - tax_rate)", "After-tax synergies in year 1"
            ),
            dollars(
                "synergy_value",
                "sum(after_tax_synergies * (1 + synergy_growth) ** (year - 1) / (1 + discount_rate) ** year"
                " for year in range(1, synergy_years + 1))",
                "Present value of the synergies over the horizon",
            ),
            dollars(
                "premium_paid", "target_price * premium * target_shares", "Premium paid to target holders"
            ),
            dollars(
                "acquirer_npv",
                "synergy_value - premium_paid - integration_costs",
                "Net present value to the acquirer",
            ),
        ],
        answer=numeric("acquirer_npv"),
    )
