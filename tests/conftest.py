"""Shared fixtures: the playable games, and helpers to play random games."""

from __future__ import annotations

import random
from dataclasses import replace
from types import ModuleType

import pytest

from tcgkit.bots import RandomBot, View
from tcgkit.core.decks import Deck
from tcgkit.core.state import GameState
from tcgkit.games import get_rules, playable_games

PLAYABLE = playable_games()


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` runs compiled (the compiled build, ``make fast``). Its functions then call each other
    directly: a test that swaps one of them out, or reads their source, checks nothing there, and is run on the plain
    build only (``plain_build_only``)."""
    return not (module.__file__ or "").endswith(".py")


def plain_build_only(module: ModuleType) -> pytest.MarkDecorator:
    """Skip a test on the compiled build when it patches or reads the source of ``module``'s functions."""
    return pytest.mark.skipif(compiled(module), reason=f"patches or reads {module.__name__}'s functions: plain build")


def random_game(game: str, seed: int, decks: tuple[str, str] | None = None, stop_at: int | None = None,
                pool: bool = False) -> GameState:
    """Play a random-bot game (to its end, or until ``stop_at`` decisions); ``pool``: with decks drawn from the
    whole card pool (:func:`pool_decks`) rather than the shipped decks."""
    rules = get_rules(game)
    names = list(rules.decks())
    if pool:
        decks = pool_decks(game)(seed)
    elif decks is None:
        decks = (names[seed % len(names)], names[(seed // len(names) + 1 + seed) % len(names)])
    state = rules.new_game(list(decks), seed)
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    while state.result is None and (stop_at is None or state.decisions < stop_at):
        p = state.current
        state.apply(bots[p].choose(View(state, p)))
    return state


def ordinary_decision(game: str, seed: int = 11) -> GameState:
    """A game of ``game`` past its mulligans and set-up choices, at an ordinary decision with no choice pending and
    cards in the deck of the player to move (the first legal action taken each time)."""
    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], seed=seed)
    for _ in range(40):
        if state.pending is None and state.turn >= 1 and state.zone(state.current, rules.DECK_ZONE):
            break
        state.apply(state.legal_actions()[0])
    assert state.pending is None
    return state


def pool_decks(game: str):
    """Decks drawn from the game's whole card pool: each shipped deck with most cards swapped for random cards of the
    pool (of the same type, faction and pile, or of any type), kept when the game's deck rules accept it."""
    rules = get_rules(game)
    pool = rules.pool()
    cards = list(pool)

    def kind(card) -> tuple:
        return card.type, card.fields.get("faction"), card.fields.get("cp")

    alike: dict[tuple, list] = {}
    for card in cards:
        alike.setdefault(kind(card), []).append(card)
    shipped = list(rules.decks().values())

    def swap(deck: Deck, rnd: random.Random) -> Deck:
        for attempt in range(20):
            any_type = 0.3 if attempt < 10 else 0.0  # then cards of the same kind only, which more deck rules accept
            sections = {}
            for name, keys in deck.sections.items():
                out = []
                for i, key in enumerate(keys):
                    if key not in pool or rnd.random() < 0.3:
                        out.append(key)
                        continue
                    options = cards if rnd.random() < any_type else alike[kind(pool.get(key))]
                    pick = rnd.choice(options).key
                    copies = out.count(pick) + keys[i + 1:].count(pick)
                    out.append(pick if copies < 3 else key)  # at most 3 copies: within every game's limit
                sections[name] = tuple(out)
            candidate = replace(deck, name=f"{deck.name} (from the pool)", sections=sections)
            if not rules.validate_deck(candidate):
                return candidate
        return deck

    def decks(seed: int) -> list[Deck]:
        rnd = random.Random(seed)
        return [swap(rnd.choice(shipped), rnd), swap(rnd.choice(shipped), rnd)]

    return decks


@pytest.fixture(params=PLAYABLE)
def game(request) -> str:
    return request.param
