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
re-checking a known one is worth nothing. And with two players, while all three rows
are taken a lead is worth half (no row can start until one closes, and a game nobody
can play in ends at the turn limit, a draw): the player ahead gains by breaking the
stall.

That made the bots bluff instead (issue #30): a rollout answers a luggage play with a
random challenge or pass, and a heuristic that scores a position with the challenge
window still open counts the played cards as shed, so a play onto a conveyor of another
destination looked as good as an honest one. A real opponent who knows the destination
card challenges it. So while a window is open, a play that does not match the
destination card of the sampled world counts as caught (`at_stake`): the active player
holds every card at that conveyor again, as after a successful challenge (B13).

With three players or more, full rows are scored otherwise (issue #30). Halving every
estimate made the stall attractive to the players behind, two of three (a deficit halved
is a smaller one), and closing a row frees a start for the next player first, so nobody
closed: one game at 1,000 iterations ran to the turn limit. Without the halving, one game
in ten still reached a 400-turn cap, and with 0.1 off, one stood still for 89 turns. So
while all rows are taken each estimate stays whole and costs every player 0.2 (`_STALL`;
never below -1, a loss): closing a row earns the player to move that much, and taking
the third row with two cards or more still pays (each card shed is worth up to about
0.16). A quarter off a halved estimate, tried first, ended the games too, but counted
against taking the third row and lost.
"""

from __future__ import annotations

import math
import random
from typing import Final

import attrs

from boardrules._owners import wrong_game
from boardrules.games.captain_bluff.cards import LUGGAGE, MAX_VALUE, destination_of
from boardrules.games.captain_bluff.rules import MAX_OPEN_ROWS, is_bluff, is_terminal, returns
from boardrules.games.captain_bluff.state import State

__all__ = ["HONEST", "ROLLOUT_LIMIT", "WIDEN_FROM", "at_stake", "believe", "heuristic", "ready"]

ROLLOUT_LIMIT: Final = 5
"""Steps (chance included) an `ISMCTSBot` rollout plays before `heuristic` scores it, with
``rollout_limit="auto"``: about one turn (a random game runs to the turn limit)."""

WIDEN_FROM: Final = 3
"""An `ISMCTSBot` node with this many legal actions or more (``widen="auto"``) tries its
untried actions best first, by `heuristic` one step ahead, and widens progressively: with
up to 500 legal actions (every destination, run and star value) most would otherwise get
one visit at the default budget, and an answer to a luggage play would be a random one of
challenge, pass and a dozen pick-ups, so a bluff went unchallenged in the search."""

HONEST: Final = 0.9
"""How often `believe` takes a player who knows a conveyor's destination card to play
luggage there honestly: the likelihood of a row's destination given that someone who
knows the card let it stand or built it."""

_SCALE: Final = 6.0
"""Cards of difference to the others' mean that make an estimate of about ±0.76 (it was 4:
a lead of 8 cards scored 0.96, and a card more or less hardly counted)."""
_READY: Final = 0.5
"""What each card of a player's `ready` play is worth, in cards of hand size: half a card
(it is not shed yet, and a challenge or another player may stop it)."""
_FULL: Final = 0.5
"""What a lead is worth in a two-player game while all three rows are taken (no new row can
start until one closes): half, so the player ahead gains by breaking the stall."""
_STALL: Final = 0.2
"""What all three rows taken cost every player of three or more: a table that leaves them
so heads for the turn limit, a draw, and closing a row helps the next player first."""


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
    ``tanh((the others' mean count - own count) / 6)``; while all three rows hold luggage
    (B6: no row can start), halved with two players, and 0.2 less with more (never below
    -1, a loss).

    >>> from boardrules.games import captain_bluff
    >>> heuristic(captain_bluff.new_game(3))
    (0.0, 0.0, 0.0)
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.heuristic", "captain_bluff.State", state)
    if is_terminal(state):
        return returns(state)
    whole = _whole(state)
    if sum(1 for row in state.rows if row) < MAX_OPEN_ROWS:
        return whole
    if state.players == 2:
        return tuple(_FULL * t for t in whole)
    return tuple(max(-1.0, t - _STALL) for t in whole)


def _whole(state: State) -> tuple[float, ...]:
    """Return each player's estimate before full rows count: ``tanh((the others' mean
    count - own count) / 6)``."""
    n = state.players
    counts = [len(state.hands[p]) - _READY * ready(state, p) for p in range(n)]
    if state.window is not None:
        counts[state.active] += at_stake(state)
    total = sum(counts)
    return tuple(math.tanh(((total - own) / (n - 1) - own) / _SCALE) for own in counts)


def believe(world: State, player: int, rng: random.Random) -> State:
    """Return `world`, a `resample` for `player`, with each unknown destination card of a
    row reweighted by what the row says: luggage a player who knows the card played or let
    stand there is likely of the card's destination.

    `resample` draws an unknown destination card uniformly (its contract: every world the
    player cannot tell apart, alike), so a searching bot that does not know the card sees
    an honest play onto it as a bluff two times in three and challenges it, and the
    challenger takes the row (B13; issue #30: 24 of 46 honest plays were challenged in a
    traced game). Here, for each conveyor with a row whose card `player` does not know and
    another player does, the card is of the row's destination with the probability Bayes'
    rule gives from the share of such cards among those `player` does not know and
    `HONEST`; if so, it trades places with one of those cards drawn uniformly from another
    player's hidden hand, the draw pile or another unknown destination card. Only luggage
    trades with luggage, so every count `resample` keeps stays. What it uses — the rows, who
    knows which card, the cards unknown to `player` — `player` knows, so the result still
    depends only on `player`'s knowledge and `rng`.

    >>> import random
    >>> from boardrules.games import captain_bluff
    >>> start = captain_bluff.new_game(2)
    >>> believe(start, 0, random.Random(1)) is start  # no row yet
    True
    """
    if type(world) is not State:
        raise wrong_game("captain_bluff.believe", "captain_bluff.State", world)
    rows = world.rows
    if world.swap is not None or not any(rows):
        return world
    n = world.players
    places: list[tuple[int, list[int]]] = []  # (-1 - conveyor | hand | n: draw, its cards)
    for p in range(n):
        if p != player:
            hidden = list(world.hands[p])
            for c in world.exposed[p]:
                hidden.remove(c)
            places.append((p, hidden))
    places.append((n, list(world.draw)))
    unknown = [v for v, (d, k) in enumerate(zip(world.destinations, world.knowers, strict=True))
               if d is not None and player not in k]
    for v in unknown:
        places.append((-1 - v, [world.destinations[v]]))  # type: ignore[list-item]
    pool = sum(len(cards) for _, cards in places)
    changed = False
    for v in unknown:
        row = rows[v]
        card = world.destinations[v]
        if (not row or card is None or card >= LUGGAGE or len(world.knowers[v]) == 0
                or not is_bluff(card, row)):
            continue
        claimed = destination_of(row[0])
        matching = [(i, j) for i, (where, cards) in enumerate(places)
                    if where >= 0 or not rows[-1 - where]  # a row's card has its own evidence
                    for j, c in enumerate(cards) if c < LUGGAGE and destination_of(c) == claimed]
        if not matching:
            continue
        prior = sum(1 for _, cards in places for c in cards
                    if c < LUGGAGE and destination_of(c) == claimed) / pool
        honest = prior * HONEST / (prior * HONEST + (1 - prior) * (1 - HONEST))
        # The card is of another destination now; it becomes one of `claimed` with the
        # probability that lifts P(match) from `prior` to `honest`.
        if rng.random() >= (honest - prior) / (1 - prior):
            continue
        i, j = matching[rng.randrange(len(matching))]
        mine = next(k for k, (where, _) in enumerate(places) if where == -1 - v)
        places[mine][1][0], places[i][1][j] = places[i][1][j], card
        changed = True
    if not changed:
        return world
    hands = list(world.hands)
    destinations = list(world.destinations)
    draw = world.draw
    for where, cards in places:
        if where < 0:
            destinations[-1 - where] = cards[0]
        elif where == n:
            draw = tuple(sorted(cards))
        else:
            hands[where] = tuple(sorted([*world.exposed[where], *cards]))
    return attrs.evolve(world, hands=tuple(hands), destinations=tuple(destinations), draw=draw)
