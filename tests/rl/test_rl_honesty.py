"""Honesty through the environments: for a fixed seed, the tensor, mask, action features and strings a player gets
are identical across states that differ only in what that player cannot see. Two kinds of twins: the bots' honesty
test's (every hidden zone reordered, a card swapped between the opponent's hand and deck, another RNG state), and the
engine's ``determinize`` (every hidden card re-dealt, the RNG reseeded). Twins that looked different would mean a
leak.

Known exception: during TGC's mulligan the number of swaps a player has made is read off face-down markers on cards
in the (hidden) deck, and ``determinize`` drops markers in hidden zones, so a determinized twin forgets the player's
own swap count (an engine issue, not a leak: the count is the player's own knowledge). Those positions use the first
kind of twin only.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from conftest import PLAYABLE, random_game
from tcgkit.core.rng import Rng
from tcgkit.core.state import GameState

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from tcgkit.rl import Encoding  # noqa: E402
from tcgkit.rl import openspiel as tos  # noqa: E402
from tcgkit.rl import pettingzoo as tpz  # noqa: E402

CUTS = (4, 20, 50, 90)


def _load_hidden_twin():
    """The bots' honesty test's twin maker (loaded from its file: the tests folders are not packages)."""
    path = Path(__file__).resolve().parents[1] / "bots" / "test_honesty.py"
    spec = importlib.util.spec_from_file_location("_bots_honesty_twins", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.hidden_twin


hidden_twin = _load_hidden_twin()


def twins(game: str):
    """(state, viewer, twin) triples: mid-game positions, for both players, with twins hiding other cards."""
    for seed in (1, 2):
        for cut in CUTS:
            state = random_game(game, seed, stop_at=cut)
            if state.result is not None:
                continue
            for viewer in (0, 1):
                yield state, viewer, hidden_twin(state, viewer)
                if game == "tgc" and state.phase == "mulligan":
                    continue
                for salt in (1, 2):
                    twin = state.clone()
                    twin.determinize(viewer, Rng(salt * 7919 + cut))
                    yield state, viewer, twin


def _json(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("game", PLAYABLE)
def test_tensor_mask_and_action_features_see_nothing_hidden(game: str) -> None:
    enc = Encoding.of(game)
    differ = 0
    for state, viewer, twin in twins(game):
        differ += _json(state) != _json(twin)
        assert twin.observation(viewer) == state.observation(viewer)  # the premise: the same view
        assert np.array_equal(enc.observe(state, viewer), enc.observe(twin, viewer))
        if viewer == state.current:
            mask_a, acts_a = enc.legal(state)
            mask_b, acts_b = enc.legal(twin)
            assert np.array_equal(mask_a, mask_b) and acts_a == acts_b
            assert np.array_equal(enc.action_features(state, acts_a), enc.action_features(twin, acts_b))
    assert differ > 0, "no twin differed from its state: the test would prove nothing"


@pytest.mark.parametrize("game", PLAYABLE)
def test_pettingzoo_observation_sees_nothing_hidden(game: str) -> None:
    env_a, env_b = tpz.env(game), tpz.env(game)
    env_a.reset()
    env_b.reset()
    for state, viewer, twin in twins(game):
        for env, s in ((env_a, state), (env_b, twin)):
            env.state = s
            if viewer == state.current:  # a twin for the other player re-deals this one's cards: not its decision
                env._legal()
        a, b = env_a.observe(tpz.AGENTS[viewer]), env_b.observe(tpz.AGENTS[viewer])
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])


@pytest.mark.parametrize("game", PLAYABLE)
def test_openspiel_tensors_and_strings_see_nothing_hidden(game: str) -> None:
    g = pyspiel.load_game(tos.short_name(game))
    a, b = g.new_initial_state(), g.new_initial_state()
    for state, viewer, twin in twins(game):
        a.held.state, b.held.state = state, twin
        assert a.observation_tensor(viewer) == b.observation_tensor(viewer)
        assert a.information_state_tensor(viewer) == b.information_state_tensor(viewer)
        assert a.observation_string(viewer) == b.observation_string(viewer)
        assert a.information_state_string(viewer) == b.information_state_string(viewer)
        if viewer == state.current:
            assert a.legal_actions() == b.legal_actions()
            assert [a.action_to_string(viewer, x) for x in a.legal_actions()] == \
                [b.action_to_string(viewer, x) for x in b.legal_actions()]
