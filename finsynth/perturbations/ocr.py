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
the cost per character is a few vector operations rather than a Python loop. Only a few passes
touch every character (reading the text, finding its whitespace, copying the characters that
stay, writing the result), on one, two or four bytes a character as the text needs; everything
else works on the positions that may get an edit, about one character in ten, looked up in
tables indexed by code point and by whole weight.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import repeat
from typing import Any

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
_EMITTED = np.array([0, 0, 2], dtype=np.int64)  # characters a deletion and an insertion emit at their place
_LAST_WHITESPACE = 0x3000  # no code point above U+3000 is whitespace (the tests check every one)
_FIRST_WIDE_WHITESPACE = 0x85  # nor any between U+0020 and U+0085
_FIRST_SURROGATE = 0xD800  # text below this code point fits UTF-16 one unit a character
_LAST_DIGIT = 0x1FBF9  # nor above U+1FBF9 a decimal digit
_GEOMETRIC_BY_SEARCH = 1 / 3  # NumPy draws geometric gaps by search from this probability up

IntArray = npt.NDArray[np.int64]
CodeArray = npt.NDArray[np.unsignedinteger[Any]]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class _Channel:
    """The confusion table compiled into arrays for one combination of options.

    Every source of the table has an entry: a single character's entry is its code point, then
    comes one entry with no row (``no_source``), then one per two-character source. An entry's
    rows are consecutive, ``first_row`` to ``last_row``, with cumulative weights from ``base``
    (the cumulative weight before them) to ``base + total``.
    """

    total: FloatArray
    base: FloatArray
    first_row: IntArray
    last_row: IntArray
    no_source: int
    """The entry with no row; code points past it share it."""
    first_of_pair: IntArray
    """By code point: the character's place among the first characters of pair sources (or their count)."""
    second_of_pair: IntArray
    """By code point: the character's place among the second characters of pair sources (or their count)."""
    pair_source: IntArray
    """Entry of each pair source by the places of its two characters (``no_source`` for no pair)."""
    row_at: IntArray
    """``searchsorted(cumulative, k, "right")`` for each whole ``k`` up to the total weight."""
    source_length: IntArray
    target_length: IntArray
    cost: IntArray
    """Character edits of each row: the longer of its source and target."""
    targets: CodeArray
    insertions: CodeArray
    insertion_total: float
    mark_at: IntArray
    """The insertion mark chosen at each whole weight up to ``insertion_total``."""
    second_written: CodeArray
    """The second character of each row's target, then each insertion mark (what follows a kept character)."""
    widest: int
    """The largest code point the channel writes."""


def _codes(text: str, widest: int) -> tuple[CodeArray, str]:
    """The text's code points in the narrowest array that also holds ``widest``, and its encoding.

    ASCII text is one byte a character; text inside the BMP two (UTF-16 without surrogates, so
    no two of its characters can ever combine into one); anything else four.
    """
    if text.isascii() and widest < 0x80:
        return np.frombuffer(text.encode("ascii"), dtype=np.uint8), "ascii"
    if widest < _FIRST_SURROGATE:
        try:
            encoded = text.encode("utf-16-le")
        except UnicodeEncodeError:  # a lone surrogate
            encoded = b""
        if len(encoded) == 2 * len(text):  # no character outside the BMP
            return np.frombuffer(encoded, dtype="<u2"), "utf-16-le"
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4"), "utf-32-le"


