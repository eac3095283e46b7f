"""TGOD card schema: the printed fields and the description box (description, ability, requirement).

A TGOD card's description box holds a Description (not on Power cards), an Ability in parentheses and, possibly, a
requirement in brackets (TGOD-CARD-08/09). On Base Armor the box starts with the words "Base Armor"
(TGOD-CARD-10).

>>> box = parse_box("A mighty beast. (Deals +10 A when attacking.)")
>>> box.description, box.ability, box.requirement
('A mighty beast.', 'Deals +10 A when attacking.', None)
>>> parse_requirement("Guardian type deck only")
('deck', 'guardian')
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_validator

ATTRIBUTES = ("guardian", "knight", "tyrant")
#: The colour code of each Attribute (TGOD-CARD-01); it has no effect on play.
COLOURS = {"guardian": "blue", "knight": "yellow", "tyrant": "black"}
RARITIES = ("LEGENDARY", "Ultimate Rare", "Rare", "Uncommon", "Common")
CREATURE, EQUIPMENT, BASE, POWER = "creature", "equipment", "base_armor", "power"
TYPES = (CREATURE, EQUIPMENT, BASE, POWER)

_ATTR = "(guardian|knight|tyrant)"
_REQUIREMENTS = (
    (re.compile(rf"^{_ATTR} type deck(?: only)?\.?$", re.I), "deck"),
    (re.compile(rf"^requires? an? {_ATTR} main creature\.?$", re.I), "main"),
    (re.compile(r"^requires? an? main creature\.?$", re.I), "main"),
    (re.compile(r"^requires? an? backup creature\.?$", re.I), "backup"),
)


class Box(NamedTuple):
    """The parts of a description box."""

    description: str
    ability: str
    requirement: str | None
    base_armor: bool


def parse_box(text: str) -> Box:
    """Split a description box into description, ability (parentheses) and requirement (brackets).

    >>> parse_box("Base Armor. Black stone. [Tyrant type deck only] (Heal 10 HP.)")
    Box(description='Black stone.', ability='Heal 10 HP.', requirement='Tyrant type deck only', base_armor=True)
    """
    text = " ".join(text.split())
    base = text.lower().startswith("base armor")
    if base:
        text = text[len("base armor"):].lstrip(" .:-")
    abilities, requirements, rest = _split(text)
    description = " ".join(rest.split())
    if len(requirements) > 1:
        raise ValueError("at most one requirement in brackets")
    return Box(description, " ".join(abilities), requirements[0] if requirements else None, base)


def _split(text: str) -> tuple[list[str], list[str], str]:
    """Top-level ``( )`` and ``[ ]`` groups (nesting allowed) and the text outside them.

    >>> _split("A beast. (Deals +10 A (+20 at night).) [Tyrant type deck]")
    (['Deals +10 A (+20 at night).'], ['Tyrant type deck'], 'A beast.  ')
    """
    parens: list[str] = []
    brackets: list[str] = []
    rest: list[str] = []
    depth, opener, start = 0, "", 0
    for i, ch in enumerate(text):
        if depth == 0:
            if ch in "([":
                depth, opener, start = 1, ch, i + 1
            elif ch in ")]":
                raise ValueError(f"unbalanced {ch!r} in the description box")
            else:
                rest.append(ch)
            continue
        if ch == opener:
            depth += 1
        elif ch == (")" if opener == "(" else "]"):
            depth -= 1
            if depth == 0:
                (parens if opener == "(" else brackets).append(text[start:i].strip())
    if depth:
        raise ValueError(f"unclosed {opener!r} in the description box")
    return parens, brackets, "".join(rest)


def parse_requirement(text: str) -> tuple[str, str]:
    """A bracketed requirement as ``(kind, value)``: ``deck``, ``main`` (value: an attribute or ``""``), ``backup``.

    >>> parse_requirement("Requires a Knight Main Creature")
    ('main', 'knight')
    >>> parse_requirement("Requires a Backup Creature")
    ('backup', '')
    """
    for pattern, kind in _REQUIREMENTS:
        m = pattern.match(text.strip())
        if m:
            return kind, (m.group(1).lower() if m.groups() else "")
    raise ValueError(
        f"unknown requirement [{text}]; known: [<Attribute> type deck only], [Requires a <Attribute> Main "
        "Creature], [Requires a Main Creature], [Requires a Backup Creature]"
    )


class TgodCard(BaseModel):
    """A TGOD card as printed (TGOD-TYPE-01, TGOD-ATTR-01, TGOD-CARD-01..10).

    ``text`` is the description box; ``type`` may be left out for a Base Armor (its box starts with "Base Armor")
    and for a Creature (it has HP). ``lasts`` (Power cards only) is how many of its owner's turns the card stays in
    the Power card zone (TGOD-ROLE-04).
    """

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    number: str = Field(min_length=1)
    type: Literal["creature", "equipment", "base_armor", "power"] | None = None
    attribute: Literal["guardian", "knight", "tyrant"]
    rarity: Literal["LEGENDARY", "Ultimate Rare", "Rare", "Uncommon", "Common"]
    attack: int | None = Field(default=None, ge=0)
    defense: int | None = Field(default=None, ge=0)
    stars: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=1)
    lasts: int | None = Field(default=None, ge=1)
    creator: str = ""
    text: str = ""
    #: Phrases of the ability no template read (set by ``effects: from_text``, see ``grammar.py``).
    unread: list[str] | None = None

    @field_validator("text")
    @classmethod
    def _box(cls, value: str) -> str:
        box = parse_box(value)
        if box.requirement is not None:
            parse_requirement(box.requirement)
        return value


def card_type(m: TgodCard, box: Box) -> str:
    """The card's type: as given, else Base Armor by its box (TGOD-CARD-10), else Creature when it has HP."""
    if m.type is not None:
        if box.base_armor and m.type != BASE:
            raise ValueError(f"field type: the box starts with 'Base Armor' but the type is {m.type} (TGOD-CARD-10)")
        if m.type == BASE and not box.base_armor:
            raise ValueError("field text: a Base Armor's box must start with 'Base Armor' (TGOD-CARD-10)")
        return m.type
    if box.base_armor:
        return BASE
    if m.hp is not None:
        return CREATURE
    raise ValueError("field type: required (creature, equipment, base_armor or power)")


