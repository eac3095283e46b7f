"""Perfect TCG's effect verbs: the keywords of the rulebook as steps of the shared effect language.

Every keyword is a verb a card file can use (documented in ``CARDS.md``): ``lose``, ``remove``, ``excavate``,
``energise``, ``refresh``, ``rest``, ``armour``, ``prevent``, ``sacrifice``, ``level_down``, ``level_up``,
``stasis``, ``end_stasis``, ``mind_wipe``, ``put_into_play``, ``pay``, ``lock``. Heal and Counter use the core
verbs ``heal`` and ``add_counter``/``remove_counter``; Guardian is a card keyword. Some core verbs take this game's
meaning: ``damage`` (to a Leader it can be reduced by armour and prevention; to a player directly it cannot; a
non-Leader card that takes damage is lost), ``move`` (never into an opponent's zone), ``win`` (counted only once
the effect has finished, by priority).

A step that needs a decision (how much armour to use, which empty zone an Artefact goes to) asks before it changes
anything, so that the game can stop there and resume, in a clone too, exactly where it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import Step
from tcgkit.games.perfect_tcg.battle import damage_card, damage_player, end_battle, take_damage
from tcgkit.games.perfect_tcg.model import (
    ART,
    CASTING,
    DECK,
    DEFENCE,
    ENERGY,
    HISTORY,
    LEADER,
    LOST,
    UNIT,
    leader_level,
)
from tcgkit.games.perfect_tcg.plays import (
    FIELD,
    LOCK_KEYS,
    SLOTS,
    SUPPORTS,
    UNIT_ZONES,
    WINGS,
    end_stasis,
    enter,
    level_down,
    level_up,
    lose,
    mind_wipe,
    pay_energy,
    prohibited,
    seq_next,
    stasis,
)
from tcgkit.games.perfect_tcg.statics import armour_available, stat, use_armour
from tcgkit.games.perfect_tcg.wins import check_wins, claim_win

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

_T: Final = "target"
_P: Final = "player"
_A: Final = "amount"

#: this game's verbs (parameters allowed, parameters required); see CARDS.md
EXTRA_VERBS: dict[str, dict[str, tuple[str, ...]]] = {
    "lose": {"params": (_T,), "required": (_T,)},
    "energise": {"params": (_T, _P, "count"), "required": ()},
    "remove": {"params": (_P, _A), "required": (_A,)},
    "excavate": {"params": (_P,), "required": ()},
    "armour": {"params": (_P, _A, "decaying"), "required": (_A,)},
    "prevent": {"params": (_P, _A, _T), "required": ()},
    "refresh": {"params": (_T,), "required": (_T,)},
    "rest": {"params": (_T,), "required": (_T,)},
    "stasis": {"params": (_T,), "required": (_T,)},
    "end_stasis": {"params": (_T,), "required": (_T,)},
    "mind_wipe": {"params": (_T,), "required": (_T,)},
    "sacrifice": {"params": (_T, "to"), "required": (_T,)},
    "level_down": {"params": (_P,), "required": ()},
    "level_up": {"params": (_T, "any_level"), "required": (_T,)},
    "put_into_play": {"params": (_T, "zone"), "required": (_T,)},
    "pay": {"params": (_A,), "required": (_A,)},
    "lock": {"params": (_P, "what"), "required": ("what",)},
}

PLAYER_WORDS: Final = frozenset({"you", "opponent", "controller", "active", "inactive", "each", "both"})
ZONE_CHOICES: Final[dict[str | None, tuple[str, ...]]] = {
    "wing": WINGS, "support": SUPPORTS, "slots": SLOTS, None: SLOTS}
_OPTS = tuple(str(i) for i in range(64))
#: the answers "use 0..n Armour", built once (the first k + 1 are the choices of k)
_ARMOUR_OPTIONS: Final[tuple[Action, ...]] = tuple(Action("option", (o,)) for o in _OPTS)


def _sel(state: GameState, ctx: dict, spec: Any) -> list[int]:
    return effects.select(state, ctx, spec)


# ---------------------------------------------------------------------------------------------- keywords


def _lose(state: GameState, ctx: dict, step: Step) -> None:
    """Lose: to the owner's Lost zone (PTCG-TERM-01)."""
    for c in _sel(state, ctx, step.params[_T]):
        lose(state, c, ctx)


