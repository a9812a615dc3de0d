"""Compliance risk management: scoring, testing and valuing controls over regulatory risk.

Compliance teams score inherent risk as likelihood × impact, reduce it by control effectiveness
to a residual risk, compare the chance of a reportable breach in a year (residual incidents
arriving as a Poisson process) with the board's risk appetite, size control-testing samples, and
weigh the expected regulatory losses a control avoids against what it costs.
"""

from finsynth.generators.finchain.dsl import (
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


@template(difficulty="basic")
def residual_risk_score_after_controls() -> Template:
    """Residual risk = likelihood × impact × (1 − control effectiveness).

    Bands:
        residual_risk: 0.1 to 22.5

    Relations:
        likelihood: 1 to 5 [risk_matrix_score]
        impact: 1 to 5 [risk_matrix_score]
        control_effectiveness: 10% to 90% [control_effectiveness_rating]
    """
    return Template(
        givens=[
            company("firm"),
            count("likelihood", 1, 5),
            count("impact", 1, 5),
            rate("control_effectiveness", 10, 90, step=1),
        ],
        question=(
            "{firm}'s compliance team scores the risk of breaching marketing-disclosure rules at likelihood "
            "{likelihood} and impact {impact}, each on a 1-to-5 scale, so inherent risk is their product. "
            "Existing controls are judged {control_effectiveness} effective at reducing that risk. What is "
            "the residual risk score? Give the answer to two decimal places."
        ),
        steps=[
            step("inherent_risk", "likelihood * impact", "Inherent risk score", unit=Unit.NONE, decimals=0),
            step(
                "residual_risk",
                "inherent_risk * (1 - control_effectiveness)",
                "Residual risk score",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("residual_risk"),
    )


@template(difficulty="basic")
def control_test_exception_rate_against_tolerance() -> Template:
    """Exception rate = exceptions / items tested, judged effective when at most the tolerable rate.

    Bands:
        exception_rate: 0% to 15%

    Relations:
        tolerable_rate: 2% to 10% [tolerable_deviation_rate]
        items_tested >= log(0.1) / log(1 - tolerable_rate) [control_test_sample_size]
    """
    return Template(
        givens=[
            company("firm"),
            count("items_tested", 25, 400),
            count("exceptions", 0, 30),
            rate("tolerable_rate", 2, 10, step=0.5),
        ],
        constraints=[
            "exceptions <= 0.15 * items_tested",
            "items_tested >= log(0.1) / log(1 - tolerable_rate)",
        ],
        question=(
            "Compliance testing at {firm} examined {items_tested} customer complaints for timely handling "
            "and found {exceptions} exceptions. Compute the exception rate as a percentage to two decimal "
            "places and classify the control as 'effective' if the rate is at most the tolerable rate of "
            "{tolerable_rate}, otherwise 'deficient'."
        ),
        steps=[
            step(
                "exception_rate",
                "exceptions / items_tested",
                "Exception rate",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical([("exception_rate <= tolerable_rate", "effective")], otherwise="deficient"),
    )


@template(difficulty="intermediate")
def net_benefit_of_a_compliance_control() -> Template:
    """Net benefit = p × (penalty + remediation) × risk reduction − annual control cost.

    Bands:
        expected_loss_before / (expected_penalty + remediation_cost): 2% to 40%
        loss_avoided / control_cost: 0 to 400

    Relations:
        expected_penalty: 100,000 to 20,000,000 [sanctions_civil_penalty]
        risk_reduction: 20% to 90% [control_effectiveness_rating]
    """
    return Template(
        givens=[
            company("firm"),
            rate("violation_probability", 2, 40, step=0.5),
            money("expected_penalty", 100_000, 20_000_000, step=5_000),
            money("remediation_cost", 20_000, 5_000_000, step=1_000),
            rate("risk_reduction", 20, 90, step=1),
            money("control_cost", 20_000, 3_000_000, step=1_000),
        ],
        question=(
            "{firm} puts the chance of a sanctions-screening violation in any year at "
            "{violation_probability}; a violation would bring a penalty of {expected_penalty} plus "
            "remediation costs of {remediation_cost}. A new screening control would cut the probability of a "
            "violation by {risk_reduction} and costs {control_cost} a year to run. What is the control's "
            "expected net annual benefit? (A negative answer means it costs more than it saves.) Round to "
            "the nearest cent."
        ),
        steps=[
            step(
                "expected_loss_before",
                "violation_probability * (expected_penalty + remediation_cost)",
                "Expected annual loss without the control",
            ),
            step(
                "expected_loss_after",
                "expected_loss_before * (1 - risk_reduction)",
                "Expected annual loss with the control",
            ),
            step("loss_avoided", "expected_loss_before - expected_loss_after", "Expected loss avoided"),
            step("net_benefit", "loss_avoided - control_cost", "Net annual benefit of the control"),
        ],
        answer=numeric("net_benefit"),
    )


@template(difficulty="intermediate")
def deviation_rate_bound_after_a_clean_control_test() -> Template:
    """Upper bound on a control's deviation rate after a sample with no deviations: p = 1 − (1 − C)^(1/n).

    The bound is the rate at which n clean items in a row would happen with probability 1 − C.

    Bands:
        upper_deviation_rate: 2% to 20%

    Relations:
        upper_deviation_rate: 2% to 20% [tolerable_deviation_rate]
    """
    return Template(
        givens=[
            company("firm"),
            rate("confidence", 80, 99, step=0.5),
            count("items_tested", 20, 300),
        ],
        constraints=[
            "1 - (1 - confidence) ** (1 / items_tested) >= 0.0201",
            "1 - (1 - confidence) ** (1 / items_tested) <= 0.1999",
        ],
        question=(
            "{firm}'s compliance testers sampled {items_tested} trades at random to test a "
            "trade-surveillance control and found no deviations. At {confidence} confidence, what is the "
            "upper bound on the control's deviation rate, the rate p at which {items_tested} clean items in "
            "a row would happen with probability no more than 1 − confidence? Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step("miss_probability", "1 - confidence", "Allowed chance of a clean sample", unit=Unit.PERCENT),
            step(
                "pass_rate_bound",
                "miss_probability ** (1 / items_tested)",
                "Per-item pass rate whose n-th power is the allowed chance",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "upper_deviation_rate",
                "1 - pass_rate_bound",
                "Upper bound on the deviation rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("upper_deviation_rate"),
    )


@template(difficulty="advanced")
def annual_breach_probability_against_appetite() -> Template:
    """Chance of at least one uncontrolled breach a year, with breaches Poisson: 1 − e^(−Σ λᵢ (1 − cᵢ)).

    λᵢ is an area's expected incidents a year and cᵢ the share its controls stop; the firm is within
    appetite when the probability is at most the board's limit.

    Bands:
        total_residual_frequency: 0.01 to 3
        breach_probability: 1% to 96%

    Relations:
        aml_controls: 50% to 95% [control_effectiveness_rating]
        privacy_controls: 50% to 95% [control_effectiveness_rating]
        conduct_controls: 50% to 95% [control_effectiveness_rating]
    """
    return Template(
        givens=[
            company("firm"),
            number("aml_frequency", 0.1, 2, step=0.1, decimals=1),
            rate("aml_controls", 50, 95, step=1, decimals=0),
            number("privacy_frequency", 0.1, 2, step=0.1, decimals=1),
            rate("privacy_controls", 50, 95, step=1, decimals=0),
            number("conduct_frequency", 0.1, 2, step=0.1, decimals=1),
            rate("conduct_controls", 50, 95, step=1, decimals=0),
            rate("risk_appetite", 10, 50, step=1, decimals=0),
        ],
        question=(
            "{firm}'s compliance risk assessment estimates how many incidents a year each area would "
            "produce without controls, and what share of them its controls stop. Anti-money laundering: "
            "{aml_frequency} incidents a year, controls stop {aml_controls}. Data privacy: "
            "{privacy_frequency} a year, controls stop {privacy_controls}. Sales conduct: "
            "{conduct_frequency} a year, controls stop {conduct_controls}. Incidents that get past the "
            "controls become reportable breaches; they arrive independently, as a Poisson process in each "
            "area. The board's appetite allows at most a {risk_appetite} chance of one or more reportable "
            "breaches in a year. Classify the firm as 'within appetite' if the chance is at most that, "
            "otherwise 'outside appetite'."
        ),
        steps=[
            step(
                "aml_residual_frequency",
                "aml_frequency * (1 - aml_controls)",
                "AML breaches expected a year",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "privacy_residual_frequency",
                "privacy_frequency * (1 - privacy_controls)",
                "Privacy breaches expected a year",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "conduct_residual_frequency",
                "conduct_frequency * (1 - conduct_controls)",
                "Conduct breaches expected a year",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "total_residual_frequency",
                "aml_residual_frequency + privacy_residual_frequency + conduct_residual_frequency",
                "Breaches expected a year across the three areas",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "breach_probability",
                "1 - exp(-total_residual_frequency)",
                "Probability of at least one breach in a year (one minus the Poisson chance of none)",
                unit=Unit.PERCENT,
            ),
        ],
        answer=categorical(
            [("breach_probability <= risk_appetite", "within appetite")], otherwise="outside appetite"
        ),
    )
