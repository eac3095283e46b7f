"""Per-player observations: what one player may know, and nothing more.

>>> # see GameState.observation; a hidden zone is shown as {"count": n} and a face-down card as {"face_down": true}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcgkit.core.state import HIDDEN, PUBLIC

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

#: How many of the latest events an observation carries.
LOG_TAIL = 30


def card_view(state: GameState, card: int) -> dict[str, Any]:
    """A visible card as JSON: id, key, name, type and its in-play state."""
    d = state.defs[card]
    out: dict[str, Any] = {"id": card, "key": d.key, "name": d.name, "type": d.type}
    st = state.cs.get(card)
    if st is not None:
        out.update(st.to_json())
    return out


def event_view(state: GameState, ev, viewer: int) -> dict[str, Any]:
    """An event as ``viewer`` may see it now: a card hidden when it moved, or hidden since (a Lost card healed back
    into a deck), is not named; a card the viewer was privately shown (a ``look``) is."""
    ev = state.event_for(ev, viewer)
    out: dict[str, Any] = {"kind": ev.kind, "player": ev.player}
    if ev.card >= 0:
        out["card"] = ev.card
        out["name"] = state.defs[ev.card].name
    elif ev.card >= 0 or ev.kind == "move":
        out["card"] = None
    if ev.data:
        out["data"] = list(ev.data)
    return out


def observe(state: GameState, viewer: int) -> dict[str, Any]:
    """Build ``viewer``'s observation of ``state`` (see :meth:`GameState.observation`)."""
    zones_vis = state.rules.ZONES
    players = []
    for p, zones in enumerate(state.zones):
        pz: dict[str, Any] = {}
        for zname, ids in zones.items():
            vis = zones_vis.get(zname, PUBLIC)
            if vis == HIDDEN or (vis != PUBLIC and p != viewer):
                pz[zname] = {"count": len(ids)}
            else:
                pz[zname] = {
                    "count": len(ids),
                    "cards": [card_view(state, c) if state.visible(c, viewer) else {"face_down": True} for c in ids],
                }
        players.append({"player": p, "resources": dict(state.res[p]), "zones": pz})
    obs: dict[str, Any] = {
        "game": state.rules.id,
        "viewer": viewer,
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "current_player": state.current,
        "players": players,
        "result": None if state.result is None else state.result.to_json(),
        "log": [event_view(state, ev, viewer) for ev in state.log[-LOG_TAIL:]],
    }
    if state.pending is not None and state.pending.player == viewer:
        obs["prompt"] = state.pending.prompt
    if state.current == viewer and state.result is None:
        obs["legal_actions"] = [a.text() for a in state.legal_actions()]
    obs.update(state.rules.observe_extra(state, viewer))
    return obs
