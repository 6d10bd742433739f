"""Whales Rivals rules: new_game, legal_actions, apply, to_move, returns, result.

Order of `legal_actions` (stable, documented):

* dealing or drawing (chance): one outcome per distinct value in the pile, ascending
  (``draw T``, the turtle, first);
* an action (W9): whale plays by value ascending, then pack, face down before face
  up; then turtles by target pack and slot (or the one untargeted turtle); then
  ``end`` when legal;
* an Exploration (W10): flips by pack and slot, then peeks by pack, then ``skip``.

Turn flow: after the draw (W7) a player with no legal action passes; the round ends
by itself (W13) when both hands are empty after the draw, or when the player to act
and the opponent both have no legal action. All of this happens inside `apply`, so
every state that is not over has a legal action (W14).
"""

from __future__ import annotations

import random
from bisect import bisect_right, insort
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

from boardrules._build import slot_builder, step_of_subclass
from boardrules._caches import Memo, lru
from boardrules._random import _WITH_GETRANDBITS
from boardrules._seats import player_count
from boardrules.errors import BoardrulesError, IllegalActionError, InvalidOptionsError
from boardrules.game import CHANCE, TERMINAL, Result, ToMove
from boardrules.games.whales_rivals.actions import (
    END_ROUND,
    FLIP,
    PEEK,
    SKIP,
    TURTLE_AT,
    TURTLE_NO_TARGET,
    Action,
    DealGrey,
    Draw,
    EndRound,
    Flip,
    Peek,
    PlayTurtle,
    PlayWhale,
    Skip,
    deal_action,
    draw_action,
    play_action,
)
from boardrules.games.whales_rivals.cards import (
    COLOURS,
    DEAL_ORDER,
    HAND_SIZE,
    MAX_WHALES,
    PACKS,
    PLAYERS,
    ROUNDS,
    TURTLE,
    TURTLES,
    WHALES_PER_COLOUR,
    Grey,
    grey,
    grey_key,
    whale,
)
from boardrules.games.whales_rivals.state import EMPTY_PACK, Options, Pack, Phase, State

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "action_bound",
    "apply",
    "apply_unchecked",
    "can_end_round",
    "chance_outcomes",
    "inventory",
    "is_terminal",
    "legal_actions",
    "new_game",
    "player_cards",
    "playout",
    "result",
    "returns",
    "sample_chance",
    "scores",
    "to_move",
    "winners",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 2

_DEAL: Final = Phase.DEAL
_DRAW: Final = Phase.DRAW
_ACT: Final = Phase.ACT
_EXPLORE: Final = Phase.EXPLORE
_OVER: Final = Phase.OVER
_NO_WHALES: Final[tuple[tuple[()], tuple[()]]] = ((), ())
_DEALS_PER_ROUND: Final = len(DEAL_ORDER)
_Below = Callable[[int], int]
"""``getrandbits`` of the fused playout's generator, from which `_draw_up` and `playout`
draw ``randrange(n)`` as `random.Random` does (`boardrules._random`), without its call."""
_State: Final = slot_builder(State)
"""Builds a `State` (every successor state is built here: bots build millions)."""
_Pack: Final = slot_builder(Pack)
"""Builds a `Pack`."""


_DEFAULT_OPTIONS: Final = Options()
"""The default options, made once (their whale values are checked when made)."""


def player_cards(options: Options, player: int) -> tuple[int, ...]:
    """Return the sorted multiset of a player's 21 cards: their whales and 3 turtles (W1)."""
    return tuple(sorted(options.whale_values[player] + (TURTLE,) * TURTLES))


@player_count("Whales Rivals", MIN_PLAYERS, MAX_PLAYERS)
def new_game(players: int = 2, options: Options | None = None) -> State:
    """Return the start of a game: the grey deck is about to be dealt to the packs (W3, W4).

    >>> state = new_game(2)
    >>> to_move(state), state.phase.value, len(state.grey_deck), len(state.decks[0])
    (CHANCE, 'deal', 18, 21)
    """
    if options is None:
        options = _DEFAULT_OPTIONS
    elif not isinstance(options, Options):
        raise InvalidOptionsError(
            "options", f"expected whales_rivals.Options, got {type(options).__name__}"
        )
    first = options.first_player
    return _State(options, 1, _DEAL, first, first, True, 1, 0,
                  (player_cards(options, 0), player_cards(options, 1)), ((), ()), ((), ()),
                  options.whale_values[2], (EMPTY_PACK, EMPTY_PACK, EMPTY_PACK), ((), ()), ())


