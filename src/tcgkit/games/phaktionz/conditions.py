"""Phaktionz's conditions read once into checking functions (speed): :func:`holds` answers exactly as
``effects.check`` does, with the commonest shapes of the card texts (``all``/``any``/``not`` of ``exists``,
``none`` and ``compare`` over ``you``/``opponent``/``each`` zones with simple filters, ``turn``, ``phase``)
checked without the core's general selector machinery; every other shape is handed to ``effects.check``.

A condition's checking function is built the first time it is checked and kept with the condition object (the
conditions are parts of the immutable card definitions).

>>> from tcgkit.games import get_rules
>>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
>>> ctx = {"source": 0, "controller": 0}
>>> cond = {"compare": [{"count": "you.field"}, ">=", 3]}
>>> holds(state, ctx, cond) == effects.check(state, ctx, cond)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tcgkit.core import effects
from tcgkit.core.effects import Check

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

#: a compiled selector: (state, context) -> the cards, in the order ``effects.select`` gives them
Cards = Callable[["GameState", dict], list[int]]
#: a compiled filter: (state, context, card) -> whether the card passes
Test = Callable[["GameState", dict, int], bool]
#: a compiled amount: (state, context) -> the number
Number = Callable[["GameState", dict], int]

#: id(condition) -> (the condition, its checking function); the condition is kept, so its id is never reused
_CHECKS: dict[int, tuple[Any, Check]] = {}
#: the same for selectors and amounts
_SELECTORS: dict[int, tuple[Any, Cards]] = {}
_AMOUNTS: dict[int, tuple[Any, Number]] = {}
_FILTERS: dict[int, tuple[Any, Test]] = {}
_MEMBERS: dict[int, tuple[Any, Test]] = {}
#: the card list's facts of :func:`passing_names` (this and the filter's id: (the filter, the names))
_PASSING = "phaktionz.passing_names"
_WHO = ("you", "opponent", "each")
#: the printed numbers a filter may bound (``{tier: {min: 3}}``)
_STATS = ("tier", "dmg")


def holds(state: GameState, ctx: dict, cond: Any) -> bool:
    """``effects.check(state, ctx, cond)``, through the condition's checking function."""
    if cond is None:
        return True
    entry = _CHECKS.get(id(cond))
    if entry is None or entry[0] is not cond:
        entry = _CHECKS[id(cond)] = (cond, compile_condition(cond, state.rules))
    return entry[1](state, ctx)


def select(state: GameState, ctx: dict, spec: Any) -> list[int]:
    """``effects.select(state, ctx, spec)``, through the selector's compiled form when it has one (do not change
    the list: it may be a zone itself).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> select(state, {"source": 0, "controller": 0}, "you.hand") == state.zones[0]["hand"]
    True
    """
    entry = _SELECTORS.get(id(spec))
    if entry is None or entry[0] is not spec:
        cards = _cards(spec, state.rules)
        entry = _SELECTORS[id(spec)] = (spec, cards or (lambda state, ctx: effects.select(state, ctx, spec)))
    return entry[1](state, ctx)


def amount(state: GameState, ctx: dict, spec: Any) -> int:
    """``effects.amount(state, ctx, spec)``, through the amount's compiled form when it has one.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> amount(state, {"source": 0, "controller": 1}, {"sum": [{"count": "you.hand"}, -5]})
    0
    """
    if type(spec) is int:
        return spec
    entry = _AMOUNTS.get(id(spec))
    if entry is None or entry[0] is not spec:
        number = _amount(spec, state.rules)
        entry = _AMOUNTS[id(spec)] = (spec, number or (lambda state, ctx: effects.amount(state, ctx, spec)))
    return entry[1](state, ctx)


def member(state: GameState, ctx: dict, spec: Any, card: int) -> bool:
    """``card in effects.select(state, ctx, spec)``, through the selector's compiled membership test when it has one
    (no selection is built: the card's place and the filter are read).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> card = state.zones[1]["hand"][0]
    >>> member(state, {"controller": 1}, "you.hand", card), member(state, {"controller": 0}, "you.hand", card)
    (True, False)
    """
    entry = _MEMBERS.get(id(spec))
    if entry is None or entry[0] is not spec:
        test = _member(spec, state.rules)
        entry = _MEMBERS[id(spec)] = (spec, test or (lambda state, ctx, card: card in select(state, ctx, spec)))
    return entry[1](state, ctx, card)


