"""Lustry rules: new_game, legal_actions, apply, to_move, returns, result.

Order of `legal_actions` (stable, documented):

* phase 1 (drawing): `Draw` from the draw piles (red, green, blue), then from the discard
  piles (player 0 red, green, blue, then player 1), empty piles left out;
* chance (a card comes off a draw pile): one `Drawn` per kind in the pile, canonical card order;
* phase 2: every `Lay`, `Exchange`, `Extend`, `Block`, `Unblock`, `Steal`, `Discard` — each
  group in the canonical order of the hand card it uses — then `EndTurn`;
* completing an exchange: one `PutUnder` per kind of the first colour (red, green, blue)
  among the exchanged cards still waiting, canonical card order;
* steal defence: `Allow`, then one `Defend` per kind of steal card in the defender's hand.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import chain, product
from typing import Final, assert_never

from boardrules._build import changer, slot_builder, successor_builder
from boardrules._owners import describe, not_an_action, wrong_game
from boardrules._seats import player_count
from boardrules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidOptionsError,
)
from boardrules.game import CHANCE, TERMINAL, Result, ToMove
from boardrules.games.lustry.actions import (
    ALLOW,
    BLOCK,
    DEFEND,
    DISCARD,
    DRAW_DECK,
    DRAW_DISCARD,
    DRAWN,
    END_TURN,
    EXTEND,
    LAY,
    PAIRS_FROM,
    PUT_UNDER,
    STEAL_ACTIONS,
    UNBLOCK,
    Action,
    Allow,
    Block,
    Defend,
    Discard,
    Draw,
    Drawn,
    EndTurn,
    Exchange,
    Extend,
    Lay,
    PutUnder,
    Steal,
    Unblock,
)
from boardrules.games.lustry.cards import (
    BRANCH,
    COLOUR_DECK,
    COLOUR_INDEX,
    COLOUR_NAMES,
    COLOURS,
    HAND_SIZE,
    INVERSE,
    KINDS,
    ORDER,
    STEAL,
    STEAL_CARDS,
    VALUE,
)
from boardrules.games.lustry.state import (
    NO_SEQUENCE,
    Options,
    Phase,
    Protection,
    Sequence,
    State,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "action_bound",
    "apply",
    "apply_unchecked",
    "chance_outcomes",
    "discard_seen",
    "inventory",
    "is_terminal",
    "legal_actions",
    "new_game",
    "result",
    "returns",
    "sample_chance",
    "scores",
    "to_move",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 2

_DRAW, _PLAY, _DEFEND, _OVER = Phase.DRAW, Phase.PLAY, Phase.DEFEND, Phase.OVER
_EXCHANGE: Final = Phase.EXCHANGE
_WHOLE: Final = Protection.SEQUENCE
_CI: Final = COLOUR_INDEX
_ORDER_KEY: Final = dict(ORDER).__getitem__
"""A card's canonical rank, the sort key of hands (a plain dict's method: cheaper to call
than the read-only mapping's)."""
_NO_PILES: Final[tuple[tuple[str, ...], ...]] = ((),) * 6
_NO_MARKS: Final[tuple[tuple[bool, ...], ...]] = ((),) * 6
_NO_SEQUENCES: Final[tuple[Sequence, ...]] = (NO_SEQUENCE,) * 6
_State: Final = slot_builder(State)
"""Builds a `State` from every field (the start of a game)."""
_next: Final = successor_builder(State)
"""``_next(state, field=value, ...)``: `state` with the fields named changed (every
successor state is built here or by a changer below: bots build millions)."""
# Changers: the frequent transitions, their fields by position (no test per field).
_drawing: Final = changer(State, "phase", "player", "turn", "draw", "discards", "seen",
                          "pending", "pending_known", "source", "exchanged", "named",
                          "progress", "stall", "winner")
"""`_after_draw` while phase 1 goes on."""
_playing: Final = changer(State, "phase", "player", "turn", "draw", "discards", "seen", "hands",
                          "exposed", "pending", "pending_known", "source", "exchanged", "named",
                          "progress", "stall", "winner")
"""`_after_draw` once phase 1 ends."""
_discarded: Final = changer(State, "phase", "player", "discards", "seen", "hands", "exposed",
                            "pending", "pending_known", "source", "exchanged", "named", "winner")
"""`_discard`."""
_settled: Final = changer(State, "phase", "player", "discards", "seen", "hands", "exposed",
                          "pending", "pending_known", "source", "sequences", "exchanged", "named",
                          "progress", "winner")
"""`_settle`."""
_laid_down: Final = changer(State, "phase", "player", "hands", "exposed", "pending",
                            "pending_known", "source", "sequences", "steals", "exchanged", "named",
                            "winner")
"""`_played`."""
_put_under: Final = changer(State, "phase", "player", "discards", "seen", "pending",
                            "pending_known", "source", "exchanged", "named", "winner")
"""A `PutUnder`."""


