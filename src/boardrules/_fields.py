"""Exact field types for action classes (private).

Actions are compared by value, and ``1.0 == 1 == True`` in Python: without a check,
``Draw(card=1.0)`` would pass as the legal ``Draw(card=1)`` and put a float into the
state, which no JSON document could then describe. `exact_fields` makes such an action
impossible to build: each field must hold exactly its annotated type (``bool`` is not an
``int`` here). Actions are prebuilt and shared, so the check costs nothing on the hot
paths of `apply` and `legal_actions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, get_origin

import attrs

from boardrules.errors import InvalidStateError

__all__ = ["exact_fields"]

_C = TypeVar("_C")


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

_PLAN: dict[type, tuple[tuple[str, str, Callable[[object], bool]], ...]] = {}
"""Per class: (field, description, test) for every checked field."""


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


def _check(self: Any) -> None:
    cls = type(self)
    plan = _PLAN.get(cls)
    if plan is None:
        plan = _PLAN[cls] = _plan(cls)
    for name, what, test in plan:
        value = getattr(self, name)
        if not test(value):
            raise InvalidStateError(f"{cls.__name__}.{name} must be {what}, not {value!r}")


def exact_fields(cls: type[_C]) -> type[_C]:
    """Give an action class (decorated *below* ``@attrs.frozen``) a check that every field
    holds exactly its annotated type; building one otherwise raises `InvalidStateError`.

    A converted field is checked after conversion; one whose annotation the check does
    not know (an enum) is left to its converter. Any other unknown annotation raises
    `TypeError` at the first construction, so a new field type cannot slip through.
    """
    cls.__attrs_post_init__ = _check  # type: ignore[attr-defined]
    return cls
