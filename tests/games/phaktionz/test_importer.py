"""The Phaktionz importer: the designer's CSV decklists and faction workbook, read as they are."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from phk_helpers import RULES

from tcgkit.games.phaktionz.importer import ImportError_, import_file, parse_csv_text

#: the designer's data: ``shared/data/phaktionz`` beside the repository (or beside a folder holding its worktrees)
DATA = next((p / "shared" / "data" / "phaktionz" for p in Path(__file__).resolve().parents
             if (p / "shared" / "data" / "phaktionz").is_dir()), Path("shared/data/phaktionz"))
PACKAGE = Path(RULES.data_dir)
CSVS = sorted(DATA.glob("*.csv")) if DATA.exists() else []
needs_data = pytest.mark.skipif(not CSVS, reason="the designer's data folder is not present")


@needs_data
@pytest.mark.parametrize("path", CSVS, ids=[p.stem for p in CSVS])
def test_designer_csv_imports_with_nothing_unscripted(path: Path, tmp_path: Path) -> None:
    """Each decklist imports with every ability scripted or recognised as flavour; a 50-card deck is written."""
    report = import_file(path, out=tmp_path)
    assert {"cards", "full", "partly", "not", "executable", "per_card", "defects", "warnings"} <= set(report)
    assert report["unscripted"] == [] and report["executable"] == report["cards"] > 10
    assert all(c["status"] == "full" for c in report["per_card"])
    deck = yaml.safe_load((tmp_path / "decks" / f"{path.stem.lower()}.yaml").read_text())
    assert sum(int(e.split(" ", 1)[0]) for e in deck["main"]) == 50


@needs_data
def test_shipped_cards_match_a_fresh_import(tmp_path: Path) -> None:
    """The package's card and deck files are what importing the four CSVs writes (no drift)."""
    for path in CSVS:
        import_file(path, out=tmp_path)
    fresh = yaml.safe_load((tmp_path / "cards" / "designer.yaml").read_text())
    shipped = yaml.safe_load((PACKAGE / "cards" / "designer.yaml").read_text())
    assert fresh == shipped
    for path in CSVS:
        name = f"{path.stem.lower()}.yaml"
        assert yaml.safe_load((tmp_path / "decks" / name).read_text()) == yaml.safe_load(
            (PACKAGE / "decks" / name).read_text())


@needs_data
def test_quirks_are_read_as_they_are() -> None:
    """Multi-line names, the Invocations row, a missing one, abilities one column left, 'Weapons', typos."""
    pool = RULES.pool()
    assert pool.get("Fulthrottle, the Ultimate Dragonic Warrior").stats == {"tier": 3, "dmg": 6}
    assert pool.get("One Last Time").fields["inv_type"] == "regular"
    assert pool.get("Helio's United Fragment").fields["inv_type"] == "weapon"
    assert pool.get("Triatic Trouble").text.startswith("L1: Every Player takes 3 damage")
    assert pool.get("Triatic Trouble").fields["limit"] == "L1"
    assert "Liro the Fordidden Follower" in pool and "Chiken of Good Skills" in pool
    assert pool.get("Waka Goblin").has("united") and pool.get("The United Men").has("united")
    report = import_file(DATA / "Zane-Basic.csv")
    assert any("no Invocations separator row" in w for w in report["warnings"])


@needs_data
def test_workbook_faction_sheets(tmp_path: Path) -> None:
    """Factions.xlsx: each faction sheet's cards get that faction (the Dmg formulas are evaluated)."""
    report = import_file(DATA / "Factions.xlsx", out=tmp_path)
    assert report["cards"] == 18 and report["unscripted"] == []
    cards = yaml.safe_load((tmp_path / "cards" / "designer.yaml").read_text())["cards"]
    waroko = next(c for c in cards if c["name"] == "Waroko Loko, King Giant")
    assert waroko["faction"] == "Mythicals" and waroko["dmg"] == 6


@pytest.mark.parametrize(("text", "field", "done"), [
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,S,Imp,two,\n", "Dmg", "read as 2"),
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,S,Imp,2,\nx,1,T,Elf,1,\n", "Qty", "read as 1"),
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,Q,Imp,2,\n", "Type", "read as a Striker"),
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,S,,2,\n", "Name", "row skipped (a card needs a name)"),
    ("Qty,Tier,Type,Name,Dmg,Ability\nInvocations,,,,,\n2,1,S,Imp,2,\n", "Type", "imported as a Summon"),
])
def test_a_bad_row_is_a_defect_never_a_refusal(text: str, field: str, done: str) -> None:
    """One bad row never refuses the file: the defect names the file and row, the card, the field and what was done;
    the other rows import (issue 20, item 1)."""
    defects: list = []
    rows = parse_csv_text(text, "bad.csv", defects)
    assert len(defects) == 1 and defects[0].field == field and defects[0].done == done
    assert defects[0].file.startswith("bad.csv: row ") and str(defects[0]).startswith("bad.csv: row ")
    assert len(rows) == text.count("\n") - 1 - ("Invocations" in text) - (",,2," in text)


