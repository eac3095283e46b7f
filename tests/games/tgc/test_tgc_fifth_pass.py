"""The fifth speed pass's shortcuts (issue 19) answer as the rules worked out the long way do, checked at every
decision of seeded random-bot games (clones included): the card sets built in one pass from facts of each card, the
mulligan's swap count (TGC-1.5.1-2), the end of turn's check for creatures left with no resolve (TGC-4.3.2) and the
attacks of creatures with none of the keywords an attack tests (TGC-3.5, TGC-4.1.2.1)."""

from __future__ import annotations

from tgc_helpers import RULES, decision_points

from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, CardList
from tcgkit.core.state import GameState
from tcgkit.games.tgc import rules as tgc_rules
from tcgkit.games.tgc.model import CREATURE, EQUIPMENT, HEX, INSTANT


def _sets_the_long_way(defs: CardList) -> dict:
    """:func:`card_sets` as the third pass built it: one scan of the list per set."""
    out = {"instant": frozenset(i for i, d in enumerate(defs) if d.type == INSTANT)}
    for key in ("acts", "qacts", "at"):
        out[key] = frozenset(i for i, d in enumerate(defs) if d.fields[key])
    out["botanist"] = frozenset(i for i, d in enumerate(defs) if d.key == "botanist_plant")
    out["plain_cost"] = {i: d.fields["base_cost"] for i, d in enumerate(defs) if d.type not in (EQUIPMENT, HEX)
                         and not (d.type == CREATURE and d.fields["tribute"]) and not d.fields["play_checks"]}
    return out


def test_card_sets_in_one_pass_equal_the_long_way() -> None:
    """The sets built from each card's ``in_sets`` and ``plain_cost`` are those scanned set by set, for the whole
    pool (every card once) and for a game's list."""
    pool = CardList(RULES.pool())
    state = next(decision_points(1))
    for defs in (pool, state.defs):
        sets = tgc_rules._card_sets(defs)
        for key, value in _sets_the_long_way(defs).items():
            assert sets[key] == value, key
    assert any(tgc_rules._card_sets(pool)[key] for key in ("instant", "acts", "qacts", "at", "botanist"))


def test_card_sets_of_a_card_not_made_by_the_ruleset() -> None:
    """A definition made by hand (no ``in_sets``) is looked at when the sets are built: an Instant with no play
    condition is an Instant of plain cost."""
    fields = {"acts": (), "qacts": (), "at": (), "base_cost": 2, "tribute": False, "play_checks": ()}
    defs = CardList([CardDef("zap", "Zap", INSTANT, fields=fields)])
    sets = tgc_rules._card_sets(defs)
    assert sets["instant"] == {0} and sets["plain_cost"] == {0: 2} and not sets["acts"]


def test_swaps_made_from_the_records_equal_the_deck_scan_tgc_1_5() -> None:
    """TGC-1.5.1-2: the swap count read from the few card records is the count of face-down cards in the deck."""
    seen = 0
    for state in decision_points(12, clone_every=3):
        if state.phase != "mulligan":
            continue
        for p in (0, 1):
            scan = sum(1 for c in state.zones[p]["deck"] if c in state.cs and state.cs[c].face_down)
            assert RULES.swaps_made(state, p) == scan
            seen += scan
    assert seen > 5


def test_no_resolve_read_directly_equals_the_stat_tgc_4_3_2() -> None:
    """TGC-4.3.2: the end of turn's test of a creature's resolve, read from its printed resolve and damage when
    nothing else changes it, is ``stat(resolve) <= 0`` at every decision, damaged creatures included."""
    damaged = 0
    for state in decision_points(8, clone_every=15):
        for p in (0, 1):
            for c in state.zones[p]["field"]:
                assert RULES._out_of_resolve(state, c) == (RULES.stat(state, c, "resolve") <= 0), c
                st = state.cs.get(c)
                damaged += st is not None and bool(st.counters.get("damage"))
        for c, st in list(state.cs.items())[:3]:  # a record made to run out of resolve
            if state.loc[c][1] == "field" and not st.mods:
                twin = state.clone()
                twin.card_state(c).counters["damage"] = twin.defs[c].stats.get("resolve", 0)
                assert RULES._out_of_resolve(twin, c) == (RULES.stat(twin, c, "resolve") <= 0)
    assert damaged > 20


def _attacks_the_long_way(state: GameState, p: int) -> list[Action]:
    """Each creature able to attack (:meth:`can_attack`), its attacks as :meth:`_attacks_of` lists them."""
    acts: list[Action] = []
    for a in state.zones[p]["field"]:
        if RULES.can_attack(state, a):
            RULES._attacks_of(state, a, acts)
    return acts


def test_attacks_of_plain_attackers_equal_the_long_way_tgc_3_5() -> None:
    """TGC-3.5, TGC-4.1.2.1 (Taunt), Deadeye, Asimov: the attacks listed in Open Battle, plain attackers read from a
    fact of their card, are those each creature's own listing gives, in the same order."""
    listed = 0
    for state in decision_points(12, clone_every=15):
        if state.vars.get("gs") != "battle" or state.pending is not None:
            continue
        acts: list[Action] = []
        RULES._attacks(state, state.current, acts)
        assert acts == _attacks_the_long_way(state, state.current)
        listed += len(acts)
    assert listed > 100


def test_a_sure_choice_is_a_pass_and_more_tgc_1_5_3_6_2_0_2() -> None:
    """The bots' quick look (``surely_has_choice``) claims a free choice only where a pass (Keep, TGC-1.5; Pass
    Phase, TGC-3.6.2; no Fury creature to refuse it, TGC-0.2) and something else are legal, and it tells one at a
    glance in the mulligan, in Open Play and in Open Battle (clones included)."""
    told: dict[str, int] = {}
    for state in decision_points(12, clone_every=15):
        if state.pending is not None:
            continue
        fresh = state.clone()
        fresh._legal = None
        if RULES.surely_has_choice(fresh):
            legal = state.legal_actions()
            assert len(legal) >= 2 and any(RULES.is_pass(a) for a in legal), legal
            key = "mulligan" if state.phase == "mulligan" else state.vars["gs"]
            told[key] = told.get(key, 0) + 1
    assert set(told) == {"mulligan", "play", "battle"} and min(told.values()) > 10, told
