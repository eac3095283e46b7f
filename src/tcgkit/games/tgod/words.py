"""The Guardians of Destiny in its rulebook's words: Base Armor, Main and Backup Creatures, Battle Stars,
Equipment and Power cards, primary, secondary and normal turns.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> state = rules.new_game(["Guardian Wall", "Knight Order"], seed=3)
>>> rules.words.phase(state, state.active)
'Turn 1 (a primary turn) - your turn; steps left: Main Creature, equip, end'
"""

from __future__ import annotations

from tcgkit.core.actions import Action
from tcgkit.core.errors import Refusal, split_clause
from tcgkit.core.state import Event, GameState
from tcgkit.core.words import CardWords, Words, card_event, does_event

#: the core's reasons, when the game's rules have no better one (the words then say which rule it is)
GENERIC = ("not a legal action", "not one of your choices", "that is not one of the moves")

TYPE_NAME = {"creature": "Creature", "equipment": "Equipment", "base_armor": "Base Armor", "power": "Power"}
ZONE_ROLE = {"main": "Main Creature", "backup": "Backup Creature", "base": "Base Armor", "power": "Power card"}
STEP_WORDS = {1: "Main Creature", 2: "Backup Creature", 3: "equip", 4: "abilities", 5: "Power card", 6: "attack"}
TURN_WORDS = {"primary": "a primary turn", "secondary": "a secondary turn", "normal": "a normal turn"}


def _turns(n: int) -> str:
    return f"{n} more turn{'s' if n != 1 else ''}"


