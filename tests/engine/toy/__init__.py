"""A tiny game used only to test the core: a deck, a hand, a field, a discard pile, and life points.

Each turn the active player draws, may play cards from hand (a unit goes to the field, a spell resolves and is
discarded) and activate abilities, then ends the turn. A player at 0 life loses.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, Effect
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, GameState


class ToyCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    type: str
    power: int = 0
    text: str = ""


class ToyRules(Ruleset):
    id = "toy"
    name = "Toy"
    ZONES = {"deck": HIDDEN, "hand": OWNER, "field": PUBLIC, "discard": PUBLIC}
    PLAY_ZONES = ("field",)
    card_model = ToyCard
    data_dir = Path(__file__).parent

    def make_card(self, m: ToyCard, card_effects: tuple[Effect, ...]) -> CardDef:
        return CardDef(m.name.lower().replace(" ", "-"), m.name, m.type, {"power": m.power}, frozenset({m.type}),
                       card_effects, m.text)

    def setup(self, state: GameState, sections) -> None:
        for p, secs in enumerate(sections):
            for c in secs["main"]:
                state.place(c, p, "deck")
            state.shuffle(p, "deck")
            state.res[p]["life"] = 10
            state.res[p]["mana"] = 3
            for _ in range(3):
                self.draw(state, p)
        state.vars["first_player"] = 0
        state.active = 1
        self.start_turn(state)

    def start_turn(self, state: GameState) -> None:
        state.turn += 1
        state.active = state.current = 1 - state.active
        state.phase = "main"
        self.draw(state, state.active)

    def resume(self, state: GameState) -> None:
        state.current = state.active

    def legal_actions(self, state: GameState) -> list[Action]:
        p = state.active
        acts = [Action("play", (c,)) for c in state.zone(p, "hand")]
        for c in state.zone(p, "field"):
            for i, eff in enumerate(state.defs[c].effects):
                ctx = {"source": c, "controller": p}
                if eff.kind == "activated" and effects.limit_ok(state, c, i, eff.limit) and effects.can_pay(
                        state, ctx, eff.cost):
                    acts.append(Action("activate", (c, str(i))))
        acts.append(Action("end"))
        return acts

    def apply(self, state: GameState, action: Action) -> None:
        p = state.active
        if action.kind == "end":
            durations.end_turn(state)
            self.start_turn(state)
            return
        if action.kind == "play":
            card = action.args[0]
            d = state.defs[card]
            state.move(card, p, "field" if d.type == "unit" else "discard")
            for eff in d.effects_of("play"):
                effects.start(state, eff, card, p)
        elif action.kind == "activate":
            card, index = action.args[0], int(action.args[1])
            eff = state.defs[card].effects[index]
            effects.mark_used(state, card, index, eff.limit)
            effects.start(state, eff.cost + eff.steps, card, p)
        if effects.run(state):
            self.after_effects(state)

    def after_effects(self, state: GameState) -> None:
        state.current = state.active

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        state.res[player]["life"] -= amount
        state.emit("damage", player, data=(amount,))
        if state.res[player]["life"] <= 0:
            state.end(1 - player, "life reached 0", "TOY-1")

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        counters = state.card_state(card).counters
        counters["damage"] = counters.get("damage", 0) + amount
        if counters["damage"] >= self.stat(state, card, "power"):
            self.destroy(state, card, ctx)

    def heal_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        state.res[player]["life"] += amount

    def evaluate(self, state: GameState, player: int) -> float:
        return (state.res[player]["life"] - state.res[1 - player]["life"]) / 20


RULES = ToyRules()
#: the toy game's one deck file
DECK = str(Path(__file__).parent / "decks" / "mix.yaml")


@effects.hook("toy.to_discard")
def _to_discard(state: GameState, ctx: dict, params) -> bool:
    data = ctx.get("event_data") or ()
    return len(data) == 4 and data[3] == "discard"


@effects.hook("toy.note")
def _note(state: GameState, ctx: dict, params) -> None:
    state.vars["noted"] = (*state.vars.get("noted", ()), ctx["controller"])
