"""Perfect TCG's hot-path shortcuts equal the general computations they replace, at every decision of seeded
random-bot games: the compiled ``modify`` statics (PTCG-ULT-04 static effects adding power and damage in battles,
PTCG-WAR-04), the passive-win scan (the King of Gandor, PTCG-TERM-06), and the test that lets an event skip the
trigger scan (PTCG-ULT-10), the printed conditions read once into checking functions, and the activated effects
offered with their limits and costs read once (PTCG-ULT-13, PTCG-ENERGY-01)."""

from __future__ import annotations

from ptcg_helpers import RULES, card, position

from tcgkit.bots import RandomBot, View
from tcgkit.core import effects
from tcgkit.core.actions import Action
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import Event
from tcgkit.games.perfect_tcg.actions import (
    ACTIVATE,
    PLAY_ROWS,
    PLAY_TO,
    RETREAT,
    card_test,
    check_of,
    empty_mask,
    needed_zones,
)
from tcgkit.games.perfect_tcg.evaluation import board_facts
from tcgkit.games.perfect_tcg.model import FIELD, FIELD_SET, SLOTS, cost_checks, in_stasis, leader_level
from tcgkit.games.perfect_tcg.statics import compiled_modifier, modifiers_of, static_holders
from tcgkit.games.perfect_tcg.triggers import listening_kinds


def _live_sides(games: int = 9, clone_every: int = 0):
    """(state, player) for both players at every decision of :func:`_seeded_states` before the game's end."""
    for state in _seeded_states(games, clone_every):
        if state.result is None:
            yield state, 0
            yield state, 1


