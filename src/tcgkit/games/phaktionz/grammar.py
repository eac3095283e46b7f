"""Phaktionz card text is the program: the designer's ability text read into the effect language.

The grammar is ``cardtext.lark`` (Lark, Earley): one rule per template of the cards' own wording ("When placed,
...", "Give a summon you control DMG +1", "[Must be placed by demoting 2 Plague summons on the battlefield]").
:func:`compile_text` reads a card's whole ability text one ability at a time and returns the effects, the printed
fields the text sets (tribute, field tier, weapon host filter), what it could not read and the terms it uses that
the rulebook never defines.

>>> got = compile_text("When placed, draw a card.", "summon")
>>> got.effects[0]["trigger"], got.effects[0]["steps"], got.unread
('placed', [{'draw': {}}], [])
>>> compile_text("Discard your opponent's hand.", "summon").unread
["Discard your opponent's hand"]
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

#: the designer's spellings read as the word he meant (the card text is never changed, only how it is read)
TYPOS = {"whenver": "whenever", "attatched": "attached", "upto": "up to", "it's dmg": "its dmg",
         "tier 1s'": "tier 1 summons", "dmg + (": "dmg +(", "this  can": "this can"}
QUOTES = re.compile(r'["“”]\s*([^"“”]+?)\s*["“”]\s*')


def normalise(text: str) -> str:
    """The text as the grammar reads it: lower case, one space, «quoted names», the designer's typos fixed.

    >>> normalise('Look for an "United" summon  in\\nyour deck.')
    'look for an «united» summon in your deck'
    """
    text = QUOTES.sub(lambda m: f"«{m.group(1)}» ", text.replace("’", "'"))
    text = " ".join(text.split()).lower()
    for wrong, right in TYPOS.items():
        text = text.replace(wrong, right)
    return text.strip(" .,;")


def segments(text: str) -> list[str]:
    """Split an ability cell into its sentences (a bracketed requirement is a sentence of its own).

    >>> segments("[Must be placed by demoting 2 Plague summons on the battlefield] When placed, draw a card. Plague")
    ['[Must be placed by demoting 2 Plague summons on the battlefield]', 'When placed, draw a card', 'Plague']
    """
    text = " ".join(text.replace("’", "'").split())
    text = re.sub(r"\]\s*(?!:)", "].\n", text)
    text = re.sub(r"\)\s*;\s*", ").\n", text)
    parts = re.split(r"(?<=[.!])\s+|\.\n|\n", text)
    return [p.strip(" .;,") for p in parts if p.strip(" .;,")]


# ---------------------------------------------------------------------------------------------- what a phrase reads
#
# A builder returns plain data that does not depend on the card: ``desc`` (which cards), ``steps`` (a list of
# effect-language steps), ``cond`` (a condition) or a clause ``{"form": ...}`` for a whole ability. Assembling a
# clause into an effect (play, activated, triggered or static) depends on the card kind: see :func:`assemble`.

PLAGUABLE = {"zone": "each.field", "filter": {"tier": {"max": 2}, "not_status": "plague"}}
SELF_EVENT = {"none": {"zone": "event_card", "filter": {"other": True}}}
DIFF = "the difference"  # an amount read as "the difference" of the ability's comparison (resolved by assemble)


def _desc(filt: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    return {"desc": True, "filter": dict(filt or {}), "who": None, "zone": None, "all": False, "self": False, **kw}


def selector(d: dict[str, Any], who: str = "you", zone: str = "field") -> Any:
    """The effect-language selector of a description, with the context's default player and zone."""
    if d.get("host"):
        return "host"
    if d.get("self"):
        return "self" if not d.get("and") else ["self", selector(d["and"], who, zone)]
    where = f"{d['who'] or who}.{d['zone'] or zone}"
    flt = dict(d["filter"])
    if where.endswith(".field") and flt.get("type") == "summon":
        del flt["type"]  # only Summons are on a battlefield
    return {"zone": where, "filter": flt} if flt else where


def _steps(*items: Any) -> dict[str, Any]:
    return {"steps": [dict(i) for i in items]}


def _num(tok: Any) -> int:
    return int(str(tok))


