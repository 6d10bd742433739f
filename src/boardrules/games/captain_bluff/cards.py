"""Captain Bluff components: conveyors and the 65 cards, as small integers.

Every card is an ``int`` code (the JSON position format uses the codes)::

    code   0–16   red luggage, values 1–17     (code = value - 1)
    code  17–33   green luggage, values 1–17   (code = 17 + value - 1)
    code  34–50   blue luggage, values 1–17    (code = 34 + value - 1)
    code  51      star      (joker)
    code  52      arrows    (change direction)
    code  53      eye       (check destinations)
    code  54      plus_one  (delayed flight)

Luggage cards are unique; special cards of one kind are interchangeable, so a zone
holds a code once per copy. Zones that are multisets (hands, the piles) are kept as
ascending tuples. `card_name` and `card_code` translate to the notation ``r5``,
``g17``, ``b1``, ``star``, ``arrows``, ``eye``, ``plus_one``.
"""

from __future__ import annotations

from typing import Final

from boardrules.errors import InvalidNotationError

__all__ = [
    "ARROWS",
    "CARDS",
    "CONVEYORS",
    "DESTINATIONS",
    "DESTINATION_NAMES",
    "EYE",
    "LUGGAGE",
    "LUGGAGE_DEAL",
    "MAX_VALUE",
    "PLUS_ONE",
    "SPECIAL_DEAL",
    "SPECIAL_KINDS",
    "STAR",
    "card_code",
    "card_name",
    "destination_of",
    "is_luggage",
    "luggage",
    "value_of",
]

CONVEYORS: Final = 6
"""Conveyors, numbered 0–5 (B1)."""
DESTINATIONS: Final = 3
"""Destinations of luggage (B1): 0 red, 1 green, 2 blue."""
DESTINATION_NAMES: Final = ("red", "green", "blue")
"""The engine's names of the three destinations, by index."""
MAX_VALUE: Final = 17
"""Luggage values run 1–17 (B1)."""
LUGGAGE: Final = DESTINATIONS * MAX_VALUE
"""51 luggage cards, codes 0–50."""
STAR: Final = 51
"""Code of the star special (joker)."""
ARROWS: Final = 52
"""Code of the arrows special (change direction)."""
EYE: Final = 53
"""Code of the eye special (check destinations)."""
PLUS_ONE: Final = 54
"""Code of the plus-one special (delayed flight)."""
SPECIAL_KINDS: Final = (STAR, ARROWS, EYE, PLUS_ONE)
"""The four special codes in order."""
CARDS: Final = 55
"""Number of distinct card codes."""

LUGGAGE_DEAL: Final = {2: 12, 3: 10, 4: 9, 5: 8}
"""Luggage cards dealt to each player by player count (B2)."""
SPECIAL_DEAL: Final = {2: 3, 3: 2, 4: 2, 5: 2}
"""Special cards dealt to each player by player count (B2)."""

_LETTERS: Final = "rgb"
_SPECIAL_NAMES: Final = {STAR: "star", ARROWS: "arrows", EYE: "eye", PLUS_ONE: "plus_one"}
NAMES: Final[tuple[str, ...]] = tuple(
    f"{_LETTERS[c // MAX_VALUE]}{c % MAX_VALUE + 1}" for c in range(LUGGAGE)
) + tuple(_SPECIAL_NAMES[c] for c in SPECIAL_KINDS)
"""The notation of every card code."""
_CODES: Final = {name: code for code, name in enumerate(NAMES)}


def luggage(destination: int, value: int) -> int:
    """Return the code of the luggage card of `destination` (0–2) and `value` (1–17).

    >>> luggage(1, 5), card_name(luggage(1, 5))
    (21, 'g5')
    """
    return destination * MAX_VALUE + value - 1


def is_luggage(card: int) -> bool:
    """Return whether `card` is a luggage card (not a special)."""
    return card < LUGGAGE


def destination_of(card: int) -> int:
    """Return the destination (0 red, 1 green, 2 blue) of a luggage card."""
    return card // MAX_VALUE


def value_of(card: int) -> int:
    """Return the value (1–17) of a luggage card."""
    return card % MAX_VALUE + 1


def card_name(card: int) -> str:
    """Return the notation of a card code: ``r5``, ``b17``, ``star``, ``plus_one``...

    >>> card_name(0), card_name(50), card_name(STAR)
    ('r1', 'b17', 'star')

    A code that is no card (an action built by hand) reads ``card?N``, never another card's
    name, so `apply` can name it when refusing it.
    """
    if type(card) is int and 0 <= card < len(NAMES):
        return NAMES[card]
    return f"card?{card!r}"


def card_code(name: str) -> int:
    """Return the code of a card from its notation (case-insensitive).

    >>> card_code("G5"), card_code("eye")
    (21, 53)
    """
    try:
        return _CODES[name.strip().lower()]
    except KeyError:
        raise InvalidNotationError(
            name, "expected a card such as 'r5', 'g17', 'b1', 'star', 'arrows', 'eye', 'plus_one'"
        ) from None
