"""Phaktionz card schema (PHK-SUM-01..08, PHK-INV-01, PHK-CP-05) and the turn of a card entry into a CardDef."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tcgkit.core import effects
from tcgkit.core.cards import CardDef, Effect

SUMMON, INVOCATION = "summon", "invocation"
INV_TYPES = ("regular", "counter", "realm", "weapon")


class Tribute(BaseModel):
    """A card's own placement requirement ("[Must be placed by demoting 2 Plague summons...]", PHK-MECH-04)."""

    model_config = ConfigDict(extra="forbid")
    count: int = Field(ge=1, le=10)
    status: str | None = None  # the tributes must carry this counter (e.g. plague)
    anywhere: bool = False  # tributes may come from either battlefield
    each: bool = False  # the text says "on each battlefield" (option plague_each_battlefield: 'count' from each)


class PhaktionzCard(BaseModel):
    """A Phaktionz card as printed: a Summon (tier, type, dmg, faction) or an Invocation (inv_type)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    kind: Literal["summon", "invocation"]
    tier: int | None = Field(default=None, ge=0, le=4)
    type: Literal["striker", "tech"] | None = None
    dmg: int | None = Field(default=None, ge=0)
    faction: str | None = None
    inv_type: Literal["regular", "counter", "realm", "weapon"] | None = None
    keywords: list[str] = Field(default_factory=list)
    cp: bool = False
    create: Any = None
    tribute: Tribute | None = None
    field_tier: int | None = Field(default=None, ge=0, le=4)
    attach_filter: dict[str, Any] | None = None
    limit: str | None = Field(default=None, pattern=r"^L/?[1-9][0-9]*$")
    copies: int = Field(default=4, ge=1)
    text: str = ""
    flavour: str = ""
    unread: list[str] = Field(default_factory=list)
    source: str = ""

    @model_validator(mode="after")
    def _check_kind(self) -> PhaktionzCard:
        if self.kind == SUMMON:
            for f in ("tier", "type", "dmg", "faction"):
                if getattr(self, f) is None:
                    raise ValueError(f"a summon needs {f} (PHK-SUM-01)")
            if self.inv_type is not None:
                raise ValueError("a summon has no inv_type")
        else:
            if self.inv_type is None:
                raise ValueError("an invocation needs inv_type: regular, counter, realm or weapon (PHK-INV-01)")
            if self.tier is not None or self.type is not None:
                raise ValueError("an invocation has no tier or type")
        if self.create is not None and not self.cp:
            raise ValueError("only a CP card has a create condition (PHK-CP-02)")
        return self


def make_card(m: PhaktionzCard, card_effects: tuple[Effect, ...]) -> CardDef:
    """Build the immutable definition: stats tier/dmg, tags for filters, the rest in ``fields``."""
    stats: dict[str, int] = {}
    tags = {m.kind, *(k.lower() for k in m.keywords)}
    if m.kind == SUMMON:
        stats = {"tier": m.tier or 0, "dmg": m.dmg or 0}
        tags.add(m.type or "")
        tags.add(f"tier{m.tier}")
    else:
        tags.add(m.inv_type or "")
    if m.cp:
        tags.add("cp")
    statics = tuple(e for e in card_effects if e.kind == "static")
    triggers: dict[str, list[tuple[int, Effect]]] = {}
    for i, e in enumerate(card_effects):
        if e.kind == "triggered" and e.trigger:
            triggers.setdefault(e.trigger, []).append((i, e))
    fields: dict[str, Any] = {
        "faction": m.faction, "inv_type": m.inv_type, "summon_type": m.type, "cp": m.cp, "create": m.create,
        "tribute": m.tribute.model_dump() if m.tribute else None, "field_tier": m.field_tier,
        "attach_filter": m.attach_filter, "limit": m.limit, "copies": m.copies, "flavour": m.flavour,
        "statics": statics, "aura": tuple(e.params["aura"] for e in statics if "aura" in e.params),
        "source": m.source,
        "activated": tuple((i, e) for i, e in enumerate(card_effects) if e.kind == "activated"),
        # the activated effects usable outside a response window, and those answering one (PHK-INV-03)
        "activated_free": tuple((i, e) for i, e in enumerate(card_effects)
                                if e.kind == "activated" and e.params.get("response") is None),
        "activated_answers": tuple((i, e) for i, e in enumerate(card_effects)
                                   if e.kind == "activated" and e.params.get("response") is not None),
        "plays": tuple(e for e in card_effects if e.kind == "play"),
        "static_keys": frozenset(k for e in statics for k in e.params),
        "checked_play": any(e.condition is not None or e.cost or "response" in e.params
                            for e in card_effects if e.kind == "play"),
        "triggers": {k: tuple(v) for k, v in triggers.items()},
    }
    # what the evaluation reads of a card: on the battlefield (printed DMG, a Tech, its Tier there, a guard) and in
    # hand (a Summon's Tier, -1 for an Invocation; whether Tiers alone can pay for it: no demoting requirement)
    fields["side"] = (stats.get("dmg", 0), m.type == "tech", m.field_tier if m.field_tier is not None else
                      stats.get("tier", 0), "guard" in fields["static_keys"])
    fields["in_hand"] = (stats["tier"] if m.kind == SUMMON else -1, m.tribute is None)
    # an Invocation cast with no limit, no condition, cost or response kind to check and no host to choose: the one
    # action ``cast <card>`` whenever its kind may be cast (speed: legal actions skip the checks)
    fields["plain_cast"] = m.inv_type in ("regular", "counter", "realm") and not m.limit and not fields["checked_play"]
    key = "".join(ch if ch.isalnum() else "-" for ch in m.name.lower()).strip("-")
    while "--" in key:
        key = key.replace("--", "-")
    # an Invocation's own L/x or Lx (PHK-COND-01/02): (per turn, uses) and the ``state.vars`` key of its uses by player
    fields["cast_limit"] = effects.parse_limit(m.limit) if m.limit else ()
    fields["cast_keys"] = (f"cast:0:{key}", f"cast:1:{key}")
    return CardDef(key, m.name, m.kind, stats, frozenset(t for t in tags if t), card_effects, m.text, fields)
