"""Balance sheets: the accounting equation, classified assets and liabilities, equity and bonds payable.

Assets = liabilities + stockholders' equity. Current items are those expected to turn into cash,
or fall due, within a year; equity changes with net income, dividends, share issues and buybacks.
Bonds payable are carried at amortized cost under the effective interest method.
"""

from finsynth.generators.finchain.dsl import Template, company, count, derived, money, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def stockholders_equity_from_the_accounting_equation() -> Template:
    """Accounting equation: equity = total assets − total liabilities.

    Bands:
        total_liabilities / total_assets: 0% to 90%

    Relations:
        (accounts_payable + long_term_debt) / (cash + receivables + inventory + net_ppe): 0% to 90%
            [liabilities_to_assets]
    """
    return Template(
        givens=[
            company("firm"),
            money("cash", 10_000, 5_000_000, step=500),
            money("receivables", 10_000, 6_000_000, step=500),
            money("inventory", 10_000, 8_000_000, step=500),
            money("net_ppe", 50_000, 30_000_000, step=1_000),
            money("accounts_payable", 10_000, 6_000_000, step=500),
            money("long_term_debt", 0, 20_000_000, step=1_000),
        ],
        constraints=["accounts_payable + long_term_debt <= 0.9 * (cash + receivables + inventory + net_ppe)"],
        question=(
            "At year-end {firm} holds cash of {cash}, accounts receivable of {receivables}, inventory of "
            "{inventory}, and net property, plant and equipment of {net_ppe}. It owes {accounts_payable} to "
            "suppliers and {long_term_debt} in long-term debt, and has no other assets or liabilities. What "
            "is total stockholders' equity? Round to the nearest cent."
        ),
        steps=[
            step("total_assets", "cash + receivables + inventory + net_ppe", "Total assets"),
            step("total_liabilities", "accounts_payable + long_term_debt", "Total liabilities"),
            step("stockholders_equity", "total_assets - total_liabilities", "Stockholders' equity"),
        ],
        answer=numeric("stockholders_equity"),
    )


