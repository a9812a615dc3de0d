"""The ``finsynth`` command line: list, generate, build, validate and verify datasets.

Errors a user can fix print one line on stderr and exit with code 2; ``verify`` and
``validate`` exit with 1 when the data itself fails the checks.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from finsynth.cli.output import (
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    console,
    errors,
    fail,
    print_error,
    print_note,
)
from finsynth.errors import FinsynthError
from finsynth.generators.registry import Criteria

app = typer.Typer(
    name="finsynth",
    help="Generate, build, validate and verify seeded financial LLM datasets.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        import finsynth

        typer.echo(f"finsynth {finsynth.__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print finsynth's version and exit.", callback=_print_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Generate, build, validate and verify seeded financial LLM datasets."""


DomainOption = Annotated[
    list[str] | None,
    typer.Option("--domain", help="Only this domain (repeat for several), e.g. corporate_finance."),
]
TopicOption = Annotated[
    list[str] | None, typer.Option("--topic", help="Only this topic: a slug or DOMAIN/TOPIC (repeatable).")
]
DifficultyOption = Annotated[
    list[str] | None,
    typer.Option("--difficulty", help="Only this difficulty: basic, intermediate, advanced."),
]
ExcludeOption = Annotated[list[str] | None, typer.Option("--exclude", help="Leave out this id or id prefix.")]
ExcludeDomainOption = Annotated[
    list[str] | None, typer.Option("--exclude-domain", help="Leave out this domain.")
]
ExcludeTopicOption = Annotated[
    list[str] | None, typer.Option("--exclude-topic", help="Leave out this topic.")
]
ExcludeDifficultyOption = Annotated[
    list[str] | None, typer.Option("--exclude-difficulty", help="Leave out this difficulty.")
]


def _criteria(
    ids: list[str] | None, domains: list[str] | None, topics: list[str] | None, difficulties: list[str] | None
) -> Criteria:
    """Criteria from the repeatable selection options (``None`` when an option was not given)."""
    return Criteria(tuple(ids or ()), tuple(domains or ()), tuple(topics or ()), tuple(difficulties or ()))


