"""Perfect TCG position evaluation for bots: a position's worth in deck cards, squashed into [-1, 1].

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`. No rule lives here: the evaluation reads the
rules (PTCG-WIN-01/02, PTCG-WAR-04..06, PTCG-TERM-06) to judge a position as a player would.
"""

from __future__ import annotations

from math import tanh
from typing import Final

from tcgkit.core.cards import CardDef, CardList
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.battle import battling_power
from tcgkit.games.perfect_tcg.model import (
    ARTEFACT,
    BOOST,
    DECK,
    ENERGY,
    HAND,
    LEADER,
    SL,
    SR,
    UNIT,
    WL,
    WR,
    status,
)
from tcgkit.games.perfect_tcg.plays import (
    BOARD_WORTH,
    SLOTS,
    UNIT_ZONES,
    WINGS,
)
from tcgkit.games.perfect_tcg.statics import armour_available, stat
from tcgkit.games.perfect_tcg.wins import ENERGY_VICTORY, EV_DECK_MIN

# ------------------------------------------------------------------ evaluation weights, in deck cards (see evaluate)
#: the evaluation's difference of worth (in deck cards) that maps to tanh(1), about 0.76
EVAL_SCALE: Final = 30.0
#: below this many deck cards each further card lost costs 1 + W_DANGER (the end is one or two attacks away)
DANGER_DECK: Final = 8
W_DANGER: Final = 1.5
#: Energy as a resource to pay costs, up to ENERGY_CAP cards
W_ENERGY: Final = 0.3
ENERGY_CAP: Final = 6
#: the Energy Victory: worth W_EV at the threshold, growing with the square of the progress; damage expected per
#: turn while waiting for the rest, and how many cards short of the 5-card floor still leave a chance
W_EV: Final = 20.0
EV_DAMAGE_PER_TURN: Final = 2.5
EV_SLACK: Final = 4.0
W_HAND: Final = 0.3
HAND_CAP: Final = 8
W_ARMOUR: Final = 1.5
#: units in play: a Wing's base, power per deck card and damage weight; a Support's base, power and ability
WING_BASE: Final = 1.0
WING_POWER: Final = 2000.0
W_DAMAGE: Final = 0.4
SUPPORT_BASE: Final = 0.5
SUPPORT_POWER: Final = 4000.0
SUPPORT_ABILITY: Final = 1.5
LEADER_POWER: Final = 2000.0
W_LEVEL: Final = 0.5
W_BOOST: Final = 1.0
W_ARTEFACT: Final = 1.5
#: the King of Gandor's parts in their appropriate zones (PTCG-TERM-06): each part, and each part again per part
#: while the King leads
W_KING_PART: Final = 1.0
W_KING: Final = 2.5
#: assets count in full while both decks hold HORIZON_TURNS - HORIZON_BASE cards, less as the shorter one runs out
HORIZON_BASE: Final = 2.0
HORIZON_TURNS: Final = 14.0
_KING_PARTS = {"Left Arm of Gandor": WL, "Right Arm of Gandor": WR, "Left Leg of Gandor": SL,
               "Right Leg of Gandor": SR}


#: what :func:`board_facts` gives an Artefact (worth W_ARTEFACT in a Wing or Support zone while its effects work)
#: (of any length: a compiled build keeps it one object, told by `is`)
ARTEFACT_FACT: Final[tuple[str, ...]] = ("artefact",)
#: the name of :func:`board_facts`' fact in ``state.defs``
BOARD_FACTS: Final = "perfect-tcg.board_facts"


def board_facts(defs: CardList) -> tuple:
    """By card id, what :meth:`Evaluation._board_worth` reads of a card in a Wing or Support zone: for a unit (its
    worth in a Wing zone, in a Support zone, in a Support zone with its ability, whether it has an ability, the zone
    it belongs in as a part of the King of Gandor or None); :data:`ARTEFACT_FACT` for an Artefact; None otherwise.
    A fact of the card list (``CardList.fact``): worked out once per list (a clone shares its list; a token's card
    makes a new list).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("perfect-tcg").new_game(["Gandor", "Alchemy"], seed=4)
    >>> board_facts(state.defs) is board_facts(state.clone().defs)
    True
    """
    return defs.facts.get(BOARD_FACTS) or defs.fact(BOARD_FACTS, _board_facts)


