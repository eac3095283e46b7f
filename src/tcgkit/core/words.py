"""How a game speaks to people: the one presentation layer of tcgkit.

Every surface a person meets (the terminal game, the web page, logs, reports) describes the game through a
:class:`Words` object, reached as ``rules.words``. Each game subclasses :class:`Words` in its own ``words.py``
and names its zones, numbers, phases, statuses, actions, choices, events and refusals in its rulebook's words.
No internal key, counter name, card id or sentinel number ever reaches a person: a lookup that a game has not
described is a :class:`MissingWords` error in strict mode (what the tests run) and a plain fallback otherwise.

Card instance ids appear only as *handles* (``CardWords.id``, ``ActionWords.cards``) for a UI to wire clicks; they
are never part of a text, and a card the viewer may not see has no handle.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> state = rules.new_game(list(rules.decks())[:2], seed=1)
>>> words = rules.words
>>> isinstance(words.phase(state, 0), str)
True
>>> view = present(state, 0)
>>> sorted(view)
['actions', 'choice', 'game', 'log', 'phase', 'players', 'result', 'viewer']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from string import Formatter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

__all__ = [
    "SPECTATOR", "ActionWords", "CardWords", "MissingWords", "Refusal", "Words", "ZoneWords", "present", "split_clause",
]

from tcgkit.core.actions import Action
from tcgkit.core.errors import Refusal, split_clause
from tcgkit.core.state import HIDDEN, PUBLIC, Event, GameState

if TYPE_CHECKING:
    from tcgkit.core.ruleset import Ruleset


#: The viewer who is no player (a spectator): sees public cards only, has no actions and no choice.
SPECTATOR = -1


class MissingWords(LookupError):
    """A thing the game has not described yet (raised in strict mode only)."""


class CardWords(NamedTuple):
    """One card as a person sees it.

    ``id`` is a handle for a UI (never shown); ``name`` the printed name; ``kind`` the type line in the game's
    words ("Creature - Guardian"); ``stats`` (label, value) pairs of current numbers ("HP", "55 of 70");
    ``statuses`` sentences with durations ("Paralysed for 1 more turn", "tapped"); ``attached`` the names of what
    is attached; ``text`` the card's full rules text.
    """

    id: int
    name: str
    kind: str
    stats: tuple[tuple[str, str], ...] = ()
    statuses: tuple[str, ...] = ()
    attached: tuple[str, ...] = ()
    text: str = ""

    def line(self) -> str:
        """One line: name, numbers, statuses and attachments.

        >>> CardWords(3, "Night Reaver", "Creature", (("Attack", "40"), ("HP", "30 of 50")), ("tapped",)).line()
        'Night Reaver (Attack 40, HP 30 of 50; tapped)'
        """
        inner = ", ".join(f"{k} {v}" for k, v in self.stats)
        extra = "; ".join((*self.statuses, *(f"with {a}" for a in self.attached)))
        inner = f"{inner}; {extra}" if inner and extra else inner or extra
        return f"{self.name} ({inner})" if inner else self.name

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "stats": [list(s) for s in self.stats],
                "statuses": list(self.statuses), "attached": list(self.attached), "text": self.text}


class ZoneWords(NamedTuple):
    """One zone of one player: ``key`` is a layout handle (never shown), ``name`` its name in the rulebook's words;
    ``cards`` the visible cards in order (bottom to top), or None when the zone is hidden from the viewer (then
    only ``count`` is known). ``face_down`` counts cards of a visible zone the viewer cannot see."""

    key: str
    name: str
    count: int
    cards: tuple[CardWords, ...] | None
    face_down: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "count": self.count, "face_down": self.face_down,
                "cards": None if self.cards is None else [c.to_json() for c in self.cards]}


class ActionWords(NamedTuple):
    """A legal action in words: what it will do (side effects included), the card handles it involves (for
    click-then-target UIs), and the action itself in JSON for sending back."""

    text: str
    cards: tuple[int, ...]
    action: Action

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "cards": list(self.cards), "action": self.action.to_json()}


EventText = str | Callable[["Words", GameState, Event, int], str]


class Words:
    """A game's words for people. Subclass per game; fill the tables, override the methods that need logic.

    Tables (class attributes):

    - ``ZONES``: zone key -> name ("hand" -> "Hand"); ``BOARD``: the zones in the order the board shows them;
    - ``NUMBERS``: resource key -> the rulebook's name for a player's public number; keys not listed are internal
      and never shown;
    - ``PHASES``: phase key -> name; ``STATS``: stat key -> name; ``STATUSES``: status key -> a phrase;
    - ``EVENTS``: event kind -> a template (``str.format`` with ``who``, ``card``, ``data``) or a function
      ``(words, state, event, viewer) -> str``; ``SILENT_EVENTS``: kinds a log omits (still described);
    - ``ACTIONS``: action kind -> a verb phrase used by the default :meth:`action`.

    ``strict`` makes every missing description raise :class:`MissingWords` (tests walk random games with it on).
    """

    ZONES: ClassVar[Mapping[str, str]] = {}
    BOARD: ClassVar[Sequence[str]] = ()
    NUMBERS: ClassVar[Mapping[str, str]] = {}
    PHASES: ClassVar[Mapping[str, str]] = {}
    STATS: ClassVar[Mapping[str, str]] = {}
    STATUSES: ClassVar[Mapping[str, str]] = {}
    EVENTS: ClassVar[Mapping[str, EventText]] = {}
    SILENT_EVENTS: ClassVar[frozenset[str]] = frozenset({"shuffle"})
    ACTIONS: ClassVar[Mapping[str, str]] = {}
    #: a pending decision's prompt, or the name its answer is bound to -> what is being chosen ("a target").
    CHOICES: ClassVar[Mapping[str, str]] = {}
    #: A short summary of how to play, from the rulebook (the terminal's ``?`` and the web's how-to page).
    SUMMARY: ClassVar[str] = ""
    #: The answer that takes an optional effect ("Yes, use the ability"); and what a card's effect is called in the
    #: game ("Resolve Lin's ability first").
    YES: ClassVar[str] = "Yes"
    EFFECT: ClassVar[str] = "effect"
    #: Internal keys of the game (resource, status and counter names that are not words) that no text may hold;
    #: the tests check every description against them.
    INTERNAL: ClassVar[frozenset[str]] = frozenset()

    strict: bool = False

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    # ------------------------------------------------------------------ lookups
    def _look(self, table: Mapping[str, Any], key: str, what: str) -> Any:
        try:
            return table[key]
        except KeyError:
            if self.strict:
                raise MissingWords(f"{self.rules.id}: no words for {what} {key!r}") from None
            return key.replace("_", " ")

    def zone(self, key: str) -> str:
        """A zone's name: ``words.zone("hand")`` -> ``"Hand"``."""
        return self._look(self.ZONES, key, "zone")

    def stat(self, key: str) -> str:
        return self._look(self.STATS, key, "stat")

    # ------------------------------------------------------------------ people and turns
    def player(self, state: GameState, player: int, viewer: int, names: Sequence[str] | None = None) -> str:
        """What to call ``player`` when ``viewer`` reads, always in the third person so that every sentence agrees
        with it: a given name, or "Player 1 (you)" / "Player 2" (1-based).

        >>> from tcgkit.games import get_rules
        >>> w = get_rules("tgod").words
        >>> w.player(None, 0, 0), w.player(None, 1, 0), w.player(None, 1, 0, ["Ann", "Greedy bot"])
        ('Player 1 (you)', 'Player 2', 'Greedy bot')
        """
        if names is not None and 0 <= player < len(names):
            return names[player]
        if player < 0:
            return "the game"
        return f"Player {player + 1} (you)" if player == viewer else f"Player {player + 1}"

    def phase(self, state: GameState, viewer: int) -> str:
        """Whose turn, which turn and which phase: "Turn 3 - your Main phase"."""
        name = self._look(self.PHASES, state.phase, "phase")
        whose = "your" if state.active == viewer else f"{self.player(state, state.active, -1)}'s"
        return f"Turn {state.turn} - {whose} {name}"

    def numbers(self, state: GameState, player: int, viewer: int) -> list[tuple[str, str]]:
        """A player's public numbers as (rulebook name, value); internal resource keys are left out."""
        res = state.res[player]
        return [(label, str(res[key])) for key, label in self.NUMBERS.items() if key in res]

    # ------------------------------------------------------------------ cards and zones
    def card(self, state: GameState, card: int, viewer: int) -> CardWords:
        """A visible card in words (the caller checks ``state.visible``)."""
        d = state.defs[card]
        stats = tuple((self.stat(k), str(state.rules.stat(state, card, k))) for k in d.stats)
        return CardWords(card, d.name, d.type.replace("_", " ").capitalize(), stats, self.statuses(state, card),
                         self.attached(state, card, viewer), d.text)

    def statuses(self, state: GameState, card: int) -> tuple[str, ...]:
        """A card's statuses and counters as phrases (durations in turns where they expire)."""
        st = state.cs.get(card)
        if st is None:
            return ()
        out = ["tapped"] if st.tapped else []
        out.extend(self._look(self.STATUSES, k, "status") for k in st.status)
        out.extend(f"{v} {self._look(self.STATUSES, k, 'counter')}" for k, v in st.counters.items())
        return tuple(out)

    def attached(self, state: GameState, card: int, viewer: int) -> tuple[str, ...]:
        st = state.cs.get(card)
        if st is None or not st.attached:
            return ()
        return tuple(state.defs[a].name if state.visible(a, viewer) else "a face-down card" for a in st.attached)

    def zones(self, state: GameState, player: int, viewer: int) -> list[ZoneWords]:
        """The player's zones in board order, as ``viewer`` may see them."""
        out = []
        vis_of = self.rules.ZONES
        for key in self.BOARD or tuple(state.zones[player]):
            ids = state.zones[player][key]
            vis = vis_of.get(key, PUBLIC)
            if vis == HIDDEN or (vis != PUBLIC and player != viewer):
                out.append(ZoneWords(key, self.zone(key), len(ids), None))
                continue
            shown = tuple(self.card(state, c, viewer) for c in ids if state.visible(c, viewer))
            out.append(ZoneWords(key, self.zone(key), len(ids), shown, len(ids) - len(shown)))
        return out

    # ------------------------------------------------------------------ decisions
    def action(self, state: GameState, action: Action, viewer: int) -> str:
        """What an action will do, in words (games add side effects: "... and discards Ashen Brute").

        The effect language's own decisions (choose a card or an option, order triggers, take an optional effect,
        stop choosing) read the same in every game, through :meth:`chosen`, :meth:`option`, ``YES`` and ``EFFECT``.
        """
        k, a = action.kind, action.args
        if k == "choose":
            return f"Choose {self.chosen(state, a[0], viewer)}"
        if k == "option":
            return self.option(state, str(a[0]))
        if k == "first":
            return f"Resolve {self.named(state, a[0], viewer)}'s {self.EFFECT} first"
        if k in ("yes", "no"):
            return self.YES if k == "yes" else "No"
        if k == "done":
            return "Done choosing"
        verb = self._look(self.ACTIONS, action.kind, "action")
        parts = [verb]
        for a in action.args:
            if type(a) is int:
                parts.append(state.defs[a].name if state.visible(a, viewer) else "a face-down card")
            else:
                parts.append(self.word(a))
        return " ".join(parts)

    def chosen(self, state: GameState, card: int, viewer: int) -> str:
        """A card a ``choose`` decision offers, as the chooser sees it (games say where it stands)."""
        return self.named(state, card, viewer)

    def option(self, state: GameState, value: str) -> str:
        """An ``option`` decision's value in words (games read the pending prompt for what it means)."""
        return self.word(value)

    def word(self, arg: str) -> str:
        """A word argument of an action (a zone slot, an option) in words; zones by their names."""
        if arg in self.ZONES:
            return self.ZONES[arg]
        return arg.replace("_", " ")

    def action_cards(self, state: GameState, action: Action, viewer: int) -> tuple[int, ...]:
        return tuple(a for a in action.args if type(a) is int and state.visible(a, viewer))

    def actions(self, state: GameState, viewer: int) -> list[ActionWords]:
        """The viewer's legal actions in words (empty when it is not their decision)."""
        if state.result is not None or state.current != viewer:
            return []
        return [ActionWords(self.action(state, a, viewer), self.action_cards(state, a, viewer), a)
                for a in state.legal_actions()]

    def choice(self, state: GameState, viewer: int) -> str | None:
        """What ``viewer`` is being asked to choose now and why, or None when nothing is pending for them.

        The card whose effect asks comes first ("Flame Lasher: choose the Guardian to strike"). A prompt the card
        file wrote is shown as written; the engine's default prompt (``choose <variable>``) is looked up in
        ``CHOICES`` by the variable's name (strict mode: a missing one is an error).
        """
        pending = state.pending
        if pending is None or pending.player != viewer or state.result is not None:
            return None
        what = self.prompt(state, pending.prompt, pending.bind)
        source = self.pending_source(state)
        if source >= 0 and state.visible(source, viewer):
            return f"{state.defs[source].name}: {what}"
        return what[:1].upper() + what[1:]

    def prompt(self, state: GameState, prompt: str, bind: str) -> str:
        """A pending decision's prompt in words (see :meth:`choice`)."""
        what = self.CHOICES.get(prompt) or self.CHOICES.get(bind)
        if what is not None:
            return what
        if prompt.endswith(f"choose {bind}") or "_" in prompt:
            if self.strict:
                raise MissingWords(f"{self.rules.id}: no words for the choice {prompt!r} ({bind!r})")
            return "choose one"
        return prompt

    def pending_source(self, state: GameState) -> int:
        """The card whose effect is asking the pending decision, or -1 (a rule of the game asks)."""
        if state.pending is None or not state.stack:
            return -1
        source = state.stack[-1][2].get("source", -1)
        return source if type(source) is int and 0 <= source < len(state.defs) else -1

    def refusal(self, state: GameState, action: Action) -> Refusal:
        """Why ``action`` is not legal now, with the clause that says so; it names no card the player cannot see.

        A card named by its quoted name (``play "Fire Imp"``) is read as the card of that name the player sees
        (their own first), so the reason is the same as for its ``#id``; a card the player cannot see, or no card
        at all, is refused as such without a word of what it is.
        """
        if state.result is not None:
            return Refusal("the game is over")
        viewer = state.current
        if state.pending is not None:
            return Refusal(f"first answer the pending choice: {self.choice(state, viewer) or 'a choice'}")
        args = []
        for a in action.args:
            if type(a) is int:
                if not 0 <= a < len(state.defs):
                    return Refusal("there is no such card")
                if not state.visible(a, viewer):
                    return Refusal("you cannot see that card")
            elif isinstance(a, str) and a not in self.ZONES:
                a = self.card_named(state, a, viewer)
            args.append(a)
        resolved = action._replace(args=tuple(args))
        if resolved != action and resolved in state.legal_actions():
            return Refusal("several cards have that name: name the card by its number")
        return self.explain(state, resolved)

    def explain(self, state: GameState, action: Action) -> Refusal:
        """The game's reason for refusing ``action`` (card arguments already checked visible): its ruleset's
        ``explain_illegal`` split into words and clause. Games override it to say more."""
        return split_clause(state.rules.explain_illegal(state, action))

    def card_named(self, state: GameState, name: str, viewer: int) -> int | str:
        """The id of a card called ``name`` that ``viewer`` sees (theirs first), or ``name`` itself when none."""
        found = [c for c, d in enumerate(state.defs) if d.name == name and state.loc[c][1]
                 and state.visible(c, viewer)]
        found.sort(key=lambda c: state.owner[c] != viewer)
        return found[0] if found else name

    # ------------------------------------------------------------------ the log and the end
    def event(self, state: GameState, ev: Event, viewer: int, names: Sequence[str] | None = None) -> str:
        """One logged event as a sentence, as ``viewer`` may see it.

        The game's ``EVENTS`` come first; the core's own event kinds (move, shuffle, coin, roll, status, counter,
        modify, tap, resource, look, reveal, game_over) have default sentences built from the game's tables.
        """
        ev = state.event_for(ev, viewer)
        template = self.EVENTS.get(ev.kind)
        token = _NAMES.set(names)
        try:
            if template is None:
                core = _CORE_EVENTS.get(ev.kind)
                if core is not None:
                    return _sentence(core(self, state, ev, viewer))
                if self.strict:
                    raise MissingWords(f"{self.rules.id}: no words for the event {ev.kind!r}")
                return f"{self.player(state, ev.player, viewer, names)}: {ev.kind.replace('_', ' ')}"
            if callable(template):
                return _sentence(template(self, state, ev, viewer))
            return _sentence(template.format(who=self.player(state, ev.player, viewer, names),
                                             card=self.card_name(state, ev), data=ev.data))
        finally:
            _NAMES.reset(token)

    # ------------------------------------------------------------------ grammar helpers for sentences
    def who(self, state: GameState, player: int, viewer: int) -> str:
        """The player's name for the sentence being written (the names given to :meth:`event`, if any)."""
        return self.player(state, player, viewer, _NAMES.get())

    def does(self, state: GameState, player: int, viewer: int, verb: str) -> str:
        """Subject and verb agreeing: ``does(s, 0, 0, "draw")`` -> "you draw"; for player 1: "Player 2 draws"."""
        name = self.who(state, player, viewer)
        return f"{name} {verb if name.lower() == 'you' else third_person(verb)}"

    def whose(self, state: GameState, player: int, viewer: int) -> str:
        """The possessive: "your" (the reader's own, when no names are given) or "Player 2's"."""
        names = _NAMES.get()
        if names is None and player == viewer:
            return "your"
        return f"{self.player(state, player, -1 if names is None else viewer, names)}'s"

    def named(self, state: GameState, card: int, viewer: int, hidden: str = "a face-down card") -> str:
        """A card's name if ``viewer`` may see it now, else ``hidden``."""
        if card < 0 or card >= len(state.defs) or not state.visible(card, viewer):
            return hidden
        return state.defs[card].name

    def status_phrase(self, state: GameState, card: int, status: str, value: int) -> str:
        """A status with its value as a phrase ("Paralysed for 2 more turns"); default: the STATUSES entry."""
        return self._look(self.STATUSES, status, "status")

    def counter_phrase(self, state: GameState, card: int, counter: str, value: int) -> str:
        """A counter with its value as a phrase ("3 uses left"); default: value and the STATUSES entry."""
        return f"{value} {self._look(self.STATUSES, counter, 'counter')}"

    def until(self, expiry: str | int) -> str:
        """When a stat change ends (:mod:`tcgkit.core.durations`): "until the end of the turn", "until the end of
        the next turn", "for 3 turns", "" (permanent); a game's own durations through its words."""
        if type(expiry) is int:
            return _UNTIL["turn"] if expiry <= 1 else _UNTIL["next_turn"] if expiry == 2 else f"for {expiry} turns"
        return _UNTIL[expiry] if expiry in _UNTIL else self._look({}, expiry, "expiry")

    def silent(self, state: GameState, ev: Event) -> bool:
        """Whether the log leaves ``ev`` out (it is still described): ``SILENT_EVENTS`` by default; games also
        hide moves that another event of theirs already tells."""
        return ev.kind in self.SILENT_EVENTS

    def move_sentence(self, state: GameState, ev: Event, viewer: int) -> str:
        """A ``move`` event: draws, discards and other moves between zones, naming the card only if visible."""
        fp, fz, tp, tz = ev.data
        card = self.card_name(state, ev)
        if fz == self.rules.DECK_ZONE and tz == self.rules.HAND_ZONE:
            return f"{self.does(state, tp, viewer, 'draw')} {card if ev.card >= 0 else 'a card'}"
        if not fz:
            return f"{card} is put into {self.whose(state, tp, viewer)} {self.zone(tz)}"
        src = f"{self.whose(state, fp, viewer)} {self.zone(fz)}"
        dest = self.zone(tz) if tp == fp else f"{self.whose(state, tp, viewer)} {self.zone(tz)}"
        return f"{card} moves from {src} to {dest}"

    def card_name(self, state: GameState, ev: Event) -> str:
        """The event's card by name, or "a card" when the viewer may not know it (``ev`` already filtered)."""
        return state.defs[ev.card].name if ev.card >= 0 else "a card"

    def log(self, state: GameState, viewer: int, start: int = 0, names: Sequence[str] | None = None) -> list[str]:
        """The log from event ``start`` on, as sentences (silent events left out)."""
        return [self.event(state, ev, viewer, names) for ev in state.log[start:] if not self.silent(state, ev)]

    def result(self, state: GameState, viewer: int, names: Sequence[str] | None = None) -> str | None:
        """How the game ended, in words, with the clause: "You win: ... (TGOD-WIN-01)"; None while it goes on."""
        r = state.result
        if r is None:
            return None
        if r.winner is None:
            head = "A draw"
        elif r.winner == viewer:
            head = "You win"
        else:
            head = f"{self.player(state, r.winner, viewer, names)} wins".capitalize()
        return f"{head}: {self.result_reason(state, viewer, names)}" + (f" ({r.clause})" if r.clause else "")

    def result_reason(self, state: GameState, viewer: int, names: Sequence[str] | None = None) -> str:
        """Why the game ended, in words (games rephrase reasons that name players by index)."""
        return state.result.reason if state.result is not None else ""


