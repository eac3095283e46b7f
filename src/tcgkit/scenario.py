"""Scenario files: pin down a ruling as a position, some actions and what must then be true.

The format is documented in ``docs/scenarios.md``. In short::

    game: tgod
    name: an attack spends a battle star
    clauses: [TGOD-BATTLE-05]
    position:
      turn: 5
      active: 0
      phase: main
      players:
        - zones: {main: [Iron Knight], base: [Bastion], deck: [20 Iron Knight]}
        - zones: {main: [Shadow Tyrant], base: [Dark Keep], deck: [20 Shadow Tyrant]}
    steps:
      - do: attack "Iron Knight" "Shadow Tyrant"
      - expect: {card: {player: 0, name: Iron Knight, counters: {stars: 1}}}

A scenario starts from a ``position`` (cards placed by hand), from a ``setup`` (decks dealt by the game itself) or
checks a ``deck`` against the deck rules. Each expectation failing, each rejected action that was accepted and each
action that could not be played is reported as one readable line.

The runner is strict, so that a scenario cannot pass while testing nothing: a duplicate key, an unknown key, an
action cut short by a YAML comment (``do: activate #1 0``), a card name that matches no card, a ``card:`` that only
finds a copy in the deck and a ``reject:`` by a player who does not decide are errors naming the file and the key.

>>> doc = read_yaml("game: tgod\\ngame: tgc\\n", "x.yaml")
Traceback (most recent call last):
...
tcgkit.core.errors.ScenarioError: x.yaml: line 2: duplicate key 'game' (YAML would keep only the last one)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck, _entry
from tcgkit.core.errors import DeckFileError, IllegalAction, ScenarioError, TcgkitError
from tcgkit.core.rng import Rng
from tcgkit.core.state import Event, GameState
from tcgkit.games import get_rules

TOP_KEYS = {"game", "name", "clauses", "seed", "options", "position", "setup", "deck", "format", "violations",
            "steps", "actions", "expect", "description"}
POSITION_KEYS = {"turn", "active", "phase", "current_player", "vars", "players"}
PLAYER_KEYS = {"zones", "resources", "cards"}
CARD_SPEC_KEYS = {"name", "zone", "index", "tapped", "face_down", "counters", "status", "mods", "attach_to"}
SETUP_KEYS = {"decks"}
STEP_KINDS = ("do", "reject", "expect", "force")
STEP_EXTRA = {"do": {"player"}, "reject": {"player", "clause", "reason"}, "expect": set(), "force": set()}
EXPECT_KEYS = {
    "zone": {"player", "zone", "names", "count", "contains", "lacks"},
    "resource": {"player", "name", "equals"},
    "card": {"player", "name", "zone", "index", "tapped", "face_down", "counters", "status", "stats", "in_zone",
             "keywords", "no_keywords", "statuses", "no_statuses", "host", "attached"},
    "result": {"winner", "clause", "reason_contains"},
    "event": {"kind", "player", "card", "data"},
}
EXPECT_PLAIN = {"legal", "not_legal", "legal_exact", "not_legal_exact", "only_legal", "phase", "turn", "active",
                "current_player", "vars", "no_event", "events"}
#: expectations that may also be a list of mappings (several cards, zones or resources in one step)
LISTABLE = {"zone", "resource", "card"}
_TOKEN = re.compile(r'\s*(?:"([^"]*)"|\'([^\']*)\'|#(\d+)(?=\s|$)|([^\s"\']+))')
_CUT = re.compile(r"[ \t]+#\d")


# ---------------------------------------------------------------------------------------------- strict YAML
class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses what YAML would silently drop."""


def read_yaml(text: str, source: str) -> Any:
    """Read YAML text strictly: a duplicate key in any mapping, or a plain value followed on its line by a comment
    starting ``#<digit>`` (a card id that YAML cut off as a comment), is a :class:`ScenarioError`.

    >>> read_yaml("do: 'activate #1 0'", "s.yaml")
    {'do': 'activate #1 0'}
    >>> read_yaml("do: activate #1 0", "s.yaml")
    Traceback (most recent call last):
    ...
    tcgkit.core.errors.ScenarioError: s.yaml: line 1: key do: 'activate #1 0' is cut to 'activate' by YAML's comment \
sign; put the value in quotes
    """
    loader = _StrictLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_node(node, text, source)
        return loader.construct_document(node)
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{source}: not valid YAML: {' '.join(str(exc).split())}") from None
    finally:
        loader.dispose()


