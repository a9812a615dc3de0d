"""The company's own figures and plans that Item 1 composes its sentences from (issue #29).

Most figures are computed from the statements (revenue and its change, segment revenue, margins and
quarters, capital spending, receivables, acquisitions); the rest are the company's side facts and
plans, drawn from the filing's own ``variety-business`` stream (customer concentration, patents,
workforce measures, supplier counts, sustainability targets, margin and growth goals). Each is
returned as text ready for a ``{placeholder}`` of ``resources/business_prose.yaml``.

Reference ranges of the drawn side facts (public sources, for the order of magnitude only):

==============================  ============  ===================================================
Figure                          Range         Source
==============================  ============  ===================================================
Ten largest customers' share    12–45%        10-K customer-concentration disclosures (ASC 280-10-50-42)
Largest customer's share        2.0–9.5%      below the 10% a 10-K must name (Regulation S-K 101(c))
Voluntary turnover              6–18%         BLS JOLTS annual quits rate, 2019–2024 (about 25% all
                                              industries, 10–15% for professional staff)
Training hours per employee     12–45         ATD State of the Industry (about 30 hours a year)
Engagement survey response      62–92%        typical of large-employer surveys (Gallup)
Renewable share of electricity  8–65%         EIA: renewables about 21% of U.S. generation (2023)
Emission cut target             20–50%        SBTi near-term targets (4.2% a year, about 42% by 2030)
==============================  ============  ===================================================
"""

from __future__ import annotations

from finsynth.seeding import RandomStream
from finsynth.world.company import CITIES, Company, employee_count
from finsynth.world.formatting import (
    QUARTER_NAMES,
    count_word,
    fiscal_year_end,
    money,
    name_list,
    percent_change,
    percent_figure,
    share_of,
)
from finsynth.world.industry_profiles import in_sentence
from finsynth.world.names import LAST_NAMES
from finsynth.world.statements import Statements, has_foreign_revenue

Figures = dict[str, str]
"""Placeholder name -> text."""

_FIRM_WORDS = ("Industries", "Group", "Holdings", "Technologies", "Systems", "Services")


def without_stop(sentence: str) -> str:
    """A sentence without its closing full stop, to extend it with a clause."""
    return sentence[:-1] if sentence.endswith(".") else sentence


def lower_first(sentence: str) -> str:
    """The sentence with a lower-case first letter, unless it opens with an acronym or a name."""
    first_word = sentence.split(" ", 1)[0]
    if first_word in ("State", "Each", "Our", "We", "As", "The", "Some", "New", "Many") or (
        len(first_word) > 1 and first_word[1:].islower()
    ):
        return sentence[0].lower() + sentence[1:]
    return sentence


def _change(current: int, previous: int) -> tuple[str, str, float]:
    """("up 6.1%", "growth of 6.1%", 6.1), ("down 2.0%", "a decline of 2.0%", -2.0) or flat."""
    if previous == 0:
        return "unchanged", "flat revenue", 0.0
    change = percent_change(current, previous)
    if change > 0:
        return f"up {percent_figure(change)}", f"growth of {percent_figure(change)}", change
    if change < 0:
        return f"down {percent_figure(-change)}", f"a decline of {percent_figure(-change)}", change
    return "unchanged", "flat revenue", 0.0


def _path(unit: str, first: int, first_year: int, latest: int, year: int) -> str:
    verb = "grew" if latest > first else "declined" if latest < first else "held"
    if first_year == year or verb == "held":
        return f"held at {money(latest, unit)} from fiscal {first_year} to fiscal {year}"
    return (
        f"{verb} from {money(first, unit)} in fiscal {first_year} to {money(latest, unit)} in fiscal {year}"
    )


