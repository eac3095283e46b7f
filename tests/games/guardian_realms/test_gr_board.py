"""Bases and lanes, swapping, classes, combat, defeat and discard, return to hand, sacrifices, infusions and Field
cards (GR-BASE, GR-SWAP, GR-LANE, GR-CLASS, GR-COMBAT, GR-DEF, GR-RTH, GR-SAC, GR-FIELD, GR-META)."""

from __future__ import annotations

import json

import pytest
from gr_helpers import RULES, card, do, hp, position, status

from tcgkit.core.errors import IllegalAction


def texts(s) -> list[str]:
    return [a.text() for a in s.legal_actions()]


def rejected(s, action: str, match: str | None = None) -> None:
    """The action raises IllegalAction and changes nothing."""
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=match):
        s.apply(action)
    assert json.dumps(s.to_json(), sort_keys=True) == before


# ---------------------------------------------------------------------------------------------- bases


def test_outposts_gr_base_01_stronghold_gr_base_02_lanes_gr_base_03() -> None:
    """GR-BASE-01, GR-BASE-02, GR-BASE-03: two 50-HP Outposts (lanes 1 and 3) and a 100-HP Stronghold (lane 2),
    one Base per lane."""
    s = RULES.new_game(["Ember Vanguard", "Stone Bastion"], seed=2)
    for p in (0, 1):
        assert (s.res[p]["b1"], s.res[p]["b2"], s.res[p]["b3"]) == (50, 100, 50)
        for lane in (1, 2, 3):
            assert f"lane{lane}" in s.zones[p] and f"equip{lane}" in s.zones[p] and f"effect{lane}" in s.zones[p]
    obs = s.observation(0)
    assert obs["players"][1]["resources"]["b2"] == 100


def test_base_destroyed_gr_base_04() -> None:
    """GR-BASE-04: 50 damage destroys an Outpost; a Base can be attacked only while it holds no Guardian;
    damage to a destroyed Base is ignored."""
    s = position({"lane1": ["Pyre Colossus"], "hand": ["Siege Strike"]}, {"lane2": ["Moss Whelp"]},
                 res1={"b1": 10})
    colossus = card(s, 0, "Pyre Colossus")
    assert f"attack #{colossus} base1" in texts(s)
    assert f"attack #{colossus} base2" not in texts(s)  # its Guardian guards the Stronghold
    do(s, f"attack #{colossus} base1")
    assert s.res[1]["b1"] == 0
    assert any(ev.kind == "base_destroyed" for ev in s.log)
    do(s, 'play "Siege Strike" base2')
    do(s, "option lane1")
    assert s.res[1]["b1"] == 0
    s = position({"lane3": ["Ashen Brute"]}, {"lane3": ["Moss Whelp"]})
    assert f"attack #{card(s, 0, 'Ashen Brute')} base3" not in texts(s)
    s = position({"lane3": ["Ashen Brute"]}, {"lane3": ["Moss Whelp"]}, options={"bases_always_targetable": True})
    assert f"attack #{card(s, 0, 'Ashen Brute')} base3" in texts(s)


def test_base_slots_gr_base_05() -> None:
    """GR-BASE-05: a Base holds one Guardian, one Equipment (equipping that Guardian) and one Effect; a second
    Equipment replaces the first; on a swap the Equipment travels with its Guardian."""
    s = position({"lane1": ["Ashen Brute"], "lane2": ["Moss Whelp"], "hand": ["Flame Blade", "Twin Daggers"]},
                 {"lane3": ["Moss Whelp"]})
    brute, whelp = card(s, 0, "Ashen Brute"), card(s, 0, "Moss Whelp")
    do(s, f"equip #{card(s, 0, 'Flame Blade')} #{brute}")
    assert [s.name(c) for c in s.zone(0, "equip1")] == ["Flame Blade"]
    do(s, f"equip #{card(s, 0, 'Twin Daggers')} #{brute}")
    assert [s.name(c) for c in s.zone(0, "equip1")] == ["Twin Daggers"]
    assert "Flame Blade" in [s.name(c) for c in s.zone(0, "discard")]
    do(s, f"swap #{brute} #{whelp}")
    assert [s.name(c) for c in s.zone(0, "equip2")] == ["Twin Daggers"] and s.zone(0, "equip1") == []
    s = position({"hand": ["Flame Blade"]})
    assert not any(a.kind == "equip" for a in s.legal_actions())  # no Guardian, no Equipment


