"""Joint realism of FinChain: which templates draw combinations a real case never shows.

``python -m benchmarks.finchain_realism`` draws 1,000 instances of every template (the batch
drawer, the build's seeding) and measures, per template, the share of draws that break

- each relation the template declares in its ``Relations:`` section, and
- a few probes written here from the givens' names alone, so that templates which declare
  nothing are measured too: crypto prices against their real ranges and ratio, a balance-sheet
  item's year-end over its year-start value, a beta's size.

It prints the templates where at least 5% of draws break something, and the counts the
realism issue tracks: relations declared, templates breaking, templates whose bands and
relations cover one quantity only.
"""

from __future__ import annotations

import sys

import numpy as np

from finsynth.generators.finchain.formula import parse_formula
from finsynth.generators.finchain.references import REFERENCES
from finsynth.generators.finchain.relations import Relation
from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.registry import all_generators
from finsynth.seeding import InstanceSeeder

SEEDS = 1_000
BROKEN_SHARE = 0.05
"""A template counts as breaking real-world relations when this share of its draws breaks one."""


def _probe(formula: str, key: str, low: float | None = None, high: float | None = None) -> Relation:
    reference = REFERENCES[key]
    low = reference.low if low is None else low
    high = reference.high if high is None else high
    return Relation(
        f"{formula}: {low:g} to {high:g} [{key}] (probe)", parse_formula(formula), reference, low, high
    )


SALES = ("revenue", "net_sales", "sales", "credit_sales", "annual_sales")
PROBES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bitcoin_price", ("bitcoin_price", "btc_price", "bitcoin_basis", "bitcoin_sale_price")),
    ("ether_price", ("ether_price", "eth_price", "ether_basis", "ether_sale_price")),
    ("ether_to_bitcoin_price", ("ether_price / bitcoin_price", "eth_price / btc_price")),
    ("equity_risk_premium", ("market_return - risk_free_rate", "expected_market_return - risk_free_rate")),
    ("corporate_borrowing_rate", ("cost_of_debt",)),
    ("us_treasury_yield", ("risk_free_rate", "treasury_yield")),
    ("stock_beta", ("beta", "equity_beta", "levered_beta", "stock_beta")),
    ("stock_volatility", ("volatility", "daily_volatility * sqrt(252)")),
    (
        "dividend_yield",
        (
            "4 * quarterly_dividend / share_price",
            "current_dividend / share_price",
            "current_dividend / market_price",
        ),
    ),
    ("loss_given_default", ("loss_given_default",)),
    ("cet1_ratio", ("cet1_capital / risk_weighted_assets",)),
    ("euro_in_dollars", ("eur_usd",)),
    ("dollar_in_yen", ("usd_jpy",)),
    ("us_consumer_price_inflation", ("inflation_rate",)),
    ("eu_allowance_price", ("allowance_price",)),
    ("price_to_earnings", ("price_earnings", "first_peer_pe", "second_peer_pe", "third_peer_pe")),
    ("cost_of_goods_sold_to_revenue", tuple(f"cost_of_goods_sold / {sales}" for sales in SALES)),
    ("current_ratio", ("current_assets / current_liabilities",)),
    ("option_strike_to_spot", ("strike / stock_price", "strike / spot_price", "strike / share_price")),
    ("net_profit_margin", tuple(f"net_income / {sales}" for sales in SALES)),
    ("days_sales_outstanding", tuple(f"365 * receivables / {sales}" for sales in SALES)),
    ("days_inventory_outstanding", ("365 * inventory / cost_of_goods_sold",)),
)
"""Relations this checker applies wherever a template's givens carry the names they read."""


def probes(generator: FinChainGenerator) -> list[Relation]:
    """Relations implied by the names of the template's givens."""
    names = set(generator.compiled.given_names)
    found: list[Relation] = []
    for key, formulas in PROBES:
        for formula in formulas:
            if set(parse_formula(formula).names) <= names:
                found.append(_probe(formula, key))
                break
    if "tax_rate" in names:
        personal = generator.info.tags["domain"] == "personal_finance"
        found.append(
            _probe(
                "tax_rate", "personal_marginal_income_tax_rate" if personal else "corporate_income_tax_rate"
            )
        )
    for name in sorted(names):
        for start, end in (("beginning_", "ending_"), ("_begin", "_end")):
            if start.startswith("_") and name.endswith(start):
                other = name[: -len(start)] + end
            elif not start.startswith("_") and name.startswith(start):
                other = end + name[len(start) :]
            else:
                continue
            if other in names:
                found.append(_probe(f"{other} / {name}", "balance_sheet_item_over_a_year"))
    return found


def broken_shares(generator: FinChainGenerator, relations: list[Relation], count: int = SEEDS) -> list[float]:
    """The share of ``count`` draws that breaks each relation."""
    if not relations:
        return []
    seeder = InstanceSeeder(0, "plausibility", "test", generator.info.id)
    _, values_seeds = seeder.seed_arrays(np.arange(count))
    columns = generator.measure([relation.formula for relation in relations], values_seeds)
    return [
        float(1 - relation.holds(column).mean()) for relation, column in zip(relations, columns, strict=True)
    ]


def quantities(generator: FinChainGenerator) -> int:
    """Distinct quantities a template's bands and relations constrain."""
    return len(
        {band.formula.source for band in generator.bands}
        | {item.formula.source for item in generator.relations}
    )


def main() -> None:
    generators = [item for item in all_generators("finchain") if isinstance(item, FinChainGenerator)]
    breaking = []
    for generator in generators:
        relations = [*generator.relations, *probes(generator)]
        shares = broken_shares(generator, relations)
        worst = [
            (share, relation.text)
            for share, relation in zip(shares, relations, strict=True)
            if share >= BROKEN_SHARE
        ]
        if worst:
            breaking.append((generator.info.id, worst))
    for generator_id, worst in breaking:
        print(generator_id)
        for share, text in worst:
            print(f"    {share:6.1%}  {text}")
    declared = sum(len(item.relations) for item in generators)
    one_quantity = sum(1 for item in generators if quantities(item) <= 1)
    with_relations = sum(1 for item in generators if item.relations)
    print(f"templates: {len(generators)}; breaking (>= {BROKEN_SHARE:.0%} of {SEEDS} draws): {len(breaking)}")
    print(f"relations declared: {declared} in {with_relations} templates; references: {len(REFERENCES)}")
    print(f"templates constraining one quantity only (bands + relations): {one_quantity}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
