"""A designer adds cards and decks from their own folder (``--cards DIR`` or the user data folder), never touching
the package; a broken file is reported and skipped, the rest still loads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tcgkit.core.folders import use_folders
from tcgkit.games import get_rules

COLOSSUS = """cards:
  - name: Storm Colossus
    number: X-001
    type: creature
    attribute: tyrant
    rarity: Rare
    attack: 60
    stars: 3
    hp: 90
    creator: me
    text: "A giant of the storm."
"""

BROKEN = """cards:
  - name: Bad Card
    number: X-002
    type: creature
    attribute: tyrant
    rarity: Rare
    attack: lots
    stars: 3
    hp: 90
"""


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    (folder / "cards").mkdir(parents=True)
    (folder / "decks").mkdir()
    (folder / "cards" / "colossus.yaml").write_text(COLOSSUS)
    (folder / "cards" / "broken.yaml").write_text(BROKEN)
    shipped = get_rules("tgod").deck("Tyrant Horde").to_dict()
    shipped["name"] = "Storm Horde"
    shipped["main"] = [e.replace("Shadow Brute", "Storm Colossus") for e in shipped["main"]]
    assert any("Storm Colossus" in e for e in shipped["main"])
    import yaml

    (folder / "decks" / "storm.yaml").write_text(yaml.safe_dump(shipped))
    return folder


def tcgkit(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcgkit.cli", *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})


def test_cards_decks_and_validate_read_the_folder_and_skip_a_broken_file(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    r = tcgkit("cards", "tgod", "--cards", str(folder), "--json")
    assert r.returncode == 0, r.stderr
    names = {c["name"] for c in json.loads(r.stdout)}
    assert "Storm Colossus" in names and "Bad Card" not in names and "Dark Keep" in names
    assert "broken.yaml: card Bad Card: field attack" in r.stderr and "skipped" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    r = tcgkit("validate", "tgod", "Storm Horde", "--cards", str(folder))
    assert r.returncode == 0 and "Storm Horde: legal" in r.stdout
    r = tcgkit("decks", "tgod", "--cards", str(folder), "--json")
    assert "Storm Horde" in {d["name"] for d in json.loads(r.stdout)}


def test_sim_ladder_and_play_use_the_designers_deck(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    out = tmp_path / "r.sqlite"
    r = tcgkit("sim", "tgod", "--decks", "Storm Horde", "Guardian Wall", "--games", "4", "--jobs", "2",
               "--cards", str(folder), "--out", str(out), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["by_deck"]["Storm Horde"]["games"] == 4
    r = tcgkit("report", str(out), "--cards", str(folder))
    assert r.returncode == 0 and "Storm Horde" in r.stdout
    r = tcgkit("play", "tgod", "--deck", "Storm Horde", "--bots", "random", "random", "--seed", "2",
               "--cards", str(folder))
    assert r.returncode == 0 and "Game over" in r.stdout


def test_scenarios_see_the_designers_cards(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    scenario = tmp_path / "s.yaml"
    scenario.write_text("""name: a designer's card in a position
game: tgod
position:
  turn: 3
  active: 0
  phase: main
  players:
    - zones: {base: [Dark Keep], main: [Storm Colossus], deck: [10 Shadow Brute]}
    - zones: {base: [Bastion of Light], deck: [10 Shadow Brute]}
steps:
  - expect: {zone: {player: 0, zone: main, names: [Storm Colossus]}}
""")
    assert tcgkit("scenario", "run", str(scenario)).returncode != 0
    r = tcgkit("scenario", "run", str(scenario), "--cards", str(folder))
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_user_data_folder_is_read_without_an_option(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    base = tmp_path / "data"
    base.mkdir()
    folder.rename(base / "tgod")
    r = tcgkit("validate", "tgod", "Storm Horde", env={"TCGKIT_DATA": str(base)})
    assert r.returncode == 0, r.stderr


def test_a_designer_card_replaces_the_shipped_card_of_its_name(tmp_path: Path) -> None:
    folder = tmp_path / "edit"
    (folder / "cards").mkdir(parents=True)
    (folder / "cards" / "brute.yaml").write_text(COLOSSUS.replace("Storm Colossus", "Shadow Brute")
                                                 .replace("X-001", "T-010"))
    rules = type(get_rules("tgod"))()
    before = rules.pool().get("Shadow Brute").stats["attack"]
    try:
        use_folders([folder])
        assert rules.pool().get("Shadow Brute").stats["attack"] == 60 != before
        assert any("replaces the shipped card Shadow Brute" in p for p in rules.problems())
    finally:
        use_folders([])
    assert rules.pool().get("Shadow Brute").stats["attack"] == before


def test_a_missing_folder_is_one_clear_error(tmp_path: Path) -> None:
    r = tcgkit("cards", "tgod", "--cards", str(tmp_path / "nope"))
    assert r.returncode == 2 and "no such folder" in r.stderr and "Traceback" not in r.stderr


@pytest.fixture(autouse=True)
def _no_leftover_folders():
    yield
    use_folders([])


def test_a_deck_file_is_read_once_and_again_when_it_changes(tmp_path: Path) -> None:
    """Naming a deck at every game parses no file again; a designer's edit is seen at the next call."""
    folder = _folder(tmp_path)
    rules = get_rules("tgod")
    use_folders([folder])
    try:
        first = rules.deck("Storm Horde")
        assert rules.deck("Storm Horde") is first and rules.deck("Knight Order") is rules.deck("Knight Order")
        path = folder / "decks" / "storm.yaml"
        path.write_text(path.read_text().replace("Storm Horde", "Storm Horde II"))
        os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))
        assert "Storm Horde II" in rules.decks() and "Storm Horde" not in rules.decks()
        (folder / "decks" / "storm.yaml").write_text("name: [broken")
        assert "Storm Horde II" not in rules.decks() and any("storm.yaml" in p for p in rules.problems())
    finally:
        use_folders([])
