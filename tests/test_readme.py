"""The README and the docs are tested: every shell, Python and YAML snippet runs as written on a small build.

The documents are ``README.md``, then the pages of ``docs/`` in the order of the site's navigation
(``mkdocs.yml``), then any other ``docs/**/*.md`` by path. One workspace, built once, stands for a
fresh clone after ``make build-dataset``: the repository's ``configs/``, ``tests/data/`` and
``.venv`` (linked), with ``configs/default.yaml`` shrunk to a few records per generator and built
into ``build/`` exactly as the Makefile does (by the README's own build snippet when the README
runs first, which is that same command). Each snippet then runs in that folder, in reading
order, so later snippets may use files earlier ones made (as a reader's would). Snippets needing a
server say so in an HTML comment right above them:

- ``<!-- readme: hub -->``: a fake Hugging Face Hub on 127.0.0.1 (``HF_ENDPOINT``); the placeholder
  token ``...`` in ``HF_TOKEN=...`` is replaced by the fake Hub's token.
- ``<!-- readme: chat-server -->``: a fake OpenAI-compatible chat server on 127.0.0.1
  (``LOCAL_BASE_URL`` and ``LOCAL_API_KEY``, for inspect_ai's ``openai-api/local/...`` models;
  ``OPENAI_BASE_URL`` and ``OPENAI_API_KEY`` point at it too).
- ``<!-- readme: not run: REASON -->``: not run, with the reason (the set-up commands themselves, a
  multi-machine Ray cluster). The test lists these, so a new snippet cannot silently go untested.

YAML snippets are build configs and must validate against the config schema. ``text`` and ``json``
blocks are sample output and layouts, not run; a fence indented inside a list would escape these
rules, so the docs may not have one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SNIPPET = re.compile(
    r"^(?:<!-- readme: (?P<directive>[^>]*?) -->\n)?```(?P<language>[a-z]*)\n(?P<body>.*?)^```$",
    re.MULTILINE | re.DOTALL,
)
RUN = ("bash", "python", "yaml", "toml")
SAMPLES = ("", "text", "json")
"""Languages of blocks that show output or layouts: not run."""
INDENTED_FENCE = re.compile(r"^[ \t]+```", re.MULTILINE)
SERVED = "needs a model server; tests/harness/test_docs_evaluation.py runs it"
NOT_RUN: tuple[tuple[str, str], ...] = (
    ("make build-dataset", "the set-up itself: the README's build snippet makes the same build"),
    ("ray start --head", "a Ray cluster spans several machines (tests/builder runs Ray on one)"),
    ("from trl import", "training downloads a model (TRL and torch are not finsynth dependencies)"),
    (
        ".venv/bin/finsynth ucfe simulate",
        "UCFE needs a simulated user, a judge and reference dialogues (tests/harness runs it)",
    ),
    (
        ".venv/bin/finsynth ucfe simulate",
        "UCFE needs a simulated user, a judge and reference dialogues; "
        "tests/integration/test_docs_evaluation.py runs it against llama.cpp",
    ),
    ("export LOCAL_BASE_URL=", SERVED),
    (".venv/bin/inspect eval", SERVED),
    (".venv/bin/finsynth score chaineval", SERVED),
    (".venv/bin/lm_eval", SERVED),
    ('pip install "finsynth[rl]"', "installs torch, TRL and verifiers (as make test-integration does)"),
    ("import verifiers", "needs the rl extra; tests/environments loads and scores the environments"),
    (
        "vf-eval finsynth-finchain",
        "needs the rl extra and a model server; tests/integration/test_verifiers_eval.py runs it (llama.cpp)",
    ),
    (
        "from datasets import IterableDataset",
        "trains on a GPU and downloads a model; tests/integration/test_grpo_training.py runs it small on CPU",
    ),
    ("python grpo_finchain.py", "needs a GPU"),
    (
        "make test-integration",
        "the integration tier itself (installs the integration extra and trains for two steps)",
    ),
    (
        "python -m benchmarks.finchain_realism",
        "draws 290,000 instances; the benchmarks folder is not part of the installed package",
    ),
)
"""Snippets not run, by their first words: the comment above them must give this reason."""
SMALL_COUNTS = {"finchain": 1, "ucfe": 1, "failsafe/synthetic": 3}
"""Records per generator in the workspace's shrunk default config, by generator prefix."""


@dataclass(frozen=True)
class Snippet:
    """One fenced block of a document."""

    document: str
    line: int
    language: str
    body: str
    directive: str

    @property
    def name(self) -> str:
        return f"{self.document}:{self.line} ({self.language})"


def _navigation(entries: object) -> list[str]:
    """The page paths of an ``mkdocs.yml`` ``nav`` tree, in order."""
    if isinstance(entries, str):
        return [entries]
    if isinstance(entries, list):
        return [page for entry in entries for page in _navigation(entry)]
    if isinstance(entries, dict):
        return [page for value in entries.values() for page in _navigation(value)]
    return []


