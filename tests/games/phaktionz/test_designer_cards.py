"""The designer's cards do what their text says (one test per scripted ability; readings in RULINGS.md)."""

from __future__ import annotations

from phk_helpers import act, card, names, position

from tcgkit.core.rng import Rng
from tcgkit.core.state import GameState


def resolve(state: GameState, *answers: str) -> GameState:
    """Answer pending choices with the given action texts (a name in quotes, ``option N``, ``column N``...)."""
    for text in answers:
        state.apply(state.parse_action(text))
    return state


def dmg(state: GameState, player: int, name: str) -> int:
    return state.rules.stat(state, card(state, player, name, "field"), "dmg")


def test_enchanted_deer_draws_and_discards_when_a_united_summon_is_placed() -> None:
    state = position({"field": ["The Enchanted Deer"], "hand": ["Haka Goblin", "Sinth The Brave Men"]})
    resolve(state, 'place "Haka Goblin"', "column 2")
    assert len(state.zone(0, "hand")) == 2 and state.pending is not None
    resolve(state, 'choose "Sinth The Brave Men"')
    assert names(state, 0, "deck_out") == ["Sinth The Brave Men"] and len(state.zone(0, "deck")) == 19


def test_united_men_search_a_united_summon() -> None:
    state = position({"hand": ["The United Men"], "deck": ["10 The Enchanted Lion", "Hu the Fantastic Elf"]})
    resolve(state, 'place "The United Men"', "column 1")
    assert [a.text() for a in state.legal_actions()] == ["option 'Hu the Fantastic Elf'", "done"]
    resolve(state, "option 'Hu the Fantastic Elf'")
    assert names(state, 0, "hand") == ["Hu the Fantastic Elf"] and len(state.zone(0, "deck")) == 10


def test_sinth_returns_a_summon_when_a_united_summon_deals_damage() -> None:
    state = position({"field": ["Sinth The Brave Men", "Haka Goblin"], "deck_out": ["Waka Goblin"]},
                     {"field": ["The Enchanted Lion"]}, phase="combat")
    resolve(state, 'battle "Haka Goblin" "The Enchanted Lion"')
    assert names(state, 0, "hand") == ["Waka Goblin"]


def test_blate_and_berserker_after_dealing_damage() -> None:
    state = position({"field": ["Blate, the Helping Sword", "Berserker Guardian"], "deck_out": ["Defense Guard"]},
                     phase="combat",
                     cards0=[{"name": "Blate, the Helping Sword", "counters": {"col": 1}},
                             {"name": "Berserker Guardian", "counters": {"col": 2}}])
    resolve(state, 'battle "Blate, the Helping Sword" direct')
    assert names(state, 0, "hand") == ["Defense Guard"]
    resolve(state, 'battle "Berserker Guardian" direct')
    assert dmg(state, 0, "Berserker Guardian") == 3
    for _ in range(5):
        state.apply(act(state, "next"))
    assert state.active == 0 and dmg(state, 0, "Berserker Guardian") == 5


def test_chiken_boosts_another_summon_with_three_on_the_battlefield() -> None:
    state = position({"field": ["Defense Guard", "The Reinforced Warrior"], "hand": ["Chiken of Good Skills"]})
    resolve(state, 'place "Chiken of Good Skills"', "column 3", 'choose "The Reinforced Warrior"')
    assert dmg(state, 0, "The Reinforced Warrior") == 3


def test_warrior_searcher_finds_a_fulthrottle() -> None:
    state = position({"hand": ["The Warrior Searcher"],
                      "deck": ["5 Defense Guard", "Fulthrottle, the Dragonic Warrior"]})
    resolve(state, 'place "The Warrior Searcher"', "column 1", "option 'Fulthrottle, the Dragonic Warrior'")
    assert names(state, 0, "hand") == ["Fulthrottle, the Dragonic Warrior"]


