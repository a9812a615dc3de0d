"""Test-wide settings: hypothesis explores freshly on every local run, and replays fixed examples in CI.

CI sets ``HYPOTHESIS_PROFILE=ci`` so a landing is judged on the same examples every time;
running locally without it keeps searching new ones, which is how rare cases get found (and
then kept as ``@example``s).
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
