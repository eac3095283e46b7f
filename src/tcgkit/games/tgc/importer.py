"""Import a TGC set file (the tgstation JSON format, ``shared/data/tgc/FORMAT-NOTES.md``) into tcgkit card files.

The set file is read as it is and never refused over one card: every defect is reported (the file, the card, the
field, what was done about it) and every other card imports. Known defects of the data are tolerated the same way:
unexpanded ``{Name}`` tokens, ``{$Vendetta)``, the undefined ``Lifesteal`` (read as Lifedrain), numbers written as
strings or integers (signed or not), the ``Creture`` misprint. A creature with 0 resolve is imported and is destroyed
as it enters the field (TGC-4.3.2, RULINGS.md); a Hex is imported as a Hex (played onto an enemy creature).

Each card's rules text is the program: the TGC grammar (``grammar.py``) reads it into the effect language at load
time. The report says per card whether it executes fully, partly (the phrases not read) or not at all. Cards the
grammar cannot say keep an override in ``scripts.yaml`` (listed in CARDS.md with why). Only a file that is not a set
file at all (not JSON, no ``cards`` list) raises :class:`CardDataError`.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

import yaml

from tcgkit.core.cards import Defect, load_card_entries
from tcgkit.core.errors import CardDataError
from tcgkit.core.inputs import InputError, load_json

PACKAGE = Path(__file__).parent
SCRIPTS = PACKAGE / "scripts.yaml"
TYPES = {"creature": "creature", "creture": "creature", "equipment": "equipment", "event": "event",
         "battlefield": "battlefield", "artifact": "artifact", "hex": "hex"}
EQUIPMENT_SUBTYPES = ("Armour", "Armor", "Weapon", "Treatment")
RARITIES = ("common", "uncommon", "rare", "epic", "legendary", "misprint")
ALIASES = {"Lifesteal": "Lifedrain"}
_TOKEN = re.compile(r"\{(\$?)([^{}$()]+?)([})])")
#: Fields of a card entry that say what it does: an entry with none of them is compiled from its ``text``.
PROGRAM_FIELDS = ("keywords", "grants", "statics", "effects")


def load_scripts(path: Path = SCRIPTS) -> dict[str, dict[str, Any]]:
    """The overrides: card id -> the fields (keywords, grants, statics, effects) used instead of the compiled text."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(doc, dict):
        raise CardDataError(str(path), None, None, "the scripts file maps card ids to scripts")
    return doc


def _number(raw: Any, report: _Report, label: str, field: str) -> int:
    """A number written as an integer or a digit string (signed or not); anything else is 0, reported."""
    if raw is None or raw == "":
        return 0
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and re.fullmatch(r"\s*[+-]?\d+\s*", raw):
        return int(raw)
    report.add(label, field, f"not a number: {raw!r}", "read as 0")
    return 0


class _Report:
    """The defects met while importing one file."""

    def __init__(self, source: str) -> None:
        self.source = Path(source).name if source else source
        self.defects: list[Defect] = []

    def add(self, card: str, field: str, problem: str, done: str) -> None:
        self.defects.append(Defect(self.source, card, field, problem, done))


def expand_tokens(text: str, known: set[str], label: str, warnings: list[str]) -> tuple[str, list[str]]:
    """Replace keyword tokens by their names; return the plain text and the keyword names met, in order."""
    found: list[str] = []

    def repl(m: re.Match) -> str:
        dollar, name, close = m.group(1), m.group(2).strip(), m.group(3)
        if not dollar:
            warnings.append(f"{label}: token {{{name}}} has no '$' and is never expanded in the source; read as "
                            f"the keyword {name}")
        if close == ")":
            warnings.append(f"{label}: token {{${name}) closes with ')' instead of '}}'; read as {name}")
        if name in ALIASES and name not in known:
            warnings.append(f"{label}: keyword {name} is not defined in the keyword file; read as {ALIASES[name]}")
            name = ALIASES[name]
        elif known and name not in known:
            warnings.append(f"{label}: keyword {name} is not defined in the keyword file")
        found.append(name)
        return name

    return _TOKEN.sub(repl, text), found


