"""Captain Bluff rules: new_game, legal_actions, apply, to_move, returns, result.

Order of `legal_actions` (stable, documented):

* chance node (deal or draw): one `Draw` per distinct card of the pile being drawn
  from, ascending by card code;
* setup placement (B4): `SetDestination` by conveyor, then card;
* challenge window (B13): `Challenge`, `Pass`, then `PickUp` by conveyor, then count;
* the active player's turn: main actions before the main action is taken —
  `PlayLuggage` by conveyor (a new row or a row after arrows: by destination and
  first value, the single card first, then longer runs up, then down; continuing a
  row: by length, and for a one-card row the runs up before the runs down),
  `SetDestination` (conveyor, card),
  `CheckDestination`, `TakeDestination` (by conveyor), `CloseConveyor`; then, if no
  special was played this turn, `PlayStar` (by conveyor, then value), `PlayArrows` (by
  conveyor), `PlayEye` (no conveyor, one, two; lexicographic), `PlayPlusOne`; then
  `PickUp` (conveyor, count); last `EndTurn` once the main action is taken. With no main
  action possible, `EndTurn` alone (B11). Luggage the active player picked up since their
  turn began is left out of plays, destinations and swaps (B14);
* a swap in progress (B9, after `TakeDestination`): `SetDestination` on that conveyor of
  each distinct card of the hand but the card just taken, by card.
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import Any, Final, Generic, NamedTuple, TypeVar, assert_never

from boardrules._build import slot_builder, successor_builder
from boardrules._owners import describe, not_an_action, wrong_game
from boardrules._seats import player_count
from boardrules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidOptionsError,
)
from boardrules.game import CHANCE, TERMINAL, Result, ToMove
from boardrules.games.captain_bluff.actions import (
    ARROWS_ON,
    CHALLENGE,
    CHECK,
    CLOSE,
    DRAW,
    END_TURN,
    EYES,
    PASS,
    PICK_UP,
    PLAYS,
    PLUS_ONE_PLAY,
    SET,
    STAR_ON,
    TAKE,
    Action,
    Challenge,
    CheckDestination,
    CloseConveyor,
    Draw,
    EndTurn,
    Pass,
    PickUp,
    PlayArrows,
    PlayEye,
    PlayLuggage,
    PlayPlusOne,
    PlayStar,
    SetDestination,
    TakeDestination,
)
from boardrules.games.captain_bluff.cards import (
    ARROWS,
    CARDS,
    CONVEYORS,
    DESTINATIONS,
    EYE,
    LUGGAGE,
    LUGGAGE_DEAL,
    MAX_VALUE,
    PLUS_ONE,
    SPECIAL_DEAL,
    SPECIAL_KINDS,
    STAR,
    card_name,
)
from boardrules.games.captain_bluff.rows import RowInfo, row_info, star_choices
from boardrules.games.captain_bluff.state import FaceDown, Memos, Options, Stage, State

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "action_bound",
    "apply",
    "apply_unchecked",
    "chance_outcomes",
    "deal_recipient",
    "inventory",
    "is_bluff",
    "is_terminal",
    "legal_actions",
    "new_game",
    "placements_needed",
    "result",
    "returns",
    "sample_chance",
    "to_move",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
HAND_LIMIT_PLUS_ONE: Final = 5
"""A plus-one card makes other players with fewer than this many cards draw (B12)."""
MAX_OPEN_ROWS: Final = 3
"""At most three conveyors hold luggage (B6)."""

T = TypeVar("T")
_DEAL: Final = Stage.DEAL
"""The `Stage` members as module constants: reading a member through its enum class
costs about ten times a global lookup (Python 3.11), and every decision reads several."""
_PLACE: Final = Stage.PLACE
_PLAY: Final = Stage.PLAY
_RANGE: Final = range(CONVEYORS)
_NO_ROWS: Final[tuple[tuple[int, ...], ...]] = ((),) * CONVEYORS
_NO_DESTINATIONS: Final[tuple[int | None, ...]] = (None,) * CONVEYORS
_NOBODY: Final[frozenset[int]] = frozenset()
_NO_KNOWERS: Final = (_NOBODY,) * CONVEYORS
_ME: Final = tuple(frozenset({p}) for p in range(MAX_PLAYERS))
_UP_DOWN: Final = (1, -1)
_State: Final = slot_builder(State)
"""Build a `State` from its 24 fields by name, like ``State(...)`` but about three times
cheaper (see `boardrules._build`): the start of a game."""
_next: Final = successor_builder(State)
"""``_next(s, field=value, ...)``: `s` with the fields named changed (see
`boardrules._build`): every successor state is built by it."""
DEFAULT_OPTIONS: Final = Options()
"""The options of `new_game` without options: one object, so that its games share the
rules' memos (`Options.memos`)."""


def placements_needed(players: int) -> int:
    """Return how many destination cards are placed at setup: 4 with 2 players, else one each."""
    return 4 if players == 2 else players


def deal_recipient(state: State) -> tuple[int, bool]:
    """Return who receives the next card of the deal and whether it is luggage (B2).

    Luggage is dealt one card at a time in seat order from seat 0, then the specials.
    """
    return _recipient(state.players, sum(map(len, state.hands)))


def _recipient(n: int, dealt: int) -> tuple[int, bool]:
    """Return `deal_recipient` of a deal among `n` players after `dealt` cards."""
    luggage_total = LUGGAGE_DEAL[n] * n
    if dealt < luggage_total:
        return dealt % n, True
    return (dealt - luggage_total) % n, False


def _deal_size(n: int) -> int:
    """Return how many cards the deal among `n` players deals (B2)."""
    return (LUGGAGE_DEAL[n] + SPECIAL_DEAL[n]) * n


@player_count("Captain Bluff", MIN_PLAYERS, MAX_PLAYERS)
def new_game(players: int, options: Options | None = None) -> State:
    """Return the start of a game: the deal, a chance node (B2).

    >>> state = new_game(3)
    >>> to_move(state), len(state.draw)
    (CHANCE, 65)
    """
    if options is None:
        options = DEFAULT_OPTIONS
    elif not isinstance(options, Options):
        raise InvalidOptionsError(
            "options", f"expected captain_bluff.Options, got {describe(options)}"
        )
    if options.first_player >= players:
        raise InvalidOptionsError(
            "first_player", f"seat {options.first_player} does not exist with {players} players"
        )
    specials = tuple(
        code for code, count in zip(SPECIAL_KINDS, options.specials.counts(), strict=True)
        for _ in range(count)
    )
    empty = ((),) * players
    return _State(
        options=options, players=players, stage=_DEAL, hands=empty, exposed=empty, picked_up=empty,
        draw=tuple(range(LUGGAGE)) + specials, discard=(), buried=(), removed=(), stowed=(),
        reshuffled=False, destinations=_NO_DESTINATIONS, knowers=_NO_KNOWERS, rows=_NO_ROWS,
        star_values=_NO_ROWS, turn=0, main_done=False, special_used=False, window=None, polled=None,
        swap=None, draws=(), winner=None)


def is_terminal(state: State) -> bool:
    """Return whether a player has won (B16) or the turn limit is reached (B17)."""
    if type(state) is not State:
        raise wrong_game("captain_bluff.is_terminal", "captain_bluff.State", state)
    return state.winner is not None or state.turn >= state.options.turn_limit


