"""The card index of a Phaktionz game (``cardindex.py``) and the fast paths that read it answer exactly as the scans
of the cards in play they replace, at every decision of seeded games; clones share the index and never leak a
change into each other. The evaluation's per-card facts (``fields["side"]``, ``fields["in_hand"]``) equal what the
card's printed numbers give."""

from __future__ import annotations

from typing import Any

import pytest
from phk_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core import effects
from tcgkit.core.state import GameState
from tcgkit.games.phaktionz import cardindex, conditions
from tcgkit.games.phaktionz.cardindex import any_in_play, card_index
from tcgkit.games.phaktionz.model import SUMMON

DECKS = list(RULES.decks().values())
PLAY = ("field", "realm", "attached")


def _in_play(state: GameState, player: int | None = None) -> list[int]:
    return [c for p in ((0, 1) if player is None else (player,)) for z in PLAY for c in state.zones[p][z]]


def _slow_statics(state: GameState, key: str, player: int | None) -> list[tuple[int, Any]]:
    """``statics`` as a scan of every card in play (before the index)."""
    return [(c, eff) for c in _in_play(state, player) for eff in state.defs[c].fields["statics"] if key in eff.params]


def _slow_aura_bonus(state: GameState, card: int) -> int:
    """``aura_bonus`` through the core's selections and amounts, every card in play read (before the index)."""
    bonus = 0
    for src in _in_play(state):
        for aura in state.defs[src].fields["aura"]:
            to = aura["to"]
            if (to == "self" and card != src) or (to == "you.field" and state.owner[card] != state.owner[src]):
                continue
            ctx = {"source": src, "controller": state.owner[src]}
            if to not in ("self", "you.field") and card not in effects.select(state, ctx, to):
                continue
            if effects.check(state, ctx, aura.get("condition")) if aura.get("condition") is not None else True:
                bonus += effects.amount(state, ctx, aura["by"])
    return bonus


def _slow_play_sources(state: GameState, player: int) -> list[int]:
    zones = state.zones[player]
    if zones["deck_out"] and any("deck_out_play" in state.defs[c].fields["static_keys"] for c in zones["field"]):
        return zones["hand"] + zones["deck_out"]
    return zones["hand"]


