"""Core building blocks: actions, RNG, decks, card files, visibility, determinization, replays."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from engine.toy import DECK, RULES
from tcgkit.bots import play_game
from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, load_card_entries
from tcgkit.core.decks import Deck
from tcgkit.core.errors import CardDataError, DeckFileError, ReplayMismatch
from tcgkit.core.rng import Rng, derive_seed
from tcgkit.replays import replay, replay_record


# ------------------------------------------------------------------ actions
@given(kind=st.from_regex(r"[a-z_]{1,10}", fullmatch=True),
       args=st.lists(st.one_of(st.integers(0, 10**6), st.from_regex(r"[a-z0-9\-]{1,8}", fullmatch=True)), max_size=4))
def test_action_text_and_json_round_trip(kind: str, args: list) -> None:
    a = Action(kind, tuple(args))
    assert Action.from_text(a.text()) == a
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a


def test_action_words_with_spaces_are_quoted() -> None:
    a = Action("choose", ("left wing",))
    assert a.text() == "choose 'left wing'"
    assert Action.from_text(a.text()) == a


# ------------------------------------------------------------------ rng
def test_rng_is_deterministic_and_clones_are_independent() -> None:
    a = Rng(9)
    b = a.clone()
    xs = [a.randbelow(100) for _ in range(50)]
    assert xs == [b.randbelow(100) for _ in range(50)]
    a.next64()
    assert a.state != b.state


def test_rng_shuffle_is_a_permutation_and_dice_are_in_range() -> None:
    r = Rng(3)
    items = list(range(40))
    r.shuffle(items)
    assert sorted(items) == list(range(40)) and items != list(range(40))
    rolls = {r.die(6) for _ in range(500)}
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_rng_output_sequence_is_pinned() -> None:
    # Same seed and actions = same game: every method's draws must stay the ones the games were recorded with.
    r = Rng(12345)
    draws = [(r.randbelow(1000003), r.choice(range(7)), r.coin(), r.die(20), r.next64()) for _ in range(3)]
    assert draws == [
        (741225, 3, True, 11, 9350289611492784363),
        (125302, 2, False, 4, 16002954917502516943),
        (375118, 5, False, 14, 17902312926382128400),
    ]
    items = list(range(12))
    for _ in range(5):
        for method in (lambda: r.randbelow(1000003), lambda: r.choice(range(7)), r.coin, lambda: r.die(20), r.next64):
            method()
    r.shuffle(items)
    assert items == [1, 0, 5, 6, 3, 9, 2, 11, 7, 10, 8, 4]
    assert r.state == 9587389500487034984


def _splitmix64(state: int) -> tuple[int, int]:
    """The reference SplitMix64 step (Steele, Lea and Flood 2014): (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) % 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return state, z ^ (z >> 31)


# bounds of every size: the compiled build draws below 2**62 in native 64-bit arithmetic, above it as plain Python
@given(seed=st.integers(0, 2**64 - 1), bound=st.integers(1, 10**9) | st.integers(1, 2**62 - 1),
       big=st.integers(1, 2**70))
@example(seed=2**64 - 1, bound=2**62 - 1, big=2**62)  # the edges of the compiled build's native draws
def test_rng_methods_follow_the_reference_splitmix64(seed: int, bound: int, big: int) -> None:
    r = Rng(seed)
    s = seed
    for draw, expect in ((r.next64, lambda x: x), (lambda: r.randbelow(bound), lambda x: x % bound),
                         (lambda: r.choice(range(bound)), lambda x: x % bound), (r.coin, lambda x: bool(x & 1)),
                         (lambda: r.die(bound), lambda x: x % bound + 1), (lambda: r.randbelow(big), lambda x: x % big),
                         (lambda: r.die(big), lambda x: x % big + 1)):
        s, out = _splitmix64(s)
        assert draw() == expect(out)
    items = list(range(10))
    r.shuffle(items)
    ref = list(range(10))
    for i in range(9, 0, -1):
        s, out = _splitmix64(s)
        j = out % (i + 1)
        ref[i], ref[j] = ref[j], ref[i]
    assert items == ref and r.state == s


