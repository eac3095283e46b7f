"""Perfect TCG cards being played and leaving play: paying Energy (PTCG-ENERGY-*), Spells, Boosts and "In _ zone"
effects (PTCG-CARD-*, PTCG-ULT-15..17), the Leader's levels (PTCG-TERM-02..05/19/22, PTCG-ROLE-05/06), losing
cards (PTCG-TERM-01, PTCG-ROLE-01, PTCG-ULT-04/06), statuses (Stasis, Mind Wipe: PTCG-TERM-20..23), once per turn
(PTCG-ULT-13/14) and costs (PTCG-CARD-08, PTCG-ULT-03).

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from typing import Any, Final

from tcgkit.core import effects
from tcgkit.core.cards import CardDef, Effect, Step
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg import model
from tcgkit.games.perfect_tcg.model import (
    BOOST,
    CASTING,
    DECK,
    ENERGY,
    HAND,
    HISTORY,
    LEADER,
    LOST,
    SPELL,
    UNIT,
    is_refreshed,
    leader_level,
    leader_of,
    status,
)

# ------------------------------------------------------------------ the model's tables, as Final names here
# ``model.py`` is plain Python: a name imported from it is looked up in the importing module's dict at every read,
# where a Final name of a compiled module is a C static. The game's compiled modules import these from here.
WINGS: Final[tuple[str, ...]] = model.WINGS
SUPPORTS: Final[tuple[str, ...]] = model.SUPPORTS
SLOTS: Final[tuple[str, ...]] = model.SLOTS
UNIT_ZONES: Final[tuple[str, ...]] = model.UNIT_ZONES
FIELD: Final[tuple[str, ...]] = model.FIELD
FIELD_SET: Final[frozenset[str]] = model.FIELD_SET
BEHIND: Final[dict[str, str]] = model.BEHIND
LOCK_KEYS: Final[dict[str, str]] = model.LOCK_KEYS
ZONE_GROUPS: Final[dict[str, tuple[str, ...]]] = model.ZONE_GROUPS
NKEYS: Final[dict[str, str]] = model.NKEYS
NACT: Final[tuple[str, ...]] = model.NACT
NTRIG: Final[tuple[str, ...]] = model.NTRIG
NSTAT: Final[tuple[str, ...]] = model.NSTAT
BOARD_WORTH: Final[tuple[str, ...]] = model.BOARD_WORTH
BOARD_NEUTRAL: Final[frozenset[str]] = model.BOARD_NEUTRAL

#: card status keys of an effect's "once per turn": the cycle it was last used in, and how often
USED: Final[tuple[str, ...]] = tuple(f"used{i}" for i in range(32))
COUNT: Final[tuple[str, ...]] = tuple(f"uses{i}" for i in range(32))


#: card -> the steps of a Spell's ``_finish_cast`` (built once: a step is an immutable value, and building one runs
#: the dataclass's Python-level ``__init__``)
_FINISH_CAST: Final[dict[int, tuple[Step, ...]]] = {}


def _finish_cast_steps(card: int) -> tuple[Step, ...]:
    steps = _FINISH_CAST[card] = (Step("_finish_cast", {"card": card}),)
    return steps


def seq_next(state: GameState) -> int:
    """:func:`~tcgkit.games.perfect_tcg.model.next_seq`, in compiled code (``model.py`` is plain Python: a call there
    is a Python call)."""
    v = state.vars
    n = v.get("seq", 0) + 1
    v["seq"] = n
    return n


# ------------------------------------------------------------------ player-level prohibitions (PTCG-ULT-04)
def locked(state: GameState, p: int, what: str) -> bool:
    """A player-level prohibition: a ``lock`` still running or a ``cannot`` static (PTCG-ULT-04)."""
    until = state.res[p].get(LOCK_KEYS[what])
    if until is not None and until >= state.turn:
        return True
    return bool(state.vars.get("n_cannot")) and state.rules.static_forbids(state, p, what, None)


def prohibited(state: GameState, p: int, what: str, ctx: dict | None) -> bool:
    """Whether an effect may not make ``p`` do ``what`` now (a ``cannot`` static is asked of
    :meth:`~tcgkit.games.perfect_tcg.statics.Statics.static_forbids` only while one is in play)."""
    until = state.res[p].get(LOCK_KEYS[what])
    if until is not None and until >= state.turn:
        return True
    return bool(state.vars.get("n_cannot")) and state.rules.static_forbids(state, p, what, ctx)


def pay_energy(state: GameState, p: int, n: int) -> int:
    """Send ``n`` Energy, top first, to the Lost zone (PTCG-ENERGY-02); returns how many were paid."""
    paid = 0
    for _ in range(n):
        if state.move_top(p, ENERGY, LOST) < 0:
            break
        paid += 1
    return paid


def start(state: GameState, effect: Effect | tuple[Step, ...], source: int, controller: int,
          bindings: dict[str, Any] | None = None) -> None:
    """:func:`tcgkit.core.effects.start` (an ``optional`` effect asks first), the frame stamped with the order in
    which effects start (PTCG-ULT-04, PTCG-WIN-04)."""
    seq = {"_seq": seq_next(state)}
    effects.start(state, effect, source, controller, {**seq, **bindings} if bindings else seq)


def enter(state: GameState, card: int, p: int, zone: str, by_effect: bool = False) -> None:
    """A card enters a field zone: its "In _ zone" effects activate, or are negated (PTCG-ULT-15/16)."""
    state.move(card, p, zone)
    st = state.card_state(card)
    st.status["since"] = seq_next(state)
    defs: list[CardDef] = state.defs
    d = defs[card]
    if by_effect and d.type == UNIT and zone != LEADER and d.stats["level"] > leader_level(state, p):
        st.status["above_level"] = 1  # PTCG-ROLE-06
    entry_effects(state, card, p, zone)


def entry_effects(state: GameState, card: int, p: int, zone: str) -> None:
    defs: list[CardDef] = state.defs
    d = defs[card]
    for i in d.fields["play"]:
        eff = d.effects[i]
        if d.type == SPELL:
            continue
        if eff.zone is not None and zone not in ZONE_GROUPS.get(eff.zone, (eff.zone,)):  # the rules' zone_group
            continue
        ctx = {"source": card, "controller": p}
        if eff.condition is not None and not effects.check(state, ctx, eff.condition):
            state.card_state(card).status["negated"] = 1  # still a card with an effect (PTCG-ULT-17)
            state.emit("negated", p, card, (i,))
            continue
        start(state, eff, card, p)


def play_boost(state: GameState, p: int, card: int) -> None:
    """Pay, replace the active Boost (PTCG-ZONE-08), and put the new one in the Boost zone."""
    pay_energy(state, p, state.defs[card].stats["cost"])
    for old in list(state.zones[p][BOOST]):
        to_lost(state, old)
    state.emit("boost", p, card)
    enter(state, card, p, BOOST)
    if state.phase == "bonus":
        state.res[p]["boosted"] = state.turn
        state.phase = "level"


def cast(state: GameState, p: int, card: int) -> None:
    """Pay a Spell's cost (PTCG-CARD-08), resolve it, then it becomes Lost (PTCG-TYPE-05)."""
    d = state.defs[card]
    pay_energy(state, p, d.stats["cost"])
    state.move(card, p, CASTING)
    state.emit("cast", p, card)
    start(state, _FINISH_CAST.get(card) or _finish_cast_steps(card), card, p)
    for i in reversed(d.fields["play"]):
        eff = d.effects[i]
        ctx = {"source": card, "controller": p}
        if eff.condition is not None and not effects.check(state, ctx, eff.condition):
            state.emit("negated", p, card, (i,))
            continue
        start(state, eff, card, p)


