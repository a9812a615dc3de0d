"""Weighted average cost of capital: the blended return a firm must earn for all its investors.

Covers WACC from market values (with and without preferred stock), the cost of equity from
the dividend growth model, WACC with CAPM and the yield to maturity of the firm's bonds, and
the after-tax cost of debt implied by a bond's price net of flotation costs.
"""

from finsynth.generators.finchain.dsl import (
    Template,
    company,
    count,
    derived,
    money,
    number,
    numeric,
    rate,
    step,
)
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

BOND_FACE_VALUE = 1_000
"""Face value of each bond in the WACC problem, in dollars."""

BOND_YEARS = 10
"""Years to maturity of the annual-coupon bonds in the WACC problem."""

# The quoted price is the bonds' value at a market yield near the coupon (drawn, not stated).
_BOND_PRICE_AT_THE_MARKET_YIELD = (
    f"sum({BOND_FACE_VALUE} * coupon_rate / (1 + coupon_rate + yield_gap) ** year"
    f" for year in range(1, {BOND_YEARS} + 1))"
    f" + {BOND_FACE_VALUE} / (1 + coupon_rate + yield_gap) ** {BOND_YEARS}"
)
_YIELD_TO_MATURITY = (
    "irr(["
    + ", ".join(
        ["-bond_price"]
        + [f"{BOND_FACE_VALUE} * coupon_rate"] * (BOND_YEARS - 1)
        + [f"{BOND_FACE_VALUE} * (1 + coupon_rate)"]
    )
    + "])"
)


