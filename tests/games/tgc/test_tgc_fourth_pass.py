"""The fourth speed pass's shortcuts (issue 19) answer as the rules worked out the long way do, checked at every
decision of seeded random-bot games (clones included): an equipped creature's keywords kept per card list
(TGC-1.8, TGC-3.3.3.b.3), the plain rule of combat for creatures whose Equipment grants no combat keyword
(TGC-4.2.3), and the damage that destroys (TGC-4.3.2)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tgc_helpers import RULES, card, decision_points, plain_combats_match, pos

from conftest import plain_build_only
from tcgkit.core.state import GameState
from tcgkit.games.tgc import verbs


def _equipped(state: GameState) -> Iterator[int]:
    """The cards on the fields with Equipment and no status."""
    for p in (0, 1):
        for c in state.zones[p]["field"]:
            st = state.cs.get(c)
            if st is not None and st.attached and not st.status:
                yield c


def test_equipped_keywords_kept_equal_the_long_way_tgc_1_8() -> None:
    """TGC-1.8, TGC-3.3.3.b.3: the keywords of an equipped creature with no status, kept per card list, are at every
    decision those worked out from its record (printed, and the grants of its Equipment that it fits), in clones
    too."""
    seen = 0
    for state in decision_points(8, clone_every=15):
        for c in _equipped(state):
            st = state.cs[c]
            assert verbs.kw_now(state, c) == verbs._kw_now_long(state, c, state.defs[c], st), c
            seen += 1
    assert seen > 200


def test_a_nullified_equipment_is_read_the_long_way_tgc_3_3_3_b_3() -> None:
    """Mime: a nullified Equipment grants nothing; its creature's keywords are then never taken from the table (which
    holds only the pairings whose Equipment has no status)."""
    state = pos(p0={"field": ["Intern"]})
    intern = card(state, 0, "Intern")
    suit = state.add_instance(RULES.pool().get("Crusader Armour"), 0)
    RULES.attach(state, suit, intern)
    granted = {g.partition("@")[0] for g in state.defs[suit].fields["grants"]} - state.defs[intern].fields["kw"]
    assert granted and granted <= verbs.kw_now(state, intern)
    state.card_state(suit).status["nullified"] = 1
    assert granted.isdisjoint(verbs.kw_now(state, intern))
    assert all(not verbs.has_kw(state, intern, k) for k in granted)
    del state.card_state(suit).status["nullified"]
    assert granted <= verbs.kw_now(state, intern)


def test_equipped_keywords_of_a_clone_with_a_token_are_its_own_tgc_1_8() -> None:
    """A token made in a clone extends its card list: the clone's table is its own, the original's is unchanged."""
    state = pos(p0={"field": ["Intern"]})
    intern = card(state, 0, "Intern")
    suit = state.add_instance(RULES.pool().get("Crusader Armour"), 0)
    RULES.attach(state, suit, intern)
    before = verbs.kw_now(state, intern)
    table = state.defs.facts[verbs.EQUIPPED_KW]
    twin = state.clone()
    twin.add_instance(RULES.pool().get("Intern"), 1)
    assert verbs.kw_now(twin, intern) == before
    assert twin.defs.facts[verbs.EQUIPPED_KW] is not table and state.defs.facts[verbs.EQUIPPED_KW] is table


@plain_build_only(verbs)
def test_plain_fighters_with_equipment_fight_as_the_full_combat_tgc_4_2_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """TGC-4.2.3: a battle where a creature's Equipment grants no combat keyword, fought by the plain rule, ends as the
    same battle fought through every keyword test (state, log and RNG alike)."""
    assert plain_combats_match(decision_points(12), monkeypatch, equipped=True) > 10


def test_an_equipment_granting_a_combat_keyword_makes_no_plain_fighter_tgc_4_2_3() -> None:
    """TGC-4.2.3: Equipment whose grants name a combat keyword (even one the creature does not fit, or while the
    Equipment is nullified) keeps its creature out of the plain rule; one that grants none leaves it plain."""
    combat = [d for d in RULES.pool() if d.fields["grants"] and not d.fields["plain_grants"]]
    plain = [d for d in RULES.pool() if d.type == "equipment" and d.fields["plain_grants"]]
    assert combat and plain
    for d in combat:
        assert any(g.partition("@")[0].partition(":")[0] in verbs.COMBAT_KEYWORDS for g in d.fields["grants"])
    state = pos(p0={"field": ["Bartender"]})
    bart = card(state, 0, "Bartender")
    assert verbs._plain_fighter(state, bart)
    RULES.attach(state, state.add_instance(plain[0], 0), bart)
    assert verbs._plain_fighter(state, bart)
    RULES.attach(state, state.add_instance(combat[0], 0), bart)
    assert not verbs._plain_fighter(state, bart)


@plain_build_only(verbs)
def test_damage_destroys_at_zero_resolve_tgc_4_3_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """TGC-4.3.2: at every damage dealt to a creature in seeded games, it is destroyed exactly when its resolve worked
    out again with the damage (on a copy taken before) is 0 or less: ``verbs.damage_card`` reads it as its resolve
    before less the damage, unless the creature has statics of its own."""
    checked = {"damage": 0}
    original = verbs.damage_card

    def damage_card(state: GameState, c: int, amount: int, source: int = -1, combat: bool = False) -> None:
        twin = state.clone()
        start = len(state.log)
        original(state, c, amount, source, combat)
        dealt = [ev.data[0] for ev in state.log[start:] if ev.kind == "damage" and ev.card == c]
        if dealt and state.result is None:
            counters = twin.card_state(c).counters
            counters["damage"] = counters.get("damage", 0) + dealt[0]
            assert (state.loc[c][1] != "field") == (RULES.stat(twin, c, "resolve") <= 0), c
            checked["damage"] += 1

    monkeypatch.setattr(verbs, "damage_card", damage_card)  # (combat calls it; the rules' damage_card too)
    for _ in decision_points(8):
        pass
    assert checked["damage"] > 100


def test_immunity_read_from_printed_keywords_equals_the_scan_tgc_4_2_3() -> None:
    """TGC-4.2.3 (Immunity): whether a creature is immune to another in combat, answered at once when it has only
    printed keywords and no Immunity among them, equals the scan of its keywords now, for every pair of creatures on
    the fields of seeded games."""
    pairs = 0
    for state in decision_points(5):
        field = state.zones[0]["field"] + state.zones[1]["field"]
        for y in field:
            for x in field:
                assert verbs.immune_to(state, y, x) == verbs._immune(state, verbs.kw_now(state, y), x)
                pairs += 1
    assert pairs > 1000


def test_vendetta_read_only_when_the_keywords_name_it_tgc_4_2_3() -> None:
    """TGC-4.2.3 (Vendetta): a creature whose keywords now name no Vendetta (bare or with its parameters) has no
    Vendetta parameter either, for every creature on the fields of seeded games."""
    seen = 0
    for state in decision_points(5):
        for c in state.zones[0]["field"] + state.zones[1]["field"]:
            kws = verbs.kw_now(state, c)
            if not any(k == "Vendetta" or k.startswith("Vendetta:") for k in kws):
                assert verbs.kw_args(state, c, "Vendetta") == []
                seen += 1
    assert seen > 500


def _evaluate_the_long_way(state: GameState, player: int) -> float:
    """``evaluate`` with every creature's power and resolve from ``stat``, in the same order of sums."""
    score = 0.0
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        score += sign * state.res[p]["hs"] / 20.0
        board = sum(RULES.stat(state, c, "power") + RULES.stat(state, c, "resolve") // 2
                    for c in state.zones[p]["field"])
        score += sign * board / 30.0
        score += sign * len(state.zones[p]["hand"]) / 40.0
    return max(-1.0, min(1.0, score / 2))


