"""Measures only some industries report, each declared once and carried where its YAML lists it.

An industry file names its measures under ``metrics`` (``Industry.metrics``); each name is a key
of :data:`INDUSTRY_METRICS`, which says in which 10-K item the measure appears and builds its
block from the statements, so every number ties to them:

* ``funds_from_operations`` (REITs, Item 7): net income + depreciation and amortization of real
  estate + impairments of real estate − gains on sales of real estate = FFO, and FFO per diluted share;
* ``underwriting_ratios`` (insurers, Item 7): losses and loss adjustment expenses, and underwriting
  costs, over net premiums earned, and their sum, the combined ratio;
* ``rate_base`` (utilities, Item 7): the rate base built from net utility plant, and the rate case
  that set the allowed return on equity;
* ``deferred_revenue`` (subscription businesses, Item 8): the balance-sheet line rolled forward by
  billings and the subscription revenue recognized (the line itself is drawn with the statements);
* ``loan_loss_allowance`` (banks, Item 8): the allowance rolled forward by the income statement's
  provision for credit losses and net charge-offs.

Side amounts a measure needs (the real-estate share of depreciation, a rate case's terms) are
drawn from the narrative stream and kept in the block's facts, as the debt note keeps its notes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from finsynth.generators.filings.blocks import Block, Candidate, Line, heading, prose
from finsynth.generators.filings.tables import TableRow, table
from finsynth.seeding import RandomStream
from finsynth.world.company import Company
from finsynth.world.formatting import money, per_share, percent_figure, share_of, table_amount
from finsynth.world.statements import Statements

PREMIUMS_KEY = "net_premiums_earned"
"""The revenue line an insurer's underwriting ratios divide by (industries with the measure must have it)."""
RECOGNIZED_FROM_DEFERRED_KEY = "subscription_revenue"
"""The revenue line recognized out of deferred revenue (industries with the measure must have it)."""

BuildBlock = Callable[[Company, Statements, RandomStream], Block]


@dataclass(frozen=True)
class IndustryMetric:
    """A measure some industries report.

    Attributes:
        name: Key in ``Industry.metrics`` and in the industry schema's enum.
        item: The 10-K item its block belongs to: ``"7"`` (MD&A) or ``"8"`` (the notes).
        build: Builds its block from the company, its statements and the narrative stream.

    """

    name: str
    item: Literal["7", "8"]
    build: BuildBlock


def _header(company: Company, years: Sequence[int]) -> tuple[str, ...]:
    return (f"(in {company.unit})", *(f"Fiscal {year}" for year in years))


def _row(label: str, amounts: Sequence[int], key: str, years: Sequence[int]) -> TableRow:
    return (label, [table_amount(amount) for amount in amounts], tuple(f"{key}.{year}" for year in years))


