"""Cash flow statements: operating cash flow by the indirect method, investing and financing flows.

The indirect method starts from net income, adds back non-cash charges (depreciation, losses),
removes non-cash gains, subtracts increases in operating assets and adds increases in
operating liabilities. Capital expenditures, dividends and debt repayments are outflows. Free
cash flow (operating cash flow less capital expenditures) is the base of multi-year projections.
"""

from finsynth.generators.finchain.dsl import Template, company, count, money, numeric, rate, step
from finsynth.generators.finchain.quantities import Unit
from finsynth.generators.finchain.template import template

OPERATING_CASH_FLOW = (
    "net_income + depreciation + loss_on_sale - receivables_increase - inventory_increase + payables_increase"
)
"""Operating cash flow by the indirect method, from the givens (keeps capital spending below it)."""


@template(difficulty="basic")
def operating_cash_flow_from_reported_changes() -> Template:
    """Indirect method: CFO = net income + depreciation − ΔAR − Δinventory + ΔAP.

    Bands:
        working_capital_absorbed / (net_income + depreciation): -50% to 50%

    Relations:
        (receivables_increase + inventory_increase - payables_increase) / (net_income + depreciation): -50%
            to 50% [working_capital_investment_to_cash_earnings]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 20_000, 5_000_000, step=1_000),
            money("depreciation", 5_000, 800_000, step=500),
            money("receivables_increase", 0, 600_000, step=500),
            money("inventory_increase", 0, 600_000, step=500),
            money("payables_increase", 0, 400_000, step=500),
        ],
        constraints=[
            # Working capital moves by at most half of the earnings before depreciation.
            "abs(receivables_increase + inventory_increase - payables_increase)"
            " <= 0.5 * (net_income + depreciation)",
        ],
        question=(
            "{firm} reports net income of {net_income} for the year, including depreciation expense of "
            "{depreciation}. During the year accounts receivable increased by {receivables_increase}, "
            "inventory increased by {inventory_increase}, and accounts payable increased by "
            "{payables_increase}. Using the indirect method, what is net cash provided by operating "
            "activities? (Report net cash used as a negative number.) Round to the nearest cent."
        ),
        steps=[
            step(
                "working_capital_absorbed",
                "receivables_increase + inventory_increase - payables_increase",
                "Cash absorbed by working capital (asset increases less the payables increase)",
            ),
            step(
                "operating_cash_flow",
                "net_income + depreciation - working_capital_absorbed",
                "Net cash from operating activities",
            ),
        ],
        answer=numeric("operating_cash_flow"),
    )


@template(difficulty="basic")
def net_cash_from_investing_activities() -> Template:
    """Investing section: CFI = sale proceeds + securities sold − capital expenditures − securities bought.

    Bands:
        investing_outflows / capital_expenditures: 100% to 4,100%
        net_investing_cash_flow: -7,000,000 to 2,100,000

    Relations:
        equipment_sale_proceeds / capital_expenditures: 0% to 50%
            [asset_sale_proceeds_to_capital_expenditures]
    """
    return Template(
        givens=[
            company("firm"),
            money("capital_expenditures", 50_000, 5_000_000, step=500),
            money("equipment_sale_proceeds", 0, 800_000, step=250),
            money("securities_purchased", 0, 2_000_000, step=500),
            money("securities_sold", 0, 2_000_000, step=500),
        ],
        constraints=["equipment_sale_proceeds <= 0.5 * capital_expenditures"],
        question=(
            "During the year {firm} spent {capital_expenditures} on new property and equipment, received "
            "{equipment_sale_proceeds} from selling old equipment, bought marketable securities for "
            "{securities_purchased}, and received {securities_sold} from selling other securities. What is "
            "its net cash flow from investing activities? (Report net cash used as a negative number.) Round "
            "to the nearest cent."
        ),
        steps=[
            step("investing_inflows", "equipment_sale_proceeds + securities_sold", "Cash received"),
            step("investing_outflows", "capital_expenditures + securities_purchased", "Cash paid out"),
            step(
                "net_investing_cash_flow", "investing_inflows - investing_outflows", "Net investing cash flow"
            ),
        ],
        answer=numeric("net_investing_cash_flow"),
    )


@template(difficulty="intermediate")
def operating_cash_flow_from_comparative_balances() -> Template:
    """Indirect method from two balance sheets: CFO = NI + dep − gain − ΔAR − ΔInventory + ΔAP.

    Each Δ is the ending balance minus the beginning balance.

    Bands:
        receivables_end / receivables_begin: 70% to 140%
        inventory_end / inventory_begin: 70% to 140%
        payables_end / payables_begin: 70% to 140%

    Relations:
        inventory_end / inventory_begin: 50% to 200% [balance_sheet_item_over_a_year]
        payables_end / payables_begin: 50% to 200% [balance_sheet_item_over_a_year]
        receivables_end / receivables_begin: 50% to 200% [balance_sheet_item_over_a_year]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 50_000, 4_000_000, step=1_000),
            money("depreciation", 10_000, 900_000, step=500),
            money("gain_on_sale", 0, 200_000, step=250),
            money("receivables_begin", 50_000, 2_000_000, step=500),
            money("receivables_end", 50_000, 2_000_000, step=500),
            money("inventory_begin", 50_000, 2_000_000, step=500),
            money("inventory_end", 50_000, 2_000_000, step=500),
            money("payables_begin", 50_000, 1_500_000, step=500),
            money("payables_end", 50_000, 1_500_000, step=500),
        ],
        constraints=[
            "0.7 * receivables_begin <= receivables_end <= 1.4 * receivables_begin",
            "0.7 * inventory_begin <= inventory_end <= 1.4 * inventory_begin",
            "0.7 * payables_begin <= payables_end <= 1.4 * payables_begin",
        ],
        question=(
            "{firm} reports net income of {net_income}, which includes depreciation of {depreciation} and a "
            "gain of {gain_on_sale} on the sale of equipment. Accounts receivable went from "
            "{receivables_begin} at the start of the year to {receivables_end} at the end, inventory from "
            "{inventory_begin} to {inventory_end}, and accounts payable from {payables_begin} to "
            "{payables_end}. Using the indirect method, what is net cash from operating activities? (Report "
            "net cash used as a negative number.) Round to the nearest cent."
        ),
        steps=[
            step(
                "receivables_change", "receivables_end - receivables_begin", "Change in accounts receivable"
            ),
            step("inventory_change", "inventory_end - inventory_begin", "Change in inventory"),
            step("payables_change", "payables_end - payables_begin", "Change in accounts payable"),
            step(
                "operating_cash_flow",
                "net_income + depreciation - gain_on_sale"
                " - receivables_change - inventory_change + payables_change",
                "Net cash from operating activities (the gain is removed: its cash is in investing)",
            ),
        ],
        answer=numeric("operating_cash_flow"),
    )


