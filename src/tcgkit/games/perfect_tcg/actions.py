"""Perfect TCG legal actions: what the player deciding may do at each stage (PTCG-TURN-04..07, PTCG-ROLE-*,
PTCG-CARD-07/08, PTCG-WAR-02/03/08, PTCG-TERM-15/20, PTCG-ULT-04/13/14), one family of options at a time, and why
an action is not legal.

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from typing import Any

from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.effects import Check
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.model import (
    ART,
    BEHIND,
    BOOST,
    BOOST_T,
    DECK,
    ENERGY,
    FIELD,
    HAND,
    HISTORY,
    LEADER,
    LOCK_KEYS,
    LOST,
    NACT,
    SL,
    SLOTS,
    SPELL,
    SR,
    SUPPORTS,
    UNIT,
    UNIT_ZONES,
    WINGS,
    WL,
    WR,
    energy,
    in_stasis,
    is_refreshed,
    is_rested,
    leader_level,
    status,
)

PASS, END, DONE, DRAW = Action("pass"), Action("end"), Action("done"), Action("draw")
_new = tuple.__new__  # _new(Action, (kind, args)) builds an Action without the NamedTuple constructor (hot path)
IDX = tuple(str(i) for i in range(32))
FIELD_ZONES_ALL = frozenset((DECK, HAND, LEADER, HISTORY, WL, WR, SL, SR, BOOST, ENERGY, LOST, ART))


#: id(condition) -> (the condition, kept so that its id stays its own; its checking function)
_CHECKS: dict[int, tuple[Any, Check]] = {}


def condition_check(cond: Any) -> Check:
    """A function checking ``cond`` as ``effects.check`` does (the core's
    :func:`~tcgkit.core.effects.compile_check`), with a fast path for ``exists`` in one zone of ``you``/``opponent``
    (an empty zone fails; a plain zone or a name filter is answered at once).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> condition_check({"exists": "you.wing_left"})(state, {"controller": 0})
    False
    """
    return effects.compile_check(cond, _exists_check)


def _exists_check(cond: dict) -> Check | None:
    """``{exists: you.<zone>}`` (or ``opponent.``) of a field zone, plain or with a name filter; None otherwise."""
    spec = cond.get("exists")
    plain = type(spec) is str
    where = spec if plain else spec.get("zone") if type(spec) is dict else None
    if type(where) is not str:
        return None
    who, _, zone = where.partition(".")
    if who not in ("you", "opponent") or zone not in FIELD_ZONES_ALL:
        return None
    flip = who != "you"
    name = None
    if not plain and len(spec) == 2:  # {zone: ..., filter: {name: ...}}, as effects.matches reads a name
        flt = spec.get("filter")
        if type(flt) is dict and len(flt) == 1 and "name" in flt:
            name = str(flt["name"]).lower()

    def exists(state: GameState, ctx: dict) -> bool:
        cards = state.zones[1 - ctx["controller"] if flip else ctx["controller"]][zone]
        if not cards:
            return False
        if plain:
            return True
        if name is not None:
            defs = state.defs
            for c in cards:  # noqa: SIM110 (a loop: no generator on the hot path)
                if defs[c].name.lower() == name:
                    return True
            return False
        return effects.check(state, ctx, cond)

    return exists


class StageActions:
    """The legal actions of each stage, and the refusals."""

    # ================================================================== legal actions
    def legal_actions(self, state: GameState) -> list[Action]:
        return self.legal_actions_for(state)

    def legal_actions_for(self, state: GameState) -> list[Action]:
        ph = state.phase
        if ph == "leader":
            return self.leader_options(state, state.current)
        p = state.active
        if ph == "refresh":
            return [DRAW, *(Action("end_stasis", (u,)) for u in self.stasis_units(state, p))]
        if ph == "bonus":
            acts = self.boost_options(state, p) if state.res[p].get("boosted") != state.turn else []
            acts += self.retreat_options(state, p)
            acts.append(PASS)
            return acts
        if ph == "level":
            acts = self.level_options(state, p)
            acts += self.retreat_options(state, p)
            acts.append(PASS)
            return acts
        if ph == "main":
            acts = self.hand_options(state, p)
            acts += self.activation_options(state, p)
            acts += self.retreat_options(state, p)
            acts.append(PASS)
            return acts
        if ph == "war":
            return self.war_actions(state, p, self.attackers(state, p))
        if ph == "support":
            acts = [Action("support", (s,)) for s in self.support_candidates(state)]
            acts.append(DONE)
            return acts
        if ph == "defend":
            d = 1 - p
            acts = self.defend_hand_options(state, d)
            acts += self.activation_options(state, d)
            acts += self.retreat_options(state, d)
            acts.append(DONE)
            return acts
        return []

    def war_actions(self, state: GameState, p: int, attackers: list[int]) -> list[Action]:
        targets = self.targets(state, 1 - p)
        acts = [_new(Action, ("attack", (a, t))) for a in attackers for t in targets]
        acts += self.activation_options(state, p)
        acts += self.retreat_options(state, p)
        acts.append(END)
        return acts

    # ------------------------------------------------------------------ options, one family at a time
    def locked(self, state: GameState, p: int, what: str) -> bool:
        """A player-level prohibition: a ``lock`` still running or a ``cannot`` static (PTCG-ULT-04)."""
        until = state.res[p].get(LOCK_KEYS[what])
        if until is not None and until >= state.turn:
            return True
        return self.static_forbids(state, p, what, None)

    def boost_options(self, state: GameState, p: int) -> list[Action]:
        """Boosts from hand, paying their cost (PTCG-TURN-04, PTCG-WAR-07)."""
        out = []
        en = len(state.zones[p][ENERGY])
        for c in state.zones[p][HAND]:
            d = state.defs[c]
            if d.type == BOOST_T and d.stats["cost"] <= en:
                out.append(_new(Action, ("boost", (c,))))
        if out and self.locked(state, p, "boost"):
            return []
        return out

    def spell_options(self, state: GameState, p: int) -> list[Action]:
        """Spells from hand: cost at or below the Leader's level (PTCG-CARD-07 (a)) and paid in full (PTCG-CARD-08)."""
        out = []
        en = len(state.zones[p][ENERGY])
        lvl = 1 << 30 if state.options.get("spells_ignore_level") else leader_level(state, p)
        for c in state.zones[p][HAND]:
            d = state.defs[c]
            if d.type == SPELL:
                cost = d.stats["cost"]
                if cost <= en and cost <= lvl:
                    out.append(_new(Action, ("cast", (c,))))
        if out and self.locked(state, p, "spell"):
            return []
        return out

    def level_options(self, state: GameState, p: int) -> list[Action]:
        """Units one level above the Leader, once per turn (PTCG-TURN-05, PTCG-ROLE-02, PTCG-TERM-04)."""
        if state.res[p].get("levelled") == state.turn:
            return []
        lvl = leader_level(state, p)
        anyhigher = state.options.get("level_up_any_higher")
        out = []
        for c in state.zones[p][HAND]:
            d = state.defs[c]
            if d.type == UNIT:
                cl = d.stats["level"]
                if cl == lvl + 1 or (anyhigher and cl > lvl):
                    out.append(_new(Action, ("level", (c,))))
        if out and self.locked(state, p, "level_up"):
            return []
        return out

    def hand_options(self, state: GameState, p: int) -> list[Action]:
        """The main stage's cards from hand, from one pass over it: units at or below the Leader's level into each
        empty Wing or Support zone (PTCG-TURN-06, PTCG-ROLE-04), then the spells ``spell_options`` offers."""
        zones = state.zones[p]
        empty = [z for z in SLOTS if not zones[z]]
        lvl = leader_level(state, p)
        spell_lvl = 1 << 30 if state.options.get("spells_ignore_level") else lvl
        en = len(zones[ENERGY])
        plays: list[Action] = []
        spells: list[Action] = []
        defs = state.defs
        for c in zones[HAND]:
            d = defs[c]
            if d.type == UNIT:
                if empty and d.stats["level"] <= lvl:
                    for z in empty:
                        plays.append(_new(Action, ("play", (c, z))))
            elif d.type == SPELL:
                cost = d.stats["cost"]
                if cost <= en and cost <= spell_lvl:
                    spells.append(_new(Action, ("cast", (c,))))
        if spells and not self.locked(state, p, "spell"):
            plays += spells
        return plays

    def retreat_options(self, state: GameState, p: int) -> list[Action]:
        """Support units may Retreat at any time, unless in Stasis (PTCG-ROLE-11, PTCG-TERM-20)."""
        zones = state.zones[p]
        out = []
        for z in SUPPORTS:
            for c in zones[z]:
                if state.defs[c].type == UNIT and not in_stasis(state, c):
                    out.append(_new(Action, ("retreat", (c,))))
        return out

    def activation_options(self, state: GameState, p: int) -> list[Action]:
        """Activated effects the player may use now (PTCG-ENERGY-01, PTCG-ULT-13/14, PTCG-TERM-20/23)."""
        left = state.vars.get(NACT[p])  # the player's cards in play with one: the scan stops after the last
        if not left:
            return []
        zones = state.zones[p]
        out: list[Action] = []
        own = state.active == p
        locked = None
        defs = state.defs
        cs = state.cs
        for z in FIELD:
            for c in zones[z]:
                d = defs[c]
                acts = d.fields["activated_effs"]
                if not acts:
                    continue
                left -= 1
                st = cs.get(c)
                # effects_on (PTCG-TERM-23, PTCG-ROLE-08) and not in_stasis (PTCG-TERM-20), from one read
                if st is None or not (st.status.get("mind_wiped") or st.status.get("stasis", 0) > 0 or (
                        (st.tapped or st.status.get("stasis")) and z in SUPPORTS and d.type == UNIT)):
                    for i, eff, where, own_turn_only, rest_self in acts:
                        if own_turn_only and not own:
                            continue
                        if where is not None and z not in where:
                            continue
                        if eff.limit and not self.limit_ok(state, c, i, eff.limit, p):
                            continue
                        if rest_self and not is_refreshed(state, c):
                            continue
                        cost = eff.cost
                        ctx = {"source": c, "controller": p}
                        if cost and not effects.can_pay(state, ctx, cost):
                            continue
                        if eff.condition is not None and not self.holds(state, ctx, eff.condition):
                            continue
                        if locked is None:
                            locked = self.locked(state, p, "activate")
                        if locked:
                            return []
                        out.append(_new(Action, ("activate", (c, IDX[i]))))
                if not left:
                    return out
        return out

    @classmethod
    def holds(cls, state: GameState, ctx: dict, cond: Any) -> bool:
        """``effects.check``, with fast paths for the commonest conditions: ``{exists: "you.zone"}``, an ``exists``
        on an empty zone (whatever its filter), and ``{all: [...]}`` of such parts, checked in order (so the King of
        Gandor's four-part condition fails at its first empty zone without running a selector). Each condition is
        read once into a checking function (:func:`condition_check`)."""
        entry = _CHECKS.get(id(cond))
        if entry is None or entry[0] is not cond:
            entry = _CHECKS[id(cond)] = (cond, condition_check(cond))
        return entry[1](state, ctx)

    def attackers(self, state: GameState, p: int) -> list[int]:
        """Refreshed Leader and Wing units (Support units only when a card allows it): PTCG-WAR-02/03, PTCG-ROLE-07,
        PTCG-TERM-20, PTCG-ULT-01."""
        zones = state.zones[p]
        out = []
        cs = state.cs
        for z in UNIT_ZONES[:3]:
            for c in zones[z]:
                st = cs.get(c)
                if st is not None and (st.tapped or st.status.get("stasis") or st.status.get("cannot_attack")):
                    continue
                if z == LEADER or state.defs[c].type == UNIT:
                    out.append(c)
        if (zones[SL] or zones[SR]) and self.static_allows(state, p, "support_attack"):
            for z in SUPPORTS:
                for c in zones[z]:
                    if state.defs[c].type == UNIT and is_refreshed(state, c) and not status(state, c, "cannot_attack"):
                        out.append(c)
        return out

    def targets(self, state: GameState, p: int) -> list[int]:
        """The opponent's Leader and Wing units (PTCG-WAR-02)."""
        zones = state.zones[p]
        out = list(zones[LEADER])
        for z in WINGS:
            for c in zones[z]:
                if state.defs[c].type == UNIT:
                    out.append(c)
        return out

    def support_candidates(self, state: GameState) -> list[int]:
        """Support units that may add their power to the attack now (PTCG-ROLE-09/10)."""
        att = state.vars.get("b_att", -1)
        if att < 0:
            return []
        p, z = state.loc[att]
        chosen = state.vars.get("b_sup", ())
        zones = state.zones[p]
        if z == LEADER:
            if chosen and state.options.get("leader_one_support"):
                return []
            spots = SUPPORTS
        elif z in BEHIND:
            if chosen:
                return []
            spots = (BEHIND[z],)
        else:
            return []
        # option stasis_may_support (PTCG-TERM-20/ROLE-10): a Stasis unit is turned, not rested, so it may support a
        # Leader's attack, which needs no resting
        stasis_ok = z == LEADER and state.options.get("stasis_may_support")
        out = []
        for s in spots:
            for c in zones[s]:
                if c not in chosen and state.defs[c].type == UNIT and (
                        is_refreshed(state, c) or (stasis_ok and not state.cs[c].tapped)):
                    out.append(c)
        return out

    def defend_hand_options(self, state: GameState, d: int) -> list[Action]:
        """The defending player's options from hand and Wing zones, from one pass over the hand: while no defender is
        chosen, units from hand below the Leader's level (PTCG-WAR-08) and Guardians (:meth:`guardian_options`); then
        Boosts and Spells as :meth:`boost_options` and :meth:`spell_options` offer them."""
        zones = state.zones[d]
        defs = state.defs
        opts = state.options
        lvl = leader_level(state, d)
        limit = lvl if opts.get("defend_at_or_below") else lvl - 1
        spell_lvl = 1 << 30 if opts.get("spells_ignore_level") else lvl
        en = len(zones[ENERGY])
        defending = state.vars.get("b_def", -1) < 0
        out: list[Action] = []
        boosts: list[Action] = []
        spells: list[Action] = []
        for c in zones[HAND]:
            dd = defs[c]
            t = dd.type
            if t == UNIT:
                if defending and dd.stats["level"] <= limit:
                    out.append(_new(Action, ("defend", (c,))))
            elif t == BOOST_T:
                if dd.stats["cost"] <= en:
                    boosts.append(_new(Action, ("boost", (c,))))
            elif t == SPELL:
                cost = dd.stats["cost"]
                if cost <= en and cost <= spell_lvl:
                    spells.append(_new(Action, ("cast", (c,))))
        if defending:
            out += self.guardian_options(state, d, limit)
        if boosts and not self.locked(state, d, "boost"):
            out += boosts
        if spells and not self.locked(state, d, "spell"):
            out += spells
        return out

    def guardian_options(self, state: GameState, d: int, limit: int) -> list[Action]:
        """Guardian units in the Wing zones, other than the one attacked, at or below ``limit`` (PTCG-TERM-15)."""
        out = []
        tgt = state.vars.get("b_tgt", -1)
        glimit = 1 << 30 if state.options.get("guardian_ignores_level") else limit
        for z in WINGS:
            for c in state.zones[d][z]:
                dd = state.defs[c]
                if (c != tgt and dd.fields["guardian"] and dd.stats["level"] <= glimit and not in_stasis(state, c)
                        and not status(state, c, "mind_wiped")):
                    out.append(_new(Action, ("defend", (c,))))
        return out

    def stasis_units(self, state: GameState, p: int) -> list[int]:
        zones = state.zones[p]
        out = []
        for z in UNIT_ZONES:
            for c in zones[z]:
                if in_stasis(state, c):
                    out.append(c)
        return out

    def explain_illegal(self, state: GameState, action: Action) -> str:
        """Why an action is not legal now, citing the clause where one applies."""
        why = self._explain(state, action)
        return why or super().explain_illegal(state, action)

    def _explain(self, state: GameState, a: Action) -> str | None:
        k, args = a.kind, a.args
        if not args or type(args[0]) is not int or not all(0 <= x < len(state.defs) for x in args if type(x) is int):
            return None
        p = state.current
        card = args[0]
        if not state.visible(card, p):
            return "no such card where you can see it"  # never name a hidden card
        d = state.defs[card]
        if state.owner[card] != p and k in ("play", "cast", "boost", "level", "retreat", "activate", "defend"):
            return "that card is not yours"
        if k == "play":
            if state.phase != "main":
                return "units are played in your Main stage (PTCG-TURN-06)"
            if d.type == UNIT and d.stats["level"] > leader_level(state, p):
                return (f"{d.name} is level {d.stats['level']}, above your Leader's level {leader_level(state, p)} "
                        "(PTCG-CARD-03, PTCG-ROLE-04)")
            if len(args) > 1 and args[1] in SLOTS and state.zones[p][args[1]]:
                return f"{args[1]} is not empty; each Wing and Support zone holds one unit (PTCG-ROLE-03)"
        if k == "level":
            if state.res[p].get("levelled") == state.turn:
                return "the Leader can level up only once each turn (PTCG-ROLE-02)"
            return "a level-up needs a unit exactly one level above the Leader, in the Level stage (PTCG-TURN-05)"
        if k == "cast":
            if d.type == SPELL and d.stats["cost"] > energy(state, p):
                return f"{d.name} costs {d.stats['cost']} Energy and you have {energy(state, p)} (PTCG-CARD-08)"
            if d.type == SPELL and d.stats["cost"] > leader_level(state, p):
                return "a Spell's cost must be at or below your Leader's level (PTCG-CARD-07, PTCG-TURN-06)"
            if self.locked(state, p, "spell"):
                return "you are locked out of playing Spells (PTCG-ULT-04)"
        if k == "attack":
            z = state.loc[card][1]
            if z in SUPPORTS:
                return "a Support unit cannot attack (PTCG-ROLE-07)"
            if in_stasis(state, card):
                return "a unit in Stasis cannot attack (PTCG-TERM-20)"
            if is_rested(state, card):
                return "a rested unit cannot attack; each unit attacks once per turn (PTCG-WAR-03)"
            if len(args) > 1 and type(args[1]) is int and state.loc[args[1]][1] in SUPPORTS:
                return "only the opposing Leader and Wing units can be attacked (PTCG-WAR-02)"
        if k == "retreat":
            if state.loc[card][1] in WINGS:
                return "a Wing unit cannot be removed once placed (PTCG-ZONE-05)"
            if in_stasis(state, card):
                return "a unit in Stasis cannot retreat (PTCG-TERM-20)"
        if k == "defend":
            return "a defender from hand must be below your Leader's level (PTCG-WAR-08); from the Wing zone only a " \
                   "Guardian (PTCG-TERM-15); one defender per attack"
        if k == "activate":
            if in_stasis(state, card):
                return "a unit in Stasis cannot activate effects (PTCG-TERM-20)"
            return ("the effect cannot be used now: once per turn (PTCG-ULT-13), your turn only (PTCG-ULT-14), or its "
                    "cost cannot be paid in full (PTCG-ENERGY-01)")
        return None
