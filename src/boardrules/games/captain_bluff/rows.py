"""Rows of luggage on a conveyor: what a row allows next (B6, B12, B14).

A row is a tuple of card codes in play order, with the values its stars stand for
alongside (`State.star_values`). It starts with a luggage card; luggage and stars
continue it by steps of exactly 1 in the direction the second valued card sets; arrows
reverse the direction and let the next card take any value. Every row holds a single
destination, and every value lies within 1–17.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from boardrules._caches import Memo
from boardrules.games.captain_bluff.cards import ARROWS, LUGGAGE, MAX_VALUE, STAR, card_name

__all__ = ["RowInfo", "analyse_row", "row_info", "star_choices"]


class RowInfo(NamedTuple):
    """What a valid, non-empty row allows next."""

    destination: int
    """The destination of its luggage (0 red, 1 green, 2 blue)."""
    head: int
    """The value of its last valued card (luggage, or the value a star stands for), 1–17."""
    direction: int
    """+1 ascending, -1 descending, 0 not set yet."""
    free: bool
    """Whether arrows came after the last valued card, so the next luggage card or star
    may have any value."""
    pickable: int
    """How many cards may be picked up from its end (B14): luggage after the last
    special, leaving at least one card."""


def star_choices(info: RowInfo) -> range:
    """Return the values a star may stand for on a row (B12), ascending.

    The next value in the row's direction; either neighbour of the head on a row with no
    direction yet (the star then sets it); any value directly after arrows. Always within
    1–17, so possibly none.

    >>> star_choices(RowInfo(0, 5, 0, False, 0)), star_choices(RowInfo(0, 17, 1, False, 0))
    (range(4, 7, 2), range(18, 18))
    """
    if info.free:
        return _ANY_VALUE
    if info.direction:
        nxt = info.head + info.direction
        return range(nxt, nxt + 1) if 1 <= nxt <= MAX_VALUE else _NO_VALUE
    low, high = info.head - 1, info.head + 1
    if low < 1:
        return range(high, high + 1)
    if high > MAX_VALUE:
        return range(low, low + 1)
    return range(low, high + 1, 2)


_ANY_VALUE: Final = range(1, MAX_VALUE + 1)
_NO_VALUE: Final = range(MAX_VALUE + 1, MAX_VALUE + 1)


def analyse_row(row: tuple[int, ...], stars: tuple[int, ...] = ()) -> RowInfo | str:
    """Return the `RowInfo` of a non-empty row, or the reason it is not a valid row.

    `stars` holds the value each star of the row stands for, in row order (B12).

    >>> analyse_row((3, 4, 5))
    RowInfo(destination=0, head=6, direction=1, free=False, pickable=2)
    >>> analyse_row((3, 5))
    'card 1 (r6): expected value 5 or 3 after r4 (steps of exactly 1)'
    >>> analyse_row((3, STAR), (3,))
    RowInfo(destination=0, head=3, direction=-1, free=False, pickable=0)
    """
    if not row:
        return "an empty row"
    first = row[0]
    if not 0 <= first < LUGGAGE:
        return f"card 0 ({card_name(first) if 0 <= first < 55 else first}): a row starts " \
            "with a luggage card"
    if row.count(STAR) != len(stars):
        return f"{row.count(STAR)} star(s) in the row but {len(stars)} star value(s)"
    destination, head = divmod(first, MAX_VALUE)
    head += 1
    direction = 0
    free = False
    star = 0
    for i in range(1, len(row)):
        card = row[i]
        if card == ARROWS:
            direction = -direction
            free = True
        elif card == STAR:
            value = stars[star]
            star += 1
            if type(value) is not int or value not in star_choices(
                    RowInfo(destination, head, direction, free, 0)):
                return f"card {i} (star): it cannot stand for {value!r} there (B12: the next " \
                    "value in the row's direction, either neighbour without a direction, any " \
                    "value after arrows; within 1-17)"
            if free:
                free = False
            elif direction == 0:
                direction = value - head
            head = value
        elif 0 <= card < LUGGAGE:
            d, v = divmod(card, MAX_VALUE)
            v += 1
            if d != destination:
                return f"card {i} ({card_name(card)}): a row holds one destination"
            if free:
                free = False
            elif direction == 0:
                if abs(v - head) != 1:
                    return f"card {i} ({card_name(card)}): expected value {head + 1} or " \
                        f"{head - 1} after {card_name(row[i - 1])} (steps of exactly 1)"
                direction = v - head
            elif v != head + direction:
                return f"card {i} ({card_name(card)}): expected value {head + direction} " \
                    "(steps of exactly 1 in the row's direction)"
            head = v
        else:
            return f"card {i}: {card_name(card) if 0 <= card < 55 else card} cannot lie in a row"
    trailing = 0
    for card in reversed(row):
        if card >= LUGGAGE:
            break
        trailing += 1
    return RowInfo(destination, head, direction, free, min(trailing, len(row) - 1))


_CACHE: Memo[object, RowInfo] = Memo("captain_bluff.row_info", 1 << 17)
"""Memo of `row_info` by row (and star values, if any): rows repeat a lot."""


def row_info(row: tuple[int, ...], stars: tuple[int, ...] = ()) -> RowInfo:
    """Return the `RowInfo` of a valid non-empty row and its star values (memoized; rows
    repeat a lot)."""
    key = (row, stars) if stars else row  # a row of ints never equals a pair of tuples
    info = _CACHE.get(key)
    if info is None:
        found = analyse_row(row, stars)
        if isinstance(found, str):
            raise ValueError(f"invalid row {row} with star values {stars}: {found}")
        info = _CACHE[key] = found
    return info
