"""Play A Card (TGC-3.3), Activate An Effect (TGC-3.4) and Flip Coin (TGC-3.6)."""

from __future__ import annotations

import pytest
from tgc_helpers import RULES, act, card, kinds, pass_window, pos, tapped

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction


def _plays(state) -> set[str]:
    return {state.defs[a.args[0]].name for a in state.legal_actions() if a.kind == "play"}


def test_card_text_beats_rules_tgc_0_2() -> None:
    """TGC-0.2: Paramedic (Rapid Response) enters play untapped, despite TGC-3.3.3.a.1."""
    state = pos(p0={"hand": ["Paramedic", "Bartender"]}, res0={"plasma": 9})
    act(state, "play", card(state, 0, "Paramedic"))
    assert not tapped(state, card(state, 0, "Paramedic"))


def test_needs_a_playable_card_tgc_3_3_1() -> None:
    """TGC-3.3.1: with an empty hand, or only Creatures in an Open Quick, Play A Card is not offered."""
    assert "play" not in kinds(pos(res0={"plasma": 9}))
    assert "play" not in kinds(pos(p0={"hand": ["Bartender"]}, res0={"plasma": 9}, vars={"gs": "quick"}))


def test_enough_plasma_tgc_3_3_1_1() -> None:
    """TGC-3.3.1.1: with 2 plasma a cost-3 card cannot be played; a cost-2 card can."""
    state = pos(p0={"hand": ["Bartender", "Clown"]}, res0={"plasma": 2})
    assert _plays(state) == {"Clown"}
    with pytest.raises(IllegalAction):
        act(state, "play", card(state, 0, "Bartender"))


def test_equipment_needs_a_creature_tgc_3_3_1_2() -> None:
    """TGC-3.3.1.2: no creature in play: an Equipment cannot be played; one opposing creature: it can."""
    assert _plays(pos(p0={"hand": ["Crusader Armour"]}, res0={"plasma": 5})) == set()
    state = pos(p0={"hand": ["Crusader Armour"]}, p1={"field": ["Bartender"]}, res0={"plasma": 5})
    assert _plays(state) == {"Crusader Armour"}


def test_pay_then_place_tgc_3_3_2() -> None:
    """TGC-3.3.2: 5 plasma, a cost-3 Creature: 2 plasma left and the creature on the field."""
    state = pos(p0={"hand": ["Bartender"]}, res0={"plasma": 5})
    act(state, "play", card(state, 0, "Bartender"))
    assert state.res[0]["plasma"] == 2 and state.zone(0, "field") == [card(state, 0, "Bartender")]


def test_card_anatomy_tgc_3_3_2_2_and_3_3_3() -> None:
    """TGC-3.3.2-2: every card has a non-negative integer cost; TGC-3.3.3: its type is Creature, Equipment,
    Instant, Event or Battlefield (or the undefined Artifact, see RULINGS.md); TGC-3.3.3.a-2 / TGC-3.3.3.b.3-2:
    Creatures and Equipment have integer power and resolve."""
    for d in RULES.pool():
        assert isinstance(d.fields["cost"], int) and d.fields["cost"] >= 0
        assert d.type in ("creature", "equipment", "instant", "event", "battlefield", "artifact")
        if d.type in ("creature", "equipment"):
            assert isinstance(d.stats["power"], int) and isinstance(d.stats["resolve"], int)
    assert RULES.pool().get("black_gaia").type == "artifact"


def test_creature_enters_tapped_tgc_3_3_3_a_1() -> None:
    """TGC-3.3.3.a.1: a creature comes into play tapped; it cannot block in the opponent's next turn."""
    state = pos(p0={"hand": ["Bartender"]}, p1={"field": ["Clown"]}, res0={"plasma": 5})
    bart = card(state, 0, "Bartender")
    act(state, "play", bart)
    assert tapped(state, bart)
    assert bart not in RULES.blockers(state, card(state, 1, "Clown"))


