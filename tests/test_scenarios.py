"""Runs every scenario file under tests/scenarios (each cites the clause ids it pins down), and checks that the runner
refuses, in one line naming the file and the key, every scenario that would otherwise pass while testing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgkit.core.errors import ScenarioError
from tcgkit.scenario import ForcedRng, load_scenario, read_yaml, run_scenario

FILES = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(f.parents[1])) for f in FILES])
def test_scenario(path: Path) -> None:
    failures = run_scenario(load_scenario(path))
    assert not failures, "\n".join(failures)


# A TGOD position every case below starts from (turn 9: a normal turn, attacks allowed).
HEAD = """game: tgod
name: a case
position:
  turn: 9
  active: 0
  phase: play
  players:
    - zones: {main: [Sky Lancer], base: [Bastion of Light], hand: [Tower Shield], deck: [8 Dawn Keep]}
    - zones: {main: [Shadow Brute], base: [Dark Keep], deck: [8 Obsidian Throne]}
"""


def p0_cards(text: str, cards: str) -> str:
    """The text with a ``cards:`` list given to player 0."""
    i = text.index("\n", text.index("    - zones:"))
    return text[:i] + "\n      cards: " + cards + text[i:]


def problems(tmp_path: Path, text: str) -> list[str]:
    """What the runner says about a scenario file: its one loading error, or its failures."""
    path = tmp_path / "case.yaml"
    path.write_text(text)
    try:
        return run_scenario(load_scenario(path))
    except ScenarioError as exc:
        return [str(exc)]


def refused(tmp_path: Path, text: str, *words: str) -> str:
    """The scenario is refused with one line naming the file and every word given (a key, a name)."""
    out = problems(tmp_path, text)
    assert len(out) == 1, out
    line = out[0]
    assert "\n" not in line and str(tmp_path / "case.yaml") in line, line
    for w in words:
        assert w in line, (w, line)
    return line


def test_the_base_case_passes(tmp_path: Path) -> None:
    # TGOD-BTL-06: an attack spends a battle star
    assert problems(tmp_path, HEAD + """steps:
  - do: attack "Sky Lancer" "Shadow Brute"
  - expect: {card: {player: 0, name: Sky Lancer, stats: {stars_left: 1}}}
""") == []


# ---------------------------------------------------------------------------------------------- silent cases
def test_a_duplicate_key_is_refused(tmp_path: Path) -> None:
    # YAML keeps the last of two equal keys: the first check would be lost
    refused(tmp_path, HEAD + """steps:
  - expect:
      card: {player: 0, name: Sky Lancer, tapped: true}
      card: {player: 0, name: Sky Lancer, tapped: false}
