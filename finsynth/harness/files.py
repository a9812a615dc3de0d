"""Writing the evaluation harness files of a build into its dataset folder.

Each config gets an lm-eval task YAML (``harness/lm_eval/<task>.yaml``) and the folder gets one
inspect_ai module (``harness/inspect_task.py``) with a task per config. Both name the Hub
repository and pin the tag a push creates (``v<version>``), so an evaluation reads exactly
the files of this build.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import jinja2

import finsynth
from finsynth.builder.config import BuildConfig, ConfigSpec

INSPECT_TASK_PATH = "harness/inspect_task.py"
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


def _lm_eval_task(build: BuildConfig, config: ConfigSpec, reference: DatasetReference) -> str:
    test_split = _test_split(config)
    other_splits = [split.name for split in config.splits if split.name != test_split]
    values = {
        "task": lm_eval_task_name(build, config.name),
        "config": config.name,
        "repo_id": reference.repo_id,
        "revision": reference.revision,
        "test_split": test_split,
        "library_version": finsynth.__version__,
    }
    if config.family != "finchain":
        return _ENVIRONMENT.get_template("lm_eval_generic.yaml.j2").render(**values)
    return _ENVIRONMENT.get_template("lm_eval_finchain.yaml.j2").render(
        **values,
        fewshot_split="train" if "train" in other_splits else None,
        doc_to_text=_FINCHAIN_PROMPT,
        answer_pattern=r"Answer:\s*([^\n]+)",
        ignored=[r",", r"\$", r"\s+", r"\.$"],
    )


def harness_files(build: BuildConfig, reference: DatasetReference) -> dict[str, str]:
    """Every harness file of a build: path in the dataset folder → text."""
    files = {
        lm_eval_task_path(build, config.name): _lm_eval_task(build, config, reference)
        for config in build.configs
    }
    files[INSPECT_TASK_PATH] = _ENVIRONMENT.get_template("inspect_task.py.j2").render(
        repo_id=reference.repo_id,
        revision=reference.revision,
        library_version=finsynth.__version__,
        configs=[config.name for config in build.configs],
        splits={config.name: _test_split(config) for config in build.configs},
    )
    return files


def write_harness(build: BuildConfig, folder: Path, reference: DatasetReference) -> list[str]:
    """Write the harness files into a dataset folder; return their paths relative to it."""
    files = harness_files(build, reference)
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(files)
