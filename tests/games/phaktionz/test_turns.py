"""Phaktionz setup, mulligan, phases and winning (PHK-FMT-02/03, PHK-TURN-*, PHK-MECH-03, PHK-WIN-01, PHK-CP-01)."""

from __future__ import annotations

import pytest
from phk_helpers import RULES, act, card, names, position

from tcgkit.core.errors import IllegalAction


def new_game(seed: int = 1, **options):
    return RULES.new_game(["Lulo United", "Zane Basic"], seed=seed, options=options)


def keep_both(state) -> None:
    state.apply(act(state, "keep"))
    state.apply(act(state, "keep"))


def test_fmt_02_five_cards_in_hand_after_setup() -> None:
    """PHK-FMT-02: each hand holds 5 cards and each deck is 5 smaller (45 of 50), shuffled."""
    state = new_game()
    for p in (0, 1):
        assert len(state.zone(p, "hand")) == 5 and len(state.zone(p, "deck")) == 45
    other = new_game(seed=2)
    assert [state.defs[c].name for c in state.zone(0, "deck")] != [other.defs[c].name for c in other.zone(0, "deck")]


def test_cp_01_every_player_has_deck_creation_pile_and_deck_out_pile() -> None:
    """PHK-CP-01: Deck, Creation Pile and Deck Out Pile zones exist for both players; the CP is dealt there."""
    state = RULES.new_game(["Zane Basic CP", "Lyla"], seed=3)
    for p in (0, 1):
        assert {"deck", "creation_pile", "deck_out"} <= set(state.zones[p])
    assert len(state.zone(0, "creation_pile")) == 8 and len(state.zone(1, "creation_pile")) == 0


def test_mech_03_one_mulligan_of_any_cards() -> None:
    """PHK-MECH-03: the first player sets aside 2 of 5 cards, keeps; hand is 5 again; no second mulligan."""
    state = new_game()
    first = state.vars["first_player"]
    assert state.phase == "mulligan" and state.current == first
    hand = list(state.zone(first, "hand"))
    state.apply(act(state, "mull", hand[0]))
    state.apply(act(state, "mull", hand[1]))
    state.apply(act(state, "keep"))
    assert len(state.zone(first, "hand")) == 5 and len(state.zone(first, "deck")) == 45
    assert state.current == 1 - first
    with pytest.raises(IllegalAction):
        state.apply(act(state, "mull", state.zone(first, "hand")[0]))
    state.apply(act(state, "keep"))
    assert state.phase == "main" and state.active == first


def test_turn_01_draw_phase_draws_one() -> None:
    """PHK-TURN-01: the first player draws in their first Draw Phase too (deck 45 -> 44, hand 6)."""
    state = new_game()
    keep_both(state)
    p = state.active
    assert len(state.zone(p, "deck")) == 44 and len(state.zone(p, "hand")) == 6


def test_turn_01_first_turn_no_draw_option() -> None:
    """PHK-TURN-01's other reading, as an option: the first player skips the first draw."""
    state = new_game(first_turn_no_draw=True)
    keep_both(state)
    assert len(state.zone(state.active, "hand")) == 5


def test_fmt_03_and_turn_05_phase_order() -> None:
    """PHK-FMT-03, PHK-TURN-05: Draw, Main, Combat, Final Cast, End, then the other player's Draw Phase."""
    state = new_game()
    keep_both(state)
    p = state.active
    start = len(state.log)
    for _ in range(3):
        state.apply(act(state, "next"))
    phases = [ev.data[0] for ev in state.log[start:] if ev.kind == "phase"]
    assert phases == ["combat", "final", "end", "main"]
    assert state.active == 1 - p and state.turn == 2
    turn_events = [ev for ev in state.log if ev.kind in ("turn", "phase") and ev.player == p]
    assert [e.data[0] if e.kind == "phase" else "draw" for e in turn_events][:5] == [
        "draw", "main", "combat", "final", "end"]