def to_move(state: State) -> ToMove:
    """Return who acts: chance (deal, draws), the polled player in a challenge window,
    the placing player at setup, the active player, or `TERMINAL`."""
    if type(state) is not State:
        raise wrong_game("captain_bluff.to_move", "captain_bluff.State", state)
    if state.stage is _DEAL or state.draws:
        return CHANCE
    if state.winner is not None or state.turn >= state.options.turn_limit:
        return TERMINAL
    if state.polled is not None:
        return state.polled
    if state.stage is _PLACE:
        return _placer(state)
    return (state.options.first_player + state.turn) % state.players


def _placer(state: State) -> int:
    """Return who places the next setup destination (B4): seat order from the first player."""
    placed = CONVEYORS - state.destinations.count(None)
    return (state.options.first_player + placed) % state.players




def _chance_pool(state: State) -> tuple[int, ...]:
    """Return the multiset the next card is drawn from: the luggage or the specials of the
    pile during the deal, the luggage of the draw pile for a plus-one's draw, else the
    whole draw pile (hands and piles are ascending: luggage first)."""
    draw = state.draw
    if state.stage is _DEAL:
        split = bisect_left(draw, LUGGAGE)
        return draw[:split] if deal_recipient(state)[1] else draw[split:]
    if state.draws[0] != (state.options.first_player + state.turn) % state.players:
        return draw[:bisect_left(draw, LUGGAGE)]  # a plus-one's draw (B12)
    return draw


# --- legal actions ---------------------------------------------------------------------


_Picker = Callable[[tuple[Any, ...]], tuple[Any, ...]]
"""An `itemgetter` (or a stand-in for 0 or 1 items) taking the legal plays of a hand out of
a prebuilt table in one C call, in the documented order: out of a table of the actions
(`_FLAT_PLAYS`), the actions; out of a table of their counterparts in the same places (the
numeric layer's action indices), the counterparts."""
_FLAT_PLAYS: Final = tuple(
    tuple(
        tuple(PLAYS[v][d * MAX_VALUE + a][d * MAX_VALUE + b]
              for a in range(MAX_VALUE) for b in range(MAX_VALUE))
        for d in range(DESTINATIONS)
    )
    for v in _RANGE
)
"""``_FLAT_PLAYS[v][d][first * MAX_VALUE + last]`` (value indices 0-16 of destination `d`):
`PLAYS` flattened for `itemgetter`, so one picker serves every conveyor and destination."""


def _block_indices(low: int, length: int, direction: int) -> tuple[int, ...]:
    """Return the `_FLAT_PLAYS` indices of the runs inside the block of `length` values
    held from value index `low`, by first value: the single card, then up, then down
    (`direction` 0 both ways, else only that one)."""
    out: list[int] = []
    dirs = _UP_DOWN if direction == 0 else (direction,)
    for a in range(low, low + length):
        out.append(a * MAX_VALUE + a)
        for step in dirs:
            b = a + step
            while low <= b < low + length:
                out.append(a * MAX_VALUE + b)
                b += step
    return tuple(out)


_BLOCK_INDICES: Final = tuple(
    tuple(
        tuple(_block_indices(low, length, direction) for length in range(MAX_VALUE + 1 - low))
        for low in range(MAX_VALUE)
    )
    for direction in (0, 1, -1)
)
"""``_BLOCK_INDICES[direction % 3][low][length]``: see `_block_indices`. Runs never leave
a block of consecutive values, so a hand's runs are its blocks' runs, in block order."""


def _runs(memo: dict[int, tuple[int, _Picker]], mask: int, direction: int
          ) -> tuple[int, _Picker]:
    """Return how many plays of runs from any first value there are, and a picker of them
    to apply to one conveyor's and destination's table of `_FLAT_PLAYS`.

    `mask` (not 0) has bit ``value - 1`` set for each value of that destination in hand;
    `direction` 0 allows both directions (a new row), else only that one (after arrows).
    Order: by first value, the single card first, then the runs up, then down. `memo` is
    `Memos.runs`, by ``mask << 2 | direction % 3`` (hands change slowly, and one
    destination's part of a hand repeats far more often than the whole hand).
    """
    key = mask << 2 | direction % 3
    found = memo.get(key)
    if found is None:
        blocks = _BLOCK_INDICES[direction % 3]
        indices: list[int] = []
        rest = mask
        while rest:
            low = (rest & -rest).bit_length() - 1
            shifted = rest >> low
            length = (shifted ^ (shifted + 1)).bit_length() - 1  # trailing ones
            indices.extend(blocks[low][length])
            rest &= ~(((1 << length) - 1) << low)
        found = memo[key] = (len(indices), _index_picker(indices))
    return found


def _index_picker(indices: list[int]) -> _Picker:
    """Return a function taking the items at `indices` of a tuple, as a tuple."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        only = indices[0]
        return lambda table: (table[only],)
    return lambda table: ()


def _start_picker(a: int, step: int, length: int) -> _Picker:
    """Return a picker of the `length` plays of `_FLAT_PLAYS` from value index `a` on by
    `step`: the single card, then the run of two, and so on."""
    return _index_picker([a * MAX_VALUE + a + k * step for k in range(length)])


_START_PICKERS: Final = tuple(
    tuple(
        _start_picker(a, step, length)
        for length in range((MAX_VALUE - a if step > 0 else a + 1) + 1)
    )
    for step in (-1, 1) for a in range(MAX_VALUE)
)
"""``_START_PICKERS[(step > 0) * MAX_VALUE + a][length]``: a picker of the `length` plays
from value index `a` going on by `step` (the single card first), for one conveyor's and
destination's table of `_FLAT_PLAYS`."""


_Continuation = tuple[int, int, int, tuple[tuple[int, int], ...] | None]
"""One conveyor's part of the plays, in a `_Plan`: ``(conveyor, destination, direction,
starts)``. A new row has destination -1 (every destination, both directions); a row
after arrows has ``starts`` ``None`` (runs from any value in `direction`); any other row
has ``starts``, the ``(value index, step)`` pairs its next card may take, each run going on
by `step`."""


class _Plan(NamedTuple, Generic[T]):
    """The shape of the main actions for one layout of rows and destination cards: all that
    does not depend on the hand (see `_listing`). Its tables hold actions (`T` is
    `Action`), or their counterparts (see `_Tables`)."""

    plays: tuple[_Continuation, ...]
    """Where luggage may be played, by conveyor."""
    sets: tuple[tuple[T, ...], ...]
    """The `SET` tables (by card) of the conveyors a destination card may be set on (no
    card, no row), ascending by conveyor."""
    checks: tuple[T, ...]
    """Every `CheckDestination`."""
    takes: tuple[T, ...]
    """Every `TakeDestination` (the first step of a swap, B9)."""
    closes: tuple[T, ...]
    """Every `CloseConveyor`."""


