"""Perfect TCG: the Ultimate rules (PTCG-ULT-01..17)."""

from __future__ import annotations

import json

import pytest
from ptcg_helpers import RULES, act, card, legal, names, position, run_effect

from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction


def _src(state, player=0):
    return state.zones[player]["leader"][-1]


def test_card_text_beats_rules_PTCG_ULT_01():
    """PTCG-ULT-01: Berserk Tincture ("your Support units may attack") lets a Support attack despite PTCG-ROLE-07."""
    state = position({"zones": {"support_left": ["Gandor Page"]}}, phase="war")
    page = card(state, 0, "Gandor Page")
    assert page not in RULES.attackers(state, 0)
    state = position({"zones": {"support_left": ["Gandor Page"], "boost": ["Berserk Tincture"]}}, phase="war")
    page = card(state, 0, "Gandor Page")
    assert page in RULES.attackers(state, 0)
    act(state, f"attack #{page} #{card(state, 1, 'Gandor Squire')}")
    assert any(e.kind == "battle" and e.card == page for e in state.log)


def test_coronation_overrides_one_level_up_per_turn_PTCG_ULT_01_ROLE_02():
    """Card text beats the one-level-up-per-turn rule (PTCG-ROLE-02): having levelled up 1 -> 2 in the Level stage,
    Coronation levels up again, 2 -> 3, in the Main stage."""
    state = position({"zones": {"leader": ["Gandor Knight"], "history": ["Gandor Squire"],
                                "hand": ["Left Arm of Gandor", "Coronation", "Gandor Regent"],
                                "energy": ["2 Gandor Page"]}}, phase="level")
    act(state, 'level "Left Arm of Gandor"')
    assert state.phase == "main" and not RULES.level_options(state, 0)
    act(state, 'cast "Coronation"')
    assert names(state, 0, "leader") == ["Gandor Regent"]
    assert names(state, 0, "history") == ["Gandor Squire", "Gandor Knight", "Left Arm of Gandor"]


def test_impossible_action_is_not_performed_PTCG_ULT_02():
    """PTCG-ULT-02: asked to do what they cannot (lose a Wing they do not have), nothing happens, with no error."""
    state = position()
    run_effect(state, [{"lose": {"target": "opponent.wing"}}, {"stasis": {"target": "opponent.support"}}],
               _src(state), 0)
    assert state.zones[1]["lost"] == [] and state.result is None


def test_partial_action_does_as_much_as_possible_PTCG_ULT_03():
    """PTCG-ULT-03: Heal 5 with 2 Lost cards heals 2; damage larger than the deck moves what there is."""
    state = position({"zones": {"lost": ["2 Gandor Page"], "deck": ["3 Gandor Knight"]}})
    run_effect(state, [{"heal": {"target": "you", "amount": 5}}], _src(state), 0)
    assert len(state.zones[0]["deck"]) == 5 and state.zones[0]["lost"] == []


def test_cannot_beats_a_later_effect_PTCG_ULT_04():
    """PTCG-ULT-04 reading (b): a unit under "cannot be lost this turn" stays when a later effect loses it; option
    later_effect_wins (reading (a)) lets the later effect happen."""
    for option, stays in ((False, True), (True, False)):
        state = position({"zones": {"wing_left": ["Gandor Knight"], "hand": ["Oath of Protection"],
                                    "energy": ["Gandor Page"], "leader": ["Gandor Knight"],
                                    "history": ["Gandor Squire"]}},
                         options={"later_effect_wins": option})
        act(state, 'cast "Oath of Protection"')
        if state.pending is not None:
            act(state, f"choose #{card(state, 0, 'Gandor Knight', 'wing_left')}")
        run_effect(state, [{"lose": {"target": "opponent.wing"}}], _src(state, 1), 1)
        assert (names(state, 0, "wing_left") == ["Gandor Knight"]) is stays
    # the protection lasts only this turn
    state = position({"zones": {"wing_left": ["Gandor Knight"]},
                      "cards": [{"name": "Gandor Knight", "zone": "wing_left", "status": {"cannot_be_lost": 1}}]})
    RULES.end_turn(state)
    run_effect(state, [{"lose": {"target": "opponent.wing"}}], _src(state, 1), 1)
    assert names(state, 0, "lost") == ["Gandor Knight"]


