"""TGC card text -> the effect language: the grammar (``grammar.lark``, in the cards' own templates) on the core
phrase library (:mod:`tcgkit.core.cardtext`), the builders of its phrases, and the assembly of a card.

A card's text is read as ``[keywords.] main``: a keyword list (with parameters: ``Immunity to Battlefields``,
``Tribute (Silicon Creature, 3)``), then an ability (``On Tap (1): ...``), a standing effect, or (Instants, Events,
Battlefields) plain effect sentences. What no phrase reads is reported (:class:`~tcgkit.core.cardtext.UnreadText`).

>>> compile_text("Taunt, Asimov", "creature", "clownborg")["keywords"]
['Taunt', 'Asimov']
>>> eff = compile_text("On Tap (1): Inflict -1/-1 to an opposing creature card.", "creature", "captain")["effects"][0]
>>> eff["kind"], eff["params"]["tap"], eff["params"]["plasma"]
('activated', True, 1)
>>> compile_text("Sing a song.", "creature", "bard")["unread"]
['Sing a song.']
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tcgkit.core.cardtext import Phrasebook, Reading, default_split
from tcgkit.core.effects import HOOKS

GRAMMAR = Path(__file__).with_name("grammar.lark")
_T = "t"


def _s(tok: Any) -> str:
    return str(tok).strip()


def _names(*words: Any) -> str:
    """``names``: capitalised words, with "of"/"the" between them ("Head of Security")."""
    return " ".join(_s(w) for w in words)


# ------------------------------------------------------------------------------------------------ filters (hooks)
def subtype_filter(subtype: str, affectable: bool = True) -> str:
    """The name of a filter hook: a card of that subtype (Changelings included), not immune to the source."""
    from tcgkit.games.tgc import verbs

    known = {"Human": "human", "Silicon": "silicon"}
    if subtype in known and affectable:
        return "tgc.affectable_" + known[subtype]
    name = f"tgc.{'affectable_' if affectable else ''}sub.{subtype}"
    if name not in HOOKS:
        def fn(state: Any, ctx: dict, params: Any, _s: str = subtype) -> bool:
            c = params["card"]
            return verbs.has_subtype(state, c, _s) and (not affectable or verbs.affectable(state, c, ctx["source"]))
        HOOKS[name] = fn
    return name


def _sel(zone: str, hook: str = "tgc.affectable", **extra: Any) -> dict[str, Any]:
    return {"zone": zone, "filter": {"hook": hook, **extra}}


# ------------------------------------------------------------------------------------------------ builders
def _kw(name: Any, arg: Any = None) -> str:
    return f"{_s(name)}:{arg}" if arg not in (None, "") else _s(name)


def _stats_text(st: Any) -> str:
    p, r = st if isinstance(st, tuple) else _stats(st)
    return f"{p:+d}/{r:+d}".replace("+0/", "0/").replace("/+0", "/0")


def _stats(tok: Any) -> tuple[int, int]:
    p, r = str(tok).replace(" ", "").split("/")
    return int(p), int(r)


def _choose(sel: dict[str, Any]) -> dict[str, Any]:
    return {"choose": {"name": _T, "from": sel}}


def _modify(target: Any, st: tuple[int, int], until: str) -> list[dict[str, Any]]:
    out = []
    for stat, by in (("power", st[0]), ("resolve", st[1])):
        if by:
            out.append({"modify": {"target": target, "stat": stat, "by": by, "until": until}})
    return out


def _steps(*steps: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"steps": list(steps), **more}


B: dict[str, Any] = {}


def builder(name: str):
    def deco(fn):
        B[name] = fn
        return fn
    return deco


# ---- keywords
B["kw_plain"] = lambda kw: _kw(kw)
B["kw_n"] = lambda kw, n: _kw(kw, int(n))
B["kw_to"] = lambda kw, what, n=None: _kw(kw, _s(what) + (f",{int(n)}" if n is not None else ""))
B["kw_pair"] = lambda kw, what, n: _kw(kw, f"{_s(what)},{_s(n).replace(' ', '')}")
B["kw_stats"] = lambda kw, st: _kw(kw, _s(st).replace(" ", ""))
B["kw_list"] = lambda *items: {"keywords": [i for i in items if isinstance(i, str)]}


# ---- structure
@builder("text")
def _text(*parts: Any) -> list[Any]:
    return [p for p in parts if p is not None]


B["main"] = lambda x: x


@builder("untimed")
def _untimed(body: dict[str, Any]) -> dict[str, Any]:
    return {"body": [body]}


@builder("body")
def _body(*sentences: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"steps": [], "grants": [], "params": {}}
    for s in sentences:
        if isinstance(s, list):  # a `sentence` alternative passed through
            s = s[0]
        out["steps"].extend(s.get("steps", []))
        out["grants"].extend(s.get("grants", []))
        out["params"].update(s.get("params", {}))
        for k in ("condition", "needs", "kind", "text", "effect"):
            if k in s:
                out[k] = s[k]
    return out


B["sentence"] = lambda x: x


@builder("ability")
def _ability(timing: dict[str, Any], body: dict[str, Any], once: Any = None) -> dict[str, Any]:
    """A moment and cost (``timing``) with its effects (``body``): an effect of the card, or (On Equip) what the
    Equipment grants its creature."""
    if timing["kind"] == "equip" and not body["steps"]:
        return {"grants": body["grants"]} if "effect" not in body else {"body": [body]}
    eff: dict[str, Any] = {"kind": "play" if timing["kind"] == "equip" else timing["kind"]}
    if timing.get("trigger"):
        eff["trigger"] = timing["trigger"]
    if timing.get("zone"):
        eff["zone"] = timing["zone"]
    if once is not None:
        eff["limit"] = "once_per_turn"
    params = {**timing.get("params", {}), **body["params"]}
    first = body["steps"][0] if body["steps"] else None
    if "needs" in body:
        if body["needs"] is not None:
            params["needs"] = body["needs"]
    elif first and "choose" in first and timing["kind"] in ("activated", "triggered") and timing.get(
            "needs_target", True):
        params["needs"] = first["choose"]["from"]
    if params:
        eff["params"] = params
    if "condition" in body:
        eff["condition"] = body["condition"]
    eff["steps"] = body["steps"]
    out: dict[str, Any] = {"effects": [eff]}
    if body["grants"]:
        out["grants"] = body["grants"]
    return out


B["once_per_turn"] = lambda *a: True
B["t_summon"] = lambda: {"kind": "triggered", "trigger": "summoned", "params": {"activate": True}}
B["t_tap"] = lambda n=None: {"kind": "activated",
                             "params": {"tap": True, **({"plasma": int(n)} if n and int(n) else {})}}
B["t_sacrifice"] = lambda: {"kind": "activated", "params": {"sacrifice": True}}
B["t_destruction"] = lambda: {"kind": "triggered", "trigger": "destroyed", "zone": "discard",
                              "params": {"activate": True}}
B["t_equip"] = lambda: {"kind": "equip"}
B["t_bleed"] = lambda n: {"kind": "activated", "params": {"hs": int(n)}}


# ---- sentences
B["draw"] = lambda n, _deck=None: _steps({"draw": {"count": n}})
B["draw_then_discard_event"] = lambda n, ctype: _steps(
    {"hook": {"name": "tgc.draw_bind", "count": n, "bind": "drawn"}},
    {"discard": {"target": {"zone": "drawn", "filter": {"type": ["event", "instant"]}}}})
B["draw_choose_discard"] = lambda n: _steps(
    {"hook": {"name": "tgc.draw_bind", "count": n, "bind": "drawn"}},
    {"choose": {"name": _T, "from": {"zone": "drawn", "filter": {"hook": "tgc.in_hand"}}}},
    {"discard": {"target": _T}}, {"shuffle": {}}, needs=None)
B["tough_choices"] = lambda n, _m: _steps(
    {"hook": {"name": "tgc.draw_bind", "count": n, "bind": "drawn"}},
    {"choose": {"name": "keep", "from": {"zone": "drawn", "filter": {"type": "creature", "hook": "tgc.in_hand"}}}},
    {"summon": {"target": "keep"}}, {"discard": {"target": {"zone": "drawn", "filter": {"hook": "tgc.in_hand"}}}})


@builder("card_desc")
def _card_desc(_art: Any, qual: Any, ctype: Any, *_rest: Any) -> dict[str, Any]:
    kind = _s(ctype).lower().rstrip("s")
    flt: dict[str, Any] = {"type": kind}
    if qual is not None:
        q = _s(qual)
        if kind == "creature":
            flt["hook"] = "tgc.human" if q == "Human" else subtype_filter(q, affectable=False)
        else:
            flt["tag"] = q
    return flt


@builder("card_desc_details")
def _card_desc_details(_art: Any, details: str) -> dict[str, Any]:
    """"a Syndicate card": a card whose faction or subtypes fit the words."""
    from tcgkit.games.tgc.verbs import fits_hook

    return {"hook": fits_hook(details)}


@builder("search")
def _search(flt: dict[str, Any], dest: str, _shuffle: Any = None) -> dict[str, Any]:
    return _steps({"hook": {"name": "tgc.search", "filter": flt, "to": dest}})


B["to_hand"] = lambda: "hand"
B["to_field"] = lambda: "summon"
B["shuffle"] = lambda *a: True
B["inflict"] = lambda st, sel: _steps(_choose(sel), *_modify(_T, st, "permanent"))
B["give_stats"] = lambda sel, st, until=None: _steps(_choose(sel), *_modify(_T, st, until or "permanent"))
B["all_gain"] = lambda st, until: _steps(*_modify({"zone": "you.field", "filter": {"hook": "tgc.affectable"}}, st,
                                                 until))


@builder("give_keyword")
def _give_keyword(sel: dict[str, Any], kw: Any, until: Any) -> dict[str, Any]:
    if until == "source":
        return _steps(_choose(sel), {"hook": {"name": "tgc.remember"}},
                      {"grant": {"target": _T, "keyword": _s(kw), "until": "source"}})
    return _steps(_choose(sel), {"grant": {"target": _T, "keyword": _s(kw), "until": until}})


B["until_leaves"] = lambda: "source"


@builder("remove_keyword")
def _remove_keyword(kw: Any, sel: dict[str, Any]) -> dict[str, Any]:
    sel = {**sel, "filter": {**sel["filter"], "hook": "tgc.affectable_asimov"}} if _s(kw) == "Asimov" else sel
    return _steps(_choose(sel), {"ungrant": {"target": _T, "keyword": _s(kw)}})


B["gain_keywords"] = lambda *kws: {"grants": [k if isinstance(k, str) else _s(k) for k in kws]}
B["names"] = _names


@builder("grant_stats_then_destroy")
def _adrenals(st: tuple[int, int], kw: Any, sel: dict[str, Any], until: str, destroy: Any = None) -> dict[str, Any]:
    """"Grant +X/+Y and the K keyword to TARGET until the end of the turn[, then destroy it]" (Adrenals)."""
    doom = [{"add_status": {"target": _T, "status": "doomed"}}] if destroy else []
    return _steps(_choose(sel), *_modify(_T, st, until), {"grant": {"target": _T, "keyword": _s(kw), "until": until}},
                  *doom)


B["reset_resolve"] = lambda sel: _steps(_choose(sel), {"reset_resolve": {"target": _T}})
B["destroy_target"] = lambda sel: _steps(_choose(sel), {"destroy": {"target": _T}})
B["destroy_this"] = lambda: _steps({"destroy": {"target": "self"}})
B["destroy_active_bf"] = lambda: _steps({"choose": {"name": "bf", "from": "each.bf"}}, {"destroy": {"target": "bf"}},
                                        needs="each.bf")
B["deal_to_all"] = lambda n, sel: _steps({"damage": {"target": sel, "amount": n}})
B["deal_to_target"] = lambda n, sel: _steps(_choose(sel), {"damage": {"target": _T, "amount": n}})
B["destroy_all"] = lambda sel: _steps({"destroy": {"target": sel}})
B["tap_all"] = lambda sel: _steps({"tap": {"target": sel}})
B["all_both"] = lambda: _sel("each.field")
B["all_theirs"] = lambda: _sel("opponent.field")
B["all_yours"] = lambda: _sel("you.field")
B["return_to_hand"] = lambda flt: _steps(_choose({"zone": "you.discard", "filter": flt}),
                                         {"hook": {"name": "tgc.to_hand", "target": _T}})
B["then_destroy"] = lambda: True
B["all_of_subtype"] = lambda sub: _sel("each.field", subtype_filter(_s(sub).split()[0]))
B["bounce"] = lambda sel: _steps(_choose(sel), {"hook": {"name": "tgc.to_hand", "target": _T}})
B["tap_target"] = lambda sel: _steps(_choose(sel), {"tap": {"target": _T}})
B["opponent_loses"] = lambda n, *_a: _steps({"lose_hs": {"amount": n, "player": "opponent"}})
B["self_destroyed"] = lambda body: {"effects": [{"kind": "triggered", "trigger": "destroyed", "params": {"self": True},
                                                 "steps": body["steps"]}]}
B["deal_direct"] = lambda n, *_a: _steps({"damage": {"target": "opponent", "amount": n}})
B["if_opponent_none"] = lambda n: _steps({"if": {
    "condition": {"exists": "opponent.field"},
    "then": [_choose({"zone": "opponent.field", "filter": {"hook": "tgc.affectable"}}), {"destroy": {"target": _T}}],
    "else": [{"damage": {"target": "opponent", "amount": n}}]}})
B["gain_mana"] = lambda n, this_turn=None: _steps(
    {"gain": {"resource": "temp" if this_turn else "plasma", "amount": n}})  # mana "this turn" ends with the turn
B["this_turn"] = lambda: True
B["gain_mana_loose"] = lambda n: _steps({"gain": {"resource": "temp", "amount": n}})
B["gain_mana_later"] = lambda n: _steps({"gain": {"resource": "next", "amount": n}})
B["gain_lifeshard"] = lambda n, *_a: _steps({"heal": {"target": "you", "amount": n}})
B["tap_opponent_card"] = lambda until: _steps(_choose({"zone": "opponent.board", "filter": {"hook": "tgc.affectable"}}),
                                              {"hook": {"name": "tgc.hold"}})


@builder("tap_as_well")
def _tap_as_well(words: Any) -> dict[str, Any]:
    sub = _s(words).split()[0]
    sel = {"zone": "opponent.field", "filter": {"hook": subtype_filter(sub), "tapped": False}}
    return _steps(_choose(sel), {"tap": {"target": _T}}, needs=None)


@builder("tap_faction")
def _tap_faction(faction: Any) -> dict[str, Any]:
    hook = "tgc.affectable_science" if _s(faction) == "Science" else "tgc.affectable"
    return _steps({"tap": {"target": {"zone": "you.board", "filter": {"hook": hook}}}})


B["twice_next"] = lambda: _steps({"hook": {"name": "tgc.twice"}})
B["change_faction"] = lambda: _steps(
    {"choose": {"name": _T, "from": {"zone": "you.board", "filter": {"hook": "tgc.affectable"}}}},
    {"choose_option": {"name": "faction", "options": ["Cargo", "Command", "Engineering", "Medical", "Science",
                                                       "Security", "Service", "Syndicate", "Xeno"]}},
    {"hook": {"name": "tgc.set_faction"}}, needs=None)
B["cost_cut"] = lambda faction, n: _steps({"hook": {"name": "tgc.cost_cut", "faction": _s(faction), "amount": n}})
B["cost_up_type"] = lambda n, _name: _steps(
    {"choose_option": {"name": "ctype", "options": ["creature", "equipment", "instant", "event", "battlefield",
                                                     "artifact"]}}, {"hook": {"name": "tgc.cost_up"}})
B["shield_battlefield"] = lambda: _steps(
    {"choose": {"name": _T, "from": {"zone": "each.field", "filter": {"hook": "tgc.affectable"}}}},
    {"grant": {"target": _T, "keyword": "bf_shield", "until": "turn"}}, params={"quick": True}, needs=None)
B["mill"] = lambda n: _steps({"choose_option": {"name": "who", "options": ["opponent", "you"]}},
                             {"hook": {"name": "tgc.mill", "count": n}})
B["revive_weaker"] = lambda: _steps(
    _choose({"zone": "you.discard", "filter": {"type": "creature", "hook": "tgc.weaker"}}), {"summon": {"target": _T}})
B["summon_from_hand"] = lambda: _steps(
    {"choose": {"name": _T, "from": {"zone": "you.hand", "filter": {"type": "creature"}},
                "prompt": "summon a creature"}},
    {"summon": {"target": _T}})


@builder("summon_silicon")
def _summon_silicon(sub: Any) -> dict[str, Any]:
    return _steps(_choose({"zone": "you.hand", "filter": {"hook": "tgc.cheap_silicon"}}), {"summon": {"target": _T}})


B["return_creature"] = lambda: _steps(_choose({"zone": "you.discard", "filter": {"type": "creature"}}),
                                      {"summon": {"target": _T}})


@builder("sacrifice_two")
def _sacrifice_two(n: int) -> dict[str, Any]:
    """Justifiable Casualties: the sacrifice is a cost paid in full; Holy and Immune creatures cannot be chosen
    (RULINGS.md, "Immunity and Holy in every choice")."""
    return _steps({"choose": {"name": "fallen", "from": {"zone": "you.field", "filter": {"hook": "tgc.affectable"}},
                              "count": n, "prompt": "sacrifice two friendly creatures"}},
                  {"destroy": {"target": "fallen"}}, condition={"hook": "tgc.casualties_ok"})


B["nullify"] = lambda _name: _steps(_choose({"zone": "opponent.board", "filter": {"hook": "tgc.affectable"}}),
                                    {"grant": {"target": _T, "keyword": "nullified", "until": "source"}})
B["show_card"] = lambda: _steps({"choose": {"name": "shown", "from": "opponent.hand", "player": "opponent",
                                            "prompt": "show one card of your hand"}}, {"hook": {"name": "tgc.show"}})


@builder("reequip")
def _reequip(n: int, st: tuple[int, int], until: str) -> dict[str, Any]:
    sel = {"zone": "each.field", "filter": {"hook": "tgc.affectable_other"}}
    eff = {"kind": "activated", "zone": "equip", "params": {"plasma": n, "needs": sel},
           "steps": [_choose(sel), {"hook": {"name": "tgc.reequip"}}, *_modify(_T, st, until)]}
    return {"effect": eff}


@builder("stickman")
def _stickman(quoted: Any) -> dict[str, Any]:
    name = _s(quoted).strip("'")
    sel = {"zone": "you.discard", "filter": {"name": name, "hook": "tgc.was_destroyed"}}
    return _steps({"choose": {"name": "back", "from": sel}}, {"summon": {"target": "back"}},
                  params={"plasma": "twice_cost"}, needs=sel)


B["equip_conditional"] = lambda faction, kw1, kw2: {"grants": [f"{_s(kw1)}@{_s(faction)}", f"{_s(kw2)}@!{_s(faction)}"]}
B["cannot_attack"] = lambda kw: {"grants": [f"CannotAttack:{_s(kw)}"]}


# ---- coins
@builder("coin_flip")
def _coin(heads: dict[str, Any], tails: dict[str, Any], shortfall: Any = None) -> dict[str, Any]:
    if shortfall:
        for s in tails["steps"]:
            if "lose_plasma" in s:
                s["lose_plasma"]["shortfall"] = "damage"
    return _steps({"coin": {"name": "heads"}}, {"if": {"condition": {"compare": ["heads", "==", 1]},
                                                      "then": heads["steps"], "else": tails["steps"]}},
                  needs=None)


B["coin_branch"] = lambda x: x
B["lose_mana"] = lambda n: _steps({"lose_plasma": {"amount": n, "shortfall": "none"}})
B["shortfall"] = lambda: True
B["gains_stats"] = lambda sel, st: _steps(_choose(sel), *_modify(_T, st, "permanent"))


# ---- targets
B["t_enemy_creature"] = lambda *a: _sel("opponent.field")
B["t_friendly_creature"] = lambda *a: _sel("you.field")
B["t_any_creature"] = lambda *a: _sel("each.field")
B["t_friendly_sub"] = lambda sub: _sel("you.field", subtype_filter(_s(sub).split()[0]))
B["t_enemy_sub"] = lambda sub: _sel("opponent.field", subtype_filter(_s(sub).split()[0]))
B["t_enemy_equipment"] = lambda: _sel("opponent.equip")


# ---- standing text
def _static(params: dict[str, Any], text: str = "", **more: Any) -> dict[str, Any]:
    eff: dict[str, Any] = {"kind": "static", "params": params, **more}
    return {"effects": [eff]}


B["static"] = lambda x: x
B["negate_bf"] = lambda _f: _static({"negates": "battlefield_destruction"})
B["boost_gains"] = lambda: _static({"boost_gains": 1})
B["eco_crash"] = lambda n: _static({"cost_all": n})


@builder("chrono")
def _chrono(n: int, need: int) -> dict[str, Any]:
    steps = [{"coin": {"name": "heads", "times": n}},
             {"if": {"condition": {"compare": ["heads", ">=", need]},
                     "then": [{"hook": {"name": "tgc.to_hand", "target": "self"}}]}}]
    return {"effects": [{"kind": "triggered", "trigger": t, "params": {"self": True}, "steps": steps}
                        for t in ("destroyed", "discarded")]}


@builder("geneticist_buff")
def _geneticist_buff(name: Any, st: tuple[int, int], sub: Any) -> dict[str, Any]:
    cond = {"exists": {"zone": "you.field", "filter": {"name": _s(name)}}}
    out = [{"stat": stat, "by": by, "if": cond} for stat, by in (("power", st[0]), ("resolve", st[1])) if by]
    return {"statics": [*out, {"subtype": _s(sub), "if": cond}]}


@builder("lose_per_enemy")
def _lose_per_enemy(*args: Any) -> dict[str, Any]:
    floor = args[-1]
    return {"statics": [{"stat": "power", "by": {"neg": {"count": "opponent.field"}}, "floor": floor}]}


@builder("only_creature")
def _only_creature(st: tuple[int, int]) -> dict[str, Any]:
    cond = {"compare": [{"count": "you.field"}, "==", 1]}
    return {"statics": [{"stat": stat, "by": by, "if": cond} for stat, by in (("power", st[0]), ("resolve", st[1]))
                        if by]}


B["roboticist"] = lambda kw: {"effects": [{"kind": "triggered", "trigger": "destroyed", "condition": {"all": [
    {"exists": {"zone": "event_card", "filter": {"owner": "you"}}}, {"hook": "tgc.was_asimov"}, {"coin": "heads"}]},
    "steps": [{"hook": {"name": "tgc.to_hand", "target": "event_card"}}]}]}
B["targeted_gain"] = lambda n: {"effects": [{"kind": "triggered", "trigger": "targeted", "params": {"self": True},
                                             "condition": {"compare": ["event_player", "!=", "controller"]},
                                             "steps": [{"heal": {"target": "you", "amount": n}}]}]}
B["lawyer"] = lambda n, kw: {"effects": [{"kind": "triggered", "trigger": "attack", "condition": {"all": [
    {"turn": "theirs"}, {"compare": [{"stat": "power", "of": "event_card"}, ">=", n]}]},
    "steps": [{"grant": {"target": "self", "keyword": _s(kw)}}]}]}


@builder("revenant")
def _revenant(_name: Any, st: tuple[int, int]) -> dict[str, Any]:
    return {"effects": [{"kind": "triggered", "trigger": "destroyed",
                         "condition": {"exists": {"zone": "event_card",
                                                  "filter": {"owner": "you", "type": "creature", "other": True}}},
                         "steps": _modify("self", st, "permanent")}]}


B["botanist"] = lambda _name, a, b: _static({"half_cost": [_s(a), _s(b)]})
B["bf_damage_n"] = lambda n, sel: _static({"at": "standby_end"}, steps=[{"bf_damage": {"target": sel["zone"],
                                                                                       "amount": n}}])
B["bf_damage"] = lambda st: _static({"at": "standby_end"}, steps=[{"bf_damage": {"target": "each.field",
                                                                                 "amount": _stats(st)[0]}}])
B["warp"] = lambda n: {"effects": [{"kind": "activated", "zone": "bf", "params": {"plasma": n, "shared": True},
                                    "condition": {"hook": "tgc.warp_ok"},
                                    "steps": [{"hook": {"name": "tgc.summon_top"}}]}]}


@builder("disco")
def _disco(n: int, dmg: int, turns: int) -> dict[str, Any]:
    return {"effects": [
        {"kind": "activated", "zone": "bf", "params": {"plasma": n, "tap": True},
         "steps": [{"add_status": {"target": "self", "status": "locked"}}]},
        {"kind": "static", "params": {"at": "play"},
         "condition": {"exists": {"zone": "self", "filter": {"status": "locked"}}},
         "steps": [{"bf_damage": {"target": "each.field", "amount": dmg}},
                   {"add_counter": {"target": "self", "counter": "ticks"}},
                   {"if": {"condition": {"compare": [{"counter": "ticks"}, ">=", turns]},
                           "then": [{"destroy": {"target": "self"}}]}}]}]}


@builder("end_of_turn_tap")
def _end_of_turn_tap(gain: dict[str, Any]) -> dict[str, Any]:
    return {"effects": [{"kind": "activated", "params": {"tap": True, "quick": True, "in_phase": "end"},
                         "steps": gain["steps"]}]}


# ------------------------------------------------------------------------------------------------ the phrasebook
def _book() -> Phrasebook:
    book = Phrasebook("tgc")
    book.grammar_text("tgc", GRAMMAR.read_text(encoding="utf-8"))
    for name, fn in B.items():
        book.build(name, fn)
    book.start("start: text")
    return book


BOOK = _book()


def _split(text: str) -> list[str]:
    """Pieces read on their own when the whole text is not: the keyword list, then each sentence."""
    return default_split(text)


def read(text: str, card: str = "", file: str = "") -> Reading:
    """Read a card's text with the TGC grammar (see :meth:`tcgkit.core.cardtext.Phrasebook.read`)."""
    return BOOK.read(text, card, file, _split)


