"""Securities regulations: U.S. ownership disclosure, insider trading limits, resale and offering rules.

Covers the Schedule 13D trigger (beneficial ownership above 5% of a registered class), Section 16(b)
short-swing profits, the Rule 144 volume limit for affiliates, the Regulation Crowdfunding
investment limit, and the accredited-investor tests of Rule 501(a), also with their 1982 dollar
thresholds indexed to inflation. Every threshold a problem uses is stated in its question.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    money,
    numeric,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def schedule_13d_filing_trigger() -> Template:
    """Beneficial ownership = (shares held + shares bought) / shares outstanding; 13D required above 5%.

    Bands:
        ownership_percentage: 2.5% to 9%

    Relations:
        disclosure_threshold == 0.05 and shares_held <= 0.05 * shares_outstanding [schedule_13d_threshold]
    """
    return Template(
        givens=[
            person("investor"),
            company("issuer"),
            count("shares_held", 0, 3_000_000, unit=Unit.SHARES),
            count("shares_bought", 10_000, 4_000_000, unit=Unit.SHARES),
            count("shares_outstanding", 5_000_000, 80_000_000, unit=Unit.SHARES),
            rate("disclosure_threshold", 5, 5),
        ],
        constraints=[
            "shares_held <= 0.05 * shares_outstanding",
            "(shares_held + shares_bought) / shares_outstanding >= 0.025",
            "(shares_held + shares_bought) / shares_outstanding <= 0.09",
        ],
        question=(
            "{investor} already holds {shares_held} of {issuer}'s registered voting common stock and buys "
            "another {shares_bought}. {issuer} has {shares_outstanding} outstanding. Compute the investor's "
            "beneficial ownership as a percentage to two decimal places and classify the position as "
            "'Schedule 13D required' if it is more than {disclosure_threshold}, otherwise 'no filing "
            "required'."
        ),
        steps=[
            step(
                "shares_owned",
                "shares_held + shares_bought",
                "Shares owned after the purchase",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step(
                "ownership_percentage",
                "shares_owned / shares_outstanding",
                "Beneficial ownership of the class",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical(
            [("ownership_percentage > disclosure_threshold", "Schedule 13D required")],
            otherwise="no filing required",
        ),
    )


@template(difficulty="basic")
def short_swing_profit_disgorgement() -> Template:
    """Section 16(b) short-swing profit = min(bought, sold) × (sale price − purchase price).

    Bands:
        sale_price / purchase_price: 100% to 160%
        short_swing_profit: 0 to 20,000,000

    Relations:
        sale_price / purchase_price: 1 to 1.6 [stock_price_change_over_months]
    """
    return Template(
        givens=[
            person("insider"),
            company("issuer"),
            count("shares_bought", 1_000, 200_000, unit=Unit.SHARES),
            money("purchase_price", 5, 200, step=0.05),
            count("shares_sold", 1_000, 200_000, unit=Unit.SHARES),
            money("sale_price", 5, 250, step=0.05),
        ],
        constraints=["sale_price > purchase_price", "sale_price <= 1.6 * purchase_price"],
        question=(
            "{insider}, a director of {issuer}, buys {shares_bought} of {issuer} stock at {purchase_price} "
            "per share and, four months later, sells {shares_sold} at {sale_price} per share. Under Section "
            "16(b), the profit on the shares matched between the purchase and the sale within six months "
            "must be returned to the company. How much must {insider} disgorge? Round to the nearest cent."
        ),
        steps=[
            step(
                "matched_shares",
                "min(shares_bought, shares_sold)",
                "Shares matched purchase-to-sale",
                unit=Unit.SHARES,
                decimals=0,
            ),
            step(
                "short_swing_profit", "matched_shares * (sale_price - purchase_price)", "Profit to disgorge"
            ),
        ],
        answer=numeric("short_swing_profit"),
    )


@template(difficulty="intermediate")
def rule_144_volume_limit() -> Template:
    """Rule 144(e) volume limit = max(1% of shares outstanding, average weekly volume over 4 weeks).

    Bands:
        average_weekly_volume / shares_outstanding: 0.3% to 3%
        volume_limit / shares_outstanding: 0.99% to 3%

    Relations:
        outstanding_percent == 0.01 and lookback_weeks == 4 [rule_144_volume_limit]
        average_weekly_volume / shares_outstanding: 0.3% to 3% [weekly_share_turnover]
    """
    return Template(
        givens=[
            person("affiliate"),
            company("issuer"),
            count("shares_outstanding", 2_000_000, 300_000_000, unit=Unit.SHARES),
            series("weekly_volumes", count("week", 5_000, 4_000_000, unit=Unit.SHARES), length=4),
            count("lookback_weeks", 4, 4),
            rate("outstanding_percent", 1, 1),
        ],
        constraints=[
            "sum(weekly_volumes) / 4 >= 0.003 * shares_outstanding",
            "sum(weekly_volumes) / 4 <= 0.03 * shares_outstanding",
        ],
        question=(
            "{affiliate}, an officer of {issuer}, wants to sell restricted stock under Rule 144. {issuer} "
            "has {shares_outstanding} outstanding, and reported trading volume over the preceding "
            "{lookback_weeks} calendar weeks was {weekly_volumes}. In any three months an affiliate may sell "
            "no more than the greater of {outstanding_percent} of the shares outstanding and the average "
            "weekly volume over those weeks. What is the most {affiliate} may sell in the next three months? "
            "Give the answer in whole shares, rounding down."
        ),
        steps=[
            step(
                "percent_of_outstanding",
                "outstanding_percent * shares_outstanding",
                "One percent of the shares outstanding",
                unit=Unit.SHARES,
                decimals=2,
            ),
            step(
                "average_weekly_volume",
                "sum(weekly_volumes) / lookback_weeks",
                "Average weekly trading volume",
                unit=Unit.SHARES,
                decimals=2,
            ),
            step(
                "volume_limit",
                "floor(max(percent_of_outstanding, average_weekly_volume))",
                "The greater of the two, in whole shares",
                unit=Unit.SHARES,
                decimals=0,
            ),
        ],
        answer=numeric("volume_limit"),
    )


@template(difficulty="intermediate")
def regulation_crowdfunding_investment_limit() -> Template:
    """Regulation Crowdfunding 12-month limit for a non-accredited investor, with G = max(income, net worth).

    If min(income, net worth) < $124,000 the limit is max($2,500, 5% × G); otherwise min($124,000, 10% × G).

    Bands:
        investment_limit: 2,500 to 124,000
        max(annual_income, net_worth): 5,000 to 999,999

    Relations:
        income_threshold == 124000 and maximum_limit == 124000 and minimum_limit == 2500
            and lower_percent == 0.05 and higher_percent == 0.1 [regulation_crowdfunding_limits]
        net_worth / annual_income: 0.1 to 15 [household_net_worth_to_income]
    """
    return Template(
        givens=[
            person("investor"),
            # Not accredited: income under $200,000 and net worth (home excluded) under $1 million.
            money("annual_income", 25_000, 199_500, step=500),
            money("net_worth", 5_000, 999_000, step=1_000),
            money("income_threshold", 124_000, 124_000),
            money("minimum_limit", 2_500, 2_500),
            rate("lower_percent", 5, 5),
            rate("higher_percent", 10, 10),
            money("maximum_limit", 124_000, 124_000),
        ],
        constraints=[
            "net_worth >= 0.1 * annual_income",
            "net_worth <= 15 * annual_income",
        ],
        question=(
            "{investor}, who is not an accredited investor, has annual income of {annual_income} and a net "
            "worth of {net_worth}. Under the Regulation Crowdfunding limits: if either annual income or net "
            "worth is less than {income_threshold}, the investor may put in, over 12 months, the greater of "
            "{minimum_limit} and {lower_percent} of the greater of income and net worth; otherwise "
            "{higher_percent} of the greater of the two, up to {maximum_limit}. What is {investor}'s "
            "12-month investment limit? Round to the nearest cent."
        ),
        steps=[
            step("greater_measure", "max(annual_income, net_worth)", "Greater of income and net worth"),
            step("lesser_measure", "min(annual_income, net_worth)", "Lesser of income and net worth"),
            step(
                "investment_limit",
                "max(minimum_limit, lower_percent * greater_measure) if lesser_measure < income_threshold"
                " else min(maximum_limit, higher_percent * greater_measure)",
                "12-month crowdfunding limit",
            ),
        ],
        answer=numeric("investment_limit"),
    )


@template(difficulty="advanced")
def accredited_investor_status_with_thresholds_indexed_to_inflation() -> Template:
    """Rule 501(a) tests for a natural person, with the 1982 dollar thresholds grown by inflation.

    Accredited if net worth excluding the primary residence (and the mortgage up to the home's value)
    exceeds $1,000,000 · (1 + π)ⁿ, or income exceeded $200,000 · (1 + π)ⁿ in each of the last two
    years, where π is the average inflation over the n years since the thresholds were set.

    Bands:
        test_net_worth: -1,000,000 to 8,000,000
        lower_recent_income: 60,000 to 1,000,000
        inflation_factor: 1.8 to 4.3

    Relations:
        inflation_rate: 2% to 3.5% [us_consumer_price_inflation]
    """
    return Template(
        givens=[
            person("investor"),
            money("total_assets", 300_000, 8_000_000, step=1_000),
            money("home_value", 100_000, 2_500_000, step=1_000),
            money("total_liabilities", 50_000, 3_000_000, step=1_000),
            money("mortgage_balance", 0, 2_500_000, step=1_000),
            money("income_last_year", 60_000, 1_000_000, step=1_000),
            money("income_prior_year", 60_000, 1_000_000, step=1_000),
            money("net_worth_threshold", 1_000_000, 1_000_000),
            money("income_threshold", 200_000, 200_000),
            rate("inflation_rate", 2, 3.5, step=0.1),
            count("years_since_set", 30, 42, unit=Unit.YEARS),
        ],
        constraints=[
            "home_value <= 0.7 * total_assets",
            "mortgage_balance <= total_liabilities",
            "mortgage_balance <= 1.2 * home_value",
            "total_liabilities <= total_assets",
            # Debts beyond the home exceed the other assets by at most $1 million.
            "total_liabilities - min(mortgage_balance, home_value) <= total_assets - home_value + 1_000_000",
            # The two years' incomes are within a factor of two of each other.
            "income_last_year <= 2 * income_prior_year",
            "income_prior_year <= 2 * income_last_year",
        ],
        question=(
            "{investor}, who is unmarried, has total assets of {total_assets}, including a primary residence "
            "worth {home_value}, and total liabilities of {total_liabilities}, including a mortgage of "
            "{mortgage_balance} on that residence that has not increased in the last 60 days. Income was "
            "{income_prior_year} two years ago and {income_last_year} last year, and the investor expects "
            "about the same this year. The accredited-investor thresholds of {net_worth_threshold} of net "
            "worth and {income_threshold} of income were set {years_since_set} ago; suppose both had grown "
            "with inflation, compounding at {inflation_rate} a year since then. For the net-worth test, the "
            "home is excluded and so is the mortgage up to the home's value (any excess counts as a "
            "liability). Classify the investor as 'accredited' if net worth so measured exceeds the indexed "
            "net-worth threshold or income exceeded the indexed income threshold in each of the last two "
            "years, otherwise 'not accredited'."
        ),
        steps=[
            step(
                "assets_excluding_home", "total_assets - home_value", "Assets without the primary residence"
            ),
            step(
                "excluded_mortgage",
                "min(mortgage_balance, home_value)",
                "Mortgage excluded (up to the home's value)",
            ),
            step(
                "liabilities_counted",
                "total_liabilities - excluded_mortgage",
                "Liabilities counted in the test",
            ),
            step("test_net_worth", "assets_excluding_home - liabilities_counted", "Net worth for the test"),
            step(
                "lower_recent_income",
                "min(income_last_year, income_prior_year)",
                "Lower of the two years' incomes",
            ),
            step(
                "inflation_factor",
                "(1 + inflation_rate) ** years_since_set",
                "Growth of prices since the thresholds were set",
                unit=Unit.NONE,
                decimals=4,
            ),
            step(
                "indexed_net_worth_threshold",
                "net_worth_threshold * inflation_factor",
                "Net-worth threshold in today's dollars",
            ),
            step(
                "indexed_income_threshold",
                "income_threshold * inflation_factor",
                "Income threshold in today's dollars",
            ),
        ],
        answer=categorical(
            [
                ("test_net_worth > indexed_net_worth_threshold", "accredited"),
                ("lower_recent_income > indexed_income_threshold", "accredited"),
            ],
            otherwise="not accredited",
        ),
    )
