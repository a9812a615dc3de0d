from __future__ import annotations

from collections.abc import Iterator

import pytest

from finsynth.perturbations import common_typos

SAMPLE = "\n".join(
    [
        "ammount->amount",
        "amout->amount",
        "aas->ass, as,",
        "abandonin->abandoning, abandon in,",
        "1nd->1st",
        "Teh->the",
        "fo->of, for,",
    ]
)


@pytest.fixture
def sample_dictionary(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    common_typos.typos_by_word.cache_clear()
    monkeypatch.setattr(common_typos, "_dictionary_text", lambda: SAMPLE)
    yield
    monkeypatch.undo()
    common_typos.typos_by_word.cache_clear()


@pytest.mark.usefixtures("sample_dictionary")
def test_lines_are_read_backwards_into_word_to_misspellings() -> None:
    assert common_typos.typos_by_word() == {
        "amount": ("ammount", "amout"),
        "ass": ("aas",),
        "as": ("aas",),
        "abandoning": ("abandonin",),
        "of": ("fo",),
        "for": ("fo",),
    }


def test_the_installed_codespell_dictionary_covers_common_question_words() -> None:
    typos = common_typos.typos_by_word()
    assert len(typos) > 10_000
    for word in ("what", "the", "company", "amount", "interest", "year"):
        assert typos[word] and all(typo != word and typo.isalpha() for typo in typos[word])
