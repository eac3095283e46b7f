"""Guardian Realms board queries: a Guardian's turn flags, lane, HP (its HP Link's pool), which enemies it may
target (GR-COMBAT-*, GR-BASE-04, GR-CLASS-03, GR-STLH-*, GR-IMM-*) and whether it may attack, use an ability or
swap now (GR-EXH-01, GR-PARA-04, GR-CONF-04, GR-FURY-*, GR-SWAP-*).

Per-Guardian turn flags live in ``counters``: ``at`` (the turn they belong to) and ``af`` (bits: ATK1, ATK2, ABIL,
SWAP, FORFEIT).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tcgkit.core import effects
from tcgkit.games.guardian_realms.cardindex import KEY, CardIndex, state_index
from tcgkit.games.guardian_realms.model import BASE_KEY, EFFECT_LANE, EQUIP, LANE_OF, LANE_WORD, NEAR

if TYPE_CHECKING:
    from tcgkit.core.state import CardState, GameState


#: a Guardian's turn flags (bits of ``af``); Final, as every constant the hot path reads: the compiled build then
#: reads a constant, not a module's name
ATK1: Final = 1
ATK2: Final = 2
ABIL: Final = 4
SWAP: Final = 8
FORFEIT: Final = 16


ACTED: Final = ATK1 | ATK2 | ABIL | SWAP


#: At most this many data tuples are kept per first value (the values are small numbers and names: a game's few
#: lanes, amounts, statuses and cards; the cap only bounds an unusual run).
_DATA_CAP: Final = 4096
_DATA1: Final[dict[int | str, tuple]] = {}
_DATA2: Final[dict[int | str, dict[int, tuple]]] = {}
_DATA3: Final[dict[int | str, dict[int, dict[int, tuple]]]] = {}


def data1(a: int | str) -> tuple:
    """The event data ``(a,)``, built once and then shared by every event that logs it (a tuple never changes).

    A game's log holds thousands of events; a data tuple shared is one object fewer per event for Python's
    collector to walk (its passes, late in each game, were what made late decisions slower than early ones).
    Only for numbers and names (never a bool: ``True == 1`` would find ``(1,)``).

    >>> data1(2) is data1(2), data1("base1")
    (True, ('base1',))
    """
    t = _DATA1.get(a)
    if t is None:
        if len(_DATA1) >= _DATA_CAP:
            return (a,)
        t = _DATA1.setdefault(a, (a,))  # the very object kept (a tuple built here would be boxed again when kept)
    return t


def data2(a: int | str, b: int) -> tuple:
    """The event data ``(a, b)``, shared as :func:`data1` shares it.

    >>> data2("dz", 3) is data2("dz", 3), data2(5, 0)
    (True, (5, 0))
    """
    row = _DATA2.get(a)
    if row is None:
        row = _DATA2[a] = {}
    t = row.get(b)
    if t is None:
        if len(row) >= _DATA_CAP:
            return (a, b)
        t = row.setdefault(b, (a, b))
    return t


def data3(a: int | str, b: int, c: int) -> tuple:
    """The event data ``(a, b, c)``, shared as :func:`data1` shares it.

    >>> data3("sp", 2, 1) is data3("sp", 2, 1), data3(1, 5, 45)
    (True, (1, 5, 45))
    """
    row = _DATA3.get(a)
    if row is None:
        row = _DATA3[a] = {}
    col = row.get(b)
    if col is None:
        col = row[b] = {}
    t = col.get(c)
    if t is None:
        if len(col) >= _DATA_CAP:
            return (a, b, c)
        t = col.setdefault(c, (a, b, c))
    return t


def flags(state: GameState, card: int) -> int:
    """This turn's action flags of a Guardian."""
    st = state.cs.get(card)
    if st is None or st.counters.get("at") != state.turn:
        return 0
    return st.counters.get("af", 0)


def set_flag(state: GameState, card: int, bit: int) -> None:
    c = state.card_state(card).counters
    if c.get("at") != state.turn:
        c["at"] = state.turn
        c["af"] = 0
    c["af"] |= bit


