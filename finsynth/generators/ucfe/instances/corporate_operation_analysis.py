"""Corporate Operation Analysis: debt level, profitability and liquidity judged from generated statements.

Data: a fictional world company's profile and the summary of its world statements (see
:mod:`~finsynth.generators.ucfe.instances.world.statements`). Rules, on unrounded ratios:
leverage by debt-to-equity (interest-bearing debt ÷ equity) is ``low`` below 0.5, ``moderate``
from 0.5 to below 1.5 and ``high`` from 1.5; interest coverage (operating income ÷ interest) is
``weak`` below 3, ``adequate`` from 3 to below 8 and ``strong`` from 8; liquidity by current
ratio is ``tight`` below 1, ``adequate`` from 1 to below 2 and ``comfortable`` from 2, judged only
where the industry's balance sheet is classified (a bank's, insurer's or REIT's has no current
ratio, so its instance grades leverage and coverage alone).
``answer`` is the three levels (two without a current ratio); ``must_contain`` quotes
debt-to-equity (two decimals) with its level, interest coverage (``x``, one decimal) with its
level, net margin and ROE.

Needs add the user's purpose and the scope named with the item's debt, revenue, margin,
current assets and liabilities (or, for an unclassified balance sheet, cash flow); ``forbid``
then adds a current ratio.
"""

from __future__ import annotations

from finsynth.generators.ucfe.instances.base import (
    FactValue,
    TaskInstance,
    hint_map,
    phrase_needs,
    task_instance,
)
from finsynth.generators.ucfe.instances.world.annual_report import report_paragraphs
from finsynth.generators.ucfe.instances.world.profiles import data_sheet, profile_text
from finsynth.generators.ucfe.instances.world.statements import draw_listed_company, margin_figure
from finsynth.seeding import RandomStream
from finsynth.world.formatting import millions, multiple, percent
from finsynth.world.rounding import round_half_up

LEVERAGE_LEVELS = ((1.5, "high"), (0.5, "moderate"), (0.0, "low"))
COVERAGE_LEVELS = ((8.0, "strong"), (3.0, "adequate"), (0.0, "weak"))
LIQUIDITY_LEVELS = ((2.0, "comfortable"), (1.0, "adequate"), (0.0, "tight"))
"""(lowest value of the level, level) for each judgement, highest first."""

_NEEDS = (
    "Judge the company's debt level, profitability and overall financial condition from its operating "
    "data: debt-to-equity, interest coverage, cash flow against debt, margins and return on equity.",
    "I want an operating analysis: how indebted is the company, how profitable, and how healthy is "
    "its financial position? Use the ratios you can compute from the figures.",
    "Analyse this company's leverage, profitability and liquidity using the financial data and "
    "conclude on its financial health.",
    "Can this company carry its debt? Look at leverage, interest cover and cash flow, then at margins.",
    "Give me a plain-language health check of this company: debt, profits and short-term cash.",
    "Work out the key ratios and tell me where the company is strong and where it is exposed.",
    "Write the financial-condition section of a review: leverage, coverage, liquidity, profitability "
    "and an overall view.",
    "Is this a business I should worry about as a creditor? Assess its debt load and ability to pay.",
    "How well is the company run financially? Use the figures to judge its margins, returns and "
    "balance sheet.",
    "Summarise the company's financial position with the numbers that matter and a clear conclusion.",
)

_PURPOSES = (
    "We lend to {company} and its annual covenant review is coming up, so I need to know whether its "
    "finances have weakened.",
    "I hold {company} shares and want to understand how sound the business is before adding to them.",
    "{company} is bidding to become a long-term supplier to us, and procurement wants a view on its "
    "financial staying power.",
    "I am new to {sector} and was handed {company}'s figures to analyse for our team.",
)
_LIQUIDITY = {
    True: "For its financial condition, use the current ratio ({current_assets} of current assets against "
    "{current_liabilities} of current liabilities) and the operating cash flow of {cash_flow}.",
    False: "Its balance sheet has no current assets or liabilities, as is usual in {sector}, so judge its "
    "financial condition from the operating cash flow of {cash_flow} and the debt load.",
}
_SCOPES = (
    "For the debt level, work out debt-to-equity, debt to assets, interest coverage and operating cash "
    "flow against the {debt} of interest-bearing debt. For profitability, look at {margin}, net margin "
    "and return on equity, and at how revenue moved from {revenue_prior} to {revenue}. {liquidity}",
    "Start with profitability: {margin}, net margin, return on equity and the change in revenue from "
    "{revenue_prior} to {revenue}. Then the debt level: debt-to-equity, debt to assets, how many times "
    "operating income covers interest, and cash flow against the {debt} of debt. {liquidity}",
)
_ENDINGS = (
    "End with an overall judgement in two or three sentences.",
    "Tell me plainly where it is strong and where it is exposed.",
    "Say which one ratio you would watch most closely next year.",
)


