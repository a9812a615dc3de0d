"""Earnings per share: profit attributable to each common share, basic and diluted.

Covers basic EPS after preferred dividends, weighting shares issued during the year,
restating the weighted share count for a stock split, and diluted EPS under the
if-converted method (convertible bonds) and the treasury stock method (options), with the
compound annual growth of diluted EPS.
"""

from finsynth.generators.finchain.dsl import (
    NumberGiven,
    Template,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    option,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Quantity, Unit
from finsynth.generators.finchain.template import template

# Month names with their number in the calendar year, for shares issued on the first day of a month.
ISSUE_MONTHS = {
    "February": 2,
    "March": 3,
    "April": 4,
    "May": 5,
    "June": 6,
    "July": 7,
    "August": 8,
    "September": 9,
    "October": 10,
    "November": 11,
    "December": 12,
}

SPLIT_RATIOS = {"2-for-1": 2, "3-for-2": 1.5, "3-for-1": 3, "5-for-4": 1.25}


@template(difficulty="basic")
def basic_eps_after_preferred_dividends() -> Template:
    """Basic EPS: (net income − preferred dividends) / weighted average common shares.

    Bands:
        basic_eps: 0.1 to 40
        preferred_dividends / net_income: 0% to 50%

    Relations:
        preferred_shares * preferred_dividend_per_share / net_income: 0% to 50%
            [preferred_dividends_to_net_income]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 1_000_000, 500_000_000, step=10_000),
            count("preferred_shares", 100_000, 5_000_000, unit=Unit.SHARES),
            money("preferred_dividend_per_share", 0.5, 8, step=0.05),
            count("weighted_common_shares", 2_000_000, 400_000_000, unit=Unit.SHARES),
        ],
        constraints=[
            "preferred_shares * preferred_dividend_per_share <= 0.5 * net_income",
            "(net_income - preferred_shares * preferred_dividend_per_share) / weighted_common_shares >= 0.1",
            "(net_income - preferred_shares * preferred_dividend_per_share) / weighted_common_shares <= 40",
        ],
        question=(
            "{firm} reported net income of {net_income}. It has {preferred_shares} of preferred stock that "
            "each pay an annual dividend of {preferred_dividend_per_share}, all declared this year, and its "
            "weighted average number of common shares was {weighted_common_shares}. What is its basic "
            "earnings per share? Round to the nearest cent."
        ),
        steps=[
            step(
                "preferred_dividends",
                "preferred_shares * preferred_dividend_per_share",
                "Dividends owed to preferred shareholders",
            ),
            step("earnings_to_common", "net_income - preferred_dividends", "Earnings available to common"),
            step("basic_eps", "earnings_to_common / weighted_common_shares", "Basic EPS"),
        ],
        answer=numeric("basic_eps"),
    )


@template(difficulty="basic")
def eps_with_shares_issued_during_the_year() -> Template:
    """Basic EPS with an issuance: EPS = net income / weighted shares.

    Weighted shares = beginning shares + new shares · months outstanding / 12.

    Bands:
        basic_eps: 0.05 to 40
        weighted_average_shares / beginning_shares: 100% to 140%

    Relations:
        new_shares / beginning_shares: 0% to 40% [shares_issued_in_a_year]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 1_000_000, 500_000_000, step=10_000),
            count("beginning_shares", 2_000_000, 300_000_000, unit=Unit.SHARES),
            count("new_shares", 100_000, 60_000_000, unit=Unit.SHARES),
            option("issue_month", ISSUE_MONTHS),
        ],
        constraints=[
            "new_shares <= 0.4 * beginning_shares",
            "net_income / beginning_shares >= 0.1",
            "net_income / beginning_shares <= 40",
        ],
        question=(
            "{firm} had {beginning_shares} outstanding on January 1 and sold another {new_shares} on the "
            "first day of {issue_month}; nothing else changed during the calendar year. Net income for the "
            "year was {net_income} and there is no preferred stock. What is basic earnings per share? Round "
            "to the nearest cent."
        ),
        steps=[
            step(
                "months_outstanding",
                "12 - issue_month + 1",
                "Months the new shares were outstanding (issue month through December)",
                unit=Unit.MONTHS,
                decimals=0,
            ),
            step(
                "weighted_average_shares",
                "beginning_shares + new_shares * months_outstanding / 12",
                "Weighted average shares outstanding",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step("basic_eps", "net_income / weighted_average_shares", "Basic EPS"),
        ],
        answer=numeric("basic_eps"),
    )


