"""Every keyword of keywords.json, with its parameters, on cards written in words (``text:`` only, read by the
grammar). Each test quotes the keyword's definition (keywords.json) and cites the rule it bends (TGC-4.2.3 combat,
TGC-4.3.2 destruction, TGC-3.3 playing a card)."""

from __future__ import annotations

import json

import pytest
from tgc_helpers import RULES, act, card, pass_window, pos, shared_tgc, with_cards

from tcgkit.core.actions import Action
from tcgkit.games.tgc.grammar import compile_text

CARDS = """
cards:
  - {id: k_acid, name: Acid Slime, type: creature, subtypes: [Xeno], cost: 1, power: 1, resolve: 1, text: Acid Blood}
  - {id: k_pawn, name: Blood Thrall, type: creature, subtypes: [Human], cost: 1, power: 1, resolve: 3,
     text: Blood Pawn}
  - {id: k_dare, name: Daredevil, type: creature, subtypes: [Human], cost: 1, power: 1, resolve: 1,
     text: Death-Defying}
  - {id: k_twin, name: Twinblade, type: creature, subtypes: [Human], cost: 2, power: 2, resolve: 3,
     text: Double Strike}
  - {id: k_focus, name: Sniper, type: creature, subtypes: [Human], cost: 2, power: 2, resolve: 2, text: Focused}
  - {id: k_wall, name: Bulwark, type: creature, subtypes: [Robot], cost: 2, power: 1, resolve: 1, text: Indestructible}
  - {id: k_lich1, name: Lich, type: creature, subtypes: [Undead], cost: 2, power: 2, resolve: 2, text: Necrotaint}
  - {id: k_lich2, name: Wraith, type: creature, subtypes: [Undead], cost: 2, power: 2, resolve: 2, text: Necrotaint}
  - {id: k_marine, name: Marine, type: creature, subtypes: [Human, Soldier], cost: 1, power: 1, resolve: 3,
     text: "Oo Rah, Rapid Response"}
  - {id: k_nominal, name: Steady Borg, type: creature, subtypes: [Silicon], cost: 3, power: 3, resolve: 3,
     text: Systems Nominal}
  - {id: k_toxic, name: Spitter, type: creature, subtypes: [Xeno], cost: 2, power: 1, resolve: 5, text: Toxic}
  - {id: k_tribute, name: Hulking Frame, type: creature, subtypes: [Silicon], cost: 7, power: 6, resolve: 6,
     text: "Tribute (Silicon Creature, 3)"}
  - {id: k_pressure, name: Door Guard, type: creature, subtypes: [Human], cost: 1, power: 1, resolve: 2,
     text: "Under Pressure (+1/+1)"}
  - {id: k_vendetta, name: Avenger, type: creature, subtypes: [Human], faction: Syndicate, cost: 2, power: 1,
     resolve: 3, text: "Vendetta (Security Faction, +2/0)"}
  - {id: k_demon, name: Imp, type: creature, subtypes: [Demon], cost: 1, power: 3, resolve: 2}
  - {id: k_exorcist, name: Exorcist, type: creature, subtypes: [Human], cost: 2, power: 1, resolve: 2,
     text: Immunity to Demons}
  - {id: k_zealot, name: Zealot, type: creature, subtypes: [Human], cost: 2, power: 2, resolve: 2,
     text: Hatred of Demons}
  - {id: k_hunter, name: Hunter Drone, type: creature, subtypes: [Silicon], cost: 2, power: 2, resolve: 2,
     text: Exterminate}
"""


@pytest.fixture(autouse=True)
def _cards():
    with with_cards(CARDS):
        yield


def _fight(p0: list, p1: list, **kw):
    """Player 0's first creature attacks player 1's first creature; the Open Quick passes; the combat resolves."""
    state = pos(phase="battle", p0={"field": p0}, p1={"field": p1}, **kw)
    a, d = card(state, 0, p0[0]), card(state, 1, p1[0], "field")
    act(state, "attack", a, d)
    pass_window(state)
    return state, a, d


def _where(state, c: int) -> str:
    return state.loc[c][1]


def test_all_49_keywords_are_read_with_their_parameters() -> None:
    """Every keyword of keywords.json is read by the grammar; the parameterised ones keep their parameter."""
    data = shared_tgc() / "keywords.json"
    if data.exists():
        assert len(json.loads(data.read_text())) == 49
    kws = compile_text("Immunity to Demons, Hatred of Demons, Tribute (Silicon Creature, 3), "
                       "Vendetta (Security Faction, +1/0), Under Pressure (+1/+1), Resistance to Battlefields (2), "
                       "Art of the Deal (1)", "creature")["keywords"]
    assert kws == ["Immunity:Demons", "Hatred:Demons", "Tribute:Silicon Creature,3", "Vendetta:Security Faction,+1/0",
                   "Under Pressure:+1/+1", "Resistance:Battlefields,2", "Art of the Deal:1"]


