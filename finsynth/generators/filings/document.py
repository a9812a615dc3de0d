"""Assembling a 10-K-style filing from its blocks, to a target length, as sentences with ids and offsets."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from finsynth.errors import ConfigError
from finsynth.generators.filings.blocks import Block, Candidate, Paragraph, heading
from finsynth.generators.filings.business import business_candidates
from finsynth.generators.filings.house_style import HouseStyle, draw_style
from finsynth.generators.filings.legal_proceedings import legal_cases
from finsynth.generators.filings.market_risk import market_risk_candidates
from finsynth.generators.filings.mdna import mdna_candidates
from finsynth.generators.filings.notes import notes_candidates
from finsynth.generators.filings.other_items import (
    auditor_report,
    controls,
    cover,
    cybersecurity,
    exhibits,
    forward_looking,
    governance,
    legal_matters,
    market,
    officers,
    properties,
    report_date,
    short_items,
    signatures,
)
from finsynth.generators.filings.risk_factors import risk_candidates
from finsynth.generators.filings.tables import (
    balance_sheet,
    cash_flow_statement,
    equity_statement,
    income_statement,
)
from finsynth.perturbations.tokens import count_tokens, count_tokens_batch
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import Company, make_company
from finsynth.world.industry_profiles import StatementLabels, in_sentence
from finsynth.world.statements import Statements, make_statements

TOLERANCE = 0.1
"""A filing's length is within this fraction of its target (the tests check it)."""
SUPPORTED_TOKENS = (4000, 27000)
"""Targets in this range (FailSafeQA's context lengths) are reachable for every seed."""
RISK_FACTOR_SHARE = 0.22
"""Risk factors fill at most about this share of a filing's target before other content runs out."""
_AIM = 0.03  # fill to within 3% by estimate, leaving room for the estimate's error
_PARAGRAPH_BREAK = "\n\n"
_ITEM_NUMBER = re.compile(r"Items? (\d+[A-C]?(?:-\d+)?)\. ")
_SEPARATORS = {"prose": " ", "table": "\n", "heading": "\n"}


@dataclass(frozen=True)
class Sentence:
    """One sentence, heading or table row of a filing.

    Attributes:
        id: Position of the sentence in the filing, from 0.
        text: The sentence; ``Filing.text[start:end] == text``.
        start: Offset of the first character in ``Filing.text``.
        end: Offset after the last character.
        item: The 10-K item the sentence belongs to (``"1A"``, ``"7"``, ``"8"``, ``"10-14"`` …),
            ``"cover"`` for the cover page and the forward-looking statement, ``""`` for part headings.
        kind: ``"prose"``, ``"table"`` (a table's title, header or row) or ``"heading"``.

    """

    id: int
    text: str
    start: int
    end: int
    item: str = ""
    kind: Literal["prose", "table", "heading"] = "prose"


@dataclass(frozen=True)
class Filing:
    """A synthetic annual report of a fictional company.

    Attributes:
        company: Legal name of the company.
        fiscal_years: Fiscal years covered, oldest first.
        text: The full text.
        sentences: Every sentence, heading and table row, in order.
        facts: What the filing states, by key: statement amounts as ``<item>.<year>`` (in ``unit``;
            cash-flow outflows and treasury stock negative), ``diluted_eps.<year>`` in dollars,
            ``segment.<i>.<year>`` and ``segment.<i>.name``, ``risk.<topic>`` (a summary) and
            ``risk.<topic>.label``, and descriptive facts such as ``unit``, ``industry``,
            ``employees`` and ``headquarters``. Only facts the text states are present (a left-out
            note takes its amounts with it), plus ``company``, ``industry``, ``unit`` and the row names
            of the income statement (``row.<key>.label`` where the industry renames a fixed row,
            ``line.<key>.label`` for its revenue and expense lines), lower-cased as questions use them.
        fact_sentences: For each fact key, the ids of the sentences that state it, prose first.

    """

    company: str
    fiscal_years: tuple[int, ...]
    text: str
    sentences: tuple[Sentence, ...]
    facts: Mapping[str, float | str]
    fact_sentences: Mapping[str, tuple[int, ...]]


@dataclass(frozen=True)
class _Section:
    heading: str | None
    candidates: Sequence[Candidate]
    front: bool = False  # the cover page and what precedes Part I

    @property
    def item(self) -> str:
        """The heading's item number (``"Item 7A. …"`` -> ``"7A"``), else ``"cover"`` or ``""``."""
        match = _ITEM_NUMBER.match(self.heading or "")
        return match.group(1) if match else "cover" if self.front else ""


