"""TGOD in words: current and maximum HP of an equipped card, stats in hand, attacks and refusals with clauses."""

from __future__ import annotations

import pytest
from tgod_helpers import RULES, card, do, position

from tcgkit.core.errors import IllegalAction

WORDS = RULES.words


def refused(state, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        state.apply(state.parse_action(text))
    return exc.value


def test_equipped_card_shows_current_and_maximum_hp_tgod_role_03() -> None:
    # Aegis Plate: +20 HP to the equipped card; its maximum grows with it (no "HP 90/70")
    state = position({"main": ["Squire of Dawn"], "hand": ["Aegis Plate"]}, vars={"deck_type": ["guardian", None]})
    squire, plate = card(state, 0, "Squire of Dawn"), card(state, 0, "Aegis Plate")
    do(state, "equip", plate, squire)
    stats = dict(WORDS.card(state, squire, 0).stats)
    hp = RULES.stat(state, squire, "hp")
    assert stats["HP"] == f"{hp} of {hp}"
    assert WORDS.card(state, squire, 1).attached == ("Aegis Plate",)


def test_creatures_in_hand_show_their_stats_tgod_card_03() -> None:
    state = position({"hand": ["Squire of Dawn"]})
    stats = dict(WORDS.card(state, card(state, 0, "Squire of Dawn"), 0).stats)
    assert {"A", "HP", "Battle Stars"} <= set(stats)


def test_attack_says_damage_and_defense_tgod_btl_04() -> None:
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]})
    brute, squire = card(state, 1, "Shadow Brute"), card(state, 0, "Squire of Dawn")
    texts = [a.text for a in WORDS.actions(state, 0) if a.action.kind == "attack" and a.action.args == (squire, brute)]
    attack = RULES.stat(state, card(state, 0, "Squire of Dawn"), "attack")
    assert texts == [f"Squire of Dawn attacks Player 2's Main Creature Shadow Brute: {attack} damage; "
                     "costs 1 Battle Star"]


def test_backup_attack_says_paralysis_tgod_btl_07() -> None:
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"], "backup": ["Grave Hound"]})
    hound = card(state, 1, "Grave Hound")
    texts = [a.text for a in WORDS.actions(state, 0) if a.action.kind == "attack" and a.action.args[1] == hound]
    assert texts[0].endswith("it is paralyzed for 3 turns (no damage)")
    do(state, "attack", card(state, 0, "Squire of Dawn"), hound)
    assert "paralyzed for 3 more turns" in " ".join(WORDS.card(state, hound, 0).statuses)


def test_no_attack_in_a_secondary_turn_cites_tgod_sec_07_by_id_and_by_name() -> None:
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]}, turn=3)
    by_id = refused(state, f"attack #{card(state, 0, 'Squire of Dawn')} #{card(state, 1, 'Shadow Brute')}")
    by_name = refused(state, 'attack "Squire of Dawn" "Shadow Brute"')
    assert by_id.clause == by_name.clause == "TGOD-SEC-07"
    assert by_id.why == by_name.why == "no attacks in a secondary turn"


def test_backup_creature_cannot_attack_cites_tgod_btl_01() -> None:
    state = position({"main": ["Squire of Dawn"], "backup": ["Grave Hound"]}, {"main": ["Shadow Brute"]})
    r = refused(state, f"attack #{card(state, 0, 'Grave Hound')} #{card(state, 1, 'Shadow Brute')}")
    assert r.clause == "TGOD-BTL-01"


def test_paralyzed_backup_cannot_be_attacked_again_cites_tgod_btl_09() -> None:
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"], "backup": ["Grave Hound"]},
                     cards1=[{"name": "Grave Hound", "zone": "backup", "status": {"paralyzed": 2}}])
    r = refused(state, f"attack #{card(state, 0, 'Squire of Dawn')} #{card(state, 1, 'Grave Hound')}")
    assert r.clause == "TGOD-BTL-09"


def test_the_opponents_hand_is_never_named() -> None:
    state = position(p1={"hand": ["Iron Tyrant"]})
    r = refused(state, f"play #{card(state, 1, 'Iron Tyrant')} backup")
    assert "Iron Tyrant" not in str(r)


def test_the_log_tells_damage_and_what_d_blocked_tgod_btl_05() -> None:
    state = position({"main": ["Shadow Brute"], "hand": ["Tower Shield"]}, {"main": ["Paladin Sovereign"]},
                     vars={"deck_type": ["guardian", "knight"]})
    brute, paladin = card(state, 0, "Shadow Brute"), card(state, 1, "Paladin Sovereign")
    do(state, "equip", card(state, 0, "Tower Shield"), brute)
    do(state, "end")
    start = len(state.log)
    attack, defense = RULES.stat(state, paladin, "attack"), RULES.stat(state, brute, "defense")
    assert defense == 15
    do(state, "attack", paladin, brute)
    line = next(t for t in WORDS.log(state, 0, start) if t.startswith("Paladin Sovereign attacks"))
    assert line == f"Paladin Sovereign attacks Shadow Brute: {attack - defense} damage, {defense} blocked by D"
