"""Synthetic 10-K-style filings of fictional companies, with questions, answers and exact citations.

``make_filing(seed, target_tokens=...)`` writes a filing whose statements satisfy the accounting
identities exactly and whose narrative is computed from them; ``make_qa`` asks a question (or a
writing request) answered from the filing's facts, citing the sentences that state them;
``make_item`` draws both the length and the task type, as in FailSafeQA.
"""

from finsynth.generators.filings.document import SUPPORTED_TOKENS, TOLERANCE, Filing, Sentence, make_filing
from finsynth.generators.filings.qa import QAItem, TaskType, make_item, make_qa, plan_item
from finsynth.generators.filings.questions import QUESTION_KINDS, QuestionKind

__all__ = [
    "QUESTION_KINDS",
    "SUPPORTED_TOKENS",
    "TOLERANCE",
    "Filing",
    "QAItem",
    "QuestionKind",
    "Sentence",
    "TaskType",
    "make_filing",
    "make_item",
    "make_qa",
    "plan_item",
]
