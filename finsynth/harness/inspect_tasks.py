"""inspect_ai tasks for finsynth datasets: one per record family that has a meaningful scorer.

- FinChain (``finchain``, ``finchain_variation``, ``finchain_robust``): final-answer accuracy
  with the one answer reader (:func:`finsynth.score_answer`), ChainEval step precision, recall
  and F1, and accuracy by domain and by difficulty.
- FailSafeQA conditions (``failsafe_conditions``): a judge model rates each answer 1–6 with
  finsynth's rubric for its condition (the answer rubric for the five answerable conditions,
  the refusal rubrics for missing and irrelevant context); the task reports Robustness,
  Context Grounding and LLM-Compliance overall and for QA and TG items. ``-T conditions=``
  keeps some of the seven conditions (each item's filing is long and read twice, by the
  model and by the judge, so a cheaper run may keep, say, ``baseline,missing_context``).

- UCFE items (``ucfe``): the evaluated model serves a simulated client (the ``user`` model
  role) until the item's stop rule, and a judge compares the dialogue with a reference
  model's dialogue of the item, in both orders; win rate, Elo and Bradley–Terry
  (:mod:`finsynth.harness.ucfe_task`).

Other families (``failsafe`` items before expansion, ``ucfe_dialogue``) have no task: nothing
here would score them meaningfully. The judge is the ``grader`` model role (``--model-role
grader=PROVIDER/MODEL``), or ``-T judge=PROVIDER/MODEL``; without either, the evaluated
model judges itself.

Run one with ``inspect eval finsynth/harness/inspect_tasks.py@finchain -T dataset=PATH_OR_ID``
or through the ``harness/inspect_task.py`` file every build ships.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import get_model
from inspect_ai.scorer import (
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    Value,
    accuracy,
    mean,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState, generate, system_message

from finsynth.errors import FinsynthError
from finsynth.families import FAILSAFE_CONDITIONS, families_where
from finsynth.harness.deadlines import task_generate_config
from finsynth.harness.sources import interleaved, load_split, resolve_dataset
from finsynth.harness.ucfe_task import ucfe_task
from finsynth.scoring.answers import DEFAULT_TOLERANCE
from finsynth.scoring.chaineval import DEFAULT_TAU, evaluate_chains
from finsynth.scoring.embeddings import Embedder, load_embedder
from finsynth.scoring.failsafe import (
    DEFAULT_BETA,
    GROUNDING_CONDITIONS,
    LOWEST_RATING,
    RATED_BY,
    Judgment,
    RatedBy,
    RatingParseError,
    context_grounding,
    judge_prompt,
    llm_compliance,
    parse_rating,
    rated_before_judging,
    robustness,
)
from finsynth.scoring.records import COLUMNS

if TYPE_CHECKING:
    import datasets

FINCHAIN_INSTRUCTIONS = (
    "Solve the financial problem step by step, showing each calculation. "
    "End with a last line of the form 'Answer: <value>', giving the value with the unit "
    "and rounding the question asks for (or the label, if the question names choices)."
)
TASK_FAMILIES = families_where(inspect=True)
"""Record families that get an inspect task (see the module docstring for why the others do not)."""


def _samples(
    dataset: str,
    config: str,
    split: str,
    revision: str | None,
    to_sample: Callable[[dict[str, Any]], Sample],
    keep: Callable[[datasets.Dataset], list[int]] | None = None,
) -> MemoryDataset:
    """The split's rows as samples, interleaved across templates, only those ``keep`` picks if given."""
    rows = interleaved(load_split(dataset, config, split, revision))
    if keep is not None:
        rows = rows.select(keep(rows))
    return MemoryDataset([to_sample(row) for row in rows], name=f"{config}/{split}", location=dataset)


def _finchain_sample(row: dict[str, Any]) -> Sample:
    return Sample(
        id=row["id"],
        input=row["input"],
        target=row["target"],
        metadata={column: row[column] for column in (*COLUMNS, "generator_id")},
    )


def _accuracy_by(scores: list[SampleScore], key: str) -> dict[str, float]:
    groups: dict[str, list[float]] = {}
    for sample_score in scores:
        group = str((sample_score.sample_metadata or {}).get(key))
        groups.setdefault(group, []).append(sample_score.score.as_float())
    return {name: sum(values) / len(values) for name, values in sorted(groups.items())}


@metric(name="domain")
def accuracy_by_domain() -> Metric:
    """Final-answer accuracy per domain (reported as ``domain_<name>``)."""

    def compute(scores: list[SampleScore]) -> Value:
        return cast(Value, _accuracy_by(scores, "domain"))

    return compute


