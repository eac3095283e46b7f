"""Helpers for the Phaktionz tests: positions built from a few lines of data, and actions by card name."""

from __future__ import annotations

from typing import Any

from tcgkit.core.actions import Action
from tcgkit.core.state import GameState
from tcgkit.games import get_rules
from tcgkit.scenario import build_position, scenario_from_dict

FILLER = "20 The Enchanted Lion"


RULES = get_rules("phaktionz")


def position(p0: dict[str, Any], p1: dict[str, Any] | None = None, phase: str = "main", turn: int = 3,
             active: int = 0, options: dict[str, Any] | None = None, cards0: list | None = None,
             cards1: list | None = None) -> GameState:
    """A position: each player's zones (a deck of 20 fillers unless given), phase, turn, active player."""
    players = []
    for zones, cards in ((p0, cards0), (p1 or {}, cards1)):
        zones = {"deck": [FILLER], **zones}
        players.append({"zones": zones, "cards": cards or []})
    doc = {"game": "phaktionz", "position": {"turn": turn, "active": active, "phase": phase, "players": players},
           "options": options or {}}
    return build_position(scenario_from_dict(doc, "<test>"))


def card(state: GameState, player: int, name: str, zone: str | None = None, nth: int = 0) -> int:
    """The id of a player's card by name (and zone)."""
    found = [c for c in range(len(state.defs)) if state.owner[c] == player and state.defs[c].name == name
             and (zone is None or state.loc[c][1] == zone)]
    return found[nth]


def act(state: GameState, kind: str, *args: Any) -> Action:
    return Action(kind, tuple(args))


def names(state: GameState, player: int, zone: str) -> list[str]:
    return [state.defs[c].name for c in state.zone(player, zone)]
