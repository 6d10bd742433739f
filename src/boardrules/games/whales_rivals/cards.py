"""Whales Destroying the World: Rivals — the cards and their constants.

Sixty cards (W1): 18 red whales and 3 turtles make player 0's deck, 18 blue whales
and 3 turtles player 1's, and 18 grey whales are the prizes. A card is known by its
value: whales show 1-6 or 10 (W2); a turtle is the value ``0`` (`TURTLE`) wherever a
player's cards are listed (decks, hands, discard piles).

Grey cards carry what each player knows about them (`Grey`), whales at a pack
whether they lie face up (`Whale`). Both are small frozen records; the rules share
them through the tables of each `Options` (`state.Tables`).

The packs (W4), numbered 0-2 in the state and 1-3 in the notation::

    pack 0 (slot 1)   [up]                  1 new card per round
    pack 1 (slot 2)   [down][up]            2 new cards per round
    pack 2 (slot 3)   [down][down][up]      3 new cards per round
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Final

import attrs

__all__ = [
    "COLOURS",
    "DEAL_ORDER",
    "DEFAULT_WHALE_VALUES",
    "HAND_SIZE",
    "MAX_WHALES",
    "PACKS",
    "PLAYERS",
    "ROUNDS",
    "TURTLE",
    "TURTLES",
    "WHALES_PER_COLOUR",
    "Grey",
    "Whale",
    "card_name",
    "grey_key",
]

PLAYERS: Final = 2
"""Rivals is for exactly two players."""
ROUNDS: Final = 3
"""The game has exactly three rounds (W6)."""
PACKS: Final = 3
"""Three packs of grey cards, slot k (1-3) receiving k cards per round (W4)."""
HAND_SIZE: Final = 5
"""A player draws up to five cards at the start of a turn (W7)."""
MAX_WHALES: Final = 3
"""A player may have at most three whales at one pack (W9a)."""
WHALES_PER_COLOUR: Final = 18
"""Whales of each colour (W1)."""
TURTLES: Final = 3
"""Turtles in each player's deck (W1)."""
TURTLE: Final = 0
"""The value standing for a turtle in decks, hands and discard piles."""
COLOURS: Final = ("red", "blue", "grey")
"""The colours: player 0's whales, player 1's whales, the prizes (W1)."""
DEFAULT_WHALE_VALUES: Final[tuple[int, ...]] = (
    1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 10,
)
"""The assumed values of the 18 whales of one colour (W2): 1×4, 2×3, 3×3, 4×3, 5×2, 6×2, 10×1.

The printed counts are not published; only "1-6 and a single 10" is known. The
option `Options.whale_values` replaces this assumption.
"""
DEAL_ORDER: Final[tuple[tuple[int, bool], ...]] = (
    (0, True), (1, False), (1, True), (2, False), (2, False), (2, True),
)
"""The six grey cards dealt each round as (pack, face up), in order (W4, W18)."""


def card_name(card: int) -> str:
    """Return the notation of a player's card: ``T`` for a turtle, else the whale's value.

    >>> card_name(0), card_name(10)
    ('T', '10')
    """
    return "T" if card == TURTLE else str(card)


@attrs.frozen(order=True)
class Grey:
    """A grey card (a prize) in a pack, a captured pile or the unclaimed pile.

    A grey card in the grey deck is known to nobody and is stored as its bare value.
    """

    value: int
    """The card's value."""
    shown: bool
    """Whether the card has lain face up: then both players know it for good (W4, W18)."""
    seen: tuple[bool, bool]
    """Whether each player has looked at it (an Exploration, W10, or a capture, W15)."""

    def known_to(self, player: int) -> bool:
        """Return whether `player` knows this card's value."""
        return self.shown or self.seen[player]

    def __str__(self) -> str:
        return f"{self.value}{'^' if self.shown else ''}"


@attrs.frozen
class Whale:
    """A whale a player has put at a pack."""

    value: int
    """The whale's value."""
    face_up: bool
    """Whether it lies face up (public); face down only its owner knows it (W22)."""

    def __str__(self) -> str:
        return f"{self.value}{'^' if self.face_up else ''}"


grey_key: Final[Callable[[Grey], tuple[int, bool, tuple[bool, bool]]]] = attrgetter(
    "value", "shown", "seen")
"""Return the sort key of a grey card: its fields in order (as `Grey`'s ordering, faster)."""
