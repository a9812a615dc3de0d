"""The industries fictional companies operate in, loaded from one YAML file per industry.

Each file ``resources/industries/<key>.yaml`` (written for finsynth; the companies and
facts drawn from it are fictional) is checked against ``industry.schema.json`` when
loaded, then against the rules a schema cannot state (ranges in order, keys unique). Errors
name the file and the JSON path of the entry. :data:`INDUSTRY_KEYS` fixes the drawing order,
so adding a file without listing it (or listing one without a file) is an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

from finsynth.errors import ConfigError
from finsynth.schemas import Validator, load_schema, shipped_yaml
from finsynth.schemas.loader import check_data_file
from finsynth.world.industry_profiles import (
    GENERAL_BALANCE,
    INCOME_KEYS,
    BalanceModel,
    BalanceSize,
    ExpenseLine,
    Industry,
    RiskProfile,
    SegmentProfile,
    SideFactBands,
    StatementLabels,
)

PACKAGE = "finsynth.world"
INDUSTRIES_FOLDER = "resources/industries"
"""Where the industry files live, relative to the ``finsynth.world`` package."""

INDUSTRY_KEYS = (
    "software",
    "retail",
    "medical_devices",
    "industrial_machinery",
    "renewable_energy",
    "packaged_foods",
    "semiconductors",
    "logistics",
    "restaurants",
    "specialty_chemicals",
    "regional_banking",
    "property_casualty_insurance",
    "office_industrial_reit",
    "electric_utility",
    "specialty_pharmaceuticals",
    "hospitals",
    "airlines",
    "homebuilding",
    "oil_gas_exploration",
    "hotels_resorts",
    "telecommunications",
    "automotive_parts",
    "aerospace_defense",
    "asset_management",
    "waste_services",
    "digital_media",
    "apparel_brands",
    "construction_materials",
    "payment_processing",
    "higher_education",
    "casino_gaming",
)
"""Every industry, in the order a company draws from (a change reorders every filing)."""

_RESERVED_KEYS = frozenset(INCOME_KEYS)
"""Rows every income statement has; an industry's own lines must use other keys."""


def _range(values: Sequence[float], source: str, path: str) -> tuple[float, float]:
    low, high = values
    if low > high:
        raise ConfigError(f"range [{low}, {high}] runs backwards", source=source, path=path)
    return low, high


def _lines(entries: Sequence[dict[str, Any]], source: str, path: str) -> tuple[ExpenseLine, ...]:
    lines: list[ExpenseLine] = []
    for index, entry in enumerate(entries):
        where = f"{path}[{index}]"
        if entry["key"] in _RESERVED_KEYS or entry["key"] in [line.key for line in lines]:
            raise ConfigError(
                f"line key {entry['key']!r} is used twice or names a fixed row",
                source=source,
                path=f"{where}.key",
            )
        lines.append(
            ExpenseLine(
                entry["key"],
                entry["label"],
                *_range(entry["share"], source, f"{where}.share"),
                tuple(entry.get("drivers", ())),
            )
        )
    return tuple(lines)


def _risks(entries: Sequence[dict[str, Any]], source: str) -> tuple[RiskProfile, ...]:
    topics = [entry["topic"] for entry in entries]
    for index, topic in enumerate(topics):
        if topic in topics[:index]:
            raise ConfigError(
                f"risk topic {topic!r} appears twice", source=source, path=f"$.risks[{index}].topic"
            )
    return tuple(
        RiskProfile(entry["topic"], entry["label"], entry["headline"], entry["summary"], tuple(entry["body"]))
        for entry in entries
    )


_MODEL_ASSETS = ("cash", "accounts_receivable", "prepaid_and_other")
_MODEL_LIABILITIES = ("accounts_payable", "accrued_liabilities", "other_liabilities", "debt")


def _shares(
    entries: dict[str, Any], allowed: Sequence[str], source: str, path: str
) -> tuple[tuple[str, tuple[float, float]], ...]:
    for key in entries:
        if key not in allowed:
            raise ConfigError(f"{key!r} is not one of {list(allowed)}", source=source, path=f"{path}.{key}")
    return tuple((key, _range(entries[key], source, f"{path}.{key}")) for key in allowed if key in entries)


def _balance(document: dict[str, Any] | None, revenue_lines: Sequence[str], source: str) -> BalanceModel:
    """Check the ``balance_sheet`` section against the rules the schema cannot state."""
    if document is None:
        return GENERAL_BALANCE
    path = "$.balance_sheet"
    assets = _shares(document.get("assets", {}), _MODEL_ASSETS, source, f"{path}.assets")
    liabilities = _shares(document.get("liabilities", {}), _MODEL_LIABILITIES, source, f"{path}.liabilities")
    size = None
    if "size" in document:
        entry = document["size"]
        if entry["line"] not in revenue_lines:
            raise ConfigError(
                f"size line {entry['line']!r} is not a revenue line", source=source, path=f"{path}.size.line"
            )
        if entry["item"] != "total_assets" and entry["item"] not in dict(assets):
            raise ConfigError(
                f"size item {entry['item']!r} is not listed under assets",
                source=source,
                path=f"{path}.size.item",
            )
        size = BalanceSize(entry["line"], entry["item"], _range(entry["rate"], source, f"{path}.size.rate"))
    elif assets:
        raise ConfigError("asset shares need a size to be fractions of", source=source, path=f"{path}.assets")
    plug, equity = document.get("plug"), document.get("equity")
    if (plug is None) != (equity is None) or (plug is not None and plug not in _MODEL_LIABILITIES[:3]):
        raise ConfigError(
            "plug and equity come together, and plug names a liability other than debt",
            source=source,
            path=f"{path}.plug",
        )
    return BalanceModel(
        size=size,
        assets=assets,
        liabilities=liabilities,
        plug=plug,
        equity=_range(equity, source, f"{path}.equity") if equity is not None else None,
        labels=tuple(document.get("labels", {}).items()),
        details=tuple((key, tuple(parts)) for key, parts in document.get("details", {}).items()),
        investing_changes=tuple(document.get("investing_changes", ())),
        financing_changes=tuple(document.get("financing_changes", ())),
        cash_flow_labels=tuple(document.get("cash_flow_labels", {}).items()),
        tax_rate=_range(document["tax_rate"], source, f"{path}.tax_rate") if "tax_rate" in document else None,
        interest_rate=_range(document["interest_rate"], source, f"{path}.interest_rate")
        if "interest_rate" in document
        else None,
    )


