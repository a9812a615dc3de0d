"""The chat client against a scripted local HTTP server, and pairwise judging with scripted judges."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.scoring.client import (
    PAIRWISE_JUDGE_INSTRUCTIONS,
    ChatClient,
    ChatEndpoint,
    ChatError,
    Completion,
    Message,
    ResponseCache,
    RetryPolicy,
    VerdictParseError,
    judge_pair,
    parse_verdict,
    render_transcript,
)
from tests.scoring.chat_server import ChatServer, Reply, chat_reply, error_reply

SECRET = "sk-test-do-not-leak-4242"
HELLO = [Message("system", "Be brief."), Message("user", "Say hello.")]


def echo(body: dict[str, Any], headers: dict[str, str]) -> Reply:
    return chat_reply("echo: " + body["messages"][-1]["content"])


class Sleeps:
    """Records the waits a client asks for instead of sleeping."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def failing_first(times: int, status: int) -> tuple[list[int], Any]:
    calls = [0]

    def respond(body: dict[str, Any], headers: dict[str, str]) -> Reply:
        calls[0] += 1
        return error_reply(status, "busy") if calls[0] <= times else chat_reply("finally")

    return calls, respond


def make_client(url: str, tmp_path: Any = None, **options: Any) -> ChatClient:
    cache_path = None if tmp_path is None else tmp_path / "cache.sqlite"
    endpoint = ChatEndpoint(url, "scripted", api_key_env="FINSYNTH_TEST_KEY", timeout_s=5.0)
    options.setdefault("sleep", Sleeps())
    return ChatClient(endpoint, cache_path=cache_path, **options)


def test_request_sends_every_generation_parameter_and_the_key_from_the_named_variable(monkeypatch):
    monkeypatch.setenv("FINSYNTH_TEST_KEY", SECRET)
    with ChatServer(echo) as server:
        endpoint = ChatEndpoint(
            server.url, "judge-7b", api_key_env="FINSYNTH_TEST_KEY", temperature=0.3, max_tokens=77, seed=5
        )
        with ChatClient(endpoint) as client:
            assert client.complete(HELLO) == "echo: Say hello."
    body = server.bodies[0]
    assert body["model"] == "judge-7b" and body["temperature"] == 0.3
    assert body["max_tokens"] == 77 and body["seed"] == 5
    assert body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Say hello."},
    ]
    assert server.headers[0]["authorization"] == f"Bearer {SECRET}"


def test_the_api_key_never_appears_in_reprs_errors_or_the_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("FINSYNTH_TEST_KEY", SECRET)

    def reject(body: dict[str, Any], headers: dict[str, str]) -> Reply:
        if body["messages"][-1]["content"] == "ok":
            return chat_reply("fine")
        return error_reply(401, "Incorrect API key provided: " + headers["authorization"])

    with ChatServer(reject) as server, make_client(server.url, tmp_path) as client:
        failed = client.request([Message("user", "hi")])
        assert client.complete([Message("user", "ok")]) == "fine"
        with pytest.raises(ChatError) as raised:
            client.complete([Message("user", "hi")])
        shown = [repr(client), repr(client.endpoint), repr(failed), str(raised.value)]
    assert failed.error is not None and "401" in failed.error and "FINSYNTH_TEST_KEY" in failed.error
    assert all(SECRET not in text for text in shown)
    assert SECRET.encode() not in (tmp_path / "cache.sqlite").read_bytes()


def test_a_second_run_with_the_same_cache_makes_no_requests(tmp_path):
    conversations = [[Message("user", f"question {i}")] for i in range(5)]
    with ChatServer(echo) as server:
        with make_client(server.url, tmp_path) as first:
            fresh = first.complete_many(conversations)
        with make_client(server.url, tmp_path) as second:
            again = second.complete_many(conversations)
        assert server.hits == 5
    assert [c.text for c in again] == [c.text for c in fresh]
    assert all(c.from_cache and c.attempts == 0 for c in again)
    assert second.requests_sent == 0 and second.cache_hits == 5


def write_replies(path: str, writer: int) -> None:
    cache = ResponseCache(Path(path))
    for i in range(40):
        cache.put(f"{writer}-{i}", f"reply {writer} {i}", "stop")
        cache.put("shared", "same reply", "stop")


