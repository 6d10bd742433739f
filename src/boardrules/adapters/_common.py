"""What the framework adapters share: framework-free and numpy-free.

* `Parameter`, `parameters`, `options_from_parameters`, `parameter_values`: a game's
  options as flat named values of the four kinds frameworks pass around (``bool``,
  ``int``, ``float``, ``str``) — OpenSpiel's game parameters, a command line, a config
  file.
* `Configuration`: a game with its player count and options, and the tables that go
  with them (the action space, the action bound, the initial state), built once.
* `History`: one point of a game and the path that led to it, shared by every copy of
  that point. It computes each player's `InfoState` when asked, from the nearest point
  that knows it, so plain play pays nothing for information states; it pickles as a
  boardrules `Record`.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Mapping
from typing import Any, Final, TypeAlias, TypeVar
from urllib.parse import unquote

import attrs

from boardrules._convert import _fields, structure, unstructure
from boardrules.errors import BoardrulesError, InvalidOptionsError, InvalidStateError, quote
from boardrules.game import CHANCE, TERMINAL
from boardrules.games import GAMES, AnyGame, game_of, load
from boardrules.numeric.spaces import ActionSpace, InfoState
from boardrules.records import Record
from boardrules.serialization import from_json, to_json

__all__ = [
    "DEFAULT_TEXT",
    "NONE_INT",
    "Configuration",
    "History",
    "Parameter",
    "ParameterValue",
    "check_options",
    "has_numeric_layer",
    "numeric_games",
    "options_from_parameters",
    "parameter_values",
    "parameters",
]

ParameterValue: TypeAlias = bool | int | float | str
"""A flat parameter value: what OpenSpiel, command lines and config files carry."""

NONE_INT: Final = -1
"""The value of an ``int | None`` option's parameter that stands for ``None``."""

DEFAULT_TEXT: Final = "default"
"""The value of a JSON-carried option's parameter that stands for the game's default."""

_NUMERIC: Final = ("action_space", "observation_tensor", "observation_shape", "tensor_layout",
                   "info_state_tensor", "info_state_shape", "info_state_layout")
"""The numeric members an adapter needs (`boardrules.numeric.spaces.NumericGame`)."""

# OpenSpiel's game strings, ``name(key=value,key=value)``, cannot carry these in a value.
_ESCAPES: Final = {"%": "%25", ",": "%2C", "(": "%28", ")": "%29", "=": "%3D"}


def has_numeric_layer(game: AnyGame) -> bool:
    """Return whether `game` has the numeric members the adapters need (every built-in
    game does; they are optional for a third-party game)."""
    return all(callable(getattr(game, name, None)) for name in _NUMERIC)


def numeric_games() -> tuple[str, ...]:
    """Return the names of the registered games an adapter can wrap, in registry order."""
    return tuple(name for name, game in GAMES.items() if has_numeric_layer(game))


# --- options as flat parameters -------------------------------------------------------------


def _escape(text: str) -> str:
    for char, code in _ESCAPES.items():
        text = text.replace(char, code)
    return text


