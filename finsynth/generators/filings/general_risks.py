"""Risk factors any company may cite, loaded from ``resources/general_risks.yaml``.

The file (written for finsynth) is checked against ``filings_general_risks.schema.json`` when
loaded, then against the rules a schema cannot state (a known subheading, topics unique, only the
placeholders of :mod:`~finsynth.generators.filings.risk_facts`, and in every sentence a wording that
any company can fill). Each headline and explaining sentence comes in one or more wordings of the
same idea, each composed around the company's own facts (its segments and their share of revenue,
its headquarters, head count, debt, tax rate, goodwill, quarters); a filing draws one of the
wordings its facts can fill (:meth:`GeneralRisk.draw`), so the same risk reads as this company's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from finsynth.errors import ConfigError
from finsynth.generators.filings.resource_files import check_placeholders, read_resource, texts_of
from finsynth.generators.filings.risk_facts import ALWAYS, PLACEHOLDERS, fill, names_in
from finsynth.schemas import Validator, load_schema
from finsynth.schemas.loader import check_data_file
from finsynth.seeding import RandomStream
from finsynth.world.industry_profiles import RiskProfile

RISKS_FILE = "resources/general_risks.yaml"
"""Where the general risks live, relative to the ``finsynth.generators.filings`` package."""
BODY_PLACEHOLDERS = PLACEHOLDERS
"""What a risk's headline and explaining sentences may name: the company's facts (:mod:`.risk_facts`)."""


@dataclass(frozen=True)
class GeneralRisk:
    """A general risk factor with every wording of its headline and sentences.

    Attributes:
        group: The subheading it appears under.
        topic: Stable key, used in fact keys (``risk.<topic>``).
        label: What the risk concerns, for questions.
        summary: The risk in one clause, used in reference answers.
        headlines: Wordings of the headline.
        body: For each explaining sentence, its wordings. Headlines and sentences name the
            company's facts as ``{placeholders}`` (:data:`BODY_PLACEHOLDERS`).
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

    def draw(self, stream: RandomStream, facts: dict[str, str]) -> RiskProfile:
        """Return the risk as one filing words it: one wording of the headline and of each sentence.

        Args:
            stream: Draws each wording among those ``facts`` can fill.
            facts: The company's facts (:func:`~finsynth.generators.filings.risk_facts.risk_facts`).

        """
        return RiskProfile(
            self.topic,
            self.label,
            fill(self.headlines, facts, stream),
            self.summary,
            tuple(fill(wordings, facts, stream) for wordings in self.body),
        )


def check_fillable(wordings: list[str], source: str, path: str) -> None:
    """Refuse a sentence none of whose wordings names only facts every company has (:data:`ALWAYS`).

    Raises:
        ConfigError: Naming the source and the sentence's JSON path.

    """
    if not any(set(names_in(wording)) <= set(ALWAYS) for wording in wordings):
        message = "no wording names only facts every company has (see risk_facts.ALWAYS)"
        raise ConfigError(message, source=source, path=path)


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
        check_placeholders(fixed, (), source)
        sentences = [(f"{where}.headline", entry["headline"])]
        sentences.extend(
            (f"{where}.body[{number}]", wordings) for number, wordings in enumerate(entry["body"])
        )
        for path, wordings in sentences:
            check_placeholders(texts_of(path, wordings), BODY_PLACEHOLDERS, source)
            check_fillable(wordings, source, path)
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
