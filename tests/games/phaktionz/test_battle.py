"""Phaktionz battles: targets, DMG difference, demotion, exile, card text over rules (PHK-SUM-04..06, PHK-MECH-*,
PHK-TERM-02..04)."""

from __future__ import annotations

import pytest
from phk_helpers import act, card, names, position

from tcgkit.core.errors import IllegalAction


def battle(state, attacker: str, target: str | None, p: int = 0, nth: int = 0):
    a = card(state, p, attacker, "field")
    t = "direct" if target is None else card(state, 1 - p, target, "field", nth)
    state.apply(act(state, "battle", a, t))
    return state


def test_sum_04_striker_has_no_battle_without_opposing_summons() -> None:
    """PHK-SUM-04: a Striker never battles directly; with no opposing Summon it has no legal battle."""
    state = position({"field": ["Haka Goblin"]}, phase="combat")
    assert [a for a in state.legal_actions() if a.kind == "battle"] == []
    with pytest.raises(IllegalAction):
        battle(state, "Haka Goblin", None)


def test_sum_04_striker_may_target_disabled_summons() -> None:
    """PHK-SUM-04 (ruling): the attacker picks any opposing Summon, a disabled one too."""
    state = position({"field": ["Haka Goblin"]}, {"field": ["Waka Goblin"]}, phase="combat",
                     cards1=[{"name": "Waka Goblin", "tapped": True}])
    battle(state, "Haka Goblin", "Waka Goblin")
    assert names(state, 1, "deck_out")[-1] == "Waka Goblin"


def test_sum_06_tech_direct_battle_deals_full_dmg() -> None:
    """PHK-SUM-06, PHK-TERM-06: a DMG 3 Tech with an empty column battles directly: the opponent loses 3 cards."""
    state = position({"field": ["Sinth The Brave Men"]}, {"field": ["Haka Goblin"]}, phase="combat",
                     cards0=[{"name": "Sinth The Brave Men", "counters": {"col": 2}}],
                     cards1=[{"name": "Haka Goblin", "counters": {"col": 1}}])
    battle(state, "Sinth The Brave Men", None)
    assert len(state.zone(1, "deck")) == 17 and len(state.zone(1, "deck_out")) == 3


def test_term_02_a_disabled_summon_cannot_battle() -> None:
    """PHK-TERM-02, PHK-MECH-01: after battling a Summon is disabled; declaring it again is rejected."""
    state = position({"field": ["Kanko Loko, Prince Giant"]}, {"field": ["Waroko Loko, King Giant"]}, phase="combat")
    battle(state, "Kanko Loko, Prince Giant", "Waroko Loko, King Giant")
    assert state.cs[card(state, 0, "Kanko Loko, Prince Giant")].tapped
    with pytest.raises(IllegalAction):
        battle(state, "Kanko Loko, Prince Giant", "Waroko Loko, King Giant")


def test_mech_01_defender_stays_abled_unless_option() -> None:
    """PHK-MECH-01 (ruling 2): only the battling Summon is disabled; option defender_disabled disables both."""
    for opt in (False, True):
        state = position({"field": ["Haka Goblin"]}, {"field": ["Waroko Loko, King Giant"]}, phase="combat",
                         options={"defender_disabled": opt})
        battle(state, "Haka Goblin", "Waroko Loko, King Giant")
        st = state.cs.get(card(state, 1, "Waroko Loko, King Giant"))
        assert bool(st and st.tapped) is opt


def test_mech_05_equal_dmg_deals_nothing() -> None:
    """PHK-MECH-05: equal DMG, difference 0: no damage and no demotion."""
    state = position({"field": ["Haka Goblin"]}, {"field": ["The Enchanted Deer"]}, phase="combat")
    battle(state, "Haka Goblin", "The Enchanted Deer")
    assert len(state.zone(1, "deck")) == 20 and names(state, 1, "field") == ["The Enchanted Deer"]


def test_mech_05_difference_of_five_and_two() -> None:
    """PHK-MECH-05, PHK-MECH-07: DMG 5 against DMG 2: the opponent loses 3 cards."""
    state = position({"field": ["Lin the Fantastic Elf"]}, {"field": ["Haka Goblin"]}, phase="combat",
                     cards0=[{"name": "Lin the Fantastic Elf", "counters": {"col": 1}}],
                     cards1=[{"name": "Haka Goblin", "counters": {"col": 1}}])
    battle(state, "Lin the Fantastic Elf", "Haka Goblin")
    assert len(state.zone(1, "deck")) == 17


