"""Phaktionz's own effect verbs (documented in CARDS.md): demote, exile, place, plague, fizzle, swap_type, delay,
set_dmg and choose_x. Each is a handler ``(state, ctx, step)`` of the effect interpreter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.games.phaktionz import conditions

if TYPE_CHECKING:
    from tcgkit.core.cards import Step
    from tcgkit.core.state import GameState

_T = "target"

EXTRA_VERBS: dict[str, dict[str, tuple[str, ...]]] = {
    "demote": {"params": (_T,), "required": (_T,)},
    "exile": {"params": (_T,), "required": (_T,)},
    "place": {"params": (_T, "player", "then_exile", "else_to"), "required": (_T,)},
    "plague": {"params": ("count", "from", "player"), "required": ()},
    "fizzle": {"params": (), "required": ()},
    "swap_type": {"params": (_T,), "required": (_T,)},
    "delay": {"params": (), "required": ()},
    "set_dmg": {"params": (_T, "value"), "required": (_T, "value")},
    "choose_x": {"params": ("name", "min", "max", "player"), "required": ("name", "max")},
    "multiply": {"params": (_T, "stat", "times", "until"), "required": (_T, "times")},
    "search_deck": {"params": ("name", "filter", "to", "top", "up_to", "also"), "required": ("to",)},
}


def _demote(state: GameState, ctx: dict, step: Step) -> None:
    for c in effects.select(state, ctx, step.params["target"]):
        if state.loc[c][1] == "field":
            state.rules.demote(state, c)


def _exile(state: GameState, ctx: dict, step: Step) -> None:
    for c in effects.select(state, ctx, step.params["target"]):
        state.rules.exile(state, c)


def _place(state: GameState, ctx: dict, step: Step) -> None:
    """Put the target Summons onto their controller's battlefield with no tribute; the player picks each column."""
    rules = state.rules
    who = effects.player(state, ctx, step.params.get("player"))
    cards = [c for c in effects.select(state, ctx, step.params["target"])
             if state.loc[c][1] != "field" and state.defs[c].type == "summon"]
    for c in cards:
        free = rules.free_columns(state, who)
        if not free:
            if step.params.get("else_to"):
                zone = step.params["else_to"].partition(".")[2]
                for rest in cards:
                    if state.loc[rest][1] != "field":
                        state.move(rest, state.owner[rest], zone)
            return
        if len(free) == 1:
            col = free[0]
        elif "_col" in ctx:
            col = int(ctx.pop("_col")[0])
        else:
            options = [Action("column", (str(n),)) for n in free]
            effects.ask(state, ctx, who, f"choose a column for {state.defs[c].name}", options, "_col")
            return
        rules.put_on_field(state, c, who, col, tributed=False)
        if step.params.get("then_exile"):
            rules.add_status(state, c, "exile_eot", 1, ctx)


def _plague(state: GameState, ctx: dict, step: Step) -> None:
    """Plague ``count`` times: the player gives a Plague counter to a Tier 2-or-lower Summon without one."""
    rules = state.rules
    p = step.params
    n = effects.amount(state, ctx, p.get("count", 1))
    who = effects.player(state, ctx, p.get("player"))
    done = ctx.get("_pl_n", 0)
    if "_pl" in ctx:
        rules.give_plague(state, ctx.pop("_pl")[0], ctx)
        done += 1
    while done < n:
        cands = [c for c in effects.select(state, ctx, p.get("from", "each.field")) if rules.plaguable(state, c)]
        if not cands:
            break
        if len(cands) > 1:
            ctx["_pl_n"] = done
            effects.ask(state, ctx, who, "Plague: choose a summon", [Action("choose", (c,)) for c in cands], "_pl")
            return
        rules.give_plague(state, cands[0], ctx)
        done += 1
    ctx.pop("_pl_n", None)


def _fizzle(state: GameState, ctx: dict, step: Step) -> None:
    play = state.vars.get("answering")
    if play is not None:
        state.vars["fizzled"] = (*state.vars.get("fizzled", ()), play)
        state.vars.pop("answering")
        state.emit("fizzle", ctx.get("controller", -1), ctx.get("source", -1), (play,))


def _swap_type(state: GameState, ctx: dict, step: Step) -> None:
    for c in effects.select(state, ctx, step.params["target"]):
        st = state.card_state(c)
        st.status["swapped"] = state.turn
        state.emit("status", state.owner[c], c, ("swapped", state.turn))


def _delay(state: GameState, ctx: dict, step: Step) -> None:
    """Arm the source card's ``zone: delayed`` triggered effects for the rest of this turn."""
    state.vars["delayed"] = (*state.vars.get("delayed", ()), (ctx["source"], ctx["controller"], state.turn))


def _set_dmg(state: GameState, ctx: dict, step: Step) -> None:
    """The target's DMG becomes ``value`` during its controller's next turn (Berserker Guardian)."""
    value = effects.amount(state, ctx, step.params["value"])
    for c in effects.select(state, ctx, step.params["target"]):
        st = state.card_state(c)
        nxt = state.turn + 2 if state.active == state.owner[c] else state.turn + 1
        st.status["dmg_set"] = value
        st.status["dmg_set_turn"] = nxt
        state.emit("status", state.owner[c], c, ("dmg_set", value))


