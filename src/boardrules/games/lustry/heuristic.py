"""A cheap estimate of each player's return, for search bots that cut their rollouts short.

Random play almost never ends a Lustry game before the turn limit, so a searching bot
(`boardrules.bots.ISMCTSBot`) plays a few dozen random steps from each sampled world and
scores the position it reaches with `heuristic` instead of `returns`.

An open sequence of a colour somebody has closed counts for nothing: it can never close
(L16). Counting it made a player's hopeless sequence look like progress (issue #30).
"""

from __future__ import annotations

import math
from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.lustry.rules import returns
from boardrules.games.lustry.state import Phase, State

__all__ = ["ROLLOUT_LIMIT", "heuristic"]

ROLLOUT_LIMIT: Final = 5
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: about one turn (a random game runs to the turn limit)."""

_CLOSED: Final = 1.0
"""The worth of a closed sequence: a victory point (two win the game, L17)."""
_PER_VALUE: Final = 0.15
"""The worth of each distinct value 1-5 in an open sequence that is not blocked there."""


def heuristic(state: State) -> tuple[float, float]:
    """Estimate `returns(state)`: each player's chance to win, scaled to -1..1.

    At the end it is `returns` itself. Before, each player counts 1 per closed sequence
    and 0.15 per distinct value held unblocked in an open sequence of a colour nobody has
    closed (a sequence closes with all five values, and only one of each colour, L16); the
    estimate is ``tanh`` of the difference, so the two estimates sum to zero.

    >>> from boardrules.games import lustry
    >>> heuristic(lustry.new_game(2))
    (0.0, 0.0)
    """
    if type(state) is not State:
        raise wrong_game("lustry.heuristic", "lustry.State", state)
    if state.phase is Phase.OVER:
        return returns(state)  # type: ignore[return-value]  # two players
    seqs = state.sequences
    worth = [0.0, 0.0]
    for index, seq in enumerate(seqs):
        if seq.closed:
            worth[index // 3] += _CLOSED
        elif seq.cards and not seqs[(index + 3) % 6].closed:  # the rival's sequence (L16)
            values = {card[1] for card, blocker in zip(seq.cards, seq.blockers, strict=True)
                      if blocker is None}
            worth[index // 3] += _PER_VALUE * len(values)
    edge = math.tanh(worth[0] - worth[1])
    return edge, 0.0 - edge  # not -edge: no -0.0
