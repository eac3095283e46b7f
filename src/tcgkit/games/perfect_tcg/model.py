"""Perfect TCG cards as printed: the card schema, its validation, and the constants every module of the game shares.

A card entry in ``cards/*.yaml`` is validated by :class:`PerfectCard` (unknown fields are errors) and turned into
an immutable :class:`~tcgkit.core.cards.CardDef` by :func:`make_card`, which also precomputes what the rules read on
the hot path (which effects are static, activated, triggered or "In _ zone").

>>> from tcgkit.games import get_rules
>>> king = get_rules("perfect-tcg").pool().get("King of Gandor")
>>> king.type, king.stat("level"), king.stat("power"), king.stat("damage")
('unit', 4, 7000, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from tcgkit.core.cards import CardDef, CardList, Effect
from tcgkit.core.effects import parse_limit
from tcgkit.core.errors import TcgkitError

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

# ---------------------------------------------------------------------------------------------- zones
# (Final: the compiled build reads a Final string or number where it is used, not from the module's names)
DECK: Final = "deck"
HAND: Final = "hand"
LEADER: Final = "leader"
HISTORY: Final = "history"
WL: Final = "wing_left"
WR: Final = "wing_right"
SL: Final = "support_left"
SR: Final = "support_right"
BOOST: Final = "boost"
ENERGY: Final = "energy"
LOST: Final = "lost"
ART: Final = "artefacts"
SETUP: Final = "setup"
DEFENCE: Final = "defence"
CASTING: Final = "casting"
WINGS = (WL, WR)
SUPPORTS = (SL, SR)
SLOTS = (WL, WR, SL, SR)
UNIT_ZONES = (LEADER, WL, WR, SL, SR)
FIELD = (LEADER, WL, WR, SL, SR, BOOST)
#: the Support zone behind each Wing zone (PTCG-ROLE-09: "in front of it")
BEHIND = {WL: SL, WR: SR}
#: the player resource holding the last turn of each kind of lock (a ``lock`` effect)
LOCK_KEYS = {w: f"lock_{w}" for w in ("spell", "boost", "activate", "energise", "heal", "level_up", "draw")}


def leader_level(state: GameState, p: int) -> int:
    """The level of ``p``'s Leader (-1 with none)."""
    z = state.zones[p][LEADER]
    return state.defs[z[-1]].stats.get("level", 0) if z else -1


def next_seq(state: GameState) -> int:
    """A game-wide counter ordering effects and cards put into play (win priority 1, "later effect")."""
    v = state.vars.get("seq", 0) + 1
    state.vars["seq"] = v
    return v


def leader_of(state: GameState, p: int) -> int:
    """The Leader of player ``p``: the top card of the Leader zone (PTCG-TERM-02), or -1."""
    z = state.zones[p][LEADER]
    return z[-1] if z else -1


def status(state: GameState, card: int, name: str) -> int:
    """A card's status ``name`` (0 when it has none); reading never creates the card's state."""
    st = state.cs.get(card)
    return st.status.get(name, 0) if st is not None else 0


def is_rested(state: GameState, card: int) -> bool:
    """Rested: turned 90 degrees after attacking or supporting (PTCG-TERM-14)."""
    st = state.cs.get(card)
    return st is not None and st.tapped


def in_stasis(state: GameState, card: int) -> bool:
    """Turned 180 degrees (PTCG-TERM-20)."""
    st = state.cs.get(card)
    return st is not None and st.status.get("stasis", 0) > 0


def is_refreshed(state: GameState, card: int) -> bool:
    """Vertical: neither rested nor in Stasis (PTCG-TERM-13/14/20)."""
    st = state.cs.get(card)
    return st is None or (not st.tapped and not st.status.get("stasis"))


def energy(state: GameState, p: int) -> int:
    """How many cards ``p`` has in the Energy zone (PTCG-ENERGY-01)."""
    return len(state.zones[p][ENERGY])


def cycle(state: GameState, p: int) -> int:
    """The "once per turn" cycle of ``p``: its own turn plus the opponent's turn after it (PTCG-ULT-13)."""
    return state.turn if state.active == p else state.turn - 1


# ---------------------------------------------------------------------------------------------- effects in play
#: the zone words an effect's ``zone`` may name for several zones (the ruleset's ``ZONE_GROUPS``)
ZONE_GROUPS = {"wing": WINGS, "support": SUPPORTS, "slots": SLOTS, "units": UNIT_ZONES, "field": FIELD}


def zone_set(zone: str | None) -> frozenset[str] | None:
    """The zones an effect's ``zone`` word names (None: no ``zone``).

    >>> sorted(zone_set("wing")), zone_set(None)
    (['wing_left', 'wing_right'], None)
    """
    return None if zone is None else frozenset(ZONE_GROUPS.get(zone, (zone,)))


