"""``failsafe/synthetic``: FailSafe items from synthetic 10-K-like filings, the default source.

Each item is a fictional company's filing (4k–27k tokens) with one question or writing
request whose answer and citations come from the filing's generated facts. The
out-of-scope query, which the irrelevant-context condition pairs with this filing, is a
question about a different fictional company and a year this filing never mentions: the check
(:func:`~finsynth.perturbations.check_out_of_scope`) makes sure the company's name and at least
one of the years it asks about are absent from this filing, so the filing cannot answer it even
for a model that overlooks the name; ``metadata.out_of_scope_company`` names the company.
"""

from __future__ import annotations

from finsynth.errors import FinsynthError
from finsynth.generators.failsafe.items import SourceItem
from finsynth.generators.failsafe.records import LeftOut, failsafe_record
from finsynth.generators.filings.document import Filing, make_filing
from finsynth.generators.filings.lengths import MAX_TOKENS, MIN_TOKENS, make_drawn_item
from finsynth.generators.filings.qa import make_qa
from finsynth.generators.registry import GeneratorInfo, Record, register
from finsynth.generators.source_hash import package_source_hash
from finsynth.perturbations import check_out_of_scope
from finsynth.perturbations.citations import citation_context
from finsynth.perturbations.redraw import attempt_seed
from finsynth.perturbations.sentences import Sentence
from finsynth.seeding import InstanceSeeds, derive_seed

OTHER_FILING_TOKENS = 4000
"""Tokens of the other company's filing that the out-of-scope question is drawn from."""
MAX_OUT_OF_SCOPE_TRIES = 20
MAX_ITEM_DRAWS = 20
"""Items drawn for one record before the build fails: one whose perturbations fail every try is
left out (and counted in the next record's ``metadata.left_out``) and another is drawn."""


def out_of_scope_question(filing: Filing, seed: int, filing_question: str = "") -> tuple[str, str]:
    """Return a question about another company and period, one ``filing`` cannot answer, and that company.

    Raises:
        FinsynthError: If no drawn question names a company absent from ``filing`` (never seen in practice).

    """
    for attempt in range(MAX_OUT_OF_SCOPE_TRIES):
        other = make_filing(
            derive_seed(seed, "out_of_scope", attempt), target_tokens=OTHER_FILING_TOKENS, fit_required=True
        )
        if other.company in filing.text:
            continue
        for question_try in range(MAX_OUT_OF_SCOPE_TRIES):
            question = make_qa(
                other, derive_seed(seed, "out_of_scope_question", attempt, question_try), task_type="QA"
            )
            if not check_out_of_scope(filing.text, filing_question, question.question, other.company):
                return question.question, other.company
    raise FinsynthError(f"no out-of-scope question found for the filing of {filing.company!r} (seed {seed})")


def _record_index(record_id: str) -> int:
    """The instance index, the last part of a build record id (``<generator>/<split>/<index>``)."""
    tail = record_id.rsplit("/", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class SyntheticFailSafe:
    """Makes ``failsafe`` records from synthetic filings.

    Args:
        min_tokens: Shortest filing, in cl100k_base tokens.
        max_tokens: Longest filing.
        tg_share: Share of text-generation requests (FailSafeQA has about 17%).
        full_length: Write every filing at full length (every block it has) instead of drawing a length;
            the generator is then ``failsafe/synthetic_full``.

    """

    def __init__(
        self,
        *,
        min_tokens: int = MIN_TOKENS,
        max_tokens: int = MAX_TOKENS,
        tg_share: float = 0.17,
        full_length: bool = False,
    ) -> None:
        self.min_tokens, self.max_tokens, self.tg_share = min_tokens, max_tokens, tg_share
        self.full_length = full_length
        length = (
            "full-length 10-K-like filing (every section, note and discussion it has)"
            if full_length
            else f"10-K-like filing of {min_tokens:,}–{max_tokens:,} tokens (93% above 16k)"
        )
        self._info = GeneratorInfo(
            id="failsafe/synthetic_full" if full_length else "failsafe/synthetic",
            family="failsafe",
            title="Synthetic full-length 10-K FailSafe items"
            if full_length
            else "Synthetic 10-K FailSafe items",
            description=(
                f"A fictional company's {length} with one "
                f"question ({1 - tg_share:.0%}) or writing request ({tg_share:.0%}), its answer and exact "
                "citations, "
                "under every FailSafeQA query and context failure."
            ),
            tags={"source": "synthetic"},
            row_tags=("question_kind", "filing_items", "industry"),
            source_hash=package_source_hash(
                "finsynth.generators.failsafe",
                "finsynth.generators.filings",
                "finsynth.perturbations",
                "finsynth.world",
            ),
        )

    @property
    def info(self) -> GeneratorInfo:
        """Identity and description."""
        return self._info

    def record(self, record_id: str, seeds: InstanceSeeds) -> Record:
        """Return the record drawn from ``seeds.values`` (see ``failsafe_record.schema.json``).

        An item whose perturbations fail their checks every try is left out and another drawn
        from a salted seed; ``metadata.left_out`` counts those, per condition.

        Raises:
            FinsynthError: If :data:`MAX_ITEM_DRAWS` items in a row are all left out.

        """
        left_out: dict[str, int] = {}
        for draw in range(MAX_ITEM_DRAWS):
            result = self._item_record(record_id, attempt_seed(seeds.values, draw), left_out)
            if not isinstance(result, LeftOut):
                return result
            left_out[result.kind] = left_out.get(result.kind, 0) + 1
        raise FinsynthError(f"{record_id}: {MAX_ITEM_DRAWS} items in a row failed their perturbation checks")

    def _item_record(self, record_id: str, seed: int, left_out: dict[str, int]) -> Record | LeftOut:
        filing, qa = make_drawn_item(
            seed,
            min_tokens=self.min_tokens,
            max_tokens=self.max_tokens,
            tg_share=self.tg_share,
            full_length=self.full_length,
        )
        out_of_scope_query, out_of_scope_company = out_of_scope_question(filing, seed, qa.question)
        item = SourceItem(
            id=record_id,
            context=filing.text,
            question=qa.question,
            answer=qa.answer,
            citations=qa.citations,
            task_type=qa.task_type,
            source="synthetic",
            details={
                "question_kind": qa.kind,
                "filing_items": list(qa.filing_items),
                "industry": qa.industry,
                "out_of_scope_company": out_of_scope_company,
            },
        )
        sentences = [Sentence(s.id, s.start, s.end, s.text) for s in filing.sentences]
        cited = [(filing.sentences[i].start, filing.sentences[i].end) for i in qa.citation_sentence_ids]
        return failsafe_record(
            item,
            record_id=record_id,
            idx=_record_index(record_id),
            seed=seed,
            out_of_scope_query=out_of_scope_query,
            citations=citation_context(filing.text, cited, sentences=sentences).text,
            evidence=cited,
            left_out=left_out,
        )


register(SyntheticFailSafe())
register(SyntheticFailSafe(full_length=True))