def _funds_from_operations(company: Company, statements: Statements, stream: RandomStream) -> Block:
    facts: dict[str, float | str] = {}
    for year in statements.years:
        values = statements.values[year]
        depreciation = round(values["depreciation_and_amortization"] * stream.uniform(0.9, 0.97))
        # Gains sit inside other income and impairments inside property operating expenses.
        gains = (
            round(max(0, values["other_income"]) * stream.uniform(0.4, 0.9)) if stream.random() < 0.6 else 0
        )
        impairment = (
            round(values["cost_of_revenue"] * stream.uniform(0.01, 0.05)) if stream.random() < 0.3 else 0
        )
        ffo = values["net_income"] + depreciation + impairment - gains
        facts.update(
            {
                f"ffo.depreciation.{year}": depreciation,
                f"ffo.impairment.{year}": impairment,
                f"ffo.gains.{year}": gains,
                f"ffo.{year}": ffo,
                f"ffo_per_share.{year}": round(ffo / values["diluted_shares"], 2),
            }
        )
    years = statements.years[::-1]

    def amounts(key: str, sign: int = 1) -> list[int]:
        return [sign * int(facts[f"{key}.{year}"]) for year in years]

    rows = [
        _row("Net income", [statements.values[year]["net_income"] for year in years], "net_income", years),
        _row(
            "Depreciation and amortization of real estate",
            amounts("ffo.depreciation"),
            "ffo.depreciation",
            years,
        ),
        _row("Impairment of real estate", amounts("ffo.impairment"), "ffo.impairment", years),
        _row("Gains on sales of real estate", amounts("ffo.gains", -1), "ffo.gains", years),
        _row("Funds from operations (FFO)", amounts("ffo"), "ffo", years),
        _row(
            "Weighted-average diluted shares",
            [statements.values[year]["diluted_shares"] for year in years],
            "diluted_shares",
            years,
        ),
        (
            "FFO per diluted share",
            [f"{float(facts[f'ffo_per_share.{year}']):.2f}" for year in years],
            tuple(f"ffo_per_share.{year}" for year in years),
        ),
    ]
    year, prior = statements.years[-1], statements.years[-2]
    return Block(
        (
            heading("Funds from Operations"),
            prose(
                "Funds from operations (FFO) is a non-GAAP measure defined by Nareit: net income before "
                "depreciation and amortization of real estate, impairments of real estate and gains or "
                "losses on sales of real estate.",
                "The depreciation added back is the part of total depreciation and amortization that relates "
                "to our properties; gains on sales are included in other income (expense), net, and "
                "impairments in property operating expenses.",
                Line(
                    f"FFO per diluted share was {per_share(float(facts[f'ffo_per_share.{year}']))} in fiscal "
                    f"{year}, compared with {per_share(float(facts[f'ffo_per_share.{prior}']))} in fiscal "
                    f"{prior}.",
                    (f"ffo_per_share.{year}", f"ffo_per_share.{prior}"),
                ),
            ),
            table("Reconciliation of net income to funds from operations", _header(company, years), rows),
        ),
        facts=facts,
    )


def _underwriting_ratios(company: Company, statements: Statements, stream: RandomStream) -> Block:
    years = statements.years[::-1]
    facts: dict[str, float | str] = {}
    for year in years:
        values = statements.values[year]
        premiums, losses = values[PREMIUMS_KEY], values["cost_of_revenue"]
        costs = values["total_operating_expenses"]
        facts.update(
            {
                f"underwriting_income.{year}": premiums - losses - costs,
                f"loss_ratio.{year}": share_of(losses, premiums),
                f"expense_ratio.{year}": share_of(costs, premiums),
                f"combined_ratio.{year}": share_of(losses + costs, premiums),
            }
        )

    def column(key: str) -> list[int]:
        return [statements.values[year][key] for year in years]

    def ratios(key: str) -> list[str]:
        return [percent_figure(float(facts[f"{key}.{year}"])) for year in years]

    year, prior = statements.years[-1], statements.years[-2]
    opening_reserves = statements.values[prior]["accounts_payable"]
    development = round(opening_reserves * stream.uniform(-0.045, 0.02))
    facts[f"reserve_development.{year}"] = development
    facts[f"reserve_development_share.{year}"] = share_of(abs(development), opening_reserves)
    facts[f"accident_year_loss_ratio.{year}"] = share_of(
        statements.values[year]["cost_of_revenue"] - development, statements.values[year][PREMIUMS_KEY]
    )
    direction = "favorable" if development <= 0 else "unfavorable"
    development_line = Line(
        f"Losses and loss adjustment expenses for fiscal {year} include "
        f"{money(abs(development), company.unit)} of {direction} development on reserves for prior accident "
        f"years, {percent_figure(float(facts[f'reserve_development_share.{year}']))} of the reserves for "
        "unpaid losses and loss adjustment expenses at the start of the year; excluding it, the "
        f"accident-year loss ratio was {percent_figure(float(facts[f'accident_year_loss_ratio.{year}']))}.",
        (
            f"reserve_development.{year}",
            f"reserve_development_share.{year}",
            f"accident_year_loss_ratio.{year}",
        ),
    )
    labels = statements.labels
    rows: list[TableRow] = [
        _row("Net premiums earned", column(PREMIUMS_KEY), PREMIUMS_KEY, years),
        _row(labels.cost_of_revenue, column("cost_of_revenue"), "cost_of_revenue", years),
        _row(
            labels.total_operating_expenses,
            column("total_operating_expenses"),
            "total_operating_expenses",
            years,
        ),
        _row(
            "Underwriting income (loss)",
            [int(facts[f"underwriting_income.{year}"]) for year in years],
            "underwriting_income",
            years,
        ),
        *(
            (label, ratios(key), tuple(f"{key}.{year}" for year in years))
            for label, key in (
                ("Loss and loss adjustment expense ratio", "loss_ratio"),
                ("Expense ratio", "expense_ratio"),
                ("Combined ratio", "combined_ratio"),
            )
        ),
    ]
    return Block(
        (
            heading("Underwriting Results"),
            prose(
                "We measure underwriting profitability with ratios to net premiums earned: the loss ratio "
                "divides losses and loss adjustment expenses by net premiums earned, the expense ratio "
                "divides underwriting and other costs by them, and the combined ratio is the sum of the two.",
                "A combined ratio below 100% means we earned an underwriting profit before investment "
                "income.",
                development_line,
            ),
            table("Underwriting ratios", _header(company, years), rows),
        ),
        facts=facts,
    )


