"""FinChain questions under FailSafeQA's query failures: the ``finchain_robust`` rows.

Each FinChain record becomes one row per kind — ``misspelled``, ``incomplete``,
``out_of_domain`` — whose question is the original perturbed with a seed derived from the
record's id, value seed and the kind; misspelled questions take a number of misspellings drawn
from :data:`~finsynth.perturbations.misspell.QUERY_EDITS`. The solution, trace and answer stay those of the
original, so the same scorers apply and any drop in accuracy measures robustness.

Every perturbed question passes its checks (:func:`~finsynth.perturbations.check_query`,
with the record's choices as answer labels) before it is written: a failing draw is redrawn
with a salted seed, and after :data:`~finsynth.perturbations.MAX_TRIES` failures the row is
left out. ``metadata.perturbation_redraws`` says how many redraws a written row took.
"""

from __future__ import annotations

import json
from typing import Any

from finsynth.generators.registry import Expander, Record, register_expander
from finsynth.perturbations import Perturbed, check_query, perturb_checked
from finsynth.perturbations.misspell import QUERY_EDITS
from finsynth.seeding import derive_seed

PERTURBATION_OF_KIND = {
    "misspelled": "misspell",
    "incomplete": "incomplete",
    "out_of_domain": "out_of_domain",
}
"""Row kind -> the registered perturbation applied to the question."""


def answer_labels(record: Record) -> tuple[str, ...]:
    """The labels a perturbed question must keep: the record's choices and its answer label."""
    labels = [*(record.get("choices") or ()), record.get("answer_label") or ""]
    return tuple(dict.fromkeys(label for label in labels if label))


def perturbed_question_row(record: Record, kind: str) -> Record | None:
    """Return the ``finchain_robust`` row of a FinChain record for one kind, or ``None`` to leave it out."""
    name = PERTURBATION_OF_KIND[kind]
    original, labels = record["input"], answer_labels(record)

    def check(perturbed: Perturbed) -> tuple[str, ...]:
        return check_query(name, original, perturbed, labels)

    seed = derive_seed("finchain_robust", record["id"], record["seed_values"], kind)
    options: dict[str, Any] = {"keep": labels}
    if name == "misspell":
        options["edits"] = QUERY_EDITS
    checked = perturb_checked(name, original, seed, check, **options)
    if checked.perturbed is None:
        return None
    metadata = json.loads(record["metadata"])
    metadata["perturbation"] = kind
    metadata["perturbation_redraws"] = checked.redraws
    return {
        **record,
        "id": f"{record['id']}/{kind}",
        "input": checked.perturbed.text,
        "metadata": json.dumps(metadata, sort_keys=True, separators=(",", ":")),
        "perturbation": kind,
        "original_input": original,
        "perturbation_ops": checked.perturbed.ops_json(),
    }


register_expander(
    Expander(
        family="finchain_robust",
        source_family="finchain",
        kinds=tuple(PERTURBATION_OF_KIND),
        expand=perturbed_question_row,
    )
)