def test_mech_06_lower_dmg_deals_nothing_and_is_not_demoted() -> None:
    """PHK-MECH-06: DMG 1 against DMG 4: neither player loses cards, nothing is demoted, the battler is disabled."""
    state = position({"field": ["Waka Goblin"]}, {"field": ["Kanko Loko, Prince Giant"]}, phase="combat",
                     cards0=[{"name": "Waka Goblin", "counters": {"col": 1}}],
                     cards1=[{"name": "Kanko Loko, Prince Giant", "counters": {"col": 1}}])
    battle(state, "Waka Goblin", "Kanko Loko, Prince Giant")
    assert len(state.zone(0, "deck")) == 20 and len(state.zone(1, "deck")) == 20
    assert names(state, 0, "field") == ["Waka Goblin"] and state.cs[card(state, 0, "Waka Goblin")].tapped


def test_mech_08_the_loser_is_demoted_not_the_winner() -> None:
    """PHK-MECH-08 (reading a): the lower-DMG Summon is demoted; option demote_winner takes reading (b)."""
    state = position({"field": ["Hu the Fantastic Elf"]}, {"field": ["Haka Goblin"]}, phase="combat")
    battle(state, "Hu the Fantastic Elf", "Haka Goblin")
    assert names(state, 1, "deck_out")[-1] == "Haka Goblin" and names(state, 0, "field") == ["Hu the Fantastic Elf"]
    other = position({"field": ["Hu the Fantastic Elf"]}, {"field": ["Haka Goblin"]}, phase="combat",
                     options={"demote_winner": True})
    battle(other, "Hu the Fantastic Elf", "Haka Goblin")
    assert names(other, 0, "deck_out") == ["Hu the Fantastic Elf"] and names(other, 1, "field") == ["Haka Goblin"]


def test_term_03_demoted_summon_goes_to_deck_out_pile_with_its_weapon() -> None:
    """PHK-TERM-03, PHK-INV-05: a demoted Summon is in its owner's Deck Out Pile; its Weapon leaves with it."""
    state = position({"field": ["Kanko Loko, Prince Giant"]}, {"field": ["Haka Goblin"], "attached": [
        "Helio's United Fragment"]}, phase="combat", cards1=[{"name": "Helio's United Fragment",
                                                              "attach_to": "Haka Goblin"}])
    battle(state, "Kanko Loko, Prince Giant", "Haka Goblin")
    assert names(state, 1, "field") == [] and set(names(state, 1, "deck_out")) >= {
        "Haka Goblin", "Helio's United Fragment"}


def test_term_04_exile_goes_to_the_exile_zone() -> None:
    """PHK-TERM-04: an exiled Summon is in its owner's Exile Zone, not in the Deck Out Pile."""
    state = position({"field": ["Haka Goblin"]}, cards0=[{"name": "Haka Goblin", "status": {"plague": 2}}])
    state.rules.exile(state, card(state, 0, "Haka Goblin"))
    assert names(state, 0, "exile") == ["Haka Goblin"] and names(state, 0, "deck_out") == []


def test_mech_04_card_text_over_rules_battle_only_plague() -> None:
    """PHK-MECH-04: "can only battle Plague summons" (Kyu) narrows whom it battles: it battles the Plague Summon
    facing it, and never the Summon that is not Plagued (one Summon per column, PHK-SUM-05)."""
    for plagued_col, other_col in ((1, 2), (2, 1)):
        state = position({"field": ["Kyu the Forbidden Follower"]}, {"field": ["Haka Goblin", "Waka Goblin"]},
                         phase="combat", cards0=[{"name": "Kyu the Forbidden Follower", "counters": {"col": 1}}],
                         cards1=[{"name": "Haka Goblin", "counters": {"col": other_col}},
                                 {"name": "Waka Goblin", "counters": {"col": plagued_col}, "status": {"plague": 1}}])
        kyu = card(state, 0, "Kyu the Forbidden Follower")
        targets = [a.args[1] for a in state.legal_actions() if a.kind == "battle" and a.args[0] == kyu]
        assert card(state, 1, "Haka Goblin") not in targets
        if plagued_col == 1:
            assert targets == [card(state, 1, "Waka Goblin")]


