"""Guardian Realms rules: three lanes of Bases, DZ and Summon Points, the d6 and the coin, statuses and tokens.

Clause ids ``GR-*`` refer to ``shared/rules/guardian-realms.clauses.yaml``; the readings taken are in
``RULINGS.md``. Layout per player: ``lane1..3`` hold one Guardian each, ``equip1..3`` one Equipment, ``effect1..3``
one Effect, ``field`` one Field card; Base HP, Walls and points are public numbers in ``state.res[player]``
(``b1 b2 b3`` Base HP, ``w1 w2 w3`` Wall HP, ``x1 x2 x3`` a destroyed Wall, ``dz dzcap sp``, ``out`` empty draws).
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any, Final

from tcgkit.core import durations, effects
from tcgkit.core.actions import Action
from tcgkit.core.cards import CardDef, Effect, Step
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.decks import Deck, Violation
from tcgkit.core.errors import TcgkitError
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, CardState, GameState
from tcgkit.games.guardian_realms import actions, damage, plays, statuses
from tcgkit.games.guardian_realms.board import data2
from tcgkit.games.guardian_realms.cardindex import KEY, CardIndex, listened, state_index
from tcgkit.games.guardian_realms.grammar import prepare_entry
from tcgkit.games.guardian_realms.model import (
    LANE_OF,
    LANES,
    RARITY_RANK,
    STRONGHOLD,
    GrCard,
    make_card,
)
from tcgkit.games.guardian_realms.verbs import EXTRA_VERBS, HANDLERS
from tcgkit.games.guardian_realms.words import GuardianRealmsWords

HAND_LIMIT = 8
DECK_SIZE = 25
#: evaluate: the empty-deck race is worth up to RACE (a Stronghold is 2) once the first fall is RACE_NEAR turns away
#: or closer, fading by a factor e every RACE_FADE turns further.
RACE, RACE_NEAR, RACE_FADE = 4.0, 10, 8.0
#: The end-of-turn order decision (Burn and Poison versus the player's end-of-turn effects).
END_ORDER: Final[tuple[Step, ...]] = (Step("gr_end_order", {}),)
#: where cards' triggered effects listen (``trigger_zones``, not overridden), and as a set
PLAY_ZONES: Final[tuple[str, ...]] = ("lane1", "lane2", "lane3", "equip1", "equip2", "equip3", "field")
PLAY_ZONE_SET: Final = frozenset(PLAY_ZONES)
#: the mulligan decision's actions (GR-TURN-02), built once
_KEEP: Final = Action("keep")
_MULLIGAN: Final = Action("mulligan")


@mypyc_attr(native_class=False)  # see tcgkit.core.compiled
class GuardianRealmsRules(Ruleset):
    """The Guardian Realms ruleset (game id ``guardian-realms``)."""

    id = "guardian-realms"
    name = "Guardian Realms"
    ZONES = {"deck": HIDDEN, "hand": OWNER, "discard": PUBLIC, "lane1": PUBLIC, "lane2": PUBLIC, "lane3": PUBLIC,
             "equip1": PUBLIC, "equip2": PUBLIC, "equip3": PUBLIC, "effect1": PUBLIC, "effect2": PUBLIC,
             "effect3": PUBLIC, "field": PUBLIC, "gone": PUBLIC}
    ZONE_GROUPS = {"guardians": ("lane1", "lane2", "lane3"), "equipment": ("equip1", "equip2", "equip3")}
    #: where events name other cards in their data (hidden from a viewer who cannot see them now).
    EVENT_CARD_DATA = {"sacrificed": (0,), "equipped": (0,), "attack": (0,), "swap": (0,), "infused": (0,),
                       "hp_link": slice(2, None)}
    PLAY_ZONES = PLAY_ZONES  # triggers listen here
    PASS_KINDS = Ruleset.PASS_KINDS | {"end", "keep"}
    # one Guardian per lane and one Equipment with it (GR-LANE-01, GR-LANE-03); one Field card (GR-FIELD-01)
    ZONE_RULES = {**{f"lane{n}": (1, ("Guardian",)) for n in LANES},
                  **{f"equip{n}": (1, ("Equipment",)) for n in LANES},
                  **{f"effect{n}": (None, ("Effect",)) for n in LANES}, "field": (1, ("Field",))}
    TOKEN_ZONE = "lane1"
    #: Second readings, off by default (RULINGS.md).
    OPTIONS = {"ability_then_attack": False, "sp_refill": False, "bases_always_targetable": False,
               "penalty_all_bases": False, "effects_any_lane": False, "equipment_use_per_turn": False,
               "tokens_may_replace": False, "swap_partner_unpenalised": False, "tank_adjacent_only": False}
    card_model = GrCard
    REPORT_UNREAD = True
    data_dir = Path(__file__).parent
    EXTRA_VERBS = EXTRA_VERBS
    WORDS = GuardianRealmsWords
    PHRASES_MODULE = "tcgkit.games.guardian_realms.grammar"

    def game_handlers(self) -> dict[str, effects.Handler]:
        return dict(HANDLERS)

    # ------------------------------------------------------------------ cards and decks
    def make_card(self, model: GrCard, card_effects: tuple[Effect, ...]) -> CardDef:
        return make_card(model, card_effects)

    def prepare_card(self, entry: dict[str, Any], source: str) -> dict[str, Any]:
        """A card entry with ``effects: from_text`` plays from its words (``grammar.py``): the printed fields its text
        gives (class, uses...) are filled in, the phrases no template reads kept in ``unread`` (partly executable)."""
        return prepare_entry(entry, source)

    def validate_deck(self, deck: Deck, format: str | None = None) -> list[Violation]:
        """Every deck rule broken (GR-DECK-01..09), each with its clause id."""
        out = self.unknown_cards(deck)
        if out:
            return out
        pool = self.pool()
        cards = [pool.get(n) for n in deck.section("main")]
        if len(cards) != DECK_SIZE:
            out.append(Violation("GR-DECK-01", f"the deck holds {len(cards)} cards; it must hold exactly 25"))
        tokens = sorted({c.name for c in cards if c.has("token")})
        for name in tokens:
            out.append(Violation("GR-CARD-01", f"{name} is a token: tokens are never in a deck"))
        per_type: Counter = Counter((c.fields["rarity"], c.type) for c in cards)
        for (rarity, ctype), n in sorted(per_type.items(), key=str):
            limit = {"Uncommon": (5, "GR-DECK-03"), "Rare": (3, "GR-DECK-05"), "Epic": (1, "GR-DECK-06")}.get(rarity)
            if limit and n > limit[0]:
                out.append(Violation(limit[1], f"{n} {rarity} {ctype} cards; at most {limit[0]} per type"))
        legendary = sum(1 for c in cards if c.fields["rarity"] == "Legendary")
        if legendary > 1:
            out.append(Violation("GR-DECK-07", f"{legendary} Legendary cards; at most 1 in the whole deck"))
        for key, n in sorted(Counter(c.key for c in cards).items()):
            rank = RARITY_RANK.get(pool.get(key).fields["rarity"] or "", -1)
            if rank == 1 and n > 2:
                out.append(Violation("GR-DECK-04", f"{n} copies of the Uncommon {key}; at most 2"))
            elif rank >= 2 and n > 1:
                out.append(Violation("GR-DECK-08", f"{n} copies of {key}: Rare or higher cards are unique"))
        guardians = sum(1 for c in cards if c.type == "Guardian")
        if guardians < 10:
            out.append(Violation("GR-DECK-09", f"{guardians} Guardians; a deck needs at least 10"))
        return out

    # ------------------------------------------------------------------ setup
    def setup(self, state: GameState, sections: list[dict[str, list[int]]]) -> None:
        """Shuffle, flip the coin for initiative, deal 3 each, then the mulligan decisions (GR-SETUP-02, GR-TURN-01)."""
        for p, secs in enumerate(sections):
            for card in secs.get("main", []):
                state.place(card, p, "deck")
            state.shuffle(p, "deck")
        heads = state.rng.coin()
        first = 0 if heads else 1
        state.emit("coin", first, data=("heads" if heads else "tails",))
        state.vars["first_player"] = first
        state.emit("first_player", first)
        for p in (0, 1):
            self.init_resources(state, p, 1 if p == first else 2)
            for _ in range(3):
                self.draw(state, p)
        state.phase = "mulligan"
        state.active = first
        state.current = first

    def init_resources(self, state: GameState, p: int, dz: int) -> None:
        """Starting points (GR-TURN-03, GR-SP-01) and Bases (GR-BASE-01..03)."""
        res = state.res[p]
        res.update(dz=dz, dzcap=dz, sp=1, w1=0, w2=0, w3=0, out=0)
        for lane in LANES:
            res[f"b{lane}"] = 100 if lane == STRONGHOLD else 50

    def turn_resources(self, state: GameState, player: int) -> dict[str, int]:
        """The second player starts with 2 DZ Points (GR-TURN-03); 1 DZ Point and 1 SP more each of the player's
        turns after the first, up to 10 (GR-DZ-01/02, GR-SP-01/02); DZ Points full (GR-DZ-03)."""
        turns = self.own_turns(state, player)
        second = player != state.vars.get("first_player", 0)
        n = min(10, max(2, turns + 1) if second else max(1, turns))
        res = state.res[player]
        cap = res.get("dzcap", max(n, res.get("dz", 0)))
        sp = min(10, max(1, self.round_of(state) if state.options.get("sp_refill") else turns))
        return {"dzcap": cap, "dz": cap, "sp": sp}

    def resume(self, state: GameState) -> None:
        """Fill defaults for a scenario position and hand the decision to the active player."""
        state.vars.setdefault("first_player", 0)
        for p in (0, 1):
            res = state.res[p]
            for lane in LANES:
                res.setdefault(f"b{lane}", 100 if lane == STRONGHOLD else 50)
                res.setdefault(f"w{lane}", 0)
            res.setdefault("dz", 1)
            res.setdefault("dzcap", res["dz"])
            res.setdefault("sp", 1)
            res.setdefault("out", 0)
        if state.phase not in ("main", "mulligan"):
            raise TcgkitError(f"phase {state.phase!r}: a position starts in 'main' or 'mulligan'")
        state.current = state.active

    # ------------------------------------------------------------------ turns
    def round_of(self, state: GameState) -> int:
        """The round number: each round is one turn of each player, starting with the first player (GR-SETUP-02)."""
        return (state.turn + 1) // 2

    def start_turn(self, state: GameState) -> None:
        """Next player's turn: points (GR-DZ-01..03, GR-SP-02), then the round draw (GR-TURN-04)."""
        start_turn(state)

    def end_turn(self, state: GameState) -> None:
        """End of turn: Burn and Poison ticks, timed statuses and Field durations count down (GR-SETUP-02);
        :func:`end_turn`."""
        end_turn(state)

    def finish_end_turn(self, state: GameState) -> None:
        """Durations count down, then the next turn (after the ticks and, if any, the end-of-turn effects)."""
        finish_end_turn(state)

    def settle(self, state: GameState) -> None:
        """Run pending triggers; apply state-based defeats (GR-DEF-03); give the decision back."""
        settle(state)

    def after_effects(self, state: GameState) -> None:
        after_effects(state)

    # ------------------------------------------------------------------ draws, discards
    def draw(self, state: GameState, player: int, forced: bool = True) -> int:
        """Draw one card: the hand limit (GR-TURN-05) and the empty-deck penalty (GR-TURN-06/07)."""
        return draw(state, player)

    def discard(self, state: GameState, card: int) -> None:
        """Discard a card from hand or field (GR-DEF-04): not a defeat."""
        damage.leave_play(state, card, "discarded")

    def destroy(self, state: GameState, card: int, ctx: dict | None = None) -> None:
        """A card destroyed by an effect is defeated, whatever its HP (GR-DEF-02)."""
        if state.where(card)[1] in LANE_OF:
            damage.defeat(state, [card])

    def damage_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        source = ctx.get("controller", -1)
        damage.damage_guardian(state, card, amount, enemy=source != state.owner[card])

    def heal_card(self, state: GameState, card: int, amount: int, ctx: dict) -> None:
        damage.heal(state, card, amount)

    def add_status(self, state: GameState, card: int, status: str, value: int, ctx: dict) -> None:
        statuses.add_status(state, card, status, value)

    def gain(self, state: GameState, player: int, resource: str, amount: int) -> None:
        res = state.res[player]
        value = res.get(resource, 0) + amount
        if resource in ("dz", "sp"):
            value = max(0, min(10, value))  # GR-DZ-02: 10 is a hard cap
        res[resource] = value
        state.emit("resource", player, data=(resource, value))

    def heard_kinds(self, trigger_kinds: frozenset[str]) -> frozenset[str] | None:
        """Only events some card triggers on: :meth:`on_event` fires triggers and does nothing else."""
        return trigger_kinds

    def on_event(self, state: GameState, ev: Any) -> None:
        """Fire the triggers listening to ``ev`` only when a card in play listens to its kind (no scan of both
        boards for nothing: at every end of turn, say)."""
        # the core passes only the kinds some card of the pool triggers on (``heard_kinds``: ``trigger_kinds``)
        if listened(state, ev.kind, PLAY_ZONE_SET):
            self.fire_triggers(state, ev)

    # ------------------------------------------------------------------ queries
    def guardians(self, state: GameState, p: int) -> list[int]:
        z = state.zones[p]
        return [*z["lane1"], *z["lane2"], *z["lane3"]]

    def lane_closed(self, state: GameState, p: int, lane: int) -> bool:
        """A player's lane whose Base is destroyed is closed to that player's summons (GR-BASE-06)."""
        return state.res[p][f"b{lane}"] <= 0

    # ------------------------------------------------------------------ actions
    def legal_actions(self, state: GameState) -> list[Action]:
        return actions.main_actions(state) if state.phase != "mulligan" else [_KEEP, _MULLIGAN]

    def surely_has_choice(self, state: GameState) -> bool:
        return actions.surely_has_choice(state)

    def explain_illegal(self, state: GameState, action: Action) -> str:
        why = actions.explain(state, action)
        return why or super().explain_illegal(state, action)

    def apply(self, state: GameState, action: Action) -> None:
        apply(state, action)

    def mulligan(self, state: GameState, redraw: bool) -> None:
        """One whole-hand mulligan each, first player deciding first (GR-TURN-02)."""
        mulligan(state, redraw)

    # ------------------------------------------------------------------ views and bots
    def observe_extra(self, state: GameState, viewer: int) -> dict[str, Any]:
        links = state.vars.get("links", ())
        return {"links": [{"members": list(m), "pool": pool, "max": mx} for m, pool, mx in links]}

    def evaluate(self, state: GameState, player: int) -> float:
        """Bases (the Stronghold weighs most), the board's HP and ATK, cards in hand and points, and the empty-deck
        race: whose Stronghold the penalty (GR-TURN-06/07) destroys first, weighed in as that turn comes near."""
        r = state.result
        if r is not None:
            return super().evaluate(state, player)
        # deck_out_turn of both players less the turn, inlined (the evaluation is MCTS's hot path)
        zones, all_res, active = state.zones, state.res, state.active
        other = 1 - player
        res, res2 = all_res[player], all_res[other]
        z, z2 = zones[player], zones[other]
        hp, hp2 = res[_STRONGHOLD_KEY], res2[_STRONGHOLD_KEY]
        mine = 2 * (len(z["deck"]) + ((-(-hp // (1 << res.get("out", 0)))).bit_length()
                                      if hp > 0 else 0)) - (player != active)
        theirs = 2 * (len(z2["deck"]) + ((-(-hp2 // (1 << res2.get("out", 0)))).bit_length()
                                         if hp2 > 0 else 0)) - (other != active)
        soon = max(0.0, min(mine, theirs) - RACE_NEAR)
        score = RACE * _tanh((mine - theirs) / 2) * _exp(-soon / RACE_FADE)  # theirs falls first: good
        index: CardIndex = state.defs.facts.get(KEY) or state_index(state)  # state_index, with no call
        printed, terms = index.printed, index.terms
        cs = state.cs
        links = state.vars.get("links")
        # the player's side added, then the opponent's taken away, term by term in the same order (taking a term
        # away is adding it times -1.0, to the last bit)
        score = _add_side(score, True, z, res, hp, cs, links, printed, terms)
        score = _add_side(score, False, z2, res2, hp2, cs, links, printed, terms)
        x = score / 4.0
        return 0.99 * x / (1 + abs(x))  # no clamp: far ahead or behind, moves still differ


# ---------------------------------------------------------------------- the turn's flow, as module functions
# (compiled code calls these directly; the ruleset's methods of the same names call them)

def apply(state: GameState, action: Action) -> None:
    """Play ``action`` (the ruleset's ``apply``): a mulligan decision, the end of the turn, or a main-phase action
    (``plays.do_action``), then run on to the next decision."""
    if state.phase == "mulligan":
        mulligan(state, action.kind == "mulligan")
        return
    if action.kind == "end":
        state.phase = "ending"
        end_turn(state)
        if state.phase == "ending" and state.pending is None and not state.is_over:
            state.phase = "main"
        return
    plays.do_action(state, action)
    settle(state)


def mulligan(state: GameState, redraw: bool) -> None:
    """One whole-hand mulligan each, first player deciding first (GR-TURN-02)."""
    p = state.current
    if redraw:
        for card in list(state.zone(p, "hand")):
            state.move(card, p, "deck")
        state.shuffle(p, "deck")
        for _ in range(3):
            draw(state, p)
    state.emit("mulligan" if redraw else "keep", p)
    state.res[p]["mul"] = 1
    other = 1 - p
    if not state.res[other].get("mul"):
        state.current = other
        return
    state.phase = "main"
    state.active = 1 - state.vars["first_player"]
    state.turn = 0
    start_turn(state)


def start_turn(state: GameState) -> None:
    """Next player's turn: points (GR-DZ-01..03, GR-SP-02), then the round draw (GR-TURN-04)."""
    state.turn += 1
    p = state.active = state.vars["first_player"] if state.turn == 1 else 1 - state.active
    state.current = p
    state.phase = "main"
    rnd = (state.turn + 1) // 2  # round_of(state), with no call
    state.emit("turn", p, data=data2(state.turn, rnd))
    res = state.res[p]
    if rnd > 1:
        res["dzcap"] = min(10, res["dzcap"] + 1)
        sp = rnd if state.options.get("sp_refill") else res["sp"] + 1
        res["sp"] = min(10, sp)
    res["dz"] = res["dzcap"]
    draw(state, p)
    settle(state)


def end_turn(state: GameState) -> None:
    """End of turn: Burn and Poison ticks, timed statuses and Field durations count down (GR-SETUP-02).

    Burn and Poison (GR-BURN-01, GR-POIS-01) and the player's own "at the end of your turn" effects happen at
    the same moment; when both are due, the player orders them (an ``option`` decision)."""
    p = state.active
    state.emit("end_turn", p)
    if state.stack and statuses.has_ticks(state, p):
        state.phase = "ordering"
        effects.start(state, END_ORDER, -1, p)
        if effects.run(state):
            finish_end_turn(state)
        return
    cs = state.cs
    z = state.zones[p]
    for card in (*z["lane1"], *z["lane2"], *z["lane3"]):  # the player's Guardians
        st = cs.get(card)
        if st is not None and st.status:  # Burned or Poisoned is a status: none, no tick
            damage.tick_damage(state, card)
            if state.is_over:
                return
    finish_end_turn(state)


def finish_end_turn(state: GameState) -> None:
    """Durations count down, then the next turn (after the ticks and, if any, the end-of-turn effects)."""
    if state.is_over:
        return
    state.phase = "ending"
    p = state.active
    cs = state.cs
    z = state.zones[p]
    for card in (*z["lane1"], *z["lane2"], *z["lane3"]):  # the player's Guardians
        st = cs.get(card)
        if st is not None and st.status:  # no status, nothing to count down
            statuses.tick_durations(state, card)
    field = z["field"]
    for card in list(field) if field else ():
        st = state.card_state(card)
        left = st.counters.get("left")
        if left is not None:
            if left <= 1:
                damage.leave_play(state, card, "discarded")  # the ruleset's discard
            else:
                st.counters["left"] = left - 1
    if state.options.get("equipment_use_per_turn"):
        plays.discard_spent_equipment(state, p)
    for rec in state.cs.values():
        if rec.mods:  # a record holds a modifier: "this turn" ones end (none: the usual case, nothing to do)
            durations.end_turn(state)
            break
    # is_over, not ``result is None``: the compiled build would trust a narrowing across the calls above
    if (not state.stack or effects.run(state)) and not state.is_over:
        start_turn(state)


def settle(state: GameState) -> None:
    """Run pending triggers; apply state-based defeats (GR-DEF-03); give the decision back."""
    if state.stack and not effects.run(state):
        return
    if not state.is_over:
        damage.settle_defeats(state)
        if state.stack and not effects.run(state):
            return
        state.current = state.active


def after_effects(state: GameState) -> None:
    """Continue once the resolution stack is empty again (the ruleset's ``after_effects``)."""
    if state.is_over:
        return
    phase = state.phase
    if phase == "ending":
        state.phase = "main"
        start_turn(state)
        return
    if phase == "ordering":
        finish_end_turn(state)
        if state.phase == "ending" and state.pending is None and not state.is_over:  # as in finish_end_turn
            state.phase = "main"
        return
    settle(state)


def draw(state: GameState, player: int) -> int:
    """Draw one card: the hand limit (GR-TURN-05) and the empty-deck penalty (GR-TURN-06/07); the card drawn (or
    discarded from a full hand), -1 from an empty deck."""
    z = state.zones[player]
    deck = z["deck"]
    if not deck:
        damage.empty_deck_penalty(state, player)
        return -1
    if len(z["hand"]) >= HAND_LIMIT:
        card = deck[-1]
        state.move(card, player, "discard")
        state.emit("discarded", player, card, ("hand_limit",))
        return card
    return state.move_top(player, "deck", "hand")


_tanh, _exp = math.tanh, math.exp


def _add_side(score: float, mine: bool, z: dict[str, list[int]], res: dict[str, int], hp: int,
              cs: dict[int, CardState], links: Any, printed: tuple, terms: tuple) -> float:
    """``score`` with one side's terms of :meth:`GuardianRealmsRules.evaluate` added (``mine``) or taken away, one by
    one in order: Bases, Stronghold (``hp``), each Guardian's HP / 60 + ATK / 30, hand, Walls."""
    t = (res["b1"] + res["b3"]) / 100.0
    score = score + t if mine else score - t
    t = 2.0 * hp / 100.0
    score = score + t if mine else score - t
    for zone in _LANES_Z:
        for g in z[zone]:
            st = cs.get(g)
            if links or st is not None and (st.mods or st.counters.get("dmg")):
                t = _guardian_term(g, st, printed, links)
            else:  # unhurt, unmodified, unlinked: its printed term, worked out once per card
                t = terms[g]
            score = score + t if mine else score - t
    t = 0.03 * len(z["hand"])
    score = score + t if mine else score - t
    t = 0.02 * (res["w1"] + res["w2"] + res["w3"]) / 10.0
    return score + t if mine else score - t


_LANES_Z: Final[tuple[str, ...]] = ("lane1", "lane2", "lane3")


def _guardian_term(g: int, st: CardState | None, printed: tuple[tuple[int, int], ...], links: Any) -> float:
    """The evaluation's HP / 60 + ATK / 30 of a fielded Guardian ``g`` (its record ``st``, None when it has none):
    HP as :func:`~tcgkit.games.guardian_realms.board.hp_of` shows it (an HP Link's pool when linked), ATK as
    ``stat`` gives it, from the printed HP and ATK (``printed``: the card index's) and the record's modifiers."""
    hp, atk = printed[g]
    if st is not None:
        if st.mods:
            for stat, delta, _ in st.mods:
                if stat == "hp":
                    hp += delta
                elif stat == "atk":
                    atk += delta
        hp -= st.counters.get("dmg", 0)
    if links:
        hp = next((pool for members, pool, _ in links if g in members), hp)
    return hp / 60.0 + atk / 30.0


def deck_out_turn(state: GameState, player: int) -> int:
    """The turn in which ``player``'s Stronghold falls to the empty-deck penalty if nothing else happens: one draw
    at the start of each of their turns (GR-TURN-04), each draw from an empty deck dealing 1, 2, 4... (GR-TURN-06/07).

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("guardian-realms")
    >>> state = rules.new_game(list(rules.decks())[:2], seed=1)
    >>> deck_out_turn(state, 0) - state.turn > 2 * len(state.zones[0]["deck"])
    True
    """
    res = state.res[player]
    hp = res[_STRONGHOLD_KEY]
    draws = len(state.zones[player]["deck"]) + penalty_draws(hp, 1 << res.get("out", 0))
    return state.turn + 2 * draws - (player != state.active)


_STRONGHOLD_KEY: Final = f"b{STRONGHOLD}"


def penalty_draws(hp: int, amount: int) -> int:
    """How many draws from an empty deck destroy a Base of ``hp`` when the next one deals ``amount`` and each deals
    twice the one before (GR-TURN-06/07): the least ``k`` with ``amount * (2**k - 1) >= hp``.

    >>> penalty_draws(100, 1), penalty_draws(127, 1), penalty_draws(128, 1), penalty_draws(5, 4), penalty_draws(0, 8)
    (7, 7, 8, 2, 0)
    """
    return (-(-hp // amount)).bit_length() if hp > 0 else 0
