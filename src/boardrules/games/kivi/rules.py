"""KIVI rules: new_game, legal_actions, apply, to_move, returns, result.

Order of `legal_actions` at a decision (stable, documented):
placements (`Place`) by square, then displacements (`Displace`) by square and
destination, then rerolls (`Reroll`) by number of dice and values, then `Forfeit`.
At a chance node: every `Roll` of the pending dice in ascending order of values.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Final, assert_never

from boardrules._build import slot_builder
from boardrules._owners import describe, not_an_action, wrong_game
from boardrules._seats import player_count
from boardrules.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidOptionsError,
)
from boardrules.game import CHANCE, TERMINAL, Result, ToMove
from boardrules.games.kivi.actions import (
    DISPLACE,
    FORFEIT,
    ORDERED_ROLLS,
    PLACE,
    REROLLS,
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
    analyse,
    square_name,
)
from boardrules.games.kivi.state import (
    DEFAULT_OPTIONS,
    ROUNDS,
    STONES,
    HighestRule,
    Options,
    Plan,
    Runs,
    State,
)

__all__ = [
    "action_bound",
    "apply",
    "apply_unchecked",
    "chance_outcomes",
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
        options = DEFAULT_OPTIONS
    elif not isinstance(options, Options):
        raise InvalidOptionsError("options", f"expected kivi.Options, got {describe(options)}")
    return _State(options=options, players=players, cells=_EMPTY, lost=(0,) * players, turn=0,
                  rolls=0, dice=(), pending=DICE)


def to_move(state: State) -> ToMove:
    """Return who acts: the current player, `CHANCE` while dice are pending, or `TERMINAL`."""
    if type(state) is not State:
        raise wrong_game("kivi.to_move", "kivi.State", state)
    if state.pending:
        return CHANCE
    if state.turn >= ROUNDS * state.players:
        return TERMINAL
    return state.turn % state.players


def is_terminal(state: State) -> bool:
    """Return whether every player has taken 10 turns (K9)."""
    if type(state) is not State:
        raise wrong_game("kivi.is_terminal", "kivi.State", state)
    return state.turn >= ROUNDS * state.players


def _plan(dice: tuple[int, ...], options: Options) -> Plan:
    """Make the plan of a roll (K7, K8) under `options`, and keep it in their memo."""
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
    options.plans[dice] = plan
    return plan


def _decision(state: State) -> tuple[list[Place | Displace], tuple[Reroll | Forfeit, ...]]:
    """Return the legal actions of a player's decision after a roll (K5-K8), in the
    documented order, in two parts: the placements (K7, K8), and the rerolls (K5) or the
    forfeit when nothing else is legal (K6)."""
    dice, cells, options = state.dice, state.cells, state.options
    wild, six, base, rivals = options.plans.get(dice) or _plan(dice, options)
    placements: list[Place | Displace]
    if wild:
        placements = [PLACE[i] for i in range(SQUARES) if cells[i] is None]
        if six:
            me = state.turn % state.players
            free = [i for i in range(SQUARES) if cells[i] is None]
            placements += [d for i in range(SQUARES) if cells[i] is not None and cells[i] != me
                           for j in free if (d := DISPLACE[i][j]) is not None]
    elif rivals:
        found = [i for i in base if cells[i] is None]
        for own, higher in rivals:  # K8: usable once every higher combination is full
            if all(cells[i] is not None for i in higher):
                found += [i for i in own if cells[i] is None]
                found.sort()
        placements = [PLACE[i] for i in found]
    else:
        placements = [PLACE[i] for i in base if cells[i] is None]
    rerolls = REROLLS[dice] if state.rolls < 3 else ()
    return placements, rerolls if rerolls or placements else (FORFEIT,)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action in the documented order (see the module docstring).

    >>> state = apply(new_game(2), Roll((5, 5, 5, 3, 3, 2)))
    >>> [str(a) for a in legal_actions(state)][:3]
    ['g3', 'b4', 'e6']
    """
    if type(state) is not State:
        raise wrong_game("kivi.legal_actions", "kivi.State", state)
    if state.pending:
        return ROLLS[state.pending]
    if state.turn >= ROUNDS * state.players:
        return ()
    placements, others = _decision(state)
    return (*placements, *others)


