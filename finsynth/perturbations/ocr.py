"""OCR noise: a character channel of substitutions, deletions and insertions, drawn in blocks.

The text is cut into blocks of seeded lengths (about ``block_chars`` characters, each cut moved
forward to the next whitespace so no word is split between blocks). Each block draws its error
rate from ``Normal(mean, std)`` clipped to ``[0, cap]``, as FailSafeQA's OCR condition does; with
the defaults the expected character error rate is about 6.8%.

A block's rate is the expected number of character edits per character of the block, whitespace
and protected digits included in the count, so the measured character error rate (edit distance
divided by length) matches the configured rate even though kept characters are never edited.
Substitutions follow a table of visually confusable characters
(``resources/ocr_confusions.json``), one-to-many (``m`` → ``rn``) and many-to-one (``cl`` → ``d``)
included; a character with no confusion in the table is deleted instead.

Every decision is drawn as a NumPy array and the output is assembled with array operations, so
the cost per character is a few vector operations rather than a Python loop.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from finsynth.errors import FinsynthError
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.registry import perturbation
from finsynth.seeding import RandomStream, numpy_generator

SUBSTITUTION_SHARE = 0.70
"""Share of character errors that are substitutions (confusions)."""
DELETION_SHARE = 0.15
"""Share of character errors that drop a character; the rest insert a stray one."""

_SUBSTITUTE, _DELETE, _INSERT = 0, 1, 2
_PAIR_SHIFT = np.uint64(21)  # a code point fits in 21 bits, so two make one 42-bit key
_LAST_WHITESPACE = 0x3000  # no code point above U+3000 is whitespace (the tests check every one)
_LAST_DIGIT = 0x1FBF9  # nor above U+1FBF9 a decimal digit
_NO_CODE = np.uint64(1 << 63)  # a pair key that matches no table row
_DENSE_LIMIT = 1 << 17  # keys below this (single characters of the table) get a direct index

IntArray = npt.NDArray[np.int64]
KeyArray = npt.NDArray[np.uint64]
CodeArray = npt.NDArray[np.uint32]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class _Groups:
    """Table rows grouped by source: sorted source keys and each group's cumulative-weight base."""

    keys: KeyArray
    first_row: IntArray
    last_row: IntArray
    base: FloatArray
    total: FloatArray
    dense: IntArray
    """Group index of every key up to the largest single-character key (-1 for none), plus a last -1;
    empty for pair keys, which are looked up by binary search."""

    def lookup(self, keys: KeyArray) -> tuple[IntArray, FloatArray]:
        """Return each key's group index (or -1) and the group's total weight (0 when absent)."""
        if len(self.dense):
            group = self.dense[np.minimum(keys, np.uint64(len(self.dense) - 1))]
            found = group >= 0
            return group, np.where(found, self.total[np.maximum(group, 0)], 0.0)
        index = np.searchsorted(self.keys, keys)
        inside = index < len(self.keys)
        found = np.zeros(len(keys), dtype=np.bool_)
        found[inside] = self.keys[index[inside]] == keys[inside]
        group = np.where(found, index, -1)
        weight = np.where(found, self.total[np.maximum(group, 0)] if len(self.keys) else 0.0, 0.0)
        return group.astype(np.int64), weight.astype(np.float64)


@dataclass(frozen=True)
class _Channel:
    """The confusion table compiled into arrays for one combination of options."""

    singles: _Groups
    pairs: _Groups
    cumulative: FloatArray
    source_length: IntArray
    target_length: IntArray
    targets: CodeArray
    insertions: CodeArray
    insertion_cumulative: FloatArray


def _codes(text: str) -> CodeArray:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")


def _text(codes: CodeArray) -> str:
    return codes.tobytes().decode("utf-32-le", "surrogatepass")


def _source_key(source: str) -> int:
    points = [ord(character) for character in source]
    return points[0] if len(points) == 1 else (points[0] << int(_PAIR_SHIFT)) | points[1]


def _groups(keys: list[int], cumulative: FloatArray, rows: list[int]) -> _Groups:
    unique = sorted(set(keys))
    first = [rows[keys.index(key)] for key in unique]
    last = [rows[len(keys) - 1 - keys[::-1].index(key)] for key in unique]
    base = [float(cumulative[row - 1]) if row else 0.0 for row in first]
    total = [float(cumulative[end]) - start for end, start in zip(last, base, strict=True)]
    single_characters = bool(unique) and unique[-1] < _DENSE_LIMIT
    dense = np.full(unique[-1] + 2 if single_characters else 0, -1, dtype=np.int64)
    dense[unique if single_characters else []] = np.arange(len(unique) if single_characters else 0)
    return _Groups(
        np.array(unique, dtype=np.uint64),
        np.array(first, dtype=np.int64),
        np.array(last, dtype=np.int64),
        np.array(base, dtype=np.float64),
        np.array(total, dtype=np.float64),
        dense,
    )