def test_ultimate_fulthrottle_aura_and_extra_battles() -> None:
    state = position({"field": ["Fulthrottle, the Ultimate Dragonic Warrior"]},
                     {"field": ["Lin the Fantastic Elf", "Haka Goblin", "Waka Goblin"]}, phase="combat")
    assert dmg(state, 0, "Fulthrottle, the Ultimate Dragonic Warrior") == 7  # opponent controls a Tier 3
    ful = card(state, 0, "Fulthrottle, the Ultimate Dragonic Warrior")
    assert state.rules.battles_allowed(state, ful) == 3  # battles again up to the difference (3 - 1)


def test_fulthrottle_blast_doubles_dmg_for_the_turn() -> None:
    state = position({"field": ["Fulthrottle, the Dragonic Warrior"], "hand": ["Fulthrottle Blast"]})
    resolve(state, 'cast "Fulthrottle Blast"')
    assert dmg(state, 0, "Fulthrottle, the Dragonic Warrior") == 8


def test_arrow_storm_mills_x_and_weakens_the_opponent() -> None:
    state = position({"hand": ["Arrow Storm"]}, {"field": ["Waroko Loko, King Giant"]})
    resolve(state, 'cast "Arrow Storm"', "option 2")
    assert len(state.zone(0, "deck")) == 18 and dmg(state, 1, "Waroko Loko, King Giant") == 2


def test_one_last_time_returns_summons_from_the_deck_out_pile() -> None:
    state = position({"hand": ["One Last Time"], "deck_out": ["Defense Guard"], "deck": ["20 Berserker Guardian"]})
    resolve(state, 'cast "One Last Time"', "option 1")
    assert len(state.zone(0, "deck")) == 17
    resolve(state, 'choose "Defense Guard"', "column 1")
    assert names(state, 0, "field") == ["Defense Guard"]


def test_warriors_path_and_spartian_approach() -> None:
    state = position({"realm": ["The Warrior's Path"], "hand": ["The Spartian Approach"],
                      "field": ["Berserker Guardian", "Defense Guard"]}, {"field": ["Haka Goblin"]})
    resolve(state, "next", 'choose "Defense Guard"')
    assert dmg(state, 0, "Defense Guard") == 3  # 2 Summons against 1: +1
    resolve(state, 'cast "The Spartian Approach"', 'battle "Berserker Guardian" "Haka Goblin"')
    assert dmg(state, 0, "Defense Guard") == 4


def test_triatic_trouble_places_a_tier_three_when_both_demote() -> None:
    """"If all players do, place a tier 3 from your hand": the only Tier 3 is placed, no choice to skip (issue 20;
    PHK-MECH-04, the card's placement without tribute)."""
    state = position({"hand": ["Triatic Trouble", "Waroko Loko, King Giant"], "field": ["Haka Goblin"]},
                     {"field": ["Waka Goblin"]})
    resolve(state, 'cast "Triatic Trouble"', "column 4")
    assert names(state, 0, "field") == ["Waroko Loko, King Giant"] and names(state, 1, "field") == []


def test_triatic_trouble_placing_is_not_optional() -> None:
    """PHK-MECH-04: "place a tier 3 from your hand" is an order, not "you can": with two Tier 3s the caster picks
    which one, and "done" (placing none) is never offered. The old script made it optional (issue 20)."""
    state = position({"hand": ["Triatic Trouble", "Waroko Loko, King Giant", "Lin the Fantastic Elf"],
                      "field": ["Haka Goblin"]}, {"field": ["Waka Goblin"]})
    resolve(state, 'cast "Triatic Trouble"')
    offered = sorted(a.text() for a in state.legal_actions())
    assert "done" not in offered and len(offered) == 2 and all(a.startswith("choose") for a in offered)
    resolve(state, 'choose "Lin the Fantastic Elf"', "column 4")
    assert names(state, 0, "field") == ["Lin the Fantastic Elf"]