def has(state: GameState, card: int, status: str) -> int:
    st = state.cs.get(card)
    return st.status.get(status, 0) if st is not None else 0


def lane_of(state: GameState, card: int) -> int:
    return LANE_OF.get(state.loc[card][1], 0)


def is_token(state: GameState, card: int) -> bool:
    return "token" in state.defs[card].tags


def max_hp(state: GameState, card: int) -> int:
    return state.rules.stat(state, card, "hp")


def link_index(state: GameState, card: int) -> int:
    for i, (members, _, _) in enumerate(state.vars.get("links", ())):
        if card in members:
            return i
    return -1


def hp_of(state: GameState, card: int) -> int:
    """A Guardian's HP; a linked Guardian shows the shared pool (GR-LINK-01)."""
    i = link_index(state, card) if "links" in state.vars else -1
    if i >= 0:
        return state.vars["links"][i][1]
    st = state.cs.get(card)
    return max_hp(state, card) - (st.counters.get("dmg", 0) if st is not None else 0)


def targetable_by_enemy(state: GameState, card: int) -> bool:
    """Visible: not in Stealth (GR-STLH-01, GR-COMBAT-02) and not Invincible (GR-IMM-03)."""
    st = state.cs.get(card)
    return st is None or not (st.status.get("stealth") or st.status.get("invincible"))


def attack_targets(state: GameState, attacker: int) -> list[int | str]:
    """Targets in range (GR-COMBAT-01/02), Bases without a Guardian (GR-BASE-04), Tanks first (GR-CLASS-03)."""
    lane = LANE_OF.get(state.loc[attacker][1], 0)
    return targets_from(enemy_lanes(state, 1 - state.owner[attacker]), lane)


def enemy_lanes(state: GameState, q: int) -> tuple:
    """Per lane of player ``q``: (what an enemy may target there, the visible Tanks there), as tuples; item 0 is True
    when a Tank binds only enemies in the lanes adjacent to it (option ``tank_adjacent_only``, GR-CLASS-03 reading
    c). The tuples are shared (read them, do not change them)."""
    zq = state.zones[q]
    res = state.res[q]
    cs = state.cs
    defs = state.defs
    options = state.options
    always = options.get("bases_always_targetable")
    out: list = [options.get("tank_adjacent_only") or None]
    for zone, base_key, base_only in _LANE_PARTS:
        occupants = zq[zone]
        if not occupants:  # an empty Base: itself, while standing
            out.append(base_only if res[base_key] > 0 else _NOTHING)
            continue
        if len(occupants) == 1 and not always:  # the usual lane: one Guardian (GR-LANE-01)
            t = occupants[0]
            st = cs.get(t)
            if st is None or not st.status or not (st.status.get("stealth") or st.status.get("invincible")):
                one = (t,)
                out.append((one, one) if "tank" in defs[t].tags else (one, ()))
            else:
                out.append(_NOTHING)
            continue
        cands: tuple[int | str, ...] = ()
        tanks: tuple[int | str, ...] = ()
        for t in occupants:
            st = cs.get(t)
            if st is None or not st.status or not (st.status.get("stealth") or st.status.get("invincible")):
                cands += (t,)
                if "tank" in defs[t].tags:
                    tanks += (t,)
        if always and res[base_key] > 0:
            cands += base_only[0]
        out.append((cands, tanks))
    return tuple(out)


