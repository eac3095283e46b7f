"""The third speed pass's shortcuts (issue 19) answer as the rules worked out the long way do, checked over seeded
random-bot games: the automatic triggers are scanned for only when a card that listens to the event may answer it
(TGC-3.4.1, TGC-3.4.2), and the per-game index of listeners kept in ``state.memo`` stays the definitions' own."""

from __future__ import annotations

import pytest
from tgc_helpers import RULES, card, decision_points, plain_combats_match, pos

from conftest import plain_build_only
from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.state import Event, GameState
from tcgkit.games.tgc import verbs
from tcgkit.games.tgc.model import KEYWORDS
from tcgkit.games.tgc.rules import AUTO_TRIGGERS, FIELD, TgcRules, card_sets

DECKS = list(RULES.decks().values())


def test_listeners_equal_the_definitions_at_every_decision() -> None:
    """The event kinds each card of the game listens to, kept in ``state.memo``, are its definition's triggers."""
    for state in decision_points(4, clone_every=25):
        listen = card_sets(state)["listen"]
        expected: dict[str, set[int]] = {}
        for i, d in enumerate(state.defs):
            for kind in d.triggers:
                expected.setdefault(kind, set()).add(i)
        assert listen == expected


def test_listeners_of_a_clone_with_a_token_are_its_own() -> None:
    """A token with a triggered effect added to a clone listens in the clone only (its index is worked out anew)."""
    state = RULES.new_game(DECKS[:2], seed=5)
    before = card_sets(state)["listen"]
    twin = state.clone()
    listener = next(d for d in RULES.pool() if d.triggers)
    token = twin.add_instance(listener, 0)
    assert all(token in card_sets(twin)["listen"][kind] for kind in listener.triggers)
    assert card_sets(state)["listen"] is before and all(token not in ids for ids in before.values())


def test_skipped_events_would_start_no_trigger_tgc_3_4_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """TGC-3.4.1: at every automatic-trigger event of seeded games, what ``on_event`` stacks (nothing when it skips
    the scan) is what the full scan of the board and of the event's own card stacks, on a copy of the state."""
    original, scan = TgcRules.on_event, TgcRules.fire_triggers
    seen = {"skipped": 0, "scanned": 0, "started": 0}

    def counted(self: TgcRules, state: GameState, ev: Event) -> None:
        seen["scanned"] += 1
        scan(self, state, ev)

    def checked(self: TgcRules, state: GameState, ev: Event) -> None:
        if ev.kind not in AUTO_TRIGGERS or ev.kind not in self.trigger_kinds:
            original(self, state, ev)
            return
        twin = state.clone()
        scan(self, twin, ev)  # the long way: every board card and the event's own card
        before, scanned = len(state.stack), seen["scanned"]
        original(self, state, ev)
        assert [(f[0], f[2]) for f in state.stack] == [(f[0], f[2]) for f in twin.stack]
        assert state.vars == twin.vars and state.cs == twin.cs
        seen["skipped"] += seen["scanned"] == scanned
        seen["started"] += len(state.stack) > before

    monkeypatch.setattr(TgcRules, "on_event", checked)
    monkeypatch.setattr(TgcRules, "fire_triggers", counted)
    for _ in decision_points(12):
        pass
    assert seen["skipped"] > 0 and seen["scanned"] > 0 and seen["started"] > 0


def _attacks_the_long_way(state: GameState, p: int) -> tuple[list[Action], bool]:
    """TGC-3.5, TGC-4.1.2.1: the attacks and the Fury refusal as the second pass listed them (every keyword through
    ``has_kw``, every target through ``may_fight``)."""
    acts: list[Action] = []
    theirs = state.zones[1 - p]["field"]
    taunts = [c for c in theirs if verbs.has_kw(state, c, "Taunt")]
    fury = False
    for a in state.zones[p]["field"]:
        if not RULES.can_attack(state, a):
            continue
        n = len(acts)
        if not taunts or verbs.has_kw(state, a, "Deadeye"):
            acts.append(Action("attack", (a,)))
        acts.extend(Action("attack", (a, d)) for d in taunts or theirs if RULES.may_fight(state, a, d))
        if not fury and verbs.has_kw(state, a, "Fury"):
            fury = len(acts) > n if state.owner[a] == p else RULES._has_attack(state, a)
    return acts, fury


