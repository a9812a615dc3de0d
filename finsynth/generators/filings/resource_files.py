"""Where the filings generator's prose data files live (``resources/`` inside this package)."""

from __future__ import annotations

PACKAGE = "finsynth.generators.filings"
"""The package whose ``resources/`` folder holds the house style, general risks and policies."""
