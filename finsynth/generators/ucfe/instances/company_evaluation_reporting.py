"""Company Evaluation Reporting: a valuation report from a company's statements and its peers' multiples.

Data: a fictional world company, the summary of its world statements and its share data
(:mod:`~finsynth.generators.ucfe.instances.world.statements`),
and the peer-group median P/E.

Rules: P/E = market cap ÷ net income and P/B = market cap ÷ equity (one decimal, ``14.2x``);
net margin and ROE as percentages to one decimal. The verdict compares P/E with the peer
median by the bands of :mod:`~finsynth.generators.ucfe.instances.world.peers` (below 0.9 ×,
above 1.1 ×). ``answer`` is the verdict; ``must_contain`` holds the verdict and the four figures.

Needs add the user's purpose at the share price and the scope (business lines, peers).
``should_contain`` adds net income and revenue, market capitalisation and the peers' P/E range;
``encourage`` the business lines and leverage (debt-to-equity, interest coverage).
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.annual_report import report_paragraphs
from finsynth.generators.ucfe.instances.world.peers import peer_verdict
from finsynth.generators.ucfe.instances.world.profiles import data_sheet, profile_text
from finsynth.generators.ucfe.instances.world.statements import draw_listed_company, margin_figure
from finsynth.seeding import RandomStream
from finsynth.world.formatting import count_word, millions, multiple, percent, price, with_article
from finsynth.world.names import company_name
from finsynth.world.rounding import round_half_up

_PEERS = (
    "Listed peers in {sector} trade at a median P/E of {median}.",
    "The median price-to-earnings ratio of comparable {sector} companies is {median}.",
    "For reference, the {sector} peer group's median P/E stands at {median}.",
)
_NEEDS = (
    "Using the data provided, evaluate the company with valuation multiples such as P/E and P/B and "
    "write an evaluation report covering background, financial analysis and a final conclusion.",
    "Write me a company evaluation report: who they are, how the numbers look (margins, returns, "
    "P/E, P/B) and whether the valuation looks fair against peers.",
    "Prepare an evaluation of this company based on its financial indicators and valuation "
    "multiples, ending with a clear conclusion.",
    "Is this stock cheap or expensive next to its peers? Back the answer with P/E, P/B, margins and "
    "return on equity.",
    "Draft a valuation note: business overview, profitability, valuation against the peer group, and a "
    "one-line conclusion.",
    "I need a balanced evaluation report I can show my investment committee, built only from these figures.",
    "Tell me, in plain words, how this company makes money, how profitable it is and whether its share "
    "price looks fair.",
    "Evaluate the company as an analyst would: compute the main multiples and ratios and compare the "
    "valuation with the peers.",
    "Write a structured evaluation report with a background section, a financial analysis section and "
    "a conclusion on value.",
    "Give me your view on the valuation: which multiples matter here, what they show and how the company "
    "compares with its listed peers.",
)

_PURPOSES = (
    "I am weighing a position in {company} ({ticker}) at its price of {price} and want to know what I "
    "would be paying for.",
    "Our committee is reviewing {company}, {sector_article} business, as a possible holding at {price} a "
    "share.",
    "{company} came up on our {sector} screen at {price} a share, and I present it next week.",
)
_SCOPES = (
    "Cover its {lines} business lines, growth, margins and return on equity, then P/E and P/B against the "
    "{peers} listed peers.",
    "Go from the business through growth and profitability to the multiples, set against the {peers} "
    "peers' P/E.",
    "I want the background, the financial analysis and a conclusion on value against {peers} listed peers.",
)


def _peer_table(stream: RandomStream, median: float) -> list[float]:
    """Five or seven peer P/E ratios (one decimal) whose median is exactly ``median``, in random order."""
    side = stream.randint(2, 3)
    below = [round_half_up(median * stream.uniform(0.55, 0.98), 1) for _ in range(side)]
    above = [round_half_up(median * stream.uniform(1.02, 1.6), 1) for _ in range(side)]
    table = [*below, median, *above]
    return stream.sample(table, len(table))


@task_instance("company_evaluation_reporting")
def company_evaluation_reporting(stream: RandomStream) -> TaskInstance:
    """Draw a company and its statements; judge its P/E against the peer median."""
    company, statements, summary = draw_listed_company(stream)
    ratios = summary.ratios()
    peer_median = round_half_up(ratios["price_to_earnings"] * stream.uniform(0.7, 1.4), 1)
    judged = peer_verdict(ratios["price_to_earnings"], peer_median)
    figures = (
        f"P/E of {multiple(ratios['price_to_earnings'])}",
        f"P/B of {multiple(ratios['price_to_book'])}",
        f"net margin of {percent(ratios['net_margin'])}",
        f"return on equity of {percent(ratios['return_on_equity'])}",
    )
    peers = _peer_table(stream, peer_median)
    information = "\n\n".join(
        (
            profile_text(stream, company),
            data_sheet(stream, company, summary),
            *report_paragraphs(stream, company, statements, summary),
            "Listed peers and their P/E on last year's earnings: "
            + "; ".join(f"{company_name(stream)} {multiple(pe)}" for pe in peers)
            + ". "
            + stream.choice(_PEERS).format(sector=company.industry.label, median=multiple(peer_median)),
        )
    )
    hints = hint_map(
        answer=(judged,),
        must_contain=(f"valued {judged}", *figures),
        at_least_contain=(
            f"company background ({company.short_name} in {company.industry.label})",
            "financial analysis of growth, margins and returns",
            "evaluation conclusion against the peers",
        ),
        should_contain=(
            margin_figure(company.industry.statement_labels, ratios),
            f"revenue growth of {percent(ratios['revenue_growth'])}",
            f"net income of {millions(summary.net_income)} on revenue of {millions(summary.revenue)}",
            f"market capitalisation of {millions(summary.market_cap)} at {price(summary.share_price)} "
            "a share",
            f"peer P/E ratios from {multiple(min(peers))} to {multiple(max(peers))} around the median of "
            f"{multiple(peer_median)}",
        ),
        encourage=(
            f"the roles of the business lines ({'; '.join(company.segment_names)}) in the outlook",
            f"leverage: debt-to-equity of {round_half_up(ratios['debt_to_equity'], 2):.2f} and interest "
            f"coverage of {multiple(ratios['interest_coverage'])}",
            "risks that could change the conclusion",
        ),
        forbid=(
            "a guarantee that the share price will rise",
            "figures not derivable from the data",
            f"a verdict on value that leaves out the peer median P/E of {multiple(peer_median)}",
        ),
    )
    reference = (
        f"{company.short_name} trades at a {figures[0]} against a peer median of {multiple(peer_median)}, "
        f"so it is valued {judged}; {figures[1]}, {figures[2]} and {figures[3]}."
    )
    facts: dict[str, FactValue] = {
        "company": company.short_name,
        "sector": company.industry.label,
        "peer_median_pe": peer_median,
        "verdict": judged,
    }
    facts.update(summary.facts())
    details = (
        stream.choice(_PURPOSES).format(
            company=company.short_name,
            ticker=company.ticker,
            sector=company.industry.label,
            sector_article=with_article(company.industry.label),
            price=price(summary.share_price),
        ),
        stream.choice(_SCOPES).format(lines=count_word(len(company.segments)), peers=count_word(len(peers))),
    )
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "company_evaluation_reporting",
        information,
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )
