"""Guardian Realms statuses: giving and removing them (GR-STATUS-*, GR-IMM-*), and their durations and ticks at the
end of a turn (GR-PARA-*, GR-EXH-*, GR-CONF-*, GR-BURN-*, GR-POIS-*; Burn and Poison damage is in ``damage.py``).

Statuses live in ``CardState.status``: timed ones hold the turns left (``PERMANENT`` never ticks), Burned its
stacks, Poisoned its next tick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tcgkit.games.guardian_realms.board import data1, data2
from tcgkit.games.guardian_realms.model import LANE_OF, LANES_Z

if TYPE_CHECKING:
    from tcgkit.core.state import GameState


PERMANENT: Final = 1000


DEBUFFS: Final[tuple[str, ...]] = ("paralyzed", "burned", "exhausted", "confused", "poisoned")


BUFFS: Final[tuple[str, ...]] = ("shield", "stealth", "fury", "invincible")


TIMED: Final[tuple[str, ...]] = ("paralyzed", "exhausted", "fury", "invincible")


#: by debuff: the status that nullifies it (GR-IMM-01)
_IMMUNE: Final[dict[str, str]] = {d: "immune_" + d for d in DEBUFFS}


def add_status(state: GameState, card: int, status: str, value: int) -> None:
    """Apply a status or buff with its stacking rule (GR-PARA-05, GR-BURN-02, GR-EXH-07, GR-CONF-06, GR-POIS-03);
    debuffs only on fielded Guardians; Immunity nullifies (GR-IMM-01)."""
    if state.loc[card][1] not in LANE_OF:
        return
    st = state.card_state(card)
    s = st.status
    if s and status in DEBUFFS and s.get(_IMMUNE[status]):
        state.emit("immune", state.owner[card], card, (status,))
        return
    if status == "burned":
        new = min(3, s.get("burned", 0) + 1)
    elif status == "poisoned":
        new = s.get("poisoned") or 1
    elif status in TIMED:
        new = max(s.get(status, 0), value)
    elif status.startswith("immune_"):
        new = value
        remove_status(state, card, status[7:])
    else:
        new = 1
    s[status] = new
    state.emit("status", state.owner[card], card, data2(status, new))


def remove_status(state: GameState, card: int, status: str) -> None:
    """Remove a status; a record without it is only read (a clone's shared record is not copied for nothing)."""
    st = state.cs.get(card)
    if st is None or status not in st.status:
        return
    if state.card_state_or_none(card).status.pop(status, None) is not None:
        state.emit("status_removed", state.owner[card], card, data1(status))


def has_ticks(state: GameState, p: int) -> bool:
    """Whether a Guardian of ``p`` is Burned or Poisoned (damage due at the end of p's turn)."""
    cs = state.cs
    z = state.zones[p]
    for zone in LANES_Z:
        for g in z[zone]:
            st = cs.get(g)
            if st is not None and st.status and ("burned" in st.status or "poisoned" in st.status):
                return True
    return False


def tick_durations(state: GameState, card: int) -> None:
    """Timed statuses count the controller's turns (GR-SETUP-02, GR-PARA-02, GR-EXH-04..06)."""
    st = state.cs.get(card)  # read first: a record with no timed status is not copied (copy on write)
    if st is None or not st.status:
        return
    names = [k for k in st.status if k in TIMED or k.startswith("immune_")]
    if not names:
        return
    st = state.card_state_or_none(card)
    for name in names:
        left = st.status[name]
        if left >= PERMANENT:
            continue
        if left <= 1:
            remove_status(state, card, name)
        else:
            st.status[name] = left - 1
