"""Lustry actions: one frozen class per kind, joined in the `Action` union.

`str(action)` is the notation (see `notation`); `repr` is valid Python. Every action of the
game is prebuilt once: `legal_actions` returns the same shared objects every time.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, TypeAlias

import attrs

from boardrules._fields import exact_fields
from boardrules.games.lustry.cards import (
    BLOCK_TARGETS,
    COLOURS,
    INVERSE,
    KINDS,
    STEAL,
    VALUE,
)

__all__ = [
    "ALLOW",
    "END_TURN",
    "Action",
    "Allow",
    "Block",
    "Defend",
    "Discard",
    "Draw",
    "Drawn",
    "EndTurn",
    "Exchange",
    "Extend",
    "Lay",
    "PutUnder",
    "Steal",
    "Unblock",
]


@attrs.frozen
@exact_fields
class Draw:
    """Phase 1: draw the top card of a pile (L6)."""

    colour: str
    """The pile's colour letter, ``r``, ``g`` or ``b``."""
    owner: int | None = None
    """``None`` for the colour's draw pile, else the player owning the discard pile."""

    def __str__(self) -> str:
        return f"draw {self.colour}" if self.owner is None else f"draw {self.colour}@{self.owner}"


@attrs.frozen
@exact_fields
class Drawn:
    """Chance outcome: the card that comes off the draw pile being drawn from (L7)."""

    card: str
    """The card drawn."""

    def __str__(self) -> str:
        return f"drawn {self.card}"


@attrs.frozen
@exact_fields
class Lay:
    """Lay a sequence of two cards: consecutive values of one branch, or two 5s (L9)."""

    first: str
    """The lower card (canonical order)."""
    second: str
    """The higher card (equal to `first` for two 5s)."""

    def __str__(self) -> str:
        return f"lay {self.first} {self.second}"


@attrs.frozen
@exact_fields
class Exchange:
    """Discard one's open sequence of a colour and lay a new one of that colour (L14)."""

    first: str
    """The lower card of the new sequence."""
    second: str
    """The higher card of the new sequence."""

    def __str__(self) -> str:
        return f"exchange {self.first} {self.second}"


@attrs.frozen
@exact_fields
class PutUnder:
    """Completing an exchange: put the next of the replaced sequence's cards under one's
    discard pile of its colour (L14)."""

    card: str
    """The card put under the pile, from `State.exchanged`."""

    def __str__(self) -> str:
        return f"under {self.card}"


@attrs.frozen
@exact_fields
class Extend:
    """Add a card of its branch to one's open sequence of its colour (L10)."""

    card: str
    """The card added."""

    def __str__(self) -> str:
        return f"extend {self.card}"


@attrs.frozen
@exact_fields
class Block:
    """Block a card of the opponent's open sequence (L12)."""

    card: str
    """The blocking card from hand."""
    target: str
    """The opponent's card it blocks (the first free slot holding that card)."""

    def __str__(self) -> str:
        return f"block {self.card}>{self.target}"


@attrs.frozen
@exact_fields
class Unblock:
    """Unblock one's own blocked card; the blocker goes to one's discard pile (L13)."""

    card: str
    """The unblocking card from hand: the blocked card's colour, shape and value, inverse
    fill."""
    blocker: str
    """The opponent's card that is removed (it names the blocked slot)."""

    def __str__(self) -> str:
        return f"unblock {self.card}>{self.blocker}"


@attrs.frozen
@exact_fields
class Steal:
    """Lay a steal card and name a colour: the opponent may defend (L15)."""

    card: str
    """The steal card laid (any colour)."""
    colour: str
    """The colour letter named: every card of it in the opponent's hand is taken."""

    def __str__(self) -> str:
        return f"steal {self.card} {self.colour}"


@attrs.frozen
@exact_fields
class Discard:
    """Put a card from hand at the bottom of one's discard pile of its colour (L11)."""

    card: str
    """The card discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
@exact_fields
class Defend:
    """Out of turn: lay one's own steal card to stop a steal (L15)."""

    card: str
    """The steal card laid (any colour)."""

    def __str__(self) -> str:
        return f"defend {self.card}"


@attrs.frozen
@exact_fields
class Allow:
    """Out of turn: let a steal happen (L15)."""

    def __str__(self) -> str:
        return "allow"


@attrs.frozen
@exact_fields
class EndTurn:
    """End phase 2: the turn passes to the opponent (L9–L15)."""

    def __str__(self) -> str:
        return "end"