def _energise(state: GameState, ctx: dict, step: Step) -> None:
    """Energise: face down into the Energy zone (PTCG-TERM-12): the named cards, or the top of the deck."""
    prm = step.params
    me = ctx["controller"]
    if prohibited(state, me, "energise", ctx):
        state.emit("prevented", me, data=("energise",))
        return
    if _T in prm:
        n = 0
        for c in _sel(state, ctx, prm[_T]):
            if state.loc[c][1] in (ENERGY, LEADER, HISTORY, ""):
                continue
            state.move(c, state.owner[c], ENERGY)
            n += 1
        if n:
            state.emit("energise", me, data=(n,))
        return
    for p in effects.players(state, ctx, prm.get(_P)):
        n = 0
        for _ in range(effects.amount(state, ctx, prm.get("count", 1))):
            if state.move_top(p, DECK, ENERGY) < 0:
                break
            n += 1
        state.emit("energise", p, data=(n,))


def _remove(state: GameState, ctx: dict, step: Step) -> None:
    """Remove Energy: the owner sends it, top first, to their own Lost zone (PTCG-TERM-10, PTCG-ULT-06/07)."""
    n = effects.amount(state, ctx, step.params[_A])
    for p in effects.players(state, ctx, step.params.get(_P, "opponent")):
        k = 0
        for _ in range(n):
            if state.move_top(p, ENERGY, LOST) < 0:
                break
            k += 1
        state.emit("remove", p, data=(k,))


def _empty_zone_choice(state: GameState, ctx: dict, p: int, empty: list[str], prompt: str) -> str | None:
    """The empty zone the player chose (a decision when there are several), or None: none is empty, or the choice
    is being asked now (the step runs again once it is answered)."""
    if not empty:
        ctx.pop("_slot", None)
        return None
    zone = ctx.pop("_slot", None)
    if zone in empty:
        return zone
    if len(empty) > 1:
        effects.ask(state, ctx, p, prompt, [Action("option", (z,)) for z in empty], "_slot")
        return None
    return empty[0]


def _excavate(state: GameState, ctx: dict, step: Step) -> None:
    """Excavate: the top Artefact, face up, into an empty Wing or Support zone of the owner's choice
    (PTCG-TERM-11); with no Artefact or no empty zone, nothing happens (PTCG-ULT-02)."""
    p = effects.player(state, ctx, step.params.get(_P))
    zones = state.zones[p]
    if not zones[ART]:
        ctx.pop("_slot", None)
        return
    zone = _empty_zone_choice(state, ctx, p, [z for z in SLOTS if not zones[z]],
                              "excavate: choose an empty zone for the Artefact")
    if zone is None:
        return
    card = zones[ART][-1]
    enter(state, card, p, zone)
    state.emit("excavate", p, card, (zone,))


def _armour(state: GameState, ctx: dict, step: Step) -> None:
    """Armour stacks (PTCG-TERM-07); decaying armour drops as it is used (PTCG-TERM-09)."""
    prm = step.params
    n = effects.amount(state, ctx, prm[_A])
    key = "decaying" if prm.get("decaying") else "armour"
    for p in effects.players(state, ctx, prm.get(_P)):
        res = state.res[p]
        res[key] = res.get(key, 0) + n
        state.emit("armour", p, data=(n, key))


def _prevent(state: GameState, ctx: dict, step: Step) -> None:
    """Prevent damage: the next N damage to a player's Leader this turn (PTCG-ULT-11), or shield a card from the
    next damage this turn (it is then not lost: PTCG-DMG-02)."""
    prm = step.params
    if _T in prm:
        for c in _sel(state, ctx, prm[_T]):
            state.card_state(c).status["shield"] = 1
            state.emit("status", state.owner[c], c, ("shield", 1))
        return
    n = effects.amount(state, ctx, prm.get(_A, 1))
    for p in effects.players(state, ctx, prm.get(_P)):
        res = state.res[p]
        res["prevent"] = res.get("prevent", 0) + n
        state.emit("prevent", p, data=(n,))


def _refresh(state: GameState, ctx: dict, step: Step) -> None:
    """Refresh: a rested unit turns vertical (PTCG-TERM-13); Stasis is not ended by it (PTCG-TERM-20)."""
    for c in _sel(state, ctx, step.params[_T]):
        st = state.cs.get(c)
        if st is not None and st.tapped and state.loc[c][1] in UNIT_ZONES:
            state.card_state(c).tapped = False  # card_state: a clone's copy on write
            state.emit("refresh", state.owner[c], c)


def _rest(state: GameState, ctx: dict, step: Step) -> None:
    """Rest: a unit turns horizontal (PTCG-TERM-14)."""
    for c in _sel(state, ctx, step.params[_T]):
        if state.loc[c][1] not in UNIT_ZONES:
            continue
        st = state.card_state(c)
        if not st.tapped and not st.status.get("stasis"):
            st.tapped = True
            state.emit("rest", state.owner[c], c)


def _stasis(state: GameState, ctx: dict, step: Step) -> None:
    for c in _sel(state, ctx, step.params[_T]):
        stasis(state, c)


