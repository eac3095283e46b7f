"""The hot path's shortcuts (issue 19) give what the rules work out the long way: the per-game card sets kept in
``state.memo``, Fury's refusal of Pass Phase found while listing the attacks (TGC-0.2), the board's cost changes read
once per hand (TGC-3.3.1.1), the printed keyword lists and immunities of cards with no status or Equipment (TGC-0.2,
TGC-1.8), and ``evaluate``'s strength of a creature. Checked at every decision of seeded random-bot games."""

from __future__ import annotations

from tgc_helpers import RULES, card, pos

from tcgkit.bots import RandomBot, View
from tcgkit.core.state import GameState
from tcgkit.games.tgc import verbs
from tcgkit.games.tgc.model import KEYWORDS
from tcgkit.games.tgc.rules import FIELD, INSTANT, card_sets

DECKS = list(RULES.decks().values())


def _states(games: int = 6):
    """Every decision point of ``games`` seeded random-bot games (decks paired in turn)."""
    for g in range(games):
        state = RULES.new_game([DECKS[g % len(DECKS)], DECKS[(g + 1) % len(DECKS)]], seed=g)
        bots = (RandomBot(2 * g + 1), RandomBot(2 * g + 2))
        while state.result is None:
            yield state
            state.apply(bots[state.current].choose(View(state, state.current)))


def _board(state: GameState) -> list[int]:
    return [c for p in (0, 1) for z in FIELD for c in state.zones[p][z]]


def _keywords_the_long_way(state: GameState, card: int) -> list[str]:
    d = state.defs[card]
    names = {k for k in d.fields["kw"] if ":" in k or k not in d.fields["kwp"]}
    st = state.cs.get(card)
    if st is not None:
        live = verbs._status_live
        names.update(k for k, v in st.status.items() if k.partition(":")[0] in KEYWORDS and live(state, v))
        for eq in st.attached:
            names.update(g.partition("@")[0] for g in state.defs[eq].fields["grants"])
    return sorted(k for k in names if k.partition(":")[0] in KEYWORDS and verbs.has_kw(state, card, k))


def _has_kw_the_long_way(state: GameState, card: int, kw: str) -> bool:
    st = state.cs.get(card)
    if st is not None and (st.status or st.attached):
        nul = st.status.get("nullified")
        if (nul and verbs._status_live(state, nul)) or st.status.get("no:" + kw):
            return False
        val = st.status.get(kw)
        if val is not None and verbs._status_live(state, val):
            return True
        for eq in st.attached:
            if not verbs.nullified(state, eq) and any(
                    verbs._grant_matches(state, card, g, kw) for g in state.defs[eq].fields["grants"]):
                return True
    return kw in state.defs[card].fields["kw"]


def _affectable_the_long_way(state: GameState, target: int, source: int) -> bool:
    sd = state.defs[source]
    if sd.type in ("instant", "event", "hex") and verbs.has_kw(state, target, "Holy"):
        return False
    if sd.type == "battlefield" and verbs.has_kw(state, target, "Immunity:Battlefields"):
        return False
    if verbs.immune_to(state, target, source):
        return False
    return not (source != target and sd.type != "equipment" and verbs.has_kw(state, target, "Immunity:Effects"))


def test_card_sets_equal_the_definitions_at_every_decision() -> None:
    """The card sets kept in ``state.memo`` are those of ``state.defs`` at every decision."""
    for state in _states():
        sets = card_sets(state)
        defs = state.defs
        assert sets["instant"] == {i for i, d in enumerate(defs) if d.type == INSTANT}
        for key in ("acts", "qacts", "at"):
            assert sets[key] == {i for i, d in enumerate(defs) if d.fields[key]}


def test_card_sets_of_a_clone_with_a_token_are_its_own() -> None:
    """A token added to a clone extends its card sets, not its original's (the memo entry is worked out anew)."""
    state = RULES.new_game(DECKS[:2], seed=3)
    before = card_sets(state)
    twin = state.clone()
    instant = next(d for d in RULES.pool() if d.type == INSTANT)
    token = twin.add_instance(instant, 0)
    assert token in card_sets(twin)["instant"]
    assert token not in card_sets(state)["instant"] and card_sets(state) is before


def test_fury_refusal_found_with_the_attacks_tgc_0_2() -> None:
    """TGC-0.2 Fury: the refusal of Pass Phase that the attack listing finds is the one worked out on its own."""
    battles = 0
    for state in _states():
        if state.phase != "mulligan" and state.vars["gs"] == "battle":
            p = state.current
            assert RULES._attacks(state, p, []) == RULES._fury_must_attack(state, p)
            battles += 1
    assert battles > 0