def test_processes_can_write_one_cache_file_at_the_same_time(tmp_path):
    path = tmp_path / "shared.sqlite"
    context = multiprocessing.get_context("fork")
    writers = [context.Process(target=write_replies, args=(str(path), writer)) for writer in range(3)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=900)
    assert [writer.exitcode for writer in writers] == [0, 0, 0]
    cache = ResponseCache(path)
    assert len(cache) == 121
    assert cache.get("2-39") == ("reply 2 39", "stop") and cache.get("shared") == ("same reply", "stop")
    assert cache.get("missing") is None


CHANGES = {
    "base_url": "http://127.0.0.1:9/other",
    "model": "another",
    "temperature": 0.7,
    "max_tokens": 13,
    "seed": 1,
    "stop": ("\n",),
    "extra_body": {"top_k": 5},
}


@pytest.mark.parametrize("parameter", sorted(CHANGES))
def test_every_parameter_is_part_of_the_cache_key(parameter):
    endpoint = ChatEndpoint("http://127.0.0.1:9/v1", "judge")
    assert replace(endpoint, **{parameter: CHANGES[parameter]}).request_key(HELLO) != endpoint.request_key(
        HELLO
    )


def test_the_cache_key_ignores_the_key_its_variable_and_the_timeout(monkeypatch):
    endpoint = ChatEndpoint("http://127.0.0.1:9/v1", "judge")
    before = endpoint.request_key(HELLO)
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    assert replace(endpoint, api_key_env="OTHER", timeout_s=1.0).request_key(HELLO) == before


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["system", "user", "assistant"]), st.text()), min_size=1, max_size=4)
)
def test_different_conversations_have_different_cache_keys(turns):
    endpoint = ChatEndpoint("http://127.0.0.1:9/v1", "judge")
    messages = [Message(role, text) for role, text in turns]
    changed = [*messages[:-1], Message(messages[-1].role, messages[-1].content + "x")]
    assert endpoint.request_key(messages) == endpoint.request_key(list(messages))
    assert endpoint.request_key(messages) != endpoint.request_key(changed)


@pytest.mark.parametrize("status", [429, 500, 502, 503])
def test_transient_errors_are_retried_with_seeded_exponential_backoff(status):
    calls, respond = failing_first(2, status)
    policy = RetryPolicy(max_attempts=4, base_delay_s=1.0, max_delay_s=30.0, seed=3)
    with ChatServer(respond) as server, make_client(server.url, retry=policy) as client:
        completion = client.request(HELLO)
    assert completion.text == "finally" and completion.attempts == 3 and calls[0] == 3
    waits = client._sleep.waits  # type: ignore[attr-defined]
    assert len(waits) == 2
    assert 0.5 <= waits[0] < 1.0 and 1.0 <= waits[1] < 2.0
    key = client.endpoint.request_key(HELLO)
    assert waits == [policy.delay_s(1, key), policy.delay_s(2, key)]


def test_retry_waits_depend_on_the_seed_and_the_request_not_the_clock():
    policy = RetryPolicy(base_delay_s=1.0, seed=1)
    assert policy.delay_s(1, "a") == RetryPolicy(base_delay_s=1.0, seed=1).delay_s(1, "a")
    waits = {policy.delay_s(1, key) for key in "abcdefgh"} | {replace(policy, seed=2).delay_s(1, "a")}
    assert len(waits) == 9
    assert policy.delay_s(20, "a") < policy.max_delay_s


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
def test_client_errors_fail_at_once(status):
    calls, respond = failing_first(10, status)
    with ChatServer(respond) as server, make_client(server.url) as client:
        completion = client.request(HELLO)
    assert completion.text is None and completion.attempts == 1 and calls[0] == 1
    assert completion.error is not None and completion.error.startswith(f"HTTP {status}: busy")


def test_giving_up_after_max_attempts_is_reported():
    calls, respond = failing_first(10, 503)
    with ChatServer(respond) as server, make_client(server.url, retry=RetryPolicy(max_attempts=3)) as client:
        completion = client.request(HELLO)
        with pytest.raises(ChatError, match="gave up after 3 attempts"):
            client.complete(HELLO)
    assert completion.attempts == 3 and calls[0] == 6
    assert completion.error is not None and "HTTP 503" in completion.error


def test_a_slow_server_times_out_and_the_timeout_is_retried():
    def slow(body: dict[str, Any], headers: dict[str, str]) -> Reply:
        time.sleep(1.0)
        return chat_reply("too late")

    with ChatServer(slow) as server:
        endpoint = ChatEndpoint(server.url, "scripted", timeout_s=0.2)
        with ChatClient(endpoint, retry=RetryPolicy(max_attempts=2), sleep=Sleeps()) as client:
            completion = client.request(HELLO)
    # The server answers each attempt after 1 s; only the 0.2 s timeout gives this error.
    assert completion.text is None and completion.attempts == 2 and server.hits == 2
    assert completion.error is not None and "timed out" in completion.error