def _rate_base(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-1], statements.years[-2]
    facts: dict[str, float | str] = {}
    for when in (prior, year):
        plant = statements.values[when]["property_and_equipment"]
        deferred_taxes = round(plant * stream.uniform(0.08, 0.14))
        working_capital = round(plant * stream.uniform(0.01, 0.04))
        facts.update(
            {
                f"rate_base.deferred_taxes.{when}": deferred_taxes,
                f"rate_base.working_capital.{when}": working_capital,
                f"rate_base.{when}": plant - deferred_taxes + working_capital,
            }
        )
    return_on_equity = round(stream.uniform(9.2, 10.8), 2)
    equity_ratio = round(stream.uniform(47.0, 54.0), 1)
    increase = round(statements.values[year]["revenue"] * stream.uniform(0.01, 0.04))
    next_case = year + stream.randint(1, 3)
    facts.update(
        {
            "rate_case.return_on_equity": return_on_equity,
            "rate_case.equity_ratio": equity_ratio,
            "rate_case.revenue_increase": increase,
            "rate_case.next_filing": next_case,
        }
    )
    years = (year, prior)

    def amounts(key: str, sign: int = 1) -> list[int]:
        return [sign * int(facts[f"{key}.{when}"]) for when in years]

    rows = [
        _row(
            statements.balance.label(
                "property_and_equipment", "Utility plant, net (property and equipment, net)"
            ),
            [statements.values[when]["property_and_equipment"] for when in years],
            "property_and_equipment",
            years,
        ),
        _row(
            "Less accumulated deferred income taxes",
            amounts("rate_base.deferred_taxes", -1),
            "rate_base.deferred_taxes",
            years,
        ),
        _row(
            "Plus working capital and other",
            amounts("rate_base.working_capital"),
            "rate_base.working_capital",
            years,
        ),
        _row("Rate base", amounts("rate_base"), "rate_base", years),
    ]
    unit = company.unit
    return Block(
        (
            heading("Regulatory Matters and Rate Base"),
            prose(
                "Our rates are set by the state public utility commission so that they recover our operating "
                "costs and earn an allowed return on our rate base, the net investment in utility plant that "
                "serves customers.",
                Line(
                    f"In fiscal {year} the commission approved our general rate case, raising annual "
                    f"revenue by {money(increase, unit)} and setting an allowed return on equity of "
                    f"{return_on_equity:.2f}% "
                    f"on a common equity ratio of {equity_ratio:.1f}%.",
                    ("rate_case.revenue_increase", "rate_case.return_on_equity", "rate_case.equity_ratio"),
                ),
                Line(
                    f"We expect to file our next general rate case in fiscal {next_case}; until then, our "
                    "earned return depends on keeping costs and capital spending close to the levels the "
                    "approved rates assume.",
                    ("rate_case.next_filing",),
                ),
            ),
            table("Rate base", _header(company, years), rows),
        ),
        facts=facts,
    )


def _roll_forward_rows(
    labels: Sequence[str],
    keys: Sequence[str | None],
    columns: Sequence[Sequence[int]],
    years: Sequence[int],
) -> list[TableRow]:
    """One table row per roll-forward line: its amount in each year's column, and its fact keys."""
    return [
        (
            label,
            [table_amount(column[position]) for column in columns],
            tuple(f"{key}.{year}" for year in years) if key else (),
        )
        for position, (label, key) in enumerate(zip(labels, keys, strict=True))
    ]