def _text(codes: CodeArray, encoding: str) -> str:
    return str(codes.data, encoding, "surrogatepass")


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
            (str(source), str(target), int(weight))
            for source, target, weight in table["substitutions"]
            if allowed(str(source)) and allowed(str(target))
        ),
        key=lambda row: (len(row[0]), row[0]),
    )
    weights = [weight for _, _, weight in rows]
    cumulative = np.cumsum(weights, dtype=np.float64)
    targets = np.zeros((len(rows), 2), dtype=np.uint32)
    for index, (_, target, _) in enumerate(rows):
        targets[index, : len(target)] = [ord(character) for character in target]
    rows_of: dict[str, list[int]] = {}
    for index, (source, _, _) in enumerate(rows):
        rows_of.setdefault(source, []).append(index)
    pairs = [source for source in rows_of if len(source) == 2]
    no_source = max((ord(source) for source in rows_of if len(source) == 1), default=-1) + 1
    entry_of = {source: ord(source) for source in rows_of if len(source) == 1}
    entry_of.update({source: no_source + 1 + slot for slot, source in enumerate(pairs)})
    total, base = np.zeros(no_source + 1 + len(pairs)), np.zeros(no_source + 1 + len(pairs))
    first_row, last_row = np.zeros(len(total), dtype=np.int64), np.zeros(len(total), dtype=np.int64)
    for source, source_rows in rows_of.items():
        entry = entry_of[source]
        first_row[entry], last_row[entry] = source_rows[0], source_rows[-1]
        base[entry] = cumulative[source_rows[0] - 1] if source_rows[0] else 0.0
        total[entry] = cumulative[source_rows[-1]] - base[entry]
    firsts = sorted({ord(source[0]) for source in pairs})
    seconds = sorted({ord(source[1]) for source in pairs})
    pair_source = np.full((len(firsts) + 1, len(seconds) + 1), no_source, dtype=np.int64)
    for source in pairs:
        pair_source[firsts.index(ord(source[0])), seconds.index(ord(source[1]))] = entry_of[source]
    insertions = [(str(mark), int(weight)) for mark, weight in table["insertions"] if allowed(str(mark))]
    insertion_cumulative = np.cumsum([weight for _, weight in insertions], dtype=np.float64)
    insertion_total = float(insertion_cumulative[-1]) if len(insertions) else 0.0
    marks = np.array([ord(mark) for mark, _ in insertions], dtype=np.uint32)
    source_length = np.array([len(source) for source, _, _ in rows], dtype=np.int64)
    target_length = np.array([len(target) for _, target, _ in rows], dtype=np.int64)
    return _Channel(
        total=total,
        base=base,
        first_row=first_row,
        last_row=last_row,
        no_source=no_source,
        first_of_pair=_places(firsts),
        second_of_pair=_places(seconds),
        pair_source=pair_source,
        row_at=np.searchsorted(cumulative, np.arange(sum(weights) + 1), side="right"),
        source_length=source_length,
        target_length=target_length,
        cost=np.maximum(source_length, target_length),
        targets=targets,
        insertions=marks,
        insertion_total=insertion_total,
        mark_at=np.minimum(
            np.searchsorted(insertion_cumulative, np.arange(int(insertion_total) + 1), side="right"),
            len(insertions) - 1,
        ),
        second_written=np.concatenate((targets[:, 1], marks)),
        widest=max(
            [ord(character) for _, target, _ in rows for character in target]
            + [ord(mark) for mark, _ in insertions],
            default=0,
        ),
    )


def _places(characters: list[int]) -> IntArray:
    """By code point up to one past the largest of ``characters``: its place among them, else their count."""
    places = np.full(max(characters, default=-1) + 2, len(characters), dtype=np.int64)
    places[characters] = np.arange(len(characters))
    return places


@cache
def _whitespace_table() -> BoolArray:
    return np.array([chr(code).isspace() for code in range(_LAST_WHITESPACE + 2)], dtype=np.bool_)


@cache
def _digit_table() -> BoolArray:
    return np.array([chr(code).isdecimal() for code in range(_LAST_DIGIT + 2)], dtype=np.bool_)


def _look_up(table: BoolArray, codes: CodeArray) -> BoolArray:
    """Whether each code is marked in ``table``; codes past its end share its last (False) entry."""
    marked: BoolArray = table.take(codes, mode="clip")
    return marked


def _whitespace_offsets(codes: CodeArray) -> IntArray:
    """Offsets of the whitespace characters; only code points that can be whitespace are looked up."""
    maybe = np.flatnonzero((codes <= 0x20) | (codes >= _FIRST_WIDE_WHITESPACE))
    spaces: IntArray = maybe[_look_up(_whitespace_table(), codes[maybe])]
    return spaces


