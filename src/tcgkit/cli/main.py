"""The ``tcgkit`` command line. Every command sits on the public API; machine-readable output is exact JSON."""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tcgkit.core.errors import TcgkitError
from tcgkit.core.folders import use_folders
from tcgkit.games import GAMES, get_rules, is_playable

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="tcgkit: play, simulate and balance five trading card games by their rulebooks.")
scenario_app = typer.Typer(add_completion=False, no_args_is_help=True, help="Scenario files (rules tests).")
app.add_typer(scenario_app, name="scenario")
# What tcgkit prints holds user text (card, deck and file names): it is printed as text, never read as markup or emoji.
out = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)
# For the renderers that escape the user text they print themselves (the terminal game, the report): markup on.
rich_out = Console(highlight=False, soft_wrap=True, emoji=False)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
CardsOption = Annotated[list[str] | None, typer.Option(
    "--cards", metavar="DIR", help="A designer folder of card and deck files to add to the game (repeatable).")]


def use_cards(folders: list[str] | None, *games: str) -> None:
    """Read the designer folders given with ``--cards``; print, as warnings, every file they hold that is broken
    (each is skipped) and every shipped card a designer's card replaces."""
    use_folders(folders or [])
    for game in games:
        if game in GAMES and is_playable(game):
            for line in get_rules(game).problems():
                err.print(Text(f"warning: {line}"))


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data) + "\n")


@app.command()
def games(as_json: JsonFlag = False) -> None:
    """List the games and whether each is playable."""
    playable = {gid: is_playable(gid) for gid in GAMES}  # loading a game gives its name
    rows = [{"id": gid, "name": GAMES[gid][0], "playable": playable[gid]} for gid in GAMES]
    if as_json:
        _print_json(rows)
        return
    table = Table("id", "name", "playable")
    for r in rows:
        table.add_row(r["id"], r["name"], "yes" if r["playable"] else "not yet")
    out.print(table)


ExplainOption = Annotated[str | None, typer.Option(
    "--explain", help="Print how the engine reads this card (name or id), step by step in words.")]


@app.command()
def cards(game: str, as_json: JsonFlag = False, folders: CardsOption = None, explain: ExplainOption = None) -> None:
    """List a game's card pool (with the cards of designer folders given with --cards), or explain one card."""
    use_cards(folders, game)
    rules = get_rules(game)
    if explain is not None:
        if explain not in rules.pool():
            raise TcgkitError(f"{game}: no card named {explain!r}")
        lines = rules.explain_card(explain)
        if as_json:
            _print_json({"card": explain, "explanation": lines})
        else:
            for line in lines:
                out.print(line, markup=False)
        return
    pool = rules.pool()
    rows = [{"key": c.key, "name": c.name, "type": c.type, "stats": dict(c.stats), "tags": sorted(c.tags),
             "text": c.text, "effects": len(c.effects), **{k: v for k, v in c.fields.items() if _plain(v)}}
            for c in pool]
    if as_json:
        _print_json(rows)
        return
    table = Table("name", "type", "stats", "text", title=f"{game}: {len(rows)} cards")
    for r in rows:
        table.add_row(Text(r["name"]), Text(r["type"]), Text(" ".join(f"{k} {v}" for k, v in r["stats"].items())),
                      Text(r["text"] or ""))
    out.print(table)


def _plain(v: Any) -> bool:
    return isinstance(v, str | int | float | bool | type(None) | list)


@app.command()
def decks(game: str, as_json: JsonFlag = False, folders: CardsOption = None) -> None:
    """List a game's shipped decks (and those of designer folders given with --cards)."""
    use_cards(folders, game)
    rules = get_rules(game)
    rows = []
    for name, deck in rules.decks().items():
        rows.append({"name": name, "format": deck.format, "cards": {s: len(c) for s, c in deck.sections.items()},
                     "legal": not rules.validate_deck(deck), "description": deck.description,
                     "file": Path(deck.source).name})
    if as_json:
        _print_json(rows)
        return
    table = Table("name", "cards", "legal", "description", title=f"{game}: decks")
    for r in rows:
        table.add_row(r["name"], ", ".join(f"{s} {n}" for s, n in r["cards"].items()),
                      "yes" if r["legal"] else "NO", r["description"][:60])
    out.print(table)


