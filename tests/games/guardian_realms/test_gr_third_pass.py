"""The third speed pass's shortcuts equal what they replace, at every decision of seeded random-bot games: the
legal actions of fielded Guardians (prebuilt attack, swap, equip and infusion actions; every lane's targets worked
out at once) against a listing built from the slow board queries, and the card index's one-entry cache."""

from __future__ import annotations

from collections import Counter

import pytest
from gr_helpers import RULES, card, position, seeded_states

from tcgkit.core.actions import Action
from tcgkit.games.guardian_realms import actions, cardindex
from tcgkit.games.guardian_realms.board import (
    ability_ok,
    attack_targets,
    can_act,
    enemy_lanes,
    enemy_targets,
    lane_of,
    may_ability,
    may_attack,
    swap_ready,
    targets_from,
)

#: second readings that change what the legal actions list (RULINGS.md)
OPTION_SETS = ({}, {"tank_adjacent_only": True}, {"bases_always_targetable": True}, {"ability_then_attack": True})


def _seeded_states(games: int, options: dict, seed: int = 11):
    return seeded_states(games, seed, options)


def _slow_fielded_actions(state) -> Counter:
    """Attacks, abilities and swaps of the active player's Guardians from the board's one-Guardian queries
    (``can_act``, ``may_attack``, ``attack_targets``, ``may_ability``, ``ability_ok`` with no shortcut, and
    ``swap_ready``), each action built anew."""
    p = state.active
    dz = state.res[p]["dz"]
    out: Counter = Counter()
    fielded = RULES.guardians(state, p)
    ready = []
    for g in fielded:
        d = state.defs[g]
        if d.fields["infuse"]:
            out.update(Action("infuse", (g, r)) for r in fielded if r != g)
        if not can_act(state, g):
            continue
        if dz >= d.stats["attack_cost"] and may_attack(state, g):
            out.update(Action("attack", (g, t)) for t in attack_targets(state, g))
        if may_ability(state, g):
            out.update(Action("ability", (g, str(i))) for i in d.fields["abilities"] if ability_ok(state, g, i, dz))
        if swap_ready(state, g):
            ready.append(g)
    if dz >= 1:
        para = {g: bool(state.cs[g].status.get("paralyzed")) if g in state.cs else False for g in ready}
        for i, a in enumerate(ready):
            for b in ready[i + 1:]:
                if not (para[a] and para[b]):
                    out[Action("swap", (b, a) if para[b] else (a, b))] += 1
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_fielded_guardians_actions_equal_the_slow_queries_gr_combat_01_gr_swap_01(options: dict) -> None:
    """GR-COMBAT-01..06, GR-CLASS-03, GR-SWAP-01..06, GR-PARA-01, GR-SAC-03: at every main-phase decision of seeded
    games, the attacks, abilities, swaps and infusions the legal actions list (prebuilt actions, targets per lane
    worked out at once) are exactly those the one-Guardian queries give, each equal to an action built anew."""
    checked = 0
    for state in _seeded_states(4, options):
        if state.phase != "main" or state.pending is not None:
            continue
        listed = Counter(a for a in actions.main_actions(state) if a.kind in ("attack", "ability", "swap", "infuse"))
        assert listed == _slow_fielded_actions(state), state.decisions
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=lambda o: ",".join(o) or "default")
def test_enemy_targets_equal_targets_from_per_lane_gr_combat_02(options: dict) -> None:
    """GR-COMBAT-01/02, GR-BASE-04, GR-CLASS-03: every lane's targets worked out at once are, lane by lane and in
    order, those ``targets_from`` gives from the enemy's lanes, for both players at every decision."""
    for state in _seeded_states(3, options, seed=5):
        for q in (0, 1):
            info = enemy_lanes(state, q)
            at_once = enemy_targets(state, q)
            assert at_once[1:] == tuple(tuple(targets_from(info, ln)) for ln in (1, 2, 3))


