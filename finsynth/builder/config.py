"""Build configs: YAML files validated against ``build_config.schema.json``.

Errors name the file, the line, the JSON path of the bad value and what is allowed, e.g.
``configs/default.yaml:7: $.configs[0].splits.test.per_generator: -1 is less than the minimum of 0``.
Beyond the schema, a key must be text (``counts: {1: 5}`` is refused) and a count, seed or size
must be written as a whole number (``seed: 7.0`` is refused, not rounded). Plugins are foreign
code: an exception or a ``sys.exit`` while one is imported is a config error naming it, and what
it prints is kept off the command's output and reported as a note.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import jsonschema
import yaml

from finsynth.chat import check_chat_family
from finsynth.errors import ConfigError, FinsynthError, UnknownGeneratorError
from finsynth.generators.registry import Criteria, get_expander, import_package, resolve, select
from finsynth.input_files import parse_yaml, read_text
from finsynth.schemas.loader import Validator, error_location, explain, json_path, load_schema, render_path

DEFAULT_SHARD_SIZE = 10_000
"""Rows per parquet file unless a config sets ``shard_size``: a few MB each, so a split of
any size is several files that streaming readers can shuffle and share out."""
MAX_SPLIT_ROWS = 1_000_000_000
"""Most rows one split may have, so a typo of a few digits is an error, not an exhausted memory."""
MAX_CONFIG_BYTES = 10 << 20
"""Largest build config file read (10 MiB)."""


@dataclass(frozen=True)
class SplitSpec:
    """One split of a config.

    Attributes:
        name: Split name, e.g. ``test``.
        per_generator: Instances drawn from each generator, unless ``counts`` says otherwise.
        counts: Instances of each generator of the config, in the config's generator order.

    """

    name: str
    per_generator: int
    counts: tuple[int, ...] = ()

    @property
    def rows(self) -> int:
        """Instances in the split (before variations or expansion multiply them)."""
        return sum(self.counts)


@dataclass(frozen=True)
class VariationSpec:
    """Redraw another config's split with names, values or both changed.

    Attributes:
        of_config: The config whose instances are redrawn.
        of_split: Its split.
        kinds: Which streams change: ``names``, ``values``, ``both``.

    """

    of_config: str
    of_split: str
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class ExpansionSpec:
    """Make one row per kind from each record of another config.

    Attributes:
        of_config: The config whose records are expanded (same seeds, same records).
        source_family: That config's family.
        kinds: The kinds, e.g. test conditions; rows of a record follow this order.

    """

    of_config: str
    source_family: str
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class ConfigSpec:
    """One config (a folder of the dataset) with its generators and splits.

    Attributes:
        name: Config name.
        family: Family of its rows.
        description: Card paragraph.
        generator_ids: Generators, sorted.
        shard_size: Rows per parquet file.
        splits: Splits in file order (an expansion has the expanded config's splits).
        variations: Set when the config redraws another config's split.
        expand: Set when the config expands another config's records.
        messages: Whether rows carry the chat ``messages`` column.

    """

    name: str
    family: str
    description: str
    generator_ids: tuple[str, ...]
    shard_size: int
    splits: tuple[SplitSpec, ...]
    variations: VariationSpec | None
    expand: ExpansionSpec | None = None
    messages: bool = False

    @property
    def kinds(self) -> tuple[str, ...]:
        """Rows made per instance: the variation or expansion kinds (empty for plain configs)."""
        if self.variations is not None:
            return self.variations.kinds
        if self.expand is not None:
            return self.expand.kinds
        return ()


@dataclass(frozen=True)
class BuildConfig:
    """A validated build config.

    Attributes:
        name: Dataset name.
        version: Dataset version ``X.Y.Z``.
        seed: Root seed.
        pretty_name: Title for the card.
        license: Licence id for the card.
        description: Card paragraph.
        plugins: Modules imported so their generators register.
        configs: The configs to build, in file order.
        source: Where the config was read from.
        config_hash: sha256 of the config's canonical JSON (recorded in the manifest).
        repo_id: Hub repository ``ORG/NAME`` the card and harness files point at, if given.
        canonical: The validated config as canonical JSON (sorted keys, no spaces): what
            ``config_hash`` hashes, recorded in the manifest so ``verify --deep`` can rebuild.
        plugin_notes: What plugins printed while they were imported, one line per plugin
            (the command line shows them on stderr).

    """

    name: str
    version: str
    seed: int
    pretty_name: str
    license: str
    description: str
    plugins: tuple[str, ...]
    configs: tuple[ConfigSpec, ...]
    source: str
    config_hash: str
    repo_id: str | None = None
    canonical: str = ""
    plugin_notes: tuple[str, ...] = ()

    def config(self, name: str) -> ConfigSpec:
        """Return the config called ``name``."""
        return next(config for config in self.configs if config.name == name)


class _LineIndex:
    """Maps JSON paths of a YAML document to the line each value starts on."""

    def __init__(self, text: str, source: str) -> None:
        self.lines: dict[tuple[str | int, ...], int] = {}
        self.source = source
        try:
            root = yaml.compose(text)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = None if mark is None else mark.line + 1
            raise ConfigError(
                f"not valid YAML: {getattr(error, 'problem', error)}", source=source, line=line
            ) from None
        if root is not None:
            self._walk(root, ())

    def _walk(self, node: yaml.Node, path: tuple[str | int, ...]) -> None:
        self.lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, value_node in node.value:
                key = key_node.value
                if key in seen:
                    raise ConfigError(
                        f"key {key!r} appears twice",
                        source=self.source,
                        path=render_path(path),
                        line=key_node.start_mark.line + 1,
                    )
                seen.add(key)
                self._walk(value_node, (*path, key))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self._walk(item, (*path, index))

    def line(self, path: tuple[str | int, ...]) -> int | None:
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)


@lru_cache(maxsize=1)
def _validator() -> Validator:
    return Validator(load_schema("build_config"), "build config")


def _whole_integer(checker: object, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=1)
def _whole_number_validator() -> jsonschema.protocols.Validator:
    """The schema's validator with ``integer`` meaning an integer as written, so ``7.0`` is not one."""
    base = jsonschema.Draft202012Validator
    strict = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        base, type_checker=base.TYPE_CHECKER.redefine("integer", _whole_integer)
    )
    return cast("jsonschema.protocols.Validator", strict(load_schema("build_config")))


