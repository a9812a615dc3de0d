"""The harness files a build writes: lm-eval task YAML, their functions, and the inspect_ai task module.

End to end against the in-memory Hub: a push to another repository id rewrites the files it
uploads, and lm-eval reads the pushed tag through the downloaded task files. Runs against a
local model server are in ``test_end_to_end.py``.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import sys
from collections.abc import Iterator
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

from finsynth.builder import parse_config
from finsynth.builder.verify import verify_folder
from finsynth.errors import FinsynthError
from finsynth.harness import dataset_reference, harness_files, lm_eval_task_name
from finsynth.harness.sources import interleaved_order, resolve_dataset, shipped_folder
from finsynth.publish.hub import push_folder
from tests.hub.fixtures import TOKEN, build_tiny, hub_environment, run_python
from tests.hub.server import FakeHub

REPO = "finsynth-tests/tiny"
DEFAULT = parse_config(Path("configs/default.yaml").read_text(), "configs/default.yaml")


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


def test_only_configs_with_a_meaningful_scorer_get_tasks() -> None:
    files = harness_files(DEFAULT, dataset_reference(DEFAULT, DEFAULT.repo_id))
    families = {config.name: config.family for config in DEFAULT.configs}
    assert "failsafe" in set(families.values())  # the default build has an unscored family
    inspect_tasks = re.findall(r"^def (\w+)\(", files["harness/inspect_task.py"], re.MULTILINE)
    assert inspect_tasks == [
        name
        for name, family in families.items()
        if family in ("finchain", "finchain_robust", "failsafe_condition", "ucfe")
    ]
    assert "ucfe" in inspect_tasks and "failsafe" not in inspect_tasks
    lm_eval_tasks = sorted(path for path in files if re.match(r"harness/lm_eval/finsynth_\w+\.yaml$", path))
    assert lm_eval_tasks == sorted(
        f"harness/lm_eval/{lm_eval_task_name(DEFAULT, name)}.yaml"
        for name, family in families.items()
        if family in ("finchain", "finchain_robust")
    )
    group = files["harness/lm_eval/finsynth.yaml"]
    assert group.startswith("# lm-evaluation-harness group") and "\ngroup: finsynth\n" in group


def test_lm_eval_tasks_load_with_lm_evals_own_loader(folder: Path) -> None:
    pytest.importorskip("lm_eval", reason="lm-eval (dev dependency) is not installed")
    from lm_eval.api.task import TaskConfig  # type: ignore[import-untyped]
    from lm_eval.tasks._yaml_loader import load_yaml  # type: ignore[import-untyped]

    known = {field.name for field in dataclasses.fields(TaskConfig)}
    for config in ("finchain", "finchain_variation"):
        task = load_yaml(folder / f"harness/lm_eval/tiny_{config}.yaml")
        assert set(task) <= known
        assert task["task"] == f"tiny_{config}" and task["test_split"] == "test"
        assert task["dataset_kwargs"] == {"config": config, "hub_repo": "tiny", "hub_revision": "v0.0.1"}
        assert task["process_results"].__module__ == "finsynth.harness.lm_eval_functions"
        assert task["doc_to_target"] == "{{solution}}"  # few-shot examples are worked solutions
        TaskConfig(**task)
        # The shipped loader reads the folder it sits in: no Hub needed for a local build.
        splits = task["custom_dataset"](**task["dataset_kwargs"], version=2.0)
        test = splits["test"]
        templates = len(set(test["generator_id"]))
        assert templates == 5 and len(test) >= 10  # compound_interest/: five templates
        # Whatever order the split is written in, the task visits every template before repeating one.
        assert len(set(task["process_docs"](test)["generator_id"][:templates])) == templates


def test_lm_eval_metadata_names_other_data_relative_to_the_current_directory(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("lm_eval", reason="lm-eval (dev dependency) is not installed")
    from lm_eval.tasks._yaml_loader import load_yaml  # type: ignore[import-untyped]

    copy = tmp_path / "harness_only"  # the task files alone, outside any dataset folder
    shutil.copytree(folder / "harness" / "lm_eval", copy)
    task = load_yaml(copy / "tiny_finchain.yaml")
    monkeypatch.chdir(folder.parent)
    # What `lm_eval --metadata '{"dataset": "0.0.1"}'` passes: the task metadata, then dataset_kwargs.
    splits = task["custom_dataset"](version=2.0, dataset=folder.name, **task["dataset_kwargs"])
    assert set(splits) == {"test", "train"} and len(splits["test"]) >= 10
    with pytest.raises(FinsynthError, match="no such folder"):
        task["custom_dataset"](version=2.0, dataset="./not-built", **task["dataset_kwargs"])


def test_a_shipped_file_reads_its_own_folder_and_a_given_path_or_id(folder: Path, tmp_path: Path) -> None:
    task_file = folder / "harness" / "lm_eval" / "finsynth_functions.py"
    assert shipped_folder(task_file) == folder.resolve()
    assert shipped_folder(tmp_path / "elsewhere.py") is None
    assert resolve_dataset(None, folder, "org/name") == str(folder)
    assert resolve_dataset(None, None, "org/name") == "org/name"
    assert resolve_dataset("other/repo", folder, "org/name") == "other/repo"
    with pytest.raises(FinsynthError, match="no such folder"):
        resolve_dataset("./missing/build", folder, "org/name")


def test_importing_the_shipped_modules_writes_no_bytecode_into_the_folder(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``inspect eval`` and ``lm_eval`` import them on a machine that writes bytecode."""
    copy = shutil.copytree(folder, tmp_path / folder.name)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    modules = sorted(copy.glob("harness/**/*.py"))
    assert [module.name for module in modules] == ["inspect_task.py", "finsynth_functions.py"]
    for module in modules:
        SourceFileLoader(module.stem, str(module)).get_code(module.stem)  # compiles and caches as import does
    assert not list(copy.rglob("*.pyc"))
    blockers = {path.relative_to(copy).as_posix(): path.is_file() for path in copy.rglob("__pycache__")}
    assert blockers == {"harness/__pycache__": True, "harness/lm_eval/__pycache__": True}
    assert verify_folder(copy).problems == []


