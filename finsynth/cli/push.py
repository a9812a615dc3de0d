"""The ``finsynth push`` command: publish a built dataset folder to the Hugging Face Hub."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from finsynth.cli.output import fail
from finsynth.errors import FinsynthError
from finsynth.publish.hub import DEFAULT_ATTEMPTS, DEFAULT_TIMEOUT_S


def push(
    folder: Annotated[Path, typer.Argument(help="A built dataset folder, e.g. build/finsynth/0.6.0.")],
    repo_id: Annotated[str, typer.Option("--repo-id", help="Hub dataset repository, ORG/NAME.")],
    private: Annotated[bool, typer.Option(help="Create the repository private.")] = False,
    revision: Annotated[str, typer.Option(help="Branch to commit to (created if missing).")] = "main",
    tag: Annotated[
        str | None, typer.Option(help="Tag to create; vVERSION from manifest.json by default.")
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="List what would be uploaded; no network, no token.")
    ] = False,
    timeout: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="Seconds each Hub call may take in all, its tries included (the commit uploads every "
            "changed file: raise it for a large folder on a slow link).",
        ),
    ] = DEFAULT_TIMEOUT_S,
    attempts: Annotated[
        int, typer.Option(min=1, help="Tries per Hub call on transient errors (connection, 429, 5xx).")
    ] = DEFAULT_ATTEMPTS,
) -> None:
    """Publish a dataset folder to the Hub as one commit, then tag it (never moving a tag).

    The token is read from HF_TOKEN. Pushing an unchanged folder makes no new commit. The
    card and harness files uploaded name --repo-id (the folder on disk is left as built).
    Each Hub call ends within --timeout seconds, tries included; a Hub that does not answer in
    time stops the push with an error (exit 2), never tagging an unfinished commit.

    Examples:
        finsynth push build/finsynth/0.6.0 --repo-id my-org/finsynth --dry-run

        HF_TOKEN=hf_... finsynth push build/finsynth/0.6.0 --repo-id my-org/finsynth

        HF_TOKEN=hf_... finsynth push build/finsynth/0.6.0 --repo-id my-org/finsynth --timeout 900

    """
    from finsynth.publish.hub import (
        check_repo_id,
        default_tag,
        describe_files,
        local_files,
        push_folder,
        token_from_environment,
    )

    try:
        check_repo_id(repo_id)
        files = local_files(folder, repo_id)
        pinned = tag or default_tag(folder)
        if dry_run:
            for line in describe_files(files):
                typer.echo(line)
            total = sum(file.size for file in files)
            typer.echo(
                f"would upload {len(files)} files ({total:,} bytes) to {repo_id}@{revision}, tag {pinned}"
            )
            return
        result = push_folder(
            folder,
            repo_id,
            token=token_from_environment(),
            private=private,
            branch=revision,
            tag=pinned,
            attempts=attempts,
            timeout_s=timeout,
        )
    except FinsynthError as error:
        raise fail(error) from None
    if result.changed or result.deleted:
        typer.echo(f"committed {len(result.changed)} files, removed {len(result.deleted)}: {result.commit}")
    else:
        typer.echo(f"no changes: {repo_id}@{revision} already has these files")
    typer.echo(
        f"tag {result.tag} {'created' if result.tag_created else 'already present'} at {result.commit}"
    )
    typer.echo(result.url)
    typer.echo(f'pin it: load_dataset("{repo_id}", revision="{result.tag}")')
