"""Perfect TCG keywords (PTCG-TERM-01..23): Lose, Armour (and decaying), Remove, Excavate, Energise, Refresh, Rest,
Heal, Counter, Sacrifice, Level down, Stasis, Mind Wipe; damage to units (PTCG-DMG-02)."""

from __future__ import annotations

import pytest
from ptcg_helpers import RULES, act, card, legal, names, position, power, rested, run_effect

from tcgkit.core.errors import IllegalAction


def _src(state, player=0):
    return card(state, player, "Gandor Squire", "leader")


def test_lose_sends_to_the_lost_zone_PTCG_TERM_01():
    """PTCG-TERM-01: "Lose a card" aimed at a Wing unit: it moves from the Wing zone to the Lost zone."""
    state = position(p1={"zones": {"wing_left": ["Gandor Knight"]}})
    run_effect(state, [{"lose": {"target": "opponent.wing"}}], _src(state), 0)
    assert names(state, 1, "wing_left") == [] and names(state, 1, "lost") == ["Gandor Knight"]


def test_lose_from_a_pile_takes_the_top_PTCG_TERM_01():
    state = position(p1={"zones": {"deck": ["Gandor Page", "Gandor Knight"]}})
    run_effect(state, [{"lose": {"target": "opponent.deck.top"}}], _src(state), 0)
    assert names(state, 1, "lost") == ["Gandor Knight"] and names(state, 1, "deck") == ["Gandor Page"]


# ------------------------------------------------------------------ armour
def test_armour_stacks_PTCG_TERM_07():
    """PTCG-TERM-07: effects granting 2 and 1 Armour: the player has 3; static Armour adds to it."""
    state = position()
    run_effect(state, [{"armour": {"amount": 2}}, {"armour": {"amount": 1}}], _src(state), 0)
    assert RULES.armour(state, 0) == (3, 0)
    state = position({"zones": {"support_left": ["Gandor Shieldbearer"], "support_right": ["Right Leg of Gandor"]},
                      "resources": {"armour": 1}})
    assert RULES.armour(state, 0) == (3, 0)


def _hit(state, amount, player=1):
    leader = card(state, player, "Gandor Squire", "leader")
    run_effect(state, [{"damage": {"target": leader, "amount": amount}}], _src(state, 1 - player), 1 - player)


def test_armour_reduces_damage_per_turn_PTCG_TERM_08():
    """PTCG-TERM-08: with 3 Armour a 4-damage hit is reduced to 1; a 2-damage hit can go to 0 (the extra 1 is not
    used); the reduction is a choice; the pool is per turn."""
    state = position(p1={"resources": {"armour": 3}})
    _hit(state, 4)
    assert state.current == 1 and {a.text() for a in state.legal_actions()} == {f"option {i}" for i in range(4)}
    act(state, "option 3")
    assert len(state.zones[1]["energy"]) == 1
    state = position(p1={"resources": {"armour": 3}})
    _hit(state, 2)
    assert {a.text() for a in state.legal_actions()} == {"option 0", "option 1", "option 2"}
    act(state, "option 2")
    assert len(state.zones[1]["energy"]) == 0 and RULES.armour_available(state, 1) == 1
    _hit(state, 2)  # the same turn: 1 left in the pool
    act(state, "option 1")
    assert len(state.zones[1]["energy"]) == 1 and RULES.armour_available(state, 1) == 0
    _hit(state, 1)  # nothing left: no decision
    assert len(state.zones[1]["energy"]) == 2
    RULES.end_turn(state)
    RULES.settle(state)
    assert RULES.armour_available(state, 1) == 3  # a new turn, a new pool


def test_armour_is_optional_PTCG_TERM_08():
    state = position(p1={"resources": {"armour": 3}})
    _hit(state, 2)
    act(state, "option 0")
    assert len(state.zones[1]["energy"]) == 2


def test_option_armour_per_hit_PTCG_TERM_08():
    state = position(p1={"resources": {"armour": 2}}, options={"armour_per_hit": True})
    _hit(state, 2)
    act(state, "option 2")
    _hit(state, 2)
    act(state, "option 2")
    assert len(state.zones[1]["energy"]) == 0


