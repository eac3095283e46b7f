"""TGC in its rulebook's words: Heathshards, plasma, the five phases, Open and Closed gamestates, battles.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgc")
>>> state = rules.new_game(list(rules.decks())[:2], seed=1)
>>> rules.words.numbers(state, 0, 0)[0]
('Heathshards (HS)', '20')
"""

from __future__ import annotations

from tcgkit.core.actions import Action
from tcgkit.core.errors import Refusal
from tcgkit.core.state import Event, GameState
from tcgkit.core.words import CardWords, Words, card_event, does_event
from tcgkit.games.tgc import verbs

GAMESTATE = {"play": "Open Play", "battle": "Open Battle", "quick": "Open Quick", "closed": "Closed",
             "block": "Closed, a block choice"}
TYPE_NAME = {"creature": "Creature", "equipment": "Equipment", "instant": "Instant", "event": "Event",
             "battlefield": "Battlefield", "artifact": "Artifact", "hex": "Hex"}
PHASE_NAME = {"mulligan": "mulligan", "draw": "Draw Phase", "standby": "Standby Phase", "play": "Play Phase",
              "battle": "Battle Phase", "end": "End Phase", "setup": "setup"}
#: marks that are not statuses a person needs (the keyword they go with is told).
QUIET_STATUS = frozenset({"clockwork_copy", "destroyed"})  # destroyed: how a card reached the discard pile


