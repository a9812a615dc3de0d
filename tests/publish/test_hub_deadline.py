"""A push to a Hub that accepts the connection and never answers ends at its deadline (exit 2)."""

from __future__ import annotations

import hashlib
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from finsynth.publish.hub import PublishError, push_folder
from tests.hub.fixtures import TOKEN, finsynth, hub_environment
from tests.hub.server import FakeHub

LONGEST_HOLD_S = 60.0
"""A silent server lets go of a connection after this long even if no test stops it."""


class SilentHub:
    """Accepts connections on 127.0.0.1, reads what arrives and never answers; stops itself."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.stopped = threading.Event()
        self.accepted = 0
        self.thread = threading.Thread(target=self._serve, daemon=True)

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}"

    def _serve(self) -> None:
        held: list[socket.socket] = []
        while not self.stopped.wait(0):
            try:
                connection, _ = self.listener.accept()
            except TimeoutError:
                continue
            self.accepted += 1
            held.append(connection)
            threading.Thread(target=self._drain, args=(connection,), daemon=True).start()
        for connection in held:
            connection.close()

    def _drain(self, connection: socket.socket) -> None:
        connection.settimeout(0.1)
        for _ in range(int(LONGEST_HOLD_S / 0.1)):
            if self.stopped.is_set():
                return
            try:
                if not connection.recv(65536):
                    return
            except TimeoutError:
                continue
            except OSError:
                return

    def __enter__(self) -> SilentHub:
        self.thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stopped.set()
        self.thread.join(5)
        self.listener.close()


@pytest.fixture
def silent() -> Iterator[SilentHub]:
    with SilentHub() as hub:
        yield hub


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The smallest folder a push accepts: a card naming its repository, listed in a manifest."""
    folder = tmp_path_factory.mktemp("tiny")
    card = b'# tiny\n\n```python\nload_dataset("me/tiny", "finchain")\n```\n'
    (folder / "README.md").write_bytes(card)
    entry = {"sha256": hashlib.sha256(card).hexdigest(), "bytes": len(card)}
    manifest = {"version": "0.0.1", "files": {"README.md": entry}}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_the_command_line_stops_at_the_deadline_with_a_clear_error(
    silent: SilentHub, folder: Path, tmp_path: Path
) -> None:
    environment = hub_environment(silent.endpoint, TOKEN, tmp_path / "home")
    result = finsynth(environment, "push", str(folder), "--repo-id", "me/tiny", "--timeout", "1")
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("error: creating me/tiny: the Hub did not finish within 1 s"), (
        result.stderr
    )
    assert silent.accepted >= 1  # it did connect: only the deadline could end this
    assert TOKEN not in result.stderr + result.stdout


def test_no_retry_runs_past_the_deadline(silent: SilentHub, folder: Path) -> None:
    with pytest.raises(PublishError, match=r"did not finish within 0\.5 s"):
        push_folder(folder, "me/tiny", token=TOKEN, endpoint=silent.endpoint, attempts=50, timeout_s=0.5)
    assert silent.accepted <= 2  # not fifty tries at one connection each


def test_a_push_within_its_deadline_still_works(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_DISABLE_XET", True)
    hub = FakeHub(TOKEN).start()
    try:
        result = push_folder(folder, "me/tiny", token=TOKEN, endpoint=hub.endpoint, timeout_s=60)
    finally:
        hub.stop()
    assert result.tag_created and result.changed == ("README.md", "manifest.json")
