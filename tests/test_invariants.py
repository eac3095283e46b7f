"""Properties every game must keep, checked over many random games of every playable game, with its shipped decks
and with decks drawn from its whole card pool."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import PLAYABLE, random_game
from tcgkit.bots import RandomBot, View
from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction
from tcgkit.core.state import GameState
from tcgkit.games import get_rules

SEEDS = st.integers(min_value=0, max_value=2**40)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _card_count(state: GameState) -> int:
    return sum(len(ids) for zones in state.zones for ids in zones.values())


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, pool=st.booleans())
def test_same_seed_same_game(game: str, seed: int, pool: bool) -> None:
    """Same seed and same bots: the same event log, event for event."""
    a = random_game(game, seed, pool=pool)
    b = random_game(game, seed, pool=pool)
    assert a.log == b.log
    assert a.result == b.result


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=400), pool=st.booleans())
def test_clone_is_independent(game: str, seed: int, cut: int, pool: bool) -> None:
    """A clone plays on without touching its original, and plays the same as the original would."""
    state = random_game(game, seed, stop_at=cut, pool=pool)
    before = json.dumps(state.to_json(), sort_keys=True)
    log_len = len(state.log)
    twin = state.clone()
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while twin.result is None and twin.decisions < cut + 200:
        twin.apply(bots[twin.current].choose(View(twin, twin.current)))
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert len(state.log) == log_len


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, pool=st.booleans())
def test_no_card_created_or_lost(game: str, seed: int, pool: bool) -> None:
    """Every card instance is in exactly one zone at every decision (tokens aside, which the game adds)."""
    rules_tokens = 0
    state = random_game(game, seed, stop_at=0, pool=pool)
    bot = RandomBot(seed)
    while state.result is None:
        located = [c for zones in state.zones for ids in zones.values() for c in ids]
        assert len(located) == len(set(located)), "a card is in two places"
        assert len(located) == len(state.defs) - rules_tokens - sum(1 for p, z in state.loc if not z)
        for p, zones in enumerate(state.zones):
            for zname, ids in zones.items():
                for c in ids:
                    assert state.loc[c] == (p, zname)
        state.apply(bot.choose(View(state, state.current)))


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=300), pool=st.booleans())
@example(seed=192088, cut=107, pool=False)  # Phaktionz: checking a remove_counter cost once created the card's state
def test_illegal_action_changes_nothing(game: str, seed: int, cut: int, pool: bool) -> None:
    """An illegal action raises IllegalAction and leaves the serialized state exactly as it was; listing the legal
    actions changes nothing either."""
    state = random_game(game, seed, stop_at=cut, pool=pool)
    if state.result is not None:
        return
    before = json.dumps(state.to_json(), sort_keys=True)
    legal = set(state.legal_actions())
    for bad in (Action("no-such-action"), Action("attack", (10**6, 10**6)),
                *(Action(a.kind, (*a.args, 999_999)) for a in list(legal)[:5])):
        if bad in legal:
            continue
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("game", PLAYABLE)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, pool=st.booleans())
def test_observation_hides_hidden_cards(game: str, seed: int, pool: bool) -> None:
    """No observation (nor the viewer's legal actions) names a card the viewer may not see."""
    state = random_game(game, seed, stop_at=0, pool=pool)
    bot = RandomBot(seed)
    while state.result is None:
        for viewer in (0, 1):
            text = json.dumps(state.observation(viewer))
            hidden = [c for c in range(len(state.defs)) if not state.visible(c, viewer)]
            obs = state.observation(viewer)
            seen_ids = _ids_in(obs)
            for c in hidden:
                assert c not in seen_ids, f"hidden card #{c} appears in player {viewer}'s observation"
            visible_names = {state.defs[c].name for c in range(len(state.defs)) if state.visible(c, viewer)}
            for c in hidden:
                name = state.defs[c].name
                if name not in visible_names:
                    assert f'"{name}"' not in text, f"hidden card name {name!r} leaks to player {viewer}"
        state.apply(bot.choose(View(state, state.current)))
        if state.decisions > 300:
            break


def _ids_in(obs: dict) -> set[int]:
    ids: set[int] = set()
    for pl in obs["players"]:
        for zone in pl["zones"].values():
            for card in zone.get("cards", []):
                if "id" in card:
                    ids.add(card["id"])
    for ev in obs["log"]:
        if isinstance(ev.get("card"), int):
            ids.add(ev["card"])
    for text in obs.get("legal_actions", []):
        for tok in text.split():
            if tok.startswith("#") and tok[1:].isdigit():
                ids.add(int(tok[1:]))
    return ids


@pytest.mark.parametrize("game", PLAYABLE)
def test_games_end_with_a_result(game: str) -> None:
    """Random games end with a result (a win, or a draw with its reason)."""
    for seed in range(20):
        state = random_game(game, seed)
        assert state.result is not None and state.result.reason


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, pool=st.booleans())
def test_no_legal_action_is_listed_twice(game: str, seed: int, pool: bool) -> None:
    """Every decision lists each legal action once (a TGC creature destroyed once per Equipment it wore once offered
    its On Destruction effect several times)."""
    state = random_game(game, seed, stop_at=0, pool=pool)
    bot = RandomBot(seed)
    while state.result is None:
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), f"listed twice at decision {state.decisions}: {legal}"
        state.apply(bot.choose(View(state, state.current)))


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, pool=st.booleans())
def test_a_sure_choice_is_a_choice(game: str, seed: int, pool: bool) -> None:
    """The game's quick look (``surely_has_choice``) claims a free choice only where a pass and something else are
    legal, and ``forced_action`` names the one legal action exactly when there is one."""
    state = random_game(game, seed, stop_at=0, pool=pool)
    bot = RandomBot(seed)
    while state.result is None:
        fresh = state.clone()
        fresh._legal = None  # as a bot's copy meets it after an action: nothing listed yet
        sure = state.pending is None and state.rules.surely_has_choice(fresh)
        legal = state.legal_actions()
        free = len(legal) >= 2 and any(state.rules.is_pass(a) for a in legal)
        assert free or not sure, f"a free choice claimed at decision {state.decisions}: {legal}"
        assert fresh.forced_action() == (legal[0] if len(legal) == 1 else None)
        state.apply(bot.choose(View(state, state.current)))


@pytest.mark.parametrize("game", PLAYABLE)
@FAST
@given(seed=SEEDS, pool=st.booleans())
def test_events_not_heard_would_change_nothing(game: str, seed: int, pool: bool) -> None:
    """Events are dispatched by kind: the core calls ``on_event`` only for the kinds the game's ``heard_kinds``
    names. Calling it for every event instead plays the very same game (the kinds left out were ones it ignores)."""
    rules = get_rules(game)
    narrowed = random_game(game, seed, pool=pool)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(type(rules), "heard_kinds", lambda self, kinds: None)
            every = random_game(game, seed, pool=pool)  # (its new game reads the pool: every kind heard)
    finally:
        rules.pool()  # the game's own narrowed set again
    assert narrowed.log == every.log
    assert narrowed.result == every.result