def test_destroyed_outpost_closes_lane_gr_base_06() -> None:
    """GR-BASE-06: no summons into the lane of your destroyed Outpost; other lanes stay open."""
    s = position({"hand": ["Moss Whelp"]}, res0={"b1": 0})
    whelp = card(s, 0, "Moss Whelp")
    rejected(s, f"summon #{whelp} lane1", "GR-BASE-06")
    assert f"summon #{whelp} lane2" in texts(s) and f"summon #{whelp} lane3" in texts(s)


def test_lane_open_to_opponent_gr_base_07() -> None:
    """GR-BASE-07: after A's lane-1 Outpost falls, B summons into B's own lane-1 Base."""
    s = position(None, {"hand": ["Moss Whelp"]}, res0={"b1": 0}, active=1)
    do(s, 'summon "Moss Whelp" lane1')
    assert s.zone(1, "lane1") == [card(s, 1, "Moss Whelp")]


def test_guardian_stays_after_outpost_falls_gr_base_08() -> None:
    """GR-BASE-08: a Guardian in a lane whose Outpost falls stays in play and can still attack."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Pyre Colossus"]}, active=1, res0={"b1": 0})
    brute = card(s, 0, "Ashen Brute")
    assert s.loc[brute][1] == "lane1"
    do(s, "end")
    assert f"attack #{brute} #{card(s, 1, 'Pyre Colossus')}" in texts(s)


def test_no_swap_from_destroyed_outpost_gr_base_09() -> None:
    """GR-BASE-09: a Guardian in a destroyed Outpost's lane cannot be swapped; no DZ is spent."""
    s = position({"lane1": ["Ashen Brute"], "lane2": ["Moss Whelp"]}, res0={"b1": 0})
    rejected(s, f"swap #{card(s, 0, 'Ashen Brute')} #{card(s, 0, 'Moss Whelp')}")


# ---------------------------------------------------------------------------------------------- swapping


def swap_position():
    s = position({"lane1": ["Ashen Brute"], "lane2": ["Flame Lasher"]}, {"lane1": ["Moss Whelp"]},
                 res0={"dz": 2})
    return s, card(s, 0, "Ashen Brute"), card(s, 0, "Flame Lasher"), card(s, 1, "Moss Whelp")


def test_swap_gr_swap_01() -> None:
    """GR-SWAP-01: two allies swap lanes for 1 DZ."""
    s, x, y, _ = swap_position()
    do(s, f"swap #{x} #{y}")
    assert s.loc[x][1] == "lane2" and s.loc[y][1] == "lane1" and s.res[0]["dz"] == 1


def test_swap_is_both_guardians_action_gr_swap_02_gr_swap_03() -> None:
    """GR-SWAP-02, GR-SWAP-03: a swap is the basic action of both Guardians: neither may then basic-attack."""
    s, x, y, whelp = swap_position()
    do(s, f"swap #{x} #{y}")
    rejected(s, f"attack #{x} #{whelp}")
    rejected(s, f"attack #{y} #{whelp}")


def test_no_ability_after_swap_gr_swap_04() -> None:
    """GR-SWAP-04: a Guardian that swapped cannot use an ability that turn."""
    s, x, y, _ = swap_position()
    do(s, f"swap #{x} #{y}")
    rejected(s, f"ability #{y} 0")


def test_no_swap_after_attack_gr_swap_05() -> None:
    """GR-SWAP-05: after a basic attack the Guardian cannot swap; no DZ spent."""
    s, x, y, whelp = swap_position()
    do(s, f"attack #{x} #{whelp}")
    rejected(s, f"swap #{x} #{y}")
    rejected(s, f"swap #{y} #{x}")


def test_no_swap_after_ability_gr_swap_06() -> None:
    """GR-SWAP-06: after an ability the Guardian cannot swap."""
    s, x, y, _ = swap_position()
    do(s, f"ability #{y} 0")
    rejected(s, f"swap #{x} #{y}")


