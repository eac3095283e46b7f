"""Import the designer's Phaktionz spreadsheets as they are.

A decklist CSV has the header ``Qty,Tier,Type,Name,Dmg,Ability`` (extra empty columns are ignored), one row per
card, an optional ``Invocations`` separator row, multi-line cells and the designer's typos. Summon rows have a
numeric Tier, Type ``S`` (Striker) or ``T`` (Tech) and a DMG; Invocation rows have Type Regular, Counter, Realm or
Weapon(s), and sometimes their ability one column to the left (in the Dmg column). ``Factions.xlsx`` has one sheet
per faction with the same columns (no Qty).

Each ability is matched with ``scripts.yaml`` (keyed by card name): an entry scripts it in the effect language or
marks it as flavour. The report lists every card whose ability is neither (``unscripted``).

>>> rows = parse_csv_text("Qty,Tier,Type,Name,Dmg,Ability\\n2,1,S,Imp,2,\\n", "x.csv")
>>> rows[0].name, rows[0].qty, rows[0].kind
('Imp', 2, 'summon')
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcgkit.core.cards import load_card_entries
from tcgkit.core.cards import normalize_name as _norm
from tcgkit.core.errors import TcgkitError
from tcgkit.core.inputs import InputError, read_bytes, read_text

HERE = Path(__file__).parent
HEADER = ("qty", "tier", "type", "name", "dmg", "ability")
INV_TYPES = {"regular": "regular", "counter": "counter", "realm": "realm", "weapon": "weapon", "weapons": "weapon"}
KEYWORD_LINE = re.compile(r'^\s*(\w+)\s*\(\s*"This Summon has \1 in its name"\s*\)\s*', re.IGNORECASE)
LIMIT_PREFIX = re.compile(r"^\s*(L/?\d+)\s*:")
IMPORTED_CARDS = "designer.yaml"


class ImportError_(TcgkitError):
    """A spreadsheet the importer cannot read; the message names the file and the row."""


@dataclass
class Row:
    """One card row of a decklist or faction sheet."""

    name: str
    kind: str
    qty: int = 1
    tier: int | None = None
    type: str | None = None
    dmg: int | None = None
    inv_type: str | None = None
    ability: str = ""
    keywords: list[str] = field(default_factory=list)
    line: int = 0


def clean(text: Any) -> str:
    """Collapse a cell's line breaks and runs of spaces into single spaces."""
    return " ".join(str(text or "").split())


def clean_ability(text: Any) -> str:
    """An ability cell: lines stripped and joined; blank lines kept as paragraph breaks."""
    paras = re.split(r"\n\s*\n", str(text or "").replace("\r", ""))
    return "\n".join(" ".join(p.split()) for p in paras if p.strip())


def _int(cell: str, what: str, where: str) -> int:
    try:
        return int(cell.strip())
    except ValueError:
        raise ImportError_(f"{where}: {what} {cell.strip()!r} is not a whole number") from None


def parse_csv_text(text: str, source: str) -> list[Row]:
    """Read a decklist CSV's text into rows; a malformed row raises an error naming the file and row."""
    reader = csv.reader(io.StringIO(text))
    rows: list[Row] = []
    header_seen = False
    in_invocations = False
    for record, cells in enumerate(reader, start=1):
        where = f"{source}: row {record} (line {reader.line_num})"
        cells = [c for c in cells]
        if not any(c.strip() for c in cells):
            continue
        if not header_seen:
            got = tuple(clean(c).lower() for c in cells[:6])
            if got != HEADER:
                raise ImportError_(f"{where}: expected the header Qty,Tier,Type,Name,Dmg,Ability, "
                                   f"got {','.join(cells)}")
            header_seen = True
            continue
        if clean(cells[0]).lower() == "invocations" and not any(c.strip() for c in cells[1:]):
            in_invocations = True
            continue
        cells += [""] * (6 - len(cells))
        rows.append(_row(cells, where, reader.line_num, in_invocations))
    if not header_seen:
        raise ImportError_(f"{source}: empty file (no header row)")
    return rows


def _row(cells: list[str], where: str, line: int, in_invocations: bool) -> Row:
    qty_cell, tier_cell, type_cell, name_cell, dmg_cell, ability_cell = cells[:6]
    name = clean(name_cell)
    if not name:
        raise ImportError_(f"{where}: the Name cell is empty")
    qty = _int(qty_cell, "Qty", where)
    if qty < 1:
        raise ImportError_(f"{where}: Qty must be at least 1")
    kind_word = clean(type_cell).lower()
    if kind_word in ("s", "t"):
        if in_invocations:
            raise ImportError_(f"{where}: a Summon (Type {type_cell.strip()}) after the Invocations row")
        ability, keywords = split_keywords(clean_ability(ability_cell))
        return Row(name, "summon", qty, _int(tier_cell, "Tier", where), "striker" if kind_word == "s" else "tech",
                   _int(dmg_cell, "Dmg", where), None, ability, keywords, line)
    if kind_word in INV_TYPES:
        ability = ability_cell if ability_cell.strip() else ""
        if not ability and dmg_cell.strip() and not dmg_cell.strip().isdigit():
            ability = dmg_cell  # the ability slipped one column to the left
        ability, keywords = split_keywords(clean_ability(ability))
        return Row(name, "invocation", qty, None, None, None, INV_TYPES[kind_word], ability, keywords, line)
    raise ImportError_(f"{where}: Type {type_cell.strip()!r} is neither S, T nor an Invocation type "
                       "(Regular, Counter, Realm, Weapon)")


