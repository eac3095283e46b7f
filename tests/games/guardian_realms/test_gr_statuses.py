"""Debuffs and buffs: Paralyzed, Burned, Exhausted, Confusion, Poison, Shield, Stealth, Fury, Immunity and
Invincibility (GR-PARA, GR-BURN, GR-EXH, GR-CONF, GR-POIS, GR-SHLD, GR-STLH, GR-FURY, GR-IMM)."""

from __future__ import annotations

import json

import pytest
from gr_helpers import RULES, card, do, hp, position, rig, status

from tcgkit.core.errors import IllegalAction
from tcgkit.games.guardian_realms.damage import damage_guardian
from tcgkit.games.guardian_realms.statuses import PERMANENT, add_status


def texts(s) -> list[str]:
    return [a.text() for a in s.legal_actions()]


def rejected(s, action: str) -> None:
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def duel(status0: dict | None = None, name0: str = "Ashen Brute", name1: str = "Pyre Colossus", **kw):
    """Player 0's Guardian in lane 1 (with ``status0``) against player 1's in lane 1; player 0 to act."""
    s = position({"lane1": [name0], "lane2": ["Moss Whelp"]}, {"lane1": [name1]},
                 cards0=[{"name": name0, "zone": "lane1", "status": status0 or {}}], **kw)
    return s, card(s, 0, name0), card(s, 1, name1)


def rolls(s, kind: str) -> list[int]:
    return [ev.data[1] for ev in s.log if ev.kind in ("resist", "roll") and ev.data[0] == kind]


# ---------------------------------------------------------------------------------------------- Paralyzed


def test_paralysis_gates_actions_gr_para_01() -> None:
    """GR-PARA-01: a Paralyzed Guardian must pass a Resist Check to attack; failing, it neither attacks nor moves."""
    s, x, t = duel({"paralyzed": 3})
    rig(s, 2)
    do(s, f"attack #{x} #{t}")
    assert rolls(s, "paralyzed") == [2]
    assert hp(s, t) == 60 and s.res[0]["dz"] == 10
    assert not any(x in a.args for a in s.legal_actions())  # no attack, no swap


def test_paralysis_lasts_five_turns_gr_para_02() -> None:
    """GR-PARA-02: paralyzed on the opponent's turn, X stays Paralyzed for its controller's next 5 turns."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Storm Caller"]}, active=1)
    x = card(s, 0, "Ashen Brute")
    do(s, f"ability #{card(s, 1, 'Storm Caller')} 0")
    assert status(s, x, "paralyzed") == 5
    seen = []
    for _ in range(6):
        do(s, "end")
        seen.append(status(s, x, "paralyzed") > 0)
        do(s, "end")
    assert seen == [True] * 5 + [False]


def test_resist_check_success_gr_para_03() -> None:
    """GR-PARA-03: a roll of 4 (or 6) removes the paralysis and the attack resolves, DZ paid."""
    for roll in (4, 6):
        s, x, t = duel({"paralyzed": 5})
        rig(s, roll)
        do(s, f"attack #{x} #{t}")
        assert status(s, x, "paralyzed") == 0 and hp(s, t) == 54 and s.res[0]["dz"] == 9


def test_resist_check_failure_gr_para_04() -> None:
    """GR-PARA-04: a roll of 3 forfeits the action: no attack, still Paralyzed, no more checks this turn, no DZ."""
    s, x, t = duel({"paralyzed": 5})
    rig(s, 3)
    do(s, f"attack #{x} #{t}")
    assert status(s, x, "paralyzed") == 5 and hp(s, t) == 60 and s.res[0]["dz"] == 10
    rejected(s, f"attack #{x} #{t}")
    rejected(s, f"swap #{x} #{card(s, 0, 'Moss Whelp')}")


def test_paralysis_does_not_stack_gr_para_05() -> None:
    """GR-PARA-05: paralyzed twice, one status (the longer duration); one success removes it."""
    s, x, t = duel({"paralyzed": 2})
    add_status(s, x, "paralyzed", 5)
    add_status(s, x, "paralyzed", 3)
    assert s.cs[x].status["paralyzed"] == 5
    rig(s, 5)
    do(s, f"attack #{x} #{t}")
    assert status(s, x, "paralyzed") == 0


def test_paralysis_only_guardians_gr_para_06() -> None:
    """GR-PARA-06: paralysis targets only Guardians: never a Base, a Wall or a card out of the lanes."""
    s = position({"lane1": ["Storm Caller"], "hand": ["Fireball"]}, {"lane1": ["Ashen Brute"]},
                 res1={"w1": 10})
    do(s, f"ability #{card(s, 0, 'Storm Caller')} 0")
    assert status(s, card(s, 1, "Ashen Brute"), "paralyzed") == 5
    fb = card(s, 0, "Fireball")
    add_status(s, fb, "paralyzed", 5)
    assert fb not in s.cs


# ---------------------------------------------------------------------------------------------- Burned


def test_burn_ticks_on_victims_turn_gr_burn_01() -> None:
    """GR-BURN-01: burned on B's turn, nothing at B's end; 5 damage at the end of each of A's turns."""
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Ashen Brute"]})
    x = card(s, 1, "Ashen Brute")
    do(s, f"ability #{card(s, 0, 'Flame Lasher')} 0")
    do(s, "end")
    assert hp(s, x) == 25
    do(s, "end")
    assert hp(s, x) == 20
    do(s, "end")
    do(s, "end")
    assert hp(s, x) == 15


