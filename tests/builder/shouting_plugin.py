"""A build plugin whose expander makes two rows per FinChain record: the question as is and shouted."""

from finsynth.generators.registry import Expander, Record, register_expander


def shout(record: Record, kind: str) -> Record:
    """Return the record's row for ``kind``; ``loud`` upper-cases the question."""
    row = dict(record)
    row["id"] = f"{record['id']}/{kind}"
    if kind == "loud":
        row["input"] = record["input"].upper()
    return row


register_expander(
    Expander(family="finchain", source_family="finchain", kinds=("plain", "loud"), expand=shout)
)
