"""The UCFE dialogue loop with a real llama.cpp server playing both the client and the assistant."""

from __future__ import annotations

import pytest

from finsynth.generators.ucfe.simulator import DEFAULT_END_MARKER, simulate_dialogue
from finsynth.scoring.client import ChatClient, ChatEndpoint
from tests.integration.conftest import MODEL_ALIAS, Proxy

pytestmark = pytest.mark.integration


def test_a_dialogue_with_a_real_model_keeps_roles_and_the_round_limits(proxy: Proxy):
    settings = ChatEndpoint(proxy.url, MODEL_ALIAS, temperature=0.0, max_tokens=32, seed=11, timeout_s=120.0)
    with ChatClient(settings) as model:
        dialogue = simulate_dialogue(
            model,
            model,
            user_role_prompt="A small-business owner with a loan question.",
            information="Loan: $50,000 at 7% a year over 5 years.",
            needs="The monthly payment and whether refinancing at 6% would help.",
            assistant_prompt="You are a concise financial assistant.",
            min_rounds=2,
            max_rounds=3,
        )
    assert dialogue.failure is None, dialogue.failure
    assert 2 <= dialogue.rounds <= 3 and dialogue.ended_by in ("user_ended", "max_rounds")
    assert all(turn.content.strip() and DEFAULT_END_MARKER not in turn.content for turn in dialogue.turns)
    roles = [turn.role for turn in dialogue.turns]
    assert roles[: 2 * dialogue.rounds] == ["user", "assistant"] * dialogue.rounds
    assert dialogue.render().startswith("User: ") and "\nAssistant: " in dialogue.render()
    assert proxy.hits >= 2 * dialogue.rounds
