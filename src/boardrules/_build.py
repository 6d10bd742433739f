"""Fast construction of frozen attrs states and dispatch of actions, for the games' hot
paths (private).

Bots build millions of successor states. attrs' frozen ``__init__`` stores each field
through ``object.__setattr__``, a call through a method wrapper per field, because the
class's own ``__setattr__`` refuses every assignment. `slot_builder` generates, once per
class, a function that builds the object as an instance of a private subclass that adds
nothing but the plain ``__setattr__`` of `object` (so each field is one ordinary slot
store, which the interpreter specialises), then gives it its real class: about three
times cheaper than ``cls(...)`` for a state of 15 fields. The object it returns is exactly
the one ``cls(...)`` builds; no instance of the subclass ever leaves the function.

A call naming more than 15 arguments is compiled into a dict and a call through it
(CPython keeps a call's stack use under 30 entries), which costs about eight times a call
naming 15. `successor_builder` builds a successor state from its predecessor and the
fields that change, named: the call stays short, and the rest is copied slot by slot.
`changer` does the same for a fixed set of fields, each required and named (keyword-only):
a transition that always changes the same fields skips the test of every field for a
change. (Keep a changer to at most 14 fields, or its calls go through a dict too.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import attrs

__all__ = ["changer", "slot_builder", "step_of_subclass", "successor_builder"]

_C = TypeVar("_C")
_S = TypeVar("_S")


def slot_builder(cls: type[_C]) -> type[_C]:
    """Return a function that builds a `cls` from its fields, in order, like ``cls(...)``.

    The class must be an attrs class with slots whose every field is set from its
    argument: no default, validator, converter, ``on_setattr`` or pre/post-init hook.
    This is checked here (`TypeError` otherwise), so that a later change to the class
    cannot be skipped silently. The result is typed as the class so that mypy checks
    calls against its ``__init__``; it is only ever called, never used as a type.

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> build = slot_builder(Point)
    >>> build(1, 2) == Point(1, 2), build(x=1, y=2)
    (True, Point(x=1, y=2))
    """
    names = _checked_fields(cls)
    body = "".join(f"    obj.{n} = {n}\n" for n in names)
    return _compiled(cls, "build", (  # type: ignore[no-any-return]
        f"def build({', '.join(names)}):\n    obj = _new(_building)\n{body}"
        "    obj.__class__ = _cls\n    return obj\n"))


def _checked_fields(cls: type) -> list[str]:
    """Return the names of `cls`'s fields, in order, after checking that a builder may set
    them (see `slot_builder`)."""
    if not attrs.has(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    if hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} has an init hook")
    fields = attrs.fields(cls)
    for f in fields:
        if not f.init or f.default is not attrs.NOTHING or f.validator is not None or \
                f.converter is not None or f.on_setattr is not None:
            raise TypeError(f"{cls.__name__}.{f.name} is not a plain field")
    return [f.name for f in fields]


def _compiled(cls: type, name: str, source: str) -> Any:
    """Compile `source`, which defines `build` storing into ``obj``, for `cls`."""
    # The same layout as `cls` (no slot of its own), so `__class__` may be set to `cls`;
    # both hooks of the setattr slot are object's, so stores take the interpreter's fast path.
    building = type(f"_Building{cls.__name__}", (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__, "__module__": cls.__module__,
    })
    scope: dict[str, Any] = {"_new": object.__new__, "_building": building, "_cls": cls,
                             "_KEEP": _KEEP}
    exec(source, scope)
    build = scope["build"]
    build.__qualname__ = build.__name__ = f"{name}_{cls.__name__}"
    return build


_KEEP: Final = object()
"""The default of a successor builder's field: the predecessor's value."""


def successor_builder(cls: type[_C]) -> Callable[..., _C]:
    """Return a function building a `cls` from another and the fields that change, named:
    ``build(old, field=value, ...)`` is ``attrs.evolve(old, field=value, ...)``.

    The class must qualify for `slot_builder` (checked). A name that is no field raises
    `TypeError`, as in `attrs.evolve`.

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> successor_builder(Point)(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    names = _checked_fields(cls)
    body = "".join(f"    obj.{n} = old.{n} if {n} is _KEEP else {n}\n" for n in names)
    # The fields take defaults as positional parameters (keyword-only ones cost a dict
    # lookup each when missing); `_positional` catches a change passed by position.
    return _compiled(cls, "successor", (  # type: ignore[no-any-return]
        f"def build(old, _positional=_KEEP, /, {', '.join(f'{n}=_KEEP' for n in names)}):\n"
        "    if _positional is not _KEEP:\n"
        "        raise TypeError('a successor takes the fields that change by name')\n"
        f"    obj = _new(_building)\n{body}    obj.__class__ = _cls\n    return obj\n"))


def changer(cls: type[_C], *changed: str) -> Callable[..., _C]:
    """Return a function building a `cls` from another and new values of the fields
    `changed`, each required and named: ``build(old, x=a, y=b)`` is
    ``attrs.evolve(old, x=a, y=b)`` for ``changer(cls, "x", "y")``.

    The class must qualify for `slot_builder` (checked), and `changed` must name its
    fields, each once (`TypeError` otherwise).

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> changer(Point, "y")(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    names = _checked_fields(cls)
    if not changed or len(set(changed)) != len(changed) or not set(changed) <= set(names):
        raise TypeError(f"{changed} are not distinct fields of {cls.__name__}")
    body = "".join(f"    obj.{n} = {n if n in changed else 'old.' + n}\n" for n in names)
    return _compiled(cls, "change", (  # type: ignore[no-any-return]
        f"def build(old, /, *, {', '.join(changed)}):\n    obj = _new(_building)\n{body}"
        "    obj.__class__ = _cls\n    return obj\n"))


def step_of_subclass(steps: Mapping[type, _S], action: object) -> _S:
    """Return the step of the first kind in `steps` that `action` is an instance of.

    Games apply an action through a table of steps by its exact type (one dict lookup);
    this is the slow path for an instance of a subclass of an action class. Anything
    else is not an action of the game: `TypeError`.

    >>> class Move: ...
    >>> class Jump(Move): ...
    >>> step_of_subclass({Move: "move"}, Jump())
    'move'
    """
    for kind, step in steps.items():
        if isinstance(action, kind):
            return step
    raise TypeError(f"{action!r} is not an action of this game")