def test_attacks_equal_the_long_way_tgc_3_5() -> None:
    """TGC-3.5, TGC-4.1.2.1 (Taunt, Deadeye), Asimov, Fury: the attacks listed with the printed keywords read inline
    equal those listed through ``has_kw`` and ``may_fight``, at every Open Battle of seeded games."""
    battles = 0
    for state in decision_points(8):
        if state.pending is None and state.phase != "mulligan" and state.vars["gs"] == "battle":
            acts: list[Action] = []
            fury = RULES._attacks(state, state.current, acts)
            assert (acts, fury) == _attacks_the_long_way(state, state.current)
            battles += 1
    assert battles > 100


def test_quick_idle_equals_the_open_actions_tgc_2_4_3() -> None:
    """TGC-2.4.3.a.x, TGC-3.4.2: an Open Quick found idle (Do Nothing only) is one whose open actions, worked out in
    full, are Do Nothing alone; and one not found idle offers more (or, under ``nonturn_waits``, is the waiting
    player's)."""
    idle = busy = 0
    for state in decision_points(8):
        if state.pending is None and state.phase != "mulligan" and state.vars["gs"] == "quick":
            full = RULES._open_actions(state, state.current, "quick")
            if RULES._quick_idle(state, state.current):
                assert full == [Action("do_nothing")]
                idle += 1
            else:
                busy += 1
    assert idle > 1000 and busy > 0


def test_quick_idle_of_the_waiting_player_tgc_2_5_3() -> None:
    """TGC-2.5.3.x reading (c) (``nonturn_waits``): the non-turn player may only Do Nothing in an Open Quick."""
    def quick(options: dict) -> GameState:
        state = pos(p1={"hand": ["Adrenals"]}, res1={"plasma": 5}, vars={"gs": "quick"}, options=options)
        state.current = 1
        state._legal = None
        return state

    waiting = quick({"nonturn_waits": True})
    assert RULES._quick_idle(waiting, 1) and waiting.legal_actions() == [Action("do_nothing")]
    free = quick({})
    assert not RULES._quick_idle(free, 1) and len(free.legal_actions()) > 1


@plain_build_only(verbs)
def test_plain_combat_equals_the_full_combat_tgc_4_2_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """TGC-4.2.3: a battle between two creatures with none of the combat keywords (Asimov aside, tested first), no
    status and no Equipment, fought by the plain rule, ends as the same battle fought through every keyword test
    (state, log and RNG alike)."""
    assert plain_combats_match(decision_points(10), monkeypatch) > 50


def test_plain_fighters_have_no_combat_keyword_tgc_1_8() -> None:
    """TGC-1.8: a creature found a plain fighter has none of the combat keywords now (``has_kw``) and no parameter of
    one (``kw_args``), on every board of seeded games."""
    plain = 0
    for state in decision_points(6):
        for p in (0, 1):
            for c in state.zones[p]["field"]:
                has = any(verbs.has_kw(state, c, k) or verbs.kw_args(state, c, k) for k in verbs.COMBAT_KEYWORDS)
                if verbs._plain_fighter(state, c):
                    assert not has
                    plain += 1
    assert plain > 100


def test_end_of_turn_expires_every_this_turn_status_tgc_2_5_4_d() -> None:
    """TGC-2.5.4.d: once a turn has ended, no card record holds a "this turn" status (value -1) or a "this turn"
    modifier, on the board or off it, at every turn of seeded games."""
    turns = 0
    last = None
    for state in decision_points(6):
        if state.turn != last and state.phase != "mulligan":
            last = state.turn
            for card, st in state.cs.items():
                assert -1 not in st.status.values(), (card, st.status)
                assert all(m[2] != "turn" for m in st.mods), (card, st.mods)
            turns += 1
    assert turns > 50


def _cost_board_the_long_way(state: GameState, p: int) -> tuple[bool, int]:
    botanist = any(state.defs[c].key == "botanist_plant" and not verbs.nullified(state, c)
                   for c in state.zones[p]["field"])
    bf_cost = sum(e.params["cost_all"] for q in (0, 1) for b in state.zones[q]["bf"] if not verbs.nullified(state, b)
                  for e in state.defs[b].effects if e.kind == "static" and e.params.get("cost_all"))
    return botanist, bf_cost


