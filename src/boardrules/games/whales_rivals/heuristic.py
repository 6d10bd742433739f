"""A cheap estimate of each player's return, for search bots that cut their rollouts short.

A random Whales Rivals game runs about 85 more steps from a decision; a searching bot
(`boardrules.bots.ISMCTSBot`) plays a few random steps from each sampled world and scores
the position it reaches with `heuristic`: the grey cards captured, and those the whales
at the packs would capture if the round ended now.
"""

from __future__ import annotations

import math
from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.whales_rivals.rules import returns
from boardrules.games.whales_rivals.state import Phase, State

__all__ = ["ROLLOUT_LIMIT", "heuristic"]

ROLLOUT_LIMIT: Final = 20
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: two to four turns of the 75-100 steps left of a random game. It
was 10: at the default 1,000 iterations a move the search with 20 beats the one that plays
to the end at equal CPU time, the one with 10 did not (docs/performance.md)."""

_SCALE: Final = 15.0
"""Points of difference that make an estimate of about ±0.76 (the final scores of random
games differ by 14 points on average)."""
_LEADING: Final = 0.5
"""The worth of a grey point at a pack whose whales one player leads (not captured yet)."""


def heuristic(state: State) -> tuple[float, float]:
    """Estimate `returns(state)`: more grey points than the opponent is better (W15, W20).

    At the end it is `returns` itself. Before, each player counts the values of their
    captured grey cards (W20) and half the values of the grey cards of each pack where
    their whales add up to more than the opponent's (W15: they would capture it if the
    round ended now); the estimate is ``tanh`` of the difference over 15, so the two
    estimates sum to zero.

    >>> from boardrules.games import whales_rivals
    >>> heuristic(whales_rivals.new_game(2))
    (0.0, 0.0)
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.heuristic", "whales_rivals.State", state)
    if state.phase is Phase.OVER:
        return returns(state)  # type: ignore[return-value]  # two players
    captured = state.captured
    worth = float(sum(g.value for g in captured[0]) - sum(g.value for g in captured[1]))
    for pack in state.packs:
        if pack.grey:
            mine, theirs = pack.whales
            lead = sum(w.value for w in mine) - sum(w.value for w in theirs)
            if lead:
                points = _LEADING * sum(g.value for g in pack.grey)
                worth += points if lead > 0 else -points
    edge = math.tanh(worth / _SCALE)
    return edge, 0.0 - edge  # not -edge: no -0.0
