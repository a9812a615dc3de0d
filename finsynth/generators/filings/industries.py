"""The industries fictional companies operate in: segments, risks and the shape of their statements.

All prose here is written for finsynth; the companies and their facts are fictional.
"""

from __future__ import annotations

from finsynth.generators.filings.profiles import ExpenseLine, Industry, RiskProfile, SegmentProfile

_RESEARCH = ExpenseLine("research_and_development", "Research and development", 0.08, 0.2)
_SALES = ExpenseLine("sales_and_marketing", "Sales and marketing", 0.12, 0.25)
_ADMIN = ExpenseLine("general_and_administrative", "General and administrative", 0.05, 0.1)
_SELLING_ADMIN = ExpenseLine(
    "selling_general_and_administrative", "Selling, general and administrative", 0.1, 0.2
)
_LIGHT_RESEARCH = ExpenseLine("research_and_development", "Research and development", 0.02, 0.06)
_MEDICAL_RESEARCH = ExpenseLine("research_and_development", "Research and development", 0.06, 0.12)
_CHIP_RESEARCH = ExpenseLine("research_and_development", "Research and development", 0.12, 0.2)

SOFTWARE = Industry(
    key="software",
    label="enterprise software",
    name_words=("Software", "Systems", "Cloud", "Data"),
    description="build, sell and support subscription software that helps organizations plan work, "
    "manage data and automate routine processes",
    products="subscription applications and data services",
    customers="mid-sized and large enterprises and public-sector agencies",
    competitors="large diversified software vendors, niche application providers and in-house IT teams",
    regulation=(
        "Our services store and process personal data, so we are subject to privacy and data-protection "
        "laws in the United States, the European Union and other jurisdictions where our customers operate.",
        "Several public-sector customers require us to maintain security certifications that are audited "
        "each year by independent assessors.",
    ),
    seasonality="New subscription bookings tend to be highest in our fourth fiscal quarter, when many "
    "customers finalize annual budgets.",
    segments=(
        SegmentProfile(
            "Cloud Platform",
            "hosted workflow and analytics subscriptions",
            ("higher seat counts at existing customers", "strong renewals of multi-year contracts"),
            ("lower expansion within existing accounts", "longer approval cycles for new contracts"),
        ),
        SegmentProfile(
            "Data Services",
            "data integration and storage services billed by usage",
            ("growth in customer data volumes", "adoption of the premium storage tier"),
            ("price reductions on storage tiers", "customers optimizing their data usage"),
        ),
        SegmentProfile(
            "Professional Services",
            "implementation, training and consulting",
            ("a larger number of implementation projects", "demand for migration assistance"),
            ("the completion of several large implementations", "a shift of projects to partners"),
        ),
        SegmentProfile(
            "Security Solutions",
            "identity management and threat detection software",
            ("new customers adopting identity products", "upgrades to the advanced detection tier"),
            ("competitive pricing pressure", "delayed renewals in the public sector"),
        ),
        SegmentProfile(
            "Licenses and Maintenance",
            "on-premises licenses and related maintenance",
            ("a renewal cycle of perpetual licenses", "higher maintenance attach rates"),
            ("customers migrating from licenses to subscriptions", "fewer perpetual license sales"),
        ),
    ),
    risks=(
        RiskProfile(
            "service_outages",
            "interruptions of its hosted services",
            "Interruptions or delays in our hosted services could lead customers to cancel subscriptions.",
            "outages of its hosted services could cause customers to cancel subscriptions and claim credits",
            (
                "Our services run in third-party data centers that can fail because of power loss, "
                "hardware faults or human error.",
                "Service-level commitments in our contracts require us to issue credits when availability "
                "falls below agreed levels.",
                "A prolonged outage could damage our reputation among {customers} for years.",
            ),
        ),
        RiskProfile(
            "subscription_renewals",
            "the renewal of customer subscriptions",
            "If customers do not renew their subscriptions or reduce their usage, our revenue could decline.",
            "customers may not renew subscriptions or may buy fewer seats",
            (
                "Most of our subscriptions run for one to three years and customers have no obligation "
                "to renew them.",
                "Renewal rates may fall if customers consolidate vendors or cut technology budgets.",
                "Because we recognize subscription revenue over the contract term, a decline in renewals "
                "may not show fully in our results until later periods.",
            ),
        ),
        RiskProfile(
            "open_source",
            "its use of open-source software",
            "Our use of open-source components could require us to release proprietary code.",
            "open-source licenses could force it to disclose source code or re-engineer products",
            (
                "Some open-source licenses require anyone who distributes modified code to publish it.",
                "A court could interpret these licenses in ways we did not anticipate.",
                "Replacing an affected component could take months of engineering work.",
            ),
        ),
        RiskProfile(
            "platform_dependence",
            "its dependence on third-party cloud providers",
            "We depend on a small number of cloud infrastructure providers that we do not control.",
            "it relies on a few cloud infrastructure providers whose prices and terms it cannot control",
            (
                "Our hosting agreements can be changed or terminated on short notice.",
                "Moving our services to another provider would be expensive and could disrupt customers.",
                "Price increases by these providers would reduce our gross margin.",
            ),
        ),
    ),
    gross_margin=(0.66, 0.8),
    expenses=(_RESEARCH, _SALES, _ADMIN),
    receivable_days=(45, 75),
    inventory_days=(0, 0),
    capex_share=(0.02, 0.05),
    growth=0.12,
)

