"""``finsynth verify``: check a dataset folder against its manifest and its records against their traces.

A folder passes only if everything a reader relies on holds:

- the manifest lists files and configs; every listed file is a regular file inside the folder
  whose sha256 matches, and no data file or other non-hidden file is left unlisted;
- every config's family is known, its files are listed, and the rows of every file and split
  match the manifest;
- every record matches its family's schema, ids are unique, and for FinChain families each id
  is ``<generator>/<split>/<index>[/<kind>]`` with a listed generator, indices counting from 0
  and every kind present (an expansion such as ``finchain_robust`` may lack the rows whose
  perturbation failed its checks on every try; the card counts them);
- the metadata column agrees with the record's columns and, for a registered generator, with
  its tags (a build plugin's generator is not imported: ``verify`` runs no code from a folder);
- for traced families the trace replays (bounded work, see
  :mod:`~finsynth.generators.finchain.trace`), the ``target`` is the replayed answer written as
  the question asks, every number given in the trace appears in the question (small whole
  numbers may be written as words, e.g. months), and every number of the solution is a trace
  input, a step value, a formula constant or a small whole number, each step's line shows its
  replayed value and the last line states the target.

Every problem is reported; nothing is read outside the folder or from a link, FIFO or device.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from finsynth.builder.folder_files import folder_entries, open_member
from finsynth.builder.manifest import MANIFEST_NAME, check_files, read_manifest
from finsynth.errors import ConfigError, UnknownGeneratorError
from finsynth.families import FAMILIES, families_where
from finsynth.generators.finchain.engine import carried_note
from finsynth.generators.finchain.quantities import Quantity, Unit
from finsynth.generators.finchain.trace import Replay, replay_record, unreadable_trace_version
from finsynth.input_files import parse_json

TRACED_FAMILIES = families_where(traced=True)
"""Families whose records carry a FinChain trace that ``verify`` replays."""
SMALL_WHOLE_NUMBER = 12
"""Whole trace inputs up to this may be written as words in a question (months, frequencies)."""
WHOLE_NUMBER_IN_SOLUTION = 1_000
"""Whole numbers up to this may appear in a solution without being a trace value (periods, days)."""
_NUMBER = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?")
_ID_INDEX = re.compile(r"\d{6}")
_METADATA_COLUMNS = (
    "generator_id",
    "domain",
    "topic",
    "difficulty",
    "difficulty_score",
    "seed_names",
    "seed_values",
)


@dataclass
class Verdict:
    """What ``verify`` found.

    Attributes:
        problems: Every problem, one line each, naming the file or record.
        files: Files listed in the manifest.
        records: Records read.
        traces: Traces replayed.

    """

    problems: list[str] = field(default_factory=list)
    files: int = 0
    records: int = 0
    traces: int = 0


def known_families() -> frozenset[str]:
    """Return the declared record families (:data:`finsynth.families.FAMILIES`)."""
    return frozenset(FAMILIES)


def verify_folder(folder: Path) -> Verdict:
    """Check a dataset folder as the module docstring describes.

    Raises:
        FinsynthError: If the folder has no manifest, or the manifest is not JSON.

    """
    manifest = read_manifest(folder)
    verdict = Verdict()
    files = manifest.get("files")
    verdict.files = len(files) if isinstance(files, dict) else 0
    verdict.problems += [f"file {problem}" for problem in check_files(folder, manifest)]
    listed = set(files) if isinstance(files, dict) else set()
    present, others = folder_entries(folder)
    verdict.problems += [
        f"file {name}: not listed in {MANIFEST_NAME}"
        for name in present
        if name not in listed and name != MANIFEST_NAME and not name.startswith(".")
    ]
    verdict.problems += [f"file {name}: not a regular file" for name in others if not name.startswith(".")]
    configs = manifest.get("configs")
    if not isinstance(configs, dict) or not configs:
        verdict.problems.append(f"{MANIFEST_NAME} lists no configs")
        return verdict
    seen_ids: set[str] = set()
    for name, config in configs.items():
        try:
            _check_config(folder, str(name), config, listed, seen_ids, verdict)
        except Exception as error:  # a crafted manifest entry is a listed problem
            verdict.problems.append(f"config {name}: cannot be checked: {_described(error)}")
    return verdict


def _check_config(
    folder: Path, name: str, config: object, listed: set[str], seen_ids: set[str], verdict: Verdict
) -> None:
    family = config.get("family") if isinstance(config, dict) else None
    splits = config.get("splits") if isinstance(config, dict) else None
    if not isinstance(family, str) or family not in known_families():
        verdict.problems.append(f"config {name}: unknown family {family!r}")
        return
    if not isinstance(splits, dict) or not splits:
        verdict.problems.append(f"config {name}: lists no splits")
        return
    assert isinstance(config, dict)
    generators = config.get("generators")
    generator_ids = (
        {gid for gid in generators if isinstance(gid, str)} if isinstance(generators, list) else set()
    )
    kinds = _kinds(config)
    for split_name, split in splits.items():
        where = f"config {name} split {split_name}"
        split_files = split.get("files") if isinstance(split, dict) else None
        if not isinstance(split_files, list) or not all(isinstance(file, str) for file in split_files):
            verdict.problems.append(f"{where}: lists no files")
            continue
        rows = 0
        indices: dict[str, set[tuple[int, str]]] = defaultdict(set)
        for file in split_files:
            if file not in listed:
                verdict.problems.append(f"{where}: file {file} is not in the manifest's files")
                continue
            try:
                for position, record in enumerate(_records(folder, file)):
                    rows += 1
                    verdict.records += 1
                    row = _Row(file, position, str(record.get("id")))
                    try:
                        _check_record(
                            record,
                            row,
                            family,
                            str(split_name),
                            kinds,
                            generator_ids,
                            seen_ids,
                            indices,
                            verdict,
                        )
                    except Exception as error:  # a crafted row: a listed problem, never an abort
                        verdict.problems.append(row.problem(f"cannot be checked: {_described(error)}"))
            except Exception as error:  # pyarrow raises many kinds on a crafted file
                verdict.problems.append(f"file {file}: cannot be read as parquet: {_described(error)}")
        if isinstance(split, dict) and split.get("rows") != rows:
            verdict.problems.append(
                f"{where}: the manifest says {split.get('rows')!r} rows, the files hold {rows}"
            )
        if family in TRACED_FAMILIES:
            # An expansion leaves out a row whose perturbation fails its checks on every try (the
            # card counts them); a plain or variation config has every row.
            leaves_out = isinstance(config.get("expand"), dict)
            if not leaves_out:
                verdict.problems += _missing_rows(where, indices, kinds)
            instances = split.get("instances") if isinstance(split, dict) else None
            expected = instances * max(1, len(kinds)) if isinstance(instances, int) else None
            if expected is None or rows > expected or (rows < expected and not leaves_out):
                verdict.problems.append(f"{where}: {rows} rows for {instances!r} instances")


def _kinds(config: Mapping[str, Any]) -> frozenset[str]:
    """Return the id suffixes a config's rows carry (variation or expansion kinds), if any."""
    for key in ("variations", "expand"):
        entry = config.get(key)
        if isinstance(entry, dict) and isinstance(entry.get("kinds"), list):
            return frozenset(str(kind) for kind in entry["kinds"])
    return frozenset()


