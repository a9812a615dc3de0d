"""A chat client for any OpenAI-compatible endpoint, and pairwise judging in both orders.

:class:`ChatClient` sends chat requests to ``<base_url>/chat/completions`` with the ``openai``
package (the ``llm`` extra). It is built for judges and user simulators that run thousands of
requests and are re-run often:

- **Cache.** Every successful reply is stored in an SQLite file keyed by a SHA-256 of the whole
  request (base URL, model, messages and every generation parameter, but never the API key), so
  a re-run makes no requests. SQLite makes writes atomic and safe across threads and processes.
- **Retries.** Connection errors, timeouts, HTTP 408, 429 and 5xx are retried with exponential
  backoff; the jitter comes from a seeded :class:`~finsynth.seeding.RandomStream`, not the clock.
  Other 4xx errors are the caller's mistake and fail at once.
- **Deadline.** One request, every attempt and every wait between attempts included, ends
  within :attr:`ChatEndpoint.deadline_s` seconds of its first byte sent.
- **Concurrency.** :meth:`ChatClient.complete_many` runs requests in threads, at most
  ``max_concurrency`` at a time, and returns results in input order.
- **Explicit failures.** :meth:`ChatClient.request` returns a :class:`Completion` that carries
  either the reply text or an error; an empty or malformed reply (not JSON, nested too deeply,
  a number too long to read, the wrong shape, text that is not Unicode) is an error, never
  ``""`` and never an exception.
- **Secrets.** Every string taken from the network is passed through a
  :class:`~finsynth.scoring.redaction.SecretRedactor` after parsing, so the API key is found in
  any encoding a server may echo it in; keys too short to be secrets are left alone.

The ``openai`` package was chosen over raw ``httpx`` because it already knows how each provider
wants its URL, headers and authentication; its own retries are switched off so that one seeded
policy applies, and the response body is parsed here so a malformed body becomes an error
instead of a half-filled object.

Modules that only need "messages in, text out" depend on the :class:`ChatModel` protocol, so
tests can pass scripted fakes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, Protocol

from finsynth.errors import FinsynthError
from finsynth.http_deadline import Deadline, deadline_transport, within_deadline
from finsynth.scoring.judge_fence import neutralise
from finsynth.scoring.redaction import SecretRedactor
from finsynth.seeding import RandomStream, derive_seed

Role = Literal["system", "user", "assistant"]
Preference = Literal["A", "B", "tie"]
Position = Literal["first", "second", "tie"]

_ROLE_LABELS: Mapping[str, str] = {"system": "System", "user": "User", "assistant": "Assistant"}
_TRANSIENT_STATUS = frozenset({408, 429})
_PLACEHOLDER_KEY = "no-key-set"
_RAW_RESPONSE_HEADER = "X-Stainless-Raw-Response"
"""Tells the ``openai`` client to hand over the response unread, so its size and time are bounded."""


class ChatError(FinsynthError):
    """A chat request failed for good (after any retries), or its reply could not be used.

    Args:
        message: The whole message, naming the endpoint and model (for logs and the user).
        reason: What went wrong without naming the endpoint, safe to store in a dataset;
            defaults to ``message``.

    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with the reason, so the error crosses process boundaries intact."""
        return (ChatError, (str(self), self.reason))


class VerdictParseError(FinsynthError):
    """A judge's reply does not contain exactly one verdict token."""


@dataclass(frozen=True)
class Message:
    """One chat message.

    Attributes:
        role: ``system``, ``user`` or ``assistant``.
        content: The text of the message.

    """

    role: Role
    content: str

    def __post_init__(self) -> None:
        if self.role not in _ROLE_LABELS:
            raise ValueError(f"message role must be one of {', '.join(_ROLE_LABELS)}, not {self.role!r}")


class ChatModel(Protocol):
    """Anything that turns a conversation into the next assistant reply."""

    def complete(self, messages: Sequence[Message]) -> str:
        """Return the reply to ``messages``.

        Raises:
            ChatError: If no usable reply could be obtained.

        """
        ...


