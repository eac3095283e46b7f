"""Cards whose text is their program (``effects: from_text``), and the measure of a grammar against hand-written
effects. Game-agnostic: a game gives the function that reads one card entry's text.

A card entry asks to be played from its printed text with ``effects: from_text``; :func:`prepare_from_text` then
puts the effects the game's grammar read in place of the marker and the text it could not read in ``unread``
(each an :class:`~tcgkit.core.cardtext.UnreadText` in words: the phrase, the card, the file), so the card is loaded
*partly executable* rather than dropped. An entry without the marker is returned as it is (hand-written effects stay).

>>> read = lambda entry, source: ([{"kind": "play", "steps": [{"draw": {"count": 1}}]}], ["x.yaml: card Y: ..."])
>>> prepare_from_text({"name": "Y", "effects": "from_text"}, "x.yaml", read)["unread"]
['x.yaml: card Y: ...']
>>> prepare_from_text({"name": "Z", "effects": []}, "x.yaml", read)
{'name': 'Z', 'effects': []}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The value of ``effects:`` that makes a card play from its text.
FROM_TEXT = "from_text"

Compile = Callable[[dict[str, Any], str], tuple[list[dict[str, Any]], list[str]]]
#: A game's reading of one entry's text: (effects, unread, the printed fields the text gives).
CompileWithFields = Callable[[dict[str, Any], str], tuple[list[dict[str, Any]], list[str], dict[str, Any]]]


def prepare_from_text(entry: dict[str, Any], source: str, compile_entry: Compile | CompileWithFields) -> dict[str, Any]:
    """The entry with ``effects: from_text`` replaced by what the game's grammar read (``unread`` lists the rest).
    A grammar that also reads printed fields from the text (a class, a keyword) returns them third: they fill in
    what the entry leaves out (a field the file gives wins).

    >>> read = lambda entry, source: ([], [], {"class": "Tank", "name": "ignored"})
    >>> prepare_from_text({"name": "Y", "effects": "from_text"}, "x.yaml", read)
    {'class': 'Tank', 'name': 'Y', 'effects': [], 'unread': []}
    """
    if entry.get("effects") != FROM_TEXT:
        return entry
    effects, unread, *fields = compile_entry(entry, source)
    return {**(fields[0] if fields else {}), **entry, "effects": effects, "unread": list(unread)}


def measure(files: Any, compile_entry: Compile) -> tuple[list[str], dict[str, list[str]]]:
    """How well a grammar reads a game's shipped cards: the names of the cards with hand-written effects whose text
    compiles, fully read, to the same program (:func:`same_program`), and for each other such card what differs
    (the phrases not read, or ``"reads differently"``)."""
    import yaml

    same: list[str] = []
    other: dict[str, list[str]] = {}
    for path in files:
        for entry in yaml.safe_load(Path(path).read_text(encoding="utf-8"))["cards"]:
            if not isinstance(entry.get("effects"), list) or not entry["effects"]:
                continue
            effects, unread = compile_entry(entry, str(path))
            if unread:
                other[entry["name"]] = list(unread)
            elif same_program(effects, entry["effects"]):
                same.append(entry["name"])
            else:
                other[entry["name"]] = ["reads differently"]
    return same, other


def explain_card(card: Any, words: dict[str, str] | None = None) -> list[str]:
    """How the engine reads a card, in words: where its program comes from (its text, or effects written by hand),
    each effect step by step (:func:`~tcgkit.core.cardtext.explain_effect`), and each phrase of its text left unread.
    ``words`` adds a game's words for its triggers and zones (e.g. ``{"on_attack": "it attacks"}``).

    >>> from tcgkit.core.cards import CardDef, Effect, Step
    >>> card = CardDef("x", "Zap", "spell", {}, frozenset(), (Effect("play", (Step("draw", {"count": 2}),)),),
    ...                "Draw 2 cards.", {"unread": ()})
    >>> explain_card(card)[2:]
    ['played from its text, every phrase read', 'when played:', '  draw 2 card(s)']
    """
    from tcgkit.core import cardtext

    cardtext.WORDS.update(words or {})
    unread = card.fields.get("unread")
    lines = [f"{card.name} ({card.type})", f"text: {card.text}" if card.text else "no rules text"]
    if unread is None:
        lines.append("effects written by hand in the card file" if card.effects else "no effects")
    else:
        lines.append("played from its text, " + ("every phrase read" if not unread else
                                                  f"PARTLY: {len(unread)} phrase(s) not read"))
    for eff in card.effects:
        head, *steps = cardtext.explain_effect(eff)
        lines.append(head)
        if eff.cost:
            lines.append("  cost: " + "; ".join(cardtext.explain_steps(eff.cost)))
        lines.extend(steps)
    lines.extend(f"NOT READ (the card does not do this): {u}" for u in unread or ())
    return lines


def canonical(effects: Any) -> Any:
    """Effects in a form where two programs that do the same compare equal: prompts dropped (words for people),
    names bound by ``choose`` renamed in order (``t1``, ``t2``...), counter kinds too (``c1``...), a ``trigger``
    without ``kind`` made ``triggered`` and a missing ``kind`` made ``play``.

    >>> a = [{"steps": [{"choose": {"name": "victim", "from": "x", "prompt": "who?"}},
    ...                 {"destroy": {"target": "victim"}}]}]
    >>> b = [{"kind": "play", "steps": [{"choose": {"name": "t", "from": "x"}}, {"destroy": {"target": "t"}}]}]
    >>> canonical(a) == canonical(b)
    True
    """
    data = json.loads(json.dumps(effects or []))
    names: dict[str, str] = {}

    def collect(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "choose" and isinstance(v, dict) and isinstance(v.get("name"), str):
                    names.setdefault(v["name"], f"t{len(names) + 1}")
                if k == "counter" and isinstance(v, str):
                    names.setdefault(v, f"c{len(names) + 1}")
                collect(v)
        elif isinstance(x, list):
            for v in x:
                collect(v)

    def rename(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: rename(v) for k, v in x.items() if k != "prompt"}
        if isinstance(x, list):
            return [rename(v) for v in x]
        return names.get(x, x) if isinstance(x, str) else x

    collect(data)
    out = rename(data)
    for eff in out if isinstance(out, list) else []:
        if isinstance(eff, dict):
            eff.setdefault("kind", "triggered" if "trigger" in eff else "play")
    return out


def same_program(compiled: Any, written: Any) -> bool:
    """Whether the effects read from a card's text do what its hand-written ``effects`` do (see :func:`canonical`).

    >>> same_program([{"kind": "play", "steps": [{"draw": {"count": 2}}]}], [{"steps": [{"draw": {"count": 2}}]}])
    True
    """
    return canonical(compiled) == canonical(written)


__all__ = ["FROM_TEXT", "canonical", "explain_card", "measure", "prepare_from_text", "same_program"]
