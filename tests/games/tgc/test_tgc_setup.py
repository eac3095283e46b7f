"""TGC setup, mulligan, turn structure and the Draw Phase (TGC-1.x)."""

from __future__ import annotations

import pytest
from tgc_helpers import RULES, act, card, finish_mulligan, kinds, new_game, pass_window, pos, tapped

from tcgkit.core.actions import Action
from tcgkit.core.errors import DeckFileError


def test_two_players_only_tgc_1_1() -> None:
    """TGC-1.1: a game needs exactly two players."""
    with pytest.raises(DeckFileError, match="TGC-1.1"):
        RULES.new_game(["Station Crew"], 0)
    with pytest.raises(DeckFileError, match="TGC-1.1"):
        RULES.new_game(["Station Crew"] * 3, 0)
    assert RULES.new_game(["Station Crew", "Silicon Shift"], 0).result is None


def test_each_player_needs_a_deck_tgc_1_2() -> None:
    """TGC-1.2: a player without a deck (an empty main section) cannot start."""
    from tcgkit.core.decks import Deck

    empty = Deck("tgc", "Nothing", {"main": ()})
    with pytest.raises(DeckFileError, match="TGC-1.2.1"):
        RULES.new_game([empty, "Station Crew"], 0)


def test_coin_toss_is_fair_tgc_1_3() -> None:
    """TGC-1.3: over many seeds each player goes first about half the time."""
    firsts = [new_game(seed).vars["first_player"] for seed in range(200)]
    assert 70 < sum(firsts) < 130


def test_toss_winner_goes_first_no_choice_tgc_1_3_1() -> None:
    """TGC-1.3.1: the toss winner is the first turn player; nobody is asked to choose."""
    for seed in range(10):
        state = new_game(seed)
        first = state.vars["first_player"]
        assert kinds(state) <= {"mulligan", "keep"}
        finish_mulligan(state)
        assert state.turn == 1 and state.active == first


def test_opening_hand_tgc_1_4() -> None:
    """TGC-1.4: each player draws 5 (after a shuffle): 5 in hand, 35 in deck."""
    state = new_game(1)
    for p in (0, 1):
        assert len(state.zone(p, "hand")) == 5 and len(state.zone(p, "deck")) == 35
    assert [e.kind for e in state.log].count("shuffle") == 2


def test_keep_keeps_the_opening_hand_tgc_1_5() -> None:
    """TGC-1.5: declining the mulligan keeps the 5 opening cards."""
    state = new_game(2)
    first = state.vars["first_player"]
    hand = list(state.zone(first, "hand"))
    act(state, "keep")
    assert state.zone(first, "hand") == hand


def test_mulligan_swaps_one_card_face_down_tgc_1_5_1() -> None:
    """TGC-1.5.1: one card is put aside face down (never in the discard pile) and 1 is drawn. By default (TGC-1.5,
    hidden until both finish) the card lies face down under the deck, where no mulligan draw reaches it."""
    state = new_game(3)
    p = state.current
    c = state.zone(p, "hand")[0]
    top = state.zone(p, "deck")[-1]
    act(state, "mulligan", c)
    assert c not in state.zone(p, "hand") and top in state.zone(p, "hand") and len(state.zone(p, "hand")) == 5
    assert state.zone(p, "deck")[0] == c and state.cs[c].face_down
    assert state.zone(p, "discard") == [] and state.zone(p, "mulligan") == []
    assert not any(e.kind in ("discarded", "destroyed") for e in state.log)


def test_mulligan_pile_under_the_sequential_option_tgc_1_5_1() -> None:
    """TGC-1.5.1 under option ``mulligan_sequential``: the card goes to the face-down mulligan pile; deck 34."""
    state = new_game(3, mulligan_sequential=True)
    p = state.current
    c = state.zone(p, "hand")[0]
    act(state, "mulligan", c)
    assert len(state.zone(p, "hand")) == 5 and len(state.zone(p, "deck")) == 34
    assert state.zone(p, "mulligan") == [c] and state.cs[c].face_down
    assert state.zone(p, "discard") == []


@pytest.mark.parametrize("sequential", [False, True])
def test_at_most_three_swaps_tgc_1_5_1_2(sequential: bool) -> None:
    """TGC-1.5.1-2: a fourth swap is refused; the hand stays at 5. A drawn replacement may itself be swapped."""
    state = new_game(4, mulligan_sequential=sequential)
    p = state.current
    for _ in range(3):
        drawn_before = state.zone(p, "hand")[-1]
        act(state, "mulligan", drawn_before)
    assert "mulligan" not in kinds(state)
    with pytest.raises(Exception, match="illegal"):
        act(state, "mulligan", state.zone(p, "hand")[0])
    assert len(state.zone(p, "hand")) == 5


