"""TGC deck rules (TGC-1.2.x) and the shipped decks."""

from __future__ import annotations

from tgc_helpers import RULES

from tcgkit.core.decks import Deck


def _deck(main: list[str], subtypes: list[str] | None = None, name: str = "T") -> Deck:
    doc = {"game": "tgc", "name": name, "main": main}
    if subtypes is not None:
        doc["subtypes"] = subtypes
    return Deck.from_dict(doc)


BASE = ["4 assistant", "4 bartender", "4 botanist", "4 chef", "4 intern", "4 sec_officer", "4 doc", "4 paramed",
        "4 chap_plate"]


def test_shipped_decks_are_legal() -> None:
    """At least three shipped 40-card decks, all legal (TGC-1.2.1, TGC-1.2.2)."""
    decks = RULES.decks()
    assert len(decks) >= 3
    for deck in decks.values():
        assert deck.count() == 40
        assert RULES.validate_deck(deck) == []


def test_deck_size_exactly_40_tgc_1_2_1() -> None:
    """TGC-1.2.1: 39 and 41 cards are rejected; 40 is accepted."""
    assert [v.clause for v in RULES.validate_deck(_deck([*BASE, "3 re_education"]))] == ["TGC-1.2.1"]
    assert [v.clause for v in RULES.validate_deck(_deck([*BASE, "4 re_education", "1 psych"]))] == ["TGC-1.2.1"]
    assert RULES.validate_deck(_deck([*BASE, "4 re_education"])) == []


def test_four_copies_tgc_1_2_2() -> None:
    """TGC-1.2.2: 5 copies are rejected; copies count by name, so two printings of Geneticist count together."""
    bad = _deck([*BASE[:-1], "5 chap_plate", "3 re_education"])
    assert [v.clause for v in RULES.validate_deck(bad)] == ["TGC-1.2.2"]
    printings = _deck([*BASE[:-1], "3 geneticist", "2 med_geneticist", "3 re_education"])
    assert [v.clause for v in RULES.validate_deck(printings)] == ["TGC-1.2.2"]


def test_only_tgc_cards_tgc_1_2_3() -> None:
    """TGC-1.2.3: a card that is not in the TGC card database is rejected."""
    bad = _deck([*BASE, "3 re_education", "1 Bastion of Light"])
    assert [v.clause for v in RULES.validate_deck(bad)] == ["TGC-1.2.3"]


def test_tournament_rules_only_in_tournament_format_tgc_1_2_4() -> None:
    """TGC-1.2.4: a deck breaking the subtype rule is legal casually and rejected under the tournament option."""
    deck = _deck([*BASE, "4 re_education"], ["Human", "Armour", "Standard"])
    assert RULES.validate_deck(deck) == []
    assert [v.clause for v in RULES.validate_deck(deck, "tournament")] == ["TGC-1.2.4.1"]


def test_three_subtypes_tgc_1_2_4_1() -> None:
    """TGC-1.2.4.1: every card needs one of the 3 chosen subtypes; a deck needing 4 subtypes is rejected."""
    good = _deck([*BASE, "4 re_education"], ["Human", "Armour", "Instant"])
    assert RULES.validate_deck(good, "tournament") == []
    four = _deck([*BASE[:-1], "4 clown", "4 re_education"], ["Human", "Armour", "Instant"])
    assert [v.clause for v in RULES.validate_deck(four, "tournament")] == ["TGC-1.2.4.1"]
    undeclared = _deck([*BASE, "4 re_education"], ["Human", "Armour"])
    assert "TGC-1.2.4.1" in [v.clause for v in RULES.validate_deck(undeclared, "tournament")]


def test_cards_have_subtype_lists_tgc_1_2_4_1_2() -> None:
    """TGC-1.2.4.1-2: each card exposes its subtypes, possibly several."""
    pool = RULES.pool()
    assert pool.get("bartender").fields["subtypes"] == ("Human", "Employee")
    assert pool.get("chap_plate").fields["subtypes"] == ("Armour",)


def test_ban_list_and_misprints_tgc_1_2_4_2() -> None:
    """TGC-1.2.4.2: with a ban list (data; empty by default) a banned card is rejected in tournament play only;
    misprint cards are rejected in tournament play."""
    deck = _deck([*BASE, "4 re_education"], ["Human", "Armour", "Instant"])
    assert RULES.validate_with_bans(deck, ()) == []
    assert [v.clause for v in RULES.validate_with_bans(deck, ("re_education",))] == ["TGC-1.2.4.2"]
    assert RULES.validate_deck(deck) == []
    misprint = _deck([*BASE[:-1], "4 QM_prole", "4 re_education"], ["Human", "Armour", "Instant"])
    assert [v.clause for v in RULES.validate_deck(misprint, "tournament")] == ["TGC-1.2.4.2"]


def test_cli_validate_tournament(tmp_path) -> None:
    """`tcgkit validate --format tournament` reports the broken clause ids (TGC-1.2.4.1)."""
    from typer.testing import CliRunner

    from tcgkit.cli import app

    path = tmp_path / "four.yaml"
    path.write_text("game: tgc\nname: Four\nsubtypes: [Human, Armour, Instant]\nmain:\n"
                    + "".join(f"  - {e}\n" for e in [*BASE[:-1], "4 clown", "4 re_education"]))
    result = CliRunner().invoke(app, ["validate", "tgc", str(path), "--format", "tournament"])
    assert "TGC-1.2.4.1" in result.output
