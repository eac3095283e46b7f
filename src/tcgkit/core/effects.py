"""The effect language: an interpreter for card effects written as data.

An effect's steps run on the game's *resolution stack*, one frame per effect in progress
(``[steps, next_index, context]``). A step that needs a player's decision (``choose``, ``may``,
``choose_option``, ``search``) stops the run with a pending :class:`~tcgkit.core.state.Decision`; the chosen action
is bound into the frame's context and the run goes on. Everything is plain data, so a game cloned in the middle of
an effect resumes in the clone exactly as in the original.

The vocabulary (verbs, selectors, amounts, conditions) is documented in ``docs/cards.md``. A game adds its own verbs
or overrides a core verb's meaning (what "damage" does differs by game) through ``Ruleset.handlers``; a card that the
vocabulary cannot say uses ``hook``, a Python function registered with :func:`hook`.

>>> from tcgkit.core.cards import parse_steps
>>> steps = parse_steps([{"draw": {"count": 2}}], VERBS, "steps")
>>> steps[0].verb, dict(steps[0].params)
('draw', {'count': 2})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tcgkit.core.actions import Action, Decision
from tcgkit.core.cards import Step
from tcgkit.core.errors import TcgkitError

if TYPE_CHECKING:
    from tcgkit.core.cards import Effect
    from tcgkit.core.state import Event, GameState

Handler = Callable[["GameState", dict, "Step"], None]
#: A triggered effect that an event set off: (card, index of the effect on the card).
Fired = tuple[int, int]

#: for isinstance checks: a plain dict is tested first, as checking against the Mapping ABC alone is slow
_MAPPING = (dict, Mapping)

# ---------------------------------------------------------------------------------------------- vocabulary

_T, _A, _P = "target", "amount", "player"

#: The core verbs: name -> allowed and required parameters (a game may add verbs and parameters).
VERBS: dict[str, dict[str, tuple[str, ...] | None]] = {
    "choose": {"params": ("name", "from", "count", "up_to", _P, "prompt"), "required": ("from",)},
    "choose_option": {"params": ("name", "options", _P, "prompt"), "required": ("options",)},
    "may": {"params": (_P, "prompt", "then", "else"), "required": ("then",)},
    "if": {"params": ("condition", "then", "else"), "required": ("condition", "then")},
    "repeat": {"params": ("times", "steps"), "required": ("times", "steps")},
    "set": {"params": ("name", "value"), "required": ("name", "value")},
    "draw": {"params": (_P, "count"), "required": ()},
    "discard": {"params": (_T, "count", "random", _P), "required": ()},
    "destroy": {"params": (_T,), "required": (_T,)},
    "move": {"params": (_T, "to", "position"), "required": (_T, "to")},
    "move_top": {"params": ("from", "to", "count", _P), "required": ("from", "to")},
    "damage": {"params": (_T, _A, "source"), "required": (_T, _A)},
    "heal": {"params": (_T, _A), "required": (_T, _A)},
    "modify": {"params": (_T, "stat", "by", "until"), "required": (_T, "stat", "by")},
    "add_status": {"params": (_T, "status", "value"), "required": (_T, "status")},
    "remove_status": {"params": (_T, "status"), "required": (_T, "status")},
    "add_counter": {"params": (_T, "counter", _A), "required": (_T, "counter")},
    "remove_counter": {"params": (_T, "counter", _A), "required": (_T, "counter")},
    "gain": {"params": (_P, "resource", _A), "required": ("resource", _A)},
    "spend": {"params": (_P, "resource", _A), "required": ("resource", _A)},
    "search": {"params": (_P, "from", "filter", "to", "count", "up_to", "name"), "required": ("from", "to")},
    "reveal": {"params": (_T,), "required": (_T,)},
    "look": {"params": (_T, _P), "required": (_T,)},
    "shuffle": {"params": (_P, "zone"), "required": ()},
    "tap": {"params": (_T,), "required": (_T,)},
    "untap": {"params": (_T,), "required": (_T,)},
    "attach": {"params": (_T, "to"), "required": (_T, "to")},
    "token": {"params": ("card", _P, "zone", "name"), "required": ("card",)},
    "win": {"params": (_P, "reason"), "required": ()},
    "hook": {"params": None, "required": ("name",)},
}

HOOKS: dict[str, Callable[[GameState, dict, Mapping[str, Any]], Any]] = {}  # an action, or a test (returns a bool)


def hook(name: str):
    """Register a Python function for the rare card the vocabulary cannot say.

    The function gets ``(state, context, params)``; it may read and change the state through the public API.

    >>> @hook("example.noop")
    ... def _noop(state, ctx, params):
    ...     pass
    >>> "example.noop" in HOOKS
    True
    """

    def register(fn):
        HOOKS[name] = fn
        return fn

    return register


# ---------------------------------------------------------------------------------------------- running effects


def start(state: GameState, effect: Effect | tuple[Step, ...], source: int, controller: int,
          bindings: dict[str, Any] | None = None) -> None:
    """Put an effect's steps on the resolution stack (the caller then calls :func:`run`). An ``optional`` effect
    first asks its controller whether to use it (a yes/no decision), in every game."""
    if isinstance(effect, tuple):
        steps = effect
    elif effect.optional:
        name = state.defs[source].name if source >= 0 else "the effect"
        prompt = f"Use the ability of {name}" + (f": {effect.text}?" if effect.text else "?")
        steps = (Step("may", {"then": effect.steps, "prompt": prompt}),)
    else:
        steps = effect.steps
    ctx = {"source": source, "controller": controller}
    if bindings:
        ctx.update(bindings)
    state.stack.append([steps, 0, ctx])


def fire_triggers(rules: Any, state: GameState, ev: Event) -> None:
    """The core's :meth:`~tcgkit.core.ruleset.Ruleset.fire_triggers` (see there): every triggered effect listening to
    ``ev.kind`` on a card in a player's trigger zones, and on the event's own card out of play where the game says so,
    started in order (here, so that the compiled build runs it compiled)."""
    kind = ev.kind
    a = state.active
    defs = state.defs
    n = len(state.zones)
    order: tuple[int, ...] = (1 - a, a) if n == 2 and (a == 0 or a == 1) else (*(q for q in range(n) if q != a), a)
    started: list[Fired] = []  # (the turn player's last: they resolve first)
    ends: list[int] = []  # where each player's effects end in ``started``
    applies = rules.trigger_applies
    for p in order:
        zones = state.zones[p]
        for zname in rules.trigger_zones(state, p):
            for card in zones[zname]:
                listening = defs[card].triggers.get(kind)
                if listening is None:
                    continue
                for i, eff in listening:
                    if applies(state, card, i, eff, ev):
                        rules.use_limit(state, card, i, eff)
                        started.append((card, i))
        ends.append(len(started))
    own = ev.card
    if rules.OWN_CARD_TRIGGERS and 0 <= own < len(defs) and state.loc[own][1] not in rules.PLAY_ZONES:
        at = ends[order.index(state.owner[own])]  # after the owner's effects from play
        for i, eff in defs[own].triggers.get(kind, ()):
            if applies(state, own, i, eff, ev):
                rules.use_limit(state, own, i, eff)
                started.insert(at, (own, i))
                at += 1
    if started:
        start_in_order(state, started, rules.trigger_bindings(ev))


def start_in_order(state: GameState, fired: list[Fired], bindings: dict[str, Any]) -> None:
    """Start triggered effects that one event set off at once, given as ``(card, effect index)``.

    Each player orders their own: when a player has two or more that differ (not copies of one card's effect), an
    ``ORDER`` frame asks them, one ``first <card>`` decision at a time, which resolves next (the rest wait until it
    has). Players' groups, and interchangeable effects, go on the stack in the order given.
    """
    start_triggered = state.rules.start_triggered
    for p, mine, to_order in by_controller(state, fired):
        if to_order:
            start(state, ORDER, -1, p, {**bindings, "_triggers": mine, "_bindings": bindings})
        else:
            for card, i in mine:
                start_triggered(state, card, i, p, bindings)


def by_controller(state: GameState, fired: list[Fired]) -> list[tuple[int, tuple[Fired, ...], bool]]:
    """Triggered effects ``(card, effect index)`` grouped by controller, in order of first appearance: ``(player,
    effects, to_order)``, where ``to_order`` says the player must order them (two or more that differ; copies of one
    card's effect are interchangeable)."""
    defs, owner = state.defs, state.owner
    groups = []
    for p in dict.fromkeys(owner[card] for card, _ in fired):
        mine = tuple((card, i) for card, i in fired if owner[card] == p)
        groups.append((p, mine, len({(defs[card].name, i) for card, i in mine}) > 1))
    return groups


def _order(state: GameState, ctx: dict, step: Step) -> None:
    """The ``ORDER`` step: the controller picks the triggered effect to resolve next, then the step waits for it."""
    waiting = ctx["_triggers"]
    first = ctx.pop("_first", None)
    if first is None:
        cards = list(dict.fromkeys(card for card, _ in waiting))
        if len(cards) > 1:
            ask(state, ctx, ctx["controller"], "order your triggered effects: which resolves first?",
                [Action("first", (card,)) for card in cards], "_first")
            return
        first = cards
    # a card with several of the triggered effects: its own effects go in printed order
    nxt = next(t for t in waiting if t[0] == first[0])
    rest = tuple(t for t in waiting if t != nxt)
    if rest:
        ctx["_triggers"] = rest
        state.stack[-1][1] -= 1  # back to this step once the chosen effect has resolved
    card, i = nxt
    state.rules.start_triggered(state, card, i, ctx["controller"], ctx["_bindings"])


def resolve(state: GameState, effect: Effect | tuple[Step, ...], source: int, controller: int,
            bindings: dict[str, Any] | None = None) -> bool:
    """Start an effect and run the stack; True when everything resolved, False when a decision is pending."""
    start(state, effect, source, controller, bindings)
    return run(state)


def run(state: GameState) -> bool:
    """Run the resolution stack until it is empty (True) or a decision is pending (False)."""
    stack = state.stack
    handlers = state.rules.handlers
    while stack:
        if state.pending is not None:
            return False
        frame = stack[-1]
        steps, i = frame[0], frame[1]
        if i >= len(steps):
            stack.pop()
            continue
        frame[1] = i + 1
        step = steps[i]
        handler = handlers.get(step.verb)
        if handler is None:
            raise TcgkitError(f"{state.rules.id}: no handler for effect verb {step.verb!r}")
        handler(state, frame[2], step)
    return state.pending is None


def answer(state: GameState, decision: Decision, action: Action) -> None:
    """Bind a pending decision's answer and resume; hand back to the ruleset once the stack is empty."""
    ctx = state.stack[-1][2]
    bind = decision.bind
    if action.kind == "done":
        ctx["_done_" + bind] = True
    elif action.kind in ("yes", "no"):
        ctx[bind] = action.kind == "yes"
    elif action.kind == "option":
        ctx[bind] = action.args[0]
    else:
        chosen = ctx.get(bind)
        value = action.args[0] if action.args else action.kind
        ctx[bind] = [*chosen, value] if isinstance(chosen, list) else [value]
    if run(state):
        state.rules.after_effects(state)


def push(state: GameState, steps: tuple[Step, ...], ctx: dict) -> None:
    """Run ``steps`` next, sharing the current context (for ``if``, ``may``, ``repeat``)."""
    state.stack.append([steps, 0, ctx])


def ask(state: GameState, ctx: dict, player: int, prompt: str, options: list[Action], bind: str) -> None:
    """Stop the run at a decision of ``player``; the current step runs again once it is answered."""
    state.stack[-1][1] -= 1
    state.pending = Decision(player, prompt, tuple(options), bind)
    state.current = player
    state._legal = None


# ---------------------------------------------------------------------------------------------- selectors


def players(state: GameState, ctx: dict, spec: Any) -> list[int]:
    """Players named by ``spec``: you, opponent (every other player, the next in turn order first), active,
    inactive, each (both: you first, then the others in turn order), the source's owner, or a bound variable.
    With two players, ``opponent`` is the one other player."""
    me = ctx.get("controller", state.active)
    if spec is None or spec == "you" or spec == "controller":
        return [me]
    two = len(state.zones) == 2
    if spec == "opponent":
        return [1 - me] if two else others(state, me)
    if spec == "active":
        return [state.active]
    if spec == "inactive":
        return [1 - state.active] if two else others(state, state.active)
    if spec in ("each", "both", "any"):
        return [me, 1 - me] if two else [me, *others(state, me)]
    if spec == "owner":
        return [state.owner[ctx["source"]]]
    if isinstance(spec, int):
        return [spec]
    if isinstance(spec, str) and spec in ctx:
        v = ctx[spec]
        return [state.owner[c] for c in v] if isinstance(v, list) else [state.owner[v]]
    raise TcgkitError(f"unknown player selector {spec!r}")


def others(state: GameState, player: int) -> list[int]:
    """Every player but ``player``, the next in turn order first (for any number of players).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("tgod").new_game(["Guardian Wall", "Tyrant Horde"], seed=1)
    >>> others(state, 0), others(state, 1)
    ([1], [0])
    """
    n = len(state.zones)
    if n == 2:
        return [1 - player]
    return [(player + k) % n for k in range(1, n)]


def player(state: GameState, ctx: dict, spec: Any) -> int:
    return players(state, ctx, spec)[0]


def select(state: GameState, ctx: dict, spec: Any) -> list[int]:
    """Cards named by a selector: ``self``, a bound name, ``who.zone`` (``opponent.wing``), ``who.zone.top``, or
    ``{zone: ..., filter: {...}, top: n}``."""
    if spec is None or spec == "self":
        return [ctx["source"]]
    if isinstance(spec, int):
        return [spec]
    if isinstance(spec, str):
        if spec in ctx:
            v = ctx[spec]
            if isinstance(v, list):
                return [c for c in v if type(c) is int]
            return [v] if type(v) is int else []
        if spec == "host":
            st = state.cs.get(ctx["source"])
            return [st.host] if st is not None and st.host >= 0 else []
        return _zone_cards(state, ctx, spec)
    if isinstance(spec, tuple):
        out: list[int] = []
        for s in spec:
            out.extend(select(state, ctx, s))
        return out
    if isinstance(spec, _MAPPING):
        cards = select(state, ctx, spec["zone"] if "zone" in spec else spec.get("of"))
        flt = spec.get("filter")
        if flt and cards:
            cards = [c for c in cards if matches(state, ctx, c, flt)]
        if "top" in spec:
            cards = cards[-amount(state, ctx, spec["top"]):] if cards else cards
        return cards
    raise TcgkitError(f"unknown card selector {spec!r}")


def _zone_cards(state: GameState, ctx: dict, spec: str) -> list[int]:
    rules = state.rules
    parsed = _ZONE_SPECS.get((rules, spec))
    if parsed is None:
        parsed = _parse_zone_spec(state, spec)
    who, zones, top = parsed
    if who == "you" and len(zones) == 1:  # the usual selector: one zone of the controller's
        pile = state.zones[ctx.get("controller", state.active)][zones[0]]
        return pile[-1:] if top else pile.copy()
    out: list[int] = []
    for p in players(state, ctx, who):
        pz = state.zones[p]
        for z in zones:
            out.extend(pz[z][-1:] if top else pz[z])
    return out


def _parse_zone_spec(state: GameState, spec: str) -> tuple[str, tuple[str, ...], bool]:
    """``who.zone[.top]`` -> (who, the zones of the group, top), checked against the game's zones once."""
    who, _, zone = spec.partition(".")
    top = zone.endswith(".top")
    zones = state.rules.zone_group(zone[:-4] if top else zone)
    for pz in state.zones:
        for z in zones:
            if z not in pz:
                raise TcgkitError(f"{state.rules.id} has no zone {z!r} (selector {spec!r})")
    parsed = _ZONE_SPECS[(state.rules, spec)] = (who, zones, top)
    return parsed


#: (ruleset, ``who.zone[.top]`` selector) -> (who, the zones it names, top), parsed once
_ZONE_SPECS: dict[tuple[Any, str], tuple[str, tuple[str, ...], bool]] = {}


def matches(state: GameState, ctx: dict, card: int, flt: Mapping[str, Any]) -> bool:
    """Whether a card passes a filter: type, name, tag, not_tag, other, tapped, status, zone, owner, stat bounds."""
    d = state.defs[card]
    for key, want in flt.items():
        if key == "type":
            if (d.type not in want) if isinstance(want, tuple) else (d.type != want):
                return False
        elif key == "name":
            if d.name.lower() != str(want).lower():
                return False
        elif key == "name_has":
            if str(want).lower() not in d.name.lower():
                return False
        elif key == "tag":
            if not (any(t in d.tags for t in want) if isinstance(want, tuple) else want in d.tags):
                return False
        elif key == "not_tag":
            if want in d.tags:
                return False
        elif key == "other":
            if want and card == ctx.get("source"):
                return False
        elif key == "tapped":
            st = state.cs.get(card)
            if bool(st is not None and st.tapped) != bool(want):
                return False
        elif key == "status":
            st = state.cs.get(card)
            if not (st is not None and st.status.get(want, 0) > 0):
                return False
        elif key == "not_status":
            st = state.cs.get(card)
            if st is not None and st.status.get(want, 0) > 0:
                return False
        elif key == "owner":
            if state.owner[card] not in players(state, ctx, want):
                return False
        elif key == "hook":
            if not HOOKS[want](state, ctx, {"card": card}):
                return False
        else:  # a stat bound: {power: {min: 2, max: 5}} (eq too); a literal bound needs no amount()
            if not isinstance(want, _MAPPING):
                raise TcgkitError(f"unknown filter key {key!r}")
            value = state.rules.stat(state, card, key)
            if "min" in want:
                bound = want["min"]
                if value < (bound if type(bound) is int else amount(state, ctx, bound)):
                    return False
            if "max" in want:
                bound = want["max"]
                if value > (bound if type(bound) is int else amount(state, ctx, bound)):
                    return False
            if "eq" in want:
                bound = want["eq"]
                if value != (bound if type(bound) is int else amount(state, ctx, bound)):
                    return False
    return True


# ---------------------------------------------------------------------------------------------- amounts, conditions


def amount(state: GameState, ctx: dict, spec: Any) -> int:
    """A number: a literal, a bound name, or ``{count: sel}``, ``{stat: name, of: sel}``, ``{counter: name, of: sel}``,
    ``{resource: name, player: who}``, ``{zone_size: who.zone}``, ``{sum|min|max: [..]}``, ``{mul: [a, b]}``,
    ``{neg: a}``, ``{die: sides}``."""
    if type(spec) is int:
        return spec
    if isinstance(spec, str):
        if spec.lstrip("+-").isdigit():
            return int(spec)
        v = ctx.get(spec)
        if isinstance(v, bool) or v is None:
            raise TcgkitError(f"unknown amount {spec!r}")
        return len(v) if isinstance(v, list) else int(v)
    if isinstance(spec, _MAPPING):
        if "count" in spec:
            return len(select(state, ctx, spec["count"]))
        if "zone_size" in spec:
            return len(select(state, ctx, spec["zone_size"]))
        if "stat" in spec:
            return sum(state.rules.stat(state, c, spec["stat"]) for c in select(state, ctx, spec.get("of", "self")))
        if "counter" in spec:
            return sum(counter(state, c, spec["counter"]) for c in select(state, ctx, spec.get("of", "self")))
        if "resource" in spec:
            return state.res[player(state, ctx, spec.get("player"))].get(spec["resource"], 0)
        if "sum" in spec:
            return sum(amount(state, ctx, a) for a in spec["sum"])
        if "min" in spec:
            return min(amount(state, ctx, a) for a in spec["min"])
        if "max" in spec:
            return max(amount(state, ctx, a) for a in spec["max"])
        if "mul" in spec:
            a, b = spec["mul"]
            return amount(state, ctx, a) * amount(state, ctx, b)
        if "div" in spec:
            a, b = spec["div"]
            return amount(state, ctx, a) // max(1, amount(state, ctx, b))
        if "neg" in spec:
            return -amount(state, ctx, spec["neg"])
        if "die" in spec:
            roll = state.rng.die(amount(state, ctx, spec["die"]))
            state.emit("roll", ctx.get("controller", -1), data=(roll,))
            return roll
    raise TcgkitError(f"unknown amount {spec!r}")


#: the comparison operators of ``{compare: [a, op, b]}``: op -> function of two ints (games reuse them).
COMPARE_OPS = {
    "<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__, "==": int.__eq__, "!=": int.__ne__,
}


def check(state: GameState, ctx: dict, cond: Any) -> bool:
    """A condition: ``{exists: sel}``, ``{none: sel}``, ``{compare: [a, op, b]}``, ``{all: [...]}``,
    ``{any: [...]}``, ``{not: c}``, ``{chosen: name}`` (a ``may`` answered yes), ``{turn: mine|theirs}``,
    ``{phase: name}``, ``{coin: heads}`` (flips the game's coin), ``{option: name}`` (a game option is on),
    ``{hook: name}``; None is true."""
    if cond is None:
        return True
    if isinstance(cond, bool):
        return cond
    if not isinstance(cond, _MAPPING):
        raise TcgkitError(f"unknown condition {cond!r}")
    for key, arg in cond.items():
        if key == "exists":
            ok = bool(select(state, ctx, arg))
        elif key == "none":
            ok = not select(state, ctx, arg)
        elif key == "compare":
            a, op, b = arg
            ok = COMPARE_OPS[op](amount(state, ctx, a), amount(state, ctx, b))
        elif key == "all":
            ok = all(check(state, ctx, c) for c in arg)
        elif key == "any":
            ok = any(check(state, ctx, c) for c in arg)
        elif key == "not":
            ok = not check(state, ctx, arg)
        elif key == "chosen":
            ok = bool(ctx.get(arg))
        elif key == "turn":
            mine = state.active == ctx.get("controller")
            ok = mine if arg in ("mine", "yours") else not mine
        elif key == "phase":
            ok = state.phase == arg
        elif key == "coin":
            heads = state.rng.coin()
            state.emit("coin", ctx.get("controller", -1), data=("heads" if heads else "tails",))
            ok = heads == (arg == "heads")
        elif key == "option":
            ok = bool(state.options.get(arg))
        elif key == "hook":
            ok = bool(HOOKS[arg](state, ctx, cond))
        else:
            raise TcgkitError(f"unknown condition key {key!r}")
        if not ok:
            return False
    return True


#: a compiled condition: (state, context) -> whether it holds, as :func:`check` answers (see :func:`compile_check`)
Check = Callable[["GameState", dict], bool]


def compile_check(cond: Any, leaf: Callable[[Any], Check | None] | None = None) -> Check:
    """A function answering as ``check(state, ctx, cond)`` does, for a condition checked again and again (a card's
    printed condition): ``all``, ``any`` and ``not`` become loops over their compiled parts, and a game's ``leaf``
    may give a faster function for any other one-key condition (None: :func:`check` answers it).

    >>> holds = compile_check({"all": [{"phase": "main"}, {"not": {"turn": "mine"}}]})
    >>> class Position: phase, active = "main", 1
    >>> holds(Position(), {"controller": 0}), holds(Position(), {"controller": 1})
    (True, False)
    """
    if type(cond) is dict and len(cond) == 1:
        (key, arg), = cond.items()
        if key in ("all", "any") and type(arg) in (list, tuple):
            parts = tuple(compile_check(c, leaf) for c in arg)
            return _all_of(parts) if key == "all" else _any_of(parts)
        if key == "not":
            inner = compile_check(arg, leaf)
            return lambda state, ctx: not inner(state, ctx)
        fast = leaf(cond) if leaf is not None else None
        if fast is not None:
            return fast
    return lambda state, ctx: check(state, ctx, cond)


def _all_of(parts: tuple[Check, ...]) -> Check:
    def every(state: GameState, ctx: dict) -> bool:
        for part in parts:  # noqa: SIM110 (a loop: no generator on the hot path)
            if not part(state, ctx):
                return False
        return True

    return every


def _any_of(parts: tuple[Check, ...]) -> Check:
    def some(state: GameState, ctx: dict) -> bool:
        for part in parts:  # noqa: SIM110 (as above)
            if part(state, ctx):
                return True
        return False

    return some


# ---------------------------------------------------------------------------------------------- core verbs


def _choose(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    name = p.get("name", "chosen")
    count = amount(state, ctx, p.get("count", 1))
    up_to = bool(p.get("up_to", False))
    chosen = ctx.get(name)
    chosen = chosen if isinstance(chosen, list) else []
    ctx[name] = chosen
    candidates = [c for c in select(state, ctx, p["from"]) if c not in chosen]
    if len(chosen) >= count or not candidates or ctx.get("_done_" + name):
        ctx.pop("_done_" + name, None)
        return
    if not up_to and len(candidates) <= count - len(chosen):
        ctx[name] = chosen + candidates  # forced: no decision to make
        return
    options = [Action("choose", (c,)) for c in candidates]
    if up_to:
        options.append(Action("done"))
    who = player(state, ctx, p.get(_P))
    ask(state, ctx, who, p.get("prompt", f"choose {name}"), options, name)


def _choose_option(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    name = p.get("name", "option")
    if name in ctx:
        return
    options = [Action("option", (str(o),)) for o in p["options"]]
    ask(state, ctx, player(state, ctx, p.get(_P)), p.get("prompt", f"choose {name}"), options, name)


def _may(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    key = f"_may{len(state.stack)}.{state.stack[-1][1]}"
    if key not in ctx:
        ask(state, ctx, player(state, ctx, p.get(_P)), p.get("prompt", "use the optional effect?"),
            [Action("yes"), Action("no")], key)
        return
    yes = ctx.pop(key)
    branch = p["then"] if yes else p.get("else", ())
    if branch:
        push(state, branch, ctx)


def _if(state: GameState, ctx: dict, step: Step) -> None:
    branch = step.params["then"] if check(state, ctx, step.params["condition"]) else step.params.get("else", ())
    if branch:
        push(state, branch, ctx)


def _repeat(state: GameState, ctx: dict, step: Step) -> None:
    steps = step.params["steps"]
    for _ in range(amount(state, ctx, step.params["times"])):
        push(state, steps, ctx)


def _set(state: GameState, ctx: dict, step: Step) -> None:
    ctx[step.params["name"]] = amount(state, ctx, step.params["value"])


def _draw(state: GameState, ctx: dict, step: Step) -> None:
    n = amount(state, ctx, step.params.get("count", 1))
    for p in players(state, ctx, step.params.get(_P)):
        for _ in range(n):
            state.rules.draw(state, p)


def _discard(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    if "target" in p:
        cards = select(state, ctx, p["target"])
    else:  # random discards from a player's hand
        who = player(state, ctx, p.get(_P))
        hand = list(state.zone(who, state.rules.HAND_ZONE))
        cards = []
        for _ in range(min(len(hand), amount(state, ctx, p.get("count", 1)))):
            cards.append(hand.pop(state.rng.randbelow(len(hand))))
    for c in cards:
        state.rules.discard(state, c)


def _destroy(state: GameState, ctx: dict, step: Step) -> None:
    for c in select(state, ctx, step.params["target"]):
        state.rules.destroy(state, c, ctx)


def _move(state: GameState, ctx: dict, step: Step) -> None:
    to = step.params["to"]
    who, _, zone = to.partition(".")
    bottom = step.params.get("position") == "bottom"
    for c in select(state, ctx, step.params["target"]):
        dest = state.owner[c] if who == "owner" else player(state, ctx, who)
        state.move(c, dest, zone, 0 if bottom else None)


def _move_top(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    fwho, _, fzone = p["from"].partition(".")
    twho, _, tzone = p["to"].partition(".")
    n = amount(state, ctx, p.get("count", 1))
    for src in players(state, ctx, fwho):
        dst = src if twho in ("owner", "same") else player(state, ctx, twho)
        for _ in range(n):
            if state.move_top(src, fzone, tzone, dst) < 0:
                break


def _damage(state: GameState, ctx: dict, step: Step) -> None:
    n = amount(state, ctx, step.params["amount"])
    target = step.params["target"]
    if target in ("you", "opponent", "controller", "active", "inactive", "each", "both"):
        for p in players(state, ctx, target):
            state.rules.damage_player(state, p, n, ctx)
    else:
        for c in select(state, ctx, target):
            state.rules.damage_card(state, c, n, ctx)


def _heal(state: GameState, ctx: dict, step: Step) -> None:
    n = amount(state, ctx, step.params["amount"])
    target = step.params["target"]
    if target in ("you", "opponent", "controller", "each", "both"):
        for p in players(state, ctx, target):
            state.rules.heal_player(state, p, n, ctx)
    else:
        for c in select(state, ctx, target):
            state.rules.heal_card(state, c, n, ctx)


def _modify(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    by = amount(state, ctx, p["by"])
    until = p.get("until", "turn")
    for c in select(state, ctx, p["target"]):
        state.card_state(c).mods.append((p["stat"], by, until))
        state.emit("modify", state.owner[c], c, (p["stat"], by, until))


def _add_status(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    value = amount(state, ctx, p.get("value", 1))
    for c in select(state, ctx, p["target"]):
        state.rules.add_status(state, c, p["status"], value, ctx)


def _remove_status(state: GameState, ctx: dict, step: Step) -> None:
    for c in select(state, ctx, step.params["target"]):
        st = state.card_state_or_none(c)
        if st is not None and st.status.pop(step.params["status"], None) is not None:
            state.emit("status_removed", state.owner[c], c, (step.params["status"],))


def _add_counter(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    n = amount(state, ctx, p.get("amount", 1))
    for c in select(state, ctx, p["target"]):
        counters = state.card_state(c).counters
        counters[p["counter"]] = counters.get(p["counter"], 0) + n
        state.emit("counter", state.owner[c], c, (p["counter"], counters[p["counter"]]))


def _remove_counter(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    for c in select(state, ctx, p["target"]):
        counters = state.card_state(c).counters
        left = max(0, counters.get(p["counter"], 0) - amount(state, ctx, p.get("amount", 1)))
        if left:
            counters[p["counter"]] = left
        else:
            counters.pop(p["counter"], None)
        state.emit("counter", state.owner[c], c, (p["counter"], left))


def _gain(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    n = amount(state, ctx, p["amount"])
    for who in players(state, ctx, p.get(_P)):
        state.rules.gain(state, who, p["resource"], n)


def _spend(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    n = amount(state, ctx, p["amount"])
    for who in players(state, ctx, p.get(_P)):
        state.rules.gain(state, who, p["resource"], -min(n, state.res[who].get(p["resource"], 0)))


def _search(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    name = p.get("name", "found")
    who = player(state, ctx, p.get(_P))
    pool_spec: Any = {"zone": p["from"], "filter": p["filter"]} if p.get("filter") else p["from"]
    if ctx.get("_searched_" + name):
        found = select(state, ctx, name)
        twho, _, tzone = p["to"].partition(".")
        for c in found:
            state.move(c, who if twho in ("you", "owner") else player(state, ctx, twho), tzone)
        fwho, _, fzone = p["from"].partition(".")
        for q in players(state, ctx, fwho):
            state.shuffle(q, fzone)
        del ctx["_searched_" + name]
        return
    ctx["_searched_" + name] = True
    state.stack[-1][1] -= 1  # come back here to move what was found
    choose = {"name": name, "from": pool_spec, "count": p.get("count", 1), "up_to": p.get("up_to", True),
              "player": p.get(_P), "prompt": f"search: choose {name}"}
    _choose(state, ctx, Step("choose", choose))


def _reveal(state: GameState, ctx: dict, step: Step) -> None:
    for c in select(state, ctx, step.params["target"]):
        state.emit("reveal", state.owner[c], c)


def _look(state: GameState, ctx: dict, step: Step) -> None:
    who = player(state, ctx, step.params.get(_P))
    for c in select(state, ctx, step.params["target"]):
        state.emit("look", who, c, private=who)


def _shuffle(state: GameState, ctx: dict, step: Step) -> None:
    zone = step.params.get("zone", state.rules.DECK_ZONE)
    for who in players(state, ctx, step.params.get(_P)):
        state.shuffle(who, zone)


def _tap(state: GameState, ctx: dict, step: Step) -> None:
    for c in select(state, ctx, step.params["target"]):
        state.card_state(c).tapped = True
        state.emit("tap", state.owner[c], c)


def _untap(state: GameState, ctx: dict, step: Step) -> None:
    for c in select(state, ctx, step.params["target"]):
        st = state.cs.get(c)
        if st is not None and st.tapped:
            state.card_state(c).tapped = False
            state.emit("untap", state.owner[c], c)


def _attach(state: GameState, ctx: dict, step: Step) -> None:
    hosts = select(state, ctx, step.params["to"])
    if not hosts:
        return
    host = hosts[0]
    for c in select(state, ctx, step.params["target"]):
        state.rules.attach(state, c, host)


def _token(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    definition = state.rules.pool().get(p["card"])
    who = player(state, ctx, p.get(_P))
    card = state.add_instance(definition, who)
    state.move(card, who, p.get("zone", state.rules.TOKEN_ZONE))
    if p.get("name"):
        ctx[p["name"]] = card


def _win(state: GameState, ctx: dict, step: Step) -> None:
    state.rules.effect_win(state, player(state, ctx, step.params.get(_P)), step.params.get("reason", "card effect"))


def _hook(state: GameState, ctx: dict, step: Step) -> None:
    name = step.params["name"]
    fn = HOOKS.get(name)
    if fn is None:
        raise TcgkitError(f"no hook registered as {name!r}")
    fn(state, ctx, step.params)


#: The frame that asks a player to order their simultaneous triggered effects (see :func:`start_in_order`).
ORDER = (Step("_order", {}),)

CORE_HANDLERS: dict[str, Handler] = {
    "_order": _order,
    "choose": _choose, "choose_option": _choose_option, "may": _may, "if": _if, "repeat": _repeat, "set": _set,
    "draw": _draw, "discard": _discard, "destroy": _destroy, "move": _move, "move_top": _move_top,
    "damage": _damage, "heal": _heal, "modify": _modify, "add_status": _add_status,
    "remove_status": _remove_status, "add_counter": _add_counter, "remove_counter": _remove_counter,
    "gain": _gain, "spend": _spend, "search": _search, "reveal": _reveal, "look": _look, "shuffle": _shuffle,
    "tap": _tap, "untap": _untap, "attach": _attach, "token": _token, "win": _win, "hook": _hook,
}


# ---------------------------------------------------------------------------------------------- costs, limits


def can_pay(state: GameState, ctx: dict, cost: tuple[Step, ...]) -> bool:
    """Whether every step of a cost can be paid in full now (costs are never paid in part)."""
    for step in cost:
        p = step.params
        v = step.verb
        if v == "spend":
            for who in players(state, ctx, p.get(_P)):
                if state.res[who].get(p["resource"], 0) < amount(state, ctx, p["amount"]):
                    return False
        elif v == "tap":
            for c in select(state, ctx, p["target"]):
                st = state.cs.get(c)
                if st is not None and st.tapped:
                    return False
        elif v in ("discard", "destroy", "move") and "target" in p:
            if not select(state, ctx, p["target"]):
                return False
        elif v == "choose":
            if len(select(state, ctx, p["from"])) < amount(state, ctx, p.get("count", 1)):
                return False
        elif v == "remove_counter":
            for c in select(state, ctx, p["target"]):
                if counter(state, c, p["counter"]) < amount(state, ctx, p.get("amount", 1)):
                    return False
        elif not state.rules.can_pay_step(state, ctx, step):
            return False
    return True


def counter(state: GameState, card: int, name: str) -> int:
    """A card's counters of one kind (0 when it has none); reading never creates the card's state."""
    st = state.cs.get(card)
    return st.counters.get(name, 0) if st is not None else 0


def limit_key(card: int, effect_index: int) -> str:
    return f"used:{card}:{effect_index}"


def limit_ok(state: GameState, card: int, effect_index: int, limit: str | None) -> bool:
    """Whether an effect with a use limit may be used now.

    Limits: ``once_per_turn`` (= ``L/1``), ``L/x`` (x per turn), ``Lx`` (x per game). A turn is one player's turn.
    """
    if not limit:
        return True
    used = state.vars.get(f"used:{card}:{effect_index}")  # limit_key, inlined: asked for every effect shown
    if used is None:
        return True
    per_turn, n = _LIMITS.get(limit) or parse_limit(limit)
    turn, count = used
    if per_turn and turn != state.turn:
        return True
    return count < n


def mark_used(state: GameState, card: int, effect_index: int, limit: str | None) -> None:
    if not limit:
        return
    per_turn, _ = _LIMITS.get(limit) or parse_limit(limit)
    key = f"used:{card}:{effect_index}"  # limit_key, inlined
    used = state.vars.get(key)
    if used is None or (per_turn and used[0] != state.turn):
        state.vars[key] = (state.turn, 1)
    else:
        state.vars[key] = (used[0], used[1] + 1)


def parse_limit(limit: str) -> tuple[bool, int]:
    """``once_per_turn`` -> (True, 1); ``L/2`` -> (True, 2); ``L3`` -> (False, 3); ``once_per_game`` -> (False, 1)."""
    parsed = _LIMITS.get(limit)
    if parsed is None:
        parsed = _LIMITS[limit] = _parse_limit(limit)
    return parsed


_LIMITS: dict[str, tuple[bool, int]] = {}


def _parse_limit(limit: str) -> tuple[bool, int]:
    if limit == "once_per_turn":
        return True, 1
    if limit == "once_per_game":
        return False, 1
    if limit.startswith("L/") and limit[2:].isdigit():
        return True, int(limit[2:])
    if limit.startswith("L") and limit[1:].isdigit():
        return False, int(limit[1:])
    raise TcgkitError(f"unknown limit {limit!r} (once_per_turn, once_per_game, L/x, Lx)")
