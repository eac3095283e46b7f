"""Walls, Clones, Copies, Guardian Summons and HP Links (GR-WALL, GR-CLONE, GR-COPY, GR-GSUM, GR-LINK)."""

from __future__ import annotations

import pytest
from gr_helpers import RULES, card, do, hp, position, status

from tcgkit.core.cards import load_card_entries
from tcgkit.core.errors import CardDataError
from tcgkit.games.guardian_realms.damage import damage_guardian, defeat, heal, leave_play
from tcgkit.games.guardian_realms.links import link
from tcgkit.games.guardian_realms.model import GrCard


def options(s) -> list[str]:
    return [a.args[0] for a in s.pending.options] if s.pending else []


def wall_card(tier: int) -> dict:
    return {"name": "W", "type": "Effect", "rarity": "Common",
            "effects": [{"kind": "play", "steps": [{"wall": {"lane": "choose", "tier": tier}}]}]}


def test_wall_tiers_gr_wall_01() -> None:
    """GR-WALL-01: a Wall has tier 1-3: "Fortress Wall" raises a Tier 2 Wall in a wall zone; tier 4 is rejected."""
    s = position({"hand": ["Fortress Wall"]})
    do(s, 'play "Fortress Wall" base2')
    do(s, "option lane2")
    assert s.res[0]["w2"] == 20
    assert any(ev.kind == "wall" and ev.data == (2, 2, 20) for ev in s.log)
    with pytest.raises(CardDataError, match="tier"):
        load_card_entries({"cards": [wall_card(4)]}, "w.yaml", GrCard, RULES.make_card, RULES.verbs)
    assert load_card_entries({"cards": [wall_card(3)]}, "w.yaml", GrCard, RULES.make_card, RULES.verbs)


@pytest.mark.parametrize(("name", "hp_", "clause"), [("Stone Wall", 10, "GR-WALL-02"),
                                                     ("Fortress Wall", 20, "GR-WALL-03"),
                                                     ("Great Rampart", 30, "GR-WALL-04")])
def test_wall_hp(name: str, hp_: int, clause: str) -> None:
    """GR-WALL-02: Tier 1 has 10 HP; GR-WALL-03: Tier 2 has 20; GR-WALL-04: Tier 3 has 30."""
    s = position({"hand": [name]})
    do(s, f'play "{name}" base2')
    do(s, "option lane1")
    assert s.res[0]["w1"] == hp_, clause


def test_wall_absorbs_gr_wall_05() -> None:
    """GR-WALL-05: a 10-HP Wall takes a 6-damage hit (the Guardian is unhurt), then the next 6 destroys it and 2
    reach the Guardian; status ticks are not absorbed; Bases in the lane are shielded too."""
    s = position({"lane1": ["Ashen Brute"], "lane2": ["Hollow Knight"]}, {"lane1": ["Pyre Colossus"]},
                 res1={"w1": 10})
    colossus = card(s, 1, "Pyre Colossus")
    do(s, f"attack #{card(s, 0, 'Ashen Brute')} #{colossus}")
    assert s.res[1]["w1"] == 4 and hp(s, colossus) == 60
    do(s, f"attack #{card(s, 0, 'Hollow Knight')} #{colossus}")
    assert s.res[1]["w1"] == 0 and s.res[1]["x1"] == 1 and hp(s, colossus) == 58
    s = position({"lane1": ["Ashen Brute"]}, res0={"w1": 10},
                 cards0=[{"name": "Ashen Brute", "status": {"burned": 1}}])
    do(s, "end")
    assert hp(s, card(s, 0, "Ashen Brute")) == 20 and s.res[0]["w1"] == 10
    s = position({"lane3": ["Ashen Brute"]}, None, res1={"w3": 10})
    do(s, f"attack #{card(s, 0, 'Ashen Brute')} base3")
    assert s.res[1]["w3"] == 4 and s.res[1]["b3"] == 50


