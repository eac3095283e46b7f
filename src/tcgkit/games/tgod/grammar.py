"""TGOD card text -> the effect language: the phrases of TGOD abilities (the words in parentheses in the
description box, TGOD-CARD-08) on the core phrase library (:mod:`tcgkit.core.cardtext`).

An ability is one of these templates (``N`` a number, ``X`` a bonus such as ``+10 A``, ``-10 A``, ``+5 D``,
``+20 HP``, ``+1 Battle Star``):

- standing: ``<cards> get(s) X`` ("Your Creatures get +5 D.", "The equipped card gets +20 HP."), ``While this is a
  Backup Creature, <cards> get(s) X``, ``X when attacking [a Base Armor]``, ``May attack twice per turn``;
  on a Power card, ``Until the end of your next turn, <cards> get X`` (the card stays in play that long);
- when played: ``[When played,] <actions>``;
- triggered: ``When this attacks, <actions>``, ``When your Base Armor attacks, ...``, ``When the equipped card
  attacks, ...``, ``When this is destroyed, ...``;
- an action: ``Once per game: <actions>``, ``Once per turn[, also as a Backup Creature]: <actions>``, ``Once per
  turn, as the Main Creature only: ...``, with a cost ``Once per turn: your Base Armor takes N damage and <actions>``.

Actions: ``heal N HP of <card> [and N HP of <cards>]``, ``heal N HP of <card> or <card>`` (a choice), ``deal N damage
to <card> [and N damage to your own]``, ``<card> gets X until the end of the turn``, ``<card> gains N Battle Star``,
``draw N card(s)``, ``flip a coin: on heads <action>``, ``paralyze one opposing Backup Creature for N turn(s)``.

>>> compile_ability("When this attacks, deal 10 damage to the opposing Base Armor.", "creature", "Imp", "x.yaml")[0]
[{'kind': 'triggered', 'trigger': 'on_attack', 'steps': [{'damage': {'target': 'opponent.base', 'amount': 10}}]}]
>>> compile_ability("Sing a song.", "creature", "Bard", "x.yaml")[1]
["x.yaml: card Bard: cannot read 'Sing a song.'"]
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tcgkit.core.cardtext import Phrasebook

#: Words for TGOD's triggers and zones in ``tcgkit cards tgod --explain``.
WORDS = {"on_attack": "it attacks", "on_destroyed": "it is destroyed", "you.main": "your Main Creature",
         "you.base": "your Base Armor", "opponent.base": "the opposing Base Armor", "host": "the equipped card",
         "you.creatures": "your Creatures", "you.field": "your Creatures and Base Armor",
         "opponent.creatures": "the opposing Creatures", "opponent.backup": "the opposing Backup Creatures"}

_STATS = {"A": "attack", "D": "defense", "HP": "hp"}

GRAMMAR = r"""
SIGNED: /[+-]\d+/
STATLETTER: /(A|D|HP)\b/
bonus: SIGNED STATLETTER -> bonus_stat
     | SIGNED "battle star"i "s"i? -> bonus_stars
// ---- the cards an ability names
card: "your"i "main creature"i -> main
    | "your"i "base armor"i -> base
    | "your own"i -> base
    | "the opposing base armor"i -> opp_base
    | "the equipped card"i -> host
    | ("this"i | "it"i) -> self_card
cards: card
     | ("your creatures"i | "each of your creatures"i) -> creatures
     | "your creatures and base armor"i -> field
     | "opposing creatures"i -> opp_creatures
// ---- actions
action: "heal"i INT "hp of"i card -> heal
      | "heal"i INT "hp of"i card "and"i INT "hp of"i cards -> heal_two
      | "heal"i INT "hp of"i card "or"i card -> heal_choice
      | "deal"i INT "damage to"i card -> deal
      | "deal"i INT "damage to"i card "and"i INT "damage to"i card -> deal_two
      | card ("gets"i | "get"i) bonus "until the end of the turn"i -> pump
      | card "gains"i INT "battle star"i "s"i? -> gain_star
      | "draw"i n_cards -> draw
      | "flip a coin"i ":" "on heads"i action -> coin
      | "paralyze one opposing backup creature for"i INT ("turns"i | "turn"i) -> paralyze
cost: "your base armor takes"i INT "damage"i -> cost_base_damage
limit: "once per game"i -> once_game
     | "once per turn"i -> once_turn
     | "once per turn"i "," "also as a backup creature"i -> once_turn
     | "once per turn"i "," "as the main creature only"i -> once_turn_main
attacker: "this"i -> att_self
        | "your base armor"i -> att_self
        | "the equipped card"i -> att_self
