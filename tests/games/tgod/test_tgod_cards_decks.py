"""TGOD card fields, card files, deck rules, the Armory, deck type, the field and setup."""

from __future__ import annotations

from collections import Counter

import pytest
from tgod_helpers import RULES, card, legal, position

from tcgkit.core.actions import Action
from tcgkit.core.cards import load_card_entries
from tcgkit.core.decks import Deck
from tcgkit.core.errors import CardDataError, DeckFileError, IllegalAction
from tcgkit.games.tgod.cardtext import COLOURS, RARITIES, parse_box

POOL = list(RULES.pool())


def load(entries: list[dict]) -> list:
    return load_card_entries({"cards": entries}, "test.yaml", RULES.card_model, RULES.make_card, RULES.verbs)


CREATURE = {"name": "Test Beast", "number": "X-1", "type": "creature", "attribute": "tyrant", "rarity": "Common",
            "attack": 30, "stars": 2, "hp": 50}


def deck(main: list[str], armory: list[str] | None = None) -> Deck:
    doc = {"game": "tgod", "name": "test", "main": main}
    if armory is not None:
        doc["armory"] = armory
    return Deck.from_dict(doc)


def clauses(d: Deck) -> list[str]:
    return [v.clause for v in RULES.validate_deck(d)]


BASIC = ["1 Dark Keep", "3 Shadow Brute", "3 Night Reaver", "3 Grave Hound", "3 Venom Witch", "3 Cruel Axe",
         "3 Spiked Mail", "3 Dark Pact", "2 Terror", "3 Squire of Dawn", "3 Kite Shield"]  # 30 cards


# ------------------------------------------------------------------ card anatomy


def test_TGOD_TYPE_01_every_card_has_one_of_four_types() -> None:
    """TGOD-TYPE-01."""
    assert {c.type for c in POOL} == {"creature", "equipment", "base_armor", "power"}


def test_TGOD_ATTR_01_every_card_has_one_attribute() -> None:
    """TGOD-ATTR-01."""
    for c in POOL:
        assert c.fields["attribute"] in ("guardian", "knight", "tyrant")
        assert len({"guardian", "knight", "tyrant"} & c.tags) == 1
    assert {c.fields["attribute"] for c in POOL} == {"guardian", "knight", "tyrant"}


def test_TGOD_CARD_01_colour_code_shown_and_without_effect() -> None:
    """TGOD-CARD-01: A Knight card renders yellow; the colour is a display field only."""
    assert COLOURS == {"guardian": "blue", "knight": "yellow", "tyrant": "black"}
    state = position({"main": ["Squire of Dawn"]})
    squire = card(state, 0, "Squire of Dawn")
    assert "Squire of Dawn" in RULES.describe(state, 0) and "(yellow)" in RULES.words.card(state, squire, 0).kind
    assert RULES.card_line(state, squire).count("yellow") == 1
    assert state.observation(0)["field"][str(card(state, 0, "Squire of Dawn"))]["colour"] == "yellow"


def test_TGOD_CARD_02_to_05_numbers_by_card_type() -> None:
    """TGOD-CARD-02, TGOD-CARD-03, TGOD-CARD-04, TGOD-CARD-05: A on Creature/Equipment/Base Armor; D only on Equipment;
    stars and HP only on Creature/Base Armor."""
    for c in POOL:
        has = set(c.stats)
        if c.type in ("creature", "base_armor"):
            assert {"attack", "stars", "hp"} == has
        elif c.type == "equipment":
            assert {"attack", "defense"} == has
        else:
            assert has == {"lasts"}


@pytest.mark.parametrize(("extra", "field", "clause"), [
    ({"defense": 5}, "defense", "TGOD-CARD-03"),
    ({"attack": None}, "attack", "TGOD-CARD-02"),
    ({"stars": None}, "stars", "TGOD-CARD-04"),
    ({"hp": None, "type": "creature"}, "hp", "TGOD-CARD-05"),
])
def test_TGOD_CARD_02_to_05_wrong_numbers_rejected_naming_the_field(extra: dict, field: str, clause: str) -> None:
    """TGOD-CARD-02, TGOD-CARD-03, TGOD-CARD-04, TGOD-CARD-05."""
    entry = {k: v for k, v in {**CREATURE, **extra}.items() if v is not None}
    with pytest.raises(CardDataError) as err:
        load([entry])
    assert err.value.card == "Test Beast" and f"field {field}" in str(err.value) and clause in str(err.value)


