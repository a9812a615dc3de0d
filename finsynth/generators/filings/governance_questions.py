"""Questions on Part III (Items 10-14): executive pay, large holders, the board and the auditor's fees."""

from __future__ import annotations

from finsynth.generators.filings.questions import FilingFacts, QAItem, question_kind
from finsynth.seeding import RandomStream
from finsynth.world.formatting import percent_figure, share_of

PART = "Part III"


@question_kind(part=PART)
def _top_executive_pay(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("pay", "total"))
    keys = [f"pay.{i}.{field}" for i in range(count) for field in ("name", "total")]
    if not count or not facts.has(*keys):
        return None
    totals = [facts.amount(f"pay.{i}.total") for i in range(count)]
    best = totals.index(max(totals))
    if totals.count(totals[best]) > 1:
        return None
    question = facts.ask(
        stream,
        (
            f"Which named executive officer of {facts.company} received the highest total compensation, and "
            "how much?",
            f"In {facts.company}'s summary compensation table, who was paid the most and what was the total?",
            f"Find the best-paid named executive at {facts.company} and that executive's total pay.",
            f"Whose total compensation tops {facts.company}'s summary compensation table, and at what "
            "amount?",
            f"Of the executives {facts.company} names in Part III, which one cost the company the most in "
            "total pay?",
        ),
    )
    answer = f"{facts.text(f'pay.{best}.name')} received the highest total compensation, ${totals[best]:,}."
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _pay_mix(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("pay", "total"))
    if not count:
        return None
    index = stream.randint(0, count - 1)
    keys = [f"pay.{index}.{field}" for field in ("name", "salary", "stock", "total")]
    if not facts.has(*keys):
        return None
    name = facts.text(keys[0])
    question = facts.ask(
        stream,
        (
            f"How much of {name}'s total compensation at {facts.company} came as stock awards rather than "
            "salary?",
            f"What share of {name}'s pay package at {facts.company} was stock awards, and what was the "
            "salary?",
            f"Break down {name}'s compensation at {facts.company} into salary and stock awards.",
            f"Was {name}'s pay at {facts.company} weighted more to salary or to stock awards? Give both.",
            f"How much did {facts.company} pay {name} in salary, and what part of the total was equity?",
            f"How heavily does {name}'s package at {facts.company} lean on equity? Give salary, stock "
            "awards and the stock share of the total.",
            f"Compare the salary and the stock awards {facts.company} gave {name}, and say what part of "
            "total pay the stock was.",
        ),
    )
    answer = (
        f"{name} received a salary of ${facts.amount(keys[1]):,} and stock awards of "
        f"${facts.amount(keys[2]):,}, "
        f"{percent_figure(share_of(facts.amount(keys[2]), facts.amount(keys[3])))} of total compensation of "
        f"${facts.amount(keys[3]):,}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _largest_holders(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("holder", "percent"))
    keys = [f"holder.{i}.{field}" for i in range(count) for field in ("name", "percent")]
    if not count or not facts.has(*keys):
        return None
    stakes = [float(facts.filing.facts[f"holder.{i}.percent"]) for i in range(count)]
    best = stakes.index(max(stakes))
    if stakes.count(stakes[best]) > 1:
        return None
    question = facts.ask(
        stream,
        (
            f"Who is {facts.company}'s largest shareholder, and how much of the stock do the listed holders "
            "own together?",
            f"Name the biggest holder of {facts.company}'s common stock and the combined stake of the "
            "holders "
            "in the ownership table.",
            f"How concentrated is {facts.company}'s ownership among the holders listed in Part III?",
            f"Which holder in {facts.company}'s beneficial-ownership table has the largest stake, and what "
            "do "
            "all listed holders hold between them?",
            f"Does any single investor dominate {facts.company}'s share register? Give the top stake and the "
            "listed holders' total.",
            f"Who owns the most {facts.company} stock according to Item 12, and what do the listed holders "
            "own "
            "in all?",
            f"Add up the stakes of {facts.company}'s principal holders and name the largest of them.",
        ),
    )
    answer = (
        f"{facts.text(f'holder.{best}.name')} is the largest with {stakes[best]:.1f}%; the {count} listed "
        f"holders own {sum(stakes):.1f}% together."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _audit_fees(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["fees.audit", "fees.total", f"revenue.{facts.latest}"]
    if not facts.has(*keys):
        return None
    if stream.random() < AUDIT_COST_SHARE:
        return _audit_cost(facts, stream, keys)
    question = facts.ask(
        stream,
        (
            f"What share of the fees {facts.company} paid its auditor were for the audit itself?",
            f"How much did {facts.company}'s auditor bill in total, and how much of that was audit fees?",
            f"Split {facts.company}'s principal accountant fees between audit and other services.",
            f"Of the total fees {facts.company} paid its independent accountant, what percentage paid for "
            "the audit?",
            f"Was the audit itself most of what {facts.company}'s auditor billed? Give the audit fees and "
            "their share of total fees.",
            f"How much did {facts.company} pay for its annual audit, and how does that compare with "
            "everything its auditor billed?",
            f"What part of {facts.company}'s Item 14 fees is the audit fee, in dollars and as a share?",
        ),
    )
    answer = (
        f"Audit fees of {facts.money(keys[0])} were "
        f"{percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))} "
        f"of total fees of {facts.money(keys[1])}."
    )
    ids = facts.sentence_ids(keys[:2])
    return facts.item(question, answer, ids, keys[:2])


AUDIT_COST_SHARE = 0.5
"""Share of ``audit_fees`` items asking the audit's cost per $1,000 of revenue, not its share of fees."""


def _audit_cost(facts: FilingFacts, stream: RandomStream, keys: list[str]) -> QAItem:
    """The audit fee against the year's revenue: a cost measure, not a split of the auditor's bill."""
    audit, revenue = facts.amount(keys[0]), facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"What did {facts.company}'s annual audit cost for every $1,000 of fiscal {facts.latest} "
            "revenue?",
            f"Set {facts.company}'s audit fees against its fiscal {facts.latest} revenue: how many dollars "
            "per $1,000 of revenue?",
            f"Is {facts.company}'s audit expensive for its size? Give the audit fees per $1,000 of fiscal "
            f"{facts.latest} revenue.",
            f"Scale {facts.company}'s audit fees by its fiscal {facts.latest} revenue: what does the audit "
            "cost per $1,000 of sales?",
            f"For each $1,000 {facts.company} took in during fiscal {facts.latest}, how much went to the "
            "audit?",
            f"Relative to revenue, what was {facts.company}'s fiscal {facts.latest} audit bill? Express it "
            "per $1,000.",
        ),
    )
    answer = (
        f"Audit fees of {facts.money(keys[0])} against fiscal {facts.latest} revenue of "
        f"{facts.money(keys[2])} come to ${audit / revenue * 1000:.2f} per $1,000 of revenue."
    )
    ids = facts.sentence_ids([keys[0], keys[2]])
    return facts.item(question, answer, ids, [keys[0], keys[2]])


BOARD_MAKEUP_SHARE = 0.5
"""Share of ``board_size`` items asking how independent the board is and who chairs it."""


def _board_makeup(facts: FilingFacts, stream: RandomStream) -> QAItem:
    """The board's independent directors and its chair, as Part III states them."""
    keys = ["directors", "directors.independent", "board.chair"]
    question = facts.ask(
        stream,
        (
            f"How many of {facts.company}'s directors are independent, and who chairs its board?",
            f"Who chairs {facts.company}'s board, and what share of its directors are independent?",
            f"Is {facts.company}'s board mostly independent? Give the counts and name the chair.",
        ),
    )
    directors, independent = int(facts.amount(keys[0])), int(facts.amount(keys[1]))
    answer = (
        f"{independent} of the {directors} directors are independent "
        f"({percent_figure(share_of(independent, directors))}), and {facts.text(keys[2])} chairs the board."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _board_size(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["directors", "chief_executive"]
    if not facts.has(*keys):
        return None
    if facts.has("directors.independent", "board.chair") and stream.random() < BOARD_MAKEUP_SHARE:
        return _board_makeup(facts, stream)
    question = facts.ask(
        stream,
        (
            f"How many directors sit on {facts.company}'s board, and who is its chief executive?",
            f"Give the size of {facts.company}'s board of directors and name the company's chief executive.",
            f"Who leads {facts.company} as chief executive, and how large is the board overseeing the "
            "company?",
            f"Name {facts.company}'s chief executive officer and count the directors on its board.",
            f"How many people serve as directors of {facts.company}, and who holds the top executive role?",
            f"Who is {facts.company}'s chief executive officer, and how many members does its board of "
            "directors have?",
            f"Count the seats on {facts.company}'s board and name the person who serves as chief executive.",
        ),
    )
    answer = (
        f"The board has {facts.amount(keys[0])} directors, and {facts.text(keys[1])} is the chief executive "
        "officer."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _holder_gap(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("holder", "percent"))
    if count < 2:
        return None
    stakes = {i: float(facts.filing.facts[f"holder.{i}.percent"]) for i in range(count)}
    first, second = sorted(stakes, key=lambda i: -stakes[i])[:2]
    if stakes[first] == stakes[second] or list(stakes.values()).count(stakes[second]) > 1:
        return None  # a tie has no single largest or second-largest holder
    keys = [f"holder.{i}.{field}" for i in (first, second) for field in ("name", "percent")]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How far ahead of the second-largest holder is {facts.company}'s largest shareholder? Name both "
            "and give the gap in percentage points.",
            f"Which two holders in {facts.company}'s beneficial-ownership table hold the most stock, and by "
            "how much does the first lead the second?",
            f"Compare the stakes of {facts.company}'s largest shareholder and the next of the holders in "
            "its Item 12 table: how many times the second is the first?",
            f"Is {facts.company}'s largest shareholder far ahead of the next one? Give both stakes and "
            "the difference.",
            f"Name {facts.company}'s two largest beneficial owners. By how many points does the bigger "
            "stake exceed the smaller?",
            "What is the ratio of the largest shareholder's stake to the second-largest in "
            f"{facts.company}'s ownership table?",
            f"Rank the top two holders of {facts.company}'s common stock and measure the distance between "
            "their stakes.",
        ),
    )
    gap, ratio = stakes[first] - stakes[second], stakes[first] / stakes[second]
    answer = (
        f"{facts.text(keys[0])} holds {stakes[first]:.1f}% and {facts.text(keys[2])} {stakes[second]:.1f}%: "
        f"the largest stake leads by {gap:.1f} percentage points, {ratio:.2f} times the second."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _pay_spread(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("pay", "total"))
    if count < 2:
        return None
    totals = {i: facts.amount(f"pay.{i}.total") for i in range(count)}
    high, low = max(totals, key=lambda i: totals[i]), min(totals, key=lambda i: totals[i])
    values = list(totals.values())
    if values.count(totals[high]) > 1 or values.count(totals[low]) > 1 or totals[low] <= 0:
        return None
    keys = [f"pay.{i}.{field}" for i in (high, low) for field in ("name", "total")]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How wide is the pay gap among {facts.company}'s named executive officers? Give the highest and "
            "lowest total compensation and their ratio.",
            f"Who was the best- and who the least-paid named executive at {facts.company}, and how many "
            "times the lowest package was the highest?",
            f"By how much does the top total exceed the bottom one in the summary compensation table of "
            f"{facts.company}?",
            f"Compare the largest and smallest executive pay packages {facts.company} discloses in Part III.",
            f"What is the ratio of the highest to the lowest total pay among {facts.company}'s named "
            "executive officers?",
            f"How much more did {facts.company}'s best-paid named executive receive than the least-paid one?",
        ),
    )
    answer = (
        f"{facts.text(keys[0])} received the most, ${totals[high]:,}, and {facts.text(keys[2])} the least, "
        f"${totals[low]:,}: a difference of ${totals[high] - totals[low]:,}, "
        f"{totals[high] / totals[low]:.2f} times the lowest."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _non_audit_fees(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["fees.audit_related", "fees.tax", "fees.other", "fees.total"]
    if not facts.has(*keys):
        return None
    other = sum(facts.amount(key) for key in keys[:3])
    question = facts.ask(
        stream,
        (
            f"How much did {facts.company}'s auditor bill for work other than the audit itself, and what "
            "share of its fees was that?",
            f"Add up the tax, other and audit-related fees {facts.company} paid its auditor. What part of "
            "the total do they make?",
            f"Does {facts.company}'s auditor earn much from non-audit services? Give the amount and its "
            "share of total fees.",
            f"What share of what {facts.company} paid its auditor went to tax and other non-audit work, "
            "and how much was it?",
            f"Could {facts.company}'s auditor's independence be questioned on fees? Give the non-audit "
            "fees and their share of the total.",
            f"Apart from audit fees, what did {facts.company} pay its accounting firm, and what fraction "
            "of all fees was it?",
            f"How much of the accountant's fees disclosed in {facts.company}'s Item 14 were not for the "
            "audit?",
        ),
    )
    answer = (
        f"Audit-related fees of {facts.money(keys[0])}, tax fees of {facts.money(keys[1])} and other fees of "
        f"{facts.money(keys[2])} come to {facts.dollars(other)} of non-audit work, "
        f"{percent_figure(share_of(other, facts.amount(keys[3])))} of total fees of {facts.money(keys[3])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part=PART)
def _cash_pay(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("pay", "total"))
    if not count:
        return None
    index = stream.randint(0, count - 1)
    keys = [f"pay.{index}.{field}" for field in ("name", "salary", "bonus", "total")]
    if not facts.has(*keys) or facts.amount(keys[3]) <= 0:
        return None
    name, cash = facts.text(keys[0]), facts.amount(keys[1]) + facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"How much of {name}'s compensation at {facts.company} was paid in cash, as salary and bonus "
            "together?",
            f"What did {name} take home in salary plus bonus from {facts.company}, and what part of total "
            "compensation is that?",
            f"Was {name}'s bonus at {facts.company} large next to the salary? Give both and the cash share "
            "of total compensation.",
            f"Add {name}'s salary and bonus at {facts.company}: what part of total compensation did cash "
            "make up?",
            f"Excluding equity, how much did {facts.company} pay {name}, and what is that as a share of "
            "the total package?",
        ),
    )
    answer = (
        f"{name} received a salary of ${facts.amount(keys[1]):,} and a bonus of ${facts.amount(keys[2]):,}, "
        f"${cash:,} in cash, {percent_figure(share_of(cash, facts.amount(keys[3])))} of total compensation "
        f"of ${facts.amount(keys[3]):,}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)