def _choose_x(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    name = p["name"]
    if name in ctx:
        return
    lo = effects.amount(state, ctx, p.get("min", 1))
    hi = effects.amount(state, ctx, p["max"])
    if hi <= lo:
        ctx[name] = max(lo, hi) if hi >= lo else hi
        return
    options = [Action("option", (str(x),)) for x in range(lo, hi + 1)]
    effects.ask(state, ctx, effects.player(state, ctx, p.get("player")), f"choose {name}", options, name)


def _multiply(state: GameState, ctx: dict, step: Step) -> None:
    """Each target's current stat (DMG by default) is multiplied by ``times`` (a modifier of the difference)."""
    p = step.params
    stat = p.get("stat", "dmg")
    times = effects.amount(state, ctx, p["times"])
    for c in effects.select(state, ctx, p["target"]):
        delta = state.rules.stat(state, c, stat) * (times - 1)
        state.card_state(c).mods.append((stat, delta, p.get("until", "turn")))
        state.emit("modify", state.owner[c], c, (stat, delta, p.get("until", "turn")))


#: the context key (plus the search's name) of the cards a top-of-deck search has set aside
LOOKED = "_looked_"


def _search_deck(state: GameState, ctx: dict, step: Step) -> None:
    """Look through your deck (or its top ``top`` cards) for a card passing ``filter`` and move it to ``to``.

    The options name the matching cards by name (never by instance id, since deck cards stay hidden), plus any
    matching public card of ``also`` (e.g. your Exile Zone) by id; ``up_to`` (default true) allows finding nothing.
    A search of the whole deck shuffles it afterwards."""
    p = step.params
    who = ctx["controller"]
    name = p.get("name", "found")
    bind = "_sd_" + name
    deck = state.zones[who]["deck"]
    pool = _look_at_top(state, ctx, name, who, effects.amount(state, ctx, p["top"])) if "top" in p else deck
    flt = p.get("filter") or {}
    if ctx.pop("_done_" + bind, False):
        _found(state, ctx, name, -1, who, p)
        return
    if bind in ctx:
        pick = ctx.pop(bind)
        if isinstance(pick, list):
            _found(state, ctx, name, pick[0], who, p)
        else:
            card = next(c for c in reversed(pool) if state.defs[c].name == pick)
            _found(state, ctx, name, card, who, p)
        return
    test = conditions.card_test(flt)  # effects.matches, read once
    names = _passed(state, ctx, pool, flt, test)
    also = [c for c in effects.select(state, ctx, p["also"]) if test(state, ctx, c)] if "also" in p else []
    options = [Action("option", (n,)) for n in names] + [Action("choose", (c,)) for c in also]
    up_to = p.get("up_to", True)
    if not options:
        _found(state, ctx, name, -1, who, p)
    elif len(options) == 1 and not up_to:
        ctx[bind] = names[0] if names else [also[0]]
        state.stack[-1][1] -= 1
    else:
        effects.ask(state, ctx, who, f"search your deck: choose {name}",
                    options + ([Action("done")] if up_to else []), bind)


def _passed(state: GameState, ctx: dict, pool: list[int], flt: Any, test: conditions.Test) -> list[str]:
    """The names of the cards of ``pool`` (deck cards, off the battlefield) that pass ``flt``, sorted: read from the
    names passing a filter of printed facts (:func:`conditions.passing_names`) when it is one, else tested card by
    card (a name already found needs no test of its other copies)."""
    by_id = conditions.passing_names(state, flt)
    if by_id is not None:
        passed = set(map(by_id.__getitem__, pool))
        passed.discard(None)
        return sorted(passed)  # type: ignore[arg-type]
    found: set[str] = set()
    defs = state.defs
    for c in pool:
        card_name = defs[c].name
        if card_name not in found and test(state, ctx, c):
            found.add(card_name)
    return sorted(found)


def _look_at_top(state: GameState, ctx: dict, name: str, who: int, n: int) -> list[int]:
    """The top ``n`` cards of ``who``'s deck, set aside (seen by their owner alone) while the search lasts.

    Looking at them makes them known to the searcher: set aside, a search bot's samples keep them where they are
    instead of re-dealing the deck under a choice that names them."""
    key = LOOKED + name
    if key not in ctx:
        ctx[key] = state.zones[who]["deck"][-n:] if n > 0 else []
        for c in ctx[key]:
            state.move(c, who, "aside")
    return ctx[key]


def _found(state: GameState, ctx: dict, name: str, card: int, who: int, p: Mapping[str, Any]) -> None:
    ctx[name] = [card] if card >= 0 else []
    if card >= 0:
        twho, _, tzone = p["to"].partition(".")
        state.move(card, who if twho in ("you", "owner") else effects.player(state, ctx, twho), tzone)
    if "top" not in p:
        state.shuffle(who, "deck")
        return
    for c in ctx.pop(LOOKED + name, ()):
        if c != card:
            state.move(c, who, "deck")  # back on top, in the order they were in


HANDLERS = {
    "demote": _demote, "exile": _exile, "place": _place, "plague": _plague, "fizzle": _fizzle,
    "swap_type": _swap_type, "delay": _delay, "set_dmg": _set_dmg, "choose_x": _choose_x, "multiply": _multiply,
    "search_deck": _search_deck,
}
