"""The departures of the old per-card scripts from the printed text (issue 20), fixed by the text compiler or the
engine: each test puts the card in a position where the difference matters, and quotes the text or keyword
definition it follows (TGC-0.2: card text beats the rules; RULINGS.md for the readings)."""

from __future__ import annotations

from tgc_helpers import RULES, act, card, pass_window, pos, tapped

from tcgkit.core.actions import Action
from tcgkit.games.tgc.verbs import has_kw, has_subtype


def _end_turns(state, n: int = 2) -> None:
    """Let ``n`` turns end (each player passes every phase and window)."""
    start = state.turn
    while state.turn < start + n and state.result is None:
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        elif any(a.kind == "keep" for a in state.legal_actions()):
            act(state, "keep")
        else:
            act(state, "do_nothing")


# ---------------------------------------------------------------------------------------------- Asimov
def test_asimov_human_may_attack_it_and_it_is_destroyed_instead_of_defending() -> None:
    """Asimov (keywords.json): "cannot attack or defend against creatures with the Human subtype. In cases where it
    has been forced to attack or defend against a Human, it is destroyed rather than attacking or defending". The
    old script forbade Humans to attack it; a Human may attack it, and it is destroyed (TGC-4.2.3)."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Cyborg"]})
    bart, borg = card(state, 0, "Bartender"), card(state, 1, "Cyborg")
    assert Action("attack", (bart, borg)) in state.legal_actions()
    act(state, "attack", bart, borg)
    pass_window(state)
    assert state.loc[borg][1] == "discard" and RULES.stat(state, bart, "resolve") == 2  # no damage dealt


def test_asimov_taunt_clown_shell_is_attacked_by_humans() -> None:
    """Cyborg (Clown Shell) (Taunt, Asimov): Humans must attack it (Taunt) and destroy it (Asimov); the old script
    made it unattackable by Humans, leaving them no attack at all."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Cyborg (Clown Shell)"]})
    bart, shell = card(state, 0, "Bartender"), card(state, 1, "Cyborg (Clown Shell)")
    assert {a.args for a in state.legal_actions() if a.kind == "attack"} == {(bart, shell)}


def test_asimov_attacker_blocked_by_a_human_is_destroyed() -> None:
    """Asimov: an Asimov creature attacking directly may be blocked by a Human; forced to attack a Human, it is
    destroyed; an Asimov creature may not block a Human ("cannot ... defend against")."""
    state = pos(phase="battle", p0={"field": ["Cyborg"]}, p1={"field": ["Botanist"]})
    borg, bot = card(state, 0, "Cyborg"), card(state, 1, "Botanist", "field")
    act(state, "attack", borg)
    act(state, "block", bot)
    pass_window(state)
    assert state.loc[borg][1] == "discard" and state.loc[bot][1] == "field"
    other = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Cyborg"]})
    assert RULES.blockers(other, card(other, 0, "Bartender")) == []


# ---------------------------------------------------------------------------------------------- Mime
def _mime(target: str, p1: dict, **kw):
    state = pos(p0={"hand": ["Mime"]}, p1=p1, res0={"plasma": 5}, **kw)
    act(state, "play", card(state, 0, "Mime"))
    pass_window(state)
    act(state, "activate", card(state, 0, "Mime"), "0")
    t = card(state, 1, target)
    if Action("choose", (t,)) in state.legal_actions():
        act(state, "choose", t)
    return state, t


def test_mime_nullifies_a_battlefield_cost() -> None:
    """Mime: "Pick an opponent's card and nullify it's effect": a nullified Economy Crash ("All cards cost 1 extra
    mana to summon") no longer raises costs."""
    state = pos(p0={"hand": ["Bartender"]}, p1={"bf": ["Economy Crash"]})
    assert RULES.card_cost(state, 0, card(state, 0, "Bartender")) == 4
    state, crash = _mime("Economy Crash", {"bf": ["Economy Crash"]})
    assert RULES.card_cost(state, 0, card(state, 0, "Mime")) == 1


def test_mime_nullifies_a_battlefield_damage() -> None:
    """Mime: a nullified Atmospherics Incident deals no damage at the First Effect Phase."""
    state, bf = _mime("Atmospherics Incident", {"bf": ["Atmospherics Incident"], "field": ["Clown"]})
    clown = card(state, 1, "Clown")
    _end_turns(state, 1)
    assert RULES.stat(state, clown, "resolve") == 4


def test_mime_nullifies_an_equipment_keyword() -> None:
    """Mime: a nullified Crusader Armour (Holy) grants no Holy (its stat bonus, TGC-3.3.3.b.3, stays)."""
    state, armour = _mime("Crusader Armour", {"field": ["Clown"], "equip": ["Crusader Armour"]},
                          cards1=[{"name": "Crusader Armour", "zone": "equip", "attach_to": "Clown"}])
    clown = card(state, 1, "Clown")
    assert not has_kw(state, clown, "Holy") and RULES.stat(state, clown, "power") == 4


