"""The event log: a read-only sequence of Events, kept as plain tuples so that Python's garbage collector stops
tracking them (a log of NamedTuples made every collection walk the whole game, and late-game decisions ran up to a
fifth slower)."""

from __future__ import annotations

import gc
import pickle

import pytest

from tcgkit.bots import RandomBot, View
from tcgkit.core.state import Event, EventLog
from tcgkit.games import get_rules

GAMES = ("guardian-realms", "perfect-tcg", "phaktionz", "tgc", "tgod")


def _played(game: str, decisions: int = 60, seed: int = 3):
    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], seed=seed)
    bots = (RandomBot(1), RandomBot(2))
    while state.result is None and state.decisions < decisions:
        state.apply(bots[state.current].choose(View(state, state.current)))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_a_collection_leaves_no_logged_event_tracked(game: str) -> None:
    """After two collections (a tuple is let go once what it holds has been), the garbage collector tracks none of
    the log's events: a full collection late in a game no longer walks the game so far."""
    state = _played(game)
    gc.collect()
    gc.collect()
    rows = state.log.rows
    assert rows and all(type(row) is tuple for row in rows)
    assert not [row for row in rows if gc.is_tracked(row)]


def test_the_log_reads_as_a_sequence_of_events() -> None:
    """Index, negative index, slice, iteration and length agree, and every item is an Event."""
    state = _played("tgod")
    log = state.log
    events = list(log)
    assert len(log) == len(events) > 10
    assert all(type(ev) is Event for ev in events)
    assert log[0] == events[0] and log[-1] == events[-1] and log[3].kind == events[3].kind
    assert log[-5:] == events[-5:] and log[2:7:2] == events[2:7:2]
    assert log == events and log == EventLog(list(log.rows)) and log != events[:-1]
    with pytest.raises(IndexError):
        log[len(log)]
    assert list(reversed(log)) == events[::-1]
    assert events[4] in log and Event("no such event", 0) not in log
    assert log.index(events[4]) == events.index(events[4]) and log.count(events[4]) == events.count(events[4])
    with pytest.raises(TypeError):
        hash(log)  # a sequence that grows is no key


def test_a_clone_shares_the_log_until_either_logs_an_event() -> None:
    """Copy-on-write: neither state ever sees the other's events."""
    state = _played("guardian-realms", decisions=20)
    twin = state.clone()
    before = list(state.log)
    assert twin.log is state.log
    twin.emit("look", 0)
    assert list(state.log) == before and len(twin.log) == len(before) + 1
    state.emit("look", 1)
    assert state.log[-1].player == 1 and twin.log[-1].player == 0


def test_the_log_pickles_with_its_state() -> None:
    state = _played("phaktionz", decisions=30)
    again = pickle.loads(pickle.dumps(state))
    assert type(again.log) is EventLog and again.log == state.log and again.log.rows is not state.log.rows
