"""Import a TGC set file (the tgstation JSON format, ``shared/data/tgc/FORMAT-NOTES.md``) into tcgkit card files.

The set file is read as it is; its known defects are tolerated and each one is reported as a warning:
unexpanded ``{Name}`` tokens, ``{$Vendetta)``, the undefined ``Lifesteal`` (read as Lifedrain), numbers written as
strings or integers (signed or not), and the ``Creture`` misprint. Each card's rules text is executed through the
script keyed by its id in ``scripts.yaml`` (merged here); a card with rules text and no script is reported as
unscripted. A malformed set file raises :class:`CardDataError` naming the file, the card and the field.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from tcgkit.core.cards import load_card_entries
from tcgkit.core.errors import CardDataError
from tcgkit.core.inputs import InputError, load_json

PACKAGE = Path(__file__).parent
SCRIPTS = PACKAGE / "scripts.yaml"
TYPES = {"creature": "creature", "creture": "creature", "equipment": "equipment", "event": "event",
         "battlefield": "battlefield", "artifact": "artifact", "hex": "event"}
RARITIES = ("common", "uncommon", "rare", "epic", "legendary", "misprint")
ALIASES = {"Lifesteal": "Lifedrain"}
_TOKEN = re.compile(r"\{(\$?)([^{}$()]+?)([})])")


def load_scripts(path: Path = SCRIPTS) -> dict[str, dict[str, Any]]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(doc, dict):
        raise CardDataError(str(path), None, None, "the scripts file maps card ids to scripts")
    return doc


def _number(raw: Any, source: str, label: str, field: str) -> int:
    if raw is None or raw == "":
        return 0
    if isinstance(raw, bool):
        raise CardDataError(source, label, field, f"not a number: {raw!r}")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and re.fullmatch(r"\s*[+-]?\d+\s*", raw):
        return int(raw)
    raise CardDataError(source, label, field, f"not a number: {raw!r}")


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


def convert_card(raw: Any, index: int, template: dict[str, Any], known: set[str], source: str,
                 warnings: list[str]) -> dict[str, Any]:
    """One set-file card -> one tcgkit card entry (without its script)."""
    if not isinstance(raw, dict):
        raise CardDataError(source, f"#{index + 1}", None, "a card is a JSON object")
    card = {**template, **{k: v for k, v in raw.items() if k != "template"}}
    label = str(card.get("id") or card.get("name") or f"#{index + 1}")
    for field in ("id", "name", "cardtype"):
        if not isinstance(card.get(field), str) or not card[field].strip():
            raise CardDataError(source, label, field, "required (a non-empty string)")
    ctype = card["cardtype"].strip().lower()
    if ctype not in TYPES:
        raise CardDataError(source, label, "cardtype", f"unknown card type {card['cardtype']!r}")
    if ctype == "creture":
        warnings.append(f"{label}: cardtype 'Creture' is a misprint; read as Creature")
    subtypes = str(card.get("cardsubtype") or "").split()
    kind = TYPES[ctype]
    if kind == "event" and "Instant" in subtypes:
        kind = "instant"
    rarity = str(card.get("rarity") or "common").lower()
    if rarity not in RARITIES:
        raise CardDataError(source, label, "rarity", f"unknown rarity {card.get('rarity')!r}")
    text, found = expand_tokens(str(card.get("rules") or ""), known, label, warnings)
    entry = {
        "id": card["id"], "name": card["name"], "type": kind, "subtypes": subtypes,
        "cost": _number(card.get("summoncost"), source, label, "summoncost"),
        "power": _number(card.get("power"), source, label, "power"),
        "resolve": _number(card.get("resolve"), source, label, "resolve"),
        "faction": str(card.get("faction") or ""), "rarity": rarity, "text": text.strip(),
        "desc": str(card.get("desc") or ""), "series": str(card.get("series") or ""),
    }
    if entry["cost"] < 0:
        raise CardDataError(source, label, "summoncost", "must not be negative")
    entry["_tokens"] = found
    return entry


def import_file(path: str | Path, keywords: str | Path | None = None, out: str | Path | None = None,
                scripts: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Import a set file; returns ``{"cards", "executable", "unscripted", "warnings"}`` (see the module docs)."""
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
    warnings: list[str] = []
    entries, unscripted, seen = [], [], set()
    for i, raw in enumerate(doc["cards"]):
        tmpl = templates.get(raw.get("template"), default) if isinstance(raw, dict) else default
        entry = convert_card(raw, i, tmpl, known, source, warnings)
        if entry["id"] in seen:
            raise CardDataError(source, entry["id"], "id", "duplicate card id")
        seen.add(entry["id"])
        tokens = entry.pop("_tokens")
        script = scripts.get(entry["id"])
        if script is not None:
            entry.update({k: v for k, v in script.items() if k in ("keywords", "grants", "statics", "effects")})
        elif entry["text"]:
            unscripted.append(entry["id"])
            entry["keywords"] = [t for t in tokens if t in known]
        entries.append(entry)
    cards = load_card_entries({"cards": entries}, source, _model(), _factory(), _verbs())
    if out is not None:
        _write(Path(out), path.stem, entries)
    return {"cards": len(cards), "executable": len(cards) - len(unscripted), "unscripted": unscripted,
            "warnings": warnings}


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
    header = f"# Imported by `tcgkit import tgc` from {stem}.json; scripts merged from scripts.yaml.\n"
    text = yaml.safe_dump({"cards": entries}, sort_keys=False, allow_unicode=True, width=120)
    (out / "cards" / f"{stem}.yaml").write_text(header + text, encoding="utf-8")


def _model():
    from tcgkit.games.tgc.model import TgcCard

    return TgcCard


def _factory():
    from tcgkit.games.tgc import RULES

    return RULES.make_card


def _verbs():
    from tcgkit.games.tgc import RULES

    return RULES.verbs
