"""The bot ladder: each pairing of bots plays many games, seats alternated, and gets a win rate with a 95% interval.

A pairing ``(a, b)`` plays ``games`` games. Games go in pairs over the same seed and the same decks with the seats
swapped (game ``2k``: ``a`` in seat 0; game ``2k + 1``: ``b`` in seat 0), and the pairs rotate over every ordered
pairing of the game's shipped decks, so neither seat nor deck favours either bot. The win rate is ``a``'s wins over
the games played (a draw is not a win); its 95% confidence interval is Wilson's score interval. Games run in worker
processes through :func:`tcgkit.simulation.run.run`, and a ladder is reproducible from its seed whatever the number
of jobs (a time-budgeted bot aside).

>>> low, high = wilson(150, 200)
>>> round(low, 3), round(high, 3)
(0.686, 0.805)
>>> specs = plan_pairing("tgod", "greedy", "random", 4, seed=1)
>>> [s.bots for s in specs]
[('greedy', 'random'), ('random', 'greedy'), ('greedy', 'random'), ('random', 'greedy')]
>>> specs[0].seed == specs[1].seed and specs[0].decks == specs[1].decks
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Annotated, Any

import typer

from tcgkit.core.folders import use_folders
from tcgkit.core.rng import derive_seed
from tcgkit.games import get_rules
from tcgkit.simulation.run import GameRecord, GameSpec, run

#: The issue's pairings: the search bot against random and greedy, greedy against random.
DEFAULT_PAIRINGS: tuple[tuple[str, str], ...] = (("mcts", "random"), ("mcts", "greedy"), ("greedy", "random"))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion of ``wins`` out of ``n`` (z = 1.96: 95%). ``(0, 1)`` when n = 0.

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> [round(x, 3) for x in wilson(10, 10)]
    [0.722, 1.0]
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class PairingResult:
    """The outcome of one pairing: ``bot`` against ``opponent`` over ``games`` games."""

    game: str
    bot: str
    opponent: str
    games: int
    wins: int
    losses: int
    draws: int
    errors: int
    win_rate: float
    low: float
    high: float
    mean_turns: float
    mean_decisions: float
    seconds: float
    #: Per deck pairing, ``"bot's deck vs opponent's deck"``: ``[wins, losses, draws]`` of ``bot``.
    by_deck: dict[str, list[int]] = field(default_factory=dict)
    #: The deals (two games on one seed and one deck pairing, seats swapped), by how ``bot`` fared over the two:
    #: ``won_both``, ``split`` (the same deck won both games: the cards decided, whoever played them),
    #: ``lost_both``, ``other`` (a draw or an error in the deal, or an unpaired game).
    deals: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def edge(self) -> float:
        """How much ``bot`` wins beyond what the decks decide: (deals won twice - deals lost twice) / deals.

        0 when every deal was split; the win rate is ``0.5 + edge / 2`` when no deal had a draw or an error.

        >>> PairingResult("g", "a", "b", 4, 3, 1, 0, 0, 0.75, 0.3, 0.95, 10.0, 50.0, 1.0,
        ...               deals={"won_both": 1, "split": 1, "lost_both": 0, "other": 0}).edge
        0.5
        """
        n = sum(self.deals.values())
        return (self.deals.get("won_both", 0) - self.deals.get("lost_both", 0)) / n if n else 0.0


def plan_pairing(game: str, bot: str, opponent: str, games: int, seed: int = 0,
                 decks: Sequence[str] | None = None) -> list[GameSpec]:
    """The games of one pairing: pairs of games on one seed and one deck pairing, seats swapped within the pair."""
    names = list(decks) if decks else list(get_rules(game).decks())
    pairs = [(a, b) for a in names for b in names if a != b] or [(names[0], names[0])]
    specs = []
    for i in range(games):
        k = i // 2
        deck_pair = pairs[k % len(pairs)]
        bots = (bot, opponent) if i % 2 == 0 else (opponent, bot)
        specs.append(GameSpec(game, i, derive_seed(seed, k), deck_pair, bots))
    return specs


def score(game: str, bot: str, opponent: str, records: Sequence[GameRecord], seconds: float) -> PairingResult:
    """Count one pairing's records from ``bot``'s side."""
    wins = losses = draws = errors = 0
    turns = decisions = 0
    for r in records:
        if r.error:
            errors += 1
            continue
        turns += r.turns
        decisions += r.decisions
        won = _outcome(bot, r)
        if won is None:
            draws += 1
        elif won:
            wins += 1
        else:
            losses += 1
    played = wins + losses + draws
    low, high = wilson(wins, played)
    return PairingResult(game, bot, opponent, played, wins, losses, draws, errors,
                         round(wins / played, 4) if played else 0.0, round(low, 4), round(high, 4),
                         round(turns / played, 1) if played else 0.0, round(decisions / played, 1) if played else 0.0,
                         round(seconds, 1), by_deck(bot, records), deals(bot, records))


def _outcome(bot: str, r: GameRecord) -> int | None:
    """1 if ``bot`` won the game, 0 if it lost, None for a draw or an error."""
    if r.error or r.winner is None:
        return None
    return int(r.bots[r.winner] == bot and r.bots[1 - r.winner] != bot)


def by_deck(bot: str, records: Sequence[GameRecord]) -> dict[str, list[int]]:
    """``bot``'s ``[wins, losses, draws]`` per deck pairing, keyed ``"its deck vs the other's"`` (errors left out).

    >>> rec = GameRecord("g", 0, 1, ("A", "B"), ("mcts", "random"), 0, "x", None, 9, 40, 0, 0.1)
    >>> by_deck("mcts", [rec, GameRecord(**{**rec.to_json(), "bots": ("random", "mcts")})])
    {'A vs B': [1, 0, 0], 'B vs A': [0, 1, 0]}
    """
    out: dict[str, list[int]] = {}
    for r in records:
        if r.error:
            continue
        seat = r.bots.index(bot)
        row = out.setdefault(f"{r.decks[seat]} vs {r.decks[1 - seat]}", [0, 0, 0])
        won = _outcome(bot, r)
        row[2 if won is None else 1 - won] += 1
    return dict(sorted(out.items()))


def deals(bot: str, records: Sequence[GameRecord]) -> dict[str, int]:
    """The deals of a pairing (games on the same seed and decks, seats swapped) by ``bot``'s results over the two.

    A deal whose games one deck won both times is ``split``: the cards decided it whoever played them. Only
    ``won_both`` and ``lost_both`` deals tell the bots apart (:attr:`PairingResult.edge`).
    """
    pairs: dict[tuple[int, tuple[str, str]], list[GameRecord]] = {}
    for r in records:
        pairs.setdefault((r.seed, r.decks), []).append(r)
    out = {"won_both": 0, "split": 0, "lost_both": 0, "other": 0}
    for games in pairs.values():
        results = [_outcome(bot, r) for r in games]
        if len(games) != 2 or None in results:
            out["other"] += 1
        else:
            out[("lost_both", "split", "won_both")[results.count(1)]] += 1
    return out


def run_pairing(game: str, bot: str, opponent: str, games: int = 200, seed: int = 0, jobs: int | None = 1,
                progress: Callable[[GameRecord], None] | None = None) -> PairingResult:
    """Play one pairing and score it."""
    specs = plan_pairing(game, bot, opponent, games, seed)
    start = time.perf_counter()
    records = list(run(specs, jobs, progress=progress))
    return score(game, bot, opponent, records, time.perf_counter() - start)


def ladder(game: str, games: int = 200, seed: int = 0, jobs: int | None = 1,
           pairings: Sequence[tuple[str, str]] = DEFAULT_PAIRINGS,
           progress: Callable[[GameRecord], None] | None = None) -> list[PairingResult]:
    """Every pairing of the ladder on one game."""
    return [run_pairing(game, a, b, games, seed, jobs, progress) for a, b in pairings]


def markdown(results: Sequence[PairingResult]) -> str:
    """The results as a Markdown table (the form of ``docs/bots.md``).

    >>> r = PairingResult("tgod", "greedy", "random", 200, 190, 10, 0, 0, 0.95, 0.91, 0.97, 20.0, 70.0, 12.0)
    >>> print(markdown([r]).splitlines()[2])
    | tgod | greedy | random | 200 | 190 | 10 | 0 | 95.0% | 91.0%-97.0% | 20.0 | 12.0 |
    """
    lines = ["| game | bot | opponent | games | wins | losses | draws | win rate | 95% interval | mean turns "
             "| seconds |",
             "|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|"]
    for r in results:
        lines.append(f"| {r.game} | {r.bot} | {r.opponent} | {r.games} | {r.wins} | {r.losses} | {r.draws} | "
                     f"{r.win_rate:.1%} | {r.low:.1%}-{r.high:.1%} | {r.mean_turns} | {r.seconds} |")
    return "\n".join(lines)


def deck_markdown(r: PairingResult) -> str:
    """One pairing's results per deck pairing, and its deals, as Markdown.

    >>> r = PairingResult("g", "mcts", "greedy", 4, 3, 1, 0, 0, 0.75, 0.3, 0.95, 10.0, 50.0, 1.0,
    ...                   by_deck={"A vs B": [2, 0, 0], "B vs A": [1, 1, 0]},
    ...                   deals={"won_both": 1, "split": 1, "lost_both": 0, "other": 0})
    >>> print(deck_markdown(r))
    g, mcts against greedy: deals won twice 1, split 1 (the same deck won both), lost twice 0; edge +50.0%
    <BLANKLINE>
    | mcts's deck | greedy's deck | wins | losses | draws | win rate |
    |---|---|---:|---:|---:|---:|
    | A | B | 2 | 0 | 0 | 100.0% |
    | B | A | 1 | 1 | 0 | 50.0% |
    """
    lines = [f"{r.game}, {r.bot} against {r.opponent}: {_deals_summary(r)}", "",
             f"| {r.bot}'s deck | {r.opponent}'s deck | wins | losses | draws | win rate |",
             "|---|---|---:|---:|---:|---:|"]
    lines += ["| " + " | ".join(row) + " |" for row in _deck_rows(r)]
    return "\n".join(lines)


def _deals_summary(r: PairingResult) -> str:
    d = r.deals
    return (f"deals won twice {d.get('won_both', 0)}, split {d.get('split', 0)} (the same deck won both), lost twice "
            f"{d.get('lost_both', 0)}" + (f", other {d['other']}" if d.get("other") else "") + f"; edge {r.edge:+.1%}")


def _deck_rows(r: PairingResult) -> list[tuple[str, ...]]:
    """The rows of the per-deck table: the bot's deck, the other's, wins, losses, draws, win rate."""
    rows = []
    for key, (w, lost, drawn) in r.by_deck.items():
        mine, _, theirs = key.partition(" vs ")
        n = w + lost + drawn
        rows.append((mine, theirs, str(w), str(lost), str(drawn), f"{w / n if n else 0.0:.1%}"))
    return rows


def _pairs(specs: Sequence[str]) -> list[tuple[str, str]]:
    out = []
    for text in specs:
        a, sep, b = text.partition(" vs ")
        if not sep or not a.strip() or not b.strip():
            from tcgkit.core.errors import TcgkitError

            raise TcgkitError(f"--pair {text!r}: write it as 'BOT vs BOT', e.g. 'mcts:200 vs greedy'")
        out.append((a.strip(), b.strip()))
    return out


def ladder_command(
    game: Annotated[str, typer.Argument(help="Game id, or 'all' for every playable game.")],
    games: Annotated[int, typer.Option("--games", help="Games per pairing (seats alternate).")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Ladder seed.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", help="Worker processes (0: all cores).")] = 1,
    mcts: Annotated[str, typer.Option("--mcts", help="The MCTS bot spec of the default pairings.")] = "mcts",
    pair: Annotated[list[str] | None, typer.Option("--pair", help="A pairing 'A vs B' (repeat); replaces the "
                                                   "default ones.")] = None,
    as_markdown: Annotated[bool, typer.Option("--markdown", help="Print a Markdown table.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
    decks: Annotated[bool, typer.Option("--by-deck", help="Also show each pairing per deck pairing, and its deals "
                                        "(won twice, split by the decks, lost twice).")] = False,
    folders: Annotated[list[str] | None, typer.Option(
        "--cards", metavar="DIR", help="A designer folder of card and deck files to add (repeatable).")] = None,
) -> None:
    """Bot ladder: win rates with 95% Wilson intervals, MCTS vs random and greedy, greedy vs random."""
    import json
    import sys

    from rich.console import Console
    from rich.table import Table

    from tcgkit.games import playable_games

    err = Console(stderr=True, highlight=False)
    use_folders(folders or [])
    targets = playable_games() if game == "all" else [game]
    for g in targets:
        get_rules(g)
    pairings = _pairs(pair) if pair else [(mcts if a == "mcts" else a, b) for a, b in DEFAULT_PAIRINGS]
    results: list[PairingResult] = []
    for g in targets:
        for a, b in pairings:
            done = [0]

            def tick(_r: GameRecord, g: str = g, a: str = a, b: str = b, done: list[int] = done) -> None:
                done[0] += 1
                if err.is_terminal and done[0] % 10 == 0:
                    err.print(f"{g}: {a} vs {b}: {done[0]}/{games}", end="\r")

            r = run_pairing(g, a, b, games, seed, jobs or None, tick)
            results.append(r)
            if not as_json and not as_markdown:
                err.print(f"{g}: {a} vs {b}: {r.win_rate:.1%} [{r.low:.1%}, {r.high:.1%}] in {r.seconds}s")
    if as_json:
        sys.stdout.write(json.dumps([r.to_json() for r in results]) + "\n")
    elif as_markdown:
        sys.stdout.write(markdown(results) + "\n")
        if decks:
            sys.stdout.write("".join("\n" + deck_markdown(r) + "\n" for r in results))
    else:
        table = Table("game", "bot", "opponent", "games", "wins", "draws", "win rate", "95% interval", "seconds")
        for r in results:
            table.add_row(r.game, r.bot, r.opponent, str(r.games), str(r.wins), str(r.draws), f"{r.win_rate:.1%}",
                          f"{r.low:.1%}-{r.high:.1%}", str(r.seconds))
        out = Console(highlight=False, soft_wrap=True)
        out.print(table)
        if decks:
            for r in results:
                out.print(_deck_table(r))


def _deck_table(r: PairingResult) -> Any:
    from rich.table import Table

    table = Table(f"{r.bot}'s deck", f"{r.opponent}'s deck", "wins", "losses", "draws", "win rate",
                  title=f"{r.game}: {r.bot} vs {r.opponent}", caption=_deals_summary(r))
    for row in _deck_rows(r):
        table.add_row(*row)
    return table


def main() -> None:
    """``python -m tcgkit.simulation.ladder``: the ladder command on its own."""
    typer.run(ladder_command)


if __name__ == "__main__":
    main()
