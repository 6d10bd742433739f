"""What the PettingZoo and Gymnasium environments share (both need numpy and gymnasium).

* `configuration`: a game named or given as a module, its player count and its options
  (a game ``Options``, or flat parameter values as `boardrules.adapters._common` reads
  them) checked and built once;
* `Table`: one game being played, chance resolved by a seeded `random.Random`, with the
  numpy views learning code expects — a player's observation tensor as ``float32`` and
  the legal-action mask as ``int8`` — computed only when asked for, at most once a state;
* `EnvironmentBase`: what both environments have (the game, its action space, the state
  now);
* the gymnasium spaces of a configuration, the render modes and the illegal-action
  policies the two environments offer.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, SupportsIndex, TypeAlias, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from boardrules.adapters._common import Configuration, options_from_parameters
from boardrules.errors import BoardrulesError, UnknownActionError
from boardrules.game import CHANCE, TERMINAL
from boardrules.games import AnyGame, load
from boardrules.numeric.spaces import ActionSpace, Tensor
from boardrules.pictures.text import render

__all__ = [
    "ILLEGAL_ACTIONS",
    "RENDER_FPS",
    "RENDER_MODES",
    "EnvironmentBase",
    "IllegalAction",
    "Mask",
    "Observation",
    "Table",
    "configuration",
    "mask_space",
    "observation_box",
]

Observation: TypeAlias = npt.NDArray[np.float32]
"""An observation tensor as numpy: ``float32``, flat."""
Mask: TypeAlias = npt.NDArray[np.int8]
"""A legal-action mask as numpy: ``int8``, 1 = legal."""
IllegalAction: TypeAlias = Literal["lose", "raise"]
"""What an environment does with an action index that is not legal now."""

RENDER_MODES: Final = ("human", "ansi")
"""``"ansi"``: `render` returns the game's text picture; ``"human"``: it prints it."""
RENDER_FPS: Final = 4
"""The frames a second ``metadata`` declares (Gymnasium's text environments' figure)."""
_INT8: Final = np.dtype(np.int8)
_FLOAT32: Final = np.dtype(np.float32)
# numpy reads a dtype object given by position faster than a type given by keyword.
ILLEGAL_ACTIONS: Final = ("lose", "raise")
"""``"lose"``: the game ends, lost by the player who chose the illegal action;
``"raise"``: `IllegalActionError` naming the rule, the game unchanged."""


def configuration(game: str | AnyGame, players: int | None, options: object) -> Configuration:
    """Return the configuration of `game` (a registered name or a game module).

    `players` defaults to the fewest the game allows. `options` is the game's
    ``Options``, ``None`` for the defaults, or a mapping of flat parameter values (how a
    config file or ``gymnasium.make`` passes them: see
    `boardrules.adapters._common.Parameter`). Raises `InvalidOptionsError` naming a bad
    option or player count, `BoardrulesError` for an unknown game or one without the
    numeric layer.
    """
    module = load(game) if isinstance(game, str) else game
    if players is None:
        players = module.MIN_PLAYERS
    if isinstance(options, Mapping):
        options = options_from_parameters(module, options)
    return Configuration(module, players, options)


def check_choice(name: str, value: object, allowed: tuple[str | None, ...]) -> None:
    """Raise `BoardrulesError` unless `value` is one of `allowed`."""
    if value not in allowed:
        raise BoardrulesError(f"{name} must be one of {', '.join(map(repr, allowed))}, "
                              f"got {value!r}")


def observation_box(config: Configuration) -> spaces.Box:
    """Return the space of the observation tensors: ``float32`` entries in 0 … 1."""
    shape = cast(Any, config.game).observation_shape(config.players, config.options)
    return spaces.Box(0.0, 1.0, shape, np.float32)


def mask_space(config: Configuration) -> spaces.Box:
    """Return the space of the legal-action masks: ``int8`` 0 or 1 per action index."""
    return spaces.Box(0, 1, (config.space.size,), np.int8)


