"""TGC rules: deck rules, setup and mulligan, the five phases, the Open and Closed gamestates, playing cards,
activating effects, battles, damage and the loss at 0 Heathshards. Clause ids ``TGC-*`` (``shared/rules/tgc.txt``).

The gamestate model (TGC-2, default priority model R1) lives in ``state.vars``:

- ``gs``: ``closed``, ``play`` (Open Play), ``battle`` (Open Battle), ``quick`` (Open Quick) or ``block`` (the
  defending player's block choice inside a Closed Declare Battle, TGC-4.1); the holder is ``state.current``;
- ``pend``: what the next default does: None, ``"phase"`` (after Pass Phase), ``("direct", attacker)`` or
  ``("creature", attacker, defender)``;
- ``dn``: consecutive Do Nothing actions (TGC-3.2.b.2);
- ``win``: the triggered effects usable since the last Closed gamestate (TGC-3.4.2), as ``(card, effect index)``;
- ``then``: what happens once the current action's effects have resolved (``quick`` or ``default``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action, ActionTable, new_action
from tcgkit.core.cards import CardDef, CardList, Effect, trigger_listeners
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.errors import DeckFileError
from tcgkit.core.ruleset import Ruleset, event_filters_pass
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, CardState, Event, GameState
from tcgkit.games.tgc import verbs
from tcgkit.games.tgc.model import (
    ARTIFACT,
    BATTLEFIELD,
    CREATURE,
    EQUIPMENT,
    HEX,
    INSTANT,
    KEYWORDS,
    TgcCard,
    kw_arg,
    kw_name,
)
from tcgkit.games.tgc.words import TgcWords

START_HS: Final = 20
HAND_SIZE: Final = 5
MULLIGANS: Final = 3
DECK_SIZE: Final = 40
COPIES: Final = 4
SUBTYPES: Final = 3
NEXT_PHASE: Final = {"standby": "play", "play": "battle", "battle": "end"}
DEFAULT_GS: Final = {"play": "play", "battle": "battle"}
FIELD: Final = verbs.FIELD
#: Automatic trigger kinds the engine emits (the activatable ones are handled through the window).
AUTO_TRIGGERS: Final = frozenset({"destroyed", "discarded", "attack", "summoned", "phase", "targeted"})

_DO_NOTHING: Final = Action("do_nothing")
_PASS_PHASE: Final = Action("pass_phase")
_FLIP: Final = Action("flip_coin")
_KEEP: Final = Action("keep")
_NO_BLOCK: Final = Action("no_block")
_SURRENDER: Final = Action("surrender")
#: :meth:`TgcRules.cost_board` when nothing on the board changes a cost
_NO_BOARD: Final = (False, 0)
#: the actions naming cards, each built once and shared (``_ATTACK[a]``, ``_ATTACK.row(a)[d]``, ``_PLAY[card]``...)
_ATTACK: Final = ActionTable("attack")
_PLAY: Final = ActionTable("play")
_BLOCK: Final = ActionTable("block")
_MULLIGAN: Final = ActionTable("mulligan")
#: keywords that keep a creature from being sure to attack in :meth:`TgcRules._sure_attacker` (Asimov: unless no
#: Taunt creature stands against it)
_NOT_SURE_ASIMOV: Final = frozenset({"Blocker", "Stasis", "Fury"})


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class TgcRules(Ruleset):
    id = "tgc"
    name = "TGC"
    WORDS = TgcWords
    HIDDEN_POOLS = (("deck", "hand", "mulligan"),)  # mulligan swaps come from the hand
    ZONES = {"deck": HIDDEN, "hand": OWNER, "mulligan": OWNER, "field": PUBLIC, "equip": PUBLIC, "bf": PUBLIC,
             "artifacts": PUBLIC, "stack": PUBLIC, "discard": PUBLIC}
    ZONE_GROUPS = {"board": FIELD, "creatures": ("field",)}
    #: where events name other cards in their data (hidden from a viewer who cannot see them now).
    EVENT_CARD_DATA = {"equipped": (0,), "attack": (0,), "block": (0,), "targeted": (0,), "negate": (0,)}
    PLAY_ZONES = FIELD
    PASS_KINDS = Ruleset.PASS_KINDS | {"do_nothing", "keep", "no_block", "pass_phase"}
    # creatures on the field, Equipment under them, one Battlefield (TGC-3.3.3.d.1)
    ZONE_RULES = {"field": (None, (CREATURE,)), "equip": (None, (EQUIPMENT,)), "bf": (1, (BATTLEFIELD,)),
                  "artifacts": (None, (ARTIFACT,))}
    TOKEN_ZONE = "field"
    FORMATS = ("casual", "tournament")
    PLAYED_SECTIONS = ("main",)  # a tournament deck's chosen subtypes are not cards (TGC-1.2.4)
    OPTIONS = {
        "format": "casual",
        "banned": (),
        "nonturn_waits": False,   # TGC-2.5.3.x reading (c)
        "trigger_window_until_default": False,  # TGC-3.4.2 reading (b): a window survives actions until the
        # first action declared after the next default (or the phase change)
        "surrender_action": False,  # offer Surrender as a legal action at every decision (TGC-2.1.a)
        "quick_holder": "turn",  # TGC-2.2: "turn" (R1), "opponent" (R2) or "actor" (R3)
        "coin_plasma_persists": False,  # TGC-3.6.2 reading (b)
        "equipment_bonus_absorbs_damage": False,  # TGC-3.3.3.b.3.1 reading (b)
        "taunt_stops_pending_direct": False,  # TGC-4.1.2.1: a Taunt creature arriving stops a pending direct attack
        "human_may_block_asimov": False,  # Asimov: a Human may block it, and the Asimov attacker is destroyed
        "defender_gone_cancels": False,  # TGC-4.2.2.1 reading (b)
        "negate_destruction_only": False,  # Chief Engineer's Negate: only the destruction, not the whole effect
        "botanist_creatures_only": False,  # Committed Botanist's "summon" read as creatures only
        "casualties_partial": False,  # Justifiable Casualties playable with one creature (sacrifices what there is)
        "on_equip_either_side": False,  # On Equip Equipment on either side (TGC-3.3.3.b.1 over the keyword text)
        "mulligan_sequential": False,  # TGC-1.5 second reading: the second player mulligans knowing the first's count
    }
    EXTRA_VERBS = verbs.EXTRA_VERBS
    card_model = TgcCard
    data_dir = Path(__file__).parent

    # ------------------------------------------------------------------ cards and decks
    def make_card(self, m: TgcCard, card_effects: tuple[Effect, ...]) -> CardDef:
        """A card file entry -> CardDef (TGC-1.2.4.1-2, TGC-3.3.2-2, TGC-3.3.3, TGC-3.3.3.a-2, TGC-3.3.3.b.3-2)."""
        kws = frozenset({*(kw_name(k) for k in m.keywords), *m.keywords})  # "Immunity" and "Immunity:Battlefields"
        kwp = {kw_name(k): kw_arg(k) for k in m.keywords if ":" in k}
        tags = frozenset({*m.subtypes, m.type, *(f"kw:{k}" for k in kws)})
        extra_cost = sum(e.params.get("extra_cost", 0) for e in card_effects if e.kind == "play")
        fields: dict[str, Any] = {
            "id": m.id, "subtypes": tuple(m.subtypes), "cost": m.cost, "faction": m.faction, "rarity": m.rarity,
            "kw": kws, "kwp": kwp, "grants": tuple(m.grants), "statics": tuple(m.statics), "desc": m.desc,
            "series": m.series, "unread": tuple(m.unread),
            "acts": tuple((i, e) for i, e in enumerate(card_effects) if e.kind == "activated"),
            "qacts": tuple((i, e) for i, e in enumerate(card_effects) if e.kind == "activated" and (
                e.params.get("quick") or e.params.get("battle"))),
            "at": tuple(e for e in card_effects if e.kind == "static" and e.params.get("at") and e.steps),
            "extra_cost": extra_cost,
            # its cost when nothing changes it (card_cost with no cut, Botanist, Battlefield or Head of Security)
            "base_cost": max(0, m.cost + extra_cost),
            # what it adds to the cost of every card as a Battlefield (Economy Crash; cost_board)
            "cost_all": sum(e.params["cost_all"] for e in card_effects if e.kind == "static" and e.params.get(
                "cost_all")),
            "grant_conds": verbs.grant_conds(tuple(m.grants)),  # its grants by keyword (verbs.has_kw)
            # the play effects with a play condition (playable_now)
            "play_checks": tuple(e for e in card_effects if e.kind == "play" and (
                e.params.get("needs") is not None or e.condition is not None)),
            # its printed keywords as verbs.keywords_of lists them (when it has no status and no Equipment)
            "kw_list": tuple(sorted(k for k in kws if (":" in k or k not in kwp) and kw_name(k) in KEYWORDS)),
            # Holy or Immunity printed: without them (and with no status or Equipment) anything may affect the card
            "shielded": bool(kws & {"Holy", "Immunity"}),
            "human": "Human" in m.subtypes,
            "strength": m.power + m.resolve // 2,  # evaluate's strength of it with nothing changing its stats
            "plain_fighter": kws.isdisjoint(verbs.COMBAT_KEYWORDS),  # verbs.combat's plain rule, when unchanged
            # none of the keywords _attacks tests of an attacker: it may attack whatever Taunt allows, when unchanged
            "plain_attacker": kws.isdisjoint({"Blocker", "Stasis", "Deadeye", "Asimov", "Fury"}),
            # as an Equipment, it grants none of the combat keywords (verbs._plain_fighter)
            "plain_grants": not any(kw_name(g.partition("@")[0]) in verbs.COMBAT_KEYWORDS for g in m.grants),
            # a Changeling, or a static of its own that may give it the Human subtype (verbs.has_subtype)
            "maybe_human": "Changeling" in kws or any(s.get("subtype") == "Human" for s in m.statics),
            "tribute": any(k.startswith("Tribute:") for k in m.keywords),
            "reads_destroyed": "tgc.was_destroyed" in repr([e.params for e in card_effects]) + repr(
                [e.steps for e in card_effects]),
            # On Equip: "select a creature on your side of the battlefield to equip it to" (keywords.json)
            "own_side": m.type == EQUIPMENT and "On Equip" in m.text,
        }
        d = CardDef(m.id, m.name, m.type, {"power": m.power, "resolve": m.resolve, "cost": m.cost}, tags,
                    card_effects, m.text, fields)
        fields["in_sets"] = _in_sets(d)  # card_sets' sets it belongs to, and its plain cost (None: not plain)
        fields["plain_cost"] = fields["base_cost"] if _plain_play(d) else None
        return d

    def prepare_card(self, entry: dict[str, Any], source: str) -> dict[str, Any]:
        """A card entry that says what it does only in words (``text:``, no ``effects``/``keywords``/``grants``/
        ``statics``) is compiled by the TGC grammar; the phrases it cannot read are kept in ``unread``."""
        from tcgkit.games.tgc.grammar import cached_compile
        from tcgkit.games.tgc.importer import PROGRAM_FIELDS

        if any(k in entry for k in PROGRAM_FIELDS) or not entry.get("text"):
            return entry
        compiled = cached_compile(str(entry["text"]), str(entry.get("type", "")), str(entry.get("id") or
                                entry.get("name", "")), source, int(entry.get("cost") or 0))
        out = {**entry, **{k: compiled[k] for k in PROGRAM_FIELDS if compiled[k]}}
        if compiled["unread"]:
            out["unread"] = compiled["unread"]
        return out

    def explain_card(self, key_or_name: str) -> list[str]:
        """How the engine reads a TGC card: its keywords (with parameters), what it grants as Equipment, its standing
        stat changes, each effect step by step, and any phrase of its text left unread."""
        from tcgkit.core.cardtext import explain_effect, words
        from tcgkit.games.tgc import grammar

        grammar.register_words()
        card = self.pool().get(key_or_name)
        f = card.fields
        lines = [f"{card.name} ({card.type}, {f['faction'] or 'no faction'})",
                 f"text: {card.text}" if card.text else "no rules text"]
        kws = sorted(k for k in f["kw"] if ":" in k or k not in f["kwp"])
        if kws:
            lines.append("keywords: " + ", ".join(grammar.keyword_words(k) for k in kws))
        if f["grants"]:
            lines.append("the creature it equips gains: " + ", ".join(grammar.grant_words(g) for g in f["grants"]))
        for s in f["statics"]:
            cond = f" while {words(s['if'])}" if s.get("if") else ""
            what = f"gains the {s['subtype']} subtype" if "subtype" in s else f"{s['stat']} {words(s['by'])}"
            lines.append(f"on the field: {what}{cond}")
        for eff in card.effects:
            lines.extend(explain_effect(eff))
        lines.extend(f"NOT READ (the card does not do this): {u!r}" for u in f.get("unread", ()))
        return lines

    def game_handlers(self) -> dict[str, effects.Handler]:
        return verbs.handlers()

    def validate_deck(self, deck: Deck, format: str | None = None) -> list[Violation]:
        """Every deck rule the deck breaks: TGC-1.2.1, 1.2.2, 1.2.3, and in tournament format 1.2.4.1-1.2.4.2."""
        out = self._unknown(deck)
        if out:
            return out
        pool = self.pool()
        cards = [pool.get(n) for n in deck.section("main")]
        if len(cards) != DECK_SIZE:
            out.append(Violation("TGC-1.2.1", f"the deck holds {len(cards)} cards; it must hold exactly {DECK_SIZE}"))
        for name, count in Counter(c.name for c in cards).items():
            if count > COPIES:
                out.append(Violation("TGC-1.2.2", f"{count} copies of {name}; at most {COPIES}"))
        fmt = format or deck.format or "casual"
        if fmt == "tournament":
            out.extend(self._tournament(deck, cards))
        return out

    def _unknown(self, deck: Deck) -> list[Violation]:
        pool = self.pool()
        return [Violation("TGC-1.2.3", f"main: no card named {n!r} in TGC") for n in sorted(set(deck.section("main")))
                if n not in pool]

    def _tournament(self, deck: Deck, cards: list[CardDef], banned: tuple[str, ...] = ()) -> list[Violation]:
        out = []
        chosen = deck.section("subtypes")
        if len(set(chosen)) != SUBTYPES:
            out.append(Violation("TGC-1.2.4.1", f"a tournament deck declares exactly {SUBTYPES} subtypes "
                                                f"(section subtypes); it declares {len(set(chosen))}"))
        allowed = set(chosen)
        for c in sorted({c.key: c for c in cards}.values(), key=lambda c: c.key):
            subs = c.fields["subtypes"]
            if not allowed.intersection(subs) and not ("Changeling" in c.fields["kw"] and c.type == CREATURE):
                out.append(Violation("TGC-1.2.4.1", f"{c.name} has none of the chosen subtypes "
                                                    f"{sorted(allowed)} (it has {list(subs) or 'none'})"))
            if c.fields["rarity"] == "misprint":
                out.append(Violation("TGC-1.2.4.2", f"{c.name} is a misprint"))
            if c.key in banned or c.name in banned:
                out.append(Violation("TGC-1.2.4.2", f"{c.name} is banned"))
        return out

    def validate_with_bans(self, deck: Deck, banned: tuple[str, ...]) -> list[Violation]:
        """Tournament validation with a ban list (TGC-1.2.4.2; the list is data, empty by default)."""
        out = self.validate_deck(deck, "casual")
        cards = [self.pool().get(n) for n in deck.section("main") if n in self.pool()]
        return out + self._tournament(deck, cards, banned)

    def import_file(self, path: str, keywords: str | None = None, out: str | None = None) -> dict[str, Any]:
        """Import a TGC set file (JSON); see :mod:`tcgkit.games.tgc.importer`."""
        from tcgkit.games.tgc.importer import import_file

        return import_file(path, keywords=keywords, out=out)

    # ------------------------------------------------------------------ setup
    def new_game(self, decks, seed: int = 0, options=None, check_decks: bool = True) -> GameState:
        """Start a game of exactly two players (TGC-1.1), each with a deck (TGC-1.2): only the main section holds
        cards (``PLAYED_SECTIONS``; the tournament's chosen subtypes are not cards)."""
        if len(decks) != 2:
            raise DeckFileError(f"TGC is played by exactly two players, not {len(decks)} (TGC-1.1)")
        return super().new_game(decks, seed, options, check_decks)

    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
        """Coin toss (TGC-1.3), shuffle and draw 5 (TGC-1.4), then the mulligan (TGC-1.5)."""
        for p, secs in enumerate(sections):
            for card in secs.get("main", []):
                state.place(card, p, "deck")
            state.shuffle(p, "deck")
            state.res[p].update({"hs": START_HS, "plasma": 1, "temp": 0, "draws": 0, "mulligans": 0})
        first = state.rng.randbelow(2)
        state.vars["first_player"] = first
        state.emit("coin_toss", first, data=("heads" if first == 0 else "tails",))
        for p in (first, 1 - first):
            for _ in range(HAND_SIZE):
                self._silent_draw(state, p)
            state.emit("deal", p, data=(HAND_SIZE,))
        state.vars.update({"gs": "closed", "pend": None, "dn": 0, "win": (), "then": None,
                           "coin": (1 - first, "heads")})
        state.active = first
        state.phase = "mulligan"
        state.current = first

    def turn_resources(self, state: GameState, player: int) -> dict[str, int]:
        """One draw more each turn and plasma equal to the draws (TGC-1.10, TGC-1.10.1); 1 plasma before the first."""
        draws = self.own_turns(state, player)
        return {"draws": draws, "plasma": max(1, draws)}

    def has_keyword(self, state: GameState, card: int, keyword: str) -> bool:
        """Printed, granted (a status) or given by an attached Equipment, and not nullified (TGC-1.8)."""
        return verbs.has_kw(state, card, keyword)

    def resume(self, state: GameState) -> None:
        """A scenario position: fill in what it leaves out, then compute the decision point."""
        v = state.vars
        v.setdefault("first_player", 0)
        v.setdefault("pend", None)
        v.setdefault("dn", 0)
        v.setdefault("win", ())
        v.setdefault("then", None)
        v.setdefault("coin", (1 - v["first_player"], "heads"))
        for p in (0, 1):
            r = state.res[p]
            for k, val in (("hs", START_HS), ("plasma", 1), ("temp", 0), ("draws", 1), ("mulligans", 0)):
                r.setdefault(k, val)
        if "gs" not in v:
            v["gs"] = DEFAULT_GS.get(state.phase, "quick")
        if isinstance(v.get("pend"), list):
            v["pend"] = tuple(v["pend"])
        if isinstance(v.get("coin"), list):
            v["coin"] = tuple(v["coin"])
        if isinstance(v.get("win"), list):
            v["win"] = tuple(tuple(w) for w in v["win"])

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: GameState) -> list[Action]:
        p = state.current
        if state.phase == "mulligan":
            acts = [_MULLIGAN[c] for c in state.zones[p]["hand"]] \
                if self.swaps_made(state, p) < MULLIGANS else []
            acts.append(_KEEP)
        else:
            gs = state.vars["gs"]
            if gs == "quick" and _quick_idle(state, p):
                acts = [_DO_NOTHING]  # most decisions: nothing to play or activate in an Open Quick
            elif gs == "block":
                acts = self._block_actions(state)
            elif gs == "closed":
                acts = []
            else:
                acts = _open_actions(self, state, p, gs)
        if state.options.get("surrender_action"):
            acts.append(_SURRENDER)
        return acts

    def surely_has_choice(self, state: GameState) -> bool:
        """True when the player to act surely has a pass and something else among its legal actions, told at a
        glance (the bots' quick look): in the mulligan, Keep and a hand card to swap (TGC-1.5); in Open Play, Pass
        Phase and the coin flip (TGC-3.6.2) or a card whose printed cost is paid (:meth:`_sure_play`); in Open
        Battle, Pass Phase (no Fury creature on the field, TGC-0.2) and a creature sure to attack
        (:meth:`_sure_attacker`). False when it cannot tell at a glance (an Open Quick, a block choice).

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("tgc")
        >>> state = rules.new_game(list(rules.decks().values())[:2], seed=1)
        >>> rules.surely_has_choice(state), len(state.legal_actions())  # the mulligan: swap a card or keep
        (True, 6)
        """
        gs = state.vars["gs"]
        if gs == "quick":
            return False  # (most positions; an idle Open Quick is told apart cheaply by the legal actions)
        p = state.current
        if gs == "play":
            coin = state.vars["coin"]
            if (coin[0] == p and coin[1] == "heads") or state.options.get("surrender_action"):
                return True  # Pass Phase and Flip Coin (or Surrender)
            return _sure_play(state, p)
        if gs == "battle":
            return _sure_attacker(state, p)
        if state.phase == "mulligan":
            return bool(state.zones[p]["hand"]) and self.swaps_made(state, p) < MULLIGANS
        return False

    def _open_actions(self, state: GameState, p: int, gs: str) -> list[Action]:
        """:func:`_open_actions` (a module function: a native call in the compiled build; as the ones below)."""
        return _open_actions(self, state, p, gs)

    def _quick_idle(self, state: GameState, p: int) -> bool:
        """:func:`_quick_idle`."""
        return _quick_idle(state, p)

    def _card_plays(self, state: GameState, p: int, gs: str, acts: list[Action], instants: frozenset[int]) -> None:
        """:func:`_card_plays`."""
        _card_plays(self, state, p, gs, acts, instants)

    def _tribute_plays(self, state: GameState, p: int, card: int, avail: int, acts: list[Action],
                       board: tuple[bool, int]) -> None:
        """Tribute (Type, N): "destroy cards fitting the required details from your battlefield to reduce the
        summoning cost of this card by the listed amount ... as many cards as desired, to a minimum cost of 1":
        ``play #card tribute K`` for each K from 1 up to the fitting cards, while K-1 still left the cost above 1."""
        cost = _card_cost(state, p, card, board)
        for what, n in verbs.tributes(state, card):
            fitting = sum(1 for c in state.zones[p]["field"] if verbs.fits(state, c, what))
            for k in range(1, fitting + 1):
                if cost - (k - 1) * n <= 1:
                    break
                if max(1, cost - k * n) <= avail:
                    acts.append(new_action(Action, ("play", (card, "tribute", k))))
            return  # one Tribute keyword per card

    def playable_now(self, state: GameState, p: int, card: int) -> bool:
        """Card-specific play conditions of a play effect: ``params.needs`` (a selector that must not be empty) and
        ``condition`` (a cost written in the text that must be payable in full, TGC-3.4.1.x-2)."""
        for eff in state.defs[card].fields["play_checks"]:
            ctx = {"source": card, "controller": p}
            if eff.params.get("needs") is not None and not needs_met(state, ctx, eff.params["needs"]):
                return False
            if eff.condition is not None and not effects.check(state, ctx, eff.condition):
                return False
        return True

    def can_equip(self, state: GameState, equipment: int, host: int) -> bool:
        """A creature the Equipment (or Hex: an enemy creature only) may equip (TGC-3.3.1.2, TGC-3.3.3.b.1): any
        creature, unless immune; an
        Equipment with On Equip only a creature on its own player's side (its keyword text, TGC-0.2), unless the
        option ``on_equip_either_side``."""
        if state.defs[equipment].fields["own_side"] and state.owner[host] != state.owner[equipment] \
                and not state.options.get("on_equip_either_side"):
            return False
        if state.defs[equipment].type == HEX and state.owner[host] == state.owner[equipment]:
            return False  # Hex: "played onto an enemy creature" (keywords.json)
        return verbs.affectable(state, host, equipment)

    def activatable(self, state: GameState, p: int, gs: str, sets: dict[str, Any] | None = None,
                    ) -> list[tuple[int, int]]:
        """The effects ``p`` may activate now (TGC-3.4.1, 3.4.2, 2.4.1.b, 2.4.2.b.a, 2.4.3.b.1); ``sets`` is
        :func:`card_sets` when the caller has it."""
        return _activatable(self, state, p, gs, sets)

    def _may_use_trigger(self, state: GameState, p: int, gs: str, card: int, i: int) -> bool:
        eff = state.defs[card].effects[i]
        if not _timing_ok(state, gs, eff) or verbs.nullified(state, card):
            return False
        if eff.zone and state.loc[card][1] != eff.zone:
            return False
        if not eff.zone and state.loc[card][1] not in FIELD:
            return False
        if not effects.limit_ok(state, card, i, eff.limit):
            return False
        if eff.params.get("plasma", 0) > _available_plasma(state, p):
            return False
        needs = eff.params.get("needs")
        return needs is None or needs_met(state, {"source": card, "controller": p}, needs)

    def _attacks(self, state: GameState, p: int, acts: list[Action]) -> bool:
        """:func:`_attacks`."""
        return _attacks(self, state, p, acts)

    def _fights(self, state: GameState, a: int, targets: list[int], acts: list[Action], asimov: bool,
                kws: frozenset[str] | set[str] | None = None) -> None:
        """:func:`_fights`."""
        _fights(state, a, targets, acts, asimov, kws)

    def _has_attack(self, state: GameState, a: int) -> bool:
        acts: list[Action] = []
        self._attacks_of(state, a, acts)
        return bool(acts)

    def can_attack(self, state: GameState, card: int) -> bool:
        """An untapped creature without Blocker or Stasis (TGC-3.5.1 default): :func:`_can_attack`."""
        return _can_attack(state, card)

    def may_fight(self, state: GameState, a: int, b: int) -> bool:
        """Whether ``a`` may attack ``b`` (Asimov, "cannot attack targets with X"): :func:`_may_fight`."""
        return _may_fight(state, a, b)

    def _fury_must_attack(self, state: GameState, p: int) -> bool:
        """Fury: Pass Phase out of the Battle Phase is refused while a Fury creature can still attack (TGC-0.2)."""
        for c in state.zones[p]["field"]:
            if verbs.has_kw(state, c, "Fury") and _can_attack(state, c):
                acts: list[Action] = []
                _attacks_of(state, c, acts)
                if acts:
                    return True
        return False

    def _fury_check(self, state: GameState) -> None:
        """Fury: an untapped Fury creature that was unable to attack in this Battle Phase is destroyed
        (:func:`_fury_check`)."""
        _fury_check(state)

    def _attacks_of(self, state: GameState, a: int, acts: list[Action]) -> None:
        """:func:`_attacks_of`."""
        _attacks_of(state, a, acts)

    def _block_actions(self, state: GameState) -> list[Action]:
        attacker = state.vars["pend"][1]
        acts = [_BLOCK[b] for b in _blockers(state, attacker)]
        acts.append(_NO_BLOCK)
        return acts

    def blockers(self, state: GameState, attacker: int) -> list[int]:
        """Untapped creatures of the defending player that may block this attacker (TGC-4.1): :func:`_blockers`."""
        return _blockers(state, attacker)

    def explain_illegal(self, state: GameState, action: Action) -> str:
        gs: str = state.vars.get("gs", "")
        if gs == "closed":
            return "the gamestate is Closed: no player may act (TGC-2.1)"
        names = {"play": "Open Play", "battle": "Open Battle", "quick": "Open Quick", "block": "a block choice"}
        return (f"not legal for player {state.current} in {names.get(gs, gs)} during the {state.phase} phase "
                f"(TGC-2.4); legal: " + ", ".join(a.text() for a in state.legal_actions()[:12]))

    # ------------------------------------------------------------------ applying actions
    def apply(self, state: GameState, action: Action) -> None:
        v = state.vars
        if action is _DO_NOTHING or action.kind == "do_nothing":  # most decisions: pass the Open Quick on; a second
            dn = v["dn"] = v["dn"] + 1  # in a row defaults (TGC-3.2.b.1-2); (the legal one is _DO_NOTHING itself)
            state.emit("do_nothing", state.current)
            if dn >= 2:
                _default(self, state)
            else:
                state.current = 1 - state.current
            return
        kind = action.kind
        if kind == "surrender":
            self.surrender(state, state.current)
        elif kind == "mulligan":
            self._mulligan(state, action.args[0])
        elif kind == "keep":
            self._keep(state)
        elif kind == "pass_phase":
            v["pend"] = "phase"
            if state.current == state.active:
                v["manual_pass"] = True
            state.emit("pass_phase", state.current)
            _open_quick(state, state.current)
        elif kind == "block":
            _block(self, state, action.args[0])
        elif kind == "no_block":
            state.emit("no_block", state.current)
            v["pend"] = ("direct", v["pend"][1])
            v["then"] = "quick"
            _after_effects(self, state)
        else:
            _close(state)
            v["then"] = "quick"
            v["actor"] = state.current
            if kind == "play":
                self.play_card(state, state.current, action.args)
            elif kind == "activate":
                _activate(state, state.current, action.args[0], int(action.args[1]))
            elif kind == "flip_coin":
                self.flip_coin(state, state.current)
            elif kind == "attack":
                _declare_battle(state, state.current, action.args)
            _finish(self, state)

    def surrender(self, state: GameState, player: int) -> None:
        """Either player may surrender at any time, Open or Closed; they lose (TGC-2.1.a)."""
        state.emit("surrender", player)
        state.end(1 - player, f"player {player} surrendered", "TGC-2.1.a")

    def finish(self, state: GameState) -> None:
        """Resolve the stack; once it is empty (no choice pending), go on (:func:`_finish`)."""
        _finish(self, state)

    def after_effects(self, state: GameState) -> None:
        """The current action (or resolution) is over: go on as ``vars['then']`` says (:func:`_after_effects`)."""
        _after_effects(self, state)

    # ------------------------------------------------------------------ mulligan (TGC-1.5)
    # Default (the catalog's "simultaneous" reading of TGC-1.5): the players decide in turn (the first player, then
    # the second), but nothing the other player can observe changes until both have finished. A swapped card is put
    # aside face down *under the player's own deck*, where no mulligan draw can reach it (a draw takes the top card
    # and stops above the set-aside cards), and the replacement is drawn at once, so the player sees it before
    # deciding to swap again (TGC-1.5.1-3). Hand (5) and deck (35) counts never change and no event is logged, so
    # the opponent learns nothing; the swap count is the number of face-down cards in the deck (a hidden zone).
    # When both have finished, each deck is shuffled with its set-aside cards (TGC-1.5.3) and both counts are
    # announced (TGC-1.5.1.x). Option ``mulligan_sequential``: the set-aside cards go to the face-down ``mulligan``
    # pile, whose size (and the deck's) the opponent sees at once, so the second player decides knowing the first
    # player's count.
    def swaps_made(self, state: GameState, p: int) -> int:
        """How many swaps ``p`` has made in this mulligan (TGC-1.5.1-2)."""
        if state.options.get("mulligan_sequential") or state.phase != "mulligan":
            return state.res[p]["mulligans"]
        loc, where = state.loc, (p, "deck")  # the face-down cards of p's deck, read from the few records
        return sum(1 for c, st in state.cs.items() if st.face_down and loc[c] == where)

    def known_hidden(self, state: GameState, viewer: int) -> frozenset[int]:
        """The cards ``viewer`` has set aside under its own deck in this mulligan: it knows them and their place, so a
        sample of its view keeps them (and with them its swap count, TGC-1.5.1-2)."""
        if state.phase != "mulligan" or state.options.get("mulligan_sequential"):
            return frozenset()
        cs = state.cs
        return frozenset(c for c in state.zones[viewer]["deck"] if c in cs and cs[c].face_down)

    def _mulligan(self, state: GameState, card: int) -> None:
        """TGC-1.5.1: one card face down aside, draw 1. Opening-hand moves name no card in the log, since the
        cards go back into the hidden deck (TGC-1.5.3); the opponent learns only the count (TGC-1.5.1.x), and in the
        default reading only once both players have finished."""
        p = state.current
        zones = state.zones[p]
        zones["hand"].remove(card)
        state.card_state(card).face_down = True
        if state.options.get("mulligan_sequential"):
            zones["mulligan"].append(card)
            state.loc[card] = (p, "mulligan")
            state.res[p]["mulligans"] += 1
            self._silent_draw(state, p)
            state.emit("mulligan", p, data=(state.res[p]["mulligans"],))
            return
        aside = self.swaps_made(state, p)
        zones["deck"].insert(0, card)
        state.loc[card] = (p, "deck")
        if len(zones["deck"]) > aside + 1:  # the set-aside cards under the deck are never drawn
            self._silent_draw(state, p)

    def _silent_draw(self, state: GameState, p: int) -> None:
        deck = state.zones[p]["deck"]
        if deck:
            card = deck.pop()
            state.zones[p]["hand"].append(card)
            state.loc[card] = (p, "hand")

    def to_hand(self, state: GameState, card: int) -> None:
        """Return a card to its owner's hand; only the owner's log names it (it is hidden in hand)."""
        owner = state.owner[card]
        fp, fz = state.loc[card]
        state.zones[fp][fz].remove(card)
        state.zones[owner]["hand"].append(card)
        state.loc[card] = (owner, "hand")
        state.cs.pop(card, None)
        state.emit("to_hand", owner, card, (fz,), private=owner)

    def _keep(self, state: GameState) -> None:
        p = state.current
        first = state.vars["first_player"]
        if p == first:
            state.current = 1 - first
            return
        sequential = state.options.get("mulligan_sequential")
        for q in (first, 1 - first):
            deck = state.zones[q]["deck"]
            if sequential:
                pile = state.zones[q]["mulligan"]
                for card in pile:  # face down back into the deck: no one learns where (TGC-1.5.3)
                    deck.append(card)
                    state.loc[card] = (q, "deck")
                    state.cs.pop(card, None)
                state.emit("mulligan_return", q, data=(len(pile),))
                pile.clear()
            else:
                n = self.swaps_made(state, q)
                for card in deck[:n]:
                    state.cs.pop(card, None)
                state.res[q]["mulligans"] = n
                state.emit("mulligan_return", q, data=(n,))
            state.shuffle(q, "deck")
            state.emit("mulligan_count", q, data=(state.res[q]["mulligans"],))
        state.emit("coin", 1 - first, data=("heads",))
        state.active = 1 - first
        _start_turn(self, state)

    # ------------------------------------------------------------------ turns and phases
    def start_turn(self, state: GameState) -> None:
        """The Draw Phase (TGC-1.10): :func:`_start_turn`."""
        _start_turn(self, state)

    def untap_all(self, state: GameState, p: int) -> None:
        """TGC-1.10.3: every tapped card on the turn player's side of the field is untapped (:func:`_untap_all`)."""
        _untap_all(state, p)

    def enter_phase(self, state: GameState, phase: str) -> None:
        """The phase changes; then an Open Quick opens for the turn player (TGC-3.2.a.2): :func:`_enter_phase`."""
        _enter_phase(self, state, phase)


    def phase_effects(self, state: GameState, phase: str) -> None:
        """Battlefields and cards acting at a phase start (``params.at`` of a static effect)."""
        acting = (state.defs.facts.get(CARD_SETS) or card_sets(state))["at"]  # read inline (every phase, twice)
        # (effects.start only stacks the effects: no card moves in the loop below)
        if not acting:
            return  # no card of this game acts at a phase
        for p in (state.active, 1 - state.active):
            for zname in ("bf", "field", "artifacts"):
                zone = state.zones[p][zname]
                if acting.isdisjoint(zone):
                    continue  # no card of the zone acts at a phase (the hot path: most zones, most phases)
                for card in list(zone):
                    for eff in state.defs[card].fields["at"]:
                        if eff.params["at"] == phase and not verbs.nullified(state, card) and (
                                eff.condition is None or effects.check(
                                    state, {"source": card, "controller": p}, eff.condition)):
                            effects.start(state, eff, card, p)

    def open_quick(self, state: GameState, actor: int | None = None) -> None:
        """An Open Quick, Do Nothing count reset (TGC-2.2): :func:`_open_quick`."""
        _open_quick(state, actor)

    def close(self, state: GameState) -> None:
        """A declared action makes the gamestate Closed (TGC-3.1): :func:`_close`."""
        _close(state)

    def default(self, state: GameState) -> None:
        """The gamestate defaults (TGC-2.5.2): :func:`_default`."""
        _default(self, state)

    def end_turn(self, state: GameState) -> None:
        """Leaving the End Phase ends the turn (TGC-2.5.4.d): :func:`_end_turn`."""
        _end_turn(self, state)

    def _expire(self, state: GameState, card: int, st: CardState) -> CardState:
        """The end of a turn for one record with modifiers or statuses (TGC-2.5.4.d): :func:`_expire`."""
        return _expire(state, card, st)

    def _out_of_resolve(self, state: GameState, card: int) -> bool:
        """:func:`_out_of_resolve`."""
        return _out_of_resolve(state, card)

    # ------------------------------------------------------------------ plasma (TGC-1.6, 1.10.1, 3.6)
    def available_plasma(self, state: GameState, p: int) -> int:
        """The plasma ``p`` may spend now, this turn's included (TGC-1.10.1, TGC-3.6.2)."""
        return _available_plasma(state, p)

    def pay(self, state: GameState, p: int, amount: int) -> None:
        """Spend plasma, the temporary (this-turn) plasma first (TGC-3.6.2 default): :func:`_pay`."""
        _pay(state, p, amount)

    def flip_coin(self, state: GameState, p: int) -> None:
        """TGC-3.6.2: the coin turns to tails and the player gains +1 plasma for this turn."""
        state.vars["coin"] = (p, "tails")
        state.res[p]["plasma" if state.options.get("coin_plasma_persists") else "temp"] += 1
        state.emit("flip_coin", p, data=("tails",))

    def card_cost(self, state: GameState, p: int, card: int, board: tuple[bool, int] | None = None) -> int:
        """The plasma a card costs now (see RULINGS.md, Committed Botanist): :func:`_card_cost`."""
        return _card_cost(state, p, card, board)

    def cost_board(self, state: GameState, p: int) -> tuple[bool, int]:
        """What the board does to the cost of every card ``p`` plays: :func:`_cost_board`."""
        return _cost_board(state, p)

    # ------------------------------------------------------------------ Play A Card (TGC-3.3)
    def play_card(self, state: GameState, p: int, args: tuple) -> None:
        """Play A Card (TGC-3.3): :func:`_play_card`."""
        _play_card(self, state, p, args)

    def tributes_of(self, state: GameState, card: int) -> tuple[str, int]:
        """The card's Tribute (Type, N): the details and the cost cut per card."""
        return verbs.tributes(state, card)[0]

    def _play_with_tribute(self, state: GameState, p: int, card: int, k: int) -> None:
        """Pay the cost less the Tribute (at least 1), choose and destroy the K tributes, then summon the card."""
        what, n = verbs.tributes(state, card)[0]
        _pay(state, p, max(1, _card_cost(state, p, card) - k * n))
        state.emit("play", p, card, ("creature",))
        state.move(card, p, "stack")
        sel = {"zone": "you.field", "filter": {"hook": verbs.fits_hook(what)}}
        steps = ({"choose": {"name": "tribute", "from": sel, "count": k, "prompt": f"Tribute: destroy {k} {what}"}},
                 {"destroy": {"target": "tribute"}}, {"hook": {"name": "tgc.summon_source"}})
        from tcgkit.core.cards import parse_steps

        effects.start(state, parse_steps(list(steps), self.verbs, "tribute"), card, p)

    def _start_play_effects(self, state: GameState, p: int, card: int) -> None:
        """:func:`_start_play_effects`."""
        _start_play_effects(state, p, card)

    def summon(self, state: GameState, p: int, card: int, tapped: bool = True) -> None:
        """A creature comes into play tapped (TGC-3.3.3.a.1) unless Rapid Response (TGC-0.2): :func:`_summon`."""
        _summon(state, p, card, tapped)

    def equip(self, state: GameState, card: int, host: int) -> None:
        """TGC-3.3.3.b.1-3: attach underneath the creature; it gains the Equipment's power and resolve
        (:func:`_equip`)."""
        _equip(state, card, host)

    def equip_bonus(self, state: GameState, card: int, host: int) -> None:
        """A Chief Medical Officer on the host's side adds 1 to each stat the Equipment raises: :func:`_equip_bonus`."""
        _equip_bonus(state, card, host)

    def attach(self, state: GameState, card: int, host: int) -> None:
        """:func:`_attach`."""
        _attach(state, card, host)

    def _add_window(self, state: GameState, card: int, trigger: str) -> None:
        """An activatable self-trigger (On Summon, On Destruction) becomes usable (:func:`verbs.add_window`)."""
        verbs.add_window(state, card, trigger)

    # ------------------------------------------------------------------ Activate An Effect (TGC-3.4)
    def activate(self, state: GameState, p: int, card: int, index: int) -> None:
        """Activate An Effect (TGC-3.4): :func:`_activate`."""
        _activate(state, p, card, index)

    # ------------------------------------------------------------------ Declare Battle (TGC-3.5, 4.1, 4.2)
    def declare_battle(self, state: GameState, p: int, args: tuple) -> None:
        """Declare Battle (TGC-3.5, TGC-4.1): :func:`_declare_battle`."""
        _declare_battle(state, p, args)

    def _block(self, state: GameState, blocker: int) -> None:
        """:func:`_block`."""
        _block(self, state, blocker)

    def attacker_able(self, state: GameState, attacker: int, p: int) -> bool:
        """TGC-4.1.2.1 / 4.2.2.1: still on the field, on its side, untapped and able to attack."""
        return _attacker_able(state, attacker, p)

    def resolve_battle(self, state: GameState, pend: tuple) -> None:
        """A pending attack goes on (TGC-4.1.3, TGC-4.2): :func:`_resolve_battle`."""
        _resolve_battle(state, pend)

    def _direct_damage(self, state: GameState, attacker: int) -> None:
        """TGC-4.1.3: :func:`_direct_damage`."""
        _direct_damage(state, attacker)

    def _tap(self, state: GameState, card: int) -> None:
        verbs.tap(state, card)

    # ------------------------------------------------------------------ damage, destruction, HS (TGC-4.3, 1.11, 1.12)
    def stat(self, state: GameState, card: int, name: str) -> int:
        """Current power / resolve: printed + modifiers + Equipment + static effects; resolve minus damage
        (:func:`verbs.card_stat`)."""
        return verbs.card_stat(state, card, name)

    def damage_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        """TGC-4.3.1: damage reduces HS; 0 or less changes nothing (:func:`verbs.damage_player`)."""
        verbs.damage_player(state, player, amount)

    def lose_hs(self, state: GameState, player: int, amount: int, clause: str) -> None:
        """TGC-1.12: :func:`verbs.lose_hs`."""
        verbs.lose_hs(state, player, amount)

    def heal_player(self, state: GameState, player: int, amount: int, ctx: dict) -> None:
        verbs.heal_player(state, player, amount)

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        """TGC-4.3.1-4.3.2: damage lowers resolve; at 0 or below the creature is destroyed (:func:`verbs.damage_card`,
        from the source and whether it is combat damage that ``ctx`` names)."""
        src = ctx.get("source", -1)
        verbs.damage_card(state, card, amount, -1 if src is None else src, bool(ctx.get("combat")))

    def _survives_combat(self, state: GameState, card: int) -> bool:
        """Indestructible or Death-Defying (:func:`verbs.survives_combat`)."""
        return verbs.survives_combat(state, card)

    def heal_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        st = state.cs.get(card)
        if st is not None and st.counters.get("damage"):
            st = state.card_state(card)  # to change it (a clone's copy on write)
            st.counters["damage"] = max(0, st.counters["damage"] - amount)

    def destroy(self, state: GameState, card: int, ctx: dict | None = None, with_host: bool = False) -> None:
        """TGC-1.11.b, 1.11.b.1: to the owner's discard pile, with every attached card (:func:`verbs.destroy_card`;
        ``ctx`` changes nothing)."""
        verbs.destroy_card(state, card, with_host)

    def _marks_destroyed(self, state: GameState) -> bool:
        """:func:`verbs.marks_destroyed`."""
        return verbs.marks_destroyed(state)

    def discard(self, state: GameState, card: int) -> None:
        state.move(card, state.owner[card], "discard")
        state.emit("discarded", state.owner[card], card)

    def heard_kinds(self, trigger_kinds: frozenset[str]) -> frozenset[str] | None:
        """Only the automatic trigger kinds some card of the pool triggers on (:meth:`on_event` fires those triggers
        and does nothing else): the core calls it for no other event (a Do Nothing, a move, a payment...).

        >>> from tcgkit.games import get_rules
        >>> rules = get_rules("tgc")
        >>> rules.heard <= AUTO_TRIGGERS and "do_nothing" not in rules.heard
        True
        """
        return AUTO_TRIGGERS & trigger_kinds

    def on_event(self, state: GameState, ev: Event) -> None:
        """Fire the automatic triggers of ``ev`` when a card that may answer it is on the board or is the event's own
        card (:func:`_may_trigger`); otherwise the scan of the board would find nothing."""
        kind = ev.kind
        if kind in AUTO_TRIGGERS and kind in self.trigger_kinds:
            listening: frozenset[int] | None = (state.defs.facts.get(CARD_SETS) or card_sets(state))["listen"].get(
                kind)  # read inline
            if listening is not None and _may_trigger(state, ev, listening):  # (None: no card of this game
                self.fire_triggers(state, ev)  # listens to the event)

    def trigger_applies(self, state: GameState, card: int, index: int, eff: Effect, ev: Event) -> bool:
        if eff.params.get("activate") or verbs.nullified(state, card):
            return False
        if eff.zone and state.loc[card][1] != eff.zone:
            return False
        return super().trigger_applies(state, card, index, eff, ev)

    def fire_triggers(self, state: GameState, ev: Event) -> None:
        """Automatic triggers: cards on the board, plus self-triggers of the event's own card wherever it is."""
        super().fire_triggers(state, ev)
        c = ev.card
        if c >= 0 and state.loc[c][1] not in FIELD:
            for i, eff in state.defs[c].triggers.get(ev.kind, ()):
                if eff.params.get("self") and self.trigger_applies(state, c, i, eff, ev):
                    effects.start(state, eff, c, state.owner[c], {"event_card": ev.card,
                                                                  "event_player": ev.player})

    # ------------------------------------------------------------------ views and bots
    def observe_extra(self, state: GameState, viewer: int) -> dict[str, Any]:
        v = state.vars
        pend = v.get("pend")
        return {"gamestate": v.get("gs"), "holder": state.current, "pending": list(pend) if isinstance(pend, tuple)
                else pend, "coin": list(v.get("coin", ())), "do_nothing_count": v.get("dn", 0),
                "mulligans": [state.res[p].get("mulligans", 0) for p in (0, 1)],
                "trigger_window": [list(w) for w in v.get("win", ()) if state.visible(w[0], viewer)]}

    def evaluate(self, state: GameState, player: int) -> float:
        """HS difference, board strength (power + resolve of creatures) and cards in hand, squashed to [-1, 1]."""
        if state.result is not None:
            return super().evaluate(state, player)
        score = 0.0
        defs, cs = state.defs, state.cs
        for p, sign in ((player, 1.0), (1 - player, -1.0)):
            r = state.res[p]
            score += sign * r["hs"] / 20.0
            board = 0
            zones = state.zones[p]
            for c in zones["field"]:
                st = cs.get(c)
                f = defs[c].fields
                if (st is None or not (st.mods or st.attached or st.counters)) and not f["statics"]:
                    board += f["strength"]  # its printed stats: nothing changes them (the commonest creature)
                else:
                    board += _strength(state, c)
            score += sign * board / 30.0
            score += sign * len(zones["hand"]) / 40.0
        return max(-1.0, min(1.0, score / 2))

    def _strength(self, state: GameState, card: int) -> int:
        """:func:`_strength`."""
        return _strength(state, card)


