"""TGOD games played the way the web hub plays them, without a browser: every action applied to a clone that then
replaces the state, the bot choosing on a pickled copy of a snapshot, each decision shown through ``present``.

At every decision the legal actions must be what the rules work out afresh (nothing kept from an earlier state), a
pending decision (Tide Warden's "heal which card?") must offer exactly its options, each of which the state accepts,
and the view must show the choice with those options (a choice dialog that offers "End your turn" never ends).
"""

from __future__ import annotations

import pickle
import random
from collections import Counter

from tgod_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core.actions import Action
from tcgkit.core.state import GameState
from tcgkit.core.words import present

HUMAN = 0


def afresh(state: GameState) -> list[Action]:
    """The legal actions worked out from scratch on a copy: no kept legal list, nothing in ``memo``."""
    copy = pickle.loads(pickle.dumps(state))
    copy._legal = None  # what the state keeps between calls, dropped
    copy.memo.clear()
    return copy.legal_actions()


def check_decision(state: GameState, seen: Counter) -> None:
    legal = state.legal_actions()
    assert legal == afresh(state)
    pending = state.pending
    view = present(state, state.current)
    assert [a["action"] for a in view["actions"]] == [a.to_json() for a in legal]
    if pending is None:
        assert view["choice"] is None
        return
    seen[pending.prompt] += 1
    assert pending.player == state.current and view["choice"]
    assert legal == list(pending.options) and all(a.kind != "end" for a in legal)
    for option in legal:  # each option is accepted and answers the decision
        twin = state.clone()
        twin.apply(option)
        assert twin.pending is not pending


def play_like_the_web(decks: list[str], seed: int, seen: Counter) -> None:
    """One game: the human (seat 0) uses an ability whenever it can, else clicks a random action; the bot picks at
    random on a pickled snapshot, as ``web.hub`` does in its worker pool."""
    state = RULES.new_game(decks, seed)
    clicks = random.Random(seed)
    while state.result is None:
        check_decision(state, seen)
        legal = state.legal_actions()
        if state.current == HUMAN:
            abilities = [a for a in legal if a.kind == "activate"]
            action = clicks.choice(abilities or legal)
        else:
            snapshot = pickle.loads(pickle.dumps(state.clone()))
            action = RandomBot(seed * 1_000_003 + state.decisions).choose(View(snapshot, snapshot.current))
        twin = state.clone()
        twin.apply(action)
        state = twin


def test_games_played_as_the_web_plays_them_keep_choices_answerable() -> None:  # TGOD-NRM-05, TGOD-OTH-05
    seen: Counter = Counter()
    for seed in range(4):
        play_like_the_web(["Guardian Wall", "Knight Order" if seed % 2 else "Tyrant Horde"], seed, seen)
    assert seen["heal which card?"] > 0  # Tide Warden's choice was met (the case the browser test stopped at)
