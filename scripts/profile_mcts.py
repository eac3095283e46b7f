"""Where an MCTS search's time goes, per game (not a test): a sampling profile of ``scripts/bench_mcts.py``'s searches.

A CPU-time timer interrupts the searches every ``--interval`` ms and files each sample under the innermost engine call
on the stack (``determinize``, ``clone``, ``legal_actions`` (the game's, wherever it is called from, ``apply``
included), ``apply`` (the rest of it), ``evaluate``), or when there is none under the bot's own work: ``tree``
(selection, expansion and backup: :mod:`tcgkit.bots.mcts` outside the rollout), ``rollout`` (the rollout's and the
greedy scoring's own code) and ``other`` (views, the bots' RNG, anything else). Sampling costs nothing per call, so
unlike cProfile it does not inflate the many small calls of the bot.

    .venv/bin/python scripts/profile_mcts.py                  # every game, 24 positions each
    .venv/bin/python scripts/profile_mcts.py tgc --positions 8
"""

from __future__ import annotations

import argparse
import gc
import signal
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_mcts import GAMES, positions  # noqa: E402

CATEGORIES = ("determinize", "clone", "legal_actions", "apply", "evaluate", "tree", "rollout", "other")


def markers(rules: object) -> dict[object, str]:
    """The code objects that mark an engine call, by category."""
    from tcgkit.core.state import GameState

    out = {GameState.determinize.__code__: "determinize", GameState._redeal.__code__: "determinize",
           GameState.clone.__code__: "clone", GameState.legal_actions.__code__: "legal_actions",
           GameState.apply.__code__: "apply"}
    for name in ("legal_actions", "evaluate"):
        fn = getattr(type(rules), name)
        out[fn.__code__] = name
    return out


def bot_category(code: object) -> str | None:
    """The bot's own work a frame belongs to, or None when it is not the bots' code."""
    path = code.co_filename  # type: ignore[attr-defined]
    if "bots" not in Path(path).parts:
        return None
    if path.endswith("mcts.py") and code.co_name in ("choose", "step", "widened", "iterate", "iterate_paired",  # type: ignore[attr-defined]
                                                      "best_root_action"):
        return "tree"
    if path.endswith(("mcts.py", "greedy.py")):
        return "rollout"
    return "other"


def profile_game(game: str, count: int, interval: float, repeat: int = 1) -> Counter:
    """Samples per category over ``repeat`` searches on each of ``count`` positions."""
    from tcgkit.bots import View, make_bot
    from tcgkit.games import get_rules

    states = positions(game, count)
    gc.freeze()
    marks = markers(get_rules(game))
    samples: Counter = Counter()

    def on_tick(signum: int, frame: object) -> None:
        f = frame
        bot = None
        while f is not None:
            code = f.f_code  # type: ignore[attr-defined]
            cat = marks.get(code)
            if cat is not None:
                samples[cat] += 1
                return
            if bot is None:
                bot = bot_category(code)
            f = f.f_back  # type: ignore[attr-defined]
        samples[bot or "other"] += 1

    signal.signal(signal.SIGPROF, on_tick)
    signal.setitimer(signal.ITIMER_PROF, interval / 1000, interval / 1000)
    try:
        for _ in range(repeat):
            for i, state in enumerate(states):
                bot = make_bot("mcts", i)
                bot.max_seconds = 1e9
                bot.choose(View(state, state.current))
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--interval", type=float, default=1.0,
                        help="ms of CPU time between samples (the kernel may round it up, to 4 ms say)")
    parser.add_argument("--repeat", type=int, default=3, help="searches per position")
    args = parser.parse_args()
    print("| game | samples | " + " | ".join(CATEGORIES) + " |")
    print("|---" * (len(CATEGORIES) + 2) + "|")
    for game in args.games:
        got = profile_game(game, args.positions, args.interval, args.repeat)
        total = sum(got.values())
        print(f"| {game} | {total} | " + " | ".join(f"{100 * got[c] / total:.0f}%" for c in CATEGORIES) + " |",
              flush=True)


if __name__ == "__main__":
    main()
