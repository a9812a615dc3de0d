"""Publishing a built dataset folder to the Hugging Face Hub as one commit and a version tag.

A push uploads the folder as built (every file the manifest lists, plus the manifest), with
the card and harness files naming the repository pushed to (:mod:`finsynth.publish.retarget`),
in a single commit, and tags that commit ``v<version>`` last. A failure before the commit
leaves the repository as it was; a failure between commit and tag is repaired by pushing
again (the unchanged folder makes no new commit and the tag is created). An existing tag is
never moved. Files whose content already matches the branch are not committed again, so
pushing an unchanged folder is a no-op.

Every Hub call (create the repository, read its refs, list files, commit, tag) has a whole-call
deadline, its retries included: every connection the Hub client opens ends by it, and a call
still running then (a transfer outside ``httpx``, such as Xet storage's) is abandoned, so a Hub
that accepts the connection and never answers ends the push with a :class:`PublishError`.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from finsynth.builder.folder_files import folder_entries, open_member
from finsynth.builder.manifest import MANIFEST_NAME, check_files, read_manifest
from finsynth.errors import FinsynthError
from finsynth.http_deadline import Deadline, bound_client
from finsynth.publish.retarget import retargeted_files

if TYPE_CHECKING:
    from huggingface_hub import HfApi

TOKEN_VARIABLE = "HF_TOKEN"
REPO_TYPE = "dataset"
_REPO_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,95}/[A-Za-z0-9][A-Za-z0-9_.-]{0,95}$")
_TAG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$")
_TRANSIENT_STATUS = frozenset({408, 429, 500, 502, 503, 504})
_MESSAGE_LIMIT = 600
DEFAULT_TIMEOUT_S = 300.0
"""Seconds one Hub call may take in all, its retries included, unless ``--timeout`` says otherwise."""
DEFAULT_ATTEMPTS = 4
"""Tries per Hub call on transient errors, unless ``--attempts`` says otherwise."""
_Result = TypeVar("_Result")


class PublishError(FinsynthError):
    """A push could not be done; the remote repository is left as it was (or fully updated)."""


@dataclass(frozen=True)
class LocalFile:
    """A file of the dataset folder as it will appear in the repository.

    Attributes:
        path: Path in the repository (``/``-separated, relative to the folder).
        size: Bytes.
        sha256: Hex sha256 of the content (what LFS stores).
        git_oid: Git blob id of the content (what the Hub lists for regular files).

    """

    path: str
    size: int
    sha256: str
    git_oid: str


@dataclass(frozen=True)
class PushResult:
    """What a push did.

    Attributes:
        url: The dataset page.
        repo_id: ``ORG/NAME``.
        tag: The tag users should pin (``revision=tag``).
        commit: The commit the tag points to.
        changed: Paths added or updated by this push (empty for a no-op).
        deleted: Paths removed from the branch because the folder no longer has them.
        tag_created: False when the tag already pointed at identical content.

    """

    url: str
    repo_id: str
    tag: str
    commit: str
    changed: tuple[str, ...]
    deleted: tuple[str, ...]
    tag_created: bool


def check_repo_id(repo_id: str) -> str:
    """Return ``repo_id`` if it has the form ``ORG/NAME``.

    Raises:
        PublishError: Naming the allowed form.

    """
    if not _REPO_ID.match(repo_id) or ".." in repo_id or repo_id.endswith((".git", ".")):
        raise PublishError(
            f"--repo-id {repo_id!r} is not a Hub repository id; expected ORG/NAME with letters, digits, "
            "'-', '_' or '.' (for example my-org/finsynth)"
        )
    return repo_id


def default_tag(folder: Path) -> str:
    """The tag a folder is published under: ``v<version>`` from its manifest."""
    return f"v{read_manifest(folder)['version']}"


def local_files(folder: Path, repo_id: str | None = None) -> list[LocalFile]:
    """The files a push uploads, checked against the folder's manifest.

    With ``repo_id``, the card, harness files and manifest are described as they will be
    uploaded to that repository (see :func:`~finsynth.publish.retarget.retargeted_files`).

    Raises:
        PublishError: If the folder is not a finsynth dataset folder, a file differs from the
            manifest, or the folder holds files the manifest does not list.

    """
    try:
        manifest = read_manifest(folder)
    except FinsynthError as error:
        raise PublishError(str(error)) from None
    problems = check_files(folder, manifest)
    listed = {*manifest.get("files", {}), MANIFEST_NAME}
    present, others = folder_entries(folder)
    problems += [f"{name}: not listed in {MANIFEST_NAME}" for name in sorted(set(present) - listed)]
    problems += [f"{name}: not a regular file" for name in others]
    if problems:
        raise PublishError(f"{folder} does not match its manifest ({'; '.join(problems)}); rebuild it")
    rewritten = retargeted_files(folder, repo_id) if repo_id is not None else {}
    files = []
    for name in sorted(listed):
        if name in rewritten:
            data = rewritten[name]
        else:
            with open_member(folder, name) as handle:
                data = handle.read()
        files.append(
            LocalFile(
                path=name,
                size=len(data),
                sha256=hashlib.sha256(data).hexdigest(),
                git_oid=hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest(),
            )
        )
    return files


def token_from_environment(environment: Mapping[str, str] | None = None) -> str:
    """The Hub token from ``HF_TOKEN``.

    Raises:
        PublishError: If it is unset or empty.

    """
    token = (os.environ if environment is None else environment).get(TOKEN_VARIABLE, "").strip()
    if not token:
        raise PublishError(
            f"no Hub token: set {TOKEN_VARIABLE} to a token with write access "
            "(https://huggingface.co/settings/tokens); nothing was uploaded"
        )
    return token


def _status(error: BaseException) -> int | None:
    response = getattr(error, "response", None)
    status = getattr(response, "status_code", None)
    return status if isinstance(status, int) else None


def _is_transient(error: BaseException) -> bool:
    from huggingface_hub.errors import HfHubHTTPError

    if isinstance(error, HfHubHTTPError):
        return _status(error) in _TRANSIENT_STATUS
    return isinstance(error, (ConnectionError, TimeoutError)) or type(error).__name__ in (
        "ConnectError",
        "ReadError",
        "WriteError",
        "RemoteProtocolError",
        "ReadTimeout",
        "WriteTimeout",
        "ConnectTimeout",
        "PoolTimeout",
    )


class _DeadlinePassedError(Exception):
    """A Hub call ran past its deadline."""


class _Hub:
    """The Hub calls of a push: retried on transient errors, each within one whole-call deadline.

    The token is kept out of messages. ``deadline`` is the one the Hub client's connections end
    by; each call moves it on.
    """

    def __init__(
        self,
        api: HfApi,
        token: str,
        attempts: int,
        backoff_seconds: float,
        timeout_s: float,
        deadline: Deadline,
    ) -> None:
        self.api = api
        self.token = token
        self.attempts = attempts
        self.backoff_seconds = backoff_seconds
        self.timeout_s = timeout_s
        self.deadline = deadline

    def call(self, what: str, action: Callable[[], _Result]) -> _Result:
        self.deadline.at = time.monotonic() + self.timeout_s
        for attempt in range(1, self.attempts + 1):
            try:
                return _before(self.deadline, action)
            except _DeadlinePassedError:
                raise self.too_slow(what) from None
            except Exception as error:
                wait = self.backoff_seconds * 2 ** (attempt - 1)
                if attempt < self.attempts and _is_transient(error):
                    if self.deadline.left() <= wait:
                        raise self.too_slow(what) from None
                    time.sleep(wait)
                    continue
                if self.deadline.left() <= 0:
                    raise self.too_slow(what) from None
                raise PublishError(f"{what} failed: {self.scrub(error)}") from None
        raise AssertionError("unreachable: the loop returns or raises")

    def too_slow(self, what: str) -> PublishError:
        """The error of a call that ran out of time."""
        return PublishError(
            f"{what}: the Hub did not finish within {self.timeout_s:g} s (--timeout), tries included; "
            "the push stopped there"
        )

    def scrub(self, error: BaseException) -> str:
        """The error's message on one line, shortened, with the token masked."""
        text = (" ".join(str(error).split()) or type(error).__name__).replace(self.token, "***")
        return text if len(text) <= _MESSAGE_LIMIT else f"{text[:_MESSAGE_LIMIT]}…"


