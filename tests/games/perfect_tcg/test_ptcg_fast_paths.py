"""Perfect TCG's fast paths give what the general code gives: the game's own trigger scan (PTCG-ULT-10, "when a unit
is lost", and the order of triggered effects) against the core's."""

from __future__ import annotations

import pytest
from ptcg_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core.rng import derive_seed
from tcgkit.core.ruleset import Ruleset
from tcgkit.games.perfect_tcg.rules import PerfectRules


class CoreTriggers(PerfectRules):
    """Perfect TCG with the core's trigger scan instead of the game's own."""

    fire_triggers = Ruleset.fire_triggers


def _games(rules, count: int, seed: int):
    """The states of ``count`` seeded random-bot games, every decision (each game's final state included)."""
    decks = list(rules.decks().values())
    for g in range(count):
        s = derive_seed(seed, g)
        state = rules.new_game([decks[g % len(decks)], decks[(g + 1 + g // len(decks)) % len(decks)]], s)
        bots = (RandomBot(s * 2 + 1), RandomBot(s * 2 + 2))
        while state.result is None:
            yield state
            state.apply(bots[state.current].choose(View(state, state.current)))
        yield state


@pytest.mark.slow
def test_game_trigger_scan_plays_as_the_core_one_PTCG_ULT_10():
    fast = [(st.decisions, tuple(st.log), st.result) for st in _games(RULES, 12, 7) if st.result is not None]
    core = [(st.decisions, tuple(st.log), st.result) for st in _games(CoreTriggers(), 12, 7) if st.result is not None]
    assert fast == core
    assert any(ev.kind == "lost" for _, log, _ in fast for ev in log)