# ---------------------------------------------------------------------------------------------- the hot path
# The rules' work for each decision, as module functions rather than methods: the same code in the plain build, and
# direct native calls in the compiled one (a method of TgcRules, a plain Python class there, is called through
# Python). The methods of the same names call these.


def _sure_play(state: GameState, p: int) -> bool:
    """Whether ``p`` surely may play a card of its hand in Open Play (TGC-3.3.1.1): one asking only its cost
    (:func:`card_sets`' ``plain_cost``), at most the plasma ``p`` has, while nothing on the board or in this turn
    raises a cost (a Battlefield's cost to every card, a Head of Security; what lowers a cost only helps)."""
    v = state.vars
    if v.get("cost_up") or (state.options.get("nonturn_waits") and p != state.active
                            and not v.get("manual_pass")):
        return False
    defs = state.defs
    for q in (0, 1):
        for b in state.zones[q]["bf"]:
            if defs[b].fields["cost_all"]:
                return False
    plain: dict[int, int] = (defs.facts.get(CARD_SETS) or card_sets(state))["plain_cost"]
    r = state.res[p]
    avail = r["plasma"] + r["temp"]  # (available_plasma, read inline)
    for card in state.zones[p]["hand"]:
        cost = plain.get(card)
        if cost is not None and cost <= avail:
            return True
    return False


