"""Every game speaks in words: random games walked with strict Words (see ``words_check``): every event, action,
choice, card, zone, number, refusal and result has a description, none holds an internal key, a card id, a
sentinel number or ``None``, and none names a card its reader cannot see."""

from __future__ import annotations

import pytest

from conftest import pool_decks
from tcgkit.core.words import MissingWords
from words_check import walk

GAMES = ["guardian-realms", "tgc", "tgod", "phaktionz", "perfect-tcg"]


@pytest.mark.parametrize("game", GAMES)
def test_random_games_are_told_in_words(game: str) -> None:
    seen = walk(game, range(50), max_decisions=300)
    assert seen.decisions >= 300
    assert seen.refusals > 50 and seen.clauses > seen.refusals // 3


@pytest.mark.parametrize("game", GAMES)
def test_games_with_decks_from_the_whole_card_pool_are_told_in_words(game: str) -> None:
    """Cards no shipped deck holds (TGC's Battlefields and Artifacts, say) speak in words too."""
    seen = walk(game, range(8), max_decisions=250, refusal_every=5, decks=pool_decks(game))
    assert seen.decisions >= 250


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_decisions_are_told_in_words(game: str) -> None:
    seen = walk(game, range(100, 100000), max_decisions=2500, refusal_every=7)
    assert seen.decisions >= 2500


@pytest.mark.parametrize("game", GAMES)
def test_strict_words_refuse_an_unknown_event(game: str) -> None:
    from tcgkit.core.state import Event
    from tcgkit.games import get_rules
    from words_check import strict_words

    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], seed=1)
    with pytest.raises(MissingWords):
        strict_words(game).event(state, Event("no_such_event", 0), 0)
    assert rules.words.strict is False