def level(value: float, levels: tuple[tuple[float, str], ...]) -> str:
    """The name of the first level whose lower bound ``value`` reaches."""
    return next(name for lowest, name in levels if value >= lowest)


@task_instance("corporate_operation_analysis")
def corporate_operation_analysis(stream: RandomStream) -> TaskInstance:
    """Draw a company and its statements; grade leverage, coverage and liquidity by fixed bands."""
    company, statements, summary = draw_listed_company(stream)
    ratios = summary.ratios()
    leverage = level(ratios["debt_to_equity"], LEVERAGE_LEVELS)
    coverage = level(ratios["interest_coverage"], COVERAGE_LEVELS)
    liquidity = level(ratios["current_ratio"], LIQUIDITY_LEVELS) if "current_ratio" in ratios else None
    must = (
        f"debt-to-equity of {round_half_up(ratios['debt_to_equity'], 2):.2f} ({leverage} leverage)",
        f"interest coverage of {multiple(ratios['interest_coverage'])} ({coverage})",
        f"net margin of {percent(ratios['net_margin'])}",
        f"return on equity of {percent(ratios['return_on_equity'])}",
    )
    liquidity_answer = (f"{liquidity} liquidity",) if liquidity else ()
    liquidity_figure = (
        (f"current ratio of {round_half_up(ratios['current_ratio'], 2):.2f} ({liquidity} liquidity)",)
        if liquidity
        else ()
    )
    hints = hint_map(
        answer=(f"{leverage} leverage", f"{coverage} interest coverage", *liquidity_answer),
        must_contain=must,
        at_least_contain=(
            f"debt level analysis of the {millions(summary.total_debt)} of interest-bearing debt",
            "profitability analysis from margins and return on equity",
            "an overall judgement of the financial condition",
        ),
        should_contain=(
            *liquidity_figure,
            f"operating cash flow of {millions(summary.operating_cash_flow)}, covering "
            f"{percent(ratios['cash_flow_to_debt'])} of debt",
            margin_figure(company.industry.statement_labels, ratios),
        ),
        encourage=(
            f"how the business lines ({'; '.join(company.segment_names)}) drive the results",
            f"revenue growth of {percent(ratios['revenue_growth'])}",
            f"debt to assets of {percent(ratios['debt_to_assets'])}",
            "what to watch in the next period",
        ),
        forbid=(
            "ratios that contradict the data given",
            "investment guarantees",
            *(
                ()
                if liquidity
                else (f"a current ratio, which a {company.industry.label} balance sheet does not have",)
            ),
        ),
    )
    levels = f"{leverage} leverage, {coverage} interest coverage" + (
        f" and {liquidity} liquidity" if liquidity else ""
    )
    reference = f"{company.short_name} shows {levels}: {'; '.join(must)}."
    facts: dict[str, FactValue] = {
        "company": company.short_name,
        "sector": company.industry.label,
        "leverage_level": leverage,
        "coverage_level": coverage,
    }
    if liquidity:
        facts["liquidity_level"] = liquidity
    facts.update(summary.facts())
    information = "\n\n".join(
        (
            profile_text(stream, company),
            data_sheet(stream, company, summary),
            *report_paragraphs(stream, company, statements, summary),
        )
    )
    liquidity_text = (
        _LIQUIDITY[True].format(
            current_assets=millions(summary.current_assets),
            current_liabilities=millions(summary.current_liabilities),
            cash_flow=millions(summary.operating_cash_flow),
        )
        if summary.current_assets is not None and summary.current_liabilities is not None
        else _LIQUIDITY[False].format(
            cash_flow=millions(summary.operating_cash_flow), sector=company.industry.label
        )
    )
    margin_name = margin_figure(company.industry.statement_labels, ratios).split(" of ")[0]
    details = (
        stream.choice(_PURPOSES).format(company=company.short_name, sector=company.industry.label),
        stream.choice(_SCOPES).format(
            debt=millions(summary.total_debt),
            margin=margin_name,
            revenue_prior=millions(summary.revenue_prior),
            revenue=millions(summary.revenue),
            liquidity=liquidity_text,
        ),
        stream.choice(_ENDINGS),
    )
    needs, needs_variants = phrase_needs(stream, _NEEDS, details)
    return TaskInstance(
        "corporate_operation_analysis",
        information,
        needs,
        hints,
        facts,
        reference,
        needs_variants=needs_variants,
    )
