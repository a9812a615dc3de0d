"""Item 1, Business: what the company does, its segments, markets, rules and people."""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.company import Company, employee_count
from finsynth.generators.filings.statements import Statements
from finsynth.seeding import RandomStream
from finsynth.world.formatting import count_word, fiscal_year_end, money, percent_figure, share_of

_CHANNELS = (
    "a direct sales force organized by region and customer size",
    "our own sales teams together with a network of distributors and resellers",
    "long-term supply agreements negotiated by dedicated account managers",
    "a combination of direct sales, online ordering and independent agents",
)
_SEGMENT_STRATEGIES = (
    "Our priorities for the segment are to deepen relationships with existing customers and to widen the "
    "range of what we offer them.",
    "We aim to grow the segment by entering adjacent markets and improving the productivity of our "
    "operations.",
    "Management evaluates the segment mainly on revenue growth and operating margin.",
    "We continue to invest in the segment's capabilities while keeping tight control of its costs.",
)
_COMPETITIVE_FACTORS = (
    "price",
    "product quality and reliability",
    "breadth of offering",
    "customer service",
    "speed of delivery",
    "technical expertise",
    "brand recognition",
)
_HUMAN_CAPITAL = (
    "We offer competitive pay, health benefits, retirement savings plans and paid leave.",
    "Our leadership reviews employee engagement survey results each year and sets action plans in response.",
    "We provide training programs ranging from safety and compliance courses to leadership development.",
    "Our code of conduct applies to every employee and director and is reviewed with employees annually.",
    "We track voluntary turnover by business and location and address areas where it rises.",
)