def _board_facts(defs: CardList) -> tuple:
    return tuple(_unit_facts(d) for d in defs)


def _unit_facts(d: CardDef) -> tuple | None:
    if d.type != UNIT:
        return ARTEFACT_FACT if d.type == ARTEFACT else None
    s = d.stats
    f = d.fields
    support = SUPPORT_BASE + s["power"] / SUPPORT_POWER
    return (WING_BASE + s["power"] / WING_POWER + W_DAMAGE * s["damage"], support, support + SUPPORT_ABILITY,
            bool(f["statics"] or f["activated"] or f["triggered"]), _KING_PARTS.get(d.name), _leader_worth(d))


def _leader_worth(d: CardDef) -> float:
    """What a card leading is worth (its power, damage and level): read once per card, as a unit's sixth fact."""
    s = d.stats
    return s.get("power", 0) / LEADER_POWER + W_DAMAGE * s.get("damage", 0) + W_LEVEL * s.get("level", 0)


BOARD0: Final[str] = BOARD_WORTH[0]
BOARD1: Final[str] = BOARD_WORTH[1]
#: the Wing and Support zones, each with whether it is a Wing zone (the order :meth:`Evaluation._board_worth` reads)
_SLOTS_WING: Final[tuple[tuple[str, bool], ...]] = tuple((z, z in WINGS) for z in SLOTS)


def side_life(deck: int, en: int, t: int) -> float:
    """A side's life, in cards (:func:`_side_worth`): its ``deck`` cards (each 1, more near the end) and
    the road to an Energy Victory at ``t`` Energy from ``en`` while the deck can still stop between 5 and 10 cards.

    >>> side_life(20, 0, 24), side_life(4, 23, 24)
    (20.0, -2.0)
    """
    life = deck - W_DANGER * (DANGER_DECK - deck if deck < DANGER_DECK else 0)
    if deck >= EV_DECK_MIN:
        need = t - en if t > en else 0
        # every turn of waiting for the damage still needed costs a draw; below 5 cards the road is closed
        slack = en + deck - t - EV_DECK_MIN - need / EV_DAMAGE_PER_TURN
        reach = 1.0 if slack >= 0 else max(0.0, 1.0 + slack / EV_SLACK)
        prog = (en if en < t else t) / t
        life += W_EV * prog * prog * reach
    return life


#: (deck, energy, threshold, hand, armour, the last two at their caps) -> (:func:`side_life`, the assets the Energy
#: (at its cap), hand and armour are worth): a pure function of a few small numbers, each worked out once (the same
#: values as working them out again)
_LIFE_ASSETS: Final[dict[tuple[int, int, int, int, int], tuple[float, float]]] = {}


def _life_assets(deck: int, en: int, t: int, hand: int, armour: int) -> tuple[float, float]:
    """(life, assets) of a side, as kept in ``_LIFE_ASSETS`` (``hand`` and ``armour`` at their caps already)."""
    e = en if en < ENERGY_CAP else ENERGY_CAP
    value = _LIFE_ASSETS[deck, en, t, hand, armour] = (side_life(deck, en, t),
                                                       W_ENERGY * e + W_HAND * hand + W_ARMOUR * armour)
    return value


def _side_worth(zones: dict, res: dict, t: int, hit: int, horizon: float, board: float) -> float:
    """A player's worth (:meth:`Evaluation.evaluate`): life plus assets times ``horizon``; ``zones`` and ``res`` are
    the player's, ``hit`` is damage still to come from the battle in progress (cards from the deck to the Energy
    zone); ``board`` is the worth of the player's cards in play (:func:`board_worth`).

    Life is the deck (each card 1, more near the end) and the road to an Energy Victory. Assets are the means to
    fight on: Energy to pay costs, cards in hand, armour gained from effects (armour from a card in play counts
    with that card: a Support's ability, an Artefact, a Boost) and units in play."""
    deck = len(zones[DECK])
    en = len(zones[ENERGY])
    if hit:
        if hit > deck:
            hit = deck
        deck -= hit
        en += hit
    armour = res.get("armour", 0) + res.get("decaying", 0)
    hand = len(zones[HAND])
    if hand > HAND_CAP:
        hand = HAND_CAP
    if armour > 4:
        armour = 4
    la = _LIFE_ASSETS.get((deck, en, t, hand, armour)) or _life_assets(deck, en, t, hand, armour)
    return la[0] + horizon * (la[1] + board)


