"""Lustry observation and resampling (L19).

What a player knows, tracked in the state card by card:

* their own hand; of the opponent's hand, the colour of every card (each deck's backs show
  its colour, and every card that enters or leaves a hand does so from or to a pile of a
  known colour, or face up) and the cards in `State.exposed` (stolen cards, cards they put
  in a discard pile that the opponent drew, cards known to both that were drawn);
* of every discard pile, the size and colours; the cards of their own piles; the cards of
  the opponent's piles marked in `State.seen` (cards that reached the pile from the table:
  a removed blocker, an exchanged sequence; and a card discarded from a hand whose every
  card of that colour they knew to be a copy of it);
* of the pending draws, the colours and the cards drawn from a pile position they knew;
* the sizes of the draw piles; everything laid on the table, and so the cards of an
  exchanged sequence waiting to go under the discard piles (`State.exchanged`) and the order
  they go there in (each `PutUnder` is public, its position marked in `State.seen`).

A card hidden from the viewer is shown as its colour letter followed by ``?`` (``g?``).
The spectator (``None``) sees what both players know.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.lustry.actions import Action, Discard, Drawn
from boardrules.games.lustry.cards import COLOUR_INDEX, COLOURS, ORDER, card_colour
from boardrules.games.lustry.rules import _State as build_state
from boardrules.games.lustry.rules import discard_seen
from boardrules.games.lustry.state import Options, Phase, Sequence, State
from boardrules.registry import picture

__all__ = ["Observation", "announce", "observe", "resample"]

_HIDDEN = {c: c + "?" for c in COLOURS}
_ORDER_KEY = dict(ORDER).__getitem__  # a plain dict's method: cheaper than the mapping's


@attrs.frozen
class Observation:
    """What a player (or a spectator) sees (L19); hidden cards are shown as ``r?``, ``g?``,
    ``b?``."""

    player: int | None
    """The observing player, or ``None`` for a spectator."""
    options: Options
    """The options of the game."""
    phase: Phase
    """What is happening."""
    current: int
    """The player whose turn it is."""
    turn: int
    """Turns completed so far."""
    draw_sizes: tuple[int, ...]
    """The number of cards in each draw pile (red, green, blue)."""
    discards: tuple[tuple[str, ...], ...]
    """The six discard piles (``3 * owner + colour``), top first, as the viewer sees them."""
    seen: tuple[tuple[bool, ...], ...]
    """For each discard position, whether the pile owner's opponent knows the card."""
    hands: tuple[tuple[str, ...], ...]
    """Both hands as the viewer sees them: known cards, then hidden ones by colour."""
    exposed: tuple[tuple[str, ...], ...]
    """For each hand, the cards the holder's opponent knows are there."""
    pending: tuple[str, ...]
    """The cards drawn this turn and not yet looked at, in the order drawn."""
    pending_known: tuple[int, ...]
    """For each pending card, who knows it (bit 0 player 0, bit 1 player 1)."""
    source: str | None
    """The draw pile a card is coming off, or ``None``."""
    sequences: tuple[Sequence, ...]
    """The laid sequences (``3 * player + colour``; `NO_SEQUENCE` where none is laid)."""
    steals: tuple[int, ...]
    """Laid steal cards (``3 * player + colour``)."""
    exchanged: tuple[str, ...]
    """The cards of an exchanged sequence still to go under the discard piles (public)."""
    named: str | None
    """The colour named by a steal awaiting its defence, or ``None``."""
    progress: bool
    """Whether a card has been added to a sequence this turn."""
    stall: int
    """Consecutive turns counted towards the deadlock draw."""
    winner: int | None
    """The winner once the game is over."""

    def _repr_svg_(self) -> str:
        """Return the picture of this observation, for Jupyter (see `svg`)."""
        return picture(self)


def _hand_view(hand: tuple[str, ...], exposed: tuple[str, ...]) -> tuple[str, ...]:
    hidden = Counter(hand)
    hidden.subtract(exposed)
    out = list(exposed)
    for colour in COLOURS:
        out.extend([_HIDDEN[colour]] * sum(n for k, n in hidden.items() if k[0] == colour))
    return tuple(out)


def observe(state: State, player: int | None) -> Observation:
    """Return what `player` sees (L19); ``None``: what both players know.

    >>> from boardrules.games.lustry import Draw, Drawn, apply, new_game
    >>> state = apply(apply(new_game(2), Draw("r")), Drawn("r5cf"))
    >>> observe(state, 0).pending, observe(state, 1).draw_sizes
    (('r?',), (24, 25, 25))
    """
    if type(state) is not State:
        raise wrong_game("lustry.observe", "lustry.State", state)
    check_player(player, 2)
    discards = []
    for i, (pile, marks) in enumerate(zip(state.discards, state.seen, strict=True)):
        if player is not None and i // 3 == player:
            discards.append(pile)
        else:
            hidden = _HIDDEN[COLOURS[i % 3]]
            discards.append(tuple(card if mark else hidden
                                  for card, mark in zip(pile, marks, strict=True)))
    hands = tuple(state.hands[p] if p == player else _hand_view(state.hands[p], state.exposed[p])
                  for p in (0, 1))
    bits = 3 if player is None else 1 << player
    pending = tuple(card if mask & bits == bits else _HIDDEN[card[0]]
                    for card, mask in zip(state.pending, state.pending_known, strict=True))
    return Observation(player, state.options, state.phase, state.player, state.turn,
                       tuple(len(pile) for pile in state.draw), tuple(discards), state.seen,
                       hands, state.exposed, pending, state.pending_known, state.source,
                       state.sequences, state.steals, state.exchanged, state.named,
                       state.progress, state.stall, state.winner)


