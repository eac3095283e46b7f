"""Card text executed exactly (issue 6 follow-up): each test cites the card whose text it checks, and the clause or
ruling where the text leaves the rules' ground (RULINGS.md)."""

from __future__ import annotations

from tgc_helpers import RULES, act, card, pass_window, pos

from tcgkit.core.actions import Action

# ------------------------------------------------------------------------------------------- Chief Engineer
CE = "Chief Engineer"
ENGI = "Station Engineer"


def _janitor_vs(p1: dict, bf_owner: int = 1, **kw):
    p0 = {"field": ["Janitor"]}
    if bf_owner == 0:
        p0["bf"] = ["Economy Crash"]
    else:
        p1 = {**p1, "bf": ["Economy Crash"]}
    state = pos(p0=p0, p1=p1, **kw)
    act(state, "activate", card(state, 0, "Janitor"), "0")
    return state


def test_chief_engineer_may_negate_a_janitor() -> None:
    """Chief Engineer: a Battlefield about to be destroyed by an opponent's card effect (Janitor): its player may
    sacrifice an Engineering card of theirs in play (a decision, TGC-2.1.b) to Negate the effect."""
    state = _janitor_vs({"field": [CE, ENGI, "Clown"]})
    ce, engi, crash = card(state, 1, CE), card(state, 1, ENGI), card(state, 1, "Economy Crash")
    assert state.current == 1
    assert set(state.legal_actions()) == {Action("choose", (ce,)), Action("choose", (engi,)), Action("done")}
    act(state, "choose", engi)
    assert state.loc[crash][1] == "bf" and state.loc[engi][1] == "discard"
    assert any(e.kind == "negate" for e in state.log)
    assert state.vars["gs"] == "quick" and state.current == 0  # the action is over: the turn player's Open Quick


def test_chief_engineer_declined_the_battlefield_is_destroyed() -> None:
    """Chief Engineer: "you may": answering ``done`` lets the destruction happen."""
    state = _janitor_vs({"field": [CE]})
    act(state, "done")
    assert state.loc[card(state, 1, "Economy Crash")][1] == "discard"
    assert state.loc[card(state, 1, CE)][1] == "field"


def test_chief_engineer_any_battlefield_card() -> None:
    """Chief Engineer: "a battlefield card" is any Battlefield, also the opponent's own one destroyed by their own
    effect (the effect is still an opponent's card effect)."""
    state = _janitor_vs({"field": [CE]}, bf_owner=0)
    assert state.current == 1 and Action("choose", (card(state, 1, CE),)) in state.legal_actions()


def test_chief_engineer_not_against_own_effects() -> None:
    """Chief Engineer: only an *opponent's* card effect; the Chief Engineer's player's own Janitor is not negated."""
    state = pos(p0={"field": ["Janitor", CE], "bf": ["Economy Crash"]})
    act(state, "activate", card(state, 0, "Janitor"), "0")
    assert state.loc[card(state, 0, "Economy Crash")][1] == "discard"
    assert state.vars["gs"] == "quick"


def test_chief_engineer_not_against_a_replacing_battlefield_tgc_3_3_3_d_1() -> None:
    """TGC-3.3.3.d.1: a new Battlefield destroys its own player's old one by the rules, not by an opponent's card
    effect, so a Chief Engineer cannot negate it."""
    state = pos(p0={"hand": ["Economy Crash"], "bf": ["Atmospherics Incident"], "field": [CE]},
                p1={"field": [CE]}, res0={"plasma": 2})
    act(state, "play", card(state, 0, "Economy Crash"))
    assert state.loc[card(state, 0, "Atmospherics Incident")][1] == "discard"
    assert state.vars["gs"] == "quick"


def test_chief_engineer_negates_the_whole_nuclear_option() -> None:
    """Chief Engineer: Negate = "the card's effect is nullified" (keywords.json): The Nuclear Option deals no
    damage either; the Instant is still discarded (TGC-3.3.3.c.1)."""
    state = pos(p0={"hand": ["The Nuclear Option"], "field": ["Clown"]}, p1={"field": [CE], "bf": ["Economy Crash"]},
                res0={"plasma": 4})
    nuke = card(state, 0, "The Nuclear Option")
    act(state, "play", nuke)
    act(state, "choose", card(state, 1, CE))
    assert state.loc[card(state, 1, "Economy Crash")][1] == "bf"
    assert RULES.stat(state, card(state, 0, "Clown"), "resolve") == 4
    assert state.loc[nuke][1] == "discard"


