"""Whole Phaktionz games: random bots over every deck pairing, determinism, and the evaluation for bots."""

from __future__ import annotations

import itertools

import pytest
from phk_helpers import RULES, position

from tcgkit.bots import RandomBot, View
from tcgkit.core.state import GameState

DECKS = list(RULES.decks().values())
PAIRS = list(itertools.product(DECKS, repeat=2))


def play(seed: int, pair: tuple) -> GameState:
    state = RULES.new_game(list(pair), seed=seed)
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    while state.result is None:
        state.apply(bots[state.current].choose(View(state, state.current)))
    return state


@pytest.mark.slow
def test_thousand_random_games_over_all_pairings() -> None:
    """1,000 random-bot games with distinct seeds over every pairing of the shipped decks: each ends with a
    result and no error (a deck-out win, PHK-WIN-01, or a draw with its reason)."""
    assert {d.name for d in DECKS} >= {"Lulo United", "Lyla", "Zane Basic", "Zane WP"}
    for seed in range(1000):
        state = play(seed, PAIRS[seed % len(PAIRS)])
        assert state.result is not None and state.result.reason


def test_same_seed_same_game() -> None:
    """Same seed, same decks, same bots: the same events."""
    a, b = play(7, PAIRS[1]), play(7, PAIRS[1])
    assert a.log == b.log and a.result == b.result


def test_clone_mid_game_plays_on_alike() -> None:
    """A clone taken mid-game plays on exactly like the original."""
    state = RULES.new_game(list(PAIRS[3]), seed=11)
    bots = (RandomBot(1), RandomBot(2))
    for _ in range(40):
        if state.result is None:
            state.apply(bots[state.current].choose(View(state, state.current)))
    twin = state.clone()
    for s in (state, twin):
        bots = (RandomBot(5), RandomBot(6))
        while s.result is None:
            s.apply(bots[s.current].choose(View(s, s.current)))
    assert state.log == twin.log


def test_evaluate_prefers_the_bigger_deck_and_board() -> None:
    """evaluate(state, player): more cards left in deck and more DMG on the battlefield score higher; it is
    antisymmetric and in [-1, 1]; a won game scores 1. Equal decks lean a little to the active player, who has
    drawn this turn while the other is next to draw (PHK-TURN-01, PHK-WIN-01)."""
    even = position({}, {})
    ahead = position({"deck": ["30 Haka Goblin"]}, {"deck": ["10 Haka Goblin"]})
    board = position({"field": ["Waroko Loko, King Giant"]}, {})
    ev = RULES.evaluate
    assert 0 < ev(even, 0) < 0.1 and ev(even, 1) == pytest.approx(-ev(even, 0))
    assert ev(ahead, 0) > 0.3 and ev(ahead, 1) == pytest.approx(-ev(ahead, 0))
    assert ev(board, 0) > 0 > ev(board, 1)
    assert -1 <= ev(ahead, 1) <= 1
    ahead.end(0, "test")
    assert ev(ahead, 0) == 1.0 and ev(ahead, 1) == -1.0



def test_evaluate_sees_a_tech_facing_an_empty_column() -> None:
    """A Tech battles directly when no opposing Summon stands in its column (PHK-SUM-06), so its DMG comes off the
    opponent's deck every turn: the same boards score higher for its owner when the opposing Summon stands in
    another column than when it blocks the Tech's column."""
    blocked = position({"field": ["Waka Goblin"]}, {"field": ["Haka Goblin"]},
                       cards0=[{"name": "Waka Goblin", "counters": {"col": 1}}],
                       cards1=[{"name": "Haka Goblin", "counters": {"col": 1}}])
    open_column = position({"field": ["Waka Goblin"]}, {"field": ["Haka Goblin"]},
                           cards0=[{"name": "Waka Goblin", "counters": {"col": 1}}],
                           cards1=[{"name": "Haka Goblin", "counters": {"col": 2}}])
    assert RULES.evaluate(open_column, 0) > RULES.evaluate(blocked, 0)


def test_evaluate_discounts_plague_summons_and_stuck_hands() -> None:
    """A Summon with a Plague counter is exiled after two End Phases (Plague ruling), so it counts less to its owner;
    a Tier 2 Summon in hand with no Tiers to demote for it (PHK-MECH-02) counts less than a Tier 1 that can be
    placed at once."""
    clean = position({}, {"field": ["Kanko Loko, Prince Giant"]})
    plagued = position({}, {"field": ["Kanko Loko, Prince Giant"]},
                       cards1=[{"name": "Kanko Loko, Prince Giant", "status": {"plague": 2}}])
    assert RULES.evaluate(plagued, 0) > RULES.evaluate(clean, 0)
    stuck = position({"hand": ["Kanko Loko, Prince Giant"]}, {})
    playable = position({"hand": ["Haka Goblin"]}, {})
    assert RULES.evaluate(playable, 0) > RULES.evaluate(stuck, 0)

def test_observation_shows_columns_and_hides_hands() -> None:
    """Observations carry the column count and the open response window; an opponent's hand is a count."""
    state = position({"hand": ["United Assault"], "field": ["Haka Goblin"]}, {"hand": ["The Invocated Dwarf"]})
    state.apply(state.parse_action('cast "United Assault"'))
    obs = state.observation(0)
    assert obs["columns"] == 5 and obs["window"]["kind"] == "invocation"
    assert obs["players"][1]["zones"]["hand"] == {"count": 1}
    assert "The Invocated Dwarf" not in str(obs)


def test_clone_inside_a_branch_keeps_the_shared_context() -> None:
    """A clone taken while a choice inside an ``if`` branch is pending resolves like the original (the branch and
    its effect share one context: Forbidden Lands binds ``mode`` in a branch and reads it in the next step)."""
    state = position({"realm": ["Forbidden Lands"], "field": ["Haka Goblin"]},
                     {"field": ["Waka Goblin", "The Enchanted Deer"]},
                     cards0=[{"name": "Forbidden Lands", "counters": {"counter": 3}}],
                     cards1=[{"name": "Waka Goblin", "status": {"plague": 2}}])
    state.apply(state.parse_action('activate "Forbidden Lands" 2'))
    assert state.pending is not None and state.legal_actions()[0].kind == "option"
    twin = state.clone()
    for s in (state, twin):
        s.apply(s.parse_action("option 2"))
        assert s.result is None and "Waka Goblin" in [s.defs[c].name for c in s.zone(1, "exile")]
    assert state.to_json() == twin.to_json()