def _check_node(node: yaml.Node, text: str, source: str, key: str = "") -> None:
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for k, v in node.value:
            name = str(k.value) if isinstance(k, yaml.ScalarNode) else "?"
            if name in seen and name != "<<":
                raise ScenarioError(f"{source}: line {k.start_mark.line + 1}: duplicate key {name!r} (YAML would "
                                    "keep only the last one)")
            seen.add(name)
            _check_node(v, text, source, name)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _check_node(item, text, source, key)
    elif isinstance(node, yaml.ScalarNode) and node.style is None:
        end = node.end_mark.index
        line_end = text.find("\n", end)
        rest = text[end: len(text) if line_end < 0 else line_end]
        if _CUT.match(rest):
            whole = (node.value + rest).strip()
            raise ScenarioError(f"{source}: line {node.start_mark.line + 1}: key {key or '?'}: {whole!r} is cut to "
                                f"{node.value!r} by YAML's comment sign; put the value in quotes")


# ---------------------------------------------------------------------------------------------- the scenario
@dataclass
class Scenario:
    game: str
    name: str
    position: dict[str, Any]
    steps: list[dict[str, Any]]
    clauses: list[str] = field(default_factory=list)
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    setup: dict[str, Any] | None = None
    deck: dict[str, Any] | None = None
    format: str | None = None
    violations: list[str] | None = None


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file strictly (see :func:`read_yaml`); raises :class:`ScenarioError` naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return scenario_from_dict(read_yaml(text, str(path)), str(path))


def _keys(value: Any, where: str, allowed: set[str], what: str = "a mapping") -> dict:
    if not isinstance(value, dict):
        raise ScenarioError(f"{where}: must be {what}")
    unknown = sorted(str(k) for k in value if k not in allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(allowed))})")
    return value


def scenario_from_dict(doc: Any, source: str = "<scenario>") -> Scenario:
    """Check a scenario's structure and make a :class:`Scenario` (errors name the source and the key)."""
    doc = _keys(doc, source, TOP_KEYS, "a scenario: a mapping with game, and position, setup or deck")
    if not isinstance(doc.get("game"), str):
        raise ScenarioError(f"{source}: key game: required (a game id)")
    starts = [k for k in ("position", "setup", "deck") if k in doc]
    if len(starts) > 1:
        raise ScenarioError(f"{source}: keys {' and '.join(starts)}: a scenario has one of position, setup and deck")
    position = doc.get("position") or {}
    _keys(position, f"{source}: key position", POSITION_KEYS)
    steps = list(doc.get("steps") or [])
    steps += [{"do": a} for a in doc.get("actions") or []]
    steps += [{"expect": e} for e in doc.get("expect") or []]
    for i, s in enumerate(steps):
        _check_step(s, f"{source}: steps[{i}]")
    setup = doc.get("setup")
    if setup is not None:
        _keys(setup, f"{source}: key setup", SETUP_KEYS)
        if not isinstance(setup.get("decks"), list) or len(setup["decks"]) != 2:
            raise ScenarioError(f"{source}: key setup.decks: a list of two decks (shipped deck names or mappings)")
    deck = doc.get("deck")
    if "deck" in doc:
        if not isinstance(deck, dict):
            raise ScenarioError(f"{source}: key deck: a deck mapping (name and sections, as in a deck file)")
        if not isinstance(doc.get("violations"), list):
            raise ScenarioError(f"{source}: key violations: required with deck (a list of clause ids, [] if legal)")
        if steps:
            raise ScenarioError(f"{source}: key steps: a deck scenario has no steps")
    elif "violations" in doc or "format" in doc:
        key = "violations" if "violations" in doc else "format"
        raise ScenarioError(f"{source}: key {key}: only with deck (a deck scenario)")
    try:
        seed = int(doc.get("seed", 0))
    except (TypeError, ValueError):
        raise ScenarioError(f"{source}: key seed: must be an integer") from None
    return Scenario(doc["game"], str(doc.get("name", Path(source).stem)), position, steps,
                    list(doc.get("clauses") or []), seed, dict(doc.get("options") or {}), source,
                    setup, deck, doc.get("format"),
                    None if doc.get("violations") is None else [str(v) for v in doc["violations"]])


