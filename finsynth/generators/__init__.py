"""Generators: the protocol every record maker follows, and the registry to find them."""

from finsynth.generators.registry import (
    Generator,
    GeneratorInfo,
    Record,
    all_generators,
    get_generator,
    import_package,
    register,
    resolve,
)

__all__ = [
    "Generator",
    "GeneratorInfo",
    "Record",
    "all_generators",
    "get_generator",
    "import_package",
    "register",
    "resolve",
]
