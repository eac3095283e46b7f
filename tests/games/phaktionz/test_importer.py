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

DATA = Path(__file__).resolve().parents[4] / "shared" / "data" / "phaktionz"
PACKAGE = Path(RULES.data_dir)
CSVS = sorted(DATA.glob("*.csv")) if DATA.exists() else []
needs_data = pytest.mark.skipif(not CSVS, reason="the designer's data folder is not present")


@needs_data
@pytest.mark.parametrize("path", CSVS, ids=[p.stem for p in CSVS])
def test_designer_csv_imports_with_nothing_unscripted(path: Path, tmp_path: Path) -> None:
    """Each decklist imports with every ability scripted or recognised as flavour; a 50-card deck is written."""
    report = import_file(path, out=tmp_path)
    assert set(report) == {"cards", "executable", "unscripted", "warnings"}
    assert report["unscripted"] == [] and report["executable"] == report["cards"] > 10
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


@pytest.mark.parametrize(("text", "message"), [
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,S,Imp,two,\n", r"row 2 \(line 2\): Dmg 'two' is not a whole number"),
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,S,Imp,2,\nx,1,T,Elf,1,\n", r"row 3 \(line 3\): Qty 'x'"),
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,Q,Imp,2,\n", r"row 2 \(line 2\): Type 'Q' is neither"),
    ("Qty,Tier,Type,Name,Dmg,Ability\n2,1,S,,2,\n", r"row 2 \(line 2\): the Name cell is empty"),
    ("Name,Qty\nImp,2\n", r"row 1 \(line 1\): expected the header"),
    ("Qty,Tier,Type,Name,Dmg,Ability\nInvocations,,,,,\n2,1,S,Imp,2,\n", r"row 3 .*after the Invocations row"),
])
def test_malformed_csv_names_the_row(text: str, message: str) -> None:
    """A malformed CSV gives a clear error naming the file and the row."""
    with pytest.raises(ImportError_, match=f"bad.csv: {message}"):
        parse_csv_text(text, "bad.csv")


def test_unscripted_ability_is_reported(tmp_path: Path) -> None:
    """An ability the scripts file does not cover is listed, never silently dropped."""
    path = tmp_path / "new.csv"
    path.write_text('Qty,Tier,Type,Name,Dmg,Ability\n4,1,S,Brand New Imp,2,"When placed, win."\n'
                    "4,1,T,Quiet Imp,1,\n")
    report = import_file(path)
    assert report == {"cards": 2, "executable": 1, "unscripted": ["Brand New Imp"], "warnings": [
        "new.csv: no Invocations separator row; invocations recognised by their Type",
        "new.csv: no faction known for Brand New Imp (not in the workbook nor scripts.yaml)",
        "new.csv: no faction known for Quiet Imp (not in the workbook nor scripts.yaml)"]}


@needs_data
def test_cli_import_json() -> None:
    """`tcgkit import phaktionz FILE.csv --json` prints the report."""
    out = subprocess.run([sys.executable, "-m", "tcgkit.cli", "import", "phaktionz", str(DATA / "Lyla.csv"),
                          "--json"], capture_output=True, text=True, check=False)
    if out.returncode != 0 and "No module named tcgkit.cli.__main__" in out.stderr:
        pytest.skip("the CLI module has no __main__")
    report = json.loads(out.stdout)
    assert report["cards"] == 14 and report["unscripted"] == []
