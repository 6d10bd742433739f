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
"""

from __future__ import annotations

from typing import Final

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
    PickUp,
    PlayLuggage,
)
from boardrules.games.captain_bluff.cards import CONVEYORS, LUGGAGE, MAX_VALUE, card_code
from boardrules.games.captain_bluff.state import State

__all__ = ["parse_action"]

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
