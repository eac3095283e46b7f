"""Helpers for Perfect TCG tests: build a position as a scenario would, find cards, play actions by their text."""

from __future__ import annotations

from typing import Any

from tcgkit.core.state import GameState
from tcgkit.games import get_rules
from tcgkit.scenario import build_position, legal_texts, scenario_from_dict

RULES = get_rules("perfect-tcg")
FILLER = "20 Iron Transmuter"


def position(p0: dict | None = None, p1: dict | None = None, *, turn: int = 3, active: int = 0,
             phase: str = "main", options: dict | None = None, vars: dict | None = None, seed: int = 0,
             current_player: int | None = None) -> GameState:
    """A position: each player is ``{zones: {...}, cards: [...], resources: {...}}``; both get a Leader
    (Gandor Squire) and a 20-card deck unless their zones say otherwise."""
    players = []
    for pl in (p0, p1):
        pl = {**(pl or {})}
        zones = {"leader": ["Gandor Squire"], "deck": [FILLER], **(pl.get("zones") or {})}
        pl["zones"] = zones
        players.append(pl)
    pos: dict[str, Any] = {"turn": turn, "active": active, "phase": phase, "players": players}
    if vars:
        pos["vars"] = vars
    if current_player is not None:
        pos["current_player"] = current_player
    doc = {"game": "perfect-tcg", "name": "test", "seed": seed, "options": options or {}, "position": pos,
           "steps": []}
    return build_position(scenario_from_dict(doc))


def card(state: GameState, player: int, name: str, zone: str | None = None, index: int = 0) -> int:
    """The id of a player's card by name (and zone)."""
    found = [c for c in range(len(state.defs)) if state.owner[c] == player
             and state.defs[c].name.lower() == name.lower() and (zone is None or state.loc[c][1] == zone)]
    assert len(found) > index, f"player {player} has no {name!r}" + (f" in {zone}" if zone else "")
    return found[index]


def act(state: GameState, text: str) -> None:
    """Play an action written as ``tcgkit play`` shows it (card names in quotes)."""
    state.apply(state.parse_action(text))


def legal(state: GameState) -> set[str]:
    """The legal actions, both as canonical text and with quoted card names."""
    return legal_texts(state)


def names(state: GameState, player: int, zone: str) -> list[str]:
    return [state.defs[c].name for c in state.zones[player][zone]]


def run_effect(state: GameState, steps: list, source: int, controller: int) -> None:
    """Resolve ad-hoc effect steps (parsed with the game's vocabulary) as if ``source`` had them."""
    from tcgkit.core.cards import parse_steps

    parsed = parse_steps(steps, RULES.verbs, "test")
    RULES.start(state, parsed, source, controller)
    RULES.settle(state)


def power(state: GameState, card_id: int) -> int:
    return RULES.stat(state, card_id, "power")


def rested(state: GameState, card_id: int) -> bool:
    st = state.cs.get(card_id)
    return st is not None and st.tapped
