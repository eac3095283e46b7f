"""``tcgkit bench GAME --env pettingzoo|gymnasium|openspiel``: environment steps per second, observation included.

A uniformly random agent (among the masked legal actions) plays whole games through the environment for about
``seconds``. Then the very same games (same seeds, same actions) are replayed three times: by the engine alone
(``legal_actions`` and ``apply``), then with the observation tensor of the player to decide added at each of that
player's decisions, then with its legal-action mask too. The differences tell what a step costs where: the engine,
the tensor (``tensor_share``), the tensor and mask (``encoding_share``), and everything outside the engine
(``overhead_share``: encoding, the interface's own bookkeeping, the random agent's pick).

Each share is a difference of two timings, so one noisy timing can make it say anything (an encoding share above
the share of everything outside the engine, say). So the whole is done ``rounds`` times, interleaved: the same games
through a new environment (the same seeds give the same deals and picks), then the three replays; every figure is
the best of its rounds (another process on the machine only ever adds time), and the shares are worked out from
those.

>>> r = bench_env("guardian-realms", "pettingzoo", seconds=0.05, rounds=2)
>>> r["env"], r["steps"] > 0, 0.0 <= r["tensor_share"] <= r["encoding_share"] <= 1.0, r["overhead_share"] <= 1.0
('pettingzoo', True, True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from tcgkit.core.actions import Action
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import Rng
from tcgkit.games import preload


def bench_env(game: str, env: str, seconds: float = 3.0, seed: int = 0, rounds: int = 3) -> dict[str, Any]:
    """Time ``env`` on ``game`` for about ``seconds``, then ``rounds`` times in all (see the module docstring); the
    rate ``steps_per_second`` is per wall-clock second of the first round, every other figure per CPU second of this
    process (the best round's)."""
    runner = RUNNERS.get(env)
    if runner is None:
        raise TcgkitError(f"unknown environment {env!r}; environments: {', '.join(ENVS)}")
    if rounds < 1:
        raise TcgkitError(f"rounds must be at least 1, not {rounds}")
    play, rng = _fresh(runner, game, seed)
    preload([game])  # out of the garbage collector's way, as every runner of many games does
    start, cpu0 = time.perf_counter(), time.process_time()
    games: list[tuple[Any, list[Action]]] = []
    steps = 0
    while time.perf_counter() - start < seconds or not games:
        n, record = play(rng)
        steps += n
        games.append(record)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu0
    engine = tensor = full = float("inf")
    for r in range(rounds):
        if r:  # the same games again, through a new environment
            play, rng = _fresh(runner, game, seed)
            t = time.process_time()
            for _ in games:
                play(rng)
            cpu = min(cpu, time.process_time() - t)
        engine = min(engine, _replay(games, 0))
        tensor = min(tensor, _replay(games, 1))
        full = min(full, _replay(games, 2))
    cpu = max(cpu, engine, 1e-9)
    tensor_cost = max(0.0, tensor - engine)
    encoding_cost = max(tensor_cost, full - engine)
    return {
        "game": game,
        "env": env,
        "games": len(games),
        "steps": steps,
        "steps_per_second": round(steps / elapsed, 1),
        "cpu_steps_per_second": round(steps / cpu, 1),
        "engine_steps_per_second": round(steps / max(engine, 1e-9), 1),
        "env_cpu_seconds": round(cpu, 3),
        "engine_cpu_seconds": round(engine, 3),
        "tensor_share": round(min(1.0, tensor_cost / cpu), 3),
        "encoding_share": round(min(1.0, encoding_cost / cpu), 3),
        "overhead_share": round(1.0 - engine / cpu, 3),
    }


def _fresh(runner: Callable[[str, int], Callable[[Rng], tuple[int, tuple]]], game: str,
           seed: int) -> tuple[Callable[[Rng], tuple[int, tuple]], Rng]:
    """A new environment and agent seeded alike, with one game played to warm up (card files, decks and caches loaded
    before any clock starts): every call goes on to the same games."""
    rng = Rng(seed)
    play = runner(game, seed)
    play(rng)
    return play, rng


def _pick(mask: np.ndarray, rng: Rng) -> int:
    """A uniformly random legal index of ``mask``: the non-zeros of a boolean view (numpy finds those of ``int8``
    far slower), as a list (``np.flatnonzero`` and indexing a numpy array cost 2 µs more a step).

    >>> _pick(np.array([0, 1, 0, 1], np.int8), Rng(1)) in (1, 3)
    True
    """
    legal = mask.view(np.bool_).nonzero()[0].tolist()
    return legal[rng.randbelow(len(legal))]


def _replay(games: list[tuple[Any, list[Action]]], encode: int) -> float:
    """CPU seconds to play the recorded games again (new game, the same actions): the engine alone (``encode`` 0),
    with the observation tensor of the player to decide (1; at the agent's decisions only, for Gymnasium), and its
    mask too (2), made as the environments make theirs (a new mask from the kept index map, not ``Encoding.legal``,
    which also copies the map for its caller)."""
    from tcgkit.rl.encoding import Encoding, new_mask

    t = time.process_time()
    for (rules, decks, seed, options, seat), actions in games:
        state = rules.new_game(decks, seed, options)
        enc = Encoding.of(rules.id)
        out = np.zeros(enc.obs_size, np.float32)
        n = enc.n_actions
        for a in actions:
            state.legal_actions()
            if encode and (seat is None or state.current == seat):
                enc.observe(state, state.current, out)
                if encode == 2:
                    new_mask(n, enc.legal_map(state))
            state.apply(a)
    return time.process_time() - t


_DECKS: dict[str, dict[str, Any]] = {}


def _record(state, seat: int | None = None) -> tuple[Any, list[Action]]:
    """What the engine needs to play the game again: rules, decks (loaded once), seed, options, the seat observed
    (None: both), actions."""
    rules = state.rules
    shipped = _DECKS.get(rules.id)
    if shipped is None:
        shipped = _DECKS[rules.id] = rules.decks()
    decks = [shipped[name] for name in state.deck_names]
    return (rules, decks, state.seed, dict(state.options), seat), list(state.history)


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
        return steps, _record(env.state, env.seat)

    return play


def _openspiel(game: str, seed: int) -> Callable[[Rng], tuple[int, tuple]]:
    import pyspiel
    from open_spiel.python.observation import make_observation

    from tcgkit.rl.openspiel import short_name

    deals = [pyspiel.load_game(short_name(game), {"seed": seed + i}) for i in range(8)]
    observation = make_observation(deals[0])
    count = [0]

    def play(rng: Rng) -> tuple[int, tuple]:
        state = deals[count[0] % len(deals)].new_initial_state()
        count[0] += 1
        steps = 0
        while not state.is_terminal():
            observation.set_from(state, state.current_player())  # OpenSpiel's observation API: a numpy tensor
            legal = state.legal_actions()
            state.apply_action(legal[rng.randbelow(len(legal))])
            steps += 1
        return steps, _record(state.engine)

    return play


#: Per environment, what plays its games for the benchmark: ``runner(game, seed)`` -> ``play(rng)``.
RUNNERS: dict[str, Callable[[str, int], Callable[[Rng], tuple[int, tuple]]]] = {
    "pettingzoo": _pettingzoo, "gymnasium": _gymnasium, "openspiel": _openspiel}
ENVS = tuple(RUNNERS)
