"""Phaktionz in its handbook's words: Summons in columns, Tiers and DMG, demoting and exiling, Invocations and
their response windows, the Deck Out Pile and the Creation Pile.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("phaktionz")
>>> state = rules.new_game(list(rules.decks())[:2], seed=1)
>>> rules.words.numbers(state, 0, 0)[0][0]
'Cards left in deck'
"""

from __future__ import annotations

import re

from tcgkit.core.actions import Action
from tcgkit.core.errors import Refusal
from tcgkit.core.state import Event, GameState
from tcgkit.core.words import CardWords, Words, card_event, does_event

PHASE_NAME = {"mulligan": "mulligan", "draw": "Draw Phase", "main": "Main Phase", "combat": "Combat Phase",
              "final": "Final Cast", "end": "End Phase", "setup": "setup"}
NEXT_WORDS = {"main": "End the Main Phase: go to the Combat Phase",
              "combat": "End the Combat Phase: go to the Final Cast",
              "final": "End the Final Cast: end your turn"}
WINDOW_WORDS = {"invocation": "the Invocation", "ability": "the ability", "battle": "the battle"}
INV_TYPE = {"regular": "Regular", "counter": "Counter", "realm": "Realm", "weapon": "Weapon"}


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _turns(n: int) -> str:
    return f"{n} more turn{'s' if n != 1 else ''}"


