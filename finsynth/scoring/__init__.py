"""Scoring: ChainEval for FinChain, FailSafeQA metrics, and pairwise ratings.

Pure functions over records, model outputs, judge ratings and games; the ``finsynth score``
command line wraps them. :func:`score_answer` is the one answer reader every entry point
uses. Importing this package loads no embedding model: embedders are loaded on first use by
:func:`load_embedder`.
"""

from __future__ import annotations

from finsynth.scoring.answers import (
    AnswerCheck,
    answer_line,
    check_answer,
    check_label_answer,
    check_numeric_answer,
    gold_answer,
    score_answer,
    values_agree,
)
from finsynth.scoring.chaineval import (
    ChainEvalItem,
    ChainEvalResult,
    GroupScores,
    evaluate_chains,
    split_steps,
)
from finsynth.scoring.client import (
    ChatClient,
    ChatEndpoint,
    ChatError,
    ChatModel,
    Completion,
    Message,
    PairwiseVerdict,
    RetryPolicy,
    judge_pair,
    pairwise_judge_prompt,
    parse_verdict,
    render_transcript,
)
from finsynth.scoring.embeddings import Embedder, load_embedder
from finsynth.scoring.failsafe import (
    Judgment,
    RatingParseError,
    context_grounding,
    failsafe_report,
    failsafe_scores,
    judge_prompt,
    llm_compliance,
    parse_rating,
    read_judgments,
    robustness,
)
from finsynth.scoring.jsonl import InputProblem
from finsynth.scoring.numbers import Number, extract_numbers
from finsynth.scoring.predictions import Predictions, read_predictions
from finsynth.scoring.ratings import (
    Game,
    RatingInterval,
    WinMatrix,
    agreement,
    bootstrap_ratings,
    bradley_terry,
    elo_ratings,
    read_games,
    read_ratings,
    win_matrix,
)
from finsynth.scoring.records import load_records
from finsynth.scoring.rouge import rouge_l

__all__ = [
    "AnswerCheck",
    "ChainEvalItem",
    "ChainEvalResult",
    "ChatClient",
    "ChatEndpoint",
    "ChatError",
    "ChatModel",
    "Completion",
    "Embedder",
    "Game",
    "GroupScores",
    "InputProblem",
    "Judgment",
    "Message",
    "Number",
    "PairwiseVerdict",
    "Predictions",
    "RatingInterval",
    "RatingParseError",
    "RetryPolicy",
    "WinMatrix",
    "agreement",
    "answer_line",
    "bootstrap_ratings",
    "bradley_terry",
    "check_answer",
    "check_label_answer",
    "check_numeric_answer",
    "context_grounding",
    "elo_ratings",
    "evaluate_chains",
    "extract_numbers",
    "failsafe_report",
    "failsafe_scores",
    "gold_answer",
    "judge_pair",
    "judge_prompt",
    "llm_compliance",
    "load_embedder",
    "load_records",
    "pairwise_judge_prompt",
    "parse_rating",
    "parse_verdict",
    "read_games",
    "read_judgments",
    "read_predictions",
    "read_ratings",
    "render_transcript",
    "robustness",
    "rouge_l",
    "score_answer",
    "split_steps",
    "values_agree",
    "win_matrix",
]
