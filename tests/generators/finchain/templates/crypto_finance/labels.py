"""Shared check for categorical crypto-finance templates: every label is actually drawn."""

from collections import Counter

from tests.generators.finchain.harness import SEEDS, draws

MIN_LABEL_SHARE = 0.05


def assert_label_mix(template_id: str, count: int = SEEDS) -> Counter[str]:
    """Every choice of the template is the answer for at least 5% of ``count`` seeds."""
    records = [record for _, record in draws(template_id, count)]
    labels = Counter(record["answer_label"] for record in records)
    for choice in records[0]["choices"]:
        assert labels[choice] >= MIN_LABEL_SHARE * count, (template_id, labels)
    return labels
