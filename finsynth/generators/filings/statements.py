"""A filing's statements are the shared world's statements (:mod:`finsynth.world.statements`).

Kept for the filings modules that still import them from here (business).
"""

from finsynth.world.statements import Statements

__all__ = ["Statements"]
