"""Company Evaluation Reporting: the multiples and the peer verdict follow from the statement facts."""

from __future__ import annotations

import re
from collections import Counter

from tests.generators.ucfe.instances.harness import draws
from tests.generators.ucfe.instances.statement_ratios import sheet_figures, shown_percent, statement_ratios


def test_verdict_and_figures_follow_from_the_statements() -> None:
    verdicts: Counter[str] = Counter()
    for instance in draws("company_evaluation_reporting"):
        ratios = statement_ratios(sheet_figures(instance))
        median = float(instance.facts["peer_median_pe"])
        pe = ratios["price_to_earnings"]
        verdict = "below peers" if pe < 0.9 * median else "above peers" if pe > 1.1 * median else "in line"
        assert instance.hints["answer"][0].startswith(verdict)
        must = instance.hints["must_contain"]
        assert must[0] == f"valued {instance.hints['answer'][0]}"
        assert abs(float(must[1].removeprefix("P/E of ").removesuffix("x")) - pe) <= 0.05 + 1e-9
        assert (
            abs(float(must[2].removeprefix("P/B of ").removesuffix("x")) - ratios["price_to_book"]) <= 0.0501
        )
        assert must[3] == f"net margin of {shown_percent(ratios['net_margin'])}"
        assert must[4] == f"return on equity of {shown_percent(ratios['return_on_equity'])}"
        assert str(instance.facts["company"]) in instance.information
        verdicts[verdict] += 1
    assert min(verdicts.values()) >= 100, verdicts


def test_the_quoted_peer_median_is_the_median_of_the_peer_table() -> None:
    for instance in draws("company_evaluation_reporting"):
        table = re.search(r"P/E on last year's earnings: (.+?)\. ", instance.information)
        assert table, instance.information
        ratios = sorted(float(value) for value in re.findall(r" (\d+\.\d)x", table[1]))
        assert len(ratios) % 2 == 1 and ratios[len(ratios) // 2] == float(instance.facts["peer_median_pe"])
