"""Declare Battle (TGC-3.5), direct and creature attacks (TGC-4.1, TGC-4.2) and damage (TGC-4.3)."""

from __future__ import annotations

import pytest
from tgc_helpers import RULES, act, card, kinds, pass_window, pos, tapped

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction


def _attacks(state) -> set[tuple]:
    return {a.args for a in state.legal_actions() if a.kind == "attack"}


def test_attacker_must_be_untapped_tgc_3_5_1() -> None:
    """TGC-3.5.1: an untapped creature may be declared the attacker; a tapped one (played this turn) may not."""
    state = pos(phase="battle", p0={"field": ["Bartender", "Clown"]},
                cards0=[{"name": "Clown", "zone": "field", "tapped": True}])
    bart, clown = card(state, 0, "Bartender"), card(state, 0, "Clown")
    assert (bart,) in _attacks(state) and not any(a[0] == clown for a in _attacks(state))
    with pytest.raises(IllegalAction):
        act(state, "attack", clown)


def test_direct_or_creature_attack_tgc_3_5_2() -> None:
    """TGC-3.5.2: no opposing creature: only the direct attack; otherwise both (any opposing creature)."""
    alone = pos(phase="battle", p0={"field": ["Bartender"]})
    assert _attacks(alone) == {(card(alone, 0, "Bartender"),)}
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Botanist"]},
                cards1=[{"name": "Botanist", "zone": "field", "tapped": True}])
    bart, bot = card(state, 0, "Bartender"), card(state, 1, "Botanist", "field")
    assert _attacks(state) == {(bart,), (bart, bot)}


def test_block_with_untapped_only_tgc_4_1() -> None:
    """TGC-4.1: the defending player may block with an untapped creature only (one blocker)."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Botanist", "Psychologist"]},
                cards1=[{"name": "Psychologist", "zone": "field", "tapped": True}])
    act(state, "attack", card(state, 0, "Bartender"))
    assert state.current == 1 and state.vars["gs"] == "block"
    assert set(state.legal_actions()) == {Action("block", (card(state, 1, "Botanist", "field"),)),
                                          Action("no_block")}


def test_no_blocker_goes_through_tgc_4_1_1() -> None:
    """TGC-4.1.1: with only tapped creatures, the direct attack goes through with no block prompt; declining a
    block does the same."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Psychologist"]},
                cards1=[{"name": "Psychologist", "zone": "field", "tapped": True}])
    act(state, "attack", card(state, 0, "Bartender"))
    assert (state.vars["gs"], state.current, state.vars["pend"][0]) == ("quick", 0, "direct")
    other = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Botanist"]})
    act(other, "attack", card(other, 0, "Bartender"))
    act(other, "no_block")
    pass_window(other)
    assert other.res[1]["hs"] == 17


def test_block_becomes_creature_attack_tgc_4_1_1_1_and_4_2_1() -> None:
    """TGC-4.1.1.1 / TGC-4.2.1: the blocker becomes the defender (chosen by the defending player); no HS lost."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Botanist"]})
    bart, bot = card(state, 0, "Bartender"), card(state, 1, "Botanist", "field")
    act(state, "attack", bart)
    act(state, "block", bot)
    assert state.vars["pend"] == ("creature", bart, bot)
    pass_window(state)
    assert state.res[1]["hs"] == 20


def test_direct_attack_waits_for_the_quick_window_tgc_4_1_2() -> None:
    """TGC-4.1.2: after an unblocked declaration, an Open Quick for the turn player; no HS lost yet."""
    state = pos(phase="battle", p0={"field": ["Bartender"]})
    act(state, "attack", card(state, 0, "Bartender"))
    assert (state.vars["gs"], state.current, state.res[1]["hs"]) == ("quick", 0, 20)


def test_pending_attack_survives_actions_tgc_4_1_2_2() -> None:
    """TGC-4.1.2-2: turn player nothing, non-turn player an Instant, both nothing: then the damage."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"hand": ["Bag of Greed"]}, res1={"plasma": 5})
    act(state, "attack", card(state, 0, "Bartender"))
    act(state, "do_nothing")
    act(state, "play", card(state, 1, "Bag of Greed"))
    act(state, "do_nothing")
    assert state.res[1]["hs"] == 20
    act(state, "do_nothing")
    assert state.res[1]["hs"] == 17


