"""TGOD departures found by the second rules audit (issue 21, items 4-5) and its two-reading cases."""

from __future__ import annotations

from tgod_helpers import card, do, kinds, position

from tcgkit.core.actions import Action


def _stars(state, c: int) -> int:
    return state.rules.stars_left(state, c)


def test_the_switch_is_tied_to_the_moment_both_mains_run_out_TGOD_OTH_06_08_09() -> None:
    """TGOD-OTH-06/08/09: the switch happens when both Main Creatures run out of stars; a player with no Backup
    then keeps their Main (OTH-08). A Backup played later is not switched in, whatever that player does next: in
    particular an attack by the Base Armor does not set off the switch again (the player could otherwise choose to
    trigger or avoid a mandatory switch)."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"], "hand": ["Grave Hound"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 2}}],
                     cards1=[{"name": "Shadow Brute", "counters": {"stars_used": 2}}])
    squire, brute = card(state, 0, "Squire of Dawn"), card(state, 1, "Shadow Brute")
    do(state, "attack", squire, card(state, 1, "Dark Keep"))
    assert [e.player for e in state.log if e.kind == "no_switch"] == [0, 1]
    do(state, "end")
    assert state.active == 1
    hound = card(state, 1, "Grave Hound")
    do(state, "play", hound, "backup")
    assert state.zone(1, "backup") == [hound] and state.zone(1, "main") == [brute]
    assert "switch" not in kinds(state)
    do(state, "attack", card(state, 1, "Dark Keep"), card(state, 0, "Bastion of Light"))
    assert state.zone(1, "main") == [brute] and state.zone(1, "backup") == [hound]
    assert state.phase == "play" and Action("switch", (hound,)) not in state.legal_actions()
    assert _stars(state, brute) == 0


def _plated_squire_destroyed(options: dict | None = None):
    # Squire of Dawn (HP 45) wears Aegis Plate (+20 HP): HP 65, of which 60 are lost already
    state = position({"main": ["Iron Tyrant"]}, {"main": ["Squire of Dawn"], "equipped": ["Aegis Plate"]},
                     cards1=[{"name": "Squire of Dawn", "counters": {"damage": 60}},
                             {"name": "Aegis Plate", "attach_to": "Squire of Dawn"}], options=options)
    squire = card(state, 1, "Squire of Dawn")
    assert state.rules.stat(state, squire, "hp") == 65
    assert "HP 5 of 65" in state.rules.card_line(state, squire)  # the HP it has, not the printed 45
    do(state, "attack", card(state, 0, "Iron Tyrant"), squire)
    assert state.loc[squire][1] == "discard"
    return state.rules.hp_left(state, card(state, 1, "Dark Keep"))


def test_the_printed_hp_is_carried_to_the_base_armor_TGOD_BTL_11() -> None:
    """TGOD-BTL-11 (default): "total HP" is the printed HP: the Base Armor loses 45, Aegis Plate's +20 aside."""
    assert _plated_squire_destroyed() == 190 - 45


def test_the_hp_with_equipment_is_carried_under_the_option_TGOD_BTL_11() -> None:
    """TGOD-BTL-11, option ``carry_hp_with_equipment``: the total HP as it stood, Equipment included (65)."""
    assert _plated_squire_destroyed({"carry_hp_with_equipment": True}) == 190 - 65


def test_dark_pact_destroying_both_base_armors_under_the_option_TGOD_ROLE_02() -> None:
    """TGOD-ROLE-02, option ``both_bases_first_printed``: Dark Pact's steps resolve in printed order, so the
    opposing Base Armor is destroyed first and its player loses (default: a draw, tested in test_tgod_battle)."""
    state = position({"hand": ["Dark Pact"]}, cards0=[{"name": "Bastion of Light", "counters": {"damage": 215}}],
                     cards1=[{"name": "Dark Keep", "counters": {"damage": 175}}],
                     options={"both_bases_first_printed": True})
    do(state, "play", card(state, 0, "Dark Pact"), "power")
    assert state.result.winner == 0 and state.result.clause == "TGOD-ROLE-02"
    state = position({"hand": ["Dark Pact"]}, cards0=[{"name": "Bastion of Light", "counters": {"damage": 215}}],
                     cards1=[{"name": "Dark Keep", "counters": {"damage": 175}}])
    do(state, "play", card(state, 0, "Dark Pact"), "power")
    assert state.result.winner is None  # the default reading: both at once, a draw


def test_the_switch_also_follows_stars_lost_by_an_effect_TGOD_OTH_06() -> None:
    """TGOD-OTH-06, one trigger everywhere: when an effect (not an attack) takes the last Battle Star of one Main
    Creature while the other is already out, both players switch at once."""
    from tcgkit.core import effects
    from tcgkit.core.cards import parse_steps

    state = position({"main": ["Squire of Dawn"], "backup": ["Reef Guard"]},
                     {"main": ["Shadow Brute"], "backup": ["Grave Hound"]},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 3}}],
                     cards1=[{"name": "Shadow Brute", "counters": {"stars_used": 1}}])
    assert state.phase == "play"
    steps = parse_steps([{"stars": {"target": "opponent.main", "amount": -1}}], state.rules.verbs, "test")
    effects.push(state, steps, {"source": card(state, 0, "Squire of Dawn"), "controller": 0})
    state.rules.proceed(state)
    assert state.zone(0, "main") == [card(state, 0, "Reef Guard")]
    assert state.zone(1, "main") == [card(state, 1, "Grave Hound")]
