"""Playing in the terminal: the board, the legal moves and the log in the game's own words.

Everything printed comes from the game's presentation layer (``rules.words``, :mod:`tcgkit.core.words`), so the
terminal says what the web page says. At the prompt a player types an action's number or its text; ``i NAME``
shows a visible card in full, ``b`` the board, ``l`` the log, ``?`` how to play and the keys, ``q`` leaves (a game
given ``--save`` is saved on leaving too). A refused move is answered with the rule that refuses it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tcgkit.bots import Bot, View, make_bot
from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.errors import IllegalAction, TcgkitError
from tcgkit.core.state import GameState
from tcgkit.core.words import CardWords, Words
from tcgkit.games import get_rules
from tcgkit.replays import replay_record, save_replay

KEYS = ("Type a move's number or its text. Keys: i NAME inspects a card you can see, b shows the board, "
        "l the log, ? how to play, q leaves the game.")


def board(state: GameState, viewer: int, names: Sequence[str]) -> Group:
    """The board from ``viewer``'s side (opponent on top): each player's numbers and zones, cards in words."""
    words = state.rules.words
    order = [p for p in range(len(state.zones)) if p != viewer] + ([viewer] if viewer >= 0 else [])
    panels = [Text(words.phase(state, viewer), style="bold")]
    for p in order:
        numbers = "; ".join(f"{label} {value}" for label, value in words.numbers(state, p, viewer))
        title = escape(names[p])
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="cyan", no_wrap=True)
        grid.add_column()
        if numbers:
            grid.add_row("", Text(numbers, style="bold"))
        for zone in words.zones(state, p, viewer):
            if zone.cards is None:
                if zone.count:
                    grid.add_row(zone.name, _count(zone.count))
                continue
            if not zone.count:
                continue
            lines = _grouped(c.line() for c in zone.cards)
            if zone.face_down:
                lines.append(f"{_count(zone.face_down)} face down")
            grid.add_row(zone.name, Text("\n".join(lines)))
        style = "green" if p == viewer else "red"
        panels.append(Panel(grid, title=title, title_align="left", border_style=style))
    return Group(*panels)


def _grouped(lines: Iterable[str]) -> list[str]:
    """Identical lines once, with their number: a deck shown face up reads as a list, not a wall.

    >>> _grouped(["Imp", "Imp", "Golem", "Imp"])
    ['2 x Imp', 'Golem', 'Imp']
    """
    out: list[str] = []
    for line, run in groupby(lines):
        n = sum(1 for _ in run)
        out.append(f"{n} x {line}" if n > 1 else line)
    return out


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def card_panel(card: CardWords) -> Panel:
    """One card in full: type line, numbers, statuses, what is attached, and its whole text."""
    body = [Text(card.kind, style="italic")]
    if card.stats:
        body.append(Text(", ".join(f"{k} {v}" for k, v in card.stats)))
    if card.statuses:
        body.append(Text("Now: " + "; ".join(card.statuses)))
    if card.attached:
        body.append(Text("Attached: " + ", ".join(card.attached)))
    if card.text:
        body.append(Text(card.text))
    return Panel(Group(*body), title=escape(card.name), title_align="left")


def visible_cards(state: GameState, viewer: int) -> list[CardWords]:
    """Every card ``viewer`` can see now, in board order."""
    words = state.rules.words
    out = []
    for p in range(len(state.zones)):
        for zone in words.zones(state, p, viewer):
            out.extend(zone.cards or ())
    return out


def find_card(state: GameState, viewer: int, query: str) -> CardWords | None:
    """A visible card by name: an exact name first, then the first whose name starts with or holds ``query``."""
    q = query.strip().strip('"').lower()
    cards = visible_cards(state, viewer)
    for test in (lambda n: n == q, lambda n: n.startswith(q), lambda n: q in n):
        for c in cards:
            if test(c.name.lower()):
                return c
    return None


class TerminalGame:
    """One game in the terminal: a human at ``human`` (-1: watching bots) against ``seats``' bots."""

    def __init__(self, state: GameState, seats: list[Bot | None], human: int, names: list[str],
                 console: Console) -> None:
        self.state, self.seats, self.human, self.names, self.console = state, seats, human, names, console
        self.words: Words = state.rules.words
        self.seen = 0

    @property
    def viewer(self) -> int:
        return self.human

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    def print_log(self) -> None:
        for line in self.words.log(self.state, self.viewer, self.seen, self.names):
            self.say(f"  . {line}", "dim")
        self.seen = len(self.state.log)

    def run(self) -> bool:
        """Play to the end; False when the human left."""
        state = self.state
        while state.result is None:
            self.print_log()
            p = state.current
            if p == self.human:
                if not self.human_turn():
                    return False
                continue
            bot = self.seats[p]
            assert bot is not None
            state.apply(bot.choose(View(state, p)))  # the log says what the bot did, as the viewer may see it
        self.print_log()
        self.say(f"Game over. {self.words.result(state, self.viewer, self.names)}", "bold")
        return True

    def human_turn(self) -> bool:
        """Ask until a legal move is made (True) or the human leaves (False)."""
        state = self.state
        self.console.print(board(state, self.human, self.names), soft_wrap=False)
        self.show_moves()
        while True:
            try:
                answer = input("your move> ").strip()
            except EOFError:
                return False
            if not answer:
                continue
            if answer in ("q", "quit"):
                return False
            if self.command(answer):
                continue
            action = self.read_action(answer)
            if action is None:
                continue
            try:
                state.apply(action)
            except IllegalAction as exc:
                rule = f" ({exc.clause})" if exc.clause else ""
                self.say(f"Refused: {exc.why}{rule}", "yellow")
                continue
            return True

    def show_moves(self) -> None:
        choice = self.words.choice(self.state, self.human)
        if choice:
            self.say(choice, "bold")
        for i, a in enumerate(self.words.actions(self.state, self.human), 1):
            self.say(f"  {i:>2}. {a.text}")

    def command(self, answer: str) -> bool:
        """The keys other than moves; True when ``answer`` was one."""
        head, _, rest = answer.partition(" ")
        if answer in ("?", "h", "help"):
            summary = self.words.SUMMARY or f"{self.state.rules.name}: see the rulebook."
            self.console.print(Panel(Text(summary), title="How to play", title_align="left"), soft_wrap=False)
            self.say(KEYS)
        elif answer == "b":
            self.console.print(board(self.state, self.human, self.names), soft_wrap=False)
            self.show_moves()
        elif answer == "l":
            for line in self.words.log(self.state, self.human, max(0, len(self.state.log) - 40), self.names):
                self.say(f"  . {line}", "dim")
        elif head in ("i", "inspect") and rest:
            card = find_card(self.state, self.human, rest)
            if card is None:
                self.say(f"No card you can see is called {rest!r}.", "yellow")
            else:
                self.console.print(card_panel(card), soft_wrap=False)
        else:
            return False
        return True

    def read_action(self, answer: str) -> Action | None:
        """A move from its number, its words or its text form; None (after saying why) when it reads as none."""
        legal = self.words.actions(self.state, self.human)
        if answer.isdigit():
            if 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1].action
            self.say(f"Type a number from 1 to {len(legal)}, or ? for help.", "yellow")
            return None
        for a in legal:
            if a.text.lower() == answer.lower():
                return a.action
        try:
            return self.state.parse_action(answer)
        except TcgkitError as exc:
            self.say(f"{exc}. {KEYS}", "yellow")
            return None


