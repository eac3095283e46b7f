"""Gymnasium single-agent environments: one seat of a tcgkit game against any tcgkit bot.

``import tcgkit.rl`` registers ``tcgkit/PerfectTCG-v0``, ``tcgkit/TGOD-v0``, ``tcgkit/Phaktionz-v0``,
``tcgkit/TGC-v0`` and ``tcgkit/GuardianRealms-v0``. The observation is the agent's tensor
(:class:`tcgkit.rl.encoding.Encoding`), the action a ``Discrete(N)`` index, the reward +1/-1/0 when the game ends.
``action_masks()`` gives the legal actions (for sb3-contrib's MaskablePPO); ``info["action_mask"]`` carries the same.

Every index of the action space is a valid input to ``step`` (Gymnasium's contract, checked by ``check_env``): an
illegal one changes nothing, gives reward 0 and ``info["illegal"] = True``, and the same decision is asked again
(``illegal="raise"`` raises :class:`IllegalAction` instead).

>>> import gymnasium, tcgkit.rl
>>> env = gymnasium.make("tcgkit/TGOD-v0", opponent="random")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape and bool(info["action_mask"].any())
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tcgkit.bots import View, make_bot
from tcgkit.core.decks import Deck
from tcgkit.core.errors import IllegalAction, TcgkitError
from tcgkit.core.rng import derive_seed
from tcgkit.rl.encoding import Encoding, new_mask
from tcgkit.rl.match import Match, render_board


class TcgkitGymEnv(gym.Env):
    """One seat of ``game`` against ``opponent`` (a bot spec: ``random``, ``greedy``, ``mcts:200``...).

    ``seat``: 0 or 1, or None to alternate seats from episode to episode (episode 0 in seat 0).
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(self, game: str = "tgod", opponent: str = "random", decks: Sequence[str | Deck] | None = None,
                 seat: int | None = None, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, illegal: str = "skip") -> None:
        if seat not in (None, 0, 1):
            raise TcgkitError(f"seat must be 0, 1 or None, not {seat!r}")
        if illegal not in ("raise", "skip"):
            raise TcgkitError(f"illegal must be 'raise' or 'skip', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise TcgkitError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        make_bot(opponent)  # an unknown bot is refused now, not at the first reset
        self.enc = Encoding.of(game)
        self.match = Match(game, decks, seed, options)
        self.opponent_spec = opponent
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.raise_illegal = illegal == "raise"
        self.action_space = spaces.Discrete(self.enc.n_actions)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.enc.obs_size,), np.float32)
        self.state = None
        self.seat = 0
        self._actions: dict = {}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self.match.reseed(seed)
        while True:
            episode = self.match.episode
            self.seat = episode % 2 if self.fixed_seat is None else self.fixed_seat
            self.state = self.match.new_game()
            self.opponent = make_bot(self.opponent_spec, derive_seed(self.state.seed, 1))
            self._play_opponent()
            if self.state.result is None:  # a game decided before the agent's first decision is skipped
                break
        return self._obs(), self._info()

    def _play_opponent(self) -> None:
        state = self.state
        other = 1 - self.seat
        opponent = self.opponent
        while state.result is None and state.current == other:
            state.apply(opponent.choose(View(state, other)))
        self._actions = self.enc.legal_map(state) if state.result is None else {}

    def _obs(self) -> np.ndarray:
        return self.enc.observe(self.state, self.seat)

    def _new_mask(self) -> np.ndarray:
        """A new mask of the legal actions now (all zeros when the game is over)."""
        return new_mask(self.enc.n_actions, self._actions)

    def _info(self, **extra: Any) -> dict:
        info = {"action_mask": self._new_mask()}
        if extra:
            info.update(extra)
        return info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        index = int(action)
        move = self._actions.get(index)
        if move is None:
            why = self.enc.describe(index) if 0 <= index < self.enc.n_actions else "an index out of range"
            if self.raise_illegal:
                raise IllegalAction(f"action {index}", f"{why} is not legal now")
            return self._obs(), 0.0, False, False, self._info(illegal=True)
        self.state.apply(move)
        self._play_opponent()
        result = self.state.result
        reward = 0.0
        if result is not None and result.winner is not None:
            reward = 1.0 if result.winner == self.seat else -1.0
        info = self._info() if result is None else self._info(reason=result.reason, winner=result.winner)
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, result is not None, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (what MaskablePPO asks for)."""
        return self._new_mask().view(bool)

    def render(self) -> str | None:
        return render_board(self.render_mode, self.state, self.seat)

    def close(self) -> None:
        self.state = None


def register_all() -> None:
    """Register every game's id with Gymnasium (done by ``import tcgkit.rl``)."""
    from tcgkit.rl import GYM_IDS

    for game, env_id in GYM_IDS.items():
        if env_id not in gym.registry:
            gym.register(env_id, entry_point="tcgkit.rl.gym:TcgkitGymEnv", kwargs={"game": game},
                         max_episode_steps=20_000)
