"""Scenario files: pin down a ruling as a position, some actions and what must then be true.

The format is documented in ``docs/scenarios.md``. In short::

    game: tgod
    name: an attack spends a battle star
    clauses: [TGOD-BATTLE-05]
    position:
      turn: 5
      active: 0
      phase: main
      players:
        - zones: {main: [Iron Knight], base: [Bastion], deck: [20 Iron Knight]}
        - zones: {main: [Shadow Tyrant], base: [Dark Keep], deck: [20 Shadow Tyrant]}
    steps:
      - do: attack "Iron Knight" "Shadow Tyrant"
      - expect: {card: {player: 0, name: Iron Knight, counters: {stars: 1}}}

Each expectation failing, each rejected action that was accepted and each action that could not be played is
reported as one readable line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcgkit.core.actions import Action
from tcgkit.core.decks import _entry
from tcgkit.core.errors import DeckFileError, IllegalAction, ScenarioError, TcgkitError
from tcgkit.core.inputs import InputError, load_yaml
from tcgkit.core.state import GameState
from tcgkit.games import get_rules


@dataclass
class Scenario:
    game: str
    name: str
    position: dict[str, Any]
    steps: list[dict[str, Any]]
    clauses: list[str] = field(default_factory=list)
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    source: str = ""


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        doc = load_yaml(path, "scenario")
    except InputError as exc:
        raise ScenarioError(str(exc)) from None
    return scenario_from_dict(doc, str(path))


def scenario_from_dict(doc: Any, source: str = "<scenario>") -> Scenario:
    if not isinstance(doc, dict):
        raise ScenarioError(f"{source}: a scenario is a mapping with game, position and steps")
    if not isinstance(doc.get("game"), str):
        raise ScenarioError(f"{source}: field game: required (a game id)")
    position = doc.get("position") or {}
    if not isinstance(position, dict):
        raise ScenarioError(f"{source}: field position: must be a mapping")
    steps = list(doc.get("steps") or [])
    steps += [{"do": a} for a in doc.get("actions") or []]
    steps += [{"expect": e} for e in doc.get("expect") or []]
    for i, s in enumerate(steps):
        if not isinstance(s, dict) or len(s) != 1 or next(iter(s)) not in ("do", "expect", "reject"):
            raise ScenarioError(f"{source}: steps[{i}]: each step is {{do: action}}, {{reject: action}} or "
                                f"{{expect: {{...}}}}")
    return Scenario(doc["game"], str(doc.get("name", Path(source).stem)), position, steps,
                    list(doc.get("clauses") or []), int(doc.get("seed", 0)), dict(doc.get("options") or {}), source)


def build_position(scn: Scenario) -> GameState:
    """Make the game state a scenario's position describes."""
    rules = get_rules(scn.game)
    pool = rules.pool()
    pos = scn.position
    players = pos.get("players") or [{}, {}]
    if not isinstance(players, list) or len(players) != 2:
        raise ScenarioError(f"{scn.source}: position.players: a list of two players")
    defs, owner, placements = [], [], []
    for p, pl in enumerate(players):
        zones = (pl or {}).get("zones") or {}
        for zname, entries in zones.items():
            if zname not in rules.ZONES:
                raise ScenarioError(f"{scn.source}: players[{p}].zones.{zname}: {scn.game} has no such zone "
                                    f"(zones: {', '.join(rules.ZONES)})")
            for i, entry in enumerate(entries or []):
                try:
                    name, count = _entry(entry, f"{scn.source}: players[{p}].zones.{zname}[{i}]")
                    d = pool.get(name)
                except DeckFileError as exc:
                    raise ScenarioError(str(exc)) from None
                except KeyError:
                    raise ScenarioError(f"{scn.source}: players[{p}].zones.{zname}[{i}]: no card {name!r} in "
                                        f"{scn.game}") from None
                for _ in range(count):
                    defs.append(d)
                    owner.append(p)
                    placements.append((len(defs) - 1, p, zname))
    state = GameState(rules, defs, owner, scn.seed, {**rules.OPTIONS, **scn.options})
    for card, p, zname in placements:
        state.place(card, p, zname)
    state.turn = int(pos.get("turn", 1))
    state.active = int(pos.get("active", 0))
    state.phase = str(pos.get("phase", "main"))
    state.current = int(pos.get("current_player", state.active))
    state.vars.update(pos.get("vars") or {})
    for p, pl in enumerate(players):
        pl = pl or {}
        state.res[p].update(pl.get("resources") or {})
        for i, spec in enumerate(pl.get("cards") or []):
            card = _find_card(state, p, spec, f"{scn.source}: players[{p}].cards[{i}]")
            st = state.card_state(card)
            st.tapped = bool(spec.get("tapped", False))
            st.face_down = bool(spec.get("face_down", False))
            st.counters.update(spec.get("counters") or {})
            st.status.update(spec.get("status") or {})
            for stat, by in (spec.get("mods") or {}).items():
                st.mods.append((stat, int(by), "permanent"))
            if "attach_to" in spec:
                host = _find_card(state, p, {"name": spec["attach_to"]}, f"{scn.source}: players[{p}].cards[{i}]")
                st.host = host
                state.card_state(host).attached.append(card)
    try:
        rules.resume(state)
    except TcgkitError as exc:
        raise ScenarioError(f"{scn.source}: position: {exc}") from None
    return state


