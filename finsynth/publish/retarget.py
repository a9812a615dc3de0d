"""A dataset folder's files as published under another Hub repository id.

The card (``README.md``) and the harness files (``harness/**``) name the repository a build
was given (``repo_id`` in the build config, else the build's name), always as a quoted
string (``load_dataset("ORG/NAME", ...)``, ``HUB_DATASET = "ORG/NAME"``, ``hub_repo:
"ORG/NAME"``) or as the repository's Hub address (``https://huggingface.co/datasets/ORG/NAME``,
in the card's sources, citation and contact). A push to another repository rewrites those
strings in what it uploads, and the uploaded ``manifest.json`` lists the rewritten files'
hashes; the folder on disk is left as built.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from finsynth.builder.manifest import MANIFEST_NAME, manifest_text, read_manifest
from finsynth.cards.names import CARD_NAME
from finsynth.errors import FinsynthError

HARNESS_FOLDER = "harness/"
_CARD_REFERENCE = re.compile(r'load_dataset\("([^"]+)"')
HUB_DATASETS_URL = "https://huggingface.co/datasets/"
"""Where the card's address of the repository starts (followed by ``ORG/NAME``)."""


def _renamed(text: str, old: str, new: str) -> str:
    """``text`` with each reference to repository ``old`` (quoted, or the Hub address) naming ``new``."""
    text = text.replace(json.dumps(old), json.dumps(new))
    address = re.compile(re.escape(HUB_DATASETS_URL + old) + r"(?![\w-]|[./][\w-])")
    return address.sub(lambda _: HUB_DATASETS_URL + new, text)


def built_repo_id(folder: Path) -> str:
    """The repository id a folder's card and harness files name.

    Raises:
        FinsynthError: If the card does not name one (a card from another tool).

    """
    try:
        card = (folder / CARD_NAME).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FinsynthError(f"{folder}: no {CARD_NAME}; is this a finsynth dataset folder?") from None
    found = _CARD_REFERENCE.search(card)
    if found is None:
        raise FinsynthError(f"{folder / CARD_NAME}: no load_dataset(...) line naming the repository")
    return found.group(1)


def _names_repository(path: str) -> bool:
    return path == CARD_NAME or (path.startswith(HARNESS_FOLDER) and path.endswith((".py", ".yaml", ".md")))


def retargeted_files(folder: Path, repo_id: str) -> dict[str, bytes]:
    """The files whose upload differs when ``folder`` is pushed to ``repo_id``: path → new content.

    Empty when the folder already names ``repo_id``. Otherwise the card, every harness file
    that names the old id, and ``manifest.json`` (with those files' new hashes and sizes).

    Raises:
        FinsynthError: If the folder's card does not name its repository.

    """
    old = built_repo_id(folder)
    if old == repo_id:
        return {}
    manifest = read_manifest(folder)
    rewritten: dict[str, bytes] = {}
    for path in sorted(manifest.get("files", {})):
        if not _names_repository(path):
            continue
        text = (folder / path).read_text(encoding="utf-8")
        renamed = _renamed(text, old, repo_id)
        if renamed != text:
            data = renamed.encode("utf-8")
            rewritten[path] = data
            entry = manifest["files"][path]
            entry["sha256"] = hashlib.sha256(data).hexdigest()
            if "bytes" in entry:
                entry["bytes"] = len(data)
    rewritten[MANIFEST_NAME] = manifest_text(manifest).encode("utf-8")
    return rewritten
