"""Guardian Realms in play: legal actions, attacks, abilities, swaps, damage, statuses, defeat and links.

Per-Guardian turn flags live in ``counters``: ``at`` (the turn they belong to) and ``af`` (bits: ATK1, ATK2, ABIL,
SWAP, FORFEIT). Statuses live in ``status``: timed ones hold the turns left (``PERMANENT`` never ticks), Burned
its stacks, Poisoned its next tick. HP Links are ``state.vars["links"]``: a tuple of (members, pool, max).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import Step

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

ATK1, ATK2, ABIL, SWAP, FORFEIT = 1, 2, 4, 8, 16
ACTED = ATK1 | ATK2 | ABIL | SWAP
PERMANENT = 1000
DEBUFFS = ("paralyzed", "burned", "exhausted", "confused", "poisoned")
BUFFS = ("shield", "stealth", "fury", "invincible")
TIMED = ("paralyzed", "exhausted", "fury", "invincible")
LANE_OF = {"lane1": 1, "lane2": 2, "lane3": 3}
LANE_WORD = ("", "lane1", "lane2", "lane3")
LANES_Z = ("lane1", "lane2", "lane3")
EQUIP = ("", "equip1", "equip2", "equip3")
EFFECT = ("", "effect1", "effect2", "effect3")
BASE_WORD = ("", "base1", "base2", "base3")
BASE_LANE = {"base1": 1, "base2": 2, "base3": 3}
EFFECT_LANE = {"effect1": 1, "effect2": 2, "effect3": 3}
BASE_KEY = ("", "b1", "b2", "b3")
ABILITY_WORD = tuple(str(i) for i in range(32))
NEAR = ((), (1, 2), (1, 2, 3), (2, 3))
STRONGHOLD = 2
END = Action("end")
_new = tuple.__new__  # builds an Action without the NamedTuple constructor (hot path)
USED = (Step("gr_used", {}),)


# ---------------------------------------------------------------------------------------------- queries


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
    """Per lane of player ``q``: (what an enemy may target there, the visible Tanks there); item 0 is True when a
    Tank binds only enemies in the lanes adjacent to it (option ``tank_adjacent_only``, GR-CLASS-03 reading c)."""
    zq = state.zones[q]
    res = state.res[q]
    cs = state.cs
    defs = state.defs
    always = state.options.get("bases_always_targetable")
    out: list = [state.options.get("tank_adjacent_only") or None]
    for ln in (1, 2, 3):
        occupants = zq[LANE_WORD[ln]]
        if not occupants:  # an empty Base: itself, while standing
            out.append(_BASE_ONLY[ln] if res[BASE_KEY[ln]] > 0 else _NOTHING)
            continue
        cands: list[int | str] = []
        tanks: list[int | str] = []
        for t in occupants:
            st = cs.get(t)
            if st is None or not st.status or not (st.status.get("stealth") or st.status.get("invincible")):
                cands.append(t)
                if "tank" in defs[t].tags:
                    tanks.append(t)
        if always and res[BASE_KEY[ln]] > 0:
            cands.append(BASE_WORD[ln])
        out.append((cands, tanks))
    return tuple(out)


_NOTHING: tuple = ((), ())
_BASE_ONLY = (_NOTHING, (("base1",), ()), (("base2",), ()), (("base3",), ()))


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


def ability_ok(state: GameState, card: int, index: int, dz: int, targets: list | None = None) -> bool:
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
    return effects.check(state, {"source": card, "controller": state.owner[card]}, eff.condition)


# ---------------------------------------------------------------------------------------------- legal actions


def main_actions(state: GameState) -> list[Action]:
    """Every action of the active player in the main phase."""
    p = state.active
    res = state.res[p]
    z = state.zones[p]
    dz = res["dz"]
    fielded = [*z["lane1"], *z["lane2"], *z["lane3"]]
    acts = [END]
    _hand_actions(state, p, res, fielded, acts)
    defs = state.defs
    cs = state.cs
    turn = state.turn
    ready: list[int] = []
    chooser_only = state.options.get("swap_partner_unpenalised")
    partners: list[int] = []
    info = None  # the enemy's targets per lane, computed when a Guardian first needs them
    loc = state.loc
    for g in fielded:
        d = defs[g]
        fl = d.fields
        if fl["infuse"]:  # a player action, not the Guardian's: not gated by Exhausted or a forfeit (GR-SAC-03)
            acts.extend(Action("infuse", (g, r)) for r in fielded if r != g)
        st = cs.get(g)
        f = 0
        if st is not None:
            if st.status and st.status.get("exhausted"):
                continue
            if st.counters.get("at") == turn:
                f = st.counters["af"]
                if f & FORFEIT:
                    continue
        lane = LANE_OF[loc[g][1]]
        targets = None
        if dz >= d.stats["attack_cost"] and (not f or may_attack(state, g, f)):
            if info is None:
                info = enemy_lanes(state, 1 - p)
            targets = targets_from(info, lane)
            for t in targets:
                acts.append(_new(Action, ("attack", (g, t))))
        if fl["abilities"] and (not f or may_ability(state, g, f)):
            if targets is None:
                if info is None:
                    info = enemy_lanes(state, 1 - p)
                targets = targets_from(info, lane)
            for i in fl["abilities"]:
                if ability_ok(state, g, i, dz, targets):
                    acts.append(_new(Action, ("ability", (g, ABILITY_WORD[i] if i < 32 else str(i)))))
        if (not f or may_swap(state, g, f)) and res[BASE_KEY[lane]] > 0:
            ready.append(g)
        elif chooser_only and res[BASE_KEY[lane]] > 0:
            partners.append(g)  # it may still be swapped by another (option swap_partner_unpenalised)
    if dz >= 1 and chooser_only:
        _chooser_swap_actions(state, ready, partners, acts)
    elif dz >= 1 and len(ready) >= 2:
        _swap_actions(state, ready, acts)
    return acts



def _hand_actions(state: GameState, p: int, res: dict, fielded: list[int], acts: list[Action]) -> None:
    dz, sp = res["dz"], res["sp"]
    defs = state.defs
    open_lanes = None
    vis = None
    for card in state.zones[p]["hand"]:
        d = defs[card]
        t = d.type
        if t == "Guardian":
            if d.stats["sp_cost"] > sp:
                continue
            if open_lanes is None:
                open_lanes = [ln for ln in (1, 2, 3) if res[BASE_KEY[ln]] > 0]
            n = d.fields["sacrifice"]
            if n:  # GR-SAC-01/02: the card's number of fielded Guardians, chosen by the player
                acts.extend(Action("summon", (card, LANE_WORD[ln], *mat)) for mat in combinations(fielded, n)
                            for ln in open_lanes)
                continue
            summons = _SUMMONS.get(card)
            if summons is None:
                summons = _SUMMONS[card] = tuple(Action("summon", (card, w)) for w in LANE_WORD)
            if len(open_lanes) == 3:
                acts.extend(summons[1:])
            else:
                acts.extend(summons[ln] for ln in open_lanes)
        elif d.stats["dz_cost"] <= dz:
            if t == "Equipment":
                acts.extend(_new(Action, ("equip", (card, g))) for g in fielded)
            elif t == "Field":
                if _play_condition_ok(state, card, p, 0):
                    acts.append(Action("play", (card,)))
            else:  # GR-LANE-02, GR-BASE-06: an Effect goes to the Effect slot of a Base the player chooses
                plays = _PLAYS.get(card)
                if plays is None:
                    plays = _PLAYS[card] = tuple(Action("play", (card, w)) for w in BASE_WORD)
                if not d.fields["play_conds"]:
                    acts.extend(plays[1:])
                    continue
                if vis is None:
                    vis = _visible_lanes(state, p)
                acts.extend(plays[ln] for ln in _play_bases(state, card, p, vis))


#: card id -> its summon actions per lane (index 1-3): plain tuples, the same in every game.
_SUMMONS: dict[int, tuple[Action, ...]] = {}
#: card id -> its Effect play actions per Base (index 1-3).
_PLAYS: dict[int, tuple[Action, ...]] = {}
ALL_BASES = (1, 2, 3)


def _visible_lanes(state: GameState, p: int) -> tuple[tuple[bool, bool], ...]:
    """Per lane of the opponent (index 1-3): (a visible enemy Guardian there, a visible non-token one there)."""
    zq = state.zones[1 - p]
    cs = state.cs
    defs = state.defs
    out = [(False, False)]
    for ln in ALL_BASES:
        seen = real = False
        for t in zq[LANE_WORD[ln]]:
            st = cs.get(t)
            if st is None or not st.status or not (st.status.get("stealth") or st.status.get("invincible")):
                seen = True
                if "token" not in defs[t].tags:
                    real = True
        out.append((seen, real))
    return tuple(out)


def _play_bases(state: GameState, card: int, p: int, vis: tuple) -> tuple[int, ...]:
    """The Bases an Effect card may be played to: each one from which every play condition holds. Targets are
    visible from the Effect's Base: own or adjacent lane (GR-COMBAT-02; option ``effects_any_lane``: any lane)."""
    d = state.defs[card]
    fasts = d.fields["fast_conds"]
    bases = ALL_BASES
    for i in d.fields["play_conds"]:
        e = d.effects[i]
        fast = fasts[i]
        if fast == "enemy_visible" or fast == "enemy_returnable":
            k = 0 if fast == "enemy_visible" else 1
            if state.options.get("effects_any_lane"):
                ok = any(vis[ln][k] for ln in ALL_BASES)
                bases = bases if ok else ()
            else:
                bases = tuple(b for b in bases if any(vis[ln][k] for ln in NEAR[b]))
        elif fast == "own_guardian":
            if not _lanes_of(state, p):
                bases = ()
        else:
            bases = tuple(b for b in bases if effects.check(state, {"source": card, "controller": p, "_base": b},
                                                            e.condition))
        if not bases:
            break
    return bases


