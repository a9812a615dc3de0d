from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.scoring.ratings import (
    Game,
    agreement,
    bootstrap_ratings,
    bradley_terry,
    elo_ratings,
    win_matrix,
)
from finsynth.seeding import numpy_generator

MODELS = ["alpha", "beta", "gamma", "delta"]

games_strategy = st.lists(
    st.tuples(
        st.sampled_from(MODELS), st.sampled_from(MODELS), st.sampled_from(["model_a", "model_b", "tie"])
    ).filter(lambda game: game[0] != game[1]),
    min_size=1,
    max_size=40,
).map(lambda rows: [Game(a, b, winner, item=f"item{i % 5}") for i, (a, b, winner) in enumerate(rows)])  # type: ignore[arg-type]


def swapped(game: Game) -> Game:
    flip = {"model_a": "model_b", "model_b": "model_a", "tie": "tie"}
    return Game(game.model_b, game.model_a, flip[game.winner], game.item)  # type: ignore[arg-type]


def renamed(game: Game, names: dict[str, str]) -> Game:
    return Game(names[game.model_a], names[game.model_b], game.winner, game.item)


def simulated(strengths: dict[str, float], count: int, seed: int) -> list[Game]:
    """Games drawn from a Bradley–Terry model with these log-strengths (base e)."""
    generator = numpy_generator(seed)
    names = sorted(strengths)
    games = []
    for index in range(count):
        a, b = generator.choice(len(names), size=2, replace=False)
        p_a = 1 / (1 + math.exp(strengths[names[b]] - strengths[names[a]]))
        winner = "model_a" if generator.random() < p_a else "model_b"
        games.append(Game(names[a], names[b], winner, item=f"q{index // 3}"))  # type: ignore[arg-type]
    return games


def test_elo_follows_ucfe_constants_for_one_game() -> None:
    ratings = elo_ratings([Game("x", "y", "model_a")])
    assert ratings == {"x": 1002.0, "y": 998.0}  # K 4 × (1 − 0.5) from two 1000s
    tie = elo_ratings([Game("x", "y", "model_a"), Game("x", "y", "tie")])
    expected_x = 1 / (1 + 10 ** ((998 - 1002) / 400))
    assert tie["x"] == pytest.approx(1002 + 4 * (0.5 - expected_x))


@pytest.mark.parametrize("rate", [elo_ratings, bradley_terry])
def test_a_judge_always_preferring_a_raises_a_and_lowers_b(rate) -> None:  # type: ignore[no-untyped-def]
    games = [Game("a", "b", "model_a", item=str(i)) for i in range(50)] + [
        Game("b", "a", "model_b", item=str(i)) for i in range(50)
    ]
    ratings = rate(games)
    assert ratings["a"] > 1000 > ratings["b"]


def test_elo_keeps_ratings_across_tasks_and_depends_on_order() -> None:
    games = [Game("a", "b", "model_a", item="task1"), Game("a", "c", "model_b", item="task2")]
    forward, backward = elo_ratings(games), elo_ratings(games[::-1])
    assert forward["a"] != backward["a"]  # order dependent, as documented
    assert forward["b"] == 998.0 and forward["c"] > 1000  # a's first-task rating carried into the second


@settings(max_examples=50, deadline=None)
@given(games_strategy)
def test_swapping_sides_changes_nothing(games: list[Game]) -> None:
    assert bradley_terry([swapped(g) for g in games]) == pytest.approx(bradley_terry(games))
    assert elo_ratings([swapped(g) for g in games]) == pytest.approx(elo_ratings(games))


@settings(max_examples=50, deadline=None)
@given(games_strategy, st.permutations(MODELS))
def test_ratings_do_not_depend_on_model_names(games: list[Game], permutation: list[str]) -> None:
    names = dict(zip(MODELS, permutation, strict=True))
    for rate in (bradley_terry, elo_ratings):
        original, relabelled = rate(games), rate([renamed(g, names) for g in games])
        assert {names[m]: r for m, r in original.items()} == pytest.approx(relabelled)


@settings(max_examples=30, deadline=None)
@given(games_strategy, st.randoms(use_true_random=False))
def test_bradley_terry_ignores_game_order_and_centres_on_1000(games: list[Game], rng) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(games)
    rng.shuffle(shuffled)
    ratings = bradley_terry(games)
    assert bradley_terry(shuffled) == pytest.approx(ratings)
    assert np.mean(list(ratings.values())) == pytest.approx(1000)


