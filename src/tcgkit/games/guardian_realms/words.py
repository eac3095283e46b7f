"""Guardian Realms in its rulebook's words: lanes, Bases, DZ and Summon Points, statuses, Walls and HP Links.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("guardian-realms")
>>> state = rules.new_game(["Ember Vanguard", "Stone Bastion"], seed=3)
>>> rules.words.numbers(state, 0, 0)[:2]
[('DZ Points', '2 of 2'), ('Summon Points (SP)', '1')]
>>> rules.words.action(state, state.legal_actions()[1], state.current)
'Mulligan: shuffle your hand into your deck and draw 3 new cards (once per game)'
"""

from __future__ import annotations

import re
from typing import Any

from tcgkit.core.actions import Action
from tcgkit.core.errors import Refusal
from tcgkit.core.state import Event, GameState
from tcgkit.core.words import CardWords, Words, card_event
from tcgkit.games.guardian_realms.board import (
    ABIL,
    ATK1,
    ATK2,
    FORFEIT,
    SWAP,
    equipment_of,
    flags,
    has,
    hp_of,
    lane_of,
    link_index,
    max_hp,
)
from tcgkit.games.guardian_realms.model import BASE_LANE, EFFECT, EFFECT_LANE, EQUIP, LANE_OF, LANE_WORD, STRONGHOLD
from tcgkit.games.guardian_realms.statuses import PERMANENT, TIMED

#: the core's reasons, when the game's rules have no better one (the words then say which rule it is)
GENERIC = ("not a legal action", "not one of your choices", "that is not one of the moves")

LANE_NAME = ("", "lane 1 (Outpost)", "lane 2 (Stronghold)", "lane 3 (Outpost)")
BASE_NAME = ("", "Outpost of lane 1", "Stronghold (lane 2)", "Outpost of lane 3")
LANE_ARG = {**LANE_OF, **BASE_LANE}
STATUS_NAME = {"paralyzed": "Paralyzed", "burned": "Burned", "exhausted": "Exhausted", "confused": "Confused",
               "poisoned": "Poisoned", "shield": "Shield", "stealth": "Stealth", "fury": "Fury",
               "invincible": "Invincible"}


def _turns(n: int) -> str:
    return "until it leaves play" if n >= PERMANENT else f"for {n} more turn{'s' if n != 1 else ''}"


def _lane_word(arg: Any) -> int:
    return LANE_ARG.get(str(arg), 0)