def test_derived_seeds_differ_per_game() -> None:
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000


# ------------------------------------------------------------------ decks and card files
def test_deck_entries_and_errors() -> None:
    deck = Deck.from_dict({"game": "toy", "name": "d", "main": ["2 Grunt", "Giant", {"card": "Zap", "count": 3}]})
    assert deck.count() == 6
    with pytest.raises(DeckFileError, match="section main"):
        Deck.from_dict({"game": "toy", "name": "d", "main": "Grunt"})
    with pytest.raises(DeckFileError, match="field name"):
        Deck.from_dict({"game": "toy", "main": []})
    with pytest.raises(DeckFileError, match="count must be a positive integer"):
        Deck.from_dict({"game": "toy", "name": "d", "main": [{"card": "Zap", "count": 0}]})


def test_unknown_card_in_deck_is_a_violation() -> None:
    deck = Deck.from_dict({"game": "toy", "name": "d", "main": ["2 Grunt", "1 Dragon"]})
    violations = RULES.validate_deck(deck)
    assert [v.clause for v in violations] == ["card-pool"]
    assert "Dragon" in violations[0].message


def _load(doc: dict) -> list[CardDef]:
    return load_card_entries(doc, "cards.yaml", RULES.card_model, RULES.make_card, RULES.verbs)


@pytest.mark.parametrize("entry,field,message", [
    ({"name": "X", "type": "unit", "power": "lots"}, "power", "valid integer"),
    ({"name": "X", "type": "unit", "colour": "red"}, "colour", "Extra inputs"),
    ({"name": "X", "type": "unit", "effects": [{"kind": "play", "steps": [{"explode": {}}]}]},
     "effects[0].steps[0]", "unknown verb 'explode'"),
    ({"name": "X", "type": "unit", "effects": [{"kind": "play", "steps": [{"damage": {"target": "opponent"}}]}]},
     "effects[0].steps[0]", "missing parameter 'amount'"),
    ({"name": "X", "type": "unit", "effects": [{"kind": "triggered", "steps": []}]}, "effects[0].trigger",
     "needs a trigger"),
    ({"name": "X", "type": "unit", "effects": [{"kind": "play", "steps": [{"draw": {"cards": 2}}]}]},
     "effects[0].steps[0]", "unknown parameter 'cards'"),
])
def test_bad_card_names_file_card_and_field(entry: dict, field: str, message: str) -> None:
    with pytest.raises(CardDataError) as err:
        _load({"cards": [entry]})
    assert err.value.file == "cards.yaml" and err.value.card == "X" and err.value.field == field
    assert message in str(err.value)


def test_card_file_that_is_not_a_card_list() -> None:
    with pytest.raises(CardDataError, match="'cards' list"):
        _load({"card": []})


# ------------------------------------------------------------------ visibility, observations, determinization
def test_hand_is_visible_to_its_owner_only_and_deck_to_nobody() -> None:
    state = RULES.new_game([DECK, DECK], seed=1)
    mine = state.zone(0, "hand")[0]
    deck_card = state.zone(0, "deck")[0]
    assert state.visible(mine, 0) and not state.visible(mine, 1)
    assert not state.visible(deck_card, 0) and not state.visible(deck_card, 1)
    obs = state.observation(1)
    assert obs["players"][0]["zones"]["hand"] == {"count": len(state.zone(0, "hand"))}
    assert "cards" in obs["players"][1]["zones"]["hand"]


def test_draw_events_hide_the_card_from_the_opponent() -> None:
    state = RULES.new_game([DECK, DECK], seed=1)
    draws = [ev for ev in state.log if ev.kind == "move" and ev.data[3] == "hand" and ev.player == 0]
    assert draws and all(state.event_for(ev, 1).card == -1 for ev in draws)
    assert all(state.event_for(ev, 0).card == ev.card for ev in draws)


