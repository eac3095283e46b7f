"""The balance report: terminal tables (rich), one static HTML file with charts, CSV tables and JSON.

The HTML file needs nothing but a browser: the charts are SVG drawn by matplotlib and inlined, the card tables
sort when a column header is clicked (a few lines of inline JavaScript), and nothing is fetched from the network.

>>> from tcgkit.simulation.results import ResultSet, StoredGame
>>> from tcgkit.simulation.stats import compute
>>> g = StoredGame((0, 1), 0, "tgod", 1, ("A", "B"), ("random", "random"), 0, 0, "base destroyed", None, 9,
...                40, 0.1, None, ({"X": 1}, {}), ({}, {}))
>>> stats = compute(ResultSet("tgod", [], [g], {(0, 1): {"A": {"X": 2}, "B": {"Y": 2}}}))
>>> to_json(stats)["matchups"][0]["win_rate"]
1.0
"""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from tcgkit.core.errors import TcgkitError
from tcgkit.simulation.stats import CardStat, Rate, Stats
from tcgkit.simulation.verdict import compare, verdict


# ---------------------------------------------------------------------------------------------- rows (shared)
def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def rate_fields(rate: Rate, prefix: str = "") -> dict[str, Any]:
    """A rate as flat fields: games, wins, draws, losses, win_rate, ci_low, ci_high (with ``prefix``)."""
    lo, hi = rate.interval
    return {f"{prefix}games": rate.games, f"{prefix}wins": rate.wins, f"{prefix}draws": rate.draws,
            f"{prefix}losses": rate.losses, f"{prefix}win_rate": _r(rate.rate),
            f"{prefix}ci_low": _r(lo if rate.games else None), f"{prefix}ci_high": _r(hi if rate.games else None)}


def card_row(c: CardStat) -> dict[str, Any]:
    """One per-card row: counts and win rates when in the deck, drawn, played and not drawn; IWD; vs deck."""
    lo, hi = c.drawn.interval
    row: dict[str, Any] = {"card": c.card} if not c.deck else {"deck": c.deck, "card": c.card}
    row.update({
        "in_deck_games": c.in_deck.games, "in_deck_win_rate": _r(c.in_deck.rate),
        "drawn_games": c.drawn.games, "drawn_win_rate": _r(c.drawn.rate),
        "drawn_ci_low": _r(lo if c.drawn.games else None), "drawn_ci_high": _r(hi if c.drawn.games else None),
        "played_games": c.played.games, "played_win_rate": _r(c.played.rate),
        "not_drawn_games": c.not_drawn.games,
        "not_drawn_win_rate": _r(c.not_drawn.rate) if c.not_drawn_counts else None,
        "iwd": _r(c.iwd), "vs_deck": _r(c.vs_deck),
    })
    return row