def test_burn_stacks_to_three_gr_burn_02() -> None:
    """GR-BURN-02: three Burns deal 15 at once; a fourth adds nothing."""
    s, x, _ = duel(name0="Pyre Colossus", name1="Moss Whelp")
    for _ in range(4):
        add_status(s, x, "burned", 1)
    assert status(s, x, "burned") == 3
    do(s, "end")
    assert hp(s, x) == 45
    assert [ev.data[0] for ev in s.log if ev.kind == "damage" and ev.card == x] == [15]


def test_burn_only_guardians_gr_burn_03() -> None:
    """GR-BURN-03: Burn aimed at a non-Guardian does nothing; the Scorch target list holds only Guardians."""
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Ashen Brute"], "lane2": ["Moss Whelp"]})
    do(s, f"ability #{card(s, 0, 'Flame Lasher')} 0")
    assert s.pending is not None
    assert all(s.defs[a.args[0]].type == "Guardian" for a in s.pending.options)
    s2 = position({"field": ["Ancient Banner"]})
    banner = card(s2, 0, "Ancient Banner")
    add_status(s2, banner, "burned", 1)
    assert status(s2, banner, "burned") == 0


# ---------------------------------------------------------------------------------------------- Exhausted


def test_exhausted_blocks_gr_exh_01() -> None:
    """GR-EXH-01: an Exhausted Guardian cannot attack, use abilities or swap until it recovers."""
    s, x, t = duel({"exhausted": 1}, name0="Flame Lasher")
    rejected(s, f"attack #{x} #{t}")
    rejected(s, f"ability #{x} 0")
    rejected(s, f"swap #{x} #{card(s, 0, 'Moss Whelp')}")
    do(s, "end")
    do(s, "end")
    assert f"attack #{x} #{t}" in texts(s)


def test_summon_exhaustion_gr_exh_02() -> None:
    """GR-EXH-02: a Tank summoned is exhausted for 1 turn (no roll); a Rush is not; both ready next turn."""
    s = position({"hand": ["Granite Sentinel", "Ember Pup"]}, {"lane2": ["Moss Whelp"]})
    tank, rush = card(s, 0, "Granite Sentinel"), card(s, 0, "Ember Pup")
    do(s, f"summon #{tank} lane1")
    do(s, f"summon #{rush} lane2")
    assert status(s, tank, "exhausted") == 1 and status(s, rush, "exhausted") == 0
    assert not rolls(s, "exhausted")
    assert not any(tank in a.args for a in s.legal_actions())
    assert any(a.kind == "attack" and a.args[0] == rush for a in s.legal_actions())
    do(s, "end")
    do(s, "end")
    assert any(a.kind == "attack" and a.args[0] == tank for a in s.legal_actions())


