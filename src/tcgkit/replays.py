"""Replay files that prove themselves: what a saved game records, how it is read, and how it is checked.

A replay (format version 2) is one JSON object::

    {"version": 2, "game": "tgod", "engine": "tcgkit 0.1.0", "seed": 42,
     "options": {"turn_cap": 200, ...},                      # every option the game ran with
     "decks": [{"game": "tgod", "name": "Guardian Wall", "format": null,
                "sections": {"main": [["tgod-001", "Iron Knight"], ...]}}, {...}],   # each copy: key and name
     "actions": ["play #3", ...], "result": {"winner": 0, "reason": "...", "clause": "..."} | null,
     "events_digest": "sha256:...", "events": [[kind, player, card, data], ...]}

Every field but ``events`` is required and checked before the game is set up; each malformed field is refused in one
line naming it. Replaying then fails at the first difference: a deck copy whose key and name do not belong together
in this engine, an action that is not legal, an outcome other than the recorded one, or events other than the
recorded ones (the digest covers each event and the identity of the card it names).

Format version 1 (tcgkit before this module) is still read: its decks carry names only, so the card identities
cannot be checked; its events and result are required and checked.

>>> from tcgkit.games import get_rules
>>> from tcgkit.bots import play_game
>>> rules = get_rules("tgod")
>>> decks = [rules.deck(n) for n in list(rules.decks())[:2]]
>>> state = play_game(rules, decks, seed=1)
>>> record = replay_record(state, decks)
>>> replay(record).result == state.result
True
>>> record["decks"][0]["sections"]["main"][0][1] = "Another Name"
>>> try:
...     replay(record)
... except ReplayMismatch as exc:
...     print(str(exc).split(": ", 1)[0])
decks[0].sections.main[0]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr, ValidationError

from tcgkit.core.actions import Action
from tcgkit.core.decks import MAX_SECTION_CARDS, Deck
from tcgkit.core.errors import ReplayMismatch, TcgkitError
from tcgkit.core.inputs import load_json
from tcgkit.core.state import DEFAULT_TURN_CAP, Event, GameState
from tcgkit.games import GAMES, get_rules

#: The format version this tcgkit writes; :data:`READABLE` lists those it reads.
REPLAY_VERSION = 2
READABLE = (1, 2)
#: The most actions a replay may hold (the decision cap of :func:`tcgkit.bots.play_game`).
MAX_ACTIONS = 1_000_000


class ReplayError(TcgkitError):
    """A replay file that is malformed: names the file and the field."""


def engine_version() -> str:
    """``tcgkit X.Y.Z``: the engine a replay was recorded with."""
    try:
        return f"tcgkit {metadata.version('tcgkit')}"
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "tcgkit (unknown version)"


# ---------------------------------------------------------------------------------------------- the format
Text = Annotated[StrictStr, Field(max_length=1000)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=200)]
Seed = Annotated[StrictInt, Field(ge=-(2**63), lt=2**64)]
OptionValue = (StrictBool | StrictInt | StrictFloat | StrictStr | None
               | Annotated[list[StrictStr | StrictInt], Field(max_length=MAX_SECTION_CARDS)])


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ResultRecord(_Strict):
    winner: Annotated[StrictInt, Field(ge=0, le=1)] | None
    reason: Text
    clause: Text | None = None


class DeckRecord(_Strict):
    game: Name
    name: Text
    format: Text | None = None
    #: Each copy as ``[key, name]``, in the order the game builds the instances; ``[null, word]`` for an entry that
    #: is no card (a TGC deck's chosen subtypes).
    sections: dict[Name, Annotated[list[Annotated[list[Text | None], Field(min_length=2, max_length=2)]],
                                   Field(max_length=MAX_SECTION_CARDS)]]


class ReplayRecord(_Strict):
    version: Literal[2]
    game: Name
    engine: Text
    seed: Seed
    options: dict[Name, OptionValue]
    decks: Annotated[list[DeckRecord], Field(min_length=2, max_length=2)]
    actions: Annotated[list[Annotated[StrictStr, Field(max_length=1000)]], Field(max_length=MAX_ACTIONS)]
    result: ResultRecord | None
    events_digest: Annotated[StrictStr, Field(pattern=r"^sha256:[0-9a-f]{64}$")]
    events: list[list[Any]] | None = None
    #: who resigned, when a player left the game (no engine action: the record holds the game up to it)
    ended_by: Text | None = None


class ReplayRecordV1(_Strict):
    """Format version 1: decks by name only (their identities cannot be checked); events and result required."""

    version: Literal[1]
    game: Name
    seed: Seed
    options: dict[Name, OptionValue] = {}
    decks: Annotated[list[dict[str, Any]], Field(min_length=2, max_length=2)]
    actions: Annotated[list[Annotated[StrictStr, Field(max_length=1000)]], Field(max_length=MAX_ACTIONS)]
    result: ResultRecord | None
    events: list[list[Any]]


# ---------------------------------------------------------------------------------------------- writing
def event_json(ev: Event) -> list:
    """An event as JSON data (what a replay stores and compares): tuples at any depth become lists."""
    return [ev.kind, ev.player, ev.card, _lists(ev.data)]


def _lists(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_lists(v) for v in value]
    return value


def events_digest(state: GameState) -> str:
    """``sha256:`` of every event of the game with the key of the card it names: what a replay must reproduce."""
    h = hashlib.sha256()
    defs = state.defs
    for ev in state.log:
        key = defs[ev.card].key if 0 <= ev.card < len(defs) else None
        h.update(json.dumps([*event_json(ev), key], separators=(",", ":")).encode())
        h.update(b"\n")
    return "sha256:" + h.hexdigest()


def deck_record(deck: Deck, game: str) -> dict[str, Any]:
    """A deck with the identity of every copy, in the order the game builds its instances: ``[key, name]``."""
    pool = get_rules(game).pool()
    sections = {}
    for section, names in deck.sections.items():
        sections[section] = [[pool.get(n).key, pool.get(n).name] if n in pool else [None, n] for n in names]
    return {"game": deck.game, "name": deck.name, "format": deck.format, "sections": sections}


def replay_record(state: GameState, decks: Sequence[Deck], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A replay of ``state`` (format version 2): enough to reproduce the game, and what it must reproduce.

    ``options`` is accepted for older callers; the record holds every option the game ran with (``state.options``).
    """
    recorded = {k: list(v) if isinstance(v, tuple) else v for k, v in state.options.items()}  # its JSON form
    for k, v in (options or {}).items():
        recorded.setdefault(k, list(v) if isinstance(v, tuple) else v)
    return {
        "version": REPLAY_VERSION,
        "game": state.rules.id,
        "engine": engine_version(),
        "seed": state.seed,
        "options": recorded,
        "decks": [deck_record(deck, state.rules.id) for deck in decks],
        "actions": [a.text() for a in state.history],
        "result": None if state.result is None else state.result.to_json(),
        "events_digest": events_digest(state),
        "events": [event_json(ev) for ev in state.log],
    }