def test_creature_stats_tgc_3_3_3_a_2() -> None:
    """TGC-3.3.3.a-2: base values kept apart from current ones: damage lowers current resolve only."""
    state = pos(p0={"field": ["Bartender"]})
    bart = card(state, 0, "Bartender")
    RULES.damage_card(state, bart, 1, {})
    assert state.defs[bart].stats["resolve"] == 2 and RULES.stat(state, bart, "resolve") == 1


def test_equip_either_side_tgc_3_3_3_b_1_and_b_2() -> None:
    """TGC-3.3.3.b.1: an Equipment may go on an opponent's creature; TGC-3.3.3.b.2: it is recorded as attached
    and destroyed with it."""
    state = pos(p0={"hand": ["Crusader Armour"], "field": ["Botanist"]}, p1={"field": ["Bartender"]},
                res0={"plasma": 5})
    armour, bart = card(state, 0, "Crusader Armour"), card(state, 1, "Bartender")
    targets = {a.args[1] for a in state.legal_actions() if a.kind == "play"}
    assert targets == {card(state, 0, "Botanist", "field"), bart}
    act(state, "play", armour, bart)
    assert state.cs[armour].host == bart and state.cs[bart].attached == [armour]
    RULES.destroy(state, bart)
    assert state.loc[armour] == (0, "discard")


def test_equipment_adds_power_and_resolve_tgc_3_3_3_b_3() -> None:
    """TGC-3.3.3.b.3: a 1/4 creature with a +2/+1 Equipment is 3/5."""
    state = pos(p0={"hand": ["NT P.A.V. Suit (Security)"], "field": ["Botanist"]}, res0={"plasma": 5})
    bot = card(state, 0, "Botanist", "field")
    act(state, "play", card(state, 0, "NT P.A.V. Suit (Security)"), bot)
    assert (RULES.stat(state, bot, "power"), RULES.stat(state, bot, "resolve")) == (3, 5)


def test_losing_the_equipment_bonus_can_destroy_tgc_3_3_3_b_3_1() -> None:
    """TGC-3.3.3.b.3.1: a 3/2 with +2/+1 (5/3) takes 2 (resolve 1); its Equipment is destroyed: resolve 0, the
    creature is destroyed (reading a)."""
    state = pos(p0={"hand": ["NT P.A.V. Suit (Security)"], "field": ["Bartender"]}, res0={"plasma": 5})
    bart, suit = card(state, 0, "Bartender"), card(state, 0, "NT P.A.V. Suit (Security)")
    act(state, "play", suit, bart)
    RULES.damage_card(state, bart, 2, {})
    assert RULES.stat(state, bart, "resolve") == 1
    RULES.destroy(state, suit)
    assert state.loc[bart] == (0, "discard")


def test_event_resolves_then_discarded_tgc_3_3_3_c_1() -> None:
    """TGC-3.3.3.c.1: an Event's effect happens, then it is in the discard pile, not on the field."""
    state = pos(p0={"hand": ["Weekend at Nanotrasen's"], "discard": ["Bartender"]}, res0={"plasma": 5})
    event = card(state, 0, "Weekend at Nanotrasen's")
    act(state, "play", event)
    assert state.loc[card(state, 0, "Bartender")] == (0, "field")
    assert state.zone(0, "discard") == [event] and not state.zone(0, "stack")


def test_new_battlefield_destroys_own_old_one_tgc_3_3_3_d_1() -> None:
    """TGC-3.3.3.d.1: playing Battlefield B destroys your Battlefield A; the opponent's stays."""
    state = pos(p0={"hand": ["Atmospherics Incident"], "bf": ["Economy Crash"]}, p1={"bf": ["Bluespace Flux"]},
                res0={"plasma": 9})
    act(state, "play", card(state, 0, "Atmospherics Incident"))
    assert [state.name(c) for c in state.zone(0, "bf")] == ["Atmospherics Incident"]
    assert [state.name(c) for c in state.zone(0, "discard")] == ["Economy Crash"]
    assert [state.name(c) for c in state.zone(1, "bf")] == ["Bluespace Flux"]


