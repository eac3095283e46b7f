"""TGC's meaning of keywords, its extra effect verbs, static effects and combat (documented in CARDS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from tcgkit.core import effects
from tcgkit.core.cards import Step
from tcgkit.core.effects import HOOKS, amount, hook, player, push, select
from tcgkit.games.tgc.model import KEYWORDS

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

_T: Final = "target"

#: Extra verbs of TGC's effect language (see CARDS.md).
EXTRA_VERBS: dict[str, dict[str, tuple[str, ...]]] = {
    "discard_played": {"params": (), "required": ()},
    "summon": {"params": (_T, "tapped"), "required": (_T,)},
    "grant": {"params": (_T, "keyword", "until"), "required": (_T, "keyword")},
    "ungrant": {"params": (_T, "keyword"), "required": (_T, "keyword")},
    "bf_damage": {"params": (_T, "amount"), "required": (_T, "amount")},
    "lose_plasma": {"params": ("amount", "player", "shortfall"), "required": ("amount",)},
    "lose_hs": {"params": ("amount", "player"), "required": ("amount",)},
    "coin": {"params": ("name", "times"), "required": ()},
    "reset_resolve": {"params": (_T,), "required": (_T,)},
    "modify": {"params": (_T, "stat", "by", "until"), "required": (_T, "stat", "by")},
}

DISCARD_SELF: Final = Step("discard_played", {})
#: the zones of a player's board, where a card is in play (``TgcRules.PLAY_ZONES``)
FIELD: Final = ("field", "artifacts", "bf", "equip")


# ---------------------------------------------------------------------------------------------- keywords
def has_kw(state: GameState, card: int, kw: str) -> bool:
    """Whether a card has a keyword now: printed, granted (status), or given by an attached Equipment."""
    st = state.cs.get(card)
    if st is not None and (st.status or st.attached):
        status = st.status
        if status:
            nul = status.get("nullified")
            if (nul and _status_live(state, nul)) or status.get("no:" + kw):
                return False
            val = status.get(kw)
            if val is not None and _status_live(state, val):
                return True
        for eq in st.attached:
            conds = state.defs[eq].fields["grant_conds"].get(kw)
            if conds is None or nullified(state, eq):
                continue  # Mime: a nullified Equipment grants nothing
            for cond in conds:
                if not cond or _faction_fits(state, card, cond):
                    return True
    return kw in state.defs[card].fields["kw"]


def kw_now(state: GameState, card: int) -> frozenset[str] | set[str]:
    """Every keyword the card has now, as a set: ``kw in kw_now(state, card)`` is ``has_kw(state, card, kw)`` for
    every ``kw``, worked out once for several tests of one card in a state that does not change meanwhile (the
    legal actions). A card with no status and no Equipment has its printed set (nothing is built); a nullified one
    has none; else the printed and the live granted ones and its Equipment's grants, less those it lost (``no:``).
    Never change the set it returns."""
    d = state.defs[card]
    st = state.cs.get(card)
    if st is None:
        return d.fields["kw"]
    status = st.status
    if not status:
        attached = st.attached
        if not attached:
            return d.fields["kw"]
        return equipped_kw(state, card, attached)
    nul = status.get("nullified")
    if nul and _status_live(state, nul):
        return frozenset()
    return _kw_now_long(state, card, d, st)


def _kw_now_long(state: GameState, card: int, d: Any, st: Any) -> set[str]:
    """:func:`kw_now` of a creature with a status or an Equipment, worked out from its record (not nullified)."""
    status = st.status
    out = set(d.fields["kw"])
    for eq in st.attached:
        if nullified(state, eq):
            continue  # Mime: a nullified Equipment grants nothing
        for name, conds in state.defs[eq].fields["grant_conds"].items():
            if name not in out and ("" in conds or any(_faction_fits(state, card, cond) for cond in conds)):
                out.add(name)  # a grant with no condition, or one whose faction condition the card fits
    if status:
        for k, val in status.items():
            if val is not None and _status_live(state, val):
                out.add(k)
        for k, val in status.items():
            if val and k.startswith("no:"):
                out.discard(k[3:])
    return out


#: the name of :func:`equipped_kw`'s table in ``state.defs`` (a fact of the card list)
EQUIPPED_KW: Final = "tgc.equipped_kw"


def equipped_kw(state: GameState, card: int, attached: list[int]) -> frozenset[str] | set[str]:
    """:func:`kw_now` of a card with no status and Equipment ``attached``: its printed keywords and the grants of its
    Equipment whose faction condition it fits. When no Equipment has a status either (none is nullified), that is a
    function of the card list alone: kept in a table of the list (``state.defs.fact``, shared by clones, anew for
    the list a token makes) by ``(card, *attached)``, so each pairing is worked out once per game. Never change the
    set it returns.

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("tgc")
    >>> state = rules.new_game(list(rules.decks().values())[:2], seed=1)
    >>> suit = state.add_instance(rules.pool().get("Crusader Armour"), 0)
    >>> rules.attach(state, suit, 0)
    >>> equipped_kw(state, 0, [suit]) is equipped_kw(state, 0, [suit])
    True
    """
    cs = state.cs
    for eq in attached:
        est = cs.get(eq)
        if est is not None and est.status:
            return _kw_now_long(state, card, state.defs[card], cs[card])  # (an Equipment may be nullified)
    table = state.defs.facts.get(EQUIPPED_KW)
    if table is None:
        table = state.defs.fact(EQUIPPED_KW, _new_table)
    key = (card, *attached)
    found = table.get(key)
    if found is None:
        found = table[key] = frozenset(_kw_now_long(state, card, state.defs[card], cs[card]))
    return found


def _new_table(defs: Any) -> dict:
    return {}


def grant_conds(grants: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """An Equipment's grants by keyword: ``("Fury", "Holy@Science")`` -> ``{"Fury": ("",), "Holy": ("Science",)}``
    (the condition on the equipped creature's faction, ``!`` for "not of"; empty when there is none).

    >>> grant_conds(("Fury", "Holy@Science", "Holy@!Medical"))
    {'Fury': ('',), 'Holy': ('Science', '!Medical')}
    """
    out: dict[str, tuple[str, ...]] = {}
    for g in grants:
        name, _, cond = g.partition("@")
        out[name] = (*out.get(name, ()), cond)
    return out


def _faction_fits(state: GameState, card: int, cond: str) -> bool:
    """A grant's faction condition: ``Science`` (of that faction now) or ``!Science`` (not of it)."""
    return (faction(state, card) == cond.lstrip("!")) != cond.startswith("!")


def _status_live(state: GameState, val: int) -> bool:
    """Status values: -1 until the end of the turn, 1 permanent, 10+N while card N stays on the board."""
    if val >= 10:
        return state.loc[val - 10][1] in ("field", "equip", "bf", "artifacts")
    return val != 0


def _grant_matches(state: GameState, card: int, grant: str, kw: str) -> bool:
    name, _, cond = grant.partition("@")
    if name != kw:
        return False
    return not cond or _faction_fits(state, card, cond)  # its faction now (Head of Personnel may change it)


def kw_args(state: GameState, card: int, name: str) -> list[str]:
    """The parameters of every instance of keyword ``name`` the card has now (printed, granted, from Equipment):
    ``Resistance:Battlefields,2`` -> ``["Battlefields,2"]``."""
    kws = state.defs[card].fields["kw"]
    st = state.cs.get(card)
    if st is None or not (st.status or st.attached):
        return list(_printed_args(kws, name))  # printed keywords only (the hot path): nothing can take them away
    out = [k.partition(":")[2] for k in kws if k.startswith(name + ":")]
    out += [k.partition(":")[2] for k, v in st.status.items() if k.startswith(name + ":") and _status_live(state, v)]
    for eq in st.attached:
        if not nullified(state, eq):
            out += [g.partition("@")[0].partition(":")[2] for g in state.defs[eq].fields["grants"]
                    if g.startswith(name + ":") and _grant_matches(state, card, g, g.partition("@")[0])]
    return [a for a in out if has_kw(state, card, f"{name}:{a}")]


#: id(keyword set) -> (the keyword set, {keyword name: its printed parameters}): a card's printed keywords are
#: parsed once, not at each combat (the set is kept so that a reused id is never mistaken for it)
_PRINTED_ARGS: dict[int, tuple[frozenset[str], dict[str, tuple[str, ...]]]] = {}


def _printed_args(kws: frozenset[str], name: str) -> tuple[str, ...]:
    """The parameters of keyword ``name`` printed in ``kws``, in the set's own order (as a scan of it finds them)."""
    entry = _PRINTED_ARGS.get(id(kws))
    if entry is None or entry[0] is not kws:
        if len(_PRINTED_ARGS) > 4096:  # token definitions made during games: keep the cache bounded
            _PRINTED_ARGS.clear()
        entry = _PRINTED_ARGS[id(kws)] = (kws, {})
    found = entry[1].get(name)
    if found is None:
        prefix = name + ":"
        found = entry[1][name] = tuple(k.partition(":")[2] for k in kws if k.startswith(prefix))
    return found


def resistance(state: GameState, card: int, source: int) -> int:
    """Resistance to the source's type (N): "Any damage from the listed source is reduced by the specified amount"
    ("Resistance to Battlefields (2)"; 2 when no amount is printed). The largest applies."""
    st = state.cs.get(card)
    if (st is None or not (st.status or st.attached)) and "Resistance" not in state.defs[card].fields["kw"]:
        return 0  # printed keywords only, and no Resistance among them (the hot path: every damage)
    total = 0
    for arg in kw_args(state, card, "Resistance"):
        what, _, n = arg.partition(",")
        if fits(state, source, what):
            total = max(total, int(n) if n.strip().lstrip("-").isdigit() else 2)
    return total


def has_subtype(state: GameState, card: int, subtype: str) -> bool:
    """Subtypes (TGC-1.2.4.1-2); Changeling has every creature subtype; statics may add one (Monkey)."""
    d = state.defs[card]
    if subtype in d.fields["subtypes"] or (subtype.endswith("s") and subtype[:-1] in d.fields["subtypes"]):
        return True
    if d.type == "creature":
        st = state.cs.get(card)  # (has_kw's own test of its printed keywords, read inline when nothing grants any)
        if ("Changeling" in d.fields["kw"]) if st is None or not (st.status or st.attached) else has_kw(
                state, card, "Changeling"):
            return True
    fields: dict[str, Any] = d.fields  # type: ignore[assignment]  # (a dict: native reads when compiled)
    statics = fields.get("statics")
    return bool(statics) and state.loc[card][1] == "field" and any(  # a static of its own text works on the field
        s.get("subtype") == subtype and _static_on(state, card, s) for s in statics)  # only (Monkey)


def nullified(state: GameState, card: int) -> bool:
    """Mime: the card's effects are nullified while the Mime stays on the board."""
    st = state.cs.get(card)
    if st is None:
        return False
    nul = st.status.get("nullified")
    if not nul:
        return False
    return _status_live(state, nul)


def faction(state: GameState, card: int) -> str:
    st = state.cs.get(card)
    if st is not None:
        for k in st.status:
            if k.startswith("faction="):
                return k[8:]
    return state.defs[card].fields["faction"]


def affectable(state: GameState, target: int, source: int, by_effect: bool = True) -> bool:
    """Holy (immune to Events), Immunity to Battlefields / Effects / a faction (see RULINGS.md)."""
    st = state.cs.get(target)
    if (st is None or not (st.status or st.attached)) and not state.defs[target].fields["shielded"]:
        return True  # only printed keywords, and neither Holy nor Immunity among them (the hot path)
    kws = kw_now(state, target)  # its keywords, worked out once for the tests below
    sd = state.defs[source]
    if sd.type in ("instant", "event", "hex") and "Holy" in kws:  # a Hex is an Event
        return False
    if sd.type == "battlefield" and "Immunity:Battlefields" in kws:
        return False
    if _immune(state, kws, source):
        return False
    return not (by_effect and source != target and sd.type != "equipment" and "Immunity:Effects" in kws)


@hook("tgc.affectable")
def _affectable_hook(state: GameState, ctx: dict, params: Any) -> bool:
    return affectable(state, params["card"], ctx["source"])


def _affectable_and(name: str, test: Any) -> None:
    """Register ``tgc.affectable_<name>``: a filter for a card the source's effect may affect (Holy, Immunity) that
    also passes ``test`` (a filter takes one hook)."""
    def fn(state: GameState, ctx: dict, params: Any) -> bool:
        c = params["card"]
        return test(state, c) and affectable(state, c, ctx["source"])

    HOOKS["tgc.affectable_" + name] = fn


_affectable_and("human", lambda state, c: has_subtype(state, c, "Human"))
_affectable_and("silicon", lambda state, c: has_subtype(state, c, "Silicon"))
_affectable_and("asimov", lambda state, c: has_kw(state, c, "Asimov"))
_affectable_and("science", lambda state, c: faction(state, c) == "Science")


@hook("tgc.affectable_other")
def _affectable_other(state: GameState, ctx: dict, params: Any) -> bool:
    """Not the creature this Equipment is attached to, and not immune to it (Lifesaver Carapace's re-equip)."""
    st = state.cs.get(ctx["source"])
    c = params["card"]
    return (st is None or st.host != c) and affectable(state, c, ctx["source"])


@hook("tgc.human")
def _human_hook(state: GameState, ctx: dict, params: Any) -> bool:
    return has_subtype(state, params["card"], "Human")


@hook("tgc.silicon")
def _silicon_hook(state: GameState, ctx: dict, params: Any) -> bool:
    return has_subtype(state, params["card"], "Silicon")


@hook("tgc.engineering")
def _engineering_hook(state: GameState, ctx: dict, params: Any) -> bool:
    return faction(state, params["card"]) == "Engineering"


@hook("tgc.science")
def _science_hook(state: GameState, ctx: dict, params: Any) -> bool:
    return faction(state, params["card"]) == "Science"


@hook("tgc.asimov")
def _asimov_hook(state: GameState, ctx: dict, params: Any) -> bool:
    return has_kw(state, params["card"], "Asimov")


@hook("tgc.weaker")
def _weaker_hook(state: GameState, ctx: dict, params: Any) -> bool:
    """A card with less printed power than the source (Medical Doctor)."""
    return state.defs[params["card"]].stats.get("power", 0) < card_stat(state, ctx["source"], "power")


@hook("tgc.cheap_silicon")
def _cheap_silicon(state: GameState, ctx: dict, params: Any) -> bool:
    """A Silicon card costing up to double the source's Summon Cost (Borgi Ian)."""
    c = params["card"]
    return has_subtype(state, c, "Silicon") and state.defs[c].fields["cost"] <= 2 * state.defs[
        ctx["source"]].fields["cost"]


# ---------------------------------------------------------------------------------------------- statics
def _static_on(state: GameState, card: int, s: dict) -> bool:
    cond = s.get("if")
    return cond is None or effects.check(state, {"source": card, "controller": state.owner[card]}, cond)


def apply_statics(state: GameState, card: int, name: str, value: int, statics: tuple) -> int:
    """Static stat changes of a card's own text (``statics`` of CARDS.md)."""
    if state.loc[card][1] != "field":
        return value
    for s in statics:
        if s.get("stat") == name and _static_on(state, card, s):
            by = amount(state, {"source": card, "controller": state.owner[card]}, s["by"])
            value += by + (cmo_bonus(state, card) if by > 0 else 0)  # a gain of its own text: CMO adds 1
            if "floor" in s:
                value = max(s["floor"], value)
    return value


# ---------------------------------------------------------------------------------------------- combat (TGC-4.2.3)
#: The keywords :func:`combat` reads of either creature once Asimov has been tested (besides those
#: :meth:`TgcRules.damage_card` reads): a creature with none of them printed, and no status or Equipment, fights by
#: the plain rule (:func:`_plain_combat`).
COMBAT_KEYWORDS: Final = frozenset({"Acid Blood", "Carapace", "Double Strike", "Exterminate", "First Strike", "Hulking",
                             "Immunity", "Oo Rah", "Squad Tactics", "Systems Nominal", "Toxic", "Vendetta"})


def combat(state: GameState, a: int, d: int) -> None:
    """Two creatures deal their power to each other (TGC-4.2.3), with the keywords: First Strike and Double Strike
    (a first-strike step, then a regular step), Exterminate and Vendetta (bonuses while in this combat), Oo Rah,
    Systems Nominal, Toxic, Acid Blood, Squad Tactics (see RULINGS.md for each reading)."""
    # each creature's keywords read once (kw_now) up to the damage: until then nothing gives or takes a status or an
    # Equipment (the combat bonuses are modifiers), so they answer as has_kw would at each test
    ka, kd = kw_now(state, a), kw_now(state, d)
    for x, y, kx in ((a, d, ka), (d, a, kd)):
        if "Asimov" in kx and has_subtype(state, y, "Human"):
            destroy_card(state, x)  # forced to fight a Human: destroyed instead
            return
    if _plain_fighter(state, a) and _plain_fighter(state, d):
        _plain_combat(state, a, d)
        return
    # read before the damage: a keyword an Equipment grants is still the attacker's when both die (TGC-4.2.3)
    squad = "Squad Tactics" in ka
    drain = squad and "Lifedrain" in ka
    bonus = _combat_bonuses(state, a, d, ka, kd)
    for c, (p, r) in bonus.items():
        state.card_state(c).mods.extend((("power", p, "combat"), ("resolve", r, "combat")))
    first = [x for x, kx in ((a, ka), (d, kd)) if "First Strike" in kx or "Double Strike" in kx]
    regular = [x for x, kx in ((a, ka), (d, kd)) if "First Strike" not in kx or "Double Strike" in kx]
    for step in (first, regular):
        hits = [(x, d if x == a else a, _combat_power(state, x)) for x in step
                if state.loc[x][1] == "field" and state.loc[d if x == a else a][1] == "field"]
        for x, y, power in hits:  # the creatures of one step hit at the same time (powers taken before)
            _hit(state, x, y, power, x == a)
    for c in bonus:
        st = state.card_state_or_none(c)
        if st is not None:
            st.mods = [m for m in st.mods if m[2] != "combat"]
            if state.loc[c][1] == "field" and card_stat(state, c, "resolve") <= 0:
                destroy_card(state, c)  # the bonus ended (TGC-4.3.2)
    if squad and state.result is None and state.loc[d][1] != "field":
        creature_hits_player(state, a, state.owner[d], 1, drain)
    if state.loc[d][1] != "field" and has_kw_last(state, d, "Acid Blood") and state.loc[a][1] == "field":
        destroy_card(state, a)  # Acid Blood: "while defending"


def _plain_fighter(state: GameState, card: int) -> bool:
    """Whether the creature has none of :data:`COMBAT_KEYWORDS` now and cannot come to have one in this combat: none
    printed, no status (none granted, not nullified) and no Equipment that grants one (``plain_grants``, whatever its
    faction condition and even when nullified: a Mime destroyed in the combat would give its grants back). Nothing in
    a combat gives a creature a status or an Equipment (triggered effects are only stacked)."""
    defs = state.defs
    if not defs[card].fields["plain_fighter"]:
        return False
    st = state.cs.get(card)
    if st is None:
        return True
    return not st.status and all(defs[eq].fields["plain_grants"] for eq in st.attached)


def _plain_combat(state: GameState, a: int, d: int) -> None:
    """:func:`combat` between two plain fighters, once Asimov has been tested (TGC-4.2.3): no first-strike step, no
    bonus, no Immunity, Carapace, Toxic, Hulking, Squad Tactics or Acid Blood; both deal their power (taken before
    either hits) at the same time."""
    loc = state.loc
    if loc[a][1] != "field" or loc[d][1] != "field":
        return
    hits = ((a, d, card_stat(state, a, "power")), (d, a, card_stat(state, d, "power")))
    for x, y, power in hits:
        if state.result is None and power > 0:
            damage_card(state, y, power, x, True)


def has_kw_last(state: GameState, card: int, kw: str) -> bool:
    """Whether a card that just left the field had the keyword there (its last ``destroyed`` event), or has it."""
    rows = state.log.rows  # the plain rows (kind, player, card, data, private): no Event built for each
    for i in range(len(rows) - 1, max(len(rows) - 13, -1), -1):  # the last 12 events, latest first (mypyc fails
        kind, _player, c, data, _private = rows[i]                # on a loop over reversed(rows[-12:]))
        if kind == "destroyed" and c == card:
            return kw in (data[1] if len(data) > 1 else ())
    return has_kw(state, card, kw)


def _combat_bonuses(state: GameState, a: int, d: int, ka: frozenset[str] | set[str],
                    kd: frozenset[str] | set[str]) -> dict[int, tuple[int, int]]:
    """Stat bonuses for the time of one combat: Exterminate (+2/+1 against a Human), Vendetta (Type, +X/+Y) against
    that type, Oo Rah (+1/+1 attacking alongside 4 or more others with Oo Rah); ``ka`` and ``kd``: the attacker's
    and the defender's keywords now (:func:`kw_now`)."""
    out: dict[int, tuple[int, int]] = {}

    def add(c: int, p: int, r: int) -> None:
        op, orr = out.get(c, (0, 0))
        out[c] = (op + p, orr + r)

    for x, y, kx in ((a, d, ka), (d, a, kd)):
        if "Exterminate" in kx and has_subtype(state, y, "Human"):
            add(x, 2, 1)
        # a granted Vendetta is named with its parameters only; kw_args gives those in kx (kx answers as has_kw)
        vendetta = "Vendetta" in kx or (kx is not state.defs[x].fields["kw"] and any(
            k.startswith("Vendetta:") for k in kx))
        for arg in kw_args(state, x, "Vendetta") if vendetta else ():
            what, _, stats = arg.partition(",")
            if fits(state, y, what) and "/" in stats:
                p, r = stats.replace(" ", "").split("/")
                add(x, int(p), int(r))
    if "Oo Rah" in ka and oo_rah(state, a):
        add(a, 1, 1)
    return out


def oo_rah(state: GameState, attacker: int) -> bool:
    """Oo Rah: 4 or more *other* creatures with Oo Rah of its side have attacked this turn and are on the field."""
    if state.vars.get("attacked_turn") != state.turn:
        return False
    others = [c for c in state.vars.get("attacked", ()) if c != attacker and state.loc[c] == (
        state.owner[attacker], "field") and has_kw(state, c, "Oo Rah")]
    return len(set(others)) >= 4


def fits(state: GameState, card: int, details: str) -> bool:
    """Card details of a keyword parameter: "Human", "Demons", "Silicon Creature", "Security Faction", "Effects"...
    (subtypes, a card type, a faction)."""
    words = details.split()
    if not words:
        return False
    if words[-1].lower() == "faction":
        return faction(state, card) == " ".join(words[:-1])
    types = {"creature": "creature", "creatures": "creature", "equipment": "equipment", "event": "event",
             "events": "event", "battlefield": "battlefield", "battlefields": "battlefield", "artifact": "artifact"}
    d = state.defs[card]
    if words[-1].lower() in types:
        if d.type != types[words[-1].lower()] and not (d.type == "instant" and types[words[-1].lower()] == "event"):
            return False
        words = words[:-1]
    return all(has_subtype(state, card, w) or faction(state, card) == w for w in words)


def creature_hits_player(state: GameState, x: int, player: int, amount: int, lifedrain: bool | None = None) -> None:
    """Lifeshard damage dealt by creature ``x`` (a direct attack, Hulking's excess, Squad Tactics): Lifedrain ("upon
    dealing lifeshard damage to an opposing player with a creature with Lifedrain, heal for one lifeshard").
    ``lifedrain``: whether ``x`` had Lifedrain when the damage was dealt (None: look now)."""
    if amount <= 0:
        return
    owner = state.owner[x]
    damage_player(state, player, amount)
    if lifedrain is None:
        lifedrain = has_kw(state, x, "Lifedrain")
    if state.result is None and player != owner and lifedrain:
        heal_player(state, owner, 1)


def cmo_bonus(state: GameState, card: int) -> int:
    """Chief Medical Officer: 1 when a (not nullified) CMO is on the side of ``card``, else 0."""
    for x in state.zones[state.owner[card]]["field"]:
        if state.defs[x].key == "CMO" and not nullified(state, x):
            return 1
    return 0


def _combat_power(state: GameState, x: int) -> int:
    """Its power now; Systems Nominal: "always fights as if at full strength" (never less than its printed power)."""
    power = card_stat(state, x, "power")
    if has_kw(state, x, "Systems Nominal"):
        power = max(power, state.defs[x].stats.get("power", 0))
    return power


def immune_to(state: GameState, target: int, source: int) -> bool:
    """Immunity to the source's type: its faction or one of its subtypes ("Immunity to Demons")."""
    kws = kw_now(state, target)
    if "Immunity" not in kws and kws is state.defs[target].fields["kw"]:
        return False  # printed keywords only, with no Immunity (the bare name is in the set with each "Immunity:")
    return _immune(state, kws, source)


def _immune(state: GameState, kws: frozenset[str] | set[str], source: int) -> bool:
    """:func:`immune_to` from the target's keywords now (:func:`kw_now`): an ``Immunity:<type>`` the source fits."""
    return any(fits(state, source, k[9:]) for k in kws
               if k.startswith("Immunity:") and k[9:] not in ("Battlefields", "Effects"))


def _hit(state: GameState, x: int, y: int, power: int, attacking: bool) -> None:
    if state.result is not None or power <= 0:
        return
    if immune_to(state, y, x):
        return  # Immunity: "cannot be affected by ... combat against creatures of its Immunity type"
    dmg = power - (2 if has_kw(state, y, "Carapace") else 0)
    if dmg <= 0:
        return
    excess = power - card_stat(state, y, "resolve")
    damage_card(state, y, dmg, x, True)
    if has_kw(state, x, "Toxic") and state.loc[y][1] == "field" and state.result is None:
        destroy_card(state, y)  # "fatal"
    if attacking and excess > 0 and has_kw(state, x, "Hulking") and state.result is None:
        creature_hits_player(state, x, state.owner[y], excess)  # "above a defending creature's resolve"


# ---------------------------------------------------------------------------------------------- stats, damage,
# destruction and Heathshards (TGC-4.3, 1.11, 1.12): module functions (direct native calls in the compiled build),
# which the methods of TgcRules of the same meaning (stat, damage_card, destroy, damage_player...) call
def card_stat(state: GameState, card: int, name: str) -> int:
    """Current power / resolve: printed + modifiers + Equipment + static effects; resolve minus damage."""
    defs = state.defs
    d = defs[card]
    stats: dict[str, int] = d.stats  # type: ignore[assignment]  # (a dict: native reads when compiled)
    value: int = stats.get(name, 0)
    st = state.cs.get(card)
    if st is not None:
        for stat, delta, _ in st.mods:
            if stat == name:
                value += delta
        for eq in st.attached:
            e = defs[eq]
            estats: dict[str, int] = e.stats  # type: ignore[assignment]  # (a dict: native reads when compiled)
            value += estats.get(name, 0)
            if "Modular" in e.fields["kw"]:
                value += 1
        if name == "resolve":
            value -= st.counters.get("damage", 0)
    fields: dict[str, Any] = d.fields  # type: ignore[assignment]  # (a dict: native reads when compiled)
    statics = fields.get("statics")
    if statics and d.type == "creature" and not nullified(state, card):
        value = apply_statics(state, card, name, value, statics)
    return value


def tap(state: GameState, card: int) -> None:
    """The card becomes tapped (a ``tap`` event), unless it is already."""
    st = state.card_state(card)
    if not st.tapped:
        st.tapped = True
        state.emit("tap", state.owner[card], card)


def lose_hs(state: GameState, player: int, amount: int) -> None:
    """``player`` loses Heathshards; at 0 or less they lose the game (TGC-1.12, TGC-1.12.1)."""
    r = state.res[player]
    r["hs"] -= amount
    if r["hs"] <= 0:
        state.end(1 - player, f"player {player} has 0 Heathshards", "TGC-1.12.1")


def damage_player(state: GameState, player: int, amount: int) -> None:
    """TGC-4.3.1: damage reduces HS; 0 or less changes nothing."""
    if amount <= 0:
        return
    lose_hs(state, player, amount)
    state.emit("damage_player", player, data=(amount,))


def heal_player(state: GameState, player: int, amount: int) -> None:
    """``player`` gains Heathshards."""
    state.res[player]["hs"] += amount
    state.emit("heal_player", player, data=(amount,))


def damage_card(state: GameState, card: int, amount: int, source: int = -1, combat: bool = False) -> None:
    """TGC-4.3.1-4.3.2: damage lowers resolve; at 0 or below the creature is destroyed. Resistance lowers damage
    from its ``source`` (a card id, or -1); Hivemind's token absorbs the first; ``combat`` damage never destroys an
    Indestructible creature, and a Death-Defying one survives it on heads (both are left at 1 resolve; RULINGS.md)."""
    if amount <= 0 or state.loc[card][1] != "field":
        return
    f = state.defs[card].fields
    if source >= 0:
        sc = state.cs.get(card)
        if (sc is not None and (sc.status or sc.attached)) or "Resistance" in f["kw"]:  # (resistance's own test,
            amount -= resistance(state, card, source)  # read inline: every damage)
            if amount <= 0:
                return
    st = state.card_state(card)
    counters = st.counters
    if counters.get("hivemind"):
        del counters["hivemind"]
        state.emit("hivemind", state.owner[card], card)
        return
    resolve = card_stat(state, card, "resolve")
    left = resolve - amount
    if left <= 0 and combat and survives_combat(state, card):
        amount -= 1 - left
    counters["damage"] = counters.get("damage", 0) + amount
    state.emit("damage", state.owner[card], card, (amount,))  # (no trigger listens to it: nothing else changes)
    if (card_stat(state, card, "resolve") if f["statics"] else resolve - amount) <= 0:  # (its own statics may
        destroy_card(state, card)  # read its damage: worked out again; else it is lower by the damage)


def survives_combat(state: GameState, card: int) -> bool:
    """Indestructible ("cannot be destroyed by combat damage") or Death-Defying ("flip a coin. If heads, the
    creature is not destroyed"; the game's RNG)."""
    if has_kw(state, card, "Indestructible"):
        return True
    if has_kw(state, card, "Death-Defying"):
        heads = state.rng.coin()
        state.emit("coin_flip", state.owner[card], data=("heads" if heads else "tails",))
        return bool(heads)
    return False


def destroy_card(state: GameState, card: int, with_host: bool = False) -> None:
    """TGC-1.11.b, 1.11.b.1: to the owner's discard pile, with every attached card. ``with_host``: an attached card
    going with its host, which is not destroyed again for the Resolve it loses (TGC-3.3.3.b.3.1 is for a host that
    stays)."""
    zone = state.loc[card][1]
    if zone not in FIELD:
        return
    st = state.cs.get(card)
    host_id = st.host if st is not None else -1
    if host_id >= 0:
        host = state.card_state_or_none(host_id)
        if host is not None and card in host.attached:
            host.attached.remove(card)
            host.mods = [m for m in host.mods if m[2] != f"eq{card}"]
            bonus = state.defs[card].stats.get("resolve", 0)
            if state.options.get("equipment_bonus_absorbs_damage") and bonus > 0 and host.counters.get("damage"):
                host.counters["damage"] -= min(bonus, host.counters["damage"])  # TGC-3.3.3.b.3.1 (b)
    if zone != "field":
        kws: tuple[str, ...] = ()
    elif st is None or not (st.status or st.attached):
        kws = state.defs[card].fields["kw_list"]  # its printed keywords (keywords_of's own fast path)
    else:
        kws = tuple(keywords_of(state, card))  # as it last was on the field
    if st is not None and st.attached:
        for att in list(st.attached):
            destroy_card(state, att, True)
    owner = state.owner[card]
    state.move(card, owner, "discard")
    if marks_destroyed(state):
        state.card_state(card).status["destroyed"] = 1  # it was destroyed, not milled (Angry Stickman)
    state.emit("destroyed", owner, card, (zone, kws))
    add_window(state, card, "destroyed")
    if not with_host and host_id >= 0 and state.loc[host_id][1] == "field" \
            and card_stat(state, host_id, "resolve") <= 0:
        destroy_card(state, host_id)  # TGC-3.3.3.b.3.1


def marks_destroyed(state: GameState) -> bool:
    """Whether a card of this game asks how a card reached the discard pile (``tgc.was_destroyed``): only then
    is a destroyed card marked (a card state in the discard pile costs every clone)."""
    v = state.vars
    mark = v.get("marks_destroyed")
    if mark is None:
        mark = v["marks_destroyed"] = any(d.fields.get("reads_destroyed") for d in state.defs)
    return bool(mark)


def add_window(state: GameState, card: int, trigger: str) -> None:
    """An activatable self-trigger (On Summon, On Destruction) becomes usable (TGC-3.4.1.x, TGC-3.4.2)."""
    for i, eff in state.defs[card].triggers.get(trigger, ()):
        params: dict[str, Any] = eff.params  # type: ignore[assignment]  # (a dict: native reads when compiled)
        if params.get("activate"):
            state.vars["win"] = (*state.vars["win"], (card, i))


# ---------------------------------------------------------------------------------------------- verbs
def _discard_played(state: GameState, ctx: dict, step: Step) -> None:
    card = ctx["source"]
    if state.loc[card][1] == "stack":
        state.rules.discard(state, card)


def _summon(state: GameState, ctx: dict, step: Step) -> None:
    for c in select(state, ctx, step.params["target"]):
        if state.defs[c].type == "creature" and state.loc[c][1] not in ("field",):
            state.rules.summon(state, state.owner[c], c, tapped=step.params.get("tapped", True))


def _grant(state: GameState, ctx: dict, step: Step) -> None:
    until = step.params.get("until", "permanent")
    value = -1 if until == "turn" else (10 + ctx["source"]) if until == "source" else 1
    for c in select(state, ctx, step.params["target"]):
        st = state.card_state(c)
        kw = step.params["keyword"]
        st.status.pop("no:" + kw, None)
        st.status[kw] = value
        state.emit("status", state.owner[c], c, (kw, value))


def _ungrant(state: GameState, ctx: dict, step: Step) -> None:
    for c in select(state, ctx, step.params["target"]):
        st = state.card_state(c)
        st.status.pop(step.params["keyword"], None)
        st.status["no:" + step.params["keyword"]] = 1
        state.emit("status", state.owner[c], c, ("no:" + step.params["keyword"], 1))


def _bf_damage(state: GameState, ctx: dict, step: Step) -> None:
    """Damage from a Battlefield: Immunity to Battlefields, Resistance and a Station Engineer's shield apply."""
    n = amount(state, ctx, step.params["amount"])
    for c in select(state, ctx, step.params["target"]):
        if state.loc[c][1] != "field" or not affectable(state, c, ctx["source"]):
            continue
        st = state.cs.get(c)
        if st is not None and st.status.get("bf_shield"):
            continue
        state.rules.damage_card(state, c, n, ctx)  # Resistance to Battlefields applies there


def _lose_plasma(state: GameState, ctx: dict, step: Step) -> None:
    """Lose plasma; what cannot be paid is taken as HS damage when ``shortfall: damage`` (the default; B.E.P.I.S.
    Chamber: "If you have insufficient mana to lose, take the remaining amount as lifeshard damage"), else lost."""
    who = player(state, ctx, step.params.get("player"))
    n = amount(state, ctx, step.params["amount"])
    have = state.rules.available_plasma(state, who)
    state.rules.pay(state, who, min(have, n))
    if n > have and step.params.get("shortfall", "damage") == "damage":
        damage_player(state, who, n - have)


def _lose_hs(state: GameState, ctx: dict, step: Step) -> None:
    who = player(state, ctx, step.params.get("player"))
    lose_hs(state, who, amount(state, ctx, step.params["amount"]))


def _coin(state: GameState, ctx: dict, step: Step) -> None:
    """Flip ``times`` coins (the game's RNG); bind the number of heads to ``name``."""
    heads = 0
    for _ in range(amount(state, ctx, step.params.get("times", 1))):
        h = state.rng.coin()
        heads += h
        state.emit("coin_flip", ctx.get("controller", -1), data=("heads" if h else "tails",))
    ctx[step.params.get("name", "heads")] = heads


def _reset_resolve(state: GameState, ctx: dict, step: Step) -> None:
    """Cyborg (Medical Shell): the resolve goes back to its original value: damage and every resolve change made by
    effects (gains and losses) are removed; the bonus of attached Equipment stays while attached (TGC-3.3.3.b.3)."""
    for c in select(state, ctx, step.params["target"]):
        st = state.card_state_or_none(c)
        if st is not None:
            st.counters.pop("damage", None)
            st.mods = [m for m in st.mods if m[0] != "resolve" or str(m[2]).startswith("eq")]
            state.emit("reset_resolve", state.owner[c], c)
            if state.loc[c][1] == "field" and card_stat(state, c, "resolve") <= 0:
                destroy_card(state, c)


def _modify(state: GameState, ctx: dict, step: Step) -> None:
    """Power / resolve changes; a CMO adds 1 to gains on its side; resolve at 0 or below destroys (TGC-4.3.2)."""
    p = step.params
    by = amount(state, ctx, p["by"])
    until = p.get("until", "turn")
    for c in select(state, ctx, p["target"]):
        if state.loc[c][1] != "field":
            continue
        delta = by
        if by > 0:
            delta += cmo_bonus(state, c)
        state.card_state(c).mods.append((p["stat"], delta, until))
        state.emit("modify", state.owner[c], c, (p["stat"], delta, until))
        if card_stat(state, c, "resolve") <= 0:
            destroy_card(state, c)


def _choose(state: GameState, ctx: dict, step: Step) -> None:
    """The core ``choose``; once a single-target choice (count 1) of an Instant's or Event's effect is made, each chosen
    card is *targeted*: a ``targeted`` event (card: the target, player: the effect's controller, data: the source)
    that triggers listen to (Scientist)."""
    _CORE_CHOOSE(state, ctx, step)
    if state.pending is None:
        src = ctx["source"]
        if state.defs[src].type in ("instant", "event") and step.params.get("count", 1) == 1:
            name = step.params.get("name", "chosen")
            done = ctx.get("_targeted", ())
            for c in ctx.get(name) or ():
                if type(c) is int and (name, c) not in done:
                    ctx["_targeted"] = done = (*done, (name, c))
                    state.emit("targeted", ctx["controller"], c, (src,))


_CORE_CHOOSE: Final = effects.CORE_HANDLERS["choose"]


def _destroy(state: GameState, ctx: dict, step: Step) -> None:
    """The core ``destroy``, plus the Negate of a Battlefield's destruction (Chief Engineer, see
    :func:`negation_offer`): the player who may negate decides (a choice of the card to sacrifice, or ``done``)."""
    for c in select(state, ctx, step.params["target"]):
        if state.loc[c][1] == "bf" and c not in ctx.get("_ce_decided", ()):
            q, offer = negation_offer(state, ctx, c)
            if offer:
                if "_ce" not in ctx and not ctx.get("_done__ce"):
                    from tcgkit.core.actions import Action
                    from tcgkit.core.effects import ask

                    ask(state, ctx, q, f"Chief Engineer: sacrifice an Engineering card to negate the destruction "
                                       f"of {state.defs[c].name}? (done: no)",
                        [*(Action("choose", (x,)) for x in offer), Action("done")], "_ce")
                    return
                ctx.pop("_done__ce", None)
                chosen = ctx.pop("_ce", None)
                ctx["_ce_decided"] = (*ctx.get("_ce_decided", ()), c)
                if chosen:
                    state.emit("negate", q, chosen[0], (c,))
                    if not state.options.get("negate_destruction_only"):  # the whole effect is nullified
                        state.stack[:] = [f for f in state.stack if f[2] is not ctx]
                    destroy_card(state, chosen[0])
                    if not state.options.get("negate_destruction_only"):
                        return
                    continue
        destroy_card(state, c)


def negation_offer(state: GameState, ctx: dict, bf: int) -> tuple[int, list[int]]:
    """Chief Engineer: "If a battlefield card is about to be destroyed by an opponent's card effect, you may sacrifice
    an Engineering faction card of yours in play to Negate that effect." Any Battlefield (either side) destroyed by a
    card effect controlled by the opponent of a player with a (not nullified) Chief Engineer on the field: that
    player and the Engineering cards they may sacrifice (every board zone but the doomed Battlefield itself)."""
    ctrl = ctx.get("controller", -1)
    if ctrl < 0:
        return -1, []
    q = 1 - ctrl
    zones = state.zones[q]
    if not any(_negates_bf(state, x) for x in zones["field"]):
        return q, []
    return q, [x for z in ("field", "artifacts", "bf", "equip") for x in zones[z]
               if x != bf and faction(state, x) == "Engineering"]


def _negates_bf(state: GameState, card: int) -> bool:
    return not nullified(state, card) and any(
        e.kind == "static" and e.params.get("negates") == "battlefield_destruction" for e in state.defs[card].effects)


def handlers() -> dict[str, effects.Handler]:
    return {
        "discard_played": _discard_played, "summon": _summon, "grant": _grant, "ungrant": _ungrant,
        "bf_damage": _bf_damage, "lose_plasma": _lose_plasma, "lose_hs": _lose_hs, "coin": _coin,
        "reset_resolve": _reset_resolve, "modify": _modify, "destroy": _destroy, "choose": _choose,
    }


# ---------------------------------------------------------------------------------------------- hooks for cards
@hook("tgc.cost_up")
def _cost_up(state: GameState, ctx: dict, params: Any) -> None:
    """Head of Security: the chosen card type costs 1 more while it stays on the field."""
    ctype = ctx.get("ctype", "creature")
    state.card_state(ctx["source"]).status["cost_up"] = 1  # ends when it leaves the field (a move resets it)
    state.vars["cost_up"] = (*state.vars.get("cost_up", ()), (ctx["source"], ctype, ctx["controller"]))


@hook("tgc.cost_cut")
def _cost_cut(state: GameState, ctx: dict, params: Any) -> None:
    """Runtime: the next card of the faction (default Medical) its player plays this turn costs ``amount`` (default 2)
    less (RULINGS.md: whose card)."""
    cut = (params.get("faction", "Medical"), int(params.get("amount", 2)), state.turn, ctx["controller"])
    state.vars["cost_cut"] = (*state.vars.get("cost_cut", ()), cut)


@hook("tgc.was_destroyed")
def _was_destroyed(state: GameState, ctx: dict, params: Any) -> bool:
    """A card in a discard pile that got there by being destroyed (not milled or discarded): Angry Stickman."""
    st = state.cs.get(params["card"])
    return st is not None and bool(st.status.get("destroyed"))


@hook("tgc.set_faction")
def _set_faction(state: GameState, ctx: dict, params: Any) -> None:
    for c in select(state, ctx, params.get("target", "t")):
        st = state.card_state(c)
        for k in [k for k in st.status if k.startswith("faction=")]:
            del st.status[k]
        st.status["faction=" + str(ctx.get("faction", "Service"))] = 1


def keywords_of(state: GameState, card: int) -> list[str]:
    """The keywords a creature has now (printed, granted, from its Equipment), with their parameter
    (``Immunity:Battlefields``), sorted: what Clockwork may copy. Internal statuses are not keywords."""
    d = state.defs[card]
    st = state.cs.get(card)
    if st is None or not (st.status or st.attached):
        return list(d.fields["kw_list"])  # printed keywords only (the hot path: each creature destroyed)
    names = {k for k in d.fields["kw"] if ":" in k or k not in d.fields["kwp"]}
    if st is not None:
        names.update(k for k, v in st.status.items() if k.partition(":")[0] in KEYWORDS and _status_live(state, v))
        for eq in st.attached:
            names.update(g.partition("@")[0] for g in state.defs[eq].fields["grants"])
    now = kw_now(state, card)
    return sorted(k for k in names if k.partition(":")[0] in KEYWORDS and k in now)


@hook("tgc.clockwork_target")
def _clockwork_target(state: GameState, ctx: dict, params: Any) -> bool:
    """Another creature than the one this Equipment is attached to, with a keyword to copy."""
    st = state.cs.get(ctx["source"])
    c = params["card"]
    return (st is None or st.host != c) and bool(keywords_of(state, c))


@hook("tgc.clockwork_ok")
def _clockwork_ok(state: GameState, ctx: dict, params: Any) -> bool:
    """The creature equipped with this card has Clockwork and holds no copied keyword yet."""
    st = state.cs.get(ctx["source"])
    if st is None or st.host < 0 or not has_kw(state, st.host, "Clockwork"):
        return False
    host = state.cs.get(st.host)  # a condition reads; card_state() would create the host's state
    copy = host.status.get("clockwork_copy") if host is not None else None
    return not (copy and _status_live(state, copy))


@hook("tgc.clockwork")
def _clockwork(state: GameState, ctx: dict, params: Any) -> None:
    """Clockwork: the creature copies one keyword of the chosen creature, chosen by its controller (a decision),
    until it loses Clockwork (the source leaves the board) or leaves the field."""
    from tcgkit.core.actions import Action
    from tcgkit.core.effects import ask

    src = ctx["source"]
    host = state.cs[src].host if src in state.cs else -1
    chosen = select(state, ctx, params.get("target", "t"))
    if host < 0 or not chosen:
        return
    key = "_clockwork_kw"
    if key not in ctx:
        kws = keywords_of(state, chosen[0])
        if not kws:
            return
        if len(kws) > 1:
            ask(state, ctx, ctx["controller"], "Clockwork: choose the keyword to copy",
                [Action("option", (k,)) for k in kws], key)
            return
        ctx[key] = kws[0]
    kw = ctx.pop(key)
    status = state.card_state(host).status
    status.pop("no:" + kw, None)
    status[kw] = 10 + src
    status["clockwork_copy"] = 10 + src
    state.emit("status", state.owner[host], host, (kw, 10 + src))


@hook("tgc.remember")
def _remember(state: GameState, ctx: dict, params: Any) -> None:
    """Geneticist: a new use ends the previous grant (statuses tied to the source are reset)."""
    src = ctx["source"]
    for card, st in list(state.cs.items()):
        tied = [k for k, v in st.status.items() if v == 10 + src]
        if tied:
            st = state.card_state(card)  # to change it (a clone's copy on write)
            for k in tied:
                del st.status[k]


@hook("tgc.twice")
def _twice(state: GameState, ctx: dict, params: Any) -> None:
    """Research Director: the next Instant or Standard Event played this turn resolves twice."""
    state.vars["twice"] = (ctx["controller"], state.turn)


__all__ = ["EXTRA_VERBS", "HOOKS", "affectable", "combat", "handlers", "has_kw", "has_subtype", "push"]


def _search_label(state: GameState, card: int, clash: set[str]) -> str:
    d = state.defs[card]
    return f"{d.name} ({d.key})" if d.name in clash else d.name


@hook("tgc.search")
def _search(state: GameState, ctx: dict, params: Any) -> None:
    """Search your deck for a card matching ``filter`` (chosen by name; two different printings of one name, such
    as the two Geneticists, are told apart by their id), to ``hand`` or ``summon``; then shuffle."""
    from tcgkit.core.actions import Action
    from tcgkit.core.effects import ask, matches

    who = ctx["controller"]
    deck = state.zones[who]["deck"]
    key = "_search"
    found = [c for c in deck if matches(state, ctx, c, params["filter"])]
    keys_by_name: dict[str, set[str]] = {}
    for c in found:
        keys_by_name.setdefault(state.defs[c].name, set()).add(state.defs[c].key)
    clash = {n for n, ks in keys_by_name.items() if len(ks) > 1}
    if key not in ctx:
        labels = sorted({_search_label(state, c, clash) for c in found})
        if labels:
            options = [Action("option", (n,)) for n in labels] + [Action("option", ("none",))]
            ask(state, ctx, who, "search your deck: choose a card", options, key)
            return
        ctx[key] = "none"
    label = ctx.pop(key)
    if label != "none":
        card = next(found[i] for i in range(len(found) - 1, -1, -1)  # the last one (mypyc fails on reversed(found))
                    if _search_label(state, found[i], clash) == label)
        if params.get("to") == "summon":
            state.rules.summon(state, who, card)
        else:
            state.move(card, who, "hand")
    state.shuffle(who, "deck")


@hook("tgc.not_host")
def _not_host(state: GameState, ctx: dict, params: Any) -> bool:
    st = state.cs.get(ctx["source"])
    return st is None or st.host != params["card"]


@hook("tgc.reequip")
def _reequip(state: GameState, ctx: dict, params: Any) -> None:
    """Move the source Equipment from its creature to the chosen one (its bonuses follow it)."""
    eq = ctx["source"]
    targets = select(state, ctx, "t")
    if not targets or state.loc[eq][1] != "equip":
        return
    st = state.card_state(eq)
    old = state.card_state_or_none(st.host)
    if old is not None and eq in old.attached:
        old.attached.remove(eq)
        old.mods = [m for m in old.mods if m[2] != f"eq{eq}"]  # a CMO's bonus leaves with the Equipment
    st.host = targets[0]
    state.card_state(targets[0]).attached.append(eq)
    state.rules.equip_bonus(state, eq, targets[0])  # and the new creature's side's CMO adds its own
    state.emit("equipped", state.owner[eq], eq, (targets[0],))
    if old is not None and st.host != -1:
        for c in list(state.zones[0]["field"] + state.zones[1]["field"]):
            if card_stat(state, c, "resolve") <= 0:
                destroy_card(state, c)


@hook("tgc.hold")
def _hold(state: GameState, ctx: dict, params: Any) -> None:
    """Citrus: tap the chosen card; it stays tapped until the start of the controller's next turn."""
    for c in select(state, ctx, "t"):
        st = state.card_state(c)
        st.tapped = True
        st.status["held_by"] = ctx["controller"] + 1
        state.emit("tap", state.owner[c], c)


@hook("tgc.draw_bind")
def _draw_bind(state: GameState, ctx: dict, params: Any) -> None:
    """Draw ``count`` cards and bind them to ``bind`` (to look at or discard them afterwards)."""
    drawn = []
    for _ in range(params.get("count", 1)):
        c = state.rules.draw(state, ctx["controller"])
        if c >= 0:
            drawn.append(c)
    ctx[params.get("bind", "drawn")] = drawn


@hook("tgc.in_hand")
def _in_hand(state: GameState, ctx: dict, params: Any) -> bool:
    return state.loc[params["card"]][1] == "hand"


@hook("tgc.mill")
def _mill(state: GameState, ctx: dict, params: Any) -> None:
    """Shaft Miner: the chosen player puts the top cards of their deck into their discard pile."""
    who = ctx["controller"] if ctx.get("who") == "you" else 1 - ctx["controller"]
    for _ in range(params.get("count", 2)):
        if state.move_top(who, "deck", "discard") < 0:
            break


@hook("tgc.casualties_ok")
def _casualties_ok(state: GameState, ctx: dict, params: Any) -> bool:
    """Justifiable Casualties: two friendly creatures to sacrifice (a cost, paid in full), or, under the option
    ``casualties_partial``, at least one."""
    need = 1 if state.options.get("casualties_partial") else 2
    return sum(1 for c in state.zones[ctx["controller"]]["field"] if affectable(state, c, ctx["source"])) >= need


@hook("tgc.was_asimov")
def _was_asimov(state: GameState, ctx: dict, params: Any) -> bool:
    """The destroyed creature had Asimov when it was on the field (the ``destroyed`` event's last known keywords)."""
    data: Any = ctx.get("event_data") or ()
    return len(data) > 1 and "Asimov" in data[1]


@hook("tgc.warp_ok")
def _warp_ok(state: GameState, ctx: dict, params: Any) -> bool:
    """Bluespace Flux: once per turn for each player."""
    return (state.turn, ctx["controller"]) not in state.vars.get("warp_used", ())


@hook("tgc.summon_top")
def _summon_top(state: GameState, ctx: dict, params: Any) -> None:
    """Bluespace Flux: summon the top card of your deck (a card that is not a creature is revealed and stays)."""
    who = ctx["controller"]
    state.vars["warp_used"] = (*state.vars.get("warp_used", ()), (state.turn, who))
    deck = state.zones[who]["deck"]
    if not deck:
        return
    top = deck[-1]
    if state.defs[top].type == "creature":
        state.rules.summon(state, who, top)
    else:
        state.move(top, who, "hand")


@hook("tgc.show")
def _show(state: GameState, ctx: dict, params: Any) -> None:
    """Scroll of the Sleeping Carp: the shown card's id (key) is told to the equipping player only."""
    for c in select(state, ctx, "shown"):
        state.emit("shown", ctx["controller"], data=(state.defs[c].key,), private=ctx["controller"])


@hook("tgc.to_hand")
def _to_hand(state: GameState, ctx: dict, params: Any) -> None:
    for c in select(state, ctx, params.get("target", "self")):
        if state.loc[c][1] in ("discard", "field", "equip", "bf", "artifacts"):
            state.rules.to_hand(state, c)


@hook("tgc.blood_pawn_ok")
def _blood_pawn_ok(state: GameState, ctx: dict, params: Any) -> bool:
    """Blood Pawn: "This effect can only apply to a player once per turn"."""
    return (state.turn, ctx["controller"]) not in state.vars.get("blood_pawn", ())


@hook("tgc.blood_pawn")
def _blood_pawn(state: GameState, ctx: dict, params: Any) -> None:
    """Blood Pawn (the creature was sacrificed as the cost): gain mana equal to half its base resolve, rounded up."""
    p = ctx["controller"]
    state.vars["blood_pawn"] = (*state.vars.get("blood_pawn", ()), (state.turn, p))
    n = (state.defs[ctx["source"]].stats.get("resolve", 0) + 1) // 2
    state.res[p]["plasma"] += n
    state.emit("plasma", p, data=(state.rules.available_plasma(state, p),))


def fits_hook(details: str) -> str:
    """The name of a filter hook for "cards fitting the required details" (Tribute): see :func:`fits`."""
    name = "tgc.fits." + details
    if name not in HOOKS:
        def fits_details(state: GameState, ctx: dict, params: Mapping[str, Any]) -> bool:
            return fits(state, params["card"], details)

        HOOKS[name] = fits_details
    return name


def tributes(state: GameState, card: int) -> list[tuple[str, int]]:
    """Tribute (Type, N) parameters of a card in hand (printed keywords)."""
    out = []
    for k in state.defs[card].fields["kw"]:
        if k.startswith("Tribute:"):
            what, _, n = k.partition(":")[2].rpartition(",")
            if n.strip().isdigit():
                out.append((what.strip(), int(n)))
    return out


@hook("tgc.summon_source")
def _summon_source(state: GameState, ctx: dict, params: Any) -> None:
    """Summon the card whose play started this effect (after its Tribute was paid)."""
    card = ctx["source"]
    if state.loc[card][1] == "stack":
        state.rules.summon(state, ctx["controller"], card)