def activate(state: GameState, p: int, card: int, i: int) -> None:
    eff = state.defs[card].effects[i]
    if eff.limit:
        mark_used(state, card, i, eff.limit, p)
    state.emit("activate", p, card, (i,))
    start(state, eff.cost + eff.steps if eff.cost else eff.steps, card, p)


# ------------------------------------------------------------------ leader: levels (PTCG-TERM-02..05/19/22)
def level_up(state: GameState, p: int, card: int, by_effect: bool = False) -> bool:
    """Put ``card`` on the Leader: the old Leader becomes History; Stasis ends (PTCG-TERM-22)."""
    if locked(state, p, "level_up"):
        return False
    lead = state.zones[p][LEADER]
    old = lead[-1] if lead else -1  # leader_of
    if old >= 0:
        state.move(old, p, HISTORY)
    state.res[p]["levelled"] = state.turn
    state.move(card, p, LEADER)
    state.card_state(card).status["since"] = seq_next(state)
    state.emit("level_up", p, card, (old, state.defs[card].stats.get("level", 0)))
    entry_effects(state, card, p, LEADER)
    return True


def level_down(state: GameState, p: int, ctx: dict | None = None) -> bool:
    """Send the Leader to the Lost zone; the next History card leads (PTCG-TERM-19). Then Wings above the new
    level are destroyed (PTCG-ROLE-05) and cards put into play above level by an effect are lost (PTCG-ROLE-06)."""
    history = state.zones[p][HISTORY]
    old = leader_of(state, p)
    if old < 0 or not history:
        return False  # no Leader would be left: not performed (PTCG-ULT-02)
    state.move(old, p, LOST)
    new = history[-1]
    state.move(new, p, LEADER)
    state.card_state(new).status["since"] = seq_next(state)
    lvl = state.defs[new].stats.get("level", 0)
    state.emit("level_down", p, old, (new, lvl))
    state.emit("lost", p, old, (LEADER,))
    only_above = state.options.get("above_level_loss_only_if_above")
    zones = state.zones[p]
    for z in SLOTS:
        for c in list(zones[z]):
            d = state.defs[c]
            if d.type != UNIT:
                continue
            above = d.stats["level"] > lvl
            if ((z in WINGS and above) or (status(state, c, "above_level") and (above or not only_above))) and \
                    lose(state, c, None):
                state.emit("destroyed", p, c, ("level",))
    return True