RETAIL = Industry(
    key="retail",
    label="specialty retail",
    name_words=("Outfitters", "Home", "Stores", "Goods"),
    description="operate specialty stores and an online shop that sell home furnishings, outdoor gear and "
    "seasonal merchandise",
    products="home furnishings, outdoor equipment and seasonal merchandise",
    customers="households in suburban and regional markets",
    competitors="national chains, discount stores and online marketplaces",
    regulation=(
        "Our stores are subject to consumer-protection, product-safety, labor and zoning rules in every "
        "state where we operate.",
        "Imported merchandise must meet customs requirements, and tariffs on our product categories can "
        "change with little notice.",
    ),
    seasonality="Our business is seasonal, with the largest share of sales and operating income earned in "
    "the holiday quarter.",
    segments=(
        SegmentProfile(
            "Stores",
            "merchandise sold in our physical stores",
            ("higher traffic in remodeled stores", "the opening of new stores"),
            ("lower foot traffic in older malls", "the closure of underperforming stores"),
        ),
        SegmentProfile(
            "Digital",
            "merchandise sold through our website and mobile app",
            ("growth in mobile orders", "the expansion of same-day pickup"),
            ("reduced promotional activity online", "higher shipping thresholds"),
        ),
        SegmentProfile(
            "Outdoor",
            "camping, fitness and garden equipment",
            ("strong demand for camping equipment", "a broader assortment of garden products"),
            ("unfavorable spring weather", "lower demand for fitness equipment"),
        ),
        SegmentProfile(
            "Home",
            "furniture, décor and kitchen products",
            ("successful private-label furniture launches", "higher average order values"),
            ("softer demand for large furniture items", "a slower housing market"),
        ),
        SegmentProfile(
            "Wholesale",
            "branded products sold to other retailers",
            ("new distribution agreements", "higher reorders from partner retailers"),
            ("the loss of a regional retail partner", "lower reorders from partner retailers"),
        ),
    ),
    risks=(
        RiskProfile(
            "consumer_spending",
            "changes in consumer spending",
            "A decline in discretionary consumer spending would reduce our sales.",
            "lower discretionary spending by households would reduce its sales",
            (
                "Most of our merchandise is discretionary, and customers delay such purchases when "
                "they feel less secure about their finances.",
                "Higher fuel, food and housing costs leave {customers} with less to spend in our stores.",
                "We may need deeper markdowns to clear inventory when demand weakens.",
            ),
        ),
        RiskProfile(
            "inventory_management",
            "managing its inventory",
            "If we misjudge demand for our merchandise, we may hold excess inventory or run short.",
            "misjudging demand could leave it with excess inventory or empty shelves",
            (
                "We order seasonal merchandise many months before it reaches our stores.",
                "Excess inventory must often be sold at a discount, which reduces our gross margin.",
                "Shortages of popular items can send customers to competitors.",
            ),
        ),
        RiskProfile(
            "store_leases",
            "its store leases",
            "We lease nearly all of our stores and cannot easily exit leases in declining locations.",
            "long-term store leases limit its ability to close underperforming locations",
            (
                "Our leases typically run for ten years with renewal options.",
                "Closing a store before the lease ends may require us to pay the remaining rent.",
                "Rent increases on renewal could reduce store profitability.",
            ),
        ),
        RiskProfile(
            "imports_and_tariffs",
            "tariffs and imported merchandise",
            "Tariffs and disruptions in ocean freight could raise the cost of the goods we sell.",
            "tariffs and shipping disruptions could increase the cost of imported goods",
            (
                "A large share of our merchandise is made overseas and shipped in containers.",
                "New tariffs on our product categories would raise costs we may not pass on to customers.",
                "Port congestion can delay seasonal goods until after the selling window has passed.",
            ),
        ),
    ),
    gross_margin=(0.32, 0.45),
    expenses=(_SELLING_ADMIN,),
    receivable_days=(3, 12),
    inventory_days=(60, 110),
    capex_share=(0.03, 0.06),
    growth=0.04,
)

