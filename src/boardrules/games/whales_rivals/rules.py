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
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Final, assert_never

from boardrules._build import slot_builder
from boardrules._owners import describe, not_an_action, wrong_game
from boardrules._seats import player_count
from boardrules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidOptionsError,
    quote,
)
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
    grey_key,
)
from boardrules.games.whales_rivals.state import (
    EMPTY_PACK,
    NO_REVEAL,
    Options,
    Pack,
    Phase,
    State,
)

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
_State: Final = slot_builder(State)
"""Builds a `State`, by field name (every successor state is built here: bots build
millions)."""
_Pack: Final = slot_builder(Pack)
"""Builds a `Pack`."""


_DEFAULT_OPTIONS: Final = Options()
"""The default options, made once (their whale values are checked and their tables built
when made)."""


def player_cards(options: Options, player: int) -> tuple[int, ...]:
    """Return the sorted multiset of a player's 21 cards: their whales and 3 turtles (W1)."""
    if type(options) is not Options:
        raise wrong_game("whales_rivals.player_cards", "whales_rivals.Options", options)
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
            "options", f"expected whales_rivals.Options, got {describe(options)}"
        )
    first = options.first_player
    return _State(
        options=options, round=1, phase=_DEAL, player=first, starter=first, opening=True,
        actions_left=1, dealt=0, decks=(player_cards(options, 0), player_cards(options, 1)),
        hands=((), ()), discards=((), ()), grey_deck=options.whale_values[2],
        packs=(EMPTY_PACK, EMPTY_PACK, EMPTY_PACK), captured=((), ()), unclaimed=(),
        revealed=NO_REVEAL)


def to_move(state: State) -> ToMove:
    """Return who acts: `CHANCE` while dealing or drawing, `TERMINAL` at the end, else a player."""
    if type(state) is not State:
        raise wrong_game("whales_rivals.to_move", "whales_rivals.State", state)
    phase = state.phase
    if phase is _DRAW or phase is _DEAL:  # most steps of a random game are draws and deals
        return CHANCE
    if phase is _OVER:
        return TERMINAL
    return state.player


def is_terminal(state: State) -> bool:
    """Return whether the third round is over (W6, W20)."""
    if type(state) is not State:
        raise wrong_game("whales_rivals.is_terminal", "whales_rivals.State", state)
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



def _whale_plays(hand: tuple[int, ...], plays: Mapping[int, tuple[PlayWhale, ...]],
                 ta: int, tb: int, tc: int) -> list[Action]:
    """Return the whale plays of `hand` by value ascending, then pack, face down first.

    `plays` holds the six plays of each value (`Tables.plays`); `ta`, `tb`, `tc` are the
    top values of the three packs, or -1 where the player already has three whales.
    """
    out: list[Action] = []
    previous = TURTLE
    for value in hand:
        if value == previous:
            continue  # turtles (0) and repeated values
        previous = value
        row = plays[value]
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
    packs = state.packs
    a, b, c = packs
    # A pack's top value, or -1 when the player already has three whales there.
    plays = _whale_plays(hand, state.options.tables.plays,
                         a.grey[-1].value if len(a.whales[p]) < MAX_WHALES else -1,
                         b.grey[-1].value if len(b.whales[p]) < MAX_WHALES else -1,
                         c.grey[-1].value if len(c.whales[p]) < MAX_WHALES else -1)
    if hand and hand[0] == TURTLE:  # sorted: a turtle comes first
        q = 1 - p
        found = False
        for i in range(PACKS):
            for s, w in enumerate(packs[i].whales[q]):
                if not w.face_up:
                    plays.append(TURTLE_AT[i][s])
                    found = True
        if not found:
            plays.append(TURTLE_NO_TARGET)
    if can_end_round(packs):
        plays.append(END_ROUND)
    return tuple(plays)


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
    if type(state) is not State:
        raise wrong_game("whales_rivals.legal_actions", "whales_rivals.State", state)
    phase = state.phase
    if phase is _ACT:
        return _act_actions(state)
    if phase is _DRAW:
        draws = state.options.tables.draws
        return tuple([draws[v] for v in dict.fromkeys(state.decks[state.player])])
    if phase is _DEAL:
        deals = state.options.tables.deals
        return tuple([deals[v] for v in dict.fromkeys(state.grey_deck)])
    if phase is _EXPLORE:
        return _explore_actions(state)
    return ()


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value < high


