"""Guardian Realms effect verbs (documented in ``CARDS.md``) and the selector hooks its cards use.

Verbs: ``add_status`` (game meaning: defaults and the Exhaustion die), ``damage_base``, ``wall``, ``clone``, ``copy``,
``guardian_summon``, ``hp_link``, ``return_to_hand``. Filter hooks: ``gr.enemy_in_range`` (what the source Guardian
could target: range, visibility, Tanks), ``gr.enemy_visible`` (an enemy Guardian visible from the source's lane or
Base), ``gr.returnable`` (not a token, GR-RTH-01; an enemy one visible), ``gr.ally`` (another Guardian of the
controller).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import Step
from tcgkit.core.errors import TcgkitError
from tcgkit.games.guardian_realms.board import attack_targets, is_token, lane_of, source_lane, visible_from
from tcgkit.games.guardian_realms.damage import check_strongholds, damage_base, leave_play, return_to_hand, tick_damage
from tcgkit.games.guardian_realms.links import link
from tcgkit.games.guardian_realms.model import EFFECT, LANE_OF, LANE_WORD
from tcgkit.games.guardian_realms.plays import enter_lane, start_passives
from tcgkit.games.guardian_realms.statuses import BUFFS, DEBUFFS, PERMANENT, add_status

if TYPE_CHECKING:
    from tcgkit.core.cards import CardDef
    from tcgkit.core.state import GameState

_T = "target"
EXTRA_VERBS: dict[str, dict[str, Any]] = {
    "add_status": {"params": (_T, "status", "value"), "required": (_T, "status")},
    "damage_base": {"params": ("player", "lane", "amount"), "required": ("lane", "amount")},
    "wall": {"params": ("player", "lane", "tier", "rebuild"), "required": ("lane", "tier")},
    "clone": {"params": ("of",), "required": ("of",)},
    "copy": {"params": ("of", "no_class", "hp_percent", "atk_percent"), "required": ("of",)},
    "guardian_summon": {"params": ("card",), "required": ("card",)},
    "hp_link": {"params": (_T,), "required": (_T,)},
    "return_to_hand": {"params": (_T,), "required": (_T,)},
    "gr_used": {"params": (), "required": ()},
    "gr_end_order": {"params": (), "required": ()},
    "gr_end_ticks": {"params": (), "required": ()},
}

STATUSES = DEBUFFS + BUFFS
#: GR-EXH-04..06: the Exhaustion die.
EXHAUSTION_TURNS = {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 3}
TIERS = {1: 10, 2: 20, 3: 30}


def exhaustion_roll(state: GameState, player: int) -> int:
    """Roll the d6 for an Exhaustion's length (GR-EXH-03)."""
    roll = state.rng.die(6)
    state.emit("roll", player, data=("exhausted", roll))
    return EXHAUSTION_TURNS[roll]


