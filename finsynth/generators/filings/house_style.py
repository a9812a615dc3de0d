"""A filing's house style: the word choices its writers make wherever several say the same thing.

Real 10-Ks say the same things in their own words: one company's lawyers write "could
materially harm", another's "might significantly hurt". Each filing draws one choice per group
of interchangeable phrases and uses it throughout its general prose, so two filings share a
generic sentence word for word only when they happen to share every choice it touches.
Sentences that state a fact (a number, a name, a conclusion a question reads) keep their words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from finsynth.generators.filings.blocks import Block, Line, Paragraph
from finsynth.generators.filings.company import Company
from finsynth.seeding import RandomStream

PHRASE_GROUPS: tuple[tuple[str, ...], ...] = (
    # Terms of art stay as they are (a group of one keeps longer matches from being reworded).
    ("statements of operations",),
    ("continuing operations",),
    ("discontinued operations",),
    ("operating activities",),
    ("investing activities",),
    ("financing activities",),
    ("shares of common stock",),
    ("more likely than not",),
    ("significant estimates",),
    ("significant assumptions",),
    ("reasonably likely",),
    ("may not", "might not"),
    ("could not",),
    ("could", "might", "may"),
    ("materially", "significantly", "substantially"),
    ("adversely affect", "negatively affect", "hurt"),
    ("results of operations", "operating results"),
    ("financial condition", "financial position"),
    ("significant", "substantial", "considerable"),
    ("costly", "expensive"),
    ("reduce", "diminish"),
    ("disrupt", "interrupt"),
    ("because of", "due to", "owing to"),
    ("effect", "impact"),
    ("difficult", "hard"),
    ("harder", "more difficult"),
    ("employees", "personnel"),
    ("competitors", "rivals"),
    ("operations", "activities"),
    ("approximately", "roughly"),
    ("generally", "typically", "usually"),
    ("mainly", "primarily", "largely"),
    ("often", "frequently"),
    ("adequate", "sufficient"),
    ("each year", "every year", "annually"),
    ("at least once a year", "at least annually"),
    ("from time to time", "periodically", "on occasion"),
    ("ordinary course of business", "normal course of business"),
    ("board of directors", "board"),
    ("lawsuits", "litigation"),
    ("quickly", "rapidly"),
    ("monitor", "keep track of"),
    ("assess", "evaluate"),
    ("problems", "difficulties"),
    ("rely on", "depend on"),
    ("protect", "safeguard"),
    ("in recent years", "over the past several years"),
    ("at the same time", "simultaneously"),
    ("we cannot", "we are unable to"),
    ("investors", "shareholders", "stockholders"),
    ("common stock", "common shares"),
    ("share price", "stock price"),
    ("in turn", "consequently"),
    ("as a result", "accordingly"),
    ("suppliers", "vendors"),
    ("customers", "clients"),
    ("in addition,", "additionally,", "moreover,"),
    ("compounding", "amplifying"),
    ("the following table", "the table below"),
    ("summarizes", "shows", "presents"),
    ("on a straight-line basis", "using the straight-line method"),
    ("stated at cost", "carried at cost", "recorded at cost"),
    ("expensed as incurred", "charged to expense as incurred"),
    ("at the end of the fiscal year", "at fiscal year-end", "as of the end of the fiscal year"),
    ("rank equally with", "rank on a par with"),
    ("in accordance with", "in conformity with"),
    ("requires judgment", "involves judgment", "calls for judgment"),
    ("program", "initiative"),
    ("simplify", "streamline"),
    ("foreign subsidiaries", "non-U.S. subsidiaries", "subsidiaries outside the United States"),
    ("were as follows", "are listed below"),
    ("in good condition", "well maintained", "in good repair"),
    (
        "suitable for their current use",
        "suitable for their present purposes",
        "fit for their current purposes",
    ),
    ("we believe", "management believes"),
    ("not currently party to", "not at present a party to", "not now involved in"),
    ("legal proceeding", "legal matter", "lawsuit or proceeding"),
    ("we consider", "we regard as", "we deem"),
    ("hedge part of", "hedge a portion of", "hedge some of"),
    ("forward contracts", "currency forwards"),
    ("up to twelve months", "up to one year", "no more than twelve months"),
    ("our chief executive and chief financial officers", "our principal executive and financial officers"),
    ("evaluated", "assessed", "reviewed"),
    ("any control system", "any system of controls", "every control system"),
    ("however well designed", "no matter how well designed", "however carefully designed"),
    (
        "provide only reasonable assurance",
        "give only reasonable assurance",
        "offer only reasonable assurance",
    ),
    ("inherent limitations", "built-in limitations"),
    ("attestation report", "attestation"),
    ("is responsible for", "is in charge of", "has responsibility for"),
    ("is incorporated by reference to", "is incorporated by reference from"),
    ("the next annual meeting", "our upcoming annual meeting", "our next annual meeting"),
    ("receives reports", "is briefed", "hears reports"),
    ("at least quarterly", "every quarter", "at least once a quarter"),
    ("information systems", "technology systems", "computer systems"),
    ("we test our defenses", "we probe our defenses", "our defenses are tested"),
    ("outside firms", "third-party specialists", "external firms"),
    ("key vendors", "important vendors", "critical vendors"),
    ("not aware of", "unaware of"),
    ("are omitted", "have been omitted"),
    ("is given in", "is included in", "is shown in"),
    ("many of",),
    ("many", "numerous"),
    ("some of our", "certain of our"),
    ("a few of our", "several of our"),
    ("requires us",),
    ("requires", "calls for", "demands"),
    ("large", "sizable"),
    ("expose us to", "leave us open to", "subject us to"),
    ("complex", "complicated"),
    ("ties up cash", "consumes cash", "absorbs cash"),
    ("in different jurisdictions", "across jurisdictions", "from one jurisdiction to another"),
    ("abroad", "internationally"),
    ("growing", "increasing"),
    ("time and money", "time and resources"),
    ("ongoing", "continuing"),
    ("adds cost", "adds to our costs", "raises our costs"),
    ("differ among", "vary among", "vary across"),
    ("continue to change", "keep changing", "continue to evolve"),
    ("take years", "last years", "run for years"),
    ("can take", "may take", "could take"),
    # Recurring sentences of Items 1, 7, 8, 9A and 15, each said in several ways.
    (
        "competes on the performance, reliability and total cost of its offerings",
        "competes on performance, reliability and the total cost of what it sells",
        "wins business on performance, reliability and total cost",
    ),
    (
        "we see opportunities to grow the segment through",
        "we expect to grow the segment through",
        "the segment's growth opportunities lie in",
    ),
    (
        "new offerings and geographic expansion",
        "new offerings and expansion into new regions",
        "geographic expansion and new offerings",
    ),
    (
        "the segment's results are affected by",
        "the segment's results depend on",
        "results in the segment move with",
    ),
    (
        "pricing, product mix and the cost of inputs",
        "pricing, mix and input costs",
        "prices, the mix of sales and the cost of inputs",
    ),
    (
        "are sold under our own brands and, in some cases, under customers' brands",
        "are sold mostly under our own brands and partly under customers' brands",
        "carry our own brands and, in some cases, customers' private labels",
    ),
    ("demand in the segment depends on", "the segment's demand rests on", "segment demand follows"),
    (
        "customers' investment plans and on broader economic activity",
        "customers' investment plans and the wider economy",
        "how much customers invest and how the economy performs",
    ),
    ("margin movements reflected", "changes in margin reflected", "margins moved with"),
    (
        "the mix of products sold, pricing and the absorption of fixed costs",
        "product mix, pricing and fixed-cost absorption",
        "what we sold, at what prices, and how well fixed costs were absorbed",
    ),
    (
        "lower material and freight costs and tighter control of discretionary spending affected margins",
        "margins also reflected lower material and freight costs and tighter discretionary spending",
        "lower costs for materials and freight and restraint in discretionary spending moved margins",
    ),
    (
        "the segment's results also reflected investments in",
        "the segment's results also bore the cost of investments in",
        "the segment also invested in",
    ),
    (
        "sales capacity and new offerings",
        "sales coverage and new offerings",
        "new offerings and sales capacity",
    ),
    (
        "changes in segment profitability followed",
        "segment profitability tracked",
        "segment margins moved with",
    ),
    (
        "volume trends, cost inflation and productivity savings",
        "volumes, cost inflation and productivity gains",
        "volume, inflation in costs and savings from productivity",
    ),
    (
        "we are evaluating new disclosure requirements for segment expenses and income taxes",
        "we are assessing new rules that require more disclosure of segment expenses and income taxes",
        "new disclosure rules for segment expenses and income taxes are under review",
    ),
    (
        "which will expand the notes to our financial statements but will not change our reported results",
        "which will add to our notes without changing reported results",
        "which will lengthen our notes but leave reported results unchanged",
    ),
    (
        "the accompanying consolidated balance sheets of",
        "the consolidated balance sheets of",
        "the accompanying balance sheets of",
    ),
    ("for the years presented", "for each year presented", "for the periods presented"),
    (
        "these financial statements are the responsibility of the company's management",
        "the company's management is responsible for these financial statements",
        "responsibility for these financial statements rests with the company's management",
    ),
    (
        "our responsibility is to express an opinion on them based on our audits",
        "our job is to express an opinion on them based on our audits",
        "we are responsible for an opinion on them based on our audits",
    ),
    (
        "our audit procedures on this matter included",
        "our procedures on this matter included",
        "to address this matter, our procedures included",
    ),
    ("we have also audited", "we also audited", "in addition, we audited"),
    (
        "expressed an unqualified opinion on its effectiveness",
        "issued an unqualified opinion on its effectiveness",
        "expressed a clean opinion on its effectiveness",
    ),
    (
        "our audits included examining, on a test basis,",
        "our audits involved examining, on a test basis,",
        "on a test basis, our audits examined",
    ),
    (
        "segment operating income excludes corporate costs",
        "corporate costs are left out of segment operating income",
        "segment operating income is stated before corporate costs",
    ),
    (
        "that are not allocated to the segments",
        "that we do not allocate to segments",
        "which are not assigned to segments",
    ),
    (
        "return on equity divides net income by year-end stockholders' equity",
        "return on equity is net income over year-end stockholders' equity",
        "we compute return on equity as net income divided by year-end stockholders' equity",
    ),
    (
        "debt to equity divides total debt by year-end stockholders' equity",
        "debt to equity is total debt over year-end stockholders' equity",
        "debt to equity is total debt divided by year-end stockholders' equity",
    ),
    (
        "we measure money market funds at fair value using",
        "money market funds are measured at fair value from",
        "we value money market funds at fair value based on",
    ),
    (
        "foreign currency forward contracts are measured using",
        "we value foreign currency forward contracts from",
        "foreign currency forward contracts are valued with",
    ),
    (
        "this report contains forward-looking statements",
        "this report includes forward-looking statements",
        "parts of this report are forward-looking statements",
    ),
    (
        "which are statements about future events or results rather than historical facts",
        "meaning statements about future events or results rather than past facts",
        "that is, statements about what may happen rather than what has happened",
    ),
    ("we undertake no obligation to update", "we do not undertake to update", "we assume no duty to update"),
    ("except as required by law", "unless the law requires it", "other than as the law requires"),
    (
        "internal control over financial reporting is a process designed to",
        "internal control over financial reporting is meant to",
        "internal control over financial reporting exists to",
    ),
    (
        "projections of its effectiveness to future periods are subject to",
        "any projection of its effectiveness to later periods is subject to",
        "projecting its effectiveness to future periods carries",
    ),
    ("with the participation of", "together with", "working with"),
    # Recurring sentences of the notes and the discussion, each said in several ways.
    (
        "free cash flow is operating cash flow less purchases of property and equipment",
        "free cash flow equals operating cash flow minus capital expenditures",
        "we define free cash flow as operating cash flow after purchases of property and equipment",
        "free cash flow, as we use the term, is operating cash flow net of capital expenditures",
    ),
    (
        "we do not consider any single patent or license to be material to",
        "no single patent or license is material to",
        "we do not regard any one patent or license as material to",
        "no individual patent or license is, in our view, material to",
    ),
    (
        "fair value is the price that would be received to sell an asset or paid to transfer a liability",
        "fair value is the amount we would receive to sell an asset or pay to transfer a liability",
        "we define fair value as the price received to sell an asset or paid to transfer a liability",
        "fair value means the exit price for an asset or a liability",
    ),
    ("in an orderly transaction between market participants", "in an orderly market transaction"),
    ("is estimated with a Monte Carlo simulation", "is estimated by Monte Carlo simulation"),
    ("using the following assumptions", "with the assumptions below", "on the following assumptions"),
    (
        "expected volatility is based on",
        "we base expected volatility on",
        "expected volatility reflects",
        "our volatility assumption draws on",
    ),
    ("that of a peer group", "a group of comparable companies", "a peer group of companies"),
    (
        "interest and income taxes were paid in the year in which the related expense was recognized",
        "cash paid for interest and income taxes approximated the related expense of each year",
        "interest and income taxes were paid in the same year as the related expense",
        "payments of interest and income taxes fell in the year the related expense was recorded",
    ),
    ("we disaggregate revenue by", "we break down revenue by", "revenue is disaggregated by"),
    ("the location of the customer", "customer location", "where the customer is located"),
    ("revenue is recognized net of", "revenue is reported net of", "we report revenue net of"),
    ("sales taxes, discounts and expected returns", "discounts, expected returns and sales taxes"),
    (
        "cash equivalents are highly liquid investments",
        "we treat highly liquid investments as cash equivalents when they have",
        "cash equivalents comprise highly liquid investments",
    ),
    (
        "with original maturities of three months or less",
        "with maturities of three months or less when bought",
    ),
    (
        "tax years from three years ago onward remain open to examination",
        "returns for the last three years remain subject to examination",
        "our three most recent tax years remain open to audit",
    ),
    ("by the major taxing authorities", "by the main tax authorities", "in our major jurisdictions"),
    ("are translated at year-end exchange rates", "are translated at exchange rates at year end"),
    ("income and expenses at average rates for the year", "revenue and expenses at the year's average rates"),
    (
        "we estimate income taxes in each jurisdiction where we operate",
        "income taxes are estimated jurisdiction by jurisdiction",
    ),
    (
        "we recognize the benefit of an uncertain tax position only when",
        "an uncertain tax position is recognized only if",
    ),
    (
        "to be sustained on examination",
        "to be upheld on examination",
        "to survive examination by the tax authorities",
    ),
    (
        "deferred tax assets are reduced by a valuation allowance when",
        "a valuation allowance reduces deferred tax assets when",
    ),
    (
        "we review large customer balances individually",
        "large customer balances are reviewed one by one",
        "we assess large customer balances individually",
    ),
    ("when there are signs of financial difficulty", "when a customer shows signs of financial strain"),
    (
        "we estimate expected credit losses on receivables using",
        "expected credit losses on receivables are estimated from",
    ),
    (
        "historical loss rates adjusted for current conditions and reasonable forecasts",
        "past loss rates, adjusted for current conditions and reasonable forecasts",
    ),
    (
        "we offset part of these increases through",
        "we recovered part of these increases through",
        "part of these increases was offset by",
    ),
    (
        "pricing actions and productivity programs",
        "price increases and productivity programs",
        "pricing and productivity measures",
    ),
    (
        "affected our costs during the year",
        "raised our costs during the year",
        "weighed on our costs in the year",
    ),
    (
        "an impairment loss is recognized when",
        "we record an impairment loss when",
        "an impairment charge is recorded if",
    ),
    (
        "estimated undiscounted cash flows are less than the carrying amount",
        "the carrying amount exceeds estimated undiscounted cash flows",
    ),
    (
        "supports working-capital needs and general corporate purposes",
        "is available for working capital and general corporate purposes",
        "funds working-capital needs and other corporate purposes",
    ),
    ("balances are written off when", "we write off balances when", "receivables are written off once"),
    (
        "collection efforts have been exhausted",
        "collection efforts are exhausted",
        "we have exhausted collection efforts",
    ),
    ("the allowance reflects", "the allowance takes into account", "the allowance considers"),
    (
        "historical collection experience, the age of balances and current economic conditions",
        "collection history, the aging of balances and current economic conditions",
        "past collections, how long balances are outstanding and the economic outlook",
    ),
    ("in our most recent test", "at our latest annual test", "in the latest impairment test"),
    (
        "the fair value of each reporting unit exceeded its carrying amount",
        "each reporting unit's fair value was above its carrying amount",
    ),
    (
        "accounts receivable are recorded at invoiced amounts less",
        "we carry accounts receivable at invoiced amounts less",
        "accounts receivable are stated at the amounts invoiced, less",
    ),
    ("an allowance for expected credit losses", "the allowance for expected credit losses"),
    (
        "the consolidated financial statements include the accounts of",
        "our consolidated financial statements combine the accounts of",
        "the consolidated financial statements comprise the accounts of",
    ),
    (
        "intercompany balances and transactions have been eliminated",
        "intercompany transactions and balances are eliminated",
        "we eliminate intercompany balances and transactions",
    ),
    (
        "we account for income taxes under the asset and liability method",
        "income taxes are accounted for using the asset and liability method",
    ),
    (
        "stock-based awards are measured at their grant-date fair value",
        "we measure stock-based awards at fair value on the grant date",
        "stock-based awards are valued at fair value when granted",
    ),
    ("we record a liability when", "a liability is recorded when", "we accrue a liability once"),
    (
        "a loss is probable and can be reasonably estimated",
        "a loss is both probable and reasonably estimable",
    ),
    (
        "advertising costs are expensed the first time the advertising takes place",
        "we expense advertising the first time it runs",
        "advertising is expensed when it first appears",
    ),
    (
        "we lease offices, warehouses, production sites and equipment",
        "our leases cover offices, warehouses, production sites and equipment",
        "we rent offices, warehouses, production sites and some equipment",
    ),
    (
        "these purchase obligations are not recorded as liabilities on our balance sheet",
        "these purchase obligations are not recognized as liabilities",
        "these purchase obligations are kept off our balance sheet",
    ),
    (
        "we file annual, quarterly and current reports, proxy statements and other information with",
        "our annual, quarterly and current reports, proxy statements and other filings go to",
        "we submit annual, quarterly and current reports and proxy statements to",
    ),
    (
        "these filings are available free of charge on our investor relations website",
        "these filings can be read free of charge on our investor relations website",
        "our investor relations website offers these filings free of charge",
    ),
    (
        "as soon as reasonably practicable after we file them",
        "shortly after we file them",
        "as soon as practicable after filing",
    ),
    ("materially affected us", "had a material effect on us", "materially harmed us"),
)
"""Interchangeable phrases, lower case; no phrase is in two groups (a test checks it)."""
_PRODUCTS = ("our products", "our offerings")  # plus the company's own products, see :func:`draw_style`
_PHRASES = sorted(
    {phrase for group in (*PHRASE_GROUPS, _PRODUCTS) for phrase in group}, key=len, reverse=True
)
_WORD = re.compile(r"(?<![\w'-])[A-Za-z]+")
_BY_OPENING: dict[str, list[str]] = {}
"""Phrases by their first word, and those of several words also by their first two, longest first."""
for _phrase in _PHRASES:  # longest first, so a longer phrase wins over its own first words
    _first, *_rest = _phrase.split(" ")
    _opening = f"{_first} {_rest[0]}" if _rest and _WORD.fullmatch(_first) else _WORD.findall(_phrase)[0]
    _BY_OPENING.setdefault(_opening, []).append(_phrase)
_NEXT_WORD = re.compile(r" (\S+)")
_CAPITALIZED = {phrase: phrase[0].upper() + phrase[1:] for phrase in _PHRASES}
_WORD_GOES_ON = re.compile(r"[\w'-]")
_DIGIT = re.compile(r"\d")


class HouseStyle:
    """The phrase a filing uses for each group of interchangeable phrases.

    Args:
        choices: The phrase to write for each phrase of every group, lower case.
        kept: The industry's own wording (what the company does, its customers and competitors); a
            line that holds any of it keeps its words, like a line that states a fact.

    """

    def __init__(self, choices: Mapping[str, str], kept: Sequence[str] = ()) -> None:
        self._choices = dict(choices)
        self._kept = list(kept)

    def reword(self, text: str) -> str:
        """Return ``text`` with every phrase of a group replaced by the filing's choice for it.

        Phrases are matched in lower case, or capitalized at the start of the sentence (the capital
        is kept); a capitalized phrase inside a sentence (``May`` the month, ``Board`` in a title) is
        left alone.
        """
        pieces: list[str] = []
        done = 0
        for word in _WORD.finditer(text):
            start = word.start()
            first = word.group(0)
            capitalized = not first.islower()
            if start < done or (capitalized and start):
                continue  # a capital inside a sentence is a name or a title: leave it
            for phrase in _openings(text, word.end(), first.lower()):
                form = _CAPITALIZED[phrase] if capitalized else phrase
                end = start + len(phrase)
                if not text.startswith(form, start) or _WORD_GOES_ON.match(text, end):
                    continue
                chosen = self._choices[phrase]
                pieces.extend((text[done:start], chosen[0].upper() + chosen[1:] if capitalized else chosen))
                done = end
                break
        pieces.append(text[done:])
        reworded = "".join(pieces)
        return reworded if reworded == text else _ARTICLE.sub(_agree, reworded)

    def reword_block(self, block: Block) -> Block:
        """Return ``block`` with its general prose reworded; lines that state a fact keep their words.

        A line is left as written when it holds a digit, any of the block's text facts or any of the
        industry's own wording.
        """
        stated = [value for value in block.facts.values() if isinstance(value, str)] + self._kept
        paragraphs = tuple(
            paragraph
            if paragraph.kind != "prose"
            else Paragraph(
                tuple(
                    line if _states_a_fact(line, stated) else Line(self.reword(line.text), line.facts)
                    for line in paragraph.lines
                ),
                paragraph.kind,
            )
            for paragraph in block.paragraphs
        )
        return Block(paragraphs, block.facts, block.title, block.group)


_ARTICLE = re.compile(r"(?<![\w'-])([Aa]n?) (?=([a-z]+))")
_FIRST_WORDS = frozenset(phrase.split(" ")[0] for group in PHRASE_GROUPS for phrase in group)


def _agree(match: re.Match[str]) -> str:
    """The article that fits a reworded phrase's first letter (none of the phrases has a silent h)."""
    if match.group(2) not in _FIRST_WORDS:
        return match.group(0)
    article = "an" if match.group(2)[0] in "aeiou" else "a"
    return (article.capitalize() if match.group(1)[0] == "A" else article) + " "