#: vars keys counting the cards in play with a static effect of each kind (0: the scan is skipped)
NKEYS = {k: f"n_{k}" for k in ("modify", "armour", "allow", "cannot", "win")}
#: vars keys counting each player's cards in play with an activated effect
NACT = ("n_act0", "n_act1")
#: vars keys counting each player's cards in play with a triggered effect, and with a static one (0: no scan)
NTRIG = ("n_trig0", "n_trig1")
NSTAT = ("n_stat0", "n_stat1")
FIELD_SET = frozenset(FIELD)
#: the ``state.memo`` keys of each player's board worth (the evaluation's worth of the cards in play, worked out
#: from the cards in the field zones and whether each is rested, in Stasis or Mind Wiped): forgotten by
#: :meth:`~tcgkit.games.perfect_tcg.triggers.Triggers.on_event` when a card moves into, out of or within that
#: player's field, and both at any event not in :data:`BOARD_NEUTRAL` (every change of a card's rested, Stasis or
#: Mind Wiped state is followed by an event of its own: ``attack``, ``support``, ``rest``, ``stasis``, ...)
BOARD_WORTH = ("perfect-tcg.board0", "perfect-tcg.board1")
#: the events that never come with a change of a card's rested, Stasis or Mind Wiped state (its cards moving come
#: with ``move`` events of their own): the board worth kept in ``state.memo`` stays
BOARD_NEUTRAL = frozenset((
    "damage", "shuffle", "lost", "destroyed", "battle", "battle_won", "damaged", "prevented", "armour_used",
    "energise", "cast", "activate", "boost", "coin", "heal", "win_claim", "turn_end", "negated", "put_into_play",
    "retreat", "level_up", "level_down", "counter", "modify", "look", "reveal", "roll", "lock", "resource", "prevent",
    "armour", "forgo_draw", "excavate", "remove"))

# ---------------------------------------------------------------------------------------------- card types
UNIT: Final = "unit"
SPELL: Final = "spell"
BOOST_T: Final = "boost"
ARTEFACT: Final = "artefact"
TYPES = (UNIT, SPELL, BOOST_T, ARTEFACT)


#: a hand fact's number for a card of another type: above every level and Energy count (and a one-digit int, so
#: that comparing with it takes the interpreter's fast path)
NONE: Final = 999_999_999
#: the ``CardList.facts`` key of :func:`hand_facts`
HAND_FACTS: Final = "perfect-tcg.hand"
#: the tuple :func:`hand_facts` gives, by position: (unit levels, Spell costs, Boost costs, levels)
HandFacts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def hand_facts(defs: CardList) -> HandFacts:
    """What the legal actions read of a card, by card id: (each unit's printed level, each Spell's printed cost,
    each Boost's printed cost), with :data:`NONE` for a card of another type, so that one comparison with a level or
    an Energy count tells both the type and the number (``unit_levels[c] != NONE``: a unit), then every card's level
    as a Leader's is read (``stats.get("level", 0)``: :func:`leader_level`). A plain tuple of tuples: the
    interpreter's fast paths, where ``state.defs[c]`` (a list subclass) and its fields have none. A fact of the card
    list (``CardList.fact``): worked out once per list (a clone shares its list; a token's card makes a new list).
    Read it as ``defs.facts.get(HAND_FACTS) or hand_facts(defs)``.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> levels, spell_costs, boost_costs, _ = hand_facts(state.defs)
    >>> c = next(c for c, d in enumerate(state.defs) if d.type == UNIT)
    >>> levels[c] == state.defs[c].stats["level"], spell_costs[c] == boost_costs[c] == NONE
    (True, True)
    """
    return defs.fact(HAND_FACTS, _hand_facts)


def _hand_facts(defs: CardList) -> HandFacts:
    # each card's numbers were read once, by make_card; a game's list is turned around in C loops
    levels, spell_costs, boost_costs, any_levels = (
        zip(*map(_HAND, map(_FIELDS, defs)), strict=True) if defs else ((), (), (), ()))
    return levels, spell_costs, boost_costs, any_levels


_FIELDS, _HAND = attrgetter("fields"), itemgetter("hand")


def _hand_numbers(m: PerfectCard) -> tuple[int, int, int, int]:
    """A printed card's hand facts (:func:`hand_facts`), kept in its ``fields["hand"]``."""
    return (m.level if m.type == UNIT else NONE, m.cost if m.type == SPELL else NONE,
            m.cost if m.type == BOOST_T else NONE, m.level if m.type == UNIT else 0)


