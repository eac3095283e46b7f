"""Guardian Realms damage and defeat: damage to Guardians (GR-COMBAT-*, GR-SHLD-*), Walls (GR-WALL-*) and Bases
(GR-BASE-*), healing, Burn and Poison damage (GR-BURN-*, GR-POIS-*), the Stronghold's fall and the empty-deck
penalty (GR-WIN-*, GR-TURN-*), and Guardians leaving play: defeated (GR-DEF-*) or returned to hand (GR-RTH-*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tcgkit.core import effects
from tcgkit.core.cards import CardList
from tcgkit.games.guardian_realms.board import data1, data2, data3, equipment_of, hp_of, is_token, link_index
from tcgkit.games.guardian_realms.cardindex import KEY, CardIndex, card_index, state_index
from tcgkit.games.guardian_realms.links import break_link, set_link
from tcgkit.games.guardian_realms.model import BASE_KEY, LANE_OF, STRONGHOLD
from tcgkit.games.guardian_realms.statuses import remove_status

#: by lane number (index 1-3): the player resource holding its Wall's HP (GR-WALL-*)
WALL_KEY: Final[tuple[str, ...]] = ("", "w1", "w2", "w3")

if TYPE_CHECKING:
    from tcgkit.core.state import GameState


def absorb_wall(state: GameState, p: int, lane: int, amount: int) -> int:
    """A Wall absorbs enemy damage in its lane, the excess going on (GR-WALL-05); at 0 HP it is destroyed."""
    key = WALL_KEY[lane]
    res = state.res[p]
    wall = res.get(key, 0)
    if wall <= 0:
        return amount
    taken = min(wall, amount)
    res[key] = wall - taken
    state.emit("wall_damage", p, data=data3(lane, taken, res[key]))
    if res[key] == 0:
        res[f"x{lane}"] = 1
        state.emit("wall_destroyed", p, data=data1(lane))
    return amount - taken


def damage_guardian(state: GameState, card: int, amount: int, enemy: bool) -> None:
    """Wall, Invincibility (GR-IMM-02), Stealth (GR-STLH-04), Shield (GR-SHLD-01/02), HP Link (GR-LINK-02), defeat."""
    lane = LANE_OF.get(state.loc[card][1])
    if amount <= 0 or lane is None:
        return
    p = state.owner[card]
    if enemy and state.res[p].get(WALL_KEY[lane], 0) > 0:  # a Wall in the lane takes it first
        amount = absorb_wall(state, p, lane, amount)
        if amount <= 0:
            return
    st = state.card_state(card)
    status = st.status
    if status:
        if status.get("invincible"):
            state.emit("nullified", p, card, (amount,))
            return
        if status.get("stealth"):
            remove_status(state, card, "stealth")
        if status.get("shield"):
            remove_status(state, card, "shield")
            state.emit("nullified", p, card, (amount,))
            return
    i = link_index(state, card) if "links" in state.vars else -1
    if i >= 0:
        members, pool, _ = state.vars["links"][i]
        pool = set_link(state, i, pool_delta=-amount)
        state.emit("damage", p, card, data2(amount, pool))
        if pool <= 0:
            defeat(state, list(members))
        return
    counters = st.counters
    dmg = counters["dmg"] = counters.get("dmg", 0) + amount
    hp = state.defs[card].stats.get("hp", 0)  # max_hp: the ruleset's stat(card, "hp"), from the record at hand
    if st.mods:
        for stat, delta, _ in st.mods:
            if stat == "hp":
                hp += delta
    left = hp - dmg
    state.emit("damage", p, card, data2(amount, max(0, left)))
    if left <= 0:
        defeat(state, [card])


def heal(state: GameState, card: int, amount: int) -> None:
    """Healing never exceeds the maximum (GR-CARD-03); a linked Guardian heals the pool (GR-LINK-03)."""
    if amount <= 0 or state.loc[card][1] not in LANE_OF:
        return
    i = link_index(state, card)
    if i >= 0:
        pool = set_link(state, i, pool_delta=amount)
        state.emit("heal", state.owner[card], card, (amount, pool))
        return
    st = state.card_state(card)
    st.counters["dmg"] = max(0, st.counters.get("dmg", 0) - amount)
    state.emit("heal", state.owner[card], card, (amount, hp_of(state, card)))


def damage_base(state: GameState, p: int, lane: int, amount: int, enemy: bool, decide: bool = True) -> None:
    """A Base loses HP (Wall first for enemy damage); at 0 it is destroyed (GR-BASE-04); the Stronghold ends the
    game (GR-WIN-01) at once, or when the caller (damaging several Bases at the same moment) calls
    :func:`check_strongholds` with ``decide`` False."""
    key = BASE_KEY[lane]
    res = state.res[p]
    if amount <= 0 or res[key] <= 0:
        return
    if enemy:
        amount = absorb_wall(state, p, lane, amount)
        if amount <= 0:
            return
    res[key] = max(0, res[key] - amount)
    state.emit("base_damage", p, data=data3(lane, amount, res[key]))
    if res[key] == 0:
        state.emit("base_destroyed", p, data=data1(lane))
        if lane == STRONGHOLD and decide:
            check_strongholds(state)


def check_strongholds(state: GameState) -> None:
    """GR-WIN-01: a destroyed Stronghold loses the game; both destroyed at the same moment is a draw."""
    res = state.res
    lost0, lost1 = res[0][_STRONGHOLD_KEY] <= 0, res[1][_STRONGHOLD_KEY] <= 0
    if lost0 and lost1:
        state.end(None, "both Strongholds were destroyed at the same moment", "GR-WIN-01")
    elif lost0 or lost1:
        state.end(1 if lost0 else 0, "destroyed the opponent's Stronghold", "GR-WIN-01")


_STRONGHOLD_KEY: Final = BASE_KEY[STRONGHOLD]


def empty_deck_penalty(state: GameState, p: int) -> None:
    """Each draw from an empty deck deals 1, 2, 4... to each of the player's Bases (GR-TURN-06/07); no Wall."""
    res = state.res[p]
    out = res["out"] = res.get("out", 0) + 1
    amount = 1 << (out - 1)
    state.emit("empty_deck", p, data=data2(out, amount))
    if state.options.get("penalty_all_bases"):
        for q in (0, 1):
            _penalty(state, q, amount)
    else:
        _penalty(state, p, amount)
    check_strongholds(state)


