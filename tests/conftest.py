"""Test-wide settings: how hypothesis draws examples, and the order files go to the xdist workers.

CI sets ``HYPOTHESIS_PROFILE=ci`` so a landing is judged on the same examples every time;
running locally without it keeps searching new ones, which is how rare cases get found (and
then kept as ``@example``s).
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the files that hold a test marked ``slow`` first, each file's tests in their own order.

    ``make test`` runs pytest-xdist with ``--dist loadfile``: each worker is handed whole files,
    in collection order, as it finishes the last. In alphabetical order the longest file (the
    README and docs snippets, minutes on one worker) came tenth from the end, and the other
    worker ran out of files long before it was done. Handed out first, the long files run while
    the many short ones fill in around them, and both workers finish close together.
    """
    slow_files = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow_files)  # stable: otherwise collection order
