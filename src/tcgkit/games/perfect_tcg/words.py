"""Perfect TCG in its rulebook's words: the Leader and its History, Wing and Support units, the five stages,
Energy, Armour, Stasis and battles with Boosts, Supports and defenders.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("perfect-tcg")
>>> state = rules.new_game(["Gandor", "Alchemy"], seed=4)
>>> rules.words.phase(state, state.current)
'Before the game - choose your Leader (a level 0 unit)'
"""

from __future__ import annotations

from tcgkit.core.actions import Action
from tcgkit.core.errors import Refusal, split_clause
from tcgkit.core.state import Event, GameState
from tcgkit.core.words import CardWords, Words, card_event, does_event
from tcgkit.games.perfect_tcg.model import SLOTS, WINGS, leader_level

ZONE_NAME = {"deck": "Deck", "hand": "Hand", "leader": "Leader", "history": "History", "wing_left": "left Wing",
             "wing_right": "right Wing", "support_left": "left Support", "support_right": "right Support",
             "boost": "Boost", "energy": "Energy", "lost": "Lost", "artefacts": "Artefact deck",
             "setup": "Leader choice", "defence": "defending", "casting": "being cast"}
STAGE = {"leader": "choice of Leaders", "refresh": "Refresh stage", "bonus": "Bonus stage",
         "level": "Level stage", "main": "Main stage", "war": "War stage", "support": "War stage: Supports",
         "defend": "War stage: the defence", "battle": "War stage: the battle", "turn_start": "Refresh stage"}
PASS_WORDS = {"bonus": "End the Bonus stage: go to the Level stage",
              "level": "End the Level stage: go to the Main stage",
              "main": "End the Main stage: go to the War stage"}