def test_set_aside_cards_are_never_redrawn_tgc_1_5_1() -> None:
    """TGC-1.5.1: a card put aside cannot come back by a mulligan draw, even from a deck of 2 (a scenario deck)."""
    state = pos(p0={"deck": ["Clown", "Intern"], "hand": ["Cook"]}, phase="mulligan",
                vars={"first_player": 0, "gs": "closed"})
    state.current = 0
    cook, intern, clown = card(state, 0, "Cook"), card(state, 0, "Intern"), card(state, 0, "Clown")
    act(state, "mulligan", cook)
    assert state.zone(0, "hand") == [intern]
    act(state, "mulligan", intern)
    assert state.zone(0, "hand") == [clown]
    act(state, "mulligan", clown)
    assert state.zone(0, "hand") == [] and state.zone(0, "deck") == [clown, intern, cook]
    assert "mulligan" not in kinds(state)


def test_swaps_one_at_a_time_tgc_1_5_1_3() -> None:
    """TGC-1.5.1-3: after one swap the player sees the new card and may stop or swap again."""
    state = new_game(5)
    p = state.current
    act(state, "mulligan", state.zone(p, "hand")[0])
    assert {"mulligan", "keep"} <= kinds(state) and state.current == p
    assert len(state.zone(p, "hand")) == 5  # the replacement is already in hand, before the next choice


def test_counts_hidden_until_both_finish_tgc_1_5() -> None:
    """TGC-1.5 (catalog default, simultaneous): the players decide in turn, but the second player's observation is
    the same whether the first swapped 0 or 3 cards; both counts are told once both have finished."""
    def views(swaps: int) -> tuple[dict, dict]:
        state = new_game(6)
        p = state.current
        before = state.observation(1 - p)
        for _ in range(swaps):
            act(state, "mulligan", state.zone(p, "hand")[0])
        act(state, "keep")
        view = state.observation(1 - p)
        return before, view
    for swaps in (1, 3):
        before, view = views(swaps)
        zero = views(0)[1]
        assert view["players"] == zero["players"] and view["mulligans"] == [0, 0]
        assert view["log"] == zero["log"] and view["legal_actions"] == zero["legal_actions"]
        assert before["players"] == view["players"]


def test_opponent_sees_only_the_count_tgc_1_5_1_x() -> None:
    """TGC-1.5.1.x: once both have finished, the opponent learns how many cards were swapped, never which."""
    state = new_game(6)
    p = state.current
    c = state.zone(p, "hand")[0]
    act(state, "mulligan", c)
    act(state, "keep")
    act(state, "keep")
    view = state.observation(1 - p)
    assert view["mulligans"][p] == 1
    counts = [e for e in view["log"] if e["kind"] == "mulligan_count"]
    assert {(e["player"], e["data"][0]) for e in counts} == {(p, 1), (1 - p, 0)}
    assert all(e.get("card") is None for e in view["log"] if e["kind"].startswith("mulligan"))
    assert not state.visible(c, 1 - p)


def test_sequential_option_shows_the_count_at_once_tgc_1_5() -> None:
    """TGC-1.5 second reading (option ``mulligan_sequential``): the first player mulligans, then the second, who
    already sees the first player's count."""
    state = new_game(6, mulligan_sequential=True)
    p = state.current
    c = state.zone(p, "hand")[0]
    act(state, "mulligan", c)
    view = state.observation(1 - p)
    assert view["players"][p]["zones"]["mulligan"] == {"count": 1}
    assert view["mulligans"][p] == 1
    assert not state.visible(c, 1 - p) and state.visible(c, p)


@pytest.mark.parametrize("sequential", [False, True])
def test_mulliganed_cards_shuffled_back_tgc_1_5_3(sequential: bool) -> None:
    """TGC-1.5.3: after both players finish, the set-aside cards go back into their decks, which are shuffled."""
    state = new_game(7, mulligan_sequential=sequential)
    first = state.vars["first_player"]
    swapped = [state.zone(first, "hand")[0]]
    act(state, "mulligan", swapped[0])
    swapped.append(state.zone(first, "hand")[0])
    act(state, "mulligan", swapped[1])
    shuffles = [e.kind for e in state.log].count("shuffle")
    act(state, "keep")
    assert [e.kind for e in state.log].count("shuffle") == shuffles  # not before both have finished
    act(state, "keep")
    assert state.zone(first, "mulligan") == []
    assert len(state.zone(first, "deck")) == 34 and len(state.zone(first, "hand")) == 6  # + the turn-1 draw
    assert len(state.zone(1 - first, "deck")) == 35 and len(state.zone(1 - first, "hand")) == 5
    assert [e.kind for e in state.log].count("shuffle") == shuffles + 2
    assert state.res[first]["mulligans"] == 2
    assert all(c not in state.cs or not state.cs[c].face_down for c in swapped)