def test_decaying_armour_PTCG_TERM_09():
    """PTCG-TERM-09: 3 decaying Armour prevents 2 of a 2-damage hit: it is now 1, and still 1 next turn."""
    state = position()
    run_effect(state, [{"armour": {"player": "opponent", "amount": 3, "decaying": True}}], _src(state), 0)
    assert RULES.armour(state, 1) == (0, 3)
    _hit(state, 2)
    act(state, "option 2")
    assert RULES.armour(state, 1) == (0, 1) and state.zones[1]["energy"] == []
    RULES.end_turn(state)
    RULES.settle(state)
    assert RULES.armour(state, 1) == (0, 1)


def test_gandors_bulwark_gives_decaying_armour_PTCG_TERM_09():
    state = position({"zones": {"hand": ["Gandor's Bulwark"], "energy": ["Gandor Knight"],
                                "leader": ["Gandor Knight"], "history": ["Gandor Squire"]}})
    act(state, "cast \"Gandor's Bulwark\"")
    assert state.res[0]["decaying"] == 3


# ------------------------------------------------------------------ energy keywords
def test_remove_sends_opponent_energy_to_their_lost_PTCG_TERM_10_ULT_06():
    """PTCG-TERM-10, PTCG-ULT-06: P1 has 6 Energy; P0 removes 2: P1 has 4, P1's Lost zone gained 2, P0's zones are
    unchanged."""
    state = position(p1={"zones": {"energy": ["6 Gandor Knight"]}})
    before = {z: list(v) for z, v in state.zones[0].items()}
    run_effect(state, [{"remove": {"player": "opponent", "amount": 2}}], _src(state), 0)
    assert len(state.zones[1]["energy"]) == 4 and len(state.zones[1]["lost"]) == 2
    assert state.zones[0] == before
    run_effect(state, [{"remove": {"player": "opponent", "amount": 9}}], _src(state), 0)  # PTCG-ULT-03
    assert state.zones[1]["energy"] == [] and len(state.zones[1]["lost"]) == 6


def test_energise_PTCG_TERM_12():
    """PTCG-TERM-12: energise the top card of the deck with Energy 4: Energy 5 (face down), deck one smaller."""
    state = position({"zones": {"energy": ["4 Gandor Knight"]}})
    run_effect(state, [{"energise": {"count": 1}}], _src(state), 0)
    assert len(state.zones[0]["energy"]) == 5 and len(state.zones[0]["deck"]) == 19
    assert state.res[0]["energy"] == 5


def test_energise_from_hand_PTCG_TERM_12():
    """Channel energises up to 2 cards from the hand (a choice, "up to")."""
    state = position({"zones": {"hand": ["Channel", "Gandor Knight", "Gandor Page", "Gandor Archivist"]}})
    act(state, 'cast "Channel"')
    assert state.current == 0 and "done" in legal(state)
    act(state, 'choose "Gandor Knight"')
    act(state, 'choose "Gandor Page"')
    assert len(state.zones[0]["energy"]) == 2 and names(state, 0, "hand") == ["Gandor Archivist"]


def test_excavate_PTCG_TERM_11():
    """PTCG-TERM-11: 3-card Artefact deck, only the right Support zone empty: the top Artefact goes there face up."""
    state = position({"zones": {"artefacts": ["Crown of Gandor", "Gandor War Horn", "Aegis of Gandor"],
                                "wing_left": ["Gandor Knight"], "wing_right": ["Gandor Knight"],
                                "support_left": ["Gandor Page"]}})
    run_effect(state, [{"excavate": {}}], _src(state), 0)
    assert names(state, 0, "artefacts") == ["Crown of Gandor", "Gandor War Horn"]
    assert names(state, 0, "support_right") == ["Aegis of Gandor"]
    assert state.visible(card(state, 0, "Aegis of Gandor"), 1)
    assert RULES.armour(state, 0) == (1, 0)  # the Artefact's effect works where it stands


def test_excavate_chooses_among_empty_zones_PTCG_TERM_11():
    state = position({"zones": {"artefacts": ["Crown of Gandor"], "hand": ["Gandor Archivist"],
                                "leader": ["Gandor Knight"], "history": ["Gandor Squire"]}})
    act(state, 'play "Gandor Archivist" support_left')  # In Support zone: Excavate
    assert {a.text() for a in state.legal_actions()} == {"option wing_left", "option wing_right",
                                                          "option support_right"}
    act(state, "option wing_right")
    assert names(state, 0, "wing_right") == ["Crown of Gandor"]
    leader = card(state, 0, "Gandor Knight", "leader")
    assert power(state, leader) == 5000
    assert RULES.targets(state, 0) == [leader]  # an Artefact is not a unit: it cannot be attacked


