"""TGC departures found by the second rules audit (issue 21, items 11-13) and its two-reading cases."""

from __future__ import annotations

from tgc_helpers import act, card, pos

from tcgkit.core.actions import Action
from tcgkit.core.state import GameState

MED_SUIT = "NT P.A.V. Suit (Medical)"
MINER = "Cyborg (Mining Shell)"


def _to_next_turn(state: GameState) -> None:
    turn = state.turn
    for _ in range(20):
        if state.turn != turn:
            return
        legal = state.legal_actions()
        act_ = next((a for a in legal if a.kind in ("do_nothing", "pass_phase")), legal[0])
        state.apply(act_)
    raise AssertionError("the turn did not end")


def test_this_turn_plasma_of_the_non_turn_player_expires_TGC_1_10_1_and_2_5_4_d() -> None:
    """TGC-1.10.1 / TGC-2.5.4.d: plasma gained "this turn" by the non-turn player (Inducer in the opponent's End
    Phase) ends with that turn; on their own next turn they have only what the Draw Phase sets."""
    state = pos(phase="end", res1={"temp": 3, "draws": 2, "plasma": 0})
    _to_next_turn(state)
    assert state.active == 1
    assert state.res[1]["temp"] == 0 and state.rules.available_plasma(state, 1) == 3


def test_miningborg_only_at_the_end_of_its_own_turn_TGC_0_2() -> None:
    """TGC-0.2: Miningborg's "At the end of your turn ... tap this card" is card text that narrows the Quick timing:
    it is offered in its controller's own End Phase, never in the opponent's."""
    mine = pos(phase="end", p0={"field": [MINER]}, vars={"gs": "quick"})
    miner = card(mine, 0, MINER)
    assert Action("activate", (miner, "0")) in mine.legal_actions()
    theirs = pos(phase="end", active=1, p0={"field": [MINER]}, vars={"gs": "quick"})
    miner = card(theirs, 0, MINER)
    for _ in range(6):
        if theirs.current == 0 or theirs.turn != 3:
            break
        theirs.apply(Action("do_nothing"))
    assert theirs.turn == 3 and theirs.current == 0  # player 0 holds the End Phase's Open Quick
    assert Action("activate", (miner, "0")) not in theirs.legal_actions()


def test_granted_squad_tactics_and_lifedrain_survive_a_double_kill_TGC_4_2_3() -> None:
    """TGC-4.2.3: the damage is simultaneous, so Squad Tactics granted by an Equipment works when both creatures die
    (it is read as the attack deals its damage, not after the attacker and its suit are in the discard pile), and so
    does a granted Lifedrain on that point."""
    state = pos(phase="battle", p0={"field": ["Cook"], "equip": [MED_SUIT]}, p1={"field": ["Cook"]},
                cards0=[{"name": MED_SUIT, "attach_to": "Cook"}], cards1=[{"name": "Cook", "mods": {"power": 2}}])
    a, d = card(state, 0, "Cook", "field"), card(state, 1, "Cook", "field")
    act(state, "attack", a, d)
    act(state, "do_nothing")
    act(state, "do_nothing")
    assert state.loc[a][1] == "discard" and state.loc[d][1] == "discard"
    assert state.res[1]["hs"] == 19 and state.res[0]["hs"] == 21


def _miner_attacks_with_a_cook_ready(options: dict | None = None) -> tuple[GameState, int, int]:
    state = pos(phase="battle", p0={"field": [MINER]}, p1={"field": ["Cook"]}, options=options)
    miner, cook = card(state, 0, MINER), card(state, 1, "Cook")
    act(state, "attack", miner)
    return state, miner, cook


def test_a_human_cannot_block_an_asimov_attacker_asimov() -> None:
    """Asimov ("cannot attack or defend against creatures with the Human subtype"), default: a Human is no legal
    blocker of an Asimov attacker, so the Cook cannot block Miningborg's direct attack (TGC-4.1)."""
    state, miner, cook = _miner_attacks_with_a_cook_ready()
    assert Action("block", (cook,)) not in state.legal_actions()


def test_a_human_may_block_an_asimov_attacker_under_the_option_asimov() -> None:
    """Asimov, option ``human_may_block_asimov``: the Human's player may force the combat, and the Asimov attacker
    "is destroyed rather than attacking" (its keyword's own text); the Cook takes nothing."""
    state, miner, cook = _miner_attacks_with_a_cook_ready({"human_may_block_asimov": True})
    assert state.current == 1 and Action("block", (cook,)) in state.legal_actions()
    act(state, "block", cook)
    for _ in range(4):
        if state.loc[miner][1] != "field":
            break
        act(state, "do_nothing")
    assert state.loc[miner][1] == "discard" and state.loc[cook][1] == "field"
    assert state.rules.stat(state, cook, "resolve") == 2 and state.res[1]["hs"] == 20


def _direct_attack_then_taunt(options: dict | None = None) -> GameState:
    """P0's Cook attacks directly; before the default, P1's Bartender gains Taunt (as Clown Suit would give it)."""
    state = pos(phase="battle", p0={"field": ["Cook"]}, p1={"field": ["Bartender"]},
                cards1=[{"name": "Bartender", "tapped": True}], options=options)
    act(state, "attack", card(state, 0, "Cook"))
    state.card_state(card(state, 1, "Bartender")).status["Taunt"] = 1
    for _ in range(4):
        if state.vars.get("pend") is None:
            break
        state.apply(next(a for a in state.legal_actions() if a.kind in ("do_nothing", "no_block")))
    return state


def test_a_pending_direct_attack_goes_on_when_taunt_appears_TGC_4_1_2_1() -> None:
    """TGC-4.1.2.1 (default): Taunt directs attacks when they are declared; a direct attack already pending still
    deals its damage."""
    state = _direct_attack_then_taunt()
    assert state.res[1]["hs"] == 20 - 3


def test_taunt_stops_a_pending_direct_attack_under_the_option_TGC_4_1_2_1() -> None:
    """TGC-4.1.2.1, option ``taunt_stops_pending_direct``: once an opposing Taunt creature is on the field, the
    attacker is "unable to make a direct attack": at the default no damage is dealt."""
    state = _direct_attack_then_taunt({"taunt_stops_pending_direct": True})
    assert state.res[1]["hs"] == 20
    assert any(e.kind == "fizzle" for e in state.log)