def test_chief_engineer_negate_destruction_only_option() -> None:
    """Option ``negate_destruction_only``: only the destruction is negated; the rest of the effect happens."""
    state = pos(p0={"hand": ["The Nuclear Option"], "field": ["Clown"]}, p1={"field": [CE], "bf": ["Economy Crash"]},
                res0={"plasma": 4}, options={"negate_destruction_only": True})
    act(state, "play", card(state, 0, "The Nuclear Option"))
    act(state, "choose", card(state, 1, CE))
    assert state.loc[card(state, 1, "Economy Crash")][1] == "bf"
    assert RULES.stat(state, card(state, 0, "Clown"), "resolve") == 2


def test_chief_engineer_disco_inferno_self_destruction() -> None:
    """Chief Engineer: any card effect counts, whatever destroys the Battlefield: the opponent's Disco Inferno
    destroying itself after two turns of being tapped may be negated too."""
    state = pos(p0={"bf": ["Disco Inferno"]}, p1={"field": [CE]},
                cards0=[{"name": "Disco Inferno", "zone": "bf", "tapped": True, "status": {"locked": 1},
                         "counters": {"ticks": 1}}], phase="battle")
    disco = card(state, 0, "Disco Inferno")
    act(state, "pass_phase")
    while state.pending is None and state.result is None:
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        else:
            act(state, "do_nothing")
    assert state.pending.player == 1 and state.phase == "play" and state.active == 1
    act(state, "done")
    assert state.loc[disco][1] == "discard"


# ------------------------------------------------------------------------------------------- Scientist
def test_scientist_gains_when_targeted_by_any_single_target_event() -> None:
    """Scientist: "When this card is targeted by an opponent's single target event, gain 1 lifeshard": the generic
    ``targeted`` event, whatever the Event (Re-Education here; gained before it is destroyed)."""
    state = pos(p0={"hand": ["Re-Education"]}, p1={"field": ["Scientist", "Clown"]}, res0={"plasma": 2})
    act(state, "play", card(state, 0, "Re-Education"))
    act(state, "choose", card(state, 1, "Scientist"))
    assert state.res[1]["hs"] == 21 and state.loc[card(state, 1, "Scientist")][1] == "discard"


def test_scientist_forced_single_target_counts() -> None:
    """Scientist: a single target with no alternative (Bluespace Barrage, only the Scientist) is still targeted."""
    state = pos(p0={"hand": ["Bluespace Barrage"]}, p1={"field": ["Scientist"]}, res0={"plasma": 3})
    act(state, "play", card(state, 0, "Bluespace Barrage"))
    assert state.res[1]["hs"] == 21


def test_scientist_not_by_own_events_nor_untargeted() -> None:
    """Scientist: not its own player's Event (Adrenals on it), and not a card that was not chosen."""
    state = pos(p0={"hand": ["Adrenals"], "field": ["Scientist"]}, p1={"hand": ["Re-Education"], "field": ["Clown"]},
                res0={"plasma": 1}, res1={"plasma": 2})
    act(state, "play", card(state, 0, "Adrenals"))
    assert state.res[0]["hs"] == 20
    state2 = pos(p0={"hand": ["Re-Education"]}, p1={"field": ["Scientist", "Clown"]}, res0={"plasma": 2})
    act(state2, "play", card(state2, 0, "Re-Education"))
    act(state2, "choose", card(state2, 1, "Clown"))
    assert state2.res[1]["hs"] == 20


# ------------------------------------------------------------------------------------------- Committed Botanist
BOTANIST = "Committed Botanist"


def test_botanist_halves_the_summon_cost_then_extra_costs() -> None:
    """Committed Botanist: "at half their Summon Cost, rounded up": the printed Summon Cost is halved; Economy Crash's
    "1 extra mana" comes on top (Bartender 3 -> 2 + 1 = 3, not half of 4)."""
    state = pos(p0={"hand": ["Bartender"], "field": [BOTANIST], "bf": ["Economy Crash"]})
    assert RULES.card_cost(state, 0, card(state, 0, "Bartender")) == 3
    plain = pos(p0={"hand": ["Bartender"], "field": [BOTANIST]})
    assert RULES.card_cost(plain, 0, card(plain, 0, "Bartender")) == 2


