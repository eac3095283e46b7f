"""Perfect TCG: winning (PTCG-WIN-01..06), the King of Gandor (PTCG-TERM-06), and wins waiting for effects to
finish (PTCG-ULT-09)."""

from __future__ import annotations

from ptcg_helpers import RULES, act, card, position, run_effect

from tcgkit.core.cards import parse_steps

KING = {"leader": ["King of Gandor"], "history": ["Gandor Squire", "Gandor Knight", "Left Arm of Gandor",
                                                  "Gandor Regent"],
        "wing_left": ["Left Arm of Gandor"], "wing_right": ["Right Arm of Gandor"],
        "support_left": ["Left Leg of Gandor"], "support_right": ["Right Leg of Gandor"]}


def _src(state, player=0):
    return state.zones[player]["leader"][-1]


def test_deck_out_PTCG_WIN_01():
    """PTCG-WIN-01: P1 has 2 cards and takes 3 damage: once the damage has finished, P1's deck is 0 and P0 wins."""
    state = position({"zones": {"wing_left": ["Iron Transmuter"]}}, {"zones": {"deck": ["2 Gandor Knight"]}},
                     phase="war")
    act(state, f"attack #{card(state, 0, 'Iron Transmuter', 'wing_left')} #{card(state, 1, 'Gandor Squire')}")
    assert state.result.winner == 0 and state.result.clause == "PTCG-WIN-01"
    assert len(state.zones[1]["energy"]) == 2


def test_drawing_the_last_card_loses_PTCG_WIN_01():
    state = position(p1={"zones": {"deck": ["Gandor Knight"]}}, turn=3, active=0, phase="war")
    act(state, "end")
    assert state.result.winner == 0 and "ran out" in state.result.reason


def test_option_deck_out_on_failed_draw_PTCG_WIN_01():
    """Reading: "runs out" = a draw (or damage) that finds no card; with the option, an empty deck alone is not yet
    a loss."""
    state = position(p1={"zones": {"deck": ["Gandor Knight"]}}, phase="war",
                     options={"deck_out_on_failed_draw": True})
    act(state, "end")
    assert state.result is None and state.zones[1]["deck"] == []
    run_effect(state, [{"draw": {"player": "you"}}], _src(state, 1), 1)  # a draw that finds no card
    assert state.result.winner == 0 and state.result.clause == "PTCG-WIN-01"


def test_energy_victory_PTCG_WIN_02():
    """PTCG-WIN-02: P0 with 22 Energy and deck 11 takes 2 damage: Energy 24, deck 9: P0 wins by Energy Victory; with
    deck 4 afterwards, no Energy Victory."""
    state = position({"zones": {"energy": ["22 Gandor Page"], "deck": ["11 Gandor Knight"]}})
    run_effect(state, [{"damage": {"target": "opponent", "amount": 2}}], _src(state, 1), 1)
    assert state.result.winner == 0 and state.result.clause == "PTCG-WIN-02"
    state = position({"zones": {"energy": ["22 Gandor Page"], "deck": ["6 Gandor Knight"]}})
    run_effect(state, [{"damage": {"target": "opponent", "amount": 2}}], _src(state, 1), 1)
    assert state.result is None


def test_energy_victory_is_checked_after_the_effect_PTCG_WIN_02_ULT_09():
    """The condition must hold when the effect has finished: deck 11 -> 4 while Energy passes 24 is no win."""
    state = position({"zones": {"energy": ["22 Gandor Page"], "deck": ["11 Gandor Knight"]}})
    run_effect(state, [{"damage": {"target": "opponent", "amount": 7}}], _src(state, 1), 1)
    assert state.result is None and len(state.zones[0]["deck"]) == 4


def test_option_lock_in_wins_PTCG_ULT_09():
    """Reading (a) of PTCG-ULT-09: a win reached partway through an effect is kept and awarded at its end."""
    state = position({"zones": {"energy": ["22 Gandor Page"], "deck": ["11 Gandor Knight"]}},
                     options={"lock_in_wins": True})
    run_effect(state, [{"damage": {"target": "opponent", "amount": 7}}], _src(state, 1), 1)
    assert state.result.winner == 0 and state.result.clause == "PTCG-WIN-02"


def test_option_energy_victory_30_PTCG_WIN_02():
    pos = {"zones": {"energy": ["24 Gandor Page"], "deck": ["9 Gandor Knight"]}}
    state = position(pos, options={"energy_victory_30": True})
    assert state.result is None
    state = position(pos)
    assert state.result.winner == 0


