"""Games register themselves (the tcgkit.games entry-point group), and the Ruleset marks its required hooks."""

from __future__ import annotations

import inspect
from importlib.metadata import EntryPoint, entry_points

import pytest

import tcgkit.games as registry
from tcgkit.core.errors import UnknownGame
from tcgkit.core.ruleset import Ruleset
from tcgkit.games import GAMES, get_rules

SHIPPED = ("guardian-realms", "perfect-tcg", "phaktionz", "tgc", "tgod")


def test_every_shipped_game_is_an_entry_point() -> None:
    eps = {ep.name: ep for ep in entry_points(group=registry.ENTRY_POINT_GROUP)}
    for game in SHIPPED:
        assert game in eps and game in GAMES
        assert eps[game].load() is get_rules(game)


def test_a_game_in_a_package_of_its_own_is_discovered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game stands for a game installed from another distribution: one entry point names it."""
    ep = EntryPoint(name="toy", value="engine.toy:RULES", group=registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [ep] if group == ep.group else [])
    monkeypatch.setattr(registry, "GAMES", dict(GAMES))
    monkeypatch.setattr(registry, "_LOADED", dict(registry._LOADED))
    registry.discover()
    assert registry.GAMES["toy"] == ("toy", "engine.toy:RULES")
    rules = registry.get_rules("toy")
    assert rules.name == "Toy" and registry.GAMES["toy"][0] == "Toy"
    state = rules.new_game([rules.deck("Toy Mix")] * 2, seed=1)
    assert state.legal_actions()


def test_an_entry_point_must_name_a_ruleset_with_its_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "GAMES", {**GAMES, "wrong": ("wrong", "engine.toy:RULES"),
                                            "empty": ("empty", "engine.toy:DECK")})
    with pytest.raises(UnknownGame, match="calls itself 'toy'"):
        registry.get_rules("wrong")
    with pytest.raises(UnknownGame, match="not playable"):
        registry.get_rules("empty")


def test_required_hooks_are_marked_and_raise_in_the_base() -> None:
    for name in Ruleset.REQUIRED_HOOKS:
        hook = getattr(Ruleset, name)
        assert hook.__doc__.startswith("Required hook"), name
        assert "raise NotImplementedError" in inspect.getsource(hook), name
    for name in Ruleset.OPTIONAL_HOOKS:
        hook = getattr(Ruleset, name)
        assert hook.__doc__.startswith("Optional hook"), name
        assert "raise NotImplementedError" not in inspect.getsource(hook), name
    assert not set(Ruleset.REQUIRED_HOOKS) & set(Ruleset.OPTIONAL_HOOKS)


def test_no_other_method_of_the_base_is_left_unimplemented() -> None:
    """Every method that raises NotImplementedError in the base is listed as required."""
    for name, fn in inspect.getmembers(Ruleset, inspect.isfunction):
        if "raise NotImplementedError" in inspect.getsource(fn):
            assert name in Ruleset.REQUIRED_HOOKS, name


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_implements_the_required_hooks(game: str) -> None:
    cls = type(get_rules(game))
    for name in Ruleset.REQUIRED_HOOKS:
        assert getattr(cls, name) is not getattr(Ruleset, name), f"{game} lacks {name}"