def test_cost_board_equals_the_long_way_tgc_3_3_1_1() -> None:
    """TGC-3.3.1.1 (Committed Botanist, Economy Crash): what the board does to costs, read through the game's index
    of Botanists and each Battlefield's precomputed cost, equals the scan of every card's effects; and the index
    is the definitions' own."""
    for state in decision_points(6):
        assert card_sets(state)["botanist"] == {i for i, d in enumerate(state.defs) if d.key == "botanist_plant"}
        for p in (0, 1):
            assert RULES.cost_board(state, p) == _cost_board_the_long_way(state, p)


def test_cost_board_with_a_botanist_and_an_economy_crash_tgc_3_3_1_1() -> None:
    """TGC-3.3.1.1: a Committed Botanist on the player's side halves, an Economy Crash on either side adds."""
    crash = next(d.name for d in RULES.pool() if d.fields["cost_all"])
    state = pos(p0={"field": ["Committed Botanist"]}, p1={"bf": [crash]})
    assert RULES.cost_board(state, 0) == _cost_board_the_long_way(state, 0) == (True, 1)
    assert RULES.cost_board(state, 1) == _cost_board_the_long_way(state, 1) == (False, 1)


def test_keywords_now_answer_as_has_kw_tgc_1_8() -> None:
    """TGC-1.8: for every card on the board or in a discard pile of seeded games, and every keyword a card or a
    grant names (with its parameter or not) and every status it holds, membership in ``kw_now`` is ``has_kw``:
    printed, granted, from a (not nullified) Equipment, lost (``no:``), or none at all when nullified (Mime)."""
    names = set(KEYWORDS) | {"CannotAttack", "nullified", "stasis"}
    for d in RULES.pool():
        names |= set(d.fields["kw"]) | {g.partition("@")[0] for g in d.fields["grants"]}
    changed = 0
    for state in decision_points(5):
        for c in range(len(state.defs)):
            if state.loc[c][1] not in ("field", "equip", "bf", "artifacts", "discard"):
                continue
            now = verbs.kw_now(state, c)
            st = state.cs.get(c)
            changed += st is not None and bool(st.status or st.attached)
            for k in names | set(st.status if st is not None else ()):
                assert (k in now) == verbs.has_kw(state, c, k), (c, k)
    assert changed > 1000


def test_keywords_now_of_a_nullified_a_stripped_and_an_equipped_creature_tgc_1_8() -> None:
    """TGC-1.8: a nullified creature (Mime) has no keyword, one that lost a keyword (``no:``) has the rest, and an
    Equipment's grants count unless the Equipment is nullified, in ``kw_now`` as in ``has_kw``."""
    state = pos(p0={"field": ["Cargo Technician", "Intern"]})
    tech, intern = card(state, 0, "Cargo Technician"), card(state, 0, "Intern")
    printed = sorted(k for k in state.defs[tech].fields["kw"] if ":" not in k)
    state.card_state(tech).status["nullified"] = 1
    assert verbs.kw_now(state, tech) == set() and not any(verbs.has_kw(state, tech, k) for k in printed)
    state.card_state(tech).status.clear()
    state.card_state(tech).status["no:" + printed[0]] = 1
    assert printed[0] not in verbs.kw_now(state, tech) and not verbs.has_kw(state, tech, printed[0])
    assert all(k in verbs.kw_now(state, tech) for k in printed[1:])
    suit = state.add_instance(RULES.pool().get("Crusader Armour"), 0)
    RULES.attach(state, suit, intern)
    granted = [g.partition("@")[0] for g in state.defs[suit].fields["grants"]]
    for k in granted:
        assert (k in verbs.kw_now(state, intern)) == verbs.has_kw(state, intern, k)
    state.card_state(suit).status["nullified"] = 1
    for k in granted:
        assert (k in verbs.kw_now(state, intern)) == verbs.has_kw(state, intern, k)


def _plays_the_long_way(state: GameState, p: int) -> list[Action]:
    """TGC-3.3.1.1-2: the plays of Open Play with every cost from ``card_cost`` and every play condition checked."""
    acts: list[Action] = []
    avail = RULES.available_plasma(state, p)
    for c in state.zones[p]["hand"]:
        d = state.defs[c]
        if d.type == "creature" and d.fields["tribute"]:
            RULES._tribute_plays(state, p, c, avail, acts, RULES.cost_board(state, p))
        if RULES.card_cost(state, p, c) > avail:
            continue
        if d.type in ("equipment", "hex"):
            acts.extend(Action("play", (c, h)) for h in (*state.zones[p]["field"], *state.zones[1 - p]["field"])
                        if RULES.can_equip(state, c, h))
        elif RULES.playable_now(state, p, c):
            acts.append(Action("play", (c,)))
    return acts


