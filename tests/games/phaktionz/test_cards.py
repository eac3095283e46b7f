"""Phaktionz card anatomy: Summons, Invocations, CP cards, and errors naming file, card and field (PHK-SUM, PHK-INV,
PHK-CP-05, PHK-TERM-05)."""

from __future__ import annotations

from pathlib import Path

import pytest
from phk_helpers import RULES

from tcgkit.core.cards import load_card_entries, load_card_file
from tcgkit.core.errors import CardDataError


def load(entries: list[dict]):
    return load_card_entries({"cards": entries}, "test.yaml", RULES.card_model, RULES.make_card, RULES.verbs)


def summon(**kw) -> dict:
    base = {"name": "Imp", "kind": "summon", "tier": 1, "type": "striker", "dmg": 2, "faction": "Mythicals"}
    return {**base, **kw}


def test_sum_01_sum_07_sum_08_a_summon_exposes_tier_type_dmg_faction() -> None:
    """PHK-SUM-01, PHK-SUM-07, PHK-SUM-08: a loaded Summon has tier, type, an integer dmg and a faction."""
    d = RULES.pool().get("Hu the Fantastic Elf")
    assert d.type == "summon"
    assert d.stats == {"tier": 2, "dmg": 4}
    assert d.fields["summon_type"] == "striker" and d.fields["faction"] == "Mythicals"


def test_sum_02_tiers_zero_to_four_load_five_and_minus_one_do_not() -> None:
    """PHK-SUM-02: Tier 0..4 load; 5 and -1 are rejected, naming the field."""
    for tier in range(5):
        assert load([summon(tier=tier)])[0].stats["tier"] == tier
    for tier in (5, -1):
        with pytest.raises(CardDataError, match="test.yaml: card Imp: field tier"):
            load([summon(tier=tier)])


def test_sum_03_every_summon_is_a_striker_or_a_tech() -> None:
    """PHK-SUM-03: each Summon of the pool is a Striker or a Tech; any other type is rejected."""
    for d in RULES.pool():
        if d.type == "summon":
            assert d.fields["summon_type"] in ("striker", "tech")
    with pytest.raises(CardDataError, match="field type"):
        load([summon(type="wizard")])


def test_sum_01_a_summon_needs_its_fields() -> None:
    """PHK-SUM-01: a Summon without a faction (or DMG) is an error naming the card."""
    entry = summon()
    del entry["faction"]
    with pytest.raises(CardDataError, match="card Imp: .*faction"):
        load([entry])


def test_inv_01_invocation_types() -> None:
    """PHK-INV-01: every Invocation has inv_type regular, counter, realm or weapon."""
    seen = {d.fields["inv_type"] for d in RULES.pool() if d.type == "invocation"}
    assert seen == {"regular", "counter", "realm", "weapon"}
    with pytest.raises(CardDataError, match="inv_type"):
        load([{"name": "Zap", "kind": "invocation", "inv_type": "instant"}])


def test_cp_05_a_cp_card_keeps_its_tier_or_type() -> None:
    """PHK-CP-05: the CP mark is a flag beside the Tier or Invocation type."""
    golem = RULES.pool().get("Last Resort Golem")
    assert golem.fields["cp"] and golem.has("cp") and golem.stats["tier"] == 1
    wind = RULES.pool().get("Second Wind")
    assert wind.fields["cp"] and wind.fields["inv_type"] == "regular"
    with pytest.raises(CardDataError, match="create condition"):
        load([summon(create={"exists": "you.field"})])


def test_term_05_tiers_compare_as_integers() -> None:
    """PHK-TERM-05: Tier 3 outranks Tier 2 (tiers run 0-4, the reading of PHK-SUM-02)."""
    pool = RULES.pool()
    assert pool.get("Waroko Loko, King Giant").stats["tier"] > pool.get("Hu the Fantastic Elf").stats["tier"]


def test_bad_effect_names_file_card_and_field(tmp_path: Path) -> None:
    """A card file with an unknown verb is reported with its file, card and field."""
    path = tmp_path / "bad.yaml"
    path.write_text("cards:\n  - {name: Imp, kind: summon, tier: 1, type: tech, dmg: 1, faction: Kingdom,\n"
                    "     effects: [{kind: play, steps: [{explode: {}}]}]}\n")
    with pytest.raises(CardDataError, match=r"bad.yaml: card Imp: field effects\[0\].steps\[0\]: unknown verb"):
        load_card_file(path, RULES.card_model, RULES.make_card, RULES.verbs)


def test_every_shipped_card_loads_and_designer_cards_carry_their_text() -> None:
    """The pool loads; each designer card with an ability keeps its printed text or flavour."""
    pool = RULES.pool()
    designer = [d for d in pool if d.fields["source"].endswith(".csv")]
    assert len(designer) == 49  # 61 rows in four lists, 12 cards shared by the two Zane lists
    flavour = {d.name for d in designer if d.fields["flavour"]}
    assert "The Unfornate Warrior" in flavour and "The Enchanted Lion" in flavour
    for d in designer:
        if not d.fields["flavour"] and d.text:
            assert d.effects, f"{d.name} has text but no effects"


def test_doc_01_ruleset_version_and_column_setting() -> None:
    """PHK-DOC-01: the engine records handbook version 1.3; the column count is a setting (Figure 1 is missing)."""
    assert RULES.version == "1.3"
    assert RULES.OPTIONS["columns"] == 5
