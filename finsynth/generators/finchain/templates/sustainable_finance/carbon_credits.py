"""Carbon credits: allowances and offsets priced per metric ton of CO2-equivalent.

The templates cover compliance purchases under a cap-and-trade program, the carbon cost a project
avoids, marginal abatement cost, the choice between buying offsets and abating in house, and
hedging allowance purchases with a cost-of-carry forward.
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
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def cost_of_buying_allowances_to_cover_a_shortfall() -> Template:
    """Compliance cost = (verified emissions − allowances held) × allowance price.

    Bands:
        shortfall / verified_emissions: 0% to 50%

    Relations:
        allowance_price: 10 to 90 [eu_allowance_price]
    """
    return Template(
        givens=[
            company("emitter"),
            number("verified_emissions", 50_000, 2_000_000, step=500, decimals=0, unit=Unit.TONS),
            number("allowances_held", 25_000, 1_990_000, step=500, decimals=0, unit=Unit.TONS),
            money("allowance_price", 10, 90, step=0.05),
        ],
        constraints=["allowances_held < verified_emissions", "allowances_held >= 0.5 * verified_emissions"],
        question=(
            "Under a cap-and-trade program, {emitter} reported verified emissions of {verified_emissions} of "
            "CO2-equivalent for the compliance period and holds {allowances_held} of allowances, each "
            "covering one ton. Allowances trade at {allowance_price} per ton. How much must {emitter} spend "
            "on allowances to cover its shortfall? Round to the nearest cent."
        ),
        steps=[
            step(
                "shortfall",
                "verified_emissions - allowances_held",
                "Emissions not covered by allowances",
                unit=Unit.TONS,
                decimals=0,
            ),
            step("compliance_cost", "shortfall * allowance_price", "Cost of the missing allowances"),
        ],
        answer=numeric("compliance_cost"),
    )


@template(difficulty="basic")
def carbon_cost_avoided_by_an_efficiency_retrofit() -> Template:
    """Carbon cost avoided = baseline emissions × percentage reduction × carbon price.

    Bands:
        tons_avoided / baseline_emissions: 5% to 60%
        carbon_cost_avoided / tons_avoided: 15 to 150

    Relations:
        carbon_price: 15 to 100 [eu_allowance_price]
    """
    return Template(
        givens=[
            company("manufacturer"),
            number("baseline_emissions", 5_000, 500_000, step=100, decimals=0, unit=Unit.TONS),
            rate("reduction", 5, 60, step=0.5),
            money("carbon_price", 15, 100, step=0.5),
        ],
        question=(
            "{manufacturer}'s plants emit {baseline_emissions} of CO2-equivalent a year. An efficiency "
            "retrofit will cut those emissions by {reduction}. If every ton emitted costs {carbon_price} in "
            "allowances, how much carbon cost does the retrofit avoid each year? Round to the nearest cent."
        ),
        steps=[
            step(
                "tons_avoided",
                "baseline_emissions * reduction",
                "Emissions avoided each year",
                unit=Unit.TONS,
                decimals=2,
            ),
            step("carbon_cost_avoided", "tons_avoided * carbon_price", "Allowance cost avoided each year"),
        ],
        answer=numeric("carbon_cost_avoided"),
    )


@template(difficulty="intermediate")
def marginal_abatement_cost_of_a_project() -> Template:
    """Marginal abatement cost = (capex × CRF + operating cost − energy savings) / tons abated a year.

    The capital recovery factor CRF = r / (1 − (1 + r)^−n) turns the capital cost into an equal yearly
    charge over the project's life.

    Bands:
        abatement_cost_per_ton: -150 to 250

    Relations:
        abatement_cost_per_ton: -150 to 250 [abatement_cost_per_ton]
        discount_rate: 4% to 12% [weighted_average_cost_of_capital]
    """
    return Template(
        givens=[
            company("utility"),
            money("capital_cost", 100_000, 20_000_000, step=10_000),
            rate("discount_rate", 4, 12, step=0.1),
            count("project_life", 5, 25, unit=Unit.YEARS),
            money("annual_operating_cost", 0, 500_000, step=1_000),
            money("annual_energy_savings", 0, 2_000_000, step=1_000),
            number("tons_abated", 1_000, 200_000, step=100, decimals=0, unit=Unit.TONS),
        ],
        constraints=[
            # Keep the cost per ton inside the span of published abatement-cost curves.
            "-150 * tons_abated <= capital_cost * discount_rate / (1 - (1 + discount_rate) ** -project_life)"
            " + annual_operating_cost - annual_energy_savings",
            "capital_cost * discount_rate / (1 - (1 + discount_rate) ** -project_life)"
            " + annual_operating_cost - annual_energy_savings <= 250 * tons_abated",
        ],
        question=(
            "{utility} is considering a project that costs {capital_cost} up front, lasts {project_life} and "
            "abates {tons_abated} of CO2-equivalent a year. It costs {annual_operating_cost} a year to run "
            "and saves {annual_energy_savings} a year in energy. Using a discount rate of {discount_rate} to "
            "spread the capital cost evenly over the project's life, what is the marginal abatement cost per "
            "ton? (A negative answer means the project saves money on each ton abated.) Round to the nearest "
            "cent."
        ),
        steps=[
            step(
                "capital_recovery_factor",
                "discount_rate / (1 - (1 + discount_rate) ** -project_life)",
                "Capital recovery factor",
                unit=Unit.NONE,
                decimals=8,
            ),
            step(
                "annualized_capital_cost",
                "capital_cost * capital_recovery_factor",
                "Equal yearly capital charge",
            ),
            step(
                "net_annual_cost",
                "annualized_capital_cost + annual_operating_cost - annual_energy_savings",
                "Net yearly cost of the project",
            ),
            step("abatement_cost_per_ton", "net_annual_cost / tons_abated", "Net cost per ton abated"),
        ],
        answer=numeric("abatement_cost_per_ton"),
    )


@template(difficulty="intermediate")
def offsets_or_in_house_abatement() -> Template:
    """Compare the offset route T · p · (1 + fee) with in-house abatement F + T · c and pick the cheaper.

    Bands:
        abatement_cost / tons_to_cut: 5 to 150
        offset_cost / tons_to_cut: 5 to 66

    Relations:
        offset_price: 5 to 60 [voluntary_offset_price]
        abatement_cost / tons_to_cut: 5 to 150 [abatement_cost_per_ton]
    """
    return Template(
        givens=[
            company("retailer"),
            number("tons_to_cut", 1_000, 100_000, step=100, decimals=0, unit=Unit.TONS),
            money("offset_price", 5, 60, step=0.25),
            rate("broker_fee", 1, 10, step=0.5),
            money("fixed_abatement_cost", 50_000, 2_000_000, step=5_000),
            money("variable_abatement_cost", 2, 40, step=0.25),
        ],
        constraints=[
            "5 * tons_to_cut <= fixed_abatement_cost + tons_to_cut * variable_abatement_cost"
            " <= 150 * tons_to_cut",
        ],
        question=(
            "{retailer} must neutralize {tons_to_cut} of CO2-equivalent this year. It can buy verified "
            "offsets at {offset_price} per ton plus a broker's fee of {broker_fee} of the purchase price, or "
            "abate the emissions itself with equipment costing {fixed_abatement_cost} plus "
            "{variable_abatement_cost} per ton abated. Answer 'buy offsets' if the offsets cost strictly "
            "less in total, otherwise 'abate in house'."
        ),
        steps=[
            step(
                "offset_cost", "tons_to_cut * offset_price * (1 + broker_fee)", "Total cost of buying offsets"
            ),
            step(
                "abatement_cost",
                "fixed_abatement_cost + tons_to_cut * variable_abatement_cost",
                "Total cost of abating in house",
            ),
            step("cost_difference", "offset_cost - abatement_cost", "Offset cost minus abatement cost"),
        ],
        answer=categorical([("cost_difference < 0", "buy offsets")], otherwise="abate in house"),
    )


@template(difficulty="advanced")
def hedging_allowance_purchases_with_a_forward() -> Template:
    """Cost-of-carry forward F = S · (1 + r)^(m/12); hedge saving = shortfall × (S_T − F).

    Allowances have no storage cost or income, so the forward price is the spot price carried at the
    financing rate to delivery.

    Bands:
        (spot_at_delivery / spot_price - 1) / sqrt(months_to_delivery / 12): -46% to 46%
        forward_price / spot_price: 100% to 111%

    Relations:
        free_allocation / expected_emissions: 40% to 100% [free_allocation_share_of_emissions]
        spot_price: 15 to 45 [eu_allowance_price]
        financing_rate: 2% to 7% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("emitter"),
            number("expected_emissions", 100_000, 3_000_000, step=1_000, decimals=0, unit=Unit.TONS),
            number("free_allocation", 50_000, 2_900_000, step=1_000, decimals=0, unit=Unit.TONS),
            money("spot_price", 15, 45, step=0.05),
            rate("financing_rate", 2, 7, step=0.05),
            count("months_to_delivery", 3, 18, unit=Unit.MONTHS),
            # Allowance prices move about 45% a year at most; the move grows with the square root of time.
            rate("annual_price_move", -45, 45, step=1, decimals=0),
            derived(
                "spot_at_delivery", "spot_price * (1 + annual_price_move * sqrt(months_to_delivery / 12))"
            ),
        ],
        constraints=["free_allocation < expected_emissions", "free_allocation >= 0.4 * expected_emissions"],
        question=(
            "{emitter} expects to emit {expected_emissions} of CO2-equivalent and has a free allocation of "
            "{free_allocation} of allowances. Today allowances trade at {spot_price} per ton, and it locks "
            "in its shortfall with a forward contract for delivery in {months_to_delivery}. The forward is "
            "priced by cost of carry at a financing rate of {financing_rate} a year, compounded annually, "
            "and quoted to the nearest cent. At delivery the spot price is {spot_at_delivery}. How much did "
            "the forward save compared with buying the shortfall at the delivery-date spot price? (A "
            "negative answer means the forward cost more.) Round to the nearest cent."
        ),
        steps=[
            step(
                "shortfall",
                "expected_emissions - free_allocation",
                "Allowances to buy",
                unit=Unit.TONS,
                decimals=0,
            ),
            step(
                "forward_price",
                "spot_price * (1 + financing_rate) ** (months_to_delivery / 12)",
                "Forward price per ton",
                rounded_before_use=True,
            ),
            step("forward_cost", "shortfall * forward_price", "Cost of the shortfall under the forward"),
            step(
                "spot_cost", "shortfall * spot_at_delivery", "Cost of the shortfall at the delivery-date spot"
            ),
            step("hedge_saving", "spot_cost - forward_cost", "Saving from the forward"),
        ],
        answer=numeric("hedge_saving"),
    )
