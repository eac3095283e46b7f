"""The balance report's verdict: which decks and cards differ from the field beyond chance, and whether going
first matters; and what changed between two runs (before and after a card change).

Tests used:

- a deck against the field: its win rate against other decks (mirrors left out, draws as halves) against 50%,
  a two-sided z-test;
- a card: a logistic regression of each player-game's result on its deck (one intercept per deck), on whether the
  player went first, on how many cards the player drew in all (a longer game, or more card draw, brings more of
  every card), and on how many copies of the card the player drew; one model per card. The card's coefficient is
  the effect of a copy of it drawn *in place of another card*; so a card drawn in almost every game is still
  measured by the games where more or fewer copies came, and one whose draws never vary is reported as not
  measurable rather than given a meaningless "when not drawn" figure. Wald test per card;
- the first player: the first player's win rate against 50%, z-test, with its Wilson interval;
- two runs: the difference of two win rates (or two coefficients) over its standard error, z-test.

Every p-value of one verdict is corrected together by Holm's method (family-wise error 5%), so twenty decks and a
hundred cards do not make a finding by chance.

>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
>>> round(two_sided(1.959963984540054), 3)
0.05
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from tcgkit.simulation.stats import Rate, Stats

#: The family-wise error rate of a verdict.
ALPHA = 0.05
#: Cards drawn in fewer player-games than this are not tested.
MIN_CARD_GAMES = 20
#: Ridge penalty on card coefficients: keeps the fit stable when copies drawn barely vary.
RIDGE = 1.0


def two_sided(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = round(running, 12)
    return adjusted


def rate_test(rate: Rate, against: float = 0.5) -> float:
    """p-value of a win rate against ``against`` (z-test; a draw's smaller variance makes it conservative)."""
    n = rate.games
    if n == 0:
        return 1.0
    return two_sided((rate.score - n * against) / math.sqrt(n * against * (1 - against)))


@dataclass
class CardEffect:
    """A card's fitted effect: ``coef`` (log-odds per copy drawn) with its standard error, and ``points``, the
    change of the win rate per copy drawn near the average position (percentage points)."""

    card: str
    games: int
    coef: float
    se: float
    points: float

    @property
    def p(self) -> float:
        return two_sided(self.coef / self.se) if self.se > 0 and math.isfinite(self.se) else 1.0

    @property
    def measurable(self) -> bool:
        """Whether its copies drawn varied enough to be tested (see :func:`card_effects`)."""
        return math.isfinite(self.se)


def card_effects(stats: Stats, min_games: int = MIN_CARD_GAMES) -> list[CardEffect]:
    """Fit the per-card logistic regression described in the module docstring, one card at a time."""
    rows = stats.player_games
    if not rows:
        return []
    drawn_in: dict[str, int] = {}
    for row in rows:
        for card in row[3]:
            drawn_in[card] = drawn_in.get(card, 0) + 1
    decks = sorted({row[0] for row in rows})
    base = np.zeros((len(rows), len(decks) + 2))
    dcol = {d: i for i, d in enumerate(decks)}
    y = np.empty(len(rows))
    for r, (deck, first, _turns, drawn, outcome) in enumerate(rows):
        base[r, dcol[deck]] = 1.0
        base[r, -2] = 1.0 if first else 0.0
        base[r, -1] = sum(drawn.values())
        y[r] = outcome
    penalty = np.zeros(base.shape[1] + 1)
    penalty[-1] = RIDGE
    out = []
    for card in sorted(c for c, n in drawn_in.items() if n >= min_games):
        copies = np.fromiter((row[3].get(card, 0) for row in rows), float, len(rows))
        if _varied(rows, copies) < min_games:
            out.append(CardEffect(card, drawn_in[card], 0.0, math.inf, 0.0))
            continue
        beta, cov, p = _logistic(np.column_stack((base, copies)), y, penalty)
        slope = float(np.mean(p * (1 - p)))
        out.append(CardEffect(card, drawn_in[card], float(beta[-1]), float(math.sqrt(max(cov[-1, -1], 0.0))),
                              100 * slope * float(beta[-1])))
    return out


def _varied(rows: Sequence[tuple], copies: np.ndarray) -> int:
    """In how many player-games the copies drawn differ from the usual number for that deck: what the test of a
    card can learn from (a card drawn exactly once in every game teaches nothing)."""
    by_deck: dict[str, Counter] = {}
    for row, n in zip(rows, copies, strict=True):
        by_deck.setdefault(row[0], Counter())[n] += 1
    return sum(sum(c.values()) - max(c.values()) for c in by_deck.values())


def _logistic(x: np.ndarray, y: np.ndarray, penalty: np.ndarray, steps: int = 30
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ridge-penalised logistic regression by Newton's method: coefficients, their covariance, fitted p."""
    beta = np.zeros(x.shape[1])
    ridge = np.diag(penalty + 1e-9)
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ beta, -30, 30)))
        w = p * (1 - p)
        hessian = x.T @ (x * w[:, None]) + ridge
        grad = x.T @ (y - p) - penalty * beta
        step = np.linalg.solve(hessian, grad)
        beta += step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    p = 1 / (1 + np.exp(-np.clip(x @ beta, -30, 30)))
    hessian = x.T @ (x * (p * (1 - p))[:, None]) + ridge
    return beta, np.linalg.inv(hessian), p


