"""Strict conversion between attrs classes and JSON values (private; the public names are
re-exported by `boardrules.serialization`).

The ``data`` of an attrs class is an object of its fields; tuples are lists, enums their
values, fractions strings such as ``"1/6"``, and a value whose type is a union of several
classes (an action) carries its class name under ``"type"``; ``X | None`` is ``null`` or the
value of ``X``. Loading is strict: unknown or missing fields, a wrong type anywhere (a bool
where a number belongs included) or an unknown enum value raise `InvalidStateError` naming
the path of the problem.
"""


from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeAlias, TypeVar

import attrs

from boardrules.errors import BoardrulesError, InvalidOptionsError, InvalidStateError, quote

__all__ = ["Codec", "JSONValue", "structure", "unstructure"]

JSONValue: TypeAlias = (
    bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
)
"""A value `json.dumps` can write."""

T = TypeVar("T")

_Dump: TypeAlias = Callable[[Any], JSONValue]
_Load: TypeAlias = Callable[[JSONValue, str], Any]



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
        _fail(path, f"{quote(data)} is not a fraction")


class Codec:
    """Converters between the types of one document and JSON data, built as needed.

    A converter is built once per type a codec meets and kept by the codec, so a document
    with a hundred cards builds the card's converter once. `unstructure` and `structure`
    use a new codec for every call; hold one to convert many values of the same types.
    """

    __slots__ = ("_dumpers", "_loaders")

    def __init__(self) -> None:
        self._dumpers: dict[object, _Dump] = {}
        self._loaders: dict[object, _Load] = {}

    def _build_dumper(self, hint: object) -> _Dump:
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
                # each member's dumper is built when first met
                kinds = frozenset(m for m in members if isinstance(m, type))

                def dump_union(v: Any) -> JSONValue:
                    if type(v) not in kinds:
                        raise TypeError(f"{type(v).__name__} is not one of {hint!r}")
                    out = self.dumper(type(v))(v)
                    if isinstance(out, dict):
                        return {"type": type(v).__name__, **out}
                    return out

                return dump_union
            optional = [m for m in members if m is not type(None)]
            if len(optional) == 1:
                inner = self.dumper(optional[0])
                return lambda v: None if v is None else inner(v)
            raise TypeError(f"unsupported union {hint!r}")
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.dumper(args[0])
                return lambda v: [item(x) for x in v]
            items = [self.dumper(a) for a in args]
            return lambda v: [d(x) for d, x in zip(items, v, strict=True)]
        if origin is frozenset:
            item = self.dumper(args[0])
            return lambda v: sorted((item(x) for x in v), key=json.dumps)
        if isinstance(hint, type) and attrs.has(hint):
            fields = [(f.name, self.dumper(f.type)) for f in _fields(hint)]
            return lambda v: {name: d(getattr(v, name)) for name, d in fields}
        raise TypeError(f"unsupported type {hint!r}")


    def dumper(self, hint: object) -> _Dump:
        """Return the function writing a value of type `hint` as JSON data."""
        dump = self._dumpers.get(hint)
        if dump is None:
            dump = self._dumpers[hint] = self._build_dumper(hint)
        return dump

    def _union_loader(self, hint: object, members: tuple[object, ...]) -> _Load:
        classes = {m.__name__: m for m in members if isinstance(m, type) and attrs.has(m)}
        if len(classes) > 1:
            loader = self.loader  # each member's loader is built when first met
            nullable = type(None) in members

            def load_union(data: JSONValue, path: str) -> Any:
                if data is None and nullable:
                    return None
                if not isinstance(data, dict):
                    _fail(path, f"expected an object, got {_type_name(data)}")
                tag = data.get("type")
                if not isinstance(tag, str) or tag not in classes:
                    _fail(path, f"unknown type {quote(tag)}; expected one of {', '.join(classes)}")
                rest = {k: v for k, v in data.items() if k != "type"}
                return loader(classes[tag])(rest, path)

            return load_union
        optional = [m for m in members if m is not type(None)]
        if len(optional) == 1:
            inner = self.loader(optional[0])
            return lambda data, path: None if data is None else inner(data, path)
        raise TypeError(f"unsupported union {hint!r}")


    def _build_loader(self, hint: object) -> _Load:
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
                    _fail(path, f"expected one of {sorted(map(str, by_value))}, "
                          f"got {_type_name(data)}")
                try:
                    return by_value[data]
                except KeyError:
                    _fail(path, f"unknown {enum_cls.__name__} {quote(data)}; expected one of "
                          f"{', '.join(map(str, by_value))}")

            return load_enum
        members = _union_members(hint)
        if members is not None:
            return self._union_loader(hint, members)
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.loader(args[0])

                def load_tuple(data: JSONValue, path: str) -> tuple[Any, ...]:
                    if not isinstance(data, list):
                        _fail(path, f"expected an array, got {_type_name(data)}")
                    return tuple(item(x, f"{path}[{i}]") for i, x in enumerate(data))

                return load_tuple
            items = [self.loader(a) for a in args]

            def load_fixed(data: JSONValue, path: str) -> tuple[Any, ...]:
                if not isinstance(data, list) or len(data) != len(items):
                    _fail(path, f"expected an array of {len(items)} items")
                pairs = enumerate(zip(items, data, strict=True))
                return tuple(f(x, f"{path}[{i}]") for i, (f, x) in pairs)

            return load_fixed
        if origin is frozenset:
            item = self.loader(args[0])

            def load_set(data: JSONValue, path: str) -> frozenset[Any]:
                if not isinstance(data, list):
                    _fail(path, f"expected an array, got {_type_name(data)}")
                out = frozenset(item(x, f"{path}[{i}]") for i, x in enumerate(data))
                if len(out) != len(data):
                    _fail(path, "repeated item in a set")
                return out

            return load_set
        if isinstance(hint, type) and attrs.has(hint):
            return self._class_loader(hint)
        raise TypeError(f"unsupported type {hint!r}")


    def _class_loader(self, cls: type) -> _Load:
        fields = _fields(cls)
        loaders = {f.name: (self.loader(f.type), f.default is not attrs.NOTHING)
                   for f in fields}

        def load_class(data: JSONValue, path: str) -> Any:
            if not isinstance(data, dict):
                _fail(path, f"expected an object, got {_type_name(data)}")
            unknown = sorted(set(data) - set(loaders))
            if unknown:
                _fail(path, f"unknown field(s) {quote(', '.join(map(repr, unknown)))} for "
                      f"{cls.__name__}")
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


    def loader(self, hint: object) -> _Load:
        """Return the function reading JSON data as a value of type `hint`, strictly."""
        load = self._loaders.get(hint)
        if load is None:
            load = self._loaders[hint] = self._build_loader(hint)
        return load


def unstructure(value: object, hint: object = None) -> JSONValue:
    """Return the JSON data of `value` read as type `hint` (default: its own class)."""
    return Codec().dumper(type(value) if hint is None else hint)(value)


def structure(data: JSONValue, hint: type[T], path: str = "data") -> T:
    """Build a value of type `hint` from JSON data, strictly; raise `InvalidStateError`."""
    return typing.cast(T, Codec().loader(hint)(data, path))