class TgodWords(Words):
    """TGOD's words (rulebook: ``shared/rules/tgod.txt``)."""

    YES = "Yes, use the ability"
    ZONES = {"deck": "Deck", "hand": "Hand", "main": "Main Creature", "backup": "Backup Creatures",
             "base": "Base Armor", "discard": "Discard Pile", "power": "Power card zone", "equipped": "Equipment"}
    BOARD = ("base", "main", "backup", "power", "equipped", "hand", "deck", "discard")
    PHASES = {"play": "turn", "battle": "battle", "switch": "switch of Main Creatures", "setup": "setup"}
    STATS = {"attack": "A", "defense": "D", "hp": "HP", "stars": "Battle Stars", "lasts": "lasts"}
    STATUSES = {"paralyzed": "paralyzed"}
    CHOICES = {"heal which card?": "choose the card to heal", "paralyze which Backup?":
               "choose the opposing Backup Creature to paralyze"}
    INTERNAL = frozenset({"atk_turn", "atk_n", "stars_used", "turns_left", "base", "backup", "main", "power"})
    SUMMARY = """The Guardians of Destiny: destroy your opponent's Base Armor.
Each player has a Base Armor (it attacks too), one Main Creature, Backup Creatures and a Power card zone.
Turns 1-2 are primary turns: draw 7, play a Main Creature, equip. Turns 3-4 are secondary turns: draw 1, play a
Main Creature (if you have none), play a Backup Creature, equip. No Power cards and no attacks yet.
Then normal turns, their steps in order: draw 1, play a Backup Creature, equip a Creature or your Base Armor
(Equipment adds its A and D), activate abilities, play a Power card, attack, end the turn.
Battle: your Main Creature and your Base Armor may attack the opposing Main Creature, Base Armor or a Backup
Creature, once per turn each. Damage is the attacker's A minus the defender's D. Attacking a Backup Creature
paralyzes it for 3 turns instead. Each attack costs a Battle Star. A Creature destroyed in battle takes its total
HP off its owner's Base Armor. When both Main Creatures are out of Battle Stars, both players switch their Main
Creature with a Backup Creature. With no Main Creature, move a Backup Creature up."""

    # ------------------------------------------------------------------ turns
    def phase(self, state: GameState, viewer: int) -> str:
        rules = state.rules
        whose = "your" if state.active == viewer else f"{self.player(state, state.active, viewer)}'s"
        head = f"Turn {state.turn} ({TURN_WORDS[rules.turn_kind(state)]}) - {whose} turn"
        if state.phase == "switch":
            who = "you" if state.current == viewer else self.player(state, state.current, viewer)
            return f"{head}: both Main Creatures are out of Battle Stars; {who} switch with a Backup Creature"
        if state.phase == "battle":
            return f"{head}, a battle"
        self._look(self.PHASES, state.phase, "phase")
        from tcgkit.games.tgod.rules import TURN_STEPS

        at = 0 if state.options.get("steps_any_order") else state.vars.get("step", 0)
        left = [STEP_WORDS[s] for s in sorted(TURN_STEPS[rules.turn_kind(state)]) if s >= at]
        return f"{head}; steps left: {', '.join([*left, 'end'])}"

    def numbers(self, state: GameState, player: int, viewer: int) -> list[tuple[str, str]]:
        types = state.vars.get("deck_type", (None, None))
        kind = types[player] if player < len(types) else None
        out = [("Deck type", kind.capitalize() if kind else "none")]
        base = state.zones[player]["base"]
        if base:
            out.append(("Base Armor HP", f"{state.rules.hp_left(state, base[0])} of "
                                         f"{state.rules.stat(state, base[0], 'hp')}"))
        return out

    # ------------------------------------------------------------------ cards
    def card(self, state: GameState, card: int, viewer: int) -> CardWords:
        rules = state.rules
        d = state.defs[card]
        f = d.fields
        zone = state.loc[card][1]
        kind = f"{TYPE_NAME.get(d.type, d.type)} - {f['attribute'].capitalize()} ({f['colour']}), {f['rarity']}"
        if zone in ZONE_ROLE and d.type == "creature":
            kind += f", {ZONE_ROLE[zone]}"
        stats: list[tuple[str, str]] = []
        held = zone in ("main", "backup", "base")
        if d.type in ("creature", "base_armor"):
            stats.append(("A", str(rules.stat(state, card, "attack"))))
            d_now = rules.stat(state, card, "defense")
            if d_now:
                stats.append(("D", str(d_now)))
            hp = rules.stat(state, card, "hp")
            stats.append(("HP", f"{rules.hp_left(state, card)} of {hp}" if held else str(hp)))
            stars = rules.stat(state, card, "stars")
            stats.append(("Battle Stars", f"{rules.stars_left(state, card)} of {stars}" if held else str(stars)))
        elif d.type == "equipment":
            stats.append(("A", f"+{d.stats.get('attack', 0)}"))
            stats.append(("D", f"+{d.stats.get('defense', 0)}"))
        elif d.type == "power":
            st = state.cs.get(card)
            left = st.counters.get("turns_left") if st is not None and zone == "power" else None
            lasts = d.stats.get("lasts", 1)
            stats.append(("lasts", _turns(left) if left is not None else f"{lasts} turn{'s' if lasts != 1 else ''}"))
        st = state.cs.get(card)
        attached = tuple(state.defs[a].name for a in st.attached) if st is not None else ()
        text = " ".join(x for x in (f["description"] or "", f"[{f['requirement']}]" if f["requirement"] else "",
                                    f"({f['ability']})" if f["ability"] else "") if x)
        return CardWords(card, d.name, kind, tuple(stats), self.statuses(state, card), attached, text)

    def statuses(self, state: GameState, card: int) -> tuple[str, ...]:
        st = state.cs.get(card)
        if st is None:
            return ()
        out = [self.status_phrase(state, card, k, v) for k, v in st.status.items()]
        if st.counters.get("atk_turn") == state.turn and st.counters.get("atk_n"):
            out.append("attacked this turn")
        if st.host >= 0 and state.loc[card][1] == "equipped":
            out.append(f"equipped to {state.defs[st.host].name}")
        for stat, delta, until in st.mods:
            if stat in ("attack", "defense", "hp", "stars"):
                when = {"turn": "until the end of the turn", "next_turn": "until the end of the next turn"}.get(
                    until, "")
                out.append(f"{delta:+d} {self.stat(stat)}" + (f" {when}" if when else ""))
        return tuple(out)

    def status_phrase(self, state: GameState, card: int, status: str, value: int) -> str:
        name = self._look(self.STATUSES, status, "status")
        if status == "paralyzed" and value:
            return f"paralyzed for {_turns(value)} (no ability, no move up)"
        return name

    def until(self, expiry: str) -> str:
        return {"turn": "until the end of the turn", "next_turn": "until the end of the next turn",
                "permanent": ""}.get(expiry) if expiry in ("turn", "next_turn", "permanent") else \
            super().until(expiry)

    # ------------------------------------------------------------------ actions
    def action(self, state: GameState, action: Action, viewer: int) -> str:
        rules = state.rules
        k, a = action.kind, action.args
        if k == "end":
            return "End your turn"
        if k == "play":
            d = state.defs[a[0]]
            if a[1] == "power":
                ability = f": {d.fields['ability']}" if d.fields["ability"] else ""
                lasts = d.stats.get("lasts", 1)
                return f"Play the Power card {d.name} (lasts {lasts} turn{'s' if lasts != 1 else ''}){ability}"
            return f"Play {d.name} as your {ZONE_ROLE[a[1]]} (A {d.stats.get('attack', 0)}, HP " \
                   f"{d.stats.get('hp', 0)}, {d.stats.get('stars', 0)} Battle Stars)"
        if k == "equip":
            d = state.defs[a[0]]
            return f"Equip {d.name} to {self._holder(state, a[1], viewer)} (+{d.stats.get('attack', 0)} A, " \
                   f"+{d.stats.get('defense', 0)} D)"
        if k == "promote":
            return f"Move {state.defs[a[0]].name} up from Backup to Main Creature"
        if k == "switch":
            return f"Switch your Main Creature with {state.defs[a[0]].name}"
        if k == "activate":
            d = state.defs[a[0]]
            return f"Use {d.name}'s ability: {d.fields['ability'] or 'its ability'}"
        if k == "attack":
            att, target = a
            where = state.loc[target][1]
            text = f"{state.defs[att].name} attacks {self._holder(state, target, viewer)}"
            if where == "backup":
                return text + ": it is paralyzed for 3 turns (no damage)"
            dmg = max(0, rules.stat(state, att, "attack") - rules.stat(state, target, "defense"))
            d_part = f", {rules.stat(state, target, 'defense')} blocked by D" if rules.stat(state, target,
                                                                                          "defense") else ""
            return text + f": {dmg} damage{d_part}; costs 1 Battle Star"
        return super().action(state, action, viewer)

    def chosen(self, state: GameState, card: int, viewer: int) -> str:
        return self._holder(state, card, viewer)

    def _holder(self, state: GameState, card: int, viewer: int) -> str:
        if not state.visible(card, viewer):
            return "a card"
        zone = state.loc[card][1]
        whose = self.whose(state, state.owner[card], viewer)
        if zone in ZONE_ROLE:
            return f"{whose} {ZONE_ROLE[zone]} {state.defs[card].name}"
        return state.defs[card].name

    # ------------------------------------------------------------------ refusals
    def explain(self, state: GameState, action: Action) -> Refusal:
        k, a = action.kind, action.args
        rules = state.rules
        p = state.current
        known = {"end", "play", "equip", "promote", "switch", "activate", "attack", "choose", "option", "yes", "no",
                 "done", "first", "armory", "swap"}
        if k not in known:
            return Refusal(f"there is no action {k!r} in TGOD", None)
        r = split_clause(rules.explain_illegal(state, action))
        if r.clause or not r.why.startswith(GENERIC):
            return Refusal(r.why.replace("'", ""), r.clause)
        if state.phase == "switch":
            return Refusal("both Main Creatures are out of Battle Stars: choose the Backup Creature to switch with",
                           "TGOD-OTH-06")
        card = a[0] if a and type(a[0]) is int else -1
        if k == "end" and a:
            return Refusal("ending the turn names no card: just end", "TGOD-NRM-08")
        if k != "end" and card < 0:
            return Refusal(f"name the card: {k} followed by a card", None)
        if card >= 0:
            d = state.defs[card]
            zone = state.loc[card][1]
            if k in ("play", "equip") and (zone != "hand" or state.owner[card] != p):
                where = a[1] if k == "play" and len(a) > 1 else k
                clause = {"main": "TGOD-PRI-03", "backup": "TGOD-NRM-03", "power": "TGOD-NRM-06"}.get(
                    str(where), "TGOD-NRM-04")
                return Refusal(f"{d.name} is not in your hand: cards are played from your hand", clause)
            if k == "play" and len(a) > 1 and a[1] in ("main", "backup"):
                if d.type != "creature":
                    return Refusal(f"{d.name} is not a Creature", "TGOD-ROLE-01")
                if d.fields["req"] is not None and not rules.requirement_met(state, p, d):
                    return Refusal(f"{d.name}'s requirement [{d.fields['requirement']}] is not met", "TGOD-CARD-09")
                if a[1] == "main" and state.zones[p]["main"]:
                    return Refusal("you already have a Main Creature", "TGOD-FIELD-01")
                if a[1] == "backup" and rules.turn_kind(state) == "primary":
                    return Refusal("no Backup Creatures in a primary turn", "TGOD-PRI-05")
                if a[1] == "main":
                    return Refusal("one Main Creature, in a primary or secondary turn", "TGOD-SEC-03")
                return Refusal("one Backup Creature per turn", "TGOD-NRM-03")
            if k == "play" and len(a) > 1 and a[1] == "power":
                if d.type != "power":
                    return Refusal(f"{d.name} is not a Power card", "TGOD-ROLE-04")
                if not rules.requirement_met(state, p, d):
                    return Refusal(f"{d.name}'s requirement [{d.fields['requirement']}] is not met", "TGOD-CARD-09")
                return Refusal("one Power card per turn", "TGOD-NRM-06")
            if k == "play":
                return Refusal("play a card as your Main Creature, a Backup Creature or a Power card", "TGOD-FIELD-01")
            if k == "equip":
                if d.type != "equipment":
                    return Refusal(f"{d.name} is not Equipment", "TGOD-ROLE-03")
                if d.fields["req"] is not None and not rules.requirement_met(state, p, d):
                    return Refusal(f"{d.name}'s requirement [{d.fields['requirement']}] is not met", "TGOD-CARD-09")
                return Refusal("equip one of your Creatures or your Base Armor, once per turn", "TGOD-NRM-04")
            if k == "switch":
                return Refusal("the Main Creature is switched only when both Main Creatures are out of Battle Stars",
                               "TGOD-OTH-09")
            if k == "attack":
                if zone not in ("main", "base") or state.owner[card] != p:
                    return Refusal("only your Main Creature and your Base Armor attack", "TGOD-BTL-01")
                if rules.stars_left(state, card) <= 0:
                    return Refusal(f"{d.name} has no Battle Stars left", "TGOD-BTL-06")
                if not rules.can_attack(state, card):
                    return Refusal(f"{d.name} has already attacked this turn", "TGOD-BTL-13")
                if len(a) > 1 and type(a[1]) is int and rules.paralyzed(state, a[1]):
                    return Refusal("a paralyzed Backup Creature cannot be attacked again", "TGOD-BTL-09")
                return Refusal("attack the opposing Main Creature, Base Armor or a Backup Creature", "TGOD-BTL-02")
            if k == "activate":
                if rules.paralyzed(state, card):
                    return Refusal(f"{d.name} is paralyzed: no ability", "TGOD-BTL-08")
                if rules.turn_kind(state) != "normal":
                    return Refusal("abilities are activated in normal turns only", "TGOD-NRM-05")
                return Refusal(f"{d.name}'s ability cannot be used now (where it is, once per turn, or its cost)",
                               "TGOD-NRM-05")
            if k == "promote":
                if state.zones[p]["main"]:
                    return Refusal("a Backup Creature moves up only when you have no Main Creature", "TGOD-SPEC-01")
                return Refusal(f"{d.name} is not one of your Backup Creatures, or it is paralyzed", "TGOD-BTL-08")
        return Refusal("that is not one of your possible actions now", "TGOD-NRM-01")

    # ------------------------------------------------------------------ the log
    def silent(self, state: GameState, ev: Event) -> bool:
        if ev.kind == "move":
            fz, tz = ev.data[1], ev.data[3]
            if fz == "deck" and tz == "hand":
                return False
            return not (fz == "power" and tz == "discard")
        return ev.kind in self.SILENT_EVENTS




