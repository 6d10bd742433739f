"""KIVI actions: one frozen class per kind, joined in the `Action` union.

`str(action)` is the notation (see `notation`); `repr` is valid Python.
Actions are prebuilt and shared: `legal_actions` returns the same objects every time.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from math import factorial, prod
from types import MappingProxyType
from typing import Final, TypeAlias

import attrs

from boardrules._fields import exact_fields
from boardrules.games.kivi.board import DICE, FACES, SQUARES, square_name

__all__ = [
    "DISPLACE",
    "FORFEIT",
    "PLACE",
    "Action",
    "Displace",
    "Forfeit",
    "Place",
    "Reroll",
    "Roll",
]


def _ascending(values: tuple[int, ...]) -> tuple[int, ...]:
    try:
        return tuple(sorted(values))
    except TypeError:  # not dice at all: the field check names the problem
        return values


@attrs.frozen
@exact_fields
class Roll:
    """Chance outcome: the values the rolled dice show (K5).

    >>> Roll((5, 5, 5, 3, 3, 2))
    Roll(dice=(2, 3, 3, 5, 5, 5))
    """

    dice: tuple[int, ...] = attrs.field(converter=_ascending)
    """The values of the rolled dice, kept ascending (dice are interchangeable)."""

    def __str__(self) -> str:
        return "roll " + "".join(map(str, self.dice))


@attrs.frozen
@exact_fields
class Reroll:
    """Roll again the dice showing these values (K5); at most two rerolls a turn."""

    dice: tuple[int, ...] = attrs.field(converter=_ascending)
    """The values of the dice to roll again, kept ascending; a non-empty sub-multiset of the
    roll."""

    def __str__(self) -> str:
        return "reroll " + "".join(map(str, self.dice))


@attrs.frozen
@exact_fields
class Place:
    """Put a stone on a free square the roll allows (K7, K8); ends the turn."""

    square: int
    """The square, 0–48 (see `board`)."""

    def __str__(self) -> str:
        return square_name(self.square)


@attrs.frozen
@exact_fields
class Displace:
    """Six of a kind: take an opponent's square and move their stone to a free square (K7)."""

    square: int
    """The opponent's square the stone goes on."""
    to: int
    """The free square the displaced stone is moved to (chosen by the active player)."""

    def __str__(self) -> str:
        return f"{square_name(self.square)}>{square_name(self.to)}"


@attrs.frozen
@exact_fields
class Forfeit:
    """After the third roll with no legal square: one stone leaves the game (K6)."""

    def __str__(self) -> str:
        return "forfeit"


Action: TypeAlias = Roll | Reroll | Place | Displace | Forfeit
"""Every KIVI action, the chance outcome `Roll` included."""

PLACE: Final[tuple[Place, ...]] = tuple(Place(i) for i in range(SQUARES))
"""The prebuilt `Place` action of every square."""
DISPLACE: Final[tuple[tuple[Displace | None, ...], ...]] = tuple(
    tuple(Displace(i, j) if i != j else None for j in range(SQUARES)) for i in range(SQUARES)
)
"""``DISPLACE[square][to]``: the prebuilt `Displace` (``None`` where the squares are equal)."""
FORFEIT: Final = Forfeit()
"""The one `Forfeit` action."""


def _multisets(size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.combinations_with_replacement(range(1, FACES + 1), size))


ROLLS: Final[tuple[tuple[Roll, ...], ...]] = ((), *(
    tuple(Roll(m) for m in _multisets(k)) for k in range(1, DICE + 1)))
"""``ROLLS[k]``: every outcome of rolling k dice, in ascending order of values (none for 0)."""

ROLL_OF: Final[Mapping[tuple[int, ...], Roll]] = MappingProxyType({
    r.dice: r for rolls in ROLLS for r in rolls
})
"""The prebuilt `Roll` of a sorted tuple of values."""


def _probability(values: tuple[int, ...]) -> int:
    """Return the number of ordered rolls giving this multiset."""
    return factorial(len(values)) // prod(factorial(values.count(v)) for v in set(values))


ROLL_WEIGHTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_probability(r.dice) for r in rolls) for rolls in ROLLS)
"""``ROLL_WEIGHTS[k]``: the number of the 6**k ordered rolls of k dice giving each outcome
of ``ROLLS[k]``."""

ORDERED_ROLLS: Final[tuple[tuple[Roll, ...], ...]] = ((), *(
    tuple(ROLL_OF[tuple(sorted(t))] for t in itertools.product(range(1, FACES + 1), repeat=k))
    for k in range(1, DICE + 1)))
"""``ORDERED_ROLLS[k]``: the outcome of each of the 6**k equally likely ordered rolls of k
dice (none for 0)."""


REROLL_OF: Final[Mapping[tuple[int, ...], Reroll]] = MappingProxyType({
    m: Reroll(m) for k in range(1, DICE + 1) for m in _multisets(k)
})
"""The prebuilt `Reroll` of each sorted tuple of one to six values, by number of dice then
values (the order of the action space)."""


def _sub_multisets(dice: tuple[int, ...]) -> tuple[Reroll, ...]:
    subs = {tuple(sorted(c)) for n in range(1, len(dice) + 1)
            for c in itertools.combinations(dice, n)}
    return tuple(REROLL_OF[s] for s in sorted(subs, key=lambda s: (len(s), s)))


REROLLS: Final[Mapping[tuple[int, ...], tuple[Reroll, ...]]] = MappingProxyType({
    m: _sub_multisets(m) for m in _multisets(DICE)
})
"""For a sorted roll of six dice, every `Reroll`, by number of dice then values."""
