"""Every player decision is an action: the Base of an Effect, what it can see from there, sacrifices, swap order,
infusions, Equipment uses, dice rolled only when needed, and play effects in printed order."""

from __future__ import annotations

import pytest
from gr_helpers import RULES, card, do, hp, position, rig, status
from pydantic import ValidationError

from tcgkit.core.cards import load_card_entries
from tcgkit.core.errors import CardDataError, IllegalAction
from tcgkit.games.guardian_realms.model import GrCard
from tcgkit.games.guardian_realms.statuses import PERMANENT


def texts(s) -> list[str]:
    return [a.text() for a in s.legal_actions()]


def custom(s, entry: dict, player: int = 0, zone: str = "hand") -> int:
    """Put a new instance of a card written in a test into a player's zone."""
    base = {"rarity": "Common", **entry}
    (definition,) = load_card_entries({"cards": [base]}, "test.yaml", GrCard, RULES.make_card, RULES.verbs)
    c = s.add_instance(definition, player)
    s.move(c, player, zone)
    s._legal = None
    return c


# ---------------------------------------------------------------------------------------------- the Effect's Base


def test_effect_base_is_the_players_choice_gr_lane_02_gr_base_06() -> None:
    """GR-LANE-02: an Effect goes to the Effect slot of the Base its player chooses (one action per Base);
    GR-BASE-06: a destroyed Outpost's Base still takes Effects. The card resolves there and is discarded."""
    s = position({"hand": ["Battle Cry"]}, res0={"b1": 0})
    cry = card(s, 0, "Battle Cry")
    assert [t for t in texts(s) if t.startswith("play")] == [f"play #{cry} base1", f"play #{cry} base2",
                                                              f"play #{cry} base3"]
    with pytest.raises(IllegalAction, match="GR-LANE-02"):
        s.apply(f"play #{cry}")
    do(s, f"play #{cry} base1")
    assert any(ev.kind == "move" and ev.card == cry and ev.data[3] == "effect1" for ev in s.log)
    assert s.loc[cry][1] == "discard" and not s.zone(0, "effect1")


def test_effect_sees_from_its_base_gr_combat_02() -> None:
    """GR-COMBAT-02: an Effect card targets only visible enemies: not Stealthed, in its Base's lane or an adjacent
    one. Fireball with the only enemy in lane 3 cannot be played to Base 1; from Base 3 it hits."""
    s = position({"hand": ["Fireball"]}, {"lane3": ["Ashen Brute"]})
    fb, brute = card(s, 0, "Fireball"), card(s, 1, "Ashen Brute")
    assert [t for t in texts(s) if t.startswith("play")] == [f"play #{fb} base2", f"play #{fb} base3"]
    with pytest.raises(IllegalAction, match="GR-COMBAT-02"):
        s.apply(f"play #{fb} base1")
    do(s, f"play #{fb} base3")
    assert hp(s, brute) == 17


def test_effect_targets_from_its_base_only_gr_combat_02() -> None:
    """GR-COMBAT-02: from Base 1 the choice holds the enemies of lanes 1 and 2 only; from Base 2 all three."""
    s = position({"hand": ["2 Fireball"]}, {"lane1": ["Moss Whelp"], "lane2": ["Ashen Brute"],
                                            "lane3": ["Hollow Knight"]})
    fb = card(s, 0, "Fireball")
    do(s, f"play #{fb} base1")
    assert sorted(a.args[0] for a in s.pending.options) == sorted(
        [card(s, 1, "Moss Whelp"), card(s, 1, "Ashen Brute")])
    do(s, f"choose #{card(s, 1, 'Moss Whelp')}")
    do(s, f"play #{s.zone(0, 'hand')[0]} base2")
    assert len(s.pending.options) == 3


def test_effect_not_bound_by_tanks_gr_class_03() -> None:
    """GR-CLASS-03: a Tank binds enemy Guardians only; an Effect card may pass it by."""
    s = position({"hand": ["Fireball"]}, {"lane2": ["Granite Sentinel"], "lane3": ["Ashen Brute"]})
    do(s, 'play "Fireball" base3')
    do(s, f"choose #{card(s, 1, 'Ashen Brute')}")
    assert hp(s, card(s, 1, "Ashen Brute")) == 17


