"""Helpers for TGOD rule tests: build a position, find cards, act by card ids."""

from __future__ import annotations

from typing import Any

from tcgkit.core.actions import Action
from tcgkit.core.state import GameState
from tcgkit.games import get_rules
from tcgkit.scenario import build_position, scenario_from_dict

GAME = "tgod"
RULES = get_rules(GAME)
FILLER = ["10 Dawn Keep"]  # a card no test uses: draws give no new actions


def position(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, *, turn: int = 5,
             active: int = 0, cards0: list | None = None, cards1: list | None = None,
             vars: dict[str, Any] | None = None, options: dict[str, Any] | None = None, seed: int = 0) -> GameState:
    """A position at the start of ``turn`` (5: a normal turn); each player has a Base Armor and a deck unless given."""
    players = []
    for zones, cards, base in ((p0, cards0, "Bastion of Light"), (p1, cards1, "Dark Keep")):
        z = {"deck": FILLER, "base": [base], **(zones or {})}
        players.append({"zones": z, "cards": cards or []})
    doc = {"game": GAME, "seed": seed, "options": options or {},
           "position": {"turn": turn, "active": active, "phase": "play", "players": players, "vars": vars or {}}}
    return build_position(scenario_from_dict(doc))


def card(state: GameState, player: int, name: str, index: int = 0) -> int:
    """The id of a player's card by name (the ``index``-th one; cards out of the deck first)."""
    found = [c for c in range(len(state.defs)) if state.owner[c] == player and state.defs[c].name == name]
    found.sort(key=lambda c: state.loc[c][1] == "deck")
    return found[index]


def do(state: GameState, kind: str, *args: int | str) -> None:
    """Apply an action given by kind and arguments (card ids, words)."""
    state.apply(Action(kind, tuple(args)))


def legal(state: GameState, kind: str, *args: int | str) -> bool:
    return Action(kind, tuple(args)) in state.legal_actions()


def kinds(state: GameState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def stat(state: GameState, c: int, name: str) -> int:
    return RULES.stat(state, c, name)
