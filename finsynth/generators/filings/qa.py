"""Questions about a filing whose answers are computed from its facts, with the sentences that hold them.

Question answering (``"QA"``) items ask for an amount, a change, a ratio, a segment or a risk;
text generation (``"TG"``) items ask for a short piece of writing (a social-media post, a note to
investors, a risk summary) and give a reference text built from the same facts. Citations are
the filing's sentences that state each fact used, so they are whole sentences of the text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from finsynth.errors import ConfigError
from finsynth.generators.filings.document import Filing, make_filing
from finsynth.generators.filings.formatting import money, per_share, percent, percent_change, share_of
from finsynth.generators.filings.statements import REGIONS
from finsynth.seeding import RandomStream, derive_seed

TaskType = Literal["QA", "TG"]


@dataclass(frozen=True)
class QAItem:
    """A question about a filing, its reference answer and its evidence.

    Attributes:
        question: The question or writing request.
        answer: The reference answer (for ``"TG"``, a reference text).
        task_type: ``"QA"`` (question answering) or ``"TG"`` (text generation).
        citations: The cited sentences, each an exact substring of ``Filing.text``.
        citation_sentence_ids: Ids of the cited sentences, in the same order.
        kind: What is asked, e.g. ``"metric_change"`` or ``"results_post"`` (for metadata and tests).

    """

    question: str
    answer: str
    task_type: TaskType
    citations: tuple[str, ...]
    citation_sentence_ids: tuple[int, ...]
    kind: str


_METRICS = {
    "revenue": "total revenue",
    "gross_profit": "gross profit",
    "operating_income": "operating income",
    "net_income": "net income",
    "operating_cash_flow": "net cash provided by operating activities",
}


class _Facts:
    """Read access to a filing's facts, and the sentences that state them."""

    def __init__(self, filing: Filing) -> None:
        self.filing = filing
        self.unit = str(filing.facts["unit"])
        self.latest, self.prior = filing.fiscal_years[-1], filing.fiscal_years[-2]

    def has(self, *keys: str) -> bool:
        return all(key in self.filing.facts and key in self.filing.fact_sentences for key in keys)

    def amount(self, key: str) -> int:
        return int(self.filing.facts[key])

    def money(self, key: str) -> str:
        return money(self.amount(key), self.unit)

    def sentence_ids(self, keys: Iterable[str], *, whole: bool = False) -> tuple[int, ...]:
        """Ids of the first sentence stating each key (every such sentence when ``whole``), in text order."""
        ids: set[int] = set()
        for key in keys:
            stated = self.filing.fact_sentences[key]
            ids.update(stated if whole else stated[:1])
        return tuple(sorted(ids))

    def segments(self) -> list[int]:
        count = 0
        while f"segment.{count}.name" in self.filing.facts:
            count += 1
        return list(range(count))

    def segment_name(self, index: int) -> str:
        return str(self.filing.facts[f"segment.{index}.name"])

    def risks(self) -> list[str]:
        return sorted(key for key in self.filing.facts if key.startswith("risk.") and key.count(".") == 1)


def _item(facts: _Facts, question: str, answer: str, task_type: TaskType, ids: Sequence[int]) -> QAItem:
    sentences = facts.filing.sentences
    # The kind is filled in by make_qa from the function that asked.
    return QAItem(question, answer, task_type, tuple(sentences[i].text for i in ids), tuple(ids), kind="")


def _metric_value(facts: _Facts, stream: RandomStream) -> QAItem | None:
    key = stream.choice(tuple(_METRICS))
    year = stream.choice((facts.latest, facts.prior))
    fact = f"{key}.{year}"
    if not facts.has(fact):
        return None
    name, company = _METRICS[key], facts.filing.company
    question = stream.choice(
        (
            f"What was {company}'s {name} in fiscal {year}?",
            f"How much {name} did {company} report for fiscal {year}?",
            f"According to the annual report, what was the {name} for fiscal {year}?",
        )
    )
    answer = f"{company}'s {name} in fiscal {year} was {facts.money(fact)}."
    return _item(facts, question, answer, "QA", facts.sentence_ids([fact]))


