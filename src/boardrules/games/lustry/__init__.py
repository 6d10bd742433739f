"""Lustry — build sequences of colours, block, unblock and steal (Jaroslav Hrdlička).

Two players, hidden hands, blind draws; draws from the draw piles are chance nodes. See the
docs page "Lustry" for the rules in our words, every ruling, the state format and notation.

>>> from boardrules.games import lustry
>>> state = lustry.new_game(2)
>>> state = lustry.apply(state, lustry.parse_action(state, "draw r"))
>>> lustry.to_move(state), str(lustry.legal_actions(state)[0])
(CHANCE, 'drawn r1c')
>>> state = lustry.apply(state, lustry.Drawn("r3cf"))
>>> lustry.observe(state, 0).pending
('r?',)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardrules._lazy import lazy_members
from boardrules.games.lustry.actions import (
    ALLOW,
    END_TURN,
    Action,
    Allow,
    Block,
    Defend,
    Discard,
    Draw,
    Drawn,
    EndTurn,
    Exchange,
    Extend,
    Lay,
    PutUnder,
    Steal,
    Unblock,
)
from boardrules.games.lustry.cards import (
    COLOURS,
    DECK,
    HAND_SIZE,
    KINDS,
    card_colour,
    card_value,
    is_card,
)
from boardrules.games.lustry.events import events
from boardrules.games.lustry.heuristic import ROLLOUT_LIMIT, heuristic
from boardrules.games.lustry.notation import action_fields, label, parse_action
from boardrules.games.lustry.observe import Observation, announce, observe, resample
from boardrules.games.lustry.render import render
from boardrules.games.lustry.rules import (
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
from boardrules.games.lustry.state import (
    NO_SEQUENCE,
    Options,
    Phase,
    Protection,
    Sequence,
    State,
)
from boardrules.games.lustry.validation import validate_observation, validate_state

if TYPE_CHECKING:  # loaded on first use, see __getattr__ below
    from boardrules.games.lustry.numeric import (
        HISTORY,
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
    from boardrules.games.lustry.picture import svg

__all__ = [
    "ACTION_TYPES",
    "ALLOW",
    "COLOURS",
    "DECK",
    "END_TURN",
    "HAND_SIZE",
    "HISTORY",
    "KINDS",
    "MAX_LEGAL",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "NO_SEQUENCE",
    "ROLLOUT_LIMIT",
    "RULES_VERSION",
    "TITLE",
    "Action",
    "Allow",
    "Block",
    "Defend",
    "Discard",
    "Draw",
    "Drawn",
    "EndTurn",
    "Exchange",
    "Extend",
    "Lay",
    "Observation",
    "Options",
    "Phase",
    "Protection",
    "PutUnder",
    "Sequence",
    "State",
    "Steal",
    "Unblock",
    "action_bound",
    "action_fields",
    "action_space",
    "announce",
    "apply",
    "apply_unchecked",
    "card_colour",
    "card_value",
    "chance_outcomes",
    "chance_probabilities",
    "events",
    "heuristic",
    "info_state_layout",
    "info_state_shape",
    "info_state_tensor",
    "inventory",
    "is_card",
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
    "svg",
    "tensor_layout",
    "to_move",
    "validate_observation",
    "validate_state",
]

NAME: Final = "lustry"
"""Registry name."""
TITLE: Final = "Lustry"
"""Title."""
RULES_VERSION: Final = "2"
"""Version of these rules; records and documents made under another version are refused
(version 2: the exchanged cards go under the piles in the player's order, L14; an unblocking
card protects its whole sequence, L13)."""
ACTION_TYPES: Final[tuple[type[Action], ...]] = (
    Drawn, Draw, Lay, Exchange, PutUnder, Extend, Block, Unblock, Steal, Discard, Defend, Allow,
    EndTurn)
"""Every action class, the chance outcome `Drawn` first."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_members(__name__, globals(), {
        "numeric": (
            "HISTORY", "MAX_LEGAL", "action_space", "chance_probabilities",
            "info_state_layout", "info_state_shape", "info_state_tensor",
            "observation_shape", "observation_tensor", "observe_tensor", "tensor_layout",
        ),
        "picture": ("svg",),
    })