def test_recall_sees_from_its_base_gr_combat_02_gr_rth_01() -> None:
    """GR-COMBAT-02, GR-RTH-01: a return-to-hand Effect targets a visible enemy: from Base 1, not lane 3."""
    s = position({"hand": ["Recall"]}, {"lane3": ["Ashen Brute"]})
    assert not any(t.endswith("base1") for t in texts(s))
    do(s, 'play "Recall" base3')
    assert s.loc[card(s, 1, "Ashen Brute")][1] == "hand"


def test_option_effects_any_lane() -> None:
    """Option ``effects_any_lane`` (GR-COMBAT-02, second reading): an Effect sees every lane from any Base;
    Stealth still hides."""
    s = position({"hand": ["Fireball"]}, {"lane3": ["Ashen Brute"]}, options={"effects_any_lane": True})
    do(s, 'play "Fireball" base1')
    assert hp(s, card(s, 1, "Ashen Brute")) == 17
    s = position({"hand": ["Fireball"]}, {"lane3": ["Cinder Scout"]}, options={"effects_any_lane": True},
                 cards1=[{"name": "Cinder Scout", "status": {"stealth": 1}}])
    assert not any(a.kind == "play" for a in s.legal_actions())


# ---------------------------------------------------------------------------------------------- sacrifices


def test_sacrifice_count_is_the_cards_gr_sac_01_gr_sac_02() -> None:
    """GR-SAC-01/02: a card printing ``sacrifice: 2`` needs two fielded Guardians, chosen by the player (every pair
    is an action); both are discarded; with one fielded Guardian it cannot be summoned."""
    s = position({"lane1": ["Moss Whelp"]})
    big = custom(s, {"name": "Twin Altar Beast", "type": "Guardian", "hp": 40, "atk": 9, "sp_cost": 3,
                     "sacrifice": 2})
    assert not any(a.kind == "summon" and a.args[0] == big for a in s.legal_actions())
    s = position({"lane1": ["Moss Whelp"], "lane2": ["Ashen Brute"], "lane3": ["Hollow Knight"]})
    big = custom(s, {"name": "Twin Altar Beast", "type": "Guardian", "hp": 40, "atk": 9, "sp_cost": 3,
                     "sacrifice": 2})
    whelp, brute, knight = card(s, 0, "Moss Whelp"), card(s, 0, "Ashen Brute"), card(s, 0, "Hollow Knight")
    summons = [a for a in s.legal_actions() if a.kind == "summon" and a.args[0] == big]
    assert {a.args[2:] for a in summons} == {(whelp, brute), (whelp, knight), (brute, knight)}
    with pytest.raises(IllegalAction, match="GR-SAC"):
        s.apply(f"summon #{big} lane1 #{whelp}")
    do(s, f"summon #{big} lane1 #{whelp} #{knight}")
    assert s.loc[whelp][1] == "discard" and s.loc[knight][1] == "discard" and s.loc[brute][1] == "lane2"
    assert s.loc[big][1] == "lane1"
    assert [ev.card for ev in s.log if ev.kind == "sacrificed"] == [whelp, knight]


def test_sacrifice_field_bounds() -> None:
    """GR-SAC-02: ``sacrifice`` is 0 to 3 (three lanes hold at most three Guardians)."""
    entry = {"name": "X", "type": "Guardian", "rarity": "Common", "hp": 5, "atk": 1, "sp_cost": 1, "sacrifice": 4}
    with pytest.raises((CardDataError, ValidationError), match="sacrifice"):
        load_card_entries({"cards": [entry]}, "t.yaml", GrCard, RULES.make_card, RULES.verbs)


# ---------------------------------------------------------------------------------------------- swaps, infusions


def test_confused_partner_checks_too_gr_swap_02_gr_conf_01() -> None:
    """GR-SWAP-02, GR-CONF-01: a swap is an action of both Guardians that costs DZ, so a Confused partner makes the
    Resist Check whichever of the two is named first (one action per pair): odd, 5 self-damage, no swap, no DZ
    spent; even, Confusion removed and the swap goes ahead."""
    for roll, swapped in ((3, False), (4, True)):
        s = position({"lane1": ["Moss Whelp"], "lane2": ["Ashen Brute"]}, res0={"dz": 3},
                     cards0=[{"name": "Ashen Brute", "status": {"confused": 1}}])
        brute, whelp = card(s, 0, "Ashen Brute"), card(s, 0, "Moss Whelp")
        assert [t for t in texts(s) if t.startswith("swap")] == [f"swap #{whelp} #{brute}"]  # the Brute is Y
        rig(s, roll)
        do(s, f"swap #{whelp} #{brute}")
        assert [ev.data for ev in s.log if ev.kind == "resist"] == [("confused", roll)]
        assert (s.loc[brute][1] == "lane1") is swapped and bool(status(s, brute, "confused")) is not swapped
        assert s.res[0]["dz"] == (2 if swapped else 3) and hp(s, brute) == (25 if swapped else 20)