def _pack_number(index: object) -> str:
    """Name a pack as the notation does, from 1 (anything but a pack index: quoted)."""
    return str(index + 1) if type(index) is int else quote(index, 40)


def _why_illegal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id for an action `apply` refused (its refusal path only)."""
    if not isinstance(action, Action):
        return not_an_action(action, "Whales Rivals"), ""
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
                return f"there is no pack {_pack_number(i)}", "W4"
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
            return f"pack {_pack_number(i)} has no face-down grey card to look at", "W10"
        case _:
            return f"{action!r} is not a Whales Rivals action", ""


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; raise `IllegalActionError` if it is illegal.

    An action is legal exactly when it is one of `legal_actions(state)`. The given state
    never changes.

    >>> state = apply(new_game(2), DealGrey(4))
    >>> state.packs[0].top, state.dealt
    (4, 1)
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.apply", "whales_rivals.State", state)
    if action not in legal_actions(state):
        reason, rule = _why_illegal(state, action)
        raise IllegalActionError(state, action, reason, rule)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """Return the state after `action`, trusting that it is legal (the fast path for bots).

    Only pass actions taken from `legal_actions(state)` or `sample_chance(state, ...)`;
    anything else may build an impossible state. Nothing is checked, not even that
    `state` and `action` are this game's (`apply` checks).
    """
    match action:
        case Draw(card=card):
            p = state.player
            return _drawn(state, p, _without(state.decks[p], card),
                          _with(state.hands[p], card))
        case PlayWhale():
            return _play_whale(state, action)
        case DealGrey(value=value):
            d = state.dealt
            return _dealt(state, d + 1, _deal_one(state, d, value),
                          _without(state.grey_deck, value))
        case PlayTurtle():
            return _play_turtle(state, action)
        case Skip():
            return _continue(state, state.actions_left, state.hands, state.discards,
                             state.packs)
        case Flip():
            return _flip(state, action)
        case Peek():
            return _peek(state, action)
        case EndRound():
            return _end_round(state, state.player, state.decks, state.hands, state.discards,
                              state.packs)
        case _:
            assert_never(action)


# --- the turn flow -------------------------------------------------------------------------

def _end_round(  # noqa: PLR0917 - positional on the hot path, private
    state: State, starter: int, decks: tuple[tuple[int, ...], tuple[int, ...]],
    hands: tuple[tuple[int, ...], tuple[int, ...]],
    discards: tuple[tuple[int, ...], tuple[int, ...]],
    packs: tuple[Pack, Pack, Pack],
) -> State:
    """Score every pack and start the next round, or end the game (W15-W19)."""
    last = state.round == ROUNDS
    greys = state.options.tables.greys
    lost = [list(discards[0]), list(discards[1])]
    taken: list[list[Grey]] = [list(state.captured[0]), list(state.captured[1])]
    unclaimed = state.unclaimed
    kept: list[Pack] = []
    for pack in packs:
        mine = [w.value for w in pack.whales[0]]
        theirs = [w.value for w in pack.whales[1]]
        lost[0] += mine
        lost[1] += theirs
        a, b = sum(mine), sum(theirs)
        if a > b:
            taken[0] += [greys[g.value, g.shown, True, g.seen[1]] for g in pack.grey]
            kept.append(EMPTY_PACK)
        elif b > a:
            taken[1] += [greys[g.value, g.shown, g.seen[0], True] for g in pack.grey]
            kept.append(EMPTY_PACK)
        elif last:
            unclaimed = (*unclaimed, *pack.grey)
            kept.append(EMPTY_PACK)
        else:
            kept.append(_Pack(grey=pack.grey, whales=_NO_WHALES) if mine or theirs else pack)
    return _State(
        options=state.options, round=state.round if last else state.round + 1,
        phase=_OVER if last else _DEAL, player=starter, starter=starter, opening=not last,
        actions_left=0 if last else 1, dealt=0, decks=decks, hands=hands,
        discards=(tuple(sorted(lost[0])), tuple(sorted(lost[1]))),
        grey_deck=state.grey_deck, packs=(kept[0], kept[1], kept[2]),
        captured=(tuple(sorted(taken[0], key=grey_key)),
                  tuple(sorted(taken[1], key=grey_key))),
        unclaimed=tuple(sorted(unclaimed, key=grey_key)) if last else unclaimed,
        revealed=tuple((tuple(w.value for w in pack.whales[0]),
                        tuple(w.value for w in pack.whales[1])) for pack in packs))


def _after_draw(  # noqa: PLR0917 - positional on the hot path, private
    state: State, player: int, opening: bool, allowance: int,
    decks: tuple[tuple[int, ...], tuple[int, ...]],
    hands: tuple[tuple[int, ...], tuple[int, ...]],
    discards: tuple[tuple[int, ...], tuple[int, ...]],
    packs: tuple[Pack, Pack, Pack],
) -> State:
    """Begin `player`'s actions, pass their turn, or end the round by itself (W13)."""
    other = 1 - player
    empty = not hands[0] and not hands[1]
    if _can_act(hands[player], player, packs):
        if not empty:
            return _State(
                options=state.options, round=state.round, phase=_ACT, player=player,
                starter=state.starter, opening=opening, actions_left=allowance, dealt=0,
                decks=decks, hands=hands, discards=discards, grey_deck=state.grey_deck,
                packs=packs, captured=state.captured, unclaimed=state.unclaimed,
                revealed=state.revealed)
        # Both hands empty: the round ends by itself; the player could have ended it.
        return _end_round(state, player, decks, hands, discards, packs)
    if not empty and _can_act(hands[other], other, packs):
        return _start_turn(state, other, False, decks, hands, discards, packs)
    return _end_round(state, other, decks, hands, discards, packs)


