"""The fixed action layout of each game: its verbs, what each argument may name, and how many places of a zone.

Each game lists ``templates``: a verb and, per argument, its domain as words separated by spaces. ``me:hand`` is
a card at a position of the acting player's hand, ``opp:field`` one of the opponent's field; ``=main`` is the word
``main``; ``#rank`` is the n-th option offered at the decision (for open-ended options: numbers, card names).
``choose`` (the effect language's choice of a card) names every zone position of the layout the chooser sees.
``caps`` says how many positions of a zone a card argument may name (board slots hold one card; a hand or a pile
may hold about every card of a deck: an agent that never plays a card keeps drawing). ``phases`` and
``resources`` are the vocabularies of the observation tensor. The tables were read off the actions of thousands of
random games, with the shipped decks and with decks drawn from each game's whole card pool, then fixed
(``tests/rl/test_encoding.py`` checks that every legal action of new random games of both kinds fits): the action
space of a game never changes size while its layout stays the same.
"""

from __future__ import annotations

SPECS: dict[str, dict] = {
    "perfect-tcg": {
        "caps": {"boost": 1, "hand": 48, "leader": 1, "lost": 52, "setup": 60, "support_left": 1, "support_right": 1,
                 "wing_left": 1, "wing_right": 1},
        "phases": ["leader", "refresh", "level", "support", "main", "war", "battle", "defend", "bonus"],
        "resources": ["energy", "armour", "armour_used", "boosted", "decaying", "levelled", "lock_spell", "prevent"],
        "options": 16,
        "templates": [
            ("activate", "me:leader me:support_left me:support_right me:wing_left me:wing_right", "=0 =1 =2 =3"),
            ("attack",
             "me:leader me:support_left me:support_right me:wing_left me:wing_right",
             "opp:leader opp:wing_left opp:wing_right",),
            ("boost", "me:hand"),
            ("cast", "me:hand"),
            ("choose",
             "me:boost me:hand me:leader me:lost me:support_left me:support_right me:wing_left me:wing_right"
             " opp:boost opp:leader opp:lost opp:support_left opp:support_right opp:wing_left opp:wing_right",),
            ("defend", "me:hand me:wing_left me:wing_right"),
            ("done",),
            ("draw",),
            ("end",),
            ("end_stasis", "me:leader me:support_left me:support_right me:wing_left me:wing_right"),
            ("leader", "me:setup"),
            ("level", "me:hand"),
            ("option", "#rank"),
            ("pass",),
            ("play", "me:hand", "=support_left =support_right =wing_left =wing_right"),
            ("retreat", "me:support_left me:support_right"),
            ("support", "me:support_left me:support_right"),
            # the effect language's own decisions (a "may", an "up to" choice, a list of options) that no card
            # shipped with the game asks yet
            ("no",),
            ("yes",),
        ],
    },
    "tgod": {
        "caps": {"backup": 48, "base": 1, "hand": 64, "main": 1},
        "phases": ["play", "switch"],
        "resources": [],
        "options": 16,
        "templates": [
            ("activate", "me:backup me:base me:main", "=0 =1 =2 =3"),
            ("attack", "me:base me:main", "opp:backup opp:base opp:main"),
            ("choose", "me:backup me:base me:hand me:main opp:backup opp:base opp:main"),
            ("end",),
            ("equip", "me:hand", "me:backup me:base me:main"),
            ("play", "me:hand", "=backup =main =power"),
            ("promote", "me:backup"),
            ("switch", "me:backup"),
            # the effect language's own decisions (a "may", an "up to" choice, a list of options) that no card
            # shipped with the game asks yet
            ("done",),
            ("no",),
            ("option", "#rank"),
            ("yes",),
        ],
    },
    "phaktionz": {
        "caps": {"attached": 8, "creation_pile": 12, "deck_out": 80, "exile": 80, "field": 16, "hand": 80, "realm": 8},
        # "realm": the rulebook sets no limit on Realms in play (RULINGS.md, PHK-INV-04)
        "phases": ["mulligan", "main", "combat", "final", "end"],
        "resources": [],
        "options": 100,
        "templates": [
            ("activate", "me:attached me:field me:realm", "=0 =1 =2 =3"),
            ("battle", "me:field", "opp:field"),
            ("battle", "me:field", "=direct"),
            ("cast", "me:deck_out me:hand"),
            ("cast", "me:hand", "me:field opp:field"),
            ("choose", "me:attached me:creation_pile me:deck_out me:exile me:field me:hand me:realm"
                       " opp:attached opp:deck_out opp:exile opp:field opp:realm"),
            ("column", "=1 =2 =3 =4 =5"),
            ("create", "me:creation_pile"),
            ("done",),
            ("first", "me:field me:realm"),
            ("keep",),
            ("mull", "me:hand"),
            ("next",),
            ("option", "#rank"),
            ("pass",),
            ("place", "me:deck_out me:hand"),
            ("place", "me:hand", "=front"),
            ("tribute", "me:field opp:field"),
            ("use", "me:hand", "=0 =1 =2 =3"),
            # the effect language's own decisions (a "may", an "up to" choice, a list of options) that no card
            # shipped with the game asks yet
            ("no",),
            ("yes",),
        ],
    },
    "tgc": {
        "caps": {"artifacts": 4, "bf": 1, "discard": 56, "equip": 24, "field": 44, "hand": 44},
        "phases": ["mulligan", "standby", "play", "battle", "end"],
        "resources": ["hs", "plasma", "temp", "draws", "mulligans", "next"],
        "options": 32,
        "templates": [
            # a Battlefield's effect may be shared with the opponent; an On Destruction effect is used from the discard
            ("activate", "me:artifacts me:bf me:discard me:equip me:field opp:bf", "=0 =1 =2 =3"),
            ("attack", "me:field"),
            ("attack", "me:field", "opp:field"),
            ("block", "me:field"),
            ("choose", "me:artifacts me:bf me:discard me:equip me:field me:hand"
                       " opp:artifacts opp:bf opp:discard opp:equip opp:field"),
            ("do_nothing",),
            ("done",),
            ("flip_coin",),
            ("keep",),
            ("mulligan", "me:hand"),
            ("no_block",),
            ("option", "#rank"),
            ("pass_phase",),
            ("play", "me:hand"),
            ("play", "me:hand", "me:field opp:field"),
            # the effect language's own decisions (a "may", an "up to" choice, a list of options) that no card
            # shipped with the game asks yet
            ("no",),
            ("yes",),
        ],
    },
    "guardian-realms": {
        "caps": {"hand": 16, "lane1": 1, "lane2": 1, "lane3": 1},
        "phases": ["mulligan", "main", "ordering"],
        "resources": ["out", "sp", "dz", "dzcap", "mul", "b1", "b2", "b3", "w1", "w2", "w3", "x1", "x2", "x3"],
        "options": 16,
        "templates": [
            ("ability", "me:lane1 me:lane2 me:lane3", "=0 =1 =2 =3"),
            ("attack", "me:lane1 me:lane2 me:lane3", "opp:lane1 opp:lane2 opp:lane3"),
            ("attack", "me:lane1 me:lane2 me:lane3", "=base1 =base2 =base3"),
            ("choose", "me:hand me:lane1 me:lane2 me:lane3 opp:lane1 opp:lane2 opp:lane3"),
            ("end",),
            ("equip", "me:hand", "me:lane1 me:lane2 me:lane3"),
            ("infuse", "me:lane1 me:lane2 me:lane3", "me:lane1 me:lane2 me:lane3"),
            ("keep",),
            ("mulligan",),
            ("option", "#rank"),
            ("play", "me:hand"),
            ("play", "me:hand", "=base1 =base2 =base3"),
            ("summon", "me:hand", "=lane1 =lane2 =lane3"),
            # a Guardian that asks for fielded Guardians as a sacrifice names them after the lane (GR-SAC-01/02)
            ("summon", "me:hand", "=lane1 =lane2 =lane3", "me:lane1 me:lane2 me:lane3"),
            ("summon", "me:hand", "=lane1 =lane2 =lane3", "me:lane1 me:lane2 me:lane3", "me:lane1 me:lane2 me:lane3"),
            ("summon", "me:hand", "=lane1 =lane2 =lane3", "me:lane1 me:lane2 me:lane3", "me:lane1 me:lane2 me:lane3",
             "me:lane1 me:lane2 me:lane3"),
            ("swap", "me:lane1 me:lane2 me:lane3", "me:lane1 me:lane2 me:lane3"),
            # the effect language's own decisions (a "may", an "up to" choice, a list of options) that no card
            # shipped with the game asks yet
            ("done",),
            ("no",),
            ("yes",),
        ],
    },
}
