"""Perfect TCG: setup (PTCG-SETUP-*), the playmat zones (PTCG-ZONE-*), the turn (PTCG-TURN-*), levels
(PTCG-TERM-02..05, PTCG-ROLE-02..06) and paying costs (PTCG-CARD-03/08, PTCG-ENERGY-*, PTCG-TYPE-05)."""

from __future__ import annotations

import json

import pytest
from ptcg_helpers import RULES, act, card, legal, names, position, rested

from tcgkit.core.errors import IllegalAction
from tcgkit.core.state import HIDDEN

DECKS = RULES.decks()


def _start(seed: int = 1, a: str = "Gandor", b: str = "Magister"):
    state = RULES.new_game([DECKS[a], DECKS[b]], seed)
    return state


def _choose_leaders(state):
    while state.phase == "leader":
        act(state, state.legal_actions()[0].text())


# ------------------------------------------------------------------ setup
def test_each_player_chooses_a_level_0_leader_PTCG_SETUP_01_ZONE_04():
    """PTCG-SETUP-01, PTCG-ZONE-04: each player picks a Level 0 unit from the deck as Leader (a decision, one
    option per distinct Level 0 unit); it is the only card of the Leader zone."""
    state = _start()
    assert state.phase == "leader" and state.current == 0
    options = {state.defs[a.args[0]].name for a in state.legal_actions()}
    assert options == {"Gandor Squire", "Gandor Page"}
    act(state, 'leader "Gandor Page"')
    assert state.current == 1
    options = {state.defs[a.args[0]].name for a in state.legal_actions()}
    assert options == {"Novice Magister", "Mana Wisp"}
    act(state, 'leader "Mana Wisp"')
    assert names(state, 0, "leader") == ["Gandor Page"]
    assert names(state, 1, "leader") == ["Mana Wisp"]
    assert state.zones[0]["history"] == [] and state.zones[0]["setup"] == []


def test_leader_choice_is_secret_until_both_chose_PTCG_SETUP_01():
    """The first player's choice is not visible to the second before the second chooses."""
    state = _start()
    act(state, 'leader "Gandor Page"')
    obs = json.dumps(state.observation(1))
    assert "Gandor Page" not in obs
    assert state.zones[0]["leader"] == []


def test_shuffle_and_draw_seven_PTCG_SETUP_02_ZONE_01():
    """PTCG-SETUP-02, PTCG-ZONE-01: after setup each hand holds 7 and each deck 32 (40 - Leader - 7); the first
    player then draws in the Refresh stage. The deck is face down to both players."""
    state = _start(seed=5)
    _choose_leaders(state)
    first = state.vars["first_player"]
    second = 1 - first
    assert len(state.zones[second]["hand"]) == 7 and len(state.zones[second]["deck"]) == 32
    assert len(state.zones[first]["hand"]) == 8 and len(state.zones[first]["deck"]) == 31  # PTCG-TURN-03
    assert RULES.ZONES["deck"] == HIDDEN
    for viewer in (0, 1):
        deck_view = state.observation(viewer)["players"][viewer]["zones"]["deck"]
        assert deck_view == {"count": len(state.zones[viewer]["deck"])}


def test_coin_decides_who_starts_PTCG_SETUP_03():
    """PTCG-SETUP-03: a coin flip chooses the first player, reproducibly from the seed; the first player draws and
    may act on turn 1 (no first-turn limits)."""
    firsts = []
    for seed in range(30):
        a, b = _start(seed), _start(seed)
        _choose_leaders(a)
        _choose_leaders(b)
        assert a.vars["first_player"] == b.vars["first_player"]
        assert a.active == a.vars["first_player"] and a.turn == 1
        firsts.append(a.vars["first_player"])
    assert 0 < sum(firsts) < 30


def test_artefact_deck_shuffled_face_down_PTCG_ZONE_03():
    """PTCG-ZONE-03: the Artefact deck is shuffled and face down in the Artefact zone."""
    orders = set()
    for seed in range(12):
        state = _start(seed)
        arts = state.zones[0]["artefacts"]
        assert sorted(state.defs[c].name for c in arts) == sorted(DECKS["Gandor"].section("artefacts"))
        orders.add(tuple(state.defs[c].name for c in arts))
    assert len(orders) > 1
    assert RULES.ZONES["artefacts"] == HIDDEN