def _find_card(state: GameState, player: int, spec: dict, where: str) -> int:
    name = spec.get("name")
    zone = spec.get("zone")
    nth = int(spec.get("index", 0))
    found = [c for c in range(len(state.defs))
             if state.owner[c] == player and (name is None or state.defs[c].name.lower() == str(name).lower())
             and (zone is None or state.loc[c][1] == zone)]
    if len(found) <= nth:
        raise ScenarioError(f"{where}: player {player} has no card {name!r}" + (f" in {zone}" if zone else ""))
    return found[nth]


def run_scenario(scn: Scenario) -> list[str]:
    """Run a scenario; returns the failures (empty when it passes)."""
    try:
        state = build_position(scn)
    except ScenarioError as exc:
        return [str(exc)]
    failures: list[str] = []
    for i, step in enumerate(scn.steps):
        kind, arg = next(iter(step.items()))
        where = f"step {i + 1} ({kind}: {arg})"
        if kind == "do":
            try:
                state.apply(_action(state, str(arg)))
            except TcgkitError as exc:
                failures.append(f"{where}: could not be played: {exc}")
                return failures
        elif kind == "reject":
            before = state.to_json()
            try:
                state.apply(_action(state, str(arg)))
            except IllegalAction:
                if state.to_json() != before:
                    failures.append(f"{where}: rejected, but the state changed")
            except TcgkitError as exc:
                failures.append(f"{where}: failed with an error that is not IllegalAction: {exc}")
            else:
                failures.append(f"{where}: was accepted, expected it to be illegal")
                return failures
        else:
            failures.extend(f"{where}: {msg}" for msg in check_expectations(state, arg))
    return failures


def _action(state: GameState, text: str) -> Action:
    return state.parse_action(text)


def legal_texts(state: GameState) -> set[str]:
    """The legal actions, both as canonical text and with quoted card names (as scenario files write them)."""
    out = set()
    for a in state.legal_actions():
        out.add(a.text())
        out.add(state.action_label(a, quoted=True))
    return out


def check_expectations(state: GameState, exp: Any) -> Iterable[str]:
    if not isinstance(exp, dict):
        yield f"an expectation is a mapping, not {exp!r}"
        return
    for key, want in exp.items():
        if key == "zone":
            yield from _check_zone(state, want)
        elif key == "resource":
            got = state.res[int(want["player"])].get(want["name"], 0)
            if got != want["equals"]:
                yield f"player {want['player']} {want['name']} is {got}, expected {want['equals']}"
        elif key == "card":
            yield from _check_card(state, want)
        elif key in ("legal", "not_legal"):
            texts = legal_texts(state)
            for text in want if isinstance(want, list) else [want]:
                present = text in texts or any(t.startswith(text + " ") for t in texts)
                if present != (key == "legal"):
                    yield (f"{text!r} is {'not ' if key == 'legal' else ''}among the legal actions "
                           f"({', '.join(sorted(a.text() for a in state.legal_actions())[:15])})")
        elif key == "result":
            yield from _check_result(state, want)
        elif key in ("phase", "turn", "active", "current_player"):
            got = getattr(state, "current" if key == "current_player" else key)
            if got != want:
                yield f"{key} is {got!r}, expected {want!r}"
        elif key == "vars":
            for k, v in want.items():
                got = state.vars.get(k)
                got = list(got) if isinstance(got, tuple) else got
                if got != v:
                    yield f"vars.{k} is {got!r}, expected {v!r}"
        elif key == "event":
            if not any(_event_matches(state, ev, want) for ev in state.log):
                yield f"no event matching {want}"
        elif key == "no_event":
            if any(_event_matches(state, ev, want) for ev in state.log):
                yield f"an event matching {want} happened"
        else:
            yield f"unknown expectation {key!r}"


