"""Helpers for Guardian Realms rule tests: build a position, find cards, rig the die."""

from __future__ import annotations

from typing import Any

from tcgkit.core.rng import Rng
from tcgkit.core.state import GameState
from tcgkit.games import get_rules
from tcgkit.scenario import build_position, scenario_from_dict

GAME = "guardian-realms"
RULES = get_rules(GAME)
FILLER = ["10 Moss Whelp"]


def position(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, *, turn: int = 3,
             active: int = 0, res0: dict[str, int] | None = None, res1: dict[str, int] | None = None,
             vars: dict[str, Any] | None = None, options: dict[str, Any] | None = None,
             cards0: list | None = None, cards1: list | None = None, seed: int = 0) -> GameState:
    """A main-phase position: zones per player (a deck of 10 Moss Whelps unless given), resources and card states."""
    players = []
    for zones, res, cards in ((p0, res0, cards0), (p1, res1, cards1)):
        z = {"deck": FILLER, **(zones or {})}
        players.append({"zones": z, "resources": {"dz": 10, "dzcap": 10, "sp": 10, **(res or {})},
                        "cards": cards or []})
    doc = {"game": GAME, "seed": seed, "options": options or {},
           "position": {"turn": turn, "active": active, "phase": "main", "players": players, "vars": vars or {}}}
    return build_position(scenario_from_dict(doc))


def card(state: GameState, player: int, name: str, index: int = 0) -> int:
    """The id of a player's card by name (the ``index``-th one)."""
    found = [c for c in range(len(state.defs)) if state.owner[c] == player and state.defs[c].name == name]
    found.sort(key=lambda c: state.loc[c][1] == "deck")  # fielded and hand cards before the deck's
    return found[index]


def rig(state: GameState, *rolls: int) -> None:
    """Reseed the game's RNG so that its next d6 rolls are ``rolls``."""
    for seed in range(1, 2_000_000):
        rng = Rng(seed)
        if all(rng.die(6) == r for r in rolls):
            state.rng = Rng(seed)
            return
    raise AssertionError(f"no seed rolls {rolls}")


def do(state: GameState, text: str) -> None:
    """Play an action given in text form (card names in quotes)."""
    state.apply(state.parse_action(text))


def hp(state: GameState, c: int) -> int:
    from tcgkit.games.guardian_realms.board import hp_of

    return hp_of(state, c)


def status(state: GameState, c: int, name: str) -> int:
    st = state.cs.get(c)
    return st.status.get(name, 0) if st is not None else 0


def seeded_states(games: int, seed: int, options: dict | None = None, deck_step: int = 1, final: bool = False):
    """Every decision point of ``games`` random-bot games (game ``g`` seeded ``derive_seed(seed, g)``, the shipped decks
    ``g`` and ``g + deck_step``), and with ``final`` each game's last state too."""
    from tcgkit.bots import RandomBot, View
    from tcgkit.core.rng import derive_seed

    rules = get_rules("guardian-realms")
    decks = list(rules.decks().values())
    for g in range(games):
        s = derive_seed(seed, g)
        state = rules.new_game([decks[g % len(decks)], decks[(g + deck_step) % len(decks)]], s, options=options)
        bots = (RandomBot(s), RandomBot(s + 1))
        while state.result is None:
            yield state
            p = state.current
            state.apply(bots[p].choose(View(state, p)))
        if final:
            yield state
