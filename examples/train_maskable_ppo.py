"""Train sb3-contrib's MaskablePPO on one tcgkit game against the random bot, and print its win rate against the
random and greedy bots before and after training.

Install first (torch and sb3-contrib are in the ``train`` extra, not in ``rl``; on these machines
``torch==2.13.0`` is the CPU build):

    pip install 'tcgkit[rl,train]'

Run (the defaults: Guardian Realms, 15 minutes of training, 200 evaluation games per opponent and per side of
training: about 20 minutes in all on a free core, 26 on this shared machine; see docs/rl.md):

    python examples/train_maskable_ppo.py

The agent sees the Gymnasium environment ``tcgkit/<GAME>-v0`` (its player's observation tensor, scaled by
``sign(x) * log(1 + |x|)``: counts and hit points reach the hundreds) and picks among the legal actions only
(``action_masks()``). Seats alternate from game to game; the reward is +1 for a win, -1 for a loss, 0 for a draw.
Guardian Realms is the default because learning shows soonest there: its games are short (some 90 agent
decisions against the random bot), its action space and tensor are the smallest of the five (2188 actions, 1483
floats). Win rates are printed with their 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import math
import time

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import tcgkit.rl


class Scaled(gymnasium.ObservationWrapper):
    """The observation tensor squashed to a friendly range (counts and hit points reach the hundreds)."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        n = env.observation_space.shape
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, n, np.float32)

    def observation(self, obs: np.ndarray) -> np.ndarray:
        return np.sign(obs) * np.log1p(np.abs(obs))

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


def make_env(game: str, opponent: str, seed: int) -> Scaled:
    return Scaled(gymnasium.make(tcgkit.rl.GYM_IDS[game], opponent=opponent, seed=seed))


def win_rate(model: MaskablePPO, game: str, opponent: str, games: int, seed: int) -> tuple[float, float]:
    """Wins and draws (as shares of ``games``) of the model's greedy policy against ``opponent``, seats alternating."""
    env = make_env(game, opponent, seed)
    wins = draws = 0
    for _ in range(games):
        obs, _ = env.reset()
        reward, done = 0.0, False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += reward > 0
        draws += reward == 0
    return wins / games, draws / games


class Deadline(BaseCallback):
    """Stop training after ``seconds`` of wall-clock time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def wilson(share: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion observed as ``share`` of ``n``."""
    if n <= 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def report(label: str, model: MaskablePPO, args: argparse.Namespace) -> None:
    for opponent in ("random", "greedy"):
        w, d = win_rate(model, args.game, opponent, args.eval_games, seed=10_000 + args.seed)
        lo, hi = wilson(w, args.eval_games)
        print(f"{label:6s} vs {opponent:6s}: won {w:.1%} (95% interval {lo:.1%}-{hi:.1%}), drawn {d:.1%} of "
              f"{args.eval_games} games", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="guardian-realms", choices=sorted(tcgkit.rl.GYM_IDS))
    parser.add_argument("--minutes", type=float, default=15.0, help="training time (wall clock)")
    parser.add_argument("--steps", type=int, default=10_000_000, help="at most this many agent steps")
    parser.add_argument("--eval-games", type=int, default=200, help="games per opponent, before and after")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)  # a tiny network: more threads only spin against each other on a shared machine

    env = make_env(args.game, "random", args.seed)
    # short rollouts (1024 steps, about a dozen games) so that a run of minutes makes many updates; a network of two
    # layers of 128 for a tensor of some 1,500 floats; gamma 0.99 (the reward comes at the end of a game of some 90
    # agent decisions)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=1024, batch_size=128, n_epochs=10, gamma=0.99,
                        learning_rate=3e-4, ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]}, verbose=0,
                        device="cpu")
    report("before", model, args)
    start = time.monotonic()
    model.learn(total_timesteps=args.steps, callback=Deadline(args.minutes * 60))
    took = time.monotonic() - start
    print(f"trained {model.num_timesteps} steps in {took / 60:.1f} min ({model.num_timesteps / took:.0f} steps/s)",
          flush=True)
    report("after", model, args)


if __name__ == "__main__":
    main()
