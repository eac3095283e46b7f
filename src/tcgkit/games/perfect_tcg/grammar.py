"""Perfect TCG card text -> the effect language: the phrases of the game's effect boxes on the core phrase library
(:mod:`tcgkit.core.cardtext`). A text is read sentence by sentence; each sentence is one template:

- placement: ``In Wing|Support|Leader zone: <action>`` (when the unit is placed there), ``In Wing zone: if you have
  N or more Energy, <action>``;
- standing: ``[Support ability:] <standing>``: ``Your Leader has +N power [for each counter on this unit]``,
  ``This unit has +N power for each counter on it``, ``You have N Armour``, ``Your battling units have +N power
  [and +N damage]``, ``Your Wing|Support units have +N power|damage``, ``Your Support units may attack``, ``your
  opponent cannot Energise cards`` (two standing sentences in a row are one standing effect);
- triggered: ``When this unit wins a battle [against a Leader], <action>``, ``When a NAME unit is lost, ...``,
  ``When this Card is lost, ...``, ``When your Leader levels up, ...``, ``At the start of your turn, ...``,
  ``When you cast a Spell, ...``, ``Once per turn: when this unit wins a battle, Refresh it``;
- an action: ``Once per turn[, on your turn][, pay N Energy]: [Rest this unit; | remove N counters from this
  unit;] <action>`` (it can be used only when its choice has something to choose);
- actions (spells, and the parts above): ``Deal N damage to your opponent's Leader | to your opponent directly[,
  then Remove N Energy from them] | to <units>``, ``Remove N Energy from your opponent``, ``Mind Wipe <cards>``,
  ``Put <units> into Stasis``, ``Refresh <units> | all your Wing units``, ``Energise a card from your hand | up to N
  cards from your hand | the top card of your Lost zone``, ``Excavate``, ``Heal N``, ``draw N card(s)``, ``Level down
  your opponent``, ``Prevent the next N damage to your Leader this turn``, ``You gain N [decaying] Armour``, ``Your
  opponent cannot play Spells until the end of their next turn``, ``Choose one of your units; it cannot be lost this
  turn``, ``your opponent loses the top card | top N cards of their deck``, ``put 1 counter on this unit``,
  ``Return a unit with "X" in its name from your Lost zone to your hand``, ``Put a unit with "X" in its name from
  your hand into an empty Wing or Support zone, even above your Leader's level``, ``Sacrifice another of your units
  in a Wing or Support zone; this unit gains its power until the end of the turn``, ``Level up with a unit from your
  hand one level above your Leader, even if ...``, ``Each player loses one of their Wing units of their choice; the
  turn player chooses first``, ``Each player loses every Wing unit that has no effect``;
- ``<units>``: ``one of your opponent's [Wing] units``, ``one of your opponent's cards on the field``, ``one of your
  [rested] units``.

>>> compile_text("In Wing zone: Remove 1 Energy from your opponent.", "Imp", "x")[0]
[{'kind': 'play', 'zone': 'wing', 'steps': [{'remove': {'player': 'opponent', 'amount': 1}}]}]
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tcgkit.core.cardtext import Phrasebook
from tcgkit.core.fromtext import prepare_from_text

#: Words for Perfect TCG's triggers and zones in ``tcgkit cards perfect-tcg --explain``.
WORDS = {"battle_won": "it wins a battle", "lost": "lost", "level_up": "your Leader levels up",
         "turn_start": "your turn starts", "cast": "you cast a Spell", "opponent.leader": "the opponent's Leader",
         "you.leader": "your Leader", "you.units": "your units", "opponent.units": "the opponent's units",
         "opponent.wing": "the opponent's Wing units", "you.lost": "your Lost zone", "you.lost.top":
         "the top card of your Lost zone", "opponent.deck.top": "the top card of the opponent's deck"}

#: The counter a card's text puts on it ("put 1 counter on this unit"): one kind per card.
COUNTER = "counter"
_UNIT = {"type": "unit"}
_NOT = {"stasis": "stasis", "mind_wipe": "mind_wiped"}

GRAMMAR = r"""
ZONE: /(wing|support|leader)\b/i
QUOTED: /"[^"]+"/
NAME: /[A-Z][A-Za-z']*( (of|the|[A-Z][A-Za-z']*))*/
units: "one of your opponent's wing units"i -> opp_wing
     | "one of your opponent's units"i -> opp_units
     | "one of your opponent's cards on the field"i -> opp_field
     | "one of your rested units"i -> my_rested
     | "one of your units"i -> my_units
