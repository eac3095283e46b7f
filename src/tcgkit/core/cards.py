"""Card definitions (immutable, loaded from data) and the card file loader.

A :class:`CardDef` is what is printed on a card; a card *in play* is an instance id in a zone of a
:class:`~tcgkit.core.state.GameState`, with its mutable state kept apart (:class:`~tcgkit.core.state.CardState`).

Card files are YAML: a top-level ``cards:`` list, each entry validated by the game's pydantic model, and each
``effects:`` entry parsed into an :class:`Effect` whose steps use the documented vocabulary (``docs/cards.md``).
Any error names the file, the card and the field:

>>> from pydantic import BaseModel
>>> class Minimal(BaseModel):
...     name: str
...     type: str
...     power: int = 0
>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "bad.yaml"
>>> _ = p.write_text("cards:\\n  - {name: Imp, type: unit, power: lots}\\n")
>>> try:
...     load_card_file(p, Minimal, lambda m, effects: CardDef(m.name, m.name, m.type))
... except CardDataError as e:
...     print(str(e).split(": ", 1)[1])
card Imp: field power: Input should be a valid integer, unable to parse string as an integer
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from tcgkit.core.errors import CardDataError
from tcgkit.core.inputs import InputError, load_yaml

EMPTY: Mapping[str, Any] = {}


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an effect: a verb and its parameters (see ``docs/cards.md``)."""

    verb: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True, slots=True)
class Effect:
    """An ability of a card, as data.

    ``kind`` is one of:

    - ``play``: resolves when the card itself is played (spells, events, instants, "on summon" text);
    - ``triggered``: resolves when an event of kind ``trigger`` happens and ``condition`` holds;
    - ``activated``: a player may activate it as an action, paying ``cost`` first;
    - ``static``: always on while its card is in a zone where it works; read by the ruleset (``params``).
    """

    kind: str
    steps: tuple[Step, ...] = ()
    trigger: str | None = None
    cost: tuple[Step, ...] = ()
    condition: Any = None
    optional: bool = False
    limit: str | None = None
    zone: str | None = None
    text: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as printed: immutable and shared by every instance and every clone of a game.

    ``stats`` holds the card's numbers (power, level, hp...), ``tags`` its keywords, subtypes, classes and
    attributes (for filters), ``fields`` any other printed field the game keeps (rarity, faction, requirement...).
    """

    key: str
    name: str
    type: str
    stats: Mapping[str, int] = field(default_factory=dict)
    tags: frozenset[str] = frozenset()
    effects: tuple[Effect, ...] = ()
    text: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict)
    #: the triggered effects by the event kind they listen to: kind -> ((index, effect), ...) in printed order,
    #: worked out once, so that an event reaches only the effects listening to it.
    triggers: Mapping[str, tuple[tuple[int, Effect], ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_kind: dict[str, list[tuple[int, Effect]]] = {}
        for i, e in enumerate(self.effects):
            if e.kind == "triggered" and e.trigger:
                by_kind.setdefault(e.trigger, []).append((i, e))
        object.__setattr__(self, "triggers", {k: tuple(v) for k, v in by_kind.items()})

    def stat(self, name: str, default: int = 0) -> int:
        """A printed number, or ``default`` when the card has none."""
        return self.stats.get(name, default)

    def has(self, tag: str) -> bool:
        """Whether the card carries a tag (keyword, subtype, class, attribute)."""
        return tag in self.tags

    def effects_of(self, kind: str) -> tuple[Effect, ...]:
        """The card's effects of one kind (``play``, ``triggered``, ``activated``, ``static``)."""
        return tuple(e for e in self.effects if e.kind == kind)



