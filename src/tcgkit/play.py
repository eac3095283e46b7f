"""Playing whole games on the public API: a game between bots, and replays.

>>> from tcgkit.play import play_game
>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> names = list(rules.decks())[:2]
>>> state = play_game(rules, names, seed=1, bots=["random", "random"])
>>> state.is_over
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tcgkit.bots import Bot, View, make_bot
from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.errors import ReplayMismatch, TcgkitError
from tcgkit.core.inputs import load_json
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import Event, GameState
from tcgkit.games import get_rules

REPLAY_VERSION = 1


def play_game(
    rules: Ruleset,
    decks: Sequence[Deck | str],
    seed: int = 0,
    bots: Sequence[Bot | str] = ("random", "random"),
    options: dict[str, Any] | None = None,
    on_action: Callable[[GameState, int, Action], None] | None = None,
    max_decisions: int = 1_000_000,
) -> GameState:
    """Play one game to its end between bots; returns the final state (``state.result`` says how it ended)."""
    seats = [make_bot(b, seed * 2 + i + 1) if isinstance(b, str) else b for i, b in enumerate(bots)]
    state = rules.new_game(decks, seed, options)
    while state.result is None:
        p = state.current
        action = seats[p].choose(View(state, p))
        if on_action is not None:
            on_action(state, p, action)
        state.apply(action)
        if state.decisions >= max_decisions:
            state.end(None, f"decision cap of {max_decisions} reached", "decision-cap")
    return state


def event_json(ev: Event) -> list:
    """An event as JSON data (what a replay stores and compares): tuples at any depth become lists."""
    return [ev.kind, ev.player, ev.card, _lists(ev.data)]


def _lists(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_lists(v) for v in value]
    return value


def replay_record(state: GameState, decks: Sequence[Deck], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A replay: seed, decks, options and actions (enough to reproduce the game), plus its events to check."""
    return {
        "version": REPLAY_VERSION,
        "game": state.rules.id,
        "seed": state.seed,
        "options": {k: v for k, v in (options or {}).items()},
        "decks": [deck.to_dict() for deck in decks],
        "actions": [a.text() for a in state.history],
        "result": None if state.result is None else state.result.to_json(),
        "events": [event_json(ev) for ev in state.log],
    }


def save_replay(path: str | Path, record: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(record, separators=(",", ":")))


def load_replay(path: str | Path) -> dict[str, Any]:
    record = load_json(path, "replay")
    if not isinstance(record, dict):
        raise TcgkitError(f"{path}: not a replay (a JSON object with game, seed, decks and actions)")
    for key in ("game", "seed", "decks", "actions"):
        if key not in record:
            raise TcgkitError(f"{path}: not a replay (no {key!r})")
    return record


def replay(record: dict[str, Any], step: Callable[[GameState, Action], None] | None = None) -> GameState:
    """Re-play a replay record action by action; raises :class:`ReplayMismatch` when it does not reproduce."""
    rules = get_rules(record["game"])
    decks = [Deck.from_dict(d, f"replay deck {i}") for i, d in enumerate(record["decks"])]
    state = rules.new_game(decks, record["seed"], record.get("options") or None)
    for i, text in enumerate(record["actions"]):
        if state.result is not None:
            raise ReplayMismatch(f"action {i + 1} ({text}): the game was already over")
        try:
            action = state.parse_action(text)
            state.apply(action)
        except TcgkitError as exc:
            raise ReplayMismatch(f"action {i + 1} ({text}) does not replay: {exc}") from None
        if step is not None:
            step(state, action)
    events = record.get("events")
    if events is not None:
        got = [event_json(ev) for ev in state.log]
        if got != events:
            pairs = zip(got, events, strict=False)
            n = next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(got), len(events)))
            raise ReplayMismatch(
                f"the replay diverges at event {n + 1}: recorded {events[n] if n < len(events) else 'nothing'}, "
                f"replayed {got[n] if n < len(got) else 'nothing'}"
            )
    want = record.get("result")
    got_result = None if state.result is None else state.result.to_json()
    if want is not None and got_result != want:
        raise ReplayMismatch(f"the replay ends with {got_result}, the record says {want}")
    return state
