"""The yardstick of `speed.py`: a fixed pure-Python loop, timed beside every figure.

The host's speed drifts (shared cores, frequency scaling, other processes), so a figure
means something only relative to work measured at the same moment in the same process.
This loop is that work: random games of a toy board game in the style of the library
(an immutable state rebuilt at every move, legal moves listed, one drawn with
`random.Random.randrange`), with no dependency but the standard library, so the baseline
and the current code time exactly the same yardstick.

Never change this file: every saved result is a ratio to this loop, and a different
loop would make old and new figures incomparable. `REFERENCE_VERSION` names it in saved
results.
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["REFERENCE_VERSION", "reference_steps"]

REFERENCE_VERSION: Final = 1
"""The version of the loop below; saved results of another version are not compared."""

_CELLS: Final = 9


class _Position:
    """A toy position: nine cells (an owner or None), the player to move, the move count."""

    __slots__ = ("cells", "moves", "player")

    def __init__(self, cells: tuple[int | None, ...], player: int, moves: int) -> None:
        self.cells = cells
        self.player = player
        self.moves = moves


def _legal(position: _Position) -> tuple[int, ...]:
    cells = position.cells
    return tuple(i for i in range(_CELLS) if cells[i] is None)


def _play(position: _Position, i: int) -> _Position:
    cells = position.cells
    return _Position((*cells[:i], position.player, *cells[i + 1:]), 1 - position.player,
                     position.moves + 1)


def reference_steps(games: int, seed: int = 0) -> int:
    """Play `games` random toy games; return the number of moves made (9 per game)."""
    rng = random.Random(seed)
    start = _Position((None,) * _CELLS, 0, 0)
    steps = 0
    for _ in range(games):
        position = start
        while True:
            legal = _legal(position)
            if not legal:
                break
            position = _play(position, legal[rng.randrange(len(legal))])
            steps += 1
    return steps
