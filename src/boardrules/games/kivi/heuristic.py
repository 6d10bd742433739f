"""A cheap estimate of each player's return, for search bots that cut their rollouts short.

A random KIVI game runs about 90 more steps from a decision (dice rolls included), and the
scores on the board already tell most of the story; a searching bot
(`boardrules.bots.ISMCTSBot`) plays a few random steps from each sampled world and scores
the position it reaches with `heuristic` instead of playing to the end.
"""

from __future__ import annotations

import math
from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.kivi.rules import is_terminal, returns, scores
from boardrules.games.kivi.state import State

__all__ = ["ROLLOUT_LIMIT", "heuristic"]

ROLLOUT_LIMIT: Final = 20
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: about two turns of the 80-110 steps left of a random game."""

_SCALE: Final = 10.0
"""Points of difference to the others' mean that make an estimate of about ±0.76 (the
final scores of random two-player games differ by 9 points on average)."""


def heuristic(state: State) -> tuple[float, ...]:
    """Estimate `returns(state)`: a higher score than the others is better (K10, K11).

    At the end it is `returns` itself. Before, each player's estimate is
    ``tanh((own score - mean score of the others) / 10)``, the scores of the board as it
    stands (`scores`, K10).

    >>> from boardrules.games import kivi
    >>> heuristic(kivi.new_game(3))
    (0.0, 0.0, 0.0)
    """
    if type(state) is not State:
        raise wrong_game("kivi.heuristic", "kivi.State", state)
    if is_terminal(state):
        return returns(state)
    points = scores(state)
    n = len(points)
    total = sum(points)
    return tuple(math.tanh((own - (total - own) / (n - 1)) / _SCALE) for own in points)
