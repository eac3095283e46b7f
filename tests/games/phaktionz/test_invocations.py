"""Phaktionz Invocations, limits, the Creation Pile and Plague (PHK-INV-*, PHK-COND-*, PHK-CP-02/04, PHK-TERM-07)."""

from __future__ import annotations

import pytest
from phk_helpers import RULES, act, card, names, position

from tcgkit.core import effects
from tcgkit.core.cards import parse_steps
from tcgkit.core.errors import IllegalAction


def kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def test_inv_02_regular_only_on_your_turn() -> None:
    """PHK-INV-02: a Regular Invocation is cast in your Main Phase, never on the opponent's turn (not even in a
    response window) nor in your Combat Phase."""
    state = position({"hand": ["United Assault"]})
    assert act(state, "cast", card(state, 0, "United Assault")) in state.legal_actions()
    combat = position({"hand": ["United Assault"]}, phase="combat")
    assert "cast" not in kinds(combat)
    theirs = position({"field": ["Haka Goblin"]}, {"field": ["Waka Goblin"], "hand": ["United Assault"]},
                      phase="combat")
    theirs.apply(act(theirs, "battle", card(theirs, 0, "Haka Goblin"), card(theirs, 1, "Waka Goblin")))
    assert theirs.current == 1 and [a.kind for a in theirs.legal_actions()] == ["pass"]


def test_inv_03_counter_on_the_opponents_turn() -> None:
    """PHK-INV-03: during P1's Combat Phase, P2 casts a Counter (Type Change) in response to a battle."""
    state = position({"field": ["Haka Goblin"]}, {"field": ["Waka Goblin"], "hand": ["Type Change"]},
                     phase="combat")
    haka = card(state, 0, "Haka Goblin")
    state.apply(act(state, "battle", haka, card(state, 1, "Waka Goblin")))
    state.apply(act(state, "cast", card(state, 1, "Type Change")))
    state.apply(act(state, "choose", haka))
    assert state.rules.summon_type(state, haka) == "tech"
    assert names(state, 1, "deck_out")[0] == "Type Change" and state.current == 0


def test_inv_03_counter_on_your_own_turn() -> None:
    """PHK-INV-03: a Counter may also be cast on your own turn, in the Combat Phase too."""
    state = position({"hand": ["Type Change"], "field": ["Haka Goblin"]}, phase="combat")
    assert "cast" in kinds(state)


def test_inv_04_realm_stays() -> None:
    """PHK-INV-04: a Realm stays on the battlefield at the start of the next turn."""
    state = position({"hand": ["United Front"]})
    state.apply(act(state, "cast", card(state, 0, "United Front")))
    for _ in range(3):
        state.apply(act(state, "next"))
    assert names(state, 0, "realm") == ["United Front"] and state.active == 1


def test_inv_05_weapon_attaches_to_a_summon() -> None:
    """PHK-INV-05: a Weapon attaches to a Summon; Helio's only to a United one."""
    state = position({"hand": ["Helio's United Fragment", "Inflicting Sword"], "field": ["Haka Goblin",
                                                                                       "The Enchanted Deer"]})
    helio = card(state, 0, "Helio's United Fragment")
    hosts = {a.args[1] for a in state.legal_actions() if a.kind == "cast" and a.args[0] == helio}
    assert hosts == {card(state, 0, "Haka Goblin")}
    sword = card(state, 0, "Inflicting Sword")
    deer = card(state, 0, "The Enchanted Deer")
    state.apply(act(state, "cast", sword, deer))
    assert state.cs[sword].host == deer and sword in state.cs[deer].attached and names(state, 0, "attached") == [
        "Inflicting Sword"]


def test_cond_01_limit_per_turn() -> None:
    """PHK-COND-01: an L/1 ability is used once a turn; again on the next turn (Callisto)."""
    state = position({"field": ["Callisto the Hinded Warrior"]})
    cal = card(state, 0, "Callisto the Hinded Warrior")
    state.apply(act(state, "activate", cal, "0"))
    assert state.rules.stat(state, cal, "dmg") == 2
    with pytest.raises(IllegalAction):
        state.apply(act(state, "activate", cal, "0"))
    for _ in range(6):
        state.apply(act(state, "next"))
    assert state.active == 0 and act(state, "activate", cal, "0") in state.legal_actions()
    assert state.rules.stat(state, cal, "dmg") == 1  # "until the end of the turn" (ruling)


def test_cond_02_limit_per_match() -> None:
    """PHK-COND-02: an L1 Invocation (Triatic Trouble) is cast once per game, whichever copy."""
    state = position({"hand": ["Triatic Trouble", "Triatic Trouble"], "field": ["Haka Goblin"]},
                     {"field": ["Waka Goblin"]})
    first, second = (card(state, 0, "Triatic Trouble", nth=i) for i in (0, 1))
    state.apply(act(state, "cast", first))
    assert len(state.zone(0, "deck")) == 17 and len(state.zone(1, "deck")) == 17
    assert names(state, 0, "field") == [] and names(state, 1, "field") == []
    assert act(state, "cast", second) not in state.legal_actions()
    for _ in range(6):
        state.apply(act(state, "next"))
    assert act(state, "cast", second) not in state.legal_actions()


