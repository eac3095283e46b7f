"""Card text as the program: a shared phrase library that turns printed rules text into the effect language.

A game builds a :class:`Phrasebook` on the common grammar pieces below (numbers, articles, "N cards", selectors
such as "an enemy creature" or "a friendly creature", durations such as "this turn", stat changes "+X/+Y"), adds its
own phrases (a grammar rule written like the card's own template, plus a function that turns what the rule read into
effect-language data), and reads each card's text with :meth:`Phrasebook.read`. What no phrase reads is reported as
:class:`UnreadText` (the phrase, the card, the file), never dropped: the card is then *partly* executable.

Why Lark: it is a well-kept, pure-Python parsing library with no build step; its grammars are plain EBNF text that a
designer can read next to the cards (``"draw"i count "cards"i`` reads like "Draw N cards"); and its Earley parser
accepts the ambiguous, overlapping phrasings natural card text is full of, which a hand-written regex chain or an
LALR-only generator (PLY, sly) would force us to contort. Case-insensitive literals (``"draw"i``) cover printed
capitalisation differences.

>>> book = Phrasebook("demo")
>>> book.phrase("draw", '"draw"i n_cards', lambda n: {"effects": [{"draw": {"count": n}}]})
>>> book.phrase("hurt", '"deal"i count "damage to"i enemy_creature',
...             lambda n, who: {"effects": [{"damage": {"target": who, "amount": n}}]})
>>> book.start("sentence: draw | hurt")
>>> r = book.read("Draw two cards. Deal 3 damage to an enemy creature. Sing a song.", card="Zap", file="x.yaml")
>>> r.parts["effects"][0]
{'draw': {'count': 2}}
>>> r.parts["effects"][1]["damage"]["amount"]
3
>>> [str(u) for u in r.unread]
["x.yaml: card Zap: cannot read 'Sing a song.'"]
>>> r.fully
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError, VisitError

#: Number words of card text.
NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "once": 1, "twice": 2, "single": 1}

#: The common grammar pieces every game may use in its phrases (Lark EBNF; ``"..."i`` is case-insensitive).
COMMON_GRAMMAR = r"""
// ---- numbers: "3", "three", "a"/"an" where a count is meant ("draw a card")
count: INT -> num_int
     | NUMWORD -> num_word
count_or_a: count | ARTICLE_A -> num_one
NUMWORD.2: /(zero|one|two|three|four|five|six|seven|eight|nine|ten)\b/i
ARTICLE_A: /an?\b/i
article: /(an?|the)\b/i
// ---- "N cards", "a card"
n_cards: count_or_a ("cards"i | "card"i)
// ---- a stat change "+X/+Y", "-1/-1", "0/+2" (power/resolve)
STATS: /[+-]?\d+\s*\/\s*[+-]?\d+/
stat_change: STATS
// ---- durations
duration: "this turn"i -> dur_turn
        | "until the end of"i ("the"i | "this"i) "turn"i -> dur_turn
        | "until end of turn"i -> dur_turn
        | "until the start of your next turn"i -> dur_next_turn
        | "permanently"i -> dur_permanent
// ---- selectors of one creature (a target)
CREATURE_WORD: /creature( card)?s?\b/i
enemy_creature: [article] ("enemy"i | "opposing"i | "opponent's"i | "opponents"i | "an opponent's"i) CREATURE_WORD
friendly_creature: [article] "friendly"i CREATURE_WORD
                 | [article] CREATURE_WORD "you control"i
                 | [article] CREATURE_WORD "that you control"i
                 | [article] CREATURE_WORD "on your side of the field"i