def _end_stasis(state: GameState, ctx: dict, step: Step) -> None:
    for c in _sel(state, ctx, step.params[_T]):
        end_stasis(state, c)


def _mind_wipe(state: GameState, ctx: dict, step: Step) -> None:
    for c in _sel(state, ctx, step.params[_T]):
        mind_wipe(state, c)


def _sacrifice(state: GameState, ctx: dict, step: Step) -> None:
    """Sacrifice: lose a unit to gain its power until the end of the turn (PTCG-TERM-18); a Leader cannot be
    sacrificed."""
    gainers = [c for c in _sel(state, ctx, step.params.get("to", "self")) if state.loc[c][1] in FIELD]
    for c in _sel(state, ctx, step.params[_T]):
        if state.loc[c][1] not in FIELD or state.loc[c][1] == LEADER or state.defs[c].type != UNIT:
            continue
        power = stat(state, c, "power")
        if lose(state, c, ctx):
            state.emit("sacrifice", state.owner[c], c, (power,))
            for g in gainers:
                if state.loc[g][1] in FIELD:
                    state.card_state(g).mods.append(("power", power, "turn"))
                    state.emit("modify", state.owner[g], g, ("power", power, "turn"))


def _level_down(state: GameState, ctx: dict, step: Step) -> None:
    for p in effects.players(state, ctx, step.params.get(_P)):
        level_down(state, p, ctx)


def _level_up(state: GameState, ctx: dict, step: Step) -> None:
    """Level up by card text: the card goes onto its owner's Leader, even beyond the once-per-turn level-up
    (PTCG-ULT-01 over PTCG-ROLE-02); one level higher unless ``any_level``."""
    for c in _sel(state, ctx, step.params[_T])[:1]:
        d = state.defs[c]
        if d.type != UNIT or state.loc[c][1] in (LEADER, HISTORY):
            continue
        p = state.owner[c]
        lvl = leader_level(state, p)
        cl = d.stats["level"]
        if cl == lvl + 1 or (cl > lvl and (step.params.get("any_level") or state.options.get("level_up_any_higher"))):
            level_up(state, p, c, True)


def _put_into_play(state: GameState, ctx: dict, step: Step) -> None:
    """Put units (or Artefacts) into play by an effect, even above the Leader's level (PTCG-ROLE-06)."""
    zone = step.params.get("zone")
    cards = [c for c in _sel(state, ctx, step.params[_T]) if state.loc[c][1] not in FIELD]
    if cards:
        effects.push(state, tuple(Step("_put_one", {"card": c, "zone": zone}) for c in cards), ctx)


def _put_one(state: GameState, ctx: dict, step: Step) -> None:
    c = step.params["card"]
    p = state.owner[c]
    zones = state.zones[p]
    if state.loc[c][1] in FIELD:
        return
    zone = _empty_zone_choice(state, ctx, p, [z for z in ZONE_CHOICES.get(step.params.get("zone"), SLOTS)
                                              if not zones[z]],
                              f"put {state.defs[c].name} into play: choose an empty zone")
    if zone is None:
        return
    enter(state, c, p, zone, True)
    state.emit("put_into_play", p, c, (zone,))


def _pay(state: GameState, ctx: dict, step: Step) -> None:
    """Pay Energy: top cards of the Energy zone to the Lost zone (PTCG-ENERGY-02)."""
    pay_energy(state, ctx["controller"], effects.amount(state, ctx, step.params[_A]))


def _lock(state: GameState, ctx: dict, step: Step) -> None:
    """Lock a player out of some of their cards until the end of their next turn."""
    what = step.params["what"]
    for w in what if isinstance(what, tuple) else (what,):
        key = LOCK_KEYS[w]
        for p in effects.players(state, ctx, step.params.get(_P, "opponent")):
            until = state.turn + 2 if state.active == p else state.turn + 1
            state.res[p][key] = max(until, state.res[p].get(key, 0))
            state.emit("lock", p, data=(w, until))


# ---------------------------------------------------------------------------------------------- core verbs, here


def _damage(state: GameState, ctx: dict, step: Step) -> None:
    """Damage to a player directly cannot be modified (PTCG-ULT-12); to a Leader it can be reduced (armour,
    prevention: PTCG-TERM-08, PTCG-ULT-11); a non-Leader card that takes it is lost (PTCG-DMG-02)."""
    n = effects.amount(state, ctx, step.params[_A])
    target = step.params[_T]
    if isinstance(target, str) and target in PLAYER_WORDS:
        for p in effects.players(state, ctx, target):
            damage_player(state, p, n, ctx)
        return
    leaders = []
    for c in _sel(state, ctx, target):
        z = state.loc[c][1]
        if z == LEADER:
            leaders.append(c)
        elif z in FIELD or z == DEFENCE:
            damage_card(state, c, n, ctx)
    if leaders and n > 0:
        effects.push(state, tuple(Step("_damage_one", {"target": c, "amount": n}) for c in leaders), ctx)


