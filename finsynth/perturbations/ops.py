"""What a perturbation returns: the new text and a record of every change it made.

Every perturbation is a pure function ``(text, rng, **options) -> Perturbed``. The ops say
what changed (kind, where in the original text, what it was and became, or rates for
channel-style noise), so datasets can store them and tests can assert on them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

JsonValue = str | int | float | bool | None | list[Any] | dict[str, Any]


@dataclass(frozen=True)
class Op:
    """One change, or one summary of changes, made by a perturbation.

    Attributes:
        kind: What kind of change, e.g. ``split``, ``typo``, ``keywords``, ``ocr_block``,
            ``no_candidate``.
        start: Offset of the changed span in the original text (``None`` for summaries).
        end: End offset (exclusive) of the changed span in the original text.
        before: The original span.
        after: What replaced it.
        details: Anything else worth keeping (rates, counts, the reason nothing changed).

    """

    kind: str
    start: int | None = None
    end: int | None = None
    before: str | None = None
    after: str | None = None
    details: Mapping[str, JsonValue] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JsonValue]:
        """Return the op as a plain JSON-ready dict, leaving out empty fields."""
        result: dict[str, JsonValue] = {"kind": self.kind}
        for name in ("start", "end", "before", "after"):
            value = getattr(self, name)
            if value is not None:
                result[name] = value
        if self.details:
            result["details"] = dict(self.details)
        return result


@dataclass(frozen=True)
class Perturbed:
    """A perturbed text and the ops that made it.

    Attributes:
        text: The new text.
        ops: The changes, in the order of their positions in the original text.

    """

    text: str
    ops: tuple[Op, ...]

    @property
    def changed(self) -> bool:
        """Whether any op changed the text (a ``no_candidate`` op alone changes nothing)."""
        return any(op.kind != "no_candidate" for op in self.ops)

    def to_dict(self) -> dict[str, JsonValue]:
        """Return ``{"text": ..., "ops": [...]}``, the shape the CLI's ``--json`` prints."""
        return {"text": self.text, "ops": [op.to_dict() for op in self.ops]}

    def ops_json(self) -> str:
        """Return the ops as a compact, key-sorted JSON string (for a dataset column)."""
        return json.dumps([op.to_dict() for op in self.ops], sort_keys=True, ensure_ascii=False)