@metric(name="difficulty")
def accuracy_by_difficulty() -> Metric:
    """Final-answer accuracy per difficulty (reported as ``difficulty_<name>``)."""

    def compute(scores: list[SampleScore]) -> Value:
        return cast(Value, _accuracy_by(scores, "difficulty"))

    return compute


@scorer(
    metrics=[
        {
            "answer": [
                accuracy(),
                stderr(),
                accuracy_by_domain(),
                accuracy_by_difficulty(),
            ],
            "step_precision": [mean()],
            "step_recall": [mean()],
            "step_f1": [mean()],
        }
    ]
)
def chaineval(
    tolerance: float = DEFAULT_TOLERANCE, tau: float = DEFAULT_TAU, embedder: str = "wordllama"
) -> Scorer:
    """ChainEval per sample: the final answer (right or wrong) and step precision, recall and F1.

    Args:
        tolerance: Relative tolerance of answers and step values (5%).
        tau: Minimum cosine similarity of matched steps.
        embedder: ``wordllama`` (offline) or ``minilm``.

    """
    loaded: list[Embedder] = []

    async def score(state: TaskState, target: Target) -> Score:
        if not loaded:
            loaded.append(load_embedder(embedder))
        record = dict(state.metadata)
        output = state.output.completion
        item = evaluate_chains(
            [record], {record["id"]: output}, embedder=loaded[0], tau=tau, tolerance=tolerance
        )
        result = item.items[0]
        return Score(
            value={
                "answer": 1.0 if result.answer_correct else 0.0,
                "step_precision": result.step_precision,
                "step_recall": result.step_recall,
                "step_f1": result.step_f1,
            },
            answer=result.predicted_answer,
            explanation=f"{result.matched_steps} of {result.predicted_steps} predicted steps match "
            f"{result.gold_steps} gold steps",
        )

    return score


def finchain_task(
    dataset: str,
    config: str,
    *,
    revision: str | None = None,
    split: str = "test",
    embedder: str = "wordllama",
) -> Task:
    """A chain-of-thought task over a FinChain-family config, scored by :func:`chaineval`.

    Args:
        dataset: A dataset folder or a Hub id (see :func:`~finsynth.harness.sources.resolve_dataset`).
        config: ``finchain``, ``finchain_variation`` or ``finchain_robust``.
        revision: The Hub revision to read (ignored for a folder).
        split: The split to evaluate; its samples are interleaved across templates.
        embedder: The step-text embedder of ChainEval.

    """
    return Task(
        dataset=_samples(dataset, config, split, revision, _finchain_sample),
        solver=[system_message(FINCHAIN_INSTRUCTIONS), generate()],
        scorer=chaineval(embedder=embedder),
        config=task_generate_config(),
    )


def _failsafe_sample(row: dict[str, Any]) -> Sample:
    keys = ("item_id", "condition", "task_type", "query", "answerable")
    return Sample(
        id=row["id"], input=row["input"], target=row["target"], metadata={key: row[key] for key in keys}
    )


def condition_rows(row_conditions: Sequence[str], conditions: str | Sequence[str], where: str) -> list[int]:
    """Positions of the rows whose condition is one of ``conditions``, in their order.

    Args:
        row_conditions: The ``condition`` column of the split.
        conditions: Condition names, as a sequence or one comma-separated string
            (``-T conditions=baseline,missing_context``).
        where: The split, for error messages.

    Raises:
        FinsynthError: If a name is not a FailSafeQA condition, or the split has no rows of it
            (nothing asked for is silently left out).

    """
    names = [
        name.strip()
        for part in ([conditions] if isinstance(conditions, str) else conditions)
        for name in str(part).split(",")
        if name.strip()
    ]
    unknown = [name for name in names if name not in FAILSAFE_CONDITIONS]
    if unknown or not names:
        problem = f"unknown {', '.join(map(repr, unknown))}" if unknown else "no condition named"
        raise FinsynthError(
            f"conditions={','.join(names)!r}: {problem}; choose from {', '.join(FAILSAFE_CONDITIONS)}"
        )
    present = set(row_conditions)
    absent = [name for name in names if name not in present]
    if absent:
        has = [condition for condition in FAILSAFE_CONDITIONS if condition in present]
        raise FinsynthError(
            f"{where} has no {', '.join(absent)} rows (its conditions: {', '.join(has) or 'none'})"
        )
    return [position for position, condition in enumerate(row_conditions) if condition in names]


