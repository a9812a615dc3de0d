"""The pushed dataset card, read back with ``huggingface_hub.DatasetCard``, follows the Hub's template.

Every section of the card template that ships with ``huggingface_hub`` is present and has text,
each config shows an example row read from its data, the licence prose matches the YAML
licence, the install line names the exact finsynth version and where it comes from, and every
citation has an identifier (arXiv id and address for the papers, the pushed repository's
address for the dataset).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import datasets
import huggingface_hub
import pytest

import finsynth
from finsynth.cards.card import LICENCES
from finsynth.cards.examples import shortened
from finsynth.publish.hub import push_folder
from finsynth.release import SOURCE_REPOSITORY, install_command, package_origin
from tests.hub.fixtures import TOKEN, build_tiny, hub_environment, run_python
from tests.hub.server import FakeHub

REPO = "finsynth-tests/carded"
PAPERS = {"2506.02515": "FinChain", "2502.06329": "FailSafe", "2410.14059": "UCFE"}
"""arXiv id → a word of the title, for the three papers the families follow."""
LOAD_CARD = """
import json, sys
from huggingface_hub import DatasetCard

card = DatasetCard.load(sys.argv[1], repo_type="dataset")
print(json.dumps({"data": card.data.to_dict(), "text": card.text}))
"""
HEADING = re.compile(r"^(#{1,6}) (.+?)\s*$", re.MULTILINE)


def template_sections() -> list[str]:
    """The section titles of the dataset-card template installed with ``huggingface_hub``."""
    template = Path(huggingface_hub.__file__).parent / "templates" / "datasetcard_template.md"
    body = template.read_text(encoding="utf-8").split("---", 2)[2]
    titles = [match[2] for match in HEADING.finditer(body) if len(match[1]) > 1]
    return [title.replace("[optional]", "").strip() for title in titles]


def sections(text: str) -> dict[str, str]:
    """Each heading's title → its text up to the next heading of the same or a higher level."""
    headings = [(m.start(), m.end(), len(m[1]), m[2]) for m in HEADING.finditer(_without_code(text))]
    found: dict[str, str] = {}
    for position, (_, end, level, title) in enumerate(headings):
        stop = next((start for start, _, other, _ in headings[position + 1 :] if other <= level), len(text))
        found.setdefault(title, text[end:stop])
    return found


def _without_code(text: str) -> str:
    """``text`` with fenced code blocks blanked (same length), so ``#`` lines in code are no headings."""
    return re.sub(r"^```.*?^```", lambda m: re.sub(r"[^\n]", " ", m[0]), text, flags=re.MULTILINE | re.DOTALL)


def has_prose(body: str) -> bool:
    """Whether a section holds text of its own or under its sub-headings (not only headings)."""
    return any(line.strip() and not HEADING.match(line) for line in body.splitlines())


@pytest.fixture(scope="module")
def pushed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, object], str]]:
    folder = build_tiny(tmp_path_factory.mktemp("carded"))
    hub = FakeHub(TOKEN).start()
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_DISABLE_XET", True)
    try:
        push_folder(folder, REPO, token=TOKEN, endpoint=hub.endpoint, backoff_seconds=0.01)
        environment = hub_environment(hub.endpoint, None, tmp_path_factory.mktemp("home"))
        loaded = run_python(LOAD_CARD, environment, REPO)
        assert loaded.returncode == 0, loaded.stderr[-3000:]
        card = json.loads(loaded.stdout.strip().splitlines()[-1])
        yield folder, card["data"], card["text"]
    finally:
        monkeypatch.undo()
        hub.stop()


def test_every_section_of_the_hub_template_is_present_with_text(
    pushed: tuple[Path, dict[str, object], str],
) -> None:
    _, _, text = pushed
    found = sections(text)
    expected = template_sections()
    assert len(expected) >= 20 and "Personal and Sensitive Information" in expected
    for title in [*expected, "Licensing Information", "Data Instances"]:
        assert title in found, f"the card has no section {title!r}"
        assert has_prose(found[title]), f"the card's section {title!r} is empty"


def test_each_config_shows_its_first_test_row_read_from_the_data(
    pushed: tuple[Path, dict[str, object], str],
) -> None:
    folder, _, text = pushed
    for config in ("finchain", "finchain_variation"):
        body = sections(text)[f"`{config}`"]
        example = re.search(r"##### Data Instances\n.*?```json\n(.*?)\n```", body, re.DOTALL)
        assert example, f"{config}: no example row"
        row = datasets.load_dataset(str(folder), config, split="test")[0]
        shown = json.loads(example[1])
        assert shown == json.loads(json.dumps(shortened(row))), config
        assert shown["id"] == row["id"] and len(example[1]) < 8_000  # cut to a screenful or two
        assert any("characters in all]" in str(value) for value in shown.values())  # long texts cut


def test_the_licence_prose_names_the_licence_of_the_metadata(
    pushed: tuple[Path, dict[str, object], str],
) -> None:
    _, data, text = pushed
    licence = data["license"]
    assert licence == "cc-by-4.0"
    prose = sections(text)["Licensing Information"]
    name, url = LICENCES[str(licence)]
    assert f"`{licence}`" in prose and name in prose and url in prose


def test_the_install_line_names_the_exact_version_and_where_it_comes_from(
    pushed: tuple[Path, dict[str, object], str],
) -> None:
    _, _, text = pushed
    version = finsynth.__version__
    assert f"{install_command(version)} inspect-ai" in text and package_origin(version) in text
    assert f"git+{SOURCE_REPOSITORY}@v{version}" in install_command(version)
    assert "pip install finsynth==" not in text  # not on the package index yet: no line that fails


def test_every_citation_has_an_identifier_and_the_dataset_entry_names_the_pushed_repository(
    pushed: tuple[Path, dict[str, object], str],
) -> None:
    _, _, text = pushed
    bibtex = re.search(r"```bibtex\n(.*?)```", sections(text)["Citation"], re.DOTALL)
    assert bibtex
    entries = re.findall(r"^@(\w+)\{([^,]+),\n(.*?)^\}", bibtex[1], re.MULTILINE | re.DOTALL)
    fields = {
        key: dict(re.findall(r"^\s*(\w+)\s*=\s*\{(.*)\},?$", body, re.MULTILINE)) for _, key, body in entries
    }
    assert len(entries) == 5 and all(entry.get("url") for entry in fields.values())
    papers = {entry["eprint"]: entry for entry in fields.values() if "eprint" in entry}
    assert papers.keys() == PAPERS.keys()
    for arxiv_id, word in PAPERS.items():
        assert papers[arxiv_id]["url"] == f"https://arxiv.org/abs/{arxiv_id}"
        assert word in papers[arxiv_id]["title"] and papers[arxiv_id]["archivePrefix"] == "arXiv"
    dataset = fields["tiny_0_0_1"]
    assert dataset["url"] == f"https://huggingface.co/datasets/{REPO}" and dataset["version"] == "0.0.1"
    assert (
        fields["finsynth"]["url"] == SOURCE_REPOSITORY
        and fields["finsynth"]["version"] == finsynth.__version__
    )
