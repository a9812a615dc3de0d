"""A filing's house style: the word choices its writers make wherever several say the same thing.

Real 10-Ks say the same things in their own words: one company's lawyers write "could
materially harm", another's "might significantly hurt". Each filing draws one choice per group
of interchangeable phrases and uses it throughout its general prose, so two filings share a
generic sentence word for word only when they happen to share every choice it touches.
Sentences that state a fact (a number, a name, a conclusion a question reads) keep their words.
The groups are data, in ``resources/house_style.yaml`` (schema ``filings_house_style``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from finsynth.errors import ConfigError
from finsynth.generators.filings.blocks import Block, Line, Paragraph
from finsynth.generators.filings.resource_files import read_resource
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file
from finsynth.seeding import RandomStream
from finsynth.world.company import Company

STYLE_FILE = "resources/house_style.yaml"
"""Where the phrase groups live, relative to the ``finsynth.generators.filings`` package."""


def parse_phrase_groups(document: Any, source: str) -> tuple[tuple[str, ...], ...]:
    """Check a phrase-group document and return its groups.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation
            or a phrase that is already in an earlier group.

    """
    check_data_file(Validator(load_schema("filings_house_style"), "filings house style"), document, source)
    seen: dict[str, int] = {}
    for index, group in enumerate(document["groups"]):
        for position, phrase in enumerate(group):
            if phrase in seen:
                raise ConfigError(
                    f"phrase {phrase!r} is already in group {seen[phrase]}",
                    source=source,
                    path=f"$.groups[{index}][{position}]",
                )
            seen[phrase] = index
    return tuple(tuple(group) for group in document["groups"])


PHRASE_GROUPS: tuple[tuple[str, ...], ...] = parse_phrase_groups(*read_resource(STYLE_FILE))
"""Interchangeable phrases, lower case, from :data:`STYLE_FILE`; no phrase is in two groups."""
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