def test_determinize_keeps_what_the_viewer_sees_and_only_that() -> None:
    state = RULES.new_game([DECK, DECK], seed=4)
    other = state.clone()
    other.determinize(0, Rng(1))
    assert other.observation(0)["players"][0]["zones"]["hand"] == state.observation(0)["players"][0]["zones"]["hand"]
    assert len(other.zone(1, "hand")) == len(state.zone(1, "hand"))
    pool = sorted(state.zone(1, "hand") + state.zone(1, "deck"))
    assert sorted(other.zone(1, "hand") + other.zone(1, "deck")) == pool
    # the result depends only on the view: two states that differ only in hidden cards determinize alike
    swapped = state.clone()
    h, d = swapped.zone(1, "hand"), swapped.zone(1, "deck")
    h[0], d[0] = d[0], h[0]
    swapped.loc[h[0]], swapped.loc[d[0]] = (1, "hand"), (1, "deck")
    a, b = state.clone(), swapped
    a.determinize(0, Rng(7))
    b.determinize(0, Rng(7))
    assert a.zones == b.zones and a.rng.state == b.rng.state


# ------------------------------------------------------------------ replays and the turn cap
def test_replay_reproduces_event_for_event_and_detects_tampering() -> None:
    decks = [RULES.deck(DECK), RULES.deck(DECK)]
    state = play_game(RULES, decks, seed=11)
    record = json.loads(json.dumps(replay_record(state, decks)))
    again = replay(record)
    assert again.log == state.log and again.result == state.result
    record["events"][5][0] = "forged"
    with pytest.raises(ReplayMismatch, match="diverges at event 6"):
        replay(record)


class EndTurnBot:
    """Never does anything but end its turn: a game between two of these cannot end by the rules."""

    name = "end"

    def choose(self, view):
        return next(a for a in view.legal_actions if a.kind == "end")


def test_turn_cap_ends_the_game_as_a_draw() -> None:
    state = play_game(RULES, [DECK, DECK], seed=3, bots=[EndTurnBot(), EndTurnBot()], options={"turn_cap": 6})
    assert state.result.winner is None
    assert state.result.clause == "turn-cap" and "turn cap" in state.result.reason
    assert state.turn == 7


def test_determinize_keeps_public_face_down_places_and_forgets_hidden_marks() -> None:
    state = RULES.new_game([DECK, DECK], seed=4)
    down = state.zone(1, "hand")[0]
    state.move(down, 1, "field")
    state.card_state(down).face_down = True
    state.card_state(down).counters["secret"] = 3
    deck_card = state.zone(1, "deck")[0]
    state.card_state(deck_card).counters["marked"] = 1
    state.determinize(0, Rng(3))
    (now,) = state.zone(1, "field")
    assert state.cs[now].face_down and not state.cs[now].counters
    assert not state.visible(now, 0)
    assert all(not state.cs.get(c) or not state.cs[c].counters for c in state.zone(1, "deck"))


def test_determinize_redeals_within_each_hidden_pool() -> None:
    """A deck and its hand are one pool; any other hidden zone (an artefact deck...) keeps its own cards."""
    from engine.toy import ToyRules
    from tcgkit.core.state import HIDDEN

    class VaultRules(ToyRules):
        ZONES = {**ToyRules.ZONES, "vault": HIDDEN}

    rules = VaultRules()
    state = rules.new_game([DECK, DECK], seed=4)
    for c in state.zone(1, "deck")[:5]:
        state.move(c, 1, "vault")
    vault = sorted(state.zone(1, "vault"))
    hand_and_deck = sorted(state.zone(1, "hand") + state.zone(1, "deck"))
    for salt in range(5):
        sample = state.clone()
        sample.determinize(0, Rng(salt))
        assert sorted(sample.zone(1, "vault")) == vault
        assert sorted(sample.zone(1, "hand") + sample.zone(1, "deck")) == hand_and_deck
    assert rules.hidden_pool_of() == {"deck": "deck", "hand": "deck"}