def test_evaluate_with_printed_strengths_equals_the_long_way() -> None:
    """``evaluate`` reading the printed strength of creatures whose stats nothing changes (``strength``, per card) is
    the score worked out from ``stat`` for every creature, to the last bit, at every decision of seeded games."""
    scored = 0
    for state in decision_points(5, clone_every=20):
        if state.result is None:
            for p in (0, 1):
                assert RULES.evaluate(state, p) == _evaluate_the_long_way(state, p)
                scored += 1
    assert scored > 1000


def test_cannot_attack_read_from_the_keywords_now_tgc_3_5() -> None:
    """TGC-3.5 (Wizard Federation Standard Issue Hardsuit: "cannot attack targets with Holy"): the attacks of an
    equipped creature, its keywords read once, equal those with its ``CannotAttack`` parameters read the long way;
    without such an Equipment it may attack the Holy creature."""
    state = pos(p0={"field": ["Bartender"]}, p1={"field": ["Ian", "Intern"]}, phase="battle")
    bart, ian, intern = card(state, 0, "Bartender"), card(state, 1, "Ian"), card(state, 1, "Intern")
    RULES.attach(state, state.add_instance(RULES.pool().get("Crusader Armour"), 0), bart)

    def targets(kws: object) -> set[int]:
        acts: list = []
        RULES._fights(state, bart, [ian, intern], acts, False, kws)  # type: ignore[arg-type]
        return {a.args[1] for a in acts}

    assert targets(verbs.kw_now(state, bart)) == targets(None) == {ian, intern}
    RULES.attach(state, state.add_instance(RULES.pool().get("Wizard Federation Standard Issue Hardsuit"), 0), bart)
    assert targets(verbs.kw_now(state, bart)) == targets(None) == {intern}