def enemy_targets(state: GameState, q: int) -> tuple:
    """By the lane of an attacker (index 1-3), the targets :func:`targets_from` gives it against player ``q``'s
    board (:func:`enemy_lanes`), as tuples, worked out for the three lanes at once (the legal actions' hot path).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("guardian-realms").new_game(["Ember Vanguard", "Stone Bastion"], seed=3)
    >>> enemy_targets(state, 1)[1:]
    (('base1', 'base2'), ('base1', 'base2', 'base3'), ('base2', 'base3'))
    """
    options = state.options
    if not (options.get("tank_adjacent_only") or options.get("bases_always_targetable")):
        # the usual board: what enemy_lanes gives, each lane's (targets, Tanks) read from the card index
        zq = state.zones[q]
        o1, o2, o3 = zq["lane1"], zq["lane2"], zq["lane3"]
        if len(o1) < 2 and len(o2) < 2 and len(o3) < 2:  # several Guardians in a lane: enemy_lanes reads them
            res = state.res[q]
            cs = state.cs
            index: CardIndex = state.defs.facts.get(KEY) or state_index(state)  # state_index, with no call
            seen: tuple = index.seen  # its items read as they are (typed exactly, the compiled build would copy each)
            # each lane's (targets, Tanks), as enemy_lanes gives it (GR-BASE-04, GR-STLH-01, GR-IMM-03)
            v1 = _lane_view(o1, res["b1"], _BASE1, cs, seen)
            v2 = _lane_view(o2, res["b2"], _BASE2, cs, seen)
            v3 = _lane_view(o3, res["b3"], _BASE3, cs, seen)
            c1, t1, c2, t2, c3, t3 = v1[0], v1[1], v2[0], v2[1], v3[0], v3[1]
            return None, t1 + t2 or c1 + c2, t1 + t2 + t3 or c1 + c2 + c3, t2 + t3 or c2 + c3
    info = enemy_lanes(state, q)
    if info[0]:  # a Tank binds only its adjacent lanes: lane by lane
        return (None, *(tuple(targets_from(info, ln)) for ln in (1, 2, 3)))
    _, (c1, t1), (c2, t2), (c3, t3) = info
    return None, t1 + t2 or c1 + c2, t1 + t2 + t3 or c1 + c2 + c3, t2 + t3 or c2 + c3


_NOTHING: Final[tuple] = ((), ())


def _lane_view(occupants: list[int], base_hp: int, base_only: tuple[tuple, tuple], cs: dict[int, CardState],
               seen: tuple) -> tuple[tuple, tuple]:
    """One enemy lane holding at most one Guardian, as :func:`enemy_lanes` gives it: (its targets, its Tanks). An
    empty lane: its Base while standing (``base_only``); its one Guardian unless Stealthed or Invincible, itself as a
    Tank when it is one (``seen``, the card index's)."""
    if not occupants:
        return base_only if base_hp > 0 else _NOTHING
    t = occupants[0]
    st = cs.get(t)
    if st is None:
        return seen[t]
    status = st.status
    if not status or not (status.get("stealth") or status.get("invincible")):
        return seen[t]
    return _NOTHING


_BASE_ONLY: Final[tuple[tuple, ...]] = (_NOTHING, (("base1",), ()), (("base2",), ()), (("base3",), ()))


_BASE1: Final[tuple[tuple, tuple]] = (("base1",), ())
_BASE2: Final[tuple[tuple, tuple]] = (("base2",), ())
_BASE3: Final[tuple[tuple, tuple]] = (("base3",), ())


#: per lane 1-3: its Guardian zone, its Base's resource key, and what an enemy may target there when it is empty
_LANE_PARTS: Final = tuple((LANE_WORD[ln], BASE_KEY[ln], _BASE_ONLY[ln]) for ln in (1, 2, 3))


def targets_from(info: tuple, lane: int) -> list[int | str]:
    """The targets of a Guardian in ``lane`` given :func:`enemy_lanes` (own and adjacent lanes, Tanks first)."""
    cands: list[int | str] = []
    tanks: list[int | str] = []
    adjacent_only = info[0]
    for ln in NEAR[lane]:
        c, t = info[ln]
        if c:
            cands += c
        if t and not (adjacent_only and ln == lane):
            tanks += t
    return tanks or cands


def can_act(state: GameState, card: int) -> bool:
    """Not Exhausted (GR-EXH-01) and not forfeited this turn (GR-PARA-04, GR-CONF-04)."""
    st = state.cs.get(card)
    if st is not None and st.status.get("exhausted"):
        return False
    return not flags(state, card) & FORFEIT


