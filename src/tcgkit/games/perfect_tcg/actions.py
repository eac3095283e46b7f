"""Perfect TCG legal actions: what the player deciding may do at each stage (PTCG-TURN-04..07, PTCG-ROLE-*,
PTCG-CARD-07/08, PTCG-WAR-02/03/08, PTCG-TERM-15/20, PTCG-ULT-04/13/14), one family of options at a time, and why
an action is not legal.

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tcgkit.core import effects
from tcgkit.core.actions import Action, ActionTable, extend_row
from tcgkit.core.cards import CardDef
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.effects import Check
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.model import (
    ART,
    BOOST,
    DECK,
    ENERGY,
    HAND,
    HAND_FACTS,
    HISTORY,
    LEADER,
    LOST,
    NONE,
    SL,
    SPELL,
    SR,
    UNIT,
    WL,
    WR,
    HandFacts,
    energy,
    hand_facts,
    in_stasis,
    is_refreshed,
    is_rested,
    leader_level,
    status,
)
from tcgkit.games.perfect_tcg.plays import (
    BEHIND,
    COUNT,
    FIELD,
    NACT,
    SLOTS,
    SUPPORTS,
    UNIT_ZONES,
    USED,
    WINGS,
    ZONE_GROUPS,
    locked,
)

PASS: Final = Action("pass")
END: Final = Action("end")
DONE: Final = Action("done")
DRAW: Final = Action("draw")
IDX: Final[tuple[str, ...]] = tuple(str(i) for i in range(32))


#: the legal actions, each built once (the core's ActionTable): ``RETREAT[card]``, ``PLAY_TO[zone][card]``,
#: ``ATTACK.row(attacker)[target]``, ``ACTIVATE[card, index]``
ATTACK: Final = ActionTable("attack")
RETREAT: Final = ActionTable("retreat")
CAST: Final = ActionTable("cast")
BOOST_A: Final = ActionTable("boost")
LEVEL: Final = ActionTable("level")
DEFEND: Final = ActionTable("defend")
ACTIVATE: Final = ActionTable("activate")
SUPPORT: Final = ActionTable("support")
PLAY_TO: Final = {z: ActionTable("play", (z,)) for z in SLOTS}
#: the zones whose units attack (PTCG-WAR-02/03): the Leader and the Wing zones
FRONT: Final[tuple[str, ...]] = (LEADER, WL, WR)
FIELD_ZONES_ALL: Final = frozenset((DECK, HAND, LEADER, HISTORY, WL, WR, SL, SR, BOOST, ENERGY, LOST, ART))


@mypyc_attr(native_class=False)  # a dict with __missing__ (see tcgkit.core.compiled)
class PlayRows(dict):
    """A unit's play actions into the empty ones of the Wing and Support zones, by card: ``rows[card]`` is the tuple
    ``(PLAY_TO[z][card] for each empty z in SLOTS order)``, built once per card (the actions are the shared ones of
    :data:`PLAY_TO`). One table per set of empty zones: :data:`PLAY_ROWS`, by the mask :func:`empty_mask` gives.

    >>> PLAY_ROWS[0b0101][7] == (PLAY_TO[WL][7], PLAY_TO[SL][7])
    True
    """

    __slots__ = ("zones",)

    def __init__(self, zones: tuple[str, ...]) -> None:
        super().__init__()
        self.zones = zones

    def __missing__(self, card: int) -> tuple[Action, ...]:
        row = self[card] = tuple(PLAY_TO[z][card] for z in self.zones)
        return row


#: the play rows (:class:`PlayRows`) of each set of empty slots: bit i set when ``SLOTS[i]`` is empty
PLAY_ROWS: Final[tuple[PlayRows, ...]] = tuple(
    PlayRows(tuple(z for i, z in enumerate(SLOTS) if mask >> i & 1)) for mask in range(16))

#: a plain-dict mirror of the play rows read while listing actions, filled from them on first use (the same Action
#: objects): a dict subclass's subscript is a Python-level dispatch, a dict's is read in C (attacks: the core's
#: ``extend_row``). ``_PLAY_ROWS[mask][card]`` is ``PLAY_ROWS[mask][card]``.
_PLAY_ROWS: Final[tuple[dict[int, tuple[Action, ...]], ...]] = tuple({} for _ in range(16))


def empty_mask(zones: dict[str, list[int]]) -> int:
    """The empty Wing and Support zones of one player's ``zones`` as a mask: bit i set when ``SLOTS[i]`` is empty.

    >>> empty_mask({WL: [], WR: [3], SL: [], SR: [4]})
    5
    """
    return (not zones[WL]) | (not zones[WR]) << 1 | (not zones[SL]) << 2 | (not zones[SR]) << 3


#: id(condition) -> (the condition, kept so that its id stays its own; its checking function)
_CHECKS: Final[dict[int, tuple[Any, Check]]] = {}


def condition_check(cond: Any) -> Check:
    """A function checking ``cond`` as ``effects.check`` does (the core's
    :func:`~tcgkit.core.effects.compile_check`), with a fast path for ``exists`` in one zone of ``you``/``opponent``
    (an empty zone fails; a plain zone or a name filter is answered at once).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> condition_check({"exists": "you.wing_left"})(state, {"controller": 0})
    False
    """
    return effects.compile_check(cond, _exists_check)


def check_of(cond: Any) -> Check:
    """The checking function of a printed condition (:func:`condition_check`), made once per condition.

    >>> check_of({"exists": "you.hand"}) is check_of({"exists": "you.hand"})
    False
    """
    entry = _CHECKS.get(id(cond))
    if entry is None or entry[0] is not cond:
        entry = _CHECKS[id(cond)] = (cond, condition_check(cond))
    return entry[1]


#: id(condition) -> (the condition; the zones it needs non-empty)
_NEEDS: Final[dict[int, tuple[Any, tuple[tuple[bool, str], ...]]]] = {}


def needed_zones(cond: Any) -> tuple[tuple[bool, str], ...]:
    """Zones a condition cannot hold without, as (of the opponent, zone): each ``exists`` on one ``you.``/``opponent.``
    zone (whatever its filter) needs that zone non-empty, and ``all`` needs what each part needs. A cheap test
    before the check (the King of Gandor's four zones, PTCG-TERM-06), read once per condition.

    >>> needed_zones({"all": [{"exists": "you.wing_left"}, {"exists": {"zone": "opponent.lost", "filter": {}}}]})
    ((False, 'wing_left'), (True, 'lost'))
    """
    entry = _NEEDS.get(id(cond))
    if entry is None or entry[0] is not cond:
        entry = _NEEDS[id(cond)] = (cond, _needs(cond))
    return entry[1]


def zones_hold(state: GameState, p: int, cond: Any) -> bool:
    """Whether every zone ``cond`` needs (:func:`needed_zones`, from ``p``'s side) holds a card: when not, the
    condition cannot hold and need not be checked.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> zones_hold(state, 0, {"exists": "you.wing_left"}), zones_hold(state, 0, {"exists": "you.artefacts"})
    (False, True)
    """
    zones = state.zones
    return all(zones[1 - p if theirs else p][zone] for theirs, zone in needed_zones(cond))

def _needs(cond: Any) -> tuple[tuple[bool, str], ...]:
    if type(cond) is not dict or len(cond) != 1:
        return ()
    (key, arg), = cond.items()
    if key == "all" and type(arg) in (list, tuple):
        return tuple(n for part in arg for n in _needs(part))
    if key != "exists":
        return ()
    where = arg if type(arg) is str else arg.get("zone") if type(arg) is dict else None
    if type(where) is not str:
        return ()
    who, _, zone = where.partition(".")
    if who not in ("you", "opponent") or zone not in FIELD_ZONES_ALL:
        return ()
    return ((who == "opponent", zone),)


def _exists_check(cond: dict) -> Check | None:
    """``{exists: you.<zone>}`` (or ``opponent.``) of a zone or a group of zones (``units``, ``slots``...), plain or
    with a filter of the keys :func:`card_test` reads; None otherwise (``effects.check`` answers it)."""
    spec: Any = cond.get("exists")
    plain = type(spec) is str
    where = spec if plain else spec.get("zone") if type(spec) is dict else None
    if type(where) is not str:
        return None
    who, _, zone = where.partition(".")
    zones = ZONE_GROUPS.get(zone, (zone,))
    if who not in ("you", "opponent") or not all(z in FIELD_ZONES_ALL for z in zones):
        return None
    flip = who != "you"
    test = None
    if not plain:
        if len(spec) != 2 or "filter" not in spec:
            return None
        test = card_test(spec["filter"])
        if test is None:
            return None

    def exists(state: GameState, ctx: dict) -> bool:
        pz = state.zones[1 - ctx["controller"] if flip else ctx["controller"]]
        for z in zones:
            cards = pz[z]
            if cards:
                if test is None:
                    return True
                for c in cards:  # noqa: SIM110 (a loop: no generator on the hot path)
                    if test(state, ctx, c):
                        return True
        return False

    return exists


#: a compiled card filter: (state, ctx, card) -> whether the card passes it
CardTest = Callable[[GameState, dict, int], bool]


def card_test(flt: Any) -> CardTest | None:
    """A function answering as ``effects.matches`` does for a filter of the keys ``type`` (one type), ``name``,
    ``status``, ``not_status``, ``tapped`` and ``other`` (each tested in turn; none has a side effect); None for any
    other filter.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> card_test({"type": "unit", "other": True})(state, {"source": 0}, 0)
    False
    """
    if type(flt) is not dict or not flt:
        return None
    tests: list[CardTest] = []
    for key, want in flt.items():
        if key == "type" and type(want) is str:
            tests.append(_by_type(want))
        elif key == "name":
            tests.append(_by_name(str(want).lower()))
        elif key in ("status", "not_status") and type(want) is str:
            tests.append(_by_status(want, key == "status"))
        elif key == "tapped":
            tests.append(_by_tapped(bool(want)))
        elif key == "other":
            if want:
                tests.append(_not_source)
        else:
            return None
    if len(tests) == 1:
        return tests[0]
    parts = tuple(tests)

    def every(state: GameState, ctx: dict, c: int) -> bool:
        for t in parts:  # noqa: SIM110 (a loop: no generator on the hot path)
            if not t(state, ctx, c):
                return False
        return True
    return every


def main_surely_open(state: GameState, p: int) -> bool:
    """Whether ``p``'s Main stage surely offers more than ``pass``, at a glance: a Support unit not in Stasis may
    Retreat (PTCG-ROLE-11, PTCG-TERM-20), or a Wing or Support zone is empty and the hand holds a unit at or
    below the Leader's level to play there (PTCG-TURN-06, PTCG-ROLE-04). False: no unit can be played and no
    Support unit can Retreat (Spells and activated effects are not looked at: :meth:`StageActions.closed_main_actions`).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> main_surely_open(state, 0)  # no Leader yet: no level to play a unit at
    False
    """
    zones = state.zones[p]
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    levels, _, _, any_levels = hf  # unit levels: NONE for others
    if zones[SL] or zones[SR]:
        cs = state.cs
        for z in SUPPORTS:
            for c in zones[z]:
                if levels[c] != NONE:  # a unit
                    st = cs.get(c)
                    if st is None or st.status.get("stasis", 0) <= 0:  # a Retreat (retreat_options)
                        return True
        if zones[WL] and zones[WR] and zones[SL] and zones[SR]:
            return False  # no zone to play a unit into
    hand = zones[HAND]
    lead = zones[LEADER]
    if not hand or not lead:
        return False
    lvl = any_levels[lead[-1]]  # leader_level
    for c in hand:  # noqa: SIM110 (a loop: no generator on the hot path)
        if levels[c] <= lvl:
            return True
    return False


def sure_attack(state: GameState, p: int) -> bool:
    """Whether ``p`` surely may attack now, at a glance: the opponent has a Leader (always a target,
    PTCG-WAR-02) and ``p``'s Leader is Refreshed and free to attack (PTCG-WAR-03, PTCG-TERM-20; the first of
    :meth:`StageActions.attackers`). False says nothing (a Wing unit may attack).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> sure_attack(state, 0)  # no Leader chosen yet
    False
    """
    lead = state.zones[p][LEADER]
    if not lead or not state.zones[1 - p][LEADER]:
        return False
    st = state.cs.get(lead[-1])
    return st is None or not (st.tapped or st.status.get("stasis") or st.status.get("cannot_attack"))


def _can_pay_fast(state: GameState, c: int, p: int, pays: tuple[tuple, ...], st: Any) -> bool:
    """Whether a cost read by :func:`~tcgkit.games.perfect_tcg.model.cost_checks` can be paid in full now, as
    ``effects.can_pay`` answers (PTCG-CARD-08, PTCG-ENERGY-01); ``st`` is the card's record (or None)."""
    for check in pays:
        kind = check[0]
        if kind == "pay":
            if len(state.zones[p][ENERGY]) < check[1]:
                return False
        elif kind == "rest":
            if st is not None and (st.tapped or st.status.get("stasis")):
                return False
        elif (st.counters.get(check[1], 0) if st is not None else 0) < check[2]:
            return False
    return True


# card_test's parts: each made by a function of its own, so that what it tests is its own (a closure per call)
def _by_type(t: str) -> CardTest:
    def by_type(state: GameState, ctx: dict, c: int) -> bool:
        return state.defs[c].type == t
    return by_type


def _by_name(lowered: str) -> CardTest:
    def by_name(state: GameState, ctx: dict, c: int) -> bool:
        return state.defs[c].name.lower() == lowered
    return by_name


def _by_status(s: str, has: bool) -> CardTest:
    def by_status(state: GameState, ctx: dict, c: int) -> bool:
        st = state.cs.get(c)
        return (st is not None and st.status.get(s, 0) > 0) == has
    return by_status


def _by_tapped(want: bool) -> CardTest:
    def by_tapped(state: GameState, ctx: dict, c: int) -> bool:
        st = state.cs.get(c)
        return bool(st is not None and st.tapped) == want
    return by_tapped


def _not_source(state: GameState, ctx: dict, c: int) -> bool:
    return c != ctx.get("source")


def legal_actions_for(state: GameState) -> list[Action]:
    """The legal actions of the stage (``state.phase``, :data:`STAGE_ACTIONS`), one family of options after
    another; a family with nothing to offer (no Support unit to retreat, no card in play with an activated
    effect) is not called. The stages are tested in the order of how often they come (direct calls: no table)."""
    ph = state.phase
    p = state.active
    if ph == "main":
        return _main_stage(state, p)
    if ph == "war":
        return _war_stage(state, p)
    if ph == "defend":
        return _defend_stage(state, p)
    if ph == "support":
        return _support_stage(state, p)
    if ph == "bonus":
        return _bonus_stage(state, p)
    if ph == "level":
        return _level_stage(state, p)
    if ph == "refresh":
        return _refresh_stage(state, p)
    if ph == "leader":
        return _leader_stage(state, p)
    return []


def _leader_stage(state: GameState, p: int) -> list[Action]:
    return state.rules.leader_options(state, state.current)  # (turns.py: setup only)


def _refresh_stage(state: GameState, p: int) -> list[Action]:
    return [DRAW, *(Action("end_stasis", (u,)) for u in stasis_units(state, p))]


def _bonus_stage(state: GameState, p: int) -> list[Action]:
    acts = boost_options(state, p) if state.res[p].get("boosted") != state.turn else []
    return _then_retreat(state, p, acts, PASS)


def _level_stage(state: GameState, p: int) -> list[Action]:
    return _then_retreat(state, p, level_options(state, p), PASS)


def _main_stage(state: GameState, p: int) -> list[Action]:
    acts = hand_options(state, p)
    if state.vars.get(NACT[p]):
        acts += activation_options(state, p)
    zones = state.zones[p]
    if zones[SL] or zones[SR]:  # _then_retreat, inline
        acts += retreat_options(state, p)
    acts.append(PASS)
    return acts


def closed_main_actions(state: GameState, p: int) -> list[Action]:
    """The Main stage's legal actions where :meth:`main_surely_open` is False, so that no unit can be played and
    no Support unit can Retreat: the Spells (:meth:`spell_options`), the activated effects, then ``pass``, as
    :meth:`_main_stage` lists them there."""
    acts = spell_options(state, p) if state.zones[p][HAND] else []
    if state.vars.get(NACT[p]):
        acts += activation_options(state, p)
    acts.append(PASS)
    return acts


def _war_stage(state: GameState, p: int) -> list[Action]:
    return war_actions(state, p, attackers(state, p))


def _support_stage(state: GameState, p: int) -> list[Action]:
    acts = []
    for s in support_candidates(state):
        acts.append(SUPPORT[s])
    acts.append(DONE)
    return acts


def _defend_stage(state: GameState, p: int) -> list[Action]:
    d = 1 - p
    acts = defend_hand_options(state, d)
    if state.vars.get(NACT[d]):
        acts += activation_options(state, d)
    return _then_retreat(state, d, acts, DONE)


def _then_retreat(state: GameState, p: int, acts: list[Action], last: Action) -> list[Action]:
    """``acts``, then the Retreats (when ``p`` has a card in a Support zone), then ``last`` (pass, end, done)."""
    zones = state.zones[p]
    if zones[SL] or zones[SR]:
        acts += retreat_options(state, p)
    acts.append(last)
    return acts


def war_actions(state: GameState, p: int, attackers: list[int]) -> list[Action]:
    """Each attacker against each target (:meth:`targets`), the activated effects, the Retreats, then ``end``."""
    tgts = targets(state, 1 - p)
    acts: list[Action] = []
    for a in attackers:
        extend_row(acts, ATTACK, a, tgts)
    if state.vars.get(NACT[p]):
        acts += activation_options(state, p)
    zones = state.zones[p]
    if zones[SL] or zones[SR]:  # _then_retreat, inline
        acts += retreat_options(state, p)
    acts.append(END)
    return acts


# ------------------------------------------------------------------ options, one family at a time
def boost_options(state: GameState, p: int) -> list[Action]:
    """Boosts from hand, paying their cost (PTCG-TURN-04, PTCG-WAR-07)."""
    out = []
    en = len(state.zones[p][ENERGY])
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    costs = hf[2]  # Boost costs, NONE for any other card
    for c in state.zones[p][HAND]:
        if costs[c] <= en:
            out.append(BOOST_A[c])
    if out and locked(state, p, "boost"):
        return []
    return out


def spell_options(state: GameState, p: int) -> list[Action]:
    """Spells from hand: cost at or below the Leader's level (PTCG-CARD-07 (a)) and paid in full (PTCG-CARD-08)."""
    zones = state.zones[p]
    lead = zones[LEADER]
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    _, costs, _, any_levels = hf  # costs: NONE for another type
    lvl = any_levels[lead[-1]] if lead else -1  # leader_level
    en = len(zones[ENERGY])
    cap = en if state.options.get("spells_ignore_level") or en <= lvl else lvl  # a Spell's cost at most
    out = []
    for c in zones[HAND]:
        if costs[c] <= cap:
            out.append(CAST[c])
    if out and locked(state, p, "spell"):
        return []
    return out


def level_options(state: GameState, p: int) -> list[Action]:
    """Units one level above the Leader, once per turn (PTCG-TURN-05, PTCG-ROLE-02, PTCG-TERM-04)."""
    if state.res[p].get("levelled") == state.turn:
        return []
    lead = state.zones[p][LEADER]
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    levels, _, _, any_levels = hf  # unit levels: NONE for others
    lvl = any_levels[lead[-1]] if lead else -1  # leader_level
    anyhigher = state.options.get("level_up_any_higher")
    out = []
    up = lvl + 1
    for c in state.zones[p][HAND]:
        cl = levels[c]
        if cl == up or (anyhigher and lvl < cl < NONE):
            out.append(LEVEL[c])
    if out and locked(state, p, "level_up"):
        return []
    return out


def hand_options(state: GameState, p: int) -> list[Action]:
    """The main stage's cards from hand, from one pass over it: units at or below the Leader's level into each
    empty Wing or Support zone (PTCG-TURN-06, PTCG-ROLE-04), then the spells ``spell_options`` offers."""
    zones = state.zones[p]
    mask = (not zones[WL]) | (not zones[WR]) << 1 | (not zones[SL]) << 2 | (not zones[SR]) << 3  # empty_mask
    lead = zones[LEADER]
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    levels, costs, _, any_levels = hf  # NONE: another type
    lvl = any_levels[lead[-1]] if lead else -1  # leader_level
    en = len(zones[ENERGY])
    cap = en if state.options.get("spells_ignore_level") or en <= lvl else lvl  # a Spell's cost at most
    plays: list[Action] = []
    spells: list[Action] = []
    if mask:
        rows = _PLAY_ROWS[mask]  # the play actions of each unit into the empty zones (PLAY_ROWS)
        for c in zones[HAND]:
            if levels[c] <= lvl:
                row = rows.get(c)
                if row is None:
                    row = rows[c] = PLAY_ROWS[mask][c]
                plays += row
            elif costs[c] <= cap:
                spells.append(CAST[c])
    else:
        for c in zones[HAND]:
            if costs[c] <= cap:
                spells.append(CAST[c])
    if spells and not locked(state, p, "spell"):
        plays += spells
    return plays


def retreat_options(state: GameState, p: int) -> list[Action]:
    """Support units may Retreat at any time, unless in Stasis (PTCG-ROLE-11, PTCG-TERM-20)."""
    zones = state.zones[p]
    out = []
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    levels = hf[0]  # unit levels, NONE for any other card
    cs = state.cs
    for z in SUPPORTS:
        for c in zones[z]:
            if levels[c] != NONE:  # a unit
                st = cs.get(c)
                if st is None or st.status.get("stasis", 0) <= 0:  # not in_stasis
                    out.append(RETREAT[c])
    return out


def activation_options(state: GameState, p: int) -> list[Action]:
    """Activated effects the player may use now (PTCG-ENERGY-01, PTCG-ULT-13/14, PTCG-TERM-20/23)."""
    left = state.vars.get(NACT[p])  # the player's cards in play with one: the scan stops after the last
    if not left:
        return []
    zones = state.zones[p]
    out: list[Action] = []
    own = state.active == p
    is_locked = None
    defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
    cs = state.cs
    turn = state.turn  # the "once per turn" cycle of p: turn, or turn - 1 in the opponent's turn (PTCG-ULT-13)
    for z in FIELD:
        for c in zones[z]:
            d = defs[c]
            acts = d.fields["activated_effs"]
            if not acts:
                continue
            left -= 1
            st = cs.get(c)
            # effects_on (PTCG-TERM-23, PTCG-ROLE-08) and not in_stasis (PTCG-TERM-20), from one read
            if st is None or not (st.status.get("mind_wiped") or st.status.get("stasis", 0) > 0 or (
                    (st.tapped or st.status.get("stasis")) and z in SUPPORTS and d.type == UNIT)):
                for i, eff, where, own_turn_only, rest_self, limit, pays in acts:
                    if own_turn_only and not own:
                        continue
                    if where is not None and z not in where:
                        continue
                    if limit is not None and st is not None and USED[i] in st.status:  # limit_ok, inline
                        status = st.status
                        if (not limit[0] or status[USED[i]] == (turn if own else turn - 1)) and status.get(
                                COUNT[i], 0) >= limit[1]:
                            continue
                    if rest_self and st is not None and (st.tapped or st.status.get("stasis")):
                        continue  # not Refreshed
                    ctx = None
                    if pays is None:
                        ctx = {"source": c, "controller": p}
                        if not effects.can_pay(state, ctx, eff.cost):
                            continue
                    elif pays and not _can_pay_fast(state, c, p, pays, st):
                        continue
                    cond = eff.condition
                    if cond is not None and not check_of(cond)(state, ctx or {"source": c, "controller": p}):
                        continue
                    if is_locked is None:
                        is_locked = locked(state, p, "activate")
                    if is_locked:
                        return []
                    out.append(ACTIVATE[c, IDX[i]])
            if not left:
                return out
    return out


def attackers(state: GameState, p: int) -> list[int]:
    """Refreshed Leader and Wing units (Support units only when a card allows it): PTCG-WAR-02/03, PTCG-ROLE-07,
    PTCG-TERM-20, PTCG-ULT-01."""
    zones = state.zones[p]
    out = []
    cs = state.cs
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    levels = hf[0]  # unit levels, NONE for any other card
    for z in FRONT:
        for c in zones[z]:
            st = cs.get(c)
            if st is not None and (st.tapped or st.status.get("stasis") or st.status.get("cannot_attack")):
                continue
            if z == LEADER or levels[c] != NONE:  # the Leader, or a unit
                out.append(c)
    if (zones[SL] or zones[SR]) and state.vars.get("n_allow") and state.rules.static_allows(state, p, "support_attack"):
        for z in SUPPORTS:
            for c in zones[z]:
                if state.defs[c].type == UNIT and is_refreshed(state, c) and not status(state, c, "cannot_attack"):
                    out.append(c)
    return out


def targets(state: GameState, p: int) -> list[int]:
    """The opponent's Leader and Wing units (PTCG-WAR-02)."""
    zones = state.zones[p]
    out = list(zones[LEADER])
    if zones[WL] or zones[WR]:
        defs = state.defs
        hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
        levels = hf[0]  # unit levels, NONE for any other card
        for z in WINGS:
            for c in zones[z]:
                if levels[c] != NONE:  # a unit
                    out.append(c)
    return out


def support_candidates(state: GameState) -> list[int]:
    """Support units that may add their power to the attack now (PTCG-ROLE-09/10)."""
    att = state.vars.get("b_att", -1)
    if att < 0:
        return []
    p, z = state.loc[att]
    chosen = state.vars.get("b_sup", ())
    zones = state.zones[p]
    if z == LEADER:
        if chosen and state.options.get("leader_one_support"):
            return []
        spots: tuple[str, ...] = SUPPORTS
    elif z in BEHIND:
        if chosen:
            return []
        spots = (BEHIND[z],)
    else:
        return []
    # option stasis_may_support (PTCG-TERM-20/ROLE-10): a Stasis unit is turned, not rested, so it may support a
    # Leader's attack, which needs no resting
    stasis_ok = z == LEADER and state.options.get("stasis_may_support")
    out = []
    cs = state.cs
    defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
    for s in spots:
        for c in zones[s]:
            if c not in chosen and defs[c].type == UNIT:
                st = cs.get(c)
                # is_refreshed, inline (model.py is plain Python)
                if st is None or (not st.tapped and not st.status.get("stasis")) or (stasis_ok and not st.tapped):
                    out.append(c)
    return out


def defend_hand_options(state: GameState, d: int) -> list[Action]:
    """The defending player's options from hand and Wing zones, from one pass over the hand: while no defender is
    chosen, units from hand below the Leader's level (PTCG-WAR-08) and Guardians (:meth:`guardian_options`); then
    Boosts and Spells as :meth:`boost_options` and :meth:`spell_options` offer them."""
    zones = state.zones[d]
    defs = state.defs
    opts = state.options
    lead = zones[LEADER]
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    levels, spell_costs, boost_costs, any_levels = hf  # NONE: another
    lvl = any_levels[lead[-1]] if lead else -1  # leader_level
    limit = lvl if opts.get("defend_at_or_below") else lvl - 1
    en = len(zones[ENERGY])
    cap = en if opts.get("spells_ignore_level") or en <= lvl else lvl  # a Spell's cost at most
    defending = state.vars.get("b_def", -1) < 0
    below = limit if defending else -1  # a unit's level at most (none once a defender is chosen)
    out: list[Action] = []
    boosts: list[Action] = []
    spells: list[Action] = []
    for c in zones[HAND]:
        if levels[c] <= below:
            out.append(DEFEND[c])
        elif boost_costs[c] <= en:
            boosts.append(BOOST_A[c])
        elif spell_costs[c] <= cap:
            spells.append(CAST[c])
    if defending:
        out += guardian_options(state, d, limit)
    if boosts and not locked(state, d, "boost"):
        out += boosts
    if spells and not locked(state, d, "spell"):
        out += spells
    return out


def guardian_options(state: GameState, d: int, limit: int) -> list[Action]:
    """Guardian units in the Wing zones, other than the one attacked, at or below ``limit`` (PTCG-TERM-15)."""
    out = []
    tgt = state.vars.get("b_tgt", -1)
    glimit = 1 << 30 if state.options.get("guardian_ignores_level") else limit
    for z in WINGS:
        for c in state.zones[d][z]:
            dd = state.defs[c]
            if (c != tgt and dd.fields["guardian"] and dd.stats["level"] <= glimit and not in_stasis(state, c)
                    and not status(state, c, "mind_wiped")):
                out.append(DEFEND[c])
    return out


def stasis_units(state: GameState, p: int) -> list[int]:
    zones = state.zones[p]
    out = []
    cs = state.cs
    for z in UNIT_ZONES:
        for c in zones[z]:
            st = cs.get(c)
            if st is not None and st.status.get("stasis", 0) > 0:  # in_stasis
                out.append(c)
    return out


#: stage (``state.phase``) -> its legal actions, as a function of (state, the turn player) (what
#: :func:`legal_actions_for` calls, directly)
STAGE_ACTIONS: Final[dict[str, Callable[[GameState, int], list[Action]]]] = {
    "leader": _leader_stage, "refresh": _refresh_stage, "bonus": _bonus_stage, "level": _level_stage,
    "main": _main_stage, "war": _war_stage, "support": _support_stage, "defend": _defend_stage}


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class StageActions:
    """The legal actions of each stage, and the refusals: each method calls its module function (compiled code calls
    those directly); the hooks only the core calls (``legal_actions``, ``surely_has_choice``) do their work here."""

    # ================================================================== legal actions
    def legal_actions(self, state: GameState) -> list[Action]:
        """The legal actions now (:func:`legal_actions_for`; the core calls this hook)."""
        return legal_actions_for(state)

    def surely_has_choice(self, state: GameState) -> bool:
        """The bots' quick look (:meth:`~tcgkit.core.ruleset.Ruleset.surely_has_choice`), told without listing the
        legal actions: True in the Main stage when :func:`main_surely_open` (a Retreat or a unit to play, besides
        ``pass``: PTCG-TURN-06) and in the War stage when :func:`sure_attack` (the Leader's attack on the opponent's
        Leader, besides ``end``: PTCG-WAR-02/03, PTCG-TURN-07); False elsewhere (the legal
        actions tell). ``TurnFlow._advance`` leaves such a decision's actions to be listed when asked.

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("perfect-tcg")
        >>> state = rules.new_game(["Gandor", "Alchemy"], seed=4)
        >>> rules.surely_has_choice(state), state.phase  # choosing a Leader: the legal actions tell
        (False, 'leader')
        """
        if state.pending is not None or state.current != state.active:
            return False
        ph = state.phase
        p = state.active
        if ph == "main":
            return main_surely_open(state, p)
        return ph == "war" and sure_attack(state, p)

    @staticmethod
    def main_surely_open(state: GameState, p: int) -> bool:
        """:func:`main_surely_open` (``TurnFlow._advance`` calls it directly)."""
        return main_surely_open(state, p)

    @staticmethod
    def sure_attack(state: GameState, p: int) -> bool:
        """:func:`sure_attack` (``TurnFlow._advance`` calls it directly)."""
        return sure_attack(state, p)

    def legal_actions_for(self, state: GameState) -> list[Action]:
        """:func:`legal_actions_for`"""
        return legal_actions_for(state)

    def _leader_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_leader_stage`"""
        return _leader_stage(state, p)

    def _refresh_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_refresh_stage`"""
        return _refresh_stage(state, p)

    def _bonus_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_bonus_stage`"""
        return _bonus_stage(state, p)

    def _level_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_level_stage`"""
        return _level_stage(state, p)

    def _main_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_main_stage`"""
        return _main_stage(state, p)

    def closed_main_actions(self, state: GameState, p: int) -> list[Action]:
        """:func:`closed_main_actions`"""
        return closed_main_actions(state, p)

    def _war_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_war_stage`"""
        return _war_stage(state, p)

    def _support_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_support_stage`"""
        return _support_stage(state, p)

    def _defend_stage(self, state: GameState, p: int) -> list[Action]:
        """:func:`_defend_stage`"""
        return _defend_stage(state, p)

    def _then_retreat(self, state: GameState, p: int, acts: list[Action], last: Action) -> list[Action]:
        """:func:`_then_retreat`"""
        return _then_retreat(state, p, acts, last)

    def war_actions(self, state: GameState, p: int, attackers: list[int]) -> list[Action]:
        """:func:`war_actions`"""
        return war_actions(state, p, attackers)

    def locked(self, state: GameState, p: int, what: str) -> bool:
        """:func:`~tcgkit.games.perfect_tcg.plays.locked`"""
        return locked(state, p, what)

    def boost_options(self, state: GameState, p: int) -> list[Action]:
        """:func:`boost_options`"""
        return boost_options(state, p)

    def spell_options(self, state: GameState, p: int) -> list[Action]:
        """:func:`spell_options`"""
        return spell_options(state, p)

    def level_options(self, state: GameState, p: int) -> list[Action]:
        """:func:`level_options`"""
        return level_options(state, p)

    def hand_options(self, state: GameState, p: int) -> list[Action]:
        """:func:`hand_options`"""
        return hand_options(state, p)

    def retreat_options(self, state: GameState, p: int) -> list[Action]:
        """:func:`retreat_options`"""
        return retreat_options(state, p)

    def activation_options(self, state: GameState, p: int) -> list[Action]:
        """:func:`activation_options`"""
        return activation_options(state, p)

    @classmethod
    def holds(cls, state: GameState, ctx: dict, cond: Any) -> bool:
        """``effects.check``, with fast paths for the commonest conditions: ``{exists: "you.zone"}``, an ``exists``
        on an empty zone (whatever its filter), and ``{all: [...]}`` of such parts, checked in order (so the King of
        Gandor's four-part condition fails at its first empty zone without running a selector). Each condition is
        read once into a checking function (:func:`check_of`)."""
        return check_of(cond)(state, ctx)

    def attackers(self, state: GameState, p: int) -> list[int]:
        """:func:`attackers`"""
        return attackers(state, p)

    def targets(self, state: GameState, p: int) -> list[int]:
        """:func:`targets`"""
        return targets(state, p)

    def support_candidates(self, state: GameState) -> list[int]:
        """:func:`support_candidates`"""
        return support_candidates(state)

    def defend_hand_options(self, state: GameState, d: int) -> list[Action]:
        """:func:`defend_hand_options`"""
        return defend_hand_options(state, d)

    def guardian_options(self, state: GameState, d: int, limit: int) -> list[Action]:
        """:func:`guardian_options`"""
        return guardian_options(state, d, limit)

    def stasis_units(self, state: GameState, p: int) -> list[int]:
        """:func:`stasis_units`"""
        return stasis_units(state, p)

    def explain_illegal(self, state: GameState, action: Action) -> str:
        """Why an action is not legal now, citing the clause where one applies."""
        why = self._explain(state, action)
        return why or super().explain_illegal(state, action)  # type: ignore[misc]  # (the Ruleset's, in the game)

    def _explain(self, state: GameState, a: Action) -> str | None:
        k, args = a.kind, a.args
        if not args or type(args[0]) is not int or not all(0 <= x < len(state.defs) for x in args if type(x) is int):
            return None
        p = state.current
        card = args[0]
        if not state.visible(card, p):
            return "no such card where you can see it"  # never name a hidden card
        d = state.defs[card]
        if state.owner[card] != p and k in ("play", "cast", "boost", "level", "retreat", "activate", "defend"):
            return "that card is not yours"
        if k == "play":
            if state.phase != "main":
                return "units are played in your Main stage (PTCG-TURN-06)"
            if d.type == UNIT and d.stats["level"] > leader_level(state, p):
                return (f"{d.name} is level {d.stats['level']}, above your Leader's level {leader_level(state, p)} "
                        "(PTCG-CARD-03, PTCG-ROLE-04)")
            if len(args) > 1 and args[1] in SLOTS and state.zones[p][args[1]]:
                return f"{args[1]} is not empty; each Wing and Support zone holds one unit (PTCG-ROLE-03)"
        if k == "level":
            if state.res[p].get("levelled") == state.turn:
                return "the Leader can level up only once each turn (PTCG-ROLE-02)"
            return "a level-up needs a unit exactly one level above the Leader, in the Level stage (PTCG-TURN-05)"
        if k == "cast":
            if d.type == SPELL and d.stats["cost"] > energy(state, p):
                return f"{d.name} costs {d.stats['cost']} Energy and you have {energy(state, p)} (PTCG-CARD-08)"
            if d.type == SPELL and d.stats["cost"] > leader_level(state, p):
                return "a Spell's cost must be at or below your Leader's level (PTCG-CARD-07, PTCG-TURN-06)"
            if locked(state, p, "spell"):
                return "you are locked out of playing Spells (PTCG-ULT-04)"
        if k == "attack":
            z = state.loc[card][1]
            if z in SUPPORTS:
                return "a Support unit cannot attack (PTCG-ROLE-07)"
            if in_stasis(state, card):
                return "a unit in Stasis cannot attack (PTCG-TERM-20)"
            if is_rested(state, card):
                return "a rested unit cannot attack; each unit attacks once per turn (PTCG-WAR-03)"
            if len(args) > 1 and type(args[1]) is int and state.loc[args[1]][1] in SUPPORTS:
                return "only the opposing Leader and Wing units can be attacked (PTCG-WAR-02)"
        if k == "retreat":
            if state.loc[card][1] in WINGS:
                return "a Wing unit cannot be removed once placed (PTCG-ZONE-05)"
            if in_stasis(state, card):
                return "a unit in Stasis cannot retreat (PTCG-TERM-20)"
        if k == "defend":
            return "a defender from hand must be below your Leader's level (PTCG-WAR-08); from the Wing zone only a " \
                   "Guardian (PTCG-TERM-15); one defender per attack"
        if k == "activate":
            if in_stasis(state, card):
                return "a unit in Stasis cannot activate effects (PTCG-TERM-20)"
            return ("the effect cannot be used now: once per turn (PTCG-ULT-13), your turn only (PTCG-ULT-14), or its "
                    "cost cannot be paid in full (PTCG-ENERGY-01)")
        return None
