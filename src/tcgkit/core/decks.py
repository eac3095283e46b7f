"""Decks and deck files.

A deck file is YAML: ``game``, ``name``, an optional ``format`` and ``description``, and one list per section
(``main`` always; a game may add others: ``artefacts``, ``armory``, ``creation_pile``...). Each entry is either
``"3 Fire Imp"`` or ``{card: Fire Imp, count: 3}``.

>>> deck = Deck.from_dict({"game": "g", "name": "Imps", "main": ["3 Fire Imp", {"card": "Ice Imp", "count": 2}]})
>>> deck.sections["main"]
('Fire Imp', 'Fire Imp', 'Fire Imp', 'Ice Imp', 'Ice Imp')
>>> deck.count("main")
5
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcgkit.core.errors import DeckFileError
from tcgkit.core.inputs import InputError, load_yaml

_ENTRY = re.compile(r"^\s*(\d+)\s*[xX]?\s+(.+?)\s*$")
META_KEYS = {"game", "name", "format", "description"}
#: The most cards a deck file's section may hold; checked from the counts, before any copy is listed.
MAX_SECTION_CARDS = 1000


@dataclass(frozen=True)
class Violation:
    """One way a deck breaks the rules, with the clause id it breaks."""

    clause: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"clause": self.clause, "message": self.message}


@dataclass(frozen=True)
class Deck:
    """A deck: card names (or keys) per section, one entry per copy."""

    game: str
    name: str
    sections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    format: str | None = None
    description: str = ""
    source: str = ""

    def section(self, name: str) -> tuple[str, ...]:
        return self.sections.get(name, ())

    def count(self, section: str = "main") -> int:
        return len(self.sections.get(section, ()))

    def counts(self, section: str = "main") -> Counter:
        return Counter(self.sections.get(section, ()))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "name": self.name}
        if self.format:
            out["format"] = self.format
        for sec, cards in self.sections.items():
            out[sec] = [f"{n} {c}" for c, n in Counter(cards).items()]
        return out

    @classmethod
    def from_dict(cls, doc: Any, source: str = "<deck>") -> Deck:
        if not isinstance(doc, dict):
            raise DeckFileError(f"{source}: a deck file is a mapping with game, name and main")
        for key in ("game", "name"):
            if not isinstance(doc.get(key), str):
                raise DeckFileError(f"{source}: field {key}: required (a string)")
        sections: dict[str, tuple[str, ...]] = {}
        for key, value in doc.items():
            if key in META_KEYS:
                continue
            if not isinstance(value, list):
                raise DeckFileError(f"{source}: section {key}: must be a list of cards")
            cards: list[str] = []
            for i, entry in enumerate(value):
                name, count = parse_entry(entry, f"{source}: section {key}[{i}]")
                if len(cards) + count > MAX_SECTION_CARDS:
                    raise DeckFileError(f"{source}: section {key}[{i}]: {count} copies of {name} take the section "
                                        f"past the limit of {MAX_SECTION_CARDS} cards")
                cards.extend([name] * count)
            sections[key] = tuple(cards)
        if "main" not in sections:
            raise DeckFileError(f"{source}: section main: required")
        return cls(doc["game"], doc["name"], sections, doc.get("format"), str(doc.get("description", "")), source)

    @classmethod
    def load(cls, path: str | Path) -> Deck:
        path = Path(path)
        try:
            doc = load_yaml(path, "deck")
        except InputError as exc:
            raise DeckFileError(str(exc)) from None
        return cls.from_dict(doc, str(path))


def parse_entry(entry: Any, where: str) -> tuple[str, int]:
    """One deck-list entry, ``"3 Fire Imp"`` or ``{card: Fire Imp, count: 3}``, as (name, count); ``where`` names
    it in the error.

    >>> parse_entry("3 Fire Imp", "main[0]"), parse_entry({"card": "Ice Imp", "count": 2}, "main[1]")
    (('Fire Imp', 3), ('Ice Imp', 2))
    """
    if isinstance(entry, str):
        m = _ENTRY.match(entry)
        if m:
            digits = m.group(1)
            return m.group(2), _checked_count(int(digits) if len(digits) <= 12 else 10**12, where)
        if entry.strip():
            return entry.strip(), 1
    elif isinstance(entry, dict) and isinstance(entry.get("card"), str):
        count = entry.get("count", 1)
        if type(count) is int and count >= 1:
            return entry["card"], _checked_count(count, where)
        raise DeckFileError(f"{where}: count must be a positive integer")
    raise DeckFileError(f"{where}: an entry is '3 Card Name' or {{card: Card Name, count: 3}}")


def _checked_count(count: int, where: str) -> int:
    if count > MAX_SECTION_CARDS:
        raise DeckFileError(f"{where}: {count if count < 10**12 else 'over 10^12'} copies is more than the limit of "
                            f"{MAX_SECTION_CARDS} cards in a section")
    return count