@dataclass(frozen=True)
class Completion:
    """The outcome of one chat request: reply text or an error, never both.

    Attributes:
        text: The reply, or ``None`` when the request failed.
        error: Why the request failed (after retries), or ``None`` on success.
        attempts: HTTP attempts made (0 when served from the cache).
        from_cache: Whether the reply came from the on-disk cache.
        finish_reason: The server's ``finish_reason`` (``stop``, ``length``, ...) when given.

    """

    text: str | None
    error: str | None = None
    attempts: int = 0
    from_cache: bool = False
    finish_reason: str | None = None

    def __post_init__(self) -> None:
        if (self.text is None) == (self.error is None):
            raise ValueError("a Completion carries either text or an error, not both or neither")

    @property
    def ok(self) -> bool:
        """Whether the request produced a usable reply."""
        return self.text is not None


@dataclass(frozen=True)
class RetryPolicy:
    """When and how long to wait before retrying a transient failure.

    The wait before retry ``n`` (1-based) is ``min(max_delay_s, base_delay_s * 2**(n-1))`` scaled
    by a jitter factor in ``[0.5, 1)`` drawn from ``RandomStream(derive_seed(seed, request key,
    n))``: requests that fail together spread out, and the same run waits the same amounts.

    Attributes:
        max_attempts: Attempts in all, the first included (1 disables retries).
        base_delay_s: Wait before the first retry, before jitter.
        max_delay_s: Longest wait before jitter.
        seed: Seed of the jitter.

    """

    max_attempts: int = 5
    base_delay_s: float = 0.5
    max_delay_s: float = 30.0
    seed: int = 0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError(f"RetryPolicy.max_attempts must be at least 1, not {self.max_attempts}")
        if self.base_delay_s < 0 or self.max_delay_s < 0:
            raise ValueError("RetryPolicy delays must not be negative")

    def delay_s(self, retry: int, request_key: str) -> float:
        """Return the seconds to wait before retry number ``retry`` (1-based) of a request."""
        backoff = min(self.max_delay_s, self.base_delay_s * 2.0 ** (retry - 1))
        jitter = RandomStream(derive_seed(self.seed, "retry", request_key, retry)).uniform(0.5, 1.0)
        return backoff * jitter


@dataclass(frozen=True)
class ChatEndpoint:
    """Where requests go and the generation parameters sent with every request.

    Attributes:
        base_url: The API root, e.g. ``http://127.0.0.1:8000/v1`` or ``https://api.openai.com/v1``.
        model: The model name the server expects.
        api_key_env: Name of the environment variable holding the API key. The key is read when
            the client is built and is never logged, cached or shown in errors or reprs; a key of
            :data:`~finsynth.scoring.redaction.MIN_SECRET_LENGTH` characters or more is redacted
            from everything the server sends back. When the variable is unset a placeholder is
            sent (local servers ignore it).
        temperature: Sampling temperature.
        max_tokens: Largest number of tokens in a reply.
        seed: Sampling seed passed to the server (``None`` to send none).
        stop: Stop sequences.
        extra_body: Further JSON fields for the request body (e.g. ``{"top_k": 40}``).
        timeout_s: Seconds one read of an HTTP attempt may wait (a timeout is retried). It does
            not change what a server replies, so it is not part of the cache key.
        deadline_s: Seconds one whole request may take: every attempt, from connecting to the
            last byte of the reply, and every wait between attempts, counted from the first
            attempt. A server that sends a byte now and then, or accepts the connection and says
            nothing, cannot hold a request longer; no retry starts that could not end in time.
        max_reply_bytes: Largest reply body accepted; a larger one fails at once (not retried)
            and is never cached.

    """

    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.0
    max_tokens: int = 512
    seed: int | None = 0
    stop: tuple[str, ...] = ()
    extra_body: Mapping[str, Any] = field(default_factory=dict)
    timeout_s: float = 60.0
    deadline_s: float = 300.0
    max_reply_bytes: int = 16 << 20

    def request_body(self, messages: Sequence[Message]) -> dict[str, Any]:
        """Return the JSON body sent for ``messages``: everything that shapes the reply."""
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": message.role, "content": message.content} for message in messages],
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        if self.seed is not None:
            body["seed"] = self.seed
        if self.stop:
            body["stop"] = list(self.stop)
        body.update(self.extra_body)
        return body

    def request_key(self, messages: Sequence[Message]) -> str:
        """Return the cache key of a request: SHA-256 of the base URL and the canonical JSON body."""
        canonical = json.dumps(
            {"base_url": self.base_url.rstrip("/"), "body": self.request_body(messages)},
            sort_keys=True,
            ensure_ascii=False,
            separators=(",", ":"),
        )
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    """Successful replies on disk, one SQLite row per request key.

    Each operation opens its own connection, so threads and processes can share one file;
    SQLite serialises the writes and each insert is atomic.

    Args:
        path: The SQLite file; its folder is created if missing.

    """

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._transaction() as connection:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS replies"
                " (key TEXT PRIMARY KEY, text TEXT NOT NULL, finish_reason TEXT)"
            )

    def __repr__(self) -> str:
        return f"ResponseCache({str(self.path)!r})"

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """Yield a fresh connection whose statements commit together, then close it."""
        with closing(sqlite3.connect(self.path, timeout=60.0)) as connection, connection:
            yield connection

    def get(self, key: str) -> tuple[str, str | None] | None:
        """Return ``(text, finish_reason)`` stored under ``key``, or ``None``."""
        with self._transaction() as connection:
            row = connection.execute(
                "SELECT text, finish_reason FROM replies WHERE key = ?", (key,)
            ).fetchone()
        return None if row is None else (str(row[0]), None if row[1] is None else str(row[1]))

    def put(self, key: str, text: str, finish_reason: str | None) -> None:
        """Store a reply under ``key``, replacing an earlier reply to the same request."""
        with self._transaction() as connection:
            connection.execute(
                "INSERT OR REPLACE INTO replies (key, text, finish_reason) VALUES (?, ?, ?)",
                (key, text, finish_reason),
            )

    def __len__(self) -> int:
        with self._transaction() as connection:
            return int(connection.execute("SELECT COUNT(*) FROM replies").fetchone()[0])


