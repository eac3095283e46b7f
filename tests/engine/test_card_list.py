"""The card list a game keeps (``state.defs``): facts worked out once, shared by clones, never pickled, and a token
makes a new list whose facts are its own."""

from __future__ import annotations

import pickle

import pytest

from tcgkit.core.cards import CardList, trigger_listeners
from tcgkit.games import get_rules, playable_games


def _new_game(game: str):
    rules = get_rules(game)
    return rules.new_game(list(rules.decks().values())[:2], seed=5)


@pytest.mark.parametrize("game", playable_games())
def test_trigger_listeners_are_the_cards_listening_by_kind_and_shared_by_clones(game: str) -> None:
    state = _new_game(game)
    listeners = trigger_listeners(state.defs)
    kinds = {kind for d in state.defs for kind in d.triggers}
    assert set(listeners) == kinds
    for kind in kinds:
        assert listeners[kind] == {c for c, d in enumerate(state.defs) if kind in d.triggers}
    twin = state.clone()
    assert twin.defs is state.defs and trigger_listeners(twin.defs) is listeners


def test_a_token_makes_a_new_list_with_its_own_facts_and_the_old_one_keeps_its_own() -> None:
    state = _new_game("tgc")
    before = trigger_listeners(state.defs)
    listening = next(d for d in state.defs if d.triggers)
    twin = state.clone()
    token = twin.add_instance(listening, 0)
    assert isinstance(twin.defs, CardList) and twin.defs.base is state.defs and state.defs.base is None
    assert all(token in trigger_listeners(twin.defs)[kind] for kind in listening.triggers)
    assert trigger_listeners(state.defs) is before and all(token not in ids for ids in before.values())
    assert len(state.defs) == token and twin.defs[token] is listening


def test_facts_are_not_pickled_and_a_copy_works_them_out_again() -> None:
    state = _new_game("phaktionz")
    trigger_listeners(state.defs)
    assert state.defs.facts
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy.defs) is CardList and copy.defs.facts == {} and list(copy.defs) == list(state.defs)
    assert trigger_listeners(copy.defs) == trigger_listeners(state.defs)


def test_a_fact_is_built_once_even_when_it_is_empty() -> None:
    defs = CardList()
    built = []
    assert defs.fact("empty", lambda ds: built.append(1) or ()) == ()
    assert defs.fact("empty", lambda ds: built.append(1) or ()) == () and built == [1]
