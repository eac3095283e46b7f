"""Guardian Realms HP Links (GR-LINK-*): Guardians sharing one HP pool, kept in ``state.vars["links"]`` as a tuple
of (members, pool, max).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcgkit.games.guardian_realms.board import hp_of, link_index, max_hp
from tcgkit.games.guardian_realms.model import LANE_OF

if TYPE_CHECKING:
    from tcgkit.core.state import GameState


def link(state: GameState, cards: list[int]) -> None:
    """Link Guardians into one pool: current HP summed, maximum HP summed (GR-LINK-01)."""
    cards = [c for c in dict.fromkeys(cards) if state.loc[c][1] in LANE_OF]
    for c in cards:
        break_link(state, c)
    if len(cards) < 2:
        return
    pool = sum(hp_of(state, c) for c in cards)
    mx = sum(max_hp(state, c) for c in cards)
    state.vars["links"] = (*state.vars.get("links", ()), (tuple(cards), pool, mx))
    state.emit("hp_link", state.owner[cards[0]], data=(pool, mx, *cards))  # flat: JSON round trip (replays)


def set_link(state: GameState, i: int, pool_delta: int = 0, max_delta: int = 0) -> int:
    links = list(state.vars["links"])
    members, pool, mx = links[i]
    mx += max_delta
    pool = max(0, min(mx, pool + pool_delta))
    links[i] = (members, pool, mx)
    state.vars["links"] = tuple(links)
    return pool


def break_link(state: GameState, card: int) -> None:
    """A linked Guardian leaving play breaks its link; the survivors share the pool evenly (GR-LINK-04)."""
    i = link_index(state, card) if "links" in state.vars else -1
    if i < 0:
        return
    links = list(state.vars["links"])
    members, pool, _ = links.pop(i)
    if links:
        state.vars["links"] = tuple(links)
    else:
        del state.vars["links"]
    rest = [c for c in members if c != card and state.loc[c][1] in LANE_OF]
    if pool > 0:
        for c in rest:
            share = min(max_hp(state, c), pool // len(rest))
            state.card_state(c).counters["dmg"] = max_hp(state, c) - share
    state.emit("link_broken", state.owner[card], card, tuple(rest))
