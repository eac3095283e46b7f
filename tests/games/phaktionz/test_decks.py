"""Phaktionz deck rules: Standard and Synthesis, copies, factions, the Creation Pile (PHK-FMT, PHK-STD, PHK-SYN,
PHK-CP)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from phk_helpers import RULES

from tcgkit.core.cards import CardDef, load_card_entries
from tcgkit.core.decks import Deck
from tcgkit.core.errors import DeckFileError
from tcgkit.games.phaktionz.rules import check_deck, load_faction_groups

DESIGNER_DECKS = ["Lulo United", "Lyla", "Zane Basic", "Zane WP"]


def deck_of(main: Iterable[str], cp: Iterable[str] = (), fmt: str | None = None) -> Deck:
    sections = {"main": tuple(main)}
    if cp:
        sections["creation_pile"] = tuple(cp)
    return Deck("phaktionz", "test", sections, fmt)


def clauses(deck: Deck, fmt: str | None = None) -> list[str]:
    return [v.clause for v in RULES.validate_deck(deck, fmt)]


def lulo() -> list[str]:
    return list(RULES.deck("Lulo United").sections["main"])


@pytest.mark.parametrize("name", DESIGNER_DECKS)
def test_designer_decks_are_legal_in_standard(name: str) -> None:
    """The four imported decklists validate in Standard (PHK-STD-02, PHK-STD-03, PHK-FMT-01)."""
    assert RULES.validate_deck(RULES.deck(name), "standard") == []


def test_std_02_forty_nine_and_fifty_one_cards_are_rejected() -> None:
    """PHK-STD-02: a Standard deck holds exactly 50 cards."""
    main = lulo()
    assert clauses(deck_of(main[:-1])) == ["PHK-STD-02"]
    assert clauses(deck_of([*main, "Haka Goblin"])) == ["PHK-STD-02"]
    assert clauses(deck_of(main)) == []


def test_fmt_01_five_copies_are_rejected() -> None:
    """PHK-FMT-01: at most 4 copies of a card; 4 is legal."""
    main = lulo()
    assert main.count("Hu the Fantastic Elf") == 4
    five = [*main[:-1], "Hu the Fantastic Elf"]
    assert "PHK-FMT-01" in clauses(deck_of(five))


def test_fmt_01_creation_pile_counts_toward_copies() -> None:
    """PHK-FMT-01 (ruling): the Creation Pile counts toward the 4-copy limit."""
    zane = list(RULES.deck("Zane Basic").sections["main"])
    assert clauses(deck_of(zane, ["Last Resort Golem"] * 4)) == []
    assert "PHK-FMT-01" in clauses(deck_of(zane, ["Last Resort Golem"] * 5))


def test_std_03_two_factions_are_rejected_in_standard() -> None:
    """PHK-STD-03: a Standard deck's Summons belong to one faction (Mythicals + Warriors is rejected)."""
    mixed = [*lulo()[:-4], *["Defense Guard"] * 4]
    assert clauses(deck_of(mixed)) == ["PHK-STD-03"]


def test_std_01_standard_is_the_default_format() -> None:
    """PHK-STD-01: with no format named, Standard rules apply (a 60-card deck is not legal)."""
    big = [*lulo(), *RULES.deck("Zane Basic").sections["main"][:10]]
    assert "PHK-STD-02" in clauses(deck_of(big))
    with pytest.raises(DeckFileError, match="PHK-STD-02"):
        RULES.new_game([deck_of(big), RULES.deck("Lyla")], seed=1)


def test_syn_01_synthesis_size_fifty_to_seventy_five() -> None:
    """PHK-SYN-01: Synthesis holds 50 to 75 cards; 49 and 76 are rejected."""
    zane = list(RULES.deck("Zane Basic").sections["main"])
    assert clauses(deck_of(zane), "synthesis") == []
    assert clauses(deck_of(zane[:-1]), "synthesis") == ["PHK-SYN-01"]
    wp = [n for n in RULES.deck("Zane WP").sections["main"] if "Ultimate" in n or n == "Fulthrottle Blast"]
    seventy_five = [*zane, *zane[:20], *wp]  # 75 cards, no card above 4 copies? (checked below)
    seventy_five = _cap_copies(seventy_five, 75)
    assert len(seventy_five) == 75
    assert clauses(deck_of(seventy_five), "synthesis") == []
    assert clauses(deck_of([*seventy_five, "Haka Goblin"]), "synthesis")[0] == "PHK-SYN-01"