# ---------------------------------------------------------------------------------------------- Angry Stickman
def test_angry_stickman_returns_only_a_destroyed_one() -> None:
    """Angry Stickman: "If another 'Angry Stickman' card has been destroyed, you may return it": a milled one (put
    into the discard pile from the deck) is not offered; a destroyed one is."""
    state = pos(p0={"hand": ["Angry Stickman"], "discard": ["Angry Stickman"]}, res0={"plasma": 5})
    first = card(state, 0, "Angry Stickman", "hand")
    act(state, "play", first)
    pass_window(state)
    assert Action("activate", (first, "0")) not in state.legal_actions()
    state = pos(p0={"hand": ["Angry Stickman"], "field": ["Angry Stickman"]}, p1={"hand": ["Re-Education"]},
                res0={"plasma": 5})
    old = card(state, 0, "Angry Stickman", "field")
    RULES.destroy(state, old, {"controller": 1})
    new = card(state, 0, "Angry Stickman", "hand")
    act(state, "play", new)
    pass_window(state)
    assert Action("activate", (new, "0")) in state.legal_actions()


# ---------------------------------------------------------------------------------------------- Citrus
def test_citrus_hold_ends_on_a_non_creature_card() -> None:
    """Citrus: "Tap an opponent's card until the start of your next turn": a held Battlefield (Disco Inferno) stays
    tapped through its owner's turn and untaps at the start of the Citrus player's next turn."""
    state = pos(p0={"field": ["Citrus"]}, p1={"bf": ["Disco Inferno"]}, res0={"plasma": 1})
    disco = card(state, 1, "Disco Inferno")
    act(state, "activate", card(state, 0, "Citrus"), "0")
    if Action("choose", (disco,)) in state.legal_actions():
        act(state, "choose", disco)
    assert tapped(state, disco)
    _end_turns(state, 1)
    assert state.active == 1 and tapped(state, disco)
    _end_turns(state, 1)
    assert state.active == 0 and not tapped(state, disco)


# ---------------------------------------------------------------------------------------------- Lifesaver / Deathsquad
def test_lifesaver_reequip_moves_the_cmo_bonus() -> None:
    """Lifesaver Carapace ("re-equip it on another creature") with a Chief Medical Officer: the old creature loses
    the CMO's +1 with the suit, the new one gets it (and +1/0 +1 until the end of the turn)."""
    state = pos(p0={"field": ["Chief Medical Officer", "Clown", "Bartender"], "hand": [
        "DeForest Medical Corporation 'Lifesaver' Carapace"]}, res0={"plasma": 9})
    suit = card(state, 0, "DeForest Medical Corporation 'Lifesaver' Carapace")
    clown, bart = card(state, 0, "Clown"), card(state, 0, "Bartender")
    act(state, "play", suit, clown)
    pass_window(state)
    assert (RULES.stat(state, clown, "power"), RULES.stat(state, clown, "resolve")) == (4, 8)  # 2+1+1, 4+3+1
    act(state, "activate", suit, "0")
    act(state, "choose", bart)
    assert (RULES.stat(state, clown, "power"), RULES.stat(state, clown, "resolve")) == (2, 4)
    assert (RULES.stat(state, bart, "power"), RULES.stat(state, bart, "resolve")) == (3 + 2 + 2, 2 + 4)


def test_deathsquad_armour_reads_the_faction_now() -> None:
    """Mk.3 R.I.O.T. Carapace: "if the equipped creature is of the Security faction, it gains Unstoppable;
    otherwise Taunt": a (Service) Bartender made Security by a Head of Personnel gains Unstoppable."""
    state = pos(p0={"field": ["Bartender"], "equip": ["Apadyne Technologies Mk.3 R.I.O.T. Carapace"]},
                cards0=[{"name": "Apadyne Technologies Mk.3 R.I.O.T. Carapace", "zone": "equip",
                         "attach_to": "Bartender"}])
    clown = card(state, 0, "Bartender")
    assert has_kw(state, clown, "Taunt") and not has_kw(state, clown, "Unstoppable")
    state.card_state(clown).status["faction=Security"] = 1
    assert has_kw(state, clown, "Unstoppable") and not has_kw(state, clown, "Taunt")


# ---------------------------------------------------------------------------------------------- Monkey
def test_monkey_is_human_on_the_field_only() -> None:
    """Monkey: "If Geneticist is on your battlefield, this card gains +1/+1 and gains the Human Subtype": the text
    of a card works where the card is in play; a search of the deck for a Human (Legion) does not offer it."""
    state = pos(p0={"field": ["Geneticist", "Monkey"], "deck": ["Monkey"]})
    on_field, in_deck = card(state, 0, "Monkey", "field"), card(state, 0, "Monkey", "deck")
    assert has_subtype(state, on_field, "Human") and not has_subtype(state, in_deck, "Human")


