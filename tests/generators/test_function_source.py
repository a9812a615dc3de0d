"""``function_source`` gives what ``inspect.getsource`` gives, so template hashes stay the same."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import types
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finsynth.generators.finchain.template import FinChainGenerator
from finsynth.generators.function_source import function_source
from finsynth.generators.registry import all_generators

TEMPLATES = [g for g in all_generators("finchain") if isinstance(g, FinChainGenerator)]


def function_codes(path: Path) -> dict[str, types.CodeType]:
    """The code object of each top-level function of a module file, by name (nothing is run)."""
    module_code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
    return {const.co_name: const for const in module_code.co_consts if isinstance(const, types.CodeType)}


def test_every_templates_hash_is_the_hash_of_its_source_as_inspect_reads_it() -> None:
    modules: dict[str, types.ModuleType] = {}
    for generator in TEMPLATES:
        _, domain, topic, name = generator.info.id.split("/")
        module_name = f"finsynth.generators.finchain.templates.{domain}.{topic}"
        module = modules.setdefault(module_name, importlib.import_module(module_name))
        assert module.__file__ is not None
        code = function_codes(Path(module.__file__))[name]
        expected = inspect.getsource(code)
        assert function_source(types.FunctionType(code, vars(module))) == expected, generator.info.id
        assert generator.info.source_hash == hashlib.sha256(expected.encode("utf-8")).hexdigest()
    assert len(modules) == 58


INDENTS = st.sampled_from([0, 2, 4, 6, 8])
TRAILING = st.lists(st.one_of(st.just(""), INDENTS.map(lambda indent: " " * indent + "# note")), max_size=5)


@st.composite
def function_texts(draw: st.DrawFn) -> str:
    """A module: decorated or plain functions (some methods), each followed by blank and comment lines."""
    parts = [
        "SEEN = []\n\n\ndef mark(*args):\n    SEEN.extend(arg for arg in args if callable(arg))\n"
        "    return lambda function: function\n\n"
    ]
    for index in range(draw(st.integers(1, 4))):
        in_class = draw(st.booleans())
        pad = "    " if in_class else ""
        if in_class:
            parts.append(f"class Holder{index}:\n")
        for decorator in range(draw(st.integers(0, 2))):
            form = draw(st.sampled_from(["split", "one line", "lambda"]))
            if form == "split":
                parts.append(f"{pad}@mark(\n{pad}    {decorator},\n{pad})\n")
            elif form == "one line":
                parts.append(f"{pad}@mark({decorator})\n")
            else:  # a lambda's code starts on the decorator's line, as the function's does
                parts.append(f"{pad}@mark(lambda value: value + {decorator})\n")
        parts.append(f"{pad}def function_{index}(value=1):\n")
        if draw(st.booleans()):
            parts.append(f'{pad}    """What it does."""\n')
        for line in range(draw(st.integers(1, 3))):
            parts.append(f"{pad}    value = (\n{pad}        value + {line}\n{pad}    )\n")
            if draw(st.booleans()):
                parts.append(f"{pad}    # between statements\n")
        parts.append(f"{pad}    return value\n")
        parts.extend(f"{line}\n" for line in draw(TRAILING))
        if draw(st.booleans()):
            parts.append(f"CONSTANT_{index} = {index}\n")
    return "".join(parts)


@settings(max_examples=150, deadline=None)
@given(function_texts())
def test_generated_functions_read_as_inspect_reads_them(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    module_path = tmp_path_factory.mktemp("probe") / "probe.py"
    module_path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("probe", module_path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    holders = [module, *(value for value in vars(module).values() if isinstance(value, type))]
    functions = [
        member
        for holder in holders
        for member in vars(holder).values()
        if isinstance(member, types.FunctionType) and member.__module__ == "probe"
    ] + list(module.SEEN)
    assert functions
    for function in functions:
        assert function_source(function) == inspect.getsource(function), (function.__qualname__, text)
