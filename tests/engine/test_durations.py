"""Modifier expiry, owned by the core (tcgkit.core.durations): this turn, next turn, n turns, a game's own word."""

from __future__ import annotations

from engine.toy import DECK, RULES
from tcgkit.core import durations, effects
from tcgkit.core.cards import Step
from tcgkit.core.state import GameState


def _game() -> GameState:
    return RULES.new_game([DECK, DECK], seed=3)


def _modify(state: GameState, card: int, by: int, until: object) -> None:
    step = Step("modify", {"target": card, "stat": "power", "by": by, "until": until})
    assert effects.resolve(state, (step,), card, state.owner[card])


def _power_by_turn(until: object, turns: int) -> list[int]:
    state = _game()
    card = state.zone(0, "hand")[0]
    base = RULES.stat(state, card, "power")
    _modify(state, card, 4, until)
    seen = []
    for _ in range(turns):
        seen.append(RULES.stat(state, card, "power") - base)
        state.apply("end")
    return seen


def test_this_turn_ends_with_the_turn() -> None:
    assert _power_by_turn("turn", 3) == [4, 0, 0]


def test_next_turn_lasts_two_turns() -> None:
    assert _power_by_turn("next_turn", 4) == [4, 4, 0, 0]


def test_n_turns_count_this_turn() -> None:
    assert _power_by_turn(1, 3) == [4, 0, 0]
    assert _power_by_turn(3, 5) == [4, 4, 4, 0, 0]


def test_permanent_and_a_games_own_word_stay_until_ended() -> None:
    assert _power_by_turn("permanent", 3) == [4, 4, 4]
    state = _game()
    card = state.zone(0, "hand")[0]
    _modify(state, card, 1, "battle")
    _modify(state, card, 2, "permanent")
    state.apply("end")
    assert [m[2] for m in state.cs[card].mods] == ["battle", "permanent"]
    durations.end(state, "battle")
    assert state.cs[card].mods == [("power", 2, "permanent")]


def test_end_turn_says_whether_any_modifier_is_left() -> None:
    state = _game()
    card = state.zone(0, "hand")[0]
    _modify(state, card, 1, "next_turn")
    assert durations.end_turn(state) is True
    assert durations.end_turn(state) is False
    assert state.cs[card].mods == []


def test_a_duration_in_also_ends_with_the_turn() -> None:
    mods = [("power", 1, "battle"), ("power", 2, "permanent")]
    assert durations.after_turn(mods, also=("battle",)) == [("power", 2, "permanent")]
    assert durations.after_turn(mods) == mods


def test_expiry_leaves_a_clones_shared_record_alone_when_nothing_ends() -> None:
    # Copy on write (docs/developing.md): a record whose modifiers all stay is not copied, and neither state sees
    # the other's expiry.
    state = _game()
    kept, ending = state.zone(0, "hand")[:2]
    _modify(state, kept, 2, "permanent")
    _modify(state, ending, 3, "turn")
    twin = state.clone()
    assert durations.end_turn(twin)
    assert twin.cs[kept] is state.cs[kept]
    assert twin.cs[ending].mods == [] and state.cs[ending].mods == [("power", 3, "turn")]
    durations.end(twin, "permanent")
    assert twin.cs[kept].mods == [] and state.cs[kept].mods == [("power", 2, "permanent")]
