"""Reading the UCFE benchmark's free-text evaluation hints into the six hint fields.

The benchmark writes hints as English sentences, one kind per sentence, in many wordings:
a lead that names the kind ("... must include the following key content ...:"), the content
(usually quoted, sometimes numbered), and a closing clause that restates the consequence
("Missing these ... judged as incorrect."). Some tasks instead write free sentences
("Encourage mentioning that ...") or a bare verdict ("AI assistant should respond neutrally.").

The reader splits the text into sentences outside quotes, gives each sentence the kind of the
earliest cue it contains, and attaches a sentence without a cue to the one before it. Content
is never dropped: what cannot be placed is kept, and every such call is reported as a note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_OPEN_QUOTES = "“"
_CLOSE_QUOTES = "”"
_PLAIN_QUOTE = '"'
_QUOTES = _OPEN_QUOTES + _CLOSE_QUOTES + _PLAIN_QUOTE

# Cues in tie-break order: at the same position, the earlier kind wins ("should avoid" is forbid,
# "must at least" is at_least_contain).
_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("answer", re.compile(r"\breference answer\b|^\W*the answer is\b", re.IGNORECASE)),
    (
        "forbid",
        re.compile(
            r"\b(?:should |must )?(?:avoid|prohibit)\w*|\bnot recommended to mention\b"
            r"|\b(?:should|must) not (?:include|mention|contain)\b",
            re.IGNORECASE,
        ),
    ),
    ("encourage", re.compile(r"\bencourag\w*", re.IGNORECASE)),
    (
        "at_least_contain",
        re.compile(r"\b(?:(?:must|should|needs? to)\s+(?:\w+\s+){0,2})?at least\b", re.IGNORECASE),
    ),
    (
        "must_contain",
        re.compile(
            r"\bmust (?:also )?(?:include|mention|cover|contain|be mentioned)\b"
            r"|\bit is necessary to mention\b|\bneeds? to (?:include|mention|consider)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "should_contain",
        re.compile(
            r"\bideally\b|\bshould (?:also )?(?:include|mention|cover|contain|be mentioned|be included)\b"
            r"|\bit is emphasized\b",
            re.IGNORECASE,
        ),
    ),
)
DEFAULT_KIND = "should_contain"
"""The kind given to opening text that has no cue (it states what an answer should cover)."""

# Whole-text verdicts of the classification tasks, mapped to the label the item asks for.
_VERDICTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"\s*(?:the )?ai assistants? should {wording}\.?\s*", re.IGNORECASE), label)
    for wording, label in (
        ("respond neutrally", "neutral"),
        ("outperform the market", "outperform"),
        ("respond poorly", "underperform"),
        ("answer containing", "contains"),
        ("(?:answer without (?:containing|including)|not include)", "does not contain"),
    )
)

# A lead ends where the content starts: "... the following key content (the expression can vary):",
# "Encourage mentioning", "... should avoid", "... suggested reference answer is:".
_LEAD_END = re.compile(
    r"(?:\bthe following\b(?:\s+\w+){0,2}(?:\s+in\s+(?:the|its)\s+(?:response|answer))?(?:\s*\([^)]*\))?"
    r"|\bmention(?:s|ing)?|\bavoid|\binclude|\bis|\bthis language style)\s*:?\s*$",
    re.IGNORECASE,
)
# A lead that only says which kind the hint is; any other lead ("Risk warnings should include at
# least two of the following") carries content, so its sentence is kept whole.
_KIND_ONLY_LEAD = re.compile(
    r"ai assistant|\banswer\b|\bresponse\b"
    r"|^\W*encourag\w*(?:\s+to)?\s+mention\w*\W*$|^\W*encouraged mentions\W*$",
    re.IGNORECASE,
)
_ANSWER_LEAD = re.compile(
    r"^\W*(?:the\s+)?(?:ai assistant's\s+)?(?:suggested\s+)?(?:reference\s+)?answer\b.{0,60}?\bis\b"
    r"(?:\s+that\b)?\s*:?\s*",
    re.IGNORECASE,
)
# Clauses that only restate what a hint kind means; they carry no content.
_BOILERPLATE = re.compile(
    r"(?:this answer is |which is )?an ideal response example"
    r"|(?:the )?(?:absence of|missing|lacking|omitting)\b[^.]*?\b(?:incorrect|wrong)"
    r"|(?:however,\s*)?(?:but\s+)?(?:merely |only )?meeting\b[^.]*?\blow(?:er)? score"
    r"|(?:to ensure|this ensures) (?:the )?comprehensiveness(?: of the (?:answer|response))?"
    r"|(?:as )?(?:this|which|it) (?:will|can) (?:help )?(?:improve|enhance) the quality of the"
    r" (?:answer|response)"
    r"|otherwise,? (?:it|the answer|the response) will be (?:judged|deemed) (?:as )?(?:an )?inappropriate"
    r"(?: answer| response)?"
    r"|mentioning (?:these|this)\b[^.]*?\binappropriate",
    re.IGNORECASE,
)
_QUOTED_SEGMENTS = re.compile(r'["”]\s*,?\s*(?:and\s+)?["“]')
_TRIM = " \t\n,;，；"


@dataclass
class _Sentence:
    kind: str
    text: str


def _inside_quotes(text: str) -> list[bool]:
    """Mark the characters between quotes (the quote marks themselves are outside)."""
    inside = []
    open_ = False
    for char in text:
        if char in _OPEN_QUOTES:
            open_ = True
            inside.append(False)
        elif char in _CLOSE_QUOTES:
            open_ = False
            inside.append(False)
        elif char == _PLAIN_QUOTE:
            open_ = not open_
            inside.append(False)
        else:
            inside.append(open_)
    return inside


def _ends_inside_quotes(text: str) -> bool:
    return bool(text) and _inside_quotes(text + " ")[-1]


def _masked(text: str) -> str:
    """Blank out quoted text so cues and colons are only found in the hint's own words."""
    return "".join("\0" if hidden else char for char, hidden in zip(text, _inside_quotes(text), strict=True))


