"""Progress advances within shards: workers report each written row group before the shard ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from finsynth.builder import parse_config, plan_shards
from finsynth.builder.engine import run_local
from finsynth.builder.parquet import ROW_GROUP_SIZE
from finsynth.builder.plan import ShardSpec
from finsynth.builder.shard import ShardResult

ROWS = 2 * ROW_GROUP_SIZE + 1  # three row groups per shard
CONFIG = f"""\
name: progress
version: 0.0.1
seed: 3
configs:
  - name: finchain
    family: finchain
    shard_size: {ROWS}
    generators: [finchain/investment_analysis/compound_interest/future_value_of_a_single_deposit]
    splits:
      test: {{per_generator: {2 * ROWS}}}
"""


@pytest.mark.slow
@pytest.mark.parametrize("num_proc", [1, 2])
def test_rows_are_reported_within_shards_and_add_up_before_each_shard_ends(
    tmp_path: Path, num_proc: int
) -> None:
    shards = plan_shards(parse_config(CONFIG, "progress.yaml"))
    assert len(shards) == 2
    events: list[tuple[str, str, int]] = []

    def on_rows(spec: ShardSpec, rows: int) -> None:
        events.append(("rows", spec.file_name, rows))

    def on_done(spec: ShardSpec, result: ShardResult) -> None:
        events.append(("done", spec.file_name, result.rows))

    results = run_local(shards, tmp_path, num_proc, on_done, on_rows)
    for spec, result in zip(shards, results, strict=True):
        mine = [event for event in events if event[1] == spec.file_name]
        reported = [rows for kind, _, rows in mine if kind == "rows"]
        assert mine[-1] == ("done", spec.file_name, ROWS) and result.rows == ROWS
        assert sum(reported) == ROWS and len(reported) >= 2  # not one jump at the end
        assert all(rows > 0 for rows in reported)