def company_figures(company: Company, statements: Statements, stream: RandomStream) -> Figures:
    """Return the company-wide figures and plans Item 1 fills its templates with.

    Args:
        company: The company.
        statements: Its statements.
        stream: The filing's ``variety-business`` stream (drawn side facts and plans).

    """
    years = statements.years
    year, prior, first = years[-1], years[-2], years[0]
    values, unit = statements.values[year], company.unit
    revenue = values["revenue"]
    change, _, _ = _change(revenue, statements.values[prior]["revenue"])
    shares = [share_of(values[f"segment.{i}"], revenue) for i in range(len(company.segments))]
    largest = max(range(len(shares)), key=lambda i: (shares[i], -i))
    quarters = [values[f"quarter.{q}.revenue"] for q in range(1, 5)]
    capex = -values.get("capital_expenditures", 0)
    acquired = -sum(statements.values[y].get("acquisitions", 0) for y in years)
    employees = employee_count(company, revenue)
    us_share = share_of(values.get("region.0", revenue), revenue)
    top_ten = stream.uniform(12.0, 45.0)
    biggest = stream.uniform(2.0, min(9.5, top_ten / 3))
    second = stream.uniform(1.0, biggest)
    receivables = values.get("accounts_receivable", 0)
    hq_since = stream.randint(min(company.founded + 2, year - 1), year - 1)
    figures: Figures = {
        "year": str(year),
        "prior": str(prior),
        "first": str(first),
        "next": str(year + 1),
        "date": fiscal_year_end(year, company.fiscal_year_end_month),
        "description": company.industry.description,
        "customers": company.industry.customers,
        "competitors": company.industry.competitors,
        "place": f"{company.city}, {company.state}",
        "city": company.city,
        "exchange": company.exchange,
        "founded": str(company.founded),
        "hq_since": str(hq_since),
        "revenue": money(revenue, unit),
        "revenue_change": change,
        "revenue_path": _path(unit, statements.values[first]["revenue"], first, revenue, year),
        "us_revenue": "all of" if not has_foreign_revenue(statements) else f"{percent_figure(us_share)} of",
        "segment_count": count_word(len(company.segments)),
        "segment_list": name_list([segment.name for segment in company.segments]),
        "largest_segment": company.segments[largest].name,
        "largest_offering": company.segments[largest].offering,
        "largest_share": percent_figure(shares[largest]),
        "q4_share": percent_figure(share_of(quarters[3], revenue)),
        "q4_revenue": money(quarters[3], unit),
        "capex": money(capex, unit),
        "capex_share": percent_figure(share_of(capex, revenue)),
        "acquisitions": money(acquired, unit) if acquired > 0 else "",
        "employees": f"{employees:,}",
        "top_ten_share": percent_figure(top_ten),
        "top_ten_amount": money(round(revenue * top_ten / 100), unit),
        "largest_customer_share": percent_figure(biggest),
        "largest_customer_amount": money(round(revenue * biggest / 100), unit),
        "second_customer_share": percent_figure(second),
        "receivables": money(receivables, unit),
        "receivable_days": str(round(receivables / revenue * 365)) if receivables > 0 else "",
        "reviewed": str(stream.randint(10, 60)),
        "cost_label": in_sentence(statements.labels.cost_of_revenue),
        "cost": money(values.get("cost_of_revenue", 0), unit),
        "firm": f"{stream.choice(LAST_NAMES)} {stream.choice(_FIRM_WORDS)}",
        "ticker": company.ticker.lower(),
        "former_city": stream.choice([city for city, _ in CITIES if city != company.city]),
    }
    figures.update(_side_facts(company, statements, stream, capex))
    figures.update(_derived(figures, employees, revenue, unit, stream))
    return figures


def _derived(figures: Figures, employees: int, revenue: int, unit: str, stream: RandomStream) -> Figures:
    """Counts and amounts that follow from a drawn share and the company's size."""

    def share(name: str) -> float:
        return float(figures[name].rstrip("%")) / 100

    return {
        "promotions": f"{max(1, round(employees * stream.uniform(0.04, 0.12))):,}",
        "training_total": f"{employees * int(figures['training_hours']):,}",
        "leavers": f"{max(1, round(employees * share('turnover'))):,}",
        "reorganized_revenue": money(max(1, round(revenue * stream.uniform(0.3, 0.8))), unit),
        "divested": f"{stream.choice(LAST_NAMES)} {stream.choice(_FIRM_WORDS)}",
        "efficient_amount": money(round(revenue * share("efficient_share")), unit),
        "certified_count": f"{max(1, round(employees * share('certified'))):,}",
    }


def _side_facts(company: Company, statements: Statements, stream: RandomStream, capex: int) -> Figures:
    """Drawn figures of the workforce, intellectual property, suppliers and sustainability."""
    year = statements.years[-1]
    base = stream.randint(year - 6, year - 2)
    return {
        "patents": f"{stream.randint(40, 900):,}",
        "pending": f"{stream.randint(10, 240):,}",
        "trademarks": f"{stream.randint(20, 600):,}",
        "countries": str(stream.randint(5, 60)),
        "expiry_year": str(year + stream.randint(2, 6)),
        "expiring_share": f"{stream.randint(2, 9)}%",
        "benefits": f"${stream.randint(120, 380) * 100:,}",
        "survey_rate": f"{stream.randint(62, 92)}%",
        "survey_teams": str(stream.randint(8, 60)),
        "training_hours": str(stream.randint(12, 45)),
        "turnover": percent_figure(round(stream.uniform(6.0, 18.0), 1)),
        "internal_share": f"{stream.randint(35, 75)}%",
        "certified": f"{stream.randint(960, 999) / 10:.1f}%",
        "suppliers": f"{stream.randint(30, 600) * 10:,}",
        "single_sourced": count_word(stream.randint(3, 25)),
        "top_suppliers": f"{stream.randint(20, 55)}%",
        "agreements": str(stream.randint(10, 80)),
        "rated": f"{stream.randint(40, 400):,}",
        "emissions_cut": f"{stream.randint(4, 10) * 5}%",
        "emissions_base": str(base),
        "emissions_target": str(stream.randint(year + 3, year + 10)),
        "renewable": f"{stream.randint(8, 65)}%",
        "code_suppliers": f"{stream.randint(50, 900):,}",
        "green_capex": money(max(1, round(capex * stream.uniform(0.03, 0.12))), company.unit),
        "efficient_share": f"{stream.randint(15, 60)}%",
        "licensors": str(stream.randint(12, 90)),
        "license_cost": money(
            max(1, round(statements.values[year]["revenue"] * stream.uniform(0.002, 0.01))), company.unit
        ),
        "universities": str(stream.randint(3, 18)),
        "new_products_share": f"{stream.randint(12, 40)}%",
    }


