"""TGOD rules: decks and the Armory, primary/secondary/normal turns taken in order, equipment, Power cards,
abilities, battles with battle stars, paralysis, HP carried to the Base Armor, the switch and the win.

Readings of the rulebook are listed in ``RULINGS.md``; card fields and the extra effect verbs in ``CARDS.md``.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> state = rules.new_game(["Guardian Wall", "Knight Order"], seed=3)
>>> rules.turn_kind(state), len(state.zone(state.active, "hand"))
('primary', 7)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action, ActionTable
from tcgkit.core.cards import CardDef, CardList, Effect, Step
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.errors import DeckFileError
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, Event, GameState
from tcgkit.games.tgod.cardtext import (
    ATTRIBUTES,
    BASE,
    COLOURS,
    CREATURE,
    EQUIPMENT,
    POWER,
    TgodCard,
    card_stats,
    card_type,
    parse_box,
    parse_requirement,
)
from tcgkit.games.tgod.words import TgodWords

__all__ = ["ATTRIBUTES", "BASE", "COLOURS", "CREATURE", "EQUIPMENT", "POWER", "TgodRules"]

PARALYSIS_TURNS = 3
#: The six zones of a player's field (TGOD-FIELD-01); ``hand`` and ``equipped`` (Equipment on its holder) are not
#: field zones.
FIELD_ZONES = ("main", "backup", "base", "deck", "discard", "power")
IN_PLAY = frozenset(("main", "backup", "base", "power", "equipped"))
HOLDERS = frozenset(("main", "backup", "base"))
STATIC_ZONES = ("main", "backup", "base", "power", "equipped")

# The steps of a turn, in rulebook order (the three step lists keep one relative order).
S_MAIN, S_BACKUP, S_EQUIP, S_ABILITY, S_POWER, S_ATTACK = 1, 2, 3, 4, 5, 6
STEP_NAMES = {0: "draw", S_MAIN: "main creature", S_BACKUP: "backup creature", S_EQUIP: "equip",
              S_ABILITY: "abilities", S_POWER: "power card", S_ATTACK: "attack"}
#: Which steps each turn kind has (TGOD-PRI-01..07, TGOD-SEC-01..08, TGOD-NRM-01..08).
TURN_STEPS = {"primary": frozenset((S_MAIN, S_EQUIP)),
              "secondary": frozenset((S_MAIN, S_BACKUP, S_EQUIP)),
              "normal": frozenset((S_BACKUP, S_EQUIP, S_ABILITY, S_POWER, S_ATTACK))}
PRIMARY_STEPS, SECONDARY_STEPS, NORMAL_STEPS = TURN_STEPS["primary"], TURN_STEPS["secondary"], TURN_STEPS["normal"]
# Bits of vars["did"]: what was done this turn (once-per-turn plays).
DID_MAIN, DID_BACKUP, DID_EQUIP, DID_POWER = 1, 2, 4, 8
INDEX = tuple(str(i) for i in range(16))
TRIGGERS = ("on_attack", "on_attacked", "on_destroyed")
WHEN = ("attacking", "attacking_base", "defending")
STATIC_KEY = {"attack": "static_attack", "defense": "static_defense", "stars": "static_stars", "hp": "static_hp"}
STATIC_KEYS = frozenset(("stat", "by", "to", "source_zone", "when", "attacks_per_turn"))
PSEUDO_STATS = frozenset(("hp_left", "stars_left", "damage"))  # numbers worked out from others (see stat)

_END = Action("end")


# Shared, immutable actions of each kind, built once per card id (or pair of ids): no allocation in legal_actions.
PLAY_MAIN, PLAY_BACKUP = ActionTable("play", ("main",)), ActionTable("play", ("backup",))
PLAY_POWER = ActionTable("play", ("power",))
PROMOTE, SWITCH = ActionTable("promote"), ActionTable("switch")
EQUIP, ATTACK = ActionTable("equip"), ActionTable("attack")
ACTIVATE = ActionTable("activate")  # rows keyed by the ability's index as text (INDEX)


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class TgodRules(Ruleset):
    """The Guardians of Destiny. See the module docstring and ``RULINGS.md``."""

    id = "tgod"
    name = "The Guardians of Destiny"
    ZONES = {"deck": HIDDEN, "hand": OWNER, "main": PUBLIC, "backup": PUBLIC, "base": PUBLIC, "discard": PUBLIC,
             "power": PUBLIC, "equipped": PUBLIC}
    ZONE_GROUPS = {"creatures": ("main", "backup"), "field": ("main", "backup", "base")}
    #: where events name other cards in their data (hidden from a viewer who cannot see them now).
    EVENT_CARD_DATA = {"equip": (0,), "attack": (0,), "switch": (0,)}
    PLAY_ZONES = ("main", "backup", "base", "power", "equipped")
    PASS_KINDS = Ruleset.PASS_KINDS | {"end"}
    # one Main Creature and one Base Armor (TGOD-SPEC-01, TGOD-SETUP-01); each zone its own card type
    ZONE_RULES = {"main": (1, (CREATURE,)), "backup": (None, (CREATURE,)), "base": (1, (BASE,)),
                  "power": (None, (POWER,)), "equipped": (None, (EQUIPMENT,))}
    TOKEN_ZONE = "backup"
    FORMATS = ("standard",)
    PLAYED_SECTIONS = ("main",)  # the Armory is checked with the deck and stays out of the game (TGOD-DECK-06)
    #: Second readings of the rulebook (RULINGS.md), all off by default; ``first_player``: None = random.
    OPTIONS = {"steps_any_order": False, "carry_remaining_hp": False,
                                  "paralysis_counts_all_turns": False, "deal_before_game": False,
                                  "equip_any_number": False, "power_any_number": False,
                                  "defense_only_creatures": False, "first_player": None,
                                  "carry_hp_with_equipment": False, "both_bases_first_printed": False}
    EXTRA_VERBS = {"stars": {"params": ("target", "amount"), "required": ("target", "amount")},
                   "paralyze": {"params": ("target", "turns"), "required": ("target",)}}
    card_model = TgodCard
    REPORT_UNREAD = True
    WORDS = TgodWords
    PHRASES_MODULE = "tcgkit.games.tgod.grammar"
    data_dir = Path(__file__).parent

    # ================================================================== cards
    def make_card(self, m: TgodCard, card_effects: tuple[Effect, ...]) -> CardDef:
        """Build a card (TGOD-CARD-02..10); ability text and ``effects`` must go together (TGOD-OTH-03)."""
        box = parse_box(m.text)
        kind = card_type(m, box)
        stats = card_stats(m, kind)
        if kind == POWER and box.description:
            raise ValueError("field text: a Power card has no description, only its ability (TGOD-CARD-08)")
        if box.ability and not card_effects and not m.unread:
            raise ValueError("field effects: the card has an ability in parentheses but no effects to run it "
                             "(write them, or `effects: from_text` to play it from its words)")
        if card_effects and not box.ability:
            raise ValueError("field text: the card has effects but no ability in parentheses (TGOD-OTH-03)")
        statics, activated, shared = [], [], []
        for i, eff in enumerate(card_effects):
            _check_effect(eff, i, kind)
            if eff.kind == "static":
                statics.append(_static_spec(eff))
            elif eff.kind == "activated":
                activated.append(i)
                if not _mentions_card(eff.condition) and not _mentions_card([st.params for st in eff.cost]):
                    shared.append(i)
        req = parse_requirement(box.requirement) if box.requirement else None
        fields: dict[str, Any] = {
            "number": m.number, "rarity": m.rarity, "attribute": m.attribute, "colour": COLOURS[m.attribute],
            "creator": m.creator, "description": box.description, "ability": box.ability,
            "requirement": box.requirement, "req": req, "statics": tuple(statics), "activated": tuple(activated),
            "shared_checks": frozenset(shared),
            "quick": {i: q for i in activated if (q := _quick_check(card_effects[i])) is not None},
            "attacks_per_turn": max((s[5] for s in statics), default=1),
            "tracked": bool(statics or activated),
            "static_keys": tuple(dict.fromkeys(STATIC_KEY[sp[0]] for sp in statics if sp[0] is not None)),
            # the static specs by the stat they change (read by _static_bonus)
            "statics_of": {stat: tuple(sp for sp in statics if sp[0] == stat) for stat in STATIC_KEY},
            "numbers": (stats.get("hp", 0), stats.get("stars", 0), stats.get("attack", 0)),  # printed, for evaluate
            "unread": None if m.unread is None else tuple(m.unread),
        }
        return CardDef(m.number, m.name, kind, stats, frozenset({m.attribute, kind}), card_effects, box.ability,
                       fields)

    def prepare_card(self, entry: dict[str, Any], source: str) -> dict[str, Any]:
        """A card entry with ``effects: from_text`` plays from its ability's words (``grammar.py``); the phrases
        no template reads are kept in ``unread`` and the card is partly executable."""
        from tcgkit.core.fromtext import prepare_from_text
        from tcgkit.games.tgod.grammar import compile_entry

        return prepare_from_text(entry, source, compile_entry)

    # ================================================================== decks
    def validate_deck(self, deck: Deck, format: str | None = None) -> list[Violation]:
        """Every deck rule broken (TGOD-DECK-01..04); the deck type is not a legality rule (TGOD-DECK-07)."""
        out = self.unknown_cards(deck)
        if out:
            return out
        for section in deck.sections:
            if section not in ("main", "armory"):
                out.append(Violation("TGOD-DECK-04", f"unknown deck section {section!r}: only main and armory"))
        pool = self.pool()
        main = [pool.get(n) for n in deck.section("main")]
        if not 30 <= len(main) <= 60:
            out.append(Violation("TGOD-DECK-01", f"the deck holds {len(main)} cards; it must hold 30 to 60"))
        for key, count in sorted(Counter(c.key for c in main).items()):
            if count > 3:
                out.append(Violation("TGOD-DECK-02", f"{count} copies of {pool.get(key).name} ({key}); at most 3"))
        bases = [c.name for c in main if c.type == BASE]
        if len(bases) != 1:
            out.append(Violation("TGOD-DECK-03", f"the main deck holds {len(bases)} Base Armor cards "
                                                 f"({', '.join(bases) or 'none'}); it needs exactly 1"))
        armory = [pool.get(n) for n in deck.section("armory")]
        if len(armory) > 30:
            out.append(Violation("TGOD-DECK-04", f"the Armory holds {len(armory)} cards; at most 30"))
        for name in sorted({c.name for c in armory if c.type not in (BASE, EQUIPMENT)}):
            out.append(Violation("TGOD-DECK-04", f"the Armory holds only Base Armor and Equipment, not {name}"))
        return out

    @staticmethod
    def deck_type(defs: Sequence[CardDef]) -> str | None:
        """The attribute held by more than half of the deck, or None (TGOD-DECK-07/08).

        >>> from tcgkit.core.cards import CardDef
        >>> g, t = CardDef("g", "G", "creature", tags=frozenset({"guardian"})), CardDef("t", "T", "creature")
        >>> TgodRules.deck_type([g] * 16 + [t] * 14), TgodRules.deck_type([g] * 15 + [t] * 15)
        ('guardian', None)
        """
        counts = Counter(a for d in defs for a in ATTRIBUTES if a in d.tags)
        for attr, k in counts.items():
            if 2 * k > len(defs):
                return attr
        return None

    def deck_type_of(self, deck: Deck) -> str | None:
        """The deck type of a deck file's main deck, Base Armor included (TGOD-DECK-07)."""
        pool = self.pool()
        return self.deck_type([pool.get(n) for n in deck.section("main")])

    def swap_base_armor(self, deck: Deck, new_base: str) -> Deck:
        """Between games: swap the main deck's Base Armor with one from the Armory (TGOD-DECK-05).

        There is no such action during a game: the Armory is not even loaded into the game (TGOD-DECK-06).
        """
        pool = self.pool()
        card = pool.get(new_base)
        armory = list(deck.section("armory"))
        if card.type != BASE or not any(pool.get(n).key == card.key for n in armory):
            raise DeckFileError(f"deck {deck.name!r}: no Base Armor {new_base!r} in the Armory (TGOD-DECK-05)")
        main = list(deck.section("main"))
        old = [n for n in main if pool.get(n).type == BASE]
        for n in old:
            main.remove(n)
            armory.append(n)
        armory.remove(next(n for n in armory if pool.get(n).key == card.key))
        main.append(card.name)
        return replace(deck, sections={**deck.sections, "main": tuple(main), "armory": tuple(armory)})

    # ================================================================== setup and turns
    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
        """Base Armor to its zone, shuffle, pick the first player, start turn 1 (TGOD-SETUP-01/02)."""
        types = []
        for p, secs in enumerate(sections):
            main = secs["main"]
            types.append(self.deck_type([state.defs[c] for c in main]))
            for card in main:
                state.place(card, p, "base" if state.defs[card].type == BASE else "deck")
            state.shuffle(p, "deck")
        state.vars["deck_type"] = tuple(types)
        self.track_statics(state)
        first = state.options.get("first_player")
        if first not in (0, 1):
            first = state.rng.randbelow(2)
        state.vars["first_player"] = first
        state.emit("first_player", first)
        if state.options["deal_before_game"]:
            for p in (first, 1 - first):
                for _ in range(7):
                    self.draw(state, p)
        state.active = 1 - first
        self.start_turn(state)
        self.proceed(state)

    @staticmethod
    def turn_kind(state: GameState) -> str:
        """``primary`` (turns 1-2), ``secondary`` (turns 3-4) or ``normal`` (TGOD-PRI-01, SEC-01, NRM-01)."""
        return _turn_kind(state.turn)

    def start_turn(self, state: GameState) -> None:
        """Step 1 of every turn: draw 7 (primary) or 1; nothing once the deck is empty (TGOD-OTH-01)."""
        _start_turn(state)

    def end_turn(self, state: GameState) -> None:
        """The last step: paralysis counts down, Power cards run out, "this turn" modifiers end; next turn."""
        _end_turn(state)

    @staticmethod
    def _count_down(state: GameState, p: int) -> None:
        """Paralysis counts down at the end of its owner's turn (TGOD-BTL-07; or every turn, by option)."""
        _count_down(state, p)

    def resume(self, state: GameState) -> None:
        """A scenario's position: fill in the turn bookkeeping and find the decision."""
        v = state.vars
        v.setdefault("first_player", 0)
        v.setdefault("step", 0)
        v.setdefault("did", 0)
        if "deck_type" not in v:
            v["deck_type"] = tuple(
                self.deck_type([state.defs[c] for c in range(len(state.defs)) if state.owner[c] == p])
                for p in (0, 1))
        elif isinstance(v["deck_type"], list):
            v["deck_type"] = tuple(v["deck_type"])
        self.track_statics(state)
        v["base_hit"] = True
        v["mods"] = any(st.mods for st in state.cs.values())
        v["paralysis"] = tuple(sorted(c for c, st in state.cs.items() if st.status.get("paralyzed")))
        if state.phase not in ("play", "switch"):
            state.phase = "play"
        state.current = state.active
        if state.phase == "switch":
            v["switch_queue"] = tuple(v.get("switch_queue", (state.active, 1 - state.active)))
            self.next_switch(state)

    # ================================================================== legal actions
    def legal_actions(self, state: GameState) -> list[Action]:
        if state.phase == "switch":
            return [SWITCH[c] for c in _switchable(state, state.current)]
        p = state.active
        steps, step, can_main, can_backup, can_equip, can_power = _plays_open(state)
        zones = state.zones[p]
        main, backup = zones["main"], zones["backup"]
        acts: list[Action] = []
        holders: tuple[int, ...] = (*main, *backup, *zones["base"]) if can_equip else ()
        if can_main or can_backup or holders or can_power:  # nothing in hand is played from the abilities step on
            _hand_actions(state, p, can_main, can_backup, holders, can_power, acts)
        if not main:
            cs = state.cs
            acts.extend([PROMOTE[c] for c in backup if c not in cs or not cs[c].status.get("paralyzed")])
        if S_ABILITY in steps and step <= S_ABILITY:
            _ability_actions(state, p, acts)
        if S_ATTACK in steps:
            targets: list[int] | None = None
            for attacker in (*main, *zones["base"]):
                if _can_attack(state, attacker):
                    if targets is None:
                        targets = _attack_targets(state, 1 - p)
                    acts.extend(map(ATTACK.row(attacker).__getitem__, targets))
        acts.append(_END)
        return acts

    @staticmethod
    def _plays_open(state: GameState) -> tuple[frozenset[int], int, bool, bool, bool, bool]:
        """The steps of this turn, the step reached (0 with ``steps_any_order``), and whether a Main Creature, a
        Backup Creature, an Equipment and a Power card may be played now (the turn kind, the step reached, what was
        done this turn; TGOD-PRI/SEC/NRM)."""
        return _plays_open(state)

    def surely_has_choice(self, state: GameState) -> bool:
        """True when the player to act surely may end the turn (a pass) or do something else, told without listing
        the legal actions.

        In the play phase "End your turn" is always there (TGOD-NRM-08), and something else is when one of these is:
        an attack, in a normal turn, by a Main Creature or Base Armor that can still attack (the opposing Base Armor
        is always a target, TGOD-BTL-01/02); with no Main Creature, a Backup to move up (TGOD-SPEC-01); a card in
        hand that may be played now: a Creature or an Equipment with no requirement, or a Power card whose
        requirement is met, when its step is open (TGOD-PRI-03, SEC-03, NRM-03/04/06). A switch (TGOD-OTH-07) has
        no pass: False.
        """
        return _surely_has_choice(state)

    def _hand_actions(self, state: GameState, p: int, can_main: bool, can_backup: bool, holders: tuple[int, ...],
                      can_power: bool, acts: list[Action]) -> None:
        """The plays from hand: Creatures to Main or Backup, Equipment onto each holder, Power cards."""
        _hand_actions(state, p, can_main, can_backup, holders, can_power, acts)

    def _ability_actions(self, state: GameState, p: int, acts: list[Action]) -> None:
        """The ``activate`` actions: :meth:`ability_ok` for each ability of ``p``'s cards in play, with the abilities
        whose zone fits found once per board (:meth:`_ability_candidates`), the use limit read directly and a plain
        condition and cost answered from the card's ``quick`` facts (``_quick_check``)."""
        _ability_actions(state, p, acts)

    @staticmethod
    def _ability_candidates(state: GameState, p: int) -> tuple[tuple[Any, ...], ...]:
        """``(card, effect, limit key, parsed limit, action, shared key, quick)`` of each activated ability of
        ``p``'s cards in play whose zone fits where the card is: worked out again only when ``vars["abilities"]`` is
        replaced, which ``track_card`` does whenever a card with activated abilities moves
        (``state.memo["abilities:<p>"]``). The parsed limit is ``effects.parse_limit``'s (None: no limit); quick is
        the card's ``fields["quick"]`` answer for the ability (see ``_quick_check``)."""
        return _ability_candidates(state, p)

    @staticmethod
    def _ability_payable(state: GameState, p: int, card: int, eff: Effect) -> bool:
        """An activated ability's condition holds and its cost can be paid."""
        return _ability_payable(state, p, card, eff)

    def ability_ok(self, state: GameState, p: int, card: int, index: int, zone: str,
                   memo: dict[tuple[str, int], bool] | None = None) -> bool:
        """Whether an activated ability may be used now (TGOD-NRM-05, TGOD-OTH-05, TGOD-BTL-08).

        ``memo`` shares the condition-and-cost answer between copies of a card whose condition and cost do not
        depend on the card itself.
        """
        d = state.defs[card]
        eff = d.effects[index]
        if eff.zone and eff.zone != zone:
            return False
        if _paralyzed(state, card) or not effects.limit_ok(state, card, index, eff.limit):
            return False
        if memo is not None:
            known = memo.get((d.key, index))
            if known is not None:
                return known
        ok = _ability_payable(state, p, card, eff)
        if memo is not None:
            memo[(d.key, index)] = ok
        return ok

    def requirement_met(self, state: GameState, player: int, d: CardDef) -> bool:
        """The card's bracketed requirement, checked when it is played (TGOD-CARD-09, TGOD-DECK-09)."""
        return _requirement_met(state, player, d.fields["req"])

    def paralyzed(self, state: GameState, card: int) -> bool:
        return _paralyzed(state, card)

    def stars_left(self, state: GameState, card: int) -> int:
        """Battle Stars left: printed (plus modifiers) minus those spent (TGOD-BTL-06)."""
        return _stars_left(state, card)

    def hp_left(self, state: GameState, card: int) -> int:
        return _hp_left(state, card)

    def can_attack(self, state: GameState, card: int) -> bool:
        """A star left and attacks left this turn: once, unless its ability says more (TGOD-BTL-13, OTH-10)."""
        return _can_attack(state, card)

    def attack_targets(self, state: GameState, opponent: int) -> list[int]:
        """Main, Base Armor and any Backup that is not paralyzed (TGOD-BTL-02, TGOD-BTL-09)."""
        return _attack_targets(state, opponent)

    def switchable(self, state: GameState, player: int) -> list[int]:
        """The Backups ``player`` may switch in: those not paralyzed (``paralyzed``, inlined)."""
        return _switchable(state, player)

    def explain_illegal(self, state: GameState, action: Action) -> str:
        """Say which rule forbids the action, when one does."""
        kind = self.turn_kind(state)
        k = action.kind
        if k == "attack" and kind != "normal":
            return f"no attacks in a {kind} turn ({'TGOD-PRI-06' if kind == 'primary' else 'TGOD-SEC-07'})"
        if k == "play" and len(action.args) == 2 and action.args[1] == "power" and kind != "normal":
            return f"no Power cards in a {kind} turn ({'TGOD-PRI-05' if kind == 'primary' else 'TGOD-SEC-06'})"
        if k == "play" and len(action.args) == 2 and action.args[1] == "main" and kind == "normal":
            return "no Main Creature is played in a normal turn; move a Backup up instead (TGOD-NRM-01, SPEC-01)"
        if k == "switch" and state.phase != "switch":
            return "the Main Creature is switched only when both Main Creatures are out of stars (TGOD-OTH-09)"
        if k in ("armory", "swap"):
            return "the Armory is off limits during a game (TGOD-DECK-06)"
        step = state.vars.get("step", 0)
        wanted = _action_step(action)
        if wanted and wanted < step and not state.options["steps_any_order"]:
            return (f"the turn is at step '{STEP_NAMES[step]}': the '{STEP_NAMES[wanted]}' step is over "
                    "(the steps go in order, TGOD-NRM-01)")
        return super().explain_illegal(state, action)

    # ================================================================== applying actions
    def apply(self, state: GameState, action: Action) -> None:
        k = action.kind
        args = action.args
        if k == "end":
            _end_turn(state)
        elif k == "play":
            _play(state, args[0], args[1])
        elif k == "equip":
            _step(state, S_EQUIP, DID_EQUIP)
            _attach(state, args[0], args[1])
        elif k == "promote":
            state.move(args[0], state.active, "main", reset=False)
        elif k == "activate":
            _activate(state, args[0], int(args[1]))
        elif k == "attack":
            _step(state, S_ATTACK, 0)
            _attack(state, args[0], args[1])
        elif k == "switch":
            _switch(state, state.current, args[0])
        if (not state.stack and state.pending is None) or effects.run(state):  # proceed
            _after_effects(state)

    @staticmethod
    def _step(state: GameState, step: int, did: int) -> None:
        _step(state, step, did)

    def play(self, state: GameState, card: int, zone: str) -> None:
        """Play a card from hand into ``main``, ``backup`` or ``power``; its "when played" effects resolve."""
        _play(state, card, zone)

    def activate(self, state: GameState, card: int, index: int) -> None:
        """Use an activated ability of a Creature or the Base Armor: pay its cost, then its steps (TGOD-NRM-05)."""
        _activate(state, card, index)

    def attach(self, state: GameState, card: int, host: int) -> None:
        """Equip ``card`` to ``host`` (TGOD-ROLE-03)."""
        _attach(state, card, host)

    def proceed(self, state: GameState) -> None:
        """Run pending effects; once they are done, carry on with the turn."""
        if (not state.stack and state.pending is None) or effects.run(state):
            _after_effects(state)

    def after_effects(self, state: GameState) -> None:
        _after_effects(state)

    # ================================================================== battle
    def attack(self, state: GameState, attacker: int, target: int) -> None:
        """One attack (TGOD-BTL-01..13): damage or paralysis, then battle effects, then the star (finish_attack)."""
        _attack(state, attacker, target)

    def fire_on(self, state: GameState, card: int, trigger: str, other: int) -> None:
        """Start ``trigger`` effects of a card in play and of the Equipment it carries."""
        _fire_on(state, card, trigger, other)

    def fire_card(self, state: GameState, card: int, trigger: str, other: int) -> None:
        _fire_card(state, card, trigger, other)

    def finish_attack(self, state: GameState) -> None:
        """After the battle effects: subtract the Battle Star (TGOD-BTL-06/10), then check the switch."""
        _finish_attack(state)

    def add_status(self, state: GameState, card: int, status: str, value: int, ctx: dict) -> None:
        """The core ``add_status``; ``paralyzed`` is the TGOD paralysis."""
        if status == "paralyzed":
            _paralyze(state, card, value)
        else:
            super().add_status(state, card, status, value, ctx)

    def paralyze(self, state: GameState, card: int, turns: int) -> None:
        """Paralysis for ``turns`` of its owner's turns (TGOD-BTL-07).

        Every paralysis is given here (the ``paralyze`` verb and ``add_status`` come here): it lists the card in
        ``vars["paralysis"]``, which ``attack_targets``, ``switchable`` and the countdown read instead of every
        Backup. Write a paralysis only through this method."""
        _paralyze(state, card, turns)

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """Lose HP (TGOD-BTL-03); at 0 or less the card is destroyed (TGOD-ROLE-02 default)."""
        _damage_card(state, card, amount, ctx)

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """Damage to a player is damage to their Base Armor."""
        _damage_player(state, player, amount, ctx)

    def heal_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """Win back lost HP, never above the card's HP."""
        st = state.cs.get(card)
        if st is None or state.loc[card][1] not in HOLDERS or not st.counters.get("damage"):
            return
        st = state.card_state(card)  # to change it (a clone's copy on write)
        healed = min(amount, st.counters["damage"])
        st.counters["damage"] -= healed
        state.emit("heal", state.owner[card], card, (healed,))

    def heal_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        for base in state.zones[player]["base"]:
            self.heal_card(state, base, amount, ctx)

    def destroy(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        """Destroy a card. A Base Armor loses its owner the game (checked by ``check_win``); a Creature goes to the
        Discard Pile with its Equipment and, in battle, its total HP comes off its owner's Base Armor (BTL-11)."""
        _destroy(state, card, ctx)

    def check_win(self, state: GameState) -> bool:
        """A destroyed Base Armor loses its owner the game; both at once: a draw (TGOD-ROLE-02, OBJ-01, BTL-12)."""
        return _check_win(state)

    # ================================================================== the switch (TGOD-OTH-06..09)
    @staticmethod
    def _mains(state: GameState) -> tuple[int, int]:
        return _mains(state)

    def both_out(self, state: GameState) -> bool:
        """Both players have a Main Creature and both are out of Battle Stars (TGOD-OTH-06)."""
        return _both_out(state)

    def check_switch(self, state: GameState) -> None:
        """When both Main Creatures run out of Battle Stars, both players switch (active player first).

        One trigger, checked after every attack and every action: the moment the both-out condition arises. While it
        lasts (a player had no Backup, TGOD-OTH-08) nothing more happens, whatever either player does: a Backup
        played later is not switched in. Once it has ended, it may arise again.
        """
        _check_switch(state)

    def next_switch(self, state: GameState) -> None:
        """Ask the next player in the queue to pick a Backup (automatic with one; none: no switch, OTH-08)."""
        _next_switch(state)

    def switch(self, state: GameState, player: int, backup: int) -> None:
        _switch(state, player, backup)

    def do_switch(self, state: GameState, player: int, backup: int) -> None:
        """Swap Main and Backup; the former Main regains its Battle Stars (TGOD-OTH-07)."""
        _do_switch(state, player, backup)

    # ================================================================== stats and statics
    def stat(self, state: GameState, card: int, name: str) -> int:
        """A number now: printed, plus modifiers, Equipment (A and D) and static abilities (TGOD-BTL-04/05).

        Pseudo-stats: ``hp_left``, ``stars_left`` and ``damage`` (HP lost so far).
        """
        return _stat(state, card, name)

    def _static_bonus(self, state: GameState, card: int, name: str) -> int:
        return _static_bonus(state, card, name)

    @staticmethod
    def track_statics(state: GameState) -> None:
        """Keep ``vars["static_<stat>"]`` (the cards in play whose static abilities change that stat) and
        ``vars["abilities"]`` (the Creatures and Base Armors in play with activated abilities)."""
        defs = state.defs
        found: dict[str, list[int]] = {k: [] for k in STATIC_KEY.values()}
        for p in (0, 1):
            for z in STATIC_ZONES:
                for c in state.zones[p][z]:
                    for spec in defs[c].fields["statics"]:
                        if spec[0] is not None and c not in found[STATIC_KEY[spec[0]]]:
                            found[STATIC_KEY[spec[0]]].append(c)
        for key, cards in found.items():
            state.vars[key] = tuple(cards)
        state.vars["abilities"] = tuple(c for p in (0, 1) for z in ("main", "backup", "base")
                                        for c in state.zones[p][z] if defs[c].fields["activated"])

    @staticmethod
    def track_card(state: GameState, card: int) -> None:
        """Update the tracked lists (see ``track_statics``) after ``card`` moved.

        The lists are replaced, never changed in place: a new ``vars["abilities"]`` is what tells
        ``_ability_candidates`` that its kept answer (``state.memo``) is out of date."""
        _track_card(state, card)

    def _static_applies(self, state: GameState, src: int, zone: str, card: int, spec: tuple) -> bool:
        return _static_applies(state, src, zone, card, spec)

    def can_pay_step(self, state: GameState, ctx: dict, step: Step) -> bool:
        """A cost in HP (``damage`` on your own cards) needs more HP than it takes."""
        if step.verb == "damage":
            n = effects.amount(state, ctx, step.params["amount"])
            return all(_hp_left(state, c) > n for c in effects.select(state, ctx, step.params["target"]))
        return True

    # ================================================================== effect verbs
    def game_handlers(self) -> dict[str, effects.Handler]:
        return {"stars": _verb_stars, "paralyze": _verb_paralyze, "modify": _verb_modify}

    def heard_kinds(self, trigger_kinds: frozenset[str]) -> frozenset[str] | None:
        """Moves (equipment and tracked cards follow them) and the kinds some card triggers on."""
        return trigger_kinds | {"move"}

    def on_event(self, state: GameState, ev: Event) -> None:
        """Equipment falls off a holder that leaves play; then the core's triggers."""
        kind = ev.kind
        if kind != "move":
            if kind in self.trigger_kinds:
                self.fire_triggers(state, ev)
            return
        card, data = ev.card, ev.data
        defs: list[CardDef] = state.defs
        if defs[card].fields["tracked"]:
            _track_card(state, card)
        if data[1] in HOLDERS and data[3] not in HOLDERS:
            owner = data[0]
            for eq in list(state.zones[owner]["equipped"]):
                st = state.cs.get(eq)
                if st is not None and st.host == card:
                    state.move(eq, state.owner[eq], "discard")
        if "move" in self.trigger_kinds:
            self.fire_triggers(state, ev)

    # ================================================================== views and bots
    def observe_extra(self, state: GameState, viewer: int) -> dict[str, Any]:
        """Public facts: turn kind and step, deck types, and the numbers of every card on the field."""
        board = {}
        for p in (0, 1):
            for zone in ("main", "backup", "base"):
                for c in state.zones[p][zone]:
                    board[str(c)] = {"attack": self.stat(state, c, "attack"),
                                     "defense": self.stat(state, c, "defense"),
                                     "hp_left": self.hp_left(state, c), "stars_left": self.stars_left(state, c),
                                     "colour": state.defs[c].fields["colour"]}
        return {"turn_kind": self.turn_kind(state), "step": STEP_NAMES[state.vars.get("step", 0)],
                "deck_types": list(state.vars.get("deck_type", (None, None))), "field": board}

    def evaluate(self, state: GameState, player: int) -> float:
        """Base Armor HP share, weighted most, plus the creatures, their stars and attack on the field.

        Worked out as the sum ``score += sign * term`` over both sides (the player's first), term by term: each
        term is read from a table of its values when it has few (stars, attack, counts; see ``_TERMS``) and added
        or taken away (``sign * t`` is ``t`` or exactly ``-t``), so the value is the same to the last bit with a
        fraction of the float arithmetic."""
        r = state.result
        if r is not None:
            return super().evaluate(state, player)
        v = state.vars
        statics = (v.get("static_stars"), v.get("static_hp"), v.get("static_attack"))
        score = _side_score(state, player, 0.0, False, statics)
        score = _side_score(state, 1 - player, score, True, statics)
        return -1.0 if score < -1.0 else 1.0 if score > 1.0 else score

    def _side_score(self, state: GameState, p: int, score: float, minus: bool, statics: tuple) -> float:
        """``score`` with ``p``'s terms of :meth:`evaluate` added (``minus``: taken away), in the formula's order:
        each Base Armor's HP share (0.6) and stars (0.05 for 3), each Main Creature (0.1, stars 0.05 for 3, attack
        0.05 for 60), the Backups (0.04 each, 3 at most) and the hand (0.01 a card, 5 at most)."""
        return _side_score(state, p, score, minus, statics)

    def _numbers(self, state: GameState, card: int, base: bool, statics: tuple) -> tuple[int, int, int]:
        """For :meth:`evaluate`, in one pass over the card's record: ``(hp_left, stars_left, printed hp)`` of a Base
        Armor, ``(hp_left, stars_left, attack)`` of a Creature, as :meth:`hp_left`, :meth:`stars_left` and
        :meth:`stat` give them; ``statics`` is ``vars``' static sources of stars, HP and attack."""
        return _card_numbers(state, _cards(state), card, base, statics)

    def card_line(self, state: GameState, card: int) -> str:
        """One card in words, with its colour code (TGOD-CARD-01): ``Squire of Dawn (yellow; A 15, HP 40 of 40...)``.
        """
        w = self.words.card(state, card, state.owner[card])
        return w.line().replace(f"{w.name} (", f"{w.name} ({state.defs[card].fields['colour']}; ", 1) \
            if "(" in w.line() else f"{w.name} ({state.defs[card].fields['colour']})"


#: ``evaluate``'s terms with few values, worked out once as the formula works them out (unsigned: a side's term is
#: added or taken away): stars (0 to 3), a Main Creature by stars and attack (0 to 60), Backups (0 to 3), hand (0 to 5)
_STAR_TERM = tuple(0.05 * s / 3 for s in range(4))
_MAIN_TERM = tuple(tuple(0.1 + 0.05 * s / 3 + 0.05 * a / 60 for a in range(61)) for s in range(4))
_BACKUP_TERM = tuple(0.04 * n for n in range(4))
_HAND_TERM = tuple(0.01 * n for n in range(6))
#: the ``state.memo`` keys of each player's ability candidates (``_ability_candidates``)
_ABILITY_MEMO = ("abilities:0", "abilities:1")
#: the selectors ``you.<zone>`` and ``opponent.<zone>`` (a zone or a group of zones): who, and the zones it reads
_SIDE_ZONES = {f"{who}.{name}": (who, TgodRules.ZONE_GROUPS.get(name, (name,)))
               for who in ("you", "opponent") for name in (*TgodRules.ZONES, *TgodRules.ZONE_GROUPS)}


# ====================================================================== effect checks and verbs


def _action_step(action: Action) -> int:
    """The turn step an action belongs to (0: none)."""
    k, args = action.kind, action.args
    if k == "play" and len(args) == 2:
        return {"main": S_MAIN, "backup": S_BACKUP, "power": S_POWER}.get(args[1], 0)
    return {"equip": S_EQUIP, "activate": S_ABILITY, "attack": S_ATTACK}.get(k, 0)


def start_effect(state: GameState, eff: Effect, card: int, controller: int,
                 bindings: dict[str, Any] | None = None) -> None:
    """Put an effect on the stack; an ``optional`` one asks its controller first."""
    if eff.optional:
        ask = Step("may", {"then": eff.steps, "prompt": f"use the ability of {state.defs[card].name}?"})
        effects.start(state, (ask,), card, controller, bindings)
    else:
        effects.start(state, eff, card, controller, bindings)


def _check_effect(eff: Effect, index: int, kind: str) -> None:
    where = f"field effects[{index}]"
    if eff.kind == "triggered" and eff.trigger in ("attack", "destroyed"):
        raise ValueError(f"{where}: use trigger on_attack / on_destroyed for this card's own battle and end")
    if eff.kind == "activated":
        if kind not in (CREATURE, BASE):
            raise ValueError(f"{where}: only Creatures and Base Armor have activated abilities (TGOD-NRM-05)")
        if not eff.limit and not eff.cost:
            raise ValueError(f"{where}: an activated ability needs a limit or a cost")
        if eff.zone not in (None, "main", "backup", "base"):
            raise ValueError(f"{where}.zone: main, backup or base")
    if eff.kind == "play" and kind not in (CREATURE, POWER):
        raise ValueError(f"{where}: only Creatures and Power cards are played with an effect")


def _mentions_card(data: Any) -> bool:
    """Whether effect data refers to its own card (``self``, ``host``, ``other``, ``source``)."""
    if isinstance(data, Mapping):
        return any(k in ("other", "source") or _mentions_card(v) for k, v in data.items())
    if isinstance(data, list | tuple):
        return any(_mentions_card(v) for v in data)
    return data in ("self", "host", "source")


def _quick_check(eff: Effect) -> tuple[str | None, int | None] | None:
    """An activated ability's condition and cost as plain facts, when they are of the commonest forms:
    ``(zone, hp_cost)`` for a condition that is none or ``{exists: you.<zone>}`` and a cost that is none or
    ``damage: {target: self, amount: <n>}`` (zone None: no condition; hp_cost None: no cost). The ability may be
    used when that zone of its controller holds a card and the card has more HP left than the cost
    (``can_pay_step``). None for any other condition or cost: ``effects.check`` and ``effects.can_pay`` answer.

    >>> from tcgkit.core.cards import Effect, Step
    >>> _quick_check(Effect("activated", condition={"exists": "you.main"},
    ...                     cost=(Step("damage", {"target": "self", "amount": 10}),)))
    ('main', 10)
    >>> _quick_check(Effect("activated", condition={"exists": "opponent.backup"})) is None
    True
    """
    cond, cost = eff.condition, eff.cost
    zone = None
    if cond is not None:
        spec = cond.get("exists") if isinstance(cond, Mapping) and len(cond) == 1 else None
        if not (isinstance(spec, str) and spec.startswith("you.") and spec[4:] in TgodRules.ZONES):
            return None
        zone = spec[4:]
    hp_cost = None
    if cost:
        if len(cost) != 1 or cost[0].verb != "damage" or set(cost[0].params) != {"target", "amount"}:
            return None
        params = cost[0].params
        if params["target"] != "self" or type(params["amount"]) is not int:
            return None
        hp_cost = params["amount"]
    return zone, hp_cost


def _static_spec(eff: Effect) -> tuple:
    """``(stat, by, to, source_zone, when, attacks_per_turn)`` from a static effect's params."""
    p = eff.params
    unknown = set(p) - STATIC_KEYS
    if unknown:
        raise ValueError(f"field effects.params: unknown key {sorted(unknown)[0]!r}; known: {sorted(STATIC_KEYS)}")
    if "attacks_per_turn" in p:
        return (None, 0, "self", None, None, int(p["attacks_per_turn"]))
    if p.get("stat") not in ("attack", "defense", "stars", "hp") or not isinstance(p.get("by"), int):
        raise ValueError("field effects.params: a static needs stat (attack, defense, stars, hp) and an integer by")
    when = p.get("when")
    if when is not None and when not in WHEN:
        raise ValueError(f"field effects.params.when: one of {', '.join(WHEN)}")
    to = p.get("to", "self")
    return (p["stat"], p["by"], to, p.get("source_zone"), when, 1)


def _verb_modify(state: GameState, ctx: dict, step: Step) -> None:
    """The core ``modify``, noting that modifiers exist (end of turn then looks for expired ones)."""
    state.vars["mods"] = True
    if step.params.get("stat") == "stars":
        state.vars["stars_dirty"] = True  # the switch is checked after the effect (TGOD-OTH-06)
    effects.CORE_HANDLERS["modify"](state, ctx, step)


def _verb_stars(state: GameState, ctx: dict, step: Step) -> None:
    """``stars: {target, amount}``: the target gains (or, negative, loses) Battle Stars."""
    n = effects.amount(state, ctx, step.params["amount"])
    state.vars["stars_dirty"] = True  # the switch is checked after the effect (TGOD-OTH-06)
    for c in effects.select(state, ctx, step.params["target"]):
        if state.loc[c][1] not in HOLDERS:
            continue
        counters = state.card_state(c).counters
        counters["stars_used"] = counters.get("stars_used", 0) - n
        state.emit("stars", state.owner[c], c, (n, _stars_left(state, c)))


def _verb_paralyze(state: GameState, ctx: dict, step: Step) -> None:
    """``paralyze: {target, turns}``: paralysis for ``turns`` of the owner's turns (default 3)."""
    n = effects.amount(state, ctx, step.params.get("turns", PARALYSIS_TURNS))
    for c in effects.select(state, ctx, step.params["target"]):
        if state.loc[c][1] in ("main", "backup"):
            _paralyze(state, c, n)



# ====================================================================== the hot path, as module functions
# The rules' methods above hand their work to these functions: called from one another they are direct calls (in the
# compiled build, C calls with typed arguments), where a method is looked up on the rules object at every call.
# ``defs: list[CardDef] = state.defs`` (a CardList) is indexed as a list there, without a Python-level lookup.


class _Card:
    """What the hot path reads of one card, read once from its :class:`CardDef` (the card list's fact ``_CARDS``): in
    the compiled build a native object whose attributes are read without a lookup. The same values as the definition's:
    its type, a copy of its printed numbers, and ``fields``' requirement, attacks per turn, tracked flag, activated
    abilities, static keys, statics by stat and numbers for ``evaluate`` (see ``make_card``). One record serves every
    copy of a card in the list.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("tgod").new_game(["Guardian Wall", "Knight Order"], seed=3)
    >>> card = _cards(state)[0]
    >>> card.kind == state.defs[0].type, card.stats == state.defs[0].stats, card.req == state.defs[0].fields["req"]
    (True, True, True)
    """

    __slots__ = ("kind", "stats", "req", "attacks_per_turn", "tracked", "activated", "static_keys", "statics_of",
                 "numbers")

    def __init__(self, d: CardDef) -> None:
        fields = d.fields
        self.kind: str = d.type
        self.stats: dict[str, int] = dict(d.stats)
        self.req: tuple[str, Any] | None = fields["req"]
        self.attacks_per_turn: int = fields["attacks_per_turn"]
        self.tracked: bool = fields["tracked"]
        self.activated: tuple[int, ...] = fields["activated"]
        self.static_keys: tuple[str, ...] = fields["static_keys"]
        self.statics_of: dict[str, tuple[tuple[Any, ...], ...]] = fields["statics_of"]
        self.numbers: tuple[int, int, int] = fields["numbers"]


_CARDS = "tgod.cards"


def _card_table(defs: list[CardDef]) -> list[_Card]:
    made: dict[int, _Card] = {}  # by the definition's id: the copies of a card share its record
    out = []
    for d in defs:
        rec = made.get(id(d))
        if rec is None:
            rec = made[id(d)] = _Card(d)
        out.append(rec)
    return out


def _cards(state: GameState) -> list[_Card]:
    """The :class:`_Card` of every card id: a fact of the card list, worked out once (``CardList.fact``); worked out
    again at every call for a plain list put in ``state.defs`` (as a test may do to change a card)."""
    defs = state.defs
    if isinstance(defs, CardList):
        table = defs.facts.get(_CARDS)
        if table is None:
            table = defs.fact(_CARDS, _card_table)
        return table
    return _card_table(defs)


def _turn_kind(turn: int) -> str:
    """:meth:`TgodRules.turn_kind` of turn number ``turn``."""
    return "primary" if turn <= 2 else "secondary" if turn <= 4 else "normal"


def _start_turn(state: GameState) -> None:
    """:meth:`TgodRules.start_turn`."""
    turn = state.turn + 1
    state.turn = turn
    p: int = 1 - state.active
    state.active = p
    state.current = p
    state.phase = "play"
    v = state.vars
    v["step"] = 0
    v["did"] = 0
    kind = _turn_kind(turn)
    state.emit("turn", p, data=(turn, kind))
    deck = state.zones[p]["deck"]
    draws = 1 if kind != "primary" else 0 if state.options["deal_before_game"] else 7
    for _ in range(draws):
        if not deck:
            out = v.get("deck_out", (False, False))
            if not out[p]:  # said once: from now on every draw is skipped
                v["deck_out"] = (True, out[1]) if p == 0 else (out[0], True)
                state.emit("no_draw", p, data=("TGOD-OTH-01",))
            break
        state.move(deck[-1], p, "hand")  # Ruleset.draw (state.move_top), the deck known not to be empty


def _end_turn(state: GameState) -> None:
    """:meth:`TgodRules.end_turn`."""
    p = state.active
    v = state.vars
    if v.get("paralysis"):
        _count_down(state, p)
    power = state.zones[p]["power"]
    if power:
        for card in list(power):
            counters = state.card_state(card).counters
            left = counters.get("turns_left", 1) - 1
            if left <= 0:
                state.move(card, p, "discard")
            else:
                counters["turns_left"] = left
    if v.get("mods"):
        v["mods"] = durations.end_turn(state)
    state.emit("end_turn", p)
    _start_turn(state)


def _count_down(state: GameState, p: int) -> None:
    """:meth:`TgodRules._count_down`."""
    v = state.vars
    every = state.options.get("paralysis_counts_all_turns")
    # reading (b) counts the turns *after* the one the paralysis began in, not that turn itself
    fresh = v.pop("paralyzed_now", ()) if every else ()
    still: list[int] = []
    cs, loc, owners = state.cs, state.loc, state.owner
    card: int
    for card in v["paralysis"]:
        st = cs.get(card)
        if st is None or not st.status.get("paralyzed") or loc[card][1] not in HOLDERS:
            continue
        owner = owners[card]
        if owner == p or (every and card not in fresh):
            status = state.card_state(card).status  # to change it (a clone's copy on write)
            left = status["paralyzed"] - 1
            if left <= 0:
                del status["paralyzed"]
                state.emit("status_removed", owner, card, ("paralyzed",))
                continue
            status["paralyzed"] = left
        still.append(card)
    v["paralysis"] = tuple(still)



def _plays_open(state: GameState) -> tuple[frozenset[int], int, bool, bool, bool, bool]:
    """:meth:`TgodRules._plays_open`."""
    turn = state.turn
    steps = PRIMARY_STEPS if turn <= 2 else SECONDARY_STEPS if turn <= 4 else NORMAL_STEPS
    v = state.vars
    opts: dict[str, Any] = state.options  # read with get: a dict subclass's [] is looked up at every call
    step: int = 0 if opts.get("steps_any_order") else v["step"]
    did: int = v["did"]
    return (steps, step,
            S_MAIN in steps and step <= S_MAIN and not state.zones[state.active]["main"] and not did & DID_MAIN,
            S_BACKUP in steps and step <= S_BACKUP and not did & DID_BACKUP,
            S_EQUIP in steps and step <= S_EQUIP and (not did & DID_EQUIP or bool(opts.get("equip_any_number"))),
            S_POWER in steps and step <= S_POWER and (not did & DID_POWER or bool(opts.get("power_any_number"))))


def _surely_has_choice(state: GameState) -> bool:
    """:meth:`TgodRules.surely_has_choice`."""
    if state.phase != "play":
        return False
    p = state.active
    zones = state.zones[p]
    if state.turn > 4 and state.zones[1 - p]["base"]:
        for attacker in (*zones["main"], *zones["base"]):
            if _can_attack(state, attacker):
                return True
    if not zones["main"]:  # a Backup that may move up, as legal_actions finds them
        cs = state.cs
        if any(c not in cs or not cs[c].status.get("paralyzed") for c in zones["backup"]):
            return True
    _, _, can_main, can_backup, can_equip, can_power = _plays_open(state)
    creature = can_main or can_backup
    equip = can_equip and bool(zones["base"] or zones["main"] or zones["backup"])
    if creature or equip or can_power:
        cards = _cards(state)
        for card in zones["hand"]:
            c = cards[card]
            kind = c.kind
            if kind == POWER:
                if can_power and _requirement_met(state, p, c.req):
                    return True
            elif c.req is None and (kind == CREATURE and creature or kind == EQUIPMENT and equip):
                return True
    return False


def _hand_actions(state: GameState, p: int, can_main: bool, can_backup: bool, holders: tuple[int, ...],
                  can_power: bool, acts: list[Action]) -> None:
    """:meth:`TgodRules._hand_actions`."""
    cards = _cards(state)
    for card in state.zones[p]["hand"]:
        c = cards[card]
        kind = c.kind
        if kind == CREATURE:
            if (can_main or can_backup) and (c.req is None or _requirement_met(state, p, c.req)):
                if can_main:
                    acts.append(PLAY_MAIN[card])
                if can_backup:
                    acts.append(PLAY_BACKUP[card])
        elif kind == EQUIPMENT:
            if holders and (c.req is None or _requirement_met(state, p, c.req)):
                acts.extend(map(EQUIP.row(card).__getitem__, holders))
        elif kind == POWER and can_power and _requirement_met(state, p, c.req):
            acts.append(PLAY_POWER[card])



def _ability_actions(state: GameState, p: int, acts: list[Action]) -> None:
    """:meth:`TgodRules._ability_actions`."""
    shared: dict[tuple[str, int], bool] | None = None
    cs, v = state.cs, state.vars
    turn = state.turn
    for card, eff, limit_key, limit, act, shared_key, quick in _ability_candidates(state, p):
        st = cs.get(card)
        if st is not None and st.status.get("paralyzed", 0) > 0:
            continue
        if limit is not None:  # effects.limit_ok, inlined
            used = v.get(limit_key)
            if used is not None and (not limit[0] or used[0] == turn) and used[1] >= limit[1]:
                continue
        if quick is not None:  # _ability_payable for a plain condition and cost, inlined
            zone, hp_cost = quick
            if (zone is None or state.zones[p][zone]) and (hp_cost is None or _hp_left(state, card) > hp_cost):
                acts.append(act)
            continue
        if shared_key is not None:
            if shared is None:
                shared = {}
            ok = shared.get(shared_key)
            if ok is None:
                ok = shared[shared_key] = _ability_payable(state, p, card, eff)
        else:
            ok = _ability_payable(state, p, card, eff)
        if ok:
            acts.append(act)


def _ability_candidates(state: GameState, p: int) -> tuple[tuple[Any, ...], ...]:
    """:meth:`TgodRules._ability_candidates`."""
    tracked = state.vars.get("abilities", ())
    key = _ABILITY_MEMO[p]
    memo = state.memo
    known = memo.get(key)
    if known is not None and known[0] is tracked:
        return known[1]
    owner, loc = state.owner, state.loc
    defs: list[CardDef] = state.defs
    out = []
    for card in tracked:
        if owner[card] != p:
            continue
        d = defs[card]
        zone = loc[card][1]
        shared, quick = d.fields["shared_checks"], d.fields["quick"]
        for i in d.fields["activated"]:
            eff = d.effects[i]
            if not eff.zone or eff.zone == zone:
                out.append((card, eff, effects.limit_key(card, i),
                            effects.parse_limit(eff.limit) if eff.limit else None,
                            ACTIVATE.row(card)[INDEX[i]], (d.key, i) if i in shared else None, quick.get(i)))
    cands = tuple(out)
    memo[key] = (tracked, cands)
    return cands


def _ability_payable(state: GameState, p: int, card: int, eff: Effect) -> bool:
    """:meth:`TgodRules._ability_payable`."""
    ctx = {"source": card, "controller": p}
    return effects.check(state, ctx, eff.condition) and effects.can_pay(state, ctx, eff.cost)


def _requirement_met(state: GameState, player: int, req: tuple[str, Any] | None) -> bool:
    """:meth:`TgodRules.requirement_met`: ``req`` is the card's ``fields["req"]``."""
    if req is None:
        return True
    kind, value = req
    if kind == "deck":
        return bool(state.vars["deck_type"][player] == value)
    if kind == "main":
        main = state.zones[player]["main"]
        defs: list[CardDef] = state.defs
        return bool(main) and (not value or value in defs[main[0]].tags)
    return bool(state.zones[player]["backup"])


def _paralyzed(state: GameState, card: int) -> bool:
    st = state.cs.get(card)
    return st is not None and st.status.get("paralyzed", 0) > 0


def _stars_left(state: GameState, card: int) -> int:
    """:meth:`TgodRules.stars_left`."""
    defs: list[CardDef] = state.defs
    value = defs[card].stats["stars"]
    st = state.cs.get(card)
    if st is not None:
        value -= st.counters.get("stars_used", 0)
        for stat, delta, _ in st.mods:
            if stat == "stars":
                value += delta
    if state.vars.get("static_stars"):
        value += _static_bonus(state, card, "stars")
    return value


def _hp_left(state: GameState, card: int) -> int:
    st = state.cs.get(card)
    return _stat(state, card, "hp") - (st.counters.get("damage", 0) if st is not None else 0)


def _can_attack(state: GameState, card: int) -> bool:
    """:meth:`TgodRules.can_attack`."""
    defs: list[CardDef] = state.defs
    d = defs[card]
    value = d.stats["stars"]  # then as stars_left, reading the record once
    st = state.cs.get(card)
    if st is not None:
        counters = st.counters
        if counters.get("atk_turn") == state.turn and counters.get("atk_n", 0) >= d.fields["attacks_per_turn"]:
            return False
        value -= counters.get("stars_used", 0)
        for stat, delta, _ in st.mods:
            if stat == "stars":
                value += delta
    if state.vars.get("static_stars"):
        value += _static_bonus(state, card, "stars")
    return value > 0


def _attack_targets(state: GameState, opponent: int) -> list[int]:
    """:meth:`TgodRules.attack_targets`."""
    z = state.zones[opponent]
    out = [*z["main"], *z["base"], *z["backup"]]
    paralysis = state.vars.get("paralysis")
    if paralysis:  # every paralyzed card is listed there (``paralyze``): only those are looked at
        cs, loc = state.cs, state.loc
        c: int
        for c in paralysis:
            where = loc[c]
            if where[1] == "backup" and where[0] == opponent and (st := cs.get(c)) is not None and \
                    st.status.get("paralyzed"):
                out.remove(c)
    return out


def _switchable(state: GameState, player: int) -> list[int]:
    """:meth:`TgodRules.switchable`."""
    out = state.zones[player]["backup"].copy()
    paralysis = state.vars.get("paralysis")
    if paralysis:  # as in attack_targets
        cs, loc = state.cs, state.loc
        c: int
        for c in paralysis:
            where = loc[c]
            if where[1] == "backup" and where[0] == player and (st := cs.get(c)) is not None and \
                    st.status.get("paralyzed", 0) > 0:
                out.remove(c)
    return out



def _step(state: GameState, step: int, did: int) -> None:
    v = state.vars
    if step > v["step"]:
        v["step"] = step
    if did:
        v["did"] |= did


def _play(state: GameState, card: int, zone: str) -> None:
    """:meth:`TgodRules.play`."""
    p = state.active
    if zone == "main":
        _step(state, S_MAIN, DID_MAIN)
    elif zone == "backup":
        _step(state, S_BACKUP, DID_BACKUP)
    else:
        _step(state, S_POWER, DID_POWER)
    state.move(card, p, zone)
    defs: list[CardDef] = state.defs
    d = defs[card]
    if zone == "power":
        state.card_state(card).counters["turns_left"] = d.stats.get("lasts", 1)
    state.emit("played", p, card, (zone,))
    for eff in d.effects:
        if eff.kind == "play":
            start_effect(state, eff, card, p)


def _activate(state: GameState, card: int, index: int) -> None:
    """:meth:`TgodRules.activate`."""
    _step(state, S_ABILITY, 0)
    defs: list[CardDef] = state.defs
    eff = defs[card].effects[index]
    effects.mark_used(state, card, index, eff.limit)
    state.emit("activate", state.active, card, (index,))
    effects.start(state, eff.cost + eff.steps, card, state.active)


def _attach(state: GameState, card: int, host: int) -> None:
    """:meth:`TgodRules.attach`."""
    state.move(card, state.owner[card], "equipped")
    state.card_state(card).host = host
    state.card_state(host).attached.append(card)
    state.emit("equip", state.owner[card], card, (host,))


def _after_effects(state: GameState) -> None:
    """:meth:`TgodRules.after_effects`: the win, the end of a battle, the switch, then whose decision it is."""
    v = state.vars
    if state.result is not None or (v.get("base_hit") and _check_win(state)):
        return
    if state.phase == "battle":
        _finish_attack(state)
        if state.result is not None:
            return
    if state.phase == "play":
        # stars lost by an effect, not only by an attack (TGOD-OTH-06); checked only when stars may have changed
        statics = v.get("static_stars", ())
        if "stars_dirty" in v or statics != v.get("stars_seen", ()):  # stars changed, or what changes them
            v.pop("stars_dirty", None)
            v["stars_seen"] = statics
            _check_switch(state)
        elif "both_out" in v and v["both_out"] != _mains(state):  # a Main Creature came or went
            _check_switch(state)
    if state.phase == "switch":
        _next_switch(state)
    else:
        state.current = state.active


def _attack(state: GameState, attacker: int, target: int) -> None:
    """:meth:`TgodRules.attack`."""
    p = state.active
    turn = state.turn
    counters = state.card_state(attacker).counters
    if counters.get("atk_turn") == turn:
        counters["atk_n"] = counters.get("atk_n", 0) + 1
    else:
        counters["atk_turn"] = turn
        counters["atk_n"] = 1
    state.vars["battle"] = (attacker, target)
    state.phase = "battle"
    if state.loc[target][1] == "backup":
        state.emit("attack", p, attacker, (target,))
        _paralyze(state, target, PARALYSIS_TURNS)
    else:
        defense = _stat(state, target, "defense")
        if state.options["defense_only_creatures"] and state.defs[target].type == BASE:
            defense = 0
        power = _stat(state, attacker, "attack")
        damage = max(0, power - defense)
        state.emit("attack", p, attacker, (target, damage, power - damage))  # the A that D blocked
        _damage_card(state, target, damage, {"controller": p, "battle": True, "source": attacker})
    if _check_win(state):
        return
    _fire_on(state, target, "on_attacked", attacker)
    _fire_on(state, attacker, "on_attack", target)


def _fire_on(state: GameState, card: int, trigger: str, other: int) -> None:
    """:meth:`TgodRules.fire_on`."""
    if state.loc[card][1] not in HOLDERS:
        return
    defs: list[CardDef] = state.defs
    if trigger in defs[card].triggers:
        _fire_card(state, card, trigger, other)
    st = state.cs.get(card)
    if st is not None:
        for c in st.attached:
            if trigger in defs[c].triggers:
                _fire_card(state, c, trigger, other)


def _fire_card(state: GameState, card: int, trigger: str, other: int) -> None:
    defs: list[CardDef] = state.defs
    for i, eff in defs[card].triggers.get(trigger, ()):
        ctx = {"source": card, "controller": state.owner[card], "event_card": other}
        if effects.limit_ok(state, card, i, eff.limit) and effects.check(state, ctx, eff.condition):
            effects.mark_used(state, card, i, eff.limit)
            start_effect(state, eff, card, state.owner[card], {"event_card": other})


def _finish_attack(state: GameState) -> None:
    """:meth:`TgodRules.finish_attack`."""
    attacker, _ = state.vars.pop("battle")
    state.phase = "play"
    if state.loc[attacker][1] in ("main", "base"):
        counters = state.card_state(attacker).counters
        counters["stars_used"] = counters.get("stars_used", 0) + 1
        state.emit("star", state.owner[attacker], attacker, (_stars_left(state, attacker),))
    _check_switch(state)


def _paralyze(state: GameState, card: int, turns: int) -> None:
    """:meth:`TgodRules.paralyze`."""
    state.card_state(card).status["paralyzed"] = turns
    v = state.vars
    known = v.get("paralysis", ())
    if card not in known:
        v["paralysis"] = (*known, card)
    if state.options.get("paralysis_counts_all_turns"):
        v["paralyzed_now"] = (*v.get("paralyzed_now", ()), card)
    state.emit("status", state.owner[card], card, ("paralyzed", turns))


def _damage_card(state: GameState, card: int, amount: int, ctx: dict) -> None:
    """:meth:`TgodRules.damage_card`."""
    if amount <= 0 or state.loc[card][1] not in HOLDERS:
        return
    before = _hp_left(state, card)
    counters = state.card_state(card).counters
    counters["damage"] = counters.get("damage", 0) + amount
    defs: list[CardDef] = state.defs
    if defs[card].type == BASE:
        state.vars["base_hit"] = True
    state.emit("damage", state.owner[card], card, (amount,))
    if before - amount <= 0:
        _destroy(state, card, {**ctx, "hp_before": before})


def _damage_player(state: GameState, player: int, amount: int, ctx: dict) -> None:
    for base in list(state.zones[player]["base"]):
        _damage_card(state, base, amount, ctx)


def _destroy(state: GameState, card: int, ctx: dict | None) -> None:
    """:meth:`TgodRules.destroy`."""
    ctx = ctx or {}
    owner = state.owner[card]
    zone = state.loc[card][1]
    if zone not in HOLDERS:
        return
    defs: list[CardDef] = state.defs
    if defs[card].type == BASE:
        counters = state.card_state(card).counters
        counters["damage"] = max(counters.get("damage", 0), _stat(state, card, "hp"))
        state.vars["base_hit"] = True
        if state.options.get("both_bases_first_printed"):
            state.vars.setdefault("first_base_down", owner)  # TGOD-ROLE-02 second reading: the first one counts
        state.emit("destroyed", owner, card)
        if not state.stack:
            _check_win(state)
        return
    st = state.cs.get(card)
    # option carry_hp_with_equipment: the total HP as it stood, Equipment and modifiers included (BTL-11)
    full = _stat(state, card, "hp") if ctx.get("battle") and state.options.get("carry_hp_with_equipment") else 0
    for eq in list(st.attached) if st is not None else ():
        state.move(eq, state.owner[eq], "discard")
    state.move(card, owner, "discard")
    state.emit("destroyed", owner, card)
    if ctx.get("battle"):
        if state.options["carry_remaining_hp"]:
            carried = max(0, ctx.get("hp_before", 0))
        elif state.options.get("carry_hp_with_equipment"):
            carried = full
        else:
            carried = defs[card].stats["hp"]
        state.emit("hp_carried", owner, card, (carried,))
        _damage_player(state, owner, carried, {"controller": ctx.get("controller", 1 - owner)})
    if "on_destroyed" in defs[card].triggers:
        _fire_card(state, card, "on_destroyed", ctx.get("source", -1))


def _check_win(state: GameState) -> bool:
    """:meth:`TgodRules.check_win`."""
    if state.result is not None:
        return True
    v = state.vars
    if not v.get("base_hit"):
        return False
    v["base_hit"] = False
    dead: list[int] = []
    for p in (0, 1):  # any(hp_left(b) <= 0 for b in base), without a generator per player
        for b in state.zones[p]["base"]:
            if _hp_left(state, b) <= 0:
                dead.append(p)
                break
    if not dead:
        return False
    first = v.pop("first_base_down", None)
    if len(dead) == 2 and first is not None:  # option both_bases_first_printed: destroyed one after the other
        state.end(1 - first, "destroyed the opponent's Base Armor first", "TGOD-ROLE-02")
    elif len(dead) == 2:
        state.end(None, "both Base Armors were destroyed at once", "TGOD-ROLE-02")
    else:
        winner = 1 - dead[0]
        battle = v.get("battle") is not None and winner == state.active
        state.end(winner, "destroyed the opponent's Base Armor" + (" in battle" if battle else ""),
                  "TGOD-BTL-12" if battle else "TGOD-ROLE-02")
    return True


def _mains(state: GameState) -> tuple[int, int]:
    zones = state.zones
    z0, z1 = zones[0]["main"], zones[1]["main"]
    return (z0[0] if z0 else -1, z1[0] if z1 else -1)


def _both_out(state: GameState) -> bool:
    zones = state.zones
    z0, z1 = zones[0]["main"], zones[1]["main"]
    return bool(z0 and z1) and _stars_left(state, z0[0]) <= 0 and _stars_left(state, z1[0]) <= 0


def _check_switch(state: GameState) -> None:
    """:meth:`TgodRules.check_switch`."""
    v = state.vars
    if not _both_out(state):
        if "both_out" in v:
            del v["both_out"]
        return
    if "both_out" in v:
        v["both_out"] = _mains(state)
        return
    v["both_out"] = _mains(state)
    v["switch_queue"] = (state.active, 1 - state.active)
    state.phase = "switch"


def _next_switch(state: GameState) -> None:
    """:meth:`TgodRules.next_switch`."""
    queue = state.vars.get("switch_queue", ())
    while queue:
        p = queue[0]
        choices = _switchable(state, p)
        if len(choices) > 1:
            state.vars["switch_queue"] = queue
            state.current = p
            return
        if choices:
            _do_switch(state, p, choices[0])
        else:
            state.emit("no_switch", p, data=("TGOD-OTH-08",))
        queue = queue[1:]
    state.vars.pop("switch_queue", None)
    state.phase = "play"
    state.current = state.active


def _switch(state: GameState, player: int, backup: int) -> None:
    _do_switch(state, player, backup)
    state.vars["switch_queue"] = state.vars["switch_queue"][1:]


def _do_switch(state: GameState, player: int, backup: int) -> None:
    """:meth:`TgodRules.do_switch`."""
    main = state.zones[player]["main"][0]
    state.move(main, player, "backup", reset=False)
    state.card_state(main).counters.pop("stars_used", None)
    state.move(backup, player, "main", reset=False)
    state.emit("switch", player, backup, (main,))


def _stat(state: GameState, card: int, name: str) -> int:
    """:meth:`TgodRules.stat`."""
    if name in PSEUDO_STATS:
        if name == "hp_left":
            return _hp_left(state, card)
        if name == "stars_left":
            return _stars_left(state, card)
        st = state.cs.get(card)
        return st.counters.get("damage", 0) if st is not None else 0
    defs: list[CardDef] = state.defs
    value = defs[card].stats.get(name, 0)
    st = state.cs.get(card)
    if st is not None:
        for stat, delta, _ in st.mods:
            if stat == name:
                value += delta
        if st.attached and (name == "attack" or name == "defense"):
            for eq in st.attached:
                value += defs[eq].stats.get(name, 0)
    key = STATIC_KEY.get(name)
    return value + _static_bonus(state, card, name) if key and state.vars.get(key) else value


def _static_bonus(state: GameState, card: int, name: str) -> int:
    """What the static abilities in play add to ``card``'s ``name`` (TGOD-BTL-04/05)."""
    sources = state.vars.get(STATIC_KEY.get(name, ""))
    if not sources:
        return 0
    total = 0
    cards, loc, cs = _cards(state), state.loc, state.cs
    src: int
    for src in sources:
        for spec in cards[src].statics_of.get(name, ()):
            to = spec[2]  # the "self" and "host" answers of _static_applies, without the call
            if to == "self":
                if src != card:
                    continue
            elif to == "host":
                st = cs.get(src)
                if st is None or st.host != card:
                    continue
            if _static_applies(state, src, loc[src][1], card, spec):
                total += spec[1]
    return total


def _track_card(state: GameState, card: int) -> None:
    """:meth:`TgodRules.track_card`."""
    defs: list[CardDef] = state.defs
    fields = defs[card].fields
    zone = state.loc[card][1]
    v = state.vars
    for key in fields["static_keys"]:
        kept = tuple(c for c in v.get(key, ()) if c != card)
        v[key] = (*kept, card) if zone in IN_PLAY else kept
    if fields["activated"]:
        kept = tuple(c for c in v.get("abilities", ()) if c != card)
        v["abilities"] = (*kept, card) if zone in HOLDERS else kept


def _static_applies(state: GameState, src: int, zone: str, card: int, spec: tuple) -> bool:
    """Whether a static ability of ``src`` (in ``zone``) applies to ``card`` now (``spec``: see ``_static_spec``)."""
    _, _, to, source_zone, when, _ = spec
    if source_zone and source_zone != zone:
        return False
    if to == "self":
        if card != src:
            return False
    elif to == "host":
        st = state.cs.get(src)
        if st is None or st.host != card:
            return False
    elif to in _SIDE_ZONES:  # who.zone: what effects.select gives, read from the zones directly
        who, group = _SIDE_ZONES[to]
        zones = state.zones[state.owner[src] if who == "you" else 1 - state.owner[src]]
        for z in group:
            if card in zones[z]:
                break
        else:
            return False
    elif card not in effects.select(state, {"source": src, "controller": state.owner[src]}, to):
        return False
    if when:
        battle = state.vars.get("battle")
        if battle is None:
            return False
        if when == "defending":
            return battle[1] == card
        return battle[0] == card and (when == "attacking" or state.defs[battle[1]].type == BASE)
    return True


def _side_score(state: GameState, p: int, score: float, minus: bool, statics: tuple) -> float:
    """:meth:`TgodRules._side_score`."""
    z = state.zones[p]
    cards = _cards(state)
    terms: list[float] = []
    for base in z["base"]:
        hp_left, stars, hp = _card_numbers(state, cards, base, True, statics)
        terms.append(0.6 * hp_left / (hp if hp > 1 else 1))
        s = stars if stars < 3 else 3
        terms.append(_STAR_TERM[s] if s >= 0 else 0.05 * s / 3)
    for c in z["main"]:
        _, stars, attack = _card_numbers(state, cards, c, False, statics)
        s = stars if stars < 3 else 3
        a = attack if attack < 60 else 60
        terms.append(_MAIN_TERM[s][a] if s >= 0 and a >= 0 else 0.1 + 0.05 * s / 3 + 0.05 * a / 60)
    n = len(z["backup"])
    terms.append(_BACKUP_TERM[n if n < 3 else 3])
    n = len(z["hand"])
    terms.append(_HAND_TERM[n if n < 5 else 5])
    if minus:
        for t in terms:
            score -= t
    else:
        for t in terms:
            score += t
    return score


def _card_numbers(state: GameState, cards: list[_Card], card: int, base: bool, statics: tuple) -> tuple[int, int, int]:
    """:meth:`TgodRules._numbers`, ``cards`` being :func:`_cards`."""
    printed_hp, stars, attack = cards[card].numbers
    hp = printed_hp
    damage = 0
    st = state.cs.get(card)
    if st is not None:
        counters = st.counters
        if counters:
            damage = counters.get("damage", 0)
            stars -= counters.get("stars_used", 0)
        for stat, delta, _ in st.mods:
            if stat == "hp":
                hp += delta
            elif stat == "stars":
                stars += delta
            elif stat == "attack":
                attack += delta
        if st.attached and not base:
            for eq in st.attached:
                attack += cards[eq].stats.get("attack", 0)
    if statics[0]:
        stars += _static_bonus(state, card, "stars")
    if base:
        if statics[1]:
            hp += _static_bonus(state, card, "hp")
        return hp - damage, stars, printed_hp
    if statics[2]:
        attack += _static_bonus(state, card, "attack")
    return hp - damage, stars, attack

