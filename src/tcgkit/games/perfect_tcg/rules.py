"""Perfect TCG rules: deck rules, setup, the five stages of a turn, battles with boosts, supports and defenders,
damage as cards moving from the deck to the Energy zone, every keyword, the Ultimate rules and the win priorities.

The rulebook is ``shared/rules/perfect-tcg.txt``; clause ids are ``PTCG-*`` (``perfect-tcg.clauses.yaml``). Every
reading this module takes where the rulebook is silent or contradicts itself is listed in ``RULINGS.md``; where a
second reading is reasonable, it is a game option (``OPTIONS``), off by default.

How the game runs (see ``docs/developing.md`` for the shared model):

- ``state.phase`` is one of ``leader`` (setup: choosing a Leader), ``refresh``, ``bonus``, ``level``, ``main``,
  ``war`` (the turn's stages), ``support`` (the attacker adds Support units), ``defend`` (the defender's window) and
  ``battle`` (the battle resolving). ``turn_start`` is the moment between two turns.
- Everything that happens is either a player's action at a decision point, or an effect on the resolution stack.
  Battle damage, armour choices, excavation slots and every "may"/"choose" run on the stack, so a decision can stop
  the game anywhere and a clone resumes exactly there.
- Wins are checked only when the stack is empty (PTCG-ULT-09): card effects first, then running out of cards, then
  the Energy Victory (PTCG-WIN-03).

Where each rule's code is (by clause id; ``docs/developing.md`` has the same map):

- ``deck.py``: deck rules (PTCG-DECK-*, PTCG-TYPE-03, PTCG-SETUP-01);
- ``turns.py``: setup, the stages of a turn, applying an action (PTCG-SETUP-*, PTCG-TURN-*);
- ``actions.py``: the legal actions of each stage and why one is not legal (PTCG-TURN-04..07, PTCG-ROLE-*,
  PTCG-WAR-02/03/08);
- ``plays.py``: playing cards, Energy, the Leader's levels, losing cards, statuses, once per turn, costs
  (PTCG-CARD-*, PTCG-ENERGY-*, PTCG-TERM-*, PTCG-ULT-13..17);
- ``triggers.py``: triggered effects on the core's trigger engine (PTCG-ULT-10);
- ``statics.py``: static effects, prohibitions, armour (PTCG-ULT-04, PTCG-TERM-07..09);
- ``battle.py``: battles, damage, healing (PTCG-WAR-*, PTCG-DMG-*, PTCG-ULT-11/12);
- ``wins.py``: the win conditions and their priorities (PTCG-WIN-*, PTCG-ULT-09);
- ``evaluation.py``: the bots' evaluation of a position;
- ``verbs.py``: the game's effect verbs; ``model.py``: the card schema, zones and board helpers; ``words.py``: text.

>>> from tcgkit.games import get_rules
>>> rules = get_rules("perfect-tcg")
>>> state = rules.new_game(["Gandor", "Alchemy"], seed=4)
>>> state.phase, [a.kind for a in state.legal_actions()][:1]
('leader', ['leader'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tcgkit.core import effects
from tcgkit.core.compiled import mypyc_attr
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import HIDDEN, OWNER, PUBLIC, GameState
from tcgkit.games.perfect_tcg import verbs
from tcgkit.games.perfect_tcg.actions import StageActions
from tcgkit.games.perfect_tcg.battle import Battle
from tcgkit.games.perfect_tcg.deck import DeckRules
from tcgkit.games.perfect_tcg.evaluation import Evaluation
from tcgkit.games.perfect_tcg.model import (
    ART,
    ARTEFACT,
    BOOST,
    CASTING,
    DECK,
    DEFENCE,
    ENERGY,
    FIELD,
    HAND,
    HISTORY,
    LEADER,
    LOST,
    SETUP,
    SL,
    SLOTS,
    SR,
    UNIT,
    WL,
    WR,
    ZONE_GROUPS,
    PerfectCard,
    leader_level,
)
from tcgkit.games.perfect_tcg.plays import CardPlay
from tcgkit.games.perfect_tcg.statics import Statics
from tcgkit.games.perfect_tcg.triggers import Triggers
from tcgkit.games.perfect_tcg.turns import TurnFlow
from tcgkit.games.perfect_tcg.wins import Wins
from tcgkit.games.perfect_tcg.words import PerfectTcgWords


@mypyc_attr(native_class=False)  # a Ruleset (see tcgkit.core.compiled)
class PerfectRules(DeckRules, TurnFlow, StageActions, CardPlay, Triggers, Statics, Battle, Wins, Evaluation,
                   Ruleset):
    """The Perfect TCG ruleset (game id ``perfect-tcg``): its zones, options and words here; its rules in the mixins
    it is built from, one module each (see the module's docstring)."""

    id = "perfect-tcg"
    name = "Perfect TCG"
    HIDDEN_POOLS = (("deck", "hand", "energy"),)  # energy is face-down cards from the deck; artefacts apart
    ZONES = {
        DECK: HIDDEN, HAND: OWNER, LEADER: PUBLIC, HISTORY: PUBLIC, WL: PUBLIC, WR: PUBLIC, SL: PUBLIC, SR: PUBLIC,
        BOOST: PUBLIC, ENERGY: HIDDEN, LOST: PUBLIC, ART: HIDDEN, SETUP: OWNER, DEFENCE: PUBLIC, CASTING: PUBLIC,
    }
    ZONE_GROUPS = ZONE_GROUPS
    #: where events name other cards in their data (hidden from a viewer who cannot see them now).
    EVENT_CARD_DATA = {"attack": (0,), "support": (0,), "defend": (0,), "battle": (3,), "battle_won": (0,)}
    PLAY_ZONES = FIELD
    OWN_CARD_TRIGGERS = True  # "when this card is lost", an effect of a card in the Lost zone (PTCG-ULT-10)
    PASS_KINDS = Ruleset.PASS_KINDS | {"end", "pass"}
    WORDS = PerfectTcgWords
    PHRASES_MODULE = "tcgkit.games.perfect_tcg.grammar"
    # one unit in the Leader zone and in each Wing and Support zone (PTCG-ROLE-03)
    # a Wing or Support zone holds one card: a unit, or an excavated Artefact (PTCG-TERM-11)
    ZONE_RULES = {LEADER: (1, (UNIT,)), **{z: (1, (UNIT, ARTEFACT)) for z in SLOTS}, ART: (None, (ARTEFACT,))}
    DISCARD_ZONE = LOST
    TOKEN_ZONE = WL
    #: the other reasonable reading of an ambiguous clause, each off by default (see RULINGS.md)
    OPTIONS = {
        "spells_ignore_level": False,            # PTCG-CARD-07 reading (b)
        "level_up_any_higher": False,            # PTCG-TERM-04 "a higher grade"
        "armour_per_hit": False,                 # PTCG-TERM-08 reading (b)
        "later_effect_wins": False,              # PTCG-ULT-04 reading (a)
        "lock_in_wins": False,                   # PTCG-ULT-09 reading (a)
        "above_level_loss_only_if_above": False,  # PTCG-ROLE-06 reading (b)
        "defend_at_or_below": False,             # PTCG-WAR-08 (1)
        "artefacts_exactly_5": False,            # PTCG-DECK-05 reading (b)
        "energy_victory_30": False,              # PTCG-WIN-02 (1)
        "unit_damage_battle_only": False,        # PTCG-DMG-02 reading (b)
        "deck_out_on_failed_draw": False,        # PTCG-WIN-01 "runs out" = a failed draw
        "leader_one_support": False,             # PTCG-ROLE-10: one Support per Leader attack
        "pile_filter_is_a_choice": False,        # PTCG-ULT-07: "a unit with X from your Lost zone" lets one choose
        "stasis_may_support": False,             # PTCG-TERM-20/ROLE-10: a Support in Stasis supports its Leader
        "win_before_battle_triggers": False,     # PTCG-ULT-09: wins checked after the attack's damage, before the
        # effects the battle triggered
        "guardian_ignores_level": False,         # PTCG-TERM-15 (a)
        "first_player_skips_draw": False,        # PTCG-SETUP-03 / PTCG-TURN-03
        "boost_lasts_one_turn": False,           # PTCG-ZONE-08
    }
    card_model = PerfectCard
    REPORT_UNREAD = True
    data_dir = Path(__file__).parent
    EXTRA_VERBS = verbs.EXTRA_VERBS


    def game_handlers(self) -> dict[str, effects.Handler]:
        return dict(verbs.HANDLERS)


    # ================================================================== views and bots
    def observe_extra(self, state: GameState, viewer: int) -> dict[str, Any]:
        """Public facts: Leader levels, armour and the battle in progress."""
        out: dict[str, Any] = {
            "leader_level": [leader_level(state, p) for p in (0, 1)],
            "armour": [list(self.armour(state, p)) for p in (0, 1)],
            "armour_available": [self.armour_available(state, p) for p in (0, 1)],
        }
        v = state.vars
        if v.get("b_att", -1) >= 0:
            out["battle"] = {"attacker": v["b_att"], "target": v["b_tgt"], "defender": v.get("b_def", -1),
                             "supports": list(v.get("b_sup", ()))}
        return out

