"""What every environment shares: which game, which decks, and the seed of each episode.

>>> m = Match("tgod", seed=3)
>>> a, b = m.new_game(), m.new_game()
>>> a.seed != b.seed and a.rules.id == "tgod"
True
>>> Match("tgod", seed=3).new_game().to_json() == Match("tgod", seed=3).new_game().to_json()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gymnasium import logger

from tcgkit.core.decks import Deck
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import GameState
from tcgkit.games import get_rules


class Match:
    """A series of games of one game: episode ``k`` of seed ``s`` is played with game seed ``derive_seed(s, k)``.

    ``decks``: two deck names (or paths, or :class:`Deck`), or None to rotate over every pairing of the game's
    shipped decks (episode by episode, as ``tcgkit sim`` does).
    """

    def __init__(self, game: str, decks: Sequence[str | Deck] | None = None, seed: int | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.rules = get_rules(game)
        self.rules.pool()
        self.options = dict(options or {})
        shipped = list(self.rules.decks().values())
        if decks is None:
            self.decks: list[tuple[Deck, Deck]] = [(a, b) for a in shipped for b in shipped]
        else:
            if len(decks) != 2:
                raise TcgkitError(f"{game}: give two decks, not {len(decks)}")
            one, two = (d if isinstance(d, Deck) else self.rules.deck(d) for d in decks)
            self.decks = [(one, two)]
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        """Start the series again from ``seed`` (None: seed 0)."""
        self.seed = 0 if seed is None else int(seed)
        self.episode = 0

    def new_game(self) -> GameState:
        """The next episode's game."""
        s = derive_seed(self.seed, self.episode)
        a, b = self.decks[self.episode % len(self.decks)]
        self.episode += 1
        return self.rules.new_game([a, b], s, self.options or None)


def board_text(state: GameState, viewer: int) -> str:
    """The board from ``viewer``'s side, in the game's words, with the legal actions when ``viewer`` is to move."""
    text = state.rules.describe(state, viewer)
    words = state.rules.words
    if state.result is not None:
        return f"{text}\n{words.result(state, viewer)}"
    if state.current == viewer:
        acts = "\n".join(f"  - {a.text}" for a in words.actions(state, viewer))
        text += f"\nYour move:\n{acts}"
    return text


def render_board(render_mode: str | None, state: GameState, viewer: int) -> str | None:
    """An environment's ``render()``: ``"ansi"`` returns :func:`board_text`, ``"human"`` prints it, no render mode
    warns (as Gymnasium and PettingZoo ask)."""
    if render_mode is None:
        logger.warn("render() called without a render_mode (use render_mode='ansi' or 'human')")
        return None
    text = board_text(state, viewer)
    if render_mode == "human":
        print(text)
        return None
    return text