class Builders:
    """One builder per rule of ``cardtext.lark`` (the rule's name, or the alias after ``->``)."""

    # ---- which cards
    def desc(self, *c: Any) -> dict[str, Any]:
        d = _desc()
        for part in c:
            for key, value in (part or {}).items():
                if value in (None, False, [], {}):
                    continue
                if key == "filter":
                    d["filter"].update(value)
                else:
                    d[key] = value
        return d

    def desc_words(self, *c: Any) -> dict[str, Any]:
        return self.desc(*c)

    def d_self(self) -> dict[str, Any]:
        return _desc(self=True)

    def d_host(self) -> dict[str, Any]:
        return _desc(host=True, self=True)

    def d_self_and(self, other: dict[str, Any]) -> dict[str, Any]:
        return _desc(self=True, **{"and": other})

    def article_any(self) -> dict[str, Any]:
        return {}

    def article_all(self) -> dict[str, Any]:
        return {"all": True}

    def article_opp(self) -> dict[str, Any]:
        return {"who": "opponent", "zone": "field"}

    def q_united(self) -> dict[str, Any]:
        return {"filter": {"tag": "united"}}

    def q_name(self, tok: Any) -> dict[str, Any]:
        name = str(tok).strip("«»")
        if name in KEYWORDS:
            return {"filter": {"tag": name}}
        return {"filter": {"name_has": name.title()}}

    def q_plague(self) -> dict[str, Any]:
        return {"filter": {"status": "plague"}}

    def q_exiled(self) -> dict[str, Any]:
        return {"zone": "exile"}

    def q_other(self) -> dict[str, Any]:
        return {"filter": {"other": True}}

    def q_tier_max(self, n: Any) -> dict[str, Any]:
        return {"filter": {"tier": {"max": _num(n)}}}

    def q_tier_min(self, n: Any) -> dict[str, Any]:
        return {"filter": {"tier": {"min": _num(n)}}}

    def q_tier(self, n: Any) -> dict[str, Any]:
        return {"filter": {"tier": {"min": _num(n), "max": _num(n)}}}

    def q_yours(self) -> dict[str, Any]:
        return {"who": "you"}

    def q_tech(self) -> dict[str, Any]:
        return {"filter": {"tag": "tech"}}

    def q_striker(self) -> dict[str, Any]:
        return {"filter": {"tag": "striker"}}

    def q_term(self, tok: Any) -> dict[str, Any]:
        """A word before "summon" that the grammar does not know ("a Fire summon"): never guessed as a filter; the
        sentence is left unread (and reported, with the word as a term if it is capitalised)."""
        raise ValueError(f"unknown word {str(tok)!r} in a description of cards")

    def n_summon(self) -> dict[str, Any]:
        return {"filter": {"type": "summon"}}

    def n_summon_or_invocation(self) -> dict[str, Any]:
        return {}

    def n_card(self) -> dict[str, Any]:
        return {}

    def n_counter(self) -> dict[str, Any]:
        return {"zone": "field", "who": "each"}

    def n_tier(self, n: Any) -> dict[str, Any]:
        return {"filter": {"type": "summon", "tier": {"min": _num(n), "max": _num(n)}}}

    def s_yours(self) -> dict[str, Any]:
        return {"who": "you", "zone": "field"}

    def s_opponents(self) -> dict[str, Any]:
        return {"who": "opponent", "zone": "field"}

    def s_battlefield(self) -> dict[str, Any]:
        return {"zone": "field"}

    def s_plague(self) -> dict[str, Any]:
        return {"filter": {"status": "plague"}}

    def s_exile_zones(self) -> dict[str, Any]:
        return {"who": "each", "zone": "exile"}

    def s_end_zone(self) -> dict[str, Any]:
        return {"zone": "deck_out"}

    def s_every_player(self) -> dict[str, Any]:
        return {"who": "each"}

    def z_hand(self) -> str:
        return "hand"

    def z_deck(self) -> str:
        return "deck"

    def z_deck_out(self) -> str:
        return "deck_out"

    def z_exile(self) -> str:
        return "exile"

    # ---- amounts and conditions
    def amt_n(self, n: Any) -> Any:
        return _num(n)

    def amt_x(self) -> Any:
        return "x"

    def amt_nx(self, n: Any) -> Any:
        return {"mul": ["x", _num(n)]}

    def amt_x_plus(self, n: Any) -> Any:
        return {"sum": ["x", _num(n)]}

    def amt_count(self, d: dict[str, Any]) -> Any:
        return {"count": selector(d, "each", "field")}

    def amt_difference(self) -> Any:
        return DIFF

    def amt_event(self) -> Any:
        return "event_amount"

    def amt_self_dmg(self) -> Any:
        return {"stat": "dmg", "of": "self"}

    def where_x(self, amount: Any) -> dict[str, Any]:
        return {"x": amount}

    def signed_number(self, tok: Any) -> int:
        return int(str(tok).replace(" ", ""))

    def control_at_least(self, n: Any, d: dict[str, Any]) -> dict[str, Any]:
        return {"compare": [{"count": selector(d, "you", "field")}, ">=", _num(n)]}

    def you_control(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"exists": selector(d, "you", "field")}

    def control_more(self) -> dict[str, Any]:
        return {"compare": [{"count": "you.field"}, ">", {"count": "opponent.field"}]}

    def opponent_controls_more(self) -> dict[str, Any]:
        return {"compare": [{"count": "opponent.field"}, ">", {"count": "you.field"}]}

    def opponent_controls(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"exists": selector(d, "opponent", "field")}

    def there_is(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"exists": selector(d, "each", "field")}

    # ---- steps
    def sep(self) -> str:
        return "and"

    def if_all_do(self) -> str:
        return "if_all_do"

    def cost_sep(self) -> str:
        return "cost"

    def step_list(self, *c: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"steps": []}
        target = out["steps"]
        for part in c:
            if part == "cost":  # "Demote ...; Demote ...": what comes before the semicolon is paid first
                out["cost"], out["steps"] = out["steps"], []
                target = out["steps"]
                continue
            if part == "if_all_do":
                branch: list[dict[str, Any]] = []
                target.append({"if": {"condition": {"all": [{"exists": "mine"}, {"exists": "theirs"}]},
                                      "then": branch}})
                target = branch
                continue
            if part == "and":
                continue
            target.extend(part["steps"])
            for key in ("response", "window", "cond", "optional"):
                if key in part:
                    out[key] = part[key]
        return out

    def you_can(self, step: dict[str, Any]) -> dict[str, Any]:
        """"You can ...": optional. A search is optional already (it may find nothing); a triggered ability asks."""
        if all("search_deck" in s for s in step["steps"]):
            return step
        return {**step, "optional": True}

    def draw_one(self) -> dict[str, Any]:
        return _steps({"draw": {}})

    def draw_n(self, n: Any) -> dict[str, Any]:
        return _steps({"draw": {"count": _num(n)}})

    def discard_card(self) -> dict[str, Any]:
        return _steps({"choose": {"name": "dropped", "from": "you.hand"}}, {"discard": {"target": "dropped"}})

    def discard_desc(self, d: dict[str, Any]) -> dict[str, Any]:
        return _steps({"choose": {"name": "dropped", "from": selector(d, "you", "hand")}},
                      {"discard": {"target": "dropped"}})

    def discard_n(self, n: Any) -> dict[str, Any]:
        return _steps({"choose": {"name": "dropped", "from": "you.hand", "count": _num(n)}},
                      {"discard": {"target": "dropped"}})

    def self_to_hand(self) -> dict[str, Any]:
        return _steps({"move": {"target": "self", "to": "you.hand"}})

    def discard_self(self) -> dict[str, Any]:
        return _steps({"discard": {"target": "self"}})

    def look_for(self, d: dict[str, Any]) -> dict[str, Any]:
        return _steps({"search_deck": {"filter": d["filter"], "to": "you.hand"}})

    search_for = look_for

    def add_from(self, d: dict[str, Any], zones: Any) -> dict[str, Any]:
        zones = zones if isinstance(zones, list) else [zones]
        if "deck" in zones:
            also = [z for z in zones if z != "deck"]
            params: dict[str, Any] = {"filter": d["filter"], "to": "you.hand", "up_to": False}
            if also:
                params["also"] = f"you.{also[0]}"
            return _steps({"search_deck": params})
        return _steps({"choose": {"name": "back", "from": {"zone": f"you.{zones[0]}", "filter": d["filter"]}}},
                      {"move": {"target": "back", "to": "you.hand"}})

    def zone_list(self, *zones: Any) -> list[str]:
        return list(zones)

    def return_exile_hand(self, d: dict[str, Any]) -> dict[str, Any]:
        return _steps({"choose": {"name": "back", "from": selector(d, "you", "exile")}},
                      {"move": {"target": "back", "to": "you.hand"}})

    def return_exile_deck_out(self, d: dict[str, Any]) -> dict[str, Any]:
        flt = {**d["filter"], "other": True}
        return _steps({"choose": {"name": "back", "from": {"zone": "you.exile", "filter": flt}}},
                      {"move": {"target": "back", "to": "you.deck_out"}})

    def place_from(self, d: dict[str, Any], zone: str) -> dict[str, Any]:
        flt = {"type": "summon", **d["filter"]}
        return _steps({"choose": {"name": "placed", "from": {"zone": f"you.{zone}", "filter": flt}}},
                      {"place": {"target": "placed"}})

    def place_then_exile(self, d: dict[str, Any], zone: str) -> dict[str, Any]:
        got = self.place_from(d, zone)
        got["steps"][-1]["place"]["then_exile"] = True
        return got

    def place_from_deck_out(self) -> dict[str, Any]:
        return _steps({"choose": {"name": "back", "from": {"zone": "you.deck_out", "filter": {"type": "summon"}},
                                  "count": "x"}}, {"place": {"target": "back"}})

    def look_top(self, n: Any, q: dict[str, Any]) -> dict[str, Any]:
        flt = {**q["filter"], "type": "summon"}
        return _steps({"search_deck": {"name": "found", "top": _num(n), "filter": flt, "to": "you.stack",
                                       "up_to": False}},
                      {"if": {"condition": {"exists": "found"},
                              "then": [{"place": {"target": "found", "else_to": "you.deck"}}, {"shuffle": {}}]}})

    def damage_opponent(self, amount: Any) -> dict[str, Any]:
        return _steps({"damage": {"target": "opponent", "amount": amount}})

    def damage_opponent_n(self, n: Any) -> dict[str, Any]:
        return _steps({"damage": {"target": "opponent", "amount": _num(n)}})

    def takes_damage(self, n: Any) -> dict[str, Any]:
        return _steps({"damage": {"target": "each", "amount": _num(n)}})

    def each_demotes(self) -> dict[str, Any]:
        return _steps({"choose": {"name": "mine", "from": "you.field", "prompt": "demote a summon of yours"}},
                      {"choose": {"name": "theirs", "from": "opponent.field", "player": "opponent",
                                  "prompt": "demote a summon of yours"}},
                      {"demote": {"target": "mine"}}, {"demote": {"target": "theirs"}})

    def _one(self, verb: str, name: str, d: dict[str, Any], who: str) -> dict[str, Any]:
        if d.get("all") and not d.get("who"):
            who = "each"  # "demote all Tier 1 summons on the battlefield": every player's
        if d.get("all") or d.get("self"):
            return _steps({verb: {"target": selector(d, who, "field")}})
        return _steps({"choose": {"name": name, "from": selector(d, who, "field")}}, {verb: {"target": name}})

    def demote(self, d: dict[str, Any]) -> dict[str, Any]:
        return self._one("demote", "demoted", d, "you")

    def exile(self, d: dict[str, Any]) -> dict[str, Any]:
        return self._one("exile", "gone", d, "each")

    def demote_to(self, d: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
        got = self.demote(d)
        return {**then, "steps": got["steps"] + then["steps"]}

    def opponent_discards_one(self) -> dict[str, Any]:
        return self.opponent_discards_n(1)

    def opponent_discards_n(self, n: Any) -> dict[str, Any]:
        """The opponent chooses the cards of their own hand (hidden from you) and discards them."""
        return _steps({"choose": {"name": "their_discard", "from": "opponent.hand", "player": "opponent",
                                  "count": _num(n)}}, {"discard": {"target": "their_discard"}})

    def each_draws(self) -> dict[str, Any]:
        return _steps({"draw": {}}, {"draw": {"player": "opponent"}})

    def look_top_only(self, n: Any) -> dict[str, Any]:
        return _steps({"look": {"target": {"zone": "you.deck", "top": _num(n)}}})

    def plague_give(self, d: dict[str, Any]) -> dict[str, Any]:
        return _steps({"plague": {"from": selector(d, "each", "field")}})

    def draw_each(self, d: dict[str, Any]) -> dict[str, Any]:
        return _steps({"draw": {"count": {"count": selector(d, "you", "field")}}})

    def phk_duration(self) -> str:
        return "turn"

    def gains_n_turn(self, d: dict[str, Any], _: Any, n: int, until: str) -> dict[str, Any]:
        return self._boost(d, n, until)

    def step_to(self, first: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
        """"Discard a card to draw a card": the first is done, then the second (usable only if the first can be)."""
        return {**then, "steps": first["steps"] + then["steps"]}

    def opponent_takes(self, n: Any) -> dict[str, Any]:
        return self.damage_opponent_n(n)

    def gains_each(self, d: dict[str, Any], _: Any, n: int, each: dict[str, Any]) -> dict[str, Any]:
        return self._boost(d, {"mul": [{"count": selector(each, "you", "field")}, n]}, "gains")

    def demote_or_exile(self, d: dict[str, Any]) -> dict[str, Any]:
        end_zone = {"zone": "you.deck_out", "filter": {**d["filter"], "type": "summon"}}
        return self.choice(self.demote(d), _steps({"choose": {"name": "gone", "from": end_zone}},
                                                  {"exile": {"target": "gone"}}))

    def undemotable(self) -> dict[str, Any]:
        return _steps({"add_status": {"target": "event_card", "status": "undemotable"}})

    def fizzle_by(self, fizzle: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
        return {**fizzle, "steps": [{"plague": {"from": selector(d, "opponent", "field")}}] + fizzle["steps"]}

    def plague_half_x(self, where: dict[str, Any]) -> dict[str, Any]:
        return {**_steps({"plague": {"count": {"div": [where["x"], 2]}}}),
                "cond": {"compare": [where["x"], ">=", 2]}}

    def plague_n(self, *n: Any) -> dict[str, Any]:
        return _steps({"plague": {"count": _num(n[0])} if n else {}})

    def fizzle(self, what: dict[str, Any]) -> dict[str, Any]:
        return {"steps": [{"fizzle": {}}], **what}

    def fz_invocation(self) -> dict[str, Any]:
        return {"response": "invocation"}

    def fz_ability(self) -> dict[str, Any]:
        return {"response": "ability"}

    def fz_battle(self) -> dict[str, Any]:
        return {"response": "battle"}

    def fz_battle_yours(self) -> dict[str, Any]:
        return {"response": "battle", "window": {"exists": {"zone": "window_target", "filter": {"owner": "you"}}}}

    def give(self, d: dict[str, Any], n: int, *until: str) -> dict[str, Any]:
        return self._boost(d, n, "turn")

    def _boost(self, d: dict[str, Any], by: Any, until: str) -> dict[str, Any]:
        if d.get("all") or d.get("self"):
            return _steps({"modify": {"target": selector(d), "stat": "dmg", "by": by, "until": until}})
        return _steps({"choose": {"name": "boosted", "from": selector(d)}},
                      {"modify": {"target": "boosted", "stat": "dmg", "by": by, "until": until}})

    def gain_word(self) -> None:
        return None

    def gains_n(self, d: dict[str, Any], _: Any, n: int) -> dict[str, Any]:
        return self._boost(d, n, "gains")  # "gains": lasting on a Summon's own ability, for the turn otherwise

    def gains_amount(self, d: dict[str, Any], _: Any, amount: Any) -> dict[str, Any]:
        return self._boost(d, amount, "gains")

    def gains_times(self, d: dict[str, Any], _: Any, n: Any) -> dict[str, Any]:
        return _steps({"multiply": {"target": selector(d), "stat": "dmg", "times": _num(n), "until": "turn"}})

    def mill(self, amount: Any) -> dict[str, Any]:
        return _steps({"move_top": {"from": "you.deck", "to": "you.deck_out", "count": amount}})

    def decrease(self, amount: Any) -> dict[str, Any]:
        by = {"mul": [amount["mul"][0], -amount["mul"][1]]} if isinstance(amount, dict) and "mul" in amount \
            else {"neg": amount}
        return _steps({"modify": {"target": "opponent.field", "stat": "dmg", "by": by, "until": "turn"}})

    def add_counter(self) -> dict[str, Any]:
        return _steps({"add_counter": {"target": "self", "counter": COUNTER}})

    def type_change(self, d: dict[str, Any]) -> dict[str, Any]:
        return _steps({"choose": {"name": "changed", "from": selector(d, "each", "field")}},
                      {"swap_type": {"target": "changed"}})

    def shuffle(self) -> dict[str, Any]:
        return _steps({"shuffle": {}})

    def choice(self, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        """"X or Y": the player picks one of the two that can be done (or the only one)."""
        ca, cb = precondition(a["steps"]), precondition(b["steps"])
        pick = [{"if": {"condition": {"all": [ca, cb]},
                        "then": [{"choose_option": {"name": "mode", "options": ["1", "2"],
                                                    "prompt": "1 or 2 (in the order of the text)"}}],
                        "else": [{"if": {"condition": ca, "then": [{"set": {"name": "mode", "value": 1}}],
                                         "else": [{"set": {"name": "mode", "value": 2}}]}}]}},
                {"if": {"condition": {"compare": ["mode", "==", 1]}, "then": a["steps"], "else": b["steps"]}}]
        return {"steps": pick, "cond": {"any": [ca, cb]}}

    def dmg_becomes(self, n: Any) -> dict[str, Any]:
        return _steps({"set_dmg": {"target": "self", "value": _num(n)}})

    # ---- whole abilities
    def when_sep(self) -> None:
        return None

    def when_self_placed(self) -> dict[str, Any]:
        return {"trigger": "placed", "cond": SELF_EVENT}

    def when_placed(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"trigger": "placed", "cond": _event_is(d)}

    def when_placed_by_demoting(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"trigger": "placed_by_demoting", "cond": _event_is(d)}

    def when_self_exiled(self) -> dict[str, Any]:
        return {"trigger": "exiled", "zone": "exile", "cond": SELF_EVENT}

    def when_self_plagued(self) -> dict[str, Any]:
        return {"trigger": "plagued", "cond": SELF_EVENT}

    def when_plagued(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"trigger": "plagued", "cond": _event_is(d)}

    def when_self_deals_damage(self) -> dict[str, Any]:
        return {"trigger": "battle_damage", "cond": SELF_EVENT}

    def when_opponent_damaged_by(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"trigger": "battle_damage", "cond": _event_is(d, owner="you")}

    def when_battles(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"trigger": "battle_declared", "cond": _event_is(d, owner="you" if d["who"] == "you" else None)}

    def when_self_demoted(self) -> dict[str, Any]:
        return {"trigger": "demoted", "zone": "deck_out", "cond": SELF_EVENT}

    def when_demoted(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"trigger": "demoted", "cond": _event_is(d)}

    def when_self_battles(self) -> dict[str, Any]:
        return {"trigger": "battle_declared", "cond": SELF_EVENT}

    def when_end_of_turn(self) -> dict[str, Any]:
        return {"trigger": "phase", "cond": {"all": [{"turn": "mine"}, {"phase": "end"}]}}

    def when_start_of_turn(self) -> dict[str, Any]:
        return {"trigger": "turn", "cond": {"turn": "mine"}}

    def when_opponent_places(self) -> dict[str, Any]:
        return {"trigger": "placed", "cond": {"exists": {"zone": "event_card", "filter": {"owner": "opponent"}}}}

    def when_cast(self) -> dict[str, Any]:
        return {"trigger": "cast", "cond": {}}

    def when_opponent_casts(self) -> dict[str, Any]:
        return {"trigger": "cast", "cond": {"exists": {"zone": "event_card", "filter": {"owner": "opponent"}}}}

    def trigger_after(self, body: dict[str, Any], when: dict[str, Any]) -> dict[str, Any]:
        """"Your opponent discards a card when this summon deals damage": the moment printed after the steps."""
        return self.trigger_ability(when, body)

    def when_combat(self, cond: dict[str, Any]) -> dict[str, Any]:
        return {"trigger": "combat", "cond": {"all": [{"turn": "mine"}, cond]}, "compare": cond}

    def trigger_ability(self, when: dict[str, Any], *rest: Any) -> dict[str, Any]:
        parts = [r for r in rest if r not in (None, [])]
        body, extra = parts[0], parts[1:]
        if body.get("optional"):  # "When placed, you can ...": the controller decides when it resolves
            body = {**body, "steps": [{"may": {"then": body["steps"]}}]}
        conds = [c for c in (when["cond"], *extra) if c]
        clause = {"form": "trigger", "trigger": when["trigger"], "steps": body["steps"],
                  "condition": _all(conds) if conds else {}}
        if "zone" in when:
            clause["zone"] = when["zone"]
        if "compare" in when or extra:
            clause["compare"] = when.get("compare") or extra[0]
        return clause

    def cost_ability(self, cost: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        return {"form": "steps", **_pass(body), "cost": cost["steps"]}

    def counters_cost_ability(self, n: Any, body: dict[str, Any]) -> dict[str, Any]:
        cost = [{"remove_counter": {"target": "self", "counter": COUNTER, "amount": _num(n)}}]
        return {"form": "steps", "cost": cost, **_pass(body)}

    def hand_fizzle(self, limit: str, fizzle: dict[str, Any]) -> dict[str, Any]:
        return {"form": "steps", "zone": "hand", "limit": limit, "cost": [{"discard": {"target": "self"}}],
                "activated": True, **_pass(fizzle)}

    def steps_ability(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"form": "steps", **_pass(body)}

    def limited(self, limit: str, body: dict[str, Any]) -> dict[str, Any]:
        return {**body, "limit": limit}

    def limit(self, tok: Any) -> str:
        return str(tok).upper()

    def once_per_turn(self) -> str:
        return "L/1"

    def once_per_game(self) -> str:
        return "L1"

    def aura(self, d: dict[str, Any], _: Any, n: int, *cond: Any) -> dict[str, Any]:
        """"X gain DMG +N (if ...)": a static on a card in play; on a Regular or Counter, done once when cast."""
        aura: dict[str, Any] = {"to": selector(d, "you", "field") if not d.get("self") else selector(d), "by": n}
        steps = self._boost(d, n, "gains")
        if cond:
            aura["condition"] = cond[0]
            steps = {"steps": [{"if": {"condition": cond[0], "then": steps["steps"]}}]}
        return {"form": "static", "params": {"aura": aura}, "as_steps": steps}

    def aura_if(self, cond: dict[str, Any], d: dict[str, Any], _: Any, n: int) -> dict[str, Any]:
        return self.aura(d, _, n, cond)

    def aura_x(self, d: dict[str, Any], _: Any, n: Any, where: dict[str, Any]) -> dict[str, Any]:
        return {"form": "static", "params": {"aura": {"to": selector(d), "by": {"sum": [where["x"], -_num(n)]}}}}

    def battle_twice(self, cond: dict[str, Any]) -> dict[str, Any]:
        return {"form": "static", "params": {"extra_battles": {"amount": 1, "condition": cond}}}

    def battle_twice_always(self) -> dict[str, Any]:
        return {"form": "static", "params": {"extra_battles": {"amount": 1}}}

    def not_battled_by(self, d: dict[str, Any]) -> dict[str, Any]:
        """"This summon cannot be battled by Tech summons": opposing Summons passing the filter may not battle it."""
        return {"form": "static", "params": {"not_battled_by": {k: v for k, v in d["filter"].items() if k != "type"}}}

    def aura_lose(self, d: dict[str, Any], n: int) -> dict[str, Any]:
        return self.aura(d, None, -abs(n))

    def cannot_be_demoted(self) -> dict[str, Any]:
        return {"form": "static", "params": {"undemotable": True}}

    def aura_each(self, d: dict[str, Any], _: Any, n: int, each: dict[str, Any]) -> dict[str, Any]:
        by = {"mul": [{"count": selector(each, "you", "field")}, n]}
        return {"form": "static", "params": {"aura": {"to": selector(d, "you", "field"), "by": by}}}

    def aura_each_self(self, _: Any, n: int, each: dict[str, Any]) -> dict[str, Any]:
        """"Gains DMG +1 for each ... ": the card itself (the subject left out, as printed)."""
        return self.aura_each(_desc(self=True), _, n, each)

    def aura_self(self, _: Any, n: int) -> dict[str, Any]:
        return self.aura(_desc(self=True), _, n)

    def keyword_reminder(self, word: Any, reminder: Any) -> dict[str, Any]:
        """``Reinforcement ("When placed, ...")``: a keyword the card defines by its reminder text."""
        keyword = str(word).capitalize()
        clause = parse(str(reminder).strip("«»"))
        clause.setdefault("fields", {})
        clause["fields"]["keywords"] = [keyword]
        clause["terms"] = [keyword]
        return clause

    def battle_again_difference(self, cond: dict[str, Any]) -> dict[str, Any]:
        left, _, right = cond["compare"]
        return {"form": "static", "params": {"extra_battles": {
            "amount": {"sum": [left, {"neg": right}]}, "condition": {"all": [{"phase": "combat"}, cond]}}}}

    def battle_only(self, d: dict[str, Any], *tier: Any) -> dict[str, Any]:
        flt = {k: v for k, v in d["filter"].items() if k != "type"}
        return {"form": "static", "params": {"battle_only": flt}, "fields": tier[0]["fields"] if tier else {}}

    def guard(self, name: Any) -> dict[str, Any]:
        return {"form": "static", "params": {"guard": True}}

    def plague_demote_exiles(self) -> dict[str, Any]:
        return {"form": "static", "params": {"plague_demote_exiles": True}}

    def plague_turns_one(self) -> dict[str, Any]:
        return {"form": "static", "params": {"plague_turns_one": True}}

    def deck_out_play(self) -> dict[str, Any]:
        return {"form": "static", "params": {"deck_out_play": True}}

    def tier_discount(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"form": "static", "params": {"tier_discount": {k: v for k, v in d["filter"].items() if k != "type"}}}

    def weapon_else_defender(self) -> dict[str, Any]:
        return {"form": "static", "params": {"battle_damage": {"else": "defender"}}}

    # ---- printed requirements and notes
    def tribute_req(self, n: Any, d: dict[str, Any], each: bool) -> dict[str, Any]:
        tribute: dict[str, Any] = {"count": _num(n), "anywhere": True, "each": each}
        if d["filter"].get("status"):
            tribute["status"] = d["filter"]["status"]
        return {"form": "fields", "fields": {"tribute": tribute}}

    def scope_the(self) -> bool:
        return False

    def scope_each(self) -> bool:
        return True

    def field_tier(self, n: Any) -> dict[str, Any]:
        return {"form": "fields", "fields": {"field_tier": _num(n)}}

    def attach_req(self, d: dict[str, Any]) -> dict[str, Any]:
        return {"form": "fields", "fields": {"attach_filter": {k: v for k, v in d["filter"].items()
                                                               if k != "type"}}}

    def plague_definition(self, n: Any) -> dict[str, Any]:
        return {"form": "note", "note": "defines Plague (read as in RULINGS.md: a Plague counter, exiled after "
                                        f"{_num(n)} End Phases)"}

    def no_response_note(self) -> dict[str, Any]:
        return {"form": "note", "note": "the rules already allow no response to a response (RULINGS.md, PHK-INV-03)"}


COUNTER = "counter"
KEYWORDS = {"united"}


def _event_is(d: dict[str, Any], owner: str | None = None) -> dict[str, Any]:
    """The condition that the event's card is the one described ("this summon": the source itself)."""
    if d.get("self") and not d.get("host"):
        return SELF_EVENT
    flt = {k: v for k, v in d["filter"].items() if k != "type"}
    if owner:
        flt["owner"] = owner
    return {"exists": {"zone": "event_card", "filter": flt}} if flt else {}


def _pass(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body.items() if k in ("steps", "response", "window", "cond", "cost", "optional")}


def precondition(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """What must exist for steps to do anything: the cards their first choice picks from (or a Plague target)."""
    for step in steps[:1]:
        verb, params = next(iter(step.items()))
        if verb == "choose" and "player" not in params:
            return {"exists": params["from"]}
        if verb == "plague":
            frm = params.get("from")
            return {"exists": {"zone": frm, "filter": PLAGUABLE["filter"]} if frm else PLAGUABLE}
        if verb in ("demote", "exile") and params.get("target") not in ("mine", "theirs"):
            return {"exists": params["target"]}
    return {}


# ---------------------------------------------------------------------------------------------- the whole card

#: words that make a sentence rules text; a sentence with none of them that no phrase reads is flavour
RULES_WORDS = re.compile(r"\b(summons?|tier|dmg|damage|place[ds]?|demote[ds]?|exiled?|fizzle|invocations?|cast|"
                         r"draw|discard|deck|hand|plague|counters?|l/?\d|battles?|battlefield|controls?|gains?|"
                         r"opponent'?s?|search|add|return|mill|when|whenever|if you)\b")
#: terms the card text uses that the rulebook (handbook 1.3) never defines, with how RULINGS.md reads them
UNDEFINED = {"united": "United", "plague": "Plague", "end zone": "end zone", "exile zone": "Exile Zone",
             "counter": "counters on a card"}
#: capitalised words of the rulebook's own vocabulary (or plain English); any other one mid-sentence is a term
_RULEBOOK_WORDS = (
    "summon summons invocation invocations tier tiers dmg damage deck hand battlefield battlefields battle battles "
    "opponent opponent's opponents player players striker strikers tech regular counter realm weapon weapons faction "
    "factions abled disabled demote demoted exile exiled exiles fizzle draw main combat phase final cast end out pile "
    "creation cp zone zones card cards you your this the a an all and or of to in on from by")
RULEBOOK_WORDS = frozenset(_RULEBOOK_WORDS.split())


@dataclass
class Compiled:
    """What :func:`compile_text` read: effects, card fields, unread phrases, notes (flavour, reminder text) and
    terms the rulebook does not define."""

    effects: list[dict[str, Any]] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    unread: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        """``fully`` (every rules sentence read), ``partly`` or ``not`` (nothing read)."""
        if not self.unread:
            return "fully"
        return "partly" if self.effects or self.fields else "not"


@functools.cache
def phrasebook() -> Any:
    """The Phaktionz phrasebook: the shared library's common pieces plus ``cardtext.lark`` and its builders."""
    from tcgkit.core.cardtext import Phrasebook

    book = Phrasebook("phaktionz")
    book.grammar_text("phaktionz", (HERE / "cardtext.lark").read_text(encoding="utf-8"))
    builders = Builders()
    for name in dir(Builders):
        if not name.startswith("_"):
            book.build(name, getattr(builders, name))
    book.start("phk_text: ability")
    return book


def parse(sentence: str) -> dict[str, Any]:
    """One ability (one or more sentences) as a clause; raises if no phrase reads it."""
    import copy

    return copy.deepcopy(phrasebook().parse(normalise(sentence)))


#: a sentence that goes on the ability before it ("... . If all players do, place a tier 3", "... . Else, ...")
CONTINUES = re.compile(r"^(if all players do|else|otherwise|if so|if you do)\b", re.IGNORECASE)


def compile_text(text: str, kind: str, inv_type: str | None = None, names: frozenset[str] = frozenset()) -> Compiled:
    """Read a card's ability text; see the module docstring. ``names``: words of card names (never terms)."""
    import copy

    return copy.deepcopy(_compile(text, kind, inv_type, names))


@functools.lru_cache(maxsize=4096)
def _compile(text: str, kind: str, inv_type: str | None, names: frozenset[str]) -> Compiled:
    from lark.exceptions import LarkError

    out = Compiled()
    segs = segments(text)
    i = 0
    while i < len(segs):
        j = i + 1
        while j < len(segs) and CONTINUES.match(segs[j]):
            j += 1
        piece = ". ".join(segs[i:j])
        try:
            clause = parse(piece)
        except (LarkError, ValueError):
            if j > i + 1:  # the continuation did not read with it: read the first sentence alone
                j = i + 1
                piece = segs[i]
                try:
                    clause = parse(piece)
                except (LarkError, ValueError):
                    clause = None
            else:
                clause = None
        if clause is not None and assemble(clause, piece, kind, inv_type, out):
            out.terms += _terms(piece, names) + list(clause.get("terms") or [])
        elif RULES_WORDS.search(normalise(piece)):
            out.unread.append(piece)
            out.terms += _terms(piece, names)
        else:
            out.notes.append(f"flavour: {piece}")
        i = j
    out.terms = sorted(set(out.terms))
    return out


def _terms(sentence: str, names: frozenset[str]) -> list[str]:
    """Terms of a rules sentence that the rulebook never defines: known ones and capitalised words it never uses."""
    low = normalise(sentence)
    found = [label for word, label in UNDEFINED.items() if re.search(rf"\b{word}s?\b", low)]
    keyword = re.match(r"\s*([A-Z][a-zA-Z\-]+)\s*\(", sentence)  # a keyword with its reminder: "Word (...)"
    if keyword and keyword.group(1).lower() not in RULEBOOK_WORDS:
        found.append(keyword.group(1))
    words = re.findall(r"(?<=[a-z,;] )([A-Z][a-zA-Z\-]+)", sentence.replace('"', " "))
    found += [w for w in words if w.lower() not in RULEBOOK_WORDS and w.lower() not in names
              and w.lower() not in UNDEFINED]
    return found


def assemble(clause: dict[str, Any], text: str, kind: str, inv_type: str | None, out: Compiled) -> bool:
    """Turn one clause into effects and card fields for a card of this kind (play, activated, trigger, static);
    False when the clause cannot be an ability of this card: an order with no moment, limit or cost on a card in
    play ("Draw a card for each ..." printed alone on a Summon) says neither when nor how often (left unread)."""
    form = clause["form"]
    one_shot = kind == "invocation" and inv_type in ("regular", "counter")
    if form == "steps" and not one_shot and not (clause.get("limit") or clause.get("cost") or clause.get("zone")):
        return False
    out.fields.update(clause.get("fields") or {})
    if form == "fields":
        return True
    if form == "note":
        out.notes.append(f"{text}: {clause['note']}")
        return True
    limit = clause.get("limit")
    if one_shot and limit:
        out.fields["limit"] = limit
        limit = None
    if form == "static" and one_shot and clause.get("as_steps"):
        clause = {**clause, "form": "steps", **clause["as_steps"]}
        form = "steps"
    if form == "static":
        eff: dict[str, Any] = {"kind": "static", "text": text, "params": clause["params"]}
        out.effects.append({**eff, **({"limit": limit} if limit else {})})
        return True
    steps = _finish(clause["steps"], kind, clause.get("compare"), _bound(clause.get("cost") or []))
    cond = [c for c in (precondition(clause["cost"]) if clause.get("cost") else {}, clause.get("cond"),
                        precondition(steps), clause.get("window")) if c]
    if form == "trigger":
        cond = [c for c in (clause["condition"], *cond) if c]
        eff = {"trigger": clause["trigger"], "text": text, "steps": steps}
        if cond:
            eff["condition"] = _all(cond)
        if clause.get("zone"):
            eff["zone"] = clause["zone"]
        if one_shot:  # "When your Tier 2+ summon battles, ..." on an Invocation: armed for the rest of the turn
            out.effects.append({"kind": "play", "text": text, "steps": [{"delay": {}}]})
            eff = {**eff, "zone": "delayed"}
            eff.pop("text")
    else:
        eff = {"kind": "play" if one_shot else "activated", "text": text, "steps": steps}
        if cond:
            eff["condition"] = _all(cond)
        if clause.get("cost"):
            eff["cost"] = clause["cost"]
        if clause.get("zone"):
            eff["zone"] = clause["zone"]
        if clause.get("response"):
            eff["params"] = {"response": clause["response"]}
    if limit:
        eff["limit"] = limit
    out.effects.append(eff)
    return True


def _all(conds: list[dict[str, Any]]) -> dict[str, Any]:
    flat = [x for c in conds for x in (c["all"] if set(c) == {"all"} else [c])]
    return flat[0] if len(flat) == 1 else {"all": flat}


def _bound(steps: list[dict[str, Any]]) -> set[str]:
    """The names the steps bind (their choices, at any depth)."""
    import json

    return set(re.findall(r'"choose": \{"name": "(\w+)"', json.dumps(steps)))


def _finish(steps: list[dict[str, Any]], kind: str, compare: dict[str, Any] | None,
            taken: set[str]) -> list[dict[str, Any]]:
    """Fill in what depends on the card: how long "gains" lasts, "the difference", the choice of X, and a fresh name
    for a choice whose name the cost already bound."""
    import json

    raw = json.dumps(steps)
    for name in sorted(taken & _bound(steps)):
        raw = raw.replace(f'"{name}"', f'"{name}_2"')
    raw = raw.replace('"until": "gains"', f'"until": "{"permanent" if kind == "summon" else "turn"}"')
    if compare is not None and f'"{DIFF}"' in raw:
        left, _, right = compare["compare"]
        raw = raw.replace(f'"{DIFF}"', json.dumps({"sum": [left, {"neg": right}]}))
    steps = json.loads(raw)
    if '"x"' in raw:
        places = '"place"' in raw and '"count": "x"' in raw
        top = {"sum": [5, {"neg": {"count": "you.field"}}]} if places else {"zone_size": "you.deck"}
        steps.insert(0, {"choose_x": {"name": "x", "min": 1, "max": top}})
    return steps


def compile_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A card file entry with its ``text`` compiled (see :meth:`PhaktionzRules.prepare_card`).

    >>> e = compile_entry({"name": "Imp", "kind": "summon", "text": "When placed, draw a card."})
    >>> e["effects"][0]["steps"]
    [{'draw': {}}]
    """
    if "effects" in entry or entry.get("flavour") or not entry.get("text"):
        return entry
    got = compile_text(str(entry["text"]), str(entry.get("kind", "")), entry.get("inv_type"))
    out = {**entry, "effects": got.effects}
    for key, value in got.fields.items():
        out.setdefault(key, value)
    if got.unread:
        out["unread"] = got.unread
    return out
