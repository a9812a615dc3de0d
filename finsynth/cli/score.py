"""``finsynth score``: ChainEval, FailSafeQA metrics and pairwise ratings from the command line.

Registered in :mod:`finsynth.cli` as the ``score`` sub-command group. Input files are JSON
lines; every line that cannot be used is printed on stderr with its line number and kept
in the JSON report (``--report``), and scoring goes on with the rest. A file that cannot be
read, or arguments out of range, exit with code 2.

Input formats:

- predictions (``score chaineval``): ``{"id": "<record id>", "output": "<model text>"}``, or
  with ``--from inspect`` an inspect_ai eval log, with ``--from lm-eval`` an lm-eval samples
  file (``--log_samples``) of the build's tasks. A log is scored over exactly the items it
  holds, so the number printed is the one the harness printed for it (``--limit 20`` gives
  20 items, not the whole split); ``--whole-split`` scores every record of the split, those
  the log lacks as wrong. A predictions file is always scored over the whole split;
- judgments (``score failsafe``): ``{"id": ..., "condition": "baseline|misspelled|incomplete|
  out_of_domain|ocr|missing_context|irrelevant_context", "rating": 1..6}`` or
  ``"judge_output": "... Rating: [[n]]"`` instead of ``rating``; optional ``"task_type":
  "QA"|"TG"``; or with ``--from inspect`` the log of the build's FailSafeQA inspect task;
- games (``score ratings``): ``{"model_a": ..., "model_b": ..., "winner":
  "model_a|model_b|tie", "item": ...}`` (``item`` optional, used by the cluster bootstrap);
- ratings (``score agreement``): a JSON object ``{model: rating}``, or what ``score ratings
  --json`` prints, or a ratings report.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from finsynth.errors import FinsynthError

if TYPE_CHECKING:
    from finsynth.scoring.chaineval import GroupScores
    from finsynth.scoring.failsafe import FailSafeScores
    from finsynth.scoring.jsonl import InputProblem
    from finsynth.scoring.ratings import Method, WinMatrix

score_app = typer.Typer(
    name="score",
    help="Score model outputs: ChainEval (FinChain), FailSafeQA compliance, pairwise ratings.",
    no_args_is_help=True,
    add_completion=False,
)

ReportOption = Annotated[Path | None, typer.Option("--report", help="Write the full JSON report here.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the JSON report instead of tables.")]


def _show_problems(source: Path, problems: Sequence[InputProblem]) -> None:
    from finsynth.cli.output import errors

    for problem in problems:
        errors.print(f"{source}: {problem}", highlight=False, markup=False)
    if problems:
        errors.print(f"{len(problems)} input problem(s), also listed in the JSON report", highlight=False)


def _finish(report: Mapping[str, Any], path: Path | None, as_json: bool) -> None:
    from finsynth.scoring.report import write_report

    if path is not None:
        write_report(path, report)
    if as_json:
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def _chaineval_table(title: str, groups: Mapping[str, GroupScores], overall: GroupScores, rouge: bool) -> Any:
    from rich.table import Table

    table = Table(
        title=title, caption="answer: final-answer accuracy; step P/R/F1: step precision, recall, F1"
    )
    table.add_column("", no_wrap=True)
    for column in [
        "records",
        "missing",
        "answer",
        "step P",
        "step R",
        "step F1",
        *(["ROUGE-L"] if rouge else []),
    ]:
        table.add_column(column, justify="right")
    for name, scores in [*groups.items(), ("all", overall)]:
        row = [name, str(scores.records), str(scores.missing), _percent(scores.answer_accuracy)]
        row += [_percent(scores.step_precision), _percent(scores.step_recall), _percent(scores.step_f1)]
        table.add_row(*row, *([_percent(scores.rouge_l)] if rouge else []), end_section=name == "all")
    return table


@score_app.command("chaineval")
def chaineval_command(
    dataset: Annotated[
        Path, typer.Argument(help="A built dataset folder, a .parquet or a .jsonl of records.")
    ],
    predictions: Annotated[
        Path,
        typer.Argument(help='JSONL {"id": ..., "output": ...} per line, or a log (see --from).'),
    ],
    source: Annotated[
        str,
        typer.Option(
            "--from", help="What PREDICTIONS is: predictions (JSONL), inspect (eval log), lm-eval (samples)."
        ),
    ] = "predictions",
    config: Annotated[str, typer.Option(help="Config folder inside a dataset folder.")] = "finchain",
    split: Annotated[str, typer.Option(help="Split inside a dataset folder.")] = "test",
    tau: Annotated[float, typer.Option(help="Minimum cosine similarity of matched steps.")] = 0.7,
    tolerance: Annotated[float, typer.Option(help="Relative tolerance of answers and step values.")] = 0.05,
    embedder: Annotated[
        str, typer.Option(help="wordllama (offline) or minilm (sentence-transformers).")
    ] = "wordllama",
    rouge: Annotated[
        bool, typer.Option("--rouge", help="Also compute ROUGE-L against the gold solution.")
    ] = False,
    whole_split: Annotated[
        bool,
        typer.Option(
            "--whole-split",
            help="With --from inspect|lm-eval: score every record of the split, those the log lacks as "
            "wrong (default: exactly the log's items, as the harness scored them).",
        ),
    ] = False,
    lenient: Annotated[
        bool,
        typer.Option(
            "--lenient",
            help="Exploratory only: also read replies without an 'Answer:' line and bare numbers for "
            "any unit. Never for reported results or rewards.",
        ),
    ] = False,
    report: ReportOption = None,
    as_json: JsonOption = False,
) -> None:
    """ChainEval: final-answer accuracy and step precision/recall/F1, per domain and difficulty.

    Final answers are read strictly (the last 'Answer:' line, with a compatible unit, or
    exactly one of the choices; see finsynth.scoring.answers). An inspect or lm-eval log is
    scored over exactly its items, and the first line printed is the harness's metric for
    it (inspect's answer/accuracy, lm-eval's accuracy); with --whole-split, and always for a
    predictions file, records without a prediction count as wrong. They and every unusable
    prediction line are listed on stderr and in the report.

    Examples:
        finsynth score chaineval build/finsynth/0.6.0 predictions.jsonl --report chaineval.json

        finsynth score chaineval records.jsonl predictions.jsonl --tau 0.8 --rouge

        finsynth score chaineval build/finsynth/0.6.0 logs/2026-finchain.eval --from inspect

        finsynth score chaineval build/finsynth/0.6.0 logs/2026-finchain.eval --from inspect --whole-split

        finsynth score chaineval build/finsynth/0.6.0 out/samples_finsynth_finchain.jsonl --from lm-eval

    """
    from finsynth.cli.output import console, fail
    from finsynth.scoring.chaineval import evaluate_chains
    from finsynth.scoring.embeddings import load_embedder
    from finsynth.scoring.eval_logs import LOG_FORMATS, inspect_predictions, lm_eval_predictions
    from finsynth.scoring.jsonl import read_jsonl
    from finsynth.scoring.predictions import predictions_from
    from finsynth.scoring.records import load_records
    from finsynth.scoring.report import chaineval_report

    try:
        if not tolerance >= 0 or not -1 <= tau <= 1:
            raise FinsynthError(f"--tau must be in [-1, 1] and --tolerance >= 0, got {tau} and {tolerance}")
        if source not in LOG_FORMATS:
            raise FinsynthError(f"--from must be one of {', '.join(LOG_FORMATS)}, not {source!r}")
        records = load_records(dataset, config, split)
        readers = {"predictions": read_jsonl, "inspect": inspect_predictions, "lm-eval": lm_eval_predictions}
        entries = list(readers[source](predictions))
        if source != "predictions" and not whole_split:
            logged = {str(value.get("id")) for _, value in entries if isinstance(value, dict)}
            records = [record for record in records if record["id"] in logged]
        read = predictions_from(entries, [record["id"] for record in records])
        if not records:
            raise FinsynthError(f"{predictions}: none of its items is a record of {dataset} {config}/{split}")
        result = evaluate_chains(
            records,
            read.outputs,
            embedder=load_embedder(embedder),
            tau=tau,
            tolerance=tolerance,
            with_rouge=rouge,
            lenient=lenient,
        )
        settings = {
            "dataset": str(dataset),
            "predictions": str(predictions),
            "from": source,
            "config": config,
            "split": split,
            "tau": tau,
            "tolerance": tolerance,
            "embedder": embedder,
            "rouge": rouge,
            "whole_split": whole_split or source == "predictions",
            "lenient": lenient,
        }
        _show_problems(predictions, read.problems)
        _finish(chaineval_report(result, read.problems, settings), report, as_json)
    except FinsynthError as error:
        raise fail(error) from None
    if not as_json:
        overall = result.overall
        right = round(overall.answer_accuracy * overall.records)
        console.print(
            f"answer accuracy {overall.answer_accuracy:.4g} ({right} of {overall.records} records"
            f"{', lenient reader' if lenient else ''})",
            highlight=False,
        )
        console.print(_chaineval_table("ChainEval by domain", result.by_domain, result.overall, rouge))
        console.print(
            _chaineval_table("ChainEval by difficulty", result.by_difficulty, result.overall, rouge)
        )


def _failsafe_row(name: str, scores: FailSafeScores) -> list[str]:
    values = (scores.robustness, scores.context_grounding, scores.llm_compliance)
    return [name, str(scores.items), *("—" if value is None else f"{value:.3f}" for value in values)]


@score_app.command("failsafe")
def failsafe_command(
    judgments: Annotated[
        Path, typer.Argument(help="JSONL of judge ratings per item and condition, or an inspect log.")
    ],
    source: Annotated[
        str,
        typer.Option("--from", help="What JUDGMENTS is: judgments (JSONL) or inspect (FailSafeQA task log)."),
    ] = "judgments",
    beta: Annotated[
        float, typer.Option(help="β of LLM-Compliance (below 1 weighs Context Grounding more).")
    ] = 0.5,
    report: ReportOption = None,
    as_json: JsonOption = False,
) -> None:
    """FailSafeQA: Robustness, Context Grounding and LLM-Compliance, overall and for QA and TG items.

    A judge output whose last line is not 'Rating: [[n]]' (n from 1 to 6) counts as rating 1,
    the worst, and is reported; a line whose "answer" is empty is rated 1 without its judge.
    The report counts the ratings each path gave (rated_by: judge, empty_answer,
    unreadable_judge).

    Examples:
        finsynth score failsafe judgments.jsonl

        finsynth score failsafe judgments.jsonl --beta 1 --report failsafe.json

        finsynth score failsafe logs/2026-failsafe-conditions.eval --from inspect

    """
    from rich.table import Table

    from finsynth.cli.output import console, fail
    from finsynth.scoring.eval_logs import inspect_judgments
    from finsynth.scoring.failsafe import failsafe_report, judgments_from
    from finsynth.scoring.jsonl import read_jsonl
    from finsynth.scoring.report import failsafe_json

    try:
        if not 0 < beta < float("inf"):
            raise FinsynthError(f"--beta must be a positive finite number, got {beta}")
        if source == "lm-eval":
            raise FinsynthError(
                "--from lm-eval: lm-eval has no FailSafeQA task (its answers need a judge model); "
                "run the inspect task and pass its log with --from inspect"
            )
        if source not in ("judgments", "inspect"):
            raise FinsynthError(f"--from must be judgments or inspect, not {source!r}")
        rated, problems = judgments_from(
            inspect_judgments(judgments) if source == "inspect" else read_jsonl(judgments)
        )
        _show_problems(judgments, problems)
        if not rated:
            raise FinsynthError(f"{judgments}: no usable judgments")
        scores = failsafe_report(rated, beta)
        settings = {"judgments": str(judgments), "from": source, "beta": beta}
        _finish(failsafe_json(scores, problems, settings), report, as_json)
    except FinsynthError as error:
        raise fail(error) from None
    if as_json:
        return
    table = Table(title=f"FailSafeQA ({len(rated)} judgments)")
    for column in ("", "items", "Robustness", "Context Grounding", f"LLM-Compliance (β={beta:g})"):
        table.add_column(column, justify="left" if not column else "right")
    for name, group in [("all", scores.overall), *scores.by_task_type.items()]:
        table.add_row(*_failsafe_row(name, group))
    console.print(table)
    conditions = Table(title="Compliance (rating ≥ 4) by condition")
    conditions.add_column("condition")
    conditions.add_column("compliant", justify="right")
    for condition, share in scores.overall.compliance_by_condition.items():
        conditions.add_row(condition, _percent(share))
    console.print(conditions)
    paths = scores.overall.rated_by
    console.print(
        f"rated by the judge: {paths['judge']}; empty answers rated 1 before any judge: "
        f"{paths['empty_answer']}; unreadable judge ratings counted as 1: {paths['unreadable_judge']}",
        highlight=False,
    )
    if scores.overall.incomplete_items:
        count = len(scores.overall.incomplete_items)
        console.print(f"{count} items lack some conditions (see 'incomplete_items' in the report)")


@score_app.command("ratings")
def ratings_command(
    games: Annotated[
        list[Path], typer.Argument(help="A JSONL file of pairwise games, or inspect logs (see --from).")
    ],
    source: Annotated[
        str,
        typer.Option("--from", help="What GAMES are: games (one JSONL file) or inspect (UCFE task logs)."),
    ] = "games",
    method: Annotated[str, typer.Option(help="bt (Bradley–Terry) or elo (online, in file order).")] = "bt",
    bootstrap: Annotated[int, typer.Option(help="Bootstrap rounds over items (0: no interval).")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the bootstrap.")] = 0,
    confidence: Annotated[float, typer.Option(help="Coverage of the interval.")] = 0.95,
    prior: Annotated[float, typer.Option(help="Bradley–Terry: virtual tied games per pair of models.")] = 0.1,
    report: ReportOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help='Print {model: {"rating", "ci_low", "ci_high", "games"}}.')
    ] = False,
) -> None:
    """Rate models from pairwise games: Bradley–Terry or UCFE's online Elo, with bootstrap intervals.

    Elo (start 1000, K 4, scale 400, base 10) replays the games in file order, so it
    depends on that order; Bradley–Terry does not, and is put on the same scale (mean 1000).
    With ``--from inspect``, each judged sample of each UCFE task log is a game of the log's
    model against the sample's reference model, so several models' logs rate them together.

    Examples:
        finsynth score ratings games.jsonl --method bt --bootstrap 200 --seed 1

        finsynth score ratings logs/*ucfe*.eval --from inspect

        finsynth score ratings games.jsonl --method elo --json

    """
    from rich.table import Table

    from finsynth.cli.output import console, fail
    from finsynth.scoring.eval_logs import inspect_games
    from finsynth.scoring.ratings import bootstrap_ratings, games_from, read_games, win_matrix
    from finsynth.scoring.report import ratings_json, ratings_report

    named = ", ".join(map(str, games))
    try:
        if method not in ("bt", "elo"):
            raise FinsynthError(f"--method must be bt or elo, not {method!r}")
        if source not in ("games", "inspect"):
            raise FinsynthError(f"--from must be games or inspect, not {source!r}")
        if source == "games" and len(games) != 1:
            raise FinsynthError(f"--from games reads one games file, got {len(games)}: {named}")
        played, problems = read_games(games[0]) if source == "games" else games_from(inspect_games(games))
        _show_problems(Path(named), problems)
        if not played:
            raise FinsynthError(f"{named}: no usable games")
        rate_with = cast("Method", method)
        intervals = bootstrap_ratings(
            played, method=rate_with, rounds=bootstrap, seed=seed, confidence=confidence, prior=prior
        )
        settings: dict[str, Any] = {
            "games": named,
            "from": source,
            "method": method,
            "bootstrap": bootstrap,
            "seed": seed,
        }
        settings |= {"confidence": confidence, "prior": prior}
        matrix = win_matrix(played)
        full = ratings_report(intervals, matrix, problems, settings)
        _finish(full, report, as_json=False)
    except FinsynthError as error:
        raise fail(error) from None
    if as_json:
        typer.echo(json.dumps(ratings_json(intervals), indent=2, ensure_ascii=False))
        return
    table = Table(title=f"{'Bradley–Terry' if method == 'bt' else 'Elo'} ratings from {len(played)} games")
    for column in ("model", "rating", f"{confidence:.0%} interval", "games"):
        table.add_column(column, justify="left" if column == "model" else "right")
    for model, entry in ratings_json(intervals).items():
        interval = f"{entry['ci_low']:.1f} – {entry['ci_high']:.1f}" if bootstrap else "—"
        table.add_row(model, f"{entry['rating']:.1f}", interval, str(entry["games"]))
    console.print(table)
    console.print(_head_to_head_table(matrix))


MATRIX_MODELS_SHOWN = 12
"""Most models whose head-to-head matrix is printed; above it each model's totals are (the full
matrix is always in the JSON report), so the printed table grows linearly, not quadratically."""


def _head_to_head_table(matrix: WinMatrix) -> Any:
    """The wins/ties/losses table: row against column, or each model's totals above the size limit."""
    from rich.table import Table

    losses = matrix.losses  # computed once: it is the transpose of the whole matrix
    count = len(matrix.models)
    if count > MATRIX_MODELS_SHOWN:
        title = f"Wins / ties / losses of each model ({count} models; the head-to-head matrix is in --report)"
        table = Table(title=title)
        for column in ("model", "opponents", "wins", "ties", "losses"):
            table.add_column(column, justify="left" if column == "model" else "right")
        for i, model in enumerate(matrix.models):
            met = sum(1 for j in range(count) if matrix.wins[i][j] or matrix.ties[i][j] or losses[i][j])
            totals = (sum(matrix.wins[i]), sum(matrix.ties[i]), sum(losses[i]))
            table.add_row(model, str(met), *map(str, totals))
        return table
    table = Table(title="Wins / ties / losses (row against column)")
    table.add_column("")
    for model in matrix.models:
        table.add_column(model, justify="right")
    for i, model in enumerate(matrix.models):
        cells = [
            "·" if i == j else f"{matrix.wins[i][j]}/{matrix.ties[i][j]}/{losses[i][j]}" for j in range(count)
        ]
        table.add_row(model, *cells)
    return table


@score_app.command("agreement")
def agreement_command(
    first: Annotated[
        Path, typer.Argument(help="Ratings JSON: {model: rating} or `score ratings --json` output.")
    ],
    second: Annotated[Path, typer.Argument(help="The other ratings, in the same form.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the agreement as JSON.")] = False,
) -> None:
    """Pearson and Spearman correlation between two ratings of the same models (e.g. two judges).

    Examples:
        finsynth score ratings judge1.jsonl --json > a.json

        finsynth score agreement a.json b.json

    """
    import dataclasses

    from finsynth.cli.output import console, fail
    from finsynth.scoring.ratings import agreement, read_ratings

    try:
        result = agreement(read_ratings(first), read_ratings(second))
    except FinsynthError as error:
        raise fail(error) from None
    if as_json:
        typer.echo(json.dumps(dataclasses.asdict(result), indent=2))
        return
    console.print(
        f"{len(result.models)} shared models: Pearson {result.pearson:.3f}, Spearman {result.spearman:.3f}",
        highlight=False,
    )
