"""An instruction about figures goes only with an answer that has figures (issue #29).

Before, 14 of the default build's answers without a single figure carried "Show how you arrive at it."
"""

from __future__ import annotations

import re

from finsynth.generators.filings import make_filing
from finsynth.generators.filings.qa import make_qa
from finsynth.generators.filings.question_framing import QUESTION_FRAMING
from finsynth.generators.filings.questions import FIGURE_FOLLOW_UPS

DIGIT = re.compile(r"\d")


def test_the_figure_follow_ups_are_ones_a_question_can_draw() -> None:
    assert set(FIGURE_FOLLOW_UPS) <= set(QUESTION_FRAMING.follow_ups)


def test_no_answer_without_figures_comes_with_an_instruction_about_figures() -> None:
    figureless = 0
    for filing_seed in range(4):
        filing = make_filing(filing_seed, target_tokens=12_000)
        for seed in range(60):
            item = make_qa(filing, seed, task_type="QA")
            if DIGIT.search(item.answer):
                continue
            figureless += 1
            assert not item.question.endswith(FIGURE_FOLLOW_UPS), (filing_seed, seed, item.question)
    assert figureless  # the check saw answers without figures
