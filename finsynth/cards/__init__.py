"""Dataset cards (README.md with Hugging Face YAML metadata, plus plots) for built dataset folders."""

from finsynth.cards.card import CARD_NAME, size_category, write_card

__all__ = ["CARD_NAME", "size_category", "write_card"]
