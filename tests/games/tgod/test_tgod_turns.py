"""TGOD turn structure: primary, secondary and normal turns, their steps in order, and moving a Backup up."""

from __future__ import annotations

import json

import pytest
from tgod_helpers import RULES, card, do, kinds, legal, position, stat

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction
from tcgkit.core.state import GameState


def new(seed: int = 11) -> GameState:
    return RULES.new_game(["Guardian Wall", "Knight Order"], seed=seed, options={"first_player": 0})


def in_hand(state: GameState, p: int, kind: str) -> list[int]:
    return [c for c in state.zone(p, "hand") if state.defs[c].type == kind and RULES.requirement_met(
        state, p, state.defs[c])]


def rejected(state: GameState, action: Action) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_TGOD_PRI_01_first_two_turns_are_primary() -> None:
    """TGOD-PRI-01."""
    state = new()
    assert (state.turn, state.active, RULES.turn_kind(state)) == (1, 0, "primary")
    do(state, "end")
    assert (state.turn, state.active, RULES.turn_kind(state)) == (2, 1, "primary")


def test_TGOD_PRI_02_each_player_draws_seven_in_their_primary_turn() -> None:
    """TGOD-PRI-02."""
    state = new()
    assert len(state.zone(0, "hand")) == 7 and len(state.zone(1, "hand")) == 0
    do(state, "end")
    assert len(state.zone(1, "hand")) == 7 and len(state.zone(1, "deck")) == 22


def test_TGOD_PRI_03_one_main_creature_in_a_primary_turn() -> None:
    """TGOD-PRI-03."""
    state = new()
    first, second = in_hand(state, 0, "creature")[:2]
    do(state, "play", first, "main")
    assert state.zone(0, "main") == [first]
    rejected(state, Action("play", (second, "main")))


def test_TGOD_PRI_04_equip_the_base_armor_once_per_turn() -> None:
    """TGOD-PRI-04."""
    state = position({"hand": ["Blue Spear", "Oath Blade"]}, turn=1)
    base = state.zone(0, "base")[0]
    do(state, "equip", card(state, 0, "Blue Spear"), base)
    assert stat(state, base, "attack") == 20 + 15
    rejected(state, Action("equip", (card(state, 0, "Oath Blade"), base)))


def test_TGOD_PRI_05_no_power_cards_backups_or_abilities_in_a_primary_turn() -> None:
    """TGOD-PRI-05."""
    state = position({"hand": ["Charge!", "Squire of Dawn"], "main": ["Banner Bearer"]}, turn=1)
    rejected(state, Action("play", (card(state, 0, "Charge!"), "power")))
    rejected(state, Action("play", (card(state, 0, "Squire of Dawn"), "backup")))
    rejected(state, Action("activate", (card(state, 0, "Banner Bearer"), "0")))
    assert "no Power cards in a primary turn (TGOD-PRI-05)" in RULES.explain_illegal(
        state, Action("play", (card(state, 0, "Charge!"), "power")))