def _sections(
    company: Company,
    statements: Statements,
    stream: RandomStream,
    wording: RandomStream,
    legal: RandomStream,
    notes: RandomStream,
    own: RandomStream,
) -> list[_Section]:
    # Wordings, legal cases, the auditor's report date (``notes``) and the business items' figures and
    # plans (``own``) come from their own streams (issue #29), so drawing them leaves every other
    # narrative draw as it was.
    short = short_items(company, statements, wording, own)
    dated = report_date(company, notes)
    return [
        _Section(None, [Candidate(cover(company, statements), True)], front=True),
        _Section(None, [Candidate(forward_looking(company, statements, own))], front=True),
        _Section(None, [Candidate(Block((heading("PART I"),)), True)]),
        _Section("Item 1. Business", business_candidates(company, statements, own)),
        _Section("Item 1A. Risk Factors", risk_candidates(company, statements, stream, wording)),
        _Section("Item 1B. Unresolved Staff Comments", [short["1B"]]),
        _Section("Item 1C. Cybersecurity", cybersecurity(company, statements, own)),
        _Section("Item 2. Properties", properties(company, statements, own)),
        _Section(
            "Item 3. Legal Proceedings",
            [
                short["3"],
                Candidate(legal_matters(company, statements, own)),
                *(Candidate(block) for block in legal_cases(company, statements, legal)),
            ],
        ),
        _Section("Item 4. Mine Safety Disclosures", [short["4"]]),
        _Section(None, [Candidate(Block((heading("PART II"),)), True)]),
        _Section(
            "Item 5. Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases "
            "of Equity Securities",
            market(company, statements, own),
        ),
        _Section("Item 6. [Reserved]", [short["6"]]),
        _Section(
            "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations",
            mdna_candidates(company, statements, stream),
        ),
        _Section(
            "Item 7A. Quantitative and Qualitative Disclosures About Market Risk",
            market_risk_candidates(company, statements, stream),
        ),
        _Section(
            "Item 8. Financial Statements and Supplementary Data",
            [
                Candidate(report := auditor_report(company, statements, stream, dated)),
                Candidate(income_statement(company, statements), True),
                Candidate(balance_sheet(company, statements), True),
                Candidate(cash_flow_statement(company, statements), True),
                Candidate(equity_statement(company, statements)),
                Candidate(Block((heading("Notes to Consolidated Financial Statements"),)), True),
                *notes_candidates(company, statements, stream),
            ],
        ),
        _Section(
            "Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure",
            [short["9"]],
        ),
        _Section(
            "Item 9A. Controls and Procedures",
            [Candidate(controls(company, statements, wording, str(report.facts["auditor"])), True)],
        ),
        _Section("Item 9B. Other Information", [short["9B"]]),
        _Section(None, [Candidate(Block((heading("PART III"),)), True)]),
        _Section(
            "Items 10-14. Directors, Executive Officers, Compensation and Governance",
            [
                short["III"],
                Candidate(officers(company, own)),
                Candidate(governance(company, statements, own)),
            ],
        ),
        _Section(None, [Candidate(Block((heading("PART IV"),)), True)]),
        _Section(
            "Item 15. Exhibits and Financial Statement Schedules",
            [
                Candidate(exhibits(company, stream, str(report.facts["auditor"])), True),
                Candidate(signatures(company, own)),
            ],
        ),
        _Section("Item 16. Form 10-K Summary", [short["16"]]),
    ]


def _block_text(block: Block) -> str:
    parts = [block.title or "", block.group or ""]
    parts.extend(
        _SEPARATORS[paragraph.kind].join(line.text for line in paragraph.lines)
        for paragraph in block.paragraphs
    )
    return _PARAGRAPH_BREAK.join(part for part in parts if part)


