"""Perfect TCG in words: stages, zones and numbers by the rulebook's names, battles, and refusals with clauses -
the defender's among them (never "not that player's decision")."""

from __future__ import annotations

import pytest
from ptcg_helpers import RULES, card, position

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction

WORDS = RULES.words


def refused(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        state.apply(state.parse_action(text))
    return exc.value


def test_zones_and_numbers_by_their_names_ptcg_zone_01() -> None:
    state = position({"zones": {"wing_left": ["Gandor Knight"]}})
    zones = [z.name for z in WORDS.zones(state, 0, 0)]
    assert "left Wing" in zones and "right Support" in zones and "wing_left" not in zones
    assert dict(WORDS.numbers(state, 0, 0))["Leader level"] == "0"


def test_the_stage_is_named_ptcg_turn_06() -> None:
    state = position({"zones": {"hand": ["Gandor Page"]}}, phase="main")
    assert WORDS.phase(state, 0) == "Turn 3 - your Main stage"
    assert WORDS.action(state, Action("pass"), 0) == "End the Main stage: go to the War stage"


def test_a_level_1_unit_cannot_defend_from_hand_under_a_level_1_leader_ptcg_war_08() -> None:
    state = position({"zones": {"wing_left": ["Gandor Knight"]}},
                     {"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "hand": ["Gandor Knight", "Gandor Page"]}},
                     phase="war")
    target = card(state, 1, "Gandor Knight", "leader")
    state.apply(Action("attack", (card(state, 0, "Gandor Knight", "wing_left"), target)))
    while state.phase == "support":
        state.apply(Action("done"))
    assert state.phase == "defend" and state.current == 1
    r = refused(state, f"defend #{card(state, 1, 'Gandor Knight', 'hand')}")
    assert r.clause == "PTCG-WAR-08"
    assert r.why == "Gandor Knight is level 1: a defender from hand must be below your Leader's level (1)"
    assert "decision" not in r.why


def test_a_support_unit_cannot_attack_cites_ptcg_role_07_by_id_and_name() -> None:
    state = position({"zones": {"support_left": ["Gandor Page"]}}, phase="war")
    page, leader = card(state, 0, "Gandor Page"), card(state, 1, "Gandor Squire")
    by_id = refused(state, f"attack #{page} #{leader}")
    assert by_id.clause == "PTCG-ROLE-07"


def test_a_full_zone_is_named_in_words_ptcg_role_03() -> None:
    state = position({"zones": {"wing_left": ["Gandor Knight"], "hand": ["Gandor Page"]}}, phase="main")
    r = refused(state, f"play #{card(state, 0, 'Gandor Page')} wing_left")
    assert r.clause == "PTCG-ROLE-03" and "left Wing" in r.why and "wing_left" not in r.why


def test_running_out_of_cards_in_words_ptcg_win_01() -> None:
    state = position()
    state.end(0, "player 1 ran out of cards", "PTCG-WIN-01")
    assert WORDS.result(state, 1) == "Player 1 wins: Player 2 (you) ran out of cards (PTCG-WIN-01)"