def _penalty(state: GameState, q: int, amount: int) -> None:
    """The empty-deck penalty's damage to each of ``q``'s Bases, lanes 1, 3, 2 in that order (no Wall; the
    Strongholds are checked after)."""
    damage_base(state, q, 1, amount, False, False)
    damage_base(state, q, 3, amount, False, False)
    damage_base(state, q, 2, amount, False, False)


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
        state.emit("discarded", p, card, data1(zone))


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
    """Printed conditions of defeat (GR-DEF-03): a static effect with ``params: {defeat_if: true}``. Only the
    game's cards with one are looked at first: none of them fielded, nothing to check (the usual case); one of them
    fielded, only its condition is checked (what the scan of both boards would check)."""
    defs = state.defs
    loc = state.loc
    fielded = -1
    index: CardIndex = defs.facts.get(KEY) or state_index(state)  # state_index, with no call
    for card in index.defeat_if:
        if loc[card][1] in LANE_OF:
            if fielded >= 0:
                break  # two or more: both boards in order, as their defeats are then ordered
            fielded = card
    else:
        if fielded >= 0:
            p = loc[fielded][0]
            fast = defs[fielded].fields.get("defeat_fast")
            if fast is not None:  # _defeat_condition's "your resource R op N", inline
                resource, op, value = fast
                if effects.COMPARE_OPS[op](state.res[p].get(resource, 0), value):
                    defeat(state, [fielded])
            elif _defeat_condition(state, fielded, p):
                defeat(state, [fielded])
        return
    for p in (0, 1):
        z = state.zones[p]
        for card in (*z["lane1"], *z["lane2"], *z["lane3"]):
            if defs[card].fields["defeat_if"] and _defeat_condition(state, card, p):
                defeat(state, [card])


def _defeat_if_cards(defs: CardList) -> tuple[int, ...]:
    """The ids of the cards of ``defs`` with a printed defeat condition: the card index's, a fact of the list."""
    return defs.fact(KEY, card_index).defeat_if


def _defeat_condition(state: GameState, card: int, p: int) -> bool:
    fast = state.defs[card].fields.get("defeat_fast")
    if fast is not None:  # {compare: [{resource: R, player: you}, op, N]}
        resource, op, value = fast
        return effects.COMPARE_OPS[op](state.res[p].get(resource, 0), value)
    ctx = {"source": card, "controller": p}
    return any(eff.kind == "static" and eff.params.get("defeat_if") and effects.check(state, ctx, eff.condition)
               for eff in state.defs[card].effects)


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
