"""TGC card files: the pydantic model of one card, and keyword helpers shared by the rules and the importer."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

#: The card types (TGC-3.3.3) plus Artifact, which the rules never define, and Hex (keywords.json; see RULINGS.md).
CREATURE, EQUIPMENT, INSTANT, EVENT, BATTLEFIELD, ARTIFACT, HEX = (
    "creature", "equipment", "instant", "event", "battlefield", "artifact", "hex")
CARD_TYPES = (CREATURE, EQUIPMENT, INSTANT, EVENT, BATTLEFIELD, ARTIFACT, HEX)

#: The keywords of keywords.json that the engine implements as mechanics (rules.py, verbs.py; see CARDS.md).
KEYWORDS = frozenset({
    "Acid Blood", "Art of the Deal", "Asimov", "Bleed", "Blocker", "Blood Pawn", "Carapace", "Changeling",
    "Clockwork", "Deadeye", "Death-Defying", "Double Strike", "Exterminate", "First Strike", "Flying", "Focused",
    "Fury", "Graytide", "Hatred", "Hivemind", "Holy", "Hulking", "Immunity", "Indestructible", "Lifedrain",
    "Long-Ranged", "Modular", "Necrotaint", "Oo Rah", "Rapid Response", "Resistance", "Squad Tactics", "Stasis",
    "Systems Nominal", "Taunt", "Toxic", "Tribute", "Under Pressure", "Unstoppable", "Vendetta",
})
#: Keywords that name the timing of an effect, a card type or a grouping rather than a property of a creature (the
#: grammar reads them as an ability's moment and cost: ``On Tap (1): ...``).
TIMING_KEYWORDS = frozenset({"On Summon", "On Tap", "On Equip", "On Destruction", "Sacrifice", "Negate", "Faction",
                             "Triggered", "Hex"})


class TgcCard(BaseModel):
    """A TGC card as stored in the package's card files (written by the importer; see CARDS.md)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    type: Literal["creature", "equipment", "instant", "event", "battlefield", "artifact", "hex"]
    subtypes: list[str] = Field(default_factory=list)
    cost: int = Field(ge=0)
    power: int = 0
    resolve: int = 0
    faction: str = ""
    rarity: Literal["common", "uncommon", "rare", "epic", "legendary", "misprint"] = "common"
    text: str = ""
    desc: str = ""
    series: str = ""
    keywords: list[str] = Field(default_factory=list)
    grants: list[str] = Field(default_factory=list)
    statics: list[dict] = Field(default_factory=list)
    #: the phrases of ``text`` the grammar could not read (set when the card is compiled from its text)
    unread: list[str] = Field(default_factory=list)


def kw_name(keyword: str) -> str:
    """``"Immunity:Battlefields"`` -> ``"Immunity"``."""
    return keyword.split(":", 1)[0]


def kw_arg(keyword: str) -> str:
    """``"Immunity:Battlefields"`` -> ``"Battlefields"`` (empty when the keyword has no parameter)."""
    return keyword.split(":", 1)[1] if ":" in keyword else ""