def test_exhausted_cannot_swap_gr_swap_07() -> None:
    """GR-SWAP-07: a summon-exhausted Guardian cannot be swapped (with either partner) until it recovers."""
    s = position({"lane1": ["Ashen Brute"], "hand": ["Storm Caller"]})
    brute = card(s, 0, "Ashen Brute")
    caller = card(s, 0, "Storm Caller")
    do(s, f"summon #{caller} lane2")
    rejected(s, f"swap #{brute} #{caller}")
    rejected(s, f"swap #{caller} #{brute}")
    do(s, "end")
    do(s, "end")
    do(s, f"swap #{brute} #{caller}")
    assert s.loc[caller][1] == "lane1"


def test_swap_override_gr_meta_01() -> None:
    """GR-META-01: card text overrides a rule: "may attack after swapping"; and a 0-DZ basic attack."""
    s = position({"lane1": ["Windstep Monk"], "lane2": ["Ashen Brute"]}, {"lane2": ["Moss Whelp"]})
    monk = card(s, 0, "Windstep Monk")
    do(s, f"swap #{monk} #{card(s, 0, 'Ashen Brute')}")
    do(s, f"attack #{monk} #{card(s, 1, 'Moss Whelp')}")
    assert hp(s, card(s, 1, "Moss Whelp")) == 12 - 4
    s = position({"lane1": ["Quickdraw Bandit"]}, {"lane1": ["Moss Whelp"]}, res0={"dz": 0})
    do(s, 'attack "Quickdraw Bandit" "Moss Whelp"')
    assert hp(s, card(s, 1, "Moss Whelp")) == 9


# ---------------------------------------------------------------------------------------------- lanes


def test_summon_into_occupied_lane_gr_lane_01() -> None:
    """GR-LANE-01: summoning onto a Guardian sends it to the Discard Pile as discarded, not defeated."""
    s = position({"lane1": ["Ashen Brute"], "hand": ["Moss Whelp"]})
    brute = card(s, 0, "Ashen Brute")
    do(s, 'summon "Moss Whelp" lane1')
    assert s.loc[brute][1] == "discard" and s.zone(0, "lane1") == [card(s, 0, "Moss Whelp")]
    assert any(ev.kind == "discarded" and ev.card == brute for ev in s.log)
    assert not any(ev.kind == "defeated" for ev in s.log)


def test_effect_single_use_gr_lane_02() -> None:
    """GR-LANE-02: an Effect resolves from an Effect slot and ends in the Discard Pile; the slot is empty."""
    s = position({"hand": ["Fireball"]}, {"lane1": ["Ashen Brute"]})
    fb = card(s, 0, "Fireball")
    do(s, f"play #{fb} base2")
    assert hp(s, card(s, 1, "Ashen Brute")) == 17
    assert s.loc[fb][1] == "discard"
    assert all(not s.zone(0, f"effect{ln}") for ln in (1, 2, 3))
    assert any(ev.kind == "move" and ev.card == fb and ev.data[3] == "effect2" for ev in s.log)


def test_equipment_discarded_with_guardian_gr_lane_03() -> None:
    """GR-LANE-03: the Equipment of a defeated Guardian is discarded in the same step."""
    s = position({"lane1": ["Moss Whelp"], "equip1": ["Flame Blade"]}, {"lane1": ["Pyre Colossus"]}, active=1,
                 cards0=[{"name": "Flame Blade", "zone": "equip1", "counters": {"uses": 3}},
                         {"name": "Moss Whelp", "zone": "lane1", "counters": {"dmg": 5}}])
    do(s, 'attack "Pyre Colossus" "Moss Whelp"')
    assert s.loc[card(s, 0, "Flame Blade")][1] == "discard"
    assert s.loc[card(s, 0, "Moss Whelp")][1] == "discard"