def _ends_sentence(text: str, end: int) -> bool:
    before = text[:end].rstrip(_QUOTES)
    return before.endswith((".", "!", "?"))


def _split_sentences(text: str) -> list[tuple[str, str]]:
    """Split text outside quotes at line breaks and sentence ends: (separator before, sentence)."""
    inside = _inside_quotes(text)
    pieces: list[tuple[str, str]] = []
    start, separator = 0, ""
    for gap in re.finditer(r"\s+", text):
        if gap.start() == 0 or inside[gap.start()]:
            continue
        if "\n" in gap.group() or _ends_sentence(text, gap.start()):
            pieces.append((separator, text[start : gap.start()]))
            start, separator = gap.end(), gap.group()
    pieces.append((separator, text[start:]))
    return [(separator, sentence) for separator, sentence in pieces if sentence.strip()]


def _kind(sentence: str) -> str | None:
    masked = _masked(sentence)
    found: list[tuple[int, int, str]] = []
    for order, (kind, cue) in enumerate(_CUES):
        match = cue.search(masked)
        if match:
            found.append((match.start(), order, kind))
    return min(found)[2] if found else None


def _clean(entry: str) -> str:
    return _BOILERPLATE.sub("", entry).strip(_TRIM) if _BOILERPLATE.search(entry) else entry.strip(_TRIM)


def _numbered(body: str) -> list[str]:
    """Split "1. a; 2. b" or "(1) a (2) b" into its entries; other text is one entry."""
    markers = []
    position = 0
    for number in range(1, 100):
        marker = re.compile(rf"(?:^|(?<=[\s;,.:]))(?:\({number}\)|{number}\.(?!\d))\s*")
        match = marker.search(body, position)
        if match is None or (number == 1 and body[: match.start()].strip()):
            break
        markers.append(match)
        position = match.end()
    if len(markers) < 2:
        return [body]
    bounds = [*(match.start() for match in markers[1:]), len(body)]
    return [body[match.end() : end] for match, end in zip(markers, bounds, strict=True)]


def _split_lead(text: str) -> tuple[str, str] | None:
    """Return (lead, rest) when the sentence opens with a recognised lead, else ``None``."""
    masked = _masked(text)
    quote = next((i for i, char in enumerate(masked) if char in _QUOTES), None)
    colon = masked.find(":")
    if colon != -1 and (quote is None or colon < quote) and _LEAD_END.search(text[: colon + 1]):
        return text[:colon], text[colon + 1 :]
    if quote is not None and _LEAD_END.search(text[:quote]):
        return text[:quote], text[quote:]
    return None


def _entries(sentence: _Sentence, place: str, notes: list[str]) -> list[str]:
    text = sentence.text.strip()
    parts = _split_lead(text)
    if parts is None or not _KIND_ONLY_LEAD.search(parts[0]):
        if sentence.kind == "answer":
            text = _ANSWER_LEAD.sub("", text, count=1)
        entry = _clean(text)
        return [entry] if entry else []
    rest = parts[1].strip()
    tail = ""
    if rest[:1] in _OPEN_QUOTES + _PLAIN_QUOTE:
        masked = _masked(rest)
        last = max(masked.rfind(_PLAIN_QUOTE), masked.rfind(_CLOSE_QUOTES[0]))
        if last > 0:
            rest, tail = rest[1:last], rest[last + 1 :]
    segments = _QUOTED_SEGMENTS.split(rest) if _QUOTED_SEGMENTS.search(rest) else _numbered(rest)
    entries = [entry for entry in (_clean(segment) for segment in segments) if entry]
    if not entries:
        notes.append(f"{place}: the {sentence.kind} content is empty")
    leftover = re.sub(r"^\W*and\s+", "", _BOILERPLATE.sub("", tail)).strip(_TRIM + ".")
    if re.search(r"\w", leftover):
        notes.append(f"{place}: kept the text after the quoted {sentence.kind} content as its own entry")
        entries.append(leftover)
    return entries


def read_bench_hints(text: str) -> tuple[dict[str, list[str]], list[str]]:
    """Read the benchmark's hint sentences into the six hint fields.

    Args:
        text: One item's ``evaluation_hints``.

    Returns:
        The entries per field (only fields that have entries) and notes on each judgement call:
        opening text without a cue (read as :data:`DEFAULT_KIND`), an empty quote, text kept
        after a quote, unbalanced quotes.

    """
    for verdict, label in _VERDICTS:
        if verdict.fullmatch(text):
            return {"answer": [label]}, []
    notes: list[str] = []
    if _ends_inside_quotes(text):
        notes.append("the quotes are unbalanced; quoted text may run into the next sentence")
    sentences: list[_Sentence] = []
    for number, (separator, piece) in enumerate(_split_sentences(text), 1):
        kind = _kind(piece)
        if kind is None and sentences:
            sentences[-1].text += separator + piece
            continue
        if kind is None:
            notes.append(f"sentence {number} has no cue; read as {DEFAULT_KIND}")
            kind = DEFAULT_KIND
        sentences.append(_Sentence(kind, piece))
    values: dict[str, list[str]] = {}
    for number, sentence in enumerate(sentences, 1):
        entries = _entries(sentence, f"hint {number}", notes)
        if entries:
            values.setdefault(sentence.kind, []).extend(entries)
    return values, notes
