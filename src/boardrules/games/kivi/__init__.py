"""KIVI — roll six dice, claim squares, score lines (Maureen Hiron & Sheyla Bonnick, 2016).

2–4 players, perfect information, the dice are chance nodes. See the docs page
"KIVI" for the rules in our words, every ruling, the state format and notation.

>>> import random
>>> from boardrules.games import kivi
>>> state = kivi.new_game(2)
>>> state = kivi.apply(state, kivi.Roll((1, 2, 3, 4, 5, 6)))   # a straight: wild
>>> state = kivi.apply(state, kivi.parse_action(state, "d4"))
>>> state.cells[24], kivi.to_move(state)
(0, CHANCE)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardrules._lazy import lazy_members
from boardrules.games.kivi.actions import (
    FORFEIT,
    PLACE,
    Action,
    Displace,
    Forfeit,
    Place,
    Reroll,
    Roll,
)
from boardrules.games.kivi.board import (
    DEFAULT_BOARD,
    Combination,
    analyse,
    square_index,
    square_name,
)
from boardrules.games.kivi.events import events
from boardrules.games.kivi.heuristic import ROLLOUT_LIMIT, heuristic
from boardrules.games.kivi.notation import NOTATION_HELP, action_fields, label, parse_action
from boardrules.games.kivi.observe import Observation, announce, observe, resample
from boardrules.games.kivi.render import render
from boardrules.games.kivi.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    action_bound,
    apply,
    apply_unchecked,
    chance_outcomes,
    inventory,
    is_terminal,
    legal_actions,
    new_game,
    result,
    returns,
    sample_chance,
    scores,
    to_move,
)
from boardrules.games.kivi.state import HighestRule, Options, State
from boardrules.games.kivi.validation import validate_observation, validate_state

if TYPE_CHECKING:  # loaded on first use, see __getattr__ below
    from boardrules.games.kivi.numeric import (
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
    from boardrules.games.kivi.picture import svg

__all__ = [
    "ACTION_TYPES",
    "DEFAULT_BOARD",
    "FORFEIT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "NOTATION_HELP",
    "PERFECT_INFORMATION",
    "PLACE",
    "ROLLOUT_LIMIT",
    "RULES_VERSION",
    "TITLE",
    "Action",
    "Combination",
    "Displace",
    "Forfeit",
    "HighestRule",
    "Observation",
    "Options",
    "Place",
    "Reroll",
    "Roll",
    "State",
    "action_bound",
    "action_fields",
    "action_space",
    "analyse",
    "announce",
    "apply",
    "apply_unchecked",
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
    "render",
    "resample",
    "result",
    "returns",
    "sample_chance",
    "scores",
    "square_index",
    "square_name",
    "svg",
    "tensor_layout",
    "to_move",
    "validate_observation",
    "validate_state",
]

NAME: Final = "kivi"
"""Registry name."""
TITLE: Final = "KIVI"
"""Title."""
RULES_VERSION: Final = "2"
"""Version of these rules; records made under another version are refused."""
PERFECT_INFORMATION: Final = True
"""Nothing is hidden (K12): every action may be shown to everyone."""
ACTION_TYPES: Final[tuple[type[Action], ...]] = (Roll, Reroll, Place, Displace, Forfeit)
"""Every action class, the chance outcome `Roll` first."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_members(__name__, globals(), {
        "numeric": (
            "action_space", "chance_probabilities", "info_state_layout", "info_state_shape",
            "info_state_tensor",
            "observation_shape", "observation_tensor", "observe_tensor", "tensor_layout",
        ),
        "picture": ("svg",),
    })
