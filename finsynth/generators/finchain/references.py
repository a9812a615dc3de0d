"""Real-world references: the ranges and rules FinChain givens are checked against, with their sources.

Each entry is one fact a real taxpayer, instrument or company satisfies, in our own words, with
a one-line public source where a reader can check it. A template's ``Relations:`` section
(:mod:`~finsynth.generators.finchain.relations`) cites entries by key; a range relation may be
narrower than its entry but never wider. Ranges are as formulas carry them (rates as fractions,
money in dollars).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reference:
    """A real-world range or rule.

    Attributes:
        key: How relations cite it.
        fact: What holds, in words.
        source: Where it can be checked (one line).
        low: Smallest real value of a range; ``None`` for a rule (a condition).
        high: Largest real value of a range; ``None`` for a rule.

    """

    key: str
    fact: str
    source: str
    low: float | None = None
    high: float | None = None


def _rule(key: str, fact: str, source: str) -> Reference:
    return Reference(key, fact, source)


def _range(key: str, low: float, high: float, fact: str, source: str) -> Reference:
    return Reference(key, fact, source, low, high)


_IRS_2025 = "IRS Rev. Proc. 2024-40 (2025 tax rate schedules and capital gains breakpoints), IRC §1(h), §1411"

_ENTRIES = (
    # Taxes
    _rule(
        "capital_gains_rate_by_bracket",
        "The long-term capital gains rate follows taxable income: 0% in the 10–12% ordinary brackets, "
        "15% in the 22–32% brackets (18.8% with the 3.8% net investment income tax from the 24% bracket "
        "up), 15–20% (18.8–23.8% with that tax) in the 35% bracket, and 20% (23.8%) in the 37% bracket.",
        _IRS_2025,
    ),
    _rule(
        "gain_within_its_bracket",
        "A gain taxed wholly at one ordinary rate fits under that bracket's top: $23,850 (10%), $96,950 "
        "(12%), $206,700 (22%), $394,600 (24%), $501,050 (32%), $751,600 (35%) for joint filers in 2025.",
        _IRS_2025,
    ),
    _range(
        "personal_marginal_income_tax_rate",
        0.1,
        0.51,
        "A U.S. taxpayer's marginal rate on ordinary income: the federal brackets 10–37% plus a state "
        "income tax of 0% (nine states) to 13.3% (California's top rate).",
        "IRS Rev. Proc. 2024-40; Tax Foundation, State Individual Income Tax Rates and Brackets 2025",
    ),
    _range(
        "combined_long_term_gains_rate",
        0.0,
        0.371,
        "A U.S. investor's rate on a long-term capital gain: federal 0%, 15% or 20%, plus 3.8% net "
        "investment income tax at high incomes, plus a state tax of 0% to 13.3%.",
        "IRS Rev. Proc. 2024-40, IRC §1(h) and §1411; Tax Foundation, State Individual Income Tax Rates 2025",
    ),
    # Crypto prices
    _range(
        "bitcoin_price",
        3_800,
        125_000,
        "Bitcoin's daily close in U.S. dollars, 2019–2025 (low about $3,900 in Mar 2020, about $15,800 "
        "in Nov 2022, high about $124,000 in Aug 2025).",
        "FRED series CBBTCUSD (Coinbase bitcoin price, daily)",
    ),
    _range(
        "ether_price",
        100,
        4_950,
        "Ether's daily close in U.S. dollars, 2019–2025 (about $110 in Mar 2020 and $900 in Jun 2022 at "
        "its lows, high about $4,900).",
        "FRED series CBETHUSD (Coinbase ether price, daily)",
    ),
    _range(
        "ether_to_bitcoin_price",
        0.015,
        0.089,
        "Ether's price as a fraction of bitcoin's, 2018–2025 (about 0.016–0.018 at its lows in 2019 "
        "and 2025, 0.088 at its high in Dec 2021).",
        "FRED CBETHUSD / CBBTCUSD daily closes",
    ),
    _range(
        "bitcoin_beta_to_nasdaq_100",
        0.3,
        2.5,
        "Bitcoin's beta to the Nasdaq-100 over one-year windows of daily returns, 2020–2025: correlation "
        "0.1–0.7 times a volatility ratio of about 2–3.5.",
        "FRED CBBTCUSD and NASDAQ100 daily closes (rolling one-year regressions)",
    ),
    _range(
        "nasdaq_100_move_on_a_jobs_report",
        -0.05,
        0.05,
        "The Nasdaq-100's one-day move on a BLS Employment Situation release day, 2000–2025: within ±5% "
        "(most within ±2%).",
        "FRED NASDAQ100 daily closes on BLS Employment Situation release dates",
    ),
    # Rates and markets
    _range(
        "us_treasury_yield",
        0.0,
        0.07,
        "U.S. Treasury yields from the 3-month bill to the 10-year note, 2000–2025 (near 0% in 2020–21, "
        "6.8% at the 10-year's high in Jan 2000).",
        "FRED series DGS3MO and DGS10 (daily Treasury constant-maturity yields)",
    ),
    _range(
        "equity_risk_premium",
        0.02,
        0.09,
        "Expected return of the stock market over the risk-free rate as analysts use it: about 4–6% on "
        "average, survey answers and implied premiums between 2% and 9%.",
        "Damodaran Online, implied ERP history (histimpl); Fernandez et al., Market Risk Premium survey 2024",
    ),
    _range(
        "stock_beta",
        0.2,
        3.0,
        "A listed stock's beta to its market: industry averages 0.3–2.0, single stocks rarely beyond 3.",
        "Damodaran Online, Betas by Sector (US), updated each January",
    ),
    _range(
        "stock_volatility",
        0.05,
        1.5,
        "Annualized volatility of a stock or index: 9–80% for the S&P 500 (the VIX's range), up to about "
        "150% for single stocks in stress.",
        "CBOE VIX index history; CBOE single-stock implied volatility data",
    ),
    _range(
        "option_strike_to_spot",
        0.5,
        1.5,
        "An exchange-listed stock option's strike over the stock's price: series are listed around the "
        "price, the most traded within about ±30%.",
        "Cboe Options listing rules (Rule 4.5, strike price intervals) and OCC open-interest statistics",
    ),
    _range(
        "corporate_income_tax_rate",
        0.09,
        0.35,
        "A company's statutory income tax rate: 21% U.S. federal (about 25% with state tax); across OECD "
        "countries 9% (Hungary) to 35% (Colombia).",
        "OECD Corporate Tax Statistics 2024 (combined statutory corporate income tax rates)",
    ),
    _range(
        "corporate_borrowing_rate",
        0.01,
        0.15,
        "A company's pre-tax cost of debt (the yield on its bonds and loans): from about 1% "
        "(investment grade in 2021) to 15% (distressed high yield).",
        "FRED series BAMLC0A0CMEY and BAMLH0A0HYM2EY (ICE BofA corporate effective yields)",
    ),
    _range(
        "weighted_average_cost_of_capital",
        0.04,
        0.15,
        "A company's weighted average cost of capital: U.S. industry averages about 5–11% (2015–2025), "
        "single firms from about 4% (regulated utilities in low-rate years) to 15% (small, risky firms).",
        "Damodaran Online, Cost of Capital by Sector (US), updated each January",
    ),
    _range(
        "perpetual_growth_rate",
        0,
        0.05,
        "The growth rate a valuation assumes forever: at most the economy's long-run nominal growth, "
        "about 4% for the U.S. (2% real plus 2% inflation); analysts use 0–5%.",
        "CBO, The Long-Term Budget Outlook 2025 (nominal GDP growth); Damodaran, terminal value notes",
    ),
    _range(
        "card_interchange_rate",
        0.0005,
        0.035,
        "The percentage part of a U.S. card interchange fee: 0.05% for regulated debit cards, about "
        "1.2–2.6% for consumer credit cards, up to about 3.2% for premium and commercial cards.",
        "Federal Reserve Regulation II (12 CFR 235); Visa USA Interchange Reimbursement Fees (April 2025)",
    ),
    _range(
        "dividend_yield",
        0.0,
        0.1,
        "A dividend-paying stock's annual dividend over its price: about 1–4% for most, rarely above 10% "
        "outside distress.",
        "S&P Dow Jones Indices, S&P 500 dividend yield data (index and constituents)",
    ),
    _range(
        "loss_given_default",
        0.05,
        0.9,
        "Share of an exposure lost when the borrower defaults: about 10–40% for mortgages and senior "
        "secured loans, 50–70% for senior unsecured bonds, up to about 90% for subordinated debt.",
        "Moody's Annual Default Study (recovery rates by seniority); Basel Framework CRE32 (45% F-LGD)",
    ),
    _range(
        "cet1_ratio",
        0.03,
        0.25,
        "A bank's common equity tier 1 capital over its risk-weighted assets: 10–15% at large U.S. banks, "
        "most banks 8–20%, and about 5–8% at the trough of a severe stress scenario.",
        "Federal Reserve Stress Test Results 2024 (CET1 start and minimum); FDIC Quarterly Banking Profile",
    ),
    _range(
        "euro_in_dollars",
        0.82,
        1.6,
        "Dollars per euro since the euro's launch: about 0.83 at its low in Oct 2000, 1.60 at its high in "
        "Jul 2008, near parity in 2022.",
        "FRED series DEXUSEU (U.S. dollars to one euro, daily)",
    ),
    _range(
        "pound_in_dollars",
        1.03,
        2.11,
        "Dollars per pound sterling, 2000–2025: about 2.11 at the high in Nov 2007, 1.04 at the low in "
        "Sep 2022.",
        "FRED series DEXUSUK (U.S. dollars to one British pound, daily)",
    ),
    _range(
        "usd_minus_eur_short_rate",
        -0.02,
        0.055,
        "The dollar's short-term interest rate less the euro's, 2000–2025: from about -2% (2001, 2008) "
        "to about 5.5% (2018–19, when euro rates were below zero).",
        "FRED series IR3TIB01USM156N and IR3TIB01EZM156N (3-month interbank rates)",
    ),
    _range(
        "dollar_in_yen",
        75,
        162,
        "Yen per dollar, 2000–2025: about 76 at the low in Oct 2011, 162 at the high in Jul 2024.",
        "FRED series DEXJPUS (Japanese yen to one U.S. dollar, daily)",
    ),
    _range(
        "us_consumer_price_inflation",
        -0.021,
        0.091,
        "U.S. consumer prices over twelve months, 2000–2025: from -2.1% (Jul 2009) to 9.1% (Jun 2022).",
        "FRED series CPIAUCSL (CPI for all urban consumers), percent change from a year ago",
    ),
    _range(
        "eu_allowance_price",
        3,
        100,
        "Price of an EU emissions allowance (one tonne of CO2), in euros or dollars of similar size: about "
        "3 in 2013, 100 at the high in Feb 2023, 60–90 in 2023–2025.",
        "ICE Endex EUA futures and EEX primary auction results (EU ETS carbon price history)",
    ),
    # Company income statements
    _range(
        "net_profit_margin",
        -0.3,
        0.5,
        "Net income over revenue: industry averages from about −10% to 35%; a firm a few points beyond.",
        "Damodaran Online, Operating and Net Margins by Industry (US)",
    ),
    _range(
        "days_sales_outstanding",
        5,
        120,
        "Receivables over a year's sales, in days: about 30–60 for most industries, 5 for cash-heavy "
        "retailers, up to about 120 for capital-goods makers.",
        "The Hackett Group Working Capital Survey; SEC Financial Statement Data Sets",
    ),
    _range(
        "days_inventory_outstanding",
        3,
        250,
        "Inventory over a year's cost of goods sold, in days: about 3 for restaurants and fresh food, up "
        "to about 250 for aircraft and machinery makers.",
        "The Hackett Group Working Capital Survey; SEC Financial Statement Data Sets",
    ),
    _range(
        "price_to_earnings",
        5,
        60,
        "A profitable listed company's share price over its earnings per share: industry averages about "
        "8–50, the S&P 500 between about 10 and 30 outside recessions.",
        "Damodaran Online, PE Ratio by Sector (US); S&P Dow Jones Indices, S&P 500 earnings and P/E",
    ),
    _range(
        "cost_of_goods_sold_to_revenue",
        0.1,
        0.95,
        "Cost of goods sold over revenue (one minus the gross margin): about 10–30% for software and "
        "drugs, 70–95% for grocers, distributors and refiners.",
        "Damodaran Online, Operating and Net Margins by Industry (US), gross margin column",
    ),
    # Company assets and balance sheets
    _range(
        "delivery_truck_price",
        30_000,
        300_000,
        "A new delivery vehicle, from a cargo van (about $45,000) to a Class 8 box truck (about $200,000).",
        "Ford Transit and Freightliner M2 list prices; BLS PPI series PCU336120336120 (heavy trucks)",
    ),
    _range(
        "delivery_truck_useful_life",
        3,
        12,
        "Years a business depreciates a delivery truck or van over: 5 for tax (light trucks), 3–12 in "
        "financial statements.",
        "IRS Publication 946, Table B-1 (asset classes 00.241 and 00.242)",
    ),
    _range(
        "balance_sheet_item_over_a_year",
        0.5,
        2.0,
        "An operating company's year-end balance of a working-capital or asset account (receivables, "
        "inventory, payables, PP&E, total assets) over the previous year-end's: between half and double; "
        "a year's sales growth and terms move it, and larger swings come with acquisitions or collapse.",
        "SEC Financial Statement Data Sets (XBRL balance-sheet tags, year over year)",
    ),
    _range(
        "freight_in_share_of_purchases",
        0,
        0.1,
        "Inbound freight as a share of the goods bought: a few percent (U.S. transportation costs are "
        "about 5–6% of GDP-weighted sales, more for bulky goods, rarely above a tenth).",
        "CSCMP State of Logistics Report (transportation costs to sales); BTS freight facts",
    ),
    _range(
        "current_ratio",
        0.3,
        5,
        "Current assets over current liabilities at an operating company: about 1–2 for most, 0.3 for "
        "some restaurants and airlines, up to about 5 for cash-rich firms.",
        "SEC Financial Statement Data Sets (AssetsCurrent over LiabilitiesCurrent)",
    ),
    # Banks
    _range(
        "deposit_funding_of_earning_assets",
        0.8,
        1.0,
        "Deposits over earning assets at a U.S. bank: deposits fund about 80% of assets and earning assets "
        "are about 90% of assets, so equity and other zero-cost funds carry at most a fifth of earning "
        "assets (about 11% industry-wide).",
        "FDIC Quarterly Banking Profile (deposits, equity capital and earning assets to total assets)",
    ),
    # --- relations-c ---
    _range(
        "acquisition_premium",
        0.0,
        1.0,
        "What a buyer offers over a public target's unaffected share price: about 30% on average for U.S. "
        "targets, most offers between 10% and 60%, rarely above 100%.",
        "FactSet Mergerstat Review (average and median premiums paid, U.S. public targets)",
    ),
    _range(
        "target_holders_stake_after_a_stock_merger",
        0.0,
        0.6,
        "Former target holders' share of the combined company after a stock-for-stock deal: a few percent "
        "in a bolt-on, about half in a merger of equals, where either side may hold up to about 60% "
        "(Glaxo Wellcome holders took 58.75% of GlaxoSmithKline in 2000).",
        "SEC EDGAR merger proxy statements and Form S-4 registrations (pro forma ownership tables)",
    ),
    _range(
        "earnout_to_closing_payment",
        0.0,
        1.0,
        "The most an earnout can pay over the cash paid at closing in a private-target deal: median about "
        "a third, seldom above the closing payment; earnout periods run one to five years.",
        "SRS Acquiom Deal Terms Study 2024 (earnout potential as a percentage of closing payment)",
    ),
    _range(
        "quality_of_earnings_adjustment",
        0.8,
        1.2,
        "A target's EBITDA after diligence normalization (one-off legal costs, owner pay above market, "
        "gains on asset sales) over its reported EBITDA: adjustments within about a fifth either way.",
        "CFA Program Curriculum, Evaluating Quality of Financial Reports (non-recurring items)",
    ),
    _range(
        "ev_to_ebitda",
        3,
        30,
        "Enterprise value over EBITDA: U.S. industry averages about 5–25 (2015–2025); mid-market private "
        "deals about 6–12.",
        "Damodaran Online, Enterprise Value Multiples by Sector (US), updated each January",
    ),
    _range(
        "net_debt_to_ebitda",
        -3,
        10,
        "Debt less cash over EBITDA: about 1–3 for investment-grade issuers, 4–6 for leveraged loans (U.S. "
        "bank supervisors flag total leverage above 6), up to about 10 for issuers whose EBITDA has "
        "fallen; cash-rich firms are below zero.",
        "Interagency Guidance on Leveraged Lending (Federal Reserve, OCC, FDIC, March 2013)",
    ),
    _range(
        "known_liabilities_share_of_deal_value",
        0.0,
        0.25,
        "Known contingent liabilities priced into a private acquisition: indemnities for representations "
        "capped at about 10% of the price (median), special indemnities for identified claims up to about "
        "a quarter; larger exposures reshape the deal rather than its price.",
        "SRS Acquiom Deal Terms Study 2024 (indemnification caps, escrows and special indemnities)",
    ),
    _range(
        "customer_concentration",
        0.0,
        0.8,
        "Share of revenue from a company's largest customers: any customer over 10% must be disclosed, most "
        "companies report none; where reported, the largest is usually 10–30%, the top few up to about 80% "
        "for contract suppliers.",
        "FASB ASC 280-10-50-42; SEC Financial Statement Data Sets (ConcentrationRiskPercentage1)",
    ),
    _range(
        "integration_cost_to_run_rate_synergies",
        0.5,
        3.0,
        "One-time integration costs over a deal's annual run-rate cost synergies: about 1 to 2 times in "
        "most announced deals, a rule of thumb near 1.5.",
        "McKinsey & Company M&A practice, integration cost benchmarks; synergy guidance in SEC 8-Ks",
    ),
    _range(
        "employee_replacement_cost",
        0.3,
        2.0,
        "Cost of replacing a departing employee over that employee's annual salary: about half for "
        "staff roles, up to twice for senior and technical roles.",
        "Gallup, This Fixable Problem Costs U.S. Businesses $1 Trillion (2019); SHRM retention toolkit",
    ),
    _range(
        "ev_to_revenue",
        0.1,
        20,
        "Enterprise value over revenue: U.S. industry averages about 0.3 (retail, distribution) to 15 "
        "(software, biotech).",
        "Damodaran Online, Price and Enterprise Value to Sales Ratios by Sector (US)",
    ),
    _range(
        "project_cost_to_budget",
        0.5,
        3.0,
        "Actual over budgeted cost of IT and integration projects: a mean overrun of about 27% across "
        "1,471 IT projects, many near or under budget, and one project in six above 200% of budget.",
        "Flyvbjerg and Budzier, Why Your IT Project May Be Riskier Than You Think, HBR Sept 2011",
    ),
    _range(
        "liabilities_to_assets",
        0.0,
        0.95,
        "Total liabilities over total assets: about 30–70% for most operating companies, up to about 90% "
        "for utilities and highly leveraged firms, 90–95% for banks.",
        "SEC Financial Statement Data Sets (Liabilities over Assets); FDIC Quarterly Banking Profile",
    ),
    _range(
        "dividend_payout_ratio",
        0.0,
        1.5,
        "Dividends over net income: about 30–60% for S&P 500 payers, above 100% in years when earnings "
        "fall (2009, 2020) and dividends are held, rarely beyond 150% for long.",
        "S&P Dow Jones Indices, S&P 500 dividends and earnings; Damodaran Online, Dividend Fundamentals",
    ),
    _range(
        "working_capital_investment_to_cash_earnings",
        -1.0,
        1.0,
        "A year's increase in receivables and inventory less the increase in payables over net income "
        "plus depreciation: most firms within ±50%, beyond ±100% only with acquisitions or collapse.",
        "SEC Financial Statement Data Sets (IncreaseDecreaseInOperatingCapital over NetIncomeLoss plus D&A)",
    ),
    _range(
        "capital_expenditures_to_depreciation",
        0.3,
        5.0,
        "Capital expenditures over depreciation and amortization: U.S. industry aggregates about 0.8–3, "
        "single firms from about 0.3 (harvesting old assets) to 5 (rapid build-out).",
        "Damodaran Online, Capital Expenditures by Sector (US), Cap Ex / Depreciation column",
    ),
    _range(
        "asset_sale_proceeds_to_capital_expenditures",
        0.0,
        0.5,
        "Cash from selling property, plant and equipment over cash spent buying it: usually under a tenth, "
        "up to about half where fleets are renewed (airlines, car and equipment rental).",
        "SEC Financial Statement Data Sets (ProceedsFromSaleOfPropertyPlantAndEquipment over capex)",
    ),
    _range(
        "salvage_value_to_cost",
        0.0,
        0.3,
        "An asset's estimated salvage value over its cost in financial statements: usually 0–10%, up to "
        "about 20–30% for vehicles, aircraft and ships.",
        "IRS Publication 946 (salvage value); airline 10-K depreciation policies (aircraft residuals 10–20%)",
    ),
    _range(
        "early_payment_discount",
        0.005,
        0.03,
        "The discount a supplier gives for paying early: 1–2% for payment within 10–15 days, 2/10 net 30 "
        "the most common term, rarely above 3%.",
        "Ng, Smith and Smith, Evidence on the Determinants of Credit Terms Used in Interfirm Trade (1999)",
    ),
    _range(
        "days_payables_outstanding",
        10,
        150,
        "Payables over a year's purchases, in days: about 30–75 for most industries, up to about 120 for "
        "firms with strong buying power.",
        "The Hackett Group Working Capital Survey; SEC Financial Statement Data Sets",
    ),
    _range(
        "debt_to_equity",
        0.0,
        8.0,
        "Book debt over book equity: U.S. industry averages about 0.1–3; single firms up to about 8 "
        "(utilities, airlines, buyout-owned firms) before equity turns negative.",
        "Damodaran Online, Debt Fundamentals by Sector (US), book debt to capital",
    ),
    _range(
        "interest_coverage",
        0.2,
        50,
        "EBIT over interest expense: above 8.5 for AAA-like large firms, 1.5–3 for B ratings, below 0.8 "
        "for C and D; 50 and above for firms with almost no debt.",
        "Damodaran Online, Ratings, Interest Coverage Ratios and Default Spreads",
    ),
    _range(
        "quick_ratio",
        0.1,
        4.0,
        "Cash, marketable securities and receivables over current liabilities: about 0.5–1.5 for most "
        "operating firms, up to about 4 for cash-rich ones.",
        "SEC Financial Statement Data Sets (cash, securities and receivables over LiabilitiesCurrent)",
    ),
    _range(
        "return_on_equity",
        -0.5,
        0.6,
        "Net income over book equity: U.S. industry averages about −10% to 40%, the S&P 500 about 10–20%; "
        "single firms beyond.",
        "Damodaran Online, Return on Equity by Sector (US)",
    ),
    _range(
        "bank_cost_to_income_ratio",
        0.25,
        1.2,
        "A bank's noninterest expense over its revenue (net interest income plus noninterest income), the "
        "efficiency ratio: about 55–65% for U.S. banks in aggregate, about 25–40% at the leanest banks, "
        "above 100% at banks losing money on operations.",
        "FDIC Quarterly Banking Profile (efficiency ratio); EBA Risk Dashboard (cost-to-income ratio)",
    ),
    _range(
        "bank_noninterest_income_share",
        0.03,
        0.8,
        "A bank's noninterest (fee) income over its net interest plus noninterest income: about a third "
        "for U.S. banks in aggregate, 10–50% for most, up to about 80% for custody and trust banks.",
        "FDIC Quarterly Banking Profile (net interest and noninterest income, all insured institutions)",
    ),
    _range(
        "lifetime_value_to_acquisition_cost",
        0.3,
        15,
        "A customer's lifetime value over the cost of acquiring one: 3 or more is the usual target for "
        "subscription and fintech businesses, below 1 loses money on every customer won.",
        "David Skok, SaaS Metrics 2.0 (forEntrepreneurs.com); fintech issuers' S-1 unit economics",
    ),
    _range(
        "card_payment_average_ticket",
        2,
        5_000,
        "Average value of a card payment: about $40 for U.S. debit and $85 for credit card payments "
        "(2021), from a few dollars (coffee, transit) to several thousand for business-to-business cards.",
        "Federal Reserve Payments Study 2022 (average value of card payments); merchant category statistics",
    ),
    _range(
        "merchant_card_processing_rate",
        0.015,
        0.035,
        "The percentage a U.S. merchant pays on card sales: interchange plus network and processor fees, "
        "about 1.5–3.5%; flat-rate processors charge 2.6–3.5% plus a fixed fee per payment.",
        "Federal Reserve Regulation II (12 CFR 235); Square, Stripe and PayPal published U.S. pricing (2025)",
    ),
    _range(
        "robo_advisory_fee",
        0.0,
        0.01,
        "An automated investment adviser's annual fee on assets: 0–0.5% (0.25% at Betterment and "
        "Wealthfront, 0.15–0.20% at Vanguard Digital Advisor), about 1% at human advisers.",
        "SEC Form ADV Part 2A brochures of Betterment, Wealthfront and Vanguard Digital Advisor (2025)",
    ),
    _range(
        "fund_expense_ratio",
        0.0003,
        0.02,
        "A mutual fund's or ETF's annual expenses over its assets: 0.03–0.20% for index funds and ETFs, "
        "about 0.4–1% for active equity funds (asset-weighted), rarely above 2%.",
        "ICI Investment Company Fact Book 2025 (expense ratios of index and actively managed funds)",
    ),
    _range(
        "stock_weight_drift_before_rebalancing",
        -0.25,
        0.25,
        "How far a balanced portfolio's stock weight moves from its target when left alone: a few points "
        "in a year, up to about 20 points over several years of diverging stock and bond returns.",
        "Vanguard (Zilbering, Jaconetti and Kinniry), Best Practices for Portfolio Rebalancing",
    ),
    _range(
        "us_stock_annual_return",
        -0.44,
        0.53,
        "The S&P 500's total return in a calendar year, 1928–2024: from −43.8% (1931) to +52.6% (1954).",
        "Damodaran Online, Historical Returns on Stocks, Bonds and Bills (histretSP)",
    ),
    _range(
        "us_bond_annual_return",
        -0.18,
        0.33,
        "A U.S. Treasury or investment-grade bond index's total return in a calendar year, 1928–2024: from "
        "−17.8% (10-year Treasury, 2022) to +32.8% (1982).",
        "Damodaran Online, Historical Returns on Stocks, Bonds and Bills (histretSP)",
    ),
    _range(
        "preferred_dividends_to_net_income",
        0.0,
        0.6,
        "Preferred dividends over net income at companies with preferred stock (banks, utilities, REITs): "
        "usually 2–20%, up to about half at heavy issuers.",
        "SEC Financial Statement Data Sets (PreferredStockDividendsIncomeStatementImpact over NetIncomeLoss)",
    ),
    _range(
        "shares_issued_in_a_year",
        0.0,
        1.0,
        "New shares a listed company issues in a year over those outstanding at its start: seasoned "
        "offerings add about 5–20%, acquisitions paid in stock up to about the whole count.",
        "Eckbo, Masulis and Norli, Security Offerings, Handbook of Corporate Finance (2007); SEC Forms 424B",
    ),
    _rule(
        "margin_requirements",
        "Buying U.S. stock on margin needs at least 50% of the price in equity at purchase (Regulation T) "
        "and at least 25% of the position's value afterwards (FINRA Rule 4210); brokers' house "
        "maintenance is often 30–40%, always below the initial requirement.",
        "Federal Reserve Regulation T (12 CFR 220.12); FINRA Rule 4210 (margin requirements)",
    ),
    _range(
        "price_after_a_stock_split",
        10,
        250,
        "A U.S. share's price just after a split: companies split to bring a high price back to where "
        "most shares trade, about $20–150 (Apple 4-for-1 to about $125 in 2020).",
        "Weld, Michaely, Thaler and Benartzi, The Nominal Share Price Puzzle, J. Economic Perspectives 2009",
    ),
    _range(
        "corporate_bond_maturity",
        1,
        100,
        "Years to maturity of a U.S. corporate bond at issue: mostly 2–30 (the average about 10–15), "
        "a few 40–100-year bonds from highly rated issuers.",
        "SIFMA US Corporate Bond Issuance statistics (average maturity); FINRA TRACE bond data",
    ),
    # --- relations-a ---
    _rule(
        "currency_transaction_report_threshold",
        "A U.S. bank files a Currency Transaction Report when a customer's cash in or out totals more than "
        "$10,000 in one business day, adding up all of the day's cash transactions; breaking cash into "
        "smaller amounts to stay under that line is structuring.",
        "31 CFR 1010.311 and 1010.313 (CTR filing and aggregation); 31 U.S.C. 5324 (structuring)",
    ),
    _range(
        "sar_share_of_monitoring_alerts",
        0.01,
        0.15,
        "Share of a bank's transaction-monitoring alerts that end in a Suspicious Activity Report: most "
        "alerts (85–99%) are closed as false positives; a few percent lead to a filing.",
        "Bank Policy Institute, Getting to Effectiveness: BSA/AML resources survey (2018); FinCEN SAR Stats",
    ),
    _range(
        "aml_alert_review_minutes",
        10,
        60,
        "Analyst time to review and close one level-1 transaction-monitoring alert: about 10–60 minutes, "
        "so one analyst closes about 8–48 alerts in an 8-hour day.",
        "FFIEC BSA/AML Examination Manual, Suspicious Activity Reporting (alert management and staffing)",
    ),
    _range(
        "compliance_staff_hourly_cost",
        30,
        150,
        "Cost of an hour of compliance staff time to the employer: BLS wages of compliance officers and "
        "financial examiners (10th–90th percentile about $25–$85 an hour) over wages' 70% share of "
        "compensation, about $35–$120, and up to about $150 for contracted reviewers.",
        "BLS OEWS May 2024, occupations 13-1041 and 13-2061; BLS Employer Costs for Employee Compensation",
    ),
    _range(
        "tolerable_deviation_rate",
        0.02,
        0.2,
        "The deviation rate a tester can accept in a test of controls: about 2–7% when relying heavily on "
        "the control, up to about 20% with little reliance; confidence of 90% or 95%.",
        "AICPA Audit Guide, Audit Sampling (tolerable rates and sample sizes for tests of controls)",
    ),
    _rule(
        "control_test_sample_size",
        "A tester sizes a test of controls so that a sample without deviations supports the tolerable rate "
        "at the chosen confidence: at least ln(1 − confidence) / ln(1 − tolerable rate) items (22 at 10% "
        "and 90%, 59 at 5% and 95%, 114 at 2% and 90%).",
        "AICPA Audit Guide, Audit Sampling (sample sizes for attribute tests with zero expected deviations)",
    ),
    _range(
        "us_wage_growth",
        0.01,
        0.06,
        "Growth of U.S. private-industry wages and salaries over twelve months, 2002–2025: about 1.4% "
        "(2010) to 5.7% (2022).",
        "FRED series ECIWAG (Employment Cost Index: wages and salaries, private industry), yearly change",
    ),
    _rule(
        "kyc_review_cycle_by_risk",
        "Banks refresh customer due diligence more often the riskier the customer: high-risk files every "
        "year or two, medium-risk every two or three years, low-risk every three to six years or on a "
        "trigger event.",
        "FFIEC BSA/AML Examination Manual, Customer Due Diligence (2018); Wolfsberg Group, CDD FAQs",
    ),
    _rule(
        "beneficial_ownership_threshold",
        "A U.S. bank identifies each individual who owns, directly or indirectly, 25% or more of a legal "
        "entity customer's equity; owners' stakes in one entity add up to at most 100%.",
        "FinCEN Customer Due Diligence Rule, 31 CFR 1010.230(d)",
    ),
    _rule(
        "customer_risk_rating_factors",
        "A bank's customer risk rating weighs the customer's geography, products and services, and type "
        "of business, each with a material weight, the weights summing to one.",
        "FFIEC BSA/AML Examination Manual, BSA/AML Risk Assessment and Customer Due Diligence (2020)",
    ),
    _range(
        "automated_identity_verification_rate",
        0.2,
        0.95,
        "Share of new-account applicants whose identity checks pass electronically (database and document "
        "checks) without manual review: about 20–95% by channel and market, 60–90% at most U.S. banks.",
        "FFIEC BSA/AML Examination Manual, Customer Identification Program (non-documentary verification)",
    ),
    _range(
        "control_effectiveness_rating",
        0.1,
        0.95,
        "How much of a risk a rated control removes in a risk and control self-assessment: no control "
        "removes all of it; ratings run from weak (about 10–30%) to strong (about 90–95%).",
        "COSO Internal Control — Integrated Framework (2013); ISO 31000:2018 risk treatment",
    ),
    _range(
        "risk_matrix_score",
        1,
        5,
        "A likelihood or impact score on the 5-by-5 risk matrix compliance and operational-risk teams use: "
        "whole numbers from 1 (rare, minor) to 5 (almost certain, severe).",
        "ISO 31010:2019, Risk assessment techniques (consequence/likelihood matrix)",
    ),
    _range(
        "sanctions_civil_penalty",
        1_000,
        1_000_000_000,
        "A U.S. civil penalty for a sanctions or AML violation by a company: from a few thousand dollars for "
        "a small voluntarily disclosed case to hundreds of millions (billions in a few bank cases).",
        "OFAC Civil Penalties and Enforcement Information (annual case lists, 2003–2025)",
    ),
    _range(
        "bank_leverage_ratio",
        0.02,
        0.15,
        "Tier 1 capital over a bank's leverage exposure: at least 3% (the Basel III and U.S. supplementary "
        "leverage minimum), about 5–8% at the largest banks, 9–11% at community banks.",
        "Basel Framework LEV20 and LEV30; FDIC Quarterly Banking Profile (core capital leverage ratio)",
    ),
    _rule(
        "tier2_capital_limit",
        "Tier 2 capital counts toward a bank's total capital at most up to the size of its Tier 1 capital "
        "(Basel I and II limit; Basel III sets 6% Tier 1 and 8% total minimums).",
        "Basel II, International Convergence of Capital Measurement (2006), Part 1; Basel Framework RBC20",
    ),
    _range(
        "bank_intangibles_to_equity",
        0,
        0.4,
        "Goodwill and other intangible assets over a bank's common equity: none at many community banks, "
        "about 10–30% at acquisitive regionals, rarely above 40%.",
        "FDIC Quarterly Banking Profile (goodwill and other intangibles; total equity capital)",
    ),
    _range(
        "credit_conversion_factor",
        0.1,
        1.0,
        "Credit conversion factors for off-balance-sheet items in the Basel III leverage exposure: 10% for "
        "unconditionally cancellable commitments, 20–50% for trade and other commitments, 100% otherwise.",
        "Basel Framework LEV30 (off-balance-sheet items in the exposure measure)",
    ),
    _rule(
        "schedule_13d_threshold",
        "An investor who acquires beneficial ownership of more than 5% of a class of registered voting "
        "equity files Schedule 13D (within five business days since 2024).",
        "SEC Rule 13d-1(a), 17 CFR 240.13d-1",
    ),
    _range(
        "stock_price_change_over_months",
        0.5,
        2.0,
        "A listed stock's price over its price a few months earlier: most within ±30%, and a move beyond "
        "halving or doubling within six months is rare outside distress or a takeover.",
        "CRSP U.S. stock database (distribution of six-month returns); Cboe single-stock volatility data",
    ),
    _rule(
        "rule_144_volume_limit",
        "An affiliate may sell, in any three months, no more than the greater of 1% of the shares "
        "outstanding and the average weekly trading volume over the four weeks before the sale.",
        "SEC Rule 144(e), 17 CFR 230.144(e)",
    ),
    _range(
        "weekly_share_turnover",
        0.001,
        0.05,
        "A listed stock's weekly trading volume over its shares outstanding: about 0.5–3% (annual turnover "
        "about 25–150%), less for thinly traded small caps.",
        "NYSE and Nasdaq market statistics (share turnover); World Bank series CM.MKT.TRNR",
    ),
    _rule(
        "regulation_crowdfunding_limits",
        "A non-accredited investor may invest in Regulation Crowdfunding offerings over twelve months the "
        "greater of $2,500 and 5% of the greater of income and net worth if either is below $124,000, else "
        "10% of the greater, at most $124,000 (2022 inflation adjustment).",
        "SEC Regulation Crowdfunding, 17 CFR 227.100(a)(2) (amounts as adjusted for inflation in 2022)",
    ),
    _range(
        "household_net_worth_to_income",
        0.1,
        15,
        "A U.S. household's net worth over its income: median about 2–3, under 1 for young renters, "
        "above 10 for older high-wealth households.",
        "Federal Reserve Survey of Consumer Finances 2022 (net worth and income by percentile and age)",
    ),
    _rule(
        "mortgage_term",
        "A U.S. fixed-rate home mortgage amortizes over 8 to 30 years (10, 15, 20 and 30 most often); "
        "shorter consumer loans are auto and personal loans.",
        "Fannie Mae Selling Guide B2-1.3-01 (fixed-rate mortgage terms); CFPB, Owning a Home: loan terms",
    ),
    _rule(
        "household_loan_by_kind",
        "A household's amortizing loan is either an auto or personal loan (1–7 years, mostly under "
        "$100,000) or a mortgage (8–30 years, from about $50,000, at the mortgage rates of the day, "
        "2.1–8.7% since 2000).",
        "Experian State of the Automotive Finance Market (loan terms); FRED MORTGAGE30US, MORTGAGE15US",
    ),
    _range(
        "auto_loan_rate",
        0.0,
        0.22,
        "The rate on a U.S. car loan: 0–2% promotional financing, about 4–9% for prime borrowers, up to "
        "about 15% (new) and 21% (used) for deep-subprime borrowers.",
        "Experian State of the Automotive Finance Market (rates by credit tier); FRED RIFLPBCIANM60NM",
    ),
    _range(
        "auto_loan_to_value",
        0.5,
        1.2,
        "A car loan's amount financed over the car's price: about 85–100% on average, down to about half "
        "with a large down payment, above 100% when taxes, fees or negative equity are rolled in.",
        "Experian State of the Automotive Finance Market; Edmunds data on down payments and loan amounts",
    ),
    _range(
        "new_vehicle_price",
        15_000,
        150_000,
        "A new car's transaction price in the U.S.: about $17,000 for the cheapest models, about $48,000 on "
        "average, above $100,000 for luxury models.",
        "Kelley Blue Book Average Transaction Price reports (2023–2025)",
    ),
    _range(
        "housing_cost_to_income",
        0.1,
        0.5,
        "A household's housing payment over its gross income: about 15–30% for most mortgage holders; above "
        "30% counts as cost-burdened and above 50% as severely so.",
        "HUD, Rental Burdens (30% and 50% cost-burden lines); Census American Community Survey table B25091",
    ),
    _rule(
        "debt_to_income_limit",
        "Mortgage underwriting caps monthly debt payments over gross monthly income: 36% (the traditional "
        "limit, Fannie Mae manual underwriting), 43% (the former qualified-mortgage limit), up to 50% "
        "with compensating factors.",
        "CFPB Ability-to-Repay/QM Rule, 12 CFR 1026.43(e); Fannie Mae Selling Guide B3-6-02",
    ),
    _range(
        "household_spending_to_income",
        0.5,
        2.5,
        "A household's spending over its after-tax income: about 60–65% in the top fifth of incomes, "
        "about 80–90% in the middle, about twice income or more in the lowest fifth.",
        "BLS Consumer Expenditure Surveys, table 1101 (quintiles of income before taxes), 2023",
    ),
    _range(
        "household_saving_share",
        0.0,
        0.35,
        "The share of take-home pay a household saves: the U.S. personal saving rate ran 1.4% (2005) to "
        "32% (Apr 2020), mostly 3–10%; budgeting rules such as 50/30/20 target 10–20%.",
        "FRED series PSAVERT (personal saving rate); CFPB, Budgeting: How to create a budget",
    ),
    _range(
        "savings_account_yield",
        0.0,
        0.055,
        "The yield on a U.S. savings or money market deposit account: national averages 0.05–0.6%, "
        "online high-yield accounts up to about 5.3% (2023–24).",
        "FDIC National Rates and Rate Caps (savings and money market); Bankrate high-yield savings surveys",
    ),
    _range(
        "emergency_fund_months",
        3,
        6,
        "Months of essential expenses an emergency fund is advised to cover: three to six.",
        "CFPB, An essential guide to building an emergency fund (2024); FINRA Foundation guidance",
    ),
    _range(
        "stock_return_over_several_years",
        -0.35,
        0.45,
        "The S&P 500's annualized total return over any two to eight years since 1928: from about -35% "
        "(1930–31) to about 42% (1954–55), mostly between -5% and 20%.",
        "Damodaran Online, Historical Returns on Stocks, Bonds and Bills (histretSP), 1928–2024",
    ),
    _range(
        "bond_return_over_several_years",
        -0.12,
        0.26,
        "Annualized total return of U.S. Treasury and investment-grade bonds over two to eight years: "
        "about -11% (2021–22) to about 25% (1985–86), 3–6% in most windows.",
        "Damodaran histretSP (10-year Treasury and Baa corporate returns); Bloomberg US Aggregate index",
    ),
    _rule(
        "elective_deferral_limit",
        "An employee's own 401(k) contributions are capped at $23,000 a year (2024; $23,500 in 2025) "
        "before catch-up contributions.",
        "IRC §402(g); IRS Notice 2023-75 (2024 limits) and Notice 2024-80 (2025 limits)",
    ),
    _rule(
        "employer_401k_match",
        "Employers match 25–100% of what an employee contributes, on contributions up to 3–6% of pay "
        "(50% on the first 6% is the most common formula).",
        "Vanguard, How America Saves 2024 (employer matching formulas)",
    ),
    _range(
        "safe_withdrawal_rate",
        0.03,
        0.05,
        "The first-year withdrawal, as a share of savings, that retirement studies find lasts about 30 "
        "years: about 4% (3–5% by asset mix and horizon).",
        "Bengen, Determining Withdrawal Rates Using Historical Data (J. Financial Planning, 1994); "
        "Cooley, Hubbard and Walz (Trinity study, 1998)",
    ),
    _range(
        "social_security_annual_benefit",
        0,
        62_000,
        "A retired worker's yearly Social Security benefit: about $23,000 on average in 2025, at most "
        "$61,300 (claiming at 70 with maximum earnings).",
        "SSA, Fact Sheet 2025 Social Security Changes and Monthly Statistical Snapshot",
    ),
    _rule(
        "retirement_glide_path",
        "Savers move from stocks toward bonds as they retire (target-date funds hold about 90% stocks "
        "decades out and 30–50% at retirement), so the return planned in retirement is at most the "
        "return planned while saving.",
        "Vanguard Target Retirement Funds glide path; Morningstar Target-Date Strategy Landscape 2024",
    ),
    _range(
        "pay_raise_share",
        0.01,
        0.3,
        "A pay raise over the salary it raises: U.S. salary budgets 3–5% a year (2022–2025), 10–20% with "
        "a promotion or a job change, rarely above 30%.",
        "WorldatWork Salary Budget Survey 2024–25; Atlanta Fed Wage Growth Tracker (job switchers)",
    ),
    _range(
        "individual_taxable_income",
        0,
        1_000_000,
        "Taxable income on a U.S. individual return: median about $45,000; the top 1% of returns start at "
        "an adjusted gross income of about $660,000, so nearly all filers fall under $1 million.",
        "IRS Statistics of Income, Individual Income Tax Returns (percentile AGI thresholds, 2022)",
    ),
    _range(
        "heat_pump_installed_cost",
        3_000,
        25_000,
        "Installed cost of a residential air-source heat pump: about $4,000–$8,000 for a ductless unit, "
        "$10,000–$20,000 or more for a whole-home ducted system.",
        "U.S. DOE Energy Saver, Heat Pump Systems; ENERGY STAR federal tax credit guidance",
    ),
    _rule(
        "nonrefundable_energy_credit",
        "The energy-efficient home improvement credit is 30% of a heat pump's cost, at most $2,000 a year, "
        "and nonrefundable: it reduces tax owed to zero at most.",
        "IRC §25C (as amended by the Inflation Reduction Act 2022); IRS Form 5695 instructions",
    ),
    _range(
        "free_allocation_share_of_emissions",
        0.0,
        1.2,
        "Free EU ETS allowances an installation receives over its verified emissions: none for power "
        "generators, about 50–100% for industry exposed to carbon leakage, a little above 100% for a few.",
        "European Environment Agency, EU ETS data viewer (allocation and verified emissions by installation)",
    ),
    _range(
        "abatement_cost_per_ton",
        -200,
        300,
        "Cost per ton of CO2-equivalent abated by the measures on marginal abatement cost curves: from "
        "about -$200 (efficiency that pays for itself) to about $100–$300 (carbon capture on industry).",
        "McKinsey & Company, Pathways to a Low-Carbon Economy (2009 cost curve); IEA, Energy Technology "
        "Perspectives 2020 (CCUS costs)",
    ),
    _range(
        "voluntary_offset_price",
        0.5,
        100,
        "Price of a voluntary carbon credit per ton: about $1–$15 for avoidance credits, $10–$40 for "
        "nature-based removals, up to about $100 and beyond only for engineered removals.",
        "Ecosystem Marketplace, State of the Voluntary Carbon Markets 2024 (prices by project type)",
    ),
    _rule(
        "esg_pillar_weights",
        "ESG rating providers weight the environmental, social and governance pillars by industry, each "
        "pillar between about 10% and 60% of the score, the weights summing to one.",
        "S&P Global Corporate Sustainability Assessment methodology (dimension weights by industry)",
    ),
    _range(
        "esg_score",
        0,
        100,
        "A company's ESG score on a 0–100 scale (S&P Global CSA, LSEG): observed from near 0 to the 90s, "
        "most between about 20 and 80.",
        "S&P Global Sustainability Yearbook score distributions; LSEG ESG Scores methodology",
    ),
    _range(
        "scope_1_2_intensity_per_revenue",
        0,
        3_000,
        "Scope 1 and 2 emissions per $1 million of revenue: about 5–20 t for software and banks, about "
        "100–150 t for a broad equity index, 1,000–3,000 t for utilities, cement and steel.",
        "MSCI ACWI Index carbon metrics (weighted average carbon intensity); CDP sector disclosures",
    ),
    _range(
        "emissions_per_million_of_evic",
        0,
        1_500,
        "Scope 1 and 2 emissions per $1 million of enterprise value including cash: about 50–100 t for "
        "a broad equity index, up to about 1,500 t for utilities and materials companies.",
        "PCAF Global GHG Accounting and Reporting Standard, Part A (2022); MSCI ACWI carbon footprint",
    ),
    _range(
        "esg_leader_return_difference",
        -0.015,
        0.015,
        "Expected or realized annual return of an ESG leaders index less its parent index: within about "
        "±1.5 points over ten-year windows.",
        "MSCI ACWI ESG Leaders and MSCI ACWI index factsheets (10-year annualized returns)",
    ),
    _range(
        "greenium",
        -0.0005,
        0.0025,
        "A green bond's yield below its issuer's conventional curve (greenium): about 0–10 basis points on "
        "average, -5 to 25 in single deals.",
        "Climate Bonds Initiative, Green Bond Pricing in the Primary Market (semi-annual reports)",
    ),
    _range(
        "yield_curve_slope_per_year",
        -0.003,
        0.004,
        "Change in yield per extra year of maturity along a bond curve: the U.S. 10-year less 2-year "
        "spread ran about -2.4 (1980) to 2.9 points (2011), about -0.3 to 0.4 points a year; since 1990 "
        "it has not fallen below -1.1 (about -0.15 a year).",
        "FRED series T10Y2Y (10-year less 2-year Treasury constant maturity)",
    ),
    _range(
        "wind_cost_per_annual_ton_avoided",
        300,
        4_000,
        "Capital cost of wind capacity per ton of CO2 it avoids a year: $1,300–$2,000 per kW onshore "
        "($3,000–$5,000 offshore) over 1–3.5 tons a year per kW (2.6–3.9 MWh at 0.4–0.9 t/MWh displaced).",
        "LBNL Land-Based Wind Market Report 2024 (installed cost, capacity factor); EPA AVERT emission rates",
    ),
    _range(
        "bond_issuance_cost",
        0.001,
        0.03,
        "Underwriting and other costs of issuing a corporate bond, as a share of the issue: about 0.4–0.9% "
        "for investment grade, 1.25–3% for high yield.",
        "Lee, Lochhead, Ritter and Zhao, The Costs of Raising Capital (J. Financial Research, 1996)",
    ),
    _rule(
        "concessionary_impact_return",
        "Impact investments are expected to earn at most market-rate returns; about a third of impact "
        "investors accept below-market (concessionary) returns for the impact.",
        "GIIN, Annual Impact Investor Survey 2020 (target returns)",
    ),
    _range(
        "social_discount_rate",
        0.015,
        0.08,
        "Discount rate for public and social projects: 3.5% in the UK Green Book, 2% in OMB Circular A-4 "
        "(2023), 3% and 7% before; about 1.5–8% across governments.",
        "HM Treasury, The Green Book (2022); OMB Circular A-4 (2023 revision)",
    ),
    _range(
        "sroi_ratio",
        0.3,
        65,
        "Social value over investment in published social-return-on-investment studies: from under 1 to "
        "about 65, most between about 2 and 10.",
        "Banke-Thomas et al., Social Return on Investment methodology in public health, BMC Public Health "
        "(2015) systematic review",
    ),
    _range(
        "social_impact_bond_success_return",
        0.02,
        0.2,
        "Annual return a social impact bond pays investors if the programme fully meets its targets: about "
        "5–15% (Peterborough capped at 13%), up to about 20%.",
        "Social Finance UK, Peterborough SIB final results; Brookings Global Impact Bonds Database",
    ),
    _range(
        "first_loss_share",
        0.05,
        0.5,
        "Share of a blended-finance fund that a first-loss tranche supplies: about 5–30%, up to half.",
        "Convergence, The State of Blended Finance 2023 (concessional first-loss structures)",
    ),
    _rule(
        "loan_yield_covers_expected_loss",
        "Lenders price loans so the portfolio's interest yield exceeds its expected credit loss rate; "
        "small-business and microfinance lenders in emerging markets earn yields of about 10–30% against "
        "losses of a few percent.",
        "Rosenberg et al., Microcredit Interest Rates and Their Determinants 2004–2011 (CGAP, 2013)",
    ),
    _range(
        "corporate_emissions_cut_per_year",
        0.0,
        0.15,
        "Yearly emissions cut a corporate target asks for: at least 4.2% a year for a 1.5°C-aligned "
        "science-based target, most targets 2–10% a year, rarely above 15%.",
        "SBTi Corporate Near-Term Criteria v5 (4.2% a year linear reduction); SBTi target dashboard",
    ),
    _range(
        "residual_mix_emission_factor",
        0.02,
        1.0,
        "Emissions per MWh of electricity not covered by certificates (the residual mix): about 0.3–0.6 t "
        "in U.S. regions, 0.03–0.9 t across European countries.",
        "Green-e Residual Mix Emission Rates 2024; AIB European Residual Mixes 2023",
    ),
    _range(
        "spend_based_emission_factor",
        50,
        3_500,
        "Supply-chain emissions per $1 million spent, by commodity: about 100 t for services, 300–600 t "
        "for manufactured goods, up to about 3,000 t for cement, lime and fertilizer.",
        "EPA Supply Chain Greenhouse Gas Emission Factors v1.3 (USEEIO, by NAICS commodity)",
    ),
    # --- relations-b ---
    _range(
        "liquidity_coverage_ratio",
        0.5,
        3.5,
        "A bank's liquid assets over its 30-day stressed net outflows: at least 100% under the rule (phased "
        "in from 60% in 2015), 110–200% at most large banks, up to about 350% at a few; about 50–100% at "
        "the weakest banks in the Basel monitoring before the rule applied.",
        "BCBS Basel III Monitoring Reports (LCR distribution); 12 CFR 249 Subpart J public LCR disclosures",
    ),
    _range(
        "total_capital_ratio",
        0.05,
        0.3,
        "A bank's total capital (CET1, Additional Tier 1 and Tier 2) over its risk-weighted assets: 8% "
        "minimum plus a 2.5% buffer, 13–18% at large U.S. banks, below 8% at an undercapitalized bank "
        "and below 6% at a significantly undercapitalized one.",
        "12 CFR 324.403 (prompt corrective action capital categories); FDIC Quarterly Banking Profile",
    ),
    _range(
        "tier1_leverage_ratio",
        0.02,
        0.15,
        "A bank's Tier 1 capital over its leverage exposure (unweighted assets plus converted "
        "off-balance-sheet items): 3% Basel minimum, 5–8% supplementary leverage ratios at large banks, "
        "9–12% Tier 1 leverage ratios at community banks, below 2% only at critically undercapitalized "
        "banks.",
        "12 CFR 324.403 (leverage thresholds) and 324.10(c); FDIC Quarterly Banking Profile (core capital)",
    ),
    _range(
        "bank_return_on_equity",
        -0.2,
        0.3,
        "A bank's annual net income over its equity: U.S. industry 8–15% in most years (about -1% in 2009), "
        "single banks from deep losses in a crisis to about 30% at the most profitable.",
        "FRED series USROE (return on average equity for all U.S. banks); FDIC Quarterly Banking Profile",
    ),
    _range(
        "severe_year_loss_to_equity",
        0,
        0.6,
        "What a severe year costs a bank, as a share of its equity: the Federal Reserve's severely adverse "
        "scenarios take about 1–8 percentage points off CET1 ratios of 10–15%, at most about half of "
        "capital.",
        "Federal Reserve Stress Test Results 2024 (projected CET1 declines by bank)",
    ),
    _range(
        "listed_stock_price",
        1,
        1_000,
        "An exchange-listed U.S. common stock's share price: at least $1 (the minimum bid for continued "
        "listing), a median of about $30–$50, and fewer than 1% of stocks above $1,000.",
        "Nasdaq Rule 5550(a)(2); NYSE Listed Company Manual 802.01C; CRSP share price distributions",
    ),
    _range(
        "stop_loss_distance",
        0.01,
        0.4,
        "How far below the purchase price a protective stop on a long stock position is set, as a share "
        "of the price: about 1–3% for short-term traders, 7–8% in common growth-investing rules, up to "
        "about 25–40% for long-term holders of volatile stocks.",
        "FINRA Investor Insights, Stop Orders: Factors to Consider; SEC Investor.gov, Types of Orders",
    ),
    _range(
        "active_fund_tracking_error",
        0.005,
        0.15,
        "Annualized tracking error of an actively managed equity fund against its benchmark: about 1–2% "
        "for enhanced index funds, 4–8% for typical active funds, up to about 15% for concentrated ones.",
        "Cremers and Petajisto (2009), How Active Is Your Fund Manager?, Review of Financial Studies",
    ),
    _range(
        "active_fund_information_ratio",
        -2,
        2,
        "Annualized information ratio of an active fund (mean active return over tracking error): about "
        "0.5 for a top-quartile manager over long periods; over two or three years sampling error spreads "
        "realized ratios to about ±2.",
        "Grinold and Kahn, Active Portfolio Management (2nd ed.), ch. 5; Goodwin (1998), FAJ 54(4)",
    ),
    _range(
        "capex_to_operating_cash_flow",
        0.05,
        1.5,
        "A company's capital spending over its operating cash flow: about 40–70% for the S&P 500 in "
        "aggregate, industry averages from about 10% (software, services) to above 100% (utilities, "
        "telecoms, firms building capacity).",
        "Damodaran Online, Capital Expenditures by Sector (US); S&P 500 cash-flow statements (SEC filings)",
    ),
    _range(
        "operating_margin",
        -1,
        0.7,
        "Operating income over revenue: U.S. industry averages about -10% to 45%; single firms up to about "
        "70% (card networks, exchanges) and, in a collapse year, down to about -100% (airlines in 2020).",
        "Damodaran Online, Operating and Net Margins by Industry (US); airlines' 2020 10-K filings",
    ),
    _range(
        "corporate_hurdle_rate",
        0.04,
        0.25,
        "The discount (hurdle) rate a company applies to its projects: a median of about 12–15% in CFO "
        "surveys, from about 5% (utilities, low-rate years) to 25% (small firms, risky ventures).",
        "Jagannathan, Matsa, Meier and Tarhan (2016), Why do firms use high discount rates? (JFE)",
    ),
    _range(
        "bond_convexity_over_duration_squared",
        1,
        2,
        "An option-free bond's convexity over its modified duration squared: at least 1 (convexity is "
        "D² plus D / (1 + y) for a zero-coupon bond, plus the spread of a coupon bond's payment dates), "
        "about 1.05–1.6 for bonds and bond portfolios.",
        "CFA Program curriculum, Fixed Income: Yield-Based Bond Convexity; Fabozzi, Fixed Income Mathematics",
    ),
    _range(
        "var_confidence_level",
        0.9,
        0.999,
        "Confidence levels at which value at risk and expected shortfall are reported: 95% (most "
        "banks' daily VaR), 97.5% (FRTB expected shortfall), 99% (Basel 10-day VaR), 99.5% (Solvency II), "
        "99.9% (Basel credit capital); 90% at a few firms.",
        "Basel Framework MAR33 and CRE31; Solvency II Directive Art. 101; banks' 10-K market risk data",
    ),
    _range(
        "savings_deposit_rate",
        0,
        0.07,
        "The annual rate a U.S. savings account or certificate of deposit pays, 2000–2025: national "
        "averages 0.05–2% for savings, top online savings rates about 5–5.5% (2007, 2023), one-year CDs "
        "up to about 6.5% (2000).",
        "FDIC National Rates and Rate Caps; FRED series IR3TCD01USM156N (certificates of deposit)",
    ),
    _range(
        "long_run_portfolio_return",
        -0.05,
        0.18,
        "Annualized return of a diversified portfolio held five years or more: U.S. stocks about 10% a "
        "year since 1928 (10-year windows from about -1% to 18%), bonds about 4–5%, balanced mixes 2–12%.",
        "Damodaran Online, Historical Returns on Stocks, Bonds and Bills: 1928–2024",
    ),
    _range(
        "retirement_contribution_limit",
        0,
        31_000,
        "What one saver may add to a tax-advantaged retirement plan in a year: $7,000 to an IRA and "
        "$23,500 to a 401(k) in 2025, plus a $7,500 catch-up contribution from age 50.",
        "IRS Notice 2024-80 (2025 limits, IRC §402(g) and §219(b))",
    ),
    _range(
        "equipment_payback_period",
        1,
        10,
        "Years a cost-saving or revenue-earning equipment purchase takes to pay back its cost from its "
        "yearly cash flows: typically 2–5 years; firms seldom accept more than about 7–10.",
        "Graham and Harvey (2001), The theory and practice of corporate finance, JFE (payback use)",
    ),
    _range(
        "annual_revenue_growth",
        0.5,
        2,
        "A company's or product line's sales over the previous year's: U.S. firms' year-over-year "
        "revenue growth lies between about -50% and +100% in nineteen firm-years of twenty.",
        "Damodaran Online, Historical Growth Rates in Revenues by Industry (US)",
    ),
    _range(
        "rental_cap_rate",
        0.02,
        0.12,
        "Net operating income of a U.S. rental property over its price (the capitalization rate): about "
        "3.5–6% for apartments and offices in large cities, up to about 10–12% for small or rural "
        "properties.",
        "CBRE U.S. Cap Rate Survey; NCREIF Property Index",
    ),
    _range(
        "mortgage_rate",
        0.021,
        0.1,
        "The interest rate on a U.S. fixed-rate mortgage, 2000–2025: 30-year averages from 2.65% (Jan "
        "2021) to 8.6% (May 2000), 15-year from 2.10% (Jul 2021); loans on investment properties cost up "
        "to about one point more.",
        "FRED series MORTGAGE30US and MORTGAGE15US (Freddie Mac Primary Mortgage Market Survey)",
    ),
    _range(
        "collector_car_resale_ratio",
        0.5,
        3,
        "What a collector car sells for over what its owner paid: the Hagerty Market Index of classic "
        "cars about tripled from 2006 to its 2022 peak, while single models lost up to half their value "
        "in 2008–09 and 2023–24.",
        "Hagerty Market Index and Hagerty Price Guide (classic car values)",
    ),
    _range(
        "bitcoin_supply",
        17_500_000,
        21_000_000,
        "Bitcoins in circulation: about 17.5 million at the start of 2019, 19.9 million in 2025, never "
        "more than 21 million under the block subsidy schedule.",
        "Bitcoin Core consensus rules (GetBlockSubsidy, halving every 210,000 blocks); blockchain.com supply",
    ),
    _range(
        "largest_bitcoin_address_share",
        0,
        0.0135,
        "The largest single bitcoin addresses (exchange cold wallets) hold at most about 250,000 BTC, "
        "about 1.3% of the coins in circulation.",
        "Bitcoin rich list (blockchain explorers' top addresses, 2019–2025); Binance proof of reserves",
    ),
    _range(
        "ether_supply",
        110_000_000,
        122_000_000,
        "Ether in circulation: about 110 million in 2020, 120.5 million at the Merge (Sep 2022), and "
        "between about 120 and 121 million since, as burned fees offset issuance.",
        "Etherscan total ether supply chart; Ethereum Foundation, The Merge (issuance)",
    ),
    _range(
        "ether_issuance_rate",
        0.004,
        0.01,
        "Ether issued to validators in a year over the supply, since the Merge: about 2,600–2,800 ETH a "
        "day with 30–35 million ether staked, some 0.5–0.9% a year before fees are burned.",
        "Ethereum consensus specs (base reward); beaconcha.in validator and issuance statistics",
    ),
    _range(
        "ethereum_base_fee_gwei",
        0.05,
        200,
        "The Ethereum base fee per unit of gas, in gwei, since EIP-1559 (Aug 2021): daily averages about "
        "10–100 in 2021–22 with spikes near 200, about 5–30 in 2023–24, and below 1 at times in 2025.",
        "Etherscan average gas price and base fee charts; EIP-1559 specification",
    ),
    _range(
        "ethereum_daily_gas_billions",
        50,
        220,
        "Gas used on Ethereum in a day, in billions: blocks target half their gas limit (15 million of 30 "
        "million until 2025), so about 108 billion a day at target, at most about 216 billion.",
        "EIP-1559 specification (gas target); Etherscan daily gas used chart",
    ),
    _range(
        "bitcoin_fee_rate",
        0.1,
        1_000,
        "Satoshis per virtual byte paid by bitcoin transactions that confirm: at least the 1 sat/vB "
        "default relay fee (0.1 sat/vB from Bitcoin Core 30 in 2025), a few to about 100 in busy weeks, "
        "up to about 1,000 at the April 2024 halving.",
        "Bitcoin Core release notes (minrelaytxfee); mempool.space historical fee rates",
    ),
    _range(
        "bullish_share",
        0.15,
        0.9,
        "Bulls over bulls plus bears in a sentiment poll: in the AAII weekly survey the bullish share "
        "ranges from about 12% to 75% and the bearish from 6% to 70%, so bulls make up about 15–90% of "
        "those who take a side.",
        "AAII Investor Sentiment Survey, historical results since 1987",
    ),
    _range(
        "sentiment_score_scale",
        -1,
        1,
        "A normalized text sentiment score (VADER's compound score, a model's positive minus negative "
        "probability) lies between -1 (most negative) and 1 (most positive).",
        "Hutto and Gilbert (2014), VADER, ICWSM; Araci (2019), FinBERT",
    ),
    _range(
        "token_team_allocation",
        0.05,
        0.35,
        "Share of a crypto token's maximum supply allocated to its team and early contributors: about "
        "15–20% on average, about 5–35% across large launches, typically vesting over 1–4 years after a "
        "6–12 month cliff.",
        "Messari token allocation and unlock data; protocols' published token distributions",
    ),
    _range(
        "circulating_share_of_max_supply",
        0.02,
        1,
        "Circulating over maximum (fully diluted) supply of a listed token: about 10–20% for new "
        "low-float launches, 50–100% for mature tokens (bitcoin about 95%).",
        "CoinGecko and CoinMarketCap supply data; Binance Research, Low Float and High FDV (2024)",
    ),
    _range(
        "token_inflation_rate",
        0,
        0.2,
        "New tokens a proof-of-stake network issues in a year over its supply: about 0.5% for ether, "
        "4–8% for Solana and Cardano-era networks, 7–10% for Cosmos and Polkadot, up to about 20% early on.",
        "Staking Rewards network data; Solana inflation schedule and Polkadot staking documentation",
    ),
    _rule(
        "staking_yield_at_least_inflation",
        "Stakers share the new issuance (and fees) among the staked tokens, a fraction of the supply, so "
        "a network's staking yield is at least its issuance rate (Solana: about 7% with 4.7% inflation).",
        "Solana inflation documentation; Staking Rewards network data",
    ),
    # --- whale detection ---
    _rule(
        "wallet_cannot_overspend",
        "A bitcoin wallet cannot send more than it holds: every transaction's inputs must cover its "
        "outputs, so a day's outflows never exceed the opening balance plus the day's inflows.",
        "Bitcoin Core consensus rules (Consensus::CheckTxInputs: value in at least value out)",
    ),
    _range(
        "ether_whale_transfer_threshold",
        100,
        5_000,
        "The size from which on-chain analysts call an ether transfer a whale transfer: about $1 million "
        "(analytics firms also report a $100,000 tier), which at ether's 2021–2025 prices of about "
        "$1,000–4,900 is about 200–1,000 ETH.",
        "Santiment whale transaction count metrics (transfers over $100,000 and $1 million); FRED CBETHUSD",
    ),
    _range(
        "governance_token_supply",
        0,
        1_000_000_000,
        "Tokens a group of a protocol's largest holders can hold: at most the whole supply, fixed at 1 "
        "billion for UNI (Uniswap) and ENS's 100 million; the largest wallets (treasuries, team and "
        "investor vesting) hold tens to hundreds of millions.",
        "Uniswap governance documentation (UNI: 1 billion tokens at genesis); ENS token documentation",
    ),
)

REFERENCES: dict[str, Reference] = {entry.key: entry for entry in _ENTRIES}
"""Every reference by key, in the order of the table above."""