def save_replay(path: str | Path, record: dict[str, Any]) -> None:
    """Write a replay; the folder must exist (checked by the command line before a game starts)."""
    try:
        Path(path).write_text(json.dumps(record, separators=(",", ":")))
    except OSError as exc:
        raise TcgkitError(f"{path}: cannot write the replay ({exc.strerror or exc})") from None


# ---------------------------------------------------------------------------------------------- reading
def load_replay(path: str | Path) -> dict[str, Any]:
    """Read and check a replay file (size, depth, every field); returns the record. See :func:`check_record`."""
    record = load_json(path, "replay")
    check_record(record, str(path))
    return record


def check_record(record: Any, source: str = "replay") -> ReplayRecord | ReplayRecordV1:
    """Check every field of a replay record; :class:`ReplayError` names the first bad one, in one line."""
    if not isinstance(record, dict):
        raise ReplayError(f"{source}: not a replay (a JSON object with version, game, seed, decks and actions)")
    version = record.get("version")
    if "version" not in record:
        raise ReplayError(f"{source}: field version: required (this tcgkit reads format versions 1 and 2)")
    if type(version) is not int or version not in READABLE:
        raise ReplayError(f"{source}: field version: format version {_short(version)} is not one this tcgkit reads "
                          f"({', '.join(map(str, READABLE))})")
    model = ReplayRecord if version == 2 else ReplayRecordV1
    try:
        parsed = model.model_validate(record)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = _loc(err["loc"])
        what = "required" if err["type"] == "missing" else "not allowed here" if err["type"] == "extra_forbidden" \
            else f"{err['msg']} (got {_short(err.get('input'))})"
        raise ReplayError(f"{source}: field {where}: {what}") from None
    if parsed.game not in GAMES:
        raise ReplayError(f"{source}: field game: unknown game {_short(parsed.game)}")
    rules = get_rules(parsed.game)
    known = {**rules.OPTIONS, "turn_cap": DEFAULT_TURN_CAP}
    for key, value in parsed.options.items():
        if key not in known:
            raise ReplayError(f"{source}: field options.{key}: {parsed.game} has no such option "
                              f"(options: {', '.join(sorted(known))})")
        default = known[key]
        want = list if isinstance(default, tuple | list) else type(default)
        if default is not None and type(value) is not want and not (
                want in (int, float) and type(value) in (int, float)):
            raise ReplayError(f"{source}: field options.{key}: must be {want.__name__} like its default "
                              f"{default!r} (got {_short(value)})")
    if not 1 <= int(known["turn_cap"] if "turn_cap" not in parsed.options else parsed.options["turn_cap"]) <= 10**6:
        raise ReplayError(f"{source}: field options.turn_cap: must be from 1 to 1000000")
    return parsed


