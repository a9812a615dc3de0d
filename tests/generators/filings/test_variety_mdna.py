"""Item 7 (MD&A) and Item 7A (market risk) prose varies like real filings' (issue #29).

Measured on the default build (:func:`tests.generators.filings.breadth.default_sample`) with the
benchmark's sentence rule (:func:`benchmarks.filings_variety.split_sentences`: the company's name
masked, lines without a closing full stop left out), keeping the sentences between the ``Item 7.``
heading and the ``Item 8.`` heading. Before the prose was composed from each company's figures,
30 filings shared 36.7% of their Item 7 sentences and 28.2% of their Item 7A sentences.
"""

from __future__ import annotations

import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.filings_variety import COMMON_SHARE, SHARED_SAMPLE, split_sentences
from finsynth.generators.filings import Filing
from finsynth.generators.filings.mdna_figures import movement, topic_values
from finsynth.generators.filings.mdna_topics import ESTIMATES, INVENTORY_ESTIMATE, OTHER_TOPICS, fill
from finsynth.seeding import RandomStream, derive_seed
from finsynth.world.company import make_company
from finsynth.world.formatting import money, percent_figure, share_of
from finsynth.world.statements import make_statements
from tests.generators.filings.breadth import default_sample

SHARED_CEILING = 0.01
"""Share of 30 filings' Item 7 (and, separately, Item 7A) sentences that another of the 30 holds:
measured 0.002 (8 of 3,226, an industry's measure definitions) and 0.000 (0 of 194); 0.367 and 0.282
before; the issue asks at most 0.05."""
COMMON_CEILING = 0.01
"""Largest share of one filing's Item 7 and 7A sentences held by at least 5% (11) of the 220 filings
(measured 0.000: no sentence of these Items is in 11 filings); the issue asks at most 0.10 of a whole
filing."""
_ITEM = re.compile(r"^(Item \d+[A-C]?)\.", re.MULTILINE)


def _item_sentences(filing: Filing) -> dict[str, list[str]]:
    """The filing's Item 7 and Item 7A prose sentences, by item."""
    starts = [(match.start(), match.group(1)) for match in _ITEM.finditer(filing.text)]
    found: dict[str, list[str]] = {"Item 7": [], "Item 7A": []}
    for (start, item), (end, _) in zip(starts, [*starts[1:], (len(filing.text), "")], strict=True):
        if item in found:
            found[item].extend(split_sentences(filing.text[start:end], filing.company))
    return found


def _shared(documents: list[list[str]]) -> tuple[int, int]:
    """How many of the documents' sentences another document holds, and how many there are."""
    holders = Counter(sentence for found in documents for sentence in set(found))
    return sum(holders[s] >= 2 for found in documents for s in found), sum(len(found) for found in documents)


def test_mdna_and_market_risk_sentences_are_the_companys_own() -> None:
    filings = [item.filing for item in default_sample()[:SHARED_SAMPLE]]
    by_item = [_item_sentences(filing) for filing in filings]
    for item in ("Item 7", "Item 7A"):
        shared, total = _shared([found[item] for found in by_item])
        assert total > 100 * (1 if item == "Item 7A" else 20), (item, total)  # the Items are all there
        assert shared / total <= SHARED_CEILING, (item, shared, total)


def test_no_mdna_sentence_makes_up_a_large_part_of_many_filings() -> None:
    documents = [
        [sentence for found in _item_sentences(item.filing).values() for sentence in found]
        for item in default_sample()
    ]
    holders = Counter(sentence for found in documents for sentence in set(found))
    floor = COMMON_SHARE * len(documents)
    worst = max(sum(holders[s] >= floor for s in found) / len(found) for found in documents if found)
    assert worst <= COMMON_CEILING


def _company(seed: int):  # type: ignore[no-untyped-def]
    company = make_company(RandomStream(derive_seed(seed, "filings", "company")))
    return company, make_statements(company, RandomStream(derive_seed(seed, "filings", "statements")))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_topic_sentences_state_the_companys_own_balances(seed: int) -> None:
    company, statements = _company(seed)
    year = statements.years[-1]
    values = statements.values[year]
    filled = topic_values(company, statements)
    unit = company.unit
    assert filled["goodwill"] == money(values["goodwill"], unit)
    assert filled["goodwill_share"] == percent_figure(share_of(values["goodwill"], values["total_assets"]))
    assert filled["receivables"] == money(values["accounts_receivable"], unit)
    assert filled["revenue"] == money(values["revenue"], unit)
    assert filled["capex"] == money(-values["capital_expenditures"], unit)
    for when in statements.years:
        pretax = statements.values[when]["income_before_taxes"]
        assert f"{money(abs(pretax), unit)} in fiscal {when}" in filled["pretax_record"]
    # The weakest segment named is the one with the lowest segment margin.
    margins = {
        segment.name: values[f"segment_income.{index}"] / values[f"segment.{index}"]
        for index, segment in enumerate(company.segments)
    }
    assert filled["weakest_segment"] == f"the {min(margins, key=margins.__getitem__)} segment"
    estimates = [*ESTIMATES, INVENTORY_ESTIMATE, *OTHER_TOPICS]
    for _, templates in estimates:
        for sentence in fill(templates, filled):
            assert "{" not in sentence and "}" not in sentence and "  " not in sentence


@given(current=st.integers(1, 10**9), previous=st.integers(1, 10**9))
def test_movement_states_the_direction_and_size_of_the_change(current: int, previous: int) -> None:
    moved = movement(current, previous)
    change = round((current - previous) / previous * 100, 1)
    if current == previous:
        assert moved == "was unchanged"
    elif change == 0:
        assert moved == "was essentially unchanged"
    else:
        assert moved == f"{'rose' if change > 0 else 'fell'} {percent_figure(abs(change))}"
