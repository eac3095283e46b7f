"""The TGC set importer: the real core set, its known defects, and malformed files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from tgc_helpers import RULES, shared_tgc

from tcgkit.core.errors import CardDataError
from tcgkit.games.tgc.importer import import_file, load_scripts

DATA = shared_tgc()
CORE = DATA / "coreset_2560.json"
KEYWORDS = DATA / "keywords.json"
needs_data = pytest.mark.skipif(not CORE.exists(), reason="shared TGC data not available")


@needs_data
def test_core_set_imports_and_executes_from_text(tmp_path: Path) -> None:
    """All 105 cards import and execute from their text alone (no override: scripts.yaml holds none)."""
    report = import_file(CORE, keywords=KEYWORDS, out=tmp_path)
    assert report["cards"] == 105 and report["full"] == 105 and report["partly"] == report["not"] == 0
    assert all(c["why"] in ("text read", "no rules text") for c in report["per_card"])
    assert load_scripts() == {}
    written = yaml.safe_load((tmp_path / "cards" / "coreset_2560.yaml").read_text())
    assert len(written["cards"]) == 105


@needs_data
def test_shipped_card_file_matches_the_import(tmp_path: Path) -> None:
    """The package ships the imported card file (no ../shared/data needed at run time), up to date."""
    import_file(CORE, keywords=KEYWORDS, out=tmp_path)
    shipped = (Path(RULES.data_dir) / "cards" / "coreset_2560.yaml").read_text()
    assert (tmp_path / "cards" / "coreset_2560.yaml").read_text() == shipped


@needs_data
def test_known_defects_are_reported() -> None:
    """Unexpanded {Name} tokens and the undefined Lifesteal are tolerated and each is reported."""
    warnings = import_file(CORE, keywords=KEYWORDS)["warnings"]
    assert any("chemist" in w and "{On Tap}" in w for w in warnings)
    assert any("sec_officer" in w and "{Hatred}" in w for w in warnings)
    assert any("ert_med" in w and "Lifesteal" in w and "Lifedrain" in w for w in warnings)


def _set(tmp_path: Path, cards: list, name: str = "set.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"templates": [{"template": "default", "series": "test"}], "cards": cards}))
    (tmp_path / "keywords.json").write_text(json.dumps({"Vendetta": "x", "Taunt": "y", "Lifedrain": "z"}))
    return path


def _card(**kw) -> dict:
    base = {"id": "c1", "name": "Card", "rules": "", "power": "1", "resolve": "2", "summoncost": "1",
            "cardtype": "Creature", "cardsubtype": "Human", "rarity": "common", "faction": "Service"}
    return {**base, **kw}


def test_numbers_as_strings_or_ints_and_creture(tmp_path: Path) -> None:
    """Numbers may be digit strings (signed or not) or integers; the 'Creture' misprint is read as Creature."""
    path = _set(tmp_path, [_card(id="a", power=3, resolve="+2", cardtype="Creture"),
                           _card(id="b", name="Suit", cardtype="Equipment", cardsubtype="Armour", power="-1",
                                 resolve="+5")])
    report = import_file(path, scripts={}, out=tmp_path)
    assert report["cards"] == 2
    assert any("Creture" in w for w in report["warnings"])
    cards = yaml.safe_load((tmp_path / "cards" / "set.yaml").read_text())["cards"]
    assert (cards[0]["type"], cards[0]["power"], cards[0]["resolve"]) == ("creature", 3, 2)
    assert (cards[1]["power"], cards[1]["resolve"]) == (-1, 5)


def test_vendetta_paren_defect(tmp_path: Path) -> None:
    """``{$Vendetta)`` (a ')' for the closing brace) is read as the keyword and reported."""
    path = _set(tmp_path, [_card(rules="{$Vendetta) (Human, +1/+1)")])
    report = import_file(path, scripts={})
    assert any("Vendetta" in w and "')'" in w for w in report["warnings"])
    assert report["full"] == 1  # and the keyword keeps its parameter (test_tgc_keywords.py)


def test_unread_text_is_reported_per_card(tmp_path: Path) -> None:
    """A card whose text the grammar cannot read is imported, reported as partly or not executable with the exact
    phrase; never silently dropped."""
    path = _set(tmp_path, [_card(rules="{$Taunt}. Juggle three torches."), _card(id="c2", rules=""),
                           _card(id="c3", rules="Sing a song.")])
    report = import_file(path, scripts={})
    assert (report["cards"], report["full"], report["partly"], report["not"]) == (3, 1, 1, 1)
    c1 = report["per_card"][0]
    assert c1["status"] == "partly" and c1["unread"] == ["Juggle three torches."]
    assert report["per_card"][2]["status"] == "not" and "Sing a song." in report["per_card"][2]["why"]


def test_an_override_applies_only_to_the_text_it_replaces(tmp_path: Path) -> None:
    """TGC-0.2-2: a per-card override is data (scripts.yaml, by card id and with the exact text it replaces)."""
    override = {"c1": {"text": "Sing a song.", "keywords": ["Taunt"]}}
    path = _set(tmp_path, [_card(rules="Sing a song.")])
    assert import_file(path, scripts=override)["per_card"][0]["why"].startswith("override")
    path = _set(tmp_path, [_card(rules="Sing two songs.")])
    assert import_file(path, scripts=override)["per_card"][0]["status"] == "not"


@pytest.mark.parametrize(("card", "field", "message", "done"), [
    (_card(power="lots"), "power", "not a number", "read as 0"),
    (_card(cardtype="Spell"), "cardtype", "unknown card type", "read as Creature"),
    ({"name": "No Id", "cardtype": "Creature", "resolve": "1"}, "id", "required", "made from the name"),
    (_card(rarity="mythic"), "rarity", "unknown rarity", "read as common"),
    (_card(resolve="0"), "resolve", "0 resolve", "destroyed as it enters the field"),
    (_card(cardtype="Equipment", cardsubtype="Human Doctor", power="3", resolve="4"), "cardsubtype",
     "creature subtypes and stats", "imported as Equipment"),
])
def test_a_defective_card_is_imported_and_reported(tmp_path: Path, card: dict, field: str, message: str,
                                                   done: str) -> None:
    """A defective card never stops the import: it is reported (file, card, field, what was done) and the other
    cards import."""
    path = _set(tmp_path, [card, _card(id="ok", name="Fine")])
    report = import_file(path, scripts={})
    assert report["cards"] == 2
    d = next(d for d in report["defects"] if d["field"] == field)
    assert d["file"].endswith("set.json") and message in d["problem"] and done in d["done"]
    assert d["card"] in ("c1", "No Id")


def test_entries_that_are_no_card_are_skipped_and_reported(tmp_path: Path) -> None:
    """Only an entry that is not a card at all (not an object, no name) is skipped; a duplicate id is renamed."""
    path = _set(tmp_path, ["junk", {"id": "x", "cardtype": "Creature"}, _card(), _card(name="Twin")])
    report = import_file(path, scripts={}, out=tmp_path)
    assert report["cards"] == 2
    assert [d["done"].split(" ")[0] for d in report["defects"]] == ["skipped", "skipped", "imported"]
    cards = yaml.safe_load((tmp_path / "cards" / "set.yaml").read_text())["cards"]
    assert [c["id"] for c in cards] == ["c1", "c1_2"]


def test_not_a_set_file(tmp_path: Path) -> None:
    """Invalid JSON or a file without a cards list is refused with the file named."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CardDataError, match="bad.json"):
        import_file(bad, scripts={})
    bad.write_text(json.dumps({"cards": {}}))
    with pytest.raises(CardDataError, match="cards"):
        import_file(bad, scripts={})


