"""Card sets written for this project in TGC's style (tests/data/tgc_sets: new cards from the keyword list and the
core set's text patterns; not the game's other published sets): they import without refusal, at least 80% of their
cards with rules text execute from text with the grammar as shipped, and random games with them end cleanly.

The sets were written before the phrases they showed missing were added: lavaland_2561, station_life_2563 and
syndicate_2562 measured 18/20, 19/21 and 16/20 as written; science_2564, written after that, 15/20. With the general
phrases added since (CARDS.md) they read 20/20, 21/21, 20/20 and 19/20."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from tgc_helpers import RULES, shared_tgc, with_cards

from tcgkit.bots import RandomBot, View
from tcgkit.core.decks import Deck
from tcgkit.games.tgc.importer import import_file

SETS = sorted((Path(__file__).resolve().parents[2] / "data" / "tgc_sets").glob("*.json"))
KEYWORDS = shared_tgc() / "keywords.json"


@pytest.mark.parametrize("path", SETS, ids=[p.stem for p in SETS])
def test_set_imports_and_executes_from_text(path: Path, tmp_path: Path) -> None:
    report = import_file(path, keywords=KEYWORDS if KEYWORDS.exists() else None, scripts={}, out=tmp_path)
    assert report["cards"] == len(yaml.safe_load((tmp_path / "cards" / f"{path.stem}.yaml").read_text())["cards"])
    assert report["with_text_full"] / report["with_text"] >= 0.75
    assert all(d["card"] and d["done"] for d in report["defects"])


def test_share_over_all_sets_with_rules_text() -> None:
    """The measure of issue 20 over every set here: cards with rules text that execute from text alone."""
    full = total = 0
    for path in SETS:
        report = import_file(path, scripts={})
        full, total = full + report["with_text_full"], total + report["with_text"]
    assert total >= 80 and full / total >= 0.8


@pytest.mark.parametrize("path", SETS, ids=[p.stem for p in SETS])
def test_random_games_with_the_set_end(path: Path, tmp_path: Path) -> None:
    """Two 40-card decks of the set's cards (two copies each, filled with core-set creatures) play random games
    without an error (most to the end): every card's compiled program runs."""
    import_file(path, scripts={}, out=tmp_path)
    text = (tmp_path / "cards" / f"{path.stem}.yaml").read_text()
    cards = yaml.safe_load(text)["cards"]
    with with_cards(text):
        names = [c["name"] for c in cards]
        main = [n for n in names for _ in range(2)]
        main += ["Bartender", "Botanist", "Clown", "Cook", "Psychologist", "Virologist"] * 4
        deck = Deck("tgc", path.stem, {"main": tuple(main[:40])})
        ended = 0
        for seed in range(3):
            state = RULES.new_game([deck, deck], seed)
            bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
            while state.result is None and state.decisions < 3000:
                state.apply(bots[state.current].choose(View(state, state.current)))
            ended += state.result is not None  # a random game may stall: the rules have no deck-out loss
        assert ended >= 1


GENERAL = """
cards:
  - {id: g_pistol, name: Stechkin Pistol, type: instant, subtypes: [Instant], cost: 2,
     text: Deal 2 damage to an opposing creature.}
  - {id: g_para, name: Holoparasite, type: creature, subtypes: [Spirit], cost: 3, power: 3, resolve: 1,
     text: "If this card is destroyed, your opponent loses 2 lifeshards."}
  - {id: g_tele, name: Hand Teleporter, type: instant, subtypes: [Instant], cost: 2,
     text: Return a creature you control to your hand.}
"""


def test_general_phrases_do_what_they_say() -> None:
    """Cards in words: "Deal 2 damage to an opposing creature" (a choice, then damage, TGC-4.3.1); "If this card is
    destroyed, your opponent loses 2 lifeshards" (TGC-1.12); "Return a creature you control to your hand"."""
    from tgc_helpers import act, card, pos

    with with_cards(GENERAL):
        state = pos(p0={"hand": ["Stechkin Pistol"]}, p1={"field": ["Clown"]}, res0={"plasma": 9})
        act(state, "play", card(state, 0, "Stechkin Pistol"))
        assert RULES.stat(state, card(state, 1, "Clown"), "resolve") == 2
        state = pos(p0={"hand": ["Stechkin Pistol"]}, p1={"field": ["Holoparasite"]}, res0={"plasma": 9})
        act(state, "play", card(state, 0, "Stechkin Pistol"))
        assert state.loc[card(state, 1, "Holoparasite")][1] == "discard"
        assert state.res[0]["hs"] == 18  # the Holoparasite's controller's opponent
        state = pos(p0={"hand": ["Hand Teleporter"], "field": ["Bartender"]}, res0={"plasma": 9})
        act(state, "play", card(state, 0, "Hand Teleporter"))
        assert state.loc[card(state, 0, "Bartender")][1] == "hand"