def test_excavate_with_nothing_to_excavate_PTCG_ULT_02():
    """PTCG-ULT-02: excavate with an empty Artefact deck (or no empty zone) does nothing, with no error."""
    state = position()
    before = state.to_json()
    run_effect(state, [{"excavate": {}}], _src(state), 0)
    after = state.to_json()
    for key in ("zones", "res"):
        assert after[key] == before[key]


def test_refresh_and_rest_verbs_PTCG_TERM_13_TERM_14():
    state = position({"zones": {"wing_left": ["Gandor Knight"]}})
    knight = card(state, 0, "Gandor Knight", "wing_left")
    run_effect(state, [{"rest": {"target": "you.wing"}}], _src(state), 0)
    assert rested(state, knight)
    run_effect(state, [{"refresh": {"target": "you.wing"}}], _src(state), 0)
    assert not rested(state, knight)


def test_heal_PTCG_TERM_16():
    """PTCG-TERM-16: deck 10, Lost 5, Heal 3: deck 13 (shuffled), Lost 2."""
    state = position({"zones": {"deck": ["10 Gandor Knight"], "lost": ["5 Gandor Page"]}})
    run_effect(state, [{"heal": {"target": "you", "amount": 3}}], _src(state), 0)
    assert len(state.zones[0]["deck"]) == 13 and len(state.zones[0]["lost"]) == 2
    assert any(e.kind == "shuffle" for e in state.log)


def test_heal_takes_the_top_of_the_lost_zone_PTCG_ULT_07_ULT_03():
    """PTCG-ULT-07: Heal 2 with Lost [C, B, A (top)] shuffles exactly A and B; PTCG-ULT-03: Heal 5 with 2 Lost
    cards heals those 2."""
    state = position({"zones": {"deck": [], "lost": ["Gandor Page", "Gandor Knight", "Gandor Archivist"]}})
    run_effect(state, [{"heal": {"target": "you", "amount": 2}}], _src(state), 0)
    assert names(state, 0, "lost") == ["Gandor Page"]
    assert sorted(names(state, 0, "deck")) == ["Gandor Archivist", "Gandor Knight"]
    state = position({"zones": {"deck": ["Gandor Knight"], "lost": ["2 Gandor Page"]}})
    run_effect(state, [{"heal": {"target": "you", "amount": 5}}], _src(state), 0)
    assert len(state.zones[0]["deck"]) == 3 and state.zones[0]["lost"] == []


def test_counters_mean_only_what_the_card_says_PTCG_TERM_17():
    """PTCG-TERM-17: 2 counters on a unit change nothing unless its text says; Chronicle Keeper's counters give the
    Leader power (its text); counters leave with the card."""
    state = position({"zones": {"wing_left": ["Gandor Knight"], "support_left": ["Chronicle Keeper"]}})
    knight = card(state, 0, "Gandor Knight", "wing_left")
    keeper = card(state, 0, "Chronicle Keeper")
    leader = card(state, 0, "Gandor Squire", "leader")
    run_effect(state, [{"add_counter": {"target": "you.wing", "counter": "x", "amount": 2}}], _src(state), 0)
    assert state.cs[knight].counters == {"x": 2} and power(state, knight) == 4000
    assert power(state, leader) == 2000
    run_effect(state, [{"add_counter": {"target": keeper, "counter": "chronicle", "amount": 2}}], _src(state), 0)
    assert power(state, leader) == 4000
    RULES.destroy(state, knight)
    assert knight not in state.cs


def test_chronicle_keeper_counts_level_ups_PTCG_TERM_17():
    state = position({"zones": {"support_left": ["Chronicle Keeper"], "hand": ["Gandor Knight"]}}, phase="level")
    act(state, 'level "Gandor Knight"')
    assert state.cs[card(state, 0, "Chronicle Keeper")].counters == {"chronicle": 1}
    assert power(state, card(state, 0, "Gandor Knight", "leader")) == 5000


