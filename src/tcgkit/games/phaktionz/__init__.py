"""Phaktionz (handbook 1.3). Rulebook: ``shared/rules/phaktionz.txt``; clause ids ``PHK-*``.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("phaktionz")
>>> state = rules.new_game(["Lulo United", "Zane Basic"], seed=3)
>>> state.phase, len(state.zone(0, "hand")), len(state.zone(0, "deck"))
('mulligan', 5, 45)
"""

from tcgkit.games.phaktionz.rules import PhaktionzRules

RULES = PhaktionzRules()

__all__ = ["RULES", "PhaktionzRules"]