class _Writer:
    """Collects paragraphs into text, sentences, and the sentences stating each fact."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.length = 0
        self.sentences: list[Sentence] = []
        self.prose_facts: dict[str, list[int]] = {}
        self.other_facts: dict[str, list[int]] = {}

    def paragraph(self, paragraph: Paragraph, item: str) -> None:
        if self.pieces:
            self._append(_PARAGRAPH_BREAK)
        separator = _SEPARATORS[paragraph.kind]
        index = self.prose_facts if paragraph.kind == "prose" else self.other_facts
        for position, line in enumerate(paragraph.lines):
            if position:
                self._append(separator)
            sentence = Sentence(
                len(self.sentences),
                line.text,
                self.length,
                self.length + len(line.text),
                item,
                paragraph.kind,
            )
            self.sentences.append(sentence)
            for key in line.facts:
                index.setdefault(key, []).append(sentence.id)
            self._append(line.text)

    def _append(self, text: str) -> None:
        self.pieces.append(text)
        self.length += len(text)

    def text(self) -> str:
        return "".join(self.pieces)

    def fact_sentences(self) -> dict[str, tuple[int, ...]]:
        keys = dict.fromkeys([*self.prose_facts, *self.other_facts])
        return {key: (*self.prose_facts.get(key, ()), *self.other_facts.get(key, ())) for key in keys}


Position = tuple[int, int]  # (section, candidate within the section)


def _write(sections: Sequence[_Section], kept: set[Position], style: HouseStyle) -> _Writer:
    """Write the kept blocks of every section that keeps at least one, in the filing's house style."""
    writer = _Writer()
    for section_index, section in enumerate(sections):
        blocks = [
            style.reword_block(candidate.block)
            for index, candidate in enumerate(section.candidates)
            if (section_index, index) in kept
        ]
        if not blocks:
            continue
        item = section.item
        if section.heading:
            writer.paragraph(heading(section.heading), item)
        group, note = None, 0
        for block in blocks:
            if block.group and block.group != group:
                writer.paragraph(heading(block.group), item)
            group = block.group
            if block.title:
                note += 1
                writer.paragraph(heading(f"Note {note}. {block.title}"), item)
            for paragraph in block.paragraphs:
                writer.paragraph(paragraph, item)
    return writer


def _label_facts(statements: Statements) -> dict[str, float | str]:
    """How the income statement names its rows, as questions name them.

    ``row.<key>.label`` for a renamed fixed row, ``line.<key>.label`` for the industry's revenue
    and expense lines.
    """
    default = StatementLabels()
    facts: dict[str, float | str] = {
        f"row.{key}.label": in_sentence(label)
        for key, label in vars(statements.labels).items()
        if label != getattr(default, key)
    }
    for line in (*statements.revenue_lines, *statements.expenses):
        facts[f"line.{line.key}.label"] = in_sentence(line.label)
    return facts


def _statement_facts(statements: Statements) -> dict[str, float | str]:
    facts: dict[str, float | str] = {}
    for year in statements.years:
        facts.update({f"{key}.{year}": float(amount) for key, amount in statements.values[year].items()})
        facts[f"diluted_eps.{year}"] = statements.diluted_eps[year]
    return facts


def _states_figures(block: Block) -> bool:
    """Whether any line of ``block`` holds a digit (an amount, a share, a year, a count)."""
    return any(
        character.isdigit()
        for paragraph in block.paragraphs
        for line in paragraph.lines
        for character in line.text
    )


def _choose(
    sections: Sequence[_Section],
    stream: RandomStream,
    target_tokens: int,
    style: HouseStyle,
    *,
    fit_required: bool,
) -> tuple[set[Position], int]:
    """Return the positions of the blocks to keep and the target they were chosen for.

    All required blocks are kept, then optional ones in a drawn order. Optional blocks are sized as
    first written; the house style changes a block's length by a few tokens at most, well inside
    the filing's tolerance. With ``fit_required``, a target too short for the required blocks is
    raised to the shortest one that holds them.
    """
    candidates = {
        (section_index, index): candidate
        for section_index, section in enumerate(sections)
        for index, candidate in enumerate(section.candidates)
    }
    kept = {position for position, candidate in candidates.items() if candidate.required}
    optional = [position for position, candidate in candidates.items() if not candidate.required]
    sizes = count_tokens_batch([_block_text(candidates[position].block) for position in optional])
    total = count_tokens(_write(sections, kept, style).text())
    minimum = round(total / (1 + TOLERANCE)) + 1
    if target_tokens < minimum and fit_required:
        target_tokens = minimum
    if target_tokens < minimum:
        raise ConfigError(
            f"target of {target_tokens} tokens is below this filing's required content; "
            f"use at least {minimum}",
            source="filings.make_filing",
            path="target_tokens",
        )
    drawn = stream.sample(range(len(optional)), len(optional))
    # Preferred blocks (an industry's own measures) are offered first, then blocks that state figures,
    # then the general ones (no figure at all), each group in the drawn order.
    order = sorted(
        drawn,
        key=lambda index: (
            not candidates[optional[index]].preferred,
            not _states_figures(candidates[optional[index]].block),
        ),
    )
    ceiling = target_tokens * (1 + _AIM)
    risk_budget = target_tokens * RISK_FACTOR_SHARE
    # First every other block and risk factors up to their share, then more risk factors if still short.
    for capped in (True, False):
        for index in order:
            if total >= target_tokens * (1 - _AIM):
                break
            section_index = optional[index][0]
            is_risk = sections[section_index].item == "1A"
            if optional[index] in kept or (capped and is_risk and sizes[index] > risk_budget):
                continue
            if total + sizes[index] <= ceiling:
                kept.add(optional[index])
                total += sizes[index]
                risk_budget -= sizes[index] if is_risk else 0
    return kept, target_tokens


