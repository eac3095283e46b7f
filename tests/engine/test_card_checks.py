"""Every part of the effect language is checked when a card loads (zones, filters, amounts, conditions, operators,
hooks), with the file, the card and the field named, so that a typo never waits to fail mid-game."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tcgkit.core.cards import load_card_file
from tcgkit.core.errors import CardDataError
from tcgkit.games import get_rules

RULES = get_rules("tgod")
CARD = {"name": "Typo Knight", "number": "X-100", "type": "creature", "attribute": "knight", "rarity": "Common",
        "attack": 20, "stars": 2, "hp": 40, "creator": "me", "text": "A test. (Deals damage.)"}


def _load(tmp_path: Path, effect: dict) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(yaml.safe_dump({"cards": [{**CARD, "effects": [effect]}]}))
    load_card_file(path, RULES.card_model, RULES.make_card, RULES.verbs, RULES.check_effect)


@pytest.mark.parametrize(("effect", "field", "says"), [
    ({"kind": "play", "steps": [{"damage": {"target": "opponent.mian", "amount": 10}}]},
     "effects[0].steps[0].damage.target", "no zone 'mian'"),
    ({"kind": "play", "steps": [{"choose": {"from": {"zone": "opponent.main", "filter": {"tpye": "creature"}}}}]},
     "effects[0].steps[0].choose.from.filter", "unknown filter key 'tpye'"),
    ({"kind": "play", "steps": [{"damage": {"target": "opponent.main", "amount": {"cuont": "you.hand"}}}]},
     "effects[0].steps[0].damage.amount", "unknown amount key 'cuont'"),
    ({"kind": "play", "condition": {"exsts": "you.main"}, "steps": [{"draw": {"count": 1}}]},
     "effects[0].condition", "unknown condition key 'exsts'"),
    ({"kind": "play", "condition": {"compare": [{"count": "you.hand"}, "=>", 2]}, "steps": [{"draw": {}}]},
     "effects[0].condition.compare", "compare takes"),
    ({"kind": "play", "steps": [{"hook": {"name": "tgod.no_such_hook"}}]},
     "effects[0].steps[0].hook.name", "no hook named"),
    ({"kind": "play", "steps": [{"if": {"condition": {"exists": "you.hnad"}, "then": [{"draw": {}}]}}]},
     "effects[0].steps[0].if.condition.exists", "no zone 'hnad'"),
])
def test_a_typo_in_an_effect_fails_at_load_naming_file_card_and_field(tmp_path: Path, effect: dict, field: str,
                                                                        says: str) -> None:
    with pytest.raises(CardDataError) as exc:
        _load(tmp_path, effect)
    assert exc.value.card == "Typo Knight" and exc.value.field == field and says in exc.value.message
    assert str(exc.value).startswith(f"{tmp_path / 'typo.yaml'}: card Typo Knight: field {field}: ")


def test_a_sound_effect_loads(tmp_path: Path) -> None:
    _load(tmp_path, {"kind": "play", "condition": {"compare": [{"count": "you.hand"}, ">=", 2]},
                     "steps": [{"choose": {"name": "victim", "from": {"zone": "opponent.main",
                                                                      "filter": {"attack": {"max": 30}}}}},
                               {"damage": {"target": "victim", "amount": {"sum": [10, {"count": "you.hand"}]}}}]})