def _cap_copies(names: list[str], size: int) -> list[str]:
    """Fill a list to ``size`` from Warriors cards without going over 4 copies of any."""
    pool = [c.name for c in RULES.pool() if c.fields["faction"] in ("Warriors", None) and not c.fields["cp"]]
    out: list[str] = []
    for n in names + pool * 4:
        if len(out) == size:
            break
        if out.count(n) < 4:
            out.append(n)
    return out


def _cards(entries: list[dict]) -> list[CardDef]:
    return load_card_entries({"cards": entries}, "<test>", RULES.card_model, RULES.make_card, RULES.verbs)


def _summon(name: str, tier: int, faction: str) -> dict:
    """A test Summon whose text allows any number of copies (PHK-FMT-01's exception), to keep decks short."""
    return {"name": name, "kind": "summon", "tier": tier, "type": "striker", "dmg": 2 * tier, "faction": faction,
            "copies": 75}


def test_syn_02_and_syn_03_each_faction_needs_each_tier() -> None:
    """PHK-SYN-02: Synthesis allows several factions; PHK-SYN-03 (reading a): each faction needs a Summon of
    every Tier played. Mythicals+Probers with no Tier 2 Prober is rejected; adding one makes it legal."""
    myth = _cards([_summon("M1", 1, "Mythicals"), _summon("M2", 2, "Mythicals")])
    prob1, prob2 = _cards([_summon("P1", 1, "Probers"), _summon("P2", 2, "Probers")])
    filler = [myth[0]] * 4 + [myth[1]] * 4 + [prob1] * 4
    filler = filler * 5
    groups = load_faction_groups()
    without = check_deck(filler[:50], [], "synthesis", groups)
    assert [v.clause for v in without] == ["PHK-SYN-03"]
    with_p2 = check_deck([*filler[:49], prob2], [], "synthesis", groups)
    assert with_p2 == []
    assert [v.clause for v in check_deck(filler[:50], [], "standard", groups)][-1] == "PHK-STD-03"


def test_syn_04_origins_combine_with_unknowns_or_modernas() -> None:
    """PHK-SYN-04: Origins + Unknowns and Origins + Modernas pass the group check."""
    groups = load_faction_groups()
    for other in ("The Unknowns", "Probers"):
        cards = _cards([_summon("O", 1, "Mythicals"), _summon("X", 1, other)])
        assert check_deck([cards[0]] * 25 + [cards[1]] * 25, [], "synthesis", groups) == []


def test_syn_05_unknowns_and_modernas_are_not_combined() -> None:
    """PHK-SYN-05: an Unknowns faction and a Modernas faction in one Synthesis deck are rejected."""
    groups = load_faction_groups()
    assert groups["The Unknowns"] == "unknowns" and groups["Probers"] == "modernas"
    u, m = _cards([_summon("U", 1, "The Unknowns"), _summon("M", 1, "Probers")])
    got = [v.clause for v in check_deck([u] * 25 + [m] * 25, [], "synthesis", groups)]
    assert got == ["PHK-SYN-05"]


def test_cp_03_creation_pile_holds_at_most_ten() -> None:
    """PHK-CP-03: an 11-card Creation Pile is rejected; 10 is legal (copies aside)."""
    zane = list(RULES.deck("Zane Basic").sections["main"])
    ten = ["Last Resort Golem"] * 4 + ["Second Wind"] * 4
    assert clauses(deck_of(zane, ten)) == []
    got = clauses(deck_of(zane, ten + ["Last Resort Golem"] * 3))
    assert "PHK-CP-03" in got


def test_cp_03_and_cp_05_only_cp_cards_in_the_creation_pile() -> None:
    """PHK-CP-03/PHK-CP-05 (ruling): the Creation Pile holds only CP cards, and CP cards are not in the deck."""
    zane = list(RULES.deck("Zane Basic").sections["main"])
    assert "PHK-CP-05" in clauses(deck_of(zane, ["Defense Guard"]))
    assert "PHK-CP-03" in clauses(deck_of([*zane[:-1], "Last Resort Golem"]))


def test_every_violation_is_reported() -> None:
    """A deck check lists every broken rule with its clause id."""
    bad = [*lulo()[:-5], *["Defense Guard"] * 5]
    got = clauses(deck_of(bad))
    assert set(got) == {"PHK-FMT-01", "PHK-STD-03"}
    assert clauses(deck_of(["No Such Card"] * 50)) == ["card-pool"]
