"""Item 7A's sensitivity tables tie to the balance sheet and to the exposures Item 7A states (issue #29)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.filings.market_risk import SHIFTS, market_risk_candidates
from finsynth.generators.filings.tables import CELL_SEPARATOR
from finsynth.seeding import RandomStream
from finsynth.world.company import make_company
from finsynth.world.statements import has_foreign_revenue, make_statements


def _number(cell: str) -> int:
    if cell == "—":
        return 0
    negative = cell.startswith("(")
    value = int(cell.strip("()").replace(",", ""))
    return -value if negative else value


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sensitivity_rows_tie_to_the_stated_exposures(seed: int) -> None:
    company = make_company(RandomStream(seed))
    statements = make_statements(company, RandomStream(seed + 1))
    candidates = market_risk_candidates(company, statements, RandomStream(seed + 2))
    main = candidates[0]
    assert main.required and all(not candidate.required for candidate in candidates[1:])
    values = statements.values[statements.years[-1]]
    debt = values["current_debt"] + values["long_term_debt"]
    bank = "net_interest_income" in values
    expected = (not bank and debt > 0) or has_foreign_revenue(statements)
    assert (len(candidates) == 2) == expected
    if not expected:
        return
    block = candidates[1].block
    tables = [paragraph for paragraph in block.paragraphs if paragraph.kind == "table"]
    for paragraph in tables:
        title, _, *rows = (line.text for line in paragraph.lines)
        cells = [[_number(cell) for cell in row.split(CELL_SEPARATOR)[1:]] for row in rows]
        if title.startswith("Effect of parallel shifts"):
            per_hundred = int(main.block.facts["market_risk.rate_effect"])
            for shift, (expense, cash, net, value) in zip(SHIFTS, cells, strict=True):
                assert expense == per_hundred * shift // 100
                assert net == cash - expense
                assert value == -int(block.facts["market_risk.fixed_value_effect"]) * shift // 100
            fixed = int(block.facts["market_risk.fixed_debt"])
            assert 0 <= fixed <= debt
        else:
            *regions, total = cells
            assert total[2] == int(main.block.facts["market_risk.currency_effect"])
            assert sum(row[2] for row in regions) == total[2]
            assert sum(row[0] for row in regions) == total[0]
            assert all(row[1] == -row[2] for row in cells)