def tables(stats: Stats, min_games: int | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every table of the report as rows of plain values (what the CSV files and the JSON hold)."""
    ls = stats.length_summary()
    overview = [
        {"key": "game", "value": stats.game}, {"key": "runs", "value": stats.runs},
        {"key": "games", "value": stats.games}, {"key": "errors", "value": stats.errors},
        {"key": "draws", "value": stats.draws},
        {"key": "seat_0_wins", "value": stats.seat_wins[0]}, {"key": "seat_1_wins", "value": stats.seat_wins[1]},
        *({"key": f"first_player_{k}", "value": v} for k, v in rate_fields(stats.first_player).items()),
        *({"key": f"turns_{k}", "value": v} for k, v in ls.items() if k != "games"),
    ]
    above, below = stats.notable(min_games=min_games)
    return {
        "overview": overview,
        "runs": [{"file": r.file, "run": r.run[1], "game": r.game, "seed": r.seed, "bot0": r.bots[0],
                  "bot1": r.bots[1], "games_planned": r.planned, "games_done": r.done, "status": r.status,
                  "started": r.started} for r in stats.run_list],
        "decks": [{"deck": d.deck, **rate_fields(d.overall), **rate_fields(d.first, "first_"),
                   **rate_fields(d.second, "second_")} for d in stats.decks],
        "matchups": [{"deck": a, "opponent": b, **rate_fields(r)} for (a, b), r in sorted(stats.matchups.items())],
        "lengths": [{"turns": t, "games": n} for t, n in sorted(stats.lengths.items())],
        "reasons": [{"reason": r, "clause": c, "games": n, "share": _r(n / max(1, stats.finished))}
                    for r, c, n in stats.reasons],
        "cards": [card_row(c) for c in stats.cards],
        "deck_cards": [card_row(c) for c in stats.deck_cards],
        "above_deck_average": [card_row(c) for c in above],
        "below_deck_average": [card_row(c) for c in below],
        "bots": [{"bot": b, **rate_fields(r)} for b, r in stats.bots.items()],
    }


def to_json(stats: Stats, min_games: int | None = None, against: Stats | None = None) -> dict[str, Any]:
    """The report as JSON-able data (``tcgkit report --json``): the tables, the verdict and, given ``against``,
    what changed since that run."""
    data: dict[str, Any] = {"verdict": verdict(stats).to_json(), **tables(stats, min_games)}
    if against is not None:
        data["changes"] = [c.to_json() for c in compare(stats, against)]
    return data


def print_verdict(stats: Stats, console: Console, against: Stats | None = None) -> None:
    """The headline: what differs from the field beyond chance, and what changed since ``against``."""
    v = verdict(stats)
    console.print(Text("Verdict", style="bold"))
    for line in v.headline():
        console.print(Text(f"  {line}"))
    if v.untestable:
        console.print(Text(f"  Not measurable (their copies drawn never vary): {', '.join(v.untestable)}.", "dim"))
    console.print(Text(f"  How: {v.method}", "dim"))
    if against is not None:
        console.print(Text("Changes since the other run", style="bold"))
        changes = compare(stats, against)
        moved = [c for c in changes if c.significant]
        for c in moved or changes[:5]:
            console.print(Text(f"  {c.sentence()}"))
        if not moved:
            console.print(Text("  Nothing changed beyond chance (the closest are shown above).", "dim"))


def write_csv(stats: Stats, folder: str | Path, min_games: int | None = None) -> list[Path]:
    """Write each table of :func:`tables` to ``folder/NAME.csv``; returns the files written."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TcgkitError(f"{folder}: cannot create the CSV folder ({exc.strerror or exc})") from None
    written = []
    for name, rows in tables(stats, min_games).items():
        path = folder / f"{name}.csv"
        columns = list(rows[0]) if rows else []
        try:
            with path.open("w", newline="") as f:
                w = csv.DictWriter(f, columns)
                w.writeheader()
                w.writerows({k: csv_cell(v) for k, v in row.items()} for row in rows)
        except OSError as exc:
            raise TcgkitError(f"{path}: cannot write ({exc.strerror or exc})") from None
        written.append(path)
    return written


#: What a spreadsheet reads as a formula at the start of a cell (OWASP's list for CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A value safe for a CSV cell: text a spreadsheet would run as a formula gets a leading apostrophe.

    Names come from card and deck files anyone may write; numbers stay numbers.

    >>> csv_cell("=1+2"), csv_cell("@SUM(A1)"), csv_cell("-1 Imp"), csv_cell("Fire Imp"), csv_cell(-0.5)
    ("'=1+2", "'@SUM(A1)", "'-1 Imp", 'Fire Imp', -0.5)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


# ---------------------------------------------------------------------------------------------- terminal
def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _pp(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:+.1f}"


def _rate(rate: Rate, ci: bool = True) -> str:
    if not rate.games:
        return "-"
    lo, hi = rate.interval
    return f"{_pct(rate.rate)} [{100 * lo:.0f}-{100 * hi:.0f}] n={rate.games}" if ci else \
        f"{_pct(rate.rate)} n={rate.games}"


def print_terminal(stats: Stats, console: Console, top: int = 15, min_games: int | None = None,
                   against: Stats | None = None) -> None:
    """Print the report as rich tables, the verdict first."""
    print_verdict(stats, console, against)
    fp = stats.first_player
    console.print(f"[bold]{escape(stats.game)}[/bold]: {stats.games} games in {stats.runs} run(s); "
                  f"{stats.errors} errors, {stats.draws} draws; seat 0 won {stats.seat_wins[0]}, "
                  f"seat 1 won {stats.seat_wins[1]}")
    console.print(f"first player win rate: {_rate(fp)} (draws count half; [a-b] = Wilson 95% interval)",
                  markup=False)
    ls = stats.length_summary()
    console.print(f"game length (turns): mean {ls['mean']}, median {ls['median']:g}, 10% {ls['p10']:g}, "
                  f"90% {ls['p90']:g}, min {ls['min']:g}, max {ls['max']:g}")
    if len(stats.run_list) > 1 or any(r.status != "complete" for r in stats.run_list):
        t = Table("file", "run", "seed", "bots", "games", "status", title="Runs")
        for r in stats.run_list:
            t.add_row(escape(r.file), str(r.run[1]), str(r.seed), escape(" / ".join(r.bots)),
                      f"{r.done} of {r.planned}", r.status)
        console.print(t)
    if stats.decks:
        t = Table("deck", "win rate (no mirrors)", "going first", "going second", title="Decks")
        for d in stats.decks:
            t.add_row(escape(d.deck), _rate(d.overall), _rate(d.first, False), _rate(d.second, False))
        console.print(t)
    names = sorted({a for a, _ in stats.matchups} | {b for _, b in stats.matchups})
    if names:
        t = Table("deck \\ vs", *map(escape, names), title="Matchups: row deck's win rate against column deck")
        for a in names:
            t.add_row(escape(a), *(_rate(stats.matchups[(a, b)]) if (a, b) in stats.matchups else "" for b in names))
        console.print(t)
    if stats.reasons:
        t = Table("reason", "clause", "games", "share", title="How games ended")
        for r, c, n in stats.reasons:
            t.add_row(escape(r), escape(c), str(n), _pct(n / max(1, stats.finished)))
        console.print(t)
    if stats.bots:
        t = Table("bot", "win rate", title="Bots (games between different bots)")
        for b, r in stats.bots.items():
            t.add_row(escape(b), _rate(r))
        console.print(t)
    cards = sorted(stats.cards, key=lambda c: (-(c.iwd if c.iwd is not None else -9), c.card))
    if cards:
        t = Table("card", "in deck", "drawn", "win% drawn", "played", "win% played", "not drawn", "win% not drawn",
                  "IWD", "vs deck", title=f"Cards over all decks, by IWD (top {min(top, len(cards))} of "
                  f"{len(cards)}; all in --html / --csv)")
        for c in cards[:top]:
            t.add_row(escape(c.card), str(c.in_deck.games), str(c.drawn.games), _pct(c.drawn.rate), str(c.played.games),
                      _pct(c.played.rate), str(c.not_drawn.games), _pct(c.not_drawn.rate), _pp(c.iwd),
                      _pp(c.vs_deck))
        console.print(t)
    above, below = stats.notable(top, min_games)
    for title, rows in (("Cards most above their deck's average", above),
                        ("Cards most below their deck's average", below)):
        if not rows:
            continue
        t = Table("deck", "card", "drawn", "win% drawn [95%]", "deck win%", "vs deck", "IWD", title=title)
        for c in rows:
            t.add_row(escape(c.deck), escape(c.card), str(c.drawn.games), _rate(c.drawn, True).rsplit(" n=", 1)[0],
                      _pct(c.in_deck.rate), _pp(c.vs_deck), _pp(c.iwd))
        console.print(t)
    for line in stats.error_samples:
        console.print(f"error: {line}", markup=False)


# ---------------------------------------------------------------------------------------------- HTML
_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:2em auto;max-width:1150px;
color:#222;padding:0 1em}
h1{margin-bottom:.2em} h2{margin-top:1.8em;border-bottom:1px solid #ddd;padding-bottom:.2em}
.muted{color:#666} .grid{display:flex;flex-wrap:wrap;gap:1em} .grid>div{flex:1 1 480px}
table{border-collapse:collapse;font-size:13px;margin:.5em 0}
th,td{border:1px solid #ddd;padding:3px 7px;text-align:right} th{background:#f3f3f3}
td:first-child,th:first-child,td.l{text-align:left}
table.sortable th{cursor:pointer;user-select:none} table.sortable th:hover{background:#e4e4ff}
th.asc::after{content:" \\25B2"} th.desc::after{content:" \\25BC"}
.pos{color:#0a7a2f} .neg{color:#b3261e} svg{max-width:100%;height:auto}
"""

_JS = """
document.querySelectorAll('table.sortable th').forEach(function(th){th.addEventListener('click',function(){
 var table=th.closest('table'),body=table.tBodies[0],i=Array.prototype.indexOf.call(th.parentNode.children,th);
 var asc=!th.classList.contains('asc');
 table.querySelectorAll('th').forEach(function(h){h.classList.remove('asc','desc')});
 th.classList.add(asc?'asc':'desc');var rows=Array.prototype.slice.call(body.rows);
 rows.sort(function(a,b){var x=a.cells[i].dataset.v,y=b.cells[i].dataset.v;if(x===y)return 0;
  if(x==='')return 1;if(y==='')return -1;var nx=Number(x),ny=Number(y);
  var c=(isNaN(nx)||isNaN(ny))?x.localeCompare(y):nx-ny;return asc?c:-c;});
 rows.forEach(function(r){body.appendChild(r)});});});
"""


def _svg(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _charts(stats: Stats, above: list[CardStat], below: list[CardStat]) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.fonttype"] = "none"
    matplotlib.rcParams["svg.hashsalt"] = "tcgkit"
    charts: dict[str, str] = {}
    names = sorted({a for a, _ in stats.matchups} | {b for _, b in stats.matchups})
    if names:
        n = len(names)
        grid = [[stats.matchups[(a, b)].rate if (a, b) in stats.matchups else float("nan") for b in names]
                for a in names]
        fig, ax = plt.subplots(figsize=(1.6 + 1.25 * n, 1.0 + 1.0 * n))
        im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
        ax.set_xticks(range(n), names, rotation=30, ha="right")
        ax.set_yticks(range(n), names)
        ax.set_xlabel("opponent")
        ax.set_ylabel("deck")
        for i, a in enumerate(names):
            for j, b in enumerate(names):
                r = stats.matchups.get((a, b))
                if r is not None and r.rate is not None:
                    lo, hi = r.interval
                    dark = abs(r.rate - 0.5) > 0.3
                    ax.text(j, i, f"{100 * r.rate:.0f}%\n[{100 * lo:.0f}-{100 * hi:.0f}]\nn={r.games}",
                            ha="center", va="center", fontsize=8, color="white" if dark else "black")
        fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="row deck win rate")
        ax.set_title("Matchups: row deck's win rate")
        charts["matchups"] = _svg(fig)
    fp = stats.first_player
    rows = [("all decks", fp, Rate(fp.losses, fp.draws, fp.wins))] + [(d.deck, d.first, d.second)
                                                                     for d in stats.decks]
    if stats.first_player.games:
        fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(rows) + 2), 3.4))
        width = 0.38
        for k, (_label, first, second) in enumerate(rows):
            for off, rate, colour, name in ((-width / 2, first, "#3b6fb6", "going first"),
                                            (width / 2, second, "#e08a2c", "going second")):
                if rate is None or not rate.games:
                    continue
                lo, hi = rate.interval
                value = rate.rate or 0.0
                ax.bar(k + off, value, width, color=colour, label=name if k < 2 else None,
                       yerr=[[value - lo], [hi - value]], capsize=3)
        ax.axhline(0.5, color="#888", lw=0.8, ls="--")
        ax.set_xticks(range(len(rows)), [r[0] for r in rows], rotation=20, ha="right")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title("Win rate by turn order")
        handles, labels = ax.get_legend_handles_labels()
        uniq = dict(zip(labels, handles, strict=True))
        ax.legend(uniq.values(), uniq.keys(), loc="upper right", fontsize=8)
        charts["turn_order"] = _svg(fig)
    if stats.lengths:
        fig, ax = plt.subplots(figsize=(7, 3.2))
        turns = sorted(stats.lengths)
        lo, hi = turns[0], turns[-1]
        bins = min(40, max(1, hi - lo + 1))
        ax.hist(list(stats.lengths), bins=bins, weights=list(stats.lengths.values()), range=(lo - 0.5, hi + 0.5),
                color="#5a8f5a")
        ls = stats.length_summary()
        ax.axvline(ls["median"], color="#222", lw=1, ls="--", label=f"median {ls['median']:g}")
        ax.set_xlabel("turns")
        ax.set_ylabel("games")
        ax.set_title("Game length")
        ax.legend(fontsize=8)
        charts["lengths"] = _svg(fig)
    notable = above + list(reversed(below))
    if notable:
        fig, ax = plt.subplots(figsize=(7, 0.8 + 0.3 * len(notable)))
        labels = [f"{c.card} ({c.deck})" for c in notable]
        values = [100 * (c.vs_deck or 0.0) for c in notable]
        ys = list(range(len(notable)))[::-1]
        ax.barh(ys, values, color=["#0a7a2f" if v > 0 else "#b3261e" for v in values])
        ax.set_yticks(ys, labels, fontsize=8)
        ax.axvline(0, color="#222", lw=0.8)
        ax.set_xlabel("win rate when drawn minus deck's win rate (points)")
        ax.set_title("Cards most above and below their deck's average")
        charts["notable"] = _svg(fig)
    return charts


def _cell(value: Any, kind: str = "") -> str:
    if value is None:
        return '<td data-v="">-</td>'
    if kind == "pct":
        return f'<td data-v="{value}">{100 * value:.1f}%</td>'
    if kind == "pp":
        cls = "pos" if value > 0 else "neg" if value < 0 else ""
        return f'<td data-v="{value}" class="{cls}">{100 * value:+.1f}</td>'
    if isinstance(value, int | float):
        return f'<td data-v="{value}">{value}</td>'
    text = html.escape(str(value))
    return f'<td data-v="{text}" class="l">{text}</td>'


_CARD_COLUMNS = [("in_deck_games", "in deck", ""), ("in_deck_win_rate", "win% in deck", "pct"),
                 ("drawn_games", "drawn", ""), ("drawn_win_rate", "win% drawn (GIH)", "pct"),
                 ("drawn_ci_low", "95% low", "pct"), ("drawn_ci_high", "95% high", "pct"),
                 ("played_games", "played", ""), ("played_win_rate", "win% played", "pct"),
                 ("not_drawn_games", "not drawn", ""), ("not_drawn_win_rate", "win% not drawn", "pct"),
                 ("iwd", "IWD", "pp"), ("vs_deck", "vs deck", "pp")]


def _card_table(cards: list[CardStat], with_deck: bool) -> str:
    head = (["deck"] if with_deck else []) + ["card"] + [label for _, label, _ in _CARD_COLUMNS]
    out = ['<table class="sortable"><thead><tr>', *(f"<th>{html.escape(h)}</th>" for h in head),
           "</tr></thead><tbody>"]
    for c in cards:
        row = card_row(c)
        cells = ([_cell(c.deck)] if with_deck else []) + [_cell(c.card)]
        cells += [_cell(row[key], kind) for key, _, kind in _CARD_COLUMNS]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _rate_cells(rate: Rate) -> str:
    if not rate.games:
        return '<td data-v="">-</td><td data-v="">-</td><td data-v="0">0</td>'
    lo, hi = rate.interval
    return (f'{_cell(rate.rate, "pct")}<td data-v="{lo}">{100 * lo:.1f}-{100 * hi:.1f}%</td>'
            f'<td data-v="{rate.games}">{rate.games}</td>')


def _verdict_html(stats: Stats, against: Stats | None) -> list[str]:
    v = verdict(stats)
    esc = html.escape
    parts = ["<h2>Verdict</h2><ul>", *(f"<li>{esc(line)}</li>" for line in v.headline()), "</ul>"]
    if v.untestable:
        parts.append(f"<p class='muted'>Not measurable (their copies drawn never vary): {esc(', '.join(v.untestable))}"
                     ".</p>")
    parts.append(f"<p class='muted'>{esc(v.method)}</p>")
    if against is not None:
        changes = compare(stats, against)
        parts += ["<h2>Changes since the other run</h2><table><thead><tr><th>what</th><th>before</th><th>now</th>"
                  "<th>difference</th><th>p (Holm)</th><th>significant</th></tr></thead><tbody>",
                  *(f"<tr>{_cell((c.subject + ' ' + c.name).strip())}{_cell(c.before)}{_cell(c.after)}"
                    f"{_cell(c.difference)}{_cell(round(c.p_adjusted, 4))}"
                    f"{_cell('yes' if c.significant else 'no')}</tr>"
                    for c in changes), "</tbody></table>"]
    return parts


def render_html(stats: Stats, min_games: int | None = None, against: Stats | None = None) -> str:
    """The report as one self-contained HTML page (charts inline, no network), the verdict first."""
    above, below = stats.notable(min_games=min_games)
    charts = _charts(stats, above, below)
    fp = stats.first_player
    ls = stats.length_summary()
    esc = html.escape
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>tcgkit report: {esc(stats.game)}</title><style>{_CSS}</style></head><body>",
        f"<h1>Balance report: {esc(stats.game)}</h1>",
        f"<p class='muted'>{stats.games} games in {stats.runs} run(s): {stats.errors} errors, {stats.draws} draws. "
        "Win rates count a draw as half a win; intervals are Wilson 95% intervals; n is the number of games.</p>",
        *_verdict_html(stats, against),
        "<h2>Turn order</h2>",
        f"<p>First player win rate: <b>{_pct(fp.rate)}</b>"
        + (f" (95% {100 * fp.interval[0]:.1f}-{100 * fp.interval[1]:.1f}%, n={fp.games})" if fp.games else "")
        + f". Seat 0 won {stats.seat_wins[0]}, seat 1 won {stats.seat_wins[1]}.</p>",
        charts.get("turn_order", ""),
        "<h2>Matchups</h2>", charts.get("matchups", ""),
        "<table><thead><tr><th>deck</th><th>win rate (no mirrors)</th><th>95%</th><th>n</th>"
        "<th>going first</th><th>95%</th><th>n</th><th>going second</th><th>95%</th><th>n</th></tr></thead><tbody>",
        *(f"<tr>{_cell(d.deck)}{_rate_cells(d.overall)}{_rate_cells(d.first)}{_rate_cells(d.second)}</tr>"
          for d in stats.decks),
        "</tbody></table>",
        "<h2>Game length</h2>",
        f"<p>Turns: mean {ls['mean']}, median {ls['median']:g}, 10th percentile {ls['p10']:g}, 90th percentile "
        f"{ls['p90']:g}, shortest {ls['min']:g}, longest {ls['max']:g}.</p>",
        charts.get("lengths", ""),
        "<h2>How games ended</h2><table><thead><tr><th>reason</th><th>clause</th><th>games</th><th>share</th>"
        "</tr></thead><tbody>",
        *(f"<tr>{_cell(r)}{_cell(c)}{_cell(n)}{_cell(n / max(1, stats.finished), 'pct')}</tr>"
          for r, c, n in stats.reasons),
        "</tbody></table>",
    ]
    if stats.bots:
        parts += ["<h2>Bots</h2><table><thead><tr><th>bot</th><th>win rate</th><th>95%</th><th>n</th></tr></thead>"
                  "<tbody>", *(f"<tr>{_cell(b)}{_rate_cells(r)}</tr>" for b, r in stats.bots.items()),
                  "</tbody></table>"]
    parts += [
        "<h2>Cards above and below their deck's average</h2>",
        "<p class='muted'>vs deck = win rate in games where the card was drawn minus the deck's win rate over all its "
        "games; only cards drawn in enough games to mean something are ranked.</p>",
        charts.get("notable", ""),
        "<div class='grid'><div><h3>Most above</h3>", _card_table(above, True),
        "</div><div><h3>Most below</h3>", _card_table(below, True), "</div></div>",
        "<h2>Cards</h2>",
        "<p class='muted'>Per player-game whose deck holds the card. drawn: at least one copy reached the hand "
        "(opening hand included); win% drawn is 17lands' GIH WR; not drawn: it stayed in the deck; IWD = win% drawn "
        "- win% not drawn (points); played: at least one copy was played. Click a header to sort.</p>",
        "<h3>Over all decks</h3>", _card_table(stats.cards, False),
        "<h3>Per deck</h3>", _card_table(stats.deck_cards, True),
    ]
    parts += ["<h2>Runs</h2><table><thead><tr><th>file</th><th>run</th><th>seed</th><th>bots</th><th>games</th>"
              "<th>planned</th><th>status</th><th>started (UTC)</th></tr></thead><tbody>",
              *(f"<tr>{_cell(r.file)}{_cell(r.run[1])}{_cell(r.seed)}{_cell(' / '.join(r.bots))}{_cell(r.done)}"
                f"{_cell(r.planned)}{_cell(r.status)}{_cell(r.started or '')}</tr>" for r in stats.run_list),
              "</tbody></table>"]
    if stats.error_samples:
        parts += ["<h2>Errors</h2><ul>", *(f"<li>{esc(e)}</li>" for e in stats.error_samples), "</ul>"]
    parts += [f"<script>{_JS}</script></body></html>"]
    return "\n".join(parts)


def write_html(stats: Stats, path: str | Path, min_games: int | None = None, against: Stats | None = None) -> Path:
    """Write :func:`render_html` to ``path``."""
    path = Path(path)
    text = render_html(stats, min_games, against)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TcgkitError(f"{path}: cannot write ({exc.strerror or exc})") from None
    return path
