"""TGOD battles: attackers and targets, damage, Equipment and Power cards, battle stars, paralysis, destroyed
creatures' HP carried to the Base Armor, the switch and the win."""

from __future__ import annotations

import pytest
from tgod_helpers import RULES, card, do, legal, position, stat

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction
from tcgkit.core.rng import Rng


def hp(state, c: int) -> int:
    return RULES.hp_left(state, c)


def stars(state, c: int) -> int:
    return RULES.stars_left(state, c)


def test_TGOD_ROLE_01_BTL_01_main_and_base_armor_attack_backups_do_not() -> None:
    """TGOD-ROLE-01, TGOD-BTL-01."""
    state = position({"main": ["Oathsworn Knight"], "backup": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]})
    knight, squire, brute = (card(state, 0, "Oathsworn Knight"), card(state, 0, "Squire of Dawn"),
                             card(state, 1, "Shadow Brute"))
    base = card(state, 0, "Bastion of Light")
    assert not legal(state, "attack", squire, brute)
    do(state, "attack", knight, brute)
    assert hp(state, brute) == 50 - 30
    do(state, "attack", base, brute)
    assert state.loc[brute][1] == "discard"  # 20 HP - 20 A
    with pytest.raises(IllegalAction):
        state.apply(Action("attack", (squire, brute)))


def test_TGOD_BTL_02_any_target_even_past_a_main_creature() -> None:
    """TGOD-BTL-02."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"], "backup": ["Grave Hound"]})
    squire = card(state, 0, "Squire of Dawn")
    targets = {a.args[1] for a in state.legal_actions() if a.kind == "attack" and a.args[0] == squire}
    assert targets == {card(state, 1, "Shadow Brute"), card(state, 1, "Grave Hound"), card(state, 1, "Dark Keep")}
    do(state, "attack", squire, card(state, 1, "Dark Keep"))
    assert hp(state, card(state, 1, "Dark Keep")) == 190 - 20


def test_TGOD_BTL_03_attack_minus_hp_lost_hp_persists_no_counter_damage() -> None:
    """TGOD-BTL-03."""
    state = position({"main": ["Oathsworn Knight"]}, {"main": ["Shadow Brute"]})
    knight, brute = card(state, 0, "Oathsworn Knight"), card(state, 1, "Shadow Brute")
    do(state, "attack", knight, brute)
    assert hp(state, brute) == 20 and state.loc[brute][1] == "main"
    assert hp(state, knight) == 55
    do(state, "end")
    do(state, "end")
    assert hp(state, brute) == 20


def test_TGOD_BTL_04_equipment_power_and_abilities_count() -> None:
    """TGOD-BTL-04: 30 A + 20 A Equipment + 20 A Power card = 70 against a 90 HP Creature: 20 HP left."""
    state = position({"main": ["Oathsworn Knight"], "hand": ["Charge!", "Oath Blade"]},
                     {"main": ["Paladin Sovereign"]})
    knight, paladin = card(state, 0, "Oathsworn Knight"), card(state, 1, "Paladin Sovereign")
    do(state, "equip", card(state, 0, "Oath Blade"), knight)
    do(state, "play", card(state, 0, "Charge!"), "power")
    do(state, "attack", knight, paladin)
    assert hp(state, paladin) == 90 - 70


def test_TGOD_BTL_04_when_attacking_ability() -> None:
    """TGOD-BTL-04: Sky Lancer: 35 A, +10 A only while attacking."""
    state = position({"main": ["Sky Lancer"]}, {"main": ["Shadow Brute"]})
    lancer, brute = card(state, 0, "Sky Lancer"), card(state, 1, "Shadow Brute")
    assert stat(state, lancer, "attack") == 35
    do(state, "attack", lancer, brute)
    assert hp(state, brute) == 5


def test_TGOD_BTL_05_defense_subtracted_from_attack() -> None:
    """TGOD-BTL-05."""
    state = position({"main": ["Oathsworn Knight"]}, {"main": ["Shadow Brute"], "equipped": ["Spiked Mail"]},
                     cards1=[{"name": "Spiked Mail", "attach_to": "Shadow Brute"}])
    do(state, "attack", card(state, 0, "Oathsworn Knight"), card(state, 1, "Shadow Brute"))
    assert hp(state, card(state, 1, "Shadow Brute")) == 50 - (30 - 10)


def test_TGOD_BTL_05_defense_protects_base_armor_and_never_heals() -> None:
    """TGOD-BTL-05."""
    state = position({"main": ["Squire of Dawn"]}, {"equipped": ["Spiked Mail", "Kite Shield"]},
                     cards1=[{"name": "Spiked Mail", "attach_to": "Dark Keep"},
                             {"name": "Kite Shield", "attach_to": "Dark Keep"}])
    keep = card(state, 1, "Dark Keep")
    assert stat(state, keep, "defense") == 20 and stat(state, keep, "attack") == 30 + 10 + 5
    do(state, "attack", card(state, 0, "Squire of Dawn"), keep)
    assert hp(state, keep) == 190


def test_TGOD_BTL_06_an_attack_spends_a_battle_star() -> None:
    """TGOD-BTL-06."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]})
    squire = card(state, 0, "Squire of Dawn")
    do(state, "attack", squire, card(state, 1, "Dark Keep"))
    assert stars(state, squire) == 2


