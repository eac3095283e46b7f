"""The core set's keywords as engine mechanics, and every core set card executing its text."""

from __future__ import annotations

import pytest
from tgc_helpers import RULES, act, card, kinds, pass_window, pos, tapped

from tcgkit.core.actions import Action


def test_taunt_redirects_attacks() -> None:
    """Taunt: opposing attacks must target the Taunt creature (no direct attack, no other defender)."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Clown", "Botanist"]})
    bart, clown = card(state, 0, "Bartender"), card(state, 1, "Clown")
    assert {a.args for a in state.legal_actions() if a.kind == "attack"} == {(bart, clown)}


def test_deadeye_ignores_taunt_for_direct_attacks() -> None:
    """Deadeye: the Detective may still attack the player directly past a Taunt creature."""
    state = pos(phase="battle", p0={"field": ["Detective"]}, p1={"field": ["Clown"]})
    assert Action("attack", (card(state, 0, "Detective"),)) in state.legal_actions()


def test_asimov_never_fights_humans() -> None:
    """Asimov: a Cyborg cannot attack a Human, nor block one."""
    state = pos(phase="battle", p0={"field": ["Cyborg"]}, p1={"field": ["Bartender", "Clown"]})
    borg = card(state, 0, "Cyborg")
    targets = {a.args for a in state.legal_actions() if a.kind == "attack"}
    assert (borg, card(state, 1, "Bartender")) not in targets
    block = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Cyborg"]})
    assert RULES.blockers(block, card(block, 0, "Bartender")) == []


def test_first_strike_kills_before_taking_damage() -> None:
    """First Strike: the Cook (3/2) destroys a 3/2 Bartender before it strikes back."""
    state = pos(phase="battle", p0={"field": ["Cook"]}, p1={"field": ["Bartender"]})
    cook = card(state, 0, "Cook")
    act(state, "attack", cook, card(state, 1, "Bartender"))
    pass_window(state)
    assert state.loc[cook] == (0, "field") and RULES.stat(state, cook, "resolve") == 2


def test_carapace_and_hivemind() -> None:
    """Carapace negates 2 combat damage; Hivemind negates the first damage taken."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, p1={"field": ["Armoured Changeling"]})
    ch = card(state, 1, "Armoured Changeling")
    act(state, "attack", card(state, 0, "Bartender"), ch)
    pass_window(state)
    assert RULES.stat(state, ch, "resolve") == 5
    xeno = pos(p0={"hand": ["Xenomorph Hunter (2560 Core Set)"]}, res0={"plasma": 4})
    x = card(xeno, 0, "Xenomorph Hunter (2560 Core Set)")
    act(xeno, "play", x)
    RULES.damage_card(xeno, x, 2, {})
    assert RULES.stat(xeno, x, "resolve") == 3
    RULES.damage_card(xeno, x, 2, {})
    assert RULES.stat(xeno, x, "resolve") == 1


def test_squad_tactics_hulking_lifedrain() -> None:
    """Squad Tactics: a defeated defender's owner takes 1; Lifedrain (the undefined Lifesteal) heals 1 on direct
    damage."""
    state = pos(phase="battle", p0={"field": ["Nuclear Operative"]}, p1={"field": ["Psychologist"]})
    act(state, "attack", card(state, 0, "Nuclear Operative"), card(state, 1, "Psychologist"))
    pass_window(state)
    assert state.res[1]["hs"] == 19
    drain = pos(phase="battle", p0={"field": ["Bartender"], "hand": ["NT P.A.V. Suit (Medical)"]},
                res0={"plasma": 2, "hs": 10})
    bart = card(drain, 0, "Bartender")
    drain.phase = "play"
    drain.vars["gs"] = "play"
    act(drain, "play", card(drain, 0, "NT P.A.V. Suit (Medical)"), bart)
    pass_window(drain)
    act(drain, "pass_phase")
    pass_window(drain)
    pass_window(drain)
    act(drain, "attack", bart)
    pass_window(drain)
    assert drain.res[1]["hs"] == 16 and drain.res[0]["hs"] == 11  # 3 power + 1 from the suit