def _metric_change(facts: _Facts, stream: RandomStream) -> QAItem | None:
    key = stream.choice(tuple(_METRICS))
    now_key, then_key = f"{key}.{facts.latest}", f"{key}.{facts.prior}"
    if not facts.has(now_key, then_key) or facts.amount(then_key) <= 0:
        return None
    name = _METRICS[key]
    now, then = facts.amount(now_key), facts.amount(then_key)
    direction = "increased" if now > then else "decreased" if now < then else "did not change"
    change = percent(abs(percent_change(now, then)))
    question = stream.choice(
        (
            f"By how much did {facts.filing.company}'s {name} change from fiscal {facts.prior} to fiscal "
            f"{facts.latest}, in amount and in percent?",
            f"How did {name} at {facts.filing.company} develop between fiscal {facts.prior} and fiscal "
            f"{facts.latest}? Give the change in dollars and in percent.",
        )
    )
    answer = (
        f"{name[0].upper() + name[1:]} {direction} by {money(abs(now - then), facts.unit)} ({change}), from "
        f"{facts.money(then_key)} in fiscal {facts.prior} to {facts.money(now_key)} in fiscal {facts.latest}."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids([now_key, then_key]))


def _margin(facts: _Facts, stream: RandomStream) -> QAItem | None:
    numerator, label = stream.choice(
        (
            ("gross_profit", "gross margin"),
            ("operating_income", "operating margin"),
            ("net_income", "net margin"),
        )
    )
    year = facts.latest
    top, bottom = f"{numerator}.{year}", f"revenue.{year}"
    if not facts.has(top, bottom):
        return None
    margin = percent(share_of(facts.amount(top), facts.amount(bottom)))
    question = stream.choice(
        (
            f"What was {facts.filing.company}'s {label} in fiscal {year}?",
            f"Calculate {facts.filing.company}'s {label} for fiscal {year} from its reported results.",
        )
    )
    answer = (
        f"The {label} in fiscal {year} was {margin}: {_METRICS[numerator]} of {facts.money(top)} divided by "
        f"total revenue of {facts.money(bottom)}."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids([top, bottom]))


