"""A filing's house style: the word choices its writers make wherever several say the same thing.

Real 10-Ks say the same things in their own words: one company's lawyers write "could
materially harm", another's "might significantly hurt". Each filing draws one choice per group
of interchangeable phrases and uses it throughout its general prose, so two filings share a
generic sentence word for word only when they happen to share every choice it touches.
Sentences that state a fact (a number, a name, a conclusion a question reads) keep their words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

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
    ("reasonably likely",),
    ("could", "might", "may"),
    ("materially", "significantly", "substantially"),
    ("adversely affect", "negatively affect", "hurt"),
    ("results of operations", "operating results"),
    ("financial condition", "financial position"),
    ("significant", "substantial", "considerable"),
    ("costly", "expensive"),
    ("reduce", "diminish"),
    ("disrupt", "interrupt"),
    ("such as", "including"),
    ("because of", "due to", "owing to"),
    ("effect", "impact"),
    ("difficult", "hard"),
    ("harder", "more difficult"),
    ("employees", "personnel"),
    ("competitors", "rivals"),
    ("operations", "activities"),
    ("expect", "anticipate"),
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
    ("materially affected us", "had a material effect on us", "materially harmed us"),
)
"""Interchangeable phrases, lower case; no phrase is in two groups (a test checks it)."""
_PRODUCTS = ("our products", "our offerings")  # plus the company's own products, see :func:`draw_style`
_PHRASES = sorted(
    {phrase for group in (*PHRASE_GROUPS, _PRODUCTS) for phrase in group}, key=len, reverse=True
)
_WORD = re.compile(r"(?<![\w'-])[A-Za-z]+")
_BY_FIRST_WORD: dict[str, list[str]] = {}
for _phrase in _PHRASES:  # longest first, so a longer phrase wins over its own first words
    _BY_FIRST_WORD.setdefault(_WORD.findall(_phrase)[0], []).append(_phrase)
_WORD_GOES_ON = re.compile(r"[\w'-]")
_DIGIT = re.compile(r"\d")


class HouseStyle:
    """The phrase a filing uses for each group of interchangeable phrases.

    Args:
        choices: The phrase to write for each phrase of every group, lower case.

    """

    def __init__(self, choices: Mapping[str, str]) -> None:
        self._choices = dict(choices)

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
            if start < done:
                continue
            for phrase in _BY_FIRST_WORD.get(word.group(0).lower(), ()):
                end = start + len(phrase)
                found = text[start:end]
                if _WORD_GOES_ON.match(text, end) or found.lower() != phrase.lower():
                    continue
                if found == phrase:
                    chosen = self._choices[phrase]
                elif start == 0 and found == phrase[0].upper() + phrase[1:]:
                    chosen = self._choices[phrase][0].upper() + self._choices[phrase][1:]
                else:
                    break  # another capitalization inside a sentence is a name or a title: leave it
                pieces.extend((text[done:start], chosen))
                done = end
                break
        pieces.append(text[done:])
        reworded = "".join(pieces)
        return reworded if reworded == text else _ARTICLE.sub(_agree, reworded)

    def reword_block(self, block: Block) -> Block:
        """Return ``block`` with its general prose reworded; lines that state a fact keep their words.

        A line is left as written when it holds a digit or any of the block's text facts.
        """
        stated = [value for value in block.facts.values() if isinstance(value, str)]
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


def _states_a_fact(line: Line, stated: list[str]) -> bool:
    return _DIGIT.search(line.text) is not None or any(value in line.text for value in stated)


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
    return HouseStyle(choices)