def test_bytecode_planted_beside_a_shipped_module_fails_verification(folder: Path, tmp_path: Path) -> None:
    copy = shutil.copytree(folder, tmp_path / folder.name)
    blocker = copy / "harness" / "__pycache__"
    blocker.unlink()
    blocker.mkdir()
    (blocker / f"inspect_task.{sys.implementation.cache_tag}.pyc").write_bytes(b"planted")
    problems = verify_folder(copy).problems
    assert any(problem.startswith("file harness/__pycache__: ") for problem in problems), problems
    assert any("inspect_task." in problem and "not listed" in problem for problem in problems), problems


def test_interleaving_visits_every_template_before_repeating_one() -> None:
    assert interleaved_order(["a", "a", "a", "b", "b", "c"]) == [0, 3, 5, 1, 4, 2]
    assert interleaved_order([]) == []


EVALUATE = """
import json, sys
from pathlib import Path
import datasets

folder, include = sys.argv[1:]
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
    model="finsynth_gold", tasks=["tiny"], task_manager=TaskManager(include_path=include), num_fewshot=0,
)["results"]
scores = {name: value["accuracy,final_answer"] for name, value in results.items()}
# lm-eval's own dummy model (it answers nonsense) runs the same tasks end to end and scores nothing.
import lm_eval.models.dummy  # registers "dummy" beside the model registered above

dummy = simple_evaluate(
    model="dummy", tasks=["tiny_finchain"], task_manager=TaskManager(include_path=include), num_fewshot=0,
)["results"]
scores["dummy"] = dummy["tiny_finchain"]["accuracy,final_answer"]
print(json.dumps(scores))
"""


