"""``make dist``: a wheel and an sdist that ``twine check`` accepts and that work installed alone.

Each file is installed with ``pip --no-deps --no-index`` into a fresh venv that sees this
environment's installed dependencies (a ``.pth`` line naming their folder; a ``.pth`` line is
not itself read for more ``.pth`` files, so the editable finsynth of this environment stays
out of sight). finsynth is then imported from the venv, never from this repository: the
installed command prints its version and generates the records this checkout generates, and
the wheel's finsynth builds a small dataset whose shipped inspect_ai task file runs.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import finsynth
from tests.hub.fixtures import TINY

ROOT = Path(__file__).resolve().parents[1]
GENERATE = ["generate", "finchain/investment_analysis/compound_interest", "-n", "2", "--seed", "7", "--json"]


def run(
    command: list[str], cwd: Path, extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "INSPECT_DISPLAY": "none", **(extra or {})}
    ran = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=environment, check=False)
    assert ran.returncode == 0, f"{command}:\n{ran.stdout[-2000:]}\n{ran.stderr[-3000:]}"
    return ran


def fresh_venv(folder: Path, package: Path) -> Path:
    """A venv in ``folder`` with ``package`` installed alone; returns its ``bin`` folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    site = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], folder)
    Path(site.stdout.strip(), "installed_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    install = ["install", "--no-deps", "--no-index", "--no-build-isolation", "--quiet", str(package)]
    run([sys.executable, "-m", "pip", "--python", str(python), *install], folder)
    return folder / "bin"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What ``make dist`` makes: an sdist, and a wheel built from it."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)], out)
    return out


@pytest.mark.slow
def test_twine_accepts_the_wheel_and_the_sdist(dist: Path) -> None:
    version = finsynth.__version__
    files = sorted(path.name for path in dist.iterdir())
    assert files == [f"finsynth-{version}-py3-none-any.whl", f"finsynth-{version}.tar.gz"]
    checked = run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.iterdir())], dist)
    assert checked.stdout.count("PASSED") == 2


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["whl", "tar.gz"])
def test_the_installed_package_prints_its_version_and_generates_this_checkouts_records(
    dist: Path, kind: str, tmp_path: Path
) -> None:
    bin_folder = fresh_venv(tmp_path / "venv", next(dist.glob(f"*.{kind}")))
    where = run([str(bin_folder / "python"), "-c", "import finsynth; print(finsynth.__file__)"], tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(tmp_path / "venv")
    version = run([str(bin_folder / "finsynth"), "--version"], tmp_path)
    assert version.stdout == f"finsynth {finsynth.__version__}\n"
    generated = run([str(bin_folder / "finsynth"), *GENERATE], tmp_path)
    records = [json.loads(line) for line in generated.stdout.splitlines()]
    expected = list(finsynth.generate("finchain/investment_analysis/compound_interest", n=2, seed=7))
    assert len(records) == len(expected) >= 10 and records == json.loads(json.dumps(expected))


INSPECT = """
from inspect_ai import eval

log = eval("build/tiny/0.0.1/harness/inspect_task.py@finchain", model="openai-api/gold/model", limit=4,
           log_dir="logs", display="none")[0]
if log.status != "success":
    raise SystemExit(f"{log.status}: {log.error}")
scores = log.results.scores
metrics = {f"{score.name}/{name}": metric.value for score in scores for name, metric in score.metrics.items()}
print(log.results.completed_samples, metrics)
"""


@pytest.mark.slow
def test_the_wheels_build_ships_an_inspect_task_file_that_runs(dist: Path, tmp_path: Path) -> None:
    import datasets

    from tests.harness.gold_server import serve

    bin_folder = fresh_venv(tmp_path / "venv", next(dist.glob("*.whl")))
    (tmp_path / "tiny.yaml").write_text(TINY.replace("SEED", "5"), encoding="utf-8")
    run([str(bin_folder / "finsynth"), "build", "tiny.yaml", "--out", "build"], tmp_path)
    rows = datasets.load_dataset(str(tmp_path / "build" / "tiny" / "0.0.1"), "finchain", split="test")
    with serve([dict(row) for row in rows]) as server:  # answers every question with its own solution
        extra = {"GOLD_BASE_URL": server.url, "GOLD_API_KEY": "not-a-secret", "HF_HUB_OFFLINE": "1"}
        evaluated = run([str(bin_folder / "python"), "-c", INSPECT], tmp_path, extra)
    samples, metrics = evaluated.stdout.strip().splitlines()[-1].split(" ", 1)
    assert samples == "4" and "accuracy" in metrics
    accuracies = {
        name: value for name, value in ast.literal_eval(metrics).items() if name.endswith("accuracy")
    }
    assert accuracies and all(value == 1.0 for value in accuracies.values()), accuracies