#: keys a static effect's ``params`` may hold (see CARDS.md)
STATIC_KEYS = {"modify", "armour", "allow", "cannot", "win"}
#: keys a triggered effect's ``params`` may hold
TRIGGER_KEYS = {"self", "mine", "theirs", "unit", "against"}
#: keys an activated effect's ``params`` may hold
ACTIVATED_KEYS = {"your_turn_only"}
#: what a ``cannot`` static or a ``lock`` may forbid
PROHIBITABLE = {"energise", "heal", "spell", "boost", "level_up", "draw", "activate"}
#: what an ``allow`` static may permit against the rules (PTCG-ULT-01)
ALLOWABLE = {"support_attack"}


class PerfectCard(BaseModel):
    """One printed Perfect TCG card (PTCG-CARD-01..08, PTCG-TYPE-01).

    Units print ``level``, ``power`` and ``damage``; Spells, Boosts and Artefacts print a ``cost`` in the level slot.
    ``text`` is the effect box (every word of it is carried out by ``effects``); ``flavour`` has no game effect.
    """

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    code: str | None = Field(default=None, min_length=1)
    type: Literal["unit", "spell", "boost", "artefact"]
    level: int | None = Field(default=None, ge=0)
    cost: int | None = Field(default=None, ge=0)
    power: int | None = Field(default=None, ge=0)
    damage: int | None = Field(default=None, ge=0)
    keywords: list[Literal["guardian"]] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    text: str = ""
    flavour: str = ""
    #: Phrases of the text no template read (set by ``effects: from_text``, see ``grammar.py``).
    unread: list[str] | None = None


def identity(name: str, text: str, power: int | None, damage: int | None) -> tuple:
    """What makes two cards "the same card" for the copy limit (PTCG-DECK-03): name, effect, power and damage.

    >>> identity("Knight", "", 3000, 1) == identity("knight", "", 4000, 1)
    False
    """
    return (" ".join(name.lower().split()), " ".join(text.split()), power, damage)


def make_card(m: PerfectCard, card_effects: tuple[Effect, ...]) -> CardDef:
    """Check a validated entry against the card anatomy rules and build its definition."""
    if m.type == UNIT:
        for f in ("level", "power", "damage"):
            if getattr(m, f) is None:
                raise ValueError(f"a unit prints {f} (PTCG-CARD-02/04/05)")
        if m.cost is not None:
            raise ValueError("a unit has no cost: its level is printed in that spot (PTCG-CARD-07)")
        stats = {"level": m.level, "power": m.power, "damage": m.damage}
    else:
        if m.cost is None:
            raise ValueError(f"a {m.type} prints its cost in the level slot (PTCG-CARD-07)")
        for f in ("level", "power", "damage"):
            if getattr(m, f) is not None:
                raise ValueError(f"only units print {f}; a {m.type} prints a cost (PTCG-CARD-07)")
        stats = {"cost": m.cost}
    if m.keywords and m.type != UNIT:
        raise ValueError("only units carry Guardian (PTCG-TERM-15)")
    has_effect = bool(card_effects or m.keywords)
    if m.text.strip() and not has_effect and not m.unread:
        raise ValueError("text with no effects: every effect text must be carried out by `effects` (or "
                         "`effects: from_text` to read it from the text) or `keywords`; put flavour in `flavour` "
                         "(PTCG-CARD-06)")
    if card_effects and not m.text.strip():
        raise ValueError("effects need the printed `text` they carry out (PTCG-CARD-06)")
    play, statics, activated, triggered = [], [], [], []
    static_keys: set[str] = set()
    for i, e in enumerate(card_effects):
        _check_effect(m, e, i)
        {"play": play, "static": statics, "activated": activated, "triggered": triggered}[e.kind].append(i)
        if e.kind == "static":
            static_keys.update(e.params)
    tags = {m.type, *m.keywords, *m.tags}
    by_key: dict[str, list] = {}
    acts: list[tuple] = []
    for i, e in enumerate(card_effects):
        if e.kind == "static":
            for k in e.params:  # in the order the effects are printed, as a scan of ``statics`` finds them
                by_key.setdefault(k, []).append((i, e, zone_set(e.zone)))
            mods = e.params.get("modify")
            if mods is not None:  # also by the number changed: "modify:power", "modify:damage"
                changed = {m.get("stat", "power") for m in (mods if isinstance(mods, tuple) else (mods,))}
                for name in sorted(changed):
                    by_key.setdefault(f"modify:{name}", []).append((i, e, zone_set(e.zone)))
        elif e.kind == "activated":
            cost = e.cost
            acts.append((i, e, zone_set(e.zone), bool(e.params.get("your_turn_only")),
                         bool(cost and cost[0].verb == "rest" and cost[0].params.get("target") == "self"),
                         parse_limit(e.limit) if e.limit else None, cost_checks(cost)))
    if has_effect:
        tags.add("effect")  # PTCG-ULT-17 / PTCG-TERM-23: "a card with an effect"
    fields: dict[str, Any] = {
        "code": m.code,
        "identity": identity(m.name, m.text, m.power, m.damage),
        "flavour": m.flavour,
        "play": tuple(play),
        "statics": tuple(statics),
        "static_keys": frozenset(static_keys),
        # hot-path indexes: key -> ((index, effect, zones or None), ...);
        "statics_by_key": {k: tuple(v) for k, v in by_key.items()},
        # (index, effect, zones or None, your turn only, its cost starts by resting the card itself, its limit
        # parsed (per turn, uses) or None, its cost's checks (cost_checks) or None)
        "activated_effs": tuple(acts),
        "activated": tuple(activated),
        "triggered": tuple(triggered),
        "guardian": "guardian" in m.keywords,
        "unread": None if m.unread is None else tuple(m.unread),
        "hand": _hand_numbers(m),
    }
    return CardDef(m.code or m.name, m.name, m.type, stats, frozenset(tags), card_effects, m.text, fields)


