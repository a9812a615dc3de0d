"""Real, long-standing US securities rules with a number in them, and the verdicts they give.

Each rule is summarised in our own words with its source. The numbers are the rules' own
(unchanged since at least 2021): Rule 144's holding periods (17 CFR 230.144(d), since 2008)
and its volume limit for affiliates (230.144(e)); the Regulation Crowdfunding limit of
$5,000,000 in 12 months (17 CFR 227.100(a)(1), since March 2021); the Rule 504 limit of
$10,000,000 in 12 months (17 CFR 230.504(b)(2), since March 2021); the 5% beneficial-ownership
threshold of Exchange Act section 13(d) (Schedule 13D, or the short-form Schedule 13G for a
passive holder below 20%, Rule 13d-1(c)); the short-swing profit rule of section 16(b)
(purchases and sales within less than six months); and the individual accredited-investor
tests of Rule 501(a) ($200,000 income, $300,000 with a spouse, or $1,000,000 net worth
excluding the primary residence).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass


@dataclass(frozen=True)
class SecuritiesRule:
    """A rule as an adviser cites it.

    Attributes:
        key: Stable id.
        name: What practitioners call it.
        source: Where it is written.
        summary: What it requires, in our words.

    """

    key: str
    name: str
    source: str
    summary: str


RULES: dict[str, SecuritiesRule] = {
    rule.key: rule
    for rule in (
        SecuritiesRule(
            "holding_period",
            "Rule 144 holding period",
            "SEC Rule 144(d), 17 CFR 230.144(d)",
            "restricted securities may be resold publicly under Rule 144 only after a holding period of six "
            "months if the issuer has filed SEC reports for at least 90 days, or one year if it has not",
        ),
        SecuritiesRule(
            "volume_limit",
            "Rule 144 volume limit for affiliates",
            "SEC Rule 144(e), 17 CFR 230.144(e)",
            "an affiliate may sell in any three months no more than the greater of 1% of the shares "
            "outstanding and the average weekly trading volume over the four weeks before the sale notice",
        ),
        SecuritiesRule(
            "crowdfunding_limit",
            "Regulation Crowdfunding offering limit",
            "Regulation Crowdfunding, 17 CFR 227.100(a)(1)",
            "an issuer may raise at most $5,000,000 through crowdfunding offerings in any 12-month period",
        ),
        SecuritiesRule(
            "rule_504_limit",
            "Rule 504 offering limit",
            "Regulation D, Rule 504(b)(2), 17 CFR 230.504(b)(2)",
            "an issuer may sell at most $10,000,000 of securities under Rule 504 in any 12-month period",
        ),
        SecuritiesRule(
            "ownership_report",
            "5% beneficial-ownership reporting",
            "Securities Exchange Act of 1934, section 13(d), and SEC Rule 13d-1",
            "a person who acquires beneficial ownership of more than 5% of a class of registered voting "
            "shares must file Schedule 13D, or the shorter Schedule 13G if the holding is passive and below "
            "20%",
        ),
        SecuritiesRule(
            "short_swing",
            "short-swing profit rule",
            "Securities Exchange Act of 1934, section 16(b)",
            "a director, officer or holder of more than 10% must give the company any profit from a purchase "
            "and a sale (or a sale and a purchase) of its shares made within less than six months of each "
            "other",
        ),
        SecuritiesRule(
            "accredited_investor",
            "accredited investor test for individuals",
            "Regulation D, Rule 501(a), 17 CFR 230.501(a)",
            "an individual is accredited with income above $200,000 in each of the last two years (or "
            "$300,000 together with a spouse) and a reasonable expectation of the same this year, or with "
            "net worth above $1,000,000 excluding the primary residence",
        ),
    )
}
"""The rules, by key."""

CROWDFUNDING_LIMIT = 5_000_000
RULE_504_LIMIT = 10_000_000
OWNERSHIP_THRESHOLD_PERCENT = 5
PASSIVE_CEILING_PERCENT = 20
INCOME_TEST, JOINT_INCOME_TEST, NET_WORTH_TEST = 200_000, 300_000, 1_000_000


def add_months(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` later (the month's last day when it has no such day)."""
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    for last in (31, 30, 29, 28):
        try:
            return day.replace(year=year, month=month, day=min(day.day, last))
        except ValueError:
            continue
    raise AssertionError("unreachable: every month has a 28th")


def holding_period_end(bought: datetime.date, reporting_issuer: bool) -> datetime.date:
    """First day a Rule 144 resale is allowed: six months (reporting issuer) or one year after purchase."""
    return add_months(bought, 6 if reporting_issuer else 12)


def within_six_months(first: datetime.date, second: datetime.date) -> bool:
    """Whether two trades are within less than six months of each other (section 16(b))."""
    earlier, later = sorted((first, second))
    return later < add_months(earlier, 6)