def _ev_attack(w: TgodWords, state: GameState, ev: Event, viewer: int) -> str:
    """ "Shadow Brute attacks Azure Sentinel: 30 damage, 10 blocked by D"; a Backup is paralyzed instead."""
    text = f"{w.card_name(state, ev)} attacks {w.named(state, ev.data[0], viewer, 'a card')}"
    if len(ev.data) < 3:
        return text + ": paralyzed for 3 turns instead of damage"
    _, damage, blocked = ev.data
    if not damage:
        return text + (f": all {blocked} blocked by D, no damage" if blocked else ": no damage")
    return text + f": {damage} damage" + (f", {blocked} blocked by D" if blocked else "")


def _ev_played(w: TgodWords, state: GameState, ev: Event, viewer: int) -> str:
    role = ZONE_ROLE.get(ev.data[0], "card")
    return f"{w.does(state, ev.player, viewer, 'play')} {w.card_name(state, ev)} as " \
           f"{'a' if ev.data[0] in ('backup', 'power') else 'the'} {role}"


def _ev_equip(w: TgodWords, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} is equipped to {w.named(state, ev.data[0], viewer, 'a card')}"


def _ev_switch(w: TgodWords, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} switches with {w.named(state, ev.data[0], viewer, 'the Main Creature')}, " \
           "which regains its Battle Stars"


