"""The registry of games: names to game modules, loaded on first use.

`GAMES` knows the five built-in games by name and imports a game's module only when it
is asked for, so ``import boardrules`` loads no game. Third-party games join with
`register`. The registry is the one object that knows every game; `game_of` finds the
game an object belongs to (an object exists only once its game's module is loaded).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, TypeAlias

from boardrules.errors import BoardrulesError, InvalidArgumentError, quote
from boardrules.game import Game

__all__ = ["GAMES", "AnyGame", "Registry", "game_of", "load", "picture", "register"]

AnyGame: TypeAlias = Game[Any, Any, Any, Any]
"""A game module of any game (the registry holds different games side by side)."""

Kind: TypeAlias = str
"""What an object of a game is: ``"state"``, ``"action"``, ``"observation"`` or ``"options"``."""


class Registry(Mapping[str, AnyGame]):
    """Game modules by name (read-only as a mapping; `register` adds one).

    Iterating gives the names without loading anything: the built-in games in
    alphabetical order, then registered ones. Looking a name up imports its module.
    """

    __slots__ = ("_by_type", "_loaded", "_paths")

    def __init__(self, builtin: Mapping[str, str]) -> None:
        self._paths: dict[str, str] = dict(builtin)
        """Every known game's module path, by name."""
        self._loaded: dict[str, AnyGame] = {}
        """The modules imported so far, by name (at most one per known game)."""
        self._by_type: dict[type, tuple[AnyGame, Kind]] = {}
        """The classes of the loaded games: state, observation, options and actions."""

    def __getitem__(self, name: str) -> AnyGame:
        game = self._loaded.get(name)
        if game is None:
            game = importlib.import_module(self._paths[name])  # KeyError: unknown name
            self._add(name, game)
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def __contains__(self, name: object) -> bool:
        return name in self._paths

    def __repr__(self) -> str:
        return f"Registry({list(self._paths)!r})"

    def _add(self, name: str, game: AnyGame) -> None:
        self._loaded[name] = game
        self._by_type[game.State] = (game, "state")
        self._by_type[game.Observation] = (game, "observation")
        self._by_type[game.Options] = (game, "options")
        for cls in game.ACTION_TYPES:
            self._by_type[cls] = (game, "action")

    def register(self, game: AnyGame) -> None:
        """Add a third-party game module; see the module function `register`."""
        name = game.NAME
        if name in self._paths and self[name] is not game:
            raise BoardrulesError(f"a different game is already registered as {name!r}")
        self._paths[name] = getattr(game, "__name__", type(game).__module__)
        self._add(name, game)

    def game_of(self, obj: object) -> tuple[AnyGame, Kind]:
        """Return the game `obj` belongs to and its kind; see the module function."""
        found = self._by_type.get(type(obj))
        if found is None:
            # A game's objects exist only once its module is imported, perhaps directly
            # (``from boardrules.games import kivi``) rather than through the registry.
            module = type(obj).__module__
            for name, path in self._paths.items():
                if module == path or module.startswith(path + "."):
                    self[name]
                    found = self._by_type.get(type(obj))
                    break
        if found is None:
            raise BoardrulesError(
                f"{type(obj).__qualname__} is not a state, action, observation or options "
                "class of any registered game")
        return found


GAMES: Final = Registry({
    "captain_bluff": "boardrules.games.captain_bluff",
    "kivi": "boardrules.games.kivi",
    "lustry": "boardrules.games.lustry",
    "ren_dhark": "boardrules.games.ren_dhark",
    "whales_rivals": "boardrules.games.whales_rivals",
})
"""Every registered game by name: the built-in games in alphabetical order, then any
third-party game added by `register`. A game's module is imported when it is looked up."""


def register(game: AnyGame) -> None:
    """Add a third-party game module (one that meets the `Game` contract) to `GAMES`.

    Registered games work with `boardrules.to_json`, records, the command line and
    the conformance kit. Raises `BoardrulesError` if the name is taken by another module.
    """
    GAMES.register(game)


def load(name: str) -> AnyGame:
    """Return the game module registered as `name`; `InvalidArgumentError` (a
    `ValueError`) for a name no game is registered under.

    >>> load("kivi").TITLE
    'KIVI'
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):  # TypeError: a name that is no string (unhashable)
        known = ", ".join(GAMES)
        raise InvalidArgumentError(f"unknown game {quote(name)}; known games: {known}") from None


def game_of(obj: object) -> tuple[AnyGame, Kind]:
    """Return the game an object belongs to and its kind.

    The kind is one of ``"state"``, ``"action"``, ``"observation"``, ``"options"``.
    Raises `BoardrulesError` for an object of no registered game.

    >>> from boardrules.games import kivi
    >>> game_of(kivi.new_game(2))[1]
    'state'
    """
    return GAMES.game_of(obj)


def picture(obj: object) -> str:
    """Return the SVG picture of a state (the spectator's view) or an observation.

    The picture is drawn by the game's optional ``svg`` member, which lives in the
    pictures layer: states and observations reach it through the registry, so that the
    rules never import the drawing code (this serves their ``_repr_svg_``, which shows
    them in a Jupyter notebook). Raises `BoardrulesError` for a game without pictures.

    >>> from boardrules.games import kivi
    >>> picture(kivi.new_game(2)).startswith("<svg")
    True
    """
    game, kind = game_of(obj)
    draw: Callable[[Any], str] | None = getattr(game, "svg", None)
    if draw is None:
        raise BoardrulesError(f"the game {game.NAME!r} draws no pictures (it has no svg)")
    return draw(game.observe(obj, None) if kind == "state" else obj)
