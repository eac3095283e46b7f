"""Hidden information in the core (issue 21, Core 14-17): who sees a card in an owner-only zone, what a private
``look`` shows, how determinization deals the hidden cards, and which card ids an event may name."""

from __future__ import annotations

import pytest

from engine.toy import DECK, RULES
from tcgkit.core.rng import Rng
from tcgkit.core.state import PUBLIC


def test_owner_only_zone_is_seen_by_the_player_whose_zone_it_is() -> None:
    """A hand is seen by its holder: a card moved into the other player's hand is seen by that player, and no
    longer by its owner (core visibility: OWNER means the player of the zone, not the card's owner)."""
    state = RULES.new_game([DECK, DECK], seed=1)
    card = state.zone(0, "hand")[0]
    state.move(card, 1, "hand")
    assert state.owner[card] == 0
    assert state.visible(card, 1)
    assert not state.visible(card, 0)
    assert state.observation(1)["players"][1]["zones"]["hand"]["cards"][-1]["id"] == card
    assert state.observation(0)["players"][1]["zones"]["hand"] == {"count": len(state.zone(1, "hand"))}


def test_a_look_shows_the_looking_player_the_card() -> None:
    """The effect verb ``look``: the looking player learns the card, even though it stays in a hidden deck; the
    other player does not."""
    state = RULES.new_game([DECK, DECK], seed=1)
    top = state.zone(1, "deck")[-1]
    ev = state.emit("look", 0, top, private=0)
    assert state.event_for(ev, 0).card == top
    assert state.event_for(ev, 1).card == -1
    assert state.observation(0)["log"][-1]["name"] == state.defs[top].name
    assert "name" not in state.observation(1)["log"][-1]


def test_determinize_never_recovers_the_deal_from_the_games_own_seed() -> None:
    """A bot seeded with the game's own seed must not re-deal the true hidden cards: the sample is salted, so its
    order has nothing to do with the game's own shuffle (a chance match of a 30-card pool is out of reach)."""
    matches = 0
    for seed in range(20):
        state = RULES.new_game([DECK, DECK], seed=seed)
        sample = state.clone()
        sample.determinize(1, Rng(seed))
        if sample.zone(0, "deck") == state.zone(0, "deck") or sample.zone(0, "hand") == state.zone(0, "hand"):
            matches += 1
    assert matches == 0



def _event_naming_a_card(game: str, kind: str):
    """A random game of ``game`` with an event ``kind`` whose data names a card, and that event."""
    from conftest import random_game

    for seed in range(40):
        state = random_game(game, seed, stop_at=400)
        found = [ev for ev in state.log if ev.kind == kind and ev.data and type(ev.data[0]) is int and ev.data[0] >= 0]
        if found:
            return state, found[-1]
    raise AssertionError(f"no {kind} event in 40 {game} games")


@pytest.mark.parametrize(("game", "kind"), [("guardian-realms", "attack"), ("guardian-realms", "infused"),
                                            ("perfect-tcg", "battle_won")])
def test_events_do_not_name_cards_now_hidden(game: str, kind: str) -> None:
    """event_for's contract holds for the cards an event names in its data too: once the card is back in a
    hidden deck, no viewer's event or observation names it (determinization may re-deal it)."""
    state, ev = _event_naming_a_card(game, kind)
    card = ev.data[0]
    owner = state.owner[card]
    for viewer in (0, 1):
        assert state.event_for(ev, viewer).data[0] == card
    state.move(card, owner, state.rules.DECK_ZONE)
    for viewer in (0, 1):
        assert state.event_for(ev, viewer).data[0] == -1
        seen = [e for e in state.observation(viewer)["log"] if e["kind"] == kind]
        assert all(card not in e.get("data", ()) for e in seen)


def _determinize_card_by_card(state, viewer: int, rng: Rng) -> None:  # noqa: ANN001
    """Determinization as first written: every card asked ``state.visible`` one by one (the reference that
    ``GameState.determinize``, which works visibility out once per zone, must agree with)."""
    from tcgkit.core.rng import salted_rng

    zones_vis = state.rules.ZONES
    pool_of = state.rules.hidden_pool_of()
    known = state.rules.known_hidden(state, viewer)
    deal = salted_rng(rng)
    for owner in range(len(state.zones)):
        pools: dict = {}
        for zname, ids in state.zones[owner].items():
            for i, c in enumerate(ids):
                if not state.visible(c, viewer) and c not in known:
                    slots, cards = pools.setdefault(pool_of.get(zname, zname), ([], []))
                    slots.append((zname, i))
                    cards.append(c)
        for slots, cards in pools.values():
            _redeal_slot_by_slot(state, owner, slots, cards, deal, zones_vis)
    state.rng = Rng(deal.next64())


def _redeal_slot_by_slot(state, owner: int, slots: list, cards: list, rng: Rng, zones_vis: dict) -> None:  # noqa: ANN001
    """The deal as first written: the hidden cards' records dropped, the cards sorted and shuffled, then put onto the
    slots one by one, the face-down marker kept on the slots of zones others see."""
    for c in cards:
        state.cs.pop(c, None)
    cards.sort()
    rng.shuffle(cards)
    for (zname, i), c in zip(slots, cards, strict=True):
        state.zones[owner][zname][i] = c
        state.loc[c] = (owner, zname)
        if zones_vis.get(zname, PUBLIC) == PUBLIC:
            state.card_state(c).face_down = True


@pytest.mark.parametrize("game", ["tgod", "tgc", "guardian-realms", "perfect-tcg", "phaktionz"])
def test_determinize_deals_as_asking_each_card_would(game: str) -> None:
    """Core 16: the hidden cards a sample re-deals are exactly those ``visible`` hides from the viewer (face-down
    cards in public zones included), dealt in the same order, in every game, at many points of seeded games."""
    from tcgkit.bots import RandomBot, View
    from tcgkit.games import get_rules

    rules = get_rules(game)
    decks = list(rules.decks().values())
    for seed in range(3):
        state = rules.new_game([decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
        bots = (RandomBot(seed), RandomBot(seed + 7))
        while state.result is None:
            if state.decisions % 9 == 0:
                for viewer in (0, 1):
                    fast, slow = state.clone(), state.clone()
                    fast.determinize(viewer, Rng(state.decisions))
                    _determinize_card_by_card(slow, viewer, Rng(state.decisions))
                    assert fast.to_json() == slow.to_json() and fast.loc == slow.loc
            state.apply(bots[state.current].choose(View(state, state.current)))
