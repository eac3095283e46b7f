"""New cards play from their words alone (issue 20): a decklist the project has never seen is imported, its cards
are compiled from their text where they were written (a designer folder, ``--cards DIR``), and they play as
printed in a position."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from phk_helpers import RULES, names, position

from tcgkit.core.folders import use_folders
from tcgkit.core.state import GameState
from tcgkit.games.phaktionz.importer import import_file

CSV = """Qty,Tier,Type,Name,Dmg,Ability
4,3,S,Gorra the Stone Titan,6,"[Must be placed by demoting 2 Plague summons on the battlefield]"
4,1,S,Reef Wall,2,"This summon cannot be demoted. "
4,2,S,Reef Guard,4,"When this summon is demoted, draw a card. "
4,1,S,Bark Sentinel,2,"This summon cannot be battled by Tech summons. "
"""


@pytest.fixture
def new_cards(tmp_path: Path) -> Iterator[None]:
    """Import the decklist to a designer folder and play from it (``--cards DIR``), as a designer would."""
    path = tmp_path / "New-Reef.csv"
    path.write_text(CSV, encoding="utf-8")
    out = tmp_path / "out"
    report = import_file(path, out=out)
    assert report["full"] == 4
    doc = yaml.safe_load((out / "cards" / "designer.yaml").read_text(encoding="utf-8"))
    assert all("effects" not in c for c in doc["cards"])  # the cards carry their text only
    use_folders([out])
    try:
        assert "Reef Guard" in RULES.pool() and RULES.pool().get("Reef Guard").effects
        yield
    finally:
        use_folders([])


def battle(state: GameState, text: str) -> None:
    """Declare a battle; every response window is passed."""
    state.apply(state.parse_action(text))
    while any(a.kind == "pass" for a in state.legal_actions()):
        state.apply(state.parse_action("pass"))


def test_an_unscripted_tier_three_pays_the_demotion_its_text_asks(new_cards: None) -> None:
    """PHK-MECH-02 / PHK-MECH-04: "[Must be placed by demoting 2 Plague summons on the battlefield]" is the cost,
    read from the text: three Tier 1s (a plain Tier 3 tribute) do not place it; two Plague summons do."""
    plain = position({"hand": ["Gorra the Stone Titan"], "field": ["3 Haka Goblin"]})
    assert not [a for a in plain.legal_actions() if a.kind == "place"]
    plagued = position({"hand": ["Gorra the Stone Titan"], "field": ["Haka Goblin", "Waka Goblin"]},
                       cards0=[{"name": "Haka Goblin", "status": {"plague": 2}},
                               {"name": "Waka Goblin", "status": {"plague": 2}}])
    assert [a.kind for a in plagued.legal_actions()].count("place") == 1


def test_cannot_be_demoted_in_battle(new_cards: None) -> None:
    """"This summon cannot be demoted" beats PHK-MECH-08 (card text over the rules, PHK-MECH-04)."""
    state = position({"field": ["Reef Guard"]}, {"field": ["Reef Wall"]}, phase="combat")
    battle(state, 'battle "Reef Guard" "Reef Wall"')
    assert names(state, 1, "field") == ["Reef Wall"] and len(state.zone(1, "deck")) == 18  # dealt 4 - 2


def test_when_this_summon_is_demoted_draw(new_cards: None) -> None:
    state = position({"field": ["Reef Guard"]}, {"field": ["Gorra the Stone Titan"]}, phase="combat", active=1)
    hand = len(state.zone(0, "hand"))
    battle(state, 'battle "Gorra the Stone Titan" "Reef Guard"')
    assert "Reef Guard" in names(state, 0, "deck_out") and len(state.zone(0, "hand")) == hand + 1


def test_cannot_be_battled_by_tech_summons(new_cards: None) -> None:
    """A Tech facing only Bark Sentinel in its column may not battle it (nor directly: a Summon is there, PHK-SUM-05);
    a Striker may (card text over PHK-SUM-04/05, PHK-MECH-04)."""
    state = position({"field": ["Waka Goblin", "Haka Goblin"]}, {"field": ["Bark Sentinel"]}, phase="combat",
                     cards0=[{"name": "Waka Goblin", "counters": {"col": 1}},
                             {"name": "Haka Goblin", "counters": {"col": 2}}],
                     cards1=[{"name": "Bark Sentinel", "counters": {"col": 1}}])
    battlers = {state.defs[a.args[0]].name for a in state.legal_actions() if a.kind == "battle"}
    assert battlers == {"Haka Goblin"}


def test_the_new_decklists_import_as_legal_decks_and_play_to_the_end(tmp_path: Path) -> None:
    """The four decklists of new cards (tests/games/phaktionz/data) import as legal Standard decks (their new
    Summons share one faction, PHK-STD-03) and random games between them end with a winner, from text alone."""
    import random

    out = tmp_path / "out"
    for name in ("Blind", "Blind-Two", "Held-Out", "Style-Check"):
        import_file(Path(__file__).parent / "data" / f"{name}.csv", out=out)
    use_folders([out])
    try:
        decks = RULES.decks()
        for name in ("Blind", "Blind Two", "Held Out", "Style Check"):
            assert RULES.validate_deck(decks[name]) == []
        pairs = [("Blind", "Held Out"), ("Held Out", "Style Check"), ("Style Check", "Blind Two"),
                 ("Blind Two", "Blind")]
        for seed, (a, b) in enumerate(pairs):
            state = RULES.new_game([a, b], seed=seed)
            pick = random.Random(seed)
            for _ in range(5000):
                if state.result is not None:
                    break
                state.apply(pick.choice(state.legal_actions()))
            assert state.result is not None
    finally:
        use_folders([])