@needs_data
def test_cli_import_json(tmp_path: Path) -> None:
    """`tcgkit import tgc FILE --keywords K --out DIR --json` prints the report."""
    from typer.testing import CliRunner

    from tcgkit.cli import app

    result = CliRunner().invoke(app, ["import", "tgc", str(CORE), "--keywords", str(KEYWORDS), "--out",
                                      str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["cards"] == 105 and report["full"] == 105 and report["unread"] == []


def test_rulings_cover_every_ambiguity() -> None:
    """RULINGS.md names every clause of the catalog that has an ambiguity, and the card-text words."""
    catalog = DATA.parent.parent / "rules" / "tgc.clauses.yaml"
    if not catalog.exists():
        pytest.skip("shared rules not available")
    clauses = yaml.safe_load(catalog.read_text())["clauses"]
    text = (Path(RULES.data_dir) / "RULINGS.md").read_text()
    missing = [c["id"] for c in clauses if c.get("ambiguity") and f"**{c['id']}**" not in text]
    assert missing == []
    for word in ("mana", "graveyard", "lifeshards", "First Effect Phase", "Artifact"):
        assert f"**{word}**" in text


@needs_data
def test_every_used_keyword_is_a_mechanic() -> None:
    """Every keyword token of the core set is an engine mechanic (or a timing word scripted as an effect), and
    every card naming a property keyword carries it (or, for Equipment, grants it)."""
    from tcgkit.games.tgc.importer import ALIASES, expand_tokens
    from tcgkit.games.tgc.model import KEYWORDS, TIMING_KEYWORDS

    known = set(json.loads((DATA / "keywords.json").read_text()))
    for raw in json.loads(CORE.read_text())["cards"]:
        _, tokens = expand_tokens(raw["rules"], known, raw["id"], [])
        d = RULES.pool().get(raw["id"])
        carried = {k.split(":")[0] for k in (*d.fields["kw"], *(g.split("@")[0] for g in d.fields["grants"]))}
        for tok in tokens:
            tok = ALIASES.get(tok, tok)
            assert tok in KEYWORDS or tok in TIMING_KEYWORDS, (raw["id"], tok)
            if tok in KEYWORDS and tok not in ("Bleed", "Art of the Deal") and raw["id"] not in (
                    "rabbit_pai", "glitch_system", "wiz_suit", "roboticist", "geneticist", "med_geneticist",
                    "drone_pai", "adrenals", "lawyer"):  # these name a keyword they give, remove or test for
                assert tok in carried, (raw["id"], tok)


def test_cli_import_prints_each_card_and_the_counts(tmp_path: Path) -> None:
    """`tcgkit import tgc FILE` prints per card whether it executes fully, partly (which phrase) or not, and the
    summary counts."""
    from typer.testing import CliRunner

    from tcgkit.cli import app

    path = _set(tmp_path, [_card(rules="{$Taunt}. Juggle three torches."), _card(id="c2", name="Plain", rules=""),
                           _card(id="c3", name="Bard", rules="Sing a song.")])
    result = CliRunner().invoke(app, ["import", "tgc", str(path)])
    assert result.exit_code == 0, result.output
    assert "executes partly: Card: no phrase reads: 'Juggle three torches.'" in result.output
    assert "executes fully: Plain (no rules text)" in result.output
    assert "does not execute: Bard" in result.output
    assert "3 cards: 1 execute fully, 1 partly, 1 not; 0 of 2 with rules text execute from it" in result.output


def test_cli_explain_a_card_in_words() -> None:
    """`tcgkit cards tgc --explain NAME` prints how the engine read the card, step by step, in words (no hook or
    internal key shown)."""
    from typer.testing import CliRunner

    from tcgkit.cli import app

    result = CliRunner().invoke(app, ["cards", "tgc", "--explain", "Captain"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Captain (creature, Command)"
    assert "an action (cost: tap this card, pay 1 plasma):" in lines
    assert "  choose one of the opponent's creatures (it may affect)" in lines
    assert "tgc." not in result.output
    bad = CliRunner().invoke(app, ["cards", "tgc", "--explain", "Nobody"])
    assert bad.exit_code != 0


def test_docs_card_in_words_example() -> None:
    """docs/cards.md: the card written in words compiles, and `--explain` prints what the page shows."""
    import re

    from tgc_helpers import with_cards

    page = (Path(__file__).resolve().parents[3] / "docs" / "cards.md").read_text()
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", page, re.S) if "Station Seer" in b)
    shown = re.search(r'\$ tcgkit cards tgc --explain "Station Seer"\n(.*?)```', page, re.S).group(1)
    with with_cards(block):
        assert RULES.explain_card("Station Seer") == shown.strip().splitlines()


def test_an_imported_set_plays_from_where_it_was_written(tmp_path: Path) -> None:
    """`tcgkit import tgc SET --out DIR` then `--cards DIR`: the imported cards (text only) are read by the grammar
    from the designer folder and explained."""
    from typer.testing import CliRunner

    from tcgkit.cli import app
    from tcgkit.core.folders import use_folders

    (tmp_path / "in").mkdir()
    path = _set(tmp_path / "in", [_card(id="seer", name="Seer", rules="{$On Summon}: Draw 2 cards.")])
    try:
        assert CliRunner().invoke(app, ["import", "tgc", str(path), "--out", str(tmp_path / "out")]).exit_code == 0
        result = CliRunner().invoke(app, ["cards", "tgc", "--cards", str(tmp_path / "out"), "--explain", "Seer"])
        assert result.exit_code == 0, result.output
        assert "  draw 2 card(s)" in result.output.splitlines()
    finally:
        use_folders([])