MEDICAL_DEVICES = Industry(
    key="medical_devices",
    label="medical devices",
    name_words=("Medical", "Health", "Surgical", "Diagnostics"),
    description="develop, manufacture and sell devices used in surgery, patient monitoring and laboratory "
    "diagnostics",
    products="surgical instruments, monitoring systems and diagnostic consumables",
    customers="hospitals, ambulatory surgery centers and clinical laboratories",
    competitors="large diversified medical technology companies and specialized device makers",
    regulation=(
        "Our products are regulated as medical devices by the U.S. Food and Drug Administration and by "
        "comparable authorities abroad.",
        "New products and significant changes to existing products generally require clearance or "
        "approval before we may sell them.",
        "Our manufacturing sites must follow quality-system rules and are inspected periodically.",
    ),
    seasonality="Procedure volumes are usually lower in our summer months and higher near the end of the "
    "calendar year, when many patients have met their insurance deductibles.",
    segments=(
        SegmentProfile(
            "Surgical Systems",
            "powered surgical instruments and related disposables",
            ("higher procedure volumes", "the launch of a new instrument line"),
            ("deferred hospital capital purchases", "lower procedure volumes"),
        ),
        SegmentProfile(
            "Patient Monitoring",
            "bedside and wearable monitoring systems",
            ("hospital upgrades of monitoring networks", "demand for wearable monitors"),
            ("the end of a large replacement program", "slower hospital capital spending"),
        ),
        SegmentProfile(
            "Diagnostics",
            "laboratory analyzers and test consumables",
            ("a larger installed base of analyzers", "higher test volumes"),
            ("lower volumes of respiratory tests", "pricing pressure from group purchasing contracts"),
        ),
        SegmentProfile(
            "Orthopedics",
            "implants and instruments for joint and spine procedures",
            ("growth in knee and hip procedures", "adoption of our new spine implant"),
            ("competitive pricing in mature implant lines", "fewer elective procedures"),
        ),
    ),
    risks=(
        RiskProfile(
            "regulatory_approval",
            "regulatory approval of its products",
            "Delays in obtaining regulatory clearance could postpone our product launches.",
            "regulators may delay or refuse clearance of new devices",
            (
                "The clearance process can take longer than planned and may require more clinical data.",
                "Regulators may limit the uses for which a device can be marketed.",
                "A delayed launch allows {competitors} to reach customers first.",
            ),
        ),
        RiskProfile(
            "product_recalls",
            "product recalls and liability",
            "Product defects could result in recalls, liability claims and harm to our reputation.",
            "defective devices could lead to recalls and product-liability claims",
            (
                "Our devices are used in complex procedures where a failure can injure patients.",
                "A recall would require us to replace or repair products and could suspend sales.",
                "Our insurance may not cover all liability claims.",
            ),
        ),
        RiskProfile(
            "reimbursement",
            "reimbursement by third-party payers",
            "Changes in reimbursement by government and private payers could reduce demand for our products.",
            "lower reimbursement by government and private payers could reduce demand",
            (
                "{customers} rely on payments from insurers and government programs to fund purchases.",
                "Payers regularly review the rates paid for procedures that use our devices.",
                "Lower payments could lead customers to seek cheaper alternatives.",
            ),
        ),
        RiskProfile(
            "sterilization_capacity",
            "sterilization capacity",
            "Limited sterilization capacity could interrupt the supply of our disposable products.",
            "shortages of sterilization capacity could interrupt supply of disposables",
            (
                "We rely on a few outside facilities to sterilize many of our disposable products.",
                "Environmental rules have forced some sterilization sites to reduce operations.",
                "Moving sterilization to a new site requires validation that can take many months.",
            ),
        ),
    ),
    gross_margin=(0.55, 0.68),
    expenses=(_MEDICAL_RESEARCH, _SELLING_ADMIN),
    receivable_days=(50, 70),
    inventory_days=(90, 160),
    capex_share=(0.04, 0.07),
    growth=0.07,
)