def _info(card: str) -> tuple[int, bool, tuple[tuple[str, Lay, Exchange], ...],
                              tuple[tuple[Block, str], ...], str | None, Discard]:
    return (_CI[card], card in STEAL, PAIRS_FROM[card],
            tuple((block, block.target) for block in BLOCK.get(card, ())),
            INVERSE.get(card), DISCARD[card])


_INFO: Final = {k: _info(k) for k in KINDS}
"""Per kind: colour index, is a steal card, the pairs it starts, its blocks (each with its
target), its inverse, its `Discard`."""
_EXTEND: Final = dict(EXTEND)
_NO_KINDS: Final[frozenset[str]] = frozenset()
_DEFAULT_OPTIONS: Final = Options()
"""The options of every game started without options (one object: the numeric layer's
tables of a configuration live on its options)."""


@player_count("Lustry", MIN_PLAYERS, MAX_PLAYERS)
def new_game(players: int = 2, options: Options | None = None) -> State:
    """Return the start of a game: the first player is about to draw seven cards (L4–L6).

    >>> state = new_game(2)
    >>> to_move(state), [str(a) for a in legal_actions(state)]
    (0, ['draw r', 'draw g', 'draw b'])
    """
    if options is None:
        options = _DEFAULT_OPTIONS
    elif not isinstance(options, Options):
        raise InvalidOptionsError("options",
                                  f"expected lustry.Options, got {describe(options)}")
    return _State(options=options, phase=_DRAW, player=options.first_player, turn=0,
                  draw=COLOUR_DECK, discards=_NO_PILES, seen=_NO_MARKS, hands=((), ()),
                  exposed=((), ()), pending=(), pending_known=(), source=None,
                  sequences=_NO_SEQUENCES, steals=(0,) * 6, exchanged=(), named=None,
                  progress=False, stall=0, winner=None)


def to_move(state: State) -> ToMove:
    """Return who acts: the player, the defender during a steal, `CHANCE` or `TERMINAL`."""
    if type(state) is not State:
        raise wrong_game("lustry.to_move", "lustry.State", state)
    phase = state.phase
    if phase is _PLAY:
        return state.player
    if phase is _DRAW:
        return CHANCE if state.source is not None else state.player
    if phase is _DEFEND:
        return 1 - state.player
    if phase is _EXCHANGE:
        return state.player
    return TERMINAL


def is_terminal(state: State) -> bool:
    """Return whether the game is over (L17, L18)."""
    if type(state) is not State:
        raise wrong_game("lustry.is_terminal", "lustry.State", state)
    return state.phase is _OVER


def _free_slot(seq: Sequence, target: str) -> int:
    """Return the first slot holding `target` that is neither blocked nor protected, or -1."""
    blockers, unblockers = seq.blockers, seq.unblockers
    for j, card in enumerate(seq.cards):
        if card == target and blockers[j] is None and unblockers[j] is None:
            return j
    return -1


def _play_actions(state: State) -> tuple[Action, ...]:
    """Return the actions of phase 2 (see the module docstring)."""
    p = state.player
    return _plays(p, state.hands[p], state.sequences, state.options)