def _sure_attacker(state: GameState, p: int) -> bool:
    """Whether Pass Phase is offered in ``p``'s Open Battle and a creature of ``p``'s field is sure to attack
    (:meth:`_attacks`): no creature there has Fury (which may refuse Pass Phase, TGC-0.2), and one is untapped,
    with no status, and none of Blocker, Stasis or Asimov and no Equipment's ``CannotAttack`` among its keywords
    (it may attack a Taunt creature, or else the player), or with Asimov when the opponent has no Taunt creature
    (it may attack the player)."""
    cs, defs, kw_now = state.cs, state.defs, verbs.kw_now
    found = asimov = False
    for a in state.zones[p]["field"]:
        st = cs.get(a)
        kws = defs[a].fields["kw"] if st is None or not (st.status or st.attached) else kw_now(state, a)
        if "Fury" in kws:
            return False
        if found or (st is not None and (st.tapped or st.status)) or not kws.isdisjoint(_NOT_SURE_ASIMOV):
            continue
        if st is not None and st.attached and any(k.startswith("CannotAttack:") for k in kws):
            continue
        if "Asimov" in kws:
            asimov = True
        else:
            found = True
    if found or not asimov:
        return found
    return not any("Taunt" in kw_now(state, c) for c in state.zones[1 - p]["field"])


