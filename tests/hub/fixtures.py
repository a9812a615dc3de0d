"""Shared by the publishing tests: the fake Hub's token, a small build config, subprocess helpers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from finsynth.builder import parse_config, run_build

TOKEN = "hf_fake_0123456789_secret"
TINY = """\
name: tiny
version: 0.0.1
seed: SEED
pretty_name: Tiny published build
configs:
  - name: finchain
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    splits:
      test: {per_generator: 2}
      train: {per_generator: 2}
  - name: finchain_variation
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    variations: {of_config: finchain, of_split: test, kinds: [names, values]}
    splits:
      test: {per_generator: 2}
"""


def build_tiny(out: Path, seed: int = 5) -> Path:
    """Build the small dataset folder with ``seed`` under ``out``."""
    return run_build(parse_config(TINY.replace("SEED", str(seed)), "tiny.yaml"), out)


ROOT = Path(__file__).resolve().parents[2]


def hub_environment(endpoint: str, token: str | None, home: Path) -> dict[str, str]:
    """Environment of a subprocess that talks to the fake Hub (the client reads it at import)."""
    environment = {
        key: value for key, value in os.environ.items() if not key.startswith(("HF_", "HUGGINGFACE"))
    }
    environment.update(
        {"HF_ENDPOINT": endpoint, "HF_HUB_DISABLE_XET": "1", "HF_HOME": str(home), "PYTHONPATH": str(ROOT)}
    )
    if token is not None:
        environment["HF_TOKEN"] = token
    return environment


def run_python(code: str, environment: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """Run Python code in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=environment, timeout=900
    )


def finsynth(environment: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """Run the ``finsynth`` command line in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "finsynth.cli", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=900,
    )
