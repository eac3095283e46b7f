"""TGOD rules: deck rules, primary/secondary/normal turns, equipment, battles with battle stars, the switch."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, Effect
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, GameState

ATTRIBUTES = ("guardian", "knight", "tyrant")
CREATURE, EQUIPMENT, BASE, POWER = "creature", "equipment", "base_armor", "power"
PARALYSIS_TURNS = 3


class TgodCard(BaseModel):
    """A TGOD card as printed (TGOD-CARD-01..10)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    number: str = Field(min_length=1)
    type: Literal["creature", "equipment", "base_armor", "power"]
    attribute: Literal["guardian", "knight", "tyrant"]
    rarity: Literal["LEGENDARY", "Ultimate Rare", "Rare", "Uncommon", "Common"]
    attack: int | None = None
    defense: int | None = None
    stars: int | None = None
    hp: int | None = None
    creator: str = ""
    description: str = ""
    ability: str = ""
    requirement: str | None = None


class TgodRules(Ruleset):
    id = "tgod"
    name = "The Guardians of Destiny"
    ZONES = {"deck": HIDDEN, "hand": OWNER, "main": PUBLIC, "backup": PUBLIC, "base": PUBLIC, "discard": PUBLIC,
             "power": PUBLIC, "attached": PUBLIC, "armory": OWNER}
    ZONE_GROUPS = {"creatures": ("main", "backup"), "field": ("main", "backup", "base")}
    PLAY_ZONES = ("main", "backup", "base", "power")
    TOKEN_ZONE = "backup"
    card_model = TgodCard
    data_dir = Path(__file__).parent

    # ------------------------------------------------------------------ cards and decks
    def make_card(self, m: TgodCard, card_effects: tuple[Effect, ...]) -> CardDef:
        if m.type in (CREATURE, BASE):
            for f in ("attack", "stars", "hp"):
                if getattr(m, f) is None:
                    raise ValueError(f"a {m.type} needs {f} (TGOD-CARD-02/04/05)")
        if m.type != EQUIPMENT and m.defense is not None:
            raise ValueError("only Equipment shows Defense (TGOD-CARD-03)")
        stats = {k: v for k in ("attack", "defense", "stars", "hp") if (v := getattr(m, k)) is not None}
        fields: dict[str, Any] = {"number": m.number, "rarity": m.rarity, "attribute": m.attribute,
                                  "requirement": m.requirement, "description": m.description}
        return CardDef(m.number, m.name, m.type, stats, frozenset({m.attribute, m.type}), card_effects,
                       m.ability, fields)

    def validate_deck(self, deck: Deck, format: str | None = None) -> list[Violation]:
        out = self.unknown_cards(deck)
        if out:
            return out
        pool = self.pool()
        main = [pool.get(n) for n in deck.section("main")]
        n = len(main)
        if not 30 <= n <= 60:
            out.append(Violation("TGOD-DECK-01", f"the deck holds {n} cards; it must hold 30 to 60"))
        for key, count in Counter(c.key for c in main).items():
            if count > 3:
                out.append(Violation("TGOD-DECK-02", f"{count} copies of {pool.get(key).name}; at most 3"))
        bases = sum(1 for c in main if c.type == BASE)
        if bases != 1:
            out.append(Violation("TGOD-DECK-03", f"the main deck holds {bases} Base Armor cards; it needs exactly 1"))
        armory = [pool.get(n) for n in deck.section("armory")]
        if len(armory) > 30:
            out.append(Violation("TGOD-DECK-04", f"the Armory holds {len(armory)} cards; at most 30"))
        for c in armory:
            if c.type not in (BASE, EQUIPMENT):
                out.append(Violation("TGOD-DECK-04", f"the Armory may hold only Base Armor and Equipment: {c.name}"))
        return out

    @staticmethod
    def deck_type(defs: list[CardDef]) -> str | None:
        """The attribute held by more than half of the deck, or None (TGOD-DECK-07/08)."""
        counts = Counter(d.fields["attribute"] for d in defs)
        for attr, k in counts.items():
            if 2 * k > len(defs):
                return attr
        return None

    # ------------------------------------------------------------------ setup and turns
    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
        for p, secs in enumerate(sections):
            for card in secs.get("armory", []):
                state.place(card, p, "armory")
            main = secs["main"]
            state.vars[f"deck_type:{p}"] = self.deck_type([state.defs[c] for c in main])
            for card in main:
                state.place(card, p, "base" if state.defs[card].type == BASE else "deck")
            state.shuffle(p, "deck")
        first = state.rng.randbelow(2)
        state.vars["first_player"] = first
        state.emit("first_player", first)
        state.active = 1 - first
        self.start_turn(state)

    def turn_kind(self, state: GameState) -> str:
        return "primary" if state.turn <= 2 else "secondary" if state.turn <= 4 else "normal"

    def start_turn(self, state: GameState) -> None:
        state.turn += 1
        state.active = p = 1 - state.active
        state.current = p
        state.phase = "play"
        kind = self.turn_kind(state)
        state.emit("turn", p, data=(state.turn, kind))
        for _ in range(7 if kind == "primary" else 1):
            self.draw(state, p)

    def end_turn(self, state: GameState) -> None:
        p = state.active
        for card in state.zone(p, "backup"):
            st = state.cs.get(card)
            if st is not None and st.status.get("paralyzed"):
                st.status["paralyzed"] -= 1
                if st.status["paralyzed"] <= 0:
                    del st.status["paralyzed"]
                    state.emit("status_removed", p, card, ("paralyzed",))
        for st in state.cs.values():
            if st.mods:
                st.mods = [m for m in st.mods if m[2] != "turn"]
        state.emit("end_turn", p)
        self.start_turn(state)

    def resume(self, state: GameState) -> None:
        state.current = state.active
        state.vars.setdefault("first_player", 0)

    # ------------------------------------------------------------------ actions
    def legal_actions(self, state: GameState) -> list[Action]:
        if state.phase == "switch":
            return [Action("switch", (c,)) for c in self.switchable(state, state.current)]
        p = state.active
        kind = self.turn_kind(state)
        flags = state.vars
        t = state.turn
        acts: list[Action] = []
        main = state.zone(p, "main")
        hand = state.zone(p, "hand")
        for card in hand:
            d = state.defs[card]
            if d.type == CREATURE and self.requirement_met(state, p, d):
                if kind != "normal" and not main and flags.get(f"main_played:{p}") is None:
                    acts.append(Action("main", (card,)))
                if kind != "primary" and flags.get("backup_turn") != t:
                    acts.append(Action("backup", (card,)))
            elif d.type == EQUIPMENT and flags.get("equip_turn") != t and self.requirement_met(state, p, d):
                for target in (*main, *state.zone(p, "backup"), *state.zone(p, "base")):
                    acts.append(Action("equip", (card, target)))
        if not main:
            for card in state.zone(p, "backup"):
                if not self.paralyzed(state, card):
                    acts.append(Action("promote", (card,)))
        if kind == "normal":
            targets = self.attack_targets(state, 1 - p)
            for attacker in (*main, *state.zone(p, "base")):
                if self.can_attack(state, attacker):
                    acts.extend(Action("attack", (attacker, t_)) for t_ in targets)
        acts.append(Action("end"))
        return acts

    def requirement_met(self, state: GameState, player: int, d: CardDef) -> bool:
        """A bracketed requirement (TGOD-CARD-09): ``deck:<attribute>`` needs that deck type."""
        req = d.fields.get("requirement")
        if not req:
            return True
        kind, _, value = req.partition(":")
        if kind == "deck":
            return state.vars.get(f"deck_type:{player}") == value
        return True

    def paralyzed(self, state: GameState, card: int) -> bool:
        st = state.cs.get(card)
        return st is not None and st.status.get("paralyzed", 0) > 0

    def stars_left(self, state: GameState, card: int) -> int:
        st = state.cs.get(card)
        used = st.counters.get("stars_used", 0) if st is not None else 0
        return self.stat(state, card, "stars") - used

    def can_attack(self, state: GameState, card: int) -> bool:
        st = state.cs.get(card)
        if st is not None and st.counters.get("attacked_turn") == state.turn:
            return False
        return self.stars_left(state, card) > 0

    def attack_targets(self, state: GameState, opponent: int) -> list[int]:
        out = [*state.zone(opponent, "main"), *state.zone(opponent, "base")]
        out.extend(c for c in state.zone(opponent, "backup") if not self.paralyzed(state, c))
        return out

    def stat(self, state: GameState, card: int, name: str) -> int:
        value = super().stat(state, card, name)
        if name in ("attack", "defense"):
            st = state.cs.get(card)
            if st is not None:
                for eq in st.attached:
                    value += state.defs[eq].stats.get(name, 0)
        return value

    def apply(self, state: GameState, action: Action) -> None:
        p = state.active
        kind = action.kind
        if kind == "end":
            self.end_turn(state)
        elif kind == "main":
            state.vars[f"main_played:{p}"] = state.turn
            self.enter(state, action.args[0], p, "main")
        elif kind == "backup":
            state.vars["backup_turn"] = state.turn
            self.enter(state, action.args[0], p, "backup")
        elif kind == "promote":
            state.move(action.args[0], p, "main", reset=False)
        elif kind == "equip":
            state.vars["equip_turn"] = state.turn
            self.attach(state, action.args[0], action.args[1])
        elif kind == "attack":
            self.attack(state, *action.args)
        elif kind == "switch":
            self.switch(state, state.current, action.args[0])
        self.continue_after(state)

    def enter(self, state: GameState, card: int, player: int, zone: str) -> None:
        state.move(card, player, zone)
        for eff in state.defs[card].effects:
            if eff.kind == "play":
                effects.start(state, eff, card, player)

    def continue_after(self, state: GameState) -> None:
        if effects.run(state):
            self.after_effects(state)

    def after_effects(self, state: GameState) -> None:
        if state.result is not None:
            return
        if state.phase == "switch":
            self.next_switch(state)
        else:
            state.current = state.active

    # ------------------------------------------------------------------ battle
    def attack(self, state: GameState, attacker: int, target: int) -> None:
        p = state.active
        st = state.card_state(attacker)
        st.counters["attacked_turn"] = state.turn
        state.emit("attack", p, attacker, (target,))
        tz = state.where(target)[1]
        if tz == "backup":
            state.card_state(target).status["paralyzed"] = PARALYSIS_TURNS
            state.emit("status", 1 - p, target, ("paralyzed", PARALYSIS_TURNS))
        else:
            dmg = max(0, self.stat(state, attacker, "attack") - self.stat(state, target, "defense"))
            self.damage_card(state, target, dmg, {"controller": p, "battle": True})
        st.counters["stars_used"] = st.counters.get("stars_used", 0) + 1
        if state.result is None:
            self.check_switch(state)

    def hp_left(self, state: GameState, card: int) -> int:
        st = state.cs.get(card)
        return self.stat(state, card, "hp") - (st.counters.get("damage", 0) if st is not None else 0)

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        if amount <= 0:
            return
        counters = state.card_state(card).counters
        counters["damage"] = counters.get("damage", 0) + amount
        state.emit("damage", state.owner[card], card, (amount,))
        if self.hp_left(state, card) <= 0:
            self.destroy(state, card, ctx)

    def destroy(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        owner = state.owner[card]
        d = state.defs[card]
        by = (ctx or {}).get("controller", 1 - owner)
        if d.type == BASE:
            state.emit("destroyed", owner, card)
            state.end(1 - owner, "destroyed the opponent's Base Armor", "TGOD-BTL-12" if by != owner else
                      "TGOD-ROLE-02")
            return
        st = state.cs.get(card)
        for eq in list(st.attached) if st is not None else ():
            state.move(eq, state.owner[eq], "discard")
        total = self.stat(state, card, "hp")
        state.move(card, owner, "discard")
        state.emit("destroyed", owner, card)
        if (ctx or {}).get("battle"):
            for base in list(state.zone(owner, "base")):
                self.damage_card(state, base, total, {"controller": by})

    # ------------------------------------------------------------------ the switch (TGOD-OTH-06..09)
    def check_switch(self, state: GameState) -> None:
        mains = [state.zone(p, "main") for p in (0, 1)]
        if not all(mains) or any(self.stars_left(state, m[0]) > 0 for m in mains):
            return
        state.vars["switch_queue"] = (state.active, 1 - state.active)
        state.phase = "switch"
        self.next_switch(state)

    def switchable(self, state: GameState, player: int) -> list[int]:
        return [c for c in state.zone(player, "backup") if not self.paralyzed(state, c)]

    def next_switch(self, state: GameState) -> None:
        queue = state.vars.get("switch_queue", ())
        while queue:
            p = queue[0]
            if self.switchable(state, p):
                state.current = p
                state.vars["switch_queue"] = queue
                return
            queue = queue[1:]
        state.vars.pop("switch_queue", None)
        state.phase = "play"
        state.current = state.active

    def switch(self, state: GameState, player: int, backup: int) -> None:
        main = state.zone(player, "main")[0]
        state.move(main, player, "backup", reset=False)
        state.card_state(main).counters.pop("stars_used", None)
        state.move(backup, player, "main", reset=False)
        state.emit("switch", player, backup, (main,))
        state.vars["switch_queue"] = state.vars["switch_queue"][1:]
        self.next_switch(state)

    # ------------------------------------------------------------------ bots
    def evaluate(self, state: GameState, player: int) -> float:
        r = state.result
        if r is not None:
            return super().evaluate(state, player)
        score = 0.0
        for p, sign in ((player, 1.0), (1 - player, -1.0)):
            for base in state.zone(p, "base"):
                score += sign * self.hp_left(state, base) / 30.0
            score += sign * 0.05 * len(state.zone(p, "main") + state.zone(p, "backup"))
        return max(-1.0, min(1.0, score / 2))
