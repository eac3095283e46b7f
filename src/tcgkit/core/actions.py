"""Actions: what a player does at a decision point.

An action is a kind and a tuple of arguments. An ``int`` argument is always a card instance id (written ``#12``);
a ``str`` argument is a word (a zone slot, a player, an option, a number written as digits). Actions are plain
tuples, so they compare, hash and copy for free.

>>> a = Action("play", (12, "wing-left"))
>>> a.text()
'play #12 wing-left'
>>> Action.from_text('play #12 wing-left') == a
True
>>> a.to_json()
{'kind': 'play', 'args': [12, 'wing-left']}
>>> Action.from_json({'kind': 'pass', 'args': []}).text()
'pass'
"""

from __future__ import annotations

import shlex
from typing import Any, NamedTuple

from tcgkit.core.errors import TcgkitError


class Action(NamedTuple):
    """A player's action: ``kind`` and ``args`` (ints are card ids, strings are words)."""

    kind: str
    args: tuple = ()

    def text(self) -> str:
        """The canonical one-line text form: ``kind`` then each argument (card ids as ``#N``)."""
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(f"#{a}" if type(a) is int else _word(a) for a in self.args)

    def __str__(self) -> str:
        return self.text()

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"kind": str, "args": [int | str, ...]}``."""
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read the JSON form back."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise TcgkitError(f"not an action: {data!r}")
        args = data.get("args", [])
        if not isinstance(args, list) or not all(type(a) in (int, str) for a in args):
            raise TcgkitError(f"action args must be a list of ints and strings: {data!r}")
        return cls(data["kind"], tuple(args))

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Read the canonical text form back (``#N`` is a card id, anything else a word)."""
        try:
            tokens = shlex.split(text)
        except ValueError as exc:
            raise TcgkitError(f"cannot read action {text!r}: {exc}") from None
        if not tokens:
            raise TcgkitError("empty action")
        args: list[int | str] = []
        for tok in tokens[1:]:
            if tok.startswith("#") and tok[1:].isdigit():
                args.append(int(tok[1:]))
            else:
                args.append(tok)
        return cls(tokens[0], tuple(args))


def _word(a: str) -> str:
    return a if a and " " not in a and '"' not in a and "'" not in a else shlex.quote(a)


class Decision(NamedTuple):
    """A choice pending in the middle of an effect: ``player`` picks one of ``options``; it is bound to ``bind``."""

    player: int
    prompt: str
    options: tuple[Action, ...]
    bind: str = "choice"
