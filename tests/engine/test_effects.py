"""The effect language, tested on the toy game: each verb, choices as decisions, costs, limits, triggers, hooks."""

from __future__ import annotations

import json

import pytest

from engine.toy import DECK, RULES
from tcgkit.core.actions import Action
from tcgkit.core.errors import IllegalAction
from tcgkit.scenario import run_scenario, scenario_from_dict


def position(p0: dict, p1: dict | None = None, steps: list | None = None) -> dict:
    base = {"zones": {"deck": ["10 Grunt"]}, "resources": {"life": 10, "mana": 3}}
    players = []
    for spec in (p0, p1 or {}):
        pl = {"zones": {**base["zones"], **spec.get("zones", {})},
              "resources": {**base["resources"], **spec.get("resources", {})}}
        players.append(pl)
    return {"game": "toy", "position": {"turn": 1, "active": 0, "phase": "main", "players": players},
            "steps": steps or []}


def run(doc: dict) -> list[str]:
    return run_scenario(scenario_from_dict(doc))


def test_play_effect_damages_a_player() -> None:
    doc = position({"zones": {"hand": ["Spark"]}},
                   steps=[{"do": 'play "Spark"'}, {"expect": {"resource": {"player": 1, "name": "life", "equals": 8}}},
                          {"expect": {"zone": {"player": 0, "zone": "discard", "names": ["Spark"]}}}])
    assert run(doc) == []


def test_draw_moves_cards_from_deck_to_hand() -> None:
    doc = position({"zones": {"hand": ["Insight"]}},
                   steps=[{"do": 'play "Insight"'}, {"expect": {"zone": {"player": 0, "zone": "hand", "count": 2}}},
                          {"expect": {"zone": {"player": 0, "zone": "deck", "count": 8}}}])
    assert run(doc) == []


def test_choose_is_a_decision_of_the_controller() -> None:
    doc = position({"zones": {"hand": ["Zap"]}}, {"zones": {"field": ["Grunt", "Giant"]}},
                   steps=[{"do": 'play "Zap"'},
                          {"expect": {"legal": ['choose "Grunt"', 'choose "Giant"'], "current_player": 0}},
                          {"do": 'choose "Grunt"'},
                          {"expect": {"zone": {"player": 1, "zone": "discard", "names": ["Grunt"]}}},
                          {"expect": {"zone": {"player": 1, "zone": "field", "names": ["Giant"]}}}])
    assert run(doc) == []


def test_forced_choice_needs_no_decision() -> None:
    doc = position({"zones": {"hand": ["Zap"]}}, {"zones": {"field": ["Grunt"]}},
                   steps=[{"do": 'play "Zap"'},
                          {"expect": {"zone": {"player": 1, "zone": "discard", "names": ["Grunt"]}}}])
    assert run(doc) == []


def test_choice_with_no_candidate_does_as_much_as_possible() -> None:
    doc = position({"zones": {"hand": ["Zap"]}}, steps=[{"do": 'play "Zap"'}, {"expect": {"legal": ["end"]}}])
    assert run(doc) == []


@pytest.mark.parametrize("answer,life,hand", [("yes", 12, 1), ("no", 10, 0)])
def test_may_is_a_yes_no_decision_and_if_checks_after(answer: str, life: int, hand: int) -> None:
    doc = position({"zones": {"hand": ["Gift"]}},
                   steps=[{"do": 'play "Gift"'}, {"expect": {"legal": ["yes", "no"]}}, {"do": answer},
                          {"expect": {"resource": {"player": 0, "name": "life", "equals": life}}},
                          {"expect": {"zone": {"player": 0, "zone": "hand", "count": hand}}}])
    assert run(doc) == []


def test_repeat_runs_its_steps_n_times() -> None:
    doc = position({"zones": {"hand": ["Volley"]}},
                   steps=[{"do": 'play "Volley"'},
                          {"expect": {"resource": {"player": 1, "name": "life", "equals": 7}}}])
    assert run(doc) == []


def test_search_chooses_among_matching_cards_and_shuffles() -> None:
    doc = position({"zones": {"hand": ["Tutor"], "deck": ["5 Grunt", "2 Giant"]}},
                   steps=[{"do": 'play "Tutor"'}, {"expect": {"legal": ['choose "Giant"', "done"]}},
                          {"do": 'choose "Giant"'},
                          {"expect": {"zone": {"player": 0, "zone": "hand", "names": ["Giant"]}}},
                          {"expect": {"event": {"kind": "shuffle", "player": 0}}}])
    assert run(doc) == []


def test_up_to_choice_can_stop_early_and_modifiers_expire() -> None:
    doc = position({"zones": {"hand": ["Rally"], "field": ["Grunt", "Giant"]}},
                   steps=[{"do": 'play "Rally"'}, {"do": 'choose "Giant"'}, {"do": "done"},
                          {"expect": {"card": {"player": 0, "name": "Giant", "stats": {"power": 7}}}},
                          {"expect": {"card": {"player": 0, "name": "Grunt", "stats": {"power": 2}}}},
                          {"do": "end"},
                          {"expect": {"card": {"player": 0, "name": "Giant", "stats": {"power": 5}}}}])
    assert run(doc) == []