def test_two_botanists_halve_once() -> None:
    """Committed Botanist: two of them still let you pay half, not a quarter (Head of Personnel 7 -> 4)."""
    state = pos(p0={"hand": ["Head of Personnel"], "field": [BOTANIST, BOTANIST]})
    assert RULES.card_cost(state, 0, card(state, 0, "Head of Personnel")) == 4


def test_botanist_plant_and_service_cards_of_any_type() -> None:
    """Committed Botanist: "Plant and Service cards": Service Equipment (Inquisitor's Hardsuit 4 -> 2) and Instants
    (Deep Fryer 2 -> 1, + its On Tap 2) too, as "summon" in a cost means playing (Economy Crash: "All cards cost 1
    extra mana to summon"; Head of Security picks any card type); a Changeling is a Plant; other cards pay in full;
    only on its own player's side."""
    state = pos(p0={"hand": ["Inquisitor's Hardsuit", "Deep Fryer", "Armoured Changeling", "Cook", "Captain"],
                    "field": [BOTANIST]}, p1={"hand": ["Bartender"]})
    costs = {n: RULES.card_cost(state, 0, card(state, 0, n)) for n in
             ("Inquisitor's Hardsuit", "Deep Fryer", "Armoured Changeling", "Cook", "Captain")}
    assert costs == {"Inquisitor's Hardsuit": 2, "Deep Fryer": 3, "Armoured Changeling": 3, "Cook": 2, "Captain": 7}
    assert RULES.card_cost(state, 1, card(state, 1, "Bartender")) == 3


def test_botanist_creatures_only_option() -> None:
    """Option ``botanist_creatures_only``: "summon" read as creatures only; Service Equipment pays in full."""
    state = pos(p0={"hand": ["Inquisitor's Hardsuit", "Cook"], "field": [BOTANIST]},
                options={"botanist_creatures_only": True})
    assert RULES.card_cost(state, 0, card(state, 0, "Inquisitor's Hardsuit")) == 4
    assert RULES.card_cost(state, 0, card(state, 0, "Cook")) == 2


def test_botanist_follows_a_changed_faction() -> None:
    """Committed Botanist + Head of Personnel: the card's faction now (changed to Service) decides."""
    state = pos(p0={"hand": ["Captain"], "field": [BOTANIST]})
    captain = card(state, 0, "Captain")
    state.card_state(captain).status["faction=Service"] = 1
    assert RULES.card_cost(state, 0, captain) == 4


def test_runtime_cuts_one_card_once() -> None:
    """Runtime: "Reduce the Summon Cost of a Medical faction card this turn by 2": two Runtimes make two cuts, one
    per card (the cost shown is the cost paid)."""
    state = pos(p0={"field": ["Runtime", "Runtime"], "hand": ["Paramedic", "Virologist"]}, res0={"plasma": 5})
    for rt in [c for c in state.zone(0, "field")]:
        act(state, "activate", rt, "0")
        pass_window(state)
    para, viro = card(state, 0, "Paramedic"), card(state, 0, "Virologist")
    assert RULES.card_cost(state, 0, para) == 1
    act(state, "play", para)
    assert state.res[0]["plasma"] == 4
    assert RULES.card_cost(state, 0, viro) == 1


# ------------------------------------------------------------------------------------------- Justifiable Casualties
JC = "Justifiable Casualties"


def test_justifiable_casualties_needs_two_creatures_tgc_3_4_1_x_2() -> None:
    """Justifiable Casualties: "Sacrifice two friendly creatures" is a cost (Sacrifice, keywords.json), paid in full
    (TGC-3.4.1.x-2; TGC-0.2 the card's text first): with one creature it cannot be played."""
    state = pos(p0={"hand": [JC, "Captain"], "field": ["Botanist"]}, res0={"plasma": 2})
    assert Action("play", (card(state, 0, JC),)) not in state.legal_actions()


def test_justifiable_casualties_partial_option() -> None:
    """Option ``casualties_partial``: with one creature it is played and sacrifices what there is."""
    state = pos(p0={"hand": [JC, "Captain"], "field": ["Botanist"]}, res0={"plasma": 2},
                options={"casualties_partial": True})
    bot = card(state, 0, "Botanist", "field")
    act(state, "play", card(state, 0, JC))
    assert state.loc[bot][1] == "discard"
    assert state.loc[card(state, 0, "Captain")][1] == "field"


