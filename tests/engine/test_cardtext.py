"""The shared phrase library (core/cardtext.py): the common pieces, a game's phrases, unread text reported."""

from __future__ import annotations

import pytest

from tcgkit.core.cardtext import Phrasebook, UnreadText, default_split, explain_steps


def _book() -> Phrasebook:
    book = Phrasebook("test")
    book.phrase("draw", '"draw"i n_cards', lambda n: {"effects": [{"draw": {"count": n}}]})
    book.phrase("buff", 'stat_change "to"i (friendly_creature | enemy_creature) duration',
                lambda st, who, until: {"effects": [{"buff": {"by": st, "who": who["who"], "until": until}}]})
    book.phrase("gain_kw", '"gain the"i KW "keyword"i', lambda kw: {"keywords": [str(kw)]})
    book.rule("KW", "/[A-Z][a-z]+/")
    book.start("sentence: draw | buff | gain_kw")
    return book


@pytest.mark.parametrize(("text", "count"), [("Draw a card", 1), ("draw 3 cards", 3), ("Draw two cards.", 2),
                                             ("DRAW ONE CARD", 1)])
def test_numbers_and_n_cards(text: str, count: int) -> None:
    assert _book().read(text, "c", "f").parts["effects"] == [{"draw": {"count": count}}]


@pytest.mark.parametrize(("text", "expected"), [
    ("+2/+1 to a friendly creature this turn", ((2, 1), "you", "turn")),
    ("-1/-1 to an opposing creature until the end of the turn", ((-1, -1), "opponent", "turn")),
    ("0/+2 to an enemy creature until the start of your next turn", ((0, 2), "opponent", "next_turn")),
    ("+1/0 to a creature you control until the end of this turn", ((1, 0), "you", "turn")),
])
def test_selectors_durations_and_stat_changes(text: str, expected: tuple) -> None:
    step = _book().read(text, "c", "f").parts["effects"][0]["buff"]
    assert (step["by"], step["who"], step["until"]) == expected


def test_a_game_phrase_with_its_own_terminal_and_output_key() -> None:
    assert _book().read("Gain the Taunt keyword.", "c", "f").parts == {"keywords": ["Taunt"]}


def test_unread_text_is_reported_with_card_and_file_and_the_rest_is_read() -> None:
    r = _book().read("Draw a card. Juggle three torches. Draw two cards.", "Jester", "set.json")
    assert not r.fully
    assert r.unread == [UnreadText("Juggle three torches.", "Jester", "set.json")]
    assert str(r.unread[0]) == "set.json: card Jester: cannot read 'Juggle three torches.'"
    assert r.parts["effects"] == [{"draw": {"count": 1}}, {"draw": {"count": 2}}]
    assert r.read == ["Draw a card.", "Draw two cards."]


def test_empty_text_reads_fully_as_nothing() -> None:
    r = _book().read("  ", "c", "f")
    assert r.fully and r.parts == {}


def test_split_keeps_parentheses_together() -> None:
    assert default_split("A (b. c). D.") == ["A (b. c).", "D."]


def test_explain_steps_in_words() -> None:
    lines = explain_steps([{"draw": {"count": 2}}, {"damage": {"target": "opponent", "amount": 3}}])
    assert lines == ["draw 2 card(s)", "deal 3 damage to the opponent"]