def test_TGOD_CARD_02_power_cards_have_no_attack() -> None:
    """TGOD-CARD-02."""
    entry = {"name": "P", "number": "X-2", "type": "power", "attribute": "knight", "rarity": "Common", "attack": 5}
    with pytest.raises(CardDataError, match="field attack"):
        load([entry])


def test_TGOD_CARD_06_number_and_creator_have_no_effect_on_play() -> None:
    """TGOD-CARD-06: Two cards differing only in number and creator are the same in play;
    copies are counted by number."""
    a, b = load([{**CREATURE, "creator": "Ann"}, {**CREATURE, "number": "X-9", "name": "Test Beast 2",
                                                  "creator": "Bob"}])
    assert (a.stats, a.effects, a.type, a.tags) == (b.stats, b.effects, b.type, b.tags)
    assert a.key == "X-1" and b.key == "X-9"
    assert a.fields["creator"] == "Ann"


def test_TGOD_CARD_06_copy_limit_counts_by_card_number() -> None:
    """TGOD-CARD-06."""
    violations = RULES.validate_deck(deck([*BASIC[:-1], "2 Kite Shield", "1 K-021"]))
    assert [v.clause for v in violations] == []
    assert "TGOD-DECK-02" in clauses(deck([*BASIC[:-1], "3 Kite Shield", "1 K-021"]))


def test_TGOD_CARD_07_rarities() -> None:
    """TGOD-CARD-07."""
    assert {c.fields["rarity"] for c in POOL} == set(RARITIES)
    with pytest.raises(CardDataError, match="field rarity"):
        load([{**CREATURE, "rarity": "Mythic"}])


def test_TGOD_CARD_08_description_and_ability_in_parentheses() -> None:
    """TGOD-CARD-08."""
    box = parse_box("A mighty beast. (Deals +10 A when attacking.)")
    assert (box.description, box.ability) == ("A mighty beast.", "Deals +10 A when attacking.")
    sky = RULES.pool().get("Sky Lancer")
    assert sky.fields["description"] == "Dives from the clouds with a spear of light."
    assert sky.text == "+10 A when attacking."
    for c in POOL:
        if c.type == "power":
            assert c.fields["description"] == ""
    with pytest.raises(CardDataError, match="Power card has no description"):
        load([{"name": "P", "number": "X-3", "type": "power", "attribute": "knight", "rarity": "Common",
               "text": "A war cry. (Draw 1 card.)", "effects": [{"kind": "play", "steps": [{"draw": {}}]}]}])


def test_TGOD_CARD_08_nested_and_unbalanced_parentheses() -> None:
    box = parse_box("A beast. (Deals +10 A (+20 at night).)")
    assert (box.description, box.ability) == ("A beast.", "Deals +10 A (+20 at night).")
    with pytest.raises(CardDataError, match="field text.*unclosed"):
        load([{**CREATURE, "text": "A beast. (Deals +10 A."}])


def test_TGOD_CARD_08_not_every_card_has_an_ability() -> None:
    """TGOD-CARD-08."""
    assert any(not c.text for c in POOL) and any(c.text for c in POOL)


def test_TGOD_CARD_09_requirement_parsed_and_unknown_ones_rejected() -> None:
    """TGOD-CARD-09."""
    celestial = RULES.pool().get("Celestial Guardian")
    assert celestial.fields["requirement"] == "Guardian type deck only"
    assert celestial.fields["req"] == ("deck", "guardian")
    with pytest.raises(CardDataError, match="field text.*unknown requirement"):
        load([{**CREATURE, "text": "[Only on Tuesdays] A beast."}])


def test_TGOD_CARD_09_requirement_must_be_met_to_play() -> None:
    """TGOD-CARD-09: '[Guardian type deck only]' is rejected from a Tyrant deck and accepted from a Guardian deck."""
    for deck_type, ok in (("tyrant", False), ("guardian", True)):
        state = position({"hand": ["Celestial Guardian"]}, turn=3, vars={"deck_type": [deck_type, None]})
        c = card(state, 0, "Celestial Guardian")
        assert legal(state, "play", c, "main") is ok
        if not ok:
            with pytest.raises(IllegalAction):
                state.apply(Action("play", (c, "main")))