TYPE_NAME = {"unit": "Unit", "spell": "Spell", "boost": "Boost", "artefact": "Artefact"}
LOCKED = {"spell": "play Spells", "boost": "play Boosts", "activate": "activate effects",
          "energise": "energise cards", "heal": "heal", "level_up": "level up", "draw": "draw"}


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class PerfectTcgWords(Words):
    """Perfect TCG's words (rulebook: ``shared/rules/perfect-tcg.txt``)."""

    ZONES = ZONE_NAME
    BOARD = ("leader", "history", "wing_left", "wing_right", "support_left", "support_right", "boost", "defence",
             "casting", "hand", "setup", "deck", "energy", "lost", "artefacts")
    PHASES = STAGE
    STATS = {"power": "Power", "damage": "Damage", "level": "Level", "cost": "Cost"}
    STATUSES = {"stasis": "in Stasis", "mind_wiped": "Mind Wiped (no effect)", "negated": "its effect is negated",
                "shield": "shielded from the next damage this turn", "cannot_be_lost": "cannot be lost this turn",
                "above_level": "played above the Leader's level", "cannot_attack": "cannot attack",
                "chronicle": "chronicle counters", "weave": "weave counters", "lore": "lore counters"}
    CHOICES = {}
    INTERNAL = frozenset({"wing_left", "wing_right", "support_left", "support_right", "armour_used", "lock_spell",
                          "used0", "uses0"})
    SUMMARY = """Perfect TCG: your opponent loses when their deck runs out; or win by an Energy Victory (24 or more
Energy while your deck holds 5 to 10 cards); some cards win by their effect (King of Gandor).
Each player chooses a level 0 unit as Leader, shuffles and draws 7; a coin decides who starts.
A turn: Refresh stage (refresh your rested units and draw; or forgo the draw to end a Stasis), Bonus stage (play a
Boost), Level stage (level up: put a unit one level higher on your Leader, once per turn), Main stage (play units
at or below your Leader's level into the Wing and Support zones, cast Spells), War stage (attack).
War: your Leader and Wing units attack the opposing Leader or a Wing unit by resting; Support units behind add
their power; the defender may Boost, cast Spells and defend with a unit from hand below their Leader's level.
The higher Power wins; a tie defeats both. A losing Wing unit is destroyed; a losing Leader deals its owner the
winner's Damage: each damage moves the top card of the deck to the Energy zone. Energy pays for Spells, Boosts and
effects (spent cards go to the Lost zone). Armour reduces damage to your Leader."""

    # ------------------------------------------------------------------ turns and numbers
    def phase(self, state: GameState, viewer: int) -> str:
        if state.phase == "leader":
            return "Before the game - choose your Leader (a level 0 unit)"
        whose = "your" if state.active == viewer else f"{self.player(state, state.active, viewer)}'s"
        text = f"Turn {state.turn} - {whose} {self._look(self.PHASES, state.phase, 'stage')}"
        v = state.vars
        att, tgt = v.get("b_att", -1), v.get("b_tgt", -1)
        if state.phase in ("support", "defend", "battle") and att is not None and att >= 0 and tgt is not None \
                and tgt >= 0:
            text += f" ({self.named(state, att, viewer)} attacks {self.named(state, tgt, viewer)})"
        return text

    def numbers(self, state: GameState, player: int, viewer: int) -> list[tuple[str, str]]:
        rules = state.rules
        z = state.zones[player]
        lead = z["leader"]
        out = [("Leader level", str(state.defs[lead[-1]].stats.get("level", 0)) if lead else "none"),
               ("Cards in deck", str(len(z["deck"]))), ("Energy", str(len(z["energy"])))]
        lasting, decaying = rules.armour(state, player)
        if lasting or decaying:
            left = rules.armour_available(state, player)
            text = f"{left} this turn" + (f" ({decaying} decaying)" if decaying else "")
            out.append(("Armour", text))
        r = state.res[player]
        if r.get("prevent"):
            out.append(("Damage prevented", f"the next {r['prevent']} to the Leader this turn"))
        for what, key in (("spell", "lock_spell"), ("boost", "lock_boost"), ("activate", "lock_activate"),
                          ("energise", "lock_energise"), ("heal", "lock_heal"), ("level_up", "lock_level_up"),
                          ("draw", "lock_draw")):
            until = r.get(key)
            if until is not None and until >= state.turn:
                out.append(("Locked", f"cannot {LOCKED[what]} until the end of turn {until}"))
        return out

    # ------------------------------------------------------------------ cards
    def card(self, state: GameState, card: int, viewer: int) -> CardWords:
        rules = state.rules
        d = state.defs[card]
        zone = state.loc[card][1]
        kind = TYPE_NAME.get(d.type, d.type)
        if d.type == "unit" and zone in ZONE_NAME and zone in ("leader", *SLOTS):
            role = "Leader" if zone == "leader" else "Wing unit" if zone in WINGS else "Support unit"
            kind = f"Unit, {role}"
        if "guardian" in d.fields.get("keywords", ()) or "guardian" in d.tags:
            kind += " (Guardian)"
        stats: list[tuple[str, str]] = []
        if d.type == "unit":
            stats.append(("Level", str(d.stats.get("level", 0))))
            stats.append(("Power", str(rules.stat(state, card, "power"))))
            stats.append(("Damage", str(rules.stat(state, card, "damage"))))
        else:
            stats.append(("Cost", str(d.stats.get("cost", 0))))
        return CardWords(card, d.name, kind, tuple(stats), self.statuses(state, card), (), d.text)

    def statuses(self, state: GameState, card: int) -> tuple[str, ...]:
        st = state.cs.get(card)
        if st is None:
            return ()
        out = ["rested"] if st.tapped else []
        for k, v in st.status.items():
            if k == "since" or k.startswith(("used", "uses")):
                continue
            out.append(self.status_phrase(state, card, k, v))
        out.extend(self.counter_phrase(state, card, k, v) for k, v in st.counters.items())
        return tuple(out)

    def counter_phrase(self, state: GameState, card: int, counter: str, value: int) -> str:
        word = self._look(self.STATUSES, counter, "counter")
        return f"{value} {word[:-1] if value == 1 and word.endswith('s') else word}"

    # ------------------------------------------------------------------ actions
    def action(self, state: GameState, action: Action, viewer: int) -> str:
        rules = state.rules
        k, a = action.kind, action.args
        p = state.current
        if k == "leader":
            return f"Choose {state.defs[a[0]].name} as your Leader"
        if k == "draw":
            return "Draw a card"
        if k == "end_stasis":
            return f"Forgo your draw to end the Stasis of {self.named(state, a[0], viewer)}"
        if k == "pass":
            if state.phase in PASS_WORDS:
                return PASS_WORDS[state.phase]
            return "Pass"
        if k == "end":
            return "End the War stage and your turn"
        if k == "done":
            if state.phase == "support":
                return "No more Supports: on to the defence"
            if state.phase == "defend":
                return "Done: the battle resolves"
        if k == "boost":
            d = state.defs[a[0]]
            old = state.zones[p]["boost"]
            text = f"Play the Boost {d.name} for {str(d.stats.get('cost', 0)) + ' Energy'}"
            text += f", destroying {state.defs[old[0]].name}" if old else ""
            return text + (f": {d.text}" if d.text else "")
        if k == "cast":
            d = state.defs[a[0]]
            return f"Cast {d.name} for {str(d.stats.get('cost', 0)) + ' Energy'}" + (f": {d.text}" if d.text else "")
        if k == "level":
            d = state.defs[a[0]]
            return f"Level up: {d.name} (level {d.stats.get('level', 0)}) becomes your Leader; the old Leader goes " \
                   "to the History"
        if k == "play":
            d = state.defs[a[0]]
            where = ZONE_NAME.get(str(a[1]), "a zone") if len(a) > 1 else "a zone"
            return f"Play {d.name} (Power {d.stats.get('power', 0)}, Damage {d.stats.get('damage', 0)}) to your " \
                   f"{where} zone"
        if k == "retreat":
            return f"Retreat {state.defs[a[0]].name}: send it to the Lost zone"
        if k == "activate":
            d = state.defs[a[0]]
            return f"Use {d.name}'s effect: {d.effects[int(a[1])].text or d.text}"
        if k == "attack":
            att, tgt = a
            return f"{state.defs[att].name} (Power {rules.stat(state, att, 'power')}) attacks " \
                   f"{self._unit(state, tgt, viewer)} (Power {rules.stat(state, tgt, 'power')})"
        if k == "support":
            att = state.vars.get("b_att", -1)
            what = f" {state.defs[att].name}'s attack" if att is not None and att >= 0 else " the attack"
            return f"{state.defs[a[0]].name} supports{what}: +{rules.stat(state, a[0], 'power')} Power"
        if k == "defend":
            where = "from your hand" if state.loc[a[0]][1] == "hand" else "from its Wing zone"
            return f"Defend with {state.defs[a[0]].name} {where}: +{rules.stat(state, a[0], 'power')} Power"
        return super().action(state, action, viewer)

    def option(self, state: GameState, value: str) -> str:
        prompt = state.pending.prompt if state.pending is not None else ""
        if "Armour" in prompt and value.isdigit():
            return f"Use {value} Armour" if value != "0" else "Use no Armour"
        if value in ZONE_NAME:
            return f"The {ZONE_NAME[value]} zone"
        return value

    def chosen(self, state: GameState, card: int, viewer: int) -> str:
        return self._unit(state, card, viewer)

    def _unit(self, state: GameState, card: int, viewer: int) -> str:
        if not state.visible(card, viewer):
            return "a card"
        zone = state.loc[card][1]
        name = state.defs[card].name
        if zone in ("leader", *SLOTS):
            role = "Leader" if zone == "leader" else ZONE_NAME[zone] + " unit"
            return f"{self.whose(state, state.owner[card], viewer)} {role} {name}"
        return name

    def word(self, arg: str) -> str:
        return ZONE_NAME.get(arg) or super().word(arg)

    # ------------------------------------------------------------------ refusals
    def explain(self, state: GameState, action: Action) -> Refusal:
        k, a = action.kind, action.args
        known = {"leader", "draw", "end_stasis", "pass", "end", "done", "boost", "cast", "level", "play", "retreat",
                 "activate", "attack", "support", "defend", "option", "choose", "first", "yes", "no"}
        if k not in known:
            return Refusal(f"there is no action {k!r} in Perfect TCG", None)
        if k == "defend" and state.phase == "defend" and a and type(a[0]) is int:
            return self._defend(state, a[0])
        r = split_clause(state.rules.explain_illegal(state, action))
        if r.clause:
            why = r.why
            for key, name in ZONE_NAME.items():
                why = why.replace(f"{key} is not empty", f"your {name} zone is not empty")
            return Refusal(why, r.clause)
        p = state.current
        ph = state.phase
        if r.why == "that card is not yours":
            return Refusal("that card is not yours: you play and use only your own cards", "PTCG-ULT-06")
        if ph == "leader":
            return Refusal("choose a level 0 unit of your deck as your Leader", "PTCG-SETUP-01")
        if ph == "refresh":
            return Refusal("in the Refresh stage you draw, or forgo the draw to end a Stasis", "PTCG-TURN-02")
        card = a[0] if a and type(a[0]) is int else -1
        if k in ("play", "cast", "boost", "level", "retreat", "activate", "attack", "support", "defend") and card < 0:
            return Refusal(f"name the card: {k} followed by a card", None)
        stage_of = {"boost": ("bonus", "defend"), "level": ("level",), "play": ("main",), "attack": ("war",),
                    "support": ("support",), "defend": ("defend",), "cast": ("main", "defend")}
        if k in stage_of and ph not in stage_of[k]:
            clause = {"boost": "PTCG-TURN-04", "level": "PTCG-TURN-05", "play": "PTCG-TURN-06",
                      "cast": "PTCG-TURN-06", "attack": "PTCG-WAR-01", "support": "PTCG-ROLE-09",
                      "defend": "PTCG-WAR-08"}[k]
            stages = " or ".join(STAGE[s] for s in stage_of[k])
            return Refusal(f"not in the {STAGE.get(ph, 'stage')}: that is done in the {stages}", clause)
        if card >= 0:
            d = state.defs[card]
            zone = state.loc[card][1]
            if k in ("play", "cast", "boost", "level") and zone != "hand":
                return Refusal(f"{d.name} is not in your hand", "PTCG-TURN-06")
            if k == "boost" and d.stats.get("cost", 0) > len(state.zones[p]["energy"]):
                return Refusal(f"{d.name} costs {str(d.stats['cost']) + ' Energy'} and you have "
                               f"{len(state.zones[p]['energy'])}", "PTCG-CARD-08")
            if k == "play" and d.type != "unit":
                return Refusal(f"{d.name} is a {TYPE_NAME.get(d.type, d.type)}, not a unit", "PTCG-TURN-06")
            if k == "play":
                return Refusal("play a unit into an empty Wing or Support zone", "PTCG-ROLE-03")
            if k == "support":
                return Refusal("a refreshed Support unit behind the attacker supports it", "PTCG-ROLE-09")
            if k == "defend":
                return self._defend(state, card)
            if k == "attack":
                return Refusal("your refreshed Leader and Wing units attack the opposing Leader or Wing units",
                               "PTCG-WAR-02")
            if k == "retreat":
                return Refusal("only a Support unit retreats", "PTCG-ZONE-05")
        if k == "end" or (k == "pass" and ph in ("war", "support", "defend")):
            return Refusal(f"that is not how the {STAGE.get(ph, 'stage')} ends", "PTCG-TURN-01")
        return Refusal("that is not one of your possible actions now", "PTCG-TURN-01")

    def _defend(self, state: GameState, card: int) -> Refusal:
        """Why ``card`` cannot defend: one defender per attack, from hand below the Leader's level, from the Wing
        zone only a Guardian (PTCG-WAR-08, PTCG-TERM-15)."""
        d = state.defs[card]
        p = state.current
        if state.vars.get("b_def", -1) >= 0:
            return Refusal("a defender is already chosen: one defender per attack", "PTCG-WAR-08")
        if state.owner[card] != p:
            return Refusal(f"{d.name} is not yours: you defend with your own units", "PTCG-WAR-08")
        zone = state.loc[card][1]
        if d.type != "unit":
            return Refusal(f"{d.name} is not a unit: only a unit defends", "PTCG-WAR-08")
        if zone == "hand":
            lvl = leader_level(state, p)
            return Refusal(f"{d.name} is level {d.stats.get('level', 0)}: a defender from hand must be below your "
                           f"Leader's level ({lvl})", "PTCG-WAR-08")
        if zone in WINGS:
            return Refusal(f"{d.name} is not a Guardian: only a Guardian defends from its Wing zone", "PTCG-TERM-15")
        return Refusal(f"{d.name} cannot defend from the {ZONE_NAME.get(zone, 'zone')}: defenders come from your "
                       "hand (or a Guardian from its Wing zone)", "PTCG-WAR-08")

    # ------------------------------------------------------------------ the end and the log
    def result_reason(self, state: GameState, viewer: int, names=None) -> str:
        r = state.result
        if r is None:
            return ""
        if r.clause == "PTCG-WIN-01" and r.winner is not None:
            loser = self.player(state, 1 - r.winner, viewer, names)
            return f"{loser} ran out of cards"
        return r.reason

    def silent(self, state: GameState, ev: Event) -> bool:
        if ev.kind == "move":
            fz, tz = ev.data[1], ev.data[3]
            return not (fz == "deck" and tz == "hand")
        return ev.kind in self.SILENT_EVENTS




