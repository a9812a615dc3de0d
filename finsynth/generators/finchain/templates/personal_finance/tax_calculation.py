"""Tax calculation: U.S. federal income tax under progressive brackets.

Every question prints the bracket schedule it uses (the 2024 single-filer brackets and standard
deduction, stated as constants below), so no figure is hidden. The topic covers tax owed after a
nonrefundable credit, effective and average rates, the marginal rate against the average rate,
the tax on a raise, and what deferring tax in a traditional 401(k) is worth against a taxable account.
"""

from finsynth.generators.finchain.dsl import Template, count, money, numeric, option, person, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BRACKET_FLOORS = (0, 11_600, 47_150, 100_525, 191_950, 243_725, 609_350)
"""Taxable income at which each bracket starts (2024, single filer)."""
BRACKET_RATES = (0.10, 0.12, 0.22, 0.24, 0.32, 0.35, 0.37)
"""Rate applied to the part of taxable income inside each bracket."""
HEAT_PUMP_CREDIT_RATE = 0.30
"""Share of a heat pump's cost credited against tax (IRC §25C, 2023 onward)."""
HEAT_PUMP_CREDIT_CAP = 2_000
"""Most the §25C credit gives for heat pumps in a year."""
STANDARD_DEDUCTION = 14_600
"""2024 standard deduction for a single filer."""
RETIREMENT_RATES = {"10%": 0.10, "12%": 0.12, "22%": 0.22, "24%": 0.24}
"""Bracket rates a retiree's 401(k) withdrawals are commonly taxed at."""


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
def tax_owed_after_a_heat_pump_credit() -> Template:
    """Progressive tax less a nonrefundable credit: T(income) − min(30% · cost, $2,000).

    T(income) = Σ_k rate_k · max(0, min(income, top_k) − bottom_k) over the brackets; the energy
    efficient home improvement credit (IRC §25C, 2023–2032) is 30% of a heat pump's cost up to
    $2,000 a year. Taxable income starts at $20,000, whose tax ($2,168) exceeds the largest credit.

    Bands:
        tax_owed / taxable_income: 0% to 37%

    Relations:
        heat_pump_cost: 3,000 to 12,000 [heat_pump_installed_cost]
        heat_pump_credit <= income_tax [nonrefundable_energy_credit]
    """
    return Template(
        givens=[
            person("filer"),
            money("taxable_income", 20_000, 700_000, step=10),
            money("heat_pump_cost", 3_000, 12_000, step=50),
        ],
        question=(
            "{filer}, a single filer, has taxable income of {taxable_income}. Federal income tax is "
            "charged at " + SCHEDULE + ". Each rate applies only to the part of income inside its "
            "bracket. This year {filer} installed a heat pump for {heat_pump_cost}, which earns a "
            f"nonrefundable credit of {HEAT_PUMP_CREDIT_RATE:.0%} of its cost, at most "
            f"${HEAT_PUMP_CREDIT_CAP:,}. How much "
            "federal income tax does {filer} owe after the credit? Round to the nearest cent."
        ),
        steps=[
            step("income_tax", _bracket_tax("taxable_income"), "Tax bracket by bracket"),
            step(
                "heat_pump_credit",
                f"min({HEAT_PUMP_CREDIT_RATE} * heat_pump_cost, {HEAT_PUMP_CREDIT_CAP})",
                "Credit: 30% of the cost, capped",
            ),
            step("tax_owed", "income_tax - heat_pump_credit", "Tax after the credit"),
        ],
        answer=numeric("tax_owed"),
    )


@template(difficulty="basic")
def effective_tax_rate_after_the_standard_deduction() -> Template:
    """Effective tax rate: T(gross − standard deduction) / gross, with T the progressive bracket tax.

    Bands:
        effective_tax_rate: 2% to 29%

    Relations:
        gross_income: 20,000 to 500,000 [individual_taxable_income]
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

    Relations:
        taxable_income: 15,000 to 700,000 [individual_taxable_income]
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

    Relations:
        raise_amount / taxable_income: 1% to 30% [pay_raise_share]
    """
    return Template(
        givens=[
            person("filer"),
            money("taxable_income", 10_000, 650_000, step=10),
            money("raise_amount", 1_000, 40_000, step=100),
        ],
        constraints=[
            "raise_amount >= 0.01 * taxable_income",
            "raise_amount <= 0.3 * taxable_income",
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
def traditional_401k_advantage_over_a_taxable_account() -> Template:
    """Tax-deferred versus taxable saving of the same pre-tax dollars C over n years.

    401(k): C (1 + r)^n (1 − t_ret). Taxable: C (1 − t) (1 + r (1 − t))^n, with t the marginal bracket
    rate now (income taxed every year). Advantage = 401(k) − taxable.

    Bands:
        marginal_rate: 10% to 37%
        advantage / contribution: -40% to 700%
        after_tax_withdrawal / taxable_balance: 85% to 350%

    Relations:
        contribution <= 23000 [elective_deferral_limit]
        annual_return: 3% to 7% [long_run_portfolio_return]
    """
    return Template(
        givens=[
            person("filer"),
            money("taxable_income", 20_000, 400_000, step=50),
            money("contribution", 1_000, 23_000, step=100),
            rate("annual_return", 3, 7, step=0.1, decimals=1),
            count("years", 10, 35, unit=Unit.YEARS),
            option("retirement_tax_rate", RETIREMENT_RATES),
        ],
        # A contribution is a modest slice of pay, not more than the income it is taken from.
        constraints=["contribution <= 0.3 * taxable_income"],
        question=(
            "{filer} files as single with taxable income of {taxable_income}, taxed at " + SCHEDULE + ". "
            "{filer} can put {contribution} of wages into a traditional 401(k) before tax, or take it as "
            "pay, lose tax on it at the rate of the bracket that holds the last dollar of the "
            "{taxable_income}, and invest the rest in a taxable bond fund. Both earn {annual_return} a year "
            "for {years}. The bond fund's income is taxed every year at that same bracket rate; the 401(k) "
            "grows untaxed and is then withdrawn in full, taxed at {retirement_tax_rate}. How much more "
            "after-tax money does the 401(k) leave at the end? Give a negative number if it leaves less. "
            "Round to the nearest cent."
        ),
        steps=[
            step(
                "marginal_rate",
                _marginal_rate("taxable_income"),
                "Rate of the bracket holding the last dollar",
                unit=Unit.PERCENT,
                decimals=0,
            ),
            step(
                "deferred_balance",
                "contribution * (1 + annual_return) ** years",
                "401(k) balance before withdrawal tax",
            ),
            step(
                "after_tax_withdrawal",
                "deferred_balance * (1 - retirement_tax_rate)",
                "401(k) after the withdrawal tax",
            ),
            step(
                "taxable_balance",
                "contribution * (1 - marginal_rate) * (1 + annual_return * (1 - marginal_rate)) ** years",
                "Taxable account: after-tax pay grown at the after-tax return",
            ),
            step("advantage", "after_tax_withdrawal - taxable_balance", "401(k) advantage (negative: less)"),
        ],
        answer=numeric("advantage"),
    )
