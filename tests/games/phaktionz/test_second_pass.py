"""Phaktionz departures found by the second rules audit (issue 21, items 6-10) and its two-reading cases."""

from __future__ import annotations

from phk_helpers import RULES, card, names, position

from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.state import GameState

FIVE = ["Haka Goblin", "Waka Goblin", "The Enchanted Lion", "Defense Guard", "Berserker Guardian"]


def resolve(state: GameState, *answers: str) -> GameState:
    for text in answers:
        state.apply(state.parse_action(text))
    return state


def kinds_of(state: GameState, card_id: int, kind: str) -> list[Action]:
    return [a for a in state.legal_actions() if a.kind == kind and a.args and a.args[0] == card_id]


def test_a_summon_placed_from_the_deck_out_pile_without_iki_is_demoted_not_exiled_PHK_TERM_03_04() -> None:
    """PHK-TERM-03/04: One Last Time places a Summon from the Deck Out Pile by its own text; with no Iki in play
    nothing says it is exiled, so leaving the battlefield demotes it (to the Deck Out Pile)."""
    state = position({"hand": ["One Last Time"], "deck_out": ["Defense Guard"], "deck": ["20 Berserker Guardian"]})
    resolve(state, 'cast "One Last Time"', "option 1", 'choose "Defense Guard"', "column 1")
    guard = card(state, 0, "Defense Guard")
    assert state.loc[guard] == (0, "field")
    state.rules.demote(state, guard)
    assert state.loc[guard] == (0, "deck_out") and names(state, 0, "exile") == []


def test_a_summon_placed_from_the_deck_out_pile_by_ikis_leave_is_exiled_PHK_TERM_04() -> None:
    """PHK-TERM-04 with Iki: a Summon the player places from the Deck Out Pile under Iki's permission is exiled
    when it leaves the battlefield (Iki's text)."""
    state = position({"field": ["Iki the Forbidden Follower"], "deck_out": ["Haka Goblin"]})
    haka = card(state, 0, "Haka Goblin")
    state.apply(Action("place", (haka,)))
    if state.legal_actions() and state.legal_actions()[0].kind == "column":
        state.apply(state.legal_actions()[0])
    assert state.loc[haka] == (0, "field")
    state.rules.demote(state, haka)
    assert state.loc[haka] == (0, "exile")


def test_looking_at_a_whole_deck_is_not_a_deck_out_PHK_WIN_01() -> None:
    """PHK-WIN-01: Lin looks at the top 3 cards of a 3-card deck. A look is not a draw: while the 3 cards are set
    aside the deck is not at 0, and the game goes on."""
    state = position({"field": ["Lin the Fantastic Elf"], "hand": ["Waroko Loko, King Giant"],
                      "deck": ["The Enchanted Lion", "Haka Goblin", "Hu the Fantastic Elf"]})
    resolve(state, 'activate "Lin the Fantastic Elf" 0')
    assert state.result is None and state.pending is not None
    resolve(state, "option 'Haka Goblin'")
    while state.pending is not None and state.pending.options[0].kind == "column":
        state.apply(state.pending.options[0])
    assert state.result is None
    assert "Haka Goblin" in names(state, 0, "field") and len(state.zone(0, "deck")) == 2