def _rated_by(score: Score) -> RatedBy:
    path = (score.metadata or {}).get("rated_by")
    value = score.value
    if not isinstance(value, (int, float)) or not 1 <= value <= 6:
        return "unreadable_judge"  # a log from before issue 28 kept unreadable ratings as 0
    return cast(RatedBy, path) if path in RATED_BY else "judge"


def _judgments(scores: list[SampleScore], task_type: str | None) -> list[Judgment]:
    judgments = []
    for sample_score in scores:
        meta = sample_score.sample_metadata or {}
        if task_type is not None and meta["task_type"] != task_type:
            continue
        path = _rated_by(sample_score.score)
        # An unreadable rating counts as the worst, never left out: an answer cannot drop its failures.
        rating = LOWEST_RATING if path == "unreadable_judge" else int(cast(float, sample_score.score.value))
        judgments.append(Judgment(str(meta["item_id"]), meta["condition"], rating, meta["task_type"], path))
    return judgments


@metric(name="rated_by")
def rated_by_counts() -> Metric:
    """How many answers each path rated (``rated_by_judge``, ``rated_by_empty_answer``, ...)."""

    def compute(scores: list[SampleScore]) -> Value:
        paths = [_rated_by(sample_score.score) for sample_score in scores]
        return {f"rated_by_{path}": paths.count(path) for path in RATED_BY}

    return compute


def _failsafe_measure(
    measure: Callable[[list[Judgment]], float | None], task_type: str | None
) -> Callable[[list[SampleScore]], float]:
    def compute(scores: list[SampleScore]) -> float:
        value = measure(_judgments(scores, task_type))
        return float("nan") if value is None else value

    return compute


def failsafe_metrics(beta: float = DEFAULT_BETA) -> list[Metric]:
    """Robustness, Context Grounding and LLM-Compliance (with ``beta``), overall, for QA and for TG."""

    def compliance(judgments: list[Judgment]) -> float | None:
        r, g = robustness(judgments), context_grounding(judgments)
        return None if r is None or g is None else llm_compliance(r, g, beta)

    measures: dict[str, Callable[[list[Judgment]], float | None]] = {
        "robustness": robustness,
        "context_grounding": context_grounding,
        "llm_compliance": compliance,
    }
    metrics = []
    for suffix, task_type in (("", None), ("_qa", "QA"), ("_tg", "TG")):
        for name, measure in measures.items():

            def factory(
                measure: Callable[[list[Judgment]], float | None] = measure, kind: str | None = task_type
            ) -> Metric:
                return cast(Metric, _failsafe_measure(measure, kind))

            metrics.append(metric(name=f"{name}{suffix}")(factory)())
    return [*metrics, rated_by_counts()]


def failsafe_judge(judge: str | None = None, beta: float = DEFAULT_BETA) -> Scorer:
    """A judge model rates each non-empty answer 1–6 with the rubric of its condition.

    An empty answer, or one that only declines under an answerable condition, is rated 1
    without asking the judge; a judge reply whose last line is no
    ``Rating: [[n]]`` counts as 1; the score's ``rated_by`` metadata and the ``rated_by``
    metric say which path rated each answer (:mod:`finsynth.scoring.failsafe`).

    Args:
        judge: The judge model; the ``grader`` role (or the evaluated model) when ``None``.
        beta: β of LLM-Compliance (below 1 weighs Context Grounding more).

    """

    @scorer(metrics=failsafe_metrics(beta), name="failsafe_judge")
    def build() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            meta = state.metadata
            condition = meta["condition"]
            answer = state.output.completion
            before = rated_before_judging(condition, answer)
            if before is not None:
                reason = "empty answer" if before == "empty_answer" else "an answer that only declines"
                return Score(
                    value=LOWEST_RATING,
                    answer=answer,
                    explanation=f"{reason}: rated {LOWEST_RATING} without asking the judge",
                    metadata={"rated_by": before},
                )
            prompt = judge_prompt(
                condition,
                question=meta["query"],
                context=None if condition == "missing_context" else state.input_text,
                answer=answer,
                reference=None if condition in GROUNDING_CONDITIONS else target.text,
            )
            model = get_model(judge) if judge else get_model(role="grader")
            verdict = (await model.generate(prompt)).completion
            try:
                rating = parse_rating(verdict, answer)
            except RatingParseError as error:  # the worst rating, reported: never left out
                return Score(
                    value=LOWEST_RATING,
                    answer=answer,
                    explanation=f"{error}; counted as {LOWEST_RATING}\n\n{verdict}",
                    metadata={"rated_by": "unreadable_judge"},
                )
            return Score(value=rating, answer=answer, explanation=verdict, metadata={"rated_by": "judge"})

        return score

    return build()