def _open_actions(rules: TgcRules, state: GameState, p: int, gs: str) -> list[Action]:
    acts: list[Action] = []
    restricted = (p != state.active and state.options.get("nonturn_waits")
                  and not state.vars.get("manual_pass"))
    if not restricted:
        sets: dict[str, Any] = state.defs.facts.get(CARD_SETS) or card_sets(state)  # read inline
        _card_plays(rules, state, p, gs, acts, sets["instant"])
        for card, i in _activatable(rules, state, p, gs, sets):
            acts.append(new_action(Action, ("activate", (card, str(i)))))
    if gs == "quick":
        acts.append(_DO_NOTHING)
    elif gs == "play":
        acts.append(_PASS_PHASE)
        coin = state.vars["coin"]
        if coin[0] == p and coin[1] == "heads":
            acts.append(_FLIP)
    elif not _attacks(rules, state, p, acts):  # battle; Fury (TGC-0.2) refuses the Pass Phase
        acts.append(_PASS_PHASE)
    return acts


def _quick_idle(state: GameState, p: int) -> bool:
    """Whether ``p`` may only Do Nothing in this Open Quick, as :meth:`_open_actions` would find, read from the
    few cards of the game that could do something there: no Instant in hand (TGC-2.4.3.a.x), no card with a
    Quick effect on ``p``'s board or on the opponent's Battlefield, and no trigger window (TGC-3.4.2)."""
    v = state.vars
    if v["win"]:
        return False
    if p != state.active and state.options.get("nonturn_waits") and not v.get("manual_pass"):
        return True  # TGC-2.5.3.x reading (c): the non-turn player only waits
    sets: dict[str, Any] = state.defs.facts.get(CARD_SETS) or card_sets(state)  # read inline (the commonest decision)
    instants: frozenset[int] = sets["instant"]  # (typed locals: the compiled build reads them natively)
    if not instants.isdisjoint(state.zones[p]["hand"]):
        return False
    loc = state.loc
    qacts: frozenset[int] = sets["qacts"]
    for c in qacts:  # a few cards in a game
        q, zone = loc[c]
        if zone in FIELD and (q == p or zone == "bf"):
            return False
    return True


