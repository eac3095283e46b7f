"""The Open and Closed gamestates (TGC-2, TGC-3.1, TGC-3.2) and the per-gamestate action lists (TGC-2.4)."""

from __future__ import annotations

import json

import pytest
from tgc_helpers import RULES, act, card, kinds, new_game, pass_window, pos

from tcgkit.bots import RandomBot, View
from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction

GAMESTATES = {"closed", "play", "battle", "quick", "block"}


def test_always_one_gamestate_tgc_2_and_2_3() -> None:
    """TGC-2 / TGC-2.3: at every decision the gamestate is exactly one of Closed (a resolution choice or the
    block), Open Play, Open Battle or Open Quick."""
    for seed in range(4):
        state = new_game(seed, ("Odd Lot", "Grab Bag"))
        bots = (RandomBot(seed), RandomBot(seed + 9))
        while state.result is None:
            gs = state.vars["gs"]
            assert gs in GAMESTATES
            if state.phase != "mulligan" and state.pending is None:
                assert gs != "closed"
            state.apply(bots[state.current].choose(View(state, state.current)))


def _pending_choice_state():
    state = pos(p0={"hand": ["Re-Education"]}, p1={"field": ["Bartender", "Clown"], "hand": ["Re-Education"]},
                res0={"plasma": 2}, res1={"plasma": 2})
    act(state, "play", card(state, 0, "Re-Education"))
    return state


def test_closed_while_resolving_tgc_2_1_and_3_1() -> None:
    """TGC-2.1 / TGC-3.1: while Play A Card resolves the gamestate is Closed: only the card's choice is offered,
    and the other player's Instant is refused."""
    state = _pending_choice_state()
    assert state.vars["gs"] == "closed" and state.current == 0
    assert kinds(state) == {"choose"}
    with pytest.raises(IllegalAction):
        act(state, "play", card(state, 1, "Re-Education"))


def test_effect_user_chooses_in_closed_tgc_2_1_b() -> None:
    """TGC-2.1.b: the player resolving an effect with a choice makes it while Closed; the opponent gets nothing."""
    state = pos(p0={"field": ["Captain"]}, p1={"field": ["Bartender", "Clown"]}, res0={"plasma": 1})
    act(state, "activate", card(state, 0, "Captain"), "0")
    assert state.vars["gs"] == "closed" and state.current == 0 and kinds(state) == {"choose"}


def test_surrender_any_time_tgc_2_1_a() -> None:
    """TGC-2.1.a: a player may surrender even in a Closed gamestate; the other wins. As an option, Surrender is
    offered at every decision."""
    state = _pending_choice_state()
    RULES.surrender(state, 1)
    assert state.result.winner == 0 and state.result.clause == "TGC-2.1.a"
    offered = pos(options={"surrender_action": True})
    assert Action("surrender") in offered.legal_actions()
    act(offered, "surrender")
    assert offered.result.winner == 1