def _ev_turn(w: TgodWords, state: GameState, ev: Event, viewer: int) -> str:
    turn, kind = ev.data
    return f"turn {turn}, {TURN_WORDS.get(kind, 'a turn')}: {w.whose(state, ev.player, viewer)} turn"


def _ev_activate(w: TgodWords, state: GameState, ev: Event, viewer: int) -> str:
    return f"{w.card_name(state, ev)} uses its ability"


TgodWords.EVENTS = {
    "activate": _ev_activate, "attack": _ev_attack, "damage": card_event("{card} loses {data[0]} HP"),
    "destroyed": card_event("{card} is destroyed"), "end_turn": does_event("end", " the turn"), "equip": _ev_equip,
    "first_player": does_event("go", " first"), "heal": card_event("{card} heals {data[0]} HP"),
    "hp_carried": card_event("{card}'s total HP, {data[0]}, comes off its owner's Base Armor"),
    "no_draw": does_event("have", " no cards left to draw: the draw is skipped"),
    "no_switch": does_event("have", " no Backup Creature to switch with: the Main Creature stays, without stars"),
    "played": _ev_played, "star": card_event("{card} spends a Battle Star ({data[0]} left)"),
    "stars": card_event("{card} gains {data[0]} Battle Star(s) ({data[1]} left)"), "switch": _ev_switch,
    "turn": _ev_turn,
}
