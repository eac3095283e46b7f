"""The fourth speed pass's shortcuts equal what they replace, at every decision of seeded random-bot games: the
evaluation (printed terms of unhurt Guardians kept in the card index, the race worked out without the turn) against
the formula worked out from the board queries, to the last bit; the card index's printed HP, ATK and terms against
each card's record; the modifiers' expiry skipped only when no record holds one."""

from __future__ import annotations

import math

from gr_helpers import RULES, card, position, seeded_states

from tcgkit.core import durations
from tcgkit.games.guardian_realms import rules as gr_rules
from tcgkit.games.guardian_realms.board import hp_of
from tcgkit.games.guardian_realms.cardindex import card_index, state_index
from tcgkit.games.guardian_realms.links import link


def _seeded_states(games: int, seed: int = 13, options: dict | None = None):
    return seeded_states(games, seed, options, deck_step=2)


def _slow_evaluate(state, player: int) -> float:
    """The evaluation as the formula reads: each player's empty-deck turn (``deck_out_turn``), HP by ``hp_of``
    and ATK by the ruleset's ``stat`` (GR-TURN-06/07, GR-LINK-01), every term added in the same order."""
    other = 1 - player
    mine, theirs = gr_rules.deck_out_turn(state, player), gr_rules.deck_out_turn(state, other)
    soon = max(0.0, min(mine, theirs) - state.turn - gr_rules.RACE_NEAR)
    score = gr_rules.RACE * math.tanh((mine - theirs) / 2) * math.exp(-soon / gr_rules.RACE_FADE)
    for p, sign in ((player, 1.0), (other, -1.0)):
        res = state.res[p]
        score += sign * (res["b1"] + res["b3"]) / 100.0
        score += sign * 2.0 * res["b2"] / 100.0
        for g in RULES.guardians(state, p):
            score += sign * (hp_of(state, g) / 60.0 + RULES.stat(state, g, "atk") / 30.0)
        score += sign * 0.03 * len(state.zones[p]["hand"])
        score += sign * 0.02 * (res["w1"] + res["w2"] + res["w3"]) / 10.0
    x = score / 4.0
    return 0.99 * x / (1 + abs(x))


def test_evaluation_equals_the_formula_from_the_board_queries_gr_turn_07_gr_link_01() -> None:
    """GR-TURN-06/07, GR-LINK-01, GR-SAC-03: at every decision of seeded games the evaluation, for both players, is
    the formula worked out from ``deck_out_turn``, ``hp_of`` and ``stat``, bit for bit (MCTS and greedy choose by
    it, so a last-bit difference could change a choice)."""
    checked = 0
    for state in _seeded_states(5):
        for p in (0, 1):
            assert RULES.evaluate(state, p) == _slow_evaluate(state, p), state.decisions
        checked += 1
    assert checked > 500


def test_evaluation_of_hurt_infused_and_linked_guardians_gr_link_01_gr_sac_03() -> None:
    """GR-LINK-01, GR-SAC-03: a damaged Guardian, one with permanent modifiers and linked ones leave the printed
    term's shortcut and count as ``hp_of`` and ``stat`` say."""
    s = position({"lane1": ["Ember Acolyte"], "lane2": ["Ashen Brute"], "lane3": ["Moss Whelp"]},
                 {"lane2": ["Moss Whelp"]})
    a, b = card(s, 0, "Ember Acolyte"), card(s, 0, "Ashen Brute")
    assert RULES.evaluate(s, 0) == _slow_evaluate(s, 0)
    s.card_state(b).counters["dmg"] = 3
    assert RULES.evaluate(s, 1) == _slow_evaluate(s, 1)
    s.card_state(a).mods.append(("atk", 2, "permanent"))
    assert RULES.evaluate(s, 0) == _slow_evaluate(s, 0)
    link(s, [a, b])
    assert hp_of(s, a) == s.vars["links"][0][1]
    assert RULES.evaluate(s, 0) == _slow_evaluate(s, 0) and RULES.evaluate(s, 1) == _slow_evaluate(s, 1)


def test_index_printed_stats_and_terms_are_each_cards_own() -> None:
    """Every card of a game's list (a token's new list too) has its printed HP and ATK, and the evaluation's term
    of them, in the card index."""
    s = position({"lane1": ["Ember Acolyte"]})
    acolyte = card(s, 0, "Ember Acolyte")
    s.add_instance(s.defs[acolyte], 0)
    index = state_index(s)
    assert index == card_index(list(s.defs))
    for i, d in enumerate(s.defs):
        hp, atk = d.stats.get("hp", 0), d.stats.get("atk", 0)
        assert index.printed[i] == (hp, atk) and index.terms[i] == hp / 60.0 + atk / 30.0


def test_modifiers_expiry_is_skipped_only_when_no_record_holds_one() -> None:
    """The end of a turn skips the core's modifier expiry when no card record holds a modifier: at every decision
    of seeded games where none does, the expiry changes no record and says none is left."""
    skipped = held = 0
    for state in _seeded_states(4, seed=3):
        if any(st.mods for st in state.cs.values()):
            held += 1
            continue
        twin = state.clone()
        assert durations.end_turn(twin) is False
        assert all(twin.cs[c] is st for c, st in state.cs.items()) and twin.cs.keys() == state.cs.keys()
        skipped += 1
    assert skipped > 100 and held > 0


def _defeated(state) -> list[str]:
    return [state.defs[e.card].name + f"@{e.player}" for e in state.log if e.kind == "defeated"]


def test_one_fielded_defeat_condition_is_checked_alone_and_two_in_board_order_gr_def_03() -> None:
    """GR-DEF-03: Hollow Knight is defeated when its controller's Stronghold is below 50 HP. One fielded (the
    condition checked alone) falls when its Stronghold is low and stays when it is not; two fielded (both boards
    scanned) fall in board order, the first player's first."""
    from tcgkit.games.guardian_realms.damage import settle_defeats

    low = position({"lane1": ["Hollow Knight"]}, {"lane3": ["Moss Whelp"]}, res0={"b2": 40})
    settle_defeats(low)
    assert _defeated(low) == ["Hollow Knight@0"]
    high = position({"lane1": ["Hollow Knight"]}, res0={"b2": 60})
    settle_defeats(high)
    assert _defeated(high) == []
    both = position({"lane3": ["Hollow Knight"]}, {"lane1": ["Hollow Knight"]}, res0={"b2": 10}, res1={"b2": 10})
    settle_defeats(both)
    assert _defeated(both) == ["Hollow Knight@0", "Hollow Knight@1"]
    one_of_two = position({"lane3": ["Hollow Knight"]}, {"lane1": ["Hollow Knight"]}, res1={"b2": 10})
    settle_defeats(one_of_two)
    assert _defeated(one_of_two) == ["Hollow Knight@1"]