def test_wall_zone_per_lane_gr_wall_06() -> None:
    """GR-WALL-06: one wall zone per player per lane; a new Wall replaces the old one (removed, not destroyed)."""
    s = position({"hand": ["Stone Wall", "Fortress Wall"]}, res1={"w2": 30})
    do(s, 'play "Stone Wall" base2')
    do(s, "option lane2")
    assert s.res[0]["w2"] == 10 and s.res[1]["w2"] == 30
    do(s, 'play "Fortress Wall" base2')
    do(s, "option lane2")
    assert s.res[0]["w2"] == 20 and not s.res[0].get("x2")
    assert any(ev.kind == "wall_removed" for ev in s.log)


def test_no_rebuild_gr_wall_07() -> None:
    """GR-WALL-07: once a lane's Wall is destroyed no Wall is built there, unless a card says so (Great Rampart)."""
    s = position({"hand": ["Stone Wall", "Great Rampart"]}, res0={"x1": 1})
    do(s, 'play "Stone Wall" base2')
    assert options(s) == ["lane2", "lane3"]
    do(s, "option lane3")
    do(s, 'play "Great Rampart" base2')
    assert options(s) == ["lane1", "lane2", "lane3"]
    do(s, "option lane1")
    assert s.res[0]["w1"] == 30


def test_clone_gr_clone_01() -> None:
    """GR-CLONE-01: a Clone has the original's name, class, HP, ATK and abilities (printed, not its damage), is
    marked a Clone, costs no SP, is Rush so not exhausted, and leaves the game when defeated."""
    s = position({"lane1": ["Twin Flame Phoenix"]}, {"lane1": ["Pyre Colossus"]},
                 cards0=[{"name": "Twin Flame Phoenix", "counters": {"dmg": 20}}])
    phoenix = card(s, 0, "Twin Flame Phoenix")
    do(s, f"ability #{phoenix} 0")
    do(s, "option lane2")
    (clone,) = s.zone(0, "lane2")
    d, o = s.defs[clone], s.defs[phoenix]
    assert (d.name, d.stats["hp"], d.stats["atk"], d.effects) == (o.name, 35, 8, o.effects)
    assert d.has("rush") and d.fields["token"] == "clone" and hp(s, clone) == 35
    assert status(s, clone, "exhausted") == 0 and s.res[0]["sp"] == 10
    defeat(s, [clone])
    assert s.loc[clone][1] == "gone"


def test_copy_gr_copy_01() -> None:
    """GR-COPY-01: a Copy of a Rush Guardian "without class, half HP" has no class, half HP, takes summon
    exhaustion and is marked a Copy."""
    s = position({"lane1": ["Mirror Sprite"], "lane2": ["Ember Pup"]})
    do(s, f"ability #{card(s, 0, 'Mirror Sprite')} 0")  # one ally, one empty lane: no decision
    (copy,) = s.zone(0, "lane3")
    d = s.defs[copy]
    assert d.name == "Ember Pup" and d.fields["class"] is None and not d.has("rush")
    assert hp(s, copy) == 7 and d.fields["token"] == "copy" and status(s, copy, "exhausted") == 1


def test_guardian_summon_gr_gsum_01() -> None:
    """GR-GSUM-01: Call the Pack summons a Spirit Wolf marked a Guardian Summon; it stays when its summoner
    leaves; it leaves the game when discarded."""
    s = position({"lane1": ["Wolf Shaman"]})
    shaman = card(s, 0, "Wolf Shaman")
    do(s, f"ability #{shaman} 0")
    do(s, "option lane3")
    (wolf,) = s.zone(0, "lane3")
    assert s.defs[wolf].name == "Spirit Wolf" and s.defs[wolf].fields["token"] == "summon"
    assert status(s, wolf, "exhausted") == 0  # Rush
    leave_play(s, shaman, "discarded")
    assert s.loc[wolf][1] == "lane3"
    leave_play(s, wolf, "discarded")
    assert s.loc[wolf][1] == "gone"


