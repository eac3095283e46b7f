"""Selectors and filters (``docs/cards.md``): their fast paths give what the general ones give, on the toy game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.toy import DECK, RULES
from tcgkit.bots import RandomBot, View
from tcgkit.core import effects
from tcgkit.core.errors import TcgkitError
from tcgkit.core.state import GameState


def played(seed: int, decisions: int) -> GameState:
    """A toy game played on by random bots for ``decisions`` decisions (or to its end)."""
    state = RULES.new_game([DECK, DECK], seed=seed)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while state.result is None and state.decisions < decisions:
        state.apply(bots[state.current].choose(View(state, state.current)))
    return state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), decisions=st.integers(0, 40), me=st.sampled_from([0, 1]),
       zone=st.sampled_from(["deck", "hand", "field", "discard"]), top=st.booleans())
def test_one_zone_selectors_name_that_zone_of_that_player(seed: int, decisions: int, me: int, zone: str,
                                                          top: bool) -> None:
    state = played(seed, decisions)
    ctx = {"source": -1, "controller": me}
    suffix = ".top" if top else ""
    for who, p in (("you", me), ("opponent", 1 - me)):
        pile = state.zones[p][zone]
        got = effects.select(state, ctx, f"{who}.{zone}{suffix}")
        assert got == (pile[-1:] if top else pile)
        got.append(-1)  # a selector's list is the caller's own: the zone does not change
        assert -1 not in pile
    both = effects.select(state, ctx, f"each.{zone}{suffix}")
    assert both == effects.select(state, ctx, f"you.{zone}{suffix}") + effects.select(state, ctx,
                                                                                     f"opponent.{zone}{suffix}")


def test_a_selector_of_an_unknown_zone_is_an_error_naming_it() -> None:
    state = played(1, 0)
    for spec in ("you.graveyard", "opponent.graveyard.top"):
        with pytest.raises(TcgkitError, match="toy has no zone 'graveyard'"):
            effects.select(state, {"source": -1, "controller": 0}, spec)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), decisions=st.integers(0, 40), low=st.integers(-1, 6), high=st.integers(-1, 6))
def test_stat_bounds_read_literal_and_named_numbers_alike(seed: int, decisions: int, low: int, high: int) -> None:
    state = played(seed, decisions)
    ctx = {"source": -1, "controller": 0, "low": low, "high": high}
    for card in range(len(state.defs)):
        power = RULES.stat(state, card, "power")
        for bounds, named, want in (({"min": low}, {"min": "low"}, power >= low),
                                    ({"max": high}, {"max": "high"}, power <= high),
                                    ({"eq": low}, {"eq": "low"}, power == low),
                                    ({"min": low, "max": high}, {"min": "low", "max": {"sum": ["high", 0]}},
                                     low <= power <= high)):
            assert effects.matches(state, ctx, card, {"power": bounds}) is want
            assert effects.matches(state, ctx, card, {"power": named}) is want
            assert effects.matches(state, ctx, card, {"type": "unit", "power": bounds}) is (
                want and state.defs[card].type == "unit")


def test_an_unknown_filter_word_is_an_error() -> None:
    state = played(1, 0)
    with pytest.raises(TcgkitError, match="unknown filter key 'colour'"):
        effects.matches(state, {"source": -1, "controller": 0}, 0, {"colour": "red"})


def test_an_effects_use_limit_counts_per_turn_and_per_game() -> None:
    state = played(1, 0)
    limits = (("once_per_turn", True), ("L/2", True), ("once_per_game", False), ("L2", False))
    for index, (limit, again_next_turn) in enumerate(limits):
        card = 3
        uses = 1 if limit.startswith("once") else 2
        for _ in range(uses):
            assert effects.limit_ok(state, card, index, limit)
            effects.mark_used(state, card, index, limit)
        assert not effects.limit_ok(state, card, index, limit)
        state.turn += 1
        assert effects.limit_ok(state, card, index, limit) is again_next_turn
        state.turn -= 1
