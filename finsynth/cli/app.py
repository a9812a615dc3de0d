"""The ``finsynth`` command line: list, generate, build, validate and verify datasets.

Errors a user can fix print one line on stderr and exit with code 2; ``verify`` and
``validate`` exit with 1 when the data itself fails the checks.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from finsynth.cli.output import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, console, errors, fail
from finsynth.errors import FinsynthError

app = typer.Typer(
    name="finsynth",
    help="Generate, build, validate and verify seeded financial LLM datasets.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
)
TRACED_FAMILIES = ("finchain", "finchain_robust")
"""Families whose records carry a FinChain trace that ``verify`` replays."""


@app.command("list")
def list_generators(
    family: Annotated[str | None, typer.Option(help="Only this record family, e.g. finchain.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List registered generators with their domain, topic and difficulty.

    Examples:
        finsynth list --family finchain

        finsynth list --json | jq '.counts'

    """
    from finsynth.generators.registry import all_generators

    generators = all_generators(family)
    entries = [
        {"id": g.info.id, "family": g.info.family, "title": g.info.title, **g.info.tags} for g in generators
    ]
    if as_json:
        counts = {
            "generators": len(entries),
            "domains": len({entry.get("domain") for entry in entries if "domain" in entry}),
            "topics": len(
                {(entry.get("domain"), entry.get("topic")) for entry in entries if "topic" in entry}
            ),
            "by_difficulty": dict(
                sorted(Counter(str(e.get("difficulty")) for e in entries if "difficulty" in e).items())
            ),
        }
        typer.echo(json.dumps({"counts": counts, "generators": entries}, indent=2))
        return
    table = Table(title=f"{len(entries)} generators")
    for column in ("id", "difficulty"):
        table.add_column(column)
    for entry in entries:
        table.add_row(entry["id"], str(entry.get("difficulty", "")))
    console.print(table)


@app.command()
def generate(
    selector: Annotated[str, typer.Argument(metavar="ID_OR_PREFIX", help="Generator id or id prefix.")],
    n: Annotated[int, typer.Option("-n", "--n", help="Instances per matching generator.")] = 1,
    seed: Annotated[int, typer.Option(help="Root seed.")] = 0,
    config: Annotated[
        str, typer.Option(help="Config name used for seeding (a build's, to reproduce it).")
    ] = "adhoc",
    split: Annotated[str, typer.Option(help="Split name used for seeding and ids.")] = "sample",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON record per line.")] = False,
) -> None:
    """Draw records from a generator (or every generator under a prefix).

    Examples:
        finsynth generate finchain/investment_analysis/compound_interest -n 2 --seed 7

        finsynth generate finchain/ -n 10 --seed 1 --json > sample.jsonl

    """
    from finsynth.pipeline import generate as generate_records

    try:
        records = list(generate_records(selector, n=n, seed=seed, config=config, split=split))
    except FinsynthError as error:
        raise fail(error) from None
    for record in records:
        if as_json:
            typer.echo(json.dumps(record, ensure_ascii=False))
            continue
        console.rule(record["id"], style="dim")
        console.print(record["input"], highlight=False, markup=False)
        console.print(record["solution"], style="green", highlight=False, markup=False)


