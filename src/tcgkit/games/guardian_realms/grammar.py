"""Guardian Realms card text -> the effect language: the phrases of the game's card templates on the core phrase
library (:mod:`tcgkit.core.cardtext`). A card's text is read sentence by sentence; each sentence is one template:

- printed-field sentences (they fill a field the card file leaves out): ``Rush.`` / ``Sneak.`` / ``Tank.`` (the
  class), ``Lasts N rounds.`` (a Field), ``Basic attack: N DZ.``, ``+N damage to basic attacks.`` and ``N uses.``
  (a weapon), ``Infusion: discard this fielded Guardian to give another of your fielded Guardians +N ATK|HP.``,
  ``Sacrifice one of your fielded Guardians to summon this.``, ``Guardian Summon token.``;
- a named ability ``NAME (N DZ[, once per game]): <action>``: ``Burn|Poison|Paralyze|Confuse|Exhaust an enemy
  Guardian in range``, ``summon a Clone of this Guardian``, ``summon a Copy of another of your Guardians, without
  class, at half HP``, ``summon a NAME`` (a Guardian Summon), ``Invincible for N turns``;
- on entering: ``Enters with Fury|a Shield``, ``On summon: HP Link this Guardian with another of your Guardians``;
- ``When this Guardian is defeated, <action>``; ``At the end of each of your turns, <action>``;
  ``Defeated when your Stronghold drops below N HP``; ``Its Guardian gains a Shield`` (Equipment);
- Effect cards: ``Deal N damage to a visible enemy Guardian``, ``Destroy|Discard a visible enemy Guardian``,
  ``Deal N damage to an enemy Base of your choice``, ``deal N damage to the opponent's Stronghold``, ``Return an enemy
  Guardian to its owner's hand (not a Clone, Copy or Guardian Summon)``, ``Heal one of your Guardians for N``,
  ``heal each of your Guardians for N``, ``deal N damage to each enemy Guardian``, ``One of your Guardians gains
  Immunity to Burned and to Poisoned``, ``Raise a Tier N Wall in one of your lanes[, even one where a Wall was
  destroyed]``, ``Draw N cards``, ``Your opponent discards a random card from their hand``.

>>> effects, fields, unread = compile_text("Rush. Venom Dart (1 DZ): Poison an enemy Guardian in range.", "Imp", "x")
>>> fields, effects[0]["params"], effects[0]["steps"][1]
({'class': 'Rush'}, {'dz_cost': 1, 'name': 'Venom Dart'}, {'add_status': {'target': 't', 'status': 'poisoned'}})
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tcgkit.core.cardtext import Phrasebook
from tcgkit.core.fromtext import prepare_from_text

#: Words for Guardian Realms' triggers, zones and filters in ``tcgkit cards guardian_realms --explain``.
WORDS = {"end_turn": "your turn ends", "defeated": "defeated", "gr.enemy_in_range": "in range",
         "gr.enemy_visible": "visible", "gr.ally": "another of yours", "gr.returnable": "not a Clone, Copy or Summon",
         "you.guardians": "your Guardians", "opponent.guardians": "the enemy Guardians", "host": "its Guardian"}

_STATUS = {"burn": "burned", "poison": "poisoned", "paralyze": "paralyzed", "confuse": "confused",
           "exhaust": "exhausted"}

GRAMMAR = r"""
STATUSVERB: /(burn|poison|paralyze|confuse|exhaust)\b/i
CLASS: /(rush|sneak|tank)\b/i
NAME: /[A-Z][A-Za-z']*( (the|of|[A-Z][A-Za-z']*))*/
STAT: /(ATK|HP)\b/
in_range: "an enemy guardian in range"i
visible: "a visible enemy guardian"i
dz: "(" INT "dz"i ")" -> dz_plain
  | "(" INT "dz"i "," "once per game"i ")" -> dz_once
action: STATUSVERB in_range ["(" "roll a die for the length"i ")"] -> status_in_range
      | "summon a clone of this guardian"i -> clone_self
      | "summon a copy of another of your guardians"i "," "without class"i "," "at half hp"i -> copy_ally
      | "summon a"i NAME -> summon_named
      | "invincible for"i INT "turns"i -> invincible
      | "draw"i n_cards -> draw
      | "heal each of your guardians for"i INT -> heal_all
      | "deal"i INT "damage to each enemy guardian"i -> damage_all
      | "deal"i INT "damage to the opponent's stronghold"i -> damage_stronghold