def test_plays_with_printed_costs_equal_the_long_way_tgc_3_3_1_1() -> None:
    """TGC-3.3.1.1: the plays listed with the printed costs (when no cut, Botanist, Battlefield or Head of Security
    changes any) and without checking cards that have no play condition equal those listed the long way, at every
    Open Play of seeded games; and a card's cost as printed is its ``card_cost`` on a board that changes none."""
    plays = 0
    for state in decision_points(8):
        if state.pending is None and state.phase != "mulligan" and state.vars["gs"] == "play":
            p = state.current
            acts: list[Action] = []
            RULES._card_plays(state, p, "play", acts, card_sets(state)["instant"])
            assert acts == _plays_the_long_way(state, p)
            plays += 1
    assert plays > 100
    state = pos(p0={"hand": ["Bartender", "Adrenals", "Crusader Armour"]})
    for c in state.zones[0]["hand"]:
        assert state.defs[c].fields["base_cost"] == RULES.card_cost(state, 0, c)


def test_needs_met_equals_the_selection_tgc_3_4_1() -> None:
    """TGC-3.4.1.x-2: an effect's ``needs`` found met (stopping at the first card that passes its filter) exactly
    when its selection, worked out in full, names a card: for every effect of the game's cards with one, for either
    controller, at every decision of seeded games."""
    from tcgkit.games.tgc.rules import needs_met

    checked = 0
    for state in decision_points(4):
        for c, d in enumerate(state.defs):
            for eff in d.effects:
                needs = eff.params.get("needs")
                if needs is None:
                    continue
                for p in (0, 1):
                    ctx = {"source": c, "controller": p}
                    assert needs_met(state, ctx, needs) == bool(effects.select(state, ctx, needs))
                    checked += 1
    assert checked > 1000


def test_immunity_from_the_keywords_now_equals_kw_args_tgc_0_2() -> None:
    """TGC-0.2 Immunity: a target's immunity to a source, read from its keywords now, equals the one read from every
    Immunity parameter ``kw_args`` lists (printed, granted, from Equipment), for every pair of cards on the boards of
    seeded games."""
    pairs = immune = 0
    for state in decision_points(5):
        board = [c for p in (0, 1) for z in FIELD for c in state.zones[p][z]]
        for target in board:
            args = [a for a in verbs.kw_args(state, target, "Immunity") if a not in ("Battlefields", "Effects")]
            for source in board:
                long_way = any(verbs.fits(state, source, a) for a in args)
                assert verbs.immune_to(state, target, source) == long_way
                pairs += 1
                immune += long_way
    assert pairs > 1000 and immune > 0


def test_resistance_equals_the_long_way_tgc_0_2() -> None:
    """TGC-0.2 Resistance: the damage a board card resists from each board source equals the largest of its
    Resistance parameters that the source fits (``kw_args``), on the boards of seeded games, and on a creature given
    Resistance to Battlefields by its Equipment."""
    def long_way(state: GameState, card: int, source: int) -> int:
        total = 0
        for arg in verbs.kw_args(state, card, "Resistance"):
            what, _, n = arg.partition(",")
            if verbs.fits(state, source, what):
                total = max(total, int(n) if n.strip().lstrip("-").isdigit() else 2)
        return total

    for state in decision_points(4):
        board = [c for p in (0, 1) for z in FIELD for c in state.zones[p][z]]
        for c in board:
            for src in board:
                assert verbs.resistance(state, c, src) == long_way(state, c, src)
    state = pos(p0={"field": ["Intern"]}, p1={"field": ["Bartender"], "bf": ["Economy Crash"]})
    c = card(state, 0, "Intern")
    bart, crash = card(state, 1, "Bartender"), card(state, 1, "Economy Crash")
    assert verbs.resistance(state, c, crash) == long_way(state, c, crash) == 0
    RULES.attach(state, state.add_instance(RULES.pool().get("Nakamura Engineering B.O.M.B.Suit"), 0), c)
    assert verbs.resistance(state, c, crash) == long_way(state, c, crash) == 2
    assert verbs.resistance(state, c, bart) == long_way(state, c, bart) == 0


