"""Dataset cards (README.md with Hugging Face YAML metadata, plus plots) for built dataset folders.

The card writer is imported on first use: reading a folder's card name does not load it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from finsynth.cards.names import CARD_NAME

if TYPE_CHECKING:
    from finsynth.cards.card import size_category, write_card

__all__ = ["CARD_NAME", "size_category", "write_card"]


def __getattr__(name: str) -> Any:
    if name not in ("size_category", "write_card"):
        raise AttributeError(f"module 'finsynth.cards' has no attribute {name!r}")
    value = getattr(importlib.import_module("finsynth.cards.card"), name)
    globals()[name] = value
    return value