def _plays(p: int, hand: tuple[str, ...], seqs: tuple[Sequence, ...],
           options: Options) -> tuple[Action, ...]:
    """Return the actions of phase 2 of player `p` holding `hand`, each group in the
    canonical order of the hand card it uses (see the module docstring)."""
    if not hand:
        return (END_TURN,)
    base = 3 * p
    # The opponent's cards a block may cover (L12); under the rulebook's L13 an unblocking
    # card guards its whole sequence (the option is read only then).
    free = _NO_KINDS
    for seq in seqs[3 - base:6 - base]:
        if seq.free and not (seq.guarded and options.unblock_protects is _WHOLE):
            free = free | seq.free if free else seq.free
    mine = seqs[base:base + 3]
    lays: list[Action] = []
    exchanges: list[Action] = []
    extends: list[Action] = []
    blocks: list[Action] = []
    unblocks: list[Action] = []
    steals: list[Action] = []
    discards: list[Action] = []
    previous = ""
    for card in hand:
        if card == previous:
            continue
        previous = card
        ci, steal, pairs, block_targets, inverse, discard = _INFO[card]
        discards.append(discard)
        if steal:
            steals.extend(STEAL_ACTIONS[card])
            continue
        seq = mine[ci]
        if not seq.closed:
            laid = seq.cards
            for higher, lay, exchange in pairs:  # a pair: laid, or exchanged (L9, L14)
                if higher in hand and (higher != card or hand.count(card) > 1):
                    if laid:
                        exchanges.append(exchange)
                    else:
                        lays.append(lay)
            if laid:
                if card in BRANCH[laid[-1]]:  # extends the open sequence (L10)
                    extends.append(_EXTEND[card])
                if inverse is not None and inverse in laid:  # unblocks a card of it (L13):
                    blockers = seq.blockers  # one `Unblock` per distinct blocker of `inverse`
                    for j, card_laid in enumerate(laid):
                        blocker = blockers[j]
                        if card_laid == inverse and blocker is not None:
                            action = UNBLOCK[card, blocker]
                            if action not in unblocks:
                                unblocks.append(action)
        if free:
            for block, target in block_targets:
                if target in free:
                    blocks.append(block)
    return (*lays, *exchanges, *extends, *blocks, *unblocks, *steals, *discards, END_TURN)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action in the documented order (see the module docstring).

    >>> state = apply(new_game(2), Draw("g"))
    >>> [str(a) for a in legal_actions(state)][:3]
    ['drawn g1c', 'drawn g2cf', 'drawn g3cf']
    """
    if type(state) is not State:
        raise wrong_game("lustry.legal_actions", "lustry.State", state)
    phase = state.phase
    if phase is _PLAY:
        p = state.player  # (`_play_actions` written out: the most frequent decision)
        out = _plays(p, state.hands[p], state.sequences, state.options)
    elif phase is _DRAW:
        source = state.source
        if source is not None:
            out = tuple(DRAWN[k] for k in dict.fromkeys(state.draw[_CI[source]]))
        else:
            out = _draw_choices(state.draw, state.discards)
    elif phase is _DEFEND:
        out = (ALLOW, *(DEFEND[k] for k in dict.fromkeys(state.hands[1 - state.player])
                        if k in STEAL))
    elif phase is _EXCHANGE:
        waiting = state.exchanged
        colour = waiting[0][0]
        out = tuple(PUT_UNDER[k] for k in dict.fromkeys(waiting) if k[0] == colour)
    else:
        out = ()
    return out


_DRAW_PILE: Final = (*DRAW_DECK, *DRAW_DISCARD)
"""The `Draw` of each pile: the draw piles r, g, b, then the discard piles (index ``3 +
3 * owner + colour``)."""
_DRAWS: Final[dict[tuple[bool, ...], tuple[Draw, ...]]] = {
    key: tuple(draw for draw, full in zip(_DRAW_PILE, key, strict=True) if full)
    for key in product((False, True), repeat=9)}
"""The `Draw` actions for each pattern of non-empty piles (3 draw piles, 6 discard piles),
in the order of `legal_actions` (L6)."""


def _draw_choices(draw: tuple[tuple[str, ...], ...],
                  discards: tuple[tuple[str, ...], ...]) -> tuple[Draw, ...]:
    """Return the piles a player may draw from: every pile that is not empty (L6)."""
    return _DRAWS[tuple(map(bool, draw + discards))]


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; raise `IllegalActionError` if it is illegal.

    The given state never changes.

    >>> state = apply(apply(new_game(2), Draw("r")), Drawn("r5cf"))
    >>> state.pending, to_move(state)
    (('r5cf',), 0)
    """
    if type(state) is not State:
        raise wrong_game("lustry.apply", "lustry.State", state)
    if action not in legal_actions(state):
        reason, rule = _why_illegal(state, action)
        raise IllegalActionError(state, action, reason, rule)
    return apply_unchecked(state, action)


def _remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _forget(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """Remove one `card` from an exposed multiset if it is there."""
    if card in cards:
        i = cards.index(card)
        return cards[:i] + cards[i + 1:]
    return cards


def discard_seen(hand: tuple[str, ...], known: tuple[str, ...], card: str) -> bool:
    """Return whether the opponent knows which card goes down when `card` is discarded from
    `hand`, of which they know the cards `known` (L11, L19): every card of its colour in the
    hand is a known copy of it."""
    if card not in known:
        return False
    colour = card[0]
    return known.count(card) == [k[0] for k in hand].count(colour)  # a list: no generator


def _pair(pair: tuple[tuple[str, ...], ...], p: int,
          value: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return (value, pair[1]) if p == 0 else (pair[0], value)


def _put_on(piles: tuple[tuple[str, ...], ...], seen: tuple[tuple[bool, ...], ...], i: int,
            cards: tuple[str, ...], marks: tuple[bool, ...],
            ) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[bool, ...], ...]]:
    """Return the discard piles with `cards` put at the bottom of pile `i`, and `seen` with
    their `marks` (L11, L19)."""
    return ((*piles[:i], piles[i] + cards, *piles[i + 1:]),
            (*seen[:i], seen[i] + marks, *seen[i + 1:]))


