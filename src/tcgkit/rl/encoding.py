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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction, TcgkitError
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC
from tcgkit.games import get_rules
from tcgkit.rl.spec import SPECS

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

SIDES = ("me", "opp")
#: Per-card dynamic features after the static ones: tapped, face down, counters (total), statuses, attachments.
DYNAMIC = ("tapped", "face_down", "counters", "statuses", "attached")
_CACHE: dict[str, Encoding] = {}


@dataclass(frozen=True)
class Template:
    """One verb of the action space: ``kind``, the argument domains, and where its block of indices starts."""

    kind: str
    shape: str  # "c" for a card argument, "s" for a word, per argument
    domains: tuple[tuple[str, ...], ...]  # per argument: places ("me:hand") or words ("=main") or ("#rank",)
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
        self.zones: list[str] = list(self.rules.ZONES)
        self._build_actions(spec["templates"])
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
                elif words[0] == "#rank":
                    per_arg.append(None)
                else:
                    per_arg.append({w[1:]: j for j, w in enumerate(words)})
            self._places[(kind, shape)] = places
            self._word_index[(kind, shape)] = per_arg
        self.n_actions: int = offset

    def action_index(self, state: GameState, action: Action, rank: int = 0) -> int:
        """The index of ``action`` (a legal action of the player to move); ``rank`` is its place among the legal
        actions of the same verb and ``#rank`` domain (only used by such verbs)."""
        args = action.args
        shape = "".join(["c" if type(a) is int else "s" for a in args]) if args else ""
        t = self._by_sig.get((action.kind, shape))
        if t is None:
            raise TcgkitError(f"{self.game}: the action '{action.text()}' has no place in the fixed action space")
        if not args:
            return t.offset
        viewer = state.current
        places = self._places[(action.kind, shape)]
        words = self._word_index[(action.kind, shape)]
        index = 0
        for i, a in enumerate(args):
            if type(a) is int:
                owner, zone = state.loc[a]
                start = places.get((i, owner == viewer, zone))
                pos = state.zones[owner][zone].index(a)
                if start is None or pos >= self.caps[zone]:
                    place = ("me:" if owner == viewer else "opp:") + zone
                    raise TcgkitError(f"{self.game}: the action '{action.text()}' names a card at {place} position "
                                      f"{pos + 1}, outside the fixed action space")
                j = start + pos
            elif words[i] is None:
                if rank >= self.option_cap:
                    raise TcgkitError(f"{self.game}: more than {self.option_cap} options at one decision")
                j = rank
            else:
                j = words[i].get(a)
                if j is None:
                    raise TcgkitError(f"{self.game}: the action '{action.text()}' has a word outside the fixed action "
                                      "space")
            index = index * t.sizes[i] + j
        return t.offset + index

    def legal(self, state: GameState, mask: np.ndarray | None = None) -> tuple[np.ndarray, dict[int, Action]]:
        """The legal-action mask (``int8``, length ``n_actions``) of the player to move, and index -> action.

        Two legal actions never share an index (positions of cards are distinct, words are distinct, ranks are
        distinct); should a new card or rule ever break this, it raises rather than hide an action.
        """
        if mask is None:
            mask = np.zeros(self.n_actions, dtype=np.int8)
        else:
            mask.fill(0)
        out: dict[int, Action] = {}
        ranks: dict[str, int] = {}
        for a in state.legal_actions():
            rank = 0
            if a.kind == "option":
                rank = ranks.get(a.kind, 0)
                ranks[a.kind] = rank + 1
            i = self.action_index(state, a, rank)
            if i in out:
                raise TcgkitError(f"{self.game}: '{a.text()}' and '{out[i].text()}' share action index {i}")
            out[i] = a
            mask[i] = 1
        return mask, out

    def decode(self, state: GameState, index: int) -> Action:
        """The engine action of a legal index (raises IllegalAction, naming the index, for an illegal one)."""
        _, actions = self.legal(state)
        action = actions.get(int(index))
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
        self._table_rows: list[list[float]] = self._table.tolist()
        self._arange_f = np.arange(self.F)

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
            vals: dict[int, float] = {}
            self._dynamic(st, vals, 0, self._rows_of(state)[card])
            for i, v in vals.items():
                out[at + i] = v

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
        self._side_offsets = side_offsets
        self._zone_col = {z: i for i, z in enumerate(self.zones)}

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
                self._table = np.vstack([self._table, self._static_row(d)[None, :]])
                self._table_rows = self._table.tolist()
            rows.append(r)
        if len(self._rows_cache) >= 64:
            self._rows_cache.clear()
        self._rows_cache[id(defs)] = (defs, rows)  # the list itself is kept, so its id is not reused
        return rows

    def observe(self, state: GameState, viewer: int, out: np.ndarray | None = None) -> np.ndarray:
        """``viewer``'s observation tensor (``float32``, length ``obs_size``); ``out`` is reused when given.

        It reads what ``state.observation(viewer)`` shows, under the same visibility rule: a zone the viewer may not
        look into gives its count and "present" flags, a face-down card the viewer does not own is "present" only.
        """
        if out is None:
            out = np.zeros(self.obs_size, dtype=np.float32)
        else:
            out[:self.slot_start] = 0.0
        # every value outside the static card rows is gathered here, then written in one assignment
        vals: dict[int, float] = {self._phase_col.get(state.phase, 3 + len(self.phases)): 1.0,
                                  0: float(state.result is None and state.current == viewer),
                                  1: float(state.active == viewer), 2: float(state.turn)}
        zones_vis = self.rules.ZONES
        n_res = len(self.resources)
        zone_col = self._zone_col
        for si, p in enumerate((viewer, 1 - viewer)):
            base = self._side_offsets[si]
            res = state.res[p]
            for i, r in enumerate(self.resources):
                v = res.get(r)
                if v is not None:
                    vals[base + i] = v
            base += n_res
            for z, ids in state.zones[p].items():
                if ids:
                    vals[base + zone_col[z]] = len(ids)
        rows = self._rows_of(state)
        owner = state.owner
        cs = state.cs
        # cards face down that the viewer does not own: present, not known
        veiled = {c for c, st in cs.items() if st.face_down and owner[c] != viewer} if cs else ()
        unknown = self._unknown
        blank = unknown - 1
        slot_rows = [blank] * self.n_slots
        dynamic: list[tuple[int, int, Any]] = []
        for side, z, first, cap in self._layout:
            p = viewer if side == "me" else 1 - viewer
            ids = state.zones[p][z]
            if not ids:
                continue
            vis = zones_vis.get(z, PUBLIC)
            if vis == HIDDEN or (vis != PUBLIC and p != viewer):
                slot_rows[first:first + min(cap, len(ids))] = [unknown] * min(cap, len(ids))
                continue
            k = first
            for c in ids[:cap]:
                if c in veiled:
                    slot_rows[k] = unknown
                else:
                    r = slot_rows[k] = rows[c]
                    if c in cs:
                        dynamic.append((k, r, cs[c]))
                k += 1
        slots = out[self.slot_start:].reshape(self.n_slots, self.F)
        np.take(self._table, slot_rows, axis=0, out=slots)
        F, start = self.F, self.slot_start
        for k, r, st in dynamic:
            self._dynamic(st, vals, start + k * F, r)
        n_keys = len(self.card_keys)
        get = vals.get
        for side, z, off in self._piles:
            p = viewer if side == "me" else 1 - viewer
            ids = state.zones[p][z]
            if not ids:
                continue
            if zones_vis.get(z, PUBLIC) != PUBLIC:  # a zone only its owner sees: the viewer's own cards in it
                ids = [c for c in ids if owner[c] == viewer]
            for c in ids:
                if c not in veiled:
                    k = rows[c]
                    if k < n_keys:  # a card made in play (not in the pool) is not counted
                        k += off
                        vals[k] = get(k, 0) + 1
        out[list(vals)] = list(vals.values())
        return out

    def _dynamic(self, st: Any, vals: dict[int, float], at: int, row: int) -> None:
        """Gather a card's in-play features (modified stats, tapped, face down, counters, statuses, attachments)."""
        if st.mods:
            stat_col = self._stat_col
            static = self._table_rows[row]
            for stat, delta, _ in st.mods:
                col = stat_col.get(stat)
                if col is not None:
                    vals[at + col] = vals.get(at + col, static[col]) + delta
        c = at + self._dyn_col
        if st.tapped:
            vals[c] = 1.0
        if st.face_down:
            vals[c + 1] = 1.0
        if st.counters:
            vals[c + 2] = sum(st.counters.values())
        if st.status:
            vals[c + 3] = len(st.status)
        if st.attached:
            vals[c + 4] = len(st.attached)

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

