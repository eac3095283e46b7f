"""Guardian Realms two-reading cases from the second rules audit (issue 21): GR-SWAP-02 and GR-CLASS-03."""

from __future__ import annotations

from gr_helpers import card, do, position

from tcgkit.core.actions import Action


def texts(state) -> set[str]:
    return {a.text() for a in state.legal_actions()}


def _swapped(options: dict | None = None):
    s = position({"lane1": ["Ashen Brute"], "lane2": ["Flame Lasher"]}, {"lane1": ["Moss Whelp"]},
                 res0={"dz": 4}, options=options)
    x, y, whelp = card(s, 0, "Ashen Brute"), card(s, 0, "Flame Lasher"), card(s, 1, "Moss Whelp")
    do(s, f"swap #{x} #{y}")
    return s, x, y, whelp


def test_both_swapped_guardians_are_penalised_GR_SWAP_02() -> None:
    """GR-SWAP-02 (default): the swap is the basic action of both Guardians: the one swapped in may not attack."""
    s, x, y, whelp = _swapped()
    assert f"attack #{x} #{whelp}" not in texts(s) and f"attack #{y} #{whelp}" not in texts(s)


def test_only_the_guardian_that_chose_to_swap_is_penalised_under_the_option_GR_SWAP_02() -> None:
    """GR-SWAP-02, option ``swap_partner_unpenalised``: the swap is the action of the Guardian that chose to swap;
    its partner, only moved, keeps its basic action (GR-SWAP-03 applies to the chooser)."""
    s, x, y, whelp = _swapped({"swap_partner_unpenalised": True})
    assert f"attack #{x} #{whelp}" not in texts(s)
    assert f"attack #{y} #{whelp}" in texts(s)


def _tank_in_the_attackers_lane(options: dict | None = None):
    # the enemy Tank stands in lane 1, facing the attacker; another enemy Guardian in lane 2 (adjacent)
    s = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Granite Sentinel"], "lane2": ["Moss Whelp"]},
                 options=options)
    return s, card(s, 0, "Ashen Brute"), card(s, 1, "Granite Sentinel"), card(s, 1, "Moss Whelp")


def test_a_tank_binds_enemies_in_its_own_lane_GR_CLASS_03() -> None:
    """GR-CLASS-03 (default, reading a): every enemy that has the Tank within range (its own lane or an adjacent
    one) must target it; the Guardian facing the Tank may not attack the Whelp beside it."""
    s, brute, tank, whelp = _tank_in_the_attackers_lane()
    assert Action("attack", (brute, whelp)) not in s.legal_actions()
    assert Action("attack", (brute, tank)) in s.legal_actions()


def test_a_tank_binds_only_adjacent_lanes_under_the_option_GR_CLASS_03() -> None:
    """GR-CLASS-03, option ``tank_adjacent_only`` (reading c): "adjacent enemies" are those in the lanes next to the
    Tank, not in its own lane: the Guardian facing the Tank may attack the Whelp; one in an adjacent lane is bound."""
    s, brute, tank, whelp = _tank_in_the_attackers_lane({"tank_adjacent_only": True})
    assert Action("attack", (brute, whelp)) in s.legal_actions()
    assert Action("attack", (brute, tank)) in s.legal_actions()
    s = position({"lane2": ["Ashen Brute"]}, {"lane1": ["Granite Sentinel"], "lane2": ["Moss Whelp"]},
                 options={"tank_adjacent_only": True})
    brute, whelp = card(s, 0, "Ashen Brute"), card(s, 1, "Moss Whelp")
    assert Action("attack", (brute, whelp)) not in s.legal_actions()
