"""Fixed-size encodings of one game for learning agents: a ``Discrete(N)`` action space with a legal-action mask, the
inverse map to engine actions, per-legal-action features, and a fixed-shape observation tensor.

Everything here is computed from what the acting player may know: the same fields the player's observation
(:meth:`GameState.observation`) shows, read under the same visibility rule (a hidden zone is a count, a card the
player may not see is "present, unknown"), and the player's legal actions, which only ever name cards that player
sees. The layout of every game is documented in ``docs/rl.md``.

>>> from tcgkit.games import get_rules
>>> enc = Encoding.of("tgod")
>>> state = get_rules("tgod").new_game(list(get_rules("tgod").decks())[:2], seed=1)
>>> mask, actions = enc.legal(state)
>>> int(mask.sum()) == len(state.legal_actions())
True
>>> all(enc.action_index(state, a) == i for i, a in actions.items())
True
>>> enc.observe(state, state.current).shape == (enc.obs_size,)
True
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction, TcgkitError
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, CardState
from tcgkit.games import get_rules
from tcgkit.rl.spec import SPECS

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

SIDES = ("me", "opp")
#: The verb of the last block of every layout: a legal action of a shape the game's layout has no place for (a
#: designer's card may ask for one), numbered among such actions by their words.
OTHER = "other"
OTHER_CAP = 64
#: Per-card dynamic features after the static ones: tapped, face down, counters (total), statuses, attachments.
DYNAMIC = ("tapped", "face_down", "counters", "statuses", "attached")
_CACHE: dict[str, Encoding] = {}
_F32 = np.dtype(np.float32)
_I8 = np.dtype(np.int8)
#: One argument of a verb's plan for one viewer (see ``Encoding._arg_plan``): whether it is a card, and its table
Plan = tuple[bool, dict[Any, Any]]
#: Where one card of a kept action index was: owner, zone, position, card
Place = tuple[int, str, int, int]
#: A kept action index: the index and where its cards were
Kept = tuple[int, tuple[Place, ...]]


def write_mask(mask: np.ndarray, indices: Any) -> None:
    """Set ``mask`` (zeros) to 1 at ``indices``: a few ones are cheaper one by one through a buffer view than
    through an index array.

    >>> m = np.zeros(5, np.int8)
    >>> write_mask(m, {1: None, 3: None})
    >>> m.tolist()
    [0, 1, 0, 1, 0]
    """
    if len(indices) < 32 and mask.dtype is _I8 and mask.ndim == 1:  # (a strided view is written right too)
        mv = memoryview(mask)
        for i in indices:
            mv[i] = 1
    elif indices:
        mask[list(indices)] = 1


def new_mask(size: int, indices: Any) -> np.ndarray:
    """A new ``int8`` mask of ``size`` with ones at ``indices`` (zeroed bytes set one by one, then seen as an
    array: cheaper than making a numpy array and writing into it).

    >>> new_mask(4, [2]).tolist()
    [0, 0, 1, 0]
    """
    buf = bytearray(size)
    for i in indices:
        buf[i] = 1
    return np.frombuffer(buf, _I8)


@dataclass(frozen=True)
class Template:
    """One verb of the action space: ``kind``, the argument domains, and where its block of indices starts."""

    kind: str
    shape: str  # "c" for a card argument, "s" for a word, per argument
    domains: tuple[tuple[str, ...], ...]  # per argument: places ("me:hand"), words ("=main"), ("#rank",), ("#other",)
    sizes: tuple[int, ...]
    offset: int

    @property
    def size(self) -> int:
        n = 1
        for s in self.sizes:
            n *= s
        return n

    def describe(self) -> str:
        """The template in words: ``attack <me:base|me:main> <opp:backup|opp:base|opp:main>``."""
        args = " ".join("<" + "|".join(d) + ">" for d in self.domains)
        return f"{self.kind} {args}".strip()


class Encoding:
    """The action space and observation tensor of one game (``Encoding.of(game)`` caches one per game)."""

    def __init__(self, game: str) -> None:
        if game not in SPECS:
            raise TcgkitError(f"no learning encoding for game {game!r}; games: {', '.join(SPECS)}")
        spec = SPECS[game]
        self.game = game
        self.rules = get_rules(game)
        pool = self.rules.pool()
        self.card_keys: list[str] = sorted(c.key for c in pool)
        self.types: list[str] = sorted({c.type for c in pool})
        self.stats: list[str] = sorted({s for c in pool for s in c.stats})
        self.phases: list[str] = list(spec["phases"])
        self.resources: list[str] = list(spec["resources"])
        self.caps: dict[str, int] = dict(spec["caps"])
        self.option_cap: int = spec["options"]
        #: how many legal actions of shapes the layout has no place for one decision may offer (a search of a deck)
        self.other_cap: int = max(self.option_cap, OTHER_CAP)
        self.zones: list[str] = list(self.rules.ZONES)
        self._build_actions([*spec["templates"], (OTHER, "#other")])
        self._compile_actions()
        self._legal_cache: list[Any] | None = None  # [legal, state, decisions, index -> action, sorted indices]
        self._warned: set[str] = set()  # the shapes without a place already warned of
        self._build_cards(pool)
        self._build_observation()

    @classmethod
    def of(cls, game: str) -> Encoding:
        """The (cached) encoding of ``game``."""
        enc = _CACHE.get(game)
        if enc is None:
            enc = _CACHE[game] = cls(game)
        return enc

    # ------------------------------------------------------------------ actions
    def _build_actions(self, templates: list[tuple]) -> None:
        self.templates: list[Template] = []
        self._by_sig: dict[tuple[str, str], Template] = {}
        self._places: dict[tuple[str, str], dict[tuple[int, bool, str], int]] = {}
        self._word_index: dict[tuple[str, str], list[dict[str, int] | None]] = {}
        offset = 0
        for kind, *args in templates:
            domains, sizes, shape = [], [], ""
            for arg in args:
                words = tuple(arg.split())
                domains.append(words)
                if words[0] == "#rank":
                    shape += "s"
                    sizes.append(self.option_cap)
                elif words[0] == "#other":
                    shape += "s"
                    sizes.append(self.other_cap)
                elif words[0].startswith("="):
                    shape += "s"
                    sizes.append(len(words))
                else:
                    shape += "c"
                    sizes.append(sum(self.caps[w.split(":")[1]] for w in words))
            t = Template(kind, shape, tuple(domains), tuple(sizes), offset)
            offset += t.size
            self.templates.append(t)
            self._by_sig[(kind, shape)] = t
            per_arg: list = []
            # (argument, is it the acting player's side, zone) -> where that zone's positions start in the domain
            places: dict[tuple[int, bool, str], int] = {}
            for i, words in enumerate(t.domains):
                if t.shape[i] == "c":
                    start = 0
                    for w in words:
                        side, zone = w.split(":")
                        places[(i, side == "me", zone)] = start
                        start += self.caps[zone]
                    per_arg.append(None)
                elif words[0] in ("#rank", "#other"):
                    per_arg.append(None)
                else:
                    per_arg.append({w[1:]: j for j, w in enumerate(words)})
            self._places[(kind, shape)] = places
            self._word_index[(kind, shape)] = per_arg
        self.n_actions: int = offset
        # where an option's block starts (its n-th option of a decision is index start + n); -1: no option verb
        self._option_at = next((t.offset for t in self.templates if t.kind == "option" and t.shape == "s"
                                and t.domains[0][0] == "#rank"), -1)

    def _compile_actions(self) -> None:
        """Per verb and number of arguments, the templates that may hold them, each with its per-argument lookup:
        a card argument's ``(is it the acting player's, zone) -> first position`` and cap, a word's index."""
        self._by_kind: dict[tuple[str, int], list[tuple]] = {}
        self._by_verb: dict[str, dict[int, list[tuple]]] = {}  # verb -> number of arguments -> (template, spec)
        # per viewer, (verb, number of arguments) -> the templates that may hold them: (offset, per-argument plan)
        self._plans: tuple[dict[tuple[str, int], list[tuple[int, tuple[Plan, ...]]]], ...] = ({}, {})
        for t in self.templates:
            key = (t.kind, t.shape)
            places = self._places[key]
            args: list[tuple[bool, Any, int]] = []
            for i, c in enumerate(t.shape):
                if c == "c":
                    table = {(me, zone): (start, self.caps[zone]) for (j, me, zone), start in places.items() if j == i}
                    args.append((True, table, t.sizes[i]))
                else:
                    args.append((False, self._word_index[key][i], t.sizes[i]))
            self._by_kind.setdefault((t.kind, len(t.shape)), []).append((t, tuple(args)))
            strides = [1] * len(t.sizes)  # mixed radix: the first argument is the most significant
            for i in range(len(t.sizes) - 2, -1, -1):
                strides[i] = strides[i + 1] * t.sizes[i + 1]
            spec = tuple((*arg, stride) for arg, stride in zip(args, strides, strict=True))
            by_n = self._by_verb.setdefault(t.kind, {})
            by_n.setdefault(len(spec), []).append((t, spec))
            if all(d[0] not in ("#rank", "#other") for d in t.domains):  # (ranked: by the rank; others: by words)
                for viewer in (0, 1):
                    plan = tuple(self._arg_plan(arg, stride, viewer) for arg, stride in zip(args, strides, strict=True))
                    self._plans[viewer].setdefault((t.kind, len(plan)), []).append((t.offset, plan))

    @staticmethod
    def _arg_plan(arg: tuple, stride: int, viewer: int) -> Plan:
        """What one argument adds to the index, for one viewer: a card's ``(owner, zone) -> (first index, cap)``
        (the first index already times the stride), or a word's ``word -> index`` (already times the stride)."""
        is_card, table, _size = arg
        if is_card:
            return True, {(viewer if me else 1 - viewer, zone): (start * stride, cap, stride)
                          for (me, zone), (start, cap) in table.items()}
        return False, {w: j * stride for w, j in table.items()}

    def action_index(self, state: GameState, action: Action, rank: int = 0) -> int:
        """The index of ``action`` (a legal action of the player to move); ``rank`` is its place among the legal
        actions of the same verb and ``#rank`` domain (only used by such verbs)."""
        args = action.args
        cands = self._by_kind.get((action.kind, len(args)))
        if cands is None:
            raise TcgkitError(f"{self.game}: the action '{action.text()}' has no place in the fixed action space")
        t, spec = cands[0]
        if len(cands) > 1:  # several argument shapes for one verb: pick by the shape
            shape = "".join(["c" if type(a) is int else "s" for a in args])
            found = [c for c in cands if c[0].shape == shape]
            if not found:
                raise TcgkitError(f"{self.game}: the action '{action.text()}' has no place in the fixed action space")
            t, spec = found[0]
        if not args:
            return t.offset
        viewer = state.current
        index = 0
        for i, a in enumerate(args):
            is_card, table, size = spec[i]
            if is_card:
                if type(a) is not int:
                    raise TcgkitError(f"{self.game}: the action '{action.text()}' has no place in the fixed action "
                                      "space")
                owner, zone = state.loc[a]
                place = table.get((owner == viewer, zone))
                pos = state.zones[owner][zone].index(a)
                if place is None or pos >= place[1]:
                    where = ("me:" if owner == viewer else "opp:") + zone
                    raise TcgkitError(f"{self.game}: the action '{action.text()}' names a card at {where} position "
                                      f"{pos + 1}, outside the fixed action space")
                j = place[0] + pos
            elif type(a) is int:
                raise TcgkitError(f"{self.game}: the action '{action.text()}' has no place in the fixed action space")
            elif table is None:
                if rank >= self.option_cap:
                    raise TcgkitError(f"{self.game}: more than {self.option_cap} options at one decision")
                j = rank
            else:
                j = table.get(a)
                if j is None:
                    raise TcgkitError(f"{self.game}: the action '{action.text()}' has a word outside the fixed action "
                                      "space")
            index = index * size + j
        return t.offset + index

    def legal(self, state: GameState, mask: np.ndarray | None = None) -> tuple[np.ndarray, dict[int, Action]]:
        """The legal-action mask (``int8``, length ``n_actions``) of the player to move, and index -> action.

        Two legal actions never share an index (positions of cards are distinct, words are distinct, ranks are
        distinct); should a new card or rule ever break this, it raises rather than hide an action. The mapping is
        worked out once per position: the engine keeps its list of legal actions until the state changes, and
        asking again for the same list (OpenSpiel asks for the legal actions, then applies one) reuses it.
        """
        actions = self.legal_map(state)
        if mask is None:
            mask = np.zeros(self.n_actions, dtype=np.int8)
        else:
            mask.fill(0)
        write_mask(mask, actions)
        return mask, dict(actions)

    def legal_indices(self, state: GameState) -> list[int]:
        """The indices of the legal actions, ascending (what OpenSpiel's ``legal_actions`` returns).

        >>> from tcgkit.games import get_rules
        >>> enc = Encoding.of("guardian-realms")
        >>> state = get_rules("guardian-realms").new_game(list(get_rules("guardian-realms").decks())[:2], seed=1)
        >>> enc.legal_indices(state) == sorted(enc.legal(state)[1])
        True
        """
        actions = self.legal_map(state)
        cached = self._legal_cache
        assert cached is not None  # legal_map kept it
        order = cached[4]
        if order is None:  # sorted once per position, when first asked
            order = cached[4] = sorted(actions)
        return order

    def legal_map(self, state: GameState) -> dict[int, Action]:
        """Index -> action of the legal actions of the player to move, without a mask (the environments make their
        masks from it). Do not change it: it is kept, worked out once per position while the engine keeps the same
        list of legal actions for the same state (the engine forgets its list on any change), so asking again at
        one position costs nothing.

        >>> from tcgkit.games import get_rules
        >>> enc = Encoding.of("tgod")
        >>> state = get_rules("tgod").new_game(list(get_rules("tgod").decks())[:2], seed=1)
        >>> enc.legal_map(state) == enc.legal(state)[1]
        True
        """
        legal = state.legal_actions()
        cached = self._legal_cache
        if cached is not None and cached[0] is legal and cached[1] is state and cached[2] == state.decisions:
            return cached[3]
        actions = self._index_actions(state, legal)
        self._legal_cache = [legal, state, state.decisions, actions, None]
        return actions

    def _index_actions(self, state: GameState, legal: list[Action]) -> dict[int, Action]:
        """Index -> action for the legal actions: per action, its verb's plan for the player to move (each card
        argument's ``(owner, zone)`` gives where that zone's block starts, the card's position in the zone is added;
        a word adds its place), with no per-argument tuple or string made; the index of each action so worked out
        is kept per viewer with where its cards were, and used again while each of them is still there (the index
        depends on nothing else). An option is numbered by its rank (one that does not fit raises through
        :meth:`action_index`, the plain path); an action the layout has no place for goes to the ``other`` block."""
        out: dict[int, Action] = {}
        rank = 0
        viewer: int = state.current
        plans = self._plans[viewer]
        memo = self._memo[viewer]
        if len(memo) > 4096:
            memo.clear()
        loc: list[tuple[int, str]] = state.loc
        zones: list[dict[str, list[int]]] = state.zones
        spots: dict[int, tuple[tuple[int, str], int]] = {}  # card -> ((owner, zone), position): once per position
        misfits: list[Action] | None = None
        for a in legal:
            hit = memo.get(a)
            if hit is not None:  # indexed before: still right if each of its cards is where it was then
                i, places = hit
                for owner, zone, pos, card in places:
                    zl = zones[owner][zone]
                    if pos >= len(zl) or zl[pos] != card:
                        break
                else:
                    if i in out:
                        raise TcgkitError(f"{self.game}: '{a.text()}' and '{out[i].text()}' share action index {i}")
                    out[i] = a
                    continue
            i = -1
            kind, args = a
            if (cands := plans.get((kind, len(args)))) is not None:
                for i, plan in cands:  # several argument shapes of one verb: the first that fits
                    # (as many arguments as the plan has: plans are kept by their number; a zip without
                    # strict is a loop the compiled build runs natively)
                    for x, (is_card, table) in zip(args, plan):  # noqa: B905
                        if is_card:
                            if type(x) is not int:
                                break
                            spot = spots.get(x)
                            if spot is None:
                                where = loc[x]
                                spot = spots[x] = (where, zones[where[0]][where[1]].index(x))
                            place: tuple[int, int, int] | None = table.get(spot[0])
                            if place is None or spot[1] >= place[1]:
                                break
                            i += place[0] + spot[1] * place[2]
                        else:
                            j: int | None = table.get(x) if type(x) is str else None
                            if j is None:
                                break
                            i += j
                    else:
                        # the index depends on the verb, the words and where each card is: kept with those places
                        # (an option is numbered by its rank, so never kept)
                        if kind != "option":
                            kept: list[Place] = []
                            for y in args:
                                if type(y) is int:
                                    (owner, zone), pos = spots[y]
                                    kept.append((owner, zone, pos, y))
                            memo[a] = (i, tuple(kept))
                        break
                else:
                    i = -1
            elif kind == "option":  # the n-th option of the decision: index n of the option block (never kept)
                if self._option_at >= 0 and rank < self.option_cap and len(args) == 1 and type(args[0]) is not int:
                    i = self._option_at + rank
                rank += 1
            if i < 0:
                if kind == "option":
                    i = self.action_index(state, a, rank - 1)  # raises, naming what does not fit
                else:
                    if misfits is None:
                        misfits = []
                    misfits.append(a)
                    continue
            if i in out:
                raise TcgkitError(f"{self.game}: '{a.text()}' and '{out[i].text()}' share action index {i}")
            out[i] = a
        if misfits is not None:
            self._index_misfits(misfits, out)
        return out

    def _index_misfits(self, misfits: list[Action], out: dict[int, Action]) -> None:
        """Index the legal actions the layout has no place for in the ``other`` block, by their words (not by the
        engine's order, which may follow a hidden deck), and warn once per shape."""
        if len(misfits) > self.other_cap:
            raise TcgkitError(f"{self.game}: {len(misfits)} legal actions the fixed action space has no place for, "
                              f"more than its {self.other_cap}")
        start = self.templates[-1].offset
        for rank, a in enumerate(sorted(misfits, key=Action.text)):
            out[start + rank] = a
            shape = " ".join([a.kind, *("<card>" if type(x) is int else str(x) for x in a.args)])
            if shape not in self._warned:
                self._warned.add(shape)
                warnings.warn(f"{self.game}: the fixed action space has no place for '{shape}'; such actions get "
                              f"the indices of '{OTHER}'", stacklevel=4)

    def decode(self, state: GameState, index: int) -> Action:
        """The engine action of a legal index (raises IllegalAction, naming the index, for an illegal one)."""
        action = self.legal_map(state).get(int(index))
        if action is None:
            raise IllegalAction(f"action {int(index)}", f"{self.describe(int(index))} is not legal now")
        return action

    def describe(self, index: int) -> str:
        """What an index means, in the layout's words: ``play <me:hand 3> <=main>``.

        >>> Encoding.of("tgod").describe(0)
        'activate <me:backup 1> <=0>'
        """
        if not 0 <= index < self.n_actions:
            raise TcgkitError(f"action {index} is outside 0..{self.n_actions - 1}")
        t = next(t for t in reversed(self.templates) if t.offset <= index)
        rest = index - t.offset
        parts: list[str] = []
        for i in reversed(range(len(t.sizes))):
            j = rest % t.sizes[i]
            rest //= t.sizes[i]
            words = t.domains[i]
            if t.shape[i] == "c":
                for w in words:
                    cap = self.caps[w.split(":")[1]]
                    if j < cap:
                        parts.append(f"<{w} {j + 1}>")
                        break
                    j -= cap
            elif words[0] == "#rank":
                parts.append(f"<option {j + 1}>")
            elif words[0] == "#other":
                parts.append(f"<action {j + 1}>")
            else:
                parts.append(f"<{words[j]}>")
        return " ".join([t.kind, *reversed(parts)])

    # ------------------------------------------------------------------ cards
    def _build_cards(self, pool) -> None:
        # static features of a known card: known, card number (1-based), type one-hot, printed stats
        self.card_features: list[str] = (["present", "known", "card"] + [f"type:{t}" for t in self.types]
                                         + [f"stat:{s}" for s in self.stats] + list(DYNAMIC))
        self.F = len(self.card_features)
        self._stat_col = {s: 3 + len(self.types) + i for i, s in enumerate(self.stats)}
        self._dyn_col = 3 + len(self.types) + len(self.stats)
        self._key_index = {k: i for i, k in enumerate(self.card_keys)}
        self._static: dict[str, np.ndarray] = {}
        for c in pool:
            self._static[c.key] = self._static_row(c)
        keys = self.card_keys  # a pool card's row is its place among the keys; cards made in play come after
        self._row_index: dict[str, int] = {k: i for i, k in enumerate(keys)}
        self._table = np.stack([self._static[k] for k in keys]) if keys else np.zeros((0, self.F), np.float32)
        self._rows_cache: dict[int, tuple[list, list[int]]] = {}
        unknown = np.zeros((2, self.F), np.float32)
        unknown[1, 0] = 1.0  # present, not known
        self._table = np.vstack([self._table, unknown])
        self._unknown = len(keys) + 1  # the row of a card present but not known; the one before: an empty slot
        self._set_table(self._table)

    def _set_table(self, table: np.ndarray) -> None:
        """The per-card rows: as an array, as Python floats (to add modifiers to) and as one buffer view per row (a
        row is written into an observation with one slice assignment)."""
        self._table = np.ascontiguousarray(table, dtype=np.float32)
        self._table_rows: list[list[float]] = self._table.tolist()
        self._row_bytes: list[bytes] = [row.tobytes() for row in self._table]

    def _static_row(self, d) -> np.ndarray:
        row = np.zeros(self.F, dtype=np.float32)
        row[0] = 1.0
        row[1] = 1.0
        row[2] = self._key_index.get(d.key, len(self.card_keys)) + 1
        if d.type in self.types:
            row[3 + self.types.index(d.type)] = 1.0
        for s, v in d.stats.items():
            col = self._stat_col.get(s)
            if col is not None:
                row[col] = v
        return row

    def _card_row(self, state: GameState, card: int, out: np.ndarray, at: int) -> None:
        """Write a visible card's features at ``out[at:at+F]``."""
        d = state.defs[card]
        row = self._static.get(d.key)
        if row is None:  # a token or a card made in play: not in the pool
            row = self._static[d.key] = self._static_row(d)
        out[at:at + self.F] = row
        st = state.cs.get(card)
        if st is not None:
            self._dynamic(st, memoryview(out), at, self._rows_of(state)[card])

    # ------------------------------------------------------------------ observation
    def _build_observation(self) -> None:
        names: list[str] = ["my_decision", "my_turn", "turn"] + [f"phase:{p}" for p in self.phases] + ["phase:other"]
        self._phase_col = {p: 3 + i for i, p in enumerate(self.phases)}
        side_offsets = []
        for side in SIDES:
            side_offsets.append(len(names))
            names += [f"{side}:res:{r}" for r in self.resources]
            names += [f"{side}:count:{z}" for z in self.zones]
        self._piles: list[tuple[str, str, int]] = []  # (side, zone, offset) of each card-count histogram
        for side in SIDES:
            for z in self.zones:
                if z in self.caps or self.rules.ZONES[z] == HIDDEN or (side == "opp" and self.rules.ZONES[z] == OWNER):
                    continue
                self._piles.append((side, z, len(names)))
                names += [f"{side}:{z}:has:{k}" for k in self.card_keys]
        # the card slots come last, as one (slots x F) block: slot k is at slot_start + k * F
        self.slot_start = len(names)
        self._layout: list[tuple[str, str, int, int]] = []  # (side, zone, first slot, cap)
        slots = 0
        for side in SIDES:
            for z in sorted(self.caps):
                self._layout.append((side, z, slots, self.caps[z]))
                slots += self.caps[z]
                names += [f"{side}:{z}:{i + 1}:{f}" for i in range(self.caps[z]) for f in self.card_features]
        self.n_slots = slots
        self.obs_names: list[str] = names
        self.obs_size: int = len(names)
        self._obs_shape = (self.obs_size,)
        self._zero_bytes = bytes(4 * self.obs_size)
        self._side_offsets = side_offsets
        self._zone_col = {z: i for i, z in enumerate(self.zones)}
        # what observe walks, resolved once: per side (0: the viewer's, 1: the opponent's) the resource and count
        # columns; per capped zone where its first slot starts in the tensor and whether the viewer sees into it;
        # per pile histogram whether only the viewer's own cards count
        vis = self.rules.ZONES
        n_res = len(self.resources)
        self._res_cols = [{r: side_offsets[si] + i for i, r in enumerate(self.resources)} for si in range(2)]
        self._count_cols = [{z: side_offsets[si] + n_res + i for i, z in enumerate(self.zones)} for si in range(2)]
        self._phase_other = 3 + len(self.phases)
        self._count_at = [side_offsets[si] + n_res for si in range(2)]
        self._slot_walk = [(side == "opp", z, self.slot_start + first * self.F, cap,
                            vis.get(z, PUBLIC) == PUBLIC or (side == "me" and vis.get(z, PUBLIC) != HIDDEN))
                           for side, z, first, cap in self._layout]
        self._pile_walk = [(side == "opp", z, off, vis.get(z, PUBLIC) != PUBLIC) for side, z, off in self._piles]
        # the same walks per viewer, each zone named by its player's index (the viewer's or the opponent's)
        self._slot_walks = tuple([(1 - v if opp else v, z, at, cap, sees) for opp, z, at, cap, sees in self._slot_walk]
                                 for v in (0, 1))
        self._pile_walks = tuple([(1 - v if opp else v, z, off, own_only) for opp, z, off, own_only in self._pile_walk]
                                 for v in (0, 1))
        # per viewer, the last block written per zone and the last counts per pile (see _write_slots)
        self._slot_cache: list[list[tuple[list[int], list[int], bytes] | None]] = []
        self._pile_cache: list[list[tuple[list[int], list[int], dict[int, int]] | None]] = []
        self.forget()

    def forget(self) -> None:
        """Drop everything kept from one call to the next (per viewer, each zone's block and each pile's counts; the
        legal-action mapping of the last position): the next call works everything out from the state alone, and
        gives the same tensor and mask (a hypothesis test checks it over random games, clones included).

        >>> from tcgkit.games import get_rules
        >>> enc = Encoding.of("tgod")
        >>> s = get_rules("tgod").new_game(list(get_rules("tgod").decks())[:2], seed=2)
        >>> kept = enc.observe(s, 0)
        >>> enc.forget()
        >>> bool((enc.observe(s, 0) == kept).all())
        True
        """
        self._slot_cache = [[None] * len(self._slot_walk) for _ in range(2)]
        self._memo: tuple[dict[Action, Kept], dict[Action, Kept]] = ({}, {})  # per viewer, see _index_actions
        self._pile_cache = [[None] * len(self._pile_walk) for _ in range(2)]
        self._legal_cache = None

    def _rows_of(self, state: GameState) -> list[int]:
        """The static-feature row of every card instance of ``state`` (cached per list of definitions, which clones
        share and which only changes when a card is created in play)."""
        defs = state.defs
        cached = self._rows_cache.get(id(defs))
        if cached is not None and cached[0] is defs:
            return cached[1]
        rows = []
        for d in defs:
            r = self._row_index.get(d.key)
            if r is None:
                r = self._row_index[d.key] = len(self._table)
                self._set_table(np.vstack([self._table, self._static_row(d)[None, :]]))
            rows.append(r)
        if len(self._rows_cache) >= 64:
            self._rows_cache.clear()
        self._rows_cache[id(defs)] = (defs, rows)  # the list itself is kept, so its id is not reused
        return rows

    def observe(self, state: GameState, viewer: int, out: np.ndarray | None = None) -> np.ndarray:
        """``viewer``'s observation tensor (``float32``, length ``obs_size``); ``out`` is reused when given.

        It reads what ``state.observation(viewer)`` shows, under the same visibility rule: a zone the viewer may not
        look into gives its count and "present" flags, a face-down card the viewer does not own is "present" only.

        The tensor is written in place: zeroed, then only what is there is written (a card's row with one slice
        assignment from the precomputed table of card rows, every other value one by one through a buffer view),
        so its cost follows the cards in play, not the size of the layout.
        """
        if out is None:
            out = np.zeros(self.obs_size, _F32)
            mv = memoryview(out)
            mvb = mv.cast("B")
        else:
            mv = memoryview(out)
            if out.dtype is not _F32 or mv.shape != self._obs_shape or not mv.c_contiguous:
                out[...] = self.observe(state, viewer)
                return out
            mvb = mv.cast("B")
            mvb[:] = self._zero_bytes  # zeroed by copying zero bytes: cheaper than numpy's fill
        self._write(state, viewer, mv, mvb)
        return out

    def _write(self, state: GameState, viewer: int, mv: Any, mvb: Any) -> None:
        """Write ``viewer``'s tensor into a zeroed buffer, seen as floats (``mv``) and as bytes (``mvb``)."""
        mv[self._phase_col.get(state.phase, self._phase_other)] = 1.0
        if state.result is None and state.current == viewer:
            mv[0] = 1.0
        if state.active == viewer:
            mv[1] = 1.0
        mv[2] = state.turn
        zones, res = state.zones, state.res
        n_zones = len(self.zones)
        for si in (0, 1):  # the viewer's side, then the opponent's
            p = viewer if si == 0 else 1 - viewer
            rp = res[p]
            if rp:
                res_cols = self._res_cols[si]
                for r, v in rp.items():
                    res_col = res_cols.get(r)
                    if res_col is not None and v is not None:
                        mv[res_col] = v
            zp = zones[p]
            if len(zp) == n_zones:  # a state's zones are in the game's ZONES order (GameState builds them so)
                col = self._count_at[si]
                for ids in zp.values():
                    if ids:
                        mv[col] = len(ids)
                    col += 1
            else:  # pragma: no cover - a game that added a zone of its own to a state
                count_cols = self._count_cols[si]
                for z, ids in zp.items():
                    if ids and z in count_cols:
                        mv[count_cols[z]] = len(ids)
        defs = state.defs
        cached = self._rows_cache.get(id(defs))
        rows = cached[1] if cached is not None and cached[0] is defs else self._rows_of(state)
        owner, cs = state.owner, state.cs
        # face-down cards the viewer does not own: present, not known
        face_down = [c for c, st in cs.items() if st.face_down] if cs else None
        veiled = {c for c in face_down if owner[c] != viewer} or None if face_down else None
        self._write_slots(state, viewer, rows, veiled, mv, mvb)
        self._write_piles(state, viewer, rows, veiled, mv)

    def _write_slots(self, state: GameState, viewer: int, rows: list[int], veiled: set[int] | None, mv: Any,
                     mvb: Any) -> None:
        """The card slots: each zone's block of rows is joined from the per-card row bytes and written with one
        slice assignment; a block is kept per viewer and zone and written again as it is while the zone holds the
        same cards (and no card is veiled). In-play features are written over it afterwards."""
        zones, cs = state.zones, state.cs
        row_bytes = self._row_bytes
        unknown = row_bytes[self._unknown]
        cache = self._slot_cache[viewer]
        F = self.F
        width = 4 * F
        dyn = self._dyn_col
        for wi, (p, z, at, cap, sees) in enumerate(self._slot_walks[viewer]):
            ids = zones[p][z]
            if not ids:
                continue
            if len(ids) > cap:
                ids = ids[:cap]
            start = 4 * at
            if not sees:  # a zone the viewer does not look into: its cards are present, not known
                mvb[start:start + width * len(ids)] = unknown * len(ids)
                continue
            if veiled is None:
                hit = cache[wi]
                if hit is not None and hit[0] is rows and hit[1] == ids:
                    block = hit[2]
                else:
                    block = b"".join([row_bytes[rows[c]] for c in ids])
                    cache[wi] = (rows, ids.copy(), block)
            else:
                block = b"".join([unknown if c in veiled else row_bytes[rows[c]] for c in ids])
            mvb[start:start + len(block)] = block
            if cs and not cs.keys().isdisjoint(ids):  # the in-play features, over the printed rows
                for c in ids:
                    st = cs.get(c)
                    if st is not None and (veiled is None or c not in veiled):
                        if st.mods:
                            self._mods(st, mv, at, rows[c])
                        d = at + dyn
                        if st.tapped:
                            mv[d] = 1.0
                        if st.face_down:
                            mv[d + 1] = 1.0
                        if st.counters:
                            mv[d + 2] = sum(st.counters.values())
                        if st.status:
                            mv[d + 3] = len(st.status)
                        if st.attached:
                            mv[d + 4] = len(st.attached)
                    at += F

    def _write_piles(self, state: GameState, viewer: int, rows: list[int], veiled: set[int] | None, mv: Any) -> None:
        """The pile histograms: per pile, the counts of its cards' keys (kept per viewer and pile while the pile
        holds the same cards and no card is veiled)."""
        zones, owner = state.zones, state.owner
        n_keys = len(self.card_keys)
        cache = self._pile_cache[viewer]
        for wi, (p, z, off, own_only) in enumerate(self._pile_walks[viewer]):
            ids = zones[p][z]
            if not ids:
                continue
            hit = cache[wi]
            if veiled is None and hit is not None and hit[0] is rows and hit[1] == ids:
                counts = hit[2]
            else:
                counts = {}
                for c in ids:
                    if (own_only and owner[c] != viewer) or (veiled is not None and c in veiled):
                        continue
                    k = rows[c]
                    if k < n_keys:  # a card made in play (not in the pool) is not counted
                        counts[off + k] = counts.get(off + k, 0) + 1
                if veiled is None:
                    cache[wi] = (rows, ids.copy(), counts)
            for col, n in counts.items():
                mv[col] = n

    def _mods(self, st: CardState, mv: Any, at: int, row: int) -> None:
        """Write a card's modified stats (its printed value plus its modifiers) over its row at ``mv[at:at+F]``."""
        stat_col = self._stat_col
        static = self._table_rows[row]
        acc: dict[int, float] = {}
        for stat, delta, _ in st.mods:
            col = stat_col.get(stat)
            if col is not None:
                acc[col] = acc.get(col, static[col]) + delta
        for col, v in acc.items():
            mv[at + col] = v

    def _dynamic(self, st: CardState, mv: Any, at: int, row: int) -> None:
        """Write a card's in-play features (modified stats, tapped, face down, counters, statuses, attachments)
        over its printed row at ``mv[at:at+F]``."""
        if st.mods:
            self._mods(st, mv, at, row)
        c = at + self._dyn_col
        if st.tapped:
            mv[c] = 1.0
        if st.face_down:
            mv[c + 1] = 1.0
        if st.counters:
            mv[c + 2] = sum(st.counters.values())
        if st.status:
            mv[c + 3] = len(st.status)
        if st.attached:
            mv[c + 4] = len(st.attached)

    # ------------------------------------------------------------------ per-action features
    @property
    def action_feature_names(self) -> list[str]:
        """The columns of :meth:`action_features`."""
        return ([f"verb:{t.kind}:{t.shape}" for t in self.templates] + ["option_rank", "word"]
                + [f"source:{f}" for f in self.card_features] + [f"target:{f}" for f in self.card_features])

    def action_features(self, state: GameState, actions: dict[int, Action]) -> np.ndarray:
        """One row per legal action (in index order, as returned by :meth:`legal`): the verb one-hot, the option
        rank, the word's place in its domain (1-based, 0 for none), and the features of its first and second card.

        >>> from tcgkit.games import get_rules
        >>> enc = Encoding.of("tgod")
        >>> s = get_rules("tgod").new_game(list(get_rules("tgod").decks())[:2], seed=1)
        >>> _, acts = enc.legal(s)
        >>> enc.action_features(s, acts).shape == (len(acts), len(enc.action_feature_names))
        True
        """
        T = len(self.templates)
        F = self.F
        rows = np.zeros((len(actions), T + 2 + 2 * F), dtype=np.float32)
        tindex = {id(t): i for i, t in enumerate(self.templates)}
        for r, index in enumerate(sorted(actions)):
            a = actions[index]
            shape = "".join("c" if type(x) is int else "s" for x in a.args)
            t = self._by_sig[(a.kind, shape)]
            rows[r, tindex[id(t)]] = 1.0
            cards = 0
            for i, x in enumerate(a.args):
                if type(x) is int and cards < 2:
                    self._card_row(state, x, rows[r], T + 2 + cards * F)
                    cards += 1
                elif type(x) is str:
                    words = self._word_index[(a.kind, shape)][i]
                    if words is None:
                        rank = index - t.offset
                        rows[r, T] = rank % t.sizes[i] + 1
                    else:
                        rows[r, T + 1] = words[x] + 1
        return rows

