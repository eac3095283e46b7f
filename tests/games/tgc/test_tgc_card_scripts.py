"""What individual core set scripts do (one card, or a few, per test)."""

from __future__ import annotations

from tgc_helpers import RULES, act, card, kinds, pass_window, pos, tapped

from tcgkit.core.actions import Action
from tcgkit.games.tgc.verbs import has_kw, has_subtype


def _activate(state, name: str, player: int = 0, index: str = "0") -> None:
    act(state, "activate", card(state, player, name), index)


def test_geneticist_grants_hulking() -> None:
    """Geneticist: a friendly creature gains Hulking; excess combat power goes to the player."""
    state = pos(p0={"field": ["Geneticist", "Bartender"]}, p1={"field": ["Psychologist"]}, res0={"plasma": 3})
    bart = card(state, 0, "Bartender")
    _activate(state, "Geneticist")
    act(state, "choose", bart)
    assert has_kw(state, bart, "Hulking")
    pass_window(state)
    act(state, "pass_phase")
    pass_window(state)
    pass_window(state)
    act(state, "attack", bart, card(state, 1, "Psychologist"))
    pass_window(state)
    assert state.res[1]["hs"] == 18


def test_head_of_security_raises_a_type_cost() -> None:
    """Head of Security: the chosen card type costs 1 more for both players while it is on the field."""
    state = pos(p0={"hand": ["Head of Security"]}, p1={"hand": ["Bartender"]}, res0={"plasma": 7})
    hos = card(state, 0, "Head of Security")
    act(state, "play", hos)
    pass_window(state)
    _activate(state, "Head of Security")
    act(state, "option", "creature")
    assert RULES.card_cost(state, 1, card(state, 1, "Bartender")) == 4
    RULES.destroy(state, hos)
    assert RULES.card_cost(state, 1, card(state, 1, "Bartender")) == 3


def test_mime_nullifies_until_it_leaves() -> None:
    """Mime: the chosen opposing card loses its effects and keywords while the Mime stays."""
    state = pos(p0={"hand": ["Mime"]}, p1={"field": ["Clown"]}, res0={"plasma": 2})
    mime, clown = card(state, 0, "Mime"), card(state, 1, "Clown")
    act(state, "play", mime)
    pass_window(state)
    _activate(state, "Mime")
    assert not has_kw(state, clown, "Taunt")
    RULES.destroy(state, mime)
    assert has_kw(state, clown, "Taunt")


def test_bluespace_flux_is_shared() -> None:
    """Bluespace Flux: each player may pay 2 once per turn to summon their deck's top creature."""
    state = pos(p0={"deck": ["Bartender"]}, p1={"bf": ["Bluespace Flux"]}, res0={"plasma": 4})
    flux = card(state, 1, "Bluespace Flux")
    assert Action("activate", (flux, "0")) in state.legal_actions()
    act(state, "activate", flux, "0")
    assert [state.name(c) for c in state.zone(0, "field")] == ["Bartender"] and state.res[0]["plasma"] == 2
    pass_window(state)
    assert Action("activate", (flux, "0")) not in state.legal_actions()


def test_disco_inferno_burns_at_play_phase_start() -> None:
    """Disco Inferno: once tapped (2 plasma) it deals 3 to every creature at each Play Phase start, then dies
    after two turns; it stays tapped through its owner's untap."""
    state = pos(p0={"bf": ["Disco Inferno"], "field": ["Botanist"]}, p1={"field": ["Clown"]}, res0={"plasma": 2})
    disco = card(state, 0, "Disco Inferno")
    act(state, "activate", disco, "0")
    while not (state.active == 1 and state.phase == "play"):
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        act(state, "do_nothing")
    assert RULES.stat(state, card(state, 1, "Clown"), "resolve") == 1
    while not (state.active == 0 and state.phase == "play"):
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        act(state, "do_nothing")
    assert state.loc[disco] == (0, "discard") and tapped(state, disco) is False