""", "line 13", "duplicate key 'card'")


@pytest.mark.parametrize("where", ["name: a\nname: b\n", "position:\n  turn: 1\n  turn: 2\n"])
def test_a_duplicate_key_anywhere_is_refused(tmp_path: Path, where: str) -> None:
    with pytest.raises(ScenarioError, match="duplicate key"):
        read_yaml(where, "x.yaml")


def test_an_action_cut_by_a_yaml_comment_is_refused(tmp_path: Path) -> None:
    # `reject: activate #1 0` reads as `reject: activate`, which is illegal anyway: the reject would pass
    refused(tmp_path, HEAD + "steps:\n  - reject: activate #1 0\n", "key reject", "'activate #1 0'", "quotes")
    refused(tmp_path, HEAD + "steps:\n  - expect:\n      legal:\n        - attack #0 #12\n", "key legal")


def test_a_comment_after_an_action_is_still_a_comment(tmp_path: Path) -> None:
    assert problems(tmp_path, HEAD + "steps:\n  - do: end   # 1 turn\n  - expect: {active: 1}\n") == []


@pytest.mark.parametrize("step", [
    '  - reject: attack "Sky Lancr" "Shadow Brute"\n',
    '  - do: attack "Sky Lancer" "Shadow Brut"\n',
    '  - expect: {not_legal: [attack "Sky Lancr" "Shadow Brute"]}\n',
    '  - expect: {zone: {player: 0, zone: main, lacks: [Sky Lancr]}}\n',
    '  - expect: {no_event: {kind: attack, card: Sky Lancr}}\n',
])
def test_a_card_name_matching_no_card_is_refused(tmp_path: Path, step: str) -> None:
    refused(tmp_path, HEAD + "steps:\n" + step, "steps[0]", "no card named")


def test_an_action_that_does_not_read_whole_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, HEAD + "steps:\n  - reject: 'attack \"Sky Lancer'\n", "steps[0].reject", "cannot read")
    refused(tmp_path, HEAD + "steps:\n  - reject: 'attack #99'\n", "steps[0].reject", "no card #99")


def test_a_card_expectation_without_zone_never_matches_a_copy_in_the_deck(tmp_path: Path) -> None:
    refused(tmp_path, HEAD + "steps:\n  - expect: {card: {player: 0, name: Dawn Keep, tapped: false}}\n",
            "steps[0].expect.card", "only in the deck")
    # with zone: deck it is meant, and holds
    assert problems(tmp_path, HEAD + "steps:\n  - expect: {card: {player: 0, name: Dawn Keep, zone: deck, "
                                     "tapped: false}}\n") == []


def test_a_card_in_several_zones_needs_a_zone(tmp_path: Path) -> None:
    text = HEAD.replace("hand: [Tower Shield]", "hand: [Sky Lancer]")
    refused(tmp_path, text + "steps:\n  - expect: {card: {player: 0, name: Sky Lancer, tapped: false}}\n",
            "expect.card", "hand, main", "zone:")


def test_attach_to_never_finds_its_host_in_the_deck(tmp_path: Path) -> None:
    text = HEAD.replace("base: [Bastion of Light], hand", "hand").replace("deck: [8 Dawn Keep]",
                                                                          "deck: [Bastion of Light]")
    text = text.replace("hand: [Tower Shield]", "power: [Tower Shield]")
    refused(tmp_path, p0_cards(text, "[{name: Tower Shield, attach_to: Bastion of Light}]") + "steps: []\n",
            "players[0].cards[0].attach_to", "only in the deck")


def test_attach_to_a_host_in_the_hand_is_refused(tmp_path: Path) -> None:
    text = HEAD.replace("hand: [Tower Shield]", "hand: [Tower Shield, Reef Guard]")
    refused(tmp_path, p0_cards(text, "[{name: Tower Shield, attach_to: Reef Guard}]") + "steps: []\n",
            "players[0].cards[0].attach_to", "in hand, not in play")


@pytest.mark.parametrize("text,key", [
    (HEAD + "expects: []\n", "'expects'"),
    (p0_cards(HEAD, "[{name: Sky Lancer, counter: {stars: 1}}]"), "players[0].cards[0]"),
    (HEAD + "steps:\n  - expect: {card: {player: 0, name: Sky Lancer, stat: {attack: 1}}}\n", "expect.card"),
    (HEAD + "steps:\n  - expect: {cards: {player: 0, name: Sky Lancer}}\n", "unknown expectation 'cards'"),
    (HEAD + "steps:\n  - do: end\n    clause: TGOD-NRM-01\n", "steps[0].do"),
    (HEAD.replace("base:", "bse:"), "players[0].zones"),
    (HEAD + "steps:\n  - expect: {resource: {player: 0, name: enrgy, equals: 0}}\n", "no resource 'enrgy'"),
    (HEAD + "steps:\n  - expect: {vars: {frist_player: 0}}\n", "no var 'frist_player'"),
    (HEAD + "steps:\n  - expect: {zone: {player: 0, zone: hnd, count: 0}}\n", "no zone 'hnd'"),
])
def test_an_unknown_key_is_refused(tmp_path: Path, text: str, key: str) -> None:
    refused(tmp_path, text, key)


def test_a_scenario_without_steps_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, HEAD, "key steps", "tests nothing")


def test_a_reject_by_a_player_who_does_not_decide_is_refused(tmp_path: Path) -> None:
    line = refused(tmp_path, HEAD + 'steps:\n  - reject: attack "Shadow Brute" "Sky Lancer"\n    player: 1\n',
                   "player 1 does not decide")
    assert "tests nothing" in line


# ---------------------------------------------------------------------------------------------- new things to say
def test_reject_checks_the_clause_of_the_refusal(tmp_path: Path) -> None:
    # TGOD-OTH-09: the switch is refused for that reason, not any other
    text = HEAD + 'steps:\n  - reject: switch "Sky Lancer"\n    clause: %s\n'
    assert problems(tmp_path, text % "TGOD-OTH-09") == []
    (line,) = problems(tmp_path, text % "TGOD-OTH-0")
    assert "another reason than TGOD-OTH-0" in line and "TGOD-OTH-09" in line


def test_reject_checks_the_reason_text(tmp_path: Path) -> None:
    text = HEAD + 'steps:\n  - reject: switch "Sky Lancer"\n    reason: %s\n'
    assert problems(tmp_path, text % "out of stars") == []
    (line,) = problems(tmp_path, text % "not your turn")
    assert "does not say 'not your turn'" in line


def test_an_action_by_a_named_player(tmp_path: Path) -> None:
    assert problems(tmp_path, HEAD + "steps:\n  - do: end\n    player: 0\n  - do: end\n    player: 1\n") == []
    (line,) = problems(tmp_path, HEAD + "steps:\n  - do: end\n    player: 1\n")
    assert "player 1 does not decide now (player 0 does)" in line


def test_not_legal_by_prefix_and_exact(tmp_path: Path) -> None:
    # `attack "Sky Lancer"` is the prefix of a legal action: not_legal refuses it, not_legal_exact does not
    (line,) = problems(tmp_path, HEAD + "steps:\n  - expect: {not_legal: [attack \"Sky Lancer\"]}\n")
    assert "is among the legal actions" in line
    assert problems(tmp_path, HEAD + "steps:\n  - expect: {not_legal_exact: [attack \"Sky Lancer\"], "
                                     "legal_exact: [attack \"Sky Lancer\" \"Shadow Brute\"]}\n") == []
    (line,) = problems(tmp_path, HEAD + "steps:\n  - expect: {legal_exact: [attack \"Sky Lancer\"]}\n")
    assert "is not among the legal actions" in line


def test_only_legal_lists_every_legal_action(tmp_path: Path) -> None:
    text = HEAD + "steps:\n  - expect: {only_legal: [%s]}\n"
    (line,) = problems(tmp_path, text % 'attack "Sky Lancer" "Shadow Brute"')
    assert "more actions are legal" in line and "end" in line


def test_events_in_order(tmp_path: Path) -> None:
    text = HEAD + 'steps:\n  - do: attack "Sky Lancer" "Shadow Brute"\n  - expect: {events: [%s]}\n'
    assert problems(tmp_path, text % "{kind: attack, card: Sky Lancer}, {kind: damage, card: Shadow Brute}") == []
    (line,) = problems(tmp_path, text % "{kind: damage, card: Shadow Brute}, {kind: attack, card: Sky Lancer}")
    assert "1 of 2 found" in line


def test_forced_results_not_used_fail_the_scenario(tmp_path: Path) -> None:
    (line,) = problems(tmp_path, HEAD + "steps:\n  - force: {coin: [heads], die: [4]}\n  - do: end\n")
    assert "heads, 4 were never used" in line
    refused(tmp_path, HEAD + "steps:\n  - force: {coin: [up]}\n", "steps[0].force.coin")


def test_forced_rng_clones_keep_their_queue_and_stay_deterministic() -> None:
    rng = ForcedRng(5)
    rng.coins, rng.dice = (True,), (2, 3)
    twin = rng.clone()
    assert [rng.coin(), rng.die(), rng.die(), rng.die()] == [twin.coin(), twin.die(), twin.die(), twin.die()]
    assert (rng.coins, rng.dice) == ((), ())
    with pytest.raises(ScenarioError, match="die of 4 sides"):
        _rolled(ForcedRng(0), 5, 4)


def _rolled(rng: ForcedRng, forced: int, sides: int) -> int:
    rng.dice = (forced,)
    return rng.die(sides)


def test_vars_compare_tuples_with_yaml_lists(tmp_path: Path) -> None:
    # a position's lists become tuples (vars hold immutable values) and compare equal to YAML lists
    text = HEAD.replace("  phase: play\n", "  phase: play\n  vars: {deck_type: [Guardian, Horde]}\n")
    assert problems(tmp_path, text + "steps:\n  - expect: {vars: {deck_type: [Guardian, Horde]}}\n") == []
    (line,) = problems(tmp_path, text + "steps:\n  - expect: {vars: {deck_type: [Horde, Guardian]}}\n")
    assert "vars.deck_type is ['Guardian', 'Horde']" in line


def test_a_deck_scenario_compares_the_violations(tmp_path: Path) -> None:
    # TGOD-DECK-01: 30 to 60 cards
    text = "game: tgod\ndeck: {main: [Bastion of Light, 3 Reef Guard]}\nviolations: [%s]\n"
    assert problems(tmp_path, text % "TGOD-DECK-01") == []
    (line,) = problems(tmp_path, text % "")
    assert "violations are ['TGOD-DECK-01'], expected []" in line and "30 to 60" in line
    refused(tmp_path, "game: tgod\ndeck: {main: [Bastion of Light]}\n", "key violations")
    refused(tmp_path, "game: tgod\ndeck: {main: [Bastion of Light]}\nviolations: []\nformat: nope\n", "key format")


def test_a_setup_scenario_deals_with_the_seed(tmp_path: Path) -> None:
    text = "game: tgod\nseed: 3\nsetup: {decks: [Guardian Wall, Knight Order]}\nsteps:\n  - expect: %s\n"
    assert problems(tmp_path, text % "{vars: {first_player: 0}, zone: {player: 0, zone: hand, count: 7}}") == []
    (line,) = problems(tmp_path, text % "{vars: {first_player: 1}}")
    assert "vars.first_player is 0, expected 1" in line
    refused(tmp_path, "game: tgod\nsetup: {decks: [Guardian Wall, Nope]}\n", "key setup", "no deck 'Nope'")
    refused(tmp_path, "game: tgod\nsetup: {decks: [Guardian Wall]}\n", "key setup.decks")


# ---------------------------------------------------------------------------------------------- legal positions
@pytest.mark.parametrize("game,zones,cards,why", [
    # PHK-SUM-05: one Summon per column
    ("phaktionz", "{field: [Waka Goblin, Haka Goblin], deck: [9 The Enchanted Lion]}",
     "[{name: Waka Goblin, counters: {col: 2}}, {name: Haka Goblin, counters: {col: 2}}]", "both in column 2"),
    ("phaktionz", "{field: [Waka Goblin], deck: [9 The Enchanted Lion]}", "[{name: Waka Goblin, counters: {col: 9}}]",
     "columns are 1 to 5"),
    # TGOD-SPEC-01: one Main Creature; an Equipment is not a creature
    ("tgod", "{main: [Sky Lancer, Reef Guard], base: [Bastion of Light], deck: [8 Dawn Keep]}", "[]", "at most 1"),
    ("tgod", "{main: [Tower Shield], base: [Bastion of Light], deck: [8 Dawn Keep]}", "[]",
     "Tower Shield (equipment) is in main, which holds only creature cards"),
    # GR-LANE-01: one Guardian per lane
    ("guardian-realms", "{lane1: [Ashen Brute, Moss Whelp], deck: [9 Moss Whelp]}", "[]", "lane1 holds 2 cards"),
    # PTCG-ROLE-03: one unit per Wing zone
    ("perfect-tcg", "{leader: [Gandor Squire], wing_left: [Gandor Knight, Gandor Page], deck: [9 Gandor Page]}", "[]",
     "wing_left holds 2"),
    # TGC-3.3.3.b.2: an Equipment goes under a creature, not in the creature zone
    ("tgc", "{field: [HONK Ltd. Entertainment Voidsuit], deck: [9 Botanist]}", "[]",
     "is in field, which holds only creature"),
])
def test_a_position_that_cannot_arise_is_refused(tmp_path: Path, game: str, zones: str, cards: str,
                                                 why: str) -> None:
    text = (f"game: {game}\nposition:\n  turn: 5\n  players:\n    - zones: {zones}\n      cards: {cards}\n"
            "    - zones: {}\n")
    refused(tmp_path, text, "key position", "not a legal position", why)


# ---------------------------------------------------------------------------------------------- resources from the turn
PASSING = ("keep", "end", "pass_phase", "do_nothing", "no_block", "pass", "done", "next")


@pytest.mark.parametrize("game", ["guardian-realms", "tgc"])
def test_turn_resources_are_what_a_game_of_passing_players_has(game: str) -> None:
    """GR-DZ-01/03, GR-SP-02, TGC-1.10.1: at the start of each turn of a real game where nobody spends anything, the
    turn player's resources are what a scenario's position gets by default for that turn."""
    from tcgkit.games import get_rules

    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], seed=1)
    seen = 0
    while state.turn < 9 and not state.is_over:
        turn = state.turn
        kinds = {a.kind: a for a in state.legal_actions()}
        state.apply(next(kinds[k] for k in PASSING if k in kinds))
        if state.turn != turn and state.phase not in ("mulligan",):
            p = state.active
            probe = state.clone()
            probe.res[p] = {}  # as a position that states no resource
            want = rules.turn_resources(probe, p)
            assert {k: state.res[p][k] for k in want} == want, (state.turn, p)
            seen += 1
    assert seen >= 6


def test_the_command_line_reports_a_refused_scenario_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "case.yaml"
    path.write_text(HEAD + "steps:\n  - reject: activate #1 0\n")
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "scenario", "run", str(path)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == f"FAIL {path}" and lines[-1] == "0 passed, 1 failed"
    (msg,) = lines[1:-1]
    assert str(path) in msg and "key reject" in msg


def test_a_clause_is_found_in_the_refusal_or_in_its_reason() -> None:
    from tcgkit.core.errors import IllegalAction
    from tcgkit.scenario import _check_reason

    several = IllegalAction("attack #1 #2", "it forfeited its action", "GR-PARA-04, GR-CONF-04")
    assert _check_reason(several, {"clause": "GR-CONF-04"}) is None
    assert "another reason than GR-CONF-0" in _check_reason(several, {"clause": "GR-CONF-0"})
    in_text = IllegalAction("attack #1", "a direct attack waits for Taunt (TGC-4.1.2.1) to be answered")
    assert _check_reason(in_text, {"clause": "TGC-4.1.2.1"}) is None
    assert _check_reason(in_text, {"clause": "TGC-4.1.2"}) is not None  # a longer id is not its prefix
