"""The fixed action space and observation tensor of every game (tcgkit.rl.encoding)."""

from __future__ import annotations

import warnings
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import PLAYABLE, ordinary_decision, pool_decks
from tcgkit.bots import RandomBot, View
from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import Effect, Step
from tcgkit.core.errors import IllegalAction, TcgkitError
from tcgkit.core.rng import Rng
from tcgkit.games import get_rules

pytest.importorskip("numpy")

from tcgkit.rl import SPECS, Encoding  # noqa: E402


def shipped_pairs(game: str):
    """Deck pairs of the shipped decks, a different pairing per seed."""
    names = list(get_rules(game).decks())
    return lambda seed: [names[seed % len(names)], names[(seed // len(names) + 1 + seed) % len(names)]]


def play_and_check(game: str, seeds: range, decks=None) -> Counter:
    """Play random games; at every decision the mask is non-empty, every legal action has its own index, and the
    index maps back to the very same action. Returns how many legal actions of each shape (verb and zones of its
    cards) were checked. The cards the game ships with all have their places: none falls to the ``other`` block."""
    enc = Encoding(game)  # its own, so that a shape without a place warns here (an error in this test)
    rules = get_rules(game)
    decks = decks or shipped_pairs(game)
    shapes: Counter = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        for seed in seeds:
            _play_and_check_one(enc, rules.new_game(decks(seed), seed), seed, shapes)
    return shapes


def _play_and_check_one(enc: Encoding, state, seed: int, shapes: Counter) -> None:
    """One random game of :func:`play_and_check`."""
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    while state.result is None:
        mask, actions = enc.legal(state)
        legal = state.legal_actions()
        assert mask.sum() == len(legal) > 0
        assert set(actions.values()) == set(legal) and len(actions) == len(legal)
        for index, action in actions.items():
            assert mask[index] == 1
            assert enc.decode(state, index) == action
            shapes[(action.kind, *(state.loc[a][1] for a in action.args if type(a) is int))] += 1
        obs = enc.observe(state, state.current)
        assert obs.shape == (enc.obs_size,) and obs.dtype == np.float32
        assert np.isfinite(obs).all()
        state.apply(bots[state.current].choose(View(state, state.current)))


def test_every_playable_game_has_a_layout() -> None:
    assert sorted(PLAYABLE) == sorted(SPECS)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_legal_action_has_its_own_index(game: str) -> None:
    assert play_and_check(game, range(500, 512)).total() > 100


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_legal_action_of_decks_from_the_whole_pool_has_its_own_index(game: str) -> None:
    assert play_and_check(game, range(40, 46), pool_decks(game)).total() > 50


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_effect_languages_own_decisions_have_indices_in_every_game(game: str) -> None:
    """A designer's card may say "you may" (yes/no), "up to" (a choice ended by done) or offer options in any game,
    though no card shipped with some games does."""
    enc = Encoding.of(game)
    for steps, kinds in [
        ((Step("draw", {"count": 1}),), {"yes", "no"}),
        ((Step("choose", {"name": "c", "from": "you.hand", "count": 2, "up_to": True}),), {"choose", "done"}),
        ((Step("choose_option", {"options": ["red", "blue"]}),), {"option"}),
    ]:
        state = ordinary_decision(game)
        me = state.current
        optional = kinds == {"yes", "no"}
        effects.start(state, Effect("triggered", steps, trigger="test", optional=optional), -1, me)
        assert effects.run(state) is False
        legal = state.legal_actions()
        assert {a.kind for a in legal} == kinds
        mask, actions = enc.legal(state)
        assert mask.sum() == len(legal) and set(actions.values()) == set(legal)


def test_tgc_battlefields_artifacts_and_on_destruction_effects_have_their_indices() -> None:
    """A Battlefield's and an Artifact's activated effects, an On Destruction effect used from the discard, a
    Battlefield chosen as a target and "done": shapes no shipped TGC deck plays, which once had no index."""
    rules = get_rules("tgc")
    pool = rules.pool()
    base = rules.decks()["Odd Lot"]
    extra = [c.key for c in pool if c.type in ("battlefield", "artifact")] + [pool.by_name("Legion").key] * 4
    deck = replace(base, name="Odd Lot with Battlefields", sections={"main": (*extra, *base.sections["main"][9:])})
    assert not rules.validate_deck(deck)
    shapes = play_and_check("tgc", range(8), lambda seed: [deck, deck])
    assert {("activate", "bf"), ("activate", "artifacts"), ("activate", "discard"), ("choose", "bf")} <= set(shapes)


@pytest.mark.slow
@pytest.mark.parametrize("game", PLAYABLE)
def test_every_legal_action_has_its_own_index_many_games(game: str) -> None:
    assert play_and_check(game, range(2000, 2300)).total() > 3000


@pytest.mark.slow
@pytest.mark.parametrize("game", PLAYABLE)
def test_every_legal_action_of_decks_from_the_whole_pool_has_its_own_index_many_games(game: str) -> None:
    assert play_and_check(game, range(3000, 3150), pool_decks(game)).total() > 1500


@pytest.mark.parametrize("game", PLAYABLE)
def test_sizes_are_fixed_per_game(game: str) -> None:
    a, b = Encoding(game), Encoding(game)
    assert a.n_actions == b.n_actions and a.obs_size == b.obs_size == len(a.obs_names)
    assert a.templates[-1].offset + a.templates[-1].size == a.n_actions


def test_an_illegal_index_is_refused_and_named() -> None:
    enc = Encoding.of("tgod")
    rules = get_rules("tgod")
    state = rules.new_game(list(rules.decks())[:2], 3)
    mask, _ = enc.legal(state)
    bad = int(np.flatnonzero(mask == 0)[0])
    before = state.to_json()
    with pytest.raises(IllegalAction, match=f"action {bad}'"):
        enc.decode(state, bad)
    assert state.to_json() == before


def test_an_action_outside_the_layout_is_an_error_not_a_silent_drop() -> None:
    enc = Encoding.of("tgod")
    rules = get_rules("tgod")
    state = rules.new_game(list(rules.decks())[:2], 3)
    with pytest.raises(TcgkitError, match="no place in the fixed action space"):
        enc.action_index(state, Action("fly", ()))


def test_describe_names_every_index_in_words() -> None:
    enc = Encoding.of("guardian-realms")
    words = {enc.describe(i) for i in range(enc.n_actions)}
    assert len(words) == enc.n_actions
    assert "summon <me:hand 1> <=lane2>" in words


@pytest.mark.parametrize("game", PLAYABLE)
def test_action_features_one_row_per_legal_action(game: str) -> None:
    enc = Encoding.of(game)
    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], 5)
    bots = (RandomBot(1), RandomBot(2))
    for _ in range(40):
        if state.result is not None:
            break
        _, actions = enc.legal(state)
        rows = enc.action_features(state, actions)
        assert rows.shape == (len(actions), len(enc.action_feature_names))
        assert (rows[:, :len(enc.templates)].sum(axis=1) == 1).all()
        state.apply(bots[state.current].choose(View(state, state.current)))


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_hoarding_player_still_fits_the_action_space(game: str) -> None:
    """A degenerate agent (always the lowest index: ending turns rather than playing cards) lets hands and piles grow
    far beyond what random play shows; its every decision must still be encodable."""
    enc = Encoding.of(game)
    rules = get_rules(game)
    names = list(rules.decks())
    for seed, first_low in ((1, True), (2, False)):
        state = rules.new_game([names[0], names[-1]], seed)
        bot = RandomBot(seed)
        while state.result is None:
            mask, actions = enc.legal(state)
            if (state.current == 0) == first_low:
                state.apply(actions[min(actions)])
            else:
                state.apply(bot.choose(View(state, state.current)))


def reference_tensor(enc: Encoding, state, viewer: int) -> np.ndarray:
    """The observation tensor worked out element by element from its documented names (``enc.obs_names``, see
    docs/rl.md), slowly and plainly: what the in-place encoder must write."""
    from tcgkit.core.state import OWNER, PUBLIC

    vis = state.rules.ZONES
    owner, cs, defs = state.owner, state.cs, state.defs
    sides = {"me": viewer, "opp": 1 - viewer}

    def known(c: int) -> bool:
        st = cs.get(c)
        return not (st is not None and st.face_down and owner[c] != viewer)

    def sees(p: int, zone: str) -> bool:
        v = vis.get(zone, PUBLIC)
        return v == PUBLIC or (v == OWNER and p == viewer)

    out = np.zeros(enc.obs_size, np.float32)
    for i, name in enumerate(enc.obs_names):
        parts = name.split(":", 3)
        if name == "my_decision":
            v = state.result is None and state.current == viewer
        elif name == "my_turn":
            v = state.active == viewer
        elif name == "turn":
            v = state.turn
        elif parts[0] == "phase":
            v = state.phase == parts[1] if parts[1] != "other" else state.phase not in enc.phases
        elif parts[1] == "res":
            v = state.res[sides[parts[0]]].get(parts[2]) or 0
        elif parts[1] == "count":
            v = len(state.zones[sides[parts[0]]][parts[2]])
        elif parts[2] == "has":
            p, zone = sides[parts[0]], parts[1]
            shown = vis.get(zone, PUBLIC) == PUBLIC
            v = sum(1 for c in state.zones[p][zone]
                    if known(c) and (shown or owner[c] == viewer) and defs[c].key == parts[3])
        else:  # a card slot: side, zone, position (1-based), feature
            p, zone, pos, feature = sides[parts[0]], parts[1], int(parts[2]), parts[3]
            ids = state.zones[p][zone]
            if pos > len(ids):
                continue
            c = ids[pos - 1]
            if feature == "present":
                v = 1
            elif not (sees(p, zone) and known(c)):
                continue
            else:
                v = _card_feature(enc, state, c, feature)
        out[i] = v
    return out


def _card_feature(enc: Encoding, state, c: int, feature: str) -> float:
    d, st = state.defs[c], state.cs.get(c)
    if feature == "known":
        return 1
    if feature == "card":
        return enc.card_keys.index(d.key) + 1 if d.key in enc.card_keys else len(enc.card_keys) + 1
    if feature.startswith("type:"):
        return d.type == feature[5:]
    if feature.startswith("stat:"):
        stat = feature[5:]
        mods = sum(delta for s, delta, _ in st.mods if s == stat) if st is not None else 0
        return d.stats.get(stat, 0) + mods
    if st is None:
        return 0
    return {"tapped": st.tapped, "face_down": st.face_down, "counters": sum(st.counters.values()),
            "statuses": len(st.status), "attached": len(st.attached)}[feature]


@pytest.mark.parametrize("game", PLAYABLE)
def test_tensor_matches_its_documented_names(game: str) -> None:
    """The fast encoder (in place, with blocks and counts kept between calls) writes exactly what each named element
    means: two games interleaved through one encoding and one reused buffer, both viewers, so that anything kept
    from one call to the next must be right for the next state."""
    enc = Encoding.of(game)
    rules = get_rules(game)
    names = list(rules.decks())
    games = [rules.new_game([names[i % len(names)], names[(i + 1) % len(names)]], 40 + i) for i in range(2)]
    bots = [RandomBot(7), RandomBot(8)]
    out = np.full(enc.obs_size, 9.0, np.float32)
    checked = 0
    for _ in range(60):
        for state, bot in zip(games, bots, strict=True):
            if state.result is not None:
                continue
            for viewer in (0, 1):
                assert np.array_equal(enc.observe(state, viewer, out), reference_tensor(enc, state, viewer))
                checked += 1
            mask, actions = enc.legal(state)
            assert sorted(actions) == enc.legal_indices(state) == np.flatnonzero(mask).tolist()
            state.apply(bot.choose(View(state, state.current)))
    assert checked > 100


_FRESH: dict[str, Encoding] = {}


def _from_nothing(game: str, state, viewer: int) -> tuple[np.ndarray, np.ndarray, dict]:
    """The tensor and mask worked out from the state alone: an encoder of its own that forgets everything first."""
    ref = _FRESH.get(game)
    if ref is None:
        ref = _FRESH[game] = Encoding(game)
    ref.forget()
    tensor = ref.observe(state, viewer)
    ref.forget()
    mask, actions = ref.legal(state) if state.result is None else (None, {})
    return tensor, mask, actions


def wander(game: str, seed: int, plan: list[int], plays: int):
    """``(step, state)`` for each step of a walk through games of ``game``: a step below ``plays`` plays a random legal
    action, ``plays`` goes on with a clone, ``plays + 1`` goes back to an earlier state (original or clone), ``plays +
    2`` starts another game; any other step stays."""
    rules = get_rules(game)
    names = list(rules.decks())
    rng = Rng(seed)
    state = rules.new_game([names[seed % len(names)], names[(seed + 1) % len(names)]], seed)
    states = [state]
    for step in plan:
        if step < plays and state.result is None:
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        elif step == plays:
            state = state.clone()
            states.append(state)
        elif step == plays + 1:
            state = states[rng.randbelow(len(states))]
        elif step == plays + 2:
            other = seed + len(states)
            state = rules.new_game([names[other % len(names)], names[(other + 2) % len(names)]], other)
            states.append(state)
        yield step, state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(PLAYABLE), seed=st.integers(0, 10_000),
       plan=st.lists(st.integers(0, 9), min_size=10, max_size=60))
