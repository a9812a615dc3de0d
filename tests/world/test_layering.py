"""The shared world is the bottom layer: generators build on it, never the other way round."""

from __future__ import annotations

import ast
from pathlib import Path

import finsynth.world

WORLD = Path(finsynth.world.__file__).parent
ALLOWED = ("finsynth.world", "finsynth.seeding", "finsynth.errors", "finsynth.schemas")
"""What a world module may import from finsynth: the world itself and the foundations under it."""


def _finsynth_imports(source: Path) -> list[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return [name for name in names if name == "finsynth" or name.startswith("finsynth.")]


def _outside_the_world(imported: str) -> bool:
    return not any(imported == allowed or imported.startswith(f"{allowed}.") for allowed in ALLOWED)


def test_world_modules_import_no_generator_builder_or_cli() -> None:
    offenders = {
        f"{source.relative_to(WORLD)}: {imported}"
        for source in sorted(WORLD.rglob("*.py"))
        for imported in _finsynth_imports(source)
        if _outside_the_world(imported)
    }
    assert not offenders, f"world modules import layers above them: {sorted(offenders)}"


def test_the_check_sees_an_import_from_a_generator(tmp_path: Path) -> None:
    module = tmp_path / "leaky.py"
    module.write_text("from finsynth.generators.finchain.quantities import round_half_up\n", encoding="utf-8")
    assert [name for name in _finsynth_imports(module) if _outside_the_world(name)] == [
        "finsynth.generators.finchain.quantities"
    ]
