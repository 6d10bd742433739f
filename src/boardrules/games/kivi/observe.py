"""KIVI observation and resampling: a game of perfect information (K12)."""

from __future__ import annotations

import random

import attrs

from boardrules.errors import BoardrulesError
from boardrules.games.kivi.state import Options, State

__all__ = ["Observation", "observe", "resample"]


@attrs.frozen
class Observation:
    """What a player (or a spectator) sees: in KIVI, the whole position (K12)."""

    player: int | None
    """The observing player, or ``None`` for a spectator."""
    options: Options
    """The options of the game (board and highest-combination rule)."""
    players: int
    """Number of players."""
    cells: tuple[int | None, ...]
    """The owner of each square (``None``: free)."""
    lost: tuple[int, ...]
    """Stones each player has forfeited."""
    turn: int
    """Turns taken so far; player ``turn % players`` acts."""
    rolls: int
    """Rolls made in this turn."""
    dice: tuple[int, ...]
    """The dice on the table, ascending."""
    pending: int
    """Dice waiting to be rolled."""


def observe(state: State, player: int | None) -> Observation:
    """Return what `player` sees: everything, since nothing in KIVI is hidden (K12)."""
    if player is not None and not 0 <= player < state.players:
        raise BoardrulesError(f"player {player} does not exist in a {state.players}-player game")
    return Observation(player, state.options, state.players, state.cells, state.lost,
                       state.turn, state.rolls, state.dice, state.pending)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Return `state` itself: KIVI has no hidden information to redraw (K12)."""
    observe(state, player)
    return state
