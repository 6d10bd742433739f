"""Whales Rivals observations and resampling (W21-W24).

What a player knows:

* their own hand and, by elimination, the contents of their own deck; of the
  opponent only the sizes of hand and deck (W21);
* their own whales at the packs; of the opponent's, the face-up ones and where the
  face-down ones lie, not their values (W22);
* the grey cards that have lain face up, and the face-down grey cards they have
  looked at (an Exploration) — and, for every grey card, who has looked at it (W23);
* their own captured cards; of the opponent's, how many and those they knew (W24).
  At the end of the game the captured piles are revealed to everyone (ruling);
* the whales revealed at each pack at the last end of a round (W15).

Discard piles are public. A spectator (``None``) sees only what is public.
"""

from __future__ import annotations

import random

import attrs

from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.whales_rivals.actions import Action, DealGrey, Draw, PlayWhale
from boardrules.games.whales_rivals.cards import (
    DEAL_ORDER,
    PLAYERS,
    TURTLE,
    Grey,
    grey_key,
)
from boardrules.games.whales_rivals.rules import _can_act
from boardrules.games.whales_rivals.rules import _Pack as build_pack
from boardrules.games.whales_rivals.rules import _State as build_state
from boardrules.games.whales_rivals.state import Options, Pack, Phase, Reveal, State
from boardrules.registry import picture

__all__ = [
    "GreyView", "Observation", "PackView", "WhaleView", "announce", "observe", "resample",
]


@attrs.frozen
class GreyView:
    """A grey card as the observer sees it."""

    value: int | None
    """The value, or ``None`` when the observer does not know it."""
    shown: bool
    """Whether the card has lain face up (public)."""
    seen: tuple[bool, bool]
    """Whether each player has looked at it (public: Explorations and captures are seen)."""


@attrs.frozen
class WhaleView:
    """A whale at a pack as the observer sees it."""

    value: int | None
    """The value, or ``None`` for an opponent's face-down whale."""
    face_up: bool
    """Whether it lies face up."""


@attrs.frozen
class PackView:
    """A pack as the observer sees it."""

    grey: tuple[GreyView, ...]
    """The grey cards, bottom to top."""
    whales: tuple[tuple[WhaleView, ...], tuple[WhaleView, ...]]
    """Each player's whales here, in the order played."""


@attrs.frozen
class Observation:
    """What a player (or a spectator) may know of a state (W21-W24)."""

    player: int | None
    """The observing player, or ``None`` for a spectator."""
    options: Options
    """The options of the game."""
    round: int
    """The round, 1-3."""
    phase: Phase
    """What happens next."""
    to_act: int
    """The player whose turn it is."""
    starter: int
    """The player who started this round."""
    opening: bool
    """Whether this is the round's one-action first turn."""
    actions_left: int
    """Actions left in this turn."""
    dealt: int
    """Grey cards dealt so far this round while dealing."""
    hand: tuple[int, ...]
    """The observer's hand, sorted (``()`` for a spectator)."""
    deck: tuple[int, ...]
    """The observer's deck contents, sorted: known by elimination (``()`` for a spectator)."""
    hand_sizes: tuple[int, int]
    """Cards in each player's hand."""
    deck_sizes: tuple[int, int]
    """Cards in each player's deck."""
    discards: tuple[tuple[int, ...], tuple[int, ...]]
    """Each player's discard pile (public)."""
    grey_deck_size: int
    """Cards in the grey deck."""
    packs: tuple[PackView, PackView, PackView]
    """The three packs."""
    captured: tuple[tuple[GreyView, ...], tuple[GreyView, ...]]
    """Each player's captured cards: known cards by value, then unknown ones (their count shows)."""
    unclaimed: tuple[GreyView, ...]
    """Cards of packs tied in round 3, ordered like `captured`."""
    revealed: Reveal
    """The whales revealed at the last end of a round, public (W15): for each pack, each
    player's values in the order played (all empty before the first end)."""

    def _repr_svg_(self) -> str:
        """Return the picture of this observation, for Jupyter (see `svg`)."""
        return picture(self)


def _grey_view(card: Grey, player: int | None, reveal: bool) -> GreyView:
    known = reveal or card.shown or (player is not None and card.seen[player])
    return GreyView(card.value if known else None, card.shown, card.seen)


def _pile_view(cards: tuple[Grey, ...], player: int | None,
               reveal: bool) -> tuple[GreyView, ...]:
    # Sorted by what the observer can see, so the order never hints at hidden values.
    views = [_grey_view(c, player, reveal) for c in cards]
    return tuple(sorted(views, key=lambda v: (v.value is None, v.value or 0, v.shown, v.seen)))


def _pack_view(pack: Pack, player: int | None) -> PackView:
    whales = tuple(
        tuple(WhaleView(w.value if w.face_up or owner == player else None, w.face_up)
              for w in pack.whales[owner])
        for owner in range(PLAYERS)
    )
    return PackView(tuple(_grey_view(g, player, False) for g in pack.grey),
                    (whales[0], whales[1]))


