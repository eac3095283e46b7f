"""Guardian Realms. Rulebook: ``shared/rules/guardian-realms.txt``; clause ids ``GR-*``; readings in RULINGS.md.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("guardian-realms")
>>> state = rules.new_game(["Ember Vanguard", "Stone Bastion"], seed=3)
>>> state.phase, sorted(a.kind for a in state.legal_actions())
('mulligan', ['keep', 'mulligan'])
"""

from tcgkit.games.guardian_realms.rules import GuardianRealmsRules

RULES = GuardianRealmsRules()

__all__ = ["RULES", "GuardianRealmsRules"]