@app.command("list")
def list_generators(
    selector: Annotated[
        list[str] | None, typer.Argument(metavar="[ID_OR_PREFIX]...", help="Only these ids or id prefixes.")
    ] = None,
    family: Annotated[str | None, typer.Option(help="Only this record family, e.g. finchain.")] = None,
    domain: DomainOption = None,
    topic: TopicOption = None,
    difficulty: DifficultyOption = None,
    exclude: ExcludeOption = None,
    exclude_domain: ExcludeDomainOption = None,
    exclude_topic: ExcludeTopicOption = None,
    exclude_difficulty: ExcludeDifficultyOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List registered generators (plugins included) with their domain, topic and difficulty.

    Examples:
        finsynth list --family finchain

        finsynth list --domain corporate_finance --difficulty advanced

        finsynth list --json | jq '.counts'

    """
    from finsynth.generators.registry import select

    try:
        generators = select(
            selector or None,
            only=_criteria(None, domain, topic, difficulty),
            exclude=_criteria(exclude, exclude_domain, exclude_topic, exclude_difficulty),
        )
    except FinsynthError as error:
        raise fail(error) from None
    entries = [
        {"id": g.info.id, "family": g.info.family, "title": g.info.title, **g.info.tags}
        for g in generators
        if family is None or g.info.family == family
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
    if not sys.stdout.isatty():
        for entry in entries:
            typer.echo(f"{entry['id']}\t{entry.get('difficulty', '')}")
        return
    table = Table(title=f"{len(entries)} generators")
    for column in ("id", "difficulty"):
        table.add_column(column)
    for entry in entries:
        table.add_row(entry["id"], str(entry.get("difficulty", "")))
    console.print(table)


@app.command()
def generate(
    selector: Annotated[
        list[str] | None,
        typer.Argument(metavar="[ID_OR_PREFIX]...", help="Generator ids or id prefixes (default: all)."),
    ] = None,
    n: Annotated[
        int,
        typer.Option("-n", "--n", help="Instances of EACH selected generator (records = n × generators)."),
    ] = 1,
    seed: Annotated[int, typer.Option(help="Root seed.")] = 0,
    domain: DomainOption = None,
    topic: TopicOption = None,
    difficulty: DifficultyOption = None,
    exclude: ExcludeOption = None,
    exclude_domain: ExcludeDomainOption = None,
    exclude_topic: ExcludeTopicOption = None,
    exclude_difficulty: ExcludeDifficultyOption = None,
    config: Annotated[
        str, typer.Option(help="Config name used for seeding (a build's, to reproduce it).")
    ] = "adhoc",
    split: Annotated[str, typer.Option(help="Split name used for seeding and ids.")] = "sample",
    messages: Annotated[
        bool, typer.Option("--messages", help="Add a chat `messages` column (system, user, assistant).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON record per line.")] = False,
) -> None:
    """Draw records from the selected generators, printing each as soon as it is drawn.

    `-n` counts instances per generator: `finsynth generate finchain/ -n 5` prints 5 × 290 records.

    Examples:
        finsynth generate finchain/investment_analysis/compound_interest -n 2 --seed 7

        finsynth generate finchain/ -n 10 --seed 1 --json > sample.jsonl

        finsynth generate --domain corporate_finance --exclude-topic capital_structure -n 3

    """
    from finsynth.pipeline import generate as generate_records

    records = generate_records(
        selector or None,
        n=n,
        seed=seed,
        domains=domain or (),
        topics=topic or (),
        difficulties=difficulty or (),
        exclude=_criteria(exclude, exclude_domain, exclude_topic, exclude_difficulty),
        config=config,
        split=split,
        messages=messages,
    )
    styled = console.is_terminal
    try:
        for record in records:
            if as_json:
                typer.echo(json.dumps(record, ensure_ascii=False))
            elif styled:
                console.rule(record["id"], style="dim")
                console.print(record["input"], highlight=False, markup=False)
                console.print(record["solution"], style="green", highlight=False, markup=False)
            else:
                typer.echo(f"=== {record['id']}\n{record['input']}\n{record['solution']}\n")
    except FinsynthError as error:
        raise fail(error) from None
    except BrokenPipeError:  # `| head` closed the pipe: stop quietly, as other tools do
        # Point stdout at /dev/null so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(0) from None


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
    from finsynth.builder.output import BuildInProgressError, resumable_folder
    from finsynth.builder.plan import ShardSpec
    from finsynth.builder.shard import ShardResult

    try:
        build_config = load_config(config)
    except FinsynthError as error:
        raise fail(error) from None
    for note in build_config.plugin_notes:
        print_note(note)
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

    shown: dict[str, int] = {}

    def on_rows(spec: ShardSpec, rows: int) -> None:
        shown[spec.file_name] = shown.get(spec.file_name, 0) + rows
        progress.advance(tasks[(spec.config, spec.split)], rows)

    def on_done(spec: ShardSpec, result: ShardResult) -> None:  # reused and Ray shards arrive whole
        progress.advance(tasks[(spec.config, spec.split)], result.rows - shown.get(spec.file_name, 0))

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
                on_rows=on_rows,
            )
    except FinsynthError as error:
        failed = fail(error)
        staging = resumable_folder(output_folder(build_config, out))
        kept = 0 if isinstance(error, BuildInProgressError) else journaled_shards(staging)
        if kept:
            errors.print(
                f"kept {kept} verified shards in {staging}; run the same command to resume", markup=False
            )
        raise failed from None
    typer.echo(str(folder))


def _records_of_parquet(path: Path) -> Iterator[dict[str, Any]]:
    import pyarrow.parquet as pq

    from finsynth.builder.folder_files import open_member

    with open_member(path.parent, path.name) as handle:
        parquet = pq.ParquetFile(handle)
        for batch in parquet.iter_batches(batch_size=10_000):
            yield from batch.to_pylist()


def _dataset_files(folder: Path) -> list[tuple[Path, str, bool]]:
    """Return (parquet file, family, has variation column) for every shard in a manifest.

    Raises:
        FinsynthError: If the manifest is malformed or names a file outside the folder, a link
            or anything but a regular file.

    """
    from finsynth.builder.folder_files import member
    from finsynth.builder.manifest import read_manifest
    from finsynth.builder.verify import known_families

    manifest = read_manifest(folder)
    files = []
    try:
        for config in manifest["configs"].values():
            family = config["family"]
            if family not in known_families():
                raise FinsynthError(f"{folder}: manifest.json names an unknown family {family!r}")
            with_variation = config.get("variations") is not None
            for split in config["splits"].values():
                files += [(member(folder, name), family, with_variation) for name in split["files"]]
    except (KeyError, TypeError, AttributeError):
        raise FinsynthError(f"{folder}: manifest.json does not list configs, splits and files") from None
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

        finsynth validate build/finsynth/0.6.0

    """
    from finsynth.builder import load_config
    from finsynth.schemas import validator_for
    from finsynth.schemas.loader import explain, json_path

    try:
        if path.suffix in (".yaml", ".yml"):
            build_config = load_config(path)
            for note in build_config.plugin_notes:
                print_note(note)
            generators = sum(len(config.generator_ids) for config in build_config.configs)
            configs = len(build_config.configs)
            typer.echo(f"{path}: valid build config ({configs} configs, {generators} generator uses)")
            return
        if path.is_dir():
            files = _dataset_files(path)
        elif path.suffix in (".parquet", ".jsonl"):
            if path.exists() and not path.is_file():
                raise FinsynthError(f"{path}: not a regular file")
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
        try:
            for line, record in enumerate(records, 1):
                validator = validator_for(record_family, with_variation or "variation" in record)
                checked += 1
                if not validator.is_valid(record):
                    failures += 1
                    problem = next(validator.errors(record))
                    where = f"{file}:{line}" if file.suffix == ".jsonl" else f"{file} row {line}"
                    message = f"{where}: {record.get('id')}: {json_path(problem)}: {explain(problem)}"
                    errors.print(message, highlight=False, markup=False)
        except FinsynthError as error:
            raise fail(error) from None
        except (OSError, ValueError) as error:  # pyarrow's errors for a file that is not parquet
            raise fail(FinsynthError(f"{file}: cannot be read: {error}")) from None
    if failures:
        errors.print(f"{failures} of {checked} records are invalid")
        raise typer.Exit(EXIT_CHECK_FAILED)
    typer.echo(f"{path}: {checked} records valid")


def _records_of_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    from finsynth.input_files import parse_json

    with path.open(encoding="utf-8") as handle:
        for line, text in enumerate(handle, 1):
            record = parse_json(text, str(path), line=line)
            if not isinstance(record, dict):
                raise FinsynthError(f"{path}:{line}: expected a JSON object")
            yield record


@app.command()
def verify(
    folder: Annotated[Path, typer.Argument(help="A built dataset folder (with manifest.json).")],
    deep: Annotated[
        bool,
        typer.Option(
            "--deep",
            help="Also rebuild the folder from the config its manifest records and compare every file "
            "byte for byte: catches edits whose sha256 was written into the manifest (as slow as a build).",
        ),
    ] = False,
) -> None:
    """Check every file against the manifest, every record against its schema and trace.

    Only regular files inside the folder are read. Exits with 1 and prints every problem (file,
    row count, and for a record its file, row and id with the column: target, question, solution,
    metadata, a trace that does not replay or has a version this finsynth does not read) if
    anything differs, and with 2 (one line) only for a folder it cannot read at all.

    The sha256 checks guard against accidents; ``--deep`` guards against someone who rewrites
    the manifest too (see docs/verify.md).

    Examples:
        finsynth verify build/finsynth/0.6.0

        finsynth verify build/finsynth/0.6.0 --deep

    """
    from finsynth.builder.regenerate import regenerated_problems
    from finsynth.builder.verify import verify_folder

    try:
        verdict = verify_folder(folder)
        if deep:
            verdict.problems += [f"--deep: {problem}" for problem in regenerated_problems(folder)]
    except FinsynthError as error:
        raise fail(error) from None
    for problem in verdict.problems:
        errors.print(problem, highlight=False, markup=False)
    if verdict.problems:
        errors.print(
            f"verify failed: {len(verdict.problems)} problems in {verdict.files} files, "
            f"{verdict.records} records, {verdict.traces} traces",
            highlight=False,
            markup=False,
        )
        raise typer.Exit(EXIT_CHECK_FAILED)
    typer.echo(
        f"{folder}: {verdict.files} files match the manifest; {verdict.records} records checked; "
        f"{verdict.traces} traces replay exactly" + ("; a rebuild is identical" if deep else "")
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
    """Run the command line (the ``finsynth`` console script).

    Whatever goes wrong ends in one ``error:`` line on stderr and exit code 2, never a traceback:
    a user's mistake (a :class:`FinsynthError`), an operating-system refusal (a read-only or
    missing folder, a full disk) or, for a bug, the exception's type and message. ``--debug``
    anywhere on the command line (or ``FINSYNTH_DEBUG=1``) shows the traceback instead. Exit
    code 1 is kept for data that failed its checks (``verify``, ``validate``).
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in arguments or os.environ.get("FINSYNTH_DEBUG") == "1"
    arguments = [argument for argument in arguments if argument != "--debug"]
    try:
        app(args=arguments, prog_name="finsynth", standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        errors.print("interrupted", highlight=False, markup=False)
        sys.exit(130)
    except Exception as error:
        if debug:
            raise
        print_error(_describe(error))
        sys.exit(EXIT_BAD_INPUT)


def _describe(error: Exception) -> str:
    """Return one line saying what went wrong, for an error no command handled itself."""
    if isinstance(error, FinsynthError):
        return str(error)
    if isinstance(error, OSError):
        where = f"{error.filename}: " if error.filename is not None else ""
        return f"{where}{error.strerror or error}"
    if isinstance(error, MemoryError):
        return "out of memory (is an input or a count too large?)"
    if isinstance(error, RecursionError):
        return "the input is nested too deeply"
    return f"unexpected {type(error).__name__}: {error} (run again with --debug for the traceback)"