INDUSTRIAL = Industry(
    key="industrial_machinery",
    label="industrial machinery",
    name_words=("Industries", "Machinery", "Equipment", "Engineering"),
    description="design and manufacture pumps, compressors, motion-control components and the service "
    "programs that keep them running",
    products="pumps, compressors and motion-control components",
    customers="manufacturers, utilities, mining companies and distributors",
    competitors="global engineering groups and regional machine builders",
    regulation=(
        "Our factories are subject to environmental, health and safety laws governing emissions, waste "
        "handling and workplace safety.",
        "Some of our products are subject to export controls when sold to certain countries.",
    ),
    seasonality="Orders are fairly even during the year, although shipments are usually highest in the "
    "fourth quarter as customers complete capital projects.",
    segments=(
        SegmentProfile(
            "Flow Control",
            "pumps, valves and related controls",
            ("higher demand from water utilities", "price increases on core pump lines"),
            ("lower orders from chemical processors", "the timing of large project shipments"),
        ),
        SegmentProfile(
            "Compression",
            "air and gas compressors",
            ("strong demand from natural gas customers", "a recovery in general industrial orders"),
            ("weaker demand from mining customers", "delays in customer capital projects"),
        ),
        SegmentProfile(
            "Motion Technologies",
            "bearings, gearboxes and drives",
            ("factory automation projects", "growth in demand for precision gearboxes"),
            ("inventory reductions by distributors", "softer demand in the automotive end market"),
        ),
        SegmentProfile(
            "Aftermarket Services",
            "spare parts, repairs and service contracts",
            ("a larger installed base under service contracts", "higher spare-parts volumes"),
            ("fewer major overhauls", "lower utilization of customer equipment"),
        ),
    ),
    risks=(
        RiskProfile(
            "raw_materials",
            "the cost of raw materials",
            "Increases in the cost of steel, copper and other materials could reduce our margins.",
            "higher prices for steel, copper and other materials could reduce margins",
            (
                "Metals make up a large part of the cost of our products.",
                "Our fixed-price contracts may not allow us to pass cost increases on to customers.",
                "Shortages of castings and electronic components have lengthened our lead times.",
            ),
        ),
        RiskProfile(
            "cyclical_demand",
            "cyclical demand from industrial customers",
            "Demand for our equipment rises and falls with our customers' capital spending.",
            "demand follows the capital-spending cycles of industrial customers",
            (
                "{customers} often delay equipment purchases when economic conditions weaken.",
                "A fall in commodity prices reduces investment by mining and energy customers.",
                "Our backlog may be cancelled or deferred without significant penalties.",
            ),
        ),
        RiskProfile(
            "warranty_claims",
            "warranty claims",
            "Product failures could lead to warranty costs above our estimates.",
            "warranty costs could exceed its estimates if products fail in the field",
            (
                "We provide warranties of one to five years on most equipment.",
                "Our warranty reserves rest on historical failure rates that may not predict future claims.",
                "A design flaw in a high-volume product could affect many units at once.",
            ),
        ),
        RiskProfile(
            "pension_obligations",
            "its pension obligations",
            "Our defined-benefit pension plans could require larger contributions than we expect.",
            "pension plans could require larger cash contributions if asset returns or discount rates fall",
            (
                "Lower interest rates increase the present value of our pension obligations.",
                "Poor investment returns would increase the funding gap of our plans.",
                "Required contributions would reduce cash available for other uses.",
            ),
        ),
    ),
    gross_margin=(0.28, 0.4),
    expenses=(_LIGHT_RESEARCH, _SELLING_ADMIN),
    receivable_days=(55, 80),
    inventory_days=(80, 130),
    capex_share=(0.025, 0.05),
    growth=0.05,
)

RENEWABLE_ENERGY = Industry(
    key="renewable_energy",
    label="renewable energy",
    name_words=("Energy", "Power", "Renewables", "Solar"),
    description="develop, own and operate wind and solar generation projects and sell electricity and "
    "storage services under long-term contracts",
    products="electricity, battery storage services and renewable energy credits",
    customers="utilities, corporate buyers and municipal power agencies",
    competitors="independent power producers, utility-owned developers and infrastructure funds",
    regulation=(
        "Our projects need permits from federal, state and local authorities covering land use, "
        "wildlife and interconnection to the grid.",
        "Federal tax credits for renewable generation materially affect the economics of our projects.",
        "Our sales of electricity in wholesale markets are subject to rules set by regional grid operators.",
    ),
    seasonality="Our revenue varies with weather: wind output is typically highest in winter and spring "
    "and solar output in summer.",
    segments=(
        SegmentProfile(
            "Wind Generation",
            "electricity from onshore wind farms",
            ("new wind farms reaching commercial operation", "stronger wind conditions"),
            ("lower wind speeds across our fleet", "curtailment by grid operators"),
        ),
        SegmentProfile(
            "Solar Generation",
            "electricity from utility-scale solar projects",
            ("the completion of three new solar projects", "higher contracted prices"),
            ("extended panel maintenance", "lower irradiance during the year"),
        ),
        SegmentProfile(
            "Energy Storage",
            "battery storage capacity and grid services",
            ("new storage capacity in service", "higher prices for grid services"),
            ("lower price spreads in wholesale markets", "battery replacement downtime"),
        ),
        SegmentProfile(
            "Development Services",
            "project development and asset management for third parties",
            ("higher fees from sold projects", "new asset-management mandates"),
            ("fewer project sales", "the expiry of an asset-management agreement"),
        ),
    ),
    risks=(
        RiskProfile(
            "tax_credits",
            "government incentives for renewable energy",
            "Changes to renewable energy tax credits could reduce the returns on our projects.",
            "reduced tax credits or incentives would lower returns on new projects",
            (
                "The value of our projects depends in part on federal tax credits and state incentives.",
                "Lawmakers may shorten, reduce or add conditions to these credits.",
                "Fewer incentives could make it harder to finance new projects.",
            ),
        ),
        RiskProfile(
            "weather_variability",
            "weather and resource variability",
            "Weaker wind or sunlight than we forecast would reduce our electricity output.",
            "lower wind speeds or sunlight than forecast would reduce its output and revenue",
            (
                "We sell electricity based on the power our projects actually generate.",
                "Our resource forecasts rely on historical data that may not reflect a changing climate.",
                "Severe storms, hail and wildfires can damage our equipment.",
            ),
        ),
        RiskProfile(
            "grid_interconnection",
            "connecting projects to the grid",
            "Delays in grid interconnection could postpone revenue from new projects.",
            "interconnection queues and transmission limits could delay new projects",
            (
                "Grid operators have long queues of projects waiting to connect.",
                "Network upgrades required by grid operators can add unexpected costs.",
                "Transmission congestion can force us to curtail output.",
            ),
        ),
        RiskProfile(
            "offtake_counterparties",
            "the credit of its power purchasers",
            "The failure of a power purchaser to pay could harm our results.",
            "a purchaser of its power could fail to pay under a long-term contract",
            (
                "A few large customers buy most of our output under long-term contracts.",
                "The financial condition of {customers} may weaken over the life of a contract.",
                "Replacement contracts may be available only at lower prices.",
            ),
        ),
    ),
    gross_margin=(0.45, 0.6),
    expenses=(ExpenseLine("general_and_administrative", "General and administrative", 0.06, 0.12),),
    receivable_days=(30, 50),
    inventory_days=(0, 0),
    capex_share=(0.15, 0.3),
    growth=0.1,
)

