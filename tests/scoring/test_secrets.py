"""The API key never leaves the client: a server that echoes the request headers in every kind of
reply finds it nowhere, not in exceptions, stderr, the cache or the dialogue dataset."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from finsynth.scoring.client import ChatClient, ChatEndpoint, ChatError, Message, RetryPolicy
from tests.scoring.chat_server import LoopbackServer

SECRET = "sk-echo-" + "0123456789abcdef" * 4
ROOT = Path(__file__).resolve().parents[2]
SMALL_BENCH = ROOT / "tests" / "data" / "ucfe" / "small_bench.json"


def _padded(prefix: str, headers: str) -> str:
    """Place the echoed headers so the key straddles the 200th character, where errors are cut."""
    start = headers.index(SECRET)
    return prefix + "x" * max(0, 176 - len(prefix) - start) + headers


def _reply(kind: str, headers: str) -> tuple[int, bytes, int | None]:
    """Return (status, body, declared length or None) of one reply kind that echoes ``headers``."""
    if kind == "not json":
        return 200, _padded("<html>", headers).encode(), None
    if kind == "no choices":
        return 200, json.dumps({"choices": [], "echo": _padded("", headers)}).encode(), None
    if kind == "content":
        body = {"choices": [{"message": {"role": "assistant", "content": "Sure. " + headers}}]}
        return 200, json.dumps(body).encode(), None
    if kind in ("401", "404", "500", "503"):
        return int(kind), json.dumps({"error": {"message": _padded("denied ", headers)}}).encode(), None
    if kind == "plain 4xx":
        return 400, _padded("bad request ", headers).encode(), None
    if kind == "truncated":
        payload = _padded('{"choices": [{"message": {"content": "', headers).encode()
        return 200, payload, len(payload) + 500
    raise AssertionError(kind)


KINDS = ("not json", "no choices", "content", "401", "404", "500", "503", "plain 4xx", "truncated")


class EchoServer(LoopbackServer):
    """Answers every chat request with a reply of ``kind`` that echoes the request headers."""

    def __init__(self) -> None:
        self.kind = "not json"
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = "\n".join(f"{key}: {value}" for key, value in self.headers.items())
                status, payload, declared = _reply(server.kind, headers)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(declared or len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass
                if declared is not None:
                    self.close_connection = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

        super().__init__(Handler)


@pytest.fixture
def echo_server() -> Iterator[EchoServer]:
    with EchoServer() as server:
        yield server


def _files_under(folder: Path) -> Iterator[bytes]:
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            yield path.read_bytes()


@pytest.mark.parametrize("kind", KINDS)
def test_no_reply_kind_brings_the_key_into_errors_replies_or_the_cache(
    kind: str, echo_server: EchoServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FINSYNTH_ECHO_KEY", SECRET)
    echo_server.kind = kind
    endpoint = ChatEndpoint(echo_server.url, "m", api_key_env="FINSYNTH_ECHO_KEY", timeout_s=5.0)
    seen: list[str] = []
    retry = RetryPolicy(max_attempts=2)
    cache = tmp_path / "cache.sqlite"
    with ChatClient(endpoint, cache_path=cache, retry=retry, sleep=lambda s: None) as client:
        completion = client.request([Message("user", "hi")])
        seen += [str(completion.text), str(completion.error), repr(completion)]
        try:
            seen.append(client.complete([Message("user", "again")]))
        except ChatError as error:
            seen += [str(error), error.reason, repr(error)]
    assert all(SECRET not in text for text in seen), seen
    # the key is not even partly shown: no 16-character piece of it survives
    assert all(SECRET[i : i + 16] not in text for text in seen for i in range(len(SECRET) - 15)), seen
    assert all(SECRET.encode() not in data for data in _files_under(tmp_path))
    if kind == "content":
        assert completion.text is not None and "***" in completion.text


def test_a_simulated_dialogue_dataset_and_its_output_never_hold_the_key(
    echo_server: EchoServer, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FINSYNTH_ECHO_KEY": SECRET}
    finsynth = [sys.executable, "-c", "from finsynth.cli.app import main; main()"]
    bench = tmp_path / "bench"
    subprocess.run([*finsynth, "ucfe", "import", str(SMALL_BENCH), "--out", str(bench)], env=env, check=True)
    outputs = []
    for number, kind in enumerate(("not json", "no choices", "401", "500", "truncated", "content")):
        echo_server.kind = kind
        out = tmp_path / f"dialogues-{number}"
        arguments = (
            f"ucfe simulate {bench} --out {out} --limit 2 --max-rounds 1 --max-attempts 1"
            f" --api-key-env FINSYNTH_ECHO_KEY --user-base-url {echo_server.url} --user-model u"
            f" --assistant-base-url {echo_server.url} --assistant-model a"
        )
        result = subprocess.run(
            [*finsynth, *arguments.split()],
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert result.returncode == 0, result.stderr
        outputs += [result.stdout, result.stderr]
    assert any("failure 2" in text for text in outputs)  # failures were recorded, with their reasons
    assert all(SECRET not in text for text in outputs)
    assert all(SECRET.encode() not in data for data in _files_under(tmp_path))