class _RowsFacts(NamedTuple):
    """What the six rows allow, computed once per distinct `State.rows` (see `_rows_facts`)."""

    infos: tuple[RowInfo | None, ...]
    """Each conveyor's `row_info`, or ``None`` for an empty row."""
    continuations: tuple[_Continuation | None, ...]
    """Each row's part of the plays (see `_Continuation`), or ``None`` for an empty row."""
    open_rows: int
    """How many conveyors hold a row."""
    stars: tuple[Action, ...]
    """`PlayStar` of every value a star may stand for on every row, by conveyor then value."""
    arrows: tuple[Action, ...]
    """`PlayArrows` on every row, by conveyor."""
    pickups: tuple[Action, ...]
    """Every `PickUp`, by conveyor then count."""
    closes: tuple[Action, ...]
    """`CloseConveyor` of every row, by conveyor."""
    window_actions: tuple[Action, ...]
    """`Challenge`, `Pass`, then `pickups`: every action of a challenge window."""
    pickups_then_end: tuple[Action, ...]
    """`pickups` then `EndTurn`: every action after the main action with no special."""
    plans: dict[tuple[int, ...], _Plan[Action]]
    """Memo of `_plan` by the conveyors holding a destination card."""


_Rows = tuple[tuple[int, ...], ...]
"""`State.rows` (and `State.star_values`): one tuple per conveyor."""


def _continuation(v: int, info: RowInfo) -> _Continuation:
    """Return the part of the plays of the row `info` describes on conveyor `v`."""
    if info.free:
        return v, info.destination, info.direction, None
    pairs: tuple[tuple[int, int], ...]
    if info.direction == 0:  # one card: one up (runs up), or one down (runs down)
        pairs = ((info.head, 1), (info.head - 2, -1))
    else:
        pairs = ((info.head - 1 + info.direction, info.direction),)
    return v, info.destination, 0, tuple((a, s) for a, s in pairs if 0 <= a < MAX_VALUE)


def _rows_facts(memos: Memos, rows: _Rows, star_values: _Rows) -> _RowsFacts:
    """Return the `_RowsFacts` of the rows of a state and the values of their stars.

    Kept in `memos` (the state's `Options.memos`) by rows and star values: rows change only
    when cards go onto or leave them, so most decisions of a turn (and every answer in a
    challenge window) share one rows tuple; the last one is found by identity, unhashed.
    """
    last, last_stars, found = memos.last_rows
    if last is rows and last_stars is star_values:
        return found  # type: ignore[no-any-return]  # set together with `last`
    found = memos.rows.get((rows, star_values))
    if found is None:
        row_infos = memos.row_infos
        infos: list[RowInfo | None] = []
        continuations: list[_Continuation | None] = []
        stars: list[Action] = []
        arrows: list[Action] = []
        pickups: list[Action] = []
        closes: list[Action] = []
        for v in _RANGE:
            row = rows[v]
            if not row:
                infos.append(None)
                continuations.append(None)
                continue
            stars_of = star_values[v]
            key = (row, stars_of) if stars_of else row  # ints never equal a pair of tuples
            info = row_infos.get(key)
            if info is None:
                info = row_infos[key] = row_info(row, stars_of)
            infos.append(info)
            continuations.append(_continuation(v, info))
            stars.extend(STAR_ON[v][value] for value in star_choices(info))
            arrows.append(ARROWS_ON[v])
            pickups.extend(PICK_UP[v][1:info.pickable + 1])
            closes.append(CLOSE[v])
        found = memos.rows[rows, star_values] = _RowsFacts(
            tuple(infos), tuple(continuations), len(closes), tuple(stars), tuple(arrows),
            tuple(pickups), tuple(closes), (CHALLENGE, PASS, *pickups), (*pickups, END_TURN), {},
        )
    memos.last_rows = (rows, star_values, found)
    return found  # type: ignore[no-any-return]  # the memo holds `_RowsFacts`


class _DestinationFacts(NamedTuple):
    """What the destination cards allow, by which conveyors hold one (see `_destination_facts`)."""

    free: tuple[int, ...]
    """The conveyors without a destination card, ascending."""
    held: tuple[int, ...]
    """The conveyors with a destination card, ascending."""
    checks: tuple[Action, ...]
    """`CheckDestination` of every conveyor in `held`."""
    eyes: tuple[Action, ...]
    """Every `PlayEye`: no conveyor, one, two (lexicographic) among `held`."""


def _destination_facts_of(held: tuple[int, ...]) -> _DestinationFacts:
    return _DestinationFacts(
        tuple(v for v in _RANGE if v not in held), held, tuple(CHECK[v] for v in held),
        (EYES[()], *(EYES[(v,)] for v in held),
         *(EYES[(v, w)] for i, v in enumerate(held) for w in held[i + 1:])),
    )


_DESTINATION_FACTS_BY_HELD: Final = {
    held: _destination_facts_of(held)
    for size in range(CONVEYORS + 1) for held in itertools.combinations(_RANGE, size)
}
"""The `_DestinationFacts` of each of the 64 sets of conveyors holding a destination card."""
_DESTINATION_FACTS_BY_BITS: Final = {
    sum(1 << v for v in held): facts for held, facts in _DESTINATION_FACTS_BY_HELD.items()
}
"""The same, by which conveyors hold a destination card as bits: bit ``v`` for conveyor v."""
assert CONVEYORS == 6  # `_destination_facts` reads the six conveyors one by one


def _destination_facts(destinations: tuple[int | None, ...]) -> _DestinationFacts:
    """Return the `_DestinationFacts` of the destination cards of a state (no memo: the
    cards vary far more than which conveyors hold one; six tests are cheaper than a
    tuple of them, or a `map` over them)."""
    d0, d1, d2, d3, d4, d5 = destinations
    return _DESTINATION_FACTS_BY_BITS[
        (d0 is not None) | (d1 is not None) << 1 | (d2 is not None) << 2
        | (d3 is not None) << 3 | (d4 is not None) << 4 | (d5 is not None) << 5]


def _plan(rows_facts: _RowsFacts, destination_facts: _DestinationFacts) -> _Plan[Action]:
    """Return the `_Plan` of the main actions for these rows and destination cards."""
    held = destination_facts.held
    found = rows_facts.plans.get(held)
    if found is None:
        can_open = rows_facts.open_rows < MAX_OPEN_ROWS
        plays: list[_Continuation] = []
        for v in _RANGE:
            continuation = rows_facts.continuations[v]
            if continuation is not None:
                plays.append(continuation)
            elif can_open and v in held:
                plays.append((v, -1, 0, None))
        sets = tuple(SET[v] for v in destination_facts.free if rows_facts.infos[v] is None)
        found = rows_facts.plans[held] = _Plan(
            tuple(plays), sets, destination_facts.checks, tuple(TAKE[v] for v in held),
            rows_facts.closes)
    return found


def _plan_counterpart(plan: _Plan[Action],
                      kept: Callable[[tuple[Action, ...]], tuple[T, ...]]) -> _Plan[T]:
    """Return `plan` with each of its tables replaced by its counterpart, ``kept(table)``
    (see `_Tables`)."""
    return _Plan(plan.plays, tuple(map(kept, plan.sets)), kept(plan.checks), kept(plan.takes),
                 kept(plan.closes))


_LUGGAGE_BIT: Final = [1 << c if c < LUGGAGE else 0 for c in range(CARDS)].__getitem__
"""``card -> 1 << card`` for a luggage card, 0 for a special: summed over a hand (whose
luggage cards are unique), the hand's luggage as one 51-bit set. (A list's bound
``__getitem__``: mapped over a hand, it costs about two thirds of a tuple's.)"""
_VALUES: Final = (1 << MAX_VALUE) - 1
"""The 17 bits of one destination's values in that set."""


