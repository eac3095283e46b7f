"""The hot path's shortcuts equal the slow computations they replace: the card index (which cards listen to an event
kind), the evaluation's per-Guardian HP and ATK, and the empty-deck race's closed form (GR-TURN-06/07)."""

from __future__ import annotations

from gr_helpers import RULES, card, position, seeded_states
from hypothesis import given
from hypothesis import strategies as st

from tcgkit.games.guardian_realms import rules as gr_rules
from tcgkit.games.guardian_realms.board import hp_of
from tcgkit.games.guardian_realms.cardindex import card_index, listened
from tcgkit.games.guardian_realms.links import link


def _slow_listened(state, kind: str) -> bool:
    """Some card in a trigger zone of either player has a triggered effect on ``kind`` (the trigger scan's view)."""
    return any(state.defs[c].triggers.get(kind) for p in (0, 1) for z in RULES.PLAY_ZONES for c in state.zones[p][z])


def _seeded_states(games: int = 6):
    return seeded_states(games, seed=7, final=True)


def test_listened_equals_a_scan_of_both_boards() -> None:
    """At every decision of seeded games, the index says a kind is listened to exactly when a card in play has a
    triggered effect on it, for every kind a card of the game listens to."""
    for state in _seeded_states():
        kinds = set(card_index(state.defs).listeners) | {"end_turn", "defeated", "move"}
        zones = frozenset(RULES.PLAY_ZONES)
        for kind in kinds:
            assert listened(state, kind, zones) == _slow_listened(state, kind), kind


def test_card_index_follows_a_new_card_list() -> None:
    """A card added in play (a token's card: a new list) is in the index of the new list: Ember Acolyte listens to
    its own defeat; a copy of it placed in a lane makes "defeated" listened to."""
    s = position({"hand": ["Ember Acolyte"]})
    acolyte = card(s, 0, "Ember Acolyte")
    zones = frozenset(RULES.PLAY_ZONES)
    assert acolyte in card_index(s.defs).listeners["defeated"] and not listened(s, "defeated", zones)
    extra = s.add_instance(s.defs[acolyte], 0)
    assert card_index(s.defs).listeners["defeated"][-1] == extra
    s.place(extra, 0, "lane1")
    assert listened(s, "defeated", zones)


def _terms(state, p: int) -> list[tuple[float, float]]:
    """Per Guardian of ``p``: the evaluation's term of it, and HP / 60 + ATK / 30 from ``hp_of`` and ``stat``."""
    from tcgkit.games.guardian_realms.cardindex import state_index

    printed = state_index(state).printed
    links = state.vars.get("links")
    return [(gr_rules._guardian_term(g, state.cs.get(g), printed, links),
             hp_of(state, g) / 60.0 + RULES.stat(state, g, "atk") / 30.0) for g in RULES.guardians(state, p)]


def test_evaluation_board_terms_equal_hp_of_and_stat() -> None:
    """Every position of seeded games: the evaluation's term of each Guardian is that of ``hp_of`` and ``stat``, to
    the last bit."""
    for state in _seeded_states(4):
        for p in (0, 1):
            for fast, slow in _terms(state, p):
                assert fast == slow


def test_evaluation_hp_of_a_linked_guardian_is_the_pool_gr_link_01() -> None:
    """GR-LINK-01: a linked Guardian's HP in the evaluation is its HP Link's pool, as ``hp_of`` shows it; an infused
    one's ATK and HP count its permanent modifiers (GR-SAC-03)."""
    s = position({"lane1": ["Ember Acolyte"], "lane2": ["Ashen Brute"], "lane3": ["Moss Whelp"]})
    a, b = card(s, 0, "Ember Acolyte"), card(s, 0, "Ashen Brute")
    s.card_state(a).mods.extend([("atk", 3, "permanent"), ("hp", 4, "permanent")])
    s.card_state(a).counters["dmg"] = 2
    assert all(fast == slow for fast, slow in _terms(s, 0))
    link(s, [a, b])
    assert hp_of(s, a) == s.vars["links"][0][1]
    assert all(fast == slow for fast, slow in _terms(s, 0))


