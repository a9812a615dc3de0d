"""Anti-money-laundering (AML) regulations: cash reporting, structuring red flags, and monitoring work.

Under the U.S. Bank Secrecy Act a bank files a Currency Transaction Report (CTR) when a customer's
cash transactions in one business day total more than $10,000, aggregating multiple deposits;
breaking deposits up to stay under that line (structuring) is itself a red flag. Transaction
monitoring raises alerts that analysts review and, where warranted, turn into Suspicious Activity
Reports (SARs); quality assurance re-reviews a sample of the alerts analysts closed.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    money,
    numeric,
    option,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def currency_transaction_report_aggregation() -> Template:
    """CTR test: aggregate a day's cash deposits, Σ deposits, and file when the total exceeds $10,000.

    Bands:
        total_cash_deposited: 1,000 to 25,000

    Relations:
        ctr_threshold == 10000 and max(cash_deposits) <= ctr_threshold [currency_transaction_report_threshold]
    """
    return Template(
        givens=[
            person("customer"),
            company("bank"),
            series("cash_deposits", money("deposit", 500, 6_000, step=50), length=(2, 4)),
            money("ctr_threshold", 10_000, 10_000),
        ],
        question=(
            "On one business day {customer} makes separate cash deposits of {cash_deposits} at different "
            "branches of {bank}. The bank must aggregate a customer's cash deposits for the day and file a "
            "Currency Transaction Report when the total is more than {ctr_threshold}. Classify the day as "
            "'CTR required' or 'no CTR required'."
        ),
        steps=[
            step(
                "total_cash_deposited", "sum(cash_deposits)", "Aggregate cash deposited in the business day"
            ),
        ],
        answer=categorical(
            [("total_cash_deposited > ctr_threshold", "CTR required")], otherwise="no CTR required"
        ),
    )


@template(difficulty="basic")
def false_positive_rate_of_monitoring_alerts() -> Template:
    """False-positive rate = (alerts − alerts leading to a SAR) / alerts.

    Bands:
        false_positive_rate: 85% to 99%

    Relations:
        alerts_leading_to_sar / alerts_reviewed: 1% to 15% [sar_share_of_monitoring_alerts]
    """
    return Template(
        givens=[
            company("bank"),
            count("alerts_reviewed", 200, 20_000),
            count("alerts_leading_to_sar", 1, 3_000),
        ],
        constraints=[
            "alerts_leading_to_sar >= 0.01 * alerts_reviewed",
            "alerts_leading_to_sar <= 0.15 * alerts_reviewed",
        ],
        question=(
            "{bank}'s transaction-monitoring system generated {alerts_reviewed} alerts last quarter, and "
            "analysts reviewed all of them. Only {alerts_leading_to_sar} of the alerts led to a Suspicious "
            "Activity Report; the rest were false positives. What is the false-positive rate? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "false_positive_alerts",
                "alerts_reviewed - alerts_leading_to_sar",
                "Alerts closed without a SAR",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "false_positive_rate",
                "false_positive_alerts / alerts_reviewed",
                "False-positive rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("false_positive_rate"),
    )


@template(difficulty="intermediate")
def structuring_red_flag_from_near_threshold_deposits() -> Template:
    """Structuring screen: share of deposits in [band × threshold, threshold], flagged at a set share.

    Bands:
        sum(cash_deposits) / len(cash_deposits): 7,000 to 10,000

    Relations:
        ctr_threshold == 10000 and max(cash_deposits) <= ctr_threshold [currency_transaction_report_threshold]
    """
    return Template(
        givens=[
            person("customer"),
            series("cash_deposits", money("deposit", 7_000, 10_000, step=10), length=(3, 8)),
            money("ctr_threshold", 10_000, 10_000),
            rate("band_share", 90, 90),
            rate("flag_share", 50, 50),
        ],
        question=(
            "Over two weeks {customer} made cash deposits of {cash_deposits}, each on a different day. A "
            "bank's structuring rule looks at deposits in the band just under the {ctr_threshold} reporting "
            "threshold: at least {band_share} of the threshold and no more than the threshold itself. It "
            "counts the deposits in that band and divides by the number of deposits, giving a percentage to "
            "two decimal places. Classify the customer as 'flag for review' if that share is at least "
            "{flag_share}, otherwise 'no flag'."
        ),
        steps=[
            step("band_floor", "band_share * ctr_threshold", "Lower edge of the near-threshold band"),
            step(
                "near_threshold_count",
                "sum((1 if deposit >= band_floor and deposit <= ctr_threshold else 0)"
                " for deposit in cash_deposits)",
                "Deposits inside the band",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "near_threshold_share",
                "near_threshold_count / sum(1 for deposit in cash_deposits)",
                "Share of deposits inside the band",
                unit=Unit.PERCENT,
                decimals=2,
                rounded_before_use=True,
            ),
        ],
        answer=categorical([("near_threshold_share >= flag_share", "flag for review")], otherwise="no flag"),
    )


@template(difficulty="intermediate")
def alert_backlog_clearance_time() -> Template:
    """Backlog clearance time = backlog / (analysts × reviews per analyst per day − new alerts per day).

    Bands:
        days_to_clear: 5 to 180

    Relations:
        480 / reviews_per_analyst_per_day: 12 to 60 [aml_alert_review_minutes]
    """
    return Template(
        givens=[
            company("bank"),
            count("backlog_alerts", 500, 60_000),
            count("new_alerts_per_day", 50, 3_000),
            count("analysts", 5, 200),
            count("reviews_per_analyst_per_day", 8, 40),
        ],
        constraints=[
            "5 * (analysts * reviews_per_analyst_per_day - new_alerts_per_day) <= backlog_alerts",
            "backlog_alerts <= 180 * (analysts * reviews_per_analyst_per_day - new_alerts_per_day)",
            "analysts * reviews_per_analyst_per_day >= 1.05 * new_alerts_per_day",
            "analysts * reviews_per_analyst_per_day <= 3 * new_alerts_per_day",
            "backlog_alerts / (analysts * reviews_per_analyst_per_day - new_alerts_per_day) <= 400",
        ],
        question=(
            "{bank}'s AML team has a backlog of {backlog_alerts} unreviewed monitoring alerts, and "
            "{new_alerts_per_day} new alerts arrive each business day. The team has {analysts} analysts, "
            "each of whom closes {reviews_per_analyst_per_day} alerts a business day. How many business days "
            "will it take to clear the backlog? Give the answer in days to two decimal places."
        ),
        steps=[
            step(
                "daily_capacity",
                "analysts * reviews_per_analyst_per_day",
                "Alerts the team closes per day",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "daily_backlog_reduction",
                "daily_capacity - new_alerts_per_day",
                "Net reduction of the backlog per day",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "days_to_clear",
                "backlog_alerts / daily_backlog_reduction",
                "Business days to clear the backlog",
                unit=Unit.DAYS,
                decimals=2,
            ),
        ],
        answer=numeric("days_to_clear"),
    )


@template(difficulty="advanced")
def cost_of_a_discovery_sample_of_closed_alerts() -> Template:
    """Discovery (zero-failure) sample for alert quality assurance, and what reviewing it costs.

    If no wrongly closed alert turns up in n alerts, the error rate is below p with confidence C when
    (1 − p)ⁿ ≤ 1 − C, so n = ⌈ln(1 − C) / ln(1 − p)⌉; cost = n · minutes per alert / 60 · hourly cost.

    Bands:
        sample_size: 22 to 460
        review_cost: 100 to 70,000

    Relations:
        minutes_per_alert: 10 to 60 [aml_alert_review_minutes]
        hourly_cost: 40 to 150 [compliance_staff_hourly_cost]
        tolerable_error_rate: 2% to 10% [tolerable_deviation_rate]
    """
    return Template(
        givens=[
            company("bank"),
            count("closed_alerts", 20_000, 500_000),
            option("confidence", {"90%": 0.90, "95%": 0.95, "99%": 0.99}),
            rate("tolerable_error_rate", 2, 10, step=0.5),
            count("minutes_per_alert", 10, 60),
            money("hourly_cost", 40, 150, step=0.5),
        ],
        question=(
            "{bank}'s analysts closed {closed_alerts} transaction-monitoring alerts last quarter without "
            "escalating them. Its AML quality-assurance team will re-review a random sample of them: if the "
            "sample holds no wrongly closed alert, the team wants {confidence} confidence that fewer than "
            "{tolerable_error_rate} of all closed alerts were closed wrongly. Treating the population as "
            "large enough that each draw is independent, the team takes the smallest sample that gives "
            "that confidence (a whole number of alerts, rounded up). A re-review takes "
            "{minutes_per_alert} minutes and staff time costs {hourly_cost} an hour. What does reviewing "
            "the sample cost? Round to the nearest cent."
        ),
        steps=[
            step(
                "required_sample",
                "log(1 - confidence) / log(1 - tolerable_error_rate)",
                "Alerts needed so that (1 − tolerable rate)^n is at most 1 − confidence",
                unit=Unit.NONE,
                decimals=2,
            ),
            step(
                "sample_size",
                "ceil(required_sample)",
                "Sample size in whole alerts",
                unit=Unit.NONE,
                decimals=0,
            ),
            step(
                "review_minutes",
                "sample_size * minutes_per_alert",
                "Staff minutes to re-review the sample",
                unit=Unit.NONE,
                decimals=0,
            ),
            # Hours are minutes / 60, often a repeating decimal: the cost is computed from the whole minutes.
            step("review_cost", "review_minutes / 60 * hourly_cost", "Cost of reviewing the sample"),
        ],
        answer=numeric("review_cost"),
    )
