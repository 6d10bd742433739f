"""KIVI action notation.

========================  =========================================================
text                      action
========================  =========================================================
``roll 113456``           chance: the rolled dice show 1, 1, 3, 4, 5, 6 (any order)
``reroll 56``             roll again the dice showing 5 and 6
``c4``                    place a stone on square c4 (column c, row 4 from the top)
``c4>a1``                 six of a kind: take c4, move the opponent's stone to a1
``forfeit``               after the third roll with no legal square, lose a stone
========================  =========================================================

`label` gives each action in words ("Roll 1 1 3 4 5 6", "Place a stone on c4") and
`action_fields` its parts for a picker (``{"kind": "place", "square": 23}``); the fields
number squares from 0, as the actions do.
"""

from __future__ import annotations

import re
from typing import Final

from boardrules._convert import JSONValue
from boardrules._owners import wrong_game
from boardrules.errors import InvalidNotationError
from boardrules.games.kivi.actions import (
    FORFEIT,
    PLACE,
    ROLL_OF,
    Action,
    Displace,
    Forfeit,
    Place,
    Reroll,
    Roll,
)
from boardrules.games.kivi.board import DICE, square_index, square_name
from boardrules.games.kivi.state import State

__all__ = ["action_fields", "label", "parse_action"]

_DICE: Final = re.compile(r"(roll|reroll)\s+([1-6]{1,6})")
_SQUARE: Final = re.compile(r"([a-g][1-7])(?:\s*>\s*([a-g][1-7]))?")


def parse_action(state: State, text: str) -> Action:
    """Read an action from its notation (see the module docstring); case and spaces are free.

    The text is read, not judged: an illegal but well-formed action is returned and
    `apply` refuses it with the reason.

    >>> from boardrules.games.kivi import new_game
    >>> parse_action(new_game(2), "Reroll 65")
    Reroll(dice=(5, 6))
    >>> parse_action(new_game(2), "c4>a1")
    Displace(square=23, to=0)
    """
    if type(state) is not State:
        raise wrong_game("kivi.parse_action", "kivi.State", state)
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), "expected a string")
    clean = " ".join(text.lower().split())
    if clean == "forfeit":
        return FORFEIT
    if m := _DICE.fullmatch(clean):
        values = tuple(sorted(int(c) for c in m.group(2)))
        if m.group(1) == "roll":
            return ROLL_OF[values]
        if len(values) > DICE:
            raise InvalidNotationError(text, "there are only six dice")
        return Reroll(values)
    if m := _SQUARE.fullmatch(clean):
        square = square_index(m.group(1))
        if m.group(2) is None:
            return PLACE[square]
        return Displace(square, square_index(m.group(2)))
    raise InvalidNotationError(
        text, "expected a square such as 'c4', 'c4>a1', 'reroll 56', 'roll 113456' or 'forfeit'"
    )


def label(action: Action) -> str:
    """Say an action in words, squares named as in the notation.

    >>> label(ROLL_OF[1, 1, 3, 4, 5, 6]), label(Reroll((5, 6))), label(Displace(23, 0))
    ('Roll 1 1 3 4 5 6', 'Reroll 5 6', "Take c4, move the opponent's stone to a1")
    """
    match action:
        case Roll(dice):
            return "Roll " + " ".join(map(str, dice))
        case Reroll(dice):
            return "Reroll " + " ".join(map(str, dice))
        case Place(square):
            return f"Place a stone on {square_name(square)}"
        case Displace(square, to):
            return f"Take {square_name(square)}, move the opponent's stone to {square_name(to)}"
        case Forfeit():
            return "Forfeit a stone"
    raise wrong_game("kivi.label", "kivi action", action)


def action_fields(action: Action) -> dict[str, JSONValue]:
    """The parts of an action a picker groups by: its ``kind``, then dice or squares.

    Squares count from 0, as in the actions (``square_index``).

    >>> action_fields(PLACE[23]), action_fields(Displace(23, 0))
    ({'kind': 'place', 'square': 23}, {'kind': 'displace', 'square': 23, 'to': 0})
    """
    match action:
        case Roll(dice):
            return {"kind": "roll", "dice": list(dice)}
        case Reroll(dice):
            return {"kind": "reroll", "dice": list(dice)}
        case Place(square):
            return {"kind": "place", "square": square}
        case Displace(square, to):
            return {"kind": "displace", "square": square, "to": to}
        case Forfeit():
            return {"kind": "forfeit"}
    raise wrong_game("kivi.action_fields", "kivi action", action)
