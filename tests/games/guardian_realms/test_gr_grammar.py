"""Guardian Realms card text is the program: the grammar (games/guardian_realms/grammar.py) reads the shipped card
texts into their hand-written effects and printed fields, and a designer's card written only in words plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from gr_helpers import RULES, card, do, hp, position, status

from tcgkit.core.folders import use_folders
from tcgkit.core.fromtext import measure
from tcgkit.games.guardian_realms.grammar import compile_entry, compile_text

#: The shipped cards whose text the grammar reads into their hand-written effects (measured: 29 of 29).
READ_AS_WRITTEN = 29


def test_the_grammar_reads_every_shipped_text_as_written() -> None:
    same, other = measure(RULES.card_files(), compile_entry)
    assert not other, other
    assert len(same) >= READ_AS_WRITTEN


def test_printed_field_sentences_read_as_the_card_file_gives_them() -> None:
    """GR-CARD-05/08/09: class, uses, duration... written in the text are the fields the card file gives."""
    _e, fields, unread = compile_text("+3 damage to basic attacks. 3 uses.", "Flame Blade", "x")
    assert (fields, unread) == ({"atk_bonus": 3, "uses": 3}, [])
    assert compile_text("Tank. Sacrifice one of your fielded Guardians to summon this.", "X", "x")[1] == {
        "class": "Tank", "sacrifice": 1}


DESIGNER = """cards:
  - name: Thunderclap
    type: Effect
    rarity: Common
    dz_cost: 2
    text: "Deal 12 damage to a visible enemy Guardian."
    effects: from_text
  - name: Storm Adept
    type: Guardian
    rarity: Uncommon
    hp: 16
    atk: 3
    sp_cost: 2
    text: "Rush. Static Bolt (2 DZ): Paralyze an enemy Guardian in range."
    effects: from_text
  - name: Bard of Ash
    type: Guardian
    rarity: Common
    hp: 10
    atk: 2
    sp_cost: 1
    text: "Sneak. Sing a song of ash."
    effects: from_text
"""


@pytest.fixture
def designer(tmp_path: Path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "storm.yaml").write_text(DESIGNER, encoding="utf-8")
    use_folders([tmp_path])
    yield tmp_path
    use_folders([])


def test_gr_lane_02_an_effect_written_only_in_words_resolves(designer: Path) -> None:
    """GR-LANE-02 with a designer's Effect card given only as text: it deals its 12 damage."""
    s = position({"hand": ["Thunderclap"]}, {"lane1": ["Ashen Brute"]})
    do(s, f"play #{card(s, 0, 'Thunderclap')} base2")
    assert hp(s, card(s, 1, "Ashen Brute")) == 25 - 12


def test_gr_card_05_an_ability_written_only_in_words_is_used(designer: Path) -> None:
    """GR-CARD-05: the named ability read from the text costs its DZ and paralyzes; the class comes from the text."""
    adept = RULES.pool().get("Storm Adept")
    assert adept.fields["class"] == "Rush" and adept.fields["unread"] == ()
    s = position({"lane1": ["Storm Adept"]}, {"lane1": ["Ashen Brute"]})
    do(s, f"ability #{card(s, 0, 'Storm Adept')} 0")
    assert status(s, card(s, 1, "Ashen Brute"), "paralyzed")


def test_unread_text_is_reported_and_the_card_kept(designer: Path) -> None:
    bard = RULES.pool().get("Bard of Ash")
    assert bard.fields["class"] == "Sneak"
    assert bard.fields["unread"] == (f"{designer / 'cards' / 'storm.yaml'}: card Bard of Ash: cannot read "
                                     "'Sing a song of ash.'",)
    lines = RULES.explain_card("Bard of Ash")
    reported = f"{designer / 'cards' / 'storm.yaml'}: card Bard of Ash: cannot read"
    assert any(p.startswith(reported) for p in RULES.problems())
    assert "played from its text, PARTLY: 1 phrase(s) not read" in lines


def test_explain_reads_a_card_step_by_step(designer: Path) -> None:
    lines = RULES.explain_card("Thunderclap")
    assert lines[2] == "played from its text, every phrase read"
    assert "  deal 12 damage to that card" in lines


#: Texts a designer might write in the game's wording, not copied from a shipped card: all read.
NEW_WORDING = ["Tank. Frost Nova (3 DZ): Paralyze an enemy Guardian in range.", "Deal 5 damage to a visible enemy "
               "Guardian.", "When this Guardian is defeated, draw 2 cards.", "Heal one of your Guardians for 6.",
               "Draw a card.", "Enters with a Shield.", "Rush. Enters with Fury.", "At the end of each of your turns, "
               "draw a card.", "Lasts 4 rounds. At the end of each of your turns, heal each of your Guardians for 2.",
               "Raise a Tier 2 Wall in one of your lanes.", "Sneak. Smoke (1 DZ): summon a Clone of this Guardian."]


@pytest.mark.parametrize("text", NEW_WORDING)
def test_new_texts_in_the_cards_wording_are_read(text: str) -> None:
    _effects, _fields, unread = compile_text(text, "New", "new.yaml")
    assert not unread
