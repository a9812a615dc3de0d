"""Dataset cards (README.md with Hugging Face YAML metadata) for built dataset folders."""

from finsynth.cards.card import render_card

__all__ = ["render_card"]
