"""The check every game makes of a player argument (`observe`, `announce`, `resample`)."""

from __future__ import annotations

from boardrules.errors import BoardrulesError


def check_player(player: object, players: int, *, spectator: bool = True) -> None:
    """Raise `BoardrulesError` unless `player` is a seat ``0 .. players - 1`` — an `int`, not
    a `bool` or a float — or ``None`` (the spectator) where `spectator` allows it.

    >>> check_player(1, 2)
    >>> check_player(True, 2)
    Traceback (most recent call last):
    ...
    boardrules.errors.BoardrulesError: player True does not exist in a 2-player game
    """
    if player is None:
        if not spectator:
            raise BoardrulesError("resample needs a player, not a spectator (None)")
        return
    if type(player) is not int or not 0 <= player < players:
        raise BoardrulesError(f"player {player!r} does not exist in a {players}-player game")