def test_card_effect_beats_deck_out_PTCG_WIN_03_WIN_05():
    """PTCG-WIN-03, PTCG-WIN-05: one effect both wins the game for P1 (priority 1) and empties P1's deck (a
    priority-2 win for P0): P1 wins."""
    state = position(p1={"zones": {"deck": ["3 Gandor Knight"]}})
    run_effect(state, [{"damage": {"target": "you", "amount": 5}}, {"win": {"reason": "test"}}], _src(state, 1), 1)
    assert state.result.winner == 1 and state.result.clause == "PTCG-WIN-04"


def test_card_effect_beats_energy_victory_PTCG_WIN_06():
    """PTCG-WIN-06: a card-effect win for P1 and an Energy Victory for P0 at once: P1 wins."""
    state = position({"zones": {"energy": ["23 Gandor Page"], "deck": ["10 Gandor Knight"]}})
    run_effect(state, [{"damage": {"target": "opponent", "amount": 1}}, {"win": {}}], _src(state, 1), 1)
    assert state.result.winner == 1


def test_both_decks_out_is_a_draw_PTCG_WIN_03():
    state = position({"zones": {"deck": ["Gandor Knight"]}}, {"zones": {"deck": ["Gandor Knight"]}}, phase="war")
    act(state, f"attack #{card(state, 0, 'Gandor Squire')} #{card(state, 1, 'Gandor Squire')}")
    assert state.result.winner is None and state.result.clause == "PTCG-WIN-03"


def test_last_activated_card_effect_wins_PTCG_WIN_04():
    """PTCG-WIN-04: P0 activates a win effect, then P1 activates one in response: P1 wins."""
    state = position()
    win = parse_steps([{"win": {}}], RULES.verbs, "t")
    RULES.start(state, win, _src(state, 0), 0)
    RULES.start(state, win, _src(state, 1), 1)
    RULES.settle(state)
    assert state.result.winner == 1
    state = position()
    RULES.start(state, win, _src(state, 1), 1)
    RULES.start(state, win, _src(state, 0), 0)
    RULES.settle(state)
    assert state.result.winner == 0


def test_king_of_gandor_wins_in_the_appropriate_zones_PTCG_TERM_06():
    """PTCG-TERM-06: King of Gandor as Leader, Left Arm in the left Wing zone, Right Arm in the right Wing zone, Left
    Leg in the left Support zone, Right Leg in the right Support zone: P0 wins (priority 1)."""
    state = position({"zones": KING})
    assert state.result is not None and state.result.winner == 0 and state.result.clause == "PTCG-WIN-04"
    assert "King of Gandor" in state.result.reason


def test_king_of_gandor_swapped_arms_PTCG_TERM_06():
    zones = {**KING, "wing_left": ["Right Arm of Gandor"], "wing_right": ["Left Arm of Gandor"]}
    assert position({"zones": zones}).result is None
    zones = {**KING, "support_left": ["Right Leg of Gandor"], "support_right": ["Left Leg of Gandor"]}
    assert position({"zones": zones}).result is None


def test_king_must_be_the_leader_PTCG_TERM_06():
    zones = {**KING, "leader": ["Gandor Regent"], "history": ["Gandor Squire", "Gandor Knight", "Left Arm of Gandor"],
             "wing_left": ["Left Arm of Gandor"]}
    assert position({"zones": zones}).result is None


def test_mind_wiped_king_does_not_win_PTCG_TERM_06_TERM_23():
    state = position({"zones": KING, "cards": [{"name": "King of Gandor", "status": {"mind_wiped": 1}}]})
    assert state.result is None


def test_king_wins_when_the_last_leg_is_played_PTCG_TERM_06():
    zones = {**KING, "support_right": [], "hand": ["Right Leg of Gandor"]}
    state = position({"zones": zones})
    assert state.result is None
    act(state, 'play "Right Leg of Gandor" support_right')
    assert state.result.winner == 0


def test_two_passive_card_wins_at_once_PTCG_WIN_04():
    """Passive win conditions met together: the non-turn player's effect counts as later."""
    state = position({"zones": KING}, {"zones": KING})
    assert state.result.winner == 1
    state = position({"zones": KING}, {"zones": KING}, turn=4, active=1)
    assert state.result.winner == 0