def make_filing(seed: int, *, target_tokens: int, fit_required: bool = False) -> Filing:
    """Return a synthetic 10-K-style filing of about ``target_tokens`` cl100k_base tokens.

    The company, its statements and the wording depend only on ``seed``; ``target_tokens`` only
    decides which optional blocks (risk factors, notes, discussions) are kept.

    Args:
        seed: Seed of the filing.
        target_tokens: Wanted length; the result is within :data:`TOLERANCE` of it for any target in
            :data:`SUPPORTED_TOKENS` (longer targets may fail for filings with few segments and years).
            A few seeds' required content alone is longer than the shortest supported target allows.
        fit_required: If the required content is too long for ``target_tokens``, aim at the
            shortest length that holds it (a slightly longer filing) instead of raising.

    Raises:
        ConfigError: If the target is below the required content (without ``fit_required``) or
            above what the filing can hold.

    """
    return _assemble(seed, target_tokens, fit_required=fit_required)


def make_full_filing(seed: int) -> Filing:
    """Return the filing of ``seed`` at full length: every block it has, none left out for length.

    The company, statements and wording are those :func:`make_filing` writes for the same seed.
    """
    return _assemble(seed, None)


def _assemble(seed: int, target_tokens: int | None, *, fit_required: bool = False) -> Filing:
    """Write the filing of ``seed`` to ``target_tokens``, or with every block where it is ``None``."""
    company = make_company(RandomStream(derive_seed(seed, "filings", "company")))
    statements = make_statements(company, RandomStream(derive_seed(seed, "filings", "statements")))
    sections = _sections(
        company,
        statements,
        RandomStream(derive_seed(seed, "filings", "narrative")),
        RandomStream(derive_seed(seed, "filings", "wording")),
        RandomStream(derive_seed(seed, "filings", "legal")),
        RandomStream(derive_seed(seed, "filings", "variety-notes")),
        RandomStream(derive_seed(seed, "filings", "variety-business")),
    )
    style = draw_style(company, RandomStream(derive_seed(seed, "filings", "house_style")))
    if target_tokens is None:
        kept = {
            (section_index, index)
            for section_index, section in enumerate(sections)
            for index in range(len(section.candidates))
        }
        writer = _write(sections, kept, style)
        text = writer.text()
    else:
        kept, target_tokens = _choose(
            sections,
            RandomStream(derive_seed(seed, "filings", "length")),
            target_tokens,
            style,
            fit_required=fit_required,
        )
        writer = _write(sections, kept, style)
        text = writer.text()
        length = count_tokens(text)
        if abs(length - target_tokens) > TOLERANCE * target_tokens:
            raise ConfigError(
                f"could only reach {length} tokens for a target of {target_tokens}; "
                f"targets from {SUPPORTED_TOKENS[0]:,} to {SUPPORTED_TOKENS[1]:,} tokens are supported for "
                "every seed",
                source="filings.make_filing",
                path="target_tokens",
            )
    fact_sentences = writer.fact_sentences()
    # Only amounts the text states are facts: a left-out note takes its numbers with it.
    facts = {key: value for key, value in _statement_facts(statements).items() if key in fact_sentences}
    facts.update(company=company.name, industry=company.industry.label, unit=company.unit)
    facts.update(_label_facts(statements))
    for section_index, index in sorted(kept):
        facts.update(sections[section_index].candidates[index].block.facts)
    return Filing(
        company=company.name,
        fiscal_years=company.fiscal_years,
        text=text,
        sentences=tuple(writer.sentences),
        facts=facts,
        fact_sentences=fact_sentences,
    )
