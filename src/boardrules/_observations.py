"""Shared pieces of the games' observation validators (private).

An observation is valid when some state the rules can reach shows exactly it to its
observer. A game proves that by building a *witness*: the observation's visible parts
as they are, every hidden card filled in from what the components leave unaccounted
for, in an order chosen so that the witness is possible whenever any state with this
view is. Then the game's own `validate_state` judges the witness (the rules are not
written twice), and `observe(witness, player)` must give back the observation itself
(nothing shown that the observer could not see, nothing hidden that they would see,
piles in the order `observe` writes them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, NoReturn, TypeVar

import attrs

from boardrules.errors import InvalidStateError

__all__ = [
    "check_count", "check_witness", "first_difference", "refuse", "remainder", "restate", "seat",
]

_S = TypeVar("_S")
_O = TypeVar("_O")


def refuse(path: str, problem: str) -> NoReturn:
    """Raise `InvalidStateError` for the observation part at `path`."""
    raise InvalidStateError(f"{path}: {problem}")


def restate(exc: InvalidStateError, path: str) -> InvalidStateError:
    """Return `exc`, a complaint about a state, as one about the observation at `path`.

    ``"state: pack 2: ..."`` becomes ``"observation: pack 2: ..."``.
    """
    text = str(exc)
    for prefix in ("state: ", "state"):
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    sep = "" if text.startswith((".", "[")) else ": "
    return InvalidStateError(f"{path}{sep}{text}")


def seat(player: object, players: int, path: str = "observation.player") -> None:
    """Refuse an observer who is neither a seat of a `players`-player game nor ``None``."""
    if player is not None and (type(player) is not int or not 0 <= player < players):
        refuse(path, f"no player {player!r} in a {players}-player game (None: a spectator)")


def check_count(value: int, most: int, path: str) -> None:
    """Refuse a count outside ``0 .. most`` (before anything is built from it)."""
    if not 0 <= value <= most:
        refuse(path, f"expected 0 to {most}, got {value}")


def remainder(whole: Iterable[_S], known: Iterable[_S], path: str, what: str) -> list[_S]:
    """Return the components of `whole` not among `known`, sorted; refuse extra ones.

    `whole` is a multiset of every component of a kind (a player's 21 cards, the grey
    cards); `known` those the observation shows. Components shown more often than they
    exist mean no state shows this.
    """
    rest = Counter(whole)
    rest.subtract(known)
    extra = sorted((-rest).elements())  # type: ignore[type-var]  # components are sortable
    if extra:
        refuse(path, f"shows {extra} more often than {what} hold them")
    return sorted(rest.elements())  # type: ignore[type-var]


def first_difference(got: object, expected: object, path: str) -> tuple[str, object, object] | None:
    """Return the first place where two observations differ: its path and both values."""
    if type(got) is not type(expected):
        return (path, got, expected)
    if attrs.has(type(got)):
        cls: Any = type(got)  # an attrs class, as attrs.has just said
        fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cls)
        for field in fields:
            if not field.eq:  # derived tables, equal when the fields they derive from are
                continue
            found = first_difference(getattr(got, field.name), getattr(expected, field.name),
                                     f"{path}.{field.name}")
            if found is not None:
                return found
        return None
    if isinstance(got, tuple) and isinstance(expected, tuple):
        for i, (a, b) in enumerate(zip(got, expected, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
        if len(got) != len(expected):
            return (path, got, expected)
        return None
    return None if got == expected else (path, got, expected)


def check_witness(
    validate_state: Callable[[_S], None],
    observe: Callable[[_S, Any], _O],
    witness: _S,
    observation: _O,
    *,
    player: int | None,
    path: str = "observation",
) -> None:
    """Refuse `observation` unless `witness` is a possible state showing it to `player`.

    The witness was built so that it is possible whenever any state with this view is;
    so a witness that `validate_state` refuses means no state shows the observation, and
    the state's complaint is the observation's. A witness that shows `player` something
    else means the observation shows what the observer cannot see, or hides what they
    would see: the first such place is named.
    """
    try:
        validate_state(witness)
    except InvalidStateError as exc:
        raise restate(exc, path) from None
    found = first_difference(observation, observe(witness, player), path)
    if found is not None:
        where, got, expected = found
        refuse(where, f"{_short(got)} is not what the observer sees of any possible state with "
               f"the rest of this observation (that shows {_short(expected)} here)")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