def test_TGOD_PRI_06_no_attacks_in_a_primary_turn() -> None:
    """TGOD-PRI-06."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]}, turn=1)
    assert "attack" not in kinds(state)
    rejected(state, Action("attack", (card(state, 0, "Squire of Dawn"), card(state, 1, "Shadow Brute"))))


def test_TGOD_PRI_07_ending_turn_one_starts_the_second_players_primary_turn() -> None:
    """TGOD-PRI-07."""
    state = new()
    do(state, "end")
    assert state.turn == 2 and state.active == 1 and state.current == 1


def test_TGOD_SEC_01_turns_three_and_four_are_secondary() -> None:
    """TGOD-SEC-01."""
    state = new()
    seen = []
    for _ in range(4):
        do(state, "end")
        seen.append((state.turn, RULES.turn_kind(state)))
    assert seen == [(2, "primary"), (3, "secondary"), (4, "secondary"), (5, "normal")]


def test_TGOD_SEC_02_draw_one_in_a_secondary_turn() -> None:
    """TGOD-SEC-02."""
    state = new()
    do(state, "end")
    hand, deck = len(state.zone(0, "hand")), len(state.zone(0, "deck"))
    do(state, "end")
    assert (len(state.zone(0, "hand")), len(state.zone(0, "deck"))) == (hand + 1, deck - 1)


def test_TGOD_SEC_03_main_creature_only_if_not_already_played() -> None:
    """TGOD-SEC-03."""
    state = position({"hand": ["Squire of Dawn"]}, turn=3)
    assert legal(state, "play", card(state, 0, "Squire of Dawn"), "main")
    state = position({"hand": ["Squire of Dawn"], "main": ["Azure Sentinel"]}, turn=3)
    rejected(state, Action("play", (card(state, 0, "Squire of Dawn"), "main")))


def test_TGOD_SEC_04_one_backup_creature_in_a_secondary_turn() -> None:
    """TGOD-SEC-04."""
    state = position({"hand": ["Squire of Dawn", "Azure Sentinel"], "main": ["Reef Guard"]}, turn=3)
    do(state, "play", card(state, 0, "Squire of Dawn"), "backup")
    assert state.zone(0, "backup") == [card(state, 0, "Squire of Dawn")]
    rejected(state, Action("play", (card(state, 0, "Azure Sentinel"), "backup")))


def test_TGOD_SEC_05_equip_a_backup_creature() -> None:
    """TGOD-SEC-05."""
    state = position({"hand": ["Tower Shield"], "backup": ["Reef Guard"]}, turn=3)
    reef = card(state, 0, "Reef Guard")
    do(state, "equip", card(state, 0, "Tower Shield"), reef)
    assert stat(state, reef, "defense") == 15 and state.cs[reef].attached == [card(state, 0, "Tower Shield")]


def test_TGOD_SEC_06_no_power_card_in_a_secondary_turn() -> None:
    """TGOD-SEC-06."""
    state = position({"hand": ["Healing Rain"]}, turn=3)
    rejected(state, Action("play", (card(state, 0, "Healing Rain"), "power")))


def test_TGOD_SEC_07_no_attacks_in_a_secondary_turn() -> None:
    """TGOD-SEC-07."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]}, turn=4, active=1)
    assert "attack" not in kinds(state)
    rejected(state, Action("attack", (card(state, 1, "Shadow Brute"), card(state, 0, "Squire of Dawn"))))


def test_TGOD_SEC_08_after_turn_four_the_first_normal_turn() -> None:
    """TGOD-SEC-08."""
    state = position(turn=4, active=1)
    do(state, "end")
    assert (state.turn, state.active, RULES.turn_kind(state)) == (5, 0, "normal")


def test_TGOD_NRM_01_every_later_turn_is_normal() -> None:
    """TGOD-NRM-01."""
    state = position(turn=5)
    for _ in range(4):
        assert RULES.turn_kind(state) == "normal"
        do(state, "end")


def test_TGOD_NRM_01_no_main_creature_play_in_a_normal_turn() -> None:
    """TGOD-NRM-01."""
    state = position({"hand": ["Squire of Dawn"]})
    rejected(state, Action("play", (card(state, 0, "Squire of Dawn"), "main")))
    assert legal(state, "play", card(state, 0, "Squire of Dawn"), "backup")


def test_TGOD_NRM_01_steps_go_in_order() -> None:
    """TGOD-NRM-01: After equipping (step 3) no Backup may be played (step 2);
    after attacking, no Power card (step 5)."""
    state = position({"hand": ["Squire of Dawn", "Kite Shield", "Charge!"], "main": ["Azure Sentinel"]},
                     {"main": ["Shadow Brute"]})
    do(state, "equip", card(state, 0, "Kite Shield"), card(state, 0, "Azure Sentinel"))
    rejected(state, Action("play", (card(state, 0, "Squire of Dawn"), "backup")))
    assert "TGOD-NRM-01" in RULES.explain_illegal(state, Action("play", (card(state, 0, "Squire of Dawn"),
                                                                           "backup")))
    do(state, "attack", card(state, 0, "Azure Sentinel"), card(state, 1, "Shadow Brute"))
    rejected(state, Action("play", (card(state, 0, "Charge!"), "power")))


