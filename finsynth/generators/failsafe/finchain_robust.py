"""FinChain questions under FailSafeQA's query failures: the ``finchain_robust`` rows.

Each FinChain record becomes one row per kind — ``misspelled``, ``incomplete``,
``out_of_domain`` — whose question is the original perturbed with a seed derived from the
record's id, value seed and the kind. The solution, trace and answer stay those of the
original, so the same scorers apply and any drop in accuracy measures robustness.
"""

from __future__ import annotations

import json

from finsynth.generators.registry import Expander, Record, register_expander
from finsynth.perturbations import get_perturbation
from finsynth.seeding import RandomStream, derive_seed

PERTURBATION_OF_KIND = {
    "misspelled": "misspell",
    "incomplete": "incomplete",
    "out_of_domain": "out_of_domain",
}
"""Row kind -> the registered perturbation applied to the question."""


def perturbed_question_row(record: Record, kind: str) -> Record:
    """Return the ``finchain_robust`` row of a FinChain record for one kind of query failure."""
    seed = derive_seed("finchain_robust", record["id"], record["seed_values"], kind)
    perturbed = get_perturbation(PERTURBATION_OF_KIND[kind])(record["input"], RandomStream(seed))
    metadata = json.loads(record["metadata"])
    metadata["perturbation"] = kind
    return {
        **record,
        "id": f"{record['id']}/{kind}",
        "input": perturbed.text,
        "metadata": json.dumps(metadata, sort_keys=True, separators=(",", ":")),
        "perturbation": kind,
        "original_input": record["input"],
        "perturbation_ops": perturbed.ops_json(),
    }


register_expander(
    Expander(
        family="finchain_robust",
        source_family="finchain",
        kinds=tuple(PERTURBATION_OF_KIND),
        expand=perturbed_question_row,
    )
)
