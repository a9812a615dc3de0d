"""How long the real UCFE benchmark's user needs and evaluation hints are, per task.

Source: the UCFE benchmark file (``UCFE_bench.json``, TobyYang7/UCFE-Benchmark, Apache-2.0; also on
the Hugging Face Hub as TobyYang7/UCFE, CC BY 4.0): the median length in characters of each task's
``needs`` and ``evaluation_hints`` fields over its items (numbers only, none of its text). The
product never reads the benchmark file; a test recomputes this table from it when it is present.

Our generated tasks are held to these references: a task's median ``needs`` should be 0.6 to 1.6
times the real one (``NEEDS_RATIO``) and its rendered hints at least half as long (``HINTS_RATIO``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class BenchLengths(NamedTuple):
    """Median lengths of one task's fields in the real benchmark.

    Attributes:
        needs: Median characters of ``needs``.
        hints: Median characters of ``evaluation_hints``.
        items: Items of the task in the benchmark.

    """

    needs: float
    hints: float
    items: int


BENCH_LENGTHS: Mapping[str, BenchLengths] = {
    "analyst_simulation": BenchLengths(179, 1298.5, 10),
    "stock_price_prediction": BenchLengths(329, 39, 20),
    "negative_information_detection": BenchLengths(228, 44, 20),
    "financial_indicator_calculation": BenchLengths(61.5, 81, 20),
    "financial_text_summarization": BenchLengths(90, 911, 20),
    "asset_valuation_reporting": BenchLengths(79, 1521, 20),
    "company_evaluation_reporting": BenchLengths(275, 1940, 20),
    "corporate_operation_analysis": BenchLengths(583, 1859, 20),
    "credit_risk_evaluation": BenchLengths(207, 1342.5, 20),
    "financial_knowledge_consulting": BenchLengths(137.5, 1518, 20),
    "financial_regulation_consulting": BenchLengths(200, 1771.5, 20),
    "industry_report_summarization": BenchLengths(111, 1076, 20),
    "insider_trading_detection": BenchLengths(108.5, 621.5, 20),
    "investment_strategy_evaluation": BenchLengths(331, 4394, 20),
    "investment_strategy_optimization": BenchLengths(196, 2089, 20),
    "new_share_evaluation_reporting": BenchLengths(624, 1379.5, 20),
    "prospectus_risk_summarization": BenchLengths(217, 1318.5, 20),
}
"""Task slug -> the real benchmark's median lengths (see the module docstring for the source)."""

NEEDS_RATIO = (0.6, 1.6)
"""Allowed range of our median needs length over the real one."""
HINTS_RATIO = 0.5
"""Least share of the real median hints length our rendered hints should reach."""