def _check_step(step: Any, where: str) -> None:
    kinds = [k for k in STEP_KINDS if isinstance(step, dict) and k in step]
    if len(kinds) != 1:
        raise ScenarioError(f"{where}: each step is {{do: action}}, {{reject: action}}, {{expect: {{...}}}} or "
                            "{force: {...}}")
    kind = kinds[0]
    _keys(step, f"{where}.{kind}", {kind} | STEP_EXTRA[kind])
    if kind == "expect":
        exp = step["expect"]
        if not isinstance(exp, dict):
            raise ScenarioError(f"{where}.expect: an expectation is a mapping, not {exp!r}")
        for key, want in exp.items():
            if key in EXPECT_KEYS:
                if want is None and key == "result":
                    continue
                for j, w in enumerate(want if isinstance(want, list) and key in LISTABLE else [want]):
                    _keys(w, f"{where}.expect.{key}" + (f"[{j}]" if isinstance(want, list) else ""), EXPECT_KEYS[key])
            elif key not in EXPECT_PLAIN:
                raise ScenarioError(f"{where}.expect: unknown expectation {key!r} (expectations: "
                                    f"{', '.join(sorted(set(EXPECT_KEYS) | EXPECT_PLAIN))})")
    elif kind == "force":
        _keys(step["force"], f"{where}.force", {"coin", "die"})
    elif not isinstance(step[kind], str):
        raise ScenarioError(f"{where}.{kind}: an action in its text form, not {step[kind]!r}")


# ---------------------------------------------------------------------------------------------- forced results
class ForcedRng(Rng):
    """The game's RNG with queues of forced coin and die results that a scenario set; once a queue is empty the
    results come from the seed again. Deterministic, and a clone keeps the same queues.

    >>> rng = ForcedRng(7)
    >>> rng.coins, rng.dice = (False, True), (6,)
    >>> rng.coin(), rng.coin(), rng.die(6)
    (False, True, 6)
    """

    __slots__ = ("coins", "dice")

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.coins: tuple[bool, ...] = ()
        self.dice: tuple[int, ...] = ()

    def coin(self) -> bool:
        if self.coins:
            heads, self.coins = self.coins[0], self.coins[1:]
            return heads
        return super().coin()

    def die(self, sides: int = 6) -> int:
        if self.dice:
            roll, self.dice = self.dice[0], self.dice[1:]
            if roll > sides:
                raise ScenarioError(f"a forced die result {roll} for a die of {sides} sides")
            return roll
        return super().die(sides)

    def clone(self) -> ForcedRng:
        r = ForcedRng.__new__(ForcedRng)
        r.state, r.coins, r.dice = self.state, self.coins, self.dice
        return r


def _force(state: GameState, spec: dict, where: str) -> None:
    rng = state.rng
    if not isinstance(rng, ForcedRng):
        rng = ForcedRng()
        rng.state = state.rng.state
        state.rng = rng
    coins = spec.get("coin") or []
    dice = spec.get("die") or []
    if not isinstance(coins, list) or any(c not in ("heads", "tails") for c in coins):
        raise ScenarioError(f"{where}.force.coin: a list of heads and tails")
    if not isinstance(dice, list) or any(type(d) is not int or d < 1 for d in dice):
        raise ScenarioError(f"{where}.force.die: a list of die results (1 or more)")
    rng.coins += tuple(c == "heads" for c in coins)
    rng.dice += tuple(dice)


