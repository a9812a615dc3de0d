"""QA and text-generation items: answers recomputed from facts here, citations checked against the text."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from finsynth.errors import ConfigError
from finsynth.generators.filings import Filing, QAItem, make_filing, make_item, make_qa, plan_item
from tests.generators.filings.question_oracles import ORACLES

SEEDS = st.integers(min_value=0, max_value=2**40)
METRICS = {
    "net cash provided by operating activities": "operating_cash_flow",
    "total revenue": "revenue",
    "gross profit": "gross_profit",
    "operating income": "operating_income",
    "net income": "net_income",
}
MARGINS = {"gross margin": "gross_profit", "operating margin": "operating_income", "net margin": "net_income"}


def dollars(filing: Filing, amount: float) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(int(amount)):,} {str(filing.facts['unit'])[:-1]}"


def pct(value: float) -> str:
    return f"{round(value, 1):.1f}%"


def growth(now: float, then: float) -> float:
    return round((now - then) / abs(then) * 100, 1)


def segments(filing: Filing) -> list[int]:
    return [int(key.split(".")[1]) for key in filing.facts if re.fullmatch(r"segment\.\d+\.name", key)]


def check_citations(filing: Filing, item: QAItem) -> None:
    assert item.citations and len(item.citations) == len(item.citation_sentence_ids)
    for sentence_id, citation in zip(item.citation_sentence_ids, item.citations, strict=True):
        sentence = filing.sentences[sentence_id]
        assert citation == sentence.text == filing.text[sentence.start : sentence.end]
        assert citation in filing.text


def check_answer(filing: Filing, item: QAItem) -> None:
    """Recompute the answer's numbers from the facts and find them in the answer and the citations."""
    facts, latest, prior = filing.facts, filing.fiscal_years[-1], filing.fiscal_years[-2]
    cited = " ".join(item.citations)

    def stated(key: str) -> str:
        # Prose cites "$1,234 million"; a table row cites "1,234": the digits must be in the evidence.
        text = dollars(filing, facts[key])
        assert f"{abs(int(facts[key])):,}" in cited, (key, text)
        return text

    # An industry may name a row its own way (a bank's "provision for credit losses"); the longest
    # name found in the question wins, so "net operating income" is not read as "operating income".
    metrics = {
        **METRICS,
        **{str(facts[f"row.{key}.label"]): key for key in METRICS.values() if f"row.{key}.label" in facts},
    }
    named = sorted(metrics, key=len, reverse=True)
    kind = item.kind
    if kind == "metric_value":
        year = int(re.findall(r"fiscal (\d{4})", item.question)[0])
        name = next(name for name in named if name in item.question)
        assert stated(f"{metrics[name]}.{year}") in item.answer
    elif kind == "metric_change":
        name = next(name for name in named if name in item.question)
        now, then = facts[f"{metrics[name]}.{latest}"], facts[f"{metrics[name]}.{prior}"]
        assert dollars(filing, abs(now - then)) in item.answer
        assert pct(abs(growth(float(now), float(then)))) in item.answer
        assert stated(f"{metrics[name]}.{latest}") in item.answer
        assert stated(f"{metrics[name]}.{prior}") in item.answer
    elif kind == "margin":
        name = next(name for name in MARGINS if name in item.question)
        top, bottom = facts[f"{MARGINS[name]}.{latest}"], facts[f"revenue.{latest}"]
        assert pct(float(top) / float(bottom) * 100) in item.answer
        stated(f"{MARGINS[name]}.{latest}")
        stated(f"revenue.{latest}")
    elif kind in ("fastest_segment", "largest_segment", "segment_brief"):
        rates = {
            i: growth(float(facts[f"segment.{i}.{latest}"]), float(facts[f"segment.{i}.{prior}"]))
            for i in segments(filing)
        }
        sizes = {i: float(facts[f"segment.{i}.{latest}"]) for i in segments(filing)}
        if kind == "fastest_segment":
            best = max(rates, key=lambda i: rates[i])
            assert str(facts[f"segment.{best}.name"]) in item.answer and pct(rates[best]) in item.answer
        elif kind == "largest_segment":
            best = max(sizes, key=lambda i: sizes[i])
            share = sizes[best] / float(facts[f"revenue.{latest}"]) * 100
            assert str(facts[f"segment.{best}.name"]) in item.answer and pct(share) in item.answer
        else:
            for i in segments(filing):
                assert stated(f"segment.{i}.{latest}") in item.answer
                assert pct(abs(rates[i])) in item.answer
    elif kind == "risk":
        topic = next(
            key
            for key in facts
            if key.startswith("risk.") and key.count(".") == 1 and str(facts[key]) in item.answer
        )
        assert str(facts[f"{topic}.label"]) in item.question
        segment = int(topic.rsplit("_", 1)[1])  # only a segment's own risk, sized by its revenue
        assert str(facts[f"segment.{segment}.name"]) in item.answer
        share = float(facts[f"segment.{segment}.{latest}"]) / float(facts[f"revenue.{latest}"]) * 100
        assert stated(f"segment.{segment}.{latest}") in item.answer and pct(share) in item.answer
        assert set(filing.fact_sentences[topic]) <= set(item.citation_sentence_ids)
    elif kind == "risk_summary":
        named = [
            key
            for key in facts
            if key.startswith("risk.") and key.count(".") == 1 and str(facts[key]) in item.answer
        ]
        assert len(named) >= 2
        for key in named:  # each risk is named in the request and sized with figures in the answer
            assert str(facts[f"{key}.label"]) in item.question
        assert re.search(r"\d", item.answer)
    elif kind == "free_cash_flow":
        operating, capex = facts[f"operating_cash_flow.{latest}"], facts[f"capital_expenditures.{latest}"]
        assert dollars(filing, float(operating) + float(capex)) in item.answer
        stated(f"operating_cash_flow.{latest}")
        assert f"{-int(capex):,}" in cited
    elif kind == "total_debt":
        total = float(facts[f"current_debt.{latest}"]) + float(facts[f"long_term_debt.{latest}"])
        assert dollars(filing, total) in item.answer
        assert f"{int(total):,}" in cited or stated(f"long_term_debt.{latest}")
    elif kind == "earnings_per_share":
        year = int(re.findall(r"fiscal (\d{4})", item.question)[0])
        eps = float(facts[f"diluted_eps.{year}"])
        assert f"${eps:.2f}" in item.answer.replace("-$", "$")
        assert f"{eps:.2f}" in cited
    elif kind == "employees":
        assert f"{int(facts['employees']):,}" in item.answer and f"{int(facts['employees']):,}" in cited
    elif kind == "results_post":
        assert stated(f"revenue.{latest}") in item.answer and stated(f"net_income.{latest}") in item.answer
        growth_text = pct(abs(growth(float(facts[f"revenue.{latest}"]), float(facts[f"revenue.{prior}"]))))
        assert growth_text in item.answer
    elif kind == "liquidity_note":
        assert stated(f"cash.{latest}") in item.answer
        assert stated(f"operating_cash_flow.{latest}") in item.answer
    elif kind == "segment_income":
        # The whole name after the possessive: "Services" must not match a "Cloud Services" segment.
        index = next(
            i for i in segments(filing) if f"'s {facts[f'segment.{i}.name']} segment" in item.question
        )
        assert stated(f"segment_income.{index}.{latest}") in item.answer
    elif kind == "quarter_revenue":
        quarter = ("first", "second", "third", "fourth").index(
            re.findall(r"the (\w+) quarter", item.question)[0]
        )
        assert stated(f"quarter.{quarter + 1}.revenue.{latest}") in item.answer
    elif kind == "region_revenue":
        region = 0 if "United States" in item.question else 1 if "Europe" in item.question else 2
        now, then = facts[f"region.{region}.{latest}"], facts[f"region.{region}.{prior}"]
        assert dollars(filing, now) in item.answer and dollars(filing, then) in item.answer
        assert pct(growth(float(now), float(then))) in item.answer
    elif kind == "research_intensity":
        spending, revenue = facts[f"research_and_development.{latest}"], facts[f"revenue.{latest}"]
        assert pct(float(spending) / float(revenue) * 100) in item.answer
        stated(f"research_and_development.{latest}")
        stated(f"revenue.{latest}")
    elif kind == "dividends":
        paid = dollars(filing, -float(facts[f"dividends_paid.{latest}"]))
        assert paid in item.answer and paid.split(" ")[0].lstrip("$") in cited
    elif kind == "headquarters":
        assert str(facts["headquarters"]) in item.answer and str(facts["headquarters"]) in cited
    elif kind in ORACLES:
        ORACLES[kind](filing, item)
    else:
        pytest.fail(f"untested kind {kind}")


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS, question_seeds=st.lists(st.integers(0, 2**32), min_size=6, max_size=6))
@example(seed=0, question_seeds=[0, 0, 0, 0, 4285, 0])  # a segment name inside another's ("Services")
def test_answers_recompute_from_facts_and_citations_are_whole_sentences(
    seed: int, question_seeds: list[int]
) -> None:
    filing = make_filing(seed, target_tokens=6000)
    for position, question_seed in enumerate(question_seeds):
        task_type = "TG" if position % 3 == 2 else "QA"
        item = make_qa(filing, question_seed, task_type=task_type)
        assert item.task_type == task_type
        assert item == make_qa(filing, question_seed, task_type=task_type)
        check_citations(filing, item)
        check_answer(filing, item)


