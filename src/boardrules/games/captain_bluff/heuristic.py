"""A cheap estimate of each player's return, for search bots that cut their rollouts short.

Random play almost never empties a hand, so random Captain Bluff games run to the turn
limit; a searching bot (`boardrules.bots.ISMCTSBot`) plays a few dozen random steps from
each sampled world and scores the position it reaches with `heuristic` instead.
"""

from __future__ import annotations

import math
from typing import Final

from boardrules.games.captain_bluff.rules import is_terminal, returns
from boardrules.games.captain_bluff.state import State

__all__ = ["ROLLOUT_LIMIT", "heuristic"]

ROLLOUT_LIMIT: Final = 5
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: about one turn (a random game runs to the turn limit)."""

_SCALE: Final = 4.0
"""Cards of difference to the others' mean that make an estimate of about ±0.76."""


def heuristic(state: State) -> tuple[float, ...]:
    """Estimate `returns(state)`: fewer cards in hand than the others is better (B16).

    At the end (a win or the turn limit) it is `returns` itself. Before, each player's estimate is
    ``tanh((mean hand size of the others - own hand size) / 4)``.

    >>> from boardrules.games import captain_bluff
    >>> heuristic(captain_bluff.new_game(3))
    (0.0, 0.0, 0.0)
    """
    if is_terminal(state):
        return returns(state)
    sizes = [len(hand) for hand in state.hands]
    n = len(sizes)
    total = sum(sizes)
    return tuple(math.tanh(((total - own) / (n - 1) - own) / _SCALE) for own in sizes)
