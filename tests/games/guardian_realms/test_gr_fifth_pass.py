"""The fifth speed pass's shortcuts equal what they stand for: the quick look ``surely_has_choice`` (a free choice,
a pass and something else, told without listing the legal actions) never claims one that the legal actions do not
hold, in seeded random-bot games with the shipped decks and with the options that change what is legal, and says yes
at most decisions that hold one; the enemy targets by lane read from the card index equal those read from the
lanes."""

from __future__ import annotations

import pytest
from gr_helpers import RULES, position, seeded_states

from tcgkit.games.guardian_realms.actions import surely_has_choice
from tcgkit.games.guardian_realms.board import enemy_lanes, enemy_targets, targets_from

#: options that change which actions are legal (swaps, targets), each on in one run of the seeded games
_OPTIONS = (None, {"swap_partner_unpenalised": True}, {"bases_always_targetable": True, "tank_adjacent_only": True},
            {"ability_then_attack": True, "effects_any_lane": True})


@pytest.mark.parametrize("options", _OPTIONS)
def test_a_sure_choice_is_listed_gr_turn_02_gr_sp_03_gr_combat_01(options: dict | None) -> None:
    """GR-TURN-02, GR-SP-03, GR-LANE-02, GR-BASE-05/06, GR-COMBAT-01/02, GR-SWAP-01: wherever the quick look says
    the player has a free choice, the legal actions hold a pass and something else; it says so at most decisions
    that hold one."""
    choices = sure = 0
    for state in seeded_states(6, 29, options):
        if state.pending is not None:
            continue
        state._legal = None  # as a bot's copy meets it after an action: nothing listed yet
        said = surely_has_choice(state)
        legal = state.legal_actions()
        free = len(legal) >= 2 and any(RULES.is_pass(a) for a in legal)
        assert free or not said, (state.decisions, legal)
        choices += free
        sure += said
    assert sure > 0.7 * choices > 100


def test_no_sure_choice_when_only_the_end_is_certain_gr_exh_01_gr_sp_03() -> None:
    """GR-EXH-01, GR-SP-03: an Exhausted Guardian facing an enemy in range and a hand the player cannot pay for give
    no sure second action: the quick look says False, and the legal actions are the end alone."""
    s = position({"lane2": ["Ashen Brute"], "hand": ["Ashen Brute"]}, {"lane2": ["Moss Whelp"]},
                 res0={"sp": 1, "dz": 1},
                 cards0=[{"name": "Ashen Brute", "zone": "lane2", "status": {"exhausted": 1}}])
    assert not surely_has_choice(s)
    assert [a.kind for a in s.legal_actions()] == ["end"]


def test_sure_choices_of_summons_attacks_and_swaps_gr_sp_03_gr_combat_01_gr_swap_01() -> None:
    """GR-SP-03 (a Guardian paid for), GR-COMBAT-01/GR-BASE-04 (a fresh Guardian facing an empty enemy lane whose
    Base stands), GR-SWAP-01 (two fresh Guardians whose Bases stand): each alone is a sure second action."""
    summon = position({"hand": ["Moss Whelp"]}, {}, res0={"sp": 1, "dz": 0})
    attack = position({"lane1": ["Moss Whelp"]}, {"lane2": ["Moss Whelp"]}, res0={"dz": 1})
    swap = position({"lane1": ["Moss Whelp"], "lane3": ["Moss Whelp"]},
                    {"lane1": ["Shade Stalker"], "lane2": ["Shade Stalker"], "lane3": ["Shade Stalker"]},
                    res0={"dz": 1}, cards1=[{"name": "Shade Stalker", "zone": z, "status": {"stealth": 1}}
                                            for z in ("lane1", "lane2", "lane3")])
    for s, kind in ((summon, "summon"), (attack, "attack"), (swap, "swap")):
        assert surely_has_choice(s), kind
        assert {a.kind for a in s.legal_actions()} == {"end", kind}
    assert RULES.surely_has_choice(swap)


@pytest.mark.parametrize("options", _OPTIONS)
def test_enemy_targets_from_the_card_index_equal_the_lanes_gr_combat_01_gr_class_03(options: dict | None) -> None:
    """GR-COMBAT-01/02, GR-CLASS-03, GR-STLH-01, GR-IMM-03, GR-BASE-04: at every decision of seeded games the targets
    by lane (each lane's Guardian and Tank read from the card index) are those :func:`targets_from` gives from the
    lanes as :func:`enemy_lanes` reads them, against both players."""
    checked = 0
    for state in seeded_states(6, 31, options):
        for q in (0, 1):
            info = enemy_lanes(state, q)
            assert enemy_targets(state, q) == (None, *(tuple(targets_from(info, ln)) for ln in (1, 2, 3)))
        checked += 1
    assert checked > 500
