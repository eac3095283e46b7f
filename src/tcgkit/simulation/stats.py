"""Balance statistics from stored results: matchups, turn order, game length, win reasons and per-card figures.

Every win rate here is a *score*: a win counts 1, a draw 1/2, a loss 0, over the games that finished without an
error; each comes with its count and a Wilson 95% interval, so that noise is visible. Games with an error count
only in ``errors``.

Per card, over *player-games* (one player's side of one game) whose deck holds the card, as 17lands does for
Magic:

- ``drawn``: the games in which at least one copy reached the hand (opening hand included), and their win rate
  (17lands' "GIH WR");
- ``played``: the games in which at least one copy was played from the hand;
- ``not_drawn``: the games in which it stayed in the deck ("GNS WR");
- ``iwd``: drawn win rate minus not-drawn win rate ("IWD", improvement when drawn);
- ``vs_deck``: drawn win rate minus the win rate of every game the card was in the deck (its deck's average).

>>> [round(x, 3) for x in wilson(8, 10)]
[0.49, 0.943]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from tcgkit.simulation.results import ResultSet, RunInfo, StoredGame

#: A card needs this share of its games in which it stayed in the deck for its "when not drawn" figures.
MIN_NOT_DRAWN_SHARE = 0.05

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n`` (``score`` may count draws as halves).

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = score / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Rate:
    """Wins, draws and losses of some set of games, seen from one side.

    >>> r = Rate(wins=3, draws=2, losses=5)
    >>> r.games, r.score, r.rate
    (10, 4.0, 0.4)
    """

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, outcome: float) -> None:
        """Count one game: ``1`` a win, ``0.5`` a draw, ``0`` a loss."""
        if outcome == 1:
            self.wins += 1
        elif outcome == 0:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2

    @property
    def rate(self) -> float | None:
        """The win rate (draws as halves), or None without games."""
        return self.score / self.games if self.games else None

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of :attr:`rate`."""
        return wilson(self.score, self.games)


def _diff(a: Rate, b: Rate) -> float | None:
    if a.rate is None or b.rate is None:
        return None
    return a.rate - b.rate


@dataclass
class CardStat:
    """Per-card figures (see the module docstring); ``deck`` is ``""`` for the card over every deck."""

    card: str
    deck: str
    in_deck: Rate = field(default_factory=Rate)
    drawn: Rate = field(default_factory=Rate)
    played: Rate = field(default_factory=Rate)
    not_drawn: Rate = field(default_factory=Rate)

    @property
    def not_drawn_counts(self) -> bool:
        """Whether the games it stayed in the deck are enough to mean something: 5% of the games it was in the deck
        (a card in almost every opening hand has no "when not drawn" figure; the verdict measures it otherwise)."""
        return self.not_drawn.games >= max(1.0, MIN_NOT_DRAWN_SHARE * self.in_deck.games)

    @property
    def iwd(self) -> float | None:
        """Drawn win rate minus not-drawn win rate (None when too few games left it undrawn: see
        :attr:`not_drawn_counts`)."""
        return _diff(self.drawn, self.not_drawn) if self.not_drawn_counts else None

    @property
    def vs_deck(self) -> float | None:
        """Drawn win rate minus the win rate of every game with the card in the deck."""
        return _diff(self.drawn, self.in_deck)


@dataclass
class DeckStat:
    """A deck's record against other decks (mirror matches left out), overall and by turn order."""

    deck: str
    overall: Rate = field(default_factory=Rate)
    first: Rate = field(default_factory=Rate)
    second: Rate = field(default_factory=Rate)