@attrs.frozen
class Parameter:
    """One option of a game as a flat parameter.

    How each option type is carried (`kind`):

    * ``bool``, ``int``, ``float``, ``str``: as itself;
    * an enum of strings (or of ints): its value, as ``str`` (or ``int``);
    * ``int | None``: as ``int``, with `NONE_INT` (-1) standing for ``None``;
    * anything else (tuples, records, other optionals): as ``str`` holding the value's
      compact boardrules JSON with ``% , ( ) =`` written ``%25 %2C %28 %29 %3D`` (so that it
      fits in an OpenSpiel game string), or `DEFAULT_TEXT` for the game's default.
    """

    name: str
    """The option's name (the field of the game's ``Options``)."""
    kind: type
    """The type of the parameter's value: `bool`, `int`, `float` or `str`."""
    default: ParameterValue
    """The parameter's default: the option's default, carried as above."""
    hint: object = attrs.field(eq=False, repr=False)
    """The option's type."""
    carried: str = attrs.field(eq=False, repr=False)
    """How the value is carried: ``"plain"``, ``"enum"``, ``"optional int"``, ``"json"``."""

    def encode(self, value: object) -> ParameterValue:
        """Return the parameter value of an option value."""
        match self.carried:
            case "plain":
                return typing.cast(ParameterValue, value)
            case "enum":
                return typing.cast(ParameterValue, typing.cast(enum.Enum, value).value)
            case "optional int":
                return NONE_INT if value is None else typing.cast(int, value)
        return _escape(json.dumps(unstructure(value, self.hint), separators=(",", ":")))

    def decode(self, value: object) -> object:
        """Return the option value a parameter value stands for.

        Raises `InvalidOptionsError` naming the option for a value of the wrong type or
        one that does not read as the option's type. (The game's ``Options`` then checks
        the value itself.)
        """
        kind_ok = type(value) is self.kind or (self.kind is float and type(value) is int)
        if not kind_ok:
            raise InvalidOptionsError(self.name, f"expected a {self.kind.__name__} parameter, "
                                                 f"got {quote(value)}")
        match self.carried:
            case "plain":
                return float(typing.cast(float, value)) if self.kind is float else value
            case "enum":
                try:
                    return typing.cast(type[enum.Enum], self.hint)(value)
                except ValueError:
                    names = ", ".join(repr(m.value) for m in typing.cast(
                        type[enum.Enum], self.hint))
                    raise InvalidOptionsError(self.name, f"expected one of {names}, "
                                                         f"got {quote(value)}") from None
            case "optional int":
                return None if value == NONE_INT else value
        text = unquote(typing.cast(str, value))
        try:
            return structure(json.loads(text), typing.cast(type, self.hint), self.name)
        except (ValueError, InvalidStateError) as exc:
            raise InvalidOptionsError(self.name, f"expected {DEFAULT_TEXT!r} or the JSON of "
                                                 f"a value: {exc}") from None


def _parameter(field: attrs.Attribute[Any], default: object) -> Parameter:
    hint: object = field.type  # resolved by `_fields`: a type or a typing construct
    if hint in (bool, int, float, str):
        kind = typing.cast(type, hint)
        return Parameter(field.name, kind, typing.cast(ParameterValue, default), hint, "plain")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        kinds = {type(m.value) for m in hint}
        if len(kinds) == 1 and kinds <= {str, int}:
            kind = kinds.pop()
            return Parameter(field.name, kind, typing.cast(enum.Enum, default).value, hint,
                             "enum")
    origin = typing.get_origin(hint)
    if (origin is typing.Union or origin is types.UnionType) and set(
            typing.get_args(hint)) == {int, type(None)}:
        value = NONE_INT if default is None else typing.cast(int, default)
        return Parameter(field.name, int, value, hint, "optional int")
    return Parameter(field.name, str, DEFAULT_TEXT, hint, "json")


def parameters(game: AnyGame) -> tuple[Parameter, ...]:
    """Return the game's options as flat parameters, in the order of its ``Options``.

    Derived options (computed from the others) are left out.

    >>> [(p.name, p.kind.__name__, p.default) for p in parameters(load("lustry"))]
    [('first_player', 'int', 0), ('stall_turns', 'int', 10), ('turn_limit', 'int', 500), \
('unblock_protects', 'str', 'sequence')]
    """
    defaults = game.Options()
    return tuple(_parameter(f, getattr(defaults, f.name)) for f in _fields(game.Options))


def options_from_parameters(game: AnyGame, values: Mapping[str, object]) -> Any:
    """Return the game's ``Options`` built from parameter values (the others default).

    A JSON-carried parameter equal to `DEFAULT_TEXT` keeps the option's default. Raises
    `InvalidOptionsError` naming the first unknown or invalid parameter.

    >>> options_from_parameters(load("lustry"), {"stall_turns": -1}).stall_turns is None
    True
    """
    known = {p.name: p for p in parameters(game)}
    kwargs: dict[str, object] = {}
    for name, value in values.items():
        parameter = known.get(name)
        if parameter is None:
            raise InvalidOptionsError(name, f"{game.TITLE} has no such option; its options "
                                            f"are {', '.join(known) or 'none'}")
        if parameter.carried == "json" and value == DEFAULT_TEXT:
            continue
        kwargs[name] = parameter.decode(value)
    return game.Options(**kwargs)


def check_options(game: AnyGame, options: object) -> None:
    """Raise `InvalidOptionsError` naming both games unless `options` is `game`'s
    ``Options`` (or ``None``, the defaults)."""
    if options is None or isinstance(options, game.Options):
        return
    try:
        owner, kind = game_of(options)
        what = f"{owner.TITLE} {kind}"
    except BoardrulesError:
        what = type(options).__qualname__
    raise InvalidOptionsError("options", f"expected {game.TITLE} Options, got a {what}")


