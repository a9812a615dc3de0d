"""FailSafe: long-context financial QA items, their sources and the perturbed records built from them."""

from finsynth.generators.failsafe.items import Problem, SourceItem, TaskType
from finsynth.generators.failsafe.sources import (
    FilingDocument,
    LoadResult,
    load_edgar,
    load_failsafeqa,
    load_jsonl,
    load_tatqa,
)

__all__ = [
    "FilingDocument",
    "LoadResult",
    "Problem",
    "SourceItem",
    "TaskType",
    "load_edgar",
    "load_failsafeqa",
    "load_jsonl",
    "load_tatqa",
]