@app.command()
def validate(game: str, deckfile: str,
             format: Annotated[str | None, typer.Option("--format", help="Deck format (game-specific).")] = None,
             as_json: JsonFlag = False, folders: CardsOption = None) -> None:
    """Check a deck against the game's deck rules; exit status 1 when it is illegal."""
    use_cards(folders, game)
    rules = get_rules(game)
    deck = rules.deck(deckfile)
    if format is not None and format not in rules.FORMATS:
        raise TcgkitError(f"{game} has no format {format!r} (formats: {', '.join(rules.FORMATS)})")
    violations = rules.validate_deck(deck, format)
    if as_json:
        _print_json({"legal": not violations, "violations": [v.to_json() for v in violations]})
    elif violations:
        out.print(f"{deck.name}: illegal ({len(violations)} violation(s))")
        for v in violations:
            out.print(f"  [{v.clause}] {v.message}")
    else:
        out.print(f"{deck.name}: legal")
    if violations:
        raise typer.Exit(1)


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="Game id (a menu asks for the game, decks and bot).")] = None,
    deck: Annotated[str | None, typer.Option("--deck", help="Your deck (name or file).")] = None,
    opponent_deck: Annotated[str | None, typer.Option("--opponent-deck", help="The other deck.")] = None,
    vs: Annotated[str, typer.Option("--vs", help="The bot you play against (random, greedy, mcts[:budget]).")] = (
        "greedy"),
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (random when omitted).")] = None,
    bots: Annotated[tuple[str, str] | None, typer.Option("--bots", help="Two bots play each other.")] = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0 or 1).")] = 0,
    save: Annotated[str | None, typer.Option("--save", help="Write the replay to this file (also on leaving).")] = (
        None),
    folders: CardsOption = None,
) -> None:
    """Play a game in the terminal against a bot, or watch two bots (--bots B1 B2)."""
    from tcgkit.terminal.game import play_terminal

    _check_play_args(vs, bots, seat, save)
    use_cards(folders, *([game] if game else []))
    if game is None:
        game, deck, opponent_deck, vs = _menu()
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000
    play_terminal(game, deck, opponent_deck, vs, seed, bots, seat, save, rich_out)


def _check_play_args(vs: str, bots: tuple[str, str] | None, seat: int, save: str | None) -> None:
    """Refuse bad ``play`` options before the game starts (not after a whole game)."""
    from tcgkit.bots import make_bot

    if seat not in (0, 1):
        raise TcgkitError(f"--seat must be 0 or 1, not {seat}")
    for spec in bots or (vs,):
        make_bot(spec, 0)
    if save is not None:
        folder = Path(save).parent
        if not folder.is_dir():
            raise TcgkitError(f"--save {save}: no folder {str(folder)!r} to write the replay in")
        if Path(save).is_dir():
            raise TcgkitError(f"--save {save}: is a folder; give a file name")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (sqlite:///file or postgresql://...); "
                                           "default: SQLite in your data folder.")] = None,
) -> None:
    """Play in the browser: serve the web game (lobby, board, replays) and its database."""
    from tcgkit.web.server import serve as run_server

    run_server(host, port, db)


def _pick(title: str, options: list[tuple[str, str]], default: int = 0) -> str:
    """Ask for one of ``options`` ((value, label) pairs) by number or value; Enter takes the default."""
    out.print(title)
    for i, (_, label) in enumerate(options, 1):
        out.print(Text(f"  {i}. {label}" + ("  (default)" if i == default + 1 else "")))
    while True:
        try:
            answer = input("> ").strip()
        except EOFError:
            raise TcgkitError(f"nothing chosen for {title.lower().rstrip('?')} (standard input closed)") from None
        if not answer:
            return options[default][0]
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1][0]
        for value, label in options:
            if answer.lower() in (value.lower(), label.lower()):
                return value
        out.print(f"Type a number from 1 to {len(options)}, or press Enter for the default.")


def _menu() -> tuple[str, str, str, str]:
    """The game, your deck, the opponent's deck and the bot, chosen from menus."""
    playable = [g for g in GAMES if is_playable(g)]
    if not playable:
        raise TcgkitError("no game is playable yet")
    game = _pick("Which game?", [(g, GAMES[g][0]) for g in playable])
    decks = list(get_rules(game).decks())
    if not decks:
        raise TcgkitError(f"{game} ships no decks; give --deck and --opponent-deck")
    named = [(d, d) for d in decks]
    mine = _pick("Your deck?", named)
    theirs = _pick("Your opponent's deck?", named, 1 % len(decks))
    bot = _pick("Your opponent?", [("random", "random: plays any legal move"),
                                   ("greedy", "greedy: the best-looking move now"),
                                   ("mcts", "mcts: searches ahead (strongest, slower)")], 1)
    return game, mine, theirs, bot


