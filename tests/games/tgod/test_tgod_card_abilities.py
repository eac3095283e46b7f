"""Every shipped card's ability is executed by the engine (TGOD-OTH-03); the abilities not covered elsewhere."""

from __future__ import annotations

from tgod_helpers import RULES, card, do, position, stat

from tcgkit.scenario import build_position, scenario_from_dict


def hp(state, c: int) -> int:
    return RULES.hp_left(state, c)


def test_sunlit_rampart_static_defense_for_creatures() -> None:
    doc = {"game": "tgod", "position": {"turn": 5, "phase": "play", "players": [
        {"zones": {"base": ["Sunlit Rampart"], "main": ["Reef Guard"], "backup": ["Azure Sentinel"]}},
        {"zones": {"base": ["Dark Keep"]}}]}}
    state = build_position(scenario_from_dict(doc))
    assert stat(state, card(state, 0, "Reef Guard"), "defense") == 5
    assert stat(state, card(state, 0, "Azure Sentinel"), "defense") == 5
    assert stat(state, card(state, 0, "Sunlit Rampart"), "defense") == 0


def test_celestial_guardian_heals_the_base_armor_when_played() -> None:
    state = position({"hand": ["Celestial Guardian"]}, turn=3, vars={"deck_type": ["guardian", None]},
                     cards0=[{"name": "Bastion of Light", "counters": {"damage": 50}}])
    do(state, "play", card(state, 0, "Celestial Guardian"), "main")
    assert hp(state, card(state, 0, "Bastion of Light")) == 220 - 30


def test_healing_rain_heals_base_and_creatures_never_above_hp() -> None:
    state = position({"hand": ["Healing Rain"], "main": ["Reef Guard"], "backup": ["Azure Sentinel"]},
                     cards0=[{"name": "Bastion of Light", "counters": {"damage": 50}},
                             {"name": "Reef Guard", "counters": {"damage": 5}}])
    do(state, "play", card(state, 0, "Healing Rain"), "power")
    assert hp(state, card(state, 0, "Bastion of Light")) == 190
    assert hp(state, card(state, 0, "Reef Guard")) == 70 and hp(state, card(state, 0, "Azure Sentinel")) == 50


def test_citadel_of_oaths_gives_the_main_creature_a_star_when_it_attacks() -> None:
    doc = {"game": "tgod", "position": {"turn": 5, "phase": "play", "players": [
        {"zones": {"base": ["Citadel of Oaths"], "main": ["Squire of Dawn"]},
         "cards": [{"name": "Squire of Dawn", "counters": {"stars_used": 3}}]},
        {"zones": {"base": ["Dark Keep"]}}]}}
    state = build_position(scenario_from_dict(doc))
    squire, citadel = card(state, 0, "Squire of Dawn"), card(state, 0, "Citadel of Oaths")
    do(state, "attack", citadel, card(state, 1, "Dark Keep"))
    assert RULES.stars_left(state, squire) == 1 and RULES.stars_left(state, citadel) == 3
    assert hp(state, card(state, 1, "Dark Keep")) == 190 - 25


def test_paladin_sovereign_heals_its_base_armor_when_it_attacks() -> None:
    state = position({"main": ["Paladin Sovereign"]}, cards0=[{"name": "Bastion of Light", "counters": {"damage": 5}}])
    do(state, "attack", card(state, 0, "Paladin Sovereign"), card(state, 1, "Dark Keep"))
    assert hp(state, card(state, 0, "Bastion of Light")) == 220 and hp(state, card(state, 1, "Dark Keep")) == 140


def test_rally_gives_the_main_creature_a_battle_star() -> None:
    state = position({"hand": ["Rally"], "main": ["Squire of Dawn"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 3}}])
    do(state, "play", card(state, 0, "Rally"), "power")
    assert RULES.stars_left(state, card(state, 0, "Squire of Dawn")) == 1


def test_iron_tyrant_bonus_only_against_a_base_armor() -> None:
    state = position({"main": ["Iron Tyrant"]}, {"main": ["Paladin Sovereign"]})
    tyrant, paladin = card(state, 0, "Iron Tyrant"), card(state, 1, "Paladin Sovereign")
    do(state, "attack", tyrant, paladin)
    assert hp(state, paladin) == 90 - 55
    do(state, "end")
    do(state, "end")
    do(state, "attack", tyrant, card(state, 1, "Dark Keep"))
    assert hp(state, card(state, 1, "Dark Keep")) == 190 - 70


def test_terror_lowers_opposing_attack_until_the_end_of_the_next_turn() -> None:
    state = position({"hand": ["Terror"], "main": ["Shadow Brute"]}, {"main": ["Squire of Dawn"]})
    squire = card(state, 1, "Squire of Dawn")
    do(state, "play", card(state, 0, "Terror"), "power")
    assert stat(state, squire, "attack") == 10
    do(state, "end")
    do(state, "attack", squire, card(state, 0, "Shadow Brute"))
    assert hp(state, card(state, 0, "Shadow Brute")) == 40
    do(state, "end")
    assert stat(state, squire, "attack") == 10  # still there during the owner's next turn
    do(state, "end")
    assert stat(state, squire, "attack") == 20 and state.zone(0, "discard") == [card(state, 0, "Terror")]