def test_mech_04_card_text_over_rules_tribute_two_plague_summons() -> None:
    """PHK-MECH-04, PHK-MECH-02: Lyzor (Tier 3) is placed by demoting 2 Plague Summons on either battlefield,
    whatever their Tiers add up to."""
    state = position({"hand": ["Lyzor the Forbidden Lord"], "field": ["Plagued Elf", "Wicked Goblin"]},
                     {"field": ["Haka Goblin"]},
                     cards0=[{"name": "Plagued Elf", "status": {"plague": 2}}],
                     cards1=[{"name": "Haka Goblin", "status": {"plague": 1}}])
    lyzor = card(state, 0, "Lyzor the Forbidden Lord")
    state.apply(act(state, "place", lyzor))
    legal = {a.args[0] for a in state.legal_actions()}
    assert legal == {card(state, 0, "Plagued Elf"), card(state, 1, "Haka Goblin")}
    state.apply(act(state, "tribute", card(state, 1, "Haka Goblin")))
    state.apply(act(state, "tribute", card(state, 0, "Plagued Elf")))
    if state.current == 1:  # Plagued Elf's exile trigger opens a window for the opponent (empty hand: none)
        state.apply(act(state, "pass"))
    while state.legal_actions()[0].kind == "column":
        state.apply(state.legal_actions()[0])
    assert "Lyzor the Forbidden Lord" in names(state, 0, "field")
    # Lyzor's "exile it instead" works only once Lyzor is on the battlefield: its tributes went to Deck Out Piles
    assert "Plagued Elf" in names(state, 0, "deck_out") and "Haka Goblin" in names(state, 1, "deck_out")


def test_defense_guard_must_be_battled_first() -> None:
    """PHK-SUM-04 with Defense Guard's text (PHK-MECH-04): only Defense Guard may be battled."""
    state = position({"field": ["Hu the Fantastic Elf"]}, {"field": ["Defense Guard", "Waka Goblin"]},
                     phase="combat")
    hu = card(state, 0, "Hu the Fantastic Elf")
    targets = [a.args[1] for a in state.legal_actions() if a.kind == "battle" and a.args[0] == hu]
    assert targets == [card(state, 1, "Defense Guard")]


def test_inflicting_sword_equal_dmg_deals_full_dmg() -> None:
    """Inflicting Sword: equal DMG deals the Summon's DMG (PHK-MECH-05 deals none without it)."""
    state = position({"field": ["Haka Goblin"], "attached": ["Inflicting Sword"]}, {"field": ["The Enchanted Deer"]},
                     phase="combat", cards0=[{"name": "Inflicting Sword", "attach_to": "Haka Goblin"}])
    battle(state, "Haka Goblin", "The Enchanted Deer")
    assert len(state.zone(1, "deck")) == 18


def test_extra_battle_lin_battles_twice_with_three_united() -> None:
    """Lin "can battle twice" with 3 United summons (card text over PHK-MECH-01)."""
    state = position({"field": ["Lin the Fantastic Elf", "Haka Goblin", "Waka Goblin"]},
                     {"field": ["Waroko Loko, King Giant"]}, phase="combat")
    battle(state, "Lin the Fantastic Elf", "Waroko Loko, King Giant")
    battle(state, "Lin the Fantastic Elf", "Waroko Loko, King Giant")
    with pytest.raises(IllegalAction):
        battle(state, "Lin the Fantastic Elf", "Waroko Loko, King Giant")


def test_fulthrottle_aura_and_hu_trigger() -> None:
    """Static DMG auras and a battle_damage trigger: Fulthrottle +1 to itself and Tier 1s; Hu gains DMG +1."""
    state = position({"field": ["Fulthrottle, the Dragonic Warrior", "Defense Guard"]}, {"field": ["Waka Goblin"]})
    rules = state.rules
    assert rules.stat(state, card(state, 0, "Fulthrottle, the Dragonic Warrior"), "dmg") == 5
    assert rules.stat(state, card(state, 0, "Defense Guard"), "dmg") == 3
    hu = position({"field": ["Hu the Fantastic Elf", "Haka Goblin"]}, {"field": ["Waka Goblin"]}, phase="combat")
    battle(hu, "Haka Goblin", "Waka Goblin")
    assert hu.rules.stat(hu, card(hu, 0, "Hu the Fantastic Elf"), "dmg") == 5