def test_justifiable_casualties_chooses_two_and_must_summon() -> None:
    """Justifiable Casualties: with three creatures the player chooses the two to sacrifice (decisions), then must
    summon a creature from the hand (a decision between two; no "done")."""
    state = pos(p0={"hand": [JC, "Captain", "Cook"], "field": ["Botanist", "Clown", "Intern"]}, res0={"plasma": 2})
    bot, clown = card(state, 0, "Botanist", "field"), card(state, 0, "Clown")
    act(state, "play", card(state, 0, JC))
    act(state, "choose", bot)
    act(state, "choose", clown)
    captain, cook = card(state, 0, "Captain"), card(state, 0, "Cook")
    assert set(state.legal_actions()) == {Action("choose", (captain,)), Action("choose", (cook,))}
    act(state, "choose", cook)
    assert [state.name(c) for c in state.zone(0, "field")] == ["Intern", "Cook"]
    assert state.res[0]["plasma"] == 0


# ------------------------------------------------------------------------------------------- the rest of the set
def _immune(state, c: int) -> None:
    state.card_state(c).status["Immunity:Effects"] = 1  # as Abductor Combat Armour's grant


def test_quartermaster_skips_an_immune_creature() -> None:
    """Quartermaster (+1/+1 to all your creatures) and Immunity to Effects ("cannot be affected by card effects ...
    friendly and opposing", keywords.json): the immune creature gains nothing."""
    state = pos(p0={"field": ["Quartermaster", "Bartender", "Cook"]}, res0={"plasma": 3})
    bart, cook = card(state, 0, "Bartender"), card(state, 0, "Cook")
    _immune(state, bart)
    act(state, "activate", card(state, 0, "Quartermaster"), "0")
    assert RULES.stat(state, bart, "power") == 3 and RULES.stat(state, cook, "power") == 4


def test_custodial_cyborg_cannot_tap_an_immune_human() -> None:
    """Cyborg (Custodial Shell): "Tap an opponent's Human Creature": not one immune to effects."""
    state = pos(p0={"field": ["Cyborg (Custodial Shell)"]}, p1={"field": ["Bartender", "Cook"]})
    bart, cook = card(state, 1, "Bartender"), card(state, 1, "Cook")
    _immune(state, bart)
    act(state, "activate", card(state, 0, "Cyborg (Custodial Shell)"), "0")
    assert state.cs[cook].tapped and not (bart in state.cs and state.cs[bart].tapped)


def test_choices_offer_only_affectable_cards() -> None:
    """Geneticist, Station Engineer, Head of Personnel, Drone PAI, Rabbit PAI, Glitch in the System, Research
    Director: their choices never offer a card immune to the effect (Immunity to Effects)."""
    state = pos(p0={"field": ["Geneticist", "Bartender", "Cook"]}, res0={"plasma": 3})
    bart = card(state, 0, "Bartender")
    _immune(state, bart)
    act(state, "activate", card(state, 0, "Geneticist"), "0")
    assert Action("choose", (bart,)) not in state.legal_actions()
    eng = pos(p0={"field": ["Station Engineer", "Bartender", "Cook"]})
    _immune(eng, card(eng, 0, "Bartender"))
    act(eng, "activate", card(eng, 0, "Station Engineer"), "0")
    assert Action("choose", (card(eng, 0, "Bartender"),)) not in eng.legal_actions()
    rd = pos(p0={"field": ["Research Director", "Scientist"]})
    sci = card(rd, 0, "Scientist")
    _immune(rd, sci)
    act(rd, "activate", card(rd, 0, "Research Director"), "0")
    assert not rd.cs[sci].tapped


def test_cmo_nullified_by_mime_adds_nothing() -> None:
    """Chief Medical Officer + Mime: a nullified CMO no longer adds 1 to gains (Immoral Surgeon +1/+1 stays +1/+1)."""
    state = pos(p0={"field": ["Immoral Surgeon", "Chief Medical Officer", "Bartender"]}, res0={"plasma": 2})
    cmo, bart = card(state, 0, "Chief Medical Officer"), card(state, 0, "Bartender")
    state.card_state(cmo).status["nullified"] = 1
    act(state, "activate", card(state, 0, "Immoral Surgeon"), "0")
    act(state, "choose", bart)
    assert RULES.stat(state, bart, "power") == 4


