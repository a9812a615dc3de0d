"""Publishing to a Hub: one commit then the tag, no-op when unchanged, clear refusals, loadable back.

The Hub is the in-memory server of ``tests/hub/server.py`` on 127.0.0.1, driven by the
unmodified ``huggingface_hub`` client. An opt-in test pushes to the real Hub when
``HF_TOKEN`` and ``FINSYNTH_TEST_HUB_REPO`` are set.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from finsynth.publish.hub import (
    PublishError,
    PushResult,
    check_repo_id,
    local_files,
    push_folder,
    token_from_environment,
)
from finsynth.publish.retarget import retargeted_files
from tests.hub.fixtures import TOKEN, build_tiny, finsynth, hub_environment, run_python
from tests.hub.server import FakeHub

REPO = "finsynth-tests/tiny"


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_DISABLE_XET", True)  # the fake Hub speaks LFS, not Xet
    server = FakeHub(TOKEN).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny(tmp_path_factory.mktemp("tiny"))


def push(
    hub: FakeHub, folder: Path, repo: str = REPO, branch: str = "main", tag: str | None = None
) -> PushResult:
    return push_folder(
        folder, repo, token=TOKEN, endpoint=hub.endpoint, backoff_seconds=0.01, branch=branch, tag=tag
    )


def test_a_push_is_one_commit_tagged_with_the_version_and_a_repeat_is_a_no_op(
    hub: FakeHub, folder: Path
) -> None:
    first = push(hub, folder)
    repo = hub.repos[REPO]
    assert repo.tags == {"v0.0.1": repo.branches["main"]}
    assert hub.commit_count(REPO) == 2  # the repository's initial commit and ours
    published = repo.commits[repo.tags["v0.0.1"]]
    # The folder as built, except that the card and harness files name the repository pushed to.
    rewritten = retargeted_files(folder, REPO)
    assert "README.md" in rewritten and "harness/inspect_task.py" in rewritten
    assert {name: data for name, data in published.items() if name != ".gitattributes"} == {
        file.path: rewritten.get(file.path, (folder / file.path).read_bytes()) for file in local_files(folder)
    }
    assert first.changed and first.tag_created
    seen = len(hub.requests)
    second = push(hub, folder)
    assert hub.commit_count(REPO) == 2 and repo.tags == {"v0.0.1": repo.branches["main"]}
    assert second.changed == () and not second.tag_created and second.commit == first.commit
    assert not [method for method, _ in hub.requests[seen:] if method in ("PUT", "DELETE")]
    assert not [path for _, path in hub.requests[seen:] if "/commit/" in path or "/tag/" in path]


def test_an_existing_tag_on_other_content_is_never_moved(hub: FakeHub, folder: Path, tmp_path: Path) -> None:
    push(hub, folder)
    repo = hub.repos[REPO]
    before = (dict(repo.branches), dict(repo.tags), hub.commit_count(REPO))
    other = build_tiny(tmp_path, seed=6)  # same version, other content
    with pytest.raises(PublishError, match=r"tag 'v0.0.1' already exists.*never moved.*bump the version"):
        push(hub, other)
    assert (dict(repo.branches), dict(repo.tags), hub.commit_count(REPO)) == before


def test_a_push_interrupted_before_the_commit_leaves_the_remote_as_it_was(hub: FakeHub, folder: Path) -> None:
    hub.fail["lfs_upload"], hub.fail_status["lfs_upload"] = (
        3,
        400,
    )  # uploads break off after some went through
    with pytest.raises(PublishError, match=r"committing to finsynth-tests/tiny@main failed"):
        push(hub, folder)
    repo = hub.repos[REPO]
    assert hub.commit_count(REPO) == 1 and repo.tags == {}  # only the repository's initial commit
    hub.fail.clear()
    push(hub, folder)  # pushing again completes it
    assert hub.commit_count(REPO) == 2 and "v0.0.1" in repo.tags


def test_a_push_that_failed_before_tagging_is_completed_by_pushing_again(hub: FakeHub, folder: Path) -> None:
    hub.fail["tag"], hub.fail_status["tag"] = 1, 400
    with pytest.raises(PublishError, match=r"creating tag 'v0.0.1' failed"):
        push(hub, folder)
    repo = hub.repos[REPO]
    assert hub.commit_count(REPO) == 2 and repo.tags == {}
    push(hub, folder)
    assert hub.commit_count(REPO) == 2 and repo.tags == {"v0.0.1": repo.branches["main"]}


def test_transient_errors_are_retried(hub: FakeHub, folder: Path) -> None:
    hub.fail["commit"] = 2
    hub.fail["preupload"] = 1
    push(hub, folder)
    assert hub.commit_count(REPO) == 2 and hub.fail["commit"] == 0


def test_a_branch_is_created_and_committed_to(hub: FakeHub, folder: Path) -> None:
    push(hub, folder, branch="release", tag="v0.0.1-rc1")
    repo = hub.repos[REPO]
    assert repo.tags["v0.0.1-rc1"] == repo.branches["release"] != repo.branches["main"]


def test_files_removed_from_the_folder_are_removed_from_the_branch(
    hub: FakeHub, folder: Path, tmp_path: Path
) -> None:
    push(hub, folder)
    repo = hub.repos[REPO]
    stale = "plots/finchain/old.png"
    repo.branches["main"] = hub.new_commit(
        repo, repo.branches["main"], {**repo.commits[repo.branches["main"]], stale: b"x"}, "stale"
    )
    result = push(hub, folder, tag="v0.0.1-again")
    assert result.deleted == (stale,)
    assert stale not in repo.commits[repo.tags["v0.0.1-again"]]


@pytest.mark.parametrize(
    "repo_id", ["tiny", "org/", "/tiny", "org/ti ny", "a/b/c", "org/tiny.git", "org/..x"]
)
def test_malformed_repo_ids_are_refused(repo_id: str) -> None:
    with pytest.raises(PublishError, match=r"not a Hub repository id; expected ORG/NAME"):
        check_repo_id(repo_id)


def test_a_missing_token_is_a_clear_error() -> None:
    with pytest.raises(PublishError, match=r"no Hub token: set HF_TOKEN"):
        token_from_environment({"HF_TOKEN": " "})


def test_a_folder_that_differs_from_its_manifest_is_not_pushed(folder: Path, tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    (copy / "README.md").write_text("edited by hand\n")
    (copy / "notes.txt").write_text("stray\n")
    with pytest.raises(PublishError, match=r"README.md: sha256 differs.*notes.txt: not listed"):
        local_files(copy)


@pytest.mark.slow
def test_the_command_line_pushes_prints_the_pin_and_never_the_token(
    hub: FakeHub, folder: Path, tmp_path: Path
) -> None:
    environment = hub_environment(hub.endpoint, TOKEN, tmp_path / "home")
    result = finsynth(environment, "push", str(folder), "--repo-id", REPO)
    assert result.returncode == 0, result.stderr
    assert f"{hub.endpoint}/datasets/{REPO}" in result.stdout and 'revision="v0.0.1"' in result.stdout
    again = finsynth(environment, "push", str(folder), "--repo-id", REPO)
    assert again.returncode == 0 and "no changes" in again.stdout
    refused = finsynth(
        environment, "push", str(folder), "--repo-id", REPO, "--tag", "v0.0.1", "--revision", "x"
    )
    assert refused.returncode == 0  # the tag already holds exactly these files: nothing to do
    wrong = hub_environment(hub.endpoint, "hf_wrong_token_value", tmp_path / "home")
    rejected = finsynth(wrong, "push", str(folder), "--repo-id", "finsynth-tests/other")
    assert rejected.returncode == 2 and "creating finsynth-tests/other failed" in rejected.stderr
    assert "hf_wrong_token_value" not in rejected.stdout + rejected.stderr
    for output in (result, again, refused):
        assert TOKEN not in output.stdout + output.stderr


@pytest.mark.slow
def test_the_command_line_refuses_clearly_without_touching_the_hub(
    hub: FakeHub, folder: Path, tmp_path: Path
) -> None:
    no_token = finsynth(hub_environment(hub.endpoint, None, tmp_path), "push", str(folder), "--repo-id", REPO)
    assert no_token.returncode == 2 and "no Hub token: set HF_TOKEN" in no_token.stderr
    environment = hub_environment(hub.endpoint, TOKEN, tmp_path)
    malformed = finsynth(environment, "push", str(folder), "--repo-id", "not a repo")
    assert malformed.returncode == 2 and "expected ORG/NAME" in malformed.stderr
    dry = finsynth(environment, "push", str(folder), "--repo-id", REPO, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    for file in local_files(folder, REPO):  # sizes as uploaded, with the card naming REPO
        assert f"{file.size:,}  {file.path}" in dry.stdout
    assert "tag v0.0.1" in dry.stdout
    assert hub.requests == [] and REPO not in hub.repos


LOAD_BACK = """
import json, sys
import datasets
from inspect_ai.dataset import hf_dataset

