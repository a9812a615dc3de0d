"""Independent reference solvers for the FinChain templates, one module per domain.

Each solver is written from the textbook definition of its problem and the question's words,
with exact fractions (or mpmath at 60 digits), never from a template's formula strings or
finsynth's evaluator. ``REFERENCES`` maps template ids to solvers.
"""

from __future__ import annotations

from importlib import import_module

from tests.generators.finchain.references.exact import Domain, Solver

DOMAINS = (
    "corporate_finance",
    "crypto_finance",
    "finance_regulation",
    "financial_markets",
    "financial_ratios",
    "financial_reporting",
    "fintech",
    "investment_analysis",
    "mergers_and_acquisitions",
    "personal_finance",
    "risk_management",
    "sustainable_finance",
)


def _collect() -> dict[str, Solver]:
    solvers: dict[str, Solver] = {}
    for name in DOMAINS:
        try:
            module = import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{__name__}.{name}":
                raise
            continue
        domain = module.REFERENCES
        assert isinstance(domain, Domain) and domain.name == name
        solvers.update(domain.solvers)
    return solvers


REFERENCES: dict[str, Solver] = _collect()

__all__ = ["REFERENCES"]
