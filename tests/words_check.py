"""Walk random games with a strict :class:`~tcgkit.core.words.Words` and check every text a person may read.

Every event, action, choice, card, zone, number, refusal and result must have words (strict mode raises
:class:`~tcgkit.core.words.MissingWords` otherwise), no text may hold an internal key, a card id, a sentinel number
or ``None``, and no text a viewer gets may name a card that viewer cannot see.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tcgkit.bots import RandomBot, View
from tcgkit.core.actions import Action
from tcgkit.core.state import GameState
from tcgkit.core.words import Words, present
from tcgkit.games import get_rules

#: what never appears in a text for people: an underscore (internal keys), a card id, None, a sentinel number,
#: a Python repr (a list or tuple of items; square brackets alone are printed card text: costs, requirements).
BAD = re.compile(r"_|=|#\d|\bNone\b|\b(?:999|9999)\b|\['|\[\d|\[\(|\{|\}|<|>|\('|',|\bTrue\b|\bFalse\b")


@dataclass
class Seen:
    """What a walk met: counts per kind, for tests that check coverage."""

    events: set[str] = field(default_factory=set)
    actions: set[str] = field(default_factory=set)
    refusals: int = 0
    clauses: int = 0
    decisions: int = 0
    texts: int = 0


def strict_words(game: str) -> Words:
    """A strict Words of ``game`` (a new instance: the shared ``rules.words`` is left as it is)."""
    rules = get_rules(game)
    words = rules.WORDS(rules)
    words.strict = True
    return words


#: sentinel numbers of a game's internal state ("until it leaves play" is stored as 1000 in Guardian Realms); Perfect
#: TCG's Power is counted in thousands, so 1000 is a real number there.
SENTINELS = {"guardian-realms": re.compile(r"\b1000\b")}


def check_text(words: Words, text: str | None, where: str) -> None:
    assert text, f"{where}: no text"
    m = BAD.search(text)
    assert m is None, f"{where}: internal detail {m.group()!r} in {text!r}"
    sentinel = SENTINELS.get(words.rules.id)
    assert sentinel is None or not sentinel.search(text), f"{where}: a sentinel number in {text!r}"
    for key in words.INTERNAL:
        assert re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text) is None, f"{where}: key {key!r} in {text!r}"


def hidden_names(state: GameState, viewer: int) -> re.Pattern | None:
    """A pattern of the names of cards ``viewer`` cannot see that no visible card (name or text) mentions."""
    seen = [d.name for c, d in enumerate(state.defs) if state.loc[c][1] and state.visible(c, viewer)]
    seen += [d.text for c, d in enumerate(state.defs) if state.loc[c][1] and state.visible(c, viewer)]
    names_by_key = {d.key: d.name for d in state.defs}
    for ev in state.log:  # what was shown to the viewer alone: a card, or a card named by its key
        if ev.private == viewer:
            seen += [state.defs[ev.card].name] if ev.card >= 0 else []
            seen += [names_by_key[x] for x in ev.data if isinstance(x, str) and x in names_by_key]
    if state.result is None and state.current == viewer:  # the words of the viewer's own options are theirs
        seen += [a for act in state.legal_actions() for a in act.args if isinstance(a, str)]
    known = " \n ".join(seen)
    hidden = {d.name for c, d in enumerate(state.defs) if state.loc[c][1] and not state.visible(c, viewer)}
    names = sorted((n for n in hidden if n not in known), key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


def view_texts(words: Words, state: GameState, viewer: int, log_from: int) -> Iterator[tuple[str, str]]:
    """(where, text) for everything ``viewer`` may read now (card rules text left out: it is printed data)."""
    view = present(state, viewer, log_tail=0, words=words)
    yield "phase", view["phase"]
    for p in view["players"]:
        yield "player", p["name"]
        for label, value in p["numbers"]:
            yield "number", f"{label} {value}"
        for z in p["zones"]:
            yield "zone", z["name"]
            for c in z["cards"] or ():
                yield "card", words.card(state, c["id"], viewer).line()
                yield "card kind", c["kind"]
    if view["choice"] is not None:
        yield "choice", view["choice"]
    for a in view["actions"]:
        yield f"action {Action.from_json(a['action']).text()}", a["text"]
    for text in words.log(state, viewer, log_from):
        yield "event", text
    if view["result"] is not None:
        yield "result", view["result"]


def illegal_variants(state: GameState, limit: int = 6) -> list[Action]:
    """Actions that are not legal now, made from the legal ones: another card, a missing or extra argument,
    another kind, and the same with card names quoted instead of ids."""
    legal = state.legal_actions()
    p = state.current
    mine = [c for c in range(len(state.defs)) if state.loc[c][1] and state.visible(c, p)]
    out: list[Action] = []
    kinds = sorted({a.kind for a in legal})
    for i, a in enumerate(legal[:limit]):
        ints = [j for j, x in enumerate(a.args) if type(x) is int]
        if ints and mine:
            j = ints[i % len(ints)]
            other = mine[(a.args[j] * 7 + i) % len(mine)]
            out.append(a._replace(args=(*a.args[:j], other, *a.args[j + 1:])))
        if a.args:
            out.append(a._replace(args=a.args[:-1]))
        out.append(a._replace(kind=kinds[(kinds.index(a.kind) + 1) % len(kinds)]))
    out = [b for b in out if b not in legal]
    quoted = [b._replace(args=tuple(state.defs[x].name if type(x) is int else x for x in b.args)) for b in out[:3]]
    return out + [q for q in quoted if q not in legal and state.parse_action(_text(state, q)) not in legal]


def _text(state: GameState, action: Action) -> str:
    return " ".join([action.kind, *(f'"{x}"' for x in action.args)])


def walk(game: str, seeds: range, max_decisions: int, refusal_every: int = 3,
         decks: Callable[[int], list] | None = None) -> Seen:
    """Play random games of ``game`` and check every text of every decision for both players; ``decks`` gives the
    two decks of a seed (the shipped decks, paired by seed, when None)."""
    rules = get_rules(game)
    words = strict_words(game)
    names = list(rules.decks())
    seen = Seen()
    for seed in seeds:
        pair = [names[seed % len(names)], names[(seed // len(names) + 1 + seed) % len(names)]]
        state = rules.new_game(decks(seed) if decks else pair, seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        marks = [0, 0]
        while True:
            for viewer in (0, 1):
                forbidden = hidden_names(state, viewer)
                for where, text in view_texts(words, state, viewer, marks[viewer]):
                    check_text(words, text, f"{game} seed {seed} viewer {viewer} {where}")
                    seen.texts += 1
                    if where != "card kind" and forbidden is not None:
                        m = forbidden.search(text)
                        assert m is None, (
                            f"{game} seed {seed}: {m.group()!r} is hidden from viewer {viewer} but named: {text!r}")
                marks[viewer] = len(state.log)
            seen.events.update(ev.kind for ev in state.log)
            if state.result is not None or seen.decisions >= max_decisions:
                break
            seen.actions.update(a.kind for a in state.legal_actions())
            if seen.decisions % refusal_every == 0:
                forbidden = hidden_names(state, state.current)
                for bad in illegal_variants(state):
                    why = words.refusal(state, bad)
                    check_text(words, why.why, f"{game} seed {seed} refusal of {bad.text()}")
                    m = forbidden.search(why.why) if forbidden is not None else None
                    assert m is None, f"{game} seed {seed}: refusal names hidden {m.group()!r}: {why.why!r}"
                    seen.refusals += 1
                    seen.clauses += why.clause is not None
            state.apply(bots[state.current].choose(View(state, state.current)))
            seen.decisions += 1
        if seen.decisions >= max_decisions:
            break
    return seen