def compile_text(text: str, ctype: str, card: str = "", file: str = "", cost: int = 0) -> dict[str, Any]:
    """A card's text -> its ``keywords``, ``grants``, ``statics`` and ``effects`` (TGC card fields), plus ``unread``
    (the phrases no rule read) and ``read`` (the phrases read, in order)."""
    reading = read(text, card, file)
    return assemble(reading, ctype, cost)


def assemble(reading: Reading, ctype: str, cost: int = 0) -> dict[str, Any]:
    """Place what was read on a card of type ``ctype``: keywords of an Equipment are granted to its creature; plain
    effect sentences are what an Instant, Event, Battlefield or Equipment does when played."""
    parts = reading.parts
    keywords = list(parts.get("keywords", []))
    grants = list(parts.get("grants", []))
    effects = [dict(e) for e in parts.get("effects", [])]
    statics = list(parts.get("statics", []))
    if ctype in ("equipment", "hex"):  # keywords of an Equipment or Hex go to its creature, but Modular ("When this
        grants = [k for k in keywords if k != "Modular"] + grants  # equipment is attached...") is its own
        keywords = [k for k in keywords if k == "Modular"]
    for body in parts.get("body", []):
        grants.extend(body["grants"])
        if body.get("effect"):
            effects.append(body["effect"])
            continue
        if not body["steps"]:
            continue
        eff: dict[str, Any] = {"kind": "play"}
        params = dict(body["params"])
        if params:
            eff["params"] = params
        if "condition" in body:
            eff["condition"] = body["condition"]
        eff["steps"] = body["steps"]
        if ctype == "battlefield":
            eff = {"kind": "static", "params": {"at": "standby_end"}, "steps": body["steps"]}
        effects.append(eff)
    for eff in effects:
        _finish(eff, ctype, cost)
    effects.extend(_keyword_effects(keywords + grants, ctype))
    return {"keywords": keywords, "grants": grants, "statics": statics, "effects": effects,
            "unread": [u.phrase for u in reading.unread], "read": list(reading.read)}


