"""Keyword parameters (TGC-0.2: keyword text such as "Resistance to Battlefields (2)"): the printed ones are worked
out once per card, and give what a scan of the card's keywords gives."""

from __future__ import annotations

from tgc_helpers import RULES, card, pos

from tcgkit.games.tgc import verbs


def _scan(kws: frozenset[str], name: str) -> list[str]:
    return [k.partition(":")[2] for k in kws if k.startswith(name + ":")]


def test_printed_keyword_params_match_a_scan_of_every_card_tgc_0_2() -> None:
    """TGC-0.2: for every card of the pool, every keyword with a parameter: the cached parameters equal the scan."""
    seen = 0
    for d in RULES.pool():
        kws = d.fields["kw"]
        for name in {k.partition(":")[0] for k in kws if ":" in k} | {"Immunity", "Resistance"}:
            assert list(verbs._printed_args(kws, name)) == _scan(kws, name)
            seen += 1
    assert seen > 0


def test_a_granted_or_lost_keyword_is_not_taken_from_the_printed_cache_tgc_0_2() -> None:
    """TGC-0.2: a card whose state grants or removes keywords reads them from its state, not from the cache."""
    state = pos(p0={"field": ["Bartender"]})
    c = card(state, 0, "Bartender")
    assert verbs.kw_args(state, c, "Resistance") == _scan(state.defs[c].fields["kw"], "Resistance")
    state.card_state(c).status["Resistance:Battlefields,3"] = 1
    assert "Battlefields,3" in verbs.kw_args(state, c, "Resistance")