def test_a_tank_binds_every_lane_it_reaches_in_the_targets_at_once_gr_class_03() -> None:
    """GR-CLASS-03: a visible enemy Tank in lane 2 must be targeted from every lane (it reaches them all); from
    lane 1 the Base of lane 1 behind nothing is not a target then."""
    s = position({"lane1": ["Moss Whelp"], "lane3": ["Moss Whelp"]}, {"lane2": ["Granite Sentinel"]})
    sentinel = card(s, 1, "Granite Sentinel")
    assert "tank" in s.defs[sentinel].tags
    targets = enemy_targets(s, 1)
    assert targets[1] == targets[2] == targets[3] == (sentinel,)
    whelp = card(s, 0, "Moss Whelp")
    assert lane_of(s, whelp) == 1 and attack_targets(s, whelp) == [sentinel]


def test_prebuilt_actions_are_the_same_values_in_every_game() -> None:
    """A prebuilt action is only a value: the one listed for a pair of cards equals the action built anew, in a
    game and in its clone, whichever game built it first."""
    s = position({"lane1": ["Moss Whelp"], "lane2": ["Ashen Brute"]}, {"lane2": ["Moss Whelp"]})
    twin = s.clone()
    listed = set(actions.main_actions(s))
    assert listed == set(actions.main_actions(twin))
    whelp, brute = card(s, 0, "Moss Whelp"), card(s, 0, "Ashen Brute")
    for a in listed:
        assert a == Action(a.kind, a.args) and type(a) is Action
    assert Action("swap", (whelp, brute)) in listed


def test_card_index_cache_follows_the_list_asked_about() -> None:
    """The index remembered for the last card list asked about is never another list's: two games (two lists)
    asked in turn, and a token's new list in a clone, each get the index worked out from their own list."""
    a = RULES.new_game(list(RULES.decks())[:2], seed=1)
    b = RULES.new_game(list(RULES.decks())[::-1][:2], seed=2)
    for state in (a, b, a, b):
        got = cardindex.state_index(state)
        assert got is state.defs.facts[cardindex.KEY] and got == cardindex.card_index(list(state.defs))
    twin = a.clone()
    twin.add_instance(twin.defs[0], 0)
    assert cardindex.state_index(twin) is twin.defs.facts[cardindex.KEY]
    assert cardindex.state_index(a) is a.defs.facts[cardindex.KEY]
    assert len(cardindex.state_index(twin).hand) == len(a.defs) + 1


def _from_scratch(defs: list) -> tuple:
    """The card index's facts of ``defs`` worked out card by card (no cache)."""
    listeners: dict = {}
    for i, d in enumerate(defs):
        for kind, listening in d.triggers.items():
            if listening:
                listeners.setdefault(kind, []).append(i)
    return (tuple(i for i, d in enumerate(defs) if d.fields.get("defeat_if")),
            {k: tuple(v) for k, v in listeners.items()},
            tuple(cardindex._hand_facts(d) for d in defs), tuple(cardindex._fielded_facts(d) for d in defs),
            tuple((d.stats.get("hp", 0), d.stats.get("atk", 0)) for d in defs),
            tuple(d.stats.get("hp", 0) / 60.0 + d.stats.get("atk", 0) / 30.0 for d in defs),
            tuple(((i,), (i,) if d.has("tank") else ()) for i, d in enumerate(defs)))


def test_a_new_game_of_the_same_decks_gets_its_own_index_with_the_same_facts_gr_def_03() -> None:
    """GR-DEF-03, GR-SP-03, GR-CARD-05: each new game of the same decks (a new list of the same definitions) gets an
    index of its own list whose facts are those worked out card by card; so does a token's list extending it, and
    another pair of decks."""
    decks = list(RULES.decks())
    for seed, pair in ((1, decks[:2]), (2, decks[:2]), (3, decks[::-1][:2]), (4, decks[:2])):
        state = RULES.new_game(pair, seed=seed)
        index = cardindex.state_index(state)
        assert index is state.defs.facts[cardindex.KEY] and index == _from_scratch(state.defs)
        twin = state.clone()
        twin.add_instance(twin.defs[-1], 1)
        extended = cardindex.state_index(twin)
        assert extended is twin.defs.facts[cardindex.KEY] and extended == _from_scratch(twin.defs)
        assert cardindex.state_index(state) is index