def test_cannot_energise_static_PTCG_ULT_04():
    """A "cannot" static (Lead Warden: your opponent cannot Energise) stops a later Energise effect."""
    state = position({"zones": {"hand": ["Channel", "Gandor Knight"]}},
                     {"zones": {"support_left": ["Lead Warden"]}})
    act(state, 'cast "Channel"')
    act(state, 'choose "Gandor Knight"')
    assert names(state, 0, "hand") == ["Gandor Knight"] and state.zones[0]["energy"] == []


def test_turn_player_chooses_first_PTCG_ULT_05():
    """PTCG-ULT-05: Calcination makes both players choose a Wing unit to lose: the turn player chooses first, then
    the opponent (who sees the first choice)."""
    state = position({"zones": {"hand": ["Calcination"], "energy": ["2 Gandor Page"], "leader": ["Gandor Knight"],
                                "history": ["Gandor Squire"], "wing_left": ["Gandor Knight"],
                                "wing_right": ["Gandor Squire"]}},
                     {"zones": {"wing_left": ["Gandor Knight"], "wing_right": ["Gandor Squire"]}},
                     options={"spells_ignore_level": True})
    act(state, 'cast "Calcination"')
    assert state.current == 0
    act(state, f"choose #{card(state, 0, 'Gandor Squire', 'wing_right')}")
    assert state.current == 1
    act(state, f"choose #{card(state, 1, 'Gandor Knight', 'wing_left')}")
    assert names(state, 0, "lost")[-2:] == ["Gandor Squire", "Calcination"] or "Gandor Squire" in names(state, 0,
                                                                                                        "lost")
    assert names(state, 1, "lost") == ["Gandor Knight"]


def test_cards_never_move_to_an_opponents_zone_PTCG_ULT_06():
    """PTCG-ULT-06: an effect moving an opponent's Wing "to your hand" puts it in its owner's hand."""
    state = position(p1={"zones": {"wing_left": ["Gandor Knight"]}})
    knight = card(state, 1, "Gandor Knight", "wing_left")
    run_effect(state, [{"move": {"target": "opponent.wing", "to": "you.hand"}}], _src(state), 0)
    assert state.loc[knight] == (1, "hand")


def test_no_looking_at_or_reordering_decks_PTCG_ULT_08():
    """PTCG-ULT-08: after setup, neither deck (main nor Artefact) can be viewed or reordered through the API; only
    card effects move deck cards (from the top)."""
    state = position({"zones": {"artefacts": ["Crown of Gandor", "Aegis of Gandor"]}})
    for viewer in (0, 1):
        obs = state.observation(viewer)
        for p in (0, 1):
            assert set(obs["players"][p]["zones"]["deck"]) == {"count"}
            assert set(obs["players"][p]["zones"]["artefacts"]) == {"count"}
    hidden = set(state.zones[0]["deck"]) | set(state.zones[0]["artefacts"])
    for a in state.legal_actions():
        assert not hidden & {x for x in a.args if type(x) is int}
    for bad in (Action("look", ("deck",)), Action("shuffle", ("deck",)), Action("reorder", (0, 1))):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    deck_card = state.zones[0]["deck"][0]
    with pytest.raises(IllegalAction) as err:  # probing a deck card's id reveals nothing
        state.apply(Action("play", (deck_card, "wing_left")))
    assert state.defs[deck_card].name not in str(err.value)


def test_effect_finishes_before_a_win_counts_PTCG_ULT_09():
    """PTCG-ULT-09: P1 with deck 1 takes Acid Rain (2 direct damage, then Remove 2): 1 card moves, the Remove still
    happens, and only then is the deck-out win declared."""
    state = position({"zones": {"hand": ["Acid Rain"], "energy": ["3 Gandor Page"], "leader": ["Gandor Regent"],
                                "history": ["Gandor Squire"]}},
                     {"zones": {"deck": ["Gandor Knight"], "energy": ["3 Gandor Page"]}})
    act(state, 'cast "Acid Rain"')
    assert state.result is not None and state.result.winner == 0 and state.result.clause == "PTCG-WIN-01"
    assert len(state.zones[1]["energy"]) == 3 + 1 - 2
    kinds = [e.kind for e in state.log]
    assert kinds.index("remove") < kinds.index("game_over")