any_creature: [article] CREATURE_WORD
%import common.INT
%import common.WS
%ignore WS
"""


@dataclass(frozen=True)
class UnreadText:
    """A piece of rules text no phrase of the game reads: reported with the card and the file.

    >>> str(UnreadText("Sing a song.", "Bard", "set.json"))
    "set.json: card Bard: cannot read 'Sing a song.'"
    """

    phrase: str
    card: str
    file: str

    def __str__(self) -> str:
        return f"{self.file}: card {self.card}: cannot read {self.phrase!r}"


@dataclass
class Reading:
    """What a card's text was read as: ``parts`` (lists merged from every phrase, e.g. ``effects``, ``keywords``),
    the phrases read (``read``, in order, for explanations) and the text left unread."""

    parts: dict[str, list[Any]] = field(default_factory=dict)
    read: list[str] = field(default_factory=list)
    unread: list[UnreadText] = field(default_factory=list)

    @property
    def fully(self) -> bool:
        """Every phrase of the text was read."""
        return not self.unread

    @property
    def fields(self) -> dict[str, Any]:
        """The printed fields the phrases gave (their ``fields`` parts, merged in order; a later one wins).

        >>> r = Reading({"fields": [{"class": "Tank"}, {"uses": 3}]})
        >>> r.fields
        {'class': 'Tank', 'uses': 3}
        """
        out: dict[str, Any] = {}
        for f in self.parts.get("fields", ()):
            out.update(f)
        return out

    def merge(self, part: Any) -> None:
        """Add a phrase's output: a mapping of lists (or a list of such mappings) is appended key by key."""
        if part is None:
            return
        if isinstance(part, list):
            for p in part:
                self.merge(p)
            return
        if not isinstance(part, dict):
            raise TypeError(f"a phrase produces a mapping of lists, not {part!r}")
        for key, values in part.items():
            self.parts.setdefault(key, []).extend(values if isinstance(values, list) else [values])


