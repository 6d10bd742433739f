"""Ren Dhark Trading Card Game — two factions battle for each other's home planet.

Ren Dhark TCG (Hansjoachim Bernt, Unitall Verlag 2006), Starter I "Road to the
stars": exactly 2 players, hidden hands, every draw and die roll a chance node. The
card data is one JSON file per card set; the bundled Starter I numbers are **house
values** (the printed numbers are not available), see `STARTER_I` and
`load_card_set` for playing with the printed values. See the docs page "Ren Dhark"
for the rules in our words, every ruling, the state format and notation.

>>> import random
>>> from boardrules import resolve_chance
>>> from boardrules.games import ren_dhark
>>> state = resolve_chance(ren_dhark.new_game(2, ren_dhark.Options(blue_player=0)),
...                        random.Random(3))
>>> ren_dhark.to_move(state), ren_dhark.legal_actions(state)[0]
(0, Keep())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from boardrules._lazy import lazy_members
from boardrules.games.ren_dhark.actions import (
    COMBAT_ROLLS,
    KEEP,
    PASS,
    REDRAW,
    ROLLS,
    SIDES,
    Action,
    AssignSides,
    Attack,
    CombatRoll,
    CounterStrike,
    Defend,
    Draw,
    Keep,
    Pass,
    PlayAction,
    Redraw,
    Roll,
)
from boardrules.games.ren_dhark.cards import (
    STARTER_I,
    STARTER_PATH,
    ActionEffect,
    Bonus,
    Card,
    CardFilter,
    CardSet,
    CombatType,
    Effect,
    InvalidCardSetError,
    Kind,
    ShipClass,
    Side,
    card_set_from_data,
    card_set_to_data,
    deck_problems,
    load_card_set,
)
from boardrules.games.ren_dhark.events import events
from boardrules.games.ren_dhark.heuristic import ROLLOUT_LIMIT, heuristic
from boardrules.games.ren_dhark.notation import action_fields, label, parse_action
from boardrules.games.ren_dhark.observe import (
    DuelView,
    Observation,
    announce,
    observe,
    resample,
)
from boardrules.games.ren_dhark.render import describe, render
from boardrules.games.ren_dhark.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    action_bound,
    apply,
    apply_unchecked,
    can_redraw,
    chance_outcomes,
    combat_totals,
    has_landed_ship,
    has_won,
    inventory,
    is_terminal,
    legal_actions,
    new_game,
    result,
    returns,
    sample_chance,
    scores,
    to_move,
    victory_progress,
)
from boardrules.games.ren_dhark.state import (
    ATTACKER,
    DEFENDER,
    HAND_SIZE,
    NO_DUEL,
    Duel,
    Landing,
    Options,
    Phase,
    Played,
    State,
    Status,
)
from boardrules.games.ren_dhark.validation import validate_observation, validate_state

if TYPE_CHECKING:  # loaded on first use, see __getattr__ below
    from boardrules.games.ren_dhark.numeric import (
        HISTORY,
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
    from boardrules.games.ren_dhark.picture import svg

__all__ = [
    "ACTION_TYPES",
    "ATTACKER",
    "COMBAT_ROLLS",
    "DEFENDER",
    "HAND_SIZE",
    "HISTORY",
    "KEEP",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "NO_DUEL",
    "PASS",
    "REDRAW",
    "ROLLOUT_LIMIT",
    "ROLLS",
    "RULES_VERSION",
    "SIDES",
    "STARTER_I",
    "STARTER_PATH",
    "TITLE",
    "Action",
    "ActionEffect",
    "AssignSides",
    "Attack",
    "Bonus",
    "Card",
    "CardFilter",
    "CardSet",
    "CombatRoll",
    "CombatType",
    "CounterStrike",
    "Defend",
    "Draw",
    "Duel",
    "DuelView",
    "Effect",
    "InvalidCardSetError",
    "Keep",
    "Kind",
    "Landing",
    "Observation",
    "Options",
    "Pass",
    "Phase",
    "PlayAction",
    "Played",
    "Redraw",
    "Roll",
    "ShipClass",
    "Side",
    "State",
    "Status",
    "action_bound",
    "action_fields",
    "action_space",
    "announce",
    "apply",
    "apply_unchecked",
    "can_redraw",
    "card_set_from_data",
    "card_set_to_data",
    "chance_outcomes",
    "chance_probabilities",
    "combat_totals",
    "deck_problems",
    "describe",
    "events",
    "has_landed_ship",
    "has_won",
    "heuristic",
    "info_state_layout",
    "info_state_shape",
    "info_state_tensor",
    "inventory",
    "is_terminal",
    "label",
    "legal_actions",
    "load_card_set",
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
    "victory_progress",
]

NAME: Final = "ren_dhark"
"""Registry name."""
TITLE: Final = "Ren Dhark Trading Card Game"
"""Title."""
RULES_VERSION: Final = "2"
"""Version of these rules (and of the bundled house values); records made under another
version are refused."""
ACTION_TYPES: Final[tuple[type[Action], ...]] = (
    AssignSides, Draw, Roll, CombatRoll, Keep, Redraw, Attack, Defend, PlayAction,
    CounterStrike, Pass,
)
"""Every action class, the chance outcomes (`AssignSides`, `Draw`, `Roll`, `CombatRoll`) first."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_members(__name__, globals(), {
        "numeric": (
            "HISTORY", "action_space", "chance_probabilities", "info_state_layout",
            "info_state_shape", "info_state_tensor", "observation_shape",
            "observation_tensor", "observe_tensor", "tensor_layout",
        ),
        "picture": ("svg",),
    })
