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
        0.06,
        0.3,
        "A bank's total capital (CET1, Additional Tier 1 and Tier 2) over its risk-weighted assets: 8% "
        "minimum plus a 2.5% buffer, 13–18% at large U.S. banks, below 8% at an undercapitalized bank "
        "and about 6% at a significantly undercapitalized one.",
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
        0.0265,
        0.1,
        "The interest rate on a U.S. 30-year fixed-rate mortgage, 2000–2025: 2.65% (Jan 2021) to 8.6% "
        "(May 2000); loans on investment properties cost up to about one point more.",
        "FRED series MORTGAGE30US (Freddie Mac Primary Mortgage Market Survey)",
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
)

REFERENCES: dict[str, Reference] = {entry.key: entry for entry in _ENTRIES}
"""Every reference by key, in the order of the table above."""
