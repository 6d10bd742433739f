"""Game records: what was played, enough to replay it exactly.

A record is ``{game, rules_version, players, options, actions}`` where ``actions``
lists every action in notation, chance outcomes included, so replaying needs no
random numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from boardrules._convert import JSONValue, structure, unstructure
from boardrules.errors import BoardrulesError, InvalidOptionsError, InvalidStateError, quote
from boardrules.registry import load

__all__ = ["Record", "replay", "replay_states"]


@attrs.frozen
class Record:
    """A finished or unfinished game, as its initial setup and its actions."""

    game: str
    """The registry name of the game."""
    rules_version: str
    """The game's `RULES_VERSION` when the record was made."""
    players: int
    """The number of players."""
    options: object
    """The game's `Options` instance."""
    actions: tuple[str, ...]
    """Every action in notation, chance outcomes included, in order."""

    @classmethod
    def start(cls, game: str, players: int, options: object = None) -> Record:
        """Return an empty record of a new game (default options when `options` is None)."""

        module = load(game)
        return cls(game, module.RULES_VERSION, players,
                   module.Options() if options is None else options, ())

    def extended(self, actions: Iterable[object]) -> Record:
        """Return this record with `actions` (action objects) appended in notation."""
        return attrs.evolve(self, actions=self.actions + tuple(str(a) for a in actions))

    def to_data(self) -> dict[str, JSONValue]:
        """Return the record's JSON data (without the envelope)."""

        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": unstructure(self.options, load(self.game).Options),
            "actions": list(self.actions),
        }

    @classmethod
    def from_data(cls, game: str, data: JSONValue) -> Record:
        """Build a record from its JSON data; raise `InvalidStateError` on bad data,
        players or options the game does not take included (the actions are checked when
        the record is replayed)."""
        if not isinstance(data, dict):
            raise InvalidStateError("record: expected an object")
        expected = {"game", "rules_version", "players", "options", "actions"}
        if set(data) != expected:
            raise InvalidStateError(f"record: expected exactly the keys {sorted(expected)}")
        if data["game"] != game:
            raise InvalidStateError(f"record.game: {quote(data['game'])} differs from {game!r}")
        module = load(game)
        try:
            options = structure(data["options"], module.Options, "record.options")
        except InvalidOptionsError as exc:
            raise InvalidStateError(f"record.options: {exc}") from None
        record = cls(
            game,
            structure(data["rules_version"], str, "record.rules_version"),
            structure(data["players"], int, "record.players"),
            options,
            structure(data["actions"], tuple[str, ...], "record.actions"),
        )
        _start(record)  # the players and options, checked by the game itself
        return record


def _start(record: Record) -> Any:
    """Return the record's initial state; raise `InvalidStateError` (naming the game's own
    reason) for players or options the game does not take."""
    try:
        return load(record.game).new_game(record.players, record.options)
    except BoardrulesError as exc:
        raise InvalidStateError(f"record: cannot start the game: {exc}") from None


def replay_states(record: Record) -> Iterator[Any]:
    """Yield the initial state and the state after every action of `record`.

    Raises `InvalidStateError` naming the first action that cannot be read or is illegal.
    """
    game = load(record.game)
    if record.rules_version != game.RULES_VERSION:
        raise InvalidStateError(
            f"record.rules_version: the record was made under rules version "
            f"{quote(record.rules_version)} of {game.TITLE}; this library plays version "
            f"{game.RULES_VERSION!r}, whose rules may replay it differently (see the game's "
            "version history)"
        )
    state = _start(record)
    yield state
    for index, text in enumerate(record.actions):
        try:
            state = game.apply(state, game.parse_action(state, text))
        except BoardrulesError as exc:
            raise InvalidStateError(f"record.actions[{index}] {quote(text)}: {exc}") from None
        yield state


def replay(record: Record) -> Any:
    """Return the state reached by replaying every action of `record`."""
    state = None
    for state in replay_states(record):  # noqa: B007 - we want the last one
        pass
    return state