@template(difficulty="intermediate")
def eps_restated_for_a_stock_split() -> Template:
    """Basic EPS with a stock split restated retroactively: weighted shares = (S₀ + N · m/12) · split ratio.

    A split changes no resources, so every share count before it is multiplied by the split ratio,
    whenever in the year the split happened.

    Bands:
        basic_eps: 0.05 to 40
        new_shares / beginning_shares: 0% to 40%

    Relations:
        new_shares / beginning_shares: 0% to 40% [shares_issued_in_a_year]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 1_000_000, 500_000_000, step=10_000),
            count("beginning_shares", 2_000_000, 200_000_000, unit=Unit.SHARES),
            # Whole dozens of shares: months × shares / 12 stays whole, so no step shows a repeating decimal.
            NumberGiven("new_shares", 100_008, 39_999_996, 12, Quantity(Unit.SHARES, 0)),
            option("issue_month", ISSUE_MONTHS),
            option("split_ratio", SPLIT_RATIOS),
            option("split_month", ISSUE_MONTHS),
        ],
        constraints=[
            "split_month > issue_month",
            "new_shares <= 0.4 * beginning_shares",
            "net_income / beginning_shares >= 0.2",
            "net_income / beginning_shares <= 40",
        ],
        question=(
            "{firm} had {beginning_shares} outstanding on January 1. It issued {new_shares} for cash on the "
            "first day of {issue_month}, and on the first day of {split_month} it carried out a "
            "{split_ratio} stock split. Net income for the calendar year was {net_income} and there is no "
            "preferred stock. Restating share counts for the split as required, what is basic earnings per "
            "share for the year? Round to the nearest cent."
        ),
        steps=[
            step(
                "months_outstanding",
                "12 - issue_month + 1",
                "Months the new shares were outstanding (issue month through December)",
                unit=Unit.MONTHS,
                decimals=0,
            ),
            step(
                "weighted_shares_before_split",
                "beginning_shares + new_shares * months_outstanding / 12",
                "Weighted average shares in pre-split units",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step(
                "restated_weighted_shares",
                "weighted_shares_before_split * split_ratio",
                "Weighted average shares restated for the split (applies to the whole year)",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step("basic_eps", "net_income / restated_weighted_shares", "Basic EPS"),
        ],
        answer=numeric("basic_eps"),
    )


@template(difficulty="intermediate")
def diluted_eps_with_convertible_bonds() -> Template:
    """If-converted diluted EPS: (net income + interest · (1 − t)) / (basic shares + conversion shares).

    Bands:
        convertible_face_value / conversion_shares / (net_income / weighted_common_shares): 8 to 50
        conversion_shares / weighted_common_shares: 0% to 30%
        diluted_eps: 0.1 to 40

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
        price_earnings: 8 to 35 [price_to_earnings]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 2_000_000, 500_000_000, step=10_000),
            count("weighted_common_shares", 2_000_000, 300_000_000, unit=Unit.SHARES),
            money("convertible_face_value", 1_000_000, 300_000_000, step=100_000),
            rate("coupon_rate", 0.5, 5, step=0.05),
            # The conversion price is set at a premium to the share price, which trades at a P/E multiple.
            number("price_earnings", 8, 35, step=0.5, decimals=1),
            rate("conversion_premium", 10, 40, step=1, decimals=0),
            derived(
                "conversion_shares",
                "convertible_face_value / (net_income / weighted_common_shares * price_earnings"
                " * (1 + conversion_premium))",
                unit=Unit.SHARES,
                decimals=0,
            ),
            rate("tax_rate", 15, 35, step=0.5),
        ],
        constraints=[
            "net_income / weighted_common_shares >= 0.2",
            "net_income / weighted_common_shares <= 40",
            "conversion_shares <= 0.3 * weighted_common_shares",
            # The bonds are dilutive: the after-tax interest saved per new share is below basic EPS.
            "convertible_face_value * coupon_rate * (1 - tax_rate) / conversion_shares"
            " <= 0.9 * net_income / weighted_common_shares",
        ],
        question=(
            "{firm} earned net income of {net_income} on a weighted average of {weighted_common_shares} "
            "outstanding, and has no preferred stock. It also has {convertible_face_value} of convertible "
            "bonds paying a {coupon_rate} coupon, convertible in total into {conversion_shares}; they were "
            "outstanding all year. The tax rate is {tax_rate}. Using the if-converted method, what is "
            "diluted earnings per share? Round to the nearest cent."
        ),
        steps=[
            step(
                "after_tax_interest",
                "convertible_face_value * coupon_rate * (1 - tax_rate)",
                "After-tax interest that conversion would save",
            ),
            step(
                "adjusted_earnings", "net_income + after_tax_interest", "Earnings if the bonds were converted"
            ),
            step(
                "diluted_shares",
                "weighted_common_shares + conversion_shares",
                "Shares if the bonds were converted",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step("diluted_eps", "adjusted_earnings / diluted_shares", "Diluted EPS"),
        ],
        answer=numeric("diluted_eps"),
    )


