"""Whales Destroying the World: Rivals — two whale pods bid for grey prizes (Time Slug Studio).

Two players, three rounds, hidden hands and face-down cards; every draw from a
face-down pile is a chance node. See the docs page "Whales Destroying the World:
Rivals" for the rules in our words, every ruling, the state format and notation.

>>> import random
>>> from boardrules.games import whales_rivals as wr
>>> state = wr.new_game(2)
>>> for value in (4, 1, 2, 6, 3, 5):          # deal the packs: tops 4, 2 and 5
...     state = wr.apply(state, wr.DealGrey(value))
>>> for card in (1, 2, 4, 5, 0):              # player 0 draws five cards
...     state = wr.apply(state, wr.Draw(card))
>>> [str(a) for a in wr.legal_actions(state)][:4]
['1>1', '1>2', '1>3', '2>1']
>>> state = wr.apply(state, wr.parse_action(state, "4>1 up"))   # matches pack 1's top
>>> state.phase, [str(a) for a in wr.legal_actions(state)]
(<Phase.EXPLORE: 'explore'>, ['peek 2', 'peek 3', 'skip'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardrules._lazy import lazy_members
from boardrules.games.whales_rivals.actions import (
    END_ROUND,
    FLIP,
    PEEK,
    SKIP,
    TURTLE_AT,
    TURTLE_NO_TARGET,
    Action,
    DealGrey,
    Draw,
    EndRound,
    Flip,
    Peek,
    PlayTurtle,
    PlayWhale,
    Skip,
)
from boardrules.games.whales_rivals.cards import (
    DEFAULT_WHALE_VALUES,
    TURTLE,
    Grey,
    Whale,
)
from boardrules.games.whales_rivals.events import events
from boardrules.games.whales_rivals.heuristic import ROLLOUT_LIMIT, heuristic
from boardrules.games.whales_rivals.notation import action_fields, label, parse_action
from boardrules.games.whales_rivals.observe import (
    GreyView,
    Observation,
    PackView,
    WhaleView,
    announce,
    observe,
    resample,
)
from boardrules.games.whales_rivals.render import render
from boardrules.games.whales_rivals.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    action_bound,
    apply,
    apply_unchecked,
    can_end_round,
    chance_outcomes,
    inventory,
    is_terminal,
    legal_actions,
    new_game,
    player_cards,
    result,
    returns,
    sample_chance,
    scores,
    to_move,
)
from boardrules.games.whales_rivals.state import Options, Pack, Phase, State
from boardrules.games.whales_rivals.validation import validate_observation, validate_state

if TYPE_CHECKING:  # loaded on first use, see __getattr__ below
    from boardrules.games.whales_rivals.numeric import (
        MAX_LEGAL,
        action_space,
        chance_probabilities,
        info_state_layout,
        info_state_shape,
        info_state_tensor,
        observation_shape,
        observation_tensor,
        observe_tensor,
        tensor_layout,
    )
    from boardrules.games.whales_rivals.picture import svg

__all__ = [
    "ACTION_TYPES",
    "DEFAULT_WHALE_VALUES",
    "END_ROUND",
    "FLIP",
    "MAX_LEGAL",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "PEEK",
    "ROLLOUT_LIMIT",
    "RULES_VERSION",
    "SKIP",
    "TITLE",
    "TURTLE",
    "TURTLE_AT",
    "TURTLE_NO_TARGET",
    "Action",
    "DealGrey",
    "Draw",
    "EndRound",
    "Flip",
    "Grey",
    "GreyView",
    "Observation",
    "Options",
    "Pack",
    "PackView",
    "Peek",
    "Phase",
    "PlayTurtle",
    "PlayWhale",
    "Skip",
    "State",
    "Whale",
    "WhaleView",
    "action_bound",
    "action_fields",
    "action_space",
    "announce",
    "apply",
    "apply_unchecked",
    "can_end_round",
    "chance_outcomes",
    "chance_probabilities",
    "events",
    "heuristic",
    "info_state_layout",
    "info_state_shape",
    "info_state_tensor",
    "inventory",
    "is_terminal",
    "label",
    "legal_actions",
    "new_game",
    "observation_shape",
    "observation_tensor",
    "observe",
    "observe_tensor",
    "parse_action",
    "player_cards",
    "render",
    "resample",
    "result",
    "returns",
    "sample_chance",
    "scores",
    "svg",
    "tensor_layout",
    "to_move",
    "validate_observation",
    "validate_state",
]

NAME: Final = "whales_rivals"
"""Registry name."""
TITLE: Final = "Whales Destroying the World: Rivals"
"""Title."""
RULES_VERSION: Final = "1"
"""Version of these rules; records made under another version are refused."""
ACTION_TYPES: Final[tuple[type[Action], ...]] = (
    DealGrey, Draw, PlayWhale, PlayTurtle, EndRound, Flip, Peek, Skip,
)
"""Every action class, the chance outcomes `DealGrey` and `Draw` first."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_members(__name__, globals(), {
        "numeric": (
            "MAX_LEGAL", "action_space", "chance_probabilities", "info_state_layout",
            "info_state_shape", "info_state_tensor", "observation_shape",
            "observation_tensor", "observe_tensor", "tensor_layout",
        ),
        "picture": ("svg",),
    })