def _start_turn(  # noqa: PLR0917 - positional on the hot path, private
    state: State, player: int, opening: bool,
    decks: tuple[tuple[int, ...], tuple[int, ...]],
    hands: tuple[tuple[int, ...], tuple[int, ...]],
    discards: tuple[tuple[int, ...], tuple[int, ...]],
    packs: tuple[Pack, Pack, Pack],
) -> State:
    """Start `player`'s turn: draw up to five, one card at a time (W7), then act."""
    allowance = 1 if opening else 2
    if len(hands[player]) < HAND_SIZE and decks[player]:
        return _State(
            options=state.options, round=state.round, phase=_DRAW, player=player,
            starter=state.starter, opening=opening, actions_left=allowance, dealt=0,
            decks=decks, hands=hands, discards=discards, grey_deck=state.grey_deck,
            packs=packs, captured=state.captured, unclaimed=state.unclaimed,
            revealed=state.revealed)
    return _after_draw(state, player, opening, allowance, decks, hands, discards, packs)


def _continue(state: State, left: int, hands: tuple[tuple[int, ...], tuple[int, ...]],
              discards: tuple[tuple[int, ...], tuple[int, ...]],
              packs: tuple[Pack, Pack, Pack]) -> State:
    """After an action: act again if an action is left and possible, else the turn passes."""
    p = state.player
    if left and _can_act(hands[p], p, packs):
        return _State(
            options=state.options, round=state.round, phase=_ACT, player=p,
            starter=state.starter, opening=state.opening, actions_left=left, dealt=0,
            decks=state.decks, hands=hands, discards=discards, grey_deck=state.grey_deck,
            packs=packs, captured=state.captured, unclaimed=state.unclaimed,
            revealed=state.revealed)
    return _start_turn(state, 1 - p, False, state.decks, hands, discards, packs)


