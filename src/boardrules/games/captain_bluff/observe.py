"""Captain Bluff observation and resampling (B18).

What a player knows: their own hand; every hand's size; the cards every player saw go
into a hand face up (`State.exposed`), among them the luggage picked up that may not be
used before the picker's next turn (`State.picked_up`, B14); the rows and the values
their stars stand for; the face-up discards and the plus-one cards out of the game; the
draw pile's size; and each face-down destination card — at a conveyor or in the discard
pile — that they placed, checked, eyed or swapped in. Who knows which face-down card is
public (everyone sees who looks at what). Between the two steps of a swap (B9) everyone
sees from which conveyor the active player took a card; only that player sees which.
"""

from __future__ import annotations

import random
from typing import TypeAlias

import attrs

from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.captain_bluff.actions import Action, Draw, SetDestination
from boardrules.games.captain_bluff.cards import LUGGAGE
from boardrules.games.captain_bluff.rules import _State, _without, deal_recipient, to_move
from boardrules.games.captain_bluff.state import FaceDown, Options, Stage, State
from boardrules.registry import picture

__all__ = ["BuriedView", "Observation", "announce", "observe", "resample"]


@attrs.frozen
class BuriedView:
    """A face-down destination card in the discard pile, as one player sees it."""

    card: int | None
    """The card, if the observer knows it; else ``None``."""
    known_by: frozenset[int]
    """The players who know it."""


@attrs.frozen
class Observation:
    """What a player (or a spectator) may know (B18)."""

    player: int | None
    """The observing player, or ``None`` for a spectator."""
    options: Options
    """The options of the game."""
    players: int
    """Number of players."""
    stage: Stage
    """Deal, setup placement or play."""
    hand: tuple[int, ...] | None
    """The observer's own hand, ascending (``None`` for a spectator)."""
    hand_sizes: tuple[int, ...]
    """Every player's number of cards."""
    exposed: tuple[tuple[int, ...], ...]
    """For each player, the cards everybody knows they hold."""
    picked_up: tuple[tuple[int, ...], ...]
    """For each player, the luggage they picked up that they may use only from their next
    turn on (B14); part of `exposed`."""
    draw_size: int
    """Cards in the draw pile."""
    discard: tuple[int, ...]
    """The face-up discards, ascending."""
    buried: tuple[BuriedView, ...]
    """The face-down discards: unknown ones first, then known ones by card; ties by knowers."""
    removed: tuple[int, ...]
    """The plus-one cards out of the game."""
    stowed_size: int
    """Specials that left the game unseen at setup."""
    reshuffled: bool
    """Whether the discard pile has been shuffled into the draw pile yet (B15)."""
    has_destination: tuple[bool, ...]
    """Whether each conveyor has a destination card."""
    destinations: tuple[int | None, ...]
    """Each conveyor's destination card if the observer knows it, else ``None``."""
    knowers: tuple[frozenset[int], ...]
    """Who knows each conveyor's destination card."""
    rows: tuple[tuple[int, ...], ...]
    """The rows, in play order."""
    star_values: tuple[tuple[int, ...], ...]
    """For each row, the values its stars stand for, in row order (B12)."""
    turn: int
    """Turns completed."""
    main_done: bool
    """Whether the active player took the turn's main action."""
    special_used: bool
    """Whether the active player played the turn's special."""
    window: int | None
    """The conveyor of the open challenge window, if any."""
    polled: int | None
    """The player asked to challenge or pass."""
    swap: tuple[int, int | None] | None
    """The swap in progress (B9): the conveyor the active player took the destination card
    from and the card, for that player only (``None`` for the others) unless it is a
    luggage card everyone knew; else ``None``."""
    draws: tuple[int, ...]
    """Players still to draw a card."""
    winner: int | None
    """The winner, once there is one."""

    def _repr_svg_(self) -> str:
        """Return the picture of this observation, for Jupyter (see `svg`)."""
        return picture(self)


def _buried_view_key(b: BuriedView) -> tuple[int, tuple[int, ...]]:
    return (-1 if b.card is None else b.card), tuple(sorted(b.known_by))