def _luggage_plays(hand: tuple[int, ...], plan: _Plan[Any], runs: dict[int, Any],
                   out: list[Any], flat: Sequence[Sequence[tuple[Any, ...]]]) -> None:
    """Append the `PlayLuggage` actions of a hand for a `_Plan` to `out`, in the
    documented order, as `flat` holds them: `_FLAT_PLAYS` itself for `legal_actions`, or a
    table of the same shape holding their counterparts (the numeric layer's action
    indices). `runs` is the memo of `_runs` (`Memos.runs`)."""
    held = sum(map(_LUGGAGE_BIT, hand))
    masks = (held & _VALUES, (held >> MAX_VALUE) & _VALUES, held >> (2 * MAX_VALUE))
    fresh: list[tuple[int, _Picker]] | None = None  # a new row's pickers, by destination
    for v, d, direction, starts in plan.plays:
        if d < 0:  # a new row: runs of every destination, both ways
            if fresh is None:
                fresh = [(e, (runs.get(masks[e] << 2) or _runs(runs, masks[e], 0))[1])
                         for e in range(DESTINATIONS) if masks[e]]
            tables = flat[v]
            for e, pick in fresh:
                out.extend(pick(tables[e]))
            continue
        mask = masks[d]
        if not mask:
            continue
        if starts is None:  # after arrows: runs from any value in the row's direction
            out.extend(_runs(runs, mask, direction)[1](flat[v][d]))
            continue
        for a, step in starts:  # the values held in a row from `a` on by `step`
            if step > 0:
                rest = mask >> a
                length = (rest ^ (rest + 1)).bit_length() - 1  # trailing ones
            else:
                length = a + 1 - (~mask & ((2 << a) - 1)).bit_length()  # ones from `a` down
            if length:
                out.extend(_START_PICKERS[(step > 0) * MAX_VALUE + a][length](flat[v][d]))


def _distinct(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Return the distinct cards of an ascending hand, ascending: its luggage cards are
    unique, so only its specials (the highest codes) may repeat."""
    if not hand or hand[-1] < STAR:
        return hand
    split = bisect_left(hand, STAR)
    return hand[:split] + tuple(dict.fromkeys(hand[split:]))


def _picker(hand: tuple[int, ...]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """Return a function picking, from a table indexed by card, each distinct card of `hand`."""
    return _card_picker(_distinct(hand))


def _card_picker(distinct: tuple[int, ...]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """Return a function picking, from a table indexed by card, the cards `distinct`."""
    if len(distinct) > 1:
        return itemgetter(*distinct)
    if distinct:
        only = distinct[0]
        return lambda table: (table[only],)
    return lambda table: ()


def _usable(state: State, player: int) -> tuple[int, ...]:
    """Return the cards of a player's hand they may use now: all but the luggage they picked
    up since their turn began (B14)."""
    hand = state.hands[player]
    held_back = state.picked_up[player]
    if held_back:
        return tuple(c for c in hand if c not in held_back)
    return hand


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action in the documented order (see the module docstring).

    >>> state = new_game(2)
    >>> len(legal_actions(state)), str(legal_actions(state)[0])
    (51, 'draw r1')
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.legal_actions", "captain_bluff.State", state)
    if state.stage is _DEAL or state.draws:
        return tuple(DRAW[c] for c in dict.fromkeys(_chance_pool(state)))
    return _listing(state, _ACTION_TABLES)


class _Tables(NamedTuple, Generic[T]):
    """What `_listing` lists a decision's legal actions as: the actions themselves
    (`_ACTION_TABLES`, for `legal_actions`), or what stands in the same places of the rules'
    tables of actions (the numeric layer's action indices), so that the rules are written
    once."""

    plays: Sequence[Sequence[tuple[T, ...]]]
    """The luggage plays' counterparts, as `_FLAT_PLAYS` holds the plays (see
    `_luggage_plays`)."""
    plan: Callable[[_Plan[Action]], _Plan[T]]
    """A `_Plan`'s counterpart (its tables' counterparts, see `_plan_counterpart`)."""
    kept: Callable[[tuple[Action, ...]], tuple[T, ...]]
    """A prebuilt tuple of actions' counterpart (a `SET` table, a `_RowsFacts` tuple)."""
    each: Callable[[Sequence[Action]], tuple[T, ...]]
    """Any actions' counterpart, as a tuple."""


def _same(actions: T) -> T:
    """Return `actions` as they are: in `_ACTION_TABLES` the actions stand for themselves."""
    return actions


_ACTION_TABLES: Final[_Tables[Action]] = _Tables(
    _FLAT_PLAYS, _same, _same, tuple)  # type: ignore[arg-type]  # _FLAT_PLAYS holds no None
"""The actions themselves."""


def _listing(state: State, tables: _Tables[T]) -> tuple[T, ...]:
    """Return the legal actions of a state that is no chance node in the documented order
    (``()`` at the end), as `tables` give them (see `legal_actions`)."""
    if state.winner is not None or state.turn >= state.options.turn_limit:
        return ()
    if state.window is not None:
        return tables.kept(
            _rows_facts(state.options.memos, state.rows, state.star_values).window_actions)
    if state.swap is not None:
        return _placements(state, state.swap, tables)
    if state.stage is _PLACE:
        out: list[T] = []
        pick = _picker(state.hands[_placer(state)])
        for v in _RANGE:
            if state.destinations[v] is None:
                out.extend(pick(tables.kept(SET[v])))
        return tuple(out)
    main, rest = _turn_actions(state)
    if main is None:
        return tables.kept(rest) if type(rest) is tuple else tables.each(rest)
    hand, plan = main
    out = []
    _luggage_plays(hand, plan, state.options.memos.runs, out, tables.plays)
    # Then destinations set (by conveyor, then card), checks, takes (a swap's first step:
    # it needs a card to put in place of the one taken, B9), closes.
    pick = _picker(hand)
    counterparts = tables.plan(plan)
    for table in counterparts.sets:
        out += pick(table)
    out += counterparts.checks
    if hand:
        out += counterparts.takes
    out += counterparts.closes
    if not out:
        return tables.kept(_END_TURN_ONLY)
    if rest:
        out.extend(tables.each(rest))
    return tuple(out)


_END_TURN_ONLY: Final = (END_TURN,)
"""The legal actions of a turn with no main action possible (B11)."""


def _swap_hand(state: State, swap: tuple[int, int]) -> tuple[int, ...]:
    """Return the cards the active player may put down to finish a swap (B9): the usable
    hand less the card just taken ("jinou kartu": another card; another copy of the same
    special is another card)."""
    hand = list(_usable(state, (state.options.first_player + state.turn) % state.players))
    hand.remove(swap[1])
    return tuple(hand)


def _placements(state: State, swap: tuple[int, int], tables: _Tables[T]) -> tuple[T, ...]:
    """Return the second step of a swap in progress (B9), as `tables` give it: a
    `SetDestination` on its conveyor of each distinct card of `_swap_hand`, by card."""
    return _picker(_swap_hand(state, swap))(tables.kept(SET[swap[0]]))