def test_starting_heathshards_and_plasma_tgc_1_6() -> None:
    """TGC-1.6 / TGC-1.6-2: 20 HS and 1 plasma each; the second player keeps its 1 plasma in turn 1."""
    state = new_game(8)
    finish_mulligan(state)
    second = 1 - state.vars["first_player"]
    assert state.res[0]["hs"] == state.res[1]["hs"] == 20
    assert state.res[second]["plasma"] == 1


def test_second_player_spends_plasma_on_the_first_turn_tgc_1_6_2() -> None:
    """TGC-1.6-2: the second player's 1 plasma pays for an Instant in an Open Quick of the first player's turn."""
    state = pos(p1={"hand": ["Glitch in the System"]}, phase="standby", turn=1, res1={"plasma": 1, "draws": 0})
    act(state, "do_nothing")
    glitch = card(state, 1, "Glitch in the System")
    assert Action("play", (glitch,)) in state.legal_actions()
    act(state, "play", glitch)
    assert state.res[1]["plasma"] == 0


def test_game_begins_with_first_players_draw_phase_tgc_1_7() -> None:
    """TGC-1.7: the first phase is the toss winner's Draw Phase: plasma 1, 6 cards in hand."""
    state = new_game(9)
    finish_mulligan(state)
    first = state.vars["first_player"]
    phases = [e.data[0] for e in state.log if e.kind == "phase"]
    assert phases[:2] == ["draw", "standby"]
    assert state.res[first]["plasma"] == 1 and len(state.zone(first, "hand")) == 6


def test_second_player_keeps_the_coin_tgc_1_8() -> None:
    """TGC-1.8: the second player holds the coin, heads up; the first player is never offered Flip Coin."""
    state = new_game(10)
    finish_mulligan(state)
    first = state.vars["first_player"]
    assert state.vars["coin"] == (1 - first, "heads")
    pass_window(state)
    pass_window(state)
    assert state.vars["gs"] == "play" and "flip_coin" not in kinds(state)


def test_phase_order_tgc_1_9_and_no_second_play_phase_tgc_1_9_x() -> None:
    """TGC-1.9: Standby, Play, Battle, End in order; TGC-1.9.x: after the Battle Phase comes the End Phase."""
    state = pos(phase="standby")
    seen = [state.phase]
    for _ in range(3):
        pass_window(state)
        if state.vars["gs"] != "quick":
            act(state, "pass_phase")
            pass_window(state)
        seen.append(state.phase)
    assert seen == ["standby", "play", "battle", "end"]


def test_draw_phase_order_tgc_1_10() -> None:
    """TGC-1.10: plasma set, then the draw, then the untap, then the phase change, with no input between."""
    state = pos(phase="end", active=1, p0={"field": ["Bartender"]}, cards0=[{"name": "Bartender", "zone": "field",
                                                                           "tapped": True}])
    start = len(state.log)
    decisions = state.decisions
    pass_window(state)
    kinds_ = [e.kind for e in state.log[start:]]
    order = [kinds_.index(k) for k in ("plasma", "move", "untap")]
    assert order == sorted(order)
    standby = max(i for i, e in enumerate(state.log[start:]) if e.kind == "phase")
    assert standby > order[-1]
    assert state.decisions == decisions + 2


def test_plasma_is_set_not_added_tgc_1_10_1() -> None:
    """TGC-1.10.1: 3 unspent plasma, 4th Draw Phase: exactly 4 plasma."""
    state = pos(phase="end", active=1, res0={"plasma": 3, "draws": 3})
    pass_window(state)
    assert state.res[0]["plasma"] == 4


def test_second_players_first_turn_has_one_plasma_tgc_1_10_1_x() -> None:
    """TGC-1.10.1.x: the game's second turn is the second player's first: 1 plasma, not 2."""
    state = new_game(11)
    finish_mulligan(state)
    second = 1 - state.active
    while state.active != second:
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        act(state, "do_nothing")
    assert state.turn == 2 and state.res[second]["plasma"] == 1


def test_draw_phase_draws_one_tgc_1_10_2() -> None:
    """TGC-1.10.2: hand +1, deck -1 in the Draw Phase; an empty deck draws nothing and does not lose."""
    state = pos(phase="end", active=1)
    pass_window(state)
    assert len(state.zone(0, "hand")) == 1 and len(state.zone(0, "deck")) == 4
    empty = pos(phase="end", active=1, p0={"deck": []})
    pass_window(empty)
    assert empty.result is None and empty.zone(0, "hand") == []


