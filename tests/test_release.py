"""Where the package comes from: one install line, the source repository named once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import finsynth
from finsynth import release
from finsynth.cli.app import main

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - pytest brings tomli on 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_the_source_repository_is_the_one_pyproject_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["urls"]["Source"] == release.SOURCE_REPOSITORY


def test_until_published_the_install_line_takes_the_tag_from_the_repository(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(release, "ON_PACKAGE_INDEX", False)
    assert release.install_command("1.2.3") == (
        f'pip install "finsynth @ git+{release.SOURCE_REPOSITORY}@v1.2.3"'
    )
    assert "not on the Python Package Index" in release.package_origin("1.2.3")
    monkeypatch.setattr(release, "ON_PACKAGE_INDEX", True)
    assert release.install_command("1.2.3") == "pip install finsynth==1.2.3"
    assert "from the Python Package Index" in release.package_origin("1.2.3")


def test_the_command_line_prints_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"finsynth {finsynth.__version__}\n"


def test_the_citation_file_names_this_version_the_repository_and_the_papers() -> None:
    import yaml

    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["cff-version"] == "1.2.0" and citation["version"] == finsynth.__version__
    assert citation["repository-code"] == release.SOURCE_REPOSITORY
    arxiv = sorted(ref["identifiers"][0]["value"] for ref in citation["references"])
    assert arxiv == ["arXiv:2410.14059", "arXiv:2502.06329", "arXiv:2506.02515"]
    assert all(
        ref["url"] == f"https://arxiv.org/abs/{ref['identifiers'][0]['value'][6:]}"
        for ref in citation["references"]
    )