@template(difficulty="intermediate")
def capital_expenditure_from_ppe_rollforward() -> Template:
    """PP&E roll-forward: capex = PP&E₁ − PP&E₀ + depreciation + book value sold; CFI = proceeds − capex.

    Bands:
        ppe_end / ppe_begin: 70% to 150%
        sale_proceeds / book_value_sold: 50% to 150%

    Relations:
        ppe_end / ppe_begin: 50% to 200% [balance_sheet_item_over_a_year]
    """
    return Template(
        givens=[
            company("firm"),
            money("ppe_begin", 200_000, 8_000_000, step=1_000),
            money("ppe_end", 200_000, 8_000_000, step=1_000),
            money("depreciation", 20_000, 900_000, step=500),
            money("book_value_sold", 0, 400_000, step=500),
            money("sale_proceeds", 0, 500_000, step=250),
        ],
        constraints=[
            "0.7 * ppe_begin <= ppe_end <= 1.5 * ppe_begin",
            "0.5 * book_value_sold <= sale_proceeds <= 1.5 * book_value_sold",
            "ppe_end - ppe_begin + depreciation + book_value_sold > 0",
        ],
        question=(
            "{firm}'s net property, plant and equipment was {ppe_begin} at the start of the year and "
            "{ppe_end} at the end. Depreciation for the year was {depreciation}, and equipment with a book "
            "value of {book_value_sold} was sold for {sale_proceeds} in cash. No other events affected PP&E, "
            "and the company had no other investing activity. What is its net cash flow from investing "
            "activities? (Report net cash used as a negative number.) Round to the nearest cent."
        ),
        steps=[
            step("ppe_change", "ppe_end - ppe_begin", "Change in net PP&E"),
            step(
                "capital_expenditures",
                "ppe_change + depreciation + book_value_sold",
                "Purchases implied by the roll-forward",
            ),
            step(
                "net_investing_cash_flow", "sale_proceeds - capital_expenditures", "Net investing cash flow"
            ),
        ],
        answer=numeric("net_investing_cash_flow"),
    )


