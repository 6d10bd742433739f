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

import enum
import json
import os
import types
import typing
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, TypeAlias, TypeVar, overload

import attrs

from boardrules.errors import BoardrulesError, InvalidOptionsError, InvalidStateError

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

JSONValue: TypeAlias = (
    bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
)
"""A value `json.dumps` can write."""

T = TypeVar("T")

_Dump: TypeAlias = Callable[[Any], JSONValue]
_Load: TypeAlias = Callable[[JSONValue, str], Any]

_dumpers: dict[object, _Dump] = {}
_loaders: dict[object, _Load] = {}


def _type_name(data: object) -> str:
    if data is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
            dict: "object"}.get(type(data), type(data).__name__)


def _fail(path: str, problem: str) -> typing.NoReturn:
    raise InvalidStateError(f"{path}: {problem}")


def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    attrs.resolve_types(cls)
    return tuple(f for f in attrs.fields(cls) if not f.metadata.get("derived"))


def _union_members(hint: object) -> tuple[object, ...] | None:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return typing.get_args(hint)
    return None


def _build_dumper(hint: object) -> _Dump:
    if hint in (int, str, bool, type(None)):
        return lambda v: v  # a JSON scalar already
    if hint is Fraction:
        return str
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda v: v.value  # enum values are JSON scalars
    members = _union_members(hint)
    if members is not None:
        classes = [m for m in members if isinstance(m, type) and attrs.has(m)]
        if len(classes) > 1:
            by_type = {m: _dumper(m) for m in members}

            def dump_union(v: Any) -> JSONValue:
                out = by_type[type(v)](v)
                if isinstance(out, dict):
                    return {"type": type(v).__name__, **out}
                return out

            return dump_union
        optional = [m for m in members if m is not type(None)]
        if len(optional) == 1:
            inner = _dumper(optional[0])
            return lambda v: None if v is None else inner(v)
        raise TypeError(f"unsupported union {hint!r}")
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _dumper(args[0])
            return lambda v: [item(x) for x in v]
        items = [_dumper(a) for a in args]
        return lambda v: [d(x) for d, x in zip(items, v, strict=True)]
    if origin is frozenset:
        item = _dumper(args[0])
        return lambda v: sorted((item(x) for x in v), key=json.dumps)
    if isinstance(hint, type) and attrs.has(hint):
        fields = [(f.name, _dumper(f.type)) for f in _fields(hint)]
        return lambda v: {name: d(getattr(v, name)) for name, d in fields}
    raise TypeError(f"unsupported type {hint!r}")


def _dumper(hint: object) -> _Dump:
    dump = _dumpers.get(hint)
    if dump is None:
        dump = _dumpers[hint] = _build_dumper(hint)
    return dump


def _scalar(kind: type, name: str) -> _Load:
    def load(data: JSONValue, path: str) -> Any:
        if type(data) is not kind:
            _fail(path, f"expected {name}, got {_type_name(data)}")
        return data

    return load


_load_int = _scalar(int, "an integer")
_load_str = _scalar(str, "a string")
_load_bool = _scalar(bool, "a boolean")


def _load_none(data: JSONValue, path: str) -> None:
    if data is not None:
        _fail(path, f"expected null, got {_type_name(data)}")


def _load_fraction(data: JSONValue, path: str) -> Fraction:
    if type(data) is not str:
        _fail(path, f"expected a fraction as a string such as '1/6', got {_type_name(data)}")
    try:
        return Fraction(data)
    except (ValueError, ZeroDivisionError):
        _fail(path, f"{data!r} is not a fraction")


def _union_loader(hint: object, members: tuple[object, ...]) -> _Load:
    classes = {m.__name__: m for m in members if isinstance(m, type) and attrs.has(m)}
    if len(classes) > 1:
        loaders = {name: _loader(cls) for name, cls in classes.items()}
        nullable = type(None) in members

        def load_union(data: JSONValue, path: str) -> Any:
            if data is None and nullable:
                return None
            if not isinstance(data, dict):
                _fail(path, f"expected an object, got {_type_name(data)}")
            tag = data.get("type")
            if not isinstance(tag, str) or tag not in loaders:
                _fail(path, f"unknown type {tag!r}; expected one of {', '.join(loaders)}")
            rest = {k: v for k, v in data.items() if k != "type"}
            return loaders[tag](rest, path)

        return load_union
    optional = [m for m in members if m is not type(None)]
    if len(optional) == 1:
        inner = _loader(optional[0])
        return lambda data, path: None if data is None else inner(data, path)
    raise TypeError(f"unsupported union {hint!r}")


