"""Perfect TCG static effects: what the effects in play allow, forbid (PTCG-ULT-04) and add to numbers, and armour
(PTCG-TERM-07..09).

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tcgkit.core import effects
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.actions import check_of
from tcgkit.games.perfect_tcg.model import (
    FIELD,
    FIELD_SET,
    LOCK_KEYS,
    NKEYS,
    NSTAT,
    SUPPORTS,
    UNIT,
    ZONE_GROUPS,
    status,
)

#: a compiled target test: (state, source, controller, card, battling) -> whether the modifier reaches ``card``
Reach = Callable[[GameState, int, int, int, list], bool]
#: a compiled amount: (state, source) -> the number (pure: no die roll, no event)
Amount = Callable[[GameState, int], int]
#: a compiled modifier: (state, source, controller, card, battling) -> what it adds to the card (0: none)
Bonus = Callable[[GameState, int, int, int, list], int]
#: id(modifier) -> (the modifier, kept so that its id stays its own; its compiled form or None)
_MODS: dict[int, tuple[Any, Bonus | None]] = {}
#: the index key of the ``modify`` statics changing each number
MODIFY_KEY = {"power": "modify:power", "damage": "modify:damage"}


def compiled_modifier(m: Any) -> Bonus | None:
    """A ``modify`` static's modifier read once into a function of (state, source, controller, card, battling)
    answering what it adds to ``card`` (0 when it does not reach it): None when its target or its amount is not one
    of the shapes read here (then ``effects.select`` and ``effects.amount`` decide, as for any effect).

    The shapes the cards print: ``self``, ``you.leader`` (any ``you``/``opponent`` zone or group in play),
    ``{of: battling}`` and ``{zone: ...}``, each with no filter, ``{owner: you}`` or ``{type: ...}``; amounts that are
    numbers or ``{mul: [{counter: name, of: self}, number]}`` (pure: worked out or not, nothing else changes).

    >>> bonus = compiled_modifier({"target": "self", "stat": "power", "by": 1000})
    >>> bonus(None, 7, 0, 7, []), bonus(None, 7, 0, 8, [])
    (1000, 0)
    """
    entry = _MODS.get(id(m))
    if entry is None or entry[0] is not m:
        entry = _MODS[id(m)] = (m, _bonus(_reach(m["target"]), _amount(m["by"])))
    return entry[1]


def _bonus(reach: Reach | None, amount: Amount | None) -> Bonus | None:
    if reach is None or amount is None:
        return None

    def bonus(state: GameState, src: int, p: int, c: int, battling: list) -> int:
        return amount(state, src) if reach(state, src, p, c, battling) else 0
    return bonus


def _reach(spec: Any) -> Reach | None:
    if spec is None or spec == "self":
        return lambda state, src, p, c, battling: c == src
    flt = None
    if isinstance(spec, Mapping):
        if "top" in spec or len(spec) > 2 or (len(spec) == 2 and "filter" not in spec):
            return None
        base = spec["zone"] if "zone" in spec else spec.get("of")
        flt = spec.get("filter") or None
    else:
        base = spec
    if base == "battling":
        def where(state: GameState, src: int, p: int, c: int, battling: list) -> bool:
            return c in battling
    elif type(base) is str and base.count(".") == 1 and base.split(".")[0] in ("you", "opponent"):
        who, zone = base.split(".")
        zones = ZONE_GROUPS.get(zone, (zone,))
        flip = who == "opponent"
        if not all(z in FIELD_SET for z in zones):
            return None

        def where(state: GameState, src: int, p: int, c: int, battling: list) -> bool:
            pz = state.zones[1 - p if flip else p]
            for z in zones:  # noqa: SIM110 (a loop: no generator on the hot path)
                if c in pz[z]:
                    return True
            return False
    else:
        return None
    if flt is None:
        return where
    if flt == {"owner": "you"}:
        return lambda state, src, p, c, battling: where(state, src, p, c, battling) and state.owner[c] == p
    if len(flt) == 1 and "type" in flt and type(flt["type"]) is str:
        t = flt["type"]
        return lambda state, src, p, c, battling: where(state, src, p, c, battling) and state.defs[c].type == t
    return None


def _amount(spec: Any) -> Amount | None:
    if type(spec) is int:
        return lambda state, src: spec
    if isinstance(spec, Mapping) and len(spec) == 1 and "mul" in spec:
        a, b = spec["mul"]
        if (isinstance(a, Mapping) and set(a) == {"counter", "of"} and a["of"] == "self" and type(b) is int
                and type(a["counter"]) is str):
            name = a["counter"]

            def by_counter(state: GameState, src: int) -> int:
                st = state.cs.get(src)
                return (st.counters.get(name, 0) if st is not None else 0) * b
            return by_counter
    return None


def battling_cards(state: GameState) -> list[int]:
    """The ``battling`` cards a static's context names: the attacker and the attacked unit, during a battle."""
    att = state.vars.get("b_att", -1)
    return [att, state.vars.get("b_tgt", -1)] if att >= 0 else []


