"""Replies from a real local server: the key is redacted after parsing in every encoding, short
keys leave replies alone, and any malformed reply is one failed request, never a failed run."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from typer.testing import CliRunner

from finsynth.cli import app
from finsynth.scoring.client import ChatClient, ChatEndpoint, Message, RetryPolicy
from tests.scoring.chat_server import LoopbackServer
from tests.scoring.test_redaction import encodings

SECRET = "sk-proj/0123456789abcdef+ZZ_echo"
SMALL_BENCH = Path(__file__).resolve().parents[1] / "data" / "ucfe" / "small_bench.json"


def _content(content_json: str) -> bytes:
    """A chat completion whose ``content`` is the JSON string literal ``content_json`` (as written)."""
    return (
        '{"choices": [{"index": 0, "finish_reason": "stop", '
        '"message": {"role": "assistant", "content": ' + content_json + "}}]}"
    ).encode()


def _every_char_escaped(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in text)


ECHOES: dict[str, Callable[[str], tuple[int, bytes]]] = {
    # the escapes are in the raw body: only a redaction after parsing finds the key
    "json \\u escapes": lambda auth: (200, _content('"You sent ' + _every_char_escaped(auth) + '"')),
    "json \\/ escapes": lambda auth: (200, _content(json.dumps("You sent " + auth).replace("/", "\\/"))),
    # the reply text itself holds an encoded key
    "escaped twice": lambda auth: (200, _content(json.dumps("You sent " + _every_char_escaped(auth)))),
    "url encoded": lambda auth: (200, _content(json.dumps("You sent " + quote(auth, safe="")))),
    "base64": lambda auth: (
        200,
        _content(json.dumps("Basic " + base64.b64encode(("u:" + auth.split()[-1]).encode()).decode())),
    ),
    # errors carry excerpts of what the server said
    "not json, escaped": lambda auth: (200, ("<html>" + _every_char_escaped(auth)).encode()),
    "no choices, escaped": lambda auth: (200, ('{"echo": "' + _every_char_escaped(auth) + '"}').encode()),
    "error body, escaped": lambda auth: (
        400,
        ('{"error": {"message": "bad key ' + _every_char_escaped(auth) + '"}}').encode(),
    ),
}


class ScriptedServer(LoopbackServer):
    """Answers every chat request with ``respond(authorization header)``."""

    def __init__(self) -> None:
        self.respond: Callable[[str], tuple[int, bytes]] = ECHOES["json \\u escapes"]
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                status, payload = server.respond(self.headers.get("Authorization", ""))
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        super().__init__(Handler)


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        yield running


def _leaks(text: str | bytes, key: str = SECRET) -> list[str]:
    """The encodings of ``key`` found in ``text``."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    forms = encodings(key) | {"json \\u all": _every_char_escaped(key)}
    base64_of_key = base64.b64encode(key.encode()).decode()[:-4]
    found = [name for name, form in forms.items() if form in text]
    return found + (["base64 of the key"] if base64_of_key in text else [])


def _files(folder: Path) -> Iterator[Path]:
    return (path for path in sorted(folder.rglob("*")) if path.is_file())


@pytest.mark.parametrize("echo", sorted(ECHOES))
def test_the_key_echoed_in_any_encoding_reaches_no_reply_error_or_cache(
    echo: str, server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FINSYNTH_TRUST_KEY", SECRET)
    server.respond = ECHOES[echo]
    endpoint = ChatEndpoint(server.url, "m", api_key_env="FINSYNTH_TRUST_KEY", timeout_s=5.0)
    with ChatClient(endpoint, cache_path=tmp_path / "c.sqlite", retry=RetryPolicy(max_attempts=1)) as client:
        completion = client.request([Message("user", "hi")])
    shown = f"{completion.text} {completion.error}"
    assert not _leaks(shown), shown
    assert all(not _leaks(path.read_bytes()) for path in _files(tmp_path))
    if completion.ok:
        assert completion.text is not None and "***" in completion.text


@pytest.mark.parametrize("key", ["EMPTY", "x", "none", "a"])
def test_a_short_local_key_never_alters_a_reply(
    key: str, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FINSYNTH_TRUST_KEY", key)
    reply = "The test shows a risk: none of the x values is EMPTY; a \\/ and \\u0061 stay."
    server.respond = lambda auth: (200, _content(json.dumps(reply)))
    endpoint = ChatEndpoint(server.url, "m", api_key_env="FINSYNTH_TRUST_KEY", timeout_s=5.0)
    with ChatClient(endpoint, retry=RetryPolicy(max_attempts=1)) as client:
        assert client.complete([Message("user", "hi")]) == reply


MALFORMED: dict[str, bytes] = {
    "nested 100,000 deep": b'{"choices": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "100,000-digit integer": b'{"choices": [{"message": {"content": "x"}, "index": '
    + b"7" * 100_000
    + b"}]}",
    "not json": b"<html>busy</html>",
    "a list": b"[1, 2, 3]",
    "choices a string": b'{"choices": "many"}',
    "content a number": b'{"choices": [{"message": {"content": 3}}]}',
    "lone surrogate": _content('"half a pair: \\ud800"'),
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_a_malformed_reply_is_a_per_request_error(kind: str, server: ScriptedServer) -> None:
    server.respond = lambda auth: (200, MALFORMED[kind])
    endpoint = ChatEndpoint(server.url, "m", timeout_s=5.0)
    with ChatClient(endpoint, retry=RetryPolicy(max_attempts=1)) as client:
        completion = client.request([Message("user", "hi")])
    assert completion.text is None and completion.error, completion
    assert len(completion.error) < 400  # an excerpt, not the whole body


def _simulate(bench: Path, out: Path, url: str, env: dict[str, str]) -> Any:
    arguments = (
        f"ucfe simulate {bench} --out {out} --limit 3 --max-rounds 1 --max-attempts 1 --timeout 20"
        f" --api-key-env FINSYNTH_TRUST_KEY --user-base-url {url} --user-model u"
        f" --assistant-base-url {url} --assistant-model a"
    )
    return CliRunner().invoke(app, arguments.split(), env=env)


@pytest.fixture(scope="module")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bench") / "bench"
    result = CliRunner().invoke(app, ["ucfe", "import", str(SMALL_BENCH), "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def test_malformed_replies_fail_turns_not_the_simulate_run(
    bench: Path, server: ScriptedServer, tmp_path: Path
) -> None:
    bodies = iter([*MALFORMED.values()] * 4)
    server.respond = lambda auth: (200, next(bodies, MALFORMED["not json"]))
    result = _simulate(bench, tmp_path / "dialogues", server.url, {"FINSYNTH_TRUST_KEY": "EMPTY"})
    assert result.exit_code == 0, result.output
    assert "3 dialogues" in result.output and "3 failures" in result.output
    assert (tmp_path / "dialogues").is_dir()


@pytest.mark.parametrize("echo", ["json \\u escapes", "json \\/ escapes", "escaped twice", "base64"])
def test_no_dialogue_folder_card_cache_or_output_holds_the_key(
    echo: str, bench: Path, server: ScriptedServer, tmp_path: Path
) -> None:
    server.respond = ECHOES[echo]
    out = tmp_path / "dialogues"
    result = _simulate(bench, out, server.url, {"FINSYNTH_TRUST_KEY": SECRET})
    assert result.exit_code == 0, result.output
    assert not _leaks(result.output), result.output
    written = list(_files(tmp_path))
    assert any(path.name == "README.md" for path in written) and any(
        path.suffix == ".sqlite" for path in written
    )
    assert all(not _leaks(path.read_bytes()) for path in written)
