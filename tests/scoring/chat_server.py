"""A tiny OpenAI-style chat server on 127.0.0.1 whose answers a test scripts."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = tuple[int, bytes]


class LoopbackServer:
    """An HTTP server on 127.0.0.1 (a free port) serving ``handler`` in a thread; a context manager."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._http.daemon_threads = True
        self._thread = threading.Thread(target=self._http.serve_forever, args=(0.02,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}/v1"

    def __enter__(self):  # type: ignore[no-untyped-def]  # returns the subclass instance
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._http.shutdown()
        self._http.server_close()


def chat_reply(content: str | None, finish_reason: str = "stop") -> Reply:
    """A 200 response with one choice whose message content is ``content``."""
    body = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "scripted",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}
        ],
    }
    return 200, json.dumps(body).encode()


def error_reply(status: int, message: str) -> Reply:
    return status, json.dumps({"error": {"message": message, "type": "test"}}).encode()


class ChatServer(LoopbackServer):
    """Serves ``POST <url>/chat/completions`` with ``respond(body, headers)`` on a free port.

    Records every request body and header set, counts hits and the most requests in flight at once.
    """

    def __init__(self, respond: Callable[[dict[str, Any], dict[str, str]], Reply]) -> None:
        self.respond = respond
        self.bodies: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                headers = {key.lower(): value for key, value in self.headers.items()}
                with server._lock:
                    server.bodies.append(body)
                    server.headers.append(headers)
                    server.in_flight += 1
                    server.most_in_flight = max(server.most_in_flight, server.in_flight)
                try:
                    status, payload = server.respond(body, headers)
                finally:
                    with server._lock:
                        server.in_flight -= 1
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        super().__init__(Handler)

    @property
    def hits(self) -> int:
        return len(self.bodies)
