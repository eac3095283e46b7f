"""Perfect TCG battles and damage: declaring an attack, Supports and defenders, power compared (PTCG-WAR-*,
PTCG-ROLE-09/10), damage as cards moving from the deck to the Energy zone (PTCG-DMG-*, PTCG-ULT-11/12), healing
(PTCG-TERM-16).

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from typing import Final

from tcgkit.core.cards import CardDef, Step
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.model import (
    DECK,
    DEFENCE,
    ENERGY,
    HAND,
    LEADER,
    LOST,
    WL,
    WR,
)
from tcgkit.games.perfect_tcg.plays import (
    SUPPORTS,
    UNIT_ZONES,
    WINGS,
    destroy,
    lose,
    prohibited,
    start,
    to_lost,
)
from tcgkit.games.perfect_tcg.statics import static_bonuses

END_BATTLE: Final = Step("_end_battle", {})
WIN_CHECK: Final = Step("_check_wins", {})
#: (Leader, amount) -> the battle's ``_damage_one`` step, built once (a step is an immutable value, shared as
#: END_BATTLE is; building one runs the dataclass's Python-level ``__init__``)
_DAMAGE_STEPS: Final[dict[tuple[int, int], Step]] = {}


def _damage_step(target: int, amount: int) -> Step:
    step = _DAMAGE_STEPS[target, amount] = Step("_damage_one", {"target": target, "amount": amount})
    return step


def _power_of(state: GameState, cards: list[int], bonus: dict[int, int]) -> int:
    """The sum of the cards' power (:meth:`Battle.stat_with`: printed, modifiers, ``bonus``; at least 0 each)."""
    total = 0
    defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
    cs = state.cs
    for c in cards:
        p = defs[c].stats.get("power", 0) + bonus.get(c, 0)
        st = cs.get(c)
        if st is not None and st.mods:
            for s, delta, _ in st.mods:
                if s == "power":
                    p += delta
        if p > 0:
            total += p
    return total


def take_damage(state: GameState, p: int, n: int, direct: bool = False) -> int:
    """Move the top ``n`` cards of the deck to the Energy zone, as many as there are (PTCG-ULT-03)."""
    taken = 0
    for _ in range(n):
        if state.move_top(p, DECK, ENERGY) < 0:
            if state.options.get("deck_out_on_failed_draw"):
                state.res[p]["failed_draw"] = 1
            break
        taken += 1
    state.emit("damage", p, data=(taken, "player" if direct else "leader"))
    return taken


def damage_player(state: GameState, player: int, amount: int, ctx: dict) -> None:
    """Damage dealt to a player directly: it cannot be modified (PTCG-ULT-12)."""
    if amount > 0:
        take_damage(state, player, amount, direct=True)


def damage_card(state: GameState, card: int, amount: int, ctx: dict) -> None:
    """Damage to a non-Leader card: undefended, it is lost (PTCG-DMG-02). (Leader damage: verbs.damage.)"""
    if amount <= 0:
        return
    state.emit("damaged", state.owner[card], card, (amount,))
    if state.options.get("unit_damage_battle_only"):
        return
    st = state.card_state_or_none(card)
    if st is not None and st.status.pop("shield", None) is not None:
        state.emit("prevented", state.owner[card], card, ("damage",))
        return
    if lose(state, card, ctx):
        state.emit("destroyed", state.owner[card], card, ("damage",))


def heal_player(state: GameState, player: int, amount: int, ctx: dict) -> None:
    """Shuffle the top ``amount`` cards of the Lost zone into the deck (PTCG-TERM-16, PTCG-ULT-03/07)."""
    if amount <= 0 or prohibited(state, player, "heal", ctx):
        return
    n = 0
    for _ in range(amount):
        if state.move_top(player, LOST, DECK) < 0:
            break
        n += 1
    if n:
        state.shuffle(player, DECK)
    state.emit("heal", player, data=(n,))


def heal_card(state: GameState, card: int, amount: int, ctx: dict) -> None:
    heal_player(state, state.owner[card], amount, ctx)


# ================================================================== battle (PTCG-WAR-*)
def declare_attack(state: GameState, p: int, att: int, tgt: int) -> None:
    """Rest the attacker (PTCG-WAR-01, PTCG-TERM-14); then Supports, the defender's window, the battle."""
    state.card_state(att).tapped = True
    v = state.vars
    v["b_att"], v["b_tgt"], v["b_def"], v["b_sup"] = att, tgt, -1, ()
    state.phase = "support"
    state.emit("attack", p, att, (tgt,))


def add_support(state: GameState, p: int, s: int) -> None:
    """A Support adds its power: resting for a Wing (PTCG-ROLE-09), without resting for the Leader
    (PTCG-ROLE-10)."""
    att = state.vars["b_att"]
    if state.loc[att][1] != LEADER:
        state.card_state(s).tapped = True
    state.vars["b_sup"] = (*state.vars.get("b_sup", ()), s)
    state.emit("support", p, s, (att,))


def defend(state: GameState, d: int, card: int) -> None:
    """A defender from hand goes to the defence zone; a Guardian defends from its Wing zone (PTCG-WAR-08,
    PTCG-TERM-15)."""
    if state.loc[card][1] == HAND:
        state.move(card, d, DEFENCE)
    state.vars["b_def"] = card
    state.emit("defend", d, card, (state.vars["b_tgt"],))


def stat_with(state: GameState, card: int, name: str, bonuses: dict[int, int]) -> int:
    defs: list[CardDef] = state.defs
    v = defs[card].stats.get(name, 0) + bonuses.get(card, 0)
    st = state.cs.get(card)
    if st is not None and st.mods:
        for s, delta, _ in st.mods:
            if s == name:
                v += delta
    return v if v > 0 else 0