def test_TGOD_BTL_06_no_attack_without_stars_and_base_stars_never_come_back() -> None:
    """TGOD-BTL-06."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 3}},
                             {"name": "Bastion of Light", "counters": {"stars_used": 3}}])
    assert not [a for a in state.legal_actions() if a.kind == "attack"]
    do(state, "end")
    do(state, "end")
    assert stars(state, card(state, 0, "Bastion of Light")) == 0


def test_TGOD_BTL_07_attacking_a_backup_paralyzes_it() -> None:
    """TGOD-BTL-07."""
    state = position({"main": ["Night Reaver"]}, {"main": ["Shadow Brute"], "backup": ["Grave Hound"]})
    reaver, hound = card(state, 0, "Night Reaver"), card(state, 1, "Grave Hound")
    do(state, "attack", reaver, hound)
    assert hp(state, hound) == 40 and state.cs[hound].status["paralyzed"] == 3
    assert stars(state, reaver) == 1


def test_TGOD_BTL_07_paralysis_lasts_three_of_its_owners_turns() -> None:
    """TGOD-BTL-07."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"], "backup": ["Grave Hound"]})
    hound = card(state, 1, "Grave Hound")
    do(state, "attack", card(state, 0, "Squire of Dawn"), hound)
    left = []
    for _ in range(6):
        do(state, "end")
        st = state.cs.get(hound)
        left.append(st.status.get("paralyzed", 0) if st else 0)
    assert left == [3, 2, 2, 1, 1, 0]


