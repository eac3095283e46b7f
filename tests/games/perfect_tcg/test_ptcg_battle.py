"""Perfect TCG battles: attacks (PTCG-WAR-*), unit roles (PTCG-ROLE-*), defending from hand and from the Wing zone
(PTCG-WAR-08, PTCG-TERM-15), Supports (PTCG-ROLE-08..11) and Boosts (PTCG-TYPE-02)."""

from __future__ import annotations

import pytest
from ptcg_helpers import act, card, legal, names, position, power, rested, run_effect

from tcgkit.core.errors import IllegalAction


def _attack(state, attacker: int, target: int) -> None:
    act(state, f"attack #{attacker} #{target}")


def test_declaring_an_attack_rests_the_attacker_PTCG_WAR_01_TERM_14():
    """PTCG-WAR-01, PTCG-TERM-14: the attacker turns sideways (rested) and a battle against the target starts."""
    state = position({"zones": {"wing_left": ["Gandor Knight"]}}, {"zones": {"hand": ["Gandor Squire"],
                                                                              "leader": ["Gandor Knight"],
                                                                              "history": ["Gandor Squire"]}},
                     phase="war")
    knight = card(state, 0, "Gandor Knight", "wing_left")
    _attack(state, knight, card(state, 1, "Gandor Knight", "leader"))
    assert rested(state, knight)
    assert state.phase == "defend" and state.current == 1
    assert state.vars["b_att"] == knight


def test_attackers_and_targets_PTCG_WAR_02_ROLE_07():
    """PTCG-WAR-02, PTCG-ROLE-07: only the Leader and Wings attack, only the opposing Leader and Wings are targets."""
    state = position({"zones": {"wing_left": ["Gandor Knight"], "support_left": ["Gandor Page"]}},
                     {"zones": {"wing_left": ["Gandor Knight"], "support_left": ["Gandor Page"]}}, phase="war")
    mine_wing, mine_sup = card(state, 0, "Gandor Knight", "wing_left"), card(state, 0, "Gandor Page")
    their_wing, their_sup = card(state, 1, "Gandor Knight", "wing_left"), card(state, 1, "Gandor Page")
    their_leader = card(state, 1, "Gandor Squire", "leader")
    acts = legal(state)
    assert f"attack #{mine_wing} #{their_leader}" in acts and f"attack #{mine_wing} #{their_wing}" in acts
    assert f"attack #{mine_wing} #{their_sup}" not in acts
    assert not any(a.startswith(f"attack #{mine_sup} ") for a in acts)
    with pytest.raises(IllegalAction, match="PTCG-ROLE-07"):
        _attack(state, mine_sup, their_leader)
    with pytest.raises(IllegalAction, match="PTCG-WAR-02"):
        _attack(state, mine_wing, their_sup)


def test_a_unit_attacks_once_per_turn_PTCG_WAR_03():
    """PTCG-WAR-03: after the Leader attacked (rested), attacking with it again is rejected."""
    state = position({"zones": {"wing_left": ["Gandor Knight"]}}, phase="war")
    leader = card(state, 0, "Gandor Squire", "leader")
    target = card(state, 1, "Gandor Squire", "leader")
    _attack(state, leader, target)
    assert state.phase == "war" and state.active == 0
    with pytest.raises(IllegalAction, match="PTCG-WAR-03"):
        _attack(state, leader, target)


def test_tie_defeats_both_and_higher_power_wins_PTCG_WAR_04_WAR_05():
    """PTCG-WAR-04, PTCG-WAR-05: 5000 vs 5000 Wings: both destroyed; 6000 vs 5000: only the 5000 Wing."""
    state = position({"zones": {"wing_left": ["Right Arm of Gandor"]}},
                     {"zones": {"wing_left": ["Ley Sentinel"]}}, phase="war")
    _attack(state, card(state, 0, "Right Arm of Gandor"), card(state, 1, "Ley Sentinel"))
    assert names(state, 0, "lost") == ["Right Arm of Gandor"] and names(state, 1, "lost") == ["Ley Sentinel"]
    state = position({"zones": {"wing_left": ["Gandor Warlord"]}}, {"zones": {"wing_left": ["Ley Sentinel"]}},
                     phase="war")
    _attack(state, card(state, 0, "Gandor Warlord"), card(state, 1, "Ley Sentinel"))
    assert names(state, 0, "lost") == [] and names(state, 1, "lost") == ["Ley Sentinel"]