@dataclass
class Finding:
    """One tested comparison: what (``subject``: deck, card, first player), its estimate in words, the raw and
    Holm-adjusted p-values, and whether it is significant."""

    subject: str
    name: str
    estimate: str
    p: float
    p_adjusted: float = 1.0
    direction: int = 0

    @property
    def significant(self) -> bool:
        return self.p_adjusted < ALPHA

    def sentence(self) -> str:
        word = {"deck": "Deck", "card": "Card", "first player": "Going first"}[self.subject]
        if self.subject == "first player":
            head = ("Going first is an advantage" if self.direction > 0 else "Going first is a disadvantage") \
                if self.significant else "Going first makes no significant difference"
            return f"{head}: {self.estimate}; {_p(self.p_adjusted)}."
        verdict = ("is too strong" if self.direction > 0 else "is too weak") if self.significant else "is within chance"
        return f"{word} {self.name} {verdict}: {self.estimate}; {_p(self.p_adjusted)}."

    def to_json(self) -> dict[str, object]:
        return {"subject": self.subject, "name": self.name, "estimate": self.estimate, "p": self.p,
                "p_adjusted": self.p_adjusted, "significant": self.significant, "direction": self.direction,
                "sentence": self.sentence()}


def _p(p: float) -> str:
    return "p < 0.001 after Holm" if p < 0.001 else f"p = {p:.3f} after Holm"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


@dataclass
class Verdict:
    """The findings of one report; ``headline`` lists the significant ones first, in words."""

    findings: list[Finding] = field(default_factory=list)
    method: str = ""
    untestable: list[str] = field(default_factory=list)

    @property
    def significant(self) -> list[Finding]:
        return [f for f in self.findings if f.significant and f.subject != "first player"]

    def headline(self) -> list[str]:
        lines = [f.sentence() for f in sorted(self.significant, key=lambda f: f.p_adjusted)]
        if not lines:
            lines.append("No deck or card differs from the field beyond chance.")
        lines.extend(f.sentence() for f in self.findings if f.subject == "first player")
        return lines

    def to_json(self) -> dict[str, object]:
        return {"method": self.method, "headline": self.headline(), "findings": [f.to_json() for f in self.findings],
                "untestable_cards": self.untestable}


METHOD = ("Decks: win rate against other decks vs 50%, z-test. Cards: logistic regression of each player's result "
          "on deck, turn order, cards drawn in all and copies drawn of the card (the effect of a copy drawn in place "
          "of another card); Wald test per card. First player: win rate vs 50%, "
          f"z-test. All p-values corrected together by Holm's method (family-wise error {ALPHA:.0%}).")


