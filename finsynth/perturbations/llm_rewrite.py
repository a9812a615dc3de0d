"""Optional model-written rewrites of a query, through any chat model behind ``complete``.

``incomplete`` and ``out_of_domain`` take ``method="llm"`` with a ``client``: any object with
``complete(messages) -> str`` (for example finsynth's OpenAI-compatible scoring client).
The whole query becomes one op, since a model's rewrite has no word-level alignment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from finsynth.errors import FinsynthError
from finsynth.perturbations.ops import Op, Perturbed
from finsynth.perturbations.spans import no_candidate

SYSTEM_PROMPT = (
    "You rewrite questions about finance for a test of how well assistants cope with imperfect "
    "questions. Do exactly what the instruction asks, keep every number, date, company name and "
    "ticker as written, and reply with the rewritten question alone: no quotes, labels or remarks."
)


@runtime_checkable
class CompletionClient(Protocol):
    """Anything that answers a chat conversation with text."""

    def complete(self, messages: Sequence[Mapping[str, str]]) -> str:
        """Return the model's reply to ``messages`` (dicts with ``role`` and ``content``)."""


def rewrite_with_model(perturbation: str, text: str, client: object, instruction: str) -> Perturbed:
    """Ask ``client`` to rewrite ``text`` as ``instruction`` says; one op covers the whole text.

    Args:
        perturbation: The calling perturbation's name, used as the op kind prefix and in errors.
        text: The query.
        client: A :class:`CompletionClient`.
        instruction: What the rewrite must do, in plain words.

    Returns:
        The rewrite with one ``<perturbation>_llm`` op, or the text unchanged with a
        ``no_candidate`` op when the model gave the query back as it was.

    Raises:
        FinsynthError: If ``client`` has no ``complete`` method, or the model replied with nothing.

    """
    if not isinstance(client, CompletionClient):
        raise FinsynthError(
            f"{perturbation}: method='llm' needs client=, an object with complete(messages) -> str"
        )
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": f"{instruction}\n\nQuestion:\n{text}"},
    ]
    reply = client.complete(messages)
    rewritten = reply.strip().strip("\"'“”").strip() if isinstance(reply, str) else ""
    if not rewritten:
        raise FinsynthError(f"{perturbation}: the model returned an empty rewrite of {text[:60]!r}")
    if rewritten == text.strip():
        return no_candidate(text, "the model returned the question unchanged")
    op = Op(f"{perturbation}_llm", 0, len(text), text, rewritten, {"method": "llm"})
    return Perturbed(rewritten, (op,))
