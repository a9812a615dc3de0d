"""The company behind a filing is the shared world's company (:mod:`finsynth.world.company`).

Kept for the filings modules that still import it from here (business and risk factors).
"""

from finsynth.world.company import Company, employee_count

__all__ = ["Company", "employee_count"]