def test_TGOD_NRM_01_option_steps_in_any_order() -> None:
    """TGOD-NRM-01."""
    state = position({"hand": ["Squire of Dawn", "Kite Shield"], "main": ["Azure Sentinel"]},
                     options={"steps_any_order": True})
    do(state, "equip", card(state, 0, "Kite Shield"), card(state, 0, "Azure Sentinel"))
    do(state, "play", card(state, 0, "Squire of Dawn"), "backup")
    assert state.zone(0, "backup") == [card(state, 0, "Squire of Dawn")]


def test_TGOD_NRM_02_draw_one_at_the_start_of_a_normal_turn() -> None:
    """TGOD-NRM-02."""
    state = position(turn=4, active=1)
    do(state, "end")
    assert len(state.zone(0, "hand")) == 1 and len(state.zone(0, "deck")) == 9


def test_TGOD_NRM_03_one_backup_per_normal_turn() -> None:
    """TGOD-NRM-03."""
    state = position({"hand": ["Squire of Dawn", "Azure Sentinel"]})
    do(state, "play", card(state, 0, "Squire of Dawn"), "backup")
    rejected(state, Action("play", (card(state, 0, "Azure Sentinel"), "backup")))


def test_TGOD_NRM_04_one_equipment_per_normal_turn() -> None:
    """TGOD-NRM-04."""
    state = position({"hand": ["Kite Shield", "Oath Blade"], "main": ["Azure Sentinel"]})
    sentinel = card(state, 0, "Azure Sentinel")
    do(state, "equip", card(state, 0, "Oath Blade"), sentinel)
    assert stat(state, sentinel, "attack") == 40
    rejected(state, Action("equip", (card(state, 0, "Kite Shield"), sentinel)))


def test_TGOD_NRM_05_activate_creature_and_base_armor_abilities() -> None:
    """TGOD-NRM-05."""
    state = position({"main": ["Banner Bearer"]}, cards0=[{"name": "Bastion of Light", "counters": {"damage": 50}}])
    bearer, base = card(state, 0, "Banner Bearer"), card(state, 0, "Bastion of Light")
    do(state, "activate", bearer, "0")
    assert stat(state, bearer, "attack") == 20
    assert not legal(state, "activate", bearer, "0")  # its own text: once per turn
    do(state, "activate", base, "0")
    assert RULES.hp_left(state, base) == 220 - 10
    do(state, "end")
    do(state, "end")
    assert stat(state, bearer, "attack") == 10  # "until the end of the turn"
    assert legal(state, "activate", bearer, "0") and not legal(state, "activate", base, "0")  # once per game


def test_TGOD_NRM_05_abilities_with_a_choice_and_a_cost() -> None:
    """TGOD-NRM-05: Tide Warden asks which card to heal; Dark Keep's ability costs 10 HP of the Base Armor."""
    state = position({"main": ["Tide Warden"]}, cards0=[{"name": "Tide Warden", "counters": {"damage": 20}},
                                                         {"name": "Bastion of Light", "counters": {"damage": 30}}])
    warden, base = card(state, 0, "Tide Warden"), card(state, 0, "Bastion of Light")
    do(state, "activate", warden, "0")
    assert state.pending is not None and set(state.legal_actions()) == {Action("choose", (warden,)),
                                                                         Action("choose", (base,))}
    do(state, "choose", base)
    assert RULES.hp_left(state, base) == 200 and RULES.hp_left(state, warden) == 40
    state = position(None, {"main": ["Shadow Brute"]}, active=1)
    keep, brute = card(state, 1, "Dark Keep"), card(state, 1, "Shadow Brute")
    do(state, "activate", keep, "0")
    assert RULES.hp_left(state, keep) == 180 and stat(state, brute, "attack") == 40
    state = position(None, {"main": ["Shadow Brute"]}, active=1,
                     cards1=[{"name": "Dark Keep", "counters": {"damage": 180}}])
    assert not legal(state, "activate", card(state, 1, "Dark Keep"), "0")  # cannot pay 10 of 10 HP left


