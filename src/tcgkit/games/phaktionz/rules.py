"""Phaktionz rules (handbook 1.3): formats, the five phases, Summons in columns, tribute by demoting tiers, battles
that deal the DMG difference as cards lost from the deck, Invocations with response windows and fizzling, L/x and Lx
limits, and the Creation Pile. Every reading the rulebook leaves open is listed in RULINGS.md."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from operator import itemgetter
from pathlib import Path
from typing import Any, Final

import yaml

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action, ActionTable
from tcgkit.core.cards import CardDef, CardPool, Effect
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, Event, GameState
from tcgkit.games.phaktionz import conditions, verbs
from tcgkit.games.phaktionz.cardindex import FEW, Card, CardIndex, any_in_play, card_index, glance
from tcgkit.games.phaktionz.conditions import holds
from tcgkit.games.phaktionz.model import SUMMON, PhaktionzCard, make_card
from tcgkit.games.phaktionz.words import PhaktionzWords

HERE = Path(__file__).parent
VERSION = "1.3"
PHASES = ("draw", "main", "combat", "final", "end")
NEXT_PHASE = {"main": "combat", "combat": "final", "final": "end"}
#: The five kinds of play an opponent may answer (PHK-INV-03, PHK-TERM-07).
RESPONSE_KINDS = ("invocation", "ability", "battle")
NEXT: Final = Action("next")
PASS: Final = Action("pass")
KEEP: Final = Action("keep")
#: the legal actions by card (or column, or pair of cards), each built once and shared (hot path)
MULL: Final = ActionTable("mull")
PLACE: Final = ActionTable("place")
PLACE_FRONT: Final = ActionTable("place", ("front",))
CAST: Final = ActionTable("cast")
CREATE: Final = ActionTable("create")
COLUMN: Final = ActionTable("column")
TRIBUTE: Final = ActionTable("tribute")
BATTLE: Final = ActionTable("battle")
ACTIVATE: Final = ActionTable("activate")
USE: Final = ActionTable("use")
#: the zones of cards in play (``PhaktionzRules.PLAY_ZONES``, read by the hot path without an attribute lookup)
_IN_PLAY: Final[tuple[str, ...]] = ("field", "realm", "attached")
#: the zones whose cards may answer a response window, or be used outside one when a card has In-Hand abilities
_ANSWER_ZONES: Final[tuple[str, ...]] = ("field", "realm", "attached", "hand")


#: no cards (a card index's answer for a static key no card prints)
_NONE: Final[frozenset[int]] = frozenset()
#: no DMG from auras (what :meth:`PhaktionzRules.field_auras` gives with no aura in play; never changed)
_NO_BONUS: Final[dict[int, int]] = {}
#: deck checks already made: (format, sections) -> violations (decks are immutable).
_CHECKED: Final[dict[tuple, tuple[Violation, ...]]] = {}


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class _Pool(CardPool):
    """The core pool plus an exact-name index (deck files name cards exactly as printed)."""

    def __init__(self, base: CardPool) -> None:
        super().__init__(base)
        self._exact = {c.name: c for c in base}

    def get(self, key_or_name: str) -> CardDef:
        card = self._exact.get(key_or_name)
        return card if card is not None else super().get(key_or_name)


@functools.cache
def load_faction_groups() -> dict[str, str]:
    """Faction -> group (origins, unknowns, modernas) from ``factions.yaml`` (PHK-SYN-04/05 ruling)."""
    doc = yaml.safe_load((HERE / "factions.yaml").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in (doc.get("groups") or {}).items()}


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class PhaktionzRules(Ruleset):
    """The Phaktionz ruleset. ``state.vars`` keys: ``q`` (the task queue), ``sub`` (a sub-decision: tribute,
    column, window), ``placing``, ``win`` (the open response window), ``answering`` and ``fizzled`` (plays
    being fizzled), ``delayed``, ``cast:<player>:<card key>`` (an Invocation's own L/x or Lx: (turn, uses)), ``pex``."""

    id = "phaktionz"
    name = "Phaktionz"
    version = VERSION
    HIDDEN_POOLS = (("deck", "hand", "aside"),)  # a mulligan sets hand cards aside
    ZONES = {"deck": HIDDEN, "hand": OWNER, "field": PUBLIC, "realm": PUBLIC, "attached": PUBLIC,
             "deck_out": PUBLIC, "exile": PUBLIC, "creation_pile": OWNER, "stack": PUBLIC, "aside": OWNER}
    ZONE_GROUPS = {"end_zone": ("deck_out",), "battlefield": ("field",), "cp": ("creation_pile",)}
    #: where events name other cards in their data (hidden from a viewer who cannot see them now).
    EVENT_CARD_DATA = {"attached": (0,), "battle": (0,), "battle_declared": (0,)}
    PLAY_ZONES = _IN_PLAY
    PASS_KINDS = Ruleset.PASS_KINDS | {"keep", "next", "pass"}
    ZONE_RULES = {"field": (None, ("summon",))}
    DECK_ZONE = "deck"
    HAND_ZONE = "hand"
    DISCARD_ZONE = "deck_out"
    TOKEN_ZONE = "field"
    FORMATS = ("standard", "synthesis")
    OPTIONS = {"format": "standard", "columns": 5, "tribute_at_least": False, "demote_winner": False,
               "defender_disabled": False, "win_on_failed_draw": False, "first_turn_no_draw": False,
               "plague_each_battlefield": False,
               "responses_chain": False}
    EXTRA_VERBS = verbs.EXTRA_VERBS
    card_model = PhaktionzCard
    data_dir = HERE
    WORDS = PhaktionzWords

    def index_pool(self, pool: CardPool) -> CardPool:
        """The card pool, with an exact-name index in front of the core's normalised lookup (speed)."""
        return _Pool(pool)

    def game_handlers(self) -> dict[str, effects.Handler]:
        return dict(verbs.HANDLERS)

    def make_card(self, model: Any, card_effects: tuple[Effect, ...]) -> CardDef:
        return make_card(model, card_effects)

    def prepare_card(self, entry: dict[str, Any], source: str) -> dict[str, Any]:
        """A card that says what it does only in words (``text:``, no ``effects`` and not flavour) is compiled by the
        Phaktionz grammar (``grammar.py``); the fields its text prints (tribute, field tier, weapon host, limit) are
        filled in unless the entry gives them; the phrases it cannot read are kept in ``unread``."""
        from tcgkit.games.phaktionz.grammar import compile_entry

        return compile_entry(entry)

    def import_file(self, path: str, keywords: str | None = None, out: str | None = None) -> dict[str, Any]:
        """``tcgkit import phaktionz FILE.csv|Factions.xlsx``: see :mod:`tcgkit.games.phaktionz.importer`."""
        from tcgkit.games.phaktionz.importer import import_file

        return import_file(path, keywords=keywords, out=out)

    # ------------------------------------------------------------------ deck rules
    def validate_deck(self, deck: Deck, format: str | None = None) -> list[Violation]:
        out = self.unknown_cards(deck)
        if out:
            return out
        fmt = format or deck.format or "standard"
        key = (fmt, tuple(deck.sections.items()))
        found = _CHECKED.get(key)
        if found is None:
            pool = self.pool()
            main = [pool.get(n) for n in deck.section("main")]
            cp = [pool.get(n) for n in deck.section("creation_pile")]
            found = _CHECKED[key] = tuple(check_deck(main, cp, fmt, load_faction_groups()))
        return list(found)

    # ------------------------------------------------------------------ setup and turns
    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
        for p, secs in enumerate(sections):
            for card in secs.get("creation_pile", []):
                state.place(card, p, "creation_pile")
            for card in secs["main"]:
                state.place(card, p, "deck")
            state.shuffle(p, "deck")
            _deal(state, p, 5)
        first = state.rng.randbelow(2)
        state.vars["first_player"] = first
        state.emit("first_player", first)
        self._init_vars(state)
        state.phase = "mulligan"
        state.vars["mull"] = (first, 1 - first)
        state.active = state.current = first

    def deal(self, state: GameState, player: int, n: int) -> None:
        """Draw ``n`` opening cards without naming them in the log (they may go back into the deck)."""
        _deal(state, player, n)

    def quiet_move(self, state: GameState, card: int, player: int, zone: str) -> None:
        """Move a card between hidden and owner-only zones without naming it in the log (the mulligan)."""
        _quiet_move(state, card, player, zone)

    def _init_vars(self, state: GameState) -> None:
        state.vars.setdefault("q", ())

    def position_problems(self, state: GameState) -> list[str]:
        """Besides the zone rules: no more Summons than columns, one Summon per column (PHK-SUM-05, PHK-DOC-01)."""
        out = super().position_problems(state)
        cols = state.options.get("columns", 5)
        for p in (0, 1):
            field = state.zones[p]["field"]
            if len(field) > cols:
                out.append(f"player {p} has {len(field)} Summons on the battlefield and {cols} columns")
            taken: dict[int, str] = {}
            for c in field:
                st = state.cs.get(c)
                col = st.counters.get("col") if st is not None else None
                if col is None:
                    continue
                if not 1 <= col <= cols:
                    out.append(f"{state.defs[c].name} is in column {col}; the columns are 1 to {cols}")
                elif col in taken:
                    out.append(f"{state.defs[c].name} and {taken[col]} are both in column {col} of player {p}")
                taken[col] = state.defs[c].name
        return out

    def resume(self, state: GameState) -> None:
        self._init_vars(state)
        state.vars.setdefault("first_player", 0)
        for p in (0, 1):
            for i, c in enumerate(state.zone(p, "field")):
                st = state.card_state(c)
                st.counters.setdefault("col", i + 1)
        if state.phase == "mulligan":
            state.vars.setdefault("mull", (state.active, 1 - state.active))
            state.current = state.vars["mull"][0]
        else:
            state.current = state.active

    def start_turn(self, state: GameState, player: int) -> None:
        """Draw Phase (PHK-TURN-01), then the Main Phase; the player's Summons become abled again."""
        _start_turn(state, player)

    def turn_draw(self, state: GameState, player: int) -> None:
        _turn_draw(state, player)

    def end_turn(self, state: GameState) -> None:
        """End Phase (PHK-TURN-05): Plague counts down, turn-long effects end, the other player's turn begins."""
        _end_turn(state)

    def check_decks(self, state: GameState) -> None:
        """PHK-WIN-01: a player whose deck is 0 loses at once; both at 0 is a draw."""
        _check_decks(state)

    # ------------------------------------------------------------------ numbers
    def stat(self, state: GameState, card: int, name: str) -> int:
        return _stat(state, card, name)

    def aura_bonus(self, state: GameState, card: int) -> int:
        """DMG given by static ``aura`` effects of cards in play (e.g. Fulthrottle)."""
        return _aura_bonus(state, card)

    def summon_type(self, state: GameState, card: int) -> str:
        return _summon_type(state, card)

    def column(self, state: GameState, card: int) -> int:
        return _column(state, card)

    def free_columns(self, state: GameState, player: int) -> list[int]:
        return _free_columns(state, player)

    def statics(self, state: GameState, key: str, player: int | None = None) -> list[tuple[int, Effect]]:
        """(card, effect) for every static effect with ``key`` in its params on cards in play."""
        return _statics(state, key, player)

    def card_static(self, state: GameState, card: int, key: str) -> Any:
        return _card_static(state, card, key)

    # ------------------------------------------------------------------ leaving play, damage, plague
    def draw(self, state: GameState, player: int) -> int:
        return state.move_top(player, "deck", "hand")

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """PHK-TERM-06: damage is cards lost from the top of the deck to the Deck Out Pile."""
        _damage_player(state, player, amount, ctx)

    def destroy(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        _demote(state, card)

    def demote(self, state: GameState, card: int) -> None:
        """PHK-TERM-03: a demoted Summon goes to its owner's Deck Out Pile (its Weapons with it)."""
        _demote(state, card)

    @staticmethod
    def undemotable(state: GameState, card: int) -> bool:
        """Whether a Summon cannot be demoted: a status ("that Summon cannot be demoted", Forbidden Lands) or its own
        static ("This summon cannot be demoted"); it can then not be tributed either (PHK-MECH-02, PHK-MECH-04)."""
        return _undemotable(state, card)

    def exile(self, state: GameState, card: int) -> None:
        """PHK-TERM-04: an exiled card goes to its owner's Exile Zone."""
        _exile(state, card)

    def plaguable(self, state: GameState, card: int) -> bool:
        return _plaguable(state, card)

    def give_plague(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        """Plague (ruling): a Plague counter on a Tier 2-or-lower Summon; it is exiled after 2 End Phases."""
        _give_plague(state, card)

    def plague_countdown(self, state: GameState) -> None:
        _plague_countdown(state)

    def put_on_field(self, state: GameState, card: int, player: int, col: int, tributed: bool,
                     iki: bool = False) -> None:
        """Put a Summon in column ``col``. ``iki``: placed from the Deck Out Pile by Iki's leave, so it is exiled
        when it leaves the battlefield (PHK-TERM-04); a Summon an effect places from there (One Last Time) is not."""
        _put_on_field(state, card, player, col, tributed, iki)

    def attach(self, state: GameState, card: int, host: int) -> None:
        _attach(state, card, host)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: GameState) -> list[Action]:
        return _legal_actions(state)

    def surely_has_choice(self, state: GameState) -> bool:
        """True when the player to act surely has a free choice, told at a glance (bots skip listing the legal
        actions): a pass and something else. A mulligan with cards in hand (``mull``, ``keep``, PHK-MECH-03); the
        Main, Combat or Final Phase with one sure play besides ``next`` (:func:`_sure_play`); a response window with a
        Counter cast plainly from hand besides ``pass`` (PHK-INV-03). A column or an order to pick holds no pass:
        False there, as wherever the glance cannot tell.

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("phaktionz")
        >>> state = rules.new_game(["Zane Basic", "Lyla"], seed=1)
        >>> rules.surely_has_choice(state), [a.kind for a in state.legal_actions()][-1]
        (True, 'keep')
        """
        return _surely_has_choice(state)

    def phase_actions(self, state: GameState) -> list[Action]:
        return _phase_actions(state)

    def play_sources(self, state: GameState, player: int) -> list[int]:
        """Cards the player may place or cast from: the hand, and the Deck Out Pile while Iki allows it."""
        return _play_sources(state, player)

    # ------------------------------------------------------------------ placing (PHK-MECH-02)
    def place_actions(self, state: GameState, player: int, card: int) -> list[Action]:
        plain, front = _placeable(state, player, card, None)
        return [a for a, ok in ((Action("place", (card,)), plain), (Action("place", (card, "front")), front)) if ok]

    def payable_tiers(self, state: GameState, player: int) -> tuple[bool, int, int, bool]:
        """(a column is free, tier sums reachable as a bitmask, total tiers, any Tier discount in play)."""
        return _payable_tiers(state, player, card_index(state))

    def placeable(self, state: GameState, player: int, card: int,
                  payable: tuple[bool, int, int, bool] | None = None) -> tuple[bool, bool]:
        """(may be placed, may be placed for a Tier less) now (PHK-MECH-02)."""
        return _placeable(state, player, card, payable)

    def front_discount(self, state: GameState, player: int, card: int) -> tuple[int, int] | None:
        """A usable "place for a Tier less cost" static (United Front): (card, effect index) or None."""
        return _front_discount(state, player, card)

    def tribute_tiers(self, state: GameState, player: int, chosen: tuple[int, ...]) -> list[tuple[int, int]]:
        return _tribute_tiers(state, player, chosen)

    def sum_tribute_ok(self, state: GameState, player: int, need: int, chosen: tuple[int, ...]) -> bool:
        return _sum_tribute_ok(state, player, need, chosen)

    def count_candidates(self, state: GameState, player: int, spec: dict, chosen: tuple[int, ...]) -> list[int]:
        return _count_candidates(state, player, spec, chosen)

    @staticmethod
    def tribute_need(state: GameState, spec: dict) -> int:
        """How many Summons a "demote N ..." placement takes: N, or N from each battlefield under option
        ``plague_each_battlefield`` for a text that says "on each battlefield" (PHK-MECH-04)."""
        return _tribute_need(state, spec)

    def count_tribute_ok(self, state: GameState, player: int, spec: dict, chosen: tuple[int, ...]) -> bool:
        """Whether the tributes ``chosen`` so far can be completed, leaving a column free for the placed Summon: with
        no free column, one of the tributes must be the player's own (PHK-MECH-02)."""
        return _count_tribute_ok(state, player, spec, chosen)

    def tribute_actions(self, state: GameState) -> list[Action]:
        return _tribute_actions(state)

    # ------------------------------------------------------------------ casting (PHK-INV-01..05)
    def cast_actions(self, state: GameState, player: int, card: int, window: tuple | None) -> list[Action]:
        return _cast_actions(state, player, card, window)

    def cast_limit_ok(self, state: GameState, card: int) -> bool:
        return _cast_limit_ok(state, card)

    def play_condition_ok(self, state: GameState, card: int, player: int, window: tuple | None) -> bool:
        """Every play effect's ``condition`` holds and its ``response`` kind matches the open window (if any)."""
        return _play_condition_ok(state, card, player, window)

    def window_ctx(self, state: GameState, card: int, player: int, window: tuple | None) -> dict:
        return _window_ctx(card, player, window)

    # ------------------------------------------------------------------ activated abilities and responses
    def activate_actions(self, state: GameState, player: int, window: tuple | None) -> list[Action]:
        return _activate_actions(state, player, window, card_index(state))

    def can_activate(self, state: GameState, card: int, index: int, eff: Effect, player: int,
                     window: tuple | None, zname: str) -> bool:
        return _can_activate(state, card, index, eff, player, window)

    def window_actions(self, state: GameState) -> list[Action]:
        return _window_actions(state)

    # ------------------------------------------------------------------ the Creation Pile (PHK-CP-01..05)
    def can_create(self, state: GameState, card: int) -> bool:
        return _can_create(state, card)

    # ------------------------------------------------------------------ battles (PHK-SUM-04..06, PHK-MECH-*)
    def battles_allowed(self, state: GameState, card: int) -> int:
        return _battles_allowed(state, card)

    def can_battle(self, state: GameState, card: int) -> bool:
        st = state.cs.get(card)
        used = st.counters.get("battles", 0) if st is not None else 0
        if used == 0:
            return not (st is not None and st.tapped)
        return used < _battles_allowed(state, card)

    def battle_targets(self, state: GameState, card: int, opp: list[int] | None = None,
                       guards: list[int] | None = None) -> list[int | str]:
        """Whom a Summon may battle: any opposing Summon for a Striker (PHK-SUM-04), its column or the opponent
        for a Tech (PHK-SUM-05/06); guards and "can only battle" texts narrow it (PHK-MECH-04)."""
        return _battle_targets(state, card, opp, guards)

    def battle_actions(self, state: GameState, player: int) -> list[Action]:
        """Every legal ``battle`` (the same answers as :meth:`battle_targets`, computed once for all attackers)."""
        return _battle_actions(state, player, card_index(state).cards)

    @staticmethod
    def resolve_battle(self, state: GameState, attacker: int, target: int | str) -> None:
        _resolve_battle(state, attacker, target)

    def weapon_damage(self, state: GameState, attacker: int, da: int, dt: int) -> int | None:
        return _weapon_damage(state, attacker, da, dt)

    def deal_battle_damage(self, state: GameState, attacker: int, player: int, dmg: int, ctx: dict) -> None:
        _deal_battle_damage(state, attacker, player, dmg, ctx)

    # ------------------------------------------------------------------ applying actions
    def apply(self, state: GameState, action: Action) -> None:
        """Play ``action`` (:func:`_apply`, the table of what each kind does) and run on to the next decision."""
        _apply(state, action)
        _proceed(state)

    # ------------------------------------------------------------------ the task queue
    def push_front(self, state: GameState, *tasks: tuple) -> None:
        _push_front(state, tasks)

    def proceed(self, state: GameState) -> None:
        """Run the game on to the next decision: the effect stack first, then queued tasks, then the active
        player's normal decision."""
        _proceed(state)

    def after_effects(self, state: GameState) -> None:
        _proceed(state)

    # ------------------------------------------------------------------ triggers
    def heard_kinds(self, trigger_kinds: frozenset[str]) -> frozenset[str] | None:
        """:meth:`on_event` acts on the kinds cards trigger on alone (delayed effects included): the core passes it
        only those (a move, most events, is not even a call)."""
        return trigger_kinds

    def on_event(self, state: GameState, ev: Event) -> None:
        if ev.kind in self.trigger_kinds:
            _on_event(state, ev)

    # ------------------------------------------------------------------ views and bots
    def observe_extra(self, state: GameState, viewer: int) -> dict[str, Any]:
        out: dict[str, Any] = {"columns": state.options.get("columns", 5)}
        win = state.vars.get("win")
        if win is not None:
            out["window"] = {"kind": win[0], "player": win[1], "card": win[2]}
        return out

    def evaluate(self, state: GameState, player: int) -> float:
        """The deck-out race in cards: decks left (half a card to whoever draws last), what each side's Summons can
        take from the other's deck in battle (:func:`_threat`), the Summons themselves and the cards in hand;
        squashed by the smaller deck. Turn-long DMG changes count only in the active player's own Main and Combat
        Phases (they are gone when the other player battles)."""
        if state.result is not None:
            return super().evaluate(state, player)
        return _evaluate(state, player)

    def field_auras(self, state: GameState) -> dict[int, int]:
        """The DMG static ``aura`` effects give each Summon on the battlefields (those they give none are left
        out): what :meth:`aura_bonus` gives card by card, with each aura's selection, condition and amount worked
        out once for all Summons."""
        return _field_auras(state)

    def _sides(self, state: GameState, field: list[int], bonus: dict[int, int],
               sides: tuple[tuple, ...] | None = None) -> list[Side]:
        """A :data:`Side` for each Summon on a battlefield (``bonus``: the DMG auras give, :meth:`field_auras`); DMG
        and Tier as :meth:`stat` gives them for a card on the battlefield (``sides``: the card index's, when read)."""
        return _sides(state, field, bonus, card_index(state).side if sides is None else sides)

    def _hand(self, state: GameState, zones: dict[str, list[int]], side: list[Side],
              in_hand: tuple[tuple[int, bool], ...] | None = None) -> float:
        """Cards in hand are plays to come. A Summon of Tier 2 or more counts in full only while the battlefield and
        the Tier 1s in hand hold the Tiers to demote for it (PHK-MECH-02); one with its own demoting requirement
        (Plague Summons) counts as stuck. Past a full hand, cards count less. Cards set aside in a mulligan come
        back as new cards (PHK-MECH-03). ``in_hand``: the card index's, when read."""
        return _hand(zones, side, card_index(state).in_hand if in_hand is None else in_hand)


#: evaluate: a Summon on the battlefield as the evaluation sees it: (DMG now, DMG past this turn, column, is a Tech,
#: Tier, is a guard, bears a Weapon that deals damage in battles it loses, the share of it that stays: a Plague
#: Summon is exiled after the coming End Phases).
Side = tuple[int, int, int, bool, int, bool, bool, float]
#: evaluate: damage a Summon can deal again next turn counts DIRECT_TURNS turns, damage dealt once by demoting a
#: Summon counts KILL_WEIGHT, and a demoted opposing Summon is worth REMOVAL cards beyond the damage.
DIRECT_TURNS: Final = 1.0
KILL_WEIGHT: Final = 0.6
REMOVAL: Final = 1.0
#: evaluate: a Summon's worth on the battlefield (a blocker, tribute for a higher Tier) by itself, per Tier, per DMG.
BOARD_BASE: Final = 0.7
BOARD_TIER: Final = 0.3
BOARD_DMG: Final = 0.25
#: evaluate: a Summon in hand that could be placed, one lacking the Tiers to demote, an Invocation; past HAND_FULL
#: cards, each card counts HAND_EXTRA of its worth.
HAND_SUMMON: Final = 1.0
HAND_STUCK: Final = 0.4
HAND_INVOCATION: Final = 0.7
HAND_FULL: Final = 6
HAND_EXTRA: Final = 0.4
#: evaluate: a card set aside in a mulligan, to be replaced by a card from the deck.
HAND_AVERAGE: Final = 0.75
#: evaluate: the squash's base scale (cards).
SCALE: Final = 4.0
#: evaluate: the share of a Plague Summon's worth that counts (it is exiled at the second End Phase, PHK ruling).
PLAGUED: Final = 0.5


@functools.lru_cache(maxsize=4096)
def field_worth(side: tuple[Side, ...], opp: tuple[Side, ...], now: bool, opp_now: bool) -> tuple[float, ...]:
    """The evaluation's terms of two battlefields: (the threat of ``side`` to the other's deck, with DMG as it is
    ``now``; that of ``opp``, with DMG as it is ``opp_now``; the worth of ``side``; that of ``opp``), by
    :func:`_threat` and :func:`_board`. A function of these values alone, remembered for the last few thousand
    (a search scores many positions whose battlefields are the same: most of its evaluations find them here).

    >>> mine = ((3, 3, 1, True, 1, False, False, 1.0),)
    >>> field_worth(mine, (), True, False) == (_threat(mine, (), True), 0.0, _board(mine), 0)
    True
    """
    return _threat(side, opp, now), _threat(opp, side, opp_now), _board(side), _board(opp)


#: a Side's Tier
_TIER = itemgetter(4)


@functools.lru_cache(maxsize=4096)
def hand_worth(hand: tuple[tuple[int, bool], ...], aside: int, field_tiers: int) -> float:
    """What :meth:`PhaktionzRules._hand` counts for a hand: ``hand``, what the evaluation reads of each card in hand
    order (its Tier, -1 for an Invocation, and whether it is placed by demoting Tiers: the card index's ``in_hand``),
    ``aside`` cards set aside in a mulligan, ``field_tiers`` Tiers on the battlefield. A function of these values
    alone, remembered for the last few thousand (a search's positions share most hands).

    >>> hand_worth(((1, True), (3, True), (-1, False)), 0, 2)  # the Tier 3 Summon has the Tiers to demote: 1 + 2
    2.7
    """
    tiers = field_tiers
    for tier, _ in hand:
        if 0 <= tier < 2:
            tiers += tier
    total = HAND_AVERAGE * aside
    for tier, by_tiers in hand:  # (added card by card, in hand order, as ever: the same float sums)
        if tier < 0:
            total += HAND_INVOCATION
        else:
            total += HAND_SUMMON if tier < 2 or (tiers >= tier and by_tiers) else HAND_STUCK
    n = len(hand)
    return total if n <= HAND_FULL else total * (HAND_FULL + HAND_EXTRA * (n - HAND_FULL)) / n


def _threat(side: Sequence[Side], opp: Sequence[Side], now: bool) -> float:
    """Cards a battlefield is worth as a threat to the opponent's deck (PHK-SUM-04 to 06, PHK-MECH-*), with DMG as
    it is ``now`` or as it lasts past this turn.

    Each Summon takes its best battle. Damage it can deal again next turn (a Tech facing an empty column battles
    directly; a Weapon such as Inflicting Sword deals damage in a battle it loses; a Tier 3 is not demoted) counts
    DIRECT_TURNS turns. A won battle that demotes its target deals its damage once: it counts KILL_WEIGHT, and each
    opposing Summon is demoted by at most one attacker (the strongest choose first)."""
    if not side:
        return 0.0
    k = 0 if now else 1
    guarded = False
    for o in opp:
        if o[5]:
            guarded = True
            break
    total = 0.0
    taken: set[int] = set()
    for s in sorted(side, key=itemgetter(k), reverse=True) if len(side) > 1 else side:
        dmg, col, tech, sword = s[k], s[2], s[3], s[6]
        best, pick, open_col = 0.0, -1, True
        for i, o in enumerate(opp):
            if tech:
                if o[2] != col:
                    continue
                open_col = False
            if i in taken or (guarded and not o[5]):
                continue
            odmg = o[k]
            dealt = (dmg if dmg == odmg else odmg) if sword else dmg - odmg
            if dmg > odmg and o[4] < 3:
                value, kill = KILL_WEIGHT * (dealt + REMOVAL), i
            else:
                value, kill = DIRECT_TURNS * dealt, -1
            if value > best:
                best, pick = value, kill
        if tech and open_col:
            best, pick = DIRECT_TURNS * dmg, -1
        total += best * s[7]
        if pick >= 0:
            taken.add(pick)
    return total


def _board(side: Sequence[Side]) -> float:
    """A battlefield's worth beyond its threat: blockers, tribute, DMG for later."""
    return sum([(BOARD_BASE + BOARD_TIER * s[4] + BOARD_DMG * s[1]) * s[7] for s in side])


# ====================================================================== the rules' work, as module functions
# Each method of PhaktionzRules above that a decision runs through hands its work to the function below of its name
# (``_`` before it): the compiled build calls these directly, where a call through the rules object is a Python call.


# ---------------------------------------------------------------------- setup and turns
def _deal(state: GameState, player: int, n: int) -> None:
    """:meth:`PhaktionzRules.deal`."""
    zones = state.zones[player]
    deck, hand = zones["deck"], zones["hand"]
    loc = state.loc
    for _ in range(min(n, len(deck))):
        card = deck.pop()
        hand.append(card)
        loc[card] = (player, "hand")
    state.emit("deal", player, data=(n,))


def _quiet_move(state: GameState, card: int, player: int, zone: str) -> None:
    """:meth:`PhaktionzRules.quiet_move`."""
    fp, fz = state.loc[card]
    state.zones[fp][fz].remove(card)
    state.zones[player][zone].append(card)
    state.loc[card] = (player, zone)


def _start_turn(state: GameState, player: int) -> None:
    """:meth:`PhaktionzRules.start_turn`."""
    state.turn += 1
    state.active = state.current = player
    state.phase = "draw"
    state.emit("turn", player, data=(state.turn,))
    cs = state.cs
    for c in state.zones[player]["field"]:
        st = cs.get(c)
        if st is not None and (st.tapped or "battles" in st.counters):
            st = state.card_state(c)  # to change it (a clone's copy on write)
            st.tapped = False
            st.counters.pop("battles", None)
    if not (state.options.get("first_turn_no_draw") and state.turn == 1):
        _turn_draw(state, player)
    if not _ended(state):
        state.phase = "main"
        state.emit("phase", player, data=("main",))


def _turn_draw(state: GameState, player: int) -> None:
    """:meth:`PhaktionzRules.turn_draw`."""
    if not state.zones[player]["deck"]:
        state.end(1 - player, "could not draw from an empty deck", "PHK-WIN-01")
        return
    state.move_top(player, "deck", "hand")  # PhaktionzRules.draw
    _check_decks(state)


def _end_turn(state: GameState) -> None:
    """:meth:`PhaktionzRules.end_turn`."""
    p = state.active
    state.phase = "end"
    vars_ = state.vars
    vars_["q"] = (*vars_.get("q", ()), ("begin", 1 - p))  # after any End Phase trigger
    state.emit("phase", p, data=("end",))
    _plague_countdown(state)
    zones = state.zones
    for q in (0, 1):
        for c in list(zones[q]["field"]):
            st = state.cs.get(c)
            if st is not None and st.status.get("exile_eot"):
                _exile(state, c)
    durations.end_turn(state)
    state.vars.pop("delayed", None)
    if not _ended(state):
        _check_decks(state)


def _check_decks(state: GameState) -> None:
    """:meth:`PhaktionzRules.check_decks`."""
    if state.result is not None or state.options.get("win_on_failed_draw"):
        return
    zones = state.zones  # cards set aside by a look (Lin) are still the deck's: a look is not a draw
    if zones[0]["deck"] and zones[1]["deck"]:
        return
    empty = [p for p in (0, 1) if not zones[p]["deck"] and not zones[p]["aside"]]
    if len(empty) == 2:
        state.end(None, "both decks reached 0 cards", "PHK-WIN-01")
    elif empty:
        state.end(1 - empty[0], f"player {empty[0]} was decked out", "PHK-WIN-01")


# ---------------------------------------------------------------------- numbers
def _stat(state: GameState, card: int, name: str) -> int:
    """:meth:`PhaktionzRules.stat`."""
    rec: Card = card_index(state).cards[card]
    if name == "tier":
        ft = rec.field_tier
        return ft if ft is not None and state.loc[card][1] == "field" else rec.tier
    if name != "dmg":
        return Ruleset.stat(state.rules, state, card, name)
    value = rec.dmg
    st = state.cs.get(card)
    if st is not None:
        status = st.status
        if status.get("dmg_set_turn") == state.turn:
            value = status["dmg_set"]
        for stat, delta, _ in st.mods:
            if stat == "dmg":
                value += delta
    if state.loc[card][1] == "field":
        value += _aura_bonus(state, card)
    return max(0, value)


def _aura_bonus(state: GameState, card: int) -> int:
    """:meth:`PhaktionzRules.aura_bonus`."""
    if not any_in_play(state, card_index(state).auras):
        return 0
    bonus = 0
    cards = card_index(state).cards
    for p in (0, 1):
        zones = state.zones[p]
        for zname in _IN_PLAY:
            for src in zones[zname]:
                for aura in cards[src].aura:
                    bonus += _aura(state, src, card, aura)
    return bonus


def _aura(state: GameState, src: int, card: int, aura: dict) -> int:
    """The DMG one static ``aura`` of ``src`` gives ``card`` (:meth:`PhaktionzRules.aura_bonus`)."""
    to = aura["to"]
    owner = state.owner
    if (to == "self" and card != src) or (to == "you.field" and owner[card] != owner[src]):
        return 0
    ctx = {"source": src, "controller": owner[src]}
    if to not in ("self", "you.field") and not conditions.member(state, ctx, to, card):
        return 0
    if not holds(state, ctx, aura.get("condition")):
        return 0
    return conditions.amount(state, ctx, aura["by"])


def _summon_type(state: GameState, card: int) -> str:
    """:meth:`PhaktionzRules.summon_type`."""
    t = state.defs[card].fields["summon_type"]
    st = state.cs.get(card)
    if st is not None and st.status.get("swapped") == state.turn:
        return "tech" if t == "striker" else "striker"
    return t


def _column(state: GameState, card: int) -> int:
    """:meth:`PhaktionzRules.column`."""
    st = state.cs.get(card)
    return st.counters.get("col", 0) if st is not None else 0


def _free_columns(state: GameState, player: int) -> list[int]:
    """:meth:`PhaktionzRules.free_columns`."""
    cs = state.cs
    used = set()
    for c in state.zones[player]["field"]:  # _column(state, c), read inline
        st = cs.get(c)
        used.add(st.counters.get("col", 0) if st is not None else 0)
    return [n for n in range(1, state.options.get("columns", 5) + 1) if n not in used]


def _statics(state: GameState, key: str, player: int | None) -> list[tuple[int, Effect]]:
    """:meth:`PhaktionzRules.statics`."""
    index = card_index(state)
    cards = index.statics.get(key)
    if cards is None or not any_in_play(state, cards, player):
        return []
    out: list[tuple[int, Effect]] = []
    recs = index.cards
    for p in (0, 1) if player is None else (player,):
        zones = state.zones[p]
        for zname in _IN_PLAY:
            for c in zones[zname]:
                rec = recs[c]
                if key in rec.static_keys:
                    out.extend((c, eff) for eff in rec.statics if key in eff.params)
    return out


def _card_static(state: GameState, card: int, key: str) -> Any:
    """:meth:`PhaktionzRules.card_static`."""
    rec: Card = card_index(state).cards[card]
    if key not in rec.static_keys:
        return None
    for eff in rec.statics:
        if key in eff.params:
            return eff.params[key]
    return None


# ---------------------------------------------------------------------- leaving play, damage, plague
def _damage_player(state: GameState, player: int, amount: int, ctx: dict) -> None:
    """:meth:`PhaktionzRules.damage_player`."""
    lost = 0
    for _ in range(max(0, amount)):
        if state.move_top(player, "deck", "deck_out") < 0:
            break
        lost += 1
    state.emit("damage", player, ctx.get("source", -1), (lost,))


def _leave_with_weapons(state: GameState, card: int) -> None:
    """A Summon's Weapons leave with it: to the Deck Out Pile, or to exile if Iki put them in play."""
    st = state.cs.get(card)
    for w in list(st.attached) if st is not None else ():
        state.move(w, state.owner[w], "exile" if _iki_marked(state, w) else "deck_out")


def _iki_marked(state: GameState, card: int) -> bool:
    """Whether Iki put ``card`` in play from the Deck Out Pile (it is exiled when it leaves, PHK-TERM-04)."""
    st = state.cs.get(card)
    return st is not None and bool(st.status.get("iki"))


def _demote(state: GameState, card: int) -> None:
    """:meth:`PhaktionzRules.demote`."""
    st = state.cs.get(card)
    if _undemotable(state, card):
        return
    plagued = st is not None and st.status.get("plague", 0) > 0
    if (plagued and _statics(state, "plague_demote_exiles", None)) or _iki_marked(state, card):
        _exile(state, card)
        return
    _leave_with_weapons(state, card)
    state.move(card, state.owner[card], "deck_out")
    state.emit("demoted", state.owner[card], card)


def _undemotable(state: GameState, card: int) -> bool:
    """:meth:`PhaktionzRules.undemotable`."""
    st = state.cs.get(card)
    return bool(st is not None and st.status.get("undemotable")) or \
        "undemotable" in card_index(state).cards[card].static_keys


def _exile(state: GameState, card: int) -> None:
    """:meth:`PhaktionzRules.exile`."""
    st = state.cs.get(card)
    plagued = st is not None and st.status.get("plague", 0) > 0
    _leave_with_weapons(state, card)
    turn, count = state.vars.get("pex", (state.turn, 0))
    count = count if turn == state.turn else 0
    if plagued:
        count += 1
        state.vars["pex"] = (state.turn, count)
    state.move(card, state.owner[card], "exile")
    state.emit("exiled", state.owner[card], card, (count,))


def _plaguable(state: GameState, card: int) -> bool:
    """:meth:`PhaktionzRules.plaguable`."""
    if state.loc[card][1] != "field" or _stat(state, card, "tier") > 2:
        return False
    st = state.cs.get(card)
    return st is None or not st.status.get("plague")


def _give_plague(state: GameState, card: int) -> None:
    """:meth:`PhaktionzRules.give_plague`."""
    turns = 1 if _statics(state, "plague_turns_one", None) else 2
    state.card_state(card).status["plague"] = turns
    state.emit("plagued", state.owner[card], card, (turns,))


def _plague_countdown(state: GameState) -> None:
    """:meth:`PhaktionzRules.plague_countdown`."""
    for p in (0, 1):
        for c in list(state.zones[p]["field"]):
            st = state.cs.get(c)
            if st is None or not st.status.get("plague"):
                continue
            st = state.card_state(c)  # to change it (a clone's copy on write)
            st.status["plague"] -= 1
            if st.status["plague"] <= 0:
                st.status["plague"] = 1  # still a Plague summon as it is exiled
                _exile(state, c)


def _put_on_field(state: GameState, card: int, player: int, col: int, tributed: bool, iki: bool) -> None:
    """:meth:`PhaktionzRules.put_on_field`."""
    state.move(card, player, "field")
    st = state.card_state(card)
    st.counters["col"] = col
    if iki:
        st.status["iki"] = 1
    state.emit("placed", player, card, (col, 1 if tributed else 0))
    if tributed:
        state.emit("placed_by_demoting", player, card, (col,))


def _attach(state: GameState, card: int, host: int) -> None:
    """:meth:`PhaktionzRules.attach`."""
    iki = state.loc[card][1] == "deck_out"
    state.move(card, state.owner[card], "attached")
    st = state.card_state(card)
    st.host = host
    if iki:
        st.status["iki"] = 1
    state.card_state(host).attached.append(card)
    state.emit("attached", state.owner[card], card, (host,))


# ---------------------------------------------------------------------- legal actions
def _legal_actions(state: GameState) -> list[Action]:
    """:meth:`PhaktionzRules.legal_actions`."""
    if state.phase == "mulligan":
        p = state.current
        return [*[MULL[c] for c in state.zones[p]["hand"]], KEEP]
    sub = state.vars.get("sub")
    if sub is None:
        return _phase_actions(state)
    if sub == "tribute":
        return _tribute_actions(state)
    if sub == "column":
        p = state.active
        return [COLUMN[str(n)] for n in _free_columns(state, p)]
    if sub == "window":
        return _window_actions(state)
    if sub == "order":
        return [Action("first", (c,)) for c in dict.fromkeys(card for card, _ in state.vars["order"][1])]
    return _phase_actions(state)


def _surely_has_choice(state: GameState) -> bool:
    """:meth:`PhaktionzRules.surely_has_choice`."""
    if state.phase == "mulligan":
        return bool(state.zones[state.current]["hand"])
    sub = state.vars.get("sub")
    if sub is None:
        return state.phase in ("main", "combat", "final") and _sure_play(state)
    if sub == "window":
        return not glance(state).plain_counters.isdisjoint(state.zones[state.current]["hand"])
    return False


def _sure_play(state: GameState) -> bool:
    """Whether :func:`_phase_actions` surely lists an action besides ``next``: a Summon of Tier 0 or 1 in hand and a
    free column, or one of Tier 2 or more and the Tiers to demote for it, an Invocation cast plainly (a Counter in
    the Combat Phase), or a Summon able to battle with a target it surely has (no text narrows whom it battles)."""
    p, phase = state.active, state.phase
    zones = state.zones[p]
    hand = zones["hand"]
    sets = glance(state)  # (the hand against the glance's sets, read in C)
    if phase == "combat":
        return not sets.plain_counters.isdisjoint(hand) or _sure_battle(state, p)
    if not sets.plain_casts.isdisjoint(hand):
        return True
    if phase != "main":
        return False
    if len(zones["field"]) < state.options.get("columns", 5) and not sets.low_summons.isdisjoint(hand):
        return True
    return not sets.high_summons.isdisjoint(hand) and _sure_tribute(state, p, hand, sets.high_summons)


def _sure_tribute(state: GameState, player: int, hand: list[int], high: frozenset[int]) -> bool:
    """Whether a Summon of Tier 2 or more in hand may be placed by demoting Tiers (what :func:`_placeable` answers
    for it first, PHK-MECH-02)."""
    index = card_index(state)
    _, reach, total, _ = _payable_tiers(state, player, index)
    at_least = state.options.get("tribute_at_least")
    in_hand = index.in_hand
    for c in hand:
        if c in high:
            need = in_hand[c][0]
            if (total >= need) if at_least else (reach >> need) & 1:
                return True
    return False


def _sure_battle(state: GameState, player: int) -> bool:
    """Whether :func:`_battle_actions` surely lists a battle: an unused, untapped Summon that no text narrows, a
    Striker facing some opposing Summon or a Tech facing an empty column or a Summon it may battle there."""
    opp = state.zones[1 - player]["field"]
    cards, cs = card_index(state).cards, state.cs
    guards = False
    for o in opp:
        keys = cards[o].static_keys
        if "not_battled_by" in keys:
            return False
        if "guard" in keys:
            guards = True
    for c in state.zones[player]["field"]:
        st = cs.get(c)
        rec = cards[c]
        if st is None or st.tapped or st.counters.get("battles") or "battle_only" in rec.static_keys:
            continue
        tech = rec.summon_type == "tech"
        if st.status.get("swapped") == state.turn:
            tech = not tech
        if not tech:
            if opp:
                return True
            continue
        col = st.counters.get("col", 0)
        in_col = [o for o in opp if (cs[o].counters.get("col", 0) if o in cs else 0) == col]
        if not in_col or not guards or any("guard" in cards[o].static_keys for o in in_col):
            return True
    return False


def _phase_actions(state: GameState) -> list[Action]:
    """:meth:`PhaktionzRules.phase_actions`."""
    p = state.active
    phase = state.phase
    zones = state.zones[p]
    sources = zones["hand"] if not zones["deck_out"] else _play_sources(state, p)
    index = card_index(state)
    cards = index.cards
    acts: list[Action]
    if phase == "main":
        acts = _main_plays(state, p, sources, index)
    else:
        acts = []
        combat = phase == "combat"
        castable = combat or phase == "final"  # the phases _cast_actions allows on one's own turn
        for c in sources:
            rec = cards[c]
            if not rec.summon and (not combat or rec.inv_type == "counter"):
                if castable and rec.plain_cast:
                    acts.append(CAST[c])  # what _cast_actions gives it
                else:
                    acts.extend(_cast_actions(state, p, c, None))
    if phase != "final":
        acts.extend(_activate_actions(state, p, None, index))
    if phase != "combat":
        cp = zones["creation_pile"]
        if cp:
            ok: dict[str, bool] = {}
            for c in cp:
                key = cards[c].key
                if key not in ok:
                    ok[key] = _can_create(state, c)
                if ok[key]:
                    acts.append(CREATE[c])
    else:
        acts.extend(_battle_actions(state, p, cards))
    acts.append(NEXT)
    return acts


def _main_plays(state: GameState, p: int, sources: list[int], index: CardIndex) -> list[Action]:
    """The Main Phase's places (PHK-MECH-02) and casts (PHK-INV-01) from ``sources``, in one pass over them: every
    ``place`` first, then every ``cast``, each in the order of the cards."""
    cards = index.cards
    acts: list[Action] = []
    casts: list[Action] = []
    seen: dict[str, tuple[bool, bool]] = {}
    payable: tuple[bool, int, int, bool] | None = None
    plain: tuple[bool, bool] | None = None  # what _placeable answers with nothing to demote: (a column is free, False)
    for c in sources:
        rec = cards[c]
        if not rec.summon:
            if rec.plain_cast:
                casts.append(CAST[c])  # what _cast_actions gives it
            else:
                casts.extend(_cast_actions(state, p, c, None))
            continue
        key = rec.key
        ok = seen.get(key)
        if ok is None:
            tier, by_tiers = rec.in_hand
            if by_tiers and tier < 2:
                if plain is None:
                    plain = len(state.zones[p]["field"]) < state.options.get("columns", 5), False
                ok = seen[key] = plain
            else:
                if payable is None and by_tiers:
                    payable = _payable_tiers(state, p, index)
                ok = seen[key] = _placeable(state, p, c, payable)
        if ok[0]:
            acts.append(PLACE[c])
        if ok[1]:
            acts.append(PLACE_FRONT[c])
    if casts:
        acts.extend(casts)
    return acts


def _play_sources(state: GameState, player: int) -> list[int]:
    """:meth:`PhaktionzRules.play_sources`."""
    zones = state.zones[player]
    if not zones["deck_out"]:
        return zones["hand"]
    cards = card_index(state).statics.get("deck_out_play")
    if cards and any_in_play(state, cards, player):
        recs = card_index(state).cards
        for c in zones["field"]:
            if "deck_out_play" in recs[c].static_keys:
                return zones["hand"] + zones["deck_out"]
    return zones["hand"]


# ---------------------------------------------------------------------- placing (PHK-MECH-02)
def _payable_tiers(state: GameState, player: int, index: CardIndex) -> tuple[bool, int, int, bool]:
    """:meth:`PhaktionzRules.payable_tiers` (``index``: the card index)."""
    tiers: list[int] = []
    cs = state.cs
    sides, undemotable = index.side, index.statics.get("undemotable", _NONE)
    field = state.zones[player]["field"]
    for c in field:  # the Tiers of _tribute_tiers(state, player, ()), read as _stat does on the battlefield
        if c in undemotable:  # its own static (undemotable)
            continue
        st = cs.get(c)
        if not (st is not None and st.status.get("undemotable")):
            tiers.append(sides[c][2])  # its Tier on the battlefield
    free = len(field) < state.options.get("columns", 5)
    discount = any_in_play(state, index.statics.get("tier_discount", _NONE), player)  # bool(_statics(...))
    return free, _reachable(tiers), sum(tiers), discount


def _placeable(state: GameState, player: int, card: int,
               payable: tuple[bool, int, int, bool] | None) -> tuple[bool, bool]:
    """:meth:`PhaktionzRules.placeable`."""
    rec: Card = card_index(state).cards[card]
    spec = rec.tribute
    if spec is not None:
        return _count_tribute_ok(state, player, spec, ()), False
    tier = rec.tier
    need = tier if tier >= 2 else 0
    if not need:
        return len(state.zones[player]["field"]) < state.options.get("columns", 5), False
    free, reach, total, discount = payable or _payable_tiers(state, player, card_index(state))
    at_least = state.options.get("tribute_at_least")
    plain = total >= need if at_least else bool((reach >> need) & 1)  # need >= 2 here
    if not discount:
        return plain, False
    less = need - 1  # the Tiers to demote for a Tier less (United Front)
    front = (free if less <= 0 else total >= less if at_least else bool((reach >> less) & 1)) and \
        _front_discount(state, player, card) is not None
    return plain, front


def _front_discount(state: GameState, player: int, card: int) -> tuple[int, int] | None:
    """:meth:`PhaktionzRules.front_discount`."""
    for src, eff in _statics(state, "tier_discount", player):
        ctx = {"source": src, "controller": player}
        idx = state.defs[src].effects.index(eff)
        if effects.matches(state, ctx, card, eff.params["tier_discount"]) and effects.limit_ok(
                state, src, idx, eff.limit):
            return src, idx
    return None


def _tribute_tiers(state: GameState, player: int, chosen: tuple[int, ...]) -> list[tuple[int, int]]:
    """:meth:`PhaktionzRules.tribute_tiers`."""
    out = []
    cards, cs = card_index(state).cards, state.cs
    for c in state.zones[player]["field"]:
        if c in chosen or "undemotable" in cards[c].static_keys:
            continue
        st = cs.get(c)
        if not (st is not None and st.status.get("undemotable")):
            out.append((c, _stat(state, c, "tier")))
    return out


def _sum_tribute_ok(state: GameState, player: int, need: int, chosen: tuple[int, ...]) -> bool:
    """:meth:`PhaktionzRules.sum_tribute_ok`."""
    if need <= 0:
        return bool(_free_columns(state, player))
    tiers = [t for _, t in _tribute_tiers(state, player, chosen)]
    if state.options.get("tribute_at_least"):
        return sum(tiers) >= need
    return bool((_reachable(tiers) >> need) & 1)


def _count_candidates(state: GameState, player: int, spec: dict, chosen: tuple[int, ...]) -> list[int]:
    """:meth:`PhaktionzRules.count_candidates`."""
    zones = (0, 1) if spec.get("anywhere") else (player,)
    status = spec.get("status")
    out = []
    cards, cs = card_index(state).cards, state.cs
    for p in zones:
        for c in state.zones[p]["field"]:
            st = cs.get(c)
            if status is not None and not (st is not None and st.status.get(status)):
                continue  # (the cheaper test first: most Summons carry no such counter)
            if c in chosen or (st is not None and st.status.get("undemotable")) or \
                    "undemotable" in cards[c].static_keys:  # _undemotable(state, c)
                continue
            out.append(c)
    return out


def _tribute_need(state: GameState, spec: dict) -> int:
    """:meth:`PhaktionzRules.tribute_need`."""
    n: int = spec["count"]
    return 2 * n if spec.get("each") and state.options.get("plague_each_battlefield") else n


def _count_tribute_ok(state: GameState, player: int, spec: dict, chosen: tuple[int, ...]) -> bool:
    """:meth:`PhaktionzRules.count_tribute_ok`."""
    cands = _count_candidates(state, player, spec, chosen)
    if not cands and not chosen and spec["count"] > 0:
        return False  # nothing to demote (as the count below finds)
    owner = state.owner
    mine = sum(1 for c in cands if owner[c] == player)
    got_mine = sum(1 for c in chosen if owner[c] == player)
    need = _tribute_need(state, spec) - len(chosen)
    if need < 0:
        return False
    if spec.get("each") and state.options.get("plague_each_battlefield"):
        half = spec["count"]
        need_mine, need_theirs = half - got_mine, half - (len(chosen) - got_mine)
        if need_mine < 0 or need_theirs < 0 or mine < need_mine or len(cands) - mine < need_theirs:
            return False
        takes_own = got_mine > 0 or need_mine > 0
    else:
        if len(cands) < need:
            return False
        takes_own = got_mine > 0 or (need > 0 and mine > 0)
    return takes_own or bool(_free_columns(state, player))


def _tribute_actions(state: GameState) -> list[Action]:
    """:meth:`PhaktionzRules.tribute_actions`."""
    card, need, chosen = state.vars["placing"][:3]
    p = state.active
    spec = state.defs[card].fields["tribute"]
    out = []
    if spec is not None:
        for c in _count_candidates(state, p, spec, chosen):
            if _count_tribute_ok(state, p, spec, (*chosen, c)):
                out.append(TRIBUTE[c])
        return out
    for c, t in _tribute_tiers(state, p, chosen):
        if state.options.get("tribute_at_least"):
            ok = True
        else:
            ok = t <= need and (t == need or _sum_tribute_ok(state, p, need - t, (*chosen, c)))
        if ok:
            out.append(TRIBUTE[c])
    return out


# ---------------------------------------------------------------------- casting (PHK-INV-01..05)
def _cast_actions(state: GameState, player: int, card: int, window: tuple | None) -> list[Action]:
    """:meth:`PhaktionzRules.cast_actions`."""
    d: CardDef = state.defs[card]
    inv = d.fields["inv_type"]
    own_turn = state.active == player and window is None
    if inv != "counter" and not (own_turn and state.phase in ("main", "final")):
        return []
    if inv == "counter" and own_turn and state.phase not in ("main", "combat", "final"):
        return []
    if not _cast_limit_ok(state, card) or not _play_condition_ok(state, card, player, window):
        return []
    if inv == "weapon":
        flt = d.fields.get("attach_filter")
        ctx = {"source": card, "controller": player}
        test = conditions.card_test(flt) if flt else None
        hosts = [h for q in (player, 1 - player) for h in state.zones[q]["field"]
                 if test is None or test(state, ctx, h)]
        row = CAST.row(card)
        return [row[h] for h in hosts]
    return [CAST[card]]


def _cast_limit_ok(state: GameState, card: int) -> bool:
    """:meth:`PhaktionzRules.cast_limit_ok`."""
    fields = state.defs[card].fields
    if not fields["limit"]:
        return True
    used = state.vars.get(fields["cast_keys"][state.owner[card]])
    per_turn, n = fields["cast_limit"]
    return used is None or (per_turn and used[0] != state.turn) or used[1] < n


def _play_condition_ok(state: GameState, card: int, player: int, window: tuple | None) -> bool:
    """:meth:`PhaktionzRules.play_condition_ok`."""
    fields = state.defs[card].fields
    if not fields["checked_play"]:
        return True
    ctx = _window_ctx(card, player, window)
    for eff in fields["plays"]:
        resp = eff.params.get("response")
        if resp is not None and (window is None or window[0] != resp):
            return False
        if not holds(state, ctx, eff.condition) or not cost_ok(state, ctx, eff.cost):
            return False
    return True


def _window_ctx(card: int, player: int, window: tuple | None) -> dict:
    """:meth:`PhaktionzRules.window_ctx`."""
    ctx: dict[str, Any] = {"source": card, "controller": player}
    if window is not None:
        ctx["window_card"] = [window[2]] if window[2] >= 0 else []
        ctx["window_target"] = [window[3]] if window[3] >= 0 else []
    return ctx


# ---------------------------------------------------------------------- activated abilities and responses
def _activate_actions(state: GameState, player: int, window: tuple | None, index: CardIndex) -> list[Action]:
    """:meth:`PhaktionzRules.activate_actions` (``index``: the card index)."""
    out: list[Action] = []
    if window is None:  # _can_activate refuses the others
        usable, holders = index.activated, index.activators
    else:
        usable, holders = index.answers, index.answerers
    if not holders:
        return out
    zones = state.zones[player]
    for zname in _ANSWER_ZONES if window is not None or index.hand_free else _IN_PLAY:
        cards = zones[zname]
        if holders.isdisjoint(cards):  # (no card of the zone has such an effect: read in C)
            continue
        for c in cards:
            for i, eff in usable[c]:
                if (eff.zone == zname or (eff.zone is None and zname != "hand")) \
                        and _can_activate(state, c, i, eff, player, window):
                    out.append((USE if zname == "hand" else ACTIVATE).row(c)[str(i)])
    return out


def _can_activate(state: GameState, card: int, index: int, eff: Effect, player: int, window: tuple | None) -> bool:
    """:meth:`PhaktionzRules.can_activate`."""
    resp = eff.params.get("response")
    if (resp is None) != (window is None) or (resp is not None and window is not None and window[0] != resp):
        return False
    if eff.limit is not None and not effects.limit_ok(state, card, index, eff.limit):
        return False
    if eff.condition is None and not eff.cost:
        return True
    ctx = _window_ctx(card, player, window)
    return holds(state, ctx, eff.condition) and cost_ok(state, ctx, eff.cost)


def _window_actions(state: GameState) -> list[Action]:
    """:meth:`PhaktionzRules.window_actions`."""
    win = state.vars["win"]
    r = state.current
    acts = [PASS]
    index = card_index(state)
    cards = index.cards
    for c in state.zones[r]["hand"]:
        rec = cards[c]
        if not rec.summon and rec.inv_type == "counter":
            if rec.plain_cast:
                acts.append(CAST[c])  # what _cast_actions gives it
            else:
                acts.extend(_cast_actions(state, r, c, win))
    acts.extend(_activate_actions(state, r, win, index))
    return acts


# ---------------------------------------------------------------------- the Creation Pile (PHK-CP-01..05)
def _can_create(state: GameState, card: int) -> bool:
    """:meth:`PhaktionzRules.can_create`."""
    cond = state.defs[card].fields.get("create")
    return cond is not None and holds(state, {"source": card, "controller": state.owner[card]}, cond)


# ---------------------------------------------------------------------- battles (PHK-SUM-04..06, PHK-MECH-*)
def _battles_allowed(state: GameState, card: int) -> int:
    """:meth:`PhaktionzRules.battles_allowed`."""
    extra = _card_static(state, card, "extra_battles")
    if extra is None:
        return 1
    ctx = {"source": card, "controller": state.owner[card]}
    if not holds(state, ctx, extra.get("condition")):
        return 1
    return 1 + max(0, effects.amount(state, ctx, extra["amount"]))


def _battle_targets(state: GameState, card: int, opp: list[int] | None,
                    guards: list[int] | None) -> list[int | str]:
    """:meth:`PhaktionzRules.battle_targets`."""
    p = state.owner[card]
    if opp is None:
        opp = state.zones[1 - p]["field"]
        guards = [c for c in opp if _card_static(state, c, "guard")]
    only = _card_static(state, card, "battle_only")
    allowed = guards or opp
    cards = card_index(state).cards
    if any("not_battled_by" in cards[c].static_keys for c in allowed):
        allowed = [c for c in allowed if not _shielded(state, c, card)]
    if only:
        ctx = {"source": card, "controller": p}
        allowed = [c for c in allowed if effects.matches(state, ctx, c, only)]
    if _summon_type(state, card) == "striker":
        return list(allowed)
    col = _column(state, card)
    in_col = [c for c in opp if _column(state, c) == col]
    if not in_col:
        return [] if only else ["direct"]  # "can only battle Plague summons": not the opponent (PHK-MECH-04)
    return [c for c in in_col if c in allowed]


def _shielded(state: GameState, defender: int, attacker: int) -> bool:
    """"This summon cannot be battled by X" (static ``not_battled_by``) and the attacker is an X."""
    flt = _card_static(state, defender, "not_battled_by")
    ctx = {"source": defender, "controller": state.owner[defender]}
    return bool(flt) and effects.matches(state, ctx, attacker, flt)


def _battle_actions(state: GameState, player: int, cards: tuple[Card, ...]) -> list[Action]:
    """:meth:`PhaktionzRules.battle_actions` (``cards``: the card index's records)."""
    mine = state.zones[player]["field"]
    if not mine:
        return []
    opp = state.zones[1 - player]["field"]
    cs = state.cs
    guards = []
    shields = False  # an opposing Summon that cannot be battled by some: the full check for every attacker
    for o in opp:
        keys = cards[o].static_keys
        if keys:
            if "guard" in keys:
                guards.append(o)
            if "not_battled_by" in keys:
                shields = True
    by_col: dict[int, list[int]] | None = None  # the opposing Summons by column, at the first Tech
    out: list[Action] = []
    rows = BATTLE.rows  # the battle actions by attacker (ActionTable.row, without a call once made)
    for c in mine:
        st = cs.get(c)
        if st is not None:
            used = st.counters.get("battles", 0)
            if (used == 0 and st.tapped) or (used and used >= _battles_allowed(state, c)):
                continue
        rec = cards[c]
        if shields or "battle_only" in rec.static_keys:
            targets = BATTLE.row(c)
            out.extend([targets[t] for t in _battle_targets(state, c, opp, guards)])
            continue
        kind = rec.summon_type
        if st is not None and st.status.get("swapped") == state.turn:
            kind = "tech" if kind == "striker" else "striker"
        row = rows.get(c)
        if row is None:
            row = BATTLE.row(c)
        if kind == "striker":
            out.extend(map(row.__getitem__, guards or opp))
            continue
        if by_col is None:
            by_col = _by_column(state, opp)
        in_col = by_col.get(st.counters.get("col", 0) if st is not None else 0)
        if not in_col:
            out.append(row["direct"])
        else:
            for t in in_col:
                if not guards or t in guards:
                    out.append(row[t])
    return out


def _by_column(state: GameState, field: list[int]) -> dict[int, list[int]]:
    """:meth:`PhaktionzRules._by_column`."""
    cs = state.cs
    out: dict[int, list[int]] = {}
    for o in field:
        st = cs.get(o)
        out.setdefault(st.counters.get("col", 0) if st is not None else 0, []).append(o)
    return out


def _resolve_battle(state: GameState, attacker: int, target: int | str) -> None:
    """:meth:`PhaktionzRules.resolve_battle`."""
    p = state.owner[attacker]
    if state.loc[attacker][1] != "field":
        return
    ctx = {"source": attacker, "controller": p}
    if target == "direct":
        dmg = _stat(state, attacker, "dmg")
        state.emit("battle", p, attacker, ("direct", dmg))
        _deal_battle_damage(state, attacker, 1 - p, dmg, ctx)
        return
    assert isinstance(target, int)
    if state.loc[target][1] != "field" or state.owner[target] == p:
        return
    da, dt = _stat(state, attacker, "dmg"), _stat(state, target, "dmg")
    state.emit("battle", p, attacker, (target, da, dt))
    if state.options.get("defender_disabled"):
        state.card_state(target).tapped = True
    by_weapon = _weapon_damage(state, attacker, da, dt)
    dmg = max(0, da - dt) if by_weapon is None else by_weapon
    if dmg > 0:
        _deal_battle_damage(state, attacker, 1 - p, dmg, ctx)
    if da > dt and not _ended(state):
        loser = attacker if state.options.get("demote_winner") else target
        if state.loc[loser][1] == "field" and _stat(state, loser, "tier") < 3:
            _demote(state, loser)


def _weapon_damage(state: GameState, attacker: int, da: int, dt: int) -> int | None:
    """:meth:`PhaktionzRules.weapon_damage`."""
    st = state.cs.get(attacker)
    for w in st.attached if st is not None else ():
        spec = _card_static(state, w, "battle_damage")
        if spec is not None:
            return da if da == dt else (dt if spec.get("else") == "defender" else da)
    return None


def _deal_battle_damage(state: GameState, attacker: int, player: int, dmg: int, ctx: dict) -> None:
    """:meth:`PhaktionzRules.deal_battle_damage`."""
    _damage_player(state, player, dmg, ctx)
    _check_decks(state)
    if not _ended(state):
        state.emit("battle_damage", player, attacker, (dmg,))


# ---------------------------------------------------------------------- applying actions
def _apply(state: GameState, action: Action) -> None:
    """What each kind of action does (:meth:`PhaktionzRules.apply`), the most frequent kinds first."""
    kind = action.kind
    if kind == "next":
        _do_next(state)
    elif kind == "place":
        _do_place(state, action)
    elif kind == "battle":
        _do_battle(state, action)
    elif kind == "cast":
        _do_cast(state, action)
    elif kind == "pass":
        _close_window(state, False)
    elif kind == "column":
        _finish_place(state, int(action.args[0]))
    elif kind == "tribute":
        _do_tribute(state, action)
    elif kind == "activate" or kind == "use":
        _do_activate(state, action)
    elif kind == "create":
        card = action.args[0]
        state.move(card, state.active, "hand")
        state.emit("create", state.active, card)
    elif kind == "mull":
        _quiet_move(state, action.args[0], state.current, "aside")
        state.emit("mull", state.current)
    elif kind == "keep":
        _do_keep(state)
    elif kind == "first":
        _do_first(state, action)
    else:
        raise KeyError(kind)


def _do_keep(state: GameState) -> None:
    """PHK-MECH-03: the set-aside cards are shuffled back and as many are drawn."""
    p = state.current
    back = list(state.zones[p]["aside"])
    for c in back:
        _quiet_move(state, c, p, "deck")
    if back:
        state.shuffle(p, "deck")
        _deal(state, p, len(back))
    state.emit("mulligan", p, data=(len(back),))
    rest = state.vars["mull"][1:]
    state.vars["mull"] = rest
    if rest:
        state.current = rest[0]
    else:
        del state.vars["mull"]
        _start_turn(state, state.vars["first_player"])


def _do_next(state: GameState) -> None:
    """``next``: on to the next phase (PHK-TURN-01..05)."""
    nxt = NEXT_PHASE[state.phase]
    if nxt == "end":
        _end_turn(state)
        return
    state.phase = nxt
    state.emit("phase", state.active, data=(nxt,))
    if nxt == "combat":
        state.emit("combat", state.active)


def _do_place(state: GameState, action: Action) -> None:
    """``place``: a Summon goes on the stack, then its tributes and its column are chosen (PHK-MECH-02)."""
    card = action.args[0]
    p = state.active
    rec: Card = card_index(state).cards[card]
    origin = state.loc[card][1]
    state.move(card, p, "stack")
    spec = rec.tribute
    if spec is not None:
        need = _tribute_need(state, spec)
    else:
        tier = rec.tier
        need = tier if tier >= 2 else 0
        if len(action.args) > 1:
            src, idx = _front_discount(state, p, card)  # type: ignore[misc]
            effects.mark_used(state, src, idx, state.defs[src].effects[idx].limit)
            need -= 1
    state.vars["placing"] = (card, need, (), bool(need), origin)
    state.vars["sub"] = "tribute" if need > 0 else "column"
    _after_tribute(state)


def _do_tribute(state: GameState, action: Action) -> None:
    """``tribute``: one Summon demoted toward a placement's need (PHK-MECH-02)."""
    card, need, chosen, tributed, origin = state.vars["placing"]
    t = action.args[0]
    spec = state.defs[card].fields["tribute"]
    cost = 1 if spec is not None else _stat(state, t, "tier")
    _demote(state, t)
    need = need - cost
    if state.options.get("tribute_at_least") and spec is None:
        need = max(0, need)
    state.vars["placing"] = (card, need, (*chosen, t), tributed, origin)
    if need <= 0:
        state.vars["sub"] = "column"
    _after_tribute(state)


def _after_tribute(state: GameState) -> None:
    """Once the tributes are paid: the only free column is taken at once; with none, the Summon goes back."""
    if state.vars.get("sub") != "column":
        return
    free = _free_columns(state, state.active)
    if len(free) == 1:
        _finish_place(state, free[0])
    elif not free:
        card, origin = state.vars.pop("placing")[::4]
        state.vars.pop("sub", None)
        state.move(card, state.active, origin)  # nowhere to go: back where it came from


def _finish_place(state: GameState, col: int) -> None:
    """The placed Summon goes into column ``col``."""
    card, _, _, tributed, origin = state.vars.pop("placing")
    state.vars.pop("sub", None)
    _put_on_field(state, card, state.active, col, tributed, origin == "deck_out")


def _do_cast(state: GameState, action: Action) -> None:
    """``cast``: an Invocation goes on the stack; the opponent may answer it (PHK-INV-01..03)."""
    card = action.args[0]
    p = state.current
    d: CardDef = state.defs[card]
    vars_ = state.vars
    limit = d.fields.get("limit")
    if limit:
        key = f"cast:{p}:{d.key}"
        used = vars_.get(key)
        per_turn, _ = effects.parse_limit(limit)
        if used is None or (per_turn and used[0] != state.turn):
            vars_[key] = (state.turn, 1)
        else:
            vars_[key] = (used[0], used[1] + 1)
    in_window = vars_.get("sub") == "window"
    iki = state.loc[card][1] == "deck_out"
    state.move(card, p, "stack")
    if iki:
        state.card_state(card).status["iki"] = 1
    state.emit("cast", p, card, (d.fields["inv_type"],))
    host = action.args[1] if len(action.args) > 1 else -1
    if in_window:
        _close_window(state, True)
        if state.options.get("responses_chain"):  # PHK-INV-03 second reading: a Counter may answer a Counter
            vars_["answers"] = (*vars_.get("answers", ()), (card, vars_["answering"]))
            _push_front(state, (("window", "invocation", p, card, host), ("inv", card, p, host)))
        else:
            _push_front(state, (("inv", card, p, host),))
    else:
        _push_front(state, (("window", "invocation", p, card, host), ("inv", card, p, host)))


def _do_activate(state: GameState, action: Action) -> None:
    """``activate`` (or ``use`` from the hand): an activated ability, answered like a play (PHK-INV-03)."""
    card, idx = action.args[0], int(action.args[1])
    p = state.current
    eff = state.defs[card].effects[idx]
    effects.mark_used(state, card, idx, eff.limit)
    state.emit("activate", p, card, (idx,))
    if state.vars.get("sub") == "window":
        win = state.vars["win"]
        _close_window(state, True)
        _push_front(state, (("ability", card, idx, p, win[2], win[3]),))
    else:
        _push_front(state, (("window", "ability", p, card, -1), ("ability", card, idx, p, -1, -1)))
    if eff.cost:
        effects.start(state, eff.cost, card, p)


def _do_battle(state: GameState, action: Action) -> None:
    """``battle``: the attacker is tapped and the battle declared; the opponent may answer it (PHK-SUM-04)."""
    attacker, target = action.args
    st = state.card_state(attacker)
    st.tapped = True
    st.counters["battles"] = st.counters.get("battles", 0) + 1
    state.emit("battle_declared", state.active, attacker, (target,))
    _push_front(state, (("window", "battle", state.active, attacker, target), ("battle", attacker, target)))


def _close_window(state: GameState, answered: bool) -> None:
    """The open response window closes (``answered``: by a play, which the answered play then waits for)."""
    vars_ = state.vars
    if answered:
        vars_["answering"] = vars_["win"][2]
    else:
        vars_.pop("answering", None)
    vars_.pop("sub", None)
    vars_.pop("win", None)
    state.current = state.active


# ---------------------------------------------------------------------- the task queue
def _push_front(state: GameState, tasks: tuple) -> None:
    """:meth:`PhaktionzRules.push_front`: ``tasks`` ahead of the queued ones, in order."""
    state.vars["q"] = (*tasks, *state.vars.get("q", ()))


def _proceed(state: GameState) -> None:
    """:meth:`PhaktionzRules.proceed`."""
    while state.result is None:
        if state.pending is not None:
            return
        if state.stack:
            if not effects.run(state):
                _check_decks(state)
                return
            continue
        zones = state.zones
        if not (zones[0]["deck"] and zones[1]["deck"]):
            _check_decks(state)
            if _ended(state):
                return
        vars_ = state.vars
        if "sub" in vars_ or state.phase == "mulligan":
            return
        q = vars_.get("q")
        if not q:
            state.current = state.active
            return
        vars_["q"] = q[1:]
        _run_task(state, q[0])


def _run_task(state: GameState, task: tuple) -> None:
    """One queued task: what each name does (``window``, ``inv``, ``begin``, ``spend``, ``ability``, ``battle``,
    ``order``)."""
    name = task[0]
    if name == "window":
        _task_window(state, task[1], task[2], task[3], task[4])
    elif name == "ability":
        _task_ability(state, task[1], task[2], task[3], task[4], task[5], task[6] if len(task) > 6 else 0)
    elif name == "battle":
        if not _fizzled(state, task[1]):
            _resolve_battle(state, task[1], task[2])
    elif name == "inv":
        _task_inv(state, task[1], task[2], task[3])
    elif name == "spend":
        _spend(state, task[1])
    elif name == "begin":
        _start_turn(state, task[1])
    elif name == "order":
        _task_order(state, task[1], task[2], task[3], task[4], task[5])
    else:
        raise KeyError(name)


def _task_window(state: GameState, kind: str, player: int, card: int, target: int | str) -> None:
    """PHK-INV-03: the opponent may answer a play (a Counter, an In-Hand ability) or pass."""
    r = 1 - player
    win = (kind, player, card, target if isinstance(target, int) else -1)
    if not state.zones[r]["hand"] and not _activate_actions(state, r, win, card_index(state)):
        return  # nothing in hand and no public card able to answer: no window (nothing hidden is revealed)
    vars_ = state.vars
    vars_["win"] = win
    vars_["sub"] = "window"
    state.current = r


def _fizzled(state: GameState, card: int) -> bool:
    """Whether the play of ``card`` was fizzled (PHK-TERM-07); consumes the mark."""
    marks = state.vars.get("fizzled", ())
    if card in marks:
        rest = tuple(m for m in marks if m != card)
        if rest:
            state.vars["fizzled"] = rest
        else:
            del state.vars["fizzled"]
        state.emit("fizzled", state.owner[card], card)
        return True
    return False


def _task_inv(state: GameState, card: int, player: int, host: int) -> None:
    """An Invocation resolves, unless fizzled: a Weapon attaches, a Realm stays, the rest play out (PHK-INV-01..05)."""
    d: CardDef = state.defs[card]
    inv = d.fields["inv_type"]
    answers = state.vars.get("answers")
    if answers:  # option responses_chain: a Counter resolves against the play it answered
        pair = next((a for a in answers if a[0] == card), None)
        if pair is not None:
            rest = tuple(a for a in answers if a is not pair)
            if rest:
                state.vars["answers"] = rest
            else:
                del state.vars["answers"]
            state.vars["answering"] = pair[1]
    if _fizzled(state, card):
        state.vars.pop("answering", None)
        _spend(state, card)
        return
    if inv == "weapon":
        if host >= 0 and state.loc[host][1] == "field":
            _attach(state, card, host)
        else:
            _spend(state, card)
        return
    if inv == "realm":
        state.move(card, player, "realm", reset=False)
        return
    _push_front(state, (("spend", card),))
    for eff in d.effects:
        if eff.kind == "play":
            effects.start(state, eff, card, player)


def _spend(state: GameState, card: int) -> None:
    """A resolved or fizzled Invocation goes to the Deck Out Pile (PHK-INV-01), or to exile if Iki cast it."""
    if state.loc[card][1] == "stack":
        state.move(card, state.owner[card], "exile" if _iki_marked(state, card) else "deck_out")


def _task_ability(state: GameState, card: int, idx: int, player: int, ecard: int, eplayer: int,
                  eamount: int) -> None:
    """An ability resolves, unless fizzled."""
    if _fizzled(state, card):
        return
    eff = state.defs[card].effects[idx]
    effects.start(state, eff, card, player, {
        "event_card": ecard, "event_player": eplayer, "event_amount": eamount,
        "window_card": [ecard] if ecard >= 0 else [], "window_target": [eplayer] if eplayer >= 0 else []})


# ---------------------------------------------------------------------- triggers
def _on_event(state: GameState, ev: Event) -> None:
    """:meth:`PhaktionzRules.on_event`."""
    found: list[tuple[int, int]] = []
    defs = state.defs
    kind = ev.kind
    index = card_index(state)
    listeners = index.listeners.get(kind, _NONE)  # the cards with a trigger on it
    if listeners and (len(listeners) > FEW or any_in_play(state, listeners)):  # (many: the zones are tested below)
        for p in (state.active, 1 - state.active):
            zones = state.zones[p]
            for zname in _IN_PLAY:
                cards = zones[zname]
                if not listeners.isdisjoint(cards):  # (a zone with no listener is not read: tested in C)
                    for card in cards:
                        if card in listeners:
                            _collect(state, index, card, ev, None, found)
    card = ev.card
    if card >= 0 and card in listeners and state.loc[card][1] not in _IN_PLAY:
        _collect(state, index, card, ev, state.loc[card][1], found)
    for card, _, turn in state.vars.get("delayed", ()):
        if turn == state.turn:
            _collect(state, index, card, ev, "delayed", found)
    if not found:
        return
    for card, i in found:
        effects.mark_used(state, card, i, defs[card].effects[i].limit)
    amount = ev.data[0] if ev.data and type(ev.data[0]) is int else 0
    tasks: list[tuple] = []
    groups: list[tuple[int, tuple[tuple[int, int], ...], bool]]
    if len(found) == 1:  # what by_controller gives for one effect
        groups = [(state.owner[found[0][0]], (found[0],), False)]
    else:
        groups = effects.by_controller(state, found)
    for p, mine, to_order in groups:  # the active player's first
        if to_order:
            tasks.append(("order", p, mine, ev.card, ev.player, amount))
        else:
            tasks.extend(_ability_tasks(p, mine, ev.card, ev.player, amount))
    _push_front(state, tuple(tasks))


def _ability_tasks(p: int, abilities: tuple, ecard: int, eplayer: int, amount: int) -> list[tuple]:
    """The queue tasks of triggered abilities, in order: each gets its answer window, then resolves."""
    tasks: list[tuple] = []
    for card, i in abilities:
        tasks.append(("window", "ability", p, card, -1))
        tasks.append(("ability", card, i, p, ecard, eplayer, amount))
    return tasks


def _task_order(state: GameState, p: int, abilities: tuple, ecard: int, eplayer: int, amount: int) -> None:
    """Several different abilities of one player triggered at once: that player picks the one to resolve next
    (``first <card>``); the rest wait for it. A card's own abilities go in printed order."""
    if len({card for card, _ in abilities}) == 1:
        _push_front(state, tuple(_ability_tasks(p, abilities, ecard, eplayer, amount)))
        return
    state.vars["sub"] = "order"
    state.vars["order"] = (p, abilities, ecard, eplayer, amount)
    state.current = p


def _do_first(state: GameState, action: Action) -> None:
    """``first``: the triggered ability to resolve next (:func:`_task_order`)."""
    p, abilities, ecard, eplayer, amount = state.vars.pop("order")
    state.vars.pop("sub")
    card = action.args[0]
    chosen = next(a for a in abilities if a[0] == card)
    rest = tuple(a for a in abilities if a != chosen)
    _push_front(state, (*_ability_tasks(p, (chosen,), ecard, eplayer, amount),
                        *((("order", p, rest, ecard, eplayer, amount),) if rest else ())))


def _collect(state: GameState, index: CardIndex, card: int, ev: Event, zone: str | None, found: list) -> None:
    """The triggered effects of ``card`` (in ``zone``: None in play) that ``ev`` sets off, into ``found``."""
    for i, eff in index.cards[card].triggers.get(ev.kind, ()):
        if eff.zone == zone:
            ctx = {"source": card, "controller": state.owner[card], "event_card": ev.card,
                   "event_player": ev.player}
            if effects.limit_ok(state, card, i, eff.limit) and holds(state, ctx, eff.condition):
                found.append((card, i))


# ---------------------------------------------------------------------- evaluation
def _evaluate(state: GameState, player: int) -> float:
    """:meth:`PhaktionzRules.evaluate` of a game not over."""
    mine, theirs = state.zones[player], state.zones[1 - player]
    index = card_index(state)
    bonus = _field_auras(state) if index.auras else _NO_BONUS  # (no aura in the card list: none in play)
    sides, in_hand = index.side, index.in_hand
    my_side, their_side = (_sides(state, mine["field"], bonus, sides),
                           _sides(state, theirs["field"], bonus, sides))
    now = state.phase in ("main", "combat")
    me_now, they_now = now and state.active == player, now and state.active != player
    my_deck, their_deck = len(mine["deck"]), len(theirs["deck"])
    deck = my_deck - their_deck + (0.5 if state.active == player else -0.5)
    threat, their_threat, board, their_board = field_worth(tuple(my_side), tuple(their_side), me_now, they_now)
    score = (deck + threat - their_threat + board - their_board + _hand(mine, my_side, in_hand)
             - _hand(theirs, their_side, in_hand))
    low = (my_deck if my_deck < their_deck else their_deck) + 1
    x = score / (SCALE + low / 3)
    return 0.99 * x / (1 + abs(x))  # no clamp: far ahead or behind, moves still differ


def _field_auras(state: GameState) -> dict[int, int]:
    """:meth:`PhaktionzRules.field_auras`."""
    out: dict[int, int] = {}
    if not any_in_play(state, card_index(state).auras):
        return out
    cards, zones = card_index(state).cards, state.zones
    field: list[int] | None = None
    for p in (0, 1):
        for zname in _IN_PLAY:
            for src in zones[p][zname]:
                for aura in cards[src].aura:
                    if field is None:
                        field = zones[0]["field"] + zones[1]["field"]
                    _aura_to_field(state, src, aura, field, out)
    return out


def _aura_to_field(state: GameState, src: int, aura: dict, field: list[int], out: dict[int, int]) -> None:
    """Add one aura's DMG to the Summons of ``field`` it reaches (as :func:`_aura` decides card by card)."""
    to = aura["to"]
    owner = state.owner
    ctx = {"source": src, "controller": owner[src]}
    if to == "self":
        targets = [c for c in field if c == src]
    elif to == "you.field":
        targets = [c for c in field if owner[c] == owner[src]]
    else:
        chosen = conditions.select(state, ctx, to)
        targets = [c for c in field if c in chosen]
    if not targets or not holds(state, ctx, aura.get("condition")):
        return
    by = conditions.amount(state, ctx, aura["by"])
    for c in targets:
        out[c] = out.get(c, 0) + by


def _sides(state: GameState, field: list[int], bonus: dict[int, int], sides: tuple[tuple, ...]) -> list[Side]:
    """:meth:`PhaktionzRules._sides`."""
    if not field:
        return []
    cs, turn = state.cs, state.turn
    cards: tuple[Card, ...] | None = None
    out = []
    for c in field:
        value, tech, tier, guard = sides[c]
        st = cs.get(c)
        col, sword, keep, lasting = 0, False, 1.0, 0
        if st is not None:
            status = st.status
            if status:
                if status.get("dmg_set_turn") == turn:
                    value = status["dmg_set"]
                if status.get("plague"):
                    keep = PLAGUED
                if status.get("swapped") == turn:
                    tech = not tech
            for stat, delta, until in st.mods:
                if stat == "dmg":
                    value += delta
                    if until == "turn":
                        lasting -= delta
            col = st.counters.get("col", 0)
            if st.attached:
                if cards is None:
                    cards = card_index(state).cards
                sword = any("battle_damage" in cards[w].static_keys for w in st.attached)
        if bonus:
            value += bonus.get(c, 0)
        dmg = value if value > 0 else 0
        later = dmg + lasting
        out.append((dmg, later if later > 0 else 0, col, tech, tier, guard, sword, keep))
    return out


def _hand(zones: dict[str, list[int]], side: list[Side], in_hand: tuple[tuple[int, bool], ...]) -> float:
    """:meth:`PhaktionzRules._hand`."""
    return hand_worth(tuple(map(in_hand.__getitem__, zones["hand"])), len(zones["aside"]), sum(map(_TIER, side)))


def _ended(state: GameState) -> bool:
    """Whether the game is over, read anew after a call that may end it (the compiled build trusts a check made before
    the call: ``state.result`` is None in the body of a loop run while it is)."""
    return state.result is not None


def cost_ok(state: GameState, ctx: dict, cost: tuple) -> bool:
    """``effects.can_pay`` with the names a cost's ``choose`` steps would bind filled in with candidates."""
    if not cost:
        return True
    sim = dict(ctx)
    for step in cost:
        if step.verb == "choose":  # (the compiled selection and amount: the core's answers, read faster)
            n = conditions.amount(state, sim, step.params.get("count", 1))
            sim[step.params.get("name", "chosen")] = conditions.select(state, sim, step.params["from"])[:n]
    return effects.can_pay(state, sim, cost)


def _reachable(tiers: list[int]) -> int:
    """Bit n is set when some subset of ``tiers`` sums to n."""
    bits = 1
    for t in tiers:
        bits |= bits << t
    return bits


def check_deck(main: list[CardDef], cp: list[CardDef], fmt: str, groups: dict[str, str]) -> list[Violation]:
    """Every deck rule broken by a main deck and Creation Pile in a format (standard or synthesis)."""
    out: list[Violation] = []
    n = len(main)
    if fmt == "standard":
        if n != 50:
            out.append(Violation("PHK-STD-02", f"the deck holds {n} cards; a Standard deck holds exactly 50"))
    elif fmt == "synthesis":
        if not 50 <= n <= 75:
            out.append(Violation("PHK-SYN-01", f"the deck holds {n} cards; a Synthesis deck holds 50 to 75"))
    else:
        return [Violation("PHK-STD-01", f"unknown format {fmt!r}; formats: standard, synthesis")]
    counts = Counter(d.key for d in (*main, *cp))
    names = {d.key: d for d in (*main, *cp)}
    for key, k in sorted(counts.items()):
        if k > names[key].fields.get("copies", 4):
            out.append(Violation("PHK-FMT-01", f"{k} copies of {names[key].name}; at most "
                                               f"{names[key].fields.get('copies', 4)}"))
    out.extend(_cp_violations(main, cp))
    summons = [d for d in (*main, *cp) if d.type == SUMMON]
    factions = sorted({d.fields["faction"] for d in summons})
    if fmt == "standard" and len(factions) > 1:
        out.append(Violation("PHK-STD-03", f"Summons of {len(factions)} factions ({', '.join(factions)}); "
                                           "a Standard deck's Summons belong to one faction"))
    if fmt == "synthesis":
        out.extend(_synthesis_violations(summons, factions, groups))
    return out


def _cp_violations(main: list[CardDef], cp: list[CardDef]) -> list[Violation]:
    out = []
    if len(cp) > 10:
        out.append(Violation("PHK-CP-03", f"the Creation Pile holds {len(cp)} cards; at most 10"))
    for d in sorted({d.name for d in cp if not d.fields.get("cp")}):
        out.append(Violation("PHK-CP-05", f"{d} is not a CP card and cannot go in the Creation Pile"))
    for d in sorted({d.name for d in main if d.fields.get("cp")}):
        out.append(Violation("PHK-CP-03", f"{d} is a CP card: it goes in the Creation Pile, not the deck"))
    return out


def _synthesis_violations(summons: list[CardDef], factions: list[str], groups: dict[str, str]) -> list[Violation]:
    out = []
    tiers = sorted({d.stats["tier"] for d in summons})
    have = {(d.fields["faction"], d.stats["tier"]) for d in summons}
    for f in factions:
        missing = [t for t in tiers if (f, t) not in have]
        if missing and len(factions) > 1:
            out.append(Violation("PHK-SYN-03", f"{f} has no Summon of Tier {', '.join(map(str, missing))}; each "
                                               "faction needs a Summon in each Tier being played"))
    used = {groups.get(f) for f in factions}
    if "unknowns" in used and "modernas" in used:
        out.append(Violation("PHK-SYN-05", "Unknowns and Modernas factions may not be combined"))
    return out