def test_a_count_tribute_must_leave_a_column_free_PHK_MECH_02() -> None:
    """PHK-MECH-02: with all 5 columns full, Kyu's two Plague tributes cannot both come from the opponent's
    battlefield: no column would be free, and a placement cost must not turn into removal. Kyu is not offered at
    all when only opposing Plague Summons exist; with one own Plague Summon, the last tribute must be it."""
    plague = {"status": {"plague": 1}}
    state = position({"hand": ["Kyu the Forbidden Follower"], "field": FIVE},
                     {"field": ["Haka Goblin", "Waka Goblin"]},
                     cards1=[{"name": "Haka Goblin", **plague}, {"name": "Waka Goblin", **plague}])
    kyu = card(state, 0, "Kyu the Forbidden Follower")
    assert kinds_of(state, kyu, "place") == []
    state = position({"hand": ["Kyu the Forbidden Follower"], "field": FIVE},
                     {"field": ["Haka Goblin", "Waka Goblin"]},
                     cards0=[{"name": "Defense Guard", **plague}],
                     cards1=[{"name": "Haka Goblin", **plague}, {"name": "Waka Goblin", **plague}])
    kyu = card(state, 0, "Kyu the Forbidden Follower")
    resolve(state, f"place #{kyu}")
    resolve(state, f"tribute #{card(state, 1, 'Haka Goblin')}")
    assert [a.args[0] for a in state.legal_actions()] == [card(state, 0, "Defense Guard")]


def test_plague_each_battlefield_takes_two_from_each_PHK_MECH_04() -> None:
    """PHK-MECH-04, option ``plague_each_battlefield``: Iki's "demoting 2 Plague summons on each battlefield" takes
    2 from each battlefield, 4 in all; with only one opposing Plague Summon Iki cannot be placed."""
    plague = {"status": {"plague": 1}}
    own = [{"name": "Haka Goblin", **plague}, {"name": "Waka Goblin", **plague}]
    state = position({"hand": ["Iki the Forbidden Follower"], "field": ["Haka Goblin", "Waka Goblin"]},
                     {"field": ["Haka Goblin", "Waka Goblin"]}, options={"plague_each_battlefield": True},
                     cards0=own, cards1=own)
    iki = card(state, 0, "Iki the Forbidden Follower")
    resolve(state, f"place #{iki}")
    for _ in range(3):
        assert state.legal_actions() and all(a.kind == "tribute" for a in state.legal_actions())
        state.apply(state.legal_actions()[0])
    assert state.loc[iki][1] != "field" and all(a.kind == "tribute" for a in state.legal_actions())
    state.apply(state.legal_actions()[0])
    while state.legal_actions() and state.legal_actions()[0].kind == "column":
        state.apply(state.legal_actions()[0])
    assert state.loc[iki] == (0, "field")
    assert len(state.zone(0, "deck_out")) + len(state.zone(0, "exile")) == 2
    assert len(state.zone(1, "deck_out")) + len(state.zone(1, "exile")) == 2
    state = position({"hand": ["Iki the Forbidden Follower"], "field": ["Haka Goblin", "Waka Goblin"]},
                     {"field": ["Haka Goblin"]}, options={"plague_each_battlefield": True},
                     cards0=own, cards1=own[:1])
    assert kinds_of(state, card(state, 0, "Iki the Forbidden Follower"), "place") == []


def test_only_plague_battlers_are_not_offered_a_direct_battle_PHK_MECH_04_SUM_06() -> None:
    """PHK-MECH-04 / PHK-SUM-06: "can only battle Plague summons" (Kyu) forbids battling the opponent directly,
    even with an empty opposing column."""
    state = position({"field": ["Kyu the Forbidden Follower"]}, {"field": ["Haka Goblin"]}, phase="combat",
                     cards0=[{"name": "Kyu the Forbidden Follower", "counters": {"col": 1}}],
                     cards1=[{"name": "Haka Goblin", "counters": {"col": 2}}])
    kyu = card(state, 0, "Kyu the Forbidden Follower")
    assert kinds_of(state, kyu, "battle") == []
    assert state.rules.battle_targets(state, kyu) == []


def test_creation_pile_summons_count_for_the_one_faction_rule_PHK_STD_03_CP_03() -> None:
    """PHK-STD-03 / PHK-CP-03 (RULINGS): the Creation Pile is apart from the 50 for the count only; its Summons are
    the player's Summons and must share the deck's faction (a Warriors Golem beside a Mythicals deck is refused)."""
    rules = RULES
    lulo = tuple(rules.deck("Lulo United").sections["main"])
    assert [v.clause for v in rules.validate_deck(Deck("phaktionz", "t", {"main": lulo}, None))] == []
    mixed = Deck("phaktionz", "t", {"main": lulo, "creation_pile": ("Last Resort Golem",)}, None)
    assert [v.clause for v in rules.validate_deck(mixed)] == ["PHK-STD-03"]


