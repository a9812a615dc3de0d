"""Reinforcement learning on finsynth: reward functions, a difficulty curriculum, reasoning-gym interop.

- :func:`reward_functions` returns a record family's reward functions in the form TRL's
  ``GRPOTrainer`` calls them; FinChain's are built on :func:`finsynth.score_answer`, the one
  answer reader, so a reward and an evaluation never disagree; FailSafe and UCFE ask a judge.
- :class:`Curriculum` streams FinChain records whose measured difficulty follows the rewards
  fed back to it.
- :func:`reasoning_gym_dataset` gives FinChain the shape of a reasoning-gym dataset.

The guide is ``docs/training-rl.md``.
"""

from __future__ import annotations

from finsynth.chat import prompt_messages
from finsynth.rewards.completions import MAX_COMPLETION_CHARS, RewardFunction, completion_text
from finsynth.rewards.curriculum import Curriculum, Level
from finsynth.rewards.finchain import (
    FORMAT_WEIGHT,
    STEP_WEIGHT,
    answer_format,
    correctness,
    finchain_answer_format,
    finchain_correct,
    finchain_step_credit,
    step_credit,
)
from finsynth.rewards.functions import REWARD_FAMILIES, reward_functions
from finsynth.rewards.judged import Judge, failsafe_reward, ucfe_reward
from finsynth.rewards.reasoning_gym import (
    FinanceConfig,
    FinanceDataset,
    reasoning_gym_dataset,
    register_reasoning_gym,
)

__all__ = [
    "FORMAT_WEIGHT",
    "MAX_COMPLETION_CHARS",
    "REWARD_FAMILIES",
    "STEP_WEIGHT",
    "Curriculum",
    "FinanceConfig",
    "FinanceDataset",
    "Judge",
    "Level",
    "RewardFunction",
    "answer_format",
    "completion_text",
    "correctness",
    "failsafe_reward",
    "finchain_answer_format",
    "finchain_correct",
    "finchain_step_credit",
    "prompt_messages",
    "reasoning_gym_dataset",
    "register_reasoning_gym",
    "reward_functions",
    "step_credit",
    "ucfe_reward",
]