def test_TGOD_CARD_09_main_creature_requirement() -> None:
    """TGOD-CARD-09: Rally '[Requires a Knight Main Creature]': only with a Knight in the Main zone."""
    state = position({"hand": ["Rally"], "main": ["Azure Sentinel"]})
    assert not legal(state, "play", card(state, 0, "Rally"), "power")
    state = position({"hand": ["Rally"], "main": ["Squire of Dawn"]})
    assert legal(state, "play", card(state, 0, "Rally"), "power")


def test_TGOD_CARD_09_requirement_checked_only_when_played() -> None:
    """TGOD-CARD-09: A card in play stays when its requirement stops being met (Rally with no Knight Main Creature)."""
    state = position({"power": ["Rally"], "main": ["Azure Sentinel"]},
                     cards0=[{"name": "Rally", "counters": {"turns_left": 2}}])
    state.apply(Action("end"))
    assert [state.defs[c].name for c in state.zone(0, "power")] == ["Rally"]


def test_TGOD_CARD_10_base_armor_words_classify_the_card() -> None:
    """TGOD-CARD-10."""
    (c,) = load([{"name": "Keep", "number": "X-4", "attribute": "tyrant", "rarity": "Rare", "attack": 5,
                  "stars": 1, "hp": 90, "text": "Base Armor. A keep."}])
    assert c.type == "base_armor" and c.fields["description"] == "A keep."
    with pytest.raises(CardDataError, match="TGOD-CARD-10"):
        load([{**CREATURE, "text": "Base Armor. Not a beast."}])
    with pytest.raises(CardDataError, match="TGOD-CARD-10"):
        load([{**CREATURE, "type": "base_armor", "text": "A keep without the words."}])


def test_card_file_errors_name_file_card_and_field() -> None:
    with pytest.raises(CardDataError) as err:
        load([{**CREATURE, "colour": "red"}])
    assert str(err.value).startswith("test.yaml: card Test Beast: field colour")
    with pytest.raises(CardDataError, match="no effects to run it"):
        load([{**CREATURE, "text": "(Heals everyone.)"}])
    with pytest.raises(CardDataError, match="needs a limit or a cost"):
        load([{**CREATURE, "text": "(Draw.)", "effects": [{"kind": "activated", "steps": [{"draw": {}}]}]}])
    with pytest.raises(CardDataError, match="static needs stat"):
        load([{**CREATURE, "text": "(Odd.)", "effects": [{"kind": "static", "params": {"stat": "luck", "by": 1}}]}])


# ------------------------------------------------------------------ decks


def test_shipped_decks_validate_one_per_attribute() -> None:
    decks = RULES.decks()
    assert {"Guardian Wall", "Knight Order", "Tyrant Horde"} <= set(decks)
    assert {RULES.deck_type_of(d) for d in decks.values()} == {"guardian", "knight", "tyrant"}
    for d in decks.values():
        assert RULES.validate_deck(d) == []
        assert d.count("armory") > 0


def test_shipped_cards_use_every_type_and_rarity_and_all_run_effects() -> None:
    decks = RULES.decks().values()
    used = [RULES.pool().get(n) for d in decks for sec in ("main", "armory") for n in d.section(sec)]
    assert {c.type for c in used} == {"creature", "equipment", "base_armor", "power"}
    assert {c.fields["rarity"] for c in used} == set(RARITIES)
    for c in POOL:
        assert bool(c.text) == bool(c.effects), c.name


def test_TGOD_DECK_01_size_30_to_60() -> None:
    """TGOD-DECK-01."""
    assert "TGOD-DECK-01" not in clauses(deck(BASIC))
    assert "TGOD-DECK-01" in clauses(deck([*BASIC[:-1], "2 Kite Shield"]))  # 29
    sixty = [*BASIC, "3 Azure Sentinel", "3 Tide Warden", "3 Reef Guard", "3 Sky Lancer", "3 Tower Shield",
             "3 Blue Spear", "3 Healing Rain", "3 Wall of Tides", "3 Oath Blade", "3 Charge!"]
    assert sum(Counter(deck(sixty).section("main")).values()) == 60
    assert "TGOD-DECK-01" not in clauses(deck(sixty))
    assert "TGOD-DECK-01" in clauses(deck([*sixty, "1 Lance Captain"]))


