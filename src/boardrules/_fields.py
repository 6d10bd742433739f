"""Field helpers for the games' attrs classes (private): exact field types for actions,
and fields derived from the others.

Actions are compared by value, and ``1.0 == 1 == True`` in Python: without a check,
``Draw(card=1.0)`` would pass as the legal ``Draw(card=1)`` and put a float into the
state, which no JSON document could then describe. `exact_fields` makes such an action
impossible to build: each field must hold exactly its annotated type (``bool`` is not an
``int`` here). Actions are prebuilt and shared, so the check costs nothing on the hot
paths of `apply` and `legal_actions`.

A *derived* field (`DERIVED` metadata) is computed from the other fields: lookup tables
of the options, the free cards of a sequence. It is neither serialized to JSON nor
pickled: `rebuilt_from_init` makes a class pickle and copy as the call that built it,
so the derived fields are computed again (from a cache where the game keeps one).

This module sits below every game and below the JSON codec, so that game modules and
`boardrules.serialization` can both import it without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar, get_origin

import attrs

from boardrules.errors import InvalidStateError, quote

__all__ = ["DERIVED", "exact_fields", "rebuilt_from_init"]

_C = TypeVar("_C")

DERIVED: Final[Mapping[str, bool]] = MappingProxyType({"derived": True})
"""Field metadata: the field is computed from the others; it is not serialized or pickled."""


def _reduce_by_init(self: Any) -> tuple[type, tuple[object, ...]]:
    cls = type(self)
    return cls, tuple(getattr(self, f.name) for f in attrs.fields(cls) if f.init)


def rebuilt_from_init(cls: type[_C]) -> type[_C]:
    """Make an attrs class (decorated *above* ``@attrs.frozen``) pickle and copy as a call
    of the class with its init fields, so that its derived fields are computed again.

    The derived fields are lookup tables (KIVI's board layout holds read-only mappings,
    which do not pickle at all); rebuilding them also keeps a pickle small and lets the
    game's cache share them again. Init fields must be positional (attrs' field order).
    """
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cls)  # type: ignore[arg-type]
    if any(f.init and f.kw_only for f in fields):
        raise TypeError(f"{cls.__name__} has keyword-only fields")
    cls.__reduce__ = _reduce_by_init  # type: ignore[method-assign]
    return cls


def _tuple_of_ints(value: object) -> bool:
    return type(value) is tuple and all(type(v) is int for v in value)


_CHECKS: Final[dict[str, tuple[str, Callable[[object], bool]]]] = {
    "int": ("a whole number", lambda v: type(v) is int),
    "str": ("a string", lambda v: type(v) is str),
    "bool": ("true or false", lambda v: type(v) is bool),
    "int | None": ("a whole number or None", lambda v: v is None or type(v) is int),
    "tuple[int, ...]": ("a tuple of whole numbers", _tuple_of_ints),
}
"""What each annotation admits: a description for the error, and the test."""

def _spelling(annotation: object) -> str:
    """Return an annotation as source text: the string itself (``from __future__ import
    annotations``), or the resolved type spelled the same way (`attrs.resolve_types`, which
    the JSON codec calls, replaces the strings with types)."""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, type) and get_origin(annotation) is None:
        return annotation.__name__
    return repr(annotation)  # int | None, tuple[int, ...]


def _plan(cls: type) -> tuple[tuple[str, str, Callable[[object], bool]], ...]:
    plan = []
    for field in attrs.fields(cls):
        annotation = _spelling(field.type)
        if annotation not in _CHECKS:
            if field.converter is not None:
                continue  # the converter yields its own type (an enum member) or refuses
            raise TypeError(f"{cls.__name__}.{field.name}: no exact check for {annotation!r}")
        what, test = _CHECKS[annotation]
        plan.append((field.name, what, test))
    return tuple(plan)


def exact_fields(cls: type[_C]) -> type[_C]:
    """Give an action class (decorated *below* ``@attrs.frozen``) a check that every field
    holds exactly its annotated type; building one otherwise raises `InvalidStateError`.

    A converted field is checked after conversion; one whose annotation the check does
    not know (an enum) is left to its converter. Any other unknown annotation raises
    `TypeError` at the first construction, so a new field type cannot slip through.
    """
    plan: tuple[tuple[str, str, Callable[[object], bool]], ...] | None = None

    def __attrs_post_init__(self: Any) -> None:
        nonlocal plan
        if plan is None:  # the fields exist once attrs has built the class
            plan = _plan(type(self))
        for name, what, test in plan:
            value = getattr(self, name)
            if not test(value):
                raise InvalidStateError(
                    f"{type(self).__name__}.{name} must be {what}, not {quote(value)}")

    cls.__attrs_post_init__ = __attrs_post_init__  # type: ignore[attr-defined]
    return cls