def test_what_the_encoder_keeps_never_changes_the_tensor_or_mask(game: str, seed: int, plan: list[int]) -> None:
    """The encoder keeps, between calls, each zone's block of rows and each pile's counts per viewer and the legal
    mapping of the last position; whatever it observed before (other positions, clones and their originals, another
    game, the other viewer), the tensor and mask are those worked out from the state alone. Each step of the plan:
    0-5 play a random legal action, 6 clone and go on with the clone, 7 go back to an earlier state (original or
    clone, which may share in-play records copy-on-write with the others), 8 start another game, 9 observe both
    viewers into a fresh array rather than the reused one."""
    enc = Encoding.of(game)
    out = np.full(enc.obs_size, 7.0, np.float32)
    for step, state in wander(game, seed, plan, plays=6):
        for viewer in (0, 1):
            tensor, mask, actions = _from_nothing(game, state, viewer)
            assert np.array_equal(enc.observe(state, viewer, None if step == 9 else out), tensor)
        if state.result is None:
            got_mask, got_actions = enc.legal(state)
            assert np.array_equal(got_mask, mask) and got_actions == actions


def _plain_indices(enc: Encoding, state) -> dict[int, Action]:
    """Index -> action worked out action by action through the plain path (``action_index``, options by rank,
    actions the layout has no place for in the last block by their words)."""
    out: dict[int, Action] = {}
    rank = 0
    misfits = []
    for a in state.legal_actions():
        if a.kind == "option":
            out[enc.action_index(state, a, rank)] = a
            rank += 1
        else:
            try:
                out[enc.action_index(state, a)] = a
            except TcgkitError:  # no place in the layout: the "other" block, numbered by the actions' words
                misfits.append(a)
    for rank, a in enumerate(sorted(misfits, key=Action.text)):
        out[enc.templates[-1].offset + rank] = a
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(PLAYABLE), seed=st.integers(0, 10_000),
       plan=st.lists(st.integers(0, 9), min_size=20, max_size=80))
