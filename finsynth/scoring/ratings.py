"""Ratings from pairwise games: online Elo (as UCFE), Bradley–Terry, bootstrap intervals, agreement.

A :class:`Game` is one judged comparison of two models, optionally tagged with the item
(task instance) it was played on.

- :func:`elo_ratings` replays games **in the order given** with UCFE's constants (start
  1000, K 4, scale 400, base 10). Elo is order dependent: the same games in another order
  give other ratings. Both models of a game are updated from their ratings before it.
- :func:`bradley_terry` fits the Bradley–Terry model by maximum likelihood (minorise–
  maximise iterations of Hunter, 2004), counting a tie as half a win for each side. Each
  pair of models also gets ``prior`` virtual tied games, which keeps the estimate finite
  when a model never wins or never loses. Strengths are put on the Elo scale:
  ``rating = 1000 + 400 · log10(strength)`` after centring the log-strengths, so a 400-point
  gap means 10:1 odds, as in Elo. It does not depend on the order of the games.
- :func:`bootstrap_ratings` gives percentile confidence intervals by resampling whole
  items (clusters of games) with replacement; games without an item are their own cluster.
  Games on one item share its difficulty and judge, so resampling single games would make
  the intervals too narrow. A model absent from every drawn cluster of a round keeps only
  its prior ties in Bradley–Terry (rating near 1000) or its starting Elo for that round.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

import numpy as np
import numpy.typing as npt
from numpy.typing import NDArray

from finsynth.errors import FinsynthError
from finsynth.input_files import read_json
from finsynth.scoring.jsonl import InputProblem, read_jsonl
from finsynth.seeding import numpy_generator

Winner = Literal["model_a", "model_b", "tie"]
Method = Literal["elo", "bt"]

ELO_INITIAL = 1000.0
ELO_K = 4.0
ELO_SCALE = 400.0
ELO_BASE = 10.0
BT_PRIOR = 0.1
"""Virtual tied games between every pair of models in :func:`bradley_terry`."""

_SCORE_A = {"model_a": 1.0, "model_b": 0.0, "tie": 0.5}
_MAX_ITERATIONS = 100_000
_CONVERGED = 1e-10

Vector = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Game:
    """One pairwise comparison.

    Attributes:
        model_a: The first model.
        model_b: The second model.
        winner: ``"model_a"``, ``"model_b"`` or ``"tie"``.
        item: The item (task instance) the game was judged on, if known.

    """

    model_a: str
    model_b: str
    winner: Winner
    item: str | None = None

    def __post_init__(self) -> None:
        if self.winner not in _SCORE_A:
            raise FinsynthError(f"winner must be model_a, model_b or tie, not {self.winner!r}")
        if self.model_a == self.model_b:
            raise FinsynthError(f"a game needs two different models, got {self.model_a!r} twice")


def elo_ratings(
    games: Iterable[Game],
    *,
    initial: float = ELO_INITIAL,
    k: float = ELO_K,
    scale: float = ELO_SCALE,
    base: float = ELO_BASE,
) -> dict[str, float]:
    """Online Elo over ``games`` in the order given.

    For a game between A and B, ``E_A = 1 / (1 + base ** ((R_B - R_A) / scale))`` and
    ``R_A += k · (S_A - E_A)``, ``R_B += k · (S_B - E_B)`` with ``S`` 1 for a win, 0.5 for a tie
    and 0 for a loss.

    Returns:
        Rating per model, sorted by model name.

    """
    ratings: dict[str, float] = {}
    for game in games:
        rating_a = ratings.get(game.model_a, initial)
        rating_b = ratings.get(game.model_b, initial)
        expected_a = 1 / (1 + base ** ((rating_b - rating_a) / scale))
        score_a = _SCORE_A[game.winner]
        ratings[game.model_a] = rating_a + k * (score_a - expected_a)
        ratings[game.model_b] = rating_b + k * ((1 - score_a) - (1 - expected_a))
    return dict(sorted(ratings.items()))


@dataclass(frozen=True)
class _Encoded:
    models: list[str]
    first: npt.NDArray[np.int64]
    second: npt.NDArray[np.int64]
    score_first: Vector


def _encode(games: Sequence[Game]) -> _Encoded:
    models = sorted({game.model_a for game in games} | {game.model_b for game in games})
    index = {model: position for position, model in enumerate(models)}
    return _Encoded(
        models,
        np.array([index[game.model_a] for game in games], dtype=np.int64),
        np.array([index[game.model_b] for game in games], dtype=np.int64),
        np.array([_SCORE_A[game.winner] for game in games], dtype=np.float64),
    )


def _win_counts(encoded: _Encoded, weights: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Weighted wins, shape ``(rounds, n, n)``: ``[r, i, j]`` is how often i beat j (ties halved)."""
    n = len(encoded.models)
    pair = encoded.first * n + encoded.second
    reverse = encoded.second * n + encoded.first
    rounds = weights.shape[0]
    offsets = (np.arange(rounds, dtype=np.int64) * n * n)[:, None]
    flat = np.bincount(
        (offsets + pair).ravel(), weights=(weights * encoded.score_first).ravel(), minlength=rounds * n * n
    ) + np.bincount(
        (offsets + reverse).ravel(),
        weights=(weights * (1 - encoded.score_first)).ravel(),
        minlength=rounds * n * n,
    )
    return flat.reshape(rounds, n, n).astype(np.float64)


