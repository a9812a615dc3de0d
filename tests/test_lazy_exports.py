"""Importing finsynth, or a light part of it, does not load the generators, the builder or the cards."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import finsynth
import finsynth.builder
import finsynth.cards
import finsynth.harness

HEAVY = ("finsynth.pipeline", "finsynth.builder.runner", "finsynth.cards.card", "finsynth.generators.filings")


def modules_after(statement: str) -> set[str]:
    script = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(ran.stdout))


@pytest.mark.parametrize(
    "statement",
    [
        "import finsynth",
        "import finsynth.harness",
        "from finsynth.cards import CARD_NAME",
        "import finsynth.cli",
    ],
)
def test_light_imports_leave_the_heavy_modules_unloaded(statement: str) -> None:
    loaded = modules_after(statement)
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_the_lm_eval_functions_leave_the_harness_writer_and_build_config_unloaded() -> None:
    # lm-eval imports them in each run; the writer and the build config are for build time.
    loaded = modules_after("import finsynth.harness.lm_eval_functions")
    assert not loaded & {"finsynth.harness.files", "finsynth.builder.config", "jinja2"}
    assert finsynth.harness.write_harness.__module__ == "finsynth.harness.files"


def test_the_public_names_load_on_first_use() -> None:
    loaded = modules_after("import finsynth\nfinsynth.generate\nfinsynth.score_answer")
    assert "finsynth.pipeline" in loaded and "finsynth.scoring.answers" in loaded
    assert finsynth.generate.__module__ == "finsynth.pipeline"
    assert finsynth.builder.run_build.__module__ == "finsynth.builder.runner"
    assert finsynth.cards.write_card.__module__ == "finsynth.cards.card"
    assert {"generate", "iterable_dataset", "score_answer"} <= set(dir(finsynth))
    assert set(finsynth.builder.__all__) <= set(dir(finsynth.builder))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        _ = finsynth.nothing_here
    with pytest.raises(AttributeError, match=r"finsynth\.builder"):
        _ = finsynth.builder.nothing_here