def _seeded_states(games: int = 9, clone_every: int = 0):
    """Every decision of seeded random-bot games over every pairing of the decks (and, with ``clone_every``, clones
    taken along the way and played on by their own bots)."""
    decks = list(RULES.decks().values())
    for g in range(games):
        s = derive_seed(11, g)
        state = RULES.new_game([decks[g % len(decks)], decks[(g // len(decks) + g + 1) % len(decks)]], s)
        bots = (RandomBot(s), RandomBot(s + 1))
        while state.result is None:
            yield state
            if clone_every and state.decisions % clone_every == 0:
                twin = state.clone()
                twin_bots = (RandomBot(s + 2), RandomBot(s + 3))
                for _ in range(6):
                    if twin.result is not None:
                        break
                    yield twin
                    twin.apply(twin_bots[twin.current].choose(View(twin, twin.current)))
            p = state.current
            state.apply(bots[p].choose(View(state, p)))
        yield state


def _slow_bonus(state, card: int, name: str) -> int:
    """What the ``modify`` statics in play add to ``card``'s ``name``, by the core's selectors and amounts."""
    total = 0
    for src, p, eff in RULES.active_statics(state, "modify"):
        mods = eff.params["modify"]
        for m in mods if isinstance(mods, tuple) else (mods,):
            if m.get("stat", "power") != name:
                continue
            ctx = RULES.static_ctx(state, src, p)
            hits = effects.select(state, ctx, m["target"]).count(card)
            if hits:
                total += hits * effects.amount(state, ctx, m["by"])
    return total


def _cards_in_play(state) -> list[int]:
    return [c for p in (0, 1) for z in FIELD for c in state.zones[p][z]]


def test_every_printed_modifier_is_compiled() -> None:
    """The shapes the compiled modifiers read cover every ``modify`` static the cards print (none falls back)."""
    for d in RULES.pool().cards.values():
        for eff in d.effects:
            mods = eff.params.get("modify") if eff.kind == "static" else None
            for m in (mods if isinstance(mods, tuple) else (mods,)) if mods is not None else ():
                assert compiled_modifier(m) is not None, (d.name, m)
            if mods is not None:  # each modifier indexed under the number it changes, in printed order
                by_stat = modifiers_of(eff, "power") + modifiers_of(eff, "damage")
                assert sorted(id(m) for m, _ in by_stat) == sorted(id(m) for m in (
                    mods if isinstance(mods, tuple) else (mods,)))


def test_compiled_modifiers_equal_the_selectors_PTCG_ULT_04() -> None:
    """PTCG-ULT-04 / PTCG-WAR-04: at every decision (battles included), every card in play (and the defender in the
    defence zone) gets from the compiled modifiers exactly what the core's selectors and amounts give it, through
    ``stat`` and through ``static_bonuses`` (the battle's)."""
    seen = 0
    for state in _seeded_states(clone_every=25):
        if not state.vars.get("n_modify"):
            continue
        cards = _cards_in_play(state)
        cards += [c for p in (0, 1) for c in state.zones[p]["defence"]]
        for name in ("power", "damage"):
            bonus = RULES.static_bonuses(state, name, tuple(cards))
            for c in cards:
                slow = _slow_bonus(state, c, name)
                assert bonus.get(c, 0) == slow, (c, name)
                if state.loc[c][1] in FIELD_SET:
                    base = state.defs[c].stats.get(name, 0) + sum(
                        d for s, d, _ in (state.cs[c].mods if c in state.cs else ()) if s == name)
                    assert RULES.stat(state, c, name) == max(0, base + slow)
                seen += slow != 0
    assert seen > 50  # the games reached positions where statics add something


def test_passive_wins_equal_the_static_scan_PTCG_TERM_06() -> None:
    """PTCG-TERM-06: the passive-win scan finds exactly the ``win`` statics the general static scan finds, at every
    decision; and it finds the King of Gandor standing with his four parts in place."""
    for state in _seeded_states():
        slow = [(p, state.cs[c].status.get("since", 0) if c in state.cs else 0,
                 eff.text or f"{state.defs[c].name}'s effect")
                for c, p, eff in RULES.active_statics(state, "win")]
        assert RULES.passive_wins(state) == slow
    state = position({"zones": {"leader": ["King of Gandor"], "wing_left": ["Left Arm of Gandor"],
                                "wing_right": ["Right Arm of Gandor"], "support_left": ["Left Leg of Gandor"],
                                "support_right": ["Right Leg of Gandor"]}})
    assert [w[0] for w in RULES.passive_wins(state)] == [0]
    assert card(state, 0, "King of Gandor") in state.zones[0]["leader"]


def test_events_skip_the_trigger_scan_exactly_when_nothing_listens_PTCG_ULT_10() -> None:
    """PTCG-ULT-10: an event skips the trigger scan exactly when no card in play and not its own card listens to its
    kind (checked against a scan of both fields for every kind a card triggers on, in games and in their clones); the
    kinds kept in ``state.memo`` equal a scan from scratch."""
    kinds = sorted(RULES.trigger_kinds)
    for state in _seeded_states(games=6, clone_every=30):
        in_play = _cards_in_play(state)
        for kind in kinds:
            for own in (-1, *in_play[:3], *state.zones[0]["lost"][-2:]):
                ev = Event(kind, 0, own, ())
                listening = any(kind in state.defs[c].triggers for c in in_play) or (
                    own >= 0 and kind in state.defs[own].triggers)
                assert RULES.may_trigger(state, ev) == listening, (kind, own)
        assert listening_kinds(state) == {k for c in in_play for k in state.defs[c].triggers}


def test_static_holders_equal_a_scan_of_both_fields_PTCG_ULT_04() -> None:
    """PTCG-ULT-04: the cards in play with a static effect, by index key, kept in ``state.memo`` equal a scan of both
    fields from scratch (the same cards in the same order) at every decision of games and of their clones, and the
    static effects found through them equal those found by a scan of the fields."""
    for state in _seeded_states(games=6, clone_every=30):
        scan: dict[str, list[int]] = {}
        for c in _cards_in_play(state):
            for k in state.defs[c].fields["statics_by_key"]:
                scan.setdefault(k, []).append(c)
        assert static_holders(state) == {k: tuple(v) for k, v in scan.items()}
        for key in ("modify", "armour", "allow", "cannot", "win"):
            slow = []
            if state.vars.get(f"n_{key}"):
                for c in _cards_in_play(state):
                    p, z = state.loc[c]
                    if not RULES.effects_on(state, c):
                        continue
                    for _, eff, where in state.defs[c].fields["statics_by_key"].get(key, ()):
                        if (where is None or z in where) and (eff.condition is None or effects.check(
                                state, RULES.static_ctx(state, c, p), eff.condition)):
                            slow.append((c, p, eff))
            assert list(RULES.active_statics(state, key)) == slow, key


def _printed_conditions() -> list:
    """Every condition the cards print (on any effect), and the ``exists`` parts of ``all``/``any``/``not``."""
    out = []

    def walk(cond) -> None:
        out.append(cond)
        if isinstance(cond, dict) and len(cond) == 1:
            (key, arg), = cond.items()
            if key in ("all", "any"):
                for c in arg:
                    walk(c)
            elif key == "not":
                walk(arg)

    for d in RULES.pool().cards.values():
        for eff in d.effects:
            if eff.condition is not None:
                walk(eff.condition)
    return out


def test_compiled_conditions_equal_the_core_check() -> None:
    """Every printed condition, read once into a checking function (``exists`` over zones and groups with
    type/status/tapped/other/name filters answered in place), answers as ``effects.check`` at every decision, for
    every card in play as its source; and it never holds with one of the zones it needs (``needed_zones``, the
    King of Gandor's pre-test) empty."""
    conds = _printed_conditions()
    assert any(card_test(c["exists"].get("filter")) for c in conds
               if isinstance(c, dict) and isinstance(c.get("exists"), dict))  # the filters are read, not passed on
    for state in _seeded_states(games=6, clone_every=30):
        for c in _cards_in_play(state)[:6]:
            ctx = {"source": c, "controller": state.owner[c], "battling": []}
            me = ctx["controller"]
            for cond in conds:
                holds = effects.check(state, ctx, cond)
                assert check_of(cond)(state, ctx) == holds, cond
                if holds:  # the zones a condition needs are a necessary condition: never skip one that holds
                    assert all(state.zones[1 - me if theirs else me][z] for theirs, z in needed_zones(cond)), cond


def _slow_activations(state, p: int) -> list:
    """The activated effects ``p`` may use now, by the general tests (PTCG-ENERGY-01, PTCG-ULT-13/14,
    PTCG-TERM-20/23): where the effect works, once per turn, a Refreshed unit to rest, the cost paid in full, the
    condition, a lock."""
    out = []
    for z in FIELD:
        for c in state.zones[p][z]:
            d = state.defs[c]
            if not RULES.effects_on(state, c) or in_stasis(state, c):
                continue
            for i in d.fields["activated"]:
                eff = d.effects[i]
                if eff.params.get("your_turn_only") and state.active != p:
                    continue
                if eff.zone is not None and z not in RULES.zone_group(eff.zone):
                    continue
                if eff.limit and not RULES.limit_ok(state, c, i, eff.limit, p):
                    continue
                ctx = {"source": c, "controller": p}
                if eff.cost and not effects.can_pay(state, ctx, eff.cost):
                    continue
                if eff.condition is not None and not effects.check(state, ctx, eff.condition):
                    continue
                if RULES.locked(state, p, "activate"):
                    return []
                out.append(Action("activate", (c, str(i))))
    return out


def test_activation_options_equal_the_general_tests_PTCG_ULT_13() -> None:
    """PTCG-ULT-13/14, PTCG-ENERGY-01: at every decision, each player's activated effects offered (limits, costs
    and conditions read once per printed effect) are those the general tests allow, in the same order."""
    assert all(cost_checks(d.effects[i].cost) is not None
               for d in RULES.pool().cards.values() for i in d.fields["activated"])  # every printed cost is read
    offered = 0
    for state, p in _live_sides(clone_every=30):
        fast = RULES.activation_options(state, p)
        assert fast == _slow_activations(state, p)
        offered += len(fast)
    assert offered > 20


def test_reused_actions_equal_new_ones() -> None:
    """The actions the tables hand out (the core's ActionTable) are the values new Actions would be, in every legal
    action list of seeded games: attacks by row, plays by slot, activations by (card, index)."""
    seen = set()
    for state in _seeded_states(games=3):
        if state.result is None and state.pending is None:
            for act in state.legal_actions():
                assert type(act) is Action and act == Action(act.kind, tuple(act.args))
                seen.add(act.kind)
    assert {"attack", "play", "retreat", "cast"} <= seen
    assert PLAY_TO["wing_left"][5] == Action("play", (5, "wing_left")) and ACTIVATE[3, "1"] == Action(
        "activate", (3, "1")) and RETREAT[9] is RETREAT[9]


def test_counts_of_effects_in_play_follow_every_move() -> None:
    """The counts ``on_event`` keeps at every move (cards in play with a static effect of each kind, with an
    activated or a triggered effect, per player), which let the scans stop early or not run, equal a recount of both
    fields at every decision, clones included; and each player's Energy count equals the zone."""
    for state in _seeded_states(clone_every=20):
        fresh = state.clone()
        RULES.recount_statics(fresh)
        for key, value in fresh.vars.items():
            if key.startswith("n_"):
                assert state.vars.get(key, 0) == value, key
        for p in (0, 1):
            if "energy" in state.res[p]:
                assert state.res[p]["energy"] == len(state.zones[p]["energy"])


def _slow_board_worth(state, p: int, gone: tuple[int, ...]) -> float:
    """The evaluation's worth of ``p``'s units in play, each card's numbers read from its definition."""
    from tcgkit.games.perfect_tcg import evaluation as ev

    worth, parts = 0.0, 0
    for z in ("wing_left", "wing_right", "support_left", "support_right"):
        for c in state.zones[p][z]:
            d, st = state.defs[c], state.cs.get(c)
            if d.type != "unit":
                if d.type == "artefact" and (st is None or not st.status.get("mind_wiped")):
                    worth += ev.W_ARTEFACT
                continue
            if c in gone:
                continue
            if z.startswith("wing"):
                v = ev.WING_BASE + d.stats["power"] / ev.WING_POWER + ev.W_DAMAGE * d.stats["damage"]
            else:
                v = ev.SUPPORT_BASE + d.stats["power"] / ev.SUPPORT_POWER
                f = d.fields
                if (f["statics"] or f["activated"] or f["triggered"]) and not (
                        st is not None and (st.status.get("mind_wiped") or st.tapped)):
                    v += ev.SUPPORT_ABILITY
            worth += v * 0.5 if st is not None and st.status.get("stasis") else v
            parts += ev._KING_PARTS.get(d.name) == z
    lead = state.zones[p]["leader"]
    if lead:
        s = state.defs[lead[-1]].stats
        worth += s.get("power", 0) / ev.LEADER_POWER + ev.W_DAMAGE * s.get("damage", 0) + ev.W_LEVEL * s.get("level", 0)
        if parts:
            king = "win" in state.defs[lead[-1]].fields["static_keys"]
            worth += parts * (ev.W_KING_PART + (ev.W_KING * parts if king else 0.0))
    elif parts:
        worth += parts * ev.W_KING_PART
    return worth + ev.W_BOOST * len(state.zones[p]["boost"])


def test_board_worth_from_the_card_facts_equals_the_definitions() -> None:
    """The evaluation's worth of the units in play, read from the facts worked out once per card list, equals the
    same sum read from each card's definition (to the last bit: the same floating-point operations), at every
    decision and for a Wing unit taken as gone; a clone reads the same facts."""
    for state in _seeded_states(clone_every=25):
        for p in (0, 1):
            wing = state.zones[p]["wing_left"]
            for gone in ((), tuple(wing)):
                assert RULES._board_worth(state, p, gone) == _slow_board_worth(state, p, gone)
    state = RULES.new_game(list(RULES.decks().values())[:2], 3)
    assert board_facts(state.defs) is board_facts(state.clone().defs)


def _slow_evaluate(state, player: int) -> float:
    """The evaluation worked out from scratch: every side's life and assets by their formulas (no table), the board
    from the card definitions (:func:`_slow_board_worth`)."""
    from math import tanh

    from tcgkit.games.perfect_tcg import evaluation as ev

    r = state.result
    if r is not None:
        return 0.0 if r.winner is None else (1.0 if r.winner == player else -1.0)
    hits, gone = RULES._battle_outlook(state)
    t = RULES.ev_threshold(state)
    d0, d1 = (len(state.zones[q]["deck"]) - hits[q] for q in (0, 1))
    horizon = min(1.0, (min(max(d0, 0), max(d1, 0)) + ev.HORIZON_BASE) / ev.HORIZON_TURNS)

    def side(p: int) -> float:
        deck, en = len(state.zones[p]["deck"]), len(state.zones[p]["energy"])
        hit = min(hits[p], deck)
        deck, en = deck - hit, en + hit
        life = deck - ev.W_DANGER * (ev.DANGER_DECK - deck if deck < ev.DANGER_DECK else 0)
        if deck >= ev.EV_DECK_MIN:
            need = t - en if t > en else 0
            slack = en + deck - t - ev.EV_DECK_MIN - need / ev.EV_DAMAGE_PER_TURN
            reach = 1.0 if slack >= 0 else max(0.0, 1.0 + slack / ev.EV_SLACK)
            prog = min(en, t) / t
            life += ev.W_EV * prog * prog * reach
        res = state.res[p]
        armour = res.get("armour", 0) + res.get("decaying", 0)
        hand = len(state.zones[p]["hand"])
        assets = (ev.W_ENERGY * min(en, ev.ENERGY_CAP) + ev.W_HAND * min(hand, ev.HAND_CAP)
                  + ev.W_ARMOUR * min(armour, 4))
        return life + horizon * (assets + _slow_board_worth(state, p, gone))

    return max(-0.99, min(0.99, tanh((side(player) - side(1 - player)) / ev.EVAL_SCALE)))


def test_evaluate_equals_its_formulas_worked_out_from_scratch() -> None:
    """The evaluation, with each side's life and assets read from tables of values worked out once, equals the same
    formulas worked out from scratch, to the last bit, at every decision of games and of their clones (battles in
    progress included)."""
    for state in _seeded_states(clone_every=25):
        for p in (0, 1):
            assert RULES.evaluate(state, p) == _slow_evaluate(state, p)


def _slow_hand_options(state, p: int) -> list:
    """The main stage's plays from hand by the rules, each action built anew: a unit at or below the Leader's level
    into each empty Wing or Support zone (PTCG-TURN-06, PTCG-ROLE-04), then the Spells (PTCG-CARD-07/08) unless
    locked."""
    zones = state.zones[p]
    lvl = leader_level(state, p)
    plays, spells = [], []
    for c in zones["hand"]:
        d = state.defs[c]
        if d.type == "unit" and d.stats["level"] <= lvl:
            plays += [Action("play", (c, z)) for z in SLOTS if not zones[z]]
        elif d.type == "spell" and d.stats["cost"] <= min(len(zones["energy"]), lvl):
            spells.append(Action("cast", (c,)))
    return plays + (spells if spells and not RULES.locked(state, p, "spell") else [])


def test_hand_options_from_the_play_rows_equal_the_rules_PTCG_TURN_06() -> None:
    """PTCG-TURN-06, PTCG-ROLE-04: the main stage's plays, read from the play rows kept per set of empty zones, are
    the actions the rules list one by one, in the same order, for both players at every decision (clones included);
    each row holds the shared actions of ``PLAY_TO``."""
    played = 0
    for state, p in _live_sides(clone_every=25):
        fast = RULES.hand_options(state, p)
        assert fast == _slow_hand_options(state, p)
        played += len(fast)
        mask = empty_mask(state.zones[p])
        for c in state.zones[p]["hand"]:
            assert all(a is PLAY_TO[a.args[1]][c] for a in PLAY_ROWS[mask][c])
    assert played > 100


def test_board_worth_kept_in_memo_equals_a_fresh_count() -> None:
    """The evaluation's board worth of each side, kept in ``state.memo`` from one decision to the next and into
    clones, equals the worth counted afresh whenever it is there: after every action of seeded games and of greedy
    one-step lookaheads (a clone per legal action, as the bots score them), battles, Stasis, Mind Wipe and rested
    units included. Every position is evaluated first, so that each entry is carried through the next action."""
    from tcgkit.games.perfect_tcg.evaluation import board_worth
    from tcgkit.games.perfect_tcg.model import BOARD_WORTH

    kept = 0
    for state in _seeded_states(games=12, clone_every=20):
        if state.result is not None:
            continue
        RULES.evaluate(state, 0)  # fills the memo: the next action must forget what it changes
        children = [state.clone() for _ in state.legal_actions()[:6]]
        for child, action in zip(children, state.legal_actions(), strict=False):
            child.apply(action)
        for s in (state, *children):
            facts = board_facts(s.defs)
            for p in (0, 1):
                value = s.memo.get(BOARD_WORTH[p])
                if value is not None:
                    assert value == board_worth(s, s.zones[p], (), facts), (p, s.phase)
                    kept += 1
    assert kept > 1000