PACKAGED_FOODS = Industry(
    key="packaged_foods",
    label="packaged foods",
    name_words=("Foods", "Brands", "Farms", "Kitchens"),
    description="make and market snacks, frozen meals and beverages sold under our own brands and "
    "under private labels",
    products="snacks, frozen meals and beverages",
    customers="grocery chains, mass merchants, convenience stores and food-service distributors",
    competitors="multinational food companies, regional brands and retailers' private labels",
    regulation=(
        "Our products and plants are regulated by food-safety authorities covering ingredients, labeling "
        "and sanitation.",
        "Advertising claims about nutrition and health are subject to consumer-protection rules.",
    ),
    seasonality="Snack and beverage sales peak in the summer months, while frozen meals sell best in the "
    "winter.",
    segments=(
        SegmentProfile(
            "Snacks",
            "chips, crackers and nut mixes",
            ("higher volumes of our flagship chips", "new flavors launched during the year"),
            ("lower promotional volumes", "reduced shelf space at a large customer"),
        ),
        SegmentProfile(
            "Frozen Meals",
            "frozen entrées and breakfast items",
            ("distribution gains in club stores", "price increases taken to offset costs"),
            ("consumers trading down to private labels", "lower volumes after price increases"),
        ),
        SegmentProfile(
            "Beverages",
            "juices, teas and sparkling drinks",
            ("growth in sparkling drinks", "expanded distribution in convenience stores"),
            ("a cool summer", "the discontinuation of slower-selling flavors"),
        ),
        SegmentProfile(
            "Food Service",
            "bulk products for restaurants and institutions",
            ("new contracts with school districts", "recovery of restaurant traffic"),
            ("the loss of a restaurant-chain contract", "lower institutional volumes"),
        ),
    ),
    risks=(
        RiskProfile(
            "commodity_costs",
            "commodity and packaging costs",
            "Volatile prices of grains, oils, sugar and packaging could reduce our profitability.",
            "volatile prices of ingredients and packaging could reduce profitability",
            (
                "We buy large amounts of agricultural commodities whose prices depend on weather and trade.",
                "Our hedges cover only part of our expected purchases.",
                "Price increases to offset costs may reduce our volumes.",
            ),
        ),
        RiskProfile(
            "food_safety",
            "food safety and product recalls",
            "Contamination of our products could lead to recalls and damage our brands.",
            "contaminated products could lead to recalls, claims and damage to its brands",
            (
                "Contamination can occur in our plants or in ingredients supplied to us.",
                "A recall would involve costs of retrieving and destroying products.",
                "Publicity about a recall could affect sales across our brands.",
            ),
        ),
        RiskProfile(
            "customer_concentration",
            "the concentration of its customers",
            "A few large retail customers account for a significant share of our sales.",
            "a few large retail customers account for much of its sales",
            (
                "Our largest customers can demand lower prices and more promotional support.",
                "The loss of a major customer would materially reduce our revenue.",
                "Retailers also sell private-label products that compete with ours.",
            ),
        ),
        RiskProfile(
            "consumer_preferences",
            "changing consumer preferences",
            "Changes in consumer tastes and health concerns could reduce demand for our products.",
            "shifts in consumer tastes and health concerns could reduce demand",
            (
                "Consumers increasingly look for foods with less sugar, salt and artificial ingredients.",
                "Developing new products that appeal to consumers requires investment that may not succeed.",
                "Weight-loss medications could reduce snack consumption over time.",
            ),
        ),
    ),
    gross_margin=(0.26, 0.38),
    expenses=(_SELLING_ADMIN,),
    receivable_days=(20, 35),
    inventory_days=(40, 70),
    capex_share=(0.03, 0.06),
    growth=0.03,
)

