"""Guardian Realms in words: numbers, cards, actions, events and refusals as the rulebook names them."""

from __future__ import annotations

import pytest
from gr_helpers import RULES, card, do, position

from tcgkit.core.errors import IllegalAction
from tcgkit.core.words import present

WORDS = RULES.words


def refusal(state, text: str):
    with pytest.raises(IllegalAction) as exc:
        do(state, text)
    return exc.value


def test_numbers_are_the_rulebooks_names_gr_base_01_gr_dz_01() -> None:
    s = position(res0={"dz": 3, "dzcap": 5, "sp": 4, "w1": 20, "b1": 30})
    numbers = dict(WORDS.numbers(s, 0, 0))
    assert numbers["DZ Points"] == "3 of 5"
    assert numbers["Summon Points (SP)"] == "4"
    assert numbers["Outpost of lane 1"] == "30 of 50 HP"  # GR-BASE-01
    assert numbers["Stronghold (lane 2)"] == "100 of 100 HP"  # GR-BASE-02
    assert numbers["Wall, lane 1"] == "20 HP"


def test_summon_to_an_occupied_lane_says_what_it_discards_gr_lane_01() -> None:
    s = position({"lane1": ["Ashen Brute"], "hand": ["Granite Sentinel"]})
    g = card(s, 0, "Granite Sentinel")
    texts = [a.text for a in WORDS.actions(s, 0) if a.action.args[:2] == (g, "lane1")]
    assert texts == ["Summon Granite Sentinel to lane 1 (Outpost) for 2 SP, discarding Ashen Brute already there "
                     "(it enters Exhausted for 1 turn)"]


def test_ability_is_offered_by_its_printed_text_gr_combat_05() -> None:
    s = position({"lane1": ["Flame Lasher"]}, {"lane1": ["Ashen Brute"]})
    texts = [a.text for a in WORDS.actions(s, 0) if a.action.kind == "ability"]
    assert texts == ["Flame Lasher uses Scorch (2 DZ): Burn an enemy Guardian in range"]


def test_permanent_immunity_reads_until_it_leaves_play_gr_imm_01() -> None:
    s = position({"lane1": ["Granite Sentinel"]},
                 cards0=[{"name": "Granite Sentinel", "zone": "lane1", "status": {"immune_burned": 1000}}])
    line = WORDS.card(s, card(s, 0, "Granite Sentinel"), 1).line()
    assert "immune to Burned until it leaves play" in line and "1000" not in line


def test_exhausted_guardian_cannot_attack_refusal_cites_gr_exh_01() -> None:
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]},
                 cards0=[{"name": "Ashen Brute", "zone": "lane1", "status": {"exhausted": 1}}])
    by_id = refusal(s, f"attack #{card(s, 0, 'Ashen Brute')} #{card(s, 1, 'Moss Whelp')}")
    by_name = refusal(s, 'attack "Ashen Brute" "Moss Whelp"')
    assert by_id.clause == by_name.clause == "GR-EXH-01, GR-SWAP-07"
    assert by_id.why == by_name.why == "Ashen Brute is Exhausted"


def test_summon_without_enough_sp_refusal_cites_gr_sp_03() -> None:
    s = position({"hand": ["Aegis Titan"]}, res0={"sp": 2})
    r = refusal(s, 'summon "Aegis Titan" lane1')
    assert r.clause == "GR-SP-03" and "Summon Points" in r.why


def test_a_card_in_the_opponents_hand_is_never_named() -> None:
    s = position(p1={"hand": ["Aegis Titan"]})
    r = refusal(s, f"summon #{card(s, 1, 'Aegis Titan')} lane1")
    assert "Aegis Titan" not in str(r) and r.why == "you cannot see that card"


def test_attack_fully_absorbed_by_a_wall_is_told_gr_wall_05() -> None:
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]}, res1={"w1": 20})
    do(s, f"attack #{card(s, 0, 'Ashen Brute')} #{card(s, 1, 'Moss Whelp')}")
    log = WORDS.log(s, 0)
    assert "Ashen Brute attacks Moss Whelp for 6 damage" in log
    assert "Player 2's Wall in lane 1 absorbs 6 damage (14 HP left)" in log
    assert not any(line.startswith("Moss Whelp takes") for line in log)  # all of it absorbed: no damage line


def test_present_has_no_internal_key() -> None:
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]})
    text = repr(present(s, 0))
    for key in ("dzcap", "'b1'", "'w1'", "immune_"):
        assert key not in text
