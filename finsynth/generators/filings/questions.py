"""The question-kind registry: what a kind is, how it reads a filing's facts and how it words a question.

A question kind is a function that reads a filing's facts and returns a :class:`QAItem` (or
``None`` when the filing lacks what it needs), registered with :func:`question_kind`. Kinds live
in modules by the part of the filing they ask about (results, statements, notes, narrative
items); :func:`~finsynth.generators.filings.qa.make_qa` draws among the registered kinds.
Every item records its kind, the fact keys its answer rests on, the 10-K items its citations
come from and the company's industry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from finsynth.errors import ConfigError
from finsynth.generators.filings.document import Filing
from finsynth.generators.filings.question_framing import QUESTION_FRAMING as _FRAMING
from finsynth.seeding import RandomStream
from finsynth.world.formatting import money
from finsynth.world.industries import INDUSTRY_BY_LABEL
from finsynth.world.industry_profiles import in_sentence

TaskType = Literal["QA", "TG"]


@dataclass(frozen=True)
class QAItem:
    """A question about a filing, its reference answer and its evidence.

    Attributes:
        question: The question or writing request.
        answer: The reference answer (for ``"TG"``, a reference text).
        task_type: ``"QA"`` (question answering) or ``"TG"`` (text generation).
        citations: The cited sentences, each an exact substring of ``Filing.text``.
        citation_sentence_ids: Ids of the cited sentences, in the same order.
        kind: What is asked, e.g. ``"metric_change"`` or ``"results_post"`` (a :data:`QUESTION_KINDS` key).
        fact_keys: Keys of the filing's facts the answer rests on, in the order the kind uses them.
        filing_items: The 10-K items the citations come from (``"7"``, ``"8"``, ``"1A"`` …), in
            filing order.
        industry: The company's industry (the filing's ``industry`` fact).

    """

    question: str
    answer: str
    task_type: TaskType
    citations: tuple[str, ...]
    citation_sentence_ids: tuple[int, ...]
    kind: str
    fact_keys: tuple[str, ...] = ()
    filing_items: tuple[str, ...] = ()
    industry: str = ""


AskFunction = Callable[["FilingFacts", RandomStream], "QAItem | None"]


@dataclass(frozen=True)
class QuestionKind:
    """One registered kind of question or writing request.

    Attributes:
        name: The kind's name (its function's name without the leading underscore).
        task_type: ``"QA"`` or ``"TG"``.
        ask: Builds an item from a filing's facts, or returns ``None`` when the filing cannot support it.
        part: Where in the filing its evidence starts (a :data:`PART_WEIGHTS` key).
        trivial: Whether it is a plain look-up of one descriptive fact (headquarters, head count).
        specific: Whether it asks about a measure only some industries report (FFO, the combined ratio,
            net interest margin); :func:`~finsynth.generators.filings.qa.make_qa` tries such kinds
            first in a share of draws.

    """

    name: str
    task_type: TaskType
    ask: AskFunction
    part: str
    trivial: bool = False
    specific: bool = False


PART_WEIGHTS = {"business": 3, "risk factors": 10, "MD&A": 4, "statements": 4, "notes": 4, "Part III": 6}
"""Where a question's evidence starts, and how often :func:`make_qa` turns there first: the parts
are weighted so that first citations spread over the whole filing rather than crowd into Part II."""

QUESTION_KINDS: dict[str, QuestionKind] = {}
"""Every registered kind by name, in registration order (the order :func:`make_qa` draws from)."""


def question_kind(
    task_type: TaskType = "QA", *, part: str, trivial: bool = False, specific: bool = False
) -> Callable[[AskFunction], AskFunction]:
    """Register the decorated function as a kind named after it (``_free_cash_flow`` -> ``free_cash_flow``).

    Args:
        task_type: ``"QA"`` or ``"TG"``.
        part: Where in the filing the kind's evidence starts (a :data:`PART_WEIGHTS` key).
        trivial: Whether the kind is a plain look-up of one descriptive fact.
        specific: Whether the kind asks about a measure only some industries report.

    Raises:
        ConfigError: If a kind of that name is already registered.

    """

    def register(ask: AskFunction) -> AskFunction:
        register_kind(QuestionKind(ask.__name__.lstrip("_"), task_type, ask, part, trivial, specific))
        return ask

    return register


def register_kind(kind: QuestionKind) -> None:
    """Add ``kind`` to :data:`QUESTION_KINDS` (for kinds built from a table rather than decorated).

    Raises:
        ConfigError: If a kind of that name is already registered.

    """
    if kind.name in QUESTION_KINDS:
        raise ConfigError(f"question kind {kind.name!r} is registered twice", source="filings.questions")
    if kind.part not in PART_WEIGHTS:
        raise ConfigError(
            f"question kind {kind.name!r} has unknown part {kind.part!r}; parts are "
            f"{', '.join(PART_WEIGHTS)}",
            source="filings.questions",
        )
    QUESTION_KINDS[kind.name] = kind


FIGURE_FOLLOW_UPS = (
    " Please cite the figures you use.",
    " Show how you arrive at it.",
    " Round as the filing does.",
)
"""Follow-ups that ask about figures; an item whose answer states none drops them (issue #29)."""
_FIGURE = re.compile(r"\d")


class FilingFacts:
    """Read access to a filing's facts, the sentences that state them, and the wording of questions.

    Args:
        filing: The filing the questions are about.

    """

    def __init__(self, filing: Filing) -> None:
        self.filing = filing
        self.company = filing.company
        self.unit = str(filing.facts["unit"])
        self.latest, self.prior = filing.fiscal_years[-1], filing.fiscal_years[-2]

    @property
    def sells_on_trade_terms(self) -> bool:
        """Whether the company sells on trade credit and holds stock (not a bank, insurer or REIT).

        Days sales outstanding, quick ratio and inventory questions only make sense where it does.
        """
        return INDUSTRY_BY_LABEL[str(self.filing.facts["industry"])].trade_terms

    @property
    def classified_balance_sheet(self) -> bool:
        """Whether the balance sheet subtotals current assets and liabilities (not a bank, insurer or REIT).

        Working capital, current ratio and other questions about current subtotals are asked only where
        it does.
        """
        return INDUSTRY_BY_LABEL[str(self.filing.facts["industry"])].classified_balance_sheet

    def has(self, *keys: str) -> bool:
        """Whether the filing states every key."""
        return all(key in self.filing.facts and key in self.filing.fact_sentences for key in keys)

    def row_name(self, key: str, default: str) -> str:
        """How a question names a fixed income-statement row: the industry's name for it, else ``default``."""
        return str(self.filing.facts.get(f"row.{key}.label", default))

    def balance_name(self, key: str, default: str) -> str:
        """How a question names a balance-sheet line: the industry's own label ("deposits") or ``default``."""
        label = INDUSTRY_BY_LABEL[str(self.filing.facts["industry"])].balance.label(key, "")
        return in_sentence(label) if label else default

    def renames(self, key: str) -> bool:
        """Whether the filing's industry gives a fixed income-statement row its own name (a bank, say)."""
        return f"row.{key}.label" in self.filing.facts

    def line_names(self) -> dict[str, str]:
        """The industry's own revenue and expense lines: fact key -> how a question names the line."""
        return {
            key.split(".")[1]: str(value)
            for key, value in self.filing.facts.items()
            if key.startswith("line.") and key.endswith(".label")
        }

    def amount(self, key: str) -> int:
        """The fact as a whole amount."""
        return int(self.filing.facts[key])

    def text(self, key: str) -> str:
        """The fact as text."""
        return str(self.filing.facts[key])

    def money(self, key: str) -> str:
        """The fact as prose money, e.g. ``"$1,234 million"``."""
        return money(self.amount(key), self.unit)

    def dollars(self, amount: int) -> str:
        """An amount in the filing's unit as prose money."""
        return money(amount, self.unit)

    def sentence_ids(
        self, keys: Iterable[str], *, whole: bool = False, statements: bool = False
    ) -> tuple[int, ...]:
        """Ids of the sentences to cite for ``keys``, in text order.

        Args:
            keys: Fact keys.
            whole: Cite every sentence stating each key, not just the first.
            statements: Cite the financial statements or notes (Item 8) where they state the key.

        """
        ids: set[int] = set()
        for key in keys:
            stated = self.filing.fact_sentences[key]
            if statements:
                in_item_8 = sorted(i for i in stated if self.filing.sentences[i].item == "8")
                stated = tuple(in_item_8) or stated
            ids.update(stated if whole else stated[:1])
        return tuple(sorted(ids))

    def rows(self, prefix: str, field: str) -> list[int]:
        """Indexes ``i`` of the numbered rows ``<prefix>.<i>.<field>`` the filing has, in order."""
        count = 0
        while f"{prefix}.{count}.{field}" in self.filing.facts:
            count += 1
        return list(range(count))

    def segments(self) -> list[int]:
        """Indexes of the company's reportable segments."""
        return self.rows("segment", "name")

    def segment_name(self, index: int) -> str:
        """The name of segment ``index``."""
        return str(self.filing.facts[f"segment.{index}.name"])

    def risks(self) -> list[str]:
        """Keys of the risk factors the filing states (``risk.<topic>``), sorted."""
        return sorted(key for key in self.filing.facts if key.startswith("risk.") and key.count(".") == 1)

    def ask(self, stream: RandomStream, phrasings: Sequence[str]) -> str:
        """Return one of ``phrasings``, sometimes with a lead-in and a follow-up request drawn around it."""
        core = stream.choice(tuple(phrasings))
        lead_in, follow_up = stream.choice(_FRAMING.lead_ins), stream.choice(_FRAMING.follow_ups)
        if lead_in and not core.startswith(self.company):
            core = core[0].lower() + core[1:]
        return f"{lead_in}{core}{follow_up}"

    def request(self, stream: RandomStream, phrasings: Sequence[str]) -> str:
        """Return one of the writing requests ``phrasings``, sometimes with a note on length or tone."""
        return stream.choice(tuple(phrasings)) + stream.choice(_FRAMING.writing_notes)

    def item(
        self,
        question: str,
        answer: str,
        ids: Sequence[int],
        keys: Sequence[str],
        task_type: TaskType = "QA",
    ) -> QAItem:
        """Return the item citing sentences ``ids``; the kind's name is filled in by ``make_qa``."""
        sentences = self.filing.sentences
        ordered = sorted(ids)
        if not _FIGURE.search(answer):  # an answer without figures takes no instruction about figures
            for follow_up in FIGURE_FOLLOW_UPS:
                question = question.removesuffix(follow_up)
        return QAItem(
            question=question,
            answer=answer,
            task_type=task_type,
            citations=tuple(sentences[i].text for i in ordered),
            citation_sentence_ids=tuple(ordered),
            kind="",
            fact_keys=tuple(keys),
            filing_items=tuple(dict.fromkeys(sentences[i].item for i in ordered)),
            industry=str(self.filing.facts["industry"]),
        )