def observe(state: State, player: int | None) -> Observation:
    """Return what `player` may know (``None``: a spectator's public view).

    >>> from boardrules.games.captain_bluff import new_game
    >>> observe(new_game(2), 0).hand_sizes
    (0, 0)
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.observe", "captain_bluff.State", state)
    check_player(player, state.players)
    buried = tuple(sorted(
        (BuriedView(f.card if player in f.known_by else None, f.known_by) for f in state.buried),
        key=_buried_view_key,
    ))
    return Observation(
        player, state.options, state.players, state.stage,
        None if player is None else state.hands[player],
        tuple(map(len, state.hands)), state.exposed, state.picked_up, len(state.draw),
        state.discard, buried, state.removed, len(state.stowed), state.reshuffled,
        tuple(d is not None for d in state.destinations),
        tuple(d if player in k else None for d, k in zip(state.destinations, state.knowers,
                                                          strict=True)),
        state.knowers, state.rows, state.star_values, state.turn, state.main_done,
        state.special_used, state.window, state.polled, _swap_seen(state, player), state.draws,
        state.winner,
    )


def _swap_seen(state: State, player: int | None) -> tuple[int, int | None] | None:
    """Return the swap in progress as `player` sees it (see `Observation.swap`)."""
    swap = state.swap
    if swap is None or player == state.active or _public(swap[1], state.exposed[state.active]):
        return swap
    return swap[0], None


def _public(taken: int, exposed: tuple[int, ...]) -> bool:
    """Return whether everyone knows which card a swap took: a luggage card (each is unique)
    that everybody knows the taker holds, so everybody knew it at the conveyor."""
    return taken < LUGGAGE and taken in exposed


def announce(state: State, action: Action, observer: int | None) -> str:
    """Return what `observer` (``None``: a spectator) sees of `action` taken in `state`.

    The notation, with ``?`` for what the observer may not know (B18): the card another
    player is dealt or draws (``draw ?``) and the card another player puts face down as a
    destination (``set 3 ?``, the second step of a swap too). Taking a destination card
    (``take 3``) shows everyone the conveyor, not the card.
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.announce", "captain_bluff.State", state)
    if not isinstance(action, Action):
        raise wrong_game("captain_bluff.announce action", "captain_bluff action", action)
    check_player(observer, state.players)
    kind = type(action)
    if kind is Draw:
        drawer = deal_recipient(state)[0] if state.stage is Stage.DEAL else state.draws[0]
        return str(action) if observer == drawer else "draw ?"
    if kind is SetDestination and observer != to_move(state):
        assert isinstance(action, SetDestination)
        return f"set {action.conveyor} ?"
    return str(action)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Return a state `player` cannot tell from `state`, every unknown card redrawn.

    The cards the player does not know — other hands beyond their exposed cards, the
    draw pile, destination cards and face-down discards the player does not know, the
    specials stowed at setup — are dealt again uniformly among those places, keeping
    each place's size and what the deal fixes: during the deal each hand and the draw
    pile keep their numbers of luggage and specials; while the first destinations are
    placed, each other player's hand together with the destinations they placed keeps
    the dealt numbers; stowed cards are specials; unless option ``specials_in_draw_pile``
    put them there, the draw pile holds only luggage until the discard pile first becomes
    the draw pile (B3, B15); and while a plus-one's draw is pending the draw pile holds at
    least one luggage card (B12). The luggage picked up (B14) is exposed, so it stays.
    During a swap (B9) the card taken stays for the taker, and for everyone when it is a
    luggage card everyone knew; for any other player it is redrawn among the taker's
    hidden cards (among their exposed specials if none is hidden).
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.resample", "captain_bluff.State", state)
    check_player(player, state.players, spectator=False)
    n = state.players
    stage = state.stage
    hand_parts = [() if p == player else _without(state.hands[p], state.exposed[p])
                  for p in range(n)]
    slots_dest = [v for v, (d, k) in enumerate(zip(state.destinations, state.knowers, strict=True))
                  if d is not None and player not in k]
    # Unknown face-down discards in an order the player can see (by knowers), so that
    # the redrawn world depends only on what the player knows.
    slots_buried = sorted((i for i, f in enumerate(state.buried) if player not in f.known_by),
                          key=lambda i: sorted(state.buried[i].known_by))
    current: dict[_Place, tuple[int, ...]] = {("draw", 0): state.draw, ("stowed", 0):
                                               state.stowed}
    for p in range(n):
        current["hand", p] = hand_parts[p]
    for v in slots_dest:
        current["dest", v] = (state.destinations[v],)  # type: ignore[assignment]
    for i in slots_buried:
        current["buried", i] = (state.buried[i].card,)
    fixed = _fixed_groups(state, player, slots_dest)
    grouped = {place for group in fixed for place in group}
    free = [place for place in current if place not in grouped]
    pool = sorted(c for cards in current.values() for c in cards)
    luggage_pool = [c for c in pool if c < LUGGAGE]
    special_pool = [c for c in pool if c >= LUGGAGE]
    rng.shuffle(luggage_pool)
    rng.shuffle(special_pool)
    assigned: dict[_Place, tuple[int, ...]] = {}

    def deal_out(places: list[_Place], cards: list[int]) -> None:
        start = 0
        for place in places:
            size = len(current[place])
            assigned[place] = tuple(sorted(cards[start:start + size]))
            start += size

    for group in fixed:
        cards = [c for place in group for c in current[place]]
        luggage = sum(1 for c in cards if c < LUGGAGE)
        specials = len(cards) - luggage
        mine = luggage_pool[:luggage] + special_pool[:specials]
        del luggage_pool[:luggage], special_pool[:specials]
        rng.shuffle(mine)
        deal_out(group, mine)
    rest = luggage_pool + special_pool
    # A plus-one's draw still pending tells everyone the draw pile holds luggage (B12: it
    # would have been skipped otherwise). Redealing the free places until it does draws
    # exactly from the worlds with that property: the fixed groups do not depend on it.
    luggage_drawn = ("draw", 0) in free and bool(state.draws) and state.draws[0] != state.active
    while True:
        rng.shuffle(rest)
        deal_out(free, rest)
        if not luggage_drawn or assigned["draw", 0][0] < LUGGAGE:
            break
    hands = tuple(state.hands[p] if p == player
                  else tuple(sorted(state.exposed[p] + assigned["hand", p])) for p in range(n))
    destinations = list(state.destinations)
    for v in slots_dest:
        destinations[v] = assigned["dest", v][0]
    buried = list(state.buried)
    for i in slots_buried:
        buried[i] = FaceDown(assigned["buried", i][0], buried[i].known_by)
    buried.sort(key=lambda f: (f.card, tuple(sorted(f.known_by))))
    swap = state.swap
    if swap is not None and player != state.active and not _public(swap[1], state.exposed[
            state.active]):
        swap = swap[0], rng.choice(_swap_candidates(assigned["hand", state.active],
                                                    state.exposed[state.active]))
    return _State(
        options=state.options, players=n, stage=stage, hands=hands, exposed=state.exposed,
        picked_up=state.picked_up, draw=assigned["draw", 0], discard=state.discard,
        buried=tuple(buried), removed=state.removed, stowed=assigned["stowed", 0],
        reshuffled=state.reshuffled, destinations=tuple(destinations), knowers=state.knowers,
        rows=state.rows, star_values=state.star_values, turn=state.turn, main_done=state.main_done,
        special_used=state.special_used, window=state.window, polled=state.polled, swap=swap,
        draws=state.draws, winner=state.winner)


