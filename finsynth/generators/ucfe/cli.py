"""``finsynth ucfe``: import the UCFE benchmark into a dataset folder, and export it back.

Registered in :mod:`finsynth.cli` as the ``ucfe`` sub-command group. Heavy imports stay inside
the commands so ``finsynth --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from finsynth.errors import FinsynthError

ucfe_app = typer.Typer(
    name="ucfe",
    help="UCFE benchmark: import it into a dataset folder, export a folder back to its JSON.",
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

    from finsynth.cli import _fail, console, errors
    from finsynth.generators.ucfe.bench import BENCH_KEYS, import_bench
    from finsynth.generators.ucfe.folder import write_bench_folder

    try:
        result = import_bench(file)
        folder = write_bench_folder(result, out, overwrite=overwrite)
    except FinsynthError as error:
        raise _fail(error) from None
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
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, staging = tempfile.mkstemp(prefix=f".{path.name}.partial-", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(staging, path)
    finally:
        if os.path.exists(staging):
            os.unlink(staging)


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
    from finsynth.cli import _fail
    from finsynth.generators.ucfe.bench import export_bench
    from finsynth.generators.ucfe.folder import read_bench_folder

    try:
        bench = export_bench(read_bench_folder(folder))
    except FinsynthError as error:
        raise _fail(error) from None
    try:
        _write_atomically(file, json.dumps(bench, ensure_ascii=False, indent=2))  # the benchmark's own layout
    except OSError as error:
        raise _fail(FinsynthError(f"{file}: cannot write: {error.strerror}")) from None
    items = sum(len(task_items) for task_items in bench.values())
    typer.echo(f"{file}: {items} items in {len(bench)} tasks")
