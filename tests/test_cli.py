"""The command line, run as a user runs it: exact JSON, exit statuses, one-line errors and no tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PLAYABLE
from tcgkit.games import GAMES, get_rules


def tcgkit(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcgkit.cli", *args], capture_output=True, text=True, input=input,
                          timeout=300)


def test_games_json_lists_every_game() -> None:
    r = tcgkit("games", "--json")
    assert r.returncode == 0
    rows = json.loads(r.stdout)
    assert [row["id"] for row in rows] == list(GAMES)
    assert all({"id", "name", "playable"} <= set(row) for row in rows)
    assert {row["id"] for row in rows if row["playable"]} >= set(PLAYABLE)


@pytest.mark.parametrize("game", PLAYABLE)
def test_cards_and_decks_json(game: str) -> None:
    cards = json.loads(tcgkit("cards", game, "--json").stdout)
    assert len(cards) == len(get_rules(game).pool())
    decks = json.loads(tcgkit("decks", game, "--json").stdout)
    assert decks and all(d["legal"] for d in decks)


@pytest.mark.parametrize("game", PLAYABLE)
def test_validate_shipped_deck_is_legal(game: str) -> None:
    deck = next(iter(get_rules(game).decks()))
    r = tcgkit("validate", game, deck, "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout) == {"legal": True, "violations": []}


def test_validate_illegal_deck_exits_1_with_clause_ids(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: tgod\nname: Bad\nmain:\n  - 2 No Such Card\n")
    r = tcgkit("validate", "tgod", str(bad), "--json")
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert out["legal"] is False and all({"clause", "message"} == set(v) for v in out["violations"])


@pytest.mark.parametrize("game", PLAYABLE)
def test_sim_json_keys_and_same_seed_same_results_whatever_jobs(game: str) -> None:
    keys = {"game", "games", "by_seat", "by_bot", "by_deck", "draws", "errors", "mean_decisions", "mean_turns",
            "seconds", "decisions_per_second"}
    one = json.loads(tcgkit("sim", game, "--games", "12", "--seed", "5", "--jobs", "1", "--json").stdout)
    two = json.loads(tcgkit("sim", game, "--games", "12", "--seed", "5", "--jobs", "2", "--json").stdout)
    assert keys <= set(one)
    assert set(one["by_seat"]) == {"0", "1"}
    assert sum(t["wins"] + t["draws"] for t in one["by_seat"].values()) == one["games"] + one["draws"]
    assert one["errors"] == 0
    for k in ("games", "by_seat", "by_bot", "by_deck", "draws", "errors", "mean_decisions", "mean_turns"):
        assert one[k] == two[k]


@pytest.mark.parametrize("game", PLAYABLE)
def test_bots_play_a_game_and_its_replay_reproduces(game: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    r = tcgkit("play", game, "--bots", "random", "random", "--seed", "3", "--save", str(path))
    assert r.returncode == 0, r.stderr
    assert "Game over" in r.stdout
    r = tcgkit("replay", str(path), "--quiet")
    assert r.returncode == 0, r.stderr
    assert "replay reproduced" in r.stdout
    record = json.loads(path.read_text())
    record["actions"] = record["actions"][:-3] + ["end", "end", "end"] if len(record["actions"]) > 3 else ["x"]
    path.write_text(json.dumps(record))
    r = tcgkit("replay", str(path), "--quiet")
    assert r.returncode != 0 and "Traceback" not in r.stderr and "error:" in r.stderr


@pytest.mark.parametrize("game", PLAYABLE)
def test_human_can_play_from_the_terminal(game: str) -> None:
    r = tcgkit("play", game, "--seed", "1", input="1\n1\n1\nq\n")
    assert r.returncode == 0, r.stderr
    assert "your move>" in r.stdout and "You left the game." in r.stdout


@pytest.mark.parametrize("game", PLAYABLE)
def test_bench_json(game: str) -> None:
    r = tcgkit("bench", game, "--seconds", "0.3", "--json")
    data = json.loads(r.stdout)
    assert {"games_per_second", "decisions_per_second", "clones_per_second"} <= set(data)
    assert data["decisions_per_second"] > 0


def test_bench_table_speaks_words() -> None:
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "bench", "tgod", "--seconds", "0.3"], capture_output=True,
                       text=True, timeout=300, env={**os.environ, "COLUMNS": "400"})
    assert r.returncode == 0, r.stderr
    assert "decisions/s" in r.stdout and "_per_" not in r.stdout


def test_scenario_run_reports_failures(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: tgod\nposition: {}\nsteps:\n  - expect: {turn: 99}\n")
    r = tcgkit("scenario", "run", str(bad))
    assert r.returncode == 1
    assert "FAIL" in r.stdout and "turn is" in r.stdout and "0 passed, 1 failed" in r.stdout


@pytest.mark.parametrize("args,message", [
    (["cards", "chess"], "unknown game 'chess'"),
    (["validate", "tgod", "/no/such/deck.yaml"], "no deck"),
    (["replay", "/no/such/replay.json"], "cannot read"),
    (["scenario", "run", "/no/such/file.yaml"], "no such file"),
    (["sim", "tgod", "--decks", "Nope", "--games", "2"], "no deck 'Nope'"),
])
def test_errors_are_one_line_without_traceback(args: list[str], message: str) -> None:
    r = tcgkit(*args)
    assert r.returncode != 0
    assert "Traceback" not in r.stderr + r.stdout
    assert message in r.stderr


def test_bad_card_file_error_names_file_card_and_field(tmp_path: Path) -> None:
    from tcgkit.core.cards import load_card_file
    from tcgkit.core.errors import CardDataError

    rules = get_rules("tgod")
    bad = tmp_path / "cards.yaml"
    bad.write_text("cards:\n  - {name: Broken, number: X-1, type: creature, attribute: guardian, rarity: Common, "
                   "attack: high, stars: 1, hp: 2}\n")
    with pytest.raises(CardDataError) as err:
        load_card_file(bad, rules.card_model, rules.make_card, rules.verbs)
    assert str(bad) in str(err.value) and "card Broken" in str(err.value) and "field attack" in str(err.value)


def test_usage_error_is_one_line_without_traceback() -> None:
    r = tcgkit("validate")
    assert r.returncode != 0
    assert "Traceback" not in r.stderr and "Missing argument" in r.stderr
