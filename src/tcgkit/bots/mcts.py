"""Information-set Monte Carlo tree search (single-observer ISMCTS), generic over every game.

At each decision the bot grows one tree over its own information set (Cowling, Powley and Whitehouse, *Information
Set Monte Carlo Tree Search*, 2012, "SO-ISMCTS"). Each iteration

1. **determinizes**: it takes a copy of one of ``samples`` games drawn with :meth:`View.sample_state`, which
   re-deals every card the player cannot see (the opponent's hand, both decks' order, face-down cards) among the
   places it cannot see and reseeds the game's RNG, so future dice, coins and shuffles are sampled too. The true
   hidden cards are never read: the tree depends only on the view and the bot's seed. With ``paired=on`` the root
   action is picked first and then played on the sample numbered by its own visits, so the k-th try of every root
   action meets the same hidden cards and dice (common random numbers; off by default: it did not win more games);
2. **selects** down the tree by UCB1 over the actions legal *in that determinization*, counting for each child how
   often it was available (the ISMCTS form of UCB), with the greedy bot's scores of the root actions as a
   progressive bias, and skipping forced moves (a single legal action);
3. **expands** one untried action. At the root they open in the greedy prior's order, and only as the root's visits
   grow (progressive widening: ``2 + widen * sqrt(visits)`` actions), so a small budget is not spread thin over
   forty values of X;
4. **rolls out** ``depth`` decisions by the greedy policy for both players (or the random one), then scores the
   position with the game's ``rules.evaluate`` (or the true result if the game ended);
5. **backs up** the score, each node counting it from the side of the player who chose the action leading to it.

The move played is the root action visited most. The budget is a number of positions scored per decision (the
default, ``mcts:evals=600``: deterministic and close to proportional to time), a number of iterations
(``mcts:300``) or a time per decision (``mcts:500ms``, ``mcts:1s``); options follow after commas:
``mcts:300,depth=4,rollout=greedy,c=0.7,prior=3,widen=1,paired=off,samples=16``.

>>> from tcgkit.bots import make_bot
>>> from tcgkit.bots.base import View
>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> state = rules.new_game(list(rules.decks())[:2], seed=3)
>>> bot = make_bot("mcts:30", seed=1)
>>> bot.choose(View(state, state.current)) in state.legal_actions()
True
>>> bot.last_iterations
30
>>> make_bot("mcts", seed=1).evals_budget
600
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from tcgkit.bots.base import View
from tcgkit.bots.greedy import FORCED_LIMIT, GreedyBot, Scored, completed_value, score_children
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import Rng

if TYPE_CHECKING:
    from tcgkit.core.actions import Action
    from tcgkit.core.state import GameState

#: The default budget: positions scored per decision (the greedy prior, each rollout decision's candidates, each
#: leaf), deterministic and close to proportional to time (see docs/bots.md for seconds per decision per game).
DEFAULT_EVALS = 600
#: The default rollout: this many decisions (forced moves not counted) by the greedy policy, then the evaluation.
DEFAULT_DEPTH = 4
DEFAULT_ROLLOUT = "greedy"
#: How many determinizations one search cycles through: cheaper than a new one per iteration, and every root action
#: is tried against the same hidden cards and the same dice (common random numbers).
DEFAULT_SAMPLES = 16
#: The default UCB exploration constant (rewards are in [-1, 1]).
DEFAULT_C = 0.7
#: The weight of the greedy prior at the root (progressive bias ``prior * p(a) / visits``); 0 turns it off.
DEFAULT_PRIOR = 3.0
#: The part of the prior that goes to acting rather than passing (the greedy bot's tie rule).
ACTING = 0.1
#: Progressive widening at the root: after ``n`` visits the search may try the ``2 + widen * sqrt(n)`` root actions
#: the greedy prior likes best (0: every action at once). Without it a decision with more actions than the budget
#: has iterations (choosing X among 40 values) spends each iteration on a new action and picks by one noisy rollout.
DEFAULT_WIDEN = 1.0
#: An iteration budget stops early when a decision has taken this long (a slow game or a loaded machine).
MAX_SECONDS = 1.0
ROLLOUTS = ("random", "greedy")


class Node:
    """One node of the tree: the statistics of the action that led to it, from ``player``'s side."""

    __slots__ = ("player", "children", "visits", "total", "avail")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on it
