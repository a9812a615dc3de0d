"""What the lm-eval task YAML of a build loads with ``!function``: data, order, filter and metric.

Each build ships ``harness/lm_eval/finsynth_functions.py``, a few lines that bind these
functions to the folder the file sits in; the task YAML names them as
``!function finsynth_functions.<name>``:

- ``dataset``: the records, from the dataset folder the YAML sits in (a local build or a
  downloaded snapshot), else the Hub repository at the pinned tag; ``--metadata
  '{"dataset": "PATH_OR_ORG/NAME", "revision": "TAG"}'`` overrides both;
- ``interleave``: test rows round-robin across templates, so ``--limit`` sees many;
- ``final_answers``: the filter, keeping each output's final answer as one ``Answer:`` line
  (case-insensitive, markdown allowed; see :mod:`finsynth.scoring.answers`);
- ``process_results``: the metric, ``accuracy`` from :func:`finsynth.score_answer`, the strict
  reader (no ``Answer:`` line scores 0; numbers within 5% and with the answer's unit; exactly
  one of the choices), never its lenient mode.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from finsynth.harness.sources import interleaved, resolve_dataset, shipped_folder
from finsynth.scoring.answers import answer_line, score_answer

if TYPE_CHECKING:
    import datasets

__all__ = ["final_answers", "interleave", "load_records", "process_results"]


def load_records(
    harness_file: str | Path,
    *,
    config: str,
    hub_repo: str,
    hub_revision: str,
    dataset: str | None = None,
    revision: str | None = None,
    **_lm_eval_metadata: Any,
) -> datasets.DatasetDict:
    """Every split of ``config``, from ``dataset`` or the folder ``harness_file`` sits in or the Hub.

    Args:
        harness_file: The shipped functions file (its ``__file__``).
        config: The config to read.
        hub_repo: The Hub repository the YAML names.
        hub_revision: The tag it pins.
        dataset: ``--metadata`` override: a path (relative to the current directory) or a Hub id.
        revision: ``--metadata`` override of the tag.
        **_lm_eval_metadata: Other task metadata lm-eval passes along (``version``, ...), unused.

    """
    import datasets

    source = resolve_dataset(dataset, shipped_folder(harness_file), hub_repo)
    local = Path(source).is_dir()
    loaded = datasets.load_dataset(source, config, revision=None if local else revision or hub_revision)
    if not isinstance(loaded, datasets.DatasetDict):
        raise TypeError(f"{source}: config {config!r} did not load as a set of splits")
    return loaded


def interleave(rows: datasets.Dataset) -> datasets.Dataset:
    """The rows round-robin across templates (``generator_id``)."""
    return interleaved(rows)


def final_answers(responses: Sequence[Sequence[str]], docs: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    """lm-eval filter: each response reduced to its final ``Answer:`` line (or kept whole without one)."""
    return [[answer_line(text) for text in response] for response in responses]


def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    """lm-eval metric: ``accuracy`` 1.0 when the (filtered) response answers ``doc`` right."""
    return {"accuracy": score_answer(results[0] if results else "", doc)}
