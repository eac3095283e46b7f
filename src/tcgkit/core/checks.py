"""Checks of the effect language when a card loads, so that a typo never waits to fail mid-game.

:func:`effect_problems` walks an effect's steps and checks what the verb table alone cannot: each zone named in a
selector (``you.hnad`` is an error), the keys of selector, filter, amount and condition mappings, comparison
operators, and hook names. Bound names (``victim``) cannot be checked before play and are left alone.

>>> from tcgkit.core.cards import parse_effect
>>> from tcgkit.core.effects import VERBS
>>> from tcgkit.games import get_rules
>>> eff = parse_effect({"kind": "play", "steps": [{"damage": {"target": "opponent.feild", "amount": 2}}]},
...                    VERBS, "effects[0]")
>>> [(where, what.split(" (")[0]) for where, what in effect_problems(eff, get_rules("tgod"), "effects[0]")]
[('effects[0].steps[0].damage.target', "no zone 'feild' in tgod")]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tcgkit.core.cards import Effect, Step

if TYPE_CHECKING:
    from tcgkit.core.ruleset import Ruleset

Problem = tuple[str, str]

SELECTOR_PARAMS = frozenset({"target", "from", "of", "zone", "to", "count_of"})
AMOUNT_PARAMS = frozenset({"amount", "count", "by", "times", "value", "top"})
PLAYER_WORDS = frozenset({"you", "controller", "opponent", "active", "inactive", "each", "both", "any", "owner",
                          "same"})
AMOUNT_KEYS = frozenset({"count", "zone_size", "stat", "counter", "resource", "sum", "min", "max", "mul", "div",
                         "neg", "die", "of", "player"})
CONDITION_KEYS = frozenset({"exists", "none", "compare", "all", "any", "not", "chosen", "turn", "phase", "coin",
                            "hook"})
FILTER_WORDS = frozenset({"type", "name", "name_has", "tag", "not_tag", "other", "tapped", "status", "not_status",
                          "owner", "hook"})
OPERATORS = frozenset({"<", "<=", ">", ">=", "==", "!="})


def effect_problems(effect: Effect, rules: Ruleset, path: str) -> list[Problem]:
    """Every problem of one parsed effect: ``(where, what)`` pairs; empty when it is sound."""
    out: list[Problem] = []
    _steps(effect.steps, rules, f"{path}.steps", out)
    _steps(effect.cost, rules, f"{path}.cost", out)
    if effect.condition is not None:
        _condition(effect.condition, rules, f"{path}.condition", out)
    return out


def _steps(steps: tuple[Step, ...], rules: Ruleset, path: str, out: list[Problem]) -> None:
    for i, step in enumerate(steps):
        where = f"{path}[{i}].{step.verb}"
        if step.verb == "hook":
            _hook(step.params.get("name"), f"{where}.name", out)
            continue
        for key, value in step.params.items():
            if isinstance(value, tuple) and value and all(isinstance(s, Step) for s in value):
                _steps(value, rules, f"{where}.{key}", out)
            elif key == "condition":
                _condition(value, rules, f"{where}.{key}", out)
            elif key in SELECTOR_PARAMS and step.verb not in ("token", "choose_option"):
                _selector(value, rules, f"{where}.{key}", out)
            elif key in AMOUNT_PARAMS:
                _amount(value, rules, f"{where}.{key}", out)
            elif key == "filter":
                _filter(value, rules, f"{where}.{key}", out)


def _selector(spec: Any, rules: Ruleset, where: str, out: list[Problem]) -> None:
    if isinstance(spec, str) and "." in spec:
        who, _, zone = spec.partition(".")
        zone = zone.removesuffix(".top")
        if zone not in rules.ZONES and zone not in rules.ZONE_GROUPS:
            known = ", ".join(sorted({*rules.ZONES, *rules.ZONE_GROUPS}))
            out.append((where, f"no zone {zone!r} in {rules.id} (zones: {known})"))
        if not who.isidentifier():
            out.append((where, f"{who!r} is not a player (you, opponent, active, inactive, each, owner...)"))
    elif isinstance(spec, tuple):
        for i, s in enumerate(spec):
            _selector(s, rules, f"{where}[{i}]", out)
    elif isinstance(spec, Mapping):
        unknown = set(spec) - {"zone", "of", "filter", "top"}
        if unknown:
            out.append((where, f"unknown selector key {sorted(unknown)[0]!r} (allowed: zone, filter, top)"))
        _selector(spec.get("zone", spec.get("of")), rules, f"{where}.zone", out)
        if "filter" in spec:
            _filter(spec["filter"], rules, f"{where}.filter", out)
        if "top" in spec:
            _amount(spec["top"], rules, f"{where}.top", out)


def _filter(flt: Any, rules: Ruleset, where: str, out: list[Problem]) -> None:
    if not isinstance(flt, Mapping):
        out.append((where, "a filter is a mapping, e.g. {type: creature, tag: Holy}"))
        return
    for key, want in flt.items():
        if key == "hook":
            _hook(want, f"{where}.hook", out)
        elif key not in FILTER_WORDS:
            if not isinstance(want, Mapping):
                out.append((where, f"unknown filter key {key!r} (a stat bound is {{{key}: {{min: 1, max: 3}}}})"))
            elif set(want) - {"min", "max", "eq"}:
                out.append((f"{where}.{key}", "a stat bound takes min, max and eq"))


def _amount(spec: Any, rules: Ruleset, where: str, out: list[Problem]) -> None:
    if isinstance(spec, Mapping):
        unknown = set(spec) - AMOUNT_KEYS
        if unknown:
            allowed = ", ".join(sorted(AMOUNT_KEYS))
            out.append((where, f"unknown amount key {sorted(unknown)[0]!r} (allowed: {allowed})"))
        for key in ("count", "zone_size", "of"):
            if key in spec:
                _selector(spec[key], rules, f"{where}.{key}", out)
        for key in ("sum", "min", "max", "mul", "div"):
            for i, a in enumerate(spec.get(key) or ()):
                _amount(a, rules, f"{where}.{key}[{i}]", out)
        if "neg" in spec:
            _amount(spec["neg"], rules, f"{where}.neg", out)
    elif isinstance(spec, bool) or not isinstance(spec, int | str | type(None)):
        out.append((where, f"not an amount: {spec!r}"))


def _condition(cond: Any, rules: Ruleset, where: str, out: list[Problem]) -> None:
    if cond is None or isinstance(cond, bool):
        return
    if not isinstance(cond, Mapping):
        out.append((where, f"a condition is a mapping such as {{exists: you.hand}}, not {cond!r}"))
        return
    for key, arg in cond.items():
        at = f"{where}.{key}"
        if key not in CONDITION_KEYS:
            out.append((where, f"unknown condition key {key!r} (allowed: {', '.join(sorted(CONDITION_KEYS))})"))
        elif key in ("exists", "none"):
            _selector(arg, rules, at, out)
        elif key == "compare":
            if not (isinstance(arg, tuple) and len(arg) == 3 and arg[1] in OPERATORS):
                out.append((at, "compare takes [amount, operator, amount] with < <= > >= == !="))
            else:
                _amount(arg[0], rules, f"{at}[0]", out)
                _amount(arg[2], rules, f"{at}[2]", out)
        elif key in ("all", "any"):
            for i, c in enumerate(arg if isinstance(arg, tuple) else ()):
                _condition(c, rules, f"{at}[{i}]", out)
        elif key == "not":
            _condition(arg, rules, at, out)
        elif key == "hook":
            _hook(arg, at, out)


def _hook(name: Any, where: str, out: list[Problem]) -> None:
    from tcgkit.core.effects import HOOKS

    if name not in HOOKS:
        out.append((where, f"no hook named {name!r}"))
