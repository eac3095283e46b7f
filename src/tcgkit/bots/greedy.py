"""The greedy bot: one decision of lookahead, scored by the game's own evaluation.

For each legal action the bot plays it on a sampled copy of the game (:meth:`View.sample_state`: every card the
player cannot see is re-dealt, the game's RNG reseeded) and scores the result with ``rules.evaluate(state, me)``.
It takes the best action. Every action of one decision is tried on the *same* sample, so chance (dice, draws) is
the same for all of them and cannot decide between them. Ties (many actions do not move the evaluation at all) go
to acting over passing, then to the bot's own seeded RNG.

It never reads hidden information: it sees only the view, and the samples it plays on depend only on the view and
on its seed.

>>> from tcgkit.bots.greedy import GreedyBot
>>> from tcgkit.bots.base import View
>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> state = rules.new_game(list(rules.decks())[:2], seed=3)
>>> action = GreedyBot(seed=1).choose(View(state, state.current))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from tcgkit.bots.base import View
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import Rng

if TYPE_CHECKING:
    from tcgkit.core.actions import Action
    from tcgkit.core.ruleset import Ruleset
    from tcgkit.core.state import GameState

#: Evaluations closer than this are a tie.
TIE = 1e-9
#: How many follow-up choices of an unfinished action (a target, a column) the bot looks through, and how wide.
FOLLOW_DEPTH = 2
FOLLOW_WIDTH = 12
#: How many forced moves (one legal action) the bot plays through before scoring.
FORCED_LIMIT = 16


def is_pass(action: Action, rules: Ruleset) -> bool:
    """Whether an action gives the decision away (ends the turn or the phase, passes, declines): the game says
    (:meth:`Ruleset.is_pass <tcgkit.core.ruleset.Ruleset.is_pass>`).

    >>> from tcgkit.core.actions import Action
    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("phaktionz")
    >>> is_pass(Action("pass"), rules), is_pass(Action("next"), rules), is_pass(Action("battle", (3, 4)), rules)
    (True, True, False)
    """
    return rules.is_pass(action)


def score_after(state: GameState, action: Action, player: int, follow: int = FOLLOW_DEPTH) -> float:
    """``rules.evaluate`` for ``player`` after playing ``action`` on a clone of ``state`` (``state`` is untouched).

    Forced moves that follow are played first (a spell the opponent can only ``pass`` on resolves). An action that
    is not finished yet (the same player must now choose where or whom, with no way to pass, as after "place a
    card" comes "in which column") is scored by its best completion, up to ``follow`` choices deep, so that the one
    decision the bot looks at is a whole move.
    """
    s = state.clone()
    s.apply(action)
    return completed_value(s, player, follow)[0]


class Scored(NamedTuple):
    """An action scored by :func:`score_children`: ``player``'s ``value`` after it, the state it led to (forced moves
    played, an unfinished action not completed yet) and the ``completed`` state the value was read on (the same
    object when nothing was left to complete)."""

    value: float
    after: GameState
    completed: GameState


_tuple_new = tuple.__new__


def score_children(state: GameState, legal: list[Action], player: int,
                   spare: bool = False) -> tuple[list[float], dict[int, Scored]]:
    """:func:`score_after` for each of ``legal`` on ``state`` (the scores, in order), and the states that the best
    ones led to (by index: every action that can still be the greedy choice, within :data:`TIE` of the best), so that
    a caller that goes on with the choice (a rollout) does not play it again. The other states are dropped as soon
    as they are beaten: holding every child alive costs more in garbage collection than it saves.

    With ``spare`` the caller gives ``state`` up: the last action is played on ``state`` itself instead of on a copy
    (one clone fewer; the result is the same, since a clone has the same future). Otherwise ``state`` is untouched.

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("tgod")
    >>> state = rules.new_game(list(rules.decks())[:2], seed=3)
    >>> legal = state.legal_actions()
    >>> scores, best = score_children(state, legal, state.current)
    >>> scores == [score_after(state, a, state.current) for a in legal]
    True
    >>> sorted(best) == [i for i, v in enumerate(scores) if v >= max(scores) - TIE]
    True
    """
    scores: list[float] = []
    kept: dict[int, Scored] = {}
    top = -math.inf
    last = len(legal) - 1
    for i, action in enumerate(legal):
        s = state if spare and i == last else state.clone()
        s.apply(action)
        value, done = completed_value(s, player)
        scores.append(value)
        if value >= top - TIE:
            if value > top:
                top = value
                kept = {k: v for k, v in kept.items() if v.value >= top - TIE}
            kept[i] = _tuple_new(Scored, (value, s, done))  # Scored(...) without its Python-level __new__
    return scores, kept


def unfinished(state: GameState, player: int) -> list[Action] | None:
    """The follow-up choices when ``player`` is in the middle of an action (must choose again, cannot pass).

    None when the game is over, someone else decides, passing is possible, or there are too many choices.
    """
    if state.result is not None or state.current != player:
        return None
    legal = state.legal_actions()
    if len(legal) > FOLLOW_WIDTH or any(map(state.rules.is_pass, legal)):
        return None
    return legal


def play_forced(state: GameState, limit: int = FORCED_LIMIT) -> None:
    """Play on through forced moves (a decision with one legal action, whoever's it is), at most ``limit``.

    A spell waiting for the opponent's only possible answer (``pass``) resolves, so that it is scored by its effect.
    """
    for _ in range(limit):
        if state.result is not None:
            return
        legal = state.legal_actions()
        if len(legal) != 1:
            return
        state.apply(legal[0])


def completed_value(state: GameState, player: int, follow: int = FOLLOW_DEPTH) -> tuple[float, GameState]:
    """``player``'s evaluation of ``state`` once forced moves are played and an unfinished action of ``player`` is
    completed as well as possible (see :func:`score_after`), with the completed state. ``state`` is played on:
    pass a copy you can spare."""
    play_forced(state)
    legal = unfinished(state, player) if follow > 0 else None
    if not legal:
        return state.rules.evaluate(state, player), state
    best: tuple[float, GameState] | None = None
    for a in legal:
        s = state.clone()
        s.apply(a)
        got = completed_value(s, player, follow - 1)
        if best is None or got[0] > best[0]:
            best = got
    assert best is not None
    return best


class GreedyBot:
    """Plays the legal action whose result the game's ``evaluate`` likes best, one decision deep.

    ``samples`` is how many sampled games each action is scored on (their mean counts): 1 is enough when the game
    has little chance between a decision and its result; more smooths dice and draws at a proportional cost.
    ``make_bot("greedy")`` or ``make_bot("greedy:3")`` (three samples).
    """

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 1) -> None:
        if samples < 1:
            raise TcgkitError("greedy needs at least one sample per decision")
        self.rng = Rng(seed)
        self.samples = samples

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        me = view.player
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            sample = view.sample_state(self.rng)
            for i, action in enumerate(legal):
                totals[i] += score_after(sample, action, me)
        return self.pick(legal, totals, view.rules)

    def choose_on(self, state: GameState, legal: list[Action]) -> Action:
        """The greedy choice for ``state.current`` on a state the caller may search (a rollout's determinization)."""
        me = state.current
        return self.pick(legal, [score_after(state, a, me) for a in legal], state.rules)

    def pick(self, legal: list[Action], scores: list[float], rules: Ruleset) -> Action:
        """The best-scored action; ties go to non-passing actions (``rules.is_pass``), then to a seeded random
        draw."""
        best = max(scores)
        tied = [a for a, s in zip(legal, scores, strict=True) if s >= best - TIE]
        acting = [a for a in tied if not rules.is_pass(a)]
        pool = acting or tied
        return pool[0] if len(pool) == 1 else self.rng.choice(pool)


def make_greedy(seed: int, arg: str | None) -> GreedyBot:
    """The ``greedy[:samples]`` bot spec.

    >>> make_greedy(0, "3").samples
    3
    """
    if arg is None:
        return GreedyBot(seed)
    try:
        samples = int(arg)
    except ValueError:
        raise TcgkitError(f"greedy:{arg}: the argument is the number of samples per decision (an integer)") from None
    return GreedyBot(seed, samples)
