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
        "operating_margin",
        -0.3,
        0.6,
        "Operating income (EBIT) over revenue: industry averages from about 2% (grocers, distributors) to "
        "about 45% (software, tobacco); loss-making firms below zero.",
        "Damodaran Online, Operating and Net Margins by Industry (US), pre-tax operating margin",
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
)

REFERENCES: dict[str, Reference] = {entry.key: entry for entry in _ENTRIES}
"""Every reference by key, in the order of the table above."""