def _finish(eff: dict[str, Any], ctype: str, cost: int) -> None:
    """Card-dependent details: "twice the listed Summon Cost"; an On Tap / Bleed printed on an Instant or Event is a
    cost of playing it (RULINGS.md)."""
    params = eff.get("params")
    if params and params.get("plasma") == "twice_cost":
        params["plasma"] = 2 * cost
    if ctype in ("instant", "event") and eff["kind"] == "activated":
        eff["kind"] = "play"
        p = eff.pop("params", {})
        p.pop("needs", None)
        p.pop("tap", None)
        if p.get("plasma"):
            eff["params"] = {"extra_cost": p["plasma"]}
        if p.get("hs"):
            eff["condition"] = {"compare": [{"resource": "hs", "player": "you"}, ">=", p["hs"]]}
            eff["steps"] = [{"lose_hs": {"amount": p["hs"]}}, *eff["steps"]]
    if "effect" in eff:
        eff.pop("effect")


def _keyword_effects(keywords: list[str], ctype: str) -> list[dict[str, Any]]:
    """Effects a keyword carries with it (keywords.json): Art of the Deal (N) and Blood Pawn are actions of their
    creature; Clockwork granted by an Equipment is the copy action of that Equipment."""
    out: list[dict[str, Any]] = []
    for kw in keywords:
        name, _, arg = kw.partition(":")
        if name == "Art of the Deal" and ctype == "creature":
            n = int(arg or 1)
            out.append({"kind": "activated", "limit": "once_per_turn", "params": {"needs": "self"},
                        "text": f"Art of the Deal ({n})",
                        "steps": [{"modify": {"target": "self", "stat": "power", "by": -n, "until": "turn"}},
                                  {"gain": {"resource": "temp", "amount": n}}]})
        elif name == "Blood Pawn" and ctype == "creature":
            out.append({"kind": "activated", "params": {"sacrifice": True}, "condition": {"hook": "tgc.blood_pawn_ok"},
                        "text": "Blood Pawn", "steps": [{"hook": {"name": "tgc.blood_pawn"}}]})
        elif name == "Clockwork" and ctype == "equipment":
            out.append({"kind": "activated", "zone": "equip", "condition": {"hook": "tgc.clockwork_ok"},
                        "params": {"needs": {"zone": "each.field", "filter": {"hook": "tgc.clockwork_target"}}},
                        "text": "Clockwork", "steps": [
                            {"choose": {"name": _T, "from": {"zone": "each.field",
                                                              "filter": {"hook": "tgc.clockwork_target"}}}},
                            {"hook": {"name": "tgc.clockwork"}}]})
            out.append({"kind": "activated", "zone": "equip", "limit": "once_per_turn",
                        "params": {"needs": {"zone": "host", "filter": {"status": "Art of the Deal:1"}}},
                        "text": "Art of the Deal (1) copied by Clockwork", "steps": [
                            {"modify": {"target": "host", "stat": "power", "by": -1, "until": "turn"}},
                            {"gain": {"resource": "temp", "amount": 1}}]})
    return out


