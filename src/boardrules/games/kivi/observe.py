"""KIVI observation and resampling: a game of perfect information (K12)."""

from __future__ import annotations

import random

import attrs

from boardrules.errors import BoardrulesError
from boardrules.games.kivi.actions import Action
from boardrules.games.kivi.state import State

__all__ = ["Observation", "announce", "observe", "resample"]


@attrs.frozen
class Observation:
    """What a player (or a spectator) sees: in KIVI, the whole position (K12)."""

    player: int | None
    """The observing player, or ``None`` for a spectator."""
    position: State
    """The whole state: nothing in KIVI is hidden."""


def observe(state: State, player: int | None) -> Observation:
    """Return what `player` sees: everything, since nothing in KIVI is hidden (K12)."""
    if player is not None and not 0 <= player < state.players:
        raise BoardrulesError(f"player {player} does not exist in a {state.players}-player game")
    return Observation(player, state)


def announce(state: State, action: Action, observer: int | None) -> str:
    """Return what `observer` sees of `action`: its notation, since nothing is hidden (K12)."""
    observe(state, observer)
    return str(action)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Return `state` itself: KIVI has no hidden information to redraw (K12)."""
    observe(state, player)
    return state