def present(state: GameState, viewer: int, names: Sequence[str] | None = None, log_tail: int = 30,
            words: Words | None = None) -> dict[str, Any]:
    """Everything ``viewer`` may know, in words, as JSON: what the terminal and the web page show.

    ``players`` lists every player with ``name``, ``numbers`` and ``zones``; ``actions`` the viewer's legal actions
    (empty when another player decides); ``choice`` what is being chosen; ``log`` the latest sentences.
    ``viewer`` may be :data:`SPECTATOR`: then only public cards are shown, and there are no actions and no choice.
    ``words``: another :class:`Words` of the game than ``state.rules.words`` (a strict one, in tests).
    """
    words = words or state.rules.words
    return {
        "game": state.rules.name,
        "viewer": viewer,
        "phase": words.phase(state, viewer),
        "players": [
            {"name": words.player(state, p, viewer, names), "deciding": state.current == p and state.result is None,
             "numbers": [list(n) for n in words.numbers(state, p, viewer)],
             "zones": [z.to_json() for z in words.zones(state, p, viewer)]}
            for p in range(len(state.zones))
        ],
        "choice": words.choice(state, viewer),
        "actions": [a.to_json() for a in words.actions(state, viewer)],
        "log": words.log(state, viewer, max(0, len(state.log) - log_tail), names),
        "result": words.result(state, viewer, names),
    }


