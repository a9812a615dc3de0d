"""A scripted OpenAI-style model for the harness tests: it answers from the dataset's own gold.

FinChain questions get the record's worked solution (or a wrong one, on request); FailSafeQA
prompts get the reference answer, or a refusal where the context is missing or irrelevant
(or under conditions the test names); judge prompts get a rating: 5 when the answer is the
reference or a refusal under a refusal rubric, else 2. For UCFE, :class:`UcfeModels` plays the
simulated client, two assistants and the pairwise judges, chosen by the request's model name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tests.scoring.chat_server import ChatServer, Reply, chat_reply

REFUSAL = "The document does not contain the information needed, so I cannot answer."


def _text(message: Mapping[str, Any]) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content)


class GoldModel:
    """The reply function of a :class:`ChatServer`, built from dataset rows."""

    def __init__(
        self,
        rows: Iterable[Mapping[str, Any]],
        refuse_under: Iterable[str] = (),
        wrong_answers: bool = False,
        wrong_every_other: bool = False,
    ) -> None:
        self.rows = list(rows)
        self.refuse_under = {"missing_context", "irrelevant_context", *refuse_under}
        self.wrong_answers = wrong_answers
        self.wrong_every_other = wrong_every_other

    def answer(self, prompt: str) -> str:
        # The longest input found in the prompt (one input can be the start of another).
        row = max((row for row in self.rows if row["input"] in prompt), key=lambda row: len(row["input"]))
        if "solution" in row:
            # Wrong answers keep every step but end on a final answer no record has.
            wrong = self.wrong_answers or (self.wrong_every_other and self.rows.index(row) % 2 == 1)
            return f"{row['solution']}\nAnswer: 123456789" if wrong else str(row["solution"])
        return REFUSAL if row["condition"] in self.refuse_under else str(row["target"])

    @staticmethod
    def judge(prompt: str) -> str:
        fenced = re.search(r"<assistant_answer>\n(.*?)\n</assistant_answer>", prompt, re.S)
        assert fenced is not None, "the judge prompt fences the answer"
        answer = fenced.group(1).strip()
        reference = re.search(r"\[Reference answer\]\n(.*?)\n\n\[", prompt, re.S)
        expected = reference.group(1).strip() if reference is not None else REFUSAL
        rating = 5 if answer == expected else 2
        return f"Compared with the rubric, the answer rates {rating}.\nRating: [[{rating}]]"

    def __call__(self, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        # The question is the last user message (earlier ones are few-shot examples).
        prompt = next(_text(m) for m in reversed(body.get("messages", [])) if m.get("role") == "user")
        if "Rating: [[n]]" in prompt:
            return chat_reply(self.judge(prompt))
        return chat_reply(self.answer(prompt))


def serve(
    rows: Iterable[Mapping[str, Any]],
    refuse_under: Iterable[str] = (),
    wrong_answers: bool = False,
    wrong_every_other: bool = False,
) -> ChatServer:
    """A server answering as :class:`GoldModel` (start it as a context manager)."""
    return ChatServer(GoldModel(rows, refuse_under, wrong_answers, wrong_every_other))


THOROUGH = "Here is a thorough answer, with the figures and the risks you asked about."
"""What the ``strong`` assistant says; the judge counts how often a dialogue's assistant says it."""
CURT = "Look at the margins first."
"""What the ``weak`` assistant says: curt, but an answer (a refusal would be rated a loss unjudged)."""
CLIENT_QUESTION = "I need help with my request; what should I look at first?"
CLIENT_CLOSING = "Thank you, that is what I needed. [END OF CONVERSATION]"


class UcfeModels:
    """Every UCFE part, chosen by the request's model name; each answers the same way every time.

    - ``client`` (the simulated user) asks when it speaks first or is told it is too early to
      end, and otherwise ends at once, so a dialogue lasts exactly its minimum rounds.
    - ``strong`` and ``weak`` are assistants: one answers thoroughly, one curtly.
    - ``judge`` prefers the dialogue whose assistant was thorough more often ([[3]] when equal);
      ``judge-first`` always prefers the dialogue shown first (a position bias); ``judge-mute``
      never gives a verdict.
    """

    def __call__(self, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        messages = body.get("messages", [])
        model = str(body.get("model"))
        if model == "client":
            said = [m for m in messages if m.get("role") == "user"]
            early = "too early" in _text(said[-1])
            return chat_reply(CLIENT_QUESTION if len(said) == 1 or early else CLIENT_CLOSING)
        if model in ("strong", "weak"):
            return chat_reply(THOROUGH if model == "strong" else CURT)
        prompt = _text(messages[-1])
        if model == "judge-first":
            return chat_reply("The first one, clearly.\n[[1]]")
        if model == "judge-mute":
            return chat_reply("Both have merits; I cannot decide.")
        counts = [
            prompt.split(f"<assistant {n} dialogue>", 1)[1]
            .split(f"</assistant {n} dialogue>")[0]
            .count(THOROUGH)
            for n in (1, 2)
        ]
        verdict = 3 if counts[0] == counts[1] else (1 if counts[0] > counts[1] else 2)
        return chat_reply(
            f"Dialogue 1 was thorough {counts[0]} times, dialogue 2 {counts[1]}.\n[[{verdict}]]"
        )


def serve_ucfe() -> ChatServer:
    """A server answering as :class:`UcfeModels` (start it as a context manager)."""
    return ChatServer(UcfeModels())
