"""Perfect TCG's quick look for bots (``surely_has_choice``, PTCG-TURN-06/07) and the hand facts the legal actions
read (:func:`~tcgkit.games.perfect_tcg.model.hand_facts`): the quick look claims a free choice only where the legal
actions hold a pass and something else, under every game option; a Main or War decision whose actions the turn flow
leaves unlisted is one it claims; the options read from the hand facts equal the rules worked out card by card."""

from __future__ import annotations

import pytest
from ptcg_helpers import RULES

from tcgkit.bots import RandomBot, View
from tcgkit.core.actions import Action
from tcgkit.core.rng import derive_seed
from tcgkit.games.perfect_tcg.model import NONE, hand_facts, leader_level

#: the options the quick look and the hand's options read, each on alone, and all of the game's options at once
#: (but the deck rule that the shipped decks do not meet: PTCG-DECK-05 reading (b))
OPTION_SETS = [{}, {"spells_ignore_level": True}, {"level_up_any_higher": True}, {"defend_at_or_below": True},
               {"stasis_may_support": True}, {name: True for name in RULES.OPTIONS if name != "artefacts_exactly_5"}]


def _decisions(options: dict, games: int = 6):
    """Every decision of seeded random-bot games under ``options``, over the pairings of the shipped decks."""
    decks = list(RULES.decks().values())
    for g in range(games):
        s = derive_seed(23, g)
        state = RULES.new_game([decks[g % len(decks)], decks[(g // len(decks) + g + 1) % len(decks)]], s, options)
        bots = (RandomBot(s), RandomBot(s + 1))
        while state.result is None:
            yield state
            state.apply(bots[state.current].choose(View(state, state.current)))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) if len(o) < 3 else "all" if o else "none")
def test_a_sure_choice_holds_a_pass_and_more_PTCG_TURN_06_07(options: dict) -> None:
    """PTCG-TURN-06/07 (a stage is left by passing or ending it), PTCG-WAR-02/03, PTCG-ROLE-11: wherever the quick
    look says the player to act surely has a free choice, the legal actions hold a pass and another action; where
    the turn flow left a Main or War decision unlisted, the quick look says so. The look is claimed often."""
    claimed = unlisted = 0
    for state in _decisions(options):
        was_listed = state._legal is not None  # (the turn flow's own list, before anyone asks)
        sure = state.pending is None and RULES.surely_has_choice(state)
        legal = state.legal_actions()
        if sure:
            claimed += 1
            assert len(legal) >= 2 and any(RULES.is_pass(a) for a in legal), (state.phase, legal)
        if not was_listed and state.pending is None and state.phase in ("main", "war"):
            unlisted += 1
            assert sure, (state.phase, legal)
    assert claimed > 100 and unlisted > 100


def test_the_main_look_finds_a_retreat_or_a_unit_to_play_PTCG_TURN_06() -> None:
    """PTCG-TURN-06, PTCG-ROLE-04/11: in the Main stage the quick look answers True exactly when a Retreat or a play
    of a unit from hand is among the legal actions (it does not look at Spells or activated effects); where it
    answers False, the Spells, the activated effects and pass are all the legal actions."""
    seen = {True: 0, False: 0}
    for state in _decisions({}):
        if state.phase != "main" or state.pending is not None:
            continue
        p = state.active
        legal = RULES.legal_actions_for(state)
        kinds = {a.kind for a in legal}
        sure = RULES.main_surely_open(state, p)
        assert sure == bool(kinds & {"retreat", "play"}), kinds
        if not sure:  # what the turn flow lists there: the Spells, the activated effects and pass
            assert RULES.closed_main_actions(state, p) == legal
        seen[sure] += 1
    assert min(seen.values()) > 10


def test_hand_facts_equal_the_printed_cards() -> None:
    """Each card's hand facts are its printed level (a unit) or cost (a Spell, a Boost), NONE otherwise, and its
    level as a Leader's is read (0 with none); a clone shares them."""
    state = RULES.new_game(list(RULES.decks())[:2], 3)
    facts = hand_facts(state.defs)
    levels, spell_costs, boost_costs, any_levels = facts
    assert len(levels) == len(spell_costs) == len(boost_costs) == len(any_levels) == len(state.defs)
    for c, d in enumerate(state.defs):
        assert levels[c] == (d.stats["level"] if d.type == "unit" else NONE)
        assert spell_costs[c] == (d.stats["cost"] if d.type == "spell" else NONE)
        assert boost_costs[c] == (d.stats["cost"] if d.type == "boost" else NONE)
        assert any_levels[c] == d.stats.get("level", 0)
    assert max(d.stats.get("level", 0) + d.stats.get("cost", 0) for d in state.defs) < NONE
    assert hand_facts(state.clone().defs) is facts


def _slow_level_options(state, p: int) -> list:
    """PTCG-TURN-05, PTCG-ROLE-02, PTCG-TERM-04: units one level above the Leader (or any higher, by the option),
    once per turn, unless locked."""
    if state.res[p].get("levelled") == state.turn:
        return []
    lvl = leader_level(state, p)
    anyhigher = state.options.get("level_up_any_higher")
    out = [Action("level", (c,)) for c in state.zones[p]["hand"] if state.defs[c].type == "unit" and (
        state.defs[c].stats["level"] == lvl + 1 or (anyhigher and state.defs[c].stats["level"] > lvl))]
    return [] if out and RULES.locked(state, p, "level_up") else out


def _slow_defend_hand_options(state, d: int) -> list:
    """PTCG-WAR-08 (a unit below the Leader's level, or at it by the option), PTCG-TERM-15, then Boosts and Spells
    paid in full (PTCG-CARD-07/08) unless locked."""
    lvl = leader_level(state, d)
    limit = lvl if state.options.get("defend_at_or_below") else lvl - 1
    spell_lvl = 1 << 30 if state.options.get("spells_ignore_level") else lvl
    en = len(state.zones[d]["energy"])
    defending = state.vars.get("b_def", -1) < 0
    hand = [(c, state.defs[c]) for c in state.zones[d]["hand"]]
    out = [Action("defend", (c,)) for c, x in hand if defending and x.type == "unit" and x.stats["level"] <= limit]
    if defending:
        out += RULES.guardian_options(state, d, limit)
    boosts = [Action("boost", (c,)) for c, x in hand if x.type == "boost" and x.stats["cost"] <= en]
    spells = [Action("cast", (c,)) for c, x in hand if x.type == "spell" and x.stats["cost"] <= min(en, spell_lvl)]
    out += [] if not boosts or RULES.locked(state, d, "boost") else boosts
    return out + ([] if not spells or RULES.locked(state, d, "spell") else spells)


@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=("none", "spells", "level", "defend"))
def test_hand_options_from_the_facts_equal_the_rules_PTCG_TURN_05_WAR_08(options: dict) -> None:
    """PTCG-TURN-04/05, PTCG-WAR-08, PTCG-CARD-07/08: the Level stage's, the Bonus stage's and the defender's options,
    read from the hand facts, are those the rules give card by card, in the same order, for both players at every
    decision."""
    compared = 0
    for state in _decisions(options, games=4):
        for p in (0, 1):
            assert RULES.level_options(state, p) == _slow_level_options(state, p)
            assert RULES.defend_hand_options(state, p) == _slow_defend_hand_options(state, p)
            boosts = [Action("boost", (c,)) for c in state.zones[p]["hand"] if state.defs[c].type == "boost"
                      and state.defs[c].stats["cost"] <= len(state.zones[p]["energy"])]
            assert RULES.boost_options(state, p) == ([] if boosts and RULES.locked(state, p, "boost") else boosts)
            compared += 1
    assert compared > 500
