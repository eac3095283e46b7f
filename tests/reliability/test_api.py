"""The decision API takes only real actions, and clones share no mutable data (issue 22, item 5)."""

from __future__ import annotations

import json

import pytest

from conftest import PLAYABLE, random_game
from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction


@pytest.mark.parametrize("game", PLAYABLE)
@pytest.mark.parametrize("cut", [0, 40, 120])
def test_plain_tuple_equal_to_a_legal_action_is_refused_and_nothing_recorded(game: str, cut: int) -> None:
    """A tuple that compares equal to a legal action is not an action: refused, the state exactly as it was."""
    state = random_game(game, 3, stop_at=cut)
    if state.result is not None:
        pytest.skip("the game ended before the cut")
    before = json.dumps(state.to_json(), sort_keys=True)
    history = list(state.history)
    for legal in state.legal_actions()[:5]:
        forged = tuple(legal)
        assert forged == legal  # equal, which is why a membership test alone let it through
        with pytest.raises(IllegalAction, match="not an action"):
            state.apply(forged)  # type: ignore[arg-type]
        assert json.dumps(state.to_json(), sort_keys=True) == before
        assert state.history == history
    for other in (None, 3, ["pass", ()], {"kind": "pass"}):
        with pytest.raises(IllegalAction, match="not an action"):
            state.apply(other)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before
    state.apply(state.legal_actions()[0])  # a real action still plays, and the state still serializes
    json.dumps(state.to_json())


@pytest.mark.parametrize("game", PLAYABLE)
def test_text_actions_still_play(game: str) -> None:
    state = random_game(game, 5, stop_at=10)
    if state.result is not None:
        pytest.skip("the game ended before the cut")
    action = state.legal_actions()[0]
    state.apply(action.text())
    assert state.history[-1] == action and type(state.history[-1]) is Action


@pytest.mark.parametrize("game", PLAYABLE)
def test_no_state_can_change_the_options_another_plays_by(game: str) -> None:
    """A clone shares its original's options only because they cannot change: every way to change them is refused,
    in the clone and in the original, and both keep the options the game started with."""
    state = random_game(game, 1, stop_at=20)
    before = dict(state.options)
    twin = state.clone()
    assert twin.options == state.options
    for s in (twin, state):
        for change in (lambda o: o.__setitem__("turn_cap", 1), lambda o: o.update(turn_cap=1),
                       lambda o: o.pop("turn_cap"), lambda o: o.setdefault("new option", True), lambda o: o.clear(),
                       lambda o: o.popitem(), lambda o: o.__delitem__("turn_cap")):
            with pytest.raises(TypeError, match="options are fixed"):
                change(s.options)
    assert dict(state.options) == dict(twin.options) == before
    changed = state.options.copy()  # a plain dict, to start another game with other options
    changed["turn_cap"] = 1
    assert state.options["turn_cap"] == before["turn_cap"]


def test_options_survive_pickling_and_deepcopy() -> None:
    import copy
    import pickle

    state = random_game("tgod", 2, stop_at=5)
    for again in (pickle.loads(pickle.dumps(state.options)), copy.deepcopy(state.options)):
        assert again == state.options and type(again) is type(state.options)