def battling_power(state: GameState) -> tuple[int, int]:
    """The attacker's power with its Supports; the attacked unit's power with its defender (PTCG-WAR-04/08,
    PTCG-ROLE-09/10); Boosts and effects included."""
    v = state.vars
    att, tgt, dfd = v["b_att"], v["b_tgt"], v.get("b_def", -1)
    sups = v.get("b_sup", ())
    loc = state.loc
    side = [att]
    for s in sups:
        if loc[s][1] in SUPPORTS:
            side.append(s)
    other = [tgt, dfd] if dfd >= 0 and loc[dfd][1] in (DEFENCE, WL, WR) else [tgt]
    bonus = static_bonuses(state, "power", (att, tgt, *sups, dfd) if dfd >= 0 else (att, tgt, *sups))
    return _power_of(state, side, bonus), _power_of(state, other, bonus)


def resolve_battle(state: GameState) -> None:
    """Compare power; the loser Wing is destroyed, the loser Leader's owner takes the winner's damage; a tie
    defeats both (PTCG-WAR-04/05/06)."""
    v = state.vars
    att, tgt = v["b_att"], v["b_tgt"]
    ap, az = state.loc[att]
    tp, tz = state.loc[tgt]
    p = state.active
    state.phase = "battle"
    if az not in UNIT_ZONES or tz not in (LEADER, WL, WR):
        state.emit("battle", p, att, (-1, -1, "no battle", tgt))
        start(state, (END_BATTLE,), att, p)
        return
    a, d = battling_power(state)
    losers = (tgt,) if a > d else (att,) if a < d else (att, tgt)
    state.emit("battle", p, att, (a, d, "attacker" if a > d else "target" if a < d else "tie", tgt))
    bonus = static_bonuses(state, "damage", (att, tgt))
    dmg = {att: stat_with(state, tgt, "damage", bonus), tgt: stat_with(state, att, "damage", bonus)}
    steps = []
    for loser in losers:
        winner = tgt if loser == att else att
        role = "leader" if state.loc[loser][1] == LEADER else "wing"
        if len(losers) == 1:
            state.emit("battle_won", state.owner[winner], winner, (loser, role))
    for loser in losers:  # the attacker's side (the turn player's) first
        if state.loc[loser][1] == LEADER:
            steps.append(_DAMAGE_STEPS.get((loser, dmg[loser])) or _damage_step(loser, dmg[loser]))
        elif state.loc[loser][1] in WINGS or state.loc[loser][1] in SUPPORTS:
            destroy(state, loser, None)
    if state.options.get("win_before_battle_triggers"):
        steps.append(WIN_CHECK)  # PTCG-ULT-09 second reading: the attack's damage is the effect to finish
    steps.append(END_BATTLE)
    start(state, tuple(steps), att, p)


def end_battle(state: GameState) -> None:
    v = state.vars
    dfd = v.get("b_def", -1)
    if dfd >= 0 and state.loc[dfd][1] == DEFENCE:
        to_lost(state, dfd)  # the defender from hand is spent (PTCG-WAR-08 (3))
    end_battle_mods(state)
    for k in ("b_att", "b_tgt", "b_def", "b_sup", "war_acted"):
        v.pop(k, None)
    if state.phase == "battle":
        state.phase = "war"


def end_battle_mods(state: GameState) -> None:
    """``durations.end(state, "battle")``: the modifiers lasting for the battle are gone; only the records that
    hold one are changed (and so copied, when a clone shares them)."""
    for card, st in state.cs.items():  # card_state replaces a record under its own key: no key is added
        mods = st.mods
        if mods:
            for m in mods:
                if m[2] == "battle":
                    state.card_state(card).mods = [m for m in mods if m[2] != "battle"]
                    break


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class Battle:
    """Damage, healing and battles: each method calls its module function (compiled code calls those directly)."""

    # ------------------------------------------------------------------ damage (PTCG-DMG-01/02, PTCG-ULT-11/12)

    def take_damage(self, state: GameState, p: int, n: int, direct: bool = False) -> int:
        """:func:`take_damage`"""
        return take_damage(state, p, n, direct)

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """:func:`damage_player`"""
        damage_player(state, player, amount, ctx)

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """:func:`damage_card`"""
        damage_card(state, card, amount, ctx)

    def heal_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """:func:`heal_player`"""
        heal_player(state, player, amount, ctx)

    def heal_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """:func:`heal_card`"""
        heal_card(state, card, amount, ctx)

    def declare_attack(self, state: GameState, p: int, att: int, tgt: int) -> None:
        """:func:`declare_attack`"""
        declare_attack(state, p, att, tgt)

    def add_support(self, state: GameState, p: int, s: int) -> None:
        """:func:`add_support`"""
        add_support(state, p, s)

    def defend(self, state: GameState, d: int, card: int) -> None:
        """:func:`defend`"""
        defend(state, d, card)

    def stat_with(self, state: GameState, card: int, name: str, bonuses: dict[int, int]) -> int:
        """:func:`stat_with`"""
        return stat_with(state, card, name, bonuses)

    def battling_power(self, state: GameState) -> tuple[int, int]:
        """:func:`battling_power`"""
        return battling_power(state)

    def resolve_battle(self, state: GameState) -> None:
        """:func:`resolve_battle`"""
        resolve_battle(state)

    def end_battle(self, state: GameState) -> None:
        """:func:`end_battle`"""
        end_battle(state)

    @staticmethod
    def end_battle_mods(state: GameState) -> None:
        """:func:`end_battle_mods`"""
        end_battle_mods(state)
