"""The checks every game makes of a player argument (`observe`, `announce`, `resample`)
and of a player count (`new_game`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from boardrules.errors import InvalidArgumentError, InvalidOptionsError, quote

__all__ = ["check_player", "player_count"]

_F = TypeVar("_F", bound=Callable[..., object])


def check_player(player: object, players: int, *, spectator: bool = True) -> None:
    """Raise `InvalidArgumentError` unless `player` is a seat ``0 .. players - 1`` — an `int`, not
    a `bool` or a float — or ``None`` (the spectator) where `spectator` allows it.

    >>> check_player(1, 2)
    >>> check_player(True, 2)
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidArgumentError: player True does not exist in a 2-player game
    """
    if player is None:
        if not spectator:
            raise InvalidArgumentError("resample needs a player, not a spectator (None)")
        return
    if type(player) is not int or not 0 <= player < players:
        raise InvalidArgumentError(
            f"player {quote(player)} does not exist in a {players}-player game")


def player_count(title: str, fewest: int, most: int) -> Callable[[_F], _F]:
    """Return a decorator for a game's ``new_game(players, ...)`` that refuses a player
    count outside ``fewest .. most``, or one that is not an `int` (a `bool`, a float, a
    string, an `int` subclass), with `InvalidOptionsError` naming ``players``, before
    `new_game` runs.

    Why here and not in `new_game`'s body: the wheels with compiled rules (mypyc,
    docs/performance.md) check a compiled function's arguments against their annotations
    before its first line runs, so a compiled ``new_game(2.0)`` would raise mypyc's
    `TypeError` and a compiled ``new_game(True)`` would see the number 1. This module is
    never compiled: the check runs in pure Python in both builds, which therefore refuse
    the same counts with the same error. The decorated function keeps its signature
    (`players` is its first parameter, positional or by name; left out, it is the
    function's default, which is a valid count).

    >>> @player_count("Chess", 2, 2)
    ... def new_game(players: int = 2) -> str:
    ...     return f"{players} players"
    >>> new_game(), new_game(2), new_game(players=2)
    ('2 players', '2 players', '2 players')
    >>> new_game(True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidOptionsError: ... Chess is for exactly 2 players, got True
    """
    span = f"exactly {fewest}" if fewest == most else f"{fewest} to {most}"

    def decorate(new_game: _F) -> _F:
        @functools.wraps(new_game)
        def checked(*args: Any, **kwargs: Any) -> object:
            players = args[0] if args else kwargs.get("players", fewest)
            if type(players) is not int or not fewest <= players <= most:
                raise InvalidOptionsError("players",
                                          f"{title} is for {span} players, got {players!r}")
            return new_game(*args, **kwargs)

        return cast("_F", checked)

    return decorate