"""


def _choose(zone: str, hook: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A choice of one card (bound as ``t``) and the condition that there is one to choose."""
    sel: Any = {"zone": zone, "filter": {"hook": hook}} if hook else zone
    return {"choose": {"name": "t", "from": sel}}, {"exists": sel}


def _targeted(zone: str, hook: str | None, *steps: dict[str, Any]) -> dict[str, Any]:
    pick, cond = _choose(zone, hook)
    return {"condition": cond, "steps": [pick, *steps]}


@cache
def book() -> Phrasebook:
    """The Guardian Realms phrasebook (built once)."""
    pb = Phrasebook("guardian_realms")
    pb.grammar_text("guardian_realms", GRAMMAR)
    b = pb.build
    b("dz_plain", lambda n: {"dz_cost": int(n)})
    b("dz_once", lambda n: {"dz_cost": int(n), "limit": "once_per_game"})
    b("action", lambda a: a)
    b("status_in_range", lambda verb, *_: _targeted("opponent.guardians", "gr.enemy_in_range", {
        "add_status": {"target": "t", "status": _STATUS[str(verb).lower()]}}))
    b("clone_self", lambda: {"steps": [{"clone": {"of": "self"}}]})
    b("copy_ally", lambda: {"condition": {"exists": {"zone": "you.guardians", "filter": {"hook": "gr.ally"}}},
                            "steps": [{"choose": {"name": "model", "from": {"zone": "you.guardians",
                                                                            "filter": {"hook": "gr.ally"}}}},
                                      {"copy": {"of": "model", "no_class": True, "hp_percent": 50}}]})
    b("summon_named", lambda name: {"steps": [{"guardian_summon": {"card": str(name)}}]})
    b("invincible", lambda n: {"steps": [{"add_status": {"target": "self", "status": "invincible", "value": int(n)}}]})
    b("draw", lambda n: {"steps": [{"draw": {"count": n}}]})
    b("heal_all", lambda n: {"steps": [{"heal": {"target": "you.guardians", "amount": int(n)}}]})
    b("damage_all", lambda n: {"steps": [{"damage": {"target": "opponent.guardians", "amount": int(n)}}]})
    b("damage_stronghold", lambda n: {"steps": [{"damage_base": {"player": "opponent", "lane": 2, "amount": int(n)}}]})

    def field(**f: Any) -> dict[str, Any]:
        return {"fields": [f]}

    def eff(kind: str, action: dict[str, Any], **more: Any) -> dict[str, Any]:
        e: dict[str, Any] = {"kind": kind, **more}
        if "condition" in action:
            e["condition"] = action["condition"]
        e["steps"] = action["steps"]
        return {"effects": [e]}

    p = pb.phrase
    p("klass", "CLASS", lambda c: field(**{"class": str(c).capitalize()}))
    p("lasts", '"lasts"i INT "rounds"i', lambda n: field(duration=int(n)))
    p("basic_attack", '"basic attack"i ":" INT "dz"i', lambda n: field(attack_cost=int(n)))
    p("weapon", '"+" INT "damage to basic attacks"i', lambda n: field(atk_bonus=int(n)))
    p("uses", 'INT "uses"i', lambda n: field(uses=int(n)))
    p("infusion", '"infusion"i ":" "discard this fielded guardian to give another of your fielded guardians"i '
      '"+" INT STAT', lambda n, st: field(**{f"infuse_{str(st).lower()}": int(n)}))
    p("sacrifice", '"sacrifice one of your fielded guardians to summon this"i', lambda: field(sacrifice=1))
    p("token", '"guardian summon token"i', lambda: field(token=True))
    p("free_swap", '"may attack or use abilities after swapping, and swap after attacking"i',
      lambda: field(swap_penalty=False))

    def named(name: Any, cost: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        more: dict[str, Any] = {"params": {"dz_cost": cost["dz_cost"], "name": str(name)}}
        if "limit" in cost:
            more["limit"] = cost["limit"]
        return eff("activated", action, **more)

    p("named_ability", 'NAME dz ":" action', named)
    p("enters_with", '"enters with"i ["a"i] /(fury|shield)\\b/i',
      lambda st: eff("play", {"steps": [{"add_status": {"target": "self", "status": str(st).lower()}}]}))
    p("hp_link", '"on summon"i ":" "hp link this guardian with another of your guardians"i',
      lambda: eff("play", {"steps": [{"choose": {"name": "partner", "from": {"zone": "you.guardians",
                                                                            "filter": {"hook": "gr.ally"}}}},
                                     {"hp_link": {"target": ["self", "partner"]}}]}))
    p("when_defeated", '"when this guardian is defeated"i "," action',
      lambda a: eff("triggered", a, trigger="defeated", params={"self": True}))
    p("end_of_turn", '"at the end of each of your turns"i "," action',
      lambda a: eff("triggered", a, trigger="end_turn", params={"mine": True}))
    p("defeated_when", '"defeated when your stronghold drops below"i INT "hp"i',
      lambda n: {"effects": [{"kind": "static", "params": {"defeat_if": True},
                              "condition": {"compare": [{"resource": "b2", "player": "you"}, "<", int(n)]}}]})
    p("host_shield", '"its guardian gains a shield"i',
      lambda: eff("play", {"steps": [{"add_status": {"target": "host", "status": "shield"}}]}))
    p("hurt_visible", '"deal"i INT "damage to"i visible',
      lambda n, _v: eff("play", _targeted("opponent.guardians", "gr.enemy_visible",
                                          {"damage": {"target": "t", "amount": int(n)}})))
    p("remove_visible", '/(destroy|discard)\\b/i visible',
      lambda verb, _v: eff("play", _targeted("opponent.guardians", "gr.enemy_visible",
                                             {str(verb).lower(): {"target": "t"}})))
    p("hit_base", '"deal"i INT "damage to an enemy base of your choice"i',
      lambda n: eff("play", {"steps": [{"choose_option": {"name": "lane", "options": ["lane1", "lane2", "lane3"]}},
                                       {"damage_base": {"player": "opponent", "lane": "lane", "amount": int(n)}}]}))
    p("bounce", '"return an enemy guardian to its owner\'s hand"i "(" "not a clone, copy or guardian summon"i ")"',
      lambda: eff("play", _targeted("opponent.guardians", "gr.returnable", {"return_to_hand": {"target": "t"}})))
    p("heal_one", '"heal one of your guardians for"i INT',
      lambda n: eff("play", _targeted("you.guardians", None, {"heal": {"target": "t", "amount": int(n)}})))
    p("immunity", '"one of your guardians gains immunity to burned and to poisoned"i',
      lambda: eff("play", _targeted("you.guardians", None, {"add_status": {"target": "t", "status": "immune_burned"}},
                                    {"add_status": {"target": "t", "status": "immune_poisoned"}})))
    p("wall", '"raise a tier"i INT "wall in one of your lanes"i [/,\\s*even one where a wall was destroyed/i]',
      lambda n, again=None: eff("play", {"steps": [{"wall": {"lane": "choose", "tier": int(n),
                                                             **({"rebuild": True} if again else {})}}]}))
    p("random_discard", '"your opponent discards a random card from their hand"i',
      lambda: eff("play", {"steps": [{"discard": {"player": "opponent", "count": 1, "random": True}}]}))
    p("plain", "action", lambda a: eff("play", a))
    pb.start_with_phrases()
    return pb


def compile_text(text: str, card: str, file: str) -> tuple[list[dict[str, Any]], dict[str, Any], list[str]]:
    """A card's text as effects, printed fields (class, uses...) and the phrases no template reads (in words)."""
    reading = book().read(text, card=card, file=file)
    return reading.parts.get("effects", []), reading.fields, [str(u) for u in reading.unread]


def _read_entry(entry: dict[str, Any], source: str) -> tuple[list[dict[str, Any]], list[str], dict[str, Any]]:
    effects, fields, unread = compile_text(str(entry.get("text", "")), str(entry.get("name", "?")), source)
    return effects, unread, fields


def compile_entry(entry: dict[str, Any], source: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A card file entry's text as effects, and what was not read (the fields it prints: :func:`compile_text`)."""
    effects, unread, _fields = _read_entry(entry, source)
    return effects, unread


def prepare_entry(entry: dict[str, Any], source: str) -> dict[str, Any]:
    """An entry with ``effects: from_text``: its effects read from its text, the printed fields the text gives and
    the file leaves out filled in (a field the file gives wins), the rest in ``unread``."""
    return prepare_from_text(entry, source, _read_entry)
