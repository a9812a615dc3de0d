"""Capital structure: how the mix of debt and equity affects risk, value and shareholder returns.

Covers the debt-to-equity ratio, levering a beta (Hamada), Modigliani–Miller propositions I and
II with corporate taxes, and the chance that a debt-financed recapitalization misses a target
return on equity.
"""

from finsynth.generators.finchain.dsl import Template, company, money, number, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template


@template(difficulty="basic")
def debt_to_equity_ratio_from_the_balance_sheet() -> Template:
    """Debt-to-equity ratio: D/E = total liabilities / (total assets − total liabilities).

    Bands:
        debt_to_equity: 0.1 to 6

    Relations:
        total_liabilities / total_assets: 10% to 85% [liabilities_to_assets]
    """
    return Template(
        givens=[
            company("firm"),
            money("total_assets", 100_000, 50_000_000, step=10_000),
            money("total_liabilities", 10_000, 45_000_000, step=5_000),
        ],
        # Liabilities stay at most 85% of assets, so shareholders' equity is always positive.
        constraints=["total_liabilities >= 0.1 * total_assets", "total_liabilities <= 0.85 * total_assets"],
        question=(
            "{firm}'s balance sheet shows total assets of {total_assets} and total liabilities of "
            "{total_liabilities}. What is its debt-to-equity ratio, measured as total liabilities over "
            "shareholders' equity? Give the answer to two decimal places."
        ),
        steps=[
            step("shareholders_equity", "total_assets - total_liabilities", "Shareholders' equity"),
            step(
                "debt_to_equity",
                "total_liabilities / shareholders_equity",
                "Debt-to-equity ratio",
                unit=Unit.TIMES,
                decimals=2,
            ),
        ],
        answer=numeric("debt_to_equity"),
    )


@template(difficulty="basic")
def levered_beta_by_the_hamada_equation() -> Template:
    """Hamada equation: β_L = β_U · (1 + (1 − t) · D/E).

    Bands:
        levered_beta: 0.4 to 3.5

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            number("unlevered_beta", 0.4, 1.6, step=0.01),
            money("debt_value", 1_000_000, 500_000_000, step=100_000),
            money("equity_value", 5_000_000, 900_000_000, step=100_000),
            rate("tax_rate", 15, 35, step=0.5),
        ],
        constraints=["debt_value <= 1.5 * equity_value", "debt_value >= 0.05 * equity_value"],
        question=(
            "{firm}'s assets have an unlevered beta of {unlevered_beta}. The company is financed with debt "
            "worth {debt_value} and equity worth {equity_value} at market value, and pays tax at {tax_rate}. "
            "Using the Hamada equation, what is the beta of its equity? Give the answer to two decimal "
            "places."
        ),
        steps=[
            step(
                "debt_to_equity",
                "debt_value / equity_value",
                "Market debt-to-equity ratio",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "levered_beta",
                "unlevered_beta * (1 + (1 - tax_rate) * debt_to_equity)",
                "Levered (equity) beta",
                unit=Unit.NONE,
                decimals=2,
            ),
        ],
        answer=numeric("levered_beta"),
    )


@template(difficulty="intermediate")
def equity_value_under_mm_proposition_i_with_taxes() -> Template:
    """Modigliani–Miller proposition I with taxes: V_L = V_U + t·D, with V_U = EBIT·(1 − t) / r_U.

    The equity is then worth E = V_L − D.

    Bands:
        debt_value / levered_value: 0% to 80%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("ebit", 500_000, 100_000_000, step=10_000),
            rate("tax_rate", 15, 35, step=0.5),
            rate("unlevered_cost_of_capital", 7, 16, step=0.05),
            money("debt_value", 500_000, 600_000_000, step=50_000),
        ],
        constraints=[
            "debt_value <= 0.6 * ebit * (1 - tax_rate) / unlevered_cost_of_capital",
            "debt_value >= 0.05 * ebit * (1 - tax_rate) / unlevered_cost_of_capital",
        ],
        question=(
            "{firm} expects a perpetual EBIT of {ebit} a year, pays corporate tax at {tax_rate}, and would "
            "have a cost of capital of {unlevered_cost_of_capital} with no debt. It issues {debt_value} of "
            "perpetual debt. Under Modigliani–Miller with corporate taxes (no other frictions), what is the "
            "market value of the firm's equity after the debt is in place? Round to the nearest cent."
        ),
        steps=[
            step(
                "unlevered_value",
                "ebit * (1 - tax_rate) / unlevered_cost_of_capital",
                "Value of the all-equity firm",
            ),
            step("tax_shield_value", "tax_rate * debt_value", "Present value of the debt tax shield"),
            step("levered_value", "unlevered_value + tax_shield_value", "Value of the levered firm"),
            step("equity_value", "levered_value - debt_value", "Value of the equity"),
        ],
        answer=numeric("equity_value"),
    )


