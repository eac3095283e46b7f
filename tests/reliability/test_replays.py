"""Replays that prove themselves (issue 22, item 1): every forgery and every malformed field is caught, in one line."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from conftest import PLAYABLE
from tcgkit.bots import play_game
from tcgkit.core.errors import ReplayMismatch, TcgkitError
from tcgkit.games import get_rules
from tcgkit.replays import REPLAY_VERSION, ReplayError, engine_version, load_replay, replay, replay_record

_CACHE: dict[str, dict] = {}


def recorded(game: str = "tgod", seed: int = 4) -> dict:
    """A finished random game's replay (a fresh copy each call)."""
    key = f"{game}:{seed}"
    if key not in _CACHE:
        rules = get_rules(game)
        names = list(rules.decks())
        decks = [rules.deck(names[0]), rules.deck(names[1 % len(names)])]
        state = play_game(rules, decks, seed=seed)
        _CACHE[key] = json.loads(json.dumps(replay_record(state, decks)))
    return copy.deepcopy(_CACHE[key])


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_replay_records_identities_engine_options_and_digest_and_reproduces(game: str) -> None:
    record = recorded(game)
    assert record["version"] == REPLAY_VERSION and record["engine"] == engine_version()
    assert record["events_digest"].startswith("sha256:") and "turn_cap" in record["options"]
    pool = get_rules(game).pool()
    for deck in record["decks"]:
        for copies in deck["sections"].values():
            for key, name in copies:
                assert pool.cards[key].name == name
    state = replay(record)
    assert state.result is not None and state.result.to_json() == record["result"]


def _two_different_copies(record: dict) -> tuple[str, int, int]:
    section, copies = next(iter(record["decks"][0]["sections"].items()))
    i = 0
    j = next(j for j, c in enumerate(copies) if c[0] != copies[i][0])
    return section, i, j


def test_exchanging_two_card_names_in_a_deck_is_caught_naming_the_copy() -> None:
    record = recorded()
    section, i, j = _two_different_copies(record)
    copies = record["decks"][0]["sections"][section]
    copies[i][1], copies[j][1] = copies[j][1], copies[i][1]
    with pytest.raises(ReplayMismatch, match=rf"^decks\[0\]\.sections\.{section}\[{i}\]: the card with key"):
        replay(record)


def test_exchanging_two_cards_of_a_deck_is_caught_by_the_events() -> None:
    """Key and name exchanged together: a consistent deck, but not the deck the game was played with."""
    record = recorded()
    section, i, j = _two_different_copies(record)
    copies = record["decks"][0]["sections"][section]
    copies[i], copies[j] = copies[j], copies[i]
    with pytest.raises(ReplayMismatch, match="diverges at event|do not match the recorded digest|does not replay"):
        replay(record)
    del record["events"]  # with the digest alone, too
    with pytest.raises(ReplayMismatch, match="digest|does not replay|after its"):
        replay(record)


def test_truncated_actions_fail_naming_the_outcome() -> None:
    record = recorded()
    del record["events"]
    record["actions"] = record["actions"][:-5]
    with pytest.raises(ReplayMismatch):
        replay(record)


def test_a_changed_outcome_fails() -> None:
    record = recorded()
    record["result"]["reason"] = "forged"
    with pytest.raises(ReplayMismatch, match="the replay says it is .*forged"):
        replay(record)


def test_an_unfinished_record_of_a_finished_game_fails() -> None:
    record = recorded()
    record["result"] = None
    with pytest.raises(ReplayMismatch, match="the replay says it is not over"):
        replay(record)


def test_a_changed_action_fails_naming_it() -> None:
    record = recorded()
    record["actions"][3] = "forged-action"
    with pytest.raises(ReplayMismatch, match="^action 4 \\(forged-action\\) does not replay"):
        replay(record)


def test_a_changed_event_fails_naming_it() -> None:
    record = recorded()
    record["events"][5][0] = "forged"
    with pytest.raises(ReplayMismatch, match="diverges at event 6"):
        replay(record)


def test_a_changed_digest_fails() -> None:
    record = recorded()
    record["events_digest"] = "sha256:" + "0" * 64
    with pytest.raises(ReplayMismatch, match="digest"):
        replay(record)