def card_test(flt: Any) -> Test:
    """A function ``(state, ctx, card) -> bool`` answering as ``effects.matches(state, ctx, card, flt)``.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> summon = card_test({"type": "summon"})
    >>> [summon(state, {}, c) for c in range(len(state.defs))] == [d.type == "summon" for d in state.defs]
    True
    """
    entry = _FILTERS.get(id(flt))
    if entry is None or entry[0] is not flt:
        entry = _FILTERS[id(flt)] = (flt, _filter(flt))
    return entry[1]


def passing_names(state: GameState, flt: Any) -> tuple[str | None, ...] | None:
    """By card id: the card's name when its printed facts pass ``flt``, else None; or None for a filter that reads
    more than printed facts. Such a filter (``type``, ``tag``, ``not_tag``, ``name_has``, Tier bounds by literal
    numbers) answers as :func:`card_test` for every card off the battlefield (a card's Tier on the battlefield may be
    its field Tier), whatever its state: a search of the deck reads the names of the cards that pass in C, not a
    test per card. A fact of the card list (``state.defs``), kept per filter.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> names = passing_names(state, {"type": "summon"})
    >>> names == tuple(d.name if d.type == "summon" else None for d in state.defs)
    True
    >>> passing_names(state, {"other": True}) is None
    True
    """
    key = f"{_PASSING}:{id(flt)}"
    entry = state.defs.facts.get(key)
    if entry is None or entry[0] is not flt:  # (a filter of this list's cards lives as long as the list)
        entry = state.defs.facts[key] = (flt, _passing_names(state.defs, flt))
    return entry[1]


def _passing_names(defs: list, flt: Any) -> tuple[str | None, ...] | None:
    """Work out :func:`passing_names` for one filter (None when it reads more than printed facts)."""
    if type(flt) is not dict:
        return None
    tests = []
    for key, want in flt.items():
        test = _printed_key(key, want)
        if test is None:
            return None
        tests.append(test)
    return tuple(d.name if all(test(d) for test in tests) else None for d in defs)


def _printed_key(key: str, want: Any) -> Callable[[Any], bool] | None:
    """One filter key as :func:`_filter_key` reads it for a card off the battlefield, from its definition alone; None
    for a key that reads more."""
    if key == "type" and type(want) is str:
        return lambda d: d.type == want
    if key == "tag" and type(want) is str:
        return lambda d: want in d.tags
    if key == "not_tag" and type(want) is str:
        return lambda d: want not in d.tags
    if key == "name_has":
        part = str(want).lower()
        return lambda d: part in d.name.lower()
    if key == "tier" and _filter_key(key, want) is not None:  # stat(card, "tier") off the battlefield: printed
        lo, hi, eq = want.get("min"), want.get("max"), want.get("eq")
        return lambda d: ((lo is None or d.stats.get("tier", 0) >= lo) and (hi is None or d.stats.get("tier", 0) <= hi)
                          and (eq is None or d.stats.get("tier", 0) == eq))
    return None


def compile_condition(cond: Any, rules: Any) -> Check:
    """A function answering as ``effects.check(state, ctx, cond)`` would (``rules``: the ruleset, for its zones):
    the core's :func:`~tcgkit.core.effects.compile_check`, with Phaktionz's commonest leaves compiled."""
    return effects.compile_check(cond, lambda leaf: _leaf(leaf, rules))


def _leaf(cond: dict, rules: Any) -> Check | None:
    """A faster function for one condition other than ``all``/``any``/``not``; None: ``effects.check`` answers."""
    (key, arg), = cond.items()
    if key == "turn":
        mine = arg in ("mine", "yours")
        return lambda state, ctx: (state.active == ctx.get("controller")) == mine
    if key == "phase":
        return lambda state, ctx: state.phase == arg
    if key in ("exists", "none"):
        found = _exists(arg, rules)
        if found is None or key == "exists":
            return found
        return lambda state, ctx: not found(state, ctx)
    if key == "compare" and type(arg) in (list, tuple) and len(arg) == 3 and arg[1] in effects.COMPARE_OPS:
        a, b = _amount(arg[0], rules), _amount(arg[2], rules)
        if a is None or b is None:
            return None
        op = effects.COMPARE_OPS[arg[1]]
        return lambda state, ctx: op(a(state, ctx), b(state, ctx))
    return None