def parse_industry(document: Any, source: str, key: str) -> Industry:
    """Check one industry document and return its profile.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.
        key: The key the file name promises.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema
            violation, a key other than the file's, a range that runs backwards, or a line key
            or risk topic used twice.

    """
    check_data_file(Validator(load_schema("industry"), "industry"), document, source)
    if document["key"] != key:
        raise ConfigError(
            f"key {document['key']!r} differs from the file's {key!r}", source=source, path="$.key"
        )
    expenses = _lines(document["expenses"], source, "$.expenses")
    revenue_lines = _lines(document.get("revenue_lines", ()), source, "$.revenue_lines")
    overlap = sorted({line.key for line in expenses} & {line.key for line in revenue_lines})
    if overlap:
        raise ConfigError(
            f"{overlap} are both revenue and expense lines", source=source, path="$.revenue_lines"
        )
    low_days, high_days = _range(document["inventory_days"], source, "$.inventory_days")
    return Industry(
        key=document["key"],
        label=document["label"],
        name_words=tuple(document["name_words"]),
        description=document["description"],
        products=document["products"],
        customers=document["customers"],
        competitors=document["competitors"],
        regulation=tuple(document["regulation"]),
        seasonality=document["seasonality"],
        segments=tuple(
            SegmentProfile(
                entry["name"],
                entry["offering"],
                entry["recognition"],
                tuple(entry["growth_reasons"]),
                tuple(entry["decline_reasons"]),
            )
            for entry in document["segments"]
        ),
        risks=_risks(document["risks"], source),
        gross_margin=_range(document["gross_margin"], source, "$.gross_margin"),
        expenses=expenses,
        receivable_days=(int(document["receivable_days"][0]), int(document["receivable_days"][1])),
        inventory_days=(int(low_days), int(high_days)),
        capex_share=_range(document["capex_share"], source, "$.capex_share"),
        growth=document["growth"],
        statement_labels=StatementLabels(**document.get("statement_labels", {})),
        revenue_lines=revenue_lines,
        dividend_payout=_range(document["dividend_payout"], source, "$.dividend_payout")
        if "dividend_payout" in document
        else None,
        metrics=tuple(document.get("metrics", ())),
        trade_terms=document.get("trade_terms", True),
        depreciation_share=_range(document["depreciation_share"], source, "$.depreciation_share")
        if "depreciation_share" in document
        else None,
        channels=tuple(document.get("channels", ())),
        domestic=document.get("domestic", False),
        property_uses=tuple(document.get("property_uses", ())),
        leased_premises=document.get("leased_premises"),
        audit_matters=tuple(document.get("audit_matters", ())),
        balance=_balance(document.get("balance_sheet"), [line.key for line in revenue_lines], source),
        bands=SideFactBands(
            _range(document["bands"]["revenue_per_employee"], source, "$.bands.revenue_per_employee")
        ),
    )


def industry_source(key: str) -> str:
    """Return the repository path of an industry's file, as errors name it."""
    return f"finsynth/world/{INDUSTRIES_FOLDER}/{key}.yaml"


def _shipped_industries() -> tuple[Industry, ...]:
    folder = resources.files(PACKAGE).joinpath(INDUSTRIES_FOLDER)
    files = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".yaml"))
    listed = sorted(f"{key}.yaml" for key in INDUSTRY_KEYS)
    if files != listed:
        unlisted = sorted(set(files) - set(listed))
        missing = sorted(set(listed) - set(files))
        raise ConfigError(
            f"industry files not in INDUSTRY_KEYS: {unlisted}; keys without a file: {missing}",
            source=f"finsynth/world/{INDUSTRIES_FOLDER}",
        )
    return tuple(
        parse_industry(
            shipped_yaml.load(folder.joinpath(f"{key}.yaml").read_text(encoding="utf-8")),
            industry_source(key),
            key,
        )
        for key in INDUSTRY_KEYS
    )


INDUSTRIES: tuple[Industry, ...] = _shipped_industries()

INDUSTRY_BY_LABEL: dict[str, Industry] = {industry.label: industry for industry in INDUSTRIES}
"""Every shipped industry by its label (labels are unique: a filing names its industry by label)."""
"""The shipped industries, in :data:`INDUSTRY_KEYS` order (companies draw an industry by position)."""