class CardList(list):
    """A game's card definitions by card id (``state.defs``), with the facts a game works out from them once.

    The list is never changed in place: a token makes a new list that extends the old one
    (:meth:`~tcgkit.core.state.GameState.add_instance`), so a fact worked out from a list holds as long as the list
    does, in every clone that shares it. ``fact(name, build)`` is ``build(defs)`` on first use, then kept; a fact is
    an immutable value (tuples, frozensets, read-only dicts) that no caller changes. ``base`` is the list this one
    extends (None for a game's first list), so that a costly fact can be extended by the new cards rather than
    worked out again. Facts are not pickled (a copy works them out again) and never shown.

    >>> imp, orc = CardDef("imp", "Imp", "unit"), CardDef("orc", "Orc", "unit")
    >>> defs = CardList([imp, orc])
    >>> names = defs.fact("names", lambda ds: tuple(d.name for d in ds))
    >>> names, defs.fact("names", lambda ds: ()) is names
    (('Imp', 'Orc'), True)
    >>> more = defs.extended(orc)
    >>> more.base is defs, more.fact("names", lambda ds: tuple(d.name for d in ds))
    (True, ('Imp', 'Orc', 'Orc'))
    """

    __slots__ = ("facts", "base")

    def __init__(self, defs: Iterable[CardDef] = (), base: CardList | None = None) -> None:
        super().__init__(defs)
        #: name -> a fact worked out from this list (:meth:`fact`)
        self.facts: dict[str, Any] = {}
        #: the list this one extends by a token's definition, or None
        self.base = base

    def fact(self, name: str, build: Callable[[CardList], Any]) -> Any:
        """The fact ``name`` of this list: ``build(self)`` the first time, the same object after."""
        facts = self.facts
        if name in facts:
            return facts[name]
        value = facts[name] = build(self)
        return value

    def extended(self, definition: CardDef) -> CardList:
        """A new list: this one and ``definition`` (its id is ``len(self)``)."""
        return CardList((*self, definition), self)

    def __reduce__(self) -> tuple:
        return CardList, (list(self),)



def trigger_listeners(defs: CardList) -> Mapping[str, frozenset[int]]:
    """Event kind -> the ids of the cards with a triggered effect listening to it (``CardDef.triggers``): a fact of
    the card list, worked out once. An event of a kind no card listens to needs no scan of the board.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("tgc").new_game(list(get_rules("tgc").decks().values())[:2], seed=1)
    >>> listeners = trigger_listeners(state.defs)
    >>> all(kind in state.defs[c].triggers for kind, ids in listeners.items() for c in ids)
    True
    >>> trigger_listeners(state.clone().defs) is listeners
    True
    """
    return defs.fact("core.trigger_listeners", _trigger_listeners)


def _trigger_listeners(defs: CardList) -> dict[str, frozenset[int]]:
    by_kind: dict[str, list[int]] = {}
    for card, d in enumerate(defs):
        for kind in d.triggers:
            by_kind.setdefault(kind, []).append(card)
    return {kind: frozenset(ids) for kind, ids in by_kind.items()}


# ---------------------------------------------------------------------------------------------- effect parsing

#: Keys an effect mapping may have besides its steps.
EFFECT_KEYS = {"kind", "steps", "trigger", "cost", "condition", "optional", "limit", "zone", "text", "params"}
EFFECT_KINDS = {"play", "triggered", "activated", "static"}