def _records(folder: Path, file: str) -> Iterator[dict[str, Any]]:
    import pyarrow.parquet as pq

    with open_member(folder, file) as handle:
        parquet = pq.ParquetFile(handle)
        for batch in parquet.iter_batches(batch_size=10_000):
            yield from batch.to_pylist()


def _missing_rows(
    where: str, indices: Mapping[str, set[tuple[int, str]]], kinds: frozenset[str]
) -> list[str]:
    """Each generator's rows must count 0, 1, 2, ... with every kind present for each index."""
    problems = []
    expected_kinds = kinds or {""}
    for generator, seen in sorted(indices.items()):
        count = 1 + max(index for index, _ in seen)
        expected = {(index, kind) for index in range(count) for kind in expected_kinds}
        missing = sorted(expected - seen)
        if missing:
            index, kind = missing[0]
            example = f"{index:06d}/{kind}" if kind else f"{index:06d}"
            problems.append(f"{where}: {generator} lacks {len(missing)} rows, e.g. {example}")
    return problems


@dataclass(frozen=True)
class _Row:
    """Where a record is: its file, its position in the file (from 0) and its id."""

    file: str
    position: int
    record_id: str

    def problem(self, text: str) -> str:
        """One problem line naming the row."""
        return f"{self.file} row {self.position} ({self.record_id}): {text}"


def _described(error: BaseException) -> str:
    """An unforeseen error in one line: its kind and its message."""
    return f"{type(error).__name__}: {error}".replace("\n", " ")