@template(difficulty="advanced")
def compound_growth_of_diluted_eps_by_the_treasury_stock_method() -> Template:
    """Compound annual growth of diluted EPS: (EPS_now / EPS_then)^(1/n) − 1, EPS_now by treasury stock.

    EPS_now = (NI − preferred dividends) / (basic shares + N − N · K / P̄): options on N shares at
    exercise price K add N − N·K/P̄ shares when the average price P̄ exceeds K.

    Bands:
        average_share_price / (earnings_to_common / weighted_common_shares): 5 to 40
        exercise_price / average_share_price: 30% to 95%
        incremental_shares / weighted_common_shares: 0% to 20%
        eps_growth_rate: -16% to 32%

    Relations:
        price_earnings: 8 to 35 [price_to_earnings]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 2_000_000, 500_000_000, step=10_000),
            money("preferred_dividends", 0, 40_000_000, step=10_000),
            count("weighted_common_shares", 2_000_000, 300_000_000, unit=Unit.SHARES),
            count("options_outstanding", 50_000, 40_000_000, unit=Unit.SHARES),
            # The share price trades at a P/E multiple of EPS; options are struck below it.
            number("price_earnings", 8, 35, step=0.5, decimals=1),
            derived(
                "average_share_price",
                "(net_income - preferred_dividends) / weighted_common_shares * price_earnings",
            ),
            rate("strike_to_price", 30, 95, step=1, decimals=0),
            derived("exercise_price", "average_share_price * strike_to_price"),
            count("years", 3, 10, unit=Unit.YEARS),
            # The earlier diluted EPS follows from a growth rate drawn within what listed firms show.
            rate("past_growth", -12, 25, step=0.5),
            derived(
                "past_diluted_eps",
                "(net_income - preferred_dividends) / weighted_common_shares / (1 + past_growth) ** years",
            ),
        ],
        constraints=[
            "preferred_dividends <= 0.3 * net_income",
            "(net_income - preferred_dividends) / weighted_common_shares >= 0.5",
            "(net_income - preferred_dividends) / weighted_common_shares <= 40",
            "options_outstanding <= 0.2 * weighted_common_shares",
            "exercise_price <= 0.95 * average_share_price",
            "exercise_price >= 0.3 * average_share_price",
            "past_diluted_eps >= 0.25",
        ],
        question=(
            "{firm} reported net income of {net_income} this year and declared {preferred_dividends} of "
            "preferred dividends. Its weighted average common shares were {weighted_common_shares}. "
            "Employees hold options on {options_outstanding} with an exercise price of {exercise_price}, "
            "outstanding all year, and the stock's average market price for the year was "
            "{average_share_price}. Diluted EPS was {past_diluted_eps} {years} ago. Using the treasury stock "
            "method for this year's diluted EPS, at what compound annual rate has diluted EPS grown? "
            "Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("earnings_to_common", "net_income - preferred_dividends", "Earnings available to common"),
            step(
                "shares_repurchased",
                "options_outstanding * exercise_price / average_share_price",
                "Shares the exercise proceeds buy back at the average price",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step(
                "incremental_shares",
                "options_outstanding - shares_repurchased",
                "Net new shares from the options",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step(
                "diluted_eps",
                "earnings_to_common / (weighted_common_shares + incremental_shares)",
                "Diluted EPS this year",
            ),
            step(
                "eps_growth_rate",
                "(diluted_eps / past_diluted_eps) ** (1 / years) - 1",
                "Compound annual growth of diluted EPS",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("eps_growth_rate"),
    )