_Main = tuple[tuple[int, ...], _Plan[Action]]
"""A turn's main actions, ``(hand, plan)``: the luggage plays of `_luggage_plays`, then the
sets, checks, swaps and closes of the plan (see `_listing`)."""


def _turn_actions(state: State) -> tuple[_Main | None, Sequence[Action]]:
    """Return the legal actions of the active player's turn (no chance, setup, window or
    end of the game) in two parts: the main actions as the hand usable and the `_Plan`
    (``None`` once the main action is taken), then the rest — specials, pick-ups,
    `EndTurn` once the main action is taken. With no main action possible, the turn's
    only action is `EndTurn` (B11)."""
    p = (state.options.first_player + state.turn) % state.players
    hand = state.hands[p] if not state.picked_up[p] else _usable(state, p)
    rows_facts = _rows_facts(state.options.memos, state.rows, state.star_values)
    # Specials have the highest codes and hands are ascending: one look skips them all.
    specials = not state.special_used and hand and hand[-1] >= STAR
    main: _Main | None = None
    if state.main_done:
        if not specials:  # the commonest decision: pick up or end the turn
            return None, rows_facts.pickups_then_end
    else:
        destination_facts = _destination_facts(state.destinations)
        plan = rows_facts.plans.get(destination_facts.held) or \
            _plan(rows_facts, destination_facts)
        main = hand, plan
        if not specials:
            return main, rows_facts.pickups
    rest: list[Action] = []
    if STAR in hand:
        rest.extend(rows_facts.stars)
    if ARROWS in hand:
        rest.extend(rows_facts.arrows)
    if EYE in hand:
        rest.extend(_destination_facts(state.destinations).eyes)
    if PLUS_ONE in hand:
        rest.append(PLUS_ONE_PLAY)
    rest.extend(rows_facts.pickups)
    if state.main_done:
        rest.append(END_TURN)
    return main, rest


# --- legality: membership in legal_actions; the reasons only on the refusal path --------


def _conveyor(v: object) -> bool:
    return type(v) is int and 0 <= v < CONVEYORS


