"""Cards' in-play records are shared by a clone and its original until one of them changes one (copy on write):
neither state ever sees the other's changes, and a clone plays on exactly as its original would."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import PLAYABLE, random_game
from tcgkit.bots import RandomBot, View
from tcgkit.core.state import GameState
from tcgkit.games import get_rules

SEEDS = st.integers(min_value=0, max_value=2**40)
FAST = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _snapshot(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _play_on(state: GameState, seed: int) -> GameState:
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while state.result is None:
        state.apply(bots[state.current].choose(View(state, state.current)))
    return state


def _new() -> GameState:
    rules = get_rules("tgod")
    names = list(rules.decks())
    return rules.new_game(names[:2], 3)


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=300))
def test_original_playing_on_never_reaches_its_clone(game: str, seed: int, cut: int) -> None:
    """The original plays on first (changing records it shares); its clone, played on after with the same bots,
    still ends exactly as the original did (the same final state and the same events), and so does a clone of it."""
    state = random_game(game, seed, stop_at=cut)
    twin = state.clone()
    grandchild = twin.clone()
    snapshot = _snapshot(twin)
    _play_on(state, seed)
    assert _snapshot(twin) == snapshot
    _play_on(twin, seed)
    assert _snapshot(twin) == _snapshot(state) and twin.log == state.log
    _play_on(grandchild, seed)
    assert _snapshot(grandchild) == _snapshot(state)


@pytest.mark.parametrize("game", PLAYABLE)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=300))
def test_a_clone_played_on_equals_a_fresh_replay(game: str, seed: int, cut: int) -> None:
    """A clone taken mid-game and played on gives the game that replaying its whole history from the seed gives."""
    state = random_game(game, seed, stop_at=cut)
    twin = _play_on(state.clone(), seed)
    fresh = get_rules(game).new_game(list(state.deck_names), state.seed)
    for action in twin.history:
        fresh.apply(action)
    assert _snapshot(fresh) == _snapshot(twin) and fresh.log == twin.log


def test_a_write_after_clone_copies_the_record_on_either_side() -> None:
    state = _new()
    state.card_state(0).counters["damage"] = 1
    twin = state.clone()
    assert twin.cs[0] is state.cs[0]  # shared until written
    twin.card_state(0).counters["damage"] = 5
    assert state.cs[0].counters == {"damage": 1} and twin.cs[0].counters == {"damage": 5}
    state.card_state(0).status["paralyzed"] = 2
    assert "paralyzed" not in twin.cs[0].status


def test_the_original_copies_too_and_clones_of_clones_stay_apart() -> None:
    state = _new()
    state.card_state(4).mods.append(("attack", 1, "turn"))
    a = state.clone()
    b = a.clone()
    state.card_state(4).mods.clear()
    a.card_state(4).mods.append(("attack", 2, "turn"))
    assert state.cs[4].mods == []
    assert a.cs[4].mods == [("attack", 1, "turn"), ("attack", 2, "turn")]
    assert b.cs[4].mods == [("attack", 1, "turn")]


def test_card_state_or_none_creates_nothing_and_copies_a_shared_record() -> None:
    state = _new()
    assert state.card_state_or_none(2) is None and 2 not in state.cs
    state.card_state(2).tapped = True
    twin = state.clone()
    mine = twin.card_state_or_none(2)
    assert mine is not state.cs[2]
    mine.tapped = False
    assert state.cs[2].tapped and not twin.cs[2].tapped


def test_a_record_is_copied_once_then_changed_in_place() -> None:
    state = _new()
    state.card_state(1).tapped = True
    state.clone()
    first = state.card_state(1)
    assert state.card_state(1) is first and state.card_state_or_none(1) is first
