"""Whales Rivals options and state.

The state is the public position format (like FEN for chess): every zone is a
multiset of values kept as a sorted tuple, except where order is physical — the grey
cards of a pack (bottom to top) and the whales at a pack (in the order played).
No pile has an order: drawing from a deck is a chance node over its contents.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Final, TypeAlias

import attrs

from boardrules._caches import Memo
from boardrules._fields import DERIVED, rebuilt_from_init
from boardrules.errors import InvalidOptionsError
from boardrules.games.whales_rivals.actions import DealGrey, Draw, PlayWhale
from boardrules.games.whales_rivals.cards import (
    DEFAULT_WHALE_VALUES,
    PACKS,
    PLAYERS,
    TURTLE,
    WHALES_PER_COLOUR,
    Grey,
    Whale,
)
from boardrules.registry import picture

__all__ = ["NO_REVEAL", "Options", "Pack", "Phase", "Reveal", "State", "Tables"]


def _to_values(
    value: Sequence[int] | Sequence[Sequence[int]],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Read `whale_values`: one list of 18 values for every colour, or three lists."""
    if not isinstance(value, tuple | list) or not value:
        raise InvalidOptionsError(
            "whale_values", "expected 18 values, or three lists of 18 values (red, blue, grey)"
        )
    if all(isinstance(v, tuple | list) for v in value):
        lists: list[Sequence[int]] = list(value)
        if len(lists) != 3:
            raise InvalidOptionsError(
                "whale_values", f"expected three colours (red, blue, grey), got {len(lists)}"
            )
    else:
        lists = [value] * 3
    out = []
    for colour, values in zip(("red", "blue", "grey"), lists, strict=True):
        if len(values) != WHALES_PER_COLOUR:
            raise InvalidOptionsError(
                "whale_values", f"{colour}: expected {WHALES_PER_COLOUR} values, got {len(values)}"
            )
        for v in values:
            if type(v) is not int or v <= 0:
                raise InvalidOptionsError(
                    "whale_values", f"{colour}: {v!r} is not a positive integer"
                )
        out.append(tuple(sorted(values)))
    return out[0], out[1], out[2]


def _to_first_player(value: int) -> int:
    if type(value) is not int or value not in (0, 1):
        raise InvalidOptionsError("first_player", f"expected 0 or 1, got {value!r}")
    return value


_BOTH: tuple[bool, bool] = (False, True)


class Tables:
    """The actions and card records of one configuration, built once with its `Options`.

    Every state of a game holds its options, so the rules look these up instead of
    building them: `legal_actions` returns the same action objects every time, and the
    cards at the packs are shared records. Read-only once built; they live and die with
    their `Options` (a few hundred small objects).
    """

    __slots__ = ("deals", "draws", "greys", "numeric", "plays", "whales")

    def __init__(self, whale_values: tuple[tuple[int, ...], ...]) -> None:
        red, blue, greys = whale_values
        values = sorted({*red, *blue})
        grey_values = sorted(set(greys))
        self.deals: Mapping[int, DealGrey] = {v: DealGrey(v) for v in grey_values}
        """The deal of each grey value."""
        self.draws: Mapping[int, Draw] = {v: Draw(v) for v in (TURTLE, *values)}
        """The draw of each player card, the turtle first."""
        self.plays: Mapping[int, tuple[PlayWhale, ...]] = {
            v: tuple(PlayWhale(v, i, up) for i in range(PACKS) for up in _BOTH)
            for v in values}
        """The six plays of each whale value: pack 1 face down, pack 1 face up, pack 2 ..."""
        self.greys: Mapping[tuple[int, bool, bool, bool], Grey] = {
            (v, shown, seen0, seen1): Grey(v, shown, (seen0, seen1))
            for v in grey_values for shown in _BOTH for seen0 in _BOTH for seen1 in _BOTH}
        """The grey card of each value, shown flag and seen flags (player 0's, player 1's)."""
        self.whales: Mapping[tuple[int, bool], Whale] = {
            (v, up): Whale(v, up) for v in values for up in _BOTH}
        """The whale of each value, face down and face up."""
        self.numeric: Memo[int, object] = Memo(1)
        """The numeric layer's tables of the configuration (`whales_rivals.numeric`, two
        players), built on first use."""


