import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.errors import FinsynthError
from finsynth.perturbations.citations import citation_context
from finsynth.perturbations.sentences import split_sentences

SENTENCES = [
    "Acme Holdings Inc. files this annual report.",
    "Revenue was $1.3 million in fiscal 2023.",
    "Costs were approx. $0.4 million.",
    "Net income rose 3.5% to $0.9 million.",
    "The U.S. segment grew fastest.",
    "Mr. Lee became chief executive in May.",
    "The Board approved a dividend.",
    "Debt fell to $2.0 million.",
    "No. 7 of the notes covers leases.",
]
DOCUMENT = " ".join(SENTENCES[:5]) + "\n\n" + " ".join(SENTENCES[5:])


def test_document_has_the_expected_sentences() -> None:
    assert [sentence.text for sentence in split_sentences(DOCUMENT)] == SENTENCES


def test_a_citation_gets_one_sentence_either_side() -> None:
    context = citation_context(DOCUMENT, ["rose 3.5%"])
    assert context.sentence_ids == (2, 3, 4)
    assert context.text == f"[...] {SENTENCES[2]} {SENTENCES[3]} {SENTENCES[4]} [...]"
    start = DOCUMENT.index("rose 3.5%")
    assert context.spans == ((start, start + len("rose 3.5%")),)


def test_neighbours_are_configurable() -> None:
    assert citation_context(DOCUMENT, ["rose 3.5%"], before=0, after=2).sentence_ids == (3, 4, 5)
    whole = citation_context(DOCUMENT, ["rose 3.5%"], before=10, after=10)
    assert whole.sentence_ids == tuple(range(9))
    assert whole.text == DOCUMENT


def test_overlapping_and_adjacent_selections_are_glued() -> None:
    context = citation_context(DOCUMENT, ["Costs were", "U.S. segment"], before=1, after=0)
    assert context.sentence_ids == (1, 2, 3, 4)
    assert "[...]" not in context.text.strip("[.] ")
    # A passage keeps the document's own whitespace, paragraph breaks included.
    glued = citation_context(DOCUMENT, ["U.S. segment", "Mr. Lee"], before=0, after=0)
    assert glued.text == f"[...] {SENTENCES[4]}\n\n{SENTENCES[5]} [...]"


def test_gaps_are_marked_between_and_around_passages() -> None:
    context = citation_context(DOCUMENT, ["$1.3 million", "dividend"], before=0, after=0, gap_marker="<gap>")
    assert context.text == f"<gap> {SENTENCES[1]} <gap> {SENTENCES[6]} <gap>"


def test_lead_sentences_come_first_without_repeats() -> None:
    context = citation_context(DOCUMENT, ["Costs were"], lead_sentences=2)
    assert context.sentence_ids == (0, 1, 2, 3)
    assert context.text.count(SENTENCES[1]) == 1
    assert context.text == " ".join(SENTENCES[:4]) + " [...]"
    apart = citation_context(DOCUMENT, ["Debt fell"], lead_sentences=1, before=0, after=0)
    assert apart.text == f"{SENTENCES[0]} [...] {SENTENCES[7]} [...]"


def test_a_citation_across_sentences_keeps_all_it_touches() -> None:
    context = citation_context(DOCUMENT, ["grew fastest.\n\nMr. Lee"], before=0, after=0)
    assert context.sentence_ids == (4, 5)


def test_spans_are_accepted() -> None:
    start = DOCUMENT.index("Debt")
    assert citation_context(DOCUMENT, [(start, start + 4)], before=0, after=0).sentence_ids == (7,)


def test_a_missing_citation_is_named() -> None:
    with pytest.raises(
        FinsynthError, match=r"citation 1 \('Revenue was \$9\.9 million'\) is not an exact substring"
    ):
        citation_context(DOCUMENT, ["Debt fell", "Revenue was $9.9 million"])


@pytest.mark.parametrize(
    ("citations", "options", "message"),
    [
        ([" "], {}, "citation 0 is empty"),
        ([(5, 5)], {}, r"citation 0 span \(5, 5\)"),
        ([(0, 10_000)], {}, "not a non-empty span"),
        ([], {}, "no citations"),
        (["Debt"], {"before": -1}, "before must be at least 0"),
        (["Debt"], {"lead_sentences": -2}, "lead_sentences must be at least 0"),
    ],
)
def test_bad_input_is_an_error(citations: list[str], options: dict[str, int], message: str) -> None:
    with pytest.raises(FinsynthError, match=message):
        citation_context(DOCUMENT, citations, **options)


def test_blank_document_is_an_error() -> None:
    with pytest.raises(FinsynthError, match="document is empty"):
        citation_context(" \n", ["x"])


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=12),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(1, 40)), min_size=1, max_size=4),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_every_citation_lands_in_the_context(
    chosen: list[str], picks: list[tuple[int, int]], before: int, after: int, lead: int
) -> None:
    document = " ".join(chosen)
    citations = []
    for position, length in picks:
        start = position % len(document)
        citation = document[start : start + length]
        if citation.strip():
            citations.append(citation)
    if not citations:
        return
    context = citation_context(document, citations, before=before, after=after, lead_sentences=lead)
    assert list(context.sentence_ids) == sorted(set(context.sentence_ids))
    for citation in citations:
        assert citation.strip() in context.text
    for passage in context.text.split(" [...] "):
        assert passage.strip("[.] ") in document


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=300), st.integers(0, 299), st.integers(1, 30))
def test_arbitrary_documents_never_crash(document: str, position: int, length: int) -> None:
    start = position % len(document)
    citation = document[start : start + length]
    try:
        context = citation_context(document, [citation])
    except FinsynthError as error:
        assert not document.strip() or not citation.strip(), error
    else:
        assert citation.strip() in context.text
