"""The text is the oracle, the old scripts a cross-check (issue 20): every core-set card compiled from its printed
text is compared with the hand-written script it replaces (``data/scripts_before_issue20.yaml``, the retired
``scripts.yaml``). Every difference is listed here with the text that decides it; any other difference fails."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from tgc_helpers import shared_tgc

from tcgkit.games.tgc.grammar import compile_text
from tcgkit.games.tgc.importer import expand_tokens

DATA = shared_tgc()
OLD = Path(__file__).with_name("data") / "scripts_before_issue20.yaml"

#: (card id, field) -> why the compiled card differs from the old script (decided by the text; RULINGS.md).
DIFFERENCES = {
    ("stickman", "effects"): "'If another Angry Stickman card has been destroyed': only a destroyed one (was: any in "
                             "the discard pile, a milled one too)",
    ("wiz_suit", "grants"): "'cannot attack targets with Holy' is the general CannotAttack:Holy (was the one-off "
                            "NoHolyTargets; same behaviour)",
    ("ian", "effects"): "the choice carries the prompt 'summon a creature' (no change of behaviour)",
    ("medborg", "effects"): "offered only while a card it may affect exists (Holy/Immunity; was: any creature)",
    ("immoral_surgeon", "effects"): "offered only while a creature it may affect exists (was: any creature)",
    ("rd_suit", "grants"): "'Resistance to Battlefields (2)' keeps its amount, 2 (was fixed in the engine)",
    ("runtime", "effects"): "the cost cut carries its faction and amount from the text (Medical, 2; same behaviour)",
    ("just_losses", "effects"): "Holy and Immune creatures cannot be sacrificed by it (RULINGS.md, Immunity and Holy "
                                "in every choice); the prompt of the summon choice is the same",
    ("bepis", "effects"): "'If heads, gain 2 mana' -> plasma resource as before ... and the shortfall sentence "
                          "('take the remaining amount as lifeshard damage') is read as a parameter of the loss",
}


def _strip(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _strip(v) for k, v in x.items() if k != "text"}
    if isinstance(x, list):
        return [_strip(v) for v in x]
    return x


def compiled_differences() -> dict[tuple[str, str], tuple[Any, Any]]:
    """(card id, field) -> (old script, compiled from the text), for every field that differs."""
    old = yaml.safe_load(OLD.read_text(encoding="utf-8"))
    known = set(json.loads((DATA / "keywords.json").read_text()))
    out = {}
    for raw in json.loads((DATA / "coreset_2560.json").read_text())["cards"]:
        text, _ = expand_tokens(raw["rules"], known, raw["id"], [])
        if not text.strip():
            continue
        ctype = raw["cardtype"].lower()
        ctype = "instant" if ctype == "event" and "Instant" in raw["cardsubtype"] else ctype
        got = compile_text(text, ctype, raw["id"], "coreset_2560.json", int(raw["summoncost"]))
        assert got["unread"] == [], (raw["id"], got["unread"])
        script = old.get(raw["id"], {})
        for field in ("keywords", "grants", "statics", "effects"):
            a, b = _strip(script.get(field, [])), _strip(got[field])
            if a != b:
                out[(raw["id"], field)] = (a, b)
    return out


@pytest.mark.skipif(not (DATA / "coreset_2560.json").exists(), reason="shared TGC data not available")
def test_every_difference_from_the_old_scripts_is_listed_and_decided_by_the_text() -> None:
    diffs = compiled_differences()
    unexplained = {k: v for k, v in diffs.items() if k not in DIFFERENCES}
    assert not unexplained, "\n".join(f"{k}: script {json.dumps(a)}\n    text {json.dumps(b)}"
                                      for k, (a, b) in unexplained.items())
    assert set(DIFFERENCES) == set(diffs)  # no stale entry
