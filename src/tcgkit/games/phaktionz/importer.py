"""Import the designer's Phaktionz spreadsheets as they are.

A decklist CSV has the header ``Qty,Tier,Type,Name,Dmg,Ability`` (extra empty columns are ignored), one row per
card, an optional ``Invocations`` separator row, multi-line cells and the designer's typos. Summon rows have a
numeric Tier, Type ``S`` (Striker) or ``T`` (Tech) and a DMG; Invocation rows have Type Regular, Counter, Realm or
Weapon(s), and sometimes their ability one column to the left (in the Dmg column). ``Factions.xlsx`` has one sheet
per faction with the same columns (no Qty).

No file is refused over one card: a bad row is read as well as it can be and reported as a :class:`Defect` (the
file and row, the card, the field, what was done). A card's ability text is its program: it is written as ``text``
and the Phaktionz grammar (``grammar.py``) compiles it when the cards load; the report says per card whether it
executes fully, partly (the sentences not read) or not, and which terms the rulebook never defines it uses.
``scripts.yaml`` holds the overrides (keyed by card name): a faction the spreadsheets do not give, a flavour text the
grammar would not recognise, an ability the grammar cannot say. A Summon with no known faction takes its decklist's.

>>> rows = parse_csv_text("Qty,Tier,Type,Name,Dmg,Ability\\n2,1,S,Imp,2,\\n", "x.csv")
>>> rows[0].name, rows[0].qty, rows[0].kind
('Imp', 2, 'summon')
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcgkit.core.cards import Defect, load_card_entries
from tcgkit.core.cards import normalize_name as _norm
from tcgkit.core.errors import CardDataError, TcgkitError
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


def _int(cell: str, what: str, where: str, default: int | None = None, card: str = "",
         defects: list[Defect] | None = None) -> int:
    try:
        return int(cell.strip())
    except ValueError:
        if default is None or defects is None:
            raise ImportError_(f"{where}: {what} {cell.strip()!r} is not a whole number") from None
        defects.append(Defect(where, card, what, f"{cell.strip()!r} is not a whole number", f"read as {default}"))
        return default


def parse_csv_text(text: str, source: str, defects: list[Defect] | None = None) -> list[Row]:
    """Read a decklist CSV's text into rows. A defect of one row is appended to ``defects`` (file and row, card,
    field, what was done) and the row is read as well as it can be; only a file with no header is refused."""
    defects = [] if defects is None else defects
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
        row = _row(cells, where, reader.line_num, in_invocations, defects)
        if row is not None:
            rows.append(row)
    if not header_seen:
        raise ImportError_(f"{source}: empty file (no header row)")
    return rows


def _row(cells: list[str], where: str, line: int, in_invocations: bool, defects: list[Defect]) -> Row | None:
    """One card row; a defect is reported (the module's defect list) with what was done, never raised."""
    qty_cell, tier_cell, type_cell, name_cell, dmg_cell, ability_cell = cells[:6]
    name = clean(name_cell)
    if not name:
        defects.append(Defect(where, "", "Name", "the Name cell is empty", "row skipped (a card needs a name)"))
        return None
    qty = _int(qty_cell, "Qty", where, 1, name, defects)
    if qty < 1:
        defects.append(Defect(where, name, "Qty", f"Qty {qty} is below 1", "read as 1"))
        qty = 1
    kind_word = clean(type_cell).lower()
    if kind_word not in ("s", "t") and kind_word not in INV_TYPES:
        guess = "s" if tier_cell.strip().isdigit() else "regular"
        defects.append(Defect(where, name, "Type", f"Type {type_cell.strip()!r} is neither S, T nor an Invocation "
                               "type (Regular, Counter, Realm, Weapon)",
                               "read as a Striker" if guess == "s" else "read as a Regular Invocation"))
        kind_word = guess
    if kind_word in ("s", "t"):
        if in_invocations:
            defects.append(Defect(where, name, "Type", "a Summon after the Invocations row", "imported as a Summon"))
        ability, keywords = split_keywords(clean_ability(ability_cell))
        tier = _int(tier_cell, "Tier", where, 1, name, defects)
        if not 0 <= tier <= 4:
            defects.append(Defect(where, name, "Tier", f"Tier {tier} is outside 0-4 (PHK-SUM-02)",
                                   f"read as {min(4, max(0, tier))}"))
            tier = min(4, max(0, tier))
        formula = tier * 2 if kind_word == "s" else max(0, tier * 2 - 1)  # the workbook's own IFS formula
        dmg = _int(dmg_cell, "Dmg", where, formula, name, defects)
        return Row(name, "summon", qty, tier, "striker" if kind_word == "s" else "tech", max(0, dmg), None,
                   ability, keywords, line)
    if kind_word in INV_TYPES:  # an Invocation (always, after the fallback above)
        ability = ability_cell if ability_cell.strip() else ""
        if not ability and dmg_cell.strip() and not dmg_cell.strip().isdigit():
            ability = dmg_cell  # the ability slipped one column to the left
        ability, keywords = split_keywords(clean_ability(ability))
    return Row(name, "invocation", qty, None, None, None, INV_TYPES[kind_word], ability, keywords, line)


def split_keywords(ability: str) -> tuple[str, list[str]]:
    """Take ``United ("This Summon has United in its name")`` reminder lines off the ability as keywords."""
    keywords = []
    while True:
        m = KEYWORD_LINE.match(ability)
        if not m:
            return ability.strip(), keywords
        keywords.append(m.group(1).capitalize())
        ability = ability[m.end():]


def row_warnings(rows: list[Row], text: str, source: str) -> list[Defect]:
    """The sheet's quirks the importer worked around, as defects."""
    warns = []
    if "\ninvocations," not in text.lower().replace("\r", ""):
        warns.append(Defect(source, "", "", "no Invocations separator row", "invocations recognised by their Type"))
    for line in text.splitlines():
        low = line.lower()
        if low.startswith(("1,limited,", "2,limited,", "3,limited,", "4,limited,")):
            name = line.split(",")[3] if line.count(",") >= 3 else ""
            warns.append(Defect(source, name, "Tier", "'Limited' on an Invocation row",
                                "read as a note (the ability's own limit applies)"))
    return warns


# ---------------------------------------------------------------------------------------------- the workbook


def read_workbook(path: Path, defects: list[Defect] | None = None) -> list[tuple[str, Row]]:
    """(faction, row) for every card row of every faction sheet of ``Factions.xlsx``; a bad row is a defect."""
    defects = [] if defects is None else defects
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
            row = _sheet_row(values, f"{path.name}: sheet {faction}: row {r}", r, defects)
            if row is not None:
                out.append((faction, row))
    wb.close()
    return out


def _sheet_row(values: tuple, where: str, r: int, defects: list[Defect]) -> Row | None:
    """A faction sheet row read like a decklist row (Qty 1); the Dmg formula is the sheet's own ``IFS``."""
    tier, kind, name, dmg, ability = values[1:6]
    kind_word = clean(kind).lower()
    if isinstance(dmg, str) and dmg.startswith("=") and isinstance(tier, int) and kind_word in ("s", "t"):
        dmg = tier * 2 if kind_word == "s" else tier * 2 - 1
    cells = ["1", "" if tier is None else str(tier), str(kind or ""), str(name or ""), "" if dmg is None else str(dmg),
             str(ability or "")]
    return _row(cells, where, r, False, defects)


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
    """The card file entry of one row: its printed fields and its ability ``text`` (the program, compiled at load
    time); an override of ``scripts.yaml`` adds what the text cannot say (``effects``, ``flavour``, fields)."""
    from tcgkit.games.phaktionz.grammar import compile_text

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
    script.pop("faction", None)
    flavour = script.pop("flavour", False)
    if not flavour and row.ability and "effects" not in script:
        got = compile_text(row.ability, row.kind, row.inv_type)
        flavour = not got.effects and not got.fields and not got.unread  # every sentence read as flavour
    if flavour:
        entry["flavour"] = row.ability
    elif row.ability:
        entry["text"] = row.ability
    for key in ("tribute", "field_tier", "attach_filter", "limit", "copies", "keywords"):
        if key in script:
            entry[key] = script.pop(key)
    if "effects" in script:
        entry["effects"] = script.pop("effects")
    entry["source"] = source
    return entry


def card_status(entry: dict[str, Any], source: str, names: frozenset[str] = frozenset()) -> dict[str, Any]:
    """How a card entry executes: ``full`` (all its rules text read, an override, flavour or no text), ``partly``
    (with the phrases not read) or ``not`` (rules text and nothing read), why, and the undefined terms it uses."""
    from tcgkit.games.phaktionz.grammar import compile_text

    out: dict[str, Any] = {"name": entry["name"], "file": source}
    keywords = [str(k) for k in entry.get("keywords") or []]  # the rulebook defines no keyword
    if entry.get("unread") and not entry.get("effects"):
        return {**out, "status": "not", "why": "refused by the card loader (see the defects)",
                "unread": entry["unread"], "terms": keywords}
    if "effects" in entry:
        return {**out, "status": "full", "why": "override in scripts.yaml (CARDS.md)", "unread": [], "terms": keywords}
    if entry.get("flavour"):
        return {**out, "status": "full", "why": "flavour text only", "unread": [], "terms": keywords}
    if not entry.get("text"):
        return {**out, "status": "full", "why": "no ability text", "unread": [], "terms": keywords}
    got = compile_text(entry["text"], entry["kind"], entry.get("inv_type"), names)
    status = {"fully": "full", "partly": "partly", "not": "not"}[got.status]
    why = "text read" if status == "full" else "no phrase reads: " + "; ".join(repr(u) for u in got.unread)
    return {**out, "status": status, "why": why, "unread": got.unread,
            "terms": list(dict.fromkeys(keywords + got.terms))}


def resolve_factions(rows: list[Row], source: str, factions: dict[str, str], scripts: dict[str, dict[str, Any]],
                     defects: list[Defect]) -> dict[str, str]:
    """Card name (normalised) -> faction for every Summon of a decklist (RULINGS.md, "Factions of new Summons").

    A Summon's faction is the one of the workbook (or ``scripts.yaml``); a Summon on neither takes the faction most
    of the decklist's known Summons have (a Standard deck has one faction, PHK-STD-03), else the decklist's name.
    Each guess is reported."""
    known: dict[str, str] = {}
    for row in rows:
        key = _norm(row.name)
        faction = (scripts.get(key) or {}).get("faction") or factions.get(key)
        if row.kind == "summon" and faction:
            known[key] = faction
    counts: dict[str, int] = {}
    for f in known.values():
        counts[f] = counts.get(f, 0) + 1
    fallback = max(sorted(counts), key=lambda f: counts[f]) if counts else Path(source).stem.replace("-", " ")
    how = "the faction of the decklist's other Summons" if counts else "the decklist's name (no Summon of it is known)"
    for row in rows:
        key = _norm(row.name)
        if row.kind == "summon" and key not in known:
            known[key] = fallback
            defects.append(Defect(source, row.name, "faction", "no faction known (not in the workbook nor "
                                  "scripts.yaml)", f"given {fallback!r}, {how}"))
    return known


def build(rows: list[Row], source: str, factions: dict[str, str], scripts: dict[str, dict[str, Any]],
          defects: list[Defect] | None = None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Card entries and the report for a list of rows (validated against the card schema and the vocabulary)."""

    defects = [] if defects is None else defects
    entries, seen = [], set()
    for row in rows:
        key = _norm(row.name)
        if key in seen:
            defects.append(Defect(source, row.name, "Name", "listed twice", "the copies are added up"))
            continue
        seen.add(key)
        entries.append(card_entry(row, factions.get(key), scripts.get(key), source))
    cards = _load_reporting(entries, source, defects)
    names = frozenset(w.lower() for e in entries for w in re.findall(r"[A-Za-z\-]+", e["name"]))
    per_card = [card_status(e, source, names) for e in entries]
    return entries, report(len(cards), per_card, defects)


def _load_reporting(entries: list[dict[str, Any]], source: str, defects: list[Defect]) -> list[Any]:
    """Load the entries as the game will; a card the loader refuses (a field the schema refuses, an effect of an
    override that does not check) is reported and imported without the refused part, never refusing the rest."""
    from tcgkit.games.phaktionz import RULES

    for _ in range(len(entries) + 1):
        try:
            return load_card_entries({"cards": entries}, source, RULES.card_model, RULES.make_card, RULES.verbs,
                                     check=RULES.check_effect, prepare=RULES.prepare_card)
        except CardDataError as exc:
            bad = next((e for e in entries if e["name"] == exc.card), None)
            if bad is None or bad.get("unread") == [bad.get("text", "")]:
                raise
            defects.append(Defect(source, bad["name"], exc.field or "", exc.message,
                                  "imported without effects (reported as not executable)"))
            bad.pop("effects", None)
            bad["unread"] = [bad.get("text", "")]
            bad["effects"] = []
    raise ImportError_(f"{source}: the cards could not be loaded")


def report(n: int, per_card: list[dict[str, Any]], defects: list[Defect]) -> dict[str, Any]:
    """The import report, in the shape of ``tcgkit import tgc``'s: counts, per card status and why, defects,
    warnings (one line each), plus ``undefined_terms`` (term -> the cards using it; RULINGS.md)."""
    counts = {k: sum(1 for c in per_card if c["status"] == k) for k in ("full", "partly", "not")}
    with_text = [c for c in per_card if c["why"] not in ("no ability text", "flavour text only")]
    terms: dict[str, list[str]] = {}
    for c in per_card:
        for t in c.pop("terms"):
            terms.setdefault(t, []).append(c["name"])
    not_full = [c["name"] for c in per_card if c["status"] != "full"]
    return {"cards": n, **counts, "executable": counts["full"], "with_text": len(with_text),
            "with_text_full": sum(1 for c in with_text if c["status"] == "full"), "unread": not_full,
            "unscripted": not_full, "per_card": per_card, "undefined_terms": terms,
            "defects": [asdict(d) for d in defects], "warnings": [str(d) for d in defects]}


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
    header = ("# Imported by `tcgkit import phaktionz` from the designer's spreadsheets. Each card's `text` is its "
              "program (read by\n# the Phaktionz grammar at load time); `faction`, `flavour` and any `effects` come "
              "from the overrides in scripts.yaml.\n")
    path.write_text(header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return path


def import_file(path: str | Path, keywords: str | None = None, out: str | Path | None = None) -> dict[str, Any]:
    """Import a decklist CSV (cards and a deck) or the faction workbook (cards); see the module docstring. Returns
    the report of :func:`report`; only a file that cannot be read at all raises :class:`ImportError_`."""
    path = Path(path)
    if not path.exists():
        raise ImportError_(f"{path}: no such file")
    scripts = load_scripts()
    defects: list[Defect] = []
    if path.suffix.lower() == ".xlsx":
        pairs = read_workbook(path, defects)
        factions = {_norm(r.name): f for f, r in pairs}
        entries, rep = build([r for _, r in pairs], path.name, factions, scripts, defects)
        if out is not None:
            write_cards(Path(out), entries)
        return rep
    try:
        text = read_text(path, "card")
    except InputError as exc:
        raise ImportError_(str(exc)) from None
    rows = parse_csv_text(text, path.name, defects)
    workbook = path.parent / "Factions.xlsx"
    defects += row_warnings(rows, text, path.name)
    factions = resolve_factions(rows, path.name, faction_map(workbook if workbook.exists() else None), scripts,
                                defects)
    entries, rep = build(rows, path.name, factions, scripts, defects)
    if out is not None:
        out = Path(out)
        write_cards(out, entries)
        deck_path = out / "decks" / f"{path.stem.lower()}.yaml"
        deck_path.parent.mkdir(parents=True, exist_ok=True)
        deck = deck_doc(rows, path.stem.replace("-", " ").replace("_", " "))
        deck_path.write_text(yaml.safe_dump(deck, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return rep