def _keys(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], object]]:
    """Yield the path and key of every mapping key in ``value`` (the path ends with the key)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, str(key)), key
            yield from _keys(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _keys(item, (*path, index))


def load_config(path: str | Path) -> BuildConfig:
    """Read, validate and resolve a build config file.

    Raises:
        ConfigError: If the file is missing or unreadable, is not YAML, does not match the
            schema, names an unknown generator, or is inconsistent (duplicate configs, a
            variation of a config that does not exist).

    """
    return parse_config(read_text(path, max_bytes=MAX_CONFIG_BYTES), str(path))


def parse_config(text: str, source: str = "<config>") -> BuildConfig:
    """Validate and resolve a build config given as YAML text (see :func:`load_config`)."""
    data = parse_yaml(text, source)  # first: it bounds nesting and alias expansion
    lines = _LineIndex(text, source)

    def fail(message: str, *path: str | int) -> ConfigError:
        return ConfigError(message, source=source, path=render_path(path), line=lines.line(path))

    for path, key in _keys(data):
        if not isinstance(key, str):
            raise fail(f"key {key!r} must be text; quote it: '{key}'", *path)
    validator = _validator()
    if not validator.is_valid(data):
        error = next(validator.errors(data))
        raise ConfigError(
            explain(error), source=source, path=json_path(error), line=lines.line(error_location(error))
        )
    for error in _whole_number_validator().iter_errors(data):
        value = error.instance
        allowed = f"; write {int(value)}" if isinstance(value, float) and value.is_integer() else ""
        raise fail(f"{value!r} is not a whole number{allowed}", *error_location(error))
    assert isinstance(data, dict)

    notes = tuple(
        note
        for position, module in enumerate(data.get("plugins", []))
        if (note := _import_plugin(module, fail, position))
    )
    configs: list[ConfigSpec] = []
    for position, raw in enumerate(data["configs"]):
        if any(config.name == raw["name"] for config in configs):
            raise fail(f"config name {raw['name']!r} is used twice", "configs", position, "name")
        if raw.get("messages", False):
            try:
                check_chat_family(raw["family"])
            except FinsynthError as error:
                raise fail(str(error), "configs", position, "messages") from None
        if "expand" in raw:
            configs.append(_expansion(raw, configs, fail, position))
            continue
        for required in ("generators", "splits"):
            if required not in raw:
                raise fail(f"a config needs {required!r} unless it has 'expand'", "configs", position)
        generator_ids = _generator_ids(raw, fail, position)
        splits = tuple(
            SplitSpec(name, spec["per_generator"], _counts(generator_ids, spec, fail, position, name))
            for name, spec in raw["splits"].items()
        )
        for split in splits:
            if not 1 <= split.rows <= MAX_SPLIT_ROWS:
                where = ("configs", position, "splits", split.name)
                raise fail(f"a split needs 1 to {MAX_SPLIT_ROWS:,} rows, this one has {split.rows:,}", *where)
        variations = None
        if "variations" in raw:
            variations = _variations(raw["variations"], generator_ids, splits, configs, fail, position)
        configs.append(
            ConfigSpec(
                name=raw["name"],
                family=raw["family"],
                description=raw.get("description", ""),
                generator_ids=generator_ids,
                shard_size=raw.get("shard_size", DEFAULT_SHARD_SIZE),
                splits=splits,
                variations=variations,
                messages=raw.get("messages", False),
            )
        )
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return BuildConfig(
        name=data["name"],
        version=data["version"],
        seed=data["seed"],
        pretty_name=str(data.get("pretty_name", data["name"])),
        license=data.get("license", "cc-by-4.0"),
        description=data.get("description", ""),
        plugins=tuple(data.get("plugins", ())),
        configs=tuple(configs),
        source=source,
        config_hash=hashlib.sha256(canonical.encode("utf-8")).hexdigest(),
        repo_id=data.get("repo_id"),
        canonical=canonical,
        plugin_notes=notes,
    )


def _import_plugin(module: str, fail: Any, position: int) -> str:
    """Import a plugin; return a note of what it printed (empty if nothing).

    Raises:
        ConfigError: If importing it raised or called ``sys.exit``, naming the plugin.

    """
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            import_package(module)
    except SystemExit as exit_:  # a plugin must not end the program that imports it
        raise fail(
            f"plugin {module!r} called sys.exit({exit_.code!r}) while imported", "plugins", position
        ) from None
    except Exception as error:  # a plugin is foreign code: whatever it raises is the user's to fix
        problem = f"{type(error).__name__}: {error}"
        raise fail(f"cannot import plugin {module!r}: {problem}", "plugins", position) from None
    text = " ".join(printed.getvalue().split())
    if not text:
        return ""
    shown = text if len(text) <= 200 else text[:200] + "…"
    return f"plugin {module!r} printed while imported: {shown!r}"


def _variations(
    raw: Mapping[str, Any],
    generator_ids: tuple[str, ...],
    splits: tuple[SplitSpec, ...],
    earlier: list[ConfigSpec],
    fail: Any,
    position: int,
) -> VariationSpec:
    original = next((config for config in earlier if config.name == raw["of_config"]), None)
    if original is None:
        names = [config.name for config in earlier]
        raise fail(
            f"of_config {raw['of_config']!r} must name an earlier config; earlier: {names}",
            "configs",
            position,
            "variations",
            "of_config",
        )
    original_split = next((split for split in original.splits if split.name == raw["of_split"]), None)
    if original_split is None:
        raise fail(
            f"config {original.name!r} has no split {raw['of_split']!r}",
            "configs",
            position,
            "variations",
            "of_split",
        )
    original_counts = dict(zip(original.generator_ids, original_split.counts, strict=True))
    for split in splits:
        for generator_id, count in zip(generator_ids, split.counts, strict=True):
            available = original_counts.get(generator_id, original_split.per_generator)
            if count > available:
                raise fail(
                    f"cannot redraw {count} instances of {generator_id!r} from a split that has {available}",
                    "configs",
                    position,
                    "splits",
                    split.name,
                    "per_generator",
                )
    return VariationSpec(raw["of_config"], raw["of_split"], tuple(raw["kinds"]))


def _generator_ids(raw: Mapping[str, Any], fail: Any, position: int) -> tuple[str, ...]:
    """The generators named in ``generators``, narrowed by ``select`` and ``exclude``."""
    generator_ids: list[str] = []
    for item, selector in enumerate(raw["generators"]):
        try:
            matched = resolve([selector])
        except UnknownGeneratorError as error:
            raise fail(str(error), "configs", position, "generators", item) from None
        wrong_family = [g.info.id for g in matched if g.info.family != raw["family"]]
        if wrong_family:
            raise fail(
                f"{wrong_family[0]!r} is not a {raw['family']} generator",
                "configs",
                position,
                "generators",
                item,
            )
        generator_ids += [g.info.id for g in matched if g.info.id not in generator_ids]
    matched = resolve(generator_ids)
    for key in ("select", "exclude"):
        for field_name, values in raw.get(key, {}).items():
            if not isinstance(values, list):
                continue  # a score bound names nothing that could be unknown
            for item, value in enumerate(values):
                try:
                    Criteria.from_mapping({field_name: [value]}).check_known(matched, f"'{key}'")
                except FinsynthError as error:
                    raise fail(str(error), "configs", position, key, field_name, item) from None
    try:
        chosen = select(
            generator_ids,
            only=Criteria.from_mapping(raw.get("select", {})),
            exclude=Criteria.from_mapping(raw.get("exclude", {})),
        )
    except FinsynthError as error:
        raise fail(str(error), "configs", position, "select" if "select" in raw else "exclude") from None
    return tuple(generator.info.id for generator in chosen)


def _counts(
    generator_ids: tuple[str, ...], spec: Mapping[str, Any], fail: Any, position: int, split: str
) -> tuple[int, ...]:
    """Instances per generator: ``per_generator`` unless the longest matching ``counts`` prefix differs."""
    overrides: Mapping[str, int] = spec.get("counts", {})
    for selector in overrides:
        prefix = selector.rstrip("/")
        if not any(gid == prefix or gid.startswith(prefix + "/") for gid in generator_ids):
            raise fail(
                f"{selector!r} matches no generator of this config",
                "configs",
                position,
                "splits",
                split,
                "counts",
                selector,
            )
    counts = []
    for generator_id in generator_ids:
        matching = [
            selector.rstrip("/")
            for selector in overrides
            if generator_id == selector.rstrip("/") or generator_id.startswith(selector.rstrip("/") + "/")
        ]
        longest = max(matching, key=len, default=None)
        counts.append(spec["per_generator"] if longest is None else overrides[_original(overrides, longest)])
    return tuple(counts)


def _original(overrides: Mapping[str, int], prefix: str) -> str:
    return next(selector for selector in overrides if selector.rstrip("/") == prefix)


def _expansion(raw: Mapping[str, Any], earlier: list[ConfigSpec], fail: Any, position: int) -> ConfigSpec:
    for forbidden in ("generators", "splits", "variations"):
        if forbidden in raw:
            raise fail(
                f"an expanded config takes its {forbidden} from 'expand.of_config'; remove {forbidden!r}",
                "configs",
                position,
                forbidden,
            )
    spec = raw["expand"]
    original = next((config for config in earlier if config.name == spec["of_config"]), None)
    if original is None:
        names = [config.name for config in earlier]
        raise fail(
            f"of_config {spec['of_config']!r} must name an earlier config; earlier: {names}",
            "configs",
            position,
            "expand",
            "of_config",
        )
    if original.kinds:
        raise fail(
            f"config {original.name!r} already has variations; expand a plain config",
            "configs",
            position,
            "expand",
            "of_config",
        )
    try:
        expander = get_expander(raw["family"], original.family)
    except FinsynthError as error:
        raise fail(str(error), "configs", position, "family") from None
    for item, kind in enumerate(spec["kinds"]):
        if kind not in expander.kinds:
            raise fail(
                f"unknown kind {kind!r} for {original.family} -> {raw['family']}; "
                f"allowed: {list(expander.kinds)}",
                "configs",
                position,
                "expand",
                "kinds",
                item,
            )
    split_names = spec.get("splits", [split.name for split in original.splits])
    splits = []
    for item, name in enumerate(split_names):
        split = next((split for split in original.splits if split.name == name), None)
        if split is None:
            raise fail(
                f"config {original.name!r} has no split {name!r}",
                "configs",
                position,
                "expand",
                "splits",
                item,
            )
        splits.append(split)
    return ConfigSpec(
        name=raw["name"],
        family=raw["family"],
        description=raw.get("description", ""),
        generator_ids=original.generator_ids,
        shard_size=raw.get("shard_size", DEFAULT_SHARD_SIZE),
        splits=tuple(splits),
        variations=None,
        expand=ExpansionSpec(original.name, original.family, tuple(spec["kinds"])),
        messages=raw.get("messages", False),
    )