def test_exhausted_material_can_be_infused_gr_sac_03() -> None:
    """GR-SAC-03: an infusion is a player action, not the Guardian's: a summon-exhausted Husk is infused at once."""
    s = position({"lane2": ["Ashen Brute"], "hand": ["Smoldering Husk"]})
    husk, brute = card(s, 0, "Smoldering Husk"), card(s, 0, "Ashen Brute")
    do(s, f"summon #{husk} lane1")
    assert status(s, husk, "exhausted")
    do(s, f"infuse #{husk} #{brute}")
    assert RULES.stat(s, brute, "atk") == 9


# ---------------------------------------------------------------------------------------------- Equipment uses

DAGGERS = {"name": "Twin Daggers", "zone": "equip1", "counters": {"uses": 2}}


def test_equipment_use_is_one_basic_attack_gr_lane_04() -> None:
    """GR-CARD-08, GR-LANE-04: a use is one basic attack: a Fury Guardian with 2-use Twin Daggers spends both in one
    turn (+2 each time) and the Daggers are discarded."""
    s = position({"lane1": ["Ashen Brute"], "equip1": ["Twin Daggers"]}, {"lane1": ["Pyre Colossus"]},
                 cards0=[{"name": "Ashen Brute", "status": {"fury": PERMANENT}}, DAGGERS])
    brute, colossus, daggers = card(s, 0, "Ashen Brute"), card(s, 1, "Pyre Colossus"), card(s, 0, "Twin Daggers")
    do(s, f"attack #{brute} #{colossus}")
    do(s, f"attack #{brute} #{colossus}")
    assert hp(s, colossus) == 60 - 16 and s.loc[daggers][1] == "discard"


def test_option_equipment_use_per_turn() -> None:
    """Option ``equipment_use_per_turn`` (GR-LANE-04, second reading): a use is a turn of basic attacks: both Fury
    attacks of a turn get the bonus for one use; the last use is discarded at the end of its turn."""
    s = position({"lane1": ["Ashen Brute"], "equip1": ["Twin Daggers"]}, {"lane1": ["Pyre Colossus"]},
                 cards0=[{"name": "Ashen Brute", "status": {"fury": PERMANENT}}, DAGGERS],
                 options={"equipment_use_per_turn": True})
    brute, colossus, daggers = card(s, 0, "Ashen Brute"), card(s, 1, "Pyre Colossus"), card(s, 0, "Twin Daggers")
    do(s, f"attack #{brute} #{colossus}")
    do(s, f"attack #{brute} #{colossus}")
    assert hp(s, colossus) == 60 - 16 and s.cs[daggers].counters["uses"] == 1
    do(s, "end")
    do(s, "end")
    do(s, f"attack #{brute} #{colossus}")
    do(s, f"attack #{brute} #{colossus}")
    assert hp(s, colossus) == 60 - 32 and s.loc[daggers][1] == "equip1"
    do(s, "end")
    assert s.loc[daggers][1] == "discard"


# ---------------------------------------------------------------------------------------------- dice and order


def test_no_exhaustion_roll_for_an_immune_target_gr_exh_03_gr_imm_01() -> None:
    """GR-EXH-03, GR-IMM-01: the Exhaustion die is rolled only for an application that can take hold."""
    s = position({"lane1": ["Frost Warden"]}, {"lane1": ["Ashen Brute"]},
                 cards1=[{"name": "Ashen Brute", "status": {"immune_exhausted": PERMANENT}}])
    do(s, f"ability #{card(s, 0, 'Frost Warden')} 0")
    assert not any(ev.kind == "roll" for ev in s.log)
    assert not status(s, card(s, 1, "Ashen Brute"), "exhausted")
    s = position({"lane1": ["Frost Warden"]}, {"lane1": ["Ashen Brute"]})
    rig(s, 5)
    do(s, f"ability #{card(s, 0, 'Frost Warden')} 0")
    assert status(s, card(s, 1, "Ashen Brute"), "exhausted") == 2