SEMICONDUCTORS = Industry(
    key="semiconductors",
    label="semiconductors",
    name_words=("Semiconductor", "Microsystems", "Devices", "Silicon"),
    description="design mixed-signal and power chips and rely on outside foundries to manufacture most "
    "of them",
    products="power-management chips, sensors and connectivity chips",
    customers="makers of automobiles, industrial equipment, smartphones and data-center hardware",
    competitors="large integrated chip makers and fabless design companies",
    regulation=(
        "Our sales to some countries require export licenses, and the rules change frequently.",
        "Our suppliers' wafer plants must follow environmental rules on chemicals and water use.",
    ),
    seasonality="Shipments to consumer-electronics customers are usually highest in the third calendar "
    "quarter ahead of the holiday season.",
    segments=(
        SegmentProfile(
            "Automotive",
            "chips for vehicle electrification and driver assistance",
            ("higher chip content in electric vehicles", "new design wins with vehicle makers"),
            ("inventory corrections at vehicle makers", "lower vehicle production"),
        ),
        SegmentProfile(
            "Industrial",
            "sensors and power chips for factory and energy equipment",
            ("demand from solar inverter makers", "broad recovery in industrial orders"),
            ("distributor inventory reductions", "softer factory automation demand"),
        ),
        SegmentProfile(
            "Mobile and Consumer",
            "connectivity and power chips for phones and wearables",
            ("content gains in new phone models", "a stronger consumer upgrade cycle"),
            ("weaker smartphone demand", "the loss of a socket at a large customer"),
        ),
        SegmentProfile(
            "Data Center",
            "power-delivery chips for servers and accelerators",
            ("accelerated server build-outs", "higher power content per server"),
            ("pauses in cloud capital spending", "customer inventory digestion"),
        ),
    ),
    risks=(
        RiskProfile(
            "foundry_dependence",
            "its dependence on outside foundries",
            "We depend on a small number of foundries to manufacture our chips.",
            "it relies on a few outside foundries for manufacturing capacity",
            (
                "Foundry capacity is allocated among many customers and may be short when demand is strong.",
                "Most of our wafers are made in one geographic region exposed to natural disasters.",
                "Qualifying a new foundry for a product can take more than a year.",
            ),
        ),
        RiskProfile(
            "export_controls",
            "export controls and trade restrictions",
            "Export restrictions could prevent us from selling to some customers.",
            "export controls could bar sales to some customers and countries",
            (
                "Governments have expanded controls on semiconductor technology.",
                "New rules could apply to products we already ship.",
                "Customers may shift to local suppliers that are not subject to the same rules.",
            ),
        ),
        RiskProfile(
            "industry_cycles",
            "the cyclical semiconductor market",
            "The semiconductor industry is cyclical and prone to sharp downturns.",
            "industry downturns bring falling prices and excess inventory",
            (
                "Periods of strong demand often lead customers to order more than they need.",
                "When customers reduce their inventories, our orders can fall quickly.",
                "Our fixed costs do not fall as fast as our revenue in a downturn.",
            ),
        ),
        RiskProfile(
            "design_wins",
            "winning new designs",
            "If we fail to win designs in new customer products, our future revenue could suffer.",
            "failing to win sockets in new customer designs would reduce future revenue",
            (
                "Customers choose chips years before their products go into production.",
                "A lost design competition usually means no sales for the life of that product.",
                "We spend heavily on development before we know whether a design will win.",
            ),
        ),
    ),
    gross_margin=(0.5, 0.65),
    expenses=(_CHIP_RESEARCH, _SELLING_ADMIN),
    receivable_days=(40, 60),
    inventory_days=(100, 160),
    capex_share=(0.03, 0.08),
    growth=0.08,
)