# ---------------------------------------------------------------------------------------------- building a game
def build_position(scn: Scenario) -> GameState:
    """Make the game state a scenario's position (or setup) describes; a position that could not arise in a game
    (``Ruleset.position_problems``) is a :class:`ScenarioError`."""
    if scn.setup is not None:
        return _build_setup(scn)
    rules = get_rules(scn.game)
    pos = scn.position
    players = pos.get("players") or [{}, {}]
    if not isinstance(players, list) or len(players) != 2:
        raise ScenarioError(f"{scn.source}: key position.players: a list of two players")
    players = [_keys(pl or {}, f"{scn.source}: key players[{p}]", PLAYER_KEYS) for p, pl in enumerate(players)]
    state = _place_zones(scn, players)
    where = f"{scn.source}: key position"
    try:
        state.turn = int(pos.get("turn", 1))
        state.active = int(pos.get("active", 0))
        state.current = int(pos.get("current_player", state.active))
    except (TypeError, ValueError):
        raise ScenarioError(f"{where}: turn, active and current_player are integers") from None
    state.phase = str(pos.get("phase", "main"))
    if not isinstance(pos.get("vars") or {}, dict):
        raise ScenarioError(f"{where}.vars: a mapping of var names to values")
    state.vars.update({k: _frozen(v) for k, v in (pos.get("vars") or {}).items()})
    for p, pl in enumerate(players):
        resources = pl.get("resources") or {}
        if not isinstance(resources, dict):
            raise ScenarioError(f"{scn.source}: key players[{p}].resources: a mapping of names to numbers")
        state.res[p].update(resources)
        for name, value in rules.turn_resources(state, p).items():
            state.res[p].setdefault(name, value)
        for i, spec in enumerate(pl.get("cards") or []):
            _place_card_state(state, p, spec, f"{scn.source}: key players[{p}].cards[{i}]")
    problems = rules.position_problems(state)
    if problems:
        raise ScenarioError(f"{where}: not a legal position: {problems[0]}"
                            + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    try:
        rules.resume(state)
    except TcgkitError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    return state


def _place_zones(scn: Scenario, players: list[dict]) -> GameState:
    """A game state holding the cards of the players' ``zones`` (card instances in the order given)."""
    rules = get_rules(scn.game)
    pool = rules.pool()
    defs, owner, placements = [], [], []
    for p, pl in enumerate(players):
        zones = _keys(pl.get("zones") or {}, f"{scn.source}: key players[{p}].zones", set(rules.ZONES),
                      "a mapping of zone names to card lists")
        for zname, entries in zones.items():
            for i, entry in enumerate(entries or []):
                where = f"{scn.source}: key players[{p}].zones.{zname}[{i}]"
                try:
                    name, count = _entry(entry, where)
                    d = pool.get(name)
                except DeckFileError as exc:
                    raise ScenarioError(str(exc)) from None
                except KeyError:
                    raise ScenarioError(f"{where}: no card {name!r} in {scn.game}") from None
                for _ in range(count):
                    defs.append(d)
                    owner.append(p)
                    placements.append((len(defs) - 1, p, zname))
    state = GameState(rules, defs, owner, scn.seed, {**rules.OPTIONS, **scn.options})
    for card, p, zname in placements:
        state.place(card, p, zname)
    return state


def _place_card_state(state: GameState, p: int, spec: Any, where: str) -> None:
    spec = _keys(spec, where, CARD_SPEC_KEYS)
    card = _find_card(state, p, spec, where)
    st = state.card_state(card)
    st.tapped = bool(spec.get("tapped", False))
    st.face_down = bool(spec.get("face_down", False))
    st.counters.update(spec.get("counters") or {})
    st.status.update(spec.get("status") or {})
    for stat, by in (spec.get("mods") or {}).items():
        st.mods.append((stat, int(by), "permanent"))
    if "attach_to" in spec:
        host = _find_card(state, p, {"name": spec["attach_to"]}, f"{where}.attach_to")
        if state.loc[host][1] not in state.rules.PLAY_ZONES:
            raise ScenarioError(f"{where}.attach_to: {spec['attach_to']!r} of player {p} is in "
                                f"{state.loc[host][1]}, not in play")
        st.host = host
        state.card_state(host).attached.append(card)


def _build_setup(scn: Scenario) -> GameState:
    rules = get_rules(scn.game)
    decks: list[Deck | str] = []
    for i, d in enumerate(scn.setup["decks"] if scn.setup else []):
        where = f"{scn.source}: key setup.decks[{i}]"
        if isinstance(d, str):
            decks.append(d)
        elif isinstance(d, dict):
            try:
                decks.append(Deck.from_dict({"game": scn.game, "name": f"deck {i}", **d}, where))
            except DeckFileError as exc:
                raise ScenarioError(str(exc)) from None
        else:
            raise ScenarioError(f"{where}: a shipped deck's name or a deck mapping")
    try:
        return rules.new_game(decks, seed=scn.seed, options=scn.options)
    except TcgkitError as exc:
        raise ScenarioError(f"{scn.source}: key setup: {exc}") from None


def _frozen(v: Any) -> Any:
    """YAML lists as tuples: ``state.vars`` holds immutable values only."""
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


def _plain(v: Any) -> Any:
    """Tuples and frozensets as lists, to compare with what YAML reads."""
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, frozenset):
        return sorted(_plain(x) for x in v)
    return v


def _names(state: GameState) -> set[str]:
    return {d.name.lower() for d in state.defs}


def _known(state: GameState, name: Any, where: str) -> str:
    if str(name).lower() not in _names(state):
        raise ScenarioError(f"{where}: no card named {name!r} in the position")
    return str(name)


def _find_card(state: GameState, player: int, spec: dict, where: str) -> int:
    """The card a ``{name, zone, index}`` spec names (see :func:`_locate`); no such card is an error."""
    card = _locate(state, player, spec, where)
    if card is None:
        zone, nth = spec.get("zone"), int(spec.get("index", 0))
        raise ScenarioError(f"{where}: player {player} has no card {spec['name']!r}" + (f" in {zone}" if zone else "")
                            + (f" at index {nth}" if nth else ""))
    return card


