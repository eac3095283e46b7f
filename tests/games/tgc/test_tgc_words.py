"""TGC in words: Heathshards and plasma by name, equipped creatures, battles and refusals with their clauses."""

from __future__ import annotations

import pytest
from tgc_helpers import RULES, act, card, pos

from tcgkit.core.errors import IllegalAction

WORDS = RULES.words


def refused(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        state.apply(state.parse_action(text))
    return exc.value


def test_heathshards_and_plasma_by_name_tgc_1_6() -> None:
    state = pos(res0={"hs": 17, "plasma": 2, "temp": 1})
    numbers = dict(WORDS.numbers(state, 0, 1))
    assert numbers["Heathshards (HS)"] == "17"
    assert numbers["Plasma"] == "2 (+1 this turn)"
    assert not any(label == "hs" for label, _ in WORDS.numbers(state, 0, 1))


def test_the_phase_names_the_gamestate_tgc_2_5_3() -> None:
    state = pos(phase="play")
    assert WORDS.phase(state, 0) == "Turn 3 - your Play Phase, Open Play (you decide)"


def test_equipped_creature_shows_current_and_maximum_resolve_tgc_3_3_3_b_3() -> None:
    state = pos(p0={"field": ["Bartender"], "hand": ["NT P.A.V. Suit (Security)"]}, res0={"plasma": 9})
    bartender, suit = card(state, 0, "Bartender"), card(state, 0, "NT P.A.V. Suit (Security)")
    act(state, "play", suit, bartender)
    line = WORDS.card(state, bartender, 1).line()
    assert line.startswith("Bartender (Power 5, Resolve 3 of 3")
    assert "with NT P.A.V. Suit (Security)" in line


def test_not_enough_plasma_cites_tgc_3_3_1_1_by_id_and_by_name() -> None:
    state = pos(p0={"hand": ["Bartender"]}, res0={"plasma": 2})
    by_id = refused(state, f"play #{card(state, 0, 'Bartender')}")
    by_name = refused(state, 'play "Bartender"')
    assert by_id.clause == by_name.clause == "TGC-3.3.1.1"
    assert by_id.why == by_name.why == "Bartender costs 3 plasma and you have 2"


def test_declare_battle_outside_the_battle_phase_cites_tgc_2_4_2_d() -> None:
    state = pos(p0={"field": ["Bartender"]}, phase="play")
    r = refused(state, f"attack #{card(state, 0, 'Bartender')}")
    assert r.clause == "TGC-2.4.2"


def test_an_opponents_hand_card_is_not_named_in_a_refusal() -> None:
    state = pos(p1={"hand": ["Paramedic"]})
    r = refused(state, f"play #{card(state, 1, 'Paramedic')}")
    assert "Paramedic" not in str(r)


def test_the_end_says_who_has_no_heathshards_tgc_1_12_1() -> None:
    state = pos(p1={"field": ["Bartender"]}, res0={"hs": 1}, phase="battle", active=1)
    state.apply(state.parse_action(f"attack #{card(state, 1, 'Bartender')}"))
    while state.result is None:
        state.apply(next(a for a in state.legal_actions() if a.kind in ("no_block", "do_nothing")))
    assert WORDS.result(state, 0) == "Player 2 wins: Player 1 (you) has 0 Heathshards (TGC-1.12.1)"
    assert WORDS.result(state, 1) == "You win: Player 1 has 0 Heathshards (TGC-1.12.1)"


def test_disco_infernos_turns_tapped_read_in_words() -> None:
    state = pos(p0={"bf": ["Disco Inferno"]},
                cards0=[{"name": "Disco Inferno", "zone": "bf", "tapped": True, "counters": {"ticks": 2}}])
    line = WORDS.card(state, card(state, 0, "Disco Inferno"), 1).line()
    assert "tapped for 2 turns" in line and "ticks" not in line
