"""The terminal game as a person meets it: menus, the board and moves in words, inspecting cards, help, refusals
with their rule, and saving on leaving."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from conftest import PLAYABLE
from tcgkit.core.actions import Action
from tcgkit.games import get_rules, playable_games
from tcgkit.terminal.game import TerminalGame, board, find_card, visible_cards


def tcgkit(*args: str, input: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcgkit.cli", *args], capture_output=True, text=True, input=input,
                          timeout=300)


def test_the_menu_picks_game_decks_and_opponent_with_greedy_by_default() -> None:
    tgod = playable_games().index("tgod") + 1  # the menu lists the games in the registry's order
    r = tcgkit("play", "--seed", "2", input=f"{tgod}\n2\n3\n\nq\n")
    assert r.returncode == 0, r.stderr
    assert "Your deck?" in r.stdout and "Your opponent's deck?" in r.stdout and "Your opponent?" in r.stdout
    decks = list(get_rules("tgod").decks())
    assert f"Player 1 (you) with {decks[1]} against Player 2 (greedy bot) with {decks[2]}" in r.stdout


def test_leaving_a_game_started_with_save_writes_the_replay(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    r = tcgkit("play", "tgod", "--seed", "4", "--save", str(path), input="1\nq\n")
    assert r.returncode == 0, r.stderr
    assert "You left the game." in r.stdout
    record = json.loads(path.read_text())
    assert record["game"] == "tgod" and len(record["actions"]) >= 1
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "replay", str(path), "--quiet"], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr


def _game(game: str, seed: int = 1) -> tuple[TerminalGame, Console]:
    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], seed=seed)
    console = Console(record=True, width=120, highlight=False)
    return TerminalGame(state, [None, None], state.current, ["Player 1 (you)", "Player 2 (bot)"], console), console


@pytest.mark.parametrize("game", PLAYABLE)
def test_help_shows_the_keys(game: str) -> None:
    term, console = _game(game)
    assert term.command("?")
    text = console.export_text()
    assert "How to play" in text and "i NAME" in text


@pytest.mark.parametrize("game", PLAYABLE)
def test_inspecting_a_visible_card_shows_its_whole_text(game: str) -> None:
    term, console = _game(game)
    cards = visible_cards(term.state, term.human)
    assert cards, "a new game shows its player some card"
    card = next((c for c in cards if c.text), cards[0])
    assert term.command(f"i {card.name.lower()}")
    text = " ".join(console.export_text().split())
    assert card.name in text and " ".join(card.text.split()) in text


def test_inspecting_never_finds_a_hidden_card() -> None:
    rules = get_rules("tgod")
    for seed in range(20):
        state = rules.new_game(list(rules.decks())[:2], seed=seed)
        viewer = state.current
        seen = {c.name for c in visible_cards(state, viewer)}
        hidden = {state.defs[c].name for p in (0, 1) for c in state.zone(p, "deck")} - seen
        for name in hidden:
            assert find_card(state, viewer, name) is None


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_refused_move_says_why_and_changes_nothing(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    term, console = _game(game, seed=5)
    before = json.dumps(term.state.to_json(), sort_keys=True)
    answers = iter(["nonsense-move 1", "q"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert term.human_turn() is False
    assert "Refused: " in console.export_text()
    assert json.dumps(term.state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_board_names_no_internal_key(game: str) -> None:
    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], seed=3)
    console = Console(record=True, width=120)
    console.print(board(state, 0, ["Player 1 (you)", "Player 2"]))
    text = console.export_text()
    assert "#" not in text and "None" not in text


def test_moves_by_number_and_by_their_words(monkeypatch: pytest.MonkeyPatch) -> None:
    term, _ = _game("tgod", seed=6)
    legal = term.words.actions(term.state, term.human)
    assert term.read_action("1") == legal[0].action
    assert term.read_action(legal[-1].text.upper()) == legal[-1].action
    assert isinstance(term.read_action(legal[0].action.text()), Action)
