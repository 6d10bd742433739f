"""The registry of games: every module here meets the `boardrules.game.Game` contract.

The registry is written out by hand, so the list of games is plain to read and
mypy checks each module against the protocol below.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from boardrules.errors import BoardrulesError
from boardrules.game import Game
from boardrules.games import captain_bluff, kivi, lustry, ren_dhark, whales_rivals

if TYPE_CHECKING:
    from boardrules.numeric.spaces import NumericGame

__all__ = ["GAMES", "AnyGame", "game_of", "load", "register"]

AnyGame: TypeAlias = Game[Any, Any, Any, Any]
"""A game module of any game (the registry holds different games side by side)."""

# Each line is checked by mypy: the module must satisfy the protocol with its own types.
_captain_bluff: Game[
    captain_bluff.State, captain_bluff.Action, captain_bluff.Observation, captain_bluff.Options
] = captain_bluff
_kivi: Game[kivi.State, kivi.Action, kivi.Observation, kivi.Options] = kivi
_lustry: Game[lustry.State, lustry.Action, lustry.Observation, lustry.Options] = lustry
_ren_dhark: Game[ren_dhark.State, ren_dhark.Action, ren_dhark.Observation, ren_dhark.Options] = (
    ren_dhark
)
_whales_rivals: Game[
    whales_rivals.State, whales_rivals.Action, whales_rivals.Observation, whales_rivals.Options
] = whales_rivals

# The numeric members (optional for a third-party game), checked the same way.
_kivi_numeric: NumericGame[kivi.State, kivi.Action, kivi.Observation, kivi.Options] = kivi
_whales_rivals_numeric: NumericGame[
    whales_rivals.State, whales_rivals.Action, whales_rivals.Observation, whales_rivals.Options
] = whales_rivals
_lustry_numeric: NumericGame[
    lustry.State, lustry.Action, lustry.Observation, lustry.Options
] = lustry
_ren_dhark_numeric: NumericGame[
    ren_dhark.State, ren_dhark.Action, ren_dhark.Observation, ren_dhark.Options
] = ren_dhark

_REGISTRY: dict[str, AnyGame] = {
    "captain_bluff": _captain_bluff,
    "kivi": _kivi,
    "lustry": _lustry,
    "ren_dhark": _ren_dhark,
    "whales_rivals": _whales_rivals,
}

GAMES: Final[MappingProxyType[str, AnyGame]] = MappingProxyType(_REGISTRY)
"""Every registered game by name: the built-in games in alphabetical order, then any
third-party game added by `register`. Read-only."""

_BY_TYPE: dict[type, tuple[AnyGame, str]] = {}


def register(game: AnyGame) -> None:
    """Add a third-party game module (one that meets the `Game` contract) to `GAMES`.

    Registered games work with `boardrules.to_json`, records, the command line and
    the conformance kit. Raises `BoardrulesError` if the name is taken by another module.
    """
    present = _REGISTRY.get(game.NAME)
    if present is not None and present is not game:
        raise BoardrulesError(f"a different game is already registered as {game.NAME!r}")
    _REGISTRY[game.NAME] = game
    _BY_TYPE.clear()


def load(name: str) -> AnyGame:
    """Return the game module registered as `name`.

    >>> load("kivi").TITLE
    'KIVI'
    """
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(GAMES)
        raise BoardrulesError(f"unknown game {name!r}; known games: {known}") from None


def game_of(obj: object) -> tuple[AnyGame, str]:
    """Return the game an object belongs to and its kind.

    The kind is one of ``"state"``, ``"action"``, ``"observation"``, ``"options"``.
    Raises `BoardrulesError` for an object of no registered game.
    """
    if not _BY_TYPE:
        for game in GAMES.values():
            _BY_TYPE[game.State] = (game, "state")
            _BY_TYPE[game.Observation] = (game, "observation")
            _BY_TYPE[game.Options] = (game, "options")
            for cls in game.ACTION_TYPES:
                _BY_TYPE[cls] = (game, "action")
    try:
        return _BY_TYPE[type(obj)]
    except KeyError:
        raise BoardrulesError(
            f"{type(obj).__qualname__} is not a state, action, observation or options "
            "class of any registered game"
        ) from None