def to_move(state: State) -> ToMove:
    """Return who acts: `CHANCE` while dealing or drawing, `TERMINAL` at the end, else a player."""
    phase = state.phase
    if phase is _ACT or phase is _EXPLORE:
        return state.player
    if phase is _OVER:
        return TERMINAL
    return CHANCE


def is_terminal(state: State) -> bool:
    """Return whether the third round is over (W6, W20)."""
    return state.phase is _OVER


# --- small tuple helpers (sorted multisets) -------------------------------------------

def _without(items: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = items.index(value)
    return items[:i] + items[i + 1:]


def _with(items: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = bisect_right(items, value)
    return (*items[:i], value, *items[i:])


def _set(pair: tuple[tuple[int, ...], tuple[int, ...]], player: int,
         value: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (value, pair[1]) if player == 0 else (pair[0], value)


def _set_pack(packs: tuple[Pack, Pack, Pack], index: int, pack: Pack) -> tuple[Pack, Pack, Pack]:
    if index == 0:
        return (pack, packs[1], packs[2])
    if index == 1:
        return (packs[0], pack, packs[2])
    return (packs[0], packs[1], pack)


# --- legality -----------------------------------------------------------------------------

def can_end_round(packs: tuple[Pack, Pack, Pack]) -> bool:
    """Return whether both players have at least one whale at each pack (W12)."""
    a, b, c = packs
    return bool(a.whales[0] and a.whales[1] and b.whales[0] and b.whales[1]
                and c.whales[0] and c.whales[1])


def _can_act(hand: tuple[int, ...], player: int, packs: tuple[Pack, Pack, Pack]) -> bool:
    """Return whether `player` holding `hand` has a legal action now (W9, W13)."""
    if hand:
        if hand[0] == TURTLE:  # sorted: a turtle comes first; it is always playable (W11)
            return True
        for pack in packs:
            if len(pack.whales[player]) < MAX_WHALES:
                return True
    return can_end_round(packs)


# The piles of a game under the default options recur: their first few thousand sub-multisets
# hold nearly every hit (a bigger cache measured no faster).
@lru("whales_rivals.deal_outcomes", 2048)
def _deal_outcomes(pile: tuple[int, ...]) -> tuple[DealGrey, ...]:
    return tuple(deal_action(v) for v in dict.fromkeys(pile))


@lru("whales_rivals.draw_outcomes", 2048)
def _draw_outcomes(pile: tuple[int, ...]) -> tuple[Draw, ...]:
    return tuple(draw_action(v) for v in dict.fromkeys(pile))


_PLAY_ROWS: Memo[int, tuple[PlayWhale, ...]] = Memo("whales_rivals.play_rows", 1024)
"""The six plays of each whale value met (8 under the default options)."""


def _play_row(value: int) -> tuple[PlayWhale, ...]:
    """Return the six plays of a value: (pack 1 down, pack 1 up, pack 2 down, ...)."""
    row = _PLAY_ROWS.get(value)
    if row is None:
        row = _PLAY_ROWS[value] = tuple(play_action(value, i, up) for i in range(PACKS)
                                        for up in (False, True))
    return row


def _whale_plays(hand: tuple[int, ...], ta: int, tb: int, tc: int) -> list[Action]:
    """Return the whale plays of `hand` by value ascending, then pack, face down first.

    `ta`, `tb`, `tc` are the top values of the three packs, or -1 where the player
    already has three whales.
    """
    out: list[Action] = []
    previous = TURTLE
    for value in hand:
        if value == previous:
            continue  # turtles (0) and repeated values
        previous = value
        row = _PLAY_ROWS.get(value) or _play_row(value)
        if ta >= 0:
            out.append(row[0])
            if ta == value:
                out.append(row[1])
        if tb >= 0:
            out.append(row[2])
            if tb == value:
                out.append(row[3])
        if tc >= 0:
            out.append(row[4])
            if tc == value:
                out.append(row[5])
    return out


def _act_actions(state: State) -> tuple[Action, ...]:
    p = state.player
    hand = state.hands[p]
    a, b, c = state.packs
    # A pack's top value, or -1 when the player already has three whales there.
    plays = _whale_plays(hand, a.grey[-1].value if len(a.whales[p]) < MAX_WHALES else -1,
                         b.grey[-1].value if len(b.whales[p]) < MAX_WHALES else -1,
                         c.grey[-1].value if len(c.whales[p]) < MAX_WHALES else -1)
    end = (a.whales[0] and a.whales[1] and b.whales[0] and b.whales[1]
           and c.whales[0] and c.whales[1])
    if not hand or hand[0] != TURTLE:
        if end:
            plays.append(END_ROUND)
        return tuple(plays)
    out = plays
    q = 1 - p
    found = False
    for i in range(PACKS):
        for s, w in enumerate(state.packs[i].whales[q]):
            if not w.face_up:
                out.append(TURTLE_AT[i][s])
                found = True
    if not found:
        out.append(TURTLE_NO_TARGET)
    if end:
        out.append(END_ROUND)
    return tuple(out)


def _explore_actions(state: State) -> tuple[Action, ...]:
    q = 1 - state.player
    out: list[Action] = []
    packs = state.packs
    for i in range(PACKS):
        for s, w in enumerate(packs[i].whales[q]):
            if not w.face_up:
                out.append(FLIP[i][s])
    for i in range(PACKS):
        if any(not g.shown for g in packs[i].grey):
            out.append(PEEK[i])
    out.append(SKIP)
    return tuple(out)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action in the documented order (see the module docstring).

    >>> state = new_game(2)
    >>> [str(a) for a in legal_actions(state)]
    ['deal 1', 'deal 2', 'deal 3', 'deal 4', 'deal 5', 'deal 6', 'deal 10']
    """
    phase = state.phase
    if phase is _ACT:
        return _act_actions(state)
    if phase is _DRAW:
        return _draw_outcomes(state.decks[state.player])
    if phase is _DEAL:
        return _deal_outcomes(state.grey_deck)
    if phase is _EXPLORE:
        return _explore_actions(state)
    return ()


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value < high


def _is_legal(state: State, action: Action) -> bool:
    """Return whether `action` is legal; equal to membership in `legal_actions` (tested)."""
    phase = state.phase
    kind = type(action)
    if kind is PlayWhale:
        assert isinstance(action, PlayWhale)
        if phase is not _ACT:
            return False
        value, i, up = action.value, action.pack, action.face_up
        if type(value) is not int or value == TURTLE or value not in state.hands[state.player]:
            return False
        if not _is_int(i, 0, PACKS) or type(up) is not bool:
            return False
        pack = state.packs[i]
        return len(pack.whales[state.player]) < MAX_WHALES and (
            not up or pack.grey[-1].value == value)
    if kind is Draw:
        assert isinstance(action, Draw)
        return (phase is _DRAW and type(action.card) is int
                and action.card in state.decks[state.player])
    if kind is DealGrey:
        assert isinstance(action, DealGrey)
        return phase is _DEAL and type(action.value) is int and action.value in state.grey_deck
    if kind is PlayTurtle:
        assert isinstance(action, PlayTurtle)
        if phase is not _ACT or TURTLE not in state.hands[state.player]:
            return False
        theirs = [pack.whales[1 - state.player] for pack in state.packs]
        if action.pack is None and action.slot is None:
            return not any(not w.face_up for whales in theirs for w in whales)
        return (_is_int(action.pack, 0, PACKS) and _is_int(action.slot, 0, MAX_WHALES)
                and action.slot < len(theirs[action.pack])  # type: ignore[index,operator]
                and not theirs[action.pack][action.slot].face_up)  # type: ignore[index]
    if kind is EndRound:
        return phase is _ACT and can_end_round(state.packs)
    if kind is Flip:
        assert isinstance(action, Flip)
        if phase is not _EXPLORE or not _is_int(action.pack, 0, PACKS):
            return False
        whales = state.packs[action.pack].whales[1 - state.player]
        return (_is_int(action.slot, 0, len(whales))
                and not whales[action.slot].face_up)
    if kind is Peek:
        assert isinstance(action, Peek)
        return (phase is _EXPLORE and _is_int(action.pack, 0, PACKS)
                and any(not g.shown for g in state.packs[action.pack].grey))
    if kind is Skip:
        return phase is _EXPLORE
    return False


def _why_illegal(state: State, action: Action) -> tuple[str, str]:
    """Return the reason and rule id for an action `_is_legal` refused (slow path)."""
    phase = state.phase
    p = state.player
    if phase is _OVER:
        return "the game is over: three rounds were played", "W6"
    if phase is _DEAL:
        return ("a grey card is being dealt: expected 'deal V' with V a value in the grey deck "
                f"{list(state.grey_deck)}", "W4")
    if phase is _DRAW:
        return (f"player {p} is drawing: expected 'draw V' with V in their deck", "W7")
    if isinstance(action, DealGrey | Draw):
        return f"no card is being dealt or drawn: player {p} must decide", "W7"
    if phase is _EXPLORE and not isinstance(action, Flip | Peek | Skip):
        return (f"player {p} must first choose their Exploration (flip, peek or skip)", "W10")
    if phase is _ACT and isinstance(action, Flip | Peek | Skip):
        return "an Exploration follows only a face-up play of a matching whale", "W10"
    hand = state.hands[p]
    match action:
        case PlayWhale(value=value, pack=i, face_up=up):
            if type(value) is not int or value == TURTLE or value not in hand:
                return f"player {p} holds no whale of value {value!r}", "W9"
            if not _is_int(i, 0, PACKS) or type(up) is not bool:
                return f"there is no pack {i!r}", "W4"
            if len(state.packs[i].whales[p]) >= MAX_WHALES:
                return f"player {p} already has {MAX_WHALES} whales at pack {i + 1}", "W9"
            return (f"a whale of value {value} does not match the top card "
                    f"{state.packs[i].top} of pack {i + 1}, so it is played face down", "W9")
        case PlayTurtle(pack=i, slot=s):
            if TURTLE not in hand:
                return f"player {p} holds no turtle", "W11"
            if i is None and s is None:
                return "the opponent has a face-down whale: the turtle must target one", "W11"
            return ("the target must be a face-down opponent whale (pack and slot from 1)",
                    "W11")
        case EndRound():
            return "both players need at least one whale at each pack to end the round", "W12"
        case Flip():
            return "the target must be a face-down opponent whale", "W10"
        case Peek(pack=i):
            return f"pack {i!r} has no face-down grey card to look at", "W10"
        case _:
            return f"{action!r} is not a Whales Rivals action", ""


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; raise `IllegalActionError` if it is illegal.

    The given state never changes.

    >>> state = apply(new_game(2), DealGrey(4))
    >>> state.packs[0].top, state.dealt
    (4, 1)
    """
    if not _is_legal(state, action):
        reason, rule = _why_illegal(state, action)
        raise IllegalActionError(state, action, reason, rule)
    step = _APPLY.get(type(action)) or step_of_subclass(_APPLY, action)  # one call level less
    return step(state, action, None)


# --- the turn flow -------------------------------------------------------------------------

def _end_round(state: State, starter: int, hands: tuple[tuple[int, ...], tuple[int, ...]],
               discards: tuple[tuple[int, ...], tuple[int, ...]],
               packs: tuple[Pack, Pack, Pack]) -> State:
    """Score every pack and start the next round, or end the game (W15-W19)."""
    last = state.round == ROUNDS
    lost = [list(discards[0]), list(discards[1])]
    taken: list[list[Grey]] = [list(state.captured[0]), list(state.captured[1])]
    unclaimed = list(state.unclaimed)
    kept: list[Pack] = []
    for pack in packs:
        mine, theirs = pack.whales
        a = sum(w.value for w in mine)
        b = sum(w.value for w in theirs)
        lost[0].extend(w.value for w in mine)
        lost[1].extend(w.value for w in theirs)
        if a > b:
            taken[0].extend(grey(g.value, g.shown, True, g.seen[1]) for g in pack.grey)
            kept.append(EMPTY_PACK)
        elif b > a:
            taken[1].extend(grey(g.value, g.shown, g.seen[0], True) for g in pack.grey)
            kept.append(EMPTY_PACK)
        elif last:
            unclaimed.extend(pack.grey)
            kept.append(EMPTY_PACK)
        else:
            kept.append(_Pack(pack.grey, _NO_WHALES) if mine or theirs else pack)
    new_discards = (tuple(sorted(lost[0])), tuple(sorted(lost[1])))
    captured = (tuple(sorted(taken[0], key=grey_key)), tuple(sorted(taken[1], key=grey_key)))
    new_packs = (kept[0], kept[1], kept[2])
    if last:
        return _State(state.options, state.round, _OVER, starter, starter, False, 0, 0,
                     state.decks, hands, new_discards, state.grey_deck, new_packs, captured,
                     tuple(sorted(unclaimed, key=grey_key)))
    return _State(state.options, state.round + 1, _DEAL, starter, starter, True, 1, 0,
                 state.decks, hands, new_discards, state.grey_deck, new_packs, captured,
                 state.unclaimed)


def _after_draw(  # noqa: PLR0917 - positional on the hot path, private
    state: State, player: int, opening: bool, allowance: int,
    decks: tuple[tuple[int, ...], tuple[int, ...]],
    hands: tuple[tuple[int, ...], tuple[int, ...]],
    discards: tuple[tuple[int, ...], tuple[int, ...]],
    packs: tuple[Pack, Pack, Pack],
    below: _Below | None,
) -> State:
    """Begin `player`'s actions, pass their turn, or end the round by itself (W13).

    `below` is given by the fused playout (no step limit): a passed turn's draws are then
    drawn at once (see `_start_turn`)."""
    other = 1 - player
    empty = not hands[0] and not hands[1]
    if _can_act(hands[player], player, packs):
        if not empty:
            return _State(state.options, state.round, _ACT, player, state.starter, opening,
                         allowance, 0, decks, hands, discards, state.grey_deck, packs,
                         state.captured, state.unclaimed)
        # Both hands empty: the round ends by itself; the player could have ended it.
        return _end_round(_with_decks(state, decks), player, hands, discards, packs)
    if not empty and _can_act(hands[other], other, packs):
        return _start_turn(state, other, False, decks, hands, discards, packs, below)
    return _end_round(_with_decks(state, decks), other, hands, discards, packs)


def _with_decks(state: State, decks: tuple[tuple[int, ...], tuple[int, ...]]) -> State:
    if decks is state.decks:
        return state
    return _State(state.options, state.round, state.phase, state.player, state.starter,
                 state.opening, state.actions_left, state.dealt, decks, state.hands,
                 state.discards, state.grey_deck, state.packs, state.captured, state.unclaimed)


def _start_turn(  # noqa: PLR0917 - positional on the hot path, private
    state: State, player: int, opening: bool,
    decks: tuple[tuple[int, ...], tuple[int, ...]],
    hands: tuple[tuple[int, ...], tuple[int, ...]],
    discards: tuple[tuple[int, ...], tuple[int, ...]],
    packs: tuple[Pack, Pack, Pack],
    below: _Below | None,
) -> State:
    """Start `player`'s turn: draw up to five (W7), then act.

    Without `below` the draws are a chance node (a `DRAW` state); the fused playout gives
    its generator's draw and the cards are drawn here, with no state between."""
    allowance = 1 if opening else 2
    if len(hands[player]) < HAND_SIZE and decks[player]:
        if below is None:
            return _State(state.options, state.round, _DRAW, player, state.starter, opening,
                          allowance, 0, decks, hands, discards, state.grey_deck, packs,
                          state.captured, state.unclaimed)
        deck, hand = [*decks[player]], [*hands[player]]
        _draw_up(deck, hand, below, -1)
        decks = _set(decks, player, (*deck,))
        hands = _set(hands, player, (*hand,))
    return _after_draw(state, player, opening, allowance, decks, hands, discards, packs, below)


def _draw_up(deck: list[int], hand: list[int], below: _Below, steps: int) -> int:
    """Draw cards one at a time from `deck` into `hand` (sorted lists, changed in place) as
    `sample_chance` draws them, until the hand holds five cards or the deck is empty (W7),
    or `steps` draws are made (-1: no limit); return the steps left. `below` is the
    generator's ``getrandbits``: each card is ``rng.randrange(len(deck))`` written out."""
    while True:
        n = len(deck)
        k = n.bit_length()
        r = below(k)
        while r >= n:
            r = below(k)
        insort(hand, deck.pop(r))
        steps -= 1
        if not steps or len(hand) >= HAND_SIZE or not deck:
            return steps


def _continue(  # noqa: PLR0917 - positional on the hot path, private
    state: State, left: int, hands: tuple[tuple[int, ...], tuple[int, ...]],
    discards: tuple[tuple[int, ...], tuple[int, ...]],
    packs: tuple[Pack, Pack, Pack], below: _Below | None,
) -> State:
    """After an action: act again if an action is left and possible, else the turn passes
    (`below`: see `_start_turn`)."""
    p = state.player
    if left and _can_act(hands[p], p, packs):
        return _State(state.options, state.round, _ACT, p, state.starter, state.opening, left,
                     0, state.decks, hands, discards, state.grey_deck, packs, state.captured,
                     state.unclaimed)
    return _start_turn(state, 1 - p, False, state.decks, hands, discards, packs, below)


def _apply_draw(state: State, action: Draw, below: _Below | None) -> State:
    p = state.player
    return _drawn(state, p, _without(state.decks[p], action.card),
                  _with(state.hands[p], action.card), below)


def _drawn(state: State, p: int, deck: tuple[int, ...], hand: tuple[int, ...],
           below: _Below | None) -> State:
    """Return the state once player `p` has drawn cards: draw on while the hand holds fewer
    than five cards and the deck has one (W7), else act."""
    if p == 0:
        decks, hands = (deck, state.decks[1]), (hand, state.hands[1])
    else:
        decks, hands = (state.decks[0], deck), (state.hands[0], hand)
    if len(hand) < HAND_SIZE and deck:
        return _State(state.options, state.round, _DRAW, p, state.starter,
                      state.opening, state.actions_left, 0, decks, hands,
                      state.discards, state.grey_deck, state.packs, state.captured,
                      state.unclaimed)
    return _after_draw(state, p, state.opening, state.actions_left, decks, hands,
                       state.discards, state.packs, below)


def _apply_play_whale(state: State, action: PlayWhale, below: _Below | None) -> State:
    value, i, up = action.value, action.pack, action.face_up
    p = state.player
    # `_set`, `_without` and `_set_pack` written out: most decisions are whale plays.
    hands = state.hands
    hand = hands[p]
    k = hand.index(value)
    hand = hand[:k] + hand[k + 1:]
    hands = (hand, hands[1]) if p == 0 else (hands[0], hand)
    packs = state.packs
    pack = packs[i]
    whales = pack.whales
    added = (*whales[p], whale(value, up))
    pack = _Pack(pack.grey, (added, whales[1]) if p == 0 else (whales[0], added))
    packs = ((pack, packs[1], packs[2]) if i == 0 else (packs[0], pack, packs[2]) if i == 1
             else (packs[0], packs[1], pack))
    left = state.actions_left - 1
    if up:
        return _State(state.options, state.round, _EXPLORE, p, state.starter,
                      state.opening, left, 0, state.decks, hands, state.discards,
                      state.grey_deck, packs, state.captured, state.unclaimed)
    return _continue(state, left, hands, state.discards, packs, below)


def _apply_deal(state: State, action: DealGrey, below: _Below | None) -> State:
    d = state.dealt
    return _dealt(state, d + 1, _deal_one(state.packs, d, action.value),
                  _without(state.grey_deck, action.value), below)


def _deal_one(packs: tuple[Pack, Pack, Pack], d: int, value: int) -> tuple[Pack, Pack, Pack]:
    """Return the packs once the `d`-th grey card of the round, of `value`, is dealt (W4, W18)."""
    i, up = DEAL_ORDER[d]
    pack = packs[i]
    return _set_pack(packs, i, _Pack((*pack.grey, grey(value, up, False, False)), pack.whales))


def _dealt(state: State, dealt: int, packs: tuple[Pack, Pack, Pack],
           grey_deck: tuple[int, ...], below: _Below | None) -> State:
    """Return the state once `dealt` grey cards of the round are dealt: deal on, or start the
    round's first turn (W4, W5; `below`: see `_start_turn`)."""
    if dealt < _DEALS_PER_ROUND:
        return _State(state.options, state.round, _DEAL, state.player, state.starter,
                      True, 1, dealt, state.decks, state.hands, state.discards,
                      grey_deck, packs, state.captured, state.unclaimed)
    done = _State(state.options, state.round, _DEAL, state.player, state.starter,
                  True, 1, dealt - 1, state.decks, state.hands, state.discards, grey_deck,
                  packs, state.captured, state.unclaimed)
    return _start_turn(done, state.starter, True, state.decks, state.hands,
                       state.discards, packs, below)


def _apply_turtle(state: State, action: PlayTurtle, below: _Below | None) -> State:
    i, s = action.pack, action.slot
    p = state.player
    q = 1 - p
    hands = _set(state.hands, p, _without(state.hands[p], TURTLE))
    discards = _set(state.discards, p, _with(state.discards[p], TURTLE))
    packs = state.packs
    if i is not None and s is not None:
        pack = packs[i]
        theirs = pack.whales[q]
        discards = _set(discards, q, _with(discards[q], theirs[s].value))
        rest = theirs[:s] + theirs[s + 1:]
        packs = _set_pack(packs, i, _Pack(
            pack.grey, (pack.whales[0], rest) if q == 1 else (rest, pack.whales[1])))
    return _continue(state, state.actions_left - 1, hands, discards, packs, below)


def _apply_end_round(state: State, action: EndRound, below: _Below | None) -> State:
    return _end_round(state, state.player, state.hands, state.discards, state.packs)


def _apply_flip(state: State, action: Flip, below: _Below | None) -> State:
    i, s = action.pack, action.slot
    q = 1 - state.player
    pack = state.packs[i]
    theirs = pack.whales[q]
    turned = (*theirs[:s], whale(theirs[s].value, True), *theirs[s + 1:])
    packs = _set_pack(state.packs, i, _Pack(
        pack.grey, (pack.whales[0], turned) if q == 1 else (turned, pack.whales[1])))
    return _continue(state, state.actions_left, state.hands, state.discards, packs, below)


def _apply_peek(state: State, action: Peek, below: _Below | None) -> State:
    p = state.player
    pack = state.packs[action.pack]
    looked = tuple(grey(g.value, g.shown, True, g.seen[1]) if p == 0
                   else grey(g.value, g.shown, g.seen[0], True) for g in pack.grey)
    packs = _set_pack(state.packs, action.pack, _Pack(looked, pack.whales))
    return _continue(state, state.actions_left, state.hands, state.discards, packs, below)


def _apply_skip(state: State, action: Skip, below: _Below | None) -> State:
    return _continue(state, state.actions_left, state.hands, state.discards, state.packs, below)


_APPLY: Final[dict[type, Callable[[State, Any, _Below | None], State]]] = {
    Draw: _apply_draw, PlayWhale: _apply_play_whale, DealGrey: _apply_deal,
    PlayTurtle: _apply_turtle, EndRound: _apply_end_round, Flip: _apply_flip,
    Peek: _apply_peek, Skip: _apply_skip,
}
"""The state change of each action kind: one dict lookup by type is cheaper on this hot
path than a `match` over the class patterns. The third argument is `None` but in the fused
playout (see `_start_turn`)."""


def apply_unchecked(state: State, action: Action) -> State:
    """Return the state after `action`, trusting that it is legal (the fast path for bots).

    Only pass actions taken from `legal_actions(state)` or `sample_chance(state, ...)`;
    anything else may build an impossible state.
    """
    step = _APPLY.get(type(action)) or step_of_subclass(_APPLY, action)
    return step(state, action, None)


def playout(state: State, rng: random.Random, max_steps: int | None = None) -> State:
    """Play random legal actions, chance drawn as `sample_chance` draws it, to the end or
    for `max_steps` actions (chance outcomes included): `boardrules.playout`, fused.

    The game, the numbers drawn from `rng` and the state returned are those of
    `boardrules.playout`'s reference loop. A player's draws up to five cards, and the
    round's six grey cards, are drawn one by one from `rng` but make one state; with no
    `max_steps`, a turn's last action and the next player's draws make one state too.
    """
    if type(rng)._randbelow is not _WITH_GETRANDBITS:  # type: ignore[attr-defined]
        # Another generator may draw otherwise: play the reference loop, which asks it.
        from boardrules.chance import playout as reference  # imported here: it imports us
        from boardrules.games import whales_rivals

        return reference(whales_rivals, state, rng, max_steps, fused=False)
    # `randrange(n)` of `random.Random` draws ``n.bit_length()`` bits until the number is
    # below n (`_randbelow`): written out here and in `_draw_up`, without the call.
    below = rng.getrandbits
    steps = -1 if max_steps is None else max_steps
    # With no step limit a turn that passes draws the next player's cards at once (no
    # `DRAW` state between); with a limit every draw is a step, counted here.
    fuse = below if max_steps is None else None
    while steps:
        phase = state.phase
        if phase is _ACT or phase is _EXPLORE:
            legal = _act_actions(state) if phase is _ACT else _explore_actions(state)
            n = len(legal)
            k = n.bit_length()
            r = below(k)
            while r >= n:
                r = below(k)
            action = legal[r]
            state = _APPLY[type(action)](state, action, fuse)
            steps -= 1
        elif phase is _DRAW:  # one card at a time from the deck (W7), as sample_chance
            p = state.player
            deck, hand = [*state.decks[p]], [*state.hands[p]]  # sorted multisets
            steps = _draw_up(deck, hand, below, steps)
            state = _drawn(state, p, (*deck,), (*hand,), fuse)
        elif phase is _DEAL:  # the round's grey cards, one at a time (W4, W18)
            d, packs, grey_deck = state.dealt, state.packs, [*state.grey_deck]
            while True:
                n = len(grey_deck)
                k = n.bit_length()
                r = below(k)
                while r >= n:
                    r = below(k)
                packs = _deal_one(packs, d, grey_deck.pop(r))
                d += 1
                steps -= 1
                if not steps or d >= _DEALS_PER_ROUND:
                    break
            state = _dealt(state, d, packs, (*grey_deck,), fuse)
        else:
            break
    return state


# --- chance ------------------------------------------------------------------------------

def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Return each distinct card of the pile being drawn from with its exact probability.

    >>> [(str(a), str(p)) for a, p in chance_outcomes(new_game(2))][:2]
    [('deal 1', '2/9'), ('deal 2', '1/6')]
    """
    phase = state.phase
    if phase is _DEAL:
        pile = state.grey_deck
        outcomes: tuple[Action, ...] = _deal_outcomes(pile)
    elif phase is _DRAW:
        pile = state.decks[state.player]
        outcomes = _draw_outcomes(pile)
    else:
        return ()
    counts = Counter(pile)
    size = len(pile)
    return tuple((a, Fraction(counts[a.value if isinstance(a, DealGrey) else a.card], size))
                 for a in outcomes if isinstance(a, DealGrey | Draw))


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw a card uniformly from the pile being drawn from (one `rng.choice`, no enumeration)."""
    phase = state.phase
    if phase is _DEAL:
        pile = state.grey_deck
        make: Callable[[int], Action] = deal_action
    elif phase is _DRAW:
        pile = state.decks[state.player]
        make = draw_action
    else:
        raise BoardrulesError("this state is not a chance node: nothing is being dealt or drawn")
    n = len(pile)
    if n and type(rng)._randbelow is _WITH_GETRANDBITS:  # type: ignore[attr-defined]
        # `rng.choice(pile)` written out as `playout` draws (searches sample millions).
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return make(pile[r])
    return make(rng.choice(pile))


# --- the end -------------------------------------------------------------------------------

def scores(state: State) -> tuple[int, ...]:
    """Return each player's score: the sum of the values of their captured grey cards (W20)."""
    return (sum(g.value for g in state.captured[0]), sum(g.value for g in state.captured[1]))


def result(state: State) -> Result:
    """Return the scores and, at the end, the winner by W20 (both players on a draw).

    Higher score wins; on equal scores the player with fewer captured cards wins;
    still equal, the game is a draw and ``winners`` holds both players.
    """
    points = scores(state)
    if state.phase is not _OVER:
        return Result(points, (), finished=False)
    return Result(points, winners(points, (len(state.captured[0]), len(state.captured[1]))),
                  finished=True)


def winners(points: tuple[int, ...], captured: tuple[int, ...]) -> tuple[int, ...]:
    """Return the winners by W20 from the scores and the numbers of captured cards: the
    higher score, then fewer cards; both players on a draw.

    >>> winners((20, 20), (5, 4))
    (1,)
    """
    key = [(points[p], -captured[p]) for p in range(PLAYERS)]
    if key[0] == key[1]:
        return (0, 1)
    return (0,) if key[0] > key[1] else (1,)


def returns(state: State) -> tuple[float, ...]:
    """Return 1.0 for the winner and -1.0 for the loser, 0.0 each on a draw or before the end."""
    return result(state).returns()


_CARDS_PER_PLAYER: Final = WHALES_PER_COLOUR + TURTLES


def action_bound(players: int, options: Options) -> int:
    """Return the most actions one game can take (141).

    Every player action but an Exploration or End round moves a card out of a hand for
    good (2 × 21); an Exploration follows a face-up whale (≤ 2 × 18); End round at most
    once a round (3); chance deals 18 grey cards and draws at most 2 × 21 cards.
    """
    return (2 * _CARDS_PER_PLAYER + 2 * WHALES_PER_COLOUR + ROUNDS
            + WHALES_PER_COLOUR + 2 * _CARDS_PER_PLAYER)


def inventory(state: State) -> Counter[str]:
    """Return every card counted once wherever it lies (``"red:5"``, ``"turtle:blue"``, ...)."""
    out: Counter[str] = Counter()
    for p in range(PLAYERS):
        colour = COLOURS[p]
        names = {TURTLE: f"turtle:{colour}"}
        cards = [*state.decks[p], *state.hands[p], *state.discards[p]]
        cards.extend(w.value for pack in state.packs for w in pack.whales[p])
        for card in cards:
            out[names.get(card) or f"{colour}:{card}"] += 1
    greys = [*state.grey_deck]
    greys.extend(g.value for pack in state.packs for g in pack.grey)
    greys.extend(g.value for pile in state.captured for g in pile)
    greys.extend(g.value for g in state.unclaimed)
    for value in greys:
        out[f"grey:{value}"] += 1
    return out