def documents() -> list[Path]:
    """README.md, the pages in the site's navigation order, then any other page by path."""
    site = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    in_navigation = [DOCS / page for page in _navigation(site["nav"]) if (DOCS / page).is_file()]
    others = sorted(set(DOCS.rglob("*.md")) - set(in_navigation))
    return [README, *in_navigation, *others]


def snippets() -> list[Snippet]:
    found = []
    for path in documents():
        text = path.read_text(encoding="utf-8")
        found += [
            Snippet(
                document=str(path.relative_to(ROOT)),
                line=text.count("\n", 0, match.start("body")),
                language=match["language"],
                body=match["body"],
                directive=(match["directive"] or "").strip(),
            )
            for match in SNIPPET.finditer(text)
        ]
    return found


def run_snippets() -> list[Snippet]:
    return [s for s in snippets() if s.language in RUN and not s.directive.startswith("not run")]


def test_the_documents_are_the_readme_and_every_docs_page_in_reading_order() -> None:
    found = documents()
    assert found[0] == README and len(found) == 1 + len(list(DOCS.rglob("*.md")))
    pages = [path.relative_to(DOCS).as_posix() for path in found[1:4]]
    assert pages == ["index.md", "getting-started.md", "guide/finchain.md"]


def test_no_docs_page_hides_a_snippet_in_an_indented_fence() -> None:
    for path in documents():
        text = path.read_text(encoding="utf-8")
        hidden = [text.count("\n", 0, match.start()) + 1 for match in INDENTED_FENCE.finditer(text)]
        assert not hidden, f"{path.relative_to(ROOT)}: indented code fences at lines {hidden} are not run"


def test_every_code_snippet_is_run_or_says_why_not() -> None:
    for snippet in snippets():
        if snippet.language in SAMPLES:
            continue  # folder layouts and sample output
        assert snippet.language in RUN, f"{snippet.name}: unknown snippet language {snippet.language!r}"
        if snippet.directive.startswith("not run"):
            first = snippet.body.strip()
            reasons = [f"not run: {reason}" for start, reason in NOT_RUN if first.startswith(start)]
            assert reasons, f"{snippet.name}: not run, but not one of the known exceptions"
            assert snippet.directive in reasons, f"{snippet.name}: give the known reason"
    assert len(run_snippets()) >= 15
    assert {snippet.document for snippet in run_snippets()} >= {"README.md", "docs/guide/finchain.md"}


def _shrunk_default_config() -> str:
    config = yaml.safe_load((ROOT / "configs" / "default.yaml").read_text(encoding="utf-8"))
    for entry in config["configs"]:
        for split in entry.get("splits", {}).values():
            prefix = next(p for p in SMALL_COUNTS if any(g.startswith(p) for g in entry["generators"]))
            split["per_generator"] = SMALL_COUNTS[prefix]
            split.pop("counts", None)
    return yaml.safe_dump(config, sort_keys=False)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh clone with a small default config, not yet built (see :func:`built`)."""
    folder = tmp_path_factory.mktemp("clone")
    (folder / ".venv").symlink_to(ROOT / ".venv")
    shutil.copytree(ROOT / "configs", folder / "configs")
    shutil.copytree(ROOT / "tests" / "data", folder / "tests" / "data")
    (folder / "configs" / "default.yaml").write_text(_shrunk_default_config(), encoding="utf-8")
    yield folder


def built(folder: Path) -> Path:
    """``folder`` after ``make build-dataset``: built here unless a document's snippet already built it.

    The README's own build snippet is that same command, so when the README runs first (reading
    order) no second build is made.
    """
    if (folder / "build" / "finsynth" / _default_version() / "manifest.json").is_file():
        return folder
    make_build = [
        "finsynth",
        "build",
        "configs/default.yaml",
        "--out",
        "build",
        "--num-proc",
        "2",
        "--overwrite",
    ]
    made = subprocess.run(
        [str(ROOT / ".venv" / "bin" / make_build[0]), *make_build[1:]],
        cwd=folder,
        capture_output=True,
        text=True,
        env=_environment({}),
        timeout=900,
        check=False,
    )
    assert made.returncode == 0, made.stderr[-3000:]
    return folder


def _environment(extra: dict[str, str]) -> dict[str, str]:
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("HF_", "HUGGINGFACE", "OPENAI", "FINSYNTH_", "LOCAL_"))
    }
    environment.update({"PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "0", **extra})
    return environment


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    from tests.hub.fixtures import TOKEN, hub_environment
    from tests.hub.server import FakeHub

    home = tmp_path_factory.mktemp("hf_home")
    fake = FakeHub(TOKEN).start()
    try:
        environment = hub_environment(fake.endpoint, None, home)
        yield {key: environment[key] for key in ("HF_ENDPOINT", "HF_HUB_DISABLE_XET", "HF_HOME")} | {
            "FAKE_HUB_TOKEN": TOKEN
        }
    finally:
        fake.stop()


@pytest.fixture(scope="module")
def chat_server(workspace: Path) -> Iterator[dict[str, str]]:
    """A scripted OpenAI-compatible model on 127.0.0.1 that answers from the workspace build's gold."""
    import datasets

    from tests.harness.gold_server import serve

    folder = str(built(workspace) / "build" / "finsynth" / _default_version())
    configs = ("finchain", "finchain_variation", "finchain_robust", "failsafe_conditions")
    rows = [dict(row) for name in configs for row in datasets.load_dataset(folder, name, split="test")]
    with serve(rows) as server:
        yield {
            "LOCAL_BASE_URL": server.url,
            "LOCAL_API_KEY": "not-a-secret",
            "OPENAI_BASE_URL": server.url,
            "OPENAI_API_KEY": "not-a-secret",
            "INSPECT_DISPLAY": "none",
        }


