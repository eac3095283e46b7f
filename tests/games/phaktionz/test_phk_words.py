"""Phaktionz in words: battles with what they cost, options by their words, refusals with their clauses."""

from __future__ import annotations

import pytest
from phk_helpers import RULES, card, position

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction

WORDS = RULES.words


def refused(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        state.apply(state.parse_action(text))
    return exc.value


def test_a_battle_says_the_cards_lost_and_the_demotion_phk_mech_07_08() -> None:
    state = position({"field": ["Haka Goblin"]}, {"field": ["Waka Goblin"]}, phase="combat")
    haka, waka = card(state, 0, "Haka Goblin"), card(state, 1, "Waka Goblin")
    texts = [a.text for a in WORDS.actions(state, 0) if a.action == Action("battle", (haka, waka))]
    assert texts == ["Haka Goblin (DMG 2) battles Player 2's Waka Goblin (column 1) (DMG 1): Player 2 loses "
                     "1 card and it is demoted"]


def test_a_weaker_summon_deals_nothing_phk_mech_06() -> None:
    state = position({"field": ["Waka Goblin"]}, {"field": ["Haka Goblin"]}, phase="combat")
    waka, haka = card(state, 0, "Waka Goblin"), card(state, 1, "Haka Goblin")
    text = WORDS.action(state, Action("battle", (waka, haka)), 0)
    assert text.endswith("no damage (it is not stronger)")


def test_disabled_is_the_handbooks_word_phk_mech_01() -> None:
    state = position({"field": ["Haka Goblin"]}, phase="combat")
    haka = card(state, 0, "Haka Goblin")
    state.card_state(haka).tapped = True
    assert "disabled" in WORDS.card(state, haka, 1).statuses


def test_placing_outside_the_main_phase_cites_phk_turn_02_by_id_and_name() -> None:
    state = position({"hand": ["Haka Goblin"]}, phase="combat")
    by_id = refused(state, f"place #{card(state, 0, 'Haka Goblin')}")
    by_name = refused(state, 'place "Haka Goblin"')
    assert by_id.clause == by_name.clause == "PHK-TURN-02"


def test_a_striker_never_battles_directly_phk_sum_04() -> None:
    state = position({"field": ["Haka Goblin"]}, {"field": ["Waka Goblin"]}, phase="combat")
    r = refused(state, f"battle #{card(state, 0, 'Haka Goblin')} direct")
    assert r.clause == "PHK-SUM-04"


def test_a_disabled_summon_cannot_battle_again_phk_mech_01() -> None:
    state = position({"field": ["Haka Goblin"]}, {"field": ["Waka Goblin"]}, phase="combat")
    haka, waka = card(state, 0, "Haka Goblin"), card(state, 1, "Waka Goblin")
    state.card_state(haka).tapped = True
    state._legal = None
    r = refused(state, f"battle #{haka} #{waka}")
    assert r.clause == "PHK-MECH-01" and "disabled" in r.why


def test_numbered_options_read_as_their_words() -> None:
    from tcgkit.core.state import Decision

    state = position({"field": ["Haka Goblin"]})
    state.pending = Decision(0, "1: Plague, 2: exile a summon with a Plague counter",
                             (Action("option", ("1",)), Action("option", ("2",))), "mode")
    assert [WORDS.action(state, a, 0) for a in state.pending.options] == [
        "Plague", "Exile a summon with a Plague counter"]
    assert WORDS.choice(state, 0) == "Choose one: 1: Plague or 2: exile a summon with a Plague counter"


def test_decked_out_in_words_phk_win_01() -> None:
    state = position({"field": ["Haka Goblin"]}, {"deck": []}, phase="combat")
    state.end(0, "player 1 was decked out", "PHK-WIN-01")
    assert WORDS.result(state, 1) == ("Player 1 wins: Player 2 (you) was decked out: no cards left in the deck "
                                      "(PHK-WIN-01)")
    assert WORDS.result(state, 0) == "You win: Player 2 was decked out: no cards left in the deck (PHK-WIN-01)"
