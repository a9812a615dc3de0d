"""Every registered perturbation takes time linear in its input (the scaling benchmark, small)."""

from __future__ import annotations

import pytest

from benchmarks.perturb_scaling import Case, cases, run, super_linear
from finsynth.perturbations import Perturbed, registry
from finsynth.seeding import RandomStream


@pytest.mark.slow
def test_no_perturbation_grows_faster_than_its_input() -> None:
    # spaCy's own tagging is spaCy's business (and slow to time); its rules twin covers incomplete
    fast = [case for case in cases() if case.options.get("method") != "spacy"]
    assert {case.kind for case in fast} == set(registry.perturbation_names())
    rows = run((10_000, 100_000), fast)
    assert super_linear(rows) == [], rows


def test_the_benchmark_flags_a_quadratic_perturbation(monkeypatch: pytest.MonkeyPatch) -> None:
    def quadratic(text: str, rng: RandomStream) -> Perturbed:
        for _ in range(len(text) // 1000):
            text.count("z")  # a scan of the whole text for every 1,000 characters
        return Perturbed(text, ())

    monkeypatch.setitem(registry._PERTURBATIONS, "testing_quadratic", quadratic)
    rows = run((10_000, 100_000), [Case("testing_quadratic")])
    assert super_linear(rows) == ["testing_quadratic (prose)", "testing_quadratic (one word)"]