def _fastest_segment(facts: _Facts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    keys = [f"segment.{i}.{year}" for i in segments for year in (facts.latest, facts.prior)]
    if not segments or not facts.has(*keys):
        return None
    growth = {
        i: percent_change(
            facts.amount(f"segment.{i}.{facts.latest}"), facts.amount(f"segment.{i}.{facts.prior}")
        )
        for i in segments
    }
    best = max(segments, key=lambda i: growth[i])
    if sum(1 for i in segments if growth[i] == growth[best]) > 1:
        return None  # a tie has no single answer
    name = facts.segment_name(best)
    question = (
        f"Which of {facts.filing.company}'s segments had the fastest revenue growth from fiscal "
        f"{facts.prior} to fiscal {facts.latest}, and by how much did its revenue change?"
    )
    answer = (
        f"The {name} segment grew fastest: its revenue changed by {percent(growth[best])}, from "
        f"{facts.money(f'segment.{best}.{facts.prior}')} to {facts.money(f'segment.{best}.{facts.latest}')}."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids(keys))


def _largest_segment(facts: _Facts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    year = facts.latest
    keys = [f"segment.{i}.{year}" for i in segments]
    if not segments or not facts.has(*keys, f"revenue.{year}"):
        return None
    amounts = {i: facts.amount(f"segment.{i}.{year}") for i in segments}
    largest = max(segments, key=lambda i: amounts[i])
    if sum(1 for i in segments if amounts[i] == amounts[largest]) > 1:
        return None
    share = percent(share_of(amounts[largest], facts.amount(f"revenue.{year}")))
    question = (
        f"Which segment generated the most revenue for {facts.filing.company} in fiscal {year}, and what "
        "share of total revenue was that?"
    )
    answer = (
        f"The {facts.segment_name(largest)} segment generated the most revenue in fiscal {year}, "
        f"{facts.money(f'segment.{largest}.{year}')}, which was {share} of total revenue of "
        f"{facts.money(f'revenue.{year}')}."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids([*keys, f"revenue.{year}"]))


def _risk(facts: _Facts, stream: RandomStream) -> QAItem | None:
    risks = facts.risks()
    if not risks:
        return None
    key = stream.choice(risks)
    label = str(facts.filing.facts[f"{key}.label"])
    question = stream.choice(
        (
            f"What risk does {facts.filing.company} describe regarding {label}?",
            f"According to its risk factors, how could {label} affect {facts.filing.company}?",
        )
    )
    answer = f"The company warns that {facts.filing.facts[key]}."
    return _item(facts, question, answer, "QA", facts.sentence_ids([key], whole=True))


def _free_cash_flow(facts: _Facts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    operating, capex = f"operating_cash_flow.{year}", f"capital_expenditures.{year}"
    if not facts.has(operating, capex):
        return None
    spent = -facts.amount(capex)
    free = facts.amount(operating) - spent
    question = (
        f"What was {facts.filing.company}'s free cash flow in fiscal {year}, defined as net cash provided by "
        "operating activities minus capital expenditures?"
    )
    answer = (
        f"Free cash flow in fiscal {year} was {money(free, facts.unit)}: operating cash flow of "
        f"{facts.money(operating)} minus capital expenditures of {money(spent, facts.unit)}."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids([operating, capex]))


def _total_debt(facts: _Facts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    current, long_term = f"current_debt.{year}", f"long_term_debt.{year}"
    if not facts.has(current, long_term):
        return None
    total = facts.amount(current) + facts.amount(long_term)
    question = stream.choice(
        (
            f"How much total debt did {facts.filing.company} have at the end of fiscal {year}?",
            f"What was {facts.filing.company}'s total borrowing, including the current portion, at the end "
            "of "
            f"fiscal {year}?",
        )
    )
    answer = (
        f"Total debt at the end of fiscal {year} was {money(total, facts.unit)}, of which "
        f"{facts.money(current)} was due within one year."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids([current, long_term]))


def _earnings_per_share(facts: _Facts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    key = f"diluted_eps.{year}"
    if not facts.has(key):
        return None
    question = f"What were {facts.filing.company}'s diluted earnings per share in fiscal {year}?"
    answer = f"Diluted net income per share in fiscal {year} was {per_share(float(facts.filing.facts[key]))}."
    return _item(facts, question, answer, "QA", facts.sentence_ids([key]))


def _employees(facts: _Facts, stream: RandomStream) -> QAItem | None:
    if not facts.has("employees"):
        return None
    question = (
        f"Approximately how many full-time employees did {facts.filing.company} have at fiscal year end?"
    )
    answer = f"The company had approximately {facts.amount('employees'):,} full-time employees."
    return _item(facts, question, answer, "QA", facts.sentence_ids(["employees"]))


def _segment_income(facts: _Facts, stream: RandomStream) -> QAItem | None:
    index = stream.choice(facts.segments() or [0])
    key = f"segment_income.{index}.{facts.latest}"
    if not facts.has(key, f"segment.{index}.name"):
        return None
    name = facts.segment_name(index)
    question = (
        f"What operating income did {facts.filing.company}'s {name} segment report for fiscal {facts.latest}?"
    )
    answer = f"The {name} segment reported operating income of {facts.money(key)} in fiscal {facts.latest}."
    return _item(facts, question, answer, "QA", facts.sentence_ids([key]))


def _quarter_revenue(facts: _Facts, stream: RandomStream) -> QAItem | None:
    quarter = stream.randint(1, 4)
    key = f"quarter.{quarter}.revenue.{facts.latest}"
    if not facts.has(key):
        return None
    ordinal = ("first", "second", "third", "fourth")[quarter - 1]
    question = (
        f"How much revenue did {facts.filing.company} record in the {ordinal} quarter of "
        f"fiscal {facts.latest}?"
    )
    answer = f"Revenue in the {ordinal} quarter of fiscal {facts.latest} was {facts.money(key)}."
    return _item(facts, question, answer, "QA", facts.sentence_ids([key]))


def _region_revenue(facts: _Facts, stream: RandomStream) -> QAItem | None:
    region = stream.randint(0, len(REGIONS) - 1)
    now_key, then_key = f"region.{region}.{facts.latest}", f"region.{region}.{facts.prior}"
    if not facts.has(now_key, then_key):
        return None
    place = "the rest of the world" if REGIONS[region] == "Rest of world" else REGIONS[region]
    change = percent_change(facts.amount(now_key), facts.amount(then_key))
    question = (
        f"How did {facts.filing.company}'s revenue from customers in {place} change between fiscal "
        f"{facts.prior} and fiscal {facts.latest}?"
    )
    answer = (
        f"Revenue from customers in {place} went from {facts.money(then_key)} in fiscal {facts.prior} to "
        f"{facts.money(now_key)} in fiscal {facts.latest}, a change of {percent(change)}."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids([now_key, then_key]))


def _research_intensity(facts: _Facts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    spending, revenue = f"research_and_development.{year}", f"revenue.{year}"
    if not facts.has(spending, revenue):
        return None
    share = percent(share_of(facts.amount(spending), facts.amount(revenue)))
    question = (
        f"What share of its revenue did {facts.filing.company} spend on research and development in fiscal "
        f"{year}?"
    )
    answer = (
        f"Research and development expense of {facts.money(spending)} was {share} of total revenue of "
        f"{facts.money(revenue)} in fiscal {year}."
    )
    return _item(facts, question, answer, "QA", facts.sentence_ids([spending, revenue]))


def _dividends(facts: _Facts, stream: RandomStream) -> QAItem | None:
    key = f"dividends_paid.{facts.latest}"
    if not facts.has(key) or facts.amount(key) == 0:
        return None
    question = f"How much did {facts.filing.company} pay in cash dividends in fiscal {facts.latest}?"
    paid = money(-facts.amount(key), facts.unit)
    answer = f"The company paid cash dividends of {paid} in fiscal {facts.latest}."
    return _item(facts, question, answer, "QA", facts.sentence_ids([key]))


def _headquarters(facts: _Facts, stream: RandomStream) -> QAItem | None:
    if not facts.has("headquarters"):
        return None
    question = f"Where are {facts.filing.company}'s headquarters located?"
    answer = f"The company's headquarters are in {facts.filing.facts['headquarters']}."
    return _item(facts, question, answer, "QA", facts.sentence_ids(["headquarters"]))


_QUESTIONS: tuple[Callable[[_Facts, RandomStream], QAItem | None], ...] = (
    _metric_value,
    _metric_change,
    _margin,
    _fastest_segment,
    _largest_segment,
    _risk,
    _free_cash_flow,
    _total_debt,
    _earnings_per_share,
    _employees,
    _segment_income,
    _quarter_revenue,
    _region_revenue,
    _research_intensity,
    _dividends,
    _headquarters,
)


def _results_post(facts: _Facts, stream: RandomStream) -> QAItem | None:
    year, prior = facts.latest, facts.prior
    keys = [f"revenue.{year}", f"revenue.{prior}", f"net_income.{year}", f"diluted_eps.{year}"]
    if not facts.has(*keys):
        return None
    growth = percent_change(facts.amount(keys[0]), facts.amount(keys[1]))
    direction = "up" if growth >= 0 else "down"
    company = facts.filing.company
    request = stream.choice(
        (
            f"Draft a short LinkedIn-style post summarizing {company}'s fiscal {year} results.",
            f"Write a brief social-media update announcing {company}'s results for fiscal {year}.",
        )
    )
    answer = (
        f"{company} closed fiscal {year} with total revenue of {facts.money(keys[0])}, {direction} "
        f"{percent(abs(growth))} from {facts.money(keys[1])} a year earlier. Net income reached "
        f"{facts.money(keys[2])}, or {per_share(float(facts.filing.facts[keys[3]]))} per diluted share. "
        "Thank you to our teams, customers and shareholders for their support."
    )
    return _item(facts, request, answer, "TG", facts.sentence_ids(keys))


def _liquidity_note(facts: _Facts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"cash.{year}", f"operating_cash_flow.{year}", f"capital_expenditures.{year}"]
    if not facts.has(*keys):
        return None
    company = facts.filing.company
    request = (
        f"Write a short note to investors describing {company}'s cash position and cash generation in fiscal "
        f"{year}."
    )
    answer = (
        f"{company} generated {facts.money(keys[1])} of cash from operations in fiscal {year} and invested "
        f"{money(-facts.amount(keys[2]), facts.unit)} in capital expenditures. It ended the year with "
        f"{facts.money(keys[0])} of cash and cash equivalents."
    )
    return _item(facts, request, answer, "TG", facts.sentence_ids(keys))


def _risk_summary(facts: _Facts, stream: RandomStream) -> QAItem | None:
    risks = facts.risks()
    if len(risks) < 2:
        return None
    chosen = sorted(stream.sample(risks, min(3, len(risks))))
    request = (
        f"Summarize, in a short paragraph for a client, the main risks {facts.filing.company} highlights in "
        "its annual report."
    )
    summaries = [str(facts.filing.facts[key]) for key in chosen]
    listed = "; ".join(summaries[:-1]) + f"; and {summaries[-1]}"
    answer = f"Among the risks it highlights, {facts.filing.company} notes that {listed}."
    ids = tuple(sorted(min(facts.filing.fact_sentences[key]) for key in chosen))  # each risk's headline
    return _item(facts, request, answer, "TG", ids)


def _segment_brief(facts: _Facts, stream: RandomStream) -> QAItem | None:
    segments = facts.segments()
    year, prior = facts.latest, facts.prior
    keys = [f"segment.{i}.{when}" for i in segments for when in (year, prior)]
    if not segments or not facts.has(*keys):
        return None
    parts = []
    for i in segments:
        change = percent_change(facts.amount(f"segment.{i}.{year}"), facts.amount(f"segment.{i}.{prior}"))
        verb = "grew" if change >= 0 else "declined"
        parts.append(
            f"{facts.segment_name(i)} revenue {verb} {percent(abs(change))} to "
            f"{facts.money(f'segment.{i}.{year}')}"
        )
    request = (
        f"Write a brief internal summary of how each of {facts.filing.company}'s segments performed in "
        f"fiscal {year}."
    )
    answer = f"In fiscal {year}, compared with fiscal {prior}: " + "; ".join(parts) + "."
    return _item(facts, request, answer, "TG", facts.sentence_ids(keys))


_WRITING_TASKS: tuple[Callable[[_Facts, RandomStream], QAItem | None], ...] = (
    _results_post,
    _liquidity_note,
    _risk_summary,
    _segment_brief,
)


def make_qa(filing: Filing, seed: int, *, task_type: TaskType) -> QAItem:
    """Return a question (``"QA"``) or writing request (``"TG"``) about ``filing``.

    Args:
        filing: The filing; its facts and ``fact_sentences`` give the answer and citations.
        seed: Chooses the kind of question and its wording.
        task_type: ``"QA"`` or ``"TG"``.

    Raises:
        ConfigError: If ``task_type`` is neither, or no question kind fits the filing.

    """
    if task_type not in ("QA", "TG"):
        raise ConfigError(
            f"task_type must be 'QA' or 'TG', not {task_type!r}", source="filings.make_qa", path="task_type"
        )
    stream = RandomStream(derive_seed(seed, "filings", "qa", task_type))
    facts = _Facts(filing)
    kinds = _QUESTIONS if task_type == "QA" else _WRITING_TASKS
    for kind in stream.sample(kinds, len(kinds)):
        item = kind(facts, stream)
        if item is not None:
            return replace(item, kind=kind.__name__.lstrip("_"))
    raise ConfigError(
        f"no {task_type} question fits the filing of {filing.company}", source="filings.make_qa"
    )


def plan_item(
    seed: int, *, min_tokens: int = 4000, max_tokens: int = 27000, tg_share: float = 0.17
) -> tuple[int, TaskType]:
    """Return the target length and task type that :func:`make_item` uses for ``seed``.

    Args:
        seed: Seed of the item.
        min_tokens: Shortest filing target, in cl100k_base tokens.
        max_tokens: Longest filing target.
        tg_share: Probability of a text generation item (FailSafeQA has about 17%).

    Raises:
        ConfigError: If the bounds or the share are out of range.

    """
    if not 0.0 <= tg_share <= 1.0:
        raise ConfigError(
            f"tg_share must be within [0, 1], not {tg_share}", source="filings.make_item", path="tg_share"
        )
    if min_tokens > max_tokens:
        raise ConfigError(
            f"min_tokens ({min_tokens}) is above max_tokens ({max_tokens})",
            source="filings.make_item",
            path="min_tokens",
        )
    stream = RandomStream(derive_seed(seed, "filings", "item"))
    target = stream.randint(min_tokens, max_tokens)
    task_type: TaskType = "TG" if stream.random() < tg_share else "QA"
    return target, task_type


def make_item(
    seed: int, *, min_tokens: int = 4000, max_tokens: int = 27000, tg_share: float = 0.17
) -> tuple[Filing, QAItem]:
    """Return a filing of a drawn length and a question about it, text generation with ``tg_share``.

    Args:
        seed: Seed of the item; the same seed gives the same filing and question.
        min_tokens: Shortest filing target, in cl100k_base tokens.
        max_tokens: Longest filing target.
        tg_share: Probability of a text generation item (FailSafeQA has about 17%).

    Raises:
        ConfigError: If the bounds or the share are out of range.

    """
    target, task_type = plan_item(seed, min_tokens=min_tokens, max_tokens=max_tokens, tg_share=tg_share)
    filing = make_filing(seed, target_tokens=target)
    return filing, make_qa(filing, seed, task_type=task_type)
