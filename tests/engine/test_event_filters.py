"""The triggered effects' event filters, one spelling for every game: self, mine, theirs (core, not a game)."""

from __future__ import annotations

from engine.test_effects import position, run
from engine.toy import RULES


def _counters(name: str, player: int, seen: int) -> dict:
    return {"expect": {"card": {"player": player, "name": name, "counters": {"seen": seen} if seen else {}}}}


def test_self_answers_only_events_about_the_card_itself() -> None:
    """Rally raises the power of one Show-off: only that one counts it."""
    doc = position({"zones": {"hand": ["Rally"], "field": ["Show-off", "Grunt"]}},
                   steps=[{"do": 'play "Rally"'}, {"do": 'choose "Show-off"'}, {"do": "done"},
                          _counters("Show-off", 0, 1)])
    assert run(doc) == []
    doc = position({"zones": {"hand": ["Rally"], "field": ["Show-off", "Grunt"]}},
                   steps=[{"do": 'play "Rally"'}, {"do": 'choose "Grunt"'}, {"do": "done"},
                          _counters("Show-off", 0, 0)])
    assert run(doc) == []


def test_mine_and_theirs_answer_by_the_events_player() -> None:
    """A Spark goes to its player's discard pile: the Hoarder of that player and the Gloater of the other count it."""
    doc = position({"zones": {"hand": ["Spark"], "field": ["Hoarder", "Gloater"]}},
                   {"zones": {"field": ["Hoarder", "Gloater"]}},
                   steps=[{"do": 'play "Spark"'}, _counters("Hoarder", 0, 1), _counters("Gloater", 0, 0),
                          _counters("Hoarder", 1, 0), _counters("Gloater", 1, 1)])
    assert run(doc) == []


def test_the_filters_are_the_cores() -> None:
    """The toy game does not override trigger_applies: the core applies the filters for every game."""
    assert "trigger_applies" not in type(RULES).__dict__
