"""Errors cross process boundaries intact: a build worker's error reaches the user as itself."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil

import pytest

import finsynth
from finsynth.errors import ConfigError, FinsynthError
from finsynth.generators.finchain.trace import UnreadableTraceVersionError
from finsynth.scoring.client import ChatError

EXAMPLES: list[FinsynthError] = [
    ConfigError("target of 4000 tokens is too small", source="filings.make_filing", path="target_tokens"),
    ConfigError("not a mapping", source="configs/x.yaml", line=7),
    UnreadableTraceVersionError(99),
    ChatError("http://127.0.0.1:8080 model m: timed out", reason="timed out"),
]


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda error: type(error).__name__)
def test_an_error_pickles_back_to_the_same_error(error: FinsynthError) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error)
    assert vars(again) == vars(error)


def test_every_error_with_its_own_constructor_says_how_to_pickle_it() -> None:
    for module in pkgutil.walk_packages(finsynth.__path__, "finsynth."):
        if not module.name.endswith("__main__"):  # running it would start the command line
            importlib.import_module(module.name)
    own_constructor = {
        cls for cls in _subclasses(FinsynthError) if "__init__" in vars(cls) and "__reduce__" not in vars(cls)
    }
    assert not own_constructor, f"define __reduce__ on {sorted(cls.__name__ for cls in own_constructor)}"
    assert {type(error) for error in EXAMPLES} >= {
        cls for cls in _subclasses(FinsynthError) if "__reduce__" in vars(cls) and not inspect.isabstract(cls)
    }
