"""FinChain-style symbolic templates: the template language, ``@template`` and trace replay.

Templates live in ``templates/<domain>/<topic>.py``; see ``compound_interest.py`` for a model.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    categorical,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    option,
    person,
    rate,
    series,
    step,
)
from finsynth.generators.finchain.formula import Formula, parse_formula
from finsynth.generators.finchain.quantities import Quantity, Unit
from finsynth.generators.finchain.taxonomy import add_topic
from finsynth.generators.finchain.template import FinChainGenerator, template
from finsynth.generators.finchain.trace import Replay, check_record, replay_trace

__all__ = [
    "FinChainGenerator",
    "Formula",
    "Quantity",
    "Replay",
    "Template",
    "Unit",
    "add_topic",
    "categorical",
    "check_record",
    "company",
    "count",
    "derived",
    "money",
    "number",
    "numeric",
    "option",
    "parse_formula",
    "person",
    "rate",
    "replay_trace",
    "series",
    "step",
    "template",
]