repo, folder, tag = sys.argv[1:]
rows = {}
for config in ("finchain", "finchain_variation"):
    remote = datasets.load_dataset(repo, config, revision=tag)
    local = datasets.load_dataset(folder, config)
    for split in local:
        assert remote[split].features == local[split].features, (config, split)
        assert remote[split].to_list() == local[split].to_list(), (config, split)
        rows[f"{config}/{split}"] = remote[split].num_rows
samples = hf_dataset(repo, split="test", name="finchain", revision=tag, cached=False)
rows["inspect"] = len(samples)
rows["inspect_first"] = [samples[0].id, samples[0].target]
print(json.dumps(rows))
"""


@pytest.mark.slow
def test_datasets_and_inspect_ai_read_the_pushed_tag_back_identical(
    hub: FakeHub, folder: Path, tmp_path: Path
) -> None:
    import datasets

    push(hub, folder)
    environment = hub_environment(hub.endpoint, None, tmp_path / "home")
    result = run_python(LOAD_BACK, environment, REPO, str(folder), "v0.0.1")
    assert result.returncode == 0, result.stderr[-3000:]
    counts = json.loads(result.stdout.strip().splitlines()[-1])
    assert counts["finchain/test"] == counts["inspect"] == 10 and counts["finchain/train"] == 10
    assert counts["finchain_variation/test"] == 20
    first = datasets.load_dataset(str(folder), "finchain", split="test")[0]
    assert counts["inspect_first"] == [first["id"], first["target"]]


@pytest.mark.skipif(
    not (os.environ.get("HF_TOKEN") and os.environ.get("FINSYNTH_TEST_HUB_REPO")),
    reason="set HF_TOKEN and FINSYNTH_TEST_HUB_REPO (a scratch ORG/NAME) to push to the real Hub",
)
def test_the_real_hub_accepts_a_push_and_a_repeat_is_a_no_op(folder: Path) -> None:
    repo = os.environ["FINSYNTH_TEST_HUB_REPO"]
    token = os.environ["HF_TOKEN"]
    tag = f"v0.0.1-test-{local_files(folder)[0].sha256[:8]}"
    push_folder(folder, repo, token=token, private=True, tag=tag)
    repeat = push_folder(folder, repo, token=token, private=True, tag=tag)
    assert repeat.changed == () and not repeat.tag_created