def test_the_fast_legal_indices_equal_the_plain_path(game: str, seed: int, plan: list[int]) -> None:
    """The fast path of the legal-action indices (per-viewer verb plans, and each action's index kept with where its
    cards were and used again while they are still there) gives exactly the indices of ``action_index``, whatever
    the encoder indexed before: earlier positions, clones and their originals, another game, both players. Plan
    steps: 0-6 play a random legal action, 7 clone and go on with the clone, 8 go back to an earlier state, 9 start
    another game."""
    enc = Encoding.of(game)
    for _, state in wander(game, seed, plan, plays=7):
        if state.result is None:
            plain = _plain_indices(enc, state)
            mask, actions = enc.legal(state)
            assert actions == plain
            assert np.flatnonzero(mask).tolist() == sorted(plain) == enc.legal_indices(state)
            assert all(enc.decode(state, i) == a for i, a in plain.items())


def test_an_action_of_a_shape_the_layout_lacks_gets_an_index_of_the_last_block() -> None:
    """A designer's card may ask for what no layout foresaw (here: choose a card of your deck in Guardian Realms): the
    environment goes on, numbering such actions by their words in the ``other`` block, and warns once per shape."""
    enc = Encoding("guardian-realms")  # its own: it warns once per shape
    state = ordinary_decision("guardian-realms")
    search = Step("choose", {"name": "c", "from": "you.deck", "count": 1})
    effects.start(state, Effect("triggered", (search,), trigger="test"), -1, state.current)
    assert effects.run(state) is False
    legal = state.legal_actions()
    block = enc.templates[-1]
    assert block.kind == "other" and block.offset + block.size == enc.n_actions and 1 < len(legal) <= block.size
    with pytest.warns(UserWarning, match="no place for 'choose <card>'"):
        mask, actions = enc.legal(state)
    assert sorted(actions) == list(range(block.offset, block.offset + len(legal)))
    assert [actions[i] for i in sorted(actions)] == sorted(legal, key=Action.text)
    assert mask.sum() == len(legal)
    assert enc.describe(block.offset + 2) == "other <action 3>"


