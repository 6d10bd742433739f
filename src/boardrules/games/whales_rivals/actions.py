"""Whales Rivals actions: one frozen class per kind, joined in the `Action` union.

`str(action)` is the notation (see `notation`); `repr` is valid Python. Packs and
slots are numbered from 0 in the fields and from 1 in the notation. Actions are
shared: `legal_actions` returns the same objects every time (the prebuilt constants
here, and the tables of each `Options` for the actions that carry a card value).
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from boardrules._fields import exact_fields
from boardrules.games.whales_rivals.cards import MAX_WHALES, PACKS, card_name

__all__ = [
    "END_ROUND",
    "FLIP",
    "PEEK",
    "SKIP",
    "TURTLE_AT",
    "TURTLE_NO_TARGET",
    "Action",
    "DealGrey",
    "Draw",
    "EndRound",
    "Flip",
    "Peek",
    "PlayTurtle",
    "PlayWhale",
    "Skip",
]


@attrs.frozen
@exact_fields
class DealGrey:
    """Chance outcome: the next grey card dealt to a pack shows this value (W4, W18)."""

    value: int
    """The value of the grey card drawn from the grey deck."""

    def __str__(self) -> str:
        return f"deal {self.value}"


@attrs.frozen
@exact_fields
class Draw:
    """Chance outcome: the player to move draws this card from their deck (W7)."""

    card: int
    """The card drawn: a whale's value, or 0 for a turtle."""

    def __str__(self) -> str:
        return f"draw {card_name(self.card)}"


@attrs.frozen
@exact_fields
class PlayWhale:
    """Play a whale from hand to a pack (W9a); face up only on a match, then Explore (W10)."""

    value: int
    """The value of the whale played."""
    pack: int
    """The pack, 0-2."""
    face_up: bool = False
    """Face up: the value equals the pack's top grey card; an Exploration follows."""

    def __str__(self) -> str:
        return f"{self.value}>{self.pack + 1}{' up' if self.face_up else ''}"


@attrs.frozen
@exact_fields
class PlayTurtle:
    """Discard a turtle; the targeted face-down opponent whale goes to its owner's discard (W11).

    Without a target (both fields ``None``) the turtle is discarded with no effect; this
    is legal only when the opponent has no face-down whale.
    """

    pack: int | None = None
    """The pack of the targeted opponent whale, 0-2, or ``None``: no target."""
    slot: int | None = None
    """The target's position among the opponent's whales at the pack (order played), 0-2."""

    def __str__(self) -> str:
        if self.pack is None or self.slot is None:
            return "turtle"
        return f"turtle {self.pack + 1}.{self.slot + 1}"


@attrs.frozen
@exact_fields
class EndRound:
    """End the round; legal once both players have a whale at each pack (W12)."""

    def __str__(self) -> str:
        return "end"


@attrs.frozen
@exact_fields
class Flip:
    """Exploration: turn a face-down opponent whale face up where it lies (W10)."""

    pack: int
    """The pack, 0-2."""
    slot: int
    """The whale's position among the opponent's whales at the pack, 0-2."""

    def __str__(self) -> str:
        return f"flip {self.pack + 1}.{self.slot + 1}"


@attrs.frozen
@exact_fields
class Peek:
    """Exploration: look at every face-down grey card of a pack (W10)."""

    pack: int
    """The pack, 0-2."""

    def __str__(self) -> str:
        return f"peek {self.pack + 1}"


@attrs.frozen
@exact_fields
class Skip:
    """Exploration: do nothing (ruling W10)."""

    def __str__(self) -> str:
        return "skip"


Action: TypeAlias = (
    DealGrey | Draw | PlayWhale | PlayTurtle | EndRound | Flip | Peek | Skip
)
"""Every Whales Rivals action, the chance outcomes `DealGrey` and `Draw` included."""

END_ROUND: Final = EndRound()
"""The one `EndRound` action."""
SKIP: Final = Skip()
"""The one `Skip` action."""
TURTLE_NO_TARGET: Final = PlayTurtle()
"""The turtle discarded without a target."""
TURTLE_AT: Final[tuple[tuple[PlayTurtle, ...], ...]] = tuple(
    tuple(PlayTurtle(p, s) for s in range(MAX_WHALES)) for p in range(PACKS)
)
"""``TURTLE_AT[pack][slot]``: the prebuilt targeted turtle."""
FLIP: Final[tuple[tuple[Flip, ...], ...]] = tuple(
    tuple(Flip(p, s) for s in range(MAX_WHALES)) for p in range(PACKS)
)
"""``FLIP[pack][slot]``: the prebuilt flip."""
PEEK: Final[tuple[Peek, ...]] = tuple(Peek(p) for p in range(PACKS))
"""``PEEK[pack]``: the prebuilt peek."""
