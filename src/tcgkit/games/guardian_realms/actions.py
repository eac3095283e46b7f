"""Guardian Realms legal actions of the main phase: summons and sacrifices (GR-LANE-*, GR-SP-*, GR-SAC-*), Effects,
Equipment and Fields (GR-CARD-*, GR-BASE-*), attacks and abilities (GR-COMBAT-*, GR-DZ-*), swaps (GR-SWAP-*),
infusions, the end of the turn; and why an action is not legal.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from tcgkit.core import effects
from tcgkit.core.actions import Action, ActionRow, ActionTable, extend_row
from tcgkit.games.guardian_realms.board import (
    ABIL,
    ATK1,
    ATK2,
    FORFEIT,
    SWAP,
    ability_ok,
    enemy_targets,
    flags,
    has,
    lanes_of,
    may_ability,
    may_attack,
    may_swap,
)
from tcgkit.games.guardian_realms.cardindex import EFFECT, EQUIPMENT, FIELD, GUARDIAN, KEY, CardIndex, state_index
from tcgkit.games.guardian_realms.model import BASE_KEY, BASE_LANE, BASE_WORD, LANE_OF, LANE_WORD, LANES, NEAR

if TYPE_CHECKING:
    from tcgkit.core.state import CardState, GameState


ABILITY_WORD: Final = tuple(str(i) for i in range(32))


END: Final = Action("end")


def main_actions(state: GameState) -> list[Action]:
    """Every action of the active player in the main phase.

    Reads each Guardian's record once and tests its turn flags inline (the same tests as :func:`may_attack`,
    :func:`may_ability` and :func:`may_swap`)."""
    p = state.active
    res = state.res[p]
    z = state.zones[p]
    dz = res["dz"]
    fielded = [*z["lane1"], *z["lane2"], *z["lane3"]]
    acts = [END]
    index: CardIndex = state.defs.facts.get(KEY) or state_index(state)  # state_index, with no call
    if z["hand"]:
        _hand_actions(state, p, res, fielded, acts, index.hand)
    if not fielded:
        return acts
    facts = index.fielded
    cs = state.cs
    turn = state.turn
    ready: list[int] = []
    ready_status: list[dict[str, int]] = []  # by ready Guardian: its statuses, for the swaps (GR-PARA-01)
    options = state.options
    chooser_only = options.get("swap_partner_unpenalised")
    then_attack = options.get("ability_then_attack")
    partners: list[int] = []
    per_lane = None  # a Guardian's targets by its lane (1-3), worked out when a Guardian first needs them
    for lane, zone, base_key in _LANE_ZONES:
        for g in z[zone]:
            infuse, attack_cost, abilities, penalty = facts[g]
            if infuse:  # a player action, not the Guardian's: not gated by Exhausted or a forfeit (GR-SAC-03)
                infusions = INFUSE.row(g)
                acts.extend(infusions[r] for r in fielded if r != g)
            st = cs.get(g)
            f = 0
            status: dict[str, int] = _NO_STATUS
            if st is not None:
                f = _turn_flags(st, turn)
                if f < 0:
                    continue
                status = st.status
            # may_attack: one basic attack, two with Fury (GR-COMBAT-03, GR-FURY-01), none after an ability
            # (GR-COMBAT-04) or a swap (GR-SWAP-03); 2 if f & ATK2 else f & ATK1: the attacks made (ATK1 is 1)
            attacks = dz >= attack_cost and (not f or not (f & SWAP and penalty) and (then_attack or not f & ABIL)
                                             and (2 if f & ATK2 else f & ATK1) < (2 if status.get("fury") else 1))
            # may_ability: one ability per turn (GR-COMBAT-06), none after an attack (GR-COMBAT-04) or a swap
            uses = abilities and (not f or not (f & _ACTED3 or f & SWAP and penalty))
            if attacks or uses:
                if per_lane is None:
                    per_lane = enemy_targets(state, 1 - p)
                targets = per_lane[lane]
                if attacks and targets:
                    extend_row(acts, ATTACK, g, targets)
                if uses:
                    for i in abilities:
                        if ability_ok(state, g, i, dz, targets):
                            row = _ABILITY_ROWS.get(g) or ABILITY.row(g)
                            acts.append(row[ABILITY_WORD[i] if i < 32 else str(i)])
            if res[base_key] <= 0:
                continue
            # may_swap: not twice, not after an attack or ability (GR-SWAP-05/06), its Base standing (GR-BASE-09)
            if not f or (not f & SWAP and not (f & _ACTED3 and penalty)
                         and state.res[state.owner[g]][base_key] > 0):
                ready.append(g)
                ready_status.append(status)
            elif chooser_only:
                partners.append(g)  # it may still be swapped by another (option swap_partner_unpenalised)
    if dz >= 1 and chooser_only:
        _chooser_swap_actions(state, ready, partners, acts)
    elif dz >= 1 and len(ready) >= 2:
        _swap_actions(ready, ready_status, acts)
    return acts


def surely_has_choice(state: GameState) -> bool:
    """True when the player to act surely has a free choice, a pass and something else, told at a glance (the
    ruleset's hook ``surely_has_choice``): the mulligan's keep or redraw (GR-TURN-02), or in the main phase the end of
    the turn and one more action that is legal whenever its costs are paid: a Guardian summoned to a standing Base
    (GR-SP-03, GR-BASE-06), an Effect with no play condition (GR-LANE-02), Equipment for a fielded Guardian
    (GR-BASE-05), an infusion, a Guardian's attack on a target in range or two fresh Guardians' swap
    (:func:`_surely_acts`).
    False when the quick look cannot tell (the legal actions are then listed).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("guardian-realms").new_game(["Ember Vanguard", "Stone Bastion"], seed=3)
    >>> surely_has_choice(state), len(state.legal_actions())
    (True, 2)
    """
    phase = state.phase
    if phase != "main":
        return phase == "mulligan"
    p = state.active
    z = state.zones[p]
    res = state.res[p]
    dz = res["dz"]
    if z["hand"]:
        sp = res["sp"]
        index: CardIndex = state.defs.facts.get(KEY) or state_index(state)  # state_index, with no call
        facts = index.hand
        for card in z["hand"]:
            kind, cost, extra = facts[card]  # extra: a Guardian's sacrifices (GR-SAC-01), an Effect's play conditions
            if kind == GUARDIAN:
                if cost <= sp and (res["b1"] > 0 or res["b2"] > 0 or res["b3"] > 0) and (
                        not extra or _fielded(z) >= extra):
                    return True
            elif cost <= dz and (kind == EFFECT and not extra or kind == EQUIPMENT and _fielded(z)):
                return True
    return _fielded(z) > 0 and _surely_acts(state, p, z, res, dz)


def _fielded(z: dict[str, list[int]]) -> int:
    """How many Guardians a player's zones ``z`` hold in the lanes."""
    return len(z["lane1"]) + len(z["lane2"]) + len(z["lane3"])


def _surely_acts(state: GameState, p: int, z: dict[str, list[int]], res: dict[str, int], dz: int) -> bool:
    """Whether ``p`` surely has an infusion (a fielded Guardian that infuses and another one, GR-SAC-03: no cost, not
    gated by Exhausted or a forfeit), a fielded Guardian surely attacks (as :func:`main_actions` tests it: not
    Exhausted or forfeited, its attack affordable and not used up, GR-EXH-01, GR-DZ-05, GR-COMBAT-03/04, GR-FURY-01,
    GR-SWAP-03; and an enemy lane in range holds a visible Guardian (no Stealth, not Invincible, GR-STLH-01) or is
    empty with its Base standing, GR-COMBAT-01/02, GR-BASE-04), or two fielded Guardians with no status and no action
    yet this turn, in lanes whose Bases stand, may swap (GR-SWAP-01)."""
    cs = state.cs
    turn = state.turn
    index: CardIndex = state.defs.facts.get(KEY) or state_index(state)
    facts = index.fielded
    several = _fielded(z) >= 2
    then_attack = state.options.get("ability_then_attack")
    zq = state.zones[1 - p]
    res_q = state.res[1 - p]
    swappers = 0
    for lane in LANES:
        for g in z[LANE_WORD[lane]]:
            infuse, attack_cost, _, penalty = facts[g]
            if infuse and several:
                return True
            st = cs.get(g)
            f = 0
            if st is not None:
                f = _turn_flags(st, turn)
                if f < 0:
                    continue
                if not f and not st.status and dz >= 1 and res[BASE_KEY[lane]] > 0:
                    swappers += 1
            elif dz >= 1 and res[BASE_KEY[lane]] > 0:
                swappers += 1
            if attack_cost <= dz and (not f or not (f & SWAP and penalty) and (then_attack or not f & ABIL)
                                      and (2 if f & ATK2 else f & ATK1) < (2 if st.status.get("fury") else 1)):
                for ln in NEAR[lane]:
                    there = zq[LANE_WORD[ln]]
                    if not there:
                        if res_q[BASE_KEY[ln]] > 0:
                            return True
                    elif (t := cs.get(there[0])) is None or not t.status or not (
                            t.status.get("stealth") or t.status.get("invincible")):
                        return True
    return swappers >= 2


_ACTED3: Final = ATK1 | ATK2 | ABIL


def _turn_flags(st: CardState, turn: int) -> int:
    """A fielded Guardian's action flags this turn (0: none yet), or -1 when it may do nothing: Exhausted
    (GR-EXH-01) or its actions forfeited this turn."""
    status = st.status
    if status and status.get("exhausted"):
        return -1
    if st.counters.get("at") == turn:
        f = st.counters["af"]
        return -1 if f & FORFEIT else f
    return 0


#: per lane: its number, its Guardian zone and its Base's resource key
_LANE_ZONES: Final = tuple((ln, LANE_WORD[ln], BASE_KEY[ln]) for ln in LANES)


def _hand_actions(state: GameState, p: int, res: dict[str, int], fielded: list[int], acts: list[Action],
                  facts: tuple[tuple[int, int, int], ...]) -> None:
    """Summons, Equipment, Field and Effect plays from hand, each card's type and costs read from ``facts`` (the
    card index's :attr:`~tcgkit.games.guardian_realms.cardindex.CardIndex.hand`)."""
    dz, sp = res["dz"], res["sp"]
    open_lanes = None
    vis = None
    for card in state.zones[p]["hand"]:
        kind, cost, extra = facts[card]
        if kind == GUARDIAN:
            if cost > sp:
                continue
            if open_lanes is None:
                open_lanes = _OPEN_LANES[(res["b1"] > 0) + 2 * (res["b2"] > 0) + 4 * (res["b3"] > 0)]
            if extra:  # GR-SAC-01/02: the card's number of fielded Guardians, chosen by the player
                acts.extend(Action("summon", (card, LANE_WORD[ln], *mat)) for mat in combinations(fielded, extra)
                            for ln in open_lanes)
                continue
            summons = _SUMMONS.get(card)
            if summons is None:
                summons = _SUMMONS[card] = tuple(Action("summon", (card, w)) for w in LANE_WORD[1:])
            if len(open_lanes) == 3:
                acts.extend(summons)
            else:
                acts.extend(summons[ln - 1] for ln in open_lanes)
        elif cost <= dz:
            if kind == EQUIPMENT:
                row = _EQUIP_ROWS.get(card) or EQUIP_ON.row(card)  # EQUIP_ON.row(card), with no call once it exists
                for g in fielded:
                    acts.append(row[g])
            elif kind == FIELD:
                if _play_condition_ok(state, card, p, 0):
                    play = _FIELD_PLAYS.get(card)
                    if play is None:
                        play = _FIELD_PLAYS[card] = Action("play", (card,))
                    acts.append(play)
            else:  # GR-LANE-02, GR-BASE-06: an Effect goes to the Effect slot of a Base the player chooses
                plays = _PLAYS.get(card)
                if plays is None:
                    plays = _PLAYS[card] = tuple(Action("play", (card, w)) for w in BASE_WORD[1:])
                if not extra:  # no play condition
                    acts.extend(plays)
                    continue
                if vis is None:
                    vis = _visible_lanes(state, p)
                acts.extend(plays[ln - 1] for ln in _play_bases(state, card, p, vis))


#: the lanes whose Base stands (GR-BASE-06), by bits: 1 lane 1, 2 lane 2, 4 lane 3
_OPEN_LANES: Final = tuple(tuple(ln for ln in (1, 2, 3) if bits >> (ln - 1) & 1) for bits in range(8))


#: card id -> its summon actions to lanes 1, 2 and 3: plain tuples, the same in every game.
_SUMMONS: Final[dict[int, tuple[Action, ...]]] = {}


#: card id -> its Effect play actions to Bases 1, 2 and 3.
_PLAYS: Final[dict[int, tuple[Action, ...]]] = {}


#: card id -> its play action as a Field card.
_FIELD_PLAYS: Final[dict[int, Action]] = {}


#: The main phase's actions naming a fielded Guardian, each built once and shared by every state and game (a game's
#: listing builds none, and the one chosen, kept in the history, is no new object either): ``ATTACK.row(g)[t]``,
#: ``ABILITY.row(g)[index]``, ``EQUIP_ON.row(card)[g]``, ``INFUSE.row(g)[recipient]``, ``SWAP_WITH.row(a)[b]``.
ATTACK: Final = ActionTable("attack")
ABILITY: Final = ActionTable("ability")
EQUIP_ON: Final = ActionTable("equip")
INFUSE: Final = ActionTable("infuse")
SWAP_WITH: Final = ActionTable("swap")
#: their rows by first argument (the tables' own dicts, read with no attribute lookup)
_ABILITY_ROWS: Final[dict[Any, ActionRow]] = ABILITY.rows
_EQUIP_ROWS: Final[dict[Any, ActionRow]] = EQUIP_ON.rows
_SWAP_ROWS: Final[dict[Any, ActionRow]] = SWAP_WITH.rows
#: no statuses (a Guardian with no record): never changed
_NO_STATUS: Final[dict[str, int]] = {}


def _visible_lanes(state: GameState, p: int) -> tuple[tuple[bool, bool], ...]:
    """Per lane of the opponent (index 1-3): (a visible enemy Guardian there, a visible non-token one there)."""
    zq = state.zones[1 - p]
    cs = state.cs
    defs = state.defs
    out = [(False, False)]
    for ln in LANES:
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
    bases: tuple[int, ...] = LANES
    for i in d.fields["play_conds"]:
        e = d.effects[i]
        fast = fasts[i]
        if fast == "enemy_visible" or fast == "enemy_returnable":
            k = 0 if fast == "enemy_visible" else 1
            if state.options.get("effects_any_lane"):
                ok = any(vis[ln][k] for ln in LANES)
                bases = bases if ok else ()
            else:
                bases = tuple(b for b in bases if any(vis[ln][k] for ln in NEAR[b]))
        elif fast == "own_guardian":
            if not lanes_of(state, p):
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


def _swap_actions(ready: list[int], statuses: list[dict[str, int]], acts: list[Action]) -> None:
    """Swap pairs; the first Guardian named is the one that chose to swap (GR-SWAP-01): a Paralyzed one (by
    ``statuses``, each ready Guardian's statuses) must be it (GR-PARA-01). Otherwise the two orders are the
    same swap (both partners act, GR-SWAP-02), listed once."""
    for s in statuses:
        if s and s.get("paralyzed"):
            break
    else:  # none Paralyzed (the usual case): each Guardian with those after it, in order
        n = len(ready)
        for i in range(n - 1):
            a = ready[i]
            row = _SWAP_ROWS.get(a) or SWAP_WITH.row(a)
            for j in range(i + 1, n):
                acts.append(row[ready[j]])
        return
    para = [bool(s and s.get("paralyzed")) for s in statuses]
    for i, a in enumerate(ready):
        for j in range(i + 1, len(ready)):
            if para[i] and para[j]:
                continue
            b = ready[j]
            acts.append(SWAP_WITH.row(b)[a] if para[j] else SWAP_WITH.row(a)[b])


def _chooser_swap_actions(state: GameState, ready: list[int], partners: list[int], acts: list[Action]) -> None:
    """Option ``swap_partner_unpenalised`` (GR-SWAP-02 second reading): the swap is the action of the Guardian that
    chose to swap (named first), which must be able to swap; the partner only has to be able to move (not
    Paralyzed, not Exhausted, not in a destroyed Outpost's lane). Both orders are different swaps."""
    cs = state.cs
    movable = [g for g in (*ready, *partners) if (st := cs.get(g)) is None or not st.status.get("paralyzed")]
    for a in ready:
        for b in movable:
            if a != b:
                acts.append(SWAP_WITH.row(a)[b])


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