def parameter_values(game: AnyGame, options: object) -> dict[str, ParameterValue]:
    """Return every option of `options` as a parameter value (the inverse of
    `options_from_parameters`).

    >>> parameter_values(load("lustry"), load("lustry").Options(stall_turns=None))
    {'first_player': 0, 'stall_turns': -1, 'turn_limit': 500, 'unblock_protects': 'sequence'}
    """
    check_options(game, options)
    out: dict[str, ParameterValue] = {}
    defaults = game.Options()
    for parameter in parameters(game):
        value = getattr(options, parameter.name)
        if parameter.carried == "json" and value == getattr(defaults, parameter.name):
            out[parameter.name] = DEFAULT_TEXT
        else:
            out[parameter.name] = parameter.encode(value)
    return out


# --- configurations and histories -----------------------------------------------------------

class Configuration:
    """A game with its player count and options, and their tables, built once.

    Immutable and shared: copies (``copy.deepcopy`` included) are the object itself; it
    pickles as its game's name, player count and options.
    """

    __slots__ = ("bound", "game", "initial", "options", "players", "space")

    game: AnyGame
    players: int
    options: Any
    space: ActionSpace[Any]
    bound: int
    initial: Any

    def __init__(self, game: AnyGame, players: int, options: object = None) -> None:
        """Check the configuration (`InvalidOptionsError` names a bad one) and build its
        tables: `space` (the action space), `bound` (``action_bound``) and `initial`
        (``new_game``)."""
        if not has_numeric_layer(game):
            raise BoardrulesError(f"{game.TITLE} has no numeric layer (action_space, tensors): "
                                  "an adapter cannot wrap it")
        check_options(game, options)
        initial = game.new_game(players, typing.cast(Any, options))
        options = game.Options() if options is None else options
        set_ = object.__setattr__
        set_(self, "game", game)
        set_(self, "players", players)
        set_(self, "options", options)
        set_(self, "space", typing.cast(Any, game).action_space(players, options))
        set_(self, "bound", game.action_bound(players, options))
        set_(self, "initial", initial)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Configuration is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        return _configuration, (self.game.NAME, self.players, self.options)

    def __copy__(self) -> Configuration:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Configuration:
        return self

    def __repr__(self) -> str:
        return f"<Configuration {self.game.NAME}, {self.players} players>"


def _configuration(name: str, players: int, options: object) -> Configuration:
    return Configuration(load(name), players, options)


H = TypeVar("H", bound="History")