def _why_illegal(state: State, action: object) -> tuple[str, str]:
    """Return the reason and rule id for an action `apply` refused (slow path)."""
    if not isinstance(action, Action):
        return not_an_action(action, "KIVI"), ""
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
            assert_never(action)


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


_ROLL_SETS: Final = tuple(frozenset(rolls) for rolls in ROLLS)
"""``ROLLS[k]`` as a set: `legal_actions` at a chance node, for `apply`'s membership test
(a hash, where the tuple of 462 rolls would compare one by one)."""


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; raise `IllegalActionError` if it is illegal.

    The given state never changes.
    """
    if type(state) is not State:
        raise wrong_game("kivi.apply", "kivi.State", state)
    k = state.pending
    if not (isinstance(action, Roll) and action in _ROLL_SETS[k] if k
            else action in legal_actions(state)):
        reason, rule = _why_illegal(state, action)
        raise IllegalActionError(state, action, reason, rule)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """Return the state after `action`, trusting that it is legal (the fast path for bots).

    Only pass actions taken from `legal_actions(state)` or `sample_chance(state, ...)`;
    anything else may build an impossible state. Nothing is checked, not even that
    `state` and `action` are this game's (`apply` checks).
    """
    options, players, cells, lost, turn = (state.options, state.players, state.cells,
                                           state.lost, state.turn)
    match action:
        case Roll(dice=values):  # K5: the kept dice join the rolled ones
            dice = state.dice
            return _State(options=options, players=players, cells=cells, lost=lost, turn=turn,
                          rolls=state.rolls + 1,
                          dice=tuple(sorted(dice + values)) if dice else values, pending=0)
        case Reroll(dice=values):  # K5: the dice showing `values` leave the table
            kept = list(state.dice)
            for v in values:
                kept.remove(v)
            return _State(options=options, players=players, cells=cells, lost=lost, turn=turn,
                          rolls=state.rolls, dice=tuple(kept), pending=len(values))
        case Place(square=i):  # K7: a stone on the free square
            cells = (*cells[:i], turn % players, *cells[i + 1:])
        case Displace(square=i, to=j):  # K7: the opponent's stone moves to the free square
            board = list(cells)
            board[j] = board[i]
            board[i] = turn % players
            cells = tuple(board)
        case Forfeit():  # K6: one stone to the box
            me = turn % players
            lost = (*lost[:me], lost[me] + 1, *lost[me + 1:])
        case _:
            assert_never(action)
    turn += 1  # the stone ends the turn: the next player rolls six dice, unless it was the
    # last turn (K4, K9)
    return _State(options=options, players=players, cells=cells, lost=lost, turn=turn, rolls=0,
                  dice=(), pending=DICE if turn < ROUNDS * players else 0)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Return each roll of the pending dice with its exact probability.

    >>> state = apply(apply(new_game(2), Roll((1, 2, 3, 4, 6, 6))), Reroll((6, 6)))
    >>> [(str(a), str(p)) for a, p in chance_outcomes(state)][:2]
    [('roll 11', '1/36'), ('roll 12', '1/18')]
    """
    if type(state) is not State:
        raise wrong_game("kivi.chance_outcomes", "kivi.State", state)
    return _OUTCOMES[state.pending]


_OUTCOMES: Final[tuple[tuple[tuple[Action, Fraction], ...], ...]] = ((), *(
    tuple((roll, Fraction(w, 6**k)) for roll, w in zip(ROLLS[k], ROLL_WEIGHTS[k], strict=True))
    for k in range(1, DICE + 1)))