def exhaust_with(roll: int):
    """B's Frost Warden exhausts A's Guardian X with the die rigged to ``roll``; then A's turn starts."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Frost Warden"], "lane2": ["Moss Whelp"]}, active=1)
    x = card(s, 0, "Ashen Brute")
    rig(s, roll)
    do(s, f"ability #{card(s, 1, 'Frost Warden')} 0")
    assert rolls(s, "exhausted") == [roll]
    do(s, "end")
    return s, x


def ready_turns(s, x, n: int) -> list[bool]:
    """Whether X may attack on each of its controller's next ``n`` turns."""
    out = []
    for _ in range(n):
        out.append(any(a.kind == "attack" and a.args[0] == x for a in s.legal_actions()))
        do(s, "end")
        do(s, "end")
    return out


def test_exhaustion_roll_gr_exh_03() -> None:
    """GR-EXH-03: an effect's Exhaustion rolls one d6 for its length; a fixed length overrides the roll."""
    s, x = exhaust_with(2)
    assert status(s, x, "exhausted") == 1
    s2, x2, _ = duel()
    from tcgkit.core.cards import Step
    from tcgkit.games.guardian_realms.verbs import HANDLERS

    HANDLERS["add_status"](s2, {"controller": 1, "source": x2}, Step("add_status", {
        "target": x2, "status": "exhausted", "value": 2}))
    assert status(s2, x2, "exhausted") == 2 and not rolls(s2, "exhausted")


def test_exhaustion_one_turn_gr_exh_04() -> None:
    """GR-EXH-04: a roll of 4 gives 1 turn: X cannot act on A's next turn and is ready on the one after."""
    s, x = exhaust_with(4)
    assert ready_turns(s, x, 2) == [False, True]


def test_exhaustion_two_turns_gr_exh_05() -> None:
    """GR-EXH-05: a roll of 5 gives 2 turns."""
    s, x = exhaust_with(5)
    assert ready_turns(s, x, 3) == [False, False, True]


def test_exhaustion_three_turns_gr_exh_06() -> None:
    """GR-EXH-06: a roll of 6 gives 3 turns."""
    s, x = exhaust_with(6)
    assert ready_turns(s, x, 4) == [False, False, False, True]


def test_exhaustion_does_not_stack_gr_exh_07() -> None:
    """GR-EXH-07: 1 turn left plus a new 2-turn Exhaustion gives one status of 2 turns, not 3."""
    s, x, _ = duel({"exhausted": 1})
    add_status(s, x, "exhausted", 2)
    assert s.cs[x].status["exhausted"] == 2


def test_exhaustion_only_guardians_gr_exh_08() -> None:
    """GR-EXH-08: Exhaustion applies only to Guardians (the verb skips other cards)."""
    from tcgkit.core.cards import Step
    from tcgkit.games.guardian_realms.verbs import HANDLERS

    s = position({"field": ["Ancient Banner"]})
    banner = card(s, 0, "Ancient Banner")
    HANDLERS["add_status"](s, {"controller": 1, "source": banner}, Step("add_status", {
        "target": banner, "status": "exhausted"}))
    assert status(s, banner, "exhausted") == 0 and not rolls(s, "exhausted")


# ---------------------------------------------------------------------------------------------- Confusion


def test_confusion_check_on_dz_gr_conf_01() -> None:
    """GR-CONF-01: a Confused Guardian's 1-DZ attack needs a d6 check first; a 0-DZ attack needs none."""
    s, x, t = duel({"confused": 1})
    rig(s, 2)
    do(s, f"attack #{x} #{t}")
    assert rolls(s, "confused") == [2]
    s, x, t = duel({"confused": 1}, name0="Quickdraw Bandit")
    do(s, f"attack #{x} #{t}")
    assert rolls(s, "confused") == [] and status(s, x, "confused") == 1


def test_confusion_even_removes_gr_conf_02() -> None:
    """GR-CONF-02: an even roll removes Confusion and the attack resolves with its DZ paid."""
    s, x, t = duel({"confused": 1})
    rig(s, 2)
    do(s, f"attack #{x} #{t}")
    assert status(s, x, "confused") == 0 and hp(s, t) == 54 and s.res[0]["dz"] == 9