def test_limited_uses_gr_lane_04() -> None:
    """GR-LANE-04: a 2-use Equipment is discarded after its second use and no longer adds damage."""
    s = position({"lane1": ["Ashen Brute"], "hand": ["Twin Daggers"]}, {"lane1": ["Pyre Colossus"]})
    brute, colossus = card(s, 0, "Ashen Brute"), card(s, 1, "Pyre Colossus")
    do(s, f"equip #{card(s, 0, 'Twin Daggers')} #{brute}")
    do(s, f"attack #{brute} #{colossus}")
    assert hp(s, colossus) == 60 - 8
    do(s, "end")
    do(s, "end")
    do(s, f"attack #{brute} #{colossus}")
    assert hp(s, colossus) == 60 - 16
    daggers = card(s, 0, "Twin Daggers")
    assert s.loc[daggers][1] == "discard"
    assert any(ev.kind == "discarded" and ev.card == daggers for ev in s.log)
    do(s, "end")
    do(s, "end")
    do(s, f"attack #{brute} #{colossus}")
    assert hp(s, colossus) == 60 - 22


# ---------------------------------------------------------------------------------------------- classes


def test_rush_gr_class_01() -> None:
    """GR-CLASS-01: a Rush Guardian attacks on the turn it is summoned (and may be swapped)."""
    s = position({"hand": ["Ember Pup"], "lane2": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]}, res0={"dz": 2})
    pup = card(s, 0, "Ember Pup")
    do(s, f"summon #{pup} lane1")
    assert status(s, pup, "exhausted") == 0
    do(s, f"attack #{pup} #{card(s, 1, 'Moss Whelp')}")
    assert hp(s, card(s, 1, "Moss Whelp")) == 8


def test_sneak_gr_class_02() -> None:
    """GR-CLASS-02: a Sneak Guardian enters with Stealth (and summon exhaustion); enemies cannot target it."""
    s = position({"hand": ["Shade Stalker"]}, {"lane1": ["Ashen Brute"]})
    stalker = card(s, 0, "Shade Stalker")
    do(s, f"summon #{stalker} lane1")
    assert status(s, stalker, "stealth") == 1 and status(s, stalker, "exhausted") == 1
    do(s, "end")
    assert f"attack #{card(s, 1, 'Ashen Brute')} #{stalker}" not in texts(s)
    assert f"attack #{card(s, 1, 'Ashen Brute')} base1" not in texts(s)  # the Base is still guarded


def test_tank_gr_class_03() -> None:
    """GR-CLASS-03: an enemy that has a visible Tank in range must target it; a Stealthed Tank taunts no one."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"], "lane2": ["Granite Sentinel"]})
    brute, whelp, tank = card(s, 0, "Ashen Brute"), card(s, 1, "Moss Whelp"), card(s, 1, "Granite Sentinel")
    rejected(s, f"attack #{brute} #{whelp}", "Tank")
    do(s, f"attack #{brute} #{tank}")
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"], "lane2": ["Granite Sentinel"]},
                 cards1=[{"name": "Granite Sentinel", "status": {"stealth": 1}}])
    do(s, f"attack #{card(s, 0, 'Ashen Brute')} #{card(s, 1, 'Moss Whelp')}")
    s = position({"lane3": ["Ashen Brute"]}, {"lane1": ["Granite Sentinel"], "lane3": ["Moss Whelp"]})
    assert f"attack #{card(s, 0, 'Ashen Brute')} #{card(s, 1, 'Moss Whelp')}" in texts(s)  # Tank out of range


# ---------------------------------------------------------------------------------------------- combat


def test_attack_range_gr_combat_01() -> None:
    """GR-COMBAT-01: from lane 1 a Guardian reaches lanes 1 and 2, not lane 3."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"], "lane2": ["Ember Pup"],
                                              "lane3": ["Cinder Scout"]})
    brute = card(s, 0, "Ashen Brute")
    assert f"attack #{brute} #{card(s, 1, 'Moss Whelp')}" in texts(s)
    assert f"attack #{brute} #{card(s, 1, 'Ember Pup')}" in texts(s)
    rejected(s, f"attack #{brute} #{card(s, 1, 'Cinder Scout')}")


def test_visibility_gr_combat_02() -> None:
    """GR-COMBAT-02: a Stealthed enemy is not a target; once the Stealth breaks it is."""
    s = position({"lane1": ["Ashen Brute"], "hand": ["Scorched Earth"]}, {"lane1": ["Cinder Scout"]},
                 cards1=[{"name": "Cinder Scout", "status": {"stealth": 1}}])
    brute, scout = card(s, 0, "Ashen Brute"), card(s, 1, "Cinder Scout")
    rejected(s, f"attack #{brute} #{scout}")
    do(s, 'play "Scorched Earth"')
    do(s, "end")  # Scorched Earth deals 3: the Stealth breaks
    do(s, "end")
    assert f"attack #{brute} #{scout}" in texts(s)