def _play_condition_ok(state: GameState, card: int, p: int, base: int) -> bool:
    """Every condition of a Field card's play effects holds."""
    d = state.defs[card]
    fasts = d.fields["fast_conds"]
    for i, e in enumerate(d.effects):
        if e.kind != "play" or fasts[i] == "none":
            continue
        if not effects.check(state, {"source": card, "controller": p, "_base": base}, e.condition):
            return False
    return True


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


def _lanes_of(state: GameState, p: int) -> list[int]:
    z = state.zones[p]
    return [*z["lane1"], *z["lane2"], *z["lane3"]]


def swap_ready(state: GameState, card: int) -> bool:
    return can_act(state, card) and may_swap(state, card)


def _swap_actions(state: GameState, ready: list[int], acts: list[Action]) -> None:
    """Swap pairs; the first Guardian named is the one that chose to swap (GR-SWAP-01): a Paralyzed one must be it
    (GR-PARA-01). Otherwise the two orders are the same swap (both partners act, GR-SWAP-02), listed once."""
    cs = state.cs
    para = [bool((st := cs.get(g)) is not None and st.status.get("paralyzed")) for g in ready]
    for i, a in enumerate(ready):
        for j in range(i + 1, len(ready)):
            if para[i] and para[j]:
                continue
            b = ready[j]
            acts.append(_new(Action, ("swap", (b, a) if para[j] else (a, b))))