def _card_plays(rules: TgcRules, state: GameState, p: int, gs: str, acts: list[Action], instants: frozenset[int],
                ) -> None:
    hand = state.zones[p]["hand"]
    if gs != "play":  # only Instants may be played out of Open Play (TGC-2.4.2.a.x, TGC-2.4.3.a.x)
        if instants.isdisjoint(hand):
            return
        hand = [c for c in hand if c in instants]
    if not hand:
        return
    r = state.res[p]
    avail = r["plasma"] + r["temp"]  # (available_plasma, read inline)
    defs = state.defs
    sets: dict[str, Any] = defs.facts.get(CARD_SETS) or card_sets(state)
    zones = state.zones
    # what the board does to costs, the same for every card of the hand: nothing with no Committed Botanist in the
    # game and no Battlefield in play (cost_board's answer then)
    board = _cost_board(state, p) if sets["botanist"] or zones[0]["bf"] or zones[1]["bf"] else _NO_BOARD
    v = state.vars
    printed = board == _NO_BOARD and not v.get("cost_cut") and not v.get("cost_up")  # every cost as printed
    plain: dict[int, int] = sets["plain_cost"] if printed else {}
    for card in hand:
        cost = plain.get(card)
        if cost is not None:  # no Tribute, Equipment, Hex or play condition: only its printed cost to test
            if cost <= avail:
                acts.append(_PLAY[card])
            continue
        d = defs[card]
        f = d.fields
        if d.type == CREATURE and f["tribute"]:
            rules._tribute_plays(state, p, card, avail, acts, board)
        if (f["base_cost"] if printed else _card_cost(state, p, card, board)) > avail:
            continue  # TGC-3.3.1.1
        if d.type in (EQUIPMENT, HEX):
            for host in (*state.zones[p]["field"], *state.zones[1 - p]["field"]):
                if rules.can_equip(state, card, host):
                    acts.append(_PLAY.row(card)[host])
        elif not f["play_checks"] or rules.playable_now(state, p, card):
            acts.append(_PLAY[card])


def _activatable(rules: TgcRules, state: GameState, p: int, gs: str, sets: dict[str, Any] | None,
                 ) -> list[tuple[int, int]]:
    """The effects ``p`` may activate now (TGC-3.4.1, 3.4.2, 2.4.1.b, 2.4.2.b.a, 2.4.3.b.1); ``sets`` is
    :func:`card_sets` when the caller has it."""
    out: list[tuple[int, int]] = []
    key = "acts" if gs == "play" else "qacts"
    having = (sets or card_sets(state))[key]  # the cards with such effects: zones holding none are not scanned
    if having:
        _board_activations(state, p, gs, key, having, out)
    for card, i in state.vars["win"] or ():
        if state.owner[card] == p and rules._may_use_trigger(state, p, gs, card, i):
            out.append((card, i))
    return out


def _board_activations(state: GameState, p: int, gs: str, key: str, having: frozenset[int],
                       out: list[tuple[int, int]]) -> None:
    """The activated effects (``key``: ``acts`` or ``qacts``) of ``p``'s board and of the opponent's shared
    Battlefield that ``p`` may use now."""
    zones = state.zones[p]
    defs = state.defs
    for zname in FIELD:
        zone = zones[zname]
        if not zone or having.isdisjoint(zone):
            continue
        for card in zone:
            mine: tuple[tuple[int, Effect], ...] = defs[card].fields[key]
            for i, eff in mine:
                if (not eff.zone or eff.zone == zname) and _may_activate(state, p, gs, card, i, eff):
                    out.append((card, i))  # used from its own zone, or from any board zone when it names none
    theirs = state.zones[1 - p]["bf"]
    for card in () if having.isdisjoint(theirs) else theirs:
        for i, eff in defs[card].fields[key]:
            if eff.params.get("shared") and _may_activate(state, p, gs, card, i, eff):
                out.append((card, i))


def _timing_ok(state: GameState, gs: str, eff: Effect) -> bool:
    params: dict[str, Any] = eff.params  # type: ignore[assignment]  # (a dict: native reads when compiled)
    if params.get("in_phase") and params["in_phase"] != state.phase:
        return False
    if gs == "play":
        return True
    if gs == "battle":
        return bool(params.get("quick") or params.get("battle"))
    return bool(params.get("quick"))


def _may_activate(state: GameState, p: int, gs: str, card: int, i: int, eff: Effect) -> bool:
    params: dict[str, Any] = eff.params  # type: ignore[assignment]
    st = state.cs.get(card)
    if params.get("tap") and st is not None and st.tapped:
        return False  # (the commonest refusal first: every test here only reads the state)
    if not _timing_ok(state, gs, eff):
        return False
    own_turn = params.get("own_turn")  # a Quick effect may be used on either turn unless its text says "your
    if own_turn is None:               # turn" (Miningborg, TGC-0.2): ``own_turn: true``
        own_turn = not params.get("quick")
    if own_turn and state.active != p:
        return False
    if st is not None and (st.status or st.attached) and (
            verbs.nullified(state, card) or st.status.get("stasis") or (
            st.attached and verbs.has_kw(state, card, "Stasis"))):
        return False  # (Mime's nullify, Stasis: a status or an Equipment)
    if params.get("plasma", 0) > _available_plasma(state, p):
        return False
    if params.get("hs", 0) > state.res[p]["hs"]:
        return False
    if not effects.limit_ok(state, card, i, eff.limit):
        return False
    ctx = {"source": card, "controller": p}
    if eff.condition is not None and not effects.check(state, ctx, eff.condition):
        return False
    needs = params.get("needs")
    return needs is None or needs_met(state, ctx, needs)