class Statics:
    """Static effects in play and armour."""

    # ------------------------------------------------------------------ statics
    def active_statics(self, state: GameState, key: str, part: str | None = None):
        """(card, controller, effect) for every static effect with ``key`` that works now (each card's effects by
        key indexed when its definition was made: ``statics_by_key``); with ``part`` (``"modify:power"``), only
        those the index lists under it."""
        v = state.vars
        left = v.get(NKEYS[key])  # the cards in play with such an effect: the scan stops after the last of them
        if not left:
            return
        defs = state.defs
        cs = state.cs
        for p in (0, 1):
            if not v.get(NSTAT[p]):
                continue
            zones = state.zones[p]
            for z in FIELD:
                for c in zones[z]:
                    effs = defs[c].fields["statics_by_key"].get(part or key)
                    if effs is None:
                        continue
                    left -= 1  # a card indexed under ``part`` has ``key``: stopping at 0 leaves none out
                    st = cs.get(c)
                    # effects_on: not Mind Wiped (PTCG-TERM-23), a Support unit only while Refreshed (PTCG-ROLE-08)
                    if st is None or not (st.status.get("mind_wiped") or (
                            (st.tapped or st.status.get("stasis")) and z in SUPPORTS and defs[c].type == UNIT)):
                        for _, eff, where in effs:
                            if where is not None and z not in where:
                                continue
                            cond = eff.condition
                            if cond is not None and not check_of(cond)(state, self.static_ctx(state, c, p)):
                                continue
                            yield c, p, eff
                    if not left:
                        return

    def static_ctx(self, state: GameState, card: int, p: int) -> dict[str, Any]:
        return {"source": card, "controller": p, "battling": battling_cards(state)}

    def static_allows(self, state: GameState, p: int, what: str) -> bool:
        if not state.vars.get("n_allow"):
            return False
        for _, q, eff in self.active_statics(state, "allow"):
            words = eff.params["allow"]
            if q == p and (what == words or (isinstance(words, tuple) and what in words)):
                return True
        return False

    def static_forbids(self, state: GameState, p: int, what: str, ctx: dict | None) -> bool:
        """A ``cannot`` static forbidding ``what`` to ``p`` (PTCG-ULT-04: a prohibition wins, unless the option
        later_effect_wins is on and the effect started after the prohibition came into play)."""
        if not state.vars.get("n_cannot"):
            return False
        for c, q, eff in self.active_statics(state, "cannot"):
            rule = eff.params["cannot"]
            if rule.get("what") != what:
                continue
            who = rule.get("player", "opponent")
            if p not in effects.players(state, {"source": c, "controller": q}, who):
                continue
            if ctx is not None and state.options.get("later_effect_wins") and ctx.get("_seq", 0) > status(
                    state, c, "since"):
                continue
            return True
        return False

    def prohibited(self, state: GameState, p: int, what: str, ctx: dict | None) -> bool:
        """Whether an effect may not make ``p`` do ``what`` now."""
        until = state.res[p].get(LOCK_KEYS[what])
        if until is not None and until >= state.turn:
            return True
        return self.static_forbids(state, p, what, ctx)

    def stat(self, state: GameState, card: int, name: str) -> int:
        """Printed number + modifiers + static effects (Support abilities, Boosts, Artefacts)."""
        d = state.defs[card]
        v = d.stats.get(name, 0)
        st = state.cs.get(card)
        if st is not None and st.mods:
            for s, delta, _ in st.mods:
                if s == name:
                    v += delta
        if (name == "power" or name == "damage") and state.vars.get("n_modify") and state.loc[card][1] in FIELD_SET:
            for src, p, m, bonus in self.active_modifiers(state, name):
                if bonus is not None:
                    v += bonus(state, src, p, card, battling_cards(state))
                else:
                    ctx = self.static_ctx(state, src, p)
                    if card in effects.select(state, ctx, m["target"]):
                        v += effects.amount(state, ctx, m["by"])
        return v if v > 0 else 0

    def active_modifiers(self, state: GameState, name: str):
        """(source, controller, modifier, its compiled form or None) for every ``modify`` static changing ``name``
        (``power`` or ``damage``) that works now, in the order :meth:`active_statics` finds them."""
        for src, p, eff in self.active_statics(state, "modify", MODIFY_KEY[name]):
            mods = eff.params["modify"]
            for m in mods if isinstance(mods, tuple) else (mods,):
                if m.get("stat", "power") == name:
                    yield src, p, m, compiled_modifier(m)

    def static_bonuses(self, state: GameState, name: str, cards: tuple[int, ...]) -> dict[int, int]:
        """card -> what the static effects in play add to its ``name`` (``power`` or ``damage``), for ``cards``
        (each at most once) and every card a modifier of an unread shape reaches (:func:`compiled_modifier`); a card
        nothing reaches may have no entry."""
        out: dict[int, int] = {}
        if not state.vars.get("n_modify"):
            return out
        battling = None
        for src, p, m, bonus in self.active_modifiers(state, name):
            if bonus is None:  # every card it reaches, its amount worked out once if it reaches any
                ctx = self.static_ctx(state, src, p)
                by = None
                for c in effects.select(state, ctx, m["target"]):
                    if by is None:
                        by = effects.amount(state, ctx, m["by"])
                    out[c] = out.get(c, 0) + by
                continue
            if battling is None:
                battling = battling_cards(state)
            for c in cards:
                b = bonus(state, src, p, c, battling)
                if b:
                    out[c] = out.get(c, 0) + b
        return out

    # ------------------------------------------------------------------ armour (PTCG-TERM-07..09)
    def armour(self, state: GameState, p: int) -> tuple[int, int]:
        """(armour that lasts, decaying armour) of player ``p``."""
        lasting = state.res[p].get("armour", 0)
        if not state.vars.get("n_armour"):
            return lasting, state.res[p].get("decaying", 0)
        for _, q, eff in self.active_statics(state, "armour"):
            if q == p:
                lasting += effects.amount(state, {"source": _, "controller": q}, eff.params["armour"])
        return lasting, state.res[p].get("decaying", 0)

    def armour_available(self, state: GameState, p: int) -> int:
        lasting, decaying = self.armour(state, p)
        if state.options.get("armour_per_hit"):
            return lasting + decaying
        return max(0, lasting - state.res[p].get("armour_used", 0)) + decaying

    def use_armour(self, state: GameState, p: int, n: int) -> None:
        """Lasting armour first (only limited per turn); then decaying armour, which drops by what it prevented."""
        lasting, decaying = self.armour(state, p)
        res = state.res[p]
        if state.options.get("armour_per_hit"):
            from_lasting = min(n, lasting)
        else:
            from_lasting = min(n, max(0, lasting - res.get("armour_used", 0)))
            res["armour_used"] = res.get("armour_used", 0) + from_lasting
        rest = n - from_lasting
        if rest:
            res["decaying"] = max(0, decaying - rest)
        state.emit("armour_used", p, data=(n, rest))