def _swap_candidates(hidden: tuple[int, ...], exposed: tuple[int, ...]) -> tuple[int, ...]:
    """Return the cards of the taker's hand another player may take for the card a swap took
    (B9), as the observation tells them apart: the hidden cards, or, if none is hidden, the
    exposed specials (the card taken is no picked-up luggage, and exposed luggage would be
    public). Any of them leaves another usable card to put down."""
    return hidden or tuple(c for c in exposed if c >= LUGGAGE)


_Place: TypeAlias = tuple[str, int]
"""A place of hidden cards: ``("hand", p)``, ``("draw", 0)``, ``("dest", v)``,
``("buried", i)`` or ``("stowed", 0)``."""


def _fixed_groups(state: State, player: int, slots_dest: list[int]) -> list[list[_Place]]:
    """Return the groups of places `resample` deals together keeping their numbers of
    luggage and specials, in an order the player can see (the other places take any
    cards)."""
    fixed: list[list[_Place]] = [[("stowed", 0)]]
    if state.stage is not Stage.PLAY:
        for p in range(state.players):
            if p == player:
                continue
            group: list[_Place] = [("hand", p)]
            group += [("dest", v) for v in slots_dest if state.knowers[v] == frozenset({p})]
            fixed.append(group)
    if state.stage is not Stage.PLAY or not (state.reshuffled
                                             or state.options.specials_in_draw_pile):
        # The deal fixes the draw pile's make-up; so does B3 (unless the option puts the
        # specials left into it) until the first reshuffle: everyone knows the pile holds
        # only luggage (B3, B15).
        fixed.append([("draw", 0)])
    return fixed
