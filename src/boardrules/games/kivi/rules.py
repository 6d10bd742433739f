"""KIVI rules: new_game, legal_actions, apply, to_move, returns, result.

Order of `legal_actions` at a decision (stable, documented):
placements (`Place`) by square, then displacements (`Displace`) by square and
destination, then rerolls (`Reroll`) by number of dice and values, then `Forfeit`.
At a chance node: every `Roll` of the pending dice in ascending order of values.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import Final, TypeAlias, assert_never

from boardrules._build import slot_builder
from boardrules._random import below as draw_below
from boardrules._seats import player_count
from boardrules.errors import BoardrulesError, IllegalActionError, InvalidOptionsError
from boardrules.game import CHANCE, TERMINAL, Result, ToMove
from boardrules.games.kivi.actions import (
    DISPLACE,
    FORFEIT,
    ORDERED_ROLLS,
    PLACE,
    REROLLS,
    ROLL_OF,
    ROLL_WEIGHTS,
    ROLLS,
    Action,
    Displace,
    Forfeit,
    Place,
    Reroll,
    Roll,
)
from boardrules.games.kivi.board import (
    DICE,
    SIZE,
    SQUARES,
    Combination,
    Layout,
    analyse,
    square_name,
)
from boardrules.games.kivi.state import ROUNDS, STONES, HighestRule, Options, State

__all__ = [
    "action_bound",
    "apply",
    "apply_unchecked",
    "chance_outcomes",
    "is_terminal",
    "legal_actions",
    "new_game",
    "playout",
    "result",
    "returns",
    "sample_chance",
    "scores",
    "to_move",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
_EMPTY: Final[tuple[int | None, ...]] = (None,) * SQUARES
_State: Final = slot_builder(State)
"""Builds a `State` (every successor state is built here: bots build millions)."""


@player_count("KIVI", MIN_PLAYERS, MAX_PLAYERS)
def new_game(players: int, options: Options | None = None) -> State:
    """Return the start of a game: player 0 is about to roll six dice (K4, K5).

    >>> state = new_game(3)
    >>> to_move(state), state.pending
    (CHANCE, 6)
    """
    if options is None:
        options = Options()
    elif not isinstance(options, Options):
        raise InvalidOptionsError("options", f"expected kivi.Options, got {type(options).__name__}")
    return _State(options, players, _EMPTY, (0,) * players, 0, 0, (), DICE)


def to_move(state: State) -> ToMove:
    """Return who acts: the current player, `CHANCE` while dice are pending, or `TERMINAL`."""
    if state.pending:
        return CHANCE
    if state.turn >= ROUNDS * state.players:
        return TERMINAL
    return state.turn % state.players


def is_terminal(state: State) -> bool:
    """Return whether every player has taken 10 turns (K9)."""
    return state.turn >= ROUNDS * state.players


_memo: tuple[State | None, tuple[Action, ...]] = (None, ())
"""The last decision state and its legal actions. States are immutable, so the same
object always has the same actions; the memo holds the state itself, so its identity
cannot be reused. It spares `apply` recomputing what the caller just asked for
(the usual `legal_actions` then `apply` loop). One tuple, replaced atomically."""


_Plan: TypeAlias = tuple[bool, bool, tuple[int, ...],
                         tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]
"""What a roll allows, under one board and rule: whether it is wild (any free square) and
six of a kind (an opponent's square too) (K7); the squares of the combinations usable
whatever the board, ascending; and for each combination usable only while every higher
one it makes is full (K8, ``highest_rule="available"``), its squares and those of the
higher ones."""

_PLANS: dict[tuple[int, str], tuple[Layout, dict[tuple[int, ...], _Plan]]] = {}
"""The plans of each board layout (by identity; the entry keeps the layout alive) and
rule, by roll, made when first needed."""
_PLANS_LIMIT: Final = 64
_last_plans: tuple[Options | None, dict[tuple[int, ...], _Plan]] = (None, {})
"""The options asked about last and their plans (playouts and searches ask about the same
options again and again)."""


def _plans(options: Options) -> dict[tuple[int, ...], _Plan]:
    """Return the plans of the rolls under `options`, as far as they are made."""
    global _last_plans  # noqa: PLW0603 - see _last_plans
    last, plans = _last_plans
    if last is options:
        return plans
    layout = options.layout
    key = (id(layout), options.highest_rule.value)
    entry = _PLANS.get(key)
    if entry is None or entry[0] is not layout:
        if len(_PLANS) >= _PLANS_LIMIT:
            _PLANS.clear()
        entry = _PLANS[key] = (layout, {})
    _last_plans = (options, entry[1])
    return entry[1]


def _plan(dice: tuple[int, ...], options: Options) -> _Plan:
    """Make the plan of a roll (K7, K8) under `options`."""
    info = analyse(dice)
    squares = options.layout.squares
    rule = options.highest_rule
    usable = list(info.unrivalled)
    rivals: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    if rule is HighestRule.OFF:
        usable += [c for c, _ in info.rivalled]
    elif rule is HighestRule.AVAILABLE:
        rivals = [(squares[c], tuple(sorted(i for d in higher for i in squares[d])))
                  for c, higher in info.rivalled]
    plan = (info.wild, info.six_of_a_kind, tuple(sorted(i for c in usable for i in squares[c])),
            tuple(rivals))
    _plans(options)[dice] = plan
    return plan


def _placements(dice: tuple[int, ...], cells: tuple[int | None, ...], me: int,
                options: Options) -> list[Place | Displace]:
    """Return the stone placements the roll allows (K7, K8), in the documented order."""
    wild, six, base, rivals = _plans(options).get(dice) or _plan(dice, options)
    if wild:
        out: list[Place | Displace] = [PLACE[i] for i in range(SQUARES) if cells[i] is None]
        if six:
            free = [i for i in range(SQUARES) if cells[i] is None]
            out += [d for i in range(SQUARES) if cells[i] is not None and cells[i] != me
                    for j in free if (d := DISPLACE[i][j]) is not None]
        return out
    found = [i for i in base if cells[i] is None]
    for own, higher in rivals:  # K8: usable once every higher combination is full
        if all(cells[i] is not None for i in higher):
            found += [i for i in own if cells[i] is None]
            found.sort()
    return [PLACE[i] for i in found]


def _decision(dice: tuple[int, ...], rolls: int, cells: tuple[int | None, ...], me: int,
              options: Options) -> tuple[list[Place | Displace], tuple[Reroll | Forfeit, ...]]:
    """Return the legal actions of player `me` after a roll (K5-K8), in the documented order,
    in two parts: the placements, and the rerolls (the forfeit when nothing else is legal)."""
    placements = _placements(dice, cells, me, options)
    rerolls = REROLLS[dice] if rolls < 3 else ()
    return placements, rerolls if rerolls or placements else (FORFEIT,)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action in the documented order (see the module docstring).

    >>> state = apply(new_game(2), Roll((5, 5, 5, 3, 3, 2)))
    >>> [str(a) for a in legal_actions(state)][:3]
    ['g3', 'b4', 'e6']
    """
    global _memo  # noqa: PLW0603 - see _memo
    if state.pending:
        return ROLLS[state.pending]
    if state.turn >= ROUNDS * state.players:
        return ()
    last, found = _memo
    if last is state:
        return found
    placements, others = _decision(state.dice, state.rolls, state.cells,
                                   state.turn % state.players, state.options)
    found = (*placements, *others)
    _memo = (state, found)
    return found


def _is_legal(state: State, action: Action) -> bool:
    if state.pending:
        return (type(action) is Roll and type(action.dice) is tuple
                and len(action.dice) == state.pending and action.dice in ROLL_OF)
    return action in legal_actions(state)


def _why_illegal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id for an action `_is_legal` refused (slow path)."""
    if state.turn >= ROUNDS * state.players:
        return "the game is over: every player has taken 10 turns", "K9"
    if state.pending:
        return f"{state.pending} dice must be rolled first: expected a roll of {state.pending} " \
            "dice, values 1-6 ascending", "K5"
    who = f"player {state.turn % state.players}"
    match action:
        case Roll():
            return f"no dice are being rolled: {who} must decide", "K5"
        case Reroll(dice=values):
            if state.rolls >= 3:
                return "three rolls were made this turn", "K5"
            return f"the dice {''.join(map(str, state.dice))} do not include " \
                f"{''.join(map(str, values))}", "K5"
        case Forfeit():
            if state.rolls < 3:
                return "a stone is forfeited only after the third roll", "K6"
            return "a legal square exists, so the stone may not be forfeited", "K6"
        case Place(square=i) | Displace(square=i):
            if not 0 <= i < SQUARES:
                return f"there is no square {i}", "K1"
            name = square_name(i)
            owner = state.cells[i]
            info = analyse(state.dice)
            if isinstance(action, Displace):
                if not info.six_of_a_kind:
                    return "only six of a kind may take an occupied square", "K7"
                if owner is None:
                    return f"{name} is free: place the stone there instead", "K7"
                if owner == state.turn % state.players:
                    return f"{name} holds your own stone", "K7"
                return "the displaced stone must go to a free square", "K7"
            if owner is not None:
                return f"{name} is occupied by player {owner}", "K7"
            combination = state.options.layout.combination[i]
            if combination not in info.satisfied:
                return f"the dice {''.join(map(str, state.dice))} do not make " \
                    f"{combination.name} ({name})", "K7"
            return _higher_reason(state, combination), "K8"
        case _:
            return f"{action!r} is not a KIVI action", ""


def _higher_reason(state: State, lower: Combination) -> str:
    """Return why `lower` is barred by K8: the higher combinations the dice make."""
    higher = dict(analyse(state.dice).rivalled)[lower]
    squares = state.options.layout.squares
    free = state.options.highest_rule is HighestRule.AVAILABLE
    if free:
        higher = tuple(d for d in higher if any(state.cells[i] is None for i in squares[d]))
    names = [d.name for d in higher]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    verb, rest = ("is", "has a free square") if len(names) == 1 else ("are", "have free squares")
    why = f"{verb} higher than {lower.name} and still {rest}" if free else \
        f"{verb} higher than {lower.name} (highest_rule 'strict')"
    return f"the dice also make {listed}, which {why}: the highest combination must be used"


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; raise `IllegalActionError` if it is illegal.

    The given state never changes.
    """
    if not _is_legal(state, action):
        reason, rule = _why_illegal(state, action)
        raise IllegalActionError(state, action, reason, rule)
    return apply_unchecked(state, action)


# --- the effects of actions, shared by `apply_unchecked` and `playout` ---------------------

def _rolled(dice: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    """Return the dice on the table after a roll of `values`: the kept dice join them (K5)."""
    return tuple(sorted(dice + values)) if dice else values


def _kept(dice: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    """Return the dice left on the table when those showing `values` are rolled again (K5)."""
    kept = list(dice)
    for v in values:
        kept.remove(v)
    return tuple(kept)


def _placed(cells: tuple[int | None, ...], square: int, me: int) -> tuple[int | None, ...]:
    """Return the board with a stone of `me` on the free `square` (K7)."""
    return (*cells[:square], me, *cells[square + 1:])


def _displaced(cells: tuple[int | None, ...], square: int, to: int,
               me: int) -> tuple[int | None, ...]:
    """Return the board once `me` takes `square` and moves its stone to `to` (K7)."""
    board = list(cells)
    board[to] = board[square]
    board[square] = me
    return tuple(board)


def _forfeited(lost: tuple[int, ...], me: int) -> tuple[int, ...]:
    """Return the stones lost to the box once `me` forfeits one (K6)."""
    return (*lost[:me], lost[me] + 1, *lost[me + 1:])


def _dice_of_turn(turn: int, players: int) -> int:
    """Return the dice to roll at the start of `turn`: six, or none once the game is over
    (K4, K9)."""
    return DICE if turn < ROUNDS * players else 0


def apply_unchecked(state: State, action: Action) -> State:
    """Return the state after `action`, trusting that it is legal (the fast path for bots).

    Only pass actions taken from `legal_actions(state)` or `sample_chance(state, ...)`;
    anything else may build an impossible state.
    """
    turn, players = state.turn, state.players
    match action:
        case Roll(dice=values):
            return _State(state.options, players, state.cells, state.lost, turn,
                          state.rolls + 1, _rolled(state.dice, values), 0)
        case Reroll(dice=values):
            return _State(state.options, players, state.cells, state.lost, turn,
                          state.rolls, _kept(state.dice, values), len(values))
        case Place(square=i):
            cells = _placed(state.cells, i, turn % players)
            return _State(state.options, players, cells, state.lost, turn + 1, 0, (),
                          _dice_of_turn(turn + 1, players))
        case Displace(square=i, to=j):
            cells = _displaced(state.cells, i, j, turn % players)
            return _State(state.options, players, cells, state.lost, turn + 1, 0, (),
                          _dice_of_turn(turn + 1, players))
        case Forfeit():
            lost = _forfeited(state.lost, turn % players)
            return _State(state.options, players, state.cells, lost, turn + 1, 0, (),
                          _dice_of_turn(turn + 1, players))
        case _:
            assert_never(action)


def playout(state: State, rng: random.Random, max_steps: int | None = None) -> State:
    """Play random legal actions, the dice rolled by `sample_chance`'s draw, to the end or
    for `max_steps` actions (rolls included): `boardrules.playout`, fused.

    The game, the numbers drawn from `rng` and the state returned are those of
    `boardrules.playout`'s reference loop; no state is built before the last, and a roll
    costs one draw and one merge of the dice.
    """
    options, players = state.options, state.players
    cells, lost, turn, rolls, dice, pending = (state.cells, state.lost, state.turn, state.rolls,
                                               state.dice, state.pending)
    below = draw_below(rng)
    steps = -1 if max_steps is None else max_steps
    end = ROUNDS * players
    while steps and (pending or turn < end):
        steps -= 1
        if pending:
            dice = _rolled(dice, ORDERED_ROLLS[pending][below(6**pending)].dice)
            rolls += 1
            pending = 0
            continue
        me = turn % players
        placements, others = _decision(dice, rolls, cells, me, options)
        i = below(len(placements) + len(others))
        action = placements[i] if i < len(placements) else others[i - len(placements)]
        if type(action) is Reroll:
            values = action.dice
            dice, pending = _kept(dice, values), len(values)
            continue
        if type(action) is Place:
            cells = _placed(cells, action.square, me)
        elif type(action) is Displace:
            cells = _displaced(cells, action.square, action.to, me)
        else:
            lost = _forfeited(lost, me)
        turn += 1
        rolls, dice, pending = 0, (), _dice_of_turn(turn, players)
    return _State(options, players, cells, lost, turn, rolls, dice, pending)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Return each roll of the pending dice with its exact probability.

    >>> state = apply(apply(new_game(2), Roll((1, 2, 3, 4, 6, 6))), Reroll((6, 6)))
    >>> [(str(a), str(p)) for a, p in chance_outcomes(state)][:2]
    [('roll 11', '1/36'), ('roll 12', '1/18')]
    """
    return _OUTCOMES[state.pending]


_OUTCOMES: Final[tuple[tuple[tuple[Action, Fraction], ...], ...]] = ((), *(
    tuple((roll, Fraction(w, 6**k)) for roll, w in zip(ROLLS[k], ROLL_WEIGHTS[k], strict=True))
    for k in range(1, DICE + 1)))
"""The chance outcomes of rolling 0 .. 6 dice, built once: a roll of six dice has 462, and
an adapter that lists them at every roll (OpenSpiel's ``chance_outcomes``) reuses them."""


def sample_chance(state: State, rng: random.Random) -> Action:
    """Roll the pending dice: one uniform draw among the 6**k ordered rolls, no enumeration."""
    k = state.pending
    if not k:
        raise BoardrulesError("no dice are pending: this state is not a chance node")
    return ORDERED_ROLLS[k][rng.randrange(6**k)]


_LINE_SLICES: Final = tuple((SIZE * r, SIZE * r + SIZE, 1) for r in range(SIZE)) + tuple(
    (c, c + SQUARES, SIZE) for c in range(SIZE))
"""Every row and every column of the board as the slice of `State.cells` it is (K10: no
diagonals): start, stop, step."""
_RUNS: dict[tuple[int | None, ...], tuple[tuple[int, int, int], ...]] = {}
"""The runs of each pattern of owners along a line seen so far: (owner, first position,
length) of each maximal run of two or more stones of one player."""
_RUNS_LIMIT: Final = 1 << 16


def _runs(pattern: tuple[int | None, ...]) -> tuple[tuple[int, int, int], ...]:
    """Return the runs of a line's owners (see `_RUNS`), and remember them."""
    runs = []
    k = 0
    for owner, group in itertools.groupby(pattern):
        n = len(tuple(group))
        if owner is not None and n >= 2:
            runs.append((owner, k, n))
        k += n
    if len(_RUNS) >= _RUNS_LIMIT:
        _RUNS.clear()
    found = _RUNS[pattern] = tuple(runs)
    return found


def scores(state: State) -> tuple[int, ...]:
    """Return every player's score by K10.

    Each maximal horizontal or vertical line of two or more of a player's stones scores
    the sum of its squares' points times its length; a stone in no line scores its
    square's points once.
    """
    points = state.options.layout.points
    cells = state.cells
    totals = [0] * state.players
    in_line: set[int] = set()
    known = _RUNS.get
    for start, stop, step in _LINE_SLICES:
        pattern = cells[start:stop:step]
        runs = known(pattern)
        if runs is None:
            runs = _runs(pattern)
        for player, k, n in runs:
            squares = range(start + k * step, start + (k + n) * step, step)
            totals[player] += sum(points[i] for i in squares) * n
            in_line.update(squares)
    for i, owner in enumerate(cells):
        if owner is not None and i not in in_line:
            totals[owner] += points[i]
    return tuple(totals)


def result(state: State) -> Result:
    """Return the scores, and the winners once the game is over (K11: ties share the win)."""
    points = scores(state)
    if not is_terminal(state):
        return Result(points, (), finished=False)
    best = max(points)
    return Result(points, tuple(p for p, s in enumerate(points) if s == best), finished=True)


def returns(state: State) -> tuple[float, ...]:
    """Return 1.0 for a sole winner, 0.0 for a shared win, -1.0 for a loss; zeros before the end."""
    return result(state).returns()


def action_bound(players: int, options: Options) -> int:
    """Return the most actions one game can take: per turn 3 rolls, 2 rerolls, 1 stone."""
    return ROUNDS * players * 6


def inventory(state: State) -> Counter[str]:
    """Return every stone counted once wherever it lies: board, box (forfeited), supply."""
    out: Counter[str] = Counter()
    for owner in state.cells:
        if owner is not None:
            out[f"stone:{owner}"] += 1
    for p in range(state.players):
        out[f"stone:{p}"] += state.lost[p] + state.supply(p)
    return out


assert STONES == ROUNDS  # one stone per turn: a player's supply runs out with their last turn