def _chooser_swap_actions(state: GameState, ready: list[int], partners: list[int], acts: list[Action]) -> None:
    """Option ``swap_partner_unpenalised`` (GR-SWAP-02 second reading): the swap is the action of the Guardian that
    chose to swap (named first), which must be able to swap; the partner only has to be able to move (not
    Paralyzed, not Exhausted, not in a destroyed Outpost's lane). Both orders are different swaps."""
    cs = state.cs
    movable = [g for g in (*ready, *partners) if (st := cs.get(g)) is None or not st.status.get("paralyzed")]
    for a in ready:
        for b in movable:
            if a != b:
                acts.append(_new(Action, ("swap", (a, b))))


# ---------------------------------------------------------------------------------------------- doing actions


def do_action(state: GameState, action: Action) -> None:
    kind, args = action.kind, action.args
    if kind == "summon":
        summon(state, args[0], LANE_OF[args[1]], args[2:])
    elif kind == "play":
        play_card(state, args[0], BASE_LANE[args[1]] if len(args) > 1 else 0)
    elif kind == "equip":
        equip(state, args[0], args[1])
    elif kind == "attack":
        attack(state, args[0], args[1])
    elif kind == "ability":
        use_ability(state, args[0], int(args[1]))
    elif kind == "swap":
        swap(state, args[0], args[1])
    elif kind == "infuse":
        infuse(state, args[0], args[1])


def spend(state: GameState, p: int, resource: str, n: int) -> None:
    if n:
        res = state.res[p]
        res[resource] -= n
        state.emit("spend", p, data=(resource, n, res[resource]))


def summon(state: GameState, card: int, lane: int, sacrificed: tuple = ()) -> None:
    """Summon a Guardian (GR-SP-03): the sacrifices first (GR-SAC-02), the old occupant discarded (GR-LANE-01);
    its play effects then resolve in printed order."""
    p = state.owner[card]
    d = state.defs[card]
    spend(state, p, "sp", d.stats["sp_cost"])
    for s in sacrificed:
        state.emit("sacrificed", p, s, (card,))
        leave_play(state, s, "discarded")
    enter_lane(state, card, p, lane)
    start_passives(state, card, p)


def start_passives(state: GameState, card: int, p: int) -> None:
    """A summoned Guardian's (or an equipped Equipment's) play effects, in printed order; one with a condition
    resolves only if it holds at that moment."""
    todo = [e for e in state.defs[card].effects if e.kind == "play" and (
        e.condition is None or effects.check(state, {"source": card, "controller": p}, e.condition))]
    for eff in reversed(todo):
        effects.start(state, eff, card, p)


def enter_lane(state: GameState, card: int, p: int, lane: int) -> None:
    """Put a Guardian into a lane: replace the occupant; summon exhaustion (GR-EXH-02), Stealth (GR-CLASS-02)."""
    for old in list(state.zones[p][LANE_WORD[lane]]):
        leave_play(state, old, "discarded")
    state.move(card, p, LANE_WORD[lane])
    state.emit("summoned", p, card, (lane,))
    tags = state.defs[card].tags
    if "rush" not in tags:
        add_status(state, card, "exhausted", 1)
    if "sneak" in tags:
        add_status(state, card, "stealth", 1)