def _add_status(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    status = p["status"]
    if status not in STATUSES and not (status.startswith("immune_") and status[7:] in DEBUFFS):
        raise TcgkitError(f"unknown Guardian Realms status {status!r}")
    for card in effects.select(state, ctx, p["target"]):
        if state.defs[card].type != "Guardian":
            continue
        if "value" in p:
            value = effects.amount(state, ctx, p["value"])
        elif status == "exhausted":
            # GR-EXH-03: one roll per application that can take hold (none for an Immune or unfielded target)
            st = state.cs.get(card)
            takes = state.loc[card][1] in LANE_OF and not (st is not None and st.status.get("immune_exhausted"))
            value = exhaustion_roll(state, ctx["controller"]) if takes else 1
        elif status == "paralyzed":
            value = 5
        elif status in ("fury", "invincible") or status.startswith("immune_"):
            value = PERMANENT
        else:
            value = 1
        add_status(state, card, status, value)


def _lane(state: GameState, ctx: dict, spec: Any) -> int:
    if isinstance(spec, int):
        return spec
    value = ctx.get(spec, spec)
    if isinstance(value, list):
        value = value[0]
    if isinstance(value, int) and 0 <= value < len(state.defs) and spec in ctx:
        return lane_of(state, value)
    text = str(value)
    if text.startswith("lane") and text[4:].isdigit():
        return int(text[4:])
    if text.isdigit():
        return int(text)
    raise TcgkitError(f"not a lane: {spec!r}")


def _ask_lane(state: GameState, ctx: dict, player: int, lanes: list[int], prompt: str) -> int:
    """The lane bound by a previous answer, or 0 after asking ``player`` to choose one of ``lanes``."""
    chosen = ctx.pop("_lane", None)
    if chosen is not None:
        return int(str(chosen)[4:])
    if len(lanes) == 1:
        return lanes[0]
    effects.ask(state, ctx, player, prompt, [Action("option", (LANE_WORD[ln],)) for ln in lanes], "_lane")
    return 0


def _damage_base(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    n = effects.amount(state, ctx, p["amount"])
    for who in effects.players(state, ctx, p.get("player", "opponent")):
        lanes = (1, 3, 2) if p["lane"] == "all" else (_lane(state, ctx, p["lane"]),)
        for lane in lanes:
            damage_base(state, who, lane, n, enemy=who != ctx["controller"], decide=False)
    check_strongholds(state)


def _wall(state: GameState, ctx: dict, step: Step) -> None:
    """Raise a Wall of a tier (GR-WALL-01..04) in a wall zone (GR-WALL-06); not where one fell (GR-WALL-07)."""
    p = step.params
    tier = effects.amount(state, ctx, p["tier"])
    if tier not in TIERS:
        raise TcgkitError(f"a Wall has tier 1, 2 or 3, not {tier} (GR-WALL-01)")
    who = effects.player(state, ctx, p.get("player"))
    res = state.res[who]
    rebuild = bool(p.get("rebuild"))
    open_lanes = [ln for ln in (1, 2, 3) if rebuild or not res.get(f"x{ln}")]
    if p["lane"] == "choose":
        if not open_lanes:
            return
        lane = _ask_lane(state, ctx, who, open_lanes, "choose the lane of the Wall")
        if not lane:
            return
    else:
        lane = _lane(state, ctx, p["lane"])
        if lane not in open_lanes:
            state.emit("wall_refused", who, data=(lane,))
            return
    if res.get(f"w{lane}", 0):
        state.emit("wall_removed", who, data=(lane,))
    res[f"w{lane}"] = TIERS[tier]
    res.pop(f"x{lane}", None)
    state.emit("wall", who, data=(lane, tier, TIERS[tier]))


def _token_lanes(state: GameState, who: int) -> list[int]:
    """The lanes a token may enter: an empty Guardian slot of a standing Base, or any standing lane (replacing,
    GR-LANE-01) when none is empty (GR-CLONE-01); option ``tokens_may_replace``: any standing lane."""
    res = state.res[who]
    open_lanes = [ln for ln in (1, 2, 3) if res[f"b{ln}"] > 0]
    if state.options.get("tokens_may_replace"):
        return open_lanes
    empty = [ln for ln in open_lanes if not state.zones[who][LANE_WORD[ln]]]
    return empty or open_lanes


def _make_token(state: GameState, ctx: dict, definition: CardDef, kind: str) -> None:
    """A token enters a Guardian slot of its summoner's Bases (GR-CLONE-01, GR-COPY-01, GR-GSUM-01); it is
    summoned, so its play effects resolve as a summoned Guardian's do."""
    who = ctx["controller"]
    lanes = _token_lanes(state, who)
    if not lanes:
        return
    lane = _ask_lane(state, ctx, who, lanes, f"choose the lane of the {kind}")
    if not lane:
        return
    fields = {**definition.fields, "token": kind}
    token = state.add_instance(dataclasses.replace(definition, tags=definition.tags | {"token"}, fields=fields), who)
    state.emit("token", who, data=(kind, definition.name))
    enter_lane(state, token, who, lane)
    # a replica is summoned: its printed on-summon passives ("Enters with Fury") resolve, in printed order
    start_passives(state, token, who)


def _original(state: GameState, ctx: dict, spec: Any) -> int:
    """The Guardian to replicate: the one selected, or the controller's choice when the selector names several
    (-1: none, or the decision is pending)."""
    chosen = ctx.get("_of")
    if chosen:
        return chosen[0]
    originals = [c for c in effects.select(state, ctx, spec) if state.loc[c][1] in LANE_OF]
    if len(originals) > 1:
        effects.ask(state, ctx, ctx["controller"], "choose the Guardian to replicate",
                    [Action("choose", (c,)) for c in originals], "_of")
        return -1
    return originals[0] if originals else -1


def _clone(state: GameState, ctx: dict, step: Step) -> None:
    original = _original(state, ctx, step.params["of"])
    if original >= 0:
        _make_token(state, ctx, state.defs[original], "clone")
        if state.pending is None:
            ctx.pop("_of", None)


def _copy(state: GameState, ctx: dict, step: Step) -> None:
    p = step.params
    original = _original(state, ctx, p["of"])
    if original < 0:
        return
    d = state.defs[original]
    stats = dict(d.stats)
    stats["hp"] = max(1, stats["hp"] * p.get("hp_percent", 100) // 100)
    stats["atk"] = stats["atk"] * p.get("atk_percent", 100) // 100
    tags = d.tags
    fields = dict(d.fields)
    if p.get("no_class"):
        tags = tags - {"rush", "sneak", "tank"}
        fields["class"] = None
    _make_token(state, ctx, dataclasses.replace(d, stats=stats, tags=tags, fields=fields), "copy")
    if state.pending is None:
        ctx.pop("_of", None)


def _guardian_summon(state: GameState, ctx: dict, step: Step) -> None:
    d = state.rules.pool().get(step.params["card"])
    if "token" not in d.tags:
        raise TcgkitError(f"{d.name} is not a token card (GR-GSUM-01)")
    _make_token(state, ctx, d, "summon")


def _hp_link(state: GameState, ctx: dict, step: Step) -> None:
    link(state, effects.select(state, ctx, step.params[_T]))


def _return_to_hand(state: GameState, ctx: dict, step: Step) -> None:
    for card in effects.select(state, ctx, step.params[_T]):
        return_to_hand(state, card)


def _used(state: GameState, ctx: dict, step: Step) -> None:
    """An Effect card is discarded once used (GR-LANE-02)."""
    card = ctx["source"]
    if state.loc[card][1] in EFFECT:
        leave_play(state, card, "discarded")


END_TICKS = (Step("gr_end_ticks", {}),)
ORDER_OPTIONS = [Action("option", ("statuses_first",)), Action("option", ("effects_first",))]


def _end_order(state: GameState, ctx: dict, step: Step) -> None:
    """The player orders Burn and Poison (GR-BURN-01, GR-POIS-01) and their own end-of-turn effects (already on the
    stack, below this frame): ``statuses_first`` runs the ticks now, ``effects_first`` after those effects."""
    choice = ctx.pop("_order", None)
    if choice is None:
        effects.ask(state, ctx, ctx["controller"], "end of turn: Burn and Poison first, or your end-of-turn effects?",
                    ORDER_OPTIONS, "_order")
        return
    frame = [END_TICKS, 0, {"source": ctx["source"], "controller": ctx["controller"]}]
    if choice == "statuses_first":
        state.stack.append(frame)
    else:
        state.stack.insert(0, frame)


def _end_ticks(state: GameState, ctx: dict, step: Step) -> None:
    for card in state.rules.guardians(state, ctx["controller"]):
        tick_damage(state, card)
        if state.result is not None:
            return


HANDLERS = {
    "add_status": _add_status, "damage_base": _damage_base, "wall": _wall, "clone": _clone, "copy": _copy,
    "guardian_summon": _guardian_summon, "hp_link": _hp_link, "return_to_hand": _return_to_hand, "gr_used": _used,
    "gr_end_order": _end_order, "gr_end_ticks": _end_ticks,
}


# ---------------------------------------------------------------------------------------------- filter hooks


@effects.hook("gr.enemy_in_range")
def _enemy_in_range(state: GameState, ctx: dict, params: Any) -> bool:
    card = params["card"]
    source = ctx["source"]
    if state.owner[card] == ctx["controller"] or state.loc[source][1] not in LANE_OF:
        return False
    cached = ctx.get("_range")
    if cached is None or cached[0] != len(state.log):
        cached = ctx["_range"] = (len(state.log), tuple(attack_targets(state, source)))
    return card in cached[1]


@effects.hook("gr.enemy_visible")
def _enemy_visible(state: GameState, ctx: dict, params: Any) -> bool:
    """An enemy Guardian visible from the source's lane or Base (GR-COMBAT-02); Tanks do not bind (GR-CLASS-03)."""
    card = params["card"]
    return state.owner[card] != ctx["controller"] and visible_from(state, card, source_lane(state, ctx))


@effects.hook("gr.returnable")
def _returnable(state: GameState, ctx: dict, params: Any) -> bool:
    """Not a token (GR-RTH-01); an enemy one must be visible from the source (GR-COMBAT-02)."""
    card = params["card"]
    if is_token(state, card):
        return False
    return state.owner[card] == ctx["controller"] or visible_from(state, card, source_lane(state, ctx))


@effects.hook("gr.ally")
def _ally(state: GameState, ctx: dict, params: Any) -> bool:
    card = params["card"]
    return state.owner[card] == ctx["controller"] and card != ctx["source"]
