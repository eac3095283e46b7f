"""Digests of random-bot games, to check that a change to the engine changed no game (not a test; a tool).

For each game it plays ``--games`` random-bot games (seeds and decks as ``tcgkit bench`` picks them) and hashes, per
game, the final state (``GameState.to_json``), every event of the log and every action of the history; it also
clones the state every ``--clone-every`` decisions and plays the clone on with the same bots, checking that the
clone ends the same as the original. It prints one digest per game id (and, with ``--each``, one per game played).
Run it on two source trees and compare the output:

    .venv/bin/python scripts/engine_digest.py --games 200 > after.txt
    PYTHONPATH=/path/to/old/src .venv/bin/python scripts/engine_digest.py --games 200 > before.txt
    diff before.txt after.txt

Only the public API is used, so the script runs against older trees too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from tcgkit.bots import RandomBot, View
from tcgkit.core.rng import derive_seed
from tcgkit.games import GAMES, get_rules


def play(game: str, index: int, seed: int, clone_every: int) -> tuple[str, int]:
    """Play game ``index`` of a run; returns its digest and how many clones diverged from it."""
    rules = get_rules(game)
    decks = list(rules.decks().values())
    s = derive_seed(seed, index)
    a, b = decks[index % len(decks)], decks[(index // len(decks) + 1 + index) % len(decks)]
    state = rules.new_game([a, b], s)
    bots = (RandomBot(s * 2 + 1), RandomBot(s * 2 + 2))
    forks: list[tuple] = []
    while state.result is None:
        if clone_every and state.decisions % clone_every == 0:
            forks.append((state.clone(), bots[0].rng.state, bots[1].rng.state))
        p = state.current
        state.apply(bots[p].choose(View(state, p)))
    digest = state_digest(state)
    diverged = 0
    for clone, r0, r1 in forks:
        twins = (RandomBot(), RandomBot())
        twins[0].rng.state, twins[1].rng.state = r0, r1
        while clone.result is None:
            p = clone.current
            clone.apply(twins[p].choose(View(clone, p)))
        diverged += state_digest(clone) != digest
    return digest, diverged


def state_digest(state) -> str:
    """A hash of the final state, the event log and the action history."""
    h = hashlib.blake2b(digest_size=12)
    h.update(json.dumps(state.to_json(), sort_keys=True, default=repr).encode())
    for ev in state.log:
        h.update(repr(tuple(ev)).encode())
    for action in state.history:
        h.update(action.text().encode())
    return h.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per game id (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clone-every", type=int, default=0, help="also play on clones taken every N decisions")
    parser.add_argument("--each", action="store_true", help="print every game's digest, not only the total")
    parser.add_argument("game", nargs="*", help="game ids (default: all)")
    args = parser.parse_args()
    bad = 0
    for game in args.game or sorted(GAMES):
        total = hashlib.blake2b(digest_size=12)
        for i in range(args.games):
            digest, diverged = play(game, i, args.seed, args.clone_every)
            bad += diverged
            total.update(digest.encode())
            if args.each:
                print(f"{game} {i} {digest}")
            if diverged:
                print(f"{game} game {i}: {diverged} clone(s) ended differently from the original", file=sys.stderr)
        print(f"{game} {args.games} games {total.hexdigest()}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
