"""Captain Bluff actions: one frozen class per kind, joined in the `Action` union.

`str(action)` is the notation (see `notation`); `repr` is valid Python. Actions are
prebuilt and shared: `legal_actions` returns the same objects every time.
"""

from __future__ import annotations

import itertools
from typing import Final, TypeAlias

import attrs

from boardrules._fields import exact_fields
from boardrules.games.captain_bluff.cards import (
    CARDS,
    CONVEYORS,
    DESTINATIONS,
    MAX_VALUE,
    card_name,
    luggage,
)

__all__ = [
    "ARROWS_ON",
    "CHALLENGE",
    "CHECK",
    "CLOSE",
    "DRAW",
    "END_TURN",
    "EYES",
    "PASS",
    "PICK_UP",
    "PLAYS",
    "PLUS_ONE_PLAY",
    "SET",
    "STAR_ON",
    "TAKE",
    "Action",
    "Challenge",
    "CheckDestination",
    "CloseConveyor",
    "Draw",
    "EndTurn",
    "Pass",
    "PickUp",
    "PlayArrows",
    "PlayEye",
    "PlayLuggage",
    "PlayPlusOne",
    "PlayStar",
    "SetDestination",
    "TakeDestination",
]


@attrs.frozen(cache_hash=True)
@exact_fields
class Draw:
    """Chance outcome: the card dealt or drawn from the face-down draw pile (B2, B15)."""

    card: int
    """The card's code (see `cards`)."""

    def __str__(self) -> str:
        return f"draw {card_name(self.card)}"


@attrs.frozen(cache_hash=True)
@exact_fields
class PlayLuggage:
    """Main action: play luggage cards face up onto one conveyor's row (B6)."""

    conveyor: int
    """The conveyor, 0–5."""
    cards: tuple[int, ...]
    """The luggage cards in the order they continue the row (one destination, steps of 1)."""

    def __str__(self) -> str:
        return f"play {self.conveyor} " + " ".join(map(card_name, self.cards))


@attrs.frozen(cache_hash=True)
@exact_fields
class SetDestination:
    """Put a card face down as a conveyor's destination: at setup (B4), as the main action
    (B7, then a draw), or as the second step of a swap (B9, on the conveyor whose card
    was just taken, no draw)."""

    conveyor: int
    """The conveyor, 0–5: it has no destination card (and, as main action, no cards)."""
    card: int
    """The card from hand (luggage or special); in a swap not the card just taken."""

    def __str__(self) -> str:
        return f"set {self.conveyor} {card_name(self.card)}"


@attrs.frozen(cache_hash=True)
@exact_fields
class CheckDestination:
    """Main action: secretly look at one conveyor's destination card (B8)."""

    conveyor: int
    """The conveyor, 0–5, holding a destination card."""

    def __str__(self) -> str:
        return f"check {self.conveyor}"


@attrs.frozen(cache_hash=True)
@exact_fields
class TakeDestination:
    """Main action, first step of a swap: take a destination card, unseen, into hand (B9).

    The next decision, the same player's, puts another card of the hand face down in its
    place: a `SetDestination` on the same conveyor.
    """

    conveyor: int
    """The conveyor, 0–5, holding a destination card."""

    def __str__(self) -> str:
        return f"take {self.conveyor}"


@attrs.frozen(cache_hash=True)
@exact_fields
class CloseConveyor:
    """Main action: discard every card of a conveyor with luggage on it (B10)."""

    conveyor: int
    """The conveyor, 0–5, holding at least one luggage card."""

    def __str__(self) -> str:
        return f"close {self.conveyor}"


@attrs.frozen(cache_hash=True)
@exact_fields
class PlayStar:
    """Special: a star joins a row, standing for the value the player names (B12)."""

    conveyor: int
    """The conveyor whose row it extends (a row with at least one luggage card)."""
    value: int
    """The value it stands for, 1–17: the row's next value in its direction; either
    neighbour of the last value on a row with no direction yet (setting the direction);
    any value directly after arrows."""

    def __str__(self) -> str:
        return f"star {self.conveyor}={self.value}"


@attrs.frozen(cache_hash=True)
@exact_fields
class PlayArrows:
    """Special: arrows reverse a row's direction; the next card may have any value (B12)."""

    conveyor: int
    """The conveyor whose row it turns."""

    def __str__(self) -> str:
        return f"arrows {self.conveyor}"


@attrs.frozen(cache_hash=True)
@exact_fields
class PlayEye:
    """Special: secretly look at up to two destination cards, then discard the eye (B12)."""

    conveyors: tuple[int, ...]
    """The conveyors looked at: none, one, or two different ones, ascending."""

    def __str__(self) -> str:
        return " ".join(["eye", *map(str, self.conveyors)])


