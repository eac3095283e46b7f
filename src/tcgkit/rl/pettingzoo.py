"""PettingZoo AEC environments: ``env("tgod", decks=..., seed=...)``, two agents ``player_0`` and ``player_1``.

Each agent observes ``{"observation": float32 tensor, "action_mask": int8 mask}`` of its own player (see
:class:`tcgkit.rl.encoding.Encoding`); the reward is +1 for a win, -1 for a loss, 0 for a draw, at the end.
``render()`` shows the board from the side of the agent to act, in the game's words.

Two turn orders: ``turns="decisions"`` (the default) selects whoever the game asks, so one player may act many times
in a row; ``turns="alternate"`` makes the agents take strict turns, the one the game is not asking answering
"wait" (one extra action, index ``N``, its only legal one). The alternate order is what cycle-based tools need:
:func:`parallel_env` (every agent acts each step) and ``max_cycles`` counted in rounds.

An illegal action raises :class:`IllegalAction` and changes nothing (``illegal="raise"``, the default). Tools that
sample actions without the mask (PettingZoo's ``max_cycles_test`` does) can use ``illegal="skip"``: the action is
refused, the game is unchanged, ``infos[agent]["illegal"]`` is True, and the turn order moves on.

>>> e = env("tgod", seed=1)
>>> e.reset()
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel

from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.errors import IllegalAction, TcgkitError
from tcgkit.rl.encoding import Encoding, new_mask
from tcgkit.rl.match import Match, render_board

AGENTS = ["player_0", "player_1"]
SEATS = {a: i for i, a in enumerate(AGENTS)}


class TcgkitAECEnv(AECEnv, EzPickle):
    """One tcgkit game as a two-agent PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "tcgkit_v0", "is_parallelizable": True}

    def __init__(self, game: str = "tgod", decks: Sequence[str | Deck] | None = None, seed: int | None = None,
                 options: Mapping[str, Any] | None = None, max_cycles: int | None = None,
                 turns: str = "decisions", render_mode: str | None = None, illegal: str = "raise") -> None:
        EzPickle.__init__(self, game, decks, seed, options, max_cycles, turns, render_mode, illegal)
        super().__init__()
        if illegal not in ("raise", "skip"):
            raise TcgkitError(f"illegal must be 'raise' or 'skip', not {illegal!r}")
        self.skip_illegal = illegal == "skip"
        if turns not in ("decisions", "alternate"):
            raise TcgkitError(f"turns must be 'decisions' or 'alternate', not {turns!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise TcgkitError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.enc = Encoding.of(game)
        self.match = Match(game, decks, seed, options)
        self.metadata = {**self.metadata, "name": f"tcgkit_{game.replace('-', '_')}_v0"}
        self.max_cycles = max_cycles
        self.alternate = turns == "alternate"
        self.render_mode = render_mode
        self.possible_agents = AGENTS[:]
        n = self.enc.n_actions + (1 if self.alternate else 0)
        self.n_indices = n  # (a Python int: the space's ``n`` is a numpy integer, which the compiled encoder refuses)
        self.wait = self.enc.n_actions if self.alternate else None
        self._action_space = spaces.Discrete(n)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.enc.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.state = None
        self._actions: dict[int, Action] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # ------------------------------------------------------------------ the game
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.match.reseed(seed)
        self.state = self.match.new_game()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._rewarded = False  # whether any reward is set: the rewards are cleared and added up only then
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self.agents[0] if self.alternate else self.agents[self.state.current]
        self._legal()

    def _legal(self) -> None:
        """The legal actions of the position, by index (the mask is made from them when an agent observes)."""
        self._actions = self.enc.legal_map(self.state) if self.state.result is None else {}

    def _mask_of(self, player: int) -> np.ndarray:
        """A new mask for ``player``: the legal actions' indices if it is to move, else none (or only "wait")."""
        if self.state.result is None and player == self.state.current:
            return new_mask(self.n_indices, self._actions)
        return new_mask(self.n_indices, (self.wait,) if self.alternate else ())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = SEATS[agent]
        return {"observation": self.enc.observe(self.state, p), "action_mask": self._mask_of(p)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = SEATS[agent]
        self._cumulative_rewards[agent] = 0
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        index = int(action)
        self.infos[agent] = {}
        if self.state.result is None and p == self.state.current:
            move = self._actions.get(index)
            if move is not None:
                self.state.apply(move)
                self._legal()
            else:
                self._refuse(agent, index, f"{self._words(index)} is not legal for {agent} now")
        elif index != self.wait:
            self._refuse(agent, index, f"{agent} is not the one to choose now: its only action is to wait")
        self.steps += 1
        self._advance(p)
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _refuse(self, agent: str, index: int, why: str) -> None:
        if not self.skip_illegal:
            raise IllegalAction(f"action {index}", why)
        self.infos[agent] = {"illegal": True}

    def _advance(self, p: int) -> None:
        result = self.state.result
        if self.alternate:
            self.agent_selection = AGENTS[1 - p]
            round_over = p == 1
        else:
            self.agent_selection = AGENTS[self.state.current] if result is None else AGENTS[1 - p]
            round_over = True
        if result is not None and round_over:
            for i, a in enumerate(self.agents):
                self.terminations[a] = True
                self.rewards[a] = 0 if result.winner is None else (1 if result.winner == i else -1)
                self._rewarded = True
                self.infos[a] = {"reason": result.reason}
        elif self.max_cycles is not None and self.steps >= self.max_cycles * len(AGENTS) and round_over:
            for a in self.agents:
                self.truncations[a] = True

    def _words(self, index: int) -> str:
        if index == self.wait:
            return "wait"
        if not 0 <= index < self.enc.n_actions:
            return f"an action outside 0..{self._action_space.n - 1}"
        return self.enc.describe(index)

    # ------------------------------------------------------------------ display
    def render(self) -> str | None:
        viewer = AGENTS.index(self.agent_selection) if self.agent_selection in AGENTS else 0
        return render_board(self.render_mode, self.state, viewer)

    def close(self) -> None:
        self.state = None


def env(game: str = "tgod", **kwargs: Any) -> TcgkitAECEnv:
    """The AEC environment of ``game`` (keyword arguments: ``decks``, ``seed``, ``options``, ``max_cycles``,
    ``turns``, ``render_mode``, ``illegal``)."""
    return TcgkitAECEnv(game, **kwargs)


def parallel_env(game: str = "tgod", **kwargs: Any):
    """The same game as a PettingZoo ParallelEnv: every step, the agent the game asks chooses an action and the other
    one waits (index ``N``); built on the alternate turn order."""
    kwargs["turns"] = "alternate"
    return aec_to_parallel(TcgkitAECEnv(game, **kwargs))