def test_bradley_terry_recovers_true_strengths() -> None:
    truth = {"m1": -1.0, "m2": -0.3, "m3": 0.2, "m4": 1.1}
    ratings = bradley_terry(simulated(truth, 8000, seed=5))
    mean = np.mean(list(truth.values()))
    for model, strength in truth.items():
        assert ratings[model] == pytest.approx(1000 + 400 / math.log(10) * (strength - mean), abs=15)


def test_bootstrap_intervals_cover_the_truth_and_are_seeded() -> None:
    truth = {"m1": -0.5, "m2": 0.0, "m3": 0.5}
    games = simulated(truth, 3000, seed=9)
    intervals = bootstrap_ratings(games, rounds=200, seed=1)
    assert intervals == bootstrap_ratings(games, rounds=200, seed=1)
    assert intervals != bootstrap_ratings(games, rounds=200, seed=2)
    for model, strength in truth.items():
        interval = intervals[model]
        assert interval.ci_low < interval.rating < interval.ci_high
        assert interval.ci_low - 5 < 1000 + 400 / math.log(10) * strength < interval.ci_high + 5
        assert interval.games == sum(model in (g.model_a, g.model_b) for g in games)


def test_cluster_bootstrap_is_wider_when_items_repeat_the_same_verdict() -> None:
    base = simulated({"x": 0.0, "y": 0.3}, 400, seed=3)
    clustered = [
        Game(g.model_a, g.model_b, g.winner, item=f"i{n}") for n, g in enumerate(base) for _ in range(10)
    ]
    unclustered = [Game(g.model_a, g.model_b, g.winner) for g in clustered]
    width = {
        name: bootstrap_ratings(games, rounds=200, seed=4)["x"]
        for name, games in (("clustered", clustered), ("unclustered", unclustered))
    }
    assert (width["clustered"].ci_high - width["clustered"].ci_low) > 2 * (
        width["unclustered"].ci_high - width["unclustered"].ci_low
    )


def test_elo_bootstrap_and_zero_rounds() -> None:
    games = simulated({"x": 0.0, "y": 1.0}, 300, seed=2)
    elo = bootstrap_ratings(games, method="elo", rounds=30, seed=0)
    assert elo["y"].rating == elo_ratings(games)["y"] and elo["y"].ci_low <= elo["y"].ci_high
    point = bootstrap_ratings(games, rounds=0)
    assert point["x"].ci_low == point["x"].rating == point["x"].ci_high


def test_win_matrix_counts_wins_ties_and_losses() -> None:
    games = [
        Game("a", "b", "model_a"),
        Game("b", "a", "model_a"),
        Game("a", "b", "tie"),
        Game("c", "a", "model_b"),
    ]
    matrix = win_matrix(games)
    assert matrix.models == ["a", "b", "c"]
    assert matrix.wins == [[0, 1, 1], [1, 0, 0], [0, 0, 0]]
    assert matrix.ties[0][1] == matrix.ties[1][0] == 1
    assert matrix.losses[0] == [0, 1, 0] and matrix.losses[2] == [1, 0, 0]


def test_agreement_of_ratings() -> None:
    first = {"a": 1100.0, "b": 1000.0, "c": 900.0, "only_first": 5.0}
    second = {"a": 1300.0, "b": 950.0, "c": 940.0}
    result = agreement(first, second)
    assert result.models == ["a", "b", "c"] and result.spearman == pytest.approx(1.0)
    assert result.pearson == pytest.approx(np.corrcoef([1100, 1000, 900], [1300, 950, 940])[0, 1])
    assert agreement(first, {"a": 1.0, "b": 2.0, "c": 3.0}).spearman == pytest.approx(-1.0)
    assert agreement({"a": 1, "b": 1, "c": 2}, {"a": 1, "b": 2, "c": 3}).spearman == pytest.approx(
        math.sqrt(3) / 2
    )
    with pytest.raises(FinsynthError, match="at least two shared"):
        agreement(first, {"a": 1.0})
    with pytest.raises(FinsynthError, match="same for every model"):
        agreement(first, {"a": 1.0, "b": 1.0})


def test_bad_games_and_arguments_are_clear_errors() -> None:
    with pytest.raises(FinsynthError, match="two different models"):
        Game("a", "a", "tie")
    with pytest.raises(FinsynthError, match="winner"):
        Game("a", "b", "draw")  # type: ignore[arg-type]
    with pytest.raises(FinsynthError, match="at least one game"):
        bradley_terry([])
    with pytest.raises(FinsynthError, match="prior"):
        bradley_terry([Game("a", "b", "tie")], prior=0)
