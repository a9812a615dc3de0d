"""Simulated UCFE dialogues as a dataset, against a scripted OpenAI-style server playing both sides."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import datasets
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from finsynth.builder.parquet import write_batches
from finsynth.builder.ucfe_bench import data_file, write_bench_folder
from finsynth.builder.ucfe_dialogues import read_items, summarize, write_dialogue_folder
from finsynth.cli import app
from finsynth.errors import FinsynthError
from finsynth.generators.registry import get_generator
from finsynth.generators.ucfe.bench import import_bench
from finsynth.generators.ucfe.dialogues import (
    NO_USER_MODEL,
    RoundLimits,
    request_seed,
    select_items,
    simulate_dataset,
)
from finsynth.generators.ucfe.simulator import DEFAULT_END_MARKER
from finsynth.schemas import arrow_schema, record_schema, validate_record
from finsynth.scoring.client import ChatClient, ChatEndpoint, ChatError, Message, RetryPolicy
from finsynth.seeding import InstanceSeeds
from tests.scoring.chat_server import ChatServer, Reply, chat_reply, error_reply

SMALL_BENCH = Path(__file__).resolve().parents[3] / "tests" / "data" / "ucfe" / "small_bench.json"
ITEMS = import_bench(SMALL_BENCH).records
MULTI_TURN = [item for item in ITEMS if item["setting"] == "multi_turn"]
ZERO_SHOT = [item for item in ITEMS if item["setting"] == "zero_shot"]
DATA_FILE = Path("ucfe_dialogues") / "test-00000-of-00001.parquet"


class Script:
    """Plays both sides by model name: ``client`` asks numbered questions, ``assistant`` answers them.

    Attributes:
        end_at: The round in which the client writes the end marker (``None``: never).
        fail: ``(model, round)`` answered with HTTP 400 instead of a reply.

    """

    def __init__(self, end_at: int | None = 2, fail: tuple[str, int] | None = None) -> None:
        self.end_at = end_at
        self.fail = fail

    def __call__(self, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        messages = body["messages"]
        if body["model"] == "client":
            asked_to_continue = messages[-1]["content"].startswith("It is too early")
            round_number = sum(message["role"] == "user" for message in messages) - asked_to_continue
            if self.fail == ("client", round_number):
                return error_reply(400, "client refused")
            if round_number == self.end_at and not asked_to_continue:
                return chat_reply(f"Thanks, that is all. {DEFAULT_END_MARKER}")
            briefing = len(messages[0]["content"])  # differs between items
            return chat_reply(f"Question {round_number} from a client briefed in {briefing} characters?")
        round_number = sum(message["role"] == "user" for message in messages)
        if self.fail == ("assistant", round_number):
            return error_reply(400, "assistant refused")
        return chat_reply(f"Answer {round_number} to: {messages[-1]['content'][:40]}")


def clients(url: str, cache: Path | None = None) -> tuple[ChatClient, ChatClient]:
    def side(model: str) -> ChatClient:
        endpoint = ChatEndpoint(url, model, api_key_env="FINSYNTH_TEST_KEY", timeout_s=5.0)
        return ChatClient(endpoint, cache_path=cache, retry=RetryPolicy(max_attempts=1))

    return side("client"), side("assistant")


def simulate(script: Script, items: Sequence[dict[str, Any]], **options: Any) -> list[dict[str, Any]]:
    with ChatServer(script) as server:
        user, assistant = clients(server.url)
        return list(simulate_dataset(items, user=user, assistant=assistant, seed=3, **options))


def test_records_are_schema_valid_and_keep_alternating_role_labels():
    records = simulate(Script(end_at=2), ITEMS)
    assert [record["item_id"] for record in records] == [item["id"] for item in ITEMS]
    for record, item in zip(records, ITEMS, strict=True):
        validate_record("ucfe_dialogue", record)
        roles = [turn["role"] for turn in record["turns"]]
        assert roles == ["user", "assistant"] * (len(roles) // 2) + ["user"] * (len(roles) % 2)
        assert record["input"].startswith("User: ") and "\nAssistant: " in record["input"]
        assert record["id"] == f"{item['id']}/dialogue" and record["target"] == item["target"]
        assert record["hints"] == item["hints"] and record["evaluation_prompt"] == item["evaluation_prompt"]
        assert json.loads(record["metadata"])["item_id"] == item["id"]


def test_the_user_ends_when_allowed_and_its_closing_words_are_kept_without_the_marker():
    records = simulate(Script(end_at=2), MULTI_TURN)
    for record in records:
        assert (record["ended_by"], record["rounds"], record["failure"]) == ("user_ended", 1, None)
        assert record["turns"][-1] == {"role": "user", "content": "Thanks, that is all."}
        assert DEFAULT_END_MARKER not in record["input"]


def test_an_early_end_is_refused_until_min_rounds_and_max_rounds_stops_the_dialogue():
    early = simulate(Script(end_at=1), MULTI_TURN, min_rounds=3, max_rounds=3)
    assert all(record["early_end_attempts"] == 1 and record["rounds"] == 3 for record in early)
    assert all(record["ended_by"] == "max_rounds" for record in early)
    endless = simulate(Script(end_at=None), MULTI_TURN, max_rounds=2)
    assert [(record["rounds"], record["ended_by"]) for record in endless] == [(2, "max_rounds")] * 2
    assert all((record["min_rounds"], record["max_rounds"]) == (1, 2) for record in endless)


def test_zero_shot_items_get_one_reply_to_their_full_prompt():
    records = simulate(Script(), ZERO_SHOT, max_rounds=4)
    for record, item in zip(records, ZERO_SHOT, strict=True):
        assert record["turns"][0] == {"role": "user", "content": item["input"]}
        assert record["turns"][1]["role"] == "assistant" and len(record["turns"]) == 2
        assert (record["rounds"], record["max_rounds"], record["user_model"]) == (1, 1, NO_USER_MODEL)
    assert select_items(ITEMS, settings=("multi_turn",)) == MULTI_TURN


@pytest.mark.parametrize(("side", "round_number"), [("client", 1), ("assistant", 2)])
def test_a_failed_turn_is_recorded_and_never_stored_as_an_empty_turn(side, round_number):
    records = simulate(Script(end_at=None, fail=(side, round_number)), MULTI_TURN, max_rounds=3)
    speaker = "user" if side == "client" else "assistant"
    for record in records:
        assert record["ended_by"] == "failure" and record["rounds"] == round_number - 1
        assert record["failure"]["speaker"] == speaker and record["failure"]["round"] == round_number
        assert f"{side} refused" in record["failure"]["reason"]
        assert all(turn["content"].strip() for turn in record["turns"])
    summary = summarize(records)
    assert summary.ended_by == {"user_ended": 0, "max_rounds": 0, "failure": 2}
    assert [item_id for item_id, _ in summary.failures] == [item["id"] for item in MULTI_TURN]


def test_each_side_of_each_item_sends_its_own_derived_seed():
    with ChatServer(Script(end_at=2)) as server:
        user, assistant = clients(server.url)
        list(simulate_dataset(MULTI_TURN, user=user, assistant=assistant, seed=3))
    sent = {(body["model"], body["seed"]) for body in server.bodies}
    expected = {
        (model, request_seed(3, item["id"], side))
        for item in MULTI_TURN
        for model, side in (("client", "user"), ("assistant", "assistant"))
    }
    assert sent == expected and len(expected) == 4


def test_concurrency_keeps_input_order_and_the_records():
    assert simulate(Script(end_at=3), ITEMS, concurrency=4) == simulate(Script(end_at=3), ITEMS)


def test_bad_arguments_are_refused_before_any_request():
    with pytest.raises(FinsynthError, match=r"min_rounds \(3\) is larger than max_rounds \(2\)"):
        simulate(Script(), ITEMS, min_rounds=3, max_rounds=2)
    with pytest.raises(FinsynthError, match="no items to simulate: of 3 UCFE items, 0 are multi-turn"):
        select_items(ZERO_SHOT, settings=("multi_turn",))
    with pytest.raises(FinsynthError, match="end_marker must not be blank"):
        simulate(Script(), ITEMS, end_marker=" ")


@settings(max_examples=40, deadline=None)
@given(
    override_min=st.one_of(st.none(), st.integers(0, 6)),
    override_max=st.one_of(st.none(), st.integers(1, 6)),
    spec_min=st.integers(0, 3),
    spread=st.integers(0, 3),
)
def test_round_limits_stay_ordered_and_keep_what_was_asked(override_min, override_max, spec_min, spread):
    if override_min is not None and override_max is not None and override_min > override_max:
        with pytest.raises(FinsynthError):
            RoundLimits(override_min, override_max)
        return
    low, high = RoundLimits(override_min, override_max).for_task(spec_min, spec_min + max(spread, 1))
    assert 0 <= low <= high and high >= 1
    assert override_min is None or low == override_min
    assert override_max is None or high == override_max


class Parrot:
    """A fake model that always says the same text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def complete(self, messages: Sequence[Message]) -> str:
        if not self.text.strip():
            raise ChatError("nothing to say")
        return self.text