def test_unstoppable_cannot_be_blocked_and_blocker_cannot_attack() -> None:
    """Unstoppable (Adrenals) gets no block prompt; Blocker (Warden) cannot declare attacks."""
    state = pos(phase="battle", p0={"field": ["Bartender", "Warden"], "hand": ["Adrenals"]},
                p1={"field": ["Botanist"]}, res0={"plasma": 1})
    bart = card(state, 0, "Bartender")
    act(state, "play", card(state, 0, "Adrenals"))
    act(state, "choose", bart)
    pass_window(state)
    assert not any(a.args[0] == card(state, 0, "Warden") for a in state.legal_actions() if a.kind == "attack")
    act(state, "attack", bart)
    assert state.vars["gs"] == "quick"


def test_fury_must_attack() -> None:
    """Fury: Pass Phase out of the Battle Phase is refused while the Fury creature can attack."""
    state = pos(phase="battle", p0={"field": ["Elite Syndicate Nuclear Stormtrooper"]})
    assert "pass_phase" not in kinds(state)


def test_holy_immune_to_events_and_immunity_to_battlefields() -> None:
    """Holy: Re-Education cannot choose Ian; Immunity to Battlefields: the Plasmaman takes no Battlefield damage,
    while Resistance lowers it."""
    state = pos(p0={"hand": ["Re-Education"]}, p1={"field": ["Ian", "Bartender"]}, res0={"plasma": 2})
    act(state, "play", card(state, 0, "Re-Education"))
    assert state.loc[card(state, 1, "Ian")] == (1, "field")
    fire = pos(phase="standby", p0={"bf": ["Atmospherics Incident"], "field": ["Station Engineer (Plasmaman)",
                                                                             "Bartender"]})
    pass_window(fire)
    assert RULES.stat(fire, card(fire, 0, "Station Engineer (Plasmaman)"), "resolve") == 4
    assert RULES.stat(fire, card(fire, 0, "Bartender"), "resolve") == 1


def test_graytide_and_rapid_response() -> None:
    """Graytide: +1/+1 this turn per other Graytide creature already on your side."""
    state = pos(p0={"hand": ["Intern"], "field": ["Staff Assistant"]}, res0={"plasma": 1})
    intern = card(state, 0, "Intern")
    act(state, "play", intern)
    assert RULES.stat(state, intern, "power") == 2


def test_hatred_destroys_hated_creatures() -> None:
    """Hatred of Clowns: the Security Officer destroys Clowns on its side when played."""
    state = pos(p0={"hand": ["Security Officer"], "field": ["Clown"]}, res0={"plasma": 3})
    act(state, "play", card(state, 0, "Security Officer"))
    assert state.loc[card(state, 0, "Clown")] == (0, "discard")


def test_changeling_has_every_subtype() -> None:
    """Changeling: the Armoured Changeling counts as a Human (so Asimov creatures cannot fight it)."""
    from tcgkit.games.tgc.verbs import has_subtype

    state = pos(p0={"field": ["Armoured Changeling"]})
    assert has_subtype(state, card(state, 0, "Armoured Changeling"), "Human")


def test_art_of_the_deal_and_bleed() -> None:
    """Art of the Deal (1): -1 power this turn for +1 plasma; Bleed (3): Inducer pays 3 HS for 3 plasma."""
    state = pos(p0={"field": ["Cargo Technician"], "hand": ["Inducer"]}, res0={"plasma": 0})
    tech = card(state, 0, "Cargo Technician")
    act(state, "activate", tech, "0")
    assert RULES.available_plasma(state, 0) == 1 and RULES.stat(state, tech, "power") == 2
    act(state, "play", card(state, 0, "Inducer"))
    assert state.res[0]["hs"] == 17 and RULES.available_plasma(state, 0) == 4


def test_on_destruction_window_and_sacrifice() -> None:
    """Sacrifice (Janitor) destroys it as the cost; On Destruction (Legion) becomes activatable from the discard."""
    state = pos(p0={"field": ["Janitor"]}, p1={"bf": ["Economy Crash"]})
    act(state, "activate", card(state, 0, "Janitor"), "0")
    assert state.zone(1, "bf") == [] and state.loc[card(state, 0, "Janitor")] == (0, "discard")
    legion = pos(p0={"field": ["Legion"], "deck": ["Bartender", "Botanist"]}, p1={"hand": ["Re-Education"]},
                 res1={"plasma": 2}, vars={"gs": "quick"})
    act(legion, "do_nothing")
    act(legion, "play", card(legion, 1, "Re-Education"))
    pass_window(legion)
    assert Action("activate", (card(legion, 0, "Legion"), "0")) in legion.legal_actions()


