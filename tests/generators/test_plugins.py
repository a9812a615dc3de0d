"""Plugin packages registered through the ``finsynth.generators`` entry point group.

The example package ``tests/data/plugins/finsynth_lease_templates`` is installed for each check
by a temporary ``.dist-info`` folder on ``PYTHONPATH``, in a fresh process, so this process's
registry stays the built-in one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "data" / "plugins"
TEMPLATE = "finchain/corporate_finance/lease_accounting/straight_line_lease_expense"


def install(site: Path, module: str = "finsynth_lease_templates") -> None:
    """Write the metadata pip would write for a package declaring the entry point."""
    info = site / "finsynth_lease_templates-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: finsynth-lease-templates\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[finsynth.generators]\nlease_templates = {module}\n")


def finsynth(site: Path, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join([str(ROOT), str(site), str(PLUGINS)])
    return subprocess.run(
        [sys.executable, "-m", "finsynth.cli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        cwd=cwd,
        timeout=600,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    install(folder)
    return folder


def test_list_and_generate_see_the_plugin_template_in_its_new_topic(site: Path) -> None:
    listing = json.loads(finsynth(site, "list", "--topic", "lease_accounting", "--json").stdout)
    assert [entry["id"] for entry in listing["generators"]] == [TEMPLATE]
    assert listing["generators"][0]["topic_title"] == "Lease Accounting"
    everything = json.loads(finsynth(site, "list", "--family", "finchain", "--json").stdout)["counts"]
    assert everything["generators"] == 291 and everything["topics"] == 59
    generated = finsynth(
        site, "generate", "--domain", "corporate_finance", "--topic", "lease_accounting", "--json"
    )
    record = json.loads(generated.stdout)
    assert record["generator_id"] == TEMPLATE and record["target"].startswith("$")


def test_build_and_the_python_api_see_the_plugin_template(site: Path, tmp_path: Path) -> None:
    config = tmp_path / "lease.yaml"
    config.write_text(
        "name: lease\nversion: 0.0.1\nseed: 4\nconfigs:\n  - name: finchain\n    family: finchain\n"
        "    generators: [finchain/corporate_finance]\n    select: {topics: [lease_accounting]}\n"
        "    splits:\n      test: {per_generator: 3}\n"
    )
    built = finsynth(site, "build", str(config), "--out", str(tmp_path / "out"), "--num-proc", "2")
    assert built.returncode == 0, built.stderr
    rows = pq.read_table(tmp_path / "out" / "lease" / "0.0.1" / "finchain" / "test-00000-of-00001.parquet")
    assert rows.column("generator_id").to_pylist() == [TEMPLATE] * 3
    script = (
        "import finsynth, itertools; "
        f"print(len(list(finsynth.generate({TEMPLATE!r}, n=2, seed=1))), "
        "{r['topic'] for r in itertools.islice("
        "finsynth.iterable_dataset(topics=['lease_accounting'], seed=1), 4)})"
    )
    api = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(site), str(PLUGINS)])},
        timeout=600,
    )
    assert api.stdout.split() == ["2", "{'lease_accounting'}"], api.stderr


def test_a_broken_plugin_is_named_in_a_one_line_error(tmp_path: Path) -> None:
    install(tmp_path, module="finsynth_no_such_plugin")
    result = finsynth(tmp_path, "list")
    assert result.returncode == 2
    assert (
        "cannot load plugin 'lease_templates' (finsynth_no_such_plugin) of finsynth-lease-templates"
        in result.stderr
    )