def _deferred_revenue(company: Company, statements: Statements, stream: RandomStream) -> Block:
    years = statements.years[::-1][:2]
    facts: dict[str, float | str] = {}
    columns = []
    for year in years:
        values = statements.values[year]
        closing, change = values["deferred_revenue"], values["change_deferred_revenue"]
        recognized = values[RECOGNIZED_FROM_DEFERRED_KEY]
        billings = recognized + change
        facts[f"deferred_revenue.billings.{year}"] = billings
        columns.append((closing - change, billings, -recognized, closing))
    labels = (
        "Balance at beginning of year",
        "Billings",
        "Subscription revenue recognized",
        "Balance at end of year",
    )
    keys = (None, "deferred_revenue.billings", RECOGNIZED_FROM_DEFERRED_KEY, "deferred_revenue")
    rows = _roll_forward_rows(labels, keys, columns, years)
    return Block(
        (
            prose(
                "Deferred revenue consists of subscription fees invoiced annually or quarterly in advance; "
                "it is recognized as subscription revenue over the service period, almost all of it within "
                "the next twelve months, so we present it as a current liability.",
            ),
            table("Deferred revenue", _header(company, years), rows),
        ),
        facts=facts,
        title="Deferred Revenue",
    )


def _loan_loss_allowance(company: Company, statements: Statements, stream: RandomStream) -> Block:
    year, prior = statements.years[-1], statements.years[-2]
    # Banks reserve about 1.0-1.6% of their loans (see resources/industry_ratios.yaml); the loans on the
    # balance sheet are net of this allowance.
    opening = round(statements.values[prior]["accounts_receivable"] * stream.uniform(0.011, 0.015))
    facts: dict[str, float | str] = {}
    columns = []
    for when in (prior, year):
        provision = statements.values[when]["cost_of_revenue"]
        charge_offs = min(opening + provision - 1, round(provision * stream.uniform(0.8, 1.05)))
        closing = opening + provision - charge_offs
        facts.update(
            {
                f"loan_allowance.opening.{when}": opening,
                f"loan_allowance.charge_offs.{when}": charge_offs,
                f"loan_allowance.closing.{when}": closing,
            }
        )
        columns.append((opening, provision, -charge_offs, closing))
        opening = closing
    years = (year, prior)
    columns.reverse()
    labels = (
        "Balance at beginning of year",
        "Provision for credit losses",
        "Net charge-offs",
        "Balance at end of year",
    )
    keys = (
        "loan_allowance.opening",
        "cost_of_revenue",
        "loan_allowance.charge_offs",
        "loan_allowance.closing",
    )
    rows = _roll_forward_rows(labels, keys, columns, years)
    return Block(
        (
            prose(
                "The allowance for credit losses on loans is our estimate of the lifetime losses expected on "
                "the loan portfolio; the provision for credit losses in the statements of operations adds to "
                "it, and loans charged off, net of recoveries, reduce it.",
            ),
            table("Allowance for credit losses on loans", _header(company, years), rows),
        ),
        facts=facts,
        title="Allowance for Credit Losses on Loans",
    )


RISK_WEIGHT_SHARE = (0.72, 0.85)
"""Range of risk-weighted assets over total assets for a regional bank (a loan-heavy balance sheet)."""
WELL_CAPITALIZED = {"cet1_ratio": 6.5, "leverage_ratio": 5.0}
"""The prompt-corrective-action thresholds of a well-capitalized bank, in percent."""


