"""The chat client against a real llama.cpp server.

Requests, cache, retries, timeouts, concurrency and failure records; not answer quality.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from finsynth.scoring.client import ChatClient, ChatEndpoint, Message, RetryPolicy, judge_pair
from tests.integration.conftest import MODEL_ALIAS, Proxy

pytestmark = pytest.mark.integration

PROMPTS = [
    "Name a stock exchange in New York.",
    "What does APR stand for?",
    "Give one example of a bond issuer.",
    "What is a dividend?",
]


def endpoint(url: str, **options: object) -> ChatEndpoint:
    settings: dict[str, object] = {"temperature": 0.0, "max_tokens": 16, "seed": 7, "timeout_s": 120.0}
    settings.update(options)
    return ChatEndpoint(url, MODEL_ALIAS, **settings)  # type: ignore[arg-type]


def no_sleep(seconds: float) -> None:
    """Retries need not wait in tests; the waits themselves are unit-tested."""


def conversation(prompt: str) -> list[Message]:
    return [Message("system", "You answer in one short sentence."), Message("user", prompt)]


def test_the_server_answers_a_chat_request(llama_server):
    with ChatClient(endpoint(llama_server)) as client:
        completion = client.request(conversation(PROMPTS[0]))
    assert completion.ok, completion.error
    assert completion.text and completion.finish_reason in ("stop", "length")
    assert completion.attempts == 1 and not completion.from_cache


def test_a_second_run_is_served_from_the_cache_without_requests(proxy: Proxy, tmp_path: Path):
    conversations = [conversation(prompt) for prompt in PROMPTS]
    with ChatClient(endpoint(proxy.url), cache_path=tmp_path / "cache.sqlite") as first:
        fresh = first.complete_many(conversations)
    assert all(c.ok for c in fresh) and proxy.hits == len(PROMPTS)
    with ChatClient(endpoint(proxy.url), cache_path=tmp_path / "cache.sqlite") as second:
        again = second.complete_many(conversations)
    assert proxy.hits == len(PROMPTS) and second.requests_sent == 0
    assert [c.text for c in again] == [c.text for c in fresh] and all(c.from_cache for c in again)


def test_a_server_that_fails_transiently_is_retried(proxy: Proxy):
    proxy.fail_first = 2
    with ChatClient(endpoint(proxy.url), retry=RetryPolicy(max_attempts=4), sleep=no_sleep) as client:
        completion = client.request(conversation(PROMPTS[1]))
    assert completion.ok, completion.error
    assert completion.attempts == 3 and proxy.hits == 3 and proxy.forwarded == 1


def test_a_request_the_server_rejects_is_not_retried(llama_server):
    wrong_path = endpoint(f"{llama_server}/no-such-route")
    with ChatClient(wrong_path, retry=RetryPolicy(max_attempts=4), sleep=no_sleep) as client:
        completion = client.request(conversation(PROMPTS[1]))
    assert not completion.ok and completion.attempts == 1 and client.requests_sent == 1
    assert completion.error is not None and completion.error.startswith("HTTP 404")


def test_a_slow_reply_times_out_and_is_retried(proxy: Proxy):
    proxy.delay_s = 1.0
    slow = endpoint(proxy.url, timeout_s=0.3)
    with ChatClient(slow, retry=RetryPolicy(max_attempts=2), sleep=no_sleep) as client:
        completion = client.request(conversation(PROMPTS[2]))
    assert not completion.ok and completion.attempts == 2
    assert completion.error is not None and "timed out" in completion.error


def test_concurrent_requests_are_bounded_and_returned_in_input_order(proxy: Proxy):
    conversations = [conversation(prompt) for prompt in PROMPTS]
    with ChatClient(endpoint(proxy.url), max_concurrency=1) as sequential:
        one_by_one = [sequential.request(messages) for messages in conversations]
    with ChatClient(endpoint(proxy.url), max_concurrency=2) as client:
        together = client.complete_many(conversations)
    assert proxy.server.most_in_flight == 2
    assert [c.text for c in together] == [c.text for c in one_by_one]
    assert len({c.text for c in together}) > 1


def test_a_corrupted_reply_is_recorded_as_an_error_not_as_text(proxy: Proxy, tmp_path: Path):
    proxy.corrupt = True
    with ChatClient(endpoint(proxy.url), cache_path=tmp_path / "cache.sqlite") as client:
        completion = client.request(conversation(PROMPTS[3]))
    assert completion.text is None and completion.error is not None
    assert completion.error.startswith("reply is not JSON")
    assert client.cache is not None and len(client.cache) == 0


def test_pairwise_judging_runs_both_orders_against_the_server(llama_server):
    first = [Message("user", "What is 10% of 200?"), Message("assistant", "It is 20.")]
    second = [Message("user", "What is 10% of 200?"), Message("assistant", "It is 2000.")]
    with ChatClient(endpoint(llama_server, max_tokens=32)) as judge:
        verdict = judge_pair(judge, task="A percentage question.", transcript_a=first, transcript_b=second)
    for judgement in (verdict.a_first, verdict.b_first):
        assert (judgement.preferred is None) == (judgement.error is not None)
    if verdict.winner is None:
        assert verdict.a_first.error or verdict.b_first.error
    else:
        assert verdict.winner in ("A", "B", "tie")
