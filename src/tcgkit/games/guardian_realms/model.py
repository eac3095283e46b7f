"""Guardian Realms card schema (GR-CARD-01..09): the printed fields of a card, validated per card file entry; and
the names of the board every module shares (lanes, Bases, their zones and resource keys)."""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from tcgkit.core.cards import CardDef, Effect

CARD_TYPES = ("Effect", "Equipment", "Field", "Guardian")
#: GR-CARD-02: rarities from lowest to highest.
RARITIES = ("Common", "Uncommon", "Rare", "Epic", "Legendary")
RARITY_RANK = {r: i for i, r in enumerate(RARITIES)}
CLASSES = ("Rush", "Sneak", "Tank")
TOKEN_KINDS = ("clone", "copy", "summon")

# ---------------------------------------------------------------------------------------------- the board
#: the three lanes, each with its Base (GR-LANE-01, GR-BASE-01): lane 2's Base is the Stronghold.
#: The tuples are typed ``tuple[X, ...]``: a fixed-length tuple type would make the compiled modules that read
#: them check and rebuild the whole tuple at each read.
LANES: Final[tuple[int, ...]] = (1, 2, 3)
STRONGHOLD: Final = 2
#: by lane number (index 1-3): its Guardian zone, Equipment zone, Effect zone, Base (as an action names it) and the
#: player resource holding the Base's HP
LANE_WORD: Final[tuple[str, ...]] = ("", "lane1", "lane2", "lane3")
EQUIP: Final[tuple[str, ...]] = ("", "equip1", "equip2", "equip3")
EFFECT: Final[tuple[str, ...]] = ("", "effect1", "effect2", "effect3")
BASE_WORD: Final[tuple[str, ...]] = ("", "base1", "base2", "base3")
BASE_KEY: Final[tuple[str, ...]] = ("", "b1", "b2", "b3")
LANES_Z: Final[tuple[str, ...]] = LANE_WORD[1:]
#: zone or Base name -> lane number
LANE_OF: Final[dict[str, int]] = {"lane1": 1, "lane2": 2, "lane3": 3}
BASE_LANE: Final[dict[str, int]] = {"base1": 1, "base2": 2, "base3": 3}
EFFECT_LANE: Final[dict[str, int]] = {"effect1": 1, "effect2": 2, "effect3": 3}
#: the lanes a Guardian in each lane reaches: its own and the adjacent ones (GR-COMBAT-01/02)
NEAR: Final[tuple[tuple[int, ...], ...]] = ((), (1, 2), (1, 2, 3), (2, 3))