def _after_draw(  # noqa: PLR0917 - positional: Python matches keywords at a cost per name
    state: State, player: int, turn: int, stall: int, draw: tuple[tuple[str, ...], ...],
    discards: tuple[tuple[str, ...], ...], seen: tuple[tuple[bool, ...], ...],
    pending: tuple[str, ...], known: tuple[int, ...], source: str | None = None,
) -> State:
    """Continue `player`'s phase 1 (from the draw pile of `source`, a chance node, if
    given), or end it: the pending cards join the hand (L6, L7). Phase 1 goes on while the
    hand and the cards drawn make fewer than seven and a pile has a card. The options,
    hands, sequences and steals are `state`'s; with nothing pending this is the start of
    `player`'s turn (L6, L8)."""
    hands, exposed = state.hands, state.exposed
    hand = hands[player]
    if source is not None or (len(hand) + len(pending) < HAND_SIZE
                              and (any(draw) or any(discards))):
        return _drawing(state, phase=_DRAW, player=player, turn=turn, draw=draw, discards=discards,
                        seen=seen, pending=pending, pending_known=known, source=source,
                        exchanged=(), named=None, progress=False, stall=stall, winner=None)
    bit = 2 >> player  # the opponent's bit
    learned = [card for card, mask in zip(pending, known, strict=True) if mask & bit]
    if learned:
        exposed = _pair(exposed, player,
                        tuple(sorted(exposed[player] + tuple(learned), key=_ORDER_KEY)))
    if pending:
        hands = _pair(hands, player, tuple(sorted(hand + pending, key=_ORDER_KEY)))
    return _playing(state, phase=_PLAY, player=player, turn=turn, draw=draw, discards=discards,
                    seen=seen, hands=hands, exposed=exposed, pending=(), pending_known=(),
                    source=None, exchanged=(), named=None, progress=False, stall=stall,
                    winner=None)


def _closed_count(seqs: tuple[Sequence, ...], base: int) -> int:
    return sum(1 for s in seqs[base:base + 3] if s.closed)


def _settle(
    state: State, *, hands: tuple[tuple[str, ...], ...], exposed: tuple[tuple[str, ...], ...],
    index: int, seq: Sequence, discards: tuple[tuple[str, ...], ...],
    seen: tuple[tuple[bool, ...], ...], progress: bool,
) -> State:
    """Put `seq` at `index` of `state`'s sequences, closing it if it may close (L16) and
    ending the game (L17)."""
    p = state.player
    seqs = state.sequences
    if seq.complete and not seq.blocked:
        rival = seqs[index + 3 if index < 3 else index - 3]
        if not rival.closed:
            seq = Sequence(cards=seq.cards, blockers=seq.blockers, unblockers=seq.unblockers,
                           closed=True)
    seqs = (*seqs[:index], seq, *seqs[index + 1:])
    won = seq.closed and _closed_count(seqs, 3 * p) == 2
    return _settled(state, phase=_OVER if won else _PLAY, player=p, discards=discards, seen=seen,
                    hands=hands, exposed=exposed, pending=(), pending_known=(), source=None,
                    sequences=seqs, exchanged=(), named=None, progress=progress,
                    winner=p if won else None)


def _deadlocked(state: State) -> bool:
    """Return whether the L18 draw condition holds: one closed sequence each, all steals laid."""
    seqs = state.sequences
    return (sum(state.steals) == STEAL_CARDS and _closed_count(seqs, 0) == 1
            and _closed_count(seqs, 3) == 1)


def _played(state: State, card: str, *, phase: Phase = _PLAY,
            sequences: tuple[Sequence, ...] | None = None, steals: tuple[int, ...] | None = None,
            named: str | None = None) -> State:
    """Return `state` after its player lays `card` from their hand beside a sequence or as a
    steal card (L12, L15): the card leaves the hand and what the opponent knows of it."""
    p = state.player
    mine = state.exposed[p]
    exposed = _pair(state.exposed, p, _forget(mine, card)) if mine else state.exposed
    return _laid_down(state, phase=phase, player=p,
                      hands=_pair(state.hands, p, _remove(state.hands[p], card)), exposed=exposed,
                      pending=(), pending_known=(), source=None,
                      sequences=state.sequences if sequences is None else sequences,
                      steals=state.steals if steals is None else steals, exchanged=(), named=named,
                      winner=None)


