"""The pyspiel game and state classes behind `boardrules.adapters.openspiel`."""

from __future__ import annotations

import json
import random
from bisect import bisect_left
from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import Any, Final, TypeVar

import numpy as np
import pyspiel

from boardrules.adapters._common import (
    Configuration,
    History,
    options_from_parameters,
    parameter_values,
    parameters,
)
from boardrules.errors import (
    BoardrulesError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidStateError,
)
from boardrules.game import CHANCE, TERMINAL, Result
from boardrules.games import GAMES, AnyGame, game_of
from boardrules.numeric.spaces import InfoState, Tensor
from boardrules.records import Record
from boardrules.serialization import MAX_DOCUMENT_BYTES, from_json, to_json, unstructure

__all__ = [
    "PREFIX", "BoardrulesGame", "BoardrulesState", "Observer", "deserialize_game_and_state",
    "game_class", "game_type", "short_name",
]

PREFIX: Final = "boardrules_"
"""The prefix of the pyspiel names: ``boardrules_kivi`` and so on."""

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)


def short_name(game: AnyGame) -> str:
    """Return the pyspiel name of a boardrules game: ``"boardrules_" + game.NAME``."""
    return PREFIX + game.NAME


_CLASSES: Final[dict[str, type[BoardrulesGame]]] = {}


def game_class(game: AnyGame) -> type[BoardrulesGame]:
    """Return the `BoardrulesGame` subclass of a boardrules game (made once), named after
    it: ``KiviGame``, ``WhalesRivalsGame`` and so on.

    A class, not a function, is what pyspiel's registry should hold: pyspiel keeps it
    until after the interpreter has shut down, and a function held only there would be
    freed then, without the interpreter, and abort the process (a class refers to itself
    through its ``__mro__`` and is never freed).
    """
    found = _CLASSES.get(game.NAME)
    if found is None or found.game is not game:
        name = "".join(part.title() for part in game.NAME.split("_")) + "Game"
        found = _CLASSES[game.NAME] = type(name, (BoardrulesGame,), {
            "game": game, "__module__": "boardrules.adapters.openspiel",
            "__doc__": f"{game.TITLE} as a ``pyspiel.Game`` (see `BoardrulesGame`)."})
    return found


def game_type(game: AnyGame, players: int | None = None) -> Any:
    """Return the ``pyspiel.GameType`` of a boardrules game.

    Its utility is zero-sum for two players (returns 1 and -1, or 0 and 0), general-sum
    for more (one winner gets 1, each other player -1). Without `players`: the type
    registered for the name (zero-sum only when the game is for two players alone).
    """
    two = (players if players is not None else game.MIN_PLAYERS) == 2 and (
        players is not None or game.MAX_PLAYERS == 2)
    spec: dict[str, Any] = {"players": game.MIN_PLAYERS}
    spec.update((p.name, p.default) for p in parameters(game))
    perfect = bool(getattr(game, "PERFECT_INFORMATION", False))
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"boardrules {game.TITLE}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if perfect else info.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if two
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.MAX_PLAYERS,
        min_num_players=game.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


P = TypeVar("P", bound="_Point")
_new: Final = object.__new__