LOGISTICS = Industry(
    key="logistics",
    label="freight and logistics",
    name_words=("Logistics", "Freight", "Transport", "Carriers"),
    description="move freight by truck, manage warehouses and arrange shipments for customers across "
    "North America",
    products="truckload, less-than-truckload, warehousing and freight brokerage services",
    customers="retailers, manufacturers and e-commerce companies",
    competitors="national carriers, regional trucking companies and digital freight brokers",
    regulation=(
        "Our trucking operations are regulated by federal and state transportation authorities, including "
        "rules on driver hours and vehicle safety.",
        "Emissions standards for heavy trucks affect the cost of new equipment.",
    ),
    seasonality="Freight volumes typically rise in the fall ahead of the holiday season and slow in the "
    "first quarter, when winter weather also raises operating costs.",
    segments=(
        SegmentProfile(
            "Truckload",
            "dedicated and one-way truckload services",
            ("new dedicated-fleet contracts", "higher revenue per loaded mile"),
            ("lower contract rates", "fewer loads in a soft freight market"),
        ),
        SegmentProfile(
            "Less-Than-Truckload",
            "shipments of partial loads through our terminal network",
            ("higher shipments per day", "improved yield from pricing actions"),
            ("lower weight per shipment", "weaker industrial shipments"),
        ),
        SegmentProfile(
            "Warehousing",
            "storage and fulfilment services",
            ("the opening of two new fulfilment centers", "higher storage utilization"),
            ("a customer moving fulfilment in-house", "lower storage volumes"),
        ),
        SegmentProfile(
            "Brokerage",
            "freight arranged with independent carriers",
            ("growth in spot-market loads", "new shippers on our digital platform"),
            ("lower spot-market rates", "tighter margins on brokered loads"),
        ),
    ),
    risks=(
        RiskProfile(
            "fuel_prices",
            "fuel prices",
            "Increases in diesel prices could raise our costs faster than we can recover them.",
            "rising diesel prices could increase costs faster than fuel surcharges recover them",
            (
                "Fuel is one of our largest operating expenses.",
                "Fuel surcharge programs recover only part of price increases and with a delay.",
                "Shortages of fuel in some regions could disrupt our operations.",
            ),
        ),
        RiskProfile(
            "driver_shortage",
            "the availability of truck drivers",
            "A shortage of qualified drivers could limit our growth and raise our wages.",
            "a shortage of qualified drivers could limit growth and raise wages",
            (
                "The industry has faced a long-term shortage of qualified drivers.",
                "Higher pay and sign-on bonuses increase our costs.",
                "Unseated trucks reduce our revenue per tractor.",
            ),
        ),
        RiskProfile(
            "accident_claims",
            "accidents and insurance claims",
            "Serious accidents could result in claims that exceed our insurance coverage.",
            "serious accidents could lead to claims beyond its insurance",
            (
                "Our trucks travel many millions of miles each year.",
                "Jury awards in trucking accident cases have increased sharply.",
                "We retain a significant amount of risk before our insurance applies.",
            ),
        ),
        RiskProfile(
            "freight_cycle",
            "the freight cycle",
            "Excess capacity in the trucking market could reduce our rates and volumes.",
            "excess trucking capacity could reduce rates and volumes",
            (
                "Freight demand follows industrial production and retail inventories.",
                "When capacity exceeds demand, {competitors} compete aggressively on price.",
                "Our contract rates reset each year and may fall in a soft market.",
            ),
        ),
    ),
    gross_margin=(0.18, 0.28),
    expenses=(_SELLING_ADMIN,),
    receivable_days=(35, 50),
    inventory_days=(0, 0),
    capex_share=(0.06, 0.12),
    growth=0.05,
)

RESTAURANTS = Industry(
    key="restaurants",
    label="restaurants",
    name_words=("Restaurants", "Grill", "Kitchen", "Hospitality"),
    description="operate and franchise casual-dining and quick-service restaurants and sell branded "
    "sauces and frozen foods through grocery stores",
    products="restaurant meals, franchise services and branded grocery products",
    customers="families, commuters and franchisees across North America",
    competitors="national restaurant chains, independent restaurants and meal-delivery services",
    regulation=(
        "Our restaurants must comply with health, sanitation, alcohol-licensing and accessibility rules "
        "set by state and local authorities.",
        "Our franchise sales are subject to federal and state franchise-disclosure laws.",
        "Menu labeling rules require us to show calorie information in many locations.",
    ),
    seasonality="Restaurant sales are typically highest in the summer and during the year-end holidays and "
    "lowest in the first calendar quarter.",
    segments=(
        SegmentProfile(
            "Company-Operated Restaurants",
            "meals served in restaurants we own",
            ("higher guest traffic after menu updates", "new restaurant openings"),
            ("fewer guest visits", "the closure of underperforming restaurants"),
        ),
        SegmentProfile(
            "Franchise Operations",
            "royalties and fees from franchised restaurants",
            ("new franchised openings", "higher sales at franchised restaurants"),
            ("franchisee closures", "royalty relief granted to some franchisees"),
        ),
        SegmentProfile(
            "Consumer Products",
            "branded sauces and frozen meals sold through grocers",
            ("new grocery distribution", "successful flavor launches"),
            ("lost shelf space at a national grocer", "lower promotional volumes"),
        ),
        SegmentProfile(
            "Off-Premise and Catering",
            "delivery, takeout and catering orders",
            ("growth in digital orders", "more corporate catering events"),
            ("higher delivery fees that reduced order volumes", "fewer large catering events"),
        ),
    ),
    risks=(
        RiskProfile(
            "food_and_labor_costs",
            "food and labor costs",
            "Increases in food and labor costs could reduce our restaurant margins.",
            "rising food and wage costs could reduce restaurant margins",
            (
                "Beef, poultry, dairy and produce prices change with weather, disease and demand.",
                "Minimum wage increases in several states raise our restaurant labor costs.",
                "Menu price increases to offset these costs could reduce guest traffic.",
            ),
        ),
        RiskProfile(
            "food_safety_incidents",
            "food-safety incidents",
            "A food-borne illness incident could harm our brands and sales.",
            "a food-borne illness outbreak could damage its brands and sales",
            (
                "Food-safety problems can arise at our restaurants or at our suppliers.",
                "Reports of illness, even if unfounded, can reduce traffic across our system.",
                "Investigations and claims could be costly to resolve.",
            ),
        ),
        RiskProfile(
            "franchisee_performance",
            "the performance of its franchisees",
            "Our results depend in part on the success of our franchisees.",
            "weak franchisee performance could reduce royalties and harm the brand",
            (
                "Franchisees operate their restaurants independently under our standards.",
                "Franchisees in financial difficulty may close restaurants or fail to pay royalties.",
                "Poor operations at franchised restaurants can affect how guests see our brand.",
            ),
        ),
        RiskProfile(
            "delivery_platforms",
            "third-party delivery platforms",
            "Our reliance on third-party delivery platforms could reduce our margins and control over "
            "service.",
            "delivery platforms could raise fees and weaken control over the guest experience",
            (
                "A growing share of our orders is placed through third-party delivery applications.",
                "These platforms charge commissions that reduce our margin on each order.",
                "Late or mishandled deliveries may be blamed on our restaurants.",
            ),
        ),
    ),
    gross_margin=(0.2, 0.32),
    expenses=(_SELLING_ADMIN,),
    receivable_days=(5, 15),
    inventory_days=(8, 20),
    capex_share=(0.05, 0.09),
    growth=0.05,
)