def _before(deadline: Deadline, action: Callable[[], _Result]) -> _Result:
    """Return what ``action`` returns; raise :class:`_DeadlinePassedError` if it runs past ``deadline``.

    The action runs in a daemon thread, so a transfer no socket deadline reaches cannot hold
    the push; the connections it opened end by the same deadline and the thread with them.
    """
    outcome: list[_Result] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(action())
        except BaseException as error:  # handed to the caller's thread as it was raised
            failure.append(error)

    worker = threading.Thread(target=run, name="finsynth-hub-call", daemon=True)
    worker.start()
    worker.join(max(deadline.left(), 0.0))
    if worker.is_alive():
        raise _DeadlinePassedError
    if failure:
        raise failure[0]
    return outcome[0]


@contextmanager
def _hub_client_within(deadline: Deadline) -> Iterator[None]:
    """Give the Hub library, for the block, an HTTP client whose connections end by ``deadline``."""
    from huggingface_hub.utils import _http

    _http.set_client_factory(lambda: bound_client(_http.default_client_factory(), deadline))
    try:
        yield
    finally:
        _http.set_client_factory(_http.default_client_factory)


def _remote_matches(remote: Mapping[str, tuple[str, str | None]], file: LocalFile) -> bool:
    entry = remote.get(file.path)
    if entry is None:
        return False
    git_oid, lfs_sha256 = entry
    return lfs_sha256 == file.sha256 if lfs_sha256 is not None else git_oid == file.git_oid