def board_worth(state: GameState, zones: dict, gone: tuple[int, ...], facts: tuple) -> float:
    """Units in play on one side (``zones``): a Wing unit attacks and can be attacked, a Support lends its power and
    its ability, the Leader attacks every turn and its level opens the bigger units; the King of Gandor's parts in
    place. What each card is worth in each place is read from ``facts`` (:func:`board_facts`, worked out once per card
    list); the cards in ``gone`` count nothing."""
    cs = state.cs
    worth = 0.0
    parts = 0
    for z, wing in _SLOTS_WING:
        for c in zones[z]:
            f = facts[c]
            if f is None:  # neither a unit nor an Artefact
                continue
            st = cs.get(c)
            if f is ARTEFACT_FACT:  # an excavated Artefact counts while its effects work
                if st is None or not st.status.get("mind_wiped"):
                    worth += W_ARTEFACT
                continue
            if gone and c in gone:
                continue
            if st is None:
                v = f[0] if wing else f[2] if f[3] else f[1]
                worth += v
            else:
                if wing:
                    v = f[0]
                elif f[3] and not (st.status.get("mind_wiped") or st.tapped):
                    v = f[2]
                else:
                    v = f[1]
                worth += v * 0.5 if st.status.get("stasis") else v
            if f[4] == z:
                parts += 1
    lead = zones[LEADER]
    if lead:
        c = lead[-1]
        f = facts[c]
        worth += f[5] if f is not None and f is not ARTEFACT_FACT else _leader_worth(state.defs[c])
        if parts:
            king = "win" in state.defs[c].fields["static_keys"]
            worth += parts * (W_KING_PART + (W_KING * parts if king else 0.0))
    elif parts:
        worth += parts * W_KING_PART
    boost = zones[BOOST]
    if boost:
        worth += W_BOOST * len(boost)
    return worth


def _board_worth(state: GameState, p: int, gone: tuple[int, ...], facts: tuple | None = None) -> float:
    """:func:`board_worth` of player ``p``'s side."""
    return board_worth(state, state.zones[p], gone, board_facts(state.defs) if facts is None else facts)


def _damage_on_stack(state: GameState) -> tuple[int, int]:
    """Battle damage to each player's Leader not dealt yet (``_damage_one`` steps still to run), less armour."""
    hits = [0, 0]
    for frame in state.stack:
        steps = frame[0]
        for i in range(frame[1], len(steps)):
            step = steps[i]
            if step.verb == "_damage_one":
                q = state.owner[step.params["target"]]
                hits[q] += max(0, step.params["amount"] - armour_available(state, q))
    return hits[0], hits[1]