def test_sacrifice_PTCG_TERM_18():
    """PTCG-TERM-18: Gandor Berserker (4000) sacrifices a 2000 Wing: the Wing is Lost, the Berserker has 6000 until
    the end of the turn."""
    state = position({"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                "wing_left": ["Gandor Berserker"], "wing_right": ["Gandor Squire"]}})
    berserker = card(state, 0, "Gandor Berserker")
    act(state, f"activate #{berserker} 0")
    assert names(state, 0, "lost") == ["Gandor Squire"] and names(state, 0, "wing_right") == []
    assert power(state, berserker) == 6000
    assert f"activate #{berserker} 0" not in legal(state)  # once per turn
    RULES.end_turn(state)
    assert power(state, berserker) == 4000


def test_leader_cannot_be_sacrificed_PTCG_TERM_18():
    state = position()
    run_effect(state, [{"sacrifice": {"target": "you.leader"}}], _src(state), 0)
    assert names(state, 0, "leader") == ["Gandor Squire"]


def test_level_down_with_empty_history_is_not_performed_PTCG_TERM_19():
    """PTCG-TERM-19: with no History, a level down would leave no Leader: it is not performed."""
    state = position()
    run_effect(state, [{"level_down": {"player": "you"}}], _src(state), 0)
    assert names(state, 0, "leader") == ["Gandor Squire"] and state.zones[0]["lost"] == []


def test_level_down_PTCG_TERM_19():
    """PTCG-TERM-19: History [L0, L1] under a Level 2 Leader: level down: L2 Lost, L1 leads."""
    state = position({"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"]}})
    run_effect(state, [{"level_down": {"player": "you"}}], card(state, 0, "Left Arm of Gandor"), 0)
    assert names(state, 0, "leader") == ["Gandor Knight"] and names(state, 0, "lost") == ["Left Arm of Gandor"]


# ------------------------------------------------------------------ stasis
def test_stasis_blocks_attack_activation_and_retreat_PTCG_TERM_20():
    """PTCG-TERM-20: a Wing in Stasis cannot attack or activate; a Support in Stasis cannot retreat; a Stasis unit
    can still be attacked."""
    state = position({"zones": {"wing_left": ["Sulphur Golem"], "support_left": ["Gandor Page"]}},
                     {"zones": {"wing_left": ["Gandor Knight"]}}, phase="war")
    golem, page = card(state, 0, "Sulphur Golem"), card(state, 0, "Gandor Page")
    assert f"activate #{golem} 0" in legal(state)
    run_effect(state, [{"stasis": {"target": golem}}, {"stasis": {"target": page}}], _src(state), 0)
    acts = legal(state)
    assert not any(a.startswith(f"attack #{golem}") for a in acts)
    assert f"activate #{golem} 0" not in acts and f"retreat #{page}" not in acts
    with pytest.raises(IllegalAction, match="PTCG-TERM-20"):
        act(state, f"attack #{golem} #{card(state, 1, 'Gandor Squire')}")
    with pytest.raises(IllegalAction, match="PTCG-TERM-20"):
        act(state, f"retreat #{page}")
    assert f"attack #{card(state, 1, 'Gandor Knight', 'wing_left')} #{golem}" not in acts  # (P1's action)
    assert golem in RULES.targets(state, 0)


def test_stasis_support_ability_is_off_PTCG_TERM_20_ROLE_08():
    state = position({"zones": {"support_left": ["Gandor Page"]}})
    leader = card(state, 0, "Gandor Squire", "leader")
    assert power(state, leader) == 3000
    run_effect(state, [{"stasis": {"target": "you.support"}}], _src(state), 0)
    assert power(state, leader) == 2000


def test_refresh_stage_does_not_end_stasis_PTCG_TERM_20():
    state = position({"zones": {"wing_left": ["Gandor Knight"]},
                      "cards": [{"name": "Gandor Knight", "zone": "wing_left", "status": {"stasis": 1}}]},
                     phase="start")
    assert state.phase == "refresh"  # a decision: draw, or end Stasis instead
    act(state, "draw")
    assert RULES.stasis_units(state, 0) == [card(state, 0, "Gandor Knight", "wing_left")]