def announce(state: State, action: Action, observer: int | None) -> str:
    """Return what `observer` (``None``: a spectator) sees of `action` taken in `state`.

    The notation, with ``?`` for what the observer may not know (L7, L19): a card coming
    off a draw pile is unseen by everyone until drawing is over (``drawn ?``), and a card
    the opponent discards from hand shows only its colour (``discard g?``) — unless the
    opponent knew which card it must be (ruling 11: every card of that colour in the hand
    was a known copy of it; the discard position is then marked in `State.seen`). Every
    other action is public, the cards put under the piles after an exchange included
    (``under r2cf``: the card was on the table, L14).

    >>> from boardrules.games.lustry import Draw, Drawn, apply, new_game
    >>> announce(apply(new_game(2), Draw("r")), Drawn("r5cf"), 0)
    'drawn ?'
    """
    if type(state) is not State:
        raise wrong_game("lustry.announce", "lustry.State", state)
    if not isinstance(action, Action):
        raise wrong_game("lustry.announce action", "lustry action", action)
    check_player(observer, 2)
    kind = type(action)
    if kind is Drawn:
        return "drawn ?"
    if kind is Discard and observer != state.player:
        assert isinstance(action, Discard)
        p = state.player
        if discard_seen(state.hands[p], state.exposed[p], action.card):
            return str(action)
        return f"discard {_HIDDEN[card_colour(action.card)]}"
    return str(action)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Return a state `player` cannot tell from `state`, every card they do not know redrawn.

    The cards `player` cannot see — the draw piles, the opponent's unexposed hand cards,
    pending cards they do not know and the opponent's discard positions they have not seen —
    are pooled by colour and dealt back at random into the same places.
    """
    if type(state) is not State:
        raise wrong_game("lustry.resample", "lustry.State", state)
    check_player(player, 2, spectator=False)
    q = 1 - player
    # One pool per colour: draw pile c holds cards of colour c only (validated).
    pools = [list(pile) for pile in state.draw]
    hidden_hand = Counter(state.hands[q])
    hidden_hand.subtract(state.exposed[q])
    hidden_colours = [0, 0, 0]
    for card, n in hidden_hand.items():
        pools[COLOUR_INDEX[card]].extend([card] * n)
        hidden_colours[COLOUR_INDEX[card]] += n
    bit = 1 << player
    for card, mask in zip(state.pending, state.pending_known, strict=True):
        if not mask & bit:
            pools[COLOUR_INDEX[card]].append(card)
    for i in range(3 * q, 3 * q + 3):
        for card, mark in zip(state.discards[i], state.seen[i], strict=True):
            if not mark:
                pools[COLOUR_INDEX[card]].append(card)
    for pool in pools:  # red, green, blue
        # sorted first, so the world drawn depends only on what the player knows and the rng
        pool.sort(key=_ORDER_KEY)
        rng.shuffle(pool)

    def deal(c: int, n: int) -> list[str]:
        """Take the next `n` cards of colour `c`, from the end of its pool."""
        pool = pools[c]
        cut = len(pool) - n
        cards = pool[cut:]
        del pool[cut:]
        return cards

    draw = tuple(tuple(sorted(deal(c, len(pile)), key=_ORDER_KEY))
                 for c, pile in enumerate(state.draw))
    hidden_new = [card for c in range(3) for card in deal(c, hidden_colours[c])]
    hand = tuple(sorted((*state.exposed[q], *hidden_new), key=_ORDER_KEY))
    hands = (state.hands[0], hand) if q == 1 else (hand, state.hands[1])
    pending = tuple(card if mask & bit else pools[COLOUR_INDEX[card]].pop()
                    for card, mask in zip(state.pending, state.pending_known, strict=True))
    discards = list(state.discards)
    for i in range(3 * q, 3 * q + 3):
        discards[i] = tuple(card if mark else pools[COLOUR_INDEX[card]].pop()
                            for card, mark in zip(state.discards[i], state.seen[i], strict=True))
    assert not any(pools)
    return build_state(options=state.options, phase=state.phase, player=state.player,
                       turn=state.turn, draw=draw, discards=tuple(discards), seen=state.seen,
                       hands=hands, exposed=state.exposed, pending=pending,
                       pending_known=state.pending_known, source=state.source,
                       sequences=state.sequences, steals=state.steals,
                       exchanged=state.exchanged, named=state.named, progress=state.progress,
                       stall=state.stall, winner=state.winner)
