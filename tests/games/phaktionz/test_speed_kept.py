"""Facts the Phaktionz rules keep to save work answer exactly as the work they save: at every decision of seeded
random games, and in clones played on from them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from phk_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core.state import GameState
from tcgkit.games.phaktionz import conditions, verbs
from tcgkit.games.phaktionz import rules as rules_module

DECKS = list(RULES.decks().values())


def _steps(seq: Any) -> Iterator[Any]:
    """Every step of ``seq``, and of the blocks inside it."""
    for step in seq or ():
        yield step
        for key in ("then", "else", "steps"):
            sub = step.params.get(key)
            if isinstance(sub, tuple):
                yield from _steps(sub)


def _search_filters() -> list[Any]:
    """The filters of every deck search the pool prints, and filters of each key a search may read."""
    out: list[Any] = [step.params.get("filter") or {} for d in RULES.pool() for eff in d.effects
                      for step in _steps((*eff.steps, *eff.cost)) if step.verb == "search_deck"]
    return out + [{}, {"type": "invocation", "not_tag": "united"}, {"tier": {"eq": 1}}, {"dmg": {"min": 2}},
                  {"other": True}, {"status": "plague"}, {"tier": {"max": 2}, "tag": "united"}]


def _decisions(games: int, clone_every: int = 9) -> Iterator[GameState]:
    """Every position of seeded random games, and of a clone taken every ``clone_every`` decisions and played on
    with other bots (its own future, sharing the original's records until either changes them)."""
    for seed in range(games):
        state = RULES.new_game([DECKS[seed % len(DECKS)], DECKS[(seed + 1) % len(DECKS)]], seed=seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while state.result is None:
            yield state
            if state.decisions % clone_every == 4:
                twin = state.clone()
                others = (RandomBot(seed + 101), RandomBot(seed + 102))
                for _ in range(12):
                    if twin.result is not None:
                        break
                    twin.apply(others[twin.current].choose(View(twin, twin.current)))
                    yield twin
            state.apply(bots[state.current].choose(View(state, state.current)))


@pytest.mark.slow
def test_deck_searches_read_kept_names_as_the_filter_passes() -> None:
    """PHK-TERM-05 (a search of the deck): the names a filter of printed facts passes, kept per card list
    (``conditions.passing_names``), are those the filter passes card by card for every card off the battlefield, and
    the search offers the same names as testing each card of the deck."""
    filters = _search_filters()
    kept = [(flt, conditions.passing_names(RULES.new_game(DECKS[:2], seed=0), flt)) for flt in filters]
    assert sum(names is not None for _, names in kept) >= 4
    assert sum(names is None for _, names in kept) >= 3  # (filters reading more than printed facts: tested per card)
    seen = 0
    for state in _decisions(4):
        for p in (0, 1):
            ctx = {"source": state.zones[p]["field"][0] if state.zones[p]["field"] else -1, "controller": p}
            for flt in filters:
                names = conditions.passing_names(state, flt)
                test = conditions.card_test(flt)
                if names is not None:
                    for c, (_, zone) in enumerate(state.loc):
                        if zone != "field":
                            assert names[c] == (state.defs[c].name if test(state, ctx, c) else None), (flt, c)
                deck = state.zones[p]["deck"]
                slow = sorted({state.defs[c].name for c in deck if test(state, ctx, c)})
                assert verbs._passed(state, ctx, deck, flt, test) == slow
                seen += 1
    assert seen > 1000


def test_kept_names_are_a_fact_of_the_card_list() -> None:
    """One filter's names are worked out once per card list: a clone shares them; another game's list has its own."""
    state = RULES.new_game(DECKS[:2], seed=3)
    flt = {"type": "summon", "tier": {"min": 3, "max": 3}}
    names = conditions.passing_names(state, flt)
    assert conditions.passing_names(state.clone(), flt) is names
    assert conditions.passing_names(state, dict(flt)) == names  # an equal filter: its own entry, the same names
    assert names == tuple(d.name if d.type == "summon" and d.stats.get("tier") == 3 else None for d in state.defs)


def _evaluate_from_scratch(state: GameState, player: int) -> float:
    """``evaluate`` as it was before its battlefield terms were remembered (every term worked out anew)."""
    mine, theirs = state.zones[player], state.zones[1 - player]
    bonus = RULES.field_auras(state)
    my_side, their_side = RULES._sides(state, mine["field"], bonus), RULES._sides(state, theirs["field"], bonus)
    now = state.phase in ("main", "combat")
    me_now, they_now = now and state.active == player, now and state.active != player
    deck = len(mine["deck"]) - len(theirs["deck"]) + (0.5 if state.active == player else -0.5)
    score = (deck + rules_module._threat(my_side, their_side, me_now)
             - rules_module._threat(their_side, my_side, they_now)
             + rules_module._board(my_side) - rules_module._board(their_side) + RULES._hand(state, mine, my_side)
             - RULES._hand(state, theirs, their_side))
    low = min(len(mine["deck"]), len(theirs["deck"])) + 1
    x = score / (rules_module.SCALE + low / 3)
    return 0.99 * x / (1 + abs(x))


@pytest.mark.slow
def test_remembered_battlefield_terms_evaluate_as_worked_out_anew() -> None:
    """The evaluation's battlefield terms remembered by value (``field_worth``) give the evaluation worked out anew,
    to the last bit, for both players of every position (clones included); the memory stays bounded."""
    rules_module.field_worth.cache_clear()
    seen = 0
    for state in _decisions(5):
        if state.result is None:
            for p in (0, 1):
                assert RULES.evaluate(state, p) == _evaluate_from_scratch(state, p)
                seen += 1
    info = rules_module.field_worth.cache_info()
    assert seen > 2000 and info.hits > 0 and info.currsize <= info.maxsize


def _in_play_by_zones(state: GameState, cards: frozenset[int], player: int | None) -> bool:
    """Whether one of ``cards`` is in a play zone (of ``player``, when given), read from the zones themselves."""
    return any(c in state.zones[p][z] for p in ((0, 1) if player is None else (player,))
               for z in ("field", "realm", "attached") for c in cards)


@pytest.mark.slow
def test_cards_in_play_read_from_where_they_are_as_from_the_zones() -> None:
    """``any_in_play`` (static keys PHK-MECH-04, auras, triggers: the card index's sets) reads where each of a few
    cards is (``state.loc``) and the zones for more: both answer as the zones do, for every set of the index, for
    either player or both, over positions of seeded games and their clones."""
    from tcgkit.games.phaktionz.cardindex import any_in_play, card_index

    seen = few = 0
    for state in _decisions(4, clone_every=13):
        index = card_index(state)
        sets = [*index.statics.values(), index.auras, *index.listeners.values(), index.activators,
                frozenset(range(len(state.defs)))]
        for cards in sets:
            few += len(cards) <= 4
            for player in (None, 0, 1):
                assert any_in_play(state, cards, player) == _in_play_by_zones(state, cards, player)
                seen += 1
    assert seen > 10000 and few > 1000
