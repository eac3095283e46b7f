"""The core's shared action tables: each action built once, equal to the action built by hand, safe to pickle."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from tcgkit.core.actions import Action, ActionTable

cards = st.integers(min_value=0, max_value=10_000)
words = st.text(min_size=1, max_size=8)


@given(cards, st.tuples() | st.tuples(words))
def test_a_table_gives_the_action_built_by_hand_and_the_same_object_every_time(card: int, suffix: tuple) -> None:
    table = ActionTable("play", suffix)
    action = table[card]
    assert action == Action("play", (card, *suffix))
    assert type(action) is Action and action.text() == Action("play", (card, *suffix)).text()
    assert table[card] is action


@given(cards, cards | words)
def test_a_row_gives_the_pair_action_and_a_tuple_key_gives_the_same_value(first: int, second: int | str) -> None:
    table = ActionTable("attack")
    action = table.row(first)[second]
    assert action == Action("attack", (first, second)) == table[(first, second)]
    assert table.row(first) is table.row(first) and table.row(first)[second] is action
    assert hash(action) == hash(Action("attack", (first, second)))


def test_tables_and_their_actions_pickle_to_equal_values() -> None:
    table = ActionTable("equip")
    played = [table[3], table.row(3)[4]]
    again = pickle.loads(pickle.dumps((table, played)))
    assert again[1] == played and all(type(a) is Action for a in again[1])
    assert again[0].kind == "equip" and again[0][(3, 4)] == Action("equip", (3, 4))
    assert again[0].row(3)[4] == played[1]
