"""Tax calculation: U.S. federal income tax under progressive brackets.

Every question prints the bracket schedule it uses (the 2024 single-filer brackets, standard
deduction and child tax credit, stated as constants below), so no figure is hidden. The topic
covers tax owed, effective and average rates, the marginal rate against the average rate, the tax
on a raise, and a full return from wages to the balance due or refund.
"""

from finsynth.generators.finchain.dsl import Template, count, money, numeric, person, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BRACKET_FLOORS = (0, 11_600, 47_150, 100_525, 191_950, 243_725, 609_350)
"""Taxable income at which each bracket starts (2024, single filer)."""
BRACKET_RATES = (0.10, 0.12, 0.22, 0.24, 0.32, 0.35, 0.37)
"""Rate applied to the part of taxable income inside each bracket."""
STANDARD_DEDUCTION = 14_600
"""2024 standard deduction for a single filer."""
CHILD_TAX_CREDIT = 2_000
"""Child tax credit per qualifying child (phase-outs and refundability are left out)."""


def _bracket_tax(income: str) -> str:
    """Return the tax formula for ``income``: each rate times the part of income inside its bracket."""
    terms = []
    for index, bracket_rate in enumerate(BRACKET_RATES):
        floor = BRACKET_FLOORS[index]
        if index + 1 == len(BRACKET_FLOORS):
            part = f"max(0, {income} - {floor})"
        elif floor == 0:
            part = f"min({income}, {BRACKET_FLOORS[index + 1]})"
        else:
            part = f"max(0, min({income}, {BRACKET_FLOORS[index + 1]}) - {floor})"
        terms.append(f"{bracket_rate} * {part}")
    return " + ".join(terms)


def _marginal_rate(income: str) -> str:
    """Return the formula for the rate of the bracket holding the last dollar of ``income``."""
    formula = str(BRACKET_RATES[-1])
    for index in reversed(range(len(BRACKET_RATES) - 1)):
        formula = f"{BRACKET_RATES[index]} if {income} <= {BRACKET_FLOORS[index + 1]} else ({formula})"
    return formula


def _schedule() -> str:
    """Return the bracket schedule in words, as every question prints it."""
    parts = [f"{BRACKET_RATES[0]:.0%} on the first ${BRACKET_FLOORS[1]:,} of taxable income"]
    for index in range(1, len(BRACKET_RATES) - 1):
        low, high = BRACKET_FLOORS[index], BRACKET_FLOORS[index + 1]
        parts.append(f"{BRACKET_RATES[index]:.0%} on the part from ${low:,} to ${high:,}")
    parts.append(f"and {BRACKET_RATES[-1]:.0%} on the part above ${BRACKET_FLOORS[-1]:,}")
    return ", ".join(parts)


SCHEDULE = _schedule()
"""E.g. ``10% on the first $11,600 of taxable income, 12% on the part from $11,600 to $47,150, ...``."""


@template(difficulty="basic")
def tax_owed_on_taxable_income() -> Template:
    """Progressive tax: T = Σ_k rate_k · max(0, min(income, top_k) − bottom_k) over the brackets.

    Bands:
        income_tax / taxable_income: 10% to 37%
    """
    return Template(
        givens=[person("filer"), money("taxable_income", 5_000, 700_000, step=10)],
        question=(
            "{filer}, a single filer, has taxable income of {taxable_income}. Federal income tax is "
            "charged at " + SCHEDULE + ". Each rate applies only to the part of income inside its "
            "bracket. How much federal income tax does {filer} owe? Round to the nearest cent."
        ),
        steps=[step("income_tax", _bracket_tax("taxable_income"), "Tax bracket by bracket")],
        answer=numeric("income_tax"),
    )


