"""Risk-factor paragraphs of a fictional prospectus, each written from a category's templates.

A paragraph never names its category; the category and whether it concerns the industry or
the issuer itself are known by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.generators.finchain.names import person_name
from finsynth.seeding import RandomStream


@dataclass(frozen=True)
class RiskCategory:
    """A kind of prospectus risk.

    Attributes:
        name: The category as a summary names it.
        side: ``"industry"`` or ``"issuer"``.
        paragraphs: Two ways of describing it; fields ``sector``, ``customers``, ``percent``,
            ``amount``, ``count`` and ``person``.

    """

    name: str
    side: str
    paragraphs: tuple[str, str]


CATEGORIES: tuple[RiskCategory, ...] = (
    RiskCategory(
        "technology development risk",
        "industry",
        (
            "Products in {sector} are replaced quickly. If the issuer's projects under development fail, "
            "or a "
            "rival launches better technology first, its products may lose customers; research spending was "
            "{percent}% of revenue last year.",
            "The issuer must keep developing new processes to meet {customers}' changing specifications. "
            "Delays in its {count} current research projects could leave its range behind the market.",
        ),
    ),
    RiskCategory(
        "competition risk",
        "industry",
        (
            "About {count} companies sell comparable products. Larger competitors cutting prices could "
            "squeeze "
            "the issuer's gross margin, which stood at {percent}% last year.",
            "New entrants attracted by the growth of {sector} may add capacity faster than demand grows, "
            "pushing selling prices down by as much as {percent}%.",
        ),
    ),
    RiskCategory(
        "policy and regulation risk",
        "industry",
        (
            "Demand in {sector} depends partly on public programmes. A change in subsidies, licensing or "
            "standards could reduce orders; about {percent}% of sales are linked to such programmes.",
            "Stricter environmental rules may require new equipment at the issuer's {count} plants, adding "
            "costs of around {amount}.",
        ),
    ),
    RiskCategory(
        "raw material price risk",
        "industry",
        (
            "Purchased materials make up {percent}% of cost of sales. A sharp price rise the issuer cannot "
            "pass "
            "on to {customers} would cut its profit.",
            "The issuer buys its main input from {count} suppliers under short contracts, so price swings "
            "reach "
            "its costs within weeks; a 10% rise would cost about {amount} a year.",
        ),
    ),
    RiskCategory(
        "cyclical demand risk",
        "industry",
        (
            "Orders follow the spending cycle of {customers}; in the last downturn the industry's sales "
            "fell by "
            "{percent}%.",
            "Revenue is seasonal and tied to the investment plans of {customers}; a slowdown could leave "
            "capacity at the issuer's {count} sites idle.",
        ),
    ),
    RiskCategory(
        "customer concentration risk",
        "issuer",
        (
            "The five largest customers bought {percent}% of the issuer's output last year. Losing any of "
            "them "
            "would hurt revenue materially.",
            "A single customer accounted for {percent}% of revenue; its contract comes up for renewal within "
            "{count} months.",
        ),
    ),
    RiskCategory(
        "accounts receivable risk",
        "issuer",
        (
            "Trade receivables reached {amount}, equal to {percent}% of revenue. If customers pay late or "
            "default, cash flow and profit would suffer.",
            "Average collection time lengthened to {count} days; receivables older than one year were "
            "{amount}.",
        ),
    ),
    RiskCategory(
        "controlling shareholder risk",
        "issuer",
        (
            "{person} controls {percent}% of the voting rights before the offer and can decide board "
            "appointments and major transactions against other shareholders' interests.",
            "After the offer {person} will still hold {percent}% of the votes, enough to block any special "
            "resolution.",
        ),
    ),
    RiskCategory(
        "key personnel risk",
        "issuer",
        (
            "The issuer's know-how rests with a core team of {count} engineers; their departure could delay "
            "projects and leak technology to competitors.",
            "{person}, who founded the business and leads its research, has no non-compete agreement beyond "
            "{count} months after leaving.",
        ),
    ),
    RiskCategory(
        "litigation risk",
        "issuer",
        (
            "The issuer is defending a claim of {amount} brought by a former distributor; an adverse ruling "
            "would be charged to profit.",
            "{count} patent disputes are pending against the issuer, with combined claims of {amount}.",
        ),
    ),
    RiskCategory(
        "fundraising project risk",
        "issuer",
        (
            "Most of the offer proceeds, {amount}, will fund new capacity that will not be complete for "
            "{count} "
            "months; if demand weakens, the new lines may run below capacity.",
            "Depreciation on the projects funded by the offer will add about {amount} a year, lowering "
            "return "
            "on equity until they reach full output.",
        ),
    ),
)


@dataclass(frozen=True)
class RiskFactor:
    """One paragraph of the prospectus's risk section.

    Attributes:
        category: Its category.
        text: The paragraph.
        variant: Which of the category's paragraphs it is written from.

    """

    category: RiskCategory
    text: str
    variant: int


def draw_risk_factor(
    stream: RandomStream, category: RiskCategory, sector: str, customers: str, variant: int
) -> RiskFactor:
    """Write ``category``'s paragraph number ``variant`` with drawn figures."""
    text = category.paragraphs[variant].format(
        sector=sector,
        customers=customers,
        percent=stream.randint(8, 75),
        amount=f"${stream.randint(5, 900) / 10:.1f} million",
        count=stream.randint(3, 40),
        person=person_name(stream),
    )
    return RiskFactor(category, text, variant)