def apply_unchecked(state: State, action: Action) -> State:  # noqa: PLR0915 - one case per kind
    """Return the state after `action`, trusting that it is legal (the fast path for bots).

    Only pass actions taken from `legal_actions(state)` or `sample_chance(state, ...)`;
    anything else may build an impossible state. Nothing is checked, not even that
    `state` and `action` are this game's (`apply` checks).
    """
    p = state.player
    # The kinds random play applies most often first. An isinstance chain: a class pattern
    # of ``match`` costs several times an isinstance (about 400 instructions a kind tried).
    if isinstance(action, Draw):
        colour, owner = action.colour, action.owner
        if owner is None:  # a card comes off the draw pile: a chance node (L7)
            return _after_draw(state, p, state.turn, state.stall, state.draw,
                               state.discards, state.seen, state.pending,
                               state.pending_known, colour)
        # the top card of a discard pile: its owner knows it, the opponent if seen (L19)
        i = 3 * owner + _CI[colour]
        pile, marks = state.discards[i], state.seen[i]
        discards, seen = state.discards, state.seen
        return _after_draw(
            state, p, state.turn, state.stall, state.draw,
            (*discards[:i], pile[1:], *discards[i + 1:]), (*seen[:i], marks[1:], *seen[i + 1:]),
            (*state.pending, pile[0]),
            (*state.pending_known, (1 << owner) | ((2 >> owner) if marks[0] else 0)))
    if isinstance(action, Discard):
        return _discard(state, action.card)
    if isinstance(action, EndTurn):
        return _end_turn(state)
    if isinstance(action, Drawn):
        card = action.card
        ci = _CI[card]
        draw = state.draw
        return _after_draw(
            state, p, state.turn, state.stall,
            (*draw[:ci], _remove(draw[ci], card), *draw[ci + 1:]), state.discards,
            state.seen, (*state.pending, card), (*state.pending_known, 0))
    if isinstance(action, Lay | Exchange):
        first, second = action.first, action.second
        hand = _remove(_remove(state.hands[p], first), second)
        mine = state.exposed[p]
        exposed = (_pair(state.exposed, p, _forget(_forget(mine, first), second))
                   if mine else state.exposed)
        i = 3 * p + _CI[first]
        discards, seen = state.discards, state.seen
        seqs = state.sequences
        waiting: tuple[str, ...] = ()
        if type(action) is Exchange:  # the old sequence and the cards beside it go (L14)
            old = seqs[i]
            waiting = tuple(sorted(
                (*old.cards, *(k for k in (*old.blockers, *old.unblockers) if k is not None)),
                key=_ORDER_KEY))
            waiting, discards, seen = _put_away(waiting, discards, seen, p)
        laid = Sequence(cards=(first, second), blockers=(None, None), unblockers=(None, None))
        return _next(state, phase=_EXCHANGE if waiting else _PLAY, player=p, discards=discards,
                     seen=seen, hands=_pair(state.hands, p, hand), exposed=exposed, pending=(),
                     pending_known=(), source=None, sequences=(*seqs[:i], laid, *seqs[i + 1:]),
                     exchanged=waiting, named=None, progress=True, winner=None)
    if isinstance(action, PutUnder):
        card = action.card
        discards, seen = _put_on(state.discards, state.seen, 3 * p + _CI[card], (card,),
                                 (True,))
        waiting, discards, seen = _put_away(_remove(state.exchanged, card), discards, seen, p)
        return _put_under(state, phase=_EXCHANGE if waiting else _PLAY, player=p,
                          discards=discards, seen=seen, pending=(), pending_known=(), source=None,
                          exchanged=waiting, named=None, winner=None)
    if isinstance(action, Extend):
        card = action.card
        i = 3 * p + _CI[card]
        seq = state.sequences[i]
        cards = seq.cards
        key = ORDER[card]
        j = len(cards)
        while j and ORDER[cards[j - 1]] > key:
            j -= 1
        grown = Sequence(cards=(*cards[:j], card, *cards[j:]),
                         blockers=(*seq.blockers[:j], None, *seq.blockers[j:]),
                         unblockers=(*seq.unblockers[:j], None, *seq.unblockers[j:]))
        mine = state.exposed[p]
        return _settle(state, hands=_pair(state.hands, p, _remove(state.hands[p], card)),
                       exposed=_pair(state.exposed, p, _forget(mine, card))
                       if mine else state.exposed,
                       index=i, seq=grown, discards=state.discards, seen=state.seen,
                       progress=True)
    if isinstance(action, Block):
        card, target = action.card, action.target
        i = 3 * (1 - p) + _CI[target]
        seq = state.sequences[i]
        j = _free_slot(seq, target)
        blocked = Sequence(cards=seq.cards,
                           blockers=(*seq.blockers[:j], card, *seq.blockers[j + 1:]),
                           unblockers=seq.unblockers)
        seqs = state.sequences
        return _played(state, card, sequences=(*seqs[:i], blocked, *seqs[i + 1:]))
    if isinstance(action, Unblock):
        card, blocker = action.card, action.blocker
        i = 3 * p + _CI[card]
        seq = state.sequences[i]
        target = INVERSE[card]
        j = next(j for j, k in enumerate(seq.cards)
                 if k == target and seq.blockers[j] == blocker)
        freed = Sequence(cards=seq.cards, blockers=(*seq.blockers[:j], None, *seq.blockers[j + 1:]),
                         unblockers=(*seq.unblockers[:j], card, *seq.unblockers[j + 1:]))
        discards, seen = _put_on(state.discards, state.seen, 3 * p + _CI[blocker],
                                 (blocker,), (True,))
        mine = state.exposed[p]
        return _settle(state, hands=_pair(state.hands, p, _remove(state.hands[p], card)),
                       exposed=_pair(state.exposed, p, _forget(mine, card))
                       if mine else state.exposed,
                       index=i, seq=freed, discards=discards, seen=seen,
                       progress=state.progress)
    if isinstance(action, Steal):
        card, colour = action.card, action.colour
        i = 3 * p + _CI[card]
        steals = state.steals
        return _played(state, card, phase=_DEFEND,
                       steals=(*steals[:i], steals[i] + 1, *steals[i + 1:]), named=colour)
    if isinstance(action, Defend):
        card = action.card
        q = 1 - p
        theirs = state.exposed[q]
        i = 3 * q + _CI[card]
        steals = state.steals
        return _next(state, phase=_PLAY, player=p,
                     hands=_pair(state.hands, q, _remove(state.hands[q], card)),
                     exposed=_pair(state.exposed, q, _forget(theirs, card))
                     if theirs else state.exposed,
                     pending=(), pending_known=(), source=None,
                     steals=(*steals[:i], steals[i] + 1, *steals[i + 1:]), exchanged=(),
                     named=None, winner=None)
    if isinstance(action, Allow):
        return _allow(state)
    assert_never(action)


