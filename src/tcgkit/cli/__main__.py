"""``python -m tcgkit.cli``: the same as the ``tcgkit`` script."""

from tcgkit.cli.main import main

main()
