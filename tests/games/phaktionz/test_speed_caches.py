"""The speed paths of the Phaktionz rules answer exactly as the general ones: compiled conditions
(``conditions.holds``) against ``effects.check``, over the conditions of every card and positions of seeded games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from phk_helpers import RULES

from conftest import plain_build_only
from tcgkit.bots import RandomBot, View
from tcgkit.core import effects
from tcgkit.core.errors import TcgkitError
from tcgkit.core.state import GameState
from tcgkit.games.phaktionz import conditions
from tcgkit.games.phaktionz.conditions import compile_condition, holds

DECKS = list(RULES.decks().values())


def _all_steps(seq: Any) -> Iterator[Any]:
    """Every step of ``seq``, and of the ``then``/``else``/``steps`` blocks inside it, in order."""
    for step in seq or ():
        yield step
        for key in ("then", "else", "steps"):
            sub = step.params.get(key)
            if isinstance(sub, tuple):
                yield from _all_steps(sub)


def _conditions() -> list[Any]:
    """Every condition the pool's cards print: effect conditions, ``if`` steps, create conditions, auras."""
    out = []
    for d in RULES.pool():
        for eff in d.effects:
            if eff.condition is not None:
                out.append(eff.condition)
            out.extend(step.params["condition"] for step in _all_steps(eff.steps) if step.verb == "if")
        if d.fields.get("create") is not None:
            out.append(d.fields["create"])
        out.extend(a["condition"] for a in d.fields["aura"] if a.get("condition") is not None)
    return [c for c in out if "coin" not in repr(c) and "die" not in repr(c)]  # those roll the game's RNG