def _default_version() -> str:
    config = yaml.safe_load((ROOT / "configs" / "default.yaml").read_text(encoding="utf-8"))
    return str(config["version"])


def _config_problems(snippet: Snippet) -> list[str]:
    """A YAML snippet is a build config; ``plugins`` in an example name the reader's own package."""
    from finsynth.builder import parse_config
    from finsynth.errors import FinsynthError

    document = yaml.safe_load(snippet.body)
    document.pop("plugins", None)
    try:
        parse_config(yaml.safe_dump(document), snippet.name)
    except FinsynthError as error:
        return [f"{snippet.name}: {error}"]
    return []


def _entry_point_problems(snippet: Snippet) -> list[str]:
    """A TOML snippet declares a plugin's entry point, in the group the registry loads."""
    from finsynth.generators.registry import ENTRY_POINT_GROUP

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - pytest brings tomli on 3.10
        import tomli as tomllib
    try:
        document = tomllib.loads(snippet.body)
    except tomllib.TOMLDecodeError as error:
        return [f"{snippet.name}: not TOML: {error}"]
    groups = document.get("project", {}).get("entry-points", {})
    if ENTRY_POINT_GROUP not in groups:
        return [f"{snippet.name}: declares no entry point in {ENTRY_POINT_GROUP!r}: {sorted(groups)}"]
    return []


def _script(snippet: Snippet, environment: dict[str, str], workspace: Path) -> list[str]:
    body = snippet.body
    if "FAKE_HUB_TOKEN" in environment:
        body = body.replace("HF_TOKEN=...", f"HF_TOKEN={environment['FAKE_HUB_TOKEN']}")
    if snippet.language == "bash":
        return ["bash", "-euo", "pipefail", "-c", body]
    if snippet.language == "python":  # a file, as a reader's module would be (templates read their source)
        stem = re.sub(r"\W", "_", snippet.document.removesuffix(".md"))
        path = workspace / f"snippet_{stem}_{snippet.line}.py"
        path.write_text(body, encoding="utf-8")
        return [sys.executable, path.name]
    raise AssertionError(snippet.language)


def _documents_with_runs() -> list[str]:
    return list(dict.fromkeys(snippet.document for snippet in run_snippets()))


@pytest.mark.slow
@pytest.mark.parametrize("document", _documents_with_runs())
def test_the_readme_and_docs_run_as_written(
    document: str, workspace: Path, request: pytest.FixtureRequest
) -> None:
    """One document's snippets, in order; documents run in reading order on the one shared workspace."""
    if document != "README.md":  # the README builds the workspace with its own snippet
        built(workspace)
    failures = []
    for snippet in [snippet for snippet in run_snippets() if snippet.document == document]:
        if snippet.language == "yaml":
            failures.extend(_config_problems(snippet))
            continue
        if snippet.language == "toml":
            failures.extend(_entry_point_problems(snippet))
            continue
        extra: dict[str, str] = {}
        if snippet.directive == "hub":
            extra = request.getfixturevalue("hub")
        elif snippet.directive == "chat-server":
            extra = request.getfixturevalue("chat_server")
        elif snippet.directive:
            raise AssertionError(f"{snippet.name}: unknown directive {snippet.directive!r}")
        ran = subprocess.run(
            _script(snippet, extra, workspace),
            cwd=workspace,
            capture_output=True,
            text=True,
            env=_environment(extra),
            timeout=1800,  # only against a hung snippet: a loaded machine is slow, not wrong
            check=False,
        )
        if ran.returncode != 0:
            failures.append(
                f"{snippet.name} exited {ran.returncode}:\n{ran.stdout[-1500:]}\n{ran.stderr[-3000:]}"
            )
    assert not failures, "\n\n".join(failures)