class PhaktionzWords(Words):
    """Phaktionz' words (rulebook: ``shared/rules/phaktionz.txt``)."""

    EFFECT = "ability"
    ZONES = {"deck": "Deck", "hand": "Hand", "field": "Battlefield", "realm": "Realm", "attached": "Weapons",
             "deck_out": "Deck Out Pile", "exile": "Exile Zone", "creation_pile": "Creation Pile",
             "stack": "being played", "aside": "set aside (mulligan)"}
    BOARD = ("field", "attached", "realm", "stack", "hand", "aside", "deck", "deck_out", "exile", "creation_pile")
    PHASES = PHASE_NAME
    STATS = {"dmg": "DMG", "tier": "Tier"}
    STATUSES = {"undemotable": "cannot be demoted", "exile_eot": "exiled at the end of the turn",
                "iki": "exiled instead of demoted (Iki)", "lands": "counters", "counter": "counters"}
    CHOICES = {"back": "choose the card to take back", "pay": "choose how to pay", "paid": "choose the United Summon "
               "to demote", "mode": "choose the effect", "boosted": "choose the Summon that gets the boost",
               "x": "choose X", "gone": "choose the Plague Summon to exile", "victim": "choose the Summon to hit",
               "theirs": "choose an opposing Summon", "strong": "choose one of your Summons",
               "mine": "choose one of your Summons", "found": "choose the card you search for",
               "fodder": "choose the Summon to demote", "dropped": "choose the card to discard",
               "changed": "choose the Summon to change", "big": "choose a Tier 3 Summon (or none)",
               "demoted": "choose the Summon to demote", "placed": "choose the Summon to place",
               "their_discard": "choose the card to discard"}
    #: a card text's second choice of the same kind (grammar.py names it ``<name>_2``)
    CHOICES = {**CHOICES, **{f"{k}_2": v for k, v in CHOICES.items()}}
    INTERNAL = frozenset({"col", "dmg", "deck_out", "creation_pile", "plague", "iki",
                          "swapped", "undemotable", "front", "direct"})
    SUMMARY = """Phaktionz: deck out your opponent - bring their deck to 0 cards.
Each player starts with 5 cards and may mulligan any of them once. A turn: Draw Phase (draw 1), Main Phase (place
Summons, cast Invocations), Combat Phase (battle with your Summons), Final Cast (Invocations only), End Phase.
Summons stand in columns of the Battlefield. A Tier 2 or higher Summon is placed by demoting your Summons whose
Tiers add up to its Tier (a Tier 2: one Tier 2 or two Tier 1s). Strikers battle any opposing Summon but never
directly; a Tech battles the Summon in its own column, or directly when that column is empty.
Battle: a Summon that battles is disabled. When the DMG differs, the player of the weaker Summon loses cards from
the top of their deck equal to the difference, and the weaker Summon is demoted (unless Tier 3 or higher). A
direct battle costs the opponent cards equal to its DMG.
Invocations: Regular (your turn), Counter (any turn, in answer to a play), Realm (stays), Weapon (attaches to a
Summon). Plays can be answered before they resolve, and fizzled. The Creation Pile holds up to 10 cards you may
create into your hand when their condition holds."""

    # ------------------------------------------------------------------ turns and numbers
    def phase(self, state: GameState, viewer: int) -> str:
        whose = "your" if state.active == viewer else f"{self.player(state, state.active, viewer)}'s"
        name = self._look(self.PHASES, state.phase, "phase")
        if state.phase == "mulligan":
            return "Before the game - the mulligan"
        text = f"Turn {state.turn} - {whose} {name}"
        v = state.vars
        sub = v.get("sub")
        if sub == "tribute" and v.get("placing"):
            card, need = v["placing"][:2]
            text += f": demote Summons for {state.defs[card].name} ({need} Tier{'s' if need != 1 else ''} to go)"
        elif sub == "column" and v.get("placing"):
            text += f": choose the column for {state.defs[v['placing'][0]].name}"
        elif sub == "window" and v.get("win"):
            kind, _, card = v["win"][:3]
            what = self.named(state, card, viewer, "a play") if card >= 0 else "a play"
            who = "you" if state.current == viewer else self.player(state, state.current, viewer)
            text += f": {who} may answer {WINDOW_WORDS.get(kind, 'the play')} of {what}"
        elif sub == "order":
            text += ": order the abilities that trigger together"
        return text

    def numbers(self, state: GameState, player: int, viewer: int) -> list[tuple[str, str]]:
        z = state.zones[player]
        return [("Cards left in deck", str(len(z["deck"]))), ("Deck Out Pile", str(len(z["deck_out"])))]

    # ------------------------------------------------------------------ cards
    def summon_kind(self, state: GameState, card: int) -> str:
        return state.rules.summon_type(state, card).capitalize()

    def card(self, state: GameState, card: int, viewer: int) -> CardWords:
        rules = state.rules
        d = state.defs[card]
        f = d.fields
        stats: list[tuple[str, str]] = []
        if d.type == "summon":
            kind = f"Tier {d.stats.get('tier', 0)} {self.summon_kind(state, card)} Summon"
            if f.get("faction"):
                kind += f" ({f['faction']})"
            stats.append(("DMG", str(rules.stat(state, card, "dmg"))))
            stats.append(("Tier", str(rules.stat(state, card, "tier"))))
            if state.loc[card][1] == "field":
                stats.append(("column", str(rules.column(state, card))))
        else:
            kind = f"{INV_TYPE.get(f.get('inv_type') or '', '')} Invocation".strip()
        if f.get("limit"):
            stats.append(("limit", self.limit(f["limit"])))
        st = state.cs.get(card)
        attached = tuple(state.defs[a].name for a in st.attached) if st is not None else ()
        return CardWords(card, d.name, kind, tuple(stats), self.statuses(state, card), attached, d.text)

    @staticmethod
    def limit(text: str) -> str:
        """``L/1`` -> "1 per turn"; ``L2`` -> "2 per match"."""
        m = re.fullmatch(r"L/(\d+)", text)
        if m:
            return f"{m.group(1)} per turn"
        m = re.fullmatch(r"L(\d+)", text)
        return f"{m.group(1)} per match" if m else text

    def statuses(self, state: GameState, card: int) -> tuple[str, ...]:
        st = state.cs.get(card)
        if st is None:
            return ()
        out = ["disabled"] if st.tapped else []
        s = st.status
        for k, v in s.items():
            if k == "plague":
                out.append(f"Plague counter (exiled after {_turns(v)})")
            elif k == "swapped":
                if v == state.turn:
                    out.append(f"a {self.summon_kind(state, card)} this turn (Striker and Tech exchanged)")
            elif k == "dmg_set":
                if s.get("dmg_set_turn") == state.turn:
                    out.append(f"DMG set to {v} this turn")
            elif k == "dmg_set_turn":
                continue
            else:
                out.append(self._look(self.STATUSES, k, "status"))
        for k, v in st.counters.items():
            if k == "battles":
                if v and st.tapped:
                    out.append(f"battled {v} time{'s' if v != 1 else ''} this turn")
            elif k != "col":
                out.append(self.counter_phrase(state, card, k, v))
        if st.host >= 0 and state.loc[card][1] == "attached":
            out.append(f"attached to {state.defs[st.host].name}")
        return tuple(out)

    def status_phrase(self, state: GameState, card: int, status: str, value: int) -> str:
        if status == "swapped":
            return "Striker and Tech exchanged this turn"
        if status == "dmg_set":
            return f"DMG set to {value} this turn"
        if status == "plague":
            return f"Plague counter (exiled after {_turns(value)})" if value else "Plague counter"
        if status == "dmg_set_turn":
            return "DMG set this turn"
        return self._look(self.STATUSES, status, "status")

    def counter_phrase(self, state: GameState, card: int, counter: str, value: int) -> str:
        if counter == "battles":
            return f"{value} battle{'s' if value != 1 else ''} this turn"
        if counter == "col":
            return f"column {value}"
        return f"{value} {self._look(self.STATUSES, counter, 'counter')}"

    # ------------------------------------------------------------------ actions
    def effect_text(self, state: GameState, card: int, index: int) -> str:
        d = state.defs[card]
        return d.effects[index].text or d.text or "its ability"

    def action(self, state: GameState, action: Action, viewer: int) -> str:
        rules = state.rules
        k, a = action.kind, action.args
        p = state.current
        if k == "mull":
            return f"Mulligan {self.named(state, a[0], viewer)}: set it aside; you draw a card for it when you keep"
        if k == "keep":
            n = len(state.zones[p]["aside"])
            return "Keep your hand" + (f": shuffle the {n} set-aside cards back and draw {n}" if n else "")
        if k == "next":
            return self._look(NEXT_WORDS, state.phase, "phase")
        if k == "pass":
            return "Let it resolve (no answer)"
        if k == "place":
            d = state.defs[a[0]]
            tier = d.stats.get("tier", 0)
            text = f"Place {d.name} (Tier {tier} {self.summon_kind(state, a[0])}, DMG {d.stats.get('dmg', 0)})"
            spec = d.fields.get("tribute")
            if spec is not None:
                return text + f", demoting {spec['count']} Summon{'s' if spec['count'] != 1 else ''} as it says"
            need = tier - (1 if len(a) > 1 else 0) if tier >= 2 else 0
            if len(a) > 1:
                text += ", one Tier less by an ability"
            return text + (f", demoting Summons with {need} Tiers in total" if need else "")
        if k == "tribute":
            placing = state.vars.get("placing")
            what = f" to place {state.defs[placing[0]].name}" if placing else ""
            return f"Demote {state.defs[a[0]].name} (Tier {rules.stat(state, a[0], 'tier')}){what}"
        if k == "column":
            placing = state.vars.get("placing")
            what = state.defs[placing[0]].name if placing else "it"
            return f"Place {what} in column {a[0]}"
        if k == "cast":
            d = state.defs[a[0]]
            if len(a) > 1:
                return f"Cast the Weapon {d.name} on {self._summon(state, a[1], viewer)}"
            return f"Cast {d.name}: {d.text}" if d.text else f"Cast {d.name}"
        if k in ("activate", "use"):
            card = a[0]
            where = " from your hand" if k == "use" else ""
            return f"Use {state.defs[card].name}{where}: {self.effect_text(state, card, int(a[1]))}"
        if k == "create":
            return f"Create {state.defs[a[0]].name}: take it from the Creation Pile into your hand"
        if k == "battle":
            att, target = a
            da = rules.stat(state, att, "dmg")
            name = state.defs[att].name
            if target == "direct":
                return f"{name} battles directly: {self.player(state, 1 - p, viewer)} loses {_cards(da)} from the deck"
            dt = rules.stat(state, target, "dmg")
            text = f"{name} (DMG {da}) battles {self._summon(state, target, viewer)} (DMG {dt})"
            if da > dt:
                demoted = " and it is demoted" if rules.stat(state, target, "tier") < 3 else ""
                return text + f": {self.player(state, 1 - p, viewer)} loses {_cards(da - dt)}{demoted}"
            return text + ": no damage (it is not stronger)"
        return super().action(state, action, viewer)

    def option(self, state: GameState, value: str) -> str:
        """An option by its words: the pending prompt's "1: Plague, 2: exile..." names each number."""
        prompt = state.pending.prompt if state.pending is not None else ""
        m = re.search(rf"(?:^|,\s*){re.escape(value)}:\s*([^,]+)", prompt)
        if m:
            text = m.group(1).strip()
            return text[:1].upper() + text[1:]
        if value.isdigit() and state.pending is not None and state.pending.bind == "x":
            return f"X is {value}"
        return value

    def chosen(self, state: GameState, card: int, viewer: int) -> str:
        return self._summon(state, card, viewer)

    def _summon(self, state: GameState, card: int, viewer: int) -> str:
        if not state.visible(card, viewer):
            return "a card"
        name = state.defs[card].name
        if state.loc[card][1] == "field":
            return f"{self.whose(state, state.owner[card], viewer)} {name} (column {state.rules.column(state, card)})"
        return name

    def prompt(self, state: GameState, prompt: str, bind: str) -> str:
        if re.search(r"\d:\s", prompt):
            return "choose one: " + prompt.replace(", 2:", " or 2:")
        return super().prompt(state, prompt, bind)

    # ------------------------------------------------------------------ refusals
    def explain(self, state: GameState, action: Action) -> Refusal:
        rules = state.rules
        k, a = action.kind, action.args
        p = state.current
        v = state.vars
        sub = v.get("sub")
        known = {"mull", "keep", "next", "pass", "place", "tribute", "column", "cast", "activate", "use", "create",
                 "battle", "first", "choose", "option", "yes", "no", "done"}
        if k not in known:
            return Refusal(f"there is no action {k!r} in Phaktionz", None)
        if state.phase == "mulligan":
            return Refusal("before the game each player may mulligan cards of their hand once, then keep",
                           "PHK-MECH-03")
        if sub == "tribute":
            return Refusal("demote your own Summons whose Tiers add up to the Tier of the Summon being placed",
                           "PHK-MECH-02")
        if sub == "column":
            return Refusal("choose a free column for the Summon being placed", "PHK-MECH-02")
        if sub == "window":
            if p != state.active:
                return Refusal("in answer to a play only Counter Invocations and answering abilities are used, "
                               "or pass", "PHK-INV-03")
            return Refusal("the opponent may answer first", "PHK-INV-03")
        card = a[0] if a and type(a[0]) is int else -1
        if k in ("place", "cast", "battle", "activate", "use", "create", "tribute") and card < 0:
            return Refusal(f"name the card: {k} followed by a card", None)
        if k == "next" and a:
            return Refusal("moving on to the next phase names no card", "PHK-FMT-03")
        if card >= 0:
            d = state.defs[card]
            zone = state.loc[card][1]
            if k == "place":
                if d.type != "summon":
                    return Refusal(f"{d.name} is an Invocation: it is cast, not placed", "PHK-INV-01")
                if zone != "hand" or state.owner[card] != p:
                    return Refusal(f"{d.name} is not in your hand", "PHK-MECH-02")
                if state.phase != "main":
                    return Refusal("Summons are placed in your Main Phase", "PHK-TURN-02")
                if d.stats.get("tier", 0) >= 2:
                    return Refusal(f"a Tier {d.stats['tier']} Summon is placed by demoting Summons whose Tiers add "
                                   "up to its Tier", "PHK-MECH-02")
                return Refusal("no free column on your Battlefield", "PHK-MECH-02")
            if k == "cast":
                if d.type == "summon":
                    return Refusal(f"{d.name} is a Summon: it is placed, not cast", "PHK-SUM-01")
                if zone != "hand" or state.owner[card] != p:
                    return Refusal(f"{d.name} is not in your hand", "PHK-INV-01")
                inv = d.fields.get("inv_type")
                if state.phase == "combat" and inv != "counter":
                    return Refusal("only Counter Invocations are cast in the Combat Phase", "PHK-TURN-03")
                if not rules.cast_limit_ok(state, card):
                    return Refusal(f"{d.name} has reached its limit ({self.limit(d.fields['limit'])})", "PHK-COND-01")
                if inv == "weapon":
                    return Refusal("a Weapon is cast on a Summon it may attach to", "PHK-INV-05")
                return Refusal(f"{d.name}'s condition to be cast does not hold now", "PHK-MECH-04")
            if k == "battle":
                if state.phase != "combat":
                    return Refusal("Summons battle in your Combat Phase", "PHK-TURN-03")
                if zone != "field" or state.owner[card] != p:
                    return Refusal(f"{d.name} is not one of your Summons on the Battlefield", "PHK-SUM-04")
                if not rules.can_battle(state, card):
                    return Refusal(f"{d.name} is disabled: it has already battled", "PHK-MECH-01")
                if len(a) > 1 and a[1] == "direct" and rules.summon_type(state, card) == "striker":
                    return Refusal("a Striker never battles directly", "PHK-SUM-04")
                if rules.summon_type(state, card) == "tech":
                    return Refusal("a Tech battles the Summon in its own column, or directly when it is empty",
                                   "PHK-SUM-05")
                return Refusal("that Summon cannot be battled (a guard, or the card's text)", "PHK-MECH-04")
            if k in ("activate", "use"):
                return Refusal(f"{d.name}'s ability cannot be used now (its limit, cost or condition)", "PHK-COND-01")
            if k == "create":
                if zone != "creation_pile":
                    return Refusal(f"{d.name} is not in your Creation Pile", "PHK-CP-01")
                if state.phase == "combat":
                    return Refusal("cards are not created in the Combat Phase", "PHK-CP-01")
                return Refusal(f"{d.name}'s Create condition does not hold", "PHK-CP-01")
        return Refusal("that is not one of your possible actions now", "PHK-FMT-03")

    # ------------------------------------------------------------------ the end and the log
    def result_reason(self, state: GameState, viewer: int, names=None) -> str:
        r = state.result
        if r is None:
            return ""
        if r.winner is not None and "decked out" in r.reason:
            loser = self.player(state, 1 - r.winner, viewer, names)
            return f"{loser} {'were' if loser == 'you' else 'was'} decked out: no cards left in the deck"
        return r.reason

    def silent(self, state: GameState, ev: Event) -> bool:
        if ev.kind == "move":
            return not (ev.data[1] == "deck" and ev.data[3] == "hand")
        return ev.kind in self.SILENT_EVENTS




