"""The fourth speed pass of the Phaktionz rules: the quick look for bots (``surely_has_choice``) never claims a choice
that is not there, and finds the plain ones, at every decision of seeded games with the shipped decks and with
decks drawn from the whole card pool."""

from __future__ import annotations

from collections import Counter

import pytest
from phk_helpers import RULES, position

from conftest import pool_decks
from tcgkit.bots import RandomBot, View
from tcgkit.core.state import GameState

DECKS = list(RULES.decks().values())


def _played(seed: int, pool: bool) -> list[GameState]:
    """A copy of every decision's state of one seeded random-bot game (shipped decks, or decks from the pool)."""
    decks = list(pool_decks("phaktionz")(seed)) if pool else [DECKS[seed % len(DECKS)], DECKS[(seed + 1) % len(DECKS)]]
    state = RULES.new_game(decks, seed=seed)
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    out = []
    while state.result is None:
        out.append(state.clone())
        state.apply(bots[state.current].choose(View(state, state.current)))
    return out


@pytest.mark.parametrize("pool", [False, True])
def test_a_sure_choice_is_always_a_choice(pool: bool) -> None:
    """``surely_has_choice`` is True only where two legal actions or more are listed (PHK-TURN-02..04: ``next`` and a
    play in the Main, Combat and Final Phases; PHK-INV-03: ``pass`` and a Counter in a window; PHK-MECH-03: ``mull``
    and ``keep``), and it says so at most decisions that plainly hold a choice."""
    said = Counter()
    for seed in range(10):
        for state in _played(seed, pool):
            if state.pending is not None:
                continue
            state._legal = None  # as a bot's copy meets it: nothing listed yet
            sure = RULES.surely_has_choice(state)
            legal = state.legal_actions()
            assert not sure or len(legal) >= 2, (seed, state.decisions, legal)
            said[sure, len(legal) >= 2] += 1
    assert said[True, True] > said[False, True]  # the glance finds most choices


def test_no_sure_battle_when_no_target() -> None:
    """PHK-SUM-04: a Striker facing an empty battlefield battles no one: in the Combat Phase with nothing in hand,
    ``next`` is the only action and the glance does not claim a choice."""
    state = position({"field": ["Haka Goblin"]}, phase="combat")
    assert [a.kind for a in state.legal_actions()] == ["next"]
    assert not RULES.surely_has_choice(state)


def test_sure_battle_of_a_tech_facing_an_empty_column() -> None:
    """PHK-SUM-06: a Tech with no opposing Summon in its column battles the opponent directly: a sure choice."""
    state = position({"field": ["Waka Goblin"]}, {"field": ["Haka Goblin"]}, phase="combat")
    state.card_state(state.zones[1]["field"][0]).counters["col"] = 2  # not the Tech's column (1)
    assert RULES.surely_has_choice(state)
    assert sorted(a.kind for a in state.legal_actions()) == ["battle", "next"]
    state.card_state(state.zones[1]["field"][0]).counters["col"] = 1
    state.card_state(state.zones[0]["field"][0]).tapped = True  # it has battled: no battle left
    state._legal = None
    assert not RULES.surely_has_choice(state)
    assert [a.kind for a in state.legal_actions()] == ["next"]