def test_open_quick_after_a_play_tgc_3_3_4() -> None:
    """TGC-3.3.4: after a card is played, an Open Quick held by the turn player (R1), not Open Play."""
    state = pos(p0={"hand": ["Bartender"]}, res0={"plasma": 5})
    act(state, "play", card(state, 0, "Bartender"))
    assert (state.vars["gs"], state.current) == ("quick", 0)


def test_needs_an_activatable_effect_tgc_3_4_1() -> None:
    """TGC-3.4.1: a tapped Captain (its only effect is a tap effect) offers no Activate An Effect."""
    state = pos(p0={"field": ["Captain"]}, p1={"field": ["Clown"]}, res0={"plasma": 5},
                cards0=[{"name": "Captain", "zone": "field", "tapped": True}])
    assert "activate" not in kinds(state)


def test_on_summon_is_an_activation_tgc_3_4_1_x() -> None:
    """TGC-3.4.1.x: Curator's 'On Summon' does not happen by itself; its controller activates it (optional)."""
    state = pos(p0={"hand": ["Curator"]}, res0={"plasma": 5})
    curator = card(state, 0, "Curator")
    act(state, "play", curator)
    assert len(state.zone(0, "hand")) == 0
    pass_window(state)
    assert Action("activate", (curator, "0")) in state.legal_actions()
    act(state, "activate", curator, "0")
    assert len(state.zone(0, "hand")) == 1


def test_effect_records_tgc_3_4_1_x_2() -> None:
    """TGC-3.4.1.x-2: effects expose where they are used from, their cost and their trigger."""
    pool = RULES.pool()
    captain = pool.get("captain").effects[0]
    assert captain.kind == "activated" and captain.params["tap"] and captain.params["plasma"] == 1
    curator = pool.get("curator").effects[0]
    assert curator.trigger == "summoned" and curator.params["activate"]
    legion = pool.get("legion").effects[0]
    assert legion.zone == "discard" and legion.trigger == "destroyed"


def test_trigger_window_since_last_closed_tgc_3_4_2() -> None:
    """TGC-3.4.2: a trigger is usable only if it happened since the last Closed gamestate: after both players do
    nothing it can be used; if the opponent plays an Instant in between, it cannot."""
    state = pos(p0={"hand": ["Curator"]}, p1={"hand": ["Bag of Greed"]}, res0={"plasma": 5}, res1={"plasma": 5})
    curator = card(state, 0, "Curator")
    act(state, "play", curator)
    act(state, "do_nothing")
    act(state, "play", card(state, 1, "Bag of Greed"))
    pass_window(state)
    assert state.vars["gs"] == "play" and "activate" not in kinds(state)


def test_trigger_window_option_tgc_3_4_2() -> None:
    """TGC-3.4.2 reading (b), an option: the window lasts until the next default."""
    state = pos(p0={"hand": ["Curator"]}, p1={"hand": ["Bag of Greed"]}, res0={"plasma": 5}, res1={"plasma": 5},
                options={"trigger_window_until_default": True})
    curator = card(state, 0, "Curator")
    act(state, "play", curator)
    act(state, "do_nothing")
    act(state, "play", card(state, 1, "Bag of Greed"))
    assert state.vars["win"]


def test_effect_follows_the_card_tgc_3_4_3() -> None:
    """TGC-3.4.3: Captain's 'inflict -1/-1 to an opposing creature' makes a 2/4 Clown 1/3."""
    state = pos(p0={"field": ["Captain"]}, p1={"field": ["Clown"]}, res0={"plasma": 1})
    act(state, "activate", card(state, 0, "Captain"), "0")
    clown = card(state, 1, "Clown")
    assert (RULES.stat(state, clown, "power"), RULES.stat(state, clown, "resolve")) == (1, 3)
    assert state.res[0]["plasma"] == 0 and tapped(state, card(state, 0, "Captain"))