@template(difficulty="basic")
def ending_retained_earnings() -> Template:
    """Retained earnings roll-forward: RE₁ = RE₀ + net income − preferred dividends − common dividends.

    Bands:
        dividends_declared / net_income: 0% to 150%

    Relations:
        (preferred_dividends + common_dividends) / net_income: 0% to 150% [dividend_payout_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("beginning_retained_earnings", 100_000, 40_000_000, step=1_000),
            money("net_income", 10_000, 8_000_000, step=500),
            money("preferred_dividends", 0, 600_000, step=250),
            money("common_dividends", 0, 4_000_000, step=500),
        ],
        constraints=[
            "preferred_dividends + common_dividends <= 1.5 * net_income",
        ],
        question=(
            "{firm} started the year with retained earnings of {beginning_retained_earnings}. It earned net "
            "income of {net_income}, declared preferred dividends of {preferred_dividends}, and declared "
            "common dividends of {common_dividends}. What is the retained earnings balance at year-end? "
            "Round to the nearest cent."
        ),
        steps=[
            step("dividends_declared", "preferred_dividends + common_dividends", "Total dividends declared"),
            step(
                "ending_retained_earnings",
                "beginning_retained_earnings + net_income - dividends_declared",
                "Retained earnings at year-end",
            ),
        ],
        answer=numeric("ending_retained_earnings"),
    )


@template(difficulty="intermediate")
def book_value_per_common_share() -> Template:
    """Book value per share = (total assets − total liabilities − preferred equity) / common shares.

    Bands:
        book_value_per_share: 0.5 to 600
        (total_liabilities + preferred_equity) / total_assets: 0% to 90%

    Relations:
        total_liabilities / total_assets: 0% to 90% [liabilities_to_assets]
    """
    return Template(
        givens=[
            company("firm"),
            money("total_assets", 1_000_000, 200_000_000, step=1_000),
            money("total_liabilities", 200_000, 150_000_000, step=1_000),
            money("preferred_equity", 0, 10_000_000, step=1_000),
            count("common_shares", 100_000, 20_000_000, unit=Unit.SHARES),
        ],
        constraints=[
            "total_liabilities + preferred_equity <= 0.9 * total_assets",
            "common_shares <= total_assets / 5",
        ],
        question=(
            "{firm}'s balance sheet shows total assets of {total_assets} and total liabilities of "
            "{total_liabilities}. Stockholders' equity includes preferred stock carried at "
            "{preferred_equity}, and {common_shares} of common stock are outstanding. What is the book value "
            "per common share? Round to the nearest cent."
        ),
        steps=[
            step("stockholders_equity", "total_assets - total_liabilities", "Total stockholders' equity"),
            step(
                "common_equity",
                "stockholders_equity - preferred_equity",
                "Equity belonging to common holders",
            ),
            step(
                "book_value_per_share",
                "common_equity / common_shares",
                "Book value per common share",
            ),
        ],
        answer=numeric("book_value_per_share"),
    )


@template(difficulty="intermediate")
def net_working_capital_from_a_classified_balance_sheet() -> Template:
    """Net working capital = current assets − current liabilities (long-term items excluded).

    Bands:
        current_assets / current_liabilities: 0.5 to 4

    Relations:
        (cash + marketable_securities + receivables + inventory + prepaid_expenses) / (accounts_payable +
            accrued_liabilities + current_portion_of_debt): 0.5 to 4 [current_ratio]
    """
    return Template(
        givens=[
            company("firm"),
            money("cash", 10_000, 4_000_000, step=500),
            money("marketable_securities", 0, 3_000_000, step=500),
            money("receivables", 10_000, 5_000_000, step=500),
            money("inventory", 10_000, 6_000_000, step=500),
            money("prepaid_expenses", 0, 500_000, step=250),
            money("long_term_investments", 0, 8_000_000, step=1_000),
            money("accounts_payable", 10_000, 5_000_000, step=500),
            money("accrued_liabilities", 0, 2_000_000, step=500),
            money("current_portion_of_debt", 0, 3_000_000, step=500),
            money("long_term_debt", 0, 25_000_000, step=1_000),
        ],
        constraints=[
            "0.5 <= (cash + marketable_securities + receivables + inventory + prepaid_expenses)"
            " / (accounts_payable + accrued_liabilities + current_portion_of_debt) <= 4",
        ],
        question=(
            "{firm}'s year-end balance sheet lists cash of {cash}, marketable securities of "
            "{marketable_securities}, accounts receivable of {receivables}, inventory of {inventory}, "
            "prepaid expenses of {prepaid_expenses}, and long-term investments of {long_term_investments}. "
            "On the other side are accounts payable of {accounts_payable}, accrued liabilities of "
            "{accrued_liabilities}, long-term debt of {long_term_debt}, and the current portion of long-term "
            "debt, {current_portion_of_debt}. What is its net working capital? (A negative answer means "
            "current liabilities exceed current assets.) Round to the nearest cent."
        ),
        steps=[
            step(
                "current_assets",
                "cash + marketable_securities + receivables + inventory + prepaid_expenses",
                "Current assets (long-term investments excluded)",
            ),
            step(
                "current_liabilities",
                "accounts_payable + accrued_liabilities + current_portion_of_debt",
                "Current liabilities (only the current portion of debt)",
            ),
            step("net_working_capital", "current_assets - current_liabilities", "Net working capital"),
        ],
        answer=numeric("net_working_capital"),
    )


@template(difficulty="advanced")
def carrying_amount_of_bonds_payable_under_the_effective_interest_method() -> Template:
    """Amortized cost of bonds payable after k years: the remaining payments discounted at the issue yield.

    Carrying amount = Σₜ₌₁ⁿ⁻ᵏ C / (1 + y)ᵗ + F / (1 + y)ⁿ⁻ᵏ, with C = F × coupon rate and y the market
    yield at issue (the effective interest method keeps that yield for the life of the bonds).

    Bands:
        carrying_amount / face_value: 85% to 115%
        market_yield - coupon_rate: -0.75% to 0.75%

    Relations:
        market_yield: 1.25% to 9.75% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("face_value", 1_000_000, 500_000_000, step=1_000_000, decimals=0),
            rate("coupon_rate", 2, 9, step=0.25),
            # Bonds are priced near par at issue: the coupon is set close to the market yield.
            rate("yield_gap", -0.75, 0.75, step=0.01),
            derived("market_yield", "coupon_rate + yield_gap", unit=Unit.PERCENT),
            count("term_years", 5, 30, unit=Unit.YEARS),
            count("years_elapsed", 1, 29, unit=Unit.YEARS),
        ],
        constraints=["years_elapsed <= term_years - 1"],
        question=(
            "{firm} issued bonds with a total face value of {face_value}, a coupon rate of {coupon_rate} "
            "paid once a year, and a term of {term_years}. The market yield for the bonds at issue was "
            "{market_yield}, and the company carries them at amortized cost using the effective interest "
            "method. What carrying amount does its balance sheet show for the bonds {years_elapsed} after "
            "issue, just after that year's coupon is paid? Round to the nearest cent."
        ),
        steps=[
            step("annual_coupon", "face_value * coupon_rate", "Annual coupon"),
            step(
                "remaining_years",
                "term_years - years_elapsed",
                "Years to maturity",
                unit=Unit.YEARS,
                decimals=0,
            ),
            step(
                "coupons_value",
                "sum(annual_coupon / (1 + market_yield) ** year for year in range(1, remaining_years + 1))",
                "Remaining coupons discounted at the yield at issue",
            ),
            step(
                "face_value_today",
                "face_value / (1 + market_yield) ** remaining_years",
                "Face value discounted at the yield at issue",
            ),
            step("carrying_amount", "coupons_value + face_value_today", "Carrying amount (amortized cost)"),
        ],
        answer=numeric("carrying_amount"),
    )
