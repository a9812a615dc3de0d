"""``finsynth ucfe``: import the UCFE benchmark and export it back; simulate dialogues on UCFE items.

Registered in :mod:`finsynth.cli` as the ``ucfe`` sub-command group. Heavy imports stay inside
the commands so ``finsynth --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from finsynth.errors import FinsynthError

ucfe_app = typer.Typer(
    name="ucfe",
    help="UCFE: import the benchmark into a dataset folder, export it back, simulate dialogues on items.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
)


@ucfe_app.command("import")
def import_command(
    file: Annotated[Path, typer.Argument(help="The benchmark file, UCFE_bench.json.")],
    out: Annotated[Path, typer.Option("--out", help="Dataset folder to write (config ucfe_bench).")],
    overwrite: Annotated[bool, typer.Option(help="Replace an existing folder.")] = False,
    notes: Annotated[
        bool, typer.Option("--notes", help="Also list each judgement call of the hint reader.")
    ] = False,
) -> None:
    """Import the UCFE benchmark into a dataset folder that `datasets.load_dataset` reads.

    Prints the items per task and how many items' hints were read; items whose hints do not
    fit their task are listed on stderr (they are still imported), and with --notes every
    judgement call the hint reader made.

    Examples:
        finsynth ucfe import UCFE_bench.json --out build/ucfe

        finsynth ucfe import UCFE_bench.json --out build/ucfe --overwrite --notes

    """
    from rich.table import Table

    from finsynth.builder.ucfe_bench import write_bench_folder
    from finsynth.cli.output import console, errors, fail
    from finsynth.generators.ucfe.bench import BENCH_KEYS, import_bench

    try:
        result = import_bench(file)
        folder = write_bench_folder(result, out, overwrite=overwrite)
    except FinsynthError as error:
        raise fail(error) from None
    report = result.report
    table = Table(title=f"{report.total} UCFE items from {file.name}")
    for column in ("task", "benchmark key", "items"):
        table.add_column(column)
    for slug, items in report.items_per_task.items():
        table.add_row(slug, BENCH_KEYS[slug], str(items))
    console.print(table)
    for item in report.items:
        where = f"{item.task_key}[{item.index}] (id {item.item_id})"
        if item.problems:
            errors.print(f"{where}: {'; '.join(item.problems)}", highlight=False, markup=False)
        if notes and item.notes:
            errors.print(f"{where}: note: {'; '.join(item.notes)}", highlight=False, markup=False)
    noted = sum(1 for item in report.items if item.notes)
    typer.echo(
        f"hints parsed: {report.hints_parsed} of {report.total} items fit their task; "
        f"{len(report.problems)} with problems; {noted} needed a judgement call"
    )
    typer.echo(str(folder))


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` without ever destroying what the path points at.

    A symbolic link is written through (its target is replaced, the link stays); a device, FIFO
    or other non-regular file is written into directly, never replaced by a regular file; a
    regular file is replaced atomically (a rename), keeping its permissions, and a new file gets
    the permissions the user's umask gives.
    """
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        with target.open("w", encoding="utf-8") as stream:
            stream.write(text)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
    handle, staging = tempfile.mkstemp(prefix=f".{target.name}.partial-", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(staging, mode)
        os.replace(staging, target)
    finally:
        if os.path.exists(staging):
            os.unlink(staging)


def _umask() -> int:
    """Return the process umask (reading it means setting it, so it is set straight back)."""
    current = os.umask(0o022)
    os.umask(current)
    return current


@ucfe_app.command("export")
def export_command(
    folder: Annotated[Path, typer.Argument(help="A dataset folder with a ucfe_bench config.")],
    file: Annotated[Path, typer.Argument(help="The JSON file to write.")],
) -> None:
    """Export a dataset folder to the benchmark's JSON (task key → items with seven fields).

    Exporting an import gives the original file back: same items, fields and layout (Unix line ends).

    Examples:
        finsynth ucfe export build/ucfe UCFE_bench.json

    """
    from finsynth.builder.ucfe_bench import read_bench_folder
    from finsynth.cli.output import fail
    from finsynth.generators.ucfe.bench import export_bench

    try:
        bench = export_bench(read_bench_folder(folder))
    except FinsynthError as error:
        raise fail(error) from None
    try:
        _write_atomically(file, json.dumps(bench, ensure_ascii=False, indent=2))  # the benchmark's own layout
    except OSError as error:
        raise fail(FinsynthError(f"{file}: cannot write: {error.strerror}")) from None
    items = sum(len(task_items) for task_items in bench.values())
    typer.echo(f"{file}: {items} items in {len(bench)} tasks")


@ucfe_app.command("simulate")
def simulate_command(
    dataset: Annotated[
        Path, typer.Argument(help="A dataset folder with UCFE items (config ucfe or ucfe_bench).")
    ],
    out: Annotated[Path, typer.Option("--out", help="Dataset folder to write (config ucfe_dialogues).")],
    user_base_url: Annotated[str, typer.Option(help="API root of the simulated user's server.")],
    user_model: Annotated[str, typer.Option(help="Model name of the simulated user.")],
    assistant_base_url: Annotated[str, typer.Option(help="API root of the assistant's server.")],
    assistant_model: Annotated[str, typer.Option(help="Model name of the assistant under test.")],
    api_key_env: Annotated[
        str, typer.Option(help="Environment variable holding the API key of both servers.")
    ] = "OPENAI_API_KEY",
    config: Annotated[
        str | None, typer.Option(help="Config of the items; default: ucfe, else ucfe_bench.")
    ] = None,
    split: Annotated[str, typer.Option(help="Split of the items; also the split written.")] = "test",
    limit: Annotated[int | None, typer.Option(min=1, help="Simulate only the first N items.")] = None,
    multi_turn_only: Annotated[
        bool, typer.Option("--multi-turn-only", help="Skip zero-shot items (by default each gets one reply).")
    ] = False,
    min_rounds: Annotated[
        int | None, typer.Option(min=0, help="Replace every task's minimum rounds.")
    ] = None,
    max_rounds: Annotated[
        int | None, typer.Option(min=1, help="Replace every task's maximum rounds.")
    ] = None,
    end_marker: Annotated[
        str | None,
        typer.Option(help="What the simulated user writes to end [default: [END OF CONVERSATION]]."),
    ] = None,
    seed: Annotated[int, typer.Option(min=0, help="Run seed; every request seed derives from it.")] = 0,
    max_tokens: Annotated[int, typer.Option(min=1, help="Largest reply, in tokens, of either side.")] = 1024,
    max_attempts: Annotated[
        int, typer.Option(min=1, help="Attempts per request before a turn is recorded as failed.")
    ] = 5,
    timeout: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="Seconds one request may take in all, every attempt and wait between them included; "
            "past it the turn is recorded as failed.",
        ),
    ] = 300.0,
    cache: Annotated[
        Path | None, typer.Option(help="Response cache (SQLite); default: <out>.cache.sqlite beside --out.")
    ] = None,
    concurrency: Annotated[int, typer.Option(min=1, help="Dialogues played at once.")] = 4,
    overwrite: Annotated[bool, typer.Option(help="Replace an existing folder.")] = False,
) -> None:
    """Play a simulated user against the assistant under test on every UCFE item; write the dialogues.

    Each multi-turn item becomes a dialogue between the simulated user (who knows the item's
    information and needs) and the assistant; each zero-shot item gets one assistant reply to
    its prompt. Both sides are any OpenAI-compatible endpoint. Failed turns are recorded in the
    dialogue, not fatal: a request that fails, runs past --timeout (all its --max-attempts
    together) or gets a malformed reply fails its turn only. Every reply is cached in --cache,
    so re-running after an interruption sends no request that already succeeded. Prints how
    many dialogues there are, their mean rounds and how they ended, and lists the failures on
    stderr.

    Examples:
        finsynth ucfe simulate build/finsynth/0.3.0 --out build/dialogues
        --user-base-url http://127.0.0.1:8000/v1 --user-model client-model
        --assistant-base-url http://127.0.0.1:8001/v1 --assistant-model my-model

        finsynth ucfe simulate build/ucfe --limit 20 --max-rounds 3 --out build/dialogues
        --user-base-url https://api.openai.com/v1 --user-model gpt-4o-mini
        --assistant-base-url http://127.0.0.1:8001/v1 --assistant-model my-model

    """
    from rich.progress import track

    from finsynth.builder.output import refuse_existing
    from finsynth.builder.ucfe_dialogues import read_items, summarize, write_dialogue_folder
    from finsynth.cli.output import errors, fail
    from finsynth.generators.ucfe.dialogues import select_items, simulate_dataset
    from finsynth.generators.ucfe.simulator import DEFAULT_END_MARKER
    from finsynth.generators.ucfe.spec import Setting
    from finsynth.scoring.client import ChatClient, ChatEndpoint, RetryPolicy

    cache_path = cache if cache is not None else out.with_name(f"{out.name}.cache.sqlite")
    settings: tuple[Setting, ...] = ("multi_turn",) if multi_turn_only else ("multi_turn", "zero_shot")
    try:
        refuse_existing(out, overwrite)
        source = read_items(dataset, config=config, split=split)
        items = select_items(source.records, settings=settings, limit=limit)

        def client(base_url: str, model: str) -> ChatClient:
            return ChatClient(
                ChatEndpoint(
                    base_url,
                    model,
                    api_key_env=api_key_env,
                    max_tokens=max_tokens,
                    seed=seed,
                    timeout_s=min(timeout, 60.0),
                    deadline_s=timeout,
                ),
                cache_path=cache_path,
                retry=RetryPolicy(max_attempts=max_attempts, seed=seed),
                max_concurrency=concurrency,
            )

        with (
            client(user_base_url, user_model) as user,
            client(assistant_base_url, assistant_model) as assistant,
        ):
            dialogues = simulate_dataset(
                items,
                user=user,
                assistant=assistant,
                seed=seed,
                min_rounds=min_rounds,
                max_rounds=max_rounds,
                end_marker=DEFAULT_END_MARKER if end_marker is None else end_marker,
                concurrency=concurrency,
            )
            records = list(track(dialogues, total=len(items), description="dialogues", console=errors))
        folder = write_dialogue_folder(records, out, source=source, seed=seed, overwrite=overwrite)
    except FinsynthError as error:
        raise fail(error) from None
    summary = summarize(records)
    for item_id, failure in summary.failures:
        errors.print(f"{item_id}: {failure}", highlight=False, markup=False)
    ended = ", ".join(f"{reason} {count}" for reason, count in summary.ended_by.items())
    typer.echo(
        f"{summary.dialogues} dialogues, mean rounds {summary.mean_rounds:.2f}; ended: {ended}; "
        f"{len(summary.failures)} failures"
    )
    sent = user.requests_sent + assistant.requests_sent
    typer.echo(
        f"requests: {sent} sent, {user.cache_hits + assistant.cache_hits} from the cache ({cache_path})"
    )
    typer.echo(str(folder))