@dataclass(frozen=True)
class _Fixed:
    """What is never edited: whitespace, when the layout is kept, and protected numbers."""

    codes: CodeArray
    keep_layout: bool
    numbers: BoolArray | None

    def editable(self, offsets: IntArray) -> BoolArray:
        """Whether each character at ``offsets`` may be edited."""
        if self.keep_layout:
            editable = ~_look_up(_whitespace_table(), self.codes[offsets])
        else:
            editable = np.ones(len(offsets), dtype=np.bool_)
        if self.numbers is not None:
            editable &= ~self.numbers[offsets]
        return editable

    def per_block(self, edges: IntArray, spaces: IntArray) -> IntArray:
        """Number of editable characters in each block."""
        block_lengths = np.diff(edges)
        if self.numbers is None:  # only whitespace can be fixed: count it from its offsets
            return (
                block_lengths - np.diff(np.searchsorted(spaces, edges)) if self.keep_layout else block_lengths
            )
        editable = ~self.numbers
        if self.keep_layout:
            editable[spaces] = False
        per_block: IntArray = np.add.reduceat(editable, edges[:-1], dtype=np.int64)
        return per_block


def _number_mask(codes: CodeArray) -> BoolArray:
    """Digits, and any single character between two digits (the ``,`` of 1,000, the ``.`` of 3.5)."""
    digit = _look_up(_digit_table(), codes)
    between = np.zeros(len(codes), dtype=np.bool_)
    between[1:-1] = digit[:-2] & digit[2:]
    return digit | between


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
    gaps = _geometric(top_rate, batch, length, generator)
    while int(gaps.sum()) < length:
        gaps = np.concatenate((gaps, _geometric(top_rate, batch, length, generator)))
    positions = np.cumsum(gaps) - 1
    positions = positions[: np.searchsorted(positions, length)]
    draws: FloatArray = generator.random(len(positions)) * top_rate
    return positions, draws


def _geometric(probability: float, size: int, length: int, generator: np.random.Generator) -> IntArray:
    """``generator.geometric(probability, size)`` with each gap capped at ``length + 1``.

    A gap that long already passes the end of the text; the cap keeps the sum of a batch from
    overflowing when the rate is tiny.

    Below a third NumPy inverts exponentials, ``ceil(-E / log1p(-p))``; doing that here takes the
    logarithm once instead of once per draw, with the same draws and the same rounding.
    """
    if probability >= _GEOMETRIC_BY_SEARCH:
        searched: IntArray = np.minimum(generator.geometric(probability, size=size), length + 1)
        return searched
    with np.errstate(over="ignore"):  # a gap past any float is capped like any gap past the text
        gaps = np.ceil(generator.standard_exponential(size) / -math.log1p(-probability))
    capped: IntArray = np.minimum(gaps, length + 1).astype(np.int64)
    return capped


def _blocks_of(positions: IntArray, edges: IntArray) -> IntArray:
    """Block of each of the increasing ``positions``: how many inner block edges lie at or before it."""
    first_after = np.searchsorted(positions, edges[1:-1])  # first position at or after each inner edge
    blocks: IntArray = np.cumsum(np.bincount(first_after, minlength=len(positions) + 1)[: len(positions)])
    return blocks


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
    # Cuts with no whitespace after them go to the end, so the moved cuts never decrease.
    edges = np.concatenate(([0], np.where(moved >= cuts, moved, length), [length]))
    distinct = np.ones(len(edges), dtype=np.bool_)
    distinct[1:] = edges[1:] != edges[:-1]
    unique_edges: IntArray = edges[distinct].astype(np.int64)
    return unique_edges