class TgcWords(Words):
    """TGC's words (rulebook: ``shared/rules/tgc.txt``)."""

    ZONES = {"deck": "Deck", "hand": "Hand", "mulligan": "mulligan pile (face down)", "field": "Field",
             "equip": "Equipment", "bf": "Battlefield", "artifacts": "Artifacts", "stack": "cards resolving",
             "discard": "Discard Pile"}
    BOARD = ("bf", "field", "equip", "artifacts", "stack", "hand", "mulligan", "deck", "discard")
    NUMBERS = {"hs": "Heathshards (HS)", "plasma": "Plasma"}
    PHASES = PHASE_NAME
    STATS = {"cost": "Summon Cost", "power": "Power", "resolve": "Resolve"}
    STATUSES = {"stasis": "in Stasis", "doomed": "destroyed at the end of the turn", "locked": "does not untap",
                "bf_shield": "takes no Battlefield damage", "cost_up": "raises the cost of cards",
                "hivemind": "Hivemind shield (the next damage is ignored)", "nullified": "its effects are nullified"}
    CHOICES = {"t": "choose the target", "keep": "choose the card to keep", "faction": "choose a faction",
               "who": "choose a player", "ctype": "choose a card type", "back": "choose the card to take back",
               "bf": "choose a Battlefield card", "fallen": "choose a destroyed card",
               "shown": "choose the card to show", "tribute": "choose the cards to destroy for the Tribute"}
    INTERNAL = frozenset({"hs", "temp", "gs", "dn", "qacts", "faction=", "no:", "bf"})
    SUMMARY = """TGC: bring your opponent's Heathshards (HS) from 20 to 0.
Setup: a coin toss decides who goes first; each player draws 5 and may swap up to 3 cards (face down, 1 for 1).
The second player keeps the coin on heads: once, in their Play Phase, Flip Coin gives +1 plasma for that turn.
A turn has five phases: Draw (plasma = the number of your Draw Phases, draw 1, untap), Standby, Play, Battle, End.
In the Play Phase (Open Play) you play cards paying their Summon Cost in plasma (creatures enter tapped;
Equipment attaches to a creature and adds its Power and Resolve), activate effects, Flip Coin or Pass Phase.
In the Battle Phase (Open Battle) Declare Battle with an untapped creature: a direct attack (the defender may
block with an untapped creature) deals its Power to HS; a creature attack makes both deal their Power to each
other. A creature whose Resolve reaches 0 is destroyed.
After each action an Open Quick gamestate lets players answer with Instants and Quick effects; Do Nothing
passes it on, and twice in a row the gamestate defaults (the pending phase change or attack goes on)."""

    # ------------------------------------------------------------------ turns and numbers
    def phase(self, state: GameState, viewer: int) -> str:
        whose = "your" if state.active == viewer else f"{self.player(state, state.active, viewer)}'s"
        name = self._look(self.PHASES, state.phase, "phase")
        if state.phase == "mulligan":
            return f"Before the game - the {name}"
        gs = state.vars.get("gs", "closed")
        holder = "you decide" if state.current == viewer else f"{self.player(state, state.current, viewer)} decides"
        text = f"Turn {state.turn} - {whose} {name}, {self._look(GAMESTATE, gs, 'gamestate')} ({holder})"
        pend = state.vars.get("pend")
        if pend == "phase":
            text += "; the phase ends at the next default"
        elif isinstance(pend, tuple) and pend:
            attacker = self.named(state, pend[1], viewer, "a creature")
            if pend[0] == "direct":
                text += f"; {attacker} attacks {self.player(state, 1 - state.owner[pend[1]], viewer)} directly"
            elif len(pend) > 2:
                text += f"; {attacker} attacks {self.named(state, pend[2], viewer, 'a creature')}"
        return text

    def numbers(self, state: GameState, player: int, viewer: int) -> list[tuple[str, str]]:
        r = state.res[player]
        plasma = str(r.get("plasma", 0))
        if r.get("temp"):
            plasma += f" (+{r['temp']} this turn)"
        out = [("Heathshards (HS)", str(r.get("hs", 0))), ("Plasma", plasma)]
        coin = state.vars.get("coin")
        if coin and coin[0] == player:
            out.append(("Coin", "heads: Flip Coin for +1 plasma" if coin[1] == "heads" else "tails (used)"))
        if state.phase != "mulligan" and r.get("mulligans"):
            out.append(("Mulligans", str(r["mulligans"])))
        return out

    # ------------------------------------------------------------------ cards
    def keywords(self, state: GameState, card: int) -> list[str]:
        """The keywords a card has now (printed, granted, from Equipment), as written on cards."""
        d = state.defs[card]
        kws = [k.replace(":", " to ") if k.startswith("Immunity:") else k.replace(":", ": ")
               for k in d.fields.get("kw", ())]
        st = state.cs.get(card)
        if st is not None:
            for eq in st.attached:
                kws.extend(g.partition("@")[0] for g in state.defs[eq].fields.get("grants", ()))
        return list(dict.fromkeys(k for k in kws if verbs.has_kw(state, card, k.partition(":")[0]) or ":" in k))

    def card(self, state: GameState, card: int, viewer: int) -> CardWords:
        d = state.defs[card]
        f = d.fields
        kind = self._look(TYPE_NAME, d.type, "card type")
        subtypes = ", ".join(f.get("subtypes", ()))
        if subtypes:
            kind += f" - {subtypes}"
        fac = verbs.faction(state, card)
        if fac:
            kind += f" ({fac})"
        zone = state.loc[card][1]
        stats: list[tuple[str, str]] = []
        if d.type in ("creature", "equipment"):
            power = state.rules.stat(state, card, "power")
            resolve = state.rules.stat(state, card, "resolve")
            st = state.cs.get(card)
            dmg = st.counters.get("damage", 0) if st is not None else 0
            stats.append(("Power", str(power)))
            stats.append(("Resolve", f"{resolve} of {resolve + dmg}" if zone == "field" else str(resolve)))
        if zone in ("hand", "deck", "discard", "mulligan", ""):
            stats.append(("Summon Cost", str(f.get("cost", 0))))
        kws = self.keywords(state, card) if d.type == "creature" else []
        if kws:
            stats.append(("Keywords", ", ".join(kws)))
        st = state.cs.get(card)
        attached = tuple(self.named(state, a, viewer) for a in st.attached) if st is not None else ()
        return CardWords(card, d.name, kind, tuple(stats), self.statuses(state, card), attached, d.text)

    def statuses(self, state: GameState, card: int) -> tuple[str, ...]:
        st = state.cs.get(card)
        if st is None:
            return ()
        out = ["tapped"] if st.tapped else []
        for k, v in st.status.items():
            if k not in QUIET_STATUS:
                out.append(self.status_phrase(state, card, k, v))
        for k, v in st.counters.items():
            if k != "damage":
                out.append(self.counter_phrase(state, card, k, v))
        if st.host >= 0 and state.loc[card][1] == "equip":
            out.append(f"equipped to {state.defs[st.host].name}")
        return tuple(out)

    def duration(self, state: GameState, value: int) -> str:
        """A status value: -1 this turn, 1 for good, 10+N while card N stays on the board."""
        if value == -1:
            return " until the end of the turn"
        if value >= 10 and value - 10 < len(state.defs):
            return f" while {state.defs[value - 10].name} stays on the board"
        return ""

    def status_phrase(self, state: GameState, card: int, status: str, value: int) -> str:
        if status == "held_by":
            return "held tapped by an effect" if value else "held tapped"
        if status.startswith("no:"):
            return f"has lost {status[3:]}"
        if status.startswith("faction="):
            return f"belongs to the {status[8:]} faction"
        if status.partition(":")[0] in verbs_keywords():  # a keyword, with its parameter ("Immunity to Demons")
            from tcgkit.games.tgc.grammar import keyword_words

            return f"has {keyword_words(status)}" + (self.duration(state, value) if value else "")
        return self._look(self.STATUSES, status, "status") + (self.duration(state, value) if value else "")

    def counter_phrase(self, state: GameState, card: int, counter: str, value: int) -> str:
        if counter == "damage":
            return f"{value} damage"
        if counter == "ticks":  # Disco Inferno: the turns it has been tapped
            return f"tapped for {value} turn" + ("" if value == 1 else "s")
        return self._look(self.STATUSES, counter, "counter")

    # ------------------------------------------------------------------ actions
    def effect_text(self, state: GameState, card: int, index: int) -> str:
        d = state.defs[card]
        eff = d.effects[index]
        return eff.text or d.text or "its effect"

    def action(self, state: GameState, action: Action, viewer: int) -> str:
        k, a = action.kind, action.args
        p = state.current
        rules = state.rules
        if k == "keep":
            return "Keep your hand and finish the mulligan"
        if k == "mulligan":
            left = 3 - rules.swaps_made(state, p)
            return f"Mulligan {self.named(state, a[0], viewer)}: put it face down aside and draw 1 " \
                   f"({left} swap{'s' if left != 1 else ''} left)"
        if k == "do_nothing":
            if state.vars.get("dn", 0) >= 1:
                pend = state.vars.get("pend")
                then = "the phase ends" if pend == "phase" else "the attack goes on" if pend else \
                    "the phase's own gamestate opens"
                return f"Do Nothing: the gamestate defaults ({then})"
            return f"Do Nothing: {self.player(state, 1 - p, viewer)} may answer"
        if k == "pass_phase":
            return f"Pass Phase: end the {self._look(self.PHASES, state.phase, 'phase')} (after a last Open Quick)"
        if k == "flip_coin":
            return "Flip Coin: +1 plasma this turn (once per game)"
        if k == "surrender":
            return "Surrender: you lose the game"
        if k == "play":
            return self._play(state, a, viewer)
        if k == "activate":
            card, i = a[0], int(a[1])
            eff = state.defs[card].effects[i]
            cost = []
            if eff.params.get("tap"):
                cost.append("tap it")
            if eff.params.get("plasma"):
                cost.append(f"{eff.params['plasma']} plasma")
            if eff.params.get("hs"):
                cost.append(f"{eff.params['hs']} HS")
            paid = f" (pay: {', '.join(cost)})" if cost else ""
            return f"Activate {state.defs[card].name}{paid}: {self.effect_text(state, card, i)}"
        if k == "attack":
            att = a[0]
            power = rules.stat(state, att, "power")
            if len(a) < 2:
                return f"Declare Battle: {state.defs[att].name} attacks {self.player(state, 1 - p, viewer)} " \
                       f"directly ({power} damage to HS unless blocked)"
            d = a[1]
            return f"Declare Battle: {state.defs[att].name} ({power} Power) attacks {state.defs[d].name} " \
                   f"({rules.stat(state, d, 'power')} Power, {rules.stat(state, d, 'resolve')} Resolve)"
        if k == "block":
            pend = state.vars.get("pend") or ("", -1)
            attacker = self.named(state, pend[1], viewer, "the attacker")
            return f"Block {attacker} with {state.defs[a[0]].name}: they fight instead"
        if k == "no_block":
            pend = state.vars.get("pend") or ("", -1)
            dmg = rules.stat(state, pend[1], "power") if pend[1] >= 0 else 0
            return f"Do not block: {dmg} damage to your Heathshards"
        return super().action(state, action, viewer)

    def word(self, arg: str) -> str:
        return TYPE_NAME.get(arg) or super().word(arg)

    def _play(self, state: GameState, a: tuple, viewer: int) -> str:
        card = a[0]
        d = state.defs[card]
        p = state.current
        cost = state.rules.card_cost(state, p, card)
        pay = f"for {cost} plasma"
        if d.type == "creature" and len(a) == 3 and a[1] == "tribute":
            what, n = state.rules.tributes_of(state, card)
            paid = max(1, cost - int(a[2]) * n)
            return f"Play {d.name} for {paid} plasma, destroying {a[2]} {what} of yours (Tribute)"
        if d.type == "creature":
            return f"Play {d.name} {pay} (it enters tapped)"
        if d.type == "hex" and len(a) > 1:
            return f"Play the Hex {d.name} on {self.whose(state, state.owner[a[1]], viewer)} " \
                   f"{state.defs[a[1]].name} {pay}"
        if d.type == "equipment" and len(a) > 1:
            host = a[1]
            side = "your" if state.owner[host] == p else f"{self.whose(state, state.owner[host], viewer)}"
            bonus = f"{d.stats.get('power', 0):+d} Power, {d.stats.get('resolve', 0):+d} Resolve"
            return f"Play {d.name} on {side} {state.defs[host].name} {pay} ({bonus})"
        if d.type == "battlefield":
            old = state.zones[p]["bf"]
            text = f"Play the Battlefield {d.name} {pay}"
            return text + (f", destroying {state.defs[old[0]].name}" if old else "")
        return f"Play {d.name} {pay}" + (f": {d.text}" if d.text else "")

    # ------------------------------------------------------------------ refusals
    def explain(self, state: GameState, action: Action) -> Refusal:
        k, a = action.kind, action.args
        p = state.current
        gs = state.vars.get("gs")
        known = {"keep", "mulligan", "do_nothing", "pass_phase", "flip_coin", "play", "activate", "attack", "block",
                 "no_block", "surrender", "choose", "option", "yes", "no", "done", "first"}
        if k not in known:
            return Refusal(f"there is no action {k!r} in TGC", "TGC-2.4")
        if state.phase == "mulligan":
            if k == "mulligan":
                if state.rules.swaps_made(state, p) >= 3:
                    return Refusal("at most three cards are swapped in the mulligan", "TGC-1.5.1")
                return Refusal("mulligan a card of your hand", "TGC-1.5.1")
            return Refusal("during the mulligan you swap a card of your hand or keep", "TGC-1.5")
        if k == "surrender":
            return Refusal("Surrender is not offered as an action in this game (option surrender_action)",
                           "TGC-2.1.a")
        if gs == "block":
            return Refusal("the defending player chooses a blocker or not to block", "TGC-4.1")
        if k in ("block", "no_block"):
            return Refusal("blocks are chosen only against a direct attack", "TGC-4.1")
        if k == "mulligan" or k == "keep":
            return Refusal("the mulligan is only at the start of the game", "TGC-1.5")
        gsn = self._look(GAMESTATE, gs or "closed", "gamestate")
        card = a[0] if a and type(a[0]) is int else -1
        if k in ("play", "activate", "attack") and card < 0:
            return Refusal(f"name the card: {k} followed by a card", "TGC-2.4")
        if k == "play":
            d = state.defs[card]
            if state.loc[card][1] != "hand" or state.owner[card] != p:
                return Refusal(f"{d.name} is not in your hand", "TGC-3.3.1")
            if gs != "play" and d.type != "instant":
                return Refusal(f"only Instants are played in an {gsn} gamestate", "TGC-2.4.2.a.x")
            cost = state.rules.card_cost(state, p, card)
            if cost > state.rules.available_plasma(state, p):
                return Refusal(f"{d.name} costs {cost} plasma and you have {state.rules.available_plasma(state, p)}",
                               "TGC-3.3.1.1")
            if d.type == "equipment":
                return Refusal("Equipment is played on a creature it can equip", "TGC-3.3.1.2")
            return Refusal(f"{d.name} cannot be played now: its play condition does not hold", "TGC-3.3.1")
        if k == "activate":
            return Refusal(f"{state.defs[card].name} has no effect you can activate now (its timing, cost or "
                           "trigger window)", "TGC-3.4.1")
        if k == "attack":
            d = state.defs[card]
            if gs != "battle":
                return Refusal("Declare Battle only in the Open Battle gamestate of your Battle Phase", "TGC-2.4.2")
            if state.owner[card] != p or state.loc[card][1] != "field":
                return Refusal(f"{d.name} is not one of your creatures on the field", "TGC-3.5.1")
            st = state.cs.get(card)
            if st is not None and st.tapped:
                return Refusal(f"{d.name} is tapped: only an untapped creature attacks", "TGC-3.5.1")
            if not state.rules.can_attack(state, card):
                return Refusal(f"{d.name} cannot attack (Blocker or Stasis)", "TGC-3.5.1")
            return Refusal("that target cannot be attacked (a Taunt creature must be, Asimov...)", "TGC-3.5.2")
        if k == "flip_coin":
            return Refusal("Flip Coin only with the coin on heads, in your Open Play gamestate", "TGC-3.6.1")
        if k == "pass_phase":
            if gs == "battle":
                return Refusal("a Fury creature that can attack must attack before the Battle Phase ends", "TGC-0.2")
            return Refusal(f"Pass Phase is not an action of the {gsn} gamestate", "TGC-2.4")
        if k == "do_nothing":
            return Refusal(f"Do Nothing is an action of an Open Quick gamestate, not of {gsn}", "TGC-2.4.3")
        if gs == "closed":
            return Refusal("the gamestate is Closed: no player may act", "TGC-2.1")
        return Refusal(f"that is not an action of the {gsn} gamestate now", "TGC-2.4")

    # ------------------------------------------------------------------ the end
    def result_reason(self, state: GameState, viewer: int, names=None) -> str:
        r = state.result
        if r is None:
            return ""
        loser = None if r.winner is None else 1 - r.winner
        who = self.player(state, loser, viewer, names) if loser is not None else ""
        if r.clause == "TGC-1.12.1":
            return f"{who} {'have' if who == 'you' else 'has'} 0 Heathshards"
        if r.clause == "TGC-2.1.a":
            return f"{who} surrendered"
        return r.reason

    def silent(self, state: GameState, ev: Event) -> bool:
        if ev.kind == "move":
            fz, tz = ev.data[1], ev.data[3]
            return not (fz == "deck" and tz == "hand") and tz in ("field", "equip", "bf", "artifacts", "discard",
                                                                  "stack")
        return ev.kind in self.SILENT_EVENTS


