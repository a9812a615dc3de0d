"""Scenario planning: valuing a decision or gauging a risk under a few probability-weighted futures.

Each scenario (boom, base case, recession and so on) fixes the uncertain inputs; the analyst
computes the outcome in each one and combines them with the scenario probabilities, which
always add up to 100%.
"""

from finsynth.generators.finchain.dsl import Template, company, count, derived, money, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def expected_operating_income_from_scenario_revenues() -> Template:
    """Expected operating income: E[EBIT] = E[R] · (1 − v) − F, with E[R] = Σ p_s · R_s.

    Operating income is linear in revenue (variable costs a fixed share v of it, fixed costs F), so
    its expectation over boom, base and recession is the operating income of the expected revenue.

    Bands:
        expected_operating_income / expected_revenue: 14% to 55%

    Relations:
        expected_operating_income / expected_revenue: 14% to 55% [operating_margin]
    """
    return Template(
        givens=[
            company("firm"),
            rate("boom_probability", 10, 40, step=1, decimals=0),
            rate("recession_probability", 10, 40, step=1, decimals=0),
            derived(
                "base_probability",
                "1 - boom_probability - recession_probability",
                unit=Unit.PERCENT,
                decimals=0,
            ),
            money("boom_revenue", 20_000_000, 120_000_000, step=100_000),
            money("base_revenue", 10_000_000, 90_000_000, step=100_000),
            money("recession_revenue", 5_000_000, 70_000_000, step=100_000),
            rate("variable_cost_ratio", 40, 70, step=0.5, decimals=1),
            money("fixed_costs", 1_000_000, 30_000_000, step=50_000),
        ],
        constraints=[
            "boom_revenue > 1.05 * base_revenue",
            "base_revenue > 1.05 * recession_revenue",
            "recession_revenue >= 0.5 * base_revenue",
            # Fixed costs take 10% to 50% of the expected contribution margin.
            "fixed_costs >= 0.1 * (1 - variable_cost_ratio) * (boom_probability * boom_revenue"
            " + base_probability * base_revenue + recession_probability * recession_revenue)",
            "fixed_costs <= 0.5 * (1 - variable_cost_ratio) * (boom_probability * boom_revenue"
            " + base_probability * base_revenue + recession_probability * recession_revenue)",
        ],
        question=(
            "{firm} plans next year under three scenarios: revenue of {boom_revenue} in a boom "
            "(probability {boom_probability}), {base_revenue} in the base case (probability "
            "{base_probability}) and {recession_revenue} in a recession (probability "
            "{recession_probability}). Variable costs are {variable_cost_ratio} of revenue and fixed costs "
            "are {fixed_costs} in every scenario. What is the expected operating income? Round to the "
            "nearest cent."
        ),
        steps=[
            step(
                "expected_revenue",
                "boom_probability * boom_revenue + base_probability * base_revenue"
                " + recession_probability * recession_revenue",
                "Probability-weighted revenue",
            ),
            step(
                "expected_contribution",
                "expected_revenue * (1 - variable_cost_ratio)",
                "Expected contribution margin",
            ),
            step(
                "expected_operating_income",
                "expected_contribution - fixed_costs",
                "Expected operating income (linear in revenue)",
            ),
        ],
        answer=numeric("expected_operating_income"),
    )


@template(difficulty="basic")
def operating_profit_in_a_downside_scenario() -> Template:
    """Scenario operating profit: EBIT = R · (1 − d) · (1 − v) − F.

    R is base revenue, d the scenario's revenue decline, v the variable-cost ratio and F fixed costs.

    Bands:
        operating_profit / scenario_revenue: -60% to 70%

    Relations:
        operating_profit / scenario_revenue: -60% to 70% [operating_margin]
        (base_revenue * (1 - variable_cost_ratio) - fixed_costs) / base_revenue:
            -30% to 70% [operating_margin]
    """
    return Template(
        givens=[
            company("firm"),
            money("base_revenue", 1_000_000, 40_000_000, step=10_000),
            rate("revenue_decline", 5, 40, step=0.5, decimals=1),
            rate("variable_cost_ratio", 30, 75, step=0.5, decimals=1),
            money("fixed_costs", 100_000, 8_000_000, step=5_000),
        ],
        constraints=[
            "fixed_costs <= 0.5 * base_revenue",
        ],
        question=(
            "{firm} has base-case revenue of {base_revenue}, variable costs equal to {variable_cost_ratio} "
            "of revenue and fixed costs of {fixed_costs}. In the downside scenario revenue falls by "
            "{revenue_decline} while the cost structure stays the same. What is operating profit in the "
            "downside scenario? (A negative answer is an operating loss.) Round to the nearest cent."
        ),
        steps=[
            step(
                "scenario_revenue", "base_revenue * (1 - revenue_decline)", "Revenue in the downside scenario"
            ),
            step(
                "contribution_margin",
                "scenario_revenue * (1 - variable_cost_ratio)",
                "Revenue left after variable costs",
            ),
            step("operating_profit", "contribution_margin - fixed_costs", "Operating profit in the scenario"),
        ],
        answer=numeric("operating_profit"),
    )


