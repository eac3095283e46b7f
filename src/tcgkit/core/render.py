"""A plain-text board for terminals and logs, from one player's side, in the game's words (``rules.words``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcgkit.core.state import GameState


def card_text(state: GameState, card: int, viewer: int) -> str:
    """One card in words (its name, numbers and statuses), or "a face-down card" when ``viewer`` may not see it."""
    if not state.visible(card, viewer):
        return "a face-down card"
    return state.rules.words.card(state, card, viewer).line()


def describe(state: GameState, viewer: int) -> str:
    """The board as ``viewer`` sees it: the phase, then each player's public numbers and zones (opponents first),
    then the pending choice, if any; every name in the game's words."""
    words = state.rules.words
    lines = [f"{state.rules.name} - {words.phase(state, viewer)}"]
    n = len(state.zones)
    for p in [q for q in range(n) if q != viewer] + [viewer]:
        numbers = ", ".join(f"{label} {value}" for label, value in words.numbers(state, p, viewer))
        lines.append(f"-- {words.player(state, p, viewer)}" + (f": {numbers}" if numbers else ""))
        for zone in words.zones(state, p, viewer):
            if not zone.count:
                continue
            if zone.cards is None:
                lines.append(f"   {zone.name}: {zone.count} card{'s' if zone.count != 1 else ''}")
                continue
            shown = [c.line() for c in zone.cards]
            if zone.face_down:
                shown.append(f"{zone.face_down} face-down card{'s' if zone.face_down != 1 else ''}")
            lines.append(f"   {zone.name}: " + "; ".join(shown))
    choice = words.choice(state, viewer)
    if choice:
        lines.append(f"Your choice: {choice}")
    return "\n".join(lines)
