"""docs/developing.md, "Adding a game": a game built from the template (tests/engine/toy) by following the steps
registers, plays whole games and replays them."""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import pytest

from engine import toy
from tcgkit.bots.base import RandomBot, View
from tcgkit.core.ruleset import Ruleset
from tcgkit.games import get_rules, register, unregister
from tcgkit.replays import replay, replay_record

CARD = """cards:
  - name: Ember
    type: spell
    text: Deal 1 damage to each player.
    effects:
      - {kind: play, steps: [{damage: {target: each, amount: 1}}]}
"""


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Steps 1-3 and 6: copy the template, give it an id, a name and a card of its own, and register it."""
    package = tmp_path / "tiny_game"
    shutil.copytree(Path(toy.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    init = package / "__init__.py"
    init.write_text(init.read_text().replace('id = "toy"', 'id = "tiny"').replace('name = "Toy"', 'name = "Tiny"'))
    (package / "cards" / "tiny.yaml").write_text(CARD)
    deck = package / "decks" / "mix.yaml"
    deck.write_text(deck.read_text().replace("game: toy", "game: tiny").replace("name: Toy Mix", "name: Tiny Mix")
                    + "  - 3 Ember\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("tiny_game")
    register(module.RULES)
    yield module.RULES
    unregister("tiny")
    sys.modules.pop("tiny_game", None)


def test_the_template_implements_every_required_hook() -> None:
    for name in Ruleset.REQUIRED_HOOKS:
        assert getattr(type(toy.RULES), name) is not getattr(Ruleset, name), name


def test_a_game_built_from_the_template_plays_and_replays(tiny: Ruleset) -> None:
    rules = get_rules("tiny")
    assert rules is tiny and rules.name == "Tiny" and "Ember" in rules.pool()
    deck = rules.deck("Tiny Mix")
    assert deck.count() == 25 and not rules.validate_deck(deck)
    for seed in range(5):
        state = rules.new_game([deck, deck], seed=seed)
        bots = (RandomBot(seed), RandomBot(seed + 100))
        while state.result is None:
            state.apply(bots[state.current].choose(View(state, state.current)))
        assert state.result.reason
        assert replay(replay_record(state, [deck, deck])).log == state.log