def test_TGOD_NRM_06_one_power_card_per_turn() -> None:
    """TGOD-NRM-06."""
    state = position({"hand": ["Charge!", "Charge!"], "main": ["Squire of Dawn"]})
    squire = card(state, 0, "Squire of Dawn")
    do(state, "play", card(state, 0, "Charge!"), "power")
    assert stat(state, squire, "attack") == 40
    rejected(state, Action("play", (card(state, 0, "Charge!", 1), "power")))


def test_TGOD_NRM_07_attacking_is_allowed_and_optional() -> None:
    """TGOD-NRM-07."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]})
    assert legal(state, "attack", card(state, 0, "Squire of Dawn"), card(state, 1, "Shadow Brute"))
    assert legal(state, "attack", card(state, 0, "Bastion of Light"), card(state, 1, "Shadow Brute"))
    do(state, "end")
    assert state.turn == 6 and state.result is None


def test_TGOD_NRM_08_ending_a_normal_turn() -> None:
    """TGOD-NRM-08."""
    state = position()
    do(state, "end")
    assert (state.turn, state.active, RULES.turn_kind(state)) == (6, 1, "normal")


def test_TGOD_SPEC_01_backup_moves_up_when_there_is_no_main() -> None:
    """TGOD-SPEC-01."""
    state = position({"backup": ["Reef Guard"], "hand": ["Squire of Dawn"]})
    reef = card(state, 0, "Reef Guard")
    do(state, "play", card(state, 0, "Squire of Dawn"), "backup")
    do(state, "promote", card(state, 0, "Squire of Dawn"))  # played this turn, moved up the same turn
    assert state.zone(0, "main") == [card(state, 0, "Squire of Dawn")]
    rejected(state, Action("promote", (reef,)))  # a Main Creature is present now


def test_TGOD_SPEC_01_only_on_your_own_turn() -> None:
    """TGOD-SPEC-01."""
    state = position(None, {"backup": ["Shadow Brute"]})
    assert all(a.kind != "promote" for a in state.legal_actions())
    do(state, "end")
    assert legal(state, "promote", card(state, 1, "Shadow Brute"))


def test_TGOD_OTH_01_empty_deck_skips_the_draw_and_is_no_loss() -> None:
    """TGOD-OTH-01."""
    state = position({"deck": []}, turn=6, active=1)
    do(state, "end")
    assert state.result is None and state.turn == 7 and state.zone(0, "hand") == []
    assert any(e.kind == "no_draw" and e.player == 0 for e in state.log)
    do(state, "end")
    do(state, "end")
    assert state.result is None


def test_TGOD_PRI_02_option_deal_before_game() -> None:
    """TGOD-PRI-02 second reading: both players draw 7 before the game, none in the primary turns."""
    state = RULES.new_game(["Guardian Wall", "Knight Order"], seed=11,
                           options={"first_player": 0, "deal_before_game": True})
    assert len(state.zone(0, "hand")) == 7 and len(state.zone(1, "hand")) == 7
    do(state, "end")
    assert len(state.zone(1, "hand")) == 7 and len(state.zone(1, "deck")) == 22


def test_TGOD_NRM_04_NRM_06_options_any_number_of_equipment_and_power_cards() -> None:
    """TGOD-NRM-04, TGOD-NRM-06 second readings: several Equipment / Power cards in one turn."""
    state = position({"hand": ["Kite Shield", "Oath Blade", "Charge!", "Charge!"], "main": ["Azure Sentinel"]},
                     options={"equip_any_number": True, "power_any_number": True})
    sentinel = card(state, 0, "Azure Sentinel")
    do(state, "equip", card(state, 0, "Oath Blade"), sentinel)
    do(state, "equip", card(state, 0, "Kite Shield"), sentinel)
    do(state, "play", card(state, 0, "Charge!"), "power")
    do(state, "play", card(state, 0, "Charge!", 1), "power")
    assert stat(state, sentinel, "attack") == 20 + 20 + 5 + 40
