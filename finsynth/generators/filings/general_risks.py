"""Risk factors any company may cite, loaded from ``resources/general_risks.yaml``.

The file (written for finsynth) is checked against ``filings_general_risks.schema.json`` when
loaded, then against the rules a schema cannot state (a known subheading, topics unique). Each
headline and explaining sentence comes in one or more wordings of the same idea; a filing draws
one of each (:meth:`GeneralRisk.draw`), so a general risk reads differently from one filing to
the next while it says the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from finsynth.errors import ConfigError
from finsynth.generators.filings.resource_files import check_placeholders, read_resource, texts_of
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file
from finsynth.seeding import RandomStream
from finsynth.world.industry_profiles import RiskProfile

RISKS_FILE = "resources/general_risks.yaml"
"""Where the general risks live, relative to the ``finsynth.generators.filings`` package."""
BODY_PLACEHOLDERS = ("customers", "products", "competitors")
"""What a risk's explaining sentences may name (the industry fills them); headlines name nothing."""


@dataclass(frozen=True)
class GeneralRisk:
    """A general risk factor with every wording of its headline and sentences.

    Attributes:
        group: The subheading it appears under.
        topic: Stable key, used in fact keys (``risk.<topic>``).
        label: What the risk concerns, for questions.
        summary: The risk in one clause, used in reference answers.
        headlines: Wordings of the headline.
        body: For each explaining sentence, its wordings; may use ``{customers}``, ``{products}``
            and ``{competitors}``.
        trade_only: Whether only a company that sells goods on trade terms cites it (suppliers,
            distributors, receivables); a bank, insurer or REIT (``Industry.trade_terms`` false) does not.
        foreign_only: Whether only a company with revenue outside the United States cites it
            (currencies, tariffs); a domestic industry (``Industry.domestic``) does not.

    """

    group: str
    topic: str
    label: str
    summary: str
    headlines: tuple[str, ...]
    body: tuple[tuple[str, ...], ...]
    trade_only: bool = False
    foreign_only: bool = False

    def draw(self, stream: RandomStream) -> RiskProfile:
        """Return the risk as one filing words it: one wording of the headline and of each sentence."""
        return RiskProfile(
            self.topic,
            self.label,
            stream.choice(self.headlines),
            self.summary,
            tuple(stream.choice(wordings) for wordings in self.body),
        )


def parse_general_risks(document: Any, source: str) -> tuple[GeneralRisk, ...]:
    """Check a general-risks document and return its risks in file order.

    Args:
        document: The parsed YAML document.
        source: Where it came from, for error messages.

    Raises:
        ConfigError: Naming the source and the JSON path of the first problem: a schema
            violation, a subheading key not in ``groups``, a topic used twice, or a placeholder
            the code does not fill there.

    """
    validator = Validator(load_schema("filings_general_risks"), "filings general risks")
    check_data_file(validator, document, source)
    groups: dict[str, str] = document["groups"]
    risks: list[GeneralRisk] = []
    for index, entry in enumerate(document["risks"]):
        where = f"$.risks[{index}]"
        if entry["group"] not in groups:
            message = f"group {entry['group']!r} is not one of {sorted(groups)}"
            raise ConfigError(message, source=source, path=f"{where}.group")
        if entry["topic"] in [risk.topic for risk in risks]:
            message = f"risk topic {entry['topic']!r} appears twice"
            raise ConfigError(message, source=source, path=f"{where}.topic")
        fixed = [(f"{where}.{field}", entry[field]) for field in ("label", "summary")]
        check_placeholders([*fixed, *texts_of(f"{where}.headline", entry["headline"])], (), source)
        for number, wordings in enumerate(entry["body"]):
            check_placeholders(texts_of(f"{where}.body[{number}]", wordings), BODY_PLACEHOLDERS, source)
        risks.append(
            GeneralRisk(
                groups[entry["group"]],
                entry["topic"],
                entry["label"],
                entry["summary"],
                tuple(entry["headline"]),
                tuple(tuple(wordings) for wordings in entry["body"]),
                entry.get("trade_only", False),
                entry.get("foreign_only", False),
            )
        )
    return tuple(risks)


def _shipped() -> tuple[GeneralRisk, ...]:
    return parse_general_risks(*read_resource(RISKS_FILE))


GENERAL_RISKS: tuple[GeneralRisk, ...] = _shipped()
"""The shipped general risks, in file order (companies draw from them by position)."""
