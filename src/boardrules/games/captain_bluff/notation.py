"""Captain Bluff action notation. Conveyors are 0–5; cards as in `cards` (``r5``, ``star``).

========================  =========================================================
text                      action
========================  =========================================================
``draw g7``               chance: the card dealt or drawn is g7
``play 2 r5 r6 r7``       play r5, r6, r7 (in that order) onto conveyor 2
``set 4 star``            put a star face down as conveyor 4's destination
``check 1``               look at conveyor 1's destination card
``take 1``                take conveyor 1's destination card into hand (a swap's first
                          step; ``set 1 b3`` then puts b3 there)
``close 3``               discard every card of conveyor 3
``star 2=7``              play a star onto conveyor 2's row, standing for value 7
``arrows 2``              play arrows onto conveyor 2's row
``eye 1 4``               play an eye, look at conveyors 1 and 4 (``eye``, ``eye 1``)
``plus_one``              play a plus-one card
``pickup 2 3``            take the last 3 cards of conveyor 2's row
``challenge``             challenge the luggage just played
``pass``                  let it stand
``end``                   end the turn
========================  =========================================================

`label` gives each action in words ("Play red 5, red 6 on conveyor 2", "Challenge") and
`action_fields` its parts for a picker (``{"kind": "play", "conveyor": 2, "cards": ["r5",
"r6"]}``): conveyors 0–5 as everywhere, cards written as in the notation.
"""

from __future__ import annotations

from typing import Final

from boardrules._convert import JSONValue
from boardrules._owners import wrong_game
from boardrules.errors import InvalidNotationError, quote
from boardrules.games.captain_bluff.actions import (
    ARROWS_ON,
    CHALLENGE,
    CHECK,
    CLOSE,
    DRAW,
    END_TURN,
    EYES,
    MAX_PICK,
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
    CONVEYORS,
    DESTINATION_NAMES,
    LUGGAGE,
    MAX_VALUE,
    card_code,
    card_name,
    destination_of,
    is_luggage,
    value_of,
)
from boardrules.games.captain_bluff.state import State

__all__ = ["action_fields", "card_words", "label", "parse_action"]

_WORDS: Final[dict[str, Action]] = {"challenge": CHALLENGE, "pass": PASS, "end": END_TURN,
                 "plus_one": PLUS_ONE_PLAY}
_BY_CONVEYOR: Final[dict[str, tuple[Action, ...]]] = {
    "check": CHECK, "take": TAKE, "close": CLOSE, "arrows": ARROWS_ON,
}
_HELP: Final = ("expected e.g. 'play 2 r5 r6', 'set 4 star', 'check 1', 'take 1', 'close 3', "
                "'star 2=7', 'arrows 2', 'eye 1 4', 'plus_one', 'pickup 2 3', 'challenge', "
                "'pass', 'end' or 'draw g7'")


_CONVEYOR_WORDS: Final = {str(v): v for v in range(CONVEYORS)}
_VALUE_WORDS: Final = {str(value): value for value in range(1, MAX_VALUE + 1)}
_MAX_COUNT_DIGITS: Final = 4  # a pick-up of more cards than the game has is read, then refused


def _conveyor(text: str, word: str) -> int:
    if word in _CONVEYOR_WORDS:
        return _CONVEYOR_WORDS[word]
    raise InvalidNotationError(text, f"{quote(word, 40)} is not a conveyor 0-{CONVEYORS - 1}")


def _star(text: str, spec: str) -> Action:
    """Read ``conveyor=value`` (spaces around ``=`` already removed)."""
    conveyor, equals, value = spec.partition("=")
    if not equals:
        raise InvalidNotationError(text, "a star names the value it stands for: 'star 2=7'")
    v = _conveyor(text, conveyor)
    if value not in _VALUE_WORDS:
        raise InvalidNotationError(text, f"{quote(value, 40)} is not a value 1-{MAX_VALUE}")
    return STAR_ON[v][_VALUE_WORDS[value]]