def _bank_ratios(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Net interest margin, efficiency ratio and regulatory capital ratios, computed from the statements."""
    years = statements.years[::-1][: len(statements.years) - 1]
    facts: dict[str, float | str] = {}
    for year in years:
        values, before = statements.values[year], statements.values[year - 1]
        earning = [v["cash"] + v["accounts_receivable"] + v["prepaid_and_other"] for v in (values, before)]
        average_earning = round(sum(earning) / 2)
        average_assets = round((values["total_assets"] + before["total_assets"]) / 2)
        capital = values["total_equity"] - values["goodwill"] - values["intangible_assets"]
        risk_weighted = round(values["total_assets"] * stream.uniform(*RISK_WEIGHT_SHARE))
        facts.update(
            {
                f"average_earning_assets.{year}": average_earning,
                f"net_interest_margin.{year}": round(
                    values["net_interest_income"] / average_earning * 100, 2
                ),
                f"efficiency_ratio.{year}": share_of(values["total_operating_expenses"], values["revenue"]),
                f"cet1_capital.{year}": capital,
                f"risk_weighted_assets.{year}": risk_weighted,
                f"cet1_ratio.{year}": round(capital / risk_weighted * 100, 1),
                f"leverage_ratio.{year}": round(capital / average_assets * 100, 1),
            }
        )
    year = years[0]
    rows: list[TableRow] = [
        _row(
            "Average earning assets",
            [int(facts[f"average_earning_assets.{y}"]) for y in years],
            "average_earning_assets",
            years,
        ),
        (
            "Net interest margin",
            [f"{float(facts[f'net_interest_margin.{y}']):.2f}%" for y in years],
            tuple(f"net_interest_margin.{y}" for y in years),
        ),
        (
            "Efficiency ratio",
            [percent_figure(float(facts[f"efficiency_ratio.{y}"])) for y in years],
            tuple(f"efficiency_ratio.{y}" for y in years),
        ),
        _row(
            "Common equity Tier 1 capital",
            [int(facts[f"cet1_capital.{y}"]) for y in years],
            "cet1_capital",
            years,
        ),
        _row(
            "Risk-weighted assets",
            [int(facts[f"risk_weighted_assets.{y}"]) for y in years],
            "risk_weighted_assets",
            years,
        ),
        (
            "Common equity Tier 1 capital ratio",
            [percent_figure(float(facts[f"cet1_ratio.{y}"])) for y in years],
            tuple(f"cet1_ratio.{y}" for y in years),
        ),
        (
            "Tier 1 leverage ratio",
            [percent_figure(float(facts[f"leverage_ratio.{y}"])) for y in years],
            tuple(f"leverage_ratio.{y}" for y in years),
        ),
    ]
    return Block(
        (
            heading("Net Interest Margin, Efficiency and Capital"),
            prose(
                "Net interest margin is net interest income divided by average earning assets (cash, loans "
                "and investment securities, averaged over the opening and closing balances); the efficiency "
                "ratio is noninterest expense divided by total net revenue.",
                Line(
                    "Our net interest margin was "
                    f"{float(facts[f'net_interest_margin.{year}']):.2f}% in fiscal {year} and our efficiency "
                    f"ratio {percent_figure(float(facts[f'efficiency_ratio.{year}']))}.",
                    (f"net_interest_margin.{year}", f"efficiency_ratio.{year}"),
                ),
                Line(
                    f"At the end of fiscal {year} our common equity Tier 1 capital ratio was "
                    f"{percent_figure(float(facts[f'cet1_ratio.{year}']))} and our Tier 1 leverage ratio "
                    f"{percent_figure(float(facts[f'leverage_ratio.{year}']))}, above the "
                    f"{WELL_CAPITALIZED['cet1_ratio']:.1f}% and {WELL_CAPITALIZED['leverage_ratio']:.1f}% "
                    "a bank needs to be considered well capitalized.",
                    (f"cet1_ratio.{year}", f"leverage_ratio.{year}"),
                ),
                "Common equity Tier 1 capital here is stockholders' equity less goodwill and intangible "
                "assets.",
            ),
            table("Net interest margin, efficiency and capital ratios", _header(company, years), rows),
        ),
        facts=facts,
    )


FEE_RATE_BASIS_POINTS = (30.0, 60.0)
"""Range of the effective fee rate on average assets under management, in basis points."""
ADVISORY_FEES_KEY = "investment_advisory_fees"
"""The revenue line earned on assets under management (industries with the measure must have it)."""


def _assets_under_management(company: Company, statements: Statements, stream: RandomStream) -> Block:
    """Assets under management rolled forward by flows and markets; the fee rate ties it to the fees."""
    facts: dict[str, float | str] = {}
    base_rate = stream.uniform(*FEE_RATE_BASIS_POINTS)
    begin = 0
    for position, year in enumerate(statements.years):
        fees = statements.values[year][ADVISORY_FEES_KEY]
        rate = round(base_rate * stream.uniform(0.97, 1.03), 1)
        average = round(fees / (rate / 10_000))
        if position == 0:
            begin = round(average * stream.uniform(0.93, 1.0))
        end = 2 * average - begin
        flows = round(begin * stream.uniform(-0.06, 0.06))
        facts.update(
            {
                f"aum.begin.{year}": begin,
                f"aum.flows.{year}": flows,
                f"aum.market.{year}": end - begin - flows,
                f"aum.{year}": end,
                f"aum.average.{year}": average,
                f"fee_rate_bps.{year}": rate,
            }
        )
        begin = end
    years = statements.years[::-1]
    year = years[0]

    def amounts(key: str) -> list[int]:
        return [int(facts[f"{key}.{when}"]) for when in years]

    rows: list[TableRow] = [
        _row("Assets under management, beginning of year", amounts("aum.begin"), "aum.begin", years),
        _row("Net client flows", amounts("aum.flows"), "aum.flows", years),
        _row("Market appreciation (depreciation)", amounts("aum.market"), "aum.market", years),
        _row("Assets under management, end of year", amounts("aum"), "aum", years),
        _row("Average assets under management", amounts("aum.average"), "aum.average", years),
        _row(
            statements_label(statements, ADVISORY_FEES_KEY),
            [statements.values[y][ADVISORY_FEES_KEY] for y in years],
            ADVISORY_FEES_KEY,
            years,
        ),
        (
            "Effective fee rate (basis points)",
            [f"{float(facts[f'fee_rate_bps.{when}']):.1f}" for when in years],
            tuple(f"fee_rate_bps.{when}" for when in years),
        ),
    ]
    flows = int(facts[f"aum.flows.{year}"])
    unit = company.unit
    return Block(
        (
            heading("Assets Under Management"),
            prose(
                Line(
                    "Assets under management were "
                    f"{money(int(facts[f'aum.{year}']), unit)} at the end of fiscal {year}, after net client "
                    f"{'inflows' if flows >= 0 else 'outflows'} of "
                    f"{money(abs(flows), unit)} and market "
                    f"{'appreciation' if int(facts[f'aum.market.{year}']) >= 0 else 'depreciation'} of "
                    f"{money(abs(int(facts[f'aum.market.{year}'])), unit)}.",
                    (f"aum.{year}", f"aum.flows.{year}", f"aum.market.{year}"),
                ),
                Line(
                    "Our effective fee rate, investment advisory fees divided by average assets under "
                    f"management, was {float(facts[f'fee_rate_bps.{year}']):.1f} basis points in fiscal "
                    f"{year}.",
                    (f"fee_rate_bps.{year}",),
                ),
            ),
            table("Assets under management", _header(company, years), rows),
        ),
        facts=facts,
    )


def statements_label(statements: Statements, key: str) -> str:
    """The income-statement label of revenue line ``key``."""
    return next(line.label for line in statements.revenue_lines if line.key == key)


INDUSTRY_METRICS: dict[str, IndustryMetric] = {
    metric.name: metric
    for metric in (
        IndustryMetric("funds_from_operations", "7", _funds_from_operations),
        IndustryMetric("underwriting_ratios", "7", _underwriting_ratios),
        IndustryMetric("rate_base", "7", _rate_base),
        IndustryMetric("deferred_revenue", "8", _deferred_revenue),
        IndustryMetric("loan_loss_allowance", "8", _loan_loss_allowance),
        IndustryMetric("bank_ratios", "7", _bank_ratios),
        IndustryMetric("assets_under_management", "7", _assets_under_management),
    )
}
"""Every industry measure by name; ``industry.schema.json`` lists the same names."""


def metric_candidates(
    company: Company, statements: Statements, stream: RandomStream, item: Literal["7", "8"]
) -> list[Candidate]:
    """The blocks of the measures the company's industry reports in 10-K ``item``.

    They are optional, since the shortest filings' required content leaves no room for them, but
    preferred: a filing leaves one out only where it has no room left for it.
    """
    return [
        Candidate(INDUSTRY_METRICS[name].build(company, statements, stream), preferred=True)
        for name in company.industry.metrics
        if INDUSTRY_METRICS[name].item == item
    ]
