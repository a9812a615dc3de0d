"""The chat client bounds each attempt: a total deadline over every phase and a largest body."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from finsynth.scoring.client import ChatClient, ChatEndpoint, ChatError, Message, RetryPolicy
from tests.scoring.chat_server import ChatServer, LoopbackServer, chat_reply

REPLY = json.dumps({"choices": [{"message": {"role": "assistant", "content": "x" * 2000}}]}).encode()


class DrippingServer(LoopbackServer):
    """Sends a valid reply ``chunk`` bytes at a time, ``pause`` seconds apart."""

    def __init__(self, chunk: int, pause: float) -> None:
        server = self
        self.chunk, self.pause = chunk, pause

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(REPLY)))
                self.end_headers()
                try:
                    for start in range(0, len(REPLY), server.chunk):
                        self.wfile.write(REPLY[start : start + server.chunk])
                        self.wfile.flush()
                        time.sleep(server.pause)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        super().__init__(Handler)


class StallingServer(LoopbackServer):
    """Reads the request, then sends ``head`` (status line and headers) one byte a second, or
    nothing at all when ``head`` is empty, until the test ends."""

    def __init__(self, head: bytes) -> None:
        self.released = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    for byte in head:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        if server.released.wait(1.0):
                            return
                except (BrokenPipeError, ConnectionResetError):
                    return
                server.released.wait(120)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        super().__init__(Handler)

    def __exit__(self, *exc_info: object) -> None:
        self.released.set()
        super().__exit__(*exc_info)


HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(REPLY)
KEY = "sk-test-0123456789abcdef-secret"


@pytest.mark.parametrize("head", [HEAD, b""], ids=["headers a byte a second", "never answers"])
def test_the_total_deadline_covers_the_wait_for_the_status_line_and_headers(
    head: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FINSYNTH_TEST_KEY", KEY)
    with StallingServer(head) as server:
        # Each byte comes well within the 10 s per-read timeout; only the total deadline can end this.
        endpoint = ChatEndpoint(
            server.url, "m", api_key_env="FINSYNTH_TEST_KEY", timeout_s=10.0, deadline_s=1.5
        )
        client = ChatClient(endpoint, retry=RetryPolicy(max_attempts=1))
        with client, pytest.raises(ChatError) as raised:
            client.complete([Message("user", "hi")])
    assert str(raised.value) == f"{server.url} model 'm': reply took longer than 1.5 s"
    assert KEY not in str(raised.value) and KEY not in raised.value.reason


@pytest.fixture
def dripping() -> Iterator[DrippingServer]:
    with DrippingServer(chunk=10, pause=0.2) as server:
        yield server


def test_a_server_that_drips_bytes_hits_the_total_deadline(dripping: DrippingServer) -> None:
    endpoint = ChatEndpoint(dripping.url, "m", timeout_s=5.0, deadline_s=0.5)
    with ChatClient(endpoint, retry=RetryPolicy(max_attempts=1)) as client:
        completion = client.request([Message("user", "hi")])
    # The whole reply would take about 40 s; only the total deadline ends it with this error.
    assert completion.error is not None and "took longer than 0.5 s" in completion.error


def test_a_reply_larger_than_the_limit_fails_and_is_not_cached(tmp_path: Path) -> None:
    with DrippingServer(chunk=len(REPLY), pause=0) as server:
        endpoint = ChatEndpoint(server.url, "m", timeout_s=5.0, max_reply_bytes=1000)
        with ChatClient(
            endpoint, cache_path=tmp_path / "c.sqlite", retry=RetryPolicy(max_attempts=3)
        ) as client:
            completion = client.request([Message("user", "hi")])
            assert completion.error == "reply is larger than 1,000 bytes" and completion.attempts == 1
            assert client.cache is not None and len(client.cache) == 0
        roomy = ChatEndpoint(server.url, "m", timeout_s=5.0)
        with ChatClient(roomy) as client:
            assert client.complete([Message("user", "hi")]) == "x" * 2000


def test_a_proxy_named_by_the_environment_is_still_used(monkeypatch: pytest.MonkeyPatch) -> None:
    with ChatServer(lambda body, headers: chat_reply("via the proxy")) as proxy:
        for name in ("no_proxy", "NO_PROXY", "all_proxy", "ALL_PROXY", "HTTP_PROXY"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("http_proxy", proxy.url.removesuffix("/v1"))
        endpoint = ChatEndpoint("http://chat.finsynth-test.invalid/v1", "m", timeout_s=5.0)
        with ChatClient(endpoint, retry=RetryPolicy(max_attempts=1)) as client:
            assert client.complete([Message("user", "hi")]) == "via the proxy"
        assert proxy.hits == 1 and proxy.headers[0]["host"] == "chat.finsynth-test.invalid"


def test_the_deadline_covers_the_whole_request_not_each_attempt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FINSYNTH_TEST_KEY", KEY)
    with StallingServer(b"") as server:
        endpoint = ChatEndpoint(
            server.url, "m", api_key_env="FINSYNTH_TEST_KEY", timeout_s=10.0, deadline_s=1.0
        )
        waits: list[float] = []
        with ChatClient(endpoint, retry=RetryPolicy(max_attempts=5), sleep=waits.append) as client:
            completion = client.request([Message("user", "hi")])
    # five attempts of one second each would be allowed per attempt; one second is all there is
    assert completion.attempts == 1 and waits == []
    assert completion.error is not None and "took longer than 1.0 s" in completion.error


def test_no_retry_starts_whose_wait_would_pass_the_deadline() -> None:
    with ChatServer(lambda body, headers: (503, b'{"error": {"message": "busy"}}')) as server:
        endpoint = ChatEndpoint(server.url, "m", timeout_s=5.0, deadline_s=2.0)
        waits: list[float] = []
        retry = RetryPolicy(max_attempts=5, base_delay_s=10.0)
        with ChatClient(endpoint, retry=retry, sleep=waits.append) as client:
            completion = client.request([Message("user", "hi")])
    assert server.hits == 1 and waits == []
    assert completion.error == "HTTP 503: busy (gave up after 1 attempt: a retry would end past the deadline)"