def _event_matches(state: GameState, ev, want: dict) -> bool:
    if ev.kind != want.get("kind", ev.kind):
        return False
    if "player" in want and ev.player != want["player"]:
        return False
    if "card" in want and (ev.card < 0 or state.defs[ev.card].name.lower() != str(want["card"]).lower()):
        return False
    return not ("data" in want and list(ev.data[: len(want["data"])]) != list(want["data"]))


def _check_zone(state: GameState, want: dict) -> Iterable[str]:
    p, z = int(want["player"]), want["zone"]
    names = [state.defs[c].name for c in state.zones[p][z]]
    label = f"player {p} {z}"
    if "names" in want and [n.lower() for n in names] != [n.lower() for n in want["names"]]:
        yield f"{label} holds {names}, expected {want['names']}"
    if "count" in want and len(names) != want["count"]:
        yield f"{label} holds {len(names)} card(s), expected {want['count']}"
    for n in want.get("contains", []):
        if n.lower() not in (x.lower() for x in names):
            yield f"{label} does not hold {n!r} ({names})"
    for n in want.get("lacks", []):
        if n.lower() in (x.lower() for x in names):
            yield f"{label} holds {n!r}, expected it not to"


def _check_card(state: GameState, want: dict) -> Iterable[str]:
    p = int(want["player"])
    cards = [c for c in range(len(state.defs)) if state.owner[c] == p
             and state.defs[c].name.lower() == str(want["name"]).lower()
             and ("zone" not in want or state.loc[c][1] == want["zone"])]
    if not cards:
        yield f"player {p} has no card {want['name']!r}" + (f" in {want['zone']}" if "zone" in want else "")
        return
    card = cards[int(want.get("index", 0))] if len(cards) > int(want.get("index", 0)) else cards[0]
    label = f"{want['name']} of player {p}"
    st = state.cs.get(card)
    if "tapped" in want and bool(st and st.tapped) != want["tapped"]:
        yield f"{label} tapped is {bool(st and st.tapped)}, expected {want['tapped']}"
    for k, v in (want.get("counters") or {}).items():
        got = st.counters.get(k, 0) if st else 0
        if got != v:
            yield f"{label} counter {k} is {got}, expected {v}"
    for k, v in (want.get("status") or {}).items():
        got = st.status.get(k, 0) if st else 0
        if got != v:
            yield f"{label} status {k} is {got}, expected {v}"
    for k, v in (want.get("stats") or {}).items():
        got = state.rules.stat(state, card, k)
        if got != v:
            yield f"{label} {k} is {got}, expected {v}"
    if "in_zone" in want and state.loc[card][1] != want["in_zone"]:
        yield f"{label} is in {state.loc[card][1]}, expected {want['in_zone']}"


def _check_result(state: GameState, want: Any) -> Iterable[str]:
    r = state.result
    if want is None:
        if r is not None:
            yield f"the game is over ({r.reason}), expected it to go on"
        return
    if r is None:
        yield "the game is not over"
        return
    if "winner" in want and r.winner != want["winner"]:
        yield f"winner is {r.winner}, expected {want['winner']} ({r.reason})"
    if "clause" in want and r.clause != want["clause"]:
        yield f"the result's clause is {r.clause}, expected {want['clause']}"
    if "reason_contains" in want and want["reason_contains"].lower() not in r.reason.lower():
        yield f"the reason is {r.reason!r}, expected it to mention {want['reason_contains']!r}"