def test_medical_cyborg_resets_resolve_to_its_original_value() -> None:
    """Cyborg (Medical Shell): "Reset a card's resolve to its original value": damage and resolve changes of
    effects (a gain too) are removed; an attached Equipment's bonus stays (TGC-3.3.3.b.3)."""
    state = pos(p0={"field": ["Cyborg (Medical Shell)"]}, p1={"field": ["Botanist"]}, res0={"plasma": 2})
    bot = card(state, 1, "Botanist", "field")
    st = state.card_state(bot)
    st.counters["damage"] = 2
    st.mods.append(("resolve", 3, "permanent"))
    st.mods.append(("resolve", -1, "turn"))
    act(state, "activate", card(state, 0, "Cyborg (Medical Shell)"), "0")
    act(state, "choose", bot)
    assert RULES.stat(state, bot, "resolve") == 4


def test_inducer_bleed_is_a_cost_paid_in_full_tgc_3_4_1_x_2() -> None:
    """Inducer: "Bleed (3)" is a cost in lifeshards (keywords.json), paid in full (TGC-3.4.1.x-2): with 2 HS it
    cannot be played."""
    state = pos(p0={"hand": ["Inducer"]}, res0={"hs": 2})
    assert Action("play", (card(state, 0, "Inducer"),)) not in state.legal_actions()
    ok = pos(p0={"hand": ["Inducer"]}, res0={"hs": 4, "plasma": 1})
    act(ok, "play", card(ok, 0, "Inducer"))
    assert ok.res[0]["hs"] == 1 and RULES.available_plasma(ok, 0) == 4


def test_bepis_heads_gains_ordinary_plasma() -> None:
    """B.E.P.I.S. Chamber: "If heads, gain 2 mana" (no "this turn", unlike Inducer or Explorer) is ordinary plasma,
    which lasts until the next Draw Phase (RULINGS.md, mana; TGC-1.6-2), not this-turn plasma."""
    for seed in range(20):
        state = pos(p0={"hand": ["B.E.P.I.S. Chamber"]}, res0={"plasma": 1})
        state.rng.state = seed + 1
        act(state, "play", card(state, 0, "B.E.P.I.S. Chamber"))
        if any(e.kind == "coin_flip" and e.data == ("heads",) for e in state.log):
            assert state.res[0]["plasma"] == 3 and state.res[0]["temp"] == 0
            return
    raise AssertionError("no heads in 20 seeds")


# ------------------------------------------------------------------------------------------- keywords of the set
def _fight(p0: list[str], p1: list[str], status0: dict | None = None, status1: dict | None = None):
    state = pos(phase="battle", p0={"field": p0}, p1={"field": p1})
    a, d = card(state, 0, p0[0], "field"), card(state, 1, p1[0], "field")
    state.card_state(a).status.update(status0 or {})
    state.card_state(d).status.update(status1 or {})
    act(state, "attack", a, d)
    pass_window(state)
    return state, a, d


def test_hulking_only_when_attacking() -> None:
    """Hulking: "Any power above a *defending* creature's resolve is dealt to the opposing player": a Hulking
    defender's excess is not dealt to the attacking player; a Hulking attacker's is."""
    state, _, _ = _fight(["Cook"], ["Bartender"], status1={"Hulking": 1})
    assert state.res[0]["hs"] == 20
    state, _, _ = _fight(["Bartender"], ["Psychologist"], status0={"Hulking": 1})
    assert state.res[1]["hs"] == 18


def test_lifedrain_heals_on_squad_tactics_damage() -> None:
    """Lifedrain ("upon dealing lifeshard damage to an opposing player with a creature") with Squad Tactics, as NT
    P.A.V. Suit (Medical) grants both: the Squad Tactics point heals 1 too."""
    state, _, _ = _fight(["Cook"], ["Psychologist"], status0={"Squad Tactics": 1, "Lifedrain": 1})
    assert state.res[1]["hs"] == 19 and state.res[0]["hs"] == 21


def test_immunity_to_a_faction_in_combat() -> None:
    """Immunity (Swarmer, to Engineering): "cannot be affected by ... combat against creatures of its Immunity type":
    a Station Engineer's combat damage does not hurt it."""
    state, _, d = _fight(["Station Engineer"], ["Swarmer"])
    assert state.loc[d][1] == "field" and RULES.stat(state, d, "resolve") == 1


