"""Validation of KIVI states and observations loaded from untrusted data."""

from __future__ import annotations

from boardrules._observations import refuse, restate, seat
from boardrules._owners import describe
from boardrules.errors import InvalidStateError
from boardrules.games.kivi.board import DICE, SQUARES
from boardrules.games.kivi.observe import Observation
from boardrules.games.kivi.state import ROUNDS, State

__all__ = ["validate_observation", "validate_state"]


def _fail(problem: str) -> None:
    raise InvalidStateError(f"state: {problem}")


def validate_state(state: State) -> None:
    """Raise `InvalidStateError` naming the first problem unless `state` is possible.

    Checks the player count, the board, stone conservation per player (stones on the
    board plus forfeited stones equal the turns that player has taken), the turn
    counter and the dice of the turn in progress.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"state: expected a kivi.State, got {describe(state)}")
    n = state.players
    if not 2 <= n <= 4:
        _fail(f"players: KIVI is for 2 to 4 players, got {n}")
    if len(state.cells) != SQUARES:
        _fail(f"cells: expected {SQUARES} squares, got {len(state.cells)}")
    for i, owner in enumerate(state.cells):
        if owner is not None and not 0 <= owner < n:
            _fail(f"cells[{i}]: no player {owner} in a {n}-player game")
    if len(state.lost) != n:
        _fail(f"lost: expected {n} counts, got {len(state.lost)}")
    end = ROUNDS * n
    if not 0 <= state.turn <= end:
        _fail(f"turn: expected 0 to {end}, got {state.turn}")
    for p in range(n):
        if state.lost[p] < 0:
            _fail(f"lost[{p}]: negative")
        taken = (state.turn + n - 1 - p) // n
        placed = sum(1 for owner in state.cells if owner == p)
        if placed + state.lost[p] != taken:
            _fail(f"stones of player {p}: {placed} on the board and {state.lost[p]} forfeited, "
                  f"but the player has taken {taken} turns (one stone each, K6/K7)")
    if any(not 1 <= d <= 6 for d in state.dice) or list(state.dice) != sorted(state.dice):
        _fail(f"dice: expected values 1-6 in ascending order, got {list(state.dice)}")
    if not 0 <= state.pending <= DICE or len(state.dice) > DICE:
        _fail(f"dice: at most six on the table and 0 to 6 pending, got {len(state.dice)} "
              f"and {state.pending}")
    if state.turn == end:
        if state.rolls or state.dice or state.pending:
            _fail("the game is over, so no dice may be on the table or pending")
        return
    if not 0 <= state.rolls <= 3:
        _fail(f"rolls: expected 0 to 3 rolls this turn, got {state.rolls} (K5)")
    if state.rolls == 0:
        if state.dice or state.pending != DICE:
            _fail("a turn starts with all six dice to roll: dice must be [] and pending 6 (K5)")
        return
    if len(state.dice) + state.pending != DICE:
        _fail(f"dice and pending must make six dice, got {len(state.dice)} + {state.pending}")
    if state.pending and state.rolls == 3:
        _fail("no reroll may be pending after the third roll (K5)")


def validate_observation(observation: Observation) -> None:
    """Raise `InvalidStateError` naming the first problem unless `observation` is possible.

    Nothing in KIVI is hidden (K12), so an observation is the whole position and the
    observer: the position is checked like a state (`validate_state`), and the observer
    must be a player of that position or ``None`` (a spectator).
    """
    if not isinstance(observation, Observation):
        refuse("observation", f"expected a kivi.Observation, got {describe(observation)}")
    try:
        validate_state(observation.position)
    except InvalidStateError as exc:
        raise restate(exc, "observation.position") from None
    seat(observation.player, observation.position.players)