@app.command(context_settings={"allow_extra_args": True})
def sim(
    ctx: typer.Context,
    game: str,
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Run seed.")] = 0,
    decks: Annotated[list[str] | None, typer.Option(
        "--decks", help="Decks (names or files): --decks A B C, --decks A --decks B, or --decks A,B,C.")] = None,
    all_decks: Annotated[bool, typer.Option("--all-decks", help="Every shipped deck (the default).")] = False,
    bots: Annotated[tuple[str, str], typer.Option("--bots", help="Bot per seat; they swap seats.")] = (
        "random", "random"),
    jobs: Annotated[int, typer.Option("--jobs", help="Worker processes (0: all cores).")] = 0,
    out_file: Annotated[str | None, typer.Option("--out", help="Append the games to this results file (SQLite).")
                        ] = None,
    backend: Annotated[str, typer.Option("--backend", help="local (worker processes) or ray.")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address (--backend ray).")] = None,
    save_replays: Annotated[str | None, typer.Option("--save-replays", help="Folder for replays.")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Finish the stopped run of these same settings in --out: "
                                         "only its missing games are played (same seeds), none twice.")] = False,
    as_json: JsonFlag = False,
    folders: CardsOption = None,
) -> None:
    """Run a round robin of bot games over decks; prints wins, draws, errors and speed; --out stores every game."""
    from tcgkit.bots import make_bot
    from tcgkit.simulation import run as simmod

    use_cards(folders, game)
    rules = get_rules(game)
    if not rules.playable:
        raise TcgkitError(f"{game} is not playable yet")
    extra = list(ctx.args)
    if extra and not decks:
        raise TcgkitError(f"unexpected argument {extra[0]!r} (deck names go after --decks)")
    if all_decks and decks:
        raise TcgkitError("give --decks or --all-decks, not both")
    if games < 1:
        raise TcgkitError("--games must be at least 1")
    if jobs < 0:
        raise TcgkitError("--jobs must be 0 (all cores) or more")
    if backend not in simmod.BACKENDS:
        raise TcgkitError(f"unknown backend {backend!r}; backends: {', '.join(simmod.BACKENDS)}")
    if address and backend != "ray":
        raise TcgkitError("--address is for --backend ray")
    for b in bots:
        make_bot(b, 0)
    names = _deck_args([*(decks or []), *extra]) if decks else list(rules.decks())
    table = simmod.resolve_decks(game, names)
    specs = simmod.plan(game, games, seed, list(table), bots)
    if resume and not out_file:
        raise TcgkitError("--resume needs --out FILE (the results file of the stopped run)")
    writer = None
    planned = len(specs)
    if out_file:
        from tcgkit.simulation.results import ResultsWriter

        writer = ResultsWriter(out_file)
        try:
            if resume:
                stored = writer.resume_run(game, seed, table, bots, planned, specs)
                specs = [s for s in specs if s.index not in stored]
                err.print(f"resuming run {writer.run} of {out_file}: {len(stored)} of {planned} games stored, "
                          f"{len(specs)} to play")
            else:
                writer.start_run(game, seed, table, bots, planned, (jobs or simmod.default_jobs())
                                 if backend == "local" else None, backend,
                                 command=" ".join(["tcgkit", *sys.argv[1:]]))
        except BaseException:
            writer.close()
            raise
    records = []
    stopped = False
    start = time.perf_counter()
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=err, transient=True, auto_refresh=False, disable=not err.is_terminal) as progress:
            task = progress.add_task(f"{game}", total=len(specs))
            last = 0.0
            try:
                for batch in simmod.run_batches(specs, jobs or None, keep_replays=bool(save_replays), decks=table,
                                                backend=backend, address=address):
                    with _interrupt_deferred():  # games are stored and counted whole, or not at all
                        if writer is not None:
                            writer.add_many(batch)
                        records.extend(batch)
                    for rec in batch:  # the summary needs no card usage: a long run's records stay small
                        rec.usage = ()
                    progress.advance(task, len(batch))
                    if time.monotonic() - last > 0.1:
                        last = time.monotonic()
                        progress.refresh()
            except KeyboardInterrupt:
                stopped = True
        seconds = time.perf_counter() - start
        if writer is not None:
            writer.finish("stopped" if stopped else "complete")
    finally:
        if writer is not None:
            writer.close()
    if stopped:
        err.print(f"stopped: {len(records)} of {len(specs)} games finished"
                  + (f" (stored in {out_file})" if out_file else ""))
    records.sort(key=lambda r: r.index)
    summary = simmod.summarize(game, records, seconds)
    if save_replays:
        simmod.save_replays(records, save_replays)
    if as_json:
        _print_json(summary)
    else:
        table_out = Table("games", "draws", "errors", "mean turns", "decisions/s", title=f"{game}: {', '.join(table)}")
        table_out.add_row(str(summary["games"]), str(summary["draws"]), str(summary["errors"]),
                          str(summary["mean_turns"]), str(summary["decisions_per_second"]))
        out.print(table_out)
        wins = Table("", "games", "wins", "draws", "win rate", title="Wins by seat, bot and deck")
        for label, key in (("seat", "by_seat"), ("bot", "by_bot"), ("deck", "by_deck")):
            for name, t in summary[key].items():
                who = f"seat {int(name) + 1}" if key == "by_seat" else f"{label} {name}"
                rate = f"{100 * (t['wins'] + t['draws'] / 2) / t['games']:.1f}%" if t["games"] else "-"
                wins.add_row(Text(who), str(t["games"]), str(t["wins"]), str(t["draws"]), rate)
        out.print(wins)
        for r in records:
            if r.error:
                out.print(f"game {r.index} (seed {r.seed}): {r.error}")
        if out_file:
            out.print(f"stored {len(records)} games in {out_file}; see them with: tcgkit report {out_file}")
    if stopped:
        raise typer.Exit(130)