#: Which printed numbers each type carries (TGOD-CARD-02..05); ``lasts`` only on Power cards.
REQUIRED = {CREATURE: ("attack", "stars", "hp"), BASE: ("attack", "stars", "hp"), EQUIPMENT: ("attack",),
            POWER: ()}
ALLOWED = {CREATURE: ("attack", "stars", "hp"), BASE: ("attack", "stars", "hp"),
           EQUIPMENT: ("attack", "defense"), POWER: ("lasts",)}
NUMBERS = ("attack", "defense", "stars", "hp", "lasts")
CLAUSE_OF = {"attack": "TGOD-CARD-02", "defense": "TGOD-CARD-03", "stars": "TGOD-CARD-04", "hp": "TGOD-CARD-05",
             "lasts": "TGOD-ROLE-04"}


def card_stats(m: TgodCard, kind: str) -> dict[str, int]:
    """The printed numbers, checked against the card type."""
    for f in REQUIRED[kind]:
        if getattr(m, f) is None:
            raise ValueError(f"field {f}: a {kind} card needs it ({CLAUSE_OF[f]})")
    stats: dict[str, int] = {}
    for f in NUMBERS:
        v = getattr(m, f)
        if v is None:
            continue
        if f not in ALLOWED[kind]:
            raise ValueError(f"field {f}: a {kind} card has none ({CLAUSE_OF[f]})")
        stats[f] = v
    if kind == EQUIPMENT:
        stats.setdefault("defense", 0)
    if kind == POWER:
        stats.setdefault("lasts", 1)
    return stats
