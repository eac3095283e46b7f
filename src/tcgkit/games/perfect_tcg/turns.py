"""Perfect TCG turn flow: setup (PTCG-SETUP-*), the stages of a turn (PTCG-TURN-*), running the game on to its next
decision, and applying a player's action.

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`: the legal actions of each stage are in
``actions.py``, what a card does when played in ``plays.py``, battles in ``battle.py``, wins in ``wins.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action, ActionTable
from tcgkit.core.cards import CardDef
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.errors import TcgkitError
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.actions import (
    _bonus_stage,
    _defend_stage,
    _level_stage,
    _support_stage,
    attackers,
    closed_main_actions,
    legal_actions_for,
    main_surely_open,
    stasis_units,
    sure_attack,
    war_actions,
)
from tcgkit.games.perfect_tcg.battle import add_support, declare_attack, defend, resolve_battle
from tcgkit.games.perfect_tcg.model import (
    ART,
    BOOST,
    DECK,
    ENERGY,
    HAND,
    HAND_FACTS,
    LEADER,
    SETUP,
    HandFacts,
    hand_facts,
)
from tcgkit.games.perfect_tcg.plays import (
    UNIT_ZONES,
    activate,
    cast,
    draw,
    end_stasis,
    enter,
    level_up,
    play_boost,
    seq_next,
    to_lost,
)
from tcgkit.games.perfect_tcg.wins import ENERGY_VICTORY, check_wins

#: statuses that last until the end of the turn (two: ``end_turn`` tests both by index)
TEMP_STATUSES: Final[tuple[str, ...]] = ("cannot_be_lost", "shield")
#: the stage after each of the turn player's optional stages, entered at once when only passing is left
#: the ``leader`` actions (setup: PTCG-SETUP-01), each built once
LEADER_A: Final = ActionTable("leader")
NEXT_STAGE: Final[dict[str, str]] = {"bonus": "level", "level": "main", "main": "war"}


def setup(state: GameState, sections: list[dict[str, list[int]]]) -> None:
    """Deck and Artefact deck in place; each player chooses a Level 0 Leader (PTCG-SETUP-01)."""
    for p, secs in enumerate(sections):
        for c in secs.get("main", ()):
            state.place(c, p, SETUP)
        for c in secs.get("artefacts", ()):
            state.place(c, p, ART)
        state.shuffle(p, ART)  # PTCG-ZONE-03
    state.phase = "leader"
    state.vars["seq"] = 0
    state.vars["chosen"] = ()
    state.vars["first_player"] = 0
    _setup_next(state)


def leader_options(state: GameState, p: int) -> list[Action]:
    """One ``leader`` action per distinct Level 0 unit of the deck (the deck may be looked at before the game
    starts: PTCG-SETUP-01)."""
    seen: set = set()
    out = []
    defs = state.defs
    hf: HandFacts = defs.facts.get(HAND_FACTS) or hand_facts(defs)
    cards: list[CardDef] = defs  # (a list: read in C, as a CardList subscript is not)
    levels = hf[0]  # a unit's printed level, NONE for another type
    for c in state.zones[p][SETUP]:
        if levels[c] == 0:  # a Level 0 unit
            ident = cards[c].fields["identity"]
            if ident not in seen:
                seen.add(ident)
                out.append(LEADER_A[c])
    return out


def _setup_next(state: GameState) -> None:
    while True:
        chosen = state.vars["chosen"]
        todo = [p for p in (0, 1) if p not in chosen]
        if not todo:
            _finish_setup(state)
            return
        p = todo[0]
        opts = leader_options(state, p)
        if not opts:
            raise TcgkitError(f"player {p}'s deck has no Level 0 unit to be the Leader (PTCG-SETUP-01)")
        if len(opts) > 1:
            state.current = p
            state.cache_legal(opts)  # the legal actions now: not listed again
            return
        _choose_leader(state, p, opts[0].args[0])


def _choose_leader(state: GameState, p: int, card: int) -> None:
    # kept in the (private) setup zone, at its bottom, until both players have chosen: choices are secret
    state.move(card, p, SETUP, 0)
    state.vars["chosen"] = (*state.vars["chosen"], p)


def _finish_setup(state: GameState) -> None:
    for p in (0, 1):
        setup = state.zones[p][SETUP]
        leader = setup[0]
        state.move(leader, p, LEADER)  # both Leaders are revealed together (PTCG-ZONE-04)
        state.card_state(leader).status["since"] = seq_next(state)
        deck = state.zones[p][DECK]
        loc = state.loc
        at_deck = (p, DECK)
        deck.extend(setup)  # the setup zone, in order, onto the deck
        for c in setup:
            loc[c] = at_deck
        setup.clear()
        state.shuffle(p, DECK)  # PTCG-SETUP-02, PTCG-ZONE-01
        for _ in range(7):
            state.move_top(p, DECK, HAND)
    first = 0 if state.rng.coin() else 1  # PTCG-SETUP-03
    state.vars["first_player"] = first
    state.emit("coin", first, data=("first player",))
    state.active = 1 - first
    state.turn = 0
    state.phase = "turn_start"
    settle(state)


def resume(state: GameState) -> None:
    """A scenario's position: phase ``start`` begins the active player's turn (Refresh stage) now."""
    state.vars.setdefault("first_player", 0)
    state.vars.setdefault("seq", 0)
    state.rules.recount_statics(state)
    for key in ("b_sup",):
        if isinstance(state.vars.get(key), list):
            state.vars[key] = tuple(state.vars[key])
    for p in (0, 1):
        state.res[p]["energy"] = len(state.zones[p][ENERGY])
        if len(state.zones[p][LEADER]) > 1:
            raise TcgkitError(f"player {p}: the Leader zone holds one card; put the cards under it in 'history'")
    if state.phase == "start":
        _begin_turn(state, state.active)
    elif state.phase == "defend":
        state.current = 1 - state.active
    else:
        state.current = state.active
    settle(state)


# ================================================================== the flow of the game
def settle(state: GameState) -> None:
    """Run the game on to its next decision: resolve the stack, check wins when it is empty (PTCG-ULT-09),
    then go through whatever needs no decision."""
    checked = -1
    opts = state.options
    slow = opts.get("deck_out_on_failed_draw") or opts.get("lock_in_wins")
    z0, z1 = state.zones
    deck0, deck1, en0, en1 = z0[DECK], z1[DECK], z0[ENERGY], z1[ENERGY]  # (lists kept)
    v = state.vars  # (kept: only a clone has another)
    while True:
        if state.stack and not effects.run(state):
            return
        if state.result is not None:
            return
        n = len(state.log)
        if n != checked:  # something happened since the last check
            checked = n
            if (not deck0 or not deck1 or len(en0) >= ENERGY_VICTORY or len(en1) >= ENERGY_VICTORY or slow
                    or v.get("n_win") or v.get("win_claims")) and check_wins(state):
                return
        if _advance(state):
            return


def _advance(state: GameState) -> bool:
    """Automatic steps; True when a player must decide (the stages tested in the order of how often they come).
    A stage left at once with no event (only passing is left, no Support to add, a battle fought) goes on to the
    next stage here; a step with events returns False, so that ``settle`` resolves what they started."""
    while True:
        ph = state.phase
        p = state.active
        if ph == "main":
            if main_surely_open(state, p):
                state.current = p  # a play or a Retreat, and pass
                state.cache_legal(None)  # listed when asked (surely_has_choice)
                return True
            acts = closed_main_actions(state, p)  # (no play, no Retreat)
            if len(acts) == 1:  # only passing is left: the War stage at once
                state.phase = "war"
                continue
        elif ph == "bonus" or ph == "level":
            acts = _bonus_stage(state, p) if ph == "bonus" else _level_stage(state, p)
            if len(acts) == 1:  # only passing is left: the next stage at once
                state.phase = NEXT_STAGE[ph]
                continue
        elif ph == "war":
            if sure_attack(state, p):
                state.current = p  # the Leader's attack on the Leader, and end
                state.cache_legal(None)  # listed when asked (surely_has_choice)
                return True
            units = attackers(state, p)
            if not units and not state.vars.get("war_acted"):
                # the last refreshed unit has attacked, or none was left when the War stage began (PTCG-TURN-07);
                # a unit rested otherwise (its own effect) leaves the decision to the player
                end_turn(state)
                return False
            acts = war_actions(state, p, units)
        elif ph == "defend":
            acts = _defend_stage(state, p)
            if len(acts) == 1:
                resolve_battle(state)
                return False
            state.current = 1 - p
            state.cache_legal(acts)
            return True
        elif ph == "turn_start":
            _start_turn(state)
            return False
        elif ph == "refresh":
            if stasis_units(state, p):
                state.current = p
                return True
            _turn_draw(state, p)
            state.phase = "bonus"
            return False
        elif ph == "support":
            acts = _support_stage(state, p)
            if len(acts) == 1:
                state.phase = "defend"
                continue
        elif ph == "leader":
            return True
        elif ph == "battle":
            state.phase = "war"
            continue
        else:
            acts = legal_actions_for(state)
        state.current = p
        state.cache_legal(acts)
        return True


def _start_turn(state: GameState) -> None:
    state.turn += 1
    _begin_turn(state, 1 - state.active)


def _begin_turn(state: GameState, p: int) -> None:
    """The Refresh stage: refresh every rested unit of the turn player (PTCG-TURN-02)."""
    state.active = p
    state.current = p
    res = state.res
    if res[0].get("armour_used"):
        res[0]["armour_used"] = 0
    if res[1].get("armour_used"):
        res[1]["armour_used"] = 0
    zones = state.zones[p]
    cs = state.cs
    for z in UNIT_ZONES:
        for c in zones[z]:
            st = cs.get(c)
            if st is not None and st.tapped:
                state.card_state(c).tapped = False  # card_state: a clone's copy on write
    state.phase = "refresh"
    state.emit("turn_start", p, data=(state.turn,))


def _turn_draw(state: GameState, p: int) -> None:
    """The Refresh-stage draw (PTCG-TURN-03); no exception for the first turn unless the option says so."""
    if state.options.get("first_player_skips_draw") and state.turn == 1:
        return
    draw(state, p)


def end_turn(state: GameState) -> None:
    p = state.active
    state.vars.pop("war_acted", None)
    state.emit("turn_end", p, data=(state.turn,))
    for card, st in state.cs.items():  # card_state replaces a record under its own key: no key is added
        if not st.mods:
            status = st.status
            if not status or (TEMP_STATUSES[0] not in status and TEMP_STATUSES[1] not in status):
                continue  # nothing to change: no copy of a shared record
        st = state.card_state(card)  # to change it (a clone's copy on write)
        if st.mods:
            st.mods = durations.after_turn(st.mods, ("battle",))
        if st.status:
            for s in TEMP_STATUSES:
                st.status.pop(s, None)
    for r in state.res:
        if r.get("prevent"):
            r["prevent"] = 0
    if state.options.get("boost_lasts_one_turn"):
        for c in list(state.zones[p][BOOST]):
            to_lost(state, c)
    state.phase = "turn_start"


def _apply_draw(state: GameState, p: int, args: tuple) -> None:
    _turn_draw(state, p)
    state.phase = "bonus"


def _apply_end_stasis(state: GameState, p: int, args: tuple) -> None:
    end_stasis(state, args[0])  # forgoing the draw (PTCG-TERM-21)
    state.emit("forgo_draw", p, args[0])
    state.phase = "bonus"


def _apply_boost(state: GameState, p: int, args: tuple) -> None:
    play_boost(state, p, args[0])


def _apply_level(state: GameState, p: int, args: tuple) -> None:
    level_up(state, p, args[0])
    state.phase = "main"


def _apply_play(state: GameState, p: int, args: tuple) -> None:
    enter(state, args[0], p, args[1])


def _apply_cast(state: GameState, p: int, args: tuple) -> None:
    cast(state, p, args[0])


def _apply_activate(state: GameState, p: int, args: tuple) -> None:
    if state.phase == "war":
        state.vars["war_acted"] = 1  # PTCG-TURN-07: no attack since; the player ends the turn
    activate(state, p, args[0], int(args[1]))


def _apply_retreat(state: GameState, p: int, args: tuple) -> None:
    if state.phase == "war":
        state.vars["war_acted"] = 1
    to_lost(state, args[0])
    state.emit("retreat", p, args[0])


def _apply_attack(state: GameState, p: int, args: tuple) -> None:
    declare_attack(state, p, args[0], args[1])


def _apply_support(state: GameState, p: int, args: tuple) -> None:
    add_support(state, p, args[0])


def _apply_defend(state: GameState, p: int, args: tuple) -> None:
    defend(state, p, args[0])


def _apply_pass(state: GameState, p: int, args: tuple) -> None:
    state.phase = NEXT_STAGE[state.phase]


def _apply_end(state: GameState, p: int, args: tuple) -> None:
    end_turn(state)


def _apply_done(state: GameState, p: int, args: tuple) -> None:
    if state.phase == "support":
        state.phase = "defend"
    else:
        resolve_battle(state)


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class TurnFlow:
    """Setup, the stages of a turn and applying actions: each method calls its module function (compiled code calls
    those directly); the hooks only the core calls (``apply``, ``after_effects``) do their work here."""

    # ================================================================== setup

    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
        """:func:`setup`"""
        setup(state, sections)

    def leader_options(self, state: GameState, p: int) -> list[Action]:
        """:func:`leader_options`"""
        return leader_options(state, p)

    def _setup_next(self, state: GameState) -> None:
        """:func:`_setup_next`"""
        _setup_next(state)

    def _choose_leader(self, state: GameState, p: int, card: int) -> None:
        """:func:`_choose_leader`"""
        _choose_leader(state, p, card)

    def _finish_setup(self, state: GameState) -> None:
        """:func:`_finish_setup`"""
        _finish_setup(state)

    def resume(self, state: GameState) -> None:
        """:func:`resume`"""
        resume(state)

    def settle(self, state: GameState) -> None:
        """:func:`settle`"""
        settle(state)

    def after_effects(self, state: GameState) -> None:
        """The effects have resolved: the game runs on (:func:`settle`; the core calls this hook)."""
        settle(state)

    def _advance(self, state: GameState) -> bool:
        """:func:`_advance`"""
        return _advance(state)

    def _start_turn(self, state: GameState) -> None:
        """:func:`_start_turn`"""
        _start_turn(state)

    def _begin_turn(self, state: GameState, p: int) -> None:
        """:func:`_begin_turn`"""
        _begin_turn(state, p)

    def _turn_draw(self, state: GameState, p: int) -> None:
        """:func:`_turn_draw`"""
        _turn_draw(state, p)

    def end_turn(self, state: GameState) -> None:
        """:func:`end_turn`"""
        end_turn(state)

    @staticmethod
    def opt(state: GameState, name: str) -> bool:
        return bool(state.options.get(name))

    # ================================================================== applying actions

    def apply(self, state: GameState, action: Action) -> None:
        k = action.kind
        if k == "leader":
            _choose_leader(state, state.current, action.args[0])
            _setup_next(state)
            return
        p = state.current
        args = action.args
        # what applying each kind does (APPLY), tested in turn: direct calls, no table
        if k == "attack":
            _apply_attack(state, p, args)
        elif k == "pass":
            _apply_pass(state, p, args)
        elif k == "end":
            _apply_end(state, p, args)
        elif k == "done":
            _apply_done(state, p, args)
        elif k == "play":
            _apply_play(state, p, args)
        elif k == "support":
            _apply_support(state, p, args)
        elif k == "defend":
            _apply_defend(state, p, args)
        elif k == "activate":
            _apply_activate(state, p, args)
        elif k == "boost":
            _apply_boost(state, p, args)
        elif k == "level":
            _apply_level(state, p, args)
        elif k == "cast":
            _apply_cast(state, p, args)
        elif k == "retreat":
            _apply_retreat(state, p, args)
        elif k == "draw":
            _apply_draw(state, p, args)
        elif k == "end_stasis":
            _apply_end_stasis(state, p, args)
        else:
            raise KeyError(k)  # (as the table's lookup did)
        settle(state)

    def _apply_draw(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_draw`"""
        _apply_draw(state, p, args)

    def _apply_end_stasis(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_end_stasis`"""
        _apply_end_stasis(state, p, args)

    def _apply_boost(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_boost`"""
        _apply_boost(state, p, args)

    def _apply_level(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_level`"""
        _apply_level(state, p, args)

    def _apply_play(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_play`"""
        _apply_play(state, p, args)

    def _apply_cast(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_cast`"""
        _apply_cast(state, p, args)

    def _apply_activate(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_activate`"""
        _apply_activate(state, p, args)

    def _apply_retreat(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_retreat`"""
        _apply_retreat(state, p, args)

    def _apply_attack(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_attack`"""
        _apply_attack(state, p, args)

    def _apply_support(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_support`"""
        _apply_support(state, p, args)

    def _apply_defend(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_defend`"""
        _apply_defend(state, p, args)

    def _apply_pass(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_pass`"""
        _apply_pass(state, p, args)

    def _apply_end(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_end`"""
        _apply_end(state, p, args)

    def _apply_done(self, state: GameState, p: int, args: tuple) -> None:
        """:func:`_apply_done`"""
        _apply_done(state, p, args)


#: action kind -> what applying it does (then the game runs on: ``settle``): what :func:`apply` calls, directly
APPLY: Final[dict[str, Callable[[GameState, int, tuple], None]]] = {
    "draw": _apply_draw, "end_stasis": _apply_end_stasis, "boost": _apply_boost, "level": _apply_level,
    "play": _apply_play, "cast": _apply_cast, "activate": _apply_activate, "retreat": _apply_retreat,
    "attack": _apply_attack, "support": _apply_support, "defend": _apply_defend, "pass": _apply_pass,
    "end": _apply_end, "done": _apply_done}
