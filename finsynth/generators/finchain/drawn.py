"""A batch of drawn FinChain instances held column by column.

The batch drawer assembles every text and value of a batch as a column (one list per field,
one entry per instance). Records and Arrow tables are built from these columns directly;
:meth:`DrawnColumns.instances` turns them into the :class:`~finsynth.generators.finchain.engine.Instance`
objects the scalar path draws, and :meth:`DrawnColumns.splice` puts an instance drawn one by one
into its row.
"""

from __future__ import annotations

from functools import partial
from itertools import repeat
from typing import NamedTuple

from finsynth.generators.finchain.engine import Instance, StepResult, solution_pattern
from finsynth.generators.finchain.formula import Value
from finsynth.generators.finchain.quantities import Quantity

_new_step = partial(tuple.__new__, StepResult)
_new_instance = partial(tuple.__new__, Instance)


class StepColumns(NamedTuple):
    """One step of a template over a batch.

    Attributes:
        name: The step's name.
        formula: The formula as written in the template.
        input_names: The names the formula reads, in order (their values are in
            :attr:`DrawnColumns.inputs`).
        texts: Each instance's step text (see :attr:`StepResult.text`).
        values: Each instance's result, rounded to its displayed precision.

    """

    name: str
    formula: str
    input_names: tuple[str, ...]
    texts: list[str]
    values: list[float]


class DrawnColumns(NamedTuple):
    """The instances of a batch, field by field: entry ``i`` of each list belongs to instance ``i``.

    Attributes:
        questions: Each instance's question.
        steps: Each step of the template, over the batch.
        inputs: The value of every name a step reads, per instance, as the scalar path holds it
            (a Python int or float, or a tuple for a series).
        answer_values: Each instance's numeric answer (``None`` for a categorical answer).
        answer_labels: Each instance's answer label (``None`` for a numeric answer).
        answer_texts: Each instance's answer as text.
        traces: Each instance's replayable trace as compact JSON.
        answer_quantity: The answer's quantity, shared by the batch (``None`` if categorical).
        choices: The answer labels offered, shared by the batch.
        note: What the solution says before its steps, shared by the batch.

    """

    questions: list[str]
    steps: tuple[StepColumns, ...]
    inputs: dict[str, list[Value]]
    answer_values: list[float | None]
    answer_labels: list[str | None]
    answer_texts: list[str]
    traces: list[str]
    answer_quantity: Quantity | None
    choices: tuple[str, ...]
    note: str

    @classmethod
    def of_instance(cls, instance: Instance) -> DrawnColumns:
        """Return a batch of one instance (drawn one by one), each column holding its one entry."""
        steps = tuple(
            StepColumns(
                result.name,
                result.formula,
                tuple(name for name, _ in result.inputs),
                [result.text],
                [result.value],
            )
            for result in instance.steps
        )
        return cls(
            questions=[instance.question],
            steps=steps,
            inputs={name: [value] for result in instance.steps for name, value in result.inputs},
            answer_values=[instance.answer_value],
            answer_labels=[instance.answer_label],
            answer_texts=[instance.answer_text],
            traces=[instance.trace_json],
            answer_quantity=instance.answer_quantity,
            choices=instance.choices,
            note=instance.note,
        )

    @property
    def size(self) -> int:
        """Instances in the batch."""
        return len(self.questions)

    def step_inputs(self, step: StepColumns) -> list[tuple[tuple[str, Value], ...]]:
        """Return ``step``'s inputs per instance, as :attr:`StepResult.inputs` holds them."""
        if not step.input_names:
            return [()] * self.size
        pairs = [zip(repeat(name), self.inputs[name]) for name in step.input_names]
        return list(zip(*pairs, strict=True))

    def solutions(self) -> list[str]:
        """Return each instance's :attr:`Instance.solution`, formatted column-wise with one pattern."""
        pattern = solution_pattern(self.note, len(self.steps))
        return list(map(pattern.format, *(step.texts for step in self.steps), self.answer_texts))

    def instances(self) -> list[Instance]:
        """Return the batch as instances, exactly as the scalar path draws them."""
        steps = [
            map(
                _new_step,
                zip(repeat(step.name), step.texts, repeat(step.formula), self.step_inputs(step), step.values),
            )
            for step in self.steps
        ]
        return list(
            map(
                _new_instance,
                zip(
                    self.questions,
                    zip(*steps, strict=True) if steps else repeat((), self.size),
                    self.answer_values,
                    self.answer_labels,
                    self.answer_texts,
                    repeat(self.answer_quantity),
                    repeat(self.choices),
                    self.traces,
                    repeat(self.note),
                    strict=False,
                ),
            )
        )

    def splice(self, row: int, instance: Instance) -> None:
        """Put ``instance`` (drawn one by one) into row ``row`` of every column, in place."""
        self.questions[row] = instance.question
        for step, result in zip(self.steps, instance.steps, strict=True):
            step.texts[row] = result.text
            step.values[row] = result.value
            for name, value in result.inputs:
                self.inputs[name][row] = value
        self.answer_values[row] = instance.answer_value
        self.answer_labels[row] = instance.answer_label
        self.answer_texts[row] = instance.answer_text
        self.traces[row] = instance.trace_json
