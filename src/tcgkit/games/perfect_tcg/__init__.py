"""Perfect TCG. Rulebook: ``shared/rules/perfect-tcg.txt``; clause ids ``PTCG-*``; readings taken: ``RULINGS.md``;
card fields and verbs: ``CARDS.md``.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("perfect-tcg")
>>> sorted(rules.decks())
['Alchemy', 'Gandor', 'Magister']
>>> [v.clause for v in rules.validate_deck(rules.deck("Gandor"))]
[]
"""

from tcgkit.games.perfect_tcg.rules import PerfectRules

RULES = PerfectRules()

__all__ = ["RULES", "PerfectRules"]
