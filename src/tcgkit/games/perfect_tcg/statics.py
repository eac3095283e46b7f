"""Perfect TCG static effects: what the effects in play allow, forbid (PTCG-ULT-04) and add to numbers, and armour
(PTCG-TERM-07..09).

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tcgkit.core import effects
from tcgkit.core.cards import CardDef
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.actions import check_of, zones_hold
from tcgkit.games.perfect_tcg.model import (
    UNIT,
    status,
)
from tcgkit.games.perfect_tcg.plays import (
    FIELD,
    FIELD_SET,
    NKEYS,
    SUPPORTS,
    ZONE_GROUPS,
    prohibited,
)

#: compiled targets: (state, source, controller, battling) -> the cards a modifier reaches (read only; no repeats)
Targets = Callable[[GameState, int, int, list], Sequence[int]]
#: a compiled amount: a number, or (state, source) -> the number (pure: no die roll, no event)
Amount = int | Callable[[GameState, int], int]
#: a compiled modifier: (its targets, its amount)
Compiled = tuple[Targets, Amount]
#: id(effect) -> (the effect, kept so that its id stays its own; stat -> ((modifier, compiled or None), ...))
_MODS: Final[dict[int, tuple[Any, dict[str, tuple[tuple[Any, Compiled | None], ...]]]]] = {}
#: the index key of the ``modify`` statics changing each number
MODIFY_KEY: Final[dict[str, str]] = {"power": "modify:power", "damage": "modify:damage"}


def modifiers_of(eff: Any, name: str) -> tuple[tuple[Any, Compiled | None], ...]:
    """A ``modify`` static's modifiers changing ``name`` (``power`` or ``damage``), in printed order, each with its
    compiled form (:func:`compiled_modifier`), read once per effect."""
    entry = _MODS.get(id(eff))
    if entry is None or entry[0] is not eff:
        mods = eff.params["modify"]
        mods = mods if isinstance(mods, tuple) else (mods,)
        entry = _MODS[id(eff)] = (eff, {stat: tuple((m, compiled_modifier(m)) for m in mods
                                                    if m.get("stat", "power") == stat) for stat in MODIFY_KEY})
    return entry[1][name]


def compiled_modifier(m: Any) -> Compiled | None:
    """A ``modify`` static's modifier read into (targets, amount): a function of (state, source, controller,
    battling) giving the cards it reaches, and its amount (a number, or a function of (state, source)); None when
    its target or its amount is not one of the shapes read here (``effects.select`` and ``effects.amount`` decide).

    The shapes the cards print: ``self``, ``you.leader`` (any ``you``/``opponent`` zone or group in play),
    ``{of: battling}`` and ``{zone: ...}``, each with no filter, ``{owner: you}`` or ``{type: ...}``; amounts that are
    numbers or ``{mul: [{counter: name, of: self}, number]}`` (pure: worked out or not, nothing else changes).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> targets, by = compiled_modifier({"target": "self", "stat": "power", "by": 1000})
    >>> list(targets(state, 7, 0, [])), by
    ([7], 1000)
    """
    targets, amount = _targets(m["target"]), _amount(m["by"])
    return None if targets is None or amount is None else (targets, amount)


def _targets(spec: Any) -> Targets | None:
    if spec is None or spec == "self":
        return _self_target
    flt = None
    if isinstance(spec, Mapping):
        if "top" in spec or len(spec) > 2 or (len(spec) == 2 and "filter" not in spec):
            return None
        base = spec["zone"] if "zone" in spec else spec.get("of")
        flt = spec.get("filter") or None
    else:
        base = spec
    keep: Keep | None
    if flt is None:
        keep = None
    elif flt == {"owner": "you"}:
        keep = _own
    elif len(flt) == 1 and "type" in flt and type(flt["type"]) is str:
        keep = _of_type(flt["type"])
    else:
        return None
    if base == "battling":
        if keep is None:
            return _all_battling
        if flt == {"owner": "you"}:  # "your battling units": the commonest shape, with no call per card
            return _own_battling
        return _battling_kept(keep)
    if not (type(base) is str and base.count(".") == 1 and base.split(".")[0] in ("you", "opponent")):
        return None
    who, zone = base.split(".")
    zones = ZONE_GROUPS.get(zone, (zone,))
    flip = who == "opponent"
    if not all(z in FIELD_SET for z in zones):
        return None
    if len(zones) == 1 and keep is None:
        return _one_zone(flip, zones[0])
    return _in_zones(flip, zones, keep)


# _targets' parts: a filter's test (Keep) and the targets of each shape, each made by a function of its own
#: a compiled filter: (state, controller, card) -> whether the card passes it
Keep = Callable[[GameState, int, int], bool]


def _own(state: GameState, p: int, c: int) -> bool:
    return state.owner[c] == p


def _of_type(t: str) -> Keep:
    def keep(state: GameState, p: int, c: int) -> bool:
        return state.defs[c].type == t
    return keep


def _self_target(state: GameState, src: int, p: int, battling: list) -> Sequence[int]:
    return (src,)


def _all_battling(state: GameState, src: int, p: int, battling: list) -> Sequence[int]:
    return battling


def _own_battling(state: GameState, src: int, p: int, battling: list) -> Sequence[int]:
    owner = state.owner
    out = []
    for c in battling:
        if owner[c] == p:
            out.append(c)
    return out


def _battling_kept(keep: Keep) -> Targets:
    def battling_kept(state: GameState, src: int, p: int, battling: list) -> Sequence[int]:
        return [c for c in battling if keep(state, p, c)]
    return battling_kept


def _one_zone(flip: bool, z0: str) -> Targets:
    def one_zone(state: GameState, src: int, p: int, battling: list) -> Sequence[int]:
        return state.zones[1 - p if flip else p][z0]
    return one_zone


def _in_zones(flip: bool, zones: Sequence[str], keep: Keep | None) -> Targets:
    def in_zones(state: GameState, src: int, p: int, battling: list) -> Sequence[int]:
        pz = state.zones[1 - p if flip else p]
        return [c for z in zones for c in pz[z] if keep is None or keep(state, p, c)]
    return in_zones


def _amount(spec: Any) -> Amount | None:
    if type(spec) is int:
        return spec
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


#: the ``state.memo`` key of :func:`static_holders`
STATIC_HOLDERS: Final = "perfect-tcg.static_holders"


def static_holders(state: GameState) -> dict[str, tuple[int, ...]]:
    """Index key (``statics_by_key``: ``"win"``, ``"modify:power"``...) -> the cards in play with a static effect
    under it, in the order a scan of the fields finds them (player 0's first, each field in ``FIELD`` order). Kept in
    ``state.memo`` (never changed: a new dict replaces it), forgotten whenever a card with a static effect moves into,
    out of or within play (:meth:`~tcgkit.games.perfect_tcg.triggers.Triggers.on_event`), and found again by a scan
    of both fields when next asked.

    >>> from tcgkit.games import get_rules
    >>> static_holders(get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4))
    {}
    """
    holders = state.memo.get(STATIC_HOLDERS)
    if holders is None:
        found: dict[str, list[int]] = {}
        defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
        for p in (0, 1):
            zones = state.zones[p]
            for z in FIELD:
                for c in zones[z]:
                    for k in defs[c].fields["statics_by_key"]:
                        found.setdefault(k, []).append(c)
        holders = state.memo[STATIC_HOLDERS] = {k: tuple(v) for k, v in found.items()}
    return holders


def battling_cards(state: GameState) -> list[int]:
    """The ``battling`` cards a static's context names: the attacker and the attacked unit, during a battle."""
    att = state.vars.get("b_att", -1)
    return [att, state.vars.get("b_tgt", -1)] if att >= 0 else []


