"""The ``tcgkit`` command line (:mod:`tcgkit.cli.main`): ``main()`` is the ``tcgkit`` script, ``app`` its typer app."""

from tcgkit.cli.main import app, main

__all__ = ["app", "main"]