def verbs_keywords() -> frozenset[str]:
    from tcgkit.games.tgc.model import KEYWORDS, TIMING_KEYWORDS

    return KEYWORDS | TIMING_KEYWORDS


# ---------------------------------------------------------------------------------------------- events




def _ev_attack(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    target = ev.data[0]
    if target < 0:
        return f"{w.card_name(state, ev)} attacks {w.who(state, 1 - ev.player, viewer)} directly"
    return f"{w.card_name(state, ev)} attacks {w.named(state, target, viewer, 'a creature')}"


def _ev_phase(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.whose(state, ev.player, viewer)} {PHASE_NAME.get(ev.data[0], 'next phase')} begins"


def _ev_to_hand(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    card = w.card_name(state, ev) if ev.card >= 0 else "a card"
    return f"{card} returns to {w.whose(state, ev.player, viewer)} hand"


def _ev_shown(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    if ev.private == viewer:
        key = ev.data[0]
        name = next((d.name for d in state.defs if d.key == key), "a card")
        return f"you are shown {name}"
    return f"{w.does(state, ev.player, viewer, 'see')} a card"


def _ev_negate(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.does(state, ev.player, viewer, 'negate')} the destruction of " \
           f"{w.named(state, ev.data[0], viewer, 'a card')} with {w.card_name(state, ev)}"


def _ev_fizzle(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    kind = "direct attack" if ev.data and ev.data[0] == "direct" else "attack"
    return f"the {kind} of {w.card_name(state, ev) if ev.card >= 0 else 'a creature'} does not happen: " \
           "the attacker left the field or cannot attack"


def _ev_coin(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.does(state, ev.player, viewer, 'keep')} the coin, on heads"


def _ev_resource(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    key, value = ev.data[0], ev.data[-1]
    if key == "temp":
        return f"{w.whose(state, ev.player, viewer)} plasma for this turn: +{value}"
    label = {"hs": "Heathshards", "plasma": "plasma"}.get(key) or w._look({}, key, "number")
    return f"{w.whose(state, ev.player, viewer)} {label}: now {value}"


TgcWords.EVENTS = {
    "resource": _ev_resource,
    "activate": card_event("{who} {card}'s effect", verb="activate"), "attack": _ev_attack,
    "block": card_event("{card} blocks {other}", other="the attacker"), "coin": _ev_coin,
    "coin_flip": card_event("a coin flip shows {data[0]}"),
    "coin_toss": card_event("the coin toss shows {data[0]}: {who} first", verb="go"),
    "damage": card_event("{card} takes {data[0]} damage"),
    "damage_player": does_event("take", " {data[0]} damage to Heathshards"),
    "deal": does_event("draw", " {data[0]} cards"), "destroyed": card_event("{card} is destroyed"),
    "discarded": card_event("{card} is discarded"),
    "do_nothing": does_event("do", " nothing"), "end_turn": does_event("end", " the turn"),
    "equipped": card_event("{card} is equipped to {other}", other="a creature"),
    "flip_coin": does_event("flip", " the coin to tails: +1 plasma this turn"),
    "heal_player": does_event("gain", " {data[0]} Heathshards"),
    "hivemind": card_event("{card}'s Hivemind ignores the damage"),
    "mulligan": does_event("swap", " a card in the mulligan"),
    "mulligan_count": does_event("have", " swapped {data[0]} cards in the mulligan"),
    "mulligan_return": does_event("shuffle", " {data[0]} swapped cards back into the deck"),
    "no_block": does_event("do", " not block"), "pass_phase": does_event("pass", " the phase"), "phase": _ev_phase,
    "plasma": does_event("have", " {data[0]} plasma"), "play": card_event("{who} {card}", verb="play"),
    "reset_resolve": card_event("{card}'s Resolve is reset"), "summoned": card_event("{card} enters the field"),
    "surrender": does_event("surrender"), "tap": card_event("{card} is tapped"),
    "targeted": card_event("{card} is targeted by {other}", other="an effect"),
    "to_hand": _ev_to_hand, "turn": does_event("begin", " turn {data[0]}"), "untap": card_event("{card} is untapped"),
    "shown": _ev_shown, "negate": _ev_negate, "fizzle": _ev_fizzle,
}
