"""Perfect TCG deck rules (PTCG-DECK-01..05, PTCG-TYPE-03, PTCG-SETUP-01): the card schema wired to the core, the
deck checks with their clause ids.

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`; the ruleset's own data (zones, options) is there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tcgkit.core.cards import CardDef, Effect
from tcgkit.core.decks import Deck, Violation
from tcgkit.games.perfect_tcg.grammar import prepare_entry
from tcgkit.games.perfect_tcg.model import (
    ARTEFACT,
    UNIT,
    PerfectCard,
    make_card,
)

#: deck checks remembered per deck (a batch of games plays the same few decks again and again)
_DECK_CHECKS: dict[tuple, tuple[Violation, ...]] = {}


class DeckRules:
    """Cards and decks: the deck rules and building a game from two decks."""

    def make_card(self, model: PerfectCard, card_effects: tuple[Effect, ...]) -> CardDef:
        return make_card(model, card_effects)

    def prepare_card(self, entry: dict[str, Any], source: str) -> dict[str, Any]:
        """A card entry with ``effects: from_text`` plays from its effect box (``grammar.py``): "Guardian." gives the
        keyword, the phrases no template reads are kept in ``unread`` (the card is partly executable)."""
        return prepare_entry(entry, source)

    def validate_deck(self, deck: Deck, format: str | None = None, options: dict | None = None) -> list[Violation]:
        """Every deck rule the deck breaks, each with its clause id (PTCG-DECK-01..05, PTCG-TYPE-03, PTCG-SETUP-01)."""
        key = (tuple(deck.sections.items()), bool((options or {}).get("artefacts_exactly_5")))
        got = _DECK_CHECKS.get(key)
        if got is None:
            if len(_DECK_CHECKS) > 256:
                _DECK_CHECKS.clear()
            got = _DECK_CHECKS[key] = tuple(self._validate(deck, options))
        return list(got)

    def deck_problems_in(self, deck: Deck, options: Mapping[str, Any]) -> Sequence[Violation]:
        """The deck rules depend on an option (``artefacts_exactly_5``), not on a format."""
        return self.validate_deck(deck, None, dict(options))

    def _validate(self, deck: Deck, options: dict | None) -> list[Violation]:
        out = self.unknown_cards(deck)
        if out:
            return out
        opts = {**self.OPTIONS, **(options or {})}
        pool = self.pool()
        main = [pool.get(n) for n in deck.section("main")]
        arts = [pool.get(n) for n in deck.section("artefacts")]
        for section in deck.sections:
            if section not in ("main", "artefacts"):
                out.append(Violation("PTCG-DECK-01", f"unknown deck section {section!r} (main, artefacts)"))
        if len(main) != 40:
            out.append(Violation("PTCG-DECK-01", f"the main deck holds {len(main)} cards; it must hold exactly 40"))
        counts = Counter(c.fields["identity"] for c in main)
        for ident, n in counts.items():
            if n > 4:
                name = next(c.name for c in main if c.fields["identity"] == ident)
                out.append(Violation("PTCG-DECK-02", f"{n} copies of {name}; at most 4 of the same card "
                                                     "(same name, effect, power and damage: PTCG-DECK-03)"))
        for c in main:
            if c.type == ARTEFACT:
                out.append(Violation("PTCG-TYPE-03", f"{c.name} is an Artefact: it belongs in the Artefact deck"))
        for c in arts:
            if c.type != ARTEFACT:
                out.append(Violation("PTCG-TYPE-03", f"{c.name} is not an Artefact: the Artefact deck holds only "
                                                     "Artefacts"))
        for ident, n in Counter(c.fields["identity"] for c in arts).items():
            if n > 1:
                name = next(c.name for c in arts if c.fields["identity"] == ident)
                out.append(Violation("PTCG-DECK-04", f"{n} copies of {name} in the Artefact deck; no duplicates"))
        if len(arts) > 5:
            out.append(Violation("PTCG-DECK-05", f"the Artefact deck holds {len(arts)} cards; at most 5"))
        elif opts.get("artefacts_exactly_5") and len(arts) != 5:
            out.append(Violation("PTCG-DECK-05", f"the Artefact deck holds {len(arts)} cards; exactly 5 (option "
                                                 "artefacts_exactly_5)"))
        if main and not any(c.type == UNIT and c.stats.get("level") == 0 for c in main):
            out.append(Violation("PTCG-SETUP-01", "no Level 0 unit: the game cannot start without a Leader"))
        return out