# ------------------------------------------------------------------ the turn
def test_stage_order_PTCG_TURN_01():
    """PTCG-TURN-01: Refresh, Bonus, Level, Main, War, then the opponent's Refresh."""
    state = position({"zones": {"hand": ["Banner of Gandor", "Gandor Knight", "Gandor Page"],
                                "energy": ["3 Gandor Squire"]}},
                     phase="start", turn=3)
    seen = [state.phase]
    assert state.phase == "bonus"  # the Refresh stage drew the card and moved on
    act(state, "pass")
    seen.append(state.phase)
    act(state, "pass")
    seen.append(state.phase)
    act(state, "pass")
    seen.append(state.phase)
    act(state, "end")
    assert (seen, state.active, state.turn) == (["bonus", "level", "main", "war"], 1, 4)
    events = [e.kind for e in state.log if e.kind in ("turn_start", "turn_end")]
    assert events == ["turn_start", "turn_end", "turn_start"]


def test_refresh_stage_refreshes_own_rested_units_PTCG_TURN_02_TERM_13():
    """PTCG-TURN-02, PTCG-TERM-13: at the start of P0's turn P0's rested units turn vertical; P1's stay rested."""
    state = position({"zones": {"wing_left": ["Gandor Knight"]},
                      "cards": [{"name": "Gandor Knight", "tapped": True}, {"name": "Gandor Squire", "tapped": True}]},
                     {"zones": {"wing_left": ["Gandor Knight"]}, "cards": [{"name": "Gandor Knight", "tapped": True}]},
                     phase="start")
    assert not rested(state, card(state, 0, "Gandor Knight", "wing_left"))
    assert not rested(state, card(state, 0, "Gandor Squire", "leader"))
    assert rested(state, card(state, 1, "Gandor Knight", "wing_left"))


def test_refresh_stage_draws_one_PTCG_TURN_03():
    """PTCG-TURN-03: hand 5, deck 20 -> hand 6, deck 19."""
    state = position({"zones": {"hand": ["5 Gandor Knight"]}}, phase="start")
    assert len(state.zones[0]["hand"]) == 6 and len(state.zones[0]["deck"]) == 19


def test_bonus_stage_one_boost_PTCG_TURN_04_ZONE_08_TYPE_02():
    """PTCG-TURN-04, PTCG-TYPE-02, PTCG-CARD-08: one Boost in the Bonus stage, paying its cost; then the Level
    stage comes (no second Boost)."""
    state = position({"zones": {"hand": ["Banner of Gandor", "Volatile Flask"], "energy": ["5 Gandor Knight"]}},
                     phase="bonus")
    assert {'boost "Banner of Gandor"', 'boost "Volatile Flask"'} <= legal(state)
    act(state, 'boost "Banner of Gandor"')
    assert names(state, 0, "boost") == ["Banner of Gandor"]
    assert len(state.zones[0]["energy"]) == 4 and state.res[0]["energy"] == 4
    assert state.phase != "bonus"
    with pytest.raises(IllegalAction):
        act(state, 'boost "Volatile Flask"')


def test_new_boost_replaces_the_active_one_PTCG_ZONE_08():
    """PTCG-ZONE-08: playing Boost B while Boost A is active sends A to the Lost zone."""
    state = position({"zones": {"hand": ["Volatile Flask"], "boost": ["Banner of Gandor"],
                                "energy": ["5 Gandor Knight"]}}, phase="bonus")
    act(state, 'boost "Volatile Flask"')
    assert names(state, 0, "boost") == ["Volatile Flask"]
    assert "Banner of Gandor" in names(state, 0, "lost")


def test_level_stage_level_up_PTCG_TURN_05_TERM_02_TERM_03_TERM_04_TERM_05():
    """PTCG-TURN-05, PTCG-TERM-02, PTCG-TERM-03, PTCG-TERM-04, PTCG-TERM-05: a unit exactly one level above the
    Leader goes on top; the old Leader is the History right away; a unit two levels above is rejected."""
    state = position({"zones": {"hand": ["Gandor Knight", "Left Arm of Gandor"]}}, phase="level")
    assert 'level "Gandor Knight"' in legal(state)
    assert 'level "Left Arm of Gandor"' not in legal(state)
    act(state, 'level "Gandor Knight"')
    assert names(state, 0, "leader") == ["Gandor Knight"]
    assert names(state, 0, "history") == ["Gandor Squire"]
    assert any(e.kind == "level_up" for e in state.log)
    assert RULES.stat(state, card(state, 0, "Gandor Knight", "leader"), "level") == 1


