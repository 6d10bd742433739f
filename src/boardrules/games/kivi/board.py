"""KIVI components: the 13 dice combinations, the board and what a roll satisfies.

Squares are numbered 0–48, row by row from the top left; in notation a square is
its column letter and row number, rows counted from the top::

        a   b   c   d   e   f   g
      +---+---+---+---+---+---+---+
    1 | 0 | 1 | 2 | 3 | 4 | 5 | 6 |
      +---+---+---+---+---+---+---+
    2 | 7 | 8 | 9 |10 |11 |12 |13 |
      +---+---+---+---+---+---+---+
      ...
      +---+---+---+---+---+---+---+
    7 |42 |43 |44 |45 |46 |47 |48 |
      +---+---+---+---+---+---+---+
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

__all__ = [
    "DEFAULT_BOARD",
    "DOMINATES",
    "SIZE",
    "SQUARES",
    "Combination",
    "Layout",
    "RollInfo",
    "analyse",
    "layout",
    "square_index",
    "square_name",
]

SIZE: Final = 7
"""The board is SIZE × SIZE squares (K1)."""
SQUARES: Final = SIZE * SIZE
"""Number of squares."""
DICE: Final = 6
"""Number of dice (K1)."""
FACES: Final = 6
"""Faces of a die."""


class Combination(enum.Enum):
    """The 13 dice combinations printed on the squares (K2)."""

    TWO_PAIRS = "TWO_PAIRS"
    """AA BB: two different values, each on at least two dice. 1 point."""
    THREE_KIND = "THREE_KIND"
    """AAA: a value on at least three dice. 1 point."""
    SMALL_STRAIGHT = "SMALL_STRAIGHT"
    """ABCD: four consecutive values present. 1 point."""
    FULL_HOUSE = "FULL_HOUSE"
    """AAA BB: a value on at least three dice and another on at least two. 1 point."""
    FOUR_KIND = "FOUR_KIND"
    """AAAA: a value on at least four dice. 2 points."""
    LARGE_STRAIGHT = "LARGE_STRAIGHT"
    """ABCDE: five consecutive values present. 2 points."""
    ALL_EVEN = "ALL_EVEN"
    """All six dice even. 2 points."""
    ALL_ODD = "ALL_ODD"
    """All six dice odd. 2 points."""
    SUM_LE_12 = "SUM_LE_12"
    """The six dice sum to at most 12. 2 points."""
    SUM_GE_30 = "SUM_GE_30"
    """The six dice sum to at least 30. 2 points."""
    THREE_PAIRS = "THREE_PAIRS"
    """AA BB CC: three different values, each on two dice. 3 points."""
    TWO_TRIPLES = "TWO_TRIPLES"
    """AAA BBB: two different values, each on three dice. 3 points."""
    FOUR_AND_PAIR = "FOUR_AND_PAIR"
    """AAAA BB: a value on four dice and another on two. 3 points."""

    @property
    def points(self) -> int:
        """The points of a square showing this combination (K2)."""
        return POINTS[self]


C = Combination
POINTS: Final[Mapping[Combination, int]] = MappingProxyType({
    C.TWO_PAIRS: 1, C.THREE_KIND: 1, C.SMALL_STRAIGHT: 1, C.FULL_HOUSE: 1,
    C.FOUR_KIND: 2, C.LARGE_STRAIGHT: 2, C.ALL_EVEN: 2, C.ALL_ODD: 2, C.SUM_LE_12: 2,
    C.SUM_GE_30: 2, C.THREE_PAIRS: 3, C.TWO_TRIPLES: 3, C.FOUR_AND_PAIR: 3,
})

DOMINATES: Final[Mapping[Combination, frozenset[Combination]]] = MappingProxyType({
    C.FOUR_AND_PAIR: frozenset({C.FOUR_KIND, C.FULL_HOUSE, C.THREE_KIND, C.TWO_PAIRS}),
    C.TWO_TRIPLES: frozenset({C.FULL_HOUSE, C.THREE_KIND, C.TWO_PAIRS}),
    C.THREE_PAIRS: frozenset({C.TWO_PAIRS}),
    C.FOUR_KIND: frozenset({C.THREE_KIND, C.TWO_PAIRS}),
    C.FULL_HOUSE: frozenset({C.THREE_KIND, C.TWO_PAIRS}),
    C.LARGE_STRAIGHT: frozenset({C.SMALL_STRAIGHT}),
})
"""K8: ``DOMINATES[D]`` is the set of combinations D is higher than.