def _ev_battle(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    if ev.data[0] == "direct":
        return f"{w.card_name(state, ev)} battles directly with DMG {ev.data[1]}"
    target, da, dt = ev.data
    return f"{w.card_name(state, ev)} (DMG {da}) battles {w.named(state, target, viewer, 'a Summon')} (DMG {dt})"


def _ev_declared(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    target = ev.data[0]
    what = "directly" if target == "direct" else w.named(state, target, viewer, "a Summon")
    return f"{w.does(state, ev.player, viewer, 'declare')} a battle: {w.card_name(state, ev)} against {what}"


def _ev_damage(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    n = ev.data[0]
    return f"{w.does(state, ev.player, viewer, 'lose')} {n} card{'s' if n != 1 else ''} from the deck"


def _ev_placed(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    col, tributed = ev.data
    return f"{w.does(state, ev.player, viewer, 'place')} {w.card_name(state, ev)} in column {col}"


def _ev_phase(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.whose(state, ev.player, viewer)} {PHASE_NAME.get(ev.data[0], 'next phase')} begins"


def _ev_cast(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    kind = INV_TYPE.get(ev.data[0], "")
    return f"{w.does(state, ev.player, viewer, 'cast')} the {kind} Invocation {w.card_name(state, ev)}".replace(
        "the  ", "the ")


def _ev_fizzle(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    source = w.card_name(state, ev) if ev.card >= 0 else "an effect"
    return f"{source} fizzles {w.named(state, ev.data[0], viewer, 'a play')}"


PhaktionzWords.EVENTS = {
    "activate": does_event("use", " {card}'s ability"),
    "attached": card_event("{card} is attached to {other}", other="a Summon"), "battle": _ev_battle,
    "battle_damage": card_event("{card} deals {data[0]} DMG to {player}"), "battle_declared": _ev_declared,
    "cast": _ev_cast,
    "combat": does_event("enter", " combat"), "create": does_event("create", " {card} from the Creation Pile"),
    "damage": _ev_damage, "deal": does_event("draw", " {data[0]} cards"), "demoted": card_event("{card} is demoted"),
    "exiled": card_event("{card} is exiled"), "first_player": does_event("go", " first"), "fizzle": _ev_fizzle,
    "fizzled": card_event("{card} fizzles: it has no effect"), "mull": does_event("set", " a card aside (mulligan)"),
    "mulligan": does_event("draw", " {data[0]} new cards for the mulligan"), "phase": _ev_phase, "placed": _ev_placed,
    "placed_by_demoting": card_event("{card} was placed by demoting"),
    "plagued": card_event("{card} gets a Plague counter (exiled after {data[0]} turns)"),
    "turn": does_event("begin", " turn {data[0]}"),
}
