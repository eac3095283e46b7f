"""Helpers for the TGC tests: build a position from zones, and find cards."""

from __future__ import annotations

from typing import Any

from tcgkit.core.actions import Action
from tcgkit.core.state import GameState
from tcgkit.games import get_rules
from tcgkit.scenario import build_position, scenario_from_dict

RULES = get_rules("tgc")


def pos(p0: dict | None = None, p1: dict | None = None, phase: str = "play", active: int = 0, turn: int = 3,
        vars: dict | None = None, res0: dict | None = None, res1: dict | None = None,
        cards0: list | None = None, cards1: list | None = None, options: dict | None = None) -> GameState:
    """A position: zones per player (``{"field": ["Bartender"], ...}``), resources, card states and vars."""
    p0 = {"deck": ["5 Botanist"], **(p0 or {})}
    p1 = {"deck": ["5 Botanist"], **(p1 or {})}
    doc: dict[str, Any] = {
        "game": "tgc", "options": options or {},
        "position": {"turn": turn, "active": active, "phase": phase, "vars": vars or {}, "players": [
            {"zones": p0, "resources": res0 or {}, "cards": cards0 or []},
            {"zones": p1, "resources": res1 or {}, "cards": cards1 or []}]},
    }
    return build_position(scenario_from_dict(doc))


def card(state: GameState, player: int, name: str, zone: str | None = None) -> int:
    """The first card of that name owned by ``player`` (in ``zone`` if given)."""
    for c in range(len(state.defs)):
        if state.owner[c] == player and state.defs[c].name == name and (zone is None or state.loc[c][1] == zone):
            return c
    raise LookupError(f"player {player} has no {name} in {zone}")


def act(state: GameState, kind: str, *args: Any) -> None:
    state.apply(Action(kind, tuple(args)))


def kinds(state: GameState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def pass_window(state: GameState) -> None:
    """Both players do nothing in the current Open Quick."""
    act(state, "do_nothing")
    act(state, "do_nothing")


def tapped(state: GameState, c: int) -> bool:
    st = state.cs.get(c)
    return bool(st is not None and st.tapped)


def new_game(seed: int = 0, decks: tuple[str, str] = ("Station Crew", "Silicon Shift"), **options: Any) -> GameState:
    return RULES.new_game(list(decks), seed, options)


def finish_mulligan(state: GameState) -> None:
    while state.phase == "mulligan":
        act(state, "keep")


def with_cards(yaml_text: str):
    """A context manager: the TGC card pool plus the cards of ``yaml_text`` (written in words: ``text:`` only), read
    from a designer folder (``--cards DIR``) for the time of a test."""
    import tempfile
    from contextlib import contextmanager
    from pathlib import Path

    from tcgkit.core.folders import use_folders

    @contextmanager
    def ctx():
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "cards").mkdir()
            (Path(folder) / "cards" / "extra.yaml").write_text(yaml_text, encoding="utf-8")
            use_folders([folder])
            try:
                problems = RULES.problems()
                assert not problems, problems
                yield RULES.pool()
            finally:
                use_folders([])

    return ctx()


def shared_tgc():
    """``shared/data/tgc`` next to the repository (``/work/shared`` for ``/work/main`` and for a worktree under
    ``/work/wt``): the nearest parent directory that holds it."""
    from pathlib import Path

    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "shared" / "data" / "tgc").is_dir():
            return parent / "shared" / "data" / "tgc"
    return here.parents[3].parent / "shared" / "data" / "tgc"


def plain_combats_match(states, monkeypatch, equipped: bool = False) -> int:
    """For each battle of two plain fighters (``verbs._plain_fighter``) pending in ``states`` (with Equipment on one
    of them when ``equipped``), fight it by the plain rule and through every keyword test: the same state, log and
    stack (RNG alike). Returns how many battles were compared."""
    from tcgkit.games.tgc import verbs

    fought = 0
    for state in states:
        pend = state.vars.get("pend") if state.pending is None else None
        if not (isinstance(pend, tuple) and pend[0] == "creature"):
            continue
        a, d = pend[1], pend[2]
        if not (state.loc[a][1] == state.loc[d][1] == "field"
                and verbs._plain_fighter(state, a) and verbs._plain_fighter(state, d)):
            continue
        if equipped and not any(state.cs.get(c) is not None and state.cs[c].attached for c in (a, d)):
            continue
        plain, full = state.clone(), state.clone()
        verbs.combat(plain, a, d)
        with monkeypatch.context() as m:
            m.setattr(verbs, "_plain_fighter", lambda state, card: False)
            verbs.combat(full, a, d)
        assert plain.to_json() == full.to_json() and plain.log == full.log and plain.stack == full.stack
        fought += 1
    return fought


def decision_points(games: int = 6, clone_every: int = 0):
    """Every decision point of ``games`` seeded random-bot games (the shipped decks paired in turn), each played to its
    end; with ``clone_every``, the game goes on from a clone every that many decisions (the original left behind)."""
    from tcgkit.bots import RandomBot, View

    decks = list(RULES.decks().values())
    for g in range(games):
        state = RULES.new_game([decks[g % len(decks)], decks[(g + 1 + g // len(decks)) % len(decks)]], seed=g)
        bots = (RandomBot(2 * g + 1), RandomBot(2 * g + 2))
        while state.result is None:
            yield state
            if clone_every and state.decisions % clone_every == 0:
                state = state.clone()
            state.apply(bots[state.current].choose(View(state, state.current)))