def _bradley_terry_strengths(wins: npt.NDArray[np.float64], prior: float) -> npt.NDArray[np.float64]:
    """Log-strengths (centred) for each round of a ``(rounds, n, n)`` win array."""
    rounds, n, _ = wins.shape
    off_diagonal = 1 - np.eye(n)
    wins = wins + prior / 2 * off_diagonal
    games = wins + wins.transpose(0, 2, 1)
    total_wins = wins.sum(axis=2)
    strength = np.ones((rounds, n))
    for _ in range(_MAX_ITERATIONS):
        denominator = (games / (strength[:, :, None] + strength[:, None, :])).sum(axis=2)
        updated = total_wins / denominator
        updated /= np.exp(np.log(updated).mean(axis=1, keepdims=True))
        change = np.abs(np.log(updated) - np.log(strength)).max()
        strength = updated
        if change < _CONVERGED:
            break
    log_strength = np.log(strength)
    centred: npt.NDArray[np.float64] = log_strength - log_strength.mean(axis=1, keepdims=True)
    return centred


def _to_elo_scale(log_strength: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    result: npt.NDArray[np.float64] = ELO_INITIAL + ELO_SCALE / math.log(ELO_BASE) * log_strength
    return result


def bradley_terry(games: Sequence[Game], *, prior: float = BT_PRIOR) -> dict[str, float]:
    """Bradley–Terry maximum-likelihood ratings on the Elo scale (mean 1000).

    Args:
        games: The games; their order does not matter.
        prior: Virtual tied games between every pair of models (must be positive).

    Returns:
        Rating per model, sorted by model name.

    Raises:
        FinsynthError: If there are no games or ``prior`` is not positive.

    """
    if not games:
        raise FinsynthError("Bradley–Terry needs at least one game")
    if not prior > 0:
        raise FinsynthError(f"prior must be positive, got {prior}")
    encoded = _encode(games)
    log_strength = _bradley_terry_strengths(_win_counts(encoded, np.ones((1, len(games)))), prior)
    return dict(zip(encoded.models, _to_elo_scale(log_strength[0]).tolist(), strict=True))


@dataclass(frozen=True)
class RatingInterval:
    """A model's rating with its bootstrap confidence interval.

    Attributes:
        rating: The rating from all games.
        ci_low: Lower end of the percentile interval.
        ci_high: Upper end of the percentile interval.
        games: Games the model played.

    """

    rating: float
    ci_low: float
    ci_high: float
    games: int


def _clusters(games: Sequence[Game]) -> npt.NDArray[np.int64]:
    """Cluster index of each game: one per distinct item, one per game without an item."""
    labels: dict[str, int] = {}
    clusters = []
    for position, game in enumerate(games):
        if game.item is None:
            clusters.append(len(games) + position)
        else:
            clusters.append(labels.setdefault(game.item, len(labels)))
    _, dense = np.unique(np.array(clusters, dtype=np.int64), return_inverse=True)
    return dense.astype(np.int64)


def _elo_replicate(
    games: Sequence[Game], clusters: npt.NDArray[np.int64], drawn: npt.NDArray[np.int64]
) -> dict[str, float]:
    members: dict[int, list[int]] = {}
    for position, cluster in enumerate(clusters.tolist()):
        members.setdefault(cluster, []).append(position)
    return elo_ratings(games[position] for cluster in drawn.tolist() for position in members[cluster])


MAX_BOOTSTRAP_ROUNDS = 100_000
"""Most bootstrap rounds: each holds a resample of every item, so more would exhaust memory."""


def bootstrap_ratings(
    games: Sequence[Game],
    *,
    method: Method = "bt",
    rounds: int = 100,
    seed: int = 0,
    confidence: float = 0.95,
    prior: float = BT_PRIOR,
) -> dict[str, RatingInterval]:
    """Ratings with percentile intervals from a cluster bootstrap over items.

    Each round draws as many clusters as there are, with replacement (seeded by
    :func:`finsynth.seeding.numpy_generator`), and rates the games of the drawn clusters. Elo
    replays them in the order drawn. With ``rounds=0`` the interval is the rating itself.

    Args:
        games: The games.
        method: ``"bt"`` (Bradley–Terry) or ``"elo"``.
        rounds: Bootstrap rounds.
        seed: Seed of the resampling.
        confidence: Coverage of the percentile interval.
        prior: Bradley–Terry's virtual ties per pair.

    Returns:
        Rating and interval per model, sorted by model name.

    Raises:
        FinsynthError: If there are no games, or an argument is out of range.

    """
    if not games:
        raise FinsynthError("rating needs at least one game")
    if method not in ("bt", "elo"):
        raise FinsynthError(f"method must be bt or elo, not {method!r}")
    if rounds < 0 or not 0 < confidence < 1:
        raise FinsynthError(f"rounds must be >= 0 and confidence in (0, 1), got {rounds} and {confidence}")
    if rounds > MAX_BOOTSTRAP_ROUNDS:
        raise FinsynthError(f"at most {MAX_BOOTSTRAP_ROUNDS:,} bootstrap rounds, got {rounds:,}")
    if not (math.isfinite(prior) and prior >= 0):
        raise FinsynthError(f"prior must be a finite number >= 0, got {prior}")
    encoded = _encode(games)
    point = bradley_terry(games, prior=prior) if method == "bt" else elo_ratings(games)
    played = np.bincount(np.concatenate([encoded.first, encoded.second]), minlength=len(encoded.models))
    replicates: NDArray[np.float64] = np.empty((rounds, len(encoded.models)))
    if rounds:
        clusters = _clusters(games)
        count = int(clusters.max()) + 1
        generator = numpy_generator(seed)
        draws = generator.integers(0, count, size=(rounds, count))
        if method == "bt":
            weights = np.stack([np.bincount(draw, minlength=count)[clusters] for draw in draws]).astype(
                np.float64
            )
            replicates = _to_elo_scale(_bradley_terry_strengths(_win_counts(encoded, weights), prior))
        else:
            for row, draw in enumerate(draws):
                ratings = _elo_replicate(games, clusters, draw)
                replicates[row] = [ratings.get(model, ELO_INITIAL) for model in encoded.models]
    tail = (1 - confidence) / 2 * 100
    result = {}
    for column, model in enumerate(encoded.models):
        low, high = (
            np.percentile(replicates[:, column], [tail, 100 - tail])
            if rounds
            else (point[model], point[model])
        )
        result[model] = RatingInterval(point[model], float(low), float(high), int(played[column]))
    return result


@dataclass(frozen=True)
class WinMatrix:
    """Head-to-head counts.

    Attributes:
        models: Model names, sorted; the order of rows and columns.
        wins: ``wins[i][j]``: games model i won against model j.
        ties: ``ties[i][j]``: games between i and j that were tied (symmetric).

    """

    models: list[str]
    wins: list[list[int]]
    ties: list[list[int]]

    @property
    def losses(self) -> list[list[int]]:
        """``losses[i][j]``: games model i lost to model j (the transpose of ``wins``)."""
        return [list(column) for column in zip(*self.wins, strict=True)]


def win_matrix(games: Sequence[Game]) -> WinMatrix:
    """Count wins, ties and losses between every pair of models."""
    models = sorted({game.model_a for game in games} | {game.model_b for game in games})
    index = {model: position for position, model in enumerate(models)}
    wins = [[0] * len(models) for _ in models]
    ties = [[0] * len(models) for _ in models]
    for game in games:
        a, b = index[game.model_a], index[game.model_b]
        if game.winner == "tie":
            ties[a][b] += 1
            ties[b][a] += 1
        elif game.winner == "model_a":
            wins[a][b] += 1
        else:
            wins[b][a] += 1
    return WinMatrix(models, wins, ties)


@dataclass(frozen=True)
class Agreement:
    """How two sets of ratings agree on the models they share.

    Attributes:
        models: The shared models.
        pearson: Pearson correlation of the ratings.
        spearman: Spearman rank correlation (ties get their average rank).

    """

    models: list[str]
    pearson: float
    spearman: float


def _ranks(values: Vector) -> Vector:
    order = np.argsort(values, kind="stable")
    ranks = np.empty(len(values))
    ranks[order] = np.arange(1, len(values) + 1)
    for value in np.unique(values):
        tied = values == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def _pearson(first: Vector, second: Vector) -> float:
    first, second = first - first.mean(), second - second.mean()
    return float((first @ second) / math.sqrt(float(first @ first) * float(second @ second)))


def agreement(first: Mapping[str, float], second: Mapping[str, float]) -> Agreement:
    """Pearson and Spearman correlation between two ratings of the same models.

    Raises:
        FinsynthError: If fewer than two models are shared, or either set is constant on them.

    """
    models = sorted(set(first) & set(second))
    if len(models) < 2:
        raise FinsynthError(f"agreement needs at least two shared models, got {models}")
    a = np.array([first[model] for model in models], dtype=np.float64)
    b = np.array([second[model] for model in models], dtype=np.float64)
    if np.ptp(a) == 0 or np.ptp(b) == 0:
        raise FinsynthError("agreement is undefined when one set of ratings is the same for every model")
    return Agreement(models, _pearson(a, b), _pearson(_ranks(a), _ranks(b)))


def _game_of(line: int, value: dict[str, Any]) -> Game | InputProblem:
    model_a, model_b, winner, item = (value.get(key) for key in ("model_a", "model_b", "winner", "item"))
    if not isinstance(model_a, str) or not isinstance(model_b, str) or not model_a or not model_b:
        return InputProblem("bad_field", "needs 'model_a' and 'model_b' as non-empty strings", line)
    if model_a == model_b:
        return InputProblem("bad_field", f"both sides are {model_a!r}; a game needs two models", line)
    # The winner may also be named by the model itself.
    side = {model_a: "model_a", model_b: "model_b"}.get(winner, winner) if isinstance(winner, str) else winner
    if side not in _SCORE_A:
        message = f"winner must be model_a, model_b, tie or one of the two model names, got {winner!r}"
        return InputProblem("bad_field", message, line)
    if item is not None and (isinstance(item, bool) or not isinstance(item, (str, int))):
        return InputProblem("bad_field", f"item must be a string or an integer, got {item!r}", line)
    return Game(model_a, model_b, cast(Winner, side), None if item is None else str(item))


def read_games(path: Path) -> tuple[list[Game], list[InputProblem]]:
    """Read a games JSONL file: ``{"model_a", "model_b", "winner", "item"}`` per line.

    ``winner`` is ``"model_a"``, ``"model_b"``, ``"tie"`` or the name of one of the two
    models; ``item`` (optional) groups games for the cluster bootstrap.

    Returns:
        The games in file order, and a problem for every line that is not one.

    Raises:
        FinsynthError: If the file cannot be read.

    """
    return games_from(read_jsonl(path))


def games_from(
    entries: Iterable[tuple[int, dict[str, Any] | InputProblem]],
) -> tuple[list[Game], list[InputProblem]]:
    """Games from ``(line, game object)`` entries, as :func:`read_games` reads them.

    The entries may come from a games file or from evaluation logs
    (:func:`finsynth.scoring.eval_logs.inspect_games`).
    """
    games: list[Game] = []
    problems: list[InputProblem] = []
    for line, value in entries:
        game = value if isinstance(value, InputProblem) else _game_of(line, value)
        if isinstance(game, InputProblem):
            problems.append(game)
        else:
            games.append(game)
    return games, problems


def read_ratings(path: Path) -> dict[str, float]:
    """Read ratings from JSON: ``{model: rating}``, ``finsynth score ratings --json`` output, or a report.

    Raises:
        FinsynthError: If the file cannot be read or holds anything else.

    """
    content = read_json(path)
    if isinstance(content, dict) and isinstance(content.get("ratings"), dict):
        content = content["ratings"]
    if not isinstance(content, dict):
        raise FinsynthError(f"{path}: expected a JSON object of model ratings")
    ratings: dict[str, float] = {}
    for model, entry in content.items():
        value = entry.get("rating") if isinstance(entry, dict) else entry
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise FinsynthError(f"{path}: $.{model}: expected a number or an object with a numeric 'rating'")
        ratings[model] = float(value)
    return ratings