def play_card(state: GameState, card: int, lane: int = 0) -> None:
    """An Effect resolves from the Effect slot of the Base the player chose and is discarded (GR-LANE-02); a Field
    card enters the field zone (GR-FIELD-01)."""
    p = state.owner[card]
    d = state.defs[card]
    spend(state, p, "dz", d.stats["dz_cost"])
    if d.type == "Field":
        for old in list(state.zones[p]["field"]):
            leave_play(state, old, "discarded")
        state.move(card, p, "field")
        if d.fields["duration"]:
            state.card_state(card).counters["left"] = d.fields["duration"]
    else:
        for old in list(state.zones[p][EFFECT[lane]]):
            leave_play(state, old, "discarded")
        state.move(card, p, EFFECT[lane])
        effects.start(state, USED, card, p)
    state.emit("played", p, card)
    for eff in reversed(d.effects):
        if eff.kind == "play":
            effects.start(state, eff, card, p)


def equip(state: GameState, card: int, guardian: int) -> None:
    """Equipment goes to the Equipment slot of its Guardian's Base (GR-BASE-05), replacing the old one."""
    p = state.owner[card]
    spend(state, p, "dz", state.defs[card].stats["dz_cost"])
    zone = EQUIP[lane_of(state, guardian)]
    for old in list(state.zones[p][zone]):
        leave_play(state, old, "discarded")
    state.move(card, p, zone)
    st = state.card_state(card)
    st.host = guardian
    uses = state.defs[card].fields["uses"]
    if uses:
        st.counters["uses"] = uses
    state.emit("equipped", p, card, (guardian,))
    start_passives(state, card, p)


def equipment_of(state: GameState, guardian: int) -> int:
    lane = lane_of(state, guardian)
    eq = state.zones[state.owner[guardian]][EQUIP[lane]] if lane else ()
    return eq[0] if eq else -1


def resist(state: GameState, card: int, costs_dz: bool) -> bool:
    """Paralyzed (GR-PARA-03/04) and Confusion (GR-CONF-01..05) Resist Checks before an action; False: forfeited."""
    p = state.owner[card]
    if has(state, card, "paralyzed"):
        roll = state.rng.die(6)
        state.emit("resist", p, card, ("paralyzed", roll))
        if roll >= 4:
            remove_status(state, card, "paralyzed")
        else:
            set_flag(state, card, FORFEIT)
            return False
    if costs_dz and has(state, card, "confused"):
        roll = state.rng.die(6)
        state.emit("resist", p, card, ("confused", roll))
        if roll % 2 == 0:
            remove_status(state, card, "confused")
        else:
            set_flag(state, card, FORFEIT)
            damage_guardian(state, card, 5, enemy=False)
            return False
    return True


def attack(state: GameState, attacker: int, target: int | str) -> None:
    """A basic attack: cost (GR-DZ-05), ATK plus Equipment damage (GR-CARD-04), Stealth breaks after (GR-STLH-02)."""
    d = state.defs[attacker]
    cost = d.stats["attack_cost"]
    if not resist(state, attacker, cost > 0):
        return
    p = state.owner[attacker]
    spend(state, p, "dz", cost)
    set_flag(state, attacker, ATK2 if flags(state, attacker) & ATK1 else ATK1)
    eq = equipment_of(state, attacker)
    amount = state.rules.stat(state, attacker, "atk")
    if eq >= 0:
        amount += state.defs[eq].fields["atk_bonus"]
    state.emit("attack", p, attacker, (target, amount))
    if isinstance(target, str):
        damage_base(state, 1 - p, BASE_LANE[target], amount, enemy=True)
    else:
        damage_guardian(state, target, amount, enemy=True)
    if state.loc[attacker][1] in LANE_OF:
        remove_status(state, attacker, "stealth")
    if eq >= 0:
        use_equipment(state, eq)


def use_equipment(state: GameState, eq: int) -> None:
    """A use of limited-use Equipment is one basic attack of its Guardian; it is discarded when its uses run out
    (GR-CARD-08, GR-LANE-04). Option ``equipment_use_per_turn``: a use is one turn of basic attacks (a Fury
    Guardian's second attack that turn is free), and a spent Equipment is discarded at the end of that turn."""
    st = state.cs.get(eq)
    if st is None or "uses" not in st.counters or state.loc[eq][1] not in EQUIP:
        return
    st = state.card_state(eq)  # to change it (a clone's copy on write)
    if state.options.get("equipment_use_per_turn"):
        c = st.counters
        if c.get("ut") == state.turn:
            return
        c["ut"] = state.turn
        c["uses"] -= 1
        return
    st.counters["uses"] -= 1
    if st.counters["uses"] <= 0:
        leave_play(state, eq, "discarded")


