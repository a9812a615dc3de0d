"""The company's own figures that the MD&A's prose states, computed from its statements.

Item 7's general discussions (critical estimates, inflation, capital allocation, pronouncements)
are templates (``resources/mdna_topics.yaml``); :func:`topic_values` fills every placeholder from
the company's statements and facts: its balances and their share of total assets, its largest and
least profitable segments, its tax rate and pretax record, its spending and returns, its history.
The clauses that depend on what is true of the company (an acquisition made or not, a pretax loss,
margins that rose or fell) are chosen here, so every sentence is true of that company.
"""

from __future__ import annotations

from finsynth.world.company import Company
from finsynth.world.formatting import (
    count_word,
    fiscal_year_end,
    money,
    name_list,
    percent_change,
    percent_figure,
    share_of,
)
from finsynth.world.industry_profiles import in_sentence
from finsynth.world.statements import Statements, total_debt


def movement(current: int, previous: int) -> str:
    """``"rose 4.2%"``, ``"fell 3.0%"`` or ``"was unchanged"``: how an amount moved between two years."""
    if current == previous or previous <= 0:
        return "was unchanged" if current == previous else "turned positive"
    change = percent_change(current, previous)
    if change == 0:
        return "was essentially unchanged"
    return f"{'rose' if change > 0 else 'fell'} {percent_figure(abs(change))}"


def about(amount: int, unit: str) -> str:
    """An approximate amount as prose, or ``"less than $1 million"`` where it rounds to zero."""
    return money(amount, unit) if amount else f"less than {money(1, unit)}"


def weakest_segment(company: Company, statements: Statements, year: int) -> tuple[str, float]:
    """The segment with the lowest operating margin in ``year`` (compared unrounded) and that margin."""
    values = statements.values[year]
    margins = [
        (values[f"segment_income.{index}"] / values[f"segment.{index}"], index)
        for index in range(len(company.segments))
        if values[f"segment.{index}"] > 0
    ]
    _, index = min(margins)
    margin = share_of(values[f"segment_income.{index}"], values[f"segment.{index}"])
    return company.segments[index].name, margin


def _pretax_record(statements: Statements, unit: str) -> str:
    """Pretax income or loss of each year presented, latest first."""
    parts = []
    for year in reversed(statements.years):
        pretax = statements.values[year]["income_before_taxes"]
        kind = "income" if pretax > 0 else "a loss"
        parts.append(f"{kind} of {money(abs(pretax), unit)} in fiscal {year}")
    return "pretax " + name_list(parts)


def _returned_clause(statements: Statements, year: int, unit: str) -> str:
    values = statements.values[year]
    returned = -values["dividends_paid"] - values["share_repurchases"]
    if returned <= 0:
        return "we returned no cash to shareholders through dividends or repurchases"
    clause = f"we returned {money(returned, unit)} to shareholders through dividends and repurchases"
    if values["net_income"] > 0:
        return clause + f", {percent_figure(share_of(returned, values['net_income']))} of net income"
    return clause + f" despite a net loss of {money(-values['net_income'], unit)}"


