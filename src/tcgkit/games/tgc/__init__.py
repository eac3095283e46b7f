"""TGC. Rulebook: ``shared/rules/tgc.txt``; clause ids ``TGC-*``. Cards: the imported core set (coreset_2560).

>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgc")
>>> state = rules.new_game(["Station Crew", "Silicon Shift"], seed=3)
>>> state.phase
'mulligan'
"""

from tcgkit.games.tgc.rules import TgcRules

RULES = TgcRules()

__all__ = ["RULES", "TgcRules"]
