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

Size is bounded too: `from_json` refuses a text longer than `MAX_DOCUMENT_BYTES` (32 MiB,
or the ``limit`` you give) before parsing it, and `read_json` reads at most that much of a
file, so an endless or huge file fails fast with `InvalidStateError` and bounded memory.
"""

from __future__ import annotations

import json
import os
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
from boardrules.errors import BoardrulesError, InvalidOptionsError, InvalidStateError, quote
from boardrules.records import Record
from boardrules.registry import GAMES, game_of

__all__ = [
    "FORMAT_VERSION",
    "MAX_DOCUMENT_BYTES",
    "JSONValue",
    "from_data",
    "from_json",
    "read_json",
    "structure",
    "to_data",
    "to_json",
    "unstructure",
]

FORMAT_VERSION: Final = 2
"""Version of the JSON envelope; a document of another version is refused. Format 2 added
``rules_version`` to the envelope."""

MAX_DOCUMENT_BYTES: Final = 32 * 1024 * 1024
"""The largest document `from_json` and `read_json` read by default: 32 MiB (the longest
record of a built-in game is well under 1 MiB). Pass ``limit=`` for another bound."""

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
        _fail("document.format", f"unsupported format {quote(data['format'])}; "
              f"this version reads format {FORMAT_VERSION}")
    name = data["game"]
    if not isinstance(name, str) or name not in GAMES:
        _fail("document.game", f"unknown game {quote(name)}; known games: {', '.join(GAMES)}")
    try:
        obj = _build(name, data)
    except (InvalidStateError, InvalidOptionsError):
        owners = _other_games(name, data)
        if not owners:
            raise
        raise InvalidStateError(
            f"document.game: the document names the game {name!r}, but its data is a "
            f"{' or '.join(owners)} {data['kind']}: the game does not match the data") from None
    if expect is not None and not isinstance(obj, expect):
        _fail("document", f"expected a {expect.__qualname__}, got a {type(obj).__qualname__}")
    return obj


def _build(name: str, data: dict[str, JSONValue]) -> object:
    """Build the object of a checked envelope as game `name`'s (its rules version, its
    kind, its data), validated."""
    game = GAMES[name]
    kind = data["kind"]
    written = data["rules_version"]
    if kind == "record":  # a record may be read whatever its rules; `replay` checks them
        game_rules = data["data"].get("rules_version") if isinstance(data["data"], dict) else None
        if written != game_rules:
            _fail("document.rules_version", f"{quote(written)} differs from the record's "
                  f"{quote(game_rules)}")
    elif written != game.RULES_VERSION or type(written) is not str:
        _fail("document.rules_version", f"written under rules version {quote(written)} of "
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
        _fail("document.kind", f"unknown kind {quote(kind)}; expected state, action, observation, "
              "options or record")
    return obj


def _other_games(name: str, data: dict[str, JSONValue]) -> list[str]:
    """Return the registered games other than `name` whose state, action, observation or
    options the document's data is (a document relabelled with another game's name; an
    action such as ``{"type": "Pass"}`` may be several games'). Only called for a
    document already refused."""
    if data["kind"] == "record":  # a record's data names its game itself
        return []
    owners = []
    for other in GAMES:
        if other == name:
            continue
        try:
            _build(other, {**data, "rules_version": GAMES[other].RULES_VERSION})
        except BoardrulesError:
            continue
        owners.append(other)
    return owners


def _too_long(size: int, limit: int, what: str) -> typing.NoReturn:
    _fail("document", f"{what} is over {limit} bytes ({size} or more), the most a document "
          "may have (see MAX_DOCUMENT_BYTES; pass limit= for another bound)")


@overload
def from_json(text: str | bytes, *, limit: int = ...) -> object: ...
@overload
def from_json(text: str | bytes, expect: type[T], *, limit: int = ...) -> T: ...
def from_json(text: str | bytes, expect: type[T] | None = None, *,
              limit: int = MAX_DOCUMENT_BYTES) -> object:
    """Build an object from JSON text made by `to_json`, validating everything.

    Raises `InvalidStateError` naming the problem (or `InvalidOptionsError` for
    options whose values are out of range); a text of more than `limit` characters (or
    bytes) is refused before it is parsed.

    >>> from boardrules.games import kivi
    >>> from_json(to_json(kivi.PLACE[10]))
    Place(square=10)
    """
    if not isinstance(text, (str, bytes, bytearray)):
        _fail("document", f"expected JSON text (str or bytes), got {type(text).__name__}")
    if len(text) > limit:
        _too_long(len(text), limit, "the text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidStateError(f"document: not JSON ({exc})") from None
    return from_data(data, expect) if expect is not None else from_data(data)


@overload
def read_json(source: str | os.PathLike[str] | typing.BinaryIO, *,
              limit: int = ...) -> object: ...
@overload
def read_json(source: str | os.PathLike[str] | typing.BinaryIO, expect: type[T], *,
              limit: int = ...) -> T: ...
def read_json(source: str | os.PathLike[str] | typing.BinaryIO, expect: type[T] | None = None,
              *, limit: int = MAX_DOCUMENT_BYTES) -> object:
    """Read a document from a file (a path, or a file open for reading bytes) and build it
    as `from_json` does.

    At most `limit` + 1 bytes are read: a longer file (or an endless one, such as
    ``/dev/zero`` or a pipe that never closes its end early) is refused with
    `InvalidStateError` without reading the rest. Text that is not UTF-8 is refused
    the same way; `OSError` is left to the caller (a file that cannot be opened).
    """
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as handle:
            data = handle.read(limit + 1)
    else:
        data = source.read(limit + 1)
    if len(data) > limit:
        _too_long(len(data), limit, "the file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidStateError(f"document: not UTF-8 text ({exc.reason} at byte "
                                f"{exc.start})") from None
    return from_json(text, expect, limit=limit) if expect is not None else from_json(
        text, limit=limit)
