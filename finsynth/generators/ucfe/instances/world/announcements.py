"""Corporate announcements with key figures: the headline figure, a second figure and one derived from them.

Kinds: a private placement (amount, price → shares issued), annual results (revenue, net
profit → net margin), a stake purchase (price, stake → implied value of the whole target), a
buyback (budget, price cap → most shares bought), a bond issue (amount, coupon → yearly
interest) and a dividend (per share, shares → total payout). Amounts are in $ millions.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.formatting import millions, percent, price
from finsynth.world.names import company_name
from finsynth.world.rounding import round_half_up

KINDS = ("private placement", "annual results", "stake purchase", "share buyback", "bond issue", "dividend")

ACTIONS = {
    "private placement": "closed a private placement",
    "annual results": "reported full-year results",
    "stake purchase": "agreed to buy a stake in another company",
    "share buyback": "approved a share buyback",
    "bond issue": "issued bonds",
    "dividend": "declared a dividend",
}
"""What the company did, as a summary says it."""


@dataclass(frozen=True)
class Announcement:
    """One announcement.

    Attributes:
        kind: One of :data:`KINDS`.
        company: The announcing company.
        sentences: The announcement, sentence by sentence.
        headline: The headline figure as written.
        second: The second figure as written.
        derived: The figure derived from the two, as written.
        summary: A one-sentence summary naming the company, the kind and the headline figure.
        numbers: The figures as numbers, for facts.

    """

    kind: str
    company: str
    sentences: tuple[str, ...]
    headline: str
    second: str
    derived: str
    summary: str
    numbers: dict[str, float]


def draw_announcement(stream: RandomStream) -> Announcement:
    """Return an announcement of a kind drawn uniformly from :data:`KINDS`."""
    company = company_name(stream)
    kind = stream.choice(KINDS)
    first = round_half_up(stream.uniform(20, 3000), 1)
    if kind == "private placement":
        share_price = round_half_up(stream.uniform(3, 90), 2)
        shares = round_half_up(first / share_price, 2)
        headline, second, derived = millions(first), price(share_price), f"{shares:,.2f} million shares"
        sentences = (
            f"{company} has closed a private placement raising {headline}.",
            f"The new shares were sold to {stream.randint(3, 25)} investors at {second} each, "
            f"about {derived} in all.",
        )
        numbers = {"amount": first, "price": share_price, "shares_millions": shares}
    elif kind == "annual results":
        profit = round_half_up(first * stream.uniform(0.02, 0.25), 1)
        margin = profit / first
        headline, second, derived = millions(first), millions(profit), percent(margin)
        sentences = (
            f"{company} reported full-year revenue of {headline}, {stream.randint(2, 40)}% more than a "
            "year earlier.",
            f"Net profit came to {second}, a net margin of {derived}.",
        )
        numbers = {"revenue": first, "net_profit": profit, "net_margin": round_half_up(margin, 3)}
    elif kind == "stake purchase":
        stake = stream.randint(10, 90) / 100
        whole = round_half_up(first / stake, 1)
        headline, second, derived = millions(first), percent(stake, 0), millions(whole)
        sentences = (
            f"{company} agreed to pay {headline} for a {second} stake in {company_name(stream)}.",
            f"The price values the whole target at about {derived}.",
        )
        numbers = {"price": first, "stake": stake, "implied_value": whole}
    elif kind == "share buyback":
        cap = round_half_up(stream.uniform(5, 150), 2)
        most = round_half_up(first / cap, 2)
        headline, second, derived = millions(first), price(cap), f"{most:,.2f} million shares"
        sentences = (
            f"{company}'s board approved a share buyback of up to {headline} over the next twelve months.",
            f"Purchases will be made at no more than {second} a share, so at most {derived} can be "
            "bought back.",
        )
        numbers = {"budget": first, "price_cap": cap, "most_shares_millions": most}
    elif kind == "bond issue":
        coupon = stream.randint(150, 900) / 10_000
        interest = round_half_up(first * coupon, 1)
        years = stream.randint(3, 15)
        headline, second, derived = millions(first), percent(coupon, 2), millions(interest)
        sentences = (
            f"{company} sold {headline} of {years}-year notes paying a coupon of {second}.",
            f"The notes add about {derived} a year to its interest bill.",
        )
        numbers = {"amount": first, "coupon": coupon, "yearly_interest": interest}
    else:
        per_share = round_half_up(stream.uniform(0.05, 3.5), 2)
        shares = round_half_up(first / 10, 1)
        payout = round_half_up(per_share * shares, 1)
        headline, second, derived = price(per_share), f"{shares:,.1f} million shares", millions(payout)
        sentences = (
            f"{company} declared a dividend of {headline} per share.",
            f"With {second} outstanding, the payout totals about {derived}.",
        )
        numbers = {"per_share": per_share, "shares_millions": shares, "payout": payout}
    summary = f"{company} {ACTIONS[kind]} ({headline}; {derived})."
    return Announcement(kind, company, sentences, headline, second, derived, summary, numbers)