def test_an_unreachable_server_is_a_retried_connection_error():
    with ChatServer(echo) as server:
        url = server.url
    with make_client(url, retry=RetryPolicy(max_attempts=2)) as client:
        completion = client.request(HELLO)
    assert (
        completion.attempts == 2 and completion.error is not None and "connection failed" in completion.error
    )


def test_complete_many_bounds_concurrency_and_keeps_input_order():
    def slow_echo(body: dict[str, Any], headers: dict[str, str]) -> Reply:
        time.sleep(0.05)
        return echo(body, headers)

    conversations = [[Message("user", f"q{i}")] for i in range(12)]
    with ChatServer(slow_echo) as server, make_client(server.url, max_concurrency=3) as client:
        completions = client.complete_many(conversations)
    assert [c.text for c in completions] == [f"echo: q{i}" for i in range(12)]
    assert 2 <= server.most_in_flight <= 3


def test_the_concurrency_bound_holds_across_caller_threads():
    def slow_echo(body: dict[str, Any], headers: dict[str, str]) -> Reply:
        time.sleep(0.05)
        return echo(body, headers)

    with ChatServer(slow_echo) as server, make_client(server.url, max_concurrency=2) as client:
        threads = [
            threading.Thread(target=client.complete, args=([Message("user", str(i))],)) for i in range(8)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert server.hits == 8 and server.most_in_flight <= 2


MALFORMED: dict[str, Reply] = {
    "not json": (200, b"<html>proxy error</html>"),
    "no choices": (200, b'{"choices": []}'),
    "null content": chat_reply(None),
    "empty content": chat_reply("   \n"),
    "not an object": (200, b"[1, 2]"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_or_empty_replies_are_errors_not_empty_text_and_are_not_cached(case, tmp_path):
    with ChatServer(lambda body, headers: MALFORMED[case]) as server:
        with make_client(server.url, tmp_path) as client:
            completion = client.request(HELLO)
            with pytest.raises(ChatError):
                client.complete(HELLO)
        assert completion.text is None and completion.error and completion.attempts == 1
        assert server.hits == 2 and client.cache is not None and len(client.cache) == 0


def test_a_completion_carries_text_or_an_error():
    with pytest.raises(ValueError):
        Completion(text=None)
    with pytest.raises(ValueError):
        Completion(text="x", error="y")
    assert Completion(text="").ok and not Completion(text=None, error="e").ok


def test_invalid_settings_are_rejected():
    with pytest.raises(ValueError):
        Message("narrator", "Once upon a time")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        RetryPolicy(max_attempts=0)
    with pytest.raises(ValueError):
        ChatClient(ChatEndpoint("http://127.0.0.1:9/v1", "m"), max_concurrency=0)
    with pytest.raises(ValueError):
        make_client("http://127.0.0.1:9/v1").request([])


# --- judging -----------------------------------------------------------------------------


class ScriptedJudge:
    """Answers judge prompts with a function of the prompt; records the prompts."""

    def __init__(self, decide: Any) -> None:
        self.decide = decide
        self.prompts: list[str] = []

    def complete(self, messages: Sequence[Message]) -> str:
        self.prompts.append(messages[-1].content)
        return str(self.decide(messages[-1].content))


GOOD = [Message("user", "What is 10% of 200?"), Message("assistant", "It is 20.")]
BAD = [Message("user", "What is 10% of 200?"), Message("assistant", "It is 2000.")]


def prefers_correct(prompt: str) -> str:
    first = prompt.index("Conversation 1:")
    second = prompt.index("Conversation 2:")
    correct = prompt.index("It is 20.")
    return "Reasoning...\nVERDICT: 1" if first < correct < second else "VERDICT: 2"


def test_a_consistent_judge_picks_the_same_winner_in_both_orders():
    judge = ScriptedJudge(prefers_correct)
    verdict = judge_pair(judge, task="Percentages", transcript_a=BAD, transcript_b=GOOD)
    assert verdict.winner == "B" and verdict.consistent
    assert verdict.a_first.a_first and not verdict.b_first.a_first
    assert judge.prompts[0].index("It is 2000.") < judge.prompts[0].index("It is 20.")
    assert judge.prompts[1].index("It is 20.") < judge.prompts[1].index("It is 2000.")


def test_a_judge_that_always_picks_the_first_shown_gives_a_tie():
    verdict = judge_pair(
        ScriptedJudge(lambda prompt: "VERDICT: 1"), task="t", transcript_a=GOOD, transcript_b=BAD
    )
    assert verdict.winner == "tie" and not verdict.consistent
    assert (verdict.a_first.preferred, verdict.b_first.preferred) == ("A", "B")


def test_judge_prompts_keep_role_labels():
    judge = ScriptedJudge(lambda prompt: "VERDICT: TIE")
    verdict = judge_pair(judge, task="t", transcript_a=GOOD, transcript_b=BAD)
    assert verdict.winner == "tie" and verdict.consistent
    assert "User: What is 10% of 200?\nAssistant: It is 20." in judge.prompts[0]


def test_an_unparseable_or_failed_judgement_gives_no_winner_and_says_why():
    replies = iter(["I like both.", "VERDICT: 2"])
    verdict = judge_pair(
        ScriptedJudge(lambda prompt: next(replies)), task="t", transcript_a=GOOD, transcript_b=BAD
    )
    assert verdict.winner is None and verdict.a_first.preferred is None
    assert verdict.a_first.error is not None and "no 'VERDICT" in verdict.a_first.error
    assert verdict.b_first.preferred == "A"

    class Broken:
        def complete(self, messages: Sequence[Message]) -> str:
            raise ChatError("server down")

    failed = judge_pair(Broken(), task="t", transcript_a=GOOD, transcript_b=BAD)
    assert failed.winner is None and failed.a_first.error == "server down" and failed.a_first.reply is None


@pytest.mark.parametrize(
    ("reply", "position"),
    [
        ("VERDICT: 1", "first"),
        ("long reasoning\nverdict:2", "second"),
        ("**VERDICT: TIE**", "tie"),
        ("VERDICT: 1\n...so again VERDICT: 1", "first"),
    ],
)
def test_parse_verdict_reads_the_token(reply, position):
    assert parse_verdict(reply) == position


def test_every_verdict_line_the_judge_is_told_to_write_is_understood():
    lines = [line for line in PAIRWISE_JUDGE_INSTRUCTIONS.splitlines() if line.startswith("VERDICT:")]
    assert sorted(parse_verdict(line) for line in lines) == ["first", "second", "tie"]


@pytest.mark.parametrize(
    "reply", ["", "Conversation 1 is better.", "VERDICT: 1 ... VERDICT: 2", "VERDICT: 3"]
)
def test_parse_verdict_fails_explicitly(reply):
    with pytest.raises(VerdictParseError):
        parse_verdict(reply)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_parse_verdict_never_guesses_from_text_without_a_token(text):
    if "verdict" in text.lower():
        return
    with pytest.raises(VerdictParseError):
        parse_verdict(text)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["user", "assistant"]), st.text(min_size=1)), max_size=6))
