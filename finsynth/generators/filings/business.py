"""Item 1, Business: what the company does, its segments, markets, rules and people.

The general sentences and phrases it draws from are data: ``resources/business_prose.yaml``
(:mod:`finsynth.generators.filings.business_prose`).
"""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.business_prose import BUSINESS_PROSE as _PROSE
from finsynth.seeding import RandomStream
from finsynth.world.company import Company, employee_count
from finsynth.world.formatting import count_word, fiscal_year_end, money, percent_figure, share_of
from finsynth.world.statements import Statements


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


def _segment_block(company: Company, statements: Statements, stream: RandomStream, index: int) -> Block:
    segment = company.segments[index]
    year = statements.years[-1]
    values = statements.values[year]
    share = percent_figure(share_of(values[f"segment.{index}"], values["revenue"]))
    channel = stream.choice(company.industry.channels or _PROSE.channels)
    return Block(
        (
            heading(segment.name),
            prose(
                f"Our {segment.name} segment provides {segment.offering} to {company.industry.customers}.",
                f"In fiscal {year}, the segment accounted for {share} of our total revenue.",
                f"We reach customers for these offerings through {channel}.",
                stream.choice(_PROSE.segment_strategies),
            ),
            prose(*stream.sample(_PROSE.segment_markets, 3)),
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
        *stream.sample(_PROSE.human_capital, 3),
    ]
    return Block((heading("Human Capital"), prose(*sentences)))


def _history(company: Company, stream: RandomStream) -> Block:
    latest = company.fiscal_years[-1]
    events = stream.sample(_PROSE.history_events, 3)
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
    factors = stream.sample(_PROSE.competitive_factors, 4)
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
                (Block((heading("Suppliers and Raw Materials"), prose(*stream.sample(_PROSE.supply, 3)))),)
                if industry.trade_terms
                else ()
            ),
            Block((heading("Sustainability"), prose(*stream.sample(_PROSE.sustainability, 4)))),
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
