"""The greedy scoring's fast paths give what the plain definitions give, on every game: ``score_children`` (which
inlines ``completed_value``'s usual case) scores each action as ``score_after`` does, the follow-up choices an
unfinished action's completion scored (``Scored.options``) are what scoring them again gives, and ``any_pass`` (one
set test over the kinds) answers as ``rules.is_pass`` tested action by action."""

from __future__ import annotations

import pytest

from conftest import PLAYABLE
from tcgkit.bots import RandomBot, View
from tcgkit.bots.greedy import TIE, any_pass, score_after, score_children
from tcgkit.core.actions import Action
from tcgkit.core.ruleset import Ruleset
from tcgkit.games import get_rules


@pytest.mark.parametrize("game", PLAYABLE)
def test_score_children_scores_as_score_after(game: str) -> None:
    rules = get_rules(game)
    names = list(rules.decks())
    checked = 0
    for seed in (1, 2):
        state = rules.new_game([names[seed % len(names)], names[(seed + 1) % len(names)]], seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while state.result is None and state.decisions < 150:
            legal = state.legal_actions()
            if len(legal) > 1 and state.decisions % 3 == 0:
                me = state.current
                before = state.to_json()
                scores, best = score_children(state, legal, me)
                assert scores == [score_after(state, a, me) for a in legal]
                assert sorted(best) == [i for i, v in enumerate(scores) if v >= max(scores) - TIE]
                assert state.to_json() == before
                checked += 1
            state.apply(bots[state.current].choose(View(state, state.current)))
    assert checked > 10


@pytest.mark.parametrize("game", PLAYABLE)
def test_known_options_are_what_scoring_again_gives(game: str) -> None:
    rules = get_rules(game)
    names = list(rules.decks())
    reused = 0
    for seed in (3, 4, 5):
        state = rules.new_game([names[seed % len(names)], names[(seed + 2) % len(names)]], seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while state.result is None and state.decisions < 200:
            legal = state.legal_actions()
            if len(legal) > 1:
                me = state.current
                _, best = score_children(state, legal, me)
                for got in best.values():
                    if got.options is None:
                        continue
                    after = got.after
                    follow = after.legal_actions()
                    assert len(got.options) == len(follow)
                    fresh, fresh_best = score_children(after.clone(), follow, me)
                    known, known_best = score_children(after, follow, me, known=got.options)
                    assert known == fresh
                    assert sorted(known_best) == sorted(fresh_best)
                    for i, k in known_best.items():
                        assert k.after.to_json() == fresh_best[i].after.to_json()
                        assert k.completed.to_json() == fresh_best[i].completed.to_json()
                    reused += sum(o is not None for o in got.options)
            state.apply(bots[state.current].choose(View(state, state.current)))
    assert reused > 0  # every game has actions completed by a further choice


@pytest.mark.parametrize("game", PLAYABLE)
def test_any_pass_is_is_pass_action_by_action(game: str) -> None:
    rules = get_rules(game)
    names = list(rules.decks())
    state = rules.new_game(names[:2] if len(names) > 1 else names * 2, 5)
    bot = RandomBot(9)
    while state.result is None and state.decisions < 300:
        legal = state.legal_actions()
        assert any_pass(rules, legal) == any(rules.is_pass(a) for a in legal)
        for a in legal:
            assert any_pass(rules, [a]) == rules.is_pass(a)
        state.apply(bot.choose(View(state, state.current)))


def test_any_pass_asks_a_game_that_says_more_than_its_kinds() -> None:
    class OddPasses(Ruleset):
        id = "odd-passes"

        def is_pass(self, action: Action) -> bool:  # passing is an "option" numbered 0 here
            return action.kind == "option" and action.args == (0,)

    rules = OddPasses()
    assert any_pass(rules, [Action("option", (1,)), Action("option", (0,))])
    assert not any_pass(rules, [Action("option", (1,)), Action("no")])
