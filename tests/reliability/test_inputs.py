"""Limits on every input (issue 22, item 3): each hostile file is refused early, naming the file and the limit."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from tcgkit.core import inputs
from tcgkit.core.cards import load_card_file
from tcgkit.core.decks import MAX_SECTION_CARDS, Deck
from tcgkit.core.errors import CardDataError, DeckFileError, ScenarioError, TcgkitError
from tcgkit.games import get_rules
from tcgkit.replays import load_replay
from tcgkit.scenario import build_position, load_scenario, scenario_from_dict


def laughs(levels: int = 9, key: str = "description") -> str:
    """A "billion laughs": 10 ** levels strings once expanded, in well under 1 KB."""
    lines = ['l0: &l0 "lol"']
    for i in range(1, levels):
        lines.append(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]")
    lines.append(f"{key}: [{', '.join([f'*l{levels - 1}'] * 10)}]")
    return "\n".join(lines) + "\n"


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _tgod():
    return get_rules("tgod")


def _load_card(path: Path):
    rules = _tgod()
    return load_card_file(path, rules.card_model, rules.make_card, rules.verbs)


LOADERS = {
    "deck": (Deck.load, DeckFileError),
    "card": (_load_card, CardDataError),
    "scenario": (load_scenario, ScenarioError),
    "replay": (load_replay, TcgkitError),
}


@pytest.mark.parametrize("kind", ["deck", "card", "scenario"])
def test_billion_laughs_is_refused_while_parsing(tmp_path: Path, kind: str) -> None:
    text = laughs()
    assert len(text) < 1024
    path = tmp_path / f"{kind}.yaml"
    path.write_text("game: tgod\nname: Laughs\nmain: ['1 Iron Knight']\ncards: []\nposition: {}\n" + text)
    load, error = LOADERS[kind]
    with pytest.raises(error, match=f"{path}: line .*aliases expand past the limit of {inputs.MAX_NODES} values"):
        load(path)


def test_a_few_aliases_are_fine(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("game: tgod\nname: Aliased\nknights: &k ['4 Iron Knight']\nmain: *k\n")
    assert Deck.load(path).count("main") == 4


@pytest.mark.parametrize("kind", ["deck", "card", "scenario"])
def test_deep_nesting_is_refused(tmp_path: Path, kind: str) -> None:
    path = tmp_path / f"{kind}.yaml"
    path.write_text(f"game: tgod\nname: Deep\nmain: {nested(100_000)}\n")
    load, error = LOADERS[kind]
    with pytest.raises(error, match=f"{path}: line 3, .*nested deeper than the limit of {inputs.MAX_DEPTH} levels"):
        load(path)


def test_deep_nesting_through_aliases_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x]"] + [f"a{i}: &a{i} [*a{i - 1}]" for i in range(1, 60)]
    path = tmp_path / "deck.yaml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(DeckFileError, match=f"nested deeper than the limit of {inputs.MAX_DEPTH} levels"):
        Deck.load(path)


def test_deep_json_replay_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "replay.json"
    path.write_text('{"game": "tgod", "seed": 1, "decks": ' + nested(100_000) + ', "actions": []}')
    with pytest.raises(TcgkitError, match=f"{path}: nested deeper than the limit of {inputs.MAX_DEPTH} levels"):
        load_replay(path)


@pytest.mark.parametrize("entry", ["100000000 Iron Knight", "{card: Iron Knight, count: 1000000000}",
                                   "9" * 5000 + " Iron Knight"])
def test_huge_copy_counts_are_refused_before_copies_are_listed(tmp_path: Path, entry: str) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(f"game: tgod\nname: Huge\nmain: [{entry}]\n")
    with pytest.raises(DeckFileError, match=f"{path}: section main\\[0\\]: .*limit of {MAX_SECTION_CARDS} cards"):
        Deck.load(path)


def test_many_entries_adding_up_past_the_limit_are_refused() -> None:
    doc = {"game": "tgod", "name": "Many", "main": ["900 Iron Knight", "900 Iron Knight"]}
    with pytest.raises(DeckFileError, match=f"section main\\[1\\]: .*limit of {MAX_SECTION_CARDS} cards"):
        Deck.from_dict(doc, "many.yaml")


def test_huge_copy_count_in_a_scenario_is_refused() -> None:
    doc = {"game": "tgod", "position": {"players": [{"zones": {"hand": ["100000000 Iron Knight"]}}, {}]}, "steps": []}
    with pytest.raises(TcgkitError, match=f"limit of {MAX_SECTION_CARDS} cards"):
        build_position(scenario_from_dict(doc, "huge.yaml"))


@pytest.mark.parametrize("kind", list(LOADERS))
def test_devices_and_folders_are_refused_without_reading(tmp_path: Path, kind: str) -> None:
    load, error = LOADERS[kind]
    with pytest.raises(error, match="/dev/zero: not a regular file"):
        load("/dev/zero")
    with pytest.raises(error, match=f"{tmp_path}: is a folder"):
        load(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("kind", list(LOADERS))
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, kind: str) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    load, error = LOADERS[kind]
    with pytest.raises(error, match=f"{fifo}: not a regular file"):
        load(fifo)  # no writer: reading it would block forever


@pytest.mark.parametrize("kind", list(LOADERS))
def test_size_limit_names_the_file_and_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    monkeypatch.setitem(inputs.SIZE_LIMITS, kind, 100)
    path = tmp_path / "big"
    path.write_text("# " + "x" * 200 + "\n")
    load, error = LOADERS[kind]
    with pytest.raises(error, match=f"{path}: 203 bytes is more than the {kind} file limit of 100 bytes"):
        load(path)


def test_binary_replay_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(TcgkitError, match=f"{path}: not a text file"):
        load_replay(path)


def test_csv_cells_that_start_a_formula_are_neutralised(tmp_path: Path) -> None:
    from tcgkit.simulation.report import write_csv
    from tcgkit.simulation.results import ResultSet, StoredGame
    from tcgkit.simulation.stats import compute

    evil = ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-2", "@SUM(A1)"]
    g = StoredGame((0, 1), 0, "tgod", 1, (evil[0], evil[1]), ("random", "random"), 0, 0, "base destroyed", None, 9,
                   40, 0.1, None, ({evil[2]: 1}, {}), ({}, {}))
    stats = compute(ResultSet("tgod", [], [g], {(0, 1): {evil[0]: {evil[2]: 2}, evil[1]: {evil[3]: 2}}}))
    written = write_csv(stats, tmp_path / "csv")
    cells = [cell for path in written for row in csv.reader(path.open()) for cell in row]
    assert cells, "no CSV written"
    for bad in evil:
        assert bad not in cells
    assert "'" + evil[0] in cells and "'-2" in cells
    assert all(not c.startswith(("=", "+", "@")) for c in cells)