class Table:
    """One game of a configuration being played, chance resolved inside.

    The state only ever rests where a player decides or the game is over: every chance
    node is resolved by `rng` as soon as it is reached. The numpy views are built when
    asked for, and the legal-action mask once a state.
    """

    __slots__ = ("_actions", "_encode", "_mask", "_mask_of", "_observe", "config", "game",
                 "mover", "rng", "space", "state")

    _encode: Callable[[Any, int | None], Tensor]

    def __init__(self, config: Configuration, rng: random.Random) -> None:
        """Start a game of `config`, its first chance nodes drawn from `rng`."""
        self._setup(config, rng)
        self.move_to(config.initial)

    def _setup(self, config: Configuration, rng: random.Random) -> None:
        game: Any = config.game
        self.config = config
        self.game = config.game
        self.space = config.space
        self.rng = rng
        self._actions = config.space.actions
        self._observe = game.observe
        encode = getattr(game, "observe_tensor", None)  # the fast path, where a game has it
        self._encode = encode if encode is not None else (
            lambda state, player: game.observation_tensor(game.observe(state, player)))
        self._mask: bytearray = bytearray()
        self._mask_of: object = None
        self.state: Any = None
        self.mover: Any = None

    def __getstate__(self) -> tuple[Configuration, random.Random, Any]:
        return self.config, self.rng, self.state

    def __setstate__(self, saved: tuple[Configuration, random.Random, Any]) -> None:
        config, rng, state = saved
        self._setup(config, rng)
        self.move_to(state)

    def move_to(self, state: Any) -> None:
        """Rest at `state`, or at the next decision or end after it (chance drawn)."""
        game = self.game
        to_move, rng = game.to_move, self.rng
        while (mover := to_move(state)) is CHANCE:
            state = game.apply_unchecked(state, game.sample_chance(state, rng))
        self.state = state
        self.mover = mover

    def is_over(self) -> bool:
        """Return whether the game is over."""
        return self.mover is TERMINAL

    def legal_mask(self) -> bytearray:
        """Return the mask of the legal action indices now (kept: do not change it)."""
        state = self.state
        if self._mask_of is not state:
            self._mask = self.space.legal_mask(state)
            self._mask_of = state
        return self._mask

    def is_legal(self, index: int) -> bool:
        """Return whether action index `index` (in range) is legal now (from the mask
        computed for this state, as `last` and `action_mask` leave it)."""
        mask = self._mask if self._mask_of is self.state else self.legal_mask()
        return mask[index] == 1

    def action_index(self, action: object) -> int:
        """Return `action` (an int or numpy integer) as an index in range; raise
        `UnknownActionError` for anything else."""
        if type(action) is int and 0 <= action < len(self._actions):
            return action  # the usual case, nothing to convert
        try:
            index = operator.index(cast(SupportsIndex, action))
        except TypeError:
            index = -1
        if type(action) is bool or not 0 <= index < len(self._actions):
            raise UnknownActionError(action, f"not an action index of {self.game.NAME} "
                                             f"(0 to {len(self._actions) - 1})")
        return index

    def play(self, index: int) -> None:
        """Play the legal action numbered `index`, then resolve chance."""
        self.move_to(self.game.apply_unchecked(self.state, self._actions[index]))

    def refuse(self, index: int) -> None:
        """Raise the `IllegalActionError` the game gives for action `index` now."""
        self.game.apply(self.state, self._actions[index])
        raise AssertionError("unreachable: the index is legal")  # pragma: no cover

    def observation(self, player: int | None) -> Observation:
        """Return `player`'s observation tensor now, as ``float32`` (a new array)."""
        return np.frombuffer(self._encode(self.state, player), _FLOAT32)

    def action_mask(self, player: int) -> Mask:
        """Return `player`'s legal-action mask now as ``int8`` (a new array): the legal
        actions for the player to move, all zeros for the others."""
        if player == self.mover:
            state = self.state
            mask = self._mask if self._mask_of is state else self.legal_mask()
            return np.frombuffer(bytearray(mask), _INT8)
        return np.zeros(len(self._actions), _INT8)

    def render(self, player: int | None) -> str:
        """Return the game's text picture of what `player` sees now."""
        return render(self.game, self._observe(self.state, player))


class EnvironmentBase:
    """What the PettingZoo and Gymnasium environments have: a configuration and, after
    ``reset``, the game being played at a `Table`."""

    config: Configuration
    """The game, player count and options."""
    _table: Table | None

    @property
    def game(self) -> AnyGame:
        """The game module."""
        return self.config.game

    @property
    def space(self) -> ActionSpace[Any]:
        """The action space: the numbering of the actions (``action(i)``, ``index(a)``)."""
        return self.config.space

    @property
    def game_state(self) -> Any:
        """The boardrules state now (it holds hidden information: not for the agents).

        Raises `BoardrulesError` before ``reset``.
        """
        return self._started().state

    def _started(self) -> Table:
        table = self._table
        if table is None:
            raise BoardrulesError("the environment has no game yet: call reset() first")
        return table