action: "deal"i INT "damage to your opponent's leader"i -> hit_leader
      | "deal"i INT "damage to your opponent directly"i "," "then remove"i INT "energy from them"i -> hit_and_drain
      | "deal"i INT "damage to"i units -> hit_unit
      | "remove"i INT "energy from your opponent"i -> drain
      | "mind wipe"i units -> mind_wipe
      | "put"i units "into stasis"i -> stasis
      | "refresh"i units -> refresh
      | "refresh all your wing units"i -> refresh_wing
      | "energise a card from your hand"i -> energise_one
      | "energise up to"i INT "cards from your hand"i -> energise_up_to
      | "energise the top card of your lost zone"i -> energise_lost
      | "excavate"i -> excavate
      | "heal"i INT -> heal
      | "draw"i n_cards -> draw
      | "level down your opponent"i -> level_down
      | "prevent the next"i INT "damage to your leader this turn"i -> prevent
      | "you gain"i INT [DECAYING] "armour"i -> armour
      | "your opponent cannot play spells until the end of their next turn"i -> lock_spells
      | "choose one of your units"i ";" "it cannot be lost this turn"i -> protect
      | "your opponent loses the top card of their deck"i -> mill_one
      | "your opponent loses the top"i INT "cards of their deck"i -> mill
      | "put 1 counter on this unit"i -> add_counter
      | "return a unit with"i QUOTED "in its name from your lost zone to your hand"i -> recall
      | "put a unit with"i QUOTED "in its name from your hand into an empty wing or support zone"i ","
        "even above your leader's level"i -> call_up
      | "sacrifice another of your units in a wing or support zone"i ";"
        "this unit gains its power until the end of the turn"i -> sacrifice_other
      | "level up with a unit from your hand one level above your leader"i ","
        "even if you have already levelled up this turn"i -> coronation
      | "each player loses one of their wing units of their choice"i ";"
        "the turn player chooses first"i -> each_loses_one
      | "each player loses every wing unit that has no effect"i -> purge
DECAYING: /decaying\b/i
UNITSTAT: /(power|damage)\b/i
standing: "your leader has"i "+" INT "power"i -> leader_power
        | "your leader has"i "+" INT "power for each counter on this unit"i -> leader_per_counter
        | "this unit has"i "+" INT "power for each counter on it"i -> self_per_counter
        | "you have"i INT "armour"i -> has_armour
        | "your battling units have"i "+" INT "power"i -> battling_power
        | "your battling units have"i "+" INT "power and"i "+" INT "damage"i -> battling_both
        | "your"i ZONE "units have"i "+" INT UNITSTAT -> zone_units_stat
        | "your support units may attack"i -> support_attack
        | "your opponent cannot energise cards"i -> no_energise
on_turn: "," "on your turn"i
pay: "," "pay"i INT "energy"i
cost: "rest this unit"i -> rest_self
    | "remove"i INT "counters from this unit"i -> remove_counters