def _discard(state: State, card: str) -> State:
    """Put `card` from the hand at the bottom of the player's discard pile of its colour
    (L11); the opponent learns which card it is if they knew every card of its colour in
    the hand to be a copy of it, and otherwise loses track of that colour (L19)."""
    p = state.player
    hand = state.hands[p]
    exposed = state.exposed
    mine = exposed[p]
    mark = False
    if mine:  # the opponent sees a card of this colour go face down
        if discard_seen(hand, mine, card):  # they know it is this card
            exposed = _pair(exposed, p, _forget(mine, card))
            mark = True
        else:  # they lose track of this colour
            colour = card[0]
            exposed = _pair(exposed, p, tuple([k for k in mine if k[0] != colour]))
    discards, seen = _put_on(state.discards, state.seen, 3 * p + _CI[card], (card,), (mark,))
    return _discarded(state, phase=_PLAY, player=p, discards=discards, seen=seen,
                      hands=_pair(state.hands, p, _remove(hand, card)), exposed=exposed,
                      pending=(), pending_known=(), source=None, exchanged=(), named=None,
                      winner=None)


def _put_away(
    waiting: tuple[str, ...], discards: tuple[tuple[str, ...], ...],
    seen: tuple[tuple[bool, ...], ...], p: int,
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[tuple[bool, ...], ...]]:
    """Put under p's discard piles at once the exchanged cards whose order needs no choice:
    every colour whose waiting cards (sorted) are all of one kind. Return what still waits,
    and the piles. The cards were on the table, so both players know them (L14, L19)."""
    kept: tuple[str, ...] = ()
    start = 0
    n = len(waiting)
    while start < n:
        colour = waiting[start][0]
        end = start + 1
        while end < n and waiting[end][0] == colour:
            end += 1
        group = waiting[start:end]
        if group[0] == group[-1]:  # one kind (sorted): any order gives the same pile
            discards, seen = _put_on(discards, seen, 3 * p + _CI[colour], group,
                                     (True,) * len(group))
        else:
            kept += group
        start = end
    return kept, discards, seen


def _allow(state: State) -> State:
    """Resolve an undefended steal: every card of the named colour changes hands (L15)."""
    p = state.player
    q = 1 - p
    colour = state.named
    assert colour is not None
    hands, exposed = state.hands, state.exposed
    taken = tuple(k for k in hands[q] if k[0] == colour)
    if taken:
        kept = tuple(k for k in hands[q] if k[0] != colour)
        mine = tuple(sorted(hands[p] + taken, key=_ORDER_KEY))
        seen_mine = tuple(sorted(exposed[p] + taken, key=_ORDER_KEY))
        seen_kept = tuple(k for k in exposed[q] if k[0] != colour)
        hands = (mine, kept) if p == 0 else (kept, mine)
        exposed = (seen_mine, seen_kept) if p == 0 else (seen_kept, seen_mine)
    return _next(state, phase=_PLAY, player=p, hands=hands, exposed=exposed, pending=(),
                 pending_known=(), source=None, exchanged=(), named=None, winner=None)


def _end_turn(state: State) -> State:
    """Pass the turn of `state`'s player and declare the L18 draws. The next player begins
    the turn: phase 1 if their hand holds fewer than seven cards (L6, L8)."""
    turn = state.turn + 1
    stall = state.stall + 1 if not state.progress and _deadlocked(state) else 0
    options = state.options
    limit = options.stall_turns
    nxt = (options.first_player + turn) & 1
    if turn >= options.turn_limit or (limit is not None and stall >= limit):
        return _State(options=options, phase=_OVER, player=nxt, turn=turn, draw=state.draw,
                      discards=state.discards, seen=state.seen, hands=state.hands,
                      exposed=state.exposed, pending=(), pending_known=(), source=None,
                      sequences=state.sequences, steals=state.steals, exchanged=(), named=None,
                      progress=False, stall=stall, winner=None)
    return _after_draw(state, nxt, turn, stall, state.draw, state.discards, state.seen, (), ())