def test_TGOD_DECK_02_at_most_three_copies() -> None:
    """TGOD-DECK-02."""
    assert clauses(deck([*BASIC[:-1], "2 Kite Shield", "1 Oath Blade"])) == []
    assert clauses(deck([*BASIC[:-1], "4 Kite Shield"])) == ["TGOD-DECK-02"]


def test_TGOD_DECK_02_the_armory_does_not_count_toward_copies() -> None:
    """TGOD-DECK-02."""
    assert clauses(deck(BASIC, ["3 Cruel Axe"])) == []


def test_TGOD_DECK_03_exactly_one_base_armor_in_main() -> None:
    """TGOD-DECK-03."""
    assert clauses(deck([*BASIC[:-1], "2 Kite Shield", "1 Obsidian Throne"])) == ["TGOD-DECK-03"]
    assert clauses(deck(["1 Oath Blade", *BASIC[1:]])) == ["TGOD-DECK-03"]


def test_TGOD_DECK_04_armory_up_to_30_base_armor_and_equipment() -> None:
    """TGOD-DECK-04."""
    ok = ["3 Cruel Axe", "3 Spiked Mail", "3 Crown of Dread", "3 Oath Blade", "3 Kite Shield", "3 Royal Lance",
          "3 Tower Shield", "3 Blue Spear", "3 Aegis Plate", "1 Obsidian Throne", "1 Sunlit Rampart", "1 Dawn Keep"]
    assert clauses(deck(BASIC, ok)) == []
    assert clauses(deck(BASIC, [*ok, "1 Citadel of Oaths"])) == ["TGOD-DECK-04"]  # 31
    assert clauses(deck(BASIC, ["1 Shadow Brute"])) == ["TGOD-DECK-04"]
    assert clauses(deck(BASIC, ["1 Dark Pact"])) == ["TGOD-DECK-04"]


def test_broken_decks_rejected_when_a_game_starts() -> None:
    with pytest.raises(DeckFileError, match="TGOD-DECK-03"):
        RULES.new_game([deck([*BASIC[:-1], "2 Kite Shield", "1 Obsidian Throne"]), "Knight Order"], seed=1)
    with pytest.raises(DeckFileError, match="TGOD-DECK-04"):
        RULES.new_game([deck(BASIC, ["1 Shadow Brute"]), "Knight Order"], seed=1)


def test_TGOD_DECK_05_swap_base_armor_between_games_only() -> None:
    """TGOD-DECK-05."""
    horde = RULES.decks()["Tyrant Horde"]
    swapped = RULES.swap_base_armor(horde, "Obsidian Throne")
    assert "Obsidian Throne" in swapped.section("main") and "Dark Keep" in swapped.section("armory")
    assert "Dark Keep" not in swapped.section("main") and RULES.validate_deck(swapped) == []
    state = RULES.new_game([swapped, "Knight Order"], seed=2)
    assert [state.defs[c].name for c in state.zone(0, "base")] == ["Obsidian Throne"]
    with pytest.raises(IllegalAction, match="TGOD-DECK-06"):
        state.apply(Action("swap", (state.zone(0, "base")[0],)))
    with pytest.raises(DeckFileError, match="TGOD-DECK-05"):
        RULES.swap_base_armor(horde, "Shadow Brute")


def test_TGOD_DECK_06_armory_is_not_in_the_game() -> None:
    """TGOD-DECK-06: The Armory's cards are not loaded: no zone, no instance, no action can reach them."""
    state = RULES.new_game(["Tyrant Horde", "Knight Order"], seed=4)
    names = {d.name for d in state.defs}
    assert "Obsidian Throne" not in names and "Dawn Keep" not in names
    assert len(state.defs) == 60
    assert "armory" not in state.zones[0]
    with pytest.raises(IllegalAction):
        state.apply(Action("armory", ()))


def test_TGOD_DECK_07_deck_type_is_a_majority_attribute() -> None:
    """TGOD-DECK-07."""
    pool = RULES.pool()
    g, t = pool.get("Azure Sentinel"), pool.get("Shadow Brute")
    assert RULES.deck_type([g] * 16 + [t] * 14) == "guardian"
    assert RULES.deck_type([g] * 15 + [t] * 15) is None
    state = RULES.new_game(["Guardian Wall", "Tyrant Horde"], seed=5, options={"first_player": 0})
    assert state.vars["deck_type"] == ("guardian", "tyrant")
    assert RULES.deck_type_of(deck(BASIC)) == "tyrant"  # 24 Tyrant incl. the Base Armor out of 30