def test_acid_blood_destroys_its_destroyer_while_defending() -> None:
    """Acid Blood: "While defending, if a creature with Acid Blood is destroyed, the creature that destroys it is
    also destroyed" (TGC-4.2.3)."""
    state, a, d = _fight(["Bartender"], ["Acid Slime"])
    assert _where(state, d) == "discard" and _where(state, a) == "discard"
    state, a, d = _fight(["Acid Slime"], ["Bartender"])  # attacking: no acid
    assert _where(state, a) == "discard" and _where(state, d) == "field"


def test_blood_pawn_sacrificed_for_half_its_base_resolve_once_per_turn() -> None:
    """Blood Pawn: "may be sacrificed to gain mana equal to half of its base resolve, rounded up. This effect can
    only apply to a player once per turn." (resolve 3 -> 2 mana)."""
    state = pos(p0={"field": ["Blood Thrall", "Blood Thrall"]}, res0={"plasma": 0})
    first, second = (c for c in range(len(state.defs)) if state.defs[c].name == "Blood Thrall" and state.owner[c] == 0)
    act(state, "activate", first, "0")
    assert state.res[0]["plasma"] == 2 and _where(state, first) == "discard"
    assert Action("activate", (second, "0")) not in state.legal_actions()


def test_death_defying_survives_combat_on_heads_only() -> None:
    """Death-Defying: "Any time the creature would be destroyed in combat, flip a coin. If heads, the creature is not
    destroyed" (one flip with the game's seeded RNG; on heads it is left at 1 resolve, RULINGS.md)."""
    seen = set()
    for seed in range(20):
        state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Daredevil"]})
        state.rng = type(state.rng)(seed)
        d = card(state, 1, "Daredevil")
        act(state, "attack", card(state, 0, "Bartender"), d)
        pass_window(state)
        flips = [e.data[0] for e in state.log if e.kind == "coin_flip"]
        assert len(flips) == 1
        where = _where(state, d)
        assert where == ("field" if flips[0] == "heads" else "discard")
        if where == "field":
            assert RULES.stat(state, d, "resolve") == 1
        seen.add(where)
    assert seen == {"field", "discard"}


def test_double_strike_hits_first_and_again() -> None:
    """Double Strike: "deals its damage twice: first as First Strike damage, and then a second time as Regular
    damage": 2 + 2 kills a 4-resolve Botanist (1/4), which survives the first strike and hits back (at the same
    time as the regular strike)."""
    state, a, d = _fight(["Twinblade"], ["Botanist"])
    assert _where(state, d) == "discard" and RULES.stat(state, a, "resolve") == 2
    assert [(e.card, e.data[0]) for e in state.log if e.kind == "damage"] == [(d, 2), (d, 2), (a, 1)]


def test_focused_ignores_blockers() -> None:
    """Focused: "The creature ignores creatures with the Blocker keyword": a Warden (Blocker) cannot block it."""
    state = pos(phase="battle", p0={"field": ["Sniper"]}, p1={"field": ["Warden"]})
    act(state, "attack", card(state, 0, "Sniper"))
    assert state.vars["gs"] != "block"  # no block choice: the Warden is ignored
    other = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Warden"]})
    act(other, "attack", card(other, 0, "Bartender"))
    assert other.vars["gs"] == "block"


def test_indestructible_not_destroyed_by_combat_damage_but_by_effects() -> None:
    """Indestructible: "cannot be destroyed by combat damage. Effects, keywords and events can still destroy it"."""
    state, a, d = _fight(["Bartender"], ["Bulwark"])
    assert _where(state, d) == "field" and RULES.stat(state, d, "resolve") == 1
    state = pos(p0={"hand": ["Re-Education"]}, p1={"field": ["Bulwark"]}, res0={"plasma": 5})
    act(state, "play", card(state, 0, "Re-Education"))
    b = card(state, 1, "Bulwark")
    if state.current == 0 and Action("choose", (b,)) in state.legal_actions():
        act(state, "choose", b)
    assert _where(state, b) == "discard"


def test_necrotaint_one_per_side() -> None:
    """Necrotaint: "Only one creature with Necrotaint may be on each player's battlefield at a time ... destroy the
    existing creature"."""
    state = pos(p0={"field": ["Lich"], "hand": ["Wraith"]}, p1={"field": ["Lich"]}, res0={"plasma": 5})
    act(state, "play", card(state, 0, "Wraith"))
    assert _where(state, card(state, 0, "Lich")) == "discard" and _where(state, card(state, 0, "Wraith")) == "field"
    assert _where(state, card(state, 1, "Lich")) == "field"  # each player's battlefield


def test_oo_rah_with_four_others_that_attacked() -> None:
    """Oo Rah: "While attacking alongside 4 or more creatures with this effect, all currently attacking creatures
    with Oo Rah gain +1/+1" (attacks are one at a time here: alongside = the others that attacked this turn)."""
    state = pos(phase="battle", p0={"field": ["5 Marine"]})
    marines = [c for c in range(len(state.defs)) if state.owner[c] == 0 and state.defs[c].name == "Marine"]
    hs = []
    for m in marines:
        act(state, "attack", m)
        pass_window(state)
        hs.append(state.res[1]["hs"])
    assert hs == [19, 18, 17, 16, 14]  # the fifth attacks alongside four: 1 + 1


