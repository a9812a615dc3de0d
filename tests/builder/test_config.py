"""Bad build configs give one readable error naming the file, line, path and what is allowed."""

from __future__ import annotations

import pytest

from finsynth.builder import load_config, parse_config
from finsynth.errors import ConfigError

GOOD = """\
name: tiny
version: 1.2.3
seed: 7
configs:
  - name: finchain
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    splits:
      test: {per_generator: 3}
"""


def test_a_good_config_resolves_generators_and_hashes_stably():
    config = parse_config(GOOD, "tiny.yaml")
    assert config.configs[0].generator_ids == tuple(sorted(config.configs[0].generator_ids))
    assert len(config.configs[0].generator_ids) == 5
    assert parse_config(GOOD.replace("seed: 7", "seed:   7"), "x").config_hash == config.config_hash
    assert parse_config(GOOD.replace("seed: 7", "seed: 8"), "x").config_hash != config.config_hash


@pytest.mark.parametrize(
    ("change", "line", "path", "message"),
    [
        (("seed: 7", "seed: seven"), 3, r"\$\.seed", "not of type.*integer"),
        (("seed: 7", "seed: 7\nsead: 8"), 4, r"\$\.sead", "unknown key 'sead'.*allowed keys"),
        (("test: {per_generator: 3}", "test: {per_generator: -3}"), 9, r"per_generator", "minimum of 0"),
        (
            ("[finchain/investment_analysis/compound_interest]", "[finchain/investment_analysis/compund]"),
            7,
            r"generators\[0\]",
            "did you mean 'finchain/investment_analysis/compound_interest'",
        ),
        (("family: finchain", "family: filings"), 6, r"family", "choose one of"),
        (("version: 1.2.3", "version: latest"), 2, r"version", "does not match"),
        (("seed: 7", "seed: 7\nseed: 8"), 4, r"\$", "appears twice"),
    ],
)
def test_bad_configs_name_line_path_and_rule(change, line, path, message):
    text = GOOD.replace(*change)
    with pytest.raises(ConfigError) as caught:
        parse_config(text, "bad.yaml")
    error = caught.value
    assert error.line == line, str(error)
    assert str(error).startswith(f"bad.yaml:{line}: ")
    import re

    assert re.search(path, error.path), str(error)
    assert re.search(message, str(error)), str(error)


def test_missing_file_and_bad_yaml(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(broken)


VARIED = (
    GOOD
    + """\
  - name: varied
    family: finchain
    generators: [finchain/investment_analysis/compound_interest]
    variations: {of_config: finchain, of_split: SPLIT, kinds: [names]}
    splits:
      test: {per_generator: COUNT}
"""
)


def test_variations_must_point_at_an_earlier_config_and_split():
    with pytest.raises(ConfigError, match="has no split 'train'"):
        parse_config(VARIED.replace("SPLIT", "train").replace("COUNT", "3"), "v.yaml")
    with pytest.raises(ConfigError, match=r"cannot redraw 4 instances of .* from a split that has 3"):
        parse_config(VARIED.replace("SPLIT", "test").replace("COUNT", "4"), "v.yaml")
    config = parse_config(VARIED.replace("SPLIT", "test").replace("COUNT", "3"), "v.yaml")
    assert config.config("varied").variations.kinds == ("names",)
