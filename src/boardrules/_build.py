"""Fast construction of frozen attrs states and dispatch of actions, for the games' hot
paths (private).

Bots build millions of successor states. attrs' frozen ``__init__`` stores each field
through ``object.__setattr__``, which looks the name up on every call; `slot_builder`
generates, once per class, a function that calls each slot's descriptor directly and is
about 40 % cheaper. The object it builds is exactly the one ``cls(...)`` builds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import attrs

__all__ = ["slot_builder", "step_of_subclass"]

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
    if not attrs.has(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a slotted attrs class")
    if hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} has an init hook")
    fields = attrs.fields(cls)
    for f in fields:
        if not f.init or f.default is not attrs.NOTHING or f.validator is not None or \
                f.converter is not None or f.on_setattr is not None:
            raise TypeError(f"{cls.__name__}.{f.name} is not a plain field")
    names = [f.name for f in fields]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    scope.update({f"_set_{n}": getattr(cls, n).__set__ for n in names})
    body = "".join(f"    _set_{n}(obj, {n})\n" for n in names)
    exec(f"def build({', '.join(names)}):\n    obj = _new(_cls)\n{body}    return obj\n",
         scope)
    build = scope["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    return build  # type: ignore[no-any-return]


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