def discard_spent_equipment(state: GameState, p: int) -> None:
    """Option ``equipment_use_per_turn``: Equipment whose last use was this turn is discarded at its end."""
    z = state.zones[p]
    for zone in EQUIP[1:]:
        for eq in list(z[zone]):
            st = state.cs.get(eq)
            if st is not None and st.counters.get("uses", 1) <= 0:
                leave_play(state, eq, "discarded")


def use_ability(state: GameState, card: int, index: int) -> None:
    """An ability: DZ paid (GR-COMBAT-05), counted (GR-COMBAT-06), Stealth broken (GR-STLH-03)."""
    eff = state.defs[card].effects[index]
    cost = eff.params.get("dz_cost", 0)
    if not resist(state, card, cost > 0):
        return
    p = state.owner[card]
    spend(state, p, "dz", cost)
    set_flag(state, card, ABIL)
    effects.mark_used(state, card, index, eff.limit)
    remove_status(state, card, "stealth")
    state.emit("ability", p, card, (index,))
    effects.start(state, eff, card, p)


def swap(state: GameState, a: int, b: int) -> None:
    """Two allies change lanes for 1 DZ (GR-SWAP-01); both are penalized (GR-SWAP-02); Stealth breaks (GR-STLH-05).
    The swap is an action of both that costs DZ: a Confused partner makes its own Resist Check, after the one that
    chose to swap passed its checks (GR-SWAP-02, GR-CONF-01); a failed check stops the swap."""
    if not resist(state, a, True):
        return
    if has(state, b, "confused") and not resist(state, b, True):
        return
    p = state.owner[a]
    spend(state, p, "dz", 1)
    la, lb = lane_of(state, a), lane_of(state, b)
    ea, eb = equipment_of(state, a), equipment_of(state, b)
    state.move(a, p, LANE_WORD[lb], reset=False)
    state.move(b, p, LANE_WORD[la], reset=False)
    if ea >= 0:
        state.move(ea, p, EQUIP[lb], reset=False)
    if eb >= 0:
        state.move(eb, p, EQUIP[la], reset=False)
    for g in (a, b):
        if g == a or not state.options.get("swap_partner_unpenalised"):
            set_flag(state, g, SWAP)
        remove_status(state, g, "stealth")
    state.emit("swap", p, a, (b,))


def infuse(state: GameState, material: int, recipient: int) -> None:
    """An infusion: the material is discarded and the recipient improved as printed (GR-SAC-03)."""
    d = state.defs[material]
    p = state.owner[material]
    state.emit("infused", p, material, (recipient,))
    leave_play(state, material, "discarded")
    st = state.card_state(recipient)
    if d.fields["infuse_atk"]:
        st.mods.append(("atk", d.fields["infuse_atk"], "permanent"))
    if d.fields["infuse_hp"]:
        st.mods.append(("hp", d.fields["infuse_hp"], "permanent"))
        i = link_index(state, recipient)
        if i >= 0:
            _set_link(state, i, pool_delta=d.fields["infuse_hp"], max_delta=d.fields["infuse_hp"])


# ---------------------------------------------------------------------------------------------- damage


def absorb_wall(state: GameState, p: int, lane: int, amount: int) -> int:
    """A Wall absorbs enemy damage in its lane, the excess going on (GR-WALL-05); at 0 HP it is destroyed."""
    key = f"w{lane}"
    res = state.res[p]
    wall = res.get(key, 0)
    if wall <= 0:
        return amount
    taken = min(wall, amount)
    res[key] = wall - taken
    state.emit("wall_damage", p, data=(lane, taken, res[key]))
    if res[key] == 0:
        res[f"x{lane}"] = 1
        state.emit("wall_destroyed", p, data=(lane,))
    return amount - taken


def damage_guardian(state: GameState, card: int, amount: int, enemy: bool) -> None:
    """Wall, Invincibility (GR-IMM-02), Stealth (GR-STLH-04), Shield (GR-SHLD-01/02), HP Link (GR-LINK-02), defeat."""
    if amount <= 0 or state.loc[card][1] not in LANE_OF:
        return
    p = state.owner[card]
    if enemy:
        amount = absorb_wall(state, p, lane_of(state, card), amount)
        if amount <= 0:
            return
    st = state.card_state(card)
    if st.status.get("invincible"):
        state.emit("nullified", p, card, (amount,))
        return
    if st.status.get("stealth"):
        remove_status(state, card, "stealth")
    if st.status.get("shield"):
        remove_status(state, card, "shield")
        state.emit("nullified", p, card, (amount,))
        return
    i = link_index(state, card) if "links" in state.vars else -1
    if i >= 0:
        members, pool, _ = state.vars["links"][i]
        pool = _set_link(state, i, pool_delta=-amount)
        state.emit("damage", p, card, (amount, pool))
        if pool <= 0:
            defeat(state, list(members))
        return
    st.counters["dmg"] = st.counters.get("dmg", 0) + amount
    left = max_hp(state, card) - st.counters["dmg"]
    state.emit("damage", p, card, (amount, max(0, left)))
    if left <= 0:
        defeat(state, [card])