@plain_build_only(verbs)
def test_combat_keywords_name_every_keyword_combat_reads_tgc_4_2_3() -> None:
    """TGC-4.2.3: every keyword that combat and its helpers read is in ``verbs.COMBAT_KEYWORDS`` (so a creature with
    none of them may fight by the plain rule), besides Asimov (tested before the plain rule) and Lifedrain (read only
    with Squad Tactics or Hulking, which are in the set)."""
    import inspect
    import re

    source = "".join(inspect.getsource(f) for f in (verbs.combat, verbs._combat_bonuses, verbs._hit,
                                                    verbs._combat_power, verbs.immune_to))
    read = set(re.findall(r'(?:has_kw|kw_args|has_kw_last)\(state, \w+, "([^"]+)"\)', source))
    read |= set(re.findall(r'"([^"]+)" (?:not )?in k[adx]\b', source))  # the keywords read once (kw_now)
    assert {"Asimov", "First Strike", "Toxic"} <= read
    assert read - {"Asimov", "Lifedrain"} <= verbs.COMBAT_KEYWORDS


def test_plain_costs_are_the_printed_costs_of_plays_asking_nothing_else_tgc_3_3_1_1() -> None:
    """TGC-3.3.1.1: ``card_sets``' ``plain_cost`` (read by the card plays when no cost is changed) holds exactly the
    cards with no Tribute, no host to find (Equipment, Hex) and no play condition, each at its printed cost; and the
    plays it lists equal the long way in Open Quick too (Instants only, TGC-2.4.3.a.x)."""
    state = next(decision_points(1))
    plain = card_sets(state)["plain_cost"]
    for c, d in enumerate(state.defs):
        f = d.fields
        simple = d.type not in ("equipment", "hex") and not (d.type == "creature" and f["tribute"]) \
            and not f["play_checks"]
        assert (c in plain) == simple
        if simple:
            assert plain[c] == f["base_cost"]
    quick = 0
    for state in decision_points(8):
        if state.pending is None and state.phase != "mulligan" and state.vars["gs"] == "quick":
            p = state.current
            acts: list[Action] = []
            RULES._card_plays(state, p, "quick", acts, card_sets(state)["instant"])
            assert acts == [a for a in _plays_the_long_way(state, p) if state.defs[a.args[0]].type == "instant"]
            quick += bool(acts)
    assert quick > 5


def test_combat_bonuses_with_keywords_read_once_tgc_4_2_3() -> None:
    """TGC-4.2.3 (Vendetta, Exterminate): the combat bonuses worked out from each creature's keywords read once
    (``kw_now``) equal those read the long way (``has_kw``, and ``kw_args`` for every creature), also for a Vendetta
    granted by a status, which is named with its parameters only."""
    state = pos(p0={"field": ["Bartender"]}, p1={"field": ["Intern"]})
    bart, intern = card(state, 0, "Bartender"), card(state, 1, "Intern")

    def long_way(a: int, d: int) -> dict[int, tuple[int, int]]:
        out: dict[int, tuple[int, int]] = {}
        for x, y in ((a, d), (d, a)):
            p = r = 0
            if verbs.has_kw(state, x, "Exterminate") and verbs.has_subtype(state, y, "Human"):
                p, r = 2, 1
            for arg in verbs.kw_args(state, x, "Vendetta"):
                what, _, stats = arg.partition(",")
                if verbs.fits(state, y, what):
                    dp, dr = stats.replace(" ", "").split("/")
                    p, r = p + int(dp), r + int(dr)
            if (p, r) != (0, 0):
                out[x] = (p, r)
        return out

    def once(a: int, d: int) -> dict[int, tuple[int, int]]:
        return verbs._combat_bonuses(state, a, d, verbs.kw_now(state, a), verbs.kw_now(state, d))

    assert once(bart, intern) == long_way(bart, intern) == {}
    state.card_state(bart).status["Vendetta:Human,+1/+1"] = 1
    assert once(bart, intern) == long_way(bart, intern) == {bart: (1, 1)}
    state.card_state(intern).status["Exterminate"] = 1
    assert once(bart, intern) == long_way(bart, intern) == {bart: (1, 1), intern: (2, 1)}
