"""Profitability ratio templates against textbook definitions, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_ratios/profitability_ratios/"


def test_net_profit_margin() -> None:
    template_id = TOPIC + "net_profit_margin"

    def margin(revenue, cost_of_goods_sold, operating_expenses, interest_expense, tax_rate):
        pretax = revenue - cost_of_goods_sold - operating_expenses - interest_expense
        return pretax * (1 - tax_rate) / revenue

    assert_symbolically_equal(template_id, margin)

    def sane(givens, record):
        gross_margin = 1 - givens["cost_of_goods_sold"] / givens["revenue"]
        # Positive by construction, and never above the gross margin.
        assert 0 < record["answer_value"] < gross_margin

    assert_matches_reference(template_id, lambda g: margin(**g), invariants=sane)


def test_return_on_average_equity() -> None:
    template_id = TOPIC + "return_on_average_equity"

    def roe(net_income, beginning_equity, dividends_paid):
        ending_equity = beginning_equity + net_income - dividends_paid
        return 2 * net_income / (beginning_equity + ending_equity)

    assert_symbolically_equal(template_id, roe)

    def sane(givens, record):
        assert givens["dividends_paid"] <= givens["net_income"]
        # Retained earnings raise average equity, so ROAE is at most net income over opening equity.
        assert 0 < record["answer_value"] <= givens["net_income"] / givens["beginning_equity"] + 5e-5

    assert_matches_reference(template_id, lambda g: roe(**g), invariants=sane)


def test_roe_gain_from_a_higher_net_margin() -> None:
    template_id = TOPIC + "roe_gain_from_a_higher_net_margin"

    # The DuPont product telescopes (margin × turnover × multiplier = margin × revenue / equity), so total
    # assets cancel out of the composed answer and the reference does without them.
    def roe_increase(revenue, net_income, shareholders_equity, target_margin):
        return target_margin * revenue / shareholders_equity - net_income / shareholders_equity

    assert_symbolically_equal(template_id, roe_increase)

    def sane(givens, record):
        assert givens["shareholders_equity"] > 0
        current_roe = givens["net_income"] / givens["shareholders_equity"]
        new_roe = givens["target_margin"] * givens["revenue"] / givens["shareholders_equity"]
        assert record["answer_value"] > 0
        assert abs(record["answer_value"] - (new_roe - current_roe)) < 1e-4

    assert_matches_reference(
        template_id,
        lambda g: roe_increase(g["revenue"], g["net_income"], g["shareholders_equity"], g["target_margin"]),
        invariants=sane,
    )


def test_return_on_invested_capital() -> None:
    template_id = TOPIC + "return_on_invested_capital"

    def roic(ebit, tax_rate, total_debt, shareholders_equity, cash):
        return ebit * (1 - tax_rate) / (total_debt + shareholders_equity - cash)

    assert_symbolically_equal(template_id, roic)

    def sane(givens, record):
        assert givens["total_debt"] + givens["shareholders_equity"] - givens["cash"] > 0
        assert 0.02 - 5e-5 <= record["answer_value"] <= 0.4 + 5e-5

    assert_matches_reference(template_id, lambda g: roic(**g), invariants=sane)


def test_sales_after_years_of_dupont_sustainable_growth() -> None:
    template_id = TOPIC + "sales_after_years_of_dupont_sustainable_growth"

    def reference(sales, net_income, shareholders_equity, dividends, years, total_assets=None):
        # The DuPont product telescopes to net income over equity: total assets cancel.
        growth = net_income / shareholders_equity * (1 - dividends / net_income)
        return sales * (1 + growth) ** years

    assert_symbolically_equal(template_id, reference)

    def grows_without_shrinking(givens, record):
        assert givens["sales"] <= record["answer_value"] <= 10.5 * givens["sales"]
        assert givens["dividends"] <= givens["net_income"]

    assert_matches_reference(
        template_id,
        lambda g: reference(**g),
        invariants=grows_without_shrinking,
    )