def active_statics(state: GameState, key: str, part: str | None = None):
    """(card, controller, effect) for every static effect with ``key`` that works now (each card's effects by
    key indexed when its definition was made: ``statics_by_key``); with ``part`` (``"modify:power"``), only
    those the index lists under it. The cards are read from :func:`static_holders` (no scan of the field)."""
    if not state.vars.get(NKEYS[key]):  # no card in play with such an effect
        return
    part = part or key
    cards = static_holders(state).get(part)
    if cards is None:
        return
    defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
    cs = state.cs
    loc = state.loc
    for c in cards:
        p, z = loc[c]
        st = cs.get(c)
        # effects_on: not Mind Wiped (PTCG-TERM-23), a Support unit only while Refreshed (PTCG-ROLE-08)
        if st is None or not (st.status.get("mind_wiped") or (
                (st.tapped or st.status.get("stasis")) and z in SUPPORTS and defs[c].type == UNIT)):
            for _, eff, where in defs[c].fields["statics_by_key"][part]:
                if where is not None and z not in where:
                    continue
                cond = eff.condition
                if cond is not None and not (zones_hold(state, p, cond) and check_of(cond)(
                        state, static_ctx(state, c, p))):
                    continue
                yield c, p, eff


def static_ctx(state: GameState, card: int, p: int) -> dict[str, Any]:
    return {"source": card, "controller": p, "battling": battling_cards(state)}


def static_allows(state: GameState, p: int, what: str) -> bool:
    if not state.vars.get("n_allow"):
        return False
    for _, q, eff in active_statics(state, "allow"):
        words = eff.params["allow"]
        if q == p and (what == words or (isinstance(words, tuple) and what in words)):
            return True
    return False


def static_forbids(state: GameState, p: int, what: str, ctx: dict | None) -> bool:
    """A ``cannot`` static forbidding ``what`` to ``p`` (PTCG-ULT-04: a prohibition wins, unless the option
    later_effect_wins is on and the effect started after the prohibition came into play)."""
    if not state.vars.get("n_cannot"):
        return False
    for c, q, eff in active_statics(state, "cannot"):
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


