"""Every boardrules game as an OpenSpiel Python game (``pip install 'boardrules[openspiel]'``).

Importing this module registers every registered game that has the numeric layer with
``pyspiel`` under ``"boardrules_" + name``, so OpenSpiel code loads it like any game::

    import pyspiel
    import boardrules.adapters.openspiel  # registers boardrules_kivi, ...

    game = pyspiel.load_game("boardrules_lustry(turn_limit=60)")

* **Parameters**: ``players`` (default: the fewest the game allows) and each option of
  the game's ``Options`` (see `boardrules.adapters._common.Parameter` for how each type
  is carried: an ``int | None`` option as an int with -1 for ``None``, a tuple or record
  as its JSON).
* **Actions**: the game's `ActionSpace` numbering (``num_distinct_actions`` is its
  ``size``), legal actions ascending; chance outcomes numbered apart
  (``max_chance_outcomes`` is ``chance_size``), with the game's exact probabilities as
  floats; ``max_game_length`` is the game's ``action_bound``.
* **Returns**: 1 for a sole winner, -1 for each loser, 0 for a shared win or a draw;
  terminal rewards only; zero-sum for two players, general-sum for more. A game cut off
  by an engine bound (a turn limit) returns 0 for everyone: pyspiel has no truncation
  flag, so tell it apart with `BoardrulesState.is_truncated`.
* **Observations**: ``observation_string`` (the observation as compact JSON) and
  ``observation_tensor`` (the game's tensor); ``information_state_string`` (the
  perfect-recall transcript of `boardrules.numeric.spaces.InfoState`) and
  ``information_state_tensor``; ``make_observation`` also gives the public observation
  (the spectator's view).
* **Search**: ``clone`` copies a reference (boardrules states are immutable);
  ``resample_from_infostate`` uses the game's ``resample``; serialization pickles a
  boardrules record of the game, replayed (and so checked) when loaded.
"""

from __future__ import annotations

from typing import Any

import pyspiel

import boardrules
from boardrules.adapters._common import has_numeric_layer, numeric_games, parameter_values
from boardrules.adapters.openspiel import _game
from boardrules.adapters.openspiel._game import (
    PREFIX,
    BoardrulesGame,
    BoardrulesState,
    Observer,
    game_class,
    game_type,
    short_name,
)
from boardrules.errors import BoardrulesError
from boardrules.games import GAMES, AnyGame

__all__ = [
    "PREFIX",
    "BoardrulesGame",
    "BoardrulesState",
    "Observer",
    "game_class",
    "game_type",
    "load",
    "register",
    "short_name",
]


def register(game: AnyGame | None = None) -> list[str]:
    """Register a boardrules game with pyspiel (default: every registered game with the
    numeric layer) and return the pyspiel names registered now.

    A name already registered is left as it is. Importing this module registers the
    built-in games; call it for a third-party game added to `boardrules.games.GAMES`.
    """
    games = [game] if game is not None else [GAMES[n] for n in numeric_games()]
    known = set(pyspiel.registered_names())
    done = []
    for module in games:
        if not has_numeric_layer(module):
            raise BoardrulesError(f"{module.TITLE} has no numeric layer: it cannot be "
                                  "registered with OpenSpiel")
        name = short_name(module)
        if name in known:
            continue
        pyspiel.register_game(game_type(module), game_class(module))
        done.append(name)
    return done


def load(name: str, players: int | None = None, options: object = None) -> BoardrulesGame:
    """Return the pyspiel game of boardrules game `name` for `players` (default: the
    fewest) and `options` (a game ``Options``; default: the defaults).

    >>> game = load("kivi", 3)
    >>> str(game), game.num_distinct_actions()
    ('boardrules_kivi(board=default,highest_rule=available,players=3)', 3325)
    """
    module = boardrules.load(name)
    register(module)
    params: dict[str, Any] = {}
    if players is not None:
        params["players"] = players
    if options is not None:
        params.update(parameter_values(module, options))
    game: BoardrulesGame = pyspiel.load_game(short_name(module), params)
    return game


def __getattr__(name: str) -> type[BoardrulesGame]:
    """Find each game's class by its name (``KiviGame``), for pickle."""
    for cls in _game._CLASSES.values():
        if cls.__name__ == name:
            return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


register()