def test_TGOD_BTL_07_option_paralysis_counts_every_turn() -> None:
    """TGOD-BTL-07 reading (b), option ``paralysis_counts_all_turns``: the 3 turns are the next 3 turns of either
    player; the attacker's current turn is not one of them (that would be reading c; issue 21)."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"], "backup": ["Grave Hound"]},
                     options={"paralysis_counts_all_turns": True})
    hound = card(state, 1, "Grave Hound")
    do(state, "attack", card(state, 0, "Squire of Dawn"), hound)
    for _ in range(3):
        do(state, "end")
        assert RULES.paralyzed(state, hound)  # the attack's turn, then the 1st and 2nd turns after it
    do(state, "end")  # the 3rd turn after the attack
    assert not RULES.paralyzed(state, hound)


def test_TGOD_BTL_08_paralyzed_backup_cannot_move_up_or_use_its_ability() -> None:
    """TGOD-BTL-08."""
    state = position({"backup": ["Banner Bearer"]}, {"main": ["Shadow Brute"]},
                     cards0=[{"name": "Banner Bearer", "status": {"paralyzed": 1}}])
    bearer = card(state, 0, "Banner Bearer")
    assert not legal(state, "promote", bearer) and not legal(state, "activate", bearer, "0")
    do(state, "end")
    do(state, "end")
    assert legal(state, "promote", bearer)


def test_TGOD_BTL_09_paralyzed_creature_cannot_be_attacked() -> None:
    """TGOD-BTL-09."""
    state = position({"main": ["Squire of Dawn"]}, {"backup": ["Grave Hound"]},
                     cards1=[{"name": "Grave Hound", "status": {"paralyzed": 1}}])
    squire, hound = card(state, 0, "Squire of Dawn"), card(state, 1, "Grave Hound")
    assert not legal(state, "attack", squire, hound)
    do(state, "end")
    do(state, "end")
    assert legal(state, "attack", squire, hound)


def test_TGOD_BTL_10_battle_effects_before_the_star() -> None:
    """TGOD-BTL-10: Oathsworn Knight at 1 star, coin heads: +1 star first (2), then 1 spent: 1 left."""
    for seed in range(40):
        state = position({"main": ["Oathsworn Knight"]}, {"main": ["Shadow Brute"]}, seed=seed,
                         cards0=[{"name": "Oathsworn Knight", "counters": {"stars_used": 2}}])
        heads = Rng(state.rng.state).coin()
        knight = card(state, 0, "Oathsworn Knight")
        do(state, "attack", knight, card(state, 1, "Shadow Brute"))
        assert stars(state, knight) == (1 if heads else 0)
        kinds = [e.kind for e in state.log]
        assert kinds.index("coin") < kinds.index("star")
        if heads:
            return
    raise AssertionError("no seed gave heads")


def test_TGOD_BTL_10_equipment_battle_effect() -> None:
    """TGOD-BTL-10."""
    state = position({"main": ["Shadow Brute"], "equipped": ["Crown of Dread"]}, {"main": ["Squire of Dawn"]},
                     cards0=[{"name": "Crown of Dread", "attach_to": "Shadow Brute"}])
    do(state, "attack", card(state, 0, "Shadow Brute"), card(state, 1, "Squire of Dawn"))
    assert hp(state, card(state, 1, "Dark Keep")) == 180 and hp(state, card(state, 1, "Squire of Dawn")) == 5


def test_TGOD_BTL_11_destroyed_creatures_printed_hp_off_its_base_armor() -> None:
    """TGOD-BTL-11."""
    state = position({"main": ["Iron Tyrant"]}, {"main": ["Squire of Dawn"], "equipped": ["Kite Shield"]},
                     cards1=[{"name": "Squire of Dawn", "counters": {"damage": 25}},
                             {"name": "Kite Shield", "attach_to": "Squire of Dawn"}])
    squire = card(state, 1, "Squire of Dawn")
    do(state, "attack", card(state, 0, "Iron Tyrant"), squire)
    assert state.loc[squire][1] == "discard" and state.loc[card(state, 1, "Kite Shield")][1] == "discard"
    assert hp(state, card(state, 1, "Dark Keep")) == 190 - 45


def test_TGOD_BTL_11_option_remaining_hp_and_no_carry_outside_battle() -> None:
    """TGOD-BTL-11."""
    state = position({"main": ["Iron Tyrant"]}, {"main": ["Squire of Dawn"]},
                     cards1=[{"name": "Squire of Dawn", "counters": {"damage": 25}}],
                     options={"carry_remaining_hp": True})
    do(state, "attack", card(state, 0, "Iron Tyrant"), card(state, 1, "Squire of Dawn"))
    assert hp(state, card(state, 1, "Dark Keep")) == 190 - 20
    state = position({"main": ["Squire of Dawn"]}, cards0=[{"name": "Squire of Dawn", "counters": {"damage": 40}}])
    squire = card(state, 0, "Squire of Dawn")
    RULES.damage_card(state, squire, 10, {"controller": 1})
    assert state.loc[squire][1] == "discard" and hp(state, card(state, 0, "Bastion of Light")) == 220


def test_TGOD_BTL_12_OBJ_01_destroying_the_base_armor_in_battle_wins() -> None:
    """TGOD-BTL-12, TGOD-OBJ-01."""
    state = position({"main": ["Squire of Dawn"]}, cards1=[{"name": "Dark Keep", "counters": {"damage": 180}}])
    do(state, "attack", card(state, 0, "Squire of Dawn"), card(state, 1, "Dark Keep"))
    assert state.result.winner == 0 and state.result.clause == "TGOD-BTL-12"
    assert hp(state, card(state, 1, "Dark Keep")) == -10


def test_TGOD_BTL_11_BTL_12_hp_carried_can_destroy_the_base_armor() -> None:
    """TGOD-BTL-11, TGOD-BTL-12."""
    state = position({"main": ["Iron Tyrant"]}, {"main": ["Squire of Dawn"]},
                     cards1=[{"name": "Dark Keep", "counters": {"damage": 150}}])
    do(state, "attack", card(state, 0, "Iron Tyrant"), card(state, 1, "Squire of Dawn"))
    assert state.result.winner == 0 and state.result.clause == "TGOD-BTL-12"


def test_TGOD_BTL_13_one_attack_per_turn_whatever_the_stars() -> None:
    """TGOD-BTL-13."""
    state = position({"main": ["Reef Guard"]}, {"main": ["Shadow Brute"]})
    reef, brute = card(state, 0, "Reef Guard"), card(state, 1, "Shadow Brute")
    do(state, "attack", reef, brute)
    assert stars(state, reef) == 3 and not legal(state, "attack", reef, brute)
    with pytest.raises(IllegalAction):
        state.apply(Action("attack", (reef, brute)))
    base = card(state, 0, "Bastion of Light")
    do(state, "attack", base, brute)
    assert not legal(state, "attack", base, brute)  # the Base Armor too


def test_TGOD_OTH_10_card_ability_beats_the_rules() -> None:
    """TGOD-OTH-10: Lance Captain '(May attack twice per turn.)' attacks twice, despite TGOD-BTL-13."""
    state = position({"main": ["Lance Captain"]}, {"main": ["Paladin Sovereign"]})
    captain, paladin = card(state, 0, "Lance Captain"), card(state, 1, "Paladin Sovereign")
    do(state, "attack", captain, paladin)
    do(state, "attack", captain, card(state, 1, "Dark Keep"))
    assert hp(state, paladin) == 55 and not legal(state, "attack", captain, paladin)


def test_TGOD_ROLE_02_base_armor_destroyed_by_an_effect_loses() -> None:
    """TGOD-ROLE-02."""
    state = position({"hand": ["Dark Pact"]}, cards1=[{"name": "Dark Keep", "counters": {"damage": 175}}])
    do(state, "play", card(state, 0, "Dark Pact"), "power")
    assert state.result.winner == 0 and state.result.clause == "TGOD-ROLE-02"


def test_TGOD_ROLE_02_both_base_armors_at_once_is_a_draw() -> None:
    """TGOD-ROLE-02."""
    state = position({"hand": ["Dark Pact"]}, cards0=[{"name": "Bastion of Light", "counters": {"damage": 215}}],
                     cards1=[{"name": "Dark Keep", "counters": {"damage": 175}}])
    do(state, "play", card(state, 0, "Dark Pact"), "power")
    assert state.result.winner is None and state.result.clause == "TGOD-ROLE-02"


def test_TGOD_ROLE_03_equipment_adds_attack_any_number() -> None:
    """TGOD-ROLE-03."""
    state = position({"main": ["Oathsworn Knight"], "equipped": ["Oath Blade", "Kite Shield"]},
                     cards0=[{"name": "Oath Blade", "attach_to": "Oathsworn Knight"},
                             {"name": "Kite Shield", "attach_to": "Oathsworn Knight"}])
    knight = card(state, 0, "Oathsworn Knight")
    assert stat(state, knight, "attack") == 30 + 20 + 5 and stat(state, knight, "defense") == 10


def test_TGOD_ROLE_03_equipment_abilities() -> None:
    """TGOD-ROLE-03: Royal Lance gives its holder +1 Battle Star; Aegis Plate +20 HP."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"], "hand": ["Royal Lance"]},
                     vars={"deck_type": ["knight", None]})
    squire = card(state, 0, "Squire of Dawn")
    do(state, "equip", card(state, 0, "Royal Lance"), squire)
    assert stars(state, squire) == 4 and stat(state, squire, "attack") == 50
    state = position({"main": ["Squire of Dawn"], "equipped": ["Aegis Plate"]},
                     cards0=[{"name": "Aegis Plate", "attach_to": "Squire of Dawn"}])
    assert hp(state, card(state, 0, "Squire of Dawn")) == 65


