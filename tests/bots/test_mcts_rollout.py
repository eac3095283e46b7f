"""MCTS's rollout goes on from the states its greedy steps scored instead of playing the choices again: it must give
the same values, count the same evaluations and leave the RNGs where playing them again would, on every game."""

from __future__ import annotations

import pytest

from conftest import PLAYABLE, random_game
from tcgkit.bots import MctsBot
from tcgkit.bots.greedy import FORCED_LIMIT, GreedyBot, completed_value, score_after
from tcgkit.core.state import GameState


def replayed_rollout(bot: MctsBot, greedy: GreedyBot, state: GameState, mover: int) -> tuple[list[float], int]:
    """The rollout as it was written before (each greedy choice played again on the rollout's state)."""
    evals = 0
    choices = bot.depth
    for _ in range(FORCED_LIMIT + 4 * choices):
        if state.result is not None or choices == 0:
            break
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        choices -= 1
        mover = state.current
        evals += len(legal)
        scores = [score_after(state, a, mover) for a in legal]
        state.apply(greedy.pick(legal, scores, state.rules))
    evals += 1
    if state.result is None:
        state = completed_value(state, mover)[1]
    if state.result is not None:
        return state.returns(), evals
    return [state.rules.evaluate(state, p) for p in range(len(state.zones))], evals


@pytest.mark.parametrize("game", PLAYABLE)
@pytest.mark.parametrize("depth", [1, 4, 12])
def test_rollout_is_the_replayed_rollout(game: str, depth: int) -> None:
    for seed, cut in ((1, 8), (2, 30), (3, 70)):
        state = random_game(game, seed, stop_at=cut)
        if state.result is not None:
            continue
        bot = MctsBot(seed=seed, depth=depth)
        reference = GreedyBot(seed ^ 0x5EED)  # the same seed as the bot's own rollout policy
        mover = (state.current + 1) % len(state.zones)  # the last decision was the other player's
        expected, evals = replayed_rollout(bot, reference, state.clone(), mover)
        got = bot.rollout(state.clone(), mover)
        assert got == expected
        assert bot.evals == evals
        assert bot._greedy is not None and bot._greedy.rng.state == reference.rng.state


def test_rollout_spends_only_its_own_state() -> None:
    state = random_game("tgod", 2, stop_at=30)
    before = state.to_json()
    bot = MctsBot(seed=1)
    copy = state.clone()
    bot.rollout(copy, state.current)
    assert state.to_json() == before  # the caller's original is untouched; only the copy handed over is played on