def test_card_versus_unit_PTCG_ULT_10():
    """PTCG-ULT-10: "when this Card is lost" (Mana Wisp) does not trigger for another copy; "when a Crucible Imp
    unit is lost" triggers for any copy, the lost one included (issue 21)."""
    state = position({"zones": {"wing_left": ["Mana Wisp"], "wing_right": ["Mana Wisp"], "lost": ["Gandor Page"]}})
    run_effect(state, [{"lose": {"target": card(state, 0, "Mana Wisp", "wing_right")}}], _src(state), 0)
    heals = [e for e in state.log if e.kind == "heal"]
    assert len(heals) == 1  # only the Wisp that was lost healed
    state = position({"zones": {"wing_left": ["Crucible Imp"], "wing_right": ["Crucible Imp"]}},
                     {"zones": {"energy": ["3 Gandor Page"]}})
    run_effect(state, [{"lose": {"target": card(state, 0, "Crucible Imp", "wing_right")}}], _src(state), 0)
    assert len(state.zones[1]["energy"]) == 1  # both Imps' triggers: the one in play and the one lost


def test_direct_damage_cannot_be_modified_PTCG_ULT_12():
    """PTCG-ULT-12: 2 damage dealt to P1 directly, with 3 Armour and a prevention effect: P1 takes exactly 2."""
    state = position({"zones": {"hand": ["Acid Rain"], "energy": ["3 Gandor Page"], "leader": ["Gandor Regent"],
                                "history": ["Gandor Squire"]}},
                     {"resources": {"armour": 3, "prevent": 2}})
    act(state, 'cast "Acid Rain"')
    assert state.pending is None and len(state.zones[1]["deck"]) == 18


def test_once_per_turn_is_a_cycle_PTCG_ULT_13():
    """PTCG-ULT-13: used on P0's turn 3, not again on P1's turn 4, again on P0's turn 5; used on P1's turn, again on
    P0's next turn."""
    pos = {"zones": {"wing_left": ["Grand Alchemist"], "energy": ["8 Gandor Page"]}}
    state = position(pos, {"zones": {"wing_left": ["Gandor Knight"]}})
    ga = card(state, 0, "Grand Alchemist")
    assert f"activate #{ga} 0" in legal(state)
    act(state, f"activate #{ga} 0")
    if state.pending is not None:
        act(state, f"choose #{card(state, 1, 'Gandor Knight', 'wing_left')}")
    assert RULES.activation_options(state, 0) == []
    RULES.end_turn(state)
    RULES.settle(state)
    assert state.turn == 4 and state.active == 1
    assert RULES.activation_options(state, 0) == []
    RULES.end_turn(state)
    RULES.settle(state)
    assert state.turn == 5 and [a.args[0] for a in RULES.activation_options(state, 0)] == [ga]
    # used during the opponent's turn (defending), it is back on the next own turn
    state = position(pos, {"zones": {"wing_left": ["Gandor Knight"]}}, turn=4, active=1, phase="war")
    ga = card(state, 0, "Grand Alchemist")
    act(state, f"attack #{card(state, 1, 'Gandor Knight', 'wing_left')} #{card(state, 0, 'Gandor Squire')}")
    assert state.current == 0 and f"activate #{ga} 0" in legal(state)
    act(state, f"activate #{ga} 0")
    while state.pending is not None:
        act(state, state.legal_actions()[0].text())
    RULES.end_turn(state)
    RULES.settle(state)
    assert state.turn == 5 and ga in [a.args[0] for a in RULES.activation_options(state, 0)]