def topic_values(company: Company, statements: Statements) -> dict[str, str]:
    """Return the value of every placeholder of ``resources/mdna_topics.yaml`` for this company.

    Args:
        company: The company.
        statements: Its statements; the latest fiscal year is discussed against the one before.

    """
    year, prior = statements.years[-1], statements.years[-2]
    unit = company.unit
    values, earlier = statements.values[year], statements.values[prior]
    date = fiscal_year_end(year, company.fiscal_year_end_month)
    revenue = values["revenue"]
    segment_revenue = [values[f"segment.{index}"] for index in range(len(company.segments))]
    largest = max(range(len(segment_revenue)), key=lambda index: segment_revenue[index])
    weakest_name, weakest_margin = weakest_segment(company, statements, year)
    assets = values["total_assets"]
    pretax, tax = values["income_before_taxes"], values["income_tax_expense"]
    # Inflation shows in the cost of what a company sells; a lender's or insurer's first cost line is
    # interest or claims, so its operating expenses are what inflation moves.
    cost_key = "cost_of_revenue" if company.industry.trade_terms else "total_operating_expenses"
    labels = statements.labels
    cost_label = in_sentence(
        labels.cost_of_revenue if company.industry.trade_terms else labels.total_operating_expenses
    )
    cost_share = share_of(values[cost_key], revenue)
    prior_cost_share = share_of(earlier[cost_key], earlier["revenue"])
    margin = share_of(values["operating_income"], revenue)
    prior_margin = share_of(earlier["operating_income"], earlier["revenue"])
    receivables = values["accounts_receivable"]
    acquired = -values["acquisitions"]
    deferred = values.get("deferred_revenue", 0)
    repurchased = -values["share_repurchases"]
    inventories = values.get("inventories", 0)
    acquisition_years = [when for when in statements.years if statements.values[when]["acquisitions"]]
    if acquired:
        acquisition_clause = (
            f", as we did for the {money(acquired, unit)} we paid for acquisitions in fiscal {year}"
        )
    elif acquisition_years:
        acquisition_clause = (
            f"; we made no acquisitions in fiscal {year}, the most recent being the "
            f"{money(-statements.values[acquisition_years[-1]]['acquisitions'], unit)} we paid in fiscal "
            f"{acquisition_years[-1]}"
        )
    else:
        acquisition_clause = (
            f"; we made no acquisitions in fiscal {name_list([str(y) for y in statements.years])}, and the "
            f"{money(values['goodwill'], unit)} of goodwill on our balance sheet comes from earlier ones"
        )
    return {
        "year": str(year),
        "prior": str(prior),
        "date": date,
        "founded": str(company.founded),
        "revenue": money(revenue, unit),
        "revenue_one_percent": about(round(revenue / 100), unit),
        "largest_segment": company.segments[largest].name,
        "largest_share": percent_figure(share_of(segment_revenue[largest], revenue)),
        "segment_count": count_word(len(company.segments)),
        "segment_list": name_list(list(company.segment_names)),
        "weakest_segment": f"the {weakest_name} segment",
        "weakest_margin": percent_figure(weakest_margin),
        "deferred_clause": (
            f", and consideration received before we perform is carried as deferred revenue, "
            f"{money(deferred, unit)} at {date}"
            if deferred > 0
            else f", and as we bill when we perform, our contract balances at {date} were receivables of "
            f"{money(receivables, unit)} rather than deferred revenue"
        ),
        "goodwill": money(values["goodwill"], unit),
        "goodwill_share": percent_figure(share_of(values["goodwill"], assets)),
        "intangibles": money(values["intangible_assets"], unit),
        "total_assets": money(assets, unit),
        "tax": money(tax, unit),
        "tax_rate_clause": (
            f", an effective rate of {percent_figure(share_of(tax, pretax))} on pretax income of "
            f"{money(pretax, unit)}"
            if pretax > 0
            else f" against a pretax loss of {money(-pretax, unit)}"
        ),
        "pretax_record": _pretax_record(statements, unit),
        "tax_one_point": f"{about(round(abs(pretax) / 100), unit)} on the year's pretax "
        f"{'income' if pretax > 0 else 'loss'} of {money(abs(pretax), unit)}",
        "receivables_label": "loans and receivables" if not company.industry.trade_terms else "receivables",
        "receivables": money(receivables, unit),
        "receivables_share": percent_figure(share_of(receivables, assets)),
        "receivables_one_percent": about(round(receivables / 100), unit),
        "acquisition_clause": acquisition_clause,
        "inventories": money(inventories, unit),
        "inventory_days": str(round(inventories / values["cost_of_revenue"] * 365))
        if values["cost_of_revenue"]
        else "0",
        "inventory_cost_label": in_sentence(labels.cost_of_revenue),
        "inventory_one_percent": about(round(inventories / 100), unit),
        "cost_label": cost_label,
        "cost_share": percent_figure(cost_share),
        "prior_cost_share": percent_figure(prior_cost_share),
        "inflation_outcome": (
            "outpaced the pricing we could pass on"
            if cost_share > prior_cost_share
            else "was more than offset by pricing actions and productivity programs"
            if cost_share < prior_cost_share
            else "was matched by pricing actions and productivity programs"
        ),
        "operating_margin": percent_figure(margin),
        "prior_operating_margin": percent_figure(prior_margin),
        "margin_move": "improved"
        if margin > prior_margin
        else "narrowed"
        if margin < prior_margin
        else "held",
        "debt": money(total_debt(statements.values[year]), unit),
        "capex": money(-values["capital_expenditures"], unit),
        "acquisitions_spent": money(acquired, unit) if acquired else "nothing",
        "returned_clause": _returned_clause(statements, year, unit),
        "repurchase_clause": (
            f"; we repurchased {money(repurchased, unit)} of our stock in fiscal {year}"
            if repurchased > 0
            else f"; we made no repurchases in fiscal {year} and ended it with {money(values['cash'], unit)} "
            "of cash"
        ),
    }
