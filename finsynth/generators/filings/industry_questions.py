"""Questions on the measures only some industries report (see :mod:`.industry_metrics`).

FFO for REITs, underwriting ratios and reserve development for insurers, the rate base for
utilities, deferred revenue for subscription businesses, the loan-loss allowance, margin, capital and
rate sensitivity for banks, and assets under management for asset managers. Each kind returns ``None``
for a filing without its measure; several combine the measure with a statement.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from finsynth.generators.filings.industry_metrics import WELL_CAPITALIZED
from finsynth.generators.filings.questions import FilingFacts, QAItem, question_kind
from finsynth.seeding import RandomStream
from finsynth.world.formatting import per_share, percent_figure, unit_word

WELL_CAPITALIZED_CET1 = WELL_CAPITALIZED["cet1_ratio"]


def _ratio(part: int, whole: int) -> str:
    return percent_figure(part / whole * 100)


@question_kind(part="MD&A", specific=True)
def _funds_from_operations(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    parts = ("ffo", "net_income", "ffo.depreciation", "ffo.impairment", "ffo.gains", "diluted_shares")
    keys = [*(f"{part}.{year}" for part in parts), f"ffo_per_share.{year}"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"What were {facts.company}'s funds from operations in fiscal {year}, and how do they reconcile "
            "to net income?",
            f"Walk from net income to FFO for {facts.company} in fiscal {year} and give FFO per diluted "
            "share.",
            f"How much FFO did {facts.company} report for fiscal {year}, and what did it add to or remove "
            "from net income to get there?",
        ),
    )
    adjustments = [f"plus {facts.money(keys[2])} of real estate depreciation and amortization"]
    if facts.amount(keys[3]):
        adjustments.append(f"plus {facts.money(keys[3])} of impairments")
    if facts.amount(keys[4]):
        adjustments.append(f"less {facts.money(keys[4])} of gains on property sales")
    answer = (
        f"FFO was {facts.money(keys[0])} in fiscal {year}: net income of {facts.money(keys[1])}, "
        f"{', '.join(adjustments)}. Over {facts.amount(keys[5]):,} {unit_word(facts.unit)} weighted-average "
        f"diluted shares that is {per_share(float(facts.filing.facts[keys[6]]))} per share."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="MD&A", specific=True)
def _ffo_versus_earnings(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"ffo_per_share.{year}", f"diluted_eps.{year}"]
    if not facts.has(*keys):
        return None
    ffo, eps = (float(facts.filing.facts[key]) for key in keys)
    question = facts.ask(
        stream,
        (
            f"By how much did {facts.company}'s FFO per diluted share exceed its diluted earnings per share "
            f"in fiscal {year}?",
            f"Compare FFO per share with diluted EPS for {facts.company} in fiscal {year}.",
            f"What gap separates {facts.company}'s fiscal {year} diluted EPS from its FFO per diluted share?",
        ),
    )
    gap = round(ffo - eps, 2)
    answer = (
        f"FFO per diluted share was {per_share(ffo)} against diluted EPS of {per_share(eps)}, a difference "
        f"of {per_share(gap)}: the real estate depreciation, impairments and gains that FFO removes from net "
        "income."
    )
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(part="MD&A", specific=True)
def _ffo_payout(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    keys = [f"dividends_paid.{year}", f"ffo.{year}"]
    if not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    dividends = -facts.amount(keys[0])
    question = facts.ask(
        stream,
        (
            f"What share of its funds from operations did {facts.company} pay out as dividends in fiscal "
            f"{year}?",
            f"How well did FFO cover {facts.company}'s dividends in fiscal {year}? Give the payout ratio.",
            f"Compute {facts.company}'s fiscal {year} dividend payout as a percentage of FFO.",
        ),
    )
    payout = _ratio(dividends, facts.amount(keys[1]))
    answer = f"Dividends paid of {facts.dollars(dividends)} were {payout} of FFO of {facts.money(keys[1])}."
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(part="MD&A", specific=True)
def _combined_ratio(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    parts = ("net_premiums_earned", "cost_of_revenue", "total_operating_expenses", "combined_ratio")
    keys = [f"{part}.{year}" for part in parts]
    if not facts.has(*keys):
        return None
    premiums, losses, costs = (facts.amount(key) for key in keys[:3])
    question = facts.ask(
        stream,
        (
            f"What were {facts.company}'s loss ratio, expense ratio and combined ratio in fiscal {year}?",
            f"Did {facts.company} make an underwriting profit in fiscal {year}? Give its combined ratio and "
            "its parts.",
            f"Break down {facts.company}'s fiscal {year} combined ratio into losses and expenses.",
        ),
    )
    result = premiums - losses - costs
    outcome = (
        "an underwriting profit" if result > 0 else "an underwriting loss" if result < 0 else "break-even"
    )
    answer = (
        f"On net premiums earned of {facts.money(keys[0])}, losses and loss adjustment expenses of "
        f"{facts.money(keys[1])} give a loss ratio of {_ratio(losses, premiums)} and underwriting costs of "
        f"{facts.money(keys[2])} an expense ratio of {_ratio(costs, premiums)}; the combined ratio of "
        f"{_ratio(losses + costs, premiums)} means {outcome} of {facts.dollars(abs(result))}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="MD&A", specific=True)
def _combined_ratio_change(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year, prior = facts.latest, facts.prior
    keys = [f"combined_ratio.{year}", f"combined_ratio.{prior}", f"loss_ratio.{year}", f"loss_ratio.{prior}"]
    if not facts.has(*keys):
        return None
    now, then, loss_now, loss_then = (float(facts.filing.facts[key]) for key in keys)
    question = facts.ask(
        stream,
        (
            f"How did {facts.company}'s combined ratio change from fiscal {prior} to fiscal {year}, and how "
            "much of that came from losses?",
            f"Did underwriting at {facts.company} improve or worsen in fiscal {year} compared with fiscal "
            f"{prior}? Use the combined and loss ratios.",
            f"Compare {facts.company}'s combined ratio and loss ratio across fiscal {prior} and {year}.",
        ),
    )
    change, loss_change = round(now - then, 1), round(loss_now - loss_then, 1)
    direction = "worsened" if change > 0 else "improved" if change < 0 else "held"
    answer = (
        f"The combined ratio {direction} from {percent_figure(then)} to {percent_figure(now)}, "
        f"{abs(change):.1f} points; the loss ratio moved {abs(loss_change):.1f} points, from "
        f"{percent_figure(loss_then)} to {percent_figure(loss_now)}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="MD&A", specific=True)
def _allowed_equity_return(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = [f"rate_base.{facts.latest}", "rate_case.equity_ratio", "rate_case.return_on_equity"]
    if not facts.has(*keys):
        return None
    rate_base = Decimal(facts.amount(keys[0]))
    equity_ratio, allowed = (Decimal(str(facts.filing.facts[key])) for key in keys[1:])
    equity = (rate_base * equity_ratio / 100).quantize(Decimal(1), ROUND_HALF_UP)
    earnings = (rate_base * equity_ratio * allowed / 10_000).quantize(Decimal(1), ROUND_HALF_UP)
    question = facts.ask(
        stream,
        (
            f"What annual return on equity do {facts.company}'s approved rates allow on its fiscal "
            f"{facts.latest} rate base?",
            f"Using the rate base and the terms of the last rate case, estimate the equity earnings "
            f"{facts.company}'s rates are designed to produce.",
            f"How much equity finances {facts.company}'s rate base at the allowed capital structure, and "
            "what does the allowed return on equity earn on it?",
        ),
    )
    answer = (
        f"The equity share of {equity_ratio:.1f}% of the {facts.money(keys[0])} rate base is "
        f"{facts.dollars(int(equity))}; at the allowed return on equity of {allowed:.2f}%, the rates are "
        f"designed to earn about {facts.dollars(int(earnings))} a year."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="notes", specific=True)
def _subscription_billings(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year, prior = facts.latest, facts.prior
    keys = [
        f"subscription_revenue.{year}",
        f"deferred_revenue.{year}",
        f"deferred_revenue.{prior}",
        f"deferred_revenue.billings.{year}",
    ]
    if not facts.has(*keys):
        return None
    closing, opening = facts.amount(keys[1]), facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"How much did {facts.company} bill its subscription customers in fiscal {year}, and how does "
            "that compare with the subscription revenue it recognized?",
            f"Reconcile {facts.company}'s fiscal {year} subscription revenue to billings using deferred "
            "revenue.",
            f"What were {facts.company}'s billings in fiscal {year}, given the change in its deferred "
            "revenue?",
        ),
    )
    change = closing - opening
    movement = "increase" if change >= 0 else "decrease"
    answer = (
        f"Billings were {facts.money(keys[3])}: subscription revenue of {facts.money(keys[0])} "
        f"{'plus' if change >= 0 else 'less'} the {facts.dollars(abs(change))} {movement} in deferred "
        "revenue, "
        f"from {facts.money(keys[2])} to {facts.money(keys[1])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(part="notes", specific=True)
def _loan_allowance_build(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = stream.choice((facts.latest, facts.prior))
    parts = (
        "loan_allowance.opening",
        "cost_of_revenue",
        "loan_allowance.charge_offs",
        "loan_allowance.closing",
    )
    keys = [f"{part}.{year}" for part in parts]
    if not facts.has(*keys):
        return None
    provision, charge_offs = facts.amount(keys[1]), facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"Did {facts.company} build or release loan-loss reserves in fiscal {year}? Compare the "
            "provision with net charge-offs.",
            f"How did {facts.company}'s allowance for credit losses on loans move during fiscal {year}?",
            f"By how much did {facts.company}'s provision for credit losses exceed or fall short of its net "
            f"charge-offs in fiscal {year}, and where did the allowance end?",
        ),
    )
    build = provision - charge_offs
    if build > 0:
        effect = f"built reserves by {facts.dollars(build)}"
    elif build < 0:
        effect = f"released {facts.dollars(-build)} of reserves"
    else:
        effect = "kept reserves level"
    answer = (
        f"A provision of {facts.money(keys[1])} against net charge-offs of {facts.money(keys[2])} {effect}, "
        f"taking the allowance from {facts.money(keys[0])} to {facts.money(keys[3])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(part="MD&A", specific=True)
def _bank_margin_and_capital(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"net_interest_margin.{year}", f"efficiency_ratio.{year}", f"cet1_ratio.{year}"]
    if not facts.has(*keys):
        return None
    margin, efficiency, cet1 = (float(facts.filing.facts[key]) for key in keys)
    question = facts.ask(
        stream,
        (
            f"What net interest margin and efficiency ratio did {facts.company} earn in fiscal {year}, and "
            "how much room did its CET1 ratio leave above the well-capitalized level?",
            f"How profitable and how well capitalized was {facts.company} as a bank in fiscal {year}: "
            "margin, efficiency and common equity Tier 1 ratio?",
            f"Give {facts.company}'s fiscal {year} net interest margin, efficiency ratio and CET1 capital "
            "cushion over the 6.5% well-capitalized threshold.",
        ),
    )
    cushion = round(cet1 - WELL_CAPITALIZED_CET1, 1)
    answer = (
        f"Net interest margin was {margin:.2f}% and the efficiency ratio {percent_figure(efficiency)} in "
        f"fiscal {year}; the CET1 ratio of {percent_figure(cet1)} was {cushion:.1f} points above the "
        f"{WELL_CAPITALIZED_CET1:.1f}% a bank needs to be well capitalized."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="MD&A", specific=True)
def _reserve_development(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [
        f"reserve_development.{year}",
        f"reserve_development_share.{year}",
        f"accident_year_loss_ratio.{year}",
        f"loss_ratio.{year}",
    ]
    if not facts.has(*keys):
        return None
    development = facts.amount(keys[0])
    question = facts.ask(
        stream,
        (
            f"Did {facts.company}'s reserves for earlier accident years prove adequate in fiscal {year}? "
            "Give the development and the accident-year loss ratio.",
            f"How much prior-year reserve development did {facts.company} record in fiscal {year}, and what "
            "was its loss ratio with and without it?",
            f"Separate {facts.company}'s fiscal {year} loss ratio into the current accident year and "
            "development on prior years' reserves.",
        ),
    )
    direction = "favorable (reserves were more than enough)" if development <= 0 else "unfavorable"
    answer = (
        f"Prior-year development was {direction}: {facts.dollars(abs(development))}, "
        f"{percent_figure(float(facts.filing.facts[keys[1]]))} of opening reserves. The loss ratio was "
        f"{percent_figure(float(facts.filing.facts[keys[3]]))} as reported and "
        f"{percent_figure(float(facts.filing.facts[keys[2]]))} for the current accident year alone."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="MD&A", specific=True)
def _assets_under_management(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [
        f"aum.begin.{year}",
        f"aum.flows.{year}",
        f"aum.market.{year}",
        f"aum.{year}",
        f"fee_rate_bps.{year}",
    ]
    if not facts.has(*keys):
        return None
    begin, flows, market, end = (facts.amount(key) for key in keys[:4])
    question = facts.ask(
        stream,
        (
            f"How much of the change in {facts.company}'s assets under management in fiscal {year} came "
            "from client flows rather than markets, and what fee rate did it earn?",
            f"Break down {facts.company}'s fiscal {year} change in AUM into net flows and market movement.",
            f"Did clients add to or withdraw from {facts.company}'s funds in fiscal {year}, and how did "
            "markets move its assets under management?",
        ),
    )
    answer = (
        f"Assets under management went from {facts.money(keys[0])} to {facts.money(keys[3])}: net client "
        f"{'inflows' if flows >= 0 else 'outflows'} of {facts.dollars(abs(flows))} and market "
        f"{'appreciation' if market >= 0 else 'depreciation'} of {facts.dollars(abs(market))}, a change of "
        f"{facts.dollars(abs(end - begin))}. The effective fee rate was "
        f"{float(facts.filing.facts[keys[4]]):.1f} basis points."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="MD&A", specific=True)
def _net_interest_income_sensitivity(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = [
        "nii_sensitivity.up_100",
        "nii_sensitivity.up_100.percent",
        "nii_sensitivity.down_100",
        "nii_sensitivity.position",
    ]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"Is {facts.company} asset- or liability-sensitive, and what would a 100 basis point rise in "
            "rates do to its net interest income?",
            f"How would {facts.company}'s net interest income respond to rates 100 basis points higher or "
            "lower?",
            f"What does {facts.company}'s rate-shock table say about a parallel 100 basis point move?",
        ),
    )
    answer = (
        f"{facts.company} is {facts.text(keys[3])}: rates 100 basis points higher would change net interest "
        f"income by {facts.money(keys[0])} ({percent_figure(float(facts.filing.facts[keys[1]]))}) over "
        f"twelve months, and 100 basis points lower by {facts.money(keys[2])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)