def test_end_stasis_by_forgoing_the_draw_PTCG_TERM_21():
    """PTCG-TERM-21: in the Refresh stage P0 skips the draw: the deck is unchanged and the Wing is Refreshed."""
    state = position({"zones": {"wing_left": ["Gandor Knight"], "wing_right": ["Gandor Squire"]},
                      "cards": [{"name": "Gandor Knight", "zone": "wing_left", "status": {"stasis": 1}},
                                {"name": "Gandor Squire", "zone": "wing_right", "status": {"stasis": 1}}]},
                     phase="start")
    knight = card(state, 0, "Gandor Knight", "wing_left")
    assert f"end_stasis #{knight}" in legal(state) and "draw" in legal(state)
    act(state, f"end_stasis #{knight}")
    assert len(state.zones[0]["deck"]) == 20 and len(state.zones[0]["hand"]) == 0
    assert RULES.stasis_units(state, 0) == [card(state, 0, "Gandor Squire", "wing_right")]  # one unit per turn
    assert not rested(state, knight) and knight in RULES.attackers(state, 0)


def test_stasis_ends_on_level_up_PTCG_TERM_22():
    """PTCG-TERM-22: the Leader is in Stasis; P0 levels up: the new Leader is not in Stasis."""
    state = position({"zones": {"hand": ["Gandor Knight"]},
                      "cards": [{"name": "Gandor Squire", "zone": "leader", "status": {"stasis": 1}}]},
                     phase="level")
    act(state, 'level "Gandor Knight"')
    assert RULES.stasis_units(state, 0) == []


def test_stasis_ends_on_level_down_PTCG_TERM_22():
    state = position({"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"]},
                      "cards": [{"name": "Gandor Knight", "zone": "leader", "status": {"stasis": 1}}]})
    run_effect(state, [{"level_down": {"player": "you"}}], card(state, 0, "Gandor Knight", "leader"), 0)
    assert names(state, 0, "leader") == ["Gandor Squire"] and RULES.stasis_units(state, 0) == []


# ------------------------------------------------------------------ mind wipe
def test_mind_wipe_PTCG_TERM_23():
    """PTCG-TERM-23: a Mind Wiped Support's Ability no longer applies, and it no longer counts as a card with an
    effect."""
    state = position({"zones": {"support_left": ["Gandor Page"]}})
    page = card(state, 0, "Gandor Page")
    leader = card(state, 0, "Gandor Squire", "leader")
    with_effect = {"zone": "you.support", "filter": {"tag": "effect", "not_status": "mind_wiped"}}
    run_effect(state, [{"set": {"name": "n", "value": {"count": with_effect}}}], _src(state), 0)
    assert power(state, leader) == 3000
    run_effect(state, [{"mind_wipe": {"target": page}}], _src(state), 0)
    assert power(state, leader) == 2000
    from tcgkit.core.effects import select

    assert select(state, {"source": leader, "controller": 0}, with_effect) == []


def test_mind_wiped_guardian_cannot_defend_PTCG_TERM_23():
    state = position({"zones": {"wing_left": ["Gandor Warlord"]}},
                     {"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "wing_right": ["Gandor Squire"]},
                      "cards": [{"name": "Gandor Squire", "zone": "wing_right", "status": {"mind_wiped": 1}}]},
                     phase="war")
    act(state, f"attack #{card(state, 0, 'Gandor Warlord')} #{card(state, 1, 'Gandor Knight', 'leader')}")
    assert state.phase == "war"  # no defender: resolved at once


# ------------------------------------------------------------------ damage to units
def test_undefended_damage_loses_a_unit_PTCG_DMG_02():
    """PTCG-DMG-02: 1 damage to P1's Wing, not prevented: the Wing is Lost; a shielded one stays (the shield is
    used); option unit_damage_battle_only: effect damage does nothing to units."""
    state = position({"zones": {"hand": ["Dissolve"], "energy": ["2 Gandor Knight"],
                                "leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"]}},
                     {"zones": {"wing_left": ["Gandor Knight"]}})
    act(state, 'cast "Dissolve"')
    assert names(state, 1, "lost") == ["Gandor Knight"]
    state = position(p1={"zones": {"wing_left": ["Gandor Knight"]}})
    run_effect(state, [{"prevent": {"target": "opponent.wing"}}, {"damage": {"target": "opponent.wing", "amount": 1}}],
               _src(state), 0)
    assert names(state, 1, "wing_left") == ["Gandor Knight"]
    state = position(p1={"zones": {"wing_left": ["Gandor Knight"]}}, options={"unit_damage_battle_only": True})
    run_effect(state, [{"damage": {"target": "opponent.wing", "amount": 1}}], _src(state), 0)
    assert names(state, 1, "wing_left") == ["Gandor Knight"]