def test_systems_nominal_fights_at_full_strength() -> None:
    """Systems Nominal: "The creature always fights as if at full strength": a Captain's -1/-1 does not lower the
    power it fights with."""
    state = pos(phase="battle", p0={"field": ["Steady Borg"]}, p1={"field": ["Clown"]},
                cards0=[{"name": "Steady Borg", "zone": "field", "mods": {"power": -2}}])
    a, d = card(state, 0, "Steady Borg"), card(state, 1, "Clown")
    assert RULES.stat(state, a, "power") == 1
    act(state, "attack", a, d)
    pass_window(state)
    assert RULES.stat(state, d, "resolve") == 1  # hit for 3, not 1


def test_toxic_damage_is_fatal_to_creatures_not_to_players() -> None:
    """Toxic: "Any damage the creature deals to opposing creatures is fatal ... This does not apply to lifeshard
    damage"."""
    state, a, d = _fight(["Spitter"], ["Clown"])
    assert _where(state, d) == "discard"
    state = pos(phase="battle", p0={"field": ["Spitter"]})
    act(state, "attack", card(state, 0, "Spitter"))
    pass_window(state)
    assert state.res[1]["hs"] == 19


def test_tribute_lowers_the_cost_to_a_minimum_of_one() -> None:
    """Tribute (Silicon Creature, 3): "destroy cards fitting the required details from your battlefield to reduce
    the summoning cost of this card by the listed amount ... to a minimum cost of 1 mana" (TGC-3.3)."""
    state = pos(p0={"hand": ["Hulking Frame"], "field": ["Cyborg", "Cyborg", "Clown"]}, res0={"plasma": 4})
    frame = card(state, 0, "Hulking Frame")
    plays = {a.args for a in state.legal_actions() if a.kind == "play"}
    assert (frame, "tribute", 1) in plays and (frame, "tribute", 2) in plays and (frame,) not in plays
    act(state, "play", frame, "tribute", 2)
    borgs = [c for c in range(len(state.defs)) if state.owner[c] == 0 and state.defs[c].name == "Cyborg"]
    while state.current == 0 and any(a.kind == "choose" for a in state.legal_actions()):
        act(state, "choose", next(b for b in borgs if Action("choose", (b,)) in state.legal_actions()))
    assert _where(state, frame) == "field" and all(_where(state, b) == "discard" for b in borgs)
    assert state.res[0]["plasma"] == 3  # 7 - 2 * 3 = 1 paid
    assert _where(state, card(state, 0, "Clown")) == "field"  # not a Silicon Creature


def test_under_pressure_gains_when_blocking() -> None:
    """Under Pressure (+1/+1): "When this creature blocks, it gains the listed bonuses"."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Door Guard"]})
    guard = card(state, 1, "Door Guard")
    act(state, "attack", card(state, 0, "Bartender"))
    act(state, "block", guard)
    assert RULES.stat(state, guard, "power") == 2 and RULES.stat(state, guard, "resolve") == 3


def test_vendetta_bonus_against_the_type_only() -> None:
    """Vendetta (Security Faction, +2/0): "When in combat with creatures of the specified Type, apply the listed
    bonuses": 1 + 2 kills a Security Officer (2/2); against a Service Bartender it hits for 1."""
    state, a, d = _fight(["Avenger"], ["Security Officer"])
    assert _where(state, d) == "discard"
    assert RULES.stat(state, a, "power") == 1  # the bonus lasts for the combat only
    state, a, d = _fight(["Avenger"], ["Bartender"])
    assert RULES.stat(state, d, "resolve") == 1  # Bartender 3/2 (Service): hit for 1 only


def test_immunity_to_a_subtype() -> None:
    """Immunity to Demons: "cannot be affected by card effects or combat against creatures of its Immunity type"."""
    state, a, d = _fight(["Imp"], ["Exorcist"])
    assert _where(state, d) == "field" and RULES.stat(state, d, "resolve") == 2


def test_hatred_of_a_subtype() -> None:
    """Hatred of Demons: "If it is played as such, the creature(s) it has a Hatred of are destroyed"."""
    state = pos(p0={"field": ["Imp"], "hand": ["Zealot"]}, res0={"plasma": 5})
    act(state, "play", card(state, 0, "Zealot"))
    assert _where(state, card(state, 0, "Imp")) == "discard"


def test_exterminate_is_plus_two_plus_one_against_a_human() -> None:
    """Exterminate: "gains +2/+1 when in combat against a Creature with the Human subtype": the Hunter Drone (2/2)
    kills a Cook (3/2) with 4 power and, with 3 resolve in the combat, survives the Cook's 3? No: 3 >= 3, it dies;
    against a Bartender (3/2) likewise; against the Clown Lawyer (0/4) it deals 4."""
    state, a, d = _fight(["Hunter Drone"], ["Lawyer"])
    assert _where(state, d) == "discard"  # 2 + 2 = 4 damage to a 4-resolve Lawyer
    state, a, d = _fight(["Hunter Drone"], ["Intern"])  # Intern 1/1 First Strike: the drone takes 1, keeps 1 + 1
    assert _where(state, a) == "field" and RULES.stat(state, a, "resolve") == 1