@template(difficulty="intermediate")
def credit_line_needed_in_the_downturn_scenario() -> Template:
    """Credit line = max(0, minimum cash − (cash + downturn cash flow − debt due − capital spending)).

    Bands:
        downturn_cash_flow / base_cash_flow: 10% to 70%
        credit_line_needed: 0 to 50,000,000

    Relations:
        capital_spending / base_cash_flow: 5% to 150% [capex_to_operating_cash_flow]
    """
    return Template(
        givens=[
            company("firm"),
            money("opening_cash", 1_000_000, 40_000_000, step=50_000),
            money("base_cash_flow", 2_000_000, 60_000_000, step=50_000),
            rate("downturn_drop", 30, 90, step=1),
            derived("downturn_cash_flow", "base_cash_flow * (1 - downturn_drop)", decimals=0),
            money("debt_due", 500_000, 30_000_000, step=50_000),
            money("capital_spending", 500_000, 30_000_000, step=50_000),
            money("minimum_cash", 500_000, 10_000_000, step=50_000),
        ],
        constraints=[
            "0.05 * base_cash_flow <= capital_spending <= 1.5 * base_cash_flow",
            "opening_cash + base_cash_flow - debt_due - capital_spending >= minimum_cash",
            "opening_cash + downturn_cash_flow - debt_due - capital_spending < minimum_cash",
        ],
        question=(
            "{firm} plans next year's liquidity. It starts the year with {opening_cash} of cash and must "
            "repay {debt_due} of debt and spend {capital_spending} on equipment during the year. "
            "Operating cash flow is {base_cash_flow} in the base case but only {downturn_cash_flow} in a "
            "downturn scenario. Treasury policy is to keep at least {minimum_cash} of cash at all times. "
            "How large a committed credit line does {firm} need so that, even in the downturn, drawing it "
            "keeps year-end cash at the minimum? Round to the nearest dollar."
        ),
        steps=[
            step(
                "downturn_funds",
                "opening_cash + downturn_cash_flow",
                "Cash available in the downturn",
                decimals=0,
            ),
            step(
                "downturn_ending_cash",
                "downturn_funds - debt_due - capital_spending",
                "Year-end cash in the downturn before any borrowing",
                decimals=0,
            ),
            step(
                "credit_line_needed",
                "max(0, minimum_cash - downturn_ending_cash)",
                "Borrowing that restores the minimum cash balance",
                decimals=0,
            ),
        ],
        answer=numeric("credit_line_needed"),
    )