def _battle_outlook(state: GameState) -> tuple[tuple[int, int], tuple[int, ...]]:
    """The battle in progress as if fought now (PTCG-WAR-04..06): damage to each player's Leader (less armour)
    and the Wing units it destroys. Once it is being fought (phase ``battle``, a player choosing how much armour
    to use), destroyed units are gone already and only the Leader damage still on the stack counts."""
    v = state.vars
    att = v.get("b_att", -1)
    if att < 0:
        return (0, 0), ()
    if state.phase == "battle":
        return _damage_on_stack(state), ()
    if state.phase not in ("support", "defend"):
        return (0, 0), ()
    tgt = v["b_tgt"]
    if state.loc[att][1] not in UNIT_ZONES or state.loc[tgt][1] not in (LEADER, WL, WR):
        return (0, 0), ()
    a, d = battling_power(state)
    losers = (tgt,) if a > d else (att,) if a < d else (att, tgt)
    hits = [0, 0]
    gone: list[int] = []
    for loser in losers:
        winner = tgt if loser == att else att
        z = state.loc[loser][1]
        if z == LEADER:
            q = state.owner[loser]
            dmg = stat(state, winner, "damage") - armour_available(state, q)
            if dmg > 0:
                hits[q] += dmg
        elif not status(state, loser, "cannot_be_lost"):
            gone.append(loser)
    return (hits[0], hits[1]), tuple(gone)


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class Evaluation:
    """The evaluation of a position (``evaluate``, which only the bots call) and its parts, whose methods call their
    module functions (compiled code calls those directly)."""
    def evaluate(self, state: GameState, player: int) -> float:
        """A position's worth for ``player`` in [-1, 1], judged as a player of the game would count it, in cards.

        Each side's worth is its life (:func:`_side_worth`: the deck, since running out loses, PTCG-WIN-01, and the
        road to an Energy Victory while the deck can still stop between 5 and 10 cards, PTCG-WIN-02) plus its assets
        (Energy to pay costs, cards in hand, units in play by power, damage and abilities, the
        Leader's level, armour, the King of Gandor's assembly), the assets counting less as the shorter deck runs
        out. Damage moves cards from the deck to the Energy zone, so it is a loss far from an Energy Victory and
        progress near one. A declared battle counts as already fought (:meth:`_battle_outlook`), so attacking,
        adding a Support or defending is scored by its result. The difference of the two sides is squashed into
        [-1, 1]."""
        r = state.result
        if r is not None:
            return 0.0 if r.winner is None else (1.0 if r.winner == player else -1.0)
        gone: tuple[int, ...]
        if state.vars.get("b_att", -1) < 0:
            hits, gone = (0, 0), ()  # no battle declared: what _battle_outlook answers, without the call
        else:
            hits, gone = _battle_outlook(state)
        t = 30 if state.options.get("energy_victory_30") else ENERGY_VICTORY  # ev_threshold
        z0, z1 = state.zones
        h0, h1 = hits
        d0, d1 = len(z0[DECK]) - h0, len(z1[DECK]) - h1
        # what is in play and in hand pays off over the turns both decks have left
        d = d0 if d0 < d1 else d1  # min(max(d0, 0), max(d1, 0))
        horizon = ((d if d > 0 else 0) + HORIZON_BASE) / HORIZON_TURNS
        if horizon > 1.0:
            horizon = 1.0
        defs = state.defs
        facts = defs.facts.get(BOARD_FACTS) or board_facts(defs)
        b0: float | None
        b1: float | None
        if gone:  # a battle's outlook: its losers count nothing
            b0, b1 = board_worth(state, z0, gone, facts), board_worth(state, z1, gone, facts)
        else:  # each side's board worth kept in state.memo until its cards move or change (BOARD_WORTH)
            memo = state.memo
            b0 = memo.get(BOARD0)
            if b0 is None:
                b0 = memo[BOARD0] = board_worth(state, z0, (), facts)
            b1 = memo.get(BOARD1)
            if b1 is None:
                b1 = memo[BOARD1] = board_worth(state, z1, (), facts)
        w0 = _side_worth(z0, state.res[0], t, h0, horizon, b0)
        w1 = _side_worth(z1, state.res[1], t, h1, horizon, b1)
        value = tanh((w0 - w1 if player == 0 else w1 - w0) / EVAL_SCALE)
        return 0.99 if value > 0.99 else -0.99 if value < -0.99 else value

    def _board_worth(self, state: GameState, p: int, gone: tuple[int, ...], facts: tuple | None = None) -> float:
        """:func:`_board_worth`"""
        return _board_worth(state, p, gone, facts)

    def _damage_on_stack(self, state: GameState) -> tuple[int, int]:
        """:func:`_damage_on_stack`"""
        return _damage_on_stack(state)

    def _battle_outlook(self, state: GameState) -> tuple[tuple[int, int], tuple[int, ...]]:
        """:func:`_battle_outlook`"""
        return _battle_outlook(state)