def _set(record: dict, path: str, value: object) -> dict:
    *parents, last = path.split(".")
    target = record
    for p in parents:
        target = target[int(p)] if p.isdigit() else target[p]
    if value is _DELETE:
        del target[int(last) if last.isdigit() else last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return record


_DELETE = object()


@pytest.mark.parametrize("path,value,message", [
    ("version", 999, "field version: format version 999 is not one"),
    ("version", "2", "field version: format version '2' is not one"),
    ("version", _DELETE, "field version: required"),
    ("seed", "42", "field seed: Input should be a valid integer"),
    ("seed", None, "field seed: Input should be a valid integer"),
    ("seed", 10**30, "field seed: Input should be less than"),
    ("seed", True, "field seed: Input should be a valid integer"),
    ("game", "chess", "field game: unknown game 'chess'"),
    ("game", None, "field game: Input should be a valid string"),
    ("engine", _DELETE, "field engine: required"),
    ("events_digest", _DELETE, "field events_digest: required"),
    ("events_digest", "md5:abc", "field events_digest: String should match"),
    ("result", _DELETE, "field result: required"),
    ("result.winner", 7, "field result.winner: Input should be less than or equal to 1"),
    ("options", _DELETE, "field options: required"),
    ("options.no_such_option", True, "field options.no_such_option: tgod has no such option"),
    ("options.turn_cap", "many", "field options.turn_cap: must be int"),
    ("options.turn_cap", 0, "field options.turn_cap: must be from 1"),
    ("decks", [], "field decks: List should have at least 2 items"),
    ("decks.1", _DELETE, "field decks: List should have at least 2 items"),
    ("decks.0.sections.main", [["x", "y"]] * 100_001, "field decks[0].sections.main: List should have at most 1000"),
    ("decks.0.sections.main.0", ["only-a-key"], "field decks[0].sections.main[0]: List should have at least 2"),
    ("decks.0.game", "tgc", "field decks[0].game: 'tgc', but the replay is of 'tgod'"),
    ("actions", "pass", "field actions: Input should be a valid list"),
    ("actions.0", 12, "field actions[0]: Input should be a valid string"),
    ("forged", 1, "field forged: not allowed here"),
])
def test_every_malformed_field_is_one_line_naming_it(tmp_path: Path, path: str, value: object, message: str) -> None:
    record = _set(recorded(), path, value)
    file = tmp_path / "game.json"
    file.write_text(json.dumps(record))
    with pytest.raises(TcgkitError) as err:
        replay(load_replay(file), source=str(file))
    text = str(err.value)
    assert "\n" not in text and len(text) < 400
    assert message in text
    if isinstance(err.value, ReplayError):
        assert text.startswith(f"{file}: ")


def test_not_an_object_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    file.write_text("[1, 2]")
    with pytest.raises(ReplayError, match=f"{file}: not a replay"):
        load_replay(file)


# ---------------------------------------------------------------------------------------------- format version 1
def _version_1(record: dict) -> dict:
    """The record as tcgkit wrote it before format version 2: decks by name (counts), no engine, no digest."""
    decks = []
    for d in record["decks"]:
        deck = {"game": d["game"], "name": d["name"]}
        for section, copies in d["sections"].items():
            counts: dict[str, int] = {}
            for _, name in copies:
                counts[name] = counts.get(name, 0) + 1
            deck[section] = [f"{n} {c}" for c, n in counts.items()]
        decks.append(deck)
    return {"version": 1, "game": record["game"], "seed": record["seed"], "options": {}, "decks": decks,
            "actions": record["actions"], "result": record["result"], "events": record["events"]}


def test_version_1_replays_are_still_read_and_checked() -> None:
    old = _version_1(recorded())
    assert replay(old).result.to_json() == old["result"]
    old["events"][3][0] = "forged"
    with pytest.raises(ReplayMismatch, match="diverges at event 4"):
        replay(old)


@pytest.mark.parametrize("field", ["events", "result"])
def test_version_1_without_events_or_result_is_refused(field: str) -> None:
    old = _version_1(recorded())
    del old[field]
    with pytest.raises(ReplayError, match=f"field {field}: required"):
        replay(old)


def test_version_1_with_a_huge_copy_count_is_refused() -> None:
    old = _version_1(recorded())
    old["decks"][0]["main"] = ["100000000 Iron Knight"]
    with pytest.raises(ReplayError, match="limit of 1000 cards"):
        replay(old)


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_record_replays_before_and_after_a_trip_through_json(game: str) -> None:
    rules = get_rules(game)
    names = list(rules.decks())
    decks = [rules.deck(names[0]), rules.deck(names[1 % len(names)])]
    state = play_game(rules, decks, seed=2)
    record = replay_record(state, decks)  # as made in memory (tuples in options become lists)
    assert replay(record).log == state.log
    assert replay(json.loads(json.dumps(record))).log == state.log


def test_deck_entries_that_are_no_card_are_recorded_as_words() -> None:
    """A TGC deck's chosen subtypes are no cards: recorded as [null, word] and replayed as they were."""
    rules = get_rules("tgc")
    decks = [d for d in rules.decks().values() if "subtypes" in d.sections][:1] * 2
    assert decks, "no TGC deck with subtypes"
    state = play_game(rules, decks, seed=1)
    record = json.loads(json.dumps(replay_record(state, decks)))
    assert [None, decks[0].sections["subtypes"][0]] in record["decks"][0]["sections"]["subtypes"]
    assert replay(record).log == state.log
    record["decks"][0]["sections"]["subtypes"][0][1] = None
    with pytest.raises(ReplayError, match=r"field decks\[0\]\.sections\.subtypes\[0\]\[1\]: the card's name"):
        replay(record)