Action: TypeAlias = (Draw | Drawn | Lay | Exchange | PutUnder | Extend | Block | Unblock | Steal
                     | Discard | Defend | Allow | EndTurn)
"""Every Lustry action, the chance outcome `Drawn` included."""

ALLOW: Final = Allow()
"""The one `Allow` action."""
END_TURN: Final = EndTurn()
"""The one `EndTurn` action."""

DRAW_DECK: Final = tuple(Draw(c) for c in COLOURS)
"""`Draw` from each draw pile, by colour index."""
DRAW_DISCARD: Final = tuple(Draw(c, p) for p in (0, 1) for c in COLOURS)
"""`Draw` from each discard pile, index ``3 * owner + colour``."""
DRAWN: Final[Mapping[str, Drawn]] = MappingProxyType({k: Drawn(k) for k in KINDS})
"""The `Drawn` outcome of each kind."""


def _pairs() -> list[tuple[str, str]]:
    out = []
    for k in KINDS:
        if len(k) == 4:  # a card with a fill is the higher card of a pair
            value = VALUE[k]
            lower = k[0] + "1" + k[2] if value == 2 else k[0] + str(value - 1) + k[2:]
            out.append((lower, k))
            if value == 5:
                out.append((k, k))
    return out


LAY: Final[Mapping[tuple[str, str], Lay]] = MappingProxyType({p: Lay(*p) for p in _pairs()})
"""Every `Lay`, keyed by its two cards."""
EXCHANGE: Final[Mapping[tuple[str, str], Exchange]] = MappingProxyType(
    {p: Exchange(*p) for p in _pairs()})
"""Every `Exchange`, keyed by its two new cards."""
PAIRS_FROM: Final[Mapping[str, tuple[tuple[str, Lay, Exchange], ...]]] = MappingProxyType({
    k: tuple((b, LAY[a, b], EXCHANGE[a, b]) for a, b in LAY if a == k) for k in KINDS})
"""For each kind, the sequences of two it starts as the lower card: (higher card, lay,
exchange)."""
PUT_UNDER: Final[Mapping[str, PutUnder]] = MappingProxyType(
    {k: PutUnder(k) for k in KINDS if k not in STEAL})
"""Every `PutUnder` (a steal card is never part of a sequence)."""
EXTEND: Final[Mapping[str, Extend]] = MappingProxyType(
    {k: Extend(k) for k in KINDS if k not in STEAL})
"""Every `Extend`."""
DISCARD: Final[Mapping[str, Discard]] = MappingProxyType({k: Discard(k) for k in KINDS})
"""Every `Discard`."""
BLOCK: Final[Mapping[str, tuple[Block, ...]]] = MappingProxyType(
    {k: tuple(Block(k, t) for t in targets) for k, targets in BLOCK_TARGETS.items()})
"""For each card with a fill, its two `Block` actions (targets in colour order)."""
UNBLOCK: Final[Mapping[tuple[str, str], Unblock]] = MappingProxyType({
    (k, c + k[1:]): Unblock(k, c + k[1:])
    for k in INVERSE for c in COLOURS if c != k[0]})
"""Every `Unblock`, keyed by (unblocking card, blocker)."""
STEAL_ACTIONS: Final[Mapping[str, tuple[Steal, ...]]] = MappingProxyType(
    {k: tuple(Steal(k, c) for c in COLOURS) for k in sorted(STEAL, key=KINDS.index)})
"""For each steal kind, its three `Steal` actions (named colours in order)."""
DEFEND: Final[Mapping[str, Defend]] = MappingProxyType(
    {k: Defend(k) for k in sorted(STEAL, key=KINDS.index)})
"""Every `Defend`."""

ALL_ACTIONS: Final[tuple[Action, ...]] = (
    *DRAW_DECK, *DRAW_DISCARD, *DRAWN.values(), *LAY.values(), *EXCHANGE.values(),
    *PUT_UNDER.values(), *EXTEND.values(), *(b for bs in BLOCK.values() for b in bs),
    *UNBLOCK.values(), *(s for ss in STEAL_ACTIONS.values() for s in ss), *DISCARD.values(),
    *DEFEND.values(), ALLOW, END_TURN,
)
"""Every distinct action of the game, each once."""
BY_TEXT: Final[Mapping[str, Action]] = MappingProxyType({str(a): a for a in ALL_ACTIONS})
"""Every action by its notation."""

assert len(BY_TEXT) == len(ALL_ACTIONS)  # notation is a bijection