def _validate(text: str, cap: float, mean: float, std: float, block_chars: int) -> None:
    if not text or text.isspace():
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
    codes, encoding = _codes(text, channel.widest)
    length = len(codes)
    spaces = _whitespace_offsets(codes)
    edges = _block_edges(length, spaces, block_chars, generator)
    block_lengths = np.diff(edges)
    rates = np.clip(generator.normal(mean, std, size=len(block_lengths)), 0.0, cap)

    numbers = _number_mask(codes) if protect_digits else None
    if len(keep_spans):
        spans = _span_mask(length, keep_spans)
        numbers = spans if numbers is None else numbers | spans
    fixed = _Fixed(codes, keep_layout, numbers)
    # Raise the rate of editable characters so each block's expected edits are rate × block length.
    editable_per_block = fixed.per_block(edges, spaces)
    block_scale = np.divide(
        block_lengths, editable_per_block, out=np.zeros(len(rates)), where=editable_per_block > 0
    )
    block_rate = np.minimum(rates * block_scale, 1.0)
    # An edit costing c character edits is kept with probability rate / c, so every candidate has
    # select_draw < rate; only candidates get an edit drawn.
    positions, select_draw = _thinned_positions(length, float(block_rate.max(initial=0.0)), generator)
    block = _blocks_of(positions, edges)
    position_rate = block_rate[block]
    chosen = np.flatnonzero(fixed.editable(positions) & (select_draw < position_rate))
    candidates = _Candidates(positions[chosen], block[chosen])
    kind_draw, pick_draw = generator.random((2, len(chosen)))
    kind, row, cost = _draw_edits(fixed, candidates.position, kind_draw, pick_draw, channel)
    keep = select_draw[chosen] * cost < position_rate[chosen]
    # An insertion lands before the next character: never inside a protected number.
    if numbers is not None:
        following = candidates.position + 1
        keep &= ~((kind == _INSERT) & (following < length) & numbers[np.minimum(following, length - 1)])
    consumed = _resolve_pairs(candidates, keep, kind, row, channel)
    if keep_layout:
        removed = np.sort(np.concatenate((candidates.position[keep & (kind == _DELETE)], consumed)))
        restored = _emptied_word_starts(removed, spaces, length)
        keep[np.searchsorted(candidates.position, restored)] = False
    if not keep.any():
        return Perturbed(text, (Op(kind="no_candidate", details={"reason": "no character was corrupted"}),))
    edits = _Edits(candidates.position[keep], candidates.block[keep], kind[keep], row[keep])
    return Perturbed(
        _text(_assemble(codes, consumed, edits, channel), encoding), _block_ops(edges, rates, edits)
    )


@dataclass(frozen=True)
class _Candidates:
    """Positions that may get an edit, increasing, and the block of each."""

    position: IntArray
    block: IntArray

    def after(self, flags: BoolArray) -> BoolArray:
        """Whether the candidate one character before each candidate is flagged."""
        follows = np.zeros(len(flags), dtype=np.bool_)
        follows[1:] = flags[:-1] & (self.position[1:] - self.position[:-1] == 1)
        return follows


@dataclass(frozen=True)
class _Edits:
    """Edits at increasing positions: block, kind, table row (substitutions) or mark (insertions)."""

    position: IntArray
    block: IntArray
    kind: IntArray
    row: IntArray


def _draw_edits(
    fixed: _Fixed,
    positions: IntArray,
    kind_draw: FloatArray,
    pick_draw: FloatArray,
    channel: _Channel,
) -> tuple[IntArray, IntArray, IntArray]:
    """Draw the kind of edit at each position, the row (confusion or mark) it uses and its cost.

    Weights are whole numbers, so a cumulative weight at or below ``x`` is one at or below
    ``floor(x)``: rows and marks are read from tables indexed by whole weights, which is
    ``searchsorted`` on the cumulative weights without the search.
    """
    kind = (kind_draw >= SUBSTITUTION_SHARE).view(np.int8) + (
        kind_draw >= SUBSTITUTION_SHARE + DELETION_SHARE
    ).view(np.int8)
    codes = fixed.codes
    here = codes[positions].astype(np.int64)
    single = np.minimum(here, channel.no_source)
    # A pair source starts here when this character and the next read as one of the table's pairs
    # and the next may be edited (rows that would touch whitespace are already left out).
    following = positions + 1
    after_pair = channel.second_of_pair.take(codes.take(following, mode="clip"), mode="clip")
    if len(positions) and following[-1] == len(codes):
        after_pair[-1] = channel.second_of_pair[-1]  # the last character has no next one
    pair = channel.pair_source[channel.first_of_pair.take(here, mode="clip"), after_pair]
    if fixed.numbers is not None:
        pair[fixed.numbers.take(following, mode="clip")] = channel.no_source
    single_weight = channel.total[single]
    pair_weight = channel.total[pair]
    weight = single_weight + pair_weight
    kind[(kind == _SUBSTITUTE) & (weight == 0)] = _DELETE  # no confusion: drop it
    offset = pick_draw * weight
    from_pair = (offset >= single_weight) & (pair_weight > 0)
    entry = np.where(from_pair, pair, single)
    within = np.where(from_pair, offset - single_weight, offset)
    row = channel.row_at[(channel.base[entry] + within).astype(np.int64)]
    row = np.clip(row, channel.first_row[entry], channel.last_row[entry])
    mark = channel.mark_at[(pick_draw * channel.insertion_total).astype(np.int64)]
    substituted = kind == _SUBSTITUTE
    row = np.where(substituted, row, np.where(kind == _INSERT, mark, 0))
    cost = np.where(substituted, channel.cost[row], 1)
    return kind.astype(np.int64), row, cost