def _deck_args(values: list[str]) -> list[str]:
    """Deck arguments: each value is a deck name or file; a value with commas that is no file is a list."""
    names: list[str] = []
    for value in values:
        if "," in value and not Path(value).exists():
            names.extend(v.strip() for v in value.split(",") if v.strip())
        else:
            names.append(value)
    return names


@app.command()
def report(
    results: Annotated[list[str], typer.Argument(help="Results files written by tcgkit sim --out.",
                                                 metavar="RESULTS")],
    html: Annotated[str | None, typer.Option("--html", help="Write the report as one HTML file.")] = None,
    csv_dir: Annotated[str | None, typer.Option("--csv", help="Export the tables as CSV files to this folder.")
                       ] = None,
    game: Annotated[str | None, typer.Option("--game", help="The game to report when the files hold several.")
                    ] = None,
    top: Annotated[int, typer.Option("--top", help="Rows of the card tables in the terminal.")] = 15,
    min_games: Annotated[int | None, typer.Option(
        "--min-games", help="Cards drawn in fewer games are left out of the above/below lists.")] = None,
    against: Annotated[list[str] | None, typer.Option(
        "--against", help="Compare with another run's results (e.g. before a card change).")] = None,
    as_json: JsonFlag = False,
    folders: CardsOption = None,
) -> None:
    """Balance report: a verdict (which decks and cards differ from the field beyond chance), then matchups, turn
    order, game length, win reasons and per-card figures."""
    from tcgkit.simulation import report as reportmod
    from tcgkit.simulation.results import load
    from tcgkit.simulation.stats import compute

    use_cards(folders)
    stats = compute(load(results, game))
    before = compute(load(against, game or stats.game)) if against else None
    if html:
        reportmod.write_html(stats, html, min_games=min_games, against=before)
    if csv_dir:
        reportmod.write_csv(stats, csv_dir)
    if as_json:
        _print_json(reportmod.to_json(stats, min_games=min_games, against=before))
        return
    reportmod.print_terminal(stats, rich_out, top=top, min_games=min_games, against=before)
    if html:
        out.print(f"HTML report: {html}")
    if csv_dir:
        out.print(f"CSV tables: {csv_dir}")


@contextlib.contextmanager
def _interrupt_deferred():
    """Hold a Ctrl-C that arrives inside the block until the block is done, then raise it."""
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