def test_every_kind_appears_and_is_checked() -> None:
    filing = make_filing(2, target_tokens=27000)
    kinds: Counter[str] = Counter()
    for seed in range(300):
        for task_type in ("QA", "TG"):
            item = make_qa(filing, seed, task_type=task_type)  # type: ignore[arg-type]
            kinds[item.kind] += 1
            check_citations(filing, item)
            check_answer(filing, item)
    assert len(kinds) >= 60, kinds


def test_text_generation_share_is_close_to_the_requested_share() -> None:
    plans = [plan_item(seed) for seed in range(3000)]
    share = sum(task == "TG" for _, task in plans) / len(plans)
    assert abs(share - 0.17) < 0.025
    targets = [target for target, _ in plans]
    assert min(targets) >= 4000 and max(targets) <= 27000
    assert sum(plan_item(seed, tg_share=0.5)[1] == "TG" for seed in range(2000)) / 2000 == pytest.approx(
        0.5, abs=0.04
    )


def test_make_item_follows_its_plan() -> None:
    for seed in (1, 2, 3):
        filing, item = make_item(seed, min_tokens=4000, max_tokens=6000)
        _, task_type = plan_item(seed, min_tokens=4000, max_tokens=6000)
        assert item.task_type == task_type
        check_citations(filing, item)


@pytest.mark.parametrize(
    ("arguments", "field"),
    [({"tg_share": 1.5}, "tg_share"), ({"min_tokens": 9000, "max_tokens": 5000}, "min_tokens")],
)
def test_invalid_item_arguments_are_errors(arguments: dict[str, float], field: str) -> None:
    with pytest.raises(ConfigError, match=field):
        plan_item(1, **arguments)  # type: ignore[arg-type]


def test_unknown_task_type_is_an_error() -> None:
    filing = make_filing(1, target_tokens=4000)
    with pytest.raises(ConfigError, match="task_type"):
        make_qa(filing, 1, task_type="MCQ")  # type: ignore[arg-type]
