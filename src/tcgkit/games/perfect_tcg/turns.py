"""Perfect TCG turn flow: setup (PTCG-SETUP-*), the stages of a turn (PTCG-TURN-*), running the game on to its next
decision, and applying a player's action.

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`: the legal actions of each stage are in
``actions.py``, what a card does when played in ``plays.py``, battles in ``battle.py``, wins in ``wins.py``.
"""

from __future__ import annotations

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.errors import TcgkitError
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.actions import STAGE_ACTIONS, main_surely_open, sure_attack
from tcgkit.games.perfect_tcg.model import (
    ART,
    BOOST,
    DECK,
    ENERGY,
    HAND,
    LEADER,
    SETUP,
    UNIT,
    UNIT_ZONES,
    next_seq,
)
from tcgkit.games.perfect_tcg.wins import ENERGY_VICTORY

#: statuses that last until the end of the turn (two: ``end_turn`` tests both by index)
TEMP_STATUSES = ("cannot_be_lost", "shield")
#: the stage after each of the turn player's optional stages, entered at once when only passing is left
NEXT_STAGE = {"bonus": "level", "level": "main", "main": "war"}


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class TurnFlow:
    """Setup, the stages of a turn and applying actions."""

    # ================================================================== setup
    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
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
        self._setup_next(state)

    def leader_options(self, state: GameState, p: int) -> list[Action]:
        """One ``leader`` action per distinct Level 0 unit of the deck (the deck may be looked at before the game
        starts: PTCG-SETUP-01)."""
        seen: set = set()
        out = []
        for c in state.zones[p][SETUP]:
            d = state.defs[c]
            if d.type == UNIT and d.stats.get("level") == 0 and d.fields["identity"] not in seen:
                seen.add(d.fields["identity"])
                out.append(Action("leader", (c,)))
        return out

    def _setup_next(self, state: GameState) -> None:
        while True:
            chosen = state.vars["chosen"]
            todo = [p for p in (0, 1) if p not in chosen]
            if not todo:
                self._finish_setup(state)
                return
            p = todo[0]
            opts = self.leader_options(state, p)
            if not opts:
                raise TcgkitError(f"player {p}'s deck has no Level 0 unit to be the Leader (PTCG-SETUP-01)")
            if len(opts) > 1:
                state.current = p
                state.cache_legal(opts)  # the legal actions now: not listed again
                return
            self._choose_leader(state, p, opts[0].args[0])

    def _choose_leader(self, state: GameState, p: int, card: int) -> None:
        # kept in the (private) setup zone, at its bottom, until both players have chosen: choices are secret
        state.move(card, p, SETUP, 0)
        state.vars["chosen"] = (*state.vars["chosen"], p)

    def _finish_setup(self, state: GameState) -> None:
        for p in (0, 1):
            setup = state.zones[p][SETUP]
            leader = setup[0]
            state.move(leader, p, LEADER)  # both Leaders are revealed together (PTCG-ZONE-04)
            state.card_state(leader).status["since"] = next_seq(state)
            deck = state.zones[p][DECK]
            for c in list(setup):
                setup.remove(c)
                deck.append(c)
                state.loc[c] = (p, DECK)
            state.shuffle(p, DECK)  # PTCG-SETUP-02, PTCG-ZONE-01
            for _ in range(7):
                state.move_top(p, DECK, HAND)
        first = 0 if state.rng.coin() else 1  # PTCG-SETUP-03
        state.vars["first_player"] = first
        state.emit("coin", first, data=("first player",))
        state.active = 1 - first
        state.turn = 0
        state.phase = "turn_start"
        self.settle(state)

    def resume(self, state: GameState) -> None:
        """A scenario's position: phase ``start`` begins the active player's turn (Refresh stage) now."""
        state.vars.setdefault("first_player", 0)
        state.vars.setdefault("seq", 0)
        self.recount_statics(state)
        for key in ("b_sup",):
            if isinstance(state.vars.get(key), list):
                state.vars[key] = tuple(state.vars[key])
        for p in (0, 1):
            state.res[p]["energy"] = len(state.zones[p][ENERGY])
            if len(state.zones[p][LEADER]) > 1:
                raise TcgkitError(f"player {p}: the Leader zone holds one card; put the cards under it in 'history'")
        if state.phase == "start":
            self._begin_turn(state, state.active)
        elif state.phase == "defend":
            state.current = 1 - state.active
        else:
            state.current = state.active
        self.settle(state)

    # ================================================================== the flow of the game
    def settle(self, state: GameState) -> None:
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
                        or v.get("n_win") or v.get("win_claims")) and self.check_wins(state):
                    return
            if self._advance(state):
                return

    def after_effects(self, state: GameState) -> None:
        self.settle(state)

    def _advance(self, state: GameState) -> bool:
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
                acts = self.closed_main_actions(state, p)  # (no play, no Retreat)
                if len(acts) == 1:  # only passing is left: the War stage at once
                    state.phase = "war"
                    continue
            elif ph == "bonus" or ph == "level":
                acts = STAGE_ACTIONS[ph](self, state, p)
                if len(acts) == 1:  # only passing is left: the next stage at once
                    state.phase = NEXT_STAGE[ph]
                    continue
            elif ph == "war":
                if sure_attack(state, p):
                    state.current = p  # the Leader's attack on the Leader, and end
                    state.cache_legal(None)  # listed when asked (surely_has_choice)
                    return True
                attackers = self.attackers(state, p)
                if not attackers and not state.vars.get("war_acted"):
                    # the last refreshed unit has attacked, or none was left when the War stage began (PTCG-TURN-07);
                    # a unit rested otherwise (its own effect) leaves the decision to the player
                    self.end_turn(state)
                    return False
                acts = self.war_actions(state, p, attackers)
            elif ph == "defend":
                acts = STAGE_ACTIONS[ph](self, state, p)
                if len(acts) == 1:
                    self.resolve_battle(state)
                    return False
                state.current = 1 - p
                state.cache_legal(acts)
                return True
            elif ph == "turn_start":
                self._start_turn(state)
                return False
            elif ph == "refresh":
                if self.stasis_units(state, p):
                    state.current = p
                    return True
                self._turn_draw(state, p)
                state.phase = "bonus"
                return False
            elif ph == "support":
                acts = STAGE_ACTIONS[ph](self, state, p)
                if len(acts) == 1:
                    state.phase = "defend"
                    continue
            elif ph == "leader":
                return True
            elif ph == "battle":
                state.phase = "war"
                continue
            else:
                acts = self.legal_actions_for(state)
            state.current = p
            state.cache_legal(acts)
            return True

    def _start_turn(self, state: GameState) -> None:
        state.turn += 1
        self._begin_turn(state, 1 - state.active)

    def _begin_turn(self, state: GameState, p: int) -> None:
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

    def _turn_draw(self, state: GameState, p: int) -> None:
        """The Refresh-stage draw (PTCG-TURN-03); no exception for the first turn unless the option says so."""
        if state.options.get("first_player_skips_draw") and state.turn == 1:
            return
        self.draw(state, p)

    def end_turn(self, state: GameState) -> None:
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
                self.to_lost(state, c)
        state.phase = "turn_start"

    @staticmethod
    def opt(state: GameState, name: str) -> bool:
        return bool(state.options.get(name))

    # ================================================================== applying actions
    def apply(self, state: GameState, action: Action) -> None:
        k = action.kind
        if k == "leader":
            self._choose_leader(state, state.current, action.args[0])
            self._setup_next(state)
            return
        APPLY[k](self, state, state.current, action.args)
        self.settle(state)

    def _apply_draw(self, state: GameState, p: int, args: tuple) -> None:
        self._turn_draw(state, p)
        state.phase = "bonus"

    def _apply_end_stasis(self, state: GameState, p: int, args: tuple) -> None:
        self.end_stasis(state, args[0])  # forgoing the draw (PTCG-TERM-21)
        state.emit("forgo_draw", p, args[0])
        state.phase = "bonus"

    def _apply_boost(self, state: GameState, p: int, args: tuple) -> None:
        self.play_boost(state, p, args[0])

    def _apply_level(self, state: GameState, p: int, args: tuple) -> None:
        self.level_up(state, p, args[0])
        state.phase = "main"

    def _apply_play(self, state: GameState, p: int, args: tuple) -> None:
        self.enter(state, args[0], p, args[1])

    def _apply_cast(self, state: GameState, p: int, args: tuple) -> None:
        self.cast(state, p, args[0])

    def _apply_activate(self, state: GameState, p: int, args: tuple) -> None:
        if state.phase == "war":
            state.vars["war_acted"] = 1  # PTCG-TURN-07: no attack since; the player ends the turn
        self.activate(state, p, args[0], int(args[1]))

    def _apply_retreat(self, state: GameState, p: int, args: tuple) -> None:
        if state.phase == "war":
            state.vars["war_acted"] = 1
        self.to_lost(state, args[0])
        state.emit("retreat", p, args[0])

    def _apply_attack(self, state: GameState, p: int, args: tuple) -> None:
        self.declare_attack(state, p, args[0], args[1])

    def _apply_support(self, state: GameState, p: int, args: tuple) -> None:
        self.add_support(state, p, args[0])

    def _apply_defend(self, state: GameState, p: int, args: tuple) -> None:
        self.defend(state, p, args[0])

    def _apply_pass(self, state: GameState, p: int, args: tuple) -> None:
        state.phase = NEXT_STAGE[state.phase]

    def _apply_end(self, state: GameState, p: int, args: tuple) -> None:
        self.end_turn(state)

    def _apply_done(self, state: GameState, p: int, args: tuple) -> None:
        if state.phase == "support":
            state.phase = "defend"
        else:
            self.resolve_battle(state)


#: action kind -> what applying it does (then the game runs on: ``settle``)
APPLY = {k: getattr(TurnFlow, f"_apply_{k}") for k in (
    "draw", "end_stasis", "boost", "level", "play", "cast", "activate", "retreat", "attack", "support", "defend",
    "pass", "end", "done")}