@settings(max_examples=25, deadline=None)
@given(st.text(min_size=0, max_size=60))
def test_any_reply_text_gives_a_schema_valid_record(text):
    records = list(
        simulate_dataset(ITEMS[2:4], user=Parrot(text), assistant=Parrot(text), seed=0, max_rounds=2)
    )
    for record in records:
        validate_record("ucfe_dialogue", record)
        assert (record["failure"] is None) == (record["ended_by"] != "failure")


def make_import(tmp_path: Path) -> Path:
    return write_bench_folder(import_bench(SMALL_BENCH), tmp_path / "bench")


def run_arguments(url: str, dataset: Path, out: Path, *extra: str) -> list[str]:
    return [
        "ucfe", "simulate", str(dataset), "--out", str(out),
        "--user-base-url", url, "--user-model", "client",
        "--assistant-base-url", url, "--assistant-model", "assistant",
        "--api-key-env", "FINSYNTH_TEST_KEY", "--max-attempts", "1", *extra,
    ]  # fmt: skip


def run_cli(url: str, dataset: Path, out: Path, *extra: str) -> Any:
    return CliRunner().invoke(app, run_arguments(url, dataset, out, *extra))


def test_cli_writes_a_folder_that_datasets_loads_and_a_rerun_rebuilds_it_from_the_cache(tmp_path):
    dataset = make_import(tmp_path)
    out = tmp_path / "dialogues"
    with ChatServer(Script(end_at=2)) as server:
        first = run_cli(server.url, dataset, out, "--concurrency", "2")
        assert first.exit_code == 0, first.output
        requests = server.hits
        written = (out / DATA_FILE).read_bytes()
        second = run_cli(server.url, dataset, out, "--overwrite")
        assert second.exit_code == 0, second.output
        assert server.hits == requests  # the rerun sent nothing
    assert (out / DATA_FILE).read_bytes() == written
    assert "5 dialogues, mean rounds 1.00; ended: user_ended 2, max_rounds 3, failure 0" in first.output
    assert f"requests: 0 sent, {requests} from the cache" in second.output
    assert (tmp_path / "dialogues.cache.sqlite").is_file()
    loaded = datasets.load_dataset(str(out), "ucfe_dialogues", split="test")
    assert loaded.num_rows == 5 and loaded[3]["turns"][0]["role"] == "user"
    for command in ("validate", "verify"):
        checked = CliRunner().invoke(app, [command, str(out)])
        assert checked.exit_code == 0, checked.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["configs"]["ucfe_dialogues"]["family"] == "ucfe_dialogue"
    assert manifest["source"]["config"] == "ucfe_bench" and manifest["seed"] == 0