class EffectSyntaxError(ValueError):
    """An effect that does not follow the vocabulary; ``path`` says where inside the effect."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path


def parse_steps(raw: Any, verbs: Mapping[str, Any], path: str) -> tuple[Step, ...]:
    """Parse a list of ``{verb: params}`` mappings, checking each verb against ``verbs``."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise EffectSyntaxError(path, "must be a list of steps")
    steps = []
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, dict) or len(item) != 1:
            raise EffectSyntaxError(where, "a step is a mapping with exactly one verb, e.g. {draw: {count: 1}}")
        (verb, params), = item.items()
        if verb not in verbs:
            raise EffectSyntaxError(where, f"unknown verb {verb!r}; known: {', '.join(sorted(verbs))}")
        if params is None:
            params = {}
        elif not isinstance(params, dict):
            params = {"amount": params}
        spec = verbs[verb]
        allowed = spec.get("params") if isinstance(spec, dict) else None
        if allowed is not None:
            unknown = set(params) - set(allowed)
            if unknown:
                raise EffectSyntaxError(
                    where, f"{verb}: unknown parameter {sorted(unknown)[0]!r}; allowed: {', '.join(sorted(allowed))}"
                )
            required = spec.get("required", ())
            missing = [k for k in required if k not in params]
            if missing:
                raise EffectSyntaxError(where, f"{verb}: missing parameter {missing[0]!r}")
        for nested in ("then", "else", "steps"):
            if nested in params and verb != "hook":
                params = {**params, nested: parse_steps(params[nested], verbs, f"{where}.{verb}.{nested}")}
        steps.append(Step(verb, _freeze(params)))
    return tuple(steps)


def parse_effect(raw: Any, verbs: Mapping[str, Any], path: str) -> Effect:
    """Parse one effect mapping (see :class:`Effect`)."""
    if not isinstance(raw, dict):
        raise EffectSyntaxError(path, "an effect is a mapping with at least 'kind'")
    unknown = set(raw) - EFFECT_KEYS
    if unknown:
        raise EffectSyntaxError(f"{path}.{sorted(unknown)[0]}", f"unknown effect key; allowed: {sorted(EFFECT_KEYS)}")
    kind = raw.get("kind", "play" if "trigger" not in raw else "triggered")
    if kind not in EFFECT_KINDS:
        raise EffectSyntaxError(f"{path}.kind", f"must be one of {sorted(EFFECT_KINDS)}")
    if kind == "triggered" and not raw.get("trigger"):
        raise EffectSyntaxError(f"{path}.trigger", "a triggered effect needs a trigger (an event kind)")
    return Effect(
        kind=kind,
        steps=parse_steps(raw.get("steps"), verbs, f"{path}.steps"),
        trigger=raw.get("trigger"),
        cost=parse_steps(raw.get("cost"), verbs, f"{path}.cost"),
        condition=_freeze(raw.get("condition")),
        optional=bool(raw.get("optional", False)),
        limit=raw.get("limit"),
        zone=raw.get("zone"),
        text=str(raw.get("text", "")),
        params=_freeze(raw.get("params") or {}),
    )


