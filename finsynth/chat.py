"""The chat form of a record: a ``messages`` column ready for chat fine-tuning.

TRL's ``SFTTrainer`` reads a ``messages`` column of ``{"role", "content"}`` dicts as a
conversation and applies the model's chat template. Each FinChain record becomes three
messages: a fixed system message, the question as the user message, and the worked
solution, whose last line is ``Answer: …``, as the assistant message.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from finsynth.errors import FinsynthError

CHAT_FAMILIES = ("finchain", "finchain_robust")
"""Families whose records carry a worked solution, and so have a chat form."""

SYSTEM_PROMPT = (
    "You are a careful financial analyst. Solve the problem step by step, showing each formula "
    "with the numbers substituted, then give the result on a last line that starts with 'Answer:'."
)
"""The system message of every conversation."""

ANSWER_PREFIX = "Answer: "


def check_chat_family(family: str) -> None:
    """Raise unless records of ``family`` have a chat form.

    Raises:
        FinsynthError: Naming the families that do.

    """
    if family not in CHAT_FAMILIES:
        raise FinsynthError(
            f"{family} records have no worked solution to chat with; "
            f"messages need one of {list(CHAT_FAMILIES)}"
        )


def assistant_message(solution: str, target: str) -> str:
    """Return the assistant's answer: the solution, ending with ``Answer: <target>`` (appended if missing)."""
    closing = f"{ANSWER_PREFIX}{target}"
    return solution if solution.rstrip().endswith(closing) else f"{solution.rstrip()}\n{closing}"


def chat_messages(record: dict[str, Any]) -> list[dict[str, str]]:
    """Return the conversation of a FinChain record (``finchain`` or ``finchain_robust``).

    The assistant message is the record's ``solution``; a solution that does not already end
    with ``Answer: <target>`` gets that line appended.
    """
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": record["input"]},
        {"role": "assistant", "content": assistant_message(record["solution"], record["target"])},
    ]


def messages_column(table: pa.Table, messages_type: pa.DataType) -> pa.Array:
    """Return the ``messages`` of every row of a table of FinChain records, as :func:`chat_messages` does.

    Args:
        table: Records with ``input``, ``solution`` and ``target`` columns.
        messages_type: The Arrow type of the column (a list of role/content structs).

    """
    questions = table.column("input").to_pylist()
    answers = list(
        map(assistant_message, table.column("solution").to_pylist(), table.column("target").to_pylist())
    )
    size = len(questions)
    roles = ("system", "user", "assistant") * size
    contents = [text for row in zip([SYSTEM_PROMPT] * size, questions, answers, strict=True) for text in row]
    message_type = messages_type.value_type
    messages = pa.StructArray.from_arrays(
        [pa.array(roles, type=pa.string()), pa.array(contents, type=pa.string())],
        fields=list(message_type),
    )
    offsets = pa.array(range(0, 3 * size + 1, 3), type=pa.int32())
    return pa.ListArray.from_arrays(offsets, messages, type=messages_type)


def with_messages(record: dict[str, Any]) -> dict[str, Any]:
    """Return the record with its ``messages`` column set (the record itself, updated)."""
    record["messages"] = chat_messages(record)
    return record


def prompt_messages(record: dict[str, Any]) -> list[dict[str, str]]:
    """Return the prompt of a FinChain record's conversation: the system message and the question.

    What a policy is asked in reinforcement learning (TRL's ``prompt`` column); the reply it
    should give is the assistant message of :func:`chat_messages`.
    """
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": record["input"]}]