def test_TGOD_ROLE_04_power_card_stays_in_the_power_zone_while_it_applies() -> None:
    """TGOD-ROLE-04."""
    state = position({"hand": ["Wall of Tides"], "main": ["Reef Guard"]}, {"main": ["Shadow Brute"]})
    wall, reef = card(state, 0, "Wall of Tides"), card(state, 0, "Reef Guard")
    do(state, "play", wall, "power")
    assert state.zone(0, "power") == [wall] and stat(state, reef, "defense") == 10
    do(state, "end")
    do(state, "attack", card(state, 1, "Shadow Brute"), reef)
    assert hp(state, reef) == 70 - 15
    do(state, "end")
    assert state.zone(0, "power") == [wall]
    do(state, "end")
    assert state.zone(0, "discard") == [wall] and stat(state, reef, "defense") == 0


def test_TGOD_OTH_02_description_has_no_effect() -> None:
    """TGOD-OTH-02: Azure Sentinel's description says 'unstoppable'; it is destroyed like any other."""
    state = position({"main": ["Iron Tyrant"]}, {"main": ["Azure Sentinel"]}, active=0)
    sentinel = card(state, 1, "Azure Sentinel")
    assert "unstoppable" in state.defs[sentinel].fields["description"] and not state.defs[sentinel].effects
    do(state, "attack", card(state, 0, "Iron Tyrant"), sentinel)
    assert state.loc[sentinel][1] == "discard"