def _build_loader(hint: object) -> _Load:
    simple: dict[object, _Load] = {
        int: _load_int, str: _load_str, bool: _load_bool, type(None): _load_none,
        Fraction: _load_fraction,
    }
    if hint in simple:
        return simple[hint]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        enum_cls: type[enum.Enum] = hint
        by_value = {m.value: m for m in enum_cls}

        def load_enum(data: JSONValue, path: str) -> enum.Enum:
            if isinstance(data, bool) or not isinstance(data, str | int):
                _fail(path, f"expected one of {sorted(map(str, by_value))}, got {_type_name(data)}")
            try:
                return by_value[data]
            except KeyError:
                _fail(path, f"unknown {enum_cls.__name__} {data!r}; expected one of "
                      f"{', '.join(map(str, by_value))}")

        return load_enum
    members = _union_members(hint)
    if members is not None:
        return _union_loader(hint, members)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _loader(args[0])

            def load_tuple(data: JSONValue, path: str) -> tuple[Any, ...]:
                if not isinstance(data, list):
                    _fail(path, f"expected an array, got {_type_name(data)}")
                return tuple(item(x, f"{path}[{i}]") for i, x in enumerate(data))

            return load_tuple
        items = [_loader(a) for a in args]

        def load_fixed(data: JSONValue, path: str) -> tuple[Any, ...]:
            if not isinstance(data, list) or len(data) != len(items):
                _fail(path, f"expected an array of {len(items)} items")
            pairs = enumerate(zip(items, data, strict=True))
            return tuple(f(x, f"{path}[{i}]") for i, (f, x) in pairs)

        return load_fixed
    if origin is frozenset:
        item = _loader(args[0])

        def load_set(data: JSONValue, path: str) -> frozenset[Any]:
            if not isinstance(data, list):
                _fail(path, f"expected an array, got {_type_name(data)}")
            out = frozenset(item(x, f"{path}[{i}]") for i, x in enumerate(data))
            if len(out) != len(data):
                _fail(path, "repeated item in a set")
            return out

        return load_set
    if isinstance(hint, type) and attrs.has(hint):
        return _class_loader(hint)
    raise TypeError(f"unsupported type {hint!r}")


def _class_loader(cls: type) -> _Load:
    fields = _fields(cls)
    loaders = {f.name: (_loader(f.type), f.default is not attrs.NOTHING) for f in fields}

    def load_class(data: JSONValue, path: str) -> Any:
        if not isinstance(data, dict):
            _fail(path, f"expected an object, got {_type_name(data)}")
        unknown = sorted(set(data) - set(loaders))
        if unknown:
            _fail(path, f"unknown field(s) {', '.join(map(repr, unknown))} for {cls.__name__}")
        kwargs = {}
        for name, (load, optional) in loaders.items():
            if name in data:
                kwargs[name] = load(data[name], f"{path}.{name}")
            elif not optional:
                _fail(path, f"missing field {name!r} of {cls.__name__}")
        try:
            return cls(**kwargs)
        except InvalidOptionsError:
            raise
        except (BoardrulesError, ValueError, TypeError) as exc:
            _fail(path, str(exc))

    return load_class


def _loader(hint: object) -> _Load:
    load = _loaders.get(hint)
    if load is None:
        load = _loaders[hint] = _build_loader(hint)
    return load


def unstructure(value: object, hint: object = None) -> JSONValue:
    """Return the JSON data of `value` read as type `hint` (default: its own class)."""
    return _dumper(type(value) if hint is None else hint)(value)


def structure(data: JSONValue, hint: type[T], path: str = "data") -> T:
    """Build a value of type `hint` from JSON data, strictly; raise `InvalidStateError`."""
    return typing.cast(T, _loader(hint)(data, path))


def _action_union(game: Any) -> object:
    return typing.Union[tuple(game.ACTION_TYPES)]  # noqa: UP007 - a union built at run time


def to_data(obj: object) -> dict[str, JSONValue]:
    """Return the JSON envelope of a state, action, observation, options or record."""
    from boardrules.games import game_of
    from boardrules.records import Record

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
    from boardrules.games import GAMES
    from boardrules.records import Record

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
        obj = _loader(_action_union(game))(payload, "action")
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