def _walk_with_clones(game: str, seed: int, decks=None):
    """The states of a random game of ``game``, decision by decision; every 7th decision the walk goes on with a clone
    (which shares its in-play records with the original until one of them changes one), and every 11th it plays
    one random action on the original left behind (changing records the clone still holds) and goes back to it."""
    rules = get_rules(game)
    names = list(rules.decks())
    state = rules.new_game(decks or [names[seed % len(names)], names[(seed + 1) % len(names)]], seed)
    rng = Rng(seed)
    left: list = []
    step = 0
    while state.result is None and step < 400:
        yield state
        step += 1
        if step % 7 == 0:
            left.append(state)
            state = state.clone()
        elif step % 11 == 0 and left and left[-1].result is None:
            back = left.pop()
            legal = back.legal_actions()
            back.apply(legal[rng.randbelow(len(legal))])
            left.append(state)
            state = back
            continue
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    yield state


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_kept_encoder_equals_one_built_from_nothing_through_clones(game: str) -> None:
    """The encoder keeps plans and indices between calls: over whole random games of every game, shipped and pool
    decks, with clones and their originals (which share in-play records until one changes one) played on
    alternately, at every decision and for both viewers, its tensor equals the one an encoder that kept nothing
    builds from the state alone."""
    enc = Encoding(game)  # its own: nothing kept from other tests
    out = np.zeros(enc.obs_size, np.float32)
    checked = 0
    for seed, decks in ((3, None), (4, pool_decks(game)(4)), (5, None)):
        for state in _walk_with_clones(game, seed, decks):
            for viewer in (state.current, 1 - state.current):
                expected = _from_nothing(game, state, viewer)[0]
                assert np.array_equal(enc.observe(state, viewer, out), expected)
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("game", PLAYABLE)
def test_observing_changes_nothing_of_the_game(game: str) -> None:
    """The same seed and actions give the very same game, event by event, whether or not each decision was
    observed (the encoder only reads the state)."""
    rules = get_rules(game)
    names = list(rules.decks())
    enc = Encoding.of(game)
    logs = []
    for observed in (False, True):
        state = rules.new_game([names[0], names[1 % len(names)]], 11)
        rng = Rng(11)
        while state.result is None:
            if observed:
                enc.observe(state, state.current)
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        logs.append((list(state.log), state.result, state.to_json()))
    assert logs[0] == logs[1]
