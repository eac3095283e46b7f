"""TGOD's quick answers give what the plain rules give: ``surely_has_choice`` (a bot's quick look), the per-card
``quick`` facts of activated abilities, checked at every decision of seeded random-bot games and their clones."""

from __future__ import annotations

import itertools

import pytest
from tgod_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core.cards import Effect, Step
from tcgkit.core.rng import derive_seed
from tcgkit.games.tgod.rules import _quick_check

DECKS = sorted(RULES.decks())
GAMES = list(itertools.islice(itertools.cycle(itertools.product(DECKS, DECKS)), 9))


def seeded_states(options: dict | None = None, games: int = 9):
    """Every decision of seeded random-bot games (shipped decks, every pairing), as fresh clones."""
    for i, (a, b) in enumerate(GAMES[:games]):
        seed = derive_seed(23, i)
        state = RULES.new_game([a, b], seed, options=options or {})
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while state.result is None:
            fresh = state.clone()
            fresh._legal = None  # as a bot's copy meets it after an action: nothing listed yet
            yield fresh
            state.apply(bots[state.current].choose(View(state, state.current)))


@pytest.mark.parametrize("options", [{}, {"steps_any_order": True}, {"equip_any_number": True},
                                     {"paralysis_counts_all_turns": True}])
def test_a_sure_choice_is_never_wrong(options: dict) -> None:  # TGOD-NRM-08, TGOD-BTL-02
    """Claimed only where "End your turn" (a pass) and something else are legal."""
    sure = unsure = 0
    for state in seeded_states(options):
        if state.pending is not None:
            continue
        claimed = RULES.surely_has_choice(state)
        legal = RULES.legal_actions(state)
        free = len(legal) >= 2 and any(RULES.is_pass(a) for a in legal)
        assert free or not claimed, (state.decisions, legal)
        sure += claimed
        unsure += free and not claimed
    assert sure > unsure  # the quick look answers most free choices (what the bots save)


def test_a_switch_is_never_a_free_choice() -> None:  # TGOD-OTH-07: a Backup must be chosen, no pass
    seen = 0
    for state in seeded_states():
        if state.phase == "switch" and state.pending is None:
            seen += 1
            assert not RULES.surely_has_choice(state)
            assert not any(RULES.is_pass(a) for a in RULES.legal_actions(state))
    assert seen


def test_quick_ability_facts_answer_as_the_plain_check() -> None:  # TGOD-NRM-05
    for state in seeded_states():
        for p in (0, 1):
            for card, eff, *_, quick in RULES._ability_candidates(state, p):
                if quick is None:
                    continue
                zone, hp_cost = quick
                fast = (zone is None or bool(state.zones[p][zone])) and (
                    hp_cost is None or RULES.hp_left(state, card) > hp_cost)
                assert fast == RULES._ability_payable(state.clone(), p, card, eff)


def test_quick_facts_only_for_plain_forms() -> None:
    damage = Step("damage", {"target": "self", "amount": 10})
    assert _quick_check(Effect("activated", limit="once_per_turn")) == (None, None)
    assert _quick_check(Effect("activated", condition={"exists": "you.backup"}, cost=(damage,))) == ("backup", 10)
    for cond in ({"exists": "opponent.main"}, {"exists": "you.creatures"}, {"none": "you.main"},
                 {"exists": "you.main", "turn": "mine"}, {"coin": "heads"}):
        assert _quick_check(Effect("activated", condition=cond, limit="once_per_turn")) is None
    for cost in ((Step("damage", {"target": "you.main", "amount": 10}),),
                 (Step("damage", {"target": "self", "amount": "x"}),), (damage, damage),
                 (Step("discard", {"target": "you.hand"}),)):
        assert _quick_check(Effect("activated", cost=cost)) is None


def test_every_shipped_ability_with_quick_facts() -> None:
    """The shipped cards' plain abilities are answered quickly; the others by the plain check."""
    quick = {d.name: d.fields["quick"] for d in RULES.pool() if d.fields["activated"]}
    assert quick["Dark Keep"] == {0: ("main", 10)}
    assert quick["Venom Witch"] == {}


def test_printed_numbers_kept_per_card() -> None:  # TGOD-CARD-04..07: the printed HP, Battle Stars and A
    for d in RULES.pool():
        assert d.fields["numbers"] == (d.stats.get("hp", 0), d.stats.get("stars", 0), d.stats.get("attack", 0))


def test_attack_targets_and_switches_skip_exactly_the_paralyzed_backups() -> None:  # TGOD-BTL-09, OTH-07
    paralyzed_seen = 0
    for state in seeded_states():
        for p in (0, 1):
            z = state.zones[1 - p]
            plain = [*z["main"], *z["base"], *[c for c in z["backup"] if not RULES.paralyzed(state, c)]]
            assert RULES.attack_targets(state, 1 - p) == plain
            assert RULES.switchable(state, p) == [c for c in state.zones[p]["backup"] if not RULES.paralyzed(state, c)]
            paralyzed_seen += len(plain) < len(z["main"]) + len(z["base"]) + len(z["backup"])
    assert paralyzed_seen
