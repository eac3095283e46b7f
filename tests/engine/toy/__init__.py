"""Toy: the template of a game, and the game the core's tests run on.

Copy this folder to start a game of your own (``docs/developing.md``, "Adding a game", walks through it; a test
builds a game from it and plays it). The rules: each turn the active player draws, may play cards from hand (a
unit goes to the field, a spell resolves and is discarded) and activate abilities, then ends the turn. A player at
0 life loses (TOY-1).

What a game package holds:

- ``__init__.py`` (here, everything; a bigger game splits it into ``model.py``, ``rules.py``, ``verbs.py``) with
  ``RULES``, the game's :class:`~tcgkit.core.ruleset.Ruleset` instance, which the ``tcgkit.games`` entry point
  names (``toy = "engine.toy:RULES"``);
- ``cards/*.yaml``: the cards, each checked by the card model (:class:`ToyCard`) and the effect language
  (``docs/cards.md``);
- ``decks/*.yaml``: the shipped decks (``game: toy``);
- in a real game, ``RULINGS.md``: each reading of the rulebook the code takes, by clause id.

The class below implements the six required hooks (``Ruleset.REQUIRED_HOOKS``) and two optional ones, the
meaning of ``damage`` and ``heal`` here, and an ``evaluate`` for the bots; everything else is the core's default.
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
    """One printed card: the fields a card file may hold (anything else is an error naming the field)."""

    model_config = ConfigDict(extra="forbid")
    name: str
    type: str
    power: int = 0
    text: str = ""


class ToyRules(Ruleset):
    """The rules of Toy. Class attributes describe the game; methods are the hooks."""

    id = "toy"
    name = "Toy"
    ZONES = {"deck": HIDDEN, "hand": OWNER, "field": PUBLIC, "discard": PUBLIC}
    PLAY_ZONES = ("field",)
    card_model = ToyCard
    data_dir = Path(__file__).parent

    def make_card(self, m: ToyCard, card_effects: tuple[Effect, ...]) -> CardDef:
        """Required: a validated card entry as the core's card definition (key, name, type, numbers, tags)."""
        return CardDef(m.name.lower().replace(" ", "-"), m.name, m.type, {"power": m.power}, frozenset({m.type}),
                       card_effects, m.text)

    def setup(self, state: GameState, sections) -> None:
        """Required: shuffle the decks, set life and mana, deal three cards each, start the first turn."""
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
        """The next player's turn: they draw, then decide."""
        state.turn += 1
        state.active = state.current = 1 - state.active
        state.phase = "main"
        self.draw(state, state.active)

    def resume(self, state: GameState) -> None:
        """Required: a scenario placed the cards; the active player decides."""
        state.current = state.active

    def legal_actions(self, state: GameState) -> list[Action]:
        """Required: play any card in hand, activate an ability that can be paid for, or end the turn."""
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
        """Required: carry out the action; effects run on the core's stack and may stop at a decision."""
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
        """Required: an effect that waited for a decision has finished; the active player decides again."""
        state.current = state.active

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """Optional: damage costs life; at 0 the player loses (TOY-1)."""
        state.res[player]["life"] -= amount
        state.emit("damage", player, data=(amount,))
        if state.res[player]["life"] <= 0:
            state.end(1 - player, "life reached 0", "TOY-1")

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """Optional: damage marks a unit; as much as its power destroys it."""
        counters = state.card_state(card).counters
        counters["damage"] = counters.get("damage", 0) + amount
        if counters["damage"] >= self.stat(state, card, "power"):
            self.destroy(state, card, ctx)

    def heal_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        state.res[player]["life"] += amount

    def evaluate(self, state: GameState, player: int) -> float:
        """Optional (bots): the life difference, scaled to about [-1, 1]."""
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
