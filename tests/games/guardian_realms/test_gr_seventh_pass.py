"""The seventh speed pass's kept facts equal what they replace: the card index gathered from per-card facts worked
out once per printed card (``cardindex._PER_CARD``) equals the index worked out card by card, in random-bot games
with tokens (copies with other stats, clones) and their clones; a definition of the same key that is another object
gets its own facts; the quick look ``surely_has_choice`` sees infusions and the attacks of Guardians with a status or
an action this turn."""

from __future__ import annotations

import dataclasses

from gr_helpers import RULES, position, seeded_states

from tcgkit.games.guardian_realms import cardindex
from tcgkit.games.guardian_realms.actions import surely_has_choice


def _from_scratch(defs: list) -> cardindex.CardIndex:
    """The card index of ``defs`` worked out card by card from their printed fields (no kept fact)."""
    listeners: dict = {}
    for i, d in enumerate(defs):
        for kind, listening in d.triggers.items():
            if listening:
                listeners.setdefault(kind, []).append(i)
    printed = tuple((d.stats.get("hp", 0), d.stats.get("atk", 0)) for d in defs)
    return cardindex.CardIndex(
        tuple(i for i, d in enumerate(defs) if d.fields.get("defeat_if")),
        {k: tuple(v) for k, v in listeners.items()},
        tuple(cardindex._hand_facts(d) for d in defs), tuple(cardindex._fielded_facts(d) for d in defs),
        printed, tuple(hp / 60.0 + atk / 30.0 for hp, atk in printed),
        tuple(((i,), (i,) if "tank" in d.tags else ()) for i, d in enumerate(defs)))


def test_the_index_from_kept_card_facts_equals_the_one_worked_out_card_by_card_gr_def_03_gr_card_05() -> None:
    """GR-DEF-03, GR-SP-03, GR-CARD-05, GR-COPY-01: at every decision of seeded random-bot games (tokens made as
    they come) the index of the state's card list, and of a clone's after a token of its own, equals the index
    worked out card by card from the list's definitions."""
    lists = tokens = 0
    last = None
    for n, state in enumerate(seeded_states(40, seed=23)):
        if state.defs is not last:  # a new game's list, or a token's
            last = state.defs
            lists += 1
            tokens += len(state.defs) > 50
            assert cardindex.state_index(state) == _from_scratch(state.defs)
        if n % 25 == 0:
            twin = state.clone()
            d = twin.defs[twin.zones[0]["deck"][0]] if twin.zones[0]["deck"] else twin.defs[0]
            stronger = dataclasses.replace(d, stats={**d.stats, "hp": d.stats.get("hp", 0) + 7},
                                           tags=d.tags | {"token", "tank"})
            twin.add_instance(stronger, 0)
            assert cardindex.state_index(twin) == _from_scratch(twin.defs)
            assert cardindex.state_index(state) == _from_scratch(state.defs)  # the original's is its own
    assert lists > 40 and tokens  # games of their own lists, and tokens made in some


def test_a_definition_of_the_same_key_that_is_another_object_gets_its_own_facts() -> None:
    """A token's or a designer's definition sharing a printed card's key is worked out from its own fields, and
    the printed card's kept facts stay its own."""
    state = RULES.new_game(list(RULES.decks())[:2], seed=5)
    g = next(c for c in range(len(state.defs)) if state.defs[c].type == "Guardian")
    d = state.defs[g]
    kept = cardindex._card_facts(d)
    other = dataclasses.replace(d, stats={**d.stats, "hp": d.stats["hp"] + 10, "sp_cost": 0})
    facts = cardindex._card_facts(other)
    assert facts[3] == (d.stats["hp"] + 10, d.stats["atk"]) and facts[1][1] == 0
    assert cardindex._card_facts(d) is kept and kept[3] == (d.stats["hp"], d.stats["atk"])


def _kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def test_the_quick_look_sees_infusions_and_attacks_of_guardians_with_a_status_or_an_action_gr_sac_03() -> None:
    """GR-SAC-03 (an infusion: no cost, whether the infusing Guardian is Exhausted or not), GR-FURY-01 (a Fury
    Guardian's second attack of the turn), GR-SHLD-01 (a Shielded Guardian attacks as any other): each alone is a
    sure second action, told by the quick look, and listed."""
    husks = position({"lane1": ["Smoldering Husk"], "lane2": ["Moss Whelp"]}, {}, res0={"dz": 0},
                     cards0=[{"name": n, "zone": z, "status": {"exhausted": 1}}
                             for n, z in (("Smoldering Husk", "lane1"), ("Moss Whelp", "lane2"))])
    fury = position({"lane2": ["Berserker of the Pyre"]}, {"lane2": ["Moss Whelp"]}, res0={"dz": 1},
                    cards0=[{"name": "Berserker of the Pyre", "zone": "lane2", "status": {"fury": 1},
                             "counters": {"at": 3, "af": 1}}])
    shield = position({"lane1": ["Moss Whelp"]}, {"lane2": ["Moss Whelp"]}, res0={"dz": 1},
                      cards0=[{"name": "Moss Whelp", "zone": "lane1", "status": {"shield": 1}}])
    for s, kind in ((husks, "infuse"), (fury, "attack"), (shield, "attack")):
        assert surely_has_choice(s), kind
        assert _kinds(s) == {"end", kind}


def test_no_sure_attack_once_a_guardian_without_fury_has_attacked_gr_combat_03() -> None:
    """GR-COMBAT-03: a Guardian with no Fury that attacked this turn attacks no more, so with nothing else to do the
    quick look claims no choice and the end alone is legal; with Fury (GR-FURY-01) it may, once more."""
    done = position({"lane2": ["Moss Whelp"]}, {"lane2": ["Moss Whelp"]}, res0={"dz": 3},
                    cards0=[{"name": "Moss Whelp", "zone": "lane2", "counters": {"at": 3, "af": 1}}])
    assert not surely_has_choice(done) and _kinds(done) == {"end"}
    twice = position({"lane2": ["Moss Whelp"]}, {"lane2": ["Moss Whelp"]}, res0={"dz": 3},
                     cards0=[{"name": "Moss Whelp", "zone": "lane2", "status": {"fury": 1},
                              "counters": {"at": 3, "af": 3}}])
    assert not surely_has_choice(twice) and _kinds(twice) == {"end"}