def test_two_runs_in_two_processes_write_identical_folders(tmp_path):
    dataset = make_import(tmp_path)
    folders = tmp_path / "one", tmp_path / "two"
    with ChatServer(Script(end_at=2)) as first, ChatServer(Script(end_at=2)) as second:
        in_process = run_cli(first.url, dataset, folders[0], "--seed", "9", "--concurrency", "1")
        assert in_process.exit_code == 0, in_process.output
        arguments = run_arguments(second.url, dataset, folders[1], "--seed", "9", "--concurrency", "3")
        environment = {**os.environ, "PYTHONHASHSEED": "123"}
        command = [sys.executable, "-c", "from finsynth.cli import main; main()", *arguments]
        subprocess.run(command, check=True, capture_output=True, env=environment, timeout=900)
    for name in (DATA_FILE, Path("README.md"), Path("manifest.json")):
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name


def test_a_rerun_after_failed_turns_asks_only_for_what_is_missing(tmp_path):
    dataset = make_import(tmp_path)
    out, cache = tmp_path / "dialogues", tmp_path / "replies.sqlite"
    options = ("--multi-turn-only", "--max-rounds", "2", "--cache", str(cache), "--overwrite")
    script = Script(end_at=None, fail=("assistant", 2))
    with ChatServer(script) as server:
        failed = run_cli(server.url, dataset, out, *options)
        assert failed.exit_code == 0 and "round 2, assistant: " in failed.output
        assert "HTTP 400: assistant refused" in failed.output
        assert pq.read_table(out / DATA_FILE).column("ended_by").to_pylist() == ["failure", "failure"]
        first_hits = server.hits
        script.fail = None
        healed = run_cli(server.url, dataset, out, *options)
        assert healed.exit_code == 0, healed.output
    assert first_hits == 8  # per item: two user turns, one answer, one failed answer
    assert server.hits - first_hits == 2  # only the two failed answers are asked again
    assert pq.read_table(out / DATA_FILE).column("ended_by").to_pylist() == ["max_rounds", "max_rounds"]