@app.command()
def replay(file: str, step: Annotated[bool, typer.Option("--step", help="Wait for Enter after each action.")] = False,
           quiet: Annotated[bool, typer.Option("--quiet", help="Print only the outcome.")] = False) -> None:
    """Replay a saved game step by step; fails loudly if it does not reproduce."""
    from tcgkit.replays import load_replay
    from tcgkit.replays import replay as run_replay

    record = load_replay(file)

    def show(state, action) -> None:
        if not quiet:
            out.print(f"{state.decisions:>5}  player {state.history and state.current}: "
                      f"{state.action_label(action)}")
        if step:
            input()

    state = run_replay(record, show, source=file)
    if record["version"] == 1:
        err.print("note: a format version 1 replay: its decks name no card identities, so only its actions, events "
                  "and outcome were checked")
    r = state.result
    out.print(f"replay reproduced: {len(record['actions'])} actions, "
              + (f"player {r.winner} won ({r.reason})" if r and r.winner is not None
                 else f"draw ({r.reason})" if r else "unfinished"))


@scenario_app.command("run")
def scenario_run(paths: list[str], folders: CardsOption = None) -> None:
    """Run scenario files (or folders of them); exit status 0 only if all pass."""
    from tcgkit.scenario import load_scenario, run_scenario

    use_cards(folders)
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.yaml")))
        elif path.exists():
            files.append(path)
        else:
            raise TcgkitError(f"{p}: no such file or folder")
    failed = 0
    for f in files:
        try:
            failures = run_scenario(load_scenario(f))
        except TcgkitError as exc:
            failures = [str(exc)]
        if failures:
            failed += 1
            out.print(f"FAIL {f}")
            for msg in failures:
                out.print(f"     {msg}")
        else:
            out.print(f"ok   {f}")
    out.print(f"{len(files) - failed} passed, {failed} failed")
    if failed or not files:
        raise typer.Exit(1)


@app.command()
def bench(game: str, seconds: Annotated[float, typer.Option("--seconds")] = 3.0,
          bot: Annotated[str, typer.Option("--bot", help="random, or a search bot to time.")] = "random",
          env: Annotated[str | None, typer.Option("--env", help="pettingzoo, gymnasium or openspiel: time the "
                                                  "learning environment (pip install tcgkit[rl]).")] = None,
          as_json: JsonFlag = False) -> None:
    """Measure random-bot games/s, decisions/s and clones/s on one core (``all``: every playable game)."""
    from tcgkit.simulation.bench import bench as run_bench

    targets = [g for g in GAMES if is_playable(g)] if game == "all" else [game]
    results = []
    for g in targets:
        if env is not None:
            results.append(_bench_env(g, env, seconds))
        elif bot == "random":
            results.append(run_bench(g, seconds))
        else:
            from tcgkit.simulation.bench import bench_bot

            results.append(bench_bot(g, bot, seconds))
    if as_json:
        _print_json(results[0] if len(results) == 1 else results)
        return
    keys = [k for k in results[0] if k != "game"]
    table = Table("game", *(BENCH_LABELS.get(k, k.replace("_", " ")) for k in keys))
    for r in results:
        table.add_row(r["game"], *(_bench_cell(k, r[k]) for k in keys))
    out.print(table)


#: The bench figures' column names (``--json`` keeps the keys).
BENCH_LABELS = {
    "env": "interface", "bot": "bot", "games": "games", "decisions": "decisions", "steps": "steps",
    "games_per_second": "games/s", "decisions_per_second": "decisions/s", "clones_per_second": "clones/s",
    "mean_decisions_per_game": "decisions a game", "cpu_decisions_per_second": "decisions per CPU s",
    "cpu_clones_per_second": "clones per CPU s", "steps_per_second": "steps/s", "cpu_steps_per_second":
    "steps per CPU s", "engine_steps_per_second": "engine alone, steps per CPU s", "env_cpu_seconds":
    "CPU s through the interface", "engine_cpu_seconds": "CPU s in the engine alone", "tensor_share":
    "observation share", "encoding_share": "observation + mask share", "overhead_share": "share outside the engine",
    "searched": "decisions searched", "iterations_per_second": "iterations/s", "evals_per_second":
    "positions scored/s", "seconds_per_decision": "s a decision", "max_seconds_per_decision": "slowest decision (s)",
}


def _bench_cell(key: str, value: Any) -> str:
    if key.endswith("_share") and isinstance(value, float):
        return f"{value:.0%}"
    if isinstance(value, float) and value >= 1000:
        return f"{value:,.0f}"
    return str(value)