def test_rendered_transcripts_have_one_label_line_per_turn(turns):
    rendered = render_transcript([Message(role, text) for role, text in turns])
    label_lines = [line for line in rendered.split("\n") if line.startswith(("User: ", "Assistant: "))]
    assert len(label_lines) == len(turns)
    assert [line.split(":")[0] for line in label_lines] == [role.capitalize() for role, _ in turns]


def test_a_seeded_view_sends_its_own_seed_and_shares_the_cache_and_counters(tmp_path):
    with ChatServer(echo) as server, make_client(server.url, tmp_path) as client:
        seeded = client.with_seed(1234)
        assert seeded.complete(HELLO) == "echo: Say hello."
        assert client.complete(HELLO) == "echo: Say hello."  # another seed: another request
        assert seeded.complete(HELLO) == "echo: Say hello."  # same seed: from the cache
        assert client.with_seed(None).complete(HELLO) == "echo: Say hello."
    assert [body.get("seed") for body in server.bodies] == [1234, 0, None]
    assert client.requests_sent == 3 and client.cache_hits == 1


def test_a_seeded_view_names_the_endpoint_when_it_fails():
    def refuse(body: dict[str, Any], headers: dict[str, str]) -> Reply:
        return error_reply(400, "bad seed")

    with ChatServer(refuse) as server, make_client(server.url) as client:
        seeded = client.with_seed(7)
        with pytest.raises(ChatError, match=r"model 'scripted': HTTP 400"):
            seeded.complete(HELLO)