def test_activated_cost_and_once_per_turn_limit() -> None:
    doc = position({"zones": {"field": ["Mage"]}, "resources": {"mana": 1}},
                   steps=[{"expect": {"legal": ['activate "Mage" 0']}}, {"do": 'activate "Mage" 0'},
                          {"expect": {"resource": {"player": 0, "name": "mana", "equals": 0}}},
                          {"expect": {"resource": {"player": 1, "name": "life", "equals": 9}}},
                          {"expect": {"not_legal": ['activate "Mage" 0']}},
                          {"reject": 'activate "Mage" 0'}])
    assert run(doc) == []


def test_cost_that_cannot_be_paid_makes_the_action_illegal() -> None:
    doc = position({"zones": {"field": ["Mage"]}, "resources": {"mana": 0}},
                   steps=[{"expect": {"not_legal": ['activate "Mage" 0']}}])
    assert run(doc) == []


def test_triggered_effect_with_hook_condition() -> None:
    doc = position({"zones": {"hand": ["Spark"], "field": ["Watcher"]}},
                   steps=[{"do": 'play "Spark"'},
                          {"expect": {"card": {"player": 0, "name": "Watcher", "counters": {"seen": 1}}}}])
    assert run(doc) == []


def test_clone_in_the_middle_of_a_choice_is_independent() -> None:
    state = RULES.new_game([DECK, DECK], seed=5)
    # find a Zap-like pending choice by playing random legal actions until a decision is pending
    from tcgkit.bots import RandomBot, View

    bot = RandomBot(1)
    for _ in range(500):
        if state.pending is not None or state.result is not None:
            break
        state.apply(bot.choose(View(state, state.current)))
    if state.pending is None:
        pytest.skip("no pending choice reached with this seed")
    before = json.dumps(state.to_json(), sort_keys=True)
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert json.dumps(state.to_json(), sort_keys=True) == before
    state.apply(state.legal_actions()[0])
    assert json.dumps(state.to_json(), sort_keys=True) == json.dumps(twin.to_json(), sort_keys=True)


def test_pending_choice_rejects_other_actions() -> None:
    doc = position({"zones": {"hand": ["Zap", "Spark"]}}, {"zones": {"field": ["Grunt", "Giant"]}},
                   steps=[{"do": 'play "Zap"'}, {"reject": 'play "Spark"'}, {"reject": "end"}])
    assert run(doc) == []


def test_illegal_action_message_says_why() -> None:
    state = RULES.new_game([DECK, DECK], seed=2)
    with pytest.raises(IllegalAction, match="there is no such card"):
        state.apply(Action("play", (10_000,)))


def test_a_player_orders_their_simultaneous_triggered_effects() -> None:
    """Two different effects of one player triggered by one event: the player chooses which resolves first (a
    decision, the order changes the result: 3 mana +1 then doubled is 8, doubled then +1 is 7)."""
    field = {"zones": {"hand": ["Spark", "Spark"], "field": ["Tithe Collector", "Mana Doubler"]}}
    both = ['first "Tithe Collector"', 'first "Mana Doubler"']
    tithe_first = position(field, steps=[
        {"do": 'play "Spark"'}, {"expect": {"legal": both, "current_player": 0}},
        {"do": 'first "Tithe Collector"'}, {"expect": {"resource": {"player": 0, "name": "mana", "equals": 8}}},
        {"expect": {"legal": ['play "Spark"', "end"]}}])
    assert run(tithe_first) == []
    doubler_first = position(field, steps=[
        {"do": 'play "Spark"'}, {"do": 'first "Mana Doubler"'},
        {"expect": {"resource": {"player": 0, "name": "mana", "equals": 7}}}])
    assert run(doubler_first) == []


def test_copies_of_one_triggered_effect_need_no_order() -> None:
    """Two Watchers see the same discard: the same effect twice, no decision."""
    doc = position({"zones": {"hand": ["Spark"], "field": ["Watcher", "Watcher"]}},
                   steps=[{"do": 'play "Spark"'}, {"expect": {"legal": ['end']}},
                          {"expect": {"card": {"player": 0, "name": "Watcher", "counters": {"seen": 1}}}}])
    assert run(doc) == []


def test_ordering_decision_clones_independently() -> None:
    """A game cloned while the order is being chosen resumes in the clone exactly as in the original."""
    doc = position({"zones": {"hand": ["Spark"], "field": ["Tithe Collector", "Mana Doubler"]}})
    from tcgkit.scenario import build_position

    state = build_position(scenario_from_dict(doc))
    state.apply('play "Spark"')
    twin = state.clone()
    twin.apply('first "Mana Doubler"')
    state.apply('first "Tithe Collector"')
    assert (state.res[0]["mana"], twin.res[0]["mana"]) == (8, 7)


@pytest.mark.parametrize("active", [0, 1])
def test_the_turn_players_triggered_effects_resolve_first(active: int) -> None:
    """Both players' Heralds see one discard: the turn player's resolves first, whichever seat that is."""
    from tcgkit.scenario import build_position

    doc = position({"zones": {"hand": ["Spark"], "field": ["Herald"]}},
                   {"zones": {"hand": ["Spark"], "field": ["Herald"]}})
    doc["position"]["active"] = active
    state = build_position(scenario_from_dict(doc))
    state.apply('play "Spark"')
    assert state.vars["noted"] == (active, 1 - active)