def _remote_files(hub: _Hub, repo_id: str, revision: str) -> dict[str, tuple[str, str | None]]:
    from huggingface_hub.hf_api import RepoFile

    entries = hub.call(
        f"listing {repo_id}@{revision}",
        lambda: list(hub.api.list_repo_tree(repo_id, revision=revision, recursive=True, repo_type=REPO_TYPE)),
    )
    return {
        entry.path: (entry.blob_id, entry.lfs.sha256 if entry.lfs is not None else None)
        for entry in entries
        if isinstance(entry, RepoFile)
    }


def push_folder(
    folder: Path,
    repo_id: str,
    *,
    token: str,
    private: bool = False,
    branch: str = "main",
    tag: str | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
    backoff_seconds: float = 1.0,
    endpoint: str | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
) -> PushResult:
    """Upload a built dataset folder as one commit on ``branch`` and tag it.

    Args:
        folder: A built dataset folder (with ``manifest.json``).
        repo_id: ``ORG/NAME``; the dataset repository is created if missing.
        token: A Hub token with write access (never printed).
        private: Create the repository private (an existing one keeps its visibility).
        branch: Branch to commit to (created from ``main`` if missing).
        tag: Tag to create; ``v<version>`` from the manifest by default.
        attempts: Tries per Hub call on transient errors (connection errors, 429, 5xx).
        backoff_seconds: First wait between tries; doubles each time.
        endpoint: Hub URL; ``HF_ENDPOINT`` or huggingface.co by default.
        timeout_s: Seconds each Hub call may take in all, its tries and waits included (the
            commit call uploads every changed file: raise it for a large folder on a slow link).

    Returns:
        What was pushed, with the URL and the revision to pin.

    Raises:
        PublishError: On a malformed repo id or tag, a folder that does not match its manifest,
            a tag that exists on other content, a Hub error that persists, or a Hub call that
            runs past ``timeout_s``; nothing is tagged unless the commit succeeded.

    """
    from huggingface_hub import HfApi

    check_repo_id(repo_id)
    files = local_files(folder, repo_id)
    rewritten = retargeted_files(folder, repo_id)
    tag = tag or default_tag(folder)
    if not _TAG.match(tag):
        raise PublishError(f"--tag {tag!r} is not a valid tag name; use letters, digits, '.', '-', '_'")
    if not timeout_s > 0 or attempts < 1:
        raise PublishError(
            f"--timeout must be positive and --attempts at least 1, not {timeout_s} and {attempts}"
        )
    deadline = Deadline.after(timeout_s)
    with _hub_client_within(deadline):
        hub = _Hub(
            HfApi(endpoint=endpoint, token=token), token, attempts, backoff_seconds, timeout_s, deadline
        )
        return _push(hub, folder, files, rewritten, repo_id, private=private, branch=branch, tag=tag)