def observe(state: State, player: int | None) -> Observation:
    """Return what `player` may know (``None``: a spectator), by W21-W24.

    >>> from boardrules.games.whales_rivals import new_game, DealGrey, apply
    >>> state = apply(apply(new_game(2), DealGrey(4)), DealGrey(6))
    >>> [g.value for g in observe(state, 1).packs[1].grey]
    [None]
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.observe", "whales_rivals.State", state)
    check_player(player, PLAYERS)
    reveal = state.phase is Phase.OVER
    a, b, c = state.packs
    own = player is not None
    return Observation(
        player, state.options, state.round, state.phase, state.player, state.starter,
        state.opening, state.actions_left, state.dealt,
        state.hands[player] if own else (),  # type: ignore[index]  # own: player is an int
        state.decks[player] if own else (),  # type: ignore[index]
        (len(state.hands[0]), len(state.hands[1])),
        (len(state.decks[0]), len(state.decks[1])),
        state.discards, len(state.grey_deck),
        (_pack_view(a, player), _pack_view(b, player), _pack_view(c, player)),
        (_pile_view(state.captured[0], player, reveal),
         _pile_view(state.captured[1], player, reveal)),
        _pile_view(state.unclaimed, player, reveal), state.revealed,
    )


def announce(state: State, action: Action, observer: int | None) -> str:
    """Return what `observer` (``None``: a spectator) sees of `action` taken in `state`.

    The notation, with ``?`` for what the observer may not know: a grey card dealt face
    down (``deal ?``), another player's draw (``draw ?``) and the value of an opponent's
    whale played face down (``?>2``).

    >>> from boardrules.games.whales_rivals import new_game, DealGrey, apply
    >>> state = apply(new_game(2), DealGrey(4))          # pack 1's only card: face up
    >>> announce(state, DealGrey(6), 0)                  # pack 2's first card: face down
    'deal ?'
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.announce", "whales_rivals.State", state)
    if not isinstance(action, Action):
        raise wrong_game("whales_rivals.announce action", "whales_rivals action", action)
    check_player(observer, PLAYERS)
    kind = type(action)
    if kind is DealGrey:
        return str(action) if DEAL_ORDER[state.dealt][1] else "deal ?"
    if kind is Draw:
        return str(action) if observer == state.player else "draw ?"
    if kind is PlayWhale and observer != state.player:
        assert isinstance(action, PlayWhale)
        if not action.face_up:
            return f"?>{action.pack + 1}"
    return str(action)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Return a state `player` cannot tell from `state`, every hidden card redrawn.

    Redrawn uniformly among the arrangements consistent with what `player` knows:
    the opponent's hand, deck and face-down whales (a turtle never lies at a pack),
    and the grey cards `player` does not know (grey deck, unseen pack cards, unseen
    captured cards of the opponent). Sizes, positions and who-has-seen-what stay.
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.resample", "whales_rivals.State", state)
    check_player(player, PLAYERS, spectator=False)
    q = 1 - player
    packs = state.packs
    # The opponent's cards: hand, deck and face-down whales.
    slots = [(i, s) for i in range(3) for s, w in enumerate(packs[i].whales[q]) if not w.face_up]
    pool = [*state.decks[q], *state.hands[q]]
    pool.extend(packs[i].whales[q][s].value for i, s in slots)
    # Sorted first: the draw must depend only on what the player knows (the multiset),
    # never on where the hidden cards really are.
    whales_pool = sorted(v for v in pool if v != TURTLE)
    rng.shuffle(whales_pool)
    down = whales_pool[:len(slots)]
    rest = whales_pool[len(slots):] + [TURTLE] * (len(pool) - len(whales_pool))
    size = len(state.hands[q])
    # An opponent who is to act has a legal action (W13, W14): when only a turtle could
    # give them one, draw again until their hand holds one (rejection keeps the draw
    # uniform among the consistent worlds; the true hand is one, so it ends).
    must_act = state.phase is Phase.ACT and state.player == q
    while True:
        rng.shuffle(rest)
        hand = tuple(sorted(rest[:size]))
        if not must_act or _can_act(hand, q, packs):
            break
    deck = tuple(sorted(rest[size:]))
    tables = state.options.tables
    new_whales = [list(pack.whales[q]) for pack in packs]
    for (i, s), value in zip(slots, down, strict=True):
        new_whales[i][s] = tables.whales[value, False]
    # The grey cards the player does not know (`Grey.known_to` written out: a card is
    # known when shown or seen; searches resample millions of worlds).
    over = state.phase is Phase.OVER
    unknown = [] if over else [g.value for pack in packs for g in pack.grey
                               if not (g.shown or g.seen[player])]
    theirs = state.captured[q]
    if not over:
        unknown.extend(g.value for g in theirs if not (g.shown or g.seen[player]))
        unknown.extend(state.grey_deck)
    unknown.sort()
    rng.shuffle(unknown)
    draw = iter(unknown)
    greys = tables.greys
    new_packs = []
    for i, pack in enumerate(packs):
        whales_q = tuple(new_whales[i])
        new_packs.append(build_pack(
            grey=pack.grey if over else tuple(
                g if g.shown or g.seen[player] else greys[next(draw), False, g.seen[0], g.seen[1]]
                for g in pack.grey),
            whales=(pack.whales[0], whales_q) if q == 1 else (whales_q, pack.whales[1]),
        ))
    new_theirs = tuple(sorted(
        theirs if over else (
            g if g.shown or g.seen[player] else greys[next(draw), False, g.seen[0], g.seen[1]]
            for g in theirs), key=grey_key))
    grey_deck = state.grey_deck if over else tuple(sorted(draw))
    captured = (state.captured[0], new_theirs) if q == 1 else (new_theirs, state.captured[1])
    return build_state(
        options=state.options, round=state.round, phase=state.phase, player=state.player,
        starter=state.starter, opening=state.opening, actions_left=state.actions_left,
        dealt=state.dealt, decks=(state.decks[0], deck) if q == 1 else (deck, state.decks[1]),
        hands=(state.hands[0], hand) if q == 1 else (hand, state.hands[1]),
        discards=state.discards, grey_deck=grey_deck,
        packs=(new_packs[0], new_packs[1], new_packs[2]), captured=captured,
        unclaimed=state.unclaimed, revealed=state.revealed)
