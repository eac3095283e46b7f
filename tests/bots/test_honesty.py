"""Honesty: a bot's choice depends only on its player's view, never on the true hidden cards or the true RNG.

For each playable game, positions from random games are paired with a twin that differs only in what the deciding
player cannot see (every hidden zone reordered, one card swapped between the opponent's hand and deck, another RNG
state). With the same seed, each bot must choose the same action in both.
"""

from __future__ import annotations

import json

import pytest

from conftest import PLAYABLE, random_game
from tcgkit.bots import GreedyBot, MctsBot, View
from tcgkit.core.rng import Rng
from tcgkit.core.state import GameState

CUTS = (6, 25, 60)


def hidden_twin(state: GameState, viewer: int) -> GameState:
    """A copy of ``state`` that ``viewer`` cannot tell apart from it, but whose hidden cards and RNG differ."""
    twin = state.clone()
    rules = state.rules
    known = rules.known_hidden(state, viewer)  # hidden, but the viewer knows them and their place

    def unseen(c: int) -> bool:
        return not twin.visible(c, viewer) and c not in known

    for owner, zones in enumerate(twin.zones):
        for ids in zones.values():
            hidden = [i for i, c in enumerate(ids) if unseen(c)]
            cards = [ids[i] for i in hidden]
            cards.reverse()
            for i, c in zip(hidden, cards, strict=True):
                ids[i] = c
        hand, deck = zones.get(rules.HAND_ZONE), zones.get(rules.DECK_ZONE)
        if owner != viewer and hand and deck:
            hi = next((i for i, c in enumerate(hand) if unseen(c)), None)
            di = next((i for i, c in enumerate(deck) if unseen(c)), None)
            if hi is not None and di is not None:
                hand[hi], deck[di] = deck[di], hand[hi]
                twin.loc[hand[hi]] = (owner, rules.HAND_ZONE)
                twin.loc[deck[di]] = (owner, rules.DECK_ZONE)
    twin.rng = Rng(state.rng.state ^ 0x9E3779B97F4A7C15)
    twin._legal = None
    return twin


def positions(game: str) -> list[GameState]:
    """Mid-game positions of a few random games where the player to move has a real choice."""
    out = []
    for seed in (1, 2):
        for cut in CUTS:
            state = random_game(game, seed, stop_at=cut)
            if state.result is None and len(state.legal_actions()) > 1:
                out.append(state)
    return out


def _json(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("game", PLAYABLE)
def test_twins_differ_only_in_hidden_information(game: str) -> None:
    """The test's own premise: twins look the same to the player to move, yet are different states."""
    found = positions(game)
    assert found, f"{game}: no position with a choice"
    for state in found:
        me = state.current
        twin = hidden_twin(state, me)
        assert _json(twin) != _json(state)
        assert twin.observation(me) == state.observation(me)
        assert twin.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", PLAYABLE)
def test_determinize_depends_only_on_the_view(game: str) -> None:
    """``View.sample_state`` gives the very same game for twins: it keeps nothing of the true hidden cards."""
    for state in positions(game):
        me = state.current
        twin = hidden_twin(state, me)
        for salt in (1, 2):
            a = View(state, me).sample_state(Rng(salt))
            b = View(twin, me).sample_state(Rng(salt))
            assert _json(a) == _json(b)


@pytest.mark.parametrize("game", PLAYABLE)
@pytest.mark.parametrize("make", [lambda: GreedyBot(seed=7), lambda: GreedyBot(seed=7, samples=2),
                                  lambda: MctsBot(seed=7, iterations=40, max_seconds=1e9),
                                  lambda: MctsBot(seed=7, iterations=25, depth=6, rollout="random",
                                                  max_seconds=1e9)],
                         ids=["greedy", "greedy:2", "mcts", "mcts-rollouts"])
def test_same_view_same_choice(game: str, make) -> None:
    """Same seed, same view: the same choice whatever the true hidden cards and RNG are (the search bots with no
    time cap, so that a loaded machine cannot stop two searches at different iterations)."""
    for state in positions(game):
        me = state.current
        twin = hidden_twin(state, me)
        assert make().choose(View(state, me)) == make().choose(View(twin, me))
