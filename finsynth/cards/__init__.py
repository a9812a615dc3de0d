"""Dataset cards (README.md with Hugging Face YAML metadata, plus plots) for built dataset folders.

The card writer is imported on first use: reading a folder's card name does not load it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from finsynth.cards.names import CARD_NAME
from finsynth.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from finsynth.cards.card import size_category, write_card

__all__ = ["CARD_NAME", "size_category", "write_card"]

__getattr__, __dir__ = lazy_exports(
    __name__, {"size_category": "finsynth.cards.card", "write_card": "finsynth.cards.card"}, globals()
)
