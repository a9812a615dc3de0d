"""Simulated UCFE dialogues as a dataset, with a real llama.cpp server playing both sides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from finsynth.generators.ucfe.bench import import_bench
from finsynth.generators.ucfe.dialogues import request_seed, simulate_dataset
from finsynth.schemas import validate_record
from finsynth.scoring.client import ChatClient, ChatEndpoint
from tests.integration.conftest import MODEL_ALIAS, Proxy

pytestmark = pytest.mark.integration

SMALL_BENCH = Path(__file__).resolve().parents[1] / "data" / "ucfe" / "small_bench.json"


def test_two_items_become_valid_dialogues_and_a_rerun_is_served_by_the_cache(proxy: Proxy, tmp_path: Path):
    records = import_bench(SMALL_BENCH).records
    items = [records[0], records[3]]  # one zero-shot, one multi-turn item
    settings = ChatEndpoint(proxy.url, MODEL_ALIAS, max_tokens=32, timeout_s=120.0)

    def play() -> list[dict[str, Any]]:
        with ChatClient(settings, cache_path=tmp_path / "replies.sqlite") as model:
            return list(simulate_dataset(items, user=model, assistant=model, seed=5, max_rounds=2))

    first = play()
    hits = proxy.hits
    assert play() == first and proxy.hits == hits  # the rerun asked nothing
    for record, item in zip(first, items, strict=True):
        validate_record("ucfe_dialogue", record)
        assert record["item_id"] == item["id"] and record["failure"] is None, record["failure"]
        roles = [turn["role"] for turn in record["turns"]]
        assert roles[: 2 * record["rounds"]] == ["user", "assistant"] * record["rounds"]
    assert first[0]["rounds"] == 1 and 1 <= first[1]["rounds"] <= 2
    sent_seeds = {body["seed"] for body in proxy.server.bodies}
    assert request_seed(5, items[1]["id"], "user") in sent_seeds
    assert request_seed(5, items[0]["id"], "assistant") in sent_seeds
