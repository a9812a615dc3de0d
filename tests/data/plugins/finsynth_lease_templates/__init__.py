"""An example plugin package: one FinChain template in a topic it adds to Corporate Finance.

A real package declares it in its ``pyproject.toml``::

    [project.entry-points."finsynth.generators"]
    lease_templates = "finsynth_lease_templates"

``tests/generators/test_plugins.py`` installs it through a temporary ``.dist-info`` folder.
"""

from finsynth.generators.finchain import Template, add_topic, count, money, numeric, step, template
from finsynth.generators.finchain.quantities import Unit

add_topic("corporate_finance", "lease_accounting", "Lease Accounting")


@template(difficulty="basic", domain="corporate_finance", topic="lease_accounting")
def straight_line_lease_expense() -> Template:
    """Straight-line lease expense: total lease payments / lease term.

    Bands:
        annual_expense: 800 to 450,000
    """
    return Template(
        givens=[
            money("total_payments", 12_000, 900_000, step=100),
            count("term_years", 2, 15, unit=Unit.YEARS),
        ],
        question=(
            "A company signs an operating lease with total payments of {total_payments} over "
            "{term_years}. What is the straight-line lease expense per year? Round to the nearest cent."
        ),
        steps=[step("annual_expense", "total_payments / term_years", "Lease expense per year")],
        answer=numeric("annual_expense"),
    )