@cache
def _table() -> dict[str, list[list[str | int]]]:
    path = resources.files("finsynth.perturbations") / "resources" / "ocr_confusions.json"
    table: dict[str, list[list[str | int]]] = json.loads(path.read_text(encoding="utf-8"))
    return table


@cache
def _channel(keep_layout: bool, protect_digits: bool) -> _Channel:
    """Compile the table, leaving out rows that would break layout or create digits when asked."""

    def allowed(text: str) -> bool:
        return not (keep_layout and any(c.isspace() for c in text)) and not (
            protect_digits and any(c.isdecimal() for c in text)
        )

    table = _table()
    rows = sorted(
        (
            (len(str(source)), _source_key(str(source)), str(target), int(weight))
            for source, target, weight in table["substitutions"]
            if allowed(str(source)) and allowed(str(target))
        ),
        key=lambda row: (row[0], row[1]),
    )
    cumulative = np.cumsum([row[3] for row in rows], dtype=np.float64)
    targets = np.zeros((len(rows), 2), dtype=np.uint32)
    for index, (_, _, target, _) in enumerate(rows):
        targets[index, : len(target)] = [ord(character) for character in target]
    singles = [(key, index) for index, (length, key, _, _) in enumerate(rows) if length == 1]
    pairs = [(key, index) for index, (length, key, _, _) in enumerate(rows) if length == 2]
    insertions = [(str(mark), int(weight)) for mark, weight in table["insertions"] if allowed(str(mark))]
    return _Channel(
        singles=_groups([key for key, _ in singles], cumulative, [index for _, index in singles]),
        pairs=_groups([key for key, _ in pairs], cumulative, [index for _, index in pairs]),
        cumulative=cumulative,
        source_length=np.array([row[0] for row in rows], dtype=np.int64),
        target_length=np.array([len(row[2]) for row in rows], dtype=np.int64),
        targets=targets,
        insertions=np.array([ord(mark) for mark, _ in insertions], dtype=np.uint32),
        insertion_cumulative=np.cumsum([weight for _, weight in insertions], dtype=np.float64),
    )


@cache
def _whitespace_table() -> BoolArray:
    return np.array([chr(code).isspace() for code in range(_LAST_WHITESPACE + 2)], dtype=np.bool_)


@cache
def _digit_table() -> BoolArray:
    return np.array([chr(code).isdecimal() for code in range(_LAST_DIGIT + 2)], dtype=np.bool_)


def _look_up(table: BoolArray, codes: CodeArray) -> BoolArray:
    """Whether each code is marked in ``table``; codes past its end share its last (False) entry."""
    return table[np.minimum(codes, len(table) - 1)]


def _number_mask(codes: CodeArray) -> BoolArray:
    """Digits, and any single character between two digits (the ``,`` of 1,000, the ``.`` of 3.5)."""
    digit = _look_up(_digit_table(), codes)
    between = np.zeros(len(codes), dtype=np.bool_)
    between[1:-1] = digit[:-2] & digit[2:]
    return digit | between


def _whitespace(text: str, codes: CodeArray) -> BoolArray:
    """Whether each character is whitespace; ASCII text is looked up byte by byte in a small table."""
    if text.isascii():
        ascii_whitespace: BoolArray = _whitespace_table()[:128][np.frombuffer(text.encode("ascii"), np.uint8)]
        return ascii_whitespace
    return _look_up(_whitespace_table(), codes)


def _thinned_positions(
    length: int, top_rate: float, generator: np.random.Generator
) -> tuple[IntArray, FloatArray]:
    """Positions chosen each with probability ``top_rate`` and a uniform draw in ``[0, top_rate)`` for each.

    Gaps between chosen positions are geometric, so only about ``top_rate × length`` draws are
    made instead of one per character; keeping a position when its draw is below its own rate
    then chooses it with exactly that rate.
    """
    if top_rate <= 0.0 or length == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
    expected = top_rate * length
    batch = int(expected + 6.0 * math.sqrt(expected) + 16)
    gaps = generator.geometric(top_rate, size=batch)
    while int(gaps.sum()) < length:
        gaps = np.concatenate((gaps, generator.geometric(top_rate, size=batch)))
    positions = np.cumsum(gaps) - 1
    positions = positions[positions < length].astype(np.int64)
    draws: FloatArray = generator.random(len(positions)) * top_rate
    return positions, draws