@given(st.integers(-10, 2000), st.integers(0, 12))
def test_penalty_draws_closed_form_gr_turn_07(hp: int, out: int) -> None:
    """GR-TURN-06/07: the draws until the penalty (1, 2, 4... from the next one's amount) destroys a Base of ``hp``,
    as counted one draw at a time."""
    left, amount, draws = hp, 1 << out, 0
    while left > 0:
        left -= amount
        amount <<= 1
        draws += 1
    assert gr_rules.penalty_draws(hp, 1 << out) == draws


def test_hand_facts_are_each_cards_type_and_costs_gr_sp_03() -> None:
    """GR-SP-03, GR-DZ-04, GR-SAC-01: every card of a game's list has its type, its cost to play (SP for a
    Guardian, DZ otherwise) and its sacrifice count (a Guardian) or whether its play effects have conditions (an
    Effect) in the card index that the legal actions read."""
    from tcgkit.games.guardian_realms.cardindex import EFFECT, EQUIPMENT, FIELD, GUARDIAN

    state = RULES.new_game(list(RULES.decks())[:2], seed=3)
    kinds = {"Guardian": GUARDIAN, "Equipment": EQUIPMENT, "Field": FIELD, "Effect": EFFECT}
    for i, d in enumerate(state.defs):
        kind, cost, extra = card_index(state.defs).hand[i]
        assert kind == kinds[d.type]
        if d.type == "Guardian":
            assert (cost, extra) == (d.stats["sp_cost"], d.fields["sacrifice"])
        else:
            assert cost == d.stats["dz_cost"]
            assert extra == (d.type == "Effect" and bool(d.fields["play_conds"]))


def test_ally_condition_fast_path_equals_the_condition_gr_combat_05() -> None:
    """GR-COMBAT-05, GR-COPY: Mirror Sprite's ability needs another of its controller's Guardians; the legal
    actions' shortcut for that condition agrees with the printed condition, alone, with an ally, and with an enemy
    Guardian only."""
    from tcgkit.core import effects
    from tcgkit.games.guardian_realms.board import ability_ok

    for p0, p1 in (({"lane1": ["Mirror Sprite"]}, {}), ({"lane1": ["Mirror Sprite"], "lane3": ["Moss Whelp"]}, {}),
                   ({"lane2": ["Mirror Sprite"]}, {"lane2": ["Ashen Brute"]})):
        s = position(p0, p1)
        sprite = card(s, 0, "Mirror Sprite")
        (index,) = s.defs[sprite].fields["abilities"]
        assert s.defs[sprite].fields["fast_conds"][index] == "ally"
        cond = s.defs[sprite].effects[index].condition
        slow = effects.check(s, {"source": sprite, "controller": 0}, cond)
        assert ability_ok(s, sprite, index, 10) == slow
        assert slow == ("lane3" in p0)


def test_fielded_facts_are_each_guardians_printed_fields_gr_combat_05() -> None:
    """GR-SAC-03, GR-DZ-05, GR-CARD-05, GR-SWAP-03: every Guardian of a game's list has its infusion, basic attack
    cost, abilities and swap penalty in the card index that the legal actions read."""
    state = RULES.new_game(list(RULES.decks())[-2:], seed=5)
    for i, d in enumerate(state.defs):
        if d.type == "Guardian":
            assert card_index(state.defs).fielded[i] == (d.fields["infuse"], d.stats["attack_cost"],
                                                         d.fields["abilities"], d.fields["swap_penalty"])


def test_index_extended_for_a_new_card_equals_one_worked_out_whole() -> None:
    """A card added in play (GR-CLONE, GR-COPY, GR-GSUM tokens: a new card list) extends the index of the list it
    extends: the result is the index worked out from the whole new list; the state it was cloned from keeps its own."""
    from tcgkit.games.guardian_realms import cardindex

    s = position({"lane1": ["Ember Acolyte"], "hand": ["Mirror Sprite"]})
    before = cardindex.state_index(s)
    twin = s.clone()
    acolyte = card(twin, 0, "Ember Acolyte")
    sprite = card(twin, 0, "Mirror Sprite")
    twin.add_instance(twin.defs[acolyte], 0)
    once = cardindex.state_index(twin)
    twin.add_instance(twin.defs[sprite], 1)
    extended = cardindex.state_index(twin)
    assert once is not extended and twin.defs.facts[cardindex.KEY] is extended
    whole = cardindex.card_index(list(twin.defs))  # a plain list: worked out whole
    assert extended == whole
    assert cardindex.state_index(s) is before and len(before.hand) == len(s.defs)
