"""Card fields (GR-CARD-*) and deck rules (GR-DECK-*) of Guardian Realms."""

from __future__ import annotations

import pytest
from gr_helpers import RULES, card, do, hp, position

from tcgkit.core.cards import load_card_entries
from tcgkit.core.decks import Deck
from tcgkit.core.errors import CardDataError, DeckFileError
from tcgkit.games.guardian_realms.model import RARITY_RANK, GrCard


def load(entry: dict) -> list:
    return load_card_entries({"cards": [entry]}, "test.yaml", GrCard, RULES.make_card, RULES.verbs)


GUARDIAN = {"name": "Test Guard", "type": "Guardian", "rarity": "Common", "hp": 20, "atk": 4, "sp_cost": 1}


def test_card_types_gr_card_01() -> None:
    """GR-CARD-01: every card is an Effect, Equipment, Field or Guardian; another type is rejected."""
    assert {c.type for c in RULES.pool()} == {"Effect", "Equipment", "Field", "Guardian"}
    with pytest.raises(CardDataError, match="test.yaml: card Odd: field type"):
        load({**GUARDIAN, "name": "Odd", "type": "Spell"})


def test_rarity_order_gr_card_02() -> None:
    """GR-CARD-02: five rarities, Common < Uncommon < Rare < Epic < Legendary; tokens carry none."""
    assert RARITY_RANK["Common"] < RARITY_RANK["Uncommon"] < RARITY_RANK["Rare"] < RARITY_RANK["Epic"] < \
        RARITY_RANK["Legendary"]
    for c in RULES.pool():
        assert (c.fields["rarity"] is None) == c.has("token")
    with pytest.raises(CardDataError, match="field rarity"):
        load({**GUARDIAN, "rarity": "Mythic"})
    with pytest.raises(CardDataError, match="rarity: required"):
        load({k: v for k, v in GUARDIAN.items() if k != "rarity"})


def test_guardian_hp_and_defeat_gr_card_03() -> None:
    """GR-CARD-03: a Guardian has positive HP; 20 damage to a 20-HP Guardian defeats it; no overflow."""
    assert load(GUARDIAN)[0].stats["hp"] == 20
    with pytest.raises(CardDataError, match="field hp"):
        load({**GUARDIAN, "hp": 0})
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Flame Lasher"]}, active=1)
    lasher, brute = card(s, 1, "Flame Lasher"), card(s, 0, "Ashen Brute")
    s.card_state(brute).counters["dmg"] = 20  # 5 HP left
    do(s, f"attack #{lasher} #{brute}")
    assert s.loc[brute][1] == "discard"
    assert s.res[0]["b1"] == 50  # the excess does not spill onto the Base


def test_basic_attack_cost_gr_card_04() -> None:
    """GR-CARD-04: a basic attack costs 1 DZ unless printed; a Guardian printing 0 DZ attacks for free; the
    attack deals the Guardian's ATK."""
    assert load(GUARDIAN)[0].stats["attack_cost"] == 1
    assert RULES.pool().get("Quickdraw Bandit").stats["attack_cost"] == 0
    s = position({"lane1": ["Quickdraw Bandit"]}, {"lane1": ["Ashen Brute"]}, res0={"dz": 0})
    do(s, 'attack "Quickdraw Bandit" "Ashen Brute"')
    assert hp(s, card(s, 1, "Ashen Brute")) == 25 - 3
    assert s.res[0]["dz"] == 0


def test_abilities_and_passives_gr_card_05() -> None:
    """GR-CARD-05: an ability carries an integer dz_cost; a passive (static/play) carries none; a bad cost fails."""
    lasher = RULES.pool().get("Flame Lasher")
    (ability,) = lasher.effects_of("activated")
    assert ability.params["dz_cost"] == 2
    hollow = RULES.pool().get("Hollow Knight")
    assert "dz_cost" not in hollow.effects[0].params
    bad = {**GUARDIAN, "effects": [{"kind": "activated", "params": {"dz_cost": "two"}, "steps": []}]}
    with pytest.raises(CardDataError, match="dz_cost"):
        load(bad)


def test_summon_cost_gr_card_06() -> None:
    """GR-CARD-06: a Guardian has an integer sp_cost 0..10, and summoning spends it."""
    assert all(0 <= c.stats["sp_cost"] <= 10 for c in RULES.pool() if c.type == "Guardian")
    with pytest.raises(CardDataError, match="field sp_cost"):
        load({**GUARDIAN, "sp_cost": 11})
    with pytest.raises(CardDataError, match="sp_cost"):
        load({k: v for k, v in GUARDIAN.items() if k != "sp_cost"})


