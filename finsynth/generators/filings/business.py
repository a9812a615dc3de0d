"""Item 1, Business: what the company does, its segments, markets, rules and people.

Every sentence is composed from the company's own figures and plans
(:mod:`finsynth.generators.filings.business_figures`), filled into the templates of
``resources/business_prose.yaml`` (:mod:`finsynth.generators.filings.business_prose`); a sentence
of the industry (its seasonality, its rules) is joined with a clause of the company's own numbers.
"""

from __future__ import annotations

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.business_figures import (
    Figures,
    company_figures,
    lower_first,
    segment_figures,
    without_stop,
)
from finsynth.generators.filings.business_prose import BUSINESS_PROSE as _PROSE
from finsynth.seeding import RandomStream
from finsynth.world.company import Company, employee_count
from finsynth.world.formatting import fiscal_year_end, money, percent_figure, share_of
from finsynth.world.statements import Statements, has_foreign_revenue


def _fill(stream: RandomStream, templates: tuple[str, ...], figures: Figures) -> str:
    return stream.choice(templates).format(**figures)


def _overview(company: Company, statements: Statements, stream: RandomStream, figures: Figures) -> Block:
    year = statements.years[-1]
    date = fiscal_year_end(year, company.fiscal_year_end_month)
    place = figures["place"]
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
                _fill(stream, _PROSE.description, figures),
                Line(_fill(stream, _PROSE.headquarters, figures), ("headquarters",)),
                Line(
                    _fill(stream, _PROSE.segments, figures),
                    tuple(f"segment.{index}.name" for index in range(len(company.segments))),
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
    channel = stream.choice(company.industry.channels or _PROSE.channels)
    figures = segment_figures(company, statements, index, stream, channel)
    figures["first"] = str(statements.years[0])
    return Block(
        (
            heading(company.segments[index].name),
            prose(
                _fill(stream, _PROSE.segment_intro, figures),
                _fill(stream, _PROSE.segment_channel, figures),
                _fill(stream, _PROSE.segment_plans, figures),
            ),
            prose(*(text.format(**figures) for text in stream.sample(_PROSE.segment_markets, 3))),
        )
    )


def _human_capital(company: Company, statements: Statements, stream: RandomStream, figures: Figures) -> Block:
    employees = employee_count(company, statements.values[statements.years[-1]]["revenue"])
    union = stream.randint(0, 25)
    if has_foreign_revenue(statements):
        abroad = stream.randint(5, 45)
        where = (
            f"At the end of the fiscal year, about {round(employees * abroad / 100):,} of our {employees:,} "
            f"employees, or {abroad}%, worked outside the United States."
        )
    else:
        local = stream.randint(30, 80)
        where = (
            f"All of our {employees:,} employees work in the United States, about {local}% of them in and "
            f"around {company.city}."
        )
    sentences = [
        where,
        (
            f"About {round(employees * union / 100):,} of our employees, {union}% of the workforce, are "
            f"covered by collective bargaining agreements."
            if union
            else f"None of our {employees:,} employees is represented by a labor union."
        ),
        *(text.format(**figures) for text in stream.sample(_PROSE.human_capital, 3)),
    ]
    return Block((heading("Human Capital"), prose(*sentences)))


def _history(company: Company, statements: Statements, stream: RandomStream, figures: Figures) -> Block:
    latest = company.fiscal_years[-1]
    moved = int(figures["hq_since"])
    span = [year for year in range(company.founded + 2, latest) if year != moved]
    years = sorted(stream.sample(span, min(2, len(span))))
    events = stream.sample(_PROSE.history_events, len(years))
    first = statements.years[0]
    grown = f"The Company was founded in {company.founded} and has grown through investment and acquisitions"
    if figures["acquisitions"]:
        grown += f", spending {figures['acquisitions']} on acquisitions in fiscal {first} through {latest}."
    else:
        grown += f", although it made no acquisitions in fiscal {first} through {latest}."
    dated = [(moved, f"moved its headquarters to {company.city} from {figures['former_city']}")]
    dated.extend((year, event.format(**figures)) for year, event in zip(years, events, strict=True))
    sentences = [grown, *(f"In {year}, the Company {event}." for year, event in sorted(dated))]
    return Block((heading("History"), prose(*sentences)))


def _research(
    company: Company, statements: Statements, stream: RandomStream, figures: Figures
) -> Block | None:
    keys = [line.key for line in statements.expenses]
    if "research_and_development" not in keys:
        return None
    year = statements.years[-1]
    spending = statements.values[year]["research_and_development"]
    revenue = statements.values[year]["revenue"]
    engineers = max(1, round(employee_count(company, revenue) * stream.uniform(0.05, 0.3)))
    return Block(
        (
            heading("Research and Development"),
            prose(
                Line(
                    f"We spent {money(spending, company.unit)} on research and development in fiscal {year}, "
                    f"or {percent_figure(share_of(spending, revenue))} of revenue.",
                    (f"research_and_development.{year}",),
                ),
                f"About {engineers:,} of our employees work in engineering, on new products, improvements to "
                "existing ones and lower-cost designs.",
                f"We also work with {figures['universities']} universities and with customers on early-stage "
                f"technology, and products introduced in the last three years brought "
                f"{figures['new_products_share']} of fiscal {year} revenue.",
            ),
        )
    )


def _intellectual_property(statements: Statements, stream: RandomStream, figures: Figures) -> Block:
    # Patents belong to companies that do research and development; the others license what they use.
    inventing = any(line.key == "research_and_development" for line in statements.expenses)
    lists = (
        (_PROSE.patents, _PROSE.trademarks, _PROSE.patent_materiality)
        if inventing
        else (_PROSE.trademarks, _PROSE.licenses)
    )
    return Block(
        (heading("Intellectual Property"), prose(*(_fill(stream, texts, figures) for texts in lists)))
    )


def _customers(company: Company, stream: RandomStream, figures: Figures) -> Block:
    trade = company.industry.trade_terms and figures["receivable_days"]
    terms = _PROSE.customer_terms_trade if trade else _PROSE.customer_terms_other
    return Block(
        (
            heading("Customers"),
            prose(*(text.format(**figures) for text in _PROSE.customer_base), _fill(stream, terms, figures)),
        )
    )


def _competition(stream: RandomStream, figures: Figures) -> Block:
    factors = stream.sample(_PROSE.competitive_factors, 4)
    return Block(
        (
            heading("Competition"),
            prose(
                _fill(stream, _PROSE.competition_lead, figures),
                f"The main competitive factors are {factors[0]}, {factors[1]}, {factors[2]} and "
                f"{factors[3]}.",
                _fill(stream, _PROSE.competition_standing, figures),
            ),
        )
    )


def business_candidates(company: Company, statements: Statements, stream: RandomStream) -> list[Candidate]:
    """Return Item 1's blocks: the general overview is required, the rest optional.

    Args:
        company: The company.
        statements: Its statements.
        stream: The filing's own ``variety-business`` stream (wordings, side facts and plans).

    """
    industry = company.industry
    figures = company_figures(company, statements, stream)
    seasonality = {**figures, "seasonality": without_stop(industry.seasonality)}
    rules = [without_stop(industry.regulation[0])]
    rules.extend(lower_first(without_stop(text)) for text in industry.regulation[1:])
    regulation = {**figures, "regulation": "; ".join(rules)}
    candidates = [Candidate(_overview(company, statements, stream, figures), True)]
    candidates.extend(
        Candidate(_segment_block(company, statements, stream, index))
        for index in range(len(company.segments))
    )
    candidates.extend(
        Candidate(block)
        for block in (
            _customers(company, stream, figures),
            _competition(stream, figures),
            Block((heading("Seasonality"), prose(_fill(stream, _PROSE.seasonality, seasonality)))),
            Block((heading("Government Regulation"), prose(_fill(stream, _PROSE.regulation, regulation)))),
            _intellectual_property(statements, stream, figures),
            _human_capital(company, statements, stream, figures),
            _history(company, statements, stream, figures),
            *(
                (
                    Block(
                        (
                            heading("Suppliers and Raw Materials"),
                            prose(*(text.format(**figures) for text in stream.sample(_PROSE.supply, 3))),
                        )
                    ),
                )
                if industry.trade_terms
                else ()
            ),
            Block(
                (
                    heading("Sustainability"),
                    prose(*(text.format(**figures) for text in stream.sample(_PROSE.sustainability, 4))),
                )
            ),
            Block(
                (
                    heading("Available Information"),
                    prose(*(text.format(**figures) for text in _PROSE.available_information)),
                )
            ),
        )
    )
    research = _research(company, statements, stream, figures)
    if research is not None:
        candidates.append(Candidate(research))
    return candidates
