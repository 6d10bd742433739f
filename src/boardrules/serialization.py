"""JSON for states, actions, observations, options and records.

Every document is an envelope with a format version and the rules version of the
game it was written under::

    {"format": 2, "game": "kivi", "rules_version": "2", "kind": "state", "data": {...}}

A document written under other rules is refused (the same data may mean another
position under different rules), and so is a document of format 1 (written before the
envelope named the rules version).

The ``data`` of an attrs class is an object of its fields; tuples are lists,
enums their values, fractions strings such as ``"1/6"``, and a value whose type is
a union of several classes (an action) carries its class name under ``"type"``;
``X | None`` is ``null`` or the value of ``X``.

Loading is strict: unknown or missing fields, a wrong type anywhere (a bool where a
number belongs included), an unknown enum value, and — for states — anything the
game's `validate_state` refuses (zones, counts, conservation, whose turn), and — for
observations — anything the game's `validate_observation` refuses (no possible state
shows it to its observer; optional for a third-party game) raise `InvalidStateError`
naming the path of the problem. Untrusted input never builds an impossible state or
observation.
"""

from __future__ import annotations

import json
import typing
from typing import Any, Final, TypeVar, overload

from boardrules._convert import (
    Codec,
    JSONValue,
    _fail,
    _type_name,
    structure,
    unstructure,
)
from boardrules.errors import InvalidOptionsError, InvalidStateError
from boardrules.records import Record
from boardrules.registry import GAMES, game_of

__all__ = [
    "FORMAT_VERSION",
    "JSONValue",
    "from_data",
    "from_json",
    "structure",
    "to_data",
    "to_json",
    "unstructure",
]

FORMAT_VERSION: Final = 2
"""Version of the JSON envelope; a document of another version is refused. Format 2 added
``rules_version`` to the envelope."""

_ENVELOPE: Final = ("format", "game", "rules_version", "kind", "data")

T = TypeVar("T")


def _action_union(game: Any) -> object:
    return typing.Union[tuple(game.ACTION_TYPES)]  # noqa: UP007 - a union built at run time


def to_data(obj: object) -> dict[str, JSONValue]:
    """Return the JSON envelope of a state, action, observation, options or record."""
    if isinstance(obj, Record):
        return {"format": FORMAT_VERSION, "game": obj.game, "rules_version": obj.rules_version,
                "kind": "record", "data": obj.to_data()}
    game, kind = game_of(obj)
    hint = _action_union(game) if kind == "action" else type(obj)
    return {"format": FORMAT_VERSION, "game": game.NAME, "rules_version": game.RULES_VERSION,
            "kind": kind, "data": unstructure(obj, hint)}


def to_json(obj: object, *, indent: int | None = None) -> str:
    """Return the JSON text of a state, action, observation, options or record.

    >>> from boardrules.games import kivi
    >>> document = json.loads(to_json(kivi.Forfeit()))
    >>> list(document), document["data"]
    (['format', 'game', 'rules_version', 'kind', 'data'], {'type': 'Forfeit'})
    """
    return json.dumps(to_data(obj), indent=indent, ensure_ascii=False)


@overload
def from_data(data: JSONValue) -> object: ...
@overload
def from_data(data: JSONValue, expect: type[T]) -> T: ...
def from_data(data: JSONValue, expect: type[T] | None = None) -> object:
    """Build an object from its JSON envelope; validate it; optionally check its class."""
    if not isinstance(data, dict):
        _fail("document", f"expected an object, got {_type_name(data)}")
    if data.get("format") == 1 and type(data["format"]) is int:
        _fail("document.format", "format 1 was written before documents named the rules "
              f"version they follow; this version reads format {FORMAT_VERSION} (replay the "
              "game's record, or save it again with the library that wrote it)")
    if set(data) != set(_ENVELOPE):
        _fail("document", "expected exactly the keys " + ", ".join(map(repr, _ENVELOPE)))
    if data["format"] != FORMAT_VERSION or type(data["format"]) is not int:
        _fail("document.format", f"unsupported format {data['format']!r}; "
              f"this version reads format {FORMAT_VERSION}")
    name = data["game"]
    if not isinstance(name, str) or name not in GAMES:
        _fail("document.game", f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    game = GAMES[name]
    kind = data["kind"]
    written = data["rules_version"]
    if kind == "record":  # a record may be read whatever its rules; `replay` checks them
        game_rules = data["data"].get("rules_version") if isinstance(data["data"], dict) else None
        if written != game_rules:
            _fail("document.rules_version", f"{written!r} differs from the record's "
                  f"{game_rules!r}")
    elif written != game.RULES_VERSION or type(written) is not str:
        _fail("document.rules_version", f"written under rules version {written!r} of "
              f"{game.TITLE}; this library plays version {game.RULES_VERSION!r}, under which "
              "the same data may mean another position or move (see the game's version "
              "history)")
    payload = data["data"]
    obj: object
    if kind == "state":
        try:
            obj = structure(payload, game.State, "state")
        except InvalidOptionsError as exc:
            raise InvalidStateError(f"state.options: {exc}") from None
        game.validate_state(obj)
    elif kind == "action":
        obj = Codec().loader(_action_union(game))(payload, "action")
    elif kind == "observation":
        try:
            obj = structure(payload, game.Observation, "observation")
        except InvalidOptionsError as exc:
            raise InvalidStateError(f"observation.options: {exc}") from None
        validate_observation = getattr(game, "validate_observation", None)
        if validate_observation is not None:  # optional for a third-party game
            validate_observation(obj)
    elif kind == "options":
        obj = structure(payload, game.Options, "options")
    elif kind == "record":
        obj = Record.from_data(name, payload)
    else:
        _fail("document.kind", f"unknown kind {kind!r}; expected state, action, observation, "
              "options or record")
    if expect is not None and not isinstance(obj, expect):
        _fail("document", f"expected a {expect.__qualname__}, got a {type(obj).__qualname__}")
    return obj


@overload
def from_json(text: str | bytes) -> object: ...
@overload
def from_json(text: str | bytes, expect: type[T]) -> T: ...
def from_json(text: str | bytes, expect: type[T] | None = None) -> object:
    """Build an object from JSON text made by `to_json`, validating everything.

    Raises `InvalidStateError` naming the problem (or `InvalidOptionsError` for
    options whose values are out of range).

    >>> from boardrules.games import kivi
    >>> from_json(to_json(kivi.PLACE[10]))
    Place(square=10)
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidStateError(f"document: not JSON ({exc})") from None
    return from_data(data, expect) if expect is not None else from_data(data)