def test_lin_places_a_united_summon_from_the_top_three() -> None:
    state = position({"field": ["Lin the Fantastic Elf"], "hand": ["Waroko Loko, King Giant"],
                      "deck": ["10 The Enchanted Lion", "Haka Goblin", "The Enchanted Lion"]})
    resolve(state, 'activate "Lin the Fantastic Elf" 0', "column 2")
    assert names(state, 0, "field") == ["Lin the Fantastic Elf", "Haka Goblin"]
    assert names(state, 0, "deck_out") == ["Waroko Loko, King Giant"] and len(state.zone(0, "deck")) == 11


def test_lin_does_not_shuffle_when_no_united_card_is_found() -> None:
    """Lin: "if there's a card with United, place it and shuffle": with no United card in the top 3, the three go
    back on top in their order and the deck is NOT shuffled (issue 20; PHK-FMT-02 shuffles only when told)."""
    state = position({"field": ["Lin the Fantastic Elf"], "hand": ["Waroko Loko, King Giant"],
                      "deck": ["The Enchanted Lion", "Defense Guard", "Callisto the Hinded Warrior",
                               "Blate, the Helping Sword", "Berserker Guardian", "Chiken of Good Skills"]})
    before = list(state.zone(0, "deck"))
    resolve(state, 'activate "Lin the Fantastic Elf" 0')
    assert state.zone(0, "deck") == before and names(state, 0, "field") == ["Lin the Fantastic Elf"]
    assert not any(e.kind == "shuffle" for e in state.log)


def test_helio_fragment_fizzles_an_ability_and_returns_a_united_summon() -> None:
    state = position({"field": ["Callisto the Hinded Warrior"]},
                     {"field": ["Haka Goblin"], "attached": ["Helio's United Fragment"], "deck_out": ["Waka Goblin"]},
                     cards1=[{"name": "Helio's United Fragment", "attach_to": "Haka Goblin"}])
    resolve(state, 'activate "Callisto the Hinded Warrior" 0')
    assert state.current == 1
    resolve(state, "activate \"Helio's United Fragment\" 0")
    assert names(state, 1, "hand") == ["Waka Goblin"] and dmg(state, 0, "Callisto the Hinded Warrior") == 1


def test_sickened_torture_plagues_to_fizzle() -> None:
    state = position({"field": ["Callisto the Hinded Warrior"]}, {"hand": ["Sickened Torture"]})
    resolve(state, 'activate "Callisto the Hinded Warrior" 0', 'cast "Sickened Torture"')
    cal = card(state, 0, "Callisto the Hinded Warrior")
    assert state.cs[cal].status["plague"] == 2 and dmg(state, 0, "Callisto the Hinded Warrior") == 1


def test_plagued_summons_feed_kyu_summoner_and_plagued_elf() -> None:
    """Kyu returns an exiled card when a Summon is Plagued; Forbidden Summoner places a Tier 1 from exile when it
    is Plagued; Plagued Elf deals the count of Plague Summons exiled this turn when exiled."""
    state = position({"field": ["Kyu the Forbidden Follower", "Forbidden Summoner"],
                      "exile": ["The Forbidden Dwarf", "Forbidden Lands"]}, {"field": ["Plagued Elf"]})
    rules = state.rules
    rules.give_plague(state, card(state, 0, "Forbidden Summoner"))
    state.rules.proceed(state)
    # both trigger on the Plague: their controller orders them (Kyu first), then Kyu returns a card to the hand and
    # the Summoner places the Dwarf in column 3
    assert {a.kind for a in state.legal_actions()} == {"first"}
    resolve(state, 'first "Kyu the Forbidden Follower"', 'choose "Forbidden Lands"', "column 3")
    assert "Forbidden Lands" in names(state, 0, "hand")
    assert "The Forbidden Dwarf" in names(state, 0, "field")
    for _ in range(3):
        state.apply(act(state, "next"))
    assert "The Forbidden Dwarf" in names(state, 0, "exile")  # exiled at the end of the turn
    elf = card(state, 1, "Plagued Elf")
    state.card_state(elf).status["plague"] = 1
    rules.exile(state, elf)
    rules.proceed(state)
    resolve(state, "pass")  # player 0 holds a card: a response window on the Elf's ability
    assert len(state.zone(0, "deck")) == 19  # one Plague summon exiled this turn: 1 damage


