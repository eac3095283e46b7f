"""A plain-text board for terminals, from one player's side. Games may override ``Ruleset.describe``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcgkit.core.state import HIDDEN, PUBLIC

if TYPE_CHECKING:
    from tcgkit.core.state import GameState


def card_text(state: GameState, card: int, viewer: int) -> str:
    if not state.visible(card, viewer):
        return "[face down]"
    d = state.defs[card]
    nums = " ".join(f"{k}={state.rules.stat(state, card, k)}" for k in d.stats)
    st = state.cs.get(card)
    marks = []
    if st is not None:
        if st.tapped:
            marks.append("tapped")
        marks.extend(f"{k}:{v}" for k, v in st.status.items())
        marks.extend(f"{k}x{v}" for k, v in st.counters.items())
    extra = f" <{', '.join(marks)}>" if marks else ""
    return f"{d.name} #{card}" + (f" ({nums})" if nums else "") + extra


def describe(state: GameState, viewer: int) -> str:
    lines = [f"{state.rules.name} - turn {state.turn}, player {state.active}'s {state.phase}"]
    order = [1 - viewer, viewer] if len(state.zones) == 2 else range(len(state.zones))
    for p in order:
        who = "you" if p == viewer else "opponent"
        res = ", ".join(f"{k} {v}" for k, v in state.res[p].items())
        lines.append(f"-- player {p} ({who}){': ' + res if res else ''}")
        for zname, ids in state.zones[p].items():
            vis = state.rules.ZONES.get(zname, PUBLIC)
            if vis == HIDDEN or (vis != PUBLIC and p != viewer):
                if ids:
                    lines.append(f"   {zname}: {len(ids)} card(s)")
                continue
            if ids:
                lines.append(f"   {zname}: " + "; ".join(card_text(state, c, viewer) for c in ids))
    return "\n".join(lines)