def _damage_one(state: GameState, ctx: dict, step: Step) -> None:
    """Damage to one Leader: prevention first, then the owner chooses how much armour to use (a decision)."""
    n = step.params[_A]
    p = state.owner[step.params[_T]]
    res = state.res[p]
    prevent = res.get("prevent", 0)
    if "_armour" in ctx:
        use = int(ctx.pop("_armour"))
    else:
        left = n - min(prevent, n)
        k = min(armour_available(state, p), left)
        if k > 0:
            effects.ask(state, ctx, p, f"{left} damage to your Leader: how much Armour do you use? (0-{k})",
                        list(_ARMOUR_OPTIONS[:k + 1]), "_armour")
            return
        use = 0
    prev = min(prevent, n)
    if prev:
        res["prevent"] = prevent - prev
        n -= prev
        state.emit("prevented", p, data=("damage", prev))
    use = min(use, n)
    if use:
        use_armour(state, p, use)
        n -= use
    take_damage(state, p, n)


def _move(state: GameState, ctx: dict, step: Step) -> None:
    """Move cards, always into their owner's zones (PTCG-ULT-06): to ``lost`` is losing, to a field zone is putting
    into play, to ``energy`` is energising."""
    to = step.params["to"]
    zone = to.partition(".")[2] or to
    bottom = step.params.get("position") == "bottom"
    for c in _sel(state, ctx, step.params[_T]):
        owner = state.owner[c]
        if zone == LOST:
            lose(state, c, ctx)
        elif zone in SLOTS or zone == "boost":
            if not state.zones[owner][zone]:
                enter(state, c, owner, zone, True)
        elif zone == ENERGY:
            if not prohibited(state, ctx["controller"], "energise", ctx):
                state.move(c, owner, ENERGY)
        elif zone in (LEADER, HISTORY, CASTING, DEFENCE):
            continue  # only the rules put cards there
        else:
            state.move(c, owner, zone, 0 if bottom else None)


def _move_top(state: GameState, ctx: dict, step: Step) -> None:
    prm = step.params
    fwho, _, fzone = prm["from"].partition(".")
    tzone = prm["to"].partition(".")[2] or prm["to"]
    n = effects.amount(state, ctx, prm.get("count", 1))
    for p in effects.players(state, ctx, fwho):
        for _ in range(n):
            pile = state.zones[p][fzone]
            if not pile:
                break
            _move(state, ctx, Step("move", {_T: pile[-1], "to": tzone}))


def _win(state: GameState, ctx: dict, step: Step) -> None:
    """A card-effect win (priority 1), counted when the effect has finished (PTCG-ULT-09, PTCG-WIN-04)."""
    p = effects.player(state, ctx, step.params.get(_P))
    reason = step.params.get("reason") or f"{state.defs[ctx['source']].name}'s effect"
    claim_win(state, p, reason, ctx.get("_seq") or seq_next(state))


# ---------------------------------------------------------------------------------------------- the rules' own steps


def _finish_cast(state: GameState, ctx: dict, step: Step) -> None:
    """A Spell becomes Lost once used (PTCG-TYPE-05)."""
    c = step.params["card"]
    if state.loc[c][1] == CASTING:
        state.move(c, state.owner[c], LOST)


def _end_battle(state: GameState, ctx: dict, step: Step) -> None:
    end_battle(state)


def _check_wins(state: GameState, ctx: dict, step: Step) -> None:
    """Option ``win_before_battle_triggers``: the wins, checked once the attack's damage is done (PTCG-ULT-09)."""
    check_wins(state)


HANDLERS: dict[str, effects.Handler] = {
    "lose": _lose, "energise": _energise, "remove": _remove, "excavate": _excavate, "armour": _armour,
    "prevent": _prevent, "refresh": _refresh, "rest": _rest, "stasis": _stasis, "end_stasis": _end_stasis,
    "mind_wipe": _mind_wipe, "sacrifice": _sacrifice, "level_down": _level_down, "level_up": _level_up,
    "put_into_play": _put_into_play, "pay": _pay, "lock": _lock,
    "damage": _damage, "move": _move, "move_top": _move_top, "win": _win,
    "_damage_one": _damage_one, "_put_one": _put_one, "_finish_cast": _finish_cast, "_end_battle": _end_battle,
    "_check_wins": _check_wins,
}

__all__ = ["EXTRA_VERBS", "HANDLERS", "UNIT"]
