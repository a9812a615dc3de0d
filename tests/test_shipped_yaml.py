"""The shipped data files read the same through libyaml as through PyYAML's pure-Python loader."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from finsynth.errors import ConfigError
from finsynth.generators.filings.resource_files import parse_resource
from finsynth.schemas import shipped_yaml

PACKAGE = Path(shipped_yaml.__file__).parents[1]
SHIPPED = sorted(PACKAGE.rglob("*.yaml"))


def test_the_package_ships_yaml_files_and_libyaml_reads_them() -> None:
    assert len(SHIPPED) >= 40
    assert shipped_yaml.FAST_LOADER is getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.relative_to(PACKAGE).as_posix())
def test_every_shipped_file_reads_as_the_pure_python_loader_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert shipped_yaml.load(text) == yaml.safe_load(text)
    fast, pure = shipped_yaml.compose(text), yaml.compose(text, Loader=yaml.SafeLoader)
    assert [node.start_mark.line for node in _nodes(fast)] == [node.start_mark.line for node in _nodes(pure)]


def _nodes(root: yaml.Node | None) -> list[yaml.Node]:
    found, pending = [], [] if root is None else [root]
    while pending:
        node = pending.pop()
        found.append(node)
        if isinstance(node, yaml.MappingNode):
            pending.extend(part for pair in node.value for part in pair)
        elif isinstance(node, yaml.SequenceNode):
            pending.extend(node.value)
    return found


@pytest.mark.parametrize("text", ["a: [1, 2\n", "a: 1\n b: 2\n", "- a\nb: c\n", "a: 'open\n"])
def test_broken_yaml_raises_the_pure_python_loaders_error(text: str) -> None:
    with pytest.raises(yaml.YAMLError) as pure:
        yaml.safe_load(text)
    with pytest.raises(yaml.YAMLError) as fast:
        shipped_yaml.load(text)
    assert str(fast.value) == str(pure.value)


def test_a_repeated_key_is_still_refused_with_its_line() -> None:
    with pytest.raises(ConfigError, match="appears twice") as refused:
        parse_resource("first: 1\nsecond: 2\nfirst: 3\n", "resources/x.yaml")
    assert refused.value.line == 3
