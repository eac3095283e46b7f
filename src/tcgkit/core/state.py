"""The game state every game shares: players, zones, card instances, resources, the RNG, events and decisions.

State is plain data. Cards are integer instance ids; what is printed on them is a shared, immutable
:class:`~tcgkit.core.cards.CardDef` (``state.defs[id]``); what happens to them in play (tapped, counters, statuses,
modifiers, attachments) is a :class:`CardState` that exists only for cards that have any. Zones are lists of ids
ordered bottom to top: the top card of a pile is its last element. ``clone()`` copies the containers, never the
definitions, and shares the event log, the action history and the cards' in-play records copy-on-write (a record is
changed only through :meth:`GameState.card_state` or :meth:`GameState.card_state_or_none`, which copy a shared one
first), so it is cheap and neither state ever sees the other's changes.

A game is driven by decisions: ``current_player`` must choose one of ``legal_actions()``; ``apply(action)`` plays it
and runs the game on to the next decision (or the end). An illegal action raises
:class:`~tcgkit.core.errors.IllegalAction` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias, overload

from tcgkit.core.actions import Action, Decision
from tcgkit.core.cards import CardList
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.effects import answer
from tcgkit.core.errors import IllegalAction, Refusal
from tcgkit.core.rng import Rng, salted_rng

if TYPE_CHECKING:
    from tcgkit.core.cards import CardDef
    from tcgkit.core.ruleset import Ruleset

#: A card instance: an index into ``GameState.defs`` (and ``owner``, ``loc``); -1 for "no card".
CardId: TypeAlias = int
#: A player: a seat index, 0 to ``GameState.players - 1``; -1 for "no player" (an event of the game itself).
Player: TypeAlias = int

#: Zone visibility: everyone sees the cards; only the owner does; nobody does (a deck).
PUBLIC, OWNER, HIDDEN = 0, 1, 2

#: The default turn cap: a game still running after this many turns ends as a draw.
DEFAULT_TURN_CAP = 200


class Result(NamedTuple):
    """How a game ended: ``winner`` (a player index, or None for a draw), the reason and the clause id behind it."""

    winner: int | None
    reason: str
    clause: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "clause": self.clause}


class Event(NamedTuple):
    """One change of state, as logged. ``card`` is an instance id or -1; ``data`` holds JSON-able values.

    A ``move`` event has ``data = (from_player, from_zone, to_player, to_zone)``; which viewers may see the card's
    identity follows from those zones' visibility. ``private`` names the one player allowed to see ``card``
    (-1: follow the zones, or everyone when the event is not a move).
    """

    kind: str
    player: int
    card: int = -1
    data: tuple = ()
    private: int = -1


_tuple_new = tuple.__new__


class EventLog:
    """Every :class:`Event` of a game so far, oldest first: a read-only sequence (``len``, index, slice, iterate,
    ``in``, ``reversed``, ``index``, ``count``; equal to an equal list of events).

    The events are kept as plain tuples and an :class:`Event` is built when one is read. Python's garbage collector
    stops tracking a plain tuple of plain values, but never a NamedTuple, so a log of Events made every collection
    walk the whole game so far, and late-game decisions ran up to a fifth slower (``docs/performance.md``, "Ninth
    pass"). Only :class:`GameState` appends to a log; a clone shares it until either appends.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("tgod").new_game(["Knight Order", "Tyrant Horde"], seed=1)
    >>> state.log[0]
    Event(kind='shuffle', player=0, card=-1, data=('deck',), private=-1)
    >>> len(state.log) == len(list(state.log)), state.log[-2:] == list(state.log)[-2:]
    (True, True)
    """

    __slots__ = ("rows",)

    def __init__(self, rows: list[tuple] | None = None) -> None:
        #: the events as plain ``(kind, player, card, data, private)`` tuples (the core's own; do not change them)
        self.rows: list[tuple] = [] if rows is None else rows

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [_tuple_new(Event, row) for row in self.rows[index]]
        return _tuple_new(Event, self.rows[index])

    def __iter__(self) -> Iterator[Event]:
        for row in self.rows:
            yield _tuple_new(Event, row)

    def __reversed__(self) -> Iterator[Event]:
        rows = self.rows
        for i in range(len(rows) - 1, -1, -1):  # (mypyc fails on a loop over reversed() of this list)
            yield _tuple_new(Event, rows[i])

    def __contains__(self, event: object) -> bool:
        return event in self.rows  # an Event equals its plain tuple

    def index(self, event: tuple, start: int = 0, stop: int = 2**62) -> int:
        """Where ``event`` first stands (a ValueError if nowhere), as a list's ``index``."""
        return self.rows.index(event, start, stop)

    def count(self, event: tuple) -> int:
        return self.rows.count(event)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self.rows == other.rows
        if isinstance(other, list):
            return self.rows == other  # an Event equals its plain tuple
        return NotImplemented

    def __repr__(self) -> str:
        return f"EventLog({self[:]!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventLog, (self.rows,))


Sequence.register(EventLog)


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class Options(dict):
    """A game's options: fixed when the game starts, so a clone shares them with its original at no cost and no
    state can change another's rules. Reads are a plain dict's; any change raises ``TypeError``.

    >>> opts = Options({"turn_cap": 200})
    >>> opts["turn_cap"], opts.get("format", "standard")
    (200, 'standard')
    >>> opts["turn_cap"] = 5
    Traceback (most recent call last):
    ...
    TypeError: a game's options are fixed when it starts; start a new game with other options
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a game's options are fixed when it starts; start a new game with other options")

    def copy(self) -> dict[str, Any]:  # type: ignore[override]
        """A plain (changeable) dict of the options, e.g. to start another game with one option changed."""
        return dict(self)

    def __reduce__(self) -> tuple:
        return (Options, (dict(self),))


for _name in ("__setitem__", "__delitem__", "__ior__", "clear", "pop", "popitem", "setdefault", "update"):
    setattr(Options, _name, Options._refuse)  # (set after the class: the compiled build's class bodies take no aliases)


#: a card record's fields (its slots; what pickling keeps)
_CARD_FIELDS = ("tapped", "face_down", "counters", "status", "mods", "attached", "host", "_owner")
#: a state's fields (its slots; what pickling keeps)
_STATE_FIELDS = (
    "rules", "defs", "owner", "zones", "loc", "res", "vars", "cs", "rng", "seed", "options",
    "turn", "active", "phase", "current", "stack", "pending", "result", "decisions",
    "log", "history", "_log_shared", "_hist_shared", "_legal", "deck_names", "_token", "memo",
)


class CardState:
    """What happens to one card instance while in play. Created on demand by :meth:`GameState.card_state`.

    A clone shares its original's records until one of the two changes one (copy on write): read a record through
    ``state.cs.get(card)``, but get it to change it through :meth:`GameState.card_state` (which creates it) or
    :meth:`GameState.card_state_or_none` (which does not), which copy a shared record first. ``_owner`` is the
    token of the state the record belongs to (None: shared or not yet claimed).
    """

    __slots__ = _CARD_FIELDS

    def __init__(self) -> None:
        self.tapped = False
        self.face_down = False
        self.counters: dict[str, int] = {}
        self.status: dict[str, int] = {}
        self.mods: list[tuple[str, int, Any]] = []  # (stat, delta, until): see tcgkit.core.durations
        self.attached: list[int] = []
        self.host = -1
        self._owner: object | None = None

    def copy(self) -> CardState:
        """A copy that shares no mutable container with this record (and belongs to no state yet)."""
        c = CardState.__new__(CardState)
        c.tapped = self.tapped
        c.face_down = self.face_down
        c.counters = self.counters.copy() if self.counters else {}
        c.status = self.status.copy() if self.status else {}
        c.mods = self.mods.copy() if self.mods else []
        c.attached = self.attached.copy() if self.attached else []
        c.host = self.host
        c._owner = None
        return c

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle, (CardState, {name: getattr(self, name) for name in _CARD_FIELDS}))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.tapped:
            out["tapped"] = True
        if self.face_down:
            out["face_down"] = True
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.status:
            out["status"] = dict(self.status)
        if self.mods:
            out["mods"] = [list(m) for m in self.mods]
        if self.attached:
            out["attached"] = list(self.attached)
        if self.host >= 0:
            out["host"] = self.host
        return out


class GameState:
    """The whole state of one game. See the module docstring; build one with ``Ruleset.new_game``.

    Its fields, all plain data (what the examples show is a Guardian Realms game just started):

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("guardian-realms").new_game(["Ember Vanguard", "Stone Bastion"], seed=7)

    - ``rules``: the game's :class:`~tcgkit.core.ruleset.Ruleset` (stateless, shared by every state of the game).
    - ``defs``: card id -> its printed :class:`~tcgkit.core.cards.CardDef`, a :class:`~tcgkit.core.cards.CardList`
      (shared with clones; a token makes a new list extending it) that keeps the facts a game works out from its
      cards once (``state.defs.fact(name, build)``).

      >>> state.defs[0].name == state.name(0)
      True

    - ``owner``: card id -> the player who owns it (shared; never changes).

      >>> state.owner[0], state.owner[len(state.defs) - 1]
      (0, 1)

    - ``zones``: per player, zone name -> card ids bottom to top (the top card of a pile is the last).

      >>> len(state.zones), sorted(state.zones[0])[:3]
      (2, ['deck', 'discard', 'effect1'])

    - ``loc``: card id -> ``(player, zone)`` where it is now (``(owner, "")`` before it is placed); see :meth:`where`.
    - ``res``: per player, the game's resources and counters by name (life, energy, ...).

      >>> sorted(state.res[0])[:3]
      ['b1', 'b2', 'b3']

    - ``vars``: the game's own bookkeeping by name (whose turn came first, what is under way); JSON-able values.
    - ``cs``: card id -> :class:`CardState` (tapped, counters, statuses, modifiers, attachments), only for cards
      that have any; :meth:`card_state` creates one.
    - ``rng``: the game's seeded :class:`~tcgkit.core.rng.Rng`, the only source of chance; ``seed`` started it.
    - ``options``: the game options in force (the ruleset's ``OPTIONS`` with the caller's, plus ``turn_cap``).

      >>> state.options["turn_cap"]
      200

    - ``turn`` (the number of the turn: 0 while setting up, then from 1), ``active`` (whose turn it is),
      ``phase`` (the game's word for where the turn is), ``current`` (who decides now: :attr:`current_player`).

      >>> state.turn, state.phase, state.active == state.vars["first_player"], state.current_player in (0, 1)
      (0, 'mulligan', True, True)

    - ``stack``: the resolution stack of effects in progress, ``[steps, next_index, context]`` frames
      (:mod:`tcgkit.core.effects`); ``pending``: the :class:`Decision` an effect is waiting for, or None.

    - ``result``: the :class:`Result` once the game is over (:attr:`is_over`), else None.
    - ``decisions``: how many actions have been applied; ``history``: those actions, in order.
    - ``log``: every :class:`Event` so far (:meth:`emit`), an :class:`EventLog`; ``deck_names``: the players'
      deck names.

      >>> state.decisions, state.deck_names
      (0, ('Ember Vanguard', 'Stone Bastion'))

    - ``memo``: facts a game derives from the state and keeps to save work (which creatures may attack, say), by
      name. Never part of the game: not serialized, not compared, not shown. A clone gets a copy of the dict that
      shares its values, so a value is never changed in place (store a new tuple or frozenset instead); the game
      that stores an entry forgets or replaces it whenever what it was derived from changes. Facts of the cards alone
      (which cards print a trigger, say) belong with the cards: ``state.defs.fact``.

      >>> state.memo
      {}

    The log and history are shared with clones until one of them appends (copy-on-write); the legal actions are
    kept until the state changes.
    """

    __slots__ = _STATE_FIELDS

    def __init__(self, rules: Ruleset | None = None, defs: list[CardDef] | None = None, owner: list[int] | None = None,
                 seed: int = 0, options: dict[str, Any] | None = None, players: int = 2) -> None:
        if rules is None or defs is None or owner is None:  # an empty shell, filled in by clone() or unpickling
            return
        self.rules = rules
        self.defs = defs if type(defs) is CardList else CardList(defs)
        self.owner = owner
        self.zones: list[dict[str, list[int]]] = [{z: [] for z in rules.ZONES} for _ in range(players)]
        self.loc: list[tuple[int, str]] = [(p, "") for p in owner]
        self.res: list[dict[str, int]] = [{} for _ in range(players)]
        self.vars: dict[str, Any] = {}
        self.cs: dict[int, CardState] = {}
        self.rng = Rng(seed)
        self.seed = seed
        self.options: Options = Options({"turn_cap": DEFAULT_TURN_CAP, **(options or {})})
        self.turn = 0
        self.active = 0
        self.phase = "setup"
        self.current = 0
        self.stack: list[list] = []
        self.pending: Decision | None = None
        self.result: Result | None = None
        self.decisions = 0
        self.log = EventLog()
        self.history: list[Action] = []
        self._log_shared = False
        self._hist_shared = False
        self._legal: list[Action] | None = None
        self.deck_names: tuple[str, ...] = ()
        self._token = object()  # marks the card records this state may change in place (see CardState)
        self.memo: dict[str, Any] = {}

    # ------------------------------------------------------------------ the decision API
    @property
    def current_player(self) -> Player:
        """Who decides now (meaningless once the game is over)."""
        return self.current

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[Action]:
        """The actions ``current_player`` may take now (empty once the game is over). Do not mutate the list."""
        legal = self._legal
        if legal is None:
            if self.result is not None:
                legal = []
            elif self.pending is not None:
                legal = list(self.pending.options)
            else:
                legal = self.rules.legal_actions(self)
            self._legal = legal
        return legal

    def legal_unless_free(self) -> list[Action] | None:
        """The legal actions, or None when the game is over or the game sees at a glance that the player to act may
        pass or do something else (:meth:`Ruleset.surely_has_choice`: a free choice, whose actions are then not
        listed). Bots weighing many positions ask this rather than :meth:`legal_actions`.

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("tgc")
        >>> state = rules.new_game(list(rules.decks().values())[:2], seed=1)
        >>> state.legal_unless_free() in (None, state.legal_actions())
        True
        """
        if self.result is not None:
            return None
        legal = self._legal
        if legal is None:
            if self.pending is None and self.rules.surely_has_choice(self):
                return None
            legal = self.legal_actions()
        return legal

    def forced_action(self) -> Action | None:
        """The one legal action when the player to act has no choice, else None (also once the game is over).

        The same as ``legal[0] if len(legal) == 1 else None`` for ``legal = self.legal_actions()``, without listing
        them when the game can tell there is a choice at a glance (:meth:`legal_unless_free`).

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("tgc")
        >>> state = rules.new_game(list(rules.decks().values())[:2], seed=1)
        >>> legal = state.legal_actions()
        >>> state.forced_action() == (legal[0] if len(legal) == 1 else None)
        True
        """
        legal = self.legal_unless_free()
        return legal[0] if legal is not None and len(legal) == 1 else None

    def cache_legal(self, actions: list[Action] | None) -> None:
        """Keep the legal actions a ruleset has just worked out (to decide whether there is a decision at all), so
        that :meth:`legal_actions` does not work them out again; None forgets a kept list (a ruleset that knows there
        is a decision without listing it: they are listed when asked). Any change of state forgets them."""
        self._legal = actions

    def apply(self, action: Action | str | Any) -> None:
        """Play ``action`` (an :class:`Action` or its text form) and run the game to the next decision.

        Raises :class:`IllegalAction`, leaving the state unchanged, when the action is not legal now, or when it is
        not an :class:`Action` at all (a plain tuple equal to a legal action is refused too; anything else too, hence
        ``Any``: the compiled build would refuse it with a bare ``TypeError``).
        """
        if type(action) is not Action:  # one identity test: a plain tuple equal to an action is not one
            if not isinstance(action, str):
                raise IllegalAction(action, f"not an action (a {type(action).__name__}; use Action or its text)")
            action = self.parse_action(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            why = self._why_illegal(action)
            raise IllegalAction(action, why.why, why.clause)
        self._legal = None
        if self._hist_shared:
            self.history = self.history.copy()
            self._hist_shared = False
        self.history.append(action)
        self.decisions += 1
        pending = self.pending
        if pending is not None:
            self.pending = None
            answer(self, pending, action)
        else:
            self.rules.apply(self, action)
        if self.result is None and self.turn > self.options["turn_cap"]:
            self.end(None, f"turn cap of {self.options['turn_cap']} turns reached", "turn-cap")

    def _why_illegal(self, action: Action) -> Refusal:
        return self.rules.words.refusal(self, action)

    def parse_action(self, text: str) -> Action:
        """Read an action in text form; card names in quotes (``play "Fire Imp"``) match the legal actions too."""
        for a in self.legal_actions():
            if a.text() == text or self.action_label(a, quoted=True) == text:
                return a
        return Action.from_text(text)

    def action_label(self, action: Action, quoted: bool = False) -> str:
        """The action with card names instead of ids: ``play "Fire Imp" wing-left`` (quoted) or a readable form."""
        parts = [action.kind]
        for a in action.args:
            if type(a) is int:
                name = self.defs[a].name if 0 <= a < len(self.defs) else f"#{a}"
                parts.append(f'"{name}"' if quoted else f"{name} (#{a})")
            else:
                parts.append(a)
        return " ".join(parts)

    # ------------------------------------------------------------------ results
    def end(self, winner: int | None, reason: str, clause: str | None = None) -> None:
        """End the game (first result wins; later calls do nothing)."""
        if self.result is None:
            self.result = Result(winner, reason, clause)
            self._legal = None
            self.emit("game_over", -1 if winner is None else winner, data=(reason, clause))

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or an unfinished game."""
        r = self.result
        if r is None or r.winner is None:
            return [0.0] * len(self.zones)
        return [1.0 if p == r.winner else -1.0 for p in range(len(self.zones))]

    # ------------------------------------------------------------------ events
    def emit(self, kind: str, player: Player = -1, card: CardId = -1, data: tuple = (), private: Player = -1) -> Event:
        """Log an event and let the ruleset's triggers see it."""
        row = (kind, player, card, data, private)
        ev = _tuple_new(Event, row)  # Event(...) without its Python-level __new__
        if self._log_shared:
            self.log = EventLog(self.log.rows.copy())
            self._log_shared = False
        self.log.rows.append(row)  # the plain tuple: see EventLog
        rules = self.rules
        heard = rules.heard
        if heard is None or kind in heard:  # events dispatched by kind (Ruleset.heard_kinds)
            rules.on_event(self, ev)
        return ev

    # ------------------------------------------------------------------ cards and zones
    def card_state(self, card: CardId) -> CardState:
        """The mutable in-play state of a card, to change it: created on first use, and copied first when a clone
        shares it (copy on write). To only read it, use ``state.cs.get(card)`` (None when the card has none)."""
        st = self.cs.get(card)
        if st is None:
            st = self.cs[card] = CardState()
            st._owner = self._token
        elif st._owner is not self._token:
            st = self.cs[card] = st.copy()
            st._owner = self._token
        return st

    def card_state_or_none(self, card: CardId) -> CardState | None:
        """The card's in-play state to change it, or None when it has none (none is created); a record a clone
        shares is copied first, as by :meth:`card_state`.

        >>> from tcgkit.games import get_rules
        >>> state = get_rules("tgod").new_game(["Knight Order", "Tyrant Horde"], seed=1)
        >>> state.card_state_or_none(0) is None
        True
        >>> state.card_state(0).tapped = True
        >>> twin = state.clone()
        >>> twin.card_state_or_none(0).tapped = False
        >>> state.cs[0].tapped, twin.cs[0].tapped
        (True, False)
        """
        st = self.cs.get(card)
        if st is not None and st._owner is not self._token:
            st = self.cs[card] = st.copy()
            st._owner = self._token
        return st

    def zone(self, player: Player, name: str) -> list[CardId]:
        """A zone's card ids, bottom to top."""
        return self.zones[player][name]

    def where(self, card: CardId) -> tuple[Player, str]:
        """(player, zone) of a card."""
        return self.loc[card]

    def name(self, card: CardId) -> str:
        return self.defs[card].name

    def move(self, card: CardId, player: Player, zone: str, index: int | None = None, reset: bool = True) -> None:
        """Move a card to the top of ``zone`` of ``player`` (or to ``index``), logging a ``move`` event.

        ``reset`` forgets the card's in-play state (what a card leaving play does in every game here).
        """
        fp, fz = self.loc[card]
        if fz:
            src = self.zones[fp][fz]
            if src[-1] == card:  # the top card, usually (a draw, a damage): no scan of the pile
                src.pop()
            else:
                src.remove(card)
        dest = self.zones[player][zone]
        if index is None:
            dest.append(card)
        else:
            dest.insert(index, card)
        self.loc[card] = (player, zone)
        if reset and card in self.cs:
            del self.cs[card]
        # self.emit("move", ...), inlined: moves are the commonest event
        row = ("move", player, card, (fp, fz, player, zone), -1)
        if self._log_shared:
            self.log = EventLog(self.log.rows.copy())
            self._log_shared = False
        self.log.rows.append(row)
        rules = self.rules
        heard = rules.heard
        if heard is None or "move" in heard:
            rules.on_event(self, _tuple_new(Event, row))

    def move_top(self, player: Player, from_zone: str, to_zone: str, to_player: Player | None = None) -> CardId:
        """Move the top card of a pile; returns its id, or -1 when the pile is empty."""
        pile = self.zones[player][from_zone]
        if not pile:
            return -1
        card = pile[-1]
        self.move(card, player if to_player is None else to_player, to_zone)
        return card

    def place(self, card: CardId, player: Player, zone: str) -> None:
        """Put a card that is in no zone yet into a zone, silently (setup and scenarios)."""
        self.zones[player][zone].append(card)
        self.loc[card] = (player, zone)

    def shuffle(self, player: Player, zone: str) -> None:
        self.rng.shuffle(self.zones[player][zone])
        self.emit("shuffle", player, data=(zone,))

    def add_instance(self, definition: CardDef, owner: Player) -> CardId:
        """Create a new card instance (a token) and return its id; it is in no zone until placed."""
        self.defs = self.defs.extended(definition)  # a new list: this one is shared with clones
        self.owner = [*self.owner, owner]
        self.loc.append((owner, ""))
        return len(self.defs) - 1

    # ------------------------------------------------------------------ visibility
    def visible(self, card: CardId, viewer: Player) -> bool:
        """Whether ``viewer`` may know which card ``card`` is, where it is now.

        An owner-only zone (a hand) is seen by the player whose zone it is, whoever owns the card in it; a
        face-down card is seen by the player whose zone holds it.
        """
        player, zone = self.loc[card]
        vis = self.rules.ZONES.get(zone, PUBLIC)
        st = self.cs.get(card)
        if st is not None and st.face_down:
            vis = max(vis, OWNER)
        if vis == PUBLIC:
            return True
        return vis == OWNER and player == viewer

    def event_for(self, ev: Event, viewer: Player) -> Event:
        """The event as ``viewer`` may see it: a hidden card's id becomes -1.

        A card the viewer cannot see *now* (one that went back into a deck or into an opponent's hand) is never
        named, not even by older events that showed it: determinization may re-deal it, so no view may pin it down.
        The same holds for the card ids an event carries in its data (``Ruleset.EVENT_CARD_DATA``): one the viewer
        cannot see now becomes -1. The one exception is a private event (a ``look``) shown to its own player: what
        that player was shown stays known to them wherever the card is now.
        """
        if ev.data:
            where = self.rules.EVENT_CARD_DATA.get(ev.kind)
            if where is not None:
                ev = self._mask_data(ev, where, viewer)
        if ev.card < 0:
            return ev
        if ev.private >= 0:
            return ev if ev.private == viewer else ev._replace(card=-1)
        if not self.visible(ev.card, viewer):
            return ev._replace(card=-1)
        if ev.kind == "move":
            fp, fz, tp, tz = ev.data
            zones = self.rules.ZONES
            for p, z in ((fp, fz), (tp, tz)):
                vis = zones.get(z, PUBLIC) if z else HIDDEN
                if vis == PUBLIC or (vis == OWNER and p == viewer):
                    return ev
            return ev._replace(card=-1)
        return ev

    def _mask_data(self, ev: Event, where: tuple[int, ...] | slice, viewer: int) -> Event:
        """``ev`` with the card ids at positions ``where`` of its data that ``viewer`` cannot see now as -1."""
        data = list(ev.data)
        positions = range(len(data))[where] if isinstance(where, slice) else where
        changed = False
        for i in positions:
            c = data[i] if i < len(data) else None
            if type(c) is int and 0 <= c < len(self.loc) and not self.visible(c, viewer):
                data[i] = -1
                changed = True
        return ev._replace(data=tuple(data)) if changed else ev

    # ------------------------------------------------------------------ copying
    def clone(self) -> GameState:
        """An independent copy of the state (the same RNG state: the same future)."""
        new = GameState.__new__(GameState)  # plain: no __init__; compiled: the empty shell GameState() makes
        new.rules = self.rules
        new.defs = self.defs
        new.owner = self.owner
        new.zones = [{k: v.copy() for k, v in z.items()} for z in self.zones]
        new.loc = self.loc.copy()
        new.res = [r.copy() for r in self.res]
        new.vars = self.vars.copy()
        new.cs = self.cs.copy()  # the records are shared, copied on write (card_state)
        self._token = object()  # this state's records are shared now: its next change of one copies it
        new._token = object()
        new.rng = self.rng.clone()
        new.seed = self.seed
        new.options = self.options  # read-only (Options): shared with no risk and no cost
        new.turn = self.turn
        new.active = self.active
        new.phase = self.phase
        new.current = self.current
        new.stack = _copy_stack(self.stack) if self.stack else []
        new.pending = self.pending
        new.result = self.result
        new.decisions = self.decisions
        new.log = self.log
        new.history = self.history
        new._log_shared = self._log_shared = True
        new._hist_shared = self._hist_shared = True
        new._legal = self._legal
        new.deck_names = self.deck_names
        new.memo = self.memo.copy() if self.memo else {}
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields (the compiled build's class has no ``__dict__`` for pickle to read); a copy shares
        nothing with the original.

        >>> import pickle
        >>> from tcgkit.games import get_rules
        >>> state = get_rules("tgod").new_game(["Knight Order", "Tyrant Horde"], seed=1)
        >>> pickle.loads(pickle.dumps(state)).to_json() == state.to_json()
        True
        """
        return (_unpickle, (GameState, {name: getattr(self, name) for name in _STATE_FIELDS}))

    def determinize(self, viewer: Player, rng: Rng) -> None:
        """Re-deal every card ``viewer`` cannot see, among the places it cannot see, and reseed the game's RNG.

        Hidden cards are re-dealt within their pool (``Ruleset.HIDDEN_POOLS``: a deck with the hand it is drawn into,
        an artefact deck on its own), so that a sample is a position that could be. Cards the viewer cannot see but
        knows the place of (``Ruleset.known_hidden``: its own mulligan cards set aside under its deck) stay.

        For information-set search: afterwards the state is one that is consistent with ``viewer``'s observation,
        and nothing of the true hidden order (nor the true RNG, which decides future draws) is left. The result
        depends only on what ``viewer`` may know and on ``rng``. The deal is salted: it is drawn from a keyed hash of
        ``rng``'s next number, never from ``rng``'s own stream, so no choice of the caller's seed (not even the
        game's own) reproduces the game's shuffles.
        """
        zones_vis = self.rules.ZONES
        pool_of = self.rules.hidden_pool_of()
        known = self.rules.known_hidden(self, viewer)
        deal = salted_rng(rng)
        cs = self.cs
        for owner in range(len(self.zones)):
            pools: dict[str, tuple[list[tuple[list[int], str, Sequence[int], bool]], list[int]]] = {}
            mine = owner == viewer
            for zname, ids in self.zones[owner].items():
                # visible() worked out once per zone: a hidden zone hides every card, another player's own zone
                # (a hand) too; a public zone of another player hides its face-down cards
                vis = zones_vis.get(zname, PUBLIC)
                if not ids or (mine and vis != HIDDEN):
                    continue
                hidden: Sequence[int]
                if vis == PUBLIC:
                    hidden = [i for i, c in enumerate(ids)
                              if (st := cs.get(c)) is not None and st.face_down and c not in known]
                else:
                    hidden = [i for i, c in enumerate(ids) if c not in known] if known else range(len(ids))
                if hidden:
                    places, cards = pools.setdefault(pool_of.get(zname, zname), ([], []))
                    places.append((ids, zname, hidden, vis == PUBLIC))
                    cards.extend(ids if type(hidden) is range else [ids[i] for i in hidden])
            for places, cards in pools.values():
                self._redeal(owner, places, cards, deal)
        self.rng = Rng(deal.next64())
        self._legal = None

    def _redeal(self, owner: int, places: list[tuple[list[int], str, Sequence[int], bool]], cards: list[int],
                rng: Rng) -> None:
        """Deal ``cards`` at random onto the ``places`` (a zone's list, its name, the hidden positions in it and
        whether others see the zone), in order. What is marked on a hidden card is hidden too; only the face-down
        markers of zones others see stay, and they stay with their place, not with the card."""
        cs = self.cs
        if cs:
            for c in cs.keys() & cards:
                del cs[c]
        cards.sort()
        rng.shuffle(cards)
        loc = self.loc
        k = 0
        for ids, zname, hidden, public in places:
            where = (owner, zname)
            if type(hidden) is range:  # the whole zone
                n = len(ids)
                ids[:] = cards[k:k + n]
                k += n
                for c in ids:
                    loc[c] = where
                continue
            for i in hidden:
                c = ids[i] = cards[k]
                k += 1
                loc[c] = where
                if public:
                    self.card_state(c).face_down = True

    # ------------------------------------------------------------------ serialisation
    def to_json(self) -> dict[str, Any]:
        """The full (true, unmasked) state as JSON-able data; for tests, debugging and equality checks."""
        return {
            "game": self.rules.id,
            "turn": self.turn, "active": self.active, "phase": self.phase, "current": self.current,
            "zones": [{k: list(v) for k, v in z.items()} for z in self.zones],
            "res": [dict(r) for r in self.res],
            "vars": {k: _jsonable(v) for k, v in sorted(self.vars.items())},
            "cards": {str(k): v.to_json() for k, v in sorted(self.cs.items())},
            "rng": self.rng.state,
            "stack": [[len(f[0]), f[1], {k: _jsonable(v) for k, v in f[2].items()}] for f in self.stack],
            "pending": None if self.pending is None else [self.pending.player, self.pending.prompt,
                                                          [a.text() for a in self.pending.options]],
            "result": None if self.result is None else self.result.to_json(),
            "decisions": self.decisions,
            "log_length": len(self.log),
        }

    def observation(self, viewer: Player) -> dict[str, Any]:
        """What ``viewer`` may know, as JSON-able data: hidden zones become counts."""
        from tcgkit.core.observation import observe

        return observe(self, viewer)


def _unpickle(cls: type[GameState] | type[CardState], fields: dict[str, Any]) -> Any:
    """A state or a card record from its pickled fields, with a token of its own (it shares nothing)."""
    made = cls()
    for name, value in fields.items():
        setattr(made, name, value)
    if cls is GameState:
        made._token = object()
    else:
        made._owner = None
    return made


def _copy_stack(stack: list[list]) -> list[list]:
    """Copy the resolution stack; frames that share one context (``if``, ``may``, ``repeat`` branches) share one
    copy of it, as they did in the original."""
    copies: dict[int, dict] = {}
    out = []
    for steps, index, ctx in stack:
        c = copies.get(id(ctx))
        if c is None:
            c = copies[id(ctx)] = ctx.copy()
        out.append([steps, index, c])
    return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, frozenset | set):
        return sorted(_jsonable(x) for x in v)
    return v