"""


def _do(*steps: dict[str, Any], needs: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"steps": list(steps)}
    if needs is not None:
        out["needs"] = needs
    return out


def _from_pile(sel: dict[str, Any]) -> dict[str, Any]:
    """A card taken from a pile by a filter: the topmost that matches (PTCG-ULT-07), or the player's choice under the
    option ``pile_filter_is_a_choice``."""
    return {"if": {"condition": {"option": "pile_filter_is_a_choice"},
                   "then": [{"choose": {"name": "t", "from": sel}}],
                   "else": [{"choose": {"name": "t", "from": {**sel, "top": 1}}}]}}


def _sel(zone: str, **flt: Any) -> dict[str, Any]:
    return {"zone": zone, "filter": flt}


def _on(verb: str, sel: dict[str, Any], **params: Any) -> dict[str, Any]:
    """Choose one of ``sel`` (bound as ``t``; a verb that puts a status on it skips a card that has it), then act."""
    if verb in _NOT:
        sel = {**sel, "filter": {**sel["filter"], "not_status": _NOT[verb]}}
    return _do({"choose": {"name": "t", "from": sel}}, {verb: {"target": "t", **params}}, needs=sel)


@cache
def book() -> Phrasebook:
    """The Perfect TCG phrasebook (built once)."""
    pb = Phrasebook("perfect_tcg")
    pb.grammar_text("perfect_tcg", GRAMMAR)
    b = pb.build
    b("opp_wing", lambda: _sel("opponent.wing", **_UNIT))
    b("opp_units", lambda: _sel("opponent.units", **_UNIT))
    b("opp_field", lambda: _sel("opponent.field"))
    b("my_rested", lambda: _sel("you.units", type="unit", tapped=True))
    b("my_units", lambda: _sel("you.units", **_UNIT))
    b("units", lambda u: u)
    b("action", lambda a: a)
    b("standing", lambda s: s)
    b("cost", lambda c: c)
    b("hit_leader", lambda n: _do({"damage": {"target": "opponent.leader", "amount": int(n)}}))
    b("hit_and_drain", lambda n, m: _do({"damage": {"target": "opponent", "amount": int(n)}},
                                        {"remove": {"player": "opponent", "amount": int(m)}}))
    b("hit_unit", lambda n, sel: _on("damage", sel, amount=int(n)))
    b("drain", lambda n: _do({"remove": {"player": "opponent", "amount": int(n)}}))
    b("mind_wipe", lambda sel: _on("mind_wipe", sel))
    b("stasis", lambda sel: _on("stasis", sel))
    b("refresh", lambda sel: _on("refresh", sel))
    b("refresh_wing", lambda: _do({"refresh": {"target": "you.wing"}}))
    b("energise_one", lambda: _do({"choose": {"name": "t", "from": "you.hand"}}, {"energise": {"target": "t"}},
                                  needs="you.hand"))
    b("energise_up_to", lambda n: _do({"choose": {"name": "t", "from": "you.hand", "count": int(n), "up_to": True}},
                                      {"energise": {"target": "t"}}))
    b("energise_lost", lambda: _do({"energise": {"target": "you.lost.top"}}, needs="you.lost"))
    b("excavate", lambda: _do({"excavate": {}}))
    b("heal", lambda n: _do({"heal": {"target": "you", "amount": int(n)}}))
    b("draw", lambda n: _do({"draw": {"count": n}}))
    b("level_down", lambda: _do({"level_down": {"player": "opponent"}}, needs="opponent.history"))
    b("prevent", lambda n: _do({"prevent": {"player": "you", "amount": int(n)}}))
    b("armour", lambda n, decaying=None: _do({"armour": {"player": "you", "amount": int(n),
                                                        **({"decaying": True} if decaying else {})}}))
    b("lock_spells", lambda: _do({"lock": {"player": "opponent", "what": "spell"}}))
    b("protect", lambda: _do({"choose": {"name": "t", "from": _sel("you.units", **_UNIT)}},
                             {"add_status": {"target": "t", "status": "cannot_be_lost"}}))
    b("mill_one", lambda: _do({"lose": {"target": "opponent.deck.top"}}))
    b("mill", lambda n: _do({"lose": {"target": {"zone": "opponent.deck", "top": int(n)}}}))
    b("add_counter", lambda: _do({"add_counter": {"target": "self", "counter": COUNTER}}))
    b("recall", lambda q: _do(_from_pile(_sel("you.lost", type="unit", name_has=str(q)[1:-1])),
                              {"move": {"target": "t", "to": "you.hand"}}))
    b("call_up", lambda q: _do({"choose": {"name": "t", "from": _sel("you.hand", type="unit",
                                                                      name_has=str(q)[1:-1])}},
                               {"put_into_play": {"target": "t", "zone": "slots"}}))
    b("sacrifice_other", lambda: _on("sacrifice", _sel("you.slots", type="unit", other=True)))
    heir = _sel("you.hand", type="unit", level={"eq": {"sum": [{"stat": "level", "of": "you.leader"}, 1]}})
    b("coronation", lambda: _do({"choose": {"name": "t", "from": heir}}, {"level_up": {"target": "t"}}))
    b("each_loses_one", lambda: _do(
        {"choose": {"name": "first", "player": "active", "from": _sel("active.wing", **_UNIT)}},
        {"choose": {"name": "second", "player": "inactive", "from": _sel("inactive.wing", **_UNIT)}},
        {"lose": {"target": "first"}}, {"lose": {"target": "second"}}))
    # a unit "has no effect" when it prints none or its effect is Mind Wiped (PTCG-TERM-23)
    b("purge", lambda: _do({"lose": {"target": [_sel("each.wing", type="unit", not_tag="effect"),
                                                _sel("each.wing", type="unit", tag="effect", status="mind_wiped")]}}))
    leader = "you.leader"
    battling = {"of": "battling", "filter": {"owner": "you"}}
    b("leader_power", lambda n: {"modify": {"target": leader, "stat": "power", "by": int(n)}})
    b("leader_per_counter", lambda n: {"modify": {"target": leader, "stat": "power", "by": {
        "mul": [{"counter": COUNTER, "of": "self"}, int(n)]}}})
    b("self_per_counter", lambda n: {"modify": {"target": "self", "stat": "power", "by": {
        "mul": [{"counter": COUNTER, "of": "self"}, int(n)]}}})
    b("has_armour", lambda n: {"armour": int(n)})
    b("battling_power", lambda n: {"modify": {"target": battling, "stat": "power", "by": int(n)}})
    b("battling_both", lambda n, m: {"modify": [{"target": battling, "stat": "power", "by": int(n)},
                                                {"target": battling, "stat": "damage", "by": int(m)}]})
    b("zone_units_stat", lambda z, n, st: {"modify": {"target": _sel(f"you.{str(z).lower()}", **_UNIT),
                                                      "stat": str(st).lower(), "by": int(n)}})
    b("support_attack", lambda: {"allow": "support_attack"})
    b("no_energise", lambda: {"cannot": {"player": "opponent", "what": "energise"}})
    b("on_turn", lambda: True)
    b("pay", lambda n: int(n))
    b("rest_self", lambda: [{"rest": {"target": "self"}}])
    b("remove_counters", lambda n: [{"remove_counter": {"target": "self", "counter": COUNTER, "amount": int(n)}}])

    def eff(kind: str, action: dict[str, Any], **more: Any) -> dict[str, Any]:
        return {"effects": [{"kind": kind, **more, "steps": action["steps"]}]}

    def placed(zone: Any, action: dict[str, Any], cond: Any = None) -> dict[str, Any]:
        more: dict[str, Any] = {"zone": str(zone).lower()}
        if cond is not None:
            more["condition"] = cond
        return eff("play", action, **more)

    def trig(trigger: str, **params: Any) -> Any:
        return lambda *a: eff("triggered", a[-1], trigger=trigger, params={**params, **(
            {"unit": str(a[0])} if len(a) == 2 else {})})

    def activated(on_turn: Any, pay: Any, cost: Any, action: dict[str, Any]) -> dict[str, Any]:
        e: dict[str, Any] = {"kind": "activated", "limit": "once_per_turn"}
        if on_turn:
            e["params"] = {"your_turn_only": True}
        costs = ([{"pay": pay}] if pay else []) + (cost or [])
        if costs:
            e["cost"] = costs
        if action.get("needs") is not None:
            e["condition"] = {"exists": action["needs"]}
        e["steps"] = action["steps"]
        return {"effects": [e]}

    p = pb.phrase
    p("in_zone", '"in"i ZONE "zone"i ":" action', placed)
    p("in_zone_if_energy", '"in"i ZONE "zone"i ":" "if you have"i INT "or more energy"i "," action',
      lambda z, n, a: placed(z, a, {"compare": [{"zone_size": "you.energy"}, ">=", int(n)]}))
    p("support_ability", '"support ability"i ":" standing',
      lambda s: {"effects": [{"kind": "static", "zone": "support", "params": s}]})
    p("standing_effect", "standing", lambda s: {"effects": [{"kind": "static", "params": s}]})
    p("wins_against_leader", '"when this unit wins a battle against a leader"i "," action',
      trig("battle_won", self=True, against="leader"))
    p("wins", '"when this unit wins a battle"i "," action', trig("battle_won", self=True))
    p("wins_refresh", '"once per turn"i ":" "when this unit wins a battle"i "," "refresh it"i',
      lambda: {"effects": [{"kind": "triggered", "trigger": "battle_won", "limit": "once_per_turn",
                            "params": {"self": True}, "steps": [{"refresh": {"target": "self"}}]}]})
    p("unit_lost", '"when a"i NAME "unit is lost"i "," action', trig("lost"))
    p("self_lost", '"when this card is lost"i "," action',
      lambda a: eff("triggered", a, trigger="lost", zone="lost", params={"self": True}))
    p("levels_up", '"when your leader levels up"i "," action', trig("level_up", mine=True))
    p("turn_start", '"at the start of your turn"i "," action', trig("turn_start", mine=True))
    p("cast", '"when you cast a spell"i "," action', trig("cast", mine=True))
    p("activated", '"once per turn"i [on_turn] [pay] ":" [cost ";"] action', activated)
    p("guardian", '"guardian"i', lambda: {"fields": [{"keywords": ["guardian"]}]})
    p("spell", "action", lambda a: eff("play", a))
    pb.start_with_phrases()
    return pb


def _merge_standing(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Standing sentences in a row ("You have 2 Armour. Your battling units have +1000 power.") are one effect."""
    out: list[dict[str, Any]] = []
    for e in effects:
        prev = out[-1] if out else None
        if (prev is not None and e["kind"] == "static" == prev["kind"] and e.get("zone") == prev.get("zone")
                and not set(e["params"]) & set(prev["params"]) - {"modify"}):
            params = dict(prev["params"])
            for k, v in e["params"].items():
                if k == "modify" and k in params:
                    old = params[k] if isinstance(params[k], list) else [params[k]]
                    params[k] = old + (v if isinstance(v, list) else [v])
                else:
                    params[k] = v
            out[-1] = {**prev, "params": params}
        else:
            out.append(e)
    return out


def compile_text(text: str, card: str, file: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A card's effect box as effects, and the phrases no template reads (in words)."""
    effects, unread, _fields = _read(text, card, file)
    return effects, unread


def _read(text: str, card: str, file: str) -> tuple[list[dict[str, Any]], list[str], dict[str, Any]]:
    reading = book().read(text, card=card, file=file)
    return _merge_standing(reading.parts.get("effects", [])), [str(u) for u in reading.unread], reading.fields


def _read_entry(entry: dict[str, Any], source: str) -> tuple[list[dict[str, Any]], list[str], dict[str, Any]]:
    return _read(str(entry.get("text", "")), str(entry.get("name", "?")), source)


def compile_entry(entry: dict[str, Any], source: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A card file entry's ``text`` as effects, and what was not read."""
    return compile_text(str(entry.get("text", "")), str(entry.get("name", "?")), source)


def prepare_entry(entry: dict[str, Any], source: str) -> dict[str, Any]:
    """An entry with ``effects: from_text``: its effects read from its text, the keyword its text gives filled in
    (unless the file gives ``keywords``), the rest in ``unread``."""
    return prepare_from_text(entry, source, _read_entry)
