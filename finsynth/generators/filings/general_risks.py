"""Risk factors any company may cite, grouped under the subheadings a 10-K uses.

Bodies may use ``{customers}``, ``{products}`` and ``{competitors}``; all prose is our own.
"""

from __future__ import annotations

from finsynth.world.industry_profiles import RiskProfile

BUSINESS = "Risks Related to Our Business and Industry"
OPERATIONS = "Risks Related to Our Operations"
LEGAL = "Legal, Regulatory and Tax Risks"
FINANCIAL = "Financial Risks"
STOCK = "Risks Related to Our Common Stock"

GENERAL_RISKS: tuple[tuple[str, RiskProfile], ...] = (
    (
        BUSINESS,
        RiskProfile(
            "competition",
            "competition",
            "We face intense competition, which could reduce our market share and prices.",
            "competitors could take market share or force lower prices",
            (
                "We compete with {competitors}, some of which have far greater resources than we do.",
                "Competitors may introduce products at lower prices or bundle them with other offerings.",
                "Responding to competitive pressure could require price cuts or higher marketing spending.",
                "If we fail to differentiate our {products}, our revenue and margins could decline.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "economic_conditions",
            "economic conditions",
            "Weak economic conditions could reduce demand for our products and services.",
            "an economic slowdown could reduce customer demand and delay payments",
            (
                "Demand from {customers} depends on their confidence in the economy.",
                "During downturns, customers may delay purchases, seek discounts or pay more slowly.",
                "Higher unemployment and tighter credit could weaken demand across our markets.",
                "We cannot predict the timing, strength or duration of an economic slowdown.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "new_products",
            "developing new products",
            "Our growth depends on developing and launching new products that customers want.",
            "new products may fail to win customers or may launch late",
            (
                "We invest heavily in new offerings before we know whether customers will buy them.",
                "Development projects can take longer and cost more than we plan.",
                "A product that does not meet expectations could harm our reputation.",
                "Our competitors may bring similar products to market sooner.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "acquisitions",
            "acquisitions",
            "Acquisitions could disrupt our business and may not deliver the benefits we expect.",
            "acquired businesses may be hard to integrate and may not deliver expected benefits",
            (
                "Integrating an acquired business requires management attention and can take years.",
                "We may lose key employees or customers of the businesses we acquire.",
                "We could discover liabilities that were not apparent before the acquisition closed.",
                "Paying for acquisitions may require us to borrow money or issue shares.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "international_operations",
            "its international operations",
            "Our international operations expose us to political, economic and legal risks.",
            "operations abroad expose it to political instability, foreign laws and currency swings",
            (
                "We sell to customers and buy from suppliers in many countries.",
                "Changes in trade policy, political unrest or local rules could disrupt these activities.",
                "Enforcing contracts and protecting assets can be harder in some jurisdictions.",
                "Managing staff across many time zones and legal systems adds cost and complexity.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "key_personnel",
            "attracting and keeping key employees",
            "We depend on our ability to attract and retain qualified employees and executives.",
            "losing key executives or skilled staff could harm its operations",
            (
                "Competition for engineers, technicians and experienced managers is strong.",
                "The departure of members of our senior leadership team could disrupt our plans.",
                "Rising wages and benefit costs could increase our operating expenses.",
                "Changes to immigration rules could limit our access to skilled workers.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "supply_chain",
            "its supply chain",
            "Disruptions in our supply chain could prevent us from meeting customer demand.",
            "supplier failures or shipping delays could leave it unable to meet demand",
            (
                "We rely on a limited number of suppliers for some critical inputs.",
                "A supplier could fail, raise prices sharply or give priority to other customers.",
                "Finding and qualifying a replacement supplier can take many months.",
                "Delays in transportation could raise our costs and delay deliveries to {customers}.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "reputation",
            "its brand and reputation",
            "Damage to our reputation could reduce demand for our products.",
            "harm to its brand and reputation could reduce demand",
            (
                "Our reputation depends on the quality and reliability of our {products}.",
                "Negative publicity, even if inaccurate, can spread quickly through social media.",
                "Actions by our suppliers or partners could also reflect on our brand.",
                "Restoring a damaged reputation could require significant time and expense.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "cybersecurity",
            "cybersecurity",
            "A cyberattack or security breach could disrupt our operations and expose sensitive data.",
            "a cyberattack could disrupt operations and expose sensitive data",
            (
                "Attackers target our systems and those of our vendors with ransomware, phishing and "
                "other methods.",
                "A successful attack could halt operations, corrupt data or expose information about "
                "{customers}.",
                "We could face regulatory penalties, lawsuits and costs to restore systems.",
                "Our insurance may not cover all losses from a serious incident.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "information_systems",
            "its information systems",
            "Problems with our information systems could interrupt our business.",
            "failures or upgrades of its information systems could interrupt business",
            (
                "We rely on enterprise systems to process orders, manage inventory and report results.",
                "We are replacing several older systems, and such projects often face delays.",
                "A failed implementation could disrupt billing, shipping or financial reporting.",
                "Some of our systems are hosted by third parties we do not control.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "natural_disasters",
            "natural disasters and catastrophic events",
            "Natural disasters and other catastrophic events could damage our facilities.",
            "disasters could damage facilities and interrupt operations",
            (
                "Some of our facilities are located in areas exposed to hurricanes, floods or earthquakes.",
                "A fire, storm or power outage could stop production or services for an extended period.",
                "Our business continuity plans may not prevent all losses.",
                "Insurance may not fully compensate us for the damage or the lost business.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "climate_change",
            "climate change",
            "Climate change and related regulation could increase our costs.",
            "climate change and climate rules could raise costs and disrupt operations",
            (
                "More frequent extreme weather could disrupt our operations and those of our suppliers.",
                "New rules on emissions and energy use could raise our operating costs.",
                "Customers and investors increasingly expect us to reduce our environmental impact.",
                "Meeting our own climate goals may require investments with uncertain returns.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "public_health",
            "public-health crises",
            "A pandemic or other public-health crisis could disrupt our operations and demand.",
            "a public-health crisis could close facilities and reduce demand",
            (
                "Past outbreaks led to closures of facilities, travel restrictions and supply shortages.",
                "A new outbreak could reduce the availability of our workforce.",
                "Demand for some of our products could fall sharply during such a period.",
                "The financial strain on customers could increase our credit losses.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "artificial_intelligence",
            "its use of artificial intelligence",
            "Our use of artificial intelligence tools could expose us to new operational and legal risks.",
            "artificial-intelligence tools could produce errors and create legal exposure",
            (
                "We use machine-learning models in forecasting, customer service and internal processes.",
                "These models may produce inaccurate or biased results that are hard to detect.",
                "Rules governing artificial intelligence are developing and may restrict our uses.",
                "Competitors that adopt these tools more effectively could gain an advantage.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "litigation",
            "litigation",
            "We are subject to lawsuits and claims whose outcomes are uncertain.",
            "lawsuits and claims could result in large costs or judgments",
            (
                "In the ordinary course of business we face claims about products, contracts and employment.",
                "Defending lawsuits is costly and distracts management.",
                "An unfavorable judgment or settlement could exceed the amounts we have accrued.",
                "Some claims could lead to changes in how we conduct our business.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "data_privacy",
            "data privacy rules",
            "Privacy and data-protection laws could increase our costs and limit our business.",
            "privacy laws could increase compliance costs and restrict data use",
            (
                "Laws on the collection and use of personal data are growing in number and scope.",
                "Complying with different rules in different jurisdictions adds cost.",
                "A violation could result in fines, lawsuits and damage to customer trust.",
                "New rules could limit how we market our {products}.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "tax_changes",
            "changes in tax law",
            "Changes in tax laws or their interpretation could raise our effective tax rate.",
            "tax-law changes could raise its effective tax rate",
            (
                "We are subject to income and other taxes in the United States and abroad.",
                "Governments continue to change tax rules, including a global minimum tax.",
                "Tax authorities may disagree with positions we have taken on past returns.",
                "An increase in our effective tax rate would reduce our net income.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "intellectual_property",
            "protecting its intellectual property",
            "We may be unable to protect our intellectual property adequately.",
            "it may fail to protect its patents, trademarks and trade secrets",
            (
                "We rely on patents, trademarks, trade secrets and contracts to protect our technology.",
                "Others may copy our products or design around our patents.",
                "Enforcing our rights through litigation is costly and may not succeed.",
                "Third parties may claim that our products infringe their rights.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "anti_corruption",
            "anti-corruption and sanctions laws",
            "Violations of anti-corruption, sanctions or export laws could result in penalties.",
            "breaches of anti-corruption, sanctions or export laws could lead to penalties",
            (
                "We operate in some countries where corruption is considered widespread.",
                "Our employees and agents could act in ways that violate our policies.",
                "Investigations can take years and result in large fines.",
                "Sanctions may require us to stop doing business with some customers on short notice.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "environmental_compliance",
            "environmental laws",
            "Compliance with environmental laws could be costly.",
            "environmental laws could impose clean-up costs and operating limits",
            (
                "Our operations are subject to laws on air emissions, water discharges and waste.",
                "We could be liable for contamination at sites we own or once owned.",
                "Stricter rules could require new equipment or changes to our processes.",
                "Violations could lead to fines or the suspension of operations.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "indebtedness",
            "its indebtedness",
            "Our debt could limit our flexibility and require us to use cash for interest and repayment.",
            "its debt requires cash for interest and repayment and contains restrictive covenants",
            (
                "We must use part of our cash flow to pay interest and principal.",
                "Our credit agreement contains covenants that limit additional borrowing and some payments.",
                "A breach of these covenants could allow lenders to demand early repayment.",
                "Refinancing maturing debt may only be possible on less favorable terms.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "interest_rates",
            "interest rates",
            "Higher interest rates could increase our borrowing costs and reduce demand.",
            "higher interest rates could raise borrowing costs and dampen demand",
            (
                "Borrowings under our revolving credit facility carry variable interest rates.",
                "Higher rates also increase the financing costs of {customers}.",
                "Rising rates could reduce the value of our pension and investment assets.",
                "We do not hedge all of our interest-rate exposure.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "currency",
            "foreign currency exchange rates",
            "Fluctuations in foreign exchange rates could reduce our reported results.",
            "exchange-rate swings could reduce reported revenue and earnings",
            (
                "Part of our revenue and costs are in currencies other than the U.S. dollar.",
                "A stronger dollar reduces the dollar value of our foreign sales.",
                "Our hedging program covers only some of our exposures.",
                "Currency swings can also change the competitiveness of our products abroad.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "goodwill_impairment",
            "impairment of goodwill and intangible assets",
            "We may have to record impairment charges on goodwill or intangible assets.",
            "weaker results could force impairment charges on goodwill and intangibles",
            (
                "Goodwill and intangible assets make up a significant part of our total assets.",
                "We test goodwill for impairment at least once a year.",
                "Lower forecasts or a decline in our share price could indicate an impairment.",
                "An impairment charge would reduce our earnings in the period it is recorded.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "inflation",
            "inflation",
            "Inflation in labor, materials and energy could reduce our margins.",
            "inflation in wages, materials and energy could squeeze margins",
            (
                "Our costs for wages, materials, freight and energy have risen in recent years.",
                "We may not be able to raise prices quickly enough to offset higher costs.",
                "Price increases could reduce demand for our {products}.",
                "Long-term contracts may limit our ability to pass on costs.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "customer_credit",
            "the credit risk of its customers",
            "Our customers may be unable to pay amounts they owe us.",
            "customers may fail to pay what they owe",
            (
                "We extend credit to many customers without requiring collateral.",
                "Financial difficulties of a large customer could lead to significant credit losses.",
                "Our allowance for credit losses is based on estimates that may prove too low.",
                "Slower collections would reduce our cash flow.",
            ),
        ),
    ),
    (
        STOCK,
        RiskProfile(
            "stock_volatility",
            "the price of its common stock",
            "The market price of our common stock may be volatile.",
            "its share price may swing widely for reasons unrelated to performance",
            (
                "Our share price may change sharply in response to our results or guidance.",
                "Announcements by competitors or changes in analysts' estimates may also move the price.",
                "Broad market declines can lower our share price regardless of our performance.",
                "Shareholders have sometimes sued companies after sharp price declines.",
            ),
        ),
    ),
    (
        STOCK,
        RiskProfile(
            "capital_returns",
            "dividends and share repurchases",
            "We may change or stop our dividends and share repurchases.",
            "dividends and repurchases may be reduced or stopped",
            (
                "Our board of directors decides on dividends and repurchases each period.",
                "Future returns of capital depend on our earnings, cash needs and debt covenants.",
                "A reduction of our dividend could lower our share price.",
                "Repurchases may not increase long-term shareholder value.",
            ),
        ),
    ),
    (
        STOCK,
        RiskProfile(
            "internal_controls",
            "its internal control over financial reporting",
            "If we fail to maintain effective internal controls, our financial reports could be inaccurate.",
            "weak internal controls could lead to misstated financial reports",
            (
                "Each year we must assess whether our internal control over reporting is effective.",
                "Changes in systems, acquisitions and staff turnover can weaken our controls.",
                "A material weakness could cause investors to lose confidence in our reports.",
                "Fixing a weakness could require significant time and expense.",
            ),
        ),
    ),
    (
        STOCK,
        RiskProfile(
            "takeover_defenses",
            "provisions that could delay a change of control",
            "Provisions of our charter and state law could delay or prevent a takeover.",
            "charter provisions and state law could discourage a takeover",
            (
                "Our charter allows the board to issue preferred stock without a shareholder vote.",
                "Advance-notice rules limit how shareholders may nominate directors.",
                "State anti-takeover laws restrict some transactions with large shareholders.",
                "These provisions could reduce the price investors are willing to pay for our shares.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "pricing_pressure",
            "pressure on its prices",
            "Pressure from customers to lower prices could reduce our margins.",
            "large customers and purchasing groups could force price reductions",
            (
                "Many of our larger customers negotiate prices through formal bidding processes.",
                "Consolidation among {customers} increases their bargaining power.",
                "We may have to accept lower prices to keep important accounts.",
                "Cost savings may not keep pace with the price concessions we grant.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "distribution_partners",
            "its distributors and resellers",
            "We rely on distributors and resellers that we do not control.",
            "distributors and resellers may favor competitors or fail to sell effectively",
            (
                "A significant part of our sales passes through independent distributors and resellers.",
                "These partners also carry products of {competitors} and may promote them over ours.",
                "A partner in financial difficulty may be unable to pay us or may stop ordering.",
                "Changes in partners' inventory levels can make our quarterly revenue uneven.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "quarterly_fluctuations",
            "fluctuations in its quarterly results",
            "Our quarterly results may vary significantly and may fall short of expectations.",
            "quarterly results may swing and miss expectations",
            (
                "The timing of large orders, launches and expenses can shift results between quarters.",
                "Many of our costs are fixed in the short term and do not fall when revenue does.",
                "Results for any quarter may not indicate results for the full year.",
                "A shortfall against analysts' expectations could lower our share price.",
            ),
        ),
    ),
    (
        BUSINESS,
        RiskProfile(
            "strategic_initiatives",
            "its transformation and cost programs",
            "Our productivity and transformation programs may not deliver the savings we expect.",
            "cost and transformation programs may cost more or save less than planned",
            (
                "We are consolidating facilities, simplifying our product range and upgrading our processes.",
                "These programs require spending before benefits appear.",
                "They may distract employees and disrupt relationships with customers.",
                "If savings fall short, we may not meet our margin targets.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "labor_relations",
            "labor relations",
            "Work stoppages or disputes with employees could disrupt our operations.",
            "strikes or labor disputes could disrupt operations",
            (
                "Some of our employees are covered by collective bargaining agreements.",
                "Negotiations on new agreements could lead to strikes or higher labor costs.",
                "Union organizing efforts at other sites could change how we operate them.",
                "Strikes at suppliers, ports or customers could also affect us.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "facility_concentration",
            "the concentration of its operations",
            "A disruption at one of our principal facilities could significantly reduce our output.",
            "a disruption at a principal facility could cut output significantly",
            (
                "A few of our sites handle a large share of our production, distribution or services.",
                "Moving that work to other sites would take time and add cost.",
                "Local events such as power failures or accidents could stop a site for weeks.",
                "Customers may turn to competitors during a prolonged disruption.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "energy_costs",
            "energy costs",
            "Higher or more volatile energy prices could increase our operating costs.",
            "higher energy prices could raise operating costs",
            (
                "Our operations use significant amounts of electricity, natural gas and fuel.",
                "Energy prices depend on weather, geopolitics and regulation that we cannot control.",
                "We buy part of our energy under fixed-price contracts that may expire at unfavorable times.",
                "We may not be able to recover higher energy costs through our prices.",
            ),
        ),
    ),
    (
        OPERATIONS,
        RiskProfile(
            "insurance_coverage",
            "the limits of its insurance",
            "Our insurance may not cover all of the losses we could suffer.",
            "insurance may not cover all losses",
            (
                "We carry insurance against property damage, liability and business interruption.",
                "Premiums have risen, and insurers have narrowed coverage for some risks.",
                "Some losses, such as those from certain cyber or climate events, may be excluded.",
                "A large uninsured loss would reduce our earnings and cash.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "government_contracts",
            "contracts with government customers",
            "Contracts with government customers carry special terms and audit rights.",
            "government contracts can be terminated at will and are subject to audits",
            (
                "Government customers can generally end contracts for convenience.",
                "Funding for these contracts depends on budget decisions we cannot influence.",
                "Government audits could lead to price adjustments, penalties or suspension.",
                "Compliance with procurement rules adds administrative cost.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "stakeholder_expectations",
            "sustainability expectations of stakeholders",
            "Scrutiny of our environmental, social and governance practices could affect our reputation.",
            "scrutiny of its sustainability practices could harm its reputation and raise costs",
            (
                "Investors, customers and employees increasingly evaluate companies on sustainability.",
                "Disclosure rules on these topics differ among jurisdictions and continue to change.",
                "Failing to meet our stated goals could damage our reputation.",
                "Meeting different stakeholder demands may require costly changes.",
            ),
        ),
    ),
    (
        LEGAL,
        RiskProfile(
            "employment_law",
            "employment laws",
            "Changes in wage, benefit and employment laws could increase our costs.",
            "changing wage and employment laws could increase labor costs",
            (
                "Minimum wage increases and new leave requirements raise our labor costs.",
                "Rules on worker classification and scheduling differ among states.",
                "Claims under employment laws can be brought as class actions.",
                "Compliance requires ongoing investment in systems and training.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "credit_ratings",
            "its credit ratings",
            "A downgrade of our credit ratings could raise our borrowing costs.",
            "a credit-rating downgrade could increase borrowing costs and limit financing",
            (
                "Rating agencies evaluate our leverage, cash flow and business prospects.",
                "A downgrade would increase the interest rate on some of our borrowings.",
                "It could also limit our access to commercial paper and other short-term funding.",
                "Suppliers might require stricter payment terms after a downgrade.",
            ),
        ),
    ),
    (
        FINANCIAL,
        RiskProfile(
            "capital_markets",
            "access to capital markets",
            "Disruptions in the credit and capital markets could limit our access to financing.",
            "turmoil in credit markets could limit its access to financing",
            (
                "We may need to borrow to refinance debt, fund acquisitions or meet other needs.",
                "Periods of market stress can make financing expensive or unavailable.",
                "Banks in our credit facility could fail to fund their commitments.",
                "Limited access to capital could force us to delay investments.",
            ),
        ),
    ),
    (
        STOCK,
        RiskProfile(
            "share_dilution",
            "future issuances of its shares",
            "Future sales or issuances of our stock could dilute existing shareholders.",
            "new share issuances could dilute existing shareholders",
            (
                "We may issue shares to fund acquisitions or to pay for other obligations.",
                "Equity awards to employees add to the number of shares outstanding each year.",
                "Sales of large blocks of shares could lower our share price.",
                "Shareholders have no preemptive right to buy newly issued shares.",
            ),
        ),
    ),
    (
        STOCK,
        RiskProfile(
            "activist_shareholders",
            "activist shareholders",
            "Actions by activist shareholders could be costly and disruptive.",
            "activist shareholders could disrupt management and raise costs",
            (
                "Activist investors may seek board seats, strategic changes or special dividends.",
                "Responding to such campaigns takes management time and adds advisory fees.",
                "Uncertainty about our direction could affect employees and customers.",
                "Our share price may move on speculation unrelated to our results.",
            ),
        ),
    ),
)