def test_untap_own_cards_only_tgc_1_10_3() -> None:
    """TGC-1.10.3 / TGC-1.11.d: the turn player's tapped cards untap; the opponent's stay tapped."""
    state = pos(phase="end", active=1, p0={"field": ["Bartender"]}, p1={"field": ["Clown"]},
                cards0=[{"name": "Bartender", "zone": "field", "tapped": True}],
                cards1=[{"name": "Clown", "zone": "field", "tapped": True}])
    pass_window(state)
    assert not tapped(state, card(state, 0, "Bartender")) and tapped(state, card(state, 1, "Clown"))


def test_automatic_pass_phase_opens_standby_quick_tgc_1_10_4_and_1_10_5() -> None:
    """TGC-1.10.4: the phase becomes Standby with no input; TGC-1.10.5 / TGC-2.5.1: the Draw Phase offers nobody
    anything: the first decision of the turn is the turn player's Open Quick in the Standby Phase."""
    state = pos(phase="end", active=1)
    pass_window(state)
    assert (state.phase, state.vars["gs"], state.current) == ("standby", "quick", 0)


def test_draw_phase_never_a_decision_point_tgc_2_5_1() -> None:
    """TGC-2.5.1: over whole random games no decision is ever made in a Draw Phase."""
    from tcgkit.bots import RandomBot, View

    for seed in range(5):
        state = new_game(seed)
        bots = (RandomBot(seed), RandomBot(seed + 1))
        while state.result is None:
            assert state.phase != "draw"
            state.apply(bots[state.current].choose(View(state, state.current)))


def test_draw_takes_the_top_card_tgc_1_11_a() -> None:
    """TGC-1.11.a: drawing moves exactly the top card of the deck into the hand."""
    state = pos()
    top = state.zone(0, "deck")[-1]
    assert RULES.draw(state, 0) == top and state.zone(0, "hand") == [top]


def test_destroyed_goes_to_discard_with_attachments_tgc_1_11_b() -> None:
    """TGC-1.11.b / TGC-1.11.b.1: a destroyed creature and its Equipment go to the owners' discard piles."""
    state = pos(p0={"hand": ["Crusader Armour"]}, p1={"field": ["Bartender"]}, res0={"plasma": 5})
    bart = card(state, 1, "Bartender")
    suit = card(state, 0, "Crusader Armour")  # no On Equip: it may go on either side (TGC-3.3.3.b.1)
    act(state, "play", suit, bart)
    RULES.destroy(state, bart)
    assert state.zone(1, "discard") == [bart] and state.zone(0, "discard") == [suit]


def test_tap_and_untap_flags_tgc_1_11_c_and_1_11_d() -> None:
    """TGC-1.11.c: tapping (after an attack) sets ``tapped``; TGC-1.11.d: the untap of its controller's next Draw
    Phase clears it."""
    state = pos(phase="battle", p0={"field": ["Bartender"]})
    bart = card(state, 0, "Bartender")
    act(state, "attack", bart)
    pass_window(state)
    assert tapped(state, bart)
    while not (state.active == 0 and state.phase == "standby" and state.turn >= 5):
        if state.vars["gs"] in ("play", "battle"):
            act(state, "pass_phase")
        act(state, "do_nothing")
        if state.active == 1:
            assert tapped(state, bart)
    assert not tapped(state, bart)


def test_zero_heathshards_loses_at_once_tgc_1_12() -> None:
    """TGC-1.12 / TGC-1.12.1 / TGC-1.12.x: 3 HS, a 3-power direct attack: the defender loses at once, even in the
    Closed resolution; the rest of it (tapping the attacker) is not carried out."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, res1={"hs": 3})
    bart = card(state, 0, "Bartender")
    act(state, "attack", bart)
    pass_window(state)
    assert state.result is not None and state.result.winner == 0 and state.result.clause == "TGC-1.12.1"
    assert not tapped(state, bart)


def test_a_sample_keeps_the_players_own_set_aside_cards_tgc_1_5_1_2() -> None:
    """TGC-1.5.1-2 under determinization (issue 21, Core 16): a player who has swapped 3 times may only keep, and a
    bot's sample of the position (hidden cards re-dealt from that player's view) must say the same: the player
    knows which cards it set aside under its deck, so the sample keeps them there, face down."""
    from tcgkit.core.rng import Rng

    state = new_game(4)
    p = state.current
    for _ in range(3):
        act(state, "mulligan", state.zone(p, "hand")[-1])
    aside = state.zone(p, "deck")[:3]
    for salt in range(5):
        sample = state.clone()
        sample.determinize(p, Rng(salt))
        assert kinds(sample) == {"keep"}
        assert sample.zone(p, "deck")[:3] == aside and all(sample.cs[c].face_down for c in aside)