"""The chance outcomes of rolling 0 .. 6 dice, built once: a roll of six dice has 462, and
an adapter that lists them at every roll (OpenSpiel's ``chance_outcomes``) reuses them."""


def sample_chance(state: State, rng: random.Random) -> Action:
    """Roll the pending dice: one uniform draw among the 6**k ordered rolls, no enumeration."""
    if type(state) is not State:
        raise wrong_game("kivi.sample_chance", "kivi.State", state)
    k = state.pending
    if not k:
        raise InvalidArgumentError("no dice are pending: this state is not a chance node")
    return rng.choice(ORDERED_ROLLS[k])


_LINE_SLICES: Final = tuple((SIZE * r, SIZE * r + SIZE, 1) for r in range(SIZE)) + tuple(
    (c, c + SQUARES, SIZE) for c in range(SIZE))
"""Every row and every column of the board as the slice of `State.cells` it is (K10: no
diagonals): start, stop, step."""


def _runs(pattern: tuple[int | None, ...], options: Options) -> Runs:
    """Return the runs of the owners along a line (see `Options.runs`), and keep them."""
    runs = []
    k = 0
    while k < SIZE:
        owner = pattern[k]
        end = k + 1
        while end < SIZE and pattern[end] == owner:
            end += 1
        if owner is not None and end - k >= 2:
            runs.append((owner, k, end - k))
        k = end
    found = options.runs[pattern] = tuple(runs)
    return found


def scores(state: State) -> tuple[int, ...]:
    """Return every player's score by K10.

    Each maximal horizontal or vertical line of two or more of a player's stones scores
    the sum of its squares' points times its length; a stone in no line scores its
    square's points once.
    """
    if type(state) is not State:
        raise wrong_game("kivi.scores", "kivi.State", state)
    options = state.options
    points = options.layout.points
    known = options.runs.get
    cells = state.cells
    totals = [0] * state.players
    in_line: set[int] = set()
    for start, stop, step in _LINE_SLICES:
        pattern = cells[start:stop:step]
        runs = known(pattern)
        if runs is None:
            runs = _runs(pattern, options)
        for player, k, n in runs:
            squares = range(start + k * step, start + (k + n) * step, step)
            totals[player] += sum([points[i] for i in squares]) * n
            in_line.update(squares)
    for i, owner in enumerate(cells):
        if owner is not None and i not in in_line:
            totals[owner] += points[i]
    return tuple(totals)


def result(state: State) -> Result:
    """Return the scores, and the winners once the game is over (K11: ties share the win)."""
    if type(state) is not State:
        raise wrong_game("kivi.result", "kivi.State", state)
    points = scores(state)
    if not is_terminal(state):
        return Result(points, (), finished=False)
    best = max(points)
    return Result(points, tuple(p for p, s in enumerate(points) if s == best), finished=True)


def returns(state: State) -> tuple[float, ...]:
    """Return 1.0 for a sole winner, 0.0 for a shared win, -1.0 for a loss; zeros before the end."""
    if type(state) is not State:
        raise wrong_game("kivi.returns", "kivi.State", state)
    return result(state).returns()


def action_bound(players: int, options: Options) -> int:
    """Return the most actions one game can take: per turn 3 rolls, 2 rerolls, 1 stone."""
    if type(options) is not Options:
        raise wrong_game("kivi.action_bound", "kivi.Options", options)
    return ROUNDS * players * 6


def inventory(state: State) -> Counter[str]:
    """Return every stone counted once wherever it lies: board, box (forfeited), supply."""
    if type(state) is not State:
        raise wrong_game("kivi.inventory", "kivi.State", state)
    out: Counter[str] = Counter()
    for owner in state.cells:
        if owner is not None:
            out[f"stone:{owner}"] += 1
    for p in range(state.players):
        out[f"stone:{p}"] += state.lost[p] + state.supply(p)
    return out


assert STONES == ROUNDS  # one stone per turn: a player's supply runs out with their last turn