class GrCard(BaseModel):
    """One Guardian Realms card as printed. See ``CARDS.md`` for every field."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    name: str = Field(min_length=1)
    type: Literal["Effect", "Equipment", "Field", "Guardian"]
    rarity: Literal["Common", "Uncommon", "Rare", "Epic", "Legendary"] | None = None
    token: bool = False
    hp: int | None = Field(default=None, gt=0)
    atk: int | None = Field(default=None, ge=0)
    sp_cost: int | None = Field(default=None, ge=0, le=10)
    attack_cost: int = Field(default=1, ge=0)
    klass: Literal["Rush", "Sneak", "Tank"] | None = Field(default=None, alias="class")
    sacrifice: int = Field(default=0, ge=0, le=3)
    infuse_atk: int = Field(default=0, ge=0)
    infuse_hp: int = Field(default=0, ge=0)
    swap_penalty: bool = True
    dz_cost: int = Field(default=0, ge=0, le=10)
    uses: int | None = Field(default=None, gt=0)
    atk_bonus: int = Field(default=0, ge=0)
    duration: int | None = Field(default=None, gt=0)
    text: str = ""
    #: Phrases of the text no template read (set by ``effects: from_text``, see ``grammar.py``).
    unread: list[str] | None = None


def make_card(m: GrCard, card_effects: tuple[Effect, ...]) -> CardDef:
    """Check the type-dependent fields and build the shared definition."""
    guardian = m.type == "Guardian"
    if guardian:
        for f in ("hp", "atk", "sp_cost"):
            if getattr(m, f) is None:
                raise ValueError(f"field {f}: a Guardian needs {f} (GR-CARD-03/04/06)")
    else:
        for f in ("hp", "atk", "sp_cost", "klass"):
            if getattr(m, f) is not None:
                raise ValueError(f"field {'class' if f == 'klass' else f}: only Guardians have it")
    if m.token and not guardian:
        raise ValueError("field token: only Guardian tokens exist (GR-CARD-01)")
    if m.token and m.rarity is not None:
        raise ValueError("field rarity: tokens carry no rarity (GR-CARD-02)")
    if not m.token and m.rarity is None:
        raise ValueError("field rarity: required for a deck card (GR-CARD-02)")
    if m.uses is not None and m.type != "Equipment":
        raise ValueError("field uses: only Equipment has uses (GR-CARD-08)")
    if m.duration is not None and m.type != "Field":
        raise ValueError("field duration: only Field cards have a duration (GR-CARD-09)")
    for i, eff in enumerate(card_effects):
        listed = eff.kind == "activated" or (eff.kind == "play" and m.type in ("Effect", "Field"))
        if listed and _random(eff.condition):
            raise ValueError(f"field effects[{i}].condition: a condition of when a card can be played or used is "
                             "checked while listing the legal actions and cannot flip a coin or roll a die; "
                             "use an `if` step")
        if eff.kind == "activated":
            if not guardian:
                raise ValueError(f"field effects[{i}]: only Guardians have abilities (GR-CARD-05)")
            cost = eff.params.get("dz_cost", 0)
            if not isinstance(cost, int) or cost < 0:
                raise ValueError(f"field effects[{i}].params.dz_cost: a non-negative integer (GR-CARD-05)")
        _check_steps(eff.steps, f"effects[{i}]")
    stats: dict[str, int] = {"dz_cost": m.dz_cost}
    if guardian:
        stats.update(hp=m.hp or 0, atk=m.atk or 0, sp_cost=m.sp_cost or 0, attack_cost=m.attack_cost)
    tags = {m.type.lower()}
    if m.klass:
        tags.add(m.klass.lower())
    if m.token:
        tags.add("token")
    fields = {"rarity": m.rarity, "class": m.klass, "uses": m.uses, "duration": m.duration,
              "sacrifice": m.sacrifice, "infuse_atk": m.infuse_atk, "infuse_hp": m.infuse_hp,
              "swap_penalty": m.swap_penalty, "atk_bonus": m.atk_bonus, "token": None,
              "abilities": tuple(i for i, e in enumerate(card_effects) if e.kind == "activated"),
              "infuse": bool(m.infuse_atk or m.infuse_hp),
              "defeat_fast": _fast_defeat(card_effects),
              "fast_conds": tuple(FAST_CONDITIONS.get(_key(e.condition)) for e in card_effects),
              "play_conds": tuple(i for i, e in enumerate(card_effects) if e.kind == "play" and e.condition),
              "defeat_if": any(e.kind == "static" and e.params.get("defeat_if") for e in card_effects),
              "unread": None if m.unread is None else tuple(m.unread)}
    return CardDef(m.name, m.name, m.type, stats, frozenset(tags), card_effects, m.text, fields)


def _check_steps(steps: tuple, where: str) -> None:
    """Static checks of game verbs: a Wall has tier 1, 2 or 3 (GR-WALL-01)."""
    for j, step in enumerate(steps):
        if step.verb == "wall" and isinstance(step.params.get("tier"), int) and step.params["tier"] not in (1, 2, 3):
            raise ValueError(f"field {where}.steps[{j}].wall.tier: a Wall has tier 1, 2 or 3 (GR-WALL-01)")
        for nested in ("then", "else", "steps"):
            inner = step.params.get(nested) if step.verb != "hook" else None
            if isinstance(inner, tuple):
                _check_steps(inner, f"{where}.steps[{j}].{nested}")


def _random(cond: object) -> bool:
    """Whether a condition flips the coin or rolls a die somewhere inside."""
    if isinstance(cond, dict):
        return "coin" in cond or "die" in cond or any(_random(v) for v in cond.values())
    if isinstance(cond, (list, tuple)):
        return any(_random(v) for v in cond)
    return False


def _enemy(hook: str) -> dict:
    return {"exists": {"zone": "opponent.guardians", "filter": {"hook": hook}}}


def _key(cond: object) -> str:
    return repr(cond)


#: Conditions the legal-action code evaluates directly (same meaning as through ``effects.check``).
FAST_CONDITIONS = {_key(_enemy("gr.enemy_in_range")): "in_range", _key(_enemy("gr.enemy_visible")): "enemy_visible",
                   _key(_enemy("gr.returnable")): "enemy_returnable", _key({"exists": "you.guardians"}): "own_guardian",
                   _key({"exists": {"zone": "you.guardians", "filter": {"hook": "gr.ally"}}}): "ally",
                   _key(None): "none"}


def _fast_defeat(card_effects: tuple[Effect, ...]) -> tuple[str, str, int] | None:
    """A printed defeat condition of the common shape "your resource R op N", precompiled (GR-DEF-03)."""
    conds = [e.condition for e in card_effects if e.kind == "static" and e.params.get("defeat_if")]
    if len(conds) != 1 or not isinstance(conds[0], dict) or list(conds[0]) != ["compare"]:
        return None
    left, op, right = conds[0]["compare"]
    if (isinstance(left, dict) and set(left) == {"resource", "player"} and left["player"] == "you"
            and isinstance(right, int) and op in ("<", "<=", ">", ">=", "==", "!=")):
        return left["resource"], op, right
    return None
