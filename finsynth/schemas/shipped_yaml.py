"""Reading the YAML data files finsynth ships, with libyaml's parser where PyYAML has it.

The package's data files (industries, prose, task specs) are read at import, so parsing them is
part of every command's start-up. PyYAML's pure-Python scanner is about ten times slower than
libyaml's; both feed the same safe constructor, so the documents are equal (a test compares them
on every shipped file). A text libyaml refuses is read again by the pure-Python loader, so an
error a user sees is worded the same whether or not libyaml is installed. User input (configs,
plugin files) goes through :func:`finsynth.input_files.parse_yaml`, which adds limits.
"""

from __future__ import annotations

from typing import Any

import yaml

FAST_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML was built with it, else the pure-Python one."""


def load(text: str) -> Any:
    """Return the document of a YAML text, safe types only.

    Raises:
        yaml.YAMLError: As :func:`yaml.safe_load` raises it.
    """
    try:
        return yaml.load(text, Loader=FAST_LOADER)
    except yaml.YAMLError:
        return yaml.safe_load(text)


def compose(text: str) -> yaml.Node | None:
    """Return the node graph of a YAML text (with line marks), as :func:`yaml.compose` does.

    Raises:
        yaml.YAMLError: As ``yaml.compose(text, Loader=yaml.SafeLoader)`` raises it.
    """
    try:
        return yaml.compose(text, Loader=FAST_LOADER)
    except yaml.YAMLError:
        return yaml.compose(text, Loader=yaml.SafeLoader)
