"""How each type of segment recognizes revenue, loaded from ``resources/revenue_recognition.yaml``.

The file (written for finsynth) is checked against ``filings_revenue_recognition.schema.json`` when
loaded, then against the one list of recognition types, the ``recognition`` enum of
``industry.schema.json``: every type has a wording and no other key appears. No wording uses a
placeholder. An error names the file and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from finsynth.errors import ConfigError
from finsynth.generators.filings.resource_files import check_placeholders, read_resource
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file

RECOGNITION_FILE = "resources/revenue_recognition.yaml"
"""Where the wordings live, relative to the ``finsynth.generators.filings`` package."""


def recognition_types() -> tuple[str, ...]:
    """Return the recognition types an industry's segment may have, as ``industry.schema.json`` lists them."""
    segment = load_schema("industry")["properties"]["segments"]["items"]
    return tuple(segment["properties"]["recognition"]["enum"])


def parse_recognition_timing(document: Any, source: str) -> Mapping[str, str]:
    """Check a revenue-recognition document and return its wording by recognition type, in file order.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema violation,
            a key that is not a recognition type, a recognition type without a wording, or a placeholder.

    """
    validator = Validator(load_schema("filings_revenue_recognition"), "filings revenue recognition")
    check_data_file(validator, document, source)
    types = recognition_types()
    for key in document:
        if key not in types:
            message = f"{key!r} is not a recognition type of industry.schema.json ({', '.join(types)})"
            raise ConfigError(message, source=source, path=f"$.{key}")
    missing = [kind for kind in types if kind not in document]
    if missing:
        raise ConfigError(f"no wording for recognition type {missing[0]!r}", source=source, path="$")
    check_placeholders([(f"$.{key}", text) for key, text in document.items()], (), source)
    return MappingProxyType(dict(document))


def _shipped() -> Mapping[str, str]:
    return parse_recognition_timing(*read_resource(RECOGNITION_FILE))


RECOGNITION_TIMING = _shipped()
"""How revenue is recognized, by the segment's ``recognition`` type (completes "... is recognized ...")."""