def test_one_attack_per_turn_gr_combat_03() -> None:
    """GR-COMBAT-03: one basic attack per turn; the next turn it may attack again."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Pyre Colossus"]})
    atk = f"attack #{card(s, 0, 'Ashen Brute')} #{card(s, 1, 'Pyre Colossus')}"
    do(s, atk)
    rejected(s, atk)
    do(s, "end")
    do(s, "end")
    do(s, atk)


def test_no_ability_after_attack_gr_combat_04() -> None:
    """GR-COMBAT-04: after its basic attack a Guardian uses no ability; nor attacks after an ability (default)."""
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Pyre Colossus"]})
    lasher, colossus = card(s, 0, "Flame Lasher"), card(s, 1, "Pyre Colossus")
    do(s, f"attack #{lasher} #{colossus}")
    rejected(s, f"ability #{lasher} 0")
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Pyre Colossus"]})
    do(s, f"ability #{lasher} 0")
    rejected(s, f"attack #{lasher} #{colossus}")
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Pyre Colossus"]}, options={"ability_then_attack": True})
    do(s, f"ability #{lasher} 0")
    do(s, f"attack #{lasher} #{colossus}")


def test_ability_needs_dz_gr_combat_05() -> None:
    """GR-COMBAT-05: with 1 DZ a 2-DZ ability is rejected (DZ stays 1); with 2 DZ it resolves."""
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Pyre Colossus"]}, res0={"dz": 1})
    rejected(s, f"ability #{card(s, 0, 'Flame Lasher')} 0")
    assert s.res[0]["dz"] == 1
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Pyre Colossus"]}, res0={"dz": 2})
    do(s, f"ability #{card(s, 0, 'Flame Lasher')} 0")
    assert s.res[0]["dz"] == 0 and status(s, card(s, 1, "Pyre Colossus"), "burned") == 1


def test_one_ability_per_turn_gr_combat_06() -> None:
    """GR-COMBAT-06: one ability per Guardian per turn; another Guardian may still use its own."""
    s = position({"lane1": ["Flame Lasher"], "lane2": ["Venom Adept"]}, {"lane1": ["Pyre Colossus"]})
    lasher, adept = card(s, 0, "Flame Lasher"), card(s, 0, "Venom Adept")
    do(s, f"ability #{lasher} 0")
    rejected(s, f"ability #{lasher} 0")
    do(s, f"ability #{adept} 0")


# ---------------------------------------------------------------------------------------------- defeat, discard


def test_defeated_at_zero_hp_gr_def_01() -> None:
    """GR-DEF-01: a 10-HP Guardian dealt 10 is removed and logged as defeated, not discarded."""
    s = position({"lane1": ["Pyre Colossus"]}, {"lane1": ["Smoldering Husk"]})
    husk = card(s, 1, "Smoldering Husk")
    do(s, f"attack #{card(s, 0, 'Pyre Colossus')} #{husk}")
    assert s.loc[husk][1] == "discard"
    assert any(ev.kind == "defeated" and ev.card == husk for ev in s.log)
    assert not any(ev.kind == "discarded" and ev.card == husk for ev in s.log)


def test_destroyed_by_effect_gr_def_02() -> None:
    """GR-DEF-02: "destroy target Guardian" defeats a full-HP Guardian."""
    s = position({"hand": ["Assassinate"]}, {"lane1": ["Frost Warden"]})
    warden = card(s, 1, "Frost Warden")
    do(s, 'play "Assassinate" base2')
    assert s.loc[warden][1] == "discard" and any(ev.kind == "defeated" and ev.card == warden for ev in s.log)


def test_printed_defeat_condition_gr_def_03() -> None:
    """GR-DEF-03: Hollow Knight is defeated the moment its Stronghold drops below 50."""
    s = position({"lane2": ["Pyre Colossus"]}, {"lane1": ["Hollow Knight"]}, res1={"b2": 55})
    knight = card(s, 1, "Hollow Knight")
    do(s, 'attack "Pyre Colossus" base2')
    assert s.res[1]["b2"] == 45
    assert s.loc[knight][1] == "discard" and any(ev.kind == "defeated" and ev.card == knight for ev in s.log)


def test_discarded_not_defeated_gr_def_04() -> None:
    """GR-DEF-04: an effect sending a Guardian to the pile logs "discarded"; no defeat."""
    s = position({"hand": ["Banish"]}, {"lane1": ["Frost Warden"]})
    warden = card(s, 1, "Frost Warden")
    do(s, 'play "Banish" base2')
    assert s.loc[warden][1] == "discard"
    assert any(ev.kind == "discarded" and ev.card == warden for ev in s.log)
    assert not any(ev.kind == "defeated" for ev in s.log)


def test_ways_of_discarding_gr_def_05() -> None:
    """GR-DEF-05: a discard from hand by an effect, the hand limit and used-up Equipment all log "discarded"."""
    s = position({"hand": ["Mind Rot"]}, {"hand": ["Fireball"]})
    do(s, 'play "Mind Rot" base2')
    fb = card(s, 1, "Fireball")
    assert s.loc[fb][1] == "discard" and any(ev.kind == "discarded" and ev.card == fb for ev in s.log)


def test_return_to_hand_gr_rth_01() -> None:
    """GR-RTH-01: a Clone, a Copy and a Guardian Summon are not legal return targets; an ordinary Guardian is,
    and comes back without its damage and statuses; its Equipment is discarded."""
    s = position({"lane1": ["Twin Flame Phoenix"], "lane2": ["Mirror Sprite"], "lane3": ["Wolf Shaman"]},
                 {"hand": ["Recall"], "lane1": ["Ashen Brute"]})
    phoenix, sprite, shaman = (card(s, 0, n) for n in ("Twin Flame Phoenix", "Mirror Sprite", "Wolf Shaman"))
    do(s, f"ability #{sprite} 0")
    do(s, f"choose #{shaman}")
    do(s, "option lane3")  # the Copy replaces the Wolf Shaman (GR-LANE-01)
    do(s, f"ability #{phoenix} 0")
    do(s, "option lane2")  # the Clone replaces the Mirror Sprite
    kinds = sorted(str(s.defs[c].fields["token"]) for c in RULES.guardians(s, 0))
    assert kinds == ["None", "clone", "copy"]
    do(s, "end")
    do(s, "end")
    do(s, "end")
    recall = card(s, 1, "Recall")
    do(s, f"play #{recall} base2")  # only the Phoenix is a legal target: chosen without a decision
    assert s.loc[phoenix][1] == "hand"
    assert all(s.loc[c][1] == "lane2" or s.loc[c][1] == "lane3" for c in RULES.guardians(s, 0))
    s = position({"lane1": ["Wolf Shaman"]}, {"hand": ["Recall"]})
    do(s, f"ability #{card(s, 0, 'Wolf Shaman')} 0")
    do(s, "option lane2")
    do(s, "end")
    wolf = s.zone(0, "lane2")[0]
    assert s.defs[wolf].fields["token"] == "summon"
    do(s, f"play #{card(s, 1, 'Recall')} base2")
    assert s.loc[wolf][1] == "lane2" and s.loc[card(s, 0, "Wolf Shaman")][1] == "hand"
    s = position({"lane1": ["Ashen Brute"], "equip1": ["Flame Blade"]}, {"hand": ["Recall"]}, active=1,
                 cards0=[{"name": "Ashen Brute", "counters": {"dmg": 5}, "status": {"burned": 2}}])
    brute = card(s, 0, "Ashen Brute")
    do(s, 'play "Recall" base2')
    assert s.loc[brute][1] == "hand" and brute not in s.cs
    assert s.loc[card(s, 0, "Flame Blade")][1] == "discard"


def test_sacrifice_needs_material_in_play_gr_sac_01_gr_sac_02() -> None:
    """GR-SAC-01, GR-SAC-02: a sacrifice summon needs a fielded Guardian; the sacrificed one is discarded, the new one
    enters (and still costs SP)."""
    s = position({"hand": ["Pyre Colossus", "Moss Whelp"]})
    colossus = card(s, 0, "Pyre Colossus")
    assert not any(a.kind == "summon" and a.args[0] == colossus for a in s.legal_actions())
    do(s, 'summon "Moss Whelp" lane2')
    whelp = card(s, 0, "Moss Whelp")
    do(s, f"summon #{colossus} lane1 #{whelp}")
    assert s.loc[whelp][1] == "discard" and s.loc[colossus][1] == "lane1"
    assert any(ev.kind == "discarded" and ev.card == whelp for ev in s.log)
    assert not any(ev.kind == "defeated" for ev in s.log)
    assert s.res[0]["sp"] == 10 - 1 - 7


def test_infusion_gr_sac_03() -> None:
    """GR-SAC-03: infusing X into Y discards X and improves Y as printed; both must be in play (GR-SAC-01)."""
    s = position({"lane1": ["Smoldering Husk"], "lane2": ["Ashen Brute"], "hand": ["Verdant Seedling"]},
                 {"lane2": ["Pyre Colossus"]}, res0={"dz": 0})
    husk, brute = card(s, 0, "Smoldering Husk"), card(s, 0, "Ashen Brute")
    seedling = card(s, 0, "Verdant Seedling")
    assert not any(a.kind == "infuse" and a.args[0] == seedling for a in s.legal_actions())
    do(s, f"infuse #{husk} #{brute}")
    assert s.loc[husk][1] == "discard" and RULES.stat(s, brute, "atk") == 9
    assert s.res[0]["dz"] == 0  # an infusion costs no DZ
    do(s, f"summon #{seedling} lane1")
    do(s, "end")
    do(s, "end")
    do(s, f"infuse #{seedling} #{brute}")
    assert hp(s, brute) == 35


def test_field_duration_gr_field_01() -> None:
    """GR-FIELD-01: a 2-round Field card stays through its controller's next turn and is discarded at its end;
    one without a duration stays; a new Field card replaces the old one."""
    s = position({"hand": ["Rune Circle", "Ancient Banner"], "lane1": ["Ashen Brute"]},
                 cards0=[{"name": "Ashen Brute", "counters": {"dmg": 10}}])
    rune = card(s, 0, "Rune Circle")
    do(s, f"play #{rune}")
    do(s, "end")
    assert s.loc[rune][1] == "field" and hp(s, card(s, 0, "Ashen Brute")) == 18
    do(s, "end")
    do(s, "end")
    assert s.loc[rune][1] == "discard" and hp(s, card(s, 0, "Ashen Brute")) == 21
    do(s, "end")
    do(s, 'play "Ancient Banner"')
    for _ in range(3):
        do(s, "end")
        do(s, "end")
    assert s.loc[card(s, 0, "Ancient Banner")][1] == "field" and s.res[1]["b2"] == 94


def test_illegal_actions_say_why() -> None:
    """An illegal action raises IllegalAction naming the reason and the clause, and changes nothing."""
    s = position({"lane1": ["Aegis Titan"], "hand": ["Pyre Colossus"]}, {"lane1": ["Pyre Colossus"]},
                 res0={"dz": 2, "sp": 3})
    titan = card(s, 0, "Aegis Titan")
    rejected(s, f"ability #{titan} 0", "no ability")
    rejected(s, f"ability #{titan} 1", "GR-COMBAT-05")
    rejected(s, f"attack #{card(s, 1, 'Pyre Colossus')} #{titan}", "own Guardians")
    rejected(s, f"summon #{card(s, 0, 'Pyre Colossus')} lane2 #{titan}", "GR-SP-03")


def test_return_to_full_hand_discards_gr_rth_01_gr_turn_05() -> None:
    """GR-RTH-01, GR-TURN-05: a Guardian returned to a hand of 8 goes to the Discard Pile instead."""
    s = position({"lane1": ["Ashen Brute"], "hand": ["8 Fireball"]}, {"hand": ["Recall"]}, active=1)
    brute = card(s, 0, "Ashen Brute")
    do(s, 'play "Recall" base2')
    assert s.loc[brute][1] == "discard" and len(s.zone(0, "hand")) == 8
    assert any(ev.kind == "discarded" and ev.card == brute for ev in s.log)
