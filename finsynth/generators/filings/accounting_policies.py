"""Summaries of significant accounting policies (titles and sentences), written for finsynth."""

from __future__ import annotations

POLICIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Principles of Consolidation",
        (
            "The consolidated financial statements include the accounts of the Company and its wholly owned "
            "subsidiaries.",
            "Intercompany balances and transactions have been eliminated.",
        ),
    ),
    (
        "Use of Estimates",
        (
            "Preparing financial statements in conformity with U.S. generally accepted accounting principles "
            "requires management to make estimates that affect reported amounts.",
            "Significant estimates include revenue allocations, credit losses, useful lives of assets, "
            "goodwill valuations and income taxes.",
            "Actual results could differ from these estimates.",
        ),
    ),
    (
        "Cash and Cash Equivalents",
        (
            "Cash equivalents are highly liquid investments with original maturities of three months or "
            "less.",
            "They consist mainly of money market funds and bank deposits and are carried at cost, which "
            "approximates fair value.",
        ),
    ),
    (
        "Property and Equipment",
        (
            "Property and equipment is stated at cost less accumulated depreciation.",
            "Depreciation is computed on a straight-line basis over estimated useful lives of three to forty "
            "years.",
            "Repairs and maintenance are expensed as incurred, while improvements that extend useful lives "
            "are capitalized.",
        ),
    ),
    (
        "Leases",
        (
            "We lease offices, warehouses, production sites and equipment.",
            "Right-of-use assets and lease liabilities are recorded at the present value of lease payments "
            "over "
            "the lease term, using our incremental borrowing rate when the rate implicit in a lease is not "
            "known.",
        ),
    ),
    (
        "Fair Value Measurements",
        (
            "Fair value is the price that would be received to sell an asset or paid to transfer a "
            "liability in an orderly transaction between market participants.",
            "The carrying amounts of receivables, payables and accrued liabilities approximate fair value "
            "because of their short maturities.",
        ),
    ),
    (
        "Foreign Currency",
        (
            "The functional currency of most foreign subsidiaries is the local currency.",
            "Assets and liabilities of these subsidiaries are translated at year-end exchange rates and "
            "income and expenses at average rates for the year.",
        ),
    ),
)

MORE_POLICIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Accounts Receivable and Credit Losses",
        (
            "Accounts receivable are recorded at invoiced amounts less an allowance for expected credit "
            "losses.",
            "The allowance reflects historical collection experience, the age of balances and current "
            "economic conditions.",
            "Balances are written off when collection efforts have been exhausted.",
        ),
    ),
    (
        "Goodwill and Intangible Assets",
        (
            "Goodwill is not amortized but is tested for impairment annually and whenever events indicate "
            "that it may be impaired.",
            "Intangible assets with finite lives are amortized on a straight-line basis over their estimated "
            "useful lives.",
        ),
    ),
    (
        "Impairment of Long-Lived Assets",
        (
            "We review long-lived assets for impairment when events suggest that their carrying amount may "
            "not be recoverable.",
            "An impairment loss is recognized when estimated undiscounted cash flows are less than the "
            "carrying amount.",
        ),
    ),
    (
        "Research and Development Costs",
        (
            "Research and development costs are expensed as incurred.",
            "Costs of developing internal-use software are capitalized once the preliminary project stage is "
            "complete and amortized over three to five years.",
        ),
    ),
    (
        "Advertising",
        (
            "Advertising costs are expensed the first time the advertising takes place.",
            "Cooperative advertising payments to customers are recorded as a reduction of revenue unless we "
            "receive a distinct service in return.",
        ),
    ),
    (
        "Shipping and Handling",
        (
            "Shipping and handling activities performed after a customer obtains control are treated as "
            "fulfillment costs.",
            "Amounts billed to customers for shipping are included in revenue, and the related costs in "
            "cost of revenue.",
        ),
    ),
    (
        "Income Taxes",
        (
            "We account for income taxes under the asset and liability method.",
            "Deferred taxes reflect temporary differences between the financial statement and tax bases of "
            "assets and liabilities, measured at enacted rates.",
            "Interest and penalties on uncertain tax positions are included in the provision for income "
            "taxes.",
        ),
    ),
    (
        "Stock-Based Compensation",
        (
            "Stock-based awards are measured at their grant-date fair value.",
            "Expense is recognized on a straight-line basis over the service period, and forfeitures are "
            "recorded as they occur.",
        ),
    ),
    (
        "Warranties",
        (
            "We provide standard warranties that our products will perform as specified.",
            "Estimated warranty costs are accrued when revenue is recognized, based on historical claim "
            "rates.",
        ),
    ),
    (
        "Concentrations of Credit Risk",
        (
            "Financial instruments that may expose us to credit risk consist mainly of cash equivalents and "
            "receivables.",
            "We place cash with high-quality financial institutions and monitor the creditworthiness of our "
            "customers.",
        ),
    ),
)
