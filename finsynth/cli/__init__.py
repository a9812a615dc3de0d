"""The ``finsynth`` command line.

``app`` is the Typer application and ``main`` the console script. Each sub-command group lives in
its own module here (``score``, ``ucfe``, ``perturb``, ``push``); what they share is in ``output``.
"""

from finsynth.cli.app import app, main

__all__ = ["app", "main"]
