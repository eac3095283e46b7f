"""Playing in the terminal: a readable board, numbered legal actions, and a log of what happened."""

from __future__ import annotations

from rich.console import Console

from tcgkit.bots import View, make_bot
from tcgkit.core.errors import TcgkitError
from tcgkit.core.state import GameState
from tcgkit.games import get_rules
from tcgkit.play import replay_record, save_replay

HELP = "Type an action's number (or its text); 'b' shows the board, 'l' the log, 'q' quits."


def describe_event(state: GameState, ev, viewer: int) -> str:
    ev = state.event_for(ev, viewer)
    who = "you" if ev.player == viewer else f"player {ev.player}" if ev.player >= 0 else "game"
    card = state.defs[ev.card].name if ev.card >= 0 else ("a card" if ev.kind == "move" else "")
    if ev.kind == "move":
        fp, fz, tp, tz = ev.data
        return f"{who}: {card} {fz or 'new'} -> {tz}"
    data = " ".join(str(d) for d in ev.data)
    return f"{who}: {ev.kind} {card} {data}".rstrip()


def action_seen_by(state: GameState, action, viewer: int) -> str:
    """An action as ``viewer`` may see it (before it is applied): cards the viewer cannot see are "a card".

    With no human seat (``viewer`` -1: two bots), everything is shown.
    """
    parts = [action.kind]
    for a in action.args:
        if type(a) is not int:
            parts.append(a)
        elif viewer < 0 or state.visible(a, viewer):
            parts.append(f"{state.defs[a].name} (#{a})")
        else:
            parts.append("a card")
    return " ".join(parts)


def play_terminal(game: str, deck: str | None, opponent_deck: str | None, vs: str, seed: int,
                  bots: tuple[str, str] | None, seat: int, save: str | None, console: Console) -> GameState:
    """Run one game: a human at ``seat`` against ``vs``, or ``bots`` against each other (printed as it goes)."""
    rules = get_rules(game)
    shipped = list(rules.decks())
    if not shipped and (deck is None or opponent_deck is None):
        raise TcgkitError(f"{game} ships no decks; give --deck and --opponent-deck")
    mine = rules.deck(deck) if deck else rules.deck(shipped[0])
    theirs = rules.deck(opponent_deck) if opponent_deck else rules.deck(shipped[1 % len(shipped)])
    decks = [mine, theirs] if seat == 0 else [theirs, mine]
    state = rules.new_game(decks, seed)
    if bots:
        seats = [make_bot(bots[0], seed * 2 + 1), make_bot(bots[1], seed * 2 + 2)]
        human = -1
    else:
        seats = [make_bot(vs, seed * 2 + 1 + i) for i in range(2)]
        human = seat
    console.print(f"{rules.name}: {decks[0].name} (player 0) vs {decks[1].name} (player 1), seed {seed}")
    seen = 0
    while state.result is None:
        viewer = human if human >= 0 else state.current
        for ev in state.log[seen:]:
            if ev.kind not in ("shuffle",):
                console.print(f"  . {describe_event(state, ev, viewer)}")
        seen = len(state.log)
        p = state.current
        if p == human:
            action = _ask_human(state, human, console)
            if action is None:
                console.print("You left the game.")
                return state
        else:
            action = seats[p].choose(View(state, p))
            console.print(f"player {p} ({seats[p].name}): {action_seen_by(state, action, human)}")
        state.apply(action)
    viewer = human if human >= 0 else 0
    for ev in state.log[seen:]:
        console.print(f"  . {describe_event(state, ev, viewer)}")
    r = state.result
    assert r is not None
    verdict = "a draw" if r.winner is None else ("you win" if r.winner == human else f"player {r.winner} wins")
    console.print(f"Game over: {verdict} - {r.reason}" + (f" ({r.clause})" if r.clause else ""))
    if save:
        save_replay(save, replay_record(state, decks))
        console.print(f"replay saved to {save}")
    return state


def _ask_human(state: GameState, human: int, console: Console):
    console.print()
    console.print(state.rules.describe(state, human))
    if state.pending is not None:
        console.print(state.pending.prompt, style="bold", markup=False)
    legal = state.legal_actions()
    for i, a in enumerate(legal, 1):
        console.print(f"  {i:>2}. {state.action_label(a)}")
    while True:
        try:
            answer = input("your move> ").strip()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer in ("h", "?", "help"):
            console.print(HELP)
            continue
        if answer == "b":
            console.print(state.rules.describe(state, human))
            continue
        if answer == "l":
            for ev in state.log[-20:]:
                console.print(f"  . {describe_event(state, ev, human)}")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            action = state.parse_action(answer)
        except TcgkitError as exc:
            console.print(f"{exc}. {HELP}")
            continue
        if action in legal:
            return action
        console.print(f"not a legal action now. {HELP}")