@template(difficulty="basic")
def effective_tax_rate_after_the_standard_deduction() -> Template:
    """Effective tax rate: T(gross − standard deduction) / gross, with T the progressive bracket tax.

    Bands:
        effective_tax_rate: 2% to 29%
    """
    return Template(
        givens=[person("filer"), money("gross_income", 20_000, 500_000, step=50)],
        question=(
            "{filer}, a single filer, has gross income of {gross_income} and takes the standard deduction "
            f"of ${STANDARD_DEDUCTION:,}. Taxable income is taxed at " + SCHEDULE + ". What is "
            "{filer}'s effective tax rate, meaning federal income tax divided by gross income? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "taxable_income",
                f"gross_income - {STANDARD_DEDUCTION}",
                "Income after the standard deduction",
            ),
            step("income_tax", _bracket_tax("taxable_income"), "Tax bracket by bracket"),
            step(
                "effective_tax_rate",
                "income_tax / gross_income",
                "Tax as a share of gross income",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("effective_tax_rate"),
    )


@template(difficulty="intermediate")
def marginal_rate_minus_average_rate() -> Template:
    """Marginal rate (the bracket of the last dollar) minus average rate T(income) / income.

    Bands:
        rate_gap: 0% to 13%
    """
    return Template(
        givens=[person("filer"), money("taxable_income", 15_000, 700_000, step=10)],
        question=(
            "{filer}, a single filer, has taxable income of {taxable_income}, taxed at " + SCHEDULE + ". "
            "The marginal tax rate is the rate on the last dollar of taxable income; the average tax rate "
            "is the total tax divided by taxable income. By how many percentage points does the marginal "
            "rate exceed the average rate? Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("income_tax", _bracket_tax("taxable_income"), "Tax bracket by bracket"),
            step(
                "average_tax_rate",
                "income_tax / taxable_income",
                "Average tax rate",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "marginal_tax_rate",
                _marginal_rate("taxable_income"),
                "Rate of the bracket holding the last dollar",
                unit=Unit.PERCENT,
                decimals=0,
            ),
            step(
                "rate_gap",
                "marginal_tax_rate - average_tax_rate",
                "Marginal rate less average rate",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("rate_gap"),
    )


@template(difficulty="intermediate")
def share_of_a_raise_paid_in_tax() -> Template:
    """Tax rate on extra income: (T(income + raise) − T(income)) / raise, with T the bracket tax.

    Bands:
        tax_rate_on_raise: 10% to 37%
    """
    return Template(
        givens=[
            person("filer"),
            money("taxable_income", 10_000, 650_000, step=10),
            money("raise_amount", 1_000, 40_000, step=100),
        ],
        question=(
            "{filer}, a single filer, has taxable income of {taxable_income} and is offered a raise of "
            "{raise_amount}, all of which would be taxable. Income is taxed at " + SCHEDULE + ". What share "
            "of the raise would go to federal income tax? Give the answer as a percentage to two decimal "
            "places."
        ),
        steps=[
            step("tax_before_raise", _bracket_tax("taxable_income"), "Tax on the current income"),
            step("income_after_raise", "taxable_income + raise_amount", "Taxable income with the raise"),
            step("tax_after_raise", _bracket_tax("income_after_raise"), "Tax on the higher income"),
            step(
                "tax_rate_on_raise",
                "(tax_after_raise - tax_before_raise) / raise_amount",
                "Extra tax as a share of the raise",
                unit=Unit.PERCENT,
                decimals=2,
            ),
        ],
        answer=numeric("tax_rate_on_raise"),
    )


@template(difficulty="advanced")
def balance_due_or_refund_after_deductions_and_credits() -> Template:
    """Form 1040 in brief: balance due = max(0, T(max(0, AGI − max(std, itemized))) − credits) − withholding.

    AGI is wages less pre-tax 401(k) contributions and T is the progressive bracket tax.

    Bands:
        balance_due / wages: -30% to 30%
    """
    return Template(
        givens=[
            person("filer"),
            money("wages", 25_000, 400_000, step=50),
            money("retirement_contribution", 0, 23_000, step=100),
            money("itemized_deductions", 2_000, 40_000, step=50),
            count("children", 0, 4),
            money("withholding", 500, 120_000, step=50),
        ],
        constraints=["retirement_contribution <= 0.5 * wages", "0.03 * wages <= withholding <= 0.3 * wages"],
        question=(
            "{filer} files as single with {wages} of wages, of which {retirement_contribution} went into a "
            "traditional 401(k) before tax. {filer} can itemize {itemized_deductions} of deductions or take "
            f"the ${STANDARD_DEDUCTION:,} standard deduction, whichever is larger. The number of "
            f"qualifying children is {{children}}, and each gives a ${CHILD_TAX_CREDIT:,} "
            "child tax credit (treat the credit "
            "as nonrefundable and ignore phase-outs). Taxable income is taxed at " + SCHEDULE + ". "
            "Employers withheld {withholding} of federal income tax during the year. How much does "
            "{filer} still owe when filing? Give a negative number for a refund. Round to the nearest cent."
        ),
        steps=[
            step(
                "adjusted_gross_income",
                "wages - retirement_contribution",
                "Wages less pre-tax 401(k) contributions",
            ),
            step(
                "deduction", f"max({STANDARD_DEDUCTION}, itemized_deductions)", "Larger of the two deductions"
            ),
            step("taxable_income", "max(0, adjusted_gross_income - deduction)", "Taxable income"),
            step("tax_before_credits", _bracket_tax("taxable_income"), "Tax bracket by bracket"),
            step(
                "tax_after_credits",
                f"max(0, tax_before_credits - {CHILD_TAX_CREDIT} * children)",
                "Tax after the child tax credit",
            ),
            step("balance_due", "tax_after_credits - withholding", "Tax still owed (negative: refund)"),
        ],
        answer=numeric("balance_due"),
    )