def _bench_env(game: str, env: str, seconds: float) -> dict:
    try:
        from tcgkit.rl.bench import bench_env
    except ImportError as exc:
        raise TcgkitError(f"the learning environments need the rl extra (pip install 'tcgkit[rl]'): {exc}") from None
    return bench_env(game, env, seconds)


def _ladder() -> None:
    from tcgkit.simulation.ladder import ladder_command

    app.command("ladder", help="Bot ladder: win rates with 95% Wilson intervals (MCTS vs random and greedy, greedy "
                "vs random), seats alternated.")(ladder_command)


_ladder()


@app.command("import")
def import_cmd(
    game: str,
    file: str,
    keywords: Annotated[str | None, typer.Option("--keywords", help="Keyword file (TGC).")] = None,
    out_dir: Annotated[str | None, typer.Option("--out", help="Write card and deck files here.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Import a game's own card data format into tcgkit card files."""
    rules = get_rules(game)
    importer = getattr(rules, "import_file", None)
    if importer is None:
        raise TcgkitError(f"{game} has no importer")
    report = importer(file, keywords=keywords, out=out_dir)
    if as_json:
        _print_json(report)
        return
    for c in report.get("per_card", []):
        if c["status"] == "full":
            out.print(f"  executes fully: {c['name']} ({c['why']})", markup=False)
        else:
            label = "executes partly" if c["status"] == "partly" else "does not execute"
            out.print(f"  {label}: {c['name']}: {c['why']}", markup=False)
    for w in report.get("warnings", []):
        out.print(f"  defect: {w}", markup=False)
    if "full" in report:
        out.print(f"{report['cards']} cards: {report['full']} execute fully, {report['partly']} partly, "
                  f"{report['not']} not; {report['with_text_full']} of {report['with_text']} with rules text execute "
                  f"from it; {len(report.get('defects', []))} defects reported")
    else:
        out.print(f"{report['cards']} cards, {report['executable']} executable")
        for name in report.get("unscripted", []):
            out.print(f"  unscripted: {name}")
    for term, cards in report.get("undefined_terms", {}).items():
        out.print(f"  term not defined in the rulebook: {term} (used by {', '.join(cards)})", markup=False)


def print_error(message: object) -> None:
    """Print an error for a person: one line, ``error: `` and the text as it is (never markup, never wrapped).

    >>> print_error("deck.yaml: [/x] is not a card\\n  (second line)")  # doctest: +SKIP
    error: deck.yaml: [/x] is not a card (second line)
    """
    text = " ".join(str(message).split()) or "unknown error"
    sys.stderr.write(f"error: {text}\n")
    sys.stderr.flush()


def _usage_error(exc: BaseException) -> str | None:
    """A usage error of the command line (a missing argument, a bad option value) as one line, else None."""
    message = getattr(exc, "format_message", None)
    if not callable(message) or not isinstance(getattr(exc, "exit_code", None), int):
        return None
    ctx = getattr(exc, "ctx", None)
    hint = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
    return f"{message()}{hint}"


def _unforeseen(exc: BaseException) -> str:
    """One line for an error tcgkit did not raise on purpose, naming the file when there is one."""
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror or exc}"
    if isinstance(exc, MemoryError):
        return "out of memory"
    if isinstance(exc, RecursionError):
        return "input nested too deeply"
    return f"{type(exc).__name__}: {exc}"


def main() -> None:
    """Entry point: one clear line and a non-zero status for any error, never a traceback.

    Exit statuses: 0 success; 1 a deck is illegal, a scenario failed, or an unforeseen error; 2 an error tcgkit
    explains (a bad file, argument or replay) or a usage error; 130 interrupted.
    """
    try:
        code = app(standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except TcgkitError as exc:
        print_error(exc)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        print_error("aborted")
        sys.exit(130)
    except KeyboardInterrupt:
        print_error("interrupted")
        sys.exit(130)
    except Exception as exc:  # usage errors (typer's click) and anything unforeseen: one line, no traceback
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare command: its help, as click shows it
            exc.show()  # type: ignore[attr-defined]
            sys.exit(exc.exit_code)  # type: ignore[attr-defined]
        print_error(_usage_error(exc) or _unforeseen(exc))
        code = getattr(exc, "exit_code", None)
        sys.exit(code if isinstance(code, int) and _usage_error(exc) else 1)


if __name__ == "__main__":
    main()
