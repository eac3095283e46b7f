"""Setup, turns, rounds, points, draws, the empty-deck penalty and victory (GR-SETUP, GR-TURN, GR-DZ, GR-SP,
GR-WIN)."""

from __future__ import annotations

from collections import Counter

import pytest
from gr_helpers import RULES, card, do, position

from tcgkit.core.errors import IllegalAction
from tcgkit.core.rng import Rng
from tcgkit.core.state import GameState

DECKS = ["Ember Vanguard", "Stone Bastion"]


def new(seed: int = 1) -> GameState:
    return RULES.new_game(DECKS, seed=seed)


def started(seed: int = 1) -> GameState:
    s = new(seed)
    do(s, "keep")
    do(s, "keep")
    return s


def seed_with_first(player: int) -> int:
    return next(sd for sd in range(100) if new(sd).vars["first_player"] == player)


def test_die_and_coin_gr_setup_01() -> None:
    """GR-SETUP-01: the d6 gives 1-6 about equally; the coin two outcomes; same seed, same sequence."""
    rng = Rng(42)
    rolls = Counter(rng.die(6) for _ in range(6000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in rolls.values())
    coins = Counter(Rng(s).coin() for s in range(200))
    assert set(coins) == {True, False}
    assert [Rng(5).die(6) for _ in range(3)] == [Rng(5).die(6) for _ in range(3)]
    a, b = Rng(9), Rng(9)
    assert [a.die(6) for _ in range(50)] == [b.die(6) for _ in range(50)]


def test_coin_decides_first_player_gr_setup_02() -> None:
    """GR-SETUP-02: the coin-flip winner takes turn 1, then players alternate; a round is one turn each."""
    seen = set()
    for first in (0, 1):
        s = started(seed_with_first(first))
        assert any(ev.kind == "coin" for ev in s.log)
        assert (s.turn, s.active) == (1, first)
        do(s, "end")
        assert (s.turn, s.active) == (2, 1 - first)
        do(s, "end")
        assert (s.turn, s.active) == (3, first)
        assert RULES.round_of(s) == 2
        seen.add(first)
    assert seen == {0, 1}


def test_initial_draw_gr_turn_01() -> None:
    """GR-TURN-01: each player holds 3 cards and has 22 in the deck after the deal."""
    s = new()
    for p in (0, 1):
        assert len(s.zone(p, "hand")) == 3
        assert len(s.zone(p, "deck")) == 22


def test_one_mulligan_gr_turn_02() -> None:
    """GR-TURN-02: a whole-hand redraw once, first player deciding first; a second mulligan is rejected."""
    s = new(4)
    first = s.vars["first_player"]
    assert s.current == first
    do(s, "mulligan")
    assert len(s.zone(first, "hand")) == 3 and len(s.zone(first, "deck")) == 22
    assert any(ev.kind == "shuffle" and ev.player == first for ev in s.log[-8:])
    assert s.current == 1 - first
    assert [ev.kind for ev in s.log if ev.player == first and ev.kind in ("mulligan", "keep")] == ["mulligan"]
    do(s, "keep")
    assert s.phase == "main"
    with pytest.raises(IllegalAction):
        s.apply("mulligan")


def test_starting_dz_gr_turn_03() -> None:
    """GR-TURN-03: the first player starts with 1 DZ, the second with 2; in round 2 they have 2 and 3."""
    s = started()
    first = s.vars["first_player"]
    assert s.res[first]["dz"] == 1 and s.res[1 - first]["dz"] == 2
    do(s, "end")
    assert s.res[1 - first]["dz"] == 2
    do(s, "end")
    assert s.res[first]["dz"] == 2
    do(s, "end")
    assert s.res[1 - first]["dz"] == 3


def test_round_draw_gr_turn_04() -> None:
    """GR-TURN-04: a player draws 1 at the start of each of their turns, round 1 included."""
    s = started()
    first = s.vars["first_player"]
    assert len(s.zone(first, "hand")) == 4 and len(s.zone(first, "deck")) == 21
    do(s, "end")
    assert len(s.zone(1 - first, "hand")) == 4 and len(s.zone(1 - first, "deck")) == 21


def test_hand_limit_gr_turn_05() -> None:
    """GR-TURN-05, GR-DEF-05: a card drawn into a hand of 8 goes to the Discard Pile, logged as discarded."""
    s = position({"hand": ["8 Fireball"]}, {"hand": ["8 Fireball"], "deck": ["Ember Pup"]})
    do(s, "end")
    assert len(s.zone(1, "hand")) == 8
    assert [s.name(c) for c in s.zone(1, "discard")] == ["Ember Pup"]
    assert any(ev.kind == "discarded" and ev.player == 1 and ev.data == ("hand_limit",) for ev in s.log)


def test_empty_deck_penalty_gr_turn_06() -> None:
    """GR-TURN-06: a draw from an empty deck deals 1 to each of that player's Bases, not the opponent's; no Wall."""
    s = position(None, {"deck": []}, res1={"w1": 10})
    do(s, "end")
    assert [s.res[1][k] for k in ("b1", "b2", "b3")] == [49, 99, 49]
    assert [s.res[0][k] for k in ("b1", "b2", "b3")] == [50, 100, 50]
    assert s.res[1]["w1"] == 10


def test_empty_deck_penalty_doubles_gr_turn_07() -> None:
    """GR-TURN-07: 1, 2, 4 on three turns, 8 on a forced draw, then 16 on the next round draw."""
    s = position(None, {"deck": [], "hand": ["Battle Cry"]})
    dealt = []
    for _ in range(3):
        do(s, "end")
        dealt.append(100 - s.res[1]["b2"] - sum(dealt))
        do(s, "end")
    assert dealt == [1, 2, 4]
    do(s, "end")  # player 1's turn: the round draw deals 8
    assert 100 - s.res[1]["b2"] == 1 + 2 + 4 + 8
    do(s, 'play "Battle Cry" base2')  # two forced draws: 16 then 32
    assert 100 - s.res[1]["b2"] == 15 + 16 + 32


def test_dz_per_round_gr_dz_01() -> None:
    """GR-DZ-01: DZ capacity rises by 1 each round: 1, 2, 3 for the first player."""
    s = started()
    first = s.vars["first_player"]
    got = []
    for _ in range(3):
        got.append(s.res[first]["dz"])
        do(s, "end")
        do(s, "end")
    assert got == [1, 2, 3]


def test_dz_cap_gr_dz_02() -> None:
    """GR-DZ-02: DZ reaches 10 and stays there; an effect cannot push it over 10."""
    s = position(res0={"dz": 10, "dzcap": 10}, res1={"dz": 9, "dzcap": 9})
    do(s, "end")
    assert s.res[1]["dz"] == 10
    do(s, "end")
    assert s.res[0]["dz"] == 10
    RULES.gain(s, 0, "dz", 2)
    assert s.res[0]["dz"] == 10


def test_dz_refresh_gr_dz_03() -> None:
    """GR-DZ-03: spent DZ refills to capacity at the start of the player's turn (not carried over)."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]}, res0={"dz": 3, "dzcap": 3})
    do(s, f"attack #{card(s, 0, 'Ashen Brute')} #{card(s, 1, 'Moss Whelp')}")
    assert s.res[0]["dz"] == 2
    do(s, "end")
    do(s, "end")
    assert s.res[0]["dz"] == 4


def test_dz_spending_gr_dz_04() -> None:
    """GR-DZ-04: a 2-DZ ability with 2 DZ leaves 0; then a basic attack is rejected; Effects are paid in DZ."""
    s = position({"lane1": ["Flame Lasher"], "lane2": ["Ashen Brute"], "hand": ["Fireball"]},
                 {"lane1": ["Moss Whelp"]}, res0={"dz": 2})
    lasher, brute, whelp = card(s, 0, "Flame Lasher"), card(s, 0, "Ashen Brute"), card(s, 1, "Moss Whelp")
    assert f"play #{card(s, 0, 'Fireball')} base2" in [a.text() for a in s.legal_actions()]
    do(s, f"ability #{lasher} 0")
    assert s.res[0]["dz"] == 0
    with pytest.raises(IllegalAction, match="DZ"):
        s.apply(f"attack #{brute} #{whelp}")
    assert not any(a.kind == "play" for a in s.legal_actions())


def test_basic_attack_costs_one_gr_dz_05() -> None:
    """GR-DZ-05: a basic attack costs 1 DZ; with 0 DZ it is rejected."""
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]}, res0={"dz": 3})
    attack = f"attack #{card(s, 0, 'Ashen Brute')} #{card(s, 1, 'Moss Whelp')}"
    do(s, attack)
    assert s.res[0]["dz"] == 2
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]}, res0={"dz": 0})
    with pytest.raises(IllegalAction):
        s.apply(attack)


def test_starting_sp_gr_sp_01() -> None:
    """GR-SP-01: both players start with 1 SP."""
    s = new()
    assert s.res[0]["sp"] == 1 and s.res[1]["sp"] == 1


def test_sp_regenerates_gr_sp_02() -> None:
    """GR-SP-02: unspent SP grows 1 per round to 10; spent SP is not refilled, only +1."""
    s = started()
    first = s.vars["first_player"]
    got = []
    for _ in range(11):
        got.append(s.res[first]["sp"])
        do(s, "end")
        do(s, "end")
    assert got == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]
    s = position({"hand": ["Berserker of the Pyre"]}, res0={"sp": 4})
    do(s, f"summon #{card(s, 0, 'Berserker of the Pyre')} lane1")
    assert s.res[0]["sp"] == 0
    do(s, "end")
    do(s, "end")
    assert s.res[0]["sp"] == 1


def test_sp_option_refill() -> None:
    """GR-SP-02 second reading (option sp_refill): SP refills to the round number."""
    s = position(res0={"sp": 0}, turn=4, active=1, options={"sp_refill": True})
    do(s, "end")
    assert s.res[0]["sp"] == 3


def test_summon_spends_sp_gr_sp_03() -> None:
    """GR-SP-03: summoning spends the cost; a Guardian costing more than the SP left cannot be summoned."""
    s = position({"hand": ["Ashen Brute", "Storm Caller"]}, res0={"sp": 2})
    do(s, f"summon #{card(s, 0, 'Ashen Brute')} lane1")
    assert s.res[0]["sp"] == 0 and s.zone(0, "lane1") == [card(s, 0, "Ashen Brute")]
    with pytest.raises(IllegalAction, match="SP"):
        s.apply(f"summon #{card(s, 0, 'Storm Caller')} lane2")


def test_summon_exhaustion_gr_sp_04() -> None:
    """GR-SP-04: a summoned non-Rush Guardian cannot act this turn (no attack, ability, swap) and can next turn."""
    s = position({"hand": ["Storm Caller"], "lane2": ["Moss Whelp"]}, {"lane1": ["Ashen Brute"]})
    caller = card(s, 0, "Storm Caller")
    do(s, f"summon #{caller} lane1")
    mine = [a for a in s.legal_actions() if caller in a.args]
    assert mine == []
    do(s, "end")
    do(s, "end")
    kinds = {a.kind for a in s.legal_actions() if a.args and a.args[0] == caller}
    assert {"attack", "ability"} <= kinds
    assert any(a.kind == "swap" and caller in a.args for a in s.legal_actions())


def test_stronghold_victory_gr_win_01() -> None:
    """GR-WIN-01: the Stronghold at 0 ends the game at once: its owner loses; no further actions."""
    s = position({"lane2": ["Ashen Brute"]}, None, res1={"b2": 5})
    do(s, f"attack #{card(s, 0, 'Ashen Brute')} base2")
    assert s.result is not None and s.result.winner == 0 and s.result.clause == "GR-WIN-01"
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply("end")
    s = position({"lane1": ["Ashen Brute"]}, None, res1={"b1": 5})
    do(s, f"attack #{card(s, 0, 'Ashen Brute')} base1")
    assert s.result is None and s.res[1]["b1"] == 0  # an Outpost never ends the game


def test_both_strongholds_at_once_is_a_draw_gr_win_01() -> None:
    """GR-WIN-01 (reading): both Strongholds destroyed at the same moment is a draw (here by the empty-deck
    penalty under the option that it hits every Base, GR-TURN-06 second reading)."""
    s = position(None, {"deck": []}, res0={"b2": 1}, res1={"b2": 1}, options={"penalty_all_bases": True})
    do(s, "end")
    assert s.result is not None and s.result.winner is None and s.result.clause == "GR-WIN-01"
    s = position(None, {"deck": []}, res0={"b2": 1}, res1={"b2": 1})
    do(s, "end")
    assert s.result.winner == 0
