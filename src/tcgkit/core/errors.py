"""The errors tcgkit raises. Every one says where and why, so that a command line can print it as one line."""

from __future__ import annotations

import re
from typing import NamedTuple


class TcgkitError(Exception):
    """Base class of every error tcgkit raises on purpose."""


class IllegalAction(TcgkitError):
    """An action that is not legal at this decision point. The state is left exactly as it was.

    >>> str(IllegalAction("attack #3 #9", "it is not your turn"))
    "illegal action 'attack #3 #9': it is not your turn"
    """

    def __init__(self, action: object, why: str, clause: str | None = None) -> None:
        self.action = action
        self.why = why
        self.clause = clause
        rule = f" ({clause})" if clause else ""
        super().__init__(f"illegal action {str(action)!r}: {why}{rule}")


class CardDataError(TcgkitError):
    """A card file that cannot be loaded: names the file, the card and the field.

    >>> str(CardDataError("cards.yaml", "Fire Imp", "power", "must be an integer"))
    'cards.yaml: card Fire Imp: field power: must be an integer'
    """

    def __init__(self, file: str, card: str | None, field: str | None, message: str) -> None:
        self.file, self.card, self.field, self.message = file, card, field, message
        parts = [str(file)]
        if card is not None:
            parts.append(f"card {card}")
        if field:
            parts.append(f"field {field}")
        parts.append(message)
        super().__init__(": ".join(parts))


class DeckFileError(TcgkitError):
    """A deck file that cannot be read (not a deck legality problem: see :class:`tcgkit.core.decks.Violation`)."""


class ScenarioError(TcgkitError):
    """A scenario file that cannot be read or set up."""


class ReplayMismatch(TcgkitError):
    """A replay that does not reproduce the recorded game."""


class UnknownGame(TcgkitError):
    """A game id that no installed game package answers to."""


class Refusal(NamedTuple):
    """Why an action is refused: the rule in words and its clause id (None when no one clause says it).

    >>> str(Refusal("no attacks in a secondary turn", "TGOD-SEC-07"))
    'no attacks in a secondary turn (TGOD-SEC-07)'
    """

    why: str
    clause: str | None = None

    def __str__(self) -> str:
        return f"{self.why} ({self.clause})" if self.clause else self.why


_CLAUSE_AT_END = re.compile(r"\s*\(([A-Z][A-Z0-9]*-[A-Z0-9.\-]+(?:,\s*[A-Z][A-Z0-9]*-[A-Z0-9.\-]+)*)\)\s*$")


def split_clause(text: str) -> Refusal:
    """A refusal text ending in ``(CLAUSE-ID)`` split into words and clause.

    >>> split_clause("units are played in your Main stage (PTCG-TURN-06)")
    Refusal(why='units are played in your Main stage', clause='PTCG-TURN-06')
    >>> split_clause("no such card")
    Refusal(why='no such card', clause=None)
    """
    m = _CLAUSE_AT_END.search(text)
    if m is None:
        return Refusal(text)
    return Refusal(text[: m.start()], m.group(1))