def test_tapped_attacker_fizzles_and_stays_tgc_4_1_2_1() -> None:
    """TGC-4.1.2.1: an attacker made unable (tapped by an effect) fizzles: no damage."""
    state = pos(phase="battle", p0={"field": ["Bartender"]})
    bart = card(state, 0, "Bartender")
    act(state, "attack", bart)
    state.card_state(bart).tapped = True
    pass_window(state)
    assert state.res[1]["hs"] == 20 and state.vars["gs"] == "battle"
    assert any(e.kind == "fizzle" for e in state.log)


def test_damage_equals_power_at_resolution_tgc_4_1_3() -> None:
    """TGC-4.1.3: the attacker's power when the damage is dealt (a buff in the window counts)."""
    state = pos(phase="battle", p0={"field": ["Bartender"], "hand": ["Adrenals"]}, res0={"plasma": 1})
    bart = card(state, 0, "Bartender")
    act(state, "attack", bart)
    act(state, "play", card(state, 0, "Adrenals"))
    pass_window(state)
    assert state.res[1]["hs"] == 15


def test_attacker_tapped_after_damage_tgc_4_1_4() -> None:
    """TGC-4.1.4 / TGC-4.1.4-2: then the attacker is tapped, cannot attack again, and Open Battle follows."""
    state = pos(phase="battle", p0={"field": ["Bartender"]})
    bart = card(state, 0, "Bartender")
    act(state, "attack", bart)
    pass_window(state)
    assert tapped(state, bart) and state.vars["gs"] == "battle" and "attack" not in kinds(state)


def test_creature_attack_never_damages_a_player_tgc_4_2() -> None:
    """TGC-4.2: a creature attack is between exactly two creatures."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Botanist"]})
    act(state, "attack", card(state, 0, "Bartender"), card(state, 1, "Botanist", "field"))
    pass_window(state)
    assert state.res[0]["hs"] == state.res[1]["hs"] == 20


def test_turn_player_picks_any_defender_tgc_4_2_1_1() -> None:
    """TGC-4.2.1.1: the turn player picks the defender, tapped or not; no block prompt."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Botanist"]},
                cards1=[{"name": "Botanist", "zone": "field", "tapped": True}])
    act(state, "attack", card(state, 0, "Bartender"), card(state, 1, "Botanist", "field"))
    assert (state.vars["gs"], state.current) == ("quick", 0)


def test_creature_attack_quick_window_tgc_4_2_2_and_4_2_2_2() -> None:
    """TGC-4.2.2 / TGC-4.2.2-2: an Open Quick with the attack pending; both do nothing: the damage."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Botanist"]})
    bot = card(state, 1, "Botanist", "field")
    act(state, "attack", card(state, 0, "Bartender"), bot)
    assert RULES.stat(state, bot, "resolve") == 4
    pass_window(state)
    assert RULES.stat(state, bot, "resolve") == 1


def test_defender_leaving_taps_attacker_tgc_4_2_2_1() -> None:
    """TGC-4.2.2.1 gap, reading (a): the defender left: no damage, the surviving attacker is tapped."""
    state = pos(phase="battle", p0={"field": ["Bartender"], "hand": ["Re-Education"]}, p1={"field": ["Botanist"]},
                res0={"plasma": 2})
    bart = card(state, 0, "Bartender")
    act(state, "attack", bart, card(state, 1, "Botanist", "field"))
    act(state, "play", card(state, 0, "Re-Education"))
    pass_window(state)
    assert tapped(state, bart) and RULES.stat(state, bart, "resolve") == 2


def test_simultaneous_damage_tgc_4_2_3() -> None:
    """TGC-4.2.3: a 3/2 attacks a 2/3: each takes the other's power; both are destroyed."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Medical Doctor"]})
    act(state, "attack", card(state, 0, "Bartender"), card(state, 1, "Medical Doctor"))
    pass_window(state)
    assert state.zone(0, "field") == [] and state.zone(1, "field") == []


