"""Risk-factor paragraphs of a fictional prospectus, each written from a category's templates.

A paragraph never names its category; the category and whether it concerns the industry or
the issuer itself are known by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from finsynth.seeding import RandomStream
from finsynth.world.industry_profiles import Industry
from finsynth.world.names import person_name


@dataclass(frozen=True)
class RiskCategory:
    """A kind of prospectus risk.

    Attributes:
        name: The category as a summary names it.
        side: ``"industry"`` or ``"issuer"``.
        paragraphs: Two ways of describing it; fields ``sector``, ``customers``, ``percent``,
            ``amount``, ``count`` and ``person``, drawn once per category so both agree.
        percent: The band of its percentage figure (low, high).
        count: The band of its count figure (low, high).
        amount: The band of its amount figure, in tenths of a million dollars (low, high).
        trade_only: Whether it assumes the issuer buys inputs from suppliers, sells on credit or
            earns a gross margin on goods, so an industry without trade terms (a bank, an insurer, a
            REIT) never has it.

    """

    name: str
    side: str
    paragraphs: tuple[str, str]
    percent: tuple[int, int] = (10, 40)
    count: tuple[int, int] = (3, 12)
    amount: tuple[int, int] = (20, 400)
    trade_only: bool = False


CATEGORIES: tuple[RiskCategory, ...] = (
    RiskCategory(
        "technology development risk",
        "industry",
        (
            "Products in {sector} are replaced quickly. If the issuer's projects under development fail, or "
            "a rival launches better technology first, its products may lose customers. Research spending "
            "was {percent}% of revenue last year and the issuer expects to keep it near that level.",
            "The issuer must keep developing new processes to meet {customers}' changing specifications. "
            "Delays in its {count} current research projects could leave its range behind the market and "
            "force write-downs of capitalised development costs.",
        ),
        percent=(4, 18),
        count=(4, 25),
    ),
    RiskCategory(
        "competition risk",
        "industry",
        (
            "About {count} companies sell comparable products, several of them larger than the issuer. "
            "Competitors cutting prices could squeeze the issuer's gross margin, which stood at {percent}% "
            "last year.",
            "New entrants attracted by the growth of {sector} may add capacity faster than demand grows. "
            "With about {count} suppliers already competing, selling prices could fall and the gross "
            "margin of {percent}% could narrow.",
        ),
        percent=(18, 55),
        count=(6, 40),
        trade_only=True,
    ),
    RiskCategory(
        "policy and regulation risk",
        "industry",
        (
            "Demand in {sector} depends partly on public programmes and rules. A change in subsidies, "
            "licensing or standards could reduce orders; about {percent}% of sales are linked to such "
            "programmes.",
            "Stricter environmental and safety rules may require new equipment at the issuer's {count} "
            "sites, adding costs of around {amount} over the next three years.",
        ),
        percent=(5, 35),
        count=(2, 9),
    ),
    RiskCategory(
        "raw material price risk",
        "industry",
        (
            "Purchased materials make up {percent}% of cost of sales. A sharp price rise the issuer cannot "
            "pass on to {customers} would cut its profit, as it did briefly two years ago.",
            "The issuer buys its main inputs from {count} suppliers under short contracts, so price swings "
            "reach its costs within weeks; a 10% rise in input prices would cost about {amount} a year.",
        ),
        percent=(35, 75),
        count=(3, 15),
        trade_only=True,
    ),
    RiskCategory(
        "cyclical demand risk",
        "industry",
        (
            "Orders follow the spending cycle of {customers}. In the last downturn the industry's sales "
            "fell by {percent}% and took two years to recover.",
            "Revenue is seasonal and tied to the investment plans of {customers}; a slowdown could leave "
            "capacity at the issuer's {count} sites idle while fixed costs continue.",
        ),
        percent=(8, 30),
        count=(2, 9),
    ),
    RiskCategory(
        "customer concentration risk",
        "issuer",
        (
            "The five largest customers bought {percent}% of the issuer's output last year. Losing any of "
            "them, or a cut in their orders, would hurt revenue materially.",
            "The largest customers have contracts that come up for renewal within {count} months, and they "
            "negotiate prices every year; together they account for {percent}% of revenue.",
        ),
        percent=(35, 70),
        count=(6, 24),
    ),
    RiskCategory(
        "accounts receivable risk",
        "issuer",
        (
            "Trade receivables reached {amount}, equal to {percent}% of revenue. If customers pay late or "
            "default, cash flow and profit would suffer.",
            "Average collection time lengthened to {count} days last year, and the issuer has had to chase "
            "several large customers for payment.",
        ),
        percent=(15, 45),
        count=(60, 150),
        trade_only=True,
    ),
    RiskCategory(
        "controlling shareholder risk",
        "issuer",
        (
            "{person}, the founder, will hold {percent}% of the voting rights after the offer and can decide "
            "board appointments and major transactions, possibly against other shareholders' interests.",
            "Because {person} will keep {percent}% of the votes after listing, minority shareholders will "
            "have little influence on dividends, acquisitions or changes to the articles.",
        ),
        percent=(51, 75),
    ),
    RiskCategory(
        "key personnel risk",
        "issuer",
        (
            "The issuer's know-how rests with a core team of {count} engineers led by {person}; their "
            "departure could delay projects and leak technology to competitors.",
            "{person}, who leads research, and the other {count} senior engineers have no non-compete "
            "agreements, and rivals have tried to hire them.",
        ),
        count=(5, 30),
    ),
    RiskCategory(
        "litigation risk",
        "issuer",
        (
            "The issuer is defending {count} claims, the largest brought by a former distributor, with "
            "combined claims of {amount}; an adverse ruling would be charged to profit.",
            "Some of the {count} pending disputes concern patents; if the issuer loses them it may have to "
            "pay licence fees or redesign products.",
        ),
        count=(2, 6),
        amount=(10, 250),
    ),
    RiskCategory(
        "fundraising project risk",
        "issuer",
        (
            "Most of the offer proceeds, {amount}, will fund new capacity that will not be complete for "
            "{count} months; if demand weakens, the new lines may run below capacity.",
            "Depreciation on the projects funded by the offer will rise once they start, and until the "
            "{count}-month build is finished the money will earn little, lowering return on equity.",
        ),
        count=(12, 36),
        amount=(50, 600),
    ),
)


def risk_categories(industry: Industry) -> tuple[RiskCategory, ...]:
    """The categories a company of ``industry`` may face, in :data:`CATEGORIES` order.

    An industry without trade terms has none that is ``trade_only``; every other industry has all.
    """
    return tuple(category for category in CATEGORIES if industry.trade_terms or not category.trade_only)


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


def draw_figures(stream: RandomStream, category: RiskCategory) -> dict[str, str | int]:
    """Draw the figures of ``category``'s paragraphs once, so two paragraphs of it agree."""
    return {
        "percent": stream.randint(*category.percent),
        "amount": f"${stream.randint(*category.amount) / 10:.1f} million",
        "count": stream.randint(*category.count),
        "person": person_name(stream),
    }


def draw_risk_factor(
    category: RiskCategory, sector: str, customers: str, variant: int, figures: dict[str, str | int]
) -> RiskFactor:
    """Write ``category``'s paragraph number ``variant`` with ``figures`` (see :func:`draw_figures`)."""
    text = category.paragraphs[variant].format(sector=sector, customers=customers, **figures)
    return RiskFactor(category, text, variant)
