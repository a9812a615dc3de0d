"""A build plugin with a template of only three possible questions, to test disjoint splits."""

from finsynth.generators.finchain.dsl import Template, count, numeric, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic", domain="investment_analysis", topic="compound_interest")
def doubling_a_small_count() -> Template:
    """Doubling: 2 · n (a test template with three possible questions).

    Bands:
        doubled: 2 to 6
    """
    return Template(
        givens=[count("items", 1, 3, unit=Unit.UNITS)],
        question="A shelf holds {items}. How many units do two such shelves hold?",
        steps=[step("doubled", "2 * items", "Units on two shelves", unit=Unit.UNITS, decimals=0)],
        answer=numeric("doubled"),
        small_space="three questions by design",
    )