def _drawn(state: State, p: int, deck: tuple[int, ...], hand: tuple[int, ...]) -> State:
    """Return the state once player `p` has drawn a card: draw on while the hand holds
    fewer than five cards and the deck has one (W7), else act."""
    if p == 0:
        decks, hands = (deck, state.decks[1]), (hand, state.hands[1])
    else:
        decks, hands = (state.decks[0], deck), (state.hands[0], hand)
    if len(hand) < HAND_SIZE and deck:
        return _State(
            options=state.options, round=state.round, phase=_DRAW, player=p,
            starter=state.starter, opening=state.opening, actions_left=state.actions_left,
            dealt=0, decks=decks, hands=hands, discards=state.discards,
            grey_deck=state.grey_deck, packs=state.packs, captured=state.captured,
            unclaimed=state.unclaimed, revealed=state.revealed)
    return _after_draw(state, p, state.opening, state.actions_left, decks, hands,
                       state.discards, state.packs)


def _play_whale(state: State, action: PlayWhale) -> State:
    """Put a whale from the hand at a pack (W9a); face up, an Exploration follows (W10)."""
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
    added = (*whales[p], state.options.tables.whales[value, up])
    pack = _Pack(grey=pack.grey, whales=(added, whales[1]) if p == 0 else (whales[0], added))
    packs = ((pack, packs[1], packs[2]) if i == 0 else (packs[0], pack, packs[2]) if i == 1
             else (packs[0], packs[1], pack))
    left = state.actions_left - 1
    if up:
        return _State(
            options=state.options, round=state.round, phase=_EXPLORE, player=p,
            starter=state.starter, opening=state.opening, actions_left=left, dealt=0,
            decks=state.decks, hands=hands, discards=state.discards,
            grey_deck=state.grey_deck, packs=packs, captured=state.captured,
            unclaimed=state.unclaimed, revealed=state.revealed)
    return _continue(state, left, hands, state.discards, packs)


def _deal_one(state: State, d: int, value: int) -> tuple[Pack, Pack, Pack]:
    """Return the packs once the `d`-th grey card of the round, of `value`, is dealt (W4, W18)."""
    i, up = DEAL_ORDER[d]
    pack = state.packs[i]
    card = state.options.tables.greys[value, up, False, False]
    return _set_pack(state.packs, i, _Pack(grey=(*pack.grey, card), whales=pack.whales))


def _dealt(state: State, dealt: int, packs: tuple[Pack, Pack, Pack],
           grey_deck: tuple[int, ...]) -> State:
    """Return the state once `dealt` grey cards of the round are dealt: deal on, or start the
    round's first turn (W4, W5)."""
    done = _State(
        options=state.options, round=state.round, phase=_DEAL, player=state.player,
        starter=state.starter, opening=True, actions_left=1, dealt=dealt, decks=state.decks,
        hands=state.hands, discards=state.discards, grey_deck=grey_deck, packs=packs,
        captured=state.captured, unclaimed=state.unclaimed, revealed=state.revealed)
    if dealt < _DEALS_PER_ROUND:
        return done
    return _start_turn(done, state.starter, True, state.decks, state.hands, state.discards,
                       packs)


def _play_turtle(state: State, action: PlayTurtle) -> State:
    """Discard a turtle and the face-down opponent whale it targets, if any (W11)."""
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
            grey=pack.grey,
            whales=(pack.whales[0], rest) if q == 1 else (rest, pack.whales[1])))
    return _continue(state, state.actions_left - 1, hands, discards, packs)


def _flip(state: State, action: Flip) -> State:
    """Exploration: turn a face-down opponent whale face up (W10)."""
    i, s = action.pack, action.slot
    q = 1 - state.player
    pack = state.packs[i]
    theirs = pack.whales[q]
    turned = (*theirs[:s], state.options.tables.whales[theirs[s].value, True], *theirs[s + 1:])
    packs = _set_pack(state.packs, i, _Pack(
        grey=pack.grey,
        whales=(pack.whales[0], turned) if q == 1 else (turned, pack.whales[1])))
    return _continue(state, state.actions_left, state.hands, state.discards, packs)