def test_TGOD_OTH_03_parenthesised_abilities_run() -> None:
    """TGOD-OTH-03: Night Reaver's '(When this attacks, deal 10 damage to the opposing Base Armor.)' is executed."""
    state = position({"main": ["Night Reaver"]}, {"main": ["Squire of Dawn"]})
    do(state, "attack", card(state, 0, "Night Reaver"), card(state, 1, "Squire of Dawn"))
    assert hp(state, card(state, 1, "Dark Keep")) == 180


def test_TGOD_OTH_05_backup_creature_ability() -> None:
    """TGOD-OTH-05."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Banner Bearer"]})
    do(state, "activate", card(state, 0, "Banner Bearer"), "0")
    assert stat(state, card(state, 0, "Squire of Dawn"), "attack") == 30


def test_TGOD_OTH_05_main_only_ability_not_from_the_backup() -> None:
    """TGOD-OTH-05."""
    state = position({"backup": ["Venom Witch"], "main": ["Shadow Brute"]}, {"backup": ["Squire of Dawn"]})
    assert not legal(state, "activate", card(state, 0, "Venom Witch"), "0")
    state = position({"main": ["Venom Witch"]}, {"backup": ["Squire of Dawn"]})
    do(state, "activate", card(state, 0, "Venom Witch"), "0")
    assert state.cs[card(state, 1, "Squire of Dawn")].status["paralyzed"] == 1


def test_TGOD_OTH_05_backup_static_ability() -> None:
    """TGOD-OTH-05."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"]})
    assert stat(state, card(state, 0, "Squire of Dawn"), "defense") == 10


def test_TGOD_OTH_06_both_mains_out_of_stars_switch() -> None:
    """TGOD-OTH-06."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard", "Azure Sentinel"]},
                     {"main": ["Shadow Brute"], "backup": ["Grave Hound"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 2}}],
                     cards1=[{"name": "Shadow Brute", "counters": {"stars_used": 2}}])
    squire = card(state, 0, "Squire of Dawn")
    do(state, "attack", squire, card(state, 1, "Shadow Brute"))
    assert state.phase == "switch" and state.current == 0
    assert {a.args[0] for a in state.legal_actions()} == {card(state, 0, "Reef Guard"),
                                                          card(state, 0, "Azure Sentinel")}
    do(state, "switch", card(state, 0, "Azure Sentinel"))
    assert state.zone(0, "main") == [card(state, 0, "Azure Sentinel")]
    assert state.zone(1, "main") == [card(state, 1, "Grave Hound")]  # the only choice: no decision
    assert state.phase == "play" and state.current == 0


def test_TGOD_OTH_07_former_main_regains_its_stars() -> None:
    """TGOD-OTH-07."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"]},
                     {"main": ["Shadow Brute"], "backup": ["Grave Hound"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 2}}],
                     cards1=[{"name": "Shadow Brute", "counters": {"stars_used": 2}}])
    squire = card(state, 0, "Squire of Dawn")
    do(state, "attack", squire, card(state, 1, "Dark Keep"))
    assert state.loc[squire][1] == "backup" and stars(state, squire) == 3
    assert stars(state, card(state, 1, "Shadow Brute")) == 2