class GuardianRealmsWords(Words):
    """Guardian Realms' words (rulebook: ``shared/rules/guardian-realms.txt``)."""

    YES = "Yes, use the effect"
    ZONES = {"deck": "Deck", "hand": "Hand", "discard": "Discard Pile", "lane1": "Guardian, lane 1 (Outpost)",
             "lane2": "Guardian, lane 2 (Stronghold)", "lane3": "Guardian, lane 3 (Outpost)",
             "equip1": "Equipment, lane 1", "equip2": "Equipment, lane 2", "equip3": "Equipment, lane 3",
             "effect1": "Effect, lane 1", "effect2": "Effect, lane 2", "effect3": "Effect, lane 3",
             "field": "Field", "gone": "out of the game (tokens)"}
    BOARD = ("lane1", "equip1", "effect1", "lane2", "equip2", "effect2", "lane3", "equip3", "effect3", "field",
             "hand", "deck", "discard")
    NUMBERS = {"dz": "DZ Points", "sp": "Summon Points (SP)"}
    PHASES = {"mulligan": "mulligan", "main": "turn", "ordering": "end of turn", "ending": "end of turn",
              "setup": "setup"}
    STATS = {"hp": "HP", "atk": "ATK", "sp_cost": "SP cost", "attack_cost": "basic attack cost (DZ)",
             "dz_cost": "DZ cost"}
    STATUSES = {k: v for k, v in STATUS_NAME.items()}
    CHOICES = {"t": "choose the target", "model": "choose the Guardian to copy",
               "partner": "choose the Guardian to share an HP Link with",
               "choose the Base to strike": "choose the lane whose enemy Base is struck",
               "choose the lane of the Wall": "choose the lane of the Wall",
               "choose the lane of the summon": "choose the lane of the Guardian Summon",
               "choose the lane of the copy": "choose the lane of the Copy",
               "choose the lane of the clone": "choose the lane of the Clone",
               "end of turn: Burn and Poison first, or your end-of-turn effects?":
                   "end of turn: Burn and Poison damage first, or your end-of-turn effects first?"}
    INTERNAL = frozenset({"dz", "dzcap", "sp", "w1", "w2", "w3", "b1", "b2", "b3", "x1", "x2", "x3", "mul", "af",
                          "dmg", "lane1", "lane2", "lane3", "base1", "base2", "base3", "equip1", "equip2", "equip3",
                          "effect1", "effect2", "effect3"})
    SUMMARY = """Guardian Realms: three lanes, each guarded by one of your Bases: two Outposts (50 HP, lanes 1 and 3)
and the Stronghold (100 HP, lane 2). Destroy the opponent's Stronghold to win.
Each Base holds one Guardian, one Equipment and one Effect; summoning to an occupied slot discards what was there.
Points: DZ Points (1 more each round, up to 10, refilled each round) pay basic attacks (1 DZ), abilities, Effects
and Equipment; Summon Points (start at 1, +1 each round, up to 10) pay Guardians.
A turn: draw 1 card (hand limit 8), then act in any order: summon, play Effects and Field cards, equip, and with
each Guardian one basic attack or one ability (Fury: two attacks); two Guardians may swap lanes for 1 DZ (then
neither attacks). A new Guardian is Exhausted for 1 turn (Rush: acts at once; Sneak: enters in Stealth).
Guardians attack visible enemies in their own or adjacent lanes (a Tank must be attacked first); with no Guardian
in a lane, its Base can be attacked. A Wall absorbs enemy damage in its lane first.
Statuses: Paralyzed (Resist Check 4+ to act), Burned (5 damage per stack at the end of its owner's turn),
Exhausted (cannot act), Confused (using DZ needs an even Resist Check), Poisoned (1, 2, 4... damage).
An empty deck deals 1, 2, 4... damage to each of your Bases at each draw."""

    # ------------------------------------------------------------------ turns and numbers
    def phase(self, state: GameState, viewer: int) -> str:
        whose = "your" if state.active == viewer else f"{self.player(state, state.active, viewer)}'s"
        name = self._look(self.PHASES, state.phase, "phase")
        if state.phase == "mulligan":
            return f"Before the game - {whose} {name}"
        return f"Round {state.rules.round_of(state)}, turn {state.turn} - {whose} {name}"

    def numbers(self, state: GameState, player: int, viewer: int) -> list[tuple[str, str]]:
        res = state.res[player]
        out = [("DZ Points", f"{res.get('dz', 0)} of {res.get('dzcap', 0)}"), ("Summon Points (SP)", str(res["sp"]))]
        for lane in (1, 2, 3):
            hp = res[f"b{lane}"]
            full = 100 if lane == STRONGHOLD else 50
            out.append((BASE_NAME[lane].capitalize(), f"{hp} of {full} HP" if hp > 0 else "destroyed"))
        for lane in (1, 2, 3):
            wall = res.get(f"w{lane}", 0)
            if wall > 0:
                out.append((f"Wall, lane {lane}", f"{wall} HP"))
            elif res.get(f"x{lane}"):
                out.append((f"Wall, lane {lane}", "destroyed: cannot be rebuilt"))
        if res.get("out"):
            out.append(("Empty-deck penalty", f"the next draw deals {1 << res['out']} to each Base"))
        return out

    # ------------------------------------------------------------------ cards
    def card(self, state: GameState, card: int, viewer: int) -> CardWords:
        d = state.defs[card]
        f = d.fields
        zone = state.loc[card][1]
        in_lane = zone in LANE_OF
        stats: list[tuple[str, str]] = []
        kind = d.type
        token = f.get("token")
        if d.type == "Guardian":
            kind = "Guardian" + (f" ({f['class']})" if f.get("class") else "")
            stats.append(("ATK", str(state.rules.stat(state, card, "atk"))))
            mx = max_hp(state, card)
            if in_lane:
                i = link_index(state, card) if "links" in state.vars else -1
                if i >= 0:
                    _, pool, lmx = state.vars["links"][i]
                    stats.append(("HP", f"{pool} of {lmx}, shared by its HP Link"))
                else:
                    stats.append(("HP", f"{hp_of(state, card)} of {mx}"))
            else:
                stats.append(("HP", str(mx)))
                stats.append(("SP cost", str(d.stats.get("sp_cost", 0))))
            if d.stats.get("attack_cost", 1) != 1:
                stats.append(("basic attack", f"{d.stats['attack_cost']} DZ"))
        else:
            stats.append(("DZ cost", str(d.stats.get("dz_cost", 0))))
            if d.type == "Equipment" and f.get("atk_bonus"):
                stats.append(("ATK bonus", f"+{f['atk_bonus']}"))
            st = state.cs.get(card)
            if st is not None and "uses" in st.counters:
                stats.append(("uses left", str(st.counters["uses"])))
            elif f.get("uses"):
                stats.append(("uses", str(f["uses"])))
            if st is not None and "left" in st.counters:
                stats.append(("turns left", str(st.counters["left"])))
            elif f.get("duration"):
                stats.append(("lasts", f"{f['duration']} turns"))
        if f.get("rarity"):
            kind = f"{f['rarity']} {kind}"
        if token:
            kind = f"{kind}, a {token.capitalize()} token"
        attached: tuple[str, ...] = ()
        if in_lane:
            eq = equipment_of(state, card)
            if eq >= 0:
                attached = (state.defs[eq].name,)
        return CardWords(card, d.name, kind, tuple(stats), self.statuses(state, card), attached, d.text)

    def statuses(self, state: GameState, card: int) -> tuple[str, ...]:
        st = state.cs.get(card)
        if st is None:
            return ()
        out = [self.status_phrase(state, card, k, v) for k, v in st.status.items()]
        zone = state.loc[card][1]
        if zone in LANE_OF:
            f = flags(state, card)
            if f & FORFEIT:
                out.append("forfeited its action this turn")
            if f & (ATK1 | ATK2):
                out.append("attacked twice this turn" if f & ATK2 else "attacked this turn")
            if f & ABIL:
                out.append("used its ability this turn")
            if f & SWAP:
                out.append("swapped lanes this turn")
        elif zone in EQUIP[1:] and st.host >= 0:
            out.append(f"equipped to {state.defs[st.host].name}")
        return tuple(out)

    def status_phrase(self, state: GameState, card: int, status: str, value: int) -> str:
        if status.startswith("immune_"):
            name = self._look(STATUS_NAME, status[7:], "status")
            return f"immune to {name}" + (f" {_turns(value)}" if value else "")
        name = self._look(STATUS_NAME, status, "status")
        if not value:
            return name
        if status == "burned":
            stacks = f"{value} stacks" if value > 1 else "1 stack"
            return f"{name}, {stacks} ({5 * value} damage at the end of its owner's turn)"
        if status == "poisoned":
            return f"{name} (next {value} damage at the end of its owner's turn, doubling)"
        if status == "paralyzed":
            return f"{name} {_turns(value)} (a Resist Check of 4 or more frees it)"
        if status in TIMED:
            return f"{name} {_turns(value)}"
        if status == "confused":
            return f"{name} (using DZ needs an even Resist Check)"
        if status == "shield":
            return "Shield (negates the next damage)"
        if status == "stealth":
            return "Stealth (cannot be targeted)"
        return name

    # ------------------------------------------------------------------ actions
    def ability_text(self, state: GameState, card: int, index: int) -> str:
        """An ability as printed: "Scorch (2 DZ): Burn an enemy Guardian in range"."""
        d = state.defs[card]
        eff = d.effects[index]
        name = eff.params.get("name") or eff.text or "its ability"
        m = re.search(re.escape(name) + r"\s*\(([^)]*)\):\s*([^.]*)", d.text)
        if m:
            return f"{name} ({m.group(1)}): {m.group(2)}"
        cost = eff.params.get("dz_cost", 0)
        return f"{name} ({cost} DZ)" + (f": {eff.text}" if eff.text and eff.text != name else "")

    def where(self, state: GameState, card: int, viewer: int) -> str:
        lane = lane_of(state, card)
        owner = self.whose(state, state.owner[card], viewer)
        return f"{state.defs[card].name} ({owner} lane {lane})" if lane else state.defs[card].name

    def action(self, state: GameState, action: Action, viewer: int) -> str:
        k, a = action.kind, action.args
        p = state.current
        if k == "keep":
            return "Keep your hand"
        if k == "mulligan":
            return "Mulligan: shuffle your hand into your deck and draw 3 new cards (once per game)"
        if k == "end":
            return "End your turn"
        if k == "summon":
            d = state.defs[a[0]]
            lane = _lane_word(a[1])
            text = f"Summon {d.name} to {LANE_NAME[lane]} for {d.stats.get('sp_cost', 0)} SP"
            if a[2:]:
                text += ", sacrificing " + " and ".join(state.defs[m].name for m in a[2:])
            old = [c for c in state.zones[p][LANE_WORD[lane]] if c not in a[2:]]
            if old:
                text += f", discarding {state.defs[old[0]].name} already there"
            if "rush" not in d.tags:
                text += " (it enters Exhausted for 1 turn)"
            return text
        if k == "play":
            d = state.defs[a[0]]
            cost = d.stats.get("dz_cost", 0)
            if len(a) < 2:
                old = state.zones[p]["field"]
                text = f"Play the Field {d.name} for {cost} DZ"
                return text + (f", replacing {state.defs[old[0]].name}" if old else "")
            lane = _lane_word(a[1])
            text = f"Play {d.name} from the Effect slot of {LANE_NAME[lane]} for {cost} DZ"
            old = state.zones[p][EFFECT[lane]] if lane else []
            if old:
                text += f", discarding {state.defs[old[0]].name} there"
            return text + (f": {d.text}" if d.text else "")
        if k == "equip":
            d = state.defs[a[0]]
            lane = lane_of(state, a[1])
            text = f"Equip {d.name} to {self.where(state, a[1], viewer)} for {d.stats.get('dz_cost', 0)} DZ"
            old = state.zones[p][EQUIP[lane]] if lane else []
            return text + (f", discarding {state.defs[old[0]].name} already there" if old else "")
        if k == "attack":
            g = a[0]
            amount = state.rules.stat(state, g, "atk")
            eq = equipment_of(state, g)
            if eq >= 0:
                amount += state.defs[eq].fields["atk_bonus"]
            cost = state.defs[g].stats["attack_cost"]
            if type(a[1]) is int:
                target = self.where(state, a[1], viewer)
                lane = lane_of(state, a[1])
            else:
                lane = _lane_word(a[1])
                target = f"{self.whose(state, 1 - p, viewer)} {BASE_NAME[lane]}"
            text = f"{state.defs[g].name} attacks {target}: {amount} damage for {cost} DZ"
            wall = state.res[1 - p].get(f"w{lane}", 0) if lane else 0
            if wall:
                text += f" (the Wall there absorbs up to {wall} first)"
            if has(state, g, "paralyzed"):
                text += "; Paralyzed: a Resist Check of 4 or more first"
            return text
        if k == "ability":
            g = a[0]
            return f"{state.defs[g].name} uses {self.ability_text(state, g, int(a[1]))}"
        if k == "swap":
            return (f"Swap {self.where(state, a[0], viewer)} and {self.where(state, a[1], viewer)} for 1 DZ "
                    "(neither may attack or use an ability this turn)")
        if k == "infuse":
            f = state.defs[a[0]].fields
            gain = ", ".join(x for x in (f"+{f['infuse_atk']} ATK" if f.get("infuse_atk") else "",
                                         f"+{f['infuse_hp']} HP" if f.get("infuse_hp") else "") if x)
            return f"Infuse {self.where(state, a[0], viewer)} into {self.where(state, a[1], viewer)}: " \
                   f"discard {state.defs[a[0]].name}, {state.defs[a[1]].name} gets {gain or 'its bonus'}"
        return super().action(state, action, viewer)

    def chosen(self, state: GameState, card: int, viewer: int) -> str:
        return self.where(state, card, viewer) if state.visible(card, viewer) else "a card"

    def option(self, state: GameState, value: str) -> str:
        if value == "statuses_first":
            return "Burn and Poison damage first"
        if value == "effects_first":
            return "Your end-of-turn effects first"
        if _lane_word(value):
            return LANE_NAME[_lane_word(value)].capitalize()
        return self._look({}, value, "option")

    def word(self, arg: str) -> str:
        lane = _lane_word(arg)
        return LANE_NAME[lane] if lane else super().word(arg)

    def silent(self, state: GameState, ev: Event) -> bool:
        """Moves are told by the events of the rules (summoned, discarded, defeated...), except draws."""
        if ev.kind == "move":
            return not (ev.data[1] == "deck" and ev.data[3] == "hand")
        return ev.kind in self.SILENT_EVENTS

    # ------------------------------------------------------------------ refusals
    def explain(self, state: GameState, action: Action) -> Refusal:
        k = action.kind
        known = {"keep", "mulligan", "end", "summon", "play", "equip", "attack", "ability", "swap", "infuse"}
        if k not in known:
            return Refusal(f"there is no action {k!r} in Guardian Realms; see the list of legal actions")
        if state.phase == "mulligan":
            return Refusal("before the game each player only keeps their hand or mulligans once", "GR-TURN-02")
        if k in ("keep", "mulligan"):
            return Refusal("the mulligan is only at the start of the game", "GR-TURN-02")
        a = action.args
        if k == "end" and a:
            return Refusal("ending the turn names no card: just end", "GR-SETUP-02")
        if k == "attack" and len(a) < 2:
            return Refusal("name the target of the attack: an enemy Guardian or a Base", "GR-COMBAT-01")
        if k != "end" and (not a or type(a[0]) is not int):
            return Refusal(f"name the card: {k} followed by a card", None)
        card = a[0] if a else -1
        p = state.active
        if card >= 0:
            d = state.defs[card]
            zone = state.loc[card][1]
            if k in ("summon", "play", "equip"):
                if state.owner[card] != p or zone != "hand":
                    return Refusal(f"{d.name} is not in your hand", "GR-SP-03" if k == "summon" else "GR-LANE-02")
                want = {"summon": "Guardian", "equip": "Equipment"}.get(k)
                if want and d.type != want:
                    return Refusal(f"{d.name} is not a {want}: only a {want} is {k}ed",
                                   "GR-SP-03" if k == "summon" else "GR-BASE-05")
                if k == "play" and d.type not in ("Effect", "Field"):
                    return Refusal(f"{d.name} is a {d.type}: only Effects and Field cards are played",
                                   "GR-LANE-02")
                cost = d.stats.get("dz_cost", 0)
                if k != "summon" and cost > state.res[p]["dz"]:
                    return Refusal(f"{d.name} costs {cost} DZ and you have {state.res[p]['dz']}", "GR-DZ-04")
                if k == "summon" and len(a) > 1 and not _lane_word(a[1]):
                    return Refusal("summon to a lane: lane 1, 2 or 3", "GR-LANE-01")
                if k == "equip" and (len(a) < 2 or type(a[1]) is not int or state.owner[a[1]] != p
                                     or state.loc[a[1]][1] not in LANE_OF):
                    return Refusal("Equipment goes to one of your fielded Guardians", "GR-BASE-05")
            elif k in ("attack", "ability", "swap", "infuse") and d.type != "Guardian":
                return Refusal(f"{d.name} is not a Guardian: only fielded Guardians attack, use abilities or swap",
                               "GR-COMBAT-03")
            if k == "ability":
                index = a[1] if len(a) > 1 else ""
                if not (isinstance(index, str) and index.isdigit() and int(index) in d.fields.get("abilities", ())):
                    return Refusal(f"{d.name} has no ability of that number", "GR-CARD-05")
        why = state.rules.explain_illegal(state, action)
        r = _split(why)
        if r.why.startswith(GENERIC):
            return self._generic(state, action)
        r = Refusal(r.why.replace(f"#{card}", state.defs[card].name if card >= 0 else "it"), r.clause)
        return _reword(r)

    def _generic(self, state: GameState, action: Action) -> Refusal:
        k = action.kind
        if k == "attack" and len(action.args) > 1:
            return Refusal("the target is not a visible enemy in range (own or adjacent lane), or a Tank there "
                           "must be attacked first, or a Base with a Guardian in its lane", "GR-COMBAT-01")
        if k == "swap":
            return Refusal("two of your fielded Guardians swap, for 1 DZ, if neither has acted this turn",
                           "GR-SWAP-01")
        if k == "infuse":
            return Refusal("only a Guardian with an Infusion is infused into another of your fielded Guardians",
                           "GR-SAC-03")
        if k == "end":
            return Refusal("end your turn in your own turn, with no choice pending", "GR-SETUP-02")
        if k == "summon":
            return Refusal("summon a Guardian from your hand to a lane whose Base stands, paying its SP",
                           "GR-SP-03")
        return Refusal("that is not one of your possible actions now", "GR-SETUP-02")