@template(difficulty="advanced")
def present_value_of_growing_free_cash_flow_from_the_indirect_method() -> Template:
    """Present value of n years of free cash flow growing at g, from this year's indirect-method statement.

    CFO = NI + depreciation + loss on sale − ΔAR − Δinventory + ΔAP; FCF = CFO − capex;
    PV = Σₜ₌₁ⁿ FCF · (1 + g)ᵗ / (1 + r)ᵗ.

    Bands:
        free_cash_flow / operating_cash_flow: 10% to 90%
        present_value / free_cash_flow: 2 to 10

    Relations:
        capital_expenditures / depreciation: 0.5 to 4 [capital_expenditures_to_depreciation]
        (receivables_increase + inventory_increase - payables_increase) / (net_income + depreciation): -30%
            to 40% [working_capital_investment_to_cash_earnings]
        discount_rate: 6% to 14% [weighted_average_cost_of_capital]
    """
    return Template(
        givens=[
            company("firm"),
            money("net_income", 1_000_000, 80_000_000, step=10_000),
            money("depreciation", 200_000, 30_000_000, step=10_000),
            money("loss_on_sale", 0, 2_000_000, step=5_000),
            money("receivables_increase", 0, 10_000_000, step=10_000),
            money("inventory_increase", 0, 10_000_000, step=10_000),
            money("payables_increase", 0, 8_000_000, step=10_000),
            money("capital_expenditures", 500_000, 60_000_000, step=10_000),
            rate("growth_rate", 0, 10, step=0.5, decimals=1),
            rate("discount_rate", 6, 14, step=0.25),
            count("years", 3, 8, unit=Unit.YEARS),
        ],
        constraints=[
            "0.1 * net_income <= depreciation <= 0.8 * net_income",
            "loss_on_sale <= 0.1 * net_income",
            "receivables_increase + inventory_increase <= 0.4 * net_income",
            "payables_increase <= 0.3 * net_income",
            "0.5 * depreciation <= capital_expenditures <= 4 * depreciation",
            f"0.1 * ({OPERATING_CASH_FLOW}) <= ({OPERATING_CASH_FLOW}) - capital_expenditures",
            f"({OPERATING_CASH_FLOW}) - capital_expenditures <= 0.9 * ({OPERATING_CASH_FLOW})",
        ],
        question=(
            "{firm} reported net income of {net_income} this year, after depreciation of {depreciation} and "
            "a loss of {loss_on_sale} on selling equipment. Accounts receivable rose by "
            "{receivables_increase}, inventory rose by {inventory_increase} and accounts payable rose by "
            "{payables_increase}; capital expenditures were {capital_expenditures}. Free cash flow is "
            "operating cash flow (indirect method) less capital expenditures. If free cash flow grows at "
            "{growth_rate} a year, with the first year's flow a year from now, what is the present value of "
            "the next {years} of free cash flow at a discount rate of {discount_rate}? Round to the nearest "
            "cent."
        ),
        steps=[
            step("noncash_charges", "depreciation + loss_on_sale", "Non-cash charges added back"),
            step(
                "working_capital_increase",
                "receivables_increase + inventory_increase - payables_increase",
                "Cash tied up in working capital",
            ),
            step(
                "operating_cash_flow",
                "net_income + noncash_charges - working_capital_increase",
                "Operating cash flow (indirect method)",
            ),
            step("free_cash_flow", "operating_cash_flow - capital_expenditures", "Free cash flow this year"),
            step(
                "present_value",
                "sum(free_cash_flow * (1 + growth_rate) ** year / (1 + discount_rate) ** year"
                " for year in range(1, years + 1))",
                "Growing free cash flows discounted year by year",
            ),
        ],
        answer=numeric("present_value"),
    )
