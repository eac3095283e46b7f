"""The game state every game shares: players, zones, card instances, resources, the RNG, events and decisions.

State is plain data. Cards are integer instance ids; what is printed on them is a shared, immutable
:class:`~tcgkit.core.cards.CardDef` (``state.defs[id]``); what happens to them in play (tapped, counters, statuses,
modifiers, attachments) is a :class:`CardState` that exists only for cards that have any. Zones are lists of ids
ordered bottom to top: the top card of a pile is its last element. ``clone()`` copies the containers, never the
definitions, and shares the event log and action history copy-on-write, so it is cheap and the two states never
share mutable data.

A game is driven by decisions: ``current_player`` must choose one of ``legal_actions()``; ``apply(action)`` plays it
and runs the game on to the next decision (or the end). An illegal action raises
:class:`~tcgkit.core.errors.IllegalAction` and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction, Refusal
from tcgkit.core.rng import Rng

if TYPE_CHECKING:
    from tcgkit.core.cards import CardDef
    from tcgkit.core.ruleset import Ruleset

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


class Decision(NamedTuple):
    """A choice pending in the middle of an effect: ``player`` picks one of ``options``; it is bound to ``bind``."""

    player: int
    prompt: str
    options: tuple[Action, ...]
    bind: str = "choice"


class CardState:
    """What happens to one card instance while in play. Created on demand by :meth:`GameState.card_state`."""

    __slots__ = ("tapped", "face_down", "counters", "status", "mods", "attached", "host")

    def __init__(self) -> None:
        self.tapped = False
        self.face_down = False
        self.counters: dict[str, int] = {}
        self.status: dict[str, int] = {}
        self.mods: list[tuple[str, int, str]] = []  # (stat, delta, expiry: "turn", "permanent", ...)
        self.attached: list[int] = []
        self.host = -1

    def copy(self) -> CardState:
        c = CardState.__new__(CardState)
        c.tapped = self.tapped
        c.face_down = self.face_down
        c.counters = self.counters.copy() if self.counters else {}
        c.status = self.status.copy() if self.status else {}
        c.mods = self.mods.copy() if self.mods else []
        c.attached = self.attached.copy() if self.attached else []
        c.host = self.host
        return c

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
    """The whole state of one game. See the module docstring; build one with ``Ruleset.new_game``."""

    __slots__ = (
        "rules", "defs", "owner", "zones", "loc", "res", "vars", "cs", "rng", "seed", "options",
        "turn", "active", "phase", "current", "stack", "pending", "result", "decisions",
        "log", "history", "_log_shared", "_hist_shared", "_legal", "deck_names",
    )

    def __init__(self, rules: Ruleset, defs: list[CardDef], owner: list[int], seed: int,
                 options: dict[str, Any] | None = None, players: int = 2) -> None:
        self.rules = rules
        self.defs = defs
        self.owner = owner
        self.zones: list[dict[str, list[int]]] = [{z: [] for z in rules.ZONES} for _ in range(players)]
        self.loc: list[tuple[int, str]] = [(p, "") for p in owner]
        self.res: list[dict[str, int]] = [{} for _ in range(players)]
        self.vars: dict[str, Any] = {}
        self.cs: dict[int, CardState] = {}
        self.rng = Rng(seed)
        self.seed = seed
        self.options: dict[str, Any] = {"turn_cap": DEFAULT_TURN_CAP, **(options or {})}
        self.turn = 0
        self.active = 0
        self.phase = "setup"
        self.current = 0
        self.stack: list[list] = []
        self.pending: Decision | None = None
        self.result: Result | None = None
        self.decisions = 0
        self.log: list[Event] = []
        self.history: list[Action] = []
        self._log_shared = False
        self._hist_shared = False
        self._legal: list[Action] | None = None
        self.deck_names: tuple[str, ...] = ()

    # ------------------------------------------------------------------ the decision API
    @property
    def current_player(self) -> int:
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

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an :class:`Action` or its text form) and run the game to the next decision.

        Raises :class:`IllegalAction`, leaving the state unchanged, when the action is not legal now.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self._legal if self._legal is not None else self.legal_actions()
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
            from tcgkit.core.effects import answer

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
    def emit(self, kind: str, player: int = -1, card: int = -1, data: tuple = (), private: int = -1) -> Event:
        """Log an event and let the ruleset's triggers see it."""
        ev = _tuple_new(Event, (kind, player, card, data, private))  # Event(...) without its Python-level __new__
        if self._log_shared:
            self.log = self.log.copy()
            self._log_shared = False
        self.log.append(ev)
        self.rules.on_event(self, ev)
        return ev

    # ------------------------------------------------------------------ cards and zones
    def card_state(self, card: int) -> CardState:
        """The mutable in-play state of a card, created on first use."""
        st = self.cs.get(card)
        if st is None:
            st = self.cs[card] = CardState()
        return st

    def zone(self, player: int, name: str) -> list[int]:
        """A zone's card ids, bottom to top."""
        return self.zones[player][name]

    def where(self, card: int) -> tuple[int, str]:
        """(player, zone) of a card."""
        return self.loc[card]

    def name(self, card: int) -> str:
        return self.defs[card].name

    def move(self, card: int, player: int, zone: str, index: int | None = None, reset: bool = True) -> None:
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
        self.emit("move", player, card, (fp, fz, player, zone))

    def move_top(self, player: int, from_zone: str, to_zone: str, to_player: int | None = None) -> int:
        """Move the top card of a pile; returns its id, or -1 when the pile is empty."""
        pile = self.zones[player][from_zone]
        if not pile:
            return -1
        card = pile[-1]
        self.move(card, player if to_player is None else to_player, to_zone)
        return card

    def place(self, card: int, player: int, zone: str) -> None:
        """Put a card that is in no zone yet into a zone, silently (setup and scenarios)."""
        self.zones[player][zone].append(card)
        self.loc[card] = (player, zone)

    def shuffle(self, player: int, zone: str) -> None:
        self.rng.shuffle(self.zones[player][zone])
        self.emit("shuffle", player, data=(zone,))

    def add_instance(self, definition: CardDef, owner: int) -> int:
        """Create a new card instance (a token) and return its id; it is in no zone until placed."""
        self.defs = [*self.defs, definition]  # copy: the list is shared with clones
        self.owner = [*self.owner, owner]
        self.loc.append((owner, ""))
        return len(self.defs) - 1

    # ------------------------------------------------------------------ visibility
    def visible(self, card: int, viewer: int) -> bool:
        """Whether ``viewer`` may know which card ``card`` is, where it is now."""
        player, zone = self.loc[card]
        vis = self.rules.ZONES.get(zone, PUBLIC)
        st = self.cs.get(card)
        if st is not None and st.face_down:
            vis = max(vis, OWNER)
        if vis == PUBLIC:
            return True
        return vis == OWNER and self.owner[card] == viewer

    def event_for(self, ev: Event, viewer: int) -> Event:
        """The event as ``viewer`` may see it: a hidden card's id becomes -1.

        A card the viewer cannot see *now* (one that went back into a deck or into an opponent's hand) is never
        named, not even by older events that showed it: determinization may re-deal it, so no view may pin it down.
        """
        if ev.card < 0:
            return ev
        if not self.visible(ev.card, viewer):
            return ev._replace(card=-1)
        if ev.private >= 0:
            return ev if ev.private == viewer else ev._replace(card=-1)
        if ev.kind == "move":
            fp, fz, tp, tz = ev.data
            zones = self.rules.ZONES
            for p, z in ((fp, fz), (tp, tz)):
                vis = zones.get(z, PUBLIC) if z else HIDDEN
                if vis == PUBLIC or (vis == OWNER and p == viewer):
                    return ev
            return ev._replace(card=-1)
        return ev

    # ------------------------------------------------------------------ copying
    def clone(self) -> GameState:
        """An independent copy of the state (the same RNG state: the same future)."""
        new = GameState.__new__(GameState)
        new.rules = self.rules
        new.defs = self.defs
        new.owner = self.owner
        new.zones = [{k: v.copy() for k, v in z.items()} for z in self.zones]
        new.loc = self.loc.copy()
        new.res = [r.copy() for r in self.res]
        new.vars = self.vars.copy()
        new.cs = {k: v.copy() for k, v in self.cs.items()}
        new.rng = self.rng.clone()
        new.seed = self.seed
        new.options = self.options
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
        return new

    def determinize(self, viewer: int, rng: Rng) -> None:
        """Re-deal every card ``viewer`` cannot see, among the places it cannot see, and reseed the game's RNG.

        Hidden cards are re-dealt within their pool (``Ruleset.HIDDEN_POOLS``: a deck with the hand it is drawn into,
        an artefact deck on its own), so that a sample is a position that could be.

        For information-set search: afterwards the state is one that is consistent with ``viewer``'s observation,
        and nothing of the true hidden order (nor the true RNG, which decides future draws) is left. The result
        depends only on what ``viewer`` may know and on ``rng``.
        """
        zones_vis = self.rules.ZONES
        pool_of = self.rules.hidden_pool_of()
        for owner in range(len(self.zones)):
            pools: dict[str, tuple[list[tuple[str, int]], list[int]]] = {}
            for zname, ids in self.zones[owner].items():
                for i, c in enumerate(ids):
                    if not self.visible(c, viewer):
                        slots, cards = pools.setdefault(pool_of.get(zname, zname), ([], []))
                        slots.append((zname, i))
                        cards.append(c)
            for slots, cards in pools.values():
                self._redeal(owner, slots, cards, rng, zones_vis)
        self.rng = Rng(rng.next64())
        self._legal = None

    def _redeal(self, owner: int, slots: list[tuple[str, int]], cards: list[int], rng: Rng,
                zones_vis: Any) -> None:
        """Deal ``cards`` at random onto ``slots``. What is marked on a hidden card is hidden too; only the face-down
        markers of zones others see stay, and they stay with their place, not with the card."""
        marked = [zones_vis.get(z, PUBLIC) == PUBLIC for z, _ in slots]
        for c in cards:
            self.cs.pop(c, None)
        cards.sort()
        rng.shuffle(cards)
        for (zname, i), c, face_down in zip(slots, cards, marked, strict=True):
            self.zones[owner][zname][i] = c
            self.loc[c] = (owner, zname)
            if face_down:
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

    def observation(self, viewer: int) -> dict[str, Any]:
        """What ``viewer`` may know, as JSON-able data: hidden zones become counts."""
        from tcgkit.core.observation import observe

        return observe(self, viewer)


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
