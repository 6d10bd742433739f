"""A cheap estimate of each player's return, for search bots that cut their rollouts short.

Random play almost never empties a hand, so random Captain Bluff games run to the turn
limit; a searching bot (`boardrules.bots.ISMCTSBot`) plays a few random steps from each
sampled world and scores the position it reaches with `heuristic` instead.

Hand sizes alone are not enough (issue #30). When the three open rows are of a
destination nobody holds the next card of, no move of one turn changes a hand: every
action scored the same, and the search, playing the first of equals, checked a
destination it knew turn after turn to the turn limit. Two things now tell the moves
apart. Each player's count is their hand less half of what they could shed with one
honest row start next turn (`ready`), so closing a row, swapping in a destination one
holds a run of and checking a destination one does not know are worth something, and
re-checking a known one is worth nothing. And while all three rows are taken a lead is
worth half (no row can start until one closes, and a game nobody can play in ends at
the turn limit, a draw): the player ahead gains by breaking the stall.

That made the bots bluff instead (issue #30): a rollout answers a luggage play with a
random challenge or pass, and a heuristic that scores a position with the challenge
window still open counts the played cards as shed, so a play onto a conveyor of another
destination looked as good as an honest one. A real opponent who knows the destination
card challenges it. So while a window is open, a play that does not match the
destination card of the sampled world counts as caught (`at_stake`): the active player
holds every card at that conveyor again, as after a successful challenge (B13).
"""

from __future__ import annotations

import math
from typing import Final

from boardrules._owners import wrong_game
from boardrules.games.captain_bluff.cards import LUGGAGE, MAX_VALUE
from boardrules.games.captain_bluff.rules import MAX_OPEN_ROWS, is_bluff, is_terminal, returns
from boardrules.games.captain_bluff.state import State

__all__ = ["ROLLOUT_LIMIT", "WIDEN_FROM", "at_stake", "heuristic", "ready"]

ROLLOUT_LIMIT: Final = 5
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: about one turn (a random game runs to the turn limit)."""

WIDEN_FROM: Final = 3
"""An `ISMCTSBot` node with this many legal actions or more (``widen="auto"``) tries its
untried actions best first, by `heuristic` one step ahead, and widens progressively: with
up to 500 legal actions (every destination, run and star value) most would otherwise get
one visit at the default budget, and an answer to a luggage play would be a random one of
challenge, pass and a dozen pick-ups, so a bluff went unchallenged in the search."""

_SCALE: Final = 6.0
"""Cards of difference to the others' mean that make an estimate of about ±0.76 (it was 4:
a lead of 8 cards scored 0.96, and a card more or less hardly counted)."""
_READY: Final = 0.5
"""What each card of a player's `ready` play is worth, in cards of hand size: half a card
(it is not shed yet, and a challenge or another player may stop it)."""
_FULL: Final = 0.5
"""What a lead is worth while all three rows are taken (no new row can start until one
closes): half."""


def ready(state: State, player: int) -> float:
    """Return the most luggage cards `player` could play in one honest row start (B6): a run
    of consecutive values in hand of the destination of an empty conveyor whose destination
    card the player knows; half as many while all three rows hold luggage (no row can start
    until one closes); 0 if there is none.

    >>> from boardrules.games import captain_bluff
    >>> ready(captain_bluff.new_game(2), 0)
    0
    """
    rows = state.rows
    hand = state.hands[player]
    best = 0
    for row, card, knowers in zip(rows, state.destinations, state.knowers, strict=True):
        if row or card is None or card >= LUGGAGE or player not in knowers:
            continue
        low = card - card % MAX_VALUE  # the destination's first code
        run = longest = 0
        last = -2
        for c in hand:
            if low <= c < low + MAX_VALUE:
                run = run + 1 if c == last + 1 else 1
                longest = max(longest, run)
                last = c
        best = max(best, longest)
    if sum(1 for row in rows if row) >= MAX_OPEN_ROWS:
        return best / 2
    return best


def at_stake(state: State) -> int:
    """Return the cards the active player would take back if the luggage play of the open
    challenge window were challenged (B13): every card at that conveyor — its row and its
    destination card — if the row's luggage does not match the destination card (a
    special card as destination matches none); 0 if it matches or no window is open.

    >>> from boardrules.games import captain_bluff
    >>> at_stake(captain_bluff.new_game(2))
    0
    """
    v = state.window
    if v is None:
        return 0
    card = state.destinations[v]
    if card is None:
        return 0
    row = state.rows[v]
    return len(row) + 1 if is_bluff(card, row) else 0


def heuristic(state: State) -> tuple[float, ...]:
    """Estimate `returns(state)`: fewer cards in hand than the others is better (B16).

    At the end (a win or the turn limit) it is `returns` itself. Before, each player counts
    their hand size less half their `ready` cards, the active player also the cards
    `at_stake` in an open challenge window (a bluff counts as caught); their estimate is
    ``tanh((the others' mean count - own count) / 6)``, halved while all three rows hold
    luggage (B6: no row can start).

    >>> from boardrules.games import captain_bluff
    >>> heuristic(captain_bluff.new_game(3))
    (0.0, 0.0, 0.0)
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.heuristic", "captain_bluff.State", state)
    if is_terminal(state):
        return returns(state)
    n = state.players
    counts = [len(state.hands[p]) - _READY * ready(state, p) for p in range(n)]
    if state.window is not None:
        counts[state.active] += at_stake(state)
    total = sum(counts)
    worth = _FULL if sum(1 for row in state.rows if row) >= MAX_OPEN_ROWS else 1.0
    return tuple(worth * math.tanh(((total - own) / (n - 1) - own) / _SCALE) for own in counts)