def linked_pair():
    s = position({"lane1": ["Ashen Brute"], "hand": ["Bonded Twins"]}, {"lane1": ["Pyre Colossus"]})
    do(s, 'summon "Bonded Twins" lane2')
    return s, card(s, 0, "Ashen Brute"), card(s, 0, "Bonded Twins")


def test_link_pool_gr_link_01() -> None:
    """GR-LINK-01: Bonded Twins (22) linked with Ashen Brute (25) share a pool of 47."""
    s, x, y = linked_pair()
    assert hp(s, x) == hp(s, y) == 47
    assert s.observation(1)["links"] == [{"members": [y, x], "pool": 47, "max": 47}]


def test_link_damage_gr_link_02() -> None:
    """GR-LINK-02: 10 damage to one linked Guardian lowers the pool; neither is defeated."""
    s, x, y = linked_pair()
    damage_guardian(s, x, 10, enemy=True)
    assert hp(s, y) == 37 and s.loc[x][1] == "lane1"


def test_link_heal_gr_link_03() -> None:
    """GR-LINK-03: healing one linked Guardian raises the pool, never above its maximum."""
    s, x, y = linked_pair()
    damage_guardian(s, x, 20, enemy=True)
    heal(s, y, 5)
    assert hp(s, x) == 32
    heal(s, y, 100)
    assert hp(s, x) == 47


def test_link_breaks_gr_link_04() -> None:
    """GR-LINK-04: X, Y, Z linked; discarding X breaks the link; Y and Z get separate HP (pool split evenly)."""
    s = position({"lane1": ["Ashen Brute"], "lane2": ["Moss Whelp"], "lane3": ["Granite Sentinel"]})
    x, y, z = card(s, 0, "Ashen Brute"), card(s, 0, "Moss Whelp"), card(s, 0, "Granite Sentinel")
    link(s, [x, y, z])
    assert hp(s, x) == 67
    damage_guardian(s, z, 27, enemy=False)
    leave_play(s, x, "discarded")
    assert "links" not in s.vars
    assert hp(s, y) == 12 and hp(s, z) == 20


def test_link_defeat_together_gr_link_05() -> None:
    """GR-LINK-05: the pool at 0 defeats every linked Guardian in the same step; each logs "defeated"."""
    s, x, y = linked_pair()
    damage_guardian(s, x, 37, enemy=True)
    start = len(s.log)
    damage_guardian(s, y, 10, enemy=True)
    kinds = [(ev.kind, ev.card) for ev in s.log[start:] if ev.kind == "defeated"]
    assert sorted(c for _, c in kinds) == sorted([x, y])
    assert s.loc[x][1] == "discard" and s.loc[y][1] == "discard"


def test_linked_defeat_fires_both_triggers_gr_link_05() -> None:
    """GR-LINK-05, GR-DEF-01: two linked Ember Acolytes at 0 are defeated together and both "when defeated"
    triggers fire (two draws); a discarded Acolyte draws nothing (GR-DEF-04)."""
    s = position({"lane1": ["Ember Acolyte"], "lane2": ["Ember Acolyte"], "deck": ["5 Moss Whelp"]},
                 {"lane1": ["Pyre Colossus"]}, active=1)
    a, b = card(s, 0, "Ember Acolyte"), card(s, 0, "Ember Acolyte", 1)
    assert (s.loc[a][1], s.loc[b][1]) == ("lane1", "lane2")
    link(s, [a, b])
    damage_guardian(s, a, 10, enemy=False)
    assert hp(s, a) == 10
    do(s, f"attack #{card(s, 1, 'Pyre Colossus')} #{a}")
    assert s.loc[a][1] == "discard" and s.loc[b][1] == "discard"
    assert len(s.zone(0, "hand")) == 2
    s = position({"lane1": ["Ember Acolyte"], "deck": ["5 Moss Whelp"]}, {"hand": ["Banish"]}, active=1)
    do(s, 'play "Banish" base2')
    assert len(s.zone(0, "hand")) == 0