def test_fury_refusal_with_the_attacks_on_a_fury_creature_tgc_0_2() -> None:
    """TGC-0.2 Fury: an untapped Fury creature able to attack refuses Pass Phase, a tapped one does not, both ways."""
    state = pos(phase="battle", p0={"field": ["Elite Syndicate Nuclear Stormtrooper"]}, p1={"field": ["Bartender"]})
    assert RULES._attacks(state, 0, []) is True and RULES._fury_must_attack(state, 0) is True
    state.card_state(card(state, 0, "Elite Syndicate Nuclear Stormtrooper")).tapped = True
    assert RULES._attacks(state, 0, []) is False and RULES._fury_must_attack(state, 0) is False


def test_costs_with_the_board_read_once_equal_costs_read_alone_tgc_3_3_1_1() -> None:
    """TGC-3.3.1.1: a hand card's cost with the board's changes worked out once equals its cost worked out alone."""
    for state in _states(3):
        for p in (0, 1):
            board = RULES.cost_board(state, p)
            for c in state.zones[p]["hand"]:
                assert RULES.card_cost(state, p, c, board) == RULES.card_cost(state, p, c)


def test_keyword_lists_and_immunities_of_the_board_tgc_1_8() -> None:
    """TGC-1.8, TGC-0.2: each board card's keyword list and what may affect it equal the long way's answers."""
    for state in _states(4):
        board = _board(state)
        for c in board:
            assert verbs.keywords_of(state, c) == _keywords_the_long_way(state, c)
            for src in board:
                assert verbs.affectable(state, c, src) == _affectable_the_long_way(state, c, src)


def test_strength_in_evaluate_equals_the_stats() -> None:
    """``evaluate``'s strength of a creature is its power plus half its resolve, as ``stat`` gives them."""
    for state in _states(3):
        for p in (0, 1):
            for c in state.zones[p]["field"]:
                assert RULES._strength(state, c) == RULES.stat(state, c, "power") + RULES.stat(state, c, "resolve") // 2


def test_keywords_granted_by_equipment_tgc_1_8() -> None:
    """TGC-1.8: a board card has a keyword (printed, granted, or from its Equipment) as the long way says."""
    equipped = 0
    for state in _states(4):
        for c in _board(state):
            st = state.cs.get(c)
            equipped += bool(st is not None and st.attached)
            names = {g.partition("@")[0] for eq in (st.attached if st is not None else ())
                     for g in state.defs[eq].fields["grants"]}
            for kw in KEYWORDS | names | state.defs[c].fields["kw"]:
                assert verbs.has_kw(state, c, kw) == _has_kw_the_long_way(state, c, kw)
    assert equipped > 0


def test_faction_conditioned_grants_tgc_1_8() -> None:
    """TGC-1.8: the R.I.O.T. Carapace grants Unstoppable to a Security creature and Taunt to any other."""
    riot = "Apadyne Technologies Mk.3 R.I.O.T. Carapace"
    state = pos(p0={"field": ["Bartender", "Security Officer"], "hand": [riot, riot]})
    bart, officer = card(state, 0, "Bartender"), card(state, 0, "Security Officer")
    for host, eq in zip((bart, officer), [c for c in state.zones[0]["hand"]], strict=True):
        RULES.attach(state, eq, host)
    for c, has, lacks in ((bart, "Taunt", "Unstoppable"), (officer, "Unstoppable", "Taunt")):
        assert verbs.has_kw(state, c, has) and _has_kw_the_long_way(state, c, has)
        assert not verbs.has_kw(state, c, lacks) and not _has_kw_the_long_way(state, c, lacks)


def test_end_of_turn_changes_only_a_clones_own_records_tgc_2_5_4_d() -> None:
    """TGC-2.5.4.d: a "this turn" status expiring in a clone leaves its original's record as it was, and the clone's
    record shares no list with it afterwards; a record with nothing expiring is not copied."""
    state = pos(p0={"field": ["Bartender", "Botanist"]}, phase="end")
    bart, bot = card(state, 0, "Bartender"), card(state, 0, "Botanist")
    state.card_state(bart).status["Taunt"] = -1  # granted until the end of the turn
    state.card_state(bot).status["Taunt"] = 1  # permanent
    twin = state.clone()
    RULES.end_turn(twin)
    assert "Taunt" not in twin.cs[bart].status and state.cs[bart].status == {"Taunt": -1}
    twin.card_state(bart).mods.append(("power", 1, "permanent"))
    assert state.cs[bart].mods == [] and twin.cs[bart] is not state.cs[bart]
    assert twin.cs[bot] is state.cs[bot]  # nothing expired: still shared
