"""What must hold for every registered FinChain template, over 1,000 seeds each."""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict

import pytest

from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.finchain.trace import check_record
from finsynth.generators.registry import all_generators
from finsynth.schemas import validate_record
from tests.generators.finchain.harness import SEEDS, draws
from tests.generators.finchain.test_shown_arithmetic import redone, uncached_parse

TEMPLATES = [
    generator for generator in all_generators("finchain") if isinstance(generator, FinChainGenerator)
]
IDS = [generator.info.id for generator in TEMPLATES]


def displayed_arithmetic_to_formula(text: str) -> str:
    """Turn a step's displayed arithmetic back into the formula grammar."""
    replacements = {"×": "*", "^": "**", "ln(": "log(", " mod ": " % ", "≤": "<=", "≥": ">=", "≠": "!="}
    for shown, written in replacements.items():
        text = text.replace(shown, written)
    return text


@pytest.mark.parametrize("generator", TEMPLATES, ids=IDS)
def test_every_instance_is_valid_replayable_and_readable(generator: FinChainGenerator) -> None:
    questions = set()
    trace_steps = None
    for givens, record in draws(generator.info.id, SEEDS):
        validate_record("finchain", record)
        assert check_record(record) == [], record["id"]
        trace = json.loads(record["trace"])
        trace_steps = trace["steps"]
        questions.add(record["input"])
        # Every given is stated in the question exactly as the formulas use it.
        for name, value in givens.items():
            shown = generator.compiled.shown_value(name, tuple(value) if isinstance(value, list) else value)
            assert shown in record["input"], (name, shown, record["input"])
        # Each step shows its arithmetic on the shown values of its inputs (earlier steps rounded as
        # displayed, though carried unrounded), or with more digits of earlier steps where those would
        # not redo its result (test_shown_arithmetic.py checks the redo), and its own value rounded once.
        shown_steps = {step["name"]: step["value"] for step in record["steps"]}
        for step, traced in zip(record["steps"], trace_steps, strict=True):
            *_, arithmetic, result = step["text"].rsplit(" = ", 2)
            recomputed = float(uncached_parse(displayed_arithmetic_to_formula(arithmetic)).evaluate({}))
            shown_inputs = {
                item["name"]: shown_steps.get(
                    item["name"], item["value"] if item["values"] is None else tuple(item["values"])
                )
                for item in step["inputs"]
            }
            on_shown_inputs = float(parse_formula(traced["formula"]).evaluate(shown_inputs))
            # Equal up to float error (sums in the text run left to right, not with fsum).
            as_shown = math.isclose(recomputed, on_shown_inputs, rel_tol=1e-9, abs_tol=1e-9)
            digits = traced["round_to"]
            assert as_shown or redone(arithmetic, digits) == round(step["value"] * 10**digits), step["text"]
            assert float(result.split(" ")[0]) == step["value"], step["text"]
        if record["answer_label"] is not None:
            assert record["answer_label"] in record["choices"]
            assert record["target"] == record["answer_label"]
    if generator.compiled.template.small_space is None:
        assert len(questions) >= 0.95 * SEEDS, f"only {len(questions)} distinct questions"


def test_topics_have_two_basic_two_intermediate_one_advanced_distinct_templates() -> None:
    # In the original FinChain layout (the measured levels follow the work, not quotas).
    by_topic: dict[str, list[FinChainGenerator]] = defaultdict(list)
    for generator in TEMPLATES:
        by_topic[f"{generator.info.tags['domain']}/{generator.info.tags['topic']}"].append(generator)
    for topic, generators in by_topic.items():
        counts = Counter(generator.info.tags["layout_difficulty"] for generator in generators)
        assert counts["basic"] >= 2 and counts["intermediate"] >= 2 and counts["advanced"] >= 1, (
            topic,
            counts,
        )
        signatures = [tuple(step.formula for step in g.compiled.template.steps) for g in generators]
        assert len(set(signatures)) == len(signatures), f"{topic}: two templates compute the same steps"


def test_investment_analysis_is_complete() -> None:
    topics = {g.info.tags["topic"] for g in TEMPLATES if g.info.tags["domain"] == "investment_analysis"}
    assert topics == {
        "return_on_investment",
        "internal_rate_of_return",
        "net_present_value",
        "compound_interest",
        "risk_and_return",
    }


DIGEST_SCRIPT = """
import hashlib, json, sys
from finsynth.generators.registry import all_generators
from finsynth.seeding import InstanceSeeder
digest = hashlib.sha256()
for generator in all_generators("finchain"):
    seeder = InstanceSeeder(7, "determinism", "check", generator.info.id)
    for index in range(int(sys.argv[1])):
        record = generator.record(f"{generator.info.id}/{index}", seeder.seeds(index))
        digest.update(json.dumps(record, sort_keys=True).encode())
print(digest.hexdigest())
"""


def test_every_template_is_identical_across_processes_and_hash_seeds() -> None:
    import os
    import subprocess
    import sys

    digests = set()
    for hash_seed in ("0", "271828"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", DIGEST_SCRIPT, "20"], capture_output=True, text=True, env=env, check=True
        )
        digests.add(result.stdout.strip())
    assert len(digests) == 1


def test_the_taxonomy_is_complete() -> None:
    from finsynth.generators.finchain.taxonomy import DOMAINS

    registered = {(g.info.tags["domain"], g.info.tags["topic"]) for g in TEMPLATES}
    expected = {(domain.slug, topic.slug) for domain in DOMAINS for topic in domain.topics}
    assert len(DOMAINS) == 12 and len(expected) == 58
    assert registered == expected
    assert len(TEMPLATES) >= 290