def test_cli_bad_input_exits_2_with_a_message(tmp_path):
    with ChatServer(Script()) as server:
        missing = run_cli(server.url, tmp_path / "nowhere", tmp_path / "out")
        dataset = make_import(tmp_path)
        no_split = run_cli(server.url, dataset, tmp_path / "out", "--split", "train")
        (tmp_path / "taken").mkdir()
        taken = run_cli(server.url, dataset, tmp_path / "taken")
    assert missing.exit_code == 2 and "no such dataset folder" in missing.output
    assert no_split.exit_code == 2 and "has no train split; splits: test" in no_split.output
    assert taken.exit_code == 2 and "already exists" in taken.output
    assert server.hits == 0


def test_an_unreachable_endpoint_is_recorded_as_failures_not_a_crash(tmp_path):
    dataset = make_import(tmp_path)
    out = tmp_path / "out"
    result = run_cli("http://127.0.0.1:9/v1", dataset, out, "--limit", "2")
    assert result.exit_code == 0, result.output
    assert "ended: user_ended 0, max_rounds 0, failure 2" in result.output
    reasons = [failure["reason"] for failure in pq.read_table(out / DATA_FILE).column("failure").to_pylist()]
    assert all("connection failed" in reason for reason in reasons)
    # The dataset may be shared; the endpoint it was played against stays out of it.
    assert not any("127.0.0.1:9" in reason for reason in reasons)


def test_read_items_picks_the_config_and_names_what_exists(tmp_path):
    dataset = make_import(tmp_path)
    source = read_items(dataset)
    assert source.config == "ucfe_bench" and source.records == ITEMS
    with pytest.raises(FinsynthError, match="no ucfe config; configs here: ucfe_bench"):
        read_items(dataset, config="ucfe")
    folder = write_dialogue_folder(simulate(Script(), ITEMS), tmp_path / "d", source=source, seed=3)
    assert "| `credit_risk_evaluation` | multi_turn | 2 |" in (folder / "README.md").read_text()


def test_a_built_ucfe_config_is_read_first_and_the_client_sees_its_information_once(tmp_path):
    generator = get_generator("ucfe/credit_risk_evaluation")
    items = [generator.record(f"ucfe/test/{index}", InstanceSeeds(index, index + 1)) for index in range(2)]
    folder = tmp_path / "built"
    data_file(folder, "ucfe").parent.mkdir(parents=True)
    write_batches(data_file(folder, "ucfe"), arrow_schema(record_schema("ucfe")), [items])
    shutil.copytree(make_import(tmp_path) / "ucfe_bench", folder / "ucfe_bench")  # not picked
    source = read_items(folder)
    assert source.config == "ucfe" and source.records == items
    with ChatServer(Script(end_at=2)) as server:
        user, assistant = clients(server.url)
        records = list(simulate_dataset(source.records, user=user, assistant=assistant, seed=1))
    briefings = [body["messages"][0]["content"] for body in server.bodies if body["model"] == "client"]
    for item in items:
        briefing = next(text for text in briefings if item["information"] in text)
        assert briefing.count(item["information"]) == 1 and "{information}" not in briefing
    assert [record["ended_by"] for record in records] == ["user_ended", "user_ended"]
