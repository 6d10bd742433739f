"""A cheap estimate of each player's return, for search bots that cut their rollouts short.

A random Ren Dhark game runs about 165 more steps from a decision; a searching bot
(`boardrules.bots.ISMCTSBot`) plays a few random steps from each sampled world and scores
the position it reaches with `heuristic`: how far each player is from victory.
"""

from __future__ import annotations

import math
from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.ren_dhark.rules import returns, victory_progress
from boardrules.games.ren_dhark.state import Phase, State

__all__ = ["ROLLOUT_LIMIT", "heuristic", "progress"]

ROLLOUT_LIMIT: Final = 20
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: about two battles of the 150-190 steps left of a random game."""

_SCALE: Final = 2.0
"""Steps of progress that make an estimate of about ±0.76 (a random game's final counts of
cards on the enemy planets differ by 2 on average)."""


def progress(state: State, player: int) -> int:
    """Return the player's progress to victory: 7 is a win (D18; `victory_progress` of
    the cards on the enemy planet).

    >>> from boardrules.games import ren_dhark
    >>> progress(ren_dhark.new_game(2), 0)
    0
    """
    return victory_progress(state.landed[player])


def heuristic(state: State) -> tuple[float, float]:
    """Estimate `returns(state)`: being nearer to victory than the opponent is better (D18).

    At the end it is `returns` itself. Before, the estimate is ``tanh`` of the difference
    of the two players' `progress` over 2, so the two estimates sum to zero.

    >>> from boardrules.games import ren_dhark
    >>> heuristic(ren_dhark.new_game(2))
    (0.0, 0.0)
    """
    if type(state) is not State:
        raise wrong_game("ren_dhark.heuristic", "ren_dhark.State", state)
    if state.phase is Phase.OVER:
        return returns(state)  # type: ignore[return-value]  # two players
    edge = math.tanh((progress(state, 0) - progress(state, 1)) / _SCALE)
    return edge, 0.0 - edge  # not -edge: no -0.0