def split_keywords(ability: str) -> tuple[str, list[str]]:
    """Take ``United ("This Summon has United in its name")`` reminder lines off the ability as keywords."""
    keywords = []
    while True:
        m = KEYWORD_LINE.match(ability)
        if not m:
            return ability.strip(), keywords
        keywords.append(m.group(1).capitalize())
        ability = ability[m.end():]


def row_warnings(rows: list[Row], text: str, source: str) -> list[str]:
    """Notes about the sheet's quirks the importer worked around."""
    warns = []
    if "\ninvocations," not in text.lower().replace("\r", ""):
        warns.append(f"{source}: no Invocations separator row; invocations recognised by their Type")
    for line in text.splitlines():
        low = line.lower()
        if low.startswith(("1,limited,", "2,limited,", "3,limited,", "4,limited,")):
            warns.append(f"{source}: Tier 'Limited' on an Invocation row read as a note (the ability's own limit "
                         "applies)")
    return warns


# ---------------------------------------------------------------------------------------------- the workbook


def read_workbook(path: Path) -> list[tuple[str, Row]]:
    """(faction, row) for every card row of every faction sheet of ``Factions.xlsx``."""
    try:
        import openpyxl
    except ModuleNotFoundError:  # pragma: no cover - a runtime dependency
        raise ImportError_("reading .xlsx needs openpyxl (pip install openpyxl)") from None
    try:
        data = read_bytes(path, "card")  # a plain file within the size limit, never a pipe or a device
    except InputError as exc:
        raise ImportError_(str(exc)) from None
    try:
        wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
    except Exception as exc:  # openpyxl raises many kinds
        raise ImportError_(f"{path}: cannot read the workbook: {exc}") from None
    out = []
    for ws in wb.worksheets:
        faction = ws.title.strip()
        for r, values in enumerate(ws.iter_rows(values_only=True), start=1):
            if r == 1 or not values or len(values) < 6 or not values[3]:
                continue
            out.append((faction, _sheet_row(values, f"{path.name}: sheet {faction}: row {r}", r)))
    wb.close()
    return out


def _sheet_row(values: tuple, where: str, r: int) -> Row:
    tier, kind_cell, name, dmg, ability = values[1], clean(values[2]).lower(), clean(values[3]), values[4], values[5]
    text, keywords = split_keywords(clean_ability(ability))
    if kind_cell in ("s", "t"):
        if not isinstance(tier, int):
            raise ImportError_(f"{where}: Tier {tier!r} is not a whole number")
        if isinstance(dmg, str) and dmg.startswith("="):
            dmg = tier * 2 if kind_cell == "s" else tier * 2 - 1  # the sheet's own IFS formula
        if not isinstance(dmg, int):
            raise ImportError_(f"{where}: Dmg {dmg!r} is not a whole number")
        return Row(name, "summon", 1, tier, "striker" if kind_cell == "s" else "tech", dmg, None, text, keywords, r)
    if kind_cell in INV_TYPES:
        return Row(name, "invocation", 1, None, None, None, INV_TYPES[kind_cell], text, keywords, r)
    raise ImportError_(f"{where}: Type {values[2]!r} is neither S, T nor an Invocation type")


def faction_map(path: Path | None) -> dict[str, str]:
    """Card name (normalised) -> faction, from a faction workbook (empty when there is none)."""
    if path is None or not path.exists():
        return {}
    return {_norm(row.name): faction for faction, row in read_workbook(path)}


# ---------------------------------------------------------------------------------------------- merging scripts


def load_scripts(path: Path | None = None) -> dict[str, dict[str, Any]]:
    doc = yaml.safe_load((path or HERE / "scripts.yaml").read_text(encoding="utf-8")) or {}
    return {_norm(k): v or {} for k, v in doc.items()}