def test_turn_02_main_phase_places_and_casts() -> None:
    """PHK-TURN-02: in the Main Phase a Tier 1 Summon is placed and a Regular Invocation cast."""
    state = position({"hand": ["Haka Goblin", "United Assault"]})
    state.apply(act(state, "place", card(state, 0, "Haka Goblin")))
    state.apply(act(state, "column", "1"))
    state.apply(act(state, "cast", card(state, 0, "United Assault")))
    assert names(state, 0, "field") == ["Haka Goblin"] and names(state, 0, "deck_out") == ["United Assault"]
    assert len(state.zone(1, "deck")) == 19


def test_turn_04_final_cast_allows_invocations_only() -> None:
    """PHK-TURN-04: in Final Cast placing a Summon is rejected and a Regular Invocation is allowed."""
    state = position({"hand": ["Haka Goblin", "United Assault"], "field": ["Waka Goblin"]}, phase="final")
    with pytest.raises(IllegalAction):
        state.apply(act(state, "place", card(state, 0, "Haka Goblin")))
    state.apply(act(state, "cast", card(state, 0, "United Assault")))
    assert len(state.zone(1, "deck")) == 19


def test_turn_03_combat_phase_battles_with_a_fresh_summon() -> None:
    """PHK-TURN-03, PHK-TERM-01: a Summon placed this turn enters abled and may battle in the Combat Phase."""
    state = position({"hand": ["Haka Goblin"]}, {"field": ["Waka Goblin"]})
    haka = card(state, 0, "Haka Goblin")
    state.apply(act(state, "place", haka))
    state.apply(act(state, "column", "1"))
    assert not state.cs[haka].tapped
    state.apply(act(state, "next"))
    assert state.phase == "combat"
    state.apply(act(state, "battle", haka, card(state, 1, "Waka Goblin")))
    assert len(state.zone(1, "deck")) == 19


def test_mech_01_summons_become_abled_at_their_owners_turn() -> None:
    """PHK-MECH-01 (ruling): a player's disabled Summons are abled again at the start of that player's turn."""
    state = position({"field": ["Haka Goblin"]}, {"field": ["Waka Goblin"]}, phase="combat")
    haka = card(state, 0, "Haka Goblin")
    state.apply(act(state, "battle", haka, card(state, 1, "Waka Goblin")))
    assert state.cs[haka].tapped
    for _ in range(2):
        state.apply(act(state, "next"))
    assert state.active == 1 and state.cs[haka].tapped
    for _ in range(3):
        state.apply(act(state, "next"))
    assert state.active == 0 and not state.cs[haka].tapped


def test_win_01_decked_out_by_damage() -> None:
    """PHK-WIN-01: P2 has 2 cards in deck and takes 2 damage; the deck is 0 and P1 wins at once."""
    state = position({"hand": ["United Assault"], "field": ["Haka Goblin", "Waka Goblin"]}, {"deck": ["2 Haka Goblin"]})
    state.apply(act(state, "cast", card(state, 0, "United Assault")))
    assert state.result is not None and state.result.winner == 0 and state.result.clause == "PHK-WIN-01"


def test_win_01_decking_yourself_loses_and_both_at_zero_draw() -> None:
    """PHK-WIN-01 (ruling): a player who empties their own deck loses; both decks at 0 together is a draw."""
    state = position({"hand": ["Arrow Storm"], "deck": ["3 Haka Goblin"]})
    state.apply(act(state, "cast", card(state, 0, "Arrow Storm")))
    state.apply(act(state, "option", "3"))
    assert state.result.winner == 1
    both = position({"hand": ["Triatic Trouble"], "deck": ["3 Haka Goblin"]}, {"deck": ["3 Haka Goblin"]})
    both.apply(act(both, "cast", card(both, 0, "Triatic Trouble")))
    assert both.result is not None and both.result.winner is None and both.result.clause == "PHK-WIN-01"


def test_win_01_drawing_the_last_card_loses() -> None:
    """PHK-WIN-01: drawing the last card makes the deck 0; with option win_on_failed_draw only a failed draw loses."""
    state = position({}, {"deck": ["1 Haka Goblin"]}, phase="final")
    state.apply(act(state, "next"))
    assert state.result.winner == 0
    later = position({}, {"deck": ["1 Haka Goblin"]}, phase="final", options={"win_on_failed_draw": True})
    later.apply(act(later, "next"))
    assert later.result is None and later.active == 1