def test_confusion_odd_self_damage_gr_conf_03() -> None:
    """GR-CONF-03: an odd roll deals 5 to the Confused Guardian."""
    s, x, t = duel({"confused": 1})
    rig(s, 3)
    do(s, f"attack #{x} #{t}")
    assert hp(s, x) == 20


def test_confusion_forfeits_gr_conf_04() -> None:
    """GR-CONF-04: a failed check forfeits the action: no attack, no DZ spent, no other action this turn."""
    s, x, t = duel({"confused": 1})
    rig(s, 5)
    do(s, f"attack #{x} #{t}")
    assert hp(s, t) == 60 and s.res[0]["dz"] == 10
    rejected(s, f"attack #{x} #{t}")


def test_confusion_stays_gr_conf_05() -> None:
    """GR-CONF-05: after a failed check X is still Confused; its next DZ action needs a new check."""
    s, x, t = duel({"confused": 1})
    rig(s, 1)
    do(s, f"attack #{x} #{t}")
    assert status(s, x, "confused") == 1
    do(s, "end")
    do(s, "end")
    rig(s, 4)
    do(s, f"attack #{x} #{t}")
    assert rolls(s, "confused") == [1, 4] and status(s, x, "confused") == 0


def test_confusion_does_not_stack_gr_conf_06() -> None:
    """GR-CONF-06: confused twice, one status; one even roll removes it."""
    s, x, t = duel()
    add_status(s, x, "confused", 1)
    add_status(s, x, "confused", 1)
    assert s.cs[x].status["confused"] == 1
    rig(s, 6)
    do(s, f"attack #{x} #{t}")
    assert status(s, x, "confused") == 0


def test_confusion_only_guardians_gr_conf_07() -> None:
    """GR-CONF-07: Bewilder's target list holds only Guardians; a non-Guardian is never Confused."""
    s = position({"lane1": ["Riddle Mage"]}, {"lane1": ["Ashen Brute"], "lane2": ["Moss Whelp"]})
    do(s, f"ability #{card(s, 0, 'Riddle Mage')} 0")
    assert all(s.defs[a.args[0]].type == "Guardian" for a in s.pending.options)
    s2 = position({"hand": ["Fireball"]})
    add_status(s2, card(s2, 0, "Fireball"), "confused", 1)
    assert not s2.cs


# ---------------------------------------------------------------------------------------------- Poison


def test_poison_first_tick_gr_pois_01() -> None:
    """GR-POIS-01: poisoned by B, X takes 1 damage at the end of A's next turn (none at once)."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Venom Adept"]}, active=1)
    x = card(s, 0, "Ashen Brute")
    do(s, f"ability #{card(s, 1, 'Venom Adept')} 0")
    assert hp(s, x) == 25
    do(s, "end")
    assert hp(s, x) == 25
    do(s, "end")
    assert hp(s, x) == 24


def test_poison_doubles_gr_pois_02() -> None:
    """GR-POIS-02: 1, 2, 4, 8 at the end of the controller's 1st..4th turns."""
    s, x, _ = duel(name0="Pyre Colossus", name1="Moss Whelp")
    add_status(s, x, "poisoned", 1)
    ticks = []
    for _ in range(4):
        before = hp(s, x)
        do(s, "end")
        ticks.append(before - hp(s, x))
        do(s, "end")
    assert ticks == [1, 2, 4, 8]


def test_poison_does_not_stack_gr_pois_03() -> None:
    """GR-POIS-03: re-poisoning keeps the series: the next tick is still 4."""
    s, x, _ = duel({"poisoned": 4}, name0="Pyre Colossus", name1="Moss Whelp")
    add_status(s, x, "poisoned", 1)
    assert s.cs[x].status["poisoned"] == 4
    do(s, "end")
    assert hp(s, x) == 56


def test_poison_only_guardians_gr_pois_04() -> None:
    """GR-POIS-04: Venom Dart's targets are Guardians only; a non-Guardian is never Poisoned."""
    s = position({"lane1": ["Venom Adept"]}, {"lane1": ["Ashen Brute"], "lane2": ["Moss Whelp"]}, res1={"w1": 10})
    do(s, f"ability #{card(s, 0, 'Venom Adept')} 0")
    assert all(s.defs[a.args[0]].type == "Guardian" for a in s.pending.options)
    s2 = position({"field": ["Ancient Banner"]})
    add_status(s2, card(s2, 0, "Ancient Banner"), "poisoned", 1)
    assert not s2.cs