def test_play_effects_resolve_in_printed_order() -> None:
    """A Guardian's (and an Equipment's) play effects resolve in the order printed: a Shield first, then 5 damage
    to itself, which the Shield negates."""
    s = position()
    g = custom(s, {"name": "Ordered One", "type": "Guardian", "hp": 20, "atk": 1, "sp_cost": 1, "effects": [
        {"kind": "play", "steps": [{"add_status": {"target": "self", "status": "shield"}}]},
        {"kind": "play", "steps": [{"damage": {"target": "self", "amount": 5}}]}]})
    do(s, f"summon #{g} lane1")
    assert hp(s, g) == 20 and not status(s, g, "shield")
    eq = custom(s, {"name": "Ordered Gear", "type": "Equipment", "effects": [
        {"kind": "play", "steps": [{"add_status": {"target": "host", "status": "shield"}}]},
        {"kind": "play", "steps": [{"damage": {"target": "host", "amount": 5}}]}]})
    do(s, f"equip #{eq} #{g}")
    assert hp(s, g) == 20 and not status(s, g, "shield")


def test_hp_link_event_survives_json_gr_link_01() -> None:
    """GR-LINK-01: the ``hp_link`` event's data is flat (pool, maximum, members...), so a saved replay compares
    equal after a JSON round trip."""
    import json

    s = position({"lane1": ["Ashen Brute"], "hand": ["Bonded Twins"]})
    do(s, 'summon "Bonded Twins" lane2')
    (ev,) = [e for e in s.log if e.kind == "hp_link"]
    assert json.loads(json.dumps(ev.data)) == list(ev.data)
    assert ev.data == (47, 47, card(s, 0, "Bonded Twins"), card(s, 0, "Ashen Brute"))


def test_replicas_run_their_on_summon_passives_gr_clone_01_gr_copy_01() -> None:
    """GR-CLONE-01, GR-COPY-01: a Copy is a summoned replica of the printed card: a Copy of Berserker of the Pyre
    ("Enters with Fury") enters with Fury, a Copy of Aegis Titan ("Enters with a Shield") with a Shield."""
    for model, buff in (("Berserker of the Pyre", "fury"), ("Aegis Titan", "shield")):
        s = position({"lane1": ["Mirror Sprite"], "lane2": [model]})
        do(s, f"ability #{card(s, 0, 'Mirror Sprite')} 0")
        (copy,) = s.zone(0, "lane3")
        assert s.defs[copy].fields["token"] == "copy" and status(s, copy, buff), model


@pytest.mark.parametrize(("order", "after"), [("statuses_first", 22), ("effects_first", 20)])
def test_end_of_turn_order_is_the_players_gr_burn_01(order: str, after: int) -> None:
    """GR-BURN-01: Burn ticks at the end of its controller's turn, the moment Rune Circle heals ("at the end of each
    of your turns"); the player orders the two: Burn then heal 24 -> 19 -> 22; heal then Burn 24 -> 25 -> 20."""
    s = position({"lane1": ["Ashen Brute"], "field": ["Rune Circle"]},
                 cards0=[{"name": "Ashen Brute", "counters": {"dmg": 1}, "status": {"burned": 1}},
                         {"name": "Rune Circle", "zone": "field", "counters": {"left": 2}}])
    do(s, "end")
    assert s.pending is not None and s.current == 0
    assert sorted(a.args[0] for a in s.pending.options) == ["effects_first", "statuses_first"]
    do(s, f"option {order}")
    assert hp(s, card(s, 0, "Ashen Brute")) == after
    assert s.active == 1 and s.phase == "main" and s.pending is None
    s = position({"lane1": ["Ashen Brute"]}, cards0=[{"name": "Ashen Brute", "status": {"burned": 1}}])
    do(s, "end")  # nothing to order: no decision
    assert s.active == 1 and hp(s, card(s, 0, "Ashen Brute")) == 20