def test_classes_gr_card_07() -> None:
    """GR-CARD-07: class Rush, Sneak, Tank or none; "Mage" is rejected; one class only."""
    for klass in ("Rush", "Sneak", "Tank"):
        assert load({**GUARDIAN, "class": klass})[0].has(klass.lower())
    assert load(GUARDIAN)[0].fields["class"] is None
    with pytest.raises(CardDataError, match="field class"):
        load({**GUARDIAN, "class": "Mage"})
    with pytest.raises(CardDataError, match="field class"):
        load({**GUARDIAN, "class": ["Rush", "Tank"]})


def test_equipment_uses_gr_card_08() -> None:
    """GR-CARD-08: Equipment may have uses; none means unlimited; only Equipment has uses."""
    assert RULES.pool().get("Twin Daggers").fields["uses"] == 2
    assert RULES.pool().get("Tower Shield").fields["uses"] is None
    with pytest.raises(CardDataError, match="field uses"):
        load({**GUARDIAN, "uses": 3})


def test_field_duration_gr_card_09() -> None:
    """GR-CARD-09: a Field card may have a duration; none means it stays until removed."""
    assert RULES.pool().get("Rune Circle").fields["duration"] == 2
    assert RULES.pool().get("Ancient Banner").fields["duration"] is None
    with pytest.raises(CardDataError, match="field duration"):
        load({"name": "X", "type": "Effect", "rarity": "Common", "duration": 2})


def test_unknown_field_names_file_card_and_field() -> None:
    """A bad card file names the file, the card and the field."""
    with pytest.raises(CardDataError, match="test.yaml: card Test Guard: field colour"):
        load({**GUARDIAN, "colour": "red"})
    with pytest.raises(CardDataError, match="card Test Guard: field effects"):
        load({**GUARDIAN, "effects": [{"kind": "play", "steps": [{"wall": {"lane": 1}}]}]})


# ---------------------------------------------------------------------------------------------- decks


def deck(*entries: str) -> Deck:
    return Deck.from_dict({"game": "guardian-realms", "name": "t", "main": list(entries)})


BASE = ("10 Ember Pup", "5 Ashen Brute", "5 Fireball", "5 Flame Blade")  # 25 Commons, 15 Guardians


def clauses(d: Deck) -> list[str]:
    return sorted(v.clause for v in RULES.validate_deck(d))


def test_shipped_decks_are_legal() -> None:
    """Both shipped decks are legal and together use every class, status, buff and token."""
    decks = RULES.decks()
    assert len(decks) >= 2
    for d in decks.values():
        assert RULES.validate_deck(d) == [], d.name
    text = " ".join(str(e.steps) + str(e.params) for d in decks.values() for n in d.section("main")
                    for e in RULES.pool().get(n).effects)
    for word in ("paralyzed", "burned", "exhausted", "confused", "poisoned", "shield", "fury", "invincible",
                 "immune_", "'wall'", "'clone'", "'copy'", "'guardian_summon'", "'hp_link'"):
        assert word in text, word
    classes = {RULES.pool().get(n).fields["class"] for d in decks.values() for n in d.section("main")}
    assert classes == {"Rush", "Sneak", "Tank", None}
    tiers = {s.params["tier"] for d in decks.values() for n in d.section("main")
             for e in RULES.pool().get(n).effects for s in e.steps if s.verb == "wall"}
    assert tiers == {1, 2, 3}


def test_deck_size_gr_deck_01() -> None:
    """GR-DECK-01: exactly 25 cards; 24 and 26 are rejected."""
    assert clauses(deck(*BASE)) == []
    assert clauses(deck("9 Ember Pup", *BASE[1:])) == ["GR-DECK-01"]
    assert clauses(deck("11 Ember Pup", *BASE[1:])) == ["GR-DECK-01"]


def test_commons_unlimited_gr_deck_02() -> None:
    """GR-DECK-02: any number of copies of a Common card."""
    assert clauses(deck("12 Ember Pup", "3 Ashen Brute", "5 Fireball", "5 Flame Blade")) == []


def test_uncommons_per_type_gr_deck_03() -> None:
    """GR-DECK-03: at most 5 Uncommons per card type; 6 Uncommon Effects rejected, 5 + 5 Guardians accepted."""
    six = deck("10 Ember Pup", "5 Ashen Brute", "2 Recall", "2 Mind Rot", "2 Banish", "4 Flame Blade")
    assert clauses(six) == ["GR-DECK-03"]
    ok = deck("2 Recall", "2 Mind Rot", "1 Banish", "2 Flame Lasher", "2 Venom Adept", "1 Riddle Mage",
              "10 Ember Pup", "5 Flame Blade")
    assert clauses(ok) == []


