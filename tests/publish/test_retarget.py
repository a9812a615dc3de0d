"""A push to another repository uploads the card and harness files a build for that repository would write."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from finsynth.builder import parse_config, run_build
from finsynth.builder.manifest import MANIFEST_NAME, read_manifest
from finsynth.errors import FinsynthError
from finsynth.publish.hub import local_files
from finsynth.publish.retarget import built_repo_id, retargeted_files
from tests.hub.fixtures import TINY, build_tiny


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("retarget")
    as_built = build_tiny(root / "plain")
    config = TINY.replace("SEED", "5") + "repo_id: my-org/renamed\n"
    return as_built, run_build(parse_config(config, "tiny.yaml"), root / "renamed")


def test_the_rewritten_files_are_what_a_build_for_the_new_repository_writes(
    folders: tuple[Path, Path],
) -> None:
    as_built, for_renamed = folders
    assert built_repo_id(as_built) == "tiny" and built_repo_id(for_renamed) == "my-org/renamed"
    rewritten = retargeted_files(as_built, "my-org/renamed")
    differing = sorted(
        path
        for path in read_manifest(for_renamed)["files"]
        if (as_built / path).read_bytes() != (for_renamed / path).read_bytes()
    )
    assert differing and sorted(set(rewritten) - {MANIFEST_NAME}) == differing
    assert any(path.startswith("harness/") for path in differing) and "README.md" in differing
    # The card also shows the config hash, which differs because the configs name other repositories.
    hashes = [read_manifest(folder)["config_hash"].encode() for folder in (for_renamed, as_built)]
    for path in differing:
        assert rewritten[path] == (for_renamed / path).read_bytes().replace(*hashes), path
    uploaded = json.loads(rewritten[MANIFEST_NAME])["files"]
    expected = read_manifest(for_renamed)["files"]
    assert uploaded.keys() == expected.keys()
    assert {path: entry for path, entry in uploaded.items() if path != "README.md"} == {
        path: entry for path, entry in expected.items() if path != "README.md"
    }
    assert uploaded["README.md"]["sha256"] == hashlib.sha256(rewritten["README.md"]).hexdigest()


def test_the_folder_on_disk_is_left_as_built_and_a_push_to_its_own_id_rewrites_nothing(
    folders: tuple[Path, Path],
) -> None:
    as_built, _ = folders
    before = {file.path: file.sha256 for file in local_files(as_built)}
    after = {file.path: file.sha256 for file in local_files(as_built, "my-org/renamed")}
    assert before["README.md"] != after["README.md"]
    assert {file.path: file.sha256 for file in local_files(as_built)} == before
    assert retargeted_files(as_built, "tiny") == {}


def test_a_folder_whose_card_names_no_repository_is_refused(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# someone else's card\n")
    with pytest.raises(FinsynthError, match="no load_dataset"):
        built_repo_id(tmp_path)
