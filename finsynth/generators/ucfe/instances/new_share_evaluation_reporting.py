"""New Share Evaluation Reporting: an IPO's terms valued against listed peers.

Data: a fictional world company's profile and business lines, its results over the fiscal years
of its world statements (two or three; net income, gross margin where its income statement has
one, revenue by business line, cash, debt and head count are the statements', in $ millions with
one decimal), its balance sheet before the offer, the offer's price range (whole dollars, as US
offerings are priced),
shares offered and outstanding after the offer, the use of proceeds, the lock-up, its market,
three to five listed peers with their P/E, and three disclosed risks. Rules, computed exactly
from the figures as the text shows them: the midpoint price is the mean of the range ends
(a whole or half dollar, quoted exactly); market value at the midpoint = midpoint × shares
after the offer; implied P/E = market value ÷ latest net income; gross proceeds = midpoint ×
shares offered; each result is rounded half up to one decimal. The verdict compares implied
P/E with the peers' median P/E (:mod:`~finsynth.generators.ucfe.instances.world.peers`).
``answer`` is the verdict; ``must_contain`` quotes the implied P/E, the peer median, the
proceeds and the verdict.

Needs add the user's budget and holding period and the report's sections named with the
item's business lines, years, rivals, midpoint and peers. ``should_contain`` adds cash against
debt before the offer; ``encourage`` the main use of proceeds and the dilution (new shares ÷
shares after the offer, one decimal).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.peers import peer_median, peer_verdict
from finsynth.generators.ucfe.instances.world.profiles import profile_text
from finsynth.generators.ucfe.instances.world.prospectus import (
    draw_figures,
    draw_risk_factor,
    risk_categories,
)
from finsynth.generators.ucfe.instances.world.statements import draw_listed_company, shows_gross_margin
from finsynth.seeding import RandomStream
from finsynth.world.company import employee_count
from finsynth.world.formatting import count_word, millions, multiple, name_list, percent, price
from finsynth.world.names import company_name
from finsynth.world.summary import in_millions, whole_percentages

NET_MARGIN = (0.03, 0.35)
"""Range of the latest net margin of a company coming to market (others are passed over)."""
_TERMS = (
    "The company plans to list by offering {offered} million new shares at {low} to {high} each; "
    "after the offer it will have {after} million shares outstanding.",
    "Offer terms: price range {low}-{high} per share, {offered} million new shares on offer, "
    "{after} million shares in issue after listing.",
    "It intends to sell {offered} million new shares in its initial public offering, priced between "
    "{low} and {high}, taking the share count to {after} million.",
)
_USES = (
    "new production capacity",
    "research and development",
    "repaying bank loans",
    "expanding sales abroad",
    "working capital",  # "general corporate purposes" where the balance sheet has no current subtotals
    "acquisitions of smaller competitors",
    "upgrading information systems",
)
_NEEDS = (
    "Put together an evaluation report on this newly listing company: company overview, financial "
    "analysis, market and competition, valuation against peers and risk assessment.",
    "Write an IPO evaluation covering the business, its finances, its competitive position, whether "
    "the offer price is reasonable against listed peers, and the main risks.",
    "Assess this new share issue for me: what the company does, how it performs, how the price "
    "compares with peers and what could go wrong.",
    "Is the offer price fair? Build me a short report with the valuation at the midpoint against the "
    "peers, plus the business, finances and risks.",
    "I need a subscription recommendation with the reasoning: company, numbers, peers and risks.",
    "Draft the new-listing note for our investment committee, with a valuation section comparing the "
    "implied P/E with listed peers.",
    "Explain in plain terms what this company does, whether its finances are sound, and whether the "
    "shares look cheap or expensive at the proposed price.",
    "Give me a structured evaluation of this IPO: overview, financial analysis, competition, valuation "
    "and the risks I should weigh.",
    "Value this offering against its listed peers and tell me what the proceeds will be used for and "
    "what could go wrong.",
    "Write up this listing the way a research desk would, ending in a clear view on the price.",
)

_SITUATIONS = (
    "{company} is offering {offered} million new shares at {low} to {high}; I could put in up to {budget} "
    "and would hold for at least {horizon} years.",
    "I am thinking of applying for {budget} of {company}'s shares in the {low}-{high} range and holding "
    "them for {horizon} years or more.",
    "Our fund may subscribe for about {budget} of the {offered} million shares {company} is selling, as "
    "a holding of {horizon} years or longer.",
)
_SECTIONS = (
    "Cover, as far as the material allows: 1. the company, its {lines} business lines and its position; "
    "2. its results over the last {years} years, its balance sheet before the offer and its dividends; "
    "3. its market and the competitors it names ({rivals}); 4. the risks the prospectus discloses "
    "(market, operating, financial, regulatory); 5. the valuation at the {midpoint} midpoint against the "
    "{peer_count} listed peers; 6. management, governance and the use of the proceeds.",
    "The report should have sections on: the business ({lines} business lines) and its history; the "
    "financial statements of the last {years} years and the ratios that follow from them; the market, "
    "its growth and the closest rivals ({rivals}); the main market, operating, financial and regulatory "
    "risks; the valuation at the {midpoint} midpoint against the {peer_count} listed peers; and the "
    "management team and what the money raised will pay for.",
)
_ENDINGS = (
    "Finish with a clear view on subscribing and the two risks that matter most.",
    "End with whether the price looks cheap, fair or rich, and why.",
    "Close with one paragraph I can read out at our investment meeting.",
    "Keep the figures as the material states them and show how you derive any new ones.",
)


def _exact(value: Decimal) -> float:
    """One decimal, halves up, computed in decimal so a quoted figure never differs by float noise."""
    return float(value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


@task_instance("new_share_evaluation_reporting")
def new_share_evaluation_reporting(stream: RandomStream) -> TaskInstance:
    """Draw a company's results, offer terms and peers; value the offer at its midpoint price."""
    company, statements, _ = draw_listed_company(stream)
    while (
        not NET_MARGIN[0]
        <= statements.values[company.fiscal_years[-1]]["net_income"]
        / statements.values[company.fiscal_years[-1]]["revenue"]
        <= NET_MARGIN[1]
    ):
        company, statements, _ = draw_listed_company(stream)
    years = [statements.values[year] for year in company.fiscal_years]
    latest = years[-1]
    revenues = [Decimal(str(in_millions(company, year["revenue"]))) for year in years]
    revenue = revenues[-1]
    income = Decimal(str(in_millions(company, latest["net_income"])))
    low = stream.randint(10, 32)
    high = low + stream.randint(1, 4)
    midpoint = (Decimal(low) + Decimal(high)) / 2
    target_pe = stream.uniform(12, 40)
    after = Decimal(round(target_pe * float(income) / float(midpoint) * 10)) / 10
    offered = Decimal(round(float(after) * stream.uniform(0.12, 0.28) * 10)) / 10
    market_value = midpoint * after
    implied_pe = market_value / income
    proceeds = midpoint * offered
    peers = [
        (company_name(stream), round(float(implied_pe) * stream.uniform(0.6, 1.5), 1))
        for _ in range(stream.randint(3, 5))
    ]
    median = peer_median(tuple(pe for _, pe in peers))
    judged = peer_verdict(float(implied_pe), median)
    shares = [latest[f"segment.{index}"] for index in range(len(company.segments))]
    has_gross_margin = shows_gross_margin(company.industry.statement_labels)
    gross_margin = round(100 * latest["gross_profit"] / latest["revenue"])
    cash = in_millions(company, latest["cash"])
    debt = in_millions(company, latest["current_debt"] + latest["long_term_debt"])
    market_size, market_growth = float(revenue) * stream.uniform(8, 40), stream.randint(3, 18)
    uses = [
        use
        if use != "working capital" or company.industry.classified_balance_sheet
        else "general corporate purposes"
        for use in stream.sample(_USES, 3)
    ]
    use_shares = (stream.randint(40, 60), stream.randint(20, 35))
    # Risks that quote the offer's own figures are left out; a quoted gross margin is the company's.
    chosen_risks = stream.sample(
        [
            category
            for category in risk_categories(company.industry)
            if category.name != "fundraising project risk"
            and (has_gross_margin or category.name != "competition risk")
        ],
        4,
    )
    risks = []
    for category in chosen_risks:
        figures = draw_figures(stream, category)
        if category.name == "competition risk":
            figures["percent"] = gross_margin
        risks.append(
            draw_risk_factor(
                category, company.industry.label, company.customers, stream.randint(0, 1), figures
            ).text
        )
    chief, finance_chief = company.officers[:2]  # the world's chief executive and chief financial officer
    paragraphs = [
        profile_text(stream, company),
        "Business lines by share of last year's revenue: "
        + "; ".join(
            f"{segment} about {share}%"
            for segment, share in zip(company.segment_names, whole_percentages(shares), strict=True)
        )
        + ".",
        _results(revenues, income, gross_margin if has_gross_margin else None),
        f"{chief.name} has been with the company since {chief.since} and leads it as chief executive; the "
        f"chief financial officer, {finance_chief.name}, joined in {finance_chief.since}. The "
        f"company employs about {round(employee_count(company, latest['revenue']), -1):,} people; "
        + _dividends(in_millions(company, -latest["dividends_paid"])),
        f"Before the offer the company held {millions(cash)} of cash against {millions(debt)} of debt.",
        stream.choice(_TERMS).format(offered=offered, after=after, low=price(low), high=price(high)),
        f"Use of proceeds: about {use_shares[0]}% for {uses[0]}, {use_shares[1]}% for {uses[1]} and the "
        f"rest for {uses[2]}. Existing shareholders and directors have agreed not to sell for 180 days "
        "after listing.",
        f"Market: the company estimates its addressable market at {millions(market_size, 0)} a year, "
        f"growing about {market_growth}% a year, and names {name_list([name for name, _ in peers[:2]])} as "
        "its closest listed competitors.",
        "Listed peers and their price-to-earnings ratios (on last year's earnings): "
        + "; ".join(f"{name} {multiple(pe)}" for name, pe in peers)
        + ".",
        "Risks disclosed in the prospectus: " + " ".join(risks),
    ]
    mv, pe, raised = _exact(market_value), _exact(implied_pe), _exact(proceeds)
    hints = hint_map(
        answer=(f"priced {judged}",),
        must_contain=(
            f"implied P/E of {multiple(pe)} at the midpoint",
            f"peer median P/E of {multiple(median)}",
            f"gross proceeds of {millions(raised)}",
            f"priced {judged}",
        ),
        at_least_contain=(
            "company overview",
            "financial analysis",
            "market and competition analysis",
            "risk assessment",
        ),
        should_contain=(
            f"market value of {millions(mv)} at the midpoint price of {price(float(midpoint))}",
            f"{millions(cash)} of cash against {millions(debt)} of debt before the offer",
        ),
        encourage=(
            f"how the proceeds will be used (about {use_shares[0]}% for {uses[0]})",
            f"dilution: the {offered} million new shares are {percent(float(offered / after))} of the "
            f"{after} million in issue after listing, with a 180-day lock-up for existing holders",
        ),
        forbid=("a promise of first-day gains", "a recommendation to subscribe without stating risks"),
    )
    reference = (
        f"At the {price(float(midpoint))} midpoint, {company.short_name} would be worth {millions(mv)} "
        f"({price(float(midpoint))} x {after} million shares), an implied P/E of {multiple(pe)} on net "
        f"income "
        f"of {millions(float(income))}, against a peer median of {multiple(median)}, so the offer is priced "
        f"{judged}; gross proceeds would be {millions(raised)}."
    )
    facts: dict[str, FactValue] = {
        "company": company.short_name,
        "net_income": float(income),
        "revenue": float(revenue),
        "price_low": low,
        "price_high": high,
        "shares_offered": float(offered),
        "shares_after": float(after),
        "peer_count": len(peers),
        "verdict": judged,
    }
    for number, (name, peer_pe) in enumerate(peers, start=1):
        facts[f"peer_{number}_name"] = name
        facts[f"peer_{number}_pe"] = peer_pe
    budget, horizon = stream.randint(2, 60) * 5_000, stream.randint(2, 10)
    facts["budget"] = budget
    facts["horizon_years"] = horizon
    details = (
        stream.choice(_SITUATIONS).format(
            company=company.short_name,
            offered=offered,
            low=price(low),
            high=price(high),
            budget=f"${budget:,}",
            horizon=horizon,
        ),
        stream.choice(_SECTIONS).format(
            lines=count_word(len(company.segments)),
            years=count_word(len(revenues)),
            rivals="; ".join(name for name, _ in peers[:2]),
            midpoint=price(float(midpoint)),
            peer_count=count_word(len(peers)),
        ),
        stream.choice(_ENDINGS),
    )
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "new_share_evaluation_reporting",
        "\n\n".join(paragraphs),
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )


def _net_margin(year: Mapping[str, int]) -> float:
    return year["net_income"] / year["revenue"]


def _results(revenues: list[Decimal], income: Decimal, gross_margin: int | None) -> str:
    """Revenue over the fiscal years, oldest first, the latest net income and gross margin, and the growth."""
    growth = [percent(float(current / previous) - 1) for previous, current in itertools.pairwise(revenues)]
    margin = f" and its gross margin {gross_margin}%" if gross_margin is not None else ""
    return (
        f"Results over the last {count_word(len(revenues))} years (oldest first): revenue "
        f"{name_list([millions(float(amount)) for amount in revenues])}; the latest year's net income was "
        f"{millions(float(income))}{margin}. Revenue grew {' and then '.join(growth)}."
    )


def _dividends(paid: float) -> str:
    """What the company did with its earnings last year."""
    if paid > 0:
        return f"it paid {millions(paid)} of dividends last year."
    return "it has not paid dividends and intends to keep earnings for growth."
