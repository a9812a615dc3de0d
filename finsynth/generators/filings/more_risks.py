"""Further general risk factors, kept apart from ``general_risks.py`` so each file stays readable.

Bodies may use ``{customers}``, ``{products}`` and ``{competitors}``; all prose is our own.
"""

from __future__ import annotations

from finsynth.generators.filings.general_risks import BUSINESS, FINANCIAL, LEGAL, OPERATIONS, STOCK
from finsynth.world.industry_profiles import RiskProfile


def _risk(topic: str, label: str, headline: str, summary: str, *body: str) -> RiskProfile:
    return RiskProfile(topic, label, headline, summary, body)


MORE_RISKS: tuple[tuple[str, RiskProfile], ...] = (
    (
        BUSINESS,
        _risk(
            "market_adoption",
            "the adoption of new technologies by customers",
            "Shifts in the technologies our customers use could make some of our offerings less relevant.",
            "technology shifts could make some of its offerings obsolete",
            "Our markets change as customers adopt new technologies and ways of working.",
            "If we do not adapt our {products} in time, customers may choose alternatives.",
            "Investments to follow these shifts may reduce our margins in the short term.",
            "Predicting which technologies will prevail is difficult.",
        ),
    ),
    (
        BUSINESS,
        _risk(
            "large_contracts",
            "large contracts and projects",
            "A significant part of our revenue comes from large contracts whose timing is hard to predict.",
            "large contracts are lumpy and may be delayed, reduced or cancelled",
            "Large contracts involve long negotiations and formal approval by customers.",
            "Delays in signing or delivering them can move revenue from one period to another.",
            "Fixed-price terms expose us to cost overruns on complex projects.",
            "Losing a large contract at renewal could reduce our revenue noticeably.",
        ),
    ),
    (
        BUSINESS,
        _risk(
            "geographic_expansion",
            "expansion into new markets",
            "Our expansion into new geographic markets may not succeed.",
            "expansion into new regions may fail to earn an adequate return",
            "Entering a new market requires investment in people, facilities and marketing.",
            "Local competitors may know customers and regulations better than we do.",
            "Results in new markets may take several years to reach our expectations.",
            "We may decide to exit a market after investing significant amounts.",
        ),
    ),
    (
        BUSINESS,
        _risk(
            "partners_and_alliances",
            "strategic partnerships",
            "Our strategic partnerships may not produce the benefits we expect.",
            "strategic partnerships may underperform or end",
            "We work with partners to develop, sell and support some of our offerings.",
            "Partners may change their strategies or be acquired by our competitors.",
            "Disagreements about responsibilities or economics could end a partnership.",
            "Replacing a key partner could take considerable time.",
        ),
    ),
    (
        BUSINESS,
        _risk(
            "product_mix",
            "changes in its product mix",
            "A shift in the mix of what we sell could reduce our overall margins.",
            "a shift toward lower-margin products could reduce overall margins",
            "Our offerings earn different margins depending on the product and the customer.",
            "Growth in lower-margin lines can reduce our gross margin even when revenue rises.",
            "Customers may move to simpler or cheaper versions of our {products}.",
            "Our forecasts of mix may prove inaccurate.",
        ),
    ),
    (
        OPERATIONS,
        _risk(
            "quality_control",
            "quality control",
            "Lapses in quality control could lead to costly corrections and lost customers.",
            "quality lapses could lead to corrections, credits and lost customers",
            "We maintain quality systems, but errors in design or production can still occur.",
            "Correcting problems may require replacements, credits or free services.",
            "Quality problems could lead {customers} to qualify other suppliers.",
            "Certifications we hold could be suspended after a serious lapse.",
        ),
    ),
    (
        OPERATIONS,
        _risk(
            "capacity_planning",
            "planning its capacity",
            "If we build too much or too little capacity, our results could suffer.",
            "misjudged capacity could leave costs too high or demand unmet",
            "We plan capacity years ahead based on forecasts of demand.",
            "Too much capacity leaves fixed costs spread over lower volumes.",
            "Too little capacity could cost us orders and customer relationships.",
            "Adding or removing capacity takes time and may involve significant charges.",
        ),
    ),
    (
        OPERATIONS,
        _risk(
            "outsourcing",
            "outsourced services",
            "We rely on outside providers for some important functions.",
            "outside providers of important functions could fail to perform",
            "We outsource parts of our logistics, information technology and customer support.",
            "Poor performance by these providers could disrupt service to customers.",
            "Bringing these functions back in-house would take time and money.",
            "Providers may have access to confidential information that they fail to protect.",
        ),
    ),
    (
        OPERATIONS,
        _risk(
            "workplace_safety",
            "workplace safety",
            "Accidents at our facilities could injure employees and disrupt operations.",
            "workplace accidents could injure people and disrupt operations",
            "Some of our operations involve heavy equipment, vehicles or hazardous materials.",
            "A serious accident could result in fines, lawsuits and the suspension of work.",
            "Safety incidents can also damage morale and our ability to hire.",
            "Our safety programs cannot eliminate every hazard.",
        ),
    ),
    (
        OPERATIONS,
        _risk(
            "succession_planning",
            "management succession",
            "Ineffective succession planning could disrupt our leadership.",
            "poor succession planning could disrupt leadership",
            "The loss of several senior leaders within a short period would be difficult to manage.",
            "Newly appointed leaders need time to become fully effective.",
            "Leadership changes can create uncertainty among employees and customers.",
            "Recruiting experienced executives from outside the company is costly.",
        ),
    ),
    (
        LEGAL,
        _risk(
            "consumer_protection",
            "consumer-protection and marketing rules",
            "Consumer-protection and marketing rules could limit how we promote our products.",
            "consumer-protection and advertising rules could restrict its marketing",
            "Regulators review advertising claims, pricing practices and contract terms.",
            "Changes in these rules could require us to alter marketing campaigns.",
            "Violations could lead to fines, refunds and damage to our brands.",
            "Class actions based on marketing claims are common in the United States.",
        ),
    ),
    (
        LEGAL,
        _risk(
            "accounting_standards",
            "changes in accounting standards",
            "Changes in accounting standards could affect our reported results.",
            "new accounting standards could change how results are reported",
            "Standard setters periodically issue new rules on revenue, leases and other topics.",
            "Adopting a new standard can require changes to systems and processes.",
            "Reported results under new standards may not be comparable with earlier periods.",
            "Investors may misunderstand changes caused only by accounting rules.",
        ),
    ),
    (
        LEGAL,
        _risk(
            "trade_policy",
            "international trade policy",
            "Changes in trade policy could raise our costs and limit our sales abroad.",
            "trade barriers could raise costs and limit sales abroad",
            "Governments have imposed tariffs and other restrictions on many categories of goods.",
            "Retaliatory measures could reduce demand for our products in some countries.",
            "Adjusting our supply chain to new trade rules takes time and investment.",
            "The direction of trade policy is difficult to predict.",
        ),
    ),
    (
        LEGAL,
        _risk(
            "product_liability",
            "product liability claims",
            "We may face claims that our products or services caused harm.",
            "it could face product-liability claims",
            "Claims may arise even when our products are used in ways we did not intend.",
            "Defending such claims is costly regardless of their merit.",
            "A large claim could exceed the limits of our insurance.",
            "Publicity about claims could affect demand for our {products}.",
        ),
    ),
    (
        FINANCIAL,
        _risk(
            "impairment_of_assets",
            "impairment of long-lived assets",
            "We could be required to write down the value of long-lived assets.",
            "weaker performance could force write-downs of long-lived assets",
            "We carry significant property, equipment and right-of-use assets.",
            "Closing sites or changing plans could make some of these assets unrecoverable.",
            "Write-downs would reduce our earnings in the period recorded.",
            "Estimating recoverable amounts involves judgment about future cash flows.",
        ),
    ),
    (
        FINANCIAL,
        _risk(
            "working_capital",
            "its working capital",
            "Increases in working capital could reduce our cash flow.",
            "growth in receivables and inventory could absorb cash",
            "Growth, longer payment terms or slower collections increase our receivables.",
            "Building inventory ahead of demand ties up cash.",
            "Suppliers may shorten the payment terms they give us.",
            "Lower cash flow could limit our investments and returns to shareholders.",
        ),
    ),
    (
        FINANCIAL,
        _risk(
            "financial_counterparties",
            "financial counterparties",
            "The failure of a bank or other financial counterparty could cause us losses.",
            "the failure of a bank or hedge counterparty could cause losses",
            "We hold cash at several banks, often above insured limits.",
            "Our hedging contracts depend on counterparties meeting their obligations.",
            "Stress in the banking system could delay our access to deposits.",
            "We monitor the credit quality of our counterparties, but cannot remove this risk.",
        ),
    ),
    (
        FINANCIAL,
        _risk(
            "guidance",
            "its financial guidance",
            "If we fail to meet our financial guidance, our share price could fall.",
            "missing its published guidance could lower its share price",
            "We publish expectations for revenue, earnings and other measures.",
            "These expectations rest on assumptions that may prove incorrect.",
            "Events outside our control can make our guidance unattainable.",
            "Investors may react strongly to changes in our outlook.",
        ),
    ),
    (
        STOCK,
        _risk(
            "exclusive_forum",
            "the exclusive forum provision in its bylaws",
            "Our bylaws name exclusive forums for certain disputes, which could limit shareholders' choice "
            "of court.",
            "exclusive-forum bylaws could limit where shareholders can sue",
            "Certain shareholder claims must be brought in the courts of our state of incorporation.",
            "Claims under federal securities laws must be brought in federal court.",
            "These provisions may make it more costly for shareholders to bring claims.",
            "A court could find the provisions unenforceable, which would add cost.",
        ),
    ),
    (
        STOCK,
        _risk(
            "index_inclusion",
            "inclusion of its stock in market indexes",
            "Removal of our stock from market indexes could reduce demand for our shares.",
            "exclusion from stock indexes could reduce demand for its shares",
            "Many funds buy shares only of companies included in particular indexes.",
            "Index providers may change their criteria or our eligibility.",
            "Removal could lead to large sales of our shares by index funds.",
            "Lower demand could reduce our share price and trading liquidity.",
        ),
    ),
)