def test_your_turn_only_effects_PTCG_ULT_14():
    """PTCG-ULT-14: Sulphur Golem ("once per turn, on your turn") cannot be activated while defending."""
    state = position({"zones": {"wing_left": ["Sulphur Golem"], "hand": ["Gandor Page"]}},
                     {"zones": {"wing_left": ["Gandor Knight"]}}, turn=4, active=1, phase="war")
    golem = card(state, 0, "Sulphur Golem")
    act(state, f"attack #{card(state, 1, 'Gandor Knight', 'wing_left')} #{golem}")
    assert f"activate #{golem} 0" not in legal(state)
    assert golem not in [a.args[0] for a in RULES.activation_options(state, 0)]
    state = position({"zones": {"wing_left": ["Sulphur Golem"]}})
    assert f"activate #{card(state, 0, 'Sulphur Golem')} 0" in legal(state)


def test_in_zone_effects_activate_on_placement_PTCG_ULT_15():
    """PTCG-ULT-15: Right Arm of Gandor ("In Wing zone: draw 1") draws when placed as a Wing, not as a Support."""
    pos = {"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                     "hand": ["Right Arm of Gandor", "Gandor Page"]}}
    state = position(pos)
    act(state, 'play "Right Arm of Gandor" wing_right')
    assert len(state.zones[0]["hand"]) == 2 and len(state.zones[0]["deck"]) == 19
    state = position(pos)
    act(state, 'play "Right Arm of Gandor" support_right')
    assert len(state.zones[0]["hand"]) == 1 and len(state.zones[0]["deck"]) == 20


def test_in_zone_effect_negated_when_requirements_fail_PTCG_ULT_16():
    """PTCG-ULT-16: Ley Sentinel ("In Wing zone: if you have 10 or more Energy, draw 1") placed with 5 Energy draws
    nothing, and does not trigger later when the Energy reaches 10."""
    state = position({"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                "hand": ["Ley Sentinel"], "energy": ["5 Gandor Page"]}})
    act(state, 'play "Ley Sentinel" wing_left')
    assert state.zones[0]["hand"] == [] and any(e.kind == "negated" for e in state.log)
    RULES.take_damage(state, 0, 5)
    RULES.settle(state)
    assert state.zones[0]["hand"] == []
    state = position({"zones": {"leader": ["Left Arm of Gandor"], "history": ["Gandor Squire", "Gandor Knight"],
                                "hand": ["Ley Sentinel"], "energy": ["10 Gandor Page"]}})
    act(state, 'play "Ley Sentinel" wing_left')
    assert len(state.zones[0]["hand"]) == 1


def test_negated_card_still_has_an_effect_PTCG_ULT_17():
    """PTCG-ULT-17: "lose all units without an effect" (Purge) does not lose a unit whose effect was negated, but
    loses a Mind Wiped one (PTCG-TERM-23) and one that never had an effect."""
    state = position({"zones": {"hand": ["Purge"], "energy": ["2 Gandor Page"], "leader": ["Left Arm of Gandor"],
                                "history": ["Gandor Squire", "Gandor Knight"],
                                "wing_left": ["Ley Sentinel"], "wing_right": ["Gandor Knight"]},
                      "cards": [{"name": "Ley Sentinel", "zone": "wing_left", "status": {"negated": 1}}]},
                     {"zones": {"wing_left": ["Right Arm of Gandor"]},
                      "cards": [{"name": "Right Arm of Gandor", "status": {"mind_wiped": 1}}]})
    act(state, 'cast "Purge"')
    assert names(state, 0, "wing_left") == ["Ley Sentinel"]
    assert names(state, 0, "wing_right") == [] and names(state, 1, "wing_left") == []


def test_observation_never_names_a_card_now_hidden():
    """A card healed back into the deck is no longer named in the recent log of either player's observation."""
    state = position({"zones": {"wing_left": ["Mana Wisp"], "lost": []}})
    wisp = card(state, 0, "Mana Wisp")
    run_effect(state, [{"lose": {"target": wisp}}], _src(state), 0)
    assert state.loc[wisp][1] == "deck"  # lost, then healed back by its own effect
    for viewer in (0, 1):
        text = json.dumps(state.observation(viewer))
        assert f'"card": {wisp},' not in text and "Mana Wisp" not in text
