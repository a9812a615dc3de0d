"""Word choices never break a fixed term or subject-verb agreement, in the house style or in filings.

The house style swaps interchangeable phrases per filing; a swap inside a term of art ("generally
accepted accounting principles" -> "usually accepted ...") or one that changes a subject's number
("common stock is" -> "common shares is") broke sentences in 131 and 115 of 220 filings before
issue #29. The first tests reword every fixed term under many drawn styles; the last reads filings
of every industry, rendered in full, for the broken forms.
"""

from __future__ import annotations

import re

from finsynth.generators.filings import make_filing
from finsynth.generators.filings.house_style import draw_style
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.industries import INDUSTRIES
from tests.generators.filings.seeds import industry_seeds

FIXED_TERMS = (
    "U.S. generally accepted accounting principles",
    "funds from operations (FFO)",
    "our common stock is listed on",
    "our common stock trades on",
    "operations and maintenance expense",
    "net cash provided by operating activities",
)
"""Terms a filing must keep word for word (checked inside a sentence, mid-sentence and at its start)."""
STYLES = 300
BROKEN = re.compile(
    r"usually accepted accounting|typically accepted accounting|funds from activities"
    r"|common shares (?:is|was|has)\b"
    r"|(?<!of )(?<!in )(?<!for )\b(?:our|the|its|these|those|such|their) (?:[a-z]+ )?"
    r"(?:shares|securities|results|costs|customers|clients|employees|lawsuits|operations|activities|loans|deposits|premiums|reserves|investors"
    r"|shareholders|stockholders|rivals|competitors|vendors|suppliers) (?:is|was|has)\b",
    re.IGNORECASE,
)
"""Forms a word swap produces and no writer would: a broken term of art, a plural with a singular verb."""
PLURAL_LINES = (
    "Compensation and benefits",
    "Exploration and administrative costs",
    "Maintenance, aircraft rent and landing fees",
    "Management and franchise fees",
    "Net sales",
    "Other noninterest costs",
    "Other operating costs",
    "Other underwriting costs",
    "Production and ad valorem taxes",
    "Property taxes, insurance and ground rent",
    "Real estate taxes",
    "Salaries and employee benefits",
    "Salaries, wages and benefits",
    "Taxes other than income taxes",
)
"""Statement lines that are plural subjects ("Real estate taxes were"), listed by hand."""
PLURAL_WITH_SINGULAR_VERB = re.compile(
    r"\b(?:" + "|".join(map(re.escape, PLURAL_LINES)) + r") (?:was|is|has)\b"
)


def test_no_drawn_style_rewords_a_fixed_term() -> None:
    for seed in range(STYLES):
        style = draw_style(make_company(RandomStream(seed)), RandomStream(seed + 1))
        for term in FIXED_TERMS:
            for sentence in (f"We note {term} here.", f"{term[0].upper()}{term[1:]} matter."):
                assert term.lower() in style.reword(sentence).lower(), (seed, term, style.reword(sentence))


def test_the_broken_forms_are_caught() -> None:
    for text in (
        "in conformity with U.S. usually accepted accounting principles",
        "Our common shares is listed on the Nasdaq Global Select Market.",
        "Funds from activities (FFO) rose.",
        "Our operating costs is rising.",
    ):
        assert BROKEN.search(text), text
    assert PLURAL_WITH_SINGULAR_VERB.search("Production and ad valorem taxes was $29,087 thousand.")
    assert not PLURAL_WITH_SINGULAR_VERB.search("Provision for income taxes was $37,646 thousand.")


def test_filings_of_every_industry_keep_fixed_terms_and_agreement() -> None:
    for industry in INDUSTRIES:
        for seed in industry_seeds(industry.key, 1, start=900):
            text = make_filing(seed, target_tokens=27_000).text
            for broken in (BROKEN, PLURAL_WITH_SINGULAR_VERB):
                found = broken.search(text)
                where = text[max(0, found.start() - 120) : found.end() + 60] if found else ""
                assert found is None, (industry.key, seed, where)