@attrs.frozen(cache_hash=True)
@exact_fields
class PlayPlusOne:
    """Special: every other player with fewer than 5 cards draws one; the card leaves (B12)."""

    def __str__(self) -> str:
        return "plus_one"


@attrs.frozen(cache_hash=True)
@exact_fields
class PickUp:
    """Take luggage cards from the end of a row into hand (B14)."""

    conveyor: int
    """The conveyor."""
    count: int
    """How many cards to take from the end of its row (at least 1)."""

    def __str__(self) -> str:
        return f"pickup {self.conveyor} {self.count}"


@attrs.frozen(cache_hash=True)
@exact_fields
class Challenge:
    """Reaction: call the luggage just played a bluff (B13)."""

    def __str__(self) -> str:
        return "challenge"


@attrs.frozen(cache_hash=True)
@exact_fields
class Pass:
    """Reaction: let the luggage just played stand (B13)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(cache_hash=True)
@exact_fields
class EndTurn:
    """End the turn after the main action (B5), or when no main action is possible (B11)."""

    def __str__(self) -> str:
        return "end"


Action: TypeAlias = (
    Draw | PlayLuggage | SetDestination | CheckDestination | TakeDestination | CloseConveyor
    | PlayStar | PlayArrows | PlayEye | PlayPlusOne | PickUp | Challenge | Pass | EndTurn
)
"""Every Captain Bluff action, the chance outcome `Draw` included."""

DRAW: Final = tuple(Draw(c) for c in range(CARDS))
"""The prebuilt `Draw` of every card code."""
SET: Final = tuple(tuple(SetDestination(v, c) for c in range(CARDS)) for v in range(CONVEYORS))
"""``SET[conveyor][card]``: the prebuilt `SetDestination` actions."""
TAKE: Final = tuple(TakeDestination(v) for v in range(CONVEYORS))
"""``TAKE[conveyor]``: the prebuilt `TakeDestination` actions."""
CHECK: Final = tuple(CheckDestination(v) for v in range(CONVEYORS))
"""``CHECK[conveyor]``."""
CLOSE: Final = tuple(CloseConveyor(v) for v in range(CONVEYORS))
"""``CLOSE[conveyor]``."""
STAR_ON: Final = tuple(
    tuple(PlayStar(v, value) for value in range(MAX_VALUE + 1)) for v in range(CONVEYORS)
)
"""``STAR_ON[conveyor][value]`` (index 0 unused but present, for direct indexing)."""
ARROWS_ON: Final = tuple(PlayArrows(v) for v in range(CONVEYORS))
"""``ARROWS_ON[conveyor]``."""
MAX_PICK: Final = 64
"""More cards than a row can ever hold (the deck has 65 cards, one stays)."""
PICK_UP: Final = tuple(
    tuple(PickUp(v, k) for k in range(MAX_PICK + 1)) for v in range(CONVEYORS)
)
"""``PICK_UP[conveyor][count]`` (index 0 unused but present, for direct indexing)."""
EYES: Final = {
    combo: PlayEye(combo)
    for size in range(3)
    for combo in itertools.combinations(range(CONVEYORS), size)
}
"""The prebuilt `PlayEye` of every ascending tuple of at most two conveyors."""
PLUS_ONE_PLAY: Final = PlayPlusOne()
"""The one `PlayPlusOne` action."""
CHALLENGE: Final = Challenge()
"""The one `Challenge` action."""
PASS: Final = Pass()
"""The one `Pass` action."""
END_TURN: Final = EndTurn()
"""The one `EndTurn` action."""


def _plays() -> tuple[tuple[tuple[PlayLuggage | None, ...], ...], ...]:
    table = []
    for v in range(CONVEYORS):
        by_first: list[tuple[PlayLuggage | None, ...]] = []
        for first in range(CARDS):
            row: list[PlayLuggage | None] = [None] * CARDS
            if first < DESTINATIONS * MAX_VALUE:
                d, a = divmod(first, MAX_VALUE)
                for b in range(MAX_VALUE):
                    step = 1 if b >= a else -1
                    row[luggage(d, b + 1)] = PlayLuggage(
                        v, tuple(luggage(d, x + 1) for x in range(a, b + step, step))
                    )
            by_first.append(tuple(row))
        table.append(tuple(by_first))
    return tuple(table)


PLAYS: Final = _plays()
"""``PLAYS[conveyor][first][last]``: the play of the run of luggage from card `first` to
card `last` (same destination, steps of 1), or ``None`` across destinations."""
