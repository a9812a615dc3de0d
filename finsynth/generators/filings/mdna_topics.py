"""Prose topics of the MD&A that do not depend on the numbers: critical estimates and other matters."""

from __future__ import annotations

ESTIMATES = (
    (
        "Revenue Recognition",
        (
            "We recognize revenue when control of promised goods or services passes to the customer, in the "
            "amount we expect to be entitled to receive.",
            "Some contracts contain several performance obligations, and we allocate the price among them "
            "based on their relative standalone selling prices.",
            "Estimating standalone selling prices and variable consideration, such as rebates and returns, "
            "requires judgment.",
            "Changes in these estimates could shift revenue between periods.",
        ),
    ),
    (
        "Goodwill",
        (
            "We test goodwill for impairment each year in our fourth fiscal quarter, and sooner if events "
            "suggest that the fair value of a reporting unit may have fallen below its carrying amount.",
            "Fair value is estimated with discounted cash-flow models that depend on forecasts of revenue "
            "growth, margins and discount rates.",
            "In our most recent test, the fair value of each reporting unit exceeded its carrying amount.",
            "A significant decline in forecast cash flows or an increase in discount rates could lead to an "
            "impairment charge.",
        ),
    ),
    (
        "Income Taxes",
        (
            "We estimate income taxes in each jurisdiction where we operate.",
            "Deferred tax assets are reduced by a valuation allowance when it is more likely than not that "
            "some portion will not be realized.",
            "We recognize the benefit of an uncertain tax position only when it is more likely than not to "
            "be sustained on examination.",
            "Differences between our estimates and the final outcome of audits could affect our results.",
        ),
    ),
    (
        "Allowance for Credit Losses",
        (
            "We estimate expected credit losses on receivables using historical loss rates adjusted for "
            "current conditions and reasonable forecasts.",
            "We review large customer balances individually when there are signs of financial difficulty.",
            "A deterioration in the economy could require a higher allowance.",
        ),
    ),
    (
        "Business Combinations",
        (
            "When we acquire a business, we allocate the purchase price to the assets acquired and "
            "liabilities assumed at their fair values.",
            "Valuing customer relationships, technology and trade names requires assumptions about future "
            "cash flows, attrition and discount rates.",
            "The excess of the purchase price over these fair values is recorded as goodwill.",
        ),
    ),
)

INVENTORY_ESTIMATE = (
    "Inventory Valuation",
    (
        "We value inventories at the lower of cost and net realizable value, with cost determined on a "
        "first-in, first-out basis.",
        "We write down slow-moving and obsolete items based on forecasts of demand and expected selling "
        "prices.",
        "If actual demand is lower than forecast, additional write-downs may be needed.",
    ),
)

PRONOUNCEMENTS = (
    "Recent accounting pronouncements issued by the Financial Accounting Standards Board are not expected to "
    "have a material effect on our consolidated financial statements.",
    "We are evaluating new disclosure requirements for segment expenses and income taxes, which will expand "
    "the notes to our financial statements but will not change our reported results.",
)

OTHER_TOPICS = (
    (
        "Inflation",
        (
            "Inflation in wages, materials and freight affected our costs during the year.",
            "We offset part of these increases through pricing actions and productivity programs.",
            "We continue to monitor inflation and adjust our pricing where market conditions allow.",
        ),
    ),
    (
        "Off-Balance-Sheet Arrangements",
        (
            "We have no off-balance-sheet arrangements that have or are reasonably likely to have a material "
            "current or future effect on our financial condition.",
        ),
    ),
    (
        "Capital Allocation",
        (
            "Our capital allocation priorities are to invest in the business, pursue acquisitions that fit "
            "our "
            "strategy, maintain an investment-grade balance sheet and return excess cash to shareholders.",
            "We review these priorities with our board of directors at least once a year.",
            "The timing and amount of share repurchases depend on market conditions, our share price and "
            "other uses of cash.",
        ),
    ),
)