def test_option_tokens_may_replace_gr_clone_01() -> None:
    """GR-CLONE-01: a Clone enters the empty Guardian slot (no decision with one); option ``tokens_may_replace``
    (second reading): the player may also put it over a Guardian, which is discarded (GR-LANE-01)."""
    s = position({"lane1": ["Twin Flame Phoenix"], "lane2": ["Moss Whelp"]})
    phoenix = card(s, 0, "Twin Flame Phoenix")
    do(s, f"ability #{phoenix} 0")
    assert s.pending is None and len(s.zone(0, "lane3")) == 1
    s = position({"lane1": ["Twin Flame Phoenix"], "lane2": ["Moss Whelp"]}, options={"tokens_may_replace": True})
    phoenix, whelp = card(s, 0, "Twin Flame Phoenix"), card(s, 0, "Moss Whelp")
    do(s, f"ability #{phoenix} 0")
    assert sorted(a.args[0] for a in s.pending.options) == ["lane1", "lane2", "lane3"]
    do(s, "option lane2")
    assert s.loc[whelp][1] == "discard" and s.defs[s.zone(0, "lane2")[0]].fields["token"] == "clone"


def test_clone_of_several_is_the_players_choice_gr_clone_01() -> None:
    """GR-CLONE-01: a card that clones "one of your Guardians" without a ``choose`` step: the controller picks the
    original among the selected ones, then the lane (never the engine's first pick)."""
    s = position({"lane1": ["Moss Whelp"], "lane2": ["Ashen Brute"]})
    mirror = custom(s, {"name": "Mirror Pool", "type": "Effect", "effects": [
        {"kind": "play", "steps": [{"clone": {"of": "you.guardians"}}]}]})
    do(s, f"play #{mirror} base2")
    assert s.pending is not None and {a.args[0] for a in s.pending.options} == {
        card(s, 0, "Moss Whelp"), card(s, 0, "Ashen Brute")}
    do(s, f"choose #{card(s, 0, 'Ashen Brute')}")
    (clone,) = s.zone(0, "lane3")  # the only empty slot
    assert s.defs[clone].name == "Ashen Brute" and s.defs[clone].fields["token"] == "clone"
    s = position({"lane1": ["Moss Whelp"], "lane2": ["Ashen Brute"]}, options={"tokens_may_replace": True})
    mirror = custom(s, {"name": "Mirror Pool", "type": "Effect", "effects": [
        {"kind": "play", "steps": [{"clone": {"of": "you.guardians"}}]}]})
    do(s, f"play #{mirror} base2")
    do(s, f"choose #{card(s, 0, 'Moss Whelp')}")
    do(s, "option lane3")  # then the lane: the original is not asked again
    assert s.pending is None and s.defs[s.zone(0, "lane3")[0]].name == "Moss Whelp"


def test_playability_condition_rolls_no_die() -> None:
    """A die or a coin is rolled only when the rules call for it: a card whose play or ability condition would
    flip a coin (checked while listing legal actions) is refused when the card file is loaded."""
    entry = {"name": "Gamble", "type": "Effect", "rarity": "Common",
             "effects": [{"kind": "play", "condition": {"coin": "heads"}, "steps": [{"draw": {"count": 1}}]}]}
    with pytest.raises(CardDataError, match="coin"):
        load_card_entries({"cards": [entry]}, "t.yaml", GrCard, RULES.make_card, RULES.verbs)
    entry["effects"] = [{"kind": "play", "steps": [{"if": {"condition": {"coin": "heads"},
                                                            "then": [{"draw": {"count": 1}}]}}]}]
    assert load_card_entries({"cards": [entry]}, "t.yaml", GrCard, RULES.make_card, RULES.verbs)


def test_guardian_play_condition_gates_the_passive() -> None:
    """A Guardian's on-summon passive with a printed condition ("if you have a Tank, enter with a Shield") resolves
    only when the condition holds; the Guardian is summoned either way."""
    entry = {"name": "Shield Squire", "type": "Guardian", "hp": 10, "atk": 1, "sp_cost": 1, "effects": [
        {"kind": "play", "condition": {"exists": {"zone": "you.guardians", "filter": {"tag": "tank"}}},
         "steps": [{"add_status": {"target": "self", "status": "shield"}}]}]}
    for board, shielded in (({}, False), ({"lane2": ["Granite Sentinel"]}, True)):
        s = position(board)
        squire = custom(s, entry)
        do(s, f"summon #{squire} lane1")
        assert s.loc[squire][1] == "lane1" and bool(status(s, squire, "shield")) is shielded
