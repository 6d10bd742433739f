"""The typed errors of boardrules.

Every error the library raises on purpose derives from `BoardrulesError`, and the
ones caused by bad input also derive from `ValueError`, so callers may catch either.
"""

from __future__ import annotations

__all__ = [
    "BoardrulesError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "InvalidStateError",
    "UnknownActionError",
]


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
        super().__init__(f"illegal action {text}: {reason}{where}")


class InvalidNotationError(BoardrulesError, ValueError):
    """A text that is not the notation of any action of the game."""

    text: str
    """The text that could not be read."""

    def __init__(self, text: str, problem: str) -> None:
        self.text = text
        super().__init__(f"cannot read action {text!r}: {problem}")


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
        try:
            text = repr(value)
        except Exception:  # anything passed must still be refused, not crash
            text = object.__repr__(value)
        super().__init__(f"{text:.200}: {problem}")


class InvalidOptionsError(BoardrulesError, ValueError):
    """Game options with an invalid value; the message names the option."""

    option: str
    """The name of the offending option."""

    def __init__(self, option: str, problem: str) -> None:
        self.option = option
        super().__init__(f"invalid option {option!r}: {problem}")