def test_history_holds_every_former_leader_PTCG_TERM_03():
    """PTCG-TERM-03: after 0 -> 1 -> 2, the History is the Level 0 and Level 1 cards, the Leader is Level 2."""
    state = position({"zones": {"hand": ["Gandor Knight"]}}, phase="level")
    act(state, 'level "Gandor Knight"')
    state = position({"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "hand": ["Left Arm of Gandor"]}}, phase="level")
    act(state, 'level "Left Arm of Gandor"')
    assert names(state, 0, "history") == ["Gandor Squire", "Gandor Knight"]
    assert names(state, 0, "leader") == ["Left Arm of Gandor"]


def test_one_level_up_per_turn_PTCG_ROLE_02():
    """PTCG-ROLE-02: 0 -> 1 in the Level stage; a second level-up the same turn is not offered."""
    state = position({"zones": {"hand": ["Gandor Knight", "Left Arm of Gandor"]}}, phase="level")
    act(state, 'level "Gandor Knight"')
    state.phase = "level"
    assert not any(a.startswith("level") for a in legal(state))
    arm = card(state, 0, "Left Arm of Gandor")
    assert "PTCG-ROLE-02" in RULES.explain_illegal(state, state.parse_action(f"level #{arm}"))


def test_main_stage_plays_at_or_below_leader_level_PTCG_TURN_06_CARD_03_ROLE_04_ZONE_06():
    """PTCG-TURN-06, PTCG-CARD-03, PTCG-ROLE-04, PTCG-ZONE-06: with a Level 2 Leader, Level 2 and Level 1 units go
    into empty Wing/Support zones; a Level 3 unit is rejected (with its clause)."""
    state = position({"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                "hand": ["Right Arm of Gandor", "Gandor Page", "Gandor Regent"]}})
    assert state.phase == "main"
    act(state, 'play "Right Arm of Gandor" wing_right')
    act(state, 'play "Gandor Page" support_left')
    assert names(state, 0, "wing_right") == ["Right Arm of Gandor"]
    assert names(state, 0, "support_left") == ["Gandor Page"]
    assert not rested(state, card(state, 0, "Gandor Page"))  # Refreshed
    regent = card(state, 0, "Gandor Regent")
    with pytest.raises(IllegalAction, match="PTCG-CARD-03"):
        act(state, f"play #{regent} wing_left")


def test_two_wing_zones_one_unit_each_PTCG_ROLE_03():
    """PTCG-ROLE-03: two units fill the left and right Wing zones; a third Wing play is impossible."""
    state = position({"zones": {"hand": ["3 Gandor Squire"]}})
    act(state, 'play "Gandor Squire" wing_left')
    act(state, 'play "Gandor Squire" wing_right')
    assert not any(a.startswith("play") and "wing" in a for a in legal(state))
    sq = card(state, 0, "Gandor Squire", "hand")
    with pytest.raises(IllegalAction, match="PTCG-ROLE-03"):
        act(state, f"play #{sq} wing_left")


def test_turn_ends_after_the_last_refreshed_unit_attacks_PTCG_TURN_07():
    """PTCG-TURN-07: Leader and both Wings attack; after the third battle the turn passes with no further input."""
    state = position({"zones": {"wing_left": ["Gandor Knight"], "wing_right": ["Gandor Knight"]}},
                     {"zones": {"leader": ["Gandor Page"]}}, phase="war")
    k1 = card(state, 0, "Gandor Knight", "wing_left")
    k2 = card(state, 0, "Gandor Knight", "wing_right")
    leader = card(state, 0, "Gandor Squire", "leader")
    target = card(state, 1, "Gandor Page", "leader")
    for a in (k1, k2, leader):
        assert state.active == 0
        act(state, f"attack #{a} #{target}")
    assert state.active == 1 and state.turn == 4


def test_refreshed_supports_do_not_keep_the_turn_open_PTCG_TURN_07():
    state = position({"zones": {"support_left": ["Gandor Page"]}}, phase="war")
    act(state, f"attack #{card(state, 0, 'Gandor Squire')} #{card(state, 1, 'Gandor Squire')}")
    assert state.phase == "support"
    act(state, "done")  # no Support added
    assert state.active == 1


# ------------------------------------------------------------------ costs
def test_spell_cost_paid_then_spell_is_lost_PTCG_CARD_08_TYPE_05_ENERGY_02():
    """PTCG-CARD-08, PTCG-TYPE-05, PTCG-ENERGY-02: 5 Energy, a cost-3 spell: Energy 2, the Lost zone gained 3 cards
    plus the spell."""
    state = position({"zones": {"leader": ["Gandor Regent"], "hand": ["Acid Rain"], "energy": ["5 Gandor Knight"]}})
    act(state, 'cast "Acid Rain"')
    assert len(state.zones[0]["energy"]) == 2
    assert names(state, 0, "lost") == ["Gandor Knight"] * 3 + ["Acid Rain"]
    assert names(state, 0, "hand") == []


def test_spell_level_limit_PTCG_CARD_07():
    """PTCG-CARD-07 reading (a): a spell's cost must be at or below the Leader's level (and be paid); option
    spells_ignore_level drops the level limit."""
    pos = {"zones": {"hand": ["Transmutation"], "energy": ["5 Gandor Knight"],
                     "leader": ["Gandor Knight"], "history": ["Gandor Squire"]}}
    state = position(pos)
    assert 'cast "Transmutation"' not in legal(state)
    state = position(pos, options={"spells_ignore_level": True})
    assert 'cast "Transmutation"' in legal(state)


def test_cost_must_be_paid_in_full_PTCG_CARD_08_ENERGY_01():
    """PTCG-CARD-08, PTCG-ENERGY-01: a cost-2 spell with 1 Energy, or a 2-Energy effect with 1 Energy, is refused."""
    state = position({"zones": {"leader": ["Gandor Regent"], "hand": ["Transmutation"], "energy": ["Gandor Knight"],
                                "wing_left": ["Grand Alchemist"]}})
    assert 'cast "Transmutation"' not in legal(state)
    assert not any(a.startswith("activate") for a in legal(state))
    tm = card(state, 0, "Transmutation")
    with pytest.raises(IllegalAction, match="PTCG-CARD-08"):
        act(state, f"cast #{tm}")


def test_units_cost_nothing_and_boosts_not_in_main_PTCG_TURN_06():
    state = position({"zones": {"hand": ["Gandor Knight", "Banner of Gandor"], "energy": ["3 Gandor Squire"],
                                "leader": ["Gandor Knight"], "history": ["Gandor Squire"]}})
    act(state, 'play "Gandor Knight" wing_left')
    assert len(state.zones[0]["energy"]) == 3
    assert not any(a.startswith("boost") for a in legal(state))


def test_damage_moves_deck_cards_to_energy_PTCG_ZONE_07_DMG_01():
    """PTCG-ZONE-07, PTCG-DMG-01: deck 20 and Energy 3, 4 damage: deck 16, Energy 7, face down."""
    state = position(p1={"zones": {"energy": ["3 Gandor Knight"]}}, phase="war")
    RULES.take_damage(state, 1, 4)
    assert len(state.zones[1]["deck"]) == 16 and len(state.zones[1]["energy"]) == 7
    assert state.res[1]["energy"] == 7
    assert RULES.ZONES["energy"] == HIDDEN


def test_lost_zone_is_public_and_ordered_PTCG_ZONE_02():
    """PTCG-ZONE-02: destroyed cards go to their owner's Lost zone, newest on top, visible to both."""
    state = position(p1={"zones": {"wing_left": ["Gandor Knight"], "wing_right": ["Gandor Squire"]}})
    RULES.destroy(state, card(state, 1, "Gandor Knight"))
    RULES.destroy(state, card(state, 1, "Gandor Squire", "wing_right"))
    assert names(state, 1, "lost") == ["Gandor Knight", "Gandor Squire"]
    assert names(state, 0, "lost") == []
    obs = state.observation(0)["players"][1]["zones"]["lost"]
    assert [c["name"] for c in obs["cards"]] == ["Gandor Knight", "Gandor Squire"]
