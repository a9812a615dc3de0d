"""New Share Evaluation Reporting: an IPO's terms valued against listed peers.

Data: a fictional company's profile, last year's revenue and net income, the offer's price
range, the shares offered and the shares outstanding after the offer, and three to five
listed peers with their P/E. Rules: the midpoint price is the mean of the range ends; market
value at the midpoint = midpoint × shares after the offer; implied P/E = market value ÷ net
income; gross proceeds = midpoint × shares offered; the verdict compares implied P/E with the
peers' median P/E (:mod:`~finsynth.generators.ucfe.instances.world.peers`). ``answer`` is the
verdict; ``must_contain`` quotes the implied P/E, the peer median, the proceeds and the verdict.
"""

from __future__ import annotations

from finsynth.generators.finchain.names import company_name
from finsynth.generators.finchain.quantities import round_half_up
from finsynth.generators.ucfe.instances.base import FactValue, TaskInstance, hint_map, task_instance
from finsynth.generators.ucfe.instances.world.companies import draw_company
from finsynth.generators.ucfe.instances.world.formatting import millions, multiple, percent, price
from finsynth.generators.ucfe.instances.world.peers import peer_median, peer_verdict
from finsynth.generators.ucfe.instances.world.profiles import profile_text
from finsynth.seeding import RandomStream

_TERMS = (
    "The company plans to list by offering {offered:,.1f} million new shares at {low} to {high} each; "
    "after the offer it will have {after:,.1f} million shares outstanding.",
    "Offer terms: price range {low}–{high} per share, {offered:,.1f} million shares on offer, "
    "{after:,.1f} million shares in issue after listing.",
    "It intends to sell {offered:,.1f} million shares in its initial public offering, priced between "
    "{low} and {high}, taking the share count to {after:,.1f} million.",
)
_RESULTS = (
    "Last year it earned net income of {income} on revenue of {revenue}, up {growth} on the year before.",
    "Revenue for the latest year was {revenue} ({growth} growth) and net income {income}.",
)
_NEEDS = (
    "Put together an evaluation report on this newly listing company: company overview, financial "
    "analysis, market and competition, valuation against peers and risk assessment.",
    "Write an IPO evaluation covering the business, its finances, its competitive position, whether "
    "the offer price is reasonable against listed peers, and the main risks.",
    "Assess this new share issue for me: what the company does, how it performs, how the price "
    "compares with peers and what could go wrong.",
)


@task_instance("new_share_evaluation_reporting")
def new_share_evaluation_reporting(stream: RandomStream) -> TaskInstance:
    """Draw a company's offer terms and peers; value the offer at its midpoint price."""
    company = draw_company(stream)
    income = round_half_up(stream.uniform(5, 400), 1)
    revenue = round_half_up(income / stream.uniform(0.04, 0.3), 1)
    growth = stream.randint(-5, 60) / 100
    after = round_half_up(stream.uniform(40, 900), 1)
    offered = round_half_up(after * stream.uniform(0.1, 0.3), 1)
    target_pe = stream.uniform(10, 45)
    low = round_half_up(target_pe * income / after * stream.uniform(0.85, 0.97), 2)
    high = round_half_up(low * stream.uniform(1.08, 1.3), 2)
    midpoint = (low + high) / 2
    market_value = midpoint * after
    implied_pe = market_value / income
    peers = []
    for _ in range(stream.randint(3, 5)):
        peers.append((company_name(stream), round_half_up(implied_pe * stream.uniform(0.6, 1.5), 1)))
    median = peer_median(tuple(pe for _, pe in peers))
    judged = peer_verdict(implied_pe, median)
    proceeds = midpoint * offered
    lines = [
        profile_text(stream, company),
        stream.choice(_RESULTS).format(
            income=millions(income), revenue=millions(revenue), growth=percent(growth, 0)
        ),
        stream.choice(_TERMS).format(offered=offered, after=after, low=price(low), high=price(high)),
        "Listed peers and their P/E: " + "; ".join(f"{name} {multiple(pe)}" for name, pe in peers) + ".",
    ]
    hints = hint_map(
        answer=(f"priced {judged}",),
        must_contain=(
            f"implied P/E of {multiple(implied_pe)} at the midpoint",
            f"peer median P/E of {multiple(median)}",
            f"gross proceeds of {millions(proceeds)}",
            f"priced {judged}",
        ),
        at_least_contain=(
            "company overview",
            "financial analysis",
            "market and competition analysis",
            "risk assessment",
        ),
        should_contain=(
            f"market value of {millions(market_value)} at the midpoint price of {price(midpoint)}",
        ),
        encourage=("how the proceeds will be used", "lock-up and dilution effects"),
        forbid=("a promise of first-day gains", "a recommendation to subscribe without stating risks"),
    )
    reference = (
        f"At the {price(midpoint)} midpoint, {company.name} would be worth {millions(market_value)}, an "
        f"implied P/E of {multiple(implied_pe)} against a peer median of {multiple(median)}, so the offer is "
        f"priced {judged}; gross proceeds would be {millions(proceeds)}."
    )
    facts: dict[str, FactValue] = {
        "company": company.name,
        "net_income": income,
        "revenue": revenue,
        "price_low": low,
        "price_high": high,
        "shares_offered": offered,
        "shares_after": after,
        "peer_count": len(peers),
        "verdict": judged,
    }
    for number, (name, pe) in enumerate(peers, start=1):
        facts[f"peer_{number}_name"] = name
        facts[f"peer_{number}_pe"] = pe
    return TaskInstance(
        "new_share_evaluation_reporting", " ".join(lines), stream.choice(_NEEDS), hints, facts, reference
    )