@template(difficulty="intermediate")
def expected_npv_across_demand_scenarios() -> Template:
    """Probability-weighted project value: NPV_s = CF_s · (1 − (1 + r)^−n) / r − I, E[NPV] = Σ p_s · NPV_s.

    Bands:
        weak_cash_flow / strong_cash_flow: 0% to 80%

    Relations:
        discount_rate: 4% to 15% [corporate_hurdle_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("initial_investment", 500_000, 20_000_000, step=10_000),
            money("strong_cash_flow", 100_000, 6_000_000, step=5_000),
            money("weak_cash_flow", 20_000, 3_000_000, step=5_000),
            rate("strong_probability", 20, 80, step=1, decimals=0),
            derived("weak_probability", "1 - strong_probability", unit=Unit.PERCENT, decimals=0),
            count("years", 3, 15, unit=Unit.YEARS),
            rate("discount_rate", 4, 15, step=0.1, decimals=1),
        ],
        constraints=[
            "weak_cash_flow <= 0.8 * strong_cash_flow",
            "strong_cash_flow > 1.3 * weak_cash_flow",
            "strong_cash_flow * years > initial_investment",
            "weak_cash_flow * years < 1.5 * initial_investment",
        ],
        question=(
            "{firm} is considering a project that costs {initial_investment} today and lasts {years}. If "
            "demand is strong (probability {strong_probability}) it will generate {strong_cash_flow} at the "
            "end of each year; if demand is weak (probability {weak_probability}) it will generate "
            "{weak_cash_flow} a year. The discount rate is {discount_rate}. What is the expected net "
            "present value of the project? Round to the nearest cent."
        ),
        steps=[
            step(
                "annuity_factor",
                "(1 - (1 + discount_rate) ** -years) / discount_rate",
                "Present value of 1 dollar a year",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "strong_npv",
                "strong_cash_flow * annuity_factor - initial_investment",
                "NPV with strong demand",
            ),
            step("weak_npv", "weak_cash_flow * annuity_factor - initial_investment", "NPV with weak demand"),
            step(
                "expected_npv",
                "strong_probability * strong_npv + weak_probability * weak_npv",
                "Probability-weighted NPV",
            ),
        ],
        answer=numeric("expected_npv"),
    )


@template(difficulty="advanced")
def shortfall_probability_from_scenario_returns() -> Template:
    """Roy's safety-first shortfall risk from a three-scenario return distribution.

    E[R] = Σ p_s R_s; σ = √(Σ p_s (R_s − E[R])²); SFRatio = (E[R] − R_L) / σ; with returns treated as
    normal, P(R < R_L) = N(−SFRatio).

    Bands:
        return_volatility: 3% to 30%
        shortfall_probability: 0.1% to 50%

    Relations:
        return_volatility: 5% to 30% [stock_volatility]
    """
    return Template(
        givens=[
            company("fund"),
            rate("boom_probability", 10, 40, step=1, decimals=0),
            rate("recession_probability", 10, 40, step=1, decimals=0),
            derived(
                "base_probability",
                "1 - boom_probability - recession_probability",
                unit=Unit.PERCENT,
                decimals=0,
            ),
            rate("boom_return", 10, 35, step=0.1, decimals=1),
            rate("base_return", 2, 12, step=0.1, decimals=1),
            rate("recession_return", -35, -5, step=0.1, decimals=1),
            rate("threshold_return", -10, 2, step=0.5, decimals=1),
        ],
        constraints=[
            "boom_probability * boom_return + (1 - boom_probability - recession_probability) * base_return"
            " + recession_probability * recession_return >= threshold_return + 0.005",
        ],
        question=(
            "{fund}'s investment committee models next year's portfolio return with three scenarios: a boom "
            "with probability {boom_probability} and a return of {boom_return}, a base case with probability "
            "{base_probability} and a return of {base_return}, and a recession with probability "
            "{recession_probability} and a return of {recession_return}. The committee's minimum acceptable "
            "return is {threshold_return}. Treating the return as normally distributed with the "
            "scenario-weighted mean and standard deviation (Roy's safety-first approach), what is the "
            "probability that the return falls below the minimum? Give the answer as a percentage to two "
            "decimal places."
        ),
        steps=[
            step(
                "expected_return",
                "boom_probability * boom_return + base_probability * base_return"
                " + recession_probability * recession_return",
                "Scenario-weighted mean return",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "return_variance",
                "boom_probability * (boom_return - expected_return) ** 2"
                " + base_probability * (base_return - expected_return) ** 2"
                " + recession_probability * (recession_return - expected_return) ** 2",
                "Scenario-weighted variance of the return",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "return_volatility",
                "sqrt(return_variance)",
                "Standard deviation of the return",
                unit=Unit.PERCENT,
                decimals=2,
            ),
            step(
                "safety_first_ratio",
                "(expected_return - threshold_return) / return_volatility",
                "Safety-first ratio",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "shortfall_probability",
                "normal_cdf(-safety_first_ratio)",
                "Probability of a return below the minimum",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("shortfall_probability"),
    )