def stat(state: GameState, card: int, name: str) -> int:
    """Printed number + modifiers + static effects (Support abilities, Boosts, Artefacts)."""
    defs: list[CardDef] = state.defs
    d = defs[card]
    v = d.stats.get(name, 0)
    st = state.cs.get(card)
    if st is not None and st.mods:
        for s, delta, _ in st.mods:
            if s == name:
                v += delta
    if (name == "power" or name == "damage") and state.vars.get("n_modify") and state.loc[card][1] in FIELD_SET:
        for src, p, eff in active_statics(state, "modify", MODIFY_KEY[name]):
            for m, compiled in modifiers_of(eff, name):
                if compiled is None:
                    ctx = static_ctx(state, src, p)
                    if card in effects.select(state, ctx, m["target"]):
                        v += effects.amount(state, ctx, m["by"])
                elif card in compiled[0](state, src, p, battling_cards(state)):
                    by = compiled[1]
                    v += by if isinstance(by, int) else by(state, src)
    return v if v > 0 else 0


def static_bonuses(state: GameState, name: str, cards: tuple[int, ...]) -> dict[int, int]:
    """card -> what the static effects in play add to its ``name`` (``power`` or ``damage``), for ``cards``
    (each at most once) and every card a modifier of an unread shape reaches (:func:`compiled_modifier`); a card
    nothing reaches may have no entry."""
    out: dict[int, int] = {}
    if not state.vars.get("n_modify"):
        return out
    att = state.vars.get("b_att", -1)
    battling = [att, state.vars.get("b_tgt", -1)] if att >= 0 else []  # battling_cards
    for src, p, eff in active_statics(state, "modify", MODIFY_KEY[name]):
        for m, compiled in modifiers_of(eff, name):
            if compiled is None:  # every card it reaches, its amount worked out once if it reaches any
                ctx = static_ctx(state, src, p)
                by = None
                for c in effects.select(state, ctx, m["target"]):
                    if by is None:
                        by = effects.amount(state, ctx, m["by"])
                    out[c] = out.get(c, 0) + by
                continue
            worked: int | None = None
            for c in compiled[0](state, src, p, battling):
                if c in cards:
                    if worked is None:
                        amount = compiled[1]
                        worked = amount if isinstance(amount, int) else amount(state, src)
                    out[c] = out.get(c, 0) + worked
    return out


# ------------------------------------------------------------------ armour (PTCG-TERM-07..09)
def armour(state: GameState, p: int) -> tuple[int, int]:
    """(armour that lasts, decaying armour) of player ``p``."""
    lasting = state.res[p].get("armour", 0)
    if not state.vars.get("n_armour"):
        return lasting, state.res[p].get("decaying", 0)
    for _, q, eff in active_statics(state, "armour"):
        if q == p:
            lasting += effects.amount(state, {"source": _, "controller": q}, eff.params["armour"])
    return lasting, state.res[p].get("decaying", 0)


def armour_available(state: GameState, p: int) -> int:
    lasting, decaying = armour(state, p)
    if state.options.get("armour_per_hit"):
        return lasting + decaying
    return max(0, lasting - state.res[p].get("armour_used", 0)) + decaying


def use_armour(state: GameState, p: int, n: int) -> None:
    """Lasting armour first (only limited per turn); then decaying armour, which drops by what it prevented."""
    lasting, decaying = armour(state, p)
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


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class Statics:
    """Static effects in play and armour: each method calls its module function (compiled code calls those
    directly)."""

    # ------------------------------------------------------------------ statics

    def active_statics(self, state: GameState, key: str, part: str | None = None):
        """:func:`active_statics`"""
        return active_statics(state, key, part)

    def static_ctx(self, state: GameState, card: int, p: int) -> dict[str, Any]:
        """:func:`static_ctx`"""
        return static_ctx(state, card, p)

    def static_allows(self, state: GameState, p: int, what: str) -> bool:
        """:func:`static_allows`"""
        return static_allows(state, p, what)

    def static_forbids(self, state: GameState, p: int, what: str, ctx: dict | None) -> bool:
        """:func:`static_forbids`"""
        return static_forbids(state, p, what, ctx)

    def prohibited(self, state: GameState, p: int, what: str, ctx: dict | None) -> bool:
        """:func:`~tcgkit.games.perfect_tcg.plays.prohibited`"""
        return prohibited(state, p, what, ctx)

    def stat(self, state: GameState, card: int, name: str) -> int:
        """:func:`stat`"""
        return stat(state, card, name)

    def static_bonuses(self, state: GameState, name: str, cards: tuple[int, ...]) -> dict[int, int]:
        """:func:`static_bonuses`"""
        return static_bonuses(state, name, cards)

    def armour(self, state: GameState, p: int) -> tuple[int, int]:
        """:func:`armour`"""
        return armour(state, p)

    def armour_available(self, state: GameState, p: int) -> int:
        """:func:`armour_available`"""
        return armour_available(state, p)

    def use_armour(self, state: GameState, p: int, n: int) -> None:
        """:func:`use_armour`"""
        use_armour(state, p, n)