def _locate(state: GameState, player: int, spec: dict, where: str) -> int | None:
    """The card a ``{name, zone, index}`` spec names, or None. Without ``zone`` a copy in the deck never matches,
    and a name with copies in several zones needs ``zone`` or ``index``: both are errors in the scenario."""
    name = spec.get("name")
    if name is None:
        raise ScenarioError(f"{where}: key name: required")
    _known(state, name, f"{where}.name")
    zone = spec.get("zone")
    if zone is not None and zone not in state.rules.ZONES:
        raise ScenarioError(f"{where}.zone: {state.rules.id} has no zone {zone!r}")
    deck = state.rules.DECK_ZONE
    found = [c for c in range(len(state.defs))
             if state.owner[c] == player and state.defs[c].name.lower() == str(name).lower()
             and (state.loc[c][1] == zone if zone is not None else state.loc[c][1] != deck)]
    if zone is None and not found and any(state.owner[c] == player and state.defs[c].name.lower() == str(name).lower()
                                          for c in range(len(state.defs))):
        raise ScenarioError(f"{where}: player {player} has {name!r} only in the {deck}; say zone: {deck} if "
                            "that is the card meant")
    if zone is None and "index" not in spec and len({state.loc[c][1] for c in found}) > 1:
        zones = ", ".join(sorted({state.loc[c][1] for c in found}))
        raise ScenarioError(f"{where}: player {player} has {name!r} in {zones}; say which with zone:")
    nth = int(spec.get("index", 0))
    return found[nth] if len(found) > nth else None


# ---------------------------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Pattern:
    """An action as a scenario writes it: a kind, then per argument ("name", text), ("id", n) or ("word", text)."""

    kind: str
    args: tuple[tuple[str, Any], ...]

    def matches(self, state: GameState, action: Action, exact: bool = True) -> bool:
        """Whether ``action`` is this pattern (``exact=False``: or this pattern followed by more arguments)."""
        if action.kind != self.kind or len(action.args) < len(self.args) or (exact and len(action.args) != len(
                self.args)):
            return False
        for (how, want), got in zip(self.args, action.args, strict=False):
            if how == "id":
                if got != want:
                    return False
            elif how == "name":
                if not (type(got) is int and state.defs[got].name.lower() == want.lower()) and got != want:
                    return False
            elif got != want:
                return False
        return True