def test_one_holder_tgc_2_2() -> None:
    """TGC-2.2: in Open Play held by the turn player the non-turn player is offered nothing: no action of theirs
    (their Instant) is legal."""
    state = pos(p1={"hand": ["Re-Education"]}, res1={"plasma": 5})
    assert state.current == 0
    theirs = card(state, 1, "Re-Education")
    assert all(theirs not in a.args for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        act(state, "play", theirs)


def test_action_lists_per_gamestate_tgc_2_4() -> None:
    """TGC-2.4: the holder is offered exactly the actions of the gamestate's list."""
    play = pos(p0={"hand": ["Bartender"], "field": ["Captain"]}, p1={"field": ["Clown"]}, res0={"plasma": 9},
               vars={"first_player": 1, "coin": [0, "heads"]}, turn=4)
    assert kinds(play) == {"play", "activate", "pass_phase", "flip_coin"}
    battle = pos(phase="battle", p0={"field": ["Bartender"]})
    assert kinds(battle) <= {"play", "activate", "pass_phase", "attack"}
    quick = pos(phase="standby", p0={"hand": ["Re-Education"]}, res0={"plasma": 5})
    assert kinds(quick) <= {"play", "activate", "do_nothing"}


def test_open_play_list_tgc_2_4_1() -> None:
    """TGC-2.4.1: Open Play offers Play A Card, Activate, Pass Phase and Flip Coin (coin holder); never Do Nothing
    or Declare Battle."""
    state = pos(active=1, p1={"field": ["Bartender"], "hand": ["Botanist"]}, res1={"plasma": 3},
                vars={"coin": [1, "heads"]})
    assert {"play", "pass_phase", "flip_coin"} <= kinds(state)
    assert not {"do_nothing", "attack"} & kinds(state)


def test_open_play_any_card_type_tgc_2_4_1_a() -> None:
    """TGC-2.4.1.a: in Open Play an Event, a Creature and a Battlefield can each be played; in Open Quick only an
    Instant."""
    hand = ["Weekend at Nanotrasen's", "Bartender", "Economy Crash", "Bag of Greed"]
    state = pos(p0={"hand": hand, "discard": ["Botanist"]}, res0={"plasma": 9})
    played = {state.defs[a.args[0]].name for a in state.legal_actions() if a.kind == "play"}
    assert played == set(hand)
    quick = pos(phase="standby", p0={"hand": hand, "discard": ["Botanist"]}, res0={"plasma": 9})
    assert {quick.defs[a.args[0]].name for a in quick.legal_actions() if a.kind == "play"} == {"Bag of Greed"}


def test_non_quick_effects_in_open_play_only_tgc_2_4_1_b() -> None:
    """TGC-2.4.1.b: a non-Quick tap effect (Captain) can be activated in Open Play but not in Open Quick."""
    play = pos(p0={"field": ["Captain"]}, p1={"field": ["Clown"]}, res0={"plasma": 1})
    assert "activate" in kinds(play)
    quick = pos(phase="standby", p0={"field": ["Captain"]}, p1={"field": ["Clown"]}, res0={"plasma": 1})
    assert "activate" not in kinds(quick)


def test_open_battle_list_tgc_2_4_2() -> None:
    """TGC-2.4.2: Open Battle offers Declare Battle and Pass Phase, not Flip Coin or Do Nothing."""
    state = pos(phase="battle", active=1, p1={"field": ["Bartender"]}, vars={"coin": [1, "heads"]})
    assert {"attack", "pass_phase"} <= kinds(state)
    assert not {"flip_coin", "do_nothing"} & kinds(state)


def test_open_battle_instants_only_tgc_2_4_2_a_x_and_0_3() -> None:
    """TGC-2.4.2.a.x (a '.x' rule enforced, TGC-0.3): in Open Battle only Instants can be played."""
    state = pos(phase="battle", p0={"hand": ["Bartender", "Weekend at Nanotrasen's", "Bag of Greed"],
                                    "discard": ["Botanist"]}, res0={"plasma": 9})
    assert {state.defs[a.args[0]].name for a in state.legal_actions() if a.kind == "play"} == {"Bag of Greed"}


def test_open_battle_quick_or_battle_effects_tgc_2_4_2_b_a() -> None:
    """TGC-2.4.2.b.a: in Open Battle a non-Quick tap effect (Captain) is refused; a Quick effect (Station
    Engineer) is allowed."""
    state = pos(phase="battle", p0={"field": ["Captain", "Station Engineer"]}, p1={"field": ["Clown"]},
                res0={"plasma": 3})
    sources = {state.defs[a.args[0]].name for a in state.legal_actions() if a.kind == "activate"}
    assert sources == {"Station Engineer"}


def test_open_quick_list_tgc_2_4_3() -> None:
    """TGC-2.4.3: Open Quick never offers Pass Phase, Declare Battle or Flip Coin; Do Nothing always."""
    state = pos(phase="battle", p0={"field": ["Bartender"]}, vars={"gs": "quick", "coin": [0, "heads"]})
    assert "do_nothing" in kinds(state)
    assert not {"pass_phase", "attack", "flip_coin"} & kinds(state)


def test_open_quick_instants_only_tgc_2_4_3_a_x() -> None:
    """TGC-2.4.3.a.x: the non-turn player holding an Open Quick may play an Instant, not a Creature, Equipment,
    Event or Battlefield."""
    hand = ["Bag of Greed", "Bartender", "Crusader Armour", "Weekend at Nanotrasen's", "Economy Crash"]
    state = pos(p1={"hand": hand, "field": ["Clown"], "discard": ["Botanist"]}, res1={"plasma": 9},
                vars={"gs": "quick"})
    act(state, "do_nothing")
    assert state.current == 1
    assert {state.defs[a.args[0]].name for a in state.legal_actions() if a.kind == "play"} == {"Bag of Greed"}


def test_quick_effects_only_in_open_quick_tgc_2_4_3_b_1() -> None:
    """TGC-2.4.3.b.1: a non-Quick 'On Summon' effect cannot be used in the Open Quick after the play; a Quick
    effect (Station Engineer) can."""
    state = pos(p0={"hand": ["Curator"], "field": ["Station Engineer"]}, res0={"plasma": 5})
    act(state, "play", card(state, 0, "Curator"))
    sources = {state.defs[a.args[0]].name for a in state.legal_actions() if a.kind == "activate"}
    assert sources == {"Station Engineer"}


def test_effects_expose_quick_and_battle_flags_tgc_2_4_3_b_1_2() -> None:
    """TGC-2.4.3.b.1-2: each effect exposes whether it is Quick and whether it may be used in the Battle Phase."""
    pool = RULES.pool()
    engi = pool.get("engi").effects[0]
    captain = pool.get("captain").effects[0]
    assert engi.params.get("quick") is True and not captain.params.get("quick")
    assert captain.params.get("battle") is None


def test_default_per_phase_tgc_2_5_and_2_5_2() -> None:
    """TGC-2.5 / TGC-2.5.2: an Open Quick with nothing pending defaults to the phase's gamestate: Open Play in the
    Play Phase, Open Battle in the Battle Phase."""
    play = pos(vars={"gs": "quick"})
    pass_window(play)
    assert play.vars["gs"] == "play"
    battle = pos(phase="battle", vars={"gs": "quick"})
    pass_window(battle)
    assert battle.vars["gs"] == "battle"


def test_default_goes_to_turn_player_tgc_2_5_3() -> None:
    """TGC-2.5.3: the non-turn player makes the second Do Nothing; the resulting Open Play is the turn player's."""
    state = pos(vars={"gs": "quick"})
    act(state, "do_nothing")
    assert state.current == 1
    act(state, "do_nothing")
    assert state.current == 0 and state.vars["gs"] == "play"


def test_nonturn_player_waits_option_tgc_2_5_3_x() -> None:
    """TGC-2.5.3.x: by default (reading a) the non-turn player may play an Instant in a Play Phase Open Quick; the
    option ``nonturn_waits`` (reading c) makes them wait for the turn player's first Pass Phase."""
    kw = {"p1": {"hand": ["Bag of Greed"]}, "res1": {"plasma": 5}, "vars": {"gs": "quick"}}
    default = pos(**kw)
    act(default, "do_nothing")
    assert "play" in kinds(default)
    waiting = pos(**kw, options={"nonturn_waits": True})
    act(waiting, "do_nothing")
    assert kinds(waiting) == {"do_nothing"}
    act(waiting, "do_nothing")
    act(waiting, "pass_phase")
    act(waiting, "do_nothing")
    assert "play" in kinds(waiting)


def test_standby_default_ends_the_phase_tgc_2_5_4_a() -> None:
    """TGC-2.5.4.a: in the Standby Phase the default (Open Quick) ends the phase: Play Phase, new Open Quick."""
    state = pos(phase="standby")
    pass_window(state)
    assert (state.phase, state.vars["gs"], state.current) == ("play", "quick", 0)


def test_play_phase_default_open_play_tgc_2_5_4_b() -> None:
    """TGC-2.5.4.b: the Play Phase's default is Open Play held by the turn player."""
    state = pos(phase="standby")
    pass_window(state)
    pass_window(state)
    assert (state.vars["gs"], state.current) == ("play", 0)


def test_battle_phase_starts_with_quick_then_open_battle_tgc_2_5_4_c() -> None:
    """TGC-2.5.4.c: entering the Battle Phase the turn player holds an Open Quick, then Open Battle."""
    state = pos()
    act(state, "pass_phase")
    pass_window(state)
    assert (state.phase, state.vars["gs"]) == ("battle", "quick")
    pass_window(state)
    assert state.vars["gs"] == "battle"


def test_end_phase_default_ends_the_turn_tgc_2_5_4_d() -> None:
    """TGC-2.5.4.d: End Phase, both do nothing: the turn ends and the opponent's turn begins."""
    state = pos(phase="end")
    pass_window(state)
    assert (state.turn, state.active, state.phase) == (4, 1, "standby")


def test_control_actions_change_no_card_tgc_3_2() -> None:
    """TGC-3.2: Pass Phase and Do Nothing change no card, HS or plasma value."""
    state = pos(p0={"field": ["Bartender"], "hand": ["Botanist"]}, res0={"plasma": 4})
    before = json.dumps([state.res, {k: v.to_json() for k, v in state.cs.items()}, state.zones])
    act(state, "pass_phase")
    act(state, "do_nothing")
    assert json.dumps([state.res, {k: v.to_json() for k, v in state.cs.items()}, state.zones]) == before


def test_do_nothing_does_not_close_tgc_3_2_1_and_3_4_2_x() -> None:
    """TGC-3.2.1 / TGC-3.4.2.x: Do Nothing hands the Open Quick straight over without a Closed gamestate, so the
    trigger window of the previous action is still open; the phase change after Pass Phase ends it."""
    state = pos(p0={"hand": ["Curator"]}, res0={"plasma": 5})
    curator = card(state, 0, "Curator")
    act(state, "play", curator)
    window = state.vars["win"]
    assert window
    act(state, "do_nothing")
    assert state.vars["win"] == window and state.vars["gs"] == "quick"
    act(state, "do_nothing")
    assert state.vars["win"] == window
    act(state, "pass_phase")
    pass_window(state)
    assert state.vars["win"] == ()


def test_pass_phase_opens_quick_tgc_3_2_a_1() -> None:
    """TGC-3.2.a.1: Pass Phase in Open Play opens an Open Quick held by the turn player; the phase stays."""
    state = pos()
    act(state, "pass_phase")
    assert (state.phase, state.vars["gs"], state.current, state.vars["pend"]) == ("play", "quick", 0, "phase")


def test_pending_phase_change_survives_actions_tgc_3_2_a_1_2() -> None:
    """TGC-3.2.a.1-2: after Pass Phase, the non-turn player plays an Instant; the next default still changes the
    phase."""
    state = pos(p1={"hand": ["Bag of Greed"]}, res1={"plasma": 5})
    act(state, "pass_phase")
    act(state, "do_nothing")
    act(state, "play", card(state, 1, "Bag of Greed"))
    assert state.phase == "play" and state.vars["pend"] == "phase"
    pass_window(state)
    assert state.phase == "battle"


def test_quick_after_phase_change_tgc_3_2_a_2() -> None:
    """TGC-3.2.a.2: after the phase changes an Open Quick (not the phase's default) opens."""
    state = pos()
    act(state, "pass_phase")
    pass_window(state)
    assert state.vars["gs"] == "quick" and state.current == 0


def test_do_nothing_hands_over_tgc_3_2_b_1() -> None:
    """TGC-3.2.b.1: after the turn player's Do Nothing the non-turn player holds an Open Quick."""
    state = pos(vars={"gs": "quick"})
    act(state, "do_nothing")
    assert (state.current, state.vars["gs"]) == (1, "quick")


def test_two_consecutive_do_nothing_default_tgc_3_2_b_2() -> None:
    """TGC-3.2.b.2: any action between two Do Nothing restarts the count."""
    state = pos(p1={"hand": ["Bag of Greed"]}, res1={"plasma": 5}, vars={"gs": "quick"})
    act(state, "do_nothing")
    act(state, "play", card(state, 1, "Bag of Greed"))
    act(state, "do_nothing")
    assert state.vars["gs"] == "quick" and state.current == 1
    act(state, "do_nothing")
    assert state.vars["gs"] == "play"


def test_illegal_action_changes_nothing() -> None:
    """An illegal action raises IllegalAction and leaves the state unchanged (the reason names the gamestate)."""
    state = pos()
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="Open Play"):
        act(state, "do_nothing")
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_describe_shows_the_gamestate() -> None:
    """The text board names the gamestate, its holder and what is pending (TGC-2), in words."""
    state = pos(phase="battle", p0={"field": ["Bartender"]})
    act(state, "attack", card(state, 0, "Bartender"))
    text = RULES.describe(state, 0)
    assert "Open Quick (you decide); Bartender attacks Player 2 directly" in text


def test_quick_holder_options_tgc_2_2() -> None:
    """TGC-2.2 readings R2 / R3 as the option ``quick_holder``: after the turn player plays a card the Open Quick
    goes to the opponent (R2) or stays with the actor (R3); after a Pass Phase likewise."""
    for holder, expected in (("turn", 0), ("opponent", 1), ("actor", 0)):
        state = pos(p0={"hand": ["Bartender"]}, res0={"plasma": 5}, options={"quick_holder": holder})
        act(state, "play", card(state, 0, "Bartender"))
        assert (state.vars["gs"], state.current) == ("quick", expected)
    r2 = pos(p1={"hand": ["Bag of Greed"]}, res1={"plasma": 5}, vars={"gs": "quick"},
             options={"quick_holder": "opponent"})
    act(r2, "do_nothing")
    act(r2, "play", card(r2, 1, "Bag of Greed"))
    assert r2.current == 0
    act(r2, "do_nothing")
    act(r2, "do_nothing")
    assert r2.vars["gs"] == "play"