# ------------------------------------------------------------------ losing cards
def to_lost(state: GameState, card: int) -> None:
    """Send a card to its owner's Lost zone (PTCG-TERM-01, PTCG-ZONE-02, PTCG-ULT-06)."""
    z = state.loc[card][1]
    owner = state.owner[card]
    state.move(card, owner, LOST)
    state.emit("lost", owner, card, (z,))


def lose(state: GameState, card: int, ctx: dict | None) -> bool:
    """Lose a card, unless it is a Leader (PTCG-ROLE-01) or something says it cannot be lost (PTCG-ULT-04)."""
    z = state.loc[card][1]
    if z in (LEADER, LOST, HISTORY, ""):
        return False
    if loss_forbidden(state, card, ctx):
        state.emit("prevented", state.owner[card], card, ("lose",))
        return False
    to_lost(state, card)
    return True


def loss_forbidden(state: GameState, card: int, ctx: dict | None) -> bool:
    st = state.cs.get(card)
    if st is None:
        return False
    since = st.status.get("cannot_be_lost")
    if since is None:
        return False
    # reading (a), option later_effect_wins: an effect started after the prohibition takes precedence
    return ctx is None or not state.options.get("later_effect_wins") or ctx.get("_seq", 0) <= since


def destroy(state: GameState, card: int, ctx: dict | None = None) -> None:
    """Destroying is losing; a Leader cannot be destroyed (PTCG-ROLE-01)."""
    if state.loc[card][1] == LEADER:
        state.emit("prevented", state.owner[card], card, ("destroy",))
        return
    if lose(state, card, ctx):
        state.emit("destroyed", state.owner[card], card, ())


def discard(state: GameState, card: int) -> None:
    to_lost(state, card)