def _split(text: str) -> Refusal:
    from tcgkit.core.errors import split_clause

    return split_clause(text)


_REWORD = (("not enough SP", "not enough Summon Points"), ("DZ for", "DZ Points for"),
           ("play #", "play the card to "), ("base<1-3>", "a Base"))


def _reword(r: Refusal) -> Refusal:
    why, clause = r.why, r.clause
    m = re.search(r"\s*\((GR-[A-Z0-9/,\- ]+)\)\s*$", why)
    if clause is None and m:
        why, clause = why[: m.start()], m.group(1)
    for a, b in _REWORD:
        why = why.replace(a, b)
    why = re.sub(r"play the card to \d+ a Base", "play it to the Effect slot of one of your Bases", why)
    if clause is None and why.startswith("you may act only with your own"):
        clause = "GR-COMBAT-03"
    return Refusal(why, clause)


# ---------------------------------------------------------------------------------------------- events


def _who(w: Words, state: GameState, ev: Event, viewer: int, verb: str) -> str:
    return w.does(state, ev.player, viewer, verb)


def _base(w: Words, state: GameState, player: int, lane: int, viewer: int) -> str:
    return f"{w.whose(state, player, viewer)} {BASE_NAME[lane]}"


def _target(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    t = ev.data[0]
    if isinstance(t, str):
        return _base(w, state, 1 - ev.player, _lane_word(t), viewer)
    return w.named(state, t, viewer, "a Guardian")


def _ev_attack(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    """ "Ashen Brute attacks Moss Whelp for 6 damage" (the Wall, Shield or Invincibility that takes it follows)."""
    text = f"{w.card_name(state, ev)} attacks {_target(w, state, ev, viewer)}"
    return text + (f" for {ev.data[1]} damage" if len(ev.data) > 1 else "")


def _ev_damage(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    amount, left = ev.data
    return f"{w.card_name(state, ev)} takes {amount} damage ({left} HP left)"


def _ev_heal(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    amount, now = ev.data
    return f"{w.card_name(state, ev)} heals {amount} HP ({now} HP now)"


def _ev_base_damage(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    lane, amount, left = ev.data
    return f"{_base(w, state, ev.player, lane, viewer)} takes {amount} damage ({left} HP left)"


def _ev_wall_damage(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    lane, taken, left = ev.data
    whole = "" if left else " and falls"
    return f"{w.whose(state, ev.player, viewer)} Wall in lane {lane} absorbs {taken} damage{whole} ({left} HP left)"


def _ev_discarded(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    why = ev.data[0] if ev.data else ""
    name = w.card_name(state, ev)
    if why == "hand_limit":
        return f"{name} is discarded: the hand is full (8 cards)"
    if why in EFFECT_LANE:
        return f"{name} is discarded after use"
    if why == "hand":
        return f"{name} is discarded from {w.whose(state, ev.player, viewer)} hand"
    return f"{name} is discarded"


def _ev_resist(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    status, roll = ev.data
    name = w.card_name(state, ev)
    if status == "paralyzed":
        ok = roll >= 4
        return f"{name} makes a Resist Check against Paralysis: rolls {roll}, " + (
            "freed" if ok else "fails and forfeits its action")
    ok = roll % 2 == 0
    return f"{name} makes a Resist Check against Confusion: rolls {roll}, " + (
        "no longer Confused" if ok else "fails: 5 damage to itself and its action is forfeited")


def _ev_roll(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    if ev.data and ev.data[0] == "exhausted":
        roll = ev.data[1]
        n = {5: 2, 6: 3}.get(roll, 1)
        return f"{_who(w, state, ev, viewer, 'roll')} {roll} for the Exhaustion: {n} turn{'s' if n > 1 else ''}"
    return f"{_who(w, state, ev, viewer, 'roll')} a {ev.data[-1]}"


def _ev_hp_link(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    pool, mx, *cards = ev.data
    names = " and ".join(w.named(state, c, viewer, "a Guardian") for c in cards)
    return f"HP Link: {names} share {pool} of {mx} HP"


def _ev_link_broken(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    rest = [w.named(state, c, viewer, "a Guardian") for c in ev.data]
    text = f"{w.card_name(state, ev)} leaves its HP Link"
    return text + (f"; the HP left is shared by {' and '.join(rest)}" if rest else "")


def _ev_token(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    kind, name = ev.data
    word = {"summon": "a Guardian Summon", "copy": "a Copy", "clone": "a Clone"}.get(kind, "a token")
    return f"{_who(w, state, ev, viewer, 'create')} {word}: {name}"


def _ev_wall(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    lane, tier, hp = ev.data
    return f"{_who(w, state, ev, viewer, 'raise')} a tier {tier} Wall in lane {lane} ({hp} HP)"


def _ev_empty_deck(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    _, amount = ev.data
    return f"{_who(w, state, ev, viewer, 'draw')} from an empty deck: {amount} damage to each of " \
           f"{w.whose(state, ev.player, viewer)} Bases"


def _ev_spend(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    res, n, left = ev.data
    label = {"dz": "DZ", "sp": "SP"}.get(res) or w._look({}, res, "number")
    return f"{_who(w, state, ev, viewer, 'spend')} {n} {label} ({left} left)"


def _ev_turn(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    turn, rnd = ev.data
    return f"round {rnd}, turn {turn}: {w.whose(state, ev.player, viewer)} turn"


def _ev_resource(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    key, value = ev.data[0], ev.data[-1]
    label = {"dz": "DZ Points", "sp": "Summon Points", "dzcap": "DZ Point maximum"}.get(key)
    if label is None:
        label = w._look({}, key, "number")
    return f"{w.whose(state, ev.player, viewer)} {label}: now {value}"


def _ev_lane(template: str):
    def f(w: Words, state: GameState, ev: Event, viewer: int) -> str:
        lane = ev.data[0]
        return template.format(whose=w.whose(state, ev.player, viewer), lane=lane, base=BASE_NAME[lane],
                               who=_who(w, state, ev, viewer, "raise"))
    return f


def _ev_ability(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    if ev.card < 0:
        return f"{_who(w, state, ev, viewer, 'use')} an ability"
    name = state.defs[ev.card].effects[ev.data[0]].params.get("name") or "its ability"
    return f"{w.card_name(state, ev)} uses {name}"


def _ev_summoned(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} is summoned to {w.whose(state, ev.player, viewer)} {LANE_NAME[ev.data[0]]}"


def _ev_immune(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} is immune to {STATUS_NAME.get(ev.data[0], 'it')}: no effect"


GuardianRealmsWords.EVENTS = {
    "ability": _ev_ability, "attack": _ev_attack, "base_damage": _ev_base_damage,
    "base_destroyed": _ev_lane("{whose} {base} is destroyed"), "damage": _ev_damage, "heal": _ev_heal,
    "defeated": card_event("{card} is defeated"), "discarded": _ev_discarded, "empty_deck": _ev_empty_deck,
    "end_turn": card_event("{who} the turn", verb="end"),
    "equipped": card_event("{card} is equipped to {other}", other="a Guardian"),
    "first_player": card_event("{who} first", verb="go"), "hp_link": _ev_hp_link, "immune": _ev_immune,
    "infused": card_event("{card} is infused into {other}", other="a Guardian"),
    "keep": card_event("{who} the hand", verb="keep"),
    "mulligan": card_event("{who} a mulligan", verb="take"), "link_broken": _ev_link_broken,
    "nullified": card_event("{card} takes no damage: {data[0]} damage negated"),
    "played": card_event("{who} {card}", verb="play"), "resist": _ev_resist,
    "returned": card_event("{card} returns to its owner's hand"), "roll": _ev_roll,
    "sacrificed": card_event("{card} is sacrificed to summon {other}", other="a Guardian"),
    "spend": _ev_spend, "summoned": _ev_summoned,
    "swap": card_event("{card} and {other} swap lanes", other="a Guardian"), "token": _ev_token, "turn": _ev_turn,
    "wall": _ev_wall, "wall_damage": _ev_wall_damage,
    "wall_destroyed": _ev_lane("{whose} Wall in lane {lane} is destroyed"),
    "wall_removed": _ev_lane("{whose} old Wall in lane {lane} is replaced"),
    "wall_refused": _ev_lane("no Wall can be rebuilt in lane {lane}: it fell there"),
    "resource": _ev_resource,
}