def test_forbidden_dwarf_returns_an_exiled_card_when_exiled() -> None:
    state = position({"field": ["The Forbidden Dwarf"], "exile": ["Wicked Goblin"]})
    state.rules.exile(state, card(state, 0, "The Forbidden Dwarf"))
    state.rules.proceed(state)
    assert names(state, 0, "deck_out") == ["Wicked Goblin"]


def test_wicked_goblin_takes_a_tier_three_from_exile() -> None:
    state = position({"hand": ["Wicked Goblin"], "exile": ["Iki the Forbidden Follower"]})
    resolve(state, 'place "Wicked Goblin"', "column 1")
    assert names(state, 0, "hand") == ["Iki the Forbidden Follower"]


def test_wicked_forbidden_strength_and_forbidden_strength() -> None:
    state = position({"hand": ["Wicked Forbidden Strength", "Forbidden Strength"], "field": ["Plagued Elf"],
                      "exile": ["Wicked Goblin", "Forbidden Summoner"]}, {"field": ["Haka Goblin"]},
                     cards1=[{"name": "Haka Goblin", "status": {"plague": 1}}])
    resolve(state, 'cast "Wicked Forbidden Strength"')
    assert dmg(state, 0, "Plagued Elf") == 3
    resolve(state, 'cast "Forbidden Strength"')
    assert dmg(state, 0, "Plagued Elf") == 4


def test_forbidden_lands_counts_placements() -> None:
    state = position({"realm": ["Forbidden Lands"], "hand": ["Haka Goblin"]})
    resolve(state, 'place "Haka Goblin"', "column 1")
    assert state.cs[card(state, 0, "Forbidden Lands")].counters["counter"] == 1


def test_united_assault_counts_united_summons() -> None:
    state = position({"hand": ["United Assault"], "field": ["Haka Goblin", "Waka Goblin", "The Enchanted Lion"]})
    resolve(state, 'cast "United Assault"')
    assert len(state.zone(1, "deck")) == 18


def test_lin_looks_at_the_top_three_and_its_searcher_knows_them() -> None:
    """Lin: "look at the top 3 cards of your deck, if there's a card with United, place it and shuffle". The three
    cards are set aside while the choice is open: their owner knows them (a search bot's samples keep them, so the
    named options stay playable on every sample), the opponent does not; the two not taken go back and are shuffled."""
    state = position({"field": ["Lin the Fantastic Elf"], "hand": ["Waroko Loko, King Giant"],
                      "deck": ["Haka Goblin", "Waka Goblin", "Defense Guard", "Hu the Fantastic Elf"]})
    resolve(state, "activate #4 0")
    assert [a.text() for a in state.legal_actions()] == ["option 'Hu the Fantastic Elf'", "option 'Waka Goblin'"]
    looked = sorted(names(state, 0, "aside"))
    assert looked == ["Defense Guard", "Hu the Fantastic Elf", "Waka Goblin"]
    for seed in range(5):
        sample = state.clone()
        sample.determinize(0, Rng(seed))
        assert sorted(names(sample, 0, "aside")) == looked
        assert sample.legal_actions() == state.legal_actions()
    assert all(not state.visible(c, 1) for c in state.zone(0, "aside"))
    resolve(state, "option 'Waka Goblin'")
    assert names(state, 0, "aside") == [] and "Waka Goblin" not in names(state, 0, "deck")
    assert sorted(names(state, 0, "deck")) == ["Defense Guard", "Haka Goblin", "Hu the Fantastic Elf"]