def _peek(state: State, action: Peek) -> State:
    """Exploration: the player looks at every grey card of a pack (W10)."""
    p = state.player
    greys = state.options.tables.greys
    pack = state.packs[action.pack]
    looked = tuple(greys[g.value, g.shown, True, g.seen[1]] if p == 0
                   else greys[g.value, g.shown, g.seen[0], True] for g in pack.grey)
    packs = _set_pack(state.packs, action.pack, _Pack(grey=looked, whales=pack.whales))
    return _continue(state, state.actions_left, state.hands, state.discards, packs)


# --- chance ------------------------------------------------------------------------------

def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Return each distinct card of the pile being drawn from with its exact probability.

    >>> [(str(a), str(p)) for a, p in chance_outcomes(new_game(2))][:2]
    [('deal 1', '2/9'), ('deal 2', '1/6')]
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.chance_outcomes", "whales_rivals.State", state)
    phase = state.phase
    if phase is _DEAL:
        pile = state.grey_deck
    elif phase is _DRAW:
        pile = state.decks[state.player]
    else:
        return ()
    size = len(pile)
    # The pile is sorted: its counts come in the order of `legal_actions`, ascending.
    return tuple((action, Fraction(count, size)) for action, count
                 in zip(legal_actions(state), Counter(pile).values(), strict=True))


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw a card uniformly from the pile being drawn from (one `rng.choice`, no enumeration)."""
    if type(state) is not State:
        raise wrong_game("whales_rivals.sample_chance", "whales_rivals.State", state)
    phase = state.phase
    if phase is _DRAW:
        return state.options.tables.draws[rng.choice(state.decks[state.player])]
    if phase is _DEAL:
        return state.options.tables.deals[rng.choice(state.grey_deck)]
    raise InvalidArgumentError("this state is not a chance node: nothing is being dealt or drawn")


# --- the end -------------------------------------------------------------------------------

def scores(state: State) -> tuple[int, ...]:
    """Return each player's score: the sum of the values of their captured grey cards (W20)."""
    if type(state) is not State:
        raise wrong_game("whales_rivals.scores", "whales_rivals.State", state)
    return (sum(g.value for g in state.captured[0]), sum(g.value for g in state.captured[1]))


def result(state: State) -> Result:
    """Return the scores and, at the end, the winner by W20 (both players on a draw).

    Higher score wins; on equal scores the player with fewer captured cards wins;
    still equal, the game is a draw and ``winners`` holds both players.
    """
    if type(state) is not State:
        raise wrong_game("whales_rivals.result", "whales_rivals.State", state)
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
    if type(state) is not State:
        raise wrong_game("whales_rivals.returns", "whales_rivals.State", state)
    return result(state).returns()


_CARDS_PER_PLAYER: Final = WHALES_PER_COLOUR + TURTLES


def action_bound(players: int, options: Options) -> int:
    """Return the most actions one game can take (141).

    Every player action but an Exploration or End round moves a card out of a hand for
    good (2 × 21); an Exploration follows a face-up whale (≤ 2 × 18); End round at most
    once a round (3); chance deals 18 grey cards and draws at most 2 × 21 cards.
    """
    if type(options) is not Options:
        raise wrong_game("whales_rivals.action_bound", "whales_rivals.Options", options)
    return (2 * _CARDS_PER_PLAYER + 2 * WHALES_PER_COLOUR + ROUNDS
            + WHALES_PER_COLOUR + 2 * _CARDS_PER_PLAYER)


def inventory(state: State) -> Counter[str]:
    """Return every card counted once wherever it lies (``"red:5"``, ``"turtle:blue"``, ...)."""
    if type(state) is not State:
        raise wrong_game("whales_rivals.inventory", "whales_rivals.State", state)
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

