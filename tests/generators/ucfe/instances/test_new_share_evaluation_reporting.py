"""New Share Evaluation Reporting: implied P/E, peer median, proceeds and verdict follow from the terms."""

from __future__ import annotations

from collections import Counter

from tests.generators.ucfe.instances.harness import draws


def one_decimal(text: str, prefix: str, suffix: str) -> float:
    return float(text.removeprefix(prefix).removesuffix(suffix).replace(",", ""))


def test_offer_figures_follow_from_the_terms() -> None:
    verdicts: Counter[str] = Counter()
    for instance in draws("new_share_evaluation_reporting"):
        facts = instance.facts
        midpoint = (float(facts["price_low"]) + float(facts["price_high"])) / 2
        implied = midpoint * float(facts["shares_after"]) / float(facts["net_income"])
        peers = sorted(float(facts[f"peer_{n}_pe"]) for n in range(1, int(facts["peer_count"]) + 1))
        middle = len(peers) // 2
        median = peers[middle] if len(peers) % 2 else (peers[middle - 1] + peers[middle]) / 2
        proceeds = midpoint * float(facts["shares_offered"])
        verdict = "below" if implied < 0.9 * median else "above" if implied > 1.1 * median else "in line with"
        pe_text, median_text, proceeds_text, verdict_text = instance.hints["must_contain"]
        assert abs(one_decimal(pe_text, "implied P/E of ", "x at the midpoint") - implied) <= 0.05 + 1e-9
        assert abs(one_decimal(median_text, "peer median P/E of ", "x") - median) <= 0.05 + 1e-9
        assert abs(one_decimal(proceeds_text, "gross proceeds of $", " million") - proceeds) <= 0.05 + 1e-9
        assert verdict_text == f"priced {verdict} peers" == instance.hints["answer"][0]
        for number in range(1, int(facts["peer_count"]) + 1):
            assert str(facts[f"peer_{number}_name"]) in instance.information
        verdicts[verdict] += 1
    assert min(verdicts.values()) >= 100, verdicts
