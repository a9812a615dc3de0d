"""Balance sheet templates against the accounting identities, symbolically and over 1,000 seeds."""

from tests.generators.finchain.harness import assert_matches_reference, assert_symbolically_equal

TOPIC = "finchain/financial_reporting/balance_sheets/"


def test_stockholders_equity_from_the_accounting_equation() -> None:
    template_id = TOPIC + "stockholders_equity_from_the_accounting_equation"

    def reference(cash, receivables, inventory, net_ppe, accounts_payable, long_term_debt):
        return cash + receivables + inventory + net_ppe - accounts_payable - long_term_debt

    assert_symbolically_equal(template_id, reference)

    def positive_equity(givens, record):
        assert record["answer_value"] > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=positive_equity)


def test_ending_retained_earnings() -> None:
    template_id = TOPIC + "ending_retained_earnings"

    def reference(beginning_retained_earnings, net_income, preferred_dividends, common_dividends):
        return beginning_retained_earnings + net_income - preferred_dividends - common_dividends

    assert_symbolically_equal(template_id, reference)

    def dividends_reduce(givens, record):
        assert record["answer_value"] <= givens["beginning_retained_earnings"] + givens["net_income"]

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=dividends_reduce)


def test_book_value_per_common_share() -> None:
    template_id = TOPIC + "book_value_per_common_share"

    def reference(total_assets, total_liabilities, preferred_equity, common_shares):
        return (total_assets - total_liabilities - preferred_equity) / common_shares

    assert_symbolically_equal(template_id, reference)

    def positive(givens, record):
        assert record["answer_value"] > 0

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=positive)


def test_net_working_capital_from_a_classified_balance_sheet() -> None:
    template_id = TOPIC + "net_working_capital_from_a_classified_balance_sheet"

    def reference(
        cash,
        marketable_securities,
        receivables,
        inventory,
        prepaid_expenses,
        accounts_payable,
        accrued_liabilities,
        current_portion_of_debt,
        **long_term_items,
    ):
        current_assets = cash + marketable_securities + receivables + inventory + prepaid_expenses
        return current_assets - (accounts_payable + accrued_liabilities + current_portion_of_debt)

    # The long-term items must not appear in the answer at all.
    assert_symbolically_equal(template_id, reference)
    signs = []

    def sane(givens, record):
        signs.append(record["answer_value"] > 0)

    assert_matches_reference(template_id, lambda g: reference(**g), invariants=sane)
    assert 0.05 <= sum(signs) / len(signs) <= 0.95


def test_carrying_amount_of_bonds_payable_under_the_effective_interest_method() -> None:
    template_id = TOPIC + "carrying_amount_of_bonds_payable_under_the_effective_interest_method"

    def reference(g):
        years_left = g["term_years"] - g["years_elapsed"]
        discount = (1 + g["market_yield"]) ** -years_left
        annuity = (1 - discount) / g["market_yield"]
        return g["face_value"] * g["coupon_rate"] * annuity + g["face_value"] * discount

    def amortizes_toward_par(givens, record):
        carrying = record["answer_value"]
        # A premium bond (coupon above yield) is carried above par and a discount bond below, never
        # further from par than at issue.
        at_issue = reference({**givens, "years_elapsed": 0})
        low, high = sorted((at_issue, givens["face_value"]))
        assert low - 0.01 <= carrying <= high + 0.01

    assert_matches_reference(template_id, reference, invariants=amortizes_toward_par)