def _check_record(
    record: Mapping[str, Any],
    row: _Row,
    family: str,
    split: str,
    kinds: frozenset[str],
    generator_ids: set[str],
    seen_ids: set[str],
    indices: dict[str, set[tuple[int, str]]],
    verdict: Verdict,
) -> None:
    from finsynth.schemas import validator_for

    validator = validator_for(family, "variation" in record)
    if not validator.is_valid(record):
        from finsynth.schemas.loader import explain, json_path

        problem = next(validator.errors(record), None)
        where = "the record does not match its schema" if problem is None else json_path(problem)
        verdict.problems.append(row.problem(where if problem is None else f"{where}: {explain(problem)}"))
        return
    if row.record_id in seen_ids:
        verdict.problems.append(row.problem("the id appears twice"))
    seen_ids.add(row.record_id)
    if family not in TRACED_FAMILIES:
        return
    unreadable = unreadable_trace_version(record)
    if unreadable is not None:  # every check below would fail for the same reason
        verdict.problems.append(row.problem(f"trace: {unreadable}"))
        return
    problems = _id_problems(record, split, kinds, generator_ids, indices) + _metadata_problems(record)
    verdict.traces += 1
    replay, trace_problems = replay_record(record)  # replayed once: the work is bounded per trace
    problems += trace_problems
    if replay is not None:
        problems += _answer_problems(record, replay) + _text_problems(record, replay)
    verdict.problems += [row.problem(problem) for problem in problems]


def _id_problems(
    record: Mapping[str, Any],
    split: str,
    kinds: frozenset[str],
    generator_ids: set[str],
    indices: dict[str, set[tuple[int, str]]],
) -> list[str]:
    generator = record["generator_id"]
    prefix = f"{generator}/{split}/"
    record_id = record["id"]
    if generator not in generator_ids:
        return [f"generator {generator!r} is not one of the config's generators"]
    if not record_id.startswith(prefix):
        return [f"the id does not start with {prefix!r}"]
    index, _, kind = record_id[len(prefix) :].partition("/")
    if not _ID_INDEX.fullmatch(index) or (kind not in kinds if kinds else kind != ""):
        return [f"the id does not end in a 6-digit index{' and a kind' if kinds else ''}"]
    indices[generator].add((int(index), kind))
    return []


def _metadata_problems(record: Mapping[str, Any]) -> list[str]:
    from finsynth.generators.registry import get_generator

    try:
        metadata = parse_json(record["metadata"], "metadata")
    except ConfigError as error:
        return [f"metadata: {error.message}"]
    if not isinstance(metadata, dict):
        return ["metadata is not a JSON object"]
    problems = [
        f"metadata {column} {metadata.get(column)!r} differs from the column's {record[column]!r}"
        for column in _METADATA_COLUMNS
        if metadata.get(column) != record[column]
    ]
    if metadata.get("answer_unit") != record.get("answer_unit"):
        problems.append(f"metadata answer_unit {metadata.get('answer_unit')!r} differs from the column's")
    try:
        tags = get_generator(record["generator_id"]).info.tags
    except UnknownGeneratorError:  # a build plugin's generator: verify never imports code
        return problems
    problems += [
        f"{tag} {record[tag]!r} is not the generator's {value!r}"
        for tag, value in tags.items()
        if tag in record and str(record[tag]) != value  # tags are text; a difficulty score is a number
    ]
    return problems


def _answer_problems(record: Mapping[str, Any], replay: Replay) -> list[str]:
    if replay.answer_value is None:
        expected = replay.answer_label
    else:
        try:
            quantity = Quantity(
                Unit(record.get("answer_unit") or ""), int(record.get("answer_decimals") or 0)
            )
        except (ValueError, TypeError):
            return [f"answer_unit {record.get('answer_unit')!r} is not a known unit"]
        expected = quantity.for_answer(replay.answer_value)
    if record["target"] != expected:
        return [f"target {record['target']!r} but the trace gives {expected!r}"]
    return []


def _numbers(text: str) -> list[tuple[float, int]]:
    """Return each number written in ``text`` with its count of decimals."""
    found = []
    for match in _NUMBER.finditer(text):
        digits = match.group().replace(",", "")
        decimals = len(digits.partition(".")[2])
        try:
            found.append((float(digits), decimals))
        except ValueError:
            continue
    return found


