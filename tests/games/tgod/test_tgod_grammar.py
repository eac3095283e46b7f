"""TGOD card text is the program: the grammar (games/tgod/grammar.py) reads the shipped abilities into the effects
written by hand, and a designer's card written only in words plays (TGOD-OTH-03: the ability in parentheses runs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.tgod.tgod_helpers import RULES, card, do, position

from tcgkit.core.folders import use_folders
from tcgkit.core.fromtext import measure
from tcgkit.games.tgod.grammar import compile_ability, compile_entry

#: The shipped cards whose ability the grammar reads into their hand-written effects (measured: 25 of 25).
READ_AS_WRITTEN = 25


def test_TGOD_OTH_03_the_grammar_reads_every_shipped_ability_as_written() -> None:
    same, other = measure(RULES.card_files(), compile_entry)
    assert not other, other
    assert len(same) >= READ_AS_WRITTEN


DESIGNER = """cards:
  - name: Thunder Drake
    number: X-100
    type: creature
    attribute: tyrant
    rarity: Rare
    attack: 30
    stars: 3
    hp: 60
    text: "A drake that rides the storm. (When this attacks, deal 20 damage to the opposing Base Armor.)"
    effects: from_text
  - name: Mumbling Imp
    number: X-101
    type: creature
    attribute: tyrant
    rarity: Common
    attack: 10
    stars: 2
    hp: 30
    text: "It never stops talking. (When this attacks, sing a song.)"
    effects: from_text
"""


@pytest.fixture
def designer(tmp_path: Path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "drakes.yaml").write_text(DESIGNER, encoding="utf-8")
    use_folders([tmp_path])
    yield tmp_path
    use_folders([])


def test_TGOD_OTH_03_a_card_written_only_in_words_plays_its_ability(designer: Path) -> None:
    state = position({"main": ["Thunder Drake"]}, {"main": ["Squire of Dawn"]})
    base = card(state, 1, "Dark Keep")
    assert RULES.hp_left(state, base) == 190
    do(state, "attack", card(state, 0, "Thunder Drake"), card(state, 1, "Squire of Dawn"))
    assert RULES.hp_left(state, base) == 170  # the drake's printed words, read by the grammar
    assert state.defs[card(state, 0, "Thunder Drake")].fields["unread"] == ()


def test_unread_text_is_reported_and_the_card_kept_partly_executable(designer: Path) -> None:
    imp = RULES.pool().get("Mumbling Imp")
    assert imp.effects == ()
    assert imp.fields["unread"] == (f"{designer / 'cards' / 'drakes.yaml'}: card Mumbling Imp: cannot read "
                                    "'When this attacks, sing a song.'",)
    lines = RULES.explain_card("Mumbling Imp")
    reported = f"{designer / 'cards' / 'drakes.yaml'}: card Mumbling Imp: cannot read"
    assert any(p.startswith(reported) for p in RULES.problems())
    assert "played from its text, PARTLY: 1 phrase(s) not read" in lines
    assert any(line.startswith("NOT READ") and "sing a song" in line for line in lines)


def test_explain_says_how_the_text_was_read(designer: Path) -> None:
    lines = RULES.explain_card("Thunder Drake")
    assert lines[:3] == ["Thunder Drake (creature)", "text: When this attacks, deal 20 damage to the opposing "
                         "Base Armor.", "played from its text, every phrase read"]
    assert "  deal 20 damage to the opposing Base Armor" in lines
    assert "effects written by hand in the card file" in RULES.explain_card("Night Reaver")


#: Abilities a designer might write in TGOD's wording, not copied from a shipped card: all read.
NEW_WORDING = ["Your Main Creature gets +10 D until the end of the turn.", "When this attacks, draw 1 card.",
               "When played, deal 30 damage to the opposing Base Armor.", "Once per turn: heal 20 HP of your Main "
               "Creature.", "When this is destroyed, heal 20 HP of your Base Armor.", "+5 D when attacking.",
               "Draw 2 cards.", "Your Creatures get +10 A.", "The equipped card gets +10 A.", "Opposing Creatures get "
               "-5 D.", "When this attacks, your Main Creature gets +10 A until the end of the turn.",
               "Once per turn, also as a Backup Creature: draw 1 card."]


@pytest.mark.parametrize("ability", NEW_WORDING)
def test_new_abilities_in_the_cards_wording_are_read(ability: str) -> None:
    effects, unread = compile_ability(ability, "creature", "New", "new.yaml")
    assert effects and not unread