def heal(state: GameState, card: int, amount: int) -> None:
    """Healing never exceeds the maximum (GR-CARD-03); a linked Guardian heals the pool (GR-LINK-03)."""
    if amount <= 0 or state.loc[card][1] not in LANE_OF:
        return
    i = link_index(state, card)
    if i >= 0:
        pool = _set_link(state, i, pool_delta=amount)
        state.emit("heal", state.owner[card], card, (amount, pool))
        return
    st = state.card_state(card)
    st.counters["dmg"] = max(0, st.counters.get("dmg", 0) - amount)
    state.emit("heal", state.owner[card], card, (amount, hp_of(state, card)))


def damage_base(state: GameState, p: int, lane: int, amount: int, enemy: bool, decide: bool = True) -> None:
    """A Base loses HP (Wall first for enemy damage); at 0 it is destroyed (GR-BASE-04); the Stronghold ends the
    game (GR-WIN-01) at once, or when the caller (damaging several Bases at the same moment) calls
    :func:`check_strongholds` with ``decide`` False."""
    key = f"b{lane}"
    res = state.res[p]
    if amount <= 0 or res[key] <= 0:
        return
    if enemy:
        amount = absorb_wall(state, p, lane, amount)
        if amount <= 0:
            return
    res[key] = max(0, res[key] - amount)
    state.emit("base_damage", p, data=(lane, amount, res[key]))
    if res[key] == 0:
        state.emit("base_destroyed", p, data=(lane,))
        if lane == STRONGHOLD and decide:
            check_strongholds(state)


def check_strongholds(state: GameState) -> None:
    """GR-WIN-01: a destroyed Stronghold loses the game; both destroyed at the same moment is a draw."""
    lost = [p for p in (0, 1) if state.res[p][BASE_KEY[STRONGHOLD]] <= 0]
    if len(lost) == 2:
        state.end(None, "both Strongholds were destroyed at the same moment", "GR-WIN-01")
    elif lost:
        state.end(1 - lost[0], "destroyed the opponent's Stronghold", "GR-WIN-01")


def empty_deck_penalty(state: GameState, p: int) -> None:
    """Each draw from an empty deck deals 1, 2, 4... to each of the player's Bases (GR-TURN-06/07); no Wall."""
    res = state.res[p]
    res["out"] = res.get("out", 0) + 1
    amount = 1 << (res["out"] - 1)
    state.emit("empty_deck", p, data=(res["out"], amount))
    players = (0, 1) if state.options.get("penalty_all_bases") else (p,)
    for q in players:
        for lane in (1, 3, 2):
            damage_base(state, q, lane, amount, enemy=False, decide=False)
    check_strongholds(state)


# ---------------------------------------------------------------------------------------------- leaving play


def defeat(state: GameState, cards: list[int]) -> None:
    """Defeat Guardians at once (GR-DEF-01, GR-LINK-05): every "defeated" event first, then they leave."""
    cards = [c for c in cards if state.loc[c][1] in LANE_OF]
    for c in cards:
        state.emit("defeated", state.owner[c], c)
    for c in cards:
        leave_play(state, c, "defeated")


def leave_play(state: GameState, card: int, how: str) -> None:
    """Move a card to its owner's Discard Pile (a token leaves the game): Equipment follows (GR-LANE-03),
    links break (GR-LINK-04). ``how``: discarded or defeated (GR-DEF-04)."""
    p = state.owner[card]
    zone = state.loc[card][1]
    if zone in LANE_OF:
        eq = equipment_of(state, card)
        if eq >= 0:
            leave_play(state, eq, "discarded")
        break_link(state, card)
    if zone == "discard" or zone == "gone":
        return
    state.move(card, p, "gone" if is_token(state, card) else "discard")
    if how == "discarded":
        state.emit("discarded", p, card, (zone,))


def return_to_hand(state: GameState, card: int) -> None:
    """Return a fielded non-token card to its owner's hand (GR-RTH-01); a full hand discards it (GR-TURN-05)."""
    if is_token(state, card) or state.loc[card][1] not in LANE_OF:
        return
    p = state.owner[card]
    eq = equipment_of(state, card)
    if eq >= 0:
        leave_play(state, eq, "discarded")
    break_link(state, card)
    if len(state.zones[p]["hand"]) >= 8:
        leave_play(state, card, "discarded")
        return
    state.move(card, p, "hand")
    state.emit("returned", p, card)


