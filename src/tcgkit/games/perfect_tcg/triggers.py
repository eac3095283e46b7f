"""Perfect TCG triggered effects and the bookkeeping of the effects in play: what a triggered effect answers
(PTCG-ULT-10 "when a unit is lost", "In _ zone" effects), on the core's trigger engine
(:meth:`tcgkit.core.ruleset.Ruleset.fire_triggers`).

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from tcgkit.core import effects
from tcgkit.core.cards import CardDef, Effect
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.ruleset import event_bindings, event_filters_pass
from tcgkit.core.state import Event, GameState
from tcgkit.games.perfect_tcg.model import (
    DECK,
    ENERGY,
)
from tcgkit.games.perfect_tcg.plays import (
    BOARD_NEUTRAL,
    BOARD_WORTH,
    FIELD,
    FIELD_SET,
    NACT,
    NKEYS,
    NSTAT,
    NTRIG,
    ZONE_GROUPS,
    effects_on,
    limit_ok,
    mark_used,
    start,
)
from tcgkit.games.perfect_tcg.statics import STATIC_HOLDERS
from tcgkit.games.perfect_tcg.wins import lock_in

#: the ``state.memo`` key of :func:`listening_kinds`
LISTENING: Final = "perfect-tcg.listening"


def listening_kinds(state: GameState) -> frozenset[str]:
    """The event kinds some card in play (on either field) has a triggered effect for: kept in ``state.memo``,
    forgotten whenever a card with a triggered effect comes into play or leaves it (:meth:`Triggers.on_event`), and
    worked out again by a scan of both fields when next asked.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> listening_kinds(state)
    frozenset()
    """
    kinds = state.memo.get(LISTENING)
    if kinds is None:
        found: set[str] = set()
        defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
        for p in (0, 1):
            zones = state.zones[p]
            for z in FIELD:
                for c in zones[z]:
                    triggers = defs[c].triggers
                    if triggers:
                        found.update(triggers)  # its event kinds
        kinds = state.memo[LISTENING] = frozenset(found)
    return kinds


def _event_bindings(ev: Event) -> dict[str, Any]:
    """What a triggered effect knows of its event: the core's names plus ``event_other`` (the other card of a
    battle, or -1)."""
    return {**event_bindings(ev), "event_other": ev.data[0] if ev.data and type(ev.data[0]) is int else -1}


def _count_in_play(state: GameState, card: int, owner: int, step: int) -> None:
    """A card came into play (``step`` 1) or left it (-1): the counts of effects in play (``NKEYS``, ``NSTAT``,
    ``NACT``, ``NTRIG``) follow."""
    defs: list[CardDef] = state.defs
    f = defs[card].fields
    sk = f["static_keys"]
    if sk or f["activated"] or f["triggered"]:
        v = state.vars
        for k in sk:
            key = NKEYS[k]
            v[key] = v.get(key, 0) + step
        if sk:
            key = NSTAT[owner]
            v[key] = v.get(key, 0) + step
            _forget(state.memo, STATIC_HOLDERS)  # static_holders: found again when next asked
        if f["activated"]:
            key = NACT[owner]
            v[key] = v.get(key, 0) + step
        if f["triggered"]:
            key = NTRIG[owner]
            v[key] = v.get(key, 0) + step
            _forget(state.memo, LISTENING)  # listening_kinds: worked out again when next asked


def _forget(memo: dict[str, Any], key: str) -> None:
    """``memo.pop(key, None)``, as two dict operations of compiled code (no method call)."""
    if key in memo:
        del memo[key]


def any_applies(state: GameState, ev: Event) -> bool:
    """Whether the core's :meth:`~tcgkit.core.ruleset.Ruleset.fire_triggers` would start an effect for ``ev``: one
    of the effects it would try (those listening to the event's kind on the cards of each player's
    :meth:`Triggers.trigger_zones`, then on the event's own card out of play, PTCG-ULT-10) that
    :func:`trigger_applies` (which changes nothing). When none does, the (Python-level) call is not made."""
    kind = ev.kind
    defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
    v = state.vars
    for p in (0, 1):
        if v.get(NTRIG[p]):  # trigger_zones: the field, while p has a card with a triggered effect there
            zones = state.zones[p]
            for z in FIELD:
                for card in zones[z]:
                    listening = defs[card].triggers.get(kind)
                    if listening is not None:
                        for i, eff in listening:
                            if trigger_applies(state, card, i, eff, ev):
                                return True
    own = ev.card
    if 0 <= own < len(defs) and state.loc[own][1] not in FIELD_SET:  # OWN_CARD_TRIGGERS, out of PLAY_ZONES
        for i, eff in defs[own].triggers.get(kind, ()):
            if trigger_applies(state, own, i, eff, ev):
                return True
    return False


def _energy_moved(state: GameState, fp: int, fz: str, tp: int, tz: str) -> None:
    """A card moved out of or into an Energy zone: each player's Energy count (and option lock_in_wins)."""
    if fz == ENERGY:
        state.res[fp]["energy"] = len(state.zones[fp][ENERGY])
        if tz == ENERGY:
            state.res[tp]["energy"] = len(state.zones[tp][ENERGY])
            if state.options.get("lock_in_wins"):
                lock_in(state, tp)
    else:
        state.res[tp]["energy"] = len(state.zones[tp][ENERGY])
        if state.options.get("lock_in_wins"):
            lock_in(state, fp if fz == DECK else tp)


def recount_statics(state: GameState) -> None:
    """Recount the static effects in play and forget the facts kept in ``state.memo`` (after a scenario placed
    or changed cards without events)."""
    counts: Counter = Counter()
    for key in (LISTENING, STATIC_HOLDERS, *BOARD_WORTH):
        state.memo.pop(key, None)
    for p in (0, 1):
        act = trig = stat = 0
        for z in FIELD:
            for c in state.zones[p][z]:
                f = state.defs[c].fields
                counts.update(f["static_keys"])
                act += bool(f["activated"])
                trig += bool(f["triggered"])
                stat += bool(f["static_keys"])
        state.vars[NACT[p]] = act
        state.vars[NTRIG[p]] = trig
        state.vars[NSTAT[p]] = stat
    for k, key in NKEYS.items():
        state.vars[key] = counts.get(k, 0)


def trigger_applies(state: GameState, card: int, index: int, eff: Effect, ev: Event) -> bool:
    """Whether ``card``'s triggered effect ``index`` answers ``ev``: in play where its ``zone`` says and while its
    effects work (PTCG-TERM-23, PTCG-ROLE-08); out of play only where its ``zone`` says, or as the named unit just
    lost (PTCG-ULT-10); its event filters, ``unit`` and ``against``; once per turn (PTCG-ULT-13); its
    condition."""
    p = state.owner[card]
    defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
    z = state.loc[card][1]
    off_field = z not in FIELD_SET
    if off_field:
        if eff.zone is None:
            # "When a <name> Unit is lost" covers that unit itself, just gone from play (PTCG-ULT-10)
            if not (ev.kind == "lost" and eff.params and "unit" in eff.params and ev.data
                    and ev.data[0] in FIELD_SET):
                return False
        elif z not in ZONE_GROUPS.get(eff.zone, (eff.zone,)):  # the rules' zone_group
            return False
    elif eff.zone is not None and z not in ZONE_GROUPS.get(eff.zone, (eff.zone,)):
        return False
    if not off_field and not effects_on(state, card):
        return False
    prm = eff.params
    if prm:
        if not event_filters_pass(prm, card, p, ev):
            return False
        if "unit" in prm and (ev.card < 0 or defs[ev.card].name.lower() != str(prm["unit"]).lower()):
            return False
        against = prm.get("against")
        if against is not None and (len(ev.data) < 2 or ev.data[1] != against):
            return False
    if eff.limit and not limit_ok(state, card, index, eff.limit, p):
        return False
    if eff.condition is not None:
        ctx = {"source": card, "controller": p, **_event_bindings(ev)}
        if not effects.check(state, ctx, eff.condition):
            return False
    return True


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class Triggers:
    """Events: the counts of effects in play, and the triggered effects: a method the game calls itself calls its
    module function (compiled code calls those directly); the hooks only the core calls (``on_event`` at every event,
    ``trigger_zones``, ``trigger_bindings``, ``use_limit``, ``start_triggered``) do their work here."""

    # ------------------------------------------------------------------ triggers

    def on_event(self, state: GameState, ev: Event) -> None:
        """Keep the counts of effects in play and each player's Energy count at every move, and forget the facts of
        the cards in play kept in ``state.memo`` (:func:`listening_kinds`,
        :func:`~tcgkit.games.perfect_tcg.statics.static_holders`, the board worth of
        :data:`~tcgkit.games.perfect_tcg.model.BOARD_WORTH`) when a card they list moves or changes; fire the triggered
        effects of an event some card may answer (:meth:`may_trigger`). Cards put into play without a ``move`` event
        (a scenario) need :meth:`recount_statics`."""
        kind = ev.kind
        memo = state.memo
        defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
        if kind == "move":
            data = ev.data
            fp: int = data[0]
            fz: str = data[1]
            tp: int = data[2]
            tz: str = data[3]
            if fz in FIELD_SET:
                _forget(memo, BOARD_WORTH[fp])  # the evaluation's board worth of the side it leaves
                if tz not in FIELD_SET:  # out of play: keep the counts of effects in play
                    _count_in_play(state, ev.card, fp, -1)
                else:  # within play
                    _forget(memo, BOARD_WORTH[tp])
                    if defs[ev.card].fields["static_keys"]:  # static_holders' order
                        _forget(memo, STATIC_HOLDERS)
            elif tz in FIELD_SET:  # into play
                _forget(memo, BOARD_WORTH[tp])
                _count_in_play(state, ev.card, tp, 1)
            if fz == ENERGY or tz == ENERGY:
                _energy_moved(state, fp, fz, tp, tz)
            elif fz == DECK and state.options.get("lock_in_wins"):
                lock_in(state, fp)
        elif kind not in BOARD_NEUTRAL:  # the event's card may have been rested, put in Stasis, Mind Wiped...
            c = ev.card
            if 0 <= c < len(state.loc):  # only its side (the player whose zone holds it)
                _forget(memo, BOARD_WORTH[state.loc[c][0]])
            elif kind == "turn_start":  # the turn player's units refreshed
                _forget(memo, BOARD_WORTH[ev.player])
            else:
                _forget(memo, BOARD_WORTH[0])
                _forget(memo, BOARD_WORTH[1])
        # may_trigger, inline: a card in play listening to the kind, or the event's own card; then a kind some card of
        # the pool triggers on (the rules' trigger_kinds: an attribute of a Python object, read last); then whether one
        # of those effects answers it (more than half the events some card listens to start nothing)
        v = state.vars
        if (v.get(NTRIG[0]) or v.get(NTRIG[1])) and kind in listening_kinds(state):
            rules = state.rules
            if kind in rules.trigger_kinds and any_applies(state, ev):
                rules.fire_triggers(state, ev)
            return
        own = ev.card
        if 0 <= own < len(defs) and kind in defs[own].triggers:
            rules = state.rules
            if kind in rules.trigger_kinds and any_applies(state, ev):
                rules.fire_triggers(state, ev)

    def _energy_moved(self, state: GameState, fp: int, fz: str, tp: int, tz: str) -> None:
        """:func:`_energy_moved`"""
        _energy_moved(state, fp, fz, tp, tz)

    @staticmethod
    def may_trigger(state: GameState, ev: Event) -> bool:
        """Whether any triggered effect could answer ``ev``: a card in play listening to its kind (the counts
        :meth:`on_event` keeps, then :func:`listening_kinds`), or the event's own card listening to its kind (an
        own-card trigger out of play, PTCG-ULT-10). When not, the core's ``fire_triggers`` would find nothing, so it
        is not called."""
        v = state.vars
        if (v.get(NTRIG[0]) or v.get(NTRIG[1])) and ev.kind in listening_kinds(state):
            return True
        own = ev.card
        return 0 <= own < len(state.defs) and ev.kind in state.defs[own].triggers

    def recount_statics(self, state: GameState) -> None:
        """:func:`recount_statics`"""
        recount_statics(state)

    def trigger_zones(self, state: GameState, player: int) -> tuple[str, ...]:
        """The field, while ``player`` has a card with a triggered effect there (counted by :meth:`on_event`)."""
        return FIELD if state.vars.get(NTRIG[player]) else ()

    def trigger_bindings(self, ev: Event) -> dict[str, Any]:
        return _event_bindings(ev)

    def use_limit(self, state: GameState, card: int, index: int, eff: Effect) -> None:
        if eff.limit:
            mark_used(state, card, index, eff.limit, state.owner[card])

    def start_triggered(self, state: GameState, card: int, index: int, controller: int,
                        bindings: dict[str, Any]) -> None:
        start(state, state.defs[card].effects[index], card, controller, bindings)

    def trigger_applies(self, state: GameState, card: int, index: int, eff: Effect, ev: Event) -> bool:
        """:func:`trigger_applies`"""
        return trigger_applies(state, card, index, eff, ev)