def test_attacking_wing_that_loses_is_destroyed_PTCG_WAR_04():
    state = position({"zones": {"wing_left": ["Gandor Squire"]}}, {"zones": {"wing_left": ["Ley Sentinel"]}},
                     phase="war")
    _attack(state, card(state, 0, "Gandor Squire", "wing_left"), card(state, 1, "Ley Sentinel"))
    assert names(state, 0, "lost") == ["Gandor Squire"] and names(state, 0, "wing_left") == []


def test_leader_beats_wing_no_damage_PTCG_WAR_05():
    """PTCG-WAR-05: a 6000 Leader attacks a 4000 Wing: the Wing is lost and nobody takes damage."""
    state = position({"zones": {"leader": ["Gandor Warlord"], "history": ["Gandor Squire"]}},
                     {"zones": {"wing_left": ["Gandor Knight"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Warlord"), card(state, 1, "Gandor Knight"))
    assert names(state, 1, "lost") == ["Gandor Knight"]
    assert state.zones[0]["energy"] == [] and state.zones[1]["energy"] == []


def test_leader_that_loses_costs_its_owner_damage_PTCG_WAR_06_CARD_05_ROLE_01():
    """PTCG-WAR-06, PTCG-CARD-05, PTCG-ROLE-01: a Wing with Damage 3 beats the Leader: 3 cards from the deck to the
    Energy zone; the Leader stays."""
    state = position({"zones": {"wing_left": ["Iron Transmuter"]}}, phase="war")
    _attack(state, card(state, 0, "Iron Transmuter", "wing_left"), card(state, 1, "Gandor Squire", "leader"))
    assert len(state.zones[1]["energy"]) == 3
    # 20 - 3 damage - 2 lost to Iron Transmuter's own effect ("when this unit wins a battle")
    assert len(state.zones[1]["deck"]) == 15 and len(state.zones[1]["lost"]) == 2
    assert names(state, 1, "leader") == ["Gandor Squire"]


def test_leader_vs_leader_tie_both_take_damage_PTCG_WAR_06():
    state = position(phase="war")
    _attack(state, card(state, 0, "Gandor Squire", "leader"), card(state, 1, "Gandor Squire", "leader"))
    assert len(state.zones[0]["energy"]) == 1 and len(state.zones[1]["energy"]) == 1


def test_attacking_leader_that_loses_costs_its_owner_PTCG_WAR_06():
    state = position(p1={"zones": {"wing_left": ["Gandor Warlord"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Squire", "leader"), card(state, 1, "Gandor Warlord"))
    assert len(state.zones[0]["energy"]) == 2 and names(state, 1, "wing_left") == ["Gandor Warlord"]


def test_leader_cannot_be_destroyed_PTCG_ROLE_01():
    """PTCG-ROLE-01: "destroy target unit" aimed at a Leader does nothing."""
    state = position(phase="war")
    leader = card(state, 1, "Gandor Squire", "leader")
    run_effect(state, [{"destroy": {"target": "opponent.leader"}}], card(state, 0, "Gandor Squire"), 0)
    assert state.zones[1]["leader"] == [leader]


def test_defender_from_hand_adds_its_power_PTCG_WAR_08():
    """PTCG-WAR-08: P1 (Leader Level 2, 4000) defends against a 6000 attacker with a Level 1, 3000 unit from hand:
    the Leader battles at 7000 and wins; the defender is then Lost."""
    state = position({"zones": {"wing_left": ["Gandor Warlord"]}},
                     {"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                "hand": ["Ley Warden", "Right Arm of Gandor"]}}, phase="war")
    warlord = card(state, 0, "Gandor Warlord")
    _attack(state, warlord, card(state, 1, "Left Arm of Gandor"))
    acts = legal(state)
    assert 'defend "Ley Warden"' in acts
    assert 'defend "Right Arm of Gandor"' not in acts  # Level 2 is not below the Leader's level 2
    act(state, 'defend "Ley Warden"')  # nothing else to do: the battle resolves
    assert any(e.kind == "defend" for e in state.log)
    battle = [e for e in state.log if e.kind == "battle"][-1]
    assert battle.data == (6000, 7000, "target", card(state, 1, "Left Arm of Gandor"))
    assert names(state, 0, "lost") == ["Gandor Warlord"]
    assert names(state, 1, "lost") == ["Ley Warden"] and state.zones[1]["energy"] == []


def test_level_0_leader_cannot_defend_from_hand_PTCG_WAR_08():
    state = position({"zones": {"wing_left": ["Gandor Knight"]}}, {"zones": {"hand": ["Gandor Page"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Knight", "wing_left"), card(state, 1, "Gandor Squire", "leader"))
    assert state.phase == "war" and len(state.zones[1]["energy"]) == 1  # no decision: nothing to defend with


def test_one_defender_per_attack_PTCG_WAR_08():
    state = position({"zones": {"wing_left": ["Gandor Warlord"]}},
                     {"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                "hand": ["Ley Warden", "Gandor Knight"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Warlord"), card(state, 1, "Left Arm of Gandor"))
    act(state, 'defend "Ley Warden"')
    assert not any(a.startswith("defend") for a in legal(state))


def test_guardian_defends_from_the_wing_zone_PTCG_TERM_15():
    """PTCG-TERM-15: P1's Leader is attacked; P1's Guardian Wing defends: its power is added; it stays in its Wing
    zone, refreshed; it cannot defend itself; a non-Guardian Wing cannot defend."""
    state = position({"zones": {"wing_left": ["Gandor Warlord"]}},
                     {"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "wing_left": ["Ley Warden"], "wing_right": ["Gandor Squire"]}}, phase="war",
                     vars=None)
    # the Leader is Level 1: the Level 0 Squire may defend (Guardian); Ley Warden (Level 1) may not
    warlord = card(state, 0, "Gandor Warlord")
    _attack(state, warlord, card(state, 1, "Gandor Knight", "leader"))
    squire = card(state, 1, "Gandor Squire", "wing_right")
    acts = legal(state)
    assert f"defend #{squire}" in acts
    assert f"defend #{card(state, 1, 'Ley Warden')}" not in acts
    act(state, f"defend #{squire}")  # nothing else to do: the battle resolves
    battle = [e for e in state.log if e.kind == "battle"][-1]
    assert battle.data[0:2] == (6000, 6000)  # 4000 + 2000: a tie, both defeated
    assert names(state, 1, "wing_right") == ["Gandor Squire"] and not rested(state, squire)
    assert names(state, 0, "lost") == ["Gandor Warlord"] and len(state.zones[1]["energy"]) == 2


def test_guardian_cannot_defend_itself_PTCG_TERM_15():
    state = position({"zones": {"wing_left": ["Gandor Warlord"]}},
                     {"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "wing_left": ["Gandor Squire"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Warlord"), card(state, 1, "Gandor Squire", "wing_left"))
    assert state.phase == "war"  # nothing could defend: the battle resolved at once
    assert names(state, 1, "lost") == ["Gandor Squire"]


def test_defender_plays_spells_and_boosts_PTCG_WAR_07():
    """PTCG-WAR-07: attacked, P1 plays a Spell from hand before the comparison; it resolves and is Lost."""
    state = position({"zones": {"wing_left": ["Gandor Knight"]}},
                     {"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"], "hand": ["Ward"],
                                "energy": ["3 Gandor Squire"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Knight", "wing_left"), card(state, 1, "Gandor Knight", "leader"))
    act(state, 'cast "Ward"')  # then nothing else to do: the battle resolves (4000 vs 4000, a tie)
    assert names(state, 1, "lost")[-1] == "Ward"
    assert state.res[1]["prevent"] == 1 and len(state.zones[1]["energy"]) == 2  # paid 1; the 1 damage prevented


def test_defender_boost_and_prevention_PTCG_ULT_11():
    """PTCG-ULT-11: P1's Leader is about to take 3 battle damage; P1 plays "prevent 2 damage"; P1 takes 1."""
    state = position({"zones": {"wing_left": ["Grand Alchemist"]}},
                     {"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"], "hand": ["Ward"],
                                "energy": ["3 Gandor Squire"]}}, phase="war")
    _attack(state, card(state, 0, "Grand Alchemist", "wing_left"), card(state, 1, "Gandor Knight", "leader"))
    act(state, 'cast "Ward"')
    assert len(state.zones[1]["energy"]) == 3 - 1 + 1  # paid 1 for Ward, took 1 damage
    assert len(state.zones[1]["deck"]) == 19


def test_support_rests_to_support_its_wing_PTCG_ROLE_09():
    """PTCG-ROLE-09: the left Wing (3000) attacks; the refreshed left Support (2000) rests to support: 5000."""
    state = position({"zones": {"wing_left": ["Quicksilver Adept"], "support_left": ["Left Leg of Gandor"],
                                "support_right": ["Right Leg of Gandor"]}},
                     {"zones": {"wing_left": ["Gandor Knight"]}}, phase="war")
    adept = card(state, 0, "Quicksilver Adept")
    _attack(state, adept, card(state, 1, "Gandor Knight", "wing_left"))
    acts = legal(state)
    left = card(state, 0, "Left Leg of Gandor")
    assert f"support #{left}" in acts and f"support #{card(state, 0, 'Right Leg of Gandor')}" not in acts
    act(state, f"support #{left}")
    battle = [e for e in state.log if e.kind == "battle"][-1]
    assert battle.data[0:2] == (5000, 4000)
    assert rested(state, left) and names(state, 1, "lost") == ["Gandor Knight"]


def test_leader_attack_supported_without_resting_PTCG_ROLE_10():
    """PTCG-ROLE-10: the Leader (5000) attacks with a refreshed Support (2000): 7000, and the Support stays
    refreshed; a rested Support cannot be added."""
    state = position({"zones": {"leader": ["Gandor Regent"], "history": ["Gandor Squire"],
                                "support_left": ["Gandor Archivist"], "support_right": ["Gandor Knight"]},
                      "cards": [{"name": "Gandor Knight", "zone": "support_right", "tapped": True}]},
                     {"zones": {"leader": ["Gandor Warlord"]}}, phase="war")
    arch = card(state, 0, "Gandor Archivist")
    _attack(state, card(state, 0, "Gandor Regent"), card(state, 1, "Gandor Warlord"))
    acts = legal(state)
    assert f"support #{arch}" in acts
    assert f"support #{card(state, 0, 'Gandor Knight', 'support_right')}" not in acts
    act(state, f"support #{arch}")
    battle = [e for e in state.log if e.kind == "battle"][-1]
    assert battle.data[0:2] == (7000, 6000)
    assert not rested(state, arch)


def test_option_leader_one_support_PTCG_ROLE_10():
    pos = {"zones": {"leader": ["Gandor Regent"], "history": ["Gandor Squire"],
                     "support_left": ["Gandor Archivist"], "support_right": ["Gandor Page"]}}
    state = position(pos, phase="war", options={"leader_one_support": True})
    _attack(state, card(state, 0, "Gandor Regent"), card(state, 1, "Gandor Squire"))
    act(state, f"support #{card(state, 0, 'Gandor Archivist')}")
    assert state.phase != "support"
    state = position(pos, phase="war")
    _attack(state, card(state, 0, "Gandor Regent"), card(state, 1, "Gandor Squire"))
    act(state, f"support #{card(state, 0, 'Gandor Archivist')}")
    assert state.phase == "support" and f"support #{card(state, 0, 'Gandor Page')}" in legal(state)


def test_support_ability_only_while_refreshed_PTCG_ROLE_08():
    """PTCG-ROLE-08: a refreshed Support "Leader +1000" shows on the Leader; rested (to support a Wing) it does
    not."""
    state = position({"zones": {"support_left": ["Gandor Page"], "wing_left": ["Gandor Knight"]}}, phase="war")
    leader = card(state, 0, "Gandor Squire", "leader")
    assert power(state, leader) == 3000
    _attack(state, card(state, 0, "Gandor Knight", "wing_left"), card(state, 1, "Gandor Squire"))
    act(state, f"support #{card(state, 0, 'Gandor Page')}")
    assert power(state, leader) == 2000


def test_retreat_at_any_time_PTCG_ROLE_11():
    """PTCG-ROLE-11: during P0's War stage, P1 (defending) retreats a Support: it goes to P1's Lost zone for free."""
    state = position({"zones": {"wing_left": ["Gandor Knight"]}},
                     {"zones": {"support_left": ["Gandor Page"], "energy": ["2 Gandor Squire"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Knight", "wing_left"), card(state, 1, "Gandor Squire"))
    page = card(state, 1, "Gandor Page")
    assert state.current == 1
    act(state, f"retreat #{page}")
    assert names(state, 1, "lost") == ["Gandor Page"]
    assert len(state.zones[1]["energy"]) == 2 + 1  # free; then the battle resolved (1 damage)


def test_wing_cannot_be_removed_voluntarily_PTCG_ZONE_05():
    """PTCG-ZONE-05: a Wing cannot retreat; it leaves only when destroyed."""
    state = position({"zones": {"wing_left": ["Gandor Knight"], "hand": ["Gandor Page"]}})
    knight = card(state, 0, "Gandor Knight", "wing_left")
    assert f"retreat #{knight}" not in legal(state)
    with pytest.raises(IllegalAction, match="PTCG-ZONE-05"):
        act(state, f"retreat #{knight}")


def test_boost_powers_up_battling_units_PTCG_TYPE_02():
    """PTCG-TYPE-02: Banner of Gandor: P0's battling units have +2000 power (only while battling)."""
    state = position({"zones": {"boost": ["Banner of Gandor"], "wing_left": ["Gandor Knight"]}},
                     {"zones": {"wing_left": ["Gandor Warlord"]}}, phase="war")
    knight = card(state, 0, "Gandor Knight", "wing_left")
    assert power(state, knight) == 4000
    _attack(state, knight, card(state, 1, "Gandor Warlord"))
    battle = [e for e in state.log if e.kind == "battle"][-1]
    assert battle.data[0:2] == (6000, 6000)
    assert names(state, 1, "lost") == ["Gandor Warlord"] and names(state, 0, "boost") == ["Banner of Gandor"]


def test_defender_boost_in_battle_PTCG_WAR_07_TYPE_02():
    state = position({"zones": {"wing_left": ["Gandor Warlord"]}},
                     {"zones": {"wing_left": ["Gandor Knight"], "hand": ["Banner of Gandor"],
                                "energy": ["2 Gandor Squire"]}}, phase="war")
    _attack(state, card(state, 0, "Gandor Warlord"), card(state, 1, "Gandor Knight", "wing_left"))
    act(state, 'boost "Banner of Gandor"')  # 6000 vs 4000 + 2000: a tie
    assert names(state, 0, "lost") == ["Gandor Warlord"] and names(state, 1, "lost")[-1] == "Gandor Knight"
    assert names(state, 1, "boost") == ["Banner of Gandor"]


def test_level_down_destroys_wings_above_level_PTCG_ROLE_05_TERM_19():
    """PTCG-ROLE-05, PTCG-TERM-19: Leader Level 2 with a Level 2 Wing; level down to Level 1: the Leader card is
    Lost, the Level 1 card leads, and the Wing is destroyed."""
    state = position(p1={"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                   "wing_left": ["Right Arm of Gandor"], "wing_right": ["Gandor Knight"]}})
    run_effect(state, [{"level_down": {"player": "opponent"}}], card(state, 0, "Gandor Squire"), 0)
    assert names(state, 1, "leader") == ["Gandor Knight"]
    assert names(state, 1, "history") == ["Gandor Squire"]
    assert names(state, 1, "lost") == ["Left Arm of Gandor", "Right Arm of Gandor"]
    assert names(state, 1, "wing_right") == ["Gandor Knight"]


def test_effect_may_play_above_level_and_level_down_loses_it_PTCG_ROLE_06():
    """PTCG-ROLE-06: a Level 1 Leader; an effect plays a Level 3 Wing (allowed); a level down loses it, even a
    Support; option above_level_loss_only_if_above keeps cards no longer above the level."""
    pos = {"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                     "hand": ["Gandor Warlord", "Gandor Archivist"]}}
    state = position(pos)
    me = card(state, 0, "Gandor Knight", "leader")
    run_effect(state, [{"put_into_play": {"target": {"zone": "you.hand", "filter": {"name": "Gandor Warlord"}},
                                          "zone": "wing"}}], me, 0)
    act(state, "option wing_left")
    assert names(state, 0, "wing_left") == ["Gandor Warlord"]
    run_effect(state, [{"level_down": {"player": "you"}}], me, 0)
    assert "Gandor Warlord" in names(state, 0, "lost")
    # a card put into play above the level stays flagged; reading (a) loses it at any later level down, reading
    # (b) (option above_level_loss_only_if_above) only if it is still above the new level
    pos2 = {"zones": {"leader": ["Gandor Regent"], "history": ["Gandor Squire", "Gandor Knight", "Left Arm of Gandor"],
                      "support_left": ["Left Leg of Gandor"]},
            "cards": [{"name": "Left Leg of Gandor", "status": {"above_level": 1}}]}
    for opt, lost in ((False, True), (True, False)):
        state = position(pos2, options={"above_level_loss_only_if_above": opt})
        run_effect(state, [{"level_down": {"player": "you"}}], card(state, 0, "Gandor Regent"), 0)
        assert names(state, 0, "leader") == ["Left Arm of Gandor"]
        assert ("Left Leg of Gandor" in names(state, 0, "lost")) is lost


def test_call_to_arms_plays_above_level_PTCG_ROLE_06():
    """Call to Arms puts an Arm of Gandor (Level 2) into play under a Level 1 Leader; a level down then loses it."""
    state = position({"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "hand": ["Call to Arms", "Right Arm of Gandor"], "energy": ["Gandor Page"]}})
    act(state, 'cast "Call to Arms"')
    assert {a.text() for a in state.legal_actions()} == {f"option {z}" for z in ("wing_left", "wing_right",
                                                                                  "support_left", "support_right")}
    act(state, "option wing_right")
    arm = card(state, 0, "Right Arm of Gandor")
    assert state.loc[arm] == (0, "wing_right") and state.cs[arm].status.get("above_level") == 1
    assert len(state.zones[0]["hand"]) == 1  # its "In Wing zone: draw 1" worked
    run_effect(state, [{"level_down": {"player": "opponent"}}], card(state, 1, "Gandor Squire"), 1)
    assert "Right Arm of Gandor" in names(state, 0, "lost")


def test_supports_not_checked_when_the_leader_drops_PTCG_ROLE_04():
    """PTCG-ROLE-04 (reading): Supports are checked only when played, not when the Leader later drops."""
    state = position(p1={"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                   "support_left": ["Left Leg of Gandor"]}})
    run_effect(state, [{"level_down": {"player": "opponent"}}], card(state, 0, "Gandor Squire"), 0)
    assert names(state, 1, "support_left") == ["Left Leg of Gandor"]


def test_power_field_drives_battle_PTCG_CARD_04():
    """PTCG-CARD-04: higher Power is stronger both on attack and on defence."""
    state = position({"zones": {"wing_left": ["Gandor Knight"]}}, {"zones": {"wing_left": ["Quicksilver Adept"]}},
                     phase="war")
    _attack(state, card(state, 0, "Gandor Knight", "wing_left"), card(state, 1, "Quicksilver Adept"))
    assert names(state, 1, "lost") == ["Quicksilver Adept"]
