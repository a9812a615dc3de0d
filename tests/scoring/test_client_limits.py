"""The chat client bounds each attempt: a total deadline while the body arrives and a largest body."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from finsynth.scoring.client import ChatClient, ChatEndpoint, Message, RetryPolicy
from tests.scoring.chat_server import LoopbackServer

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


@pytest.fixture
def dripping() -> Iterator[DrippingServer]:
    with DrippingServer(chunk=10, pause=0.2) as server:
        yield server


def test_a_server_that_drips_bytes_hits_the_total_deadline(dripping: DrippingServer) -> None:
    endpoint = ChatEndpoint(dripping.url, "m", timeout_s=5.0, deadline_s=0.5)
    started = time.monotonic()
    with ChatClient(endpoint, retry=RetryPolicy(max_attempts=1)) as client:
        completion = client.request([Message("user", "hi")])
    assert completion.error is not None and "took longer than 0.5 s" in completion.error
    assert time.monotonic() - started < 15  # the whole reply would take about 40 s


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