def _attacks(rules: TgcRules, state: GameState, p: int, acts: list[Action]) -> bool:
    """Add the attacks ``p`` may declare (TGC-3.5; Taunt, Deadeye, TGC-4.1.2.1) to ``acts``; return whether a Fury
    creature among them can attack (then Pass Phase is refused, as :meth:`_fury_must_attack` says)."""
    mine = state.zones[p]["field"]
    if not mine:
        return False
    theirs = state.zones[1 - p]["field"]
    cs, defs = state.cs, state.defs
    taunts: list[int] = []
    for c in theirs:
        st = cs.get(c)
        if ("Taunt" in defs[c].fields["kw"] if st is None or not (st.status or st.attached)  # printed only
                else verbs.has_kw(state, c, "Taunt")):
            taunts.append(c)
    targets = taunts or theirs
    fury = False
    rows = _ATTACK.rows
    for a in mine:
        st = cs.get(a)
        if st is None or not (st.status or st.attached):  # printed keywords only (the hot path): can_attack
            if st is not None and st.tapped:              # and the tests of _fights read them
                continue
            f: dict[str, Any] = defs[a].fields  # type: ignore[assignment]
            if f.get("plain_attacker"):  # none of Blocker, Stasis, Deadeye, Asimov or Fury (the commonest)
                if not taunts:
                    acts.append(_ATTACK[a])
                if targets:
                    row = rows.get(a) or _ATTACK.row(a)
                    acts.extend(map(row.__getitem__, targets))
                continue
            kws: frozenset[str] | set[str] = f["kw"]
            if "Blocker" in kws or "Stasis" in kws:
                continue
            n = len(acts)
            if not taunts or "Deadeye" in kws:
                acts.append(_ATTACK[a])
            if "Asimov" in kws:
                _fights(state, a, targets, acts, True)
            elif targets:
                row = _ATTACK.row(a)
                acts.extend([row[d] for d in targets])
        else:  # can_attack, with its keywords worked out once (a status or an Equipment)
            kws = verbs.kw_now(state, a)
            if st.tapped or st.status.get("stasis") or "Blocker" in kws or "Stasis" in kws:
                continue
            n = len(acts)
            if not taunts or "Deadeye" in kws:
                acts.append(_ATTACK[a])
            if targets:
                _fights(state, a, targets, acts, "Asimov" in kws, kws)
        if not fury and "Fury" in kws:  # its attacks are the ones just added
            fury = len(acts) > n if state.owner[a] == p else rules._has_attack(state, a)
    return fury


def _fights(state: GameState, a: int, targets: list[int], acts: list[Action], asimov: bool,
            kws: frozenset[str] | set[str] | None = None) -> None:
    """Add ``attack a d`` for each of ``targets`` that ``a`` may fight (:meth:`may_fight`, its tests on ``a``
    made once: ``asimov`` is whether it has Asimov; ``kws``, when given, its keywords now: with no
    ``CannotAttack:`` among them it has no such parameter to read)."""
    cs, defs = state.cs, state.defs
    st = cs.get(a)
    banned = verbs.kw_args(state, a, "CannotAttack") if st is not None and st.attached and (
        kws is None or any(k.startswith("CannotAttack:") for k in kws)) else ()
    row = _ATTACK.rows.get(a) or _ATTACK.row(a)
    if not asimov and not banned:
        acts.extend(map(row.__getitem__, targets))  # (it may fight every target: the commonest case)
        return
    for d in targets:
        if asimov:
            f = defs[d].fields
            if f["human"]:
                continue  # a printed Human; else only a Changeling, a static or a status may make it one:
            sd = cs.get(d)
            if (f["maybe_human"] or sd is not None and (sd.status or sd.attached)) and verbs.has_subtype(
                    state, d, "Human"):
                continue
        if banned and any(verbs.has_kw(state, d, what) for what in banned):
            continue
        acts.append(row[d])


def _finish(rules: TgcRules, state: GameState) -> None:
    """Resolve the stack; once it is empty (no choice pending), go on (:meth:`after_effects`)."""
    if (not state.stack and state.pending is None) or effects.run(state):  # (an empty stack: nothing to run)
        _after_effects(rules, state)


def _after_effects(rules: TgcRules, state: GameState) -> None:
    """The current action (or resolution) is over: go on as ``vars['then']`` says."""
    if state.result is not None:
        return
    v = state.vars
    then = v["then"]
    v["then"] = None
    if then == "phase_start" or (then == "quick" and state.options.get("quick_holder", "turn") == "turn"):
        v["gs"] = "quick"  # (open_quick, read inline for the turn player's Open Quick: the commonest way on)
        v["dn"] = 0
        state.current = state.active
    elif then == "quick":
        _open_quick(state, v.get("actor"))
    elif then == "default":
        _default(rules, state)
    elif then == "start_turn":
        _start_turn(rules, state)
    elif then == "next_phase":
        if state.phase == "end":
            _end_turn(rules, state)
        else:
            _enter_phase(rules, state, NEXT_PHASE[state.phase])


def _start_turn(rules: TgcRules, state: GameState) -> None:
    """The Draw Phase (TGC-1.10): plasma, draw, untap, then an automatic Pass Phase with no Open Quick."""
    state.turn += 1
    p = state.active = 1 - state.active
    v = state.vars
    v["gs"] = "closed"
    v["pend"] = None
    v["dn"] = 0
    v["win"] = ()
    v.pop("manual_pass", None)
    state.phase = "draw"
    state.current = p
    state.emit("turn", p, data=(state.turn,))
    state.emit("phase", p, data=("draw",))
    res = state.res[p]
    res["draws"] += 1
    res["plasma"] = res["draws"] + res.pop("next", 0)
    state.emit("plasma", p, data=(res["plasma"],))
    rules.draw(state, p)
    _untap_all(state, p)
    _enter_phase(rules, state, "standby")


def _enter_phase(rules: TgcRules, state: GameState, phase: str) -> None:
    """The phase changes; then an Open Quick opens for the turn player (TGC-3.2.a.2)."""
    state.phase = phase
    state.vars["gs"] = "closed"
    state.emit("phase", state.active, data=(phase,))
    if (state.defs.facts.get(CARD_SETS) or card_sets(state))["at"]:  # (phase_effects' own test, read inline)
        rules.phase_effects(state, phase)
    state.vars["then"] = "phase_start"
    _finish(rules, state)


def _open_quick(state: GameState, actor: int | None = None) -> None:
    """An Open Quick, Do Nothing count reset. Held by the turn player (TGC-2.2 reading R1); the option
    ``quick_holder`` gives the Open Quick after an action to the actor's opponent (R2) or the actor (R3)."""
    v = state.vars
    v["gs"] = "quick"
    v["dn"] = 0
    if actor is None:
        state.current = state.active
        return
    holder = state.options.get("quick_holder", "turn")
    if holder == "turn":
        state.current = state.active
    else:
        state.current = 1 - actor if holder == "opponent" else actor


def _close(state: GameState) -> None:
    """A declared action makes the gamestate Closed (TGC-3.1) and ends the trigger window (TGC-3.4.2)."""
    v = state.vars
    v["gs"] = "closed"
    v["dn"] = 0
    if not state.options.get("trigger_window_until_default") or v.get("win_defaulted"):
        v["win"] = ()
        v["win_defaulted"] = False


def _default(rules: TgcRules, state: GameState) -> None:
    """The gamestate defaults (TGC-2.5.2): a pending phase change or attack goes on; else the phase's default."""
    v = state.vars
    pend = v["pend"]
    v["dn"] = 0
    v["win_defaulted"] = True
    if pend == "phase" or (pend is None and state.phase in ("standby", "end")):
        v["pend"] = None
        _close(state)
        v["win"] = ()
        if state.phase == "battle":
            _fury_check(state)
        if (state.defs.facts.get(CARD_SETS) or card_sets(state))["at"]:  # (phase_effects' test, read inline)
            rules.phase_effects(state, state.phase + "_end")
        v["then"] = "next_phase"
        _finish(rules, state)
    elif pend is not None:
        v["pend"] = None
        _close(state)
        _resolve_battle(state, pend)
        v["then"] = "default"
        _finish(rules, state)
    else:
        v["gs"] = DEFAULT_GS[state.phase]
        state.current = state.active


def _end_turn(rules: TgcRules, state: GameState) -> None:
    """Leaving the End Phase ends the turn (TGC-2.5.4.d): this-turn effects expire; the opponent's turn starts."""
    p = state.active
    for r in state.res:  # "this turn" plasma ends with the turn, whoever gained it (TGC-1.10.1)
        r["temp"] = 0
    loc, cs = state.loc, state.cs
    for card, st in list(cs.items()):
        status = st.status  # (a destroyed card's record in the discard pile keeps a status that never expires)
        if st.mods or (status and -1 in status.values()):
            st = _expire(state, card, st)
        if loc[card][1] != "field":
            continue
        if st.status and st.status.get("doomed"):
            verbs.destroy_card(state, card)
            if loc[card][1] != "field":
                continue
        if _out_of_resolve(state, card):
            verbs.destroy_card(state, card)
    state.vars["cost_cut"] = ()
    state.emit("end_turn", p)
    if state.result is not None:
        return
    if effects.run(state):
        _start_turn(rules, state)
    else:  # an end-of-turn trigger waits for a choice; the next turn starts once it has resolved
        state.vars["then"] = "start_turn"


def _out_of_resolve(state: GameState, card: int) -> bool:
    """Whether the card's resolve (:meth:`stat`) is 0 or less, read from its printed resolve and its damage when
    no modifier, Equipment or static effect changes it (the commonest creature at the end of a turn)."""
    d = state.defs[card]
    st = state.cs.get(card)
    if st is not None and not (st.mods or st.attached or d.fields["statics"]):
        stats: dict[str, int] = d.stats  # type: ignore[assignment]  # (a dict: native reads when compiled)
        return stats.get("resolve", 0) <= st.counters.get("damage", 0)
    return verbs.card_stat(state, card, "resolve") <= 0


def _available_plasma(state: GameState, p: int) -> int:
    r = state.res[p]
    return r["plasma"] + r["temp"]


def _card_cost(state: GameState, p: int, card: int, board: tuple[bool, int] | None = None) -> int:
    """The plasma a card costs now (see RULINGS.md, Committed Botanist): its Summon Cost (printed, less a
    Runtime's cut), halved rounded up by a Committed Botanist on its player's side for Plant and Service cards,
    then the extra costs (Economy Crash, Head of Security, an Instant's On Tap). ``board`` is
    :meth:`cost_board` for ``p``, when the caller has it (the same for every card of a hand)."""
    d = state.defs[card]
    cost = d.fields["cost"]
    cuts = state.vars.get("cost_cut")
    if cuts:
        fac = verbs.faction(state, card)
        for key, amount, turn, *who in cuts:
            if turn == state.turn and key == fac and (not who or who[0] == p):
                cost -= amount  # one cut per card (Runtime: "a Medical faction card"), its player's own
                break
    botanist, bf_cost = board if board is not None else _cost_board(state, p)
    if cost > 0 and botanist and _botanist_halves(state, card):
        cost = (cost + 1) // 2
    cost += bf_cost
    for src, ctype, _ in state.vars.get("cost_up", ()):
        if ctype == d.type and state.loc[src][1] == "field":
            st = state.cs.get(src)  # the same Head of Security, not one that left and came back
            if st is not None and st.status.get("cost_up") and not verbs.nullified(state, src):
                cost += 1
    return max(0, cost + d.fields["extra_cost"])


def _cost_board(state: GameState, p: int) -> tuple[bool, int]:
    """What the board does to the cost of every card ``p`` plays: whether a Committed Botanist (not nullified) is
    on ``p``'s side, and the cost Battlefields add to every card (Economy Crash; a Mime's nullify stops it)."""
    defs = state.defs
    field = state.zones[p]["field"]
    botanist = not (defs.facts.get(CARD_SETS) or card_sets(state))["botanist"].isdisjoint(field) and any(
        defs[c].key == "botanist_plant" and not verbs.nullified(state, c) for c in field)
    bf_cost = 0
    for q in (0, 1):
        for b in state.zones[q]["bf"]:
            cost_all = defs[b].fields["cost_all"]
            if cost_all and not verbs.nullified(state, b):
                bf_cost += cost_all
    return botanist, bf_cost


