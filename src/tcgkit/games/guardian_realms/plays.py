"""Guardian Realms actions done: summons and sacrifices (GR-LANE-*, GR-SP-*, GR-SAC-*), Effects, Equipment and Fields
(GR-CARD-*, GR-FIELD-*), attacks and abilities with their DZ costs (GR-COMBAT-*, GR-DZ-*, GR-STLH-*), swaps
(GR-SWAP-*), infusions, and the resistance rolls of Confused and Paralyzed Guardians (GR-CONF-*, GR-PARA-*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import Effect, Step
from tcgkit.games.guardian_realms.board import (
    ABIL,
    ATK1,
    ATK2,
    FORFEIT,
    SWAP,
    data1,
    data2,
    data3,
    equipment_of,
    has,
    lane_of,
    link_index,
    set_flag,
)
from tcgkit.games.guardian_realms.damage import damage_base, damage_guardian, leave_play
from tcgkit.games.guardian_realms.links import set_link
from tcgkit.games.guardian_realms.model import BASE_LANE, EFFECT, EQUIP, LANE_OF, LANE_WORD
from tcgkit.games.guardian_realms.statuses import add_status, remove_status

if TYPE_CHECKING:
    from tcgkit.core.state import GameState


USED: Final[tuple[Step, ...]] = (Step("gr_used", {}),)


def do_action(state: GameState, action: Action) -> None:
    kind, args = action.kind, action.args
    if kind == "attack":  # the commonest first
        attack(state, args[0], args[1])
    elif kind == "summon":
        summon(state, args[0], LANE_OF[args[1]], args[2:])
    elif kind == "play":
        play_card(state, args[0], BASE_LANE[args[1]] if len(args) > 1 else 0)
    elif kind == "equip":
        equip(state, args[0], args[1])
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
        state.emit("spend", p, data=data3(resource, n, res[resource]))


def summon(state: GameState, card: int, lane: int, sacrificed: tuple = ()) -> None:
    """Summon a Guardian (GR-SP-03): the sacrifices first (GR-SAC-02), the old occupant discarded (GR-LANE-01);
    its play effects then resolve in printed order."""
    p = state.owner[card]
    d = state.defs[card]
    spend(state, p, "sp", d.stats["sp_cost"])
    for s in sacrificed:
        state.emit("sacrificed", p, s, data1(card))
        leave_play(state, s, "discarded")
    enter_lane(state, card, p, lane)
    start_passives(state, card, p)


def start_passives(state: GameState, card: int, p: int) -> None:
    """A summoned Guardian's (or an equipped Equipment's) play effects, in printed order; one with a condition
    resolves only if it holds at that moment."""
    todo: list[Effect] = [e for e in state.defs[card].effects if e.kind == "play" and (
        e.condition is None or effects.check(state, {"source": card, "controller": p}, e.condition))]
    for eff in reversed(todo):
        effects.start(state, eff, card, p)


def enter_lane(state: GameState, card: int, p: int, lane: int) -> None:
    """Put a Guardian into a lane: replace the occupant; summon exhaustion (GR-EXH-02), Stealth (GR-CLASS-02)."""
    for old in list(state.zones[p][LANE_WORD[lane]]):
        leave_play(state, old, "discarded")
    state.move(card, p, LANE_WORD[lane])
    state.emit("summoned", p, card, data1(lane))
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
    state.emit("equipped", p, card, data1(guardian))
    start_passives(state, card, p)


def resist(state: GameState, card: int, costs_dz: bool) -> bool:
    """Paralyzed (GR-PARA-03/04) and Confusion (GR-CONF-01..05) Resist Checks before an action; False: forfeited."""
    st = state.cs.get(card)
    if st is None or not st.status:  # neither Paralyzed nor Confused
        return True
    p = state.owner[card]
    if has(state, card, "paralyzed"):
        roll = state.rng.die(6)
        state.emit("resist", p, card, data2("paralyzed", roll))
        if roll >= 4:
            remove_status(state, card, "paralyzed")
        else:
            set_flag(state, card, FORFEIT)
            return False
    if costs_dz and has(state, card, "confused"):
        roll = state.rng.die(6)
        state.emit("resist", p, card, data2("confused", roll))
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
    st = state.cs.get(attacker)
    if st is not None and st.status and not resist(state, attacker, cost > 0):  # no status: nothing to resist
        return
    p = state.owner[attacker]
    spend(state, p, "dz", cost)
    rec = state.card_state(attacker)
    c = rec.counters  # set_flag, with the flag read from the same record
    if c.get("at") != state.turn:
        c["at"] = state.turn
        c["af"] = 0
    c["af"] |= ATK2 if c["af"] & ATK1 else ATK1
    lane = LANE_OF.get(state.loc[attacker][1], 0)  # equipment_of, with the owner and lane known
    held = state.zones[p][EQUIP[lane]] if lane else ()
    eq = held[0] if held else -1
    amount = d.stats.get("atk", 0)  # the ruleset's stat(attacker, "atk"), from the record at hand
    if rec.mods:
        for stat, delta, _ in rec.mods:
            if stat == "atk":
                amount += delta
    if eq >= 0:
        amount += state.defs[eq].fields["atk_bonus"]
    state.emit("attack", p, attacker, data2(target, amount))
    if isinstance(target, str):
        damage_base(state, 1 - p, BASE_LANE[target], amount, enemy=True)
    else:
        damage_guardian(state, target, amount, enemy=True)
    st = state.cs.get(attacker)
    if st is not None and "stealth" in st.status and state.loc[attacker][1] in LANE_OF:
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
    state.emit("ability", p, card, data1(index))
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
    state.emit("swap", p, a, data1(b))


def infuse(state: GameState, material: int, recipient: int) -> None:
    """An infusion: the material is discarded and the recipient improved as printed (GR-SAC-03)."""
    d = state.defs[material]
    p = state.owner[material]
    state.emit("infused", p, material, data1(recipient))
    leave_play(state, material, "discarded")
    st = state.card_state(recipient)
    if d.fields["infuse_atk"]:
        st.mods.append(("atk", d.fields["infuse_atk"], "permanent"))
    if d.fields["infuse_hp"]:
        st.mods.append(("hp", d.fields["infuse_hp"], "permanent"))
        i = link_index(state, recipient)
        if i >= 0:
            set_link(state, i, pool_delta=d.fields["infuse_hp"], max_delta=d.fields["infuse_hp"])