class MctsBot:
    """The ISMCTS bot. Budget per decision: ``evals`` positions scored (the default), or ``iterations``, or
    ``seconds``, whichever is given (``seconds`` wins over ``iterations``, which wins over ``evals``).

    ``depth`` caps each rollout (decisions) before ``rules.evaluate`` scores it; ``rollout`` is ``"greedy"`` (the
    greedy bot's policy for both players) or ``"random"``; ``c`` is the UCB exploration constant; ``prior`` the
    weight of the greedy bias at the root; ``widen`` how fast the root opens up to actions the prior likes less (0:
    all at once; needs the prior); ``samples`` how many determinizations one search cycles through (0: a new one every
    iteration). After each search ``last_iterations`` says how many iterations ran and ``last_root`` holds its tree;
    ``iterations``, ``evals`` and ``searches`` add up over the bot's life (for ``tcgkit bench``).
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 depth: int = DEFAULT_DEPTH, rollout: str = DEFAULT_ROLLOUT, c: float = DEFAULT_C,
                 max_seconds: float = MAX_SECONDS, prior: float = DEFAULT_PRIOR, samples: int = DEFAULT_SAMPLES,
                 evals: int = DEFAULT_EVALS, widen: float = DEFAULT_WIDEN, paired: bool = False) -> None:
        if iterations is not None and iterations < 1:
            raise TcgkitError("mcts needs at least one iteration per decision")
        if evals < 1:
            raise TcgkitError("mcts needs at least one evaluation per decision")
        if seconds is not None and seconds <= 0:
            raise TcgkitError("mcts needs a positive time per decision")
        if rollout not in ROLLOUTS:
            raise TcgkitError(f"unknown rollout policy {rollout!r}; policies: {', '.join(ROLLOUTS)}")
        if depth < 0:
            raise TcgkitError("the rollout depth cannot be negative")
        if samples < 0:
            raise TcgkitError("the number of samples cannot be negative")
        if widen < 0:
            raise TcgkitError("the widening rate cannot be negative")
        self.rng = Rng(seed)
        self.iterations_budget = iterations
        self.evals_budget = evals
        self.seconds = seconds
        self.depth = depth
        self.rollout_policy = rollout
        self.c = c
        self.max_seconds = max_seconds
        self.prior = prior
        self.samples = samples
        self.widen = widen
        self.paired = paired
        self._prior: dict[Action, float] | None = None
        self._ranked: list[Action] | None = None
        self._greedy = GreedyBot(seed ^ 0x5EED) if rollout == "greedy" else None
        self.last_iterations = 0
        self.last_root: Node | None = None
        self._lo, self._hi = math.inf, -math.inf
        self.iterations = 0
        self.evals = 0
        self.searches = 0

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = Node(-1)
        self._lo, self._hi = math.inf, -math.inf
        evals_before = self.evals
        self._prior = self.root_prior(view, legal) if self.prior > 0 else None
        self._ranked = None
        if self._prior is not None and self.widen > 0:
            prior = self._prior
            self._ranked = sorted(legal, key=lambda a: -prior[a])
        pool = [view.sample_state(self.rng) for _ in range(self.samples)]
        for sample in pool:
            sample.legal_actions()  # worked out once per sample: every copy of it starts with them
        now = time.perf_counter
        deadline = now() + (self.seconds if self.seconds is not None else self.max_seconds)
        budget, evals_cap = math.inf, math.inf  # a time budget: only the deadline stops it
        if self.seconds is None and self.iterations_budget is not None:
            budget = float(self.iterations_budget)
        elif self.seconds is None:
            evals_cap = float(evals_before + self.evals_budget)
        n = 0
        while n < budget and self.evals < evals_cap:
            if pool and self.paired:
                self.iterate_paired(root, legal, view.player, pool)
            else:
                self.iterate(root, pool[n % len(pool)].clone() if pool else view.sample_state(self.rng))
            n += 1
            if now() >= deadline:
                break
        self.last_iterations = n
        self.last_root = root
        self.iterations += n
        self.searches += 1
        return self.best_root_action(root, legal)

    def root_prior(self, view: View, legal: list[Action]) -> dict[Action, float]:
        """The greedy bot's opinion of each root action, scaled to [0, 1] (best 1), plus a little for acting.

        Scored on one sample of the view, every action on the same sample (as the greedy bot does).
        """
        me = view.player
        sample = view.sample_state(self.rng)
        scores = score_children(sample, legal, me, spare=True)[0]
        self.evals += len(legal)
        lo, hi = min(scores), max(scores)
        spread = hi - lo
        is_pass = view.rules.is_pass
        return {a: ((s - lo) / spread if spread > 1e-12 else 1.0) * (1 - ACTING) + (0.0 if is_pass(a) else ACTING)
                for a, s in zip(legal, scores, strict=True)}

    @staticmethod
    def best_root_action(root: Node, legal: list[Action]) -> Action:
        """The root action visited most (then with the best mean), among the actions truly legal now."""
        best = legal[0]
        best_key = (-1, -math.inf)
        for a in legal:
            child = root.children.get(a)
            if child is None:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = a, key
        return best

    def widened(self, root: Node, legal: list[Action]) -> list[Action]:
        """The root actions open to the search after ``root.visits`` visits: the ``2 + widen * sqrt(visits)`` the
        greedy prior likes best, among those legal in this determinization (all of them once the rest are not).

        >>> from tcgkit.core.actions import Action
        >>> bot = MctsBot(widen=1.0)
        >>> acts = [Action("option", (i,)) for i in range(10)]
        >>> bot._ranked = acts[::-1]  # the prior likes the highest option best
        >>> root = Node(-1)
        >>> [a.args[0] for a in bot.widened(root, acts)]
        [9, 8]
        >>> root.visits = 9
        >>> [a.args[0] for a in bot.widened(root, acts)]
        [9, 8, 7, 6, 5]
        """
        ranked = self._ranked
        assert ranked is not None
        k = 2 + int(self.widen * math.sqrt(root.visits))
        if k >= len(ranked):
            return legal
        here = set(legal)
        open_now = [a for a in ranked[:k] if a in here]
        return open_now or legal

    def iterate_paired(self, root: Node, legal: list[Action], player: int, pool: list[GameState]) -> None:
        """One iteration whose root action is picked first, on the true legal actions, and then tried on the sample
        numbered by its own visits: the k-th try of every root action meets the same hidden cards and dice (common
        random numbers), so the root actions' means differ by the actions rather than by the samples they met."""
        step = self.step(root, self.widened(root, legal) if self._ranked is not None else legal, player, True)
        action, child, _ = step
        n = len(pool)
        for k in range(child.visits, child.visits + n):
            state = pool[k % n]
            if action in state.legal_actions():  # always, unless legality depends on hidden cards
                self.iterate(root, state.clone(), step)
                return
        if not child.visits:
            del root.children[action]
        self.iterate(root, pool[child.visits % n].clone())

    def step(self, node: Node, legal: list[Action], mover: int, at_root: bool) -> tuple[Action, Node, bool]:
        """Pick the action to follow from ``node`` among ``legal``: an untried one if any (at the root the prior's
        favourite, elsewhere at random), else the best by UCB. Returns (action, its node, whether it is new)."""
        children = node.children
        prior = self._prior if at_root else None
        found = [children.get(a) for a in legal]  # each action hashed once
        if None in found:
            untried = [a for a, ch in zip(legal, found, strict=True) if ch is None]
            if prior is not None and len(untried) > 1:
                action = max(untried, key=lambda a: prior.get(a, 0.0))  # the greedy favourite first
            else:
                action = untried[0] if len(untried) == 1 else self.rng.choice(untried)
            for ch in found:
                if ch is not None:
                    ch.avail += 1
            child = children[action] = Node(mover)
            return action, child, True
        c = self.c
        log = math.log
        sqrt = math.sqrt
        best_child = None
        best_action = None
        best_ucb = -math.inf
        lo = self._lo
        spread = self._hi - lo
        scale = 1.0 / spread if spread > 1e-12 else 0.0
        for a, ch in zip(legal, cast(list[Node], found), strict=True):  # (every action tried: no None)
            ch.avail += 1
            v = ch.visits
            ucb = (ch.total / v - lo) * scale + c * sqrt(log(ch.avail) / v)
            if prior is not None:
                ucb += self.prior * prior.get(a, 0.0) / v
            if ucb > best_ucb:
                best_ucb, best_child, best_action = ucb, ch, a
        assert best_child is not None and best_action is not None
        return best_action, best_child, False

    def iterate(self, root: Node, state: GameState, first: tuple[Action, Node, bool] | None = None) -> None:
        """One iteration on a determinized ``state``: select, expand, roll out, back up. ``first`` is the root
        step when it was already taken (:meth:`iterate_paired`)."""
        node = root
        path = [root]
        mover = -1
        expanded = False
        if first is not None:
            action, node, expanded = first
            mover = node.player
            state.apply(action)
            path.append(node)
        while not expanded and state.result is None:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            at_root = node is root
            if at_root and self._ranked is not None:
                legal = self.widened(root, legal)
            mover = state.current
            action, node, expanded = self.step(node, legal, mover, at_root)
            state.apply(action)
            path.append(node)
        values = self.rollout(state, mover)
        for v in values:
            if v < self._lo:
                self._lo = v
            if v > self._hi:
                self._hi = v
        for nd in path:
            nd.visits += 1
            if nd.player >= 0:
                nd.total += values[nd.player]

    def rollout(self, state: GameState, mover: int) -> list[float]:
        """Play on for at most ``depth`` decisions, then each player's value of the position.

        ``mover`` made the last decision; if that left an action unfinished (the same player must now pick a
        target or a place and cannot pass), the position is first completed the way the mover likes best
        (:func:`~tcgkit.bots.greedy.completed_value`), so that a half-made move is not scored as a loss.

        ``state`` is played on (the caller's own copy). A greedy step goes on from the state its chosen action was
        scored on (:func:`~tcgkit.bots.greedy.score_children`) rather than playing the action again, and the last
        one's score is the mover's value of the leaf: the same moves, the same values, fewer copies and moves.
        """
        rng = self.rng
        greedy = self._greedy
        choices = self.depth
        steps = FORCED_LIMIT + 4 * choices  # moves the rollout may play, forced ones included
        known: Scored | None = None  # the greedy step whose ``after`` ``state`` is
        while steps > 0 and state.result is None and choices > 0:
            steps -= 1
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])  # forced moves (a lone "pass" on the stack) do not count against the depth
                known = None
                continue
            choices -= 1
            mover = state.current
            if greedy is None:
                state.apply(rng.choice(legal))
                continue
            self.evals += len(legal)
            before = state.decisions
            # Scoring plays up to FORCED_LIMIT forced moves after each action. The rollout may go on from there
            # when it has that many moves left (or stops after this decision anyway); then ``state`` itself can be
            # spent on the last action scored.
            spare = choices == 0 or steps >= FORCED_LIMIT
            # going on from an unfinished action: completing it scored these follow-up choices already
            options = known.options if known is not None and known.after is state else None
            scores, best = score_children(state, legal, mover, spare, options)
            i = legal.index(greedy.pick(legal, scores, state.rules))
            chosen = best[i]
            forced = chosen.after.decisions - before - 1
            if choices == 0 or forced <= steps:
                state = chosen.after
                steps -= forced
                known = chosen
            else:  # fewer moves left than the forced ones scoring played: play the action, then as many as allowed
                state.apply(legal[i])
                known = None
        self.evals += 1
        if state.result is not None:
            return state.returns()
        mine: float | None = None
        if known is not None and known.after is state and len(state.legal_actions()) != 1:
            mine, state = known.value, known.completed  # what completed_value(state, mover) gives again
        else:
            state = completed_value(state, mover)[1]
        if state.result is not None:
            return state.returns()
        evaluate = state.rules.evaluate
        return [mine if p == mover and mine is not None else evaluate(state, p) for p in range(len(state.zones))]


