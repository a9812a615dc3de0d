"""Questions on the narrative items (2, 3, 5, 7A, 9A, the auditor's report) and writing requests across parts.

Some kinds join two parts of the filing: a risk factor with the market-risk numbers of Item 7A,
or with the debt on the balance sheet. The writing requests (``"TG"``) draw on the notes, the
statements and Item 7A.
"""

from __future__ import annotations

from finsynth.generators.filings.questions import FilingFacts, QAItem, question_kind
from finsynth.seeding import RandomStream
from finsynth.world.formatting import per_share, percent_figure, share_of


@question_kind(part="MD&A")
def _rate_sensitivity(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = ["market_risk.variable_share", "market_risk.rate_effect", f"interest_expense.{year}"]
    if not facts.has(*keys) or facts.amount(keys[2]) <= 0:
        return None
    question = facts.ask(
        stream,
        (
            f"What would a one-point rise in interest rates do to {facts.company}'s annual interest expense, "
            f"relative to its fiscal {year} interest expense?",
            f"How exposed is {facts.company} to higher interest rates: what share of its debt floats, and "
            "what would a one-percentage-point increase cost?",
            f"Size {facts.company}'s interest-rate risk against its reported fiscal {year} interest expense.",
        ),
    )
    share = percent_figure(share_of(facts.amount(keys[1]), facts.amount(keys[2])))
    answer = (
        f"About {facts.amount(keys[0])}% of the debt is variable-rate; a one-point rise would add roughly "
        f"{facts.money(keys[1])} a year, {share} of fiscal {year} interest expense of {facts.money(keys[2])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(part="MD&A")
def _currency_sensitivity(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = ["market_risk.foreign_share", "market_risk.currency_effect", f"revenue.{year}"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How much reported revenue would {facts.company} lose if the dollar strengthened by ten "
            "percent, "
            "and what share of revenue is that?",
            f"What part of {facts.company}'s revenue is billed in foreign currencies, and what is its "
            "sensitivity to a stronger dollar?",
            f"Quantify {facts.company}'s foreign-exchange exposure on revenue for fiscal {year}.",
            f"If the dollar gained ten percent, how much of {facts.company}'s fiscal {year} revenue would "
            "disappear in translation?",
            f"What does {facts.company}'s Item 7A say about its foreign-currency revenue and a stronger "
            "dollar?",
            f"What share of fiscal {year} revenue would {facts.company} lose to a ten percent stronger "
            "dollar, and how much revenue is billed abroad?",
            f"In dollars and as a share of fiscal {year} revenue, what would a ten percent stronger "
            f"dollar cost {facts.company}?",
            f"How much of {facts.company}'s revenue is exposed to currency translation, and what does "
            "Item 7A estimate a stronger dollar would cost?",
        ),
    )
    share = percent_figure(share_of(facts.amount(keys[1]), facts.amount(keys[2])))
    answer = (
        f"About {facts.amount(keys[0])}% of revenue is billed in other currencies; a ten percent stronger "
        f"dollar would cut reported revenue by roughly {facts.money(keys[1])}, {share} of fiscal {year} "
        f"revenue of {facts.money(keys[2])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(part="risk factors")
def _rate_risk_factor(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["risk.interest_rates", "market_risk.rate_effect"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"{facts.company} lists interest rates among its risk factors; how much would a one-point rate "
            "increase cost it according to its market-risk disclosure?",
            f"Connect {facts.company}'s risk factor on interest rates with the sensitivity it quantifies in "
            "Item 7A.",
            f"What does {facts.company} say about interest-rate risk in its risk factors, and what dollar "
            "effect does it estimate?",
            f"If rates rose one percentage point, what extra annual interest would {facts.company} expect, "
            "and "
            "what does its rate risk factor warn?",
            f"Quantify the interest-rate risk {facts.company} describes in Item 1A using its Item 7A "
            "estimate.",
            f"By how much would a one-point rise in interest rates increase {facts.company}'s annual "
            "interest expense, and why does it list rates as a risk?",
            f"What extra interest expense does {facts.company} estimate for a one-point rise in rates, "
            "and what does Item 1A say about rate risk?",
            f"Put a dollar figure on the interest-rate risk in {facts.company}'s risk factors using Item 7A.",
        ),
    )
    answer = (
        f"The risk factor warns that {facts.text(keys[0])}; Item 7A estimates that a one-point rise would "
        "add "
        f"about {facts.money(keys[1])} to annual interest expense."
    )
    ids = (*facts.sentence_ids([keys[0]], whole=True), *facts.sentence_ids([keys[1]]))
    return facts.item(question, answer, ids, keys)


@question_kind(part="risk factors")
def _leverage_risk_factor(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = ["risk.indebtedness", f"current_debt.{year}", f"long_term_debt.{year}"]
    if not facts.has(*keys):
        return None
    total = facts.amount(keys[1]) + facts.amount(keys[2])
    question = facts.ask(
        stream,
        (
            f"{facts.company} warns about its indebtedness; how much debt did it actually carry at the end "
            "of "
            f"fiscal {year}?",
            f"Set {facts.company}'s risk factor about its debt beside the debt on its fiscal {year} balance "
            "sheet.",
            f"What risk does {facts.company} see in its borrowings, and how large were they at fiscal {year} "
            "year end?",
            f"How much current and long-term debt stood behind {facts.company}'s indebtedness risk factor at "
            f"the end of fiscal {year}?",
            f"Size the leverage {facts.company} warns about: its total debt at fiscal {year} year end.",
            f"What was {facts.company}'s total debt at the end of fiscal {year}, split into current and "
            "long-term, and what does its indebtedness risk factor warn?",
        ),
    )
    answer = (
        f"The company warns that {facts.text(keys[0])}; at the end of fiscal {year} it owed "
        f"{facts.dollars(total)} ({facts.money(keys[1])} current and {facts.money(keys[2])} long-term)."
    )
    ids = (*facts.sentence_ids([keys[0]], whole=True), *facts.sentence_ids(keys[1:], statements=True))
    return facts.item(question, answer, ids, keys)


@question_kind(part="notes")
def _controls_conclusion(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    # The audit firm makes the answer the filing's own: every filing's controls are effective.
    keys = ["controls.disclosure_conclusion", "controls.framework", "controls.internal_conclusion", "auditor"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"What did {facts.company}'s management conclude about its disclosure controls and its internal "
            "control over financial reporting, which framework did it use, and which firm audits it?",
            f"Did {facts.company} report effective internal controls for fiscal {facts.latest}? Name the "
            "framework of the assessment and the company's auditor.",
            f"Summarize the outcome of {facts.company}'s Item 9A evaluation of its controls and name its "
            "independent auditor.",
        ),
    )
    answer = (
        f"Management concluded that disclosure controls and procedures were {facts.text(keys[0])} and, "
        f"assessing against the framework of the {facts.text(keys[1])}, that internal control over financial "
        f"reporting was {facts.text(keys[2])}. The company's independent registered public accounting firm "
        f"is {facts.text(keys[3])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="statements")
def _auditor_tenure(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["auditor", "auditor.since", "auditor.critical_matter"]
    if not facts.has(*keys):
        return None
    years = facts.latest - facts.amount(keys[1])
    question = facts.ask(
        stream,
        (
            f"Who audits {facts.company}, for how many years had it done so by fiscal {facts.latest}, and "
            "what critical audit matter did it report?",
            f"Name {facts.company}'s independent auditor, its tenure as of fiscal {facts.latest}, and the "
            "critical audit matter in its report.",
            f"What does the auditor's report in {facts.company}'s 10-K say about who the auditor is, since "
            "when, and which matter was critical?",
        ),
    )
    answer = (
        f"{facts.text(keys[0])} has audited the company since {facts.amount(keys[1])}, {years} years by "
        "fiscal "
        f"{facts.latest}; its critical audit matter was {facts.text(keys[2])}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="business")
def _legal_proceeding(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["legal.plaintiff", "legal.filed"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"What lawsuit does {facts.company} disclose under legal proceedings, who brought it and when?",
            f"Which legal proceeding does {facts.company} describe in Item 3, and what is its position on "
            "it?",
            f"Who sued {facts.company}, in which fiscal year, and over what?",
        ),
    )
    answer = (
        f"{facts.text(keys[0])}, a former distributor, sued in fiscal {facts.amount(keys[1])}, alleging that "
        "the company ended its distribution agreement without proper notice; the company considers the claim "
        "without merit and is defending it."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="business")
def _owned_floor_space(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("property", "square_feet"))
    keys = [f"property.{i}.{field}" for i in range(count) for field in ("tenure", "square_feet")]
    if not count or not facts.has(*keys):
        return None
    owned = [i for i in range(count) if facts.text(f"property.{i}.tenure") == "Owned"]
    total = sum(facts.amount(f"property.{i}.square_feet") for i in range(count))
    owned_area = sum(facts.amount(f"property.{i}.square_feet") for i in owned)
    question = facts.ask(
        stream,
        (
            f"How much of the floor space in {facts.company}'s principal properties does it own rather than "
            "lease?",
            f"Of the square footage listed in {facts.company}'s Item 2, what share is owned?",
            f"Add up the owned and total square feet of {facts.company}'s principal properties.",
            f"How much of the square footage on {facts.company}'s property list does it own rather than "
            "lease, as a share?",
            f"Does {facts.company} mostly own or lease its principal properties, by square footage?",
        ),
    )
    answer = (
        f"It owns {len(owned)} of its {count} principal properties, {owned_area:,} of {total:,} square feet "
        f"({percent_figure(share_of(owned_area, total))})."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="business")
def _total_return_comparison(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["total_return.company", "total_return.market", "total_return.peers"]
    if not facts.has(*keys):
        return None
    values = {key: facts.amount(key) for key in keys}
    leader = max(keys, key=lambda key: values[key])
    if list(values.values()).count(values[leader]) > 1:
        return None
    names = {
        "total_return.company": f"{facts.company}'s stock",
        "total_return.market": "the broad market index",
        "total_return.peers": "the industry peer index",
    }
    question = facts.ask(
        stream,
        (
            f"Over the five years shown in Item 5, did {facts.company}'s stock beat the market and its "
            "peers? "
            "What was $100 worth at the end?",
            f"Compare the five-year cumulative total return of {facts.company} with its two benchmark "
            "indexes.",
            f"Which performed best over five years, {facts.company}'s shares or the indexes it compares "
            "itself "
            "with?",
            f"What became of $100 put into {facts.company}'s stock five years before the end of fiscal "
            f"{facts.latest}, against the two indexes in its performance graph?",
            f"Which ends highest in {facts.company}'s performance graph, its stock or one of its two "
            "indexes, and at what values do all three end?",
            f"Did {facts.company}'s shareholders do better than holders of its peer index over the five "
            "years in Item 5? Give the ending values.",
        ),
    )
    answer = (
        f"$100 grew to ${values['total_return.company']} in {facts.company}'s stock, "
        f"${values['total_return.market']} in the broad market index and ${values['total_return.peers']} in "
        f"the industry peer index, so {names[leader]} did best."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)


@question_kind(part="business")
def _holders_of_record(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["holders_of_record", f"diluted_shares.{facts.latest}"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"How many holders of record did {facts.company}'s common stock have, and how many diluted "
            "shares "
            f"were outstanding on average in fiscal {facts.latest}?",
            f"Give {facts.company}'s number of record holders and its weighted-average diluted share count "
            f"for fiscal {facts.latest}.",
            f"What does {facts.company} report about its shareholder base: record holders and diluted shares "
            f"in fiscal {facts.latest}?",
            f"Report {facts.company}'s count of stockholders of record and its average diluted shares for "
            f"fiscal {facts.latest}.",
            f"Is {facts.company}'s stock held by many registered owners? Give the record holders and the "
            f"fiscal {facts.latest} diluted share count.",
            f"How widely is {facts.company} held on its share register, and how many diluted shares did "
            f"it average in fiscal {facts.latest}?",
        ),
    )
    answer = (
        f"There were about {facts.amount(keys[0]):,} holders of record; weighted-average diluted shares were "
        f"{facts.amount(keys[1]):,} ({facts.unit}) in fiscal {facts.latest}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind("TG", part="notes")
def _debt_memo(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [
        "debt.first_notes.rate",
        "debt.first_notes.due",
        "debt.second_notes.rate",
        "debt.second_notes.due",
        f"current_debt.{year}",
        f"long_term_debt.{year}",
        "credit_facility",
    ]
    if not facts.has(*keys):
        return None
    request = facts.request(
        stream,
        (
            f"Write a short credit memo describing {facts.company}'s debt at the end of fiscal {year}.",
            f"Draft a paragraph for a lender summarizing {facts.company}'s borrowings and credit lines.",
            f"Prepare a brief note on {facts.company}'s debt structure for a fixed-income analyst.",
        ),
    )
    total = facts.amount(keys[4]) + facts.amount(keys[5])
    answer = (
        f"{facts.company} ended fiscal {year} with total debt of {facts.dollars(total)}, of which "
        f"{facts.money(keys[4])} is due within a year. Its borrowings include "
        f"{float(facts.filing.facts[keys[0]]):.2f}% senior notes due {facts.amount(keys[1])} and "
        f"{float(facts.filing.facts[keys[2]]):.2f}% senior notes due {facts.amount(keys[3])}, plus a term "
        f"loan, and an undrawn revolving credit facility of {facts.money(keys[6])} adds liquidity."
    )
    return facts.item(request, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind("TG", part="notes")
def _tax_explainer(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [
        f"income_tax_expense.{year}",
        f"income_before_taxes.{year}",
        f"tax.state.{year}",
        f"tax.credits.{year}",
    ]
    if not facts.has(*keys) or facts.amount(keys[1]) <= 0:
        return None
    request = facts.request(
        stream,
        (
            f"Write a plain-language explanation of {facts.company}'s fiscal {year} tax rate for a retail "
            "investor.",
            f"Draft a short paragraph explaining why {facts.company}'s effective tax rate differs from 21%.",
            f"Compose a brief explainer of {facts.company}'s income taxes in fiscal {year}.",
        ),
    )
    rate = percent_figure(share_of(facts.amount(keys[0]), facts.amount(keys[1])))
    answer = (
        f"{facts.company} recorded a tax provision of {facts.money(keys[0])} on pre-tax income of "
        f"{facts.money(keys[1])} in fiscal {year}, an effective rate of {rate} against the 21% federal rate. "
        f"State income taxes added {facts.money(keys[2])} and tax credits changed the provision by "
        f"{facts.money(keys[3])}."
    )
    return facts.item(request, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind("TG", part="statements")
def _capital_returns_post(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year = facts.latest
    keys = [f"dividends_paid.{year}", f"share_repurchases.{year}", f"diluted_eps.{year}"]
    if not facts.has(*keys) or facts.amount(keys[0]) == 0 or facts.amount(keys[1]) == 0:
        return None
    request = facts.request(
        stream,
        (
            f"Write a short shareholder update on how {facts.company} returned cash in fiscal {year}.",
            f"Draft a social-media post about {facts.company}'s dividends and buybacks in fiscal {year}.",
            f"Create a two-sentence investor-relations blurb on {facts.company}'s fiscal {year} capital "
            "returns.",
        ),
    )
    dividends, buybacks = -facts.amount(keys[0]), -facts.amount(keys[1])
    answer = (
        f"In fiscal {year}, {facts.company} returned {facts.dollars(dividends + buybacks)} to shareholders: "
        f"{facts.dollars(dividends)} in dividends and {facts.dollars(buybacks)} in share repurchases. "
        "Diluted "
        f"earnings per share were {per_share(float(facts.filing.facts[keys[2]]))}."
    )
    return facts.item(request, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind("TG", part="MD&A")
def _market_risk_brief(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = [
        "market_risk.variable_share",
        "market_risk.rate_effect",
        "market_risk.foreign_share",
        "market_risk.currency_effect",
    ]
    if not facts.has(*keys):
        return None
    request = facts.request(
        stream,
        (
            f"Write a brief risk note on {facts.company}'s exposure to interest rates and exchange rates.",
            f"Summarize {facts.company}'s market-risk sensitivities for a treasury committee.",
            f"Draft two sentences for a client on how rates and currencies could move "
            f"{facts.company}'s results.",
            f"Write a note for a credit analyst on how much {facts.company}'s interest cost and revenue "
            "depend on rates and the dollar.",
            "Explain to a board member, in a short paragraph, what interest rates and a stronger dollar "
            f"could do to {facts.company}'s interest expense and revenue.",
        ),
    )
    answer = (
        f"About {facts.amount(keys[0])}% of {facts.company}'s debt carries variable rates, so a one-point "
        "rise "
        f"would add roughly {facts.money(keys[1])} of annual interest expense. About "
        f"{facts.amount(keys[2])}% "
        f"of revenue is billed in other currencies, and a ten percent stronger dollar would reduce reported "
        f"revenue by roughly {facts.money(keys[3])}."
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)


@question_kind("TG", part="notes")
def _lease_summary(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    next_year = facts.latest + 1
    keys = [f"lease.payment.{next_year}", "lease.total", "lease.liability"]
    if not facts.has(*keys):
        return None
    request = facts.request(
        stream,
        (
            f"Write a short summary of {facts.company}'s lease commitments for a credit analyst.",
            f"Draft a paragraph describing {facts.company}'s operating lease obligations.",
            f"Prepare a brief note on what {facts.company} owes under its leases.",
            f"For a lender, summarize {facts.company}'s lease payments due next year and in total.",
            f"Write two or three sentences on the size of {facts.company}'s lease liability and the payments "
            "behind it.",
            f"Write a note for a bond investor on {facts.company}'s lease commitments: the cash due next "
            "year and over the remaining terms.",
            f"Explain to a retail shareholder how {facts.company}'s future lease payments relate to the "
            "lease liability on its balance sheet.",
            f"Summarize, for a ratings analyst, how large {facts.company}'s lease liability is and what "
            "falls due in the coming year.",
        ),
    )
    answer = (
        f"{facts.company} has {facts.money(keys[1])} of undiscounted operating lease payments ahead, "
        f"{facts.money(keys[0])} of them in {next_year}; discounted, they make a lease liability of "
        f"{facts.money(keys[2])}."
    )
    return facts.item(request, answer, facts.sentence_ids(keys), keys)


@question_kind("TG", part="statements")
def _margin_commentary(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    year, prior = facts.latest, facts.prior
    keys = [
        f"gross_profit.{year}",
        f"operating_income.{year}",
        f"revenue.{year}",
        f"gross_profit.{prior}",
        f"operating_income.{prior}",
        f"revenue.{prior}",
    ]
    if not facts.has(*keys) or facts.renames("gross_profit"):
        return None
    request = facts.request(
        stream,
        (
            f"Write a short analyst comment on {facts.company}'s margins in fiscal {year} versus fiscal "
            f"{prior}.",
            f"Draft a paragraph on how {facts.company}'s profitability moved in fiscal {year}.",
            f"Compose a brief note on {facts.company}'s gross and operating margin trends.",
            f"Write a paragraph for an equity analyst on whether {facts.company}'s gross and operating "
            f"margins widened or narrowed in fiscal {year}.",
            f"Draft a note explaining how {facts.company}'s operating margin compares with its gross "
            f"margin in each of fiscal {prior} and {year}.",
            f"For a portfolio manager, comment on {facts.company}'s profitability per dollar of revenue "
            "over its last two fiscal years.",
        ),
    )

    def margin(top: str, bottom: str) -> str:
        return percent_figure(share_of(facts.amount(top), facts.amount(bottom)))

    answer = (
        f"{facts.company}'s gross margin was {margin(keys[0], keys[2])} in fiscal {year} against "
        f"{margin(keys[3], keys[5])} in fiscal {prior}, and its operating margin was "
        f"{margin(keys[1], keys[2])} "
        f"against {margin(keys[4], keys[5])}."
    )
    return facts.item(request, answer, facts.sentence_ids(keys, statements=True), keys)


@question_kind(part="business")
def _cybersecurity_leadership(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    keys = ["cybersecurity.officer_years", "risk.cybersecurity"]
    if not facts.has(*keys):
        return None
    question = facts.ask(
        stream,
        (
            f"Who runs {facts.company}'s cybersecurity program, how experienced is that person, and what "
            "cyber risk does the company warn about?",
            f"Describe {facts.company}'s cybersecurity leadership in Item 1C together with the related risk "
            "factor.",
            f"How does {facts.company} govern cybersecurity, and what could a breach do according to its "
            "risk "
            "factors?",
        ),
    )
    answer = (
        f"The program is led by a Chief Information Security Officer with more than "
        f"{facts.amount(keys[0])} years of experience; the risk factor warns that {facts.text(keys[1])}."
    )
    ids = (*facts.sentence_ids(keys[:1]), *facts.sentence_ids(keys[1:], whole=True))
    return facts.item(question, answer, ids, keys)


@question_kind(part="business")
def _leased_footprint(facts: FilingFacts, stream: RandomStream) -> QAItem | None:
    count = len(facts.rows("property", "tenure"))
    keys = [*(f"property.{i}.tenure" for i in range(count)), "lease.liability"]
    if not count or not facts.has(*keys):
        return None
    leased = sum(1 for i in range(count) if facts.text(f"property.{i}.tenure") == "Leased")
    question = facts.ask(
        stream,
        (
            f"How many of {facts.company}'s principal properties are leased, and what operating lease "
            "liability does the company carry?",
            f"Link {facts.company}'s leased facilities in Item 2 to the lease liability in its notes.",
            f"What part of {facts.company}'s property list is leased rather than owned, and how large is the "
            "resulting lease liability?",
        ),
    )
    answer = (
        f"{leased} of its {count} principal properties are leased; the present value of its operating lease "
        f"liabilities is {facts.money('lease.liability')}."
    )
    return facts.item(question, answer, facts.sentence_ids(keys), keys)
