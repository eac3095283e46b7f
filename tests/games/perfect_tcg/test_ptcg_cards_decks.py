"""Perfect TCG: the card anatomy (PTCG-CARD-*, PTCG-TYPE-*), the card files and the deck rules (PTCG-DECK-*)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ptcg_helpers import RULES

from tcgkit.core.cards import load_card_entries
from tcgkit.core.decks import Deck
from tcgkit.core.errors import CardDataError, DeckFileError

POOL = RULES.pool()
DECKS = RULES.decks()
STARTERS = ("Gandor", "Alchemy", "Magister")


def _deck(main: list[str], artefacts: list[str] | None = None, name: str = "test") -> Deck:
    doc = {"game": "perfect-tcg", "name": name, "main": main}
    if artefacts is not None:
        doc["artefacts"] = artefacts
    return Deck.from_dict(doc)


def _clauses(deck: Deck, **options) -> list[str]:
    return [v.clause for v in RULES.validate_deck(deck, None, options or None)]


def _load(entry: dict) -> list:
    return load_card_entries({"cards": [entry]}, "test.yaml", RULES.card_model, RULES.make_card, RULES.verbs)


# ------------------------------------------------------------------ card anatomy
def test_every_card_has_a_name_PTCG_CARD_01():
    """PTCG-CARD-01: every card exposes a non-empty name."""
    assert len(POOL) > 50
    assert all(c.name.strip() for c in POOL)


def test_units_print_level_power_damage_PTCG_CARD_02_04_05_TYPE_04():
    """PTCG-CARD-02, PTCG-CARD-04, PTCG-CARD-05, PTCG-TYPE-04: units print an integer level, power and damage."""
    units = [c for c in POOL if c.type == "unit"]
    assert units
    for u in units:
        assert isinstance(u.stat("level"), int) and isinstance(u.stat("power"), int)
        assert isinstance(u.stat("damage"), int) and "cost" not in u.stats
    assert any(u.stat("level") == 0 for u in units)


def test_non_units_print_a_cost_in_the_level_slot_PTCG_CARD_07():
    """PTCG-CARD-07: Spells, Boosts and Artefacts print a cost (and no level)."""
    for c in POOL:
        if c.type != "unit":
            assert isinstance(c.stats["cost"], int) and "level" not in c.stats and "power" not in c.stats
    with pytest.raises(CardDataError, match="cost"):
        _load({"name": "Bad Spell", "type": "spell", "level": 2})
    with pytest.raises(CardDataError, match="level"):
        _load({"name": "Bad Unit", "type": "unit", "power": 1000, "damage": 1})


def test_effects_carry_conditions_and_costs_flavour_has_none_PTCG_CARD_06():
    """PTCG-CARD-06: an effect record carries its condition and cost; flavour text has no effect; text that is not
    carried out by an effect is refused."""
    golem = POOL.get("Sulphur Golem")
    (eff,) = golem.effects
    assert eff.kind == "activated" and eff.cost[0].verb == "rest" and eff.limit == "once_per_turn"
    sentinel = POOL.get("Ley Sentinel")
    assert sentinel.effects[0].condition is not None
    knight = POOL.get("Gandor Knight")
    assert knight.effects == () and knight.fields["flavour"] and not knight.has("effect")
    with pytest.raises(CardDataError, match="text with no effects"):
        _load({"name": "Talker", "type": "unit", "level": 0, "power": 1, "damage": 1, "text": "Draw 1 card."})


def test_card_file_errors_name_file_card_and_field():
    with pytest.raises(CardDataError) as err:
        _load({"name": "Imp", "type": "unit", "level": 0, "power": "lots", "damage": 1})
    assert "test.yaml" in str(err.value) and "card Imp" in str(err.value) and "power" in str(err.value)
    with pytest.raises(CardDataError, match="unknown verb"):
        _load({"name": "Imp", "type": "spell", "cost": 1, "text": "x", "effects": [{"steps": [{"explode": 1}]}]})
    with pytest.raises(CardDataError, match="colour"):
        _load({"name": "Imp", "type": "spell", "cost": 1, "colour": "red"})


def test_four_card_types_PTCG_TYPE_01():
    """PTCG-TYPE-01: every card is a Boost, Artefact, Unit or Spell; the starter decks use all four."""
    assert {c.type for c in POOL} == {"boost", "artefact", "unit", "spell"}
    used = {POOL.get(n).type for d in STARTERS for sec in DECKS[d].sections.values() for n in sec}
    assert used == {"boost", "artefact", "unit", "spell"}


def test_lose_boost_and_artefact_terms_exist_as_cards_PTCG_TYPE_02():
    """PTCG-TYPE-02: Boost cards power up battling units (their static effect targets the battling units)."""
    for name in ("Banner of Gandor", "Volatile Flask", "Mana Barrier"):
        card = POOL.get(name)
        assert card.type == "boost"
        mods = card.effects[0].params["modify"]
        mods = mods if isinstance(mods, tuple) else (mods,)
        assert any(m["target"]["of"] == "battling" for m in mods)


# ------------------------------------------------------------------ the starter decks
@pytest.mark.parametrize("name", STARTERS)
def test_starter_decks_are_legal(name):
    deck = DECKS[name]
    assert RULES.validate_deck(deck) == []
    assert deck.count("main") == 40 and 1 <= deck.count("artefacts") <= 5


def test_starters_use_every_keyword_type_and_role():
    """Together the starters use every keyword (as a verb, a status or the Guardian keyword) and every role."""
    cards = list({n: POOL.get(n) for d in STARTERS for sec in DECKS[d].sections.values() for n in sec}.values())

    def verbs(steps):
        for st in steps:
            yield st.verb
            for nested in ("then", "else", "steps"):
                if nested in st.params:
                    yield from verbs(st.params[nested])

    used = set()
    for c in cards:
        for e in c.effects:
            used.update(verbs(e.steps))
            used.update(verbs(e.cost))
            used.update(k for k in e.params if e.kind == "static")
            used.update(s.params.get("status", "") for s in e.steps if s.verb == "add_status")
    for verb in ("armour", "remove", "excavate", "energise", "refresh", "rest", "heal", "add_counter",
                 "remove_counter", "sacrifice", "level_down", "stasis", "mind_wipe", "lose", "level_up", "prevent",
                 "lock", "damage", "pay", "cannot_be_lost", "put_into_play"):
        assert verb in used, verb
    assert any(c.fields["guardian"] for c in cards)
    assert any(e.params.get("armour") or any(s.params.get("decaying") for s in e.steps)
               for c in cards for e in c.effects)
    assert any(s.params.get("decaying") for c in cards for e in c.effects for s in e.steps)
    # roles: Level 0 units to lead, Support abilities, Wing ("In Wing zone") and Leader ("In Leader zone") effects
    zones = {e.zone for c in cards for e in c.effects}
    assert {"support", "wing", "leader"} <= zones
    assert all(any(POOL.get(n).stats.get("level") == 0 for n in DECKS[d].section("main")) for d in STARTERS)


def test_every_card_text_is_executed():
    """No card is text only: each card with text has effects or a keyword, and each card with effects has text."""
    for c in POOL:
        if c.text.strip():
            assert c.effects or c.fields["guardian"], c.name


# ------------------------------------------------------------------ deck rules
def _base() -> list[str]:
    return list(DECKS["Gandor"].section("main"))


def test_main_deck_exactly_40_PTCG_DECK_01():
    """PTCG-DECK-01: 39 and 41 cards are illegal, 40 is legal."""
    main = _base()
    assert "PTCG-DECK-01" not in _clauses(_deck(main))
    assert "PTCG-DECK-01" in _clauses(_deck(main[:-1]))
    assert _clauses(_deck([*main, "Gandor Squire"]))[:1] == ["PTCG-DECK-01"]


def test_at_most_four_copies_PTCG_DECK_02():
    """PTCG-DECK-02: 4 copies are legal, 5 are rejected."""
    main = _base()
    assert main.count("Gandor Squire") == 4
    five = [*main[:-1], "Gandor Squire"]
    assert _clauses(_deck(five)) == ["PTCG-DECK-02"]


def test_same_card_means_same_name_effect_power_damage_PTCG_DECK_03():
    """PTCG-DECK-03: 4 Gandor Knight (4000/1) plus 2 of the promo Gandor Knight (4500/1) is legal: different cards;
    level is not part of the identity."""
    main = [n for n in _base() if n not in ("Gandor Knight", "Gandor Page", "Gandor Shieldbearer")]
    main += ["Gandor Knight"] * 4 + ["GAN-P01"] * 2
    assert len(main) == 40
    assert _clauses(_deck(main)) == []
    main = [n for n in main if n != "GAN-P01"] + ["Gandor Knight"] * 2
    assert "PTCG-DECK-02" in _clauses(_deck(main))
    a, b = POOL.get("GAN-004"), POOL.get("GAN-P01")
    assert a.name == b.name and a.fields["identity"] != b.fields["identity"]


def test_no_duplicate_artefacts_PTCG_DECK_04():
    """PTCG-DECK-04: an Artefact deck with two identical Artefacts is rejected."""
    assert _clauses(_deck(_base(), ["Crown of Gandor", "Crown of Gandor"])) == ["PTCG-DECK-04"]


def test_artefact_deck_up_to_five_PTCG_DECK_05():
    """PTCG-DECK-05: 0 and 5 Artefacts are legal, 6 are rejected; option artefacts_exactly_5 reads 'exactly 5'."""
    five = ["Crown of Gandor", "Gandor War Horn", "Aegis of Gandor", "Alembic", "Athanor"]
    assert _clauses(_deck(_base(), [])) == []
    assert _clauses(_deck(_base())) == []
    assert _clauses(_deck(_base(), five)) == []
    assert _clauses(_deck(_base(), [*five, "Magister's Orb"])) == ["PTCG-DECK-05"]
    assert _clauses(_deck(_base(), five[:3]), artefacts_exactly_5=True) == ["PTCG-DECK-05"]
    assert _clauses(_deck(_base(), five), artefacts_exactly_5=True) == []


def test_artefacts_only_in_the_artefact_deck_PTCG_TYPE_03():
    """PTCG-TYPE-03: an Artefact in the main deck is rejected, and so is a non-Artefact in the Artefact deck."""
    main = [*_base()[:-1], "Crown of Gandor"]
    assert "PTCG-TYPE-03" in _clauses(_deck(main))
    assert "PTCG-TYPE-03" in _clauses(_deck(_base(), ["Gandor Knight"]))


def test_deck_without_level_0_unit_cannot_start_PTCG_SETUP_01():
    """PTCG-SETUP-01: a deck with no Level 0 unit is flagged (no Leader could be chosen)."""
    main = [n for n in _base() if POOL.get(n).stats.get("level") != 0]
    main += ["Gandor Knight"] * (40 - len(main))
    assert "PTCG-SETUP-01" in _clauses(_deck(main))


def test_broken_decks_rejected_with_their_clauses(tmp_path: Path):
    """The four classic broken decks: 41 cards, 5 copies, duplicate Artefacts, 6 Artefacts; each is refused with
    its clause id, also when a game is started with it."""
    main = _base()
    six = ["Crown of Gandor", "Gandor War Horn", "Aegis of Gandor", "Alembic", "Athanor", "Magister's Orb"]
    broken = {
        "PTCG-DECK-01": _deck([*main, "Gandor Knight"]),
        "PTCG-DECK-02": _deck([*main[:-1], "Gandor Squire"]),
        "PTCG-DECK-04": _deck(main, ["Alembic", "Alembic"]),
        "PTCG-DECK-05": _deck(main, six),
    }
    for clause, deck in broken.items():
        assert clause in _clauses(deck)
        with pytest.raises(DeckFileError, match=clause):
            RULES.new_game([deck, DECKS["Alchemy"]], 1)


def test_shipped_deck_files_exist():
    files = {p.stem for p in RULES.deck_files()}
    assert {"gandor", "alchemy", "magister"} <= files


@pytest.mark.parametrize("name, clause", [("41-cards", "PTCG-DECK-01"), ("5-copies", "PTCG-DECK-02"),
                                          ("duplicate-artefacts", "PTCG-DECK-04"), ("6-artefacts", "PTCG-DECK-05")])
def test_broken_deck_files_rejected(name: str, clause: str):
    """The broken deck files (as `tcgkit validate perfect-tcg FILE` reads them) each break exactly their clause."""
    deck = RULES.deck(str(Path(__file__).parent / "broken_decks" / f"{name}.yaml"))
    assert [v.clause for v in RULES.validate_deck(deck)] == [clause]
