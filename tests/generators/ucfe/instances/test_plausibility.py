"""Numbers in real-world bands, over 1,000 seeds per task: rates, prices, valuations, volatilities.

Each band is what a reader who knows markets would accept without a second look (share prices
of listed companies, interest a company pays on its debt, P/E ratios, strategy volatilities).
"""

from __future__ import annotations

import itertools
import re

from finsynth.world.statements import EXPENSE_NOISE, GROSS_MARGIN_NOISE, MINIMUM_OPERATING_MARGIN
from tests.generators.ucfe.instances.harness import draws
from tests.generators.ucfe.instances.statement_ratios import industry_of, sheet_figures, statement_ratios

ROUNDING = 0.002
"""How far a ratio of amounts shown to $0.1 million (revenue at least $80 million) strays from the drawn."""

_PERCENT = re.compile(r"(-?\d+(?:\.\d+)?)%")


def test_percentages_in_every_text_are_between_minus_100_and_100() -> None:
    for task in (
        "company_evaluation_reporting",
        "corporate_operation_analysis",
        "insider_trading_detection",
        "investment_strategy_evaluation",
        "investment_strategy_optimization",
        "new_share_evaluation_reporting",
        "prospectus_risk_summarization",
        "industry_report_summarization",
        "asset_valuation_reporting",
        "financial_text_summarization",
        "stock_price_prediction",
    ):
        for instance in draws(task):
            for value in _PERCENT.findall(instance.information):
                assert -100 < float(value) <= 100, (task, value)


def test_company_statements_have_real_world_ratios() -> None:
    for task in ("company_evaluation_reporting", "corporate_operation_analysis"):
        for instance in draws(task):
            figures = sheet_figures(instance)
            ratios = statement_ratios(figures)
            rate = float(figures["interest_expense"]) / float(figures["total_debt"])
            assert 0.03 <= rate <= 0.1, ("interest on debt", rate)
            found = re.search(r"implies an average cost of about (\d+\.\d)%", instance.information)
            assert found and 3.0 <= float(found[1]) <= 10.0
            assert 5 <= float(figures["share_price"]) <= 150
            assert 5 <= ratios["price_to_earnings"] <= 45, ratios["price_to_earnings"]
            # Margins follow the company's world industry (its statements are a filing's), within the
            # yearly noise the world statements add to the drawn margin and expense lines.
            industry = industry_of(instance)
            low, high = industry.gross_margin
            noise = GROSS_MARGIN_NOISE + ROUNDING
            assert low - noise <= ratios["gross_margin"] <= high + noise, (industry.key, ratios)
            expense_share = float(figures["operating_expenses"]) / float(figures["revenue"])
            highest = sum(line.high for line in industry.expenses) * (1 + EXPENSE_NOISE)
            assert expense_share <= highest + ROUNDING
            operating_margin = ratios["gross_margin"] - expense_share
            assert operating_margin >= MINIMUM_OPERATING_MARGIN - ROUNDING, (industry.key, operating_margin)
            assert 0 < ratios["net_margin"] < operating_margin


def test_insider_cases_have_listed_company_prices_and_moves() -> None:
    for instance in draws("insider_trading_detection"):
        prices = [
            float(value.replace(",", ""))
            for value in re.findall(r"shares at \$([\d,]+\.\d\d)", instance.information)
        ]
        assert prices and all(4 <= value <= 200 for value in prices)
        move = re.search(r"the shares (?:rose|fell) (\d+\.\d)%", instance.information)
        assert move and 8 <= float(move[1]) <= 35


def test_strategies_have_plausible_risk_and_return() -> None:
    for task in ("investment_strategy_evaluation", "investment_strategy_optimization"):
        for instance in draws(task):
            for key, value in instance.facts.items():
                if key.endswith("volatility_tenths"):
                    assert 30 <= int(value) <= 380, (key, value)
                if key.endswith("drawdown_tenths") and not key.startswith("drawdown_limit"):
                    assert 20 <= int(value) <= 850, (key, value)
                if key.endswith("return_tenths"):
                    assert -150 <= int(value) <= 350, (key, value)
            assert 5 <= int(instance.facts["risk_free_tenths"]) <= 45


def test_valuation_inputs_and_results_are_in_practice_ranges() -> None:
    for instance in draws("asset_valuation_reporting"):
        facts = instance.facts
        assert 0.075 <= float(facts["discount_rate"]) <= 0.15
        assert 0.005 <= float(facts["terminal_growth"]) <= 0.035
        enterprise = float(
            instance.hints["should_contain"][0]
            .removeprefix("enterprise value of $")
            .split(" ")[0]
            .replace(",", "")
        )
        assert 5 <= enterprise / float(facts["cash_flow_5"]) <= 30, (
            "enterprise value of 5 to 30 times cash flow"
        )


def test_stock_series_move_like_listed_shares() -> None:
    for instance in draws("stock_price_prediction"):
        closes = [int(instance.facts[f"close_{number}_cents"]) for number in range(1, 21)]
        assert all(100 <= close <= 60_000 for close in closes)
        moves = [abs(later / earlier - 1) for earlier, later in itertools.pairwise(closes)]
        assert max(moves) <= 0.1, "no daily move beyond 10%"


def test_industry_growth_and_announcement_terms_are_realistic() -> None:
    for instance in draws("industry_report_summarization"):
        assert 25 <= int(instance.facts["growth_tenths"]) <= 180
    for instance in draws("financial_text_summarization"):
        coupon = instance.facts.get("coupon")
        if coupon is not None:
            assert 0.015 <= float(coupon) <= 0.09
        per_share = instance.facts.get("per_share")
        if per_share is not None:
            assert 0.05 <= float(per_share) <= 3.5


def test_borrowers_analysts_and_rule_cases_have_everyday_figures() -> None:
    for instance in draws("credit_risk_evaluation"):
        facts = instance.facts
        assert 300 <= int(facts["credit_score"]) <= 850
        assert 0.1 <= int(facts["total_liabilities"]) / int(facts["total_assets"]) <= 0.86
    for instance in draws("analyst_simulation"):
        # A world company: revenue of $60 million to about $60 billion, a profitable operating margin.
        assert 50 <= float(instance.facts["revenue"]) <= 60_000, "revenue of $50 million to $60 billion"
        margin = re.search(r"Operating margin last year was (\d+)%", instance.information)
        assert margin and 5 <= int(margin[1]) <= 60
    for instance in draws("financial_regulation_consulting"):
        for value in re.findall(r"at \$(\d+\.\d\d)", instance.information):
            assert 5 <= float(value) <= 200
        stake = instance.facts.get("held")
        if stake is not None:
            assert int(stake) / int(instance.facts["outstanding"]) <= 0.3
