"""The strict JSON reader: its fast check on the text agrees with the walk over the document."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.input_files import MAX_NESTING, _text_proves_limits, check_nesting, parse_json

TEXTS = st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=8) | st.sampled_from(
    ["\ud800", "a\udfffb", "[{", '"]}', "\\", "😀"]
)
DOCUMENTS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXTS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TEXTS, children, max_size=3),
    max_leaves=30,
)


def nested(depth: int, innermost: Any) -> Any:
    document = innermost
    for level in range(depth):
        document = [document] if level % 2 else {"k": document}
    return document


def walk_accepts(document: Any) -> bool:
    try:
        check_nesting(document, "test")
    except ConfigError:
        return False
    return True


@given(DOCUMENTS, st.booleans())
@example(nested(MAX_NESTING, 1), False)
@example(nested(MAX_NESTING + 1, 1), False)
@example(nested(MAX_NESTING + 1, []), False)
@example(nested(MAX_NESTING - 1, "[[[[" * 40), True)
@example(["\ud83d\ude00", "\ud83d"], True)
def test_the_text_check_never_passes_what_the_walk_refuses(document: Any, ascii_only: bool) -> None:
    text = json.dumps(document, ensure_ascii=ascii_only)
    if _text_proves_limits(text):
        assert walk_accepts(json.loads(text))
    try:
        parse_json(text, "test")
    except ConfigError:
        assert not walk_accepts(json.loads(text))
    else:
        assert walk_accepts(json.loads(text))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (json.dumps(nested(MAX_NESTING + 1, 1)), f"nested more than {MAX_NESTING} levels"),
        ('{"a": ["\\ud800"]}', "lone surrogate"),
        ('{"\\udc00": 1}', "lone surrogate"),
    ],
)
def test_documents_over_a_limit_are_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_json(text, "data.json", line=3)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps({"steps": ["[" * 500, "{" * 500]})
    assert _text_proves_limits(text)
    assert parse_json(text, "x") == {"steps": ["[" * 500, "{" * 500]}


def test_a_trace_sized_document_is_proved_from_its_text() -> None:
    steps = [{"name": f"s{index}", "inputs": [{"name": "a", "values": [1, 2]}]} for index in range(60)]
    assert _text_proves_limits(json.dumps({"steps": steps}))