def test_cmo_adds_to_graytide_and_static_gains() -> None:
    """Chief Medical Officer: "would gain power or resolve from an event, equipment, or card effect, it gains +1
    more": also a gain of the creature's own text (Graytide, Monkey with a Geneticist)."""
    state = pos(p0={"field": ["Chief Medical Officer", "Staff Assistant"], "hand": ["Staff Assistant"]},
                res0={"plasma": 1})
    new = card(state, 0, "Staff Assistant", "hand")
    act(state, "play", new)
    assert RULES.stat(state, new, "power") == 1 + 1 + 1 and RULES.stat(state, new, "resolve") == 3
    monkey = pos(p0={"field": ["Chief Medical Officer", "Geneticist", "Monkey"]})
    m = card(monkey, 0, "Monkey")
    assert RULES.stat(monkey, m, "power") == 3 and RULES.stat(monkey, m, "resolve") == 3


def test_on_equip_equipment_only_on_your_side_tgc_0_2() -> None:
    """On Equip (keywords.json: "select a creature on your side of the battlefield to equip it to"): the card's
    keyword text beats TGC-3.3.3.b.1's "either side" (TGC-0.2); Equipment without On Equip still goes on either
    side. Option ``on_equip_either_side``: the rule's either side for every Equipment."""
    state = pos(p0={"hand": ["Inquisitor's Hardsuit", "Crusader Armour"], "field": ["Botanist"]},
                p1={"field": ["Bartender"]}, res0={"plasma": 5})
    hard, plate = card(state, 0, "Inquisitor's Hardsuit"), card(state, 0, "Crusader Armour")
    bot, bart = card(state, 0, "Botanist", "field"), card(state, 1, "Bartender")
    plays = {a.args for a in state.legal_actions() if a.kind == "play"}
    assert (hard, bot) in plays and (hard, bart) not in plays
    assert (plate, bot) in plays and (plate, bart) in plays
    either = pos(p0={"hand": ["Inquisitor's Hardsuit"], "field": ["Botanist"]}, p1={"field": ["Bartender"]},
                 res0={"plasma": 5}, options={"on_equip_either_side": True})
    assert (card(either, 0, "Inquisitor's Hardsuit"), card(either, 1, "Bartender")) in {
        a.args for a in either.legal_actions() if a.kind == "play"}


def test_legion_search_tells_the_two_geneticists_apart() -> None:
    """Legion ("Search your deck for a Human Creature card, and summon it"): the player chooses the card; the two
    Geneticist printings (Science 3, Medical 8) are different cards with one name, so each is its own option."""
    state = pos(p0={"field": ["Legion"], "deck": ["geneticist", "med_geneticist", "Cook"]})
    RULES.destroy(state, card(state, 0, "Legion"))
    act(state, "activate", card(state, 0, "Legion"), "0")
    labels = {a.args[0] for a in state.legal_actions()}
    assert labels == {"Geneticist (geneticist)", "Geneticist (med_geneticist)", "Cook", "none"}
    act(state, "option", "Geneticist (med_geneticist)")
    (summoned,) = [c for c in state.zone(0, "field")]
    assert state.defs[summoned].key == "med_geneticist"


def test_roboticist_reads_the_keyword_the_card_had_on_the_field() -> None:
    """Roboticist ("If an Asimov card on your side of the field is destroyed, flip a coin"): a Cyborg whose Asimov
    was removed (Glitch in the System) is no Asimov card when destroyed: no coin, no return; with Asimov it flips."""
    state = pos(p0={"field": ["Roboticist", "Cyborg", "Cyborg"]})
    bare, asimov = [c for c in state.zone(0, "field") if state.name(c) == "Cyborg"]
    state.card_state(bare).status["no:Asimov"] = 1
    RULES.destroy(state, bare)
    assert not any(e.kind == "coin" for e in state.log)
    RULES.destroy(state, asimov)
    assert any(e.kind == "coin" for e in state.log)


def test_head_of_security_effect_ends_for_good_when_it_leaves() -> None:
    """Head of Security: "This effect persists until Head of Security is removed from the battlefield": brought back
    (Weekend at Nanotrasen's) it does not raise the cost again without a new On Summon; a Mime's nullify stops it."""
    state = pos(p0={"field": ["Head of Security"], "hand": ["Bartender"]})
    hos, bart = card(state, 0, "Head of Security"), card(state, 0, "Bartender")
    state.vars["win"] = ((hos, 0),)
    act(state, "activate", hos, "0")
    act(state, "option", "creature")
    assert RULES.card_cost(state, 0, bart) == 4
    state.card_state(hos).status["nullified"] = 1
    assert RULES.card_cost(state, 0, bart) == 3
    del state.card_state(hos).status["nullified"]
    RULES.destroy(state, hos)
    RULES.summon(state, 0, hos)
    assert RULES.card_cost(state, 0, bart) == 3