def _other(template: str, fallback: str = "a card"):
    def f(w: Words, state: GameState, ev: Event, viewer: int) -> str:
        other = ev.data[0] if ev.data and type(ev.data[0]) is int else -1
        return template.format(card=w.card_name(state, ev), other=w.named(state, other, viewer, fallback),
                               who=w.who(state, ev.player, viewer))
    return f


def _ev_battle(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    a, d, outcome, tgt = ev.data
    target = w.named(state, tgt, viewer, "its target")
    if outcome == "no battle":
        return f"the battle of {w.card_name(state, ev)} and {target} does not happen: one of them left"
    result = {"attacker": f"{w.card_name(state, ev)} wins", "target": f"{target} wins",
              "tie": "a tie: both are defeated"}.get(outcome, outcome)
    return f"battle: {w.card_name(state, ev)} (Power {a}) against {target} (Power {d}): {result}"


def _ev_damage(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    n, to = ev.data
    what = "to the Leader" if to == "leader" else "directly"
    return f"{w.does(state, ev.player, viewer, 'take')} {n} damage {what}: {_n(n, 'card')} from the deck to Energy"


def _ev_prevented(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    what = ev.data[0] if ev.data else ""
    card = w.card_name(state, ev) if ev.card >= 0 else "it"
    text = {"damage": f"the damage to {card} is prevented", "lose": f"{card} cannot be lost",
            "destroy": f"{card} is a Leader: it cannot be destroyed",
            "energise": f"{w.who(state, ev.player, viewer)} cannot energise"}.get(what)
    return text or f"{card}: prevented"


def _ev_lock(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    what, until = ev.data
    return f"{w.who(state, ev.player, viewer)} cannot {LOCKED.get(what, what)} until the end of turn {until}"


def _ev_armour(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    n, key = ev.data
    kind = "decaying Armour" if key == "decaying" else "Armour"
    return f"{w.does(state, ev.player, viewer, 'gain')} {n} {kind}"


def _ev_armour_used(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    n, _ = ev.data
    return f"{w.does(state, ev.player, viewer, 'use')} {n} Armour"


def _ev_zone(template: str):
    def f(w: Words, state: GameState, ev: Event, viewer: int) -> str:
        zone = ZONE_NAME.get(str(ev.data[0]), "a zone") if ev.data else "a zone"
        return template.format(card=w.card_name(state, ev), zone=zone)
    return f


def _ev_level_up(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    old, lvl = ev.data
    return f"{w.does(state, ev.player, viewer, 'level')} up: {w.card_name(state, ev)} (level {lvl}) leads, " \
           f"{w.named(state, old, viewer, 'the old Leader')} joins the History"


def _ev_level_down(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    new, lvl = ev.data
    return f"{w.does(state, ev.player, viewer, 'level')} down: {w.card_name(state, ev)} is lost, " \
           f"{w.named(state, new, viewer, 'the next Leader')} (level {lvl}) leads"


def _ev_prevent(w: Words, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.whose(state, ev.player, viewer)} Leader takes {ev.data[0]} less damage this turn"


PerfectTcgWords.EVENTS = {
    "activate": does_event("use", " {card}'s effect"), "armour": _ev_armour, "armour_used": _ev_armour_used,
    "attack": _other("{card} attacks {other}"), "battle": _ev_battle,
    "battle_won": _other("{card} defeats {other}"), "boost": does_event("play", " the Boost {card}"),
    "cast": does_event("cast", " {card}"), "coin": card_event("the coin decides: {who} first", verb="go"),
    "damage": _ev_damage,
    "damaged": card_event("{card} takes {data[0]} damage"), "defend": _other("{card} defends {other}"),
    "destroyed": card_event("{card} is destroyed"),
    "energise": does_event("energise", " {data[0]} card(s)"),
    "excavate": _ev_zone("{card} is excavated to the {zone} zone"),
    "forgo_draw": card_event("the draw is forgone: {card} leaves Stasis"),
    "heal": does_event("heal", " {data[0]} card(s): back from the Lost zone into the deck"),
    "level_down": _ev_level_down, "level_up": _ev_level_up, "lock": _ev_lock,
    "lost": _ev_zone("{card} is lost from the {zone} zone"), "mind_wipe": card_event("{card} is Mind Wiped"),
    "negated": card_event("{card}'s effect is negated"), "prevent": _ev_prevent,
    "prevented": _ev_prevented, "put_into_play": _ev_zone("{card} is put into play in the {zone} zone"),
    "refresh": card_event("{card} is refreshed"), "remove": does_event("lose", " {data[0]} Energy (removed)"),
    "rest": card_event("{card} rests"), "retreat": card_event("{card} retreats to the Lost zone"),
    "sacrifice": card_event("{card} is sacrificed for {data[0]} Power"),
    "stasis": card_event("{card} goes into Stasis"),
    "stasis_ended": card_event("{card} leaves Stasis"), "support": _other("{card} supports {other}"),
    "turn_end": does_event("end", " turn {data[0]}"), "turn_start": does_event("begin", " turn {data[0]}"),
    "win_claim": does_event("meet", " a winning condition: {data[0]}"),
}