# ------------------------------------------------------------------ statuses
def add_status(state: GameState, card: int, name: str, value: int, ctx: dict) -> None:
    if name == "stasis":
        stasis(state, card)
        return
    if name == "mind_wiped":
        mind_wipe(state, card)
        return
    if name == "cannot_be_lost":
        value = ctx.get("_seq", value) if ctx else value
    state.card_state(card).status[name] = value
    state.emit("status", state.owner[card], card, (name, value))


def stasis(state: GameState, card: int) -> None:
    """Turn a unit 180 degrees: it can neither attack, retreat nor activate effects (PTCG-TERM-20)."""
    p, z = state.loc[card]
    if z not in UNIT_ZONES or state.defs[card].type != UNIT:
        return
    st = state.card_state(card)
    st.tapped = False
    st.status["stasis"] = 1
    state.emit("stasis", p, card)


def end_stasis(state: GameState, card: int) -> None:
    st = state.card_state_or_none(card)
    if st is not None and st.status.pop("stasis", None) is not None:
        st.tapped = False  # back to the Refreshed position (PTCG-TERM-21)
        state.emit("stasis_ended", state.owner[card], card)


def mind_wipe(state: GameState, card: int) -> None:
    """The card no longer has an effect while it stays where it is (PTCG-TERM-23)."""
    if state.loc[card][1] not in FIELD:
        return
    state.card_state(card).status["mind_wiped"] = 1
    state.emit("mind_wipe", state.owner[card], card)


def effects_on(state: GameState, card: int) -> bool:
    """Whether a card's effects work now: not Mind Wiped (PTCG-TERM-23); a Support unit only while Refreshed
    (PTCG-ROLE-08)."""
    st = state.cs.get(card)
    if st is None:
        return True
    if st.status.get("mind_wiped"):
        return False
    if st.tapped or st.status.get("stasis"):
        z = state.loc[card][1]
        if z in SUPPORTS and state.defs[card].type == UNIT:
            return False
    return True


# ------------------------------------------------------------------ once per turn (PTCG-ULT-13/14)
def limit_ok(state: GameState, card: int, i: int, limit: str, controller: int) -> bool:
    st = state.cs.get(card)
    if st is None or USED[i] not in st.status:
        return True
    per_turn, n = effects.parse_limit(limit)
    if per_turn and st.status[USED[i]] != (state.turn if state.active == controller else state.turn - 1):  # cycle
        return True
    return st.status.get(COUNT[i], 0) < n


def mark_used(state: GameState, card: int, i: int, limit: str, controller: int) -> None:
    per_turn, _ = effects.parse_limit(limit)
    cyc = (state.turn if state.active == controller else state.turn - 1) if per_turn else -1  # cycle
    st = state.card_state(card).status
    if USED[i] in st and st[USED[i]] == cyc:
        st[COUNT[i]] = st.get(COUNT[i], 0) + 1
    else:
        st[USED[i]] = cyc
        st[COUNT[i]] = 1


def can_pay_step(state: GameState, ctx: dict, step: Step) -> bool:
    """A cost step of this game's own verbs, for :func:`~tcgkit.core.effects.can_pay` (costs are never paid in
    part: PTCG-CARD-08, PTCG-ULT-03): Energy to pay (PTCG-ENERGY-01), refreshed units to rest, cards to lose."""
    v = step.verb
    prm = step.params
    if v == "pay":
        return len(state.zones[ctx["controller"]][ENERGY]) >= effects.amount(state, ctx, prm["amount"])
    if v == "rest":
        cards = effects.select(state, ctx, prm["target"])
        return bool(cards) and all(is_refreshed(state, c) for c in cards)
    if v in ("lose", "sacrifice") and "target" in prm:
        return bool(effects.select(state, ctx, prm["target"]))
    return True


