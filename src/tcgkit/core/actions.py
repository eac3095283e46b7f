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
from collections.abc import Iterable
from typing import Any, NamedTuple

from tcgkit.core.compiled import mypyc_attr
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


#: ``new_action(Action, (kind, args))`` builds an Action without the NamedTuple's Python-level constructor (the same
#: value, a third of the cost): for the hot paths of legal actions.
new_action = tuple.__new__


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class ActionTable(dict):
    """The actions of one kind, each built once and then shared: ``table[card]`` is ``Action(kind, (card,
    *suffix))``, ``table[args]`` for a tuple of arguments is ``Action(kind, args)``, and ``table.row(a)[b]`` is
    ``Action(kind, (a, b))`` without building a key. An Action is an immutable value, so one object serves every
    state and every game; listing the legal actions from tables allocates nothing once the ids have been seen.

    >>> PLAY_FRONT = ActionTable("play", ("front",))
    >>> PLAY_FRONT[7], PLAY_FRONT[7] is PLAY_FRONT[7]
    (Action(kind='play', args=(7, 'front')), True)
    >>> ATTACK = ActionTable("attack")
    >>> ATTACK.row(3)[9], ATTACK.row(3)[9] is ATTACK[(3, 9)]
    (Action(kind='attack', args=(3, 9)), False)
    >>> ATTACK[(3, 9)] == ATTACK.row(3)[9]
    True
    """

    __slots__ = ("kind", "suffix", "rows", "plain_rows")

    def __init__(self, kind: str, suffix: tuple = ()) -> None:
        super().__init__()
        self.kind = kind
        self.suffix = suffix
        self.rows: dict[Any, ActionRow] = {}
        #: the rows again as plain dicts, filled by :func:`extend_row` with the same actions
        self.plain_rows: dict[Any, dict[Any, Action]] = {}

    def __missing__(self, key: Any) -> Action:
        action = self[key] = new_action(Action, (self.kind, key if type(key) is tuple else (key, *self.suffix)))
        return action

    def row(self, first: Any) -> ActionRow:
        """The actions whose first argument is ``first``, keyed by their second: ``row(a)[b]``."""
        row = self.rows.get(first)
        if row is None:
            row = self.rows[first] = ActionRow(self.kind, first)
        return row

    def __reduce__(self) -> tuple:  # pickled as an empty table of the same kind (its actions are built again)
        return ActionTable, (self.kind, self.suffix)


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class ActionRow(dict):
    """``Action(kind, (first, b))`` by ``b``, built on first use (see :meth:`ActionTable.row`)."""

    __slots__ = ("kind", "first")

    def __init__(self, kind: str, first: Any) -> None:
        super().__init__()
        self.kind = kind
        self.first = first

    def __missing__(self, second: Any) -> Action:
        action = self[second] = new_action(Action, (self.kind, (self.first, second)))
        return action

    def __reduce__(self) -> tuple:
        return ActionRow, (self.kind, self.first)


def extend_row(acts: list[Action], table: ActionTable, first: Any, seconds: Iterable[Any]) -> None:
    """Append ``table.row(first)[b]`` for each ``b`` of ``seconds`` to ``acts``: how a hot path lists a row of
    actions (an attacker's attacks, say). The row is read as a plain dict, which compiled code reads in C, where a
    table's own row, a dict subclass that builds what is missing, is a Python-level call per read.

    >>> ATTACK = ActionTable("attack")
    >>> acts = []
    >>> extend_row(acts, ATTACK, 3, [9, 10])
    >>> acts == [ATTACK.row(3)[9], ATTACK.row(3)[10]], acts[0] is ATTACK.row(3)[9]
    (True, True)
    """
    plain = table.plain_rows.get(first)
    if plain is None:
        plain = table.plain_rows[first] = {}
    for b in seconds:
        action = plain.get(b)
        if action is None:
            action = plain[b] = table.row(first)[b]
        acts.append(action)


def _word(a: str) -> str:
    return a if a and " " not in a and '"' not in a and "'" not in a else shlex.quote(a)


class Decision(NamedTuple):
    """A choice pending in the middle of an effect: ``player`` picks one of ``options``; it is bound to ``bind``."""

    player: int
    prompt: str
    options: tuple[Action, ...]
    bind: str = "choice"
