"""The record families: each declared once, with everything the rest of finsynth needs to know of it.

A family is the shape of a config's records (its JSON Schema is ``<name>_record.schema.json``). The
CLI (which families ``verify`` replays), the harness files (which families get an inspect_ai or an
lm-eval task) and the scorers read these declarations; the schemas' enums and the generators' own
tables are checked against them by ``tests/test_families.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from finsynth.errors import FinsynthError

Scorer = Literal["final_answer", "failsafe_judge", "pairwise_judge", "none"]


@dataclass(frozen=True)
class RecordFamily:
    """What finsynth knows of one record family.

    Attributes:
        name: The family name, as ``family:`` in a build config.
        traced: Records carry a FinChain trace that ``finsynth verify`` replays.
        kind_column: The column naming each row's kind (condition or perturbation), if any.
        kinds: The values of ``kind_column``, in the order builds write them.
        scorer: How a model's reply to the family's ``input`` is scored: the shared answer reader
            (``final_answer``), a judge with the FailSafeQA rubric (``failsafe_judge``), a judge
            comparing a simulated dialogue with a reference dialogue (``pairwise_judge``), or not at all.
        lm_eval: Whether builds ship an lm-eval task (a final answer lm-eval can score without a judge).

    """

    name: str
    traced: bool
    kind_column: str | None
    kinds: tuple[str, ...]
    scorer: Scorer
    lm_eval: bool

    @property
    def schema_name(self) -> str:
        """The family's record schema file, in ``finsynth/schemas``."""
        return f"{self.name}_record.schema.json"

    @property
    def inspect(self) -> bool:
        """Whether builds ship an inspect_ai task: every family with a meaningful scorer."""
        return self.scorer != "none"


FAILSAFE_CONDITIONS = (
    "baseline",
    "misspelled",
    "incomplete",
    "out_of_domain",
    "ocr",
    "missing_context",
    "irrelevant_context",
)
"""FailSafeQA's seven test conditions: five answerable, then the two where the context fails."""
FAILSAFE_GROUNDING_CONDITIONS = ("missing_context", "irrelevant_context")
"""Conditions whose context lacks what the answer needs: a good reply declines."""
QUERY_FAILURES = ("misspelled", "incomplete", "out_of_domain")
"""The query failures applied to FinChain questions (``finchain_robust``)."""

FAMILIES: dict[str, RecordFamily] = {
    family.name: family
    for family in (
        RecordFamily("finchain", True, None, (), "final_answer", lm_eval=True),
        RecordFamily("finchain_robust", True, "perturbation", QUERY_FAILURES, "final_answer", lm_eval=True),
        RecordFamily("failsafe", False, None, (), "none", lm_eval=False),
        RecordFamily(
            "failsafe_condition", False, "condition", FAILSAFE_CONDITIONS, "failsafe_judge", lm_eval=False
        ),
        RecordFamily("ucfe", False, None, (), "pairwise_judge", lm_eval=False),
        RecordFamily("ucfe_dialogue", False, None, (), "none", lm_eval=False),
    )
}
"""Every record family, by name."""


def record_family(name: str) -> RecordFamily:
    """Return the declaration of a family.

    Raises:
        FinsynthError: For an unknown family, listing the known ones.
    """
    try:
        return FAMILIES[name]
    except KeyError:
        raise FinsynthError(f"unknown record family {name!r}; known: {', '.join(FAMILIES)}") from None


def families_where(
    *, traced: bool | None = None, inspect: bool | None = None, lm_eval: bool | None = None
) -> tuple[str, ...]:
    """Return the names of the families with the given properties, in declaration order."""
    return tuple(
        family.name
        for family in FAMILIES.values()
        if (traced is None or family.traced == traced)
        and (inspect is None or family.inspect == inspect)
        and (lm_eval is None or family.lm_eval == lm_eval)
    )