def _push(
    hub: _Hub,
    folder: Path,
    files: list[LocalFile],
    rewritten: Mapping[str, bytes],
    repo_id: str,
    *,
    private: bool,
    branch: str,
    tag: str,
) -> PushResult:
    """The Hub calls of :func:`push_folder`, in order: repository, refs, files, commit, tag."""
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete

    url = hub.call(
        f"creating {repo_id}",
        lambda: hub.api.create_repo(repo_id, repo_type=REPO_TYPE, private=private, exist_ok=True),
    )
    refs = hub.call(
        f"reading the refs of {repo_id}", lambda: hub.api.list_repo_refs(repo_id, repo_type=REPO_TYPE)
    )
    existing_tag = next((ref for ref in refs.tags if ref.name == tag), None)
    if existing_tag is not None:
        tagged = _remote_files(hub, repo_id, existing_tag.target_commit)
        if all(_remote_matches(tagged, file) for file in files):
            return PushResult(str(url), repo_id, tag, existing_tag.target_commit, (), (), tag_created=False)
        raise PublishError(
            f"tag {tag!r} already exists on {repo_id} (commit {existing_tag.target_commit[:12]}) with other "
            "content; tags are never moved: bump the version in the build config, or pass another --tag"
        )
    if branch not in {ref.name for ref in refs.branches}:
        hub.call(
            f"creating branch {branch!r}",
            lambda: hub.api.create_branch(repo_id, branch=branch, repo_type=REPO_TYPE, exist_ok=True),
        )
    head = hub.call(
        f"reading {repo_id}@{branch}",
        lambda: hub.api.repo_info(repo_id, revision=branch, repo_type=REPO_TYPE).sha,
    )
    remote = _remote_files(hub, repo_id, head or branch)
    changed = [file for file in files if not _remote_matches(remote, file)]
    local_paths = {file.path for file in files}
    deleted = sorted(path for path in remote if path not in local_paths and path != ".gitattributes")
    commit = head or ""
    if changed or deleted:
        version = read_manifest(folder)["version"]
        operations: list[CommitOperationAdd | CommitOperationDelete] = [
            *(
                CommitOperationAdd(
                    path_in_repo=f.path, path_or_fileobj=rewritten.get(f.path, str(folder / f.path))
                )
                for f in changed
            ),
            *(CommitOperationDelete(path_in_repo=path) for path in deleted),
        ]
        info = hub.call(
            f"committing to {repo_id}@{branch}",
            lambda: hub.api.create_commit(
                repo_id,
                operations=operations,
                commit_message=f"finsynth dataset {version}",
                revision=branch,
                repo_type=REPO_TYPE,
                parent_commit=head,
            ),
        )
        commit = info.oid
    hub.call(
        f"creating tag {tag!r}",
        lambda: hub.api.create_tag(repo_id, tag=tag, revision=commit, repo_type=REPO_TYPE),
    )
    return PushResult(
        str(url), repo_id, tag, commit, tuple(f.path for f in changed), tuple(deleted), tag_created=True
    )


def describe_files(files: Sequence[LocalFile]) -> list[str]:
    """One line per file for ``--dry-run``: size and path."""
    return [f"{file.size:>12,}  {file.path}" for file in files]