def convert_card(raw: Any, index: int, template: dict[str, Any], known: set[str], report: _Report,
                 seen: set[str]) -> dict[str, Any] | None:
    """One set-file card -> one tcgkit card entry, every defect reported; None (reported) only for an entry that is
    not a card at all (not an object, or no name)."""
    if not isinstance(raw, dict):
        report.add(f"#{index + 1}", "", "a card is a JSON object", "skipped (nothing to import)")
        return None
    card = {**template, **{k: v for k, v in raw.items() if k != "template"}}
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        label = str(card.get("id") or f"#{index + 1}")
        report.add(label, "name", "required (a non-empty string)", "skipped (a card without a name cannot be named in "
                   "a deck)")
        return None
    cid = card.get("id")
    if not isinstance(cid, str) or not cid.strip():
        cid = re.sub(r"\W+", "_", name.strip().lower()).strip("_") or f"card{index + 1}"
        report.add(name, "id", "required (a non-empty string)", f"the id {cid!r} was made from the name")
    label = cid
    if cid in seen:
        n = 2
        while f"{cid}_{n}" in seen:
            n += 1
        report.add(label, "id", "duplicate card id", f"imported as {cid}_{n}")
        cid = f"{cid}_{n}"
    seen.add(cid)
    kind, subtypes = _kind(card, label, report)
    rarity = str(card.get("rarity") or "common").lower()
    if rarity not in RARITIES:
        report.add(label, "rarity", f"unknown rarity {card.get('rarity')!r}", "read as common")
        rarity = "common"
    warnings: list[str] = []
    text, _ = expand_tokens(str(card.get("rules") or ""), known, label, warnings)
    for w in warnings:
        problem, _, done = w.split(": ", 1)[1].rpartition("; ")
        report.add(label, "rules", problem or done, done if problem else "reported")
    entry = {
        "id": cid, "name": name.strip(), "type": kind, "subtypes": subtypes,
        "cost": _number(card.get("summoncost"), report, label, "summoncost"),
        "power": _number(card.get("power"), report, label, "power"),
        "resolve": _number(card.get("resolve"), report, label, "resolve"),
        "faction": str(card.get("faction") or ""), "rarity": rarity, "text": text.strip(),
        "desc": str(card.get("desc") or ""), "series": str(card.get("series") or ""),
    }
    _check_stats(entry, label, report)
    return entry


def _kind(card: dict[str, Any], label: str, report: _Report) -> tuple[str, list[str]]:
    """The card type (TGC-3.3.3; Hex and Artifact as RULINGS.md says) and the subtypes."""
    subtypes = str(card.get("cardsubtype") or "").split()
    raw = card.get("cardtype")
    ctype = raw.strip().lower() if isinstance(raw, str) else ""
    if ctype == "creture":
        report.add(label, "cardtype", "'Creture' is a misprint", "read as Creature")
    if ctype not in TYPES:
        guess = "creature" if _number(card.get("resolve"), _Report(""), label, "resolve") > 0 else "event"
        report.add(label, "cardtype", f"unknown card type {raw!r}", f"read as {guess.title()} (by its stats)")
        ctype = guess
    kind = TYPES[ctype]
    if kind == "event" and "Instant" in subtypes:
        kind = "instant"
    if kind == "event" and "Hex" in subtypes:
        kind = "hex"
    return kind, subtypes


def _check_stats(entry: dict[str, Any], label: str, report: _Report) -> None:
    """Stats that the card type cannot have as printed: reported, with the rules' consequence."""
    kind = entry["type"]
    if entry["cost"] < 0:
        report.add(label, "summoncost", f"negative cost {entry['cost']}", "read as 0 (TGC-3.3.2)")
        entry["cost"] = 0
    if kind == "creature" and entry["resolve"] <= 0:
        report.add(label, "resolve", f"a creature with {entry['resolve']} resolve",
                   "imported; it is destroyed as it enters the field (TGC-4.3.2, RULINGS.md)")
    if kind == "equipment" and entry["subtypes"] and not set(entry["subtypes"]) & set(EQUIPMENT_SUBTYPES):
        report.add(label, "cardsubtype", f"an Equipment with creature subtypes and stats ({' '.join(entry['subtypes'])}"
                   f" {entry['power']}/{entry['resolve']})", "imported as Equipment: its power and resolve are the "
                   "bonuses it gives the creature it equips (TGC-3.3.3.b.3)")
    if kind in ("instant", "event", "battlefield", "artifact") and (entry["power"] or entry["resolve"]):
        article = "an" if kind[0] in "aeiou" else "a"
        report.add(label, "power", f"{article} {kind} with stats {entry['power']}/{entry['resolve']}",
                   "ignored (only creatures and Equipment have power and resolve)")
        entry["power"] = entry["resolve"] = 0


