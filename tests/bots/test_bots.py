"""The greedy and MCTS bots: specs, legality, determinism, what greedy optimizes, and whole games on every game."""

from __future__ import annotations

import json

import pytest

from conftest import PLAYABLE, random_game
from tcgkit.bots import BOTS, GreedyBot, MctsBot, View, make_bot, play_game
from tcgkit.bots.greedy import is_pass, score_after
from tcgkit.bots.mcts import DEFAULT_EVALS, Node
from tcgkit.core.actions import Action
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import Rng
from tcgkit.games import get_rules


def _choice_position(game: str, seed: int = 3, cut: int = 20):
    for c in (cut, cut // 2, 4, 1, 0):
        state = random_game(game, seed, stop_at=c)
        if state.result is None and len(state.legal_actions()) > 1:
            return state
    pytest.skip(f"{game}: no position with a choice")


# ---------------------------------------------------------------- specs
def test_registered_specs() -> None:
    assert {"greedy", "mcts"} <= set(BOTS)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert make_bot("greedy:3").samples == 3
    bot = make_bot("mcts:200", seed=4)
    assert isinstance(bot, MctsBot) and bot.iterations_budget == 200 and bot.seconds is None
    assert make_bot("mcts:500ms").seconds == 0.5
    assert make_bot("mcts:2s").seconds == 2.0
    custom = make_bot("mcts:50,depth=8,rollout=random,c=1.2,samples=4,widen=0.5,paired=off")
    assert (custom.iterations_budget, custom.depth, custom.rollout_policy, custom.c, custom.samples, custom.widen,
            custom.paired) == (50, 8, "random", 1.2, 4, 0.5, False)
    assert not make_bot("mcts").paired and make_bot("mcts:paired=on").paired
    default = make_bot("mcts")
    assert default.iterations_budget is None and default.seconds is None and default.evals_budget == DEFAULT_EVALS
    assert make_bot("mcts:evals=300").evals_budget == 300


@pytest.mark.parametrize("spec", ["mcts:lots", "mcts:0", "mcts:100,depth=-1", "mcts:100,rollout=smart",
                                  "mcts:100,width=3", "mcts:-5ms", "mcts:evals=0", "mcts:samples=-1",
                                  "mcts:widen=-1",
                                  "greedy:x", "greedy:0"])
def test_bad_specs_say_why(spec: str) -> None:
    with pytest.raises(TcgkitError):
        make_bot(spec)


# ---------------------------------------------------------------- greedy
def test_pass_kinds() -> None:
    """Each game names its passing actions (Ruleset.PASS_KINDS); the bots list none."""
    tgod, phk, tgc = get_rules("tgod"), get_rules("phaktionz"), get_rules("tgc")
    assert is_pass(Action("end"), tgod) and is_pass(Action("pass"), phk) and is_pass(Action("next"), phk)
    assert is_pass(Action("no_block"), tgc) and is_pass(Action("no"), tgod) and is_pass(Action("done"), tgc)
    assert not is_pass(Action("attack", (1, 2)), tgod) and not is_pass(Action("play", (3,)), tgc)
    assert not is_pass(Action("next"), tgod)


def test_greedy_ties_prefer_acting_over_passing() -> None:
    bot = GreedyBot(seed=1)
    legal = [Action("end"), Action("play", (4,)), Action("attack", (1, 2))]
    tgod = get_rules("tgod")
    assert bot.pick(legal, [0.5, 0.5, 0.1], tgod) == Action("play", (4,))
    assert bot.pick(legal, [0.6, 0.5, 0.1], tgod) == Action("end")
    picks = {bot.pick(legal, [0.2, 0.2, 0.2], tgod) for _ in range(40)}
    assert picks == {Action("play", (4,)), Action("attack", (1, 2))}


@pytest.mark.parametrize("game", PLAYABLE)
def test_greedy_takes_the_best_scored_action(game: str) -> None:
    """On the sample it draws, the greedy choice scores as well as any other legal action."""
    state = _choice_position(game)
    me = state.current
    bot = GreedyBot(seed=5)
    rng_before = bot.rng.clone()
    choice = bot.choose(View(state, me))
    sample = View(state, me).sample_state(rng_before)
    scores = {a: score_after(sample, a, me) for a in state.legal_actions()}
    assert scores[choice] >= max(scores.values()) - 1e-9


# ---------------------------------------------------------------- MCTS
@pytest.mark.parametrize("game", PLAYABLE)
def test_mcts_chooses_a_legal_action_deterministically(game: str) -> None:
    state = _choice_position(game)
    view = View(state, state.current)
    a = MctsBot(seed=9, iterations=30, max_seconds=1e9).choose(view)
    b = MctsBot(seed=9, iterations=30, max_seconds=1e9).choose(view)
    assert a == b and a in state.legal_actions()


def test_mcts_counts_iterations_and_skips_forced_moves() -> None:
    game = PLAYABLE[0]
    state = _choice_position(game)
    bot = MctsBot(seed=2, iterations=25, max_seconds=1e9)
    bot.choose(View(state, state.current))
    assert bot.last_iterations == 25 and bot.iterations == 25 and bot.searches == 1

    forced = _forced_position(game)
    assert bot.choose(View(forced, forced.current)) == forced.legal_actions()[0]
    assert bot.last_iterations == 0 and bot.iterations == 25


def _forced_position(game: str, seed: int = 3):
    """A position of a random game where the player to act has exactly one legal action."""
    state = random_game(game, seed, stop_at=0)
    bots = (Rng(seed), Rng(seed + 1))
    while state.result is None:
        legal = state.legal_actions()
        if len(legal) == 1:
            return state
        state.apply(bots[state.current].choice(legal))
    pytest.skip(f"{game}: no forced position")


def test_mcts_evals_budget_scores_that_many_positions_and_repeats_itself() -> None:
    """The default budget counts positions scored (prior, rollout candidates, leaves): deterministic for a seed."""
    state = _choice_position(PLAYABLE[0])
    view = View(state, state.current)
    bot, twin = MctsBot(seed=3, evals=200, max_seconds=1e9), MctsBot(seed=3, evals=200, max_seconds=1e9)
    assert bot.choose(view) == twin.choose(view)
    assert bot.last_iterations == twin.last_iterations >= 1
    assert 200 <= bot.evals < 200 + 40 * len(state.legal_actions())  # stops after the iteration that crossed it


def test_mcts_time_budget_runs_at_least_once() -> None:
    state = _choice_position(PLAYABLE[0])
    bot = MctsBot(seed=2, seconds=0.001)
    assert bot.choose(View(state, state.current)) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_mcts_root_choice_is_the_most_visited_legal_action() -> None:
    root = Node(-1)
    a, b, c = Action("play", (1,)), Action("end"), Action("play", (9,))
    for action, visits, total in ((a, 5, 4.0), (b, 9, -1.0), (c, 50, 40.0)):
        child = root.children[action] = Node(0)
        child.visits, child.total = visits, total
    assert MctsBot.best_root_action(root, [a, b]) == b  # c is not legal now: never chosen
    assert MctsBot.best_root_action(root, [a, b, c]) == c


def _wide_position(min_actions: int = 6):
    for game in PLAYABLE:
        for seed in range(8):
            for cut in range(0, 120, 3):
                state = random_game(game, seed, stop_at=cut)
                if state.result is None and len(state.legal_actions()) >= min_actions:
                    return state
    pytest.skip("no position with that many actions")


def test_mcts_widening_opens_the_root_in_the_priors_order() -> None:
    """With a budget smaller than the choices, the search spends it on the actions the greedy prior likes best
    instead of one noisy rollout per action; ``widen=0`` opens every action at once."""
    state = _wide_position()
    view = View(state, state.current)
    n_legal = len(view.legal_actions)
    bot = MctsBot(seed=4, iterations=9, max_seconds=1e9)
    bot.choose(view)
    assert bot.last_root is not None and bot._ranked is not None
    opened = set(bot.last_root.children)
    assert 2 <= len(opened) <= 4  # 2 + sqrt(visits), visits <= 8 when the last one opened
    assert opened <= set(bot._ranked[:len(opened)])
    flat = MctsBot(seed=4, iterations=9, widen=0, max_seconds=1e9)
    flat.choose(view)
    assert flat.last_root is not None and len(flat.last_root.children) == min(9, n_legal)


def test_mcts_root_actions_meet_the_same_samples_in_the_same_order() -> None:
    """Common random numbers: the k-th try of every root action is played on the k-th sample of the search."""

    class Recording(MctsBot):
        def __init__(self, **kwargs) -> None:
            super().__init__(**kwargs)
            self.met: dict[Action, list[str]] = {}

        def iterate(self, root, state, first=None) -> None:  # type: ignore[no-untyped-def]
            if first is not None:
                self.met.setdefault(first[0], []).append(json.dumps(state.to_json(), sort_keys=True))
            super().iterate(root, state, first)

    state = _wide_position(3)
    bot = Recording(seed=2, iterations=40, samples=5, paired=True)
    bot.choose(View(state, state.current))
    runs = sorted(bot.met.values(), key=len)
    assert len(runs) >= 2 and len(set(runs[-1])) == min(5, len(runs[-1]))  # the samples differ from each other
    for short in runs:
        assert all(short == long[:len(short)] for long in runs if len(long) >= len(short))
    unpaired = Recording(seed=2, iterations=40, samples=5)
    unpaired.choose(View(state, state.current))
    assert unpaired.met == {}


def test_mcts_iteration_leaves_the_view_state_alone() -> None:
    state = _choice_position(PLAYABLE[0])
    before = state.to_json()
    MctsBot(seed=1, iterations=20, depth=5, max_seconds=1e9).choose(View(state, state.current))
    assert state.to_json() == before


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("game", PLAYABLE)
@pytest.mark.parametrize("bots", [("greedy", "random"), ("random", "mcts:8,depth=3"), ("mcts:6", "greedy")])
def test_whole_games_end(game: str, bots: tuple[str, str]) -> None:
    rules = get_rules(game)
    names = list(rules.decks())
    state = play_game(rules, [names[0], names[-1]], seed=11, bots=bots)
    assert state.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("game", PLAYABLE)
def test_greedy_beats_random_more_often_than_not(game: str) -> None:
    """A sanity floor (the ladder in docs/bots.md measures the real rates): greedy wins most of 20 games."""
    from tcgkit.simulation.ladder import run_pairing

    result = run_pairing(game, "greedy", "random", games=20, seed=5)
    assert result.wins > result.games // 2


def test_sample_state_is_a_determinization_of_the_view() -> None:
    state = _choice_position(PLAYABLE[0])
    me = state.current
    sample = View(state, me).sample_state(Rng(3))
    assert sample.observation(me)["players"] == state.observation(me)["players"]
    assert sample.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", PLAYABLE)
def test_play_forced_stops_at_a_real_choice(game: str) -> None:
    from tcgkit.bots.greedy import play_forced

    for seed in (1, 2, 3):
        state = random_game(game, seed, stop_at=15)
        decisions = state.decisions
        play_forced(state)
        assert state.result is not None or len(state.legal_actions()) != 1
        assert state.decisions - decisions <= 16