def test_uncommon_copies_gr_deck_04() -> None:
    """GR-DECK-04: at most 2 copies of the same Uncommon card."""
    assert clauses(deck("3 Tower Shield", "10 Ember Pup", "5 Ashen Brute", "5 Fireball", "2 Flame Blade")) == [
        "GR-DECK-04"]
    assert clauses(deck("2 Tower Shield", "10 Ember Pup", "5 Ashen Brute", "5 Fireball", "3 Flame Blade")) == []


def test_rares_per_type_gr_deck_05() -> None:
    """GR-DECK-05: at most 3 Rares per type: 4 Rare Guardians rejected; 3 + 1 Rare Effect accepted."""
    four = deck("Berserker of the Pyre", "Mirror Sprite", "Frost Warden", "Wolf Shaman", "6 Ember Pup",
                "5 Ashen Brute", "5 Fireball", "5 Flame Blade")
    assert clauses(four) == ["GR-DECK-05"]
    three = deck("Berserker of the Pyre", "Mirror Sprite", "Frost Warden", "Great Rampart", "6 Ember Pup",
                 "5 Ashen Brute", "5 Fireball", "5 Flame Blade")
    assert clauses(three) == []


def test_epics_per_type_gr_deck_06() -> None:
    """GR-DECK-06: at most 1 Epic per type: 2 Epic Guardians rejected; an Epic Effect and an Epic Guardian
    accepted."""
    two = deck("Twin Flame Phoenix", "Bonded Twins", "8 Ember Pup", "5 Ashen Brute", "5 Fireball", "5 Flame Blade")
    assert clauses(two) == ["GR-DECK-06"]
    ok = deck("Twin Flame Phoenix", "Assassinate", "8 Ember Pup", "5 Ashen Brute", "5 Fireball", "5 Flame Blade")
    assert clauses(ok) == []


def test_one_legendary_gr_deck_07() -> None:
    """GR-DECK-07: 1 Legendary in the whole deck; 2 are rejected; a Legendary does not use an Epic slot."""
    two = deck("Pyre Colossus", "Aegis Titan", "8 Ember Pup", "5 Ashen Brute", "5 Fireball", "5 Flame Blade")
    assert clauses(two) == ["GR-DECK-07"]
    ok = deck("Pyre Colossus", "Twin Flame Phoenix", "8 Ember Pup", "5 Ashen Brute", "5 Fireball", "5 Flame Blade")
    assert clauses(ok) == []


def test_rare_or_higher_unique_gr_deck_08() -> None:
    """GR-DECK-08: no two copies of a Rare-or-higher card, even under the per-type limit."""
    assert clauses(deck("2 Great Rampart", "10 Ember Pup", "5 Ashen Brute", "3 Fireball", "5 Flame Blade")) == [
        "GR-DECK-08"]


def test_ten_guardians_gr_deck_09() -> None:
    """GR-DECK-09: at least 10 Guardians; 9 rejected, 10 accepted."""
    assert clauses(deck("9 Ember Pup", "8 Fireball", "8 Flame Blade")) == ["GR-DECK-09"]
    assert clauses(deck("10 Ember Pup", "8 Fireball", "7 Flame Blade")) == []


def test_broken_decks_rejected_with_clause_ids() -> None:
    """The issue's broken decks: 24 cards, 2 Legendaries, 9 Guardians, 2 copies of a Rare, 6 Uncommons of a type;
    new_game refuses them naming the clause (GR-DECK-01, GR-DECK-07, GR-DECK-09, GR-DECK-08, GR-DECK-03)."""
    broken = {
        "GR-DECK-01": deck("9 Ember Pup", *BASE[1:]),
        "GR-DECK-07": deck("Pyre Colossus", "Aegis Titan", "8 Ember Pup", *BASE[1:]),
        "GR-DECK-09": deck("9 Ember Pup", "8 Fireball", "8 Flame Blade"),
        "GR-DECK-08": deck("2 Frost Warden", "8 Ember Pup", *BASE[1:]),
        "GR-DECK-03": deck("10 Ember Pup", "5 Ashen Brute", "2 Recall", "2 Mind Rot", "2 Banish", "4 Flame Blade"),
    }
    for clause, d in broken.items():
        assert clause in clauses(d)
        with pytest.raises(DeckFileError, match=clause):
            RULES.new_game([d, "Stone Bastion"], seed=1)
    tokens = deck("Spirit Wolf", "9 Ember Pup", *BASE[1:])
    assert "GR-CARD-01" in clauses(tokens)
