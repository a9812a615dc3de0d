"""Where the finsynth package comes from: the one install line every published file names.

A dataset card and the harness files a build ships tell a reader how to get the exact
finsynth that wrote them. Until finsynth is published on the Python Package Index that is
its source repository at the version's tag; :data:`ON_PACKAGE_INDEX` switches every such
line to the index at once (the release checklist in ``docs/guide/release.md`` says when).
"""

from __future__ import annotations

SOURCE_REPOSITORY = "https://github.com/finsynth/finsynth"
"""The source repository (also ``[project.urls] Source`` in ``pyproject.toml``; a test keeps them equal)."""
ON_PACKAGE_INDEX = False
"""Whether ``pip install finsynth==VERSION`` finds this version on the Python Package Index."""


def release_tag(version: str) -> str:
    """The git tag of a library version: ``v<version>``."""
    return f"v{version}"


def install_command(version: str) -> str:
    """The ``pip install`` line that gets exactly this finsynth version.

    Args:
        version: The library version (``finsynth.__version__`` for this one).

    Returns:
        ``pip install finsynth==VERSION`` once the version is on the package index, else an
        install from the source repository at the version's tag.

    """
    if ON_PACKAGE_INDEX:
        return f"pip install finsynth=={version}"
    return f'pip install "finsynth @ git+{SOURCE_REPOSITORY}@{release_tag(version)}"'


def package_origin(version: str) -> str:
    """One sentence saying where :func:`install_command` takes a version of the package from."""
    if ON_PACKAGE_INDEX:
        return f"finsynth {version} is installed from the Python Package Index (PyPI)."
    return (
        f"finsynth {version} is not on the Python Package Index yet, so it is installed from its "
        f"source repository ({SOURCE_REPOSITORY}) at the tag {release_tag(version)}."
    )