@template(difficulty="intermediate")
def cost_of_equity_under_mm_proposition_ii_with_taxes() -> Template:
    """Modigliani–Miller proposition II with taxes: r_E = r_U + (r_U − r_D) · (1 − t) · D/E.

    Bands:
        cost_of_equity: 7% to 30%
        debt_to_equity: 0 to 1.5

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
        cost_of_debt: 3% to 8% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("firm"),
            rate("unlevered_cost_of_capital", 7, 15, step=0.05),
            rate("cost_of_debt", 3, 8, step=0.05),
            money("debt_value", 1_000_000, 500_000_000, step=100_000),
            money("equity_value", 5_000_000, 900_000_000, step=100_000),
            rate("tax_rate", 15, 35, step=0.5),
        ],
        constraints=[
            "unlevered_cost_of_capital >= cost_of_debt + 0.02",
            "debt_value <= 1.5 * equity_value",
            "debt_value >= 0.05 * equity_value",
        ],
        question=(
            "{firm} has a cost of capital of {unlevered_cost_of_capital} as an all-equity firm. It is "
            "financed with debt worth {debt_value}, which costs {cost_of_debt}, and equity worth "
            "{equity_value}, at market values, and pays corporate tax at {tax_rate}. Using Modigliani–Miller "
            "proposition II with taxes, what is its cost of equity? Give the answer as a percentage to two "
            "decimal places."
        ),
        steps=[
            step(
                "debt_to_equity",
                "debt_value / equity_value",
                "Market debt-to-equity ratio",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "risk_spread",
                "unlevered_cost_of_capital - cost_of_debt",
                "Spread of the unlevered cost of capital over the cost of debt",
                unit=Unit.PERCENT,
            ),
            step(
                "leverage_premium",
                "risk_spread * (1 - tax_rate) * debt_to_equity",
                "Premium for financial risk",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "cost_of_equity",
                "unlevered_cost_of_capital + leverage_premium",
                "Cost of levered equity",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("cost_of_equity"),
    )


@template(difficulty="advanced")
def probability_of_missing_a_target_return_on_equity_after_a_recapitalization() -> Template:
    """Chance that ROE misses a target after a debt-financed buyback, with EBIT normally distributed.

    Equity falls to assets − D and interest r_D·D is paid, so ROE ≥ target needs
    EBIT* = target · (assets − D) / (1 − t) + r_D·D; P(miss) = Φ((EBIT* − μ) / σ).

    Bands:
        shortfall_probability: 1% to 99%
        new_debt / total_assets: 10% to 70%
        expected_ebit / total_assets: 4% to 25%
        ebit_standard_deviation / expected_ebit: 10% to 40%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("total_assets", 1_000_000, 500_000_000, step=50_000),
            money("expected_ebit", 50_000, 150_000_000, step=5_000),
            money("ebit_standard_deviation", 10_000, 60_000_000, step=5_000),
            money("new_debt", 100_000, 350_000_000, step=50_000),
            rate("interest_rate", 3, 10, step=0.05),
            rate("tax_rate", 15, 35, step=0.5),
            rate("target_return_on_equity", 8, 20, step=0.5),
        ],
        constraints=[
            "expected_ebit >= 0.04 * total_assets",
            "expected_ebit <= 0.25 * total_assets",
            "ebit_standard_deviation >= 0.1 * expected_ebit",
            "ebit_standard_deviation <= 0.4 * expected_ebit",
            "new_debt >= 0.1 * total_assets",
            "new_debt <= 0.7 * total_assets",
            "expected_ebit >= 1.5 * interest_rate * new_debt",
            # The target is within reach: the required EBIT lies within 2.3 standard deviations of the mean.
            "abs(target_return_on_equity * (total_assets - new_debt) / (1 - tax_rate)"
            " + interest_rate * new_debt - expected_ebit) <= 2.3 * ebit_standard_deviation",
        ],
        question=(
            "{firm} has {total_assets} of assets, financed entirely by equity. Next year's EBIT is "
            "normally distributed with a mean of {expected_ebit} and a standard deviation of "
            "{ebit_standard_deviation}. "
            "The firm plans to borrow {new_debt} at {interest_rate} interest and use all of it to buy back "
            "shares, leaving its assets and EBIT unchanged. The tax rate is {tax_rate}. After the "
            "recapitalization, what is the probability that the return on equity (net income over the "
            "remaining book equity) falls short of the shareholders' target of {target_return_on_equity}? "
            "Give the answer as a percentage to two decimal places."
        ),
        steps=[
            step("interest_expense", "new_debt * interest_rate", "Interest on the new debt"),
            step("remaining_equity", "total_assets - new_debt", "Book equity after the buyback"),
            step(
                "required_net_income",
                "target_return_on_equity * remaining_equity",
                "Net income that earns the target return on equity",
            ),
            step(
                "required_ebit",
                "required_net_income / (1 - tax_rate) + interest_expense",
                "EBIT that earns the target after interest and tax",
            ),
            step(
                "shortfall_probability",
                "normal_cdf((required_ebit - expected_ebit) / ebit_standard_deviation)",
                "Probability that EBIT falls below that level",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("shortfall_probability"),
    )