# ---------------------------------------------------------------------------------------------- the core's events

_NAMES: ContextVar[Sequence[str] | None] = ContextVar("tcgkit_words_names", default=None)
_UNTIL = {"turn": "until the end of the turn", "next_turn": "until the end of the next turn", "permanent": "", "": ""}


def third_person(verb: str) -> str:
    """The verb after "he/she/it": ``third_person("draw")`` -> ``"draws"``; "have" -> "has"; "are" -> "is".

    >>> [third_person(v) for v in ("draw", "pass", "have", "are", "go", "carry", "take the")]
    ['draws', 'passes', 'has', 'is', 'goes', 'carries', 'takes the']
    """
    head, _, rest = verb.partition(" ")
    irregular = {"have": "has", "are": "is", "do": "does", "go": "goes"}
    if head in irregular:
        head = irregular[head]
    elif head.endswith(("s", "sh", "ch", "x", "z")):
        head += "es"
    elif head.endswith("y") and head[-2:-1] not in "aeiou":
        head = head[:-1] + "ies"
    else:
        head += "s"
    return f"{head} {rest}" if rest else head


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _ev_move(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return w.move_sentence(state, ev, viewer)


def _ev_shuffle(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.does(state, ev.player, viewer, 'shuffle')} {w.whose(state, ev.player, viewer)} {w.zone(ev.data[0])}"


def _ev_coin(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"the coin shows {ev.data[0]}"


def _ev_roll(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    if ev.player < 0:
        return f"a die shows {ev.data[-1]}"
    return f"{w.does(state, ev.player, viewer, 'roll')} a {ev.data[-1]}"


def _ev_status(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)}: {w.status_phrase(state, ev.card, ev.data[0], ev.data[1])}"


def _ev_status_removed(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} is no longer {w.status_phrase(state, ev.card, ev.data[0], 0)}"


def _ev_counter(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} now has {w.counter_phrase(state, ev.card, ev.data[0], ev.data[1])}"


def _ev_modify(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    stat, by, until = ev.data
    when = w.until(until)
    return f"{w.card_name(state, ev)} gets {by:+d} {w.stat(stat)}" + (f" {when}" if when else "")


def _ev_tap(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} is {'tapped' if ev.kind == 'tap' else 'untapped'}"


def _ev_resource(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    key, value = ev.data[0], ev.data[-1]
    label = w._look(w.NUMBERS, key, "number")
    return f"{w.whose(state, ev.player, viewer)} {label} is now {value}"


def _ev_look(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.does(state, ev.player, viewer, 'look')} at {w.card_name(state, ev)}"


def _ev_reveal(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.does(state, ev.player, viewer, 'reveal')} {w.card_name(state, ev)}"


def _ev_game_over(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return w.result(state, viewer, _NAMES.get()) or "the game is over"


_CORE_EVENTS: dict[str, Callable[[Words, GameState, Event, int], str]] = {
    "move": _ev_move, "shuffle": _ev_shuffle, "coin": _ev_coin, "roll": _ev_roll, "status": _ev_status,
    "status_removed": _ev_status_removed, "counter": _ev_counter, "modify": _ev_modify, "tap": _ev_tap,
    "untap": _ev_tap, "resource": _ev_resource, "look": _ev_look, "reveal": _ev_reveal, "game_over": _ev_game_over,
}


_EVENT_FIELDS: dict[str, Callable[..., Any]] = {
    "card": lambda w, state, ev, viewer, verb, other: w.card_name(state, ev),
    "who": lambda w, state, ev, viewer, verb, other: w.does(state, ev.player, viewer, verb),
    "player": lambda w, state, ev, viewer, verb, other: w.who(state, ev.player, viewer),
    "whose": lambda w, state, ev, viewer, verb, other: w.whose(state, ev.player, viewer),
    "other": lambda w, state, ev, viewer, verb, other: w.named(state, ev.data[0], viewer, other),
    "data": lambda w, state, ev, viewer, verb, other: ev.data,
}


def card_event(template: str, verb: str = "", other: str = "a card") -> Callable[[Words, GameState, Event, int], str]:
    """An event sentence from a template, for a game's ``EVENTS`` table. Its fields, as the reader may know them:

    - ``card``: the event's card ("a card" when the reader may not know it); ``data``: the event's data;
    - ``who``: the event's player doing ``verb``, the verb agreeing ("Player 2 draws", "You draw");
    - ``player`` / ``whose``: the event's player ("Player 2", "You") / their possessive ("Player 2's", "your");
    - ``other``: the card ``data[0]`` names, or ``other`` when the reader may not know it.

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("tgod")
    >>> state = rules.new_game(list(rules.decks())[:2], seed=1)
    >>> card_event("{who} {data[0]} cards", verb="draw")(rules.words, state, Event("deal", 0, -1, (5,)), 1)
    'Player 1 draws 5 cards'
    """
    fields = {name.partition("[")[0].partition(".")[0] for _, name, _, _ in Formatter().parse(template) if name}
    unknown = fields - _EVENT_FIELDS.keys()
    if unknown:
        raise ValueError(f"event template {template!r}: unknown field(s) {', '.join(sorted(unknown))}")
    getters = [(name, _EVENT_FIELDS[name]) for name in sorted(fields)]

    def sentence(w: Words, state: GameState, ev: Event, viewer: int) -> str:
        return template.format(**{name: get(w, state, ev, viewer, verb, other) for name, get in getters})
    return sentence


def does_event(verb: str, rest: str = "") -> Callable[[Words, GameState, Event, int], str]:
    """An event sentence whose subject is the event's player, the verb agreeing ("Player 2 draws"), then ``rest``
    with the fields of :func:`card_event`: ``{"keep": does_event("keep", " the hand")}``."""
    return card_event("{who}" + rest, verb=verb)