def _why_illegal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id for an action `legal_actions` does not list (slow path)."""
    if not isinstance(action, Action):
        return not_an_action(action, "Lustry"), ""
    phase = state.phase
    p = state.player
    if phase is _OVER:
        return "the game is over", "L17" if state.winner is not None else "L18"
    if phase is _EXCHANGE:
        waiting = state.exchanged
        if not isinstance(action, PutUnder):
            return (f"player {p} must first put the exchanged cards {' '.join(waiting)} under "
                    "their discard piles", "L14")
        if action.card not in waiting:
            return f"{action.card} is not among the exchanged cards {' '.join(waiting)}", "L14"
        return (f"the {COLOUR_NAMES[waiting[0][0]]} exchanged cards go under first (the "
                "colours are done in the order red, green, blue)", "L14")
    if isinstance(action, PutUnder):
        return "no exchanged cards are waiting to go under a discard pile", "L14"
    if phase is _DRAW and state.source is not None:
        name = COLOUR_NAMES[state.source]
        if isinstance(action, Drawn):
            return f"{action.card} is not in the {name} draw pile", "L7"
        return f"a card is coming off the {name} draw pile: expected a drawn card", "L7"
    if isinstance(action, Drawn):
        return "no card is being drawn from a draw pile", "L7"
    if phase is _DRAW:
        if isinstance(action, Draw):
            if action.colour not in COLOURS or action.owner not in (None, 0, 1):
                return f"there is no pile {action.colour}@{action.owner}", "L4"
            if action.owner is None:
                return f"the {COLOUR_NAMES[action.colour]} draw pile is empty", "L6"
            return (f"player {action.owner}'s {COLOUR_NAMES[action.colour]} discard pile is "
                    "empty", "L6")
        return (f"player {p} holds fewer than {HAND_SIZE} cards and must draw first "
                "(phase 1)", "L6")
    if isinstance(action, Draw):
        return "cards are drawn only in phase 1, at the start of a turn", "L6"
    if phase is _DEFEND:
        if isinstance(action, Defend):
            if action.card not in STEAL:
                return f"{action.card} is not a steal card", "L15"
            return f"player {1 - p} does not hold {action.card}", "L15"
        return f"player {1 - p} must defend the steal or allow it", "L15"
    if isinstance(action, Defend | Allow):
        return "no steal is waiting for a defence", "L15"
    if isinstance(action, EndTurn):  # pragma: no cover - always legal in phase 2
        return "the turn cannot end now", ""
    return _why_illegal_play(state, action)


def _why_illegal_play(state: State, action: Lay | Exchange | Extend | Block | Unblock | Steal
                      | Discard) -> tuple[str, str]:
    p = state.player
    hand = state.hands[p]
    rule = {Lay: "L9", Exchange: "L14", Extend: "L10", Block: "L12", Unblock: "L13",
            Steal: "L15", Discard: "L11"}[type(action)]
    cards = (action.first, action.second) if isinstance(action, Lay | Exchange) else (
        action.card,)
    for card in cards:
        if card not in ORDER:
            return f"{card!r} is not a card", "L1"
        if card not in hand:
            return f"player {p} does not hold {card}", rule
    if len(cards) == 2 and cards[0] == cards[1] and hand.count(cards[0]) < 2:
        return f"player {p} holds only one {cards[0]}", rule
    seqs = state.sequences
    match action:
        case Lay(first=a, second=b) | Exchange(first=a, second=b):
            if (a, b) not in LAY:
                return (f"{a} and {b} are neither consecutive cards of one branch nor two 5s of "
                        "one branch (lower card first)", "L9")
            own = seqs[3 * p + _CI[a]]
            colour = COLOUR_NAMES[a[0]]
            if isinstance(action, Lay):
                return f"player {p} already has a {colour} sequence (exchange it instead)", "L9"
            if not own.cards:
                return f"player {p} has no {colour} sequence to exchange", "L14"
            return f"player {p}'s {colour} sequence is closed", "L16"
        case Extend(card=card):
            own = seqs[3 * p + _CI[card]]
            colour = COLOUR_NAMES[card[0]]
            if card in STEAL:
                return f"{card} is a steal card, not part of any sequence", "L15"
            if not own.cards:
                return f"player {p} has no {colour} sequence", "L10"
            if own.closed:
                return f"player {p}'s {colour} sequence is closed", "L16"
            return f"{card} is not of the sequence's branch", "L10"
        case Block(card=card, target=target):
            if card in STEAL or VALUE[card] < 2 or target not in ORDER or target in STEAL:
                return f"{card} cannot block {target}", "L12"
            if VALUE[target] < 2:
                return "a card of value 1 cannot be blocked", "L12"
            if target[0] == card[0]:
                return "a blocking card must have a different colour", "L12"
            if (target[1:3] != card[1:3]) or target[3] == card[3]:
                return (f"{card} must have the same shape and value as {target} and the "
                        "inverse fill", "L12")
            seq = seqs[3 * (1 - p) + _CI[target]]
            if target not in seq.cards:
                return f"the opponent has no {target} in a laid sequence", "L12"
            if seq.closed:
                return "a closed sequence cannot be blocked", "L16"
            if seq.guarded and state.options.unblock_protects is _WHOLE:
                return (f"an unblocking card protects the opponent's "
                        f"{COLOUR_NAMES[target[0]]} sequence from further blocks", "L13")
            return f"every {target} of the opponent is blocked or protected already", "L12"
        case Unblock(card=card, blocker=blocker):
            if card not in INVERSE:
                return f"{card} cannot unblock anything", "L13"
            seq = seqs[3 * p + _CI[card]]
            if seq.closed:
                return "a closed sequence cannot be unblocked", "L16"
            return (f"no {INVERSE[card]} of player {p} is blocked by {blocker}", "L13")
        case Steal(card=card, colour=colour):
            if card not in STEAL:
                return f"{card} is not a steal card", "L15"
            return f"{colour!r} is not a colour: name r, g or b", "L15"
        case Discard():  # pragma: no cover - any held card may be discarded
            return "the card cannot be discarded", "L11"
        case _:
            assert_never(action)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Return each kind in the draw pile being drawn from, with its exact probability (L7).

    >>> state = apply(new_game(2), Draw("b"))
    >>> [(str(a), str(p)) for a, p in chance_outcomes(state)][:2]
    [('drawn b1c', '1/25'), ('drawn b2cf', '1/25')]
    """
    if type(state) is not State:
        raise wrong_game("lustry.chance_outcomes", "lustry.State", state)
    source = state.source
    if source is None or state.phase is not _DRAW:
        return ()
    pile = state.draw[_CI[source]]
    counts = Counter(pile)
    total = len(pile)
    return tuple((DRAWN[k], Fraction(counts[k], total)) for k in counts)


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw the card that comes off the pile: one uniform choice among its cards (L7)."""
    if type(state) is not State:
        raise wrong_game("lustry.sample_chance", "lustry.State", state)
    source = state.source
    if source is None or state.phase is not _DRAW:
        raise InvalidArgumentError("no card is being drawn: this state is not a chance node")
    return DRAWN[rng.choice(state.draw[_CI[source]])]


def scores(state: State) -> tuple[int, ...]:
    """Return each player's victory points: one per closed sequence (L16)."""
    if type(state) is not State:
        raise wrong_game("lustry.scores", "lustry.State", state)
    seqs = state.sequences
    return (_closed_count(seqs, 0), _closed_count(seqs, 3))