@app.command()
def build(
    config: Annotated[Path, typer.Argument(help="Build config YAML, e.g. configs/default.yaml.")],
    out: Annotated[
        Path, typer.Option(help="Root output folder; the dataset goes to OUT/NAME/VERSION.")
    ] = Path("build"),
    num_proc: Annotated[
        int, typer.Option(help="Worker processes of the local engine (the output does not depend on it).")
    ] = 1,
    engine: Annotated[
        str,
        typer.Option(
            help="local (processes on this machine) or ray (Ray tasks; needs finsynth[ray]). "
            "The output does not depend on it."
        ),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            help="Ray cluster address (HOST:PORT of `ray start --head`, or auto); with --engine ray."
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            help="Reuse the verified shards an interrupted or failed run of this build left behind."
        ),
    ] = True,
    overwrite: Annotated[bool, typer.Option(help="Replace an existing folder of the same version.")] = False,
) -> None:
    """Build a versioned dataset folder laid out like a Hugging Face dataset repository.

    An interrupted or failed build leaves its verified shards in OUT/NAME/.VERSION.partial;
    running the same command again resumes from them.

    Examples:
        finsynth build configs/default.yaml

        finsynth build configs/default.yaml --out /data/build --num-proc 2 --overwrite

        finsynth build configs/default.yaml --engine ray --address 10.0.0.5:6379 --out /shared/build

    """
    from finsynth.builder import load_config, output_folder, run_build
    from finsynth.builder.journal import Resumption, journaled_shards
    from finsynth.builder.output import resumable_folder
    from finsynth.builder.plan import ShardSpec
    from finsynth.builder.shard import ShardResult

    try:
        build_config = load_config(config)
    except FinsynthError as error:
        raise fail(error) from None
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=errors,
    )
    tasks: dict[tuple[str, str], TaskID] = {}
    planned: list[ShardSpec] = []

    def on_plan(shards: Sequence[ShardSpec]) -> None:
        planned.extend(shards)
        for spec in shards:
            key = (spec.config, spec.split)
            if key not in tasks:
                total = sum(s.rows for s in shards if (s.config, s.split) == key)
                tasks[key] = progress.add_task(f"{spec.config}/{spec.split}", total=total)

    def on_done(spec: ShardSpec, result: ShardResult) -> None:
        progress.advance(tasks[(spec.config, spec.split)], result.rows)

    def on_resume(resumption: Resumption) -> None:
        if resumption.discarded:
            errors.print(
                f"not resuming {resumption.folder}: {resumption.discarded}; starting afresh", markup=False
            )
        elif resumption.reused:
            errors.print(
                f"resuming {resumption.folder}: reused {len(resumption.reused)} of {len(planned)} shards "
                "(sha256 verified)",
                markup=False,
            )

    try:
        with progress:
            folder = run_build(
                build_config,
                out,
                num_proc=num_proc,
                engine=engine,
                address=address,
                resume=resume,
                overwrite=overwrite,
                on_plan=on_plan,
                on_done=on_done,
                on_resume=on_resume,
            )
    except FinsynthError as error:
        failed = fail(error)
        staging = resumable_folder(output_folder(build_config, out))
        kept = journaled_shards(staging)
        if kept:
            errors.print(
                f"kept {kept} verified shards in {staging}; run the same command to resume", markup=False
            )
        raise failed from None
    typer.echo(str(folder))


def _records_of_parquet(path: Path) -> Iterator[dict[str, Any]]:
    import pyarrow.parquet as pq

    parquet = pq.ParquetFile(path)
    for batch in parquet.iter_batches(batch_size=10_000):
        yield from batch.to_pylist()


def _dataset_files(folder: Path) -> list[tuple[Path, str, bool]]:
    """Return (parquet file, family, has variation column) for every shard in a manifest."""
    from finsynth.builder.manifest import read_manifest

    manifest = read_manifest(folder)
    files = []
    for config in manifest["configs"].values():
        for split in config["splits"].values():
            files += [
                (folder / name, config["family"], config["variations"] is not None) for name in split["files"]
            ]
    return files