def verdict(stats: Stats) -> Verdict:
    """Test every deck, every card drawn in enough games, and the first player (see the module docstring)."""
    findings: list[Finding] = []
    for d in stats.decks:
        r = d.overall
        if r.games == 0 or r.rate is None:
            continue
        lo, hi = r.interval
        findings.append(Finding("deck", d.deck, f"wins {_pct(r.rate)} against other decks (95% CI "
                                f"{_pct(lo)}-{_pct(hi)}, {r.games} games)", rate_test(r), direction=_sign(r.rate - .5)))
    untestable = []
    for c in card_effects(stats):
        if not c.measurable:
            untestable.append(c.card)
            continue
        half = 1.96 * abs(c.points) / max(abs(c.coef / c.se), 1e-9)
        lo, hi = c.points - half, c.points + half
        findings.append(Finding("card", c.card, "each copy drawn moves the win rate "
                                f"{c.points:+.1f} points (95% CI {lo:+.1f} to {hi:+.1f}; drawn in {c.games} "
                                "player-games)", c.p,
                                direction=_sign(c.coef)))
    fp = stats.first_player
    if fp.games and fp.rate is not None:
        lo, hi = fp.interval
        findings.append(Finding("first player", "", f"the first player wins {_pct(fp.rate)} (95% CI {_pct(lo)}-"
                                f"{_pct(hi)}, {fp.games} games)", rate_test(fp), direction=_sign(fp.rate - .5)))
    for f, adj in zip(findings, holm([f.p for f in findings]), strict=True):
        f.p_adjusted = adj
    return Verdict(findings, METHOD, sorted(untestable))


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


@dataclass
class Change:
    """One figure in two runs: before (``b``), after (``a``), the difference, and its tests."""

    subject: str
    name: str
    before: str
    after: str
    difference: str
    p: float
    p_adjusted: float = 1.0

    @property
    def significant(self) -> bool:
        return self.p_adjusted < ALPHA

    def sentence(self) -> str:
        what = {"deck": f"Deck {self.name}", "card": f"Card {self.name}", "first player": "Going first"}[self.subject]
        moved = "changed significantly" if self.significant else "did not change beyond chance"
        return f"{what} {moved}: {self.before} before, {self.after} now ({self.difference}; {_p(self.p_adjusted)})."

    def to_json(self) -> dict[str, object]:
        return {"subject": self.subject, "name": self.name, "before": self.before, "after": self.after,
                "difference": self.difference, "p": self.p, "p_adjusted": self.p_adjusted,
                "significant": self.significant, "sentence": self.sentence()}


def compare(now: Stats, before: Stats) -> list[Change]:
    """What changed from ``before`` to ``now``: decks, cards and the first player, Holm-corrected together."""
    changes: list[Change] = []
    old_decks = {d.deck: d.overall for d in before.decks}
    for d in now.decks:
        if d.deck in old_decks:
            changes.append(_rate_change("deck", d.deck, d.overall, old_decks[d.deck]))
    old_cards = {c.card: c for c in card_effects(before)}
    for c in card_effects(now):
        o = old_cards.get(c.card)
        if o is None or not (c.measurable and o.measurable):
            continue
        se = math.hypot(c.se, o.se)
        diff = c.points - o.points
        changes.append(Change("card", c.card, f"{o.points:+.1f} points per copy", f"{c.points:+.1f}",
                              f"{diff:+.1f} points", two_sided((c.coef - o.coef) / se) if se else 1.0))
    changes.append(_rate_change("first player", "", now.first_player, before.first_player))
    for ch, adj in zip(changes, holm([c.p for c in changes]), strict=True):
        ch.p_adjusted = adj
    return sorted(changes, key=lambda c: (not c.significant, c.p_adjusted, c.subject, c.name))


def _rate_change(subject: str, name: str, now: Rate, before: Rate) -> Change:
    if not now.games or not before.games or now.rate is None or before.rate is None:
        return Change(subject, name, "no games", "no games", "not comparable", 1.0)
    a, b = now.rate, before.rate
    se = math.sqrt(max(a * (1 - a), 1e-9) / now.games + max(b * (1 - b), 1e-9) / before.games)
    diff = a - b
    lo, hi = 100 * (diff - 1.96 * se), 100 * (diff + 1.96 * se)
    return Change(subject, name, _pct(b), _pct(a), f"{100 * diff:+.1f} points, 95% CI {lo:+.1f} to {hi:+.1f}",
                  two_sided(diff / se))
