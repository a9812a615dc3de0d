"""The documentation site: generated reference pages, a navigation that names real pages, a strict build.

``make docs`` runs ``mkdocs build --strict``; the slow tests run that build on the real site and
show that a broken link or a missing API reference fails it.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "docs_reference_hook", ROOT / "docs" / "hooks" / "reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cli_reference_has_every_command_with_its_help_usage_and_options() -> None:
    from finsynth.cli.app import app

    reference = hook().cli_reference()
    commands = [
        command.name or command.callback.__name__ for command in app.registered_commands if command.callback
    ]
    top = commands + [group.name for group in app.registered_groups if group.name]
    assert len(top) >= 9
    for name in top:
        assert f"## `finsynth {name}`" in reference, name
    for path in ("finsynth score chaineval", "finsynth ucfe simulate", "finsynth build"):
        assert f"## `{path}`" in reference
    build = reference.split("## `finsynth build`")[1].split("\n## ")[0]
    assert "finsynth build [OPTIONS]" in build and "`--num-proc`" in build and "`--engine`" in build


def test_the_schema_reference_lists_every_property_of_every_schema() -> None:
    reference = hook().schema_reference()
    schemas = sorted((ROOT / "finsynth" / "schemas").glob("*.schema.json"))
    assert len(schemas) >= 10
    for path in schemas:
        section = reference.split(f"## `{path.name}`")[1].split("\n## ")[0]
        for name in json.loads(path.read_text(encoding="utf-8")).get("properties", {}):
            assert f"| `{name}` |" in section, (path.name, name)


def test_the_hook_fills_only_its_markers() -> None:
    module = hook()
    page = f"# CLI\n\n{module.CLI_MARKER}\n"
    filled = module.on_page_markdown(page)
    assert module.CLI_MARKER not in filled and "## `finsynth verify`" in filled
    assert module.on_page_markdown("# Plain page\n") == "# Plain page\n"


def test_every_page_in_the_navigation_exists_and_make_docs_is_strict() -> None:
    site = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    from tests.test_readme import _navigation

    pages = _navigation(site["nav"])
    missing = [page for page in pages if not (ROOT / "docs" / page).is_file()]
    assert not missing and {"reference/cli.md", "reference/api.md", "reference/schemas.md"} <= set(pages)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "docs: $(STAMP)" in makefile and "mkdocs build --strict" in makefile


def mkdocs(config: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            str(config),
            "-d",
            str(config.parent / "site"),
        ],
        cwd=config.parent,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1", "HOME": str(config.parent)},
        check=False,
    )


@pytest.mark.slow
def test_the_site_builds_strictly_with_the_generated_pages(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config.write_text(text, encoding="utf-8")
    for name in ("docs", "finsynth", "CHANGELOG.md"):
        (tmp_path / name).symlink_to(ROOT / name)
    built = mkdocs(config)
    assert built.returncode == 0, built.stderr[-4000:]
    cli = (tmp_path / "site" / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    api = (tmp_path / "site" / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    assert "finsynth score failsafe" in cli and "iterable_dataset" in api and "run_build" in api
    assert "Unreleased" in (tmp_path / "site" / "changelog" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("page", "warning"),
    [
        ("See [a page](no-such-page.md).", "no-such-page.md"),
        ("::: finsynth.no_such_module", "finsynth.no_such_module"),
        ("::: finsynth.release.install_command", None),
    ],
)
def test_a_broken_link_or_a_missing_api_reference_fails_the_strict_build(
    page: str, warning: str | None, tmp_path: Path
) -> None:
    site = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    site.update(nav=["index.md"], hooks=[])
    (tmp_path / "docs").mkdir()
    (tmp_path / "finsynth").symlink_to(ROOT / "finsynth")
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(site), encoding="utf-8")
    (tmp_path / "docs" / "index.md").write_text(f"# Home\n\n{page}\n", encoding="utf-8")
    built = mkdocs(tmp_path / "mkdocs.yml")
    if warning is None:  # the same site with a good reference builds
        assert built.returncode == 0, built.stderr[-3000:]
    else:
        assert built.returncode != 0 and warning in built.stderr
