"""The eighth speed pass's kept facts equal what they replace: the card index kept for a game's list of the same
definitions as an earlier game's (``cardindex._BY_LIST``) is that list's index, and a list with another definition
object gets its own; the event data shared between events (``board.data1/2/3``) equals the tuples it replaces; the
turn's flow as module functions plays the same game as the ruleset's methods."""

from __future__ import annotations

import dataclasses

from gr_helpers import RULES
from test_gr_seventh_pass import _from_scratch

from tcgkit.core.cards import CardList
from tcgkit.games.guardian_realms import board, cardindex
from tcgkit.games.guardian_realms import rules as gr_rules


def test_a_new_game_of_the_same_decks_keeps_the_first_games_index_gr_def_03() -> None:
    """GR-DEF-03, GR-SP-03: a second game of the same decks gets the index of the first (the same definitions),
    equal to the index worked out card by card; a list holding another object for one card gets its own."""
    decks = list(RULES.decks())[:2]
    first = RULES.new_game(decks, seed=1)
    second = RULES.new_game(decks, seed=2)
    assert second.defs is not first.defs
    index = cardindex.state_index(first)
    assert cardindex.state_index(second) is index
    assert index == _from_scratch(second.defs)
    d = second.defs[0]
    other = CardList([dataclasses.replace(d, stats={**d.stats, "hp": d.stats.get("hp", 0) + 9}), *second.defs[1:]])
    own = cardindex.card_index(other)
    assert own is not index and own == _from_scratch(other)


def test_shared_event_data_equals_the_tuples_it_replaces_gr_turn_06() -> None:
    """GR-TURN-06/07, GR-BASE-04: the data of an event (the empty-deck penalty's, a Base's damage) is the plain tuple
    of its values, one object for equal values."""
    assert board.data1("lane2") == ("lane2",) and board.data1(3) is board.data1(3)
    assert board.data2(4, 8) == (4, 8) and board.data2("dz", 2) is board.data2("dz", 2)
    assert board.data3(1, 16, 34) == (1, 16, 34) and board.data3(1, 16, 34) is board.data3(1, 16, 34)
    state = RULES.new_game(list(RULES.decks())[:2], seed=3)
    for ev in state.log:
        assert type(ev.data) is tuple


def test_the_turns_flow_functions_play_the_rulesets_game_gr_turn_04() -> None:
    """GR-TURN-04, GR-DZ-01, GR-SP-02: ending a turn through the ruleset's method and through the module function
    gives the same game (the method is the function's wrapper)."""
    decks = list(RULES.decks())[:2]
    a = RULES.new_game(decks, seed=4)
    b = RULES.new_game(decks, seed=4)
    for s in (a, b):
        while s.phase == "mulligan":
            s.apply("keep")
    a.phase = b.phase = "ending"
    a.rules.end_turn(a)
    gr_rules.end_turn(b)
    assert a.log == b.log and a.res == b.res and a.turn == b.turn and a.current == b.current