def test_a_fizzled_limited_invocation_has_used_its_limit_PHK_COND_02_TERM_07() -> None:
    """PHK-COND-02 / PHK-TERM-07 (RULINGS): Triatic Trouble (L1) is fizzled by The Invocated Dwarf; it was cast, so
    its one use per game is spent and the second copy cannot be cast."""
    state = position({"hand": ["Triatic Trouble", "Triatic Trouble"], "field": ["Haka Goblin"]},
                     {"field": ["Waka Goblin"], "hand": ["The Invocated Dwarf"]})
    first, second = (card(state, 0, "Triatic Trouble", nth=i) for i in (0, 1))
    state.apply(Action("cast", (first,)))
    assert state.current == 1
    dwarf = card(state, 1, "The Invocated Dwarf")
    state.apply(next(a for a in state.legal_actions() if a.args and a.args[0] == dwarf))
    while state.current == 0 and state.pending is None and state.legal_actions()[0].kind == "pass":
        state.apply(state.legal_actions()[0])
    assert state.loc[first] == (0, "deck_out") and names(state, 0, "field") == ["Haka Goblin"]
    assert state.active == 0 and Action("cast", (second,)) not in state.legal_actions()


def _callisto_answered_by_sickened_torture(options: dict | None = None) -> GameState:
    """P0 activates Callisto; P1 answers with the Counter Sickened Torture; P0 holds The Invocated Dwarf."""
    state = position({"field": ["Callisto the Hinded Warrior"], "hand": ["The Invocated Dwarf"]},
                     {"hand": ["Sickened Torture"], "field": ["Haka Goblin"]}, options=options)
    cal = card(state, 0, "Callisto the Hinded Warrior")
    state.apply(Action("activate", (cal, "0")))
    assert state.current == 1
    state.apply(Action("cast", (card(state, 1, "Sickened Torture"),)))
    return state


def test_a_response_is_not_answered_PHK_INV_03_TERM_07() -> None:
    """PHK-INV-03 / PHK-TERM-07 (default): one response per play, no chain: the Counter that answers Callisto's
    ability is not itself open to an answer, so it fizzles the ability."""
    state = _callisto_answered_by_sickened_torture()
    while state.pending is not None:
        state.apply(state.pending.options[0])
    dwarf = card(state, 0, "The Invocated Dwarf")
    assert not any(a.kind != "place" and a.args and a.args[0] == dwarf for a in state.legal_actions())
    cal = card(state, 0, "Callisto the Hinded Warrior")
    assert state.rules.stat(state, cal, "dmg") == 1  # the ability was fizzled
    assert state.cs[cal].status.get("plague")


def test_a_counter_may_answer_a_counter_under_the_option_PHK_INV_03_TERM_07() -> None:
    """PHK-INV-03 / PHK-TERM-07, option ``responses_chain``: a Counter being cast is a play like any other, so its
    caster's opponent may answer it: The Invocated Dwarf fizzles Sickened Torture and Callisto's ability resolves."""
    state = _callisto_answered_by_sickened_torture({"responses_chain": True})
    assert state.current == 0
    dwarf = card(state, 0, "The Invocated Dwarf")
    use = next(a for a in state.legal_actions() if a.kind != "place" and a.args and a.args[0] == dwarf)
    state.apply(use)
    while state.pending is not None:
        state.apply(state.pending.options[0])
    cal = card(state, 0, "Callisto the Hinded Warrior")
    assert names(state, 1, "deck_out") == ["Sickened Torture"] and not state.cs[cal].status.get("plague")
    assert state.rules.stat(state, cal, "dmg") == 2
    assert "answering" not in state.vars and "answers" not in state.vars