# ---------------------------------------------------------------------------------------------- Shield, Stealth


def test_shield_negates_gr_shld_01() -> None:
    """GR-SHLD-01: a Shield negates a whole 12-damage hit (and status damage the same way)."""
    s = position({"lane1": ["Pyre Colossus"]}, {"lane1": ["Ashen Brute"]},
                 cards1=[{"name": "Ashen Brute", "status": {"shield": 1}}])
    x = card(s, 1, "Ashen Brute")
    do(s, f"attack #{card(s, 0, 'Pyre Colossus')} #{x}")
    assert hp(s, x) == 25
    s2, y, _ = duel({"shield": 1, "burned": 2})
    do(s2, "end")
    assert hp(s2, y) == 25 and status(s2, y, "shield") == 0


def test_shield_breaks_only_on_damage_gr_shld_02() -> None:
    """GR-SHLD-02: attacking, abilities and swaps keep the Shield; 3 damage is negated and breaks it; the next 3
    lowers HP."""
    s = position({"lane1": ["Flame Lasher"], "lane2": ["Ashen Brute"]}, {"lane1": ["Pyre Colossus"]},
                 cards0=[{"name": "Flame Lasher", "status": {"shield": 1}}])
    x = card(s, 0, "Flame Lasher")
    do(s, f"ability #{x} 0")
    do(s, "end")
    do(s, "end")
    do(s, f"attack #{x} #{card(s, 1, 'Pyre Colossus')}")
    do(s, "end")
    do(s, "end")
    do(s, f"swap #{x} #{card(s, 0, 'Ashen Brute')}")
    assert status(s, x, "shield") == 1
    damage_guardian(s, x, 3, enemy=True)
    assert status(s, x, "shield") == 0 and hp(s, x) == 20
    damage_guardian(s, x, 3, enemy=True)
    assert hp(s, x) == 17


def test_stealth_untargetable_gr_stlh_01() -> None:
    """GR-STLH-01: enemies cannot target a Stealthed Guardian (attack or ability); its owner still can."""
    s = position({"lane1": ["Flame Lasher"], "hand": ["Fireball"]}, {"lane1": ["Cinder Scout"]},
                 cards1=[{"name": "Cinder Scout", "status": {"stealth": 1}}])
    scout = card(s, 1, "Cinder Scout")
    assert not any(scout in a.args for a in s.legal_actions())
    assert f"ability #{card(s, 0, 'Flame Lasher')} 0" not in texts(s)
    assert not any(t.startswith(f"play #{card(s, 0, 'Fireball')}") for t in texts(s))
    s2 = position({"lane1": ["Cinder Scout"], "hand": ["Healing Spring"]},
                  cards0=[{"name": "Cinder Scout", "status": {"stealth": 1}}])
    assert f"play #{card(s2, 0, 'Healing Spring')} base2" in texts(s2)


def test_stealth_breaks_on_attack_gr_stlh_02() -> None:
    """GR-STLH-02: a Stealthed attacker loses Stealth after its attack resolves."""
    s, x, t = duel({"stealth": 1})
    do(s, f"attack #{x} #{t}")
    assert status(s, x, "stealth") == 0 and hp(s, t) == 54


def test_stealth_breaks_on_ability_gr_stlh_03() -> None:
    """GR-STLH-03: using an ability breaks Stealth."""
    s, x, _ = duel({"stealth": 1}, name0="Flame Lasher")
    do(s, f"ability #{x} 0")
    assert status(s, x, "stealth") == 0


def test_stealth_breaks_on_damage_gr_stlh_04() -> None:
    """GR-STLH-04: 5 Burn damage at the end of its controller's turn breaks Stealth; damage a Wall absorbs
    entirely does not."""
    s, x, _ = duel({"stealth": 1, "burned": 1})
    do(s, "end")
    assert status(s, x, "stealth") == 0 and hp(s, x) == 20
    s2, y, _ = duel({"stealth": 1}, res0={"w1": 20})
    damage_guardian(s2, y, 5, enemy=True)
    assert status(s2, y, "stealth") == 1 and s2.res[0]["w1"] == 15