def _why_illegal(state: State, action: Action) -> tuple[str, str]:
    """Return the reason and rule id for an action not in `legal_actions(state)` (the
    refusal path of `apply`)."""
    kind = type(action)
    if kind not in _KINDS:
        return not_an_action(action, "Captain Bluff"), ""
    if state.stage is _DEAL:
        return "the cards are being dealt: expected a Draw of a card still to deal", "B2"
    if state.draws:
        if kind is Draw:
            if action.card in state.draw:  # type: ignore[union-attr]  # refused: luggage only
                return "after a plus-one the other players draw luggage cards", "B12"
            return f"{action} is not in the draw pile", "B15"
        return f"player {state.draws[0]} must draw a card first (chance)", "B15"
    if state.winner is not None:
        return f"the game is over: player {state.winner} has won", "B16"
    if state.turn >= state.options.turn_limit:
        return f"the game is over: the turn limit of {state.options.turn_limit} is reached", "B17"
    if kind is Draw:
        return "no card is being drawn", "B15"
    mover = to_move(state)
    if state.window is not None:
        if kind is PickUp:
            return "luggage is picked up only from the end of a row, after its last special, " \
                "leaving at least one card", "B14"
        return f"player {mover} must challenge or pass the luggage just played on conveyor " \
            f"{state.window}", "B13"
    if kind in (Challenge, Pass):
        return "no challenge window is open", "B13"
    if state.swap is not None:
        return _why_not_placed(state, state.swap, action)
    if state.stage is _PLACE:
        if kind is not SetDestination:
            return f"setup: player {mover} must place a destination card", "B4"
        return "a setup destination goes from the player's hand to a conveyor without one", "B4"
    hand = _usable(state, mover)  # type: ignore[arg-type]
    if not state.main_done and legal_actions(state) == _END_TURN_ONLY:
        return "no main action is possible: the turn must end", "B11"
    if kind is EndTurn:
        return "the turn's main action must be taken first", "B5"
    if kind is PickUp:
        return "luggage is picked up only from the end of a row, after its last special, " \
            "leaving at least one card", "B14"
    if kind in (PlayStar, PlayArrows, PlayEye, PlayPlusOne):
        if state.special_used:
            return "a special card was already played this turn", "B12"
        need = {PlayStar: STAR, PlayArrows: ARROWS, PlayEye: EYE, PlayPlusOne: PLUS_ONE}[kind]
        if need not in hand:
            return f"player {mover} holds no {card_name(need)} card", "B12"
        if kind is PlayStar:
            return "a star goes on a row of luggage, standing for the row's next value (either " \
                "neighbour before the row has a direction, any value directly after arrows), " \
                "within 1-17", "B12"
        if kind is PlayArrows:
            return "arrows go on a conveyor with a row of luggage", "B12"
        return "the eye looks at up to two different conveyors with destination cards", "B12"
    if state.main_done:
        return "the turn's main action was already taken", "B5"
    used = action.cards if kind is PlayLuggage else (  # type: ignore[union-attr]
        (action.card,) if kind is SetDestination else ())  # type: ignore[union-attr]
    held_back = [card_name(c) for c in used if c in state.picked_up[mover]]  # type: ignore[index]
    if held_back:
        return f"player {mover} picked up {', '.join(held_back)} since their turn began: " \
            "usable from their next turn on", "B14"
    match action:
        case PlayLuggage(conveyor=v, cards=cards):
            if not _conveyor(v):
                return f"there is no conveyor {v!r}", "B1"
            if type(cards) is not tuple or not cards or not all(
                    type(c) is int and 0 <= c < LUGGAGE for c in cards):
                return "expected one or more luggage cards", "B6"
            missing = [card_name(c) for c in cards if c not in hand]
            if missing:
                return f"player {mover} does not hold {', '.join(missing)}", "B6"
            if len({c // MAX_VALUE for c in cards}) > 1:
                return "the played cards must have one destination", "B6"
            if not state.rows[v]:
                if state.destinations[v] is None:
                    return f"conveyor {v} has no destination card to start a row", "B6"
                if CONVEYORS - state.rows.count(()) >= MAX_OPEN_ROWS:
                    return "three rows are open already", "B6"
                return "the played cards must run by steps of exactly 1", "B6"
            if state.rows[v][0] // MAX_VALUE != cards[0] // MAX_VALUE:
                return f"the row on conveyor {v} holds another destination", "B6"
            return "the cards must continue the row by steps of exactly 1 in its direction", "B6"
        case SetDestination(conveyor=v) | CheckDestination(conveyor=v) | \
                TakeDestination(conveyor=v) | CloseConveyor(conveyor=v) if not _conveyor(v):
            return f"there is no conveyor {v!r}", "B1"
        case SetDestination(conveyor=v):
            if state.destinations[v] is not None or state.rows[v]:
                return f"conveyor {v} is not empty", "B7"
            return f"player {mover} does not hold {action.card!r}", "B7"
        case CheckDestination(conveyor=v):
            return f"conveyor {v} has no destination card", "B8"
        case TakeDestination(conveyor=v):
            if state.destinations[v] is None:
                return f"conveyor {v} has no destination card", "B9"
            return f"player {mover} has no card to put in place of the one taken", "B9"
        case CloseConveyor(conveyor=v):
            return f"conveyor {v} holds no luggage", "B10"
    return "not legal now", "B5"  # pragma: no cover - every refusal is named above


_KINDS: Final = frozenset({Draw, PlayLuggage, SetDestination, CheckDestination, TakeDestination,
                           CloseConveyor, PlayStar, PlayArrows, PlayEye, PlayPlusOne, PickUp,
                           Challenge, Pass, EndTurn})


def _why_not_placed(state: State, swap: tuple[int, int], action: Action) -> tuple[str, str]:
    """Return why `action` does not finish the swap in progress (B9)."""
    v, taken = swap
    mover = state.active
    finish = f"player {mover} must put a card of their hand face down on conveyor {v} to " \
        "finish the swap"
    if type(action) is not SetDestination:
        return finish, "B9"
    if action.conveyor != v:
        return f"{finish}, not on conveyor {action.conveyor!r}", "B9"
    card = action.card
    if card == taken and taken not in _swap_hand(state, swap):
        return f"{card_name(taken)} was just taken from conveyor {v}: another card of the " \
            "hand goes in its place", "B9"
    if type(card) is int and card in state.picked_up[mover]:
        return f"player {mover} picked up {card_name(card)} since their turn began: usable " \
            "from their next turn on", "B14"
    return f"player {mover} does not hold {card!r}", "B9"


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; raise `IllegalActionError` if it is illegal.

    The given state never changes.

    >>> state = apply(new_game(2), Draw(0))
    >>> state.hands
    ((0,), ())
    >>> apply(state, Draw(0))
    Traceback (most recent call last):
    ...
    boardrules.errors.IllegalActionError: illegal action draw r1: the cards are being dealt: \
expected a Draw of a card still to deal (B2)
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.apply", "captain_bluff.State", state)
    if type(action) not in _KINDS or action not in legal_actions(state):
        reason, rule = _why_illegal(state, action)
        raise IllegalActionError(state, action, reason, rule)
    return apply_unchecked(state, action)


# --- apply -------------------------------------------------------------------------------


def _without(cards: tuple[int, ...], remove: tuple[int, ...]) -> tuple[int, ...]:
    """Return the multiset `cards` minus `remove` (every card of `remove` is present)."""
    out = list(cards)
    for c in remove:
        out.remove(c)
    return tuple(out)


def _without_known(cards: tuple[int, ...], remove: tuple[int, ...]) -> tuple[int, ...]:
    """Return `cards` minus those of `remove` it holds (for the exposed multisets)."""
    if not cards:
        return cards
    out = list(cards)
    for c in remove:
        if c in out:
            out.remove(c)
    return tuple(out)


def _less_one_each(cards: tuple[int, ...], kept: tuple[int, ...]) -> tuple[int, ...]:
    """Return the multiset with one copy of each card fewer, except the cards of `kept`.

    After a player puts an unknown card of their hand face down, the others know only
    that every card they knew of is still there except possibly one copy — but the cards
    the player picked up since their turn began (`kept`, B14) cannot have gone down.
    """
    if not kept:
        if len(cards) < 2:  # the commonest case: no generator for nothing
            return ()
        return tuple(cards[i] for i in range(1, len(cards)) if cards[i] == cards[i - 1])
    return tuple(c for i, c in enumerate(cards) if c in kept or (i and cards[i - 1] == c))


def _with(cards: tuple[int, ...], add: tuple[int, ...]) -> tuple[int, ...]:
    out = list(cards)
    for c in add:
        insort(out, c)
    return tuple(out)


def _exchanged(cards: tuple[int, ...], give: int, take: int) -> tuple[int, ...]:
    """Return the multiset `cards` with `give` (present) replaced by `take`."""
    out = list(cards)
    out.remove(give)
    insort(out, take)
    return tuple(out)


def _put(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """Return `values` with item `i` replaced by `value` (a list copy is cheaper than
    joining two slices around it)."""
    out = list(values)
    out[i] = value
    return tuple(out)


def _drawn_pile(discard: tuple[int, ...], buried: tuple[FaceDown, ...]) -> tuple[int, ...]:
    """Return the new draw pile made of the discard pile, face-up and face-down cards (B15).

    The pile has no order, so turning it over and shuffling needs no randomness; what
    anyone knew of a face-down card is not carried into it.
    """
    return tuple(sorted((*discard, *(f.card for f in buried))))


def _settle(state: State) -> State:
    """Drop pending draws no card can serve (B12, B15), then award an immediate win (B16).

    The active player's draw (B7) takes any card; another player's draw, after a plus-one,
    takes a luggage card (B12). The discard pile has already become the draw pile if the
    draw pile ran out (B15), so an empty draw pile means both are empty.
    """
    draws = state.draws
    active = (state.options.first_player + state.turn) % state.players
    if draws:
        draw = state.draw
        while draws and not (draw and (draws[0] == active or draw[0] < LUGGAGE)):
            draws = draws[1:]
        if draws:
            if draws is state.draws:
                return state
            return _next(state, draw=draw, draws=draws, winner=None)
    if state.window is None and not state.hands[active]:
        winner: int | None = active
    elif draws is state.draws:
        return state
    else:
        winner = None
    return _next(state, draws=draws, winner=winner)


def _buried_key(f: FaceDown) -> tuple[int, tuple[int, ...]]:
    return f.card, tuple(sorted(f.known_by))


def _dealt(s: State, hands: tuple[tuple[int, ...], ...], draw: tuple[int, ...]) -> State:
    """Return the deal `s` with `hands` and the pile `draw` after one or more cards dealt:
    still the deal, or, once every hand is full, the placement of the first destinations
    with the specials left stowed away unless they stay in the draw pile (B2, B3)."""
    n = s.players
    if sum(map(len, hands)) < _deal_size(n):  # `s` is at the deal: its stage stays
        return _next(s, hands=hands, draw=draw, discard=(), buried=(), removed=(), stowed=(),
                     reshuffled=False, turn=0, main_done=False, special_used=False, window=None,
                     polled=None, swap=None, draws=(), winner=None)
    stowed: tuple[int, ...] = ()
    if not s.options.specials_in_draw_pile:  # B3: the specials left leave the game
        split = bisect_left(draw, LUGGAGE)
        draw, stowed = draw[:split], draw[split:]
    return _next(s, stage=_PLACE, hands=hands, draw=draw, discard=(), buried=(), removed=(),
                 stowed=stowed, reshuffled=False, turn=0, main_done=False, special_used=False,
                 window=None, polled=None, swap=None, draws=(), winner=None)


def _apply_draw(s: State, action: Draw) -> State:
    c = action.card
    hands = s.hands
    if s.stage is _DEAL:
        p = deal_recipient(s)[0]
        hand = _with(hands[p], (c,))
        return _dealt(s, _put(hands, p, hand), _without(s.draw, (c,)))
    return _draw_step(s, c)


def _draw_step(s: State, c: int) -> State:
    """Return the play-stage state `s` after the next player to draw drew card `c`."""
    hands = s.hands
    p = s.draws[0]
    hand = _with(hands[p], (c,))
    draw = _without(s.draw, (c,))
    discard, buried, reshuffled = s.discard, s.buried, s.reshuffled
    if not draw and (discard or buried):  # B15: at once, not at the next draw
        draw, discard, buried, reshuffled = _drawn_pile(discard, buried), (), (), True
    return _settle(_next(s, hands=_put(hands, p, hand), draw=draw, discard=discard, buried=buried,
                         reshuffled=reshuffled, swap=None, draws=s.draws[1:], winner=None))


def _apply_set(s: State, action: SetDestination) -> State:
    v, c = action.conveyor, action.card
    n = s.players
    hands, exposed = s.hands, s.exposed
    p = s.active if s.stage is _PLAY else _placer(s)
    hands = _put(hands, p, _without(hands[p], (c,)))
    destinations = _put(s.destinations, v, c)
    knowers = _put(s.knowers, v, _ME[p])
    if s.stage is _PLACE:
        placed = CONVEYORS - destinations.count(None)
        stage = _PLAY if placed == placements_needed(n) else _PLACE
        return _next(s, stage=stage, hands=hands, discard=(), buried=(), removed=(),
                     reshuffled=False, destinations=destinations, knowers=knowers,
                     turn=0, main_done=False, special_used=False, window=None, polled=None,
                     swap=None, draws=(), winner=None)
    swap = s.swap
    if swap is not None:  # a swap's second step (B9): no draw
        return _swapped(s, swap, hands, destinations, knowers, p, c)
    if exposed[p]:  # the others lose track of one copy of each card they knew of
        exposed = _put(exposed, p, _less_one_each(exposed[p], s.picked_up[p]))
    return _settle(_next(s, hands=hands, exposed=exposed, destinations=destinations,
                         knowers=knowers, main_done=True, window=None, polled=None, swap=None,
                         draws=(p,), winner=None))


def _swapped(s: State, swap: tuple[int, int], hands: tuple[tuple[int, ...], ...],  # noqa: PLR0917
             destinations: tuple[int | None, ...], knowers: tuple[frozenset[int], ...], p: int,
             c: int) -> State:
    """Return the state after player `p` finished `swap` putting card `c` down: `hands`,
    `destinations` and `knowers` are already those after it."""
    exposed = s.exposed
    if exposed[p]:
        # The others know one card of the hand went down, not which; only that it was
        # none of those picked up this turn (B14) and not the luggage card just taken.
        kept = s.picked_up[p]
        if swap[1] < LUGGAGE:
            kept = _with(kept, (swap[1],))
        exposed = _put(exposed, p, _less_one_each(exposed[p], kept))
    return _next(s, hands=hands, exposed=exposed, destinations=destinations, knowers=knowers,
                 main_done=True, window=None, polled=None, swap=None, draws=(), winner=None)


def _apply_check(s: State, action: CheckDestination) -> State:
    v = action.conveyor
    knowers = _put(s.knowers, v, s.knowers[v] | _ME[s.active])
    return _next(s, knowers=knowers, main_done=True, window=None, polled=None, swap=None, draws=(),
                 winner=None)


def _apply_take(s: State, action: TakeDestination) -> State:
    v = action.conveyor
    n = s.players
    hands, exposed = s.hands, s.exposed
    p = (s.options.first_player + s.turn) % n
    taken = s.destinations[v]
    assert taken is not None
    if len(s.knowers[v] | _ME[p]) == n:  # everyone knew the card: now it is in p's hand
        exposed = _put(exposed, p, _with(exposed[p], (taken,)))
    return _next(s, hands=_put(hands, p, _with(hands[p], (taken,))), exposed=exposed,
                 destinations=_put(s.destinations, v, None), knowers=_put(s.knowers, v, _NOBODY),
                 main_done=True, window=None, polled=None, swap=(v, taken), draws=(), winner=None)


def _apply_close(s: State, action: CloseConveyor) -> State:
    v = action.conveyor
    card = s.destinations[v]
    assert card is not None
    discard = _with(s.discard, s.rows[v])
    buried = tuple(sorted((*s.buried, FaceDown(card, s.knowers[v])), key=_buried_key))
    draw, reshuffled = s.draw, s.reshuffled
    if not draw:  # B15: the discard pile becomes the draw pile at once
        draw, discard, buried, reshuffled = _drawn_pile(discard, buried), (), (), True
    stars = s.star_values
    return _next(s, draw=draw, discard=discard, buried=buried, reshuffled=reshuffled,
                 destinations=_put(s.destinations, v, None), knowers=_put(s.knowers, v, _NOBODY),
                 rows=_put(s.rows, v, ()), star_values=_put(stars, v, ()) if stars[v] else stars,
                 main_done=True, window=None, polled=None, swap=None, draws=(), winner=None)


def _apply_luggage(s: State, action: PlayLuggage) -> State:
    v, cards = action.conveyor, action.cards
    n = s.players
    hands, exposed = s.hands, s.exposed
    p = (s.options.first_player + s.turn) % n
    return _next(s, hands=_put(hands, p, _without(hands[p], cards)),
                 exposed=_put(exposed, p, _without_known(exposed[p], cards)),
                 rows=_put(s.rows, v, s.rows[v] + cards), main_done=True, window=v,
                 polled=(p + 1) % n, swap=None, draws=(), winner=None)


def _apply_star_or_arrows(s: State, action: PlayStar | PlayArrows) -> State:
    v = action.conveyor
    hands, exposed = s.hands, s.exposed
    p = s.active
    stars = s.star_values
    if type(action) is PlayStar:
        card = STAR
        stars = _put(stars, v, (*stars[v], action.value))
    else:
        card = ARROWS
    return _settle(_next(s, hands=_put(hands, p, _without(hands[p], (card,))),
                         exposed=_put(exposed, p, _without_known(exposed[p], (card,))),
                         rows=_put(s.rows, v, (*s.rows[v], card)), star_values=stars,
                         special_used=True, window=None, polled=None, swap=None, draws=(),
                         winner=None))


def _apply_eye(s: State, action: PlayEye) -> State:
    hands, exposed = s.hands, s.exposed
    p = s.active
    knowers = s.knowers
    for v in action.conveyors:
        knowers = _put(knowers, v, knowers[v] | _ME[p])
    draw, discard, buried, reshuffled = s.draw, _with(s.discard, (EYE,)), s.buried, s.reshuffled
    if not draw:  # B15: the discard pile becomes the draw pile at once
        draw, discard, buried, reshuffled = _drawn_pile(discard, buried), (), (), True
    return _settle(_next(s, hands=_put(hands, p, _without(hands[p], (EYE,))),
                         exposed=_put(exposed, p, _without_known(exposed[p], (EYE,))), draw=draw,
                         discard=discard, buried=buried, reshuffled=reshuffled, knowers=knowers,
                         special_used=True, window=None, polled=None, swap=None, draws=(),
                         winner=None))


def _apply_plus_one(s: State, action: PlayPlusOne) -> State:
    n = s.players
    exposed = s.exposed
    p = s.active
    hands = _put(s.hands, p, _without(s.hands[p], (PLUS_ONE,)))
    draws = tuple(q % n for q in range(p + 1, p + n)
                  if len(hands[q % n]) < HAND_LIMIT_PLUS_ONE)
    return _settle(_next(s, hands=hands,
                         exposed=_put(exposed, p, _without_known(exposed[p], (PLUS_ONE,))),
                         removed=_with(s.removed, (PLUS_ONE,)), special_used=True, window=None,
                         polled=None, swap=None, draws=draws, winner=None))


def _apply_pick_up(s: State, action: PickUp) -> State:
    v, k = action.conveyor, action.count
    hands, exposed, picked_up = s.hands, s.exposed, s.picked_up
    p = s.polled if s.polled is not None else s.active
    row = s.rows[v]
    picked = row[-k:]
    return _next(s, hands=_put(hands, p, _with(hands[p], picked)),
                 exposed=_put(exposed, p, _with(exposed[p], picked)),
                 picked_up=_put(picked_up, p, _with(picked_up[p], picked)),
                 rows=_put(s.rows, v, row[:-k]), swap=None, draws=(), winner=None)


def is_bluff(card: int, row: tuple[int, ...]) -> bool:
    """Whether a challenge of `row`, at a conveyor whose destination card is `card`, catches
    a bluff (B13): the row's luggage is of another destination, or the card is a special."""
    claimed = row[0] // MAX_VALUE  # a row starts with luggage and holds one destination
    return card >= LUGGAGE or card // MAX_VALUE != claimed


def _apply_challenge(s: State, action: Challenge) -> State:
    hands, exposed = s.hands, s.exposed
    w = s.window
    assert w is not None and s.polled is not None
    card = s.destinations[w]
    assert card is not None
    row = s.rows[w]
    p = s.active if is_bluff(card, row) else s.polled
    lost = (*row, card)
    stars = s.star_values
    return _settle(_next(s, hands=_put(hands, p, _with(hands[p], lost)),
                         exposed=_put(exposed, p, _with(exposed[p], lost)),
                         destinations=_put(s.destinations, w, None),
                         knowers=_put(s.knowers, w, _NOBODY), rows=_put(s.rows, w, ()),
                         star_values=_put(stars, w, ()) if stars[w] else stars, window=None,
                         polled=None, swap=None, draws=(), winner=None))


def _apply_pass(s: State, action: Pass) -> State:
    assert s.polled is not None
    nxt = (s.polled + 1) % s.players
    closed = nxt == (s.options.first_player + s.turn) % s.players
    new = _next(s, window=None if closed else s.window, polled=None if closed else nxt, swap=None,
                draws=(), winner=None)
    return _settle(new) if closed else new


def _apply_end_turn(s: State, action: EndTurn) -> State:
    picked_up = s.picked_up
    nxt = (s.options.first_player + s.turn + 1) % s.players
    if picked_up[nxt]:  # B14: what they picked up is theirs to use from this turn on
        picked_up = _put(picked_up, nxt, ())
    return _next(s, picked_up=picked_up, turn=s.turn + 1, main_done=False, special_used=False,
                 window=None, polled=None, swap=None, draws=(), winner=None)


def apply_unchecked(state: State, action: Action) -> State:
    """Return the state after `action`, trusting that it is legal (the fast path for bots).

    Only pass actions taken from `legal_actions(state)` or `sample_chance(state, ...)`;
    anything else may build an impossible state. Nothing is checked, not even that
    `state` and `action` are this game's (`apply` checks).
    """
    match action:
        case EndTurn():  # the commonest decision first
            return _apply_end_turn(state, action)
        case Draw():
            return _apply_draw(state, action)
        case PlayLuggage():
            return _apply_luggage(state, action)
        case Pass():
            return _apply_pass(state, action)
        case PickUp():
            return _apply_pick_up(state, action)
        case TakeDestination():
            return _apply_take(state, action)
        case SetDestination():
            return _apply_set(state, action)
        case CheckDestination():
            return _apply_check(state, action)
        case CloseConveyor():
            return _apply_close(state, action)
        case PlayStar() | PlayArrows():
            return _apply_star_or_arrows(state, action)
        case PlayEye():
            return _apply_eye(state, action)
        case PlayPlusOne():
            return _apply_plus_one(state, action)
        case Challenge():
            return _apply_challenge(state, action)
        case _:
            assert_never(action)


# --- chance --------------------------------------------------------------------------------


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Return each card that may be drawn with its exact probability.

    Each physical card of the pile it comes from is equally likely: the luggage (then the
    specials) not yet dealt (B2); for the active player's draw after setting a destination,
    the whole draw pile (B7); for another player's draw after a plus-one, the luggage of
    the draw pile, the specials passed over staying in it (B12).

    >>> [(str(a), str(p)) for a, p in chance_outcomes(new_game(2))][:2]
    [('draw r1', '1/51'), ('draw r2', '1/51')]
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.chance_outcomes", "captain_bluff.State", state)
    if state.stage is not _DEAL and not state.draws:
        return ()
    pool = _chance_pool(state)
    total = len(pool)
    return tuple((DRAW[c], Fraction(k, total)) for c, k in Counter(pool).items())


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one card: a uniform choice among the physical cards of the pile it comes from
    (see `chance_outcomes`), with no enumeration."""
    if type(state) is not State:
        raise wrong_game("captain_bluff.sample_chance", "captain_bluff.State", state)
    if state.stage is not _DEAL and not state.draws:
        raise InvalidArgumentError(
            "no card is being dealt or drawn: this state is not a chance node")
    return DRAW[rng.choice(_chance_pool(state))]


# --- results -------------------------------------------------------------------------------


def result(state: State) -> Result:
    """Return the winner's score 1 (others 0) once a player has emptied their hand.

    A game stopped by the turn limit (B17) is finished with no winner and
    `Result.truncated`: the limit is an engine bound, not a rule of the game.
    """
    if type(state) is not State:
        raise wrong_game("captain_bluff.result", "captain_bluff.State", state)
    scores = tuple(int(p == state.winner) for p in range(state.players))
    winners = () if state.winner is None else (state.winner,)
    finished = is_terminal(state)
    return Result(scores, winners, finished=finished, truncated=finished and not winners)


def returns(state: State) -> tuple[float, ...]:
    """Return 1.0 for the winner and -1.0 for the others; 0.0 for all at the turn limit."""
    if type(state) is not State:
        raise wrong_game("captain_bluff.returns", "captain_bluff.State", state)
    if state.winner is None:
        return (0.0,) * state.players
    return tuple(1.0 if p == state.winner else -1.0 for p in range(state.players))


def action_bound(players: int, options: Options) -> int:
    """Return the most actions one game can take.

    Setup: at most 70 deals and placements. Each turn: one main action, one special,
    `EndTurn`, at most `players` draws and `players - 1` window answers, and pick-ups,
    each taking at least one card from the rows — which hold at most 65 cards at the
    start of the turn and gain at most 18 during it (17 luggage, one special).
    """
    if type(options) is not Options:
        raise wrong_game("captain_bluff.action_bound", "captain_bluff.Options", options)
    return 70 + options.turn_limit * (3 + players + (players - 1) + 65 + 18)


def inventory(state: State) -> Counter[str]:
    """Return every card counted once wherever it lies, by its notation name."""
    if type(state) is not State:
        raise wrong_game("captain_bluff.inventory", "captain_bluff.State", state)
    out: Counter[str] = Counter()
    for zone in (*state.hands, state.draw, state.discard, state.removed, state.stowed,
                 *state.rows):
        for c in zone:
            out[card_name(c)] += 1
    for f in state.buried:
        out[card_name(f.card)] += 1
    for d in state.destinations:
        if d is not None:
            out[card_name(d)] += 1
    return out