def test_TGOD_DECK_08_no_dominant_attribute_no_type() -> None:
    """TGOD-DECK-08."""
    pool = RULES.pool()
    k, g, t = pool.get("Squire of Dawn"), pool.get("Azure Sentinel"), pool.get("Shadow Brute")
    assert RULES.deck_type([k] * 20 + [g] * 10 + [t] * 10) is None
    state = position({"hand": ["Paladin Sovereign"]}, turn=3, vars={"deck_type": [None, None]})
    assert not legal(state, "play", card(state, 0, "Paladin Sovereign"), "main")


def test_TGOD_DECK_09_type_restricted_cards() -> None:
    """TGOD-DECK-09."""
    for deck_type, ok in (("tyrant", True), (None, False), ("knight", False)):
        state = position({"hand": ["Iron Tyrant"]}, turn=3, vars={"deck_type": [deck_type, None]})
        assert legal(state, "play", card(state, 0, "Iron Tyrant"), "main") is ok


def test_TGOD_OTH_04_other_attributes_playable_from_a_typed_deck() -> None:
    """TGOD-OTH-04."""
    state = position({"hand": ["Azure Sentinel"]}, turn=3, vars={"deck_type": ["tyrant", None]})
    state.apply(Action("play", (card(state, 0, "Azure Sentinel"), "main")))
    assert state.zone(0, "main") == [card(state, 0, "Azure Sentinel")]


# ------------------------------------------------------------------ field and setup


def test_TGOD_FIELD_01_six_field_zones() -> None:
    """TGOD-FIELD-01."""
    from tcgkit.games.tgod.rules import FIELD_ZONES

    state = RULES.new_game(["Guardian Wall", "Knight Order"], seed=6)
    assert set(FIELD_ZONES) == {"main", "backup", "base", "deck", "discard", "power"}
    for p in (0, 1):
        assert set(FIELD_ZONES) <= set(state.zones[p])
        assert set(state.zones[p]) - set(FIELD_ZONES) == {"hand", "equipped"}


def test_TGOD_SETUP_01_base_armor_taken_out_deck_may_drop_below_30() -> None:
    """TGOD-SETUP-01."""
    state = RULES.new_game(["Guardian Wall", "Knight Order"], seed=7, options={"first_player": 0})
    for p, name in ((0, "Bastion of Light"), (1, "Citadel of Oaths")):
        assert [state.defs[c].name for c in state.zone(p, "base")] == [name]
    assert len(state.zone(0, "deck")) == 29 - 7 and len(state.zone(1, "deck")) == 29
    assert any(e.kind == "shuffle" for e in state.log)


def test_TGOD_SETUP_01_decks_are_shuffled_by_the_seed() -> None:
    """TGOD-SETUP-01."""
    a = RULES.new_game(["Guardian Wall", "Knight Order"], seed=8, options={"first_player": 0})
    b = RULES.new_game(["Guardian Wall", "Knight Order"], seed=9, options={"first_player": 0})
    assert [a.defs[c].name for c in a.zone(1, "deck")] != [b.defs[c].name for c in b.zone(1, "deck")]


def test_TGOD_SETUP_02_first_player_random_reproducible_or_set() -> None:
    """TGOD-SETUP-02."""
    firsts = {RULES.new_game(["Guardian Wall", "Knight Order"], seed=s).vars["first_player"] for s in range(20)}
    assert firsts == {0, 1}
    for s in range(5):
        a = RULES.new_game(["Guardian Wall", "Knight Order"], seed=s)
        b = RULES.new_game(["Guardian Wall", "Knight Order"], seed=s)
        assert a.vars["first_player"] == b.vars["first_player"] == a.active
    assert RULES.new_game(["Guardian Wall", "Knight Order"], seed=3, options={"first_player": 1}).active == 1


def test_every_violation_listed_with_its_clause() -> None:
    """TGOD-DECK-01..04 at once: a deck breaking every rule gets one violation per broken rule."""
    bad = deck(["1 Dark Keep", "1 Obsidian Throne", "4 Shadow Brute", "3 Night Reaver"], ["1 Grave Hound"])
    assert clauses(bad) == ["TGOD-DECK-01", "TGOD-DECK-02", "TGOD-DECK-03", "TGOD-DECK-04"]
    unknown = deck([*BASIC[:-1], "3 No Such Card"])
    assert clauses(unknown) == ["card-pool"]
