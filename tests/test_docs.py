"""The documentation's examples run: every scenario in docs/scenarios.md passes (TGOD-BTL-06 in the format example)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tcgkit.scenario import read_yaml, run_scenario, scenario_from_dict

DOCS = Path(__file__).parent.parent / "docs"
BLOCKS = [b for b in re.findall(r"```yaml\n(.*?)```", (DOCS / "scenarios.md").read_text(), re.S) if "game:" in b]


@pytest.mark.parametrize("block", BLOCKS, ids=[f"example{i}" for i in range(len(BLOCKS))])
def test_scenario_examples_in_the_docs_pass(block: str) -> None:
    failures = run_scenario(scenario_from_dict(read_yaml(block, "docs/scenarios.md"), "docs/scenarios.md"))
    assert not failures, "\n".join(failures)


def test_every_game_has_an_example() -> None:
    games = {yaml.safe_load(b)["game"] for b in BLOCKS}
    assert games == {"perfect-tcg", "tgod", "phaktionz", "tgc", "guardian-realms"}


def test_readme_python_example_runs(capsys) -> None:
    readme = (DOCS.parent / "README.md").read_text()
    (code,) = re.findall(r"```python\n(.*?)```", readme, re.S)
    exec(compile(code, "README.md", "exec"), {})
    assert "Result(" in capsys.readouterr().out


def test_bots_doc_custom_bot_example_registers_a_playable_bot() -> None:
    """docs/bots.md "Writing your own bot": the example bot registers under its name and plays a whole game."""
    from tcgkit.bots import BOTS, play_game
    from tcgkit.games import get_rules

    (code,) = re.findall(r"```python\n(.*?)```", (DOCS / "bots.md").read_text(), re.S)
    try:
        exec(compile(code, "docs/bots.md", "exec"), {})
        rules = get_rules("tgod")
        decks = list(rules.decks())
        state = play_game(rules, decks[:2], seed=1, bots=("first", "random"))
        assert state.result is not None
    finally:
        BOTS.pop("first", None)