def default_split(text: str) -> list[str]:
    """Sentences of a text (a full stop followed by a space; none inside parentheses or quotes).

    >>> default_split("Draw a card. Then (if any. ) discard one.")
    ['Draw a card.', 'Then (if any. ) discard one.']
    """
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == "." and depth == 0 and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(text[start:i + 1].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return [s for s in out if s]


class _Common(Transformer):
    """Values of the common grammar pieces."""

    def num_int(self, c: list[Token]) -> int:
        return int(c[0])

    def num_word(self, c: list[Token]) -> int:
        return NUMBER_WORDS[str(c[0]).lower()]

    def num_one(self, c: list[Token]) -> int:
        return 1

    def count_or_a(self, c: list[Any]) -> int:
        return c[0]

    def n_cards(self, c: list[Any]) -> int:
        return c[0]

    def article(self, c: list[Token]) -> str:
        return str(c[0]).lower()

    def stat_change(self, c: list[Token]) -> tuple[int, int]:
        p, r = str(c[0]).replace(" ", "").split("/")
        return int(p), int(r)

    def dur_turn(self, c: list[Any]) -> str:
        return "turn"

    def dur_next_turn(self, c: list[Any]) -> str:
        return "next_turn"

    def dur_permanent(self, c: list[Any]) -> str:
        return "permanent"

    def enemy_creature(self, c: list[Any]) -> dict[str, Any]:
        return {"who": "opponent", "what": "creature"}

    def friendly_creature(self, c: list[Any]) -> dict[str, Any]:
        return {"who": "you", "what": "creature"}

    def any_creature(self, c: list[Any]) -> dict[str, Any]:
        return {"who": "each", "what": "creature"}


Build = Callable[..., Any]


class Phrasebook:
    """A game's grammar: the common pieces plus the game's own phrases, and the reader of card text.

    ``phrase(name, body, build)`` adds the rule ``name: body``; when it matches, ``build`` is called with what the
    rule's parts read (named pieces and terminals in order; quoted literals are dropped) and returns the phrase's
    output, a mapping of lists (``{"effects": [...]}``) merged into the card's :class:`Reading`. ``rule`` adds a
    helper rule whose value is given by ``build`` too (or its children's list when ``build`` is None).
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self._rules: list[str] = []
        self._builds: dict[str, Build] = {}
        self._phrase_names: list[str] = []
        self._start = ""
        self._parser: Lark | None = None
        self._cache: dict[str, Any] = {}

    def rule(self, name: str, body: str, build: Build | None = None) -> None:
        """A helper rule (``name: body``) with an optional value builder (default: the list of its children)."""
        self._rules.append(f"{name}: {body}")
        if build is not None:
            self._builds[name] = build
        self._parser = None

    def phrase(self, name: str, body: str, build: Build) -> None:
        """A phrase: a rule whose ``build`` produces effect-language output (a mapping of lists)."""
        self.rule(name, body, build)
        self._phrase_names.append(name)

    def grammar_text(self, name: str, text: str) -> None:
        """Raw Lark grammar (several rules, terminals) a game keeps in a ``.lark`` file; builders via :meth:`build`.
        A long phrase may go on over indented lines (joined to the line above; a line starting with ``|`` is an
        alternative, as in Lark)."""
        self._rules.append(join_continuations(text))
        self._parser = None

    def build(self, name: str, fn: Build) -> None:
        """The value builder of a rule written in raw grammar text."""
        self._builds[name] = fn

    def start(self, rule: str) -> None:
        """The top rule of one piece of text (``sentence: a | b``), read once per split piece or whole text."""
        self._start = rule
        self._parser = None

    def start_with_phrases(self, name: str = "sentence") -> None:
        """The top rule ``name``: any one of the game's phrases (those added so far, in order)."""
        self.start(f"{name}: " + " | ".join(self._phrase_names))

    @property
    def phrases(self) -> list[str]:
        """The names of the game's phrases, in the order they were added."""
        return list(self._phrase_names)

    def grammar(self) -> str:
        """The whole grammar (the common pieces, the game's rules, the start rule), as Lark text."""
        return "\n".join([COMMON_GRAMMAR, *self._rules, self._start])

    def parser(self) -> Lark:
        if self._parser is None:
            start = self._start.split(":", 1)[0].strip()
            self._parser = Lark(self.grammar(), start=start, parser="earley", ambiguity="resolve",
                                propagate_positions=False)
        return self._parser

    def _transformer(self) -> Transformer:
        builds = self._builds

        class _Game(_Common):
            def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
                fn = builds.get(str(data))
                if fn is None:
                    return children if len(children) != 1 else children[0]
                return fn(*children)

        for name in builds:
            if hasattr(_Common, name):
                setattr(_Game, name, lambda self, c, _fn=builds[name]: _fn(*c))
        return _Game()

    def parse(self, text: str) -> Any:
        """Read one piece of text with the start rule; raises :class:`lark.exceptions.LarkError` if no phrase does."""
        text = text.strip().rstrip(".").strip()
        if text in self._cache:
            return self._cache[text]
        tree = self.parser().parse(text)
        try:
            value = self._transformer().transform(tree)
        except VisitError as exc:
            raise ValueError(f"phrase {exc.rule!r} could not build its effect: {exc.orig_exc}") from None
        self._cache[text] = value
        return value

    def read(self, text: str, card: str, file: str, split: Callable[[str], list[str]] = default_split) -> Reading:
        """Read a card's text: the whole text at once if a phrase reads it, else piece by piece (``split``);
        each piece no phrase reads is an :class:`UnreadText`."""
        reading = Reading()
        text = text.strip()
        if not text:
            return reading
        try:
            reading.merge(_unwrap(self.parse(text)))
            reading.read.append(text)
            return reading
        except (LarkError, ValueError):
            pass
        for piece in split(text):
            try:
                reading.merge(_unwrap(self.parse(piece)))
                reading.read.append(piece)
            except (LarkError, ValueError):
                reading.unread.append(UnreadText(piece, card, file))
        return reading


def join_continuations(text: str) -> str:
    r"""Join indented continuation lines of a grammar to the line above (Lark itself only continues on ``|``).

    >>> join_continuations('a: "x"\n   "y"\nb: c\n  | d')
    'a: "x" "y"\nb: c\n  | d'
    """
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if out and line[:1].isspace() and stripped and not stripped.startswith(("|", "//")) and out[-1].strip():
            out[-1] = out[-1].rstrip() + " " + stripped
        else:
            out.append(line)
    return "\n".join(out)


def _unwrap(value: Any) -> Any:
    """A start rule's value: a phrase output, or (through pass-through rules) nested lists of them."""
    if isinstance(value, Tree):
        raise ValueError(f"no builder for rule {value.data!r}")
    if isinstance(value, list):
        return [_unwrap(v) for v in value if not isinstance(v, Token)]
    return value


_WORDS = {"draw": "draw {count} card(s)", "damage": "deal {amount} damage to {target}",
          "heal": "{target} heal(s) {amount}", "destroy": "destroy {target}", "discard": "discard {target}",
          "shuffle": "shuffle your deck", "tap": "tap {target}", "untap": "untap {target}",
          "gain": "gain {amount} {resource}", "choose": "choose {from}", "choose_option": "choose one: {options}",
          "summon": "summon {target}", "modify": "{target} get(s) {by} {stat} ({until})",
          "grant": "{target} gain(s) the keyword {keyword} ({until})", "ungrant": "{target} lose(s) {keyword}",
          "move": "move {target} to {to}", "search": "search {from} for {filter}, to {to}",
          "token": "create a {card} token", "add_status": "{target} become(s) {status}",
          "coin": "flip {times} coin(s)", "lose_plasma": "lose {amount} plasma", "lose_hs": "lose {amount} "
          "lifeshards", "reset_resolve": "reset the resolve of {target}", "bf_damage": "deal {amount} battlefield "
          "damage to {target}", "add_counter": "put a {counter} counter on {target}"}

#: Words for selectors, zones, players, hooks and durations in explanations; a game adds its own (hook names).
WORDS: dict[str, str] = {
    "you": "you", "opponent": "the opponent", "each": "each player", "both": "both players", "self": "this card",
    "host": "the creature it is attached to", "field": "creatures", "board": "cards in play", "hand": "hand",
    "discard": "discard pile", "deck": "deck", "turn": "until the end of the turn", "permanent": "for good",
    "source": "while this card stays in play", "temp": "plasma this turn", "plasma": "plasma",
    "next": "plasma at the start of your next turn", "t": "that card", "chosen": "that card",
}


def explain_steps(steps: Iterable[Any], depth: int = 0) -> list[str]:
    """Effect-language steps in words, one line each (branches indented), for ``--explain``.

    >>> explain_steps([{"draw": {"count": 2}}, {"if": {"condition": {"coin": "heads"}, "then": [{"tap": "self"}]}}])
    ['draw 2 card(s)', 'if coin heads:', '  tap this card']
    """
    out: list[str] = []
    pad = "  " * depth
    for step in steps:
        verb, params = next(iter(step.items())) if isinstance(step, dict) else (getattr(step, "verb", "?"),
                                                                                  dict(getattr(step, "params", {})))
        if not isinstance(params, dict):
            params = {"amount": params, "target": params}
        if verb == "if":
            out.append(f"{pad}if {words(params.get('condition'))}:")
            out.extend(explain_steps(params.get("then") or [], depth + 1))
            if params.get("else"):
                out.append(f"{pad}otherwise:")
                out.extend(explain_steps(params["else"], depth + 1))
            continue
        if verb == "may":
            out.append(f"{pad}you may:")
            out.extend(explain_steps(params.get("then") or [], depth + 1))
            continue
        if verb == "hook":
            rest = {k: v for k, v in params.items() if k != "name"}
            name = str(params.get("name", ""))
            out.append(pad + WORDS.get(name, name.split(".")[-1].replace("_", " "))
                       + (f" ({words(rest)})" if rest else ""))
            continue
        template = _WORDS.get(verb)
        values = {k: words(v) for k, v in params.items()}
        if isinstance(params.get("by"), int):
            values["by"] = f"{params['by']:+d}"
        try:
            line = template.format(**{**_DEFAULTS, **values}) if template else None
        except (KeyError, ValueError, IndexError):
            line = None
        out.append(pad + (line or f"{verb.replace('_', ' ')} {words(params)}".strip()))
    return out


_DEFAULTS = {"count": 1, "amount": 1, "target": "it", "until": "until the end of the turn", "resource": "",
             "options": "", "from": "", "filter": "", "to": "", "card": "", "stat": "", "by": 0, "keyword": "",
             "status": "", "times": 1, "counter": ""}


def words(value: Any) -> str:
    """A selector, condition or amount in plain words (best effort; hook names through :data:`WORDS`).

    >>> words({"zone": "opponent.field", "filter": {"type": "creature"}})
    "one of the opponent's creatures (creature)"
    """
    if value is None:
        return ""
    if isinstance(value, str):
        if value in WORDS:
            return WORDS[value]
        if "." in value and value.split(".", 1)[0] in ("you", "opponent", "each", "both"):
            who, zone = value.split(".", 1)
            return f"{_POSSESSIVE[who]} {WORDS.get(zone, zone)}"
        return WORDS.get(value, value.replace("_", " "))
    if isinstance(value, dict):
        if "compare" in value and isinstance(value["compare"], list | tuple) and len(value["compare"]) == 3:
            a, op, b = value["compare"]
            return f"{words(a)} {op} {words(b)}"
        if "filter" in value and "zone" not in value:
            rest = {k: v for k, v in value.items() if k != "filter"}
            flt = ", ".join(_filter_words(k, v) for k, v in value["filter"].items())
            return f"a card ({flt})" + (f", {words(rest)}" if rest else "")
        if "zone" in value:
            flt = value.get("filter") or {}
            extra = ", ".join(_filter_words(k, v) for k, v in flt.items())
            return f"one of {words(value['zone'])}" + (f" ({extra})" if extra else "")
        return ", ".join(f"{k.replace('_', ' ')} {words(v)}".strip() for k, v in value.items())
    if isinstance(value, list | tuple):
        return " and ".join(words(v) for v in value)
    return str(value)


_POSSESSIVE = {"you": "your", "opponent": "the opponent's", "each": "any player's", "both": "any player's"}


def _filter_words(key: str, value: Any) -> str:
    if key == "hook":
        return WORDS.get(str(value), str(value).split(".")[-1].replace("_", " "))
    if key in ("type", "name", "tag", "status"):
        return words(value)
    if key == "other":
        return "another"
    if key == "tapped":
        return "tapped" if value else "untapped"
    return f"{key} {words(value)}"


def explain_effect(effect: Any) -> list[str]:
    """One effect (a mapping or an :class:`~tcgkit.core.cards.Effect`) in words: when it works, then its steps."""
    get = effect.get if isinstance(effect, dict) else (lambda k, d=None: getattr(effect, k, d))
    kind, params = get("kind"), dict(get("params") or {})
    trigger = str(get("trigger") or "")
    own = params.get("self") or params.get("activate")
    head = {"play": "when played", "activated": "an action", "static": "always",
            "triggered": f"when this card is {trigger}" if own else f"when {words(trigger or 'it happens')}"
            }.get(kind, str(kind))
    if params.get("activate"):
        head += ", you may use it right after"
    costs = [w for k, w in (("tap", "tap this card"), ("sacrifice", "destroy this card")) if params.get(k)]
    if params.get("plasma"):
        costs.append(f"pay {params['plasma']} plasma")
    if params.get("hs"):
        costs.append(f"pay {params['hs']} lifeshards")
    if costs:
        head += " (cost: " + ", ".join(costs) + ")"
    if get("limit"):
        head += f", {str(get('limit')).replace('_', ' ')}"
    if get("condition"):
        head += f", if {words(get('condition'))}"
    lines = [head + ":"]
    steps = get("steps") or ()
    lines += explain_steps(steps, 1) if steps else [f"  {words(params)}"]
    return lines


__all__ = ["COMMON_GRAMMAR", "NUMBER_WORDS", "WORDS", "Phrasebook", "Reading", "UnreadText", "default_split",
           "explain_effect", "explain_steps", "join_continuations", "words"]