def _freeze(value: Any) -> Any:
    """Lists become tuples so that parsed effects are hashable-ish and safe to share between clones."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


# ---------------------------------------------------------------------------------------------- card files

CardFactory = Callable[[Any, tuple[Effect, ...]], CardDef]
#: Completes a raw card entry before validation (``prepare(entry, source) -> entry``), e.g. compiles ``text:``.
Prepare = Callable[[dict[str, Any], str], dict[str, Any]]


EffectCheck = Callable[[Effect, str], list[tuple[str, str]]]


def load_card_file(
    path: str | Path,
    model: type[BaseModel],
    make_card: CardFactory,
    verbs: Mapping[str, Any] | None = None,
    check: EffectCheck | None = None,
    prepare: Prepare | None = None,
) -> list[CardDef]:
    """Load and validate one YAML card file.

    ``model`` validates each entry's printed fields; its ``effects`` (a list of mappings, if the entry has any) are
    parsed with the verb vocabulary ``verbs``; ``make_card(validated_model, effects)`` builds the :class:`CardDef`.
    ``prepare(entry, source)``, if given, first completes an entry (a game's card-text compiler turns ``text:`` into
    ``effects:`` there).
    """
    path = Path(path)
    try:
        doc = load_yaml(path, "card")
    except InputError as exc:
        raise CardDataError(str(path), None, None, exc.detail) from None
    return load_card_entries(doc, str(path), model, make_card, verbs, check, prepare)


def load_card_entries(
    doc: Any, source: str, model: type[BaseModel], make_card: CardFactory, verbs: Mapping[str, Any] | None = None,
    check: EffectCheck | None = None,
    prepare: Prepare | None = None,
) -> list[CardDef]:
    """Validate an already-parsed card document (``{"cards": [...]}``); see :func:`load_card_file`. ``check``
    (e.g. :func:`tcgkit.core.checks.effect_problems` for one game) finds what else is wrong in each effect."""
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardDataError(source, None, "cards", "a card file is a mapping with a 'cards' list")
    cards: list[CardDef] = []
    for index, entry in enumerate(doc["cards"]):
        label = _card_label(entry, index)
        if not isinstance(entry, dict):
            raise CardDataError(source, label, None, "a card is a mapping of fields")
        if prepare is not None:
            entry = prepare(entry, source)
        raw_effects = entry.get("effects") or []
        fields = {k: v for k, v in entry.items() if k != "effects"}
        try:
            validated = model.model_validate(fields)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or None
            raise CardDataError(source, label, where, err["msg"]) from None
        if not isinstance(raw_effects, list):
            raise CardDataError(source, label, "effects", "must be a list of effects")
        effects = []
        for i, raw in enumerate(raw_effects):
            try:
                effect = parse_effect(raw, verbs or {}, f"effects[{i}]")
            except EffectSyntaxError as exc:
                raise CardDataError(source, label, exc.path, str(exc)) from None
            problems = check(effect, f"effects[{i}]") if check is not None else ()
            if problems:
                raise CardDataError(source, label, problems[0][0], problems[0][1])
            effects.append(effect)
        try:
            cards.append(make_card(validated, tuple(effects)))
        except ValueError as exc:
            raise CardDataError(source, label, None, str(exc)) from None
    return cards


def _card_label(entry: Any, index: int) -> str:
    if isinstance(entry, dict) and entry.get("name"):
        return str(entry["name"])
    return f"#{index + 1}"


class CardPool:
    """All card definitions of one game, by key and by name.

    >>> pool = CardPool([CardDef("imp", "Fire Imp", "unit")])
    >>> pool.by_name("fire imp").key
    'imp'
    """

    def __init__(self, cards: Iterable[CardDef]) -> None:
        self.cards: dict[str, CardDef] = {}
        self._names: dict[str, CardDef] = {}
        for card in cards:
            if card.key in self.cards:
                raise CardDataError("card pool", card.name, "key", f"duplicate card key {card.key!r}")
            self.cards[card.key] = card
            self._names.setdefault(normalize_name(card.name), card)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards.values())

    def __contains__(self, key: str) -> bool:
        return key in self.cards or normalize_name(key) in self._names

    def get(self, key_or_name: str) -> CardDef:
        """A card by key, else by name (case-insensitive); ``KeyError`` when there is none."""
        card = self.cards.get(key_or_name) or self._names.get(normalize_name(key_or_name))
        if card is None:
            raise KeyError(key_or_name)
        return card

    def by_name(self, name: str) -> CardDef:
        return self._names[normalize_name(name)]


def normalize_name(name: str) -> str:
    """A card name as the pool looks it up: lower case, runs of spaces as one.

    >>> normalize_name("  Fire   IMP ")
    'fire imp'
    """
    return " ".join(name.lower().split())


@dataclass(frozen=True)
class Defect:
    """One defect an importer met in a card-set file: where it is and what the importer did about it.

    >>> str(Defect("set.json", "Ashen Brute", "power", "'x' is not a whole number", "read as 0"))
    "set.json: card Ashen Brute, field power: 'x' is not a whole number; read as 0"
    >>> str(Defect("decks.csv row 4", "", "", "the row is empty", "skipped"))
    'decks.csv row 4: the row is empty; skipped'
    """

    file: str
    card: str
    field: str
    problem: str
    done: str

    def __str__(self) -> str:
        where = ", ".join(x for x in (f"card {self.card}" if self.card else "",
                                       f"field {self.field}" if self.field else "") if x)
        return f"{self.file}: {where + ': ' if where else ''}{self.problem}; {self.done}"
