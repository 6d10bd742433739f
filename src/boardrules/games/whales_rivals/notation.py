"""Whales Rivals action notation (packs and slots counted from 1).

==================  ==================================================================
text                action
==================  ==================================================================
``deal 5``          chance: the next grey card dealt shows 5
``draw 5``          chance: the player to move draws a 5 from their deck
``draw T``          chance: the player to move draws a turtle
``5>2``             play a whale of value 5 face down to pack 2
``5>2 up``          play it face up (it matches the top card of pack 2), then explore
``turtle 2.1``      play a turtle on the opponent's first whale at pack 2 (face down)
``turtle``          play a turtle without a target (the opponent has no face-down whale)
``end``             end the round
``flip 2.1``        exploration: turn the opponent's first whale at pack 2 face up
``peek 3``          exploration: look at the face-down grey cards of pack 3
``skip``            exploration: none
==================  ==================================================================

`label` gives each action in words ("Play whale 5 face up at pack 2") and `action_fields`
its parts for a picker (``{"kind": "play", "card": "5", "pack": 1, "face_up": True}``);
the fields number packs and slots from 0, as the actions do.
"""

from __future__ import annotations

import re
from typing import Final

from boardrules._convert import JSONValue
from boardrules._owners import wrong_game
from boardrules.errors import InvalidNotationError
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
from boardrules.games.whales_rivals.cards import TURTLE, card_name
from boardrules.games.whales_rivals.state import State

__all__ = ["action_fields", "label", "parse_action"]

# After `parse_action` has lowered the text and closed up the spaces around ">" and
# ".", the one space left between a word and its number is optional ("peek3"), and
# values have any number of digits (`Options.whale_values` allows any positive value).
_CHANCE: Final = re.compile(r"(deal|draw) ?(t|\d+)")
_PLAY: Final = re.compile(r"(\d+)>(\d)( ?up)?")
_TARGET: Final = re.compile(r"(turtle|flip) ?(\d)\.(\d)")
_PEEK: Final = re.compile(r"peek ?(\d)")
_WORDS: Final[dict[str, Action]] = {"end": END_ROUND, "skip": SKIP, "turtle": TURTLE_NO_TARGET}


def _value(text: str, digits: str) -> int:
    """Read a card value; a number too long for `int` is refused, not raised as ValueError."""
    try:
        value = int(digits)
    except ValueError:
        raise InvalidNotationError(text, "the value has too many digits") from None
    if value <= 0:
        raise InvalidNotationError(text, "card values are positive")
    return value


def _index(text: str, digit: str, what: str) -> int:
    number = int(digit)
    if not 1 <= number <= 3:
        raise InvalidNotationError(text, f"{what} {number} does not exist: expected 1-3")
    return number - 1


def parse_action(state: State, text: str) -> Action:
    """Read an action from its notation (see the module docstring); case and spaces are free.

    The text is read, not judged: a well-formed but illegal action is returned and
    `apply` refuses it with the reason.

    >>> from boardrules.games.whales_rivals import new_game
    >>> parse_action(new_game(2), "5 > 2 UP")
    PlayWhale(value=5, pack=1, face_up=True)
    >>> parse_action(new_game(2), "turtle 3.2")
    PlayTurtle(pack=2, slot=1)
    >>> parse_action(new_game(2), "peek3")
    Peek(pack=2)
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.parse_action", "whales_rivals.State", state)
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), "expected a string")
    clean = " ".join(text.lower().split())
    clean = re.sub(r"\s*([>.])\s*", r"\1", clean)
    if clean in _WORDS:
        return _WORDS[clean]
    if m := _CHANCE.fullmatch(clean):
        if m.group(2) == "t":
            if m.group(1) == "deal":
                raise InvalidNotationError(text, "the grey deck holds no turtle")
            return Draw(TURTLE)
        value = _value(text, m.group(2))
        return DealGrey(value) if m.group(1) == "deal" else Draw(value)
    if m := _PLAY.fullmatch(clean):
        value = _value(text, m.group(1))
        return PlayWhale(value, _index(text, m.group(2), "pack"), m.group(3) is not None)
    if m := _TARGET.fullmatch(clean):
        pack = _index(text, m.group(2), "pack")
        slot = _index(text, m.group(3), "slot")
        return TURTLE_AT[pack][slot] if m.group(1) == "turtle" else FLIP[pack][slot]
    if m := _PEEK.fullmatch(clean):
        return PEEK[_index(text, m.group(1), "pack")]
    raise InvalidNotationError(
        text, "expected e.g. '5>2', '5>2 up', 'turtle 2.1', 'turtle', 'end', 'flip 2.1', "
        "'peek 3', 'skip', 'deal 5' or 'draw T'"
    )


def label(action: Action) -> str:
    """Say an action in words, packs and slots counted from 1 as in the notation.

    >>> label(PlayWhale(5, 1, face_up=True)), label(TURTLE_AT[2][0]), label(Draw(TURTLE))
    ('Play whale 5 face up at pack 2', 'Turtle on whale 1 at pack 3', 'Draw a turtle')
    """
    match action:
        case DealGrey(value):
            return f"Deal grey card {value}"
        case Draw(card):
            return "Draw a turtle" if card == TURTLE else f"Draw whale {card}"
        case PlayWhale(value, pack, face_up):
            return f"Play whale {value} face {'up' if face_up else 'down'} at pack {pack + 1}"
        case PlayTurtle(int() as pack, int() as slot):
            return f"Turtle on whale {slot + 1} at pack {pack + 1}"
        case PlayTurtle():
            return "Turtle without a target"
        case EndRound():
            return "End the round"
        case Flip(pack, slot):
            return f"Flip whale {slot + 1} at pack {pack + 1}"
        case Peek(pack):
            return f"Peek at pack {pack + 1}"
        case Skip():
            return "Skip exploring"
    raise wrong_game("whales_rivals.label", "whales_rivals action", action)


def action_fields(action: Action) -> dict[str, JSONValue]:
    """The parts of an action a picker groups by: its ``kind``, then card, pack, slot...

    Packs and slots count from 0, as in the actions; a card is named as in the notation.

    >>> action_fields(PlayWhale(5, 1, face_up=True))
    {'kind': 'play', 'card': '5', 'pack': 1, 'face_up': True}
    >>> action_fields(FLIP[0][2])
    {'kind': 'flip', 'pack': 0, 'slot': 2}
    """
    match action:
        case DealGrey(value):
            return {"kind": "deal", "value": value}
        case Draw(card):
            return {"kind": "draw", "card": card_name(card)}
        case PlayWhale(value, pack, face_up):
            return {"kind": "play", "card": card_name(value), "pack": pack, "face_up": face_up}
        case PlayTurtle(int() as pack, int() as slot):
            return {"kind": "turtle", "pack": pack, "slot": slot}
        case PlayTurtle():
            return {"kind": "turtle"}
        case EndRound():
            return {"kind": "end_round"}
        case Flip(pack, slot):
            return {"kind": "flip", "pack": pack, "slot": slot}
        case Peek(pack):
            return {"kind": "peek", "pack": pack}
        case Skip():
            return {"kind": "skip"}
    raise wrong_game("whales_rivals.action_fields", "whales_rivals action", action)
