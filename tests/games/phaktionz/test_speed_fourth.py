"""The fourth speed pass of the Phaktionz rules, at the decisions of seeded games with the shipped decks and with decks
drawn from the whole card pool: the quick look for bots (``surely_has_choice``) never claims a free choice that is not
there and finds most of them; the card index's by-id facts and sets equal the cards' fields; the evaluation's hand,
the phases' legal actions and ``payable_tiers`` equal what the card-by-card reads give."""

from __future__ import annotations

from collections import Counter

import pytest
from phk_helpers import RULES, position

from conftest import pool_decks
from tcgkit.bots import RandomBot, View
from tcgkit.core.actions import Action
from tcgkit.core.state import GameState
from tcgkit.games.phaktionz.cardindex import card_index, glance
from tcgkit.games.phaktionz.rules import HAND_AVERAGE, HAND_EXTRA, HAND_FULL, HAND_INVOCATION, HAND_STUCK, HAND_SUMMON

DECKS = list(RULES.decks().values())


def _played(seed: int, pool: bool, options: dict | None = None) -> list[GameState]:
    """A copy of every decision's state of one seeded random-bot game (shipped decks, or decks from the pool)."""
    decks = list(pool_decks("phaktionz")(seed)) if pool else [DECKS[seed % len(DECKS)], DECKS[(seed + 1) % len(DECKS)]]
    state = RULES.new_game(decks, seed=seed, options=options)
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    out = []
    while state.result is None:
        out.append(state.clone())
        state.apply(bots[state.current].choose(View(state, state.current)))
    return out


@pytest.mark.parametrize(("pool", "options"), [(False, None), (True, None), (True, {"tribute_at_least": True})])
def test_a_sure_choice_is_always_a_free_choice(pool: bool, options: dict | None) -> None:
    """``surely_has_choice`` is True only where a pass and something else are legal (PHK-TURN-02..04: ``next`` and a
    play in the Main, Combat and Final Phases; PHK-INV-03: ``pass`` and a Counter in a window; PHK-MECH-03: ``mull``
    and ``keep``), and it says so at most decisions that plainly hold such a choice; also where Tiers summing to at
    least a Summon's Tier pay for it (option ``tribute_at_least``, PHK-MECH-02)."""
    said = Counter()
    for seed in range(10):
        for state in _played(seed, pool, options):
            if state.pending is not None:
                continue
            state._legal = None  # as a bot's copy meets it: nothing listed yet
            sure = RULES.surely_has_choice(state)
            legal = state.legal_actions()
            free = len(legal) >= 2 and any(RULES.is_pass(a) for a in legal)
            assert free or not sure, (seed, state.decisions, legal)
            said[sure, free] += 1
    assert said[True, True] > said[False, True]  # the glance finds most free choices


def test_no_sure_battle_when_no_target() -> None:
    """PHK-SUM-04: a Striker facing an empty battlefield battles no one: in the Combat Phase with nothing in hand,
    ``next`` is the only action and the glance does not claim a choice."""
    state = position({"field": ["Haka Goblin"]}, phase="combat")
    assert [a.kind for a in state.legal_actions()] == ["next"]
    assert not RULES.surely_has_choice(state)


def test_sure_battle_of_a_tech_facing_an_empty_column() -> None:
    """PHK-SUM-06: a Tech with no opposing Summon in its column battles the opponent directly: a sure choice."""
    state = position({"field": ["Waka Goblin"]}, {"field": ["Haka Goblin"]}, phase="combat")
    state.card_state(state.zones[1]["field"][0]).counters["col"] = 2  # not the Tech's column (1)
    assert RULES.surely_has_choice(state)
    assert sorted(a.kind for a in state.legal_actions()) == ["battle", "next"]
    state.card_state(state.zones[1]["field"][0]).counters["col"] = 1
    state.card_state(state.zones[0]["field"][0]).tapped = True  # it has battled: no battle left
    state._legal = None
    assert not RULES.surely_has_choice(state)
    assert [a.kind for a in state.legal_actions()] == ["next"]


def _slow_hand(state: GameState, zones: dict, side: list) -> float:
    """The worth of a hand from each card's own fields (the evaluation before the card index)."""
    hand = [state.defs[c].fields["in_hand"] for c in zones["hand"]]
    tiers = sum(s[4] for s in side) + sum(t for t, _ in hand if 0 <= t < 2)
    total = HAND_AVERAGE * len(zones["aside"])
    for tier, by_tiers in hand:
        total += HAND_INVOCATION if tier < 0 else HAND_SUMMON if tier < 2 or (tiers >= tier and by_tiers) else \
            HAND_STUCK
    n = len(hand)
    return total if n <= HAND_FULL else total * (HAND_FULL + HAND_EXTRA * (n - HAND_FULL)) / n