def _amount(spec: Any, rules: Any) -> Number | None:
    """A compiled amount for a literal or the size of a compiled selection; None for any other shape."""
    if type(spec) is int:
        return lambda state, ctx: spec
    if type(spec) is dict and len(spec) == 1:
        (key, sel), = spec.items()
        if key in ("count", "zone_size"):
            cards = _cards(sel, rules)
            if cards is not None:
                return lambda state, ctx: len(cards(state, ctx))
        if key == "sum" and type(sel) in (list, tuple):
            parts = [_amount(a, rules) for a in sel if type(a) is not int]  # (the literal numbers: added once)
            if all(part is not None for part in parts):
                return _sum(parts, sum(a for a in sel if type(a) is int))  # type: ignore[arg-type]
    return None


def _sum(parts: list[Number], literal: int) -> Number:
    """The sum of compiled amounts other than literal numbers (ints: the same number in any order) and of the literal
    numbers, ``literal``."""
    if len(parts) == 1:
        one = parts[0]
        return lambda state, ctx: one(state, ctx) + literal
    return lambda state, ctx: sum([part(state, ctx) for part in parts], literal)


def _exists(spec: Any, rules: Any) -> Check | None:
    """Whether a selection is not empty, stopping at the first card that passes its filter."""
    if type(spec) is dict and set(spec) == {"zone", "filter"} and spec["filter"]:
        zone, test = _cards(spec["zone"], rules), _filter(spec["filter"])
        if zone is None:
            return None

        def exists(state: GameState, ctx: dict) -> bool:
            for c in zone(state, ctx):  # noqa: SIM110 (as above)
                if test(state, ctx, c):
                    return True
            return False

        return exists
    cards = _cards(spec, rules)
    if cards is None:
        return None
    return lambda state, ctx: bool(cards(state, ctx))


def _cards(spec: Any, rules: Any) -> Cards | None:
    """A compiled selector for ``who.zone`` (who: you, opponent, each) and ``{zone: ..., filter: ...}``; None for
    any other shape."""
    if type(spec) is dict:
        if not set(spec) <= {"zone", "filter"} or "zone" not in spec:
            return None
        base = _cards(spec["zone"], rules)
        if base is None or not spec.get("filter"):
            return base
        flt = spec["filter"]
        if type(flt) is dict and len(flt) == 1 and type(flt.get("type")) is str:  # the commonest: read inline
            want = flt["type"]

            def typed(state: GameState, ctx: dict) -> list[int]:
                defs = state.defs
                return [c for c in base(state, ctx) if defs[c].type == want]  # type: ignore[misc]

            return typed
        test = _filter(flt)
        return lambda state, ctx: [c for c in base(state, ctx) if test(state, ctx, c)]
    if type(spec) is tuple and spec:
        parts = [_cards(s, rules) for s in spec]
        if any(part is None for part in parts):
            return None

        def joined(state: GameState, ctx: dict) -> list[int]:
            out: list[int] = []
            for part in parts:
                out.extend(part(state, ctx))  # type: ignore[misc]
            return out

        return joined
    if type(spec) is not str:
        return None
    if spec == "self":
        return lambda state, ctx: [ctx["source"]]
    if "." not in spec:
        return _bound(spec)
    who, _, zone = spec.partition(".")
    names = rules.zone_group(zone)
    if who not in _WHO or any(z not in rules.ZONES for z in names):
        return None
    each = who == "each"
    flip = who == "opponent"

    def cards(state: GameState, ctx: dict) -> list[int]:
        if spec in ctx:  # a bound name is read before a zone (as effects.select does)
            return effects.select(state, ctx, spec)
        me = ctx.get("controller", state.active)
        zones = state.zones
        if len(zones) != 2:
            return effects.select(state, ctx, spec)
        if each:
            out: list[int] = []
            for p in (me, 1 - me):
                for z in names:
                    out.extend(zones[p][z])
            return out
        pz = zones[1 - me if flip else me]
        if len(names) == 1:
            return pz[names[0]]
        out = []
        for z in names:
            out.extend(pz[z])
        return out

    return cards


