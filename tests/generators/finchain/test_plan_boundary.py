"""BatchDrawer reads a template's plan, not a compiled template's insides; engine.py never imports it."""

from __future__ import annotations

import ast
from pathlib import Path

import finsynth.generators.finchain as finchain
from finsynth.generators.finchain.batch import BatchDrawer
from finsynth.generators.finchain.engine import CompiledTemplate
from finsynth.generators.finchain.plan import TemplatePlan
from tests.generators.finchain.harness import finchain_templates

PACKAGE = Path(finchain.__file__).parent
ENGINE = ast.parse((PACKAGE / "engine.py").read_text(encoding="utf-8"))
BATCH = ast.parse((PACKAGE / "batch.py").read_text(encoding="utf-8"))

COMPILED_ATTRIBUTES_BATCH_MAY_READ = {"plan", "instance"}
"""What :class:`BatchDrawer` takes from a compiled template: its plan and its scalar path (for fallbacks)."""


def imported_modules(tree: ast.AST) -> set[str]:
    """Every module a tree imports, at top level or inside functions."""
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
            modules |= {f"{node.module}.{alias.name}" for alias in node.names}
    return modules


def private_members_of_compiled_template() -> set[str]:
    """Names of CompiledTemplate's private methods and ``self._x`` attributes."""
    (cls,) = [
        node for node in ENGINE.body if isinstance(node, ast.ClassDef) and node.name == "CompiledTemplate"
    ]
    names = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_") and not node.name.startswith("__"):
            names.add(node.name)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.attr.startswith("_")
        ):
            names.add(node.attr)
    return names


def test_engine_never_imports_the_batch_drawer() -> None:
    imports = imported_modules(ENGINE)
    batch = {name for name in imports if name.endswith(".batch") or ".batch." in name}
    assert not batch, f"engine.py imports {sorted(batch)}"


def test_batch_reads_only_the_plan_and_scalar_path_of_a_compiled_template() -> None:
    read = {
        node.attr
        for node in ast.walk(BATCH)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "compiled"
    }
    assert read <= COMPILED_ATTRIBUTES_BATCH_MAY_READ, read - COMPILED_ATTRIBUTES_BATCH_MAY_READ
    kept = {
        node.attr
        for node in ast.walk(BATCH)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and node.attr == "compiled"
    }
    assert not kept, "BatchDrawer keeps the compiled template instead of its plan"


def test_batch_uses_no_private_member_of_compiled_template() -> None:
    private = private_members_of_compiled_template()
    assert private, "the check would pass vacuously"
    used = {node.attr for node in ast.walk(BATCH) if isinstance(node, ast.Attribute)}
    assert not used & private, used & private


def test_every_template_is_drawn_from_one_plan() -> None:
    templates = finchain_templates()  # not a test's own generator registered in the family
    assert len(templates) >= 290
    for generator in templates:
        compiled = getattr(generator, "compiled", None)
        assert isinstance(compiled, CompiledTemplate)
        assert isinstance(compiled.plan, TemplatePlan)
        drawer = BatchDrawer(compiled)
        assert drawer.plan is compiled.plan
        assert [step.name for step in compiled.plan.steps] == [item.name for item in compiled.template.steps]