def segment_figures(
    company: Company, statements: Statements, index: int, stream: RandomStream, channel: str
) -> Figures:
    """Return one segment's figures and plans for the segment templates.

    Args:
        company: The company.
        statements: Its statements.
        index: The segment's position.
        stream: The filing's ``variety-business`` stream.
        channel: How the segment reaches its customers.

    """
    segment = company.segments[index]
    years = statements.years
    year, prior, first = years[-1], years[-2], years[0]
    values, unit = statements.values[year], company.unit
    key = f"segment.{index}"
    revenue = values[key]
    change, change_noun, change_value = _change(revenue, statements.values[prior][key])
    income = values.get(f"segment_income.{index}", 0)
    margin = share_of(income, revenue) if revenue else 0.0
    quarters = [values[f"quarter.{q}.{key}"] for q in range(1, 5)]
    low = min(range(4), key=lambda q: (quarters[q], q))
    high = max(range(4), key=lambda q: (quarters[q], -q))
    target_year = year + stream.randint(2, 4)
    if income > 0:
        result = f"earned operating income of {money(income, unit)}, a margin of {percent_figure(margin)},"
        goal = (
            f"an operating margin of about {percent_figure(round(margin + stream.uniform(0.5, 4.0), 1))} "
            f"by fiscal {target_year}, from {percent_figure(margin)} in fiscal {year}"
        )
    else:
        result = f"had an operating loss of {money(-income, unit)}"
        goal = (
            f"a return to operating profit by fiscal {target_year}, after an operating loss in fiscal {year}"
        )
    if change_value > 0:
        trend = f"rose {percent_figure(change_value)} in fiscal {year}, mainly because of "
        trend += stream.choice(segment.growth_reasons)
    elif change_value < 0:
        trend = f"fell {percent_figure(-change_value)} in fiscal {year}, mainly because of "
        trend += stream.choice(segment.decline_reasons)
    else:
        trend = (
            f"was flat in fiscal {year}, as {segment.growth_reasons[0]} offset {segment.decline_reasons[0]}"
        )
    capex = -values.get("capital_expenditures", 0)
    capex_share = max(2.0, min(80.0, share_of(revenue, values["revenue"]) * stream.uniform(0.7, 1.3)))
    top_ten = stream.uniform(20.0, 70.0)
    return {
        "segment": segment.name,
        "offering": segment.offering,
        "channel": channel,
        "segment_revenue": money(revenue, unit),
        "segment_change": change,
        "segment_change_noun": change_noun,
        "segment_share": percent_figure(share_of(revenue, values["revenue"])),
        "segment_result": result,
        "margin_goal": goal,
        "growth_goal": f"{stream.randint(3, 12)}%",
        "target_year": str(target_year),
        "segment_capex": money(max(1, round(capex * stream.uniform(1.0, 1.25) * capex_share / 100)), unit),
        "segment_capex_share": f"{round(capex_share)}%",
        "segment_trend": trend,
        "quarter_low": money(quarters[low], unit),
        "quarter_low_name": QUARTER_NAMES[low],
        "quarter_high": money(quarters[high], unit),
        "quarter_high_name": QUARTER_NAMES[high],
        "segment_path": _path(unit, statements.values[first][key], first, revenue, year),
        "segment_top_ten": percent_figure(top_ten),
        "segment_top_ten_amount": money(round(revenue * top_ten / 100), unit),
        "year": str(year),
        "prior": str(prior),
        "next": str(year + 1),
    }


def extend(sentence: str, clause: str) -> str:
    """Join a general sentence and a clause of the company's own: ``"A is B; clause."``."""
    return f"{without_stop(sentence)}; {clause}."