@dataclass
class Stats:
    """Everything ``tcgkit report`` shows, computed by :func:`compute`."""

    game: str
    runs: int
    games: int
    errors: int
    draws: int
    seat_wins: tuple[int, int]
    first_player: Rate
    decks: list[DeckStat]
    matchups: dict[tuple[str, str], Rate]
    lengths: Counter
    decisions: Counter
    reasons: list[tuple[str, str, int]]
    cards: list[CardStat]
    deck_cards: list[CardStat]
    bots: dict[str, Rate]
    error_samples: list[str]
    run_list: list[RunInfo] = field(default_factory=list)
    #: one row per player-game: (deck, went first, game length in turns, {card: copies drawn}, outcome); what the
    #: verdict's regression fits
    player_games: list[tuple[str, bool, int, dict[str, int], float]] = field(default_factory=list)

    @property
    def finished(self) -> int:
        """Games without an error."""
        return self.games - self.errors

    def length_summary(self) -> dict[str, float]:
        """Mean, median, 10th and 90th percentiles, min and max of game length in turns."""
        return _summary(self.lengths)

    def notable(self, n: int = 10, min_games: int | None = None) -> tuple[list[CardStat], list[CardStat]]:
        """The cards most above and most below their deck's average (``vs_deck``), ``n`` each, among the
        (deck, card) pairs drawn in at least ``min_games`` games (default: 5% of the games, from 1 to 30).
        """
        if min_games is None:
            min_games = min(30, max(1, self.finished // 20))
        ranked = sorted((c for c in self.deck_cards if c.drawn.games >= min_games and c.vs_deck is not None),
                        key=lambda c: (-(c.vs_deck or 0.0), c.deck, c.card))
        above = [c for c in ranked if (c.vs_deck or 0.0) > 0][:n]
        below = [c for c in reversed(ranked) if (c.vs_deck or 0.0) < 0][:n]
        return above, below


def _summary(counts: Counter) -> dict[str, float]:
    total = sum(counts.values())
    if not total:
        return {"games": 0, "mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    values = sorted(counts.items())

    def quantile(q: float) -> float:
        target = q * (total - 1)
        seen = 0
        lo = hi = None
        for v, c in values:
            if lo is None and seen + c > math.floor(target):
                lo = v
            if seen + c > math.ceil(target):
                hi = v
                break
            seen += c
        assert lo is not None
        if hi is None:
            hi = values[-1][0]
        return lo + (hi - lo) * (target - math.floor(target))

    return {"games": total, "mean": round(sum(v * c for v, c in values) / total, 2), "median": quantile(0.5),
            "p10": quantile(0.1), "p90": quantile(0.9), "min": values[0][0], "max": values[-1][0]}


def _outcome(g: StoredGame, seat: int) -> float:
    if g.winner is None:
        return 0.5
    return 1.0 if g.winner == seat else 0.0


def compute(results: ResultSet) -> Stats:
    """The statistics of a result set.

    >>> from tcgkit.simulation.results import ResultSet, RunInfo, StoredGame
    >>> g = StoredGame((0, 1), 0, "tgod", 1, ("A", "B"), ("random", "random"), 0, 0, "base destroyed", None, 9,
    ...                40, 0.1, None, ({"X": 1}, {}), ({}, {}))
    >>> s = compute(ResultSet("tgod", [], [g], {(0, 1): {"A": {"X": 2}, "B": {"Y": 2}}}))
    >>> s.matchups[("A", "B")].rate, s.first_player.rate
    (1.0, 1.0)
    >>> [(c.card, c.drawn.games, c.not_drawn.games) for c in s.cards]
    [('X', 1, 0), ('Y', 0, 1)]
    """
    errors = draws = 0
    seat_wins = [0, 0]
    first = Rate()
    decks: dict[str, DeckStat] = {}
    matchups: dict[tuple[str, str], Rate] = {}
    lengths: Counter = Counter()
    decisions: Counter = Counter()
    reasons: Counter = Counter()
    cards: dict[str, CardStat] = {}
    deck_cards: dict[tuple[str, str], CardStat] = {}
    bots: dict[str, Rate] = {}
    samples: list[str] = []
    player_games: list[tuple[str, bool, int, dict[str, int], float]] = []
    for g in results.games:
        if g.error:
            errors += 1
            if len(samples) < 5:
                samples.append(f"game {g.index} (seed {g.seed}): {g.error}")
            continue
        if g.winner is None:
            draws += 1
        else:
            seat_wins[g.winner] += 1
        lengths[g.turns] += 1
        decisions[g.decisions] += 1
        reasons[(g.reason, g.clause or "")] += 1
        fp = g.first_player
        if fp in (0, 1):
            first.add(_outcome(g, fp))
        mirror = g.decks[0] == g.decks[1]
        for seat in (0, 1):
            o = _outcome(g, seat)
            deck, opp = g.decks[seat], g.decks[1 - seat]
            matchups.setdefault((deck, opp), Rate()).add(o)
            if not mirror:
                ds = decks.setdefault(deck, DeckStat(deck))
                ds.overall.add(o)
                if fp in (0, 1):
                    (ds.first if fp == seat else ds.second).add(o)
            if g.bots[0] != g.bots[1]:
                bots.setdefault(g.bots[seat], Rate()).add(o)
            listed = results.decks.get(g.run, {}).get(deck, {})
            drawn, played = g.drawn[seat], g.played[seat]
            player_games.append((deck, fp == seat, g.turns, drawn, o))
            for card in _union(listed, drawn, played):
                for stat in (cards.get(card) or cards.setdefault(card, CardStat(card, "")),
                             deck_cards.get((deck, card)) or deck_cards.setdefault((deck, card),
                                                                                   CardStat(card, deck))):
                    stat.in_deck.add(o)
                    (stat.drawn if card in drawn else stat.not_drawn).add(o)
                    if card in played:
                        stat.played.add(o)
    for d in {d for g in results.games for d in g.decks}:
        decks.setdefault(d, DeckStat(d))
    return Stats(
        game=results.game, runs=len(results.runs), games=len(results.games), errors=errors, draws=draws,
        seat_wins=(seat_wins[0], seat_wins[1]), first_player=first,
        decks=sorted(decks.values(), key=lambda d: d.deck), matchups=matchups, lengths=lengths,
        decisions=decisions,
        reasons=sorted(((r, c, n) for (r, c), n in reasons.items()), key=lambda x: (-x[2], x[0])),
        cards=sorted(cards.values(), key=lambda c: c.card),
        deck_cards=sorted(deck_cards.values(), key=lambda c: (c.deck, c.card)),
        bots=dict(sorted(bots.items())), error_samples=samples, run_list=list(results.runs),
        player_games=player_games,
    )


def _union(*maps: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for m in maps:
        for k in m:
            seen[k] = None
    return list(seen)