def test_chief_engineer_negates_battlefield_destruction() -> None:
    """Chief Engineer: the owner may sacrifice an Engineering card instead of losing the Battlefield."""
    state = pos(p0={"field": ["Janitor"]}, p1={"bf": ["Economy Crash"], "field": ["Chief Engineer"]})
    act(state, "activate", card(state, 0, "Janitor"), "0")
    assert state.current == 1
    act(state, "choose", card(state, 1, "Chief Engineer"))
    assert [state.name(c) for c in state.zone(1, "bf")] == ["Economy Crash"]


def test_equipment_grants_keywords() -> None:
    """On Equip: the HONK suit gives Taunt to its creature."""
    state = pos(p0={"hand": ["HONK Ltd. Entertainment Voidsuit"], "field": ["Botanist"]}, res0={"plasma": 1})
    bot = card(state, 0, "Botanist", "field")
    act(state, "play", card(state, 0, "HONK Ltd. Entertainment Voidsuit"), bot)
    from tcgkit.games.tgc.verbs import has_kw

    assert has_kw(state, bot, "Taunt")


def test_economy_crash_and_botanist_costs() -> None:
    """Economy Crash: every card costs 1 more; Committed Botanist halves Service and Plant costs."""
    state = pos(p0={"hand": ["Bartender"], "bf": ["Economy Crash"]}, res0={"plasma": 3})
    assert RULES.card_cost(state, 0, card(state, 0, "Bartender")) == 4
    half = pos(p0={"hand": ["Bartender"], "field": ["Committed Botanist"]})
    assert RULES.card_cost(half, 0, card(half, 0, "Bartender")) == 2


def _run_card(key: str) -> None:
    """Play one card (or put it in play) with plenty of plasma and targets, then use every effect it offers,
    answering choices with the first option."""
    d = RULES.pool().get(key)
    board = ["Bartender", "Cyborg", "Clown"]
    p0 = {"hand": [d.name] if d.type != "battlefield" else [], "field": list(board), "discard": ["Bartender"],
          "deck": ["Atmospherics Incident", "Crusader Armour", "Bartender", "Angry Stickman", "Bag of Greed"]}
    if d.type == "battlefield":
        p0["bf"] = [d.name]
    state = pos(p0=p0, p1={"field": ["Botanist", "Legion"], "hand": ["Bartender"], "bf": ["Economy Crash"]},
                res0={"plasma": 30})
    me = card(state, 0, d.name, "bf" if d.type == "battlefield" else "hand")
    plays = [a for a in state.legal_actions() if a.kind == "play" and a.args[0] == me]
    if plays:
        state.apply(plays[0])
    for _ in range(200):
        if state.result is not None:
            break
        legal = state.legal_actions()
        mine = [a for a in legal if a.kind == "activate" and a.args[0] == me]
        if state.pending is not None:
            state.apply(legal[0])
        elif mine and state.vars.get("gs") in ("play", "quick"):
            state.apply(mine[0])
        elif state.vars["gs"] == "quick" or state.vars["gs"] == "play":
            if state.vars["gs"] == "play":
                act(state, "pass_phase")
            act(state, "do_nothing")
        else:
            state.apply(legal[-1])
        if state.turn > 4:
            break


@pytest.mark.parametrize("key", sorted(c.key for c in RULES.pool()))
def test_every_core_set_card_executes(key: str) -> None:
    """Every card of the core set can be played (or is in play) and its effects run without error."""
    _run_card(key)


def test_tapped_helper_is_consistent() -> None:
    """Citrus taps an opposing card until its controller's next turn (it skips the opponent's untap)."""
    state = pos(p0={"field": ["Citrus"]}, p1={"field": ["Bartender"]}, res0={"plasma": 1})
    bart = card(state, 1, "Bartender")
    act(state, "activate", card(state, 0, "Citrus"), "0")
    assert tapped(state, bart)
    while state.active == 0:
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        act(state, "do_nothing")
    assert tapped(state, bart)