_HOOK_WORDS = {
    "tgc.affectable": "it may affect", "tgc.affectable_human": "a Human it may affect",
    "tgc.affectable_silicon": "a Silicon it may affect", "tgc.affectable_asimov": "with Asimov, that it may affect",
    "tgc.affectable_science": "of the Science faction, that it may affect",
    "tgc.affectable_other": "another creature it may affect", "tgc.human": "Human", "tgc.in_hand": "still in hand",
    "tgc.weaker": "with less printed power than this card", "tgc.cheap_silicon": "Silicon, costing up to twice this "
    "card", "tgc.was_destroyed": "that was destroyed", "tgc.search": "search your deck", "tgc.draw_bind": "draw",
    "tgc.hold": "tap it until the start of your next turn", "tgc.mill": "the chosen player mills",
    "tgc.remember": "end this card's previous grant", "tgc.reequip": "move this Equipment to it",
    "tgc.cost_up": "that card type costs 1 more while this card stays", "tgc.cost_cut": "cut the cost of a card",
    "tgc.set_faction": "its faction becomes the chosen one", "tgc.twice": "your next Instant or Standard Event "
    "resolves twice", "tgc.show": "it is shown to you", "tgc.to_hand": "return it to its owner's hand",
    "tgc.summon_top": "summon the top card of your deck", "tgc.warp_ok": "not used by you this turn",
    "tgc.casualties_ok": "you have two creatures it may sacrifice", "tgc.was_asimov": "it had Asimov",
    "tgc.clockwork": "copy one of its keywords", "tgc.clockwork_ok": "the creature has Clockwork and no copy yet",
    "tgc.clockwork_target": "another creature with a keyword", "tgc.blood_pawn": "gain half its base resolve in "
    "plasma", "tgc.blood_pawn_ok": "not used by you this turn", "equip": "Equipment", "bf": "Battlefield",
    "artifacts": "Artifacts", "nullified": "nullified", "bf_shield": "shielded from Battlefield damage",
    "doomed": "destroyed at the end of the turn", "locked": "tapped for good", "next_turn": "until the start of your "
    "next turn", "summoned": "it is summoned", "destroyed": "a card is destroyed", "discarded": "it is discarded",
    "targeted": "it is targeted", "attack": "a creature attacks", "back": "that card", "keep": "that card",
    "fallen": "those creatures", "drawn": "the drawn cards", "shown": "that card", "event_card": "that card",
}