def _openings(text: str, after: int, first: str) -> list[str]:
    """The phrases that may start with ``first`` at this point of ``text``, longest first."""
    found = _NEXT_WORD.match(text, after)
    if not found:
        return _BY_OPENING.get(first, [])
    second = found.group(1)
    stripped = second.rstrip(".,;:!?)\"'")
    longer = _BY_OPENING.get(f"{first} {second}", []) + (
        _BY_OPENING.get(f"{first} {stripped}", []) if stripped != second else []
    )
    return longer + _BY_OPENING.get(first, []) if longer else _BY_OPENING.get(first, [])


def _states_a_fact(line: Line, stated: list[str]) -> bool:
    if _DIGIT.search(line.text):
        return True
    return any(
        value in line.text and re.search(rf"(?<![\w'-]){re.escape(value)}(?![\w'-])", line.text)
        for value in stated
    )


def draw_style(company: Company, stream: RandomStream) -> HouseStyle:
    """Draw a filing's house style: one phrase per group, and how it names what it sells.

    Args:
        company: Its industry's products are one way the filing names what it sells.
        stream: Draws the choices.

    """
    choices: dict[str, str] = {}
    for group in PHRASE_GROUPS:
        chosen = stream.choice(group)
        choices.update(dict.fromkeys(group, chosen))
    products = stream.choice((*_PRODUCTS, f"our {company.industry.products}"))
    choices.update(dict.fromkeys(_PRODUCTS, products))
    industry = company.industry
    return HouseStyle(choices, kept=(industry.description, industry.customers, industry.competitors))
