"""Perfect TCG departures found by the second rules audit (issue 21, items 1-3) and its two-reading cases."""

from __future__ import annotations

from ptcg_helpers import act, card, legal, position, rested, run_effect


def test_a_unit_rested_by_its_own_effect_does_not_end_the_turn_PTCG_TURN_07() -> None:
    """PTCG-TURN-07: the turn ends when the last refreshed unit has *attacked*, or when the player decides. Sulphur
    Golem resting itself for its effect is neither: the turn goes on, so Gandor War Horn can refresh it and it can
    still attack."""
    state = position({"zones": {"wing_left": ["Sulphur Golem"], "support_left": ["Gandor War Horn"],
                                "energy": ["Iron Transmuter"]},
                      "cards": [{"name": "Gandor Squire", "tapped": True}]}, phase="war")
    golem, horn = card(state, 0, "Sulphur Golem"), card(state, 0, "Gandor War Horn")
    turn = state.turn
    act(state, f"activate #{golem} 0")
    assert rested(state, golem)
    assert state.turn == turn and state.active == 0 and state.phase == "war"
    assert "end" in legal(state) and f"activate #{horn} 0" in legal(state)
    act(state, f"activate #{horn} 0")
    act(state, f"choose #{golem}")
    assert not rested(state, golem)
    act(state, f"attack #{golem} #{card(state, 1, 'Gandor Squire')}")
    while state.active == 0 and state.phase in ("support", "defend"):
        act(state, "done")
    assert state.turn == turn + 1  # the last refreshed unit has attacked: the turn passed


def test_the_turn_still_ends_once_the_last_unit_has_attacked_PTCG_TURN_07() -> None:
    """PTCG-TURN-07: with a rested Leader and one Wing, the Wing's attack ends the turn with no further input."""
    state = position({"zones": {"wing_left": ["Gandor Knight"]},
                      "cards": [{"name": "Gandor Squire", "tapped": True}]}, phase="war")
    turn = state.turn
    act(state, f"attack #{card(state, 0, 'Gandor Knight')} #{card(state, 1, 'Gandor Squire')}")
    while state.active == 0 and state.phase in ("support", "defend"):
        act(state, "done")
    assert state.turn == turn + 1


def test_a_unit_trigger_fires_for_the_unit_itself_PTCG_ULT_10() -> None:
    """PTCG-ULT-10: "When a Crucible Imp unit is lost" means any unit of that name, the lost Imp itself included:
    a lone Imp lost from play removes 1 Energy from the opponent."""
    state = position({"zones": {"wing_left": ["Crucible Imp"]}}, {"zones": {"energy": ["3 Gandor Page"]}})
    run_effect(state, [{"lose": {"target": card(state, 0, "Crucible Imp")}}], card(state, 0, "Gandor Squire"), 0)
    assert len(state.zones[1]["energy"]) == 2


def _decree(options: dict | None = None):
    # the Lost zone, bottom to top: Left Arm, Right Arm, Gandor Page (Right Arm is the topmost "of Gandor" unit)
    return position({"zones": {"hand": ["Royal Decree"], "energy": ["Iron Transmuter"], "leader": ["Gandor Knight"],
                               "history": ["Gandor Squire"],
                               "lost": ["Left Arm of Gandor", "Right Arm of Gandor", "Gandor Page"]}},
                    options=options)


def test_royal_decree_returns_the_topmost_unit_PTCG_ULT_07() -> None:
    """PTCG-ULT-07 (default): Royal Decree does not say "choose", so the topmost "of Gandor" unit of the Lost pile
    returns, with no decision."""
    state = _decree()
    act(state, f"cast #{card(state, 0, 'Royal Decree')}")
    assert state.pending is None
    assert card(state, 0, "Right Arm of Gandor") in state.zones[0]["hand"]
    assert card(state, 0, "Left Arm of Gandor") in state.zones[0]["lost"]


def test_royal_decree_lets_one_choose_under_the_option_PTCG_ULT_07() -> None:
    """PTCG-ULT-07, option ``pile_filter_is_a_choice``: "a unit with 'of Gandor' in its name" names a kind of card,
    so the player picks any of them."""
    state = _decree({"pile_filter_is_a_choice": True})
    act(state, f"cast #{card(state, 0, 'Royal Decree')}")
    left = card(state, 0, "Left Arm of Gandor")
    assert state.pending is not None and f"choose #{left}" in legal(state)
    act(state, f"choose #{left}")
    assert left in state.zones[0]["hand"]


def _transmuter_attack(options: dict | None = None):
    # P1: 22 Energy, 8 cards; Iron Transmuter (Damage 3) beats P1's Leader: 25 Energy and 5 cards (an Energy
    # Victory position, PTCG-WIN-02), then its own trigger makes P1 lose 2 more cards (3 left: none)
    state = position({"zones": {"wing_left": ["Iron Transmuter"]},
                      "cards": [{"name": "Gandor Squire", "tapped": True}]},
                     {"zones": {"energy": ["22 Iron Transmuter"], "deck": ["8 Iron Transmuter"]}}, phase="war",
                     options=options)
    act(state, f"attack #{card(state, 0, 'Iron Transmuter', 'wing_left')} #{card(state, 1, 'Gandor Squire')}")
    while state.result is None and state.phase in ("support", "defend"):
        act(state, "done")
    return state


def test_energy_victory_is_checked_after_the_battles_triggers_PTCG_ULT_09_WIN_02() -> None:
    """PTCG-ULT-09 / PTCG-WIN-02 (default): the attack and the effects it triggers resolve before wins are checked;
    Iron Transmuter's "your opponent loses the top 2 cards" leaves P1 with 3 cards: no Energy Victory."""
    state = _transmuter_attack()
    assert state.result is None and len(state.zones[1]["energy"]) == 25


def test_energy_victory_before_the_battles_triggers_under_the_option_PTCG_ULT_09_WIN_02() -> None:
    """PTCG-ULT-09 / PTCG-WIN-02, option ``win_before_battle_triggers``: the attack's damage is the effect that must
    finish; the win is counted then, before the attacker's separate triggered effect."""
    state = _transmuter_attack({"win_before_battle_triggers": True})
    assert state.result is not None and state.result.winner == 1 and state.result.clause == "PTCG-WIN-02"


def _leader_attack_with_a_support_in_stasis(options: dict | None = None):
    state = position({"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "support_left": ["Gandor Page"]},
                      "cards": [{"name": "Gandor Page", "status": {"stasis": 1}}]}, phase="war", options=options)
    act(state, f"attack #{card(state, 0, 'Gandor Knight')} #{card(state, 1, 'Gandor Squire')}")
    return state, card(state, 0, "Gandor Page")


def test_a_support_in_stasis_cannot_support_PTCG_TERM_20_ROLE_10() -> None:
    """PTCG-TERM-20 / PTCG-ROLE-10 (default): a Support in Stasis is not refreshed, so it cannot support the
    Leader's attack."""
    state, page = _leader_attack_with_a_support_in_stasis()
    assert state.phase != "support" or f"support #{page}" not in legal(state)


def test_a_support_in_stasis_may_support_its_leader_under_the_option_PTCG_TERM_20_ROLE_10() -> None:
    """PTCG-TERM-20 / PTCG-ROLE-10, option ``stasis_may_support``: a Stasis unit is turned, not rested, and only a
    rested Support is barred from supporting a Leader's attack (which needs no resting)."""
    state, page = _leader_attack_with_a_support_in_stasis({"stasis_may_support": True})
    assert state.phase == "support" and f"support #{page}" in legal(state)
