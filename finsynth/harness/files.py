"""Writing the evaluation harness files of a build into its dataset folder.

Each FinChain-family config gets an lm-eval task YAML (``harness/lm_eval/<task>.yaml``), in
one group named after the build, with the functions they load (``finsynth_functions.py``);
the folder gets one inspect_ai module (``harness/inspect_task.py``) with a task per config
that has a meaningful scorer (FinChain families, FailSafeQA conditions and UCFE items). Used inside the
dataset folder they read it; elsewhere they name the Hub repository and pin the tag a push
creates (``v<version>``), so an evaluation reads exactly the files of this build.
:func:`retarget` points them (and the card) at another repository for a push.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import jinja2

import finsynth
from finsynth.builder.config import BuildConfig, ConfigSpec
from finsynth.families import families_where
from finsynth.release import install_command

INSPECT_TASK_PATH = "harness/inspect_task.py"
BYTECODE_BLOCKER = "__pycache__"
"""An empty file of this name sits beside every shipped Python module.

Python keeps a module's compiled bytecode in a ``__pycache__`` folder beside it; with a file
there it can neither write nor read one (it compiles from source, silently). So running
``inspect eval`` or ``lm_eval`` on a dataset folder adds no file the manifest does not list,
and ``finsynth verify`` and ``finsynth push`` still accept it; and no bytecode planted in a
folder can run in place of the checked source, since a folder there fails verification.
"""
_ENVIRONMENT = jinja2.Environment(
    loader=jinja2.PackageLoader("finsynth.harness", "templates"),
    autoescape=False,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)
_ENVIRONMENT.filters["quoted"] = lambda value: json.dumps(value, ensure_ascii=False)  # a YAML/Python string
_FINCHAIN_PROMPT = (
    "{{input}}\n\nSolve the problem step by step. End with a last line of the form "
    "'Answer: <value>', with the unit and rounding the question asks for.\n"
)


@dataclass(frozen=True)
class DatasetReference:
    """Where a build is published: the Hub repository and the revision users pin.

    Attributes:
        repo_id: ``ORG/NAME`` (or a bare name until an organisation is chosen).
        revision: The tag a push creates, ``v<version>``.

    """

    repo_id: str
    revision: str


def dataset_reference(build: BuildConfig, repo_id: str | None = None) -> DatasetReference:
    """The reference harness files and the card use: ``repo_id`` or the build's name, at ``v<version>``."""
    return DatasetReference(repo_id=repo_id or build.name, revision=f"v{build.version}")


def lm_eval_task_name(build: BuildConfig, config: str) -> str:
    """The lm-eval task name of a config: ``<dataset>_<config>`` as an identifier."""
    return re.sub(r"\W", "_", f"{build.name}_{config}")


def lm_eval_task_path(build: BuildConfig, config: str) -> str:
    """Where a config's lm-eval task YAML sits in the dataset folder."""
    return f"harness/lm_eval/{lm_eval_task_name(build, config)}.yaml"


def _test_split(config: ConfigSpec) -> str:
    names = [split.name for split in config.splits]
    return "test" if "test" in names else names[0]


LM_EVAL_FAMILIES = families_where(lm_eval=True)
"""Families with an lm-eval task: a final answer lm-eval can score without a judge model."""
INSPECT_FAMILIES = families_where(inspect=True)
"""Families with an inspect_ai task (:mod:`finsynth.harness.inspect_tasks`)."""
LM_EVAL_FUNCTIONS = "finsynth_functions"
"""The module (``harness/lm_eval/finsynth_functions.py``) the task YAML loads with ``!function``."""
INSPECT_SCORERS = {
    "finchain": "final-answer accuracy, ChainEval step precision/recall/F1, by domain and difficulty",
    "finchain_robust": "final-answer accuracy and ChainEval steps on the perturbed questions",
    "failsafe_condition": "a judge model's 1-6 rating; Robustness, Context Grounding, LLM-Compliance",
    "ucfe": "a dialogue with a simulated user judged against a reference; win rate, Elo, Bradley–Terry",
}
"""What each inspect task's scorer reports, per family (the card and the task docstrings say it)."""


def missing_finsynth_message() -> str:
    """The one-line error a shipped harness file raises when finsynth is not installed."""
    version = finsynth.__version__
    return f"these tasks score with finsynth {version}, which is not installed: {install_command(version)}"


def lm_eval_group_name(build: BuildConfig) -> str:
    """The lm-eval group of a build's tasks: the build's name as an identifier (``finsynth``)."""
    return re.sub(r"\W", "_", build.name)


def _lm_eval_task(build: BuildConfig, config: ConfigSpec, reference: DatasetReference) -> str:
    test_split = _test_split(config)
    other_splits = [split.name for split in config.splits if split.name != test_split]
    return _ENVIRONMENT.get_template("lm_eval_finchain.yaml.j2").render(
        task=lm_eval_task_name(build, config.name),
        config=config.name,
        repo_id=reference.repo_id,
        revision=reference.revision,
        test_split=test_split,
        library_version=finsynth.__version__,
        functions=LM_EVAL_FUNCTIONS,
        fewshot_split="train" if "train" in other_splits else None,
        doc_to_text=_FINCHAIN_PROMPT,
    )


def harness_files(build: BuildConfig, reference: DatasetReference) -> dict[str, str]:
    """Every harness file of a build: path in the dataset folder → text.

    Configs of a family without a meaningful scorer get no task (see :data:`LM_EVAL_FAMILIES`
    and :data:`INSPECT_FAMILIES`). Each folder holding a module also gets an empty
    :data:`BYTECODE_BLOCKER` file.
    """
    values = {
        "repo_id": reference.repo_id,
        "revision": reference.revision,
        "library_version": finsynth.__version__,
        "install_command": install_command(finsynth.__version__),
        "missing_message": missing_finsynth_message(),
    }
    scored = [config for config in build.configs if config.family in LM_EVAL_FAMILIES]
    files = {
        lm_eval_task_path(build, config.name): _lm_eval_task(build, config, reference) for config in scored
    }
    if scored:
        files[f"harness/lm_eval/{LM_EVAL_FUNCTIONS}.py"] = _ENVIRONMENT.get_template(
            "lm_eval_functions.py.j2"
        ).render(**values)
        files[f"harness/lm_eval/{lm_eval_group_name(build)}.yaml"] = _ENVIRONMENT.get_template(
            "lm_eval_group.yaml.j2"
        ).render(
            **values,
            group=lm_eval_group_name(build),
            tasks=[lm_eval_task_name(build, config.name) for config in scored],
        )
    tasks = [
        {
            "config": config.name,
            "family": config.family,
            "split": _test_split(config),
            "summary": INSPECT_SCORERS[config.family].capitalize() + ".",
        }
        for config in build.configs
        if config.family in INSPECT_FAMILIES
    ]
    if tasks:
        files[INSPECT_TASK_PATH] = _ENVIRONMENT.get_template("inspect_task.py.j2").render(
            **values,
            tasks=tasks,
            judged=any(entry["family"] in ("failsafe_condition", "ucfe") for entry in tasks),
            dialogues=any(entry["family"] == "ucfe" for entry in tasks),
            failsafe=any(entry["family"] == "failsafe_condition" for entry in tasks),
        )
    module_folders = {name.rpartition("/")[0] for name in files if name.endswith(".py")}
    return files | {f"{folder}/{BYTECODE_BLOCKER}": "" for folder in sorted(module_folders)}


def write_harness(build: BuildConfig, folder: Path, reference: DatasetReference) -> list[str]:
    """Write the harness files into a dataset folder; return their paths relative to it."""
    files = harness_files(build, reference)
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(files)