def failsafe_task(
    dataset: str,
    config: str,
    *,
    revision: str | None = None,
    split: str = "test",
    judge: str | None = None,
    beta: float = DEFAULT_BETA,
    conditions: str | Sequence[str] | None = None,
) -> Task:
    """FailSafeQA conditions: the model answers each ready prompt, a judge rates it (:func:`failsafe_judge`).

    Args:
        dataset: A dataset folder or a Hub id.
        config: A ``failsafe_condition`` config, such as ``failsafe_conditions``.
        revision: The Hub revision to read (ignored for a folder).
        split: The split to evaluate.
        judge: The judge model (default: the ``grader`` role, else the evaluated model).
        beta: β of LLM-Compliance.
        conditions: Keep only these conditions (names, or one comma-separated string); all
            seven by default. Robustness is then the worst over the answerable conditions kept,
            Context Grounding over the missing/irrelevant-context ones kept.

    Raises:
        FinsynthError: If ``conditions`` names an unknown condition or one the split lacks.

    """

    def keep(rows: datasets.Dataset) -> list[int]:
        return condition_rows(rows["condition"], conditions or (), f"{dataset} {config}/{split}")

    return Task(
        dataset=_samples(
            dataset, config, split, revision, _failsafe_sample, None if conditions is None else keep
        ),
        solver=[generate()],
        scorer=failsafe_judge(judge, beta),
        config=task_generate_config(),
    )


def family_task(
    family: str,
    config: str,
    *,
    dataset: str | None,
    revision: str | None,
    harness_file: str | Path,
    default_repo: str,
    split: str = "test",
    options: Mapping[str, Any] | None = None,
) -> Task:
    """The task of a config, reading the dataset the way a shipped harness file should.

    Args:
        family: The config's record family (one of :data:`TASK_FAMILIES`).
        config: The config name.
        dataset: ``-T dataset=``: a path (relative to the current directory) or a Hub id;
            by default the dataset folder ``harness_file`` sits in, else ``default_repo``.
        revision: ``-T revision=``; by default the revision the harness file pins.
        harness_file: The shipped ``inspect_task.py`` (its ``__file__``).
        default_repo: The Hub repository the harness file names.
        split: The split to evaluate.
        options: Further task options (``judge``, ``beta``, ``conditions``, ``embedder``; for
            ``ucfe`` ``reference`` and ``reference_revision``).

    """
    from finsynth.harness.sources import shipped_folder

    source = resolve_dataset(dataset, shipped_folder(harness_file), default_repo)
    extra = dict(options or {})
    if family == "failsafe_condition":
        return failsafe_task(source, config, revision=revision, split=split, **extra)
    if family in ("finchain", "finchain_robust"):
        return finchain_task(source, config, revision=revision, split=split, **extra)
    if family == "ucfe":
        return ucfe_task(source, config, revision=revision, split=split, **extra)
    raise ValueError(f"no inspect task for the {family!r} family; tasks exist for {', '.join(TASK_FAMILIES)}")


@task
def finchain(
    dataset: str = "finsynth/finsynth",
    config: str = "finchain",
    revision: str | None = None,
    split: str = "test",
) -> Task:
    """A FinChain-family config of any finsynth dataset (``-T dataset=PATH_OR_ID -T config=...``)."""
    return finchain_task(resolve_dataset(dataset, None, dataset), config, revision=revision, split=split)


@task
def failsafe_conditions(
    dataset: str = "finsynth/finsynth",
    config: str = "failsafe_conditions",
    revision: str | None = None,
    split: str = "test",
    judge: str | None = None,
    beta: float = DEFAULT_BETA,
    conditions: str | list[str] | None = None,
) -> Task:
    """The FailSafeQA conditions config of any finsynth dataset, judged by a model.

    ``-T conditions=baseline,missing_context`` keeps only those conditions (all seven by default).
    """
    source = resolve_dataset(dataset, None, dataset)
    return failsafe_task(
        source, config, revision=revision, split=split, judge=judge, beta=beta, conditions=conditions
    )


@task
def ucfe(
    dataset: str = "finsynth/finsynth",
    config: str = "ucfe",
    revision: str | None = None,
    split: str = "test",
    reference: str | None = None,
    reference_revision: str | None = None,
    judge: str | None = None,
) -> Task:
    """UCFE items of any finsynth dataset against reference dialogues (``-T reference=PATH_OR_ID``)."""
    source = resolve_dataset(dataset, None, dataset)
    return ucfe_task(
        source,
        config,
        reference=reference,
        revision=revision,
        reference_revision=reference_revision,
        split=split,
        judge=judge,
    )
