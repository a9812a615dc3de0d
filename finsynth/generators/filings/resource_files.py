"""Where the filings generator's prose data files live, and how one is read."""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml

PACKAGE = "finsynth.generators.filings"
"""The package whose ``resources/`` folder holds the house style, general risks, policies and topics."""


def read_resource(name: str) -> tuple[Any, str]:
    """Parse a shipped YAML data file and name it as error messages should.

    Args:
        name: The file's path inside the package, e.g. ``"resources/house_style.yaml"``.

    Returns:
        The parsed document and its source label (the path inside the repository).
    """
    text = resources.files(PACKAGE).joinpath(name).read_text(encoding="utf-8")
    return yaml.safe_load(text), f"{PACKAGE.replace('.', '/')}/{name}"