def _overview(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year = statements.years[-1]
    date = fiscal_year_end(year, company.fiscal_year_end_month)
    names = [segment.name for segment in company.segments]
    segment_list = ", ".join(names[:-1]) + f" and {names[-1]}"
    place = f"{company.city}, {company.state}"
    employees = employee_count(company, statements.values[year]["revenue"])
    people = f"{employees:,}"
    state = company.incorporation_state
    article = "an" if state[0] in "AEIOU" else "a"
    return Block(
        (
            heading("General"),
            prose(
                Line(
                    stream.choice(
                        (
                            f'{company.name} ("we", "us" or the "Company") was founded in '
                            f"{company.founded} and is incorporated in {company.incorporation_state}.",
                            f'{company.name} (the "Company", "we" or "us"), {article} {state} corporation, '
                            f"traces its origins to {company.founded}.",
                        )
                    ),
                    ("founded",),
                ),
                f"We {company.industry.description}.",
                f"Our customers are mainly {company.industry.customers}.",
                Line(
                    stream.choice(
                        (
                            f"Our headquarters are located in {place}.",
                            f"We are headquartered in {place}.",
                            f"Our principal executive offices are in {place}.",
                        )
                    ),
                    ("headquarters",),
                ),
                Line(
                    f"We operate through {count_word(len(names))} reportable segments: {segment_list}.",
                    tuple(f"segment.{index}.name" for index in range(len(names))),
                ),
                Line(
                    stream.choice(
                        (
                            f"As of {date}, we employed approximately {people} full-time employees.",
                            f"We had approximately {people} full-time employees on {date}.",
                            f"Our workforce numbered approximately {people} full-time employees as of "
                            f"{date}.",
                        )
                    ),
                    ("employees",),
                ),
            ),
        ),
        facts={"founded": company.founded, "headquarters": place, "employees": employees},
    )


_SEGMENT_MARKETS = (
    "Demand in the segment depends on customers' investment plans and on broader economic activity.",
    "The segment competes on the performance, reliability and total cost of its offerings.",
    "Customers of the segment typically sign agreements of one to five years.",
    "The segment's results are affected by pricing, product mix and the cost of inputs.",
    "We see opportunities to grow the segment through new offerings and geographic expansion.",
    "A few large customers account for a meaningful share of the segment's revenue.",
    "Service quality and responsiveness are important to retaining the segment's customers.",
    "The segment's offerings are sold under our own brands and, in some cases, under customers' brands.",
)


def _segment_block(company: Company, statements: Statements, stream: RandomStream, index: int) -> Block:
    segment = company.segments[index]
    year = statements.years[-1]
    values = statements.values[year]
    share = percent_figure(share_of(values[f"segment.{index}"], values["revenue"]))
    channel = stream.choice(company.industry.channels or _CHANNELS)
    return Block(
        (
            heading(segment.name),
            prose(
                f"Our {segment.name} segment provides {segment.offering} to {company.industry.customers}.",
                f"In fiscal {year}, the segment accounted for {share} of our total revenue.",
                f"We reach customers for these offerings through {channel}.",
                stream.choice(_SEGMENT_STRATEGIES),
            ),
            prose(*stream.sample(_SEGMENT_MARKETS, 3)),
        )
    )


def _human_capital(company: Company, stream: RandomStream) -> Block:
    abroad = stream.randint(5, 45)
    union = stream.randint(0, 25)
    sentences = [
        f"At the end of the fiscal year, about {abroad}% of our employees worked outside the United States.",
        (
            f"Approximately {union}% of our workforce is covered by collective bargaining agreements."
            if union
            else "None of our U.S. employees is represented by a labor union."
        ),
        *stream.sample(_HUMAN_CAPITAL, 3),
    ]
    return Block((heading("Human Capital"), prose(*sentences)))


_SUSTAINABILITY = (
    "We have set targets to reduce the greenhouse gas emissions of our own operations and report progress "
    "each year.",
    "Our sites track energy use, water consumption and waste, and several have moved to renewable "
    "electricity.",
    "We ask key suppliers to meet our supplier code of conduct, which covers labor practices, safety and "
    "environmental management.",
    "A committee of our board of directors oversees our sustainability program.",
    "We design new offerings to use fewer materials and less energy over their life.",
)
_SUPPLY = (
    "We buy materials, components and services from a broad base of suppliers in North America, Europe and "
    "Asia.",
    "For some critical inputs we rely on a single qualified source, and we hold safety stock or maintain "
    "alternative designs to limit the risk.",
    "We negotiate multi-year agreements with our largest suppliers to secure capacity and stabilize prices.",
    "Our procurement teams monitor supplier performance on quality, delivery and cost.",
)
_HISTORY_EVENTS = (
    "opened its first facility outside the United States",
    "completed its initial public offering",
    "acquired a regional competitor that doubled its customer base",
    "reorganized into its current segment structure",
    "launched its first digital offering",
    "moved its headquarters to its present location",
    "divested a non-core product line",
)


def _history(company: Company, stream: RandomStream) -> Block:
    latest = company.fiscal_years[-1]
    events = stream.sample(_HISTORY_EVENTS, 3)
    years = sorted(stream.sample(range(company.founded + 2, latest), 3))
    sentences = [
        f"The Company was founded in {company.founded} and has grown through investment and acquisitions."
    ]
    sentences.extend(f"In {year}, the Company {event}." for year, event in zip(years, events, strict=True))
    return Block((heading("History"), prose(*sentences)))


def _research(company: Company, statements: Statements) -> Block | None:
    keys = [line.key for line in statements.expenses]
    if "research_and_development" not in keys:
        return None
    year = statements.years[-1]
    spending = statements.values[year]["research_and_development"]
    revenue = statements.values[year]["revenue"]
    return Block(
        (
            heading("Research and Development"),
            prose(
                Line(
                    f"We spent {money(spending, company.unit)} on research and development in fiscal {year}, "
                    f"or {percent_figure(share_of(spending, revenue))} of revenue.",
                    (f"research_and_development.{year}",),
                ),
                "Our engineering teams work on new products, improvements to existing ones and lower-cost "
                "designs.",
                "We also collaborate with universities and customers on early-stage technology.",
            ),
        )
    )


def business_candidates(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return Item 1's blocks: the general overview is required, the rest optional."""
    industry = company.industry
    factors = stream.sample(_COMPETITIVE_FACTORS, 4)
    patents = stream.randint(40, 900)
    candidates = [Candidate(_overview(company, statements, stream), True)]
    candidates.extend(
        Candidate(_segment_block(company, statements, stream, index))
        for index in range(len(company.segments))
    )
    candidates.extend(
        Candidate(block)
        for block in (
            Block(
                (
                    heading("Customers"),
                    prose(
                        f"We sell to {industry.customers}.",
                        f"No single customer accounted for more than {stream.randint(6, 9)}% of our revenue "
                        "in the latest fiscal year.",
                        "Our agreements with larger customers usually run for several years and set prices, "
                        "service levels and payment terms."
                        if industry.trade_terms
                        else "Our relationships with larger customers usually span several of our products "
                        "and are reviewed at least once a year.",
                    ),
                )
            ),
            Block(
                (
                    heading("Competition"),
                    prose(
                        f"Our markets are competitive, and we compete with {industry.competitors}.",
                        f"The main competitive factors are {factors[0]}, {factors[1]}, {factors[2]} and "
                        f"{factors[3]}.",
                        "We believe we compete favorably on these factors, although some competitors are "
                        "larger and have more resources.",
                    ),
                )
            ),
            Block((heading("Seasonality"), prose(industry.seasonality))),
            Block(
                (
                    heading("Government Regulation"),
                    prose(
                        *industry.regulation,
                        "Compliance with these rules has not had a material effect on our capital "
                        "expenditures, earnings or competitive position, although this could change.",
                    ),
                )
            ),
            Block(
                (
                    heading("Intellectual Property"),
                    prose(
                        f"We hold approximately {patents} issued patents and have further applications "
                        "pending in the United States and other countries.",
                        "We also rely on trademarks, copyrights, trade secrets and confidentiality "
                        "agreements to protect our technology and brands.",
                        "We do not consider any single patent or license to be material to our business as "
                        "a whole.",
                    ),
                )
            ),
            _human_capital(company, stream),
            _history(company, stream),
            *(
                (Block((heading("Suppliers and Raw Materials"), prose(*stream.sample(_SUPPLY, 3)))),)
                if industry.trade_terms
                else ()
            ),
            Block((heading("Sustainability"), prose(*stream.sample(_SUSTAINABILITY, 4)))),
            Block(
                (
                    heading("Available Information"),
                    prose(
                        "We file annual, quarterly and current reports, proxy statements and other "
                        "information with the Securities and Exchange Commission.",
                        "These filings are available free of charge on our investor relations website as "
                        "soon as reasonably practicable after we file them.",
                    ),
                )
            ),
        )
    )
    research = _research(company, statements)
    if research is not None:
        candidates.append(Candidate(research))
    return candidates