def _botanist_halves(state: GameState, card: int) -> bool:
    """Committed Botanist: Plant (subtype, Changelings included) or Service (faction, as changed by Head of
    Personnel) cards; under option ``botanist_creatures_only`` only creatures."""
    if state.options.get("botanist_creatures_only") and state.defs[card].type != CREATURE:
        return False
    return verbs.faction(state, card) == "Service" or verbs.has_subtype(state, card, "Plant")


def _strength(state: GameState, card: int) -> int:
    """``power + resolve // 2`` as :func:`verbs.card_stat` works them out, in one pass over the card's record (its
    ``statics``, if any, through :func:`verbs.card_stat`)."""
    d = state.defs[card]
    if d.fields["statics"] and d.type == CREATURE:
        return verbs.card_stat(state, card, "power") + verbs.card_stat(state, card, "resolve") // 2
    stats: dict[str, int] = d.stats  # type: ignore[assignment]  # (a dict: native reads when compiled)
    power = stats.get("power", 0)
    resolve = stats.get("resolve", 0)
    st = state.cs.get(card)
    if st is not None:
        for stat, delta, _ in st.mods:
            if stat == "power":
                power += delta
            elif stat == "resolve":
                resolve += delta
        for eq in st.attached:
            e = state.defs[eq]
            bonus = 1 if "Modular" in e.fields["kw"] else 0
            estats: dict[str, int] = e.stats  # type: ignore[assignment]
            power += estats.get("power", 0) + bonus
            resolve += estats.get("resolve", 0) + bonus
        resolve -= st.counters.get("damage", 0)
    return power + resolve // 2


def needs_met(state: GameState, ctx: dict, needs: Any) -> bool:
    """Whether the selector ``needs`` of an effect (what it must have to be used, TGC-3.4.1.x-2) names a card:
    ``bool(effects.select(state, ctx, needs))``, stopping at the first card of a filtered zone that passes.

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("tgc")
    >>> state = rules.new_game(list(rules.decks().values())[:2], seed=1)
    >>> ctx = {"source": 0, "controller": 0}
    >>> needs_met(state, ctx, {"zone": "you.hand", "filter": {"type": "creature"}}) == bool(
    ...     effects.select(state, ctx, {"zone": "you.hand", "filter": {"type": "creature"}}))
    True
    """
    if type(needs) is str:  # (no ABC check): "self" names the source itself
        return needs == "self" or bool(effects.select(state, ctx, needs))
    if isinstance(needs, (dict, Mapping)) and "top" not in needs:  # (a dict first: no ABC check)
        flt = needs.get("filter")
        if flt:
            zone = needs["zone"] if "zone" in needs else needs.get("of")
            return any(effects.matches(state, ctx, c, flt) for c in effects.select(state, ctx, zone))
    return bool(effects.select(state, ctx, needs))


#: the name of :func:`card_sets`' fact in ``state.defs``
CARD_SETS: Final = "tgc.card_sets"


def card_sets(state: GameState) -> dict[str, Any]:
    """The ids of this game's cards by what their definitions hold, to skip zones holding none: ``instant``,
    ``acts`` (activated effects), ``qacts`` (ones usable out of Open Play), ``at`` (phase effects) and ``botanist``
    (Committed Botanists, which halve costs); ``plain_cost``, the printed cost of each card whose play asks nothing
    else (no Tribute, host or play condition); and ``listen``, the cards with a triggered effect by event kind (only
    events some card listens to are scanned for: the core's ``trigger_listeners``). A fact of the card list
    (``state.defs.fact``): worked out once per list, shared by clones, anew when a token extends the list.

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("tgc")
    >>> state = rules.new_game(list(rules.decks().values())[:2], seed=1)
    >>> sets = card_sets(state)
    >>> all(state.defs[c].type == "instant" for c in sets["instant"])
    True
    """
    return state.defs.fact(CARD_SETS, _card_sets)


def _card_sets(defs: CardList) -> dict[str, Any]:
    """:func:`card_sets` in one pass over the list, from what :meth:`TgcRules.make_card` works out per card
    (``fields["in_sets"]``, ``fields["plain_cost"]``; a card made otherwise is looked at here)."""
    sets: dict[str, Any] = {key: [] for key in IN_SETS}
    plain: dict[int, int] = {}
    for i, d in enumerate(defs):
        f = d.fields
        keys = f.get("in_sets")
        if keys is None:  # (a definition not made by make_card)
            keys, cost = _in_sets(d), (f["base_cost"] if _plain_play(d) else None)
        else:
            cost = f["plain_cost"]
        for key in keys:
            sets[key].append(i)
        if cost is not None:
            plain[i] = cost
    out: dict[str, Any] = {key: frozenset(ids) for key, ids in sets.items()}
    out["listen"] = trigger_listeners(defs)
    out["plain_cost"] = plain
    return out


#: the sets of :func:`card_sets` a card may belong to by its definition alone
IN_SETS: Final = ("instant", "acts", "qacts", "at", "botanist")


def _in_sets(d: CardDef) -> tuple[str, ...]:
    """The sets of :func:`card_sets` (``IN_SETS``) the card belongs to."""
    f = d.fields
    return tuple(key for key, yes in zip(IN_SETS, (d.type == INSTANT, f["acts"], f["qacts"], f["at"],
                                                    d.key == "botanist_plant"), strict=True) if yes)


def _plain_play(d: CardDef) -> bool:
    """Whether playing the card asks only that its cost be paid (:meth:`TgcRules._card_plays`): no Tribute, not an
    Equipment or a Hex (which need a host), no play condition."""
    f = d.fields
    return "base_cost" in f and d.type not in (EQUIPMENT, HEX) and not (d.type == CREATURE and f.get("tribute")) \
        and not f.get("play_checks")


# ---------------------------------------------------------------------------------------------- playing, activating
# and battles (TGC-3.3, 3.4, 3.5, 4): module functions, as above; the battle's damage and destruction are in verbs


def _may_trigger(state: GameState, ev: Event, listening: frozenset[int]) -> bool:
    """Whether :meth:`TgcRules.fire_triggers` may start an effect for ``ev``, from the cards ``listening`` to its kind
    (:func:`card_sets`' ``listen``): one on the board, or the event's own card (anywhere, for its ``self`` effects),
    with an automatic effect of that kind (an activatable one waits in the window, TGC-3.4.2) whose event filters
    (``self``, ``mine``, ``theirs``: :func:`event_filters_pass`) pass. Otherwise the scan would start nothing (its
    later tests, a nullified card, a zone, a use limit, a condition, only refuse more)."""
    loc, owner, defs = state.loc, state.owner, state.defs
    kind, own = ev.kind, ev.card
    for c in listening:
        on_board = loc[c][1] in FIELD
        if not on_board and c != own:
            continue
        listens: tuple[tuple[int, Effect], ...] = defs[c].triggers[kind]
        for _, eff in listens:
            params: dict[str, Any] = eff.params  # type: ignore[assignment]
            if params.get("activate") or not (on_board or params.get("self")):
                continue  # (off the board, only the event's own card's ``self`` effects answer it)
            if event_filters_pass(params, c, owner[c], ev):
                return True
    return False


def _pay(state: GameState, p: int, amount: int) -> None:
    """Spend plasma, the temporary (this-turn) plasma first (TGC-3.6.2 default)."""
    r = state.res[p]
    from_temp = min(r["temp"], amount)
    r["temp"] -= from_temp
    r["plasma"] -= amount - from_temp
    state.emit("plasma", p, data=(r["plasma"] + r["temp"],))


def _play_card(rules: TgcRules, state: GameState, p: int, args: tuple) -> None:
    """Play A Card (TGC-3.3): pay its cost, then it comes into play (a creature, an Equipment or Hex on its host, a
    Battlefield replacing the old one, an Artifact) or resolves (an Instant or Event, TGC-3.3.3.c.1)."""
    card: int = args[0]
    if len(args) == 3 and args[1] == "tribute":
        rules._play_with_tribute(state, p, card, int(args[2]))
        return
    d = state.defs[card]
    _pay(state, p, _card_cost(state, p, card))
    v = state.vars
    cuts = v.get("cost_cut")
    if cuts:  # a "reduce the cost of a card this turn" applies to one card (Runtime)
        fac = verbs.faction(state, card)
        for i, (faction, _, turn, *who) in enumerate(cuts):
            if turn == state.turn and faction == fac and (not who or who[0] == p):
                v["cost_cut"] = cuts[:i] + cuts[i + 1:]
                break
    ctype: str = d.type
    state.emit("play", p, card, (ctype,))
    if ctype == CREATURE:
        _summon(state, p, card)
    elif ctype in (EQUIPMENT, HEX):
        _equip(state, card, args[1])
    elif ctype == BATTLEFIELD:
        for old in list(state.zones[p]["bf"]):
            verbs.destroy_card(state, old)
        state.move(card, p, "bf")
        _start_play_effects(state, p, card)
    elif ctype == ARTIFACT:
        state.move(card, p, "artifacts")
        _start_play_effects(state, p, card)
    else:  # instant or event: resolve, then discard (TGC-3.3.3.c.1)
        state.move(card, p, "stack")
        effects.start(state, (verbs.DISCARD_SELF,), card, p)
        _start_play_effects(state, p, card)
        if v.get("twice") == (p, state.turn):
            v["twice"] = None
            _start_play_effects(state, p, card)


def _start_play_effects(state: GameState, p: int, card: int) -> None:
    """The card's play effects start (the first printed resolves first)."""
    for eff in reversed(state.defs[card].effects):
        if eff.kind == "play":
            effects.start(state, eff, card, p)


def _summon(state: GameState, p: int, card: int, tapped: bool = True) -> None:
    """A creature comes into play tapped (TGC-3.3.3.a.1) unless Rapid Response (TGC-0.2)."""
    state.move(card, p, "field")
    st = state.card_state(card)
    # the card's own keywords are its printed ones here: it has just come into play, with no status and no
    # Equipment (a move forgets the card's state), and nothing below gives it any
    defs = state.defs
    d = defs[card]
    kws: frozenset[str] = d.fields["kw"]
    st.tapped = tapped and "Rapid Response" not in kws
    if "Hivemind" in kws:
        st.counters["hivemind"] = 1
    field = state.zones[p]["field"]
    if "Graytide" in kws:
        n = sum(1 for c in field if c != card and verbs.has_kw(state, c, "Graytide"))
        if n:
            n += verbs.cmo_bonus(state, card)  # a gain of its own keyword: a CMO adds 1
            st.mods.append(("power", n, "turn"))
            st.mods.append(("resolve", n, "turn"))
    if (verbs.card_stat(state, card, "resolve") if st.mods or d.fields["statics"] else d.stats.get("resolve", 0)
            ) <= 0:  # a 0-resolve creature (RULINGS.md): TGC-4.3.2 at once (its printed resolve, when nothing
        verbs.destroy_card(state, card)  # changes it)
        return
    if "Necrotaint" in kws:  # only one on each player's battlefield: the old one goes
        for c in list(field):
            if c != card and verbs.has_kw(state, c, "Necrotaint"):
                verbs.destroy_card(state, c)
    if "Hatred" in kws:
        hated = d.fields["kwp"].get("Hatred", "")
        for c in list(field):
            if c != card and verbs.has_subtype(state, c, hated):
                verbs.destroy_card(state, c)
    cs = state.cs
    for c in field:  # a hated creature cannot join a Hatred creature's side either
        if c == card:
            continue
        sc = cs.get(c)
        f = defs[c].fields
        if ("Hatred" in f["kw"] if sc is None or not (sc.status or sc.attached)  # printed only
                else verbs.has_kw(state, c, "Hatred")) and verbs.has_subtype(state, card, f["kwp"].get("Hatred", "")):
            verbs.destroy_card(state, card)
            return
    _start_play_effects(state, p, card)
    state.emit("summoned", p, card)
    verbs.add_window(state, card, "summoned")


