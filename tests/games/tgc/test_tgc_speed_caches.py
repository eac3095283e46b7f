"""The third speed pass's shortcuts (issue 19) answer as the rules worked out the long way do, checked over seeded
random-bot games: the automatic triggers are scanned for only when a card that listens to the event may answer it
(TGC-3.4.1, TGC-3.4.2), and the per-game index of listeners kept in ``state.memo`` stays the definitions' own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tgc_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core.state import Event, GameState
from tcgkit.games.tgc.rules import AUTO_TRIGGERS, TgcRules, card_sets

DECKS = list(RULES.decks().values())


def _games(games: int = 6, clone_every: int = 0) -> Iterator[GameState]:
    """Every decision point of ``games`` seeded random-bot games (decks paired in turn), each game played to its end;
    with ``clone_every``, the game goes on from a clone every that many decisions (the original left behind)."""
    for g in range(games):
        state = RULES.new_game([DECKS[g % len(DECKS)], DECKS[(g + 1 + g // len(DECKS)) % len(DECKS)]], seed=g)
        bots = (RandomBot(2 * g + 1), RandomBot(2 * g + 2))
        while state.result is None:
            yield state
            if clone_every and state.decisions % clone_every == 0:
                state = state.clone()
            state.apply(bots[state.current].choose(View(state, state.current)))


def test_listeners_equal_the_definitions_at_every_decision() -> None:
    """The event kinds each card of the game listens to, kept in ``state.memo``, are its definition's triggers."""
    for state in _games(4, clone_every=25):
        listen = card_sets(state)["listen"]
        expected: dict[str, set[int]] = {}
        for i, d in enumerate(state.defs):
            for kind in d.triggers:
                expected.setdefault(kind, set()).add(i)
        assert listen == expected


def test_listeners_of_a_clone_with_a_token_are_its_own() -> None:
    """A token with a triggered effect added to a clone listens in the clone only (its index is worked out anew)."""
    state = RULES.new_game(DECKS[:2], seed=5)
    before = card_sets(state)["listen"]
    twin = state.clone()
    listener = next(d for d in RULES.pool() if d.triggers)
    token = twin.add_instance(listener, 0)
    assert all(token in card_sets(twin)["listen"][kind] for kind in listener.triggers)
    assert card_sets(state)["listen"] is before and all(token not in ids for ids in before.values())


def test_skipped_events_would_start_no_trigger_tgc_3_4_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """TGC-3.4.1: at every automatic-trigger event of seeded games, what ``on_event`` stacks (nothing when it skips
    the scan) is what the full scan of the board and of the event's own card stacks, on a copy of the state."""
    original, scan = TgcRules.on_event, TgcRules.fire_triggers
    seen = {"skipped": 0, "scanned": 0, "started": 0}

    def counted(self: TgcRules, state: GameState, ev: Event) -> None:
        seen["scanned"] += 1
        scan(self, state, ev)

    def checked(self: TgcRules, state: GameState, ev: Event) -> None:
        if ev.kind not in AUTO_TRIGGERS or ev.kind not in self.trigger_kinds:
            original(self, state, ev)
            return
        twin = state.clone()
        scan(self, twin, ev)  # the long way: every board card and the event's own card
        before, scanned = len(state.stack), seen["scanned"]
        original(self, state, ev)
        assert [(f[0], f[2]) for f in state.stack] == [(f[0], f[2]) for f in twin.stack]
        assert state.vars == twin.vars and state.cs == twin.cs
        seen["skipped"] += seen["scanned"] == scanned
        seen["started"] += len(state.stack) > before

    monkeypatch.setattr(TgcRules, "on_event", checked)
    monkeypatch.setattr(TgcRules, "fire_triggers", counted)
    for _ in _games(12):
        pass
    assert seen["skipped"] > 0 and seen["scanned"] > 0 and seen["started"] > 0
