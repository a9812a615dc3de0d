"""The reward functions of each record family: one entry point, :func:`reward_functions`."""

from __future__ import annotations

from finsynth.errors import FinsynthError
from finsynth.families import record_family
from finsynth.rewards.completions import RewardFunction
from finsynth.rewards.finchain import FINCHAIN_REWARDS
from finsynth.rewards.judged import JUDGED_REWARDS, Judge, judge_model

REWARD_FAMILIES = ("finchain", "finchain_robust", *JUDGED_REWARDS)
"""The record families with reward functions: every family whose records are prompts."""


def reward_functions(family: str, *, judge: Judge | None = None) -> list[RewardFunction]:
    """Return the reward functions of a record family, ready for TRL's ``GRPOTrainer(reward_funcs=...)``.

    Each function is called as ``fn(prompts, completions, **columns)``: completions as strings or
    as conversations (the last assistant message is read), the dataset's columns as keyword
    arguments with one value per completion; it returns one float per completion and never
    raises on what a completion says.

    - ``finchain`` and ``finchain_robust``: ``finchain_correct`` (0 or 1, exactly
      :func:`finsynth.score_answer`), ``finchain_answer_format`` (0 or 0.2) and
      ``finchain_step_credit`` (0 to 0.5); see :mod:`finsynth.rewards.finchain`. They need the
      columns ``target`` (or ``answer_value``/``answer_unit``/``answer_label`` and ``choices``)
      and ``steps``.
    - ``failsafe`` and ``failsafe_condition``: ``failsafe_judge`` (0 to 1); ``ucfe``:
      ``ucfe_judge`` (0, 0.5 or 1); see :mod:`finsynth.rewards.judged`. They need ``judge``.

    Args:
        family: A record family (:data:`REWARD_FAMILIES`).
        judge: The judge of the judged families: a :class:`~finsynth.scoring.client.ChatEndpoint`
            (a client is built for it) or a chat model such as a
            :class:`~finsynth.scoring.client.ChatClient`. Ignored by the FinChain families.

    Raises:
        FinsynthError: For an unknown family, a family without rewards, or a judged family
            without a judge (saying how to configure one).

    """
    record_family(family)
    if family in ("finchain", "finchain_robust"):
        return list(FINCHAIN_REWARDS)
    if family in JUDGED_REWARDS:
        return [JUDGED_REWARDS[family](judge_model(judge, family))]
    raise FinsynthError(
        f"{family} records are not prompts to reward (they record simulated dialogues); "
        f"reward functions exist for {', '.join(REWARD_FAMILIES)}"
    )