def _equip(state: GameState, card: int, host: int) -> None:
    """TGC-3.3.3.b.1-3: attach underneath the creature; it gains the Equipment's power and resolve."""
    _attach(state, card, host)
    _equip_bonus(state, card, host)
    state.emit("equipped", state.owner[card], card, (host,))
    _start_play_effects(state, state.owner[card], card)


def _equip_bonus(state: GameState, card: int, host: int) -> None:
    """A Chief Medical Officer on the host's side adds 1 to each stat the Equipment raises (a modifier tied to
    the Equipment: it goes when the Equipment leaves the creature)."""
    owner = state.owner[host]
    if any(state.defs[c].key == "CMO" and not verbs.nullified(state, c) for c in state.zones[owner]["field"]):
        bonus = state.card_state(host).mods
        for stat in ("power", "resolve"):
            if state.defs[card].stats.get(stat, 0) > 0:
                bonus.append((stat, 1, f"eq{card}"))


def _attach(state: GameState, card: int, host: int) -> None:
    """The card goes underneath ``host`` (an Equipment's or Hex's place)."""
    state.move(card, state.owner[card], "equip")
    state.card_state(card).host = host
    state.card_state(host).attached.append(card)


def _activate(state: GameState, p: int, card: int, index: int) -> None:
    """Activate An Effect (TGC-3.4): its use is counted, its costs paid (plasma, Heathshards, tapping, sacrificing
    the card), then it starts."""
    eff = state.defs[card].effects[index]
    params: dict[str, Any] = eff.params  # type: ignore[assignment]
    effects.mark_used(state, card, index, eff.limit)
    v = state.vars
    if (card, index) in v["win"]:  # a trigger is used once (matters under the window option)
        v["win"] = tuple(w for w in v["win"] if w != (card, index))
    state.emit("activate", p, card, (index,))
    if params.get("plasma"):
        _pay(state, p, params["plasma"])
    if params.get("hs"):
        verbs.lose_hs(state, p, params["hs"])
    if params.get("tap"):
        state.card_state(card).tapped = True
        state.emit("tap", p, card)
    if params.get("sacrifice"):
        verbs.destroy_card(state, card)
    effects.start(state, eff, card, p)


def _declare_battle(state: GameState, p: int, args: tuple) -> None:
    """Declare Battle (TGC-3.5): on a creature, the attack waits for the Open Quick to pass (TGC-4.2); on the player,
    the defending player may block first (TGC-4.1)."""
    attacker: int = args[0]
    v = state.vars
    if v.get("attacked_turn") != state.turn:
        v["attacked_turn"], v["attacked"] = state.turn, ()
    if verbs.has_kw(state, attacker, "Oo Rah"):
        v["attacked"] = (*v["attacked"], attacker)  # Oo Rah creatures that attacked this turn
    if len(args) == 2:
        v["pend"] = ("creature", attacker, args[1])
        state.emit("attack", p, attacker, (args[1],))
        return
    state.emit("attack", p, attacker, (-1,))
    if _blockers(state, attacker):
        v["pend"] = ("block", attacker)
        v["gs"] = "block"
        v["then"] = "block"
        state.current = 1 - p
    else:
        v["pend"] = ("direct", attacker)


def _block(rules: TgcRules, state: GameState, blocker: int) -> None:
    """The defending player blocks (TGC-4.1): the attack becomes a battle with the blocker (Under Pressure)."""
    v = state.vars
    attacker = v["pend"][1]
    state.emit("block", state.current, blocker, (attacker,))
    for arg in verbs.kw_args(state, blocker, "Under Pressure"):  # "When this creature blocks, it gains ..."
        if "/" in arg:
            p, r = (int(x) for x in arg.replace(" ", "").split("/"))
            state.card_state(blocker).mods.extend((("power", p, "permanent"), ("resolve", r, "permanent")))
    v["pend"] = ("creature", attacker, blocker)
    v["then"] = "quick"
    v["gs"] = "closed"
    _finish(rules, state)


def _blockers(state: GameState, attacker: int) -> list[int]:
    """Untapped creatures of the defending player that may block this attacker (TGC-4.1)."""
    kw_now = verbs.kw_now  # each creature's keywords worked out once
    mine = kw_now(state, attacker)
    if "Unstoppable" in mine:
        return []
    flying = "Flying" in mine
    focused = "Focused" in mine
    out: list[int] = []
    cs = state.cs
    for b in state.zones[1 - state.owner[attacker]]["field"]:
        st = cs.get(b)
        if st is not None and (st.tapped or st.status.get("stasis")):
            continue
        kws = kw_now(state, b)
        if "Stasis" in kws:
            continue  # Stasis: "cannot attack, defend, or activate abilities"
        if focused and "Blocker" in kws:
            continue  # Focused: "ignores creatures with the Blocker keyword"
        if flying and not ("Flying" in kws or "Long-Ranged" in kws):
            continue
        if not ("Asimov" in kws and verbs.has_subtype(state, attacker, "Human")):
            out.append(b)  # Asimov: it "cannot ... defend against" a Human (a Human may block an Asimov one)
    return out


def _can_attack(state: GameState, card: int) -> bool:
    """An untapped creature without Blocker or Stasis (TGC-3.5.1 default)."""
    st = state.cs.get(card)
    if st is None:  # printed keywords only (the hot path)
        kws: frozenset[str] = state.defs[card].fields["kw"]
        return "Blocker" not in kws and "Stasis" not in kws
    if st.tapped or st.status.get("stasis"):
        return False
    if not (st.status or st.attached):  # printed keywords only
        kws = state.defs[card].fields["kw"]
        return "Blocker" not in kws and "Stasis" not in kws
    return not verbs.has_kw(state, card, "Blocker") and not verbs.has_kw(state, card, "Stasis")


def _may_fight(state: GameState, a: int, b: int) -> bool:
    """Whether ``a`` may attack ``b``: an Asimov creature "cannot attack ... creatures with the Human subtype"
    (a Human may attack an Asimov creature, which, forced to defend against a Human, is destroyed instead: see
    :func:`verbs.combat`); an Equipment's "cannot attack targets with X" (Wizard Federation Hardsuit)."""
    has_kw = verbs.has_kw
    if has_kw(state, a, "Asimov") and verbs.has_subtype(state, b, "Human"):
        return False
    st = state.cs.get(a)
    if st is None or not st.attached:
        return True
    return not any(has_kw(state, b, what) for what in verbs.kw_args(state, a, "CannotAttack"))


def _attacks_of(state: GameState, a: int, acts: list[Action]) -> None:
    """Add the attacks creature ``a`` may declare to ``acts`` (the long way: :func:`_attacks` for every attacker)."""
    opp = 1 - state.owner[a]
    theirs = state.zones[opp]["field"]
    taunts = [c for c in theirs if verbs.has_kw(state, c, "Taunt")]
    if not taunts or verbs.has_kw(state, a, "Deadeye"):
        acts.append(Action("attack", (a,)))
    acts.extend(Action("attack", (a, d)) for d in taunts or theirs if _may_fight(state, a, d))


def _fury_check(state: GameState) -> None:
    """Fury: an untapped Fury creature that was unable to attack in this Battle Phase is destroyed."""
    cs, loc = state.cs, state.loc
    for c in list(state.zones[state.active]["field"]):
        st = cs.get(c)  # (a creature that attacked is tapped: tested before its keywords)
        if not (st is not None and st.tapped) and loc[c][1] == "field" and verbs.has_kw(state, c, "Fury"):
            acts: list[Action] = []
            if _can_attack(state, c):
                _attacks_of(state, c, acts)
            if not acts:
                verbs.destroy_card(state, c)


def _attacker_able(state: GameState, attacker: int, p: int) -> bool:
    """TGC-4.1.2.1 / 4.2.2.1: still on the field, on its side, untapped and able to attack."""
    q, zone = state.loc[attacker]
    return q == p and zone == "field" and _can_attack(state, attacker)


def _resolve_battle(state: GameState, pend: tuple) -> None:
    """A pending attack goes on once the Open Quick after it has passed: a direct attack deals its damage
    (TGC-4.1.3), a battle of two creatures is fought (TGC-4.2.3, :func:`verbs.combat`); the creatures that stay
    are tapped. It fizzles when the attacker can no longer attack (TGC-4.1.2.1, TGC-4.2.2.1)."""
    p = state.active
    attacker: int = pend[1]
    loc = state.loc
    if not _attacker_able(state, attacker, p):
        state.emit("fizzle", p, attacker if loc[attacker][1] in FIELD else -1, (pend[0],))
        return
    if pend[0] == "direct":
        if state.options.get("taunt_stops_pending_direct") and not verbs.has_kw(state, attacker, "Deadeye") and \
                any(verbs.has_kw(state, c, "Taunt") for c in state.zones[1 - p]["field"]):
            state.emit("fizzle", p, attacker, ("direct",))  # now unable to attack directly (TGC-4.1.2.1)
            return
        _direct_damage(state, attacker)
        if not state.is_over and loc[attacker][1] == "field":
            verbs.tap(state, attacker)
        return
    defender: int = pend[2]
    if loc[defender][1] != "field":
        if state.options.get("defender_gone_cancels"):  # TGC-4.2.2.1 reading (b)
            state.emit("fizzle", p, attacker, ("creature",))
        else:
            verbs.tap(state, attacker)  # TGC-4.2.2.1 reading (a)
        return
    verbs.combat(state, attacker, defender)
    if loc[attacker][1] == "field":
        verbs.tap(state, attacker)
    if loc[defender][1] == "field":
        verbs.tap(state, defender)


def _direct_damage(state: GameState, attacker: int) -> None:
    """TGC-4.1.3: the attacker deals its power to the opponent (Lifedrain heals 1)."""
    p = state.owner[attacker]
    power = verbs.card_stat(state, attacker, "power")
    if verbs.has_kw(state, attacker, "Oo Rah") and verbs.oo_rah(state, attacker):
        power += 1
    verbs.creature_hits_player(state, attacker, 1 - p, power)


def _untap_all(state: GameState, p: int) -> None:
    """TGC-1.10.3: every tapped card on the turn player's side of the field is untapped; the cards of theirs a
    Citrus of ``p`` held are let go (and untapped)."""
    zones = state.zones[p]
    cs = state.cs
    for zname in FIELD:
        for c in zones[zname]:
            st = cs.get(c)
            if st is not None and st.tapped and not st.status.get("held_by") and not st.status.get("locked"):
                state.card_state(c).tapped = False  # card_state: a clone's copy on write
                state.emit("untap", p, c)
    theirs = state.zones[1 - p]
    for zname in FIELD:  # Citrus may hold any card of theirs
        for c in theirs[zname]:
            st = cs.get(c)
            if st is not None and st.status and st.status.get("held_by") == p + 1:
                st = state.card_state(c)  # to change it (a clone's copy on write)
                del st.status["held_by"]
                if st.tapped:
                    st.tapped = False
                    state.emit("untap", 1 - p, c)


def _expire(state: GameState, card: int, st: CardState) -> CardState:
    """The end of a turn for one record with modifiers or statuses (TGC-2.5.4.d): "this turn" modifiers and
    statuses (-1) expire. The record is changed only when something expires (a clone's shared record is then
    copied first; a record no longer in ``state.cs``, dropped by a destroy() earlier in the turn's end, gets a
    throwaway copy); returns the record to read on."""
    mods = durations.after_turn(st.mods) if st.mods else None  # a new list, shared with no record
    status = st.status
    expired = [k for k, val in status.items() if val == -1] if status and -1 in status.values() else []
    if (mods is not None and mods != st.mods) or expired:
        st = state.card_state(card) if state.cs.get(card) is st else st.copy()
        if mods is not None:
            st.mods = mods
        for k in expired:
            del st.status[k]
    return st