def test_cond_02_l2_ability_used_twice_per_turn() -> None:
    """PHK-COND-01/02: limits parse as L/x (per turn) and Lx (per game)."""
    assert effects.parse_limit("L/2") == (True, 2) and effects.parse_limit("L2") == (False, 2)
    state = position({"field": ["Waroko Loko, King Giant", "Haka Goblin", "Waka Goblin"]},
                     {"field": ["The Enchanted Deer", "The Enchanted Lion", "Haka Goblin"]})
    war = card(state, 0, "Waroko Loko, King Giant")
    for _ in range(2):
        state.apply(act(state, "activate", war, "0"))
        while state.pending is not None:
            state.apply(next(a for a in state.legal_actions() if war not in a.args))
    assert len(state.zone(1, "field")) == 1
    assert act(state, "activate", war, "0") not in state.legal_actions()


def test_term_07_pass_lets_the_play_resolve() -> None:
    """PHK-TERM-07: if the opponent passes, the Invocation resolves."""
    state = position({"hand": ["United Assault"], "field": ["Haka Goblin"]}, {"hand": ["The Invocated Dwarf"]})
    state.apply(act(state, "cast", card(state, 0, "United Assault")))
    assert state.current == 1
    state.apply(act(state, "pass"))
    assert len(state.zone(1, "deck")) == 19 and state.current == 0


def test_cp_02_create_only_in_main_or_final_of_your_turn() -> None:
    """PHK-CP-02: a CP card whose condition holds moves to hand in the Main Phase or Final Cast only."""
    state = position({"creation_pile": ["Second Wind"], "deck": ["8 Haka Goblin"]}, phase="combat")
    wind = card(state, 0, "Second Wind")
    assert act(state, "create", wind) not in state.legal_actions()
    state.apply(act(state, "next"))
    state.apply(act(state, "create", wind))
    assert names(state, 0, "hand") == ["Second Wind"]


def test_cp_04_cp_in_an_ability_means_the_creation_pile() -> None:
    """PHK-CP-04: "CP" in an ability is the Creation Pile: selector you.cp reads the creation_pile zone."""
    state = position({"creation_pile": ["Last Resort Golem"]})
    steps = parse_steps([{"move": {"target": {"zone": "you.cp", "top": 1}, "to": "you.hand"}}], RULES.verbs, "s")
    effects.resolve(state, steps, -1, 0)
    assert names(state, 0, "hand") == ["Last Resort Golem"] and names(state, 0, "creation_pile") == []


def test_united_front_places_for_a_tier_less() -> None:
    """United Front: once per turn a United Summon costs one Tier less (a Tier 2 for one Tier 1)."""
    state = position({"realm": ["United Front"], "field": ["Waka Goblin"], "hand": ["Hu the Fantastic Elf",
                                                                                   "Kanko Loko, Prince Giant"]})
    hu = card(state, 0, "Hu the Fantastic Elf")
    assert act(state, "place", hu) not in state.legal_actions()
    state.apply(act(state, "place", hu, "front"))
    state.apply(act(state, "tribute", card(state, 0, "Waka Goblin")))
    while state.legal_actions()[0].kind == "column":
        state.apply(state.legal_actions()[0])
    assert names(state, 0, "field") == ["Hu the Fantastic Elf"]
    kanko = card(state, 0, "Kanko Loko, Prince Giant")
    assert act(state, "place", kanko, "front") not in state.legal_actions()


def test_plague_exiles_after_two_end_phases() -> None:
    """Plague (ruling): a Plague counter exiles its Summon at the second End Phase; Liro makes it one."""
    state = position({"hand": ["Sickened Torture"]}, {"field": ["Haka Goblin"]})
    haka = card(state, 1, "Haka Goblin")
    state.rules.give_plague(state, haka)
    assert state.cs[haka].status["plague"] == 2
    for _ in range(3):
        state.apply(act(state, "next"))
    assert names(state, 1, "field") == ["Haka Goblin"]
    for _ in range(3):
        state.apply(act(state, "next"))
    assert names(state, 1, "exile") == ["Haka Goblin"]
    liro = position({"field": ["Liro the Fordidden Follower"]}, {"field": ["Haka Goblin"]})
    liro.rules.give_plague(liro, card(liro, 1, "Haka Goblin"))
    assert liro.cs[card(liro, 1, "Haka Goblin")].status["plague"] == 1


def test_iki_casts_from_the_deck_out_pile_and_exiles_them() -> None:
    """Iki: cards may be cast from your Deck Out Pile; such a card is exiled instead of going back there."""
    state = position({"field": ["Iki the Forbidden Follower", "Haka Goblin"], "deck_out": ["United Assault"]})
    assault = card(state, 0, "United Assault")
    state.apply(act(state, "cast", assault))
    assert names(state, 0, "exile") == ["United Assault"] and len(state.zone(1, "deck")) == 19
