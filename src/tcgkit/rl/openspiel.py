"""OpenSpiel games: ``import tcgkit.rl.openspiel`` registers ``python_tcgkit_<game>`` for every game.

Each is sequential, two-player, zero-sum, imperfect-information, with terminal rewards +1/-1 (0 for a draw). Chance
is the engine's: every shuffle, draw, coin and die comes from the game's seeded RNG, and the seed is a parameter
fixed when the game is loaded (``pyspiel.load_game("python_tcgkit_tgod", {"seed": 7})``), so an OpenSpiel game is
deterministic given its parameters (chance mode ``DETERMINISTIC``, no chance nodes); load another seed for
another deal. Hidden information stays hidden all the same: what a player observes is its own view only, and
``resample_from_infostate`` (used by OpenSpiel's ISMCTS) re-deals every card that player cannot see and reseeds the
RNG, so a search never learns the true future draws.

Actions are the fixed ``Discrete(N)`` indices of :class:`tcgkit.rl.encoding.Encoding`. Tensors: the observation
tensor is the player's observation tensor; the information-state tensor is the same tensor (it does not recall
the past). Strings: the observation string is the player's board in words; the information-state string adds every
action so far as that player saw it (a card the player could not see is "a face-down card").

>>> import pyspiel
>>> import tcgkit.rl.openspiel
>>> game = pyspiel.load_game("python_tcgkit_tgod", {"seed": 3})
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1) and len(state.legal_actions()) > 0
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.rng import Rng
from tcgkit.core.state import GameState
from tcgkit.games import get_rules
from tcgkit.rl.encoding import Encoding
from tcgkit.rl.match import board_text
from tcgkit.rl.spec import SPECS

#: An upper bound of the decisions in one game (the engine's turn cap ends a game long before).
MAX_GAME_LENGTH = 100_000
_TERMINAL = pyspiel.PlayerId.TERMINAL  # (an attribute of a pybind11 enum costs 0.3 µs to look up)


def short_name(game: str) -> str:
    """The OpenSpiel name of a tcgkit game: ``python_tcgkit_perfect_tcg``."""
    return "python_tcgkit_" + game.replace("-", "_")


class Held:
    """The engine state inside an OpenSpiel state, and the actions so far in each player's words (the
    information-state string's history).

    Deep-copied by ``clone()`` (OpenSpiel's Clone deep-copies Python attributes) and pickled as a replay, seed, decks
    and actions (OpenSpiel's Serialize pickles them).

    The words are put on the actions only when asked for. An action's words need the state as it was just before it
    (which cards the player could see then, where they stood), so what is kept is a list of stretches of play:
    ``(state, actions)``, a state to replay from, and the actions applied since. It is replayed when the words are
    asked for. A state to replay from is never changed, and so it is shared with clones.

    A new stretch starts from a copy of the engine state in two cases:
    - the engine state was replaced from outside;
    - it was changed in place outside play (``resample_from_infostate`` re-deals it: :meth:`changed`).

    Once asked, the words are put on at every action from then on, as before, in this state and its clones: a state
    whose strings are read is read again (ISMCTS keys its nodes by them), and a replay at every read would apply each
    action twice. A search or a learner that never asks for an information-state string never puts an action in
    words: both players' words on every action cost Guardian Realms and TGOD a tenth to a sixth of an OpenSpiel step.
    """

    __slots__ = ("state", "decks", "_said", "_stretches", "_live", "_dealt")

    def __init__(self, state: GameState, decks: tuple[str, str], start: GameState) -> None:
        """``state`` as played from ``start`` (a state never changed: the game's initial position)."""
        self.state = state
        self.decks = decks
        self._said: tuple[list[str], list[str]] = ([], [])  # per player, the actions already in words
        # stretches of play still to put in words: (a state to replay from, never changed; the actions since it);
        # None once the words were asked for (then they are put on at every action)
        self._stretches: list[tuple[GameState, list[Action]]] | None = [(start, [])]
        self._live: GameState | None = state  # the engine state the last stretch follows
        self._dealt = False  # re-dealt (resample_from_infostate): no replay of the dealt game gives it back

    def note(self, action: Action) -> None:
        """Keep ``action`` (about to be applied to ``state``) to put in words when asked; once asked, words are put
        on at once (a state whose strings are read, as ISMCTS reads its nodes' keys, is read again)."""
        if self._stretches is None:
            _say(self._said, self.state, action)
            return
        if self.state is not self._live:  # replaced or changed from outside: go on from a copy of it as it is
            self._stretches.append((self.state.clone(), []))
            self._live = self.state
        self._stretches[-1][1].append(action)

    def changed(self) -> None:
        """The engine state was re-dealt: the next action starts a new stretch, and it is serialized whole."""
        self._live = None
        self._dealt = True

    def said(self, player: int) -> list[str]:
        """Every action so far in ``player``'s words: "You: Play Ember Pup to Lane 2"."""
        if self._stretches is not None:
            for start, actions in self._stretches:
                if actions:
                    replay = start.clone()
                    for move in actions:
                        _say(self._said, replay, move)
                        replay.apply(move)
            self._stretches = None  # from now on, words are put on at every action
        return self._said[player]

    def __deepcopy__(self, memo: dict) -> Held:
        new = Held.__new__(Held)
        new.state = self.state.clone()
        new.decks = self.decks
        new._said = (self._said[0].copy(), self._said[1].copy())
        if self._stretches is None:
            new._stretches = None
        else:
            *closed, (start, actions) = self._stretches  # only the last stretch is ever added to
            new._stretches = [*closed, (start, actions.copy())]
        new._live = new.state if self._live is self.state else None
        new._dealt = self._dealt
        return new

    def __getstate__(self) -> dict[str, Any]:
        """A replay (game, decks, seed, options, actions); a re-dealt state, which no replay of its game gives back,
        also carries its engine state and the history in words."""
        s = self.state
        data = {"game": s.rules.id, "decks": self.decks, "seed": s.seed, "options": dict(s.options),
                "actions": [a.to_json() for a in s.history]}
        if self._dealt:
            data["state"] = s
            data["said"] = [list(self.said(0)), list(self.said(1))]
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.decks = tuple(data["decks"])
        if "state" in data:  # re-dealt: as it was, its history already in words
            self.state = self._live = data["state"]
            self._said = (list(data["said"][0]), list(data["said"][1]))
            self._stretches = None
            self._dealt = True
            return
        start = _initial_state(data["game"], tuple(data["decks"]), data["seed"])
        state = start.clone()
        if data["options"] != dict(state.options):
            start = get_rules(data["game"]).new_game(_decks(data["game"], data["decks"]), data["seed"],
                                                     data["options"])
            state = start.clone()
        actions = [Action.from_json(a) for a in data["actions"]]
        for a in actions:
            state.apply(a)
        self.state = state
        self._said = ([], [])
        self._stretches = [(start, actions)]
        self._live = state
        self._dealt = False


def _say(said: tuple[list[str], list[str]], state: GameState, action: Action) -> None:
    """Put ``action``, about to be applied to ``state``, in each player's words."""
    words = state.rules.words
    for viewer in (0, 1):
        said[viewer].append(f"{words.who(state, state.current, viewer)}: {words.action(state, action, viewer)}")


_DECKS: dict[tuple[str, str], Deck] = {}
_SHIPPED: dict[str, list[str]] = {}


def _shipped(game: str) -> list[str]:
    names = _SHIPPED.get(game)
    if names is None:
        names = _SHIPPED[game] = sorted(get_rules(game).decks())
    return names
_INITIAL: dict[tuple[str, tuple[str, ...], int], GameState] = {}
_INITIAL_OBS: dict[tuple, np.ndarray] = {}


def _decks(game: str, specs: tuple[str, ...] | list[str]) -> list[Deck]:
    out = []
    for spec in specs:
        deck = _DECKS.get((game, spec))
        if deck is None:
            deck = _DECKS[(game, spec)] = get_rules(game).deck(spec)
        out.append(deck)
    return out


def _initial_state(game: str, specs: tuple[str, ...], seed: int) -> GameState:
    """The initial position of a game (built once; every new state starts from a clone of it)."""
    key = (game, specs, seed)
    state = _INITIAL.get(key)
    if state is None:
        if len(_INITIAL) > 256:
            _INITIAL.clear()
        state = _INITIAL[key] = get_rules(game).new_game(_decks(game, specs), seed)
    return state


class TcgkitGame(pyspiel.Game):
    """A tcgkit game as an OpenSpiel game (parameters: ``seed``, ``deck_0``, ``deck_1``; empty decks: a pairing of
    the shipped decks chosen by the seed)."""

    game_id = ""

    def __init__(self, params: dict | None = None) -> None:
        game = self.game_id
        self.enc = Encoding.of(game)
        params = params or {}
        super().__init__(_game_type(game), _game_info(game), params)
        p = self.get_parameters()
        self.seed = int(p["seed"])
        names = _shipped(game)
        pairs = [(a, b) for a in names for b in names]
        pick = pairs[self.seed % len(pairs)]
        self.decks = (p["deck_0"] or pick[0], p["deck_1"] or pick[1])
        _initial_state(game, self.decks, self.seed)  # refuse bad decks when the game is loaded

    def new_initial_state(self) -> TcgkitState:
        return TcgkitState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TcgkitObserver:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TcgkitObserver(self.enc, recall)


class TcgkitState(pyspiel.State):
    """One position; the engine state is ``self.held.state``.

    The engine state is made when first needed: OpenSpiel's C++ side builds a new initial state every time it is
    asked a tensor's size (``observation_tensor()`` does, at every call) and as the first step of every ``clone()``,
    and neither needs a copy of the initial position (the size is read off the initial observation, kept once per
    game and player; a clone replaces the engine state with a copy of the original's).
    """

    def __init__(self, game: TcgkitGame) -> None:
        super().__init__(game)
        self.game_id = game.game_id
        self.key = (game.game_id, game.decks, game.seed)
        self._held: Held | None = None

    @property
    def held(self) -> Held:
        held = self._held
        if held is None:
            game, decks, seed = self.key
            start = _initial_state(game, decks, seed)
            held = self._held = Held(start.clone(), decks, start)
        return held

    @property
    def engine(self) -> GameState:
        return self.held.state

    def _view(self) -> GameState:
        """The engine state, to read only (a state nobody has played from reads the shared initial position)."""
        held = self._held
        return held.state if held is not None else _initial_state(*self.key)

    def current_player(self) -> int:
        held = self._held  # (OpenSpiel asks several times a step: _view inlined)
        s = held.state if held is not None else _initial_state(*self.key)
        return _TERMINAL if s.result is not None else s.current

    def _legal_actions(self, player: int) -> list[int]:
        s = self._view()
        if s.result is not None or player != s.current:
            return []
        return Encoding.of(self.game_id).legal_indices(s)

    def _apply_action(self, action: int) -> None:
        held = self.held
        s = held.state
        move = Encoding.of(self.game_id).decode(s, action)
        held.note(move)  # put in words only when an information-state string asks (see Held)
        s.apply(move)

    def _action_to_string(self, player: int, action: int) -> str:
        s = self.held.state
        enc = Encoding.of(self.game_id)
        if s.result is None and player == s.current:
            move = enc.legal_map(s).get(action)
            if move is not None:
                return action_words(s, move, player)
        return enc.describe(action)

    def is_terminal(self) -> bool:
        held = self._held
        return (held.state if held is not None else _initial_state(*self.key)).result is not None

    def returns(self) -> list[float]:
        r = self._view().result
        if r is None or r.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if r.winner == 0 else [-1.0, 1.0]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> TcgkitState:
        """A state ``player_id`` cannot tell from this one: hidden cards re-dealt, the RNG reseeded (seeded from
        the OpenSpiel history length and the sampler, so a search stays reproducible)."""
        clone = self.clone()
        seed = len(self.history()) * 1_000_003 + int((probability_sampler() if probability_sampler else 0.5) * 2**31)
        held = clone.held
        held.state.determinize(player_id, Rng(seed))
        held.changed()
        return clone

    def __str__(self) -> str:
        s = self.held.state
        return board_text(s, s.current if s.result is None else 0)


def action_words(state: GameState, action: Action, viewer: int) -> str:
    """An action in the game's words, with where its cards are (OpenSpiel wants every legal action's string to be
    different, and two copies of a card in a hand read the same): "Play Ember Pup to Lane 2 (Hand 3)"."""
    words = state.rules.words
    places = []
    for a in action.args:
        if type(a) is int:
            owner, zone = state.loc[a]
            places.append(f"{words.zone(zone)} {state.zones[owner][zone].index(a) + 1}")
    text = words.action(state, action, viewer)
    return f"{text} ({', '.join(places)})" if places else text


class TcgkitObserver:
    """Tensors and strings of one player's view (``perfect_recall``: the information state)."""

    def __init__(self, enc: Encoding, recall: bool) -> None:
        self.enc = enc
        self.recall = recall
        self.tensor = np.zeros(enc.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TcgkitState, player: int) -> None:
        held = state._held
        if held is None:  # nobody has played from this state: the game's initial position, observed once
            key = (state.key, player)
            tensor = _INITIAL_OBS.get(key)
            if tensor is None:
                if len(_INITIAL_OBS) > 512:
                    _INITIAL_OBS.clear()
                tensor = _INITIAL_OBS[key] = self.enc.observe(_initial_state(*state.key), player)
            self.tensor[:] = tensor
        else:
            self.enc.observe(held.state, player, self.tensor)

    def string_from(self, state: TcgkitState, player: int) -> str:
        held = state.held
        text = board_text(held.state, player)
        if self.recall:
            text += "\nhistory: " + "; ".join(held.said(player))
        return f"player {player}\n{text}"


def _game_type(game: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"tcgkit {get_rules(game).name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "deck_0": "", "deck_1": ""},
    )


def _game_info(game: str) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(num_distinct_actions=Encoding.of(game).n_actions, max_chance_outcomes=0, num_players=2,
                            min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=MAX_GAME_LENGTH)


def register_all() -> dict[str, type[TcgkitGame]]:
    """Register every game with OpenSpiel (done on import); returns the game classes by tcgkit game id."""
    classes = {}
    registered = set(pyspiel.registered_names())
    for game in SPECS:
        cls = type(f"TcgkitGame_{game.replace('-', '_')}", (TcgkitGame,), {"game_id": game})
        classes[game] = cls
        if short_name(game) not in registered:
            pyspiel.register_game(_game_type(game), cls)
    return classes


GAMES = register_all()


def evaluator() -> Any:
    """An OpenSpiel MCTS/ISMCTS evaluator scoring a position with the game's own ``evaluate`` (the heuristic tcgkit's
    greedy and MCTS bots use) and a uniform prior: far cheaper than random rollouts of a whole card game.

    >>> import pyspiel
    >>> from open_spiel.python.algorithms import ismcts
    >>> game = pyspiel.load_game("python_tcgkit_guardian_realms", {"seed": 1})
    >>> bot = ismcts.ISMCTSBot(game, evaluator(), uct_c=2.0, max_simulations=5, random_state=np.random.RandomState(1))
    >>> state = game.new_initial_state()
    >>> bot.step(state) in state.legal_actions()
    True
    """
    from open_spiel.python.algorithms import mcts

    class Heuristic(mcts.Evaluator):
        def evaluate(self, state: TcgkitState) -> np.ndarray:
            s = state.held.state
            if s.result is not None:
                return np.array(state.returns())
            v = s.rules.evaluate(s, 0)
            return np.array([v, -v])

        def prior(self, state: TcgkitState) -> list[tuple[int, float]]:
            legal = state.legal_actions()
            return [(a, 1.0 / len(legal)) for a in legal]

    return Heuristic()
