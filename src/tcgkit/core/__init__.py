"""The shared engine core: it knows no game. See ``tcgkit.core.state`` for the model."""

from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, CardPool, Effect, Step
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.errors import (
    CardDataError,
    DeckFileError,
    IllegalAction,
    ReplayMismatch,
    ScenarioError,
    TcgkitError,
    UnknownGame,
)
from tcgkit.core.rng import Rng
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, CardId, CardState, Decision, Event, GameState, Player, Result

__all__ = [
    "Action", "CardDef", "CardId", "CardPool", "CardDataError", "CardState", "Deck", "DeckFileError", "Decision",
    "Effect", "Event", "GameState", "HIDDEN", "IllegalAction", "OWNER", "PUBLIC", "Player", "ReplayMismatch",
    "Result", "Rng", "Ruleset", "ScenarioError", "Step", "TcgkitError", "UnknownGame", "Violation",
]