@app.command()
def validate(
    path: Annotated[
        Path, typer.Argument(help="A build config (.yaml), a dataset folder, a .parquet or a .jsonl file.")
    ],
    family: Annotated[str, typer.Option(help="Record family of a .parquet or .jsonl file.")] = "finchain",
) -> None:
    """Check a build config, or every record of a dataset, against its JSON Schema.

    Examples:
        finsynth validate configs/default.yaml

        finsynth validate build/finsynth/0.1.0

    """
    from finsynth.builder import load_config
    from finsynth.schemas import validator_for
    from finsynth.schemas.loader import explain, json_path

    try:
        if path.suffix in (".yaml", ".yml"):
            build_config = load_config(path)
            generators = sum(len(config.generator_ids) for config in build_config.configs)
            configs = len(build_config.configs)
            typer.echo(f"{path}: valid build config ({configs} configs, {generators} generator uses)")
            return
        if path.is_dir():
            files = _dataset_files(path)
        elif path.suffix in (".parquet", ".jsonl"):
            files = [(path, family, False)]
        else:
            raise FinsynthError(
                f"{path}: expected a .yaml config, a dataset folder, a .parquet or a .jsonl file"
            )
        if not all(file.exists() for file, _, _ in files):
            missing = next(file for file, _, _ in files if not file.exists())
            raise FinsynthError(f"{missing}: file not found")
    except FinsynthError as error:
        raise fail(error) from None
    failures = 0
    checked = 0
    for file, record_family, with_variation in files:
        records = _records_of_parquet(file) if file.suffix == ".parquet" else _records_of_jsonl(file)
        for line, record in enumerate(records, 1):
            validator = validator_for(record_family, with_variation or "variation" in record)
            checked += 1
            if not validator.is_valid(record):
                failures += 1
                problem = next(validator.errors(record))
                where = f"{file}:{line}" if file.suffix == ".jsonl" else f"{file} row {line}"
                message = f"{where}: {record.get('id')}: {json_path(problem)}: {explain(problem)}"
                errors.print(message, highlight=False, markup=False)
    if failures:
        errors.print(f"{failures} of {checked} records are invalid")
        raise typer.Exit(EXIT_CHECK_FAILED)
    typer.echo(f"{path}: {checked} records valid")


def _records_of_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line, text in enumerate(handle, 1):
            try:
                record = json.loads(text)
            except json.JSONDecodeError as error:
                raise fail(FinsynthError(f"{path}:{line}: not valid JSON: {error.msg}")) from None
            yield record


@app.command()
def verify(
    folder: Annotated[Path, typer.Argument(help="A built dataset folder (with manifest.json).")],
) -> None:
    """Check every file against the manifest's sha256 and replay every record's trace.

    Exits with 1 and prints the failing files and record ids if anything differs, and with 2
    (one line) if the traces have a version this finsynth does not read.

    Examples:
        finsynth verify build/finsynth/0.1.0

    """
    from finsynth.builder.manifest import check_files, read_manifest
    from finsynth.generators.finchain.trace import check_record, unreadable_trace_version

    try:
        manifest = read_manifest(folder)
        files = _dataset_files(folder)
    except FinsynthError as error:
        raise fail(error) from None
    problems = check_files(folder, manifest)
    for problem in problems:
        errors.print(f"file {problem}", highlight=False, markup=False)
    checked = 0
    failing = 0
    for file, family, _ in files:
        if family not in TRACED_FAMILIES or not file.exists():
            continue
        for record in _records_of_parquet(file):
            unreadable = unreadable_trace_version(record)
            if unreadable is not None:
                errors.print(f"{file}: {unreadable}", highlight=False, markup=False)
                raise typer.Exit(EXIT_BAD_INPUT)
            checked += 1
            record_problems = check_record(record)
            if record_problems:
                failing += 1
                errors.print(f"{record['id']}: {'; '.join(record_problems)}", highlight=False, markup=False)
    if problems or failing:
        errors.print(
            f"verify failed: {len(problems)} file problems, {failing} of {checked} traces do not replay"
        )
        raise typer.Exit(EXIT_CHECK_FAILED)
    typer.echo(
        f"{folder}: {len(manifest['files'])} files match the manifest; {checked} traces replay exactly"
    )


# --- sub-commands ---
from finsynth.cli.ucfe import ucfe_app  # noqa: E402

app.add_typer(ucfe_app, name="ucfe")

from finsynth.cli.perturb import perturb_command  # noqa: E402

app.command("perturb")(perturb_command)

from finsynth.cli.push import push  # noqa: E402

app.command("push")(push)

from finsynth.cli.score import score_app  # noqa: E402

app.add_typer(score_app, name="score")


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line (the ``finsynth`` console script)."""
    try:
        app(args=list(argv) if argv is not None else None, prog_name="finsynth")
    except FinsynthError as error:  # errors raised outside a command's own handling
        errors.print(f"error: {error}", highlight=False, markup=False)
        sys.exit(EXIT_BAD_INPUT)
