"""Questions about a filing whose answers are computed from its facts, with the sentences that hold them.

Question answering (``"QA"``) items ask for an amount, a change, a ratio, a segment or a risk;
text generation (``"TG"``) items ask for a short piece of writing (a social-media post, a note to
investors, a risk summary) and give a reference text built from the same facts. Citations are
the filing's sentences that state each fact used, so they are whole sentences of the text.
"""

from __future__ import annotations

from dataclasses import replace

from finsynth.errors import ConfigError

# The kind modules register their kinds on import; make_qa draws among them in this order.
from finsynth.generators.filings import (  # noqa: F401
    governance_questions,
    industry_questions,
    narrative_questions,
    note_questions,
    results_questions,
    risk_questions,
    statement_questions,
    writing_requests,
)
from finsynth.generators.filings.document import Filing, make_filing
from finsynth.generators.filings.questions import (
    PART_WEIGHTS,
    QUESTION_KINDS,
    FilingFacts,
    QAItem,
    QuestionKind,
    TaskType,
)
from finsynth.seeding import RandomStream, derive_seed

__all__ = ["QAItem", "TaskType", "make_item", "make_qa", "plan_item"]


SPECIFIC_SHARE = 0.1
"""How often :func:`make_qa` tries the kinds on an industry's own measures first (FFO for a REIT, net
interest margin for a bank), as an analyst would; where none fits, the usual order follows."""


def _drawn_order(task_type: TaskType, stream: RandomStream) -> list[QuestionKind]:
    """Every kind of ``task_type``: parts in a weighted random order, kinds shuffled within each part.

    With :data:`SPECIFIC_SHARE`, the ``specific`` kinds come first, in their own drawn order.
    """
    tickets = [part for part, weight in PART_WEIGHTS.items() for _ in range(weight)]
    parts = list(dict.fromkeys(stream.sample(tickets, len(tickets))))
    order = []
    for part in parts:
        kinds = [
            kind for kind in QUESTION_KINDS.values() if kind.task_type == task_type and kind.part == part
        ]
        order.extend(stream.sample(kinds, len(kinds)))
    if stream.random() < SPECIFIC_SHARE:
        order.sort(key=lambda kind: not kind.specific)
    return order


def make_qa(filing: Filing, seed: int, *, task_type: TaskType) -> QAItem:
    """Return a question (``"QA"``) or writing request (``"TG"``) about ``filing``.

    Args:
        filing: The filing; its facts and ``fact_sentences`` give the answer and citations.
        seed: Chooses the kind of question and its wording.
        task_type: ``"QA"`` or ``"TG"``.

    Raises:
        ConfigError: If ``task_type`` is neither, or no question kind fits the filing.

    """
    if task_type not in ("QA", "TG"):
        raise ConfigError(
            f"task_type must be 'QA' or 'TG', not {task_type!r}", source="filings.make_qa", path="task_type"
        )
    stream = RandomStream(derive_seed(seed, "filings", "qa", task_type))
    facts = FilingFacts(filing)
    for kind in _drawn_order(task_type, stream):
        item = kind.ask(facts, stream)
        if item is not None:
            return replace(item, kind=kind.name, task_type=kind.task_type)
    raise ConfigError(
        f"no {task_type} question fits the filing of {filing.company}", source="filings.make_qa"
    )


def plan_item(
    seed: int, *, min_tokens: int = 4000, max_tokens: int = 27000, tg_share: float = 0.17
) -> tuple[int, TaskType]:
    """Return the target length and task type that :func:`make_item` uses for ``seed``.

    Args:
        seed: Seed of the item.
        min_tokens: Shortest filing target, in cl100k_base tokens.
        max_tokens: Longest filing target.
        tg_share: Probability of a text generation item (FailSafeQA has about 17%).

    Raises:
        ConfigError: If the bounds or the share are out of range.

    """
    if not 0.0 <= tg_share <= 1.0:
        raise ConfigError(
            f"tg_share must be within [0, 1], not {tg_share}", source="filings.make_item", path="tg_share"
        )
    if min_tokens > max_tokens:
        raise ConfigError(
            f"min_tokens ({min_tokens}) is above max_tokens ({max_tokens})",
            source="filings.make_item",
            path="min_tokens",
        )
    stream = RandomStream(derive_seed(seed, "filings", "item"))
    target = stream.randint(min_tokens, max_tokens)
    task_type: TaskType = "TG" if stream.random() < tg_share else "QA"
    return target, task_type


def make_item(
    seed: int, *, min_tokens: int = 4000, max_tokens: int = 27000, tg_share: float = 0.17
) -> tuple[Filing, QAItem]:
    """Return a filing of a drawn length and a question about it, text generation with ``tg_share``.

    Args:
        seed: Seed of the item; the same seed gives the same filing and question.
        min_tokens: Shortest filing target, in cl100k_base tokens. A filing whose required
            content is longer than a drawn target allows comes out just long enough to hold it.
        max_tokens: Longest filing target.
        tg_share: Probability of a text generation item (FailSafeQA has about 17%).

    Raises:
        ConfigError: If the bounds or the share are out of range.

    """
    target, task_type = plan_item(seed, min_tokens=min_tokens, max_tokens=max_tokens, tg_share=tg_share)
    filing = make_filing(seed, target_tokens=target, fit_required=True)
    return filing, make_qa(filing, seed, task_type=task_type)
