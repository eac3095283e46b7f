"""Deck checking and its message live in one place (Ruleset.check_deck): every game's new_game and the simulator
say the same thing about the same illegal deck."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from conftest import PLAYABLE
from tcgkit.core.errors import DeckFileError, TcgkitError
from tcgkit.games import get_rules
from tcgkit.simulation.run import resolve_decks


def _broken(game: str):
    rules = get_rules(game)
    good = next(iter(rules.decks().values()))
    main = good.section("main")
    return good, replace(good, name="Broken", sections={**good.sections, "main": (*main[1:], "No Such Card")})


@pytest.mark.parametrize("game", PLAYABLE)
def test_new_game_refuses_an_illegal_deck_with_the_cores_message(game: str) -> None:
    rules = get_rules(game)
    good, broken = _broken(game)
    with pytest.raises(DeckFileError) as caught:
        rules.check_deck(broken, player=1)
    message = str(caught.value)
    assert message.startswith("deck 'Broken' of player 1 is not legal: ") and "No Such Card" in message
    with pytest.raises(DeckFileError) as in_game:
        rules.new_game([good, broken], seed=1)
    assert str(in_game.value) == message


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_simulator_uses_the_same_check(game: str, tmp_path: Path) -> None:
    rules = get_rules(game)
    _, broken = _broken(game)
    path = tmp_path / "broken.yaml"
    sections = {k: list(v) for k, v in broken.sections.items()}
    path.write_text(yaml.safe_dump({"game": game, "name": "Broken", **sections}))
    with pytest.raises(TcgkitError) as caught:
        resolve_decks(game, [str(path)])
    with pytest.raises(DeckFileError) as direct:
        rules.check_deck(rules.deck(str(path)))
    assert str(caught.value) == str(direct.value)
    assert str(caught.value).startswith("deck 'Broken' is not legal: ")
