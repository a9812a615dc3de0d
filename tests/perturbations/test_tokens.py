import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.perturbations.tokens import count_tokens, count_tokens_batch, encoding

_NO_NETWORK = """
import json, socket, sys

def refuse(*args, **kwargs):
    raise OSError("network access attempted")

socket.socket.connect = refuse
socket.create_connection = refuse
from finsynth.perturbations.tokens import count_tokens, encoding
print(json.dumps([encoding().encode_ordinary("hello world"), count_tokens("Net income rose 3.5%.")]))
"""


def test_the_encoding_is_cl100k_base() -> None:
    # "hello world" is [15339, 1917] in cl100k_base (and different in gpt2/p50k/o200k).
    assert encoding().encode_ordinary("hello world") == [15339, 1917]
    assert encoding().n_vocab == 100277


def test_loads_without_network_and_with_an_empty_cache(tmp_path: Path) -> None:
    environment = {**os.environ, "TIKTOKEN_CACHE_DIR": str(tmp_path / "empty-cache")}
    completed = subprocess.run(
        [sys.executable, "-c", _NO_NETWORK], capture_output=True, text=True, env=environment, check=False
    )
    assert completed.returncode == 0, completed.stderr
    tokens, count = json.loads(completed.stdout)
    assert tokens == [15339, 1917]
    assert count == count_tokens("Net income rose 3.5%.")


def test_special_token_text_is_counted_as_ordinary_text() -> None:
    assert count_tokens("<|endoftext|>") > 1


def test_empty_text_has_no_tokens() -> None:
    assert count_tokens("") == 0
    assert count_tokens_batch([]) == []


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(max_size=200), max_size=8))
def test_batch_matches_single_counts(texts: list[str]) -> None:
    assert count_tokens_batch(texts) == [count_tokens(text) for text in texts]