#: The options of an ``mcts:`` spec: the keyword each sets and how its value reads.
OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "evals": ("evals", int), "iterations": ("iterations", int), "n": ("iterations", int), "depth": ("depth", int),
    "rollout": ("rollout", str), "c": ("c", float), "prior": ("prior", float), "samples": ("samples", int),
    "widen": ("widen", float), "paired": ("paired", lambda v: v.lower() not in ("0", "false", "no", "off")),
}


def parse_budget(arg: str | None, seed: int = 0) -> MctsBot:
    """Build an :class:`MctsBot` from the argument of its spec (what follows ``mcts:``).

    A bare number is iterations, ``ms``/``s`` a time per decision; ``key=value`` options (:data:`OPTIONS`) follow,
    comma-separated.

    >>> parse_budget("200").iterations_budget
    200
    >>> parse_budget("500ms").seconds
    0.5
    >>> parse_budget("evals=2000").evals_budget
    2000
    >>> bot = parse_budget("1s,depth=20,rollout=random,c=1.0")
    >>> bot.seconds, bot.depth, bot.rollout_policy, bot.c
    (1.0, 20, 'random', 1.0)
    """
    kwargs: dict = {}
    for part in (arg or "").split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        try:
            if not eq:
                if part.endswith("ms"):
                    kwargs["seconds"] = float(part[:-2]) / 1000
                elif part.endswith("s"):
                    kwargs["seconds"] = float(part[:-1])
                else:
                    kwargs["iterations"] = int(part)
            elif key in OPTIONS:
                name, kind = OPTIONS[key]
                kwargs[name] = kind(value)
            else:
                raise TcgkitError(f"mcts: unknown option {key!r} (options: {', '.join(OPTIONS)})")
        except ValueError:
            raise TcgkitError(f"mcts:{arg}: cannot read {part!r} (e.g. mcts:300, mcts:500ms, "
                              "mcts:evals=2000,depth=4,rollout=greedy,c=0.7)") from None
    return MctsBot(seed, **kwargs)
