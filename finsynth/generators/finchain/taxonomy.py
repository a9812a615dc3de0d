"""FinChain's taxonomy: 12 domains and 58 topics, with the module name of each.

Topic modules live at ``finsynth/generators/finchain/templates/<domain>/<topic>.py``.
Plugins may add topics to a domain with :func:`add_topic` before registering templates there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    """A topic of the taxonomy.

    Attributes:
        slug: Module name, e.g. ``compound_interest``.
        title: Display name, e.g. ``Compound Interest``.

    """

    slug: str
    title: str


@dataclass(frozen=True)
class Domain:
    """A domain of the taxonomy with its topics."""

    slug: str
    title: str
    topics: tuple[Topic, ...]


def _domain(slug: str, title: str, *topics: tuple[str, str]) -> Domain:
    return Domain(slug, title, tuple(Topic(topic_slug, topic_title) for topic_slug, topic_title in topics))


DOMAINS: tuple[Domain, ...] = (
    _domain(
        "corporate_finance",
        "Corporate Finance",
        ("capital_structure", "Capital Structure"),
        ("dividend_policies", "Dividend Policies"),
        ("earnings_per_share", "Earnings Per Share"),
        ("weighted_average_cost_of_capital", "Weighted Average Cost of Capital"),
    ),
    _domain(
        "investment_analysis",
        "Investment Analysis",
        ("return_on_investment", "Return on Investment"),
        ("internal_rate_of_return", "Internal Rate of Return"),
        ("net_present_value", "Net Present Value"),
        ("compound_interest", "Compound Interest"),
        ("risk_and_return", "Risk and Return"),
    ),
    _domain(
        "personal_finance",
        "Personal Finance",
        ("loan_repayments", "Loan Repayments"),
        ("budgeting", "Budgeting"),
        ("saving_and_retirement_planning", "Saving and Retirement Planning"),
        ("personal_investment", "Personal Investment"),
        ("tax_calculation", "Tax Calculation"),
    ),
    _domain(
        "financial_ratios",
        "Financial Ratios",
        ("liquidity_ratios", "Liquidity Ratios"),
        ("leverage_ratios", "Leverage Ratios"),
        ("efficiency_ratios", "Efficiency Ratios"),
        ("profitability_ratios", "Profitability Ratios"),
    ),
    _domain(
        "risk_management",
        "Risk Management",
        ("value_at_risk", "Value at Risk"),
        ("scenario_planning", "Scenario Planning"),
        ("sensitivity_analysis", "Sensitivity Analysis"),
        ("risk_appetite", "Risk Appetite"),
        ("risk_metrics", "Risk Metrics"),
        ("stress_testing", "Stress Testing"),
        ("regulatory_compliance", "Regulatory Compliance"),
    ),
    _domain(
        "sustainable_finance",
        "Sustainable Finance",
        ("social_impact_investing", "Social Impact Investing"),
        ("carbon_credits", "Carbon Credits"),
        ("sustainability_reporting", "Sustainability Reporting"),
        ("green_bonds", "Green Bonds"),
        ("esg_investing", "ESG Investing"),
    ),
    _domain(
        "mergers_and_acquisitions",
        "Mergers and Acquisitions",
        ("due_diligence", "Due Diligence"),
        ("deal_structure", "Deal Structure"),
        ("valuation_methods", "Valuation Methods"),
        ("post_merger_integration", "Post-Merger Integration"),
        ("synergies_and_cost_savings", "Synergies and Cost Savings"),
    ),
    _domain(
        "financial_markets",
        "Financial Markets",
        ("forex_trading", "Forex Trading"),
        ("option_pricing", "Option Pricing"),
        ("bond_pricing", "Bond Pricing"),
        ("stock_market_analysis", "Stock Market Analysis"),
    ),
    _domain(
        "fintech",
        "Fintech",
        ("payment_technologies", "Payment Technologies"),
        ("digital_banking", "Digital Banking"),
        ("robo_advisors", "Robo Advisors"),
    ),
    _domain(
        "crypto_finance",
        "Crypto Finance",
        ("crypto_regulation", "Crypto Regulatory"),
        ("tokenomics", "Tokenomics"),
        ("whale_detection", "Whale Detection"),
        ("transaction_analysis", "Transaction Analysis"),
        ("decentralized_finance", "Decentralized Finance"),
        ("global_events_impact", "Global Events Impact"),
        ("sentiment_analysis", "Sentiments"),
    ),
    _domain(
        "financial_reporting",
        "Financial Reporting",
        ("depreciation_and_amortization", "Depreciation/Amortization"),
        ("cash_flow_statements", "Cash Flow Statements"),
        ("income_statements", "Income Statements"),
        ("balance_sheets", "Balance Sheets"),
    ),
    _domain(
        "finance_regulation",
        "Finance Regulation",
        ("basel_accords", "Basel Accords"),
        ("aml_regulations", "AML Regulations"),
        ("kyc_requirements", "KYC Requirements"),
        ("securities_regulations", "Securities Regulations"),
        ("compliance_risk_management", "Compliance Risk Management"),
    ),
)
"""Every domain in the taxonomy's order."""

_SLUG = re.compile(r"[a-z][a-z0-9_]*")

_BY_SLUG: dict[str, tuple[Domain, dict[str, Topic]]] = {
    domain.slug: (domain, {topic.slug: topic for topic in domain.topics}) for domain in DOMAINS
}


def find_topic(domain_slug: str, topic_slug: str) -> tuple[Domain, Topic]:
    """Return the domain and topic for two module names.

    Raises:
        KeyError: With the allowed names, if either is not in the taxonomy.

    """
    if domain_slug not in _BY_SLUG:
        raise KeyError(f"unknown FinChain domain {domain_slug!r}; known: {', '.join(_BY_SLUG)}")
    domain, topics = _BY_SLUG[domain_slug]
    if topic_slug not in topics:
        raise KeyError(f"unknown topic {topic_slug!r} in {domain_slug}; known: {', '.join(topics)}")
    return domain, topics[topic_slug]


def add_topic(domain_slug: str, topic_slug: str, title: str) -> Topic:
    """Add a topic to a domain of the taxonomy (for plugin templates), or return it if it exists.

    Args:
        domain_slug: An existing domain, e.g. ``corporate_finance``.
        topic_slug: The new topic's slug, lower case with underscores, e.g. ``lease_accounting``.
        title: Its display name, e.g. ``Lease Accounting``.

    Returns:
        The topic.

    Raises:
        KeyError: If the domain is unknown.
        ValueError: If the slug is malformed or the topic exists under another title.

    """
    if domain_slug not in _BY_SLUG:
        raise KeyError(f"unknown FinChain domain {domain_slug!r}; known: {', '.join(_BY_SLUG)}")
    if not _SLUG.fullmatch(topic_slug):
        raise ValueError(f"topic slug {topic_slug!r} must be lower case letters, digits and underscores")
    topics = _BY_SLUG[domain_slug][1]
    existing = topics.get(topic_slug)
    if existing is not None:
        if existing.title != title:
            raise ValueError(f"topic {domain_slug}/{topic_slug} exists with the title {existing.title!r}")
        return existing
    topics[topic_slug] = Topic(topic_slug, title)
    return topics[topic_slug]
