"""The bot protocol: a bot sees its player's view and the legal actions, and returns one of them.

A bot never gets the true state. :class:`View` gives it the observation (built only when asked for), the legal
actions, the ruleset (for evaluations), and, for search bots, :meth:`View.sample_state`: a copy of the game in which
every card the player cannot see has been re-dealt at random, so that searching it reveals nothing.

>>> from tcgkit.bots.base import RandomBot
>>> bot = RandomBot(seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.rng import Rng

if TYPE_CHECKING:
    from tcgkit.core.actions import Action
    from tcgkit.core.ruleset import Ruleset
    from tcgkit.core.state import GameState


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on it
class View:
    """One player's window on a game: what a bot may use."""

    __slots__ = ("_state", "player", "_obs")

    def __init__(self, state: GameState, player: int) -> None:
        self._state = state
        self.player = player
        self._obs: dict[str, Any] | None = None

    @property
    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    @property
    def observation(self) -> dict[str, Any]:
        if self._obs is None:
            self._obs = self._state.observation(self.player)
        return self._obs

    @property
    def rules(self) -> Ruleset:
        return self._state.rules

    @property
    def turn(self) -> int:
        return self._state.turn

    def sample_state(self, rng: Rng) -> GameState:
        """A game consistent with this view: hidden cards re-dealt and the game's RNG reseeded from ``rng``."""
        clone = self._state.clone()
        clone.determinize(self.player, rng)
        return clone


class Bot(Protocol):
    """Anything with a ``name`` and a ``choose(view) -> Action`` method is a bot."""

    name: str

    def choose(self, view: View) -> Action: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on it
class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> Action:
        return self.rng.choice(view._state.legal_actions())  # view.legal_actions without the property's call


#: Action kinds a scripted bot prefers, most wanted first; anything else comes before passing.
SCRIPT_ORDER = ("choose", "yes", "option", "attack", "battle", "summon", "play", "level", "equip", "activate",
                "block", "defend")


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on it
class ScriptedBot:
    """A simple, predictable opponent: always does the most forceful thing available, passing last.

    It prefers choices and attacks, then playing cards, then anything else but passing (the game says what passes:
    ``Ruleset.is_pass``); among actions of the same rank it takes the first. Deterministic and fast: a baseline
    that beats doing nothing.
    """

    name = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        best = None
        best_rank = 1 << 30
        is_pass = view.rules.is_pass
        for a in legal:
            rank = PASS_RANK if is_pass(a) else _rank(a.kind)
            if rank < best_rank:
                best, best_rank = a, rank
        assert best is not None
        return best


#: the scripted bot's rank of a passing action: after everything else
PASS_RANK = 1000


def _rank(kind: str) -> int:
    for i, prefix in enumerate(SCRIPT_ORDER):
        if kind.startswith(prefix):
            return i
    return 100
