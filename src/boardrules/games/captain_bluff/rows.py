"""Rows of luggage on a conveyor: what a row allows next (B6, B12, B14).

A row is a tuple of card codes in play order. It starts with a luggage card; luggage
continues it by steps of exactly 1 in the direction the second luggage value sets;
a star counts as the next value; arrows reverse the direction and let the next
luggage card take any value. Every row holds a single destination.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from boardrules.games.captain_bluff.cards import ARROWS, LUGGAGE, MAX_VALUE, STAR

__all__ = ["RowInfo", "analyse_row", "row_info"]


class RowInfo(NamedTuple):
    """What a valid, non-empty row allows next."""

    destination: int
    """The destination of its luggage (0 red, 1 green, 2 blue)."""
    head: int
    """The value of its last valued card (luggage or star), 1–17."""
    direction: int
    """+1 ascending, -1 descending, 0 not set yet."""
    free: bool
    """Whether the last card is arrows, so the next luggage card may have any value."""
    pickable: int
    """How many cards may be picked up from its end (B14): luggage after the last
    special, leaving at least one card."""


def analyse_row(row: tuple[int, ...]) -> RowInfo | str:
    """Return the `RowInfo` of a non-empty row, or the reason it is not a valid row.

    >>> analyse_row((3, 4, 5))
    RowInfo(destination=0, head=6, direction=1, free=False, pickable=2)
    >>> analyse_row((3, 5))
    'card 1 (r6): expected value 5 or 3 after r4 (steps of exactly 1)'
    """
    from boardrules.games.captain_bluff.cards import card_name

    if not row:
        return "an empty row"
    first = row[0]
    if not 0 <= first < LUGGAGE:
        return f"card 0 ({card_name(first) if 0 <= first < 55 else first}): a row starts " \
            "with a luggage card"
    destination, head = divmod(first, MAX_VALUE)
    head += 1
    direction = 0
    free = False
    for i in range(1, len(row)):
        card = row[i]
        if card == ARROWS:
            direction = -direction
            free = True
        elif card == STAR:
            if free or direction == 0:
                return f"card {i} (star): a star needs a set direction and cannot follow arrows"
            head += direction
            if not 1 <= head <= MAX_VALUE:
                return f"card {i} (star): its value {head} is outside 1-17"
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


_CACHE: dict[tuple[int, ...], RowInfo] = {}
_CACHE_LIMIT: Final = 1 << 17


def row_info(row: tuple[int, ...]) -> RowInfo:
    """Return the `RowInfo` of a valid non-empty row (memoized; rows repeat a lot)."""
    info = _CACHE.get(row)
    if info is None:
        found = analyse_row(row)
        if isinstance(found, str):
            raise ValueError(f"invalid row {row}: {found}")
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        info = _CACHE[row] = found
    return info