def _positions(games: int = 6, every: int = 7) -> list[GameState]:
    out = []
    for seed in range(games):
        state = RULES.new_game([DECKS[seed % len(DECKS)], DECKS[(seed + 2) % len(DECKS)]], seed=seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while state.result is None:
            if state.decisions % every == 0:
                out.append(state.clone())
            state.apply(bots[state.current].choose(View(state, state.current)))
    return out


def _outcome(check: Any, state: GameState, ctx: dict, cond: Any) -> tuple[str, Any]:
    """What a checker answers, or the error it raises (a condition naming a choice not made in this context)."""
    try:
        return "answer", check(state, dict(ctx), cond)
    except TcgkitError as e:
        return "error", str(e)


@pytest.fixture(scope="module")
def positions() -> list[GameState]:
    return _positions()


def test_compiled_conditions_answer_as_the_core(positions: list[GameState]) -> None:
    """Every printed condition, in positions of seeded games, for each controller and with an event card bound or
    not (the contexts of activated, triggered and play effects, PHK-INV-03): ``holds`` == ``effects.check``."""
    conds = _conditions()
    assert len(conds) > 20
    checked = 0
    for state in positions:
        sources = [next(iter(state.zones[p]["deck"] + state.zones[p]["deck_out"] + state.zones[p]["hand"]), None)
                   for p in (0, 1)]
        field = state.zones[0]["field"] + state.zones[1]["field"]
        for p, src in enumerate(sources):
            if src is None:
                continue
            for ctx in ({"source": src, "controller": p},
                        {"source": src, "controller": p, "event_card": field[0] if field else -1,
                         "event_player": 1 - p, "window_card": field[:1], "window_target": [1 - p]}):
                for cond in conds:
                    assert _outcome(holds, state, ctx, cond) == _outcome(effects.check, state, ctx, cond), cond
                    checked += 1
    assert checked > 1000


@plain_build_only(effects)
def test_printed_shapes_need_no_general_checker(monkeypatch: pytest.MonkeyPatch, positions: list[GameState]) -> None:
    """The shapes the shipped cards print most (counts of a battlefield, a Summon of some Tier on a battlefield,
    whose turn it is) are read without ``effects.check``: that is the speed-up."""
    shapes = [
        {"compare": [{"count": "you.field"}, ">=", 3]},
        {"exists": {"zone": "opponent.field", "filter": {"tier": {"min": 3, "max": 3}}}},
        {"all": ({"turn": "mine"}, {"compare": ({"count": "you.field"}, ">", {"count": "opponent.field"})},
                 {"exists": "you.field"})},
        {"any": ({"exists": {"zone": "each.field", "filter": {"tier": {"max": 2}, "not_status": "plague"}}},
                 {"exists": {"zone": "each.field", "filter": {"status": "plague"}}})},
        {"all": ({"none": {"zone": "event_card", "filter": {"other": True}}},
                 {"compare": [{"zone_size": "you.deck"}, "<=", 10]}, {"phase": "combat"})},
    ]
    expected = [[effects.check(s, {"source": 0, "controller": p, "event_card": 0}, c) for c in shapes]
                for s in positions for p in (0, 1)]

    def refuse(*args: Any) -> bool:
        raise AssertionError("effects.check was called")

    monkeypatch.setattr(effects, "check", refuse)
    got = [[compile_condition(c, RULES)(s, {"source": 0, "controller": p, "event_card": 0}) for c in shapes]
           for s in positions for p in (0, 1)]
    assert got == expected


def test_field_auras_equal_the_card_by_card_bonus(positions: list[GameState]) -> None:
    """``field_auras`` (the evaluation's one pass over the auras) gives each Summon on a battlefield the DMG
    ``aura_bonus`` gives it card by card (Fulthrottle's and Lyzor's statics, PHK-SUM-02)."""
    reached = 0
    for state in positions:
        bonus = RULES.field_auras(state)
        for c in state.zones[0]["field"] + state.zones[1]["field"]:
            assert bonus.get(c, 0) == RULES.aura_bonus(state, c)
            reached += c in bonus
        assert set(bonus) <= set(state.zones[0]["field"] + state.zones[1]["field"])
    assert reached > 0


def test_compiled_selectors_and_amounts_answer_as_the_core(positions: list[GameState]) -> None:
    """The auras' selections (``to``) and amounts (``by``), and the printed conditions' counts, compiled: the same
    cards in the same order and the same numbers as ``effects.select`` and ``effects.amount``."""
    selectors, amounts = [], []
    for d in RULES.pool():
        for aura in d.fields["aura"]:
            selectors.append(aura["to"])
            amounts.append(aura["by"])
    selectors += ["each.exile", "opponent.deck_out", ("self", "you.field"), {"zone": "you.hand", "filter": {}}]
    amounts += [{"count": {"zone": "each.field", "filter": {"type": "summon", "dmg": {"min": 2}}}},
                {"sum": [{"zone_size": "you.deck"}, -3]}, 4]
    for state in positions:
        for p in (0, 1):
            for src in state.zones[p]["field"][:1] or state.zones[p]["deck"][:1]:
                ctx = {"source": src, "controller": p}
                for spec in selectors:
                    assert conditions.select(state, ctx, spec) == effects.select(state, ctx, spec), spec
                for spec in amounts:
                    assert conditions.amount(state, ctx, spec) == effects.amount(state, ctx, spec), spec


def test_plain_casts_are_what_cast_actions_gives(positions: list[GameState]) -> None:
    """An Invocation with no limit, no play condition, cost or response kind and no host (``plain_cast``) gets the one
    action ``cast <card>`` from :meth:`cast_actions` whenever its kind may be cast: in its owner's Main and Final
    Phases, a Counter also in Combat and in a response window (PHK-INV-01..03); the legal actions skip the checks."""
    from tcgkit.core.actions import Action

    seen = 0
    for state in positions:
        for p in (0, 1):
            for c in state.zones[p]["hand"]:
                d = state.defs[c]
                if not d.fields.get("plain_cast"):
                    continue
                counter = d.fields["inv_type"] == "counter"
                phases = ("main", "combat", "final") if counter else ("main", "final")
                own = state.active == p and state.phase in phases
                assert RULES.cast_actions(state, p, c, None) == ([Action("cast", (c,))] if own else [])
                if counter:
                    assert RULES.cast_actions(state, p, c, ("battle", 1 - p, -1, -1)) == [Action("cast", (c,))]
                seen += 1
    assert seen > 0


def _filters() -> list[Any]:
    """Every card filter the pool prints: searches, Weapon hosts, static filters (tier discounts, battle limits)."""
    out: list[Any] = []
    for d in RULES.pool():
        for eff in d.effects:
            out.extend(step.params["filter"] for step in _all_steps(eff.steps)
                       if isinstance(step.params.get("filter"), dict))
            for key in ("tier_discount", "battle_only", "not_battled_by"):
                if isinstance(eff.params.get(key), dict):
                    out.append(eff.params[key])
        if d.fields.get("attach_filter"):
            out.append(d.fields["attach_filter"])
    return out + [{}, {"name_has": "fulthrottle"}, {"other": True, "owner": "opponent"}]


def test_compiled_filters_answer_as_the_core(positions: list[GameState]) -> None:
    """``conditions.card_test`` (searches of the deck, PHK-TERM-05; Weapon hosts, PHK-INV-01) passes exactly the
    cards ``effects.matches`` passes, for every printed filter and every card of sampled positions."""
    filters = _filters()
    assert len(filters) > 5
    for state in positions[::4]:
        for p in (0, 1):
            ctx = {"source": state.zones[p]["deck"][0] if state.zones[p]["deck"] else 0, "controller": p}
            for flt in filters:
                test = conditions.card_test(flt)
                for c in range(len(state.defs)):
                    assert test(state, ctx, c) == effects.matches(state, ctx, c, flt), (flt, c)