@rebuilt_from_init
@attrs.frozen
class Options:
    """Whales Rivals options.

    >>> Options().whale_values[2]
    (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 10)
    >>> Options(whale_values=[3] * 18).whale_values[0] == (3,) * 18
    True
    """

    whale_values: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = attrs.field(
        default=(DEFAULT_WHALE_VALUES,) * 3, converter=_to_values
    )
    """The values of the 18 whales of each colour: red (player 0), blue (player 1), grey.

    An assumption (W2): the default is ``1×4, 2×3, 3×3, 4×3, 5×2, 6×2, 10×1`` for every
    colour. Give 18 positive integers (used for all three colours) or three lists of 18;
    they are stored sorted.
    """
    first_player: int = attrs.field(default=0, converter=_to_first_player)
    """The player who starts round 1 (W5); default 0."""
    tables: Tables = attrs.field(init=False, eq=False, repr=False, metadata=DERIVED)
    """The actions and card records of these options (derived, not serialized)."""

    @tables.default
    def _tables(self) -> Tables:
        return Tables(self.whale_values)


class Phase(enum.Enum):
    """What happens next."""

    DEAL = "deal"
    """Chance: the next grey card is dealt to a pack (W4, W18)."""
    DRAW = "draw"
    """Chance: the player to move draws a card from their deck (W7)."""
    ACT = "act"
    """The player to move chooses an action (W9)."""
    EXPLORE = "explore"
    """The player to move chooses their Exploration (W10)."""
    OVER = "over"
    """The game is over (W20)."""


@attrs.frozen
class Pack:
    """One of the three packs of grey cards and the whales played to it."""

    grey: tuple[Grey, ...]
    """The grey cards, bottom to top; the last one is the top card, face up (W4)."""
    whales: tuple[tuple[Whale, ...], tuple[Whale, ...]]
    """Each player's whales here, in the order played (W9); at most three each."""

    @property
    def top(self) -> int:
        """The value of the top grey card (the pack must not be empty)."""
        return self.grey[-1].value


EMPTY_PACK = Pack((), ((), ()))
"""A slot with no cards."""

Reveal: TypeAlias = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
"""The whales at each of the three packs at the end of a round: each player's values."""

NO_REVEAL: Final[Reveal] = (((), ()), ((), ()), ((), ()))
"""No round has ended yet: nothing revealed."""


@attrs.frozen
class State:
    """A Whales Rivals position.

    Player 0 plays the red whales, player 1 the blue ones. Player cards are values,
    `TURTLE` (0) standing for a turtle.
    """

    options: Options
    """The options of the game."""
    round: int
    """The round being played, 1-3 (W6); stays 3 once the game is over."""
    phase: Phase
    """What happens next (see `Phase`)."""
    player: int
    """The player whose turn it is (the next round's starter while dealing and at the end)."""
    starter: int
    """The player who started (or starts) this round (W5, W19)."""
    opening: bool
    """Whether this turn is the round's first turn, which has one action only (W7)."""
    actions_left: int
    """Actions left in this turn: its allowance (1 or 2) while drawing, 0 once over."""
    dealt: int
    """Grey cards dealt so far this round while dealing (0-5); 0 in the other phases."""
    decks: tuple[tuple[int, ...], tuple[int, ...]]
    """Each player's face-down deck, as a sorted multiset (no order exists, W21)."""
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    """Each player's hand, sorted (at most five cards, W7)."""
    discards: tuple[tuple[int, ...], tuple[int, ...]]
    """Each player's face-up discard pile, sorted: turtles played, whales removed (W11, W17)."""
    grey_deck: tuple[int, ...]
    """The face-down grey deck, as a sorted multiset of values."""
    packs: tuple[Pack, Pack, Pack]
    """The three packs, slots 1-3 (W4)."""
    captured: tuple[tuple[Grey, ...], tuple[Grey, ...]]
    """Each player's captured grey cards, sorted (W15)."""
    unclaimed: tuple[Grey, ...]
    """Grey cards of packs tied in round 3, sorted; nobody scores them (W16)."""
    revealed: Reveal
    """The whales revealed at the last end of a round (W15), public: for each pack, each
    player's values in the order played (all empty before the first end)."""

    @property
    def whale_counts(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """How many whales each player has at each pack."""
        a, b, c = self.packs
        return ((len(a.whales[0]), len(b.whales[0]), len(c.whales[0])),
                (len(a.whales[1]), len(b.whales[1]), len(c.whales[1])))

    def _repr_svg_(self) -> str:
        """Return the spectator's picture of this state, for Jupyter (see `svg`)."""
        return picture(self)


assert PLAYERS == 2
