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
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from tcgkit.bots.base import View
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import Rng
from tcgkit.core.ruleset import Ruleset

if TYPE_CHECKING:
    from tcgkit.core.actions import Action
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


_kind = itemgetter(0)  # an Action's kind
#: Per ruleset class: its ``PASS_KINDS`` when it keeps the default ``is_pass`` (a kind test), else None.
_PASS_KINDS: dict[type, frozenset[str] | None] = {}


def any_pass(rules: Ruleset, legal: list[Action]) -> bool:
    """Whether any of ``legal`` gives the decision away (``rules.is_pass``): one set test over the kinds when the
    game keeps the default ``is_pass``, which tests the kind against ``PASS_KINDS``.

    >>> from tcgkit.core.actions import Action
    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("phaktionz")
    >>> any_pass(rules, [Action("battle", (3, 4)), Action("next")]), any_pass(rules, [Action("battle", (3, 4))])
    (True, False)
    """
    cls = type(rules)
    if cls in _PASS_KINDS:
        kinds = _PASS_KINDS[cls]
    else:
        kinds = _PASS_KINDS[cls] = frozenset(cls.PASS_KINDS) if cls.is_pass is Ruleset.is_pass else None
    if kinds is not None:
        return not kinds.isdisjoint(map(_kind, legal))
    return any(map(rules.is_pass, legal))


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
    object when nothing was left to complete).

    When ``after`` is an unfinished action of the player, ``options`` holds what completing it found for each of its
    follow-up choices (``after.legal_actions()``, in order): the choice scored as :func:`score_children` would score
    it on ``after``, or None where that would look deeper (the choice is unfinished itself). A rollout that goes on
    from ``after`` scores those choices next, so it takes them from here instead of playing them again."""

    value: float
    after: GameState
    completed: GameState
    options: tuple[Scored | None, ...] | None = None


_tuple_new = tuple.__new__


def score_children(state: GameState, legal: list[Action], player: int, spare: bool = False,
                   known: tuple[Scored | None, ...] | None = None) -> tuple[list[float], dict[int, Scored]]:
    """:func:`score_after` for each of ``legal`` on ``state`` (the scores, in order), and the states that the best
    ones led to (by index: every action that can still be the greedy choice, within :data:`TIE` of the best), so that
    a caller that goes on with the choice (a rollout) does not play it again. The other states are dropped as soon
    as they are beaten: holding every child alive costs more in garbage collection than it saves.

    With ``spare`` the caller gives ``state`` up: the last action is played on ``state`` itself instead of on a copy
    (one clone fewer; the result is the same, since a clone has the same future). Otherwise ``state`` is untouched.
    ``known`` is what an earlier scoring already found for these actions on this very state (``Scored.options``,
    in the order of ``legal``): those are taken as they are.

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
        got = known[i] if known is not None else None
        if got is None:
            s = state if spare and i == last else state.clone()
            s.apply(action)
            value, done, options = _completed(s, player)
            got = _tuple_new(Scored, (value, s, done, options))  # Scored(...) without its Python-level __new__
        value = got[0]
        scores.append(value)
        if value >= top - TIE:
            if value > top:
                top = value
                kept = {k: v for k, v in kept.items() if v.value >= top - TIE}
            kept[i] = got
    return scores, kept


def _completed(state: GameState, player: int, follow: int = FOLLOW_DEPTH
               ) -> tuple[float, GameState, tuple[Scored | None, ...] | None]:
    """:func:`completed_value`, with the options of the unfinished action it completed (None when there was none)."""
    legal: list[Action] | None = None
    if follow > 0:
        legal = _settle(state, player)
    else:
        play_forced(state)
    if not legal:
        return state.rules.evaluate(state, player), state, None
    return best_completion(state, legal, player, follow)


def best_completion(state: GameState, legal: list[Action], player: int,
                    follow: int) -> tuple[float, GameState, tuple[Scored | None, ...]]:
    """The best completion of ``player``'s unfinished action on ``state`` (its follow-up choices ``legal``, each
    completed ``follow - 1`` deeper; the first best wins): its value and state, and each choice as a
    :class:`Scored`, or None where a decision of its own (``follow`` deep again) would look deeper."""
    best_value = -math.inf
    best_state: GameState | None = None
    options: list[Scored | None] = []
    for a in legal:
        s = state.clone()
        s.apply(a)
        more: list[Action] | None = None
        if follow > 1:
            more = _settle(s, player)
        else:
            play_forced(s)
        if more:
            value, done, _ = best_completion(s, more, player, follow - 1)
            options.append(None)
        else:
            value, done = s.rules.evaluate(s, player), s
            options.append(_tuple_new(Scored, (value, s, s, None)) if follow > 1 else None)
        if best_state is None or value > best_value:
            best_value, best_state = value, done
    assert best_state is not None
    return best_value, best_state, tuple(options)


def _settle(state: GameState, player: int) -> list[Action] | None:
    """Play on through forced moves (as :func:`play_forced`), then ``player``'s follow-up choices when they are in
    the middle of an action (must choose again, cannot pass); each position is looked at once.

    None when the game is over, someone else decides, passing is possible, or there are too many choices.
    """
    legal = state.legal_unless_free()
    for _ in range(FORCED_LIMIT):
        if legal is None or len(legal) != 1:
            break
        state.apply(legal[0])
        legal = state.legal_unless_free()
    if legal is None or state.current != player or len(legal) > FOLLOW_WIDTH or any_pass(state.rules, legal):
        return None
    return legal


def play_forced(state: GameState, limit: int = FORCED_LIMIT) -> None:
    """Play on through forced moves (a decision with one legal action, whoever's it is), at most ``limit``.

    A spell waiting for the opponent's only possible answer (``pass``) resolves, so that it is scored by its effect.
    """
    for _ in range(limit):
        action = state.forced_action()
        if action is None:
            return
        state.apply(action)


def completed_value(state: GameState, player: int, follow: int = FOLLOW_DEPTH) -> tuple[float, GameState]:
    """``player``'s evaluation of ``state`` once forced moves are played and an unfinished action of ``player`` is
    completed as well as possible (see :func:`score_after`), with the completed state. ``state`` is played on:
    pass a copy you can spare."""
    value, done, _ = _completed(state, player, follow)
    return value, done


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on it
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
        if len(tied) == 1:
            return tied[0]
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
