"""Deal structure: how an acquisition is paid for and what the payment form does to each side.

Exchange ratios in stock deals, the target holders' stake in the combined company, mixed cash
and stock offers, contingent earnouts, and the effect of a share-financed deal on the acquirer's
earnings per share.
"""

from finsynth.generators.finchain.dsl import (
    NumberGiven,
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


def share_count(name: str, low: int, high: int, spacing: int) -> NumberGiven:
    """Return a share count drawn on a grid of ``spacing`` shares."""
    return number(name, low, high, step=spacing, decimals=0, unit=Unit.SHARES)


def dollars(name: str, formula: str, description: str) -> Step:
    """Return a step rounded to whole dollars (deal totals here are stated to the dollar)."""
    return step(name, formula, description, decimals=0)


@template(difficulty="basic")
def exchange_ratio_for_an_all_stock_offer() -> Template:
    """Exchange ratio of a stock-for-stock offer.

    Offer price = target price × (1 + premium); exchange ratio = offer price / acquirer share price.

    Bands:
        exchange_ratio: 0.05 to 3

    Relations:
        offer_price / target_price - 1: 9.9% to 60.1% [acquisition_premium]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("target_price", 10, 150, step=0.01),
            rate("premium", 10, 60, step=0.5, decimals=1),
            money("acquirer_price", 20, 300, step=0.01),
        ],
        constraints=[
            "target_price * (1 + premium) >= 0.1 * acquirer_price",
            "target_price * (1 + premium) <= 3 * acquirer_price",
        ],
        question=(
            "{acquirer} offers to buy {target}, whose shares trade at {target_price}, paying a "
            "{premium} premium entirely in its own shares, which trade at {acquirer_price}. The offer "
            "price per target share is set to the nearest cent. How many {acquirer} shares does each "
            "{target} share receive? Give the exchange ratio to four decimal places."
        ),
        steps=[
            step(
                "offer_price",
                "target_price * (1 + premium)",
                "Offer price per target share",
                rounded_before_use=True,
            ),
            step(
                "exchange_ratio",
                "offer_price / acquirer_price",
                "Acquirer shares per target share",
                unit=Unit.NONE,
                decimals=4,
            ),
        ],
        answer=numeric("exchange_ratio"),
    )


@template(difficulty="basic")
def target_holders_stake_after_a_share_exchange() -> Template:
    """Ownership after a share exchange.

    New shares = exchange ratio × target shares; target holders' stake = new shares / (acquirer shares + new
    shares).

    Bands:
        target_ownership: 4% to 60%

    Relations:
        new_shares / (acquirer_shares + new_shares): 4% to 60% [target_holders_stake_after_a_stock_merger]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            number("exchange_ratio", 0.2, 2.5, step=0.0001, decimals=4),
            share_count("target_shares", 10_000_000, 400_000_000, 100_000),
            share_count("acquirer_shares", 100_000_000, 2_000_000_000, 1_000_000),
        ],
        constraints=[
            "exchange_ratio * target_shares >= 0.05 * acquirer_shares",
            "exchange_ratio * target_shares <= 1.5 * acquirer_shares",
        ],
        question=(
            "{acquirer}, with {acquirer_shares} outstanding, acquires {target} by issuing "
            "{exchange_ratio} of its shares for each of the target's {target_shares}. What percentage of "
            "the combined company do the former {target} shareholders own? Give the answer as a percentage "
            "to two decimal places."
        ),
        steps=[
            step(
                "new_shares",
                "exchange_ratio * target_shares",
                "Acquirer shares issued",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step(
                "target_ownership",
                "new_shares / (acquirer_shares + new_shares)",
                "Former target holders' stake",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("target_ownership"),
    )


@template(difficulty="intermediate")
def premium_of_a_cash_and_stock_offer() -> Template:
    """Premium of a mixed offer.

    Offer value per share = cash + exchange ratio × acquirer price; premium = offer value / target price − 1.

    Bands:
        offer_premium: 5% to 80%

    Relations:
        offer_value / target_price - 1: 4.9% to 80.1% [acquisition_premium]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("cash_per_share", 2, 60, step=0.25),
            number("exchange_ratio", 0.1, 1.5, step=0.0001, decimals=4),
            money("acquirer_price", 20, 200, step=0.01),
            money("target_price", 10, 150, step=0.01),
        ],
        constraints=[
            "(cash_per_share + exchange_ratio * acquirer_price) / target_price >= 1.05",
            "(cash_per_share + exchange_ratio * acquirer_price) / target_price <= 1.8",
        ],
        question=(
            "{acquirer} offers {target} shareholders {cash_per_share} in cash plus {exchange_ratio} "
            "{acquirer} shares for each {target} share. {acquirer} shares trade at {acquirer_price} and "
            "{target} shares at {target_price} before the announcement. Valuing each part of the offer "
            "per share to the nearest cent, what premium does the offer represent over the target's "
            "share price? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "stock_component",
                "exchange_ratio * acquirer_price",
                "Value of the stock part per share",
                rounded_before_use=True,
            ),
            step(
                "offer_value",
                "cash_per_share + stock_component",
                "Offer value per target share",
                rounded_before_use=True,
            ),
            step(
                "offer_premium",
                "offer_value / target_price - 1",
                "Premium over the target's price",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("offer_premium"),
    )


@template(difficulty="intermediate")
def expected_present_value_of_a_deal_with_an_earnout() -> Template:
    """Consideration with a contingent earnout.

    Value = upfront cash + p · earnout / (1 + r)^n (expected payment discounted at the buyer's rate).

    Bands:
        earnout_value / total_consideration: 0% to 35%

    Relations:
        earnout_payment / upfront_cash: 0% to 50% [earnout_to_closing_payment]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("upfront_cash", 10_000_000, 900_000_000, step=100_000, decimals=0),
            money("earnout_payment", 2_000_000, 200_000_000, step=50_000, decimals=0),
            rate("earnout_probability", 20, 90, step=1, decimals=0),
            count("earnout_years", 1, 5, unit=Unit.YEARS),
            rate("discount_rate", 6, 16, step=0.25),
        ],
        constraints=[
            "earnout_payment <= 0.5 * upfront_cash",
        ],
        question=(
            "{acquirer} buys {target} for {upfront_cash} in cash at closing plus an earnout of "
            "{earnout_payment} payable in {earnout_years} if revenue targets are met. {acquirer} puts "
            "the chance of paying the earnout at {earnout_probability} and discounts it at {discount_rate} "
            "a year. What is the expected present value of the total consideration? Round to the nearest "
            "dollar."
        ),
        steps=[
            dollars("expected_earnout", "earnout_payment * earnout_probability", "Expected earnout payment"),
            step(
                "discount_factor",
                "1 / (1 + discount_rate) ** earnout_years",
                "Discount factor for the payment date",
                unit=Unit.NONE,
                decimals=8,
            ),
            dollars("earnout_value", "expected_earnout * discount_factor", "Present value of the earnout"),
            dollars("total_consideration", "upfront_cash + earnout_value", "Expected value paid"),
        ],
        answer=numeric("total_consideration"),
    )


@template(difficulty="advanced")
def eps_accretion_or_dilution_in_a_forecast_year() -> Template:
    """Accretion/dilution of an all-stock deal in a later forecast year n.

    Standalone EPS_n = EPS₀ (1 + g_a)^n; pro forma EPS_n = (EPS_n · shares_acquirer + NI_target (1 + g_t)^n
    + S (1 − t)) / (shares_acquirer + offer value / acquirer price); accretion = pro forma / standalone − 1.

    Bands:
        eps_change: -30% to 50%
        acquirer_price / acquirer_eps: 8 to 35
        offer_price / target_eps: 8 to 45

    Relations:
        tax_rate: 21% to 28% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("acquirer"),
            company("target"),
            money("acquirer_eps", 1.5, 12, step=0.01),
            share_count("acquirer_shares", 100_000_000, 2_000_000_000, 1_000_000),
            money("acquirer_price", 20, 400, step=0.01),
            rate("acquirer_growth", 2, 12, step=0.5, decimals=1),
            money("target_eps", 0.5, 10, step=0.01),
            share_count("target_shares", 10_000_000, 400_000_000, 100_000),
            rate("target_growth", 2, 15, step=0.5, decimals=1),
            money("offer_price", 10, 300, step=0.01),
            money("pretax_synergies", 0, 300_000_000, step=1_000_000, decimals=0),
            rate("tax_rate", 21, 28, step=0.5, decimals=1),
            count("forecast_year", 2, 5),
        ],
        constraints=[
            "10 * acquirer_eps <= acquirer_price <= 35 * acquirer_eps",
            "12 * target_eps <= offer_price <= 40 * target_eps",
            "offer_price * target_shares <= 0.5 * acquirer_price * acquirer_shares",
            # Forecast growth rates of two companies in one deal stay within six points of each other.
            "abs(target_growth - acquirer_growth) <= 0.06",
            "pretax_synergies <= target_eps * target_shares",
        ],
        question=(
            "{acquirer} earns {acquirer_eps} per share on {acquirer_shares} and its stock trades at "
            "{acquirer_price}. It agrees to buy {target}, which earns {target_eps} per share on "
            "{target_shares}, for {offer_price} a share paid entirely in new {acquirer} shares issued at "
            "the current price (rounded to whole shares). On their own, {acquirer}'s earnings per share are "
            "forecast to grow {acquirer_growth} a year and {target}'s net income {target_growth} a year, "
            "compounded from today's figures. The deal adds {pretax_synergies} of pre-tax synergies a year, "
            "taxed at {tax_rate}. By what percentage does the deal change {acquirer}'s earnings per share in "
            "year {forecast_year} after closing, compared with its standalone forecast for that year? (A "
            "negative answer means dilution.) Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "new_shares",
                "offer_price * target_shares / acquirer_price",
                "New acquirer shares issued",
                unit=Unit.SHARES,
                decimals=0,
                rounded_before_use=True,
            ),
            step(
                "standalone_eps",
                "acquirer_eps * (1 + acquirer_growth) ** forecast_year",
                "Acquirer's standalone EPS in the forecast year",
                decimals=4,
            ),
            dollars(
                "target_net_income",
                "target_eps * target_shares * (1 + target_growth) ** forecast_year",
                "Target net income in the forecast year",
            ),
            dollars("after_tax_synergies", "pretax_synergies * (1 - tax_rate)", "Synergies after tax"),
            step(
                "pro_forma_eps",
                "(standalone_eps * acquirer_shares + target_net_income + after_tax_synergies)"
                " / (acquirer_shares + new_shares)",
                "Combined earnings per share in the forecast year",
                decimals=4,
            ),
            step(
                "eps_change",
                "pro_forma_eps / standalone_eps - 1",
                "Accretion (+) or dilution (−)",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("eps_change"),
    )