def may_attack(state: GameState, card: int, f: int = -1) -> bool:
    """One basic attack per turn, two with Fury (GR-COMBAT-03, GR-FURY-01); not after an ability (GR-COMBAT-04)
    or a swap (GR-SWAP-03)."""
    if f < 0:
        f = flags(state, card)
    if not f:
        return True
    if f & SWAP and state.defs[card].fields["swap_penalty"]:
        return False
    if f & ABIL and not state.options.get("ability_then_attack"):
        return False
    limit = 2 if has(state, card, "fury") else 1
    done = 2 if f & ATK2 else 1 if f & ATK1 else 0
    return done < limit


def may_ability(state: GameState, card: int, f: int = -1) -> bool:
    """One ability per turn (GR-COMBAT-06), none after a basic attack (GR-COMBAT-04) or a swap (GR-SWAP-04)."""
    if f < 0:
        f = flags(state, card)
    if f & ABIL or f & (ATK1 | ATK2):
        return False
    return not (f & SWAP and state.defs[card].fields["swap_penalty"])


def may_swap(state: GameState, card: int, f: int = -1) -> bool:
    """Not after an attack or ability (GR-SWAP-05/06), not twice, not from a destroyed Outpost's lane (GR-BASE-09)."""
    if f < 0:
        f = flags(state, card)
    if f & SWAP:
        return False
    if f & (ATK1 | ATK2 | ABIL) and state.defs[card].fields["swap_penalty"]:
        return False
    return state.res[state.owner[card]][BASE_KEY[lane_of(state, card)]] > 0


def ability_ok(state: GameState, card: int, index: int, dz: int, targets: Sequence[int | str] | None = None) -> bool:
    """Affordable (GR-COMBAT-05), within its use limit, and its condition holds (``targets``: the card's attack
    targets, a shortcut for the usual "an enemy Guardian in range" condition)."""
    eff = state.defs[card].effects[index]
    if eff.params.get("dz_cost", 0) > dz:
        return False
    if eff.limit and not effects.limit_ok(state, card, index, eff.limit):
        return False
    fast = state.defs[card].fields["fast_conds"][index]
    if fast == "none":
        return True
    if targets is not None and fast == "in_range":
        return any(type(t) is int for t in targets)
    if fast == "ally":  # another Guardian of the controller (the hook gr.ally) in the controller's lanes
        p = state.owner[card]
        owner = state.owner
        z = state.zones[p]
        return any(c != card and owner[c] == p for c in (*z["lane1"], *z["lane2"], *z["lane3"]))
    return effects.check(state, {"source": card, "controller": state.owner[card]}, eff.condition)


def source_lane(state: GameState, ctx: dict) -> int:
    """The lane an effect looks from: its Guardian's lane or its Effect card's Base (GR-COMBAT-02, GR-LANE-02);
    0 (every lane) for a Field card, or for an Effect card with the option ``effects_any_lane``."""
    base = ctx.get("_base")
    zone = state.loc[ctx["source"]][1]
    if base is None:
        lane = LANE_OF.get(zone, 0)
        if lane:
            return lane
        base = EFFECT_LANE.get(zone, 0)
    return 0 if state.options.get("effects_any_lane") else base


def visible_from(state: GameState, card: int, lane: int) -> bool:
    """An enemy Guardian is visible from ``lane``: not Stealthed or Invincible, in that lane or an adjacent one
    (GR-COMBAT-02, GR-STLH-01, GR-IMM-03); ``lane`` 0: from anywhere."""
    if not targetable_by_enemy(state, card):
        return False
    return not lane or LANE_OF.get(state.loc[card][1], 0) in NEAR[lane]


def lanes_of(state: GameState, p: int) -> list[int]:
    z = state.zones[p]
    return [*z["lane1"], *z["lane2"], *z["lane3"]]


def swap_ready(state: GameState, card: int) -> bool:
    return can_act(state, card) and may_swap(state, card)


def equipment_of(state: GameState, guardian: int) -> int:
    lane = lane_of(state, guardian)
    eq = state.zones[state.owner[guardian]][EQUIP[lane]] if lane else ()
    return eq[0] if eq else -1