def test_the_evaluation_reads_the_card_index_as_the_fields() -> None:
    """The card index holds each card's evaluation facts and activated effects by id (``side``, ``in_hand``,
    ``activated``, ``answers``), for a grown card list too;
    the hand's worth read through it is the same number, to the last bit, as read from the cards' fields (PHK-MECH-02:
    a Summon of Tier 2 or more counts in full while the Tiers to demote for it are there)."""
    checked = 0
    for state in _played(3, pool=True)[::3]:
        index = card_index(state)
        assert index.side == tuple(d.fields["side"] for d in state.defs)
        assert index.in_hand == tuple(d.fields["in_hand"] for d in state.defs)
        assert index.activated == tuple(d.fields["activated_free"] for d in state.defs)
        assert index.answers == tuple(d.fields["activated_answers"] for d in state.defs)
        sets = glance(state)
        assert sets.low_summons == {c for c, d in enumerate(state.defs)
                                     if d.type == "summon" and d.fields["in_hand"][0] < 2 and d.fields["in_hand"][1]}
        assert sets.plain_casts == {c for c, d in enumerate(state.defs) if d.fields["plain_cast"]}
        assert sets.high_summons == {c for c, d in enumerate(state.defs)
                                      if d.type == "summon" and d.fields["in_hand"][0] >= 2 and d.fields["in_hand"][1]}
        assert sets.plain_counters == {c for c in sets.plain_casts if state.defs[c].fields["inv_type"] == "counter"}
        bonus = RULES.field_auras(state)
        for p in (0, 1):
            side = RULES._sides(state, state.zones[p]["field"], bonus)
            assert RULES._hand(state, state.zones[p], side) == _slow_hand(state, state.zones[p], side)
            checked += len(state.zones[p]["hand"])
    assert checked > 100
    twin = state.clone()
    token = twin.add_instance(RULES.pool().get("Haka Goblin"), 0)
    assert card_index(twin).in_hand[token] == twin.defs[token].fields["in_hand"]
    assert card_index(twin).activated[token] == twin.defs[token].fields["activated_free"]
    assert len(card_index(state).in_hand) == len(state.defs)


def _slow_phase_actions(state: GameState) -> list[Action]:
    """The phase's legal actions card by card through the general checks (``placeable``, ``cast_actions``)."""
    p, phase = state.active, state.phase
    sources = RULES.play_sources(state, p)
    acts: list[Action] = []
    if phase == "main":
        for c in sources:
            if state.defs[c].type == "summon":
                acts.extend(RULES.place_actions(state, p, c))
    for c in sources:
        if state.defs[c].type != "summon" and (phase != "combat" or state.defs[c].fields["inv_type"] == "counter"):
            acts.extend(RULES.cast_actions(state, p, c, None))
    if phase != "final":
        acts.extend(RULES.activate_actions(state, p, None))
    if phase != "combat":
        acts.extend(Action("create", (c,)) for c in state.zones[p]["creation_pile"] if RULES.can_create(state, c))
    else:
        acts.extend(Action("battle", (c, t)) for c in state.zones[p]["field"] if RULES.can_battle(state, c)
                    for t in RULES.battle_targets(state, c))
    return [*acts, Action("next")]


@pytest.mark.parametrize("pool", [False, True])
def test_phase_actions_equal_the_card_by_card_checks(pool: bool) -> None:
    """The Main, Combat and Final Phases' legal actions (PHK-TURN-02..04: places, PHK-MECH-02; casts, PHK-INV-01;
    battles, PHK-SUM-04..06) are those the general checks give card by card, in the same order."""
    checked = 0
    for seed in range(6):
        for state in _played(seed, pool):
            if state.pending is None and "sub" not in state.vars and state.phase in ("main", "combat", "final"):
                assert RULES.phase_actions(state) == _slow_phase_actions(state), (seed, state.decisions)
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("pool", [False, True])
def test_payable_tiers_equal_the_tributes_and_statics(pool: bool) -> None:
    """``payable_tiers`` (read from the card index) gives what the general reads give: the Tiers of the Summons that
    may be demoted (``tribute_tiers``, PHK-MECH-02), a free column, and a Tier discount in play (``statics``)."""
    checked = 0
    for seed in range(4):
        for state in _played(seed, pool)[::2]:
            for p in (0, 1):
                tiers = [t for _, t in RULES.tribute_tiers(state, p, ())]
                reach = 1
                for t in tiers:
                    reach |= reach << t
                free = len(state.zones[p]["field"]) < state.options.get("columns", 5)
                want = (free, reach, sum(tiers), bool(RULES.statics(state, "tier_discount", p)))
                assert RULES.payable_tiers(state, p) == want
                checked += bool(tiers)
    assert checked > 50
