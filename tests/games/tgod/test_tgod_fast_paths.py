"""TGOD's fast paths give what the plain rules give: the kept ability candidates (``state.memo``), the activate
actions, ``can_attack`` and ``evaluate``, checked at every decision of seeded random-bot games and of their clones."""

from __future__ import annotations

import itertools

from tgod_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import GameState
from tcgkit.games.tgod.rules import BASE, INDEX, STATIC_KEY

DECKS = sorted(RULES.decks())


def reference_activations(state: GameState, p: int) -> list[Action]:
    """The activate actions as ``ability_ok`` gives them, ability by ability (TGOD-NRM-05, TGOD-OTH-05)."""
    out = []
    for card in state.vars.get("abilities", ()):
        if state.owner[card] == p:
            for i in state.defs[card].fields["activated"]:
                if RULES.ability_ok(state, p, card, i, state.loc[card][1]):
                    out.append(Action("activate", (card, INDEX[i])))
    return out


def reference_evaluate(state: GameState, player: int) -> float:
    """``evaluate`` written with ``hp_left``, ``stars_left`` and ``stat``."""
    score = 0.0
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        z = state.zones[p]
        for base in z["base"]:
            score += sign * 0.6 * RULES.hp_left(state, base) / max(1, state.defs[base].stats["hp"])
            score += sign * 0.05 * min(RULES.stars_left(state, base), 3) / 3
        for c in z["main"]:
            score += sign * (0.1 + 0.05 * min(RULES.stars_left(state, c), 3) / 3
                             + 0.05 * min(RULES.stat(state, c, "attack"), 60) / 60)
        score += sign * 0.04 * min(len(z["backup"]), 3)
        score += sign * 0.01 * min(len(z["hand"]), 5)
    return max(-1.0, min(1.0, score))


def reference_static_bonus(state: GameState, card: int, name: str) -> int:
    """What the static abilities in play add to a card's number, every target found by ``effects.select``
    (TGOD-BTL-04/05)."""
    total = 0
    for src in state.vars.get(STATIC_KEY[name], ()):
        for stat, by, to, source_zone, when, _ in state.defs[src].fields["statics"]:
            if stat != name or (source_zone and source_zone != state.loc[src][1]):
                continue
            if card not in effects.select(state, {"source": src, "controller": state.owner[src]}, to):
                continue
            battle = state.vars.get("battle")
            if when and (battle is None or (battle[1] != card if when == "defending" else battle[0] != card or (
                    when == "attacking_base" and state.defs[battle[1]].type != BASE))):
                continue
            total += by
    return total


def check(state: GameState) -> None:
    """Every fast path against its plain reading, each on its own clone (a condition may flip the game's coin)."""
    for p in (0, 1):
        kept = [c[0] for c in RULES._ability_candidates(state.clone(), p)]
        fresh = state.clone()
        fresh.memo.clear()
        assert kept == [c[0] for c in RULES._ability_candidates(fresh, p)]
        acts: list[Action] = []
        RULES._ability_actions(state.clone(), p, acts)
        assert acts == reference_activations(state.clone(), p)
        assert RULES.evaluate(state, p) == reference_evaluate(state, p)
        for c in (*state.zones[p]["main"], *state.zones[p]["backup"], *state.zones[p]["base"]):
            for name in STATIC_KEY:
                assert RULES._static_bonus(state, c, name) == reference_static_bonus(state, c, name)
        for c in (*state.zones[p]["main"], *state.zones[p]["base"]):
            st = state.cs.get(c)
            spent = st is not None and st.counters.get("atk_turn") == state.turn and \
                st.counters.get("atk_n", 0) >= state.defs[c].fields["attacks_per_turn"]
            assert RULES.can_attack(state, c) == (not spent and RULES.stars_left(state, c) > 0)


def test_kept_abilities_and_fast_paths_match_the_plain_rules_in_games_and_clones() -> None:  # TGOD-NRM-05
    for i, (a, b) in enumerate(itertools.islice(itertools.cycle(itertools.product(DECKS, DECKS)), 8)):
        seed = derive_seed(19, i)
        state = RULES.new_game([a, b], seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        twin = None
        while state.result is None:
            check(state)
            if state.decisions % 25 == 10:
                twin = state.clone()  # played on below by another bot: its memo is its own
            state.apply(bots[state.current].choose(View(state, state.current)))
        other = RandomBot(seed)
        while twin is not None and twin.result is None:
            check(twin)
            twin.apply(other.choose(View(twin, twin.current)))


def test_evaluate_terms_out_of_the_tables_range_as_the_formula() -> None:
    """Stars and attack below 0 (modifiers), and more than the tables hold, give the plain formula's value."""
    from tgod_helpers import card, position

    for stars, attack, damage in ((-5, -100, 0), (4, 200, 30), (0, 0, 0), (-1, 59, 5)):
        state = position({"main": ["Squire of Dawn"]}, {"main": ["Squire of Dawn"]})
        for p in (0, 1):
            c = card(state, p, "Squire of Dawn")
            st = state.card_state(c)
            st.mods.extend([("stars", stars, "turn"), ("attack", attack, "turn")])
            st.counters["damage"] = damage
            base = state.zones[p]["base"][0]
            state.card_state(base).mods.append(("stars", stars - 1, "turn"))
        for p in (0, 1):
            assert RULES.evaluate(state, p) == reference_evaluate(state, p)
