"""The redactor finds a key in every encoding a server may echo it in, and changes nothing else."""

from __future__ import annotations

import base64
import html
import json
import re
from urllib.parse import quote, unquote

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from finsynth.scoring.redaction import MIN_SECRET_LENGTH, REDACTED, SecretRedactor

KEY = "sk-proj/0123456789abcdef+ZZ_key"


def encodings(key: str) -> dict[str, str]:
    """The key written in each way the redactor promises to find, built independently of it."""
    escaped = "".join(f"\\u{ord(c):04x}" for c in key)
    forms = {
        "raw": key,
        "json \\u lower": escaped,
        "json \\u upper": escaped.upper().replace("\\U", "\\u"),
        "json \\u some": "".join(f"\\u{ord(c):04X}" if i % 2 else c for i, c in enumerate(key)),
        "json \\/": key.replace("/", "\\/"),
        "url quote": quote(key, safe=""),
        "url every byte": "".join(f"%{b:02x}" for b in key.encode()),
        "html decimal": "".join(f"&#{ord(c)};" for c in key),
        "html hex": "".join(f"&#x{ord(c):X};" for c in key),
    }
    for prefix in ("", "a", "ab"):
        data = f"{prefix}Bearer {key}".encode()
        forms[f"base64 after {len(prefix)}"] = base64.b64encode(data).decode()
        forms[f"base64url after {len(prefix)}"] = base64.urlsafe_b64encode(data).decode()
    return forms


def _recoverable(text: str, key: str) -> bool:
    """Whether ``text`` still spells the key in a decodable form: plain, escaped, quoted or base64."""
    for decoded in (text, html.unescape(text), _json_unescaped(text)):
        if key in decoded or key in unquote(decoded):
            return True
    for run in re.findall(r"[A-Za-z0-9+/_-]{8,}", text):
        for start in range(4):
            chunk = run[start:]
            chunk = chunk[: len(chunk) - (len(chunk) % 4 == 1)]
            chunk += "=" * (-len(chunk) % 4)
            for decode in (base64.b64decode, base64.urlsafe_b64decode):
                try:
                    if key.encode() in decode(chunk):
                        return True
                except ValueError:
                    continue
    return False


def _json_unescaped(text: str) -> str:
    """``text`` read as the inside of a JSON string, so its escapes are decoded."""
    try:
        return str(json.loads('"' + text.replace('"', '\\"') + '"'))
    except ValueError:
        return text


@pytest.mark.parametrize("form", sorted(encodings(KEY)))
def test_every_encoding_of_the_key_is_redacted(form: str) -> None:
    encoded = encodings(KEY)[form]
    text = f"Here is what you sent: {encoded}. Anything else?"
    assert _recoverable(text, KEY), "the test's own encoding is wrong"
    redacted = SecretRedactor(KEY).redact(text)
    assert not _recoverable(redacted, KEY), redacted
    assert REDACTED in redacted
    assert redacted.startswith("Here is what you sent: ") and redacted.endswith(". Anything else?")


@pytest.mark.parametrize("key", ["EMPTY", "x", "none", "a", "sk-no-key", "k" * (MIN_SECRET_LENGTH - 1)])
@given(text=st.text(max_size=200))
@example(text="EMPTY is a none-x risk: a test shows a value")
def test_a_key_shorter_than_the_threshold_never_changes_text(key: str, text: str) -> None:
    redactor = SecretRedactor(key)
    assert not redactor.active
    assert redactor.redact(text + key + text) == text + key + text


@given(text=st.text(max_size=300))
@example(text="sk-proj/0123456789abcdef+ZZ_ke")  # all but the last character
@example(text="c2stcHJvai8wMTIzNDU2Nzg5YWJjZGVm")  # base64 of most of the key
def test_text_without_the_key_is_never_changed(text: str) -> None:
    assert SecretRedactor(KEY).redact(text) == text


def test_the_threshold_is_the_first_length_redacted() -> None:
    assert not SecretRedactor("k" * (MIN_SECRET_LENGTH - 1)).active
    key = "k" * MIN_SECRET_LENGTH
    assert SecretRedactor(key).redact(f"<{key}>") == f"<{REDACTED}>"


def test_the_redactor_never_shows_the_key() -> None:
    assert KEY not in repr(SecretRedactor(KEY))