def card_status(entry: dict[str, Any]) -> dict[str, Any]:
    """How a card entry executes: ``full`` (all its text read, or an override), ``partly`` (with the phrases not
    read) or ``not`` (text and nothing read), and why."""
    from tcgkit.games.tgc.grammar import compile_text

    out: dict[str, Any] = {"id": entry["id"], "name": entry["name"]}
    if any(k in entry for k in PROGRAM_FIELDS):
        return {**out, "status": "full", "why": "override in scripts.yaml (CARDS.md)", "unread": []}
    if not entry["text"]:
        return {**out, "status": "full", "why": "no rules text", "unread": []}
    compiled = compile_text(entry["text"], entry["type"], entry["id"], "", entry["cost"])
    if not compiled["unread"]:
        return {**out, "status": "full", "why": "text read", "unread": []}
    status = "partly" if compiled["read"] else "not"
    why = "no phrase reads: " + "; ".join(repr(u) for u in compiled["unread"])
    return {**out, "status": status, "why": why, "unread": compiled["unread"]}


def import_file(path: str | Path, keywords: str | Path | None = None, out: str | Path | None = None,
                scripts: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Import a set file. Returns the report: ``cards`` (imported), ``full``/``partly``/``not`` (counts),
    ``executable`` (= full), ``per_card`` (status and why), ``unread`` (card ids not fully read), ``defects``
    (file, card, field, problem, done) and ``warnings`` (the defects in one line each)."""
    path = Path(path)
    source = str(path)
    try:
        doc = load_json(path, "card")
    except InputError as exc:
        raise CardDataError(source, None, None, exc.detail) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardDataError(source, None, "cards", "a set file is an object with a 'cards' list")
    known = _keywords(path, keywords)
    templates = {t.get("template"): {k: v for k, v in t.items() if k != "template"}
                 for t in doc.get("templates") or [] if isinstance(t, dict)}
    default = templates.get("default", {})
    scripts = load_scripts() if scripts is None else scripts
    report = _Report(source)
    entries: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, raw in enumerate(doc["cards"]):
        tmpl = templates.get(raw.get("template"), default) if isinstance(raw, dict) else default
        entry = convert_card(raw, i, tmpl, known, report, seen)
        if entry is None:
            continue
        script = scripts.get(entry["id"])
        if script is not None and script.get("text") == entry["text"]:  # an override of exactly this text
            entry.update({k: v for k, v in script.items() if k in PROGRAM_FIELDS})
        entries.append(entry)
    cards = load_card_entries({"cards": entries}, source, _model(), _factory(), _verbs(), prepare=_prepare())
    per_card = [card_status(e) for e in entries]
    if out is not None:
        _write(Path(out), path.stem, entries)
    counts = {k: sum(1 for c in per_card if c["status"] == k) for k in ("full", "partly", "not")}
    with_text = [c for c, e in zip(per_card, entries, strict=True) if e["text"]]
    return {"cards": len(cards), **counts, "executable": counts["full"],
            "with_text": len(with_text), "with_text_full": sum(1 for c in with_text if c["status"] == "full"),
            "unread": [c["id"] for c in per_card if c["status"] != "full"], "unscripted": [
                c["id"] for c in per_card if c["status"] != "full"],
            "per_card": per_card, "defects": [asdict(d) for d in report.defects],
            "warnings": [str(d) for d in report.defects]}


def _keywords(path: Path, keywords: str | Path | None) -> set[str]:
    kpath = Path(keywords) if keywords else path.with_name("keywords.json")
    if not kpath.exists():
        if keywords:
            raise CardDataError(str(kpath), None, None, "cannot read the keyword file")
        return set()
    try:
        data = load_json(kpath, "card")
    except InputError as exc:
        raise CardDataError(str(kpath), None, None, exc.detail) from None
    if not isinstance(data, dict):
        raise CardDataError(str(kpath), None, None, "a keyword file maps names to definitions")
    return set(data)


def _write(out: Path, stem: str, entries: list[dict[str, Any]]) -> None:
    (out / "cards").mkdir(parents=True, exist_ok=True)
    header = (f"# Imported by `tcgkit import tgc` from {stem}.json. Each card's `text` is its program (read by the TGC "
              f"grammar at load time);\n# a card with `effects`/`keywords`/`grants`/`statics` keeps an override from "
              f"scripts.yaml (CARDS.md).\n")
    text = yaml.safe_dump({"cards": entries}, sort_keys=False, allow_unicode=True, width=120)
    (out / "cards" / f"{stem}.yaml").write_text(header + text, encoding="utf-8")
    from tcgkit.games.tgc.grammar import write_cache

    write_cache(out / "cards" / f"{stem}.yaml", entries)


def _model():
    from tcgkit.games.tgc.model import TgcCard

    return TgcCard


def _factory():
    from tcgkit.games.tgc import RULES

    return RULES.make_card


def _prepare():
    from tcgkit.games.tgc import RULES

    return RULES.prepare_card


def _verbs():
    from tcgkit.games.tgc import RULES

    return RULES.verbs