def test_chrono_returns_on_two_heads() -> None:
    """Chrono Legionnaire: destroyed, 3 coins; 2+ heads: back to hand, else it stays in the discard pile."""
    outcomes = set()
    for seed in range(12):
        state = pos(p0={"field": ["Chrono Legionnaire"]})
        chrono = card(state, 0, "Chrono Legionnaire")
        state.rng.state = seed * 7919 + 1
        RULES.destroy(state, chrono)
        from tcgkit.core import effects

        effects.run(state)
        heads = sum(1 for e in state.log if e.kind == "coin_flip" and e.data == ("heads",))
        outcomes.add(state.loc[chrono][1])
        assert state.loc[chrono][1] == ("hand" if heads >= 2 else "discard")
    assert outcomes == {"hand", "discard"}


def test_revenant_and_lawyer_automatic_triggers() -> None:
    """Revenant gains +1/0 when another of your creatures dies; Lawyer gains Taunt when attacked at 3+ power."""
    state = pos(p0={"field": ["Revenant", "Bartender"]})
    RULES.destroy(state, card(state, 0, "Bartender"))
    from tcgkit.core import effects

    effects.run(state)
    assert RULES.stat(state, card(state, 0, "Revenant"), "power") == 3
    law = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Lawyer"]},
              cards1=[{"name": "Lawyer", "zone": "field", "tapped": True}])
    act(law, "attack", card(law, 0, "Bartender"))
    assert has_kw(law, card(law, 1, "Lawyer"), "Taunt")


def test_statics_monkey_peaceborg_flamboyant() -> None:
    """Monkey +1/+1 and Human with a Geneticist; Peaceborg -1 power per opposing creature (min 0); the Flamboyant
    shell +2/+2 when alone."""
    state = pos(p0={"field": ["Monkey", "Geneticist"]})
    monkey = card(state, 0, "Monkey")
    assert RULES.stat(state, monkey, "power") == 2 and has_subtype(state, monkey, "Human")
    peace = pos(p0={"field": ["Cyborg (Peacekeeper Shell)"]}, p1={"field": ["Clown", "Botanist"]})
    assert RULES.stat(peace, card(peace, 0, "Cyborg (Peacekeeper Shell)"), "power") == 1
    alone = pos(p0={"field": ["Cyborg (Service Shell- Flamboyant)"]})
    assert RULES.stat(alone, card(alone, 0, "Cyborg (Service Shell- Flamboyant)"), "resolve") == 3


def test_medical_doctor_revives_a_weaker_creature() -> None:
    """Medical Doctor: summon a creature with less power than it from your discard pile."""
    state = pos(p0={"field": ["Medical Doctor"], "discard": ["Psychologist", "Bartender"]}, res0={"plasma": 2})
    _activate(state, "Medical Doctor")
    assert state.loc[card(state, 0, "Psychologist")] == (0, "field")
    assert state.loc[card(state, 0, "Bartender")] == (0, "discard")


def test_search_by_name_hides_the_deck() -> None:
    """Good Planning: choose an Equipment of your deck by name, into the hand; the deck is shuffled."""
    state = pos(p0={"hand": ["Good Planning"], "deck": ["Crusader Armour", "Bartender"]}, res0={"plasma": 2})
    act(state, "play", card(state, 0, "Good Planning"))
    assert state.legal_actions() == [Action("option", ("Crusader Armour",)), Action("option", ("none",))]
    act(state, "option", "Crusader Armour")
    assert state.loc[card(state, 0, "Crusader Armour")] == (0, "hand")


def test_bepis_loses_plasma_then_hs() -> None:
    """B.E.P.I.S. Chamber tails: lose 3 plasma; what cannot be paid is HS damage."""
    for seed in range(20):
        state = pos(p0={"hand": ["B.E.P.I.S. Chamber"]}, res0={"plasma": 1})
        state.rng.state = seed + 1
        act(state, "play", card(state, 0, "B.E.P.I.S. Chamber"))
        heads = any(e.kind == "coin_flip" and e.data == ("heads",) for e in state.log)
        if heads:
            assert RULES.available_plasma(state, 0) == 3
        else:
            assert RULES.available_plasma(state, 0) == 0 and state.res[0]["hs"] == 18


