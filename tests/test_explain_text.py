"""`tcgkit cards GAME --explain NAME` for TGOD, Guardian Realms and Perfect TCG (issue 20): how the engine read a card,
step by step in words, with a designer's card played from its text (``effects: from_text``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcgkit.cli import app
from tcgkit.core.folders import use_folders

CARDS = {
    "tgod": ("Spark Drake", """cards:
  - {name: Spark Drake, number: X-1, type: creature, attribute: knight, rarity: Common, attack: 20, stars: 2, hp: 40,
     text: "A small drake. (When this attacks, heal 10 HP of your Base Armor.)", effects: from_text}
""", ["when it attacks:", "  your Base Armor heal(s) 10"]),
    "guardian-realms": ("Ember Mage", """cards:
  - {name: Ember Mage, type: Guardian, rarity: Common, hp: 12, atk: 3, sp_cost: 1,
     text: "Sneak. Ember (1 DZ): Burn an enemy Guardian in range.", effects: from_text}
""", ["  choose one of the enemy Guardians (in range)", "  that card become(s) burned"]),
    "perfect-tcg": ("Ley Scholar", """cards:
  - {name: Ley Scholar, type: unit, level: 0, power: 1000, damage: 1,
     text: "In Support zone: draw 1 card.", effects: from_text}
""", ["when played:", "  draw 1 card(s)"]),
}


@pytest.fixture(autouse=True)
def _no_leftover_folders():
    yield
    use_folders([])


@pytest.mark.parametrize("game", sorted(CARDS))
def test_explain_a_card_written_in_words(game: str, tmp_path: Path) -> None:
    name, text, expected = CARDS[game]
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "mine.yaml").write_text(text, encoding="utf-8")
    r = CliRunner().invoke(app, ["cards", game, "--cards", str(tmp_path), "--explain", name, "--json"])
    assert r.exit_code == 0, r.output
    assert not r.stderr  # no stale warning from another folder set
    lines = json.loads(r.stdout)["explanation"]
    assert "played from its text, every phrase read" in lines
    for line in expected:
        assert line in lines


@pytest.mark.parametrize(("game", "name"), [("tgod", "Night Reaver"), ("guardian-realms", "Fireball"),
                                            ("perfect-tcg", "Grand Alchemist")])
def test_explain_a_shipped_card(game: str, name: str) -> None:
    r = CliRunner().invoke(app, ["cards", game, "--explain", name])
    assert r.exit_code == 0, r.output
    assert r.output.startswith(name) and "effects written by hand in the card file" in r.output