class _Point(History):
    """A point of the game with the caches the pyspiel state reads at every step."""

    __slots__ = ("chance", "legal", "player", "returns")

    # Tuples, not lists: the garbage collector stops tracking a tuple of numbers, and a
    # game keeps every point of its path.
    player: int
    """`to_move` as pyspiel says it: a seat, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
    legal: tuple[int, ...] | None
    """The legal action ids, ascending (pyspiel's order), once asked for."""
    chance: tuple[tuple[int, float], ...] | None
    """The chance outcomes as pyspiel pairs ``(chance id, probability)``, once asked for."""
    returns: tuple[float, ...] | None
    """The returns, once asked for."""

    def __init__(self, config: Configuration, parent: History | None, action: object,
                 state: object, infos: Mapping[int, InfoState] | None = None) -> None:
        super().__init__(config, parent, action, state, infos)
        to_move = self.to_move
        self.player = _CHANCE if to_move is CHANCE else _TERMINAL if to_move is TERMINAL \
            else to_move
        self.legal = self.chance = self.returns = None

    def then(self: P, action: object, state: object) -> P:
        """Return the point after `action`, which took this point's state to `state`.

        The same point as ``History.then`` builds through the two ``__init__`` (a test
        compares every slot), built in one frame: a step's one allocation of the adapter,
        0.85 -> 0.49 µs.
        """
        point: P = _new(type(self))
        config = point.config = self.config
        point.parent = self
        point.action = action
        point._state = state
        to_move = point.to_move = config.game.to_move(state)
        point.length = self.length + 1
        point._infos = None
        point.player = _CHANCE if to_move is CHANCE else _TERMINAL if to_move is TERMINAL \
            else to_move
        point.legal = point.chance = point.returns = None
        return point


class BoardrulesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """A boardrules game as a ``pyspiel.Game``: one configuration (players and options).

    Each boardrules game has its subclass (`game_class`), the class registered with
    pyspiel. Load it as OpenSpiel users do,
    ``pyspiel.load_game("boardrules_kivi(players=3)")``, or with
    `boardrules.adapters.openspiel.load`.
    """

    game: AnyGame
    """The boardrules game module (a class attribute of each game's subclass)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        """Read `params` (``players`` and the game's options, see
        `boardrules.adapters._common.Parameter`); raise `InvalidOptionsError` naming a bad
        one."""
        game = self.game
        values = dict(params or {})
        players = values.pop("players", game.MIN_PLAYERS)
        if type(players) is not int:
            raise InvalidOptionsError("players", f"expected an int, got {players!r}")
        options = options_from_parameters(game, values)
        config = Configuration(game, players, options)
        space = config.space
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=space.chance_size,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=config.bound,
        )
        full = {"players": players, **{p.name: p.default for p in parameters(game)}, **values}
        super().__init__(game_type(game, players), info, full)
        self.config = config
        """The boardrules game, players and options."""
        self._root = _Point.start(config)

    def new_initial_state(self) -> BoardrulesState:
        """Return the initial state (a chance node in every built-in game)."""
        return BoardrulesState(self, self._root)

    def deserialize_state(self, text: str, *,
                          limit: int = MAX_DOCUMENT_BYTES) -> BoardrulesState:
        """Return the state `serialize` wrote: boardrules JSON, never a pickle.

        A record is replayed action by action through ``apply_action`` (so each is
        checked, and ``history()`` is rebuilt); a state document (a resampled world) is
        validated by the game. Raises `InvalidStateError` naming the problem, also for a
        document of another game, player count or options than this game's, and for a
        text over `limit` bytes. This is the Python method: pyspiel's C++
        ``deserialize_game_and_state`` does not call it, and unpickles (see
        `deserialize_game_and_state` of this module for the safe route).
        """
        return _deserialize(self, from_json(text, limit=limit))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> Observer:
        """Return an observer (OpenSpiel's ``make_observation`` calls this).

        Three kinds are supported: a player's observation (the default: no perfect
        recall, public and the player's private information), the public observation
        (no private information: the spectator's view, `observe(state, None)`), and a
        player's information state (perfect recall).
        """
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        if iig_obs_type is None:
            return Observer(self, "observation")
        private = iig_obs_type.private_info
        kinds = pyspiel.PrivateInfoType
        if not iig_obs_type.public_info:
            raise ValueError("an observation without public information is not supported")
        if iig_obs_type.perfect_recall:
            if private != kinds.SINGLE_PLAYER:
                raise ValueError("a perfect-recall observation is one player's information "
                                 "state: private_info must be SINGLE_PLAYER")
            return Observer(self, "info_state")
        if private == kinds.SINGLE_PLAYER:
            return Observer(self, "observation")
        if private == kinds.NONE:
            return Observer(self, "public")
        raise ValueError("an observation with every player's private information is not "
                         "supported")


_first: Final = itemgetter(0)


def _outcomes(point: _Point) -> tuple[tuple[int, float], ...]:
    """Return (and keep on `point`) its chance outcomes as pyspiel pairs: the game's
    ``chance_probabilities`` where it has one (every built-in game: no fractions built, and
    KIVI's rolls a prebuilt tuple), else its `chance_outcomes` converted."""
    found = point.chance
    if found is None:
        config = point.config
        floats = getattr(config.game, "chance_probabilities", None)
        if floats is not None:
            found = tuple(floats(point._state))
        else:
            index = config.space.chance_index
            found = tuple((index(a), p.numerator / p.denominator)
                          for a, p in config.game.chance_outcomes(point._state))
        point.chance = found
    return found


def _legal(point: _Point) -> tuple[int, ...]:
    """Return (and keep on `point`) the legal action ids, ascending."""
    found = point.legal
    if found is None:
        found = point.legal = tuple(sorted(point.config.space.legal_indices(point._state)))
    return found


class BoardrulesState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A state of a boardrules game as a ``pyspiel.State``.

    Every copy shares the boardrules state and its path (a `History`): boardrules states
    are immutable, so `clone` copies nothing but a reference, and each player's
    information state is computed only when asked for.
    """

    def __init__(self, game: BoardrulesGame, point: _Point | None = None) -> None:
        """Make the state at `point` (default: the game's initial state)."""
        super().__init__(game)
        self._point: _Point = game._root if point is None else point

    # --- who acts, what is legal ---------------------------------------------------------

    def current_player(self) -> int:
        """Return the seat that acts, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        return self._point.player

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self._point.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """Return whether chance acts."""
        return self._point.player == _CHANCE

    def is_player_node(self) -> bool:
        """Return whether a player acts."""
        return self._point.player >= 0

    def _legal_actions(self, player: int) -> list[int]:
        """Return the legal action ids of `player` (the one who acts), ascending."""
        return list(_legal(self._point))

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Return the legal action ids, ascending; the chance outcome ids at a chance node.

        Of a player who does not act now: ``[]``, as in pyspiel.
        """
        point = self._point
        acting = point.player
        if player is not None and player != acting:
            return []
        if acting >= 0:
            found = point.legal
            if found is None:
                found = point.legal = tuple(sorted(point.config.space.legal_indices(
                    point._state)))
            return list(found)
        if acting == _CHANCE:
            return list(map(_first, _outcomes(point)))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return ``(chance outcome id, probability)`` for every outcome, in the game's
        order; the probabilities are the game's exact fractions as floats."""
        point = self._point
        if point.player != _CHANCE:
            return []
        return list(_outcomes(point))

    def _apply_action(self, action: int) -> None:
        """Apply the action (or chance outcome) numbered `action`.

        Raises `IllegalActionError` (the state unchanged) for an action that is not legal
        here, `UnknownActionError` for a number out of range.
        """
        point = self._point
        config = point.config
        game = config.game
        acting = point.player
        now = point._state  # a point someone stands on keeps its state
        # Checked against the legal ids or outcomes listed here (the usual case: callers
        # pick from them), else by the game's own `apply`.
        if acting >= 0:
            legal = point.legal
            if legal is None:
                chosen = config.space.action(action)
                state = game.apply(now, chosen)
            else:
                i = bisect_left(legal, action)
                if i == len(legal) or legal[i] != action:
                    self._refuse(config.space.action(action))
                chosen = config.space.actions[action]
                state = game.apply_unchecked(now, chosen)
        elif acting == _CHANCE:
            outcomes = point.chance
            if outcomes is None:
                chosen = config.space.chance_outcome(action)
                state = game.apply(now, chosen)
            else:
                if action not in map(_first, outcomes):
                    self._refuse(config.space.chance_outcome(action))
                chosen = config.space.chance_actions[action]
                state = game.apply_unchecked(now, chosen)
        else:
            raise IllegalActionError(now, action, "the game is over")
        self._point = point.then(chosen, state)

    def _refuse(self, action: object) -> None:
        """Raise the game's own `IllegalActionError` for `action` (it names the rule)."""
        point = self._point
        point.config.game.apply(point.state, action)
        raise IllegalActionError(point.state, action, "not legal here")  # pragma: no cover

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the notation of the action (or chance outcome) numbered `action`."""
        space = self._point.config.space
        if player == _CHANCE:
            return str(space.chance_outcome(action))
        return str(space.action(action))

    # --- the end ---------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Return each player's return: 1 for a sole winner, -1 for a loss, 0 for a shared
        win, a draw, a truncated game and before the end."""
        point = self._point
        found = point.returns
        if found is None:
            found = point.returns = tuple(point.config.game.returns(point.state))
        return list(found)

    def rewards(self) -> list[float]:
        """Return the rewards of the last action: the returns at the end, else zeros."""
        if self._point.player == _TERMINAL:
            return self.returns()
        return [0.0] * self._point.config.players

    def result(self) -> Result:
        """Return the game's own result (scores, winners, whether it is over or truncated)."""
        point = self._point
        return point.config.game.result(point.state)

    def is_truncated(self) -> bool:
        """Return whether the game ended by an engine bound (a turn limit), not by its
        rules. pyspiel has no such flag: its returns are then all 0, as for a draw."""
        return self.result().truncated

    # --- what a player knows ------------------------------------------------------------

    def _seat(self, player: int | None) -> int:
        seat = self._point.player if player is None else player
        if type(seat) is not int or not 0 <= seat < self._point.config.players:
            raise BoardrulesError(f"player {seat!r} does not exist in a "
                                  f"{self._point.config.players}-player game")
        return seat

    def observation_string(self, player: int | None = None) -> str:
        """Return `player`'s observation (default: who acts) as compact JSON, the options
        left out: equal strings mean equal observations."""
        return self._string("observation", self._seat(player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """Return `player`'s observation tensor (the game's ``observation_tensor``)."""
        return self._tensor("observation", self._seat(player)).tolist()

    def information_state_string(self, player: int | None = None) -> str:
        """Return `player`'s information state (default: who acts): the transcript of
        everything they saw, with perfect recall (``str(InfoState)``)."""
        return self._string("info_state", self._seat(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Return `player`'s information-state tensor (the game's ``info_state_tensor``)."""
        return self._tensor("info_state", self._seat(player)).tolist()

    def info_state(self, player: int) -> InfoState:
        """Return `player`'s boardrules `InfoState` here."""
        return self._point.info_state(self._seat(player))

    def _string(self, kind: str, player: int) -> str:
        point = self._point
        if kind == "info_state":
            return str(point.info_state(player))
        game = point.config.game
        observation = game.observe(point.state, None if kind == "public" else player)
        data = unstructure(observation)
        assert isinstance(data, dict)
        data.pop("options", None)
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    def _tensor(self, kind: str, player: int) -> Tensor:
        point = self._point
        game: Any = point.config.game
        if kind == "info_state":
            tensor: Tensor = game.info_state_tensor(point.info_state(player))
            return tensor
        seat = None if kind == "public" else player
        fast = getattr(game, "observe_tensor", None)
        if fast is not None:
            tensor = fast(point.state, seat)
        else:
            tensor = game.observation_tensor(game.observe(point.state, seat))
        return tensor

    # --- search ------------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float] | None = None
                                ) -> BoardrulesState:
        """Return a state `player_id` cannot tell from this one, hidden information redrawn.

        The world is the game's ``resample`` of the current state, drawn with a
        `random.Random` seeded from `probability_sampler` (any callable giving floats in
        [0, 1), such as ``pyspiel.UniformProbabilitySampler``). The player's information
        state is carried over whole: it is the same in the new world (see the docs on
        when the world is consistent with all they recall, not just with what they see
        now). The other players' information states begin at the new world, from what
        each sees there (their earlier recall belongs to the true world): their first line
        says so. The new state has no pyspiel history (``history()`` is empty).
        """
        point = self._point
        config = point.config
        seat = self._seat(player_id)
        game = config.game
        if getattr(game, "PERFECT_INFORMATION", False):
            return self.clone()  # type: ignore[no-any-return]  # nothing is hidden
        draw = probability_sampler() if probability_sampler is not None else random.random()
        rng = random.Random(int(draw * (1 << 53)))
        world = game.resample(point.state, seat, rng)
        infos = {seat: point.info_state(seat)}
        for other in range(config.players):
            if other != seat:
                fresh = InfoState.initial(game, world, other)
                first = (f"{fresh.lines[0]} (a world resampled for player {seat}: earlier "
                         "actions not recalled)")
                infos[other] = InfoState(other, (first,), fresh.observation, ())
        return BoardrulesState(self.get_game(), _Point.start(config, world, infos))

    def serialize(self) -> str:
        """Return this state as boardrules JSON, for `BoardrulesGame.deserialize_state`.

        The game's record (players, options, every action in notation, chance outcomes
        included), or, for a resampled world (`resample_from_infostate`, which has no
        history), its state document: the players' recall then starts there. This is the
        Python method: pyspiel's C++ ``serialize_game_and_state`` does not call it, and
        pickles.
        """
        point = self._point
        config = point.config
        game = config.game
        first = point.first()
        if first.state != config.initial:
            return to_json(point.state)
        return to_json(Record(game.NAME, game.RULES_VERSION, config.players, config.options,
                              tuple(str(a) for a in point.actions())))

    def __str__(self) -> str:
        """Return the boardrules state as JSON (the game's public position format)."""
        return to_json(self._point.state)

    @property
    def boardrules_state(self) -> Any:
        """The boardrules state (immutable)."""
        return self._point.state

    @property
    def history_point(self) -> History:
        """The boardrules `History` of this state: the path of states and actions."""
        return self._point


def _deserialize(spiel: BoardrulesGame, loaded: object) -> BoardrulesState:
    """Return the state of `spiel` that `loaded` (a record or a state) describes."""
    config = spiel.config
    game = config.game
    if isinstance(loaded, Record):
        where = (loaded.game, loaded.players, loaded.options)
        if where != (game.NAME, config.players, config.options):
            raise InvalidStateError(
                f"record: a record of {loaded.game} for {loaded.players} players with "
                f"{loaded.options!r}; this game is {game.NAME} for {config.players} players "
                f"with {config.options!r}")
        if loaded.rules_version != game.RULES_VERSION:
            raise InvalidStateError(
                f"record.rules_version: made under rules version {loaded.rules_version!r} "
                f"of {game.TITLE}; this library plays {game.RULES_VERSION!r}")
        state = spiel.new_initial_state()
        space = config.space
        for index, text in enumerate(loaded.actions):
            point = state._point
            try:
                if point.player == _TERMINAL:
                    raise IllegalActionError(point.state, text, "the game is over")
                action = game.parse_action(point.state, text)
                state.apply_action(space.chance_index(action) if point.player == _CHANCE
                                   else space.index(action))
            except BoardrulesError as exc:
                raise InvalidStateError(f"record.actions[{index}] {text!r}: {exc}") from None
        return state
    owner, kind = game_of(loaded)
    if owner is not game or kind != "state":
        raise InvalidStateError(f"document: a {owner.NAME} {kind}; expected a {game.NAME} "
                                "record or state")
    players = len(game.result(loaded).scores)
    options = getattr(loaded, "options", config.options)
    if (players, options) != (config.players, config.options):
        raise InvalidStateError(
            f"state: a state for {players} players with {options!r}; this game is for "
            f"{config.players} players with {config.options!r}")
    return BoardrulesState(spiel, _Point.start(config, loaded))


def deserialize_game_and_state(text: str, *, limit: int = MAX_DOCUMENT_BYTES
                               ) -> tuple[BoardrulesGame, BoardrulesState]:
    """Return the pyspiel game and state of a record written by `BoardrulesState.serialize`
    (or `boardrules.to_json`): the safe counterpart of pyspiel's
    ``deserialize_game_and_state``, which unpickles.

    The record names the game, the players and the options; every action is replayed and
    checked. Raises `InvalidStateError` naming the problem (a state document names no
    player count: load the game and call its `BoardrulesGame.deserialize_state`).
    """
    loaded = from_json(text, limit=limit)
    if not isinstance(loaded, Record):
        raise InvalidStateError("document: expected a record (a state document: use the "
                                "game's deserialize_state)")
    game = GAMES[loaded.game]
    try:
        spiel: BoardrulesGame = game_class(game)(
            {"players": loaded.players, **parameter_values(game, loaded.options)})
    except InvalidOptionsError as exc:
        raise InvalidStateError(f"record: {exc}") from None
    return spiel, _deserialize(spiel, loaded)


class Observer:
    """An OpenSpiel observer (``make_observation``): a flat float32 `tensor` and, in
    `dict`, a view of it per named segment of the game's layout."""

    def __init__(self, game: BoardrulesGame, kind: str) -> None:
        """Prepare the tensor of `kind`: ``"observation"``, ``"public"`` or
        ``"info_state"``."""
        config = game.config
        numeric: Any = config.game
        layout = (numeric.info_state_layout if kind == "info_state"
                  else numeric.tensor_layout)(config.players, config.options)
        self.kind = kind
        """What the observer shows."""
        self.tensor = np.zeros(layout.size, np.float32)
        """The flat tensor, written by `set_from`."""
        self.dict = {s.name: self.tensor[s.offset:s.end] for s in layout if s.length}
        """A view of `tensor` per segment of the layout."""

    def set_from(self, state: BoardrulesState, player: int) -> None:
        """Write the tensor of `state` as `player` observes it."""
        self.tensor[:] = np.frombuffer(state._tensor(self.kind, player), dtype=np.float32)

    def string_from(self, state: BoardrulesState, player: int) -> str:
        """Return the string of `state` as `player` observes it."""
        return state._string(self.kind, player)