def test_tough_choices_and_just_losses() -> None:
    """Tough Choices: draw 3, summon a creature of them for free, discard the rest. Justifiable Casualties:
    sacrifice two, then summon a creature from hand for free."""
    state = pos(p0={"hand": ["Tough Choices"], "deck": ["Bag of Greed", "Bartender", "Clown"]}, res0={"plasma": 2})
    act(state, "play", card(state, 0, "Tough Choices"))
    act(state, "choose", card(state, 0, "Bartender"))
    assert state.loc[card(state, 0, "Bartender")] == (0, "field")
    assert {state.name(c) for c in state.zone(0, "discard")} == {"Tough Choices", "Clown", "Bag of Greed"}
    jl = pos(p0={"hand": ["Justifiable Casualties", "Captain"], "field": ["Botanist", "Clown"]}, res0={"plasma": 2})
    act(jl, "play", card(jl, 0, "Justifiable Casualties"))  # two creatures, one in hand: no decision left
    assert [jl.name(c) for c in jl.zone(0, "field")] == ["Captain"] and jl.res[0]["plasma"] == 0


def test_cmo_adds_one_to_gains() -> None:
    """Chief Medical Officer: a gain of power or resolve on its side is 1 more (Immoral Surgeon +1/+1 -> +2/+2)."""
    state = pos(p0={"field": ["Immoral Surgeon", "Chief Medical Officer", "Bartender"]}, res0={"plasma": 2})
    bart = card(state, 0, "Bartender")
    _activate(state, "Immoral Surgeon")
    act(state, "choose", bart)
    assert (RULES.stat(state, bart, "power"), RULES.stat(state, bart, "resolve")) == (5, 4)


def test_research_director_doubles_next_instant() -> None:
    """Research Director: the next Instant this turn resolves twice (Bag of Greed draws 4)."""
    state = pos(p0={"field": ["Research Director"], "hand": ["Bag of Greed"], "deck": ["5 Botanist"]},
                res0={"plasma": 3})
    _activate(state, "Research Director")
    pass_window(state)
    act(state, "play", card(state, 0, "Bag of Greed"))
    assert len(state.zone(0, "hand")) == 4


def test_equipment_conditional_grants() -> None:
    """Mk.3 Carapace: Unstoppable on a Security creature, Taunt otherwise."""
    state = pos(p0={"hand": ["Apadyne Technologies Mk.3 R.I.O.T. Carapace"], "field": ["Security Officer"]},
                res0={"plasma": 1})
    off = card(state, 0, "Security Officer")
    act(state, "play", card(state, 0, "Apadyne Technologies Mk.3 R.I.O.T. Carapace"), off)
    assert has_kw(state, off, "Unstoppable") and not has_kw(state, off, "Taunt")


def test_clockwork_copies_the_keyword_the_player_chooses() -> None:
    """Clockwork (Ratvarian Clockwork Cuirass; keywords.json): the creature copies *a single keyword* of another
    creature, chosen by its player (a decision among that creature's keywords), until it loses Clockwork or leaves
    the field; it holds one copy at a time."""
    cw = pos(p0={"hand": ["Ratvarian Clockwork Cuirass"], "field": ["Botanist"]},
             p1={"field": ["Security Officer", "Psychologist", "Clown"]}, res0={"plasma": 4})
    bot = card(cw, 0, "Botanist", "field")
    armor = card(cw, 0, "Ratvarian Clockwork Cuirass")
    officer = card(cw, 1, "Security Officer")
    act(cw, "play", armor, bot)
    pass_window(cw)
    act(cw, "activate", armor, "0")
    clown = card(cw, 1, "Clown")
    assert set(cw.legal_actions()) == {Action("choose", (officer,)), Action("choose", (clown,))}  # with a keyword
    act(cw, "choose", officer)
    assert set(cw.legal_actions()) == {Action("option", ("Hatred:Clowns",)), Action("option", ("Squad Tactics",))}
    act(cw, "option", "Squad Tactics")
    assert has_kw(cw, bot, "Squad Tactics") and not has_kw(cw, bot, "Hatred:Clowns")
    pass_window(cw)
    assert Action("activate", (armor, "0")) not in cw.legal_actions()  # a single keyword
    RULES.destroy(cw, armor)  # the creature loses Clockwork: the copy ends
    assert not has_kw(cw, bot, "Squad Tactics")


