"""The interface every game implements, and what the core does for all of them.

A game is a package exposing a :class:`Ruleset` instance, registered under the ``tcgkit.games`` entry-point group
(see :mod:`tcgkit.games`). The ruleset is stateless: all state lives in :class:`~tcgkit.core.state.GameState`. It
provides

- its zones and their visibility (``ZONES``), its card schema (``card_model`` + ``make_card``), its card files and
  shipped decks (``data_dir``), its deck rules (``validate_deck``);
- setup (``setup``), the legal actions at each decision (``legal_actions``), what an action does (``apply``),
  the win checks, and what each effect verb means in this game (``handlers`` and the ``damage_card``-style methods);
- an evaluation of a position for bots (``evaluate``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel

from tcgkit.core import effects, render
from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, CardPool, Effect, load_card_file
from tcgkit.core.checks import effect_problems
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.errors import CardDataError, DeckFileError, TcgkitError
from tcgkit.core.folders import designer_folders, folder_files
from tcgkit.core.state import PUBLIC, Event, GameState
from tcgkit.core.words import Words


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # see tcgkit.core.compiled
class Ruleset:
    """Base class of a game's rules. Subclasses set the class attributes and override the hooks they need.

    The hooks a game must write are in :attr:`REQUIRED_HOOKS` (the base raises ``NotImplementedError``); every
    other hook (:attr:`OPTIONAL_HOOKS`) has a working default. Each hook's docstring starts "Required hook" or
    "Optional hook". ``docs/developing.md`` ("Adding a game") walks through a game built from the template in
    ``tests/engine/toy``.
    """

    #: The hooks every game implements.
    REQUIRED_HOOKS: ClassVar[tuple[str, ...]] = (
        "make_card", "setup", "legal_actions", "apply", "after_effects", "resume",
    )
    #: The hooks a game may override; each has a default that works for a simple game.
    OPTIONAL_HOOKS: ClassVar[tuple[str, ...]] = (
        "game_handlers", "card_files", "deck_files", "validate_deck", "deck_problems_in", "new_game", "is_pass",
        "explain_illegal", "on_event", "fire_triggers", "trigger_zones", "trigger_bindings", "use_limit",
        "start_triggered", "trigger_applies", "stat", "draw",
        "discard", "destroy", "damage_player", "damage_card", "heal_player", "heal_card", "add_status", "gain",
        "attach", "effect_win", "can_pay_step", "observe_extra", "evaluate", "describe", "check_effect", "index_pool",
        "position_problems", "turn_resources", "has_keyword", "surely_has_choice", "heard_kinds",
    )

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    playable: ClassVar[bool] = True
    #: a designer's card played from its text (``effects: from_text``) with phrases its grammar cannot read is
    #: reported by :meth:`problems` (``fields["unread"]`` holds each in words: the phrase, the card, the file).
    REPORT_UNREAD: ClassVar[bool] = False
    #: zone name -> visibility (PUBLIC, OWNER, HIDDEN); the same zones exist for every player.
    ZONES: ClassVar[Mapping[str, int]] = {"deck": 2, "hand": 1, "discard": PUBLIC}
    #: named groups of zones for selectors (``you.field`` -> several zones).
    ZONE_GROUPS: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: zones whose cards' triggered and static effects are active.
    PLAY_ZONES: ClassVar[tuple[str, ...]] = ()
    #: whether the card an event is about may answer it from out of ``PLAY_ZONES`` ("when this card is lost"): its
    #: triggered effects are asked through ``trigger_applies`` like those in play.
    OWN_CARD_TRIGGERS: ClassVar[bool] = False
    #: zones whose hidden cards may stand for one another when a search bot samples hidden information (a deck and
    #: the hand it is drawn into); every hidden zone not listed is a pool of its own. Empty: (DECK_ZONE, HAND_ZONE).
    HIDDEN_POOLS: ClassVar[tuple[tuple[str, ...], ...]] = ()
    #: event kind -> where its ``data`` holds card ids (positions, or a slice for "from here on"); a viewer who
    #: cannot see such a card now is shown -1 there (``GameState.event_for``).
    EVENT_CARD_DATA: ClassVar[Mapping[str, tuple[int, ...] | slice]] = {}
    DECK_ZONE: ClassVar[str] = "deck"
    HAND_ZONE: ClassVar[str] = "hand"
    DISCARD_ZONE: ClassVar[str] = "discard"
    TOKEN_ZONE: ClassVar[str] = "field"
    #: the deck sections whose cards are played, in this order (None: every section of the deck file). The others
    #: are checked with the deck and left out of the game (TGOD's Armory, TGC's chosen subtypes).
    PLAYED_SECTIONS: ClassVar[tuple[str, ...] | None] = None
    #: what a zone may hold, for checking positions placed by hand (``position_problems``): zone -> (the most cards
    #: one player may have there or None, the card types allowed there or () for any).
    ZONE_RULES: ClassVar[Mapping[str, tuple[int | None, tuple[str, ...]]]] = {}
    #: deck formats (the first is the default) and game options with their defaults.
    FORMATS: ClassVar[tuple[str, ...]] = ("standard",)
    OPTIONS: ClassVar[Mapping[str, Any]] = {}
    card_model: ClassVar[type[BaseModel]]
    #: the folder holding ``cards/*.yaml`` and ``decks/*.yaml``.
    data_dir: ClassVar[Path]
    #: how this game speaks to people (a :class:`~tcgkit.core.words.Words` subclass, in the game's ``words.py``).
    WORDS: ClassVar[type[Words]] = Words
    #: the kinds of action that give a decision away (pass, end the turn or phase, decline, keep the hand), for bots:
    #: the core's own answers ("no" to a may, "done" choosing) and the game's words (:meth:`is_pass`).
    PASS_KINDS: ClassVar[frozenset[str]] = frozenset({"no", "done"})
    #: the module of the game's card-text grammar whose ``WORDS`` name its triggers and zones for
    #: :meth:`explain_card` (e.g. ``"tcgkit.games.tgod.grammar"``); imported only when a card is explained, so playing
    #: a game never loads the text parser.
    PHRASES_MODULE: ClassVar[str | None] = None
    #: extra verbs of this game's effect language: name -> {"params": (...), "required": (...)}.
    EXTRA_VERBS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    # ------------------------------------------------------------------ cards and decks
    @cached_property
    def verbs(self) -> dict[str, Any]:
        """The whole vocabulary this game's card files may use."""
        merged = {k: dict(v) for k, v in effects.VERBS.items()}
        for k, v in self.EXTRA_VERBS.items():
            if k in merged and merged[k].get("params") is not None:
                merged[k]["params"] = tuple(dict.fromkeys((*(merged[k]["params"] or ()), *v.get("params", ()))))
            else:
                merged[k] = dict(v)
        return merged

    @cached_property
    def words(self) -> Words:
        """The game's words for people: cards, zones, numbers, actions, choices, events and refusals."""
        return self.WORDS(self)

    @cached_property
    def handlers(self) -> dict[str, effects.Handler]:
        """Verb -> handler: the core's, overridden or extended by ``game_handlers``."""
        return {**effects.CORE_HANDLERS, **self.game_handlers()}

    def game_handlers(self) -> dict[str, effects.Handler]:
        """Optional hook: extra verbs, or another meaning for a core verb: verb -> handler."""
        return {}

    def make_card(self, model: Any, card_effects: tuple[Effect, ...]) -> CardDef:
        """Required hook: Turn a validated card entry into a :class:`CardDef`."""
        raise NotImplementedError

    def card_files(self) -> list[Path]:
        """Optional hook: the game's card files (default: ``data_dir/cards/*.yaml``)."""
        return sorted((self.data_dir / "cards").glob("*.yaml"))

    def pool(self) -> CardPool:
        """Every card of the game: the package's, then those of the designer folders (loaded once per process and
        folder set). A designer's card with a shipped card's name replaces it; a designer's broken file is skipped
        and reported in :attr:`load_problems`."""
        folders = designer_folders(self.id)
        cached = _POOLS.get((self.id, folders))
        if cached is None:
            cached = _POOLS[(self.id, folders)] = self._load_pool(folders)
        pool, kinds, problems = cached
        self.__dict__["trigger_kinds"] = kinds
        self.__dict__["heard"] = self.heard_kinds(kinds)
        self.__dict__["load_problems"] = problems
        return pool

    def _load_pool(self, folders: tuple[Path, ...]) -> tuple[CardPool, frozenset[str], tuple[str, ...]]:
        cards: dict[str, CardDef] = {}
        for path in self.card_files():
            for card in load_card_file(path, self.card_model, self.make_card, self.verbs, self.check_effect,
                                       getattr(self, "prepare_card", None)):
                cards[card.key] = card
        problems: list[str] = []
        for folder in folders:
            for path in folder_files(folder)[0]:
                try:
                    loaded = load_card_file(path, self.card_model, self.make_card, self.verbs, self.check_effect,
                                                getattr(self, "prepare_card", None))
                except CardDataError as exc:
                    problems.append(f"{exc} (file skipped)")
                    continue
                for card in loaded:
                    same = [k for k, c in cards.items() if k == card.key or c.name.lower() == card.name.lower()]
                    for k in same:
                        problems.append(f"{path}: card {card.name} replaces the shipped card {cards.pop(k).name}")
                    cards[card.key] = card
                    if self.REPORT_UNREAD:
                        problems.extend(f"{u} (the card plays only what was read)"
                                        for u in card.fields.get("unread") or ())
        pool = self.index_pool(CardPool(cards.values()))
        kinds = frozenset(e.trigger for c in pool for e in c.effects if e.kind == "triggered" and e.trigger)
        return pool, kinds, tuple(problems)

    def explain_card(self, key_or_name: str) -> list[str]:
        """How the engine reads a card, step by step in words (``tcgkit cards GAME --explain NAME``); a game adds
        its own fields (keywords...). With a :attr:`PHRASES_MODULE`, each phrase of the text read or left unread."""
        from tcgkit.core.cardtext import explain_effect

        card = self.pool().get(key_or_name)
        if self.PHRASES_MODULE is not None:
            from tcgkit.core.fromtext import explain_card

            return explain_card(card, importlib.import_module(self.PHRASES_MODULE).WORDS)
        lines = [f"{card.name} ({card.type})", f"text: {card.text}" if card.text else "no rules text"]
        for eff in card.effects:
            lines.extend(explain_effect(eff))
        return lines

    def check_effect(self, effect: Effect, path: str) -> list[tuple[str, str]]:
        """Optional hook: what is wrong in one effect of a card file beyond its verbs (zones, filters, amounts,
        conditions, hooks); a game may add its own checks."""
        return effect_problems(effect, self, path)

    def index_pool(self, pool: CardPool) -> CardPool:
        """Optional hook: a game may wrap its card pool (e.g. with a faster index); the default keeps it as it is."""
        return pool

    @cached_property
    def trigger_kinds(self) -> frozenset[str]:
        """The event kinds some card of the pool triggers on (events of other kinds skip the trigger scan)."""
        self.pool()
        return self.__dict__["trigger_kinds"]

    @cached_property
    def heard(self) -> frozenset[str] | None:
        """The event kinds :meth:`on_event` is called for (None: every kind), from :meth:`heard_kinds` and this pool's
        :attr:`trigger_kinds`; the core logs every event and passes on only these."""
        self.pool()
        return self.__dict__["heard"]

    def heard_kinds(self, trigger_kinds: frozenset[str]) -> frozenset[str] | None:
        """Optional hook: the event kinds :meth:`on_event` must see, given the kinds some card of the pool triggers on
        (``trigger_kinds``); None: every event. The core calls ``on_event`` for these kinds only (events dispatched
        by kind): most events (moves, payments, damage) answer no card, and a call that does nothing costs a decision
        as much as a small rule. The default: ``trigger_kinds`` when the game keeps the default :meth:`on_event`
        (which fires triggers and nothing else), every event when it has its own. A game with its own ``on_event``
        narrows it to what that method acts on.

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("guardian-realms")
        >>> rules.heard == rules.trigger_kinds  # its on_event only fires triggers
        True
        >>> get_rules("perfect-tcg").heard is None  # its on_event keeps counts at every move
        True
        """
        return trigger_kinds if type(self).on_event is Ruleset.on_event else None

    @cached_property
    def load_problems(self) -> tuple[str, ...]:
        """What went wrong loading the designer folders' card files (each file skipped), and shipped cards that a
        designer's card replaced; empty when all is well."""
        self.pool()
        return self.__dict__["load_problems"]

    def deck_files(self) -> list[Path]:
        """Optional hook: the shipped deck files, then the designer folders' ones."""
        return [*sorted((self.data_dir / "decks").glob("*.yaml")),
                *(p for folder in designer_folders(self.id) for p in folder_files(folder)[1])]

    def decks(self) -> dict[str, Deck]:
        """The shipped and designer decks, by name (a designer's broken deck file is skipped and reported by
        :meth:`problems`)."""
        out = {}
        problems = []
        shipped = self.data_dir / "decks"
        for path in self.deck_files():
            try:
                deck = self._load_deck(path)
            except DeckFileError as exc:
                if path.parent == shipped:
                    raise
                problems.append(f"{exc} (file skipped)")
                continue
            if deck.game != self.id and path.parent != shipped:
                continue
            out[deck.name] = deck
        self._deck_problems = tuple(problems)
        return out

    _deck_problems: tuple[str, ...] = ()

    @cached_property
    def _read_decks(self) -> dict[Path, tuple[tuple[int, int], Deck]]:
        return {}  # path -> ((modification time, size), the deck read from it)

    def _load_deck(self, path: Path) -> Deck:
        """``Deck.load(path)``, read again only when the file changed: naming decks (``new_game(["Knight Order",
        ...])``) would otherwise parse every deck file at every game, more than a whole random game's work."""
        try:
            st = path.stat()
        except OSError:
            return Deck.load(path)  # says what is wrong with the path
        stamp = (st.st_mtime_ns, st.st_size)
        kept = self._read_decks.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        deck = Deck.load(path)
        self._read_decks[path] = (stamp, deck)
        return deck

    def problems(self) -> list[str]:
        """Everything the designer folders' files got wrong (each bad file skipped), and shipped cards replaced."""
        self.pool()  # the problems of the folders read now, not of the last pool built
        self.decks()
        return [*self.load_problems, *self._deck_problems]

    def deck(self, name_or_path: str) -> Deck:
        """A shipped deck by name (case-insensitive) or a deck file by path."""
        for name, deck in self.decks().items():
            if name.lower() == name_or_path.lower() or Path(name_or_path).stem.lower() == name.lower():
                return deck
        path = Path(name_or_path)
        if path.exists():
            deck = Deck.load(path)
            if deck.game != self.id:
                raise DeckFileError(f"{path}: a deck of {deck.game!r}, not of {self.id!r}")
            return deck
        known = ", ".join(self.decks()) or "none"
        raise DeckFileError(f"no deck {name_or_path!r} for {self.id} (shipped decks: {known}; or give a file path)")

    def validate_deck(self, deck: Deck, format: str | None = None) -> list[Violation]:
        """Optional hook: Every rule the deck breaks (empty: the deck is legal). Unknown cards are reported by the
        core."""
        return self.unknown_cards(deck)

    def deck_problems(self, deck: Deck, format: str | None = None) -> tuple[Violation, ...]:
        """``validate_deck``, remembered per deck: a batch of games checks the same few decks again and again."""
        key = (self, designer_folders(self.id), format, deck.game, deck.name, deck.format,
               tuple(deck.sections.items()))
        try:
            got = _DECK_PROBLEMS.get(key)
        except TypeError:  # sections given as lists: not hashable, not remembered
            return tuple(self.validate_deck(deck, format))
        if got is None:
            if len(_DECK_PROBLEMS) > 1024:
                _DECK_PROBLEMS.clear()
            got = _DECK_PROBLEMS[key] = tuple(self.validate_deck(deck, format))
        return got

    def deck_problems_in(self, deck: Deck, options: Mapping[str, Any]) -> Sequence[Violation]:
        """Optional hook: the deck's problems in a game played with ``options`` (by default those of the options'
        ``format``; a game whose deck rules depend on other options overrides this)."""
        return self.deck_problems(deck, options.get("format"))

    def check_deck(self, deck: Deck, options: Mapping[str, Any] | None = None, player: int | None = None) -> None:
        """Raise :class:`DeckFileError` when ``deck`` is not legal in a game with ``options`` (the game's defaults
        when None): the first problem, its clause and how many more. Every game and tool checks decks here.

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("tgod")
        >>> rules.check_deck(rules.deck("Guardian Wall"))
        >>> from dataclasses import replace
        >>> try:
        ...     rules.check_deck(replace(rules.deck("Guardian Wall"), sections={"main": ("Nobody",)}), player=1)
        ... except DeckFileError as exc:
        ...     print(exc)
        deck 'Guardian Wall' of player 1 is not legal: main: no card named 'Nobody' in tgod (card-pool)
        """
        bad = self.deck_problems_in(deck, {**self.OPTIONS, **(options or {})})
        if bad:
            first = bad[0]
            whose = "" if player is None else f" of player {player}"
            raise DeckFileError(f"deck {deck.name!r}{whose} is not legal: {first.message} ({first.clause})"
                                + (f" and {len(bad) - 1} more" if len(bad) > 1 else ""))

    def unknown_cards(self, deck: Deck) -> list[Violation]:
        pool = self.pool()
        out = []
        for section, names in deck.sections.items():
            for name in sorted(set(names)):
                if name not in pool:
                    out.append(Violation("card-pool", f"{section}: no card named {name!r} in {self.id}"))
        return out

    # ------------------------------------------------------------------ setting up
    def new_game(self, decks: Sequence[Deck | str], seed: int = 0, options: Mapping[str, Any] | None = None,
                 check_decks: bool = True) -> GameState:
        """Optional hook: Start a game: each deck checked whole, instances for every card of the sections played
        (``PLAYED_SECTIONS``), the game's setup, then run to the first decision.

        Raises :class:`DeckFileError` when a deck is illegal (unless ``check_decks`` is False).
        """
        resolved = [self.deck(d) if isinstance(d, str) else d for d in decks]
        opts = {**self.OPTIONS, **(options or {})}
        if check_decks:
            for i, deck in enumerate(resolved):
                self.check_deck(deck, opts, i)
        defs: list[CardDef] = []
        owner: list[int] = []
        sections: list[dict[str, list[int]]] = []
        for p, deck in enumerate(resolved):
            by_section: dict[str, list[int]] = {}
            for section, cards in self.deck_cards(deck):
                base = len(defs)
                defs.extend(cards)
                by_section[section] = list(range(base, len(defs)))
            owner.extend([p] * (len(defs) - len(owner)))
            sections.append(by_section)
        state = GameState(self, defs, owner, seed, opts, players=len(resolved))
        state.deck_names = tuple(d.name for d in resolved)
        self.setup(state, sections)
        return state

    def deck_cards(self, deck: Deck) -> tuple[tuple[str, tuple[CardDef, ...]], ...]:
        """The cards of each section of ``deck`` that is played (``PLAYED_SECTIONS``), in deck order, looked up in
        the pool once per deck and pool (a batch of games plays the same few decks again and again).

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("tgod")
        >>> [(section, len(cards)) for section, cards in rules.deck_cards(rules.deck("Guardian Wall"))]
        [('main', 30)]
        """
        pool = self.pool()
        played = self.PLAYED_SECTIONS
        items = tuple(deck.sections.items()) if played is None else tuple((s, deck.section(s)) for s in played)
        key = (pool, items)
        remember = True
        try:
            got = _DECK_CARDS.get(key)
        except TypeError:  # sections given as lists: not hashable, not remembered
            remember, got = False, None
        if got is None:
            out = []
            for section, names in items:
                cards = []
                for n in names:
                    try:
                        cards.append(pool.get(n))
                    except KeyError:
                        raise DeckFileError(f"deck {deck.name!r}: no card named {n!r} in {self.id}") from None
                out.append((section, tuple(cards)))
            got = tuple(out)
            if remember:
                if len(_DECK_CARDS) > 256:
                    _DECK_CARDS.clear()
                _DECK_CARDS[key] = got
        return got

    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
        """Required hook: Place the cards (``sections[player][section] = ids``), deal, and run to the first decision."""
        raise NotImplementedError

    def resume(self, state: GameState) -> None:
        """Required hook: After a scenario set up a position: compute the decision point from ``state.phase`` and
        ``state.vars``."""
        raise NotImplementedError

    def position_problems(self, state: GameState) -> list[str]:
        """Optional hook: why a position a scenario placed by hand could not arise in a game (empty: it could). Called
        before ``resume``. The default checks ``ZONE_RULES`` (how many cards, of which types) and attachments (an
        attached card's host is in one of ``PLAY_ZONES`` and lists it); games may add more."""
        out = []
        for zone, (most, types) in self.ZONE_RULES.items():
            for p, zones in enumerate(state.zones):
                cards = zones.get(zone, ())
                if most is not None and len(cards) > most:
                    out.append(f"player {p}'s {zone} holds {len(cards)} cards; it holds at most {most}")
                out.extend(f"{state.defs[c].name} ({state.defs[c].type}) is in {zone}, which holds only "
                           f"{' or '.join(types)} cards" for c in cards if types and state.defs[c].type not in types)
        for card, st in state.cs.items():
            host = st.host
            if host >= 0:
                hs = state.cs.get(host)
                if state.loc[host][1] not in self.PLAY_ZONES:
                    out.append(f"{state.defs[card].name} is attached to {state.defs[host].name}, which is in "
                               f"{state.loc[host][1]}, not in play")
                elif hs is None or card not in hs.attached:
                    out.append(f"{state.defs[card].name} is attached to {state.defs[host].name} without being listed "
                               "on it")
        return out

    def turn_resources(self, state: GameState, player: int) -> dict[str, int]:
        """Optional hook: the resources a player has at ``state.turn`` when nothing was spent: what a scenario's
        position gets for each resource it does not state. The default: none (the game's ``resume`` fills in the
        rest)."""
        return {}

    @staticmethod
    def own_turns(state: GameState, player: int) -> int:
        """How many turns ``player`` has had by ``state.turn`` (the current one included), from
        ``state.vars["first_player"]`` (0 when unset).

        >>> from types import SimpleNamespace as NS
        >>> [Ruleset.own_turns(NS(turn=5, vars={"first_player": 1}), p) for p in (0, 1)]
        [2, 3]
        """
        first = state.vars.get("first_player", 0)
        return (state.turn + 1) // 2 if player == first else state.turn // 2

    def has_keyword(self, state: GameState, card: int, keyword: str) -> bool:
        """Optional hook: whether a card has a keyword now, printed or granted. The default: a printed tag, or a status
        of that name (case-insensitive); games with granted keywords say more."""
        kw = keyword.lower()
        if any(t.lower() == kw for t in state.defs[card].tags):
            return True
        st = state.cs.get(card)
        return st is not None and any(k.lower() == kw and v for k, v in st.status.items())

    # ------------------------------------------------------------------ playing
    def legal_actions(self, state: GameState) -> list[Action]:
        """Required hook: the actions ``state.current`` may take now, when no effect's choice is pending (the core
        answers those). The order is the game's own and stays the same for the same state (replays rely on it)."""
        raise NotImplementedError

    def apply(self, state: GameState, action: Action) -> None:
        """Required hook: play one of :meth:`legal_actions` and run the game on to the next decision (or its end):
        set ``state.current`` (and ``state.phase``) for it."""
        raise NotImplementedError

    def surely_has_choice(self, state: GameState) -> bool:
        """Optional hook: True only when ``state.current`` surely has two or more legal actions and one of them passes
        (:meth:`is_pass`), told at a glance (no effect's choice pending, the game not over); False when the quick
        look cannot tell. It must never be True where :meth:`legal_actions` would not list a pass and something
        else. Bots ask it after each action they try, to skip listing the legal actions of the many positions that
        plainly hold a free choice: such a position is neither a forced move (:meth:`GameState.forced_action`) nor
        a half-made action to complete. The default, False, always lists them.
        """
        return False

    def is_pass(self, action: Action) -> bool:
        """Optional hook: Whether ``action`` gives the decision away rather than doing something (``PASS_KINDS``), so
        that bots
        need not know each game's words for passing.

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("tgc")
        >>> rules.is_pass(Action("pass_phase")), rules.is_pass(Action("no")), rules.is_pass(Action("attack", (3,)))
        (True, True, False)
        """
        return action.kind in self.PASS_KINDS

    def explain_illegal(self, state: GameState, action: Action) -> str:
        """Optional hook: Why an action is not among the legal ones (games may say more)."""
        return "that is not one of the moves open to you now"

    def after_effects(self, state: GameState) -> None:
        """Required hook: Called when the resolution stack empties after a pending choice was answered: continue the
        turn."""
        raise NotImplementedError

    def on_event(self, state: GameState, ev: Event) -> None:
        """Optional hook: Every logged event of a kind :meth:`heard_kinds` names passes here; the default fires
        matching triggered effects of cards in play."""
        if ev.kind in self.trigger_kinds:
            self.fire_triggers(state, ev)

    def fire_triggers(self, state: GameState, ev: Event) -> None:
        """Optional hook: Start every triggered effect listening to ``ev.kind`` (each card's ``triggers`` index) on a
        card in the player's :meth:`trigger_zones` (``PLAY_ZONES``), and, where the game says so
        (``OWN_CARD_TRIGGERS``), on the event's own card out of play ("when this card is lost").

        Each effect that :meth:`trigger_applies` has its use counted (:meth:`use_limit`). The turn player's resolve
        first. When one event triggers several different effects of one player, that player orders them: a decision
        (:func:`~tcgkit.core.effects.start_in_order`). Copies of one card's effect need no order.
        """
        effects.fire_triggers(self, state, ev)

    def trigger_zones(self, state: GameState, player: int) -> tuple[str, ...]:
        """Optional hook: the zones of ``player`` whose cards' triggered effects listen now (default
        ``PLAY_ZONES``; a game that counts its triggered effects in play may answer () when there are none)."""
        return self.PLAY_ZONES

    def trigger_bindings(self, ev: Event) -> dict[str, Any]:
        """Optional hook: what a triggered effect knows of its event (default :func:`event_bindings`); a game may
        add names of its own."""
        return event_bindings(ev)

    def use_limit(self, state: GameState, card: int, index: int, eff: Effect) -> None:
        """Optional hook: count one use of ``card``'s effect ``index`` against its use limit (default
        :func:`~tcgkit.core.effects.mark_used`); a game whose "once per turn" counts otherwise overrides it."""
        effects.mark_used(state, card, index, eff.limit)

    def start_triggered(self, state: GameState, card: int, index: int, controller: int,
                        bindings: dict[str, Any]) -> None:
        """Optional hook: Put one triggered effect (``card``'s effect ``index``) on the resolution stack; a game may
        wrap it."""
        effects.start(state, state.defs[card].effects[index], card, controller, bindings)

    def trigger_applies(self, state: GameState, card: int, index: int, eff: Effect, ev: Event) -> bool:
        """Optional hook: whether ``card``'s triggered effect ``index`` answers ``ev``: its event filters
        (:func:`event_filters_pass`), its use limit and its condition. A game may add its own tests."""
        controller = state.owner[card]
        if eff.params and not event_filters_pass(eff.params, card, controller, ev):
            return False
        if eff.limit and not effects.limit_ok(state, card, index, eff.limit):
            return False
        if eff.condition is None:
            return True
        ctx = {"source": card, "controller": controller, **event_bindings(ev)}
        return effects.check(state, ctx, eff.condition)

    # ------------------------------------------------------------------ what verbs mean here
    def known_hidden(self, state: GameState, viewer: int) -> frozenset[int]:
        """Cards ``viewer`` cannot see but knows the identity and place of (determinization leaves them be).

        Default: none. TGC's mulligan: the cards a player has set aside under their own deck.
        """
        return frozenset()

    def hidden_pool_of(self) -> dict[str, str]:
        """Zone -> the name of its hidden-card pool (see ``HIDDEN_POOLS``)."""
        pools = self.HIDDEN_POOLS or ((self.DECK_ZONE, self.HAND_ZONE),)
        return {zone: group[0] for group in pools for zone in group}

    def zone_group(self, zone: str) -> tuple[str, ...]:
        return self.ZONE_GROUPS.get(zone, (zone,))

    def stat(self, state: GameState, card: int, name: str) -> int:
        """Optional hook: A card's current number: printed value plus its modifiers."""
        value = state.defs[card].stats.get(name, 0)
        st = state.cs.get(card)
        if st is not None and st.mods:
            for stat, delta, _ in st.mods:
                if stat == name:
                    value += delta
        return value

    def draw(self, state: GameState, player: int) -> int:
        """Optional hook: draw the top card of ``player``'s deck into their hand; the card id, or -1 when the deck is
        empty."""
        return state.move_top(player, self.DECK_ZONE, self.HAND_ZONE)

    def discard(self, state: GameState, card: int) -> None:
        """Optional hook: put a card into its owner's discard pile."""
        state.move(card, state.owner[card], self.DISCARD_ZONE)

    def destroy(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        """Optional hook: destroy a card (default: discard it)."""
        self.discard(state, card)

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """Optional hook: what the ``damage`` verb does to a player (default: an error: players cannot be damaged)."""
        raise TcgkitError(f"{self.id}: players cannot be damaged")

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """Optional hook: what the ``damage`` verb does to a card (default: an error: cards cannot be damaged)."""
        raise TcgkitError(f"{self.id}: cards cannot be damaged")

    def heal_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """Optional hook: what the ``heal`` verb does to a player (default: an error)."""
        raise TcgkitError(f"{self.id}: players cannot be healed")

    def heal_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """Optional hook: what the ``heal`` verb does to a card (default: an error)."""
        raise TcgkitError(f"{self.id}: cards cannot be healed")

    def add_status(self, state: GameState, card: int, status: str, value: int, ctx: dict) -> None:
        """Optional hook: give a card a status (default: set it in the card's state and log a ``status`` event)."""
        state.card_state(card).status[status] = value
        state.emit("status", state.owner[card], card, (status, value))

    def gain(self, state: GameState, player: int, resource: str, amount: int) -> None:
        """Optional hook: add ``amount`` (may be negative) to a player's resource, logging a ``resource`` event."""
        res = state.res[player]
        res[resource] = res.get(resource, 0) + amount
        state.emit("resource", player, data=(resource, res[resource]))

    def attach(self, state: GameState, card: int, host: int) -> None:
        """Optional hook: attach ``card`` to ``host`` (equipment, auras)."""
        p, zone = state.where(host)
        state.move(card, state.owner[card], "attached" if "attached" in self.ZONES else zone)
        state.card_state(card).host = host
        state.card_state(host).attached.append(card)

    def effect_win(self, state: GameState, player: int, reason: str) -> None:
        """Optional hook: a card effect makes ``player`` win (default: the game ends at once)."""
        state.end(player, reason)

    def can_pay_step(self, state: GameState, ctx: dict, step: Any) -> bool:
        """Optional hook: whether a cost step of a game verb can be paid now (the core checks its own verbs)."""
        return True

    # ------------------------------------------------------------------ views and bots
    def observe_extra(self, state: GameState, viewer: int) -> dict[str, Any]:
        """Optional hook: Game-specific public facts to add to an observation (never hidden ones)."""
        return {}

    def evaluate(self, state: GameState, player: int) -> float:
        """Optional hook: How good the position is for ``player``, roughly in [-1, 1] (for the greedy bot and
        rollouts)."""
        r = state.result
        if r is not None:
            return 0.0 if r.winner is None else (1.0 if r.winner == player else -1.0)
        return 0.0

    def describe(self, state: GameState, viewer: int) -> str:
        """Optional hook: A readable board for the terminal, from ``viewer``'s side (hidden cards are not shown)."""
        return render.describe(state, viewer)


def event_filters_pass(params: Mapping[str, Any], card: int, controller: int, ev: Event) -> bool:
    """A triggered effect's filters on its event, spelled the same in every game (in the effect's ``params``):
    ``self: true``, the event is about this very card; ``mine: true``, the event's player is the effect's
    controller; ``theirs: true``, it is another player.

    >>> ev = Event("move", 1, 7)
    >>> event_filters_pass({"self": True}, 7, 0, ev), event_filters_pass({"self": True}, 8, 0, ev)
    (True, False)
    >>> event_filters_pass({"mine": True}, 7, 0, ev), event_filters_pass({"theirs": True}, 7, 0, ev)
    (False, True)
    """
    if params.get("self") and ev.card != card:
        return False
    if params.get("mine") and ev.player != controller:
        return False
    return not (params.get("theirs") and ev.player == controller)


def event_bindings(ev: Event) -> dict[str, Any]:
    """What a triggered effect knows of the event that triggered it: ``event_card``, ``event_player``,
    ``event_data``."""
    return {"event_card": ev.card, "event_player": ev.player, "event_data": ev.data}


_POOLS: dict[tuple[str, tuple[Path, ...]], tuple[CardPool, frozenset[str], tuple[str, ...]]] = {}
_DECK_PROBLEMS: dict[tuple, tuple[Violation, ...]] = {}
_DECK_CARDS: dict[tuple, tuple[tuple[str, tuple[CardDef, ...]], ...]] = {}