def draw(state: GameState, player: int) -> int:
    if prohibited(state, player, "draw", None):
        return -1
    c = state.move_top(player, DECK, HAND)
    if c < 0 and state.options.get("deck_out_on_failed_draw"):
        state.res[player]["failed_draw"] = 1
    return c


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class CardPlay:
    """Playing cards, the Leader's levels, losing cards, statuses, limits and costs: each method calls its module
    function (compiled code calls those directly)."""

    # ------------------------------------------------------------------ playing cards

    def pay_energy(self, state: GameState, p: int, n: int) -> int:
        """:func:`pay_energy`"""
        return pay_energy(state, p, n)

    def start(self, state: GameState, effect: Effect | tuple[Step, ...], source: int, controller: int,
              bindings: dict[str, Any] | None = None) -> None:
        """:func:`start`"""
        start(state, effect, source, controller, bindings)

    def enter(self, state: GameState, card: int, p: int, zone: str, by_effect: bool = False) -> None:
        """:func:`enter`"""
        enter(state, card, p, zone, by_effect)

    def entry_effects(self, state: GameState, card: int, p: int, zone: str) -> None:
        """:func:`entry_effects`"""
        entry_effects(state, card, p, zone)

    def play_boost(self, state: GameState, p: int, card: int) -> None:
        """:func:`play_boost`"""
        play_boost(state, p, card)

    def cast(self, state: GameState, p: int, card: int) -> None:
        """:func:`cast`"""
        cast(state, p, card)

    def activate(self, state: GameState, p: int, card: int, i: int) -> None:
        """:func:`activate`"""
        activate(state, p, card, i)

    def level_up(self, state: GameState, p: int, card: int, by_effect: bool = False) -> bool:
        """:func:`level_up`"""
        return level_up(state, p, card, by_effect)

    def level_down(self, state: GameState, p: int, ctx: dict | None = None) -> bool:
        """:func:`level_down`"""
        return level_down(state, p, ctx)

    def to_lost(self, state: GameState, card: int) -> None:
        """:func:`to_lost`"""
        to_lost(state, card)

    def lose(self, state: GameState, card: int, ctx: dict | None) -> bool:
        """:func:`lose`"""
        return lose(state, card, ctx)

    def loss_forbidden(self, state: GameState, card: int, ctx: dict | None) -> bool:
        """:func:`loss_forbidden`"""
        return loss_forbidden(state, card, ctx)

    def destroy(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        """:func:`destroy`"""
        destroy(state, card, ctx)

    def discard(self, state: GameState, card: int) -> None:
        """:func:`discard`"""
        discard(state, card)

    def add_status(self, state: GameState, card: int, name: str, value: int, ctx: dict) -> None:
        """:func:`add_status`"""
        add_status(state, card, name, value, ctx)

    def stasis(self, state: GameState, card: int) -> None:
        """:func:`stasis`"""
        stasis(state, card)

    def end_stasis(self, state: GameState, card: int) -> None:
        """:func:`end_stasis`"""
        end_stasis(state, card)

    def mind_wipe(self, state: GameState, card: int) -> None:
        """:func:`mind_wipe`"""
        mind_wipe(state, card)

    def effects_on(self, state: GameState, card: int) -> bool:
        """:func:`effects_on`"""
        return effects_on(state, card)

    def limit_ok(self, state: GameState, card: int, i: int, limit: str, controller: int) -> bool:
        """:func:`limit_ok`"""
        return limit_ok(state, card, i, limit, controller)

    def mark_used(self, state: GameState, card: int, i: int, limit: str, controller: int) -> None:
        """:func:`mark_used`"""
        mark_used(state, card, i, limit, controller)

    def can_pay_step(self, state: GameState, ctx: dict, step: Step) -> bool:
        """:func:`can_pay_step`"""
        return can_pay_step(state, ctx, step)

    def draw(self, state: GameState, player: int) -> int:
        """:func:`draw`"""
        return draw(state, player)

    def gain(self, state: GameState, player: int, resource: str, amount: int) -> None:
        """``gain``/``spend`` of ``energy`` move cards (energise from the deck / pay); other resources are numbers."""
        if resource == "energy":
            if amount < 0:
                self.pay_energy(state, player, -amount)
            else:
                for _ in range(amount):
                    if state.move_top(player, DECK, ENERGY) < 0:
                        break
            return
        super().gain(state, player, resource, amount)  # type: ignore[misc]  # (the Ruleset's, in the game)
