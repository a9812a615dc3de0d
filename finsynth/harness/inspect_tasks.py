"""inspect_ai tasks over finsynth datasets on the Hugging Face Hub (or in a local folder).

Run one with ``inspect eval finsynth/harness/inspect_tasks.py@finsynth_finchain -T dataset=ORG/NAME``
or from the ``harness/inspect_task.py`` file a build writes into the dataset folder.
"""

from __future__ import annotations

from inspect_ai import Task, task
from inspect_ai.dataset import hf_dataset
from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState, generate, system_message

from finsynth.harness.answers import RELATIVE_TOLERANCE, final_answer_text, is_correct

INSTRUCTIONS = (
    "Solve the financial problem step by step, showing each calculation. "
    "End with a last line of the form 'Answer: <value>', giving the value with the unit "
    "and rounding the question asks for (or the label, if the question names choices)."
)


@scorer(metrics=[accuracy(), stderr()])
def final_answer(tolerance: float = RELATIVE_TOLERANCE) -> Scorer:
    """Score the last ``Answer:`` line against the target, numbers within a relative tolerance.

    Args:
        tolerance: Relative tolerance for numeric answers (5% by default).

    """

    async def score(state: TaskState, target: Target) -> Score:
        output = state.output.completion
        choices = [choice.value for choice in state.choices] if state.choices else []
        correct = is_correct(output, target.text, choices, tolerance=tolerance)
        return Score(
            value=CORRECT if correct else INCORRECT, answer=final_answer_text(output), explanation=output
        )

    return score


def finsynth_task(
    dataset: str, config: str, *, revision: str | None = None, split: str = "test", limit: int | None = None
) -> Task:
    """A chain-of-thought task over one config of a finsynth dataset.

    Args:
        dataset: Hub repository id (``ORG/NAME``) or a local dataset folder.
        config: The config (``finchain``, ``finchain_variation``, …).
        revision: The tag to pin (``v0.1.0``); ``None`` for a local folder or the main branch.
        split: The split to evaluate.
        limit: Evaluate only the first ``limit`` records.

    """
    samples = hf_dataset(dataset, split=split, name=config, revision=revision, limit=limit)
    return Task(dataset=samples, solver=[system_message(INSTRUCTIONS), generate()], scorer=final_answer())


@task
def finsynth_finchain(
    dataset: str = "finsynth", config: str = "finchain", revision: str = "main", limit: int | None = None
) -> Task:
    """FinChain-style problems scored on the final answer (``-T dataset=ORG/NAME -T revision=v0.1.0``)."""
    return finsynth_task(dataset, config, revision=revision, limit=limit)