def test_survivors_tapped_tgc_4_2_4() -> None:
    """TGC-4.2.4 / TGC-4.2.4-2: both survive and are tapped (the defender cannot block this turn); Open Battle."""
    state = pos(phase="battle", p0={"field": ["Botanist", "Bartender"]}, p1={"field": ["Botanist"]})
    mine, theirs = card(state, 0, "Botanist", "field"), card(state, 1, "Botanist", "field")
    act(state, "attack", mine, theirs)
    pass_window(state)
    assert tapped(state, mine) and tapped(state, theirs) and state.vars["gs"] == "battle"
    act(state, "attack", card(state, 0, "Bartender"))
    assert state.vars["gs"] == "quick"  # no blocker left: no block prompt


def test_damage_players_or_creatures_tgc_4_3() -> None:
    """TGC-4.3: an effect's damage hits a player (Bluespace Barrage with no creature) or creatures (Nuclear
    Option)."""
    state = pos(p0={"hand": ["Bluespace Barrage"]}, res0={"plasma": 3})
    act(state, "play", card(state, 0, "Bluespace Barrage"))
    assert state.res[1]["hs"] == 18
    nuke = pos(p0={"hand": ["The Nuclear Option"]}, p1={"field": ["Clown"]}, res0={"plasma": 3})
    act(nuke, "play", card(nuke, 0, "The Nuclear Option"))
    assert RULES.stat(nuke, card(nuke, 1, "Clown"), "resolve") == 2


def test_damage_reduces_and_stays_tgc_4_3_1() -> None:
    """TGC-4.3.1: resolve 4 takes 2: 2, still 2 after the turn ends; a player at 20 takes 4: 16; 0 damage does
    nothing."""
    state = pos(phase="end", p1={"field": ["Clown"]})
    clown = card(state, 1, "Clown")
    RULES.damage_card(state, clown, 2, {})
    RULES.damage_player(state, 0, 4, {})
    RULES.damage_player(state, 0, 0, {})
    pass_window(state)
    assert RULES.stat(state, clown, "resolve") == 2 and state.res[0]["hs"] == 16


def test_zero_resolve_destroys_tgc_4_3_2() -> None:
    """TGC-4.3.2: resolve 2 takes 3: destroyed, with its Equipment."""
    state = pos(p0={"hand": ["Crusader Armour"]}, p1={"field": ["Bartender"]}, res0={"plasma": 2})
    bart = card(state, 1, "Bartender")
    act(state, "play", card(state, 0, "Crusader Armour"), bart)
    RULES.damage_card(state, bart, 4, {})
    assert state.loc[bart] == (1, "discard") and state.zone(0, "discard") == [card(state, 0, "Crusader Armour")]


def test_option_defender_gone_cancels_tgc_4_2_2_1() -> None:
    """TGC-4.2.2.1 reading (b), an option: the defender left, so the attack is cancelled; the attacker stays
    untapped."""
    state = pos(phase="battle", p0={"field": ["Bartender"], "hand": ["Re-Education"]}, p1={"field": ["Botanist"]},
                res0={"plasma": 2}, options={"defender_gone_cancels": True})
    bart = card(state, 0, "Bartender")
    act(state, "attack", bart, card(state, 1, "Botanist", "field"))
    act(state, "play", card(state, 0, "Re-Education"))
    pass_window(state)
    assert not tapped(state, bart)


def test_an_equipped_creature_is_destroyed_once_with_its_equipment_tgc_1_11_b_1() -> None:
    """TGC-1.11.b.1 and TGC-3.3.3.b.3.1: the creature goes to the discard pile with its Equipment, once. (Each
    Equipment leaving took its Resolve bonus with it, and the creature, still on the field, was destroyed again from
    inside its own destruction: one "destroyed" event and one On Destruction window per Equipment more.)"""
    state = pos(p0={"field": ["Bartender"], "hand": ["NT P.A.V. Suit (Security)", "NT P.A.V. Suit (Security)"]},
                res0={"plasma": 20})
    bartender = card(state, 0, "Bartender")
    for suit in list(state.zone(0, "hand")):
        act(state, "play", suit, bartender)
        pass_window(state)
    state.card_state(bartender).counters["damage"] = 99
    start = len(state.log)
    RULES.destroy(state, bartender, {"controller": 1})
    destroyed = [ev.card for ev in state.log[start:] if ev.kind == "destroyed"]
    assert destroyed.count(bartender) == 1 and len(destroyed) == 3
    assert state.loc[bartender] == (0, "discard")
    assert all(state.loc[c] == (0, "discard") for c in destroyed)