Within the "same values" family and the straights; even, odd and the sums stand alone.
The relation is transitive as listed (every D above C also beats what C beats).
Rules version 2 added `FOUR_KIND` ≻ `TWO_PAIRS` ("nejvyšší možná kombinace")."""

DOMINATORS: Final[Mapping[Combination, frozenset[Combination]]] = MappingProxyType({
    c: frozenset(d for d, lower in DOMINATES.items() if c in lower) for c in Combination
})
"""K8: ``DOMINATORS[C]`` is the set of combinations higher than C."""

_ROW_TEXT = """
TWO_PAIRS      LARGE_STRAIGHT SUM_LE_12      THREE_KIND     ALL_ODD        ALL_EVEN       THREE_KIND
ALL_EVEN       FOUR_AND_PAIR  THREE_KIND     THREE_PAIRS    SMALL_STRAIGHT TWO_TRIPLES    SUM_GE_30
SMALL_STRAIGHT FOUR_KIND      SUM_GE_30      LARGE_STRAIGHT FOUR_AND_PAIR  ALL_ODD        FULL_HOUSE
SUM_LE_12      FULL_HOUSE     ALL_EVEN       TWO_TRIPLES    SUM_LE_12      TWO_PAIRS      LARGE_STRAIGHT
THREE_KIND     LARGE_STRAIGHT THREE_PAIRS    ALL_ODD        FOUR_KIND      SUM_GE_30      TWO_PAIRS
ALL_ODD        TWO_TRIPLES    SMALL_STRAIGHT FOUR_AND_PAIR  FULL_HOUSE     THREE_PAIRS    SUM_LE_12
SMALL_STRAIGHT SUM_GE_30      FOUR_KIND      TWO_PAIRS      ALL_ODD        FOUR_KIND      FULL_HOUSE
"""

DEFAULT_BOARD: Final[tuple[tuple[Combination, ...], ...]] = tuple(
    tuple(Combination[code] for code in line.split()) for line in _ROW_TEXT.strip().splitlines()
)
"""The default board (K3), rows top to bottom. Not from the publisher: see the docs."""


def square_name(square: int) -> str:
    """Return the notation of a square.

    >>> square_name(0), square_name(10), square_name(48)
    ('a1', 'd2', 'g7')
    """
    row, col = divmod(square, SIZE)
    return f"{'abcdefg'[col]}{row + 1}"


def square_index(name: str) -> int:
    """Return the index of a square from its notation; raise `ValueError` if it is none.

    >>> square_index("d2")
    10
    """
    if len(name) != 2 or name[0] not in "abcdefg" or name[1] not in "1234567":
        raise ValueError(f"{name!r} is not a square (a1 to g7)")
    return (int(name[1]) - 1) * SIZE + "abcdefg".index(name[0])


@attrs.frozen
class Layout:
    """Lookup tables of one board, built with each `Options` (its derived field ``layout``)."""

    combination: tuple[Combination, ...]
    """The combination of each square."""
    points: tuple[int, ...]
    """The points of each square."""
    squares: Mapping[Combination, tuple[int, ...]]
    """The squares of each combination, ascending."""


def layout(board: tuple[tuple[Combination, ...], ...]) -> Layout:
    """Return the lookup tables of `board`."""
    flat = tuple(itertools.chain.from_iterable(board))
    return Layout(
        flat,
        tuple(c.points for c in flat),
        MappingProxyType({c: tuple(i for i, x in enumerate(flat) if x is c) for c in Combination}),
    )


def _satisfies(dice: tuple[int, ...]) -> frozenset[Combination]:
    counts = sorted(Counter(dice).values(), reverse=True)
    values = set(dice)
    total = sum(dice)

    def run(length: int) -> bool:
        return any(all(v in values for v in range(s, s + length)) for s in range(1, 8 - length))

    found = {
        C.TWO_PAIRS: len(counts) >= 2 and counts[1] >= 2,
        C.THREE_KIND: counts[0] >= 3,
        C.SMALL_STRAIGHT: run(4),
        C.FULL_HOUSE: counts[0] >= 3 and len(counts) >= 2 and counts[1] >= 2,
        C.FOUR_KIND: counts[0] >= 4,
        C.LARGE_STRAIGHT: run(5),
        C.ALL_EVEN: all(d % 2 == 0 for d in dice),
        C.ALL_ODD: all(d % 2 == 1 for d in dice),
        C.SUM_LE_12: total <= 12,
        C.SUM_GE_30: total >= 30,
        C.THREE_PAIRS: counts[:3] == [2, 2, 2],
        C.TWO_TRIPLES: counts[:2] == [3, 3],
        C.FOUR_AND_PAIR: counts[:2] == [4, 2],
    }
    return frozenset(c for c, ok in found.items() if ok)


@attrs.frozen
class RollInfo:
    """What one roll of six dice allows (K7, K8), computed once per roll."""

    satisfied: frozenset[Combination]
    """Every combination the dice satisfy."""
    unrivalled: tuple[Combination, ...]
    """Satisfied combinations with no satisfied higher one (usable under every rule)."""
    rivalled: tuple[tuple[Combination, tuple[Combination, ...]], ...]
    """Satisfied combinations with satisfied higher ones, each with those higher ones."""
    wild: bool
    """A straight 1–6 or five or six of a kind: any free square (K7)."""
    six_of_a_kind: bool
    """Six of a kind: an opponent's square may be taken too (K7)."""


def analyse(dice: tuple[int, ...]) -> RollInfo:
    """Return what a roll of six dice allows; `dice` may be in any order.

    >>> sorted(c.name for c in analyse((5, 5, 5, 3, 3, 2)).satisfied)
    ['FULL_HOUSE', 'THREE_KIND', 'TWO_PAIRS']
    >>> analyse((5, 5, 5, 3, 3, 2)).unrivalled
    (<Combination.FULL_HOUSE: 'FULL_HOUSE'>,)
    """
    return _ROLLS[tuple(sorted(dice))]


def _analyse(dice: tuple[int, ...]) -> RollInfo:
    satisfied = _satisfies(dice)
    order = list(Combination)
    ordered = [c for c in order if c in satisfied]
    rivals = {c: tuple(d for d in order if d in satisfied and d in DOMINATORS[c]) for c in ordered}
    most = max(Counter(dice).values())
    return RollInfo(
        satisfied,
        tuple(c for c in ordered if not rivals[c]),
        tuple((c, rivals[c]) for c in ordered if rivals[c]),
        wild=most >= 5 or len(set(dice)) == FACES,
        six_of_a_kind=most == DICE,
    )


_ROLLS: Final[Mapping[tuple[int, ...], RollInfo]] = MappingProxyType({
    dice: _analyse(dice)
    for dice in itertools.combinations_with_replacement(range(1, FACES + 1), DICE)
})