def parse_action(state: State, text: str) -> Action:
    """Read an action from its notation (see the module docstring); case and spaces are free.

    The text is read, not judged: an illegal but well-formed action is returned and
    `apply` refuses it with the reason.

    >>> from boardrules.games.captain_bluff import new_game
    >>> parse_action(new_game(2), "Play 2  R5 r6")
    PlayLuggage(conveyor=2, cards=(4, 5))
    >>> parse_action(new_game(2), "eye 1 4")
    PlayEye(conveyors=(1, 4))
    >>> parse_action(new_game(2), "star 2 = 7")
    PlayStar(conveyor=2, value=7)
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.parse_action", "captain_bluff.State", state)
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), "expected a string")
    words = text.lower().split()
    if not words:
        raise InvalidNotationError(text, _HELP)
    head, args = words[0], words[1:]
    if not args and head in _WORDS:
        return _WORDS[head]
    if head == "draw" and len(args) == 1:
        return DRAW[card_code(args[0])]
    if head in _BY_CONVEYOR and len(args) == 1:
        v = _conveyor(text, args[0])
        return _BY_CONVEYOR[head][v]
    if head == "star" and args:
        return _star(text, "".join(args))
    if head == "set" and len(args) == 2:
        v = _conveyor(text, args[0])
        return SET[v][card_code(args[1])]
    if head == "swap":
        raise InvalidNotationError(text, "a swap is two decisions (B9, rules version 3): "
                                   "'take 1' takes the destination card, then 'set 1 b3' "
                                   "puts another card there")
    if head == "eye" and len(args) <= 2:
        combo = tuple(_conveyor(text, w) for w in args)
        if combo not in EYES:
            raise InvalidNotationError(text, "an eye looks at two different conveyors, ascending")
        return EYES[combo]
    if head == "pickup" and len(args) == 2:
        v = _conveyor(text, args[0])
        word = args[1]
        if not (word.isascii() and word.isdigit() and len(word) <= _MAX_COUNT_DIGITS
                and int(word) >= 1):
            raise InvalidNotationError(text, f"{quote(word, 40)} is not a count of cards >= 1")
        k = int(word)
        return PICK_UP[v][k] if k <= MAX_PICK else PickUp(v, k)
    if head == "play" and len(args) >= 2:
        v = _conveyor(text, args[0])
        cards = tuple(card_code(w) for w in args[1:])
        if cards[0] < LUGGAGE and cards[-1] < LUGGAGE:
            prebuilt = PLAYS[v][cards[0]][cards[-1]]
            if prebuilt is not None and prebuilt.cards == cards:
                return prebuilt
        return PlayLuggage(v, cards)
    raise InvalidNotationError(text, _HELP)


def card_words(card: int) -> str:
    """Name a card in words: a luggage card by destination and value, a special by its name.

    >>> card_words(card_code("g5")), card_words(card_code("plus_one"))
    ('green 5', 'plus-one')
    """
    if is_luggage(card):
        return f"{DESTINATION_NAMES[destination_of(card)]} {value_of(card)}"
    return card_name(card).replace("_", "-")


def label(action: Action) -> str:
    """Say an action in words; conveyors 0–5 as in the notation.

    >>> label(PlayLuggage(2, (card_code("r5"), card_code("r6")))), label(PICK_UP[2][3])
    ('Play red 5, red 6 on conveyor 2', 'Pick up 3 cards from conveyor 2')
    """
    match action:
        case Draw(card):
            return f"Draw {card_words(card)}"
        case PlayLuggage(conveyor, cards):
            return f"Play {', '.join(map(card_words, cards))} on conveyor {conveyor}"
        case SetDestination(conveyor, card):
            return f"Set {card_words(card)} as conveyor {conveyor}'s destination"
        case CheckDestination(conveyor):
            return f"Check conveyor {conveyor}'s destination"
        case TakeDestination(conveyor):
            return f"Take conveyor {conveyor}'s destination card"
        case CloseConveyor(conveyor):
            return f"Close conveyor {conveyor}"
        case PlayStar(conveyor, value):
            return f"Star on conveyor {conveyor} as {value}"
        case PlayArrows(conveyor):
            return f"Arrows on conveyor {conveyor}"
        case PlayEye(()):
            return "Eye, looking at nothing"
        case PlayEye((conveyor,)):
            return f"Eye on conveyor {conveyor}"
        case PlayEye(conveyors):
            return f"Eye on conveyors {' and '.join(map(str, conveyors))}"
        case PlayPlusOne():
            return "Plus-one"
        case PickUp(conveyor, 1):
            return f"Pick up 1 card from conveyor {conveyor}"
        case PickUp(conveyor, count):
            return f"Pick up {count} cards from conveyor {conveyor}"
        case Challenge():
            return "Challenge"
        case Pass():
            return "Let it stand"
        case EndTurn():
            return "End the turn"
    raise wrong_game("captain_bluff.label", "captain_bluff action", action)


def action_fields(action: Action) -> dict[str, JSONValue]:
    """The parts of an action a picker groups by: its ``kind``, then conveyor, cards...

    >>> action_fields(PlayLuggage(2, (card_code("r5"), card_code("r6"))))
    {'kind': 'play', 'conveyor': 2, 'cards': ['r5', 'r6']}
    """
    match action:
        case Draw(card):
            return {"kind": "draw", "card": card_name(card)}
        case PlayLuggage(conveyor, cards):
            return {"kind": "play", "conveyor": conveyor, "cards": [card_name(c) for c in cards]}
        case SetDestination(conveyor, card):
            return {"kind": "set_destination", "conveyor": conveyor, "card": card_name(card)}
        case CheckDestination(conveyor):
            return {"kind": "check", "conveyor": conveyor}
        case TakeDestination(conveyor):
            return {"kind": "take", "conveyor": conveyor}
        case CloseConveyor(conveyor):
            return {"kind": "close", "conveyor": conveyor}
        case PlayStar(conveyor, value):
            return {"kind": "star", "conveyor": conveyor, "value": value}
        case PlayArrows(conveyor):
            return {"kind": "arrows", "conveyor": conveyor}
        case PlayEye(conveyors):
            return {"kind": "eye", "conveyors": list(conveyors)}
        case PlayPlusOne():
            return {"kind": "plus_one"}
        case PickUp(conveyor, count):
            return {"kind": "pick_up", "conveyor": conveyor, "count": count}
        case Challenge():
            return {"kind": "challenge"}
        case Pass():
            return {"kind": "pass"}
        case EndTurn():
            return {"kind": "end_turn"}
    raise wrong_game("captain_bluff.action_fields", "captain_bluff action", action)
