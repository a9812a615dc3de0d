"""Drawing many instances of one FinChain template at once, exactly as one by one.

:meth:`CompiledTemplate.instance <finsynth.generators.finchain.engine.CompiledTemplate.instance>`
draws one instance from a pair of seeds; a build or a training stream wants millions.
:class:`BatchDrawer` draws a whole batch of seed pairs column by column:

- every given is drawn for the whole batch with :func:`~finsynth.seeding.splitmix_words`,
  which gives each instance exactly the words its scalar stream would, constraint
  rejection included (each instance keeps its own word counter);
- formulas are evaluated over NumPy columns by :mod:`~finsynth.generators.finchain.vector`,
  bit-identical to the scalar evaluator;
- each text (question, step, answer, trace) is assembled by one ``str.format`` call per
  instance whose format specs do the number formatting in C;
- the batch comes back as :class:`~finsynth.generators.finchain.drawn.DrawnColumns`, one list
  per field, from which records and Arrow tables are built without an instance per row.

Whatever the column path cannot reproduce exactly (a formula over a series, a negative
amount, a singular unit such as "1 year", a company name) falls back to the scalar code
for that column or formula. An instance whose floats cannot decide a rounding (a value at a
half-way point, which :mod:`~finsynth.generators.finchain.chain` then solves exactly) is
drawn again by the scalar path. The result equals the scalar path instance for instance,
byte for byte; a test checks it for every template over 1,000 seed pairs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from typing import Any

import numpy as np
from numpy.typing import NDArray

from finsynth.collector import collector_paused
from finsynth.errors import FinsynthError, FormulaError, UnsatisfiableConstraintsError
from finsynth.generators.finchain.chain import Solution, decide, solve_exactly, stated_value
from finsynth.generators.finchain.drawn import DrawnColumns, StepColumns
from finsynth.generators.finchain.dsl import DerivedGiven, OptionGiven, SeriesGiven
from finsynth.generators.finchain.engine import MAX_ATTEMPTS, CompiledTemplate, Instance
from finsynth.generators.finchain.exact import ExactValue
from finsynth.generators.finchain.formula import Formula, ShownValue
from finsynth.generators.finchain.plan import NumberSampler, Sampler, StepPlan, parse_pattern
from finsynth.generators.finchain.quantities import TooCloseToCall
from finsynth.generators.finchain.redo import MOST_EXTRA_DIGITS, extra_digits
from finsynth.generators.finchain.showing import (
    Part,
    Piece,
    format_all,
    in_arithmetic_column,
    question_column,
    result_suffix_column,
    series_in_question_column,
    series_in_trace,
    substituted_column,
)
from finsynth.generators.finchain.vector import (
    NeedsScalar,
    SequenceColumn,
    VectorEvaluator,
    compile_vector,
    decided_round_array,
)
from finsynth.seeding import rejection_limit, splitmix_words
from finsynth.world.names import COMPANY_SUFFIXES, FIRST_NAMES, LAST_NAMES

_TWO_TO_64 = 1 << 64
_ONE = np.uint64(1)


def _below(seeds: NDArray[Any], counters: NDArray[Any], span: int) -> NDArray[Any]:
    """Draw integers uniform in ``[0, span)``, one per stream, as :meth:`RandomStream.below` does.

    ``counters`` (each stream's next word) is advanced in place, by more than one word for
    the rare stream whose word is rejected.
    """
    limit = rejection_limit(span)
    words = splitmix_words(seeds, counters)
    counters += _ONE
    if limit < _TWO_TO_64:
        bound = np.uint64(limit)
        rejected = np.flatnonzero(words >= bound)
        while rejected.size:
            again = splitmix_words(seeds[rejected], counters[rejected])
            counters[rejected] += _ONE
            words[rejected] = again
            rejected = rejected[again >= bound]
    drawn: NDArray[Any] = words % np.uint64(span)
    return drawn


def _draw_numbers(sampler: NumberSampler, seeds: NDArray[Any], counters: NDArray[Any]) -> NDArray[Any]:
    """Draw a number given for every stream: grid units, then one exact division."""
    units = sampler.low + sampler.spacing * _below(seeds, counters, sampler.span).astype(np.int64)
    values: NDArray[Any] = units.astype(np.float64) if sampler.integral else units / sampler.divisor
    return values


def _person_names(seeds: NDArray[Any], counters: NDArray[Any]) -> list[str]:
    """:func:`~finsynth.world.names.person_name` for every stream."""
    first = _below(seeds, counters, len(FIRST_NAMES)).tolist()
    last = _below(seeds, counters, len(LAST_NAMES)).tolist()
    return [f"{FIRST_NAMES[a]} {LAST_NAMES[b]}" for a, b in zip(first, last, strict=True)]


def _draw_subset(seeds: NDArray[Any], counters: NDArray[Any], rows: NDArray[Any], span: int) -> list[int]:
    """Draw from the streams ``rows`` only, advancing just their counters."""
    subset = counters[rows]
    drawn = _below(seeds[rows], subset, span)
    counters[rows] = subset
    return drawn.tolist()  # type: ignore[no-any-return]


def _company_names(seeds: NDArray[Any], counters: NDArray[Any]) -> list[str]:
    """:func:`~finsynth.world.names.company_name` for every stream.

    The form comes first; then two words ("Last Suffix", "Last-Last") or three ("Last, Last
    and Last"), each instance reading its own stream in that order.
    """
    forms = _below(seeds, counters, 3)
    everyone = np.arange(len(seeds))
    first = _draw_subset(seeds, counters, everyone, len(LAST_NAMES))
    suffixed = np.flatnonzero(forms == 0)
    joined = np.flatnonzero(forms != 0)
    second: list[int] = [0] * len(seeds)
    for rows, span in ((suffixed, len(COMPANY_SUFFIXES)), (joined, len(LAST_NAMES))):
        for row, drawn in zip(rows.tolist(), _draw_subset(seeds, counters, rows, span), strict=True):
            second[row] = drawn
    listed = np.flatnonzero(forms == 2)
    third: list[int] = [0] * len(seeds)
    for row, drawn in zip(
        listed.tolist(), _draw_subset(seeds, counters, listed, len(LAST_NAMES)), strict=True
    ):
        third[row] = drawn
    names = []
    for form, a, b, c in zip(forms.tolist(), first, second, third, strict=True):
        if form == 0:
            names.append(f"{LAST_NAMES[a]} {COMPANY_SUFFIXES[b]}")
        elif form == 1:
            names.append(f"{LAST_NAMES[a]}-{LAST_NAMES[b]}")
        else:
            names.append(f"{LAST_NAMES[a]}, {LAST_NAMES[b]} and {LAST_NAMES[c]}")
    return names


class _Frame:
    """The values of a batch: float columns for arithmetic, Python values for text and fallbacks.

    Args:
        size: Instances in the batch.
        integral: Names of givens whose scalar values are Python ints.

    """

    def __init__(self, size: int, integral: frozenset[str], series: frozenset[str]) -> None:
        self.size = size
        self.integral = integral
        self.series = series
        self.numbers: dict[str, NDArray[Any]] = {}
        """Values as later formulas use them: givens, and steps unrounded."""
        self.shown: dict[str, NDArray[Any]] = {}
        """Steps rounded to what they show."""
        self.undecided = np.zeros(size, dtype=bool)
        """Instances whose floats cannot decide a rounding: the scalar path draws them."""
        self.objects: dict[str, list[Any]] = {}
        self._texts: dict[tuple[str, str], list[str]] = {}
        self._substituted: dict[tuple[str, str], list[str]] = {}
        self._elements: dict[tuple[str, str, tuple[int, ...] | None], list[list[str]]] = {}
        self._sequences: dict[str, SequenceColumn] = {}

    def python(self, name: str) -> list[Any]:
        """Return the values of ``name`` exactly as the scalar path holds them."""
        values = self.objects.get(name)
        if values is None:
            column = self.numbers[name]
            values = column.astype(np.int64).tolist() if name in self.integral else column.tolist()
            self.objects[name] = values
        return values

    def forget(self, name: str) -> None:
        """Drop what was derived from the values of ``name`` (they changed)."""
        self.objects.pop(name, None)
        self._texts = {key: texts for key, texts in self._texts.items() if key[0] != name}
        self._substituted = {key: texts for key, texts in self._substituted.items() if key[0] != name}
        self._elements = {key: texts for key, texts in self._elements.items() if key[0] != name}

    def display(self, name: str) -> NDArray[Any]:
        """Return the values of ``name`` as the text shows them (steps rounded)."""
        shown = self.shown.get(name)
        return self.numbers[name] if shown is None else shown

    def texts(self, name: str, spec: str) -> list[str]:
        """Return ``format(shown value, spec)`` per instance, formatted once however often it is shown."""
        texts = self._texts.get((name, spec))
        if texts is None:
            texts = self._texts[(name, spec)] = list(map(format, self.display(name).tolist(), repeat(spec)))
        return texts

    def substituted_texts(self, name: str, spec: str) -> list[str]:
        """Return :meth:`texts` as a substituted formula shows them (see :func:`substituted_column`)."""
        texts = self._substituted.get((name, spec))
        if texts is None:
            texts = self._substituted[name, spec] = substituted_column(
                self.texts(name, spec), self.display(name)
            )
        return texts

    def element_texts(self, name: str, spec: str, rows: tuple[int, ...] | None) -> list[list[str]]:
        """Return the elements of the series ``name`` as a substituted formula shows them, by position.

        Args:
            name: The series.
            spec: How each element is formatted.
            rows: The instances (None: all), whose series all have the same length.

        """
        texts = self._elements.get((name, spec, rows))
        if texts is None:
            series = self.python(name)
            chosen = series if rows is None else [series[row] for row in rows]
            texts = self._elements[name, spec, rows] = [
                substituted_column(list(map(format, column.tolist(), repeat(spec))), column)
                for column in np.array(chosen, dtype=np.float64).reshape(len(chosen), -1).T
            ]
        return texts

    def columns(self) -> dict[str, Any]:
        """Return what column-wise formulas read: number columns, and a sequence column per series."""
        columns: dict[str, Any] = dict(self.numbers)
        for name in self.series:
            column = self._sequences.get(name)
            if column is None and name in self.objects:
                column = self._sequences[name] = SequenceColumn.of_rows(self.objects[name])
            if column is not None:
                columns[name] = column
        return columns

    def columns_of(self, rows: NDArray[Any], names: Sequence[str]) -> dict[str, Any]:
        """Return the columns of ``names`` (as :meth:`columns`) for the instances ``rows`` only."""
        columns = self.columns() if self.series else self.numbers
        return {
            name: column.take(rows) if isinstance(column, SequenceColumn) else column[rows]
            for name, column in columns.items()
            if name in names
        }

    def shown_values(self, name: str) -> list[Any]:
        """Return the values of ``name`` as a step's arithmetic shows them (steps rounded)."""
        shown = self.shown.get(name)
        return self.python(name) if shown is None else shown.tolist()

    def rows(self, names: Sequence[str]) -> list[dict[str, Any]]:
        """Return one scalar environment per instance, holding ``names``."""
        if not names:
            return [{} for _ in range(self.size)]
        columns = [self.python(name) for name in names]
        return [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]


def _evaluate(
    formula: Formula,
    vector: VectorEvaluator | None,
    frame: _Frame,
    rows: NDArray[Any] | None = None,
    *,
    over_givens: bool = False,
) -> NDArray[Any]:
    """Evaluate a formula for the batch: column-wise if possible, else instance by instance.

    Args:
        formula: The formula.
        vector: Its column-wise evaluator, if it has one.
        frame: The batch's values.
        rows: For conditions (constraints, rules), the instances to evaluate (others get
            ``False``); ``None`` evaluates a step for all. Mirrors the scalar path's
            short-circuits, which never evaluate a constraint or rule for an instance an
            earlier one settled.
        over_givens: Whether the condition reads givens only (a constraint), so that it can be
            decided exactly from them here.

    Instance by instance, a formula whose floats cannot decide a rounding marks its instance
    undecided (decided exactly later, as the scalar path decides it; its value here is a
    placeholder), except a condition over givens, decided exactly here.

    """
    if vector is not None:
        try:
            if rows is None or len(rows) == frame.size or not formula.names:
                return vector(frame.columns() if frame.series else frame.numbers)
            # A condition for a few instances (most failed an earlier one): evaluate only theirs.
            truths = np.zeros(frame.size, dtype=bool)
            if len(rows):
                result = vector(frame.columns_of(rows, formula.names))
                if result.dtype != np.bool_:
                    return result  # not a condition: callers take it as false for every instance
                truths[rows] = result
            return truths
        except NeedsScalar:
            pass
    evaluate = formula.evaluator
    if rows is None:
        results: list[Any] = []
        undecided = frame.undecided
        for row, env in enumerate(frame.rows(formula.names)):
            if undecided[row]:
                results.append(0.0)
                continue
            try:
                results.append(evaluate(env))
            except TooCloseToCall:
                undecided[row] = True
                results.append(0.0)
        return np.array(results)
    truths = np.zeros(frame.size, dtype=bool)
    columns = [frame.python(name) for name in formula.names]
    for row in rows.tolist():
        if frame.undecided[row]:
            continue
        env = {name: column[row] for name, column in zip(formula.names, columns, strict=True)}
        try:
            truths[row] = evaluate(env) is True
        except TooCloseToCall:
            if not over_givens:
                frame.undecided[row] = True
                continue
            truths[row] = decide(formula, Solution(env, {}, None)) is True
    return truths


def _with_more_digits(piece: Piece, name: str, more: dict[int, dict[str, str]], substituted: bool) -> Piece:
    """``piece`` (the texts of operand ``name``) with the instances that show it with more digits."""
    texts = list(piece.arguments)
    for row, operands in more.items():
        text = operands[name]
        negative = text.startswith("-") if substituted else float(text) < 0
        texts[row] = f"({text})" if negative else text
    return Piece(texts)


_MOST_SHAPES = 16
_FEWEST_PER_SHAPE = 4
"""A step's text is filled per shape unless a batch has more than this many shapes with fewer
than ``_FEWEST_PER_SHAPE`` instances each on average (splitting a shape costs about as much as
substituting a few instances one by one)."""
_MOST_SHAPES_KEPT = 4_096
"""Shapes a drawer keeps split, over all its steps; it starts afresh beyond this."""


_ROUND_ROWS = 1_024
"""Attempts a redraw round may hold for few pending instances: below this, a round costs about
the same whatever its size, so drawing more attempts at once saves rounds."""
_UNLUCKY = 1e-3
"""Chance of an instance staying pending that a round stops adding attempts at."""


def _words_per_attempt(samplers: Sequence[tuple[str, Sampler]]) -> int | None:
    """Words one attempt reads from a value stream when none is rejected; None if it varies."""
    words = 0
    for _, drawer in samplers:
        if isinstance(drawer, NumberSampler | OptionGiven):
            words += 1
        elif isinstance(drawer[0], SeriesGiven):
            given = drawer[0]
            if given.min_length != given.max_length:
                return None
            words += 1 + given.max_length
    return words


class BatchDrawer:
    """Draws batches of instances of one compiled template.

    Args:
        compiled: The template: the drawer reads its :class:`~finsynth.generators.finchain.plan.TemplatePlan`,
            and draws the rare instance whose floats cannot decide a rounding with its scalar path.

    """

    def __init__(self, compiled: CompiledTemplate) -> None:
        plan = self.plan = compiled.plan
        self._one_by_one = compiled.instance
        self._chain = plan.chain
        self._given_names = [name for name, _ in plan.samplers]
        series = self._series = plan.series_names
        self._integral = frozenset(
            name for name, drawer in plan.samplers if isinstance(drawer, NumberSampler) and drawer.integral
        )
        self._object_givens = [
            name for name, drawer in plan.samplers if isinstance(drawer, OptionGiven) or name in series
        ]
        self._derived = {
            name: compile_vector(drawer[1], series)
            for name, drawer in plan.samplers
            if isinstance(drawer, tuple) and isinstance(drawer[0], DerivedGiven)
        }
        self._constraints = [(formula, compile_vector(formula, series)) for formula in plan.constraints]
        column_wise = all(vector is not None for _, vector in self._constraints) and all(
            vector is not None for vector in self._derived.values()
        )
        self._words = _words_per_attempt(plan.samplers) if column_wise else None
        self._tried_attempts = 0
        self._accepted_attempts = 0
        """Attempts drawn and accepted so far, which size later rounds (never what is drawn)."""
        self._steps = [(step, compile_vector(step.formula, series)) for step in plan.steps]
        self._rules = [(label, formula, compile_vector(formula, series)) for label, formula in plan.rules]
        self._patterns = [self._pattern(step) for step in plan.steps]
        self._shapes: dict[tuple[str, tuple[Any, ...]], tuple[list[str], list[ShownValue]] | None] = {}
        """Each step's text split into fields per shape, kept across batches."""

    def _pattern(self, step: StepPlan) -> tuple[tuple[tuple[str, str | None], ...], bool] | None:
        """A step's arithmetic as (literal, field) parts, and whether it shows values as substituted.

        A step without a pattern of its own is substituted value by value on the scalar path;
        where that text has a fixed shape over plain numbers, the batch fills it column-wise
        (other steps are filled per shape of their text, see :meth:`_substituted_parts`).
        """
        if step.pattern is not None:
            return parse_pattern(step.pattern), False
        formula = step.formula
        plain = not any(name in self.plan.series_names or name in self.plan.options for name in formula.names)
        fixed = formula.fixed_substitution() if plain else None
        return None if fixed is None else (parse_pattern(fixed), True)

    def instances(
        self, names_seeds: Sequence[int] | NDArray[Any], values_seeds: Sequence[int] | NDArray[Any]
    ) -> list[Instance]:
        """Draw the instances of the seed pairs ``(names_seeds[i], values_seeds[i])``.

        Args:
            names_seeds: ``uint64`` seeds of the name streams.
            values_seeds: ``uint64`` seeds of the value streams, as many.

        Returns:
            Exactly ``[compiled.instance(n, v) for n, v in zip(names_seeds, values_seeds)]``.

        Raises:
            UnsatisfiableConstraintsError: If an instance finds no draw that satisfies the
                template's constraints within :data:`MAX_ATTEMPTS` attempts.
            FormulaError: If a formula fails for some instance.

        """
        with collector_paused():
            return self.columns(names_seeds, values_seeds).instances()

    def columns(
        self, names_seeds: Sequence[int] | NDArray[Any], values_seeds: Sequence[int] | NDArray[Any]
    ) -> DrawnColumns:
        """Draw the instances of the seed pairs ``(names_seeds[i], values_seeds[i])`` as columns.

        Args:
            names_seeds: ``uint64`` seeds of the name streams.
            values_seeds: ``uint64`` seeds of the value streams, as many.

        Returns:
            Columns whose :meth:`~DrawnColumns.instances` are exactly what :meth:`instances` returns.

        Raises:
            UnsatisfiableConstraintsError: If an instance finds no draw that satisfies the
                template's constraints within :data:`MAX_ATTEMPTS` attempts.
            FormulaError: If a formula fails for some instance.

        """
        names_seeds = np.asarray(names_seeds, dtype=np.uint64)
        values_seeds = np.asarray(values_seeds, dtype=np.uint64)
        if len(values_seeds) == 0:
            return self._no_columns()
        # A batch allocates a few hundred thousand small acyclic objects (tuples, strings).
        with collector_paused():
            frame = self._draw_values(values_seeds)
            names = self._draw_names(names_seeds)
            self._compute_steps(frame)
            solved = self._solve_undecided(frame)
            more = [self._more_digits(step, vector, frame, solved) for step, vector in self._steps]
            drawn = self._assemble(frame, names, solved, more)
        for row in np.flatnonzero(frame.undecided).tolist():
            drawn.splice(row, self._one_by_one(int(names_seeds[row]), int(values_seeds[row])))
        return drawn

    def measure(
        self, formulas: Sequence[Formula], values_seeds: Sequence[int] | NDArray[Any]
    ) -> list[NDArray[Any]]:
        """Evaluate formulas over the givens and carried steps of many instances, without their texts.

        Args:
            formulas: Formulas over the template's givens and steps (a relation, a band).
            values_seeds: ``uint64`` seeds of the value streams (the names never change a value).

        Returns:
            One column per formula, row ``i`` its value in the instance of ``values_seeds[i]``
            (the instance's values exactly as :meth:`instances` draws them).

        """
        values_seeds = np.asarray(values_seeds, dtype=np.uint64)
        with collector_paused():
            frame = self._draw_values(values_seeds)
            self._compute_steps(frame)
            self._solve_undecided(frame)
            steps = [step.name for step, _ in self._steps]
            results = []
            for formula in formulas:
                result = _evaluate(formula, compile_vector(formula, self._series), frame)
                # A formula whose floats cannot settle a comparison is decided exactly, instance by instance.
                for row in np.flatnonzero(frame.undecided).tolist():
                    env = {name: frame.python(name)[row] for name in [*self._given_names, *steps]}
                    result[row] = decide(formula, Solution(env, {}, None), self._chain)
                frame.undecided[:] = False
                results.append(result)
        return results

    def _no_columns(self) -> DrawnColumns:
        """The columns of an empty batch."""
        plan = self.plan
        return DrawnColumns(
            questions=[],
            steps=tuple(
                StepColumns(step.name, step.source, tuple(step.formula.names), [], [])
                for step, _ in self._steps
            ),
            inputs={name: [] for step, _ in self._steps for name in step.formula.names},
            answer_values=[],
            answer_labels=[],
            answer_texts=[],
            traces=[],
            answer_quantity=plan.answer_quantity,
            choices=plan.choices,
            note=plan.note,
        )

    # Drawing ------------------------------------------------------------------------------

    def _draw_values(self, seeds: NDArray[Any]) -> _Frame:
        """Draw every given for the batch, redrawing instances until their constraints hold.

        Redraws come in rounds over the instances still pending. Where every attempt reads a
        fixed number of words, a round draws several consecutive attempts of each pending
        instance at once (see :meth:`_attempt_rounds`), sized by the acceptance rate measured
        so far, and each instance keeps its first accepted attempt: the values and word
        counters the one-attempt-at-a-time path would reach.
        """
        size = len(seeds)
        frame = _Frame(size, self._integral, self._series)
        for name in self._object_givens:
            frame.objects[name] = [None] * size
        counters = np.zeros(size, dtype=np.uint64)
        attempts = np.zeros(size, dtype=np.int64)
        pending: NDArray[Any] = np.arange(size)
        while pending.size:
            left = MAX_ATTEMPTS - int(attempts[pending].max())
            if left <= 0:
                conditions = "; ".join(self.plan.constraint_sources)
                raise UnsatisfiableConstraintsError(
                    f"template {self.plan.label}: no draw in {MAX_ATTEMPTS} attempts satisfied its "
                    f"constraints ({conditions}); widen the given ranges or relax the constraints"
                )
            tries = min(self._tries(pending.size), left)
            if tries > 1:
                try:
                    pending = self._round(seeds, counters, attempts, pending, tries, frame)
                    continue
                except FinsynthError:
                    pass  # an attempt the one-by-one path never reaches may fail: draw them in order
            pending = self._round(seeds, counters, attempts, pending, 1, frame)
        return frame

    def _tries(self, pending: int) -> int:
        """Attempts per pending instance for the next round, from the acceptance rate measured so far.

        About one accepted attempt per instance, more while the round is small (its cost is
        then mostly per round, not per attempt), never more than make acceptance near certain.
        One attempt where an attempt's words vary, or where a constraint or derived given is
        evaluated instance by instance (extra attempts would cost as much as instances).
        """
        if self._words is None or not self._constraints or not self._tried_attempts:
            return 1
        rate = (self._accepted_attempts + 1) / (self._tried_attempts + 2)
        if rate >= 1:
            return 1
        near_certain = int(np.ceil(np.log(_UNLUCKY) / np.log1p(-rate)))
        return max(1, min(near_certain, max(int(1 / rate), _ROUND_ROWS // pending)))

    def _round(
        self,
        seeds: NDArray[Any],
        counters: NDArray[Any],
        attempts: NDArray[Any],
        pending: NDArray[Any],
        tries: int,
        frame: _Frame,
    ) -> NDArray[Any]:
        """Draw ``tries`` consecutive attempts of the ``pending`` instances; return those still pending.

        Attempt ``j`` of an instance starts ``j`` times the words of one attempt after its
        counter, which holds only while every earlier attempt read exactly that many words
        (a rejected word reads one more): later attempts of an instance whose attempt read
        more are dropped. Each instance takes its first accepted attempt, whose values go into
        ``frame``; ``counters`` and ``attempts`` advance to just after it (or after the last
        valid attempt, for an instance still pending).
        """
        count = pending.size
        words = self._words or 0
        start = np.tile(counters[pending], tries)
        if tries > 1:
            start += np.repeat(np.arange(tries, dtype=np.uint64) * np.uint64(words), count)
        after = start.copy()
        draw = self._draw_once(np.tile(seeds[pending], tries), after)
        accepted = self._accepted(draw).reshape(tries, count)
        valid = np.ones((tries, count), dtype=bool)
        if tries > 1:
            exact = (after - start).reshape(tries, count) == np.uint64(words)
            valid[1:] = np.logical_and.accumulate(exact[:-1], axis=0)
        accepted &= valid
        self._tried_attempts += int(valid.sum())
        self._accepted_attempts += int(accepted.sum())
        done = accepted.any(axis=0)
        last = np.where(done, accepted.argmax(axis=0), valid.sum(axis=0) - 1)
        chosen = last * count + np.arange(count)
        counters[pending] = after[chosen]
        attempts[pending] += last + 1
        taken = chosen[done]
        rows = pending[done]
        for name, column in draw.numbers.items():
            frame.numbers.setdefault(name, np.empty(frame.size))[rows] = column[taken]
        for name in self._object_givens:
            full = frame.objects[name]
            drawn = draw.objects[name]
            for row, position in zip(rows.tolist(), taken.tolist(), strict=True):
                full[row] = drawn[position]
        return pending[~done]

    def _draw_once(self, seeds: NDArray[Any], counters: NDArray[Any]) -> _Frame:
        """Draw every given once from each stream (``counters`` advance in place)."""
        draw = _Frame(len(seeds), self._integral, self._series)
        for name, drawer in self.plan.samplers:
            if isinstance(drawer, NumberSampler):
                draw.numbers[name] = _draw_numbers(drawer, seeds, counters)
            elif isinstance(drawer, OptionGiven):
                options = tuple(drawer.options.values())
                chosen = _below(seeds, counters, len(options)).tolist()
                draw.objects[name] = [options[index] for index in chosen]
                draw.numbers[name] = np.array(draw.objects[name], dtype=np.float64)
            elif isinstance(drawer[0], SeriesGiven):
                draw.objects[name] = self._draw_series(drawer, seeds, counters)
            else:
                given, formula = drawer
                draw.numbers[name] = self._stated(name, given, formula, draw)
        return draw

    def _stated(self, name: str, given: DerivedGiven, formula: Formula, draw: _Frame) -> NDArray[Any]:
        """A derived given for the batch, rounded once as stated; exactly where the floats cannot decide."""
        decimals = given.quantity.stored_decimals
        vector = self._derived[name]
        if vector is not None:
            try:
                raw = vector(draw.columns() if draw.series else draw.numbers)
                if raw.dtype.kind in "if":
                    rounded, undecided = decided_round_array(raw.astype(np.float64), decimals)
                    ties = np.flatnonzero(undecided)
                    if ties.size:
                        columns = [draw.python(name) for name in formula.names]
                        for row in ties.tolist():
                            env = {
                                name: column[row] for name, column in zip(formula.names, columns, strict=True)
                            }
                            rounded[row] = stated_value(formula, env, decimals)
                    return rounded
            except NeedsScalar:
                pass
        return np.array(
            [stated_value(formula, env, decimals) for env in draw.rows(formula.names)], dtype=np.float64
        )

    @staticmethod
    def _draw_series(
        drawer: tuple[SeriesGiven, NumberSampler], seeds: NDArray[Any], counters: NDArray[Any]
    ) -> list[Any]:
        """Draw a series per stream: its length, then its elements, from the same stream."""
        given, sampler = drawer
        span = given.max_length - given.min_length + 1
        lengths = given.min_length + _below(seeds, counters, span).astype(np.int64)
        elements: list[list[Any]] = []
        for position in range(given.max_length):
            active = np.flatnonzero(lengths > position)
            if not active.size:
                break
            active_counters = counters[active]
            column = _draw_numbers(sampler, seeds[active], active_counters)
            counters[active] = active_counters
            values = column.astype(np.int64).tolist() if sampler.integral else column.tolist()
            if active.size == len(seeds):
                elements.append(values)
                continue
            drawn: list[Any] = [None] * len(seeds)
            for row, value in zip(active.tolist(), values, strict=True):
                drawn[row] = value
            elements.append(drawn)
        rows = zip(*elements, strict=True)  # a shorter series is padded with None at its end
        if given.min_length == given.max_length:
            return list(rows)
        return [row[:length] for row, length in zip(rows, lengths.tolist(), strict=True)]

    def _accepted(self, draw: _Frame) -> NDArray[Any]:
        """Which draws satisfy every constraint (checked in order, as the scalar path does)."""
        accepted = np.ones(draw.size, dtype=bool)
        for formula, vector in self._constraints:
            result = _evaluate(formula, vector, draw, np.flatnonzero(accepted), over_givens=True)
            if result.dtype != np.bool_:
                return np.zeros(draw.size, dtype=bool)
            accepted &= result
        return accepted

    def _draw_names(self, seeds: NDArray[Any]) -> dict[str, list[str]]:
        """Draw every entity's name for the batch, in declaration order from each name stream."""
        counters = np.zeros(len(seeds), dtype=np.uint64)
        return {
            entity.name: (_person_names if entity.kind == "person" else _company_names)(seeds, counters)
            for entity in self.plan.entities
        }

    # Solving ------------------------------------------------------------------------------

    def _compute_steps(self, frame: _Frame) -> None:
        """Evaluate every step for the batch, carried unrounded and shown rounded (as chain.solve)."""
        for step, vector in self._steps:
            raw = _evaluate(step.formula, vector, frame)
            if raw.dtype.kind not in "if":
                raise self.plan.error(f"step {step.name!r} must compute a number")
            carried = raw.astype(np.float64)
            shown, undecided = decided_round_array(carried, step.digits)
            frame.undecided |= undecided
            frame.shown[step.name] = shown
            frame.numbers[step.name] = shown if step.rounded_before_use else carried

    def _solve_undecided(self, frame: _Frame) -> dict[int, Solution]:
        """Solve the instances whose steps' floats cannot decide a rounding as the scalar path does.

        Each is solved by :func:`~finsynth.generators.finchain.chain.solve_exactly`, and its
        steps' values go into the frame. Its givens are the scalar path's, and an instance is
        undecided here exactly where the scalar float chain meets a rounding it cannot decide
        (the same floats, the same test), where :func:`~finsynth.generators.finchain.chain.solve`
        solves exactly too: so its solution is the scalar path's. Its texts are then assembled
        with the batch, and only its rules are decided alone.
        """
        rows = np.flatnonzero(frame.undecided).tolist()
        if not rows:
            return {}
        label = f"template {self.plan.label}: "
        givens = [frame.python(name) for name in self._given_names]
        solved: dict[int, Solution] = {}
        for row in rows:
            env = {name: column[row] for name, column in zip(self._given_names, givens, strict=True)}
            solution = solved[row] = solve_exactly(self._chain, env, label)
            for step, _ in self._steps:
                frame.numbers[step.name][row] = solution.values[step.name]
                frame.shown[step.name][row] = solution.shown[step.name]
        for step, _ in self._steps:  # Python copies made before the values changed
            frame.forget(step.name)
        frame.undecided[rows] = False
        return solved

    def _more_digits(
        self, step: StepPlan, vector: VectorEvaluator | None, frame: _Frame, solved: dict[int, Solution]
    ) -> dict[int, dict[str, str]]:
        """The operands a step shows with more digits, per instance, as :func:`~.redo.extra_digits` decides.

        Column-wise on floats, with operands shown with more digits one digit at a time for
        the instances still failing to reproduce. An instance where some rounding is too close
        for floats (or that needs more than :data:`~.redo.MOST_EXTRA_DIGITS`) is decided by
        :func:`~.redo.extra_digits` itself, as the scalar path decides it (exactly). Returns each
        instance's operand texts where it needs more digits.
        """
        if not step.operands:
            return {}
        pending = np.flatnonzero(~frame.undecided)
        target = frame.shown[step.name]
        chosen: dict[int, dict[str, str]] = {}
        alone: list[int] = []
        for extra in range(MOST_EXTRA_DIGITS + 1):
            if not pending.size:
                break
            columns = frame.columns_of(pending, step.formula.names)
            unsure = np.zeros(pending.size, dtype=bool)
            for name, digits in step.operands.items():
                columns[name], undecided = decided_round_array(columns[name], digits + extra)
                unsure |= undecided
            redo = self._redo(step, vector, columns, frame, pending)
            if redo is None:
                break
            shown, undecided = decided_round_array(redo, step.digits)
            unsure |= undecided
            alone += pending[unsure].tolist()
            settled = ~unsure & (shown == target[pending])
            if extra:
                for position in np.flatnonzero(settled).tolist():
                    chosen[int(pending[position])] = {
                        name: format(float(columns[name][position]), f".{digits + extra}f")
                        for name, digits in step.operands.items()
                    }
            pending = pending[~unsure & ~settled]
        alone += pending.tolist()
        for row in alone:
            chosen.pop(row, None)
            extra, texts = self._one_row_digits(step, frame, solved, row)
            if extra:
                chosen[row] = {name: text for name, (text, _) in texts.items()}
        return chosen

    def _one_row_digits(
        self, step: StepPlan, frame: _Frame, solved: dict[int, Solution], row: int
    ) -> tuple[int, dict[str, tuple[str, float]]]:
        """:func:`~.redo.extra_digits` for one instance, with the values the scalar path holds."""
        values = {name: frame.python(name)[row] for name in step.formula.names}

        def exact_values() -> Mapping[str, ExactValue]:
            solution = solved.get(row)
            if solution is None:
                givens = {name: frame.python(name)[row] for name in self._given_names}
                solution = solve_exactly(self._chain, givens, f"template {self.plan.label}: ")
            assert solution.exact_values is not None
            return solution.exact_values

        return extra_digits(
            step.formula, step.digits, float(frame.shown[step.name][row]), step.operands, values, exact_values
        )

    @staticmethod
    def _redo(
        step: StepPlan,
        vector: VectorEvaluator | None,
        columns: dict[str, Any],
        frame: _Frame,
        rows: NDArray[Any],
    ) -> NDArray[Any] | None:
        """A step redone over ``columns`` (the instances ``rows``): column-wise, else one by one.

        None where a float cannot decide a rounding inside the formula.
        """
        if vector is not None:
            try:
                return vector(columns).astype(np.float64)
            except NeedsScalar:
                pass
        values = {
            name: columns[name].tolist() if name in step.operands else frame.python(name)
            for name in step.formula.names
        }
        redone = []
        try:
            for position, row in enumerate(rows.tolist()):
                env = {
                    name: column[position] if name in step.operands else column[row]
                    for name, column in values.items()
                }
                redone.append(float(step.formula.evaluator(env)))  # type: ignore[arg-type]
        except TooCloseToCall:
            return None
        return np.array(redone, dtype=np.float64)

    def _decide(self, frame: _Frame, solved: dict[int, Solution]) -> list[str]:
        """Label each instance with its first rule that holds, else the fallback label.

        An instance solved exactly (``solved``) is labelled as the scalar path labels it, from
        its exact values.
        """
        otherwise = self.plan.otherwise
        assert otherwise is not None
        labels = [otherwise] * frame.size
        undecided = np.ones(frame.size, dtype=bool)
        undecided[list(solved)] = False
        for label, formula, vector in self._rules:
            result = _evaluate(formula, vector, frame, np.flatnonzero(undecided & ~frame.undecided))
            if result.dtype != np.bool_:
                continue
            chosen = undecided & result
            for row in np.flatnonzero(chosen).tolist():
                labels[row] = label
            undecided &= ~chosen
        for row, solution in solved.items():
            labels[row] = self.plan.answer_label(solution)
        return labels

    # Texts --------------------------------------------------------------------------------

    def _assemble(
        self,
        frame: _Frame,
        names: dict[str, list[str]],
        solved: dict[int, Solution],
        more: list[dict[int, dict[str, str]]],
    ) -> DrawnColumns:
        size = frame.size
        plan = self.plan
        in_formula: dict[tuple[str, bool], Piece] = {}

        def formula_piece(name: str, substituted: bool) -> Piece:
            piece = in_formula.get((name, substituted))
            if piece is None:
                texts = frame.texts(name, plan.quantities[name].formula_spec)
                show = substituted_column if substituted else in_arithmetic_column
                piece = in_formula[name, substituted] = Piece(show(texts, frame.display(name)))
            return piece

        question = format_all(self._question_parts(frame, names), size)
        steps = tuple(
            self._step_results(index, frame, formula_piece, more[index]) for index in range(len(self._steps))
        )
        answer_values: list[float | None]
        answer_labels: list[str | None]
        if plan.answer_step is not None:
            quantity = plan.answer_quantity
            assert quantity is not None
            values = frame.shown[plan.answer_step]
            answer_values = values.tolist()
            answer_texts = format_all([question_column(quantity, values)], size)
            answer_labels = [None] * size
        else:
            answer_values = [None] * size
            answer_texts = self._decide(frame, solved)
            answer_labels = list(answer_texts)
        read = dict.fromkeys(name for step, _ in self._steps for name in step.formula.names)
        return DrawnColumns(
            questions=question,
            steps=steps,
            inputs={name: list(frame.python(name)) for name in read},
            answer_values=answer_values,
            answer_labels=answer_labels,
            answer_texts=answer_texts,
            traces=format_all(self._trace_parts(frame), size),
            answer_quantity=plan.answer_quantity,
            choices=plan.choices,
            note=plan.note,
        )

    def _question_parts(self, frame: _Frame, names: dict[str, list[str]]) -> list[Part]:
        plan = self.plan
        parts: list[Part] = []
        for literal, field in plan.question_parts:
            parts.append(literal)
            if field is None:
                continue
            if field in names:
                parts.append(Piece(names[field]))
            elif field in plan.options:
                shower = plan.showers[field]
                parts.append(Piece([shower(value) for value in frame.python(field)]))
            elif field in plan.series_names:
                parts.append(Piece(series_in_question_column(plan.quantities[field], frame.python(field))))
            else:
                parts.append(question_column(plan.quantities[field], frame.numbers[field]))
        return parts

    def _step_results(
        self,
        index: int,
        frame: _Frame,
        formula_piece: Callable[[str, bool], Piece],
        more: dict[int, dict[str, str]],
    ) -> StepColumns:
        step, _ = self._steps[index]
        pattern = self._patterns[index]
        values = frame.shown[step.name]
        parts: list[Part] = [step.prefix]
        if pattern is not None:
            fields, substituted = pattern
            for literal, field in fields:
                parts.append(literal)
                if field is not None:
                    piece = formula_piece(field, substituted)
                    if more and field in step.operands:
                        piece = _with_more_digits(piece, field, more, substituted)
                    parts.append(piece)
        else:
            frame.undecided[list(more)] = True  # shown with more digits one by one, on the scalar path
            parts += self._substituted_parts(step, frame)
        parts += [" = ", Piece(frame.texts(step.name, step.quantity.formula_spec))]
        parts += result_suffix_column(step.quantity, values)
        return StepColumns(
            name=step.name,
            formula=step.source,
            input_names=tuple(step.formula.names),
            texts=format_all(parts, frame.size),
            values=values.tolist(),
        )

    def _substituted_parts(self, step: StepPlan, frame: _Frame) -> list[Part]:
        """A step's arithmetic without a pattern: filled column-wise per shape of its text.

        Instances whose text has the same shape (the same lengths of the series shown and
        values of :attr:`~finsynth.generators.finchain.formula.Formula.shape_names`) are
        filled from one set of fields; a formula whose shape depends on the values shown,
        a shape that cannot be split into fields, and a batch of mostly distinct shapes are
        substituted instance by instance.
        """
        formula = step.formula
        shape_names = formula.shape_names
        if shape_names is None:
            return [Piece(self._substituted_one_by_one(formula, frame, range(frame.size)))]
        series = [name for name in formula.names if name in self._series and name not in shape_names]
        shape_values = [frame.shown_values(name) for name in shape_names]
        columns: list[list[Any]] = [list(map(len, frame.python(name))) for name in series]
        # repr tells 5 from 5.0 and -0.0 from 0.0, which show differently
        columns += [list(map(repr, values)) for values in shape_values]
        grouped: dict[tuple[Any, ...], list[int]] = {}
        for row, key in enumerate(zip(*columns, strict=True) if columns else repeat((), frame.size)):
            grouped.setdefault(key, []).append(row)
        groups = {key: tuple(rows) for key, rows in grouped.items()}
        if len(groups) > _MOST_SHAPES and len(groups) * _FEWEST_PER_SHAPE > frame.size:
            return [Piece(self._substituted_one_by_one(formula, frame, range(frame.size)))]
        texts: list[str] = [""] * frame.size
        for key, rows in groups.items():
            first = rows[0]
            fields = self._fields(
                step.name,
                key,
                formula,
                {name: values[first] for name, values in zip(shape_names, shape_values, strict=True)},
                dict(zip(series, key, strict=False)),
            )
            if fields is None:
                filled = self._substituted_one_by_one(formula, frame, rows)
            else:
                every = len(rows) == frame.size
                fixed, shown = fields
                parts: list[Part] = [fixed[0]]
                pieces: dict[ShownValue, Piece] = {}  # a value shown in every term is gathered once
                for value, literal in zip(shown, fixed[1:], strict=True):
                    piece = pieces.get(value)
                    if piece is None:
                        piece = pieces[value] = Piece(
                            self._shown_texts(frame, value, None if every else rows)
                        )
                    parts += [piece, literal]
                if every:
                    return parts
                filled = format_all(parts, len(rows))
            for row, text in zip(rows, filled, strict=True):
                texts[row] = text
        return [Piece(texts)]

    def _fields(
        self,
        step: str,
        key: tuple[Any, ...],
        formula: Formula,
        shape: dict[str, Any],
        lengths: dict[str, int],
    ) -> tuple[list[str], list[ShownValue]] | None:
        """A step's text of one shape split into fixed text and shown values; None where it cannot be."""
        if (step, key) not in self._shapes:
            if len(self._shapes) >= _MOST_SHAPES_KEPT:
                self._shapes.clear()
            try:
                fields = formula.substitution_fields(shape, lengths, self.plan.format_in_formula)
            except (FormulaError, KeyError, ValueError):
                fields = None  # the instances' own texts fail (or not) as they do one by one
            self._shapes[step, key] = fields
        return self._shapes[step, key]

    def _shown_texts(self, frame: _Frame, value: ShownValue, rows: tuple[int, ...] | None) -> list[str]:
        """What a substituted text shows of ``value`` for the instances ``rows`` (None: all)."""
        spec = self.plan.formula_spec(value.shown_as)
        if value.position is not None:
            return frame.element_texts(value.name, spec, rows)[value.position]
        texts = frame.substituted_texts(value.name, spec)
        return texts if rows is None else [texts[row] for row in rows]

    def _substituted_one_by_one(self, formula: Formula, frame: _Frame, rows: Sequence[int]) -> list[str]:
        """:meth:`Formula.substituted` for the instances ``rows``, one at a time."""
        substitute = formula.substituted
        shown = self.plan.format_in_formula
        columns = [frame.shown_values(name) for name in formula.names]
        return [
            substitute(
                {name: column[row] for name, column in zip(formula.names, columns, strict=True)}, shown
            )
            for row in rows
        ]

    def _trace_parts(self, frame: _Frame) -> list[Part]:
        plan = self.plan
        parts: list[Part] = [plan.trace_prefix + "{"]
        for position, (name, key) in enumerate(zip(plan.stated_names, plan.trace_keys, strict=True)):
            parts.append(("," if position else "") + key + ":")
            quantity = plan.quantities[name]
            if name in plan.series_names:
                parts.append(Piece([series_in_trace(quantity, values) for values in frame.python(name)]))
            else:
                parts.append(Piece(frame.texts(name, quantity.formula_spec)))
        parts.append("}" + plan.trace_suffix)
        return parts