def test_a_file_with_no_header_is_refused_with_its_name() -> None:
    with pytest.raises(ImportError_, match=r"bad.csv: row 1 \(line 1\): expected the header"):
        parse_csv_text("Name,Qty\nImp,2\n", "bad.csv")


def test_new_cards_execute_from_their_text_and_unread_text_is_reported(tmp_path: Path) -> None:
    """A new card executes from its words; a sentence no phrase reads is reported (phrase, card, file) and the card
    is partly executable; new Summons take the faction of the decklist's known Summons (RULINGS.md)."""
    path = tmp_path / "new.csv"
    path.write_text('Qty,Tier,Type,Name,Dmg,Ability\n4,1,S,Brand New Imp,2,"When placed, draw a card. '
                    "Discard your opponent's hand.\"\n"
                    "4,1,T,Quiet Imp,1,\n4,1,S,Defense Guard,2,\n")
    report = import_file(path)
    by_name = {c["name"]: c for c in report["per_card"]}
    imp = by_name["Brand New Imp"]
    assert imp["status"] == "partly" and imp["unread"] == ["Discard your opponent's hand"]
    assert by_name["Brand New Imp"]["file"] == "new.csv" and by_name["Quiet Imp"]["status"] == "full"
    assert (report["full"], report["partly"], report["not"]) == (2, 1, 0)
    assert any(d["card"] == "Quiet Imp" and d["field"] == "faction" and "'Warriors'" in d["done"]
               for d in report["defects"])


def test_undefined_terms_are_reported_with_the_cards_using_them(tmp_path: Path) -> None:
    """A term the rulebook never defines is reported by name with its cards (issue 20): here Reinforcement."""
    path = tmp_path / "new.csv"
    path.write_text('Qty,Tier,Type,Name,Dmg,Ability\n4,1,S,Wall Imp,2,"When placed, give a summon you control '
                    'Reinforcement."\n4,1,S,Hut Imp,2,"When an ""United"" summon is placed, draw a card."\n')
    report = import_file(path)
    assert report["undefined_terms"]["Reinforcement"] == ["Wall Imp"]
    assert report["undefined_terms"]["United"] == ["Hut Imp"]


def test_an_unscripted_tier_three_pays_the_demotion_its_text_asks(tmp_path: Path) -> None:
    """"[Must be placed by demoting 2 Plague summons on the battlefield]" on a new Tier 3 is its tribute (PHK-MECH-02,
    PHK-MECH-04): it is not placed for free nor for plain Tiers."""
    from tcgkit.games.phaktionz.grammar import compile_text

    got = compile_text("[Must be placed by demoting 2 Plague summons on the battlefield] When placed, draw a card.",
                       "summon")
    assert got.fields["tribute"] == {"count": 2, "anywhere": True, "each": False, "status": "plague"}
    assert got.status == "fully"


@needs_data
def test_cli_import_json() -> None:
    """`tcgkit import phaktionz FILE.csv --json` prints the report."""
    out = subprocess.run([sys.executable, "-m", "tcgkit.cli", "import", "phaktionz", str(DATA / "Lyla.csv"),
                          "--json"], capture_output=True, text=True, check=False)
    if out.returncode != 0 and "No module named tcgkit.cli.__main__" in out.stderr:
        pytest.skip("the CLI module has no __main__")
    report = json.loads(out.stdout)
    assert report["cards"] == 14 and report["unscripted"] == [] and report["full"] == 14


def test_a_card_the_loader_refuses_is_reported_and_the_rest_imports() -> None:
    """An override whose effect does not load (an unknown verb) is a defect: that card imports as not executable,
    the others as usual (issue 20, item 1: never refuse a set over one card)."""
    from tcgkit.games.phaktionz.importer import build

    rows = parse_csv_text('Qty,Tier,Type,Name,Dmg,Ability\n4,1,S,Imp,2,"Zap it."\n'
                          '4,1,S,Elf,2,"When placed, draw a card."\n', "x.csv")
    _, report = build(rows, "x.csv", {}, {"imp": {"effects": [{"kind": "activated", "steps": [{"zap": {}}]}]}})
    status = {c["name"]: c["status"] for c in report["per_card"]}
    assert status == {"Imp": "not", "Elf": "full"}
    assert report["defects"][0]["card"] == "Imp" and "unknown verb 'zap'" in report["defects"][0]["problem"]
