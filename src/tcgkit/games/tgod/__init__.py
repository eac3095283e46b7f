"""The Guardians of Destiny (TGOD). Rulebook: ``shared/rules/tgod.txt``; clause ids ``TGOD-*``.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> state = rules.new_game(["Guardian Wall", "Tyrant Horde"], seed=3)
>>> state.phase
'play'
"""

from tcgkit.games.tgod.rules import TgodRules

RULES = TgodRules()

__all__ = ["RULES", "TgodRules"]