def _resolve_pairs(
    candidates: _Candidates, keep: BoolArray, kind: IntArray, row: IntArray, channel: _Channel
) -> IntArray:
    """Drop two-character confusions that start inside another and edits of the characters pairs consume.

    Updates ``keep`` in place; returns the positions the pairs consume.
    """
    pair = keep & (kind == _SUBSTITUTE) & (channel.source_length[row] == 2)
    inside_pair = candidates.after(pair)
    keep &= ~(pair & inside_pair)
    pair &= ~inside_pair
    keep &= ~candidates.after(pair)
    consumed: IntArray = candidates.position[pair] + 1
    return consumed


def _emptied_word_starts(removed: IntArray, spaces: IntArray, length: int) -> IntArray:
    """First character of every word whose characters are all ``removed`` (its deletion is undone).

    ``removed`` is increasing and holds no whitespace, so a word of ``n`` characters is emptied
    when its first character is removed and so is the character ``n - 1`` places later in ``removed``.
    """
    following = np.searchsorted(spaces, removed)  # index of the whitespace after each removed character
    starts = np.zeros(len(removed), dtype=np.int64)
    after_space = following > 0
    starts[after_space] = spaces[following[after_space] - 1] + 1
    first = np.flatnonzero(removed == starts)
    ends = np.full(len(first), length, dtype=np.int64)
    before_space = following[first] < len(spaces)
    ends[before_space] = spaces[following[first][before_space]]
    last = first + (ends - removed[first]) - 1
    inside = last < len(removed)
    emptied = first[inside][removed[last[inside]] == ends[inside] - 1]
    starts_emptied: IntArray = removed[emptied]
    return starts_emptied


def _assemble(codes: CodeArray, consumed: IntArray, edits: _Edits, channel: _Channel) -> CodeArray:
    """Copy the characters that stay, write the new first characters, then insert the second ones.

    Every array made here is a byte mask or as wide as the text's characters (NumPy's ``repeat``
    would need an eight-byte count for every character).
    """
    substituted = edits.kind == _SUBSTITUTE
    emitted = np.where(substituted, channel.target_length[edits.row], _EMITTED[edits.kind])
    removed = np.concatenate((edits.position[emitted == 0], consumed))
    stays = np.ones(len(codes), dtype=np.bool_)
    stays[removed] = False
    kept = codes[stays]
    removed.sort()
    # Where an edit's first character lands among the kept ones: its position less the removed before it.
    first = edits.position - np.searchsorted(removed, edits.position)
    writes = substituted & (emitted > 0)
    kept[first[writes]] = channel.targets[edits.row[writes], 0]
    doubled = np.flatnonzero(emitted == 2)
    rows = edits.row[doubled]
    second = channel.second_written[np.where(substituted[doubled], rows, len(channel.targets) + rows)]
    inserted_at = first[doubled] + 1 + np.arange(len(doubled))  # where each second character lands
    original = np.ones(len(kept) + len(doubled), dtype=np.bool_)
    original[inserted_at] = False
    output = np.empty(len(original), dtype=codes.dtype)
    output[inserted_at] = second
    output[original] = kept
    return output


def _block_ops(edges: IntArray, rates: FloatArray, edits: _Edits) -> tuple[Op, ...]:
    """One op per block that changed, with its rate and its counts of each kind of edit."""
    blocks = len(rates)
    counts = np.bincount(edits.kind * blocks + edits.block, minlength=3 * blocks).reshape(3, blocks)
    changed = np.flatnonzero(counts.sum(axis=0))
    details = [
        {"rate": rate, "substitutions": substitutions, "deletions": deletions, "insertions": inserts}
        for rate, substitutions, deletions, inserts in zip(
            rates[changed].tolist(), *counts[:, changed].tolist(), strict=True
        )
    ]
    # Op(kind, start, end, before, after, details), called from map: the cheapest way to build many.
    return tuple(
        map(
            Op,
            repeat("ocr_block"),
            edges[changed].tolist(),
            edges[changed + 1].tolist(),
            repeat(None),
            repeat(None),
            details,
        )
    )
