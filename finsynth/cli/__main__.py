"""``python -m finsynth.cli``: the same as the ``finsynth`` console script."""

from finsynth.cli.app import main

main()
