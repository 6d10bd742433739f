"""The 75 Lustry cards (L1–L3) and the lookup tables the rules use.

A card is written as a short code, which is also its form in states and JSON::

    r 3 c f        colour  r|g|b   (red, green, blue)
    │ │ │ └─ fill   f|e     (full, empty) — the two fills are each other's inverse symbol
    │ │ └─── shape  c|s     (circle, square)
    │ └───── value  1–5     (0: a steal card, which has no shape and no fill)
    └─────── colour

    r1c   the red circle 1 (no fill: it starts both circle branches)
    r5se  a red empty-square 5 (two copies)
    r0    a red steal card (three copies)

Per colour: 2 cards of value 1, 4 branches × (2, 3, 4 once and 5 twice), 3 steal cards:
2 + 4 × 5 + 3 = 25 cards, 19 kinds. In observations a card the viewer cannot see is shown
as its colour followed by ``?`` (``r?``): every card's back shows its colour.

Kinds are listed in a canonical order (`KINDS`): by colour (r, g, b), then circle before
square, the 1 of a shape, then its full branch 2–5, then its empty branch 2–5, and the steal
card last. Hands and draw piles are kept sorted in this order.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "DECK",
    "FILLS",
    "HAND_SIZE",
    "KINDS",
    "SHAPES",
    "STEAL_CARDS",
    "card_colour",
    "card_value",
    "is_card",
]

COLOURS: Final = ("r", "g", "b")
"""The three colours in canonical order: red, green, blue (L1)."""
COLOUR_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {"r": "red", "g": "green", "b": "blue"})
"""The name of each colour letter."""
SHAPES: Final = ("c", "s")
"""The two shapes: circle and square (L2)."""
FILLS: Final = ("f", "e")
"""The two fills: full and empty, each the inverse symbol of the other (L2)."""
HAND_SIZE: Final = 7
"""Drawing fills the hand up to seven cards (L6)."""
STEAL_CARDS: Final = 9
"""Three steal cards per colour (L3)."""


def _colour_kinds(colour: str) -> list[str]:
    out = []
    for shape in SHAPES:
        out.append(f"{colour}1{shape}")
        for fill in FILLS:
            out.extend(f"{colour}{value}{shape}{fill}" for value in (2, 3, 4, 5))
    out.append(f"{colour}0")
    return out


KINDS: Final = tuple(k for colour in COLOURS for k in _colour_kinds(colour))
"""Every kind of card, 57 in all, in the canonical order."""
ORDER: Final[Mapping[str, int]] = MappingProxyType({k: i for i, k in enumerate(KINDS)})
"""The position of each kind in the canonical order (the sort key of hands and piles)."""
COLOUR_INDEX: Final[Mapping[str, int]] = MappingProxyType(
    {**{c: i for i, c in enumerate(COLOURS)}, **{k: COLOURS.index(k[0]) for k in KINDS}})
"""The index 0–2 of a colour letter, or of a card's colour."""
VALUE: Final[Mapping[str, int]] = MappingProxyType({k: int(k[1]) for k in KINDS})
"""The value of each kind (0 for a steal card)."""
COPIES: Final[Mapping[str, int]] = MappingProxyType(
    {k: 3 if VALUE[k] == 0 else 2 if VALUE[k] == 5 else 1 for k in KINDS})
"""How many copies of each kind the deck holds (L3)."""
DECK: Final = tuple(k for k in KINDS for _ in range(COPIES[k]))
"""The 75 cards, sorted."""
COLOUR_DECK: Final = tuple(tuple(k for k in DECK if k[0] == c) for c in COLOURS)
"""The 25 cards of each colour, sorted: the draw piles at the start (L4)."""
STEAL: Final = frozenset(k for k in KINDS if VALUE[k] == 0)
"""The three steal kinds."""
INVERSE: Final[Mapping[str, str]] = MappingProxyType({
    k: k[:3] + ("e" if k[3] == "f" else "f") for k in KINDS if len(k) == 4})
"""For a card with a fill, the card of the same colour, shape and value with the inverse fill."""


def _members(card: str) -> frozenset[str]:
    colour, shape, fill = card[0], card[2], card[3]
    return frozenset({f"{colour}1{shape}", *(f"{colour}{v}{shape}{fill}" for v in range(2, 6))})


BRANCH: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {k: _members(k) for k in KINDS if len(k) == 4})
"""For a card with a fill, every kind of its branch (its shape's 1 included) (L2, L3)."""
BLOCK_TARGETS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType({
    k: tuple(c + INVERSE[k][1:] for c in COLOURS if c != k[0]) for k in KINDS if len(k) == 4})
"""For a card with a fill, the two kinds it may block: other colour, same shape and value,
inverse fill (L12)."""


def is_card(code: object) -> bool:
    """Return whether `code` is the code of a card kind.

    >>> is_card("r3cf"), is_card("r1c"), is_card("b0"), is_card("r1cf")
    (True, True, True, False)
    """
    return isinstance(code, str) and code in ORDER


def card_colour(card: str) -> str:
    """Return the colour letter of a card.

    >>> card_colour("g5se")
    'g'
    """
    return card[0]


def card_value(card: str) -> int:
    """Return the value of a card (0 for a steal card).

    >>> card_value("b4cf"), card_value("b0")
    (4, 0)
    """
    return VALUE[card]


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Return `cards` sorted in the canonical order."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


assert len(DECK) == 75 and all(len(c) == 25 for c in COLOUR_DECK)  # L1, L3
assert len(KINDS) == 57 and len(STEAL) == 3
