"""A build plugin whose generator can hang on one record, so a test can kill a build midway.

It behaves like a real template unless ``FINSYNTH_TEST_HANG_AT`` names one of its records
(``<split>/<index>``): then, on reaching that record, it creates the file named by
``FINSYNTH_TEST_HANG_MARKER`` and sleeps until it is killed. If ``FINSYNTH_TEST_FAIL_AT`` names
one of its records, it raises there instead.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from finsynth.generators.registry import GeneratorInfo, Record, get_generator, register
from finsynth.seeding import InstanceSeeds


class HangingGenerator:
    """Delegates to a real template; hangs on the record the environment names."""

    info = GeneratorInfo(
        id="testing/hanging_generator", family="finchain", title="Hanging", description="Hangs."
    )

    def record(self, record_id: str, seeds: InstanceSeeds) -> Record:
        if os.environ.get("FINSYNTH_TEST_FAIL_AT") and record_id.endswith(
            "/" + os.environ["FINSYNTH_TEST_FAIL_AT"]
        ):
            raise RuntimeError(f"record {record_id} fails as FINSYNTH_TEST_FAIL_AT asks")
        if os.environ.get("FINSYNTH_TEST_HANG_AT") and record_id.endswith(
            "/" + os.environ["FINSYNTH_TEST_HANG_AT"]
        ):
            Path(os.environ["FINSYNTH_TEST_HANG_MARKER"]).touch()
            time.sleep(600)
        real = get_generator(
            "finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit"
        )
        return {**real.record(record_id, seeds), "generator_id": self.info.id}


register(HangingGenerator())