def settle_defeats(state: GameState) -> None:
    """Printed conditions of defeat (GR-DEF-03): a static effect with ``params: {defeat_if: true}``."""
    defs = state.defs
    for p in (0, 1):
        z = state.zones[p]
        for card in (*z["lane1"], *z["lane2"], *z["lane3"]):
            if defs[card].fields["defeat_if"] and _defeat_condition(state, card, p):
                defeat(state, [card])


def _defeat_condition(state: GameState, card: int, p: int) -> bool:
    fast = state.defs[card].fields.get("defeat_fast")
    if fast is not None:  # {compare: [{resource: R, player: you}, op, N]}
        resource, op, value = fast
        return effects._OPS[op](state.res[p].get(resource, 0), value)
    ctx = {"source": card, "controller": p}
    return any(eff.kind == "static" and eff.params.get("defeat_if") and effects.check(state, ctx, eff.condition)
               for eff in state.defs[card].effects)


# ---------------------------------------------------------------------------------------------- HP Link


def link(state: GameState, cards: list[int]) -> None:
    """Link Guardians into one pool: current HP summed, maximum HP summed (GR-LINK-01)."""
    cards = [c for c in dict.fromkeys(cards) if state.loc[c][1] in LANE_OF]
    for c in cards:
        break_link(state, c)
    if len(cards) < 2:
        return
    pool = sum(hp_of(state, c) for c in cards)
    mx = sum(max_hp(state, c) for c in cards)
    state.vars["links"] = (*state.vars.get("links", ()), (tuple(cards), pool, mx))
    state.emit("hp_link", state.owner[cards[0]], data=(pool, mx, *cards))  # flat: JSON round trip (replays)


def _set_link(state: GameState, i: int, pool_delta: int = 0, max_delta: int = 0) -> int:
    links = list(state.vars["links"])
    members, pool, mx = links[i]
    mx += max_delta
    pool = max(0, min(mx, pool + pool_delta))
    links[i] = (members, pool, mx)
    state.vars["links"] = tuple(links)
    return pool