@pytest.mark.slow
def test_a_push_names_its_repository_and_lm_eval_reads_the_pushed_tag(
    hub: FakeHub, folder: Path, tmp_path: Path
) -> None:
    pytest.importorskip("lm_eval", reason="lm-eval (dev dependency) is not installed")
    from huggingface_hub import snapshot_download

    push_folder(folder, REPO, token=TOKEN, endpoint=hub.endpoint)
    downloaded = Path(
        snapshot_download(
            REPO,
            repo_type="dataset",
            revision="v0.0.1",
            endpoint=hub.endpoint,
            token=TOKEN,
            cache_dir=tmp_path / "cache",
            allow_patterns=["harness/*", "harness/lm_eval/*", "README.md"],
        )
    )
    assert 'load_dataset("finsynth-tests/tiny"' in (downloaded / "README.md").read_text()
    assert 'HUB_DATASET = "finsynth-tests/tiny"' in (downloaded / "harness/inspect_task.py").read_text()
    include = tmp_path / "lm_eval"  # outside any dataset folder: the tasks read the Hub at the pinned tag
    shutil.copytree(downloaded / "harness" / "lm_eval", include)
    assert all('hub_repo: "finsynth-tests/tiny"' in path.read_text() for path in include.glob("tiny_*.yaml"))
    environment = hub_environment(hub.endpoint, None, tmp_path / "home")
    result = run_python(EVALUATE, environment, str(folder), str(include))
    assert result.returncode == 0, result.stderr[-4000:]
    scores = json.loads(result.stdout.strip().splitlines()[-1])
    assert scores == {"tiny": 1.0, "tiny_finchain": 1.0, "tiny_finchain_variation": 1.0, "dummy": 0.0}


def test_two_folders_of_the_same_name_each_load_their_own_rows(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from finsynth.errors import FinsynthError
    from finsynth.harness.sources import load_split

    card = (
        "---\nconfigs:\n- config_name: c\n  data_files:\n  - split: test\n    path: c/test-*.parquet\n---\n"
    )
    for parent, values in (("first", [1]), ("second", [2, 3])):
        (tmp_path / parent / "dialogues" / "c").mkdir(parents=True)
        (tmp_path / parent / "dialogues" / "README.md").write_text(card)
        pq.write_table(
            pa.table({"v": values}), tmp_path / parent / "dialogues" / "c" / "test-00000-of-00001.parquet"
        )
    loaded = [
        load_split(str(tmp_path / parent / "dialogues"), "c", "test", None)["v"]
        for parent in ("first", "second")
    ]
    assert [list(column) for column in loaded] == [[1], [2, 3]]
    with pytest.raises(FinsynthError, match=r"no d/test-\*\.parquet files; it has c/test"):
        load_split(str(tmp_path / "first" / "dialogues"), "d", "test", None)


WITHOUT_FINSYNTH = """
import importlib.abc, runpy, sys


class NoFinsynth(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "finsynth":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, NoFinsynth())
try:
    runpy.run_path(sys.argv[1])
except ModuleNotFoundError as error:
    print(f"{type(error).__name__}: {error}")
"""


@pytest.mark.parametrize("shipped", ["harness/inspect_task.py", "harness/lm_eval/finsynth_functions.py"])
def test_a_shipped_file_without_finsynth_says_in_one_line_how_to_install_it(
    shipped: str, tmp_path: Path
) -> None:
    import finsynth
    from finsynth.harness.files import missing_finsynth_message
    from finsynth.release import install_command

    path = tmp_path / "shipped.py"
    path.write_text(harness_files(DEFAULT, dataset_reference(DEFAULT))[shipped], encoding="utf-8")
    ran = run_python(WITHOUT_FINSYNTH, {}, str(path))
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.splitlines() == [f"ModuleNotFoundError: {missing_finsynth_message()}"]
    assert install_command(finsynth.__version__) in ran.stdout and finsynth.__version__ in ran.stdout