def test_quick_after_an_activation_tgc_3_4_4() -> None:
    """TGC-3.4.4: after the effect resolves, an Open Quick held by the turn player."""
    state = pos(p0={"field": ["Captain"]}, p1={"field": ["Clown"]}, res0={"plasma": 1})
    act(state, "activate", card(state, 0, "Captain"), "0")
    assert (state.vars["gs"], state.current) == ("quick", 0)


def test_flip_coin_only_for_the_holder_on_heads_tgc_3_6_1() -> None:
    """TGC-3.6.1: only the coin's holder, with the coin on heads, is offered Flip Coin."""
    assert "flip_coin" not in kinds(pos(vars={"first_player": 0, "coin": [1, "heads"]}))
    assert "flip_coin" in kinds(pos(vars={"first_player": 1, "coin": [0, "heads"]}))
    assert "flip_coin" not in kinds(pos(vars={"first_player": 1, "coin": [0, "tails"]}))


def test_flip_coin_plasma_for_this_turn_tgc_3_6_2() -> None:
    """TGC-3.6.2: 2 plasma, flip: 3 plasma, coin tails, never offered again; the unspent bonus ends with the turn
    and is spent first."""
    state = pos(vars={"first_player": 1, "coin": [0, "heads"]}, res0={"plasma": 2})
    act(state, "flip_coin")
    assert RULES.available_plasma(state, 0) == 3 and state.vars["coin"] == (0, "tails")
    pass_window(state)
    assert "flip_coin" not in kinds(state)
    while state.active == 0:
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        act(state, "do_nothing")
    assert state.active == 1 and state.res[0]["temp"] == 0 and state.res[0]["plasma"] == 2


def test_quick_after_flip_coin_tgc_3_6_3() -> None:
    """TGC-3.6.3: after Flip Coin an Open Quick for the turn player; both do nothing: Open Play."""
    state = pos(vars={"first_player": 1, "coin": [0, "heads"]})
    act(state, "flip_coin")
    assert (state.vars["gs"], state.current) == ("quick", 0)
    pass_window(state)
    assert state.vars["gs"] == "play"


def test_a_trigger_is_used_once() -> None:
    """Under the window option (TGC-3.4.2 reading b) an On Summon effect still cannot be activated twice."""
    state = pos(p0={"hand": ["Curator"]}, res0={"plasma": 5}, options={"trigger_window_until_default": True})
    curator = card(state, 0, "Curator")
    act(state, "play", curator)
    pass_window(state)
    act(state, "activate", curator, "0")
    pass_window(state)
    assert Action("activate", (curator, "0")) not in state.legal_actions()


def test_option_coin_plasma_persists_tgc_3_6_2() -> None:
    """TGC-3.6.2 reading (b), an option: the coin's +1 is ordinary plasma."""
    state = pos(vars={"first_player": 1, "coin": [0, "heads"]}, res0={"plasma": 2},
                options={"coin_plasma_persists": True})
    act(state, "flip_coin")
    assert state.res[0]["plasma"] == 3 and state.res[0]["temp"] == 0


def test_option_bonus_absorbs_damage_tgc_3_3_3_b_3_1() -> None:
    """TGC-3.3.3.b.3.1 reading (b), an option: losing the Equipment never kills the damaged creature."""
    state = pos(p0={"hand": ["NT P.A.V. Suit (Security)"], "field": ["Bartender"]}, res0={"plasma": 5},
                options={"equipment_bonus_absorbs_damage": True})
    bart, suit = card(state, 0, "Bartender"), card(state, 0, "NT P.A.V. Suit (Security)")
    act(state, "play", suit, bart)
    RULES.damage_card(state, bart, 2, {})
    RULES.destroy(state, suit)
    assert state.loc[bart] == (0, "field") and RULES.stat(state, bart, "resolve") == 1