def _member(spec: Any, rules: Any) -> Test | None:
    """A compiled membership test for the selectors :func:`_cards` compiles but bound names; None for the others."""
    if type(spec) is dict:
        if not set(spec) <= {"zone", "filter"} or "zone" not in spec:
            return None
        base = _member(spec["zone"], rules)
        if base is None or not spec.get("filter"):
            return base
        test = _filter(spec["filter"])
        return lambda state, ctx, card: base(state, ctx, card) and test(state, ctx, card)
    if type(spec) is tuple and spec:
        parts = [_member(s, rules) for s in spec]
        if any(part is None for part in parts):
            return None
        return lambda state, ctx, card: any(part(state, ctx, card) for part in parts)  # type: ignore[misc]
    if spec == "self":
        return lambda state, ctx, card: card == ctx["source"]
    if type(spec) is not str or "." not in spec:
        return None
    who, _, zone = spec.partition(".")
    names = rules.zone_group(zone)
    if who not in _WHO or any(z not in rules.ZONES for z in names):
        return None
    each, flip = who == "each", who == "opponent"

    def placed(state: GameState, ctx: dict, card: int) -> bool:
        if spec in ctx or len(state.zones) != 2:  # a bound name is read before a zone (as effects.select does)
            return card in effects.select(state, ctx, spec)
        p, z = state.loc[card]
        if z not in names:
            return False
        if each:
            return True
        me = ctx.get("controller", state.active)
        return p == (1 - me if flip else me)

    return placed


def _bound(name: str) -> Cards:
    """The cards bound to a name in the context (``event_card``, ``chosen``), as ``effects.select`` reads them."""

    def bound(state: GameState, ctx: dict) -> list[int]:
        if name not in ctx:
            return effects.select(state, ctx, name)
        v = ctx[name]
        if isinstance(v, list):
            return [c for c in v if type(c) is int]
        return [v] if type(v) is int else []

    return bound


def _filter(flt: Any) -> Test:
    """A compiled card filter (type, tag, not_tag, other, status, not_status and stat bounds by literal numbers);
    any other filter is handed to ``effects.matches``."""
    if type(flt) is not dict:
        return lambda state, ctx, card: effects.matches(state, ctx, card, flt)
    tests = []
    for key, want in flt.items():
        test = _filter_key(key, want)
        if test is None:
            return lambda state, ctx, card: effects.matches(state, ctx, card, flt)
        tests.append(test)
    if len(tests) == 1:
        return tests[0]
    parts = tuple(tests)

    def every(state: GameState, ctx: dict, card: int) -> bool:
        for part in parts:  # noqa: SIM110 (as above)
            if not part(state, ctx, card):
                return False
        return True

    return every


def _filter_key(key: str, want: Any) -> Test | None:
    """One filter key as ``effects.matches`` reads it; None for the keys left to it."""
    if key == "type" and type(want) is str:
        return lambda state, ctx, card: state.defs[card].type == want
    if key == "tag" and type(want) is str:
        return lambda state, ctx, card: want in state.defs[card].tags
    if key == "name_has":
        part = str(want).lower()
        return lambda state, ctx, card: part in state.defs[card].name.lower()
    if key == "not_tag" and type(want) is str:
        return lambda state, ctx, card: want not in state.defs[card].tags
    if key == "other":
        return (lambda state, ctx, card: card != ctx.get("source")) if want else (lambda state, ctx, card: True)
    if key == "status" and type(want) is str:
        def status(state: GameState, ctx: dict, card: int) -> bool:
            st = state.cs.get(card)
            return st is not None and st.status.get(want, 0) > 0

        return status
    if key == "not_status" and type(want) is str:
        def not_status(state: GameState, ctx: dict, card: int) -> bool:
            st = state.cs.get(card)
            return not (st is not None and st.status.get(want, 0) > 0)

        return not_status
    if key in _STATS and type(want) is dict and want and set(want) <= {"min", "max", "eq"} \
            and all(type(v) is int for v in want.values()):
        lo, hi, eq = want.get("min"), want.get("max"), want.get("eq")

        def bounds(state: GameState, ctx: dict, card: int) -> bool:
            value = state.rules.stat(state, card, key)
            return (lo is None or value >= lo) and (hi is None or value <= hi) and (eq is None or value == eq)

        return bounds
    return None