def _shows(written: tuple[float, int], value: float) -> bool:
    """Whether a written number (value, decimals) shows ``value``, as is, negated or in percent."""
    number, decimals = written
    tolerance = 0.5 * 10.0**-decimals + 1e-9 * max(1.0, abs(value))
    return any(
        abs(number - candidate) <= tolerance for candidate in (value, -value, value * 100, -value * 100)
    )


@dataclass(frozen=True)
class _Allowed:
    """Values a solution's numbers may show, indexed for :func:`_shown_by`.

    ``points`` holds each finite value as is, negated and in percent, sorted; ``sources`` the value
    each point came from. Non-finite values are kept apart and checked one by one, as before.
    """

    points: list[float]
    sources: list[float]
    largest: float
    non_finite: list[float]

    @classmethod
    def of(cls, values: Iterable[float]) -> _Allowed:
        listed = list(values)
        finite = [value for value in listed if math.isfinite(value)]
        pairs = sorted(
            (point, value) for value in finite for point in (value, -value, value * 100, -value * 100)
        )
        largest = max((abs(value) for value in finite), default=0.0)
        non_finite = [value for value in listed if not math.isfinite(value)]
        return cls([point for point, _ in pairs], [value for _, value in pairs], largest, non_finite)


def _shown_by(written: tuple[float, int], allowed: _Allowed) -> bool:
    """``any(_shows(written, value) for value in allowed values)``, checking only the nearby values.

    A value that ``written`` shows has a point within ``written``'s widest tolerance (at most the
    reach below, halved); only the values of the points within the reach are checked, with
    :func:`_shows` itself. A solution has tens of numbers and tens of allowed values: checking
    every pair was most of ``finsynth verify``'s time.
    """
    number, decimals = written
    reach = 2 * (0.5 * 10.0**-decimals + 1e-9 * max(1.0, allowed.largest))
    low = bisect.bisect_left(allowed.points, number - reach)
    high = bisect.bisect_right(allowed.points, number + reach)
    return any(_shows(written, allowed.sources[index]) for index in range(low, high)) or any(
        _shows(written, value) for value in allowed.non_finite
    )


def _trace_values(trace: Mapping[str, Any]) -> list[float]:
    values: list[float] = []
    for value in trace["inputs"].values():
        values += value if isinstance(value, list) else [value]
    return values


def _text_problems(record: Mapping[str, Any], replay: Replay) -> list[str]:
    trace = parse_json(record["trace"], "trace")
    question = record.get("original_input") or record["input"]
    written = _numbers(question)
    problems = [
        f"the question does not state the trace input {value!r}"
        for value in _trace_values(trace)
        if not (float(value).is_integer() and 0 <= value <= SMALL_WHOLE_NUMBER)
        and not any(_shows(number, value) for number in written)
    ]
    # A number never spans lines, so the solution's numbers are read once, line by line.
    every_line = record["solution"].split("\n")
    numbers_by_line = [_numbers(line) for line in every_line]
    lines = list(zip(every_line, numbers_by_line, strict=True))
    steps = list(replay.step_values.items())
    if len(steps) > 1:  # a multi-step solution says once that it carries values unrounded
        rounded = [item["name"] for item in trace["steps"] if item["rounded_before_use"]]
        if lines[0][0] != carried_note(rounded):
            problems.append("the solution does not say how its steps carry values")
        lines = lines[1:]
    if len(lines) != len(steps) + 1:
        return [*problems, f"the solution has {len(lines)} lines for {len(steps)} steps and the answer"]
    for position, ((name, value), (line, numbers)) in enumerate(zip(steps, lines, strict=False), 1):
        if not line.startswith(f"Step {position}: ") or not any(_shows(n, value) for n in numbers):
            problems.append(f"solution line {position} does not show step {name!r} = {value!r}")
    if lines[-1][0] != f"Answer: {record['target']}":
        problems.append("the solution's last line does not state the target")
    constants = [number for step in trace["steps"] for number, _ in _numbers(step["formula"])]
    # An earlier result shown with more digits inside a later step is its unrounded value, rounded further.
    allowed = _Allowed.of(
        [
            *_trace_values(trace),
            *replay.step_values.values(),
            *replay.carried_values.values(),
            *constants,
        ]
    )
    for number in (number for numbers in numbers_by_line for number in numbers):
        value, decimals = number
        if decimals == 0 and abs(value) <= WHOLE_NUMBER_IN_SOLUTION:
            continue
        if not math.isfinite(value) or not _shown_by(number, allowed):
            problems.append(f"the solution's number {value!r} is neither a trace input nor a step value")
            break
    return problems