# ---------------------------------------------------------------------------------------------- Justifiable Casualties
def test_just_losses_cannot_sacrifice_holy_or_immune_creatures() -> None:
    """Justifiable Casualties ("Sacrifice two friendly creatures") is an Instant: Holy (Immunity to Events) and
    Immunity to Effects creatures cannot be chosen (RULINGS.md, "Immunity and Holy in every choice"); with Ian
    (Holy) and one other creature it cannot be played (the cost is paid in full)."""
    state = pos(p0={"field": ["Ian", "Clown"], "hand": ["Justifiable Casualties"]}, res0={"plasma": 5})
    jc = card(state, 0, "Justifiable Casualties")
    assert Action("play", (jc,)) not in state.legal_actions()
    state = pos(p0={"field": ["Ian", "Clown", "Bartender"], "hand": ["Justifiable Casualties", "Cook"]},
                res0={"plasma": 5})
    act(state, "play", card(state, 0, "Justifiable Casualties"))  # the only two it may choose: no decision
    assert [state.loc[card(state, 0, n)][1] for n in ("Ian", "Clown", "Bartender", "Cook")] == [
        "field", "discard", "discard", "field"]


# ---------------------------------------------------------------------------------------------- set-file defects
def test_zero_resolve_creature_is_destroyed_as_it_enters_tgc_4_3_2() -> None:
    """A creature printed with 0 resolve (another set's defect; RULINGS.md): it can be played, and TGC-4.3.2 ("If a
    creature's resolve were to go to 0 or below then it is destroyed") destroys it as it enters the field; a
    Graytide bonus entering with it can keep it alive."""
    from tgc_helpers import with_cards

    cards = """
cards:
  - {id: z_ghost, name: Paper Ghost, type: creature, subtypes: [Spirit], cost: 1, power: 2, resolve: 0}
  - {id: z_grey, name: Paper Assistant, type: creature, subtypes: [Human], cost: 1, power: 0, resolve: 0,
     text: Graytide}
"""
    with with_cards(cards):
        state = pos(p0={"hand": ["Paper Ghost"]}, res0={"plasma": 2})
        ghost = card(state, 0, "Paper Ghost")
        act(state, "play", ghost)
        assert state.loc[ghost][1] == "discard" and any(e.kind == "destroyed" and e.card == ghost for e in state.log)
        state = pos(p0={"hand": ["Paper Assistant"], "field": ["Staff Assistant"]}, res0={"plasma": 2})
        grey = card(state, 0, "Paper Assistant")
        act(state, "play", grey)
        assert state.loc[grey][1] == "field" and RULES.stat(state, grey, "resolve") == 1


def test_hex_is_played_onto_an_enemy_creature_and_ends_when_destroyed() -> None:
    """Hex (keywords.json): "This cardtype is played onto an enemy creature, applying its effect to that creature.
    If the Hex is destroyed, the effect ends." A Hex granting Stasis: only enemy creatures are offered."""
    from tgc_helpers import with_cards

    cards = """
cards:
  - {id: h_freeze, name: Cryo Hex, type: hex, subtypes: [Hex], cost: 1, text: Stasis}
"""
    with with_cards(cards):
        state = pos(p0={"hand": ["Cryo Hex"], "field": ["Clown"]}, p1={"field": ["Bartender"]},
                    res0={"plasma": 2})
        hexc, mine, theirs = card(state, 0, "Cryo Hex"), card(state, 0, "Clown"), card(state, 1, "Bartender")
        plays = {a.args for a in state.legal_actions() if a.kind == "play"}
        assert (hexc, theirs) in plays and (hexc, mine) not in plays
        act(state, "play", hexc, theirs)
        assert has_kw(state, theirs, "Stasis")
        RULES.destroy(state, hexc, {"controller": 1})
        assert not has_kw(state, theirs, "Stasis")


def test_runtime_cuts_its_own_players_medical_card_only() -> None:
    """Runtime ("Reduce the Summon Cost of a Medical faction card this turn by 2 mana"): the cut goes to its
    player's next Medical card; the opponent's Medical Instant costs its full price (RULINGS.md)."""
    state = pos(p0={"field": ["Runtime"], "hand": ["Medical Doctor"]}, p1={"hand": ["Adrenals"]}, res0={"plasma": 5})
    act(state, "activate", card(state, 0, "Runtime"), "0")
    assert RULES.card_cost(state, 0, card(state, 0, "Medical Doctor")) == 1
    assert RULES.card_cost(state, 1, card(state, 1, "Adrenals")) == 1  # its printed cost, not 0