def parse_pattern(state: GameState, text: str, where: str) -> Pattern:
    """Read an action text whole: ``kind`` then words, ``#id`` card ids and ``"Card Name"``s, in any mix.

    A name must match a card in the position and an id must exist; anything left unread is an error.
    """
    tokens: list[tuple[str, Any]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise ScenarioError(f"{where}: cannot read the action {text!r} past {text[pos:]!r}")
        pos = m.end()
        name, quoted_word, ident, word = m.groups()
        if name is not None:
            tokens.append(("name", _known(state, name, where)))
        elif quoted_word is not None:
            tokens.append(("word", quoted_word))
        elif ident is not None:
            if int(ident) >= len(state.defs):
                raise ScenarioError(f"{where}: no card #{ident} in the position ({len(state.defs)} cards)")
            tokens.append(("id", int(ident)))
        else:
            tokens.append(("word", word))
    if not tokens or tokens[0][0] != "word":
        raise ScenarioError(f"{where}: an action starts with its kind, not {text!r}")
    return Pattern(tokens[0][1], tuple(tokens[1:]))


def resolve_action(state: GameState, text: str, where: str) -> Action:
    """The action a scenario's text means: the legal action it matches, else its closest literal form (card names
    become the id of a copy of the deciding player outside the deck, when there is one) for the game to refuse."""
    pat = parse_pattern(state, text, where)
    for a in state.legal_actions():
        if pat.matches(state, a):
            return a
    args: list[int | str] = []
    for how, val in pat.args:
        args.append(_guess_card(state, val, args) if how == "name" else val)
    return Action(pat.kind, tuple(args))


def _guess_card(state: GameState, name: str, taken: list) -> int:
    """A copy of ``name``: not one already named in the action, outside the deck, the deciding player's first."""
    deck = state.rules.DECK_ZONE
    copies = [c for c in range(len(state.defs)) if state.defs[c].name.lower() == name.lower()]
    copies.sort(key=lambda c: (c in taken, state.loc[c][1] == deck, state.owner[c] != state.current, c))
    return copies[0]


# ---------------------------------------------------------------------------------------------- running
def run_scenario(scn: Scenario) -> list[str]:
    """Run a scenario; returns the failures (empty when it passes). A mistake in the scenario itself is a failure
    naming the file and the key."""
    try:
        if scn.deck is not None:
            return _run_deck(scn)
        state = build_position(scn)
        if not scn.steps:
            raise ScenarioError(f"{scn.source}: key steps: none; a scenario without steps tests nothing")
        return _run_steps(scn, state)
    except ScenarioError as exc:
        return [str(exc)]


def _run_deck(scn: Scenario) -> list[str]:
    rules = get_rules(scn.game)
    try:
        deck = Deck.from_dict({"game": scn.game, "name": "deck", **(scn.deck or {})}, f"{scn.source}: key deck")
    except DeckFileError as exc:
        raise ScenarioError(str(exc)) from None
    if scn.format is not None and scn.format not in rules.FORMATS:
        raise ScenarioError(f"{scn.source}: key format: {scn.game} has no format {scn.format!r} "
                            f"(formats: {', '.join(rules.FORMATS)})")
    got = rules.validate_deck(deck, scn.format)
    return [f"deck: {m}" for m in _compare_violations(got, scn.violations or [])]


def _compare_violations(got: list, want: list[str]) -> Iterator[str]:
    have = sorted(v.clause for v in got)
    if have != sorted(want):
        detail = "; ".join(f"{v.clause}: {v.message}" for v in got) or "none"
        yield f"violations are {have}, expected {sorted(want)} ({detail})"


def _run_steps(scn: Scenario, state: GameState) -> list[str]:
    failures: list[str] = []
    for i, step in enumerate(scn.steps):
        kind = next(k for k in STEP_KINDS if k in step)
        arg = step[kind]
        where = f"step {i + 1} ({kind}: {arg})"
        key = f"{scn.source}: steps[{i}].{kind}"
        if kind == "force":
            _force(state, arg, f"{scn.source}: steps[{i}]")
        elif kind == "do":
            msg = _do(state, step, key)
            if msg:
                failures.append(f"{where}: {msg}")
                return failures
        elif kind == "reject":
            msg = _reject(state, step, key)
            if msg:
                failures.append(f"{where}: {msg}")
                if msg.startswith("was accepted"):
                    return failures
        else:
            failures.extend(f"{where}: {msg}" for msg in check_expectations(state, arg, key))
    rng = state.rng
    if isinstance(rng, ForcedRng) and (rng.coins or rng.dice):
        left = [("heads" if c else "tails") for c in rng.coins] + [str(d) for d in rng.dice]
        failures.append(f"the forced results {', '.join(left)} were never used")
    return failures


def _check_player(state: GameState, step: dict, key: str) -> str | None:
    if "player" not in step:
        return None
    p = step["player"]
    if p not in (0, 1):
        raise ScenarioError(f"{key}: key player: 0 or 1, not {p!r}")
    if state.result is None and state.current != p:
        return f"player {p} does not decide now (player {state.current} does)"
    return None


def _do(state: GameState, step: dict, key: str) -> str | None:
    action = resolve_action(state, step["do"], key)
    wrong = _check_player(state, step, key)
    if wrong:
        return wrong
    try:
        state.apply(action)
    except TcgkitError as exc:
        return f"could not be played: {exc}"
    return None


def _reject(state: GameState, step: dict, key: str) -> str | None:
    action = resolve_action(state, step["reject"], key)
    wrong = _check_player(state, step, key)
    if wrong:
        raise ScenarioError(f"{key}: key player: {wrong}; a rejection by a player who does not decide tests nothing")
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalAction as exc:
        if state.to_json() != before:
            return "rejected, but the state changed"
        return _check_reason(exc, step)
    except TcgkitError as exc:
        return f"failed with an error that is not IllegalAction: {exc}"
    return "was accepted, expected it to be illegal"


def _check_reason(exc: IllegalAction, step: dict) -> str | None:
    """The refusal's clause (the error's ``clause``, or the clause id its reason cites) and reason text."""
    clause = step.get("clause")
    if clause is not None:
        if exc.clause:  # one clause id, or several joined by commas
            cited = str(clause) in (c.strip() for c in exc.clause.split(","))
        else:
            cited = re.search(rf"(?<![\w-]){re.escape(str(clause))}(?![\w.-]*\d)", exc.why) is not None
        if not cited:
            return f"rejected for another reason than {clause}: {exc.why}" + (f" ({exc.clause})" if exc.clause else "")
    reason = step.get("reason")
    if reason is not None and str(reason).lower() not in exc.why.lower():
        return f"rejected, but the reason {exc.why!r} does not say {reason!r}"
    return None


def legal_texts(state: GameState) -> set[str]:
    """The legal actions, both as canonical text and with quoted card names (as scenario files write them)."""
    out = set()
    for a in state.legal_actions():
        out.add(a.text())
        out.add(state.action_label(a, quoted=True))
    return out


def check_expectations(state: GameState, exp: Any, where: str = "expect") -> Iterable[str]:
    """The failures of one ``expect:`` mapping (empty: all hold). A mistake in the expectation raises
    :class:`ScenarioError`."""
    if not isinstance(exp, dict):
        raise ScenarioError(f"{where}: an expectation is a mapping, not {exp!r}")
    for key, want in exp.items():
        at = f"{where}.{key}"
        if key in LISTABLE and isinstance(want, list):
            for j, w in enumerate(want):
                yield from check_expectations(state, {key: w}, f"{where}[{j}]")
        elif key == "zone":
            yield from _check_zone(state, want, at)
        elif key == "resource":
            yield from _check_resource(state, want, at)
        elif key == "card":
            yield from _check_card(state, want, at)
        elif key in ("legal", "not_legal", "legal_exact", "not_legal_exact", "only_legal"):
            yield from _check_legal(state, key, want, at)
        elif key == "result":
            yield from _check_result(state, want)
        elif key in ("phase", "turn", "active", "current_player"):
            got = getattr(state, "current" if key == "current_player" else key)
            if got != want:
                yield f"{key} is {got!r}, expected {want!r}"
        elif key == "vars":
            yield from _check_vars(state, want, at)
        elif key in ("event", "no_event"):
            _check_event_spec(state, want, at)
            hit = any(_event_matches(state, ev, want, at) for ev in state.log)
            if hit != (key == "event"):
                yield f"no event matching {want}" if key == "event" else f"an event matching {want} happened"
        elif key == "events":
            yield from _check_events(state, want, at)
        else:
            raise ScenarioError(f"{where}: unknown expectation {key!r}")


def _need(want: dict, at: str, *keys: str) -> None:
    for k in keys:
        if k not in want:
            raise ScenarioError(f"{at}: key {k}: required")


def _check_resource(state: GameState, want: dict, at: str) -> Iterable[str]:
    _need(want, at, "player", "name", "equals")
    p, name = int(want["player"]), want["name"]
    if not any(name in r for r in state.res):
        known = ", ".join(sorted({k for r in state.res for k in r}))
        raise ScenarioError(f"{at}.name: no resource {name!r} in this game (resources: {known})")
    got = state.res[p].get(name, 0)
    if got != want["equals"]:
        yield f"player {p} {name} is {got}, expected {want['equals']}"


def _check_vars(state: GameState, want: Any, at: str) -> Iterable[str]:
    if not isinstance(want, dict):
        raise ScenarioError(f"{at}: a mapping of var names to values")
    for k, v in want.items():
        if k not in state.vars:
            raise ScenarioError(f"{at}: no var {k!r} in this game's state (vars: {', '.join(sorted(state.vars))})")
        got = _plain(state.vars[k])
        if got != _plain(v):
            yield f"vars.{k} is {got!r}, expected {v!r}"


def _check_legal(state: GameState, key: str, want: Any, at: str) -> Iterable[str]:
    texts = want if isinstance(want, list) else [want]
    legal = state.legal_actions()
    shown = ", ".join(sorted(state.action_label(a, quoted=True) for a in legal)[:15])
    exact = key != "legal" and key != "not_legal"
    pats = [parse_pattern(state, str(t), at) for t in texts]
    for text, pat in zip(texts, pats, strict=True):
        present = any(pat.matches(state, a, exact) for a in legal)
        if present != key.startswith(("legal", "only")):
            yield f"{text!r} is {'not ' if not present else ''}among the legal actions ({shown})"
    if key == "only_legal":
        extra = [a for a in legal if not any(p.matches(state, a) for p in pats)]
        if extra:
            yield f"more actions are legal than {texts}: " + ", ".join(state.action_label(a, quoted=True)
                                                                       for a in extra[:10])


def _event_matches(state: GameState, ev: Event, want: dict, at: str) -> bool:
    if ev.kind != want.get("kind", ev.kind):
        return False
    if "player" in want and ev.player != want["player"]:
        return False
    if "card" in want and (ev.card < 0 or state.defs[ev.card].name.lower() != str(want["card"]).lower()):
        return False
    return not ("data" in want and _plain(list(ev.data[: len(want["data"])])) != _plain(want["data"]))


def _check_event_spec(state: GameState, want: Any, at: str) -> None:
    _keys(want, at, EXPECT_KEYS["event"])
    if "card" in want:
        _known(state, want["card"], f"{at}.card")
    if "data" in want and not isinstance(want["data"], list):
        raise ScenarioError(f"{at}.data: a list (the event's first data items)")


def _check_events(state: GameState, want: Any, at: str) -> Iterable[str]:
    """Events that happened in this order since the position (others may come between them)."""
    if not isinstance(want, list) or not want:
        raise ScenarioError(f"{at}: a list of events in the order they must happen")
    for i, w in enumerate(want):
        _check_event_spec(state, w, f"{at}[{i}]")
    i = 0
    for ev in state.log:
        if i < len(want) and _event_matches(state, ev, want[i], f"{at}[{i}]"):
            i += 1
    if i < len(want):
        done = f" after {want[i - 1]}" if i else ""
        yield f"no event matching {want[i]}{done} (events in order, {i} of {len(want)} found)"


def _check_zone(state: GameState, want: dict, at: str) -> Iterable[str]:
    _need(want, at, "player", "zone")
    p, z = int(want["player"]), want["zone"]
    if z not in state.rules.ZONES:
        raise ScenarioError(f"{at}.zone: {state.rules.id} has no zone {z!r}")
    for k in ("names", "contains", "lacks"):
        for n in want.get(k) or []:
            _known(state, n, f"{at}.{k}")
    names = [state.defs[c].name for c in state.zones[p][z]]
    label = f"player {p} {z}"
    if "names" in want and [n.lower() for n in names] != [n.lower() for n in want["names"]]:
        yield f"{label} holds {names}, expected {want['names']}"
    if "count" in want and len(names) != want["count"]:
        yield f"{label} holds {len(names)} card(s), expected {want['count']}"
    for n in want.get("contains", []):
        if n.lower() not in (x.lower() for x in names):
            yield f"{label} does not hold {n!r} ({names})"
    for n in want.get("lacks", []):
        if n.lower() in (x.lower() for x in names):
            yield f"{label} holds {n!r}, expected it not to"


def _check_card(state: GameState, want: dict, at: str) -> Iterable[str]:
    _need(want, at, "player", "name")
    p = int(want["player"])
    card = _locate(state, p, want, at)
    if card is None:
        yield f"player {p} has no card {want['name']!r}" + (f" in {want['zone']}" if "zone" in want else "")
        return
    label = f"{want['name']} of player {p}"
    st = state.cs.get(card)
    for flag in ("tapped", "face_down"):
        if flag in want and bool(st and getattr(st, flag)) != want[flag]:
            yield f"{label} {flag} is {bool(st and getattr(st, flag))}, expected {want[flag]}"
    for k, v in (want.get("counters") or {}).items():
        got = st.counters.get(k, 0) if st else 0
        if got != v:
            yield f"{label} counter {k} is {got}, expected {v}"
    for k, v in (want.get("status") or {}).items():
        got = st.status.get(k, 0) if st else 0
        if got != v:
            yield f"{label} status {k} is {got}, expected {v}"
    for k, v in (want.get("stats") or {}).items():
        got = state.rules.stat(state, card, k)
        if got != v:
            yield f"{label} {k} is {got}, expected {v}"
    if "in_zone" in want and state.loc[card][1] != want["in_zone"]:
        yield f"{label} is in {state.loc[card][1]}, expected {want['in_zone']}"
    yield from _check_card_extras(state, card, want, label, at)


def _check_card_extras(state: GameState, card: int, want: dict, label: str, at: str) -> Iterable[str]:
    rules = state.rules
    for kw in want.get("keywords") or []:
        if not rules.has_keyword(state, card, str(kw)):
            yield f"{label} does not have {kw} now"
    for kw in want.get("no_keywords") or []:
        if rules.has_keyword(state, card, str(kw)):
            yield f"{label} has {kw}, expected it not to"
    st = state.cs.get(card)
    status = st.status if st else {}
    for s in want.get("statuses") or []:
        if not status.get(s):
            yield f"{label} is not {s}"
    for s in want.get("no_statuses") or []:
        if status.get(s):
            yield f"{label} is {s}, expected it not to be"
    if "host" in want:
        host = st.host if st else None
        got = None if host is None or host < 0 else state.defs[host].name
        if want["host"] is not None:
            _known(state, want["host"], f"{at}.host")
        if (got or "").lower() != str(want["host"] or "").lower():
            yield f"{label} is attached to {got or 'nothing'}, expected {want['host'] or 'nothing'}"
    if "attached" in want:
        got_names = sorted(state.defs[c].name.lower() for c in (st.attached if st else []))
        for n in want["attached"] or []:
            _known(state, n, f"{at}.attached")
        if got_names != sorted(str(n).lower() for n in want["attached"] or []):
            yield f"{label} carries {got_names}, expected {want['attached']}"


def _check_result(state: GameState, want: Any) -> Iterable[str]:
    r = state.result
    if want is None:
        if r is not None:
            yield f"the game is over ({r.reason}), expected it to go on"
        return
    if r is None:
        yield "the game is not over"
        return
    if "winner" in want and r.winner != want["winner"]:
        yield f"winner is {r.winner}, expected {want['winner']} ({r.reason})"
    if "clause" in want and r.clause != want["clause"]:
        yield f"the result's clause is {r.clause}, expected {want['clause']}"
    if "reason_contains" in want and want["reason_contains"].lower() not in r.reason.lower():
        yield f"the reason is {r.reason!r}, expected it to mention {want['reason_contains']!r}"