class History:
    """One point of a game and the path that led to it.

    A history is immutable (its caches aside) and shared: every copy of a point is the
    same object (``copy.deepcopy`` too), and `then` makes the next point without
    touching this one. It holds the action that led here, the point before and the
    state; each player's information state is computed when first asked for, from the
    nearest earlier point that knows it, and kept there. Adapters subclass it to keep
    their own per-point caches (in ``__slots__``).

    A long game need not keep every state of its path: `release` lets a point forget its
    state when no one stands there any more (an adapter that moved on from it), and the
    state is replayed from an earlier point when needed.

    It pickles as a boardrules `Record` of the actions since its first point (replayed,
    and so checked, when loaded), with that point's state as JSON unless it is the
    game's initial state, and the information states given to the first point.
    """

    __slots__ = ("_infos", "_state", "action", "config", "length", "parent", "to_move")

    config: Configuration
    """The game, players and options."""
    parent: History | None
    """The point before, or ``None`` for the first point."""
    action: Any
    """The action that led here from `parent` (``None`` at the first point)."""
    to_move: Any
    """``to_move(state)``: a seat, `CHANCE` or `TERMINAL`."""
    length: int
    """The number of actions since the first point."""
    _state: Any
    _infos: dict[int, InfoState] | None

    def __init__(self, config: Configuration, parent: History | None, action: object,
                 state: object, infos: Mapping[int, InfoState] | None = None) -> None:
        """Make a point (use `start` and `then`)."""
        self.config = config
        self.parent = parent
        self.action = action
        self._state = state
        self.to_move = config.game.to_move(state)
        self.length = 0 if parent is None else parent.length + 1
        self._infos = dict(infos) if infos else None  # most points are never asked

    @classmethod
    def start(cls: type[H], config: Configuration, state: object = None,
              infos: Mapping[int, InfoState] | None = None) -> H:
        """Return a first point: the game's initial state, or `state` with what each player
        in `infos` has seen before it (the others start recalling from here)."""
        return cls(config, None, None, config.initial if state is None else state, infos)

    def then(self: H, action: object, state: object) -> H:
        """Return the point after `action`, which took this point's state to `state`."""
        return type(self)(self.config, self, action, state)

    @property
    def state(self) -> Any:
        """The state at this point (replayed from an earlier point if it was released)."""
        found = self._state
        if found is None:
            found = self._replayed()
        return found

    def release(self) -> None:
        """Forget this point's state, unless it is the first point or someone's information
        state was asked for here. For an adapter that moves on from a point no one else
        holds: a long game then keeps one state, not one per action."""
        if self.parent is not None and self._infos is None:
            self._state = None

    def _replayed(self) -> Any:
        """Return the state here, replayed from the nearest point that kept its state."""
        path: list[History] = []
        point: History = self
        while point._state is None:
            path.append(point)
            point = typing.cast(History, point.parent)  # the first point keeps its state
        state = point._state
        step = self.config.game.apply_unchecked
        for later in reversed(path):
            state = step(state, later.action)
        return state

    def first(self) -> History:
        """Return the first point of the path."""
        point = self
        while point.parent is not None:
            point = point.parent
        return point

    def actions(self) -> list[Any]:
        """Return the actions from the first point to here, in order."""
        out = []
        point: History | None = self
        while point is not None and point.parent is not None:
            out.append(point.action)
            point = point.parent
        out.reverse()
        return out

    def info_state(self, player: int) -> InfoState:
        """Return `player`'s information state here (computed once, then kept here)."""
        known = self._infos
        info = None if known is None else known.get(player)
        if info is not None:
            return info
        path: list[History] = []
        point: History = self
        while True:
            known = point._infos
            info = None if known is None else known.get(player)
            if info is not None or point.parent is None:
                break
            path.append(point)
            point = point.parent
        game = self.config.game
        state = point.state
        if info is None:
            info = InfoState.initial(game, state, player)
            point._remember(player, info, state)
        for later in reversed(path):
            after = later._state
            if after is None:
                after = game.apply_unchecked(state, later.action)
            info = info.advance(game, state, later.action, after)
            state = after
        self._remember(player, info, state)
        return info

    def _remember(self, player: int, info: InfoState, state: object) -> None:
        """Keep `info` here, and the state with it (a point that knows an information
        state keeps its state: the next point's is computed from it)."""
        if self._infos is None:
            self._infos = {player: info}
        else:
            self._infos[player] = info
        self._state = state

    def is_over(self) -> bool:
        """Return whether the game is over here."""
        return self.to_move is TERMINAL

    def is_chance(self) -> bool:
        """Return whether chance acts here."""
        return self.to_move is CHANCE

    def __copy__(self: H) -> H:
        return self

    def __deepcopy__(self: H, memo: dict[int, object]) -> H:
        return self

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        first = self.first()
        config = self.config
        game = config.game
        record = Record(game.NAME, game.RULES_VERSION, config.players, config.options,
                        tuple(str(a) for a in self.actions()))
        start = None if first.state == config.initial else to_json(first.state)
        infos = dict(first._infos or {}) if start is not None else {}
        return _restore, (type(self), to_json(record), start, infos)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} of {self.config.game.NAME} after {self.length} "
                f"actions>")


def _restore(cls: type[History], record_json: str, start: str | None,
             infos: dict[int, InfoState]) -> History:
    """Rebuild a pickled `History`: its first point, then every action replayed (checked)."""
    record = from_json(record_json, Record)
    game = load(record.game)
    if record.rules_version != game.RULES_VERSION:
        raise InvalidStateError(
            f"record.rules_version: made under rules version {record.rules_version!r} of "
            f"{game.TITLE}; this library plays {game.RULES_VERSION!r}")
    config = Configuration(game, record.players, record.options)
    state = config.initial if start is None else from_json(start, game.State)
    point = cls.start(config, state, infos)
    for index, text in enumerate(record.actions):
        try:
            action = game.parse_action(state, text)
            state = game.apply(state, action)
        except BoardrulesError as exc:
            raise InvalidStateError(f"record.actions[{index}] {text!r}: {exc}") from None
        point = point.then(action, state)
    return point
