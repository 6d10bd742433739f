"""A cheap estimate of each player's return, for search bots that cut their rollouts short.

Random play almost never ends a Lustry game before the turn limit, so a searching bot
(`boardrules.bots.ISMCTSBot`) plays a few random steps from each sampled world and scores
the position it reaches with `heuristic` instead of `returns`.

Sequences alone are not enough (issue #30): a player who holds seven cards draws none
(L6), so a player behind whose seven cards fit nothing ended turn after turn to the turn
limit, as discarding was worth nothing within a rollout. Each card of a hand that no play
can use now (`dead`) now costs a little, so discarding it is worth something and the next
turn's drawing brings new cards; and an open sequence of a colour somebody closed counts
for nothing, as it can never close (L16).
"""

from __future__ import annotations

import math
from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.lustry.actions import Block, Exchange, Extend, Steal, Unblock
from boardrules.games.lustry.cards import COLOUR_INDEX
from boardrules.games.lustry.rules import _plays, returns
from boardrules.games.lustry.state import Phase, State

__all__ = ["ROLLOUT_LIMIT", "dead", "heuristic"]

ROLLOUT_LIMIT: Final = 5
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: about one turn (a random game runs to the turn limit)."""

_CLOSED: Final = 1.0
"""The worth of a closed sequence: a victory point (two win the game, L17)."""
_PER_VALUE: Final = 0.15
"""The worth of each distinct value 1-5 in an open sequence that is not blocked there."""
_DEAD: Final = 0.1
"""What each `dead` card in hand costs: less than a value laid, so laying comes first."""


def dead(state: State, player: int) -> int:
    """Return how many cards of `player`'s hand can help no sequence close: a card is alive
    if it is of a colour nobody has closed (L16) and `player` has no sequence of yet (a
    sequence may start with it, L9), or if a play of `player`'s could use it now, in a
    colour nobody has closed — an exchange for a pair (L14), an extension by a value the
    sequence lacks (L10), an unblock (L13), a block (L12) —, or it is a steal card (L15).

    >>> from boardrules.games import lustry
    >>> dead(lustry.new_game(2), 0)  # an empty hand
    0
    """
    hand = state.hands[player]
    if not hand:
        return 0
    seqs = state.sequences
    mine = seqs[3 * player:3 * player + 3]
    closed = [seqs[c].closed or seqs[c + 3].closed for c in range(3)]
    useful = {card for card in hand
              if not closed[COLOUR_INDEX[card]] and not mine[COLOUR_INDEX[card]].cards}
    if len(useful) == len(set(hand)):
        return 0
    for action in _plays(player, hand, seqs, state.options):
        match action:
            case Exchange(first=first, second=second) if not closed[COLOUR_INDEX[first]]:
                useful.update((first, second))
            case Extend(card=card) if not closed[COLOUR_INDEX[card]]:
                if all(laid[1] != card[1] for laid in mine[COLOUR_INDEX[card]].cards):
                    useful.add(card)
            case Unblock(card=card) if not closed[COLOUR_INDEX[card]]:
                useful.add(card)
            case Block(card=card, target=target) if not closed[COLOUR_INDEX[target]]:
                useful.add(card)
            case Steal(card=card):
                useful.add(card)
            case _:  # a lay (its colour is alive or closed), a discard, the end of the turn
                pass
    return sum(1 for card in hand if card not in useful)


def heuristic(state: State) -> tuple[float, float]:
    """Estimate `returns(state)`: each player's chance to win, scaled to -1..1.

    At the end it is `returns` itself. Before, each player counts 1 per closed sequence,
    0.15 per distinct value held unblocked in an open sequence of a colour nobody has
    closed (a sequence closes with all five values, L16) and -0.1 per `dead` card in hand;
    the estimate is ``tanh`` of the difference, so the two estimates sum to zero.

    >>> from boardrules.games import lustry
    >>> heuristic(lustry.new_game(2))
    (0.0, 0.0)
    """
    if type(state) is not State:
        raise wrong_game("lustry.heuristic", "lustry.State", state)
    if state.phase is Phase.OVER:
        return returns(state)  # type: ignore[return-value]  # two players
    seqs = state.sequences
    worth = [-_DEAD * dead(state, 0), -_DEAD * dead(state, 1)]
    for index, seq in enumerate(seqs):
        if seq.closed:
            worth[index // 3] += _CLOSED
        elif seq.cards and not (seqs[index % 3].closed or seqs[index % 3 + 3].closed):
            values = {card[1] for card, blocker in zip(seq.cards, seq.blockers, strict=True)
                      if blocker is None}
            worth[index // 3] += _PER_VALUE * len(values)
    edge = math.tanh(worth[0] - worth[1])
    return edge, 0.0 - edge  # not -edge: no -0.0
