"""Running a simulation on a Ray cluster (``tcgkit sim ... --backend ray --address HOST:PORT``).

Install with ``pip install 'tcgkit[ray]'`` on the machine that starts the run and on every node of the cluster
(the nodes import :mod:`tcgkit` to play the games). The games are sent in batches as Ray tasks; each game is the
same :class:`~tcgkit.simulation.run.GameSpec` as with local worker processes and is played by the same
:func:`~tcgkit.simulation.run.run_one`, with the run's decks shipped once through the object store (nodes need no deck
files); a batch comes back as compact records (plain tuples) and the records come out in the order of the run, so
a run gives the same records, in the same order, on a cluster as on one machine.

``address`` is a Ray cluster address (``HOST:PORT`` of the head node, or ``ray://HOST:10001`` for Ray Client);
without one, Ray connects to ``RAY_ADDRESS`` or to a cluster started on this machine with ``ray start``, or else
starts a local Ray instance for the run.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from tcgkit.core.decks import Deck
from tcgkit.core.errors import TcgkitError
from tcgkit.simulation.run import GameRecord, GameSpec, InOrder, run_one


def play_batch(specs: Sequence[GameSpec], keep_replays: bool, decks: Mapping[str, Deck]) -> list[GameRecord]:
    """Play a batch of games (what one Ray task does); also callable directly.

    >>> from tcgkit.simulation.run import plan, resolve_decks
    >>> decks = resolve_decks("tgod", ["Guardian Wall", "Tyrant Horde"])
    >>> [r.index for r in play_batch(plan("tgod", 2, 5, list(decks), ["random", "random"]), False, decks)]
    [0, 1]
    """
    return [run_one(spec, keep_replays, decks) for spec in specs]


def play_compact(specs: Sequence[GameSpec], keep_replays: bool, decks: Mapping[str, Deck]) -> list[tuple]:
    """:func:`play_batch`, each record as :meth:`~tcgkit.simulation.run.GameRecord.compact` (what a task returns)."""
    return [run_one(spec, keep_replays, decks).compact() for spec in specs]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise TcgkitError("the ray backend needs Ray: pip install 'tcgkit[ray]'") from None
    return ray


def run_ray(specs: Sequence[GameSpec], address: str | None = None, keep_replays: bool = False,
            progress: Callable[[GameRecord], None] | None = None, decks: Mapping[str, Deck] | None = None,
            batch: int | None = None) -> Iterator[GameRecord]:
    """Play ``specs`` on the Ray cluster at ``address``; yields the records in the order of ``specs``.

    Connects (``ray.init``) unless Ray is already initialized in this process, and disconnects at the end if it
    connected. Stopping early cancels the batches still running.
    """
    for records in run_ray_batches(specs, address, keep_replays, decks, batch):
        for rec in records:
            if progress:
                progress(rec)
            yield rec


def run_ray_batches(specs: Sequence[GameSpec], address: str | None = None, keep_replays: bool = False,
                    decks: Mapping[str, Deck] | None = None, batch: int | None = None) -> Iterator[list[GameRecord]]:
    """:func:`run_ray`, a list of records at a time (those whose earlier games are all done)."""
    ray = _ray()
    connected_here = False
    if not ray.is_initialized():
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        except Exception as exc:  # ConnectionError, ValueError, RuntimeError...: one clear line for the CLI
            where = f" at {address}" if address else ""
            raise TcgkitError(f"cannot start or reach a Ray cluster{where}: {type(exc).__name__}: {exc}") from None
        connected_here = True
    pending: list[Any] = []
    try:
        if batch is None:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            batch = max(1, min(50, len(specs) // (cpus * 8) or 1))
        remote = ray.remote(play_compact)
        table = ray.put(dict(decks or {}))
        starts = {}
        for i in range(0, len(specs), batch):
            ref = remote.remote(list(specs[i:i + batch]), keep_replays, table)
            starts[ref] = i
            pending.append(ref)
        order = InOrder()
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            start = starts.pop(done[0])
            ready = order.add(start, [GameRecord.from_compact(specs[start + k], c)
                                      for k, c in enumerate(ray.get(done[0]))])
            if ready:
                yield ready
    except BaseException:
        for ref in pending:
            with contextlib.suppress(Exception):  # already finished or gone: nothing to cancel
                ray.cancel(ref, force=True)
        raise
    finally:
        if connected_here:
            ray.shutdown()