def test_stealth_breaks_on_swap_gr_stlh_05() -> None:
    """GR-STLH-05: swapping a Stealthed Guardian to another lane breaks its Stealth."""
    s, x, _ = duel({"stealth": 1})
    do(s, f"swap #{x} #{card(s, 0, 'Moss Whelp')}")
    assert s.loc[x][1] == "lane2" and status(s, x, "stealth") == 0


# ---------------------------------------------------------------------------------------------- Fury, Immunity


def test_fury_two_attacks_gr_fury_01() -> None:
    """GR-FURY-01: with Fury, two basic attacks in a turn, each paid; a third is rejected; no second ability."""
    s, x, t = duel({"fury": PERMANENT}, res0={"dz": 2})
    do(s, f"attack #{x} #{t}")
    do(s, f"attack #{x} #{t}")
    assert hp(s, t) == 48 and s.res[0]["dz"] == 0
    s.res[0]["dz"] = 5
    s._legal = None
    rejected(s, f"attack #{x} #{t}")
    s = position({"hand": ["Berserker of the Pyre"]})
    berserker = card(s, 0, "Berserker of the Pyre")
    do(s, f"summon #{berserker} lane1")
    assert status(s, berserker, "fury") == PERMANENT


def test_immunity_gr_imm_01() -> None:
    """GR-IMM-01: Immunity to Burn nullifies Burn (existing and new); Poison still applies."""
    s = position({"lane1": ["Ashen Brute"], "hand": ["Cleansing Ward"]}, {"lane1": ["Moss Whelp"]},
                 cards0=[{"name": "Ashen Brute", "status": {"burned": 2}}])
    x = card(s, 0, "Ashen Brute")
    do(s, 'play "Cleansing Ward" base2')
    assert status(s, x, "burned") == 0 and status(s, x, "immune_burned") == PERMANENT
    add_status(s, x, "burned", 1)
    assert status(s, x, "burned") == 0
    s2, y, _ = duel({"immune_burned": PERMANENT})
    add_status(s2, y, "poisoned", 1)
    assert status(s2, y, "poisoned") == 1


def test_invincible_no_damage_gr_imm_02() -> None:
    """GR-IMM-02: an Invincible Guardian loses no HP to a 50-damage hit, a Burn tick or a Poison tick."""
    s, x, _ = duel({"invincible": 3, "burned": 1, "poisoned": 1})
    damage_guardian(s, x, 50, enemy=True)
    do(s, "end")
    assert hp(s, x) == 25 and status(s, x, "invincible") == 2
    s2 = position({"lane1": ["Aegis Titan"]}, {"lane1": ["Pyre Colossus"]})
    titan = card(s2, 0, "Aegis Titan")
    do(s2, f"ability #{titan} 1")
    assert status(s2, titan, "invincible") == 2


def test_invincible_untargetable_gr_imm_03() -> None:
    """GR-IMM-03: enemies cannot target an Invincible Guardian (its owner can); acting does not end it."""
    s = position({"lane1": ["Pyre Colossus"]}, {"lane1": ["Ashen Brute"]},
                 cards1=[{"name": "Ashen Brute", "status": {"invincible": 2}}])
    assert not any(card(s, 1, "Ashen Brute") in a.args for a in s.legal_actions())
    s2, x, t = duel({"invincible": 2})
    do(s2, f"attack #{x} #{t}")
    assert status(s2, x, "invincible") == 2


def test_summon_immune_to_exhaustion() -> None:
    """GR-IMM-01, GR-EXH-02: Immunity to Exhausted prevents summon exhaustion (RULES.add_status path)."""
    s = position({"lane1": ["Storm Caller"]})
    caller = card(s, 0, "Storm Caller")
    add_status(s, caller, "immune_exhausted", PERMANENT)
    add_status(s, caller, "exhausted", 1)
    assert status(s, caller, "exhausted") == 0
    assert RULES.evaluate(s, 0) > RULES.evaluate(s, 1)