def break_link(state: GameState, card: int) -> None:
    """A linked Guardian leaving play breaks its link; the survivors share the pool evenly (GR-LINK-04)."""
    i = link_index(state, card) if "links" in state.vars else -1
    if i < 0:
        return
    links = list(state.vars["links"])
    members, pool, _ = links.pop(i)
    if links:
        state.vars["links"] = tuple(links)
    else:
        del state.vars["links"]
    rest = [c for c in members if c != card and state.loc[c][1] in LANE_OF]
    if pool > 0:
        for c in rest:
            share = min(max_hp(state, c), pool // len(rest))
            state.card_state(c).counters["dmg"] = max_hp(state, c) - share
    state.emit("link_broken", state.owner[card], card, tuple(rest))


# ---------------------------------------------------------------------------------------------- statuses


def add_status(state: GameState, card: int, status: str, value: int) -> None:
    """Apply a status or buff with its stacking rule (GR-PARA-05, GR-BURN-02, GR-EXH-07, GR-CONF-06, GR-POIS-03);
    debuffs only on fielded Guardians; Immunity nullifies (GR-IMM-01)."""
    if state.loc[card][1] not in LANE_OF:
        return
    st = state.card_state(card)
    s = st.status
    if status in DEBUFFS and s.get("immune_" + status):
        state.emit("immune", state.owner[card], card, (status,))
        return
    if status == "burned":
        new = min(3, s.get("burned", 0) + 1)
    elif status == "poisoned":
        new = s.get("poisoned") or 1
    elif status in TIMED:
        new = max(s.get(status, 0), value)
    elif status.startswith("immune_"):
        new = value
        remove_status(state, card, status[7:])
    else:
        new = 1
    s[status] = new
    state.emit("status", state.owner[card], card, (status, new))


def remove_status(state: GameState, card: int, status: str) -> None:
    st = state.card_state_or_none(card)
    if st is not None and st.status.pop(status, None) is not None:
        state.emit("status_removed", state.owner[card], card, (status,))


def has_ticks(state: GameState, p: int) -> bool:
    """Whether a Guardian of ``p`` is Burned or Poisoned (damage due at the end of p's turn)."""
    cs = state.cs
    z = state.zones[p]
    for zone in LANES_Z:
        for g in z[zone]:
            st = cs.get(g)
            if st is not None and st.status and ("burned" in st.status or "poisoned" in st.status):
                return True
    return False


def tick_damage(state: GameState, card: int) -> None:
    """End of its controller's turn: Burn deals 5 per stack (GR-BURN-01/02), Poison 1, 2, 4... (GR-POIS-01/02)."""
    st = state.cs.get(card)
    if st is None or not st.status:
        return
    burn = st.status.get("burned", 0)
    if burn:
        damage_guardian(state, card, 5 * burn, enemy=False)
    poison = st.status.get("poisoned", 0)
    if poison and state.loc[card][1] in LANE_OF:
        damage_guardian(state, card, poison, enemy=False)
        st2 = state.card_state_or_none(card)
        if st2 is not None and "poisoned" in st2.status and state.loc[card][1] in LANE_OF:
            st2.status["poisoned"] = poison * 2


def tick_durations(state: GameState, card: int) -> None:
    """Timed statuses count the controller's turns (GR-SETUP-02, GR-PARA-02, GR-EXH-04..06)."""
    st = state.card_state_or_none(card)
    if st is None or not st.status:
        return
    for name in [k for k in st.status if k in TIMED or k.startswith("immune_")]:
        left = st.status[name]
        if left >= PERMANENT:
            continue
        if left <= 1:
            remove_status(state, card, name)
        else:
            st.status[name] = left - 1


# ---------------------------------------------------------------------------------------------- explanations


def explain(state: GameState, action: Action) -> str:
    """Why a main-phase action is illegal, with the clause behind it (best effort)."""
    if state.phase != "main" or not action.args or type(action.args[0]) is not int:
        return ""
    card = action.args[0]
    if not 0 <= card < len(state.defs):
        return "no such card"
    p = state.active
    res = state.res[p]
    d = state.defs[card]
    kind = action.kind
    if kind == "summon":
        if d.stats.get("sp_cost", 0) > res["sp"]:
            return f"not enough SP ({res['sp']}) to summon {d.name} (GR-SP-03)"
        if len(action.args) > 1 and action.args[1] in LANE_OF and state.rules.lane_closed(
                state, p, LANE_OF[action.args[1]]):
            return "that lane's Base is destroyed: you cannot summon there (GR-BASE-06)"
    if kind == "summon" and d.fields.get("sacrifice"):
        n = d.fields["sacrifice"]
        mats = action.args[2:]
        if len(mats) != n or len(set(mats)) != n or any(
                type(m) is not int or state.owner[m] != p or state.loc[m][1] not in LANE_OF for m in mats):
            return f"summoning {d.name} sacrifices {n} of your fielded Guardians, named in the action (GR-SAC-01/02)"
    if kind == "play" and d.type == "Effect" and state.loc[card][1] == "hand":
        if len(action.args) != 2 or action.args[1] not in BASE_LANE:
            return f"play an Effect to the Effect slot of one of your Bases: play #{card} base<1-3> (GR-LANE-02)"
        if d.stats["dz_cost"] <= res["dz"]:
            return "no legal target visible from that Base (GR-COMBAT-02)"
    if kind == "ability":
        index = action.args[1] if len(action.args) > 1 else ""
        if not (isinstance(index, str) and index.isdigit() and int(index) in d.fields.get("abilities", ())):
            return f"{d.name} has no ability {index!r} (GR-CARD-05)"
    if kind in ("attack", "ability", "swap") and state.owner[card] != p:
        return "you may act only with your own Guardians"
    if kind in ("attack", "ability", "swap") and state.loc[card][1] not in LANE_OF:
        return f"{d.name} is not a fielded Guardian"
    if kind in ("attack", "ability", "swap") and state.loc[card][1] in LANE_OF:
        if has(state, card, "exhausted"):
            return f"{d.name} is Exhausted (GR-EXH-01, GR-SWAP-07)"
        if flags(state, card) & FORFEIT:
            return f"{d.name} forfeited its action this turn (GR-PARA-04, GR-CONF-04)"
        if kind == "attack":
            if res["dz"] < d.stats["attack_cost"]:
                return "not enough DZ for a basic attack (GR-DZ-05)"
            if not may_attack(state, card):
                return f"{d.name} cannot make another basic attack this turn (GR-COMBAT-03/04, GR-SWAP-03)"
            return "target not visible or out of range, or a Tank must be targeted (GR-COMBAT-01/02, GR-CLASS-03)"
        if kind == "ability" and not may_ability(state, card):
            return f"{d.name} cannot use an ability now (GR-COMBAT-04/06, GR-SWAP-04)"
        if kind == "swap" and not may_swap(state, card):
            return f"{d.name} cannot swap now (GR-SWAP-05/06, GR-BASE-09)"
        if kind == "ability":
            eff = d.effects[int(action.args[1])]
            if eff.params.get("dz_cost", 0) > res["dz"]:
                return "not enough DZ for this ability (GR-COMBAT-05)"
            return "the ability's condition does not hold or its use limit is reached"
        if kind == "swap":
            if res["dz"] < 1:
                return "a swap costs 1 DZ (GR-SWAP-01)"
            return "the partner cannot be swapped (GR-SWAP-02, GR-SWAP-07, GR-PARA-01, GR-BASE-09)"
    return ""
