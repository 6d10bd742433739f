"""KIVI options and state."""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from boardrules._caches import Memo
from boardrules._fields import DERIVED, rebuilt_from_init
from boardrules.errors import InvalidOptionsError
from boardrules.games.kivi.board import DEFAULT_BOARD, SIZE, Combination, Layout, layout
from boardrules.registry import picture

__all__ = [
    "DEFAULT_OPTIONS", "ROUNDS", "STONES", "HighestRule", "Options", "Plan", "Runs", "State",
]

ROUNDS: Final = 10
"""The game lasts 10 rounds (K4, K9)."""
STONES: Final = 10
"""Stones per player (K1)."""


class HighestRule(enum.Enum):
    """How the highest-combination rule K8 is applied."""

    AVAILABLE = "available"
    """A combination is not usable while a higher satisfied one has a free square (default)."""
    STRICT = "strict"
    """A combination is not usable whenever a higher one is satisfied, free square or not."""
    OFF = "off"
    """Every satisfied combination is usable."""


def _to_rule(value: HighestRule | str) -> HighestRule:
    if isinstance(value, HighestRule):
        return value
    try:
        return HighestRule(value)
    except ValueError:
        raise InvalidOptionsError(
            "highest_rule", f"{value!r} is not one of 'available', 'strict', 'off'"
        ) from None


def _to_board(
    value: tuple[tuple[Combination | str, ...], ...],
) -> tuple[tuple[Combination, ...], ...]:
    if not isinstance(value, tuple | list) or len(value) != SIZE:
        raise InvalidOptionsError("board", f"expected {SIZE} rows of {SIZE} combinations")
    rows = []
    for r, row in enumerate(value):
        if not isinstance(row, tuple | list) or len(row) != SIZE:
            raise InvalidOptionsError("board", f"row {r} does not have {SIZE} squares")
        cells = []
        for c, code in enumerate(row):
            if isinstance(code, Combination):
                cells.append(code)
            elif isinstance(code, str) and code in Combination.__members__:
                cells.append(Combination[code])
            else:
                raise InvalidOptionsError(
                    "board", f"row {r}, column {c}: {code!r} is not a combination code"
                )
        rows.append(tuple(cells))
    return tuple(rows)


Plan: TypeAlias = tuple[bool, bool, tuple[int, ...],
                        tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]
"""What a roll allows under one board and rule (made by the rules, K7, K8): whether it is
wild (any free square) and six of a kind (an opponent's square too); the squares of the
combinations usable whatever the board, ascending; and for each combination usable only
while every higher one it makes is full (``highest_rule="available"``), its squares and
those of the higher ones."""

_ROLLS_OF_SIX: Final = 462
"""Distinct rolls of six dice: the most plans one `Options` keeps."""

Runs: TypeAlias = tuple[tuple[int, int, int], ...]
"""The runs of the owners along a row or column (made by the rules, K10): owner, first
position and length of each maximal run of two or more stones of one player."""
_RUNS_LIMIT: Final = 1 << 14
"""The most runs one `Options` keeps (about 3 MiB): a two-player game has 2,187 patterns
of owners along a line, four players up to 78,125."""


def _board_repr(board: tuple[tuple[Combination, ...], ...]) -> str:
    return "DEFAULT_BOARD" if board == DEFAULT_BOARD else repr(board)


@rebuilt_from_init
@attrs.frozen
class Options:
    """KIVI options.

    >>> Options(highest_rule="strict").highest_rule
    <HighestRule.STRICT: 'strict'>
    """

    board: tuple[tuple[Combination, ...], ...] = attrs.field(
        default=DEFAULT_BOARD, converter=_to_board, repr=_board_repr
    )
    """The 7×7 board, rows top to bottom, as combination codes (K3); default `DEFAULT_BOARD`."""
    highest_rule: HighestRule = attrs.field(default=HighestRule.AVAILABLE, converter=_to_rule)
    """How the highest-combination rule applies (K8); default ``"available"``."""
    layout: Layout = attrs.field(init=False, eq=False, repr=False, metadata=DERIVED)
    """Lookup tables of the board (derived, not serialized)."""

    plans: Memo[tuple[int, ...], Plan] = attrs.field(
        init=False, eq=False, repr=False, metadata=DERIVED,
        factory=lambda: Memo(_ROLLS_OF_SIX))
    """Memo of the rules (derived, not serialized): the `Plan` of each roll of six dice
    seen under these options, at most 462; it lives and dies with the options."""
    runs: Memo[tuple[int | None, ...], Runs] = attrs.field(
        init=False, eq=False, repr=False, metadata=DERIVED,
        factory=lambda: Memo(_RUNS_LIMIT))
    """Memo of the rules (derived, not serialized): the `Runs` of each pattern of owners
    along a line met when scoring under these options (K10); it lives and dies with them."""
    numeric: Memo[int, object] = attrs.field(
        init=False, eq=False, repr=False, metadata=DERIVED,
        factory=lambda: Memo(3))
    """Memo of the numeric layer (derived, not serialized): the action space and the tables
    of the tensors of each player count (2–4) used under these options (`kivi.numeric`);
    they live and die with the options."""

    @layout.default
    def _layout(self) -> Layout:
        return layout(self.board)


DEFAULT_OPTIONS: Final = Options()
"""The default options, shared by every game started without options (and so their
tables and memos)."""


@attrs.frozen
class State:
    """A KIVI position.

    The state is a chance node exactly when ``pending > 0`` (dice to roll).
    """

    options: Options
    """The options of the game."""
    players: int
    """Number of players, 2–4."""
    cells: tuple[int | None, ...]
    """The owner of each of the 49 squares (``None``: free), numbered as in `board`."""
    lost: tuple[int, ...]
    """Stones each player has forfeited to the box (K6)."""
    turn: int
    """Turns taken so far; player ``turn % players`` acts; the game ends at ``10 * players``."""
    rolls: int
    """Rolls made in this turn, 0–3."""
    dice: tuple[int, ...]
    """The dice on the table, ascending; fewer than six while a reroll is pending."""
    pending: int
    """Dice waiting to be rolled (0: a player decides or the game is over)."""

    @property
    def player(self) -> int:
        """The player whose turn it is."""
        return self.turn % self.players

    def supply(self, player: int) -> int:
        """Stones `player` has still to play: one per remaining turn."""
        return STONES - (self.turn + self.players - 1 - player) // self.players

    def _repr_svg_(self) -> str:
        """Return the spectator's picture of this state, for Jupyter (see `svg`)."""
        return picture(self)