def _loc(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "record"


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------------------------------------- replaying
def _decks(parsed: ReplayRecord, source: str) -> list[Deck]:
    """The decks of a version 2 record, each copy checked: its key must be a card of the game, with that name."""
    pool = get_rules(parsed.game).pool()
    decks = []
    for i, d in enumerate(parsed.decks):
        if d.game != parsed.game:
            raise ReplayError(f"{source}: field decks[{i}].game: {d.game!r}, but the replay is of {parsed.game!r}")
        sections: dict[str, tuple[str, ...]] = {}
        for section, copies in d.sections.items():
            keys = []
            for j, (key, name) in enumerate(copies):
                where = f"decks[{i}].sections.{section}[{j}]"
                if not isinstance(name, str):
                    raise ReplayError(f"{source}: field {where}[1]: the card's name is required (a string)")
                if key is None:  # an entry that is no card: kept as its word
                    keys.append(name)
                    continue
                if key not in pool.cards:
                    raise ReplayMismatch(f"{where}: no card with key {key!r} in {parsed.game}")
                actual = pool.cards[key].name
                if actual != name:
                    raise ReplayMismatch(f"{where}: the card with key {key!r} is {actual!r}, the replay says "
                                         f"{name!r}")
                keys.append(key)
            sections[section] = tuple(keys)
        decks.append(Deck(d.game, d.name, sections, d.format, "", f"{source} deck {i}"))
    return decks


def decks_of(record: Any, source: str = "replay") -> list[Deck]:
    """The decks of a replay record, checked as :func:`replay` checks them (each copy's identity in version 2)."""
    parsed = check_record(record, source)
    if isinstance(parsed, ReplayRecord):
        return _decks(parsed, source)
    try:
        return [Deck.from_dict(d, f"{source}: field decks[{i}]") for i, d in enumerate(parsed.decks)]
    except TcgkitError as exc:
        raise ReplayError(str(exc)) from None


def replay(record: dict[str, Any], step: Callable[[GameState, Action], None] | None = None,
           source: str = "replay") -> GameState:
    """Re-play a replay record action by action; raises :class:`ReplayMismatch` at the first difference.

    The record is checked first (:func:`check_record`); then the decks' identities, each action, the events (by
    digest, and one by one when the record holds them) and the outcome.
    """
    parsed = check_record(record, source)
    rules = get_rules(parsed.game)
    decks = decks_of(record, source)
    try:
        options = {k: tuple(v) if isinstance(rules.OPTIONS.get(k), tuple) and isinstance(v, list) else v
                   for k, v in parsed.options.items()}
        state = rules.new_game(decks, parsed.seed, options or None)
    except TcgkitError as exc:
        raise ReplayMismatch(f"the recorded decks do not start a game: {exc}") from None
    for i, text in enumerate(parsed.actions):
        if state.result is not None:
            raise ReplayMismatch(f"action {i + 1} ({text}): the game was already over")
        try:
            action = state.parse_action(text)
            state.apply(action)
        except TcgkitError as exc:
            raise ReplayMismatch(f"action {i + 1} ({text}) does not replay: {exc}") from None
        if step is not None:
            step(state, action)
    _check_events(state, parsed)
    want = None if parsed.result is None else parsed.result.model_dump()
    got = None if state.result is None else state.result.to_json()
    if got != want:
        raise ReplayMismatch(f"after its {len(parsed.actions)} actions the game {_outcome(got)}, the replay says it "
                             f"{_outcome(want)}")
    return state


def _outcome(result: dict[str, Any] | None) -> str:
    if result is None:
        return "is not over"
    if result["winner"] is None:
        return f"is a draw ({result['reason']})"
    return f"is won by player {result['winner']} ({result['reason']})"


def _check_events(state: GameState, parsed: ReplayRecord | ReplayRecordV1) -> None:
    events = parsed.events
    if events is not None:
        got = [event_json(ev) for ev in state.log]
        if got != events:
            n = next((i for i, (a, b) in enumerate(zip(got, events, strict=False)) if a != b), min(len(got),
                                                                                                  len(events)))
            raise ReplayMismatch(
                f"the replay diverges at event {n + 1}: recorded {_short(events[n]) if n < len(events) else 'nothing'}"
                f", replayed {_short(got[n]) if n < len(got) else 'nothing'}")
    if isinstance(parsed, ReplayRecord) and events_digest(state) != parsed.events_digest:
        raise ReplayMismatch("the replayed events (with the cards they name) do not match the recorded digest")
