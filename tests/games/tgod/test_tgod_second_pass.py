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
