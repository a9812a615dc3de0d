"""Writing requests on Part I (the business and its properties) and Part III (pay, holders, the auditor).

Each request asks for a short text a reader of the filing would write (a company profile for a
newsletter, a site summary for a real-estate analyst, a pay briefing for a proxy adviser, a
governance snapshot for a stewardship team); the reference text states the figures computed
from the filing's facts, and the citations are the sentences that state them.
"""

from __future__ import annotations

from finsynth.generators.filings.questions import FilingFacts, QAItem, question_kind
from finsynth.seeding import RandomStream
from finsynth.world.formatting import count_word, name_list, percent_figure, share_of


@question_kind("TG", part="business")
def _company_profile(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    keys = ["headquarters", "founded", "employees", *(f"segment.{i}.name" for i in segments)]
    if len(segments) < 2 or not facts.has(*keys):
        return None
    request = facts.request(
        stream,
        (
            f"Write a short profile of {facts.company} for an investor newsletter: its headquarters, how "
            "old it is, how many full-time employees it has and what segments it reports.",
            f"Draft an introductory paragraph on {facts.company}, its segments and its headquarters, for "
            "readers who have never heard of it.",
            f"Compose a brief company snapshot of {facts.company} from Item 1 of its annual report.",
            f"Introduce {facts.company}, its headquarters and its segments, in a few sentences for a new "
            "analyst on the coverage team.",
            f"Write a paragraph introducing {facts.company} to a job seeker: its headquarters, how many "
            "full-time employees it has and its business segments.",
            f"For a trade-press reader, describe {facts.company}'s history, headquarters, workforce and "
            "business segments in a few sentences.",
        ),
    )
    names = [facts.segment_name(i) for i in segments]
    answer = (
        f"{facts.company}, founded in {facts.amount('founded')} and headquartered in "
        f"{facts.text('headquarters')}, employs about {facts.amount('employees'):,} people. It reports "
        f"{count_word(len(names))} segments: {name_list(names)}."
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)


@question_kind("TG", part="business")
def _property_summary(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    rows = facts.rows("property", "square_feet")
    keys = [f"property.{i}.{field}" for i in rows for field in ("location", "tenure", "square_feet")]
    if len(rows) < 2 or not facts.has(*keys):
        return None
    areas = [facts.amount(f"property.{i}.square_feet") for i in rows]
    tenures = [facts.text(f"property.{i}.tenure") for i in rows]
    owned = sum(area for area, tenure in zip(areas, tenures, strict=True) if tenure == "Owned")
    total = sum(areas)
    largest = [
        facts.text(f"property.{i}.location")
        for i, area in zip(rows, areas, strict=True)
        if area == max(areas)
    ]
    request = facts.request(
        stream,
        (
            f"Write a short summary of {facts.company}'s principal properties for a real-estate analyst.",
            f"Draft a paragraph describing {facts.company}'s facilities: how many, their square footage, and "
            "whether owned or leased.",
            f"Prepare a brief note on {facts.company}'s property list from Item 2 of its 10-K.",
            f"For a site-selection consultant, describe where {facts.company}'s largest facility is and "
            "how much of its square footage it owns.",
            f"Write a paragraph for a lender on {facts.company}'s property list: what it owns, what it "
            "leases and the largest site by square footage.",
            f"Summarize for an operations consultant how much square footage {facts.company} occupies and "
            "where its biggest site is.",
        ),
    )
    answer = (
        f"{facts.company} lists {count_word(len(rows))} principal properties with {total:,} square feet in "
        f"all, of which {owned:,} square feet ({percent_figure(share_of(owned, total))}) are owned and the "
        "rest leased. "
        + (
            f"The largest is in {largest[0]}, with {max(areas):,} square feet."
            if len(largest) == 1
            else f"The largest, in {name_list(largest)}, have {max(areas):,} square feet each."
        )
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)


@question_kind("TG", part="Part III")
def _executive_pay_briefing(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    rows = facts.rows("pay", "total")
    fields = ("name", "salary", "bonus", "stock", "total")
    keys = [f"pay.{i}.{field}" for i in rows for field in fields]
    if len(rows) < 2 or not facts.has(*keys):
        return None
    totals = [facts.amount(f"pay.{i}.total") for i in rows]
    best = totals.index(max(totals))
    if totals.count(totals[best]) > 1:
        return None
    combined = sum(totals)
    stock = sum(facts.amount(f"pay.{i}.stock") for i in rows)
    request = facts.request(
        stream,
        (
            f"Write a short briefing on {facts.company}'s executive pay for a proxy-voting newsletter.",
            f"Draft a paragraph for shareholders summarizing how {facts.company} paid its named executive "
            "officers last year.",
            f"Summarize {facts.company}'s summary compensation table in a few sentences for a governance "
            "analyst.",
            f"Write a paragraph for a retail shareholder on who among {facts.company}'s named executives "
            "was paid most and how the pay was made up.",
        ),
    )
    answer = (
        f"{facts.company}'s {count_word(len(rows))} named executive officers received ${combined:,} in total "
        f"compensation, {percent_figure(share_of(stock, combined))} of it in stock awards. The best paid was "
        f"{facts.text(f'pay.{rows[best]}.name')}, with ${totals[best]:,}."
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)


@question_kind("TG", part="Part III")
def _governance_snapshot(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    holders = facts.rows("holder", "percent")
    holder_keys = [f"holder.{i}.{field}" for i in holders for field in ("name", "percent")]
    board = (
        ["directors.independent", "board.chair"] if facts.has("directors.independent", "board.chair") else []
    )
    keys = ["directors", "chief_executive", *board, *holder_keys, "fees.audit", "fees.total"]
    if not holders or not facts.has(*keys):
        return None
    stakes = [float(facts.text(f"holder.{i}.percent")) for i in holders]
    largest = stakes.index(max(stakes))
    if stakes.count(stakes[largest]) > 1:
        return None
    request = facts.request(
        stream,
        (
            f"Prepare a governance snapshot of {facts.company} for a stewardship team: its board, its "
            "largest holder and what its auditor was paid for.",
            f"Write a short note on {facts.company}'s board, ownership and audit fees from Part III of its "
            "10-K.",
            f"Draft a paragraph for an ESG analyst on how {facts.company} is governed and who owns it.",
            f"Write a short paragraph for a proxy adviser on {facts.company}'s board size, largest "
            "shareholder and auditor fees.",
            *(
                (
                    f"For a stewardship review, describe how independent {facts.company}'s board is, who "
                    "chairs it, who its largest holder is and what the auditor was paid.",
                    f"Summarize {facts.company}'s board leadership and independence, its largest shareholder "
                    "and its audit fees in a short paragraph.",
                )
                if board
                else ()
            ),
        ),
    )
    audit_share = share_of(facts.amount("fees.audit"), facts.amount("fees.total"))
    makeup = (
        f", {facts.amount(board[0])} of them independent, chaired by {facts.text(board[1])}," if board else ""
    )
    answer = (
        f"{facts.company} has a board of {facts.amount('directors')} directors{makeup} and is led by "
        f"{facts.text('chief_executive')} as chief executive. Its largest holder is "
        f"{facts.text(f'holder.{holders[largest]}.name')} with {stakes[largest]:.1f}% of the stock. Audit "
        f"fees of {facts.money('fees.audit')} were {percent_figure(audit_share)} of the "
        f"{facts.money('fees.total')} paid to the auditor."
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)