def register_words() -> None:
    """Words of TGC's hooks, zones and statuses for explanations (``tcgkit cards tgc --explain NAME``)."""
    from tcgkit.core.cardtext import WORDS

    WORDS.update(_HOOK_WORDS)


def keyword_words(kw: str) -> str:
    """``Immunity:Battlefields`` -> ``Immunity to Battlefields``; ``Tribute:Silicon Creature,3`` ->
    ``Tribute (Silicon Creature, 3)``."""
    name, _, arg = kw.partition(":")
    if not arg:
        return name
    if name in ("Immunity", "Resistance", "Hatred"):
        what, _, n = arg.partition(",")
        return f"{name} {'of' if name == 'Hatred' else 'to'} {what}" + (f" ({n})" if n else "")
    return f"{name} ({arg.replace(',', ', ')})"


def grant_words(grant: str) -> str:
    """``Taunt@!Security`` -> ``Taunt (if it is not of the Security faction)``."""
    kw, _, cond = grant.partition("@")
    name, _, arg = kw.partition(":")
    text = f"cannot attack cards with {arg}" if name == "CannotAttack" else keyword_words(kw)
    if cond:
        neg = cond.startswith("!")
        text += f" (if it is {'not ' if neg else ''}of the {cond.lstrip('!')} faction)"
    return text
