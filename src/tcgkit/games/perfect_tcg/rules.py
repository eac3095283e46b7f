"""Perfect TCG rules: deck rules, setup, the five stages of a turn, battles with boosts, supports and defenders,
damage as cards moving from the deck to the Energy zone, every keyword, the Ultimate rules and the win priorities.

The rulebook is ``shared/rules/perfect-tcg.txt``; clause ids are ``PTCG-*`` (``perfect-tcg.clauses.yaml``). Every
reading this module takes where the rulebook is silent or contradicts itself is listed in ``RULINGS.md``; where a
second reading is reasonable, it is a game option (``OPTIONS``), off by default.

How the game runs (see ``docs/developing.md`` for the shared model):

- ``state.phase`` is one of ``leader`` (setup: choosing a Leader), ``refresh``, ``bonus``, ``level``, ``main``,
  ``war`` (the turn's stages), ``support`` (the attacker adds Support units), ``defend`` (the defender's window) and
  ``battle`` (the battle resolving). ``turn_start`` is the moment between two turns.
- Everything that happens is either a player's action at a decision point, or an effect on the resolution stack.
  Battle damage, armour choices, excavation slots and every "may"/"choose" run on the stack, so a decision can stop
  the game anywhere and a clone resumes exactly there.
- Wins are checked only when the stack is empty (PTCG-ULT-09): card effects first, then running out of cards, then
  the Energy Victory (PTCG-WIN-03).

>>> from tcgkit.games import get_rules
>>> rules = get_rules("perfect-tcg")
>>> state = rules.new_game(["Gandor", "Alchemy"], seed=4)
>>> state.phase, [a.kind for a in state.legal_actions()][:1]
('leader', ['leader'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from math import tanh
from pathlib import Path
from typing import Any

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, Effect, Step
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.errors import DeckFileError, TcgkitError
from tcgkit.core.ruleset import Ruleset, event_bindings, event_filters_pass
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, Event, GameState
from tcgkit.games.perfect_tcg import verbs
from tcgkit.games.perfect_tcg.model import (
    ART,
    ARTEFACT,
    BEHIND,
    BOOST,
    BOOST_T,
    CASTING,
    DECK,
    DEFENCE,
    ENERGY,
    FIELD,
    HAND,
    HISTORY,
    LEADER,
    LOCK_KEYS,
    LOST,
    SETUP,
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
    PerfectCard,
    leader_level,
    make_card,
    next_seq,
)
from tcgkit.games.perfect_tcg.words import PerfectTcgWords

PASS, END, DONE, DRAW = Action("pass"), Action("end"), Action("done"), Action("draw")
_new = tuple.__new__  # _new(Action, (kind, args)) builds an Action without the NamedTuple constructor (hot path)
END_BATTLE = Step("_end_battle", {})
WIN_CHECK = Step("_check_wins", {})
IDX = tuple(str(i) for i in range(32))
USED = tuple(f"used{i}" for i in range(32))
COUNT = tuple(f"uses{i}" for i in range(32))
#: statuses that last until the end of the turn
TEMP_STATUSES = ("cannot_be_lost", "shield")
ENERGY_VICTORY = 24
#: vars keys counting the cards in play with a static effect of each kind (0: the scan is skipped)
NKEYS = {k: f"n_{k}" for k in ("modify", "armour", "allow", "cannot", "win")}
FIELD_SET = frozenset(FIELD)
#: the stage after each of the turn player's optional stages, entered at once when only passing is left
NEXT_STAGE = {"bonus": "level", "level": "main", "main": "war"}
#: vars keys counting each player's cards in play with an activated effect
NACT = ("n_act0", "n_act1")
#: vars keys counting each player's cards in play with a triggered effect, and with a static one (0: no scan)
NTRIG = ("n_trig0", "n_trig1")
NSTAT = ("n_stat0", "n_stat1")
FIELD_ZONES_ALL = frozenset((DECK, HAND, LEADER, HISTORY, WL, WR, SL, SR, BOOST, ENERGY, LOST, ART))
EV_DECK_MIN, EV_DECK_MAX = 5, 10
_LIMITS: dict[str, tuple[bool, int]] = {}
_DECK_CHECKS: dict[tuple, tuple[Violation, ...]] = {}
_RESOLVED: dict[tuple, tuple] = {}

# ------------------------------------------------------------------ evaluation weights, in deck cards (see evaluate)
#: the evaluation's difference of worth (in deck cards) that maps to tanh(1), about 0.76
EVAL_SCALE = 30.0
#: below this many deck cards each further card lost costs 1 + W_DANGER (the end is one or two attacks away)
DANGER_DECK, W_DANGER = 8, 1.5
#: Energy as a resource to pay costs, up to ENERGY_CAP cards
W_ENERGY, ENERGY_CAP = 0.3, 6
#: the Energy Victory: worth W_EV at the threshold, growing with the square of the progress; damage expected per
#: turn while waiting for the rest, and how many cards short of the 5-card floor still leave a chance
W_EV, EV_DAMAGE_PER_TURN, EV_SLACK = 20.0, 2.5, 4.0
W_HAND, HAND_CAP = 0.3, 8
W_ARMOUR = 1.5
#: units in play: a Wing's base, power per deck card and damage weight; a Support's base, power and ability
WING_BASE, WING_POWER, W_DAMAGE = 1.0, 2000.0, 0.4
SUPPORT_BASE, SUPPORT_POWER, SUPPORT_ABILITY = 0.5, 4000.0, 1.5
LEADER_POWER, W_LEVEL = 2000.0, 0.5
W_BOOST, W_ARTEFACT = 1.0, 1.5
#: the King of Gandor's parts in their appropriate zones (PTCG-TERM-06): each part, and each part again per part
#: while the King leads
W_KING_PART, W_KING = 1.0, 2.5
#: assets count in full while both decks hold HORIZON_TURNS - HORIZON_BASE cards, less as the shorter one runs out
HORIZON_BASE, HORIZON_TURNS = 2.0, 14.0
_KING_PARTS = {"Left Arm of Gandor": WL, "Right Arm of Gandor": WR, "Left Leg of Gandor": SL,
               "Right Leg of Gandor": SR}


def _event_bindings(ev: Event) -> dict[str, Any]:
    """What a triggered effect knows of its event: the core's names plus ``event_other`` (the other card of a
    battle, or -1)."""
    return {**event_bindings(ev), "event_other": ev.data[0] if ev.data and type(ev.data[0]) is int else -1}


def leader_of(state: GameState, p: int) -> int:
    """The Leader of player ``p``: the top card of the Leader zone (PTCG-TERM-02), or -1."""
    z = state.zones[p][LEADER]
    return z[-1] if z else -1


def status(state: GameState, card: int, name: str) -> int:
    st = state.cs.get(card)
    return st.status.get(name, 0) if st is not None else 0


def is_rested(state: GameState, card: int) -> bool:
    st = state.cs.get(card)
    return st is not None and st.tapped


def in_stasis(state: GameState, card: int) -> bool:
    st = state.cs.get(card)
    return st is not None and st.status.get("stasis", 0) > 0


def is_refreshed(state: GameState, card: int) -> bool:
    """Vertical: neither rested nor in Stasis (PTCG-TERM-13/14/20)."""
    st = state.cs.get(card)
    return st is None or (not st.tapped and not st.status.get("stasis"))


def energy(state: GameState, p: int) -> int:
    return len(state.zones[p][ENERGY])


def cycle(state: GameState, p: int) -> int:
    """The "once per turn" cycle of ``p``: its own turn plus the opponent's turn after it (PTCG-ULT-13)."""
    return state.turn if state.active == p else state.turn - 1


def limit_of(limit: str) -> tuple[bool, int]:
    got = _LIMITS.get(limit)
    if got is None:
        got = _LIMITS[limit] = effects.parse_limit(limit)
    return got


