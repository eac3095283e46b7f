"""``tcgkit bench GAME --env pettingzoo|gymnasium|openspiel``: environment steps per second, observation included.

A uniformly random agent (among the masked legal actions) plays whole games through the environment for about
``seconds``; then the engine alone replays the very same games (same seeds, same actions, no encoding) so that the
share of a step spent outside the engine (observation tensor, mask, the environment's own bookkeeping) can be told.

>>> r = bench_env("guardian-realms", "pettingzoo", seconds=0.05)
>>> r["env"], r["steps"] > 0, 0.0 <= r["overhead_share"] <= 1.0
('pettingzoo', True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from tcgkit.core.actions import Action
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import Rng

ENVS = ("pettingzoo", "gymnasium", "openspiel")


def bench_env(game: str, env: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Time ``env`` on ``game`` for about ``seconds`` (see the module docstring); rates are per wall-clock second,
    ``cpu_steps_per_second`` per second of this process's CPU time."""
    runner = {"pettingzoo": _pettingzoo, "gymnasium": _gymnasium, "openspiel": _openspiel}.get(env)
    if runner is None:
        raise TcgkitError(f"unknown environment {env!r}; environments: {', '.join(ENVS)}")
    rng = Rng(seed)
    play = runner(game, seed)
    play(rng)  # warm up: card files, decks and caches loaded before the clock starts
    start, cpu0 = time.perf_counter(), time.process_time()
    games: list[tuple[Any, list[Action]]] = []
    steps = 0
    while time.perf_counter() - start < seconds or not games:
        n, record = play(rng)
        steps += n
        games.append(record)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu0
    engine = _engine_replay(games)
    return {
        "game": game,
        "env": env,
        "games": len(games),
        "steps": steps,
        "steps_per_second": round(steps / elapsed, 1),
        "cpu_steps_per_second": round(steps / max(cpu, 1e-9), 1),
        "engine_cpu_seconds": round(engine, 3),
        "env_cpu_seconds": round(cpu, 3),
        "overhead_share": round(max(0.0, 1.0 - engine / max(cpu, 1e-9)), 3),
    }


def _pick(mask: np.ndarray, rng: Rng) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.randbelow(len(legal))])


def _engine_replay(games: list[tuple[Any, list[Action]]]) -> float:
    """CPU seconds the engine alone takes to play the recorded games again (new game, the same actions)."""
    t = time.process_time()
    for (rules, decks, seed, options), actions in games:
        state = rules.new_game(decks, seed, options)
        for a in actions:
            state.legal_actions()
            state.apply(a)
    return time.process_time() - t


_DECKS: dict[str, dict[str, Any]] = {}


def _record(state) -> tuple[Any, list[Action]]:
    """What the engine needs to play the game again: rules, decks (loaded once), seed, options, actions."""
    rules = state.rules
    shipped = _DECKS.get(rules.id)
    if shipped is None:
        shipped = _DECKS[rules.id] = rules.decks()
    decks = [shipped[name] for name in state.deck_names]
    return (rules, decks, state.seed, dict(state.options)), list(state.history)


def _pettingzoo(game: str, seed: int) -> Callable[[Rng], tuple[int, tuple]]:
    from tcgkit.rl.pettingzoo import TcgkitAECEnv

    env = TcgkitAECEnv(game, seed=seed)

    def play(rng: Rng) -> tuple[int, tuple]:
        env.reset()
        steps = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else _pick(obs["action_mask"], rng))
            steps += 1
        return steps, _record(env.state)

    return play


def _gymnasium(game: str, seed: int) -> Callable[[Rng], tuple[int, tuple]]:
    from tcgkit.rl.gym import TcgkitGymEnv

    env = TcgkitGymEnv(game, opponent="random", seed=seed)

    def play(rng: Rng) -> tuple[int, tuple]:
        _, info = env.reset()
        steps = 0
        done = False
        while not done:
            _, _, term, trunc, info = env.step(_pick(info["action_mask"], rng))
            done = term or trunc
            steps += 1
        return steps, _record(env.state)

    return play


def _openspiel(game: str, seed: int) -> Callable[[Rng], tuple[int, tuple]]:
    import pyspiel

    from tcgkit.rl.openspiel import short_name

    deals = [pyspiel.load_game(short_name(game), {"seed": seed + i}) for i in range(8)]
    count = [0]

    def play(rng: Rng) -> tuple[int, tuple]:
        state = deals[count[0] % len(deals)].new_initial_state()
        count[0] += 1
        steps = 0
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randbelow(len(legal))])
            steps += 1
        return steps, _record(state.engine)

    return play
