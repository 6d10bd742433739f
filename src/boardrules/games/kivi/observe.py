"""KIVI observation and resampling: a game of perfect information (K12)."""

from __future__ import annotations

import random

import attrs

from boardrules._owners import wrong_game
from boardrules._seats import check_player
from boardrules.games.kivi.actions import Action
from boardrules.games.kivi.state import State
from boardrules.registry import picture

__all__ = ["Observation", "announce", "observe", "resample"]


@attrs.frozen
class Observation:
    """What a player (or a spectator) sees: in KIVI, the whole position (K12)."""

    player: int | None
    """The observing player, or ``None`` for a spectator."""
    position: State
    """The whole state: nothing in KIVI is hidden."""

    def _repr_svg_(self) -> str:
        """Return the picture of this observation, for Jupyter (see `svg`)."""
        return picture(self)


def observe(state: State, player: int | None) -> Observation:
    """Return what `player` sees: everything, since nothing in KIVI is hidden (K12)."""
    if type(state) is not State:
        raise wrong_game("kivi.observe", "kivi.State", state)
    check_player(player, state.players)
    return Observation(player, state)


def announce(state: State, action: Action, observer: int | None) -> str:
    """Return what `observer` sees of `action`: its notation, since nothing is hidden (K12)."""
    if type(state) is not State:
        raise wrong_game("kivi.announce", "kivi.State", state)
    if not isinstance(action, Action):
        raise wrong_game("kivi.announce action", "kivi action", action)
    check_player(observer, state.players)
    return str(action)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Return `state` itself: KIVI has no hidden information to redraw (K12)."""
    if type(state) is not State:
        raise wrong_game("kivi.resample", "kivi.State", state)
    check_player(player, state.players, spectator=False)
    return state
