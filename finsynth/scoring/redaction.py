r"""Keeping an API key out of everything a server sends back, in whatever encoding it comes.

A server may echo the request's ``Authorization`` header in a reply, an error body or a
connection error. The chat client passes every string it takes from the network through a
:class:`SecretRedactor` *after* parsing, so JSON escapes are already decoded, and the redactor
also finds the key written as:

- itself;
- JSON or JavaScript escapes, character by character and mixed with plain characters
  (``\u0073k-...``, ``\/``, either case of hex digit), as in a string quoted twice;
- URL (percent) encoding of any of its characters, either case (``%73k%2D...``);
- HTML character references (``&#115;``, ``&#x73;``);
- base64, standard or URL-safe, at any of the three byte alignments inside a longer encoded
  text (``Basic``/``Bearer`` header values); the characters that depend only on the key are
  replaced.

Only keys of at least :data:`MIN_SECRET_LENGTH` characters are redacted. Shorter values are the
placeholders people give local servers (``EMPTY``, ``none``, ``x``, ``sk-1234``); replacing them
would corrupt replies ("the test shows *** risk") while protecting nothing. Reply text is
never changed except where one of the encodings above spells the whole key.
"""

from __future__ import annotations

import base64
import binascii
import re

MIN_SECRET_LENGTH = 16
"""Shortest key that is redacted. Provider keys are 32 characters or more; local-server
placeholders are a handful. A key shorter than this is not treated as a secret."""

REDACTED = "***"
"""What replaces the key."""


def _either_case(hex_digits: str) -> str:
    """A pattern matching ``hex_digits`` with letters in either case."""
    return "".join(f"[{digit.lower()}{digit.upper()}]" if digit.isalpha() else digit for digit in hex_digits)


def _character_pattern(character: str) -> str:
    """Every way :data:`SecretRedactor` accepts one character of the key to be written."""
    code = ord(character)
    units = character.encode("utf-16-be")
    json_escape = "".join(
        r"\\u" + _either_case(binascii.hexlify(units[i : i + 2]).decode()) for i in range(0, len(units), 2)
    )
    percent = "".join("%" + _either_case(f"{byte:02x}") for byte in character.encode("utf-8"))
    forms = [
        re.escape(character),
        json_escape,
        percent,
        f"&#0*{code};",
        f"&#[xX]0*{_either_case(f'{code:x}')};",
    ]
    if character == "/":
        forms.append(r"\\/")
    return "(?:" + "|".join(forms) + ")"


def _base64_cores(secret: bytes) -> list[str]:
    """The base64 characters fixed by ``secret`` alone, for each alphabet and byte alignment.

    Inside a longer encoded text the key's bytes may start at any offset modulo 3; the first
    and last characters of its stretch then mix in neighbouring bytes, so only the characters
    that encode the key's own bits are kept.
    """
    cores: list[str] = []
    for offset in range(3):
        padded = bytes(offset) + secret
        first = -(-8 * offset // 6)  # the first character with no bit of the padding
        last = 8 * len(padded) // 6  # characters after this one need bits after the key
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            core = encode(padded).decode("ascii")[first:last]
            if core not in cores:
                cores.append(core)
    return cores


class SecretRedactor:
    """Replaces a secret, in every encoding listed in the module docstring, with ``***``.

    Args:
        secret: The key; one shorter than :data:`MIN_SECRET_LENGTH` characters redacts nothing.

    Examples:
        >>> redactor = SecretRedactor("sk-live-0123456789abcdef")
        >>> redactor.redact('echo: "sk-live-0123456789abcdef"')
        'echo: "***"'
        >>> SecretRedactor("EMPTY").redact("EMPTY is a word")
        'EMPTY is a word'

    """

    def __init__(self, secret: str) -> None:
        self.active = len(secret) >= MIN_SECRET_LENGTH
        """Whether the secret is long enough to be redacted."""
        self._pattern: re.Pattern[str] | None = None
        if self.active:
            spelled = "".join(_character_pattern(character) for character in secret)
            cores = [re.escape(core) for core in _base64_cores(secret.encode("utf-8", "surrogatepass"))]
            self._pattern = re.compile("|".join([spelled, *cores]))

    def __repr__(self) -> str:
        return f"SecretRedactor(active={self.active})"

    def redact(self, text: str) -> str:
        """Return ``text`` with every encoding of the secret replaced by ``***``."""
        return text if self._pattern is None else self._pattern.sub(REDACTED, text)
