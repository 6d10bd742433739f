"""The typed errors of boardrules.

Every error the library raises on purpose derives from `BoardrulesError`, and the
ones caused by bad input also derive from `ValueError`, so callers may catch either.
A message quotes at most `QUOTE_LIMIT` characters of the input it refuses (`quote`).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "QUOTE_LIMIT",
    "BoardrulesError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "InvalidStateError",
    "UnknownActionError",
    "WrongGameError",
    "quote",
]

QUOTE_LIMIT: Final = 200
"""The most characters of a refused input an error message quotes."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Return `value` as an error message quotes it: its ``repr``, the text of a string
    cut to its first `limit` characters (a megabyte of input makes no megabyte message).

    >>> quote("a1"), quote(12)
    ("'a1'", '12')
    >>> quote("x" * 1000, 5)
    "'xxxxx'… (1,000 characters)"
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # anything refused must still be named, not crash
        text = object.__repr__(value)
    return _cut(text, limit)


def _cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    return text if len(text) <= limit else f"{text[:limit]}…"


class BoardrulesError(Exception):
    """Base class of every error raised by boardrules on purpose."""


class IllegalActionError(BoardrulesError, ValueError):
    """An action that is not legal in the state it was applied to.

    The state is never changed: `state` is the very object that was passed to `apply`.
    """

    state: object
    """The unchanged state the action was applied to."""
    action: object
    """The refused action."""
    reason: str
    """Why the action is illegal, in words."""
    rule: str
    """The id of the rule that forbids it (for example ``"K7"``), or ``""`` for the contract."""

    def __init__(self, state: object, action: object, reason: str, rule: str = "") -> None:
        self.state = state
        self.action = action
        self.reason = reason
        self.rule = rule
        where = f" ({rule})" if rule else ""
        try:
            text = str(action)
        except Exception:  # anything passed as an action must still be refused, not crash
            text = object.__repr__(action)
        super().__init__(f"illegal action {_cut(text)}: {reason}{where}")


class InvalidNotationError(BoardrulesError, ValueError):
    """A text that is not the notation of any action of the game."""

    text: str
    """The text that could not be read."""

    def __init__(self, text: str, problem: str) -> None:
        self.text = text
        super().__init__(f"cannot read action {quote(text)}: {problem}")


class InvalidStateError(BoardrulesError, ValueError):
    """Data that does not describe a possible state (or action, observation, record).

    Raised when loading JSON or other untrusted data; the message names the field
    (as a path such as ``state.cells[12]``) and the problem.
    """


class UnknownActionError(BoardrulesError, ValueError):
    """An object or index that is no action (or chance outcome) of an action space.

    Raised by `boardrules.numeric.spaces.ActionSpace` for an object of another game or
    configuration, or an index out of range.
    """

    value: object
    """The object or index that was looked up."""

    def __init__(self, value: object, problem: str) -> None:
        self.value = value
        super().__init__(f"{quote(value)}: {problem}")


class InvalidOptionsError(BoardrulesError, ValueError):
    """Game options with an invalid value; the message names the option."""

    option: str
    """The name of the offending option."""

    def __init__(self, option: str, problem: str) -> None:
        self.option = option
        super().__init__(f"invalid option {option!r}: {problem}")


class InvalidArgumentError(BoardrulesError, ValueError):
    """An argument a function cannot take: a player who is not at the table, a picture
    size below one pixel, the name of no registered game, a state that is not a chance
    node given to `sample_chance`."""


class WrongGameError(InvalidArgumentError, TypeError):
    """An object of another game (or of no game) where a game's own belongs: a KIVI
    state given to ``whales_rivals.legal_actions``, a Lustry action as a picture's
    ``last_move``. The message names the function and both games, for example
    ``whales_rivals.legal_actions: expected a whales_rivals.State, got a kivi.State``.

    Also a `TypeError` (the argument is of the wrong class) and, like every refusal of
    bad input, a `ValueError`.
    """
