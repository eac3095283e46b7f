"""Perfect TCG static effects: what the effects in play allow, forbid (PTCG-ULT-04) and add to numbers, and armour
(PTCG-TERM-07..09).

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from typing import Any

from tcgkit.core import effects
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.model import (
    FIELD,
    FIELD_SET,
    LOCK_KEYS,
    NKEYS,
    NSTAT,
    status,
)


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
                    if self.effects_on(state, c):
                        for _, eff, where in effs:
                            if where is not None and z not in where:
                                continue
                            if eff.condition is not None and not self.holds(
                                    state, self.static_ctx(state, c, p), eff.condition):
                                continue
                            yield c, p, eff
                    if not left:
                        return

    def static_ctx(self, state: GameState, card: int, p: int) -> dict[str, Any]:
        att = state.vars.get("b_att", -1)
        battling = [att, state.vars.get("b_tgt", -1)] if att >= 0 else []
        return {"source": card, "controller": p, "battling": battling}

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
            for src, p, eff in self.active_statics(state, "modify", f"modify:{name}"):
                mods = eff.params["modify"]
                for m in mods if isinstance(mods, tuple) else (mods,):
                    if m.get("stat", "power") != name:
                        continue
                    ctx = self.static_ctx(state, src, p)
                    if card in effects.select(state, ctx, m["target"]):
                        v += effects.amount(state, ctx, m["by"])
        return v if v > 0 else 0

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
