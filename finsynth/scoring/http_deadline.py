"""A total deadline for one HTTP attempt, over every phase: connecting, the headers and the body.

httpx bounds each single connect, read or write, so a server that accepts the connection and
then sends a byte now and then (in the status line, the headers or the body) or nothing at all
can hold a request for as long as it likes. Here the sockets of the chat client's connection
pool clamp every network operation to the time left before the deadline of the attempt in
progress, and fail with a timeout once none is left. :func:`request_deadline` opens that
deadline around an attempt; it is kept per thread, so concurrent attempts sharing one pool each
keep their own. Name resolution happens before the socket exists and is not bounded by it.
"""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import httpcore2
import httpx2

if TYPE_CHECKING:
    import ssl


@dataclass
class Deadline:
    """The monotonic time an attempt must end by.

    Attributes:
        at: ``time.monotonic()`` value of the deadline.
        limiting: Whether the deadline, not the per-operation timeout, bounded a network
            operation of the attempt (so a timeout of the attempt is the deadline's).

    """

    at: float
    limiting: bool = False


_CURRENT: ContextVar[Deadline | None] = ContextVar("finsynth_http_deadline", default=None)


@contextmanager
def request_deadline(seconds: float) -> Iterator[Deadline]:
    """Bound every network operation of this thread in the block to end within ``seconds``."""
    deadline = Deadline(time.monotonic() + seconds)
    token = _CURRENT.set(deadline)
    try:
        yield deadline
    finally:
        _CURRENT.reset(token)


def _time_left(timeout: float | None, expired: type[httpcore2.TimeoutException]) -> float | None:
    """Return the timeout for the next operation: ``timeout`` cut to what is left of the deadline.

    Raises:
        httpcore2.TimeoutException: ``expired``, if the deadline has passed.

    """
    deadline = _CURRENT.get()
    if deadline is None:
        return timeout
    left = deadline.at - time.monotonic()
    if timeout is not None and timeout < left:
        return timeout
    deadline.limiting = True
    if left <= 0:
        raise expired("the request's total deadline has passed")
    return left


class _DeadlineStream(httpcore2.NetworkStream):
    """A connection whose reads, writes and TLS handshake end by the current deadline."""

    def __init__(self, stream: httpcore2.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _time_left(timeout, httpcore2.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _time_left(timeout, httpcore2.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore2.NetworkStream:
        left = _time_left(timeout, httpcore2.ConnectTimeout)
        return _DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, left))

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore2.NetworkBackend):
    """Opens connections within the current deadline and hands out :class:`_DeadlineStream`."""

    def __init__(self, backend: httpcore2.NetworkBackend) -> None:
        self._backend = backend

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.NetworkStream:
        left = _time_left(timeout, httpcore2.ConnectTimeout)
        return _DeadlineStream(self._backend.connect_tcp(host, port, left, local_address, socket_options))

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore2.NetworkStream:
        left = _time_left(timeout, httpcore2.ConnectTimeout)
        return _DeadlineStream(self._backend.connect_unix_socket(path, left, socket_options))

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


def deadline_transport(base_url: str, max_connections: int) -> httpx2.HTTPTransport:
    """Return an HTTP transport for ``base_url`` whose connections honour :func:`request_deadline`.

    A proxy named by the environment (``https_proxy``, ``all_proxy``, ``no_proxy``, ...) is
    used as an ``httpx`` client would, since a client given its own transport reads none.

    Raises:
        RuntimeError: If the installed ``httpx2`` keeps its connection pool elsewhere, so the
            deadline could not be installed (never a request without one).

    """
    parts = urlsplit(base_url)
    proxies = urllib.request.getproxies()
    bypass = parts.hostname is not None and urllib.request.proxy_bypass(parts.hostname)
    proxy = None if bypass else proxies.get(parts.scheme) or proxies.get("all")
    transport = httpx2.HTTPTransport(
        proxy=proxy,
        limits=httpx2.Limits(max_connections=max_connections, max_keepalive_connections=max_connections),
    )
    # httpx2 takes no network backend, so the pool it built gets ours wrapped around its own.
    pool = getattr(transport, "_pool", None)
    backend = getattr(pool, "_network_backend", None)
    if not isinstance(backend, httpcore2.NetworkBackend):
        raise RuntimeError("cannot put a deadline on this httpx2 version's connections")
    pool._network_backend = _DeadlineBackend(backend)  # type: ignore[union-attr]
    return transport