def cost_checks(cost: tuple | None) -> tuple[tuple, ...] | None:
    """A cost's steps as the checks ``effects.can_pay`` makes of them, for the shapes the cards print: ``("pay", n)``
    (n Energy, PTCG-ENERGY-01), ``("rest",)`` (the card itself is Refreshed) and ``("counters", name, n)`` (at least n
    counters on the card itself); () for no cost; None when a step is of another shape (``effects.can_pay`` decides).

    >>> from tcgkit.core.cards import Step
    >>> cost_checks((Step("pay", {"amount": 2}), Step("rest", {"target": "self"})))
    (('pay', 2), ('rest',))
    """
    out: list[tuple] = []
    for step in cost or ():
        prm = step.params
        if step.verb == "pay" and set(prm) == {"amount"} and type(prm["amount"]) is int:
            out.append(("pay", prm["amount"]))
        elif step.verb == "rest" and dict(prm) == {"target": "self"}:
            out.append(("rest",))
        elif (step.verb == "remove_counter" and set(prm) == {"target", "counter", "amount"} and prm["target"] == "self"
              and type(prm["amount"]) is int and type(prm["counter"]) is str):
            out.append(("counters", prm["counter"], prm["amount"]))
        else:
            return None
    return tuple(out)


def _check_effect(m: PerfectCard, e: Effect, i: int) -> None:
    where = f"effects[{i}]"
    params: Mapping[str, Any] = e.params
    if e.kind == "static":
        bad = set(params) - STATIC_KEYS
        if bad or not params:
            raise ValueError(f"{where}.params: a static effect needs one of {sorted(STATIC_KEYS)}"
                             + (f" (unknown: {sorted(bad)[0]})" if bad else ""))
        for key in ("allow",):
            for word in _words(params.get(key)):
                if word not in ALLOWABLE:
                    raise ValueError(f"{where}.params.allow: unknown {word!r}; known: {sorted(ALLOWABLE)}")
        cannot = params.get("cannot")
        if cannot is not None and (not isinstance(cannot, Mapping) or cannot.get("what") not in PROHIBITABLE):
            raise ValueError(f"{where}.params.cannot: {{player: ..., what: one of {sorted(PROHIBITABLE)}}}")
        mods = params.get("modify")
        for mod in (mods if isinstance(mods, tuple) else (mods,)) if mods is not None else ():
            if not isinstance(mod, Mapping) or "target" not in mod or "by" not in mod:
                raise ValueError(f"{where}.params.modify: {{target: selector, stat: power|damage, by: amount}}")
            if mod.get("stat", "power") not in ("power", "damage"):
                raise ValueError(f"{where}.params.modify.stat: power or damage")
    elif e.kind == "triggered":
        bad = set(params) - TRIGGER_KEYS
        if bad:
            raise ValueError(f"{where}.params: unknown {sorted(bad)[0]!r}; a trigger's params: {sorted(TRIGGER_KEYS)}")
    elif e.kind == "activated":
        bad = set(params) - ACTIVATED_KEYS
        if bad:
            raise ValueError(f"{where}.params: unknown {sorted(bad)[0]!r}; allowed: {sorted(ACTIVATED_KEYS)}")
    elif e.kind == "play" and params:
        raise ValueError(f"{where}.params: a play effect takes no params")
    if e.zone is not None and e.zone not in ZONE_WORDS:
        raise ValueError(f"{where}.zone: unknown zone {e.zone!r}; zones: {', '.join(sorted(ZONE_WORDS))}")
    if e.limit is not None:
        try:
            parse_limit(e.limit)
        except TcgkitError as exc:
            raise ValueError(f"{where}.limit: {exc}") from None


def _words(v: Any) -> tuple:
    if v is None:
        return ()
    return v if isinstance(v, tuple) else (v,)


#: zone words an effect's ``zone`` may name (single zones and groups)
ZONE_WORDS = {LEADER, "wing", "support", "slots", WL, WR, SL, SR, BOOST, LOST, HAND, "field", "units"}
