"""A total deadline for HTTP calls, over every phase: connecting, the headers and the body.

httpx bounds each single connect, read or write, so a server that accepts the connection and
then sends a byte now and then (in the status line, the headers or the body) or nothing at all
can hold a request for as long as it likes. Here the sockets of a connection pool clamp every
network operation to the time left before a :class:`Deadline`, and fail with a timeout once
none is left. The deadline comes from :func:`within_deadline` around a call (kept per thread, so
concurrent calls sharing one pool each keep their own: the chat client's requests) or, when no
call opened one, from the transport itself (:func:`deadline_transport` with ``deadline``: every
thread of a Hub push). Name resolution happens before the socket exists and is not bounded by it.
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

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        """Return the deadline ``seconds`` from now."""
        return cls(time.monotonic() + seconds)

    def left(self) -> float:
        """Seconds left before the deadline (negative once it has passed)."""
        return self.at - time.monotonic()


_CURRENT: ContextVar[Deadline | None] = ContextVar("finsynth_http_deadline", default=None)


@contextmanager
def within_deadline(deadline: Deadline) -> Iterator[Deadline]:
    """Bound every network operation of this thread in the block to end by ``deadline``."""
    token = _CURRENT.set(deadline)
    try:
        yield deadline
    finally:
        _CURRENT.reset(token)


def _time_left(
    timeout: float | None, expired: type[httpcore2.TimeoutException], own: Deadline | None
) -> float | None:
    """Return the timeout for the next operation: ``timeout`` cut to what is left of the deadline.

    The deadline is the calling thread's (:func:`within_deadline`), else the transport's ``own``.

    Raises:
        httpcore2.TimeoutException: ``expired``, if the deadline has passed.

    """
    deadline = _CURRENT.get() or own
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

    def __init__(self, stream: httpcore2.NetworkStream, own: Deadline | None) -> None:
        self._stream = stream
        self._own = own

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _time_left(timeout, httpcore2.ReadTimeout, self._own))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _time_left(timeout, httpcore2.WriteTimeout, self._own))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore2.NetworkStream:
        left = _time_left(timeout, httpcore2.ConnectTimeout, self._own)
        return _DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, left), self._own)

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore2.NetworkBackend):
    """Opens connections within the current deadline and hands out :class:`_DeadlineStream`."""

    def __init__(self, backend: httpcore2.NetworkBackend, own: Deadline | None) -> None:
        self._backend = backend
        self._own = own

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.NetworkStream:
        left = _time_left(timeout, httpcore2.ConnectTimeout, self._own)
        stream = self._backend.connect_tcp(host, port, left, local_address, socket_options)
        return _DeadlineStream(stream, self._own)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore2.NetworkStream:
        left = _time_left(timeout, httpcore2.ConnectTimeout, self._own)
        return _DeadlineStream(self._backend.connect_unix_socket(path, left, socket_options), self._own)

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


def deadline_transport(
    base_url: str, max_connections: int, deadline: Deadline | None = None
) -> httpx2.HTTPTransport:
    """Return an HTTP transport for ``base_url`` whose connections honour a deadline.

    The deadline is the one :func:`within_deadline` opened in the calling thread, else
    ``deadline`` (which the caller may move on between calls by setting its ``at``). A proxy
    named by the environment (``https_proxy``, ``all_proxy``, ``no_proxy``, ...) is used as an
    ``httpx`` client would, since a client given its own transport reads none.

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
    _install(transport, deadline)
    return transport


def bound_client(client: httpx2.Client, deadline: Deadline) -> httpx2.Client:
    """Make every connection of ``client`` (proxied ones included) end by ``deadline``.

    For a client built by someone else (the Hub library's), whose transports read the
    environment's proxies: a thread's :func:`within_deadline` still comes first.

    Raises:
        RuntimeError: If a transport of the installed ``httpx2`` keeps its pool elsewhere.

    """
    transports = [getattr(client, "_transport", None), *getattr(client, "_mounts", {}).values()]
    for transport in transports:
        if transport is not None:
            _install(transport, deadline)
    return client


def _install(transport: object, deadline: Deadline | None) -> None:
    """Wrap the network backend of ``transport``'s connection pool in a :class:`_DeadlineBackend`."""
    # httpx2 takes no network backend, so the pool it built gets ours wrapped around its own.
    pool = getattr(transport, "_pool", None)
    backend = getattr(pool, "_network_backend", None)
    if isinstance(backend, _DeadlineBackend):
        backend = backend._backend
    if not isinstance(backend, httpcore2.NetworkBackend):
        raise RuntimeError("cannot put a deadline on this httpx2 version's connections")
    pool._network_backend = _DeadlineBackend(backend, deadline)  # type: ignore[union-attr]