def _span_mask(length: int, spans: Sequence[tuple[int, int]]) -> BoolArray:
    """Mark the characters inside any of ``spans``."""
    bounds = np.asarray(spans, dtype=np.int64).reshape(-1, 2)
    change = np.zeros(length + 1, dtype=np.int64)
    np.add.at(change, bounds[:, 0], 1)
    np.add.at(change, bounds[:, 1], -1)
    inside: BoolArray = np.cumsum(change[:-1]) > 0
    return inside


def _block_edges(length: int, spaces: IntArray, block_chars: int, generator: np.random.Generator) -> IntArray:
    """Return block start offsets plus ``length``: seeded lengths, each cut moved to the next whitespace."""
    shortest = max(1, block_chars // 2)
    sizes = generator.integers(shortest, shortest + block_chars, size=length // shortest + 1)
    cuts = np.cumsum(sizes)
    cuts = cuts[cuts < length]
    moved = spaces[np.minimum(np.searchsorted(spaces, cuts), len(spaces) - 1)] if len(spaces) else cuts
    moved = np.where(moved >= cuts, moved, length)
    return np.unique(np.concatenate(([0], moved, [length]))).astype(np.int64)


def _pick(groups: _Groups, group: IntArray, offset: FloatArray, cumulative: FloatArray) -> IntArray:
    """Row of the table chosen by ``offset`` (a weight within the group) for each position."""
    safe = np.maximum(group, 0)
    row = np.searchsorted(cumulative, groups.base[safe] + offset, side="right")
    return np.clip(row, groups.first_row[safe], groups.last_row[safe]).astype(np.int64)


def _validate(text: str, cap: float, mean: float, std: float, block_chars: int) -> None:
    if not text.strip():
        raise FinsynthError("ocr: the context is empty or only whitespace; there is nothing to corrupt")
    if not 0.0 <= cap <= 1.0:
        raise FinsynthError(f"ocr: cap must be between 0 and 1, got {cap}")
    if not math.isfinite(mean):
        raise FinsynthError(f"ocr: mean must be a finite number, got {mean}")
    if not (math.isfinite(std) and std >= 0.0):
        raise FinsynthError(f"ocr: std must be a finite number of at least 0, got {std}")
    if block_chars < 1:
        raise FinsynthError(f"ocr: block_chars must be at least 1, got {block_chars}")


@perturbation("ocr")
def ocr_noise(
    text: str,
    rng: RandomStream,
    *,
    cap: float = 0.10,
    mean: float = 0.1,
    std: float = 0.1,
    protect_digits: bool = False,
    keep_layout: bool = True,
    block_chars: int = 500,
    keep_spans: Sequence[tuple[int, int]] = (),
) -> Perturbed:
    """Corrupt ``text`` as a noisy OCR pass would.

    Args:
        text: The context to corrupt.
        rng: The stream every draw comes from.
        cap: Highest error rate of a block (FailSafeQA caps it at 10%).
        mean: Mean of the normal distribution block rates are drawn from.
        std: Standard deviation of that distribution.
        protect_digits: Leave digits, and single characters between two digits, unchanged, and never
            create or insert a digit, so every number reads as before.
        keep_layout: Leave every whitespace character where it is and never delete a whole word, so
            lines, paragraphs and word boundaries survive; when false, spaces and line breaks can be
            dropped, replaced or inserted like any other character.
        block_chars: Typical block length in characters (lengths are drawn between half and one and a
            half times this).
        keep_spans: ``(start, end)`` character spans left exactly as written, with no character
            inserted inside them or just before them (the numbers an answer needs, for instance);
            the rest of the text still gets the block's error rate.

    Returns:
        The corrupted text, with one ``ocr_block`` op per block that changed (offsets into ``text``;
        details: the block's ``rate`` and its ``substitutions``, ``deletions`` and ``insertions``), or
        a single ``no_candidate`` op when no character changed.

    Raises:
        FinsynthError: If the text is empty or only whitespace, or an option is out of range.

    """
    _validate(text, cap, mean, std, block_chars)
    if any(not 0 <= start <= end <= len(text) for start, end in keep_spans):
        raise FinsynthError(f"ocr: keep_spans must lie inside the text of {len(text)} characters")
    generator = numpy_generator(rng.next_word())
    channel = _channel(keep_layout, protect_digits)
    codes = _codes(text)
    length = len(codes)
    whitespace = _whitespace(text, codes)
    spaces = np.flatnonzero(whitespace)
    edges = _block_edges(length, spaces, block_chars, generator)
    block_lengths = np.diff(edges)
    rates = np.clip(generator.normal(mean, std, size=len(block_lengths)), 0.0, cap)

    numbers = _number_mask(codes) if protect_digits else None
    if len(keep_spans):
        spans = _span_mask(length, keep_spans)
        numbers = spans if numbers is None else numbers | spans
    fixed = whitespace if numbers is None else (whitespace | numbers if keep_layout else numbers)
    editable = ~fixed if keep_layout or numbers is not None else np.ones(length, dtype=np.bool_)
    # Raise the rate of editable characters so each block's expected edits are rate × block length.
    if numbers is None and keep_layout:  # only whitespace is fixed: count it from its offsets
        editable_per_block = block_lengths - np.diff(np.searchsorted(spaces, edges))
    else:
        editable_before = np.concatenate(([0], np.cumsum(editable, dtype=np.int64)))
        editable_per_block = np.diff(editable_before[edges])
    block_scale = np.divide(
        block_lengths, editable_per_block, out=np.zeros(len(rates)), where=editable_per_block > 0
    )
    block_rate = np.minimum(rates * block_scale, 1.0)
    # An edit costing c character edits is kept with probability rate / c, so every candidate has
    # select_draw < rate; only candidates get an edit drawn.
    positions, select_draw = _thinned_positions(length, float(block_rate.max(initial=0.0)), generator)
    position_rate = block_rate[np.searchsorted(edges, positions, side="right") - 1]
    chosen = editable[positions] & (select_draw < position_rate)
    candidates, select_draw, position_rate = positions[chosen], select_draw[chosen], position_rate[chosen]
    kind_draw, pick_draw = generator.random((2, len(candidates)))
    edits = _draw_edits(codes, editable, candidates, kind_draw, pick_draw, channel)
    edits = edits.where(select_draw * edits.cost < position_rate)
    # An insertion lands before the next character: never inside a protected number.
    if numbers is not None:
        following = np.minimum(edits.position + 1, length - 1)
        inside = numbers[following] & (edits.position + 1 < length)
        edits = edits.where(~((edits.kind == _INSERT) & inside))
    edits, consumed = _resolve_pairs(edits, channel)

    emitted = np.ones(length, dtype=np.int64)
    emitted[edits.position[edits.kind == _DELETE]] = 0
    emitted[consumed] = 0
    if keep_layout:
        removed = np.union1d(edits.position[edits.kind == _DELETE], consumed)
        restored = _emptied_word_starts(removed, spaces, length)
        emitted[restored] = 1
        edits = edits.where(~_contains(restored, edits.position))
    substituted = edits.kind == _SUBSTITUTE
    emitted[edits.position[substituted]] = channel.target_length[edits.row[substituted]]
    emitted[edits.position[edits.kind == _INSERT]] = 2

    if not len(edits.position):
        return Perturbed(text, (Op(kind="no_candidate", details={"reason": "no character was corrupted"}),))
    return Perturbed(_text(_assemble(codes, emitted, edits, channel)), _block_ops(edges, rates, edits))


@dataclass(frozen=True)
class _Edits:
    """Edits at increasing positions: kind, table row (substitutions) or mark (insertions), cost."""

    position: IntArray
    kind: IntArray
    row: IntArray
    cost: IntArray

    def where(self, keep: BoolArray) -> _Edits:
        return _Edits(self.position[keep], self.kind[keep], self.row[keep], self.cost[keep])


def _contains(sorted_values: IntArray, values: IntArray) -> BoolArray:
    index = np.minimum(np.searchsorted(sorted_values, values), max(len(sorted_values) - 1, 0))
    return sorted_values[index] == values if len(sorted_values) else np.zeros(len(values), dtype=np.bool_)


def _draw_edits(
    codes: CodeArray,
    editable: BoolArray,
    positions: IntArray,
    kind_draw: FloatArray,
    pick_draw: FloatArray,
    channel: _Channel,
) -> _Edits:
    """Draw the kind of edit at each position, the confusion a substitution uses and its cost."""
    kind = np.where(
        kind_draw < SUBSTITUTION_SHARE,
        _SUBSTITUTE,
        np.where(kind_draw < SUBSTITUTION_SHARE + DELETION_SHARE, _DELETE, _INSERT),
    )
    following = positions + 1
    inside = following < len(codes)
    next_code = np.where(inside, codes[np.minimum(following, len(codes) - 1)].astype(np.uint64), _NO_CODE)
    pairable = inside & editable[np.minimum(following, len(codes) - 1)]
    here = codes[positions].astype(np.uint64)
    single_group, single_weight = channel.singles.lookup(here)
    pair_group, pair_weight = channel.pairs.lookup(
        np.where(pairable, (here << _PAIR_SHIFT) | next_code, _NO_CODE)
    )
    weight = single_weight + pair_weight
    kind = np.where((kind == _SUBSTITUTE) & (weight == 0), _DELETE, kind)  # no confusion: drop it
    offset = pick_draw * weight
    row = np.where(
        offset >= single_weight,
        _pick(channel.pairs, pair_group, offset - single_weight, channel.cumulative),
        _pick(channel.singles, single_group, offset, channel.cumulative),
    )
    substitute = kind == _SUBSTITUTE
    mark = np.searchsorted(
        channel.insertion_cumulative, pick_draw * channel.insertion_cumulative[-1], "right"
    )
    row = np.where(
        substitute, row, np.where(kind == _INSERT, np.minimum(mark, len(channel.insertions) - 1), 0)
    )
    cost = np.where(substitute, np.maximum(channel.source_length, channel.target_length)[row], 1)
    return _Edits(positions, kind.astype(np.int64), row.astype(np.int64), cost.astype(np.int64))


def _resolve_pairs(edits: _Edits, channel: _Channel) -> tuple[_Edits, IntArray]:
    """Drop two-character confusions that start inside another; return the characters pairs consume."""
    pair = (edits.kind == _SUBSTITUTE) & (channel.source_length[edits.row] == 2)
    follows_pair = _contains(edits.position[pair], edits.position - 1)
    edits = edits.where(~(pair & follows_pair))
    pair = (edits.kind == _SUBSTITUTE) & (channel.source_length[edits.row] == 2)
    consumed = edits.position[pair] + 1
    return edits.where(~_contains(consumed, edits.position)), consumed


def _emptied_word_starts(removed: IntArray, spaces: IntArray, length: int) -> IntArray:
    """First character of every word whose characters are all ``removed`` (its deletion is undone)."""
    following = np.searchsorted(spaces, removed)  # index of the whitespace after each removed character
    starts = np.where(following > 0, spaces[np.maximum(following - 1, 0)] + 1 if len(spaces) else 0, 0)
    ends = spaces[np.minimum(following, len(spaces) - 1)] if len(spaces) else np.full(len(removed), length)
    ends = np.where(following < len(spaces), ends, length)
    words, first, count = np.unique(starts, return_index=True, return_counts=True)
    emptied: IntArray = words[count == (ends[first] - words)].astype(np.int64)
    return emptied


def _assemble(codes: CodeArray, emitted: IntArray, edits: _Edits, channel: _Channel) -> CodeArray:
    """Repeat each character as often as it is emitted (0, 1 or 2), then write the new characters."""
    output = np.repeat(codes, emitted)
    # An edit's output starts at its position plus the growth of the text before it.
    changed = np.flatnonzero(emitted != 1)
    growth = np.concatenate(([0], np.cumsum(emitted[changed] - 1)))
    starts = edits.position + growth[np.searchsorted(changed, edits.position)]
    substituted = edits.kind == _SUBSTITUTE
    for slot in range(channel.targets.shape[1]):
        wide = substituted & (channel.target_length[edits.row] > slot)
        output[starts[wide] + slot] = channel.targets[edits.row[wide], slot]
    inserted = edits.kind == _INSERT
    output[starts[inserted] + 1] = channel.insertions[edits.row[inserted]]
    return output


def _block_ops(edges: IntArray, rates: FloatArray, edits: _Edits) -> tuple[Op, ...]:
    """One op per block that changed, with its rate and its counts of each kind of edit."""
    counts = np.zeros((3, len(rates)), dtype=np.int64)
    block = np.searchsorted(edges, edits.position, side="right") - 1
    np.add.at(counts, (edits.kind, block), 1)
    changed = np.flatnonzero(counts.sum(axis=0))
    columns = zip(
        edges[changed].tolist(),
        edges[changed + 1].tolist(),
        rates[changed].tolist(),
        *counts[:, changed].tolist(),
        strict=True,
    )
    return tuple(
        Op(
            kind="ocr_block",
            start=start,
            end=end,
            details={
                "rate": rate,
                "substitutions": substitutions,
                "deletions": deletions,
                "insertions": inserts,
            },
        )
        for start, end, rate, substitutions, deletions, inserts in columns
    )
