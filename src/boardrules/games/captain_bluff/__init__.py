"""Captain Bluff (Kapitán Bluff) — play luggage onto conveyors, bluff, empty your hand.

A card game for 2–5 players by Torsten Landsvogt (Helvetiq, 2020). Hidden destination
cards, challenges and face-down draws; the deal and every draw are chance nodes. See
the docs page "Captain Bluff" for the rules in our words, every ruling, the state
format and the notation.

>>> import random
>>> import boardrules
>>> from boardrules.games import captain_bluff as cb
>>> state = boardrules.resolve_chance(cb.new_game(3), random.Random(4))
>>> cb.to_move(state), state.stage.value, [len(h) for h in state.hands]
(0, 'place', [12, 12, 12])
>>> state = cb.apply(state, cb.parse_action(state, f"set 0 {cb.card_name(state.hands[0][0])}"))
>>> cb.to_move(state), cb.observe(state, 1).destinations[0], cb.observe(state, 0).has_destination[0]
(1, None, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardrules._lazy import lazy_members
from boardrules.games.captain_bluff.actions import (
    ARROWS_ON,
    CHALLENGE,
    CHECK,
    CLOSE,
    DRAW,
    END_TURN,
    EYES,
    PASS,
    PICK_UP,
    PLAYS,
    PLUS_ONE_PLAY,
    SET,
    STAR_ON,
    TAKE,
    Action,
    Challenge,
    CheckDestination,
    CloseConveyor,
    Draw,
    EndTurn,
    Pass,
    PickUp,
    PlayArrows,
    PlayEye,
    PlayLuggage,
    PlayPlusOne,
    PlayStar,
    SetDestination,
    TakeDestination,
)
from boardrules.games.captain_bluff.cards import (
    ARROWS,
    CONVEYORS,
    EYE,
    LUGGAGE,
    PLUS_ONE,
    STAR,
    card_code,
    card_name,
    destination_of,
    is_luggage,
    luggage,
    value_of,
)
from boardrules.games.captain_bluff.events import events
from boardrules.games.captain_bluff.heuristic import ROLLOUT_LIMIT, WIDEN_FROM, believe, heuristic
from boardrules.games.captain_bluff.notation import (
    NOTATION_HELP,
    action_fields,
    label,
    parse_action,
)
from boardrules.games.captain_bluff.observe import (
    BuriedView,
    Observation,
    announce,
    observe,
    resample,
)
from boardrules.games.captain_bluff.render import render
from boardrules.games.captain_bluff.rows import RowInfo, analyse_row, row_info, star_choices
from boardrules.games.captain_bluff.rules import (
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
    to_move,
)
from boardrules.games.captain_bluff.state import (
    FaceDown,
    Options,
    Specials,
    Stage,
    State,
)
from boardrules.games.captain_bluff.validation import validate_observation, validate_state

if TYPE_CHECKING:  # loaded on first use, see __getattr__ below
    from boardrules.games.captain_bluff.numeric import (
        HISTORY,
        MAX_LEGAL,
        MAX_PICK_UP,
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
    from boardrules.games.captain_bluff.picture import svg

__all__ = [
    "ACTION_TYPES",
    "ARROWS",
    "ARROWS_ON",
    "CHALLENGE",
    "CHECK",
    "CLOSE",
    "CONVEYORS",
    "DRAW",
    "END_TURN",
    "EYE",
    "EYES",
    "HISTORY",
    "LUGGAGE",
    "MAX_LEGAL",
    "MAX_PICK_UP",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "NOTATION_HELP",
    "PASS",
    "PICK_UP",
    "PLAYS",
    "PLUS_ONE",
    "PLUS_ONE_PLAY",
    "ROLLOUT_LIMIT",
    "RULES_VERSION",
    "SET",
    "STAR",
    "STAR_ON",
    "TAKE",
    "TITLE",
    "WIDEN_FROM",
    "Action",
    "BuriedView",
    "Challenge",
    "CheckDestination",
    "CloseConveyor",
    "Draw",
    "EndTurn",
    "FaceDown",
    "Observation",
    "Options",
    "Pass",
    "PickUp",
    "PlayArrows",
    "PlayEye",
    "PlayLuggage",
    "PlayPlusOne",
    "PlayStar",
    "RowInfo",
    "SetDestination",
    "Specials",
    "Stage",
    "State",
    "TakeDestination",
    "action_bound",
    "action_fields",
    "action_space",
    "analyse_row",
    "announce",
    "apply",
    "apply_unchecked",
    "believe",
    "card_code",
    "card_name",
    "chance_outcomes",
    "chance_probabilities",
    "destination_of",
    "events",
    "heuristic",
    "info_state_layout",
    "info_state_shape",
    "info_state_tensor",
    "inventory",
    "is_luggage",
    "is_terminal",
    "label",
    "legal_actions",
    "luggage",
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
    "row_info",
    "sample_chance",
    "star_choices",
    "svg",
    "tensor_layout",
    "to_move",
    "validate_observation",
    "validate_state",
    "value_of",
]

NAME: Final = "captain_bluff"
"""Registry name."""
TITLE: Final = "Captain Bluff"
"""Title (Czech: Kapitán Bluff)."""
RULES_VERSION: Final = "3"
"""Version of these rules; records made under another version are refused."""
ACTION_TYPES: Final[tuple[type[Action], ...]] = (
    Draw, PlayLuggage, SetDestination, CheckDestination, TakeDestination, CloseConveyor,
    PlayStar, PlayArrows, PlayEye, PlayPlusOne, PickUp, Challenge, Pass, EndTurn,
)
"""Every action class, the chance outcome `Draw` first."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_members(__name__, globals(), {
        "numeric": (
            "HISTORY", "MAX_LEGAL", "MAX_PICK_UP", "action_space", "chance_probabilities",
            "info_state_layout", "info_state_shape", "info_state_tensor",
            "observation_shape", "observation_tensor", "observe_tensor", "tensor_layout",
        ),
        "picture": ("svg",),
    })