def _games(games: int = 8) -> list[GameState]:
    """Every decision's state of a few seeded random-bot games (the states themselves, played on)."""
    out = []
    for seed in range(games):
        state = RULES.new_game([DECKS[seed % len(DECKS)], DECKS[(seed + 1) % len(DECKS)]], seed=seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while state.result is None:
            out.append(state.clone())
            state.apply(bots[state.current].choose(View(state, state.current)))
    return out


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return _games()


def _keys() -> set[str]:
    return {k for d in RULES.pool() for k in d.fields["static_keys"]}


def test_index_equals_a_fresh_build(states: list[GameState]) -> None:
    """The kept index is the one worked out from the card list from scratch (the statics, triggers and auras by
    which cards' abilities take precedence over the rules, PHK-MECH-04)."""
    for state in states[::25]:
        index = card_index(state)
        assert index == cardindex.build(state.defs)
        assert index.auras == {c for c, d in enumerate(state.defs) if d.fields["aura"]}
        for kind, cards in index.listeners.items():
            assert cards == {c for c, d in enumerate(state.defs) if kind in d.fields["triggers"]}


def test_statics_equal_a_scan_of_the_cards_in_play(states: list[GameState]) -> None:
    """``statics`` (every static of a key in play, PHK-MECH-04), for each key any card prints and each side."""
    keys = _keys()
    found = 0
    for state in states:
        for key in keys:
            for player in (None, 0, 1):
                got = RULES.statics(state, key, player)
                assert got == _slow_statics(state, key, player), (key, player)
                found += bool(got)
    assert found > 0


def test_aura_bonus_equals_the_core_selection(states: list[GameState]) -> None:
    """Fulthrottle's and Lyzor's auras (PHK-MECH-04) give each Summon on the battlefield the DMG the core's selection,
    condition and amount give it card by card."""
    reached = 0
    for state in states[::3]:
        for c in state.zones[0]["field"] + state.zones[1]["field"]:
            bonus = RULES.aura_bonus(state, c)
            assert bonus == _slow_aura_bonus(state, c)
            reached += bonus != 0
    assert reached > 0


def test_play_sources_equal_the_scan_of_the_battlefield(states: list[GameState]) -> None:
    """Iki lets its controller play from the Deck Out Pile (PHK-TERM-04 ruling) only while it is on the battlefield."""
    for state in states:
        for p in (0, 1):
            assert RULES.play_sources(state, p) == _slow_play_sources(state, p)


def test_listeners_in_play_equal_the_scan_of_the_triggers(states: list[GameState]) -> None:
    """The trigger scan of an event (triggered abilities, PHK-MECH-04) is skipped only when no card in play has a
    triggered effect on that kind of event."""
    kinds = RULES.trigger_kinds
    listened = 0
    for state in states:
        index = card_index(state)
        for kind in kinds:
            slow = any(kind in state.defs[c].fields["triggers"] for c in _in_play(state))
            assert any_in_play(state, index.listeners.get(kind, frozenset())) == slow
            listened += slow
    assert listened > 0


def test_member_equals_membership_of_the_core_selection(states: list[GameState]) -> None:
    """``conditions.member`` answers ``card in effects.select(...)`` for the auras' selections and other shapes."""
    specs: list[Any] = [a["to"] for d in RULES.pool() for a in d.fields["aura"]]
    specs += ["each.exile", "opponent.field", "you.deck_out", "self", "event_card", ("self", "opponent.hand"),
              {"zone": "each.field", "filter": {"status": "plague"}}, {"zone": "you.battlefield"}]
    for state in states[::20]:
        for p in (0, 1):
            src = (state.zones[p]["field"] or state.zones[p]["deck"] or [0])[0]
            other = (state.zones[1 - p]["field"] or [src])[0]
            for ctx in ({"source": src, "controller": p, "event_card": src},
                        {"source": src, "controller": p, "event_card": [other, src]}):
                for spec in specs:
                    chosen = effects.select(state, ctx, spec)
                    for c in range(len(state.defs)):
                        assert conditions.member(state, ctx, spec, c) == (c in chosen), (spec, c)


def test_clones_share_the_index_and_a_new_card_list_gets_its_own() -> None:
    """A clone reads its original's index; a card added in play (a new card list) makes a new index in that state
    only, and the original's stays as it was."""
    state = RULES.new_game([DECKS[0], DECKS[1]], seed=3)
    index = card_index(state)
    twin = state.clone()
    assert card_index(twin) is index
    token = twin.add_instance(next(d for d in RULES.pool() if d.fields["aura"]), 0)
    grown = card_index(twin)
    assert grown is not index and token in grown.auras and grown == cardindex.build(twin.defs)
    assert card_index(state) is index and token not in index.auras


def test_card_records_equal_the_definitions() -> None:
    """Each card's record (``cardindex.Card``) holds what its definition says: its Tier and DMG as printed (PHK-SUM-01),
    whether it is a Summon, and the fields the hot path reads; the copies of a card share one record."""
    state = RULES.new_game([DECKS[0], DECKS[1]], seed=3)
    records = card_index(state).cards
    assert len(records) == len(state.defs)
    for d in RULES.pool():
        f = d.fields
        rec = cardindex.make_record(d)
        assert (rec.key, rec.summon, rec.tier, rec.dmg) == (d.key, d.type == SUMMON, d.stat("tier"), d.stat("dmg"))
        assert (rec.field_tier, rec.summon_type, rec.inv_type, rec.plain_cast, rec.in_hand, rec.tribute) == (
            f["field_tier"], f["summon_type"], f["inv_type"], f["plain_cast"], f["in_hand"], f["tribute"])
        assert (rec.static_keys, rec.statics, rec.aura, rec.triggers) == (
            f["static_keys"], f["statics"], f["aura"], f["triggers"])
    for c, d in enumerate(state.defs):
        assert records[c] == cardindex.make_record(d)
        assert all(records[o] is records[c] for o, e in enumerate(state.defs) if e is d)


def test_a_new_game_of_the_same_decks_finds_the_index_built() -> None:
    """Two games of the same decks hold the same definitions in the same order: the second gets the first's index,
    which is what a fresh build of its own list gives; other decks get their own."""
    first = RULES.new_game([DECKS[0], DECKS[1]], seed=3)
    again = RULES.new_game([DECKS[0], DECKS[1]], seed=4)
    other = RULES.new_game([DECKS[1], DECKS[0]], seed=3)
    assert again.defs is not first.defs
    assert card_index(again) is card_index(first) and card_index(again) == cardindex.build(again.defs)
    assert card_index(other) is not card_index(first) and card_index(other) == cardindex.build(other.defs)


def test_evaluation_facts_equal_the_printed_numbers() -> None:
    """What the evaluation reads of a card: DMG, Tech, Tier on the battlefield (PHK-SUM-01) and guard; a Summon's
    Tier in hand and whether Tiers alone pay for it (PHK-MECH-02)."""
    for d in RULES.pool():
        dmg, tech, tier, guard = d.fields["side"]
        ft = d.fields["field_tier"]
        assert (dmg, tech, tier, guard) == (d.stats.get("dmg", 0), d.fields["summon_type"] == "tech",
                                            ft if ft is not None else d.stats.get("tier", 0),
                                            "guard" in d.fields["static_keys"])
        assert d.fields["in_hand"] == ((d.stats["tier"] if d.type == SUMMON else -1), d.fields["tribute"] is None)


def _slow_cost_ok(state: GameState, ctx: dict, cost: tuple) -> bool:
    """``cost_ok`` through the core's selections and amounts (before the compiled reads)."""
    sim = dict(ctx)
    for step in cost:
        if step.verb == "choose":
            n = effects.amount(state, sim, step.params.get("count", 1))
            sim[step.params.get("name", "chosen")] = effects.select(state, sim, step.params["from"])[:n]
    return effects.can_pay(state, sim, cost)


def test_costs_read_through_compiled_selections_answer_as_the_core(states: list[GameState]) -> None:
    """Whether an ability's or a play's cost can be paid (costs such as Lin's "Discard a Tier 3", PHK-MECH-04) is the
    same through the compiled selections as through the core's."""
    from tcgkit.games.phaktionz.rules import cost_ok

    costs = [e.cost for d in RULES.pool() for e in d.effects if e.cost]
    assert any(step.verb == "choose" for cost in costs for step in cost)
    payable = 0
    for state in states[::5]:
        for p in (0, 1):
            for src in state.zones[p]["field"][:1] + state.zones[p]["hand"][:1]:
                ctx = {"source": src, "controller": p}
                for cost in costs:
                    ok = cost_ok(state, ctx, cost)
                    assert ok == _slow_cost_ok(state, ctx, cost)
                    payable += ok
    assert payable > 0


def test_the_index_reads_the_rules_play_zones() -> None:
    """The zones the index counts as in play are the ruleset's: the battlefield, Realms (PHK-INV-04) and attached
    Weapons (PHK-INV-05)."""
    assert frozenset(RULES.PLAY_ZONES) == cardindex.PLAY_ZONES