@template(difficulty="basic")
def wacc_from_market_values() -> Template:
    """WACC = E/V · r_E + D/V · r_D · (1 − t), with V = E + D at market values.

    Bands:
        wacc: 4% to 16%
        equity_weight: 40% to 96%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
        cost_of_debt: 3% to 9% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("equity_value", 5_000_000, 900_000_000, step=100_000),
            money("debt_value", 1_000_000, 600_000_000, step=100_000),
            rate("cost_of_equity", 7, 16, step=0.05),
            rate("cost_of_debt", 3, 9, step=0.05),
            # Whole-percent tax rates keep the after-tax cost of debt exact at four decimals of a percent.
            rate("tax_rate", 15, 35, step=1),
        ],
        constraints=[
            "debt_value <= 1.5 * equity_value",
            "debt_value >= 0.05 * equity_value",
            "cost_of_equity >= cost_of_debt + 0.02",
        ],
        question=(
            "{firm}'s equity has a market value of {equity_value} and its debt a market value of "
            "{debt_value}. Shareholders require {cost_of_equity}, the debt costs {cost_of_debt} before tax, "
            "and the tax rate is {tax_rate}. What is the firm's weighted average cost of capital? Give the "
            "answer as a percentage to two decimal places."
        ),
        steps=[
            step(
                "equity_weight",
                "equity_value / (equity_value + debt_value)",
                "Equity's share of total capital",
                unit=Unit.NONE,
                decimals=6,
            ),
            step(
                "after_tax_cost_of_debt",
                "cost_of_debt * (1 - tax_rate)",
                "After-tax cost of debt",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "wacc",
                "equity_weight * cost_of_equity + (1 - equity_weight) * after_tax_cost_of_debt",
                "Weighted average cost of capital",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("wacc"),
    )


@template(difficulty="basic")
def cost_of_equity_by_the_dividend_growth_model() -> Template:
    """Dividend growth model cost of equity: r_E = D₀ · (1 + g) / P₀ + g.

    Bands:
        cost_of_equity: 6% to 16%

    Relations:
        current_dividend / share_price: 0% to 10% [dividend_yield]
    """
    return Template(
        givens=[
            company("firm"),
            # A dividend on a $0.02 grid and growth on a 0.5% grid make D₁ exact at four decimals.
            money("current_dividend", 0.2, 6, step=0.02),
            money("share_price", 10, 300, step=0.01),
            rate("growth_rate", 1, 8, step=0.5),
        ],
        constraints=[
            "0.06 <= current_dividend * (1 + growth_rate) / share_price + growth_rate <= 0.16",
            "current_dividend * (1 + growth_rate) >= 0.01 * share_price",
            "current_dividend * (1 + growth_rate) <= 0.08 * share_price",
        ],
        question=(
            "{firm} just paid an annual dividend of {current_dividend} per share, its shares trade at "
            "{share_price}, and dividends are expected to grow {growth_rate} a year indefinitely. Using the "
            "constant-growth dividend discount model, what is the cost of equity? Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step(
                "next_dividend",
                "current_dividend * (1 + growth_rate)",
                "Dividend expected next year",
                decimals=4,
            ),
            step(
                "dividend_yield",
                "next_dividend / share_price",
                "Forward dividend yield",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step("cost_of_equity", "dividend_yield + growth_rate", "Cost of equity", unit=Unit.PERCENT),
        ],
        answer=numeric("cost_of_equity"),
    )


@template(difficulty="intermediate")
def wacc_with_preferred_stock() -> Template:
    """WACC with preferred stock: (E · r_E + P · r_P + D · r_D · (1 − t)) / (E + P + D).

    The cost of preferred stock is its dividend yield, r_P = D_P / P_P.

    Bands:
        wacc: 4% to 16%
        cost_of_preferred: 4% to 10%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
        cost_of_debt: 3% to 9% [corporate_borrowing_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("equity_value", 5_000_000, 900_000_000, step=100_000),
            money("preferred_value", 500_000, 200_000_000, step=50_000),
            money("debt_value", 1_000_000, 600_000_000, step=100_000),
            rate("cost_of_equity", 7, 16, step=0.05),
            money("preferred_dividend", 1, 8, step=0.05),
            money("preferred_price", 20, 120, step=0.05),
            rate("cost_of_debt", 3, 9, step=0.05),
            rate("tax_rate", 15, 35, step=1),
        ],
        constraints=[
            "debt_value <= 1.2 * equity_value",
            "debt_value >= 0.05 * equity_value",
            "preferred_value <= 0.25 * equity_value",
            "preferred_dividend >= 0.04 * preferred_price",
            "preferred_dividend <= 0.1 * preferred_price",
            "cost_of_equity >= cost_of_debt + 0.02",
        ],
        question=(
            "{firm} is financed with common equity worth {equity_value}, preferred stock worth "
            "{preferred_value} and debt worth {debt_value}, all at market value. Common shareholders require "
            "{cost_of_equity}. Each preferred share pays a fixed annual dividend of {preferred_dividend} and "
            "trades at {preferred_price}. The debt costs {cost_of_debt} before tax and the tax rate is "
            "{tax_rate}. What is the weighted average cost of capital? Give the answer as a percentage to "
            "two decimal places."
        ),
        steps=[
            step(
                "cost_of_preferred",
                "preferred_dividend / preferred_price",
                "Cost of preferred stock",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "after_tax_cost_of_debt",
                "cost_of_debt * (1 - tax_rate)",
                "After-tax cost of debt",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "total_capital",
                "equity_value + preferred_value + debt_value",
                "Total market value of capital",
            ),
            step(
                "wacc",
                "(equity_value * cost_of_equity + preferred_value * cost_of_preferred"
                " + debt_value * after_tax_cost_of_debt) / total_capital",
                "Weighted average cost of capital",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("wacc"),
    )


@template(difficulty="intermediate")
def after_tax_cost_of_debt_from_a_bond_price() -> Template:
    """After-tax cost of debt from a bond price: r_D · (1 − t).

    The pre-tax cost r_D solves net proceeds = Σₜ₌₁⁵ C/(1 + r)ᵗ + F/(1 + r)⁵ (annual coupons C, face F).

    Bands:
        bond_price / face_value: 80% to 120%
        pre_tax_cost_of_debt: 2% to 14%

    Relations:
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            money("face_value", 1_000, 5_000, step=1_000),
            rate("coupon_rate", 2, 9, step=0.05),
            money("bond_price", 800, 5_750, step=0.5),
            rate("flotation_cost", 1, 4, step=0.1),
            rate("tax_rate", 15, 35, step=0.5),
        ],
        constraints=[
            "bond_price >= 0.85 * face_value",
            "bond_price <= 1.15 * face_value",
            # Keep the pre-tax yield a plausible 2%-14%; a low coupon at a premium can imply a negative yield.
            "irr([-bond_price * (1 - flotation_cost), face_value * coupon_rate, face_value * coupon_rate, "
            "face_value * coupon_rate, face_value * coupon_rate, face_value * (1 + coupon_rate)]) >= 0.02",
            "irr([-bond_price * (1 - flotation_cost), face_value * coupon_rate, face_value * coupon_rate, "
            "face_value * coupon_rate, face_value * coupon_rate, face_value * (1 + coupon_rate)]) <= 0.14",
        ],
        question=(
            "{firm} can sell new five-year bonds with a face value of {face_value} each, paying a "
            "{coupon_rate} coupon once a year, at a price of {bond_price} per bond. Flotation costs take "
            "{flotation_cost} of the price. The bonds repay their face value at the end of year 5, and the "
            "tax rate is {tax_rate}. What is the after-tax cost of this debt? Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step("annual_coupon", "face_value * coupon_rate", "Annual coupon per bond"),
            step("net_proceeds", "bond_price * (1 - flotation_cost)", "Cash the firm receives per bond"),
            step(
                "pre_tax_cost_of_debt",
                "irr([-net_proceeds, annual_coupon, annual_coupon, annual_coupon, annual_coupon, "
                "annual_coupon + face_value])",
                "Yield that equates the net proceeds with the bond's payments",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "after_tax_cost_of_debt",
                "pre_tax_cost_of_debt * (1 - tax_rate)",
                "After-tax cost of debt",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("after_tax_cost_of_debt"),
    )


@template(difficulty="advanced")
def wacc_with_the_cost_of_debt_from_the_bond_price() -> Template:
    """WACC = E/V · (r_f + β · MRP) + D/V · r_D · (1 − t), with r_D the yield to maturity of the bonds.

    r_D solves bond price = Σₜ₌₁¹⁰ C/(1 + r)ᵗ + 1,000/(1 + r)¹⁰ (annual coupons C on $1,000 face);
    market values come from prices: E = shares · share price, D = bonds · bond price.

    Bands:
        wacc: 3% to 20%
        cost_of_equity: 4% to 21%
        bond_price / 1000: 80% to 120%
        pre_tax_cost_of_debt: 2% to 11%

    Relations:
        risk_free_rate: 1% to 5% [us_treasury_yield]
        beta: 0.5 to 2 [stock_beta]
        tax_rate: 15% to 35% [corporate_income_tax_rate]
    """
    return Template(
        givens=[
            company("firm"),
            count("shares_outstanding", 1_000_000, 300_000_000, unit=Unit.SHARES),
            money("share_price", 5, 250, step=0.01),
            count("bonds_outstanding", 1_000, 500_000),
            rate("coupon_rate", 2.5, 9, step=0.25),
            # The bonds trade near par: the market yield is within 2 points of the coupon.
            rate("yield_gap", -2, 2, step=0.01),
            derived("bond_price", _BOND_PRICE_AT_THE_MARKET_YIELD),
            rate("risk_free_rate", 1, 5, step=0.05),
            number("beta", 0.5, 2, step=0.01),
            rate("market_risk_premium", 4, 8, step=0.05),
            rate("tax_rate", 15, 35, step=1),
        ],
        constraints=[
            "coupon_rate + yield_gap >= 0.02",
            "coupon_rate + yield_gap <= 0.11",
            "coupon_rate + yield_gap <= risk_free_rate + beta * market_risk_premium",
            "bonds_outstanding * bond_price <= 1.2 * shares_outstanding * share_price",
            "bonds_outstanding * bond_price >= 0.05 * shares_outstanding * share_price",
        ],
        question=(
            "{firm} has {shares_outstanding} outstanding at {share_price} each and {bonds_outstanding} bonds "
            f"outstanding. Each bond has a face value of ${BOND_FACE_VALUE:,}, pays a {{coupon_rate}} coupon "
            f"once a year (the next in exactly one year), matures in {BOND_YEARS} years, and is quoted at "
            "{bond_price}. The risk-free rate is {risk_free_rate}, the market risk premium is "
            "{market_risk_premium}, the stock's beta is {beta}, and the tax rate is {tax_rate}. Using CAPM "
            "for the cost of equity, the bonds' yield to maturity for the pre-tax cost of debt, and "
            "market-value weights, what is the weighted average cost of capital? Give the answer as a "
            "percentage to two decimal places."
        ),
        steps=[
            step("equity_value", "shares_outstanding * share_price", "Market value of equity"),
            step("debt_value", "bonds_outstanding * bond_price", "Market value of debt"),
            step(
                "cost_of_equity",
                "risk_free_rate + beta * market_risk_premium",
                "Cost of equity from CAPM",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "pre_tax_cost_of_debt",
                _YIELD_TO_MATURITY,
                "Yield to maturity that equates the bond's price with its payments",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "after_tax_cost_of_debt",
                "pre_tax_cost_of_debt * (1 - tax_rate)",
                "After-tax cost of debt",
                unit=Unit.PERCENT,
                decimals=4,
            ),
            step(
                "wacc",
                "(equity_value * cost_of_equity + debt_value * after_tax_cost_of_debt)"
                " / (equity_value + debt_value)",
                "Weighted average cost of capital",
                unit=Unit.PERCENT,
            ),
        ],
        answer=numeric("wacc"),
    )