def card_entry(row: Row, faction: str | None, script: dict[str, Any] | None, source: str) -> dict[str, Any]:
    """The card file entry of one row, with its script merged in."""
    entry: dict[str, Any] = {"name": row.name, "kind": row.kind}
    keywords = list(row.keywords)
    if "united" in row.name.lower() and "United" not in keywords:
        keywords.append("United")  # a card with United in its name is a United card (RULINGS.md)
    if row.kind == "summon":
        entry.update(tier=row.tier, type=row.type, dmg=row.dmg, faction=faction or "Unaffiliated")
    else:
        entry["inv_type"] = row.inv_type
    if keywords:
        entry["keywords"] = keywords
    script = dict(script or {})
    if row.kind == "invocation":
        script.pop("faction", None)
    flavour = script.pop("flavour", False)
    if flavour:
        entry["flavour"] = row.ability
    elif row.ability:
        entry["text"] = row.ability
    for key in ("faction", "tribute", "field_tier", "attach_filter", "limit", "copies", "keywords"):
        if key in script:
            entry[key] = script.pop(key)
    if "effects" in script:
        entry["effects"] = script.pop("effects")
    entry["source"] = source
    return entry


def is_scripted(row: Row, script: dict[str, Any] | None) -> bool:
    """An ability with text is handled when the script marks it flavour or gives it effects or printed fields."""
    if not row.ability:
        return True
    return bool(script) and (bool(script.get("flavour")) or bool(script.get("effects"))
                             or any(k in script for k in ("tribute", "attach_filter")))


def build(rows: list[Row], source: str, factions: dict[str, str],
          scripts: dict[str, dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Card entries and the report for a list of rows (validated against the card schema and the vocabulary)."""
    from tcgkit.games.phaktionz import RULES

    entries, unscripted, warnings, seen = [], [], [], set()
    for row in rows:
        key = _norm(row.name)
        if key in seen:
            warnings.append(f"{source}: {row.name} listed twice; the copies are added up")
            continue
        seen.add(key)
        script = scripts.get(key)
        faction = (script or {}).get("faction") or factions.get(key)
        if row.kind == "summon" and not faction:
            warnings.append(f"{source}: no faction known for {row.name} (not in the workbook nor scripts.yaml)")
        if not is_scripted(row, script):
            unscripted.append(row.name)
        entries.append(card_entry(row, faction, script, source))
    load_card_entries({"cards": entries}, source, RULES.card_model, RULES.make_card, RULES.verbs)
    report = {"cards": len(entries), "executable": len(entries) - len(unscripted), "unscripted": unscripted,
              "warnings": warnings}
    return entries, report


def deck_doc(rows: list[Row], name: str) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.name] = counts.get(row.name, 0) + row.qty
    return {"game": "phaktionz", "name": name, "format": "standard",
            "description": f"The designer's decklist {name}, imported from its CSV.",
            "main": [f"{n} {card}" for card, n in counts.items()]}


def write_cards(out: Path, entries: list[dict[str, Any]]) -> Path:
    """Merge entries (by name) into ``out/cards/designer.yaml``."""
    path = out / "cards" / IMPORTED_CARDS
    path.parent.mkdir(parents=True, exist_ok=True)
    existing: list[dict[str, Any]] = []
    if path.exists():
        existing = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("cards") or []
    by_name = {_norm(e["name"]): e for e in existing}
    for e in entries:
        by_name[_norm(e["name"])] = e
    doc = {"cards": sorted(by_name.values(), key=lambda e: (e["kind"], e["name"].lower()))}
    header = "# Imported by `tcgkit import phaktionz` from the designer's spreadsheets; scripts from scripts.yaml.\n"
    path.write_text(header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return path


def import_file(path: str | Path, keywords: str | None = None, out: str | Path | None = None) -> dict[str, Any]:
    """Import a decklist CSV (cards and a deck) or the faction workbook (cards); see the module docstring."""
    path = Path(path)
    if not path.exists():
        raise ImportError_(f"{path}: no such file")
    scripts = load_scripts()
    if path.suffix.lower() == ".xlsx":
        pairs = read_workbook(path)
        factions = {_norm(r.name): f for f, r in pairs}
        entries, report = build([r for _, r in pairs], path.name, factions, scripts)
        if out is not None:
            write_cards(Path(out), entries)
        return report
    try:
        text = read_text(path, "card")
    except InputError as exc:
        raise ImportError_(str(exc)) from None
    rows = parse_csv_text(text, path.name)
    workbook = path.parent / "Factions.xlsx"
    entries, report = build(rows, path.name, faction_map(workbook if workbook.exists() else None), scripts)
    report["warnings"] = row_warnings(rows, text, path.name) + report["warnings"]
    if out is not None:
        out = Path(out)
        write_cards(out, entries)
        deck_path = out / "decks" / f"{path.stem.lower()}.yaml"
        deck_path.parent.mkdir(parents=True, exist_ok=True)
        deck = deck_doc(rows, path.stem.replace("-", " ").replace("_", " "))
        deck_path.write_text(yaml.safe_dump(deck, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return report
