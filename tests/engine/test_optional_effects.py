"""``optional: true`` on an effect works the same in every game: its controller is asked first (a yes/no
decision), "no" leaves the game as it was, "yes" resolves the effect."""

from __future__ import annotations

import pytest

from conftest import PLAYABLE, ordinary_decision
from tcgkit.core import effects
from tcgkit.core.cards import Effect, Step


@pytest.mark.parametrize("game", PLAYABLE)
def test_an_optional_effect_asks_its_controller_first(game: str) -> None:
    state = ordinary_decision(game)
    rules = state.rules
    me = state.current
    source = state.zone(me, rules.DECK_ZONE)[0]
    draw = Effect("triggered", (Step("draw", {"count": 1}),), trigger="test", optional=True, text="draw a card")
    effects.start(state, draw, source, me)
    assert effects.run(state) is False
    assert state.current == me and {a.kind for a in state.legal_actions()} == {"yes", "no"}
    assert "draw a card" in state.pending.prompt
    hand = len(state.zone(me, rules.HAND_ZONE))
    declined = state.clone()
    declined.apply("no")
    assert len(declined.zone(me, rules.HAND_ZONE)) == hand
    state.apply("yes")
    assert len(state.zone(me, rules.HAND_ZONE)) == hand + 1


def test_a_mandatory_effect_asks_nothing() -> None:
    state = ordinary_decision("tgod")
    me = state.current
    hand = len(state.zone(me, "hand"))
    effects.start(state, Effect("triggered", (Step("draw", {"count": 1}),), trigger="test"), -1, me)
    assert effects.run(state) is True
    assert len(state.zone(me, "hand")) == hand + 1
