"""The sixth speed pass's shortcuts (issue 19) answer as the rules worked out the long way do, checked at decision
points of seeded random-bot games (clones included): the subtype test with its printed facts read inline
(Changeling, TGC-1.2.4.1-2), a summoned creature's printed resolve (TGC-4.3.2) and the end of a turn reading each
record once (TGC-2.5.4.d, TGC-4.3.2)."""

from __future__ import annotations

import json

from tgc_helpers import RULES, decision_points

from tcgkit.core import durations, effects
from tcgkit.core.state import GameState
from tcgkit.games.tgc import rules as tgc_rules
from tcgkit.games.tgc import verbs
from tcgkit.games.tgc.model import CREATURE


def _has_subtype_the_long_way(state: GameState, card: int, subtype: str) -> bool:
    """:func:`verbs.has_subtype` as the fifth pass wrote it: Changeling always asked of :func:`verbs.has_kw`."""
    d = state.defs[card]
    if subtype in d.fields["subtypes"] or (subtype.endswith("s") and subtype[:-1] in d.fields["subtypes"]):
        return True
    if d.type == "creature" and verbs.has_kw(state, card, "Changeling"):
        return True
    return state.loc[card][1] == "field" and any(
        s.get("subtype") == subtype and verbs._static_on(state, card, s) for s in d.fields.get("statics", ()))


def test_has_subtype_equals_the_long_way_tgc_1_2_4_1() -> None:
    """TGC-1.2.4.1-2 (Changeling has every creature subtype; a static may add one): the subtype test answers as the
    long way at every decision for every card on the board and in hand, granted Changeling included."""
    tested = granted = 0
    for state in decision_points(8, clone_every=15):
        if state.decisions % 4:
            continue
        for p in (0, 1):
            for zone in ("field", "hand", "equip"):
                for c in state.zones[p][zone]:
                    for sub in ("Human", "Plant", "Silicon", "Demons"):
                        assert verbs.has_subtype(state, c, sub) == _has_subtype_the_long_way(state, c, sub)
                        tested += 1
        field = state.zones[0]["field"]
        if field and state.defs[field[0]].type == CREATURE:  # a creature given Changeling by a status
            twin = state.clone()
            twin.card_state(field[0]).status["Changeling"] = 1
            for sub in ("Human", "Plant", "Silicon"):
                assert verbs.has_subtype(twin, field[0], sub) == _has_subtype_the_long_way(twin, field[0], sub)
                granted += verbs.has_subtype(twin, field[0], sub)
    assert tested > 1000 and granted > 10


def test_printed_resolve_of_a_summoned_creature_equals_the_stat_tgc_4_3_2() -> None:
    """TGC-4.3.2: a creature just summoned, with no modifier and no static of its own, has its printed resolve as
    :meth:`stat` works it out (the summon's test reads it directly)."""
    seen = 0
    for state in decision_points(4, clone_every=20):
        for p in (0, 1):
            for c in state.zones[p]["hand"]:
                d = state.defs[c]
                if d.type != CREATURE or d.fields["statics"] or state.decisions % 10:
                    continue
                twin = state.clone()
                twin.move(c, p, "field")
                twin.card_state(c)
                assert RULES.stat(twin, c, "resolve") == d.stats.get("resolve", 0)
                seen += 1
    assert seen > 50


def _end_turn_the_long_way(rules: tgc_rules.TgcRules, state: GameState) -> None:
    """:meth:`TgcRules.end_turn` as the fifth pass wrote it: every record's expiry worked out, then the resolve of
    each creature on the field through ``_out_of_resolve``."""
    p = state.active
    for r in state.res:
        r["temp"] = 0
    loc = state.loc
    for card, st in list(state.cs.items()):
        mods = durations.after_turn(st.mods) if st.mods else None
        status = st.status
        expired = [k for k, val in status.items() if val == -1] if status and -1 in status.values() else ()
        if (mods is not None and mods != st.mods) or expired:
            st = state.card_state(card) if state.cs.get(card) is st else st.copy()
            if mods is not None:
                st.mods = mods
            for k in expired:
                del st.status[k]
        if loc[card][1] != "field":
            continue
        if st.status and st.status.get("doomed"):
            rules.destroy(state, card, {"controller": state.owner[card]})
        if loc[card][1] == "field" and rules._out_of_resolve(state, card):
            rules.destroy(state, card, {"controller": -1})
    state.vars["cost_cut"] = ()
    state.emit("end_turn", p)
    if state.result is not None:
        return
    if effects.run(state):
        rules.start_turn(state)
    else:
        state.vars["then"] = "start_turn"


def _same(a: GameState, b: GameState) -> None:
    assert json.dumps(a.to_json(), sort_keys=True, default=repr) == json.dumps(b.to_json(), sort_keys=True,
                                                                               default=repr)
    assert a.log == b.log


def test_end_of_turn_equals_the_long_way_tgc_2_5_4_d() -> None:
    """TGC-2.5.4.d (this-turn modifiers and statuses expire), TGC-4.3.2 (a creature left with no resolve is
    destroyed): the end of a turn ends alike from positions of random games, and from the same positions with a
    this-turn modifier, a this-turn status and damage equal to its printed resolve given to creatures on the field."""
    destroyed = 0
    for state in decision_points(6, clone_every=15):
        if state.decisions % 7 or state.pending is not None or state.phase == "mulligan":
            continue
        fast, slow = state.clone(), state.clone()
        RULES.end_turn(fast)
        _end_turn_the_long_way(RULES, slow)
        _same(fast, slow)
        for p in (0, 1):
            field = state.zones[p]["field"]
            if len(field) < 2:
                continue
            fast, slow = state.clone(), state.clone()
            for twin in (fast, slow):
                twin.card_state(field[0]).mods.append(("resolve", -50, "turn"))  # survives: it expires first
                twin.card_state(field[0]).status["Taunt"] = -1
                twin.card_state(field[1]).counters["damage"] = twin.defs[field[1]].stats.get("resolve", 0)
            RULES.end_turn(fast)
            _end_turn_the_long_way(RULES, slow)
            _same(fast, slow)
            destroyed += fast.loc[field[1]][1] == "discard"
    assert destroyed > 20
