"""A build plugin whose generator fails on its sixth record, to test atomic builds."""

from __future__ import annotations

from finsynth.generators.registry import GeneratorInfo, Record, get_generator, register
from finsynth.seeding import InstanceSeeds

FAIL_FROM_INDEX = 5


class FailingGenerator:
    """Delegates to a real template, then raises mid-shard."""

    info = GeneratorInfo(
        id="testing/failing_generator", family="finchain", title="Failing", description="Fails."
    )

    def record(self, record_id: str, seeds: InstanceSeeds) -> Record:
        if int(record_id.rsplit("/", 1)[1]) >= FAIL_FROM_INDEX:
            raise RuntimeError("simulated generator crash")
        real = get_generator(
            "finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit"
        )
        return {**real.record(record_id, seeds), "generator_id": self.info.id}


register(FailingGenerator())
