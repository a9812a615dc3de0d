"""The harness files a build writes: lm-eval task YAML and the inspect_ai task module.

End to end, against the in-memory Hub: lm-eval and inspect_ai load the pushed tag through
these files, and a model that answers with each record's own solution scores 1.0 on both.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from finsynth.publish.hub import push_folder
from tests.hub.fixtures import TOKEN, build_tiny, hub_environment, run_python
from tests.hub.server import FakeHub

REPO = "finsynth-tests/tiny"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny(tmp_path_factory.mktemp("harness"))


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_DISABLE_XET", True)
    server = FakeHub(TOKEN).start()
    yield server
    server.stop()


def test_lm_eval_tasks_have_only_known_fields_and_pin_the_version(folder: Path) -> None:
    pytest.importorskip("lm_eval", reason="lm-eval (dev dependency) is not installed")
    from lm_eval.api.task import TaskConfig  # type: ignore[import-untyped]

    known = {field.name for field in dataclasses.fields(TaskConfig)}
    for config, split in (("finchain", "test"), ("finchain_variation", "test")):
        task = yaml.safe_load((folder / f"harness/lm_eval/tiny_{config}.yaml").read_text())
        assert set(task) <= known
        assert task["task"] == f"tiny_{config}" and task["dataset_name"] == config
        assert task["dataset_kwargs"] == {"revision": "v0.0.1"} and task["test_split"] == split
        TaskConfig(**task)


def test_the_answer_filter_reads_the_gold_solution_to_the_target(folder: Path) -> None:
    import datasets

    task = yaml.safe_load((folder / "harness/lm_eval/tiny_finchain.yaml").read_text())
    pattern = re.compile(task["filter_list"][0]["filter"][0]["regex_pattern"])
    ignored = task["metric_list"][0]["regexes_to_ignore"]

    def normalised(text: str) -> str:
        for expression in ignored:
            text = re.sub(expression, "", text)
        return text.lower()

    for row in datasets.load_dataset(str(folder), "finchain", split="test"):
        found = pattern.findall(row["solution"])
        assert found and normalised(found[0]) == normalised(row["target"]), row["id"]


def test_the_inspect_module_names_a_task_per_config(folder: Path) -> None:
    source = (folder / "harness/inspect_task.py").read_text()
    compile(source, "inspect_task.py", "exec")
    assert re.findall(r"^def (\w+)\(", source, re.MULTILINE) == ["finchain", "finchain_variation"]
    assert 'REVISION = "v0.0.1"' in source


EVALUATE = """
import json, sys
from pathlib import Path
import datasets

repo, folder, include = sys.argv[1:]
solutions = {}
for config in ("finchain", "finchain_variation"):
    for row in datasets.load_dataset(folder, config, split="test"):
        solutions[row["input"]] = row["solution"]

from lm_eval import simple_evaluate
from lm_eval.api.model import LM
from lm_eval.api.registry import register_model
from lm_eval.tasks import TaskManager

@register_model("finsynth_gold")
class Gold(LM):
    def generate_until(self, requests, disable_tqdm=False):
        return [next(s for q, s in solutions.items() if q in request.args[0]) for request in requests]
    def loglikelihood(self, requests, disable_tqdm=False):
        raise NotImplementedError
    def loglikelihood_rolling(self, requests, disable_tqdm=False):
        raise NotImplementedError

results = simple_evaluate(
    model="finsynth_gold", tasks=["tiny_finchain", "tiny_finchain_variation"],
    task_manager=TaskManager(include_path=include), num_fewshot=0,
)["results"]
scores = {name: value["exact_match,final_answer"] for name, value in results.items()}
# lm-eval's own dummy model (it answers nonsense) runs the same task end to end and scores nothing.
import lm_eval.models.dummy  # registers "dummy" beside the model registered above

dummy = simple_evaluate(
    model="dummy", tasks=["tiny_finchain"], task_manager=TaskManager(include_path=include), num_fewshot=0,
)["results"]
scores["dummy"] = dummy["tiny_finchain"]["exact_match,final_answer"]

import importlib.util
import tempfile
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, ModelUsage, get_model

spec = importlib.util.spec_from_file_location("inspect_task", Path(folder) / "harness" / "inspect_task.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.DATASET = repo

def gold(messages, tools, tool_choice, config):
    question = next(message.text for message in messages if message.role == "user")
    output = ModelOutput.from_content("mockllm/model", solutions[question])
    # With usage given, the mock model does not count tokens (which would fetch a tokenizer online).
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output

# inspect's own eval loop: dataset from the pushed tag, solver, the finsynth scorer, the log.
log = inspect_eval(
    module.finchain(), model=get_model("mockllm/model", custom_outputs=gold), display="none",
    log_dir=tempfile.mkdtemp(),
)[0]
assert log.status == "success", log.error
scores["inspect"] = log.results.scores[0].metrics["accuracy"].value
scores["inspect_samples"] = log.results.completed_samples
print(json.dumps(scores))
"""


@pytest.mark.slow
def test_lm_eval_and_inspect_ai_score_gold_answers_perfectly_from_the_pushed_tag(
    hub: FakeHub, folder: Path, tmp_path: Path
) -> None:
    pytest.importorskip("lm_eval", reason="lm-eval (dev dependency) is not installed")
    push_folder(folder, REPO, token=TOKEN, endpoint=hub.endpoint)
    include = tmp_path / "lm_eval"
    include.mkdir()
    for task in (folder / "harness/lm_eval").iterdir():  # the tasks name the repository the build was given
        text = task.read_text().replace('dataset_path: "tiny"', f'dataset_path: "{REPO}"')
        (include / task.name).write_text(text)
    environment = hub_environment(hub.endpoint, None, tmp_path / "home")
    result = run_python(EVALUATE, environment, REPO, str(folder), str(include))
    assert result.returncode == 0, result.stderr[-4000:]
    scores = json.loads(result.stdout.strip().splitlines()[-1])
    assert scores == {
        "tiny_finchain": 1.0,
        "tiny_finchain_variation": 1.0,
        "dummy": 0.0,
        "inspect": 1.0,
        "inspect_samples": 10,
    }
