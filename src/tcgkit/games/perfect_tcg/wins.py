"""Perfect TCG wins (PTCG-WIN-*): card-effect wins counted once the stack is empty (PTCG-ULT-09), running out of
cards, the Energy Victory, and their priorities.

A mixin of :class:`~tcgkit.games.perfect_tcg.rules.PerfectRules`.
"""

from __future__ import annotations

from typing import Final

from tcgkit.core.cards import CardDef
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.state import GameState
from tcgkit.games.perfect_tcg.model import (
    DECK,
    ENERGY,
    energy,
    status,
)
from tcgkit.games.perfect_tcg.plays import (
    NKEYS,
    seq_next,
)
from tcgkit.games.perfect_tcg.statics import active_statics

ENERGY_VICTORY: Final = 24
#: the Energy Victory needs this many cards left in the deck (PTCG-WIN-02)
EV_DECK_MIN: Final = 5
EV_DECK_MAX: Final = 10
NKEYS_WIN: Final = NKEYS["win"]


def latest_win(card_wins: list[tuple[int, int, str]], active: int) -> tuple[int, int, str]:
    """The card-effect win that counts (PTCG-WIN-04): the effect activated last; on a tie, the non-turn player's
    effect counts as later; the first of those in ``card_wins`` if several are equal (as ``max`` picks).

    >>> latest_win([(0, 5, "a"), (1, 5, "b"), (0, 3, "c")], 0)
    (1, 5, 'b')
    """
    best = card_wins[0]
    best_key = (best[1], best[0] != active)
    for w in card_wins:
        key = (w[1], w[0] != active)
        if key > best_key:
            best, best_key = w, key
    return best


def ev_threshold(state: GameState) -> int:
    return 30 if state.options.get("energy_victory_30") else ENERGY_VICTORY


def claim_win(state: GameState, player: int, reason: str, seq: int) -> None:
    """A card effect says ``player`` wins: counted once the effect has finished (PTCG-ULT-09)."""
    state.vars["win_claims"] = (*state.vars.get("win_claims", ()), (player, seq, reason))
    state.emit("win_claim", player, data=(reason,))


def effect_win(state: GameState, player: int, reason: str) -> None:
    claim_win(state, player, reason, seq_next(state))


def passive_wins(state: GameState) -> list[tuple[int, int, str]]:
    """Static card-effect wins whose condition holds now (the King of Gandor: PTCG-TERM-06): each ``win`` effect
    :meth:`~tcgkit.games.perfect_tcg.statics.Statics.active_statics` finds working (nothing to scan while no
    card with one is in play; its condition checked only when the zones it needs hold cards)."""
    if not state.vars.get(NKEYS_WIN):
        return []
    defs: list[CardDef] = state.defs  # (a list: read in C, as a CardList subscript is not)
    return [(p, status(state, c, "since"), eff.text or f"{defs[c].name}'s effect")
            for c, p, eff in active_statics(state, "win")]


def check_wins(state: GameState) -> bool:
    """Priority 1 card effects, 2 running out of cards, 3 Energy Victory (PTCG-WIN-03..06); True when the game
    has ended. Called only when the stack is empty (PTCG-ULT-09)."""
    v = state.vars
    claims = v.get("win_claims")
    if claims or v.get("n_win"):
        passive = passive_wins(state)
        if (claims or passive) and _card_wins(state, passive):
            return True
    zones = state.zones
    d0, d1 = len(zones[0][DECK]), len(zones[1][DECK])
    opts = state.options
    slow = opts.get("deck_out_on_failed_draw") or opts.get("lock_in_wins")
    if d0 and d1 and not slow:
        t = 30 if opts.get("energy_victory_30") else ENERGY_VICTORY
        ev0 = len(zones[0][ENERGY]) >= t and EV_DECK_MIN <= d0 <= EV_DECK_MAX
        ev1 = len(zones[1][ENERGY]) >= t and EV_DECK_MIN <= d1 <= EV_DECK_MAX
        if not ev0 and not ev1:
            return False
    return _deck_and_energy_wins(state)


def _card_wins(state: GameState, passive: list[tuple[int, int, str]]) -> bool:
    card_wins = list(state.vars.get("win_claims", ())) + passive
    if not card_wins:
        return False
    best = latest_win(card_wins, state.active)
    state.end(best[0], f"card effect: {best[2]}", "PTCG-WIN-04")
    return True


def _deck_and_energy_wins(state: GameState) -> bool:
    zones = state.zones
    res = state.res
    if state.options.get("deck_out_on_failed_draw"):
        out = [p for p in (0, 1) if res[p].get("failed_draw")]
    else:
        out = [p for p in (0, 1) if not zones[p][DECK] or res[p].get("locked_out")]
    if out:
        if len(out) == 2:
            state.end(None, "both players ran out of cards at once", "PTCG-WIN-03")
        else:
            state.end(1 - out[0], f"player {out[0]} ran out of cards", "PTCG-WIN-01")
        return True
    t = ev_threshold(state)
    ev = [p for p in (0, 1)
          if (len(zones[p][ENERGY]) >= t and EV_DECK_MIN <= len(zones[p][DECK]) <= EV_DECK_MAX)
          or res[p].get("locked_ev")]
    if ev:
        if len(ev) == 2:
            state.end(None, "both players reached an Energy Victory at once", "PTCG-WIN-03")
        else:
            state.end(ev[0], f"Energy Victory ({len(zones[ev[0]][ENERGY])} Energy, "
                             f"{len(zones[ev[0]][DECK])} cards left)", "PTCG-WIN-02")
        return True
    return False


def lock_in(state: GameState, p: int) -> None:
    """Option lock_in_wins (PTCG-ULT-09 (a)): a win condition reached partway through an effect is kept."""
    deck = len(state.zones[p][DECK])
    if deck == 0:
        state.res[p]["locked_out"] = 1
    elif EV_DECK_MIN <= deck <= EV_DECK_MAX and energy(state, p) >= ev_threshold(state):
        state.res[p]["locked_ev"] = 1


@mypyc_attr(native_class=False)  # a mixin of the game's Ruleset (see tcgkit.core.compiled)
class Wins:
    """The win conditions and their priorities: each method calls its module function (compiled code calls those
    directly)."""

    # ================================================================== winning (PTCG-WIN-*)

    def ev_threshold(self, state: GameState) -> int:
        """:func:`ev_threshold`"""
        return ev_threshold(state)

    def claim_win(self, state: GameState, player: int, reason: str, seq: int) -> None:
        """:func:`claim_win`"""
        claim_win(state, player, reason, seq)

    def effect_win(self, state: GameState, player: int, reason: str) -> None:
        """:func:`effect_win`"""
        effect_win(state, player, reason)

    def passive_wins(self, state: GameState) -> list[tuple[int, int, str]]:
        """:func:`passive_wins`"""
        return passive_wins(state)

    def check_wins(self, state: GameState) -> bool:
        """:func:`check_wins`"""
        return check_wins(state)

    def _card_wins(self, state: GameState, passive: list[tuple[int, int, str]]) -> bool:
        """:func:`_card_wins`"""
        return _card_wins(state, passive)

    def _deck_and_energy_wins(self, state: GameState) -> bool:
        """:func:`_deck_and_energy_wins`"""
        return _deck_and_energy_wins(state)

    def _lock_in(self, state: GameState, p: int) -> None:
        """:func:`lock_in`"""
        lock_in(state, p)
