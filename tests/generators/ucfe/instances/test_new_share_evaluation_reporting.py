"""New Share Evaluation Reporting: every hint is recomputed from the numbers the text quotes, exactly."""

from __future__ import annotations

import re
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal

from tests.generators.ucfe.instances.harness import draws

_PRICE = r"\$(\d+\.\d\d)"


def _one_decimal(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.1'), rounding=ROUND_HALF_UP):,}"


def _median(values: list[Decimal]) -> Decimal:
    ordered, middle = sorted(values), len(values) // 2
    return ordered[middle] if len(values) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def test_hints_follow_from_the_quoted_terms() -> None:
    verdicts: Counter[str] = Counter()
    for instance in draws("new_share_evaluation_reporting"):
        text = instance.information
        low, high = (
            Decimal(found) for found in re.search(rf"{_PRICE}(?:-| to | and ){_PRICE}", text).groups()
        )  # type: ignore[union-attr]
        offered = Decimal(re.search(r"([\d.]+) million new shares", text)[1])  # type: ignore[index]
        after = Decimal(
            re.search(
                r"([\d.]+) million shares (?:outstanding|in issue)|share count to ([\d.]+) million", text
            ).group(1)
            or re.search(r"share count to ([\d.]+) million", text)[1]
        )  # type: ignore[union-attr,index]
        income = Decimal(re.search(r"net income was \$([\d,.]+) million", text)[1].replace(",", ""))  # type: ignore[index]
        peers_line = re.search(r"earnings\): (.+?)\.\n", text)[1]  # type: ignore[index]
        peers = [Decimal(value) for value in re.findall(r" (\d+\.\d)x", peers_line)]
        midpoint = (low + high) / 2
        assert midpoint == midpoint.quantize(Decimal("0.5")), "the midpoint is quoted exactly"
        implied = midpoint * after / income
        median = _median(peers)
        verdict = (
            "below"
            if implied < Decimal("0.9") * median
            else "above"
            if implied > Decimal("1.1") * median
            else "in line with"
        )
        assert instance.hints["must_contain"] == (
            f"implied P/E of {_one_decimal(implied)}x at the midpoint",
            f"peer median P/E of {_one_decimal(median)}x",
            f"gross proceeds of ${_one_decimal(midpoint * offered)} million",
            f"priced {verdict} peers",
        )
        cash, debt = re.search(
            r"held (\$[\d,.]+ million) of cash against (\$[\d,.]+ million) of debt", text
        ).groups()  # type: ignore[union-attr]
        assert instance.hints["should_contain"] == (
            f"market value of ${_one_decimal(midpoint * after)} million at the midpoint price of "
            f"${midpoint:.2f}",
            f"{cash} of cash against {debt} of debt before the offer",
        )
        dilution = (100 * offered / after).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        assert (
            f"the {offered} million new shares are {dilution}% of the {after} million"
            in (instance.hints["encourage"][1])
        )
        assert instance.hints["answer"] == (f"priced {verdict} peers",)
        verdicts[verdict] += 1
    assert min(verdicts.values()) >= 100, verdicts


def test_offer_prices_and_valuations_are_those_of_real_listings() -> None:
    for instance in draws("new_share_evaluation_reporting"):
        facts = instance.facts
        assert 10 <= int(facts["price_low"]) < int(facts["price_high"]) <= 40, "US offerings price at $10-$40"
        revenue, income = float(facts["revenue"]), float(facts["net_income"])
        # World companies' net margins: banks and software firms reach the low 30s.
        assert 0.03 <= income / revenue <= 0.35, "a plausible net margin"
        market_value = (int(facts["price_low"]) + int(facts["price_high"])) / 2 * float(facts["shares_after"])
        assert 10 <= market_value / income <= 45, "implied P/E within the range of listed companies"
        assert 0.1 <= float(facts["shares_offered"]) / float(facts["shares_after"]) <= 0.3, (
            "a usual free float"
        )
