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
