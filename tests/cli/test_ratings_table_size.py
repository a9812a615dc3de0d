"""`score ratings` prints work that grows at most quadratically in models and linearly in games.

The work is counted, not timed: the cells handed to the tables, and how often the loss matrix
(a transpose of the whole head-to-head matrix) is built. 401 models once took 447 s of CPU
because the transpose was rebuilt for every printed cell (models to the fourth power).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.table import Table

from finsynth.cli.app import main
from finsynth.cli.score import MATRIX_MODELS_SHOWN
from finsynth.scoring.ratings import WinMatrix


def _games_file(folder: Path, models: int, games_per_model: int) -> Path:
    draw = random.Random(models)
    names = [f"model-{number:03d}" for number in range(models)]
    lines = []
    for number in range(models * games_per_model):
        first, second = draw.sample(names, 2)
        winner = draw.choice(["model_a", "model_b", "tie"])
        lines.append(
            json.dumps({"model_a": first, "model_b": second, "winner": winner, "item": f"i{number % 7}"})
        )
    path = folder / f"games-{models}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


class Work:
    """Counts the table cells added and the loss matrices built while a command runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.cells = 0
        self.loss_matrices = 0
        add_row = Table.add_row
        losses = WinMatrix.losses.fget
        assert losses is not None

        def counting_add_row(table: Table, *cells: Any, **options: Any) -> None:
            self.cells += len(cells)
            add_row(table, *cells, **options)

        def counting_losses(matrix: WinMatrix) -> list[list[int]]:
            self.loss_matrices += 1
            return losses(matrix)

        monkeypatch.setattr(Table, "add_row", counting_add_row)
        monkeypatch.setattr(WinMatrix, "losses", property(counting_losses))


def _models_in(path: Path) -> int:
    games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return len({game[side] for game in games for side in ("model_a", "model_b")})


def _rate(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(["score", "ratings", str(path), "--bootstrap", "0", *options])
    assert exit_.value.code in (0, None)
    return capsys.readouterr().out


@pytest.mark.parametrize("drawn", [MATRIX_MODELS_SHOWN + 2, 60, 240])
def test_above_the_limit_the_printed_work_is_linear_in_models(
    drawn: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _games_file(tmp_path, drawn, games_per_model=3)
    models = _models_in(path)
    work = Work(monkeypatch)
    out = _rate(path, capsys, "--report", str(tmp_path / "report.json"))
    # the ratings table (4 cells a model) and each model's totals (5 cells a model)
    assert work.cells == 9 * models
    assert work.loss_matrices == 2  # once for the JSON report, once for the table
    assert f"({models} models; the head-to-head matrix is in --report)" in out
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert len(report["win_matrix"]["losses"]) == models  # the full matrix is still reported


def test_up_to_the_limit_the_whole_matrix_is_printed_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    models = MATRIX_MODELS_SHOWN
    path = _games_file(tmp_path, models, games_per_model=5)
    assert _models_in(path) == models
    work = Work(monkeypatch)
    out = _rate(path, capsys)
    assert work.cells == 4 * models + models * (models + 1)
    assert work.loss_matrices == 2
    assert "row against column" in out


def test_the_totals_add_up_to_the_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    models, per_model = 30, 4
    path = _games_file(tmp_path, models, games_per_model=per_model)
    assert _models_in(path) == models
    out = _rate(path, capsys)
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│ model-")]
    totals = [row for row in rows if len(row) == 7]  # model, opponents, wins, ties, losses
    assert len(totals) == models
    wins, ties, losses = (sum(int(row[column]) for row in totals) for column in (3, 4, 5))
    assert wins == losses and wins + ties // 2 == models * per_model