def play_terminal(game: str, deck: str | None, opponent_deck: str | None, vs: str, seed: int,
                  bots: tuple[str, str] | None, seat: int, save: str | None, console: Console) -> GameState:
    """Run one game: a human at ``seat`` against the bot ``vs``, or ``bots`` against each other.

    With ``save`` the replay is written when the game ends or the human leaves.
    """
    rules = get_rules(game)
    decks = _decks(rules, deck, opponent_deck, seat)
    state = rules.new_game(decks, seed)
    if bots:
        seats: list[Bot | None] = [make_bot(bots[0], seed * 2 + 1), make_bot(bots[1], seed * 2 + 2)]
        human = -1
        names = [f"Player {i + 1} ({b})" for i, b in enumerate(bots)]
    else:
        seats = [None if i == seat else make_bot(vs, seed * 2 + 1 + i) for i in range(2)]
        human = seat
        names = [f"Player {i + 1} (you)" if i == seat else f"Player {i + 1} ({vs} bot)" for i in range(2)]
    console.print(Text(f"{rules.name}: {names[0]} with {decks[0].name} against {names[1]} with {decks[1].name}, "
                       f"seed {seed}. Type ? for help."))
    finished = TerminalGame(state, seats, human, names, console).run()
    if not finished:
        console.print("You left the game.")
    if save:
        save_replay(save, replay_record(state, decks))
        console.print(Text(f"replay saved to {save}"))
    return state


def _decks(rules, deck: str | None, opponent_deck: str | None, seat: int) -> list[Deck]:
    shipped = list(rules.decks())
    if not shipped and (deck is None or opponent_deck is None):
        raise TcgkitError(f"{rules.id} ships no decks; give --deck and --opponent-deck")
    mine = rules.deck(deck) if deck else rules.deck(shipped[0])
    theirs = rules.deck(opponent_deck) if opponent_deck else rules.deck(shipped[1 % len(shipped)])
    return [mine, theirs] if seat == 0 else [theirs, mine]