def test_TGOD_OTH_08_no_backup_main_stays_without_stars() -> None:
    """TGOD-OTH-08."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"]}, {"main": ["Shadow Brute"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 2}}],
                     cards1=[{"name": "Shadow Brute", "counters": {"stars_used": 2}}])
    brute = card(state, 1, "Shadow Brute")
    do(state, "attack", card(state, 0, "Squire of Dawn"), brute)
    assert state.zone(1, "main") == [brute] and stars(state, brute) == 0
    assert state.zone(0, "main") == [card(state, 0, "Reef Guard")]
    assert any(e.kind == "no_switch" and e.player == 1 for e in state.log)


def test_TGOD_OTH_06_only_one_main_out_no_switch() -> None:
    """TGOD-OTH-06."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"]},
                     {"main": ["Shadow Brute"], "backup": ["Grave Hound"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 2}}])
    squire = card(state, 0, "Squire of Dawn")
    do(state, "attack", squire, card(state, 1, "Dark Keep"))
    assert state.zone(0, "main") == [squire] and state.phase == "play"


def test_TGOD_OTH_09_no_voluntary_switch() -> None:
    """TGOD-OTH-09."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"]})
    with pytest.raises(IllegalAction, match="TGOD-OTH-09"):
        state.apply(Action("switch", (card(state, 0, "Reef Guard"),)))
    assert not legal(state, "promote", card(state, 0, "Reef Guard"))


def test_TGOD_BTL_08_paralyzed_backup_skipped_by_the_switch() -> None:
    """TGOD-BTL-08."""
    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"]},
                     {"main": ["Shadow Brute"], "backup": ["Grave Hound"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 2}}],
                     cards1=[{"name": "Shadow Brute", "counters": {"stars_used": 2}},
                             {"name": "Grave Hound", "status": {"paralyzed": 2}}])
    do(state, "attack", card(state, 0, "Squire of Dawn"), card(state, 1, "Dark Keep"))
    assert state.zone(1, "main") == [card(state, 1, "Shadow Brute")]


def test_destroyed_trigger_and_leaving_equipment() -> None:
    """Grave Hound '(When this is destroyed, draw 1 card.)'; its Equipment goes to the Discard Pile (ROLE-03)."""
    state = position({"main": ["Iron Tyrant"]}, {"main": ["Grave Hound"], "equipped": ["Cruel Axe"]},
                     cards1=[{"name": "Cruel Axe", "attach_to": "Grave Hound"}])
    do(state, "attack", card(state, 0, "Iron Tyrant"), card(state, 1, "Grave Hound"))
    assert len(state.zone(1, "hand")) == 1 and state.loc[card(state, 1, "Cruel Axe")][1] == "discard"


def test_optional_battle_trigger_asks_its_controller() -> None:
    """An ``optional: true`` trigger becomes a yes/no decision of its controller."""
    from tcgkit.core.cards import CardDef, Effect, Step

    state = position({"main": ["Night Reaver"]}, {"main": ["Squire of Dawn"]})
    reaver = card(state, 0, "Night Reaver")
    d = state.defs[reaver]
    eff = Effect("triggered", (Step("damage", {"target": "opponent.base", "amount": 10}),), trigger="on_attack",
                 optional=True)
    state.defs = [*state.defs]
    state.defs[reaver] = CardDef(d.key, d.name, d.type, d.stats, d.tags, (eff,), d.text, d.fields)
    do(state, "attack", reaver, card(state, 1, "Squire of Dawn"))
    assert state.current == 0 and {a.kind for a in state.legal_actions()} == {"yes", "no"}
    do(state, "no")
    assert hp(state, card(state, 1, "Dark Keep")) == 190 and stars(state, reaver) == 1


def test_TGOD_BTL_05_option_defense_only_for_creatures() -> None:
    """TGOD-BTL-05 second reading: an equipped Base Armor's D does not reduce the damage."""
    state = position({"main": ["Squire of Dawn"]}, {"equipped": ["Spiked Mail"]},
                     cards1=[{"name": "Spiked Mail", "attach_to": "Dark Keep"}],
                     options={"defense_only_creatures": True})
    do(state, "attack", card(state, 0, "Squire of Dawn"), card(state, 1, "Dark Keep"))
    assert hp(state, card(state, 1, "Dark Keep")) == 170