def result(state: State) -> Result:
    """Return the victory points, and the winner once the game is over (a draw: no winner).

    A game drawn at the turn limit is `Result.truncated` (an engine bound, L18); the
    deadlock draw of L18 is the rules' own draw and is not.
    """
    if type(state) is not State:
        raise wrong_game("lustry.result", "lustry.State", state)
    over = state.phase is _OVER
    winners = (state.winner,) if over and state.winner is not None else ()
    limit = state.options.stall_turns
    truncated = over and not winners and not (limit is not None and state.stall >= limit)
    return Result(scores(state), winners, finished=over, truncated=truncated)


def returns(state: State) -> tuple[float, ...]:
    """Return 1.0 for the winner, -1.0 for the loser, 0.0 each for a draw or before the end."""
    if type(state) is not State:
        raise wrong_game("lustry.returns", "lustry.State", state)
    winner = state.winner
    if state.phase is not _OVER or winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


def action_bound(players: int, options: Options) -> int:
    """Return the most actions one game can take.

    A game has at most ``turn_limit`` turns. A turn takes at most 7 `Draw` and 7 `Drawn`
    actions and one `EndTurn`. Every other action but `PutUnder` removes at least one card
    from a hand (`Allow` excepted, which answers a `Steal`), and cards only enter hands by
    drawing (at most 7 a turn) or by the at most 9 steals (at most 75 cards each). Each
    `PutUnder` puts away a card that was laid from a hand, so there are no more of them
    than cards entering hands.
    """
    if type(options) is not Options:
        raise wrong_game("lustry.action_bound", "lustry.Options", options)
    turns = options.turn_limit
    entries = turns * HAND_SIZE + STEAL_CARDS * 75
    return turns * (2 * HAND_SIZE + 1) + 2 * entries + STEAL_CARDS


def inventory(state: State) -> Counter[str]:
    """Return every card counted once wherever it lies, the exchanged cards waiting to go
    under a discard pile included (L1: always the 75 cards)."""
    if type(state) is not State:
        raise wrong_game("lustry.inventory", "lustry.State", state)
    cards = [*chain(*state.draw, *state.discards, *state.hands, state.pending,
                    state.exchanged)]
    for seq in state.sequences:
        if seq.cards:
            cards += seq.cards
            cards += [k for k in (*seq.blockers, *seq.unblockers) if k is not None]
    for i, count in enumerate(state.steals):
        cards += [_STEAL_OF[i % 3]] * count
    return Counter(map(_LABEL.__getitem__, cards))


_LABEL: Final = {k: f"card:{k}" for k in KINDS}
_STEAL_OF: Final = tuple(c + "0" for c in COLOURS)