CHEMICALS = Industry(
    key="specialty_chemicals",
    label="specialty chemicals",
    name_words=("Chemical", "Materials", "Polymers", "Coatings"),
    description="develop and manufacture coatings, adhesives, water-treatment chemicals and performance "
    "materials used by industrial and consumer-goods manufacturers",
    products="coatings, adhesives, water-treatment chemicals and performance materials",
    customers="makers of vehicles, packaging, buildings and consumer goods, and municipal water utilities",
    competitors="global chemical companies and regional specialty producers",
    regulation=(
        "Our products and plants are subject to chemical-registration, emissions, waste and worker-safety "
        "rules in every country where we operate.",
        "Some substances we use are under review by regulators and could be restricted in the future.",
    ),
    seasonality="Demand for architectural coatings and water-treatment products peaks in the spring and "
    "summer months.",
    segments=(
        SegmentProfile(
            "Coatings",
            "industrial and architectural coatings",
            ("higher demand from vehicle makers", "price increases that offset raw-material costs"),
            ("weaker housing activity", "customer destocking"),
        ),
        SegmentProfile(
            "Adhesives",
            "adhesives and sealants for packaging and construction",
            ("growth in flexible packaging", "new construction sealants"),
            ("lower packaging volumes", "competitive price pressure"),
        ),
        SegmentProfile(
            "Water Treatment",
            "chemicals and services for municipal and industrial water systems",
            ("new municipal contracts", "higher service revenue per site"),
            ("the loss of an industrial customer", "lower chemical volumes at mills"),
        ),
        SegmentProfile(
            "Performance Materials",
            "specialty resins and additives",
            ("demand for lightweight materials", "new grades launched during the year"),
            ("weak electronics demand", "lower selling prices on commodity grades"),
        ),
    ),
    risks=(
        RiskProfile(
            "feedstock_costs",
            "the cost of petrochemical feedstocks",
            "Volatile feedstock and energy prices could reduce our margins.",
            "volatile feedstock and energy prices could squeeze margins",
            (
                "Many of our raw materials are derived from oil and natural gas.",
                "Price increases can take months to pass on to customers.",
                "Supply interruptions at large producers can cause sudden shortages.",
            ),
        ),
        RiskProfile(
            "chemical_regulation",
            "the regulation of chemical substances",
            "New restrictions on chemical substances could force us to reformulate products.",
            "restrictions on substances could require costly reformulation",
            (
                "Regulators continue to review the health and environmental effects of many chemicals.",
                "Reformulating a product requires testing and customer approval.",
                "Customers may stop buying products that contain substances under review.",
            ),
        ),
        RiskProfile(
            "plant_incidents",
            "incidents at its plants",
            "Fires, spills or releases at our plants could injure people and disrupt production.",
            "accidents at chemical plants could cause injuries, liabilities and outages",
            (
                "Our plants handle flammable and hazardous materials.",
                "An incident could lead to fines, lawsuits and long shutdowns.",
                "Neighbors and regulators closely watch the safety of our operations.",
            ),
        ),
        RiskProfile(
            "legacy_contamination",
            "legacy environmental contamination",
            "We may be responsible for cleaning up contamination at current and former sites.",
            "it may have to pay for cleaning up contamination at current and former sites",
            (
                "Some of our sites have been used for chemical production for decades.",
                "Clean-up standards may become stricter over time.",
                "Our environmental reserves may not cover all future remediation costs.",
            ),
        ),
    ),
    gross_margin=(0.28, 0.38),
    expenses=(_LIGHT_RESEARCH, _SELLING_ADMIN),
    receivable_days=(45, 65),
    inventory_days=(60, 100),
    capex_share=(0.04, 0.07),
    growth=0.04,
)

INDUSTRIES: tuple[Industry, ...] = (
    SOFTWARE,
    RETAIL,
    MEDICAL_DEVICES,
    INDUSTRIAL,
    RENEWABLE_ENERGY,
    PACKAGED_FOODS,
    SEMICONDUCTORS,
    LOGISTICS,
    RESTAURANTS,
    CHEMICALS,
)