"""


def _step(verb: str, **params: Any) -> dict[str, Any]:
    return {verb: params}


@cache
def book() -> Phrasebook:
    """The TGOD phrasebook (built once)."""
    pb = Phrasebook("tgod")
    pb.grammar_text("tgod", GRAMMAR)
    b = pb.build
    b("bonus_stat", lambda n, s: (_STATS[str(s)], int(n)))
    b("bonus_stars", lambda n: ("stars", int(n)))
    for name, zone in (("main", "you.main"), ("base", "you.base"), ("opp_base", "opponent.base"), ("host", "host"),
                       ("self_card", "self"), ("creatures", "you.creatures"), ("field", "you.field"),
                       ("opp_creatures", "opponent.creatures")):
        b(name, lambda *_a, _z=zone: _z)
    b("card", lambda c: c)
    b("cards", lambda c: c)
    b("action", lambda a: a)
    b("heal", lambda n, c: {"steps": [_step("heal", target=c, amount=int(n))]})
    b("heal_two", lambda n, c, m, d: {"steps": [_step("heal", target=c, amount=int(n)),
                                                _step("heal", target=d, amount=int(m))]})
    b("heal_choice", lambda n, c, d: {"steps": [_step("choose", **{"from": [c, d], "name": "patient"}),
                                                _step("heal", target="patient", amount=int(n))]})
    b("deal", lambda n, c: {"steps": [_step("damage", target=c, amount=int(n))]})
    b("deal_two", lambda n, c, m, d: {"steps": [_step("damage", target=c, amount=int(n)),
                                                _step("damage", target=d, amount=int(m))]})
    b("pump", lambda c, bonus: {"steps": [_step("modify", target=c, stat=bonus[0], by=bonus[1], until="turn")]})
    b("gain_star", lambda c, n: {"steps": [_step("stars", target=c, amount=int(n))]})
    b("draw", lambda n: {"steps": [_step("draw", count=n)]})
    b("coin", lambda a: {"steps": [{"if": {"condition": {"coin": "heads"}, "then": a["steps"]}}]})
    victim = {"zone": "opponent.backup", "filter": {"not_status": "paralyzed"}}
    b("paralyze", lambda n: {"steps": [_step("choose", **{"from": victim, "name": "victim"}),
                                       _step("paralyze", target="victim", turns=int(n))],
                             "condition": {"exists": victim}})
    b("cost_base_damage", lambda n: [_step("damage", target="you.base", amount=int(n))])
    b("once_game", lambda *_: {"limit": "once_per_game"})
    b("once_turn", lambda *_: {"limit": "once_per_turn"})
    b("once_turn_main", lambda *_: {"limit": "once_per_turn", "zone": "main"})
    b("att_self", lambda *_: "on_attack")

    def effect(**e: Any) -> dict[str, Any]:
        return {"effects": [e]}

    def static(to: str, bonus: tuple[str, int], **more: Any) -> dict[str, Any]:
        return effect(kind="static", params={"stat": bonus[0], "by": bonus[1], "to": to, **more})

    pb.phrase("standing", 'cards ("gets"i | "get"i) bonus', static)
    pb.phrase("standing_power", '"until the end of your next turn"i "," cards ("gets"i | "get"i) bonus', static)
    pb.phrase("standing_backup", '"while this is a backup creature"i "," cards ("gets"i | "get"i) bonus',
                lambda to, bonus: static(to, bonus, source_zone="backup"))
    pb.phrase("when_attacking", 'bonus "when attacking"i',
                lambda bonus: effect(kind="static", params={"stat": bonus[0], "by": bonus[1], "when": "attacking"}))
    pb.phrase("when_attacking_base", 'bonus "when attacking a base armor"i',
                lambda bonus: effect(kind="static", params={"stat": bonus[0], "by": bonus[1],
                                                            "when": "attacking_base"}))
    pb.phrase("attack_twice", '"may attack twice per turn"i',
                lambda: effect(kind="static", params={"attacks_per_turn": 2}))
    pb.phrase("when_played", '["when played"i ","] action', lambda a: effect(kind="play", **_body(a)))
    pb.phrase("when_attacks", '"when"i attacker "attacks"i "," action',
                lambda trig, a: effect(kind="triggered", trigger=trig, **_body(a)))
    pb.phrase("when_destroyed", '"when this is destroyed"i "," action',
                lambda a: effect(kind="triggered", trigger="on_destroyed", **_body(a)))
    pb.phrase("activated", 'limit ":" action', lambda lim, a: effect(**_activated(lim, a)))
    pb.phrase("activated_cost", 'limit ":" cost "and"i action',
                lambda lim, cost, a: effect(**_activated(lim, a, cost)))
    pb.start_with_phrases()
    return pb


def _body(action: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if "condition" in action:
        out["condition"] = action["condition"]
    out["steps"] = action["steps"]
    return out


def _activated(limit: dict[str, Any], action: dict[str, Any], cost: list | None = None) -> dict[str, Any]:
    """An action of the card: its limit, (where it can be used), a cost, and a condition that it does something
    (an ability that pumps the Main Creature needs one, TGOD-OTH-03)."""
    out: dict[str, Any] = {"kind": "activated", **limit}
    cond = action.get("condition")
    if cond is None and any("modify" in s and s["modify"]["target"] == "you.main" for s in action["steps"]):
        cond = {"exists": "you.main"}
    if cond is not None:
        out["condition"] = cond
    if cost:
        out["cost"] = cost
    out["steps"] = action["steps"]
    return out


def compile_ability(ability: str, kind: str, card: str, file: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The effects an ability's text says, and the phrases of it no template reads (in words). On a Base Armor,
    "your Base Armor" in an action of its own is the card itself."""
    reading = book().read(ability, card=card, file=file)
    effects = reading.parts.get("effects", [])
    if kind == "base_armor":
        effects = [_own_base(e) if e.get("kind") == "activated" else e for e in effects]
    return effects, [str(u) for u in reading.unread]


def _own_base(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _own_base(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_own_base(v) for v in x]
    return "self" if x == "you.base" else x


def compile_entry(entry: dict[str, Any], source: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A card file entry's ability (the words in parentheses of its ``text``) as effects, and what was not read."""
    from tcgkit.games.tgod.cardtext import parse_box

    box = parse_box(str(entry.get("text", "")))
    kind = entry.get("type") or ("base_armor" if box.base_armor else "creature")
    return compile_ability(box.ability, str(kind), str(entry.get("name", "?")), source)