@dataclass(frozen=True)
class _Attempt:
    """What one HTTP attempt gave: a reply, or an error and whether retrying may help."""

    text: str | None = None
    finish_reason: str | None = None
    error: str = ""
    transient: bool = False


class ChatClient:
    """A :class:`ChatModel` backed by an OpenAI-compatible HTTP endpoint.

    Args:
        endpoint: Where to send requests and with which generation parameters.
        cache_path: SQLite file of cached replies; ``None`` disables the cache.
        retry: When to retry transient failures.
        max_concurrency: Most requests in flight at once, over all threads using this client.
        sleep: How to wait between retries (tests pass a recorder).

    Attributes:
        requests_sent: HTTP attempts made so far (cache hits make none).
        cache_hits: Replies served from the cache so far.

    Raises:
        FinsynthError: If the ``openai`` package (the ``llm`` extra) is not installed.

    Examples:
        >>> client = ChatClient(ChatEndpoint("http://127.0.0.1:8000/v1", "judge"), cache_path=Path("c.db"))
        >>> client.complete([Message("user", "Say hello.")])  # doctest: +SKIP

    """

    def __init__(
        self,
        endpoint: ChatEndpoint,
        *,
        cache_path: Path | None = None,
        retry: RetryPolicy | None = None,
        max_concurrency: int = 4,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        try:
            import openai
        except ImportError as error:
            raise FinsynthError("ChatClient needs the openai package: pip install 'finsynth[llm]'") from error
        if max_concurrency < 1:
            raise ValueError(f"max_concurrency must be at least 1, not {max_concurrency}")
        self.endpoint = endpoint
        self.retry = retry if retry is not None else RetryPolicy()
        self.max_concurrency = max_concurrency
        self.cache = None if cache_path is None else ResponseCache(cache_path)
        self.requests_sent = 0
        self.cache_hits = 0
        self._sleep = sleep
        self._slots = threading.BoundedSemaphore(max_concurrency)
        self._counter_lock = threading.Lock()
        api_key = os.environ.get(endpoint.api_key_env, "")
        self._redactor = SecretRedactor(api_key)
        self._openai = openai.OpenAI(
            api_key=api_key or _PLACEHOLDER_KEY,
            base_url=endpoint.base_url,
            timeout=endpoint.timeout_s,
            max_retries=0,  # one retry policy, ours, seeded
            http_client=openai.DefaultHttpxClient(
                transport=deadline_transport(endpoint.base_url, max_concurrency)
            ),
        )

    def __repr__(self) -> str:
        return f"ChatClient(base_url={self.endpoint.base_url!r}, model={self.endpoint.model!r})"

    def close(self) -> None:
        """Close the HTTP connections."""
        self._openai.close()

    def __enter__(self) -> ChatClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def complete(self, messages: Sequence[Message]) -> str:
        """Return the reply to ``messages``.

        Raises:
            ChatError: If the request failed after retries or the reply was empty or malformed.

        """
        return self._complete(self.endpoint, messages)

    def with_seed(self, seed: int | None) -> ChatModel:
        """Return a chat model that sends ``seed`` instead of the endpoint's seed.

        It shares this client's connection, cache, retry policy, concurrency limit and counters,
        so a caller can give every item its own sampling seed without opening a client per item.
        """
        return _SeededChat(self, replace(self.endpoint, seed=seed))

    def _complete(self, endpoint: ChatEndpoint, messages: Sequence[Message]) -> str:
        completion = self._request(endpoint, messages)
        if completion.text is None:
            raise ChatError(
                f"{endpoint.base_url} model {endpoint.model!r}: {completion.error}",
                f"model {endpoint.model!r}: {completion.error}",
            )
        return completion.text

    def complete_many(self, conversations: Sequence[Sequence[Message]]) -> list[Completion]:
        """Request replies to many conversations concurrently; results are in input order.

        At most ``max_concurrency`` requests are in flight; failures are returned, not raised.
        """
        if not conversations:
            return []
        with ThreadPoolExecutor(max_workers=min(self.max_concurrency, len(conversations))) as pool:
            return list(pool.map(self.request, conversations))

    def request(self, messages: Sequence[Message]) -> Completion:
        """Return the reply to ``messages`` from the cache or the server, or the reason there is none.

        Transient failures are retried as :attr:`retry` says; only successful replies are cached.

        Raises:
            ValueError: If ``messages`` is empty.

        """
        return self._request(self.endpoint, messages)

    def _request(self, endpoint: ChatEndpoint, messages: Sequence[Message]) -> Completion:
        if not messages:
            raise ValueError("a chat request needs at least one message")
        key = endpoint.request_key(messages)
        if self.cache is not None and (cached := self.cache.get(key)) is not None:
            with self._counter_lock:
                self.cache_hits += 1
            return Completion(text=cached[0], finish_reason=cached[1], from_cache=True)
        body = endpoint.request_body(messages)
        attempts = 0
        deadline: Deadline | None = None
        while True:
            attempts += 1
            outcome, deadline = self._attempt(endpoint, body, deadline)
            if outcome.text is not None:
                if self.cache is not None:
                    self.cache.put(key, outcome.text, outcome.finish_reason)
                return Completion(text=outcome.text, attempts=attempts, finish_reason=outcome.finish_reason)
            wait = self.retry.delay_s(attempts, key)
            if not outcome.transient or attempts >= self.retry.max_attempts:
                tries = f" (gave up after {attempts} attempts)" if attempts > 1 else ""
                return Completion(text=None, error=outcome.error + tries, attempts=attempts)
            if deadline.left() <= wait:
                plural = "s" if attempts > 1 else ""
                tries = f" (gave up after {attempts} attempt{plural}: a retry would end past the deadline)"
                return Completion(text=None, error=outcome.error + tries, attempts=attempts)
            self._sleep(wait)

    def _attempt(
        self, endpoint: ChatEndpoint, body: Mapping[str, Any], deadline: Deadline | None
    ) -> tuple[_Attempt, Deadline]:
        """Send one HTTP request within the request's deadline (opened by the first attempt)."""
        with self._slots:
            if deadline is None:
                deadline = Deadline.after(endpoint.deadline_s)
            with within_deadline(deadline):
                return self._send(endpoint, body, deadline), deadline

    def _send(self, endpoint: ChatEndpoint, body: Mapping[str, Any], deadline: Deadline) -> _Attempt:
        """Send one HTTP request and classify what came back."""
        import httpx2
        import openai

        if deadline.left() <= 0:
            deadline.limiting = True
            return self._timed_out(endpoint, deadline)
        with self._counter_lock:
            self.requests_sent += 1
        try:
            response = self._openai.post(
                "/chat/completions",
                cast_to=httpx2.Response,
                body=dict(body),
                options={"headers": {_RAW_RESPONSE_HEADER: "stream"}},  # read the body here
            )
            with closing(response):
                received = self._read_body(endpoint, response.iter_bytes())
        except httpx2.TimeoutException:
            return self._timed_out(endpoint, deadline)
        except httpx2.HTTPError as error:
            return _Attempt(error=self._redact(f"connection failed: {error}"), transient=True)
        except openai.APIStatusError as error:
            status = error.status_code
            transient = status in _TRANSIENT_STATUS or status >= 500
            hint = f" (is {endpoint.api_key_env} set?)" if status == 401 else ""
            detail = _shortened(self._redact(_status_detail(error.body, error.message)))
            return _Attempt(error=f"HTTP {status}: {detail}{hint}", transient=transient)
        except openai.APITimeoutError:
            return self._timed_out(endpoint, deadline)
        except openai.APIConnectionError as error:
            return _Attempt(error=self._redact(f"connection failed: {error}"), transient=True)
        if isinstance(received, _Attempt):
            return received
        return _parse_reply(received, self._redact)

    def _read_body(self, endpoint: ChatEndpoint, chunks: Iterator[bytes]) -> str | _Attempt:
        """Return the reply body as text, or the failed attempt if it is too large."""
        limit = endpoint.max_reply_bytes
        body = bytearray()
        for chunk in chunks:
            body += chunk
            if len(body) > limit:
                return _Attempt(error=f"reply is larger than {limit:,} bytes")
        return body.decode("utf-8", errors="replace")

    def _timed_out(self, endpoint: ChatEndpoint, deadline: Deadline) -> _Attempt:
        """Say which limit a timed-out attempt hit: the whole request's or one read's."""
        if deadline.limiting:
            return _Attempt(error=f"reply took longer than {endpoint.deadline_s} s", transient=True)
        return _Attempt(error=f"timed out after {endpoint.timeout_s} s", transient=True)

    def _redact(self, text: str) -> str:
        """Replace the API key, in any encoding, in text that came from the server or the network.

        Every string of a reply (after parsing, so escapes are decoded), error body or
        connection error passes through here before it is shortened, cached, stored in a record
        or shown, so a server that echoes the request headers cannot leak the key, not even as
        the cut-off start of a shortened message.
        """
        return self._redactor.redact(text)


class _SeededChat:
    """A :class:`ChatClient` seen through an endpoint that differs only in its seed."""

    def __init__(self, client: ChatClient, endpoint: ChatEndpoint) -> None:
        self._client = client
        self._endpoint = endpoint

    def __repr__(self) -> str:
        return f"{self._client!r}.with_seed({self._endpoint.seed!r})"

    def complete(self, messages: Sequence[Message]) -> str:
        """Return the reply to ``messages``, sampled with this view's seed.

        Raises:
            ChatError: If the request failed after retries or the reply was empty or malformed.

        """
        return self._client._complete(self._endpoint, messages)


def _status_detail(body: object, fallback: str) -> str:
    """Return the server's own error message (``error.message`` of an OpenAI error body)."""
    message = body.get("message") if isinstance(body, dict) else None
    return message if isinstance(message, str) else fallback


def _shortened(text: str, limit: int = 300) -> str:
    """Return ``text`` cut to ``limit`` characters, marking the cut."""
    return text if len(text) <= limit else text[:limit] + "..."


def _parse_reply(raw: str, redact: Callable[[str], str]) -> _Attempt:
    """Return the text and finish reason of a chat-completion body, or say what is wrong with it.

    Any body at all becomes an attempt: JSON nested too deeply or holding a number too long to
    read fails like text that is not JSON. ``redact`` is applied to every string kept: the
    reply's content and finish reason (escapes already decoded) and the excerpt in an error.
    """

    def excerpt() -> str:
        return repr(_shortened(redact(raw), 200))

    try:
        document = json.loads(raw)
    except RecursionError:
        return _Attempt(error="reply is JSON nested too deeply to read")
    except ValueError as error:  # JSONDecodeError, or an integer past Python's digit limit
        if isinstance(error, json.JSONDecodeError):
            return _Attempt(error=f"reply is not JSON: {excerpt()}")
        return _Attempt(error=f"reply is not readable JSON: {error}")
    choices = document.get("choices") if isinstance(document, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return _Attempt(error=f"reply has no choices: {excerpt()}")
    message = choices[0].get("message")
    content = message.get("content") if isinstance(message, dict) else None
    finish_reason = choices[0].get("finish_reason")
    finish = _unicode(redact(finish_reason)) if isinstance(finish_reason, str) else None
    if not isinstance(content, str):
        return _Attempt(error=f"reply has no choices[0].message.content (finish_reason={finish})")
    if not content.strip():
        return _Attempt(error=f"empty reply (finish_reason={finish})")
    if _unicode(content) is None:
        return _Attempt(error="reply text is not valid Unicode (it holds a lone surrogate escape)")
    return _Attempt(text=redact(content), finish_reason=finish)


def _unicode(text: str) -> str | None:
    """Return ``text`` if it can be written as UTF-8 (no lone surrogate from a JSON escape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return text


def render_transcript(turns: Sequence[Message]) -> str:
    """Render turns as ``User: ...`` / ``Assistant: ...`` lines, one turn after another.

    Lines after the first of a turn are indented by two spaces, so text inside a turn can never
    pass for a role label.
    """
    return "\n".join(
        f"{_ROLE_LABELS[turn.role]}: " + turn.content.strip().replace("\n", "\n  ") for turn in turns
    )


def judged_transcript(turns: Sequence[Message]) -> str:
    """:func:`render_transcript` of turns under judgement, each neutralised first.

    What a judge prompt quotes: no turn can carry a verdict token or close a fence
    (:func:`~finsynth.scoring.judge_fence.neutralise`).
    """
    return render_transcript([Message(turn.role, neutralise(turn.content)) for turn in turns])


PAIRWISE_JUDGE_INSTRUCTIONS = """\
You compare two conversations between a client and a financial assistant. The client had the \
same goal in both. Decide which assistant served the client better.

Weigh, in this order: whether the figures, facts and reasoning are correct; whether the client's \
actual needs were met; whether the advice fits the client's situation and states its assumptions \
and risks; and how clear and concise the replies are. Length alone is not a merit. The order in \
which the conversations are shown says nothing about their quality.

Think briefly, then end your reply with one line that is exactly one of:
VERDICT: 1
VERDICT: 2
VERDICT: TIE
"""

_VERDICT_TOKEN = re.compile(r"VERDICT\s*:\s*\**\s*(1|2|TIE)\b", re.IGNORECASE)
_POSITIONS: Mapping[str, Position] = {"1": "first", "2": "second", "tie": "tie"}


def parse_verdict(reply: str) -> Position:
    """Return the conversation a judge preferred: ``first``, ``second`` or ``tie``.

    The reply must contain ``VERDICT: 1``, ``VERDICT: 2`` or ``VERDICT: TIE`` (any case); the
    token may repeat, but only with the same value.

    Raises:
        VerdictParseError: If there is no verdict token, or tokens disagree.

    """
    found = {match.group(1).lower() for match in _VERDICT_TOKEN.finditer(reply)}
    if not found:
        raise VerdictParseError(f"no 'VERDICT: 1|2|TIE' line in judge reply: {reply[-200:]!r}")
    if len(found) > 1:
        raise VerdictParseError(f"conflicting verdicts {sorted(found)} in judge reply: {reply[-200:]!r}")
    return _POSITIONS[found.pop()]


def pairwise_judge_prompt(task: str, first: Sequence[Message], second: Sequence[Message]) -> list[Message]:
    """Return the judge messages comparing two role-labelled transcripts, ``first`` shown first."""
    body = (
        f"The client's goal:\n{task.strip()}\n\n"
        f"Conversation 1:\n{judged_transcript(first)}\n\n"
        f"Conversation 2:\n{judged_transcript(second)}\n\n"
        "Which assistant served the client better?"
    )
    return [Message("system", PAIRWISE_JUDGE_INSTRUCTIONS), Message("user", body)]


@dataclass(frozen=True)
class OrderedJudgement:
    """The judge's reply for one presentation order.

    Attributes:
        a_first: Whether transcript A was shown first.
        reply: The judge's raw reply, or ``None`` if the request failed.
        preferred: The preferred transcript in A/B terms, or ``None`` when ``error`` is set.
        error: Why there is no preference (request failure or unparseable reply).

    """

    a_first: bool
    reply: str | None
    preferred: Preference | None
    error: str | None = None


@dataclass(frozen=True)
class PairwiseVerdict:
    """A pairwise judgement made in both orders.

    Attributes:
        winner: ``A``, ``B`` or ``tie`` (also when the two orders disagree); ``None`` when either
            order failed, see the judgements' ``error``.
        a_first: The judgement with A shown first.
        b_first: The judgement with B shown first.

    """

    winner: Preference | None
    a_first: OrderedJudgement
    b_first: OrderedJudgement

    @property
    def consistent(self) -> bool:
        """Whether both orders produced the same preference."""
        return self.a_first.preferred is not None and self.a_first.preferred == self.b_first.preferred


def read_ordered_reply(
    reply: str | ChatError, *, a_first: bool, parse: Callable[[str], Position] = parse_verdict
) -> OrderedJudgement:
    """Read a judge's reply for one presentation order into a preference between A and B.

    Args:
        reply: The judge's reply, or the error that kept it from replying.
        a_first: Whether transcript A was shown first.
        parse: Reads the preferred position from a reply (raising
            :class:`VerdictParseError` when it cannot); by default :func:`parse_verdict`.

    """
    if isinstance(reply, ChatError):
        return OrderedJudgement(a_first=a_first, reply=None, preferred=None, error=str(reply))
    try:
        position = parse(reply)
    except VerdictParseError as error:
        return OrderedJudgement(a_first=a_first, reply=reply, preferred=None, error=str(error))
    if position == "tie":
        return OrderedJudgement(a_first=a_first, reply=reply, preferred="tie")
    shown_first: Preference = "A" if a_first else "B"
    shown_second: Preference = "B" if a_first else "A"
    return OrderedJudgement(
        a_first=a_first, reply=reply, preferred=shown_first if position == "first" else shown_second
    )


def combine_orders(a_first: OrderedJudgement, b_first: OrderedJudgement) -> PairwiseVerdict:
    """The verdict of both orders: their winner when they agree, ``tie`` when not, ``None`` if one failed."""
    if a_first.preferred is None or b_first.preferred is None:
        winner: Preference | None = None
    elif a_first.preferred == b_first.preferred:
        winner = a_first.preferred
    else:
        winner = "tie"
    return PairwiseVerdict(winner=winner, a_first=a_first, b_first=b_first)


def _ask_judge(judge: ChatModel, messages: Sequence[Message]) -> str | ChatError:
    try:
        return judge.complete(messages)
    except ChatError as error:
        return error


def judge_pair(
    judge: ChatModel, *, task: str, transcript_a: Sequence[Message], transcript_b: Sequence[Message]
) -> PairwiseVerdict:
    """Compare two transcripts of the same task, once in each order, to cancel position bias.

    Args:
        judge: The judging model.
        task: What the client wanted, shown to the judge above both transcripts.
        transcript_a: Turns of the first candidate's conversation.
        transcript_b: Turns of the second candidate's conversation.

    Returns:
        The winner when both orders agree, ``tie`` when they disagree, ``None`` when an order failed.

    """
    a_first = _ask_judge(judge, pairwise_judge_prompt(task, transcript_a, transcript_b))
    b_first = _ask_judge(judge, pairwise_judge_prompt(task, transcript_b, transcript_a))
    return combine_orders(
        read_ordered_reply(a_first, a_first=True), read_ordered_reply(b_first, a_first=False)
    )