class PerfectRules(Ruleset):
    """The Perfect TCG ruleset (game id ``perfect-tcg``)."""

    id = "perfect-tcg"
    name = "Perfect TCG"
    HIDDEN_POOLS = (("deck", "hand", "energy"),)  # energy is face-down cards from the deck; artefacts apart
    ZONES = {
        DECK: HIDDEN, HAND: OWNER, LEADER: PUBLIC, HISTORY: PUBLIC, WL: PUBLIC, WR: PUBLIC, SL: PUBLIC, SR: PUBLIC,
        BOOST: PUBLIC, ENERGY: HIDDEN, LOST: PUBLIC, ART: HIDDEN, SETUP: OWNER, DEFENCE: PUBLIC, CASTING: PUBLIC,
    }
    ZONE_GROUPS = {"wing": WINGS, "support": SUPPORTS, "slots": SLOTS, "units": UNIT_ZONES, "field": FIELD}
    #: where events name other cards in their data (hidden from a viewer who cannot see them now).
    EVENT_CARD_DATA = {"attack": (0,), "support": (0,), "defend": (0,), "battle": (3,), "battle_won": (0,)}
    PLAY_ZONES = FIELD
    PASS_KINDS = Ruleset.PASS_KINDS | {"end", "pass"}
    WORDS = PerfectTcgWords
    PHRASES_MODULE = "tcgkit.games.perfect_tcg.grammar"
    # one unit in the Leader zone and in each Wing and Support zone (PTCG-ROLE-03)
    # a Wing or Support zone holds one card: a unit, or an excavated Artefact (PTCG-TERM-11)
    ZONE_RULES = {LEADER: (1, (UNIT,)), **{z: (1, (UNIT, ARTEFACT)) for z in SLOTS}, ART: (None, (ARTEFACT,))}
    DISCARD_ZONE = LOST
    TOKEN_ZONE = WL
    #: the other reasonable reading of an ambiguous clause, each off by default (see RULINGS.md)
    OPTIONS = {
        "spells_ignore_level": False,            # PTCG-CARD-07 reading (b)
        "level_up_any_higher": False,            # PTCG-TERM-04 "a higher grade"
        "armour_per_hit": False,                 # PTCG-TERM-08 reading (b)
        "later_effect_wins": False,              # PTCG-ULT-04 reading (a)
        "lock_in_wins": False,                   # PTCG-ULT-09 reading (a)
        "above_level_loss_only_if_above": False,  # PTCG-ROLE-06 reading (b)
        "defend_at_or_below": False,             # PTCG-WAR-08 (1)
        "artefacts_exactly_5": False,            # PTCG-DECK-05 reading (b)
        "energy_victory_30": False,              # PTCG-WIN-02 (1)
        "unit_damage_battle_only": False,        # PTCG-DMG-02 reading (b)
        "deck_out_on_failed_draw": False,        # PTCG-WIN-01 "runs out" = a failed draw
        "leader_one_support": False,             # PTCG-ROLE-10: one Support per Leader attack
        "pile_filter_is_a_choice": False,        # PTCG-ULT-07: "a unit with X from your Lost zone" lets one choose
        "stasis_may_support": False,             # PTCG-TERM-20/ROLE-10: a Support in Stasis supports its Leader
        "win_before_battle_triggers": False,     # PTCG-ULT-09: wins checked after the attack's damage, before the
        # effects the battle triggered
        "guardian_ignores_level": False,         # PTCG-TERM-15 (a)
        "first_player_skips_draw": False,        # PTCG-SETUP-03 / PTCG-TURN-03
        "boost_lasts_one_turn": False,           # PTCG-ZONE-08
    }
    card_model = PerfectCard
    REPORT_UNREAD = True
    data_dir = Path(__file__).parent
    EXTRA_VERBS = verbs.EXTRA_VERBS

    # ================================================================== cards and decks
    def make_card(self, model: PerfectCard, card_effects: tuple[Effect, ...]) -> CardDef:
        return make_card(model, card_effects)

    def prepare_card(self, entry: dict[str, Any], source: str) -> dict[str, Any]:
        """A card entry with ``effects: from_text`` plays from its effect box (``grammar.py``): "Guardian." gives the
        keyword, the phrases no template reads are kept in ``unread`` (the card is partly executable)."""
        from tcgkit.games.perfect_tcg.grammar import prepare_entry

        return prepare_entry(entry, source)

    def game_handlers(self) -> dict[str, effects.Handler]:
        return dict(verbs.HANDLERS)

    def validate_deck(self, deck: Deck, format: str | None = None, options: dict | None = None) -> list[Violation]:
        """Every deck rule the deck breaks, each with its clause id (PTCG-DECK-01..05, PTCG-TYPE-03, PTCG-SETUP-01)."""
        key = (tuple(deck.sections.items()), bool((options or {}).get("artefacts_exactly_5")))
        got = _DECK_CHECKS.get(key)
        if got is None:
            if len(_DECK_CHECKS) > 256:
                _DECK_CHECKS.clear()
            got = _DECK_CHECKS[key] = tuple(self._validate(deck, options))
        return list(got)

    def deck_problems_in(self, deck: Deck, options: Mapping[str, Any]) -> Sequence[Violation]:
        """The deck rules depend on an option (``artefacts_exactly_5``), not on a format."""
        return self.validate_deck(deck, None, dict(options))

    def _validate(self, deck: Deck, options: dict | None) -> list[Violation]:
        out = self.unknown_cards(deck)
        if out:
            return out
        opts = {**self.OPTIONS, **(options or {})}
        pool = self.pool()
        main = [pool.get(n) for n in deck.section("main")]
        arts = [pool.get(n) for n in deck.section("artefacts")]
        for section in deck.sections:
            if section not in ("main", "artefacts"):
                out.append(Violation("PTCG-DECK-01", f"unknown deck section {section!r} (main, artefacts)"))
        if len(main) != 40:
            out.append(Violation("PTCG-DECK-01", f"the main deck holds {len(main)} cards; it must hold exactly 40"))
        counts = Counter(c.fields["identity"] for c in main)
        for ident, n in counts.items():
            if n > 4:
                name = next(c.name for c in main if c.fields["identity"] == ident)
                out.append(Violation("PTCG-DECK-02", f"{n} copies of {name}; at most 4 of the same card "
                                                     "(same name, effect, power and damage: PTCG-DECK-03)"))
        for c in main:
            if c.type == ARTEFACT:
                out.append(Violation("PTCG-TYPE-03", f"{c.name} is an Artefact: it belongs in the Artefact deck"))
        for c in arts:
            if c.type != ARTEFACT:
                out.append(Violation("PTCG-TYPE-03", f"{c.name} is not an Artefact: the Artefact deck holds only "
                                                     "Artefacts"))
        for ident, n in Counter(c.fields["identity"] for c in arts).items():
            if n > 1:
                name = next(c.name for c in arts if c.fields["identity"] == ident)
                out.append(Violation("PTCG-DECK-04", f"{n} copies of {name} in the Artefact deck; no duplicates"))
        if len(arts) > 5:
            out.append(Violation("PTCG-DECK-05", f"the Artefact deck holds {len(arts)} cards; at most 5"))
        elif opts.get("artefacts_exactly_5") and len(arts) != 5:
            out.append(Violation("PTCG-DECK-05", f"the Artefact deck holds {len(arts)} cards; exactly 5 (option "
                                                 "artefacts_exactly_5)"))
        if main and not any(c.type == UNIT and c.stats.get("level") == 0 for c in main):
            out.append(Violation("PTCG-SETUP-01", "no Level 0 unit: the game cannot start without a Leader"))
        return out

    def new_game(self, decks: Sequence[Deck | str], seed: int = 0, options: Mapping[str, Any] | None = None,
                 check_decks: bool = True) -> GameState:
        """As :meth:`Ruleset.new_game` (each deck checked, then setup), with each deck's cards resolved once and
        cached: a game starts in a few microseconds more than its setup."""
        resolved = [self.deck(d) if isinstance(d, str) else d for d in decks]
        opts = {**self.OPTIONS, **(options or {})}
        defs: list[CardDef] = []
        owner: list[int] = []
        sections: list[dict[str, list[int]]] = []
        for p, deck in enumerate(resolved):
            if check_decks:
                self.check_deck(deck, opts, p)
            key = tuple(deck.sections.items())
            cached = _RESOLVED.get(key)
            if cached is None:
                if len(_RESOLVED) > 256:
                    _RESOLVED.clear()
                cached = _RESOLVED[key] = self._resolve(deck)
            by_section: dict[str, list[int]] = {}
            for section, cards in cached:
                base = len(defs)
                defs.extend(cards)
                by_section[section] = list(range(base, len(defs)))
            owner.extend([p] * (len(defs) - len(owner)))
            sections.append(by_section)
        state = GameState(self, defs, owner, seed, opts, players=len(resolved))
        state.deck_names = tuple(d.name for d in resolved)
        self.setup(state, sections)
        return state

    def _resolve(self, deck: Deck) -> tuple[tuple[str, tuple[CardDef, ...]], ...]:
        pool = self.pool()
        out = []
        for section, names in deck.sections.items():
            cards = []
            for n in names:
                try:
                    cards.append(pool.get(n))
                except KeyError:
                    raise DeckFileError(f"deck {deck.name!r}: no card named {n!r} in {self.id}") from None
            out.append((section, tuple(cards)))
        return tuple(out)

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
        zones = state.zones
        while True:
            if state.stack and not effects.run(state):
                return
            if state.result is not None:
                return
            n = len(state.log)
            if n != checked:  # something happened since the last check
                checked = n
                v = state.vars
                if (v.get("n_win") or v.get("win_claims") or not zones[0][DECK] or not zones[1][DECK]
                        or len(zones[0][ENERGY]) >= ENERGY_VICTORY or len(zones[1][ENERGY]) >= ENERGY_VICTORY
                        or slow) and self.check_wins(state):
                    return
            if self._advance(state):
                return

    def after_effects(self, state: GameState) -> None:
        self.settle(state)

    def _advance(self, state: GameState) -> bool:
        """Automatic steps; True when a player must decide."""
        ph = state.phase
        p = state.active
        if ph == "turn_start":
            self._start_turn(state)
            return False
        if ph == "refresh":
            if self.stasis_units(state, p):
                state.current = p
                return True
            self._turn_draw(state, p)
            state.phase = "bonus"
            return False
        if ph == "leader":
            return True
        if ph == "battle":
            state.phase = "war"
            return False
        if ph == "war":
            attackers = self.attackers(state, p)
            if not attackers and not state.vars.get("war_acted"):
                # the last refreshed unit has attacked, or none was left when the War stage began (PTCG-TURN-07);
                # a unit rested otherwise (its own effect) leaves the decision to the player
                self.end_turn(state)
                return False
            acts = self.war_actions(state, p, attackers)
        else:
            acts = self.legal_actions_for(state)
        if ph in ("bonus", "level", "main"):
            if len(acts) == 1:
                state.phase = NEXT_STAGE[ph]
                return False
        elif ph == "support":
            if len(acts) == 1:
                state.phase = "defend"
                return False
        elif ph == "defend":
            if len(acts) == 1:
                self.resolve_battle(state)
                return False
            state.current = 1 - p
            state.cache_legal(acts)
            return True
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
        for card, st in list(state.cs.items()):
            if st.mods or st.status:
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
            acts = self.defender_options(state, d) if state.vars.get("b_def", -1) < 0 else []
            acts += self.boost_options(state, d)
            acts += self.spell_options(state, d)
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
        if not state.vars.get(NACT[p]):
            return []
        zones = state.zones[p]
        out: list[Action] = []
        own = state.active == p
        locked = None
        for z in FIELD:
            for c in zones[z]:
                d = state.defs[c]
                idxs = d.fields["activated"]
                if not idxs or not self.effects_on(state, c) or in_stasis(state, c):
                    continue
                for i in idxs:
                    eff = d.effects[i]
                    if not own and eff.params.get("your_turn_only"):
                        continue
                    if eff.zone is not None and z not in self.zone_group(eff.zone):
                        continue
                    if eff.limit and not self.limit_ok(state, c, i, eff.limit, p):
                        continue
                    cost = eff.cost
                    if cost and cost[0].verb == "rest" and cost[0].params.get("target") == "self" and not \
                            is_refreshed(state, c):
                        continue
                    ctx = {"source": c, "controller": p}
                    if cost and not self.can_pay(state, ctx, cost):
                        continue
                    if eff.condition is not None and not self.holds(state, ctx, eff.condition):
                        continue
                    if locked is None:
                        locked = self.locked(state, p, "activate")
                    if locked:
                        return []
                    out.append(_new(Action, ("activate", (c, IDX[i]))))
        return out

    @classmethod
    def holds(cls, state: GameState, ctx: dict, cond: Any) -> bool:
        """``effects.check``, with fast paths for the commonest conditions: ``{exists: "you.zone"}``, an ``exists``
        on an empty zone (whatever its filter), and ``{all: [...]}`` of such parts, checked in order (so the King of
        Gandor's four-part condition fails at its first empty zone without running a selector)."""
        if type(cond) is dict and len(cond) == 1:
            spec = cond.get("exists")
            if spec is not None:
                plain = type(spec) is str
                where = spec if plain else spec.get("zone") if type(spec) is dict else None
                if type(where) is str:
                    who, _, zone = where.partition(".")
                    if who in ("you", "opponent") and zone in FIELD_ZONES_ALL:
                        p = ctx["controller"] if who == "you" else 1 - ctx["controller"]
                        cards = state.zones[p][zone]
                        if not cards:
                            return False
                        if plain:
                            return True
                        if len(spec) == 2:  # {zone: ..., filter: {name: ...}}, as effects.matches reads a name
                            flt = spec.get("filter")
                            if type(flt) is dict and len(flt) == 1 and "name" in flt:
                                name = str(flt["name"]).lower()
                                defs = state.defs
                                return any(defs[c].name.lower() == name for c in cards)
            else:
                parts = cond.get("all")
                if type(parts) in (list, tuple):
                    return all(cls.holds(state, ctx, c) for c in parts)
        return effects.check(state, ctx, cond)

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

    def defender_options(self, state: GameState, d: int) -> list[Action]:
        """Units from hand below the Leader's level, and Guardian units from the Wing zones (PTCG-WAR-08,
        PTCG-TERM-15)."""
        lvl = leader_level(state, d)
        limit = lvl if state.options.get("defend_at_or_below") else lvl - 1
        out = []
        for c in state.zones[d][HAND]:
            dd = state.defs[c]
            if dd.type == UNIT and dd.stats["level"] <= limit:
                out.append(Action("defend", (c,)))
        tgt = state.vars.get("b_tgt", -1)
        glimit = 1 << 30 if state.options.get("guardian_ignores_level") else limit
        for z in WINGS:
            for c in state.zones[d][z]:
                dd = state.defs[c]
                if (c != tgt and dd.fields["guardian"] and dd.stats["level"] <= glimit and not in_stasis(state, c)
                        and not status(state, c, "mind_wiped")):
                    out.append(Action("defend", (c,)))
        return out

    def stasis_units(self, state: GameState, p: int) -> list[int]:
        zones = state.zones[p]
        out = []
        for z in UNIT_ZONES:
            for c in zones[z]:
                if in_stasis(state, c):
                    out.append(c)
        return out

    # ================================================================== applying actions
    def apply(self, state: GameState, action: Action) -> None:
        k = action.kind
        args = action.args
        p = state.current
        if k == "leader":
            self._choose_leader(state, p, args[0])
            self._setup_next(state)
            return
        if k == "draw":
            self._turn_draw(state, p)
            state.phase = "bonus"
        elif k == "end_stasis":
            self.end_stasis(state, args[0])  # forgoing the draw (PTCG-TERM-21)
            state.emit("forgo_draw", p, args[0])
            state.phase = "bonus"
        elif k == "boost":
            self.play_boost(state, p, args[0])
        elif k == "level":
            self.level_up(state, p, args[0])
            state.phase = "main"
        elif k == "play":
            self.enter(state, args[0], p, args[1])
        elif k == "cast":
            self.cast(state, p, args[0])
        elif k == "activate":
            if state.phase == "war":
                state.vars["war_acted"] = 1  # PTCG-TURN-07: no attack since; the player ends the turn
            self.activate(state, p, args[0], int(args[1]))
        elif k == "retreat":
            if state.phase == "war":
                state.vars["war_acted"] = 1
            self.to_lost(state, args[0])
            state.emit("retreat", p, args[0])
        elif k == "attack":
            self.declare_attack(state, p, args[0], args[1])
        elif k == "support":
            self.add_support(state, p, args[0])
        elif k == "defend":
            self.defend(state, p, args[0])
        elif k == "pass":
            state.phase = {"bonus": "level", "level": "main", "main": "war"}[state.phase]
        elif k == "end":
            self.end_turn(state)
        elif k == "done":
            if state.phase == "support":
                state.phase = "defend"
            else:
                self.resolve_battle(state)
        self.settle(state)

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

    # ------------------------------------------------------------------ playing cards
    def pay_energy(self, state: GameState, p: int, n: int) -> int:
        """Send ``n`` Energy, top first, to the Lost zone (PTCG-ENERGY-02); returns how many were paid."""
        paid = 0
        for _ in range(n):
            if state.move_top(p, ENERGY, LOST) < 0:
                break
            paid += 1
        return paid

    def start(self, state: GameState, steps: tuple[Step, ...], source: int, controller: int,
              bindings: dict[str, Any] | None = None) -> None:
        """Put steps on the stack, stamped with the order in which effects start (PTCG-ULT-04, PTCG-WIN-04)."""
        ctx: dict[str, Any] = {"source": source, "controller": controller, "_seq": next_seq(state)}
        if bindings:
            ctx.update(bindings)
        state.stack.append([steps, 0, ctx])

    def start_effect(self, state: GameState, eff: Effect, source: int, controller: int,
                     bindings: dict[str, Any] | None = None) -> None:
        steps = eff.steps
        if eff.optional:
            steps = (Step("may", {"then": steps, "prompt": f"use {state.defs[source].name}: {eff.text}"}),)
        self.start(state, steps, source, controller, bindings)

    def enter(self, state: GameState, card: int, p: int, zone: str, by_effect: bool = False) -> None:
        """A card enters a field zone: its "In _ zone" effects activate, or are negated (PTCG-ULT-15/16)."""
        state.move(card, p, zone)
        st = state.card_state(card)
        st.status["since"] = next_seq(state)
        d = state.defs[card]
        if by_effect and d.type == UNIT and zone != LEADER and d.stats["level"] > leader_level(state, p):
            st.status["above_level"] = 1  # PTCG-ROLE-06
        self.entry_effects(state, card, p, zone)

    def entry_effects(self, state: GameState, card: int, p: int, zone: str) -> None:
        d = state.defs[card]
        for i in d.fields["play"]:
            eff = d.effects[i]
            if d.type == SPELL:
                continue
            if eff.zone is not None and zone not in self.zone_group(eff.zone):
                continue
            ctx = {"source": card, "controller": p}
            if eff.condition is not None and not effects.check(state, ctx, eff.condition):
                state.card_state(card).status["negated"] = 1  # still a card with an effect (PTCG-ULT-17)
                state.emit("negated", p, card, (i,))
                continue
            self.start_effect(state, eff, card, p)

    def play_boost(self, state: GameState, p: int, card: int) -> None:
        """Pay, replace the active Boost (PTCG-ZONE-08), and put the new one in the Boost zone."""
        self.pay_energy(state, p, state.defs[card].stats["cost"])
        for old in list(state.zones[p][BOOST]):
            self.to_lost(state, old)
        state.emit("boost", p, card)
        self.enter(state, card, p, BOOST)
        if state.phase == "bonus":
            state.res[p]["boosted"] = state.turn
            state.phase = "level"

    def cast(self, state: GameState, p: int, card: int) -> None:
        """Pay a Spell's cost (PTCG-CARD-08), resolve it, then it becomes Lost (PTCG-TYPE-05)."""
        d = state.defs[card]
        self.pay_energy(state, p, d.stats["cost"])
        state.move(card, p, CASTING)
        state.emit("cast", p, card)
        self.start(state, (Step("_finish_cast", {"card": card}),), card, p)
        for i in reversed(d.fields["play"]):
            eff = d.effects[i]
            ctx = {"source": card, "controller": p}
            if eff.condition is not None and not effects.check(state, ctx, eff.condition):
                state.emit("negated", p, card, (i,))
                continue
            self.start_effect(state, eff, card, p)

    def activate(self, state: GameState, p: int, card: int, i: int) -> None:
        eff = state.defs[card].effects[i]
        if eff.limit:
            self.mark_used(state, card, i, eff.limit, p)
        state.emit("activate", p, card, (i,))
        self.start(state, eff.cost + eff.steps if eff.cost else eff.steps, card, p)

    # ------------------------------------------------------------------ leader: levels (PTCG-TERM-02..05/19/22)
    def level_up(self, state: GameState, p: int, card: int, by_effect: bool = False) -> bool:
        """Put ``card`` on the Leader: the old Leader becomes History; Stasis ends (PTCG-TERM-22)."""
        if self.locked(state, p, "level_up"):
            return False
        old = leader_of(state, p)
        if old >= 0:
            state.move(old, p, HISTORY)
        state.res[p]["levelled"] = state.turn
        state.move(card, p, LEADER)
        state.card_state(card).status["since"] = next_seq(state)
        state.emit("level_up", p, card, (old, state.defs[card].stats.get("level", 0)))
        self.entry_effects(state, card, p, LEADER)
        return True

    def level_down(self, state: GameState, p: int, ctx: dict | None = None) -> bool:
        """Send the Leader to the Lost zone; the next History card leads (PTCG-TERM-19). Then Wings above the new
        level are destroyed (PTCG-ROLE-05) and cards put into play above level by an effect are lost (PTCG-ROLE-06)."""
        history = state.zones[p][HISTORY]
        old = leader_of(state, p)
        if old < 0 or not history:
            return False  # no Leader would be left: not performed (PTCG-ULT-02)
        state.move(old, p, LOST)
        new = history[-1]
        state.move(new, p, LEADER)
        state.card_state(new).status["since"] = next_seq(state)
        lvl = state.defs[new].stats.get("level", 0)
        state.emit("level_down", p, old, (new, lvl))
        state.emit("lost", p, old, (LEADER,))
        only_above = state.options.get("above_level_loss_only_if_above")
        zones = state.zones[p]
        for z in SLOTS:
            for c in list(zones[z]):
                d = state.defs[c]
                if d.type != UNIT:
                    continue
                above = d.stats["level"] > lvl
                if ((z in WINGS and above) or (status(state, c, "above_level") and (above or not only_above))) and \
                        self.lose(state, c, None):
                    state.emit("destroyed", p, c, ("level",))
        return True

    # ------------------------------------------------------------------ losing cards
    def to_lost(self, state: GameState, card: int) -> None:
        """Send a card to its owner's Lost zone (PTCG-TERM-01, PTCG-ZONE-02, PTCG-ULT-06)."""
        z = state.loc[card][1]
        owner = state.owner[card]
        state.move(card, owner, LOST)
        state.emit("lost", owner, card, (z,))

    def lose(self, state: GameState, card: int, ctx: dict | None) -> bool:
        """Lose a card, unless it is a Leader (PTCG-ROLE-01) or something says it cannot be lost (PTCG-ULT-04)."""
        z = state.loc[card][1]
        if z in (LEADER, LOST, HISTORY, ""):
            return False
        if self.loss_forbidden(state, card, ctx):
            state.emit("prevented", state.owner[card], card, ("lose",))
            return False
        self.to_lost(state, card)
        return True

    def loss_forbidden(self, state: GameState, card: int, ctx: dict | None) -> bool:
        st = state.cs.get(card)
        if st is None:
            return False
        since = st.status.get("cannot_be_lost")
        if since is None:
            return False
        # reading (a), option later_effect_wins: an effect started after the prohibition takes precedence
        return ctx is None or not state.options.get("later_effect_wins") or ctx.get("_seq", 0) <= since

    def destroy(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        """Destroying is losing; a Leader cannot be destroyed (PTCG-ROLE-01)."""
        if state.loc[card][1] == LEADER:
            state.emit("prevented", state.owner[card], card, ("destroy",))
            return
        if self.lose(state, card, ctx):
            state.emit("destroyed", state.owner[card], card, ())

    def discard(self, state: GameState, card: int) -> None:
        self.to_lost(state, card)

    # ------------------------------------------------------------------ statuses
    def add_status(self, state: GameState, card: int, name: str, value: int, ctx: dict) -> None:
        if name == "stasis":
            self.stasis(state, card)
            return
        if name == "mind_wiped":
            self.mind_wipe(state, card)
            return
        if name == "cannot_be_lost":
            value = ctx.get("_seq", value) if ctx else value
        state.card_state(card).status[name] = value
        state.emit("status", state.owner[card], card, (name, value))

    def stasis(self, state: GameState, card: int) -> None:
        """Turn a unit 180 degrees: it can neither attack, retreat nor activate effects (PTCG-TERM-20)."""
        p, z = state.loc[card]
        if z not in UNIT_ZONES or state.defs[card].type != UNIT:
            return
        st = state.card_state(card)
        st.tapped = False
        st.status["stasis"] = 1
        state.emit("stasis", p, card)

    def end_stasis(self, state: GameState, card: int) -> None:
        st = state.card_state_or_none(card)
        if st is not None and st.status.pop("stasis", None) is not None:
            st.tapped = False  # back to the Refreshed position (PTCG-TERM-21)
            state.emit("stasis_ended", state.owner[card], card)

    def mind_wipe(self, state: GameState, card: int) -> None:
        """The card no longer has an effect while it stays where it is (PTCG-TERM-23)."""
        if state.loc[card][1] not in FIELD:
            return
        state.card_state(card).status["mind_wiped"] = 1
        state.emit("mind_wipe", state.owner[card], card)

    def effects_on(self, state: GameState, card: int) -> bool:
        """Whether a card's effects work now: not Mind Wiped (PTCG-TERM-23); a Support unit only while Refreshed
        (PTCG-ROLE-08)."""
        st = state.cs.get(card)
        if st is None:
            return True
        if st.status.get("mind_wiped"):
            return False
        if st.tapped or st.status.get("stasis"):
            z = state.loc[card][1]
            if z in SUPPORTS and state.defs[card].type == UNIT:
                return False
        return True

    # ------------------------------------------------------------------ once per turn (PTCG-ULT-13/14)
    def limit_ok(self, state: GameState, card: int, i: int, limit: str, controller: int) -> bool:
        st = state.cs.get(card)
        if st is None or USED[i] not in st.status:
            return True
        per_turn, n = limit_of(limit)
        if per_turn and st.status[USED[i]] != cycle(state, controller):
            return True
        return st.status.get(COUNT[i], 0) < n

    def mark_used(self, state: GameState, card: int, i: int, limit: str, controller: int) -> None:
        per_turn, _ = limit_of(limit)
        cyc = cycle(state, controller) if per_turn else -1
        st = state.card_state(card).status
        if USED[i] in st and st[USED[i]] == cyc:
            st[COUNT[i]] = st.get(COUNT[i], 0) + 1
        else:
            st[USED[i]] = cyc
            st[COUNT[i]] = 1

    def can_pay(self, state: GameState, ctx: dict, cost: tuple[Step, ...]) -> bool:
        """Whether a cost can be paid in full now (costs are never paid in part: PTCG-CARD-08, PTCG-ULT-03)."""
        me = ctx["controller"]
        for step in cost:
            v = step.verb
            prm = step.params
            if v == "pay":
                if len(state.zones[me][ENERGY]) < effects.amount(state, ctx, prm["amount"]):
                    return False
            elif v == "rest":
                cards = effects.select(state, ctx, prm["target"])
                if not cards or not all(is_refreshed(state, c) for c in cards):
                    return False
            elif v == "remove_counter":
                need = effects.amount(state, ctx, prm.get("amount", 1))
                for c in effects.select(state, ctx, prm["target"]):
                    st = state.cs.get(c)
                    if (st.counters.get(prm["counter"], 0) if st is not None else 0) < need:
                        return False
            elif v == "choose":
                if len(effects.select(state, ctx, prm["from"])) < effects.amount(state, ctx, prm.get("count", 1)):
                    return False
            elif v in ("lose", "sacrifice", "discard") and "target" in prm and not effects.select(
                    state, ctx, prm["target"]):
                return False
        return True

    # ------------------------------------------------------------------ triggers
    def on_event(self, state: GameState, ev: Event) -> None:
        if ev.kind == "move":
            data = ev.data
            was, now = data[1] in FIELD_SET, data[3] in FIELD_SET
            if was != now:  # into or out of play: keep the counts of effects in play
                f = state.defs[ev.card].fields
                sk = f["static_keys"]
                if sk or f["activated"] or f["triggered"]:
                    v = state.vars
                    step = 1 if now else -1
                    owner = data[0] if was else data[2]
                    for k in sk:
                        key = NKEYS[k]
                        v[key] = v.get(key, 0) + step
                    if sk:
                        key = NSTAT[owner]
                        v[key] = v.get(key, 0) + step
                    if f["activated"]:
                        key = NACT[owner]
                        v[key] = v.get(key, 0) + step
                    if f["triggered"]:
                        key = NTRIG[owner]
                        v[key] = v.get(key, 0) + step
            if data[1] == ENERGY:
                state.res[data[0]]["energy"] = len(state.zones[data[0]][ENERGY])
            if data[3] == ENERGY:
                state.res[data[2]]["energy"] = len(state.zones[data[2]][ENERGY])
            if (data[1] == DECK or data[3] == ENERGY) and state.options.get("lock_in_wins"):
                self._lock_in(state, data[0] if data[1] == DECK else data[2])
        if ev.kind in self.trigger_kinds:
            self.fire_triggers(state, ev)


    def recount_statics(self, state: GameState) -> None:
        """Recount the static effects in play (after a scenario placed cards without events)."""
        counts: Counter = Counter()
        for p in (0, 1):
            act = trig = stat = 0
            for z in FIELD:
                for c in state.zones[p][z]:
                    f = state.defs[c].fields
                    counts.update(f["static_keys"])
                    act += bool(f["activated"])
                    trig += bool(f["triggered"])
                    stat += bool(f["static_keys"])
            state.vars[NACT[p]] = act
            state.vars[NTRIG[p]] = trig
            state.vars[NSTAT[p]] = stat
        for k, key in NKEYS.items():
            state.vars[key] = counts.get(k, 0)

    def _lock_in(self, state: GameState, p: int) -> None:
        """Option lock_in_wins (PTCG-ULT-09 (a)): a win condition reached partway through an effect is kept."""
        deck = len(state.zones[p][DECK])
        if deck == 0:
            state.res[p]["locked_out"] = 1
        elif EV_DECK_MIN <= deck <= EV_DECK_MAX and energy(state, p) >= self.ev_threshold(state):
            state.res[p]["locked_ev"] = 1

    def fire_triggers(self, state: GameState, ev: Event) -> None:
        """Start every triggered effect listening to ``ev``: on the field, or on the event's own card where its
        effect's ``zone`` says (e.g. "when this Card is lost"). The turn player's effects resolve first; a player
        with several different ones orders them (:func:`~tcgkit.core.effects.start_in_order`)."""
        kind = ev.kind
        a = state.active
        v = state.vars
        fired: tuple[list[effects.Fired], ...] = ([], [])  # per player
        for p in (1 - a, a):
            if not v.get(NTRIG[p]):
                continue
            zones = state.zones[p]
            for z in FIELD:
                for card in zones[z]:
                    trig = state.defs[card].fields["triggered"]
                    if trig:
                        self._try_triggers(state, card, p, z, trig, ev, kind, False, fired[p])
        card = ev.card
        if card >= 0 and card < len(state.defs):
            p, z = state.loc[card]
            trig = state.defs[card].fields["triggered"]
            if trig and z not in FIELD:
                self._try_triggers(state, card, state.owner[card], z, trig, ev, kind, True, fired[state.owner[card]])
        if fired[0] or fired[1]:
            effects.start_in_order(state, fired[1 - a] + fired[a], _event_bindings(ev))

    def start_triggered(self, state: GameState, card: int, index: int, controller: int,
                        bindings: dict[str, Any]) -> None:
        self.start_effect(state, state.defs[card].effects[index], card, controller, bindings)

    def _try_triggers(self, state: GameState, card: int, p: int, z: str, trig: tuple, ev: Event, kind: str,
                      off_field: bool, fired: list[effects.Fired]) -> None:
        d = state.defs[card]
        for i in trig:
            eff = d.effects[i]
            if eff.trigger != kind:
                continue
            if off_field:
                if eff.zone is None:
                    # "When a <name> Unit is lost" covers that unit itself, just gone from play (PTCG-ULT-10)
                    if not (kind == "lost" and eff.params and "unit" in eff.params and ev.data
                            and ev.data[0] in FIELD_SET):
                        continue
                elif z not in self.zone_group(eff.zone):
                    continue
            elif eff.zone is not None and z not in self.zone_group(eff.zone):
                continue
            if not off_field and not self.effects_on(state, card):
                continue
            prm = eff.params
            if prm:
                if not event_filters_pass(prm, card, p, ev):
                    continue
                if "unit" in prm and (ev.card < 0 or state.defs[ev.card].name.lower() != str(prm["unit"]).lower()):
                    continue
                against = prm.get("against")
                if against is not None and (len(ev.data) < 2 or ev.data[1] != against):
                    continue
            if eff.limit and not self.limit_ok(state, card, i, eff.limit, p):
                continue
            if eff.condition is not None:
                ctx = {"source": card, "controller": p, **_event_bindings(ev)}
                if not effects.check(state, ctx, eff.condition):
                    continue
            if eff.limit:
                self.mark_used(state, card, i, eff.limit, p)
            fired.append((card, i))

    # ------------------------------------------------------------------ statics
    def active_statics(self, state: GameState, key: str):
        """(card, controller, effect) for every static effect with ``key`` that works now."""
        v = state.vars
        if not v.get(NKEYS[key]):
            return
        for p in (0, 1):
            if not v.get(NSTAT[p]):
                continue
            zones = state.zones[p]
            for z in FIELD:
                for c in zones[z]:
                    d = state.defs[c]
                    if key not in d.fields["static_keys"] or not self.effects_on(state, c):
                        continue
                    for i in d.fields["statics"]:
                        eff = d.effects[i]
                        if key not in eff.params:
                            continue
                        if eff.zone is not None and z not in self.zone_group(eff.zone):
                            continue
                        if eff.condition is not None and not self.holds(
                                state, self.static_ctx(state, c, p), eff.condition):
                            continue
                        yield c, p, eff

    def static_ctx(self, state: GameState, card: int, p: int) -> dict[str, Any]:
        att = state.vars.get("b_att", -1)
        battling = [att, state.vars.get("b_tgt", -1)] if att >= 0 else []
        return {"source": card, "controller": p, "battling": battling}

    def static_allows(self, state: GameState, p: int, what: str) -> bool:
        if not state.vars.get("n_allow"):
            return False
        for _, q, eff in self.active_statics(state, "allow"):
            words = eff.params["allow"]
            if q == p and (what == words or (isinstance(words, tuple) and what in words)):
                return True
        return False

    def static_forbids(self, state: GameState, p: int, what: str, ctx: dict | None) -> bool:
        """A ``cannot`` static forbidding ``what`` to ``p`` (PTCG-ULT-04: a prohibition wins, unless the option
        later_effect_wins is on and the effect started after the prohibition came into play)."""
        if not state.vars.get("n_cannot"):
            return False
        for c, q, eff in self.active_statics(state, "cannot"):
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

    def prohibited(self, state: GameState, p: int, what: str, ctx: dict | None) -> bool:
        """Whether an effect may not make ``p`` do ``what`` now."""
        until = state.res[p].get(LOCK_KEYS[what])
        if until is not None and until >= state.turn:
            return True
        return self.static_forbids(state, p, what, ctx)

    def stat(self, state: GameState, card: int, name: str) -> int:
        """Printed number + modifiers + static effects (Support abilities, Boosts, Artefacts)."""
        d = state.defs[card]
        v = d.stats.get(name, 0)
        st = state.cs.get(card)
        if st is not None and st.mods:
            for s, delta, _ in st.mods:
                if s == name:
                    v += delta
        if (name == "power" or name == "damage") and state.vars.get("n_modify") and state.loc[card][1] in FIELD_SET:
            for src, p, eff in self.active_statics(state, "modify"):
                mods = eff.params["modify"]
                for m in mods if isinstance(mods, tuple) else (mods,):
                    if m.get("stat", "power") != name:
                        continue
                    ctx = self.static_ctx(state, src, p)
                    if card in effects.select(state, ctx, m["target"]):
                        v += effects.amount(state, ctx, m["by"])
        return v if v > 0 else 0

    # ------------------------------------------------------------------ armour (PTCG-TERM-07..09)
    def armour(self, state: GameState, p: int) -> tuple[int, int]:
        """(armour that lasts, decaying armour) of player ``p``."""
        lasting = state.res[p].get("armour", 0)
        if not state.vars.get("n_armour"):
            return lasting, state.res[p].get("decaying", 0)
        for _, q, eff in self.active_statics(state, "armour"):
            if q == p:
                lasting += effects.amount(state, {"source": _, "controller": q}, eff.params["armour"])
        return lasting, state.res[p].get("decaying", 0)

    def armour_available(self, state: GameState, p: int) -> int:
        lasting, decaying = self.armour(state, p)
        if state.options.get("armour_per_hit"):
            return lasting + decaying
        return max(0, lasting - state.res[p].get("armour_used", 0)) + decaying

    def use_armour(self, state: GameState, p: int, n: int) -> None:
        """Lasting armour first (only limited per turn); then decaying armour, which drops by what it prevented."""
        lasting, decaying = self.armour(state, p)
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

    # ------------------------------------------------------------------ damage (PTCG-DMG-01/02, PTCG-ULT-11/12)
    def take_damage(self, state: GameState, p: int, n: int, direct: bool = False) -> int:
        """Move the top ``n`` cards of the deck to the Energy zone, as many as there are (PTCG-ULT-03)."""
        taken = 0
        for _ in range(n):
            if state.move_top(p, DECK, ENERGY) < 0:
                if state.options.get("deck_out_on_failed_draw"):
                    state.res[p]["failed_draw"] = 1
                break
            taken += 1
        state.emit("damage", p, data=(taken, "player" if direct else "leader"))
        return taken

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """Damage dealt to a player directly: it cannot be modified (PTCG-ULT-12)."""
        if amount > 0:
            self.take_damage(state, player, amount, direct=True)

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """Damage to a non-Leader card: undefended, it is lost (PTCG-DMG-02). (Leader damage: verbs.damage.)"""
        if amount <= 0:
            return
        state.emit("damaged", state.owner[card], card, (amount,))
        if state.options.get("unit_damage_battle_only"):
            return
        st = state.card_state_or_none(card)
        if st is not None and st.status.pop("shield", None) is not None:
            state.emit("prevented", state.owner[card], card, ("damage",))
            return
        if self.lose(state, card, ctx):
            state.emit("destroyed", state.owner[card], card, ("damage",))

    def heal_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """Shuffle the top ``amount`` cards of the Lost zone into the deck (PTCG-TERM-16, PTCG-ULT-03/07)."""
        if amount <= 0 or self.prohibited(state, player, "heal", ctx):
            return
        n = 0
        for _ in range(amount):
            if state.move_top(player, LOST, DECK) < 0:
                break
            n += 1
        if n:
            state.shuffle(player, DECK)
        state.emit("heal", player, data=(n,))

    def heal_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        self.heal_player(state, state.owner[card], amount, ctx)

    def draw(self, state: GameState, player: int) -> int:
        if self.prohibited(state, player, "draw", None):
            return -1
        c = state.move_top(player, DECK, HAND)
        if c < 0 and state.options.get("deck_out_on_failed_draw"):
            state.res[player]["failed_draw"] = 1
        return c

    def gain(self, state: GameState, player: int, resource: str, amount: int) -> None:
        """``gain``/``spend`` of ``energy`` move cards (energise from the deck / pay); other resources are numbers."""
        if resource == "energy":
            if amount < 0:
                self.pay_energy(state, player, -amount)
            else:
                for _ in range(amount):
                    if state.move_top(player, DECK, ENERGY) < 0:
                        break
            return
        super().gain(state, player, resource, amount)

    # ================================================================== battle (PTCG-WAR-*)
    def declare_attack(self, state: GameState, p: int, att: int, tgt: int) -> None:
        """Rest the attacker (PTCG-WAR-01, PTCG-TERM-14); then Supports, the defender's window, the battle."""
        state.card_state(att).tapped = True
        v = state.vars
        v["b_att"], v["b_tgt"], v["b_def"], v["b_sup"] = att, tgt, -1, ()
        state.phase = "support"
        state.emit("attack", p, att, (tgt,))

    def add_support(self, state: GameState, p: int, s: int) -> None:
        """A Support adds its power: resting for a Wing (PTCG-ROLE-09), without resting for the Leader
        (PTCG-ROLE-10)."""
        att = state.vars["b_att"]
        if state.loc[att][1] != LEADER:
            state.card_state(s).tapped = True
        state.vars["b_sup"] = (*state.vars.get("b_sup", ()), s)
        state.emit("support", p, s, (att,))

    def defend(self, state: GameState, d: int, card: int) -> None:
        """A defender from hand goes to the defence zone; a Guardian defends from its Wing zone (PTCG-WAR-08,
        PTCG-TERM-15)."""
        if state.loc[card][1] == HAND:
            state.move(card, d, DEFENCE)
        state.vars["b_def"] = card
        state.emit("defend", d, card, (state.vars["b_tgt"],))

    def static_bonuses(self, state: GameState, name: str) -> dict[int, int]:
        """card -> what the static effects in play add to its ``name`` (each static's targets found once)."""
        out: dict[int, int] = {}
        if not state.vars.get("n_modify"):
            return out
        for src, p, eff in self.active_statics(state, "modify"):
            mods = eff.params["modify"]
            for m in mods if isinstance(mods, tuple) else (mods,):
                if m.get("stat", "power") != name:
                    continue
                ctx = self.static_ctx(state, src, p)
                by = None
                for c in effects.select(state, ctx, m["target"]):
                    if by is None:
                        by = effects.amount(state, ctx, m["by"])
                    out[c] = out.get(c, 0) + by
        return out

    def stat_with(self, state: GameState, card: int, name: str, bonuses: dict[int, int]) -> int:
        v = state.defs[card].stats.get(name, 0) + bonuses.get(card, 0)
        st = state.cs.get(card)
        if st is not None and st.mods:
            for s, delta, _ in st.mods:
                if s == name:
                    v += delta
        return v if v > 0 else 0

    def battling_power(self, state: GameState) -> tuple[int, int]:
        """The attacker's power with its Supports; the attacked unit's power with its defender (PTCG-WAR-04/08,
        PTCG-ROLE-09/10); Boosts and effects included."""
        v = state.vars
        att, tgt, dfd = v["b_att"], v["b_tgt"], v.get("b_def", -1)
        bonus = self.static_bonuses(state, "power")
        a = self.stat_with(state, att, "power", bonus)
        for s in v.get("b_sup", ()):
            if state.loc[s][1] in SUPPORTS:
                a += self.stat_with(state, s, "power", bonus)
        d = self.stat_with(state, tgt, "power", bonus)
        if dfd >= 0 and state.loc[dfd][1] in (DEFENCE, WL, WR):
            d += self.stat_with(state, dfd, "power", bonus)
        return a, d

    def resolve_battle(self, state: GameState) -> None:
        """Compare power; the loser Wing is destroyed, the loser Leader's owner takes the winner's damage; a tie
        defeats both (PTCG-WAR-04/05/06)."""
        v = state.vars
        att, tgt = v["b_att"], v["b_tgt"]
        ap, az = state.loc[att]
        tp, tz = state.loc[tgt]
        p = state.active
        state.phase = "battle"
        if az not in UNIT_ZONES or tz not in (LEADER, WL, WR):
            state.emit("battle", p, att, (-1, -1, "no battle", tgt))
            self.start(state, (END_BATTLE,), att, p)
            return
        a, d = self.battling_power(state)
        losers = (tgt,) if a > d else (att,) if a < d else (att, tgt)
        state.emit("battle", p, att, (a, d, "attacker" if a > d else "target" if a < d else "tie", tgt))
        bonus = self.static_bonuses(state, "damage")
        dmg = {att: self.stat_with(state, tgt, "damage", bonus), tgt: self.stat_with(state, att, "damage", bonus)}
        steps = []
        for loser in losers:
            winner = tgt if loser == att else att
            role = "leader" if state.loc[loser][1] == LEADER else "wing"
            if len(losers) == 1:
                state.emit("battle_won", state.owner[winner], winner, (loser, role))
        for loser in losers:  # the attacker's side (the turn player's) first
            if state.loc[loser][1] == LEADER:
                steps.append(Step("_damage_one", {"target": loser, "amount": dmg[loser]}))
            elif state.loc[loser][1] in WINGS or state.loc[loser][1] in SUPPORTS:
                self.destroy(state, loser, None)
        if state.options.get("win_before_battle_triggers"):
            steps.append(WIN_CHECK)  # PTCG-ULT-09 second reading: the attack's damage is the effect to finish
        steps.append(END_BATTLE)
        self.start(state, tuple(steps), att, p)

    def end_battle(self, state: GameState) -> None:
        v = state.vars
        dfd = v.get("b_def", -1)
        if dfd >= 0 and state.loc[dfd][1] == DEFENCE:
            self.to_lost(state, dfd)  # the defender from hand is spent (PTCG-WAR-08 (3))
        durations.end(state, "battle")
        for k in ("b_att", "b_tgt", "b_def", "b_sup", "war_acted"):
            v.pop(k, None)
        if state.phase == "battle":
            state.phase = "war"

    # ================================================================== winning (PTCG-WIN-*)
    def ev_threshold(self, state: GameState) -> int:
        return 30 if state.options.get("energy_victory_30") else ENERGY_VICTORY

    def claim_win(self, state: GameState, player: int, reason: str, seq: int) -> None:
        """A card effect says ``player`` wins: counted once the effect has finished (PTCG-ULT-09)."""
        state.vars["win_claims"] = (*state.vars.get("win_claims", ()), (player, seq, reason))
        state.emit("win_claim", player, data=(reason,))

    def effect_win(self, state: GameState, player: int, reason: str) -> None:
        self.claim_win(state, player, reason, next_seq(state))

    def passive_wins(self, state: GameState) -> list[tuple[int, int, str]]:
        """Static card-effect wins whose condition holds now (the King of Gandor: PTCG-TERM-06)."""
        out: list[tuple[int, int, str]] = []
        for c, p, eff in self.active_statics(state, "win"):
            out.append((p, status(state, c, "since"), eff.text or f"{state.defs[c].name}'s effect"))
        return out

    def check_wins(self, state: GameState) -> bool:
        """Priority 1 card effects, 2 running out of cards, 3 Energy Victory (PTCG-WIN-03..06); True when the game
        has ended. Called only when the stack is empty (PTCG-ULT-09)."""
        v = state.vars
        if (v.get("win_claims") or v.get("n_win")) and self._card_wins(state):
            return True
        zones = state.zones
        d0, d1 = len(zones[0][DECK]), len(zones[1][DECK])
        opts = state.options
        slow = opts.get("deck_out_on_failed_draw") or opts.get("lock_in_wins")
        if d0 and d1 and not slow:
            t = 30 if opts.get("energy_victory_30") else ENERGY_VICTORY
            ev0 = len(zones[0][ENERGY]) >= t and EV_DECK_MIN <= d0 <= EV_DECK_MAX
            ev1 = len(zones[1][ENERGY]) >= t and EV_DECK_MIN <= d1 <= EV_DECK_MAX
            if not ev0 and not ev1:
                return False
        return self._deck_and_energy_wins(state)

    def _card_wins(self, state: GameState) -> bool:
        card_wins = list(state.vars.get("win_claims", ())) + self.passive_wins(state)
        if not card_wins:
            return False
        a = state.active
        # the effect activated last wins; on a tie the non-turn player's effect counts as later (PTCG-WIN-04)
        best = max(card_wins, key=lambda w: (w[1], w[0] != a))
        state.end(best[0], f"card effect: {best[2]}", "PTCG-WIN-04")
        return True

    def _deck_and_energy_wins(self, state: GameState) -> bool:
        zones = state.zones
        res = state.res
        if state.options.get("deck_out_on_failed_draw"):
            out = [p for p in (0, 1) if res[p].get("failed_draw")]
        else:
            out = [p for p in (0, 1) if not zones[p][DECK] or res[p].get("locked_out")]
        if out:
            if len(out) == 2:
                state.end(None, "both players ran out of cards at once", "PTCG-WIN-03")
            else:
                state.end(1 - out[0], f"player {out[0]} ran out of cards", "PTCG-WIN-01")
            return True
        t = self.ev_threshold(state)
        ev = [p for p in (0, 1)
              if (len(zones[p][ENERGY]) >= t and EV_DECK_MIN <= len(zones[p][DECK]) <= EV_DECK_MAX)
              or res[p].get("locked_ev")]
        if ev:
            if len(ev) == 2:
                state.end(None, "both players reached an Energy Victory at once", "PTCG-WIN-03")
            else:
                state.end(ev[0], f"Energy Victory ({len(zones[ev[0]][ENERGY])} Energy, "
                                 f"{len(zones[ev[0]][DECK])} cards left)", "PTCG-WIN-02")
            return True
        return False

    # ================================================================== views and bots
    def observe_extra(self, state: GameState, viewer: int) -> dict[str, Any]:
        """Public facts: Leader levels, armour and the battle in progress."""
        out: dict[str, Any] = {
            "leader_level": [leader_level(state, p) for p in (0, 1)],
            "armour": [list(self.armour(state, p)) for p in (0, 1)],
            "armour_available": [self.armour_available(state, p) for p in (0, 1)],
        }
        v = state.vars
        if v.get("b_att", -1) >= 0:
            out["battle"] = {"attacker": v["b_att"], "target": v["b_tgt"], "defender": v.get("b_def", -1),
                             "supports": list(v.get("b_sup", ()))}
        return out

    def evaluate(self, state: GameState, player: int) -> float:
        """A position's worth for ``player`` in [-1, 1], judged as a player of the game would count it, in cards.

        Each side's worth is its life (:meth:`_life_worth`: the deck, since running out loses, PTCG-WIN-01, and the
        road to an Energy Victory while the deck can still stop between 5 and 10 cards, PTCG-WIN-02) plus its assets
        (:meth:`_asset_worth`: Energy to pay costs, cards in hand, units in play by power, damage and abilities, the
        Leader's level, armour, the King of Gandor's assembly), the assets counting less as the shorter deck runs
        out. Damage moves cards from the deck to the Energy zone, so it is a loss far from an Energy Victory and
        progress near one. A declared battle counts as already fought (:meth:`_battle_outlook`), so attacking,
        adding a Support or defending is scored by its result. The difference of the two sides is squashed into
        [-1, 1]."""
        r = state.result
        if r is not None:
            return 0.0 if r.winner is None else (1.0 if r.winner == player else -1.0)
        hits, gone = self._battle_outlook(state)
        t = self.ev_threshold(state)
        zones = state.zones
        decks = [max(0, len(zones[p][DECK]) - hits[p]) for p in (0, 1)]
        # what is in play and in hand pays off over the turns both decks have left
        horizon = min(1.0, (min(decks) + HORIZON_BASE) / HORIZON_TURNS)
        worth = [self._life_worth(state, p, t, hits[p]) + horizon * self._asset_worth(state, p, hits[p], gone)
                 for p in (0, 1)]
        return max(-0.99, min(0.99, tanh((worth[player] - worth[1 - player]) / EVAL_SCALE)))

    def _life_worth(self, state: GameState, p: int, t: int, hit: int) -> float:
        """Player ``p``'s deck as life (each card 1, more near the end) and the road to an Energy Victory; ``hit``
        is damage still to come from the battle in progress (cards from the deck to the Energy zone)."""
        zones = state.zones[p]
        deck = len(zones[DECK])
        en = len(zones[ENERGY])
        if hit:
            hit = min(hit, deck)
            deck -= hit
            en += hit
        worth = deck - W_DANGER * max(0, DANGER_DECK - deck)
        if deck >= EV_DECK_MIN:
            need = max(0, t - en)
            # every turn of waiting for the damage still needed costs a draw; below 5 cards the road is closed
            slack = en + deck - t - EV_DECK_MIN - need / EV_DAMAGE_PER_TURN
            reach = 1.0 if slack >= 0 else max(0.0, 1.0 + slack / EV_SLACK)
            prog = min(en, t) / t
            worth += W_EV * prog * prog * reach
        return worth

    def _asset_worth(self, state: GameState, p: int, hit: int, gone: tuple[int, ...]) -> float:
        """Player ``p``'s means to fight on: Energy to pay costs, cards in hand, units in play, armour gained from
        effects (armour from a card in play counts with that card: a Support's ability, an Artefact, a Boost)."""
        zones = state.zones[p]
        en = len(zones[ENERGY]) + min(hit, len(zones[DECK]))
        res = state.res[p]
        armour = res.get("armour", 0) + res.get("decaying", 0)
        worth = W_ENERGY * min(en, ENERGY_CAP) + W_HAND * min(len(zones[HAND]), HAND_CAP) + W_ARMOUR * min(armour, 4)
        return worth + self._board_worth(state, p, gone)

    def _board_worth(self, state: GameState, p: int, gone: tuple[int, ...]) -> float:
        """Units in play: a Wing unit attacks and can be attacked, a Support lends its power and its ability, the
        Leader attacks every turn and its level opens the bigger units; the King of Gandor's parts in place."""
        zones = state.zones[p]
        defs = state.defs
        cs = state.cs
        worth = 0.0
        parts = 0
        for z in SLOTS:
            for c in zones[z]:
                d = defs[c]
                st = cs.get(c)
                if d.type != UNIT:
                    if d.type == ARTEFACT and (st is None or not st.status.get("mind_wiped")):
                        worth += W_ARTEFACT
                    continue
                if c in gone:
                    continue
                s = d.stats
                frozen = st is not None and st.status.get("stasis")
                if z in WINGS:
                    v = WING_BASE + s["power"] / WING_POWER + W_DAMAGE * s["damage"]
                else:
                    v = SUPPORT_BASE + s["power"] / SUPPORT_POWER
                    f = d.fields
                    if (f["statics"] or f["activated"] or f["triggered"]) and not (st is not None and (
                            st.status.get("mind_wiped") or st.tapped)):
                        v += SUPPORT_ABILITY
                worth += v * 0.5 if frozen else v
                if _KING_PARTS.get(d.name) == z:
                    parts += 1
        lead = leader_of(state, p)
        if lead >= 0:
            s = defs[lead].stats
            worth += s.get("power", 0) / LEADER_POWER + W_DAMAGE * s.get("damage", 0) + W_LEVEL * s.get("level", 0)
            if parts:
                king = "win" in defs[lead].fields["static_keys"]
                worth += parts * (W_KING_PART + (W_KING * parts if king else 0.0))
        elif parts:
            worth += parts * W_KING_PART
        return worth + W_BOOST * len(zones[BOOST])

    def _damage_on_stack(self, state: GameState) -> tuple[int, int]:
        """Battle damage to each player's Leader not dealt yet (``_damage_one`` steps still to run), less armour."""
        hits = [0, 0]
        for frame in state.stack:
            steps = frame[0]
            for i in range(frame[1], len(steps)):
                step = steps[i]
                if step.verb == "_damage_one":
                    q = state.owner[step.params["target"]]
                    hits[q] += max(0, step.params["amount"] - self.armour_available(state, q))
        return hits[0], hits[1]

    def _battle_outlook(self, state: GameState) -> tuple[tuple[int, int], tuple[int, ...]]:
        """The battle in progress as if fought now (PTCG-WAR-04..06): damage to each player's Leader (less armour)
        and the Wing units it destroys. Once it is being fought (phase ``battle``, a player choosing how much armour
        to use), destroyed units are gone already and only the Leader damage still on the stack counts."""
        v = state.vars
        att = v.get("b_att", -1)
        if att < 0:
            return (0, 0), ()
        if state.phase == "battle":
            return self._damage_on_stack(state), ()
        if state.phase not in ("support", "defend"):
            return (0, 0), ()
        tgt = v["b_tgt"]
        if state.loc[att][1] not in UNIT_ZONES or state.loc[tgt][1] not in (LEADER, WL, WR):
            return (0, 0), ()
        a, d = self.battling_power(state)
        losers = (tgt,) if a > d else (att,) if a < d else (att, tgt)
        hits = [0, 0]
        gone: list[int] = []
        for loser in losers:
            winner = tgt if loser == att else att
            z = state.loc[loser][1]
            if z == LEADER:
                q = state.owner[loser]
                dmg = self.stat(state, winner, "damage") - self.armour_available(state, q)
                if dmg > 0:
                    hits[q] += dmg
            elif not status(state, loser, "cannot_be_lost"):
                gone.append(loser)
        return (hits[0], hits[1]), tuple(gone)