def test_clockwork_copied_art_of_the_deal_works() -> None:
    """Clockwork copying Art of the Deal (1) gives the creature that keyword's ability."""
    cw = pos(p0={"hand": ["Ratvarian Clockwork Cuirass"], "field": ["Botanist", "Cargo Technician"]},
             res0={"plasma": 4})
    bot = card(cw, 0, "Botanist", "field")
    armor = card(cw, 0, "Ratvarian Clockwork Cuirass")
    act(cw, "play", armor, bot)
    pass_window(cw)
    assert Action("activate", (armor, "1")) not in cw.legal_actions()
    act(cw, "activate", armor, "0")  # the Cargo Technician is the only choice, with one keyword: no decision
    assert has_kw(cw, bot, "Art of the Deal:1")
    pass_window(cw)
    act(cw, "activate", armor, "1")
    assert RULES.stat(cw, bot, "power") == 1 + 2 - 1 and RULES.available_plasma(cw, 0) == 1


def test_miningborg_end_phase_plasma() -> None:
    """Miningborg: tapped in your End Phase, +1 plasma at your next Draw Phase."""
    state = pos(phase="end", p0={"field": ["Cyborg (Mining Shell)"]}, res0={"draws": 3})
    assert "activate" in kinds(state)
    _activate(state, "Cyborg (Mining Shell)")
    while state.active == 1 or state.phase == "end":
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        act(state, "do_nothing")
    assert state.res[0]["plasma"] == 5


def test_evaluate_is_meaningful() -> None:
    """evaluate: more HS, a stronger board and more cards score higher; a won game is 1, a lost one -1."""
    even = pos()
    assert RULES.evaluate(even, 0) == 0.0
    ahead = pos(res1={"hs": 10}, p0={"field": ["Bartender"], "hand": ["Clown"]})
    assert RULES.evaluate(ahead, 0) > 0 > RULES.evaluate(ahead, 1)
    assert -1.0 <= RULES.evaluate(ahead, 0) <= 1.0
    RULES.surrender(ahead, 1)
    assert RULES.evaluate(ahead, 0) == 1.0 and RULES.evaluate(ahead, 1) == -1.0


def test_hatred_blocks_later_clowns_and_runtime_cuts_one_card() -> None:
    """Hatred: a Clown entering a Security Officer's side is destroyed. Runtime: one Medical card costs 2 less."""
    state = pos(p0={"hand": ["Clown"], "field": ["Security Officer"]}, res0={"plasma": 2})
    act(state, "play", card(state, 0, "Clown"))
    assert state.loc[card(state, 0, "Clown")] == (0, "discard")
    rt = pos(p0={"field": ["Runtime"], "hand": ["Virologist", "Paramedic"]}, res0={"plasma": 9})
    _activate(rt, "Runtime")
    viro, para = card(rt, 0, "Virologist"), card(rt, 0, "Paramedic")
    assert RULES.card_cost(rt, 0, viro) == 1 and RULES.card_cost(rt, 0, para) == 1
    pass_window(rt)
    act(rt, "play", viro)
    assert RULES.card_cost(rt, 0, para) == 3


def test_fury_unable_to_attack_is_destroyed() -> None:
    """Fury: an untapped Fury creature with no possible attack is destroyed when the Battle Phase ends."""
    state = pos(phase="battle", p0={"field": ["Elite Syndicate Nuclear Stormtrooper"]},
                cards0=[{"name": "Elite Syndicate Nuclear Stormtrooper", "zone": "field", "status": {"stasis": 1}}])
    act(state, "pass_phase")
    pass_window(state)
    assert state.zone(0, "field") == []
